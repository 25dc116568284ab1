"""Arguments at which an arithmetic of them meets the constant it is compared with
(``w1 + w2 > 100``, ``weight / height ** 2 >= 25``).

Such a guard differs from its mutant (``>=`` for ``>``, ``101`` for ``100``) only where the
arithmetic takes the constant's value, and setting one argument to the constant
(``is_heavy(100, 50)``) does not put it there: the seventeenth red-team pass. Here one argument of
a visible call is solved for, the others kept: the arithmetic is evaluated on plain numbers
(operators only, no call), and a value counts only where it gives the target exactly, as the
program will compute it (floats round: ``x * 3`` is never 0.3 at ``x = 0.1``, so the float
neighbours of where the solve ends are tried too).
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .calls import Call, parsed
from .renamed import name_stores

Number = int | float
OPERATORS: dict[type, Callable[[Number, Number], Number]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
LARGEST = 1e15  # a solve that wanders past this found no input a test would write
STEPS = 60  # secant steps, then the float neighbours of where they end
NEIGHBOURS = 4
ARITHMETIC_NODES = (ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator, ast.unaryop, ast.Load)
EXACT = (ast.In, ast.NotIn, ast.Is, ast.IsNot)  # membership and identity: no value to meet


@dataclass(frozen=True)
class Arithmetic:
    """An arithmetic of a plain function's parameters that a comparison sets against ``sides``."""

    expression: ast.expr
    parameters: tuple[str, ...]
    sides: tuple[ast.expr, ...]


def compared_arithmetic(reference: str) -> list[Arithmetic]:
    """Each side of a comparison, in a function that is no method, that combines its parameters
    with operators (one at least, no calls), with the comparison's other sides."""
    tree = parsed(reference)
    methods = {
        id(node)
        for owner in (ast.walk(tree) if tree is not None else ())
        if isinstance(owner, ast.ClassDef)
        for node in owner.body
    }
    found: list[Arithmetic] = []
    for function in ast.walk(tree) if tree is not None else ():
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or id(function) in methods:
            continue
        arguments = function.args
        if arguments.vararg or arguments.kwarg or arguments.kwonlyargs:
            continue
        parameters = tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args])
        computed = _computed_once(function, parameters)
        for node in ast.walk(function):
            if not isinstance(node, ast.Compare) or len(node.ops) != 1 or isinstance(node.ops[0], EXACT):
                continue
            sides = (node.left, node.comparators[0])
            for index, side in enumerate(sides):
                side = computed.get(side.id, side) if isinstance(side, ast.Name) else side
                if _combines(side, parameters):
                    found.append(Arithmetic(side, parameters, (sides[1 - index],)))
    return found


def _computed_once(function: ast.FunctionDef | ast.AsyncFunctionDef, parameters: tuple[str, ...]) -> dict:
    """The names ``function`` binds once, by a plain assignment of its body, to an arithmetic of
    its parameters (``bmi = weight / (height * height)``, then ``if bmi < 25``): a comparison of
    the name is one of the arithmetic (the twenty-second pass: the BMI's bound met no input)."""
    stores = name_stores(ast.walk(function))
    plain = {
        node.targets[0].id: node.value
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }
    return {
        name: value
        for name, value in plain.items()
        if stores[name] == 1 and name not in parameters and _combines(value, parameters)
    }


def _combines(node: ast.expr, parameters: tuple[str, ...]) -> bool:
    if not isinstance(node, ast.BinOp):
        return False
    names = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name):
            names.add(inner.id)
        elif not isinstance(inner, ARITHMETIC_NODES):
            return False
    return bool(names) and names <= set(parameters)


def value_at(arithmetic: Arithmetic, call: Call) -> Number | None:
    """The arithmetic's value on ``call``'s arguments (None where they are not its numbers)."""
    bindings = _bindings(arithmetic, call)
    return None if bindings is None else _evaluated(arithmetic.expression, bindings)


def meeting_edits(arithmetic: Arithmetic, call: Call, target: Number) -> Iterator[Call]:
    """``call`` with one of its arguments solved for, the others kept, so that the arithmetic
    gives ``target`` exactly; each argument it reads in turn."""
    bindings = _bindings(arithmetic, call)
    if bindings is None:
        return
    for position, name in enumerate(arithmetic.parameters):
        if not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(arithmetic.expression)):
            continue

        def at(value: Number, name: str = name) -> Number | None:
            return _evaluated(arithmetic.expression, {**bindings, name: value})

        found = _solved(at, bindings[name], target)
        if found is not None and found != bindings[name]:
            args = list(call.args)
            args[position] = found
            yield Call(tuple(args), call.kwargs)


def _bindings(arithmetic: Arithmetic, call: Call) -> dict[str, Number] | None:
    if call.kwargs or call.chain or call.uses or len(call.args) != len(arithmetic.parameters):
        return None
    if not all(type(value) in (int, float) for value in call.args):
        return None
    return dict(zip(arithmetic.parameters, call.args))


def _evaluated(node: ast.expr, bindings: dict[str, Number]) -> Number | None:
    try:
        value = _value(node, bindings)
    except (ArithmeticError, ValueError, TypeError):
        return None
    return value if type(value) in (int, float) and abs(value) <= LARGEST else None


def _value(node: ast.expr, bindings: dict[str, Number]) -> Number:
    if isinstance(node, ast.Constant):
        if type(node.value) not in (int, float):
            raise TypeError("not a number")
        return node.value
    if isinstance(node, ast.Name):
        return bindings[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _value(node.operand, bindings)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        left, right = _value(node.left, bindings), _value(node.right, bindings)
        if isinstance(node.op, ast.Pow) and (abs(right) > 64 or abs(left) > LARGEST):
            raise ValueError("too large a power")
        return OPERATORS[type(node.op)](left, right)
    raise TypeError("not arithmetic")


def _solved(at: Callable[[Number], Number | None], start: Number, target: Number) -> Number | None:
    """A value of ``start``'s type at which ``at`` gives ``target`` exactly, found by secant steps
    from ``start`` (None where they find none)."""
    previous, current = start, start + 1 if type(start) is int else start * 1.5 or 1.0
    low, high = at(previous), at(current)
    for _ in range(STEPS):
        if low is None or high is None or high in (target, low):
            break
        following = current - (high - target) * (current - previous) / (high - low)
        if not math.isfinite(following) or abs(following) > LARGEST:
            return None
        previous, low, current, high = current, high, following, at(following)
    if high is None:
        return None
    if type(start) is int:
        nearest = round(current)
        return nearest if at(nearest) == target else None
    for candidate in _float_neighbours(float(current)):
        if at(candidate) == target:
            return candidate
    return None


def _float_neighbours(value: float) -> Iterator[float]:
    """``value``, then the floats next to it, nearest first."""
    yield value
    below = above = value
    for _ in range(NEIGHBOURS):
        below, above = math.nextafter(below, -math.inf), math.nextafter(above, math.inf)
        yield below
        yield above
