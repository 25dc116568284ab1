"""Arguments a test builds with a standard-library value type: ``tax(Decimal('20'))``,
``due(date(2024, 1, 30), 2)``, ``half(Fraction(1, 3))``, ``total(range(5))``.

Threat: such an argument is no literal, so the problem was excluded ("pass an argument that is
neither a literal nor an object of the reference's own"), though its tests may be weak: issue
26's standard-library values (a ``Decimal`` keeps its own ``==``) were compared as results but
never drawn as inputs. Such a call is a ``Made`` argument like an object of the reference's
classes: its literals are perturbed, and the child makes it afresh for each call
(``observed.std_maker``). Defences:

- Only value types (``observed.STD_MAKERS``), by the name the test binds through its imports
  (``from decimal import Decimal``, ``import datetime`` then ``datetime.date``, aliases too)
  or the reference's and setup's, which the tests share (an MBPP test runs beside its
  reference); a name the reference defines is the reference's. ``range`` is the builtin's
  where nothing binds the name.
- A draw the type refuses (``date(2024, 13, 30)``, ``Fraction(1, 0)``) is no input the task
  could be given: it is dropped before it runs (``constructible``), as a mutant would otherwise
  be judged on the constructor's raise, and its assert would check that.
- A ``Decimal`` written from a number's text (``Decimal('1.50')``) is drawn as that number,
  written back with as many decimals (``number_of``, ``text_of``): edited as
  text, nearly every draw would be no number at all.
- An assert passing one carries the test's import of its name (``imports_of``).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from ..observed import STD_MAKERS, std_maker
from .arguments import Made, lists_objects
from .calls import Call

StdNames = dict[str, tuple[str, str]]  # the name a test writes -> (full name, the import binding it)

_NUMBER_TEXT = re.compile(r"-?\d+(\.\d+)?")
_DECIMAL = "decimal.Decimal"


def std_names(sources: Iterable[str]) -> StdNames:
    """The standard-library value types ``sources`` bind by their imports, by the name they are
    called by; ``range`` and ``bytearray`` as the builtins where nothing there binds the name."""
    names: StdNames = {}
    for source in sources:
        try:
            names.update(std_names_in(ast.parse(source)))
        except (SyntaxError, ValueError):
            continue
    return names


def std_names_in(tree: ast.Module) -> StdNames:
    """``std_names`` of one parsed source."""
    names: StdNames = {}
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in STD_MAKERS:
                    written = alias.asname or alias.name
                    names[written] = (f"{node.module}.{alias.name}", ast.unparse(_one_import(node, alias)))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                for qualified in STD_MAKERS:
                    module, _, name = qualified.rpartition(".")
                    if alias.name == module:
                        line = ast.unparse(ast.Import(names=[alias]))
                        names[f"{alias.asname or module}.{name}"] = (qualified, line)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    for builtin in ("range", "bytearray"):  # (``count_high(bytearray(b'\x80'))``: the twenty-second pass)
        if builtin not in bound and builtin not in names:
            names[builtin] = (f"builtins.{builtin}", "")
    return names


def _one_import(node: ast.ImportFrom, alias: ast.alias) -> ast.ImportFrom:
    return ast.ImportFrom(module=node.module, names=[alias], level=0)


def with_std(call: Call | None, names: StdNames) -> Call | None:
    """``call`` with each argument made by one of the standard-library types ``names`` binds
    marked as such (``Made.std``, ``Made.imports``), inside lists of objects and makers too."""

    def one(value: Any) -> Any:
        if lists_objects(value):
            return type(value)(map(one, value))
        if not isinstance(value, Made):
            return value
        args = tuple(map(one, value.args))
        kwargs = tuple((key, one(inner)) for key, inner in value.kwargs)
        qualified, line = names.get(value.maker, ("", ""))
        return dataclasses.replace(value, args=args, kwargs=kwargs, std=qualified, imports=line)

    return call.with_arguments(one) if call is not None and names else call


def constructible(call: Call) -> bool:
    """Whether every standard-library value ``call`` passes can be made from its drawn literals
    (``date(2024, 13, 30)`` cannot): only value types on literals are made here, nothing else."""
    try:
        call.with_arguments(_made_now)
    except Exception:  # the type's own refusal, whatever its kind (ValueError, ZeroDivisionError, ...)
        return False
    return True


def _made_now(value: Any) -> Any:
    if lists_objects(value):
        return [_made_now(item) for item in value]
    if isinstance(value, Made) and value.std:
        return std_maker(value.std)(*map(_made_now, value.args), **{k: _made_now(v) for k, v in value.kwargs})
    return value


def imports_of(call: Call) -> set[str]:
    """The imports binding the standard-library types ``call``'s arguments are made by."""
    return {made.imports for made in std_made(call) if made.imports}


def std_made(call: Call) -> list[Made]:
    """The arguments ``call`` passes that a standard-library value type makes, at any depth."""
    found: list[Made] = []

    def one(value: Any) -> Any:
        if lists_objects(value):
            list(map(one, value))
        elif isinstance(value, Made):
            found.extend([value] if value.std else [])
            list(map(one, (*value.args, *(inner for _, inner in value.kwargs))))
        return value

    call.with_arguments(one)
    return found


def number_of(made: Made) -> Any:
    """What a ``Decimal`` written from a number's text is drawn as: that number (an int where
    the text has no point), else None (drawn as it is)."""
    if made.std != _DECIMAL or made.kwargs or len(made.args) != 1 or type(made.args[0]) is not str:
        return None
    text = made.args[0]
    if not _NUMBER_TEXT.fullmatch(text):
        return None
    return float(text) if "." in text else int(text)


def text_of(number: Any, like: Made) -> Any:
    """A drawn number written as ``like``'s text was: with as many decimals (``number_of``'s
    inverse); a value that is no number (a draw that changed its type) stays as it is."""
    if type(number) is int:
        return str(number)
    if type(number) is not float:
        return number
    decimals = len(like.args[0].partition(".")[2])
    return f"{number:.{max(decimals, 1)}f}"
