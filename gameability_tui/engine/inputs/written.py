"""A benchmark's written preconditions (EvalPlus's ``contract``: ``assert ... # $_CONTRACT_$``
lines) put back at the top of the entry, so that running the result refuses what the task does.

Threat: an input the task excludes in words (HumanEval/59: "assume n > 1 and is not a prime")
that the visible calls happen not to rule out. Where the benchmark writes its rules down, they
are the domain: ``audit.written_contract`` drops every fresh or aimed input this program refuses.
"""

from __future__ import annotations

import ast
import textwrap


def with_contract(source: str, entry: str, contract: str) -> str | None:
    """``source`` with ``contract``'s lines as the first statements of ``entry`` (after its
    docstring), indented as its body is (tabs stay tabs); None when ``entry`` is not found."""
    lines = [line for line in (contract or "").split("\n") if line.strip()]
    if not lines:
        return source
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    function = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry), None)
    if function is None:
        return None
    body = function.body
    docstring = isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    anchor = body[1] if docstring and len(body) > 1 else body[0]
    source_lines = source.split("\n")
    at = anchor.lineno - 1
    first = source_lines[at]
    indent = first[: len(first) - len(first.lstrip())]
    block = [indent + line for line in textwrap.dedent("\n".join(lines)).split("\n")]
    return "\n".join(source_lines[:at] + block + source_lines[at:])
