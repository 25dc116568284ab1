"""What a call produced, in a form that crosses a process boundary safely, and how two compare.

Threats to the measurement handled here:

- A returned object's ``__eq__`` is untrusted code (a mutant can return an object equal to
  everything). Only plain data (numbers, strings, bytes, None and containers of them, exact types)
  is compared with ``==``; anything else is compared by its ``repr``.
- The published tool compares reprs of everything, so a dict in another order or ``228.0`` for
  ``228`` counts as broken although no ``==`` assert can reject it. The default oracle ("eq")
  compares the way the tests do; ``oracle="repr"`` reproduces the published behaviour.
- NaN is not equal to itself: two outcomes with the same repr are always the same.
- Default reprs carry memory addresses, which differ between processes: they are masked.
- Huge results: values are shipped with ``marshal`` (safe to load: it builds data, runs no code)
  and capped; an oversized value travels as a digest of its bytes.
"""

from __future__ import annotations

import hashlib
import marshal
import re
from typing import Any

PLAIN_SCALARS = (int, float, complex, str, bytes, bool, type(None))
PLAIN_CONTAINERS = (list, tuple, set, frozenset, dict)
MAX_VALUE_BYTES = 1 << 20
MAX_REPR_CHARS = 4000

# Outcome tuples (marshal-friendly):
#   ("value", plain, repr)      a plain value
#   ("object", repr, digest)    a non-plain value, known by its repr only
#   ("big", digest, repr_head)  a plain value too large to ship
#   ("raise", type_name)        an exception escaped the call
#   ("budget",)                 the deterministic step budget ran out
Outcome = tuple


def is_plain(value: Any, depth: int = 0) -> bool:
    """True for exact built-in data types whose ``==`` runs no benchmark code."""
    if depth > 50:
        return False
    kind = type(value)
    if kind in PLAIN_SCALARS:
        return True
    if kind is dict:
        return all(is_plain(k, depth + 1) and is_plain(v, depth + 1) for k, v in value.items())
    if kind in PLAIN_CONTAINERS:
        return all(is_plain(item, depth + 1) for item in value)
    return False


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def safe_repr(value: Any) -> str:
    """repr without memory addresses: ``<Pair object at 0x7f..>`` differs between processes
    (address-space randomisation), and must not make two equal outcomes look different."""
    try:
        text = repr(value)
    except BaseException as error:  # a hostile __repr__ must not crash the runner
        text = f"<unrepresentable {type(value).__name__}: {type(error).__name__}>"
    return _ADDRESS.sub(" at 0x?", text)


def encode_value(value: Any) -> Outcome:
    text = safe_repr(value)
    short = text if len(text) <= MAX_REPR_CHARS else text[:MAX_REPR_CHARS] + "..."
    if is_plain(value):
        try:
            packed = marshal.dumps(value)
        except (ValueError, RecursionError):
            packed = None
        if packed is not None:
            if len(packed) <= MAX_VALUE_BYTES:
                return ("value", value, short)
            return ("big", hashlib.sha256(packed).hexdigest(), short)
    return ("object", short, hashlib.sha256(text.encode("utf-8", "replace")).hexdigest())


def encode_raise(error: BaseException) -> Outcome:
    return ("raise", type(error).__name__)


BUDGET_OUTCOME: Outcome = ("budget",)


def same(a: Outcome, b: Outcome, oracle: str = "eq") -> bool:
    """Whether two outcomes are indistinguishable to the chosen oracle."""
    if a[0] == "value" and b[0] == "value":
        if a[2] == b[2]:
            return True
        if oracle == "repr":
            return False
        try:
            return bool(a[1] == b[1])
        except Exception:
            return False
    if a[0] == "value" or b[0] == "value":
        return False
    return tuple(a) == tuple(b)


def matches(got: Outcome, expected: Outcome, atol: float, oracle: str = "eq") -> bool:
    """EvalPlus's test: the same outcome, or numbers within ``atol`` when the task sets one."""
    if same(got, expected, oracle):
        return True
    if atol > 0 and got[0] == expected[0] == "value":
        numbers = (int, float)
        a, b = got[1], expected[1]
        if type(a) in numbers and type(b) in numbers:
            return abs(a - b) <= atol
    return False


def returned_normally(outcome: Outcome) -> bool:
    return outcome[0] in ("value", "object", "big")


def describe(outcome: Outcome) -> str:
    """Short human text for an outcome (probe results, reports)."""
    kind = outcome[0]
    if kind == "value":
        return outcome[2]
    if kind == "object":
        return outcome[1]
    if kind == "big":
        return outcome[2]
    if kind == "raise":
        return f"raises {outcome[1]}"
    return "exceeds the step budget"
