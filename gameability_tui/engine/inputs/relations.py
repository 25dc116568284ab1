"""Relations between arguments that every visible call keeps, and the repair of a draw that breaks one.

Threat: a fresh input that breaks a rule the task states between its arguments ("n is the length
of the list", "two strings of equal length", "the right index of the array") makes a mutant wrong
only where the task is silent, and the assert built from it encodes an input the task never
allowed (``lcs_of_three('Reels', 'Reealsfor', ..., 5, 6, 13)``: 6 for a 9-character string).
The visible calls are the only statement of those rules we can read without the task's text, so
a relation is learned when ALL of them keep it (at least two calls: one call keeps every relation
by chance), and every draw (random or aimed) is repaired to keep it:

- an int argument equal to another argument's length, or one less (the last index): the int
  follows the length; where only the int was drawn anew, the sequence is cut to it instead
  ("cut the list to n"), so the draw still probes a smaller n;
- an int argument at most another argument's length (an index or a count into it), equal to it in
  at least one call (so it is not a small number beside a long list by chance): clamped;
- two sequence arguments of one length: the longer is cut to the shorter;
- a number argument below the next one in every visible call (a range's ends, written low then
  high): never above it (a draw upside down trades them; equal ends, a range's edge, stay
  allowed). Only neighbours in that order, and only from four calls or more: MBPP's three tests
  of a median happen to pass b < c (MBPP/397), and ``(m, n)`` with n below m (MBPP/239) is not
  a range; ordering them hid real survivors;
- a plain value (number, string) that every visible call passes unchanged: kept as the tests
  pass it (a setting of the task, such as a fixed base or a fixed text).

A draw is repaired rather than dropped, so the number of fresh inputs does not fall with each
rule; one that cannot be repaired (a length that would go negative) is dropped.
Nothing here is random: the repair of a draw depends only on the draw and the visible calls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .calls import Call

SIZED = (list, tuple, str, bytes, dict)
CUTTABLE = (list, tuple, str, bytes)  # a dict has a length but no order to cut it in
SCALARS = (int, float, str, bool, type(None))
RANGE_EVIDENCE = 4  # three calls keep a chance order of two numbers one time in eight
ORDER_SEEN_EVIDENCE = 3  # for a flag, which only asks: two calls keep a chance order one time in four


@dataclass(frozen=True)
class Relations:
    """What every visible call keeps between its positional arguments."""

    width: int = 0
    lengths: tuple[tuple[int, int, int], ...] = ()  # (i, j, offset): args[i] == len(args[j]) + offset
    at_most: tuple[tuple[int, int], ...] = ()  # args[i] <= len(args[j])
    same_length: tuple[tuple[int, int], ...] = ()  # len(args[i]) == len(args[j])
    constant: tuple[tuple[int, Any], ...] = ()  # (i, value): every visible call passes value
    ordered: tuple[tuple[int, int], ...] = ()  # args[i] < args[j] in every visible call (numbers)

    def __bool__(self) -> bool:
        return bool(self.lengths or self.at_most or self.same_length or self.constant or self.ordered)


def learn_relations(visible: list[Call]) -> Relations:
    """The relations every visible call of the commonest width keeps (none from fewer than two)."""
    if not visible:
        return Relations()
    width = max(len(call.args) for call in visible)
    together = [call for call in visible if len(call.args) == width]
    if len(together) < 2:
        return Relations(width)
    pairs = [(i, j) for i in range(width) for j in range(width) if i != j]
    lengths = tuple(
        (i, j, offset)
        for i, j in pairs
        for offset in (0, -1)
        if all(_length_plus(c.args[i], c.args[j], offset) for c in together)
    )
    tied = {(i, j) for i, j, _ in lengths}
    at_most = tuple(
        (i, j)
        for i, j in pairs
        if (i, j) not in tied
        and all(_within(c.args[i], c.args[j]) for c in together)
        and any(_length_plus(c.args[i], c.args[j], 0) for c in together)  # reached, not by chance
    )
    same = tuple(
        (i, j) for i, j in pairs if i < j and all(_same_length(c.args[i], c.args[j]) for c in together)
    )
    constant = tuple(
        (i, together[0].args[i]) for i in range(width) if _all_equal([c.args[i] for c in together])
    )
    ordered = _ordered_neighbours(together, width) if len(together) >= RANGE_EVIDENCE else ()
    return Relations(width, lengths, at_most, same, constant, ordered)


def seen_ordered(visible: list[Call]) -> tuple[tuple[int, int], ...]:
    """Neighbour number arguments every visible call of the commonest width passes low then high,
    from ``ORDER_SEEN_EVIDENCE`` calls: too few to refuse a draw on (``RANGE_EVIDENCE``), enough
    for the ``order`` flag to ask the reviewer whether an input upside down is the task's."""
    if not visible:
        return ()
    width = max(len(call.args) for call in visible)
    together = [call for call in visible if len(call.args) == width]
    return _ordered_neighbours(together, width) if len(together) >= ORDER_SEEN_EVIDENCE else ()


def _ordered_neighbours(together: list[Call], width: int) -> tuple[tuple[int, int], ...]:
    """A range's ends, written low then high: neighbours, in that order, neither one a value every
    call passes unchanged (a setting of the task, not an end)."""
    fixed = {i for i in range(width) if _all_equal([c.args[i] for c in together])}
    return tuple(
        (i, i + 1)
        for i in range(width - 1)
        if not {i, i + 1} & fixed and all(_below(c.args[i], c.args[i + 1]) for c in together)
    )


def upside_down(call: Call, pairs: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    """The first pair ``(i, j)`` of ``pairs`` whose numbers ``call`` passes high then low."""
    for i, j in pairs:
        if j < len(call.args) and _below(call.args[j], call.args[i]):
            return i, j
    return None


def _below(low: Any, high: Any) -> bool:
    numbers = (int, float)
    return type(low) in numbers and type(high) in numbers and low < high


def _length_plus(count: Any, sized: Any, offset: int) -> bool:
    return type(count) is int and type(sized) in SIZED and count == len(sized) + offset and count >= 0


def _within(count: Any, sized: Any) -> bool:
    return type(count) is int and type(sized) in SIZED and 0 <= count <= len(sized)


def _same_length(first: Any, second: Any) -> bool:
    return type(first) in CUTTABLE and type(second) in CUTTABLE and len(first) == len(second)


def _all_equal(values: list) -> bool:
    """One plain value in every call. A container is data the tests happen to reuse while they
    vary another argument (``combinations_colors(['Red', 'Green', 'Blue'], n)``), not a setting."""
    first = values[0]
    if type(first) not in SCALARS:
        return False
    return all(type(v) is type(first) and v == first for v in values[1:])


def new_draw(
    call: Call, relations: Relations | None, seen: set[str], base: Call | None = None
) -> Call | None:
    """``call`` repaired to keep ``relations`` (when there are any), if it is neither beyond
    repair, nor too deep to key, nor already in ``seen``; it is then added to ``seen``. The one
    admission rule of the random and the aimed draws."""
    if relations is not None:
        call = repair(call, relations, base)
        if call is None:
            return None
    try:
        key = call.key()
    except RecursionError:
        return None
    if key in seen:
        return None
    seen.add(key)
    return call


def repair(call: Call, relations: Relations, base: Call | None = None) -> Call | None:
    """``call`` made to keep ``relations``, or None when it cannot be. ``base`` is the visible call
    it was drawn from: where only a count was drawn anew, its sequence is cut to the count."""
    if not relations or len(call.args) != relations.width:
        return call
    args = list(call.args)
    for i, value in relations.constant:
        args[i] = value
    for i, j in relations.same_length:
        shorter = min(len(args[i]), len(args[j]))
        args[i], args[j] = args[i][:shorter], args[j][:shorter]
    for i, j, offset in relations.lengths:
        drawn_count = base is not None and len(base.args) == len(args) and args[i] != base.args[i]
        cuttable = type(args[i]) is int and 0 <= args[i] - offset < len(args[j]) and _flat(args[j])
        if drawn_count and args[j] == base.args[j] and cuttable:
            _cut(args, j, args[i] - offset, relations)
        args[i] = len(args[j]) + offset
        if args[i] < 0:
            return None
    for i, j in relations.at_most:
        if type(args[i]) is int and type(args[j]) in SIZED and args[i] > len(args[j]):
            args[i] = len(args[j])
    for i, j in relations.ordered:
        if _below(args[j], args[i]):  # a range drawn upside down: its ends trade places
            args[i], args[j] = args[j], args[i]
    repaired = Call(tuple(args), call.kwargs)
    return None if relation_violations(repaired, relations) else repaired


def _flat(sized: Any) -> bool:
    """A grid (rows of rows) is not cut: its rows would no longer make a square."""
    if type(sized) not in CUTTABLE:
        return False
    return type(sized) is str or not any(type(item) in (list, tuple) for item in sized)


def _cut(args: list, position: int, size: int, relations: Relations) -> None:
    """Cut the sequence at ``position`` to ``size``, and each one that must keep its length."""
    args[position] = args[position][:size]
    for i, j in relations.same_length:
        if position in (i, j):
            other = j if position == i else i
            args[other] = args[other][:size]


def relation_violations(call: Call, relations: Relations) -> list[str]:
    """Why ``call`` breaks a relation that every visible call keeps (empty when it keeps all)."""
    if not relations or len(call.args) != relations.width:
        return []
    args = call.args
    found: list[str] = []
    for i, value in relations.constant:
        if type(args[i]) is not type(value) or args[i] != value:
            found.append(f"argument {i + 1} is not {value!r}, which every test passes")
    for i, j, offset in relations.lengths:
        if not _length_plus(args[i], args[j], offset):
            what = "the length" if offset == 0 else "one less than the length"
            found.append(f"argument {i + 1} is not {what} of argument {j + 1}, as in every test")
    for i, j in relations.at_most:
        if not _within(args[i], args[j]):
            found.append(f"argument {i + 1} is past the length of argument {j + 1}, unlike in every test")
    for i, j in relations.same_length:
        if not _same_length(args[i], args[j]):
            found.append(f"arguments {i + 1} and {j + 1} differ in length, unlike in every test")
    for i, j in relations.ordered:
        if _below(args[j], args[i]):
            found.append(f"argument {i + 1} is above argument {j + 1}, unlike in every test")
    return found
