"""What a task's text states of an input beyond a range: the parity of its length or its sum, a
power of two, a multiple of a number; and a range a clause introduces with "for" ("for 1 <= n <= 100").

Threat: "xs, a list of ints with an odd number of elements", "n is a power of two", "the length
of the string is always a multiple of 3", "the number of paths ... for 0 <= r <= 11": the deep
attack's draws passed even-length lists, 12, a string of four letters and ``c = 13``, and a
mutant wrong only there was a "survivor" whose asserts state inputs the task does not promise
(the twenty-second pass: he_median_odd, mbpp_log2_pow2, mbpp_codons, c2_memo_store_slow). Each
rule here is read as ``stated_domain`` reads a range: an input that breaks it is not drawn, and
an assert on one is flagged.
"""

from __future__ import annotations

import functools
import re
from typing import Any

_SIZED = (str, list, tuple, dict, set)
_SMALL = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_COUNT = r"(\d+|two|three|four|five|six|seven|eight|nine|ten)"
# "with an odd number of elements", "of even length", "an odd-length list"
LENGTH_PARITY = re.compile(
    r"\b(odd|even)(?:\s+|-)(?:number\s+of\s+(?:elements|items|values|entries|characters|letters|numbers|"
    r"integers|digits)|length)\b",
    re.IGNORECASE,
)
# a noun right after a parity that is no input's: "odd length subarrays" (MBPP/782) speaks of
# parts the answer counts, not of the list given
OF_ANOTHER = re.compile(
    r"\s+(?!(?:lists?|arrays?|strings?|sequences?|tuples?|inputs?|texts?|words?|and|or|is|are)\b)[a-z]{3,}\b",
    re.IGNORECASE,
)
# "the length of the string is always a multiple of 3", "len(s) is a multiple of three"
LENGTH_MULTIPLE = re.compile(
    rf"(?:\blength\b|\blen\(\s*\w+\s*\))[^.;]{{0,40}}?\bis\s+(?:always\s+)?(?:a\s+)?multiple\s+of\s+{_COUNT}\b",
    re.IGNORECASE,
)
# "a list of ints whose sum is even", "the sum of its items is always odd"
SUM_PARITY = re.compile(r"\b(?:whose|its|the)\s+sum\b[^.;,]{0,30}?\bis\s+(?:always\s+)?(odd|even)\b", re.I)
# "no two neighbouring items of xs are equal", "adjacent elements are always different"
DISTINCT_NEIGHBOURS = re.compile(
    r"\bno\s+two\s+(?:neighbou?ring|adjacent|consecutive)\s+(?:items|elements|values|numbers|entries)\b"
    r"[^.;]{0,30}?\b(?:are|is)\s+(?:ever\s+)?(?:equal|the\s+same)\b"
    r"|\b(?:neighbou?ring|adjacent|consecutive)\s+(?:items|elements|values|numbers|entries)\b[^.;]{0,30}?"
    r"\b(?:are|is)\s+(?:always\s+)?(?:different|distinct|never\s+equal)\b",
    re.I,
)
# "people always divides total exactly", "total is always divisible by people"
DIVIDES = re.compile(r"\b([A-Za-z_]\w*)\s+(?:always\s+)?divides\s+([A-Za-z_]\w*)\b", re.I)
DIVISIBLE = re.compile(
    r"\b([A-Za-z_]\w*)\s+is\s+(?:always\s+)?(?:exactly\s+)?divisible\s+by\s+([A-Za-z_]\w*)\b", re.I
)
# "amounts written with at most two decimal places", "no more than 2 decimal digits"
DECIMAL_PLACES = re.compile(
    rf"\b(?:at\s+most|no\s+more\s+than|up\s+to)\s+{_COUNT}\s+decimal\s+(?:places|digits)\b", re.I
)
# "a directed acyclic graph (no cycles)", "the graph has no cycle", "a DAG"
ACYCLIC = re.compile(r"\bacyclic\b|(?-i:\bDAG\b)|\b(?:no|without)\s+cycles?\b", re.IGNORECASE)
# what reads as a question or a case before a statement ("check whether n is a power of two")
ASKED = re.compile(r"\b(whether|if|check|determine|test|decide|when|unless)\b[^.;]*$", re.IGNORECASE)
# a range a clause introduces ("... for 0 <= r <= 11 and 0 <= c <= 11", "with 1 <= k <= 9", "for
# ints 0 <= e <= 10**12": the twenty-ninth pass)
INTRODUCED = re.compile(
    r"\b(?:for|with)\s+(?:all\s+|every\s+|each\s+|any\s+)?(?:(?:ints?|integers?|numbers?|inputs?)\s+)?"
    r"(?=-?\d+(?:\.\d+)?\s*[<>≤≥]|[A-Za-z_]\w*\s*(?:[<>]=?|[≤≥])\s*-?\d)"
)
# an answer written just before such a "for" (``'A' for score >= 90``, ``-1 for n < 0``, ``True
# for``): the range is a case of the answer, not of the inputs (the thirty-first pass: every
# draw of a grade was "outside the text", and the problem excluded)
AN_ANSWER_BEFORE = re.compile(r"(?:['\"`]|\b(?:True|False|None)|(?<![\w.])-?\d+(?:\.\d+)?)\s*$")
# where such a run of comparisons ends: a stop, a bracket, or a word that is neither a joint
# ("and", "or") nor compared (``count <= 5``)
RUN_ENDS = re.compile(r"[.;:]|(?<!\blen)\(|\b(?!and\b|or\b)[A-Za-z]{3,}\b(?!\s*[<>≤≥=(])")


def shape_broken(clause: str, named: dict[str, Any], prompt: str = "") -> str:
    """Why this input (``named``: its arguments by parameter name) breaks what ``clause`` states
    of the parity or multiple of a sized argument's length, the parity of a list's sum ("whose sum
    is even", the twenty-third pass: c3_halve_even_strong), a list's neighbours never equal, one
    int parameter dividing another ("people always divides total exactly": the twenty-fourth
    pass), numbers written with at most N decimal places, or of an int argument being a power
    of two or a multiple of a number; empty where it breaks none. A text that speaks of both
    parities (``prompt``: "for an odd number of elements ..., for an even number ...") names
    cases, not the domain."""
    parities = {found.group(1).lower() for found in LENGTH_PARITY.finditer(prompt or clause)}
    for found in LENGTH_PARITY.finditer(clause if len(parities) < 2 else ""):
        if ASKED.search(clause[: found.start()]) or OF_ANOTHER.match(clause[found.end() :]):
            continue
        value = _sized_one(clause, named)
        if value is not None and len(value) % 2 != (found.group(1).lower() == "odd"):
            return _said(found.group(0), "length", len(value))
    for found in _stated(LENGTH_MULTIPLE, clause):
        value = _sized_one(clause, named)
        if value is not None and len(value) % _number(found.group(1)):
            return _said(found.group(0), "length", len(value))
    for found in _stated(SUM_PARITY, clause):
        value = _sized_one(clause, named)
        numbers = type(value) in (list, tuple) and all(type(item) is int for item in value)
        if numbers and sum(value) % 2 != (found.group(1) == "odd"):
            return _said(found.group(0), "sum", sum(value))
    for found in _stated(DISTINCT_NEIGHBOURS, clause):
        value = _sized_one(clause, named)
        if type(value) in (list, tuple, str) and any(a == b for a, b in zip(value, value[1:])):
            return _said(found.group(0), "list", value)
    for found in _stated(ACYCLIC, clause):
        graph = next((value for value in named.values() if type(value) is dict and _has_cycle(value)), None)
        if graph is not None:
            return _said(found.group(0), "graph", graph)
    broken = _divisibility_broken(clause, named) or _places_broken(clause, named)
    if broken:
        return broken
    for name, value in named.items():
        if type(value) is not int:
            continue
        word = re.escape(name)
        power = re.search(
            rf"\b{word}\s+(?:is|will\s+be)\s+(?:always\s+)?an?\s+power\s+of\s+(?:two|2)\b", clause, re.I
        )
        if (
            power
            and not ASKED.search(clause[: power.start()])
            and not (value > 0 and value & (value - 1) == 0)
        ):
            return _said(power.group(0), name, value)
        multiple = re.search(
            rf"\b{word}\s+(?:is|will\s+be)\s+(?:always\s+)?an?\s+multiple\s+of\s+{_COUNT}\b", clause, re.I
        )
        if multiple and not ASKED.search(clause[: multiple.start()]) and value % _number(multiple.group(1)):
            return _said(multiple.group(0), name, value)
    return ""


@functools.lru_cache(maxsize=1024)
def _stated(pattern: re.Pattern, clause: str) -> tuple[re.Match, ...]:
    """The matches of ``pattern`` in ``clause`` that state something (no question or case opens
    before them), found once per clause: every fresh input of a problem is read against them."""
    return tuple(found for found in pattern.finditer(clause) if not ASKED.search(clause[: found.start()]))


def _has_cycle(graph: dict) -> bool:
    """Whether a graph written as a dict of each node's successors has a cycle (a node its own
    successor too); a dict of anything else (a successor no node, a value no collection) has
    none to speak of (the twenty-sixth pass: "a directed acyclic graph (no cycles)", whose deep
    witnesses were graphs with self-loops)."""
    if not all(isinstance(successors, (list, tuple, set, frozenset)) for successors in graph.values()):
        return False
    state: dict = {}  # 1: on the path being walked, 2: done

    def walk(node: Any) -> bool:
        state[node] = 1
        for successor in graph.get(node, ()):
            try:
                seen = state.get(successor)
            except TypeError:  # a successor that cannot be a key
                return False
            if seen == 1 or (seen is None and successor in graph and walk(successor)):
                return True
        state[node] = 2
        return False

    try:
        return any(state.get(node) is None and walk(node) for node in list(graph))
    except RecursionError:
        return False


def _divisibility_broken(clause: str, named: dict[str, Any]) -> str:
    """Why ``named`` breaks "d divides n" or "n is divisible by d", said of two int parameters."""
    pairs = [(m.group(1), m.group(2), m) for m in _stated(DIVIDES, clause)]
    pairs += [(m.group(2), m.group(1), m) for m in _stated(DIVISIBLE, clause)]
    for divisor, dividend, found in pairs:
        d, n = named.get(divisor), named.get(dividend)
        if type(d) is int and type(n) is int and (d == 0 or n % d):
            said = f"domain: the task says '{found.group(0)}'"
            return f"{said}, and this input's {dividend} is {n!r} and its {divisor} {d!r}"
    return ""


def _places_broken(clause: str, named: dict[str, Any]) -> str:
    """Why ``named`` breaks "at most two decimal places", said of the numbers the inputs write:
    a decimal text, a ``Decimal`` or a float with more places (the twenty-second and
    twenty-fifth passes: ``'.225'`` drawn from ``'2.25'`` where the text allows two)."""
    found = next(iter(_stated(DECIMAL_PLACES, clause)), None)
    if found is None:
        return ""
    most = _number(found.group(1))
    for name, value in named.items():
        places = _decimal_places(value)
        if places is not None and places > most:
            return _said(found.group(0), name, value)
    return ""


def _decimal_places(value: Any) -> int | None:
    """How many places after the point a number, or a text that is one, writes; None for others."""
    if type(value) is float:
        text = repr(value)
    elif type(value) is str or type(value).__name__ == "Decimal":
        text = str(value).strip()
    else:
        return None
    if not re.fullmatch(r"[-+]?\d*(\.\d*)?", text) or not re.search(r"\d", text):
        return None
    return len(text.partition(".")[2])


def introduced_ranges(clause: str) -> list[str]:
    """The parts of ``clause`` that a "for" or "with" opens on comparisons, each up to where
    they end ("for 0 <= r <= 11 and 0 <= c <= 11"): a range of the inputs, however the rest of
    the clause reads."""
    runs = []
    for found in INTRODUCED.finditer(clause):
        if AN_ANSWER_BEFORE.search(clause[: found.start()]):
            continue  # ("'A' for score >= 90": the answer for a case, not the inputs' range)
        rest = clause[found.end() :]
        end = RUN_ENDS.search(rest)
        runs.append(rest[: end.start()] if end else rest)
    return runs


def _sized_one(clause: str, named: dict[str, Any]) -> Any:
    """The sized argument the clause speaks of: the one it names, else the only one there is."""
    sized = {name: value for name, value in named.items() if isinstance(value, _SIZED)}
    said = [value for name, value in sized.items() if re.search(rf"\b{re.escape(name)}\b", clause)]
    if len(said) == 1:
        return said[0]
    return next(iter(sized.values())) if len(sized) == 1 and not said else None


def _number(text: str) -> int:
    return int(text) if text.isdigit() else _SMALL[text.lower()]


def _said(words: str, subject: str, value: Any) -> str:
    return f"domain: the task says '{words}', and this input's {subject} is {value!r}"
