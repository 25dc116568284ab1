"""``check --plus-data``: EvalPlus's fixed reference beside the original benchmark's, so that an
assert encoding the original reference's bug is flagged ``reference:``, with the verdicts unchanged.
Small hand-made files in MBPP's and EvalPlus's formats; the known answer is that 0 is not positive."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import pytest

from gameability_tui.benchmarks import LoadError, load_benchmark
from gameability_tui.benchmarks.fixed_references import with_fixed_references
from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.model import AuditParams

POS_COUNT = "def pos_count(list):\n  n = 0\n  for num in list:\n    if num >= 0:\n      n += 1\n  return n\n"
MBPP_ROWS = [
    {
        "task_id": 66,
        "text": "Write a python function to count positive numbers in a list.",
        "code": POS_COUNT,
        "test_list": [
            "assert pos_count([1,-2,3,-4]) == 2",
            "assert pos_count([3,4,5,-1]) == 3",
            "assert pos_count([1,2,3,4]) == 4",
        ],
        "test_setup_code": "",
        "challenge_test_list": [],
    },
    {  # EvalPlus gave this one another parameter list: never attached
        "task_id": 67,
        "text": "Write a function to double a number.",
        "code": "def double(x):\n  return x * 2\n",
        "test_list": ["assert double(2) == 4", "assert double(3) == 6", "assert double(0) == 0"],
        "test_setup_code": "",
        "challenge_test_list": [],
    },
]
PLUS_ROWS = [
    {
        "task_id": "Mbpp/66",
        "prompt": '"""\nWrite a python function to count the number of positive numbers in a list.\n"""\n',
        "entry_point": "pos_count",
        "canonical_solution": "\ndef pos_count(l):\n  return len([x for x in l if x > 0])\n",
        "base_input": [[[1, -2, 3, -4]]],
        "plus_input": [],
        "atol": 0,
        "contract": '\n  assert isinstance(l, list), "invalid inputs" # $_CONTRACT_$\n',
        "assertion": "\nassert pos_count([1,-2,3,-4]) == 2\n",
    },
    {
        "task_id": "Mbpp/67",
        "prompt": "",
        "entry_point": "double",
        "canonical_solution": "\ndef double(x, times=2):\n  return x * times\n",
        "base_input": [[2, 2]],
        "plus_input": [],
        "atol": 0,
        "contract": "",
        "assertion": "\nassert double(2) == 4\n",
    },
]


@pytest.fixture
def files(tmp_path):
    mbpp = tmp_path / "mbpp.jsonl"
    mbpp.write_text("".join(json.dumps(row) + "\n" for row in MBPP_ROWS))
    plus = tmp_path / "MbppPlus-v0.2.0.jsonl.gz"
    plus.write_bytes(gzip.compress("".join(json.dumps(row) + "\n" for row in PLUS_ROWS).encode()))
    return mbpp, plus


def test_the_fixed_reference_is_set_beside_a_matching_problem_only(files):
    mbpp, plus = files
    benchmark, counts = with_fixed_references(load_benchmark("mbpp", mbpp), plus)
    pos, double = benchmark.problems
    assert "x > 0" in pos.check_reference and "$_CONTRACT_$" in pos.check_contract
    assert pos.contract == ""  # the inputs stay the benchmark's
    assert double.check_reference == "" and counts == {
        "attached": 1,
        "EvalPlus's function takes other parameters": 1,
    }
    with pytest.raises(LoadError, match="--plus-data applies to"):
        with_fixed_references(load_benchmark("mbpp-plus", plus), plus)


def test_asserts_the_fixed_reference_rejects_are_flagged_and_the_verdict_does_not_move(files):
    mbpp, plus = files
    plain = load_benchmark("mbpp", mbpp).problems[0]
    fixed = with_fixed_references(load_benchmark("mbpp", mbpp), plus)[0].problems[0]
    deep = AuditParams(attack="deep")
    before, after = audit_problem(plain, deep), audit_problem(fixed, deep)
    assert after.weak and (before.n_survived, before.n_broken) == (after.n_survived, after.n_broken)
    assert [a.text for a in before.asserts] and {a.text for a in before.asserts} == {
        a.text for a in after.asserts
    }
    wrong = [a for a in after.asserts if any(f.startswith("reference: the fixed reference") for f in a.flags)]
    assert wrong and all("0" in a.text.split("==")[0] for a in wrong)
    assert not any(f.startswith("reference:") for a in before.asserts for f in a.flags)


def test_check_takes_plus_data_and_says_what_it_attached(files, tmp_path):
    mbpp, plus = files
    report = tmp_path / "r.json"
    command = [sys.executable, "-m", "gameability_tui", "check", "mbpp", "--data", str(mbpp)]
    done = subprocess.run(
        [*command, "--plus-data", str(plus), "--json", str(report)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "--plus-data: EvalPlus's fixed reference beside 1 of 2 problems" in done.stderr
    (weak,) = [p for p in json.loads(report.read_text())["problems"] if p["id"] == "66"]
    assert any(f.startswith("reference:") for a in weak["asserts"] for f in a.get("flags", []))
    helped = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=300)
    assert "--plus-data" in helped.stdout and "reference:" in helped.stdout
