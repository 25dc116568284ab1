"""Candidate asserts: texts that the reference passes and that reject surviving mutants.

The published tool writes asserts without running them; measured, some fail on the reference
itself. Here every text is executed exactly as it will be exported (the gold gate): against the
reference (it must pass, else it is never shown) and against every survivor (its kill set).
A survivor whose run never came back does not count as killed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .calls import Call
from .literals import NotRenderable, render_literal
from .model import CandidateAssert

FLOAT_TOLERANCE = "1e-06"


def assert_text(call: Call, name: str, expected: object) -> str | None:
    """``assert name(args) == expected`` in the benchmark's convention, or None if unrenderable."""
    try:
        call_text = call.render(name)
        literal = render_literal(expected)
    except (NotRenderable, RecursionError):
        return None
    if type(expected) is float and literal[0] != "f":  # finite float: compare with a tolerance
        return f"assert abs({call_text} - {literal}) <= {FLOAT_TOLERANCE} * max(1.0, abs({literal}))"
    return f"assert {call_text} == {literal}"


@dataclass(frozen=True)
class GatedText:
    text: str
    size: int  # length of the call's argument text: smaller inputs read better
    passes_reference: bool
    kills: frozenset[int]


def order_candidates(gated: list[GatedText], n_survivors: int, limit: int) -> list[CandidateAssert]:
    """A small set that kills every survivor first (greedy cover, smallest inputs), then the rest.

    Texts that fail on the reference or kill nothing are dropped: they are not candidates.
    """
    pool = sorted((g for g in gated if g.passes_reference and g.kills), key=lambda g: (g.size, g.text))
    ordered: list[GatedText] = []
    uncovered = set(range(n_survivors))
    while uncovered and pool:
        best = max(pool, key=lambda g: (len(g.kills & uncovered), -g.size))
        if not best.kills & uncovered:
            break
        ordered.append(best)
        pool.remove(best)
        uncovered -= best.kills
    ordered += pool
    return [CandidateAssert(g.text, g.passes_reference, tuple(sorted(g.kills))) for g in ordered[:limit]]
