"""EvalPlus loaders and differential checks, on small hand-made records in EvalPlus's format."""

from __future__ import annotations

import gzip
import json

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.benchmarks.evalplus import restore, shape_of
from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.model import AuditParams

MBPP_ROW = {
    "task_id": "Mbpp/900",
    "prompt": '"""\nShared elements of two tuples.\n"""\n',
    "entry_point": "shared",
    # Insists on tuples, as MBPP's own tests pass them; EvalPlus's JSON gives lists.
    "canonical_solution": "\ndef shared(a, b):\n    assert isinstance(a, tuple) and isinstance(b, tuple)\n"
    "    return tuple(sorted(set(a) & set(b)))\n",
    "base_input": [[[3, 4, 5], [5, 4, 10]]],
    "plus_input": [[[], [1]], [[1, 2, 2], [2, 2]], [[7, 8], [9]]],
    "atol": 0,
    "contract": "",
    "assertion": "\nassert shared((3, 4, 5), (5, 4, 10)) == (4, 5)\nassert shared((1, 2), (2, 3)) == (2,)\n",
}

WEAK_ROW = {
    "task_id": "Mbpp/901",
    "prompt": "",
    "entry_point": "last_index",
    "canonical_solution": "\ndef last_index(items, x):\n    for i in range(len(items) - 1, -1, -1):\n"
    "        if items[i] == x:\n            return i\n    return -1\n",
    "base_input": [[[1, 2, 3], 2]],
    "plus_input": [[[1, 2, 2], 2], [[5, 5, 5], 5]],
    "atol": 0,
    "contract": "",
    "assertion": "\nassert last_index([1, 2, 3], 2) == 1\nassert last_index([4, 2, 2], 2) == 2\n",
}


def _write(tmp_path, rows, name="MbppPlus-v0.2.0.jsonl.gz"):
    path = tmp_path / name
    path.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in rows).encode()))
    return path


def test_shapes_restore_tuples_and_sets():
    assert restore([[1, 2], [3]], shape_of(((0,), (0,)))) == ((1, 2), (3,))
    assert restore([1, 2], shape_of({0})) == {1, 2}
    assert restore([[1, [2]]], shape_of([(0, [0])])) == [(1, [2])]


def test_inputs_get_the_types_of_the_original_tests(tmp_path):
    benchmark = load_benchmark("mbpp-plus", _write(tmp_path, [MBPP_ROW]))
    (problem,) = benchmark.problems
    assert problem.checks[0] == "((3, 4, 5), (5, 4, 10))"
    assert problem.tests == () and "assert shared((1, 2), (2, 3)) == (2,)" in problem.harvest
    result = audit_problem(problem, AuditParams())
    assert result.status == "ok"  # the reference accepts the restored tuples on every check


def test_a_survivor_of_the_original_tests_is_killed_by_the_plus_inputs(tmp_path):
    benchmark = load_benchmark("mbpp-plus", _write(tmp_path, [WEAK_ROW]))
    (problem,) = benchmark.problems
    with_plus = audit_problem(problem, AuditParams())
    without_plus = audit_problem(
        problem.__class__(**{**problem.__dict__, "checks": problem.checks[:1]}), AuditParams()
    )
    assert with_plus.n_survived < without_plus.n_survived


def test_origref_excludes_an_original_reference_that_fails_the_plus_checks(tmp_path, monkeypatch):
    original = "def last_index(items, x):\n    return items.index(x)\n"  # the first index: wrong
    sanitized = [{"task_id": 901, "prompt": "", "code": original, "test_imports": [], "test_list": []}]
    (tmp_path / "sanitized-mbpp.json").write_text(json.dumps(sanitized))
    _write(tmp_path, [WEAK_ROW])
    monkeypatch.setenv("GAMEABILITY_TUI_DATA", str(tmp_path))
    (problem,) = load_benchmark("mbpp-plus-origref").problems
    result = audit_problem(problem, AuditParams())
    assert result.status == "excluded:reference-fails-tests" and "check" in result.detail


def test_confirmation_tells_which_programs_evalplus_rejects(tmp_path):
    from gameability_tui.engine.audit.confirm import rejected_by_checks

    (problem,) = load_benchmark("mbpp-plus", _write(tmp_path, [WEAK_ROW])).problems
    first_index = "def last_index(items, x):\n    return items.index(x)\n"  # wrong on repeated items
    loops = "def last_index(items, x):\n    while True:\n        pass\n"
    verdicts = rejected_by_checks(
        problem, [first_index, WEAK_ROW["canonical_solution"], loops], AuditParams()
    )
    assert verdicts == [True, False, True]  # a loop is rejected by the step budget, as a timeout would
