"""The tests' literal calls to the entry, as fresh inputs are drawn from them.

Threat: a call harvested without what the tests do with its result measures less than the tests
do. ``Counter(5)`` alone shows only the object's state; the tests call ``bump()`` on it, inline
(``Counter(5).bump()``) or through a name (``c = Counter(5)`` then ``c.bump()``, the unittest
habit), so the chain of calls is harvested with it, and the object drawn fresh is used as the
test uses it. Only calls whose arguments are all literals (or names bound once to one) are
harvested, so every fresh input can be written back into an assert that round-trips.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import replace
from typing import Any

from ..observed import DROP_STEP, SET_STEP
from .arguments import Bound, Callback, Made, Member, named_objects
from .calls import Call, ChainStep, called_name, parsed
from .folded import is_literal
from .preludes import prelude_of, statement_positions
from .raises import inside_expected_raise
from .scripts import as_scripts
from .std_makers import StdNames, std_names_in, with_std
from .unrolled import unrolled


def harvest_calls(
    sources: list[str] | tuple[str, ...],
    name: str,
    makers: frozenset[str] = frozenset(),
    as_written: bool = False,
    classes: frozenset[str] = frozenset(),
    statements_discard: bool = True,
    std: StdNames | None = None,
) -> list[Call]:
    """Literal argument tuples of every call to ``name`` in ``sources``, in order, deduplicated,
    with the chain of literal calls the tests make on its result (``Counter(5).bump()``, or
    through a name bound to it: ``bound_chains``): the whole chain is the call, its first link alone
    is not taken again. ``makers``: the names (other than ``name``) the reference defines, whose
    calls on literals make an argument in place (``norm(Point(3, 4))``, or ``p = Point(3, 4)``
    then ``norm(p)``: a ``Made``). ``as_written``: only the calls the tests write with literal
    arguments, as the published method reads them (``--inputs contract`` and ``free`` reproduce its
    figures): no loop over literal data unrolled, no argument folded from literals. ``classes``:
    the reference's, whose objects' operators the tests use (``Vec(1, 2) + Vec(3, 4)``) are
    steps of their chains (``inputs/protocols.py``). ``statements_discard``: a call on a bound
    object made as a statement throws its answer away (a test's; not a hidden input's, where a
    statement only names the call to make). ``std``: the standard-library value types the
    reference and setup bind (``std_makers.std_names``), whose calls on literals make an argument
    in place too (``tax(Decimal('20'))``), as do those each test's own imports bind; None: no
    such argument is taken (the published method's harvest)."""
    seen: set[str] = set()
    calls: list[Call] = []
    for source in sources:
        # a test class read as the scripts a harness runs; loops over literal data unrolled
        script = as_scripts(source)
        tree = parsed(script) if as_written else unrolled(script, classes)
        if tree is None:
            continue
        inside: set[int] = set()  # the first links of chains taken whole
        values = {} if std is None else {**std, **std_names_in(tree)}
        values = {written: made for written, made in values.items() if written not in makers}
        local = (makers | frozenset(values)) - {name}
        bound = _bound_literals(tree, local)
        named = bound_chains(tree, name, inside, bound, local, statements_discard)
        positions = statement_positions(tree) if not as_written else {}
        for node in ast.walk(tree):  # outer calls come before the calls inside them
            found = named.get(id(node))
            if found is None and (not isinstance(node, ast.Call) or id(node) in inside):
                continue
            found = with_std(found or _chained_call(node, name, inside, bound, local), values)
            if found is not None and positions and not (found.uses or found.peers):
                before = prelude_of(node, positions, local | {name})  # (``set_rate('EUR', 2)`` first)
                found = replace(found, before=before) if before else found
            callbacks = _callbacks_of(found) if found is not None else []
            if callbacks and (as_written or _free_names_of(callbacks) & _bound_names(tree)):
                continue  # the published method takes literals alone; ``encode(str)``, the test's ``str``
            if found is not None and found.key() not in seen:
                seen.add(found.key())
                calls.append(found)
    return calls


def _bound_names(tree: ast.Module) -> set[str]:
    """Every name the test binds: assigned, looped over, imported, defined, a parameter."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).partition(".")[0] for alias in node.names)
    return names


def _free_names_of(callbacks: list[Callback]) -> set[str]:
    """The names ``callbacks`` read (``str`` in ``encode(str)``)."""
    return {
        name for callback in callbacks for name in _free_names(ast.parse(callback.text, mode="eval").body)
    }


def _callbacks_of(call: Call) -> list[Callback]:
    """The callbacks the call passes, at any depth."""
    found: list[Callback] = []

    def one(value: Any) -> Any:
        if isinstance(value, Callback):
            found.append(value)
        elif isinstance(value, Made):
            list(map(one, (*value.args, *(inner for _, inner in value.kwargs))))
        elif type(value) in (list, tuple):
            list(map(one, value))
        return value

    call.with_arguments(one)
    return found


class _Bindings(dict):
    """Names a test binds to a literal or to an object made in place (``_bound_literals``), and
    ``reads``: for each such object the test reads after passing it, the attributes it reads."""

    reads: dict[str, tuple[str, ...]]


def _bound_literals(tree: ast.Module, makers: frozenset[str] = frozenset()) -> _Bindings:
    """Names a test binds once, at its top level, to a literal (``x = 4`` before
    ``make_adder(3)(x)``): a call passing one is a literal call (threat: its chain was cut at the
    variable, the returned closure never called, and every mutant of it looked equivalent).
    Likewise a name bound once anywhere to a call of one of ``makers`` on literals and then
    passed once (``p = Point(3, 4)``, then ``norm(p)``): it is that call, made in place. Where
    the test reads attributes on it after passing it (``deposit(acc, 5)``, then
    ``acc.balance``), they are its ``reads``; used any other way, its state would matter in
    ways not replayed, and it is not taken."""
    stores: dict[str, int] = {}
    loads: dict[str, list[ast.Name]] = {}
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        parents.update((id(child), node) for child in ast.iter_child_nodes(node))
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Name):
            loads.setdefault(node.id, []).append(node)
    bound = _Bindings()
    bound.reads = {}
    top = {id(node) for node in tree.body}
    for node in ast.walk(tree) if makers else tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target = node.targets[0].id
            if stores.get(target) != 1:
                continue
            if id(node) in top and is_literal(node.value):
                bound[target] = node.value
            elif _made_call(node.value, makers):
                reads = _reads_after_passing(loads.get(target, []), parents)
                if reads is not None:
                    bound[target] = node.value
                    bound.reads.update({target: reads} if reads else {})
    return bound


# what a test reads of a text or bytes stream it passed (``buf.getvalue()``, the text written to
# it): a read, called (``observed._attribute_read``), though it is a method
STREAM_READS = frozenset(("getvalue",))


def _reads_after_passing(loads: list[ast.Name], parents: dict[int, ast.AST]) -> tuple[str, ...] | None:
    """Where a name is passed whole to calls and otherwise only has attributes read after the
    first, those attributes (none where it is only passed); None where it is used any other way.
    Passed to several calls (``deposit(acc, 5)``, ``deposit(acc, 3)``), each call is drawn with
    the object made in place for it alone, its reads made after it: an answer of its own, as an
    assert run alone sees it (threat: the object was not taken, so "no literal calls")."""
    passed = [n for n in loads if isinstance(parents.get(id(n)), ast.Call) and parents[id(n)].func is not n]
    if not passed:
        return None
    reads: list[str] = []
    for load in loads:
        if load in passed:
            continue
        attribute = parents.get(id(load))
        if not (isinstance(attribute, ast.Attribute) and isinstance(attribute.ctx, ast.Load)):
            return None
        called = parents.get(id(attribute))
        if isinstance(called, ast.Call) and called.func is attribute:
            if attribute.attr not in STREAM_READS or called.args or called.keywords:
                return None  # a method called on it: a use not replayed
            reads += [f"{attribute.attr}()"] if f"{attribute.attr}()" not in reads else []  # (its text)
            continue
        if (load.lineno, load.col_offset) < (passed[0].lineno, passed[0].col_offset):
            return None
        reads += [attribute.attr] if attribute.attr not in reads else []
    return tuple(reads)


def _made_call(node: ast.expr, makers: frozenset[str]) -> bool:
    """Whether ``node`` is a call of one of ``makers`` on literals (or on such calls)."""
    if not (isinstance(node, ast.Call) and called_name(node) in makers):
        return False
    return _literal_call(node, None, frozenset(), makers) is not None


def _chained_call(
    node: ast.Call,
    name: str,
    inside: set[int],
    bound: dict[str, ast.expr] | None = None,
    makers: frozenset[str] = frozenset(),
) -> Call | None:
    """The call to ``name`` at the root of ``node``'s chain of calls, all arguments literal."""
    steps: list[ChainStep] = []
    links = []
    while True:
        if isinstance(node.func, ast.Name) or ("." in name and called_name(node) == name):
            if called_name(node) != name:
                return None
            root = _literal_call(node, bound, frozenset(), makers)
            if root is None or (steps and named_objects(root.args, root.kwargs)):
                return None  # reads after a chain: not replayed
            inside.update(id(link) for link in links)
            inside.add(id(node))
            # an argument the entry makes in place is the chain's, not a call of its own
            # (``Interval(4, 8)`` in ``Interval(1, 5).overlaps(Interval(4, 8))``)
            inside.update(id(made) for link in links for made in _made_by(link, name))
            reads = [
                f"{made.name}.{a}"
                for made in named_objects(root.args, root.kwargs)
                for a in bound.reads[made.name]
            ]  # type: ignore[union-attr]
            return Call(root.args, root.kwargs, tuple(reversed(steps)), reads=tuple(reads))
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Call):
            method, inner = node.func.attr, node.func.value
        elif isinstance(node.func, ast.Call):
            method, inner = "", node.func
        else:
            return None
        step = _literal_call(node, bound, frozenset(), _operand_makers(name, makers))
        if step is None or named_objects(step.args, step.kwargs):
            return None
        steps.append((method, step.args, step.kwargs))
        links.append(node)
        node = inner


def _made_by(node: ast.Call, name: str) -> list[ast.Call]:
    """The arguments of ``node`` that are calls of ``name``."""
    arguments = [*node.args, *(keyword.value for keyword in node.keywords)]
    return [made for made in arguments if isinstance(made, ast.Call) and called_name(made) == name]


def _operand_makers(entry: str, makers: frozenset[str]) -> frozenset[str]:
    """The names whose calls make an argument of a chain's step in place: an operator's other
    operand, or a method's argument, may be made by the entry too (``Vec(1, 2) + Vec(3, 4)``,
    ``Interval(1, 5).overlaps(Interval(4, 8))``: the sixteenth pass found a method's dropped, so
    only the bare constructors were drawn and every mutant of the method looked equivalent)."""
    if entry and "." not in entry:
        return makers | {entry}
    return makers


def _literal_call(
    node: ast.Call,
    bound: dict[str, ast.expr] | None = None,
    objects: frozenset[str] = frozenset(),
    makers: frozenset[str] = frozenset(),
) -> Call | None:
    """The call's arguments as values, where each is a literal or a name ``bound`` to one, or
    (passed whole) one of the ``objects`` the test made: a ``Bound``, or a call of one of
    ``makers`` (or of a name the test bound to one) on literals: a ``Made``."""

    def value(argument: ast.expr) -> Any:
        named = ""  # the test's name for an object it reads after the call
        if isinstance(argument, ast.Name) and argument.id in objects:
            return Bound(argument.id)
        if bound and isinstance(argument, ast.Name) and argument.id in bound:
            named = argument.id if argument.id in getattr(bound, "reads", {}) else ""
            argument = bound[argument.id]
        if isinstance(argument, ast.Attribute) and (member := _member(argument, makers)) is not None:
            return member  # ``Light.RED``, of an ``Enum`` the reference defines
        if is_callback(argument):  # ``abs``, ``str.upper``, ``lambda v: v * 2``
            return Callback(ast.unparse(argument))
        if isinstance(argument, ast.Call):  # ``Point(3, 4)``; ``datetime.date(2024, 1, 30)``
            maker = called_name(argument)
            inner = _literal_call(argument, None, frozenset(), makers) if maker in makers else None
            if inner is None:
                raise ValueError("not a call that makes an argument")
            return Made(maker, inner.args, inner.kwargs, named)  # type: ignore[arg-type]
        if isinstance(argument, (ast.List, ast.Tuple)) and any(
            isinstance(item, ast.Call) for item in argument.elts
        ):  # objects made in a list (``[Pair(5, 24), Pair(15, 25)]``, MBPP/601), each a ``Made``
            items = [value(item) for item in argument.elts if not isinstance(item, ast.Starred)]
            if len(items) != len(argument.elts) or any(isinstance(item, Bound) for item in items):
                raise ValueError("not a list of literals and objects made in place")
            return items if isinstance(argument, ast.List) else tuple(items)
        return ast.literal_eval(argument)

    try:
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            return None
        if any(keyword.arg is None for keyword in node.keywords):
            return None
        args = tuple(value(arg) for arg in node.args)
        kwargs = tuple((k.arg, value(k.value)) for k in node.keywords)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return Call(args, kwargs)


def is_callback(node: ast.expr) -> bool:
    """Whether ``node`` is a function the test passes that resolves wherever it runs: a
    built-in's name (``abs``), a built-in type's method (``str.upper``), or a lambda whose free
    names are built-ins (``lambda v: abs(v) * 2``). A call passing a name the test binds itself
    (``str = ...``) is left out by ``harvest_calls``, which sees the whole test."""
    if isinstance(node, ast.Name):
        return callable(getattr(builtins, node.id, None)) and not node.id.startswith("_")
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        owner = getattr(builtins, node.value.id, None)
        return isinstance(owner, type) and callable(getattr(owner, node.attr, None))
    return isinstance(node, ast.Lambda) and all(hasattr(builtins, name) for name in _free_names(node))


def _free_names(node: ast.expr) -> set[str]:
    """The names ``node`` reads that it does not bind itself (a lambda's parameters, a
    comprehension's targets)."""
    own = {inner.arg for inner in ast.walk(node) if isinstance(inner, ast.arg)}
    own |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - own


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _member(node: ast.Attribute, makers: frozenset[str]) -> Member | None:
    """``Light.RED`` as a ``Member``, where ``makers`` holds it (``calls.enum_members``: each of
    an ``Enum``'s members by its dotted name), with its class's other members."""
    if not isinstance(node.value, ast.Name) or f"{node.value.id}.{node.attr}" not in makers:
        return None
    prefix = node.value.id + "."
    members = tuple(sorted(name[len(prefix) :] for name in makers if name.startswith(prefix)))
    return Member(node.value.id, node.attr, members)


def bound_chains(
    tree: ast.Module,
    name: str,
    inside: set[int],
    bound: dict[str, ast.expr],
    makers: frozenset[str] = frozenset(),
    statements_discard: bool = True,
) -> dict[int, Call]:
    """The calls to ``name`` a test binds to a name and then calls on (``c = Counter(5)``, then
    ``c.bump()``; ``add3 = make_adder(3)``, then ``add3(4)``), keyed by the ``id`` of the
    binding's node. One use is the inline chain (``Counter(5).bump()``); several are ``uses``, in
    the test's order, on one object, and so is one use after which the test reads an attribute
    (``acc.deposit(50)``, then ``acc.balance``: ``reads``), so that its assert can read it too.
    The bound call's own node goes into ``inside``: it is not taken again alone.

    Objects whose calls pass one to another (``a = Account(10)``, ``b = Account(0)``, then
    ``a.transfer(b, 5)``) are one call: the first made, the others its ``peers``, every use on
    any of them in the test's order, and every attribute read on any of them after the first.

    Threat: harvested alone, the call only made the object, its methods were never called on
    fresh inputs, and every mutant of them looked equivalent (a problem excluded as having no
    broken mutant, though ``return None`` fails its visible test). A name bound more than once in
    its scope, or used other than as the root of a chain of literal calls, to read an attribute,
    or as an argument of a call on another such object (passed elsewhere, compared whole), is
    left as it was: its uses cannot be replayed."""
    found: dict[int, Call] = {}
    for scope in [
        tree,
        *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))),
    ]:
        nodes, parents = _scope_nodes(scope)
        stores: dict[str, int] = {}
        for node in nodes:  # (a ``del c`` after the uses binds nothing they read)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                stores[node.id] = stores.get(node.id, 0) + 1
        made: dict[str, tuple[ast.Assign, Call, str]] = {}  # (binding, call, its maker: "" the entry)
        for node in nodes:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
                continue
            target = node.targets[0]
            if not isinstance(target, ast.Name) or stores.get(target.id) != 1:
                continue
            if not isinstance(node.value, ast.Call):
                continue
            root = _chained_call(node.value, name, set(), bound, makers)
            if root is not None and not root.reads:
                made[target.id] = (node, root, "")
            elif _made_call(node.value, makers) and isinstance(node.value.func, ast.Name):
                # ``w = Wallet(0)``: a peer, never the call itself (``buf = io.StringIO()``, a
                # standard-library value, is an argument made in place: ``std_makers.py``)
                other = _literal_call(node.value, None, frozenset(), makers)
                made[target.id] = (node, other, node.value.func.id)  # type: ignore[arg-type]
        for group, events in _groups(made, nodes, parents, bound, makers, name, statements_discard):
            call = _group_call(group, events, made)
            if call is None:
                continue
            for member in group:  # their links are not taken alone
                _chained_call(made[member][0].value, name, inside, bound, makers)  # type: ignore[arg-type]
            found[id(made[call.name or group[0]][0])] = call
    return found


# One thing a test does with an object it made, in source order: ("use", name, steps), a chain
# of calls on it; ("read", name, attribute), an attribute read.
Event = tuple[str, str, Any]


def _groups(
    made: dict[str, tuple[ast.Assign, Call, str]],
    nodes: list[ast.AST],
    parents: dict[int, ast.AST],
    bound: dict,
    makers: frozenset[str] = frozenset(),
    entry: str = "",
    statements_discard: bool = True,
) -> list[tuple[list[str], list[Event]]]:
    """The objects ``made`` whose every use can be replayed, grouped where a call on one passes
    another (each group's names in the order the test made them), with their events in source
    order. An object passed to anything else is dropped, and the rest are looked at again
    without it (a call that passed it can no longer be replayed)."""
    names = dict(made)
    while True:
        objects = frozenset(names)
        per_name = {
            n: _events(n, names[n][0], nodes, parents, bound, objects, makers, entry, statements_discard)
            for n in names
        }
        dropped = {n for n, found in per_name.items() if found is None}
        passed: dict[str, list[str]] = {n: [] for n in names}  # the objects each one's calls pass
        for n, found in per_name.items():
            for _, (kind, _, steps) in found[0] if found is not None else ():
                if kind == "use":
                    passed[n] += [v.name for v in _arguments(steps) if isinstance(v, Bound) and v.name != n]
        for n, found in per_name.items():
            if found is not None and sum(others.count(n) for others in passed.values()) != found[1]:
                dropped.add(n)  # passed to something no replayed call is
        if not dropped:
            break
        for n in dropped:
            del names[n]
    groups: list[set[str]] = []
    for n in names:
        linked = [g for g in groups if g & {n, *passed[n]} or any(n in passed[m] for m in g)]
        groups = [g for g in groups if g not in linked] + [{n, *passed[n]}.union(*linked)]
    result = []
    for members in groups:
        events = sorted((e for m in members for e in per_name[m][0]), key=lambda e: e[0])  # type: ignore[index]
        order = sorted(members, key=lambda m: _position(names[m][0]))
        result.append((order, [event for _, event in events]))
    return result


def _position(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset  # type: ignore[attr-defined]


def _events(
    target: str,
    binding: ast.Assign,
    nodes: list[ast.AST],
    parents: dict[int, ast.AST],
    bound: dict,
    objects: frozenset[str],
    makers: frozenset[str] = frozenset(),
    entry: str = "",
    statements_discard: bool = True,
) -> tuple[list[tuple[tuple[int, int], Event]], int] | None:
    """What the test does with ``target`` after ``binding``: each chain of calls on it and each
    attribute read, with its position, and how many times it is passed whole to a call; None
    where it is used any other way, or before it is made."""
    loads = [n for n in nodes if isinstance(n, ast.Name) and n.id == target and isinstance(n.ctx, ast.Load)]
    found: list[tuple[tuple[int, int], Event]] = []
    arguments = 0
    for load in loads:
        if _position(load) < _position(binding):
            return None
        if _only_looks(load, parents):
            continue
        parent = parents.get(id(load))
        if _advanced(load, parent):  # (``next(g)``: a generator primed or stepped, ``g.__next__()``)
            steps, top = ((ADVANCE_STEP, (), ()),), parent
        elif isinstance(parent, ast.Call) and (
            load in parent.args or any(k.value is load for k in parent.keywords)
        ):
            arguments += 1
            continue
        else:
            steps = _steps_from(load, parents, bound, objects, makers, entry)
            top = _top_of(load, parents, steps) if steps else None
        if steps is None:
            return None
        if steps:
            statement = parents.get(id(top))
            dropped = (
                statements_discard
                and isinstance(statement, ast.Expr)
                and not inside_expected_raise(statement, parents)
            )
            found.append((_position(load), ("use", target, steps + ((DROP_STEP, (), ()),) * dropped)))
        elif (attribute := _read_attribute(load, parents)) is not None:
            found.append((_position(load), ("read", target, attribute)))
    return found, arguments


# ``next(g)`` read as the step it makes: a coroutine the tests prime with ``next`` and then
# ``send`` to (the nineteenth pass: its uses were dropped, ``averager()`` was drained alone,
# and the second ``next`` sent None into its sum: "the reference raises on every fresh input")
ADVANCE_STEP = "__next__"


def _advanced(load: ast.Name, parent: ast.AST | None) -> bool:
    """Whether ``load`` is the one argument of a call of ``next`` (no default given)."""
    return (
        isinstance(parent, ast.Call)
        and isinstance(parent.func, ast.Name)
        and parent.func.id == "next"
        and parent.args == [load]
        and not parent.keywords
    )


# Built-ins a test passes an object to only to look at it: what they see (its type, its printed
# text) is no call of the reference's to replay, and passing the object to them uses it no other way.
_LOOKS = frozenset(("isinstance", "type", "print", "id", "callable", "hasattr"))


def _only_looks(load: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """Whether ``load`` only looks at the object (``isinstance(t, T)``, ``print(t)``, ``t ==
    Point(1, 2)``, ``t is not None``): the test's other uses of it are still replayed (the
    fourteenth pass: such a look made the object "passed elsewhere", so ``t.to_f()`` was never
    called on a fresh input and every mutant of it looked equivalent)."""
    parent = parents.get(id(load))
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in _LOOKS:
        return load in parent.args
    return isinstance(parent, ast.Compare) and all(
        isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)) for op in parent.ops
    )


def _top_of(node: ast.AST, parents: dict[int, ast.AST], steps: tuple[ChainStep, ...]) -> ast.AST:
    """The outermost call of the chain ``_steps_from`` read from ``node`` (its ``steps``). Where
    the test makes it as a statement (``s.push(1)``), what it returns is thrown away: its answer is
    no part of what the test observes (``observed.DROP_STEP``; the thirteenth pass: a fluent
    ``return self`` made ``return None`` a "survivor" no assert could reject)."""
    for _ in steps:
        parent = parents.get(id(node))
        if isinstance(parent, ast.Attribute) and parent.value is node:
            node = parent
        node = parents.get(id(node), node)
    return node


def _arguments(steps: tuple[ChainStep, ...]) -> list[Any]:
    """Every argument of a chain's calls, positional and keyword."""
    return [value for _, args, kwargs in steps for value in (*args, *(v for _, v in kwargs))]


def _group_call(
    group: list[str], events: list[Event], made: dict[str, tuple[ast.Assign, Call, str]]
) -> Call | None:
    """The call a group of objects amounts to (see ``bound_chains``): the first the entry makes,
    the others its peers. None where the test makes no call on them, the entry makes none of
    them, or a peer is made through a chain (``b = Account(0).copy()``)."""
    uses = [event for event in events if event[0] == "use"]
    by_entry = [member for member in group if not made[member][2]]
    if not uses or not by_entry:
        return None
    group = [by_entry[0], *(member for member in group if member != by_entry[0])]
    first = events.index(uses[0])
    called = {(name, method) for _, name, use in uses for method, _, _ in use}
    reads: list[tuple[str, str]] = []
    for _, name, attribute in events[first:]:
        if isinstance(attribute, str) and (name, attribute) not in called and (name, attribute) not in reads:
            reads.append((name, attribute))
    root = made[group[0]][1]
    if len(group) == 1:
        steps = tuple(use for _, _, use in uses)
        attributes = tuple(attribute for _, attribute in reads)
        if len(steps) == 1 and not attributes:
            return Call(root.args, root.kwargs, root.chain + steps[0])
        return Call(root.args, root.kwargs, root.chain, steps, group[0], attributes)
    peers = [made[member][1] for member in group[1:]]
    if any(peer.chain for peer in peers):
        return None
    makers = [made[member][2] for member in group[1:]]
    return Call(
        root.args,
        root.kwargs,
        root.chain,
        tuple(use for _, _, use in uses),
        group[0],
        tuple(attribute if name == group[0] else f"{name}.{attribute}" for name, attribute in reads),
        tuple((m, by, peer.args, peer.kwargs) for m, by, peer in zip(group[1:], makers, peers)),
        tuple(name for _, name, _ in uses),
    )


def _scope_nodes(scope: ast.AST) -> tuple[list[ast.AST], dict[int, ast.AST]]:
    """The nodes of ``scope``'s own body (not of a function or class inside it), and each one's
    parent."""
    nodes: list[ast.AST] = []
    parents: dict[int, ast.AST] = {}
    pending = list(ast.iter_child_nodes(scope))
    for child in pending:
        parents[id(child)] = scope
    while pending:
        node = pending.pop()
        nodes.append(node)
        if isinstance(node, _SCOPES):
            continue
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            pending.append(child)
    return nodes, parents


def _stored(
    attribute: ast.AST,
    statement: ast.AST | None,
    bound: dict,
    objects: frozenset[str],
    makers: frozenset[str],
) -> tuple[ChainStep, ...]:
    """A literal stored to an attribute of the object (``t.celsius = -300``) as the one step of a
    use: a property's setter runs there, and may check what it is given (the fifteenth pass: the
    store was passed over, so its setter never ran on a fresh input and every mutant of its
    guard was "equivalent"). Empty for a read, or a store of anything else."""
    if not (
        isinstance(attribute, ast.Attribute)
        and isinstance(attribute.ctx, ast.Store)
        and isinstance(statement, ast.Assign)
        and statement.targets == [attribute]
    ):
        return ()
    value = _literal_call(ast.Call(attribute, [statement.value], []), bound, objects, makers)
    if value is None or named_objects(value.args, value.kwargs):
        return ()
    return ((SET_STEP + attribute.attr, value.args, ()),)


def _read_attribute(node: ast.AST, parents: dict[int, ast.AST]) -> str | None:
    """The attribute ``node``'s name is read for (``acc.balance``), or None where it is stored
    to or deleted (``acc.balance = 5``): a store is not a read the test checks."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Attribute) and isinstance(parent.ctx, ast.Load):
        return parent.attr
    return None


def _steps_from(
    node: ast.AST,
    parents: dict[int, ast.AST],
    bound: dict,
    objects: frozenset[str] = frozenset(),
    makers: frozenset[str] = frozenset(),
    entry: str = "",
) -> tuple[ChainStep, ...] | None:
    """The chain of literal calls rooted at ``node`` (``c.bump()``, ``add3(4)``): empty for an
    attribute read (``c.value``), None where the name is used otherwise or an argument is not a
    literal (or one of the ``objects`` the test made, passed whole)."""
    steps: list[ChainStep] = []
    while True:
        parent = parents.get(id(node))
        method = ""
        if isinstance(parent, ast.Attribute) and parent.value is node:
            method, node, parent = parent.attr, parent, parents.get(id(parent))
        if not (isinstance(parent, ast.Call) and parent.func is node):
            if method and not steps:  # an attribute read or stored, not called
                return _stored(node, parent, bound, objects, makers)
            return tuple(steps) if steps else None
        step = _literal_call(parent, bound, objects, _operand_makers(entry, makers))
        if step is None or named_objects(step.args, step.kwargs):
            return None
        steps.append((method, step.args, step.kwargs))
        node = parent
