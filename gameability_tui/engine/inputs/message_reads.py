"""How the visible tests read an expected exception's message: whole, or for some words in it.

Threat: where a test reads the message only for a word (``self.assertIn('negative',
str(cm.exception))``, ``pytest.raises(ValueError, match='negative')``), a mutant whose message
still holds the word passes every test and keeps what the task says ("a message containing
'negative'"), yet the message compared whole made it broken, and its assert pinned the
reference's every character (``'^negative input$'``: the nineteenth pass's ``math.isqrt``
raising "argument must be nonnegative" where the guard was deleted). Defence: where every
message read is such a check, the message is judged by those words alone
(``Oracle.fragments``, ``outcome.message_holds``): which of them it holds, or which patterns it
matches, and its assert
checks them (``assertRaisesRegex(ValueError, 'negative', ...)``). Any other read of the message
(``str(e) == ...``, ``print(e)``, a read of it handed elsewhere) keeps it whole, as before.
Reads of an exception's attributes (``caught.value.code``) and its type are no reads of its
message.
"""

from __future__ import annotations

import ast
import functools

from ..syntax import ending_name
from .calls import parsed
from .raises import MESSAGE_CHECKS, is_raises_context

# (words, is_pattern): a literal the tests look for with ``in``, or a pattern they search with
Fragment = tuple[str, bool]

_CONTAINERS = frozenset(("value", "exception"))  # ``caught.value``, ``cm.exception``: the exception
_NOT_THE_MESSAGE = frozenset(("type", "typename", "tb", "traceback"))
_CONTAINS = frozenset(("assertIn", "assertNotIn"))


class _Whole(Exception):
    """A read of the message that is no check for words in it."""


@functools.lru_cache(maxsize=256)
def message_fragments(tests: tuple[str, ...], setup: str) -> tuple[Fragment, ...]:
    """The words and patterns the tests look for in exception messages, where every read of a
    message is such a check; () where any read takes the message whole, or none is a check."""
    found: list[Fragment] = []
    try:
        for source in (setup, *tests):
            tree = parsed(source) if source else None
            if tree is not None:
                found += _fragments_in(tree)
    except _Whole:
        return ()
    return tuple(dict.fromkeys(found))


def _fragments_in(tree: ast.AST) -> list[Fragment]:
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: list[Fragment] = []
    for node in ast.walk(tree):
        if is_raises_context(node):
            found += _pattern_of(node)
        if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
            found += _uses(node.body, node.name, parents, container=False)
        if isinstance(node, ast.With):
            for item in node.items:
                context, name = item.context_expr, item.optional_vars
                if isinstance(name, ast.Name) and is_raises_context(context):
                    found += _uses([tree], name.id, parents, container=True)
    return found


def _pattern_of(check: ast.Call) -> list[Fragment]:
    """The pattern a raises check searches the message with (``match=``, ``assertRaisesRegex``'s
    second argument)."""
    patterns = [keyword.value for keyword in check.keywords if keyword.arg in ("match", "expected_regex")]
    if ending_name(check.func) in MESSAGE_CHECKS and len(check.args) > 1:
        patterns.append(check.args[1])
    found = []
    for pattern in patterns:
        if not _is_text(pattern):
            raise _Whole
        found.append((pattern.value, True))
    return found


def _uses(scope: list[ast.AST], name: str, parents: dict[int, ast.AST], container: bool) -> list[Fragment]:
    """The checks for words made on each read of ``name`` in ``scope``: the exception itself, or
    (``container``) what holds it (``caught.value``, ``cm.exception``, ``caught.match(...)``)."""
    found: list[Fragment] = []
    for node in (inner for outer in scope for inner in ast.walk(outer)):
        if not (isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)):
            continue
        error: ast.AST = node
        if container:
            holder = parents.get(id(node))
            if not isinstance(holder, ast.Attribute):
                raise _Whole
            if holder.attr == "match":
                call = parents.get(id(holder))
                args = call.args if isinstance(call, ast.Call) else []
                if not (args and _is_text(args[0])):
                    raise _Whole
                found.append((args[0].value, True))
                continue
            if holder.attr in _NOT_THE_MESSAGE:
                continue
            if holder.attr not in _CONTAINERS:
                raise _Whole
            error = holder
        found += _words_checked(error, parents)
    return found


def _words_checked(error: ast.AST, parents: dict[int, ast.AST]) -> list[Fragment]:
    """The words a test looks for in the message of ``error`` (an expression for the exception):
    ``'w' in str(e)``, ``assertIn('w', str(e))``, ``e.args[0]`` likewise; none where it reads an
    attribute or the type; ``_Whole`` for any other read."""
    parent = parents.get(id(error))
    if isinstance(parent, ast.Attribute) and parent.attr != "args":
        return []  # (an attribute the exception carries: ``Oracle.raise_reads``)
    if isinstance(parent, ast.Call) and getattr(parent.func, "id", "") in ("isinstance", "type"):
        return []
    if isinstance(parent, ast.Call) and getattr(parent.func, "id", "") == "str" and parent.args == [error]:
        text = parent
    elif isinstance(parent, ast.Attribute):  # ``e.args[0]``
        text = parents.get(id(parent))
        if not (isinstance(text, ast.Subscript) and _is_text(text.slice, 0)):
            raise _Whole
    else:
        raise _Whole
    where = parents.get(id(text))
    if isinstance(where, ast.Compare) and [type(op) for op in where.ops] in ([ast.In], [ast.NotIn]):
        words, within = where.left, where.comparators[0]
    elif isinstance(where, ast.Call) and ending_name(where.func) in _CONTAINS and len(where.args) == 2:
        words, within = where.args
    else:
        raise _Whole
    if within is not text or not _is_text(words):
        raise _Whole
    return [(words.value, False)]  # type: ignore[attr-defined]


def _is_text(node: ast.AST, value: object = None) -> bool:
    """A constant text (or, given ``value``, that constant)."""
    if not isinstance(node, ast.Constant):
        return False
    return node.value == value if value is not None else type(node.value) is str
