"""Flags for an assert that only separates a tie, or a boundary the task's text decides otherwise.

Some survivors are not plainly broken: they differ from the reference only where two candidates
tie, or only exactly on a comparison's edge. An assert that rejects nothing else encodes the
reference's choice there, and the task's text, not the reference, says whether it is right. The
evidence is the edit each rejected survivor made (``edits.py``), never a problem's name:

- ``tie``: every survivor it rejects turns a strict comparison into a non-strict one (or back)
  in the test of an ``if`` that keeps a running best (``if new < best: best = new``: the body
  makes one side the new value of a name the other side reads): the two
  differ only when a candidate's key equals the best so far, so the assert only decides which of
  two equal candidates the answer keeps (HumanEval/20's closest pair, MBPP/415's highest
  product). Not raised when the text speaks of ties or of which one to keep ("first", "tie",
  "if there are several"...).
  Where the text lets any of the tied candidates be the answer ("any one of them may be
  returned"), such a mutant is no broken solution at all (``only_a_tie_the_text_leaves_free``).
- ``boundary``: every survivor it rejects differs from the reference only when a number equals 0
  (``num >= 0`` to ``num > 0``, or ``num >= 0`` to ``num >= 1``, on whole numbers), and the text
  names the side the reference puts 0 on by a word that leaves 0 out: "positive" where the
  reference counts 0 with the numbers above it, "negative" where it counts 0 with those below
  (MBPP/66 counts 0 as positive). Not raised when the text says "non-negative"/"non-positive" of
  that side or mentions zero itself.

A boundary the text leaves silent is not flagged: measured on the agreement proxy (README, issue
27), "the assert only moves a comparison's edge" split agreeing and disagreeing asserts no better
than chance (``is_prime(2)``, ``first_digit(10)``: the task fixes those edges by meaning alone).
"""

from __future__ import annotations

import ast
import operator
import re

from ..inputs.calls import assignments
from ..model import Survivor
from .edits import Edit, edit_of

STRICT_PAIRS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
MIRRORED = {ast.Lt: ast.Gt, ast.LtE: ast.GtE, ast.Gt: ast.Lt, ast.GtE: ast.LtE}
EVALUATE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge}
TIE_WORDS = re.compile(
    r"\b(ties?|tied|first|last|earliest|latest|smallest index|largest index|lowest index|"
    r"(several|multiple|more than one)\b[^.]*\b(return|answer|choose|pick)|in case of)\b",
    re.IGNORECASE,
)
# the text lets the answer be any of the tied candidates ("any one of them may be returned",
# "either one is accepted": the twenty-fourth pass)
ANY_OF_TIED = re.compile(
    r"\b(any|either)\s+(one\s+)?(of\s+(them|those|these|the\s+\w+)\s+)?(may|can)\s+be\s+(returned|chosen|given)\b"
    r"|\b(any|either)\s+(one\s+)?(of\s+(them|those|these|the\s+\w+)\s+)?(is|are|will\s+be)\s+"
    r"(fine|acceptable|correct|accepted|allowed|valid)\b"
    # a tie said to be free in any words: "ties may be broken arbitrarily" (the twenty-fifth pass),
    # "return any of them", "whichever you like"
    r"|\bties?\b[^.;]{0,40}?\b(arbitrar\w*|freely|any\s+way|either\s+way)"
    r"|\b(broken|resolved|settled|decided)\s+(arbitrarily|freely|any\s+way)\b"
    r"|\breturn\s+any\s+(one\s+)?of\s+(them|those|these)\b"
    # "you may return whichever of them you like" (the twenty-eighth pass)
    r"|\bwhichever(\s+\w+){0,3}?\s+you\s+(like|want|choose|prefer|wish)\b"
    r"|\b(may|can)\s+return\s+(any|either|whichever)\s+(one\s+)?of\s+(them|those|these)\b"
    # "which of them is returned is unspecified" (the twenty-ninth pass)
    r"|\bwhich(\s+\w+){0,4}?\s+(is|are|gets?|will\s+be)\s+(returned|chosen|picked)\s+(is|are)\s+"
    r"(unspecified|not\s+specified|arbitrary|undefined|up\s+to\s+you|free)\b"
    # "it does not matter which one you return" (the twenty-seventh pass)
    r"|\b(does\s+not|doesn't|do\s+not|don't|will\s+not|won't)\s+matter\s+which\b|\bno\s+matter\s+which\s+(one\s+)?you\b"
    # a tie, then any of the tied ones said to be fine in the same sentence: "if there is a tie,
    # returning any of the tied words is fine" (the twenty-sixth pass)
    r"|\b(ties?|tied|equally)\b[^.;]{0,60}?\b(any|either|whichever)\b[^.;]{0,40}?"
    r"\b(fine|acceptable|correct|accepted|allowed|valid|ok|okay)\b",
    re.IGNORECASE,
)
ZERO_WORDS = re.compile(r"\bzero\b|(?<![\w.])0(?![\w.])", re.IGNORECASE)
POSITIVE = re.compile(r"(?<!non-)(?<!non )(?<!non)\bpositive\b", re.IGNORECASE)
NEGATIVE = re.compile(r"(?<!non-)(?<!non )(?<!non)\bnegative\b", re.IGNORECASE)
NON_NEGATIVE = re.compile(r"\bnon[- ]?negative\b", re.IGNORECASE)
NON_POSITIVE = re.compile(r"\bnon[- ]?positive\b", re.IGNORECASE)


def edge_flags(reference: str, killed: list[Survivor], prompt: str) -> tuple[str, ...]:
    """The ``tie`` or ``boundary`` flag of an assert that rejects ``killed``, if it has one."""
    if not killed:
        return ()
    edits = [edit_of(reference, survivor.source) for survivor in killed]
    if any(edit is None for edit in edits):
        return ()
    ties = [_tie(edit) for edit in edits]
    if all(ties) and not TIE_WORDS.search(prompt):
        return (
            f"tie: every survivor it rejects differs only where two candidates tie on `{ties[0]}` "
            "(a strict comparison made non-strict, or back): the answer keeps the reference's "
            "choice among equals, which the task does not state",
        )
    sides = {_zero_side(edit) for edit in edits}
    if len(sides) == 1 and None not in sides:
        side, shown = sides.pop()
        word = _word_leaving_zero_out(side, prompt)
        if word:
            return (
                f"boundary: the task says '{word}', which leaves 0 out, but the reference counts 0 "
                f"with them (`{shown}`); every survivor it rejects differs only at 0, and may be right",
            )
    return ()


def only_a_tie_the_text_leaves_free(reference: str, source: str, prompt: str) -> bool:
    """Whether the mutant ``source`` differs from ``reference`` only in which of two tied
    candidates it keeps (``_tie``), where the text lets any of them be the answer: then it is no
    broken solution (the twenty-second pass: "when several words share the greatest length, any
    one of them may be returned" had ``>=`` for ``>`` counted a survivor)."""
    if not ANY_OF_TIED.search(prompt):
        return False
    edit = edit_of(reference, source)
    return edit is not None and (_tie(edit) is not None or _updates_what_it_compares(edit))


def _updates_what_it_compares(edit: Edit) -> bool:
    """Whether ``edit`` swaps strictness in an ``if`` whose body stores a name the comparison
    reads (``if best is None or n > counts[best]: best = x``): a running best kept by another
    key than ``_tie`` reads (the twenty-third pass's mode)."""
    found = _comparison(edit)
    if found is None or not _strict_swap(edit):
        return False
    compare, _ = found
    branch = next((p for p in reversed(edit.parents) if isinstance(p, ast.If)), None)
    if branch is None or not any(compare is node for node in ast.walk(branch.test)):
        return False
    read = {node.id for node in ast.walk(compare) if isinstance(node, ast.Name)}
    return any(name in read for name, _ in assignments(branch.body))


def _comparison(edit: Edit) -> tuple[ast.Compare, int] | None:
    """The comparison an edit changed, and which of its operators (by position)."""
    compare = edit.parents[-1] if edit.parents else None
    if not isinstance(compare, ast.Compare):
        return None
    for position, op in enumerate(compare.ops):
        if op is edit.before:
            return compare, position
    for position, operand in enumerate([compare.left, *compare.comparators]):
        if operand is edit.before:
            return compare, min(position, len(compare.ops) - 1)
    return None


def _operands(compare: ast.Compare, position: int) -> tuple[ast.expr, ast.expr]:
    return ([compare.left, *compare.comparators][position], compare.comparators[position])


def _strict_swap(edit: Edit) -> bool:
    return STRICT_PAIRS.get(type(edit.before)) is type(edit.after)


def _tie(edit: Edit) -> str | None:
    """The comparison's text when ``edit`` swaps strictness in an ``if`` that keeps a running best."""
    found = _comparison(edit)
    if found is None or not _strict_swap(edit):
        return None
    compare, position = found
    left, right = _operands(compare, position)
    if _number(left) is not None or _number(right) is not None:
        return None  # an edge against a constant, not a tie between candidates
    branch = next((p for p in reversed(edit.parents) if isinstance(p, ast.If)), None)
    if branch is None or not any(compare is node for node in ast.walk(branch.test)):
        return None
    if not any(_keeps(name, value, left, right) for name, value in assignments(branch.body)):
        return None
    return ast.unparse(compare)


def _keeps(name: str, value: ast.expr, left: ast.expr, right: ast.expr) -> bool:
    """Whether ``name = value`` makes one side the new best: ``name`` is read on one side and
    ``value`` is the other side or a part of it (``if new < best: best = new``; ``if a[i] * a[j]
    > x * y: x = a[i]``). A running position moved elsewhere (``if s[0] > start: start = s[1]``)
    or a list rewritten in place is not a best, and equal keys there are no tie."""
    shown = ast.dump(value)
    for mine, theirs in ((left, right), (right, left)):
        reads = {node.id for node in ast.walk(mine) if isinstance(node, ast.Name)}
        if name in reads and any(ast.dump(node) == shown for node in ast.walk(theirs)):
            return True
    return False


def _number(node: ast.expr) -> int | float | None:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    return None


def _zero_side(edit: Edit) -> tuple[str, str] | None:
    """("above"/"below", the comparison's text) where the edit changes the comparison of a value
    with the literal 0 only when the value is 0 (on whole numbers), and the reference puts 0 with
    the values above it or below it; else None."""
    found = _comparison(edit)
    if found is None:
        return None
    compare, position = found
    left, right = _operands(compare, position)
    op = type(compare.ops[position])
    if op not in EVALUATE:
        return None
    if _number(right) == 0 and _number(left) is None:
        value_op, literal = op, right
    elif _number(left) == 0 and _number(right) is None:
        value_op, literal = MIRRORED[op], left  # 0 < x is x > 0
    else:
        return None
    after_op, after_constant = value_op, 0
    if _strict_swap(edit):
        after_op = type(edit.after) if literal is right else MIRRORED[type(edit.after)]
    elif edit.before is literal and _number(edit.after) is not None:
        after_constant = _number(edit.after)
    else:
        return None
    reference_says = EVALUATE[value_op]
    survivor_says = EVALUATE[after_op]
    differs = {x for x in range(-3, 4) if reference_says(x, 0) != survivor_says(x, after_constant)}
    if differs != {0}:
        return None
    zero_with_higher = reference_says(0, 0) == reference_says(1, 0)
    return ("above" if zero_with_higher else "below"), ast.unparse(compare)


def _word_leaving_zero_out(side: str, prompt: str) -> str:
    """The text's word for the side 0 is put on, when that word excludes 0; "" otherwise."""
    if ZERO_WORDS.search(prompt):
        return ""
    if side == "above" and POSITIVE.search(prompt) and not NON_NEGATIVE.search(prompt):
        return "positive"
    if side == "below" and NEGATIVE.search(prompt) and not NON_POSITIVE.search(prompt):
        return "negative"
    return ""
