"""What a result shows when the tests use it, beyond its plain state.

Threats, and the defence:

- A generator or other one-shot iterator looks the same for every candidate by its repr: it is
  drained inside the step count (``Yielded``) and compared by what it yields.
- A coroutine (an ``async def`` entry) is, unawaited, the same ``<coroutine object>`` for every
  mutant: all of them would look equivalent. The tests await it (``asyncio.run(f(3))``), so the
  child drives it to its end (``drive``) inside the step count, on an event loop whose clock
  jumps to its next timer, and the outcome is what it returned (``Awaited``), asserted as
  ``asyncio.run(f(...)) == ...``.
- An async generator is drained the same way, each item awaited as ``async for`` would
  (``drain_async``); every mutant looked equivalent before.
- An object's own ``__repr__`` / ``__str__`` is what a test that prints or formats it sees: a
  mutant that changes only them was called equivalent. Where the benchmark's class defines them
  (Python code, not a built-in's), their text is part of the object's outcome (``shown``).
  But an object's identity (``id(self)``, as a number or in hex) differs from one process to the
  next, and between a mutant and its reference that allocate differently: it is masked
  (``IDENTITY_MASK``), so it never makes two outcomes differ, and no assert checks such text.
- A returned object or callable is used by the tests through a chain of calls
  (``Counter(5).bump()``, ``Solution().twoSum(...)``, ``make_adder(3)(4)``): calling the entry
  alone makes every mutant of ``bump`` equivalent. The child replays the chain (``replay``) and
  the outcome is what its last call returned (``Chained``), asserted in the chain's shape; a
  coroutine it ends in is awaited as the tests await it. Where a test binds the object to a name
  and calls it several times (``c.bump(); c.bump()``), the calls are made in turn on one object,
  and the outcome is what each returned, with the attributes the test reads on it after them
  (``acc.deposit(50)``, then ``acc.balance``: a method that returns None changes the state the
  test checks). Where the tests expect raises, a use that raises answers with its type
  (``Unreadable``) and the next use goes on, as a test does after ``with pytest.raises(...)``:
  which call raised is part of the answer (a mutant raising one call later was equivalent,
  its whole chain one raise of the same type). Where they do not, a later use that raises is the
  reference refusing the input there (``Refused``): the uses before it are compared, as a
  difference counts only where the reference returned normally. Where
  the entry returns plain data, or a standard-library value (``f(x).is_nan()`` on a ``Decimal``:
  the thirty-first pass, where ``'NaN'`` made ``'sNaN'`` was equivalent), the chain is not
  replayed: a test that looks at only part of a result (``f(x).lower()``) is what makes a
  problem weak, so the whole result stays the answer.
  An operator or protocol the tests use on an object (``Vec(1, 2) + Vec(3, 4)``, ``len(s)``:
  ``inputs/protocols.py``) is a step of the chain too, applied only to an object of the
  benchmark's own classes: where one meets anything else later in the chain (a list,
  ``Solution().two_sum(...)[0]``; a ``Counter``), the chain stops there and that whole value is
  the answer (``Chained.cut``: the steps made, so the assert stops there too).
- Module data the tests read after a call (``record(5)`` then ``RESULTS[-1] == 10``): a call
  that returns None looked the same in every mutant, however it changed that data. Where the
  reference defines the name as data and the tests read it after a call, whole, by attributes or
  by literal subscripts (``inputs/module_reads.py``: ``Oracle.reads``), each such read, made after
  every call (each from a fresh load), is part of the call's answer (``read_after``), asserted as
  the tests read it. A read that raises is an answer too (``Unreadable``), never an assert.
- Printed output, where the reference's code prints (``prints``), is part of every call's answer,
  nothing printed included: a mutant that prints on a call where the reference prints nothing
  was equivalent. Where its code never prints, a candidate's own prints are not looked at. What
  a call writes to ``sys.stderr`` is part of it where the reference's code names ``stderr``
  (``writes_errors``): a test reading ``capsys.readouterr().err`` sees it.
- The warnings a call emits, where the tests watch for warnings and the reference's code warns
  (``inputs.raises.watches_warnings``): the categories, in order, are part of its answer, as a test recording
  them with ``catch_warnings(record=True)`` or ``pytest.warns`` sees them (the twenty-seventh
  pass: ``x < 0`` to ``x <= 0`` warned at 0, where the text says no warning, and was equivalent).
"""

from __future__ import annotations

import ast
import functools
import importlib
import operator
from collections.abc import Callable
from typing import Any

from .stdvalues import is_value_type

CHAINED_MARK = "\x00chained"  # (CHAINED_MARK, data of what the tests' chain of calls returned)
MAX_YIELDED = 10_000  # items taken from a returned generator or iterator
AWAITED_MARK = "\x00awaited"  # (AWAITED_MARK, data of what the coroutine returned)
SHOWN_MARK = "\x00shown"  # (SHOWN_MARK, own repr or None, own str or None)
IDENTITY_MASK = "<id?>"  # stands for an id() in an object's own text (``without_identity``)


class Awaited:
    """What a coroutine returned when driven to its end."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"<awaited {self.value!r}>"


# The parts of a call's job that makes calls before it (``calls.Call.before``): its arguments,
# chain, uses, reads and objects, then those calls, last (``prelude_split``).
PRELUDE_PARTS = 7


def prelude_split(rest: list) -> tuple[list, tuple]:
    """A job's parts after its arguments, split into what they are without the calls made
    before the entry, and those calls (each name, positional, keyword arguments): none where
    the job has none. Where the call has nothing else after its arguments, nothing else is
    left, so it is made as a plain call is."""
    if len(rest) != PRELUDE_PARTS - 2:
        return rest, ()
    *rest, before = rest
    chain, uses, reads, (_, peers, _) = rest
    return (rest if chain or uses or reads or peers else []), before


# A call made before the entry's whose name starts with this is a ``with`` block, entered and
# left with nothing inside (``with precision(4): pass``): the state it leaves is the call's
WITH_BLOCK = "\x00with "


def make_prelude(before: tuple, namespace: dict) -> None:
    """Make the calls a test makes before the entry's, in order, in the program's namespace."""
    for name, args, kwargs in before:
        if name.startswith(WITH_BLOCK):
            with namespace[name[len(WITH_BLOCK) :]](*args, **kwargs):
                pass
        else:
            namespace[name](*args, **kwargs)


class Yielded(list):
    """What a returned generator or iterator yielded (at most ``MAX_YIELDED`` + 1 items), and
    ``returned``, the value its ``return`` gave where it ended (``StopIteration.value``: what a
    ``yield from`` of it answers; the twenty-first pass's t2: a count returned after the items
    was never compared)."""

    returned: Any = None

    def __repr__(self) -> str:
        return f"<iterator yielding {list.__repr__(self[:MAX_YIELDED])}>"


def drained(iterator: Any) -> Yielded:
    """What ``iterator`` yields, at most ``MAX_YIELDED`` + 1 items, and what it returned where it
    ended within them."""
    items = Yielded()
    try:
        while len(items) <= MAX_YIELDED:
            items.append(next(iterator))
    except StopIteration as stop:
        items.returned = stop.value
    return items


def is_iterator(value: Any) -> bool:
    """A generator or other one-shot iterator (map, filter, zip, ...): compared by what it yields."""
    kind = type(value)
    return (
        hasattr(kind, "__next__")
        and hasattr(kind, "__iter__")
        and kind not in (list, tuple, set, frozenset, dict)
    )


class Chained:
    """What the last call of the tests' chain returned (see ``replay``); ``cut``: where an
    operator met a value not of the benchmark's own classes, the number of steps made before it
    (the rest were not)."""

    __slots__ = ("value", "cut")

    def __init__(self, value: Any, cut: int | None = None) -> None:
        self.value = value
        self.cut = cut

    def __repr__(self) -> str:
        return repr(self.value)


class Refused:
    """Where a chain's use raised and the tests expect no raise: the reference refused the
    input there, and nothing from that use on is compared (``encoding.ChainRaises``)."""


READ_MARK = "\x00read"  # (READ_MARK, what the call returned, ((read text, its value), ...))


class Unreadable:
    """A read of module data that raised (``RESULTS[-1]`` on an empty list), or a use of a
    chain that raised where the tests expect raises, by its type (the name the tests catch it
    by, ``named``), with its message where the tests read it."""

    def __init__(self, error: BaseException, named: str = "", message: str | None = None) -> None:
        self.raised = named or type(error).__name__
        if message is not None:
            self.message = message


def read_after(value: Any, namespace: dict, reads: tuple[str, ...]) -> Any:
    """``value`` with what each of ``reads`` (expressions on the program's module data, as the
    tests read them) holds in ``namespace`` right after the call, or ``value`` alone without
    reads. Made inside the call's step count: a read is code the tests run too."""
    if not reads:
        return value
    return (READ_MARK, value, tuple((text, _read(text, namespace)) for text in reads))


def _read(text: str, namespace: dict) -> Any:
    try:
        return eval(_expression(text), namespace)
    except Exception as error:  # the tests' own read failing: an answer, never an assert
        return Unreadable(error)


@functools.lru_cache(maxsize=64)
def _expression(text: str) -> Any:
    return compile(text, "<read>", "eval", dont_inherit=True)  # as the tests' own code reads it


_PLAIN = (int, float, complex, str, bytes, bool, type(None), list, tuple, set, frozenset, dict)


# Standard-library value types a test builds an argument with (``tax(Decimal('20'))``,
# ``due(date(2024, 1, 30), 2)``, ``total(range(5))``): a ``MADE_MARK`` maker ``STD_MAKER + name``
# is looked up here (``std_maker``), never in the program's namespace, which the test's import of
# the name does not reach. Only value types: what they make depends on their arguments alone.
STD_MAKER = "\x00std:"
STD_MAKERS = frozenset(
    {
        "decimal.Decimal",
        "fractions.Fraction",
        "datetime.date",
        "datetime.datetime",
        "datetime.time",
        "datetime.timedelta",
        "collections.OrderedDict",
        "collections.deque",
        "collections.Counter",
        "builtins.range",
        "builtins.bytearray",
        "io.StringIO",
        "io.BytesIO",
    }
)


def std_maker(qualified: str) -> Any:
    """The standard-library value type ``qualified`` names (one of ``STD_MAKERS``)."""
    if qualified not in STD_MAKERS:
        raise NameError(f"{qualified!r} is not a standard-library value type")
    module, _, name = qualified.rpartition(".")
    return getattr(importlib.import_module(module), name)


BOUND_MARK = "\x00bound"  # (BOUND_MARK, name): an argument that is an object the test made
MADE_MARK = "\x00made"  # (MADE_MARK, maker, args, kwargs): an argument made in place (``made``)
MEMBER_MARK = "\x00member"  # (MEMBER_MARK, enum, member): a member of the reference's ``Enum``
CALLBACK_MARK = "\x00callback"  # (CALLBACK_MARK, text): a built-in or lambda the test passes
# what ``made_entry`` looks for in a job
_MADE_BYTES = (MADE_MARK.encode(), MEMBER_MARK.encode(), CALLBACK_MARK.encode())


def replay(
    value: Any,
    chain: tuple,
    uses: tuple = (),
    reads: tuple = (),
    peers: tuple = (),
    maker: Any = None,
    objects: dict | None = None,
    on_raise: Callable[[Exception, int], Any] | None = None,
) -> Any:
    """The tests' chain of calls on ``value`` (an object or a callable), else ``value`` itself.
    With ``uses`` (a test that binds the object to a name and calls it several times), each use's
    chain in turn on what ``chain`` returned, the state carried from one to the next: the outcome
    is what each use returned, in order, then the value of each attribute in ``reads`` (those the
    test reads on the object after its calls) as the last use left it. What a chain ends in is
    awaited or drained as the tests do (``settled``).

    ``peers`` (the object's name, the further objects the test makes, as (name, what makes it:
    ``maker``, the entry, where "", else a class of the reference's that ``made`` found, args,
    kwargs), and the object each use is made on): a test whose objects act on
    each other (``a.transfer(b, 5)``, then ``b.balance``). Each is made in turn, an argument
    ``(BOUND_MARK, name)`` is the object made under that name, and a read ``"b.balance"`` is
    made on ``b``.

    ``objects``: those the call was passed that the test reads after it (``made``: ``acc`` in
    ``deposit(acc, 5)``, then ``acc.balance``): the outcome is what the call returned, then each
    read.

    ``on_raise``: what use ``k`` answers where it raises (``encoding.ChainRaises``): a raise
    (the uses after it made still), or a refusal (``Refused``: the chain stops there, as it does
    before its ``refused_at``); without it, a use's raise ends the chain's call."""
    if not (chain or uses) or ((type(value) in _PLAIN or is_value_type(value)) and not _calls_an_item(chain)):
        # (or a call's own objects, read after it)
        return _read_objects(value, reads, objects) if objects and reads and not (chain or uses) else value
    value, cut = _walk(value, chain)
    if not uses or peers or on_raise:  # (one line: a plain chain counts the steps it always did)
        return (
            _among_peers(value, uses, reads, peers, maker, on_raise) if uses else Chained(settled(value), cut)
        )
    answers = tuple(_use_answer(*_walk(value, use)) for use in uses)
    return Chained(answers + tuple(getattr(value, attribute) for attribute in reads))


def _calls_an_item(chain: tuple, at: int = 0) -> bool:
    """Whether ``chain``'s step ``at`` takes an item and the next calls it (``[2](5)``): the
    closures a function returns in a container, observed as the tests call them (``_walk``)."""
    return len(chain) > at + 1 and chain[at][0] == OPERATOR_STEP + "getitem" and chain[at + 1][0] == ""


def _among_peers(
    value: Any, uses: tuple, reads: tuple, peers: tuple, maker: Any, on_raise: Callable | None
) -> Chained:
    """``replay``'s uses where the test makes further objects (``peers``) that its calls pass,
    or where a use's raise is an answer (``on_raise``): each use made in turn, on the object
    it names (the call's own where there are no peers)."""
    name, others, roots = peers or ("", (), ("",) * len(uses))
    objects = {name: value}
    for peer, by, args, kwargs in others:
        objects[peer] = _follow_among(by or maker, (("", args, kwargs),), objects)
    answers: list = []
    refused_at = getattr(on_raise, "refused_at", None)
    for k, (root, use) in enumerate(zip(roots, uses)):
        try:
            if k == refused_at:  # where the reference refused: not made, nothing after compared
                return Chained((*answers, Refused()))
            answers.append(_use_answer(*_walk_among(objects[root], use, objects)))
        except Exception as error:  # the step budget's stop is no Exception: it still ends the call
            if on_raise is None:
                raise
            answers.append(on_raise(error, k))
            if isinstance(answers[-1], Refused):
                return Chained(tuple(answers))
    return Chained((*answers, *(_attribute_read(read, objects, value) for read in reads)))


def _read_objects(value: Any, reads: tuple, objects: dict) -> Chained:
    """What the call returned, then each read on the objects it was passed (``acc.balance``)."""
    return Chained((settled(value), *(_attribute_read(read, objects, None) for read in reads)))


def _attribute_read(read: str, objects: dict, own: Any) -> Any:
    """A read the test makes after its calls: ``b.balance`` on the object made as ``b``, a bare
    ``balance`` on ``own`` (the call's own object); ``buf.getvalue()``, what a stream the test
    passed holds (``harvest.STREAM_READS``), called."""
    owner = objects[read.partition(".")[0]] if "." in read else own
    name = read.rpartition(".")[2]
    return getattr(owner, name[:-2])() if name.endswith("()") else getattr(owner, name)


def made_entry(
    function: Any, args: tuple, kwargs: dict, rest: list, namespace: dict, blob: bytes
) -> tuple[Any, dict]:
    """What a call's job calls (``function``, or where the job holds objects to make, ``made``,
    a wrapper that makes them, puts the made chain in ``rest`` and calls ``function`` on the
    made arguments), and the dict the objects the test reads after the call go in. Decided
    before the step count (``blob``: the job's bytes), so a call that makes nothing counts
    exactly the steps it always did."""
    named: dict[str, Any] = {}
    marks = any(mark in blob for mark in _MADE_BYTES)
    if not namespace or (not marks and len(rest) < 4):
        return function, named

    def entry(*_: Any, **__: Any) -> Any:
        given, keywords, resolved, found = made(args, kwargs, rest, namespace)
        rest[:] = resolved
        named.update(found)
        return function(*given, **keywords)

    return entry, named


def made(args: tuple, kwargs: dict, rest: list, namespace: dict) -> tuple[tuple, dict, list, dict]:
    """A call's job with each argument ``(MADE_MARK, maker, args, kwargs[, name])`` made (each
    ``(MEMBER_MARK, enum, member)`` taken from its class, each ``(CALLBACK_MARK, text)``
    evaluated in the program's namespace):
    ``maker`` (a name the reference defines) looked up in the program's ``namespace`` and
    called, afresh for each call (``norm(Point(3, 4))``); its chain's, uses' and peers'
    arguments likewise; and the objects made under a name the test reads after the call. Made
    inside the call's step count: the maker is the reference's code."""
    named: dict[str, Any] = {}
    if not namespace:
        return args, kwargs, rest, named

    def one(value: Any) -> Any:
        if type(value) is tuple and len(value) == 3 and value[0] == MEMBER_MARK:
            return getattr(_maker(value[1], namespace), value[2])
        if type(value) is tuple and len(value) == 2 and value[0] == CALLBACK_MARK:
            return eval(value[1], namespace)  # the test's own text, as it resolves there
        if type(value) is tuple and len(value) in (4, 5) and value[0] == MADE_MARK:
            maker, inner, keywords = value[1:4]
            got = _maker(maker, namespace)(*map(one, inner), **{k: one(v) for k, v in keywords.items()})
            named.update({value[4]: got} if len(value) == 5 else {})
            return got
        if type(value) in (list, tuple) and any(type(v) is tuple and v[:1] == (MADE_MARK,) for v in value):
            return type(value)(map(one, value))  # objects made in a list: ``[Pair(5, 24), ...]``
        return value

    def steps(chain: tuple) -> tuple:
        return tuple(
            (method, tuple(map(one, a)), {k: one(v) for k, v in kw.items()}) for method, a, kw in chain
        )

    rest = list(rest)
    if rest:
        rest[0] = steps(rest[0])
    if len(rest) > 1:
        rest[1] = tuple(map(steps, rest[1]))
    if len(rest) > 3:
        name, peers, roots = rest[3]
        rest[3] = (
            name,
            tuple((p, _maker(by, namespace), *steps((("", a, kw),))[0][1:]) for p, by, a, kw in peers),
            roots,
        )
    return tuple(map(one, args)), {k: one(v) for k, v in kwargs.items()}, rest, named


def _maker(name: str, namespace: dict) -> Any:
    """What makes a peer: "" for the entry (``replay``'s ``maker``), a standard-library value
    type (``STD_MAKER`` and its name), else the reference's class of that name."""
    if name.startswith(STD_MAKER):
        return std_maker(name[len(STD_MAKER) :])
    if name and name not in namespace:
        raise NameError(f"name {name!r} is not defined")
    return namespace[name] if name else ""


def _resolved(values: Any, objects: dict) -> tuple:
    """Arguments with each ``(BOUND_MARK, name)`` the object made under that name."""
    return tuple(
        objects[v[1]] if type(v) is tuple and len(v) == 2 and v[0] == BOUND_MARK else v for v in values
    )


def passed_arguments(args: tuple, kwargs: dict, rest: list) -> tuple:
    """Every argument a call's job passed, in order: the call's, then each step's of the tests'
    chain on its result (``rest[0]``). Their states after the call are part of its answer:
    ``Solution().rotate(m)`` returns None, and its answer is ``m``, changed in place."""
    steps = rest[0] if rest else ()
    return (*args, *kwargs.values(), *(v for _, a, k in steps for v in (*a, *k.values())))


BENCHMARK_MODULE = "candidate"  # the module benchmark code runs as: its classes' ``__module__``
# The last step of a use the test makes as a statement (``s.push(1)``): what it returned is thrown
# away, so its answer is ``DISCARDED`` for every candidate (a raise still answers).
DROP_STEP, DISCARDED = "\x00drop", "\x00discarded"
READ_STEP = "\x00."  # a chain step that reads an attribute (a property: ``Rect(2, 3).area``)
# A use the test makes by storing to an attribute (``t.celsius = -300``, a property's setter may
# check it): ``SET_STEP + "celsius"`` with the value; it answers ``DISCARDED``, or its raise.
SET_STEP = "\x00="
# A chain step that applies an operator or protocol (``inputs/protocols.py``): ``OPERATOR_STEP +
# "add"`` with the other operand is ``Vec(1, 2) + Vec(3, 4)``; "r_add", the object on the right.
OPERATOR_STEP = "\x00op:"
SET_ITEM = "setitem"  # ``g[k] = v``, a statement: ``<setitem>(k, v)`` on ``g``, answering ``DISCARDED``
# A chain of this one step: the call's result emptied by its caller (``clear()``), then the same
# call made again, whose answer is the second's: a result shared with the reference's cache
# shows there (``[primes_below(10).clear(), primes_below(10)][1]``: ``changed_by_caller``)
CHANGED_STEP = "\x00changed"


def changed_by_caller(chain: tuple) -> bool:
    """Whether a job's chain is ``CHANGED_STEP``'s: clear the result, call again."""
    return len(chain) == 1 and chain[0][0] == CHANGED_STEP


def called_again(entry: Any, args: tuple, kwargs: dict, first: Any) -> Chained:
    """``first`` (the call's result) cleared, as a caller may change what it was given, then
    the call made again on ``args`` and ``kwargs`` made afresh, as the assert writes them
    (``[lcopy([5, 6]).clear(), lcopy([5, 6])][1]``: two lists): the second result
    (``CHANGED_STEP``)."""
    clear = getattr(first, "clear", None)
    if callable(clear):
        clear()
    return Chained(entry(*args, **kwargs))


def _follow(value: Any, chain: tuple) -> Any:
    return _walk(value, chain)[0]


def _walk(value: Any, chain: tuple) -> tuple[Any, int | None]:
    """What ``chain`` returns on ``value``, and where it was cut: an operator step is applied to
    an object of a class the benchmark defines only. On anything else (``Solution().twoSum(...)
    [0]``, the method returning a list; a ``Counter``, a generator, a ``Fraction``) the chain
    stops there and that whole value is the answer, as a test that looks at only part of a
    result is what makes a problem weak. An item the next step calls is taken from anything
    (``make_multipliers(3)[2](5)``: the closure, observed as the test calls it)."""
    for k, (m, a, kw) in enumerate(chain):
        if m[:1] != "\x00":
            value = (getattr(value, m) if m else value)(*a, **kw)
        elif m[:2] == READ_STEP:
            if _in_state(value, m[2:]):
                return value, k
            value = getattr(value, m[2:])
        elif m == DROP_STEP:
            value = DISCARDED
        elif m[:2] == SET_STEP:
            setattr(value, m[2:], *a)
            value = DISCARDED
        else:
            name = m[len(OPERATOR_STEP) :]
            ours = type(value).__module__ == BENCHMARK_MODULE and _writes_own_text(value, name)
            if not (ours or _calls_an_item(chain, k)):  # (``make_multipliers(3)[2](5)``)
                return value, k
            value = _operated(value, name, a)
            if name == SET_ITEM:  # a statement: nothing it returns is seen
                value = DISCARDED
    return value, None


def _writes_own_text(value: Any, name: str) -> bool:
    """Whether a ``str``/``repr`` step (any other: True) reads a text the object's class writes:
    the default one names its address, which differs between any two runs, and is no part of
    the task (the object is then compared whole, its own texts with it: ``shown``)."""
    if name not in ("str", "repr"):
        return True
    kind = type(value)
    return _own(kind, "__repr__") or (name == "str" and _own(kind, "__str__"))


def _in_state(value: Any, name: str) -> bool:
    """Whether attribute ``name`` is part of what ``value`` is compared by (its fields, its
    instance's own attributes; anything of a value not of the benchmark's own classes): a test
    reading it (``bounds(xs).lo``, ``divmod2(7, 2).quotient``) looks at part of the result, whose
    whole stays the answer (the fourteenth pass: a mutant wrong in ``.hi`` was "equivalent").
    Only an attribute the state does not hold (a property: ``Rect(2, 3).area``) is read."""
    kind = type(value)
    if kind.__module__ != BENCHMARK_MODULE or name in getattr(kind, "_fields", ()):
        return True
    own = getattr(value, "__dict__", None)
    return name in own if isinstance(own, dict) else name in getattr(kind, "__slots__", ())


def _operated(value: Any, name: str, args: tuple) -> Any:
    """An operator or protocol applied as Python applies it (reflected methods, ``__iter__`` for
    ``in`` without ``__contains__``, ...): ``name`` as ``inputs/protocols.py`` writes it."""
    if name == "not_contains":
        return args[0] not in value
    if name == "contains":
        return args[0] in value
    if name[:2] == "r_":
        return getattr(operator, name[2:])(args[0], value)
    if name in ("str", "repr"):  # its own text, any ``id()`` in it masked as ``shown`` masks it
        return without_identity(PROTOCOL_BUILT_INS[name](value), value)
    if name in CONTEXT_STEPS:
        return CONTEXT_STEPS[name](value)
    return (PROTOCOL_BUILT_INS.get(name) or getattr(operator, name))(value, *args)


# The steps that enter and leave a ``with`` block the tests open on an object (``protocols.py``).
CONTEXT_STEPS: dict[str, Callable] = {
    "enter": lambda value: value.__enter__(),
    "exit": lambda value: value.__exit__(None, None, None),
}
# Built-ins that call an object's protocol (``len(s)`` is ``s.__len__()``); the other protocol
# steps are the ``operator`` module's functions of their names.
PROTOCOL_BUILT_INS: dict[str, Callable] = {
    "len": len, "abs": abs, "bool": bool, "list": list, "tuple": tuple, "set": set, "int": int,
    "float": float, "sorted": sorted, "sum": sum, "min": min, "max": max, "reversed": reversed,
    "iter": iter, "next": next, "str": str, "repr": repr, "format": format,
}  # fmt: skip


def _follow_among(value: Any, chain: tuple, objects: dict) -> Any:
    """``_follow`` where an argument may be one of the ``objects`` the test made (``peers``)."""
    return _walk_among(value, chain, objects)[0]


def _walk_among(value: Any, chain: tuple, objects: dict) -> tuple[Any, int | None]:
    """``_walk`` where an argument may be one of the ``objects`` the test made (``peers``)."""
    steps = [(m, _resolved(a, objects), dict(zip(k, _resolved(k.values(), objects)))) for m, a, k in chain]
    return _walk(value, tuple(steps))


def _use_answer(value: Any, cut: int | None) -> Any:
    """What one use of a bound object answers: what it returned, settled, and where its chain was
    cut (``Chained``) so that its assert stops there too (``bool(s.is_empty())`` cut at
    ``s.is_empty()``, which returned a bool: asserted through ``bool``, a mutant returning None
    for False passed the assert that should reject it)."""
    value = settled(value)
    return value if cut is None else Chained(value, cut)


def settled(value: Any) -> Any:
    """``value`` as the tests take it: a coroutine awaited (``asyncio.run(A(5).run())``), an
    async iterator's items taken with ``async for``; anything else as it is. (A coroutine at
    the end of a chain or from a returned closure was left unawaited, the same for every
    mutant.)"""
    if is_coroutine(value):
        return drive(value)
    if is_async_iterator(value):
        return drain_async(value)
    return value


def is_coroutine(value: Any) -> bool:
    kind = type(value)
    return kind.__name__ == "coroutine" and hasattr(kind, "send") and hasattr(kind, "__await__")


def drive(coroutine: Any) -> Awaited:
    """Run ``coroutine`` to its end as ``asyncio.run`` would (``run_on_virtual_time``)."""
    return Awaited(run_on_virtual_time(coroutine))


def run_on_virtual_time(coroutine: Any) -> Any:
    """What ``coroutine`` returns, run on an event loop of its own whose clock jumps to the next
    timer rather than waiting for it: ``await asyncio.sleep(0.001)`` ends at once and in the
    same steps every time, so a mutant that only sleeps longer is slow, not wrong, and a run's
    steps do not depend on the machine's clock. (Without a loop, any awaited timer raised
    "no running event loop", for the reference and every mutant alike.)"""
    import asyncio  # only where a benchmark's entry is a coroutine

    loop = asyncio.new_event_loop()
    now = [0.0]
    waits = loop._selector.select  # type: ignore[attr-defined]

    def select(timeout: float | None = None) -> Any:
        if timeout:
            now[0] += timeout  # the wait a timer asks for, taken at once
        return waits(0)

    loop.time = lambda: now[0]  # type: ignore[method-assign]
    loop._selector.select = select  # type: ignore[attr-defined]
    try:
        return loop.run_until_complete(coroutine)
    finally:
        loop.close()


def is_async_iterator(value: Any) -> bool:
    """An async generator (or other async iterator): the tests take its items with ``async for``."""
    kind = type(value)
    return hasattr(kind, "__anext__") and hasattr(kind, "__aiter__")


def drain_async(iterator: Any) -> Yielded:
    """What an async iterator yields, taken with ``async for`` on the virtual-time loop, at most
    ``MAX_YIELDED`` + 1 items: compared as a generator's are."""

    async def collect() -> Yielded:
        items = Yielded()
        async for item in iterator:
            items.append(item)
            if len(items) > MAX_YIELDED:
                break
        return items

    return run_on_virtual_time(collect())


ASYNC_CODE = 0x80 | 0x200  # CO_COROUTINE | CO_ASYNC_GENERATOR


def load_event_loop_for(function: Any) -> None:
    """Import asyncio before a coroutine or async generator function is called under the step
    count: importing it there would count its thousands of steps on whichever call came first.
    A class's methods and the functions a function makes (a closure) count too: the tests'
    chain may end in one of their coroutines (``A(5).run()``, ``make(3)(4)``)."""
    codes = [getattr(function, "__code__", None)]
    if isinstance(function, type):
        codes += [getattr(member, "__code__", None) for member in vars(function).values()]
    while codes:
        code = codes.pop()
        if code is None or type(code).__name__ != "code":
            continue
        if code.co_flags & ASYNC_CODE:
            import asyncio  # noqa: F401

            return
        codes += [const for const in code.co_consts if type(const) is type(code)]


def _own(kind: type, name: str) -> bool:
    """Whether ``kind``'s ``name`` method is Python code (the benchmark's), not a built-in's."""
    return getattr(getattr(kind, name, None), "__code__", None) is not None


def shown(value: Any, safe_repr: Any) -> tuple | None:
    """The text an object's own ``__repr__`` / ``__str__`` gives, or None when it defines neither."""
    kind = type(value)
    own_repr, own_str = _own(kind, "__repr__"), _own(kind, "__str__")
    if not (own_repr or own_str):
        return None
    text = None
    if own_str:
        try:
            text = str(value)
            text = text if type(text) is str else None
        except Exception as error:  # a hostile __str__: its failure is what a test would see
            text = f"<str raised {type(error).__name__}>"
    own_text = safe_repr(value) if own_repr else None
    return (SHOWN_MARK, without_identity(own_text, value), without_identity(text, value))


ITERATED_MARK = "\x00iterated"  # (ITERATED_MARK, items, more than MAX_ITERATED, what it raised or None)
MAX_ITERATED = 100  # items an object of the benchmark's own that can be iterated shows


def iterated(value: Any) -> tuple | None:
    """What iterating an object whose class defines ``__iter__`` or ``__getitem__`` (Python
    code, not a built-in's) yields, at most ``MAX_ITERATED`` + 1 items, and the type of what it
    raised, if anything but the end; None for any other object, and for an iterator of its own
    (``__next__``: iterating it would use it up). Threat: a sequence whose ``__getitem__`` stops
    one index late yielded an extra empty piece to any ``for`` loop, while its state, the same
    for every mutant, showed nothing (the thirty-second pass's chunks)."""
    kind = type(value)
    if _own(kind, "__next__") or not (_benchmarks(kind, "__iter__") or _benchmarks(kind, "__getitem__")):
        return None
    items: list = []
    try:
        for item in iter(value):
            items.append(item)
            if len(items) > MAX_ITERATED:
                break
    except Exception as error:  # (a mapping's ``__getitem__`` asked for 0: what a loop meets)
        return (ITERATED_MARK, items, False, type(error).__name__)
    return (ITERATED_MARK, items[:MAX_ITERATED], len(items) > MAX_ITERATED, None)


def _benchmarks(kind: type, name: str) -> bool:
    """Whether ``kind``'s ``name`` method is one a class of the benchmark's own defines (not an
    ``enum.Flag``'s, whose members iterate to themselves)."""
    owner = next((klass for klass in kind.__mro__ if name in klass.__dict__), None)
    return owner is not None and owner.__module__ == BENCHMARK_MODULE and _own(kind, name)


def without_identity(text: str | None, value: Any) -> str | None:
    """``text`` with the identity of ``value`` and of what its attributes hold (their ``id()``,
    in decimal or hex) masked: an address-space detail, never the same in two processes."""
    if not text:
        return text
    try:
        held = object.__getattribute__(value, "__dict__")
        members = list(held.values()) if type(held) is dict else []
    except Exception:  # no __dict__, or a class's own descriptor under that name that raises
        members = []
    for number in {id(value), *(id(member) for member in members)}:
        for form in (hex(number), f"{number:X}", f"{number:x}", str(number)):
            text = text.replace(form, IDENTITY_MASK)
    return text


@functools.lru_cache(maxsize=64)  # asked for every job of a problem
def prints(reference: str) -> bool:
    """Whether the reference's code writes to standard output: calls ``print`` (not a method of
    that name, nor with a ``file=`` that names no ``stdout``: ``print(line, file=out)`` writes
    where its caller says) or names ``stdout`` (``sys.stdout.write``; not as a parameter's
    default, ``out=sys.stdout``, which the tests' own file replaces). Not in an ``if __name__ ==
    "__main__":`` block, which no harness runs (nor does the runner: ``runner.MODULE_NAME``). A
    source that does not parse prints nothing: it is excluded before any answer is compared."""
    try:
        tree = ast.parse(reference)
    except (SyntaxError, ValueError):
        return False
    tree.body = [node for node in tree.body if not _runs_as_main(node)]
    defaults = {
        id(default)
        for node in ast.walk(tree)
        if isinstance(node, ast.arguments)
        for default in (*node.defaults, *node.kw_defaults)
        if default is not None
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            elsewhere = [kw.value for kw in node.keywords if kw.arg == "file"]
            if not elsewhere or "stdout" in ast.unparse(elsewhere[0]):
                return True
        if isinstance(node, ast.Attribute) and node.attr == "stdout" and id(node) not in defaults:
            return True
    return False


@functools.lru_cache(maxsize=64)
def writes_errors(reference: str) -> bool:
    """Whether the reference's code names ``stderr`` (``print(..., file=sys.stderr)``,
    ``sys.stderr.write``) outside an ``if __name__ == "__main__":`` block: what a call writes
    there is then part of its answer, as a test reading ``capsys.readouterr().err`` sees it."""
    try:
        tree = ast.parse(reference)
    except (SyntaxError, ValueError):
        return False
    tree.body = [node for node in tree.body if not _runs_as_main(node)]
    return any(isinstance(node, ast.Attribute) and node.attr == "stderr" for node in ast.walk(tree))


def defined_only_as_main(reference: str, name: str) -> bool:
    """Whether ``name`` is bound only inside an ``if __name__ == "__main__":`` block, which a
    harness never runs (it imports the module): the tests then meet a NameError, and the reason
    is where the reference put it (the twenty-eighth pass: "raises NameError" named neither)."""
    try:
        tree = ast.parse(reference)
    except (SyntaxError, ValueError):
        return False

    def binds(nodes: list[ast.stmt]) -> bool:
        return any(
            (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name)
            or (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id == name)
            for statement in nodes
            for node in ast.walk(statement)
        )

    main = [node for node in tree.body if _runs_as_main(node)]
    return binds(main) and not binds([node for node in tree.body if not _runs_as_main(node)])


def _runs_as_main(node: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either way round)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    sides = [node.test.left, *node.test.comparators]
    names = [side for side in sides if isinstance(side, ast.Name) and side.id == "__name__"]
    mains = [side for side in sides if isinstance(side, ast.Constant) and side.value == "__main__"]
    return len(sides) == 2 and bool(names) and bool(mains)
