"""Test classes read as the scripts a harness runs, for harvesting the calls they make.

Threat: ``self.c = Counter(5)`` in a unittest ``setUp``, then ``self.c.bump()`` in a test method.
The chain machinery (``harvest.bound_chains``) follows a name a test binds in one scope, so only
``Counter(5)`` was harvested, its methods never called on fresh inputs, and every mutant of
``bump`` looked equivalent (even ``return None``). What a harness runs for a test method is its
class's class-level set-up, then the per-test one, then the method: each test method is read as
one function holding those bodies in that order, and each attribute a method stores on its
``self`` (or ``cls``) as a plain name, so a chain through ``self.c`` is one through ``c``, drawn
and asserted as a local binding is (``c = Counter(12); assert c.bump() == 14``). A class that
stores nothing on its instance is left as it is.
"""

from __future__ import annotations

import ast
import copy
import functools

from .calls import parsed
from .fixtures import Fixture, fixtures_in, inlined, made_before, param_choices, wants
from .handed import handed_to, substituted

# The set-up methods, in the order a harness runs them before each test (unittest's and pytest's).
SETUPS = ("setUpClass", "setup_class", "setUp", "asyncSetUp", "setup_method", "setup")
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@functools.lru_cache(maxsize=64)
def as_scripts(source: str) -> str:
    """``source`` with each top-level class that stores attributes on its instance replaced by
    one function per test method (set-up bodies first, ``self.c`` read as ``c``) and one per
    other method; the source unchanged where there is no such class. A class with neither a
    set-up nor a test method (a ``ListNode`` the tests define) is not a test class."""
    tree = parsed(source)
    if tree is None:
        return source
    body: list[ast.stmt] = []
    with_fixtures = inlined(tree)  # test functions that want the module's fixtures, made first
    changed = with_fixtures is not None
    taken = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    module_fixtures = fixtures_in(tree.body)
    for node in with_fixtures or tree.body:
        functions = _flattened(node, taken, module_fixtures) if isinstance(node, ast.ClassDef) else None
        changed = changed or functions is not None
        body.extend(functions if functions is not None else [node])
    if not changed:
        return source
    try:
        return ast.unparse(ast.Module(body=body, type_ignores=[]))
    except (RecursionError, ValueError):  # nested past what unparse can write: read as it is
        return source


def _flattened(
    cls: ast.ClassDef, taken: set[str], module_fixtures: dict[str, Fixture]
) -> list[ast.stmt] | None:
    """The functions a test class amounts to (a copy: the parsed tree is shared), or None where
    no method stores an attribute on its first parameter nor wants a fixture. A fixture the
    class defines with ``autouse=True`` is a set-up; one a test method wants is made before it."""
    methods = [copy.deepcopy(node) for node in cls.body if isinstance(node, FUNCTIONS)]
    if not any(_runs(method) or method.name in SETUPS for method in methods):
        return None  # not a test class (a ``ListNode`` the tests define): read as it is
    stored = {attribute for method in methods for attribute in _stored(method)}
    constants = _class_constants(cls, stored)
    fixtures = {**module_fixtures, **fixtures_in(cls.body, module_fixtures)}
    if not stored and not constants and not any(wants(m, bound=1) for m in methods if _runs(m)):
        return None
    taken = set(taken)
    names = {attribute: _free_name(attribute, taken) for attribute in sorted(stored | set(constants))}
    helpers = _helpers(methods)
    for method in methods:
        _Unbound(_first(method), names, cls.name, set(constants), helpers).visit(method)
    autouse = {f.function for f in fixtures.values() if f.autouse and f.node in cls.body}
    setups = sorted((m for m in methods if m.name in SETUPS), key=lambda m: SETUPS.index(m.name))
    setups += [m for m in methods if m.name in autouse and m.name not in SETUPS]
    prefix = [_bound(names[name], value) for name, value in constants.items()]
    made: set[str] = set()
    for method in setups:  # an autouse fixture's own fixtures first (``def given(self, start)``)
        wanted = wants(method, bound=1) if method.name in autouse else []
        prefix += made_before(wanted, fixtures, made) + method.body
    functions: list[ast.stmt] = []
    tests = [method for method in methods if _runs(method)]
    if not tests:  # no test to run them before: the set-up's calls, still calls a test makes
        functions.append(_function(f"_{cls.name}_setup", prefix))
    for method in methods:
        if method.name in SETUPS or method.name in autouse:
            continue
        test = method in tests
        wanted = wants(method, bound=1) if test else []
        for chosen in param_choices(wanted, fixtures):  # once per value of its parametrized fixtures
            read = copy.deepcopy(method)
            own = made_before(wanted, fixtures, set(made), chosen)
            body = copy.deepcopy(prefix) + own + read.body if test else read.body
            rows = [d for d in read.decorator_list if _parametrizes(d)] if test else []
            given = [a for a in read.args.args[1:] if a.arg not in fixtures] if rows else []
            read.args = _no_arguments()
            read.args.args = given  # what the rows bind, read as harvesting reads a function's rows
            read.body, read.decorator_list = body, rows
            functions.append(read)
    rest = [copy.deepcopy(node) for node in cls.body if not isinstance(node, FUNCTIONS)]
    if rest:  # the class body's own statements: still calls a test makes, in a scope of their own
        functions.append(_function(f"_{cls.name}_body", rest))
    return [ast.fix_missing_locations(f) for f in functions]


def _class_constants(cls: ast.ClassDef, stored: set[str]) -> dict[str, ast.expr]:
    """The class attributes its body binds once (``START = 12``) that no method stores on its
    instance, where a method reads them (``self.START``, ``cls.START``, ``TestC.START``,
    ``type(self).START``): read as plain names, bound first, as the set-up's attributes are."""
    bound: dict[str, ast.expr] = {}
    for node in cls.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            bound[name] = None if name in bound else node.value  # bound twice: not a constant
    read = {
        node.attr
        for method in cls.body
        if isinstance(method, FUNCTIONS)
        for node in ast.walk(method)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Load)
        and (isinstance(node.value, ast.Name) or _type_of(node.value) is not None)
    }
    return {
        name: copy.deepcopy(value)
        for name, value in bound.items()
        if value is not None and name in read and name not in stored and not name.startswith("__")
    }


def _helpers(methods: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> dict[str, ast.FunctionDef]:
    """The class's helper methods that only return an expression, of plain positional parameters
    after ``self`` (``def make(self, n=12): return Counter(n)``): a set-up or test calling
    ``self.make(3)`` reads as that expression with each parameter read as what the call handed
    it, so the chain it starts is drawn (threat: ``self.c = self.make()`` cut it)."""
    return {
        method.name: method
        for method in methods
        if isinstance(method, ast.FunctionDef)
        and not _runs(method)
        and method.name not in SETUPS
        and len(method.args.args) >= 1
        and not (method.args.vararg or method.args.kwarg or method.args.kwonlyargs or method.decorator_list)
        and len(method.body) == 1
        and isinstance(method.body[0], ast.Return)
        and method.body[0].value is not None
    }


def _returned(helper: ast.FunctionDef, call: ast.Call) -> ast.expr | None:
    """What ``self.helper(...)`` returns, written out: the helper's expression with each of its
    parameters read as what the call handed it (or its default); None where the call does not
    hand each exactly once."""
    given = handed_to(call, helper, bound=1)
    return None if given is None else substituted(helper.body[0].value, given)  # type: ignore[attr-defined, return-value]


def _type_of(node: ast.expr) -> str | None:
    """``x`` where ``node`` is ``type(x)`` or ``x.__class__`` of a plain name, else None."""
    if isinstance(node, ast.Attribute) and node.attr == "__class__" and isinstance(node.value, ast.Name):
        return node.value.id
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "type"
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
    ):
        return node.args[0].id
    return None


def _bound(name: str, value: ast.expr) -> ast.stmt:
    return ast.fix_missing_locations(
        ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], value), value)
    )


def _parametrizes(decorator: ast.expr) -> bool:
    """``@pytest.mark.parametrize(...)``: its rows are the calls' arguments (``unrolled``)."""
    return (
        isinstance(decorator, ast.Call)
        and isinstance(decorator.func, ast.Attribute)
        and decorator.func.attr == "parametrize"
    )


def _runs(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a harness runs ``method`` as a test (after the set-up)."""
    return method.name.startswith("test") or method.name == "runTest"


def _function(name: str, body: list[ast.stmt]) -> ast.FunctionDef:
    made = ast.FunctionDef(name=name, args=_no_arguments(), body=body or [ast.Pass()], decorator_list=[])
    return ast.copy_location(made, body[0]) if body else made


def _no_arguments() -> ast.arguments:
    return ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])


def _first(method: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The name of a method's first parameter (``self``, ``cls``), if it has one."""
    arguments = [*method.args.posonlyargs, *method.args.args]
    return arguments[0].arg if arguments else None


def _stored(method: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The attributes a method stores on its first parameter (``self.c = ...``)."""
    first = _first(method)
    return {
        node.attr
        for node in ast.walk(method)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == first
    }


def _free_name(attribute: str, taken: set[str]) -> str:
    """The attribute's own name where the test uses no other name so, else one made free."""
    name = attribute
    while name in taken:
        name += "_"
    taken.add(name)
    return name


class _Unbound(ast.NodeTransformer):
    """``self.c`` (on the method's first parameter, an attribute some method stores) read as
    ``c``; a class constant read as ``TestC.START`` too."""

    def __init__(
        self,
        first: str | None,
        names: dict[str, str],
        cls: str,
        constants: set[str],
        helpers: dict[str, ast.FunctionDef],
    ) -> None:
        self.first, self.names, self.cls, self.constants = first, names, cls, constants
        self.helpers, self.inlining = helpers, set()

    def visit_Call(self, node: ast.Call) -> ast.AST:
        called = node.func
        if (
            isinstance(called, ast.Attribute)
            and isinstance(called.value, ast.Name)
            and called.value.id == self.first
            and called.attr in self.helpers
            and called.attr not in self.inlining
            and (returned := _returned(self.helpers[called.attr], node)) is not None
        ):
            self.inlining.add(called.attr)  # a helper that calls itself is inlined once
            try:
                return ast.copy_location(self.visit(returned), node)
            finally:
                self.inlining.discard(called.attr)
        self.generic_visit(node)
        return node

    def _unbound(self, node: ast.Attribute) -> bool:
        if node.attr in self.constants and _type_of(node.value) == self.first:  # ``type(self).START``
            return True
        if not isinstance(node.value, ast.Name) or node.attr not in self.names:
            return False
        return node.value.id == self.first or (node.value.id == self.cls and node.attr in self.constants)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if self._unbound(node):
            return ast.copy_location(ast.Name(self.names[node.attr], node.ctx), node)
        self.generic_visit(node)
        return node
