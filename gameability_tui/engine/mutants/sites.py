"""Single-site mutants of a reference solution, each knowing where it changed the code.

Each mutant edits one AST node and is written back by replacing only that node's source span,
so the rest of the file (comments, layout) is untouched and the diff against the reference is
one line. The edit is checked by re-parsing: if the text splice does not give exactly the
intended tree (operator precedence), the span is parenthesised; failing that, the mutant is
skipped rather than silently testing a different program.

Threat: the first N sites of a long function all sit in its first lines. Sites are grouped by
kind and taken round-robin across kinds, each kind's sites spread evenly over the file.
Mutants that produce identical source are kept once.

Threat: ``str.splitlines`` also breaks at form feeds, U+2028 and other characters that Python's
parser does not treat as line ends, so line numbers and offsets would drift and every mutant past
such a character would be dropped. Source is split at ``\n`` only, as the parser counts lines.

EvalPlus references begin with input checks marked ``# $_CONTRACT_$``: they validate inputs, they
are not the solution, so they are not mutation sites (a weakened check would make a mutant
"differ" only on inputs the reference refuses).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .operators import SAMPLE_OPERATORS, Operator


@dataclass(frozen=True)
class Mutant:
    kind: str
    line: int
    before: str
    after: str
    source: str


@dataclass(frozen=True)
class _Site:
    operator: Operator
    path: tuple  # how to reach the node from the module: ((field, index), ...)
    choice: int  # which of the operator's edits at that node

    @property
    def kind(self) -> str:
        return self.operator.kind


def _walk_with_paths(tree: ast.AST):
    """Every node with its path from ``tree``, parents before children, fields in order
    (iteratively: nested generators would cost a frame per level for every node)."""
    stack = [(tree, ())]
    while stack:
        node, path = stack.pop()
        yield node, path
        children = []
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        children.append((item, (*path, (name, index))))
            elif isinstance(value, ast.AST):
                children.append((value, (*path, (name, None))))
        stack.extend(reversed(children))


def _resolve(tree: ast.AST, path: tuple) -> ast.AST:
    node = tree
    for name, index in path:
        node = getattr(node, name) if index is None else getattr(node, name)[index]
    return node


_DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _docstring_of(node: ast.AST) -> ast.AST | None:
    """The docstring constant of a module, function or class (not a mutation site)."""
    if isinstance(node, _DOCUMENTED):
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            return body[0].value
    return None


CONTRACT_MARKER = "$_CONTRACT_$"


def source_lines(source: str) -> list[str]:
    """The source's lines as the parser numbers them (split at ``\n`` only), ends kept."""
    return source.split("\n")


def _contract_lines(source: str) -> set[int]:
    return {number for number, line in enumerate(source_lines(source), 1) if CONTRACT_MARKER in line}


def find_sites(
    tree: ast.Module,
    skip_lines: frozenset[int] | set[int] = frozenset(),
    operators: tuple[Operator, ...] = SAMPLE_OPERATORS,
) -> list[_Site]:
    operators = tuple(operator.bound_to(tree) for operator in operators)
    docstrings: set[int] = set()  # filled as each enclosing node is reached, before its body
    found: list[tuple[tuple[int, int, int], _Site]] = []
    parents: dict[tuple, ast.AST] = {}
    for node, path in _walk_with_paths(tree):
        parents[path] = node
        docstring = _docstring_of(node)
        if docstring is not None:
            docstrings.add(id(docstring))
        if not path or getattr(node, "lineno", None) in skip_lines or id(node) in docstrings:
            continue
        parent = parents[path[:-1]]
        line, column = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        for operator in operators:
            for choice in range(operator.choices(node, parent)):
                found.append(((line, column, choice), _Site(operator, path, choice)))
    found.sort(key=lambda item: item[0])  # stable: ties keep the walk's order
    return [site for _, site in found]


def _offsets(source: str) -> list[int]:
    starts, total = [0], 0
    for line in source_lines(source):
        total += len(line.encode("utf-8")) + 1  # and its "\n"
        starts.append(total)
    return starts


def _splice(source: bytes, starts: list[int], node: ast.AST, text: str) -> str:
    """``source`` (UTF-8, line ``n`` starting at byte ``starts[n - 1]``) with ``node``'s span replaced."""
    begin, end = _span(starts, node)
    return (source[:begin] + text.encode("utf-8") + source[end:]).decode("utf-8")


_PLAIN = (str, int, bool, bytes, type(None))


def same_tree(one: object, other: object) -> bool:
    """Whether two trees are equal as ``ast.dump`` shows them (fields, not positions), without
    writing either out: node types and fields recursively, other values by their repr. (Plain
    loops, not ``all()`` over a generator: every mutant's check walks a whole statement.)"""
    if type(one) is not type(other):
        return False
    if isinstance(one, ast.AST):
        for name in one._fields:  # noqa: SIM110
            if not same_tree(getattr(one, name, None), getattr(other, name, None)):
                return False
        return True
    if isinstance(one, list):
        if len(one) != len(other):
            return False
        for mine, theirs in zip(one, other):  # noqa: SIM110
            if not same_tree(mine, theirs):
                return False
        return True
    return one == other if isinstance(one, _PLAIN) else repr(one) == repr(other)


def _anchor_length(tree: ast.Module, path: tuple) -> int:
    """How much of ``path`` leads to the part of the innermost enclosing statement that holds the
    site: the statement's own field (an ``if``'s test, an assignment's value) or the statement.

    A splice cannot reach past that part (an expression's text holds no newline or colon that
    closes it), so checking it alone is as strict as checking the whole file, and much cheaper.
    """
    node, length = tree, len(path)
    for depth, (name, index) in enumerate(path):
        if isinstance(node, ast.stmt):
            length = depth + 1
        node = getattr(node, name) if index is None else getattr(node, name)[index]
    return len(path) if isinstance(node, ast.stmt) else length


def _span(starts: list[int], node: ast.AST) -> tuple[int, int]:
    """``node``'s span in the UTF-8 source whose line ``n`` starts at byte ``starts[n - 1]``."""
    return starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset


def _reads_as(
    encoded: bytes, starts: list[int], anchor: ast.expr, node: ast.AST, text: str, expected: ast.AST
) -> bool:
    """Whether the anchor expression's own text, ``node``'s span in it replaced by ``text``,
    parses (alone, in parentheses) to ``expected``. The text around the anchor is unchanged and
    the anchor is a whole field of its statement, so the file then parses to the intended tree:
    the same check as parsing the whole file, on a few tokens instead of every line. Not where
    the new text meets a character outside the anchor that it could join into one token
    (``return(x)`` made ``returnNone``): there only the whole file can tell."""
    anchor_begin, anchor_end = _span(starts, anchor)
    node_begin, node_end = _span(starts, node)
    if (node_begin == anchor_begin and _joins(encoded, anchor_begin - 1)) or (
        node_end == anchor_end and _joins(encoded, anchor_end)
    ):
        return False
    segment = encoded[anchor_begin:node_begin] + text.encode("utf-8") + encoded[node_end:anchor_end]
    try:
        tree = ast.parse(b"(" + segment + b"\n)", mode="eval")
    except (SyntaxError, ValueError):
        return False
    return same_tree(tree.body, expected)


def _joins(encoded: bytes, at: int) -> bool:
    """Whether the byte at ``at`` could run into the text beside it as one token (a name, a
    number, a string prefix or quote, or any non-ASCII character)."""
    return 0 <= at < len(encoded) and (
        encoded[at] >= 0x80 or chr(encoded[at]).isalnum() or encoded[at] in b"_.'\""
    )


def _render_mutant(encoded: bytes, starts: list[int], tree: ast.Module, site: _Site) -> str | None:
    node = _resolve(tree, site.path)
    replacement = site.operator.edit(node, site.choice)
    anchor_path = site.path[: _anchor_length(tree, site.path)]
    anchor = _resolve(tree, anchor_path)  # as the source has it (its span), before the edit
    parent = _resolve(tree, site.path[:-1])
    name, index = site.path[-1]
    holder = getattr(parent, name) if index is not None else None
    text = ast.unparse(replacement)
    # The intended tree, seen through the anchor: the replacement put in place for a moment.
    if holder is None:
        setattr(parent, name, replacement)
    else:
        holder[index] = replacement
    try:
        expected = _resolve(tree, anchor_path)
        for candidate in (text, f"({text})"):
            try:
                if isinstance(anchor, ast.expr) and _reads_as(
                    encoded, starts, anchor, node, candidate, expected
                ):
                    return _splice(encoded, starts, node, candidate)
                spliced = _splice(encoded, starts, node, candidate)
                if same_tree(_resolve(ast.parse(spliced), anchor_path), expected):
                    return spliced
            except (SyntaxError, ValueError, UnicodeDecodeError, AttributeError, IndexError):
                continue
        return None
    finally:
        if holder is None:
            setattr(parent, name, node)
        else:
            holder[index] = node


def _spread(sites: list[_Site], limit: int, kinds: list[str]) -> list[_Site]:
    """Round-robin across kinds; within a kind, sites spread evenly over the file."""
    by_kind = {kind: [s for s in sites if s.kind == kind] for kind in kinds}
    orders = {kind: _even_order(len(group)) for kind, group in by_kind.items()}
    chosen: list[_Site] = []
    round_index = 0
    while len(chosen) < limit and any(round_index < len(order) for order in orders.values()):
        for kind in kinds:
            if round_index < len(orders[kind]) and len(chosen) < limit:
                chosen.append(by_kind[kind][orders[kind][round_index]])
        round_index += 1
    return chosen


def _even_order(size: int) -> list[int]:
    """0..size-1 ordered so that any prefix is spread over the whole range (bit-reversal style)."""
    order: list[int] = []
    seen: set[int] = set()
    step = 1
    while len(order) < size:
        for k in range(step):
            index = (2 * k + 1) * size // (2 * step) if step > 1 else 0
            if index < size and index not in seen:
                seen.add(index)
                order.append(index)
        step *= 2
        if step > 2 * size + 2:
            order += [i for i in range(size) if i not in seen]
            break
    return order


def make_mutants(
    source: str, limit: int | None = 24, operators: tuple[Operator, ...] = SAMPLE_OPERATORS
) -> list[Mutant]:
    """Up to ``limit`` (None: all) distinct single-site mutants of ``source``, deterministically
    chosen, made by ``operators`` (a catalogue of ``operators.ATTACKS``)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    lines = source_lines(source)
    mutants: list[Mutant] = []
    seen = {source}
    sites = find_sites(tree, _contract_lines(source), operators)
    encoded, starts = source.encode("utf-8"), _offsets(source)
    for site in _spread(sites, len(sites), [operator.kind for operator in operators]):
        if limit is not None and len(mutants) >= limit:
            break
        mutated = _render_mutant(encoded, starts, tree, site)
        if mutated is None or mutated in seen:
            continue
        seen.add(mutated)
        mutated_lines = source_lines(mutated)
        line = _first_changed_line(lines, mutated_lines)
        mutants.append(
            Mutant(
                kind=site.kind,
                line=line,
                before=_shown(lines[line - 1] if line - 1 < len(lines) else ""),
                after=_shown(mutated_lines[line - 1]),
                source=mutated,
            )
        )
    return mutants


def _shown(line: str) -> str:
    """A line as shown to a reviewer: without the ``\r`` of a CRLF file (MBPP's references
    have them), which splitting at ``\n`` leaves on each line."""
    return line.removesuffix("\r")


def _first_changed_line(before: list[str], after: list[str]) -> int:
    for number, (old, new) in enumerate(zip(before, after), start=1):
        if old != new:
            return number
    return min(len(before), len(after)) or 1
