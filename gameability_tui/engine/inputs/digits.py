"""Numbers written inside texts (a date's month, a code's floor, a ZIP's first digit): where the
reference reads them, and the texts that put a compared constant there.

A guard on such a number (``int(date[5:7]) > 6``, ``int(zipcode[0]) < 5``) differs from its
mutant only where the digits it reads take the constant's value. Replacing a whole run of digits
reaches a field that is a run of its own (``'2024-08-01'``'s month), never one inside a longer
run (``'B1207'``'s floor ``12``, ``'94105'``'s first digit): the seventeenth red-team pass. So the
fields the reference slices out of a text and turns into a number are read from its source, and
each is written first, then each whole run.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from .calls import called_name, parsed

Field = tuple[int | None, int | None]
NUMBER_MAKERS = ("int", "float")
DIGITS = re.compile(r"\d+")


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


def digit_edits(text: str, candidates: list[int], fields: list[Field] = ()) -> Iterator[str]:
    """``text`` with a number in place of digits it holds, zero-padded to their width: first in
    each of ``fields`` that holds only digits (a number that fits), then in each whole run."""
    for start, stop in fields:
        begin, end, _ = slice(start, stop).indices(len(text))
        if begin < end and DIGITS.fullmatch(text[begin:end]):
            fitting = [number for number in candidates if len(str(number)) <= end - begin]
            yield from _written(text, begin, end, fitting)
    for match in DIGITS.finditer(text):
        yield from _written(text, match.start(), match.end(), candidates)


def _written(text: str, begin: int, end: int, candidates: list[int]) -> Iterator[str]:
    for candidate in candidates:
        if candidate >= 0:
            yield text[:begin] + str(candidate).zfill(end - begin) + text[end:]
