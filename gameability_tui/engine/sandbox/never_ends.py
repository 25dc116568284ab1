"""A proof that a run never ends: a loop whose deciding values come back.

Slow is not wrong, so a run out of its budget is run again with a harness's time limit of steps
before "it did not return" counts, and a mutant that loops forever pays that limit in full. Most
such loops can be seen never to end long before: in a ``while`` loop of plain integer arithmetic
the names its tests read (and the names those are computed from) decide every later turn, so
when they hold the same values at the same instruction twice, the loop turns forever, whatever
the other names (an accumulator, ``ans += n % 10``) do meanwhile. A mutant's ``n //= 1`` in place
of ``n //= 10`` is seen on its second turn.

What the proof asks, so that it is never wrong (a loop it cannot judge is simply not proved, and
its run is confirmed in full as before):

- The loop's own code (``loops_in``): assignments to plain names, ``if``, ``break``, ``continue``,
  ``pass``, ``return`` and bare expressions; expressions of names, integer constants, operators
  that keep integers integers (no ``/``, no ``**``), comparisons by value (no ``is``, no ``in``),
  ``and``/``or``/``not`` and conditionals, and reads of a name's items (``xs[mid]``) where the
  name is never assigned in the loop. No call, attribute, item store, nested loop, ``try``,
  ``with``, ``yield``, walrus or ``global``: nothing in a turn runs code of its own, or changes
  anything but the loop's names.
- *Deciding* names: every name a test of the loop or of an ``if`` in it reads, and every name an
  assignment to a deciding name reads (to the fixed point), and every name an item is read
  through. The others never reach a test, so they cannot change the way the loop goes.
- No other assignment can raise: its operators cannot fail on integers (``+ - * & | ^ ~``,
  comparisons), or fail only through their right side (``// % << >>``), which must then read
  deciding names only (so it fails no later than it already did) or be a constant that never
  fails; it reads no items.
- At every turn it records, every name of the loop holds an ``int`` or ``bool``, and each name
  items are read through holds a list, tuple, str or bytes of ints, floats, strs and bools
  (whose ``==`` and ``<`` run no code); so every later value is an integer too, and comparing
  values is comparing them by type and value.

The run is watched by a Python trace function (``sys.settrace``, the real one taken at import,
as ``line_tracer.py`` does); it counts its events and gives up past its limit, so a proof costs
at most that many traced events."""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from ..step_units import TRACE, UNIT

_SETTRACE = sys.settrace  # ``steps.start_counter`` makes sys.settrace a no-op in the child

# Operators that cannot fail on two integers (a bool is an int), and those that fail only through
# their right side: a zero divisor, a negative or huge shift.
_TOTAL = (ast.Add, ast.Sub, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
_FAILS_BY_RIGHT = (ast.FloorDiv, ast.Mod, ast.LShift, ast.RShift)
_BY_VALUE = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_EXPRESSION_NODES = (
    ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Load,
    ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Subscript,
)  # fmt: skip
_ITEM_TYPES = (int, float, str, bool)
_CONTAINER_TYPES = (list, tuple, str, bytes)
_LARGEST_CONTAINER = 100_000  # items checked once per proof; a bigger one is not judged
_MOST_TURNS = 64  # states kept per loop point; a longer cycle is not looked for


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


@dataclass(frozen=True)
class Loop:
    """A ``while`` loop the proof can judge: its lines, its deciding names, the names only its
    accumulators use, and the names whose items it reads."""

    lines: frozenset[int]
    deciding: tuple[str, ...]
    others: tuple[str, ...]
    containers: tuple[str, ...]


@functools.lru_cache(maxsize=64)
def loops_in(source: str) -> dict[int, Loop]:
    """Each line of a loop of ``source`` the proof can judge, with its loop (innermost where
    loops nest: a loop holding another is never judged, the inner one may be)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found: dict[int, Loop] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.While) and (loop := _judged(node)) is not None:
            found.update(dict.fromkeys(loop.lines, loop))
    return found


def _judged(node: ast.While) -> Loop | None:
    statements = list(_statements(node.body))
    if any(statement is None for statement in statements) or not _plain(node.test, items=True):
        return None
    assigned: dict[str, list[ast.expr]] = {}
    tests: list[ast.expr] = [node.test]
    effects: list[tuple[str | None, ast.expr]] = []  # (target, value); None: a bare expression
    for statement in statements:
        if isinstance(statement, ast.If):
            tests.append(statement.test)
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr)):
            for target, value in _assignments(statement):
                effects.append((target, value))
                if target is not None:
                    assigned.setdefault(target, []).append(value)
    if any(not _plain(value) for _, value in effects):
        return None
    containers = set().union(*(_item_sources(test) for test in tests))
    if containers & assigned.keys():
        return None
    deciding = set().union(*(_names(test) for test in tests)) - containers
    while True:  # every name an assignment to a deciding name reads decides too
        more = {
            name
            for target in deciding & assigned.keys()
            for value in assigned[target]
            for name in _names(value)
        }
        if more <= deciding:
            break
        deciding |= more
    for target, value in effects:
        if (target is None or target not in deciding) and not _cannot_raise(value, deciding):
            return None
    every = set(assigned) | deciding | set().union(*(_names(value) for _, value in effects))
    lines = {node.lineno} | {n.lineno for s in node.body for n in ast.walk(s) if isinstance(n, ast.stmt)}
    return Loop(
        lines=frozenset(lines),
        deciding=tuple(sorted(deciding)),
        others=tuple(sorted(every - deciding)),
        containers=tuple(sorted(containers)),
    )


def _statements(body: list[ast.stmt]):
    """Every statement of a loop's body, ``if`` bodies included; None for one the proof cannot
    judge."""
    for statement in body:
        if isinstance(statement, ast.If):
            if not _plain(statement.test, items=True):
                yield None
            yield statement
            yield from _statements(statement.body)
            yield from _statements(statement.orelse)
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return)):
            yield statement
        elif isinstance(statement, (ast.Break, ast.Continue, ast.Pass)):
            continue
        else:
            yield None


def _assignments(statement: ast.stmt) -> list[tuple[str | None, ast.expr]]:
    """(name, value) for each name a statement binds; an unsupported target yields an impossible
    value so the loop is not judged."""
    if isinstance(statement, ast.Expr):
        return [(None, statement.value)]
    if isinstance(statement, ast.AugAssign):
        if not isinstance(statement.target, ast.Name):
            return [(None, ast.Yield())]
        return [
            (
                statement.target.id,
                ast.BinOp(ast.Name(statement.target.id, ast.Load()), statement.op, statement.value),
            )
        ]
    pairs: list[tuple[str | None, ast.expr]] = []
    for target in statement.targets:
        if isinstance(target, ast.Name):
            pairs.append((target.id, statement.value))
        elif (
            isinstance(target, ast.Tuple)
            and isinstance(statement.value, ast.Tuple)
            and len(target.elts) == len(statement.value.elts)
            and all(isinstance(element, ast.Name) for element in target.elts)
        ):
            pairs += [(element.id, value) for element, value in zip(target.elts, statement.value.elts)]
        else:
            pairs.append((None, ast.Yield()))
    return pairs


def _plain(expr: ast.expr, items: bool = False) -> bool:
    """Integer arithmetic on names and constants; in a test (``items``), items read through a
    name too (never stored: only tests read them, so every name holds an integer)."""
    for node in ast.walk(expr):
        if not isinstance(node, _EXPRESSION_NODES):
            return False
        if isinstance(node, ast.Constant) and type(node.value) not in (int, bool):
            return False
        if isinstance(node, ast.BinOp) and not isinstance(node.op, _TOTAL + _FAILS_BY_RIGHT):
            return False
        if isinstance(node, ast.Compare) and not all(isinstance(op, _BY_VALUE) for op in node.ops):
            return False
        if isinstance(node, ast.Subscript) and (
            not items or not isinstance(node.value, ast.Name) or isinstance(node.slice, ast.Slice)
        ):
            return False
    return True


def _names(expr: ast.expr) -> set[str]:
    return {node.id for node in ast.walk(expr) if isinstance(node, ast.Name)}


def _item_sources(expr: ast.expr) -> set[str]:
    return {node.value.id for node in ast.walk(expr) if isinstance(node, ast.Subscript)}  # type: ignore[attr-defined]


def _cannot_raise(value: ast.expr, deciding: set[str]) -> bool:
    """Whether an accumulator's value, on integers, can never raise: each operator that fails
    through its right side has there a constant that never fails (a divisor other than 0, a shift
    of 0 to 64 places), or, but for ``<<`` (whose failure on a large shift depends on its left
    side too), names that decide (so it would have failed already)."""
    for node in ast.walk(value):
        if isinstance(node, ast.BinOp) and isinstance(node.op, _FAILS_BY_RIGHT):
            right = node.right
            if isinstance(right, ast.Constant):
                shift = isinstance(node.op, (ast.LShift, ast.RShift))
                if (not shift and right.value == 0) or (shift and not 0 <= right.value <= 64):
                    return False
            elif isinstance(node.op, ast.LShift) or not _names(right) <= deciding:
                return False
    return True


def _state(frame: Any, loop: Loop) -> tuple | None:
    """The deciding values at this point, by type and value; None where a name the loop uses is
    unbound (not yet assigned on the first turn) or holds other than an int or a bool."""
    values = frame.f_locals
    try:
        if any(type(values[name]) not in (int, bool) for name in loop.others):
            return None
        state = tuple((type(values[name]), values[name]) for name in loop.deciding)
    except KeyError:
        return None
    return state if all(kind in (int, bool) for kind, _ in state) else None


def _containers_judged(frame: Any, loop: Loop) -> bool:
    values = frame.f_locals
    for name in loop.containers:
        held = values.get(name)
        if type(held) not in _CONTAINER_TYPES or len(held) > _LARGEST_CONTAINER:
            return False
        if type(held) in (list, tuple) and any(type(item) not in _ITEM_TYPES for item in held):
            return False
    return True


def run_watched(action: Callable[[], Any], source: str, filename: str, limit: int) -> bool:
    """Run ``action()`` watching the loops of ``source`` (code compiled as ``filename``) for at
    most ``limit`` trace events: True once one is proved never to end (the run is stopped
    there), False when the run ends, raises, or reaches the limit first.

    States are kept per frame and per run of a loop: a line outside the loop, or the frame's
    return, forgets them, so a loop run again (inside another loop, or in another call whose
    frame reuses the address) is never compared with an earlier run of itself."""
    loops = loops_in(source)
    if not loops:
        return False
    events = 0
    watched: dict[int, tuple[Loop | None, dict[int, set[tuple] | None]]] = {}  # frame id -> its loop's states

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
        loop = loops.get(frame.f_lineno)
        current = watched.get(id(frame))
        if current is None or current[0] is not loop:
            current = watched[id(frame)] = (loop, {})
            if loop is not None and not _containers_judged(frame, loop):
                current = watched[id(frame)] = (None, {})
        loop, points = current
        if loop is None or points.get(frame.f_lasti, set()) is None:
            return watching
        states = points.setdefault(frame.f_lasti, set())
        state = _state(frame, loop)
        if state is None:
            return watching
        if state in states and len(sys._current_frames()) == 1:  # no other thread can change it
            raise NeverEnds
        if len(states) >= _MOST_TURNS:
            points[frame.f_lasti] = None
        else:
            states.add(state)
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


class _GaveUp(BaseException):
    """The watched run reached its event limit."""


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
    proof that gives up must leave the confirmation all of its time."""
    job = candidate.job
    events = PROOF_EVENTS_A_STEP * (budget or 0) + PROOF_EVENTS
    if not budget or budget < 0 or events * PROOF_EVENT_COST > allowance or not loops_in(job.program):
        return None  # (a PENDING budget is negative)
    held = _Held()
    quiet = type(candidate)(job, held)  # the runner's candidate, reporting to ``held``
    quiet.code, quiet.watch = candidate.code, EndlessWatch(job.program, PROGRAM_FILE, events)
    with window(replayed + PROOF_WINDOW_STEPS * events):
        outcome = attempt(quiet)
    if not quiet.watch.proved:
        return None
    for record in held.records:
        candidate.channel.send(record)
    candidate.channel.send(("endless",))
    return outcome
