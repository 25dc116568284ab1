"""KodCode rows: JSON lines with ``question_id``, ``solution``, ``test`` and ``test_info``.

The test is a pytest module that imports from ``solution``. Each plain ``test_*()`` function (no
fixtures, no parameters) becomes one visible test: its definition followed by its call. Test
functions that need pytest machinery cannot run as plain code; they are dropped and counted.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from ..engine.model import Problem
from .base import Benchmark, LoadError, jsonl_lines

SKIPPED_TESTS = "test functions with parameters or decorators (pytest fixtures)"


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
        lines = jsonl_lines(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise LoadError(f"{path}: cannot read it ({error})") from None
    problems, dropped = [], {SKIPPED_TESTS: 0, "rows whose test module does not parse": 0}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise LoadError(f"{where}: not valid JSON ({error.msg})") from None
        for field in ("question_id", "solution", "test"):
            if not isinstance(row.get(field), str):
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
    return Benchmark(f"kodcode:{path.name}", problems, str(path), {k: v for k, v in dropped.items() if v})
