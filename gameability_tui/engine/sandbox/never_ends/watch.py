"""The watch: a run traced until a loop of the program is proved never to end, or it gives up.

A Python trace function (``sys.settrace``, the real one taken at import, as ``line_tracer.py``
does) counts every event, as the trace counter counts steps, and gives up past its limit, so a
proof costs at most that many traced events. At each line of a judged loop (``shapes.py``) in
the frame of the code that runs it, it applies the loop's plans:

- *repeats*: the deciding values, by type and value (a float by its bits), at this
  instruction; the same values at the same instruction twice (within a window of the last
  ``_MOST_TURNS`` kept, however long the run took to start cycling), with every accumulator
  holding an integer at both (and each name items are read through holding a list, tuple, str or
  bytes of ints, floats, strs and bools, whose ``==`` and ``<`` run no code), and the loop turns
  forever.
- *progress*: at the 2nd, 4th, 8th... visit of an instruction, the loop's names as intervals
  (``intervals.py``): its test true, and each branch that must never run false, for every value
  from here on; its text accumulators strs, joined to strs that cannot fail.

What it keeps is per frame and per run of a loop: a line outside the loop, the frame's return or a
new frame at the same address forgets it, so a loop run again (inside another loop, or in another
call) is never compared with an earlier run of itself. No proof counts once the run has started a
thread.
"""

from __future__ import annotations

import builtins
import functools
import importlib
import signal
import struct
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from ...step_units import TRACE, UNIT
from .code import PURE_MODULES
from .intervals import INF, Unbounded, never_zero, truth
from .moves import AWAY_FROM_ZERO, DOWN_FROM_ZERO, TOWARD_ZERO, UNBOUNDED, UP_FROM_ZERO
from .shapes import SHORT_INT, Plan, Progress, Repeats, plans_in

_SETTRACE = sys.settrace  # ``steps.start_counter`` makes sys.settrace a no-op in the child
_BUILTINS = {  # taken at import, before any benchmark code ran
    name: getattr(builtins, name)
    for name in ("abs", "float", "int", "len", "max", "min", "pow", "range", "round", "str")
}

_MODULES = {name: importlib.import_module(name) for name in PURE_MODULES}  # taken at import

_FLOAT_BITS = struct.Struct("<d").pack

_ITEM_TYPES = (int, float, str, bool)
_CONTAINER_TYPES = (list, tuple, str, bytes)
_LARGEST_CONTAINER = 100_000  # items checked once per proof; a bigger one is not judged
_MOST_TURNS = 64  # states kept per loop point at once; a longer cycle is not looked for

PROGRAM_FILE = "<candidate>"  # the program's code objects' file name (runner.py compiles it so)


class EndlessWatch:
    """A proof's watch over one run (``steps.count_steps``), in place of its count: ``proved``
    once that run is seen never to end."""

    def __init__(self, source: str, filename: str, events: int) -> None:
        self.source, self.filename, self.events = source, filename, events
        self.proved = False


class NeverEnds(BaseException):
    """Raised inside the watched run once its loop is proved never to end (a BaseException: a
    bare ``except Exception`` in the candidate lets it by)."""


class _GaveUp(BaseException):
    """The watched run reached its event limit, or its CPU window."""


def _out_of_time(signum: int, frame: Any) -> None:
    raise _GaveUp


class _Tracking:
    """One run of one loop in one frame: the states seen at each instruction, and the visits."""

    def __init__(self, plan: Plan | None, frame: Any) -> None:
        self.plan = plan
        usable = plan is not None and _calls_are_arithmetic(frame, plan)
        self.repeats = plan.repeats if usable and _containers_judged(frame, plan) else None  # type: ignore[union-attr]
        self.progress = plan.progress if usable else None  # type: ignore[union-attr]
        self.states: dict[int, set[tuple]] = {}
        self.visits: dict[int, int] = {}


def _state(frame: Any, repeats: Repeats) -> tuple | None:
    """The deciding values at this point, by type and value (``_kept``); None where a name the
    loop uses is unbound (not yet assigned on the first turn), an accumulator holds other than an
    int or a bool, a deciding name other than a number, or a counter is negative."""
    values = frame.f_locals
    try:
        if not _integers(values, repeats.others, repeats.counters):
            return None
        if any(type(values[name]) is not str for name in repeats.texts):
            return None
        state = tuple(_kept(values[name]) for name in repeats.deciding)
    except KeyError:
        return None
    return None if None in state else state


def _integers(values: Any, names: tuple[str, ...], never_negative: tuple[str, ...]) -> bool:
    """Whether each of ``names`` holds an int or a bool, and each of ``never_negative`` is not
    below 0 (a KeyError where one is unbound)."""
    if any(type(values[name]) not in (int, bool) for name in names):
        return False
    return all(values[name] >= 0 for name in never_negative)


def _kept(value: Any) -> tuple | None:
    """A deciding value as the state keeps it: a float by its bits (0.0 and -0.0 apart, and NaNs
    of another sign, which ``math.copysign`` tells apart)."""
    kind = type(value)
    if kind in (int, bool):
        return (kind, value)
    return (kind, _FLOAT_BITS(value)) if kind is float else None


def _calls_are_arithmetic(frame: Any, plan: Plan) -> bool:
    """Whether the calls the plan reads as arithmetic are what it takes them for: ``int`` and
    ``pow`` Python's own (not a name of the program's), each appended-to name a list."""
    return _own_builtins(frame, plan.builtins) and all(
        type(frame.f_locals.get(n)) is list for n in plan.appended
    )


def _own_builtins(frame: Any, names: tuple[str, ...]) -> bool:
    values = frame.f_locals
    return all(
        name not in values and name not in frame.f_globals and frame.f_builtins.get(name) is _BUILTINS[name]
        for name in names
    )


def _containers_judged(frame: Any, plan: Plan) -> bool:
    """Whether each container the repeats plan reads items of holds plain items, and is not a
    list the loop appends to."""
    repeats = plan.repeats
    if repeats is None or not _own_builtins(frame, repeats.builtins):
        return False
    for module in repeats.modules:
        held = frame.f_locals[module] if module in frame.f_locals else frame.f_globals.get(module)
        if held is not _MODULES.get(module):
            return False
    values = frame.f_locals
    if any(values.get(a) is values.get(c) for a in plan.appended for c in repeats.containers):
        return False
    return all(_plain_sequence(values.get(name)) for name in repeats.containers)


def _progress_holds(frame: Any, progress: Progress) -> bool:
    """Whether, from the values at this point, the loop's test holds, no branch that must never
    run can run, and nothing live code divides by can be 0, for every value its names can take
    from here on."""
    values = frame.f_locals
    try:
        if not _integers(values, progress.live, progress.shifts) or not _own_builtins(
            frame, progress.builtins
        ):
            return False
        if not _texts_hold(frame, progress):
            return False
        names = {name: (values[name], values[name]) for name in progress.invariant}
        scales = dict(progress.scales)
        for name, direction in progress.monotone:
            if name in scales and all(values[factor] >= 1 for factor in scales[name]):
                direction = AWAY_FROM_ZERO  # only ever multiplied by factors of 1 or more
            names[name] = _reach(values[name], direction)
        multiples = {name: values[name] for name in progress.multiples}
        residues = {name: (values[name], maps) for name, maps in progress.maps}
        if not all(never_zero(divisor, names) for divisor in progress.divisors):
            return False
        if truth(progress.test, names, multiples, residues) is not True:
            return False
        return all(truth(g, names, multiples, residues) is (not runs) for g, runs in progress.never)
    except (KeyError, Unbounded):
        return False


def _texts_hold(frame: Any, progress: Progress) -> bool:
    """Whether joining to the text accumulators can never raise: each holds a str, each piece
    joined to them (pure code of invariant names, the same every turn) makes a str now, and each
    ``m`` of a ``str(k % m)`` joined is small enough for ``str``."""
    values = frame.f_locals
    if any(type(values[name]) is not str for name in progress.texts):
        return False
    if any(not -SHORT_INT < values[name] < SHORT_INT for name in progress.bounded):
        return False
    if not all(_plain_value(values[name]) for name in progress.piece_names):
        return False  # (a program's own object could answer ``sym[i]`` differently each turn)
    for piece in progress.pieces:
        try:
            made = eval(_compiled_piece(piece), frame.f_globals, values)  # noqa: S307 - pure code
        except Exception:  # noqa: BLE001 - it would raise in the loop too: no proof
            return False
        if type(made) is not str:
            return False
    return True


def _plain_value(value: Any) -> bool:
    """A value whose items, length and comparisons run no program code: a number or a str, or a
    ``_plain_sequence``."""
    return type(value) in _ITEM_TYPES or _plain_sequence(value)


def _plain_sequence(value: Any) -> bool:
    """A list, tuple, str or bytes, not too long, whose items are numbers and strs (their ``==``
    and ``<`` run no code)."""
    kind = type(value)
    if kind not in _CONTAINER_TYPES or len(value) > _LARGEST_CONTAINER:
        return False
    return kind not in (list, tuple) or all(type(item) in _ITEM_TYPES for item in value)


@functools.lru_cache(maxsize=256)
def _compiled_piece(piece: str) -> Any:
    return compile(piece, "<piece>", "eval")


def _reach(value: int, direction: int) -> tuple[float, float]:
    """Every value a name holding ``value`` can take from here on, moving in ``direction``."""
    if direction == TOWARD_ZERO:
        return (0, value) if value >= 0 else (value, -1)
    if direction == UNBOUNDED:
        return (-INF, INF)
    if direction == AWAY_FROM_ZERO:
        direction = 1 if value >= 0 else -1
    elif direction in (UP_FROM_ZERO, DOWN_FROM_ZERO):
        up = direction == UP_FROM_ZERO
        if (value < 0) if up else (value > 0):
            raise Unbounded("an affine map that moves this value toward zero")
        direction = 1 if up else -1
    if direction == 0:
        return (value, value)
    return (value, INF) if direction > 0 else (-INF, value)


def run_watched(action: Callable[[], Any], source: str, filename: str, limit: int) -> bool:
    """Run ``action()`` watching the loops of ``source`` (code compiled as ``filename``) for at
    most ``limit`` trace events: True once one is proved never to end (the run is stopped
    there), False when the run ends, raises, or reaches the limit first."""
    plans = plans_in(source)
    if not plans:
        return False
    events = 0
    watched: dict[int, _Tracking] = {}  # frame id -> the run of the loop it is in
    threads_before = frozenset(sys._current_frames())

    def count() -> None:
        nonlocal events
        events += 1
        if events > limit:
            raise _GaveUp

    def counting(frame, event, arg):
        count()
        return counting

    def watching(frame, event, arg):
        count()
        if event != "line":
            if event == "return":
                watched.pop(id(frame), None)
            return watching
        plan = plans.get(frame.f_lineno)
        if plan is not None and frame.f_code.co_firstlineno != plan.first_line:
            plan = None  # a line of the loop's, run by a frame of other code (a comprehension)
        tracking = watched.get(id(frame))
        if tracking is None or tracking.plan is not plan:
            tracking = watched[id(frame)] = _Tracking(plan, frame)
        if plan is None:
            return watching
        point = frame.f_lasti
        if tracking.repeats is not None and _repeated(frame, tracking, point):
            _proved(threads_before)
        if tracking.progress is not None:
            visits = tracking.visits[point] = tracking.visits.get(point, 0) + 1
            if visits > 1 and visits & (visits - 1) == 0 and _progress_holds(frame, tracking.progress):
                _proved(threads_before)
        return watching

    def tracer(frame, event, arg):
        if frame.f_code.co_filename != filename:
            return counting(frame, event, arg)
        watched.pop(id(frame), None)  # a new frame (or a generator resumed): nothing known yet
        return watching(frame, event, arg)

    _SETTRACE(tracer)
    try:
        action()
    except NeverEnds:
        return True
    except BaseException:  # noqa: BLE001 - any other end of the run proves nothing
        return False
    finally:
        _SETTRACE(None)
    return False


def _repeated(frame: Any, tracking: _Tracking, point: int) -> bool:
    """Whether the deciding values at ``point`` were there before in this run of the loop (and
    records them where not). The states kept at a point are forgotten each ``_MOST_TURNS``: once
    the values cycle, a later window holds the whole cycle, however long the run took to enter it
    (a float that grows for 600 turns, then stays ``inf``)."""
    states = tracking.states.setdefault(point, set())
    state = _state(frame, tracking.repeats)  # type: ignore[arg-type]
    if state is None:
        return False
    if state in states:
        return True
    if len(states) >= _MOST_TURNS:
        states.clear()
    states.add(state)
    return False


def _proved(threads_before: frozenset[int]) -> None:
    """Ends the watched run: proved, unless the run started a thread, which could change what
    the loop reads (threads that ran before it, the worker's own, are none of its business)."""
    if set(sys._current_frames()) <= threads_before:
        raise NeverEnds


# A proof costs a traced event where a confirmation costs a counted step, some PROOF_EVENT_COST
# times as much. It watches the run to where its budget ran out, and PROOF_EVENTS more for the
# turns that show the repetition: the trace counter counts exactly the events it sees, the
# monitor counter some 0.15 to 0.83 of them (``step_units.py``).
PROOF_EVENTS_A_STEP = 1 if UNIT == TRACE else 8
PROOF_EVENTS = 10_000
PROOF_EVENT_COST = 4
PROOF_WINDOW_STEPS = 16  # the CPU window of a traced event, in counted steps: a loop's line reads its frame


class _Held:
    """A channel that holds a proof's records back: they are sent only if it proved."""

    def __init__(self) -> None:
        self.records: list[tuple] = []

    def send(self, record: tuple) -> None:
        self.records.append(record)


def proved_endless(
    candidate: Any,
    budget: int | None,
    allowance: int,
    attempt: Callable[[Any], Any],
    window: Callable[[int], AbstractContextManager[Any]],
    replayed: int = 0,
) -> Any | None:
    """``attempt``'s outcome (a run of the runner's ``candidate``: a fresh load, the earlier steps,
    the one to confirm) where a run of it, watched, is proved never to end (``never_ends.py``):
    a run that ran out of its budget and never ends fails its confirmation whatever the
    allowance, so the allowance need not be paid. None where the proof is not tried (the program
    has no loop it can judge, or watching would cost more than the allowance) or proves nothing:
    the confirmation is then run, as before. The watched run reports as a confirmation that ran
    out of its allowance would, and only when it proved. It runs in a CPU ``window`` of its own
    (for ``replayed`` steps of earlier work and its events), never in the confirmation's: a
    proof that gives up must leave the confirmation all of its time; and where that window ends
    (a loop whose data grows makes each event slower), it gives up rather than end the child."""
    job = candidate.job
    events = PROOF_EVENTS_A_STEP * (budget or 0) + PROOF_EVENTS
    if not budget or budget < 0 or events * PROOF_EVENT_COST > allowance or not plans_in(job.program):
        return None  # (a PENDING budget is negative)
    held = _Held()
    quiet = type(candidate)(job, held)  # the runner's candidate, reporting to ``held``
    quiet.code, quiet.watch = candidate.code, EndlessWatch(job.program, PROGRAM_FILE, events)
    kept = signal.signal(signal.SIGPROF, _out_of_time)  # its window's end: give up, not die
    try:
        with window(replayed + PROOF_WINDOW_STEPS * events):
            outcome = attempt(quiet)
    except _GaveUp:
        return None
    finally:
        signal.signal(signal.SIGPROF, kept)
    if not quiet.watch.proved:
        return None
    for record in held.records:
        candidate.channel.send(record)
    candidate.channel.send(("endless",))
    return outcome
