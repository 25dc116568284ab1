"""The step counter on ``sys.monitoring`` (Python 3.12+), in Python where ``_monitor_steps.c`` is
not built, and the guards that keep a candidate from switching either off.

The Python counter counts exactly what the C one counts (function starts, resumptions, backward
jumps of the thread that called ``run``), with the same contract, so the two give equal steps
(``tests/engine/sandbox/test_monitor_steps.py``); only the cost of an event differs.

Threat: a candidate that calls ``sys.monitoring.set_events(our_tool, 0)`` (or frees the tool, or
replaces its callbacks) would run uncounted and look cheap. Defence, in two parts: ``guard``
replaces those functions in the child with ones that refuse our tool and spend the run in
progress (it is then reported exceeded); and the counter checks after each run that its tool
still holds its name and events (``intact``), which catches a candidate that reached the
original functions some other way (``gc.get_objects()`` holds them). Not caught: a candidate
that mutes the counter through the originals and restores it before it returns; what it runs in
between is bounded by the CPU backstop alone (``limits.py``), and if it returns within that, it
is judged on what it returned, as if it had been cheap.
"""

from __future__ import annotations

import _thread
import sys
from collections.abc import Callable
from typing import Any

TOOL_NAME = "gameability-tui steps"
_FREE_TOOL_IDS = (4, 3)  # no role in PEP 669 (0 debugger, 1 coverage, 2 profiler, 5 optimizer)


class PythonMonitorCounter:
    """``run(action, limit, error_class, count_until)`` as ``_monitor_steps.run`` has it."""

    def __init__(self) -> None:
        self.tool: int | None = None
        self.steps = 0
        self.limit = 0
        self.until = -1
        self.counting = False
        self.stopped = False
        self.events_off = False
        self.tampered = False
        self.needs_repair = False
        self.thread = 0
        self.error: type[BaseException] = BaseException

    def start(self) -> int:
        """Claim a tool id and set the events, for the life of the process."""
        if self.tool is not None:
            return self.tool
        monitoring = sys.monitoring  # its own functions, taken before any candidate runs
        self._set_events, self._get_events = monitoring.set_events, monitoring.get_events
        self._get_tool, self._use_tool_id = monitoring.get_tool, monitoring.use_tool_id
        self._free_tool_id, self._register = monitoring.free_tool_id, monitoring.register_callback
        self._disable = monitoring.DISABLE
        events = monitoring.events
        self._events = events
        self.events = events.PY_START | events.PY_RESUME | events.JUMP
        tool = next((tool for tool in _FREE_TOOL_IDS if monitoring.get_tool(tool) is None), None)
        if tool is None:
            raise RuntimeError("no free sys.monitoring tool id for the step counter")
        self._install(tool)
        self.tool = tool
        return tool

    def _install(self, tool: int) -> None:
        """Own ``tool`` with our callbacks and events (again, after a candidate changed them)."""
        if self._get_tool(tool) != TOOL_NAME:
            if self._get_tool(tool) is not None:
                self._free_tool_id(tool)
            self._use_tool_id(tool, TOOL_NAME)
        events = self._events
        self._register(tool, events.PY_START, self._on_start)
        self._register(tool, events.PY_RESUME, self._on_start)
        self._register(tool, events.JUMP, self._on_jump)
        self._set_events(tool, self.events)

    def _on_jump(self, code: Any, offset: int, destination: int) -> Any:
        if destination > offset:  # a forward jump never closes a loop: off where it stands
            return self._disable
        return self._on_start(code, offset)

    def _on_start(self, code: Any, offset: int) -> Any:
        if not self.counting or _thread.get_ident() != self.thread:
            return None
        self.steps += 1
        if self.steps > self.limit:
            raise self.error
        if self.steps == self.until:  # stopped counting: the rest runs with our events off
            self.counting, self.stopped, self.events_off = False, True, True
            self._set_events(self.tool, 0)
        return None

    def forbid(self) -> None:
        """A guard saw a candidate touch our tool: the run in progress is spent."""
        if not self.counting:
            raise ValueError("tool id in use by the step counter")
        self.tampered = True
        self.steps = max(self.steps, self.limit + 1)
        raise self.error

    def intact(self) -> bool:
        """Whether our tool still holds its name, its events and its callbacks."""
        tool, events = self.tool, self._events
        if self._get_tool(tool) != TOOL_NAME:
            return False
        if self._get_events(tool) != (0 if self.events_off else self.events):
            return False
        ours = {events.PY_START: self._on_start, events.PY_RESUME: self._on_start, events.JUMP: self._on_jump}
        return all(self._register(tool, event, callback) == callback for event, callback in ours.items())

    def run(
        self, action: Callable[[], Any], limit: int, error: type[BaseException], until: int = -1
    ) -> tuple[Any, int, BaseException | None, bool]:
        tool = self.start()
        if self.events_off or self.needs_repair:
            self._install(tool)
            self.events_off = self.needs_repair = False
        self.steps, self.limit, self.until, self.error = 0, limit, until, error
        self.stopped = self.tampered = False
        self.thread = _thread.get_ident()
        self.counting = True
        value, raised = None, None
        try:
            value = action()
        except BaseException as caught:  # SystemExit, KeyboardInterrupt... are outcomes too
            # Off first: the handler's way back to the code below is a backward jump, counted.
            self.counting = False
            raised = caught
        self.counting = False
        self.needs_repair = self.tampered or not self.intact()
        exceeded = self.needs_repair or self.steps > limit or isinstance(raised, error)
        steps = -1 if self.stopped else self.steps
        if exceeded:
            return None, steps, None, True
        return value, steps, raised, False


# sys.monitoring's functions that change a tool (clear_tool_id: 3.14)
_CHANGING = (
    "set_events", "set_local_events", "register_callback", "free_tool_id", "use_tool_id", "clear_tool_id",
)  # fmt: skip


def guard(tool: int, forbid: Callable[[], Any]) -> None:
    """Make ``sys.monitoring``'s functions refuse ``tool`` in this process: a candidate that
    asks to change its events, callbacks or ownership spends its run (``forbid``) instead."""
    monitoring = sys.monitoring
    for name in _CHANGING:
        original = getattr(monitoring, name, None)
        if original is not None and not getattr(original, "_guarded", False):
            setattr(monitoring, name, _guarded(original, tool, forbid))


def _guarded(original: Callable[..., Any], tool: int, forbid: Callable[[], Any]) -> Callable[..., Any]:
    def refuse_our_tool(tool_id: int, *args: Any) -> Any:
        if tool_id == tool:
            return forbid()
        return original(tool_id, *args)

    refuse_our_tool._guarded = True  # type: ignore[attr-defined]
    refuse_our_tool.__name__ = original.__name__
    return refuse_our_tool
