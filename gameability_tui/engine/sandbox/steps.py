"""The deterministic step budget: a count of events, so a runaway stops at the same point on any
machine, whatever else the machine runs.

Which events depends on the Python (``step_units.py``): on 3.12 and later ``sys.monitoring``'s
function starts, resumptions and backward jumps (``_monitor_steps.c``, or ``monitor.py`` in
Python), set once for the life of the child and gated per call, because switching a tracer on
and off there costs more than the call; before 3.12, a trace function's calls, lines, returns
and exceptions (``_steps.c``, or ``sys.settrace``). Either counter keeps raising once the budget
is spent, so a bare ``except:`` in benchmark code cannot swallow it, and each compiled counter
counts exactly what its Python fallback counts. A run that stopped counting (past
``count_until``) has ``UNCOUNTED`` steps, never a guess."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

from ..step_units import MONITOR, PYTHON_ONLY, SWITCH, UNIT
from . import monitor
from .never_ends import EndlessWatch, run_watched

__all__ = ["SWITCH"]

_monitor_steps: Any = None
_steps: Any = None
if UNIT == MONITOR:
    try:  # the C counter on sys.monitoring (setup.py builds it on 3.12+ where it can)
        from .compiled import _monitor_steps
    except ImportError:
        _monitor_steps = None
else:
    try:  # the C trace function (setup.py builds it where a compiler is available)
        from .compiled import _steps
    except ImportError:
        _steps = None
if PYTHON_ONLY:
    _monitor_steps = _steps = None

_python_monitor = monitor.PythonMonitorCounter() if UNIT == MONITOR and _monitor_steps is None else None

COMPILED_COUNTER = (_monitor_steps or _steps) is not None  # else counted in Python: same steps, slower
# The counter's name, in every report: steps of two counters do not compare (``step_units.py``).
STEP_COUNTER = f"{UNIT}-{'c' if COMPILED_COUNTER else 'python'}"
SLOW_COUNTER_NOTE = (
    "the compiled step counter is not built here, so steps are counted in Python and the audit "
    "runs 2.7x to 4x slower (same results); reinstall where a C compiler and the Python headers "
    "are available to speed it up."
)


class StepBudgetExceeded(BaseException):
    """Raised from the counter; a BaseException so `except Exception` in user code lets it by."""


UNCOUNTED = -1  # the steps of a run that stopped counting (``count_steps``'s ``count_until``)


PENDING = -1  # a mutant's budget on a test whose reference steps are UNCOUNTED: not known yet


_COUNT_EVERY_STEP = -1  # the counters' ``until`` for a run that never stops counting


def cost_order(steps: int) -> float:
    """A sort key for step counts: a run that stopped counting cost more than any counted one."""
    return math.inf if steps == UNCOUNTED else steps


def median_steps(steps: list[int]) -> int:
    """The median of the steps of the visible tests (0 without any), ``UNCOUNTED`` if the median
    test stopped counting (one that did is costlier than every test counted to the end)."""
    ordered = sorted(steps, key=cost_order)
    return ordered[len(ordered) // 2] if ordered else 0


# The recursion limit this interpreter starts with (1000 unless a site changed it): the room a
# plain script gives a function it calls, which a candidate gets from wherever the runner calls it
CANDIDATE_STACK = sys.getrecursionlimit()


def start_counter() -> None:
    """Make this process (a candidates' child, before its first job) count for the rest of its
    life, and keep benchmark code from switching the counter off.

    The monitor counter sets its events here, once, and ``sys.monitoring`` is guarded against
    changes to its tool (``monitor.guard``). ``sys.settrace`` and ``sys.setprofile`` become
    no-ops where a compiled counter or the monitor counter counts: a trace function would replace
    the trace counter, and code inside a trace or profile function is never seen by the monitor
    counter. (The trace counter in Python needs ``sys.settrace`` itself.)"""
    if UNIT == MONITOR:
        counter = _monitor_steps or _python_monitor
        monitor.guard(counter.start(), counter.forbid)
        sys.setprofile = lambda function: None
    if UNIT == MONITOR or COMPILED_COUNTER:
        sys.settrace = lambda function: None


def count_steps(
    action: Callable[[], Any],
    budget: int | None,
    count_until: int | None = None,
    watch: EndlessWatch | None = None,
) -> tuple[Any, int, BaseException | None, bool]:
    """Run ``action()`` under the step budget; returns (value, steps, error, exceeded). A run with
    no budget may stop counting after ``count_until`` steps and finish uncounted (at full speed);
    its steps are then ``UNCOUNTED``. A run under a ``watch`` is not counted but watched by a
    proof that it never ends, and reports running out of its budget whatever the proof found
    (the caller reads ``watch.proved``).

    The recursion limit is set above the frames already on the stack, so the candidate has the
    room a plain script gives it, whatever the runner's own depth: a reference that recurses 985
    deep passes its test as under Python, and a confirmation re-run, which starts a few frames
    deeper than the first run, meets its RecursionError at the same depth as the first run."""
    limit = budget if budget is not None else 1 << 62
    until = count_until if budget is None and count_until is not None else _COUNT_EVERY_STEP
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(_frames_below() + CANDIDATE_STACK)
    try:
        if watch is not None:  # watched, not counted: it reports running out of its budget
            watch.proved = run_watched(action, watch.source, watch.filename, watch.events)
            return None, limit + 1, None, True
        if _monitor_steps is not None:
            return _monitor_steps.run(action, limit, StepBudgetExceeded, until)
        if _python_monitor is not None:
            return _python_monitor.run(action, limit, StepBudgetExceeded, until)
        if _steps is not None:
            return _steps.run(action, limit, StepBudgetExceeded, until)
        return _count_steps_in_python(action, limit, until)
    finally:
        sys.setrecursionlimit(previous)


def _frames_below() -> int:
    """How many frames the caller of ``count_steps`` stands on (itself included)."""
    depth, frame = 0, sys._getframe(2)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


def _count_steps_in_python(
    action, limit: int, until: int = _COUNT_EVERY_STEP
) -> tuple[Any, int, BaseException | None, bool]:
    """The trace counter's fallback when ``_steps.c`` was not built: the same events, counted by
    sys.settrace."""
    steps = 0

    def tracer(frame, event, arg):
        nonlocal steps
        if steps == until:  # stopped counting: off in this frame (and in each older one it returns to)
            sys.settrace(None)
            return None
        steps += 1
        if steps > limit:
            raise StepBudgetExceeded
        return tracer

    sys.settrace(tracer)
    try:
        value = action()
    except StepBudgetExceeded:
        sys.settrace(None)
        return None, steps, None, True
    except BaseException as error:  # SystemExit, KeyboardInterrupt... are outcomes too
        sys.settrace(None)
        return None, (UNCOUNTED if steps == until else steps), error, False
    sys.settrace(None)
    return value, (UNCOUNTED if steps == until else steps), None, False
