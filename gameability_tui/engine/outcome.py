"""What a call produced, in a form that crosses a process boundary safely, and how two compare.

The rule behind every comparison here: two outcomes differ only where an assert this tool would
write (one that passes on the reference) could tell them apart. Threats to that, and the defence:

- A returned object's ``__eq__`` is untrusted code (a mutant can return an object equal to
  everything). Values are turned into plain data first (``to_data``): built-in data types as they
  are; any other object as its type name and its plain state (``vars()`` / ``__slots__``),
  recursively and bounded, with what its own ``__repr__`` / ``__str__`` show; generators and
  iterators as what they yielded; coroutines as what they return (``observed.py``). No
  ``__eq__`` of benchmark code ever runs.
- Reprs lie: a cut repr hides a difference past the cut, and an int past 4,300 digits has no repr
  at all. Values are compared as values (a digest of their full marshalled bytes when too large
  to ship); a repr is only ever shown, never compared (except by the ``repr`` oracle, which
  compares a digest of the full repr, as the published tool does).
- Floats: two correct computations may differ in the last bit, and the asserts compare floats with
  a tolerance, so the oracle uses that same tolerance (``FloatRule``: EvalPlus's 1e-6 absolute
  plus 1e-7 relative, so that a whole unit in a million is a difference), inside containers too.
  ``inf`` and ``-inf`` equal only themselves (a relative bound on them is infinite). EvalPlus
  tasks use EvalPlus's own rule (``atol``, else 1e-6 absolute for float results).
- Standard-library value types (``Decimal``, ``Fraction``, ``OrderedDict``, ``datetime``, named
  tuples, ranges, dict views) are not benchmark code: they keep their own ``==`` and order
  (``stdvalues``); only benchmark-defined classes are compared by type and state.
- Arguments changed in place are part of what a test can see: each mutable argument's state after
  the call travels with the outcome and is compared like the result.
- So is printed output, where the reference prints (a test that captures ``sys.stdout`` sees
  it): what a call printed travels with its outcome, and is compared where the reference's
  printed anything (``_same_printed``).
- NaN is not equal to itself in Python, but two NaN results are indistinguishable to an assert
  that passes on the reference: they compare the same here.
- Default reprs carry memory addresses, which differ between processes: they are masked.
- Results that cannot cross to the worker (too large to copy, nested deeper than its decoders
  go, sets of objects whose plain state is unhashable) never end the child silently: they become
  an outcome with the reason (``unencodable``; the checks and the step budget encoding runs
  under are ``sandbox/encoding.py``'s), so a ``__repr__`` that never returns costs only itself.
- A candidate that wraps ``marshal`` cannot steer encoding: this module uses its own references.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import marshal
import re
from dataclasses import dataclass
from typing import Any

from .observed import (
    AWAITED_MARK,
    BENCHMARK_MODULE,
    CHAINED_MARK,
    MAX_YIELDED,
    Awaited,
    Chained,
    Yielded,
    drained,
    is_iterator,
    iterated,
    shown,
)
from .stdvalues import is_std, plain_scalar, std_data, std_equal

PLAIN_SCALARS = (int, float, complex, str, bytes, bool, type(None))
PLAIN_CONTAINERS = (list, tuple, set, frozenset, dict)
MUTABLE_CONTAINERS = (list, dict, set, bytearray)
MAX_VALUE_BYTES = 1 << 20
MAX_REPR_CHARS = 4000
MAX_PRINTED_CHARS = 4000  # printed output kept whole up to this; past it, known by digest only
MAX_STATE_DEPTH = 20  # deeper object graphs are cut: compared by type name only past this

_DUMPS = marshal.dumps  # taken before benchmark code runs, which may wrap marshal.dumps

# Markers for data that stands for something that is not plain data. They start with NUL, which
# no benchmark's own strings are expected to hold, so they cannot be mistaken for a result.
OBJECT_MARK = "\x00object"
YIELDED_MARK = "\x00yielded"
CUT_MARK = "\x00cut"

# Outcome tuples (marshal-friendly):
#   ("value", data, text, repr_digest, args)  returned normally; data compares, text is shown
#   ... + ((printed, digest),)                 and printed this (sys.stdout) on the way
#   ("big", digest, text, repr_digest, args)  returned a value too large to ship, known by digest
#   ("raise", type_name)                      an exception escaped the call (a mutant's, named
#                                             as the reference's type where an instance of it)
#   ("raise", type_name, message)             ... where the tests look at its message too
#   ("budget",)                               the deterministic step budget ran out
# ``args`` is None when the call had no mutable argument, else the data of each argument after
# the call (None for an immutable one).
Outcome = tuple
BUDGET_OUTCOME: Outcome = ("budget",)
# A call its child never answered: the child was stopped by a CPU or wall-clock backstop (a loop
# inside C code, or a reference past its time on a reviewer's own arguments).
STOPPED_OUTCOME: Outcome = ("stopped",)


def _key_data(key: Any, depth: int) -> Any:
    """A dict key's or a set item's data: an ``IntEnum`` (or ``StrEnum``) member as the int (or
    str) it holds, since a dict or set finds one by the other (``{Color.RED: 2} == {1: 2}``)."""
    data = to_data(key, depth)
    return plain_scalar(data)


class _Unshippable(Exception):
    pass


def to_data(value: Any, depth: int = 0) -> Any:
    """Plain data that stands for ``value`` as a test could observe it, without running its
    ``__eq__``: objects become (OBJECT_MARK, type name, state), iterators what they yield."""
    kind = type(value)
    if kind in PLAIN_SCALARS:
        return value
    if depth > MAX_STATE_DEPTH:
        return (CUT_MARK, kind.__name__)
    if kind is list:
        return [to_data(item, depth + 1) for item in value]
    if kind is tuple:
        return tuple(to_data(item, depth + 1) for item in value)
    if kind is dict:
        pairs = [(_key_data(k, depth + 1), to_data(v, depth + 1)) for k, v in value.items()]
        try:
            return dict(pairs)
        except TypeError:  # keys whose plain state is unhashable (objects with their own __hash__)
            return (OBJECT_MARK, "dict", _canonical(pairs))
    if kind in (set, frozenset):
        items = [_key_data(item, depth + 1) for item in value]
        try:
            return kind(items)
        except TypeError:  # objects with their own __hash__: their plain state is unhashable
            return (OBJECT_MARK, kind.__name__, _canonical(items))
    if kind is Yielded:
        items = tuple(to_data(item, depth + 1) for item in value[:MAX_YIELDED])
        if value.returned is not None:  # (what a ``yield from`` of it answers)
            return (YIELDED_MARK, items, len(value) > MAX_YIELDED, to_data(value.returned, depth + 1))
        return (YIELDED_MARK, items, len(value) > MAX_YIELDED)
    if kind is bytearray:
        return (OBJECT_MARK, "bytearray", bytes(value))
    if kind is Awaited:  # what a coroutine returned (observed.py)
        return (AWAITED_MARK, to_data(value.value, depth + 1))
    if kind is Chained:  # what the tests' chain returned, and where an operator cut it
        data = (CHAINED_MARK, to_data(value.value, depth + 1))
        return data if value.cut is None else (*data, value.cut)
    standard = std_data(value, to_data, depth)  # (before iterators: a StringIO is one)
    if standard is not None:
        return standard
    if is_iterator(value):
        return to_data(drained(value), depth)
    if isinstance(value, enum.Enum) and not isinstance(value, enum.Flag) and kind.__eq__ is object.__eq__:
        return (OBJECT_MARK, kind.__qualname__, _member_state(value))
    return (OBJECT_MARK, kind.__qualname__, _state(value, depth))


def _member_state(member: enum.Enum) -> tuple:
    """What ``==`` sees of a plain ``Enum``'s member: which member it is, by its class and name
    (two are equal only when they are one); not its value, which no ``==`` between members reads
    (the fifteenth pass: ``SHIPPED = 4`` for ``SHIPPED = 3`` "survived" every test with no assert
    that could reject it), and the texts its class writes itself (``enum``'s own name the value)."""
    kind = type(member)
    parts: list = [{"__objclass__": kind.__qualname__, "_name_": object.__getattribute__(member, "_name_")}]
    own = [
        getattr(getattr(kind, text, None), "__module__", "enum") != "enum" for text in ("__repr__", "__str__")
    ]
    text = shown(member, safe_repr) if any(own) else None
    if text is not None:
        parts.append(tuple(part if keep else None for part, keep in zip(text, (True, *own))))
    return tuple(parts)


def _state(value: Any, depth: int) -> Any:
    """An object's plain state: what a built-in base holds, then its attributes (vars and slots)."""
    parts: list = []
    for base in (dict, list, tuple, set, frozenset):
        if isinstance(value, base):
            parts.append(to_data(base(value), depth + 1))
            break
    attributes: dict = {}
    try:
        own = object.__getattribute__(value, "__dict__")
        if type(own) is dict:
            attributes.update(own)
    except AttributeError:
        pass
    for klass in type(value).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__"):
                try:
                    attributes[name] = object.__getattribute__(value, name)
                except AttributeError:
                    pass
    unread = _private_unread_by_eq(type(value), attributes)
    if attributes:
        parts.append(
            {
                str(k): to_data(v, depth + 1)
                for k, v in sorted(attributes.items(), key=_key)
                if k not in unread
            }
        )
    text = shown(value, safe_repr)  # its own __repr__ / __str__ (observed.py)
    if text is not None:
        parts.append(text)
    # what a ``for`` over the answer meets, where its class says how to iterate it (the answer
    # itself only: what it holds is its state, and an item iterating to more is no end)
    walked = iterated(value) if depth == 0 else None
    if walked is not None:
        mark, items, more, raised = walked
        parts.append((mark, tuple(to_data(item, depth + 1) for item in items), more, raised))
    if not parts:  # a C type with no visible state (Decimal, datetime, ...): its repr is its state
        parts.append(safe_repr(value))
    return tuple(parts)


def _private_unread_by_eq(klass: type, attributes: dict) -> frozenset:
    """The private attributes (``_hash``) a class's own ``__eq__`` never reads: where the class
    says what makes two of its objects equal, a cache it keeps beside is no part of what an
    object shows (the thirty-first pass: a key's cached hash started at 0 for None was "broken",
    and its asserts pinned ``_hash``). None where the class has no ``__eq__`` of its own, or
    reads its whole ``__dict__``."""
    try:
        read = _read_by_eq(klass)
    except TypeError:  # (a class its metaclass makes unhashable: read uncached)
        read = _read_by_eq.__wrapped__(klass)
    if read is None:
        return frozenset()
    return frozenset(str(k) for k in attributes if str(k).startswith("_") and str(k) not in read)


@functools.lru_cache(maxsize=256)
def _read_by_eq(klass: type) -> frozenset | None:
    """The names a class's own ``__eq__`` reads, with those of the class's methods it calls
    (``self._key()``); None where it has none of its own or reads the whole state. Once a class:
    every object of it encoded asks (a candidate's result, its items)."""
    equality = next((k.__dict__["__eq__"] for k in klass.__mro__ if "__eq__" in k.__dict__), None)
    code = getattr(equality, "__code__", None)
    if code is None:
        return None
    names, todo = set(), [code]
    while todo:
        names |= set(todo.pop().co_names)
        helpers = (getattr(getattr(klass, name, None), "__code__", None) for name in list(names))
        todo += [helper for helper in helpers if helper is not None and not set(helper.co_names) <= names]
        if len(names) > 500:
            return None
    if names & {"__dict__", "vars", "__getstate__", "astuple", "asdict", "fields", "__slots__"}:
        return None
    return frozenset(names)


def _canonical(items: list) -> tuple:
    """Plain data in an order of its own (its reprs'), for a set or dict whose items' plain data
    cannot be hashed: the same members in any order give the same data."""
    return tuple(sorted(items, key=safe_repr))


def _key(item: tuple) -> str:
    return str(item[0])


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
ADDRESS_MASK = " at 0x?"


def safe_repr(value: Any) -> str:
    """repr without memory addresses: ``<Pair object at 0x7f..>`` differs between processes
    (address-space randomisation), and must not make two equal outcomes look different."""
    if type(value) is int and value.bit_length() > 14_000:  # past the decimal conversion limit
        return f"<int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except BaseException as error:  # a hostile __repr__ must not crash the runner
        text = f"<unrepresentable {type(value).__name__}: {type(error).__name__}>"
    return _ADDRESS.sub(ADDRESS_MASK, text)


def _short(text: str) -> str:
    return text if len(text) <= MAX_REPR_CHARS else text[:MAX_REPR_CHARS] + "..."


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _ship(data: Any) -> tuple[str, Any]:
    """("value", data) when it is small enough to travel, else ("big", digest of its bytes)."""
    try:
        packed = _DUMPS(data)
    except (ValueError, RecursionError) as error:
        raise _Unshippable from error
    if len(packed) <= MAX_VALUE_BYTES:
        return "value", data
    return "big", _digest(packed)


def _ship_value(value: Any) -> tuple[str, Any]:
    """``_ship(to_data(value))``, without walking plain data in Python: ``marshal`` accepts only
    exact built-in types (no subclass, no object), so a value it packs is already plain data."""
    try:
        packed = _DUMPS(value)
    except (ValueError, RecursionError):
        return _ship(to_data(value))
    if len(packed) <= MAX_VALUE_BYTES:
        return "value", value
    return "big", _digest(packed)


def unencodable(reason: str) -> Outcome:
    """The outcome of a call whose result cannot be shipped, with the reason (never compared as
    a value: a normal return that no assert could be written for)."""
    return ("raise", f"<{reason}>")


def encode_value(value: Any, arguments: tuple = (), printed: str = "") -> Outcome:
    """The outcome of a call that returned ``value``; ``arguments`` are its arguments afterwards,
    ``printed`` what it wrote to ``sys.stdout`` (kept only when there is some: ``printed_by``)."""
    text = safe_repr(value)
    repr_digest = _digest(text.encode("utf-8", "replace"))
    try:
        kind, data = _ship_value(value)
    except (_Unshippable, RecursionError):
        kind, data = "big", repr_digest
    outcome = (kind, data, _short(text), repr_digest, _argument_states(arguments))
    if printed:
        outcome += ((printed[:MAX_PRINTED_CHARS], _digest(printed.encode("utf-8", "surrogatepass"))),)
    return outcome


ERRORS_MARK = "\x00stderr\x00"  # what a call printed: its stdout, this, then its stderr (``Oracle.errors``)
# then, where the tests watch for warnings (``Oracle.warns``), this and the categories it warned
# with, one per line, in order
WARNINGS_MARK = "\x00warnings\x00"


def printed_streams(printed: str) -> tuple[str, str | None]:
    """What a call printed, as (stdout, stderr); stderr None where it was not taken."""
    out, mark, errors = printed.partition(WARNINGS_MARK)[0].partition(ERRORS_MARK)
    return out, errors if mark else None


def warned_with(printed: str) -> list[str] | None:
    """The categories of the warnings a call emitted, in order; None where they were not taken."""
    _, mark, warned = printed.partition(WARNINGS_MARK)
    return warned.split("\n") if mark and warned else ([] if mark else None)


def printed_by(outcome: Outcome) -> str | None:
    """What a call that returned normally printed, whole; "" when nothing, None when it printed
    more than an outcome keeps (``MAX_PRINTED_CHARS``: it is known by digest only)."""
    if not returned_normally(outcome) or len(outcome) < 6:
        return ""
    text, digest = outcome[5]
    return text if _digest(text.encode("utf-8", "surrogatepass")) == digest else None


def _same_printed(got: Outcome, expected: Outcome, prints: bool = False) -> bool:
    """Printed output is part of the answer where the reference prints (a test that captures
    ``sys.stdout`` sees it): on every call where its code prints (``prints``: nothing printed is
    an answer too), else on the calls where it printed; elsewhere a candidate's is not looked at."""
    if len(expected) < 6 and not prints:
        return True
    return (got[5][1] if len(got) >= 6 else None) == (expected[5][1] if len(expected) >= 6 else None)


def _argument_states(arguments: tuple) -> tuple | None:
    """The data of each mutable argument after the call (None for immutable ones)."""
    if not any(_mutable(argument) for argument in arguments):
        return None
    states = []
    for argument in arguments:
        if not _mutable(argument):
            states.append(None)
            continue
        try:
            kind, data = _ship_value(argument)
        except (_Unshippable, RecursionError):
            kind, data = "big", _digest(safe_repr(argument).encode("utf-8", "replace"))
        states.append((kind, data))
    return tuple(states)


def _mutable(value: Any) -> bool:
    kind = type(value)
    return kind in MUTABLE_CONTAINERS or (kind not in PLAIN_SCALARS and kind not in (tuple, frozenset))


MAX_MESSAGE = 1_000  # characters of an exception's message kept whole; a longer one by digest


def encode_raise(error: BaseException, message: bool = False, reads: tuple[str, ...] = ()) -> Outcome:
    """An escaped exception by its type, and by its message (``str``, addresses masked) where
    the tests look at it (``Oracle.messages``), with its state (``raise_state``): the
    attributes among ``reads`` it carries (``Oracle.raise_reads``: the names the tests read on
    things, ``caught.value.code``), every plain one where the benchmark defines its class, and a
    ``SystemExit``'s status."""
    state = raise_state(error, reads)
    if not message:
        return ("raise", type(error).__name__) + ((None, state) if state else ())
    try:
        text = str(error)
        text = _ADDRESS.sub(ADDRESS_MASK, text) if type(text) is str else "<no message>"
    except BaseException as failure:  # a hostile __str__: what a test reading it would meet
        text = f"<str raised {type(failure).__name__}>"
    if len(text) > MAX_MESSAGE:
        text = "\x00digest " + _digest(text.encode("utf-8", "replace"))
    return ("raise", type(error).__name__, text, state) if state else ("raise", type(error).__name__, text)


_STATE_SCALARS = (int, float, str, bool, type(None))
# what an exception carries of how it was raised: ``raise X from None`` (or ``from error``) sets
# it, and a traceback then leaves out the exception handled when it was raised
SUPPRESSED_CONTEXT = "__suppress_context__"


def raise_state(error: BaseException, reads: tuple[str, ...] = ()) -> tuple[tuple[str, Any], ...]:
    """What an exception carries that is part of the answer, sorted by name. The attributes the
    tests read (``HttpError(404)``'s ``code``, read as ``caught.value.code``): a mutant raising
    the right type with another code answers otherwise. Every plain attribute of an exception of
    a class the benchmark defines: its state, as a returned object's is compared (the twentieth
    pass: ``ParseError(lineno)`` one line off passed ``pytest.raises(ParseError)``). And a
    ``SystemExit``'s ``code``: the status a program exits with is its answer to a shell ("exits
    with status 2"; ``sys.exit(3)`` passed a test that caught ``SystemExit``)."""
    own = type(error).__module__ == BENCHMARK_MODULE
    state = dict(_exception_state(error, reads, every=own)) if reads or own else {}
    if isinstance(error, SystemExit):
        try:
            code = error.code
        except Exception:  # a subclass's own property that raises: the type alone is known
            code = ...
        if type(code) in _STATE_SCALARS:
            state["code"] = code
    if SUPPRESSED_CONTEXT in reads and error.__context__ is not None and error.__suppress_context__:
        state[SUPPRESSED_CONTEXT] = True  # (raised while handling another, ``from None``: it hides it)
    return tuple(sorted(state.items()))


def _exception_state(
    error: BaseException, reads: tuple[str, ...], every: bool = False
) -> tuple[tuple[str, Any], ...]:
    """The plain attributes an exception carries among ``reads`` (or ``every`` one): plain
    scalars, or flat tuples and lists of them; read from the instance's own ``__dict__``, never
    through benchmark code."""
    try:
        held = object.__getattribute__(error, "__dict__")
    except Exception:  # no __dict__ (a built-in exception), or a class's own descriptor that raises
        return ()
    if type(held) is not dict:
        return ()
    state = []
    for key, value in held.items():
        flat = type(value) in (tuple, list) and all(type(item) in _STATE_SCALARS for item in value)
        if (every or key in reads) and type(key) is str and (type(value) in _STATE_SCALARS or flat):
            state.append((key, tuple(value) if type(value) is list else value))
    return tuple(state)


def _the_tools_own(value: object, kind: str) -> bool:
    """Whether ``value`` is an object of the tool's own class ``kind`` (``observed.Refused``,
    ``observed.Unreadable``) as plain data: an answer the child made, not the candidate."""
    return type(value) is tuple and len(value) == 3 and value[:2] == (OBJECT_MARK, kind)


def is_refused(value: object) -> bool:
    """Whether a chain's answer is the reference refusing the input there (``observed.Refused``,
    as plain data)."""
    return _the_tools_own(value, "Refused")


def raised_in(value: object) -> tuple[str, str | None] | None:
    """The type (and message, where kept) of a raise that is an answer (``observed.Unreadable``,
    as plain data: a module read, or a chain's use, that raised), else None."""
    if not _the_tools_own(value, "Unreadable"):
        return None
    state = value[2][0] if len(value[2]) == 1 and type(value[2][0]) is dict else {}
    raised, message = state.get("raised"), state.get("message")
    if (
        type(raised) is not str
        or not set(state) <= {"raised", "message"}
        or type(message) not in (str, type(None))
    ):
        return None
    return raised, message


@dataclass(frozen=True)
class FloatRule:
    """When two numbers count as the same.

    ``relative``: the written asserts' rule, EvalPlus's ``abs(got - want) <= 1e-6 + 1e-7 * abs(want)``.
    ``evalplus``: EvalPlus's ``allclose`` with the task's ``atol``: ``atol + 1e-7 * abs(want)``.
    ``exact``: ``got == want``. Under every rule an infinity equals only itself.
    """

    kind: str = "relative"
    atol: float = 1e-6

    def close(self, got: Any, want: Any) -> bool:
        try:
            if got == want or self.kind == "exact":
                return got == want
            if _infinite(got) or _infinite(want):
                return False
            return abs(got - want) <= self.atol + 1e-7 * abs(want)
        except (TypeError, OverflowError):
            return False


def _infinite(number: Any) -> bool:
    return any(abs(part) == float("inf") for part in (number.real, number.imag))


RELATIVE = FloatRule()
EXACT = FloatRule("exact")
EVALPLUS_FLOAT_ATOL = 1e-6  # EvalPlus's tolerance for float results of tasks that set no atol


_NUMBERS = (int, float, complex)


def data_equal(got: Any, want: Any, rule: FloatRule = RELATIVE) -> bool:
    """``got == want`` as a test would see it, for plain data made by ``to_data``, with floats
    compared by ``rule`` and NaN equal to NaN. Never runs benchmark code."""
    try:
        if got == want:  # plain data: Python's own ==, at C speed, never stricter than this rule
            return True
    except (TypeError, ValueError, RecursionError):
        pass
    if is_std(got) or is_std(want):
        return std_equal(got, want, lambda g, w: data_equal(g, w, rule))
    got_type, want_type = type(got), type(want)
    if got_type in _NUMBERS and want_type in _NUMBERS and got_type is not bool and want_type is not bool:
        # the tolerance is the expected value's: an int answer is compared exactly, as the assert
        # that writes it compares it (EvalPlus's rule, for its tasks, has its own: ``matches``)
        if want_type in (float, complex) or rule.kind == "evalplus":
            if _is_nan(got) and _is_nan(want):
                return True
            return rule.close(got, want)
        return got == want
    if got_type is not want_type:
        if {got_type, want_type} <= {set, frozenset}:
            return got == want
        if {got_type, want_type} <= {int, float, bool}:
            return got == want
        return False
    if got_type in (list, tuple):
        return len(got) == len(want) and all(data_equal(g, w, rule) for g, w in zip(got, want))
    if got_type is dict:
        if got.keys() != want.keys():
            return False
        return all(data_equal(got[key], want[key], rule) for key in want)
    return got == want


def _is_nan(value: Any) -> bool:
    try:
        return value != value
    except TypeError:
        return False


def same(
    a: Outcome, b: Outcome, oracle: str = "eq", rule: FloatRule = RELATIVE, arguments: bool = True,
    prints: bool = False,
) -> bool:  # fmt: skip
    """Whether two outcomes are indistinguishable to the chosen oracle (``b`` is the expected one).

    ``eq`` compares as the asserts do; ``repr`` compares full reprs, as the published tool does.
    ``arguments``: also the arguments' states after the call and what it printed (a harness that
    looks only at the result, as EvalPlus's does, passes False); ``prints``: ``Oracle.prints``."""
    if a[0] in ("value", "big") and b[0] in ("value", "big"):
        states_agree = not arguments or _same_arguments(a[4], b[4], rule)
        if oracle == "repr":
            return a[3] == b[3] and states_agree
        if a[0] != b[0] or (arguments and not _same_printed(a, b, prints)):
            return False
        equal = a[1] == b[1] if a[0] == "big" else data_equal(a[1], b[1], rule)
        return equal and states_agree
    return tuple(a) == tuple(b)


def _same_arguments(got: tuple | None, want: tuple | None, rule: FloatRule) -> bool:
    if got is None or want is None:
        return got is want
    for got_state, want_state in zip(got, want):
        if got_state is None or want_state is None:
            if got_state is not want_state:
                return False
        elif got_state[0] != want_state[0]:
            return False
        elif got_state[0] == "big":
            if got_state[1] != want_state[1]:
                return False
        elif not data_equal(got_state[1], want_state[1], rule):
            return False
    return len(got) == len(want)


def same_arguments(got: Outcome, expected: Outcome, rule: FloatRule = RELATIVE) -> bool:
    """Whether two calls left their arguments in the same states (calls that did not both return
    normally have no states to compare: they differ in what they returned, or did not)."""
    if not (returned_normally(got) and returned_normally(expected)):
        return True
    return _same_arguments(arguments_after(got), arguments_after(expected), rule)


def matches(got: Outcome, expected: Outcome, atol: float, oracle: str = "eq") -> bool:
    """EvalPlus's test of one input: exactly the same result, or, where the task sets ``atol``
    or the expected result is a float (or a list of floats), the same type and shape with every
    number within ``atol`` (1e-6 for floats when the task sets none) plus 1e-7 relative. Like
    EvalPlus's harness, it looks at the result only, not at the arguments afterwards."""
    if same(got, expected, oracle, EXACT, arguments=False):
        return True
    want = returned_value(expected)
    tolerance = atol or (EVALPLUS_FLOAT_ATOL if is_float_data(want) else 0.0)
    if not tolerance or got[0] != "value" or type(returned_value(got)) is not type(want):
        return False
    return same(got, expected, oracle, FloatRule("evalplus", atol=tolerance), arguments=False)


@dataclass(frozen=True)
class Oracle:
    """How a candidate's outcome is judged against the reference's on the same call.

    ``kind`` "eq" compares as the asserts do; "repr" compares full reprs, as the published tool
    does. EvalPlus tasks (``evalplus``) compare numbers by EvalPlus's own rule and ``atol``.
    ``raises``: the tests show a raise (``inputs/raises.py``), so an exception is an answer, and
    a type they only catch together with it (``caught``: ``pytest.raises((A, B))``) the same one;
    ``messages``: they read its message too. ``prints``: the reference's code prints, so what a
    call prints, or not, is part of its answer. ``reads``: module data the tests read after a call."""

    kind: str = "eq"
    evalplus: bool = False
    atol: float = 0.0
    raises: bool = False
    messages: bool = False
    prints: bool = False
    reads: tuple[str, ...] = ()
    caught: tuple[tuple[str, ...], ...] = ()
    errors: bool = False  # the reference's code writes to ``sys.stderr``: part of what a call prints
    # the tests watch for warnings and the reference's code warns (``inputs.raises.watches_warnings``):
    # the categories a call warns with are part of what it prints (``WARNINGS_MARK``)
    warns: bool = False
    raise_reads: tuple[str, ...] = ()  # attributes the tests read, where they read an exception
    # the words (or patterns) the tests look for in messages, where they read them for no more
    # (``inputs/message_reads.py``): a message is then judged by which of them it holds
    fragments: tuple[tuple[str, bool], ...] = ()
    # the task's text leaves a returned list's order free ("in any order"): compared as a bag
    unordered: bool = False
    # a looser float tolerance the task's text states ("within 1e-3"): the atol of the rule
    stated_atol: float = 0.0

    def same(self, got: Outcome, expected: Outcome) -> bool:
        if self.evalplus:
            return matches(got, expected, self.atol, self.kind)
        if self.unordered:
            got, expected = in_any_order(got), in_any_order(expected)
        rule = FloatRule(atol=self.stated_atol) if self.stated_atol else RELATIVE
        return same(got, expected, self.kind, rule, prints=self.prints or self.warns)

    def differs(self, got: Outcome, expected: Outcome) -> bool:
        """Whether ``got`` tells a candidate apart from the reference's ``expected``: where the reference
        returned normally, any difference; where it raised, only when the tests show raises, and then
        returning, raising another type (not a subclass of the reference's or of a type caught with it:
        the child names those by the reference's type, ``encoding.raised``), or not finishing (the
        confirmation allowance, a harness's time limit, spent: a harness fails a test that never ends)."""
        if returned_normally(expected):
            return not self.same(got, expected)
        if self.raises and expected[0] == "raise":
            if got[0] != "raise":
                return True
            if self.fragments:
                held = message_holds(got[2:3], self.fragments), message_holds(expected[2:3], self.fragments)
                return got[1] != expected[1] or got[3:] != expected[3:] or held[0] != held[1]
            return got[1:] != expected[1:]
        return False


def message_holds(message: tuple, fragments: tuple[tuple[str, bool], ...]) -> tuple:
    """What a test reading an exception's message for ``fragments`` sees of it (``message``: the
    outcome's message part, empty where none is kept): which words it holds, which patterns it
    matches (searched, as ``assertRaisesRegex`` and ``match=`` do); a message kept by digest
    only, as it is."""
    if not message or type(message[0]) is not str or message[0].startswith("\x00"):
        return message
    return tuple(_holds_one(words, pattern, message[0]) for words, pattern in fragments)


def _holds_one(words: str, pattern: bool, message: str) -> bool:
    if pattern:
        try:
            return re.search(words, message) is not None
        except re.error:  # (a pattern the tests' own check could not compile either: read as words)
            pass
    return words in message


def in_any_order(outcome: Outcome) -> Outcome:
    """``outcome`` with a returned list's items in one order of their own (by their text), so two
    lists holding the same items compare equal: where the task's text leaves the order free."""
    if outcome[0] != "value" or type(outcome[1]) is not list:
        return outcome
    return (outcome[0], sorted(outcome[1], key=repr), *outcome[2:])


def returned_normally(outcome: Outcome) -> bool:
    return outcome[0] in ("value", "big")


def returned_value(outcome: Outcome) -> Any:
    """The data a normal return produced (for asserts); None for an oversized value."""
    return outcome[1] if outcome[0] == "value" else None


def arguments_after(outcome: Outcome) -> tuple | None:
    """The arguments' states after the call (see ``encode_value``), or None."""
    return outcome[4] if returned_normally(outcome) else None


def describe(outcome: Outcome) -> str:
    """Short human text for an outcome (probe results, reports)."""
    kind = outcome[0]
    if kind in ("value", "big") and len(outcome) >= 6:
        out, err = printed_streams(outcome[5][0])
        warned = warned_with(outcome[5][0])
        return (
            f"{outcome[2]}, printing {_short(repr(out))}"
            + (f", to stderr {_short(repr(err))}" if err else "")
            + (f", warning {', '.join(warned)}" if warned else "")
        )
    if kind in ("value", "big"):
        return outcome[2]
    if kind == "raise":
        message = f" ({_short(repr(outcome[2]))})" if len(outcome) > 2 and outcome[2] is not None else ""
        state = ", ".join(f"{key} {value!r}" for key, value in outcome[3]) if len(outcome) > 3 else ""
        return f"raises {outcome[1]}{message}" + (f", {state}" if state else "")
    if kind == "stopped":
        return "does not finish in its time (stopped)"
    return "exceeds the step budget"


def is_float_data(value: Any) -> bool:
    """A float, or a non-empty list/tuple of floats: EvalPlus's float results."""
    if type(value) is float:
        return True
    return type(value) in (list, tuple) and bool(value) and all(type(v) is float for v in value)
