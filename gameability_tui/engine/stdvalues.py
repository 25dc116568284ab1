"""Standard-library value types, carried across the process boundary with their own ``==``.

The oracle turns a benchmark's objects into their type and plain state, so that no ``__eq__`` of
benchmark code ever runs (``outcome.to_data``). Standard-library value types are not benchmark
code, and a test compares them with their own ``==``; judging them by state or repr would call a
mutant broken where no assert could reject it. Threats, and the defence:

- ``Decimal('1.500') == Decimal('1.50')`` and ``Fraction(3, 2) == 1.5`` although their reprs
  differ: numbers are carried as their exact ratio (``as_integer_ratio``) and compared by value,
  with each other and with ints and floats, as Python does.
- An ``OrderedDict``'s order is part of its ``==`` against another ``OrderedDict`` (not against a
  dict): its items travel in order. A ``deque`` equals only a ``deque``.
- ``datetime`` values with different time zones can be the same instant: they are carried as the
  instant (aware) or the fields (naive), so equal values compare equal, and a naive one never
  equals an aware one.
- A ``Counter`` equals another ``Counter`` holding the same non-zero counts (``Counter(a=1, b=0)
  == Counter(a=1)``, Python 3.10+), but against a plain dict, or an ``OrderedDict``, it compares
  as a plain dict (zeros count, order does not): its items travel whole, marked as a Counter's.
- A named tuple or a ``defaultdict`` compares as its plain tuple or dict.
- An ``IntEnum`` or ``StrEnum`` member (or any ``int`` or ``str`` subclass with the base's own
  ``==`` and no text of its own) equals the int or str it holds: ``Color.GREEN == 2``. It travels
  as that value, written back as the member (``Color.GREEN``) where it is one.
- ``range(4, 4) == range(0)`` and ``range(0, 4, 2) == range(0, 3, 2)``: ranges compare as the
  sequences they hold (never as a list), so a range travels as what fixes that sequence (nothing
  when empty, its start when one long, else start, step and length).
- ``d.keys()`` and ``d.items()`` compare as sets, with each other and with a ``set`` or
  ``frozenset``: they travel as their members, compared in any order (exactly, as set membership
  is), and are asserted as a set or a dict's ``items()``.
- ``d.values()`` equals no other object (not even the same dict's ``values()``), so no assert
  that passes on the reference compares it with ``==``. A test reads it as a list, in order: it
  is asserted so (its type, then ``list(...)``), and compared as that assert sees it: a values
  view with the same values in the same order (floats within the tolerance), nothing else.
- An ``io.StringIO`` or ``io.BytesIO`` equals only itself, and iterating one reads from where it
  stands (after a write, its end: nothing). A test reads what was written to one with
  ``getvalue()``: it travels as that text (or bytes), compared with another of its kind, and is
  asserted so (the twenty-seventh pass: a report written to a file argument was never read).

Each value keeps the source that rebuilds it (its repr and the import that name needs), so the
asserts are written with the same rule: ``from decimal import Decimal; assert f(1) == Decimal(...)``.
The types are recognised by module and name, never imported here (the child imports nothing new).
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from typing import Any

STD_MARK = "\x00std"  # (STD_MARK, family, canonical, source, import line)

NUMBER, ORDERED, DEQUE, TIME, COUNTS = "number", "ordered", "deque", "time", "counts"
RANGE, VIEW, VALUES, SCALAR, STREAM = "range", "view", "values", "scalar", "stream"


def _number(value: Any) -> Any:
    """The exact value of a Decimal or Fraction: a ratio, or "nan" / "inf" / "-inf"."""
    if value != value:
        return "nan"
    try:
        return value.as_integer_ratio()
    except (OverflowError, ValueError):
        return "inf" if value > 0 else "-inf"


def _moment(value: Any) -> Any:
    """What a datetime-module value's ``==`` looks at: an aware moment in UTC, else its fields."""
    kind = type(value).__name__
    if kind == "timedelta":
        return ("timedelta", value.days, value.seconds, value.microseconds)
    if kind == "date":
        return ("date", value.toordinal())
    if kind == "datetime":
        offset = value.utcoffset()
        if offset is None:
            return ("naive datetime", value.isoformat())
        return ("aware datetime", (value.replace(tzinfo=None) - offset).isoformat())
    if kind == "time":
        offset = value.utcoffset()
        if offset is None:
            return ("naive time", value.isoformat())
        seconds = value.hour * 3600 + value.minute * 60 + value.second - offset.total_seconds()
        return ("aware time", seconds, value.microsecond)
    return (kind, repr(value))


# (module, class name) -> (family, canonical form, import line). ``None`` as the family: the
# value compares as its plain base (a dict or a tuple).
_TYPES: dict[tuple[str, str], tuple[str | None, str]] = {
    ("decimal", "Decimal"): (NUMBER, "from decimal import Decimal"),
    ("_decimal", "Decimal"): (NUMBER, "from decimal import Decimal"),
    ("_pydecimal", "Decimal"): (NUMBER, "from decimal import Decimal"),
    ("fractions", "Fraction"): (NUMBER, "from fractions import Fraction"),
    ("collections", "OrderedDict"): (ORDERED, "from collections import OrderedDict"),
    ("collections", "deque"): (DEQUE, "from collections import deque"),
    ("collections", "defaultdict"): (None, ""),
    ("collections", "Counter"): (COUNTS, "from collections import Counter"),
    ("datetime", "date"): (TIME, "import datetime"),
    ("datetime", "datetime"): (TIME, "import datetime"),
    ("datetime", "time"): (TIME, "import datetime"),
    ("datetime", "timedelta"): (TIME, "import datetime"),
    ("builtins", "range"): (RANGE, ""),
    ("_io", "StringIO"): (STREAM, "import io"),
    ("_io", "BytesIO"): (STREAM, "import io"),
    ("builtins", "dict_keys"): (VIEW, ""),
    ("builtins", "dict_items"): (VIEW, ""),
    ("builtins", "odict_keys"): (VIEW, ""),
    ("builtins", "odict_items"): (VIEW, ""),
    ("builtins", "dict_values"): (VALUES, ""),
    ("builtins", "odict_values"): (VALUES, ""),
}


def is_named_tuple(kind: type) -> bool:
    """A ``collections.namedtuple`` class: a tuple with ``_fields`` and tuple's own ``==``."""
    return issubclass(kind, tuple) and hasattr(kind, "_fields") and kind.__eq__ is tuple.__eq__


def is_value_type(value: Any) -> bool:
    """Whether ``value`` is a standard-library value a test reads as data (a ``Decimal``, a
    ``date``, an ``OrderedDict``, a named tuple): a method a test calls on it (``.is_nan()``,
    ``.date()``) looks at part of it, as ``.lower()`` does at part of a text. A stream is none:
    what a test writes to it changes it."""
    kind = type(value)
    known = _TYPES.get((kind.__module__, kind.__name__))
    return (known is not None and known[0] != STREAM) or is_named_tuple(kind)


def std_data(value: Any, to_data: Callable[[Any, int], Any], depth: int) -> Any:
    """Plain data for a standard-library value, or None when ``value`` is not one, or when its
    canonical form cannot be made (a signalling NaN, a benchmark's ``tzinfo`` that raises): then
    it is compared by its type and state like any object."""
    try:
        return _std_data(value, to_data, depth)
    except Exception:
        return None


def _std_data(value: Any, to_data: Callable[[Any, int], Any], depth: int) -> Any:
    kind = type(value)
    scalar = _scalar(value)
    if scalar is not None:
        return scalar
    if is_named_tuple(kind):
        return tuple(to_data(item, depth + 1) for item in value)
    known = _TYPES.get((kind.__module__, kind.__name__))
    if known is None:
        return None
    family, imports = known
    if family is None:
        return to_data(dict(value), depth)
    if family == NUMBER:
        return (STD_MARK, NUMBER, _number(value), repr(value), imports)
    if family == ORDERED:
        items = tuple((to_data(k, depth + 1), to_data(v, depth + 1)) for k, v in value.items())
        return (STD_MARK, ORDERED, items, "OrderedDict", imports)
    if family == DEQUE:
        return (STD_MARK, DEQUE, [to_data(item, depth + 1) for item in value], "deque", imports)
    if family == COUNTS:
        return (STD_MARK, COUNTS, to_data(dict(value), depth), "Counter", imports)
    if family == RANGE:
        return (STD_MARK, RANGE, _sequence(value), repr(value), imports)
    if family == VALUES:
        return (STD_MARK, VALUES, [to_data(item, depth + 1) for item in value], "values", imports)
    if family == STREAM:
        return (STD_MARK, STREAM, value.getvalue(), kind.__name__, imports)
    if family == VIEW:
        members = tuple(to_data(member, depth + 1) for member in value)
        return (STD_MARK, VIEW, members, "items" if kind.__name__.endswith("items") else "keys", imports)
    return (STD_MARK, TIME, _moment(value), repr(value), imports)


def _scalar(value: Any) -> tuple | None:
    """An int or str subclass's value where its ``==`` is the base's and neither its repr nor its
    str is benchmark code (an ``IntEnum``, a ``StrEnum``, a ``str``-mixed ``Enum``): what ``==``
    compares, read through the base's own methods, so that no benchmark code runs."""
    kind = type(value)
    base = int if isinstance(value, int) else str if isinstance(value, str) else None
    if base is None or kind in (base, bool) or kind.__eq__ is not base.__eq__:
        return None
    if any(
        getattr(getattr(kind, name), "__module__", None) not in (None, "enum")
        for name in ("__repr__", "__str__")
    ):
        return None
    plain = int.__int__(value) if base is int else str.__str__(value)
    name = value._name_ if isinstance(value, enum.Enum) else None
    # written as the member only where the program binds its class (``http.HTTPStatus``, a module
    # on disk, would be a NameError in an assert: its value is written instead)
    own = getattr(sys.modules.get(kind.__module__), "__file__", None) is None
    named = own and type(name) is str and name.isidentifier() and kind.__qualname__.isidentifier()
    return (STD_MARK, SCALAR, plain, f"{kind.__qualname__}.{name}" if named else repr(plain), "")


def _sequence(value: range) -> tuple:
    """What a range's ``==`` looks at: the sequence, fixed by its length, first item and step."""
    if len(value) == 0:
        return ()
    if len(value) == 1:
        return (value.start,)
    return (value.start, value.step, len(value))


def _same_members(got: tuple, want: tuple) -> bool:
    """Set equality of two collections of distinct members (a view's keys or items), exact as
    set membership is; members whose plain data cannot be hashed are looked up one by one."""
    if len(got) != len(want):
        return False
    try:
        return frozenset(got) == frozenset(want)
    except TypeError:
        return all(member in want for member in got)


def is_std(data: Any) -> bool:
    return type(data) is tuple and len(data) == 5 and data[0] == STD_MARK


def _ratio(data: Any) -> Any:
    """The exact value of a number as (numerator, denominator) or "nan" / "inf" / "-inf"."""
    if is_std(data) and data[1] == NUMBER:
        return data[2]
    kind = type(data)
    if kind is bool or kind is int:
        return (int(data), 1)
    if kind is float:
        if data != data:
            return "nan"
        if data in (float("inf"), float("-inf")):
            return "inf" if data > 0 else "-inf"
        return data.as_integer_ratio()
    return None


def std_equal(got: Any, want: Any, equal: Callable[[Any, Any], bool]) -> bool:
    """``got == want`` where at least one side is a standard-library value (``is_std``);
    ``equal`` compares the plain data inside them."""
    got, want = plain_scalar(got), plain_scalar(want)
    if not is_std(got) and not is_std(want):
        return equal(got, want)
    got_ratio, want_ratio = _ratio(got), _ratio(want)
    if got_ratio is not None and want_ratio is not None:
        return got_ratio == want_ratio  # exact, as Python compares Decimal and Fraction
    if is_std(got) and is_std(want):
        if {got[1], want[1]} == {ORDERED, COUNTS}:  # neither order nor zeros count: plain dicts
            return equal(_plain_mapping(got), _plain_mapping(want))
        if got[1] != want[1]:
            return False
        if got[1] in (ORDERED, DEQUE, VALUES):
            return len(got[2]) == len(want[2]) and all(equal(g, w) for g, w in zip(got[2], want[2]))
        if got[1] == COUNTS:
            return equal(_nonzero(got[2]), _nonzero(want[2]))
        if got[1] == VIEW:
            return _same_members(got[2], want[2])
        return got[2] == want[2]
    mapping, other = (got, want) if is_std(got) else (want, got)
    if mapping[1] == VIEW:  # a set or frozenset is compared with a view as sets are
        return type(other) in (set, frozenset) and _same_members(mapping[2], tuple(other))
    if mapping[1] == COUNTS:  # against a dict (or anything else) a Counter is its plain dict
        return equal(mapping[2], other)
    if mapping[1] == ORDERED and type(other) is dict:  # an OrderedDict equals a dict in any order
        as_dict = dict(mapping[2])
        return as_dict.keys() == other.keys() and all(equal(as_dict[k], other[k]) for k in other)
    return False


def plain_scalar(data: Any) -> Any:
    """An ``IntEnum``'s (``SCALAR``) int, or a ``StrEnum``'s str; any other data as it is."""
    return data[2] if is_std(data) and data[1] == SCALAR else data


def _plain_mapping(mapping: tuple) -> Any:
    """An ``OrderedDict``'s or a ``Counter``'s items as the plain dict ``dict.__eq__`` compares."""
    return dict(mapping[2]) if mapping[1] == ORDERED else mapping[2]


def _nonzero(counts: Any) -> Any:
    """A Counter's items but those counted zero, which ``Counter.__eq__`` treats as missing."""
    if type(counts) is not dict:
        return counts
    zero = (int, float, bool)
    return {key: count for key, count in counts.items() if not (type(count) in zero and count == 0)}


def std_source(data: Any, render: Callable[[Any], str], imports: set[str]) -> str:
    """Source text that rebuilds a standard-library value, adding the import its name needs."""
    if data[4]:
        imports.add(data[4])
    if data[1] == ORDERED:
        return f"OrderedDict([{', '.join(f'({render(k)}, {render(v)})' for k, v in data[2])}])"
    if data[1] == DEQUE:
        return f"deque([{', '.join(render(item) for item in data[2])}])"
    if data[1] == COUNTS:
        return f"Counter({render(data[2])})"
    if data[1] in (VALUES, STREAM):  # asserted by what a test reads at the top only (``asserts._equals``)
        raise ValueError(f"a {data[3]} has no literal")
    if data[1] == VIEW and data[3] == "items":
        return "{" + ", ".join(f"{render(k)}: {render(v)}" for k, v in data[2]) + "}.items()"
    if data[1] == VIEW:
        return "{" + ", ".join(render(key) for key in data[2]) + "}" if data[2] else "set()"
    return data[3]
