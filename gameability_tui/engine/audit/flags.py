"""Flags on a candidate assert: reasons a careful maintainer might reject it as written.

A candidate assert is gated against the reference, so it always encodes what the REFERENCE does;
the task's text may say otherwise, and the reviewer's time is the product. Each flag names one
threat, with the evidence beside it, so that the reviewer (and ``A``) can leave the assert out:

- ``kind``: the expected value is of a kind no visible test expects (``None`` or an error string
  where every visible answer is a number, a negative number where every visible answer is
  non-negative: a sentinel such as ``-1``): a convention the task may never state (none where
  its text names that very value: ``or -1 when it is absent``);
- ``answer``: every visible answer is one of a few words (``'Yes'``/``'No'``) and this one is not,
  or a tuple item every visible answer holds fixed differs (``(False, 8)``: an unseen path);
- ``path``: the answer is what a special case (``if n == 1: return 1``) returns on a branch no
  visible test runs, and every survivor it rejects changes that special case
  (``special_cases.py``);
- ``domain``: the text says the input's array is sorted and this one's is not, or states a
  comparison (``Assume n > 1``) or primality of a parameter this input breaks
  (``stated_domain.py``);
- ``order``: every visible test passes two numbers low then high, this input passes them upside
  down, and the reference answers nothing there (``visible_order.py``);
- ``tie`` / ``boundary``: every survivor it rejects differs only where two candidates tie, or
  only at 0 where the text's "positive"/"negative" leaves 0 out (``edges.py``);
- ``reference``: with a fixed reference (EvalPlus's canonical solution, ``*-origref``), it returns
  something else on this input, or its written contract refuses the input: the reference looks
  wrong here, which is a finding about the benchmark, not a test to add.

Flags never remove an assert: they order it after the unflagged ones, keep ``A`` from taking it,
and a problem whose every assert is flagged is counted apart ("weak?"), never dropped.
Visible answers are read only from asserts of the plain form ``NAME(literal args) == literal``
(and ``assert NAME(...)`` / ``assert not NAME(...)``); with none such, no kind flag is raised.
"""

from __future__ import annotations

import ast
import math
import re
from typing import Any

from ..inputs.calls import parsed
from ..outcome import safe_repr  # a value past Python's int-to-text limit has no repr
from ..stdvalues import COUNTS, DEQUE, NUMBER, ORDERED, RANGE, SCALAR, VIEW, is_std

SMALL_VOCABULARY = 3


def visible_answers(tests: tuple[str, ...] | list[str], call_name: str) -> list[Any]:
    """The literal answers the visible asserts expect from ``call_name``."""
    answers: list[Any] = []
    for test in tests:
        tree = parsed(test)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert):
                answer = _answer(node.test, call_name)
                if answer is not _NONE:
                    answers.append(answer)
    return answers


_NONE = object()


def _calls(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _answer(test: ast.AST, name: str) -> Any:
    if _calls(test, name):
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and _calls(test.operand, name):
        return False
    if not (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.Is))
    ):
        return _NONE
    left, right = test.left, test.comparators[0]
    literal = right if _calls(left, name) else left if _calls(right, name) else None
    if literal is None:
        return _NONE
    try:
        return ast.literal_eval(literal)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NONE


# A standard-library value's kind as a test compares it (``stdvalues``): a Counter or an
# OrderedDict equals a dict, an IntEnum member the int it holds.
_STD_KINDS = {NUMBER: "number", ORDERED: "dict", COUNTS: "dict", DEQUE: "deque", RANGE: "range", VIEW: "set"}


def _marked(value: Any) -> bool:
    """Plain data standing for something else (``outcome``'s marks: an object, a chain's answers,
    a generator's items): no literal of the tests' compares with it as it is."""
    return type(value) is tuple and bool(value) and type(value[0]) is str and value[0].startswith("\x00")


def _kind(value: Any) -> str:
    if is_std(value):
        return (
            _kind(value[2]) if value[1] == SCALAR else _STD_KINDS.get(value[1], str(value[3]).split("(")[0])
        )
    if type(value) in (int, float, bool):  # 1 == True: an assert cannot tell them apart
        return "number"
    return type(value).__name__


def compares_exactly(tests: tuple[str, ...] | list[str]) -> bool:
    """Whether the visible tests compare answers with ``==`` only (no tolerance of their own)."""
    text = "\n".join(tests)
    return not any(word in text for word in ("abs(", "isclose", "round(", "approx"))


def value_flags(expected: Any, answers: list[Any], prompt: str = "") -> tuple[str, ...]:
    """The ``kind`` and ``answer`` flags of an assert expecting ``expected``; none where the
    task's text (``prompt``) names that very value (``or -1 when it is absent``, ``return
    None``): a convention the task states is the task's answer, not the reference's habit."""
    if is_std(expected) and expected[1] == SCALAR:  # an IntEnum member: the int a test compares
        expected = expected[2]
    if _marked(expected) and not is_std(expected):  # a chain's, a read's, a generator's answers
        return ()
    if not answers or stated_in(expected, prompt):
        return ()
    kinds = {_kind(a) for a in answers}
    flags = []
    if _kind(expected) not in kinds:
        seen = "/".join(sorted(kinds))
        text = str(expected[3]) if is_std(expected) else safe_repr(expected)  # its source: ``Color.RED``
        shown = text if len(text) <= 40 else _kind(expected)
        flags.append(f"kind: expects {shown}, where every visible test expects a {seen}")
    elif (
        _kind(expected) == "number"
        and not is_std(expected)
        and expected < 0
        and all(a >= 0 for a in answers if _kind(a) == "number")
    ):
        flags.append(f"kind: expects {expected!r}, where every visible answer is non-negative (a sentinel?)")
    strings = {a for a in answers if type(a) is str}
    if type(expected) is str and expected not in strings and _few_words(answers, strings):
        words = sorted(strings)
        flags.append(f"answer: expects {expected!r}, where every visible answer is one of {words}")
    flags += _unseen_items(expected, answers)
    return tuple(flags)


def stated_in(value: Any, text: str) -> bool:
    """Whether ``text`` writes ``value`` as a literal of its own: ``-1`` as a number (not inside
    ``-10`` or ``x-1``), ``None`` as a word, a string in quotes."""
    if not text:
        return False
    if value is None:
        written = [r"\bNone\b"]
    elif type(value) is float and math.isinf(value):  # ``-math.inf``, ``float('-inf')``, "-infinity"
        sign = r"-\s*" if value < 0 else r"(?<![\w.\-])(?<!-\s)"
        written = [rf"{sign}(math\.inf|inf|infinity)\b", rf"float\(\s*['\"]{sign}inf\w*['\"]\s*\)"]
    elif type(value) in (int, float):
        written = [rf"(?<![\w.]){re.escape(safe_repr(value))}(?!\w|\.\d)"]
    elif type(value) is str and value.strip():
        written = [re.escape(f"{quote}{value}{quote}") for quote in ("'", '"', "`")]
    else:
        return False
    return any(re.search(pattern, text) for pattern in written)


def _few_words(answers: list[Any], strings: set[str]) -> bool:
    """Answers drawn from a few words, which repeat ('Yes', 'No', 'Yes'): not free text."""
    words = all(type(a) is str for a in answers) and len(strings) <= SMALL_VOCABULARY
    return words and len(answers) > len(strings)


def _unseen_items(expected: Any, answers: list[Any]) -> list[str]:
    """An item of a tuple answer that is the same in every visible answer and differs here:
    ``(False, 8)`` where every visible answer is ``(True, i)`` takes a path no visible test
    takes, and its other items (the index a loop leaves) are a convention the task may not fix."""
    if type(expected) is not tuple or len(expected) < 2:
        return []
    same_shape = [a for a in answers if type(a) is tuple and len(a) == len(expected)]
    if len(same_shape) < 2 or len(same_shape) != len(answers):
        return []
    for position, item in enumerate(expected):
        seen = {safe_repr(a[position]) for a in same_shape}
        if len(seen) == 1 and safe_repr(item) not in seen:
            return [
                f"answer: item {position + 1} is {item!r}, where every visible answer's is "
                f"{seen.pop()} (a path no visible test takes)"
            ]
    return []
