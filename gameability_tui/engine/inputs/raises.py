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
in a test itself.
"""

from __future__ import annotations

import ast
import functools

from .calls import defined_names, parsed


def _calls_any(node: ast.AST, names: set[str]) -> bool:
    """Whether ``node`` calls one of ``names``, or passes one along (``helper(f, 1)``)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in names:
            return True
        if isinstance(inner, ast.Call) and any(isinstance(a, ast.Name) and a.id in names for a in inner.args):
            return True
    return False


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
        if isinstance(call, ast.Call) and _last_name(call) == "fail":
            return True
    return False


def _last_name(call: ast.Call) -> str:
    """The name a call ends in: ``raises`` for ``pytest.raises(...)`` and for ``raises(...)``."""
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _is_raises_context(node: ast.AST) -> bool:
    """``pytest.raises(...)`` / ``self.assertRaises(...)`` (or a ``Regex`` form) as a ``with``
    item or a call."""
    return isinstance(node, ast.Call) and _last_name(node) in RAISES_CHECKS


def _raising_helpers(sources: tuple[str, ...]) -> set[str]:
    """Functions the sources (``setup``, the tests) define around a ``try`` whose typed handler
    lets the raise pass, or around a raises check."""
    helpers = set()
    for source in sources:
        tree = parsed(source) if source else None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.FunctionDef) and any(
                _typed_try(inner) or _is_raises_context(inner) for inner in ast.walk(node)
            ):
                helpers.add(node.name)
    return helpers


@functools.lru_cache(maxsize=256)
def tests_expect_raises(reference: str, tests: tuple[str, ...], setup: str, alias: str | None) -> bool:
    """Whether a visible test shows a call to the solution raising an exception it names."""
    names = set(defined_names(reference)) | ({alias} if alias else set())
    helpers = _raising_helpers((setup, *tests))
    for test in tests:
        tree = parsed(test)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if _typed_try(node) and any(_calls_any(statement, names) for statement in node.body):
                return True
            if (
                isinstance(node, ast.With)
                and any(_is_raises_context(item.context_expr) for item in node.items)
                and any(_calls_any(statement, names) for statement in node.body)
            ):
                return True
            if isinstance(node, ast.Call) and _calls_any(node, names):
                name = getattr(node.func, "id", None)
                if name in helpers or _is_raises_context(node):
                    return True
    return False


def _reads_name(nodes: list[ast.AST], name: str | None) -> bool:
    """Whether ``nodes`` read the variable ``name`` (an exception a handler or ``with`` caught)."""
    if name is None:
        return False
    return any(
        isinstance(inner, ast.Name) and inner.id == name and isinstance(inner.ctx, ast.Load)
        for node in nodes
        for inner in ast.walk(node)
    )


def _checks_message(node: ast.AST, test: ast.AST) -> bool:
    """Whether ``node``, a raises check in ``test``, looks at the exception's message, not only
    at its type (a ``with ... as caught`` read anywhere in the test: only after it is it bound)."""
    if isinstance(node, ast.Call) and _is_raises_context(node):
        return _last_name(node) in MESSAGE_CHECKS or any(keyword.arg == "match" for keyword in node.keywords)
    if isinstance(node, ast.Try):
        return any(
            handler.type is not None and not _fails(handler.body) and _reads_name(handler.body, handler.name)
            for handler in node.handlers
        )
    if isinstance(node, ast.With):
        return any(
            isinstance(item.optional_vars, ast.Name) and _reads_name([test], item.optional_vars.id)
            for item in node.items
            if _is_raises_context(item.context_expr)
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
