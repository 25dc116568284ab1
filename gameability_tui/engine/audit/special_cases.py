"""The ``path`` flag: an assert whose answer is what a special case returns, on a branch no
visible test runs.

A special case (``if len(n) <= 2: return False``, ``if n == 1: return 1``) is where a task's
conventions live, and where its text is most often silent: the reference's literal there is a
choice, and the survivors that change it differ only on inputs that reach it. An assert built on
such an input, rejecting only survivors that change that special case (its test or its return),
encodes that choice; the reviewer should read the task before accepting it.

The evidence, in order of strength:

- with the reference's coverage (``coverage.py``): the special case's ``return`` runs on the
  assert's input and on no visible test. Threat: a special case that is the computation itself
  (``if num % i == 0: return False`` inside a primality loop, MBPP/605) is unreached by the
  visible tests only because none is composite, and its answer is the task's core, not a
  convention; so the ``if`` must be a statement of the function's own body (or an ``elif`` of
  one: a guard before the main work), unless no visible answer is that literal at all.
- without coverage (the traced run did not finish): no visible test's literal answer is that
  literal, which is the best the tests' text can say.

Either way every survivor the assert rejects must change that special case: an answer that
merely equals the literal (``power(1, 1) == 1``) has survivors changed elsewhere, and is not
flagged.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from ..inputs.calls import parsed
from ..model import Survivor
from ..outcome import safe_repr  # a value past Python's int-to-text limit has no repr


@dataclass(frozen=True)
class SpecialCase:
    """An ``if TEST: return LITERAL`` of the reference."""

    shown: str  # "if n == 1: return 1"
    literal: str  # repr of the returned literal
    return_line: int
    lines: frozenset[int]  # the test's lines and the return's: where a survivor changes it
    guard: bool  # a statement of a function's body (or an elif of one): before the main work


def special_cases(reference: str) -> list[SpecialCase]:
    """Every ``if ...: return LITERAL`` (a body of that one statement) of the reference."""
    tree = parsed(reference)
    if tree is None:
        return []
    guards = _guard_ifs(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.If) and len(node.body) == 1 and isinstance(node.body[0], ast.Return)):
            continue
        value = node.body[0].value
        try:
            literal = ast.literal_eval(value) if value is not None else None
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        returned = ast.unparse(value) if value is not None else ""
        test_lines = range(node.test.lineno, (node.test.end_lineno or node.test.lineno) + 1)
        found.append(
            SpecialCase(
                f"if {ast.unparse(node.test)}: return {returned}",
                safe_repr(literal),
                node.body[0].lineno,
                frozenset({node.lineno, node.body[0].lineno, *test_lines}),
                id(node) in guards,
            )
        )
    return found


def _guard_ifs(tree: ast.AST) -> set[int]:
    """ids of the ``if`` statements of a function's own body, and of their ``elif`` chains."""
    guards: set[int] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for statement in function.body:
            while isinstance(statement, ast.If):
                guards.add(id(statement))
                statement = statement.orelse[0] if len(statement.orelse) == 1 else None
    return guards


def path_flags(
    expected: Any,
    answers: list[Any],
    cases: list[SpecialCase],
    killed: list[Survivor],
    visible_lines: frozenset[int] | None,
    assert_lines: frozenset[int] | None,
) -> tuple[str, ...]:
    """The ``path`` flag of an assert expecting ``expected`` and rejecting ``killed``, given the
    lines the visible tests run and those the assert runs (None: unknown)."""
    if not killed:
        return ()
    seen_answer = any(safe_repr(a) == safe_repr(expected) for a in answers)
    for case in cases:
        if case.literal != safe_repr(expected) or any(s.line not in case.lines for s in killed):
            continue
        if visible_lines is not None and assert_lines is not None:
            reached_here = case.return_line in assert_lines and case.return_line not in visible_lines
            if reached_here and (case.guard or not seen_answer):
                return (
                    f"path: expects {expected!r}, what the special case `{case.shown}` returns "
                    f"(line {case.return_line}), which no visible test runs",
                )
        elif answers and not seen_answer:
            shown = f"what the special case `{case.shown}` returns; no visible test does"
            return (f"path: expects {expected!r}, {shown}",)
    return ()


def could_flag(expected_values: list[Any], cases: list[SpecialCase]) -> bool:
    """Whether any assert's answer is a special case's literal: only then is coverage worth a run."""
    literals = {case.literal for case in cases}
    return any(safe_repr(value) in literals for value in expected_values)
