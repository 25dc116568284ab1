"""Whether a reviewer's own text can go out as a test.

Threat: a text that asserts nothing (``print(...)``) passes on the reference and on every broken
solution alike, so the gold gate alone would let it through as an accepted fix that rejects
nothing; and a statement beside the assert (a call, a loop) would run wherever the exported tests
run. The text is read before it is gated, and refused with the reason.
"""

from __future__ import annotations

import ast


def why_not_a_test(text: str) -> str | None:
    """Why a reviewer's ``text`` cannot go out as a test, or None when it can.

    A text must parse, assert something and hold nothing but asserts and what they use: one that
    asserts nothing (``print(...)``) passes on the reference and on every broken solution alike,
    so the gate alone would let it through as an accepted fix that rejects nothing; and a call
    beside the assert would run wherever the exported tests run."""
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        where = f" at column {error.offset}" if error.offset else ""
        return f"it is not valid Python ({error.msg}{where})"
    except ValueError as error:  # e.g. a NUL character
        return f"it is not valid Python ({error})"
    if not any(isinstance(node, ast.Assert) for node in tree.body):
        return "it has no assert statement, so it would reject nothing"
    for number, node in enumerate(tree.body, start=1):
        if _captures_printing(node):
            continue
        if not isinstance(node, TEST_STATEMENTS):  # a call, a loop, a def: not a test's to run
            return (
                f"statement {number} is {type(node).__name__.lower()}, and a test holds only "
                "asserts and the assignments and imports they use"
            )
    return None


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
