"""Operators and protocols the tests use on objects they build, read as steps of a chain.

Threat (the eleventh red-team pass): ``assert Vec(1, 2) + Vec(3, 4) == Vec(4, 6)``,
``len(Stack([1, 2, 3]))``, ``3 in Bag([1, 2, 3])``, ``Bag([4, 5, 6])[1]`` or ``Ver(1, 2) <
Ver(1, 3)`` exercise ``__add__``, ``__len__``, ``__contains__``, ``__getitem__`` and ``__lt__``,
but harvesting follows calls only: the objects were made and compared by their state, the
operator never ran on a fresh input, so every mutant of it was "equivalent" and the problem was
excluded as having no broken mutant (the wrong reason).

Here such an expression is rewritten, for harvesting only, as one more call of its chain, whose
method is ``observed.OPERATOR_STEP`` and the protocol's name (``Vec(1, 2).<add>(Vec(3, 4))``):
the child applies the operator as Python does (``observed._operated``, reflected methods and
fallbacks included), and an assert writes it back as the test did (``protocol_text``). A test
that uses a protocol without naming it is read as the built-in that does the same: ``x, y =
obj`` as ``tuple(obj)``, ``assert obj`` and ``not obj`` as ``bool(obj)``; ``a < b < c`` as its
two comparisons; an item stored (``g[0, 1] = 5``) as a statement of ``__setitem__``
(``SET_ITEM``, answering nothing but its raise; an attribute stored is ``harvest._stored``'s). A
``for`` loop or comprehension over the object is not read: it may take the items in any order
(``seen.add(x)``) or stop early (``break`` on an endless iterator), and ``list(obj)`` would pin
what the test does not (the thirteenth pass: a set-like class's order).

Only an expression reached from one of the reference's objects is read so (``_rooted``): a call
of one of its classes or of a class's own method (``Stack.of(1, 2)``), a name a scope binds
once to one, and what a chain of calls, reads, indexes and operators makes of it. Such a value
may still be plain data (``Solution().two_sum(...)[0]``, the method returning a list): the child
then stops the chain there and the whole value is the answer (``observed._walk``). A function's
result (``f(x) + 1``, ``len(f(x))``) is never read so, unless the function makes one of the
reference's objects (``len(make_stack([1, 2]))``: ``calls.factory_names``): its whole result
stays the answer, and its draws are what they were.
"""

from __future__ import annotations

import ast

from ..observed import CONTEXT_STEPS, OPERATOR_STEP, PROTOCOL_BUILT_INS, SET_ITEM
from .renamed import name_stores, own_scope_nodes

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

# Steps whose result is plain data whatever the object: nothing after them is an object's step.
PLAIN_RESULTS = frozenset(
    (*(n for n, _ in ORDERING.values()), "contains", "not_contains", "len", "bool", "int", "float")
    + ("list", "tuple", "set", "sorted", "str", "repr", "format")
)
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
    only, to one of the reference's objects (``s = Stack([1, 2])``, ``it = iter(s)``), in the
    order it binds them."""
    scoped: dict[int, set[str]] = {}
    functions = (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for scope in [tree, *functions]:
        nodes = own_scope_nodes(scope)
        stores = name_stores(nodes)
        names: set[str] = set()
        for target, value in sorted(_bindings(nodes), key=lambda pair: (pair[0].lineno, pair[0].col_offset)):
            if stores[target.id] == 1 and _rooted(value, classes, names):
                names.add(target.id)
        scoped[id(scope)] = names
    return scoped


def _bindings(nodes: list[ast.AST]) -> list[tuple[ast.Name, ast.expr]]:
    """Each name an assignment binds to a value of its own: ``s = Stack()``, and each of
    ``a, b = Vec(1, 2), Vec(3, 4)``."""
    found = []
    for node in nodes:
        if isinstance(node, ast.With):  # ``with Tally() as t:`` (``_AsSteps.visit_With``)
            found += [
                (i.optional_vars, i.context_expr) for i in node.items if isinstance(i.optional_vars, ast.Name)
            ]
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name):
            found.append((target, node.value))
        elif _paired(node):
            found += list(zip(target.elts, node.value.elts))  # type: ignore[attr-defined]
    return found


def _paired(node: ast.Assign) -> bool:
    """``a, b = x, y``: names bound each to a value of its own."""
    target, value = node.targets[0], node.value
    return (
        isinstance(target, (ast.Tuple, ast.List))
        and isinstance(value, (ast.Tuple, ast.List))
        and len(target.elts) == len(value.elts)
        and all(isinstance(name, ast.Name) for name in target.elts)
        and not any(isinstance(item, ast.Starred) for item in value.elts)
    )


def _rooted(node: ast.AST, classes: frozenset[str], names: set[str]) -> bool:
    """Whether ``node``'s value is reached from one of the reference's objects: a call of one of
    its ``classes`` or of a class's own method (``Stack.of(1, 2)``), one of the ``names`` bound
    to such an object, and what a chain of calls, reads, indexes or operators makes of it
    (``Stack().push(1)``, ``m.transpose()[0]``, ``Vec(1, 2) + Vec(3, 4)``, ``iter(s)``). It may
    be plain data (a method returning a list): the child then stops the chain there
    (``observed._walk``), the whole of it the answer."""
    while True:
        if isinstance(node, ast.Name):
            return node.id in names
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in classes:
                return True
            if node.func.id not in BUILT_INS or node.func.id in PLAIN_RESULTS or not node.args:
                return False
            node = node.args[0]
        elif isinstance(node, ast.Call):
            step = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if (
                step.startswith(OPERATOR_STEP)
                and step[len(OPERATOR_STEP) :].removeprefix(REFLECTED) in PLAIN_RESULTS
            ):
                return False
            node = node.func
        elif isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in classes:
                return True
            node = node.value
        elif isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.BinOp):
            return _rooted(node.left, classes, names) or _rooted(node.right, classes, names)
        else:
            return False


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
        self.visible = (outer - set(name_stores(own_scope_nodes(node)))) | self.names.get(id(node), set())
        self.generic_visit(node)
        self.visible = outer
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _is_object(self, node: ast.expr) -> bool:
        return _rooted(node, self.classes, self.visible)

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
        if not self._is_object(node.operand):
            return node
        if isinstance(node.op, ast.Not):  # ``assert not Stack([])``: its truth is a step
            node.operand = _step(node.operand, node.operand, "bool", [])
            return node
        return _step(node, node.operand, UNARY[type(node.op)][0], [])

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        if len(node.ops) > 1:  # ``a < b < c`` is ``a < b and b < c``: each read alone
            operands = [node.left, *node.comparators]
            pairs = [
                ast.copy_location(ast.Compare(left, [op], [right]), node)
                for left, op, right in zip(operands, node.ops, operands[1:])
            ]
            return self.visit(ast.copy_location(ast.BoolOp(ast.And(), pairs), node))
        self.generic_visit(node)
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
        func = node.func.id if isinstance(node.func, ast.Name) else ""
        takes = 2 if func in ("min", "max", "format") else 1  # ``max(Ver(1, 2), Ver(1, 3))``
        wraps = func in BUILT_INS and 1 <= len(node.args) <= takes and not node.keywords
        if wraps and self._is_object(node.args[0]):
            return _step(node, node.args[0], func, node.args[1:])
        return node

    def visit_FormattedValue(self, node: ast.FormattedValue) -> ast.AST:
        """``f'{t}'`` (or ``{t!s}``, ``{t!r}``) is ``str(t)`` (``repr(t)``), and ``f'{t:short}'``
        is ``format(t, 'short')`` (``__format__``: the twenty-second pass); a spec holding a
        value of its own (``{t:{width}}``) is not read."""
        self.generic_visit(node)
        plain = node.format_spec is None and node.conversion in (-1, ord("s"), ord("r"))
        spec = node.format_spec
        written = isinstance(spec, ast.JoinedStr) and all(
            isinstance(part, ast.Constant) for part in spec.values
        )
        if plain and self._is_object(node.value):
            text = "repr" if node.conversion == ord("r") else "str"
            node.value, node.conversion = _step(node.value, node.value, text, []), -1
        elif written and node.conversion == -1 and self._is_object(node.value):
            said = ast.Constant("".join(part.value for part in spec.values))  # type: ignore[union-attr]
            node.value, node.format_spec = _step(node.value, node.value, "format", [said]), None
        return node

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        self.generic_visit(node)
        if self._is_object(node.test):  # ``assert Stack([1])``: its truth is what is checked
            node.test = _step(node.test, node.test, "bool", [])
        return node

    def visit_With(self, node: ast.With) -> ast.AST | list[ast.AST]:
        """``with Tally() as t:`` and its block read as ``t = Tally()``, ``t.__enter__()``, the
        block, ``t.__exit__(None, None, None)``: entering and leaving are steps of the object's
        chain, and what the tests read of it after the block is read after its end (the
        twenty-ninth pass: a tally's ``closed`` flag, set on leaving, was never read after a
        ``with``, and every mutant of ``__exit__`` was "equivalent"). A block whose object's
        ``__enter__`` gives back another value is read on the object itself: its steps are
        replayed as written here, never as the test wrote them."""
        self.generic_visit(node)
        item = node.items[0]
        name = item.optional_vars
        if len(node.items) != 1 or not isinstance(name, ast.Name) or not self._is_object(item.context_expr):
            return node
        bound = ast.copy_location(ast.Assign([ast.Name(name.id, ast.Store())], item.context_expr), node)
        enter, leave = (
            ast.copy_location(ast.Expr(_step(node, ast.Name(name.id, ast.Load()), step, [])), node)
            for step in ("enter", "exit")
        )
        last = node.body[-1]  # (leaving is placed after the block: uses are taken in place order)
        for placed in ast.walk(leave):
            placed.lineno, placed.col_offset = last.end_lineno or last.lineno, (last.end_col_offset or 0) + 1
        return [bound, enter, *node.body, leave]

    def visit_Assign(self, node: ast.Assign) -> ast.AST | list[ast.AST]:
        self.generic_visit(node)
        if _paired(node) and any(map(self._is_object, node.value.elts)):  # type: ignore[attr-defined]
            return [  # ``a, b = Vec(1, 2), Vec(3, 4)``: a binding each, as ``_names_of_objects`` reads it
                ast.copy_location(ast.Assign([target], value), node)
                for target, value in zip(node.targets[0].elts, node.value.elts)  # type: ignore[attr-defined]
            ]
        if isinstance(node.targets[0], (ast.Tuple, ast.List)) and self._is_object(node.value):
            node.value = _step(node.value, node.value, "tuple", [])  # ``x, y = Vec(1, 2)`` iterates it
        target = node.targets[0]
        if (
            len(node.targets) == 1
            and isinstance(target, ast.Subscript)
            and not isinstance(target.slice, ast.Slice)
            and self._is_object(target.value)
        ):  # ``g[0, 1] = 5``: a statement that stores through the object's ``__setitem__``
            stored = _step(target, target.value, SET_ITEM, [target.slice, node.value])
            return ast.copy_location(ast.Expr(stored), node)
        return node


def called_items_read_as_steps(tree: ast.Module) -> None:
    """In place: an item of a call's result that the test calls (``make_multipliers(3)[2](5)``,
    ``make_ops()['add'](2, 3)``) read as a ``getitem`` step of that call's chain. Threat (the
    twentieth pass, class 4): the closures a function returns in a list were seen only as
    functions, the same in every mutant, so a closure bound late (``lambda x: x * k`` without
    ``k=k``) was equivalent. The child takes the item only where the next step calls it
    (``observed._walk``); an item read for itself (``f(x)[0]``) is part of a result whose whole
    stays the answer."""
    for node in ast.walk(tree):
        item = node.func if isinstance(node, ast.Call) else None
        if (
            isinstance(item, ast.Subscript)
            and isinstance(item.ctx, ast.Load)
            and isinstance(item.value, ast.Call)
            and not isinstance(item.slice, ast.Slice)
        ):
            node.func = _step(item, item.value, "getitem", [item.slice])  # type: ignore[union-attr]


def _step(node: ast.expr, operand: ast.expr, name: str, arguments: list[ast.expr]) -> ast.Call:
    method = ast.Attribute(operand, OPERATOR_STEP + name, ast.Load())
    return ast.copy_location(ast.Call(ast.copy_location(method, node), arguments, []), node)


def protocol_text(text: str, primary: bool, name: str, arguments: str) -> tuple[str, bool]:
    """The expression a protocol step makes of ``text`` (the chain so far: ``primary`` where
    anything may follow it unparenthesized), as the test writes it, and whether the result is
    primary. A comparison is parenthesized (``(Ver(1, 2) < Ver(1, 3)) == True``: unwrapped, the
    assert's ``==`` would chain with it); arithmetic is wrapped only when a step follows it."""
    operand = text if primary else f"({text})"
    if name in BUILT_INS:  # ``max(a, b)`` has its other operand after
        return f"{name}({text}{', ' + arguments if arguments else ''})", True
    if name == "getitem":
        return f"{operand}[{arguments}]", True
    if name in CONTEXT_STEPS:  # (a ``with`` block's ends, as the statements they are)
        return f"{operand}.__{name}__({'None, None, None' if name == 'exit' else ''})", True
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
