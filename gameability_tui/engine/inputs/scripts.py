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
from .unrolled import parametrize_rows

# The set-up methods, in the order a harness runs them before each test (unittest's and pytest's).
SETUPS = ("setUpClass", "setup_class", "setUp", "asyncSetUp", "setup_method", "setup")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


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
    changed = False
    taken = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    for node in tree.body:
        functions = _flattened(node, taken) if isinstance(node, ast.ClassDef) else None
        changed = changed or functions is not None
        body.extend(functions if functions is not None else [node])
    if not changed:
        return source
    try:
        return ast.unparse(ast.Module(body=body, type_ignores=[]))
    except (RecursionError, ValueError):  # nested past what unparse can write: read as it is
        return source


def _flattened(cls: ast.ClassDef, taken: set[str]) -> list[ast.stmt] | None:
    """The functions a test class amounts to (a copy: the parsed tree is shared), or None where
    no method stores an attribute on its first parameter."""
    methods = [copy.deepcopy(node) for node in cls.body if isinstance(node, _FUNCTIONS)]
    if not any(_runs(method) or method.name in SETUPS for method in methods):
        return None  # not a test class (a ``ListNode`` the tests define): read as it is
    stored = {attribute for method in methods for attribute in _stored(method)}
    if not stored:
        return None
    taken = set(taken)
    names = {attribute: _free_name(attribute, taken) for attribute in sorted(stored)}
    for method in methods:
        _Unbound(_first(method), names).visit(method)
    setups = sorted((m for m in methods if m.name in SETUPS), key=lambda m: SETUPS.index(m.name))
    prefix = [statement for method in setups for statement in method.body]
    functions: list[ast.stmt] = []
    tests = [method for method in methods if _runs(method)]
    if not tests:  # no test to run them before: the set-up's calls, still calls a test makes
        functions.append(_function(f"_{cls.name}_setup", prefix))
    for method in methods:
        if method.name in SETUPS:
            continue
        test = method in tests
        body = copy.deepcopy(prefix) + method.body if test else method.body
        method.args = _no_arguments()
        method.body, method.decorator_list = body, []
        functions.append(method)
    rest = [copy.deepcopy(node) for node in cls.body if not isinstance(node, _FUNCTIONS)]
    if rest:  # the class body's own statements: still calls a test makes, in a scope of their own
        functions.append(_function(f"_{cls.name}_body", rest))
    return [ast.fix_missing_locations(f) for f in functions]


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
    """``self.c`` (on the method's first parameter, an attribute some method stores) read as ``c``."""

    def __init__(self, first: str | None, names: dict[str, str]) -> None:
        self.first, self.names = first, names

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == self.first and node.attr in self.names:
            return ast.copy_location(ast.Name(self.names[node.attr], node.ctx), node)
        self.generic_visit(node)
        return node


# Run after a test that defines test classes and runs none itself, as a harness runs them: a
# ``TestCase`` by ``unittest`` (its set-ups, each test method, its tear-downs), a plain ``Test*``
# class as pytest does (``setup_class``, then per method a new instance, ``setup_method``, the
# method, ``teardown_method``). A failure or error fails the test.
_RUNNER = """
def _run_test_classes_(*classes):
    import unittest
    for cls in classes:
        if issubclass(cls, unittest.TestCase):
            result = unittest.TestResult()
            unittest.defaultTestLoader.loadTestsFromTestCase(cls).run(result)
            for _, trace in result.errors + result.failures:
                raise AssertionError(trace)
            if result.unexpectedSuccesses:
                raise AssertionError("unexpected success")
            continue
        getattr(cls, "setup_class", lambda: None)()
        for name in [n for n in vars(cls) if n.startswith("test") and callable(vars(cls)[n])]:
            instance = cls()
            if hasattr(instance, "setup_method"):
                instance.setup_method(getattr(instance, name))
            getattr(instance, name)()
            if hasattr(instance, "teardown_method"):
                instance.teardown_method(getattr(instance, name))
        getattr(cls, "teardown_class", lambda: None)()
"""


@functools.lru_cache(maxsize=256)
def runnable(test: str) -> str:
    """``test`` as a harness runs it: where it defines test classes at top level (a ``TestCase``,
    or a ``Test*`` class with ``test`` methods) or ``test_*`` functions (plain, or with
    ``@pytest.mark.parametrize`` over literal rows) and never names them again, they are run
    after it (threat: such a test only defined its checks, so every mutant passed it, and a mutant
    its ``setUp`` chain or its rows catch, ``return None`` included, was a survivor)."""
    tree = parsed(test)
    if tree is None:
        return test
    named = {
        node.id
        for statement in tree.body
        if not isinstance(statement, (ast.ClassDef, *_FUNCTIONS))
        for node in ast.walk(statement)
        if isinstance(node, ast.Name)
    }
    classes = [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and _is_test_class(node) and node.name not in named
    ]
    calls = [
        call
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and node.name not in named
        for call in _test_function_calls(node)
    ]
    runs = [f"{_RUNNER}\n_run_test_classes_({', '.join(classes)})"] if classes else []
    return "\n".join([test, *runs, *calls]) + "\n" if runs or calls else test


def _test_function_calls(function: ast.FunctionDef) -> list[str]:
    """The calls a test runner makes of a top-level ``test_*`` function: one, where it takes
    nothing and has no decorator; one per row of its ``@pytest.mark.parametrize`` decorators, where
    they bind every parameter to literal data (each value written as Python reads it back); none
    where it wants a fixture or anything else pytest would hand it."""
    arguments = function.args
    if arguments.posonlyargs or arguments.vararg or arguments.kwarg or arguments.kwonlyargs:
        return []
    parameters = [argument.arg for argument in arguments.args]
    if not function.decorator_list:
        return [] if parameters else [f"{function.name}()"]
    rows = parametrize_rows(function, {})
    if not rows or any(sorted(row) != sorted(parameters) for row in rows):
        return []
    written = [", ".join(f"{name}={_written(value)}" for name, value in row.items()) for row in rows]
    return [] if any("\0" in text for text in written) else [f"{function.name}({text})" for text in written]


def _written(value: object) -> str:
    """``value`` as Python source that reads back equal to it, or a NUL where its repr does not
    (``inf``, an object): that row is not run by this tool, and so neither is the function."""
    try:
        text = repr(value)
        return text if ast.literal_eval(text) == value else "\0"
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return "\0"


def _is_test_class(cls: ast.ClassDef) -> bool:
    """A ``unittest.TestCase`` (by its base's name), or a pytest-style ``Test*`` class whose test
    methods take no fixture."""
    bases = [base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "") for base in cls.bases]
    if any(base.endswith("TestCase") for base in bases):
        return True
    methods = [node for node in cls.body if isinstance(node, _FUNCTIONS)]
    plain = all(  # pytest would hand a fixture to a parameter or a decorator: not run as plain code
        not method.decorator_list and len(method.args.args) == 1 and not method.args.posonlyargs
        for method in methods
        if method.name.startswith("test")
    )
    tested = any(method.name.startswith("test") for method in methods)
    return cls.name.startswith("Test") and not bases and tested and plain
