"""Known-answer tests of bench/peer_differences.py: each published survivor below is written so
that its right classification is known, and is judged by the real engine."""

from __future__ import annotations

import sys
from dataclasses import replace

from conftest import ROOT, problem

from gameability_tui.engine.audit import audit_problem

sys.path.insert(0, str(ROOT / "bench"))
from peer_differences import explain_all  # noqa: E402

IS_SEVEN = problem(
    "is_seven",
    "def is_seven(n):\n    return n == 7\n",
    ["assert is_seven(7) == True", "assert is_seven(3) == False", "assert is_seven(12) == False"],
)

# What another tool might report as a survivor of each copy, with the input it says shows it.
PUBLISHED = {
    # Wrong only on 1000: inside the contract (every visible n >= 1), never one of our 8 inputs.
    "sampling": ("def is_seven(n):\n    return n == 7 or n == 1000\n", "1000"),
    # Wrong only on -5: below the smallest n the tests use.
    "contract": ("def is_seven(n):\n    return n == 7 or n == -5\n", "-5"),
    # 0 for False on 1000: a different repr, yet == cannot tell them apart.
    "oracle": ("def is_seven(n):\n    return 0 if n == 1000 else n == 7\n", "1000"),
    # Fails a visible test here: a survivor by no rule of ours.
    "regression": ("def is_seven(n):\n    return n != 7\n", "3"),
}


def test_each_published_survivor_gets_its_known_class(params):
    problems = [replace(IS_SEVEN, id=name) for name in PUBLISHED]
    ours = {"params": params.to_dict(), "problems": [audit_problem(p, params).to_dict() for p in problems]}
    assert all(row["status"] == "ok" and row["n_survived"] == 0 for row in ours["problems"])
    peer = {
        "rows": [
            {"pid": name, "status": "ok", "n_survived": 1, "n_mutants": 3,
             "examples": [{"src": source}], "witness": [[witness, "False"]]}
            for name, (source, witness) in PUBLISHED.items()
        ]
    }  # fmt: skip
    differences = {d.problem_id: d for d in explain_all(problems, ours, peer)}
    assert {name: d.category for name, d in differences.items()} == {name: name for name in PUBLISHED}
    assert (
        "is_seven(1000) (inside the contract) added, it survives here too" in differences["sampling"].reason
    )
    assert "below 1, the smallest the tests allow" in differences["contract"].reason


def test_same_verdict_class_is_not_a_difference(params):
    ours = {"params": params.to_dict(), "problems": [audit_problem(IS_SEVEN, params).to_dict()]}
    peer = {"rows": [{"pid": "is_seven", "status": "ok", "n_survived": 0}]}
    assert explain_all([IS_SEVEN], ours, peer) == []


def test_a_problem_we_exclude_and_the_published_tool_judges_is_a_regression(params):
    broken = problem("broken_ref", "def f(x):\n    return x +\n", ["assert f(1) == 2"])
    ours = {"params": params.to_dict(), "problems": [audit_problem(broken, params).to_dict()]}
    peer = {"rows": [{"pid": "broken_ref", "status": "ok", "n_survived": 0}]}
    (difference,) = explain_all([broken], ours, peer)
    assert difference.category == "regression" and difference.ours.startswith("excluded:")
