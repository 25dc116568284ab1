"""A visible test that only defines its checks, run as a test runner would run them.

Threat: a test that defines a ``unittest.TestCase``, a pytest-style ``Test*`` class or
``test_*`` functions and never calls them checks nothing when run as a script, so every mutant
passes it (``return None`` included) and is a survivor. Defence: ``runnable`` appends the calls
a runner makes. The opposite threat is as bad: running what a runner would not, or not as it
would, makes a correct reference fail its own tests and excludes the problem for a false reason.
So only what a runner collects runs, the way it runs it:

- a ``TestCase`` (by its base's name, or through a base the test defines) through ``unittest``'s
  loader: its set-ups, skips and expected failures are unittest's own;
- a ``Test*`` class with no ``__init__`` and no ``__test__ = False``, pytest's way: its
  ``setup_class`` (a class method or a plain function given the class), then per test method a
  new instance with ``setup_method`` (with the method, or without where it takes none), the
  method, ``teardown_method``, then ``teardown_class``; a method with a decorator or a parameter
  without a default (a fixture) is left out, the others run;
- a top-level ``test_*`` function: once where every parameter has a default, once per literal row
  of its ``@pytest.mark.parametrize`` decorators, between ``setup_module`` / ``setup_function``
  and their tear-downs (a row with marks, an expected failure or a skip, left out); none where
  another decorator (a skip) or a fixture is in the way;
- fixtures as ``inputs/fixtures.py`` reads them: the test's own, each run of a parametrized one
  (its value under ``'<params>'`` in the run's arguments, read through ``request.param``), and
  pytest's ``capsys``/``capfd`` (what the test prints, taken from ``sys.stdout`` and
  ``sys.stderr`` until ``readouterr()``), ``tmp_path`` (a new folder), ``monkeypatch`` (each
  change undone after the test) and ``request``.

A skip raised while running (``pytest.skip()``, ``unittest.SkipTest``) passes that test, as a
runner reports it skipped, not failed.
"""

from __future__ import annotations

import ast
import copy
import functools

from .calls import parsed
from .fixtures import BUILT_IN, Fixture, fixtures_in, param_choices, wants
from .scripts import FUNCTIONS
from .unrolled import parametrize_rows

# Appended to the test, in its namespace (so the module's set-up hooks are found by name).
_RUNNER = """
def _gt_skipped_(error):
    import unittest
    return isinstance(error, unittest.SkipTest) or type(error).__name__ == "Skipped"

def _gt_hook_(function, *given):
    import inspect
    try:
        wanted = len(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        wanted = len(given)
    return function(*given[:wanted])

def _gt_case_(cls):
    import unittest
    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(cls).run(result)
    for _, trace in result.errors + result.failures:
        raise AssertionError(trace)
    if result.unexpectedSuccesses:
        raise AssertionError("unexpected success")

def _gt_class_hook_(cls, name):
    hook = vars(cls).get(name)
    if isinstance(hook, (classmethod, staticmethod)):
        getattr(cls, name)()
    elif callable(hook):
        _gt_hook_(hook, cls)

def _gt_unwrapped_(fixture):
    getter = getattr(fixture, "_get_wrapped_function", None)  # pytest 8.4 and later
    if getter is not None:
        return getter()
    holder = getattr(fixture, "__func__", fixture)
    wrapped = getattr(holder, "__pytest_wrapped__", None)  # earlier: the plain function inside
    if wrapped is None:
        return fixture
    owner = getattr(fixture, "__self__", None)
    return wrapped.obj.__get__(owner) if owner is not None else wrapped.obj

def _gt_wanted_(function):
    import inspect
    return [name for name, parameter in inspect.signature(function).parameters.items()
            if parameter.default is inspect.Parameter.empty]

def _gt_make_(name, fixtures, made, closers):
    if name in made:
        return made[name]
    getter, scope, _ = fixtures[name]
    kept = fixtures["<kept>"]
    if scope == "function":
        kept = made
    elif scope == "class":
        kept = fixtures.get("<class kept>", kept)
    if name not in kept:
        function = _gt_unwrapped_(getter())
        given = {wanted: _gt_given_(wanted, name, fixtures, made, closers)
                 for wanted in _gt_wanted_(function)}
        value = function(**given)
        import inspect
        if inspect.isgenerator(value):
            (closers if scope == "function" else fixtures["<closers>"]).append(value)
            value = next(value)
        kept[name] = value
    made[name] = kept[name]
    return made[name]

class _GtRequest_:  # the ``request`` a fixture or test is handed: its run's param, finalizers

    def __init__(self, param, closers, name=""):
        if param is not _GtRequest_:
            self.param = param
        self._closers = closers
        self.node = type("Node", (), {"name": name, "originalname": name})()  # the test's

    def addfinalizer(self, finalizer):
        def closing():
            yield
            finalizer()
        closer = closing()
        next(closer)
        self._closers.append(closer)

def _gt_given_(wanted, owner, fixtures, made, closers):
    if wanted == "request":  # each fixture's own, holding the value its run chose for it
        return _GtRequest_(made["<params>"].get(owner, _GtRequest_), closers, made["<test>"])
    return _gt_make_(wanted, fixtures, made, closers)

def _gt_capsys_():
    import collections, contextlib, io, sys
    result = collections.namedtuple("CaptureResult", "out err")
    class Capture:
        def __init__(self):
            self.out, self.err = io.StringIO(), io.StringIO()
        @contextlib.contextmanager
        def disabled(self):
            sys.stdout, sys.stderr = saved
            try:
                yield
            finally:
                sys.stdout, sys.stderr = self.out, self.err
        def readouterr(self):
            taken = result(self.out.getvalue(), self.err.getvalue())
            for stream in (self.out, self.err):
                stream.seek(0)
                stream.truncate()
            return taken
    capture, saved = Capture(), (sys.stdout, sys.stderr)
    sys.stdout, sys.stderr = capture.out, capture.err
    try:
        yield capture
    finally:
        sys.stdout, sys.stderr = saved

def _gt_tmp_path_():
    import pathlib, tempfile
    yield pathlib.Path(tempfile.mkdtemp())

def _gt_monkeypatch_():
    import contextlib, importlib, os, sys
    class Patch:
        def __init__(self):
            self.undo_steps = []
        def _target(self, target, name):
            if isinstance(target, str) and name is _gt_monkeypatch_:
                module, _, name = target.rpartition(".")
                target = importlib.import_module(module)
            return target, name
        def setattr(self, target, name=_gt_monkeypatch_, value=_gt_monkeypatch_, raising=True):
            if value is _gt_monkeypatch_:
                target, name, value = *self._target(target, _gt_monkeypatch_), name
            old = getattr(target, name, _gt_monkeypatch_)
            if old is _gt_monkeypatch_ and raising:
                raise AttributeError(name)
            if isinstance(target, type):  # a class's own descriptor (a staticmethod) comes back as it was
                old = target.__dict__.get(name, old)
            self.undo_steps.append((target, name, old, True))
            setattr(target, name, value)
        def delattr(self, target, name=_gt_monkeypatch_, raising=True):
            target, name = self._target(target, name)
            if not hasattr(target, name):
                if raising:
                    raise AttributeError(name)
                return
            old = target.__dict__.get(name) if isinstance(target, type) else None
            self.undo_steps.append((target, name, old or getattr(target, name), True))
            delattr(target, name)
        def setitem(self, mapping, key, value):
            self.undo_steps.append((mapping, key, mapping.get(key, _gt_monkeypatch_), False))
            mapping[key] = value
        def delitem(self, mapping, key, raising=True):
            if key not in mapping:
                if raising:
                    raise KeyError(key)
                return
            self.undo_steps.append((mapping, key, mapping[key], False))
            del mapping[key]
        def setenv(self, name, value, prepend=None):
            value = str(value)
            if prepend and name in os.environ:
                value = value + prepend + os.environ[name]
            self.setitem(os.environ, name, value)
        def delenv(self, name, raising=True):
            self.delitem(os.environ, name, raising)
        def syspath_prepend(self, path):
            self.setattr(sys, "path", [str(path), *sys.path])
        def chdir(self, path):
            self.undo_steps.append((os, "<cwd>", os.getcwd(), True))
            os.chdir(path)
        @contextlib.contextmanager
        def context(self):
            inner = Patch()
            try:
                yield inner
            finally:
                inner.undo()
        def undo(self):
            for target, name, old, is_attribute in reversed(self.undo_steps):
                if name == "<cwd>" and target is os:
                    os.chdir(old)
                elif is_attribute:
                    delattr(target, name) if old is _gt_monkeypatch_ else setattr(target, name, old)
                elif old is _gt_monkeypatch_:
                    target.pop(name, None)
                else:
                    target[name] = old
            self.undo_steps.clear()
    patch = Patch()
    try:
        yield patch
    finally:
        patch.undo()

_GT_BUILT_IN_ = {
    "capsys": (lambda: _gt_capsys_, "function", False),
    "capfd": (lambda: _gt_capsys_, "function", False),
    "tmp_path": (lambda: _gt_tmp_path_, "function", False),
    "monkeypatch": (lambda: _gt_monkeypatch_, "function", False),
}

def _gt_call_(function, arguments, fixtures):
    made, closers = {}, []
    arguments = dict(arguments)
    used = arguments.pop("<use>", ())  # ``@pytest.mark.usefixtures(...)``
    made["<params>"] = arguments.pop("<params>", {})  # each parametrized fixture's value this run
    made["<test>"] = getattr(function, "__name__", "")
    try:
        for name in used:
            _gt_make_(name, fixtures, made, closers)
        for name, row in list(fixtures.items()):
            if not name.startswith("<") and row[2] is True:  # "<kept>", "<closers>": not fixtures
                _gt_make_(name, fixtures, made, closers)
        wanted = {name: _gt_given_(name, None, fixtures, made, closers)
                  for name in _gt_wanted_(function) if name not in arguments}
        function(**arguments, **wanted)
    finally:
        for closer in reversed(closers):
            next(closer, None)

def _gt_fixtures_(registry, instance=None, outer=None):
    fixtures = dict(outer or {"<kept>": {}, "<closers>": [], **_GT_BUILT_IN_})
    for name, (holder, scope, autouse) in registry.items():
        if instance is None:
            getter = lambda holder=holder: holder
        else:  # a class's: its method, on this instance
            getter = lambda attribute=holder: getattr(instance, attribute)
        fixtures[name] = (getter, scope, autouse)
    return fixtures

def _gt_class_(cls, names, own, fixtures):
    try:
        _gt_class_hook_(cls, "setup_class")
    except BaseException as error:
        if _gt_skipped_(error):
            return
        raise
    kept = {"<class kept>": {}}  # the module's and the session's stay the module run's
    for name, arguments in names:
        instance = cls()
        method = getattr(instance, name)
        mine = _gt_fixtures_(own, instance, {**fixtures, **kept})
        try:
            if hasattr(instance, "setup_method"):
                _gt_hook_(instance.setup_method, method)
            _gt_call_(method, arguments, mine)
            if hasattr(instance, "teardown_method"):
                _gt_hook_(instance.teardown_method, method)
        except BaseException as error:
            if not _gt_skipped_(error):
                raise
    _gt_class_hook_(cls, "teardown_class")

def _gt_function_(function, arguments, fixtures):
    hooks = globals()
    try:
        if callable(hooks.get("setup_function")):
            _gt_hook_(hooks["setup_function"], function)
        _gt_call_(function, arguments, fixtures)
        if callable(hooks.get("teardown_function")):
            _gt_hook_(hooks["teardown_function"], function)
    except BaseException as error:
        if not _gt_skipped_(error):
            raise

def _gt_run_(classes, functions, registry):
    hooks = globals()
    fixtures = _gt_fixtures_(registry)
    try:
        if callable(hooks.get("setup_module")):
            _gt_hook_(hooks["setup_module"], None)
    except BaseException as error:
        if _gt_skipped_(error):
            return
        raise
    for cls, names, own in classes:
        _gt_case_(cls) if names is None else _gt_class_(cls, names, own, fixtures)
    for function, arguments in functions:
        _gt_function_(function, arguments, fixtures)
    for closer in reversed(fixtures["<closers>"]):
        next(closer, None)
    if callable(hooks.get("teardown_module")):
        _gt_hook_(hooks["teardown_module"], None)
"""


@functools.lru_cache(maxsize=256)
def runnable(test: str) -> str:
    """``test`` with the runs a test runner makes of what it defines and never calls itself."""
    tree = parsed(test)
    if tree is None:
        return test
    named = {
        node.id
        for statement in tree.body
        if not isinstance(statement, (ast.ClassDef, *FUNCTIONS))
        for node in ast.walk(statement)
        if isinstance(node, ast.Name)
    }
    cases = _test_cases(tree)
    fixtures = fixtures_in(tree.body)
    classes = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or node.name in named or _not_collected(node):
            continue
        if node.name in cases:
            classes.append(f"({node.name}, None, {{}})")
        elif (run := _pytest_methods(node, fixtures)) is not None:
            methods, own = run
            runs = ", ".join(f"({name!r}, {{{arguments}}})" for name, arguments in methods)
            classes.append(f"({node.name}, [{runs}], {_registry(own, as_text=True)})")
    functions = [
        f"({node.name}, {{{arguments}}})"
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("test")
        and node.name not in named
        and node.name not in {fixture.function for fixture in fixtures.values()}
        for arguments in _function_runs(node, fixtures)
    ]
    if not classes and not functions:
        return test
    calls = f"[{', '.join(classes)}], [{', '.join(functions)}], {_registry(fixtures)}"
    return f"{_without_runner_calls(test, tree)}\n{_RUNNER}\n_gt_run_({calls})\n"


def _without_runner_calls(test: str, tree: ast.Module) -> str:
    """``test`` without the top-level ``unittest.main()`` or ``pytest.main(...)`` that runs it as
    a script: the runs above stand for it. Run as written, it raised ``SystemExit`` (or ran the
    tests of another module) whatever the candidate did."""
    lines = test.split("\n")
    mains = {  # ``from unittest import main``: a bare ``main()`` is the same call
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module in ("unittest", "pytest")
        for alias in node.names
        if alias.name == "main"
    }
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if not isinstance(call, ast.Call):
            continue
        owner = call.func.value if isinstance(call.func, ast.Attribute) else None
        runner = (
            isinstance(owner, ast.Name) and owner.id in ("unittest", "pytest") and call.func.attr == "main"
        )
        if runner or (isinstance(call.func, ast.Name) and call.func.id in mains):
            first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
            indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
            lines[first : last + 1] = [f"{indent}pass"] + [""] * (last - first)
    return "\n".join(lines)


def _registry(fixtures: dict[str, Fixture], as_text: bool = False) -> str:
    """The fixtures as the runner reads them: by pytest name, the function (a class's: the
    method's name, as text, looked up on each new instance), its scope, whether it is autouse."""
    rows = (
        f"{name!r}: ({repr(f.function) if as_text else f.function}, {f.scope!r}, {f.autouse})"
        for name, f in fixtures.items()
    )
    return "{" + ", ".join(rows) + "}"


def _base_names(cls: ast.ClassDef) -> list[str]:
    return [base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "") for base in cls.bases]


def _test_cases(tree: ast.Module) -> set[str]:
    """The test's classes that are ``TestCase``s: by a base's name, or through a base it defines."""
    cases: set[str] = set()
    for node in tree.body:  # a base is defined before the classes built on it
        if isinstance(node, ast.ClassDef) and any(
            base.endswith("TestCase") or base in cases for base in _base_names(node)
        ):
            cases.add(node.name)
    return cases


def _not_collected(cls: ast.ClassDef) -> bool:
    """``__test__ = False`` on the class: no runner collects it."""
    return any(
        isinstance(statement, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__test__" for t in statement.targets)
        and isinstance(statement.value, ast.Constant)
        and statement.value.value is False
        for statement in cls.body
    )


def _pytest_methods(
    cls: ast.ClassDef, outer: dict[str, Fixture]
) -> tuple[list[tuple[str, str]], dict[str, Fixture]] | None:
    """The runs pytest makes of the class's test methods (each method's name and the keyword
    arguments of each of its runs, as a top-level test function's: ``_function_runs``), where it
    collects ``cls`` at all (a ``Test*`` class with no base but ``object`` and no ``__init__``),
    and the fixtures the class defines; None where it does not."""
    if not cls.name.startswith("Test") or any(base != "object" for base in _base_names(cls)):
        return None
    methods = [node for node in cls.body if isinstance(node, FUNCTIONS)]
    if any(method.name == "__init__" for method in methods):
        return None  # pytest warns and collects nothing from it
    own = fixtures_in(cls.body, outer)
    at_hand = {**outer, **own}
    runs = [
        (method.name, arguments)
        for method in methods
        if method.name.startswith("test") and isinstance(method, ast.FunctionDef)
        for arguments in _function_runs(method, at_hand, bound=1)
    ]
    return (runs, own) if runs else None


def _function_runs(function: ast.FunctionDef, fixtures: dict[str, Fixture], bound: int = 0) -> list[str]:
    """The keyword arguments, as source, of each run a runner makes of a ``test_*`` function (a
    method's past its ``bound`` ``self``; see the module's docstring), its fixtures left to the
    runner; none where it would hand it anything else."""
    made = set(fixtures) | BUILT_IN
    wanted = [name for name in wants(function, bound) if name not in made]
    marks = [_mark(d) for d in function.decorator_list]
    if None in marks or NOT_RUN.intersection(marks):
        return []  # a skip, an expected failure, another decorator: not ours to emulate
    used = _used_fixtures(function)
    if used is None or not set(used) <= made:
        return []
    autouse = [name for name, fixture in fixtures.items() if fixture.autouse]
    chosen = param_choices([*wants(function, bound), *used, *autouse], fixtures)
    given = [
        ", ".join(filter(None, (f"'<use>': {tuple(used)!r}" if used else "", _params_text(values))))
        for values in chosen
    ]
    if "parametrize" not in marks:
        return [] if wanted else given
    if "*" in wanted or function.args.kwonlyargs:
        return []
    rows = parametrize_rows(_without_marked_rows(function), {})
    parameters = sorted(argument.arg for argument in function.args.args[bound:] if argument.arg not in made)
    if not rows or any(sorted(row) != parameters for row in rows):
        return []
    written = [", ".join(f"{name!r}: {_written(value)}" for name, value in row.items()) for row in rows]
    if any("\0" in text for text in written):
        return []
    return [", ".join(filter(None, (text, extra))) for text in written for extra in given]


def _params_text(values: dict[str, str]) -> str:
    """A run's parametrized fixtures' values, as the runner reads them from its arguments."""
    if not values:
        return ""
    return "'<params>': {" + ", ".join(f"{name!r}: {value}" for name, value in values.items()) + "}"


# Marks under which pytest does not run a test, or runs it expecting it to fail.
NOT_RUN = frozenset(("skip", "skipif", "xfail"))


def _mark(node: ast.expr) -> str | None:
    """A ``@pytest.mark.NAME`` (or ``@mark.NAME``) decorator's NAME, called or not; None for any
    other decorator. pytest runs a test under a mark of the suite's own (``slow``) as under none."""
    called = node.func if isinstance(node, ast.Call) else node
    if not isinstance(called, ast.Attribute):
        return None
    owner = called.value
    is_mark = (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )
    return called.attr if is_mark else None


def _used_fixtures(function: ast.FunctionDef) -> list[str] | None:
    """The fixtures ``@pytest.mark.usefixtures("a", "b")`` asks for (None if not all literal)."""
    used: list[str] = []
    for decorator in function.decorator_list:
        if _mark(decorator) == "usefixtures" and isinstance(decorator, ast.Call):
            names = [a.value for a in decorator.args if isinstance(a, ast.Constant) and type(a.value) is str]
            if len(names) != len(decorator.args):
                return None
            used += names
    return used


def _without_marked_rows(function: ast.FunctionDef) -> ast.FunctionDef:
    """``function`` with each ``pytest.param(..., marks=...)`` row (an expected failure, a skip)
    left out of its parametrize decorators: pytest runs the other rows as they are."""

    def marked(node: ast.expr) -> bool:
        return isinstance(node, ast.Call) and any(keyword.arg == "marks" for keyword in node.keywords)

    copied = copy.deepcopy(function)
    for decorator in copied.decorator_list:
        if isinstance(decorator, ast.Call) and len(decorator.args) > 1:
            rows = decorator.args[1]
            if isinstance(rows, (ast.List, ast.Tuple)):
                rows.elts = [row for row in rows.elts if not marked(row)]
    return copied


def _written(value: object) -> str:
    """``value`` as Python source that reads back equal to it, or a NUL where its repr does not
    (``inf``, an object): that row is not run by this tool, and so neither is the function."""
    try:
        text = repr(value)
        return text if ast.literal_eval(text) == value else "\0"
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return "\0"
