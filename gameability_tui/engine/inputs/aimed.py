"""Inputs aimed at the mutants (the deep attack), beside the random draws of ``fresh_inputs``;
and the default attack's share of them (``boundary_calls``: compared constants; ``guard_calls``:
raise guards, for both attacks). What each aims at is read from the reference's source by
``reference_facts``; here it is met by editing the visible calls.

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

import functools
import itertools
import math
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from .arithmetic import meeting_edits, value_at
from .branches import Condition, nested_comparisons, takes_every_branch
from .calls import Call, interleaved, parameter_names
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
from .reference_facts import (
    ItemRead,
    Sums,
    add_once,
    asks_if_empty,
    compared_constants,
    compared_items,
    compared_sums,
    compares_an_item,
    compares_two_inputs,
    compares_two_values,
    comparisons_of,
    constant_numbers,
    guard_tests,
    handled_marks,
    handles_decode_errors,
    keyed_texts,
    length_bounds,
    loop_starts,
    met_floats,
    named_numbers,
    numbers_in,
    ordered_characters,
    reference_numbers,
    rounding_places,
    takes_other_types,
    tested_divisors,
    tested_letters,
    total_bounds,
    wrap_divisors,
)
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
DECIMAL_TEXT = re.compile(r"-?[0-9]+\.[0-9]+")  # a number written with a point
UNDECODABLE = b"\xff"  # a byte that starts no UTF-8 sequence


def _keyed_edits(base: Call, texts: tuple[str, ...]) -> Iterator[Call]:
    """Each text argument made each of ``texts`` it is not already."""
    for position, value in enumerate(base.args):
        if type(value) is str:
            for text in texts:
                if text != value:
                    yield _with_arg(base, position, text)


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
                add_once(values, candidate)
            if floats and not number.is_integer():
                add_once(values, number)
            continue
        if kind is int and type(number) is not int:
            continue
        for candidate in (number,) if exact else (number - 1, number, number + 1):
            try:
                add_once(values, kind(candidate))
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


def _tied_inputs(calls: list[Call], lifts: frozenset[str]) -> list[list[Call]]:
    """Where the text speaks of ties (``"unique"`` lifted), the inputs that tie as the text
    orders: words of one length (``word_ties``), records on one field (``_field_ties``)."""
    if "unique" not in lifts:
        return []
    return [list(word_ties(calls)), [call for base in calls for call in _field_ties(base)]]


def _field_ties(base: Call) -> Iterator[Call]:
    """In each list of records (tuples or lists of one length), a record given another's value
    in one field, so that the two tie there, the list reversed (so that what breaks the tie,
    their order in the input or their other fields, shows which one it was), then as it was:
    ``[('ann', 3), ('bob', 5)]`` to ``[('bob', 3), ('ann', 3)]`` and ``[('ann', 3), ('bob', 3)]``.
    Number fields first: what a text orders records by is most often a number (a score)."""
    for position, value in enumerate(base.args):
        records = type(value) in (list, tuple) and len(value) > 1 and _records(value)
        if not records:
            continue
        spread = _spread_positions(len(value))
        fields = sorted(range(len(value[0])), key=lambda field: not _numbers([r[field] for r in value]))
        for field in fields:
            for source, target in ((i, j) for i in spread for j in spread if i < j):
                record = value[target]
                if record[field] == value[source][field]:
                    continue
                tied = type(record)([*record[:field], value[source][field], *record[field + 1 :]])
                edited = _replaced(value, target, tied)
                yield _with_arg(base, position, type(value)(reversed(edited)))
                yield _with_arg(base, position, edited)


def _records(values: list | tuple) -> bool:
    """Whether ``values`` are records: tuples (or lists) of one length, two fields or more."""
    kinds = {type(item) for item in values}
    if kinds not in ({tuple}, {list}):
        return False
    sizes = {len(item) for item in values}
    return len(sizes) == 1 and sizes.pop() > 1


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
                add_once(found, tie)
    return found


def is_decimal_text(text: str) -> bool:
    """A number written with a point: ``'2.345'``, ``'-0.5'``."""
    return bool(DECIMAL_TEXT.fullmatch(text))


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
    named = named_numbers(reference)
    plain = not drawn_by_shape(visible)
    sums = compared_sums(reference, named) if plain else []
    totals = total_bounds(comparisons_of(reference), named)
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
        add_once(numbers, period_on)
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
        *_tied_inputs(visible, lifts),
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
    tests = guard_tests(reference, raises, clamps=mode not in V1_MODES)
    if not tests and mode not in V1_MODES and asks_if_empty(reference):
        return _fewer_uses(visible, known)[: limit // 2]  # (``if self._history:``: an empty one)
    if not tests or limit <= 0:
        return []
    named = named_numbers(reference)
    numbers: list[int | float] = []
    for test in tests:
        for number in numbers_in(test, named):
            add_once(numbers, number)
    meet = any(compares_two_values(test) for test in tests)
    fields, bases = digit_fields(reference), parsed_bases(reference)
    lengths = [near for length in length_bounds(tests, named) for near in (length - 1, length, length + 1)]

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
    passes): a ``match``'s literal cases (``comparisons``), the value a loop's first test sets a
    parameter against (``loop_starts``), items of two arguments compared by index (made equal),
    the characters a range test ends on, and the texts the reference compares or keys by."""
    comparisons, named = comparisons_of(reference), named_numbers(reference)
    numbers = compared_constants(comparisons, named)
    for divisor in wrap_divisors(reference) if mode not in V1_MODES else ():  # (where a value wraps)
        add_once(numbers, divisor)
    for start in loop_starts(reference) if mode not in V1_MODES else ():  # (a loop's first test)
        add_once(numbers, start)
    meet = any(compares_two_inputs(node) for node in comparisons)
    ties = any(compares_an_item(node) for node in comparisons)
    items = compared_items(comparisons, parameter_names(reference, entry)) if mode not in V1_MODES else ()
    characters = ordered_characters(reference) if mode not in V1_MODES else ()
    keyed = keyed_texts(reference) if mode not in V1_MODES else ()
    divisors = tested_divisors(reference) if mode not in V1_MODES else ()
    if not (numbers or meet or ties or items or divisors or characters or keyed) or limit <= 0:
        return []
    lengths = length_bounds(comparisons, named)
    totals = total_bounds(comparisons, named)
    fields, bases = digit_fields(reference), parsed_bases(reference)
    sums = [] if drawn_by_shape(visible) else compared_sums(reference, named)
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
        for number in constant_numbers([node.left, *node.comparators], named):
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
        return interleaved(kinds + _tied_inputs(calls, lifts))

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


PAST_FLOAT_PRECISION = 2**53 + 1  # the first int no float holds: a float computed for it is off


def _past_float_precision(base: Call) -> Iterator[Call]:
    """``base`` with each positive int argument grown past a float's exact range (its value
    added to ``2 ** 53 + 1``, so that what it computes is past it too)."""
    for position, value in enumerate(base.args):
        if type(value) is int and value > 0:
            yield _with_arg(base, position, PAST_FLOAT_PRECISION + value)


def _out_of_order(base: Call) -> Iterator[Call]:
    """``base`` with each list argument of two or more items out of order: its first item moved
    to the end (``[1, 1, 2, 3]`` to ``[1, 2, 3, 1]``: a value that comes back after others),
    then reversed."""
    for position, value in enumerate(base.args):
        if type(value) is list and len(value) > 1:
            for moved in (value[1:] + value[:1], value[::-1]):
                if moved != value:
                    yield _with_arg(base, position, moved)


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
WORDED = (
    "padded", "float", "case", "spaces", "whitespace", "zero", "crlf", "overlap", "nan", "lengths", "huge",
    "unsorted",
)  # fmt: skip
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
    "huge": _past_float_precision,
    "unsorted": _out_of_order,
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
