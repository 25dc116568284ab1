"""Which lines of a candidate's program run: the coverage the "lines" job mode reports.

A line tracer calls Python code on every line event, which made the "lines" job the slowest part
of a problem whose tests loop (HumanEval/75: 4.5 s of its 14). Once every line of a code object
is in the set, no later event of that code can add to it, so its frames stop reporting lines
(``f_trace_lines``) and new calls of it are not traced at all: the set comes out the same, sooner.

A code object's lines are those ``co_lines`` names, but for a ``def`` line that holds only the
frame's set-up (``RESUME`` and the like), where Python reports no line event; a line that can
report one is never left out, so a code object is never called complete too early (at worst,
never, and it is traced to the end as before).
"""

from __future__ import annotations

import contextlib
import dis
import sys
from collections.abc import Iterator
from types import CodeType

# ``steps.start_counter`` makes ``sys.settrace`` a no-op where the step counter needs it to be;
# this tracer uses the real one, taken at import, before that.
_SETTRACE = sys.settrace

# Instructions of a frame's set-up, placed on its ``def`` line, which report no line event.
_SET_UP = frozenset({"RESUME", "RETURN_GENERATOR", "POP_TOP", "MAKE_CELL", "COPY_FREE_VARS", "NOP", "CACHE"})


def reported_lines(code: CodeType) -> frozenset[int]:
    """The lines of ``code`` (not of the code objects nested in it) a line event may report."""
    lines = {line for _, _, line in code.co_lines() if line is not None}
    first = code.co_firstlineno
    if first in lines and all(
        instruction.opname in _SET_UP
        for instruction in dis.get_instructions(code)
        if _line_of(instruction) == first
    ):
        lines.discard(first)
    return frozenset(lines)


def _line_of(instruction: dis.Instruction) -> int | None:
    """The line an instruction belongs to (3.11+); on 3.10, which has no positions, the line it
    starts, if any."""
    positions = getattr(instruction, "positions", None)
    return positions.lineno if positions is not None else instruction.starts_line


@contextlib.contextmanager
def lines_traced(filename: str) -> Iterator[set[int]]:
    """The set of the lines of ``filename``'s code run inside the block (Python's own line
    events, in its frames only). Benchmark code that switches the tracer off would hide lines
    it ran, so ``sys.settrace`` is a no-op meanwhile."""
    seen: set[int] = set()
    # By id (a code object's hash is recomputed from its contents at every call), each code kept
    # alive here so that no id is reused for another while the block lasts.
    lines_of: dict[int, tuple[CodeType, frozenset[int]]] = {}
    complete: set[int] = set()

    def tracer(frame, event, arg):
        code = frame.f_code
        if code.co_filename != filename:
            return None
        if id(code) in complete:
            frame.f_trace_lines = False
            return None
        if event == "line" and frame.f_lineno not in seen:
            seen.add(frame.f_lineno)
            if id(code) not in lines_of:
                lines_of[id(code)] = (code, reported_lines(code))
            if lines_of[id(code)][1] <= seen:
                complete.add(id(code))
                frame.f_trace_lines = False
        return tracer

    kept = sys.settrace
    sys.settrace = lambda function: None
    _SETTRACE(tracer)
    try:
        yield seen
    finally:
        _SETTRACE(None)
        sys.settrace = kept
