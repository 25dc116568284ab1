"""The calls a task's text shows as its own examples, as inputs the text allows.

A docstring's ``>>> words('one,two')``, HumanEval's ``f(3) ==> 5`` or a sentence's "for example
``parse_digits('12a4')`` raises" is an input the text itself puts in the domain; where the tests
never write such a case (a comma with no space after it), no edit of the tests' literals makes
it, and a mutant wrong only there looked equivalent (the twenty-third pass: he_words_commas).
Only the call is taken, never the answer the text writes beside it: the reference's answer is
the oracle here as on every input, so a text and a reference that disagree still yield an assert
the reference passes, and the reviewer sees the example's input beside the task's text.
"""

from __future__ import annotations

import ast
import re

from .calls import Call
from .fresh import shape_of

LONGEST_EXAMPLE = 2_000  # characters of one call's text; longer ones are data, not examples


def example_sources(prompt: str, names: tuple[str, ...], call_name: str) -> tuple[str, ...]:
    """The text of each call of one of ``names`` that ``prompt`` writes as a whole Python
    expression, renamed to ``call_name`` (the tests' name for the entry): the harvest reads them
    as it reads a test. A call whose arguments are names (``def f(x, y):``, "f(n) returns") is
    kept here and dropped by the harvest, which takes literals alone."""
    found: list[str] = []
    for name in dict.fromkeys(names):
        for match in re.finditer(rf"(?<![\w.])(?<!def\s){re.escape(name)}\s*\(", prompt):  # (not its ``def``)
            text = _whole_call(prompt, match.start(), match.end() - 1)
            if text is not None and (text := call_name + text[len(name) :]) not in found:
                found.append(text)
    return tuple(found)


def in_the_tests_shapes(examples: list[Call], visible: list[Call]) -> list[Call]:
    """The examples shaped as some visible call is (arguments, chain, uses): an example is drawn
    and asserted as the tests make that shape, never as one they do not make (``f(3)`` where the
    tests call ``f(3)(4)``, or leave a default to itself)."""
    shapes = {shape_of(call) for call in visible}
    return [call for call in examples if shape_of(call) in shapes]


def _whole_call(text: str, start: int, opening: int) -> str | None:
    """The text from ``start`` that closes the parenthesis at ``opening`` and parses as one call,
    with the calls chained on it (``make_adder(2)(5)``, ``Stack().push(1)``), or None."""
    whole = None
    for closing in (m.start() for m in re.finditer(r"\)", text[opening : start + LONGEST_EXAMPLE])):
        candidate = text[start : opening + closing + 1]
        if whole is not None and not re.match(r"(\(|\.\w+\()", candidate[len(whole) :]):
            break  # (what follows the call chains nothing on it)
        try:
            tree = ast.parse(candidate, mode="eval")
        except (SyntaxError, ValueError):
            continue
        if not isinstance(tree.body, ast.Call):
            break
        whole = candidate
    return whole
