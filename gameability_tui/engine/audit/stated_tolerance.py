"""A float tolerance the task's text states: "any value within 1e-3 of sqrt(n) is correct".

The oracle and the asserts compare floats by EvalPlus's rule (``atol`` 1e-6 plus ``rtol`` 1e-7),
which is what a harness does where the text says nothing. Where the text states a looser one, a
solution within it is correct by the task: a mutant off by 7e-5 where the text accepts 1e-3 was
"broken", and its assert rejected answers the text calls right (the twenty-second pass:
c3_tolerance_text). Such a tolerance is read only where the words can mean nothing else: a
number below 1 after "within", "error of at most", "tolerance of", "accurate to", or "accurate
to N decimal places"; never "within 2 of each other", which states what to find.
"""

from __future__ import annotations

import functools
import re

from .tolerance import FLOAT_ATOL

_NUMBER = r"(\d*\.\d+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)|10\s*(?:\*\*|\^)\s*\(?\s*-\s*\d+\s*\)?)"
_BOUND = r"(?:at\s+most|up\s+to|less\s+than|below|under|no\s+more\s+than|<=?|≤)?\s*"
STATED_TOLERANCE = re.compile(
    rf"\bwithin\s+(?:an?\s+)?(?:absolute\s+)?(?:error\s+|tolerance\s+)?(?:of\s+)?{_NUMBER}(?!\s+of\s+each\s+other)"
    rf"|\b(?:absolute\s+)?(?:error|tolerance)\s+(?:of\s+)?{_BOUND}{_NUMBER}"
    rf"|\b(?:accurate|correct|precise)\s+to\s+(?:within\s+)?{_NUMBER}(?!\s*decimal)",
    re.IGNORECASE,
)
DECIMAL_PLACES = re.compile(
    r"\b(?:accurate|correct|precise)\s+to\s+(\d+)\s+decimal\s+(?:places|digits)\b", re.IGNORECASE
)
DEFAULT_ATOL = float(FLOAT_ATOL)


@functools.lru_cache(maxsize=256)
def stated_tolerance(prompt: str) -> float:
    """The absolute tolerance the text states for float answers, where it is looser than the
    default rule's; 0.0 where it states none (or none looser)."""
    found = [
        _value(next(group for group in match.groups() if group))
        for match in STATED_TOLERANCE.finditer(prompt)
    ]
    found += [10.0 ** -int(places) for places in DECIMAL_PLACES.findall(prompt)]
    looser = [value for value in found if DEFAULT_ATOL < value < 1]
    return max(looser, default=0.0)


def _value(number: str) -> float:
    """``number`` as written: ``1e-3``, ``0.001``, ``10**-3``, ``10^(-3)``."""
    power = re.fullmatch(r"10\s*(?:\*\*|\^)\s*\(?\s*-\s*(\d+)\s*\)?", number)
    return 10.0 ** -int(power.group(1)) if power else float(number)
