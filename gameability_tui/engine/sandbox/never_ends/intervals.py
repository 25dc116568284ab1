"""What a loop's test can be for every value its names can take from now on (the *progress* plan).

Each name stands for the integers it can hold from here: an invariant name its value, a monotone
one every integer from its value on, in its direction. An expression's value is an interval of
integers (ends may be infinite), a truth (True, False, or None where either is possible), and an
expression that might raise, or that this reading cannot bound, is ``Unbounded``: the proof then
proves nothing. Python's own operators are followed: ``//`` floors, ``%`` takes the divisor's
sign, ``x // x`` is 1 wherever ``x`` cannot be 0 (a mutant's ``i // i`` for ``i * i``)."""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping

INF = math.inf
_FLOAT_SAFE = 1 << 1000  # an int this small divided by a nonzero int always fits a float


class Unbounded(Exception):
    """The expression might raise, or this reading cannot bound it."""


Interval = tuple[float, float]  # (low, high), each an int or an infinity


def truth(
    expr: ast.expr,
    names: Mapping[str, Interval],
    multiples: Mapping[str, int] | None = None,
    residues: Mapping[str, tuple[int, tuple[tuple[int, int], ...]]] | None = None,
) -> bool | None:
    """True or False where ``expr`` is so for every value of ``names``; None where it may be
    either. Raises ``Unbounded`` where it might raise. ``multiples``: names only ever multiplied,
    with their value now; ``m % d == 0`` for such an ``m`` stays as it is now. ``residues``: names
    only ever moved by maps ``a * v + b``, with their value now and those maps; ``v % m`` stays
    what it is now where every map sends that remainder back to itself."""
    return _truth(expr, _Names(names, multiples or {}, residues or {}))


def _truth(expr: ast.expr, held: _Names) -> bool | None:
    """``truth``, with the multiples and residues ``held`` beside the names: the parts of an
    ``and``, ``or``, ``not`` or ``if``-expression keep them."""
    if isinstance(expr, ast.Name) and _never_zero_by_steps(expr.id, held):
        return True  # ``while div:`` where div moves by steps that never reach 0
    value = _value(expr, held)
    if isinstance(value, tuple):
        low, high = value
        if low == high == 0:
            return False
        return True if low > 0 or high < 0 else None
    return value


def never_zero(expr: ast.expr, names: Mapping[str, Interval]) -> bool:
    """Whether ``expr`` cannot be 0 for any value of ``names`` (and cannot raise)."""
    try:
        return _excludes_zero(_interval(expr, _Names(names, {}, {})))
    except Unbounded:
        return False


class _Names(dict):
    """The names' intervals, and the values of the names only ever multiplied."""

    def __init__(
        self,
        names: Mapping[str, Interval],
        multiples: Mapping[str, int],
        residues: Mapping[str, tuple[int, tuple[tuple[int, int], ...]]],
    ) -> None:
        super().__init__(names)
        self.multiples, self.residues = multiples, residues


def _value(expr: ast.expr, names: _Names) -> Interval | bool | None:
    if isinstance(expr, ast.Constant) and type(expr.value) in (int, bool):
        return expr.value if type(expr.value) is bool else (expr.value, expr.value)
    if isinstance(expr, ast.Name):
        if expr.id not in names:
            raise Unbounded(expr.id)
        return names[expr.id]
    if isinstance(expr, ast.BinOp):
        return _binary(expr, names)
    if isinstance(expr, ast.UnaryOp):
        if isinstance(expr.op, ast.Not):
            inner = _truth(expr.operand, names)
            return None if inner is None else not inner
        low, high = _interval(expr.operand, names)
        if isinstance(expr.op, ast.USub):
            return (-high, -low)
        if isinstance(expr.op, ast.Invert):
            return (-high - 1, -low - 1)
        return (low, high)
    if isinstance(expr, ast.Compare):
        if (kept := _kept_divisible(expr, names)) is not None:
            return kept
        results = []
        left = _interval(expr.left, names)
        for op, comparator in zip(expr.ops, expr.comparators):
            right = _interval(comparator, names)
            results.append(_compare(op, left, right))
            left = right
        return _all(results)
    if isinstance(expr, ast.BoolOp):
        results = [_truth(value, names) for value in expr.values]
        if isinstance(expr.op, ast.And):
            return _all(results)
        return True if True in results else (False if all(r is False for r in results) else None)
    if isinstance(expr, ast.IfExp):
        test = _truth(expr.test, names)
        if test is not None:
            return _value(expr.body if test else expr.orelse, names)
        body, orelse = _interval(expr.body, names), _interval(expr.orelse, names)
        return (min(body[0], orelse[0]), max(body[1], orelse[1]))
    raise Unbounded(type(expr).__name__)


def _kept_divisible(expr: ast.Compare, names: _Names) -> bool | None:
    """``m % d == 0`` (or ``!=``) where ``m`` is only ever multiplied and divisible by ``d`` now:
    every later ``m`` is a multiple of this one, so it stays divisible. None where it does not
    apply."""
    if len(expr.ops) != 1 or not isinstance(expr.ops[0], (ast.Eq, ast.NotEq)):
        return None
    left, right = expr.left, expr.comparators[0]
    if isinstance(left, ast.Constant):
        left, right = right, left
    if not (isinstance(right, ast.Constant) and right.value == 0 and type(right.value) is int):
        return None
    if not (isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mod) and isinstance(left.left, ast.Name)):
        return None
    if left.left.id not in names.multiples:
        return None
    low, high = _interval(left.right, names)
    if low != high or low == 0 or names.multiples[left.left.id] % low != 0:
        return None
    return isinstance(expr.ops[0], ast.Eq)


def _never_zero_by_steps(name: str, names: _Names) -> bool:
    """Whether a name moved only by adding constants (``div -= 2``) can never be 0: its remainder
    by their greatest common divisor stays, and it is not 0 now."""
    if name not in names.residues:
        return False
    value, maps = names.residues[name]
    if any(a != 1 for a, _ in maps):
        return False
    step = math.gcd(*(b for _, b in maps))
    return step > 0 and value % step != 0


def _kept_residue(expr: ast.BinOp, names: _Names) -> Interval | None:
    """``v % m`` where every map ``a * v + b`` that moves ``v`` sends its remainder now back to
    itself: ``(a * v + b) % m`` is ``(a * (v % m) + b) % m``, so it stays. None where it does not
    apply."""
    if not isinstance(expr.left, ast.Name) or expr.left.id not in names.residues:
        return None
    low, high = _interval(expr.right, names)
    if low != high or low == 0:
        return None
    value, maps = names.residues[expr.left.id]
    remainder = value % low
    if all((a * remainder + b) % low == remainder for a, b in maps):
        return (remainder, remainder)
    return None


def _all(results: list[bool | None]) -> bool | None:
    if False in results:
        return False
    return True if all(r is True for r in results) else None


def _interval(expr: ast.expr, names: Mapping[str, Interval]) -> Interval:
    value = _value(expr, names)
    if isinstance(value, tuple):
        return value
    return (0, 1) if value is None else (int(value), int(value))


def _compare(op: ast.cmpop, left: Interval, right: Interval) -> bool | None:
    if isinstance(op, (ast.Gt, ast.GtE)):
        op, left, right = (ast.Lt() if isinstance(op, ast.Gt) else ast.LtE()), right, left
    if isinstance(op, ast.Lt):
        return True if left[1] < right[0] else (False if left[0] >= right[1] else None)
    if isinstance(op, ast.LtE):
        return True if left[1] <= right[0] else (False if left[0] > right[1] else None)
    equal = left[0] == left[1] == right[0] == right[1]
    apart = left[1] < right[0] or right[1] < left[0]
    same = True if equal else (False if apart else None)
    if isinstance(op, ast.Eq):
        return same
    if isinstance(op, ast.NotEq):
        return None if same is None else not same
    raise Unbounded(type(op).__name__)


def _binary(expr: ast.BinOp, names: _Names) -> Interval:
    op = expr.op
    if isinstance(op, ast.Mod) and (kept := _kept_residue(expr, names)) is not None:
        return kept
    if ast.dump(expr.left) == ast.dump(expr.right):  # the same value on both sides
        operand = _interval(expr.left, names)
        if isinstance(op, (ast.Sub, ast.BitXor)):
            return (0, 0)
        if isinstance(op, (ast.BitAnd, ast.BitOr)):
            return operand
        if isinstance(op, (ast.FloorDiv, ast.Mod)) and _excludes_zero(operand):
            return (1, 1) if isinstance(op, ast.FloorDiv) else (0, 0)
    left, right = _interval(expr.left, names), _interval(expr.right, names)
    if isinstance(op, ast.Add):
        return (left[0] + right[0], left[1] + right[1])
    if isinstance(op, ast.Sub):
        return (left[0] - right[1], left[1] - right[0])
    if isinstance(op, ast.Mult):
        corners = [_times(a, b) for a in left for b in right]
        return (min(corners), max(corners))
    if isinstance(op, ast.FloorDiv) and _excludes_zero(right):
        corners = [_floor_div(a, b) for a in left for b in right]  # floor division is monotone in
        if None in corners:  # each side where the divisor keeps its sign: its ends are at corners
            return (-INF, INF)
        return (min(corners), max(corners))  # type: ignore[type-var]
    if isinstance(op, ast.Mod) and _excludes_zero(right):
        if left[0] >= 0 and right[0] > left[1]:  # 0 <= x < y: x % y is x
            return left
        if right[0] == right[1]:
            divisor = right[0]
            return (0, divisor - 1) if divisor > 0 else (divisor + 1, 0)
        return (min(0, right[0] + 1), max(0, right[1] - 1))
    if isinstance(op, ast.Div) and _excludes_zero(right) and -_FLOAT_SAFE < left[0] <= left[1] < _FLOAT_SAFE:
        return (-INF, INF)  # a float (no overflow: |left| bounds it): only compared, never bounded
    if isinstance(op, (ast.BitAnd, ast.BitOr, ast.BitXor)):
        return (-INF, INF)
    raise Unbounded(type(op).__name__)


def _excludes_zero(interval: Interval) -> bool:
    return interval[0] > 0 or interval[1] < 0


def _times(a: float, b: float) -> float:
    return 0 if a == 0 or b == 0 else a * b  # an infinite end times 0 is 0, not nan


def _floor_div(a: float, b: float) -> float | None:
    """``a // b`` where either may be an infinite end of an interval (None: both are)."""
    if math.isinf(a) and math.isinf(b):
        return None
    if math.isinf(b):
        return 0 if (a >= 0) == (b > 0) or a == 0 else -1
    if math.isinf(a):
        return a if b > 0 else -a
    return a // b
