"""The headless paths never load Textual, nothing loads `datasets` before a hub benchmark is read,
and nothing loads `ray` unless `--ray` is given.

`lint-imports` checks the import graph as written; these tests check what a fresh interpreter
actually holds in ``sys.modules``, which also catches an import hidden inside a function that runs.
Each case runs in its own subprocess: this test process has long since imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import EXAMPLES

HEADLESS = (
    "gameability_tui.cli",
    "gameability_tui.commands.options",
    "gameability_tui.commands.check",
    "gameability_tui.commands.export",
    "gameability_tui.commands.confirm",
    "gameability_tui.engine.audit.pipeline",
    "gameability_tui.engine.executors.local",
    "gameability_tui.engine.executors.choice",
    "gameability_tui.engine.executors.worker",
    "gameability_tui.benchmarks",
    "gameability_tui.benchmarks.mbpp",
    "gameability_tui.benchmarks.humaneval",
    "gameability_tui.benchmarks.evalplus",
    "gameability_tui.benchmarks.kodcode",
    "gameability_tui.benchmarks.jsonl",
    "gameability_tui.store",
    "gameability_tui.export",
    "gameability_tui.report",
)
NEVER_HEADLESS = {"textual", "datasets", "ray"}


def _modules_after(code: str) -> set[str]:
    """Top-level package names in ``sys.modules`` after ``code`` runs in a fresh interpreter."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)), file=sys.stderr)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stderr.strip().splitlines()[-1])
    return {name.split(".")[0] for name in modules}


@pytest.mark.parametrize("module", HEADLESS)
def test_importing_a_headless_module_loads_neither_textual_nor_datasets(module):
    assert _modules_after(f"import {module}") & NEVER_HEADLESS == set()


def test_check_on_a_local_file_runs_without_textual_or_datasets():
    loaded = _modules_after(
        f"from gameability_tui.cli import main\nassert main(['check', {str(EXAMPLES)!r}]) == 0"
    )
    assert "gameability_tui" in loaded and "rich" in loaded  # the command really ran
    assert loaded & NEVER_HEADLESS == set()


def test_help_loads_no_heavy_package():
    loaded = _modules_after(
        "from gameability_tui.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit as done:\n    assert done.code == 0"
    )
    assert loaded & {"textual", "datasets", "rich", "tinydb"} == set()


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_even_behind_deferred_or_type_checking_imports():
    """lint-imports' layers see only what they name; a cycle between two modules of one layer (or
    hidden in a function or under TYPE_CHECKING) is still a knot a reader must untangle."""
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (the dev extra)")
    graph = grimp.build_graph("gameability_tui", exclude_type_checking_imports=False)
    edges = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert _cycles(edges) == []
