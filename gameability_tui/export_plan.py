"""What an export will write: the accepted asserts, each re-run on the reference first, and what
was rejected, skipped or refused, for the files and for review.md.

The plan is made before any file is written, so that every output of one export tells the same
story, and an assert that no longer passes on the reference (the benchmark changed since the
review) is refused with its reason instead of going out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .benchmarks import Benchmark
from .benchmarks.native import NativePatch
from .engine.audit.reference import may_keep_state
from .engine.audit.reviewer_text import own_names, why_not_a_test
from .engine.inputs.calls import entry_of
from .engine.model import Problem, ProblemResult
from .store import DecisionStore
from .vocabulary import ACCEPTED, REJECTED, SKIPPED, Decision

REFUSED_ON_REFERENCE = "it no longer passes on the reference"
REFUSED_AFTER_OTHERS = (
    "it fails on the reference after the asserts accepted before it (the reference keeps state)"
)


# (problem, entry, assert texts) -> per text: does it pass on the reference
Gate = Callable[[Problem, str, list[str]], list[bool]]


# (problem, entry, assert texts, survivor programs) -> per text: (passes on the reference, kills)
Judge = Callable[[Problem, str, list[str], list[str]], list[tuple[bool, tuple[int, ...]]]]


@dataclass
class ExportPlan:
    accepted: dict[str, list[str]] = field(default_factory=dict)  # problem id -> final texts
    refused: list[tuple[str, str, str]] = field(default_factory=list)  # (problem id, text, why)
    rejected: list[Decision] = field(default_factory=list)
    skipped: list[Decision] = field(default_factory=list)
    originals: dict[tuple[str, str], str] = field(default_factory=dict)  # (id, final) -> as generated
    # (id, final text) -> the survivors it rejects; None where not known (see plan_export)
    kills: dict[tuple[str, str], tuple[int, ...] | None] = field(default_factory=dict)
    entries: dict[str, str] = field(default_factory=dict)  # problem id -> the function asserts call
    native: NativePatch | None = None

    @property
    def count(self) -> int:
        return sum(len(texts) for texts in self.accepted.values())


def plan_export(
    benchmark: Benchmark,
    store: DecisionStore,
    gate: Gate | None,
    results: Mapping[str, ProblemResult] | None = None,
    judge: Judge | None = None,
) -> ExportPlan:
    """Which accepted asserts go out: each re-run on the reference.

    With ``judge`` and the audit in ``results``, each is also re-run on the problem's survivors,
    so the review can say which it rejects. With ``gate`` only, an unedited assert's rejections
    are the audit's own; an edited one's are not known.
    """
    plan = ExportPlan()
    problems = {p.id: p for p in benchmark.problems}
    results = results or {}
    by_problem: dict[str, list[str]] = {}
    for decision in store.all_decisions().values():
        if decision.problem_id not in problems:
            continue
        if decision.decision == REJECTED:
            plan.rejected.append(decision)
        elif decision.decision == SKIPPED:
            plan.skipped.append(decision)
        elif decision.decision == ACCEPTED:
            by_problem.setdefault(decision.problem_id, []).append(decision.final_text)
            if decision.edited and decision.edited != decision.text:
                plan.originals[(decision.problem_id, decision.final_text)] = decision.text
    for problem_id in [p.id for p in benchmark.problems if p.id in by_problem]:
        problem = problems[problem_id]
        texts = sorted(set(by_problem[problem_id]), key=by_problem[problem_id].index)
        # A text that asserts nothing passes everywhere: accepted in an older version, never exported.
        own = own_names(problem.reference, problem.setup or "")
        not_tests = {text: why for text in texts if (why := why_not_a_test(text, own)) is not None}
        plan.refused += [(problem_id, text, why) for text, why in not_tests.items()]
        texts = [text for text in texts if text not in not_tests]
        if not texts:
            continue
        result = results.get(problem_id)
        entry = (result.entry if result is not None else None) or entry_of(problem) or ""
        survivors = [s.source for s in result.survivors] if result is not None else []
        if not entry:
            verdicts: list[tuple[bool, tuple[int, ...] | None]] = [(False, ())] * len(texts)
        elif judge is not None:
            verdicts = list(judge(problem, entry, texts, survivors))
        else:
            known = {a.text: a.kills for a in result.asserts} if result is not None else {}
            verdicts = [(ok, known.get(t)) for t, ok in zip(texts, gate(problem, entry, texts))]
        kept = [text for text, (ok, _) in zip(texts, verdicts) if ok]
        plan.refused += [
            (problem_id, text, REFUSED_ON_REFERENCE) for text, (ok, _) in zip(texts, verdicts) if not ok
        ]
        if len(kept) > 1 and may_keep_state(problem.reference):
            kept, late = _in_sequence(kept, _reference_passes(problem, entry, gate, judge))
            plan.refused += [(problem_id, text, REFUSED_AFTER_OTHERS) for text in late]
        plan.kills.update({(problem_id, t): kills for t, (_, kills) in zip(texts, verdicts) if t in kept})
        if kept:
            plan.accepted[problem_id] = kept
            plan.entries[problem_id] = entry
    return plan


def _reference_passes(
    problem: Problem, entry: str, gate: Gate | None, judge: Judge | None
) -> Callable[[str], bool]:
    """Whether one text passes on the reference: by the judge where there is one, else the gate."""

    def passes(text: str) -> bool:
        if judge is not None:
            return judge(problem, entry, [text], [])[0][0]
        return gate is not None and gate(problem, entry, [text])[0]

    return passes


def _in_sequence(texts: list[str], passes: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """Of ``texts`` that each pass on the reference after the visible tests, those that still pass
    after the ones kept before them, as a patch runs them (appended in order, one namespace), and
    those that do not. Threat: on a reference that keeps state, two asserts gated each alone
    (``tally('hell') == 3``, ``tally('abcd') == 3``, each the third call) go out together, and the
    patched tests fail on the reference itself."""
    kept: list[str] = []
    late: list[str] = []
    for text in texts:
        (kept if passes("\n".join([*kept, text])) else late).append(text)
    return kept, late
