"""Numbers written inside texts (a date's month, a code's floor, a ZIP's first digit): where the
reference reads them, and the texts that put a compared constant there.

A guard on such a number (``int(date[5:7]) > 6``, ``int(zipcode[0]) < 5``) differs from its
mutant only where the digits it reads take the constant's value. Replacing a whole run of digits
reaches a field that is a run of its own (``'2024-08-01'``'s month), never one inside a longer
run (``'B1207'``'s floor ``12``, ``'94105'``'s first digit): the seventeenth red-team pass. So the
fields the reference slices out of a text and turns into a number are read from its source, and
each is written first, then each whole run. A number the reference parses in another base
(``int(s, 16)``) is written in that base into a run of its digits (``'ff'`` for 255 where the
tests pass ``'7f'``), first: the twenty-fifth pass's ``n > 255`` of a hex byte never met 255.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from .calls import called_name, parsed

Field = tuple[int | None, int | None]
NUMBER_MAKERS = ("int", "float")
DIGITS = re.compile(r"\d+")
BASE_DIGITS = {2: "01", 8: "01234567", 16: "0123456789abcdefABCDEF"}  # the bases ``int`` parses
WRITTEN_IN = {2: "b", 8: "o", 10: "d", 16: "x"}  # each base's ``format`` type


def digit_fields(reference: str) -> list[Field]:
    """The slices of a text the reference turns into a number, as (start, stop): ``int(s[5:7])``
    is ``(5, 7)``, ``int(code[0])`` is ``(0, 1)``, ``int(s[-2:])`` is ``(-2, None)``; in source
    order, once each."""
    tree = parsed(reference)
    fields: list[Field] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not (isinstance(node, ast.Call) and called_name(node) in NUMBER_MAKERS and len(node.args) == 1):
            continue
        read = node.args[0]
        field = _field_of(read.slice) if isinstance(read, ast.Subscript) else None
        if field is not None and field not in fields:
            fields.append(field)
    return fields


def parsed_bases(reference: str) -> tuple[int, ...]:
    """The bases other than ten the reference parses texts in (``int(s, 16)``, ``int(bits,
    base=2)``), in source order, once each."""
    tree = parsed(reference)
    bases: list[int] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not (isinstance(node, ast.Call) and called_name(node) == "int"):
            continue
        given = [*node.args[1:2], *(keyword.value for keyword in node.keywords if keyword.arg == "base")]
        for base in given:
            if isinstance(base, ast.Constant) and base.value in BASE_DIGITS and base.value not in bases:
                bases.append(base.value)
    return tuple(bases)


def based_digits(bases: tuple[int, ...]) -> frozenset[str]:
    """The characters that write numbers in ``bases``: digits of a text the reference parses,
    whatever the tests' texts hold (``'fe'`` beside ``'7f'``)."""
    return frozenset(character for base in bases for character in BASE_DIGITS[base])


def _field_of(index: ast.expr) -> Field | None:
    if isinstance(index, ast.Slice):
        if index.step is not None:
            return None
        bounds = [_whole(bound) if bound is not None else None for bound in (index.lower, index.upper)]
        if any(bound is False for bound in bounds):
            return None
        return (bounds[0], bounds[1])
    position = _whole(index)
    if position is False:
        return None
    return (position, position + 1 if position != -1 else None)


def _whole(node: ast.expr) -> int | bool:
    """The int a bound is written as (signed too), else False."""
    sign = 1
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        sign, node = -1, node.operand
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return sign * node.value
    return False


def digit_edits(
    text: str, candidates: list[int], fields: list[Field] = (), bases: tuple[int, ...] = ()
) -> Iterator[str]:
    """``text`` with a number in place of digits it holds, zero-padded to their width: first in
    each run of the digits of each of ``bases`` (written in that base, in the run's case), then
    in each of ``fields`` that holds only digits (a number that fits), then in each whole run."""
    based = []  # (runs of another base's digits: a decimal run inside one is part of its number)
    for base in bases:
        for match in re.finditer(f"[{BASE_DIGITS[base]}]+", text):
            based.append(match.span())
            yield from _written(text, match.start(), match.end(), candidates, base, match.group().isupper())
    for start, stop in fields:
        begin, end, _ = slice(start, stop).indices(len(text))
        if begin < end and DIGITS.fullmatch(text[begin:end]):
            fitting = [number for number in candidates if len(str(number)) <= end - begin]
            yield from _written(text, begin, end, fitting)
    for match in DIGITS.finditer(text):
        if not any(
            begin <= match.start() and match.end() <= end and (begin, end) != match.span()
            for begin, end in based
        ):
            yield from _written(text, match.start(), match.end(), candidates)


def _written(
    text: str, begin: int, end: int, candidates: list[int], base: int = 10, upper: bool = False
) -> Iterator[str]:
    """``text`` with each non-negative candidate in place of ``text[begin:end]``, written in
    ``base`` (in upper case with ``upper``), zero-padded to the width it replaces."""
    for candidate in candidates:
        if candidate >= 0 and (base == 10 or type(candidate) is int):
            # (a float constant is written as Python writes it: ``'14.5'`` for ``'10'``)
            written = str(candidate) if base == 10 else format(candidate, WRITTEN_IN[base])
            written = written.zfill(end - begin)
            yield text[:begin] + (written.upper() if upper else written) + text[end:]
