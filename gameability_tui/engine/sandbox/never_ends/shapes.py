"""Which ``while`` loops the proof can judge, read once per program from their code, and how.

Two plans, each asking what makes it exact (a loop neither fits is not judged; its run is
confirmed in full, as before). First, calls that are arithmetic in disguise are read as such
(``_Normalizer``: ``int(x)`` of integer arithmetic, ``pow(a, b)``, a list only appended to), each
checked at run time to be Python's own.

*Repeats*: the loop's body is assignments to plain names, ``if``, ``break``, ``continue``,
``pass``, ``return`` and bare expressions. No attribute, item store, nested loop, ``try``,
``with``, ``yield``, walrus or ``global``: nothing in a turn changes anything but the loop's names.
Its *deciding* names are those its tests read and those an assignment to a deciding name reads
(to the fixed point); deciding code is *pure* (``pure``: it may divide, read items of a name the
loop never assigns, and call Python's own pure functions of numbers), so its values, and any
exception it raises, repeat exactly where the names it reads do. The others, accumulators, never
reach a test; each is integer arithmetic that cannot raise: its operators cannot fail on integers
(``+ - * & | ^ ~``, comparisons, a power to a constant not below 0) or fail only through their
right side (``// % << >>``), which is then a constant that never fails there, deciding (it would
have failed already), or, for a shift, a *counter* (a name only ever increased by constants,
checked not negative); or it is text only ever joined to what deciding code computes. A bare
expression (``odd.append(int(n))``) that reads deciding names alone repeats as they do, floats
included. Deciding code may call the ``math`` module's functions (checked to be Python's own).

*Progress*: the names the loop's test reads move one way (``i += 1``, ``n *= 10``, ``n >>= 1``)
and its test holds whatever they become. Its live code (what is left once the branches the proof
must show never run are set aside: those holding a ``break``, ``return``, call or anything else it
cannot judge) is integer arithmetic as above, reading no items; each name the loop's test or
such a branch's guard reads is either never assigned in live code (*invariant*), moved one way
(*monotone*, ``direction_of``), only multiplied (by invariant names too: away from zero where
each is 1 or more, checked), or moved by maps ``a * v + b``; what live code divides by must
never be 0 from here on (checked). Text only ever joined (``res += sym[i]``) and read nowhere
else is live too, where what it is joined to cannot raise: pure code of invariant names (the
same str every turn, checked), or ``str(k % m)`` (as short as ``m``, checked).
``intervals.py`` then shows, from the values at one turn, that the test holds and every such
guard fails for every value the names can take from there on."""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field

from .code import (
    LARGEST_SHIFT,
    assigned_in,
    assignments,
    cannot_raise,
    is_int,
    is_name,
    item_sources,
    modules_called,
    names_in,
    normalized,
    own_lines,
    plain,
    pure,
    shift_counts,
    statements,
)
from .moves import UNBOUNDED, affine, direction_of, multiplies


@dataclass(frozen=True)
class Repeats:
    """The *repeats* plan: deciding names, the names only accumulators use, the names whose items
    or length deciding code reads, the counters a shift uses (each never negative), and the
    builtins deciding code calls."""

    deciding: tuple[str, ...]
    others: tuple[str, ...]
    containers: tuple[str, ...]
    counters: tuple[str, ...]
    builtins: tuple[str, ...] = ()  # pure functions its deciding code calls: must be Python's own
    texts: tuple[str, ...] = ()  # accumulators only ever joined to (``ret = str(d) + ret``): strs
    modules: tuple[str, ...] = ()  # pure modules its deciding code calls (``math``): Python's own


@dataclass(frozen=True)
class Progress:
    """The *progress* plan: the loop's test, each guard of a branch that must never run with the
    value it must never take, the names its test and those guards read with their direction
    (+1 never decreases, -1 never increases, 0, or one of the constants above), the invariant
    names, every name live code uses (each must hold an integer), what live code divides by
    (each must exclude 0 from here on), the names it shifts by or raises to (invariant, or a
    counter for ``<<``: each must not be negative), and the names only ever multiplied (a
    divisor such a name has, it keeps: ``n % i == 0`` stays true), and the maps ``a * v + b`` of
    each name only ever moved by such maps (whose remainder by ``m`` stays where every map sends
    it back to itself: ``n = n * 3 + 2`` keeps ``n`` odd)."""

    test: ast.expr
    never: tuple[tuple[ast.expr, bool], ...]
    monotone: tuple[tuple[str, int], ...]
    invariant: tuple[str, ...]
    live: tuple[str, ...]
    divisors: tuple[ast.expr, ...]
    shifts: tuple[str, ...]
    multiples: tuple[str, ...]
    maps: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()  # names moved only by a * v + b
    # names only multiplied, by invariant names among others: away from zero where each is >= 1
    scales: tuple[tuple[str, tuple[str, ...]], ...] = ()
    texts: tuple[str, ...] = ()  # accumulators only ever joined to ``pieces`` or ``bounded``: strs
    pieces: tuple[str, ...] = ()  # pure code of invariant names they are joined to: strs (evaluated)
    piece_names: tuple[str, ...] = ()  # the names pieces read: plain values, whose code is Python's
    bounded: tuple[str, ...] = ()  # the invariant ``m`` of a ``str(k % m)`` joined: |m| checked small
    builtins: tuple[str, ...] = ()  # called by live code (text joined, range): must be Python's own


@dataclass(frozen=True)
class Plan:
    """A judged loop: the first line of the code object running it (``co_firstlineno``: the
    watch judges only that code's frames), its lines (its test's and its body's, not those of a
    function defined in it), and the plans that fit it."""

    first_line: int
    lines: frozenset[int]
    repeats: Repeats | None
    progress: Progress | None
    builtins: tuple[str, ...] = ()  # read as themselves (``int(x)`` as ``x``): must be Python's own
    appended: tuple[str, ...] = ()  # lists only appended to (``xs.append(x)``): must be lists


@functools.lru_cache(maxsize=64)
def plans_in(source: str) -> dict[int, Plan]:
    """Each line of a loop of ``source`` the proof can judge, with its plan (innermost where
    loops nest: a loop holding another fits neither plan, the inner one may)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found: dict[int, Plan] = {}

    def visit(node: ast.AST, first_line: int) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, min([child.lineno] + [d.lineno for d in child.decorator_list]))
            elif isinstance(child, ast.Lambda):
                continue  # a lambda's frame holds no loop
            else:
                if isinstance(child, ast.While) and (normal := normalized(child)) is not None:
                    loop, builtins, appended = normal
                    repeats, progress = _repeats(loop), _progress(loop)
                    if repeats is not None or progress is not None:
                        lines = frozenset({child.lineno} | own_lines(child.body))
                        plan = Plan(first_line, lines, repeats, progress, builtins, appended)
                        found.update(dict.fromkeys(lines, plan))
                visit(child, first_line)

    visit(tree, 1)
    return found


def _repeats(node: ast.While) -> Repeats | None:
    body = list(statements(node.body))
    if any(statement is None for statement in body) or not pure(node.test):
        return None
    tests: list[ast.expr] = [node.test]
    effects: list[tuple[str | None, ast.expr]] = []  # (target, value); None: a bare expression
    for statement in body:
        if isinstance(statement, ast.If):
            tests.append(statement.test)
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr)):
            effects += assignments(statement)
    assigned = assigned_in(effects)
    containers = set().union(*(item_sources(test) for test in tests))
    deciding = set().union(*(names_in(test) for test in tests)) - containers
    while True:  # every name an assignment to a deciding name reads decides too
        more = {
            name
            for target in deciding & assigned.keys()
            for value in assigned[target]
            for name in names_in(value)
        }  # noqa: E501
        more_containers = {
            name for t in deciding & assigned.keys() for v in assigned[t] for name in item_sources(v)
        }
        if more <= deciding | containers and more_containers <= containers:
            break
        containers |= more_containers
        deciding |= more - containers
    if containers & assigned.keys():
        return None
    texts = _texts(assigned, deciding, effects, tests)
    effects = [(target, value) for target, value in effects if target not in texts]
    for target, value in effects:
        if target is not None and target in deciding:
            if not pure(value):
                return None
        elif not plain(value):
            return None
    # Deciding names that may hold a float mid-turn (a true division, a call): accumulators must
    # not read them, for only integers keep every accumulator's arithmetic from raising.
    # (``mid = int((lo + hi) / 2)`` holds an int whatever it divides: it is not loose)
    loose = {t for t in deciding & assigned.keys() if any(not (plain(v) or _whole(v)) for v in assigned[t])}
    while (
        more := {
            t
            for t in deciding & assigned.keys()
            if any(names_in(v) & loose and not _whole(v) for v in assigned[t])
        }
        - loose
    ):
        loose |= more
    counters = {
        name for name in assigned if name not in deciding and direction_of(name, assigned[name]) in (0, 1)
    }
    for target, value in effects:
        if target is None and pure(value) and names_in(value) <= deciding:
            continue  # (``xs.append(n / 2)``: computed from repeating values, it repeats too)
        accumulator = target is None or target not in deciding
        if accumulator and (names_in(value) & loose or not cannot_raise(value, deciding, counters)):
            return None
    used = (set(assigned) - texts) | deciding | set().union(*(names_in(value) for _, value in effects))
    shifted = {name for _, value in effects for name in shift_counts(value)} & counters
    builtins = _builtins_called(tests + [v for _, v in effects] + [v for t in texts for v in assigned[t]])
    return Repeats(
        deciding=tuple(sorted(deciding)),
        others=tuple(sorted(used - deciding - containers)),
        containers=tuple(sorted(containers)),
        texts=tuple(sorted(texts)),
        counters=tuple(sorted(shifted)),
        builtins=tuple(sorted(builtins)),
        modules=tuple(sorted(modules_called(tests + [v for _, v in effects]))),
    )


def _whole(value: ast.expr) -> bool:
    """``int(x)``, ``len(x)`` or ``round(x)``: an int (or a raise, which deciding code repeats),
    where each is Python's own (checked as the plan's builtins)."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("int", "len", "round")
        and len(value.args) == 1
        and not value.keywords
    )


def _builtins_called(exprs: list[ast.expr]) -> set[str]:
    return {
        n.func.id
        for e in exprs
        for n in ast.walk(e)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }


def _texts(
    assigned: dict[str, list[ast.expr]],
    deciding: set[str],
    effects: list[tuple[str | None, ast.expr]],
    tests: list[ast.expr],
) -> set[str]:
    """Accumulators only ever joined to something deciding code computes (``ret = str(d) + ret``,
    ``res += sym[i]``) and read nowhere else: holding a str (checked), each turn joins it to the
    same things as the turn a cycle earlier, so it raises no later than it already did."""
    texts = set()
    for name, values in assigned.items():
        if name in deciding or all(plain(value) for value in values):
            continue  # (integer arithmetic: an accumulator like any other)
        if not all(_joined(name, value, deciding) for value in values):
            continue
        elsewhere = [v for t, v in effects if t != name] + tests
        if not any(name in names_in(expr) for expr in elsewhere):
            texts.add(name)
    return texts


def _joined(name: str, value: ast.expr, deciding: set[str]) -> bool:
    """``name + x`` or ``x + name`` (``_joined_to``), ``x`` deciding code (pure, reading
    deciding names only)."""
    piece = _joined_to(name, value)
    return piece is not None and pure(piece) and names_in(piece) <= deciding


@dataclass
class _Live:
    """What runs of a loop's body once the branches that must never run are set aside."""

    effects: list[tuple[str | None, ast.expr]]
    tests: list[ast.expr]
    never: list[tuple[ast.expr, bool]]
    joined: list[ast.expr] = field(default_factory=list)  # what the text accumulators are joined to
    ranged: bool = False  # a ``for`` over a ``range`` that must never run: ``range`` must be Python's


def _live(body: list[ast.stmt], texts: dict[str, list[ast.expr]]) -> _Live | None:
    """The live part of ``body``; None where something it cannot judge is not in a branch.
    ``texts``: the text accumulators (``_text_joins``), whose joins are live without being
    arithmetic."""
    live = _Live([], [], [])
    for statement in body:
        if isinstance(statement, ast.If):
            if not plain(statement.test, division=True):
                return None
            then, other = _live(statement.body, texts), _live(statement.orelse, texts)
            if then is None and other is None:
                return None
            if then is None or other is None:  # the branch that cannot be judged must never run
                live.never.append((statement.test, then is None))
            else:
                live.tests.append(statement.test)
            for branch in (then, other):
                if branch is not None:
                    live.effects += branch.effects
                    live.tests += branch.tests
                    live.never += branch.never
                    live.joined += branch.joined
                    live.ranged |= branch.ranged
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr)):
            effects = assignments(statement)
            if effects and all(target in texts for target, _ in effects):
                live.joined += [_joined_to(target, value) for target, value in effects]  # type: ignore[misc]
                continue
            if any(not plain(value) for _, value in effects):
                return None  # a call, an item...: only in a branch that never runs
            live.effects += effects
        elif isinstance(statement, ast.For) and (runs := _range_runs(statement)) is not None:
            live.never.append((runs, True))  # its body, whatever it holds, must never run
            live.ranged = True
        elif not isinstance(statement, (ast.Continue, ast.Pass)):
            return None  # break, return, a nested loop...: only in a branch that never runs
    return live


def _range_runs(loop: ast.For) -> ast.expr | None:
    """When ``for x in range(...)`` runs its body, as a test of its bounds: ``start < stop``
    for a positive constant step, ``start > stop`` for a negative one (``range(stop)``: ``0 <
    stop``); None for any other ``for`` (or one with an ``else``)."""
    call = loop.iter
    if loop.orelse or not (isinstance(call, ast.Call) and is_name(call.func, "range")) or call.keywords:
        return None
    arguments = list(call.args)
    if not 1 <= len(arguments) <= 3 or not all(plain(argument) for argument in arguments):
        return None
    start, stop = (ast.Constant(0), arguments[0]) if len(arguments) == 1 else arguments[:2]
    step = arguments[2] if len(arguments) == 3 else ast.Constant(1)
    if isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub) and is_int(step.operand):
        step = ast.Constant(-step.operand.value)  # type: ignore[attr-defined]
    if not is_int(step) or step.value == 0:  # type: ignore[attr-defined]
        return None
    order = ast.Lt() if step.value > 0 else ast.Gt()  # type: ignore[attr-defined]
    return ast.Compare(left=start, ops=[order], comparators=[stop])


def _progress(node: ast.While) -> Progress | None:
    texts = _text_joins(node)
    live = _live(node.body, texts)
    if live is None or not plain(node.test, division=True):
        return None
    if any(not plain(value) for _, value in live.effects) or any(not plain(t) for t in live.tests):
        return None
    assigned = assigned_in(live.effects)
    read = names_in(node.test) | set().union(*(names_in(guard) for guard, _ in live.never))
    bounded = [piece.args[0] for piece in live.joined if _bounded_text(piece)]  # type: ignore[attr-defined]
    pieces = [piece for piece in live.joined if not _bounded_text(piece)]
    used = (
        set(assigned)
        | read
        | set().union(*(names_in(value) for _, value in live.effects))
        | set().union(*(names_in(test) for test in live.tests))
        | set().union(*(names_in(remainder) for remainder in bounded))
    )
    invariant = used - assigned.keys()
    if any(names_in(piece) & (assigned.keys() | texts.keys()) for piece in pieces):
        return None  # a piece joined must be the same text every turn
    moduli = {remainder.right.id for remainder in bounded if isinstance(remainder.right, ast.Name)}  # type: ignore[attr-defined]
    if moduli - invariant:
        return None  # ``str(k % m)`` is short only while ``m`` is
    multiples = {
        name for name, values in assigned.items() if all(multiplies(name, v, invariant) for v in values)
    }
    maps = {name: [affine(name, v) for v in values] for name, values in assigned.items()}
    maps = {name: found for name, found in maps.items() if None not in found}
    monotone: dict[str, int] = {}
    for name in read & assigned.keys():
        direction = direction_of(name, assigned[name])
        if direction is None and name not in multiples and name not in maps:
            return None
        monotone[name] = UNBOUNDED if direction is None else direction
    counters = {name for name in assigned if direction_of(name, assigned[name]) in (0, 1)}
    exprs = [value for _, value in live.effects] + live.tests + [node.test] + [g for g, _ in live.never]
    exprs += bounded
    divisors: list[ast.expr] = []
    shifts: set[str] = set()
    for operation in (n for e in exprs for n in ast.walk(e) if isinstance(n, ast.BinOp)):
        right = operation.right
        if isinstance(operation.op, (ast.FloorDiv, ast.Mod)):
            divisors.append(right)  # its values, from here on, must exclude 0 (the watch checks)
        elif isinstance(operation.op, (ast.LShift, ast.RShift, ast.Pow)):
            allowed = invariant if isinstance(operation.op, ast.RShift) else counters | invariant
            if isinstance(operation.op, ast.LShift):
                allowed = counters
            if isinstance(right, ast.Name) and right.id in allowed:
                shifts.add(right.id)  # never negative from here on (the watch checks)
            elif not (is_int(right) and 0 <= right.value <= LARGEST_SHIFT):  # type: ignore[attr-defined]
                return None
    return Progress(
        test=node.test,
        never=tuple(live.never),
        monotone=tuple(sorted(monotone.items())),
        invariant=tuple(sorted(invariant)),
        live=tuple(sorted(used)),
        divisors=tuple(divisors),
        shifts=tuple(sorted(shifts)),
        multiples=tuple(sorted(multiples)),
        maps=tuple(sorted((name, tuple(found)) for name, found in maps.items())),  # type: ignore[misc]
        scales=tuple(
            (name, factors)
            for name in sorted(multiples & monotone.keys())
            if monotone[name] == UNBOUNDED and (factors := _factor_names(name, assigned[name])) is not None
        ),
        texts=tuple(sorted(texts)),
        pieces=tuple(ast.unparse(piece) for piece in pieces),
        piece_names=tuple(sorted(set().union(*(names_in(piece) for piece in pieces)))),
        bounded=tuple(sorted(moduli)),
        builtins=tuple(sorted(_builtins_called(live.joined) | ({"range"} if live.ranged else set()))),
    )


def _factor_names(name: str, values: list[ast.expr]) -> tuple[str, ...] | None:
    """The invariant names ``name`` is multiplied by (each assignment ``name * k`` or ``k * name``,
    ``multiplies``); None where a constant factor is below 1 (it could shrink or flip it)."""
    factors = set()
    for value in values:
        factor = value.right if is_name(value.left, name) else value.left  # type: ignore[attr-defined]
        if isinstance(factor, ast.Name):
            factors.add(factor.id)
        elif factor.value < 1:  # type: ignore[attr-defined]
            return None
    return tuple(sorted(factors))


# ``str(k % m)`` is at most as long as ``m``: short of the shortest limit Python may set on the
# digits ``str`` writes (``sys.set_int_max_str_digits``: 640), it cannot raise.
SHORT_INT = 10**600


def _bounded_text(piece: ast.expr) -> bool:
    """``str(k % m)``: ``k`` integer arithmetic, ``m`` a constant or a name (checked small)."""
    if not (isinstance(piece, ast.Call) and is_name(piece.func, "str") and len(piece.args) == 1):
        return False
    remainder = piece.args[0]
    if piece.keywords or not (isinstance(remainder, ast.BinOp) and isinstance(remainder.op, ast.Mod)):
        return False
    modulus = remainder.right
    small = isinstance(modulus, ast.Name) or (is_int(modulus) and 0 < abs(modulus.value) < SHORT_INT)  # type: ignore[attr-defined]
    return small and plain(remainder)


def _text_joins(node: ast.While) -> dict[str, list[ast.expr]]:
    """Accumulators of a loop only ever joined (``res += sym[i]``, ``ret = str(x % b) + ret``) to
    pure code or to ``str(k % m)``, and read nowhere else: name -> what it is joined to."""
    joins: dict[str, list[ast.expr]] = {}
    refused: set[str] = set()
    for statement in ast.walk(node):
        if isinstance(statement, (ast.Assign, ast.AugAssign)):
            for target, value in assignments(statement):
                if target is None:
                    continue
                piece = _joined_to(target, value)
                # (``total = total + n`` is arithmetic: live code's, not text)
                if (
                    piece is not None
                    and not plain(piece)
                    and (pure(piece, modules=False) or _bounded_text(piece))
                ):
                    joins.setdefault(target, []).append(piece)
                else:
                    refused.add(target)
    return {
        name: pieces
        for name, pieces in joins.items()
        if name not in refused and _read_only_by_joins(node, name)
    }


def _read_only_by_joins(node: ast.While, name: str) -> bool:
    """Whether the loop reads ``name`` only where it joins to it (once in ``name = x + name``,
    never in ``name += x``)."""
    joins = sum(
        1 for s in ast.walk(node) if isinstance(s, ast.Assign) and any(is_name(t, name) for t in s.targets)
    )
    reads = sum(
        1 for n in ast.walk(node) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    )
    return reads == joins


def _joined_to(name: str, value: ast.expr) -> ast.expr | None:
    """``x`` where ``value`` is ``name + x`` or ``x + name``."""
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Add):
        return None
    if is_name(value.left, name) and not is_name(value.right, name):
        return value.right
    if is_name(value.right, name) and not is_name(value.left, name):
        return value.left
    return None
