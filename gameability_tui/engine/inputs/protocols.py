"""Operators and protocols the tests use on objects they build, read as steps of a chain.

Threat (the eleventh red-team pass): ``assert Vec(1, 2) + Vec(3, 4) == Vec(4, 6)``,
``len(Stack([1, 2, 3]))``, ``3 in Bag([1, 2, 3])``, ``Bag([4, 5, 6])[1]`` or ``Ver(1, 2) <
Ver(1, 3)`` exercise ``__add__``, ``__len__``, ``__contains__``, ``__getitem__`` and ``__lt__``,
but harvesting follows calls only: the objects were made and compared by their state, the
operator never ran on a fresh input, so every mutant of it was "equivalent" and the problem was
excluded as having no broken mutant (the wrong reason).

Here such an expression is rewritten, for harvesting only, as one more call of its chain, whose
method is ``observed.OPERATOR_STEP`` and the protocol's name (``Vec(1, 2).<add>(Vec(3, 4))``):
the child applies the operator as Python does (``observed.apply_protocol``, reflected methods
and fallbacks included), and an assert writes it back as the test did (``protocol_text``).

Only an operand that is surely one of the reference's objects is read so: a call of a class the
reference defines, a name a scope binds once to one, or the result of arithmetic on one
(``Vec(1, 2) + Vec(3, 4) + Vec(5, 6)``). ``f(x) + 1`` or ``len(f(x))`` on plain data stays as
it was: the whole result is the answer there.
"""

from __future__ import annotations

import ast
from collections import Counter

from ..observed import OPERATOR_STEP, PROTOCOL_BUILT_INS

# The operators of ``ast.BinOp`` and their names in the ``operator`` module (the child's table).
ARITHMETIC = {
    ast.Add: ("add", "+"),
    ast.Sub: ("sub", "-"),
    ast.Mult: ("mul", "*"),
    ast.Div: ("truediv", "/"),
    ast.FloorDiv: ("floordiv", "//"),
    ast.Mod: ("mod", "%"),
    ast.Pow: ("pow", "**"),
    ast.MatMult: ("matmul", "@"),
    ast.LShift: ("lshift", "<<"),
    ast.RShift: ("rshift", ">>"),
    ast.BitAnd: ("and_", "&"),
    ast.BitOr: ("or_", "|"),
    ast.BitXor: ("xor", "^"),
}
# Comparisons a test asserts on; ``==`` and ``!=`` are the assert's own check, never a step.
ORDERING = {ast.Lt: ("lt", "<"), ast.LtE: ("le", "<="), ast.Gt: ("gt", ">"), ast.GtE: ("ge", ">=")}
UNARY = {ast.USub: ("neg", "-"), ast.UAdd: ("pos", "+"), ast.Invert: ("invert", "~")}
# Built-ins that call an object's protocol: ``len(s)`` is ``s.__len__()``.
BUILT_INS = tuple(PROTOCOL_BUILT_INS)

SYMBOLS = {name: symbol for name, symbol in (*ARITHMETIC.values(), *ORDERING.values())}
UNARY_SYMBOLS = dict(UNARY.values())
REFLECTED = "r_"  # the object on the right: ``3 * Vec(1, 2)`` is ``<r_mul>(3)`` on the Vec


def protocols_read_as_steps(tree: ast.Module, classes: frozenset[str]) -> None:
    """In place: each operator or protocol the tests apply to one of the reference's objects
    (``classes``: the names of its classes) read as a step of that object's chain."""
    if not classes:
        return
    _AsSteps(classes, _names_of_objects(tree, classes)).visit(tree)


def _names_of_objects(tree: ast.Module, classes: frozenset[str]) -> dict[int, set[str]]:
    """For the module and each function in it (by ``id``), the names that scope binds once, and
    only, to a call of one of ``classes`` (``s = Stack([1, 2])``)."""
    scoped: dict[int, set[str]] = {}
    functions = (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for scope in [tree, *functions]:
        nodes = _own_nodes(scope)
        stores = Counter(n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load))
        scoped[id(scope)] = {
            node.targets[0].id
            for node in nodes
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and stores[node.targets[0].id] == 1
            and _makes_object(node.value, classes)
        }
    return scoped


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of ``scope``'s own body: a function or class inside it is its own scope."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo += ast.iter_child_nodes(node)
    return found


def _makes_object(node: ast.expr, classes: frozenset[str]) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in classes


class _AsSteps(ast.NodeTransformer):
    """The rewrite itself, bottom up: an operand is rewritten before the expression using it."""

    def __init__(self, classes: frozenset[str], names: dict[int, set[str]]) -> None:
        self.classes = classes
        self.names = names
        self.visible: set[str] = set()

    def visit_Module(self, node: ast.Module) -> ast.AST:
        self.visible = self.names[id(node)]
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        outer = self.visible
        own = {n.id for n in _own_nodes(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        self.visible = (outer - own) | self.names.get(id(node), set())
        self.generic_visit(node)
        self.visible = outer
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _is_object(self, node: ast.expr) -> bool:
        """Whether ``node`` is surely one of the reference's objects: made by a class of its, a
        name bound once to such a call, or arithmetic on one (already rewritten as a step)."""
        if isinstance(node, ast.Name):
            return node.id in self.visible
        if _makes_object(node, self.classes):
            return True
        func = node.func if isinstance(node, ast.Call) else None
        return (
            isinstance(func, ast.Attribute)
            and func.attr.startswith(OPERATOR_STEP)
            and func.attr[len(OPERATOR_STEP) :].removeprefix(REFLECTED) in SYMBOLS
            and func.attr[len(OPERATOR_STEP) :] not in dict(ORDERING.values())
            and self._is_object(func.value)
        )

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        name = ARITHMETIC[type(node.op)][0]
        if self._is_object(node.left):
            return _step(node, node.left, name, [node.right])
        if self._is_object(node.right):
            return _step(node, node.right, REFLECTED + name, [node.left])
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if type(node.op) in UNARY and self._is_object(node.operand):
            return _step(node, node.operand, UNARY[type(node.op)][0], [])
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) != 1:
            return node
        op, left, right = type(node.ops[0]), node.left, node.comparators[0]
        if op in (ast.In, ast.NotIn) and self._is_object(right):
            return _step(node, right, "contains" if op is ast.In else "not_contains", [left])
        if op in ORDERING and self._is_object(left):
            return _step(node, left, ORDERING[op][0], [right])
        if op in ORDERING and self._is_object(right):
            return _step(node, right, REFLECTED + ORDERING[op][0], [left])
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        indexed = isinstance(node.ctx, ast.Load) and not isinstance(node.slice, ast.Slice)
        if indexed and self._is_object(node.value):
            return _step(node, node.value, "getitem", [node.slice])
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if (
            isinstance(node.func, ast.Name)
            and node.func.id in BUILT_INS
            and len(node.args) == 1
            and not node.keywords
            and self._is_object(node.args[0])
        ):
            return _step(node, node.args[0], node.func.id, [])
        return node


def _step(node: ast.expr, operand: ast.expr, name: str, arguments: list[ast.expr]) -> ast.Call:
    method = ast.Attribute(operand, OPERATOR_STEP + name, ast.Load())
    return ast.copy_location(ast.Call(ast.copy_location(method, node), arguments, []), node)


def protocol_text(text: str, primary: bool, name: str, arguments: str) -> tuple[str, bool]:
    """The expression a protocol step makes of ``text`` (the chain so far: ``primary`` where
    anything may follow it unparenthesized), as the test writes it, and whether the result is
    primary. A comparison is parenthesized (``(Ver(1, 2) < Ver(1, 3)) == True``: unwrapped, the
    assert's ``==`` would chain with it); arithmetic is wrapped only when a step follows it."""
    operand = text if primary else f"({text})"
    if name in BUILT_INS:
        return f"{name}({text})", True
    if name == "getitem":
        return f"{operand}[{arguments}]", True
    if name in ("contains", "not_contains"):
        return f"({arguments} {'in' if name == 'contains' else 'not in'} {text})", True
    if name in UNARY_SYMBOLS:
        return f"{UNARY_SYMBOLS[name]}{operand}", False
    symbol = SYMBOLS[name.removeprefix(REFLECTED)]
    if name.startswith(REFLECTED):  # ``-2 ** v`` would be ``-(2 ** v)``
        expression = f"{f'({arguments})' if arguments.startswith('-') else arguments} {symbol} {operand}"
    else:
        expression = f"{operand} {symbol} {arguments}"
    ordering = name.removeprefix(REFLECTED) in dict(ORDERING.values())
    return (f"({expression})", True) if ordering else (expression, False)
