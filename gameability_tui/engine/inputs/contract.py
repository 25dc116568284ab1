"""Checking an input against the domain and relations the visible calls keep (read the other way
from ``fresh.py``'s draws): the aimed inputs and inputs found by other tools are checked here.

Threat: a rule learned where it does not matter refuses a real survivor's input. HumanEval+/95's
survivor differs on a dict with a non-string key, and was refused because a dict VALUE held a
character no visible value holds: in the "contract-v2" rules the characters of a dict's values
are not a rule (a dict's keys and values are data the task reads, not a format it parses); a
value's type still is.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Any

from .calls import Call
from .domain import (
    Domain,
    character_pool,
    is_grid_permutation,
    is_numeral,
    is_permutation,
    is_rectangular,
    is_sorted,
    is_unique,
    keeps_total,
    learn_domain,
)
from .relations import learn_relations
from .relations import relation_violations as _relations_broken

V1_MODES = ("contract", "free")


@dataclass(frozen=True)
class Lifted:
    """A rule of the contract the task's text lifts (``stated_domain.lifted_rules``: "0 for an
    empty list", "its first occurrence" where an item "occurs more than once", "the sign is
    ignored"), passed among ``named``: an input that breaks only that rule is inside.
    ``rule``: ``"nonempty"``, ``"unique"``, ``"floor"``; ``"padded"`` (a text with spaces around
    what the tests' texts hold), ``"float"`` (a float where the tests pass ints), ``"case"`` (a
    letter of the other case), ``"spaces"`` (runs of spaces, tabs, newlines), ``"zero"`` (0 where
    the tests pass 1 and more), ``"crlf"`` (``\\r`` before a line's end); ``"argument N
    passed"`` or ``"NAME= passed"``, a parameter with a default no test overrides
    (``unpassed.untested_defaults``)."""

    rule: str


WHITESPACE = frozenset(" \t\n")  # what a text's runs of white space may hold (``Lifted("spaces")``)
# The rule of a range of characters the text draws its inputs from, its first and last after it
# (``"characters az"`` for "lowercase a-z": ``stated_domain.CHARACTER_RANGE``).
CHARACTERS = "characters "


def range_characters(rule: str) -> str:
    """The characters of a ``CHARACTERS`` rule's range, in order; "" for any other rule."""
    if not rule.startswith(CHARACTERS):
        return ""
    first, last = rule[len(CHARACTERS) :]
    return "".join(map(chr, range(ord(first), ord(last) + 1)))


def passed_default(where: int | str) -> str:
    """The rule a default no test overrides lifts (``unpassed.untested_defaults``): that no
    visible call passes the argument at ``where`` (a position counted from 0, or a keyword)."""
    return f"argument {where + 1} passed" if isinstance(where, int) else f"{where}= passed"


def lifted(rules: frozenset[str]) -> frozenset:
    """``rules`` as markers to pass among the ``named`` values."""
    return frozenset(Lifted(rule) for rule in rules)


# A text whose digits are more than 0s and 1s (not binary) writes numbers: a month the tests
# never wrote (``'2024-06-01'`` beside ``'2024-08-01'``) is a text of its kind (the seventeenth pass)
NUMBER_DIGITS = set("23456789")
DIGIT_RUNS = re.compile(r"[0-9]+")


def contract_violations(
    call: Call,
    visible: list[Call],
    mode: str = "contract-v2",
    floors: bool = True,
    named: frozenset = frozenset(),
) -> list[str]:
    """Why ``call`` lies outside the contract learned from ``visible`` (empty when it is inside).

    The same rules the contract perturber keeps, read the other way: an input found by another
    tool (or written by hand) can be checked against the domain our fresh inputs stay in.
    Without ``floors``, a number below the smallest the tests pass (or not above 0) is inside:
    an input aimed at a raise guard the tests cross (``aimed.guard_calls``). A value the
    reference names is inside beyond the tests' own: a float constant where the tests pass
    ints (``reference_facts.met_floats``), a letter of a text it tests letters against
    (``reference_facts.tested_letters``). A rule the text lifts (``Lifted`` among ``named``: non-empty,
    repeat-free, the floor, a text's padding, ints only, an argument no visible call passes) is
    not kept.
    """
    v2 = mode not in V1_MODES
    lifts = frozenset(value.rule for value in named if isinstance(value, Lifted))
    floors = floors and "floor" not in lifts
    width = max((len(c.args) for c in visible), default=0)
    problems: list[str] = []
    for index, value in enumerate(call.args):
        if index >= width and passed_default(index) in lifts:  # a default the tests never pass
            continue
        if index >= width:
            problems.append(f"argument {index + 1}: no visible call passes it")
            continue
        domain = _eased(learn_domain([c.args[index] for c in visible if len(c.args) > index]), lifts)
        problems += [
            f"argument {index + 1}: {why}"
            for why in _violations(value, domain, v2, floors=floors, named=named)
        ]
    for name, value in call.kwargs:
        observed = [v for c in visible for k, v in c.kwargs if k == name]
        if not observed and passed_default(name) in lifts:  # a default the tests never pass
            continue
        if not observed:
            problems.append(f"{name}=: no visible call passes it")
            continue
        problems += [
            f"{name}=: {why}"
            for why in _violations(
                value, _eased(learn_domain(observed), lifts), v2, floors=floors, named=named
            )
        ]
    return problems


def _eased(domain: Domain, lifts: frozenset[str]) -> Domain:
    """``domain`` without the rules the text lifts (``Lifted``), at every depth."""
    if not lifts:
        return domain
    domain.nonempty = domain.nonempty and "nonempty" not in lifts
    domain.unique = domain.unique and "unique" not in lifts
    domain.positive = domain.positive and "floor" not in lifts and "zero" not in lifts
    if "zero" in lifts and domain.lower == 1:  # (the text's own floor: "n >= 0")
        domain.lower = 0
    for inner in (domain.element, domain.keys, domain.values):
        if inner is not None:
            _eased(inner, lifts)
    return domain


def _violations(
    value: Any,
    domain: Domain | None,
    v2: bool = False,
    in_dict: bool = False,
    floors: bool = True,
    named: frozenset = frozenset(),
) -> list[str]:
    if domain is None or not domain.types:
        return []
    kind = type(value)
    if value is None and None in named:
        return []  # (another type, where the reference handles one: ``reference_facts.takes_other_types``)
    if kind is float and int in domain.types and (value in named or Lifted("float") in named):
        kind = int  # (a float constant the reference compares an argument with, or the text's floats)
    if kind not in domain.types:
        seen = "/".join(sorted(t.__name__ for t in domain.types))
        return [f"a {kind.__name__}, where the tests pass {seen}"]
    found: list[str] = []
    if kind in (int, float) and floors and domain.lower is not None and value < domain.lower:
        found.append(f"{value!r} is below {domain.lower}, the smallest the tests allow")
    if kind in (list, tuple, str, dict, set, frozenset) and domain.nonempty and len(value) == 0:
        found.append("empty, where every visible value is non-empty")
    if kind is str and not (v2 and in_dict):
        found += _string_violations(value, domain, v2, named)
    if kind in (list, tuple):
        items = list(value)
        if domain.sorted and not is_sorted(items) and Lifted("unsorted") not in named:
            found.append("not sorted, where every visible one is")
        if domain.unique and not is_unique(items):
            found.append("has repeats, where every visible one has none")
        if domain.permutation and not is_permutation(items):
            found.append("not a permutation of 1..n, where every visible one is")
        if domain.rectangular and items and not is_rectangular(items):
            found.append("rows of unequal length, where every visible one is rectangular")
        elif domain.square and (not v2 or domain.squares > 1) and items and len(items) != len(items[0]):
            found.append("not square, where every visible one is")
        found += [
            f"element {why}"
            for item in items
            for why in _violations(item, domain.element, v2, False, floors, named)
        ][:1]
    if kind in (set, frozenset):
        found += [
            f"element {why}" for item in value for why in _violations(item, domain.element, v2, False, floors)
        ][:1]
    if kind is dict:
        found += [f"key {why}" for key in value for why in _violations(key, domain.keys, v2, True)][:1]
        values = [why for item in value.values() for why in _violations(item, domain.values, v2, True)]
        found += [f"value {why}" for why in values][:1]
    if v2:
        found += _v2_violations(value, domain, floors)
    return found


# a whole number written out with either sign: where every visible value is a numeral, the shape
# every draw keeps (a sign the task allows, ``'+7'``, stays in; ``'4-2'`` is no number)
SIGNED_NUMERAL = re.compile(r"[+-]?[0-9]+")


def _string_violations(value: str, domain: Domain, v2: bool, named: frozenset = frozenset()) -> list[str]:
    if value in named:  # a text the reference names (``reference_facts.keyed_texts``): the task's kind
        return []
    if Lifted("padded") in named:  # the text's spaces around a text: what they pad is judged
        value = value.strip(" ")
    if v2 and domain.numerals and is_numeral(value):  # ``'65536'`` where the tests write ``'80'``
        return []
    if v2 and domain.numerals and value and not SIGNED_NUMERAL.fullmatch(value):
        # (a sign the reference names is a sign before the digits, never among them: the
        # thirtieth pass's ``'-1+20'`` for "an optional sign followed by digits")
        return [f"{value!r} is not a whole number written out, where every visible value is"]
    if v2 and domain.vocabulary:
        return [] if value in domain.vocabulary else [f"{value!r} is not one of the words the tests use"]
    cased = Lifted("case") in named  # (the text's letters of either case: a letter's twin is in)
    if v2 and domain.character:
        if len(value) != 1:
            return [f"{value!r} is not one character, where every visible value is"]
        pool = character_pool(domain)
        if value in pool or (cased and value.swapcase() in pool):
            return []
        return [f"{value!r} is not of the kind of every visible character"]
    if domain.tokens:
        known = {word.lower() for word in domain.tokens} if cased else set(domain.tokens)
        unseen = sorted(set(value.lower().split() if cased else value.split()) - known)
        if v2 and set(domain.characters) & NUMBER_DIGITS:  # ``'Ann,18'`` beside ``'Ann,34'``
            kinds = {_numbers_as_runs(word) for word in known}
            unseen = [word for word in unseen if _numbers_as_runs(word) not in kinds]
        return [f"word {unseen[0]!r} appears in no visible value"] if unseen else []
    allowed = set(domain.characters) | (WHITESPACE if Lifted("spaces") in named else set())
    allowed |= {"\r"} if Lifted("crlf") in named else set()
    allowed |= {ch for lift in named if isinstance(lift, Lifted) for ch in range_characters(lift.rule)}
    if cased:
        allowed |= {ch.swapcase() for ch in allowed}
    unseen = sorted(set(value) - allowed - named)
    if v2 and set(domain.characters) & NUMBER_DIGITS:  # numbers written in the text: any digit
        unseen = [ch for ch in unseen if ch not in string.digits]
    return [f"character {unseen[0]!r} appears in no visible value"] if unseen else []


def _numbers_as_runs(word: str) -> str:
    """``word`` with each number it writes as one mark: a word of the tests' kind whatever the
    number (a line ``'Ann,18'`` where the tests wrote ``'Ann,34'``), as any digit is a digit of a
    text that writes numbers; a number the reference compares is written there by the boundary
    inputs (``digits.py``; threat: ``age >= 18`` of a parsed ``'name,age'`` line never met 18,
    since the edited line was a word the tests never wrote: the twenty-fifth pass)."""
    return DIGIT_RUNS.sub("#", word)


def _v2_violations(value: Any, domain: Domain, floors: bool = True) -> list[str]:
    found = []
    if type(value) is float and floors and domain.positive and value <= 0:
        found.append(f"{value!r} is not above 0, where every visible value is")
    if type(value) in (list, tuple):
        if domain.length is not None and len(value) != domain.length:
            found.append(f"{len(value)} items, where every visible value has {domain.length}")
        if domain.grid_permutation and not is_grid_permutation(value):
            found.append("not a grid of 1..N*N once each, where every visible one is")
        if not keeps_total(value, domain):
            found.append(f"sums to {sum(value)!r}, where every visible value sums to {domain.total!r}")
    return found


def relation_violations(call: Call, visible: list[Call], mode: str = "contract-v2") -> list[str]:
    """Why ``call`` breaks a relation between arguments that every visible call keeps.

    v1 ("contract"): an int equal to another argument's length, two arguments of one length, as
    the v1 aimed inputs checked them. v2: ``relations.learn_relations``'s relations."""
    if mode not in V1_MODES:
        return _relations_broken(call, learn_relations(visible))
    return _v1_relation_violations(call, visible)


def _v1_relation_violations(call: Call, visible: list[Call]) -> list[str]:
    """Why ``call`` breaks a relation between arguments that every visible call keeps: an int
    argument equal to another argument's length, or two arguments of equal length.

    The random draws do not keep these (a known limit, so the default figures stay comparable);
    the deep attack's aimed inputs, which cut lengths on purpose, must.
    """
    together = [c for c in visible if len(c.args) >= len(call.args)]
    if len(together) < 2:
        return []
    found: list[str] = []
    positions = range(len(call.args))
    for i, j in ((i, j) for i in positions for j in positions if i != j):
        if _kept(together, call, i, j, _is_length_of):
            found.append(f"argument {i + 1} is not the length of argument {j + 1}, as in every test")
        if i < j and _kept(together, call, i, j, _same_length):
            found.append(f"arguments {i + 1} and {j + 1} differ in length, unlike in every test")
    return found


def _kept(visible: list[Call], call: Call, i: int, j: int, relation) -> bool:
    """Whether every visible call keeps ``relation`` between arguments i and j, and ``call`` breaks it."""
    holds = [relation(c.args[i], c.args[j]) for c in visible]
    return all(held is True for held in holds) and relation(call.args[i], call.args[j]) is False


_SIZED = (list, tuple, str, dict)


def _is_length_of(count: Any, sized: Any) -> bool | None:
    if type(count) is not int or type(sized) not in _SIZED:
        return None
    return count == len(sized)


def _same_length(first: Any, second: Any) -> bool | None:
    if type(first) not in _SIZED or type(second) not in _SIZED:
        return None
    return len(first) == len(second)
