"""Loaders on small files written here; errors name the file, line and field."""

from __future__ import annotations

import gzip
import json
import time
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import EXAMPLES, SHARED_DATA

from gameability_tui.benchmarks import LoadError, load_benchmark
from gameability_tui.benchmarks.humaneval import split_check
from gameability_tui.engine.audit import Prepared, judge_program, prepare
from gameability_tui.engine.model import AuditParams


def _write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_example_benchmark_loads():
    benchmark = load_benchmark(str(EXAMPLES))
    assert len(benchmark.problems) >= 8
    assert {"max_pair_product", "sum_to"} <= {p.id for p in benchmark.problems}


@pytest.mark.parametrize(
    "line, message",
    [
        ("not json", "not valid JSON"),
        ('{"id": "a", "tests": []}', "missing field 'reference'"),
        ('{"id": "a", "reference": "x", "tests": "assert f(1)"}', "field 'tests' must be list"),
        ('{"id": "a", "reference": "x", "tests": [1]}', "field 'tests' must be a list of strings"),
        ('{"id": "a", "reference": 3, "tests": []}', "field 'reference' must be str"),
        ("[1, 2]", "expected a JSON object"),
    ],
)
def test_bad_jsonl_line_names_file_line_and_field(tmp_path, line, message):
    good = json.dumps({"id": "ok", "reference": "def f(x):\n    return x\n", "tests": ["assert f(1) == 1"]})
    path = _write(tmp_path, "bench.jsonl", [good, line])
    with pytest.raises(LoadError) as error:
        load_benchmark(str(path))
    assert f"{path}:2" in str(error.value) and message in str(error.value)


@pytest.mark.parametrize(
    "row, name",
    [
        ({"task_id": 2, "text": "t", "code": "def f(): pass", "test_list": ["assert f() is None"]}, "mbpp"),
        (
            {
                "task_id": "HumanEval/0",
                "prompt": "def f():\n",
                "canonical_solution": "    pass\n",
                "test": "",
            },
            "humaneval",
        ),
    ],
)
def test_a_named_benchmarks_own_file_given_as_jsonl_says_how_to_give_it(tmp_path, row, name):
    path = _write(tmp_path, "theirs.jsonl", [json.dumps(row)])
    with pytest.raises(LoadError) as error:
        load_benchmark(str(path))
    assert f"{path}:1: missing field 'id'" in str(error.value)
    assert f"give the benchmark as `{name} --data {path}`" in str(error.value)


def test_a_byte_order_mark_is_named_with_what_to_do(tmp_path):
    path = tmp_path / "bom.jsonl"
    row = {"id": "a", "reference": "def f():\n    return 1\n", "tests": ["assert f() == 1"]}
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(row).encode() + b"\n")
    with pytest.raises(LoadError) as error:
        load_benchmark(str(path))
    assert (
        str(error.value)
        == f"{path}:1: the file starts with a byte-order mark (BOM); save it as UTF-8 without one"
    )


def test_duplicate_ids_are_named(tmp_path):
    record = json.dumps({"id": "a", "reference": "def f():\n    pass\n", "tests": []})
    path = _write(tmp_path, "dup.jsonl", [record, record])
    with pytest.raises(LoadError, match="already used on line 1"):
        load_benchmark(str(path))


def test_line_numbers_count_blank_lines_and_crlf_endings(tmp_path):
    # The file is parsed once, for the rows and their places; the line a message names is the
    # file's own line, blank lines and \r\n endings included.
    record = {"id": "a", "reference": "def f():\n    pass\n", "tests": []}
    lines = ["", json.dumps(record), "  ", "", json.dumps(record | {"id": "b"}), json.dumps(record)]
    path = tmp_path / "gaps.jsonl"
    path.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    with pytest.raises(LoadError, match=f"{path}:6: field 'id': 'a' was already used on line 2"):
        load_benchmark(str(path))
    lines[-1] = json.dumps(record | {"id": "c", "tests": "assert f()"})
    path.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    with pytest.raises(LoadError, match=f"{path}:6: field 'tests' must be list"):
        load_benchmark(str(path))
    lines[-1] = json.dumps(record | {"id": "c"})
    path.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    assert [p.id for p in load_benchmark(str(path)).problems] == ["a", "b", "c"]


def test_empty_and_non_utf8_files(tmp_path):
    empty = _write(tmp_path, "empty.jsonl", [""])
    with pytest.raises(LoadError, match="no problems"):
        load_benchmark(str(empty))
    binary = tmp_path / "latin.jsonl"
    binary.write_bytes(b'{"id": "caf\xe9"}\n')
    with pytest.raises(LoadError, match="not UTF-8"):
        load_benchmark(str(binary))


def test_unknown_benchmark_name():
    with pytest.raises(LoadError, match="unknown benchmark 'mbppp'"):
        load_benchmark("mbppp")


def test_mbpp_file_drops_the_prompt_split(tmp_path):
    rows = [
        {"task_id": task, "text": "t", "code": "def f(x):\n    return x\n", "test_list": ["assert f(1) == 1"],
         "test_setup_code": "", "challenge_test_list": []}
        for task in (3, 11, 12)
    ]  # fmt: skip
    path = _write(tmp_path, "mbpp.jsonl", [json.dumps(r) for r in rows])
    benchmark = load_benchmark("mbpp", path)
    assert [p.id for p in benchmark.problems] == ["11", "12"]
    assert sum(benchmark.dropped.values()) == 1


def test_data_env_folder_is_used(tmp_path, monkeypatch):
    rows = [{"task_id": 2, "prompt": "p", "code": "def f(x):\n    return x\n",
             "test_imports": ["import math"], "test_list": ["assert f(1) == 1"]}]  # fmt: skip
    (tmp_path / "sanitized-mbpp.json").write_text(json.dumps(rows))
    monkeypatch.setenv("GAMEABILITY_TUI_DATA", str(tmp_path))
    benchmark = load_benchmark("mbpp-sanitized")
    assert benchmark.problems[0].setup == "import math"


def test_data_pointing_nowhere(tmp_path):
    with pytest.raises(LoadError, match="no such file"):
        load_benchmark("mbpp", tmp_path / "missing.jsonl")


def test_no_hub_access_fails_fast_with_advice(monkeypatch):
    monkeypatch.delenv("GAMEABILITY_TUI_DATA", raising=False)
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")
    started = time.monotonic()
    with pytest.raises(LoadError, match="--data"):
        load_benchmark("mbpp")
    assert time.monotonic() - started < 10


def test_humaneval_check_becomes_one_test_per_statement():
    setup, tests = split_check(
        "METADATA = {}\n\ndef check(candidate):\n    x = [1,\n         2]\n    assert candidate(x) == 3\n"
    )
    assert setup.strip() == "METADATA = {}"
    assert tests == ("x = [1,\n     2]", "assert candidate(x) == 3")


def test_humaneval_from_a_file(tmp_path):
    row = {"task_id": "T/0", "prompt": "def add(a, b):\n", "canonical_solution": "    return a + b\n",
           "entry_point": "add",
           "test": "def check(candidate):\n    assert candidate(1, 2) == 3\n"}  # fmt: skip
    path = tmp_path / "he.jsonl.gz"
    path.write_bytes(gzip.compress((json.dumps(row) + "\n").encode()))
    (problem,) = load_benchmark("humaneval", path).problems
    assert problem.call_alias == "candidate" and problem.entry == "add"


def test_packaged_humaneval_is_offline():
    assert len(load_benchmark("humaneval").problems) == 164


def test_kodcode_rows(tmp_path):
    test_module = (
        "import pytest\nfrom solution import double\n\n"
        "def test_small():\n    assert double(2) == 4\n\n"
        "@pytest.mark.parametrize('x', [1])\ndef test_param(x):\n    assert double(x) == 2 * x\n"
    )
    row = {"question_id": "K1", "solution": "def double(x):\n    return x * 2\n", "test": test_module,
           "test_info": [{"function_name": "double"}]}  # fmt: skip
    benchmark = load_benchmark(f"kodcode:{_write(tmp_path, 'rows.jsonl', [json.dumps(row)])}")
    (problem,) = benchmark.problems
    assert problem.entry == "double" and len(problem.tests) == 2  # the parametrized one runs too
    assert "from solution" not in problem.setup
    assert sum(benchmark.dropped.values()) == 0


KODCODE_MODULE = """import pytest
from solution import double, double as twice
import solution as S

@pytest.fixture
def n():
    return 3

def test_fixture(n):
    assert S.double(n) == 6

class TestDouble:
    def test_a(self):
        assert twice(1) == 2

def test_logged(caplog):
    assert double(1) == 2
"""


def test_kodcode_tests_run_as_pytest_runs_them_whatever_they_import(tmp_path):
    # a test class, a fixture, ``import solution as S``, an alias: each a test the engine runs;
    # ``caplog`` (pytest's own) is not made here: dropped, and counted
    row = {"question_id": "K2", "solution": "def double(x):\n    return x * 2\n", "test": KODCODE_MODULE}
    benchmark = load_benchmark(f"kodcode:{_write(tmp_path, 'rows.jsonl', [json.dumps(row)])}")
    (problem,) = benchmark.problems
    assert len(problem.tests) == 2 and sum(benchmark.dropped.values()) == 1
    assert "S.double" not in problem.tests[0] and "double(n) == 6" in problem.tests[0]
    assert "twice" not in problem.setup and "assert double(1) == 2" in problem.tests[1]
    params = AuditParams(fresh_inputs=0)
    prepared = prepare(replace(problem, hidden=("double(5)",), entry="double"), params)
    assert isinstance(prepared, Prepared)  # the reference passes them: none fails for a false reason
    wrong = "def double(x):\n    return x * 2 if x < 2 else x + 2\n"  # double(3) == 5: the fixture's test
    verdict = judge_program(replace(problem, hidden=("double(5)",), entry="double"), params, prepared, wrong)
    assert verdict.broken and not verdict.survived


@pytest.mark.skipif(not (SHARED_DATA / "mbpp.jsonl").exists(), reason="../shared/data/mbpp.jsonl is absent")
def test_shared_mbpp_file_loads():
    benchmark = load_benchmark("mbpp", SHARED_DATA / "mbpp.jsonl")
    assert len(benchmark.problems) == 964


def test_mbpp_names_the_benchmark_by_what_the_file_holds(tmp_path):
    """Decisions are keyed by the benchmark's name: sanitized records filed under full MBPP would
    mix two benchmarks' reviews."""

    row = {"task_id": 11, "code": "def f(x):\n    return x\n", "test_list": ["assert f(1) == 1"]}
    sanitized = tmp_path / "sanitized-mbpp.json"
    sanitized.write_text(json.dumps([row | {"prompt": "Return x.", "test_imports": []}]))
    full = tmp_path / "mbpp.jsonl"
    full.write_text(json.dumps(row | {"text": "Return x.", "test_setup_code": ""}) + "\n")
    assert load_benchmark("mbpp", sanitized).name == "mbpp-sanitized"
    assert load_benchmark("mbpp-sanitized", sanitized).name == "mbpp-sanitized"
    assert load_benchmark("mbpp", full).name == "mbpp"
    assert load_benchmark("mbpp-sanitized", full).name == "mbpp"
