"""Encoding a call's result inside the child, under a budget of its own.

A result is benchmark code too: its ``__repr__``, ``__hash__`` and state run when it is encoded,
and its size and depth decide whether the worker can take it in. Threats, and the defence:

- A ``__repr__`` (or any method encoding reaches) that never returns: encoding runs under its own
  step budget (``ENCODE_BUDGET``; its steps are not the call's) and the job's CPU limit.
- A result too large to copy (a 400 MB string) or nested deeper than the worker's decoders
  recurse (a list 1,500 deep): refused before any copy is made, as an outcome with the reason.
- Anything else that fails while encoding (``MemoryError`` included): an outcome with the
  reason. None of these ends the child, so none costs the problem silently.
- An exception of a subclass of the one the reference raised on the same call (ZeroDivisionError
  where it raised ArithmeticError) counted as another answer, though the tests' ``except`` and
  the tool's own ``assertRaises`` accept it: ``raised`` encodes it by the reference's type name;
  so too one of a type the tests only catch together with it (``pytest.raises((A, B))``).
"""

from __future__ import annotations

import builtins
from typing import Any

from .. import outcome as oc
from ..observed import CHAINED_MARK, READ_MARK, Refused, Unreadable
from ..step_units import STEPS
from .steps import count_steps

ENCODE_BUDGET = STEPS.encode_budget  # far past any plain result's encoding, which runs in C
MAX_NESTING = 100  # plain data nested deeper is not shipped: the worker's decoders recurse
MAX_ENCODED_BYTES = 64 << 20  # a str/bytes result past this is not copied, hashed or shown
_NESTED_TYPES = frozenset({list, tuple, dict, set, frozenset})


def encoded(value: Any, arguments: tuple, printed: str = "") -> oc.Outcome:
    """The outcome of a call that returned ``value`` (``arguments``: its arguments afterwards;
    ``printed``: what it wrote to ``sys.stdout``)."""
    reason = why_unencodable(value) or next(filter(None, map(why_unencodable, arguments)), None)
    if reason is not None:
        return oc.unencodable(reason)
    outcome, _, error, exceeded = count_steps(
        lambda: oc.encode_value(value, arguments, printed), ENCODE_BUDGET
    )
    if exceeded:
        return oc.unencodable(f"result not encoded within {ENCODE_BUDGET:,} steps")
    if isinstance(error, MemoryError):
        return oc.unencodable("result too large to encode")
    if error is not None:
        return oc.unencodable(f"result not encodable: {type(error).__name__}")
    return outcome


def raised(
    error: BaseException, messages: bool = False, caught_as: tuple[str, ...] = (), reads: tuple[str, ...] = ()
) -> oc.Outcome:
    """The outcome of a call whose exception escaped (with its message where ``messages``).
    ``caught_as``: the type the reference raised on this call, where the tests expect raises,
    then the types the tests only catch together with it (``Oracle.caught``); an exception that
    is an instance of one of them is encoded by the reference's type name, as ``except`` and
    ``assertRaises`` see it. Outcomes know types by name, so the match is by name along the
    exception's MRO: a superclass or an unrelated type keeps its own name, and still differs."""
    outcome = oc.encode_raise(error, messages, reads)
    return (outcome[0], named_as(error, caught_as), *outcome[2:])


def named_as(error: BaseException, caught_as: tuple[str, ...]) -> str:
    """``error``'s type name, or the reference's (``caught_as[0]``) where the tests' ``except``
    takes it for that one (see ``raised``)."""
    name = type(error).__name__
    if caught_as and name != caught_as[0] and not set(caught_as).isdisjoint(_ancestry(type(error))):
        return caught_as[0]
    return name


class ChainRaises:
    """What a use of a chain answers where it raises (``observed.replay``'s ``on_raise``).

    Where the tests expect raises: its type, named as the reference's raise at that use where
    the tests' ``except`` takes it for that one, with its message where the tests read it; the
    uses after it still run. Where they do not, a raise at a later use is the reference refusing
    that input there (``observed.Refused``): the chain stops, and of a candidate only the uses
    before the reference's refusal (``refused_at``, from ``expected``) are made and compared,
    as a difference counts only where the reference returned normally. A raise at the first use
    is the whole call's, as a plain call's is."""

    def __init__(
        self, expected: oc.Outcome, caught: tuple[tuple[str, ...], ...], messages: bool, raises: bool
    ) -> None:
        self.answers = chained_answers(expected)
        self.caught, self.messages, self.raises = caught, messages, raises
        refused = [k for k, answer in enumerate(self.answers) if oc.is_refused(answer)]
        self.refused_at = refused[0] if refused and not raises else None

    def __call__(self, error: Exception, k: int) -> Unreadable | Refused:
        if not self.raises:
            if k == 0:
                raise error
            return Refused()
        theirs = oc.raised_in(self.answers[k]) if k < len(self.answers) else None
        caught_as = () if theirs is None else (theirs[0], *caught_group(theirs[0], self.caught))
        message = oc.encode_raise(error, True)[2] if self.messages else None
        return Unreadable(error, named_as(error, caught_as), message)


def chained_answers(outcome: oc.Outcome) -> tuple:
    """The answers of a chain's uses in an outcome (``observed.Chained``, as plain data), or the
    call's own where module data was read after it (``observed.read_after``); ()."""
    if outcome[0] != "value" or type(outcome[1]) is not tuple or len(outcome[1]) not in (2, 3):
        return ()
    if outcome[1][0] == READ_MARK:
        return outcome[1][1:2]
    mark, answers = outcome[1] if len(outcome[1]) == 2 else (None, None)
    return answers if mark == CHAINED_MARK and type(answers) is tuple else ()


def catching(expected: oc.Outcome, caught: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """What ``raised`` takes as the reference's answer: where ``expected`` (the reference's
    outcome) is a raise, its type, then the types the tests only catch together with it: the
    group that names it, or one of its bases where it is a built-in exception
    (``pytest.raises((ArithmeticError, ValueError))`` around a ``ZeroDivisionError``)."""
    if expected[0] != "raise":
        return ()
    return (expected[1], *(name for name in caught_group(expected[1], caught) if name != expected[1]))


def caught_group(name: str, caught: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The types the tests catch together (``Oracle.caught``) that catch a raise of ``name``:
    the group naming it, or naming one of its bases where it is a built-in exception; ()."""
    kind = _BUILTIN_EXCEPTIONS.get(name)
    names = set(_ancestry(kind)) if kind is not None else {name}
    return next((group for group in caught if not names.isdisjoint(group)), ())


# The built-in exception types by name, taken when the worker imported this module, before any
# candidate ran (one could rebind a name in ``builtins`` within its own job).
_BUILTIN_EXCEPTIONS = {
    name: value
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


def _ancestry(kind: type) -> tuple:
    """The names along a type's MRO, read by ``type``'s own descriptors: a metaclass that
    defines ``__mro__`` or ``__name__`` runs no benchmark code here, outside any budget."""
    mro, name = type.__dict__["__mro__"], type.__dict__["__name__"]
    return tuple(name.__get__(base) for base in mro.__get__(kind))


def why_unencodable(value: Any) -> str | None:
    """Why ``value`` cannot be encoded, found before any copy of it is made; None if it can be."""
    if type(value) in (str, bytes, bytearray) and len(value) > MAX_ENCODED_BYTES:
        return f"result too large: {len(value) >> 20} MB"
    if _deeper_than(value, MAX_NESTING):
        return f"nested deeper than {MAX_NESTING}"
    return None


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether plain containers nest more than ``limit`` deep in ``value``: level by level, each
    container's item types looked at in C (a flat list costs one call)."""
    level = [value] if type(value) in _NESTED_TYPES else []
    for _ in range(limit):
        nested: list = []
        for item in level:
            parts = (*item.keys(), *item.values()) if type(item) is dict else item
            if not _NESTED_TYPES.isdisjoint(map(type, parts)):
                nested.extend(part for part in parts if type(part) in _NESTED_TYPES)
        if not nested:
            return False
        level = nested
    return bool(level)
