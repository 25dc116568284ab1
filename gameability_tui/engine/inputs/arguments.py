"""Arguments that are not literals but objects a test makes: how they are held, sent and written.

Threat: a test that passes an object it made (``a.transfer(b, 5)``, ``norm(Point(3, 4))``,
``p = Point(3, 4)`` then ``norm(p)``) held a call or a name where a literal was looked for, so
the call was never harvested and every mutant of what it calls looked equivalent. Such an
argument is kept as what it is: ``Bound``, an object the test bound to a name and uses by it
(made in the child under that name: ``Call.peers``); ``Made``, an object made in place by a
class or function the reference defines, from literals (perturbed like any other); ``Member``,
a member of the reference's ``Enum``; ``Callback``, a built-in or a lambda over built-ins
(``abs``, ``lambda v: v * 2``), kept as written. In the child they cross the pipe as plain tuples
(``observed.BOUND_MARK``, ``observed.MADE_MARK``, ...), and an assert writes them as the test
does (``b``, ``Point(3, 4)``, ``abs``).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..observed import (
    BOUND_MARK,
    CALLBACK_MARK,
    CHANGED_STEP,
    DROP_STEP,
    MADE_MARK,
    MEMBER_MARK,
    OPERATOR_STEP,
    READ_STEP,
    SET_ITEM,
    SET_STEP,
    STD_MAKER,
)
from .protocols import protocol_text

ChainStep = tuple[str, tuple, tuple[tuple[str, Any], ...]]


@dataclass(frozen=True)
class Bound:
    """An argument that is an object the test made and bound to a name (``b`` in ``a.transfer(b,
    5)``): not a literal, never perturbed, written as the name, and passed in the child as the
    very object the call made under that name (``Call.peers``), so the state it leaves there is
    the state the test reads."""

    name: str


@dataclass(frozen=True)
class Made:
    """An argument the test makes in place by calling ``maker``, a name the reference defines,
    on literal (or ``Made``) arguments: ``Point(3, 4)`` in ``norm(Point(3, 4))``. Its arguments
    are perturbed as the call's own are; the child makes it afresh for each call. ``name``: the
    test's name for it, where it reads the object after the call (``acc = Account(10)``,
    ``deposit(acc, 5)``, then ``acc.balance``: ``Call.reads`` holds ``"acc.balance"``)."""

    maker: str
    args: tuple
    kwargs: tuple[tuple[str, Any], ...] = ()
    name: str = ""
    # Where ``maker`` is a standard-library value type (``inputs/std_makers.py``), not the
    # reference's: its full name (``decimal.Decimal``), and the import that binds the name the
    # test writes (``from decimal import Decimal``), which an assert passing it needs too.
    std: str = ""
    imports: str = ""

    def render(self) -> str:
        """The call that makes it, as the test writes it: ``Point(3, 4)``."""
        return f"{self.maker}({arguments_text(self.args, self.kwargs)})"


@dataclass(frozen=True)
class Member:
    """An argument that is a member of an ``Enum`` the reference defines (``Light.RED`` in
    ``next_light(Light.RED)``): drawn as another of its class's ``members``, written as the test
    writes it, and taken in the child from the class itself (the fifteenth pass: such a call
    was no literal call, and the problem was excluded)."""

    enum: str
    member: str
    members: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def render(self) -> str:
        return f"{self.enum}.{self.member}"


@dataclass(frozen=True)
class Callback:
    """An argument the test writes as a function it does not define: a built-in (``abs``,
    ``str.upper``) or a lambda over built-ins (``lambda v: v * 2``). Not a literal, never
    perturbed, written as the test writes it; the child evaluates ``text`` afresh for each call
    in the program's namespace, where the test's name resolves (the twentieth pass:
    ``apply_n(abs, -3, 2)`` held a name where a literal was looked for, so the problem was
    excluded, though -3 and 2 could be drawn with ``abs`` kept)."""

    text: str

    def render(self) -> str:
        return self.text

    def numbers(self) -> tuple[int, ...]:
        """The whole numbers a lambda writes (``37`` in ``lambda k: k >= 37``): inputs the test
        chose as surely as a literal argument, drawn as literals are (the thirtieth pass: a search
        given only predicates had "no literal to perturb", and no verdict)."""
        return _lambda_numbers(self.text)

    def with_numbers(self, values: tuple) -> Callback:
        """This lambda with its whole numbers made ``values`` (``numbers``' inverse); a value that
        is no whole number (a draw that changed its type) leaves its place as it was."""
        tree = _parsed_lambda(self.text)
        if tree is None:
            return self
        for node, value in zip(_written_numbers_of(tree), values):
            node.value = value if type(value) is int else node.value
        return Callback(ast.unparse(tree))


def _parsed_lambda(text: str) -> ast.Expression | None:
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError):
        return None
    return tree if isinstance(tree.body, ast.Lambda) else None


@functools.lru_cache(maxsize=256)
def _lambda_numbers(text: str) -> tuple[int, ...]:
    """``Callback.numbers`` of a lambda's text, parsed once (each draw of a shape asks again)."""
    tree = _parsed_lambda(text)
    return tuple(node.value for node in _written_numbers_of(tree)) if tree is not None else ()


def _written_numbers_of(tree: ast.Expression) -> list[ast.Constant]:
    """The lambda's whole-number constants (no bool), in the order they are written."""
    found = [node for node in ast.walk(tree) if isinstance(node, ast.Constant) and type(node.value) is int]
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))


def job_steps(steps: tuple[ChainStep, ...]) -> tuple:
    """A chain as the child takes it: each step's arguments ``marked``."""
    return tuple((method, marked(args), marked_keywords(kwargs)) for method, args, kwargs in steps)


def marked(args: tuple) -> tuple:
    """Arguments as the child takes them: a ``Bound`` one as ``(BOUND_MARK, name)``, a ``Made``
    one as ``(MADE_MARK, maker, args, kwargs)`` (inside a list or tuple too), plain data that
    crosses the pipe; the others as they are."""
    if not any(map(holds_object, args)):
        return args
    return tuple(_mark(value) for value in args)


def holds_object(value: Any) -> bool:
    """Whether ``value`` is an object the test makes, or a list or tuple holding one."""
    return isinstance(value, (Bound, Made, Member, Callback)) or lists_objects(value)


def lists_objects(value: Any) -> bool:
    """Whether ``value`` is a list or tuple holding objects made in place (``[Pair(5, 24), ...]``;
    one level deep, as ``harvest._literal_call`` reads them)."""
    return type(value) in (list, tuple) and any(isinstance(item, Made) for item in value)


def marked_keywords(kwargs: tuple) -> dict:
    return {key: _mark(value) for key, value in kwargs}


def _mark(value: Any) -> Any:
    if lists_objects(value):
        return type(value)(map(_mark, value))
    if isinstance(value, Bound):
        return (BOUND_MARK, value.name)
    if isinstance(value, Member):
        return (MEMBER_MARK, value.enum, value.member)
    if isinstance(value, Callback):
        return (CALLBACK_MARK, value.text)
    if isinstance(value, Made):
        maker = STD_MAKER + value.std if value.std else value.maker
        made = (MADE_MARK, maker, marked(value.args), marked_keywords(value.kwargs))
        return made + (value.name,) if value.name else made
    return value


def holds_objects(args: tuple, kwargs: tuple) -> bool:
    """Whether any argument is an object the test makes (``Bound`` or ``Made``)."""
    return any(map(holds_object, (*args, *(v for _, v in kwargs))))


def argument_text(value: Any) -> str:
    """An argument as a test writes it: a literal, a bound object's name, ``Point(3, 4)``."""
    from .literals import render_literal

    if isinstance(value, Bound):
        return value.name
    if isinstance(value, (Member, Callback)):
        return value.render()
    if isinstance(value, Made):
        return value.name or value.render()
    if lists_objects(value):
        inner = ", ".join(map(argument_text, value))
        return f"[{inner}]" if type(value) is list else f"({inner}{',' if len(value) == 1 else ''})"
    return render_literal(value)


def named_objects(args: tuple, kwargs: tuple) -> list[Made]:
    """The arguments made by a name the test reads after the call, in order."""
    return [v for v in (*args, *(v for _, v in kwargs)) if isinstance(v, Made) and v.name]


def arguments_text(args: tuple, kwargs: tuple) -> str:
    """Arguments as written between a call's parentheses: ``[4, 9], k=2``."""
    parts = [argument_text(value) for value in args]
    parts += [f"{key}={argument_text(value)}" for key, value in kwargs]
    return ", ".join(parts)


def chain_text(
    root: str, steps: tuple[ChainStep, ...], written: Callable[[tuple, tuple], str] | None = None
) -> str:
    """``root`` (a call or a name, as written) with a chain on it as the test writes it:
    ``Counter(5).bump()``, ``make_adder(3)(4)``, ``Rect(2, 3).area``, ``Vec(1, 2) + Vec(3, 4)``,
    ``len(Stack([1, 2]))``. ``written``: how a step's arguments are written (``arguments_text``)."""
    text, primary = root, True
    for method, args, kwargs in steps:
        if method == OPERATOR_STEP + SET_ITEM:  # a statement: nothing follows it
            key, value = ((written or arguments_text)((arg,), ()) for arg in args)
            text, primary = f"{text if primary else f'({text})'}[{key}] = {value}", False
            continue
        text, primary = step_text(text, primary, method, (written or arguments_text)(args, kwargs))
    return text


def step_text(text: str, primary: bool, method: str, arguments: str) -> tuple[str, bool]:
    """One step of a chain applied to ``text`` (``primary``: nothing it is part of binds tighter
    than a call), as written: ``.bump(3)``, ``(4)``, an attribute read ``.area``, or an operator
    (``inputs/protocols.py``); and whether what it makes is primary."""
    if method.startswith(OPERATOR_STEP):
        return protocol_text(text, primary, method[len(OPERATOR_STEP) :], arguments)
    if method == DROP_STEP:  # a use made as a statement: written as it is
        return text, primary
    if method == CHANGED_STEP:  # (the result cleared, the call made again: the second's answer)
        return f"[{text}.clear(), {text}][1]", True
    operand = text if primary else f"({text})"
    if method.startswith(READ_STEP):
        return f"{operand}.{method[len(READ_STEP) :]}", True
    if method.startswith(SET_STEP):  # a statement: nothing follows it
        return f"{operand}.{method[len(SET_STEP) :]} = {arguments}", False
    return f"{operand}{'.' + method if method else ''}({arguments})", True
