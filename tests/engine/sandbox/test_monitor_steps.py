"""The step counter on ``sys.monitoring`` (Python 3.12+): known answers, each candidate in a real
forked child, and the candidate that tries to switch the counter off."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gameability_tui.engine.sandbox import Job, run_job, steps
from gameability_tui.engine.step_units import MONITOR, SWITCH, UNIT

pytestmark = pytest.mark.skipif(
    UNIT != MONITOR, reason="the monitor counter needs sys.monitoring (Python 3.12+); 3.11 has _steps.c"
)

BUDGET = ("budget",)


def _call(program: str, args: tuple = (1,), budget: int | None = 100_000, **fields) -> tuple:
    """The (outcome, steps) of one call of ``f`` in a fresh child."""
    job = Job(
        mode="reference", program=program, setup="", entry="f", alias=None,
        calls=[(args, {})], call_budgets=[budget], **fields,
    )  # fmt: skip
    run = run_job(job)
    assert run.complete, run.stopped
    return run.calls[0]


LOOP = "def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n"
RECURSION = "def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\n"


def test_each_loop_turn_and_each_call_is_one_step():
    # Every count has the same harness part (the runner's action and its checks of the result);
    # what the candidate adds is one step a turn, and one a call.
    (value, at_100), (_, at_300) = _call(LOOP, (100,)), _call(LOOP, (300,))
    assert value[:2] == ("value", 4950) and at_300 - at_100 == 200
    (_, depth_10), (_, depth_60) = _call(RECURSION, (10,)), _call(RECURSION, (60,))
    assert depth_60 - depth_10 == 50


def test_a_loop_is_bounded():
    assert _call("def f(x):\n    while True:\n        x += 1\n", budget=5_000)[0] == BUDGET


def test_recursion_without_a_loop_is_bounded():
    # Deep recursion is stopped by the budget, never by Python's recursion limit
    # (caught and retried at every level, it would otherwise run for an exponential time).
    program = (
        "def f(x):\n    try:\n        return f(x + 1)\n    except RecursionError:\n        return f(x + 1)\n"
    )
    assert _call(program, budget=5_000)[0] == BUDGET


@pytest.mark.parametrize(
    "body",
    [
        "    while True:\n        try:\n            x += 1\n        except:\n            pass\n",
        "    while True:\n        try:\n            continue\n        except:\n            pass\n",
        "    while True:\n        try:\n            pass\n        finally:\n            continue\n",
        "    while True:\n        try:\n            while True:\n                pass\n"
        "        except BaseException:\n            x += 1\n",
        "    while True:\n        try:\n            f(x)\n        except:\n            pass\n",
    ],
    ids=["bare-except", "continue-in-try", "continue-in-finally", "inner-loop-caught", "recursion-caught"],
)
def test_a_bare_except_in_a_loop_cannot_swallow_the_stop(body):
    assert _call("def f(x):\n" + body, budget=5_000)[0] == BUDGET


def test_a_generator_resumed_from_c_is_bounded():
    # max() resumes the generator from C: no Python loop around it, and `yield from` a C
    # iterator has no backward jump the monitor sees; each resumption is a step.
    program = (
        "import itertools\ndef f(x):\n    def g():\n        yield from itertools.count()\n"
        "    return max(g())\n"
    )
    assert _call(program, budget=5_000)[0] == BUDGET


def test_the_same_counts_in_every_child():
    program = "def f(n):\n    return sorted(range(n), key=lambda v: (v * 7) % 11)\n"
    first = [_call(program, (n,))[1] for n in (5, 50, 500)]
    assert first == [_call(program, (n,))[1] for n in (5, 50, 500)]
    assert first[2] - first[1] == 450  # one step for each call of the key


def test_a_costly_reference_test_stops_counting_and_says_so():
    job = Job(
        mode="reference", program=LOOP, setup="", entry="f", alias=None,
        tests=["assert f(100_000) == 4999950000", "assert f(10) == 45"], test_budgets=[None, None],
        count_tests_until=500,
    )  # fmt: skip
    run = run_job(job)
    assert run.complete
    assert run.tests[0][:2] == (True, None) and run.tests[0][2] == steps.UNCOUNTED
    assert run.tests[1][:2] == (True, None) and 0 < run.tests[1][2] < 500  # counted again after


def test_harness_code_is_not_counted():
    # Counted: the action's own start, nothing of count_steps around it.
    assert steps.count_steps(lambda: None, None)[1] == 1
    assert steps.count_steps(lambda: [i for i in range(10)], None)[1] == 11


# A candidate that switches the counter off, then works on uncounted: it must not be judged as
# if it finished cheaply. Through sys.monitoring it is refused at once (the guards); through the
# original functions, found by walking the garbage collector's objects, the run is found out
# afterwards (the counter's tool is no longer intact) and reported as run out of its budget.
OUR_TOOL = (
    "import sys\ntool = next(t for t in range(6) if sys.monitoring.get_tool(t) == 'gameability-tui steps')\n"
)
ORIGINAL = (
    "import gc\n"
    "def original(name):\n"
    "    return next(o for o in gc.get_objects() if type(o).__name__ == 'builtin_function_or_method'"
    " and o.__name__ == name and getattr(o.__self__, '__name__', '') == 'sys.monitoring')\n"
)
WORK = "    return sum(i for i in range(200_000))\n"


@pytest.mark.parametrize(
    "switch_off",
    [
        "    sys.monitoring.set_events(tool, 0)\n",
        "    sys.monitoring.free_tool_id(tool)\n",
        "    sys.monitoring.register_callback(tool, sys.monitoring.events.JUMP, None)\n",
        "    try:\n        sys.monitoring.set_events(tool, 0)\n    except BaseException:\n        pass\n",
        "    original('set_events')(tool, 0)\n",
        "    original('register_callback')(tool, sys.monitoring.events.PY_START, None)\n"
        "    original('register_callback')(tool, sys.monitoring.events.JUMP, None)\n"
        "    original('register_callback')(tool, sys.monitoring.events.PY_RESUME, None)\n",
    ],
    ids=[
        "set_events",
        "free_tool_id",
        "register_callback",
        "swallowed",
        "original-set_events",
        "original-callbacks",
    ],
)
def test_a_candidate_that_switches_the_counter_off_runs_out_of_its_budget(switch_off):
    program = OUR_TOOL + ORIGINAL + "def f(x):\n" + switch_off + WORK
    assert _call(program, budget=50_000)[0] == BUDGET
    # the same child, the counter mended: the next candidate is counted as ever
    assert _call(LOOP, (100,), budget=50_000)[0][:2] == ("value", 4950)


COMPARE = """
import json, sys
from gameability_tui.engine.sandbox import steps
programs = {
    "loop": lambda: sum(i for i in range(300)),
    "recursion": lambda: (lambda f: f(f, 40))(lambda f, n: 0 if n == 0 else f(f, n - 1)),
    "comprehension": lambda: [[j for j in range(i)] for i in range(30)],
    "raises": lambda: int("x"),
    "stops": lambda: [i for i in range(10_000)],
}
until = {"stops": 100}
print(json.dumps({
    name: [steps.count_steps(action, None, until.get(name))[1], steps.count_steps(action, 50)[3]]
    for name, action in programs.items()
} | {"counter": steps.STEP_COUNTER}))
"""


def _counted_with(switch: str) -> dict:
    environment = {key: value for key, value in os.environ.items() if key != SWITCH}
    if switch:
        environment[SWITCH] = switch
    done = subprocess.run([sys.executable, "-c", COMPARE], env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(not steps.COMPILED_COUNTER, reason="the compiled monitor counter was not built")
def test_the_python_counter_counts_what_the_compiled_one_counts():
    compiled, python = _counted_with(""), _counted_with("python")
    assert (compiled.pop("counter"), python.pop("counter")) == ("monitor-c", "monitor-python")
    assert compiled == python
    assert compiled["stops"][0] == steps.UNCOUNTED
