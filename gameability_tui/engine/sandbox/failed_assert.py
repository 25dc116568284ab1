"""What a failed ``assert a == b`` of a visible test compared, for the reference's exclusion.

A reference that fails its own test is excluded, and the maintainer mends it from the reason
given. A bare ``AssertionError`` says only that some assert failed (the thirty-second pass: a
reference that printed its answer instead of returning it read "test 1 fails: raises
AssertionError"). Where the failing statement is a comparison of two sides, both are evaluated
again in the test's namespace, in the child, under the test's step budget, and written out:
``square(3) is None, where the test expects 9``. Nothing is said where a side cannot be
evaluated again (it raises, runs out of its budget) or its text is too long to be read.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

MAX_SHOWN = 80  # characters of a value's repr written; a longer one is cut with "..."


def compared_sides(
    source: str, filename: str, error: BaseException, evaluate: Callable[[ast.expr], tuple[bool, Any]]
) -> str | None:
    """Words for the failed comparison of ``source`` (compiled as ``filename``) that raised
    ``error``: its left side's value against its right side's. ``evaluate`` gives (whether it
    returned, its value) of an expression in the test's namespace."""
    statement = _failed_statement(source, filename, error)
    if statement is None:
        return None
    compare = statement.test
    if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1):
        return None
    left, right = compare.left, compare.comparators[0]
    (left_returned, got), (right_returned, want) = evaluate(left), evaluate(right)
    if not (left_returned and right_returned):
        return None
    said = ast.unparse(left)
    if len(said) > MAX_SHOWN:
        return None
    equal = isinstance(compare.ops[0], (ast.Eq, ast.Is))
    relation = "expects" if equal else f"compares it ({_operator(compare)})"
    return f"{said} is {_shown(got)}, where the test {relation} {_shown(want)}"


def _failed_statement(source: str, filename: str, error: BaseException) -> ast.Assert | None:
    """The ``assert`` statement of ``source`` that ``error`` was raised at (its last frame in
    ``filename``), where it is one; where its traceback is gone (the step counter keeps none),
    the test's one ``assert``, where it has one alone."""
    line = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == filename:
            line = trace.tb_lineno
        trace = trace.tb_next
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    found = [node for node in ast.walk(tree) if isinstance(node, ast.Assert)]
    found = [node for node in found if node.lineno == line] if line is not None else found
    return found[0] if len(found) == 1 else None


def _operator(compare: ast.Compare) -> str:
    return ast.unparse(ast.Compare(ast.Name("a"), compare.ops, [ast.Name("b")]))[2:-2]


def _shown(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # a benchmark's own __repr__ that raises
        return f"a {type(value).__name__}"
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."
