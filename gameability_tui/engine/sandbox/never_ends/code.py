"""Reading a loop's code: what its expressions may do, which names they read and bind.

``plain`` is integer arithmetic (what an accumulator may do), ``pure`` deterministic code without
side effects (what deciding code may do), ``cannot_raise`` whether an accumulator's arithmetic can
fail; ``normalized`` reads the calls that are arithmetic in disguise as arithmetic."""

from __future__ import annotations

import ast
import copy

# Operators that cannot fail on two integers (a bool is an int), and those that fail only through
# their right side: a zero divisor, a negative or huge shift.
_TOTAL = (ast.Add, ast.Sub, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)


_FAILS_BY_RIGHT = (ast.FloorDiv, ast.Mod, ast.LShift, ast.RShift)


BY_VALUE = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


_EXPRESSION_NODES = (
    ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Load,
    ast.operator, ast.unaryop, ast.boolop, ast.cmpop, ast.Subscript,
)  # fmt: skip


LARGEST_SHIFT = 64  # a constant shift past this fails or not according to its left side


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
        if node.func.id == "int" and len(node.args) == 1 and plain(node.args[0]):
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


def normalized(node: ast.While) -> tuple[ast.While, tuple[str, ...], tuple[str, ...]] | None:
    """The loop with ``_Normalizer``'s rewrites, the builtins they read as themselves and the
    lists they drop; None where a dropped list is also read elsewhere in the loop."""
    normalizer = _Normalizer()
    loop = normalizer.visit(copy.deepcopy(node))
    if normalizer.appended & names_in(loop):
        return None
    return loop, tuple(sorted(normalizer.builtins)), tuple(sorted(normalizer.appended))


def own_lines(body: list[ast.stmt]) -> set[int]:
    """The lines of ``body``'s statements, not those of a function or class defined in it."""
    lines: set[int] = set()
    for statement in body:
        lines.add(statement.lineno)
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(statement, field, None)
                if isinstance(inner, list):
                    lines |= own_lines([s for s in inner if isinstance(s, ast.stmt)])
                    for handler in inner:
                        if isinstance(handler, ast.ExceptHandler):
                            lines |= own_lines(handler.body)
    return lines


def is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def is_int(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def assigned_in(effects: list[tuple[str | None, ast.expr]]) -> dict[str, list[ast.expr]]:
    assigned: dict[str, list[ast.expr]] = {}
    for target, value in effects:
        if target is not None:
            assigned.setdefault(target, []).append(value)
    return assigned


def statements(body: list[ast.stmt]):
    """Every statement of a loop's body, ``if`` bodies included; None for one the proof cannot
    judge."""
    for statement in body:
        if isinstance(statement, ast.If):
            if not pure(statement.test):
                yield None
            yield statement
            yield from statements(statement.body)
            yield from statements(statement.orelse)
        elif isinstance(statement, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return)):
            yield statement
        elif isinstance(statement, (ast.Break, ast.Continue, ast.Pass)):
            continue
        else:
            yield None


def assignments(statement: ast.stmt) -> list[tuple[str | None, ast.expr]]:
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


def plain(expr: ast.expr, items: bool = False, division: bool = False) -> bool:
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
        if isinstance(node, ast.Compare) and not all(isinstance(op, BY_VALUE) for op in node.ops):
            return False
        if isinstance(node, ast.Subscript) and (
            not items or not isinstance(node.value, ast.Name) or isinstance(node.slice, ast.Slice)
        ):
            return False
    return True


def names_in(expr: ast.AST) -> set[str]:
    """The names ``expr`` reads as values (a called builtin's name is not one, nor a pure
    module's in ``math.sqrt(n)``)."""
    called = {id(node.func) for node in ast.walk(expr) if isinstance(node, ast.Call)}
    called |= {id(node.func.value) for node in ast.walk(expr) if _module_call(node)}  # type: ignore[attr-defined]
    return {node.id for node in ast.walk(expr) if isinstance(node, ast.Name) and id(node) not in called}


def item_sources(expr: ast.expr) -> set[str]:
    """The names whose items (``xs[i]``) or length (``len(xs)``) ``expr`` reads."""
    found = {node.value.id for node in ast.walk(expr) if isinstance(node, ast.Subscript)}  # type: ignore[attr-defined]
    lengths = (n for n in ast.walk(expr) if isinstance(n, ast.Call) and is_name(n.func, "len") and n.args)
    return found | {call.args[0].id for call in lengths if isinstance(call.args[0], ast.Name)}


# What deciding code may call: Python's own pure functions of numbers (and ``len``), each checked
# to be Python's own where the loop runs.
PURE_BUILTINS = frozenset({"abs", "float", "int", "len", "max", "min", "round", "str"})


_PURE_CONSTANTS = (int, bool, float, str, type(None))


# Modules whose functions of numbers deciding code may call (``math.sqrt(n)``), each checked to
# be Python's own module where the loop runs.
PURE_MODULES = frozenset({"math"})


def _module_call(node: ast.AST) -> bool:
    """``math.f(...)``: a function of a ``PURE_MODULES`` module, called."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in PURE_MODULES
    )


def modules_called(exprs: list[ast.expr]) -> set[str]:
    return {n.func.value.id for e in exprs for n in ast.walk(e) if _module_call(n)}  # type: ignore[attr-defined]


def pure(expr: ast.expr, modules: bool = True) -> bool:
    """Deterministic code without side effects, for deciding names and tests: ``plain``'s, with
    true division, powers, floats and strings as constants, items read through a name, and
    calls of ``PURE_BUILTINS`` (positional arguments only, ``len`` of a name) and, where
    ``modules``, of ``PURE_MODULES``' functions. Its values repeat exactly where the names it
    reads do, and so does any exception it could raise."""
    inside_calls = {id(n.func) for n in ast.walk(expr) if _module_call(n)}
    inside_calls |= {id(n.func.value) for n in ast.walk(expr) if _module_call(n)}  # type: ignore[attr-defined]
    for node in ast.walk(expr):
        if id(node) in inside_calls:
            continue  # (``math.sqrt`` itself, and its ``math``)
        if isinstance(node, ast.Call):
            if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
                return False
            if _module_call(node):
                if not modules:
                    return False
                continue
            if not (isinstance(node.func, ast.Name) and node.func.id in PURE_BUILTINS):
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
            if not all(isinstance(op, BY_VALUE) for op in node.ops):
                return False
        elif isinstance(node, ast.Subscript):
            if not isinstance(node.value, ast.Name) or isinstance(node.slice, ast.Slice):
                return False
        elif not isinstance(node, _EXPRESSION_NODES):
            return False
    return True


def shift_counts(expr: ast.expr) -> set[str]:
    return {
        n.right.id
        for n in ast.walk(expr)
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.LShift) and isinstance(n.right, ast.Name)
    }


def cannot_raise(
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
                (is_int(right) and right.value >= 0) or (isinstance(right, ast.Name) and right.id in counters)
            ):  # type: ignore[attr-defined]  # noqa: E501
                return False
        if isinstance(node, ast.BinOp) and isinstance(node.op, _FAILS_BY_RIGHT):
            right = node.right
            if isinstance(right, ast.Constant):
                shift = isinstance(node.op, (ast.LShift, ast.RShift))
                if (not shift and right.value == 0) or (shift and not 0 <= right.value <= LARGEST_SHIFT):
                    return False
            elif isinstance(node.op, ast.LShift):
                if not (isinstance(right, ast.Name) and right.id in counters):
                    return False
            elif not names_in(right) <= settled:
                return False
    return True
