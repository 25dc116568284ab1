"""Inputs of other types where the reference refuses a type and the tests expect its raise.

Threat: ``if not isinstance(x, int): raise TypeError(...)``, tested with ``double_int(None)``
alone: ``None * 2`` raises TypeError by itself, so the guard deleted passed every test, and no
draw ever passed another type (a literal of a visible call keeps its type when perturbed), so
``double_int('ab')`` returning ``'abab'`` was never seen (the twenty-second pass's
c1_type_guard). Defence: where the tests expect raises and the entry tests a parameter's type
before raising, each visible call takes, at that position, a value of each of a few common types
(a text, a float, a list, None, an int): the reference's answer on each, a raise or a value, is
the key; where the guard names ``bool`` (``isinstance(x, bool) or not isinstance(x, int)``), a
bool first, the int no other type shows is refused as (the twenty-eighth pass). Nothing here is
random.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import replace

from .calls import Call, defined_function, new_in_turn

OTHER_TYPES = ("ab", 2.5, [1], None, 3)


def type_guarded_positions(reference: str, entry: str) -> tuple[int, ...]:
    """The positions of the entry's parameters whose type it tests (``isinstance(x, ...)``,
    ``type(x) is ...``) in an ``if`` whose body raises."""
    return _guards(reference, entry)[0]


def refuses_bools(reference: str, entry: str) -> bool:
    """Whether such a guard names ``bool``: the one int subclass a type test tells apart."""
    return _guards(reference, entry)[1]


@functools.lru_cache(maxsize=64)  # (both readings above, of one problem's reference)
def _guards(reference: str, entry: str) -> tuple[tuple[int, ...], bool]:
    function = defined_function(reference, entry)
    if function is None:
        return (), False
    names = [argument.arg for argument in function.args.args]
    guarded, bools = set(), False
    for branch in (node for node in ast.walk(function) if isinstance(node, ast.If)):
        if not any(isinstance(node, ast.Raise) for statement in branch.body for node in ast.walk(statement)):
            continue
        for call in (node for node in ast.walk(branch.test) if isinstance(node, ast.Call)):
            tests_type = isinstance(call.func, ast.Name) and call.func.id in ("isinstance", "type")
            if tests_type and call.args and isinstance(call.args[0], ast.Name) and call.args[0].id in names:
                guarded.add(names.index(call.args[0].id))
                bools = bools or any(
                    isinstance(n, ast.Name) and n.id == "bool" for n in ast.walk(branch.test)
                )
    return tuple(sorted(guarded)), bools


def other_type_calls(
    visible: list[Call], positions: tuple[int, ...], known: set[str], limit: int, bools: bool = False
) -> list[Call]:
    """Up to ``limit`` visible calls, each with one guarded position holding a value of another
    common type (``OTHER_TYPES``; a bool first, where the guard names one: ``refuses_bools``),
    none of whose keys is in ``known``; each position in turn."""
    kinds = [
        [
            _with(call, position, value)
            for call in visible
            if not (call.chain or call.uses or call.before) and position < len(call.args)
            for value in ((True,) if bools else ()) + OTHER_TYPES
            if type(value) is not type(call.args[position])
        ]
        for position in positions
    ]
    return new_in_turn(kinds, known, limit)


def _with(call: Call, position: int, value: object) -> Call:
    args = list(call.args)
    args[position] = value
    return replace(call, args=tuple(args))
