"""The ``order`` flag: an assert whose input passes two numbers the other way round from every
visible test, and on which the reference does nothing (an empty answer).

Three visible calls that all pass two neighbouring numbers low then high (``perfect_squares(1,
30)``, ``(50, 100)``, ``(100, 200)``) are too few to refuse a draw on (``inputs/relations.py``
enforces an order from four: MBPP's three tests of a median pass ``b < c`` by chance), so the
draws may pass a range upside down. Where the reference then answers with nothing (``[]``, 0,
``''``, None), it read the ends as an empty range, which is what it happens to do where the
task may say nothing or say otherwise: "between two given numbers" reads the same either way
round (``perfect_squares(100, 99) == []``; EvalPlus swaps the ends). Where it answers with
something (a median of three numbers in any order, or a predicate's False), it handled the input,
and nothing is asked.
Measured on MBPP's deep attack: flagging every upside-down input put 3 asserts EvalPlus agrees
with among 10 flagged (all three a median's); the empty answers alone, 0 of 4. The flag asks the
reviewer; it never refuses an input or moves a verdict.
"""

from __future__ import annotations

from typing import Any

from ..inputs.calls import Call
from ..inputs.relations import seen_ordered, upside_down


def order_flags(call: Call, visible: list[Call], expected: Any) -> tuple[str, ...]:
    """The ``order`` flag of an assert made on ``call`` expecting ``expected``, where it passes a
    pair of numbers that every visible call passes low then high with the high one first, and the
    answer is empty."""
    if not _empty(expected):
        return ()
    pair = upside_down(call, seen_ordered(visible))
    if pair is None:
        return ()
    low, high = pair
    return (
        f"order: every visible test passes argument {low + 1} below argument {high + 1}, "
        f"and this input the other way round, where the reference answers {expected!r} "
        "(an empty range? the task may not say)",
    )


def _empty(value: Any) -> bool:
    """Nothing for an answer: None, a zero, or an empty string or container. Not False: a
    predicate's False is one of its two answers (``check_Validity(3, 2, 1)``: no triangle either
    way round)."""
    if type(value) is bool:
        return False
    try:
        return value is None or (type(value) in (int, float) and not value) or len(value) == 0
    except TypeError:  # no length: an answer of another kind
        return False
