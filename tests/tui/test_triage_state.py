"""The triage rules without a screen: filters, orders, status, moving, cover, undo history.

The state writes through a real DecisionStore in a temporary folder, as the app's does."""

from __future__ import annotations

import pytest
from conftest import problem

from gameability_tui.engine.model import CandidateAssert, ProblemResult, Survivor
from gameability_tui.store import DecisionStore
from gameability_tui.tui.state import (
    CONFIRMED,
    FIXED,
    NOT_CONFIRMED,
    NOT_COVERED,
    PARTLY_FIXED,
    STRONG,
    WEAK,
    ReviewCounts,
    TriageState,
)
from gameability_tui.vocabulary import ACCEPTED, EDIT, PROBE, REJECTED, SKIPPED, StoredCandidate

SURVIVOR = Survivor("compare", 2, "x", "y", "def f(x):\n    return x\n")


def _weak(problem_id: str, survived: int, texts: list[str], kills=None) -> ProblemResult:
    kills = kills or [(0,)] * len(texts)
    asserts = tuple(CandidateAssert(text, True, k) for text, k in zip(texts, kills))
    survivors = (SURVIVOR,) * survived
    return ProblemResult(
        problem_id, "ok", n_mutants=9, n_broken=5, n_survived=survived, survivors=survivors, asserts=asserts
    )


@pytest.fixture
def store(tmp_path) -> DecisionStore:
    return DecisionStore(tmp_path / "d.json", "bench")


@pytest.fixture
def state(store) -> TriageState:
    return _state(store)


def _state(store: DecisionStore, **fields) -> TriageState:
    problems = {pid: problem(pid, "def f(x):\n    return x\n", ["assert f(1) == 1"]) for pid in "abcd"}
    state = TriageState(problems, store, **fields)
    state.add_results(
        [
            ProblemResult("a", "ok", n_mutants=9, n_broken=9),
            _weak("b", 1, ["assert f(2) == 2", "assert f(3) == 3"]),
            ProblemResult("c", "excluded:no-fresh-inputs"),
            _weak("d", 3, ["assert f(4) == 4"]),
        ]
    )
    return state


def _decide(state: TriageState, problem_id: str, text: str, decision: str = ACCEPTED) -> None:
    state.decide(problem_id, [text], decision)


def test_filters_show_the_rows_they_name(state):
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


def test_sorts_order_by_benchmark_survivors_and_status(state):
    assert state.ordered_ids() == ["a", "b", "c", "d"]
    state.cycle_sort()
    assert state.ordered_ids() == ["d", "b", "a", "c"]  # most survivors first, then benchmark order
    state.cycle_sort()
    assert state.ordered_ids() == ["b", "d", "a", "c"]  # weak, then judged, then excluded


def test_status_sort_puts_evalplus_confirmed_problems_first(store):
    state = _state(store, confirm_with={"b": problem("b", "", []), "d": problem("d", "", [])})
    state.sort = "status"
    state.confirmations = {"b": [False], "d": [True, False]}
    assert (state.confirmation("b"), state.confirmation("d")) == (NOT_CONFIRMED, CONFIRMED)
    assert state.confirmation("a") == NOT_COVERED
    assert state.ordered_ids()[:2] == ["d", "b"]


def test_step_goes_through_the_problem_first_then_the_next_and_wraps_round(state):
    assert state.step(None, 0) == ("b", 0)
    assert state.step("b", 0) == ("b", 1)  # the same problem's next assert first
    assert state.step("b", 1) == ("d", 0)  # then the next problem
    assert state.step("d", 0) == ("b", 0)  # wraps round
    assert state.step("d", 0, forward=False) == ("b", 1)  # backwards: the previous problem's last
    _decide(state, "b", "assert f(2) == 2", REJECTED)
    assert state.step("a", 0) == ("b", 1)
    _decide(state, "b", "assert f(3) == 3", SKIPPED)
    _decide(state, "d", "assert f(4) == 4")
    assert state.step("a", 0) is None
    assert state.step("a", 0, wanted=SKIPPED) == ("b", 1)  # skipped ones are reviewable later


def test_status_follows_what_the_accepted_asserts_reject(state):
    state.add_result(_weak("b", 2, ["assert f(2) == 2", "assert f(3) == 3"], kills=[(0,), (1,)]))
    assert state.status("a") == STRONG and state.status("b") == WEAK and state.status("c") == "excluded"
    _decide(state, "b", "assert f(2) == 2", REJECTED)
    assert state.status("b") == WEAK  # a rejected assert fixes nothing
    _decide(state, "b", "assert f(3) == 3")
    assert state.status("b") == PARTLY_FIXED
    _decide(state, "b", "assert f(2) == 2")
    assert state.status("b") == FIXED


def test_an_accepted_assert_that_rejects_no_survivor_leaves_the_problem_weak(state):
    state.add_result(_weak("b", 2, ["assert f(2) == 2", "assert f(3) == 3"], kills=[(), (1,)]))
    _decide(state, "b", "assert f(2) == 2")
    assert state.status("b") == WEAK  # accepted, but every survivor still passes
    _decide(state, "b", "assert f(3) == 3")
    assert state.status("b") == PARTLY_FIXED


def test_cover_is_the_fewest_not_rejected_asserts_that_reject_every_survivor(state):
    texts = ["assert f(2) == 2", "assert f(3) == 3", "assert f(4) == 4", "assert f(5) == 5"]
    state.add_result(_weak("b", 3, texts, kills=[(0, 1, 2), (0, 1), (2,), (1, 2)]))
    assert [c.key for c in state.cover("b")] == [texts[0]]
    _decide(state, "b", texts[0], REJECTED)
    assert [c.key for c in state.cover("b")] == [texts[1], texts[2]]  # ties: the earlier row


def test_undo_walks_back_steps_and_restores_what_was_there(state, store):
    _decide(state, "b", "assert f(2) == 2", REJECTED)
    _decide(state, "b", "assert f(2) == 2", ACCEPTED)  # changed mind
    _decide(state, "d", "assert f(4) == 4", SKIPPED)
    assert [c.problem_id for c in state.undo()] == ["d"]
    assert state.decision("d", "assert f(4) == 4") is None
    state.undo()
    assert state.decision("b", "assert f(2) == 2") == REJECTED  # the earlier decision is back
    assert store.all_decisions()[("b", "assert f(2) == 2")].decision == REJECTED
    state.undo()
    assert store.all_decisions() == {} and state.undo() == []


def test_reviewer_made_asserts_come_back_from_the_store(state, store):
    state.save_candidate(StoredCandidate("b", "assert f(2) == 2", "assert f(2) == 2.0", True, (), EDIT))
    state.save_candidate(StoredCandidate("b", "assert f(9) == 9", "assert f(9) == 9", True, (0,), PROBE))
    _decide(state, "b", "assert f(9) == 9")
    again = _state(store)
    rows = again.candidates("b")
    assert [(c.key, c.text, c.kills) for c in rows] == [
        ("assert f(2) == 2", "assert f(2) == 2.0", ()),  # the edit, with its own kill set
        ("assert f(3) == 3", "assert f(3) == 3", (0,)),
        ("assert f(9) == 9", "assert f(9) == 9", (0,)),  # the probe's assert
    ]
    assert rows[0].edited and again.decision("b", "assert f(9) == 9") == ACCEPTED
    assert [c.key for c in again.undo()] == ["assert f(9) == 9"]  # the history survived too


def test_reopening_an_edited_decision_is_one_undoable_step(state, store):
    key = "assert f(2) == 2"
    _decide(state, "b", key)
    state.save_candidate(StoredCandidate("b", key, "assert f(2) != 3", True, (), EDIT), reopen=True)
    assert state.decision("b", key) is None
    assert state.candidate("b", key).text == "assert f(2) != 3"
    state.undo()
    assert state.decision("b", key) == ACCEPTED
    assert state.candidate("b", key).text == key
    assert store.all_candidates() == []


def test_counts_keep_accepted_rejected_and_skipped_apart(state):
    _decide(state, "b", "assert f(2) == 2")
    one_accepted = state.counts("b")
    state.undo()
    _decide(state, "b", "assert f(2) == 2", REJECTED)
    assert (one_accepted.accepted, one_accepted.rejected) == (1, 0)
    assert (state.counts("b").accepted, state.counts("b").rejected) == (0, 1)
    assert state.totals().undecided == 2 and state.totals().total == 3


def test_weak_share_counts_judged_problems_only(state):
    weak, judged, share = state.weak_share()
    assert (weak, judged) == (2, 3)
    assert share.startswith("66.7% [")


def test_running_counts_equal_a_full_rescan_when_results_arrive_and_are_replaced(state):
    def rescan() -> tuple[int, int]:
        judged = [r for r in state.results.values() if r.judged]
        return sum(r.weak for r in judged), len(judged)

    assert state.weak_share()[:2] == rescan() == (2, 3)
    state.add_results([ProblemResult("a", "excluded:no-entry-point"), _weak("c", 1, ["assert f(5) == 5"])])
    assert state.weak_share()[:2] == rescan() == (3, 3)  # a left the judged, c came in weak
    state.add_result(ProblemResult("b", "ok", n_mutants=9, n_broken=9))  # b audited again: strong now
    assert state.weak_share()[:2] == rescan() == (2, 3)


def test_counts_after_a_restart_include_the_reviewers_own_asserts_and_decisions(state, store):
    """Problems nobody touched are counted without listing their asserts; the touched ones (a
    decision, a probe with no decision yet) must be known as such from the store on reopening."""
    state.save_candidate(StoredCandidate("d", "assert f(8) == 8", "assert f(8) == 8", True, (0,), PROBE))
    _decide(state, "b", "assert f(3) == 3", SKIPPED)
    again = _state(store)
    assert again.counts("d") == ReviewCounts(undecided=2)  # its generated assert and the probe's
    assert again.counts("b") == ReviewCounts(skipped=1, undecided=1)
    assert again.counts("a") == ReviewCounts() and again.counts("c") == ReviewCounts()
    assert again.totals() == ReviewCounts(skipped=1, undecided=3)
    again.undo()
    assert again.counts("b") == ReviewCounts(undecided=2) and again.totals().undecided == 4


def test_running_totals_equal_a_full_rescan_as_results_stream_in(store):
    """Totals are kept as results arrive (untouched problems as a number of undecided asserts,
    touched ones counted in full); read between arrivals, they equal a sum over every problem."""
    problems = {pid: problem(pid, "def f(x):\n    return x\n", ["assert f(1) == 1"]) for pid in "pqrs"}
    store.decide("q", "assert f(7) == 7", ACCEPTED)  # q was touched before this session
    state = TriageState(problems, store)

    def rescan() -> ReviewCounts:
        return sum((state.counts(pid) for pid in state.results), ReviewCounts())

    assert state.totals() == ReviewCounts()
    state.add_results([_weak("p", 1, ["assert f(2) == 2", "assert f(3) == 3"])])
    assert state.totals() == rescan() == ReviewCounts(undecided=2)
    state.add_results(
        [_weak("q", 1, ["assert f(7) == 7", "assert f(8) == 8"]), _weak("r", 1, ["assert f(9) == 9"])]
    )
    state.add_results([ProblemResult("s", "ok", n_mutants=9, n_broken=9)])
    assert state.totals() == rescan() == ReviewCounts(accepted=1, undecided=4)
    state.add_result(_weak("p", 1, ["assert f(2) == 2"]))  # p judged again, with one assert now
    assert state.totals() == rescan() == ReviewCounts(accepted=1, undecided=3)
