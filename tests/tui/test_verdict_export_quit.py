"""A problem's verdict, the export from the app, and quitting through the review's summary."""

from __future__ import annotations

from app_helpers import (
    SIZE,
    answer_dialog,
    make_app,
    open_problem,
    ready,
    reopen,
    under_review,
    wait_for,
)
from conftest import EXAMPLES

from gameability_tui.store import DecisionStore
from gameability_tui.tui.dialogs.quit import QuitDialog


async def test_verdict_dialog_preselects_the_saved_verdict_and_enter_in_the_note_saves(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "index_of")
        await pilot.press("v", "down", "enter")  # "fix"
        assert app.state.verdicts["index_of"] == ("fix", "")
        await pilot.press("v")
        dialog = app.screen
        assert dialog.query_one("#verdict-options").highlighted == 1  # the saved one
        await pilot.press("tab")
        dialog.query_one("#note").value = "tests miss the absent value"
        await pilot.press("enter")  # Enter in the note saves
        assert app.state.verdicts["index_of"] == ("fix", "tests miss the absent value")
        assert app.triage.table.get_cell("index_of", "review").plain.startswith(
            "fix "
        )  # first: never cut off
    store = DecisionStore(tmp_path / "decisions.json", "toy.jsonl")
    assert store.all_verdicts()["index_of"] == ("fix", "tests miss the absent value")


async def test_export_asks_where_and_names_the_four_files(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        first = under_review(screen).text
        await pilot.press("a")
        await pilot.press("x")
        assert app.screen.query_one("#dialog-input").value == str(tmp_path)  # the default folder
        app.screen.query_one("#dialog-input").value = str(tmp_path / "fixes")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.exported)
        names = [p.name for p in screen.exported]
        assert names == ["toy-fixes.py", "toy-patched.jsonl", "toy-review.md", "toy-fixes.diff"]
        assert all(p.exists() for p in screen.exported)
        fixes = (tmp_path / "fixes" / "toy-fixes.py").read_text()
        assert [line for line in fixes.splitlines() if line.startswith("assert")] == [first]


async def test_export_into_an_unwritable_place_says_so(tmp_path):
    (tmp_path / "a-file").write_text("")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await answer_dialog(pilot, "x", str(tmp_path / "a-file" / "out"))
        await wait_for(pilot, lambda: screen.status.message == "export failed")
        assert screen.exported == []


async def test_quitting_shows_the_summary_and_returns_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a", "r", "s")
        await pilot.press("v", "enter")
        await pilot.press("q")
        assert isinstance(app.screen, QuitDialog)
        line = screen.summary()
        offered = sum(len(app.state.candidates(pid)) for pid in app.state.results)
        decided = f"1 accepted, 1 rejected, 1 skipped, {offered - 3} undecided left of {offered}"
        assert f"{decided}; 1 verdict;" in line
        assert "not exported" in line and str(tmp_path / "decisions.json") in line
        shown = str(app.screen.query_one("#quit-summary").render())
        assert shown == line.replace("; ", "\n")  # the same, a part a line
        await pilot.press("escape")  # stay
        assert app.screen is screen
        await pilot.press("q", "enter")
    assert app.return_value == line


async def test_ctrl_q_quits_as_q_does_through_the_summary(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("escape")
        assert app.screen is screen
        line = screen.summary()
        await pilot.press("ctrl+q", "ctrl+q")  # on the summary: leave
    assert app.return_value == line


def test_export_is_offered_beside_the_benchmark_file_or_here(tmp_path, monkeypatch):
    from gameability_tui.commands.app import build_parser, export_folder

    monkeypatch.chdir(tmp_path)
    assert export_folder(build_parser().parse_args([str(EXAMPLES)])) == EXAMPLES.parent
    assert export_folder(build_parser().parse_args(["humaneval"])) == tmp_path
    data = tmp_path / "data" / "mbpp.jsonl"
    assert export_folder(build_parser().parse_args(["mbpp", "--data", str(data)])) == data.parent


async def test_a_new_decisions_database_is_named_once_not_on_every_reopen(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert any("A new decisions database: " in str(n.message) for n in app._notifications)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a")  # the file is written with the first decision
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert not any("new decisions database" in str(n.message) for n in again._notifications)


async def test_the_quit_summary_names_the_database_only_once_something_is_in_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert "no decision saved (none made)" in screen.summary()  # no file to look for yet
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a")
        assert f"decisions in {tmp_path / 'decisions.json'}" in screen.summary()
