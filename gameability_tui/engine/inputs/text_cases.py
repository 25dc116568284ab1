"""Inputs for cases a task's text names that no edit of one literal makes: two words tied on
their length, and a sub-text overlapping itself.

"If two words have the same length, return the first" is judged only where two words of one
length meet, and "count the occurrences, overlapping ones included" only where an occurrence
starts inside another; the tests' texts may hold neither, and moving a letter or a number of them
makes neither (the twenty-first pass: x18, x19). Each call here is one visible call with words
or letters the tests already write, so it stays in their alphabet and their words.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .calls import Call


def word_ties(calls: list[Call]) -> Iterator[Call]:
    """Each call with a word appended that ties the longest of its text, then its shortest: a
    word of that length the tests write elsewhere in that argument (a text of words keeps to
    the tests' words), or in a list of texts an item of that length, the tests' or the tied
    item's letters turned by one (``'abc'`` to ``'bca'``)."""
    for base in calls:
        for position, value in enumerate(base.args):
            pool = [word for call in calls for word in _words_at(call, position)]
            if type(value) is str and " " in value.strip():
                for word in _ties(value.split(), pool, turned=False):
                    yield _with(base, position, f"{value} {word}")
            elif type(value) in (list, tuple) and len(value) > 1 and all(type(item) is str for item in value):
                for word in _ties(list(value), pool, turned=True):
                    yield _with(base, position, type(value)([*value, word]))


def overlapping(base: Call) -> Iterator[Call]:
    """``base`` with its longest text holding its shortest twice, overlapping: the shortest
    text's own border (``'aba'`` in ``'ababa'``), else its first letter doubled as the sub-text
    and three of it in the text (``'aa'`` in ``'aaa'``)."""
    texts = [(len(value), position) for position, value in enumerate(base.args) if type(value) is str]
    if len(texts) < 2:
        return
    (_, inner), (_, outer) = min(texts), max(texts)
    sub, text = base.args[inner], base.args[outer]
    if not sub:
        return
    border = next((size for size in range(len(sub) - 1, 0, -1) if sub[:size] == sub[-size:]), 0)
    if border:
        yield _with(base, outer, text + sub + sub[border:])
    doubled = _with(base, inner, sub[0] * 2)
    yield _with(doubled, outer, text + sub[0] * 3)


def _words_at(call: Call, position: int) -> list[str]:
    if position >= len(call.args):
        return []
    value = call.args[position]
    if type(value) is str:
        return value.split()
    if type(value) in (list, tuple) and all(type(item) is str for item in value):
        return list(value)
    return []


def _ties(words: list[str], pool: list[str], turned: bool) -> list[str]:
    """For the longest word, then the shortest: another word of its length, not among ``words``."""
    found = []
    for measure in (max, min):
        target = measure(words, key=len)
        others = [word for word in pool if len(word) == len(target) and word not in words]
        if not others and turned:
            others = [twin for twin in [target[1:] + target[:1]] if twin not in words]
        if others and others[0] not in found:
            found.append(others[0])
    return found


def _with(base: Call, position: int, value: object) -> Call:
    args = list(base.args)
    args[position] = value
    return replace(base, args=tuple(args))
