"""`A` takes unflagged asserts only and names what it left (issue 27); review.md lists where the
fixed reference answers otherwise as findings about the reference, and counts weak? apart."""

from __future__ import annotations

from pathlib import Path

from conftest import problem

from gameability_tui.engine.model import CandidateAssert, ProblemResult, Survivor
from gameability_tui.store import DecisionStore
from gameability_tui.tui.state import TriageState

SURVIVOR = Survivor("compare", 2, "x", "y", "def f(x):\n    return x\n")
LOOKS_WRONG = "reference: the fixed reference returns something else here (the reference looks wrong)"


def _state(tmp_path: Path) -> TriageState:
    asserts = (
        CandidateAssert("assert f(9) == -1", True, (0, 1), ("kind: expects -1, where ...",)),
        CandidateAssert("assert f(2) == 2", True, (0,)),
        CandidateAssert("assert f(0) == 1", True, (1,), (LOOKS_WRONG,), True),
    )
    result = ProblemResult(
        "b", "ok", n_mutants=4, n_broken=4, n_survived=2, survivors=(SURVIVOR,) * 2, asserts=asserts
    )
    state = TriageState({"b": problem("b", "def f(x):\n    return x\n", ["assert f(1) == 1"])},
                        DecisionStore(tmp_path / "d.json", "bench"))  # fmt: skip
    state.add_results([result])
    return state


def test_accepting_the_cover_takes_no_flagged_assert_and_names_those_left(tmp_path):
    state = _state(tmp_path)
    assert [c.key for c in state.cover("b")] == ["assert f(2) == 2"]  # not the flagged f(9), which kills both
    assert [c.key for c in state.flagged_left("b")] == ["assert f(9) == -1", "assert f(0) == 1"]


def test_a_problem_whose_every_assert_is_flagged_is_weak_unsure():
    flagged = CandidateAssert("assert f(0) == 1", True, (0,), (LOOKS_WRONG,))
    result = ProblemResult("p", "ok", n_survived=1, survivors=(SURVIVOR,), asserts=(flagged,))
    assert result.unsure
    clean = ProblemResult(
        "p",
        "ok",
        n_survived=1,
        survivors=(SURVIVOR,),
        asserts=(flagged, CandidateAssert("assert f(1) == 1", True, (0,))),
    )
    assert not clean.unsure


def test_review_lists_findings_about_the_reference_and_flagged_accepted_asserts():
    from gameability_tui.benchmarks import Benchmark
    from gameability_tui.export_plan import ExportPlan
    from gameability_tui.review import review_markdown

    flagged = CandidateAssert("assert f(0) == 1", True, (0,), (LOOKS_WRONG,))
    result = ProblemResult("p", "ok", n_broken=2, n_survived=1, survivors=(SURVIVOR,), asserts=(flagged,))
    toy = problem("p", "def f(x):\n    return x\n", ["assert f(1) == 1"])
    benchmark = Benchmark("toy", [toy], "toy.jsonl")
    plan = ExportPlan(accepted={"p": ["assert f(0) == 1"]}, kills={("p", "assert f(0) == 1"): (0,)})
    text = review_markdown(benchmark, {}, plan, {"p": result})
    assert "- weak? (every candidate assert flagged: needs judgement): 1 (p)" in text
    assert "  - flagged: " + LOOKS_WRONG in text
    assert "## Findings about the reference" in text
    assert "- p: `assert f(0) == 1`: the fixed reference returns something else here" in text
