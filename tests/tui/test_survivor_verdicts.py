"""A verdict on a survivor: "correct per the task", with a note, on disk at once, undoable, shown
in the table, the seat, the status line, the quit summary and review.md; a problem whose
survivors are all judged correct is strong by review."""

from __future__ import annotations

import json

from app_helpers import SIZE, answer_dialog, make_app, open_problem, ready, reopen, seat_text, wait_for

from gameability_tui.tui.state import STRONG_BY_REVIEW, WEAK

PID = "index_of"  # two survivors, four candidate asserts


def survivors_on_disk(tmp_path) -> list[dict]:
    return list(json.loads((tmp_path / "decisions.json").read_text()).get("survivors", {}).values())


async def test_judging_every_survivor_correct_makes_the_problem_strong_by_review_and_undo_takes_it_back(
    tmp_path,
):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        assert app.state.status(PID) == WEAK
        await answer_dialog(pilot, "c", "the task allows either index")
        await wait_for(pilot, lambda: len(survivors_on_disk(tmp_path)) == 1)
        [row] = survivors_on_disk(tmp_path)
        assert row["problem"] == PID and row["verdict"] == "correct" and row["note"].startswith("the task")
        assert "judged correct per the task: the task allows either index" in seat_text(screen)
        # the other survivor, chosen in the survivors table
        survivors = screen.detail.query_one("#survivors")
        survivors.focus()
        judged = app.state.judged_correct(PID)
        survivors.move_cursor(row=1 - next(iter(judged)))
        await pilot.pause()
        await answer_dialog(pilot, "c", "")
        await wait_for(pilot, lambda: len(survivors_on_disk(tmp_path)) == 2)
        assert app.state.status(PID) == STRONG_BY_REVIEW
        assert "2ok" in screen.table.get_row(PID)[-1].plain
        assert "2 surv. correct" in str(screen.status.render())
        assert "2 survivors judged correct" in screen.summary()
        await pilot.press("u")
        await wait_for(pilot, lambda: len(survivors_on_disk(tmp_path)) == 1)
        assert app.state.status(PID) == WEAK and "1 survivor judged correct" in screen.summary()
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        assert len(again.state.judged_correct(PID)) == 1  # kept across a restart
        await pilot.press("u")  # and still the latest step of the history
        await wait_for(pilot, lambda: not survivors_on_disk(tmp_path))


async def test_review_md_lists_the_survivors_judged_correct_with_their_notes(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        await answer_dialog(pilot, "c", "a tie the task does not fix")
        await wait_for(pilot, lambda: len(survivors_on_disk(tmp_path)) == 1)
        await answer_dialog(pilot, "x", str(tmp_path / "out"))
        await wait_for(pilot, lambda: screen.exported)
    review = (tmp_path / "out" / "toy-review.md").read_text()
    assert "- survivors judged correct per the task: 1" in review
    section = review.split("## Survivors judged correct per the task\n\n")[1]
    assert section.startswith(f"- {PID}: #") and ": a tie the task does not fix" in section.splitlines()[0]


async def test_the_survivors_table_marks_a_judged_survivor_and_undo_takes_the_mark_away(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        await answer_dialog(pilot, "c", "")
        await wait_for(pilot, lambda: len(survivors_on_disk(tmp_path)) == 1)
        [index] = app.state.judged_correct(PID)
        table = screen.detail.query_one("#survivors")
        assert table.get_row(str(index))[0] == f"#{index + 1} ok"
        assert "->" in table.get_row(str(index))[3].plain  # the change itself still in view
        await pilot.press("u")
        await wait_for(pilot, lambda: not survivors_on_disk(tmp_path))
        await pilot.pause()
        assert table.get_row(str(index))[0] == f"#{index + 1}"


async def test_accepting_an_assert_that_rejects_a_survivor_judged_correct_says_they_contradict(tmp_path):
    """A new user's trial: `c` on a survivor, then `a` on an assert that rejects it, went unsaid."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        await answer_dialog(pilot, "c", "")  # the survivor the seat's assert rejects first
        await wait_for(pilot, lambda: len(survivors_on_disk(tmp_path)) == 1)
        judged = app.state.judged_correct(PID)
        seen = screen.detail.under_review()
        assert seen is not None and judged & set(seen[1].kills)  # the seat's assert rejects it
        await pilot.press("a")
        said = lambda: [str(n.message) for n in app._notifications]  # noqa: E731
        await wait_for(pilot, lambda: any("which you judged correct per the task" in m for m in said()))
