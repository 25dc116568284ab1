"""Which costly visible tests a mutant would run exactly as the reference runs them.

A mutant that passes the cheap visible tests must still pass a costly one (MBPP/123's
``amicable_numbers_sum(9999)``, some 82 million steps) to survive, and the reference's steps
there must first be counted exactly for its budget: three traced runs of the costliest test for
two survivors of ``if limit < 1`` -> ``if limit <= 1``. Yet a mutant differs from the reference
in one place only: where that place never takes another value on a test, the mutant's run of the
test is the reference's, step for step, and it passes within any budget.

So the mutants that stopped at such a test are judged there by one untraced run of the reference
with a probe at each of their sites (``probed_program``), which records the mutants whose site
took another value (was *infected*). A site is the largest expression around the mutation that
reads only names and constants through operators (``if limit < 1``'s test); where the probe
finds the names holding plain values (numbers, text, bytes, None), it evaluates the mutant's
version beside the reference's (no side effect, and no code of the benchmark's runs for it) and
compares the two as exact values. Anything else is infected wherever it runs: a mutation inside
a call or an attribute (reached is enough), a statement (reached is enough), a probe that raised
or could not be written. A mutant is then unchanged on those tests only if none of its probes
fired there; where the tests are not independent, on every test and check, from the load on."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..model import AuditParams, Problem
from ..sandbox import run_job
from ..sandbox.jobs import INFECTED_NAME
from ..sandbox.steps import UNCOUNTED
from .prepared import Prepared, base_job

PROBE_NAME = "__gameability_probe__"
REACHED_NAME = "__gameability_reached__"

# Expressions a probe may evaluate a second time: they read names and constants, and call no
# code of the benchmark's while the names hold values of ``_PLAIN_TYPES``. ``**`` and ``<<`` are
# left out: a mutant's ``2 ** n`` for ``2 * n`` could cost the probe more than the test.
_PURE_NODES = (
    ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp,
    ast.Tuple, ast.List, ast.Set, ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Load,
)  # fmt: skip
_COSTLY_OPERATORS = (ast.Pow, ast.LShift)
_OPERATOR_NODES = (ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.expr_context)

# The probes, written into the program after its docstring and ``__future__`` imports. A probe
# that finds every mutant infected stops the run (a BaseException, past ``except Exception``).
_PREAMBLE = f"""
{INFECTED_NAME} = set()
class __GameabilityAllInfected__(BaseException):
    pass
def __gameability_same__(value, other):
    if type(value) is not type(other) or type(value) not in __gameability_plain__:
        return False
    if type(value) in (float, complex):
        return repr(value) == repr(other)
    return value == other
__gameability_plain__ = (int, float, bool, str, bytes, complex, type(None))
def {REACHED_NAME}(keys, value=None):
    {INFECTED_NAME}.update(keys)
    if len({INFECTED_NAME}) >= __gameability_probes__:
        raise __GameabilityAllInfected__
    return value
def {PROBE_NAME}(value, *alternatives):
    for key, operands, mutated in alternatives:
        if key in {INFECTED_NAME}:
            continue
        try:
            same = all(type(operand) in __gameability_plain__ for operand in operands())
            same = same and __gameability_same__(value, mutated())
        except Exception:
            same = False
        if not same:
            {REACHED_NAME}((key,))
    return value
"""


@dataclass
class _Probes:
    """The probes of one program: by the id of the reference's node they wrap (or, for a
    statement, come before), the mutants' keys and versions of it."""

    values: dict[int, list[tuple[int, ast.expr]]] = field(default_factory=dict)
    reached: dict[int, list[int]] = field(default_factory=dict)
    before: dict[int, list[int]] = field(default_factory=dict)


def unchanged_flags(
    problem: Problem, params: AuditParams, prepared: Prepared, programs: list[str]
) -> tuple[frozenset[tuple[str, int]], list[bool]]:
    """The steps the stopped ``programs`` would run exactly as the reference runs them, and for
    each program whether it does: the costly tests (``UNCOUNTED`` steps) where the visible tests
    are independent, else every test and check. A program is unchanged only if none of its
    probes fired while the probed reference ran those steps from a fresh load; all are changed
    where that run failed, did not finish, or could not be written."""
    reference = prepared.reference
    costly = [i for i in prepared.test_order if reference.tests[i][2] == UNCOUNTED]
    if prepared.tests_independent:
        order, checks = costly, []
        steps = frozenset(("test", i) for i in costly)
    else:
        order, checks = list(prepared.test_order), prepared.checks
        steps = frozenset([("test", i) for i in order] + [("check", i) for i in range(len(checks))])
    probed = probed_program(problem.reference, programs)
    if probed is None:
        return steps, [False] * len(programs)
    source, trivial = probed
    if all(trivial):  # no program differs from the reference: each runs as it does
        return steps, [True] * len(programs)
    run = run_job(
        base_job(
            problem, prepared.entry, params, mode="infection", program=source, calls=[],
            test_budgets=[None] * len(problem.tests), test_order=order,
            checks=checks, check_budgets=[None] * len(checks),
            reference_checks=[reference.checks[i][1] for i in range(len(checks))],
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    ran_clean = (
        run.complete
        and run.infected is not None
        and len(run.tests) == len(order)
        and all(passed for passed, _, _ in [*run.tests.values(), *run.checks.values()])
        and len(run.checks) == len(checks)
    )
    if not ran_clean:
        return steps, [False] * len(programs)
    infected = set(run.infected or ())
    return steps, [key not in infected for key in range(len(programs))]


def probed_program(reference: str, programs: list[str]) -> tuple[str, list[bool]] | None:
    """The reference with a probe at each program's site, keyed by the program's place in
    ``programs``, and for each whether it is the reference itself (no site); None where the
    reference or a program does not parse, or the probed program does not compile."""
    try:
        tree = ast.parse(reference)
        mutants = [ast.parse(program) for program in programs]
    except SyntaxError:
        return None
    start = _after_future_imports(tree)
    if start == len(tree.body):
        return None
    probes, trivial = _Probes(), []
    for key, mutant in enumerate(mutants):
        path = _difference(tree, mutant)
        trivial.append(path is None)
        if path is not None:
            _place_probe(probes, key, tree, mutant, path)
    tree = _ProbeWriter(probes).visit(tree)
    count = f"__gameability_probes__ = {trivial.count(False)}\n"
    tree.body[start:start] = ast.parse(_PREAMBLE + count).body
    source = ast.unparse(ast.fix_missing_locations(tree))
    try:
        compile(source, "<probed>", "exec")
    except (SyntaxError, ValueError):
        return None
    return source, trivial


def _difference(reference: ast.AST, mutant: ast.AST) -> list[tuple[str, int | None]] | None:
    """The path (field, index) from the root to the deepest node of ``reference`` holding every
    difference from ``mutant``; None where the two are the same program."""
    path: list[tuple[str, int | None]] = []
    if _same(reference, mutant):
        return None
    a, b = reference, mutant
    while True:
        step = _only_differing_child(a, b)
        if step is None:
            return path
        name, index, a, b = step
        path.append((name, index))


def _only_differing_child(a: ast.AST, b: ast.AST) -> tuple[str, int | None, ast.AST, ast.AST] | None:
    """The one child node (not an operator) where ``a`` and ``b`` differ, where they differ in
    one child alone and are of one type."""
    if type(a) is not type(b):
        return None
    differing = [
        (name, x, getattr(b, name, None))
        for name, x in ast.iter_fields(a)
        if not _same(x, getattr(b, name, None))
    ]
    if len(differing) != 1:
        return None
    name, x, y = differing[0]
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        pairs = [(i, p, q) for i, (p, q) in enumerate(zip(x, y)) if not _same(p, q)]
        if len(pairs) == 1 and _is_child(pairs[0][1], pairs[0][2]):
            return name, pairs[0][0], pairs[0][1], pairs[0][2]
        return None
    if _is_child(x, y):
        return name, None, x, y
    return None


def _is_child(x: object, y: object) -> bool:
    return isinstance(x, ast.AST) and isinstance(y, ast.AST) and not isinstance(x, _OPERATOR_NODES)


def _same(x: object, y: object) -> bool:
    if isinstance(x, ast.AST) or isinstance(y, ast.AST):
        return isinstance(x, ast.AST) and isinstance(y, ast.AST) and ast.dump(x) == ast.dump(y)
    if isinstance(x, list) and isinstance(y, list):
        return len(x) == len(y) and all(_same(p, q) for p, q in zip(x, y))
    return type(x) is type(y) and x == y


def _nodes_on(root: ast.AST, path: list[tuple[str, int | None]]) -> list[ast.AST]:
    """The nodes along ``path`` from ``root`` (root first)."""
    nodes = [root]
    for name, index in path:
        child = getattr(nodes[-1], name)
        nodes.append(child[index] if index is not None else child)
    return nodes


def _place_probe(probes: _Probes, key: int, tree: ast.AST, mutant: ast.AST, path: list) -> None:
    """Record mutant ``key``'s probe: on the largest pure expression holding its difference, the
    mutant's version beside the reference's; else reached, on the deepest expression holding
    it; else reached, before the deepest statement holding it (the whole program: its first)."""
    ours, theirs = _nodes_on(tree, path), _nodes_on(mutant, path)
    for depth in range(len(ours)):
        if isinstance(ours[depth], ast.expr) and _pure(ours[depth]) and _pure(theirs[depth]):
            probes.values.setdefault(id(ours[depth]), []).append((key, theirs[depth]))
            return
    expressions = [node for node in ours if isinstance(node, ast.expr) and _loads(node)]
    if expressions:
        probes.reached.setdefault(id(expressions[-1]), []).append(key)
        return
    statements = [node for node in ours if isinstance(node, ast.stmt)]
    first = statements[-1] if statements else tree.body[_after_future_imports(tree)]  # type: ignore[attr-defined]
    probes.before.setdefault(id(first), []).append(key)


def _pure(node: ast.AST) -> bool:
    return all(
        isinstance(inner, _PURE_NODES) and not isinstance(inner, _COSTLY_OPERATORS)
        for inner in ast.walk(node)
    )


def _loads(node: ast.expr) -> bool:
    """Whether ``node`` is read, not stored to (a call may wrap it)."""
    unwrappable = (ast.Starred, ast.Slice, ast.FormattedValue)  # a call cannot stand where they do
    return getattr(node, "ctx", ast.Load()).__class__ is ast.Load and not isinstance(node, unwrappable)


def _operands(node: ast.AST) -> ast.Tuple:
    """The names ``node`` reads, as a tuple: the probe checks their values are plain first."""
    names = sorted({inner.id for inner in ast.walk(node) if isinstance(inner, ast.Name)})
    return _tuple([ast.Name(id=name, ctx=ast.Load()) for name in names])


def _tuple(items: list) -> ast.Tuple:
    return ast.Tuple(elts=items, ctx=ast.Load())


def _call(name: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])


def _thunk(body: ast.expr) -> ast.Lambda:
    no_arguments = ast.arguments(
        posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]
    )
    return ast.Lambda(args=no_arguments, body=body)


def _keys(keys: list[int]) -> ast.Tuple:
    return _tuple([ast.Constant(key) for key in keys])


class _ProbeWriter(ast.NodeTransformer):
    """Wraps each probed expression in its probe and puts a statement's probe before it, by the
    identity of the reference's nodes (children first, so nested probes each keep their node)."""

    def __init__(self, probes: _Probes) -> None:
        self.probes = probes

    def visit(self, node: ast.AST) -> ast.AST:
        original = id(node)
        node = self.generic_visit(node)
        for name, value in ast.iter_fields(node):
            if isinstance(value, list) and any(id(item) in self.probes.before for item in value):
                setattr(node, name, list(self._with_reached(value)))
        if original in self.probes.values:
            alternatives = [
                _tuple([ast.Constant(key), _thunk(_operands(mutated)), _thunk(mutated)])
                for key, mutated in self.probes.values[original]
            ]
            node = _call(PROBE_NAME, node, *alternatives)  # type: ignore[arg-type]
        if original in self.probes.reached:
            node = _call(REACHED_NAME, _keys(self.probes.reached[original]), node)  # type: ignore[arg-type]
        return node

    def _with_reached(self, statements: list) -> Iterator[ast.AST]:
        for statement in statements:
            keys = self.probes.before.get(id(statement))
            if keys:
                yield ast.Expr(value=_call(REACHED_NAME, _keys(keys)))
            yield statement


def _after_future_imports(tree: ast.Module) -> int:
    """Where the probes go: after the module's docstring and ``from __future__`` imports."""
    start = 0
    for position, statement in enumerate(tree.body):
        docstring = position == 0 and isinstance(statement, ast.Expr)
        docstring = docstring and isinstance(statement.value, ast.Constant)
        future = isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
        if not (docstring or future):
            break
        start = position + 1
    return start
