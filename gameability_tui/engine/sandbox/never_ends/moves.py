"""How the assignments of a loop move a name: one way, toward zero, by maps ``a * v + b``.

``direction_of`` names the direction every assignment to a name keeps (the progress plan's
intervals follow it), ``affine`` reads an assignment as a map ``a * v + b``, ``multiplies`` one
that only multiplies."""

from __future__ import annotations

import ast

from .code import LARGEST_SHIFT, is_int, is_name

LARGEST_STEP = 1 << 32  # a monotone name's largest step: no turn count reaches a float's range


# Directions a name moves in (``direction_of``), besides +1, 0 and -1.
TOWARD_ZERO = 2  # halved or shifted right (``n //= 10``, ``n >>= 1``): within 0..v (or v..-1)


AWAY_FROM_ZERO = 3  # only multiplied (``n *= 10``): from v >= 0 up, from v < 0 down


UP_FROM_ZERO = 4  # multiplied and added to (``n = n * 10 + 1``): from v >= 0 up


DOWN_FROM_ZERO = 5  # multiplied and taken from (``ans = ans * 10 - 9``): from v <= 0 down


UNBOUNDED = 6  # no direction: a name only multiplied by factors of any sign, read for divisors


def multiplies(name: str, value: ast.expr, invariant: set[str]) -> bool:
    """``name * k`` or ``k * name``, ``k`` an int constant or an invariant name: every value
    the name takes is a multiple of the one before, so a divisor it has it keeps."""
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Mult):
        return False
    for own, factor in ((value.left, value.right), (value.right, value.left)):
        if is_name(own, name) and (
            is_int(factor) or (isinstance(factor, ast.Name) and factor.id in invariant)
        ):
            return True
    return False


def direction_of(name: str, values: list[ast.expr]) -> int | None:
    """How every assignment to ``name`` moves it. +1: each adds a constant not below 0 (``i += 1``,
    ``i = 1 + i``, ``i -= -1``); -1: each takes one away; 0: each adds 0. ``TOWARD_ZERO``: each
    floor-divides it by a positive constant or shifts it right (from ``v`` it stays within 0..v,
    or v..-1 below 0). Each a map ``a * v + b`` with ``a >= 1`` (``n *= 10``, ``n << 1``,
    ``ans * 10 - 9``; an added constant is one with ``a == 1``): ``UP_FROM_ZERO`` where every
    ``b >= 0`` (from ``v >= 0`` it only grows), ``DOWN_FROM_ZERO`` where every ``b <= 0``, and
    ``AWAY_FROM_ZERO`` where every ``b == 0`` (either, by the sign of ``v``). None otherwise."""
    if values and all(_shrinks(name, value) for value in values):
        return TOWARD_ZERO
    maps = [affine(name, value) for value in values]
    if not values or None in maps or any(abs(b) > LARGEST_STEP for _, b in maps):  # type: ignore[misc]
        return None  # (a step that large might outrun a float's range, for a division in a test)
    if all(a == 1 for a, _ in maps):  # type: ignore[misc]
        steps = [b for _, b in maps]  # type: ignore[misc]
        if all(step >= 0 for step in steps):
            return 1 if any(steps) else 0
        return -1 if all(step <= 0 for step in steps) else None
    up, down = all(b >= 0 for _, b in maps), all(b <= 0 for _, b in maps)  # type: ignore[misc]
    return AWAY_FROM_ZERO if up and down else UP_FROM_ZERO if up else DOWN_FROM_ZERO if down else None


def affine(name: str, value: ast.expr) -> tuple[int, int] | None:
    """(a, b) where ``value`` is ``a * name + b`` with ``a >= 1`` (``name + 3``, ``3 + name``,
    ``name - 3``, ``name * 10``, ``10 * name - 9``, ``name << 2``); None otherwise."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        sign = 1 if isinstance(value.op, ast.Add) else -1
        if is_int(value.right) and (inner := _scaled(name, value.left)) is not None:
            return inner, sign * value.right.value  # type: ignore[attr-defined]
        if sign == 1 and is_int(value.left) and (inner := _scaled(name, value.right)) is not None:
            return inner, value.left.value  # type: ignore[attr-defined]
        return None
    scale = _scaled(name, value)
    return None if scale is None else (scale, 0)


def _scaled(name: str, value: ast.expr) -> int | None:
    """``a`` where ``value`` is ``name``, ``name * a``, ``a * name`` or ``name << s`` (``a = 2**s``)
    with ``a >= 1``; None otherwise."""
    if is_name(value, name):
        return 1
    if not isinstance(value, ast.BinOp):
        return None
    if isinstance(value.op, ast.Mult):
        for own, factor in ((value.left, value.right), (value.right, value.left)):
            if is_name(own, name) and is_int(factor) and 1 <= factor.value <= LARGEST_STEP:  # type: ignore[attr-defined]
                return factor.value  # type: ignore[attr-defined]
        return None
    if isinstance(value.op, ast.LShift) and is_name(value.left, name) and is_int(value.right):
        shift = value.right.value  # type: ignore[attr-defined]
        return 1 << shift if 0 <= shift <= LARGEST_SHIFT else None
    return None


def _shrinks(name: str, value: ast.expr) -> bool:
    return (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, (ast.FloorDiv, ast.RShift))
        and is_name(value.left, name)
        and is_int(value.right)
        and value.right.value >= (1 if isinstance(value.op, ast.FloorDiv) else 0)  # type: ignore[attr-defined]
    )
