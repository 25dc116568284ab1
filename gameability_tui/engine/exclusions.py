"""Why a problem could not be judged: every reason the audit may give, and what it means.

An excluded problem is counted with its reason, never silently dropped: a census that lost the
problems it could not judge would report a weak share over a quietly smaller benchmark. The
reasons are a closed set, so that the summary, the app's filter and a reader of the JSON report
all speak of the same things; ``excluded`` refuses any other.
"""

from __future__ import annotations

from typing import Any

from .model import ProblemResult

EXCLUSIONS: dict[str, str] = {
    "no-entry-point": "no function that the reference defines is called by the visible tests",
    "reference-does-not-load": "the reference does not parse, or raises while it is loaded",
    "reference-fails-tests": "the reference fails one of its own visible tests (or checks)",
    "reference-did-not-finish": "the reference ran past its time limit on its own tests",
    "no-fresh-inputs": "no fresh input could be drawn from the visible tests' literal calls",
    "no-mutation-sites": "the reference has nothing the mutation operators can change",
    "no-usable-oracle": "the reference raises on every fresh input, so no answer is known",
    "no-broken-mutant": "every mutant behaves like the reference on the fresh inputs",
    "audit-crashed": "the audit itself failed on this problem (its worker died or raised)",
}


def excluded(problem_id: str, reason: str, detail: str = "", **counts: Any) -> ProblemResult:
    """A result for a problem the audit could not judge, for one of ``EXCLUSIONS``' reasons."""
    if reason not in EXCLUSIONS:
        raise ValueError(f"unknown exclusion reason {reason!r}; expected one of {sorted(EXCLUSIONS)}")
    return ProblemResult(id=problem_id, status=f"excluded:{reason}", detail=detail, **counts)
