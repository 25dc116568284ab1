"""The triage rules without a screen: filters, orders, rows, the next undecided assert."""

from __future__ import annotations

from conftest import problem

from gameability_tui.engine.model import CandidateAssert, ProblemResult
from gameability_tui.store import ACCEPTED, REJECTED, Decision
from gameability_tui.tui.state import CONFIRMED, NOT_CONFIRMED, NOT_COVERED, TriageState


def _weak(problem_id: str, survived: int, texts: list[str]) -> ProblemResult:
    asserts = tuple(CandidateAssert(text, True, (0,)) for text in texts)
    return ProblemResult(problem_id, "ok", n_mutants=9, n_broken=5, n_survived=survived, asserts=asserts)


def _state(**fields) -> TriageState:
    problems = {pid: problem(pid, "def f(x):\n    return x\n", ["assert f(1) == 1"]) for pid in "abcd"}
    state = TriageState(problems, decisions={}, verdicts={}, **fields)
    state.results = {
        "a": ProblemResult("a", "ok", n_mutants=9, n_broken=9),
        "b": _weak("b", 1, ["assert f(2) == 2", "assert f(3) == 3"]),
        "c": ProblemResult("c", "excluded:no-fresh-inputs"),
        "d": _weak("d", 3, ["assert f(4) == 4"]),
    }
    return state


def _decide(state: TriageState, problem_id: str, text: str, decision: str = ACCEPTED) -> None:
    state.decisions[(problem_id, text)] = Decision(problem_id, text, decision)


def test_filters_show_the_rows_they_name():
    state = _state()
    shown = {}
    for _ in range(4):
        shown[state.filter] = [pid for pid in state.ordered_ids() if state.visible(pid)]
        state.cycle_filter()
    assert shown == {
        "all": ["a", "b", "c", "d"],
        "weak": ["b", "d"],
        "undecided": ["b", "d"],
        "excluded": ["c"],
    }
    _decide(state, "d", "assert f(4) == 4")
    state.filter = "undecided"
    assert [pid for pid in state.ordered_ids() if state.visible(pid)] == ["b"]


def test_sorts_order_by_benchmark_survivors_and_status():
    state = _state()
    assert state.ordered_ids() == ["a", "b", "c", "d"]
    state.cycle_sort()
    assert state.ordered_ids() == ["d", "b", "a", "c"]  # most survivors first, then benchmark order
    state.cycle_sort()
    assert state.ordered_ids() == ["b", "d", "a", "c"]  # weak, then judged, then excluded


def test_status_sort_puts_evalplus_confirmed_problems_first():
    state = _state(confirm_with={"b": problem("b", "", []), "d": problem("d", "", [])})
    state.sort = "status"
    state.confirmations = {"b": [False], "d": [True, False]}
    assert (state.confirmation("b"), state.confirmation("d")) == (NOT_CONFIRMED, CONFIRMED)
    assert state.confirmation("a") == NOT_COVERED
    assert state.ordered_ids()[:2] == ["d", "b"]
    assert str(state.row(state.results["d"])[1]) == "weak +"


def test_next_undecided_wraps_round_and_skips_decided_asserts():
    state = _state()
    assert state.next_undecided(after=None) == ("b", 0)
    _decide(state, "b", "assert f(2) == 2", REJECTED)
    assert state.next_undecided(after=None) == ("b", 1)
    assert state.next_undecided(after="b") == ("d", 0)
    assert state.next_undecided(after="d") == ("b", 1)  # wraps round
    _decide(state, "b", "assert f(3) == 3")
    _decide(state, "d", "assert f(4) == 4")
    assert state.next_undecided(after="a") is None


def test_row_shows_review_progress_and_verdict():
    state = _state()
    _decide(state, "b", "assert f(2) == 2")
    state.verdicts["b"] = ("fix", "tests miss negatives")
    problem_id, status, broken, survivors, asserts, review = state.row(state.results["b"])
    assert (problem_id, str(status), broken, survivors, asserts, review) == (
        "b",
        "weak",
        "5",
        "1",
        "2",
        "1 of 2 fix",
    )
    assert str(state.row(state.results["c"])[1]) == "excl. no-fresh-inputs"


def test_edits_and_decisions_change_the_text_shown():
    state = _state()
    state.edits[("b", "assert f(2) == 2")] = ("assert f(2) == 2.0", True, (0,))
    assert state.shown_text("b", "assert f(2) == 2") == "assert f(2) == 2.0"
    state.decisions[("b", "assert f(2) == 2")] = Decision(
        "b", "assert f(2) == 2", ACCEPTED, "assert f(2) != 3"
    )
    assert state.shown_text("b", "assert f(2) == 2") == "assert f(2) != 3"


def test_weak_share_counts_judged_problems_only():
    weak, judged, share = _state().weak_share()
    assert (weak, judged) == (2, 3)
    assert share.startswith("66.7% [")
