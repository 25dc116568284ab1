"""Calls that pass what no visible call passes: a parameter's default overridden, the entry's or
the closure's it returns, and keyword arguments or a dict's items in another order.

Perturbing the tests' literals never reaches a parameter the tests leave at its default
(``safe_int(s, default=0)``, ``make_padder(4)('7')`` whose closure takes ``fill=' '``), so the
branch that reads it is never run with another value, and a mutant that ignores it looks
equivalent (the eighteenth and twenty-first passes). Nor do the draws reorder keywords or a
dict's keys: an entry taking ``**params``, or a dict, that the tests pass with its keys already
sorted never shows a mutant that forgot to sort them (``sorted(d.items())`` made ``list``).
Each call here is one visible call with one such change, so it stays inside what the tests show
in every other respect. Nothing here is random.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from .calls import Call, defined_function, new_in_turn, positional_defaults

# (position, or the keyword's name, and the default) of one parameter no visible call passes
Unpassed = tuple[int | str, Any]
LITERAL_TYPES = (int, float, str, bool)
Function = ast.FunctionDef | ast.AsyncFunctionDef


def untested_defaults(reference: str, entry: str, visible: list[Call]) -> tuple[Unpassed, ...]:
    """The entry's parameters with a literal default (a number, text or bool) that no visible
    call passes, by position or by name: trailing positional ones by position, keyword-only ones
    by name."""
    function = defined_function(reference, entry)
    if function is None or not visible:
        return ()
    widest = max(len(call.args) for call in visible)
    named = {key for call in visible for key, _ in call.kwargs}
    return _unpassed(function.args, widest, named)


def default_edits(base: Call, defaults: tuple[Unpassed, ...]) -> Iterator[Call]:
    """``base`` passing one untested default parameter a value other than its default (the
    positional ones before it at their defaults): an int one up and one down, a float half up, a
    text one letter longer, a bool the other."""
    for where, default in defaults:
        if isinstance(where, str):
            if where not in dict(base.kwargs):
                for other in _others_than(default):
                    yield replace(base, kwargs=(*base.kwargs, (where, other)))
            continue
        if where < len(base.args):
            continue
        padding = tuple(
            value for index, value in defaults if isinstance(index, int) and len(base.args) <= index < where
        )
        if len(base.args) + len(padding) != where:
            continue  # a parameter between them has no literal default
        for other in _others_than(default):
            yield replace(base, args=(*base.args, *padding, other))


def unpassed_calls(
    reference: str, entry: str, visible: list[Call], known: set[str], limit: int
) -> list[Call]:
    """Up to ``limit`` calls, none of whose keys is in ``known``, each a visible call passing what
    no visible call passes: an entry's default (``default_edits``), a default of the closure the
    entry returns where the tests call it (``make_padder(4)('7', fill='0')``), the keywords of
    an entry taking ``**kwargs`` or a dict argument's items in the other order."""
    function = defined_function(reference, entry)
    if function is None or not visible:
        return []
    defaults = untested_defaults(reference, entry, visible)
    kinds = [
        [call for base in visible for call in default_edits(base, defaults)],
        list(_closure_edits(function, visible)),
        [call for base in visible for call in _reordered(base, function.args.kwarg is not None)],
    ]
    return new_in_turn(kinds, known, limit)


def _closure_edits(function: Function, visible: list[Call]) -> Iterator[Call]:
    """Each visible call that calls what the entry returns (its chain's first step is a call of
    the result), passing one default of that closure no such step passes."""
    closure = _returned_closure(function)
    steps = [call.chain[0] for call in visible if call.chain and call.chain[0][0] == ""]
    if closure is None or not steps:
        return
    widest = max(len(args) for _, args, _ in steps)
    defaults = _unpassed(closure.args, widest, {key for _, _, kwargs in steps for key, _ in kwargs})
    for call in visible:
        if call.chain and call.chain[0][0] == "":
            _, args, kwargs = call.chain[0]
            for step in default_edits(Call(args, kwargs), defaults):
                yield replace(call, chain=(("", step.args, step.kwargs), *call.chain[1:]))


def _returned_closure(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
) -> ast.FunctionDef | ast.Lambda | None:
    """The function ``function`` returns, where it is one of its own: a ``def`` in its body it
    returns by name, or a ``lambda`` it returns."""
    nested = {node.name: node for node in function.body if isinstance(node, ast.FunctionDef)}
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Lambda):
                return node.value
            if isinstance(node.value, ast.Name) and node.value.id in nested:
                return nested[node.value.id]
    return None


def _unpassed(arguments: ast.arguments, widest: int, named: set[str]) -> tuple[Unpassed, ...]:
    positions = {a.arg: index for index, a in enumerate([*arguments.posonlyargs, *arguments.args])}
    found: list[Unpassed] = []
    for name, default in positional_defaults(arguments):
        value = default.value if isinstance(default, ast.Constant) else None
        if type(value) in LITERAL_TYPES and positions[name] >= widest and name not in named:
            found.append((positions[name], value))
    for parameter, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        value = default.value if isinstance(default, ast.Constant) else None
        if type(value) in LITERAL_TYPES and parameter.arg not in named:
            found.append((parameter.arg, value))
    return tuple(found)


def _reordered(base: Call, keywords: bool) -> Iterator[Call]:
    """``base`` with its keyword arguments (where ``keywords``), then each dict it passes, in the
    other order, where there are two or more."""
    if keywords and len(base.kwargs) > 1:
        yield replace(base, kwargs=tuple(reversed(base.kwargs)))
    for position, value in enumerate(base.args):
        if type(value) is dict and len(value) > 1:
            args = list(base.args)
            args[position] = dict(reversed(value.items()))
            yield replace(base, args=tuple(args))


def _others_than(default: Any) -> list[Any]:
    if type(default) is bool:
        return [not default]
    if type(default) is int:
        return [default + 1, default - 1]
    if type(default) is float:
        return [default + 0.5]
    if len(default) == 1:  # (a fill or a separator: one character, as ``rjust`` wants)
        return ["*" if default != "*" else "-"]
    return [default + "a" if default else "a"]
