"""Calls of a method or function the task's text names and no test makes.

"size() returns how many items it holds" is part of the task, yet where every test pushes and
pops and none asks the size, no drawn input ever calls it, so ``return None`` in ``size`` was
"equivalent" and the problem strong (the twenty-third pass: c4_unused_method). A method the
text writes with its parentheses and that takes no argument but ``self`` is called, where a test
uses an object, after the test's own uses and once after the first of them (an empty queue's
size and a filled one's), so its answer is compared as any use's is. Likewise a function of the
module taking no argument ("reset() sets the count back to zero", the twenty-fourth pass:
c6_reset_uncalled): the entry's call is made, then that function, then the call again.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import replace

from .calls import Call, parsed

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@functools.lru_cache(maxsize=256)
def methods_the_text_names(prompt: str, reference: str) -> tuple[str, ...]:
    """The reference's public methods that take nothing but ``self`` (no property, static or
    class method) and that ``prompt`` writes as a call: ``size()``, ``q.is_empty()``."""
    tree = parsed(reference)
    if tree is None or not prompt:
        return ()
    methods = [method for cls in tree.body if isinstance(cls, ast.ClassDef) for method in cls.body]
    return _written_as_calls(prompt, methods, required=1, after=r"\w")


@functools.lru_cache(maxsize=256)
def functions_the_text_names(prompt: str, reference: str, entry: str) -> tuple[str, ...]:
    """The reference's public top-level functions other than ``entry`` that take no argument
    and that ``prompt`` writes as a call: ``reset()``."""
    tree = parsed(reference)
    if tree is None or not prompt:
        return ()
    functions = [node for node in tree.body if getattr(node, "name", None) != entry]
    return _written_as_calls(prompt, functions, required=0, after=r"\w.")


def _written_as_calls(prompt: str, nodes: list[ast.stmt], required: int, after: str) -> tuple[str, ...]:
    """The names of ``nodes`` that are plain public functions taking ``required`` arguments (no
    decorator) and that ``prompt`` writes called with nothing, not after a character of
    ``after``."""
    return tuple(
        dict.fromkeys(
            node.name
            for node in nodes
            if isinstance(node, FUNCTIONS)
            and not node.name.startswith("_")
            and not node.decorator_list
            and _required(node.args) == required
            and re.search(rf"(?<![{after}]){re.escape(node.name)}\(\s*\)", prompt)
        )
    )


def between_named_functions(
    calls: list[Call], functions: tuple[str, ...], call_name: str, count: int
) -> Iterator[Call]:
    """Up to ``count`` of ``calls`` made plain (nothing chained, used or read on them), each
    made once, then one of ``functions``, before itself (``hit()``, ``reset()``, then ``hit()``)."""
    made = 0
    for call in calls:
        if call.chain or call.uses or call.peers or call.reads:
            continue
        for function in functions:
            if made >= count:
                return
            made += 1
            itself = (call_name, call.args, call.kwargs)
            yield replace(call, before=(*call.before, itself, (function, (), ())))


def with_named_methods(calls: list[Call], methods: tuple[str, ...], count: int) -> Iterator[Call]:
    """Up to ``count`` of ``calls`` that use an object (one object, no chain) with each of
    ``methods`` no use of theirs makes called after the first use and after the last."""
    made = 0
    for call in calls:
        if made >= count:
            return
        if not call.uses or call.chain or call.peers:
            continue
        used = {method for use in call.uses for method, _, _ in use}
        asked = tuple(((method, (), ()),) for method in methods if method not in used)
        if asked:
            made += 1
            yield replace(call, uses=(call.uses[0], *asked, *call.uses[1:], *asked))


def _required(arguments: ast.arguments) -> int | None:
    """How many arguments a call must pass; None where it must pass a keyword or takes ``*args``."""
    if arguments.vararg or any(default is None for default in arguments.kw_defaults):
        return None
    return len(arguments.posonlyargs) + len(arguments.args) - len(arguments.defaults)
