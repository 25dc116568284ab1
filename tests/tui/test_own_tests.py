"""The problem's own tests beside the seat: shown as the benchmark writes them, each marked with
what the survivor under review does on it (the engine's answer), and a candidate that repeats one
of them marked and ranked last."""

from __future__ import annotations

import json

from app_helpers import SIZE, app_on_rows, open_problem, ready, seat_text, under_review, wait_for
from conftest import EXAMPLES

from gameability_tui.engine.model import Problem
from gameability_tui.tui.own_tests import CHALLENGE, VISIBLE, own_tests, repeated

CHALLENGE_TEXT = "assert max_pair_product([2, 3]) == 6"  # rejects the survivors that read arr[1] twice


def toy_row_with_challenge_tests() -> dict:
    row = json.loads(EXAMPLES.read_text().splitlines()[0])
    row["hidden"] = [CHALLENGE_TEXT, "assert max_pair_product([-5, -4, 1]) == 20"]
    return row


def test_a_repeat_is_found_whatever_its_spacing_and_the_name_the_tests_call_the_solution_by():
    problem = Problem(
        "p", "def f(x):\n    return x\n", ("assert candidate(1) == 1",), entry="f",
        hidden=("assert f( 2 )==2",), call_alias="candidate",
    )  # fmt: skip
    assert [t.kind for t in own_tests(problem)] == [VISIBLE, CHALLENGE]
    assert repeated(problem, "f", "assert f(1) == 1") == VISIBLE
    assert repeated(problem, "f", "assert f(2) == 2") == CHALLENGE
    assert repeated(problem, "f", "assert f(3) == 3") == ""


async def test_own_tests_are_shown_marked_by_the_engine_and_a_repeat_is_ranked_last(tmp_path):
    app = app_on_rows(tmp_path, [toy_row_with_challenge_tests()])
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await wait_for(pilot, lambda: "max_pair_product" in app.state.test_runs)
        # The pane shows what the survivor the seat's assert rejects first does: take an assert
        # whose first rejected survivor is #1, whatever the ranking puts first.
        rows = app.state.candidates("max_pair_product")
        first = next(i for i, row in enumerate(rows) if row.kills and min(row.kills) == 0)
        screen.go_to("max_pair_product", first)
        await wait_for(pilot, lambda: under_review(screen).key == rows[first].key)
        await pilot.pause()
        pane = screen.detail.query_one("#own-tests").plain.splitlines()
        assert pane[0].startswith("The problem's own tests · what survivor #1 does on each")
        # visible tests pass on every survivor (that is what surviving means); the challenge test
        # [2, 3] does not pass on survivor #1 (it never reads arr[0] * arr[1] right on two items)
        assert pane[1] == "passes assert max_pair_product([1, 2, 3]) == 6"
        assert pane[3] == f"fails  challenge {CHALLENGE_TEXT}"
        assert pane[4].startswith("passes challenge")
        rows = app.state.candidates("max_pair_product")
        assert rows[-1].text == CHALLENGE_TEXT and rows[-1].repeats == CHALLENGE
        assert not any(row.repeats for row in rows[:-1])
        screen.go_to("max_pair_product", len(rows) - 1)
        await wait_for(pilot, lambda: under_review(screen).text == CHALLENGE_TEXT)
        await wait_for(pilot, lambda: CHALLENGE_TEXT in seat_text(screen))
        assert "repeats a challenge test" in seat_text(screen)
        assert screen.detail.asserts.get_row(CHALLENGE_TEXT)[2].plain.startswith("= ")


async def test_a_survivor_that_loops_on_an_accepted_assert_counts_as_rejected(tmp_path):
    """One rule for a looping survivor (the harness's): the app rejects it, as the re-audit does."""
    from gameability_tui.engine.model import AuditParams, CandidateAssert, ProblemResult, Survivor
    from gameability_tui.store import ResultCache
    from gameability_tui.tui.state import FIXED

    reference = "def f(n):\n    return max(n, 0)\n"
    loops = "def f(n):\n    while n < 0:\n        pass\n    return max(n, 0)\n"  # never ends below 0
    row = {"id": "f", "reference": reference, "tests": ["assert f(3) == 3"], "entry": "f"}
    app = app_on_rows(tmp_path, [row])
    problem = app.benchmark.problems[0]
    survivor = Survivor("compare", 2, "return max(n, 0)", "while n < 0: pass", loops)
    slow_only = CandidateAssert("assert f(-1) == 0", True, ())  # the audit's gate: slow is no rejection
    result = ProblemResult("f", "ok", entry="f", n_mutants=2, n_broken=2, n_survived=1,
                           survivors=(survivor,), asserts=(slow_only,))  # fmt: skip
    cache = ResultCache(tmp_path / "cache.json")  # as a previous session left it
    cache.put(problem, AuditParams(), result)
    cache.flush()
    app = app_on_rows(tmp_path, [row])
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "f")
        await wait_for(pilot, lambda: "f" in app.state.test_runs)
        await pilot.pause()
        assert app.state.candidate("f", slow_only.text).kills == (0,)
        await pilot.press("a")
        await wait_for(pilot, lambda: app.state.status("f") == FIXED)
        assert "rejects survivor #1 of 1" in seat_text(screen)
