"""Whether the visible tests expect the solution to raise: then a raise is part of the answer.

A difference counts only where the reference returned normally, when the tests never show a
raise: a reference's refusal of an input (EvalPlus's ``$_CONTRACT_$`` asserts) is not something
any test checks, and a mutant that returns there fails no harness. Threat: where a test does show
a raise (``try: f(150) except ValueError: pass``, with or without ``assert False``;
``with pytest.raises(ValueError):``; ``assertRaises``; a raises-style helper that ``setup``
defines), the exception is what the test checks, and a mutant that returns there, or raises
another type, goes unseen. Defence: such a problem gets ``Oracle(raises=True)``, which counts
those differences too, and its asserts check the exception type.

Where a test also looks at the exception's message (``assertRaisesRegex``, ``pytest.raises(...,
match=...)``, a handler ``except ValueError as error:`` that reads ``error``, ``with
pytest.raises(ValueError) as caught:`` then ``caught.value``), the message is part of the answer
too (``tests_check_messages``): a mutant that raises the right type with another message fails
that test, and its assert checks the message.

Only a handler that names a type and accepts the raise counts: a bare ``except:`` also swallows
the ``assert False`` beside it, so the test accepts anything; and a handler that fails the test
(``except ValueError: assert False``, ``raise``, ``pytest.fail(...)``) says the call must NOT
raise, which is the rule without raises. A helper counts wherever it is defined: in ``setup`` or
in a test itself. The call may reach the solution through a name the test bound (``c = Calc()``
then ``c.double(-1)``; ``g = double`` then ``g(-1)``): ``_reach`` follows those bindings.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass

from ..observed import PROTOCOL_BUILT_INS as PROTOCOLS
from ..syntax import ending_name
from .calls import defined_names, parsed
from .mapped import EXPECTS_RAISE

CODE, INSTANCE = "code", "instance"


@dataclass(frozen=True)
class _Reach:
    """What in a test reaches the reference's code: ``bound`` (its functions and classes, the call
    alias, and each name the tests or ``setup`` bind to one of them or to a method of one: code;
    or to an instance of one of its classes; dotted where bound to an attribute: ``self.calc``),
    ``classes`` (its classes and their aliases: calling one makes an instance) and ``methods``
    (what its classes define: ``c.double`` is its code where ``c`` is an instance)."""

    bound: dict[str, str]
    classes: frozenset[str]
    methods: frozenset[str]
    generators: frozenset[str] = frozenset()

    def kind(self, node: ast.AST) -> str | None:
        """``CODE`` where ``node`` evaluates to the reference's code, ``INSTANCE`` where to an
        object of its classes, else None."""
        dotted = _dotted(node)
        if dotted in self.bound:
            return self.bound[dotted]
        if isinstance(node, ast.Attribute) and node.attr in self.methods and self.kind(node.value):
            return CODE
        if isinstance(node, ast.Call) and _dotted(node.func) in self.classes | self.generators:
            return INSTANCE  # (a generator's code runs as it is consumed: ``next(g)``)
        return None

    def calls(self, node: ast.AST) -> bool:
        """Whether ``node`` calls the reference's code (or an instance of its classes), or passes
        its code along to be called (``helper(f, 1)``, ``assertRaises(ValueError, c.double,
        -1)``); a call of anything else (``int(x)`` on a value the reference returned, a stdlib
        call, one handed an instance as data) does not."""
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and (
                self.kind(inner.func)
                or any(self.kind(a) == CODE for a in (*inner.args, *(k.value for k in inner.keywords)))
            ):
                return True
            if self._applies_protocol(inner) or self._sets_property(inner):
                return True
        return False

    def _sets_property(self, node: ast.AST) -> bool:
        """Whether ``node`` stores to an attribute an instance's class defines (``t.celsius =
        -300``): a property's setter runs there."""
        return (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and node.attr in self.methods
            and self.kind(node.value) == INSTANCE
        )

    def _applies_protocol(self, node: ast.AST) -> bool:
        """Whether ``node`` runs an instance's own protocol: an operator on it (``a + b``,
        ``inv['zz']``, ``3 in bag``, ``-v``), or a built-in that calls one (``len(s)``,
        ``next(g)`` on a generator the reference's function made)."""
        if isinstance(node, ast.BinOp):
            operands = [node.left, node.right]
        elif isinstance(node, (ast.Subscript, ast.UnaryOp)):
            operands = [node.value if isinstance(node, ast.Subscript) else node.operand]
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PROTOCOLS:
            operands = node.args[:1]
        else:
            return False
        return any(self.kind(operand) == INSTANCE for operand in operands)


def _dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _bindings(node: ast.AST) -> list[tuple[ast.AST, ast.AST]]:
    """The (target, value) pairs a statement or expression binds: ``=`` (element-wise for
    ``a, b = x, y``), an annotated ``=``, ``:=`` and ``with ... as``."""
    if isinstance(node, ast.Assign):
        pairs = []
        for target in node.targets:
            both = (ast.Tuple, ast.List)
            if (
                isinstance(target, both)
                and isinstance(node.value, both)
                and len(target.elts) == len(node.value.elts)
            ):
                pairs.extend(zip(target.elts, node.value.elts))
            else:
                pairs.append((target, node.value))
        return pairs
    if isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
        return [(node.target, node.value)]
    if isinstance(node, ast.withitem) and node.optional_vars is not None:
        return [(node.optional_vars, node.context_expr)]
    return []


@functools.lru_cache(maxsize=64)
def _reference_names(
    reference: str,
) -> tuple[frozenset[str], frozenset[str], tuple[str, ...], frozenset[str]]:
    """The reference's classes, its classes' methods, the names it defines and its generator
    functions (``def`` with ``yield`` at top level): read once per
    reference, not once for each test that ``_reach`` follows."""
    tree = parsed(reference)
    class_nodes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)] if tree else []
    methods = {
        function.name
        for node in class_nodes
        for function in node.body
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    generators = {
        node.name
        for node in (tree.body if tree else [])
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(inner, (ast.Yield, ast.YieldFrom)) for inner in ast.walk(node))
    }
    return (
        frozenset(node.name for node in class_nodes),
        frozenset(methods),
        tuple(defined_names(reference)),
        frozenset(generators),
    )


def _reach(reference: str, alias: str | None, sources: tuple[str, ...]) -> _Reach:
    """What reaches the reference's code in ``sources`` (a test and ``setup``).

    Threat: a test that calls the solution through a name it bound (``c = Calc()`` then
    ``c.double(-1)``; ``g = double`` then ``g(-1)``) showed no raise, so a mutant that returns
    where the tests expect an exception went unseen. Defence: follow the test's bindings to a
    fixed point (``K = Calc; c = K()``), wherever in the test they are made (a ``setUp`` that
    binds ``self.c``). The other threat, a raise seen where the tests show none (it would count
    differences no test checks): a value the reference returned (``x = double(3)``) is not its
    code, and an instance handed to another call (``[].index(c)``) is data, not a call of it."""
    reference_classes, methods, defined, generators = _reference_names(reference)
    classes = set(reference_classes)
    bound = dict.fromkeys(defined, CODE) | ({alias: CODE} if alias else {})
    trees = [tree for tree in map(parsed, sources) if tree is not None]
    pairs = [pair for tree in trees for node in ast.walk(tree) for pair in _bindings(node)]
    grown = True
    while grown:
        reach = _Reach(dict(bound), frozenset(classes), frozenset(methods), generators)
        grown = False
        for target, value in pairs:
            key, kind = _dotted(target), reach.kind(value)
            if key is not None and key not in bound and kind is not None:
                bound[key] = kind
                if _dotted(value) in classes:  # an alias of a class: calling it makes an instance
                    classes.add(key)
                grown = True
    return reach


MESSAGE_CHECKS = frozenset(("assertRaisesRegex", "assertRaisesRegexp", "assert_raises_regex"))
RAISES_CHECKS = frozenset(
    (
        "raises",
        "assertRaises",
        "assert_raises",
        "assertRaisesRegex",
        "assertRaisesRegexp",
        "assert_raises_regex",
    )
)


def _typed_try(node: ast.AST) -> bool:
    """A ``try`` with a handler that names a type and lets the raise pass (the test expects it)."""
    return isinstance(node, ast.Try) and any(
        handler.type is not None and not _fails(handler.body) for handler in node.handlers
    )


def _fails(body: list[ast.stmt]) -> bool:
    """Whether a handler's body fails the test outright: ``assert False``, ``raise``, ``fail()``."""
    for statement in body:
        if isinstance(statement, ast.Raise):
            return True
        if (
            isinstance(statement, ast.Assert)
            and isinstance(statement.test, ast.Constant)
            and not statement.test.value
        ):
            return True
        call = statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(call, ast.Call) and ending_name(call.func) == "fail":
            return True
    return False


def is_raises_context(node: ast.AST) -> bool:
    """``pytest.raises(...)`` / ``self.assertRaises(...)`` (or a ``Regex`` form) as a ``with``
    item or a call."""
    return isinstance(node, ast.Call) and ending_name(node.func) in RAISES_CHECKS


def inside_expected_raise(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Whether ``node`` is in the body of a block the test expects to raise: ``with
    pytest.raises(...)`` (``assertRaises`` and the ``Regex`` forms too), or a ``try`` whose typed
    handler lets the raise pass. Where the reference returns there instead, what the statement
    returns is all the test could see of it (the fourteenth pass: ``acct.withdraw(150)`` under
    ``pytest.raises``, thrown away as a statement, left every mutant of ``withdraw`` equivalent)."""
    if getattr(getattr(node, "value", None), EXPECTS_RAISE, False):  # read from ``assertRaises(E, f, x)``
        return True
    child, parent = node, parents.get(id(node))
    while parent is not None:
        items = parent.items if isinstance(parent, ast.With) else ()
        raising = any(is_raises_context(item.context_expr) for item in items)
        if (raising or _typed_try(parent)) and child in parent.body:  # type: ignore[attr-defined]
            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return False
        child, parent = parent, parents.get(id(parent))
    return False


def _raising_helpers(sources: tuple[str, ...]) -> set[str]:
    """Functions the sources (``setup``, the tests) define around a ``try`` whose typed handler
    lets the raise pass, or around a raises check."""
    helpers = set()
    for source in sources:
        tree = parsed(source) if source else None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.FunctionDef) and any(
                _typed_try(inner) or is_raises_context(inner) for inner in ast.walk(node)
            ):
                helpers.add(node.name)
    return helpers


@functools.lru_cache(maxsize=256)
def tests_expect_raises(reference: str, tests: tuple[str, ...], setup: str, alias: str | None) -> bool:
    """Whether a visible test shows a call to the solution raising an exception it names."""
    helpers = _raising_helpers((setup, *tests))
    for test in tests:
        tree = parsed(test)
        if tree is None:
            continue
        reach = _reach(reference, alias, (setup, test))
        for node in ast.walk(tree):
            if _typed_try(node) and any(reach.calls(statement) for statement in node.body):
                return True
            if (
                isinstance(node, ast.With)
                and any(is_raises_context(item.context_expr) for item in node.items)
                and any(reach.calls(statement) for statement in node.body)
            ):
                return True
            if isinstance(node, ast.Call) and reach.calls(node):
                name = getattr(node.func, "id", None)
                if name in helpers or is_raises_context(node):
                    return True
    return False


# what reads an exception's message: its ``args``, a message attribute, its own text methods
MESSAGE_ATTRIBUTES = frozenset(("args", "message", "msg", "strerror", "__str__", "__repr__"))
# what an exception carries that is no message: its type, and the notes ``add_note`` adds (state:
# ``Oracle.raise_reads``; the twenty-seventh pass read ``e.__notes__`` and left the message free)
_NOT_A_MESSAGE = frozenset(("__class__", "__notes__"))
# what a raises check's context offers (``pytest.raises(...) as caught``, ``assertRaises as cm``)
_TYPE_OF_CHECK = frozenset(("type", "typename"))
_CAUGHT_OF_CHECK = frozenset(("value", "exception"))


def _reads_its_message(nodes: list[ast.AST], name: str | None, of_check: bool = False) -> bool:
    """Whether ``nodes`` read the caught exception ``name`` for its message, not for its type or
    its state alone: ``type(e)``,
    ``type(e).__name__``, ``isinstance(e, ...)`` and ``e.__class__`` read the type alone (the
    twenty-third pass: a setup's ``check`` answering ``type(e).__name__`` made the message part
    of the answer, and a message no text fixes a survivor), and ``e.position`` an attribute
    alone, which is the exception's state (``outcome.raise_state``), not its message (the
    twenty-third pass: c1_exc_position's unstated message was pinned). ``of_check``: ``name``
    is a raises check's context, read through ``.value`` or ``.exception`` (``caught.value.code``)."""
    if name is None:
        return False
    for node in nodes:
        parents = {id(child): parent for parent in ast.walk(node) for child in ast.iter_child_nodes(parent)}
        for inner in ast.walk(node):
            loaded = isinstance(inner, ast.Name) and inner.id == name and isinstance(inner.ctx, ast.Load)
            if loaded and _reads_message(inner, parents, of_check):
                return True
    return False


def _reads_message(load: ast.Name, parents: dict[int, ast.AST], of_check: bool) -> bool:
    parent = parents.get(id(load))
    if of_check:  # (the context: its type, or the exception it holds, read as a handler's name)
        if not isinstance(parent, ast.Attribute):
            return True
        if parent.attr in _TYPE_OF_CHECK:
            return False
        if parent.attr not in _CAUGHT_OF_CHECK:
            return True  # (``caught.match(...)``, anything else of it)
        load, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.Call) and ending_name(parent.func) in ("type", "isinstance"):
        return False
    if isinstance(parent, ast.Attribute) and parent.value is load:
        return parent.attr in MESSAGE_ATTRIBUTES or (
            parent.attr.startswith("__") and parent.attr not in _NOT_A_MESSAGE
        )
    return True


def _checks_message(node: ast.AST, test: ast.AST) -> bool:
    """Whether ``node``, a raises check in ``test``, looks at the exception's message, not only
    at its type (a ``with ... as caught`` read anywhere in the test: only after it is it bound)."""
    if isinstance(node, ast.Call) and is_raises_context(node):
        return ending_name(node.func) in MESSAGE_CHECKS or any(
            keyword.arg == "match" for keyword in node.keywords
        )
    if isinstance(node, ast.Try):
        return any(
            handler.type is not None
            and not _fails(handler.body)
            and _reads_its_message(handler.body, handler.name)
            for handler in node.handlers
        )
    if isinstance(node, ast.With):
        return any(
            isinstance(item.optional_vars, ast.Name)
            and _reads_its_message([test], item.optional_vars.id, of_check=True)
            for item in node.items
            if is_raises_context(item.context_expr)
        )
    return False


@functools.lru_cache(maxsize=256)
def tests_check_messages(reference: str, tests: tuple[str, ...], setup: str, alias: str | None) -> bool:
    """Whether the tests expect raises and one of their raises checks (in a test, or in a helper
    ``setup`` or a test defines) also looks at the exception's message."""
    if not tests_expect_raises(reference, tests, setup, alias):
        return False
    for source in (setup, *tests):
        tree = parsed(source) if source else None
        if tree is not None and any(_checks_message(node, tree) for node in ast.walk(tree)):
            return True
    return False


@functools.lru_cache(maxsize=256)
def caught_together(tests: tuple[str, ...], setup: str) -> tuple[tuple[str, ...], ...]:
    """The groups of exception types the tests only ever catch together (``pytest.raises((A,
    B))``, ``except (A, B):``, ``assertRaises((A, B), ...)``), each in the order first written.

    Threat: a test that accepts A or B takes a mutant raising B where the reference raises A, so
    counting that as another answer made a survivor no harness rejects, and its assert (``A``
    alone) stated a narrower answer than the tests'. Defence: such types are one answer
    (``Oracle.caught``). Only where nothing tells them apart: a check naming one of them without
    the other (``pytest.raises(A)``) keeps each its own answer, and a check whose types cannot be
    read (``except error:`` in a helper handed its type) makes no group at all."""
    checks: list[tuple[str, ...]] = []
    for source in (setup, *tests):
        tree = parsed(source) if source else None
        for node in ast.walk(tree) if tree is not None else ():
            caught = _caught_types(node)
            if caught is None:
                return ()
            if caught:
                checks.append(caught)
    names = list(dict.fromkeys(name for check in checks for name in check))
    where = {name: frozenset(i for i, check in enumerate(checks) if name in check) for name in names}
    groups = {tuple(n for n in names if where[n] == where[name]) for name in names}
    return tuple(sorted((group for group in groups if len(group) > 1), key=lambda g: names.index(g[0])))


def _caught_types(node: ast.AST) -> tuple[str, ...] | None:
    """The type names a raises check, or a ``try`` through its handlers that accept the raise
    (``except A: pass`` beside ``except B: pass`` accepts either, as ``except (A, B)`` does),
    catches; () where ``node`` is neither, None where one's types are not all written as names."""
    if isinstance(node, ast.Try):
        parts = [
            part
            for handler in node.handlers
            if handler.type is not None and not _fails(handler.body)
            for part in (handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type])
        ]
    elif isinstance(node, ast.Call) and is_raises_context(node):
        named = [k.value for k in node.keywords if k.arg in ("expected_exception", "exception")]
        spec = node.args[0] if node.args else (named[0] if named else None)
        parts = spec.elts if isinstance(spec, ast.Tuple) else [spec]
    else:
        return ()
    if not parts:
        return ()
    names = [part.attr if isinstance(part, ast.Attribute) else getattr(part, "id", None) for part in parts]
    return tuple(dict.fromkeys(names)) if all(names) else None  # type: ignore[arg-type]


# What a test reads on the context of a raises check itself, never an exception's own attribute.
_CHECK_ATTRIBUTES = frozenset(("value", "exception", "type", "args", "match", "tb", "typename"))


@functools.lru_cache(maxsize=256)
def attributes_read(tests: tuple[str, ...], setup: str) -> tuple[str, ...]:
    """The attribute names the tests (or ``setup``) read anywhere (``caught.value.code``,
    ``error.code``): where they read an exception, those of its attributes are part of the answer
    (``Oracle.raise_reads``); the raises check's own (``value``, ``exception``) are not."""
    names: set[str] = set()
    for source in (setup, *tests):
        tree = parsed(source) if source else None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                names.add(node.attr)
    return tuple(sorted(names - _CHECK_ATTRIBUTES))


# the text speaks of how an exception is chained ("raised from None", "no chained context")
CHAINING_SAID = re.compile(
    r"\bfrom\s+None\b|\bchain(ed|ing)\b|__(cause|context|suppress_context)__|\braised\s+from\b", re.IGNORECASE
)


@functools.lru_cache(maxsize=64)
def chains_raises(reference: str, prompt: str) -> bool:
    """Whether the reference raises ``from`` something (``raise X from None``) and the task's
    text speaks of how its exceptions are chained: whether a raise hides the exception it was
    raised while handling is then part of its answer, as a traceback shows it
    (``Oracle.raise_reads``: the thirtieth pass's "carries no chained context"). Where the text is
    silent, ``from None`` is the reference's choice (the thirtieth pass's
    c1_getattr_hasattr_strong), and a raise without it as right."""
    if not CHAINING_SAID.search(prompt or ""):
        return False
    tree = parsed(reference)
    return tree is not None and any(isinstance(node, ast.Raise) and node.cause for node in ast.walk(tree))


# how a test watches for warnings: records them, expects one, or turns them into errors
WATCHING_WARNINGS = re.compile(
    r"\bcatch_warnings\b|\bpytest\.warns\b|\bassertWarns(Regex)?\b|\brecwarn\b|\bsimplefilter\b|\bfilterwarnings\b"
)


@functools.lru_cache(maxsize=64)
def watches_warnings(reference: str, tests: tuple[str, ...], setup: str = "") -> bool:
    """Whether the tests (or their setup) watch for warnings and the reference's code warns
    (``warnings.warn``, ``warn(...)``): what a call warns with is then part of its answer."""
    if not any(WATCHING_WARNINGS.search(text) for text in (*tests, setup or "")):
        return False
    tree = parsed(reference)
    return tree is not None and any(
        isinstance(node, ast.Call)
        and (getattr(node.func, "attr", None) == "warn" or getattr(node.func, "id", None) == "warn")
        for node in ast.walk(tree)
    )
