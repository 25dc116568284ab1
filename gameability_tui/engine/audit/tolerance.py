"""The oracle's float rule written as source, for the asserts that compare floats.

Threat: an assert that compares floats with ``==`` rejects a mutant the oracle judges equivalent
(a result off in its last bit), a promise the tool breaks; one stricter or looser than the
oracle anywhere inside a value does the same, or lets through a survivor the oracle counted.
Defence: one rule for both, EvalPlus's atol plus rtol (``outcome.RELATIVE``), applied at any
depth by a ``close`` helper that mirrors ``outcome.data_equal``, including the standard-library
containers that hold floats (``Counter``, ``OrderedDict``, ``deque``) with their own ``==``
around the tolerance, as ``stdvalues.std_equal`` compares them.
"""

from __future__ import annotations

import re

from ..stdvalues import COUNTS, DEQUE, ORDERED, is_std

FLOAT_ATOL, FLOAT_RTOL = "1e-06", "1e-07"  # the oracle's own rule (outcome.RELATIVE): one rule for both


def close_rule(got: str, want: str) -> str:
    """The oracle's float rule (``outcome.FloatRule``) as source: EvalPlus's atol plus rtol."""
    return f"abs({got} - {want}) <= {FLOAT_ATOL} + {FLOAT_RTOL} * abs({want})"


def with_atol(text: str, atol: float) -> str:
    """An assert written with the oracle's default rule (``close_rule``, ``nested_close``), each
    float compared within ``atol`` instead, where the task's text states that looser one
    (``Oracle.stated_atol``); as written where ``atol`` is 0."""
    return text.replace(f"<= {FLOAT_ATOL} + ", f"<= {atol!r} + ") if atol else text


def helper_name(text: str, value: object, imports: set[str]) -> str:
    """A name for the ``close`` helper that ``text`` does not use, and that no other helper of
    the same assert (another read's, with other clauses) already holds."""
    for helper in ("close", "close_enough", *(f"close_{n}" for n in range(2, 100))):
        taken = any(line.startswith(f"{helper} = ") for line in imports)
        if not re.search(rf"\b{helper}\b", text) and (not taken or nested_close(helper, value) in imports):
            return helper
    raise ValueError("no free name for the tolerance helper")


def nested_close(helper: str, value: object) -> str:
    """The oracle's rule (``outcome.data_equal``) for lists, tuples and dicts nested to any depth,
    as a helper the assert calls: each float within the tolerance, NaN equal to NaN and an
    infinity only to itself (each clause only where the value holds one), anything else by
    ``==``. A named tuple or a ``defaultdict`` passes as the tuple or dict the oracle sees it as.
    A ``Counter``, ``OrderedDict`` or ``deque`` holding floats follows its own ``==`` (as
    ``stdvalues.std_equal`` does) with the tolerance inside: a Counter against a Counter without
    its zero counts, an OrderedDict against an OrderedDict in order, a deque only against a
    deque; each clause only where the value holds one, whose import the assert then has."""
    leaves = _float_leaves(value)
    families = _std_families(value)
    number = "float" if not any(type(leaf) is complex for leaf in leaves) else "(float, complex)"
    rule = close_rule("got", "want")
    if any(not finite(leaf) and abs(leaf) == float("inf") for leaf in leaves):
        rule = f"got == want if abs(want) == float('inf') else {rule}"
    if any(leaf != leaf for leaf in leaves):
        rule = f"got != got if want != want else {rule}"
    rule = f"({rule})" if " if " in rule else rule
    test = f"type(want) is {number}" if number == "float" else f"type(want) in {number}"
    sequences = ["list", "tuple"] + ["deque"] * (DEQUE in families)
    mappings = ["dict"] + ["OrderedDict"] * (ORDERED in families) + ["Counter"] * (COUNTS in families)
    clauses = []
    if COUNTS in families:
        kept = "type(count) not in (int, float, bool) or count != 0"  # Counter's == skips zero counts
        nonzero = f"{{key: count for key, count in side.items() if {kept}}}"
        both = "type(want) is Counter and isinstance(got, Counter)"
        clauses.append((f"{helper}(*({nonzero} for side in (got, want)))", both))
    if ORDERED in families:
        both = "type(want) is OrderedDict and isinstance(got, OrderedDict)"
        clauses.append((f"len(got) == len(want) and all(map({helper}, got.items(), want.items()))", both))
    each = f"all(map({helper}, got, want))"
    clauses.append(
        (
            f"isinstance(got, type(want)) and len(got) == len(want) and {each}",
            f"type(want) in ({', '.join(sequences)})",
        )
    )
    each = f"all({helper}(got[key], want[key]) for key in want)"
    is_mapping = "type(want) is dict" if len(mappings) == 1 else f"type(want) in ({', '.join(mappings)})"
    clauses.append((f"isinstance(got, dict) and got.keys() == want.keys() and {each}", is_mapping))
    clauses.append((rule, test))
    body = "".join(f"{result}\n    if {condition}\n    else " for result, condition in clauses)
    return f"{helper} = lambda got, want: (\n    {body}got == want\n)"


def _std_families(data: object) -> set[str]:
    """The families of the standard-library containers (``stdvalues``) inside ``data``."""
    if is_std(data):
        inner = data[2] if data[1] in (ORDERED, DEQUE, COUNTS) else ()
        return {data[1]} | _std_families(inner)
    if type(data) in (list, tuple):
        return set().union(*map(_std_families, data))
    if type(data) is dict:
        return set().union(*map(_std_families, data.values()))
    return set()


def _float_leaves(data: object) -> list:
    """The floats (and complex numbers) inside lists, tuples and dicts' values, at any depth:
    what the oracle compares within its tolerance (a set's, a dict key's or a standard-library
    value's are compared by ``==``, as Python does)."""
    kind = type(data)
    if kind in (float, complex):
        return [data]
    if is_std(data):  # a Counter's, an OrderedDict's or a deque's are compared with the tolerance
        return _float_leaves(data[2]) if data[1] in (ORDERED, DEQUE, COUNTS) else []
    if kind in (list, tuple):
        return [leaf for item in data for leaf in _float_leaves(item)]
    if kind is dict:
        return [leaf for item in data.values() for leaf in _float_leaves(item)]
    return []


def tolerated(value: object) -> bool:
    """Whether ``==`` would be stricter than the oracle on ``value``: it holds a finite float or
    complex number (the last bit may differ), or a NaN (never ``==`` to itself)."""
    return any(finite(leaf) or (type(leaf) is float and leaf != leaf) for leaf in _float_leaves(value))


def finite(value: float | complex) -> bool:
    return all(part == part and abs(part) != float("inf") for part in (value.real, value.imag))
