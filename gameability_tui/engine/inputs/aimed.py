"""Inputs aimed at the mutants (the deep attack), beside the random draws of ``fresh_inputs``;
and the default attack's share of them (``boundary_calls``: compared constants; ``guard_calls``:
raise guards, for both attacks).

A random perturbation rarely lands exactly where a mutant differs from the reference. The places
are known in advance, so they are probed on purpose, each as one edit of a visible call:

- a guard on a constant (``if n > 10``) differs from its mutant (``n >= 10``, ``n > 11``) only at
  the constant: each number argument, element of a number list (first, middle, last) and run of
  digits in a string (a date's month) takes the reference's own numeric constants and their +/-1
  (first where the reference slices a number out of a text, ``int(date[5:7])``; a text in a list
  too);
- an off-by-one in a loop or slice shows on the shortest inputs: each sequence or string argument
  is cut to lengths 0, 1 and 2; a step of two instead of one shows where neighbours are equal: an
  element is repeated in place (first, middle, last); a read of the wrong end shows only where
  there are two: each list grows by one item unlike the others; a rounding mode shows only at a
  tie: where the reference rounds to some places, each number and decimal text ends there in a 5;
  a branch for an argument of another type shows only on one: where the reference catches a
  ``TypeError``, each argument is ``None`` in turn; where the task's text speaks of texts
  padded with spaces or of numbers that are no integers (``stated_domain.lifted_rules``), each
  text takes a space at its end, then its start, and each int is passed as its float; where the
  reference decodes bytes with an error handler, each bytes argument takes a byte that does not
  decode; a parameter whose default no test overrides is passed another value; a mark or space
  the reference strips, deletes or tests for (``strip(' \\n')``, ``translate(None, b' \\n')``, ``c
  in ' \\t'``) is put into each text or bytes argument of its kind (``handled_marks``);
- a sign test shows across zero: a number argument, or an element of a number list, is negated;
  a tie of ``x`` and ``-x`` shows only where both are: an element is made another's negation;
- ``<`` against ``<=`` between two arguments shows only when they meet (an arrival equal to a
  departure): two arguments of the same type are made equal, or one apart; two numbers trade one
  unit (their sum kept, as tests often require: three angles of a triangle); a number is made
  equal to an element of a number list and the other way round; two number lists are made to
  share a value at one position;
- a string test on case or on one position (``s[1:].islower()``) shows when that position
  changes: one letter of a string, or of a string in a list, takes the other case at the first,
  second and last position (a letter of that case the tests use, to stay in their alphabet);
- a guard on an aggregate (``if sum(q) > w: return False``) differs from its mutant only where
  the number meets the aggregate, and it hides everything after it from any input it stops: a
  number argument takes the sum of a number list argument and its +/-1, with the list as the
  visible call has it and with each of its repeat edits (so the logic behind the guard is reached
  with a list the tests never showed); an arithmetic of the arguments compared with a constant
  (``w1 + w2 > 100``) is met alike, one argument solved for so that it takes the constant and its
  +/-1 (``arithmetic.py``), and so is a list's total compared with one (``sum(prices) >= 50``):
  one item moved by the difference. These come after the other kinds, on their own budget
  (``aggregates``), so they add to the other probes and never displace one.

In the contract mode every aimed input must lie inside the contract learned from the visible
calls (``contract_violations`` is empty), exactly as the random draws do, and must also keep the
relations between arguments that every visible call keeps (``relation_violations``: a count equal
to a list's length, two lists of one length), which cutting a length would otherwise break. In
"contract-v2" an aimed input that breaks a relation is repaired first (the count follows the cut
list, ``relations.repair``), so a cut still probes the short input instead of being dropped.
Nothing here is random: the same reference and visible calls give the same inputs, at any seed.
"""

from __future__ import annotations

import ast
import functools
import itertools
import math
import re
import string
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from .arithmetic import Arithmetic, compared_arithmetic, meeting_edits, value_at
from .branches import Condition, nested_comparisons, takes_every_branch
from .calls import Call, assignments, called_name, interleaved, parameter_names, parsed, positional_defaults
from .contract import (
    V1_MODES,
    Lifted,
    contract_violations,
    lifted,
    passed_default,
    range_characters,
    relation_violations,
)
from .digits import DIGITS, Field, based_digits, digit_edits, digit_fields, parsed_bases
from .fresh import by_shape, drawn_by_shape, literals_of, with_literals
from .relations import Relations, learn_relations, new_draw
from .relations import relation_violations as relations_broken
from .short_inputs import answers_when_nothing_is_found, reads_a_fixed_position
from .std_makers import constructible
from .text_cases import overlapping, word_ties
from .unpassed import Unpassed, default_edits, untested_defaults

SIZED = (list, tuple, str)
Branches = dict[int | float, list[tuple[tuple[Condition, ...], tuple[str, ...]]]]
TIE_DRAWS = 3  # the default attack's repeated items, beside its boundary inputs
DIVISOR_DRAWS = 2  # and its numbers at a tested remainder's divisor (``y % 400 == 0``)
MEMBERSHIP = (ast.In, ast.NotIn, ast.Is, ast.IsNot)  # no boundary where two values meet
DECIMAL_TEXT = re.compile(r"-?[0-9]+\.[0-9]+")  # a number written with a point
UNDECODABLE = b"\xff"  # a byte that starts no UTF-8 sequence


def reference_numbers(source: str) -> list[int | float]:
    """The reference's numeric literals (negated ones as written), in source order, once each."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    found: list[int | float] = []
    negated: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _is_number(node.operand):
            negated.add(id(node.operand))
            _add(found, -node.operand.value)
        elif _is_number(node) and id(node) not in negated:
            _add(found, node.value)
    return found


@functools.lru_cache(maxsize=64)
def keyed_texts(reference: str) -> tuple[str, ...]:
    """The texts the reference looks a value up by or compares one with: a literal dict's text
    keys (``{"tea": 3, "cake": 5}``), a text compared by ``==`` / ``!=`` or found in a literal
    tuple, list or set of them (``unit in ("C", "F")``); each an input of the task's kind that a
    test may never pass (the twenty-eighth pass: a default menu's ``'cake'`` and ``'soup'``,
    whose prices no test read). Words only: a separator or mark is met by ``handled_marks``."""
    tree = parsed(reference)
    found: list[str] = []

    def add(node: ast.expr | None) -> None:
        if isinstance(node, ast.Constant) and type(node.value) is str and node.value.isalnum():
            found.extend([node.value] if node.value not in found else [])

    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Dict):
            for key in node.keys:
                add(key)
        elif isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.Eq, ast.NotEq)):
                    add(right)
                    add(node.left)
                elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(
                    right, (ast.Tuple, ast.List, ast.Set)
                ):
                    for item in right.elts:
                        add(item)
    return tuple(found)


def _keyed_edits(base: Call, texts: tuple[str, ...]) -> Iterator[Call]:
    """Each text argument made each of ``texts`` it is not already."""
    for position, value in enumerate(base.args):
        if type(value) is str:
            for text in texts:
                if text != value:
                    yield _with_arg(base, position, text)


@functools.lru_cache(maxsize=64)
def met_floats(reference: str) -> frozenset[float]:
    """The reference's float constants that are no whole number (``v < -273.15``, ``bmi >= 18.5``):
    an argument compared with one is a number the task measures, not a count, so the constant
    itself is an input of its kind where the tests pass ints (the nineteenth pass: ``v <=
    -273.15`` for ``v < -273.15`` parts at that value alone, and no int reaches it)."""
    return frozenset(
        number for number in reference_numbers(reference) if type(number) is float and not number.is_integer()
    )


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def _add(found: list, value: Any) -> None:
    if not any(type(value) is type(seen) and value == seen for seen in found):
        found.append(value)


def _near(
    numbers: list[int | float], kind: type, sides: bool = False, exact: bool = False, floats: bool = True
) -> list[int | float]:
    """Each constant and its neighbours (``exact``: the constant alone), as values of the
    argument's own type; with ``sides``, a float constant is also met by an int argument as the
    two ints either side of it (a guard at ``-273.15`` that the tests cross with ``-300``: ``-274``
    and ``-273``); with ``floats``, by the constant itself too (``v < -273.15`` and ``v <=
    -273.15`` part there alone: ``met_floats`` lets it in where the tests pass ints)."""
    values: list = []
    for number in numbers:
        if kind is int and type(number) is float and math.isfinite(number):
            for candidate in (math.floor(number), math.ceil(number)) if sides else ():
                _add(values, candidate)
            if floats and not number.is_integer():
                _add(values, number)
            continue
        if kind is int and type(number) is not int:
            continue
        for candidate in (number,) if exact else (number - 1, number, number + 1):
            try:
                _add(values, kind(candidate))
            except OverflowError:  # an int constant past the float range
                continue
    return values


def _number_edits(
    base: Call,
    numbers: list[int | float],
    sides: bool = False,
    exact: bool = False,
    fields: list[Field] = (),
    floats: bool = True,
    bases: tuple[int, ...] = (),
) -> Iterator[Call]:
    for position, value in enumerate(base.args):
        if type(value) in (int, float):
            for candidate in _near(numbers, type(value), sides, exact, floats):
                yield _with_arg(base, position, candidate)
        elif type(value) in (list, tuple) and _numbers(value):
            for index in _spread_positions(len(value)):
                for candidate in _near(numbers, type(value[index]), sides, exact, floats):
                    yield _with_arg(base, position, _replaced(value, index, candidate))
        elif type(value) is str:
            for changed in digit_edits(value, _near(numbers, int, exact=exact), fields, bases):
                yield _with_arg(base, position, changed)
        elif type(value) in (list, tuple) and _texts(value):  # (``['72', '30', '90']``: scores)
            for index in _spread_positions(len(value)):
                for changed in digit_edits(value[index], _near(numbers, int, exact=exact), fields, bases):
                    yield _with_arg(base, position, _replaced(value, index, changed))


def _length_edits(base: Call) -> Iterator[Call]:
    for position, value in enumerate(base.args):
        if type(value) in SIZED:
            for length in (0, 1, 2):
                if length < len(value):
                    yield _with_arg(base, position, value[:length])


def _sized_to(base: Call, lengths: list[int]) -> Iterator[Call]:
    """Each text or sequence argument made each of ``lengths`` long, cut or repeated from its own
    items (``'abc'`` to 8: ``'abcabcab'``), so it keeps its alphabet."""
    for position, value in enumerate(base.args):
        if type(value) in SIZED and value:
            for length in lengths:
                if length >= 0 and length != len(value):
                    yield _with_arg(base, position, (value * (length // len(value) + 1))[:length])


def _repeat_edits(base: Call) -> Iterator[Call]:
    for position, value in enumerate(base.args):
        if type(value) in (list, tuple) and value:
            for index in _spread_positions(len(value)):
                repeated = [*value[: index + 1], value[index], *value[index + 1 :]]
                yield _with_arg(base, position, type(value)(repeated))


def _grown_edits(base: Call) -> Iterator[Call]:
    """Each list or tuple argument with one more item, the successor of its last (``[('a', 1)]``
    to ``[('a', 1), ('aa', 2)]``): a mutant reading the wrong end (``popitem(last=True)``,
    ``xs[-1]`` for ``xs[0]``) parts from its reference only where there are two, and the tests
    may show one item alone (the nineteenth pass's OrderedDict). The new item is unlike every
    other, so a sorted or repeat-free list stays one. A square grid grows by a row and a column,
    so it stays square (an odd size where the tests show even ones: the twentieth pass's
    diagonal sum)."""
    for position, value in enumerate(base.args):
        grown = _grown_square(value) if is_square_grid(value) else _grown(value)
        if grown is not None:
            yield _with_arg(base, position, grown)


def _grown(value: Any) -> Any:
    """A list or tuple with one more item unlike the others, or None."""
    if type(value) not in (list, tuple) or not value:
        return None
    item = _successor(value[-1])
    for _ in range(len(value)):
        if item is None or item not in value:
            break
        item = _successor(item)
    return None if item is None else type(value)([*value, item])


def _grown_square(grid: Any) -> Any:
    """A square grid with each row grown and a row of its last row's successors, or None."""
    rows = [_grown(row) for row in grid]
    extra = [_successor(cell) for cell in rows[-1]] if None not in rows else [None]
    return None if None in extra else type(grid)([*rows, type(rows[-1])(extra)])


def is_square_grid(value: Any) -> bool:
    """A list of rows, as many as each row's items (more than one)."""
    return (
        type(value) in (list, tuple)
        and len(value) > 1
        and all(type(row) in (list, tuple) and len(row) == len(value) for row in value)
    )


def _successor(value: Any) -> Any:
    """The value next after ``value`` of its kind: a number one up, a text with its last letter
    once more (``'a'`` to ``'aa'``), a tuple or list each of its items' successor; None for others."""
    if type(value) in (int, float):
        return value + 1
    if type(value) is str and value:
        return value + value[-1]  # (its own letters: the tests' alphabet is the contract's)
    if type(value) in (list, tuple):
        items = [_successor(item) for item in value]
        return None if None in items else type(value)(items)
    return None


def _sign_edits(base: Call) -> Iterator[Call]:
    """Each number, and an element of a number list (first, middle, last), negated; each int
    made -1 (the twenty-first pass: "a negative k counts from the end", tested at 0 and 2, whose
    negation -2 hid a dropped ``k %= len(xs)``); then, in a
    number list, an element made the negation of another (``[5, 3, 8]`` to ``[5, 3, -3]``): a
    tie of ``x`` and ``-x`` (the twentieth pass: "closest to zero; on a tie, the positive one")."""
    for position, value in enumerate(base.args):
        if type(value) in (int, float) and value:
            yield _with_arg(base, position, -value)
        elif type(value) in (list, tuple) and _numbers(value):
            for index in _spread_positions(len(value)):
                if value[index]:
                    yield _with_arg(base, position, _replaced(value, index, -value[index]))
    for position, value in enumerate(base.args):  # the first negative number (an index's last item)
        if type(value) is int and value not in (-1, 1):
            yield _with_arg(base, position, -1)
    yield from _negation_ties(base)


def _negation_ties(base: Call) -> Iterator[Call]:
    """In each number list, an item made the negation of another: ``x`` and ``-x`` tie where
    the reference measures by size (``abs``)."""
    for position, value in enumerate(base.args):
        if not (type(value) in (list, tuple) and _numbers(value)):
            continue
        spread = _spread_positions(len(value))
        for source, target in ((i, j) for i in spread for j in spread if i != j and value[i]):
            yield _with_arg(base, position, _replaced(value, target, -value[source]))


def _meeting_edits(base: Call) -> Iterator[Call]:
    for meetings in _meetings_by_pair(base):
        yield from meetings


def _meetings_by_pair(base: Call) -> list[list[Call]]:
    """The edits making two arguments meet, one list for each pair of arguments of one type, then
    one for each number meeting an element of a number list."""
    args = base.args
    pairs: list[list[Call]] = []
    for first in range(len(args)):
        for second in range(first + 1, len(args)):
            a, b = args[first], args[second]
            if type(a) is not type(b) or type(a) is bool:
                continue
            meetings = [_with_arg(base, second, a), _with_arg(base, first, b)]
            if type(a) in (int, float):
                meetings += [_with_arg(base, second, a + 1), _with_arg(base, second, a - 1)]
                meetings.append(_with_args(base, {first: a + 1, second: b - 1}))
                meetings.append(_with_args(base, {first: a - 1, second: b + 1}))
            if type(a) in (list, tuple) and _numbers(a) and _numbers(b):
                for index in _spread_positions(min(len(a), len(b))):
                    meetings.append(_with_arg(base, second, _replaced(b, index, a[index])))
            pairs.append(meetings)
    for number in (i for i, v in enumerate(args) if type(v) in (int, float)):
        for listed in (i for i, v in enumerate(args) if type(v) in (list, tuple) and _numbers(v)):
            values = args[listed]
            meetings = []
            for index in _spread_positions(len(values)):
                meetings.append(_with_arg(base, number, type(args[number])(values[index])))
                meetings.append(_with_arg(base, listed, _replaced(values, index, args[number])))
            pairs.append(meetings)
    return pairs


def _aggregate_meetings(base: Call) -> Iterator[Call]:
    """A number argument equal to a number list argument's sum, then one below and one above, for
    the visible list and for each of its repeat edits (interleaved, so no list takes the budget)."""
    ranked: list[list[Call]] = []
    for changed in [base, *_repeat_edits(base)]:
        args = changed.args
        for number in (i for i, v in enumerate(args) if type(v) in (int, float)):
            for listed in (i for i, v in enumerate(args) if type(v) in (list, tuple) and _numbers(v)):
                total = sum(args[listed])
                if type(args[number]) is int and type(total) is not int:
                    continue
                ranked.append([_with_arg(changed, number, total + step) for step in (0, -1, 1)])
    for rank in range(3):
        for calls in ranked:
            yield calls[rank]


def _letter_edits(base: Call, letters: list[str]) -> Iterator[Call]:
    """Each text argument (or text in a list) with its first, middle or last character made each
    of ``letters``: a letter the reference tests against (``c in 'aeiou'``) that no test wrote
    (the eighteenth pass: ``'aeiou'`` to ``'eiou'`` survived where no test has an ``a``)."""
    return _text_edits(
        base,
        lambda text: [
            text[:at] + letter + text[at + 1 :] for at in _spread_positions(len(text)) for letter in letters
        ],
    )


@functools.lru_cache(maxsize=64)
def ordered_characters(reference: str) -> tuple[str, ...]:
    """The characters the reference orders a value against (``c >= '0' and c <= '9'``, ``'a' <=
    ch``): a range's ends, where ``>`` for ``>=`` parts from it at the end alone (the twenty-ninth
    pass: MBPP's digit count, whose tests wrote no ``0``, kept ``> '0'`` by default)."""
    found: list[str] = []
    for node in _comparisons(reference):
        if all(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops):
            for side in (node.left, *node.comparators):
                text = side.value if isinstance(side, ast.Constant) else None
                if type(text) is str and len(text) == 1 and text not in found:
                    found.append(text)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def tested_letters(reference: str) -> frozenset[str]:
    """The characters of the texts the reference tests a value's membership in (``c in 'aeiou'``,
    ``ch not in {'a', 'e'}``): letters of the task's alphabet whether or not a test wrote them."""
    tree = parsed(reference)
    if tree is None:
        return frozenset()
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.Eq, ast.NotEq)):  # (``unit == 'F'``: the twenty-eighth pass)
                found.update(
                    side.value
                    for side in (node.left, right)
                    if isinstance(side, ast.Constant) and type(side.value) is str and len(side.value) == 1
                )
                continue
            if not isinstance(op, (ast.In, ast.NotIn)):
                continue
            if isinstance(right, ast.Constant) and type(right.value) is str:
                found.update(right.value)
            elif isinstance(right, (ast.Set, ast.List, ast.Tuple)):
                found.update(
                    item.value
                    for item in right.elts
                    if isinstance(item, ast.Constant) and type(item.value) is str and len(item.value) == 1
                )
    return frozenset(ch for ch in found if ch.isalpha())


# the methods that take a literal as a set of characters (or bytes), each handled alike
CHARACTER_SETS = frozenset(("strip", "lstrip", "rstrip", "translate", "maketrans"))


@functools.lru_cache(maxsize=64)
def handled_marks(reference: str) -> tuple[str | bytes, ...]:
    """The characters (or bytes) that are no letter or digit of the literals the reference hands
    a method as a set of them (``strip(' \\n')``, ``translate(None, b' \\n')``,
    ``str.maketrans('', '', '-_')``) or tests a value's membership in (``c in ' \\t'``): a mark
    the tests' texts may never hold, so that its loss from the set (``b' \\n'`` to ``b' '``: the
    twenty-seventh pass's DNA cleaner) shows only on a text that holds it."""
    tree = parsed(reference)
    found: list[str | bytes] = []
    for node in ast.walk(tree) if tree is not None else ():
        literals: list[ast.expr] = []
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in CHARACTER_SETS:
            literals = list(node.args)
        elif isinstance(node, ast.Compare):
            literals = [
                right for op, right in zip(node.ops, node.comparators) if isinstance(op, (ast.In, ast.NotIn))
            ]
        for literal in literals:
            if isinstance(literal, ast.Constant) and type(literal.value) in (str, bytes):
                marks = [literal.value[at : at + 1] for at in range(len(literal.value))]
                found += [mark for mark in marks if not mark.isalnum() and mark not in found]
    return tuple(found)


def _doubled_space(text: str) -> list[str]:
    """A text with its first inner space doubled (``_spaced``'s first)."""
    return _spaced(text)[:1]


def _mark_edits(base: Call, marks: tuple[str | bytes, ...]) -> Iterator[Call]:
    """Each text or bytes argument (or one in a list: first, middle, last) with each of ``marks``
    of its kind put in its middle, then at its end."""

    def put(value: Any) -> list:
        kind = type(value)
        return [
            value[:at] + mark + value[at:]
            for mark in marks
            if type(mark) is kind
            for at in (len(value) // 2, len(value))
        ]

    for position, value in enumerate(base.args):
        if type(value) in (str, bytes):
            for changed in put(value):
                yield _with_arg(base, position, changed)
        elif type(value) in (list, tuple) and value and all(type(item) in (str, bytes) for item in value):
            for index in _spread_positions(len(value)):
                for changed in put(value[index]):
                    yield _with_arg(base, position, _replaced(value, index, changed))


@functools.lru_cache(maxsize=64)
def rounding_places(reference: str) -> tuple[int, ...]:
    """The decimal places the reference rounds to (``round(x, 2)``, ``d.quantize(Decimal('0.01'))``):
    a rounding mode's mutant (``ROUND_HALF_EVEN`` for ``ROUND_HALF_UP``) parts from it only at a
    tie one place further (``'2.345'``), which no test may write (the nineteenth pass)."""
    tree = parsed(reference)
    places: list[int] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.Call) or len(node.args) < 1:
            continue
        name = called_name(node)
        if name == "round" and len(node.args) == 2:
            digits = node.args[1]
            if isinstance(digits, ast.Constant) and type(digits.value) is int and 0 <= digits.value <= 12:
                _add(places, digits.value)
        elif isinstance(node.func, ast.Attribute) and node.func.attr == "quantize":
            step = node.args[0]
            text = step.args[0] if isinstance(step, ast.Call) and step.args else None
            if isinstance(text, ast.Constant) and type(text.value) is str:
                _, _, fraction = text.value.partition(".")
                if fraction.isdigit() and len(fraction) <= 12:
                    _add(places, len(fraction))
    return tuple(places)


def rounds_for_fractions(reference: str) -> bool:
    """Whether the reference rounds to decimal places (``round(x, k)``, k >= 1) an expression
    that has at most k places on whole numbers: a sum, difference or product of them and of
    constants with k places at most, divided only by constants that divide 10**k (``c * 9 / 5 +
    32`` to one place; ``price * 1.08`` to two), read through names assigned once. Such a
    rounding changes nothing on whole numbers, so it is there for numbers that are not (the
    twenty-sixth pass's ``c_to_f``); ``round(total / n, 2)`` rounds a quotient of whole
    numbers, and says nothing of other inputs (MBPP/851's ``Sum / N``: a sum of divisors, a
    whole number by the task's meaning), nor does ``math.pi * r * r``."""
    tree = parsed(reference)
    if tree is None:
        return False
    values: dict[str, list[ast.expr]] = {}
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
            values.setdefault(node.target.id, []).append(node)  # (not one value: never followed)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imported |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and called_name(node) == "round" and len(node.args) == 2:
            places = node.args[1]
            known = isinstance(places, ast.Constant) and type(places.value) is int and 1 <= places.value <= 12
            if known and _whole_to_places(node.args[0], places.value, values, imported):
                return True
    return False


# calls whose value has no more places than their arguments
_PLACE_KEEPING_CALLS = frozenset(("abs", "int", "float", "min", "max", "sum", "len"))


def _whole_to_places(
    node: ast.expr, places: int, values: dict[str, list[ast.expr]], imported: set[str], depth: int = 0
) -> bool:
    """Whether ``node`` has at most ``places`` decimal places wherever the names it reads are
    whole numbers (see ``rounds_for_fractions``); a name assigned once is read as its value."""
    for part in ast.walk(node):
        if isinstance(part, ast.Name) and part.id in values:
            assigned = values[part.id]
            if depth >= 3 or len(assigned) != 1 or not isinstance(assigned[0], ast.expr):
                return False
            if not _whole_to_places(assigned[0], places, values, imported, depth + 1):
                return False
        elif isinstance(part, ast.Name) and part.id in imported:
            return False  # (``math.pi``, ``from math import pi``: no whole number)
        elif isinstance(part, ast.Constant) and type(part.value) is float:
            if len(repr(part.value).partition(".")[2]) > places or "e" in repr(part.value):
                return False
        elif isinstance(part, ast.BinOp) and isinstance(part.op, ast.Div):
            divisor = part.right
            whole = isinstance(divisor, ast.Constant) and type(divisor.value) is int and divisor.value
            if not whole or 10**places % divisor.value:
                return False
        elif not _keeps_places(part):
            return False
    return True


def _keeps_places(part: ast.AST) -> bool:
    """Whether an operation or call other than ``/`` keeps whole numbers' places: ``+``, ``-``,
    ``*``, ``//`` and ``_PLACE_KEEPING_CALLS`` do; ``**``, ``%`` of a fraction, ``sqrt`` need not."""
    if isinstance(part, ast.BinOp):
        return isinstance(part.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv))
    return not isinstance(part, ast.Call) or called_name(part) in _PLACE_KEEPING_CALLS


def _tie_edits(base: Call, places: tuple[int, ...]) -> Iterator[Call]:
    """``base`` with each number, or decimal text (``'1.234'``), made a tie at each of
    ``places``: its first digits after the point, then a 5 (``'1.235'`` at two places), and
    with the digit before the 5 of the other parity (``'1.225'``); an int's ties are floats
    (``37.05``), inputs where the contract takes floats for it."""
    for position, value in enumerate(base.args):
        for tie in _ties(value, places):
            yield _with_arg(base, position, tie)


def _ties(value: Any, places: tuple[int, ...]) -> list:
    if type(value) in (int, float) and math.isfinite(value):  # (an int takes them where floats are lifted)
        return [float(tie) for tie in _ties(f"{value:.12f}", places)]
    if type(value) is not str or not is_decimal_text(value):
        return []
    whole, _, fraction = value.partition(".")
    found: list = []
    for count in places:
        kept = whole + fraction[:count].ljust(count, "0")
        # the digit before the 5 of either parity: halves to even part from halves up at one
        for digits in (kept, kept[:-1] + str(int(kept[-1]) ^ 1)):
            tie = f"{digits[: len(whole)]}.{digits[len(whole) :]}5"
            if tie != value and digits[: len(whole)].lstrip("-"):
                _add(found, tie)
    return found


def is_decimal_text(text: str) -> bool:
    """A number written with a point: ``'2.345'``, ``'-0.5'``."""
    return bool(DECIMAL_TEXT.fullmatch(text))


@functools.lru_cache(maxsize=64)
def takes_other_types(reference: str) -> bool:
    """Whether the reference catches the ``TypeError`` an argument of another type raises
    (``except TypeError: return None``): then ``None`` is an input of its (the nineteenth pass:
    the branch the text gives for "not a number" was never reached). A test of a parameter's
    type (``isinstance(x, int)``) is not enough: it tells floats from ints as often (HumanEval/92,
    "all numbers are integers"), where ``None`` is no number the task takes."""
    tree = parsed(reference)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any(getattr(name, "id", None) == "TypeError" for name in caught):
                return True
    return False


def handles_decode_errors(reference: str) -> bool:
    """Whether the reference decodes bytes with an error handler of its choosing
    (``data.decode('utf-8', errors='replace')``, ``decode('utf-8', 'ignore')``): the handler
    parts from another only on bytes that do not decode, which the tests' own may never hold
    (the nineteenth pass)."""
    tree = parsed(reference)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)] if tree is not None else []
    return any(
        isinstance(call.func, ast.Attribute)
        and call.func.attr == "decode"
        and (len(call.args) >= 2 or any(keyword.arg == "errors" for keyword in call.keywords))
        for call in calls
    )


def _undecodable_edits(base: Call) -> Iterator[Call]:
    """Each bytes argument with a byte no UTF-8 text holds after it, then before it."""
    for position, value in enumerate(base.args):
        if type(value) is bytes:
            yield _with_arg(base, position, value + UNDECODABLE)
            yield _with_arg(base, position, UNDECODABLE + value)


def _none_edits(base: Call) -> Iterator[Call]:
    """``base`` with each argument ``None`` in turn."""
    for position, value in enumerate(base.args):
        if value is not None:
            yield _with_arg(base, position, None)


def _case_edits(base: Call, alphabet: str) -> Iterator[Call]:
    return _text_edits(base, lambda text: _case_flips(text, alphabet))


def _text_edits(base: Call, rewrites: Callable[[str], list[str]]) -> Iterator[Call]:
    """``base`` with each text argument, or text of a list (first, middle, last), replaced by each
    of its ``rewrites``."""
    for position, value in enumerate(base.args):
        if type(value) is str:
            for changed in rewrites(value):
                yield _with_arg(base, position, changed)
        elif type(value) in (list, tuple) and _texts(value):
            for index in _spread_positions(len(value)):
                for changed in rewrites(value[index]):
                    yield _with_arg(base, position, _replaced(value, index, changed))


def _padded(text: str) -> list[str]:
    """A text with a space after it, then before it (where the task's text speaks of such)."""
    return [text + " ", " " + text]


def _float_edits(base: Call) -> Iterator[Call]:
    """Each int argument, and an int of an int list (first, middle, last), passed as the float
    of the same value (where the task's text speaks of floats: a type test parts there alone)."""
    for position, value in enumerate(base.args):
        if type(value) is int:
            yield _with_arg(base, position, float(value))
        elif type(value) in (list, tuple) and value and all(type(item) is int for item in value):
            for index in _spread_positions(len(value)):
                yield _with_arg(base, position, _replaced(value, index, float(value[index])))


def _case_flips(text: str, alphabet: str) -> list[str]:
    """``text`` with its first, second or last letter in the other case: the same letter where
    the tests use it in that case, else the first letter of that case they use at all."""
    flips = []
    for index in sorted({0, 1, len(text) - 1}):
        if not (0 <= index < len(text)) or not text[index].isalpha():
            continue
        wanted = text[index].swapcase()
        if wanted not in alphabet:
            other_case = [ch for ch in alphabet if ch.isalpha() and ch.isupper() == wanted.isupper()]
            if not other_case:
                continue
            wanted = other_case[0]
        flips.append(text[:index] + wanted + text[index + 1 :])
    return flips


def _characters(visible: list[Call]) -> str:
    """Every character of the visible calls' strings (and of strings in their lists), sorted."""
    found: set[str] = set()
    for call in visible:
        for value in call.args:
            items = value if type(value) in (list, tuple) else [value]
            found.update(ch for item in items if type(item) is str for ch in item)
    return "".join(sorted(found))


def _numbers(values: list | tuple) -> bool:
    return bool(values) and all(type(v) in (int, float) for v in values)


def _texts(values: list | tuple) -> bool:
    return bool(values) and all(type(v) is str for v in values)


def _spread_positions(size: int) -> list[int]:
    return sorted({0, size // 2, size - 1}) if size else []


def _replaced(values: list | tuple, index: int, item: Any) -> list | tuple:
    changed = list(values)
    changed[index] = item
    return type(values)(changed)


def _with_arg(base: Call, position: int, value: Any) -> Call:
    return _with_args(base, {position: value})


def _with_args(base: Call, values: dict[int, Any]) -> Call:
    args = list(base.args)
    for position, value in values.items():
        args[position] = value
    return Call(tuple(args), base.kwargs)


def aimed_calls(
    visible: list[Call],
    reference: str,
    known: set[str],
    limit: int,
    mode: str = "contract-v2",
    aggregates: int = 0,
    lifts: frozenset[str] = frozenset(),
    entry: str = "",
) -> list[Call]:
    """Up to ``limit`` aimed calls, then up to ``aggregates`` aggregate meetings (a number at a
    list's sum; an arithmetic of the arguments, or a list's total, at the constant it is compared
    with), none of whose
    keys is in ``known``, inside the contract in the "contract" mode. Each kind of probe is taken
    in turn, so no kind crowds out the others; calls with a chain are aimed at by shape, every
    literal of the chain a position of its own (``Account(150).withdraw(500)`` is ``(150, 500)``),
    as the random draws are made (``fresh_calls``)."""
    named = _named_numbers(reference)
    plain = not drawn_by_shape(visible)
    sums = _compared_sums(reference, named) if plain else []
    totals = _total_bounds(_comparisons(reference), named)
    defaults = untested_defaults(reference, entry, visible) if plain and mode not in V1_MODES else ()
    return _by_shape(
        visible,
        known,
        limit + aggregates,
        lambda calls, seen, accept: _aimed_on(
            calls, reference, seen, limit, mode, aggregates, (sums, totals), accept, lifts, defaults
        ),
    )


Aim = Callable[[list[Call], set[str], "Callable[[Call], bool] | None"], list[Call]]


def _by_shape(visible: list[Call], known: set[str], limit: int, aim: Aim) -> list[Call]:
    """``aim``'s calls for ``visible``: at once where every call is plain; else for each shape's
    flat literals (``literals_of``), rebuilt in its shape, each shape in turn, up to ``limit``.
    A flat call whose values cannot make the shape's standard-library values (``datetime(2024,
    2024, 1)``) is passed over as it is drawn, so it takes no place of the budget (a meeting of
    two datetimes came after six such: the nineteenth pass). Calls passing keywords are flattened
    too, so each edit of a position reaches a keyword's value (the twenty-fifth pass:
    ``plural(n=1, word='cat')`` was never made ``n=0``, though the text says "n >= 0")."""
    if not drawn_by_shape(visible) and not any(call.kwargs for call in visible):
        return aim(visible, known, None)
    per_shape = []
    for calls in by_shape(visible):
        flat = [Call(literals_of(call)) for call in calls]

        def makeable(call: Call, like: Call = calls[0]) -> bool:
            return constructible(with_literals(call.args, like))

        drawn = aim(flat, {call.key() for call in flat}, makeable)
        rebuilt = [with_literals(call.args, calls[0]) for call in drawn]
        per_shape.append([call for call in rebuilt if call.key() not in known])
    return list(interleaved(per_shape))[:limit]


def _aimed_on(
    visible: list[Call],
    reference: str,
    known: set[str],
    limit: int,
    mode: str,
    aggregates: int,
    met: tuple[Sums, list[int | float]],
    accept: Callable[[Call], bool] | None = None,
    lifts: frozenset[str] = frozenset(),
    defaults: tuple[Unpassed, ...] = (),
) -> list[Call]:
    numbers, fields, bases = reference_numbers(reference), digit_fields(reference), parsed_bases(reference)
    for period_on in tested_divisors(reference) if mode not in V1_MODES else ():  # (``n % 100 <= 13``: 113)
        _add(numbers, period_on)
    letters, other_types = tested_letters(reference), takes_other_types(reference)
    decodes, marks, keyed = handles_decode_errors(reference), handled_marks(reference), keyed_texts(reference)
    named = met_floats(reference) | letters | ({None} if other_types else set()) | lifted(lifts)
    named |= {mark for mark in marks if type(mark) is str} | set(keyed)
    named |= based_digits(bases)
    named |= lifted(frozenset(passed_default(position) for position, _ in defaults))
    alphabet = _characters(visible) if mode != "free" else string.ascii_letters
    relations = _kept_relations(visible, mode, named)
    kinds = [
        [call for base in visible for call in _number_edits(base, numbers, fields=fields, bases=bases)],
        [call for base in visible for call in _length_edits(base)],
        [call for base in visible for call in _meeting_edits(base)],
        [call for base in visible for call in _case_edits(base, alphabet)],
        [call for base in visible for call in _letter_edits(base, sorted(letters - set(alphabet)))],
        [call for base in visible for call in _repeat_edits(base)],
        [call for base in visible for call in _sign_edits(base)],
        [call for base in visible for call in _grown_edits(base)],
        [call for base in visible for call in _tie_edits(base, rounding_places(reference))],
        [call for base in visible if other_types for call in _none_edits(base)],
        *[
            [call for base in visible for call in stated_edits(rule, base)]
            for rule in (*WORDED, *sorted(filter(range_characters, lifts)))
            if rule in lifts
        ],
        list(word_ties(visible)) if "unique" in lifts else [],
        [call for base in visible if decodes for call in _undecodable_edits(base)],
        [call for base in visible for call in default_edits(base, defaults)],
        [call for base in visible for call in _mark_edits(base, marks)],
        [call for base in visible for call in _keyed_edits(base, keyed)],
    ]
    seen = set(known)
    chosen: list[Call] = []
    cursors = [iter(kind) for kind in kinds]
    while cursors and len(chosen) < limit:
        for cursor in list(cursors):
            call = _next_new(cursor, seen, visible, mode, relations, named=named, accept=accept)
            if call is None:
                cursors.remove(cursor)
            elif len(chosen) < limit:
                chosen.append(call)
    at_constants = [  # (``w1 + w2 > 100``, ``sum(prices) >= 50``: 100, 101 and 99 as the sum)
        [call for step in (0, 1, -1) for base in visible for call in made_to(base, number + step)]
        for made_to, number, _ in _constants_met(visible, *met)
    ]
    meetings = interleaved([list(_aggregate_meetings(base)) for base in visible] + at_constants)
    for _ in range(aggregates):
        call = _next_new(meetings, seen, visible, mode, relations, named=named, accept=accept)
        if call is None:
            break
        chosen.append(call)
    return chosen


def guard_calls(
    visible: list[Call],
    reference: str,
    known: set[str],
    limit: int,
    mode: str,
    raises: bool = True,
    lifts: frozenset[str] = frozenset(),
) -> list[Call]:
    """Up to ``limit`` calls aimed at the reference's raise guards (``if balance < 0: raise
    ValueError``, ``assert n >= 0``, ``if amount > self.balance: raise ...``) and clamps
    (``max(0, min(100, x))``), inside the contract but for its floor.

    The default attack's draws move each literal a few units, so a guard the tests show only from
    afar (``Account(-5)`` raises, ``Account(10)`` does not; ``withdraw(500)`` raises on a balance
    of 150) was never crossed, and where the tests expect raises a mutant that moves it
    (``balance < 1``, ``amount >= self.balance``) was "equivalent" (the fourteenth and fifteenth
    passes). Both attacks take these (the deep one's own aimed inputs keep the contract's floor,
    which a guard's far side may lie below). Each literal of a visible call, its chain's too,
    takes a constant of a guard's test and its +/-1; where a guard compares two values neither of
    which is a constant, two literals are also made to meet (``withdraw(150)`` on the balance of
    150), in turn with the constants. Raise guards count only where the tests expect ``raises``
    (a raise is then part of the answer); clamps in the "contract-v2" inputs (the published
    method's inputs have none)."""
    tests = _guard_tests(reference, raises, clamps=mode not in V1_MODES)
    if not tests and mode not in V1_MODES and asks_if_empty(reference):
        return _fewer_uses(visible, known)[: limit // 2]  # (``if self._history:``: an empty one)
    if not tests or limit <= 0:
        return []
    named = _named_numbers(reference)
    numbers: list[int | float] = []
    for test in tests:
        for number in _numbers_in(test, named):
            _add(numbers, number)
    meet = any(_compares_two_values(test) for test in tests)
    fields, bases = digit_fields(reference), parsed_bases(reference)
    lengths = [near for length in _length_bounds(tests, named) for near in (length - 1, length, length + 1)]

    def edits(calls: list[Call]) -> Iterator[Call]:
        kinds = [
            [
                edit
                for base in calls
                for edit in _number_edits(base, numbers, sides=True, fields=fields, bases=bases)
            ]
        ]
        if lengths:  # (``if len(password) < 8: raise``: the tests pass 9 letters and 5)
            kinds.append([edit for base in calls for edit in _sized_to(base, lengths)])
        if meet:  # every pair's first meeting before any pair's second (``clamp(x, lo, hi)``'s
            # ``lo == hi`` came after twelve meetings of ``x``)
            pairs = [pair for base in calls for pair in _meetings_by_pair(base)]
            kinds.append(list(interleaved(pairs)))
        return interleaved(kinds)

    # a guard on what an object holds (``Stack.pop`` raising when empty, the tests pushing three)
    # is met with fewer calls on it; these take up to half the inputs
    fewer = _fewer_uses(visible, known)[: limit // 2]
    known = known | {call.key() for call in fewer}
    # a guard's far side may lie below every number the tests pass (``b == 0`` raising, shown
    # with 0 and 3: ``b = -1`` is a divisor the reference takes): no other contract rule eased
    named = met_floats(reference) | lifted(lifts) | based_digits(bases)
    return _aimed_at(visible, known, limit - len(fewer), mode, edits, floors=False, named=named) + fewer


@functools.lru_cache(maxsize=64)
def asks_if_empty(reference: str) -> bool:
    """Whether a method of the reference's tests whether something its object holds is empty
    (``if len(self._history) > 0:``, ``if self.items:``, ``while not self.stack``): a state the
    tests may never reach, an object used less than any test uses it (the thirty-first pass: an
    editor's ``undo()`` on no history, which the text says does nothing, was never drawn)."""
    tree = parsed(reference)
    methods = [
        node
        for owner in (ast.walk(tree) if tree is not None else ())
        if isinstance(owner, ast.ClassDef)
        for node in owner.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    tests = [
        node.test for method in methods for node in ast.walk(method) if isinstance(node, (ast.If, ast.While))
    ]
    return any(_held_by_self(_unwrapped(test)) for test in tests)


def _unwrapped(test: ast.expr) -> ast.expr:
    """``test`` without a ``not`` and a comparison with a number (``len(self.x) > 0``)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.comparators) == 1 and _constant(test.comparators[0]):
        test = test.left
    if isinstance(test, ast.Call) and called_name(test) == "len" and len(test.args) == 1:
        test = test.args[0]
    return test


def _held_by_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _fewer_uses(visible: list[Call], known: set[str]) -> list[Call]:
    """Each object the tests call several times (``s = Stack(); s.push(1); s.push(2); s.push(3);
    s.pop()``) made with its first one, two, ... uses left out, the last always kept
    (``s.push(3); s.pop()``): the object then holds less than any test gave it (the sixteenth
    pass: one item held was never reached). No literal changes, so the contract holds."""
    fewer: list[Call] = []
    seen = set(known)
    for base in visible:
        for cut in range(1, len(base.uses)):
            roots = base.roots[cut:] if base.roots else base.roots
            call = replace(base, uses=base.uses[cut:], roots=roots)
            if call.key() not in seen:
                seen.add(call.key())
                fewer.append(call)
    return fewer


def boundary_calls(
    visible: list[Call],
    reference: str,
    known: set[str],
    limit: int,
    mode: str,
    lifts: frozenset[str] = frozenset(),
    entry: str = "",
) -> list[Call]:
    """Up to ``limit`` calls on the boundaries of the reference's comparisons, with a constant
    (``return int(age) >= 18``, ``if n > 100: n = 100``) or of two values read by name (``return
    a > b``), inside the contract: the default attack's share of what the deep attack aims at.

    The commonest mutants, ``>=`` for ``>`` and a constant one higher, differ from their
    reference at one value alone, which a few random draws around the tests' numbers reach only
    by luck (``is_adult('30')`` and ``is_adult('12')`` never drew ``'18'``: the fifteenth and
    sixteenth passes). Each literal of a visible call, its chain's too, takes each compared
    constant, each constant's +1 (where ``> 18`` and ``> 19`` part) and its -1; every one of these
    values gets one input (the visible calls in turn) before any gets a second, so a small budget
    reaches every constant and neighbour even where many visible calls could each take the first
    (``3 <= len(name) <= 12`` over five names met 13 letters never: the seventeenth pass). A
    neighbour lies only on a side of its constant that some visible value lies on too: where
    every test passes a score of 100 or less, ``score > 100`` is the reference's answer to an
    input the task may never give (``to_gpa(101)``: the seventeenth pass), and crossing it is
    left to the deep attack. Where the reference compares two values read by name (``return a >
    b``, ``other.rank > self.rank``), ``>=`` for ``>`` parts from it only where they are equal:
    after the constants themselves, each pair of literals of one type meets once (the second
    takes the first's value), the visible calls in turn; where it compares an item of a sequence
    (``arr[i] > arr[i + 1]``), up to ``TIE_DRAWS`` more inputs repeat an item in place (on their
    own budget: spent with the others they moved verdicts for the budget alone). A number read
    inside a text is written where the reference slices it out (``int(room[1:3])``,
    ``digits.py``), and an arithmetic of the arguments compared with a constant (``w1 + w2 >
    100``) takes its value by solving for one argument (``arithmetic.py``): the seventeenth
    pass. A remainder's divisor the reference computes with (``% 26``, ``wrap_divisors``) is
    met like a compared constant in the "contract-v2" inputs: the nineteenth pass. A constant
    compared inside the ``entry``'s branches is met first from the calls that take them
    (``branches.py``: the twenty-fifth pass). A remainder tested against a constant (``y % 400 ==
    0``) is met at its divisor, up to ``DIVISOR_DRAWS`` more inputs (the twenty-sixth pass). In
    the "contract-v2" inputs, met as compared constants too (the thirtieth and thirty-first
    passes): a ``match``'s literal cases (``_comparisons``), the value a loop's first test sets a
    parameter against (``loop_starts``), items of two arguments compared by index (made equal),
    the characters a range test ends on, and the texts the reference compares or keys by."""
    comparisons, named = _comparisons(reference), _named_numbers(reference)
    numbers = _compared_constants(comparisons, named)
    for divisor in wrap_divisors(reference) if mode not in V1_MODES else ():  # (where a value wraps)
        _add(numbers, divisor)
    for start in loop_starts(reference) if mode not in V1_MODES else ():  # (a loop's first test)
        _add(numbers, start)
    meet = any(_compares_two_inputs(node) for node in comparisons)
    ties = any(_compares_an_item(node) for node in comparisons)
    items = _compared_items(comparisons, parameter_names(reference, entry)) if mode not in V1_MODES else ()
    characters = ordered_characters(reference) if mode not in V1_MODES else ()
    keyed = keyed_texts(reference) if mode not in V1_MODES else ()
    divisors = tested_divisors(reference) if mode not in V1_MODES else ()
    if not (numbers or meet or ties or items or divisors or characters or keyed) or limit <= 0:
        return []
    lengths = _length_bounds(comparisons, named)
    totals = _total_bounds(comparisons, named)
    fields, bases = digit_fields(reference), parsed_bases(reference)
    sums = [] if drawn_by_shape(visible) else _compared_sums(reference, named)
    branches = _branches_of_constants(reference, entry, named) if mode not in V1_MODES else {}

    def edits(calls: list[Call]) -> Iterator[Call]:
        shown = _numbers_shown(calls)
        sizes = [len(value) for call in calls for value in call.args if type(value) in SIZED]
        aims: list[list[Call]] = []  # one per value aimed at: its edits of each visible call in turn
        for step in (0, 1, -1):
            aims += [
                [
                    edit
                    for base in _branch_first(calls, branches.get(number, []))
                    for edit in _number_edits(
                        base, [number + step], exact=True, fields=fields, floats=step == 0, bases=bases
                    )
                ]
                for number in numbers
                if _shown_beyond(number, step, shown)
            ]
            aims += [
                [edit for base in calls for edit in made_to(base, number + step)]
                for made_to, number, values in _constants_met(calls, sums, totals)
                if _shown_beyond(number, step, values)
            ]
            aims += [
                [edit for base in calls for edit in _sized_to(base, [length + step])]
                for length in lengths
                if _shown_beyond(length, step, sizes)
            ]
            if step == 0 and meet:
                aims.append(
                    list(interleaved([pair[:1] for base in calls for pair in _meetings_by_pair(base)]))
                )
            if step == 0 and items:
                aims.append(list(interleaved([list(_item_meetings(base, items)) for base in calls])))
            aims += [  # (``c >= '0'``: the character itself, then the one past it, then before)
                [edit for base in calls for edit in _letter_edits(base, [chr(ord(character) + step)])]
                for character in characters
                if ord(character) + step >= 0
            ]
            if step == 0:  # (``unit == 'F'``, a menu's ``'cake'``: a text compared is met as a number is)
                aims += [[edit for base in calls for edit in _keyed_edits(base, (text,))] for text in keyed]
        yield from interleaved(aims)

    named = met_floats(reference) | lifted(lifts) | based_digits(bases) | set(keyed)
    aiming = numbers or meet or items or characters or keyed
    chosen = _aimed_at(visible, known, limit, mode, edits, True, named) if aiming else []
    if ties:  # (``arr[i] > arr[i + 1]`` ties where an item is repeated: beside the others)
        known = known | {call.key() for call in chosen}
        chosen += _aimed_at(visible, known, TIE_DRAWS, mode, _repeats_in_turn, floors=True, named=named)
    if divisors:  # (``y % 400 == 0`` meets its mutants at a multiple: beside the others)

        def multiples(calls: list[Call]) -> Iterator[Call]:
            return interleaved(
                [[edit for base in calls for edit in _number_edits(base, [d], exact=True)] for d in divisors]
            )

        known = known | {call.key() for call in chosen}
        chosen += _aimed_at(visible, known, DIVISOR_DRAWS, mode, multiples, floors=True, named=named)
    return chosen


def _branches_of_constants(reference: str, entry: str, named: dict[str, int | float]) -> Branches:
    """For each constant compared inside branches of ``entry``, the branches around each such
    comparison (with the parameters that name the arguments)."""
    found: Branches = {}
    for node, conditions, parameters in nested_comparisons(reference, entry) if entry else ():
        for number in _constant_numbers([node.left, *node.comparators], named):
            found.setdefault(number, []).append((conditions, parameters))
    return found


def _branch_first(
    calls: list[Call], branches: list[tuple[tuple[Condition, ...], tuple[str, ...]]]
) -> list[Call]:
    """``calls``, those that take every branch around one of ``branches``' comparisons first."""
    if not branches:
        return calls
    taking = [any(takes_every_branch(call, *branch) for branch in branches) for call in calls]
    return [call for call, first in zip(calls, taking) if first] + [
        call for call, first in zip(calls, taking) if not first
    ]


def one_item_calls(visible: list[Call], reference: str, known: set[str], limit: int, mode: str) -> list[Call]:
    """Up to ``limit`` visible calls with a sequence or text argument cut to one item (the first
    items of the calls in turn, then the last, then the middle), inside the contract, where the
    reference answers otherwise when a search finds nothing or reads a fixed position
    (``short_inputs.py``): the default attack's share of the deep attack's cuts."""
    if limit <= 0 or not (answers_when_nothing_is_found(reference) or reads_a_fixed_position(reference)):
        return []

    def edits(calls: list[Call]) -> Iterator[Call]:
        for which in (lambda size: 0, lambda size: size - 1, lambda size: size // 2):
            for base in calls:
                for position, value in enumerate(base.args):
                    if type(value) in SIZED and len(value) > 1:
                        index = which(len(value))
                        yield _with_arg(base, position, value[index : index + 1])

    return _aimed_at(visible, known, limit, mode, edits, floors=True)


def stated_calls(
    visible: list[Call], known: set[str], limit: int, mode: str, lifts: frozenset[str]
) -> list[Call]:
    """Up to ``limit`` calls of the kinds of input the task's text speaks of and the tests never
    show (``lifts``: ``stated_domain.lifted_rules``): an empty argument ("0.0 for an empty
    list"), a repeated item ("ties go to the first"), a negated number ("the sign is ignored"),
    a padded text, an int passed as a float; each kind in turn, the visible calls in turn. The
    default attack's share of what the deep attack aims at (the twentieth pass: by default no
    draw was ever empty, tied or negative, so ``return None`` for ``return 0.0`` and ``>=`` for
    ``>`` at a tie survived where the text named the very case)."""
    if not lifts or limit <= 0:
        return []

    def edits(calls: list[Call]) -> Iterator[Call]:
        kinds = [[call for base in calls for call in stated_edits(rule, base)] for rule in sorted(lifts)]
        return interleaved(kinds + [list(word_ties(calls)) if "unique" in lifts else []])

    return _aimed_at(visible, known, limit, mode, edits, True, lifted(lifts))


def _spaced(text: str) -> list[str]:
    """A text with its first inner space doubled, then made a tab, then a newline."""
    inner = text.find(" ", 1)
    if not 0 < inner < len(text) - 1:
        return []
    return [text[:inner] + run + text[inner + 1 :] for run in ("  ", "\t", "\n")]


def _cased(text: str) -> list[str]:
    """A text with its first letter, then every letter, in the other case."""
    first = next((i for i, ch in enumerate(text) if ch.isalpha()), None)
    if first is None:
        return []
    return list(dict.fromkeys([text[:first] + text[first].swapcase() + text[first + 1 :], text.swapcase()]))


def _crlf_edits(base: Call) -> Iterator[Call]:
    """``base`` with each text or bytes argument's line ends (``\\n``) made ``\\r\\n``."""
    for position, value in enumerate(base.args):
        if type(value) is str and "\n" in value:
            yield _with_arg(base, position, value.replace("\r\n", "\n").replace("\n", "\r\n"))
        elif type(value) is bytes and b"\n" in value:
            yield _with_arg(base, position, value.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


def _not_a_number(base: Call) -> Iterator[Call]:
    """``base`` with each float argument, and the first float of a float list, made NaN."""
    for position, value in enumerate(base.args):
        if type(value) is float:
            yield _with_arg(base, position, math.nan)
        elif type(value) in (list, tuple) and value and type(value[0]) is float:
            yield _with_arg(base, position, _replaced(value, 0, math.nan))


def _unequal_lengths(base: Call) -> Iterator[Call]:
    """``base`` with a sequence argument as long as another made one item shorter, then one item
    longer (its first item again): ``dot([1, 2], [3, 4])`` meets ``dot([1, 2], [3])``."""
    sized = [(position, value) for position, value in enumerate(base.args) if type(value) in (list, tuple)]
    lengths = [len(value) for _, value in sized]
    for position, value in reversed(sized):
        if value and lengths.count(len(value)) > 1:
            yield _with_arg(base, position, value[:-1])
            yield _with_arg(base, position, value + value[:1])
            return


def _zeroed(base: Call) -> Iterator[Call]:
    """``base`` with each int argument above 0 made 0."""
    for position, value in enumerate(base.args):
        if type(value) is int and value > 0:
            yield _with_arg(base, position, 0)


# The lifts whose inputs no other kind of the deep attack makes (``_aimed_on``), in its order.
WORDED = ("padded", "float", "case", "spaces", "whitespace", "zero", "crlf", "overlap", "nan", "lengths")
# The inputs of each rule the text lifts (``stated_calls``).
STATED_EDITS: dict[str, Callable[[Call], Iterator[Call]]] = {
    "nonempty": lambda base: _sized_to(base, [0]),  # each sized argument made empty
    "unique": lambda base: itertools.chain(_repeat_edits(base), _negation_ties(base)),  # (x and -x too)
    "floor": _sign_edits,
    "padded": lambda base: _text_edits(base, _padded),
    "float": _float_edits,
    "case": lambda base: _text_edits(base, _cased),
    "spaces": lambda base: _text_edits(base, _spaced),
    "whitespace": lambda base: _text_edits(base, _doubled_space),
    "lengths": _unequal_lengths,
    "zero": _zeroed,
    "crlf": _crlf_edits,
    "overlap": overlapping,
    "nan": _not_a_number,
}


def stated_edits(rule: str, base: Call) -> Iterator[Call]:
    """The inputs of a rule the text lifts, made from ``base`` (``STATED_EDITS``, and a range of
    characters the text names: ``_range_ends``)."""
    characters = range_characters(rule)
    if characters:
        return _text_edits(base, lambda text: _range_ends(text, characters))
    return STATED_EDITS[rule](base)


def _range_ends(text: str, characters: str) -> list[str]:
    """``text`` with its last character of the range ``characters`` made the range's last, then
    the one before it, then its first (those ``text`` does not hold already): "lowercase a-z"
    tested on ``'abc'`` meets ``'abz'``, ``'aby'`` (a shift cipher's wrap round)."""
    inside = [index for index, ch in enumerate(text) if ch in characters]
    if not inside:
        return []
    at = inside[-1]
    ends = dict.fromkeys(ch for ch in (characters[-1], characters[-2], characters[0]) if ch not in text)
    return [text[:at] + end + text[at + 1 :] for end in ends]


def _repeats_in_turn(calls: list[Call]) -> Iterator[Call]:
    """Each visible call with an item repeated in place, every call's first before any second."""
    return interleaved([list(_repeat_edits(base)) for base in calls])


Sums = list[tuple[Arithmetic, list[int | float]]]


def _compared_sums(reference: str, named: dict[str, int | float]) -> Sums:
    """Each arithmetic of a function's parameters compared with constants (``w1 + w2 > 100``),
    with them; not a remainder (``n % 4 == 0``: a value of the remainder, not of any input)."""
    found = []
    for arithmetic in compared_arithmetic(reference):
        constants = list(_constant_numbers(list(arithmetic.sides), named))
        if constants and not _remainder(arithmetic.expression):
            found.append((arithmetic, constants))
    return found


def _constants_met(
    calls: list[Call], sums: Sums, totals: list[int | float]
) -> list[tuple[Callable[[Call, int | float], Iterator[Call]], int | float, list[int | float]]]:
    """For each arithmetic of the arguments and each list's total compared with a constant: the
    edit that makes a call's value a given number, the constant, and the values the calls show."""
    met: list = []
    for arithmetic, constants in sums:
        values = [value for value in (value_at(arithmetic, call) for call in calls) if value is not None]
        met += [(functools.partial(meeting_edits, arithmetic), number, values) for number in constants]
    shown = [
        sum(value)
        for call in calls
        for value in call.args
        if type(value) in (list, tuple) and _numbers(value)
    ]
    return met + [(_totalled_to, total, shown) for total in totals]


def _compares_an_item(node: ast.Compare) -> bool:
    """Whether ``node`` sets an item of a sequence against another value, neither a constant
    (``arr[i] > arr[i + 1]``, ``nums[i] < best``): they meet where an item is repeated."""
    sides = [node.left, *node.comparators]
    return any(isinstance(side, ast.Subscript) for side in sides) and not any(map(_constant, sides))


# (argument position, item index) of an item a comparison reads by a constant index
ItemRead = tuple[int, int]


def _compared_items(
    comparisons: list[ast.Compare], parameters: tuple[str, ...]
) -> tuple[tuple[ItemRead, ItemRead], ...]:
    """Each pair of items of two arguments a comparison sets against each other by constant
    indices (``a[0] <= b[1]``, of intervals ``a`` and ``b``): ``<`` for ``<=`` parts from it only
    where those two items are equal, which no draw editing one number at a time made (the
    thirtieth pass: intervals that touch were never drawn by default)."""
    found = []
    for node in comparisons:
        sides = [_item_read(side, parameters) for side in (node.left, *node.comparators)]
        for first, second in zip(sides, sides[1:]):
            if first is not None and second is not None and first[0] != second[0]:
                found.append((first, second))
    return tuple(dict.fromkeys(found))


def _item_read(side: ast.expr, parameters: tuple[str, ...]) -> ItemRead | None:
    """(position, index) where ``side`` is a parameter's item at a constant index (``b[1]``)."""
    if not (isinstance(side, ast.Subscript) and isinstance(side.value, ast.Name)):
        return None
    index = side.slice
    if not (isinstance(index, ast.Constant) and type(index.value) is int and side.value.id in parameters):
        return None
    return parameters.index(side.value.id), index.value


def _item_meetings(base: Call, items: tuple[tuple[ItemRead, ItemRead], ...]) -> Iterator[Call]:
    """``base`` with each compared pair of items made equal, either taking the other's value."""
    for (one, at_one), (other, at_other) in items:
        if max(one, other) >= len(base.args):
            continue
        first, second = base.args[one], base.args[other]
        if not all(
            type(v) in (list, tuple) and -len(v) <= at < len(v)
            for v, at in ((first, at_one), (second, at_other))
        ):
            continue
        if type(first[at_one]) is not type(second[at_other]):
            continue
        yield _with_arg(base, other, _replaced(second, at_other, first[at_one]))
        yield _with_arg(base, one, _replaced(first, at_one, second[at_other]))


def _compares_two_inputs(node: ast.Compare) -> bool:
    """Whether ``node`` compares two values read by name (``a > b``, ``other.rank > self.rank``)."""
    return sum(isinstance(side, (ast.Name, ast.Attribute)) for side in (node.left, *node.comparators)) >= 2


def _numbers_shown(calls: list[Call]) -> list[int | float]:
    """The numbers the calls pass: arguments, items of number lists, runs of digits in texts and
    in lists of texts."""
    shown: list[int | float] = []
    for value in (value for call in calls for value in call.args):
        if type(value) in (int, float):
            shown.append(value)
        elif type(value) in (list, tuple) and _numbers(value):
            shown += list(value)
        elif type(value) is str or type(value) in (list, tuple) and _texts(value):
            texts = [value] if type(value) is str else value
            shown += [int(digits) for text in texts for digits in DIGITS.findall(text)]
    return shown


def _shown_beyond(constant: int | float, step: int, shown: list) -> bool:
    """Whether ``constant + step`` lies on a side of ``constant`` some shown value lies on (the
    constant itself always)."""
    return step == 0 or any((value - constant) * step > 0 for value in shown)


def _aimed_at(
    visible: list[Call],
    known: set[str],
    limit: int,
    mode: str,
    edits: Callable[[list[Call]], Iterator[Call]],
    floors: bool,
    named: frozenset = frozenset(),
) -> list[Call]:
    """The first ``limit`` new ``edits`` of the visible calls (of each shape's flat literals) that
    stay inside the contract; ``floors``: whether its lower bounds hold; ``named``: the values
    the reference names that an argument may take beyond the tests' own (``met_floats``,
    ``tested_letters``)."""

    def aim(calls: list[Call], seen: set[str], accept: Callable[[Call], bool] | None) -> list[Call]:
        cursor = edits(calls)
        relations = _kept_relations(calls, mode, named)
        seen = set(seen)
        chosen: list[Call] = []
        while (
            len(chosen) < limit
            and (call := _next_new(cursor, seen, calls, mode, relations, floors, named, accept)) is not None
        ):
            chosen.append(call)
        return chosen

    return _by_shape(visible, known, limit, aim)


def _compared_constants(comparisons: list[ast.Compare], named: dict[str, int | float]) -> list[int | float]:
    """The numeric constants ``comparisons`` set a value against (``n > 100``, ``0 <= i < 10``,
    ``amount > LIMIT``), in source order, once each."""
    numbers: list[int | float] = []
    for node in comparisons:
        for number in _constant_numbers([node.left, *node.comparators], named):
            _add(numbers, number)
    return numbers


def _constant_numbers(sides: list[ast.expr], named: dict[str, int | float]) -> Iterator[int | float]:
    """The numbers of the sides of a comparison that are constants, or names ``named`` binds."""
    for side in sides:
        if _constant(side) or _name_of(side) in named:
            yield from _numbers_in(side, named)


def _comparisons(reference: str) -> list[ast.Compare]:
    """The reference's comparisons that have a boundary: not membership or identity tests, nor
    a remainder's (``n % i == 0``: a value of the remainder, not of any input)."""
    tree = parsed(reference)
    if tree is None:
        return []
    return [
        node
        for node in [*ast.walk(tree), *_case_comparisons(tree)]
        if isinstance(node, ast.Compare)
        and not isinstance(node.ops[0], MEMBERSHIP)
        and not any(_remainder(side) for side in (node.left, *node.comparators))
    ]


@functools.lru_cache(maxsize=64)
def _case_comparisons(tree: ast.Module) -> tuple[ast.Compare, ...]:
    """``subject == value`` for each literal a ``match`` statement's ``case`` tests its subject
    against (``case 500:``, ``case 404 | 410:``): a compared constant as surely as an ``if``'s
    (the thirtieth pass: ``case 500:`` made ``case 501:`` met no 500 by default). Cached by the
    tree, so each reading meets the same nodes."""
    found = []
    for match in (node for node in ast.walk(tree) if isinstance(node, ast.Match)):
        for case in match.cases:
            patterns = case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
            for pattern in patterns:
                if isinstance(pattern, ast.MatchValue):
                    compared = ast.Compare(match.subject, [ast.Eq()], [pattern.value])
                    found.append(ast.copy_location(compared, pattern))
    return tuple(found)


@functools.lru_cache(maxsize=64)
def tested_divisors(reference: str) -> tuple[int, ...]:
    """The numbers where a remainder the reference tests against constants meets them a period
    on: its divisor (3 or more) plus each constant below it. ``y % 400 == 0`` gives 400, where
    ``% 401`` or ``== 1`` part from it and no number near the tests' (2024, 1900) is one (the
    twenty-sixth pass's leap year); ``11 <= n % 100 <= 13`` gives 111 and 113, where ``% 101``
    parts from it and tests of 11 to 13 and 101 do not (the twenty-sixth pass's ordinal
    suffixes, "111th")."""
    tree = parsed(reference)
    found: list[int] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        divisors = [divisor for divisor in map(_wrapping_divisor, sides) if divisor is not None]
        met = [value for value in map(_int_constant, sides) if value is not None]
        for divisor in divisors[:1] if len(divisors) == 1 else ():
            for value in met:
                if 0 <= value < divisor:
                    _add(found, divisor + value)
    return tuple(sorted(found, reverse=True))  # (the largest first: a small one is met by chance)


@functools.lru_cache(maxsize=64)
def wrap_divisors(reference: str) -> tuple[int, ...]:
    """The constant divisors (3 or more) of remainders the reference computes with rather than
    compares (``chr((ord(c) - 97 + k) % 26 + 97)``): a wrap, which ``% 27`` for ``% 26`` hides
    until a value reaches it (the nineteenth pass's Caesar shift, tested with no letter wrapping);
    a remainder compared (``n % 2 == 0``) is a test of the remainder, not a wrap."""
    tree = parsed(reference)
    if tree is None:
        return ()
    compared = {
        id(side)
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        for side in ast.iter_child_nodes(node)
    }
    found: list[int] = []
    for node in ast.walk(tree):
        divisor = _wrapping_divisor(node) if id(node) not in compared else None
        if divisor is not None:
            _add(found, divisor)
    return tuple(found)


def _wrapping_divisor(node: ast.AST) -> int | None:
    """The constant int divisor, 3 or more, of a remainder ``node`` (``x % 26``), else None."""
    divisor = node.right if _remainder(node) else None  # type: ignore[attr-defined]
    if isinstance(divisor, ast.Constant) and type(divisor.value) is int and divisor.value >= 3:
        return divisor.value
    return None


def _int_constant(node: ast.expr) -> int | None:
    """The int a constant as written names (``-1`` too), else None."""
    value = ast.literal_eval(node) if _constant(node) else None
    return value if type(value) is int else None


def _remainder(node: ast.expr) -> bool:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)


def _total_bounds(comparisons: list[ast.Compare], named: dict[str, int | float]) -> list[int | float]:
    """The numbers a list's total is compared with (``sum(prices) >= 50``)."""
    return _bounds_of_a_call(comparisons, "sum", named)


def _bounds_of_a_call(
    comparisons: Iterable[ast.Compare], called: str, named: dict[str, int | float]
) -> list[int | float]:
    """The numbers ``comparisons`` set against a call of ``called`` (``len(s) < 8``, ``sum(q) >
    w``), in source order, once each."""
    found: list[int | float] = []
    for node in comparisons:
        sides = [node.left, *node.comparators]
        if any(isinstance(side, ast.Call) and called_name(side) == called for side in sides):
            for number in _constant_numbers(sides, named):
                _add(found, number)
    return found


def _totalled_to(base: Call, total: int | float) -> Iterator[Call]:
    """``base`` with a number list argument made to total ``total``: one item (first, middle,
    last) moved by the difference, or an empty list given the one item."""
    for position, value in enumerate(base.args):
        if type(value) in (list, tuple) and not value:
            yield _with_arg(base, position, type(value)([total]))
        elif type(value) in (list, tuple) and _numbers(value):
            for index in _spread_positions(len(value)):
                moved = value[index] + (total - sum(value))
                if type(value[index]) is int and type(moved) is not int:
                    continue
                yield _with_arg(base, position, _replaced(value, index, moved))


def _length_bounds(nodes: list[ast.expr], named: dict[str, int | float]) -> list[int]:
    """The whole numbers a length is compared with in ``nodes`` (``len(password) < 8``)."""
    comparisons = (inner for outer in nodes for inner in ast.walk(outer) if isinstance(inner, ast.Compare))
    return [number for number in _bounds_of_a_call(comparisons, "len", named) if type(number) is int]


@functools.lru_cache(maxsize=64)
def loop_starts(reference: str) -> tuple[int, ...]:
    """The value a ``while`` loop's test sets a parameter against on its first turn, where the
    other side reads only counters the loop's own statements set to whole numbers just before it
    (``i = 1`` then ``while i * i <= n``: 1): the input at which the loop first runs, and where a
    counter started one off (``i = 2``) parts from the reference (the thirtieth pass: MBPP's
    perfect square was never asked of 1 by default)."""
    tree = parsed(reference)
    found: list[int] = []
    for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)) if tree is not None else ():
        parameters = {a.arg for a in [*function.args.posonlyargs, *function.args.args]}
        for body in (n.body for n in ast.walk(function) if isinstance(getattr(n, "body", None), list)):
            counters: dict[str, int] = {}
            for statement in body:
                if isinstance(statement, ast.While) and isinstance(statement.test, ast.Compare):
                    test = statement.test
                    sides = [test.left, *test.comparators]
                    others = [side for side in sides if getattr(side, "id", "") not in parameters]
                    if len(sides) == 2 and len(others) == 1:  # (one side a parameter, as written)
                        value = _counted(others[0], counters)
                        if value is not None and value not in found:
                            found.append(value)
                counters.update(
                    (name, value.value)
                    for name, value in assignments([statement])
                    if isinstance(value, ast.Constant) and type(value.value) is int
                )
    return tuple(found)


def _counted(node: ast.expr, counters: dict[str, int]) -> int | None:
    """``node``'s value where it reads only ``counters`` and whole numbers with ``+ - *``."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return counters.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
        left, right = _counted(node.left, counters), _counted(node.right, counters)
        if left is None or right is None:
            return None
        return (
            left + right
            if isinstance(node.op, ast.Add)
            else left - right
            if isinstance(node.op, ast.Sub)
            else left * right
        )
    return None


def _named_numbers(reference: str) -> dict[str, int | float]:
    """The numbers the reference binds to a name at its top level or in a class's body
    (``LIMIT = 100``, a class's ``MAX = 5``), to an attribute of ``self`` (``self.limit = 500``),
    or as a parameter's default (``limit=5``): a guard written against the name (``amount >
    LIMIT``, ``t > self.MAX``, ``len(s) > limit``) has its boundary at the number (the sixteenth
    and seventeenth passes). The first binding of a name counts."""
    tree = parsed(reference)
    if tree is None:
        return {}
    bodies = [tree.body, *(node.body for node in tree.body if isinstance(node, ast.ClassDef))]
    bound = [found for body in bodies for found in assignments(body)]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):  # ``def f(s, limit=5)``
            bound += positional_defaults(node.args)
            bound += [(a.arg, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:  # ``self.limit = 500``
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and getattr(target.value, "id", "") in ("self", "cls"):
                bound.append((target.attr, node.value))
    named: dict[str, int | float] = {}
    for name, value in bound:
        numbers = reference_numbers(ast.unparse(value)) if _constant(value) else []
        if numbers:
            named.setdefault(name, numbers[0])
    return named


def _name_of(node: ast.AST) -> str | None:
    """The name a value is read by: ``LIMIT``, or ``MAX`` of ``self.MAX`` and ``Card.MAX``."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _numbers_in(node: ast.AST, named: dict[str, int | float]) -> list[int | float]:
    """The numbers written in ``node``, then those of the names it reads that ``named`` binds."""
    numbers = reference_numbers(ast.unparse(node))
    for inner in ast.walk(node):
        name = _name_of(inner)
        if name in named:
            _add(numbers, named[name])
    return numbers


def _guard_tests(reference: str, raises: bool = True, clamps: bool = True) -> list[ast.expr]:
    """The tests of the reference's guards: an ``if`` whose own body raises and an ``assert``
    (where ``raises``), and a clamp of a parameter between constants (``max(0, min(100, x))``:
    the code says what it does below 0 and above 100, so those are inputs it takes, where the
    tests may pass 50 and 150 alone; the nineteenth pass's ``max(1, ...)`` was never met)."""
    tree = parsed(reference)
    if tree is None:
        return []
    parameters = _parameters(tree)
    guards = [
        node.test
        for node in ast.walk(tree)
        if (isinstance(node, ast.If) and any(isinstance(statement, ast.Raise) for statement in node.body))
        or isinstance(node, ast.Assert)
    ]
    held = [node for node in ast.walk(tree) if _clamps(node, parameters)] if clamps else []
    return (guards if raises else []) + held


def _parameters(tree: ast.AST) -> set[str]:
    """The names of the parameters of every function the module defines."""
    return {
        argument.arg
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for argument in node.args.args + node.args.kwonlyargs
    }


def _clamps(node: ast.AST, parameters: set[str]) -> bool:
    """Whether ``node`` is ``max``/``min`` of a number constant and a parameter, or of a number
    constant and another such clamp (``max(0, min(100, x))``)."""
    if not isinstance(node, ast.Call) or called_name(node) not in ("max", "min"):
        return False
    if len(node.args) != 2 or node.keywords:
        return False
    numbers = [arg for arg in node.args if _constant(arg) and _is_number(getattr(arg, "operand", arg))]
    others = [arg for arg in node.args if not _constant(arg)]
    return (
        len(numbers) == 1
        and len(others) == 1
        and (
            (isinstance(others[0], ast.Name) and others[0].id in parameters) or _clamps(others[0], parameters)
        )
    )


def _compares_two_values(test: ast.expr) -> bool:
    """Whether a comparison in ``test`` sets two values against each other, neither a constant
    (``amount > self.balance``, ``lo > hi``): its boundary is where they meet."""
    for node in ast.walk(test):
        if isinstance(node, ast.Compare) and not isinstance(node.ops[0], MEMBERSHIP):
            sides = [node.left, *node.comparators]
            if sum(not _constant(side) for side in sides) >= 2:
                return True
    return False


def _constant(node: ast.expr) -> bool:
    """A constant as written, signed ones too (``-273.15``)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant)


def _kept_relations(visible: list[Call], mode: str, named: frozenset) -> Relations | None:
    """The relations every visible call keeps (none in the v1 modes), but one length for two
    sequences where the text speaks of different lengths (``Lifted("lengths")`` among ``named``:
    "lists of different lengths raise")."""
    if mode in V1_MODES:
        return None
    relations = learn_relations(visible)
    return replace(relations, same_length=()) if Lifted("lengths") in named else relations


def _next_new(
    cursor: Iterator[Call],
    seen: set[str],
    visible: list[Call],
    mode: str,
    relations: Relations | None,
    floors: bool = True,
    named: frozenset = frozenset(),
    accept: Callable[[Call], bool] | None = None,
) -> Call | None:
    """The next of ``cursor``'s calls that is new, inside the contract and its relations, and
    that ``accept`` (where given) takes."""
    for drawn in cursor:
        call = new_draw(drawn, relations, seen)
        if call is None:
            continue
        if mode != "free":
            if relations is not None:
                broken = relations_broken(call, relations)
            else:
                broken = relation_violations(call, visible, mode)
            if contract_violations(call, visible, mode, floors, named) or broken:
                continue
        if accept is None or accept(call):
            return call
    return None
