"""Which ``while`` loops the proof can judge, read once per program from their code, and how.

Two plans, each asking what makes it exact (a loop neither fits is not judged; its run is
confirmed in full, as before):

*Repeats*: the loop's whole body is integer arithmetic on names (assignments to plain names,
``if``, ``break``, ``continue``, ``pass``, ``return``, bare expressions; names, integer
constants, operators that keep integers integers, comparisons by value, ``and``/``or``/``not``,
conditionals; in a test, items read through a name the loop never assigns). No call, attribute,
item store, nested loop, ``try``, ``with``, ``yield``, walrus or ``global``: nothing in a turn runs
code of its own or changes anything but the loop's names. Its *deciding* names are those its
tests read and those an assignment to a deciding name reads (to the fixed point); the others
never reach a test. Every other assignment cannot raise: its operators cannot fail on integers
(``+ - * & | ^ ~``, comparisons) or fail only through their right side (``// % << >>``), which
is then a constant that never fails there, deciding (it would have failed already), or, for a
shift, a *counter* (a name only ever increased by constants, checked not negative).

*Progress*: the loop's names move one way (``i += 1``) and its test holds whatever they become.
Its live code (what is left once the branches the proof must show never run are set aside: those
holding a ``break``, ``return``, call or anything else it cannot judge) is integer arithmetic as
above, reading no items; each name the loop's test or such a branch's guard reads is either never
assigned in live code (*invariant*) or only by adding constants of one sign (*monotone*); every
live assignment and test cannot raise, its right sides constants or invariant names (checked not
zero where they divide). ``intervals.py`` then shows, from the values at one turn, that the test
holds and every such guard fails for every value the names can take from there on."""

from __future__ import annotations

import ast
import copy
import functools
from dataclasses import dataclass

# Operators that cannot fail on two integers (a bool is an int), and those that fail only through
# their right side: a zero divisor, a negative or huge shift.
_TOTAL = (ast.Add, ast.Sub, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
_FAILS_BY_RIGHT = (ast.FloorDiv, ast.Mod, ast.LShift, ast.RShift)
_BY_VALUE = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_EXPRESSION_NODES = (
    ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Load,
    ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Subscript,
)  # fmt: skip
_LARGEST_SHIFT = 64  # a constant shift past this fails or not according to its left side
_LARGEST_STEP = 1 << 32  # a monotone name's largest step: no turn count reaches a float's range

# Directions a name moves in (``_direction``), besides +1, 0 and -1.
TOWARD_ZERO = 2  # halved or shifted right (``n //= 10``, ``n >>= 1``): within 0..v (or v..-1)
AWAY_FROM_ZERO = 3  # only multiplied (``n *= 10``): from v >= 0 up, from v < 0 down
UP_FROM_ZERO = 4  # multiplied and added to (``n = n * 10 + 1``): from v >= 0 up
DOWN_FROM_ZERO = 5  # multiplied and taken from (``ans = ans * 10 - 9``): from v <= 0 down
UNBOUNDED = 6  # no direction: a name only multiplied by factors of any sign, read for divisors


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
                if isinstance(child, ast.While) and (normal := _normalized(child)) is not None:
                    loop, builtins, appended = normal
                    repeats, progress = _repeats(loop), _progress(loop)
                    if repeats is not None or progress is not None:
                        lines = frozenset({child.lineno} | _own_lines(child.body))
                        plan = Plan(first_line, lines, repeats, progress, builtins, appended)
                        found.update(dict.fromkeys(lines, plan))
                visit(child, first_line)

    visit(tree, 1)
    return found


class _Normalizer(ast.NodeTransformer):
    """Rewrites the calls that are arithmetic in disguise: ``int(x)`` of integer arithmetic is
    ``x``, ``pow(a, b)`` is ``a ** b``, and ``xs.append(x)`` as a statement is ``x`` (it can only
    grow a list: where nothing else in the loop reads ``xs``, nothing else sees it)."""

    def __init__(self) -> None:
        self.builtins: set[str] = set()
        self.appended: set[str] = set()

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.func, ast.Name) or node.keywords:
            return node
        if node.func.id == "int" and len(node.args) == 1 and _plain(node.args[0]):
            self.builtins.add("int")
            return node.args[0]
        if node.func.id == "pow" and len(node.args) == 2:
            self.builtins.add("pow")
            return ast.BinOp(node.args[0], ast.Pow(), node.args[1])
        return node

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        call = node.value
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "append"
            and isinstance(call.func.value, ast.Name)
            and len(call.args) == 1
            and not call.keywords
        ):
            self.appended.add(call.func.value.id)
            return ast.Expr(self.visit(call.args[0]))
        self.generic_visit(node)
        return node


def _normalized(node: ast.While) -> tuple[ast.While, tuple[str, ...], tuple[str, ...]] | None:
    """The loop with ``_Normalizer``'s rewrites, the builtins they read as themselves and the
    lists they drop; None where a dropped list is also read elsewhere in the loop."""
    normalizer = _Normalizer()
    loop = normalizer.visit(copy.deepcopy(node))
    if normalizer.appended & _names(loop):
        return None
    return loop, tuple(sorted(normalizer.builtins)), tuple(sorted(normalizer.appended))


def _own_lines(body: list[ast.stmt]) -> set[int]:
    """The lines of ``body``'s statements, not those of a function or class defined in it."""
    lines: set[int] = set()
    for statement in body:
        lines.add(statement.lineno)
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(statement, field, None)
                if isinstance(inner, list):
                    lines |= _own_lines([s for s in inner if isinstance(s, ast.stmt)])
                    for handler in inner:
                        if isinstance(handler, ast.ExceptHandler):
                            lines |= _own_lines(handler.body)
    return lines


def _repeats(node: ast.While) -> Repeats | None:
    statements = list(_statements(node.body))
    if any(statement is None for statement in statements) or not _pure(node.test):
        return None
    tests: list[ast.expr] = [node.test]
    effects: list[tuple[str | None, ast.expr]] = []  # (target, value); None: a bare expression
    for statement in statements:
        if isinstance(statement, ast.If):
            tests.append(statement.test)
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr)):
            effects += _assignments(statement)
    assigned = _assigned(effects)
    containers = set().union(*(_item_sources(test) for test in tests))
    deciding = set().union(*(_names(test) for test in tests)) - containers
    while True:  # every name an assignment to a deciding name reads decides too
        more = {
            name
            for target in deciding & assigned.keys()
            for value in assigned[target]
            for name in _names(value)
        }  # noqa: E501
        more_containers = {
            name for t in deciding & assigned.keys() for v in assigned[t] for name in _item_sources(v)
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
            if not _pure(value):
                return None
        elif not _plain(value):
            return None
    # Deciding names that may hold a float mid-turn (a true division, a call): accumulators must
    # not read them, for only integers keep every accumulator's arithmetic from raising.
    loose = {t for t in deciding & assigned.keys() if any(not _plain(v) for v in assigned[t])}
    while (
        more := {t for t in deciding & assigned.keys() if any(_names(v) & loose for v in assigned[t])} - loose
    ):
        loose |= more
    counters = {
        name for name in assigned if name not in deciding and _direction(name, assigned[name]) in (0, 1)
    }
    for target, value in effects:
        accumulator = target is None or target not in deciding
        if accumulator and (_names(value) & loose or not _cannot_raise(value, deciding, counters)):
            return None
    used = (set(assigned) - texts) | deciding | set().union(*(_names(value) for _, value in effects))
    shifted = {name for _, value in effects for name in _shift_counts(value)} & counters
    builtins = {
        n.func.id for e in tests + [v for _, v in effects] for n in ast.walk(e) if isinstance(n, ast.Call)
    }  # type: ignore[attr-defined]  # noqa: E501
    builtins |= {
        n.func.id for t in texts for v in assigned[t] for n in ast.walk(v) if isinstance(n, ast.Call)
    }  # type: ignore[attr-defined]  # noqa: E501
    return Repeats(
        deciding=tuple(sorted(deciding)),
        others=tuple(sorted(used - deciding - containers)),
        containers=tuple(sorted(containers)),
        texts=tuple(sorted(texts)),
        counters=tuple(sorted(shifted)),
        builtins=tuple(sorted(builtins)),
    )


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
        if name in deciding or all(_plain(value) for value in values):
            continue  # (integer arithmetic: an accumulator like any other)
        if not all(_joined(name, value, deciding) for value in values):
            continue
        elsewhere = [v for t, v in effects if t != name] + tests
        if not any(name in _names(expr) for expr in elsewhere):
            texts.add(name)
    return texts


def _joined(name: str, value: ast.expr, deciding: set[str]) -> bool:
    """``name + x`` or ``x + name``, ``x`` deciding code (pure, reading deciding names only)."""
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Add):
        return False
    for own, other in ((value.left, value.right), (value.right, value.left)):
        if _is_name(own, name) and _pure(other) and _names(other) <= deciding:
            return True
    return False


@dataclass
class _Live:
    """What runs of a loop's body once the branches that must never run are set aside."""

    effects: list[tuple[str | None, ast.expr]]
    tests: list[ast.expr]
    never: list[tuple[ast.expr, bool]]


def _live(body: list[ast.stmt]) -> _Live | None:
    """The live part of ``body``; None where something it cannot judge is not in a branch."""
    live = _Live([], [], [])
    for statement in body:
        if isinstance(statement, ast.If):
            if not _plain(statement.test, division=True):
                return None
            then, other = _live(statement.body), _live(statement.orelse)
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
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr)):
            effects = _assignments(statement)
            if any(not _plain(value) for _, value in effects):
                return None  # a call, an item...: only in a branch that never runs
            live.effects += effects
        elif not isinstance(statement, (ast.Continue, ast.Pass)):
            return None  # break, return, a nested loop...: only in a branch that never runs
    return live


def _progress(node: ast.While) -> Progress | None:
    live = _live(node.body)
    if live is None or not _plain(node.test, division=True):
        return None
    if any(not _plain(value) for _, value in live.effects) or any(not _plain(t) for t in live.tests):
        return None
    assigned = _assigned(live.effects)
    read = _names(node.test) | set().union(*(_names(guard) for guard, _ in live.never))
    used = (
        set(assigned)
        | read
        | set().union(*(_names(value) for _, value in live.effects))
        | set().union(*(_names(test) for test in live.tests))
    )
    invariant = used - assigned.keys()
    multiples = {
        name for name, values in assigned.items() if all(_multiplies(name, v, invariant) for v in values)
    }
    maps = {name: [_affine(name, v) for v in values] for name, values in assigned.items()}
    maps = {name: found for name, found in maps.items() if None not in found}
    monotone: dict[str, int] = {}
    for name in read & assigned.keys():
        direction = _direction(name, assigned[name])
        if direction is None and name not in multiples and name not in maps:
            return None
        monotone[name] = UNBOUNDED if direction is None else direction
    counters = {name for name in assigned if _direction(name, assigned[name]) in (0, 1)}
    exprs = [value for _, value in live.effects] + live.tests + [node.test] + [g for g, _ in live.never]
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
            elif not (_is_int(right) and 0 <= right.value <= _LARGEST_SHIFT):  # type: ignore[attr-defined]
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
    )


def _multiplies(name: str, value: ast.expr, invariant: set[str]) -> bool:
    """``name * k`` or ``k * name``, ``k`` an int constant or an invariant name: every value
    the name takes is a multiple of the one before, so a divisor it has it keeps."""
    if not isinstance(value, ast.BinOp) or not isinstance(value.op, ast.Mult):
        return False
    for own, factor in ((value.left, value.right), (value.right, value.left)):
        if _is_name(own, name) and (
            _is_int(factor) or (isinstance(factor, ast.Name) and factor.id in invariant)
        ):
            return True
    return False


def _direction(name: str, values: list[ast.expr]) -> int | None:
    """How every assignment to ``name`` moves it. +1: each adds a constant not below 0 (``i += 1``,
    ``i = 1 + i``, ``i -= -1``); -1: each takes one away; 0: each adds 0. ``TOWARD_ZERO``: each
    floor-divides it by a positive constant or shifts it right (from ``v`` it stays within 0..v,
    or v..-1 below 0). Each a map ``a * v + b`` with ``a >= 1`` (``n *= 10``, ``n << 1``,
    ``ans * 10 - 9``; an added constant is one with ``a == 1``): ``UP_FROM_ZERO`` where every
    ``b >= 0`` (from ``v >= 0`` it only grows), ``DOWN_FROM_ZERO`` where every ``b <= 0``, and
    ``AWAY_FROM_ZERO`` where every ``b == 0`` (either, by the sign of ``v``). None otherwise."""
    if values and all(_shrinks(name, value) for value in values):
        return TOWARD_ZERO
    maps = [_affine(name, value) for value in values]
    if not values or None in maps or any(abs(b) > _LARGEST_STEP for _, b in maps):  # type: ignore[misc]
        return None  # (a step that large might outrun a float's range, for a division in a test)
    if all(a == 1 for a, _ in maps):  # type: ignore[misc]
        steps = [b for _, b in maps]  # type: ignore[misc]
        if all(step >= 0 for step in steps):
            return 1 if any(steps) else 0
        return -1 if all(step <= 0 for step in steps) else None
    up, down = all(b >= 0 for _, b in maps), all(b <= 0 for _, b in maps)  # type: ignore[misc]
    return AWAY_FROM_ZERO if up and down else UP_FROM_ZERO if up else DOWN_FROM_ZERO if down else None


def _affine(name: str, value: ast.expr) -> tuple[int, int] | None:
    """(a, b) where ``value`` is ``a * name + b`` with ``a >= 1`` (``name + 3``, ``3 + name``,
    ``name - 3``, ``name * 10``, ``10 * name - 9``, ``name << 2``); None otherwise."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
        sign = 1 if isinstance(value.op, ast.Add) else -1
        if _is_int(value.right) and (inner := _scaled(name, value.left)) is not None:
            return inner, sign * value.right.value  # type: ignore[attr-defined]
        if sign == 1 and _is_int(value.left) and (inner := _scaled(name, value.right)) is not None:
            return inner, value.left.value  # type: ignore[attr-defined]
        return None
    scale = _scaled(name, value)
    return None if scale is None else (scale, 0)


def _scaled(name: str, value: ast.expr) -> int | None:
    """``a`` where ``value`` is ``name``, ``name * a``, ``a * name`` or ``name << s`` (``a = 2**s``)
    with ``a >= 1``; None otherwise."""
    if _is_name(value, name):
        return 1
    if not isinstance(value, ast.BinOp):
        return None
    if isinstance(value.op, ast.Mult):
        for own, factor in ((value.left, value.right), (value.right, value.left)):
            if _is_name(own, name) and _is_int(factor) and 1 <= factor.value <= _LARGEST_STEP:  # type: ignore[attr-defined]
                return factor.value  # type: ignore[attr-defined]
        return None
    if isinstance(value.op, ast.LShift) and _is_name(value.left, name) and _is_int(value.right):
        shift = value.right.value  # type: ignore[attr-defined]
        return 1 << shift if 0 <= shift <= _LARGEST_SHIFT else None
    return None


def _shrinks(name: str, value: ast.expr) -> bool:
    return (
        isinstance(value, ast.BinOp)
        and isinstance(value.op, (ast.FloorDiv, ast.RShift))
        and _is_name(value.left, name)
        and _is_int(value.right)
        and value.right.value >= (1 if isinstance(value.op, ast.FloorDiv) else 0)  # type: ignore[attr-defined]
    )


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _is_int(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _assigned(effects: list[tuple[str | None, ast.expr]]) -> dict[str, list[ast.expr]]:
    assigned: dict[str, list[ast.expr]] = {}
    for target, value in effects:
        if target is not None:
            assigned.setdefault(target, []).append(value)
    return assigned


def _statements(body: list[ast.stmt]):
    """Every statement of a loop's body, ``if`` bodies included; None for one the proof cannot
    judge."""
    for statement in body:
        if isinstance(statement, ast.If):
            if not _pure(statement.test):
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
        name = statement.target.id
        return [(name, ast.BinOp(ast.Name(name, ast.Load()), statement.op, statement.value))]
    pairs: list[tuple[str | None, ast.expr]] = []
    for target in statement.targets:  # type: ignore[attr-defined]
        if isinstance(target, ast.Name):
            pairs.append((target.id, statement.value))  # type: ignore[attr-defined]
        elif (
            isinstance(target, ast.Tuple)
            and isinstance(statement.value, ast.Tuple)  # type: ignore[attr-defined]
            and len(target.elts) == len(statement.value.elts)  # type: ignore[attr-defined]
            and all(isinstance(element, ast.Name) for element in target.elts)
        ):
            pairs += [(e.id, v) for e, v in zip(target.elts, statement.value.elts)]  # type: ignore[attr-defined]
        else:
            pairs.append((None, ast.Yield()))
    return pairs


def _plain(expr: ast.expr, items: bool = False, division: bool = False) -> bool:
    """Integer arithmetic on names and constants; in a test, items read through a name too
    (``items``: never stored, so every name holds an integer) or a true division (``division``:
    only ``intervals.py`` reads such a test, which refuses a divisor that may be 0)."""
    for node in ast.walk(expr):
        if not isinstance(node, _EXPRESSION_NODES):
            return False
        if isinstance(node, ast.Constant) and type(node.value) not in (int, bool):
            return False
        if isinstance(node, ast.BinOp) and not (
            isinstance(node.op, _TOTAL + _FAILS_BY_RIGHT + (ast.Pow,))
            or (division and isinstance(node.op, ast.Div))
        ):
            return False
        if isinstance(node, ast.Compare) and not all(isinstance(op, _BY_VALUE) for op in node.ops):
            return False
        if isinstance(node, ast.Subscript) and (
            not items or not isinstance(node.value, ast.Name) or isinstance(node.slice, ast.Slice)
        ):
            return False
    return True


def _names(expr: ast.AST) -> set[str]:
    """The names ``expr`` reads as values (a called builtin's name is not one)."""
    called = {id(node.func) for node in ast.walk(expr) if isinstance(node, ast.Call)}
    return {node.id for node in ast.walk(expr) if isinstance(node, ast.Name) and id(node) not in called}


def _item_sources(expr: ast.expr) -> set[str]:
    """The names whose items (``xs[i]``) or length (``len(xs)``) ``expr`` reads."""
    found = {node.value.id for node in ast.walk(expr) if isinstance(node, ast.Subscript)}  # type: ignore[attr-defined]
    lengths = (n for n in ast.walk(expr) if isinstance(n, ast.Call) and _is_name(n.func, "len") and n.args)
    return found | {call.args[0].id for call in lengths if isinstance(call.args[0], ast.Name)}


# What deciding code may call: Python's own pure functions of numbers (and ``len``), each checked
# to be Python's own where the loop runs.
PURE_BUILTINS = frozenset({"abs", "float", "int", "len", "max", "min", "round", "str"})
_PURE_CONSTANTS = (int, bool, float, str, type(None))


def _pure(expr: ast.expr) -> bool:
    """Deterministic code without side effects, for deciding names and tests: ``_plain``'s, with
    true division, powers, floats and strings as constants, items read through a name, and
    calls of ``PURE_BUILTINS`` (positional arguments only, ``len`` of a name). Its values repeat
    exactly where the names it reads do, and so does any exception it could raise."""
    for node in ast.walk(expr):
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Name) and node.func.id in PURE_BUILTINS) or node.keywords:
                return False
            if any(isinstance(arg, ast.Starred) for arg in node.args):
                return False
            if node.func.id == "len" and not (len(node.args) == 1 and isinstance(node.args[0], ast.Name)):
                return False
        elif isinstance(node, ast.Constant):
            if type(node.value) not in _PURE_CONSTANTS:
                return False
        elif isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.MatMult):
                return False
        elif isinstance(node, ast.Compare):
            if not all(isinstance(op, _BY_VALUE) for op in node.ops):
                return False
        elif isinstance(node, ast.Subscript):
            if not isinstance(node.value, ast.Name) or isinstance(node.slice, ast.Slice):
                return False
        elif not isinstance(node, _EXPRESSION_NODES):
            return False
    return True


def _shift_counts(expr: ast.expr) -> set[str]:
    return {
        n.right.id
        for n in ast.walk(expr)
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.LShift) and isinstance(n.right, ast.Name)
    }


def _cannot_raise(
    value: ast.expr, settled: set[str], counters: frozenset[str] | set[str] = frozenset()
) -> bool:
    """Whether ``value``, on integers, can never raise: each operator that fails through its
    right side has there a constant that never fails (a divisor other than 0, a shift of 0 to 64
    places), or names whose values are ``settled`` (deciding ones, which repeat), but for ``<<``
    (whose failure on a large shift depends on its left side too), where it may be one of the
    ``counters`` alone (never negative, checked)."""
    for node in ast.walk(value):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):  # a negative power is a float
            right = node.right
            if not (
                (_is_int(right) and right.value >= 0)
                or (isinstance(right, ast.Name) and right.id in counters)
            ):  # type: ignore[attr-defined]  # noqa: E501
                return False
        if isinstance(node, ast.BinOp) and isinstance(node.op, _FAILS_BY_RIGHT):
            right = node.right
            if isinstance(right, ast.Constant):
                shift = isinstance(node.op, (ast.LShift, ast.RShift))
                if (not shift and right.value == 0) or (shift and not 0 <= right.value <= _LARGEST_SHIFT):
                    return False
            elif isinstance(node.op, ast.LShift):
                if not (isinstance(right, ast.Name) and right.id in counters):
                    return False
            elif not _names(right) <= settled:
                return False
    return True
