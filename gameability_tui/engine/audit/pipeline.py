"""The audit of one problem, stage by stage: prepare (``reference.py``), judge the mutants
(``verdict.py``, and ``rounds.py`` for the deep attack), then write and gate candidate asserts
(``gating.py``). Each stage names the threats to the measurement it defends against."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from ..exclusions import excluded
from ..inputs.contract import V1_MODES
from ..model import AuditParams, CandidateAssert, KindCount, Problem, ProblemResult, Survivor
from ..sandbox import children_kept
from .edges import only_a_tie_the_text_leaves_free
from .free_ties import without_free_tie_choices
from .gating import candidate_asserts, witness_texts
from .other_entries import named_siblings, other_entries
from .prepared import Prepared
from .reference import prepare
from .rounds import draw_while_it_pays
from .verdict import Verdict, judge_programs, rejected_by_tests


def audit_problem(problem: Problem, params: AuditParams) -> ProblemResult:
    started = time.perf_counter()
    with children_kept():  # its reference, mutants, rounds and asserts share children
        prepared = prepare(problem, params)
        if isinstance(prepared, ProblemResult):
            result = prepared
        else:
            judged = [_judged(problem, params, prepared)]
            if params.inputs not in V1_MODES:  # (the published method has one entry)
                judged += _judged_by_other_entries(problem, params, prepared.entry)
            result = _result(problem, params, judged)
    seconds = round(time.perf_counter() - started, 3)
    return ProblemResult(**{**result.__dict__, "seconds": seconds})


@dataclass(frozen=True)
class _Judged:
    """The mutants judged on one entry's inputs: ``verdicts`` one per ``prepared.mutants``."""

    problem: Problem
    prepared: Prepared
    verdicts: list[Verdict]


def _judged(problem: Problem, params: AuditParams, prepared: Prepared) -> _Judged:
    verdicts = judge_programs(problem, params, prepared, [mutant.source for mutant in prepared.mutants])
    prepared, verdicts = draw_while_it_pays(problem, params, prepared, verdicts)
    verdicts = [
        Verdict()  # (any of the tied candidates is a right answer)
        if verdict.survived
        and only_a_tie_the_text_leaves_free(problem.reference, mutant.source, problem.prompt)
        else verdict
        for mutant, verdict in zip(prepared.mutants, verdicts)
    ]
    verdicts = without_free_tie_choices(problem, params, prepared, verdicts)  # (a tie's other pick)
    return _Judged(problem, prepared, verdicts)


def _judged_by_other_entries(problem: Problem, params: AuditParams, entry: str) -> list[_Judged]:
    """The mutants judged on the inputs of each other name the tests call as an entry
    (``other_entries``), then of each function the text names and nothing calls, on its
    siblings' calls (``named_siblings``); one whose calls cannot be judged (no fresh input) adds
    nothing."""
    names = other_entries(problem, entry)
    others = [replace(problem, entry=name) for name in names]
    siblings = named_siblings(problem, [entry, *names])
    others += [replace(problem, entry=name, harvest=calls) for name, calls in siblings]
    judged = []
    for other in others:
        prepared = prepare(other, params)
        if not isinstance(prepared, ProblemResult):
            judged.append(_judged(other, params, prepared))
    return judged


def _result(problem: Problem, params: AuditParams, judged: list[_Judged]) -> ProblemResult:
    """The problem's verdict from its mutants judged on each entry's inputs: a mutant is broken
    where it differs on any entry's, judged by the first entry on which it does. Where none
    differs on the entry's own inputs and no other entry finds a survivor, the entry's own
    verdict stands: mutants of another name that the tests reject say nothing of those the
    entry's inputs cannot tell apart (``total()`` read before any ``add``: still excluded)."""
    if not any(verdict.broken for verdict in judged[0].verdicts) and not any(
        verdict.survived for other in judged[1:] for verdict in other.verdicts
    ):
        judged = judged[:1]
    main = judged[0]
    by_source = [{m.source: v for m, v in zip(j.prepared.mutants, j.verdicts)} for j in judged]
    kinds: dict[str, KindCount] = {}
    counts = {"equivalent": 0, "broken": 0, "truncated": 0, "slow": 0}
    groups: list[tuple[list[Survivor], list[Verdict]]] = [([], []) for _ in judged]
    for mutant, own in zip(main.prepared.mutants, main.verdicts):
        which, verdict = next(
            (
                (at, found[mutant.source])
                for at, found in enumerate(by_source)
                if found.get(mutant.source, own).broken
            ),
            (0, own),
        )
        previous = kinds.get(mutant.kind, KindCount())
        kinds[mutant.kind] = KindCount(
            previous.built + 1, previous.broken + verdict.broken, previous.survived + verdict.survived
        )
        if verdict.truncated:
            counts["truncated"] += 1
        elif not verdict.broken:
            counts["equivalent"] += 1
            counts["slow"] += verdict.slow
        else:
            counts["broken"] += 1
        if verdict.survived:
            witnesses = witness_texts(judged[which].prepared, verdict.witnesses)
            groups[which][0].append(
                Survivor(mutant.kind, mutant.line, mutant.before, mutant.after, mutant.source, witnesses)
            )
            groups[which][1].append(verdict)
    survivors = [survivor for group, _ in groups for survivor in group]
    common = dict(
        entry=main.prepared.entry, n_mutants=len(main.prepared.mutants), n_equivalent=counts["equivalent"],
        n_broken=counts["broken"], n_survived=len(survivors), n_truncated=counts["truncated"],
        n_slow=counts["slow"], n_fresh=sum(len(j.prepared.fresh) for j in judged),
        reference_raised=sum(j.prepared.raised for j in judged), kinds=kinds,
    )  # fmt: skip
    if counts["broken"] == 0:
        sources = [mutant.source for mutant in main.prepared.mutants]
        rejected = rejected_by_tests(problem, params, main.prepared, sources)
        if main.prepared.mutants and rejected == len(main.prepared.mutants):  # none can pass them: strong
            detail = f"no mutant differs on the fresh inputs, and the visible tests reject all {rejected}"
            return ProblemResult(id=problem.id, status="ok", detail=detail, **common)
        detail = _why_none_is_broken(rejected, len(main.prepared.mutants), counts["truncated"])
        return excluded(problem.id, "no-broken-mutant", detail, **common)
    asserts = _asserts_of_each_entry(params, judged, groups)
    return ProblemResult(
        id=problem.id, status="ok", survivors=tuple(survivors), asserts=tuple(asserts), **common
    )


def _asserts_of_each_entry(
    params: AuditParams, judged: list[_Judged], groups: list[tuple[list[Survivor], list[Verdict]]]
) -> list[CandidateAssert]:
    """Each entry's candidate asserts for the survivors judged on its inputs, their kills counted
    in the problem's list of survivors; every entry's cover first, then the others."""
    written: list[CandidateAssert] = []
    offset = 0
    for entry, (survivors, verdicts) in zip(judged, groups):
        if survivors:
            for found in candidate_asserts(entry.problem, params, entry.prepared, survivors, verdicts):
                written.append(replace(found, kills=tuple(offset + killed for killed in found.kills)))
        offset += len(survivors)
    if len(judged) == 1:
        return written
    return ([a for a in written if not a.extra] + [a for a in written if a.extra])[: params.max_asserts]


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
