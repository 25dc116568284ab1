"""A survivor that only keeps another of the tied candidates, where the text leaves ties free.

``edges.only_a_tie_the_text_leaves_free`` reads a tie off the edit: a comparison made
non-strict in a running best. A tie is chosen in other places too: where the running best starts
(``best = words[0]`` to ``words[-1]``: the twenty-sixth pass's ``most_common_word``, "if there is
a tie, returning any of the tied words is fine", counted a survivor by the deep attack), the
order a loop meets the candidates in. This reads it off what the mutant answers instead: on each
input where it differs from the reference, its answer is the reference's own answer to the same
input with its items in reverse order, so it is the reference's pick among the same candidates
met the other way round. An answer the reference never gives on those items (a word that is not
the most common) is no tie's choice, and the mutant stays a survivor.

Threat: a mutant wrong everywhere but on reversed inputs (one that returns the last item) passes
as a tie. Defence: every input where it differs must be so explained, and the fresh inputs
include untied ones, where the reference's answer does not move with the order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import outcome as oc
from ..inputs.calls import Call
from ..model import AuditParams, Problem
from ..sandbox import run_job
from .edges import ANY_OF_TIED
from .prepared import Prepared, base_job, oracle_for
from .reference import later_input_budget, may_keep_state
from .verdict import Verdict


def without_free_tie_choices(
    problem: Problem, params: AuditParams, prepared: Prepared, verdicts: list[Verdict]
) -> list[Verdict]:
    """``verdicts`` with each survivor whose every difference is a tie's choice (see the module)
    judged equivalent, where the text says any of the tied candidates is a right answer."""
    survivors = [index for index, verdict in enumerate(verdicts) if verdict.survived]
    if not survivors or not ANY_OF_TIED.search(problem.prompt) or may_keep_state(problem.reference):
        return verdicts
    witnesses = sorted({witness for index in survivors for witness in verdicts[index].witnesses})
    turned = {witness: _reversed(prepared.fresh[witness]) for witness in witnesses}
    answers = _reference_answers(problem, params, prepared, {w: c for w, c in turned.items() if c})
    oracle = oracle_for(problem, params)
    picks = {w: _with_arguments_of(answers[w], prepared.reference_calls[w]) for w in answers}
    kept = list(verdicts)
    for index in survivors:
        verdict = verdicts[index]
        if all(w in picks and not oracle.differs(verdict.outcomes[w], picks[w]) for w in verdict.witnesses):
            kept[index] = Verdict()  # (another of the tied candidates: a right answer)
    return kept


def _with_arguments_of(answer: tuple, original: tuple) -> tuple:
    """The reference's ``answer`` on the reversed input, with the arguments' states after the
    call it made on the input itself (``original``): those are reversed too, and are compared
    as they were, not as a tie's pick."""
    return (*answer[:4], *original[4:5], *answer[5:])


def _reversed(call: Call) -> Call | None:
    """``call`` with every sequence or mapping it passes in reverse order; None where it passes
    none, or reversing changes nothing (a one-item list, a palindrome)."""
    args = tuple(_turned(value) for value in call.args)
    kwargs = tuple((name, _turned(value)) for name, value in call.kwargs)
    if args == call.args and kwargs == call.kwargs:
        return None
    return replace(call, args=args, kwargs=kwargs)


def _turned(value: Any) -> Any:
    if type(value) in (list, tuple, str):
        return value[::-1]
    if type(value) is dict:
        return dict(reversed(value.items()))
    return value


def _reference_answers(
    problem: Problem, params: AuditParams, prepared: Prepared, calls: dict[int, Call]
) -> dict[int, tuple]:
    """The reference's outcome on each of ``calls`` (keyed as given) that it returns normally,
    from a fresh load, under the budget the reference has on fresh inputs."""
    if not calls:
        return {}
    budget = later_input_budget(problem, params, prepared)
    keys = list(calls)
    run = run_job(
        base_job(
            problem, prepared.entry, params, mode="calls", tests=[], calls=[calls[k].as_job() for k in keys],
            call_budgets=[budget] * len(keys),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    return {
        key: run.calls[j][0]
        for j, key in enumerate(keys)
        if j in run.calls and oc.returned_normally(run.calls[j][0])
    }
