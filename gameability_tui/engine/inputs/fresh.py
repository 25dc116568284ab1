"""Fresh inputs: the visible tests' literal calls, perturbed into new calls (the hidden answer key).

Threat: a fresh input the problem never promised to handle makes a mutant "wrong" only there,
and the assert built from it encodes an input the benchmark never allowed. In the contract modes
each argument position learns its domain from ALL visible calls and stays in it (``domain.py``):

- numbers keep their observed lower bound (all >= 1 stays >= 1, all >= 0 stays >= 0);
- strings reuse the observed characters, or whole observed tokens when values contain spaces;
- lists stay sorted / unique / rectangular / square / a permutation of 1..n when every observed
  one is; element domains recurse.

"contract-v2" (the default) also keeps what ``domain.py`` adds (fixed sizes, positive floats,
grids of 1..N*N, vocabularies) and the relations between arguments every visible call keeps
(``relations.py``: a count equal to a list's length, equal lengths, a constant argument), each
draw repaired to keep them. "contract" is the v1 method, kept so that the published figures
reproduce field by field; "free" drops every rule (the published tool's own v0.1 numbers).
Everything is seeded, so the same problem and seed give the same inputs on every machine.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
import string
from collections.abc import Callable
from typing import Any

from .arguments import Bound, Callback, Made, Member, holds_objects, lists_objects
from .calls import Call
from .contract import V1_MODES, contract_violations, relation_violations
from .domain import Domain, character_pool, is_grid_permutation, is_unique, keeps_total, learn_domain
from .relations import learn_relations, new_draw
from .std_makers import constructible, number_of, std_made, text_of

__all__ = ["contract_violations", "fresh_calls", "learn_domain", "relation_violations", "Perturber"]

FREE_CHARACTERS = "abcxyzABC019 _-!"
DEFAULT_MODE = "contract-v2"


class Perturber:
    """Seeded edits of one value within (contract) or without (free) its learned domain."""

    def __init__(self, rng: random.Random, contract: bool, v2: bool = False) -> None:
        self.rng = rng
        self.contract = contract
        self.v2 = v2 and contract

    def value(self, value: Any, domain: Domain | None, depth: int = 0) -> Any:
        if domain is None:
            domain = Domain()
        kind = type(value)
        if kind is bool:
            return not value
        if kind is Member:  # another member of its class
            others = [member for member in value.members if member != value.member]
            return dataclasses.replace(value, member=self.rng.choice(others)) if others else value
        if kind is int:
            return self._int(value, domain)
        if kind is float:
            return self._float(value, domain)
        if kind is complex:  # one part moved as a float is, the other kept
            step = self.rng.choice([-1, 1]) * self.rng.choice([0.5, 1.0, 2.5])
            return value + (step if self.rng.random() < 0.5 else complex(0, step))
        if kind is str:
            return self._str(value, domain)
        if kind is bytes:  # drawn from the observed byte values, as the same code points (latin-1)
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
            candidate = domain.lower
        if self.v2 and domain.positive and candidate <= 0:
            candidate = abs(candidate) or 0.5
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
        if self.v2 and domain.vocabulary:
            others = [word for word in domain.vocabulary if word != value]
            return self.rng.choice(others) if others else value
        if self.contract and domain.tokens:
            return self._tokens(value, domain)
        if self.v2 and domain.numerals:
            return self._numeral(value, domain)
        alphabet = domain.characters if self.contract else domain.characters + FREE_CHARACTERS
        if self.v2 and domain.character:  # one character stays one, of its kind (``domain.py``)
            return self.rng.choice([c for c in character_pool(domain) if c != value] or [value])
        keep_one = domain.nonempty and self.contract
        return "".join(self._edit(list(value), alphabet or "ab", keep_one))

    def _numeral(self, value: str, domain: Domain) -> str:
        """A whole number written out, edited as one: its digits edited, its sign kept (or, where
        a visible one is negative, now and then turned), never a ``-`` among the digits (the
        thirtieth pass's ``'-1+20'`` for "an optional sign followed by digits")."""
        sign, digits = ("-", value[1:]) if value.startswith("-") else ("", value)
        if "-" in domain.characters and self.rng.random() < 0.25:
            sign = "" if sign else "-"
        pool = [ch for ch in domain.characters if ch.isdigit()] or list(string.digits)
        return sign + "".join(self._edit(list(digits), pool, keep_one=True))

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
        if self.v2 and domain.total is not None:  # (weights that sum to 1 keep their sum: reordered)
            self.rng.shuffle(items)
            return items
        if self.contract and domain.permutation:
            size = max(2, len(items) + self.rng.choice([-1, 0, 1]))
            permutation = list(range(1, size + 1))
            if not domain.sorted:
                self.rng.shuffle(permutation)
            return permutation
        element = domain.element
        if self.v2 and domain.grid_permutation:
            return self._swap_cells(items if is_grid_permutation(items) else self._new_grid(items))
        if self.contract and domain.rectangular and items:
            return self._keep_order(self._change_cell(items, element, depth), domain)
        operation = self.rng.choice(["change", "insert", "delete", "swap"])
        if self.v2 and domain.length is not None and items:
            operation = self.rng.choice(["change", "swap"])  # a pair stays a pair
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

    def _new_grid(self, grid: list) -> list:
        """A grid of 1..N*N of ``grid``'s size, for a visible value that slipped from the rule."""
        size = len(grid)
        cells = list(range(1, size * size + 1))
        self.rng.shuffle(cells)
        return [cells[row * size : (row + 1) * size] for row in range(size)]

    def _swap_cells(self, grid: list) -> list:
        """Two cells of a grid of 1..N*N trade places: it stays a permutation."""
        rows = [list(row) for row in grid]
        size = len(rows)
        (r1, c1), (r2, c2) = self.rng.sample([(r, c) for r in range(size) for c in range(size)], 2)
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        return [type(grid[i])(row) for i, row in enumerate(rows)]

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
        if element.unique and not is_unique(row):
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


def fresh_calls(visible: list[Call], count: int, seed: int, mode: str = DEFAULT_MODE) -> list[Call]:
    """``count`` new calls, distinct from each other and from the visible ones; in "contract-v2"
    each keeps the relations every visible call keeps (repaired, never silently out of them).

    Calls with a chain (``Counter(5).bump()``) are drawn by shape: every literal of the chain is
    a position of its own, learned from the visible calls of the same shape, so the draw keeps
    the tests' shape with its literals perturbed."""
    if not drawn_by_shape(visible):
        return _fresh_plain(visible, count, seed, mode)
    groups = []
    for calls in by_shape(visible):
        flat = [Call(literals_of(call)) for call in calls]
        accept = functools.partial(_made_draw, like=calls[0]) if std_made(calls[0]) else None
        drawn = _fresh_plain(flat, count, seed, mode, accept)
        if mode not in V1_MODES:
            drawn = _shared_kept(drawn, flat, accept)
        draws = [with_literals(draw.args, calls[0]) for draw in drawn]
        groups.append(_counts_kept(draws, calls, visible) if mode not in V1_MODES else draws)
    merged: list[Call] = []
    for draws in itertools.zip_longest(*groups):  # each shape in turn
        merged += [draw for draw in draws if draw is not None]
    return merged[:count]


def _shared_kept(drawn: list[Call], flat: list[Call], accept: Callable[[Call], bool] | None) -> list[Call]:
    """``drawn`` (flat) with every other draw keeping the text literals that every visible call of
    its shape shares between two places (``s.put('a', 1)``, then ``s.get('a')``): drawn apart,
    the key put was almost never the key got, so ``get`` was only ever asked for a missing key
    and ``return None`` in it looked equivalent (the fifteenth pass). The other draws stay as
    drawn: a key that misses is an input too."""
    width = len(flat[0].args)
    ties = [
        (i, j)
        for i in range(width)
        for j in range(i + 1, width)
        if all(type(call.args[i]) is str and call.args[i] == call.args[j] for call in flat)
    ]
    if not ties:
        return drawn
    seen = {call.key() for call in flat}
    kept = []
    for k, draw in enumerate(drawn):
        args = list(draw.args)
        for i, j in ties if k % 2 == 0 else ():
            args[j] = args[i]
        tied = dataclasses.replace(draw, args=tuple(args))
        if tied.key() not in seen and (accept is None or accept(tied)):
            seen.add(tied.key())
            kept.append(tied)
    return kept


def _counts_kept(draws: list[Call], calls: list[Call], visible: list[Call]) -> list[Call]:
    """``draws`` with each argument that every visible call of their shape passes as the length of
    its list of objects (``max_chain_length([Pair(5, 24), Pair(15, 25)], 2)``) set to it again:
    flattened, the objects' arguments and the count were drawn apart, and a count that no longer
    matches its list is an input the task never promised (the length relation of plain lists,
    ``relations.py``, cannot see through the flattening). As there, the tie is learned from two
    visible calls or more (of any shape): one call keeps it by chance."""
    alike = [call for call in visible if len(call.args) == len(calls[0].args)]
    if len(alike) < 2:
        return draws
    ties = [
        (i, j)
        for i, listed in enumerate(calls[0].args)
        if lists_objects(listed)
        for j in range(len(calls[0].args))
        if all(
            type(call.args[j]) is int
            and type(call.args[i]) in (list, tuple)
            and call.args[j] == len(call.args[i])
            for call in alike
        )
    ]
    if not ties:
        return draws
    kept = []
    for draw in draws:
        args = list(draw.args)
        for i, j in ties:
            args[j] = len(args[i])
        kept.append(dataclasses.replace(draw, args=tuple(args)))
    keys = {call.key() for call in calls}
    return [call for call in _dedupe(kept) if call.key() not in keys]


def _made_draw(draw: Call, like: Call) -> bool:
    """Whether the standard-library values of ``draw`` (flat, in ``like``'s shape) can be made."""
    return constructible(with_literals(draw.args, like))


def drawn_by_shape(visible: list[Call]) -> bool:
    """Whether ``visible`` is drawn shape by shape: some call has a chain, uses, objects, or calls
    made before it."""
    return any(
        call.chain or call.uses or call.before or holds_objects(call.args, call.kwargs) for call in visible
    )


def by_shape(visible: list[Call]) -> list[list[Call]]:
    """``visible`` grouped by shape (``shape_of``), in the order shapes first appear: the literals
    of the calls of one shape are the positions of one flat call, drawn or aimed at together."""
    shapes: dict[tuple, list[Call]] = {}
    for call in visible:
        shapes.setdefault(shape_of(call), []).append(call)
    return list(shapes.values())


def shape_of(call: Call) -> tuple:
    """What calls share when their literals can stand at each other's positions: the same
    arguments, chain, uses, reads and peers, literals left out."""

    def part(args: tuple, kwargs: tuple) -> tuple:
        return tuple(_held(a) for a in args), tuple((k, _held(v)) for k, v in kwargs)

    def steps(chain: tuple) -> tuple:
        return tuple((method, *part(args, kw)) for method, args, kw in chain)

    uses = tuple(steps(use) for use in call.uses)
    peers = tuple((name, by, *part(args, kw)) for name, by, args, kw in call.peers)
    before = tuple((name, *part(args, kw)) for name, args, kw in call.before)
    return (*part(call.args, call.kwargs), steps(call.chain), uses, call.reads, peers, call.roots, before)


def _held(value: Any) -> Any:
    """What a shape keeps of an argument: the name of an object the test bound, the maker and
    the shape of the arguments of one it makes in place, a callback's text, else nothing."""
    if lists_objects(value):
        return (type(value).__name__, tuple(map(_held, value)))
    if isinstance(value, Made):
        return (
            value.maker,
            tuple(map(_held, value.args)),
            tuple((k, _held(v)) for k, v in value.kwargs),
            value.name,
        )
    if isinstance(
        value, Callback
    ):  # (its numbers are drawn: ``lambda k: k >= 37`` is of ``k >= 38``'s shape)
        return ("callback", value.with_numbers((0,) * len(value.numbers())).text)
    return value.name if isinstance(value, Bound) else None


def _parts(call: Call) -> list[tuple[tuple, tuple]]:
    """Each argument list of a call, in order: its own, its peers', its chain's, its uses', those
    of the calls made before it (``Call.with_arguments``'s order)."""
    parts = [(call.args, call.kwargs)] + [(args, kwargs) for _, _, args, kwargs in call.peers]
    parts += [(args, kwargs) for _, args, kwargs in call.chain + tuple(s for use in call.uses for s in use)]
    return parts + [(args, kwargs) for _, args, kwargs in call.before]


def literals_of(call: Call) -> tuple:
    """Every literal of a call, its peers, its chain and its uses, in order (not an object the
    test bound and passes, nor a function: ``Bound``, ``Callback``, kept as they are)."""
    values: list = []

    def add(value: Any) -> None:
        if isinstance(value, Made) and (number := number_of(value)) is not None:
            values.append(number)
        elif isinstance(value, Made):  # its own arguments are positions of their own
            for inner in (*value.args, *(v for _, v in value.kwargs)):
                add(inner)
        elif lists_objects(value):  # so are its objects'
            for inner in value:
                add(inner)
        elif isinstance(value, Callback):  # a lambda's whole numbers (``lambda k: k >= 37``)
            values.extend(value.numbers())
        elif not isinstance(value, Bound):
            values.append(value)

    for args, kwargs in _parts(call):
        for value in (*args, *(v for _, v in kwargs)):
            add(value)
    return tuple(values)


def with_literals(values: tuple, like: Call) -> Call:
    """A call of ``like``'s shape holding ``values`` (``literals_of``'s inverse)."""
    taken = iter(values)

    def one(value: Any) -> Any:
        if isinstance(value, Made):
            if number_of(value) is not None:  # ``Decimal('1.50')``, drawn as a number
                return dataclasses.replace(value, args=(text_of(next(taken), value),))
            args = tuple(map(one, value.args))
            return dataclasses.replace(value, args=args, kwargs=tuple((k, one(v)) for k, v in value.kwargs))
        if lists_objects(value):
            return type(value)(map(one, value))
        if isinstance(value, Callback):
            numbers = value.numbers()
            return value.with_numbers(tuple(next(taken) for _ in numbers)) if numbers else value
        return value if isinstance(value, Bound) else next(taken)

    return like.with_arguments(one)


def _fresh_plain(
    visible: list[Call], count: int, seed: int, mode: str, accept: Callable[[Call], bool] | None = None
) -> list[Call]:
    """``count`` draws perturbing ``visible``'s literals, each new and kept in their domain and
    relations; with ``accept``, only those it accepts (a value type that refuses its drawn
    literals: ``std_makers.constructible``)."""
    if not visible or count <= 0:
        return []
    rng = random.Random(seed)
    # A call with no arguments has nothing to perturb: the others are drawn from (it used to end
    # the draw when it came up first, leaving a problem with no fresh inputs).
    bases = [call for call in visible if call.args or call.kwargs]
    if not bases:
        return []
    contract = mode != "free"
    v2 = mode not in V1_MODES
    relations = learn_relations(visible) if v2 else None
    fixed = {i for i, _ in relations.constant} if relations else set()
    width = max(len(call.args) for call in visible)
    domains = [learn_domain([c.args[i] for c in visible if len(c.args) > i]) for i in range(width)]
    keyword_names = sorted({name for call in visible for name, _ in call.kwargs})
    keyword_domains = {
        name: learn_domain([v for c in visible for k, v in c.kwargs if k == name]) for name in keyword_names
    }
    perturber = Perturber(rng, contract, v2)
    seen = {call.key() for call in visible}
    fresh: list[Call] = []
    attempts = 0
    while len(fresh) < count and attempts < count * 25:
        attempts += 1
        base = rng.choice(bases)
        positions = len(base.args) + len(base.kwargs)
        chosen = {rng.randrange(positions)}
        chosen |= {i for i in range(positions) if rng.random() < 0.25}
        if v2:  # an argument every test passes unchanged is not the input's to vary
            chosen -= fixed
            chosen |= {  # a visible grid that slipped from the 1..N*N rule is not kept as it is
                i
                for i, value in enumerate(base.args)
                if domains[i].grid_permutation and not is_grid_permutation(value)
            }
            if not chosen:
                continue
        args = tuple(
            perturber.value(value, domains[i]) if i in chosen else value for i, value in enumerate(base.args)
        )
        offset = len(base.args)
        kwargs = tuple(
            (name, perturber.value(value, keyword_domains[name]) if offset + j in chosen else value)
            for j, (name, value) in enumerate(base.kwargs)
        )
        call = new_draw(Call(args, kwargs), relations, seen, base)
        if call is not None and (accept is None or accept(call)) and (not v2 or _totals_kept(call, domains)):
            fresh.append(call)
    return fresh


def _totals_kept(call: Call, domains: list[Domain]) -> bool:
    """Whether each list whose every visible value has one sum keeps it (``Domain.total``): a
    relation's repair may cut one to another's length (weights that sum to 1 made ``[0.2, 0.3]``)."""
    return all(keeps_total(value, domain) for value, domain in zip(call.args, domains))
