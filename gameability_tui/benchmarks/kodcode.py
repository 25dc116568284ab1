"""KodCode rows: JSON lines with ``question_id``, ``solution``, ``test`` and ``test_info``.

The test is a pytest module that imports from ``solution``. Each plain ``test_*()`` function
becomes one visible test: its definition followed by its call. A test class, or a test function
pytest hands arguments (parametrize rows, fixtures the module defines), becomes one visible test
the engine runs as pytest would; one that needs what only pytest gives is dropped and counted.

Written back (``add_asserts``), each accepted assert becomes a new plain ``test_*`` function at the
end of the row's pytest module, named so it collides with no name the module has, so pytest and
this tool's loader both pick it up as one more test.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Sequence
from pathlib import Path

from ..engine.inputs.fixtures import fixtures_in
from ..engine.inputs.test_runs import runnable
from ..engine.model import Problem
from .base import Benchmark
from .reading import LoadError, jsonl_lines, not_json
from .source import JSONL, RowPatch, source_from_text

NEW_TEST_PREFIX = "test_reviewed_"

SKIPPED_TESTS = "tests wanting what only pytest can give (its own fixtures, marks this tool does not run)"
FIELDS = ("question_id", "solution", "test")  # what a row must hold, each a string


def split_test_module(source: str) -> tuple[str, list[str], int]:
    """(setup, tests, skipped): the module's other code, without its imports from ``solution``
    (a name imported under another name read as the reference's); then one test per plain
    ``test_*()`` function (its definition and its call), and one per test class or per test
    function pytest hands arguments (rows, fixtures the module defines: the engine runs them as
    pytest does, ``engine/inputs/test_runs.py``), with the module's fixtures before it; those it
    cannot run (a fixture of pytest's own it does not make, ``caplog``) are dropped and counted."""
    source = _solution_module_read_as_names(source)
    tree = ast.parse(source)
    fixtures = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in fixtures_in(tree.body)]
    given = "".join(f"{_segment(source, node)}\n" for node in fixtures)
    setup, tests, skipped = [], [], 0
    for node in tree.body:
        segment = _segment(source, node)
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "solution":
            continue
        if node in fixtures:
            continue
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            if not node.args.args and not node.decorator_list:
                tests.append(f"{segment}\n{node.name}()")
                continue
        elif not (isinstance(node, ast.ClassDef) and _is_test_class(node)):
            setup.append(segment)
            continue
        test = f"{given}{segment}"
        if runnable(test) == test:  # nothing a runner would run, as this tool runs it
            skipped += 1
        else:
            tests.append(test)
    return "\n".join(setup), tests, skipped


def _segment(source: str, node: ast.stmt) -> str:
    """A statement's source, a definition's decorators included (its ``lineno`` is the ``def``)."""
    lines = source.splitlines()
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    last = node.end_lineno or node.lineno
    return "\n".join(lines[first - 1 : last])


def _is_test_class(node: ast.ClassDef) -> bool:
    """A class pytest or unittest collects tests from (``Test*``, or a ``TestCase``)."""
    bases = [b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases]
    return node.name.startswith("Test") or any(base.endswith("TestCase") for base in bases)


def _solution_module_read_as_names(source: str) -> str:
    """``import solution`` (or ``as s``) then ``solution.sq(2)``, or ``from solution import sq as
    square`` then ``square(2)``: read as ``sq(2)``, the name the reference defines, which is the
    name the audit knows its entry by (the module's text is rewritten only where it does this)."""
    tree = ast.parse(source)
    modules = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "solution"
    }
    renamed = {
        alias.asname: alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "solution"
        for alias in node.names
        if alias.asname and alias.asname != alias.name
    }
    if not modules and not renamed:
        return source

    class Unqualified(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            if isinstance(node.value, ast.Name) and node.value.id in modules:
                return ast.copy_location(ast.Name(node.attr, node.ctx), node)
            return self.generic_visit(node)

        def visit_Name(self, node: ast.Name) -> ast.AST:
            if node.id not in renamed:
                return node
            return ast.copy_location(ast.Name(renamed[node.id], node.ctx), node)

    body = [
        node
        for node in tree.body
        if not (isinstance(node, ast.Import) and any(a.name == "solution" for a in node.names))
    ]
    return ast.unparse(Unqualified().visit(ast.Module(body=body, type_ignores=[])))


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
