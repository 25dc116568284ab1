"""What every visible value at one argument position has in common: the domain fresh inputs keep.

Threat: a fresh input outside what the task allows makes a mutant "wrong" only there, and the
assert built from it encodes an input the benchmark never promised to handle. The visible calls
are read as the task's statement of its domain; each rule holds only where EVERY visible value
keeps it (see ``fresh.py`` for how draws keep them, ``contract.py`` for the check).

Rules of the "contract-v2" inputs (the v1 "contract" inputs ignore them, so the published figures
reproduce): a sequence whose every visible value has one length keeps it (a tuple always, a list
seen at least five times: HumanEval/119's pair of strings stays a pair, while three MBPP tests
that happen to pass three-word lists do not make every list three words long); a float argument
whose every visible value is positive stays positive (a threshold of 0.0 is not a threshold); a
grid whose cells are a permutation of 1..N*N stays one (a list of 1..n, seen twice or more, stays
a permutation); a string whose every visible value is a word of a known vocabulary (month or
weekday names) is drawn from that vocabulary, never edited letter by letter into a made-up month;
a grid is square only where two visible grids of more than one row are (one 2x2 matrix
beside a 1x1 is a matrix, and the task's text says where it must be square: the nineteenth
pass's transpose); a string whose every visible value is one character stays one character (a
``key=`` function ranking letters, ``count_char("hello", "l")``'s letter: a word there is an
input the task never promised to take).
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass, field
from typing import Any

from .words import vocabulary_of


@dataclass
class Domain:
    """What every observed value at one argument position has in common."""

    types: set[type] = field(default_factory=set)
    lower: float | None = None  # 0 or 1 when every observed number is at least that
    characters: str = ""
    tokens: list[str] = field(default_factory=list)  # used when strings contain inner spaces
    nonempty: bool = False
    sorted: bool = False
    unique: bool = False
    permutation: bool = False
    rectangular: bool = False
    square: bool = False  # as many rows as columns
    squares: int = 0  # how many visible values are square grids of more than one row
    element: Domain | None = None
    keys: Domain | None = None
    values: Domain | None = None
    length: int | None = None  # every visible sequence has this many items
    positive: bool = False  # every visible number is above 0
    grid_permutation: bool = False  # a square grid whose cells are 1..N*N once each
    vocabulary: tuple[str, ...] = ()  # every visible string is one of these words
    character: bool = False  # every visible value is a string of one character
    numerals: bool = False  # every visible value is a number written out (``'80'``), not in 0s and 1s
    total: float | None = None  # every visible list of numbers, of several lengths, sums to this


# Bytes the tests write as escapes (``b'\x01\x02'``) are data, not text: any byte value is one
# (the twenty-fourth pass: ``sum(data) % 256`` with the tests' small bytes never reached 256, so
# ``% 257`` was "equivalent"). Their alphabet takes the extremes of each half of a byte too.
RAW_BYTE_EXTREMES = "\x00\x7f\x80\xff"


def learn_domain(observed: list[Any]) -> Domain:
    domain = Domain(types={type(value) for value in observed})
    numbers = [v for v in observed if type(v) in (int, float)]
    if numbers:
        low = min(numbers)
        domain.lower = 1 if low >= 1 else (0 if low >= 0 else None)
        domain.positive = low > 0
    # bytes draw from their observed byte values as a string of the same code points (latin-1)
    strings = [v if type(v) is str else v.decode("latin-1") for v in observed if type(v) in (str, bytes)]
    if strings:
        domain.characters = "".join(sorted({ch for s in strings for ch in s}))
        domain.vocabulary = vocabulary_of(strings) if len(strings) == len(observed) else ()
        domain.character = len(strings) == len(observed) and all(
            type(v) is str and len(v) == 1 for v in observed
        )
        # (a string of 0s and 1s is binary: its alphabet is the task's, ``'002'`` no input of it)
        domain.numerals = len(strings) == len(observed) and all(map(is_numeral, strings))
        domain.numerals = domain.numerals and not set(domain.characters) <= set("-01")
        if any(" " in s.strip() for s in strings):
            domain.tokens = sorted({token for s in strings for token in s.split()})
    raw = [v for v in observed if type(v) is bytes]
    if raw and len(raw) == len(observed) and any(not 32 <= byte < 127 for value in raw for byte in value):
        domain.characters = "".join(sorted({*domain.characters, *RAW_BYTE_EXTREMES}))
    sized = [v for v in observed if type(v) in (list, tuple, str, bytes, dict, set)]
    domain.nonempty = bool(sized) and all(len(v) > 0 for v in sized)
    sequences = [v for v in observed if type(v) in (list, tuple)]
    if sequences:
        domain.sorted = all(is_sorted(v) for v in sequences) and any(len(v) > 1 for v in sequences)
        domain.unique = all(is_unique(v) for v in sequences)
        # one list of 1..n (``Stack([1, 2, 3])``) is a list of counting numbers, not a rule
        domain.permutation = len(sequences) > 1 and all(is_permutation(v) for v in sequences)
        domain.rectangular = all(is_rectangular(v) for v in sequences)
        domain.square = domain.rectangular and all(len(v) == len(v[0]) for v in sequences if v)
        domain.squares = sum(len(v) > 1 for v in sequences) if domain.square else 0
        domain.square = domain.square and domain.squares > 0
        domain.element = learn_domain([item for v in sequences for item in v])
        sizes = {len(v) for v in sequences}
        all_tuples = all(type(v) is tuple for v in sequences)
        if len(sizes) == 1 and len(sequences) == len(observed) and (all_tuples or len(sequences) >= 5):
            domain.length = sizes.pop()
        domain.grid_permutation = _mostly_grids(sequences)
        domain.total = _common_total(sequences) if len(sequences) == len(observed) else None
    sets = [v for v in observed if type(v) in (set, frozenset)]
    if sets and domain.element is None:
        domain.element = learn_domain([item for v in sets for item in v])
    dicts = [v for v in observed if type(v) is dict]
    if dicts:
        domain.keys = learn_domain([k for d in dicts for k in d])
        domain.values = learn_domain([x for d in dicts for x in d.values()])
    return domain


def _common_total(sequences: list) -> float | None:
    """The sum every one of three or more different lists of floats has, where they have several
    lengths (weights that "sum to 1": ``[0.5, 0.5]``, ``[1.0]``, ``[0.2, 0.3, 0.5]``; the
    thirty-first pass's draws made weights of any sum, and its asserts a weighted mean the text
    rules out). Lists of whole numbers share a sum by chance too often to read one as a rule
    (HumanEval/160's operands, MBPP/494's bits, each summing to one number)."""
    numbers = [v for v in sequences if v and all(type(x) is float for x in v)]
    distinct = {tuple(v) for v in numbers}
    if len(distinct) < 3 or len(numbers) < len(sequences) or len({len(v) for v in numbers}) < 2:
        return None
    sums = [sum(v) for v in numbers]
    return sums[0] if all(math.isclose(s, sums[0], rel_tol=1e-9, abs_tol=1e-9) for s in sums) else None


def keeps_total(value: Any, domain: Domain) -> bool:
    """Whether ``value`` keeps the sum every visible list at its place has (``Domain.total``):
    true of any value where there is none, or that is no list of numbers."""
    numbers = type(value) in (list, tuple) and all(type(item) in (int, float) for item in value)
    return domain.total is None or not numbers or math.isclose(sum(value), domain.total, abs_tol=1e-9)


def character_pool(domain: Domain) -> str:
    """The characters a one-character string is drawn from: the class every visible one belongs
    to (lower-case letters, upper-case, letters, digits), else the visible ones themselves."""
    seen = domain.characters
    for pool in (string.ascii_lowercase, string.ascii_uppercase, string.ascii_letters, string.digits):
        if seen and all(ch in pool for ch in seen):
            return pool
    return seen


def is_numeral(text: str) -> bool:
    """A whole number written out: ``'80'``, ``'-5'``, ``'007'``."""
    return bool(_NUMERAL.fullmatch(text))


_NUMERAL = re.compile(r"-?[0-9]+")


def is_sorted(values) -> bool:
    try:
        return all(a <= b for a, b in zip(values, values[1:]))
    except TypeError:
        return False


def is_unique(values) -> bool:
    try:
        return len(set(values)) == len(values)
    except TypeError:
        return False


def is_permutation(values) -> bool:
    return (
        len(values) > 1
        and all(type(v) is int for v in values)
        and sorted(values) == list(range(1, len(values) + 1))
    )


def is_rectangular(values) -> bool:
    if not values or not all(type(row) in (list, tuple) for row in values):
        return False
    return len({len(row) for row in values}) == 1


def is_grid_permutation(grid: Any) -> bool:
    """A square grid (N > 1) of ints holding each of 1..N*N exactly once."""
    if type(grid) not in (list, tuple) or len(grid) < 2 or not is_rectangular(grid):
        return False
    if len(grid[0]) != len(grid):
        return False
    cells = [cell for row in grid for cell in row]
    return all(type(c) is int for c in cells) and sorted(cells) == list(range(1, len(cells) + 1))


def _mostly_grids(sequences: list) -> bool:
    """Every visible value a grid of 1..N*N, or all but one of at least four: a grid of 1..N*N
    by chance is next to impossible, so one exception is a slip in a test (HumanEval/129's
    ``[[1, 3], [3, 2]]`` beside ten grids that keep the docstring's rule), not the task's rule."""
    kept = sum(is_grid_permutation(v) for v in sequences)
    return (len(sequences) >= 2 and kept == len(sequences)) or (
        len(sequences) >= 4 and kept >= len(sequences) - 1
    )
