"""The deterministic step budget: a count of traced events, so a runaway stops at the same point
on any machine, whatever else the machine runs.

The C counter (``_steps.c``) keeps raising once the budget is spent, so a bare ``except:`` in
benchmark code cannot swallow it; without it, ``sys.settrace`` counts exactly the same events.
A run that stopped counting (past ``count_until``) has ``UNCOUNTED`` steps, never a guess."""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from typing import Any

# "python": count in Python even where the C counter is built (to measure it, and to test the
# warning below); the worker and its children inherit it from the environment.
SWITCH = "GAMEABILITY_TUI_STEPS"
try:  # the C step counter (setup.py builds it where a compiler is available)
    from .compiled import _steps
except ImportError:
    _steps = None
if os.environ.get(SWITCH) == "python":
    _steps = None

COMPILED_COUNTER = _steps is not None  # else sys.settrace counts: the same events, 2.7x to 4x slower
SLOW_COUNTER_NOTE = (
    "the compiled step counter is not built here, so steps are counted in Python and the audit "
    "runs 2.7x to 4x slower (same results); reinstall where a C compiler and the Python headers "
    "are available to speed it up."
)


class StepBudgetExceeded(BaseException):
    """Raised from the trace hook; a BaseException so `except Exception` in user code lets it by."""


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


def count_steps(
    action: Callable[[], Any], budget: int | None, count_until: int | None = None
) -> tuple[Any, int, BaseException | None, bool]:
    """Run ``action()`` under the step budget; returns (value, steps, error, exceeded). A run with
    no budget may stop counting after ``count_until`` steps and finish untraced (at full speed);
    its steps are then ``UNCOUNTED``.

    The recursion limit is set above the frames already on the stack, so the candidate has the
    room a plain script gives it, whatever the runner's own depth: a reference that recurses 985
    deep passes its test as under Python, and a confirmation re-run, which starts a few frames
    deeper than the first run, meets its RecursionError at the same depth as the first run."""
    limit = budget if budget is not None else 1 << 62
    until = count_until if budget is None and count_until is not None else _COUNT_EVERY_STEP
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(_frames_below() + CANDIDATE_STACK)
    try:
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
    """The fallback when the C counter was not built: the same events, counted by sys.settrace."""
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
