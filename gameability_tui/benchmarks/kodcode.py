"""KodCode rows: JSON lines with ``question_id``, ``solution``, ``test`` and ``test_info``.

The test is a pytest module that imports from ``solution``. Each plain ``test_*()`` function (no
fixtures, no parameters) becomes one visible test: its definition followed by its call. Test
functions that need pytest machinery cannot run as plain code; they are dropped and counted.

Written back (``add_asserts``), each accepted assert becomes a new plain ``test_*`` function at the
end of the row's pytest module, named so it collides with no name the module has, so pytest and
this tool's loader both pick it up as one more test.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Sequence
from pathlib import Path

from ..engine.model import Problem
from .base import Benchmark
from .reading import LoadError, jsonl_lines, not_json
from .source import JSONL, RowPatch, source_from_text

NEW_TEST_PREFIX = "test_reviewed_"

SKIPPED_TESTS = "test functions with parameters or decorators (pytest fixtures)"
FIELDS = ("question_id", "solution", "test")  # what a row must hold, each a string


def split_test_module(source: str) -> tuple[str, list[str], int]:
    """(setup, tests, skipped): module-level code minus solution imports, plain test functions."""
    tree = ast.parse(source)
    setup, tests, skipped = [], [], 0
    for node in tree.body:
        segment = ast.get_source_segment(source, node, padded=True)
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "solution":
            continue
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            if node.args.args or node.decorator_list:
                skipped += 1
                continue
            tests.append(f"{segment}\n{node.name}()")
        else:
            setup.append(segment)
    return "\n".join(setup), tests, skipped


def load_kodcode(path: Path) -> Benchmark:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LoadError(f"{path}: cannot read it ({error})") from None
    problems, dropped = [], {SKIPPED_TESTS: 0, "rows whose test module does not parse": 0}
    rows: dict[str, int] = {}  # problem id -> index among the file's rows
    index = -1
    for number, line in enumerate(jsonl_lines(text), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise not_json(where, error) from None
        index += 1
        if not isinstance(row, dict):
            raise LoadError(f"{where}: not a JSON object (a KodCode row holds {', '.join(FIELDS)})")
        for field in FIELDS:
            if field not in row:
                raise LoadError(f"{where}: missing field {field!r} (a KodCode row holds {', '.join(FIELDS)})")
            if not isinstance(row[field], str):
                raise LoadError(f"{where}: field {field!r} must be a string")
        try:
            setup, tests, skipped = split_test_module(row["test"])
        except SyntaxError:
            dropped["rows whose test module does not parse"] += 1
            continue
        dropped[SKIPPED_TESTS] += skipped
        info = row.get("test_info") or []
        entry = info[0].get("function_name") if info and isinstance(info[0], dict) else None
        problems.append(
            Problem(
                id=row["question_id"], reference=row["solution"], tests=tuple(tests),
                entry=entry or None, setup=setup, prompt=row.get("question", ""),
            )
        )  # fmt: skip
        rows[row["question_id"]] = index
    origin = source_from_text(text, path, layout=JSONL).with_ids(rows)
    dropped = {k: v for k, v in dropped.items() if v}
    return Benchmark(f"kodcode:{path.name}", problems, str(path), dropped, origin=origin, writer="kodcode")


def add_asserts(row: dict, texts: Sequence[str], entry: str) -> RowPatch:
    """``row`` whose pytest module ends with one new ``test_*`` function per assert."""
    module = row["test"]
    try:
        tree = ast.parse(module)
    except SyntaxError:
        return RowPatch(row, tuple((text, "the row's test module does not parse") for text in texts))
    taken = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    taken |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    added = [] if _imports_from_solution(tree, entry) else [f"from solution import {entry}"]
    number = 0
    for text in texts:
        number += 1
        while f"{NEW_TEST_PREFIX}{number}" in taken:
            number += 1
        body = "".join(f"    {line}\n" if line.strip() else "\n" for line in text.splitlines())
        added.append(f"def {NEW_TEST_PREFIX}{number}():\n{body}")
    base = module if module.endswith("\n") or not module else module + "\n"
    return RowPatch({**row, "test": base + "\n\n" + "\n\n".join(added)})


def _imports_from_solution(tree: ast.Module, entry: str) -> bool:
    """Whether the module binds ``entry`` from ``solution`` at its top level."""
    return any(
        isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "solution"
        and any(alias.name in (entry, "*") and alias.asname in (None, entry) for alias in node.names)
        for node in tree.body
    )  # fmt: skip
