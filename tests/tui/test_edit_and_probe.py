"""The reviewer's own asserts: an edit and a probe, each gated by the engine before it is stored."""

from __future__ import annotations

import pytest
from app_helpers import (
    SIZE,
    answer_dialog,
    dialog_input,
    make_app,
    on_disk,
    open_problem,
    ready,
    refusal_in_the_dialog,
    reopen,
    seat_text,
    under_review,
    wait_for,
)

from gameability_tui.tui.dialogs.confirm import ConfirmDialog
from gameability_tui.vocabulary import ACCEPTED


async def test_an_edit_replaces_the_text_with_its_own_kill_set_and_survives_a_restart(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        original = under_review(screen)
        assert original.kills  # the generated assert rejects survivors...
        visible_test = "assert max_pair_product([1, 2, 3]) == 6"  # ...a visible test rejects none
        await answer_dialog(pilot, "e", visible_test)
        await wait_for(pilot, lambda: under_review(screen).text == visible_test)
        edited = under_review(screen)
        assert edited.edited and edited.key == original.key
        assert edited.kills == ()  # measured on the edited text, not the original's
        assert visible_test in seat_text(screen) and "edited" in seat_text(screen)
        row = screen.detail.asserts.get_row(original.key)
        assert visible_test in row[2].plain and row[1] == "0/4"  # rejects 0 of the 4 survivors
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        kept = again.state.candidate("max_pair_product", original.key)
        assert kept.text == visible_test and kept.kills == ()
        # it repeats a visible test now: marked, and ranked after the asserts that add something
        assert kept.repeats == "visible" and again.state.candidates("max_pair_product")[-1] == kept


async def test_an_edit_that_fails_on_the_reference_cannot_be_accepted(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        key = under_review(screen).key
        await answer_dialog(pilot, "e", "assert max_pair_product([2, 3]) == 7")
        await wait_for(pilot, lambda: under_review(screen).edited)
        assert not under_review(screen).passes_reference
        assert "FAILS on the reference" in seat_text(screen)
        await pilot.press("a")
        assert app.state.decision("max_pair_product", key) is None  # refused


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ('print("hi")', "has no assert statement"),  # passes everywhere: would be a fix that fixes nothing
        ("assert max_pair_product([2, 3] == 6", "not valid Python"),
    ],
)
async def test_an_edit_that_is_not_a_test_is_not_run_and_comes_back_to_be_mended(tmp_path, typed, said):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        original = under_review(screen)
        await answer_dialog(pilot, "e", typed)
        await pilot.pause()
        assert (await dialog_input(pilot)).value == typed  # still open, with nothing typed lost
        assert refusal_in_the_dialog(pilot, said)
        await pilot.press("escape")
        await pilot.pause()
        assert under_review(screen) == original and not under_review(screen).edited


async def test_the_edit_dialog_opens_with_the_cursor_after_the_text_not_selecting_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        text = under_review(screen).text
        await pilot.press("e")
        field = await dialog_input(pilot)
        await pilot.press("backspace", "7")  # mend the last character: the rest stays
        assert field.value == text[:-1] + "7"


async def test_editing_a_decided_assert_asks_to_reopen_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        key = under_review(screen).key
        await pilot.press("a", "up")
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # no: nothing changes, and the reviewer is told
        assert app.state.decision("max_pair_product", key) == ACCEPTED
        assert under_review(screen).text == key
        await pilot.press("e")
        await pilot.press("y")
        new = "assert max_pair_product([2, 3, 1]) == 6"
        app.screen.query_one("#dialog-input").value = new
        await pilot.press("enter")
        await wait_for(pilot, lambda: under_review(screen).text == new)
        assert app.state.decision("max_pair_product", key) is None  # re-opened, with the new text
        assert ("max_pair_product", key) not in on_disk(tmp_path)
        await pilot.press("a")
        assert app.store.all_decisions()[("max_pair_product", key)].final_text == new
        await pilot.press("u", "u")  # the accept, then the re-opening: the old text, accepted
        assert app.store.all_decisions()[("max_pair_product", key)].final_text == key
        assert under_review(screen).text == key


async def test_an_accepted_probe_assert_is_shown_undoable_and_exported_after_a_restart(tmp_path):
    probed = "assert index_of([1, 2], 9) == -1"
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "index_of")
        before = len(app.state.candidates("index_of"))
        await answer_dialog(pilot, "p", "[1, 2], 9")
        await wait_for(pilot, lambda: len(app.state.candidates("index_of")) == before + 1)
        assert under_review(screen).text == probed  # the cursor is on the new assert
        assert "from a probe" in seat_text(screen)
        await pilot.press("a")
        await answer_dialog(pilot, "p", "[5, 6], 7")  # a second probe, left undecided
        await wait_for(pilot, lambda: len(app.state.candidates("index_of")) == before + 2)
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "index_of")
        texts = [c.text for c in again.state.candidates("index_of")]
        assert texts[before:] == [probed, "assert index_of([5, 6], 7) == -1"]
        assert again.state.decision("index_of", probed) == ACCEPTED
        assert again.state.candidate("index_of", probed).kills  # its kill set came back too
        await answer_dialog(pilot, "x", str(tmp_path / "out"))
        fixes = tmp_path / "out" / "toy-fixes.py"
        await wait_for(pilot, lambda: fixes.exists() and screen.exported)
        assert probed in fixes.read_text()
        await pilot.press("u")  # undoable after the restart
        assert again.state.decision("index_of", probed) is None


async def test_the_probe_dialog_shows_the_problems_own_arguments_as_its_example(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("p")
        assert (await dialog_input(pilot)).placeholder == "[1, 2, 3]"  # its first visible call


async def test_a_probe_the_reference_cannot_answer_says_so_rather_than_that_no_survivor_differs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await answer_dialog(pilot, "p", "[1, 2], 3")  # one argument too many
        said = lambda: [str(n.message) for n in app._notifications]  # noqa: E731
        await wait_for(pilot, lambda: any("no assert to add" in text for text in said()))
        assert any("The reference returns no value there (raises TypeError" in text for text in said())


async def test_probe_arguments_that_do_not_read_come_back_to_be_mended(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await answer_dialog(pilot, "p", ")(")
        await pilot.pause()
        assert (await dialog_input(pilot)).value == ")("  # still open, with the text as typed
        assert refusal_in_the_dialog(pilot, "not valid arguments")
