"""Readings of Python syntax that the engine's layers share (the tests' harvest, the oracle, the
mutation operators): each is written once here, below every module that asks it."""

from __future__ import annotations

import ast


def ending_name(func: ast.expr) -> str:
    """The name a called expression ends in: ``raises`` for ``pytest.raises`` as for ``raises``,
    ``exit`` for ``sys.exit``; "" for anything else (``f()()``, ``ops['add']``)."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def statement_blocks(node: ast.AST) -> list[list[ast.stmt]]:
    """The blocks of statements ``node`` holds (its ``body``, ``orelse`` and ``finalbody``, those
    it has and that are not empty), in that order; an ``except``'s are its handlers'."""
    blocks = (getattr(node, field, None) for field in ("body", "orelse", "finalbody"))
    return [block for block in blocks if isinstance(block, list) and block and isinstance(block[0], ast.stmt)]


def own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The nodes of ``function``'s own body, not those inside a function, lambda or class defined
    in it (a factory's ``return encode, decode``, not ``encode``'s own return)."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        found.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            pending += ast.iter_child_nodes(node)
    return found


def own_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Return]:
    """The ``return`` statements of ``function``'s own body (``own_nodes``)."""
    return [node for node in own_nodes(function) if isinstance(node, ast.Return)]


def is_namespace_call(node: ast.expr) -> bool:
    """``globals()``, ``vars()`` or ``locals()``: at module level, the module's own names, which a
    lookup (``globals()['grade']``) or a store (``globals()[name] = f``) reaches by name."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("globals", "vars", "locals")
        and not node.args
    )
