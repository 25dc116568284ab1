"""Keeping only the inputs a benchmark's written contract allows (EvalPlus's ``contract``).

The contract is checked by running it: the reference with the contract's lines at the top of its
entry (``inputs.written.with_contract``) is called on each input, and an input on which it raises
``AssertionError`` is dropped before the answer key is made. Threats, and their defences:
- a contract that is slow (a primality check) must not cost a mutant's budget: it runs once per
  input, here, never inside the programs that are judged;
- the reference's own ``AssertionError`` on an input would drop it too, but such an input gives
  no answer key anyway (a reference that raises is never a witness);
- an input the check did not reach (the run stopped) is kept, as it would have been without a
  contract, rather than dropped on no evidence.
The v1 methods ("contract", "free") keep every input, so earlier reports reproduce.
"""

from __future__ import annotations

from ..inputs.calls import Call
from ..inputs.contract import V1_MODES
from ..inputs.written import with_contract
from ..model import AuditParams, Problem
from ..sandbox import run_job
from .prepared import base_job

REFUSED = ("raise", "AssertionError")


def within_written_contract(
    problem: Problem, params: AuditParams, entry: str, calls: list[Call]
) -> list[Call]:
    """``calls`` without those the problem's written contract refuses."""
    if not problem.contract or params.inputs in V1_MODES or not calls:
        return calls
    program = with_contract(problem.reference, entry, problem.contract)
    if program is None:
        return calls
    run = run_job(
        base_job(
            problem, entry, params, mode="calls", program=program, tests=[],
            calls=[call.as_job() for call in calls], call_budgets=[None] * len(calls),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    if run.load is not None:
        return calls
    return [call for i, call in enumerate(calls) if i not in run.calls or run.calls[i][0] != REFUSED]
