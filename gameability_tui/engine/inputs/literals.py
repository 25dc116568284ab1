"""Python source for plain values that evaluates back to the very same value.

Threat: the published tool writes expected values with ``repr``; for ``inf`` that gives ``inf``,
a NameError inside the assert, so its suggested assert fails on its own reference. Here every
rendered value is evaluated again and compared by value; a value that does not come back is not
rendered. Ints past Python's 4,300-digit decimal limit have no ``repr``: they are written in hex,
which has no such limit and reads back as the same int.
"""

from __future__ import annotations

import ast
import math
from typing import Any

HEX_PAST_BITS = 13_000  # about 3,900 decimal digits: safely below the conversion limit
_EVAL_NAMES = {"float": float, "set": set, "frozenset": frozenset, "__builtins__": {}}


class NotRenderable(ValueError):
    """The value has no source text that evaluates back to it."""


def _render(value: Any) -> str:
    kind = type(value)
    if kind is float:
        if math.isnan(value):
            return "float('nan')"
        if math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if kind is int and value.bit_length() > HEX_PAST_BITS:
        return f"-{-value:#x}" if value < 0 else f"{value:#x}"
    if kind in (int, bool, str, bytes, type(None), complex):
        return repr(value)
    if kind is list:
        return "[" + ", ".join(_render(v) for v in value) + "]"
    if kind is tuple:
        inner = ", ".join(_render(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if kind is dict:
        return "{" + ", ".join(f"{_render(k)}: {_render(v)}" for k, v in value.items()) + "}"
    if kind in (set, frozenset):
        items = sorted(_render(v) for v in value)
        if not items:
            return "set()" if kind is set else "frozenset()"
        body = "{" + ", ".join(items) + "}"
        return body if kind is set else f"frozenset({body})"
    raise NotRenderable(f"no literal for {kind.__name__}")


def render_literal(value: Any) -> str:
    """Source text for ``value``; raises NotRenderable unless it evaluates back to ``value``."""
    text = _render(value)
    try:
        back = eval(text, dict(_EVAL_NAMES))  # noqa: S307 - our own rendered literal, no names
    except Exception as error:
        raise NotRenderable(f"{text!r} does not evaluate: {error}") from error
    if not _same_value(back, value):
        raise NotRenderable(f"{text[:80]!r} evaluates to a different value")
    return text


class _SpecialValues(ast.NodeTransformer):
    """float('inf') / float('nan') and frozenset({...}) as constants, so literal_eval accepts them."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and len(node.args) == 1 and not node.keywords:
            argument = node.args[0]
            if (
                node.func.id == "float"
                and isinstance(argument, ast.Constant)
                and isinstance(argument.value, str)
            ):
                return ast.Constant(float(argument.value))
            if node.func.id == "frozenset":
                return ast.Constant(frozenset(ast.literal_eval(argument)))
        return node


def evaluate_literal(text: str) -> Any:
    """The value of a rendered literal, without running code (no eval): the inverse of render."""
    tree = _SpecialValues().visit(ast.parse(text, mode="eval"))
    return ast.literal_eval(tree.body)


def _same_value(a: Any, b: Any) -> bool:
    """The same type and value all the way down (NaN equal to NaN, -0.0 apart from 0.0)."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is float:
        return (a != a and b != b) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if kind is complex:
        return _same_value(a.real, b.real) and _same_value(a.imag, b.imag)
    if kind in (list, tuple):
        return len(a) == len(b) and all(_same_value(x, y) for x, y in zip(a, b))
    if kind is dict:
        return a.keys() == b.keys() and all(_same_value(a[key], b[key]) for key in a)
    try:
        return bool(a == b)
    except Exception:
        return False
