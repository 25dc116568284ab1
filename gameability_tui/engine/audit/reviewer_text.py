"""Whether a reviewer's own text can go out as a test.

Threat: a text that asserts nothing (``print(...)``) passes on the reference and on every broken
solution alike, so the gold gate alone would let it through as an accepted fix that rejects
nothing; and a statement beside the assert (a call, a loop) would run wherever the exported tests
run. The text is read before it is gated, and refused with the reason.
"""

from __future__ import annotations

import ast

from .asserts import ASYNC_DRAIN, RETURNED_HELPER


def why_not_a_test(text: str, own: frozenset[str] = frozenset()) -> str | None:
    """Why a reviewer's ``text`` cannot go out as a test, or None when it can.

    A text must parse, assert something and hold nothing but asserts and what they use: one that
    asserts nothing (``print(...)``) passes on the reference and on every broken solution alike,
    so the gate alone would let it through as an accepted fix that rejects nothing; and a call
    beside the assert would run wherever the exported tests run. But a call whose every callee
    is the program's own (``own``: the names the reference and setup define) or an object the
    text made (``set_rate('EUR', 3)`` before ``to_usd``, ``s.push(9)``) is what a test of that
    program makes, and this tool's own helpers, as it writes them (``drained_and_returned``),
    are what its asserts use."""
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        where = f" at column {error.offset}" if error.offset else ""
        return f"it is not valid Python ({error.msg}{where})"
    except ValueError as error:  # e.g. a NUL character
        return f"it is not valid Python ({error})"
    if not any(isinstance(node, ast.Assert) for node in tree.body):
        return "it has no assert statement, so it would reject nothing"
    bound = set(own)
    for number, node in enumerate(tree.body, start=1):
        bound |= _made_here(node, bound)
        if _captures_printing(node) or _calls_its_own(node, bound) or ast.dump(node) in HELPERS:
            continue
        if not isinstance(node, TEST_STATEMENTS):  # a call, a loop, a def: not a test's to run
            return (
                f"statement {number} is {type(node).__name__.lower()}, and a test holds only "
                "asserts and the assignments and imports they use"
            )
    return None


def own_names(*sources: str) -> frozenset[str]:
    """The names ``sources`` (a reference, its setup) bind at their top level: its functions,
    classes and data, whose calls a test of the program makes."""
    names: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source or "")
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            for target in getattr(node, "targets", [getattr(node, "target", None)]):
                if isinstance(target, ast.Name):
                    names.add(target.id)
    return frozenset(names)


def _made_here(node: ast.stmt, bound: set[str]) -> set[str]:
    """The names an assignment of the text binds to a literal or to what a call of ``bound``
    makes (``s = Stack()``): objects of the program's own, which the text may then call."""
    if not isinstance(node, ast.Assign):
        return set()
    value = node.value
    made = isinstance(value, ast.Call) and all(
        _root(call.func) in bound for call in ast.walk(value) if isinstance(call, ast.Call)
    )
    if not made:
        try:
            ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return set()
    return {target.id for target in node.targets if isinstance(target, ast.Name)}


def _calls_its_own(node: ast.stmt, own: set[str]) -> bool:
    """Whether ``node`` is a call made as a statement whose every callee is rooted in ``own``."""
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return False
    calls = [part for part in ast.walk(node) if isinstance(part, ast.Call)]
    return all(_root(call.func) in own for call in calls)


def _root(node: ast.expr) -> str | None:
    """The name an expression starts from: ``s`` of ``s.push``, ``Stack`` of ``Stack().push``."""
    while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _captures_printing(node: ast.stmt) -> bool:
    """``with contextlib.redirect_stdout(...) as out:`` around what a test may hold: how a test
    sees what a call prints (``_printing_assert``)."""
    if not isinstance(node, ast.With):
        return False
    for item in node.items:
        called = item.context_expr.func if isinstance(item.context_expr, ast.Call) else None
        name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", None)
        if name != "redirect_stdout":
            return False
    return all(isinstance(statement, TEST_STATEMENTS) for statement in node.body)


# What a test may hold: what this tool writes (``arg0 = [...]; assert f(arg0) == ...``), and the
# imports an assert may need. Anything else would run on export in every harness (``open(...)``).
TEST_STATEMENTS = (ast.Assert, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Import, ast.ImportFrom)
# The helpers this tool's asserts define, as it writes them (``asserts.py``)
HELPERS = frozenset(
    ast.dump(node) for helper in (RETURNED_HELPER, ASYNC_DRAIN) for node in ast.parse(helper).body
)
