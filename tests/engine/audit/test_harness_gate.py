"""One rule for a looping survivor: an assert on which a survivor runs past the allowance rejects
it, as a harness's time limit would stop it and the re-audit of the patched file counts it broken.
The app's gate (edits, probes), its own-tests marks and the export all ask the engine this way."""

from __future__ import annotations

from gameability_tui.engine.audit import gate_asserts
from gameability_tui.engine.audit.probe import RUNS_PAST, own_tests
from gameability_tui.engine.model import AuditParams, Problem
from gameability_tui.tui.engine_client import EngineClient

PINNED = AuditParams(fresh_inputs=0)
REFERENCE = "def f(n):\n    return max(n, 0)\n"
LOOPS = "def f(n):\n    while n < 0:\n        pass\n    return max(n, 0)\n"  # right, but never ends below 0
PROBLEM = Problem("f", REFERENCE, ("assert f(3) == 3",), entry="f")
TEXTS = ["assert f(-1) == 0", "assert f(2) == 2"]


def test_a_survivor_that_runs_past_the_allowance_is_rejected_by_the_harness_rule():
    gated = gate_asserts(PROBLEM, "f", [LOOPS], TEXTS, PINNED)
    assert gated == [(True, frozenset({0})), (True, frozenset())]
    runs = own_tests(PROBLEM, "f", [LOOPS], TEXTS, PINNED)
    assert runs["survivors"] == [[RUNS_PAST, "passes"]] and runs["reference"] == ["passes", "passes"]


def test_the_apps_engine_client_gates_by_the_same_rule():
    client = EngineClient(PINNED)
    try:
        assert client.judge(PROBLEM, "f", TEXTS, [LOOPS]) == [(True, (0,)), (True, ())]
    finally:
        client.stop()


def test_a_stateful_programs_own_tests_run_each_after_the_ones_before_it():
    # the app's view of the benchmark's own tests on ``new_id()``: each test where a harness runs
    # it, after the tests before it, not after every visible test (which made the first one,
    # ``== 100``, "fail" on the reference and on every survivor)
    counter = "import itertools\n\n_ids = itertools.count(100, 1)\n\n\ndef new_id():\n    return next(_ids)\n"
    stepped = counter.replace("count(100, 1)", "count(100, 2)")
    tests = ("assert new_id() == 100", "assert new_id() == 101")
    problem = Problem("ids", counter, tests, entry="new_id")
    runs = own_tests(problem, "new_id", [stepped], list(tests), PINNED)
    assert runs["reference"] == ["passes", "passes"]
    assert runs["survivors"] == [["passes", "fails"]]
