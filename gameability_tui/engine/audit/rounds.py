"""The deep attack's further rounds: more fresh inputs while they still turn equivalent mutants
into broken ones.

A later round must judge exactly as the first would have with all its inputs at once: the same
calls in the same order from a fresh load where the reference keeps state, and survivors found
early judged again on the final inputs so that their witnesses cover every input."""

from __future__ import annotations

from dataclasses import replace

from .. import outcome as oc
from ..inputs.calls import Call
from ..inputs.fresh import fresh_calls
from ..model import AuditParams, Problem, ProblemResult
from ..mutants.attack import attack_for, round_seed
from ..sandbox import run_job
from .prepared import Prepared, base_job
from .reference import later_input_budget, may_keep_state, prepare_on, within_the_text
from .verdict import Verdict, judge_programs
from .written_contract import within_written_contract


def draw_while_it_pays(
    problem: Problem, params: AuditParams, prepared: Prepared, verdicts: list[Verdict]
) -> tuple[Prepared, list[Verdict]]:
    """The deep attack's further rounds: draw another round of fresh inputs until ``patience``
    rounds in a row have turned no equivalent mutant into a broken one (or the attack's cap).
    Only the mutants still equivalent are judged again: on the round's new inputs alone where the
    reference keeps no state (they showed no difference on the others), else on every input so
    far (the same calls in the same order, from a fresh load, as any mutant). Survivors found
    before the last round are judged once more on the final inputs, so that their witnesses
    cover every input."""
    attack = attack_for(params)
    stateless = not may_keep_state(problem.reference)
    verdicts = list(verdicts)
    judged_in = [0] * len(verdicts)
    last_round = fruitless = 0
    for round_number in range(1, attack.rounds + 1):
        open_mutants = [i for i, v in enumerate(verdicts) if not v.broken and not v.truncated]
        if not open_mutants:
            break
        known = {call.key() for call in prepared.visible + prepared.fresh}
        seed = round_seed(params.seed, problem.id, round_number)
        draws = fresh_calls(prepared.visible, attack.round_draws, seed, params.inputs)
        extra = [call for call in draws if call.key() not in known]
        extra = within_written_contract(problem, params, prepared.entry, extra)
        extra = within_the_text(problem, params, prepared.entry, extra, prepared.visible)
        spent = sum(prepared.call_steps)
        if not extra or (attack.input_steps is not None and spent >= attack.input_steps):
            break  # nothing new to draw, or no step left to spend on it
        if stateless:
            grown = _grown(problem, params, prepared, extra, attack.input_steps)
        else:
            grown = prepare_on(
                problem, params, prepared.entry, prepared.call_name, prepared.visible,
                prepared.fresh + extra, prepared.mutants, always=len(prepared.fresh),
            )  # fmt: skip
        if isinstance(grown, ProblemResult) or len(grown.fresh) == len(prepared.fresh):
            break  # nothing more the attack can afford (or, with state, judge): keep what we had
        judged_on = grown
        if stateless:
            judged_on = replace(grown, call_order=[i for i in grown.call_order if i >= len(prepared.fresh)])
        again = judge_programs(problem, params, judged_on, [prepared.mutants[i].source for i in open_mutants])
        for index, verdict in zip(open_mutants, again):
            verdict.slow = verdict.slow or verdicts[index].slow  # slow on an earlier input
            verdicts[index], judged_in[index] = verdict, round_number
        prepared, last_round = grown, round_number
        fruitless = 0 if any(verdict.broken for verdict in again) else fruitless + 1
        if fruitless >= attack.patience:
            break
    stale = [i for i, v in enumerate(verdicts) if v.survived and judged_in[i] < last_round]
    if stale:
        again = judge_programs(problem, params, prepared, [prepared.mutants[i].source for i in stale])
        for index, verdict in zip(stale, again):
            verdicts[index] = verdict
    return prepared, verdicts


def _grown(
    problem: Problem, params: AuditParams, prepared: Prepared, extra: list[Call], allowance: int | None
) -> Prepared:
    """``prepared`` with the answers to ``extra`` added, for a reference that keeps no state: only
    the new inputs are run (from a fresh load, under the budget the reference run gives fresh
    inputs), and kept by the same rules as ``prepare_on``, which would run every input again."""
    budget = later_input_budget(problem, params, prepared)
    reference = prepared.reference
    run = run_job(
        base_job(
            problem, prepared.entry, params, mode="calls", tests=[], calls=[call.as_job() for call in extra],
            call_budgets=[budget] * len(extra),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    spent, endless, kept = sum(prepared.call_steps), 0, []
    for j in (j for j in range(len(extra)) if j in run.calls):
        if allowance is not None and spent >= allowance:
            break  # prepare_on's reference run would not have made this call, nor the rest
        outcome, cost = run.calls[j]
        endless += outcome == oc.BUDGET_OUTCOME
        if outcome == oc.BUDGET_OUTCOME or (allowance is not None and spent + cost > allowance):
            continue
        kept.append(j)
        spent += cost
    first = len(prepared.fresh)
    calls = dict(reference.calls) | {first + n: run.calls[j] for n, j in enumerate(kept)}
    call_steps = [calls[i][1] for i in range(len(calls))]
    new_outcomes = [run.calls[j][0] for j in kept]
    raised = prepared.raised + endless + sum(not oc.returned_normally(o) for o in new_outcomes)
    return replace(
        prepared,
        fresh=prepared.fresh + [extra[j] for j in kept],
        reference=replace(reference, calls=calls, cpu=reference.cpu + run.cpu),
        reference_calls=prepared.reference_calls + new_outcomes,
        raised=raised,
        call_order=sorted(range(len(calls)), key=lambda i: call_steps[i]),
        call_steps=call_steps,
    )
