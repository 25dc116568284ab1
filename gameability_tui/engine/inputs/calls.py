"""Entry-point inference and literal call harvesting from test source.

Threat: picking the wrong function measures nothing. "The most called name" in
``assert set(f(x)) == set(y)`` is ``set``; the entry must be a function the reference DEFINES
and the tests CALL. Only calls whose arguments are all literals are harvested, so every fresh
input can be written back into an assert that round-trips.
"""

from __future__ import annotations

import ast
import copy
import functools
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..observed import WITH_BLOCK
from ..syntax import is_namespace_call, own_nodes, own_returns
from .arguments import Bound, chain_text, job_steps, marked, marked_keywords, named_objects
from .arguments import arguments_text as _arguments_text
from .dispatched import tables, through_tables
from .folded import is_literal
from .mapped import mapped_names
from .renamed import name_stores

# One call on what the call before returned: (method name, or "" to call the result itself,
# positional arguments, keyword arguments). ``Counter(5).bump()`` is Counter's call (5,) with the
# chain (("bump", (), ()),); ``make_adder(3)(4)`` is (3,) with (("", (4,), ()),).
ChainStep = tuple[str, tuple, tuple[tuple[str, Any], ...]]
__all__ = ["Bound", "Call", "ChainStep"]  # ``Bound`` lives in ``arguments.py``, with ``Made``


@dataclass(frozen=True)
class Call:
    """One call's arguments as Python values (positional, then keywords), and the chain of calls
    the tests make on its result (threat: a test that uses ``Counter(5).bump()`` sees what
    ``bump`` returns; calling ``Counter(5)`` alone makes every mutant of ``bump`` equivalent).

    ``uses``: where a test binds the result to a name and calls it more than once (``c =
    Counter(5); c.bump(); assert c.bump() == 7``), each use's chain, made in turn on the one
    object (its state carries from one to the next), and ``name``, the test's name for it.

    ``reads``: the attributes the test reads on that name after its calls (``acc.deposit(50)``,
    then ``assert acc.balance == 150``): the object's state is what such a test checks, so their
    values after the last use are part of the answer (threat: a method that returns None looked
    the same in every mutant, however it changed the balance). Without ``uses``, the attributes
    the test reads on an object it passed to the call (``deposit(acc, 5)``, then ``acc.balance``:
    ``"acc.balance"``, the object a named ``Made`` argument).

    ``peers``: further objects the test makes (``b = Account(0)`` after ``a = Account(10)``), each
    (name, maker, positional, keyword arguments), the maker "" for the same call as this one's,
    else another name the reference defines (``w = Wallet(0)``), made after this one in that
    order, where the test's calls pass one to another (``a.transfer(b, 5)``: a ``Bound``
    argument). Then ``roots`` names the object each use is made on, and a read on a peer is
    ``"b.balance"`` (threat: such a test's calls held a name where a literal was looked for, so
    none was harvested, and every mutant of ``transfer`` looked equivalent).

    ``before``: the calls of the reference's functions the test makes first, at the top of its
    body, each (name, positional, keyword arguments), made from a fresh load in that order before
    this one (``set_rate('EUR', 2)``, then ``to_usd(10, 'EUR')``; ``reset()``, ``add(5)``, then
    ``total()``): the state they leave is what this call answers on (threat: drawn alone, from a
    fresh load, ``to_usd`` raised on every input, and ``total()`` answered 0 whatever ``add`` did:
    every mutant of a module's API looked equivalent; the twenty-first pass's v3)."""

    args: tuple
    kwargs: tuple[tuple[str, Any], ...] = ()
    chain: tuple[ChainStep, ...] = ()
    uses: tuple[tuple[ChainStep, ...], ...] = ()
    name: str = ""
    reads: tuple[str, ...] = ()
    peers: tuple[tuple[str, str, tuple, tuple[tuple[str, Any], ...]], ...] = ()
    roots: tuple[str, ...] = ()
    before: tuple[tuple[str, tuple, tuple[tuple[str, Any], ...]], ...] = ()

    def as_job(self) -> tuple:
        """The call as the child reads it: its arguments, then only as much as it has (the chain,
        the uses, the attributes read after, the objects it acts on with, the calls made
        before it: ``observed.PRELUDE_PARTS`` parts then)."""
        given = (marked(self.args), marked_keywords(self.kwargs))
        chain = job_steps(self.chain)
        uses = tuple(map(job_steps, self.uses))
        peers = tuple((name, by, marked(a), marked_keywords(k)) for name, by, a, k in self.peers)
        if self.before:
            before = tuple((name, a, dict(k)) for name, a, k in self.before)
            return (*given, chain, uses, self.reads, (self.name, peers, self.roots), before)
        if self.peers:
            return (*given, chain, uses, self.reads, (self.name, peers, self.roots))
        if self.reads:  # with no uses: the objects it was passed, read after it
            return (*given, chain, uses, self.reads)
        if self.uses:
            return (*given, chain, uses)
        return (*given, chain) if self.chain else given

    def with_arguments(self, one: Callable[[Any], Any]) -> Call:
        """This call with ``one`` of each argument it passes, in order: its own, its peers', its
        chain's, its uses' (the order a draw's literals are taken in: ``fresh.literals_of``)."""

        def part(args: tuple, kwargs: tuple) -> tuple[tuple, tuple]:
            return tuple(one(a) for a in args), tuple((k, one(v)) for k, v in kwargs)

        def steps(chain: tuple) -> tuple:
            return tuple((method, *part(a, kw)) for method, a, kw in chain)

        args, kwargs = part(self.args, self.kwargs)
        peers = tuple((name, by, *part(a, kw)) for name, by, a, kw in self.peers)
        chain = steps(self.chain)
        uses = tuple(steps(use) for use in self.uses)
        before = tuple((name, *part(a, kw)) for name, a, kw in self.before)
        return Call(args, kwargs, chain, uses, self.name, self.reads, peers, self.roots, before)

    def render(self, name: str) -> str:
        """The call as a test writes it; with ``uses``, statements: the binding, then each use."""
        made = self.render_chain(f"{name}({self.render_arguments()})")
        if self.uses:
            return "; ".join([*self.render_bindings(name), *self.render_uses()])
        return made

    def render_objects(self) -> list[str]:
        """The objects the test binds and passes to the call, as it binds them: ``acc = Account(10)``."""
        return [f"{made.name} = {made.render()}" for made in named_objects(self.args, self.kwargs)]

    def render_bindings(self, name: str) -> list[str]:
        """The objects the test binds, as it binds them: ``a = Account(10)``, ``b = Account(0)``."""
        made = self.render_chain(f"{name}({self.render_arguments()})")
        peers = [f"{peer} = {by or name}({_arguments_text(a, k)})" for peer, by, a, k in self.peers]
        return [f"{self.name} = {made}", *peers]

    def render_arguments(self) -> str:
        """The arguments as written between a call's parentheses: ``[4, 9], k=2``."""
        return _arguments_text(self.args, self.kwargs)

    def render_chain(self, root: str, steps: int | None = None) -> str:
        """``root`` (the call, as written) with the tests' chain on its result (its first
        ``steps``, where an operator cut it): ``.bump()``, ``(4)``, ``len(...)``."""
        return chain_text(root, self.chain[:steps])

    def render_uses(self, cuts: dict[int, int] | None = None) -> list[str]:
        """Each use of the bound name as the test writes it: ``c.bump()``; use ``k`` only as far
        as its first ``cuts[k]`` steps, where an operator cut it (``observed.Chained``)."""
        roots = self.roots or (self.name,) * len(self.uses)
        cuts = cuts or {}
        return [chain_text(root, use[: cuts.get(k)]) for k, (root, use) in enumerate(zip(roots, self.uses))]

    def render_reads(self) -> list[str]:
        """Each attribute the test reads after its calls, as it reads it: ``acc.balance``."""
        return [read if "." in read else f"{self.name}.{read}" for read in self.reads]

    def render_before(self) -> list[str]:
        """Each call the test makes before this one, as it makes it: ``set_rate('EUR', 2)``; a
        block (``observed.WITH_BLOCK``) as ``with precision(4):`` and a ``pass``."""
        return [
            f"with {name[len(WITH_BLOCK) :]}({_arguments_text(a, k)}):\n    pass"
            if name.startswith(WITH_BLOCK)
            else f"{name}({_arguments_text(a, k)})"
            for name, a, k in self.before
        ]

    def key(self) -> str:
        if self.before:
            return repr((self.args, self.kwargs, self.chain, self.uses, self.reads, self.peers, self.before))
        if self.peers:
            return repr((self.args, self.kwargs, self.chain, self.uses, self.reads, self.peers, self.roots))
        if self.reads:
            return repr((self.args, self.kwargs, self.chain, self.uses, self.reads))
        if self.uses:
            return repr((self.args, self.kwargs, self.chain, self.uses))
        if self.chain:
            return repr((self.args, self.kwargs, self.chain))
        return repr((self.args, self.kwargs))


def interleaved(kinds: list[list[Call]]) -> Iterator[Call]:
    """The first call of each list, then the second of each, and so on."""
    for rank in range(max(map(len, kinds), default=0)):
        for calls in kinds:
            if rank < len(calls):
                yield calls[rank]


def new_in_turn(kinds: list[list[Call]], known: set[str], limit: int) -> list[Call]:
    """Up to ``limit`` of ``kinds``' calls, taken in turn (``interleaved``), none of whose keys
    is in ``known`` nor taken already."""
    seen, chosen = set(known), []
    for call in interleaved(kinds):
        if len(chosen) == limit:
            break
        if call.key() not in seen:
            seen.add(call.key())
            chosen.append(call)
    return chosen


@functools.lru_cache(maxsize=64)
def parsed(source: str) -> ast.Module | None:
    """A source's tree, parsed once (None if it does not parse): a problem's tests and reference
    are read several times (entry, calls, harvest, the audit's state and assert checks). The
    trees are shared, so no caller may change them."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def defined_names(reference: str) -> list[str]:
    """Top-level functions (then classes, those made by a call, then their static and class
    methods, ``Calc.square``) the reference defines, in source order."""
    tree = parsed(reference)
    if tree is None:
        return []
    classes = list(top_level_classes(tree).values())
    nested = _nested_classes(classes)
    return (
        _top_level_functions(reference)
        + [c.name for c in classes]
        + _made_classes(tree)
        + _class_level_methods(classes)
        + list(nested)
        + _class_level_methods(list(nested.values()), nested)
        + list(_namespace_members(tree))
    )


def _namespace_members(tree: ast.Module) -> dict[str, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef]:
    """``angles.flip`` for each function a namespace the module makes holds (``angles =
    SimpleNamespace(norm=lambda a: a % 360, flip=flip_of)``), with its lambda or ``def``: the
    tests call it by that dotted name, as a class's static method (the thirtieth pass: such
    entries were "called only through a value the reference stores", and no verdict given)."""
    defs = {n.name: n for n in module_level(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    found: dict[str, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for node in module_level(tree):
        value = node.value if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        target = node.targets[0] if value is not None else None  # type: ignore[union-attr]
        made = (
            isinstance(value, ast.Call) and (called_name(value) or "").rpartition(".")[2] == "SimpleNamespace"
        )
        if not (made and isinstance(target, ast.Name)):
            continue
        for keyword in value.keywords:  # type: ignore[union-attr]
            held = keyword.value
            function = held if isinstance(held, ast.Lambda) else defs.get(getattr(held, "id", ""))
            if keyword.arg and function is not None:
                found[f"{target.id}.{keyword.arg}"] = function  # type: ignore[union-attr]
    return found


# Calls that make a class (``Point = namedtuple('Point', 'x y')``), by their last name.
_CLASS_MAKERS = frozenset(("namedtuple", "NamedTuple", "make_dataclass"))


def _made_classes(tree: ast.Module) -> list[str]:
    """The names bound at top level to a class a call makes (``Point = namedtuple('Point', 'x
    y')``): the reference's own, as a ``class`` statement's are (the fifteenth pass: ``Point(1,
    2)`` passed to the entry was "neither a literal nor an object of the reference's own")."""
    return [
        node.targets[0].id
        for node in module_level(tree)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Call)
        and (called_name(node.value) or "").rpartition(".")[2] in _CLASS_MAKERS
    ]


def _nested_classes(classes: list[ast.ClassDef]) -> dict[str, ast.ClassDef]:
    """The classes defined in the reference's classes, by dotted name (``Outer.Inner``): the
    tests make one as ``Outer.Inner()`` or call its static method as ``Outer.Inner.f(3)``
    (threat: neither named an entry, the eleventh pass)."""
    return {
        f"{cls.name}.{node.name}": node
        for cls in classes
        for node in cls.body
        if isinstance(node, ast.ClassDef)
    }


def _class_level_methods(
    classes: list[ast.ClassDef], named: dict[str, ast.ClassDef] | None = None
) -> list[str]:
    """``Class.method`` for each method a test may call on the class itself: a static or class
    method (threat: ``Calc.square(4)`` named no entry, and the problem was excluded); a nested
    class's under its dotted name in ``named``."""
    found = []
    names = {id(cls): dotted for dotted, cls in (named or {}).items()}
    for cls in classes:
        owner = names.get(id(cls), cls.name)
        for node in cls.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
                for d in node.decorator_list
            ):
                found.append(f"{owner}.{node.name}")
            elif (  # ``square = staticmethod(lambda x: x * x)`` (the eleventh pass)
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id in ("staticmethod", "classmethod")
            ):
                found.append(f"{owner}.{node.targets[0].id}")
    return found


def defined_function(reference: str, entry: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The reference's top-level ``def`` (or ``async def``) named ``entry``, or None."""
    tree = parsed(reference)
    functions = (
        node for node in module_level(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    )
    return next((node for node in functions if node.name == entry), None) if tree is not None else None


def parameter_names(reference: str, entry: str) -> tuple[str, ...]:
    """The positional parameters of the reference's top-level function ``entry`` (a ``def``, a
    lambda, or a name bound to a function), in order; empty where it has none by that name. The
    task's text names inputs by them."""
    tree = parsed(reference)
    if tree is None:
        return ()
    for node in module_level(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            return _positional(node.args)
    held = _namespace_members(tree).get(entry)
    if held is not None:  # ``angles.flip``: the function the namespace holds
        return _positional(held.args)
    value = _bound_functions(tree).get(entry)
    if value is None:
        return ()
    made = _factory_made(value, tree)
    if made is not None:  # ``double = make_scaler(2)``: the function the factory makes
        return _positional(made.args)
    called = _callable_value(value, _defs(tree), top_level_classes(tree))
    if isinstance(called, str):  # bound to a top-level def: read that one's
        return parameter_names(reference, called) if called != entry else ()
    if called is None:
        return ()
    names = _positional(called.args)
    if isinstance(value, ast.Call) and not (
        isinstance(value.func, ast.Name) and value.func.id in top_level_classes(tree)
    ):
        return ()  # a wrapper (``partial(S().f, 2)``) may bind any of them: none is known to be first
    through_instance = isinstance(value, ast.Call) or (
        isinstance(value, ast.Attribute) and isinstance(value.value, ast.Call)
    )
    return names[1:] if through_instance else names  # ``self`` is bound already


def _positional(arguments: ast.arguments) -> tuple[str, ...]:
    return tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args])


def positional_defaults(arguments: ast.arguments) -> list[tuple[str, ast.expr]]:
    """Each positional parameter that has a default, with it (``limit=5``)."""
    names = _positional(arguments)
    return list(zip(names[len(names) - len(arguments.defaults) :], arguments.defaults))


def lazy_kind(reference: str, entry: str) -> str:
    """How the tests reach what the reference's ``entry`` does: "async" for an ``async def`` (they
    await it), "generator" for a generator function (they drain it), "" for a plain function. A
    raise inside either surfaces only then, so an assert on it must await or drain the call."""
    tree = parsed(reference)
    for node in module_level(tree) if tree is not None else ():
        if isinstance(node, ast.AsyncFunctionDef) and node.name == entry:
            return "async"
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            return "generator" if _yields(node) else ""
    return ""


def _yields(function: ast.FunctionDef) -> bool:
    """Whether ``function``'s own body yields (not a function or class nested in it)."""
    return any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in own_nodes(function))


def module_level(tree: ast.Module) -> list[ast.stmt]:
    """The statements that run as the module loads, in source order: its own, and those inside
    its ``if``, ``try`` and ``with`` blocks (threat: ``def f`` under ``if sys.version_info >= ...``
    defines a module function as surely as one at top level, and such a problem was excluded as
    having no entry point). Bodies of functions and classes are not the module's."""
    found: list[ast.stmt] = []

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            found.append(node)
            if isinstance(node, ast.For):
                found.extend(_unrolled_bindings(node))
            elif isinstance(node, ast.If):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                visit(node.body)
            elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return found


@functools.lru_cache(maxsize=64)
def _unrolled_bindings(loop: ast.For) -> tuple[ast.Assign, ...]:
    """The plain assignments a module-level loop over literal items makes through the module's
    namespace (``for name, k in (("double", 2), ("triple", 3)): globals()[name] = scaler(k)``
    binds ``double = scaler(2)`` and ``triple = scaler(3)``), each written out as the statement
    it stands for (the thirtieth pass: such names were "no function the reference defines").
    Cached by the loop's node, so each reading meets the same statements (trees are shared)."""
    try:
        items = ast.literal_eval(loop.iter)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return ()
    stores = [
        statement
        for statement in loop.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Subscript)
        and is_namespace_call(statement.targets[0].value)
    ]
    if not stores or not isinstance(items, (tuple, list)):
        return ()
    made: list[ast.Assign] = []
    for item in items:
        names = _loop_names(loop.target, item)
        if names is None:
            return ()
        for statement in stores:
            key = _with_names(statement.targets[0].slice, names)  # type: ignore[attr-defined]
            if not (
                isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.isidentifier()
            ):
                continue
            value = _with_names(statement.value, names)
            made.append(ast.copy_location(ast.Assign([ast.Name(key.value, ast.Store())], value), statement))
    return tuple(made)


def _loop_names(target: ast.expr, item: object) -> dict[str, object] | None:
    """The loop variables ``target`` binds to ``item``, or None where it cannot be read."""
    if isinstance(target, ast.Name):
        return {target.id: item}
    if isinstance(target, ast.Tuple) and isinstance(item, (tuple, list)) and len(item) == len(target.elts):
        names: dict[str, object] = {}
        for part, value in zip(target.elts, item):
            inner = _loop_names(part, value)
            if inner is None:
                return None
            names.update(inner)
        return names
    return None


def _with_names(node: ast.expr, names: dict[str, object]) -> ast.expr:
    """A copy of ``node`` with each loop variable read in it written as its literal value."""

    class Substituted(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.AST:
            if isinstance(name.ctx, ast.Load) and name.id in names:
                return ast.copy_location(ast.parse(repr(names[name.id]), mode="eval").body, name)
            return name

    return ast.fix_missing_locations(Substituted().visit(copy.deepcopy(node)))


def _defs(tree: ast.Module) -> set[str]:
    return {n.name for n in module_level(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def top_level_classes(tree: ast.Module) -> dict[str, ast.ClassDef]:
    """The classes ``tree`` defines as it loads (``module_level``), by name."""
    return {n.name: n for n in module_level(tree) if isinstance(n, ast.ClassDef)}


def class_names(*sources: str) -> frozenset[str]:
    """The top-level classes ``sources`` (a reference, a setup) define, by a ``class`` statement
    or a call (``namedtuple``): the tests' operators on their objects are steps of a chain
    (``inputs/protocols.py``)."""
    trees = [parsed(source) or ast.Module([], []) for source in sources]
    return frozenset(name for tree in trees for name in [*top_level_classes(tree), *_made_classes(tree)])


# The base classes whose subclasses' plain class attributes are their members.
_ENUM_BASES = frozenset(("Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"))


def enum_members(*sources: str) -> frozenset[str]:
    """Each member of each ``Enum`` the top level of ``sources`` defines, by its dotted name
    (``Light.RED``): an argument a test writes so is drawn as another member (``Member``)."""
    found = []
    for tree in (parsed(source) or ast.Module([], []) for source in sources):
        for node in module_level(tree):
            if not (isinstance(node, ast.ClassDef) and _base_names(node) & _ENUM_BASES):
                continue
            for statement in node.body:
                targets = statement.targets if isinstance(statement, ast.Assign) else []
                found += [
                    f"{node.name}.{target.id}"
                    for target in targets
                    if isinstance(target, ast.Name) and not target.id.startswith("_")
                ]
    return frozenset(found)


def _base_names(node: ast.ClassDef) -> set[str]:
    """The last names of a class's bases (``Enum`` for ``enum.Enum``)."""
    return {base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "") for base in node.bases}


def factory_names(classes: frozenset[str], *sources: str) -> frozenset[str]:
    """The top-level functions ``sources`` define that make one of the ``classes``' objects: each
    ``return`` returns a call of one (``return Stack(items)``), or a name the function binds only
    to one (``s = Stack()``, pushes, ``return s``). The tests' operators on what such a function
    returns are steps of its chain too (``len(make_stack([1, 2]))``; threat: only the object's
    state was compared, so every mutant of ``__len__`` looked equivalent)."""
    found = []
    for tree in (parsed(source) or ast.Module([], []) for source in sources):
        for function in tree.body:
            if isinstance(function, ast.FunctionDef) and _makes_an_object(function, classes):
                found.append(function.name)
    return frozenset(found)


def _makes_an_object(function: ast.FunctionDef, classes: frozenset[str]) -> bool:
    def made(value: ast.expr | None) -> bool:
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in classes

    nodes = [node for statement in function.body for node in ast.walk(statement)]
    stores: dict[str, list[ast.expr | None]] = {}
    assigned = set()
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            stores.setdefault(node.targets[0].id, []).append(node.value)
            assigned.add(id(node.targets[0]))
    for node in nodes:  # bound otherwise: a loop, a with, ``+=``
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in assigned:
            stores.setdefault(node.id, []).append(None)
    returned = [node.value for node in nodes if isinstance(node, ast.Return)]
    if not returned or any(isinstance(node, (ast.FunctionDef, ast.Lambda, ast.ClassDef)) for node in nodes):
        return False
    return all(
        made(value)
        or (isinstance(value, ast.Name) and value.id in stores and all(map(made, stores[value.id])))
        for value in returned
    )


def _method(
    classes: dict[str, ast.ClassDef], owner: str, name: str, depth: int = 0
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """Class ``owner``'s method ``name``, or the one it inherits from a class the reference
    defines (``class D(Base)`` whose ``Base`` has ``__call__``)."""
    cls = classes[owner]
    methods = (n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    found = next((method for method in methods if method.name == name), None)
    bases = [base.id for base in cls.bases if isinstance(base, ast.Name) and base.id in classes]
    for base in bases if found is None and depth < 8 else ():
        found = found or _method(classes, base, name, depth + 1)
    return found


def _wrapped_function(value: ast.expr, defs: set[str]) -> str | None:
    """The top-level ``def`` an assigned value names or wraps, passed as itself to a call
    (``f = g``, ``ways = lru_cache(maxsize=None)(_ways)``), if any; not one a value is computed
    by (``PRIMES = sieve(100)`` is data)."""
    if isinstance(value, ast.Name):
        return value.id if value.id in defs else None
    if isinstance(value, ast.Call):
        for argument in value.args:
            if isinstance(argument, ast.Name) and argument.id in defs:
                return argument.id
    return None


def _bound_functions(tree: ast.Module) -> dict[str, ast.expr]:
    """Names bound by assignment at module level to something the tests can call, each with the
    value bound: ``f = lambda x: ...``, ``f = g``, ``f = cache(g)``, a method of a class the
    reference defines (``f = S.f``, ``f = S().f``), an instance of one that defines ``__call__``
    (``f = Doubler()``), the function a factory of the reference's makes (``double =
    make_scaler(2)``, its ``def`` returning a lambda or a function it defines), a method of a
    literal the reference holds (``join_names = SEPARATOR.join`` beside ``SEPARATOR = ", "``: the
    twenty-eighth pass), and each of ``f, g = (lambda ...), (lambda ...)``. Threat: a problem whose
    solution is bound rather than defined was excluded as having no entry point (the twenty-first
    pass: ``double = make_scaler(2)``)."""
    defs, classes = _defs(tree), top_level_classes(tree)
    literals = {
        target
        for node in module_level(tree)
        if isinstance(node, ast.Assign) and len(node.targets) == 1
        for target, value in _pairs(node.targets[0], node.value)
        if is_literal(value)
    }
    bound: dict[str, ast.expr] = {}
    for node in module_level(tree):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        for target, value in _pairs(node.targets[0], node.value):
            if (
                _callable_value(value, defs, classes) is not None
                or _factory_made(value, tree) is not None
                or _literal_method(value, literals)
            ):
                bound.setdefault(target, value)
    return bound


def _literal_method(value: ast.expr, literals: set[str]) -> bool:
    """``", ".join`` or ``SEPARATOR.join``: a method of a literal, or of a name bound to one."""
    if not isinstance(value, ast.Attribute):
        return False
    owner = value.value
    return is_literal(owner) or (isinstance(owner, ast.Name) and owner.id in literals)


def _factory_made(
    value: ast.expr, tree: ast.Module
) -> ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function a call of one of the reference's top-level ``def``s makes, where every
    ``return`` of that ``def`` returns one lambda or one function it defines (``make_scaler(2)``
    of ``def make_scaler(k): return lambda x: x * k``); None for any other value (``PRIMES =
    sieve(100)`` is data)."""
    position = None
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant):
        value, position = value.value, value.slice.value  # ``encode, decode = make_codec(3)``
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
        return None
    factory = next(
        (n for n in module_level(tree) if isinstance(n, ast.FunctionDef) and n.name == value.func.id), None
    )
    if factory is None:
        return None
    inner = {n.name: n for n in factory.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    returns = [n.value for n in own_returns(factory)]
    if position is not None:
        returns = [_item(r, position) for r in returns]
    made = [r if isinstance(r, ast.Lambda) else inner.get(getattr(r, "id", "")) for r in returns]
    return made[0] if made and all(m is not None and m is made[0] for m in made) else None


def _item(value: ast.expr | None, position: int) -> ast.expr | None:
    """Item ``position`` of a tuple or list ``value`` written out, or None."""
    if isinstance(value, (ast.Tuple, ast.List)) and 0 <= position < len(value.elts):
        return value.elts[position]
    return None


def _pairs(target: ast.expr, value: ast.expr) -> list[tuple[str, ast.expr]]:
    """(name, value) for each name an assignment binds to its own value: ``f = v``, ``f, g =
    v, w`` where both sides have the same length, and ``f, g = make(3)`` as ``make(3)[0]`` and
    ``make(3)[1]`` (the twenty-ninth pass: a codec's two functions made by one factory were no
    entry at all)."""
    if isinstance(target, ast.Name):
        return [(target.id, value)]
    sequences = (ast.Tuple, ast.List)
    if isinstance(target, sequences) and isinstance(value, sequences) and len(target.elts) == len(value.elts):
        return [pair for t, v in zip(target.elts, value.elts) for pair in _pairs(t, v)]
    if isinstance(target, sequences) and isinstance(value, ast.Call):
        return [
            (name.id, ast.Subscript(value, ast.Constant(index), ast.Load()))
            for index, name in enumerate(target.elts)
            if isinstance(name, ast.Name)
        ]
    return []


def _same_binding(bound: ast.expr | None, value: ast.expr) -> bool:
    """Whether ``value`` (of ``_pairs``) is what ``bound`` holds: the same node, or the same item
    of the same call (``_pairs`` writes ``make(3)[0]`` afresh each time it reads)."""
    if bound is value:
        return True
    same_item = isinstance(bound, ast.Subscript) and isinstance(value, ast.Subscript)
    return same_item and bound.value is value.value and bound.slice.value == value.slice.value  # type: ignore[union-attr]


def _callable_value(
    value: ast.expr, defs: set[str], classes: dict[str, ast.ClassDef]
) -> ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef | str | None:
    """What a bound value calls, where it is the reference's own code: a lambda, a method's
    ``def`` (``S.f``, ``S().f``, ``S()`` with ``__call__``), or the name of a top-level ``def``
    (``g``, ``cache(g)``); None for data (``PRIMES = sieve(100)``)."""
    if isinstance(value, ast.Lambda):
        return value
    wrapped = _wrapped_function(value, defs)
    if wrapped is not None:
        return wrapped
    if isinstance(value, ast.Attribute):
        owner = value.value
        if isinstance(owner, ast.Call):
            owner = owner.func
        if isinstance(owner, ast.Name) and owner.id in classes:
            return _method(classes, owner.id, value.attr)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in classes:
        return _method(classes, value.func.id, "__call__")
    if _is_getattr(value):  # getattr(S(), 'f'): S().f
        return _callable_value(ast.Attribute(value.args[0], value.args[1].value, ast.Load()), defs, classes)
    if isinstance(value, ast.Call) and value.args:  # a wrapper of a method: partial(S().f, 2)
        return _callable_value(value.args[0], defs, classes)
    return None


def _is_getattr(value: ast.expr) -> bool:
    """``getattr(owner, 'name')``, the attribute named by a literal."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "getattr"
        and len(value.args) == 2
        and isinstance(value.args[1], ast.Constant)
        and isinstance(value.args[1].value, str)
    )


def called_names(sources: list[str] | tuple[str, ...]) -> Counter:
    counts: Counter = Counter()
    for source in sources:
        tree = parsed(source)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = called_name(node)
                if name is not None:
                    counts[name] += 1
    return counts


def called_name(node: ast.Call) -> str | None:
    """The name a call calls: ``f`` for ``f(...)``, ``Calc.square`` for ``Calc.square(...)``,
    ``Outer.Inner.f`` for a nested class's."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    parts, owner = [], node.func
    while isinstance(owner, ast.Attribute):
        parts.append(owner.attr)
        owner = owner.value
    return ".".join([owner.id, *reversed(parts)]) if parts and isinstance(owner, ast.Name) else None


def argument_builders(sources: list[str] | tuple[str, ...], classes: frozenset[str] = frozenset()) -> Counter:
    """How often each name is called only to build another call's argument (``Point`` in
    ``dist2(Point(3, 0), Point(0, 4))``, and in ``p = Point(3, 4)`` then ``norm(p)``), or one of
    the reference's ``classes`` to build the value another call's result is compared with
    (``scale(Vector(1, 2), 3) == Vector(3, 6)``, ``assertEqual(total(xs), Money(12))``): a
    constructor of the input or of the answer, not the function tested (the fifteenth pass:
    ``Vector``, called twice as often as ``scale``, was the entry, and ``scale`` never ran)."""
    counts: Counter = Counter()
    for source in sources:
        tree = parsed(source)
        passed: set[str] = set()  # names passed whole to a call
        for node in ast.walk(tree) if tree is not None else ():
            for expected in _expected_values(node, classes):
                counts[expected] += 1
            if not isinstance(node, ast.Call) or _is_equality_check(node):
                continue
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
                passed.update([argument.id] if isinstance(argument, ast.Name) else [])
                for inner in ast.walk(argument):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name):
                        counts[inner.func.id] += 1
        for node in ast.walk(tree) if tree is not None else ():
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
                continue
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Name) and target.id in passed and isinstance(value, ast.Call):
                counts.update([value.func.id] if isinstance(value.func, ast.Name) else [])
    return counts


# The unittest checks that compare their first two arguments: neither builds an argument of the other.
_EQUALITY_CHECKS = frozenset(("assertEqual", "assertNotEqual", "assertAlmostEqual", "assertNotAlmostEqual"))


def _is_equality_check(node: ast.Call) -> bool:
    return isinstance(node.func, ast.Attribute) and node.func.attr in _EQUALITY_CHECKS


def _expected_values(node: ast.AST, classes: frozenset[str]) -> list[str]:
    """The classes ``node``, an ``==``/``!=`` comparison or an equality check, calls on one side
    to build what a call of another name on the other side is compared with."""
    if isinstance(node, ast.Compare) and all(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops):
        sides = [node.left, *node.comparators]
    elif isinstance(node, ast.Call) and _is_equality_check(node):
        sides = node.args[:2]
    else:
        return []
    built = [side.func.id if _builds(side, classes) else None for side in sides]  # type: ignore[attr-defined]
    found = []
    for side, name in zip(sides, built):
        if name is not None and any(other is not side and _calls_other_than(other, name) for other in sides):
            found.append(name)
    return found


def _builds(node: ast.expr, classes: frozenset[str]) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in classes


def _calls_other_than(node: ast.expr, name: str) -> bool:
    """Whether ``node`` calls a name other than ``name`` (``scale(...)``, ``acct.total()``)."""
    return any(
        isinstance(inner, ast.Call) and called_name(inner) not in (None, name) for inner in ast.walk(node)
    )


def infer_entry(
    reference: str,
    tests: tuple[str, ...] | list[str],
    declared: str | None = None,
    alias: str | None = None,
    prompt: str = "",
) -> str | None:
    """The function the audit calls: the one the reference defines and the tests call.

    ``declared`` wins when the reference defines it. With a call ``alias`` (HumanEval's
    ``candidate``) the tests never name the function, so the entry is the function the prompt
    declares (its last ``def`` that the reference also defines), else the reference's only
    top-level function. Otherwise it is the most called of the functions the reference defines,
    counting first the calls that do not build another call's argument (``dist2(Point(3, 0),
    Point(0, 4))`` tests ``dist2``, though it calls ``Point`` twice as often) or the value its
    result is compared with (``scale(Vector(1, 2), 3) == Vector(3, 6)`` tests ``scale``); of
    two called as often, the one whose answer the tests use (``set_rate('EUR', 2)``, a statement,
    then ``assert to_usd(10, 'EUR') == 5`` tests ``to_usd``: ``preludes.py``).
    """
    defined = defined_names(reference)
    if declared:
        return declared if declared in defined else None
    # ``map(inc, [1, 2])`` calls ``inc``, and so does ``check(inc)`` where ``check`` calls its parameter
    called = called_names(tests) + mapped_names(tests)
    candidates = [name for name in defined if called[name] > 0]
    if candidates:
        builders = argument_builders(tests, class_names(reference))
        for_effect = called_for_effect(tests)
        return max(
            candidates,
            key=lambda name: (
                called[name] > builders[name],
                called[name],
                name not in for_effect,
                -defined.index(name),
            ),
        )
    if alias and called[alias] > 0:
        declared_in_prompt = [name for name in _declared_functions(prompt) if name in defined]
        if declared_in_prompt:
            return declared_in_prompt[-1]
        functions = _top_level_functions(reference)
        if len(functions) == 1:
            return functions[0]
    return None


def called_for_effect(tests: tuple[str, ...] | list[str]) -> set[str]:
    """The names the tests call by name only in statements of their own, their answer thrown
    away, before more of the test (``reset()``, ``set_rate('EUR', 2)``): made for what they
    leave behind for what follows."""
    effect: set[str] = set()
    used: set[str] = set()
    for tree in filter(None, map(parsed, tests)):
        bodies = [tree.body] + [node.body for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        statements = {id(node.value) for body in bodies for node in body[:-1] if isinstance(node, ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                (effect if id(node) in statements else used).add(node.func.id)
    return effect - used


def entry_of(problem: Any) -> str | None:
    """``infer_entry`` for a ``Problem``: the one place that decides what a problem's entry is."""
    return infer_entry(
        problem.reference,
        _with_setup_helpers(
            problem, read_through_tables(problem, tuple(problem.tests) + _harvested_from(problem))
        ),
        problem.entry,
        problem.call_alias,
        problem.prompt,
    )


def harvest_sources(problem: Any) -> tuple[str, ...]:
    """What a problem's calls are harvested from (its ``harvest`` where it has one, else its
    tests), calls through a table of the reference's functions read as the calls they make, and
    with the setup's helpers the tests call (``_with_setup_helpers``)."""
    return _with_setup_helpers(problem, read_through_tables(problem, _harvested_from(problem)))


def _with_setup_helpers(problem: Any, sources: tuple[str, ...]) -> tuple[str, ...]:
    """``sources`` read with the functions the setup defines and they call, written before each
    (to read, not to run), where each calls one of its parameters: a helper the tests hand the
    entry to (``status(check_port, '80')`` around ``fn(*args)``) is then read as the call it
    makes (``handed.py``), as one the test defines is (the twenty-second pass: such a problem
    was excluded, no entry point)."""
    tree = parsed(problem.setup or "")
    if tree is None or not sources:
        return sources
    called = called_names(sources)
    own = set(defined_names(problem.reference))
    helpers = [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and called[node.name]
        and node.name not in own
        and _calls_a_parameter(node)
    ]
    objects = _setup_objects(tree, own)
    if not helpers and not objects:
        return sources
    written = "\n".join(ast.unparse(helper) for helper in helpers)
    return tuple(
        "\n".join(filter(None, [written, *_objects_read(objects, source), source])) for source in sources
    )


def _setup_objects(setup: ast.Module, own: set[str]) -> dict[str, ast.Assign]:
    """The names the setup binds once to an object of one of the reference's classes made from
    literals (``calc = Calc()``) and then leaves as it is, with the binding: a test calling
    ``calc.sign(5)`` calls the reference through it (the thirty-first pass: such a problem had
    "no entry"). One the setup goes on to change (``root.left = Node(2)``, ``s.push(1)``) is no
    longer what its call made."""
    made = [
        node
        for node in setup.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Call)
        and called_name(node.value) in own
        and all(
            is_literal(argument) for argument in [*node.value.args, *(k.value for k in node.value.keywords)]
        )
    ]
    bound = name_stores(ast.walk(setup))
    changed = {_root_name(node) for node in ast.walk(setup) if _changes(node)}
    return {
        node.targets[0].id: node  # type: ignore[attr-defined]
        for node in made
        if bound[node.targets[0].id] == 1 and node.targets[0].id not in changed  # type: ignore[attr-defined]
    }


def _changes(node: ast.AST) -> bool:
    """A store into an attribute or item (``root.left = ...``), or a method's call (``s.push(1)``)."""
    stored = isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load)
    return stored or isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)


def _root_name(node: ast.AST) -> str:
    """The name an attribute, item or method chain starts from (``root`` of ``root.left.left``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def _objects_read(objects: dict[str, ast.Assign], source: str) -> list[str]:
    """The setup's bindings of the objects ``source`` reads and never binds, written out (to
    read, not to run), as a test that made them itself would write them."""
    tree = parsed(source)
    if tree is None:
        return []
    names = [node for node in ast.walk(tree) if isinstance(node, ast.Name)]
    read = {node.id for node in names if isinstance(node.ctx, ast.Load)}
    bound = {node.id for node in names if not isinstance(node.ctx, ast.Load)}
    return [ast.unparse(binding) for name, binding in objects.items() if name in read and name not in bound]


def _calls_a_parameter(function: ast.FunctionDef) -> bool:
    """Whether ``function`` calls one of its own parameters (a helper handed what to call)."""
    names = {argument.arg for argument in function.args.args}
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
        for node in ast.walk(function)
    )


def _harvested_from(problem: Any) -> tuple[str, ...]:
    return tuple(problem.harvest if problem.harvest is not None else problem.tests)


def read_through_tables(problem: Any, sources: tuple[str, ...]) -> tuple[str, ...]:
    """``sources`` with ``OPS['add'](2, 3)`` read as ``add(2, 3)`` (``dispatched.py``)."""
    return through_tables(sources, tables(problem.reference, frozenset(defined_names(problem.reference))))


def _top_level_functions(source: str) -> list[str]:
    """Functions defined at top level, ``def`` or a name bound to a function, in source order."""
    tree = parsed(source)
    if tree is None:
        return []
    bound = _bound_functions(tree)
    names: list[str] = []
    for node in module_level(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found = [node.name]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            found = [
                name
                for name, value in _pairs(node.targets[0], node.value)
                if _same_binding(bound.get(name), value)
            ]
        else:
            continue
        names += [name for name in found if name not in names]
    return names


def _declared_functions(prompt: str) -> list[str]:
    """Names of the functions a prompt declares (a prompt may end in a bare signature and
    docstring, which does not parse alone: each ``def`` line is read on its own)."""
    names = []
    for line in prompt.split("\n"):
        stripped = line.strip()
        if stripped.startswith(("def ", "async def ")):
            name = stripped.split("def ", 1)[1].split("(", 1)[0].strip()
            if name.isidentifier():
                names.append(name)
    return names


def assignments(body: list[ast.stmt]) -> list[tuple[str, ast.expr]]:
    """(name, value) of each plain assignment in ``body``: ``best = new``, ``x, y = a, b``."""
    found = []
    for statement in body:
        if isinstance(statement, ast.Assign):
            targets, value = statement.targets, statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets, value = [statement.target], statement.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name):
                found.append((target.id, value))
            elif (
                isinstance(target, ast.Tuple)
                and isinstance(value, ast.Tuple)
                and len(target.elts) == len(value.elts)
            ):
                found += [(t.id, v) for t, v in zip(target.elts, value.elts) if isinstance(t, ast.Name)]
    return found
