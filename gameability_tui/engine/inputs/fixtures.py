"""pytest fixtures a test defines, read without running them.

Threat: ``@pytest.fixture def data(): return [1, 2, 3]`` and ``def test_total(data): assert
total(data) == 6``. No script calls ``test_total``, and without the fixture's value nothing can:
the test checked nothing, so every mutant passed it (``return None`` included), and the call
``total(data)`` was not a literal call, so it was never drawn. Defence, in two places:
``inputs/test_runs.py`` runs such a test as pytest does (each fixture made for it, by name, its
own fixtures first, torn down after), and ``inlined`` reads the test, for harvesting, as the script
it amounts to (``data = [1, 2, 3]`` then the test's body), so ``total([1, 2, 3])`` is drawn.

Only what this tool can make as pytest makes it counts as a fixture: one defined in the test
(module level, or a method of a test class) whose own parameters are fixtures too, and the
built-in ones a test of a function's output or files wants (``BUILT_IN``: ``capsys`` and
``capfd``, ``tmp_path``, ``monkeypatch``, ``request``), which the runner makes as pytest does. A
fixture with literal ``params`` (function scope) runs each test wanting it once per value, its
``request.param`` that value; it is read, for harvesting, once per value too (threat: a test of
``capsys`` or of a parametrized fixture was not run, so a mutant printing the wrong answer, or
returning None, passed the visible tests it fails). A test wanting any other (``tmpdir``,
``caplog``) is not run, as before.
"""

from __future__ import annotations

import ast
import copy
import itertools
from dataclasses import dataclass

from ..syntax import ending_name

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)

# pytest's own fixtures that the runner (``test_runs._RUNNER``) makes as pytest makes them.
BUILT_IN = frozenset(("capsys", "capfd", "tmp_path", "monkeypatch", "request"))

# The most runs a test's parametrized fixtures make of it (their values' product).
MAX_PARAM_RUNS = 64


@dataclass(frozen=True)
class Fixture:
    """A fixture the test defines: its pytest name, the function (or method) holding it, how
    long pytest keeps its value, and whether every test gets it unasked."""

    name: str
    function: str
    scope: str
    autouse: bool
    node: ast.FunctionDef
    wanted: tuple[str, ...]  # the fixtures it wants in turn
    params: tuple[str, ...] = ()  # its ``params``' values, as source that reads back equal


def fixtures_in(body: list[ast.stmt], outer: dict[str, Fixture] | None = None) -> dict[str, Fixture]:
    """The fixtures this tool can make among the functions of ``body`` (the module's, or a test
    class's where ``outer`` holds the module's, also at hand), by pytest name; one wanting
    another that is not at hand is left out."""
    bound = 0 if outer is None else 1  # a method's ``self``
    found: dict[str, Fixture] = {}
    for node in body:
        if isinstance(node, ast.FunctionDef) and (made := _fixture(node, bound)) is not None:
            found[made.name] = made
    given = set(outer or ()) | BUILT_IN
    changed = True
    while changed:  # drop each fixture wanting one that cannot be made, until none does
        changed = False
        for name, fixture in list(found.items()):
            if any(wanted not in found and wanted not in given for wanted in fixture.wanted):
                del found[name]
                changed = True
    return found


def wants(function: ast.FunctionDef | ast.AsyncFunctionDef, bound: int = 0) -> list[str]:
    """The parameters pytest fills for ``function`` (those without a default, past ``bound``
    ones such as ``self``); a ``*args`` or ``**kwargs`` wants the unmakeable ``*``."""
    arguments = function.args
    if arguments.vararg or arguments.kwarg or arguments.posonlyargs:
        return ["*"]
    plain = arguments.args[bound:]
    without_default = plain[: len(plain) - len(arguments.defaults)]
    keywords = [a for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is None]
    return [argument.arg for argument in [*without_default, *keywords]]


def _fixture(function: ast.FunctionDef, bound: int) -> Fixture | None:
    """``function`` as a fixture, where a ``pytest.fixture`` decorator makes it one this tool can
    make (``params`` only as literal values, in function scope; another decorator beside it: not
    ours to emulate)."""
    if len(function.decorator_list) != 1:
        return None
    decorator = function.decorator_list[0]
    called = decorator.func if isinstance(decorator, ast.Call) else decorator
    if ending_name(called) not in ("fixture", "yield_fixture"):
        return None
    options = {k.arg: k.value for k in decorator.keywords} if isinstance(decorator, ast.Call) else {}
    if isinstance(decorator, ast.Call) and decorator.args:  # fixture("module"): the old scope
        options.setdefault("scope", decorator.args[0])
    if None in options:
        return None
    params = _params(options.pop("params")) if "params" in options else ()
    options.pop("ids", None)  # names of the runs, for a report: the same runs
    literal = {key: value.value for key, value in options.items() if isinstance(value, ast.Constant)}
    if len(literal) != len(options) or params is None:
        return None
    if params and literal.get("scope", "function") != "function":
        return None  # pytest reorders the tests around a wider scope's values: not emulated
    return Fixture(
        name=str(literal.get("name", function.name)),
        function=function.name,
        scope=str(literal.get("scope", "function")),
        autouse=bool(literal.get("autouse", False)),
        node=function,
        wanted=tuple(wants(function, bound)),
        params=params,
    )


def _params(node: ast.expr) -> tuple[str, ...] | None:
    """A fixture's ``params``, each as source that reads back as the value it is (None where one
    is not a literal, or there are none: pytest then skips the tests wanting it)."""
    if not isinstance(node, (ast.List, ast.Tuple)) or not node.elts:
        return None
    values = []
    for element in node.elts:
        try:
            value = ast.literal_eval(element)
            text = repr(value)
            if ast.literal_eval(text) != value:
                return None
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
        values.append(text)
    return tuple(values)


def param_choices(wanted: list[str], fixtures: dict[str, Fixture]) -> list[dict[str, str]]:
    """Each run pytest makes of a test wanting ``wanted``: the value (as source) each
    parametrized fixture among them, or among the fixtures they want, takes in it; ``[{}]``
    where none is parametrized. The first MAX_PARAM_RUNS of their product."""
    seen: set[str] = set()
    pending = list(wanted)
    parametrized: list[Fixture] = []
    while pending:
        name = pending.pop()
        if name in seen or name not in fixtures:
            continue
        seen.add(name)
        fixture = fixtures[name]
        if fixture.params:
            parametrized.append(fixture)
        pending += fixture.wanted
    parametrized.sort(key=lambda fixture: fixture.name)
    product = itertools.product(*(fixture.params for fixture in parametrized))
    names = [fixture.name for fixture in parametrized]
    return [dict(zip(names, values)) for values in itertools.islice(product, MAX_PARAM_RUNS)]


def inlined(tree: ast.Module) -> list[ast.stmt] | None:
    """The module's statements with each top-level test function that wants the module's fixtures,
    or runs after a ``setup_function`` or ``setup_module`` hook, read as the script pytest runs
    for it: the hooks' bodies, each fixture's body up to what it returns or yields, bound to the
    parameter's name, then the test's body (a copy: the tree is shared). None where no test
    wants a fixture or follows a hook."""
    fixtures = fixtures_in(tree.body)
    hooks = _set_up_hooks(tree)
    body: list[ast.stmt] = []
    changed = False
    for node in tree.body:
        if not (isinstance(node, FUNCTIONS) and node.name.startswith("test")):
            body.append(node)
            continue
        parameters = wants(node)
        wanted = [name for name in parameters if name in fixtures or name in BUILT_IN]
        unmade = set(parameters) - set(wanted) - _parametrized(node)  # rows bind the rest
        if unmade or not (wanted or hooks):
            body.append(node)
            continue
        for chosen in param_choices(wanted, fixtures):  # once per value of its parametrized ones
            copied = copy.deepcopy(node)
            copied.body = copy.deepcopy(hooks) + made_before(wanted, fixtures, set(), chosen) + copied.body
            copied.args = _without(copied.args, set(wanted))
            body.append(copied)
        changed = True
    return body if changed else None


def _parametrized(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names a test's ``@pytest.mark.parametrize`` decorators bind (``'x, y'`` or a list)."""
    names: set[str] = set()
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else None
        if isinstance(called, ast.Attribute) and called.attr == "parametrize" and decorator.args:  # type: ignore[union-attr]
            first = decorator.args[0]  # type: ignore[union-attr]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names |= {name.strip() for name in first.value.split(",") if name.strip()}
            elif isinstance(first, (ast.List, ast.Tuple)):
                names |= {
                    e.value for e in first.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
                }
    return names


def _set_up_hooks(tree: ast.Module) -> list[ast.stmt]:
    """What pytest runs before each top-level test function that the test can see: the body of
    ``setup_module``, then of ``setup_function``, where it declares the names it binds
    ``global``, without those declarations (the names read as the test's own: ``C =
    Counter(5)`` then ``C.bump()`` in the test is a chain through ``C``). A hook binding only
    locals changes nothing the test reads."""
    hooks = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    return [
        statement
        for name in ("setup_module", "setup_function")
        if name in hooks and any(isinstance(statement, ast.Global) for statement in hooks[name].body)
        for statement in hooks[name].body
        if not isinstance(statement, ast.Global)
    ]


def made_before(
    wanted: list[str], fixtures: dict[str, Fixture], done: set[str], chosen: dict[str, str] | None = None
) -> list[ast.stmt]:
    """The statements that make the ``wanted`` fixtures, each after its own, each once: a
    fixture's body up to its ``return`` or ``yield``, the value bound to the fixture's name, its
    ``request.param`` read as the value ``chosen`` for it (``param_choices``)."""
    statements: list[ast.stmt] = []
    for name in wanted:
        if name in done or name not in fixtures:
            continue
        done.add(name)
        fixture = fixtures[name]
        statements += made_before(list(fixture.wanted), fixtures, done, chosen)
        body = copy.deepcopy(fixture.node.body)
        if chosen and name in chosen:
            body = [_Param(ast.parse(chosen[name], mode="eval").body).visit(s) for s in body]
        given = next((i for i, statement in enumerate(body) if _given(statement) is not None), None)
        if given is None:
            statements += body
            continue
        value = _given(body[given])
        local = value.id if isinstance(value, ast.Name) else None
        if (
            local is not None
            and local != name
            and any(
                isinstance(n, ast.Name) and n.id == local and isinstance(n.ctx, ast.Store)
                for statement in body[:given]
                for n in ast.walk(statement)
            )
        ):  # ``c = Counter(2)`` then ``yield c``: the local is the fixture's value, under its name
            statements += [_Renamed(local, name).visit(statement) for statement in body[:given]]
            continue
        bound = ast.Assign([ast.Name(id=name, ctx=ast.Store())], value)
        statements += body[:given] + [ast.fix_missing_locations(ast.copy_location(bound, body[given]))]
    return statements


class _Renamed(ast.NodeTransformer):
    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.copy_location(ast.Name(self.new, node.ctx), node) if node.id == self.old else node


class _Param(ast.NodeTransformer):
    """``request.param`` read as the value a run of a parametrized fixture hands it."""

    def __init__(self, value: ast.expr) -> None:
        self.value = value

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if node.attr == "param" and isinstance(node.value, ast.Name) and node.value.id == "request":
            return ast.copy_location(copy.deepcopy(self.value), node)
        self.generic_visit(node)
        return node


def _given(statement: ast.stmt) -> ast.expr | None:
    """What a fixture's statement hands the test: ``return X`` or ``yield X`` (None otherwise)."""
    if isinstance(statement, ast.Return):
        return statement.value or ast.Constant(None)
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Yield):
        return statement.value.value or ast.Constant(None)
    return None


def _without(arguments: ast.arguments, names: set[str]) -> ast.arguments:
    kept = copy.deepcopy(arguments)
    n_plain = len(kept.args)
    first_default = n_plain - len(kept.defaults)
    kept.args = [a for i, a in enumerate(kept.args) if i >= first_default or a.arg not in names]
    pairs = [(a, d) for a, d in zip(kept.kwonlyargs, kept.kw_defaults) if d is not None or a.arg not in names]
    kept.kwonlyargs, kept.kw_defaults = [a for a, _ in pairs], [d for _, d in pairs]
    return kept
