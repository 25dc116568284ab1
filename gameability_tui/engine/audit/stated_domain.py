"""The ``domain`` flag: an assert whose input breaks what the task's text says of its inputs.

The inputs keep the rules the visible calls keep (``inputs/relations.py``, ``inputs/domain.py``),
but a rule the text states and a visible test breaks is learned by neither: MBPP/733 finds "the
first occurrence of a given number in a sorted array" while its third test passes
``[2, 4, 1, 5, ...]``; HumanEval/116 sorts "an array of non-negative integers" while its
examples pass negatives. The fresh inputs then break the rule too, and an assert on one encodes
what the reference happens to do where the task says nothing is asked.

The text is read only for phrases whose meaning does not depend on the rest of the sentence, each
a statement about the input:

- "a sorted array" (or list), not after "rotated" or "circularly", nor in a task that makes one
  ("generate a sorted array"): an argument that is a list sorted neither up nor down breaks it;
- "a list of positive integers" (or non-negative; array, sequence): a list argument holding a
  number at or below 0 (below 0) breaks it;
- "given a positive integer" (or non-negative): the call's one argument, an int, at or below 0
  (below 0) breaks it.

The inputs are not changed (a flag never moves a verdict): the reviewer reads the text and decides.
"""

from __future__ import annotations

import re
from typing import Any

from ..inputs.calls import Call

SORTED_INPUT = re.compile(
    r"\b(in|given|a|an|the|two|three|one|of)\s+(given\s+)?sorted\s+(array|list)s?\b", re.IGNORECASE
)
NOT_A_PRECONDITION = re.compile(r"rotat|circular|generate|to get|into a sorted|make", re.IGNORECASE)
SIGNED_ITEMS = re.compile(
    r"\b(array|list|sequence)\s+of\s+(non-?negative|positive)\s+(integer|number|int)s?\b", re.IGNORECASE
)
SIGNED_ONE = re.compile(r"\bgiven\s+an?\s+(non-?negative|positive)\s+(integer|number|int)\b", re.IGNORECASE)


def domain_flags(call: Call, prompt: str) -> tuple[str, ...]:
    """The ``domain`` flag of an assert made on ``call``, where its input breaks the text's words."""
    arguments = list(call.args) + [value for _, value in call.kwargs]
    return _sorted_flag(arguments, prompt) or _signed_flag(arguments, prompt)


def _sorted_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    if not SORTED_INPUT.search(prompt) or NOT_A_PRECONDITION.search(prompt):
        return ()
    for position, value in enumerate(arguments):
        if type(value) in (list, tuple) and len(value) > 2 and _unsorted(value):
            return (
                f"domain: the task says its array is sorted, and argument {position + 1} of this input "
                "is not (a visible test passing one does not make it the task's)",
            )
    return ()


def _signed_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    items = SIGNED_ITEMS.search(prompt)
    if items:
        word = items.group(2).lower()
        for position, value in enumerate(arguments):
            if type(value) in (list, tuple) and any(_breaks(item, word) for item in value):
                said = f"domain: the task says '{items.group(0)}'"
                return (f"{said}, and argument {position + 1} holds one that is not",)
    one = SIGNED_ONE.search(prompt)
    if one and len(arguments) == 1 and _breaks(arguments[0], one.group(1).lower()):
        return (f"domain: the task says '{one.group(0)}', and this input is {arguments[0]!r}",)
    return ()


def _breaks(value: Any, word: str) -> bool:
    """Whether a number is outside what "positive" / "non-negative" allow (other values: no)."""
    if type(value) not in (int, float):
        return False
    return value <= 0 if word == "positive" else value < 0


def _unsorted(items: list[Any] | tuple[Any, ...]) -> bool:
    try:
        pairs = list(zip(items, items[1:]))
        return not all(a <= b for a, b in pairs) and not all(a >= b for a, b in pairs)
    except TypeError:  # items that do not compare: nothing the text's "sorted" can mean
        return False
