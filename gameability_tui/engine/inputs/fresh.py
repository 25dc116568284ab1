"""Fresh inputs: the visible tests' literal calls, perturbed into new calls (the hidden answer key).

Threat: a fresh input the problem never promised to handle makes a mutant "wrong" only there,
and the assert built from it encodes an input the benchmark never allowed. In the default
"contract" mode each argument position learns its domain from ALL visible calls and stays in it:

- numbers keep their observed lower bound (all >= 1 stays >= 1, all >= 0 stays >= 0);
- strings reuse the observed characters, or whole observed tokens when values contain spaces;
- lists stay sorted / unique / rectangular / square / a permutation of 1..n when every observed
  one is;
  element domains recurse.

Known limit: relations BETWEEN arguments (a length that must equal a list's length) are not
modelled. "free" mode drops every rule, to reproduce the published tool's v0.1 numbers.
Everything is seeded, so the same problem and seed give the same inputs on every machine.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from .calls import Call

FREE_CHARACTERS = "abcxyzABC019 _-!"


@dataclass
class Domain:
    """What every observed value at one argument position has in common."""

    types: set[type] = field(default_factory=set)
    lower: float | None = None  # 0 or 1 when every observed number is at least that
    characters: str = ""
    tokens: list[str] = field(default_factory=list)  # used when strings contain inner spaces
    nonempty: bool = False
    sorted: bool = False
    unique: bool = False
    permutation: bool = False
    rectangular: bool = False
    square: bool = False  # as many rows as columns
    element: Domain | None = None
    keys: Domain | None = None
    values: Domain | None = None


def learn_domain(observed: list[Any]) -> Domain:
    domain = Domain(types={type(value) for value in observed})
    numbers = [v for v in observed if type(v) in (int, float)]
    if numbers:
        low = min(numbers)
        domain.lower = 1 if low >= 1 else (0 if low >= 0 else None)
    # bytes draw from their observed byte values as a string of the same code points (latin-1)
    strings = [v if type(v) is str else v.decode("latin-1") for v in observed if type(v) in (str, bytes)]
    if strings:
        domain.characters = "".join(sorted({ch for s in strings for ch in s}))
        if any(" " in s.strip() for s in strings):
            domain.tokens = sorted({token for s in strings for token in s.split()})
    sized = [v for v in observed if type(v) in (list, tuple, str, bytes, dict, set)]
    domain.nonempty = bool(sized) and all(len(v) > 0 for v in sized)
    sequences = [v for v in observed if type(v) in (list, tuple)]
    if sequences:
        domain.sorted = all(_is_sorted(v) for v in sequences) and any(len(v) > 1 for v in sequences)
        domain.unique = all(_is_unique(v) for v in sequences)
        domain.permutation = all(_is_permutation(v) for v in sequences)
        domain.rectangular = all(_is_rectangular(v) for v in sequences)
        domain.square = domain.rectangular and all(len(v) == len(v[0]) for v in sequences if v)
        domain.square = domain.square and any(len(v) > 1 for v in sequences)
        domain.element = learn_domain([item for v in sequences for item in v])
    sets = [v for v in observed if type(v) in (set, frozenset)]
    if sets and domain.element is None:
        domain.element = learn_domain([item for v in sets for item in v])
    dicts = [v for v in observed if type(v) is dict]
    if dicts:
        domain.keys = learn_domain([k for d in dicts for k in d])
        domain.values = learn_domain([x for d in dicts for x in d.values()])
    return domain


def _is_sorted(values) -> bool:
    try:
        return all(a <= b for a, b in zip(values, values[1:]))
    except TypeError:
        return False


def _is_unique(values) -> bool:
    try:
        return len(set(values)) == len(values)
    except TypeError:
        return False


def _is_permutation(values) -> bool:
    return (
        len(values) > 1
        and all(type(v) is int for v in values)
        and sorted(values) == list(range(1, len(values) + 1))
    )


def _is_rectangular(values) -> bool:
    if not values or not all(type(row) in (list, tuple) for row in values):
        return False
    return len({len(row) for row in values}) == 1


class Perturber:
    """Seeded edits of one value within (contract) or without (free) its learned domain."""

    def __init__(self, rng: random.Random, contract: bool) -> None:
        self.rng = rng
        self.contract = contract

    def value(self, value: Any, domain: Domain | None, depth: int = 0) -> Any:
        if domain is None:
            domain = Domain()
        kind = type(value)
        if kind is bool:
            return not value
        if kind is int:
            return self._int(value, domain)
        if kind is float:
            return self._float(value, domain)
        if kind is str:
            return self._str(value, domain)
        if kind is bytes:
            return self._str(value.decode("latin-1"), domain).encode("latin-1", "replace")
        if kind in (list, tuple) and depth < 6:
            return kind(self._sequence(list(value), domain, depth))
        if kind in (set, frozenset) and depth < 6:
            return kind(self._set(set(value), domain, depth))
        if kind is dict and depth < 6:
            return self._dict(dict(value), domain, depth)
        return value

    def _bounded(self, candidate, domain: Domain):
        if self.contract and domain.lower is not None and candidate < domain.lower:
            return domain.lower
        return candidate

    def _int(self, value: int, domain: Domain) -> int:
        step = self.rng.choice([1, 1, 2, 3, max(1, abs(value) // 2)])
        if not self.contract:
            step = self.rng.choice([1, 2, 5, 10, abs(value) + 1])
        candidate = value + step * self.rng.choice([-1, 1])
        candidate = self._bounded(candidate, domain)
        return candidate if candidate != value else value + step

    def _float(self, value: float, domain: Domain) -> float:
        candidate = round(value + self.rng.choice([-1, 1]) * self.rng.choice([0.5, 1.0, 2.5]), 3)
        candidate = self._bounded(candidate, domain)
        return float(candidate) if candidate != value else float(value + 1.5)

    def _str(self, value: str, domain: Domain) -> str:
        if self.contract and domain.tokens:
            return self._tokens(value, domain)
        alphabet = domain.characters if self.contract else domain.characters + FREE_CHARACTERS
        keep_one = domain.nonempty and self.contract
        return "".join(self._edit(list(value), alphabet or "ab", keep_one))

    def _tokens(self, value: str, domain: Domain) -> str:
        return " ".join(self._edit(value.split(), domain.tokens, keep_one=True))

    def _edit(self, parts: list, pool, keep_one: bool) -> list:
        """One seeded edit of a character or word list: replace, insert, delete or swap."""
        operation = self.rng.choice(["replace", "insert", "delete", "swap"])
        if not parts:
            operation = "insert"
        if operation == "delete" and len(parts) == 1 and keep_one:
            operation = "replace"
        position = self.rng.randrange(len(parts)) if parts else 0
        if operation == "replace":
            parts[position] = self.rng.choice(pool)
        elif operation == "insert":
            parts.insert(self.rng.randrange(len(parts) + 1), self.rng.choice(pool))
        elif operation == "delete":
            del parts[position]
        elif len(parts) > 1:
            other = self.rng.randrange(len(parts))
            parts[position], parts[other] = parts[other], parts[position]
        return parts

    def _sequence(self, items: list, domain: Domain, depth: int) -> list:
        if self.contract and domain.permutation:
            size = max(2, len(items) + self.rng.choice([-1, 0, 1]))
            permutation = list(range(1, size + 1))
            if not domain.sorted:
                self.rng.shuffle(permutation)
            return permutation
        element = domain.element
        if self.contract and domain.rectangular and items:
            return self._keep_order(self._change_cell(items, element, depth), domain)
        operation = self.rng.choice(["change", "insert", "delete", "swap"])
        if not items:
            operation = "insert"
        if operation == "delete" and len(items) == 1 and self.contract and domain.nonempty:
            operation = "change"
        if not items and operation == "insert" and element is None:
            return items
        position = self.rng.randrange(len(items)) if items else 0
        if operation == "change":
            items[position] = self.value(items[position], element, depth + 1)
        elif operation == "insert":
            seed = items[self.rng.randrange(len(items))] if items else self._sample(element)
            if seed is not None:
                items.insert(self.rng.randrange(len(items) + 1), self.value(seed, element, depth + 1))
        elif operation == "delete":
            del items[position]
        elif len(items) > 1:
            other = self.rng.randrange(len(items))
            items[position], items[other] = items[other], items[position]
        return self._keep_order(items, domain)

    def _keep_order(self, items: list, domain: Domain) -> list:
        """Restore uniqueness and order after an edit, when the contract promises them."""
        if self.contract and domain.unique:
            items = _dedupe(items)
        if self.contract and domain.sorted:
            try:
                items = sorted(items)
            except TypeError:
                pass
        return items

    def _change_cell(self, rows: list, element: Domain | None, depth: int) -> list:
        """Keep the shape (rows of equal length): change one cell, never a row's length."""
        row_index = self.rng.randrange(len(rows))
        row = list(rows[row_index])
        if not row or element is None:
            return rows
        column = self.rng.randrange(len(row))
        cell = self.value(row[column], element.element, depth + 2)
        if element.rectangular and len(cell) != len(row[column]):
            return rows  # the rows are grids themselves: a cell keeps its length
        row[column] = cell
        row = self._keep_order(row, Domain(sorted=element.sorted))
        if element.unique and not _is_unique(row):
            return rows  # the change would repeat a value within the row
        rows[row_index] = type(rows[row_index])(row)
        return rows

    def _set(self, items: set, domain: Domain, depth: int) -> set:
        ordered = sorted(items, key=repr)
        if ordered and self.rng.random() < 0.5:
            ordered.remove(self.rng.choice(ordered))
        elif ordered:
            ordered.append(self.value(self.rng.choice(ordered), domain.element, depth + 1))
        try:
            return set(ordered)
        except TypeError:
            return items

    def _dict(self, mapping: dict, domain: Domain, depth: int) -> dict:
        keys = list(mapping)
        if not keys:
            return mapping
        key = self.rng.choice(keys)
        if len(keys) > 1 and self.rng.random() < 0.3:
            del mapping[key]
        else:
            mapping[key] = self.value(mapping[key], domain.values, depth + 1)
        return mapping

    @staticmethod
    def _sample(domain: Domain | None) -> Any:
        if domain is None or not domain.types:
            return None
        kind = sorted(domain.types, key=lambda t: t.__name__)[0]
        if kind is str:  # a word or character the tests already use
            return (domain.tokens or list(domain.characters) or ["a"])[0]
        return {int: 1, float: 1.0, bool: True}.get(kind)


def _dedupe(items: list) -> list:
    seen: list = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def fresh_calls(visible: list[Call], count: int, seed: int, mode: str = "contract") -> list[Call]:
    """``count`` new calls, distinct from each other and from the visible ones.

    Calls with a chain (``Counter(5).bump()``) are drawn by shape: every literal of the chain is
    a position of its own, learned from the visible calls of the same shape, so the draw keeps
    the tests' shape with its literals perturbed."""
    if not any(call.chain for call in visible):
        return _fresh_plain(visible, count, seed, mode)
    shapes: dict[tuple, list[Call]] = {}
    for call in visible:
        shapes.setdefault(_shape(call), []).append(call)
    groups = []
    for calls in shapes.values():
        flat = [Call(_flat(call)) for call in calls]
        groups.append([_unflat(draw.args, calls[0]) for draw in _fresh_plain(flat, count, seed, mode)])
    merged: list[Call] = []
    for draws in itertools.zip_longest(*groups):  # each shape in turn
        merged += [draw for draw in draws if draw is not None]
    return merged[:count]


def _shape(call: Call) -> tuple:
    steps = tuple((method, len(args), tuple(k for k, _ in kw)) for method, args, kw in call.chain)
    return (len(call.args), tuple(k for k, _ in call.kwargs), steps)


def _flat(call: Call) -> tuple:
    """Every literal of a call and its chain, in order."""
    values = list(call.args) + [value for _, value in call.kwargs]
    for _, args, kwargs in call.chain:
        values += list(args) + [value for _, value in kwargs]
    return tuple(values)


def _unflat(values: tuple, like: Call) -> Call:
    """A call of ``like``'s shape holding ``values`` (``_flat``'s inverse)."""
    taken = iter(values)

    def part(args: tuple, kwargs: tuple) -> tuple[tuple, tuple]:
        return tuple(next(taken) for _ in args), tuple((k, next(taken)) for k, _ in kwargs)

    args, kwargs = part(like.args, like.kwargs)
    chain = tuple((method, *part(a, kw)) for method, a, kw in like.chain)
    return Call(args, kwargs, chain)


def _fresh_plain(visible: list[Call], count: int, seed: int, mode: str) -> list[Call]:
    if not visible or count <= 0:
        return []
    rng = random.Random(seed)
    contract = mode == "contract"
    # A call with no arguments has nothing to perturb: the others are drawn from (it used to end
    # the draw when it came up first, leaving a problem with no fresh inputs).
    bases = [call for call in visible if call.args or call.kwargs]
    if not bases:
        return []
    width = max(len(call.args) for call in visible)
    domains = [learn_domain([c.args[i] for c in visible if len(c.args) > i]) for i in range(width)]
    keyword_names = sorted({name for call in visible for name, _ in call.kwargs})
    keyword_domains = {
        name: learn_domain([v for c in visible for k, v in c.kwargs if k == name]) for name in keyword_names
    }
    perturber = Perturber(rng, contract)
    seen = {call.key() for call in visible}
    fresh: list[Call] = []
    attempts = 0
    while len(fresh) < count and attempts < count * 25:
        attempts += 1
        base = rng.choice(bases)
        positions = len(base.args) + len(base.kwargs)
        chosen = {rng.randrange(positions)}
        chosen |= {i for i in range(positions) if rng.random() < 0.25}
        args = tuple(
            perturber.value(value, domains[i]) if i in chosen else value for i, value in enumerate(base.args)
        )
        offset = len(base.args)
        kwargs = tuple(
            (name, perturber.value(value, keyword_domains[name]) if offset + j in chosen else value)
            for j, (name, value) in enumerate(base.kwargs)
        )
        call = Call(args, kwargs)
        try:
            key = call.key()
        except RecursionError:
            continue
        if key not in seen:
            seen.add(key)
            fresh.append(call)
    return fresh


def contract_violations(call: Call, visible: list[Call]) -> list[str]:
    """Why ``call`` lies outside the contract learned from ``visible`` (empty when it is inside).

    The same rules the contract perturber keeps, read the other way: an input found by another
    tool (or written by hand) can be checked against the domain our fresh inputs stay in.
    """
    width = max((len(c.args) for c in visible), default=0)
    problems: list[str] = []
    for index, value in enumerate(call.args):
        if index >= width:
            problems.append(f"argument {index + 1}: no visible call passes it")
            continue
        domain = learn_domain([c.args[index] for c in visible if len(c.args) > index])
        problems += [f"argument {index + 1}: {why}" for why in _violations(value, domain)]
    for name, value in call.kwargs:
        observed = [v for c in visible for k, v in c.kwargs if k == name]
        if not observed:
            problems.append(f"{name}=: no visible call passes it")
            continue
        problems += [f"{name}=: {why}" for why in _violations(value, learn_domain(observed))]
    return problems


def _violations(value: Any, domain: Domain | None) -> list[str]:
    if domain is None or not domain.types:
        return []
    kind = type(value)
    if kind not in domain.types:
        seen = "/".join(sorted(t.__name__ for t in domain.types))
        return [f"a {kind.__name__}, where the tests pass {seen}"]
    found: list[str] = []
    if kind in (int, float) and domain.lower is not None and value < domain.lower:
        found.append(f"{value!r} is below {domain.lower}, the smallest the tests allow")
    if kind in (list, tuple, str, dict, set, frozenset) and domain.nonempty and len(value) == 0:
        found.append("empty, where every visible value is non-empty")
    if kind is str:
        found += _string_violations(value, domain)
    if kind in (list, tuple):
        items = list(value)
        if domain.sorted and not _is_sorted(items):
            found.append("not sorted, where every visible one is")
        if domain.unique and not _is_unique(items):
            found.append("has repeats, where every visible one has none")
        if domain.permutation and not _is_permutation(items):
            found.append("not a permutation of 1..n, where every visible one is")
        if domain.rectangular and items and not _is_rectangular(items):
            found.append("rows of unequal length, where every visible one is rectangular")
        elif domain.square and items and len(items) != len(items[0]):
            found.append("not square, where every visible one is")
        found += [f"element {why}" for item in items for why in _violations(item, domain.element)][:1]
    if kind in (set, frozenset):
        found += [f"element {why}" for item in value for why in _violations(item, domain.element)][:1]
    if kind is dict:
        found += [f"key {why}" for key in value for why in _violations(key, domain.keys)][:1]
        found += [f"value {why}" for item in value.values() for why in _violations(item, domain.values)][:1]
    return found


def _string_violations(value: str, domain: Domain) -> list[str]:
    if domain.tokens:
        unseen = sorted(set(value.split()) - set(domain.tokens))
        return [f"word {unseen[0]!r} appears in no visible value"] if unseen else []
    unseen = sorted(set(value) - set(domain.characters))
    return [f"character {unseen[0]!r} appears in no visible value"] if unseen else []


def relation_violations(call: Call, visible: list[Call]) -> list[str]:
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
