"""The audit of one problem, stage by stage: prepare (``reference.py``), judge the mutants
(``verdict.py``, and ``rounds.py`` for the deep attack), then write and gate candidate asserts
(``gating.py``). Each stage names the threats to the measurement it defends against."""

from __future__ import annotations

import time

from ..exclusions import excluded
from ..model import AuditParams, KindCount, Problem, ProblemResult, Survivor
from ..sandbox import children_kept
from .edges import only_a_tie_the_text_leaves_free
from .gating import candidate_asserts, witness_texts
from .prepared import Prepared
from .reference import prepare
from .rounds import draw_while_it_pays
from .verdict import Verdict, judge_programs, rejected_by_tests


def audit_problem(problem: Problem, params: AuditParams) -> ProblemResult:
    started = time.perf_counter()
    with children_kept():  # its reference, mutants, rounds and asserts share children
        prepared = prepare(problem, params)
        result = prepared if isinstance(prepared, ProblemResult) else _judge(problem, params, prepared)
    seconds = round(time.perf_counter() - started, 3)
    return ProblemResult(**{**result.__dict__, "seconds": seconds})


def _judge(problem: Problem, params: AuditParams, prepared: Prepared) -> ProblemResult:
    kinds: dict[str, KindCount] = {}
    survivors: list[Survivor] = []
    survivor_verdicts: list[Verdict] = []
    counts = {"equivalent": 0, "broken": 0, "truncated": 0, "slow": 0}
    verdicts = judge_programs(problem, params, prepared, [mutant.source for mutant in prepared.mutants])
    prepared, verdicts = draw_while_it_pays(problem, params, prepared, verdicts)
    for mutant, verdict in zip(prepared.mutants, verdicts):
        if verdict.survived and only_a_tie_the_text_leaves_free(
            problem.reference, mutant.source, problem.prompt
        ):
            verdict = Verdict()  # (any of the tied candidates is a right answer)
        previous = kinds.get(mutant.kind, KindCount())
        kinds[mutant.kind] = KindCount(
            previous.built + 1,
            previous.broken + verdict.broken,
            previous.survived + verdict.survived,
        )
        if verdict.truncated:
            counts["truncated"] += 1
        elif not verdict.broken:
            counts["equivalent"] += 1
            counts["slow"] += verdict.slow
        else:
            counts["broken"] += 1
        if verdict.survived:
            survivors.append(
                Survivor(
                    mutant.kind, mutant.line, mutant.before, mutant.after, mutant.source,
                    witness_texts(prepared, verdict.witnesses),
                )
            )  # fmt: skip
            survivor_verdicts.append(verdict)
    common = dict(
        entry=prepared.entry, n_mutants=len(prepared.mutants), n_equivalent=counts["equivalent"],
        n_broken=counts["broken"], n_survived=len(survivors), n_truncated=counts["truncated"],
        n_slow=counts["slow"], n_fresh=len(prepared.fresh), reference_raised=prepared.raised, kinds=kinds,
    )  # fmt: skip
    if counts["broken"] == 0:
        sources = [mutant.source for mutant in prepared.mutants]
        rejected = rejected_by_tests(problem, params, prepared, sources)
        if prepared.mutants and rejected == len(prepared.mutants):  # none can pass them: strong
            detail = f"no mutant differs on the fresh inputs, and the visible tests reject all {rejected}"
            return ProblemResult(id=problem.id, status="ok", detail=detail, **common)
        detail = _why_none_is_broken(rejected, len(prepared.mutants), counts["truncated"])
        return excluded(problem.id, "no-broken-mutant", detail, **common)
    asserts = candidate_asserts(problem, params, prepared, survivors, survivor_verdicts)
    return ProblemResult(
        id=problem.id, status="ok", survivors=tuple(survivors), asserts=tuple(asserts), **common
    )


def _why_none_is_broken(rejected: int, mutants: int, truncated: int) -> str:
    """The real reason no mutant is broken (the seventh class): none differs from the reference
    anywhere the audit looked, or the visible tests reject some that the fresh inputs cannot
    tell apart (what the tests compare or call is not what a fresh input shows). Where they
    reject every one, the problem is strong instead: no mutant can pass them (the twenty-sixth
    pass: a class counter read only through ``Session.active``, each mutant failing a test)."""
    if rejected:
        detail = (
            f"no mutant differs from the reference on the fresh inputs, yet the visible tests reject "
            f"{rejected} of {mutants}: the tests see what the fresh inputs do not (an "
            "operator or protocol of the results' own, such as ==, or only the visible inputs)"
        )
    else:
        detail = "every mutant behaves like the reference on the fresh inputs and the visible tests"
    return detail + (f" ({truncated} truncated)" if truncated else "")
