"""``e`` hands the assert to $VISUAL/$EDITOR (a fake editor script here), multi-line, with the
same checks as the inline editor on save; without an editor set, the inline one."""

from __future__ import annotations

import stat

from app_helpers import SIZE, dialog_input, make_app, open_problem, ready, seat_text, under_review, wait_for

from gameability_tui.tui.dialogs.text import TextDialog

MULTI = "xs = [1, 2, 3]\nassert max_pair_product(xs) == 6"


def fake_editor(tmp_path, *contents: str):
    """A script that writes ``contents[n]`` over the file on its n-th run, and keeps a copy of
    what it was handed each time (``seen-N.py``)."""
    for index, content in enumerate(contents):
        (tmp_path / f"content-{index}.py").write_text(content)
    script = tmp_path / "editor.sh"
    script.write_text(
        "#!/bin/sh\n"
        f'cd "{tmp_path}"\n'
        "n=$(ls seen-*.py 2>/dev/null | wc -l)\n"
        'cp "$1" "seen-$n.py"\n'
        'cp "content-$n.py" "$1"\n'
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


async def test_the_editor_gets_the_assert_and_its_multi_line_text_is_gated(tmp_path, monkeypatch):
    monkeypatch.setenv("EDITOR", "vi")  # VISUAL wins over EDITOR
    monkeypatch.setenv("VISUAL", str(fake_editor(tmp_path, MULTI)))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        original = under_review(screen)
        await pilot.press("e")
        await wait_for(pilot, lambda: app.state.candidate("max_pair_product", original.key).edited)
        edited = app.state.candidate("max_pair_product", original.key)
        assert edited.text == MULTI and edited.passes_reference and edited.kills == ()
        handed = (tmp_path / "seen-0.py").read_text()
        assert handed.splitlines()[-1] == original.text and handed.startswith("# gameability-tui: ")
        screen.go_to(
            "max_pair_product", [c.key for c in app.state.candidates("max_pair_product")].index(original.key)
        )
        await wait_for(pilot, lambda: "xs = [1, 2, 3]" in seat_text(screen))
        assert "assert max_pair_product(xs) == 6" in seat_text(screen)  # the whole text, both lines


async def test_a_refused_text_goes_back_to_the_editor_with_the_reason_on_top(tmp_path, monkeypatch):
    monkeypatch.setenv(
        "EDITOR", str(fake_editor(tmp_path, 'print("hi")', "assert max_pair_product([7, 2]) == 7"))
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        key = under_review(screen).key
        await pilot.press("e")
        await wait_for(pilot, lambda: app.state.candidate("max_pair_product", key).edited)
        second = (tmp_path / "seen-1.py").read_text().splitlines()
        assert second[0].startswith("# gameability-tui: Not run: ") and "has no assert statement" in second[0]
        assert second[-1] == 'print("hi")'  # the text as the reviewer left it, to be mended
        assert app.state.candidate("max_pair_product", key).text == "assert max_pair_product([7, 2]) == 7"
        assert not app.state.candidate("max_pair_product", key).passes_reference  # gated: 7 is wrong


async def test_without_an_editor_e_edits_inline(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("e")
        assert (await dialog_input(pilot)).value == under_review(screen).text
        assert isinstance(app.screen, TextDialog)
