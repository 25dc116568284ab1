"""What a reference's own source says about where its inputs matter, read once per source: the
constants and values it compares (``comparisons``, ``named_numbers``, ``loop_starts``), the
characters and texts it tests or keys by, the marks it strips, the places it rounds to, the
divisors it wraps at, the guards it raises or clamps behind.

The aimed inputs (``aimed.py``) and the default attack's boundary inputs edit visible calls to
meet these; this module edits no call and runs no code: it reads the source and nothing else,
so what it finds is the same for any seed and any test.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from typing import Any

from .arithmetic import Arithmetic, compared_arithmetic
from .calls import assignments, called_name, parsed, positional_defaults

MEMBERSHIP = (ast.In, ast.NotIn, ast.Is, ast.IsNot)  # no boundary where two values meet


def reference_numbers(source: str) -> list[int | float]:
    """The reference's numeric literals (negated ones as written), in source order, once each."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    found: list[int | float] = []
    negated: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _is_number(node.operand):
            negated.add(id(node.operand))
            add_once(found, -node.operand.value)
        elif _is_number(node) and id(node) not in negated:
            add_once(found, node.value)
    return found


@functools.lru_cache(maxsize=64)
def keyed_texts(reference: str) -> tuple[str, ...]:
    """The texts the reference looks a value up by or compares one with: a literal dict's text
    keys (``{"tea": 3, "cake": 5}``), a text compared by ``==`` / ``!=`` or found in a literal
    tuple, list or set of them (``unit in ("C", "F")``); each an input of the task's kind that a
    test may never pass (the twenty-eighth pass: a default menu's ``'cake'`` and ``'soup'``,
    whose prices no test read). Words only: a separator or mark is met by ``handled_marks``."""
    tree = parsed(reference)
    found: list[str] = []

    def add(node: ast.expr | None) -> None:
        if isinstance(node, ast.Constant) and type(node.value) is str and node.value.isalnum():
            found.extend([node.value] if node.value not in found else [])

    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Dict):
            for key in node.keys:
                add(key)
        elif isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.Eq, ast.NotEq)):
                    add(right)
                    add(node.left)
                elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(
                    right, (ast.Tuple, ast.List, ast.Set)
                ):
                    for item in right.elts:
                        add(item)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def met_floats(reference: str) -> frozenset[float]:
    """The reference's float constants that are no whole number (``v < -273.15``, ``bmi >= 18.5``):
    an argument compared with one is a number the task measures, not a count, so the constant
    itself is an input of its kind where the tests pass ints (the nineteenth pass: ``v <=
    -273.15`` for ``v < -273.15`` parts at that value alone, and no int reaches it)."""
    return frozenset(
        number for number in reference_numbers(reference) if type(number) is float and not number.is_integer()
    )


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def add_once(found: list, value: Any) -> None:
    if not any(type(value) is type(seen) and value == seen for seen in found):
        found.append(value)


@functools.lru_cache(maxsize=64)
def ordered_characters(reference: str) -> tuple[str, ...]:
    """The characters the reference orders a value against (``c >= '0' and c <= '9'``, ``'a' <=
    ch``): a range's ends, where ``>`` for ``>=`` parts from it at the end alone (the twenty-ninth
    pass: MBPP's digit count, whose tests wrote no ``0``, kept ``> '0'`` by default)."""
    found: list[str] = []
    for node in comparisons_of(reference):
        if all(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops):
            for side in (node.left, *node.comparators):
                text = side.value if isinstance(side, ast.Constant) else None
                if type(text) is str and len(text) == 1 and text not in found:
                    found.append(text)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def tested_letters(reference: str) -> frozenset[str]:
    """The characters of the texts the reference tests a value's membership in (``c in 'aeiou'``,
    ``ch not in {'a', 'e'}``): letters of the task's alphabet whether or not a test wrote them."""
    tree = parsed(reference)
    if tree is None:
        return frozenset()
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.Eq, ast.NotEq)):  # (``unit == 'F'``: the twenty-eighth pass)
                found.update(
                    side.value
                    for side in (node.left, right)
                    if isinstance(side, ast.Constant) and type(side.value) is str and len(side.value) == 1
                )
                continue
            if not isinstance(op, (ast.In, ast.NotIn)):
                continue
            if isinstance(right, ast.Constant) and type(right.value) is str:
                found.update(right.value)
            elif isinstance(right, (ast.Set, ast.List, ast.Tuple)):
                found.update(
                    item.value
                    for item in right.elts
                    if isinstance(item, ast.Constant) and type(item.value) is str and len(item.value) == 1
                )
    return frozenset(ch for ch in found if ch.isalpha())


# the methods that take a literal as a set of characters (or bytes), each handled alike
CHARACTER_SETS = frozenset(("strip", "lstrip", "rstrip", "translate", "maketrans"))


@functools.lru_cache(maxsize=64)
def handled_marks(reference: str) -> tuple[str | bytes, ...]:
    """The characters (or bytes) that are no letter or digit of the literals the reference hands
    a method as a set of them (``strip(' \\n')``, ``translate(None, b' \\n')``,
    ``str.maketrans('', '', '-_')``) or tests a value's membership in (``c in ' \\t'``): a mark
    the tests' texts may never hold, so that its loss from the set (``b' \\n'`` to ``b' '``: the
    twenty-seventh pass's DNA cleaner) shows only on a text that holds it."""
    tree = parsed(reference)
    found: list[str | bytes] = []
    for node in ast.walk(tree) if tree is not None else ():
        literals: list[ast.expr] = []
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in CHARACTER_SETS:
            literals = list(node.args)
        elif isinstance(node, ast.Compare):
            literals = [
                right for op, right in zip(node.ops, node.comparators) if isinstance(op, (ast.In, ast.NotIn))
            ]
        for literal in literals:
            if isinstance(literal, ast.Constant) and type(literal.value) in (str, bytes):
                marks = [literal.value[at : at + 1] for at in range(len(literal.value))]
                found += [mark for mark in marks if not mark.isalnum() and mark not in found]
    return tuple(found)


@functools.lru_cache(maxsize=64)
def rounding_places(reference: str) -> tuple[int, ...]:
    """The decimal places the reference rounds to (``round(x, 2)``, ``d.quantize(Decimal('0.01'))``):
    a rounding mode's mutant (``ROUND_HALF_EVEN`` for ``ROUND_HALF_UP``) parts from it only at a
    tie one place further (``'2.345'``), which no test may write (the nineteenth pass)."""
    tree = parsed(reference)
    places: list[int] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.Call) or len(node.args) < 1:
            continue
        name = called_name(node)
        if name == "round" and len(node.args) == 2:
            digits = node.args[1]
            if isinstance(digits, ast.Constant) and type(digits.value) is int and 0 <= digits.value <= 12:
                add_once(places, digits.value)
        elif isinstance(node.func, ast.Attribute) and node.func.attr == "quantize":
            step = node.args[0]
            text = step.args[0] if isinstance(step, ast.Call) and step.args else None
            if isinstance(text, ast.Constant) and type(text.value) is str:
                _, _, fraction = text.value.partition(".")
                if fraction.isdigit() and len(fraction) <= 12:
                    add_once(places, len(fraction))
    return tuple(places)


def rounds_for_fractions(reference: str) -> bool:
    """Whether the reference rounds to decimal places (``round(x, k)``, k >= 1) an expression
    that has at most k places on whole numbers: a sum, difference or product of them and of
    constants with k places at most, divided only by constants that divide 10**k (``c * 9 / 5 +
    32`` to one place; ``price * 1.08`` to two), read through names assigned once. Such a
    rounding changes nothing on whole numbers, so it is there for numbers that are not (the
    twenty-sixth pass's ``c_to_f``); ``round(total / n, 2)`` rounds a quotient of whole
    numbers, and says nothing of other inputs (MBPP/851's ``Sum / N``: a sum of divisors, a
    whole number by the task's meaning), nor does ``math.pi * r * r``."""
    tree = parsed(reference)
    if tree is None:
        return False
    values: dict[str, list[ast.expr]] = {}
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
            values.setdefault(node.target.id, []).append(node)  # (not one value: never followed)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imported |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and called_name(node) == "round" and len(node.args) == 2:
            places = node.args[1]
            known = isinstance(places, ast.Constant) and type(places.value) is int and 1 <= places.value <= 12
            if known and _whole_to_places(node.args[0], places.value, values, imported):
                return True
    return False


# calls whose value has no more places than their arguments
_PLACE_KEEPING_CALLS = frozenset(("abs", "int", "float", "min", "max", "sum", "len"))


def _whole_to_places(
    node: ast.expr, places: int, values: dict[str, list[ast.expr]], imported: set[str], depth: int = 0
) -> bool:
    """Whether ``node`` has at most ``places`` decimal places wherever the names it reads are
    whole numbers (see ``rounds_for_fractions``); a name assigned once is read as its value."""
    for part in ast.walk(node):
        if isinstance(part, ast.Name) and part.id in values:
            assigned = values[part.id]
            if depth >= 3 or len(assigned) != 1 or not isinstance(assigned[0], ast.expr):
                return False
            if not _whole_to_places(assigned[0], places, values, imported, depth + 1):
                return False
        elif isinstance(part, ast.Name) and part.id in imported:
            return False  # (``math.pi``, ``from math import pi``: no whole number)
        elif isinstance(part, ast.Constant) and type(part.value) is float:
            if len(repr(part.value).partition(".")[2]) > places or "e" in repr(part.value):
                return False
        elif isinstance(part, ast.BinOp) and isinstance(part.op, ast.Div):
            divisor = part.right
            whole = isinstance(divisor, ast.Constant) and type(divisor.value) is int and divisor.value
            if not whole or 10**places % divisor.value:
                return False
        elif not _keeps_places(part):
            return False
    return True


def _keeps_places(part: ast.AST) -> bool:
    """Whether an operation or call other than ``/`` keeps whole numbers' places: ``+``, ``-``,
    ``*``, ``//`` and ``_PLACE_KEEPING_CALLS`` do; ``**``, ``%`` of a fraction, ``sqrt`` need not."""
    if isinstance(part, ast.BinOp):
        return isinstance(part.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv))
    return not isinstance(part, ast.Call) or called_name(part) in _PLACE_KEEPING_CALLS


@functools.lru_cache(maxsize=64)
def takes_other_types(reference: str) -> bool:
    """Whether the reference catches the ``TypeError`` an argument of another type raises
    (``except TypeError: return None``): then ``None`` is an input of its (the nineteenth pass:
    the branch the text gives for "not a number" was never reached). A test of a parameter's
    type (``isinstance(x, int)``) is not enough: it tells floats from ints as often (HumanEval/92,
    "all numbers are integers"), where ``None`` is no number the task takes."""
    tree = parsed(reference)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any(getattr(name, "id", None) == "TypeError" for name in caught):
                return True
    return False


def handles_decode_errors(reference: str) -> bool:
    """Whether the reference decodes bytes with an error handler of its choosing
    (``data.decode('utf-8', errors='replace')``, ``decode('utf-8', 'ignore')``): the handler
    parts from another only on bytes that do not decode, which the tests' own may never hold
    (the nineteenth pass)."""
    tree = parsed(reference)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)] if tree is not None else []
    return any(
        isinstance(call.func, ast.Attribute)
        and call.func.attr == "decode"
        and (len(call.args) >= 2 or any(keyword.arg == "errors" for keyword in call.keywords))
        for call in calls
    )


@functools.lru_cache(maxsize=64)
def asks_if_empty(reference: str) -> bool:
    """Whether a method of the reference's tests whether something its object holds is empty
    (``if len(self._history) > 0:``, ``if self.items:``, ``while not self.stack``): a state the
    tests may never reach, an object used less than any test uses it (the thirty-first pass: an
    editor's ``undo()`` on no history, which the text says does nothing, was never drawn)."""
    tree = parsed(reference)
    methods = [
        node
        for owner in (ast.walk(tree) if tree is not None else ())
        if isinstance(owner, ast.ClassDef)
        for node in owner.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    tests = [
        node.test for method in methods for node in ast.walk(method) if isinstance(node, (ast.If, ast.While))
    ]
    return any(_held_by_self(_unwrapped(test)) for test in tests)


def _unwrapped(test: ast.expr) -> ast.expr:
    """``test`` without a ``not`` and a comparison with a number (``len(self.x) > 0``)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.comparators) == 1 and _constant(test.comparators[0]):
        test = test.left
    if isinstance(test, ast.Call) and called_name(test) == "len" and len(test.args) == 1:
        test = test.args[0]
    return test


def _held_by_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


Sums = list[tuple[Arithmetic, list[int | float]]]


def compared_sums(reference: str, named: dict[str, int | float]) -> Sums:
    """Each arithmetic of a function's parameters compared with constants (``w1 + w2 > 100``),
    with them; not a remainder (``n % 4 == 0``: a value of the remainder, not of any input)."""
    found = []
    for arithmetic in compared_arithmetic(reference):
        constants = list(constant_numbers(list(arithmetic.sides), named))
        if constants and not _remainder(arithmetic.expression):
            found.append((arithmetic, constants))
    return found


def compares_an_item(node: ast.Compare) -> bool:
    """Whether ``node`` sets an item of a sequence against another value, neither a constant
    (``arr[i] > arr[i + 1]``, ``nums[i] < best``): they meet where an item is repeated."""
    sides = [node.left, *node.comparators]
    return any(isinstance(side, ast.Subscript) for side in sides) and not any(map(_constant, sides))


# (argument position, item index) of an item a comparison reads by a constant index
ItemRead = tuple[int, int]


def compared_items(
    comparisons: list[ast.Compare], parameters: tuple[str, ...]
) -> tuple[tuple[ItemRead, ItemRead], ...]:
    """Each pair of items of two arguments a comparison sets against each other by constant
    indices (``a[0] <= b[1]``, of intervals ``a`` and ``b``): ``<`` for ``<=`` parts from it only
    where those two items are equal, which no draw editing one number at a time made (the
    thirtieth pass: intervals that touch were never drawn by default)."""
    found = []
    for node in comparisons:
        sides = [_item_read(side, parameters) for side in (node.left, *node.comparators)]
        for first, second in zip(sides, sides[1:]):
            if first is not None and second is not None and first[0] != second[0]:
                found.append((first, second))
    return tuple(dict.fromkeys(found))


def _item_read(side: ast.expr, parameters: tuple[str, ...]) -> ItemRead | None:
    """(position, index) where ``side`` is a parameter's item at a constant index (``b[1]``)."""
    if not (isinstance(side, ast.Subscript) and isinstance(side.value, ast.Name)):
        return None
    index = side.slice
    if not (isinstance(index, ast.Constant) and type(index.value) is int and side.value.id in parameters):
        return None
    return parameters.index(side.value.id), index.value


def compares_two_inputs(node: ast.Compare) -> bool:
    """Whether ``node`` compares two values read by name (``a > b``, ``other.rank > self.rank``)."""
    return sum(isinstance(side, (ast.Name, ast.Attribute)) for side in (node.left, *node.comparators)) >= 2


def compared_constants(comparisons: list[ast.Compare], named: dict[str, int | float]) -> list[int | float]:
    """The numeric constants ``comparisons`` set a value against (``n > 100``, ``0 <= i < 10``,
    ``amount > LIMIT``), in source order, once each."""
    numbers: list[int | float] = []
    for node in comparisons:
        for number in constant_numbers([node.left, *node.comparators], named):
            add_once(numbers, number)
    return numbers


def constant_numbers(sides: list[ast.expr], named: dict[str, int | float]) -> Iterator[int | float]:
    """The numbers of the sides of a comparison that are constants, or names ``named`` binds."""
    for side in sides:
        if _constant(side) or _name_of(side) in named:
            yield from numbers_in(side, named)


def comparisons_of(reference: str) -> list[ast.Compare]:
    """The reference's comparisons that have a boundary: not membership or identity tests, nor
    a remainder's (``n % i == 0``: a value of the remainder, not of any input)."""
    tree = parsed(reference)
    if tree is None:
        return []
    return [
        node
        for node in [*ast.walk(tree), *_case_comparisons(tree)]
        if isinstance(node, ast.Compare)
        and not isinstance(node.ops[0], MEMBERSHIP)
        and not any(_remainder(side) for side in (node.left, *node.comparators))
    ]


@functools.lru_cache(maxsize=64)
def _case_comparisons(tree: ast.Module) -> tuple[ast.Compare, ...]:
    """``subject == value`` for each literal a ``match`` statement's ``case`` tests its subject
    against (``case 500:``, ``case 404 | 410:``): a compared constant as surely as an ``if``'s
    (the thirtieth pass: ``case 500:`` made ``case 501:`` met no 500 by default). Cached by the
    tree, so each reading meets the same nodes."""
    found = []
    for match in (node for node in ast.walk(tree) if isinstance(node, ast.Match)):
        for case in match.cases:
            patterns = case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
            for pattern in patterns:
                if isinstance(pattern, ast.MatchValue):
                    compared = ast.Compare(match.subject, [ast.Eq()], [pattern.value])
                    found.append(ast.copy_location(compared, pattern))
    return tuple(found)


@functools.lru_cache(maxsize=64)
def tested_divisors(reference: str) -> tuple[int, ...]:
    """The numbers where a remainder the reference tests against constants meets them a period
    on: its divisor (3 or more) plus each constant below it. ``y % 400 == 0`` gives 400, where
    ``% 401`` or ``== 1`` part from it and no number near the tests' (2024, 1900) is one (the
    twenty-sixth pass's leap year); ``11 <= n % 100 <= 13`` gives 111 and 113, where ``% 101``
    parts from it and tests of 11 to 13 and 101 do not (the twenty-sixth pass's ordinal
    suffixes, "111th")."""
    tree = parsed(reference)
    found: list[int] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        divisors = [divisor for divisor in map(_wrapping_divisor, sides) if divisor is not None]
        met = [value for value in map(_int_constant, sides) if value is not None]
        for divisor in divisors[:1] if len(divisors) == 1 else ():
            for value in met:
                if 0 <= value < divisor:
                    add_once(found, divisor + value)
    return tuple(sorted(found, reverse=True))  # (the largest first: a small one is met by chance)


@functools.lru_cache(maxsize=64)
def wrap_divisors(reference: str) -> tuple[int, ...]:
    """The constant divisors (3 or more) of remainders the reference computes with rather than
    compares (``chr((ord(c) - 97 + k) % 26 + 97)``): a wrap, which ``% 27`` for ``% 26`` hides
    until a value reaches it (the nineteenth pass's Caesar shift, tested with no letter wrapping);
    a remainder compared (``n % 2 == 0``) is a test of the remainder, not a wrap."""
    tree = parsed(reference)
    if tree is None:
        return ()
    compared = {
        id(side)
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        for side in ast.iter_child_nodes(node)
    }
    found: list[int] = []
    for node in ast.walk(tree):
        divisor = _wrapping_divisor(node) if id(node) not in compared else None
        if divisor is not None:
            add_once(found, divisor)
    return tuple(found)


def _wrapping_divisor(node: ast.AST) -> int | None:
    """The constant int divisor, 3 or more, of a remainder ``node`` (``x % 26``), else None."""
    divisor = node.right if _remainder(node) else None  # type: ignore[attr-defined]
    if isinstance(divisor, ast.Constant) and type(divisor.value) is int and divisor.value >= 3:
        return divisor.value
    return None


def _int_constant(node: ast.expr) -> int | None:
    """The int a constant as written names (``-1`` too), else None."""
    value = ast.literal_eval(node) if _constant(node) else None
    return value if type(value) is int else None


def _remainder(node: ast.expr) -> bool:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)


def total_bounds(comparisons: list[ast.Compare], named: dict[str, int | float]) -> list[int | float]:
    """The numbers a list's total is compared with (``sum(prices) >= 50``)."""
    return _bounds_of_a_call(comparisons, "sum", named)


def _bounds_of_a_call(
    comparisons: Iterable[ast.Compare], called: str, named: dict[str, int | float]
) -> list[int | float]:
    """The numbers ``comparisons`` set against a call of ``called`` (``len(s) < 8``, ``sum(q) >
    w``), in source order, once each."""
    found: list[int | float] = []
    for node in comparisons:
        sides = [node.left, *node.comparators]
        if any(isinstance(side, ast.Call) and called_name(side) == called for side in sides):
            for number in constant_numbers(sides, named):
                add_once(found, number)
    return found


def length_bounds(nodes: list[ast.expr], named: dict[str, int | float]) -> list[int]:
    """The whole numbers a length is compared with in ``nodes`` (``len(password) < 8``)."""
    comparisons = (inner for outer in nodes for inner in ast.walk(outer) if isinstance(inner, ast.Compare))
    return [number for number in _bounds_of_a_call(comparisons, "len", named) if type(number) is int]


@functools.lru_cache(maxsize=64)
def loop_starts(reference: str) -> tuple[int, ...]:
    """The value a ``while`` loop's test sets a parameter against on its first turn, where the
    other side reads only counters the loop's own statements set to whole numbers just before it
    (``i = 1`` then ``while i * i <= n``: 1): the input at which the loop first runs, and where a
    counter started one off (``i = 2``) parts from the reference (the thirtieth pass: MBPP's
    perfect square was never asked of 1 by default)."""
    tree = parsed(reference)
    found: list[int] = []
    for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)) if tree is not None else ():
        parameters = {a.arg for a in [*function.args.posonlyargs, *function.args.args]}
        for body in (n.body for n in ast.walk(function) if isinstance(getattr(n, "body", None), list)):
            counters: dict[str, int] = {}
            for statement in body:
                if isinstance(statement, ast.While) and isinstance(statement.test, ast.Compare):
                    test = statement.test
                    sides = [test.left, *test.comparators]
                    others = [side for side in sides if getattr(side, "id", "") not in parameters]
                    if len(sides) == 2 and len(others) == 1:  # (one side a parameter, as written)
                        value = _counted(others[0], counters)
                        if value is not None and value not in found:
                            found.append(value)
                counters.update(
                    (name, value.value)
                    for name, value in assignments([statement])
                    if isinstance(value, ast.Constant) and type(value.value) is int
                )
    return tuple(found)


def _counted(node: ast.expr, counters: dict[str, int]) -> int | None:
    """``node``'s value where it reads only ``counters`` and whole numbers with ``+ - *``."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return counters.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
        left, right = _counted(node.left, counters), _counted(node.right, counters)
        if left is None or right is None:
            return None
        return (
            left + right
            if isinstance(node.op, ast.Add)
            else left - right
            if isinstance(node.op, ast.Sub)
            else left * right
        )
    return None


def named_numbers(reference: str) -> dict[str, int | float]:
    """The numbers the reference binds to a name at its top level or in a class's body
    (``LIMIT = 100``, a class's ``MAX = 5``), to an attribute of ``self`` (``self.limit = 500``),
    or as a parameter's default (``limit=5``): a guard written against the name (``amount >
    LIMIT``, ``t > self.MAX``, ``len(s) > limit``) has its boundary at the number (the sixteenth
    and seventeenth passes). The first binding of a name counts."""
    tree = parsed(reference)
    if tree is None:
        return {}
    bodies = [tree.body, *(node.body for node in tree.body if isinstance(node, ast.ClassDef))]
    bound = [found for body in bodies for found in assignments(body)]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):  # ``def f(s, limit=5)``
            bound += positional_defaults(node.args)
            bound += [(a.arg, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:  # ``self.limit = 500``
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and getattr(target.value, "id", "") in ("self", "cls"):
                bound.append((target.attr, node.value))
    named: dict[str, int | float] = {}
    for name, value in bound:
        numbers = reference_numbers(ast.unparse(value)) if _constant(value) else []
        if numbers:
            named.setdefault(name, numbers[0])
    return named


def _name_of(node: ast.AST) -> str | None:
    """The name a value is read by: ``LIMIT``, or ``MAX`` of ``self.MAX`` and ``Card.MAX``."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def numbers_in(node: ast.AST, named: dict[str, int | float]) -> list[int | float]:
    """The numbers written in ``node``, then those of the names it reads that ``named`` binds."""
    numbers = reference_numbers(ast.unparse(node))
    for inner in ast.walk(node):
        name = _name_of(inner)
        if name in named:
            add_once(numbers, named[name])
    return numbers


def guard_tests(reference: str, raises: bool = True, clamps: bool = True) -> list[ast.expr]:
    """The tests of the reference's guards: an ``if`` whose own body raises and an ``assert``
    (where ``raises``), and a clamp of a parameter between constants (``max(0, min(100, x))``:
    the code says what it does below 0 and above 100, so those are inputs it takes, where the
    tests may pass 50 and 150 alone; the nineteenth pass's ``max(1, ...)`` was never met)."""
    tree = parsed(reference)
    if tree is None:
        return []
    parameters = _parameters(tree)
    guards = [
        node.test
        for node in ast.walk(tree)
        if (isinstance(node, ast.If) and any(isinstance(statement, ast.Raise) for statement in node.body))
        or isinstance(node, ast.Assert)
    ]
    held = [node for node in ast.walk(tree) if _clamps(node, parameters)] if clamps else []
    return (guards if raises else []) + held


def _parameters(tree: ast.AST) -> set[str]:
    """The names of the parameters of every function the module defines."""
    return {
        argument.arg
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for argument in node.args.args + node.args.kwonlyargs
    }


def _clamps(node: ast.AST, parameters: set[str]) -> bool:
    """Whether ``node`` is ``max``/``min`` of a number constant and a parameter, or of a number
    constant and another such clamp (``max(0, min(100, x))``)."""
    if not isinstance(node, ast.Call) or called_name(node) not in ("max", "min"):
        return False
    if len(node.args) != 2 or node.keywords:
        return False
    numbers = [arg for arg in node.args if _constant(arg) and _is_number(getattr(arg, "operand", arg))]
    others = [arg for arg in node.args if not _constant(arg)]
    return (
        len(numbers) == 1
        and len(others) == 1
        and (
            (isinstance(others[0], ast.Name) and others[0].id in parameters) or _clamps(others[0], parameters)
        )
    )


def compares_two_values(test: ast.expr) -> bool:
    """Whether a comparison in ``test`` sets two values against each other, neither a constant
    (``amount > self.balance``, ``lo > hi``): its boundary is where they meet."""
    for node in ast.walk(test):
        if isinstance(node, ast.Compare) and not isinstance(node.ops[0], MEMBERSHIP):
            sides = [node.left, *node.comparators]
            if sum(not _constant(side) for side in sides) >= 2:
                return True
    return False


def _constant(node: ast.expr) -> bool:
    """A constant as written, signed ones too (``-273.15``)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant)
