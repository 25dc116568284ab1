"""Which step counter this Python uses, and every absolute step amount in its unit: one table.

Verdicts rest on step counts, and two counters count different events. The *trace* counter
(Python 3.10 and 3.11: ``_steps.c``, or ``sys.settrace``) counts calls, lines, returns and
exceptions; the *monitor* counter (3.12 and later: ``_monitor_steps.c``, or a ``sys.monitoring``
callback in Python) counts function starts, resumptions and backward jumps, some 0.15 to 0.83 of
the trace counter's steps for the same work (a call is one event, not three; a loop turn is one,
not one a line). A budget relative to the reference's own steps on the same input (10x, 100x)
means the same in either unit and carries over as it is. An absolute amount (a floor, a harness's
time limit, a pace in steps a second) does not: each has its value in each unit below, side by
side, so a verdict does not move with the Python that made it.

Threat: a report, cached result or cluster that mixes the units compares counts that do not
compare. Defence: the counter's name travels with every report (``check --json``), the unit is
part of every cache key made in the monitor unit, and a Ray node whose counter differs refuses to
audit (``executors/nodes.py``).

The monitor column is the trace column times a ratio of the two counts measured on the
references of HumanEval and MBPP (``bench/step_units.py`` prints them): 1/4 for the floor of cheap
runs, 1/2 for amounts that bound costly ones and for the paces; ``docs/step-counters.md``
records the measurement, the verdicts it was checked against and those that still move.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

# "trace": the trace counter even on 3.12+ (to compare the two, or to reproduce a report made on
# 3.11); "python": the Python counter of this Python's unit; "trace-python": both. The worker
# and its children inherit it from the environment.
SWITCH = "GAMEABILITY_TUI_STEPS"
_SWITCHED = os.environ.get(SWITCH, "")

TRACE = "trace"
MONITOR = "monitor"
HAS_MONITORING = sys.version_info >= (3, 12)
UNIT = MONITOR if HAS_MONITORING and _SWITCHED not in ("trace", "trace-python") else TRACE
PYTHON_ONLY = _SWITCHED in ("python", "trace-python")  # never the compiled counter


@dataclass(frozen=True)
class StepAmounts:
    """Every absolute step amount the engine uses, in one counter's unit (where each is used)."""

    step_floor: int  # a mutant's smallest budget (``AuditParams.step_floor``, ``check --steps``)
    reference_fresh_floor: int  # the reference's smallest budget on a fresh input (AuditParams)
    harness_steps: int  # a harness's time limit: the confirmation floor on a fresh input (AuditParams)
    test_harness_steps: int  # the confirmation floor on a visible test or check (AuditParams)
    counted_test_steps: int  # the reference's test steps counted before it runs on unseen
    deep_input_steps: int  # the reference's steps the deep attack's further inputs may cost
    encode_budget: int  # encoding one result (``sandbox/encoding.py``)
    compiled_pace: int  # a slow machine's steps a second, compiled counter (``limits.py``)
    python_pace: int  # the same with the Python counter


AMOUNTS = {
    TRACE: StepAmounts(
        step_floor=20_000,
        reference_fresh_floor=250_000,
        harness_steps=10_000_000,
        test_harness_steps=4_000_000,
        counted_test_steps=5_000_000,
        deep_input_steps=10_000_000,
        encode_budget=10_000_000,
        compiled_pace=4_000_000,
        python_pace=2_000_000,
    ),
    MONITOR: StepAmounts(  # docs/step-counters.md: why each factor
        step_floor=5_000,  # x 1/4: where the reference is cheap, calls dominate
        reference_fresh_floor=125_000,  # x 1/2 from here on: costly runs are mostly loop turns
        harness_steps=5_000_000,
        test_harness_steps=2_000_000,
        counted_test_steps=2_500_000,
        deep_input_steps=5_000_000,
        encode_budget=5_000_000,
        compiled_pace=2_000_000,  # with the harness's: the same CPU window for its allowance
        python_pace=1_000_000,
    ),
}

STEPS = AMOUNTS[UNIT]  # this process's amounts


def unit_of(counter: str | None) -> str:
    """The unit of a counter named as reports name it ("monitor-c"); a report or line without a
    name was made before there was a second unit, by the trace counter."""
    return (counter or TRACE).split("-")[0]
