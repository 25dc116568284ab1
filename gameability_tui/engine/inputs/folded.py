"""Pure expressions on literals, evaluated without running code: ``[1] * 3``, ``-(3)``,
``frozenset({1, 2})``, ``range(5)``, ``{'a': 1}.items()``.

Threat: a test's argument or loop data built from literals by such an expression is as literal
as a literal, but ``ast.literal_eval`` refuses it, so its calls were not harvested. Only
literals, a few operators and pure builtins are evaluated (never a name the test defines, never
``eval``), and sizes are checked before and after each step: ``'a' * 10 ** 9`` is refused, not
built.
"""

from __future__ import annotations

import ast
import itertools
import operator
from typing import Any

MAX_ITEMS = 10_000  # elements of a folded sequence, characters of a folded string
MAX_BITS = 10_000  # bits of a folded int

_LITERAL_TYPES = (int, float, complex, str, bytes, bool, type(None))
_BINARY = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Pow: operator.pow,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
}  # fmt: skip
_ON_NUMBERS = (ast.Div, ast.FloorDiv, ast.Mod)  # (``'%d' % x`` formats: not folded)
_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}  # fmt: skip


class NotFoldable(ValueError):
    """The expression is not a pure expression on literals (or its value is too big)."""


def _checked(value: Any) -> Any:
    """``value``, if small enough to hold (threat: ``'a' * 10 ** 9`` in a test's argument)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
        raise NotFoldable("int too big")
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)) and len(value) > MAX_ITEMS:
        raise NotFoldable("too many items")
    return value


def is_plain(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` is made of literal types only (what an argument may be harvested as)."""
    if depth > 20:
        return False
    if isinstance(value, _LITERAL_TYPES):
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return type(value) in (list, tuple, set, frozenset) and all(is_plain(v, depth + 1) for v in value)
    if type(value) is dict:
        return all(is_plain(k, depth + 1) and is_plain(v, depth + 1) for k, v in value.items())
    return False


def items_of(value: Any) -> list:
    """The elements iterating ``value`` gives, the first MAX_ITEMS; a set's in a fixed order (a
    set of strings iterates in hash order, which differs from run to run)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)[:MAX_ITEMS]
    if isinstance(value, (str, bytes, list, tuple, dict, range)):
        return list(itertools.islice(iter(value), MAX_ITEMS))
    raise NotFoldable("not iterable data")


def _builtin(name: str, args: list, kwargs: dict) -> Any:
    """A pure builtin on folded values: containers, ``range`` and iteration helpers."""
    if name in ("list", "tuple", "set", "frozenset", "sorted", "reversed") and not kwargs and len(args) <= 1:
        items = items_of(args[0]) if args else []
        if name == "sorted":
            return sorted(items)
        if name == "reversed":
            return items[::-1]
        return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[name](items)
    if name == "dict" and len(args) <= 1:
        return dict(
            items_of(args[0]) if args and not isinstance(args[0], dict) else (args[0] if args else {}),
            **kwargs,
        )
    if name == "range" and not kwargs and all(type(a) is int for a in args) and 1 <= len(args) <= 3:
        return range(*args)
    if name == "enumerate" and len(args) == 1 and set(kwargs) <= {"start"}:
        return list(enumerate(items_of(args[0]), kwargs.get("start", 0)))
    if name == "zip" and not kwargs:
        return list(zip(*(items_of(a) for a in args)))
    if name == "len" and len(args) == 1 and not kwargs:
        return len(args[0])
    raise NotFoldable(f"{name}() is not folded")


def fold(node: ast.expr, env: dict[str, Any]) -> Any:
    """The value of a pure expression on literals and the names in ``env``; NotFoldable else."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in env:
            return env[node.id]
        raise NotFoldable(node.id)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items: list = []
        for element in node.elts:
            if isinstance(element, ast.Starred):
                items += items_of(fold(element.value, env))
            else:
                items.append(fold(element, env))
        kind = {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)]
        return _checked(kind(items))
    if isinstance(node, ast.Dict):
        result: dict = {}
        for key, value in zip(node.keys, node.values):
            if key is None:
                result.update(fold(value, env))
            else:
                result[fold(key, env)] = fold(value, env)
        return _checked(result)
    if isinstance(node, ast.UnaryOp):
        operand = fold(node.operand, env)
        if isinstance(node.op, ast.Not):
            return not operand
        if not isinstance(operand, (int, float, complex)):
            raise NotFoldable("unary operator on data")
        operators = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}
        return _checked(operators[type(node.op)](operand))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = fold(node.left, env), fold(node.right, env)
        _guard_size(node.op, left, right)
        try:
            return _checked(_BINARY[type(node.op)](left, right))
        except (TypeError, ValueError, ArithmeticError) as error:
            raise NotFoldable(str(error)) from error
    if isinstance(node, ast.Compare):
        left = fold(node.left, env)
        for op, right_node in zip(node.ops, node.comparators):
            right = fold(right_node, env)
            if type(op) not in _COMPARE or not is_plain(left) or not is_plain(right):
                raise NotFoldable("comparison")
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.BoolOp):
        result = fold(node.values[0], env)
        for value in node.values[1:]:  # as Python does: the operand that decides, not a bool
            if bool(result) != isinstance(node.op, ast.And):
                return result
            result = fold(value, env)
        return result
    if isinstance(node, ast.Call):
        return _fold_call(node, env)
    raise NotFoldable(type(node).__name__)


def _guard_size(op: ast.operator, left: Any, right: Any) -> None:
    """Refuse an operation whose result would be huge before computing it."""
    if isinstance(op, _ON_NUMBERS) and not all(type(v) in (int, float) for v in (left, right)):
        raise NotFoldable("division of data")
    if isinstance(op, ast.Pow):
        if not all(type(v) in (int, float) for v in (left, right)):
            raise NotFoldable("power of data")
        if type(right) is int and (right < 0 or abs(int(left)).bit_length() * right > MAX_BITS):
            raise NotFoldable("power too big")
    if isinstance(op, ast.Mult):
        for times, data in ((left, right), (right, left)):
            repeated = type(times) is int and isinstance(data, (str, bytes, list, tuple))
            if repeated and times * len(data) > MAX_ITEMS:
                raise NotFoldable("repetition too long")
        if type(left) is int and type(right) is int and left.bit_length() + right.bit_length() > MAX_BITS:
            raise NotFoldable("product too big")


def _fold_call(node: ast.Call, env: dict[str, Any]) -> Any:
    """``float('inf')``, a pure builtin on folded values, or ``{...}.items()`` on a dict."""
    if isinstance(node.func, ast.Attribute) and not node.args and not node.keywords:
        owner = fold(node.func.value, env)
        if type(owner) is dict and node.func.attr in ("items", "keys", "values"):
            return list(getattr(owner, node.func.attr)())
        raise NotFoldable("method call")
    if not isinstance(node.func, ast.Name) or node.func.id in env:
        raise NotFoldable("call")
    args = []
    for argument in node.args:
        if isinstance(argument, ast.Starred):
            args += items_of(fold(argument.value, env))
        else:
            args.append(fold(argument, env))
    if any(keyword.arg is None for keyword in node.keywords):
        raise NotFoldable("** in a call")
    kwargs = {keyword.arg: fold(keyword.value, env) for keyword in node.keywords}
    if node.func.id == "float" and len(args) == 1 and not kwargs and type(args[0]) in (str, int, float):
        try:
            return float(args[0])
        except ValueError as error:
            raise NotFoldable(str(error)) from error
    try:
        return _checked(_builtin(node.func.id, args, kwargs))
    except (TypeError, ValueError) as error:
        raise NotFoldable(str(error)) from error


def is_literal(node: ast.expr) -> bool:
    """Whether ``node`` is written as a literal (what ``ast.literal_eval`` reads), as a test's
    own literal argument is."""
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True
