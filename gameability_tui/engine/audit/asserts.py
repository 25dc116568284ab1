"""Candidate asserts: texts that the reference passes and that reject surviving mutants.

The published tool writes asserts without running them; measured, some fail on the reference
itself. Here every text is executed exactly as it will be exported (the gold gate): against the
reference (it must pass, else it is never shown) and against every survivor (its kill set).
A survivor whose run never came back does not count as killed.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from .. import outcome as oc
from ..inputs.arguments import argument_text, chain_text
from ..inputs.calls import Call
from ..inputs.literals import NotRenderable, render_literal
from ..inputs.std_makers import imports_of
from ..model import CandidateAssert
from ..observed import (
    AWAITED_MARK,
    CHAINED_MARK,
    DISCARDED,
    IDENTITY_MASK,
    ITERATED_MARK,
    READ_MARK,
    SHOWN_MARK,
)
from ..sandbox.encoding import caught_group
from ..stdvalues import COUNTS, DEQUE, NUMBER, ORDERED, STREAM, VALUES, VIEW, is_std, std_source
from .tolerance import close_rule, finite, helper_name, nested_close, tolerated, with_atol


def assert_text(
    call: Call,
    name: str,
    expected: oc.Outcome,
    check_arguments: bool = False,
    raises: bool = False,
    exact: bool = False,
    lazy: str = "",
    prints: bool = False,
    caught: tuple[tuple[str, ...], ...] = (),
    fragments: tuple[tuple[str, bool], ...] = (),
    unordered: bool = False,
    atol: float = 0.0,
) -> str | None:
    """An assert that passes on ``expected`` (the reference's outcome of ``call``), written in the
    benchmark's convention, or None when none can be written. ``check_arguments`` also checks
    the mutable arguments' states after the call (a survivor may corrupt its input in place).
    ``raises``: the tests expect raises (``inputs/raises.py``), so a reference's exception is an
    answer too, asserted by its type, or by the tuple of types the tests only catch together
    (``caught``: ``Oracle.caught``); otherwise a call that raises gives no assert. ``lazy``
    (``calls.lazy_kind``): the entry is a coroutine or generator function, whose raise surfaces
    only as the tests await (``asyncio.run``) or drain (``list``) the call, as its assert does.

    Floats compare with the oracle's tolerance inside lists, tuples and dicts at any depth; an
    iterator's result is compared by what it yields; an object by its attributes; a
    standard-library value (``Decimal``, ``OrderedDict``, ...) by its own ``==``, after its
    import. Rendering never raises: a value with no literal gives no assert, never a lost problem.
    With ``exact`` (the visible tests compare with ``==`` alone), a whole-number float is written
    as the tests write it (``== 3`` for 3.0) rather than within a tolerance. With ``prints`` (the
    reference's code prints: ``Oracle.prints``), the output is checked even where it is empty.
    An argument made by a standard-library value type (``tax(Decimal('20'))``) brings the test's
    import of its name, on a line before the assert; the calls a test makes before the call
    (``Call.before``) are made first, each on a line of its own. With ``unordered`` (the text
    leaves a returned list's order free: ``Oracle.unordered``), a list is compared sorted. With
    ``atol`` (a looser tolerance the text states: ``Oracle.stated_atol``), floats within it."""
    text = _assert_for(
        call, name, expected, check_arguments, raises, exact, lazy, prints, caught, fragments, unordered
    )
    if text is None:
        return None
    text = with_atol(text, atol)
    if call.before:  # the calls the test made first, as it made them (``set_rate('EUR', 3)``)
        text = "\n".join([*call.render_before(), text])
    written = {part for line in text.split("\n") for part in line.split("; ")}
    needed = sorted(imports_of(call) - written)  # (a result of the same type imports it already)
    return "\n".join([*needed, text])


def _assert_for(
    call: Call,
    name: str,
    expected: oc.Outcome,
    check_arguments: bool,
    raises: bool,
    exact: bool,
    lazy: str,
    prints: bool,
    caught: tuple[tuple[str, ...], ...],
    fragments: tuple[tuple[str, bool], ...] = (),
    unordered: bool = False,
) -> str | None:
    try:
        if expected[0] == "raise" and not raises:
            return None
        plain = not check_arguments and not oc.printed_by(expected) and not prints
        if exact and expected[0] == "value" and _reads_exactly(expected[1]) and plain and not unordered:
            return f"assert {call.render(name)} == {_exact_literal(expected[1])}"
        if expected[0] == "raise":
            if call.uses or call.reads:  # statements, not one expression: no lambda can hold them
                return None
            group = caught_group(expected[1], caught) or (expected[1],)
            reached = _reached(call.render(name), lazy)
            text = _raises_assert(reached, group, *expected[2:4], fragments=fragments)
            return _with_imports(text, {"import asyncio"} if lazy == "async" else set())
        return _assert_text(call, name, expected, check_arguments, prints, caught, lazy, unordered)
    except (NotRenderable, RecursionError, ValueError, TypeError, MemoryError):
        return None


def _reached(call_text: str, lazy: str) -> str:
    """The call as the tests reach what it does: awaited, drained, or as it is."""
    if lazy == "async":
        return f"asyncio.run({call_text})"
    return f"list({call_text})" if lazy == "generator" else call_text


def _assert_text(
    call: Call,
    name: str,
    expected: oc.Outcome,
    check_arguments: bool,
    prints: bool = False,
    caught: tuple[tuple[str, ...], ...] = (),
    lazy: str = "",
    unordered: bool = False,
) -> str | None:
    if expected[0] != "value":
        return None
    imports: set[str] = set()
    states = oc.arguments_after(expected) if check_arguments else None
    data, shown = expected[1], 0  # the steps of the tests' chain the answer went through
    if type(data) is tuple and len(data) in (2, 3) and data[0] == CHAINED_MARK:  # in the chain's shape
        data, shown = data[1], (data[2] if len(data) == 3 else len(call.chain))
    printed = oc.printed_by(expected)
    if printed is None:  # more than an outcome keeps: no assert can state it
        return None
    if call.uses or call.reads:
        return None if printed or prints or states else _uses_assert(call, name, data, imports, caught)
    if type(data) is tuple and len(data) == 3 and data[0] == READ_MARK:
        return None if printed or prints or states else _read_assert(call, name, data, imports, caught)
    if printed or prints:
        return _printing_assert(call, name, data, shown, states, printed, prints)
    if states is None:
        root = f"{name}({call.render_arguments()})"
        written = call.render_chain(root, shown)
        if data == DISCARDED:  # a statement (``Temperature(25).celsius = -250``): that it runs
            return written
        if lazy == "async" and not call.chain and type(data) is tuple and data[:1] == (oc.YIELDED_MARK,):
            written, data = _drained_asynchronously(written, data, imports)  # an async generator's items
        if unordered and type(data) is list:  # (the text leaves the order free: compared sorted)
            written, data = f"sorted({written})", sorted(data)
        return _with_imports(_result_assert(written, data, imports), imports)
    # Name each mutable argument, call once, then check the result and the arguments.
    bindings, called = _named_arguments(call, name, states, shown)
    result = _result_assert(called, data, imports)
    checks = _state_checks(states, imports)
    if result is None or checks is None:
        return None
    return _with_imports("; ".join(bindings + [result] + checks), imports)


ASYNC_DRAIN = "async def drained(items): return [item async for item in items]"
# a generator's items and the value it returned (``StopIteration.value``), as one pair
RETURNED_HELPER = (
    "def drained_and_returned(generator):\n    items = []\n    while True:\n        try:\n"
    "            items.append(next(generator))\n        except StopIteration as stop:\n"
    "            return items, stop.value"
)


def _drained_asynchronously(written: str, data: tuple, imports: set[str]) -> tuple[str, object]:
    """An async generator's items as the tests take them, with ``async for`` (``list(...)``
    cannot iterate it: the assert failed on the reference, and its survivor had none): the call
    drained by a one-line helper, compared with the items' list."""
    items, more = data[1], data[2]
    if more:  # past the items kept: no list can state them
        raise NotRenderable("an endless async generator")
    imports.update({"import asyncio", ASYNC_DRAIN})
    return f"asyncio.run(drained({written}))", list(items)


def _uses_assert(
    call: Call, name: str, data: object, imports: set[str], caught: tuple[tuple[str, ...], ...] = ()
) -> str | None:
    """As the test wrote it: the object bound to its name, then an assert on each use in turn
    (``c = Counter(8); assert c.bump() == 9; assert c.bump() == 10``), so the state the uses
    share is the one the reference answered on), then each attribute the test reads after them
    (``assert acc.balance == 150``), on whichever object the test reads it (``b.balance``)."""
    if not call.uses:  # a call passed objects it reads after (``acc = Account(10)``, ``deposit(acc, 5)``)
        made, uses = call.render_objects(), [f"{name}({call.render_arguments()})"]
    else:  # with its peers, ``a.transfer(b, 5)``: each object made; a use cut where it was
        answers = data if type(data) is tuple else ()
        cuts = {k: answer[2] for k, answer in enumerate(answers[: len(call.uses)]) if cut_answer(answer)}
        data = tuple(answer[1] if k in cuts else answer for k, answer in enumerate(answers)) or data
        made, uses = call.render_bindings(name), call.render_uses(cuts)
    given = set(uses)  # the calls, not the reads: a call whose answer is an object is made unchecked
    if type(data) is tuple and data and oc.is_refused(data[-1]):  # the reference refused a use:
        data, uses = data[:-1], uses[: len(data) - 1]  # the uses before it, as far as it answered
    else:
        uses += call.render_reads()
    if type(data) is not tuple or len(data) != len(uses) or not data:
        return None
    checks = [
        use
        if use in given and (answer == DISCARDED or _an_object(answer))
        else _answer_assert(use, answer, imports, caught)
        for use, answer in zip(uses, data)
    ]
    if any(check is None for check in checks):
        return None
    block = _as_with_block(made, checks)  # type: ignore[arg-type]
    return _with_imports(block or "; ".join([*made, *checks]), imports)  # type: ignore[list-item]


def _as_with_block(made: list[str], checks: list[str]) -> str:
    """``t = Tally(); t.__enter__(); ...; t.__exit__(None, None, None); ...`` (a ``with`` block's
    ends read as steps: ``inputs/protocols.py``) written back as the block the test wrote: ``with
    Tally() as t:``, the uses inside it, then those after; "" where the uses are not so."""
    if len(made) != 1 or " = " not in made[0] or not checks:
        return ""
    name, _, value = made[0].partition(" = ")
    leave = f"{name}.__exit__(None, None, None)"
    if checks[0] != f"{name}.__enter__()" or leave not in checks or "\n" in "".join(checks):
        return ""
    end = checks.index(leave)
    inside = [f"    {check}" for check in checks[1:end]] or ["    pass"]
    return "\n".join([f"with {value} as {name}:", *inside, *checks[end + 1 :]])


def cut_answer(answer: object) -> bool:
    """Whether a use's answer is one its chain was cut for (``observed._use_answer``)."""
    return type(answer) is tuple and len(answer) == 3 and answer[0] == CHAINED_MARK


def _an_object(answer: object) -> bool:
    """Whether a use's answer is an object of the benchmark's (``s.push(1)`` returning ``s``): it
    is encoded as the uses left it, not as it was when that use returned, so no assert can state
    it there; the use is made, unchecked, and the later checks see the state it leaves."""
    is_object = type(answer) is tuple and len(answer) == 3 and answer[0] == oc.OBJECT_MARK
    return is_object and oc.raised_in(answer) is None  # (a raise the tests expect is an answer)


def _read_assert(
    call: Call, name: str, data: tuple, imports: set[str], caught: tuple[tuple[str, ...], ...] = ()
) -> str | None:
    """The call's answer, then each module read the tests make after it, as they make it
    (``assert record(3) == None; assert RESULTS[-1] == 3``); a read that raised on the reference
    (``TABLE['b']`` after ``put('a', 3)``) is asserted to raise that type: without it, a survivor
    the oracle told apart by that read alone had no assert, and the call's other reads none. A
    read that is the call itself (a getter the test calls after others: ``total()``) is not made
    twice."""
    written = call.render(name)
    checks = [_answer_assert(written, data[1], imports, caught)]  # its raise, where expected
    checks += [_answer_assert(text, value, imports) for text, value in data[2] if text != written]
    return None if None in checks else _with_imports("; ".join(checks), imports)  # type: ignore[arg-type]


def _answer_assert(
    text: str, answer: object, imports: set[str], caught: tuple[tuple[str, ...], ...] = ()
) -> str | None:
    """An assert on one of a call's answers as the test reads it (``text``): its value, or where
    it is a raise (``observed.Unreadable``), that ``text`` raises it, as the tests catch it."""
    raised = oc.raised_in(answer)
    if raised is None:
        return _result_assert(text, answer, imports)
    check = _raises_assert(text, caught_group(raised[0], caught) or raised[:1], raised[1])
    if check is None:
        return None
    imports.add(RAISES_IMPORT)  # once, before every check
    return check.removeprefix(f"{RAISES_IMPORT}; ")


def _named_arguments(call: Call, name: str, states: tuple | None, shown: int) -> tuple[list[str], str]:
    """The call's arguments as written, each one whose state is checked after the call bound to
    a name first (``arg0 = [...]``): the bindings, and the call as written with them, with the
    first ``shown`` steps of the chain the tests make on the result, their arguments so named
    (``.rotate(arg0)``), in the order the child reports their states (the call's, then each
    step's)."""
    bindings: list[str] = []
    number = 0

    def written(args: tuple, kwargs: tuple) -> str:
        nonlocal number
        texts = []
        for value in [*args, *(value for _, value in kwargs)]:
            if states is not None and number < len(states) and states[number] is not None:
                bindings.append(f"arg{number} = {argument_text(value)}")
                texts.append(f"arg{number}")
            else:
                texts.append(argument_text(value))
            number += 1
        keywords = [f"{key}={text}" for (key, _), text in zip(kwargs, texts[len(args) :])]
        return ", ".join(texts[: len(args)] + keywords)

    root = f"{name}({written(call.args, call.kwargs)})"
    return bindings, chain_text(root, call.chain[:shown], written)


def _state_checks(states: tuple | None, imports: set[str]) -> list[str] | None:
    """An assert per named argument's state after the call; None where one cannot be written."""
    checks = []
    for i, state in enumerate(states or ()):
        if state is None:
            continue
        if state[0] != "value" or _has_marks(state[1]):
            return None
        checks.append(f"assert {_equals(f'arg{i}', state[1], imports)}")
    return checks


def _printing_assert(
    call: Call, name: str, data: object, shown: int, states: tuple | None, printed: str, prints: bool
) -> str | None:
    """Where the reference prints (``prints``), a test that captures ``sys.stdout`` around the
    call and checks what it printed beside what it returned (and the arguments' states, when
    asked); where the tests watch for warnings, one that records them, each time, and checks
    their categories in order."""
    imports: set[str] = set()
    taken = name in ("result", "printed", "errors", "warned")
    result, captured, errors, warned = (
        ("_result", "_printed", "_errors", "_warned") if taken else ("result", "printed", "errors", "warned")
    )
    bindings, called = _named_arguments(call, name, states, shown)
    checked = _result_assert(result, data, imports)
    checks = _state_checks(states, imports)
    if checked is None or checks is None:
        return None
    out, err = oc.printed_streams(printed)  # its stderr too, where the reference writes there
    categories = oc.warned_with(printed)  # and its warnings, where the tests watch for them
    captures = [f"contextlib.redirect_stdout(io.StringIO()) as {captured}"] if prints or out else []
    if err is not None:
        captures.append(f"contextlib.redirect_stderr(io.StringIO()) as {errors}")
    if captures:
        imports.update({"import contextlib", "import io"})
    if categories is not None:
        imports.add("import warnings")
        captures.append(f"warnings.catch_warnings(record=True) as {warned}")
    lines = (
        sorted(imports)
        + bindings
        + [
            f"with {', '.join(captures)}:",
            *(["    warnings.simplefilter('always')"] if categories is not None else []),
            f"    {result} = {called}",
            checked,
            *checks,
            *([f"assert {captured}.getvalue() == {out!r}"] if prints or out else []),
            *([f"assert {errors}.getvalue() == {err!r}"] if err is not None else []),
            *(
                [f"assert [w.category.__name__ for w in {warned}] == {categories!r}"]
                if categories is not None
                else []
            ),
        ]
    )
    return "\n".join(lines)


def _raises_assert(
    call_text: str,
    errors: tuple[str, ...],
    message: str | None = None,
    state: tuple = (),
    fragments: tuple[tuple[str, bool], ...] = (),
) -> str | None:
    """An assert that the call raises one of ``errors`` (or a subclass, as ``except`` does), in one
    line that holds only an import and an assert: ``assertRaises`` fails when nothing is raised,
    and lets another exception through, which fails the test too. Where the tests read the
    message (``message``), ``assertRaisesRegex`` checks it whole; where they read it only for
    some words (``fragments``), for those: the ones it holds, and not the others."""
    if not all(error.isidentifier() for error in errors):
        return None
    call_text = _as_expression(call_text)
    error = errors[0] if len(errors) == 1 else f"({', '.join(errors)})"
    if message is None:
        check = f"assertRaises({error}, lambda: {call_text})"
    elif message.startswith("\x00") or oc.ADDRESS_MASK in message:
        return None  # known by digest, or masked: no pattern can state it
    else:
        pattern = _words_pattern(message, fragments) if fragments else _whole_pattern(message)
        check = f"assertRaisesRegex({error}, {render_literal(pattern)}, lambda: {call_text})"
    if state:  # the attributes the tests read on the exception (``caught.value.code``): checked too
        manager = check.replace(", lambda: " + call_text, "", 1)
        reads = [_state_read(key, value) for key, value in state]
        return "\n".join(
            [RAISES_IMPORT, f"with unittest.TestCase().{manager} as caught:", f"    {call_text}", *reads]
        )
    return f"{RAISES_IMPORT}; assert unittest.TestCase().{check} is None"


RAISES_IMPORT = "import unittest"


def _state_read(key: str, value: object) -> str:
    """The check of one attribute the caught exception carries; that it hides the exception it
    was raised while handling (``from None``) holds too where it was raised while handling none."""
    if key == oc.SUPPRESSED_CONTEXT:
        return "assert caught.exception.__suppress_context__ or caught.exception.__context__ is None"
    return f"assert caught.exception.{key} == {render_literal(value)}"


def _whole_pattern(message: str) -> str:
    return "^" + re.escape(message).replace("\\ ", " ") + "$"  # (no re.VERBOSE: a space is itself)


def _words_pattern(message: str, fragments: tuple[tuple[str, bool], ...]) -> str:
    """A pattern a message matches where it holds the same of ``fragments`` as ``message``: the
    one word it holds, as the tests look for it, or each held and not held as a lookahead."""
    held = oc.message_holds((message,), fragments)
    parts = [words if pattern else re.escape(words).replace("\\ ", " ") for words, pattern in fragments]
    if held == (True,):
        return parts[0]
    checks = (f"(?=[\\s\\S]*{part})" if found else f"(?![\\s\\S]*{part})" for part, found in zip(parts, held))
    return "^" + "".join(checks)  # (from the start: a search would meet "not there" at the end)


def _as_expression(text: str) -> str:
    """``text`` as an expression a ``lambda`` can hold: a use the test makes by storing to an
    attribute (``t.celsius = -280``, ``observed.SET_STEP``) or an item (``g[0, 1] = 5``) as the
    call it is (``setattr``, ``__setitem__``)."""
    try:
        statements = ast.parse(text).body
    except SyntaxError:
        return text
    if len(statements) == 1 and isinstance(store := statements[0], ast.Assign):
        [target] = store.targets
        value = ast.unparse(store.value)
        if isinstance(target, ast.Attribute):
            return f"setattr({ast.unparse(target.value)}, {target.attr!r}, {value})"
        if isinstance(target, ast.Subscript):
            return f"{ast.unparse(target.value)}.__setitem__({ast.unparse(target.slice)}, {value})"
    return text


def _with_imports(text: str | None, imports: set[str]) -> str | None:
    """The imports that a standard-library value's name needs, before the assert that uses it;
    a helper the assert calls (``_nested_close``) on its own lines before them."""
    if text is None or not imports:
        return text
    helpers = sorted(line for line in imports if not line.startswith(("import ", "from ")))
    needed = sorted(line for line in imports if line.startswith(("import ", "from ")))
    return "\n".join(helpers + ["; ".join(needed + [text])])


def _result_assert(call_text: str, data: object, imports: set[str]) -> str | None:
    if type(data) is tuple and len(data) == 2 and data[0] == AWAITED_MARK:  # as the tests await it
        imports.add("import asyncio")
        return _result_assert(f"asyncio.run({call_text})", data[1], imports)
    if type(data) is tuple and data and data[0] == oc.YIELDED_MARK:
        items, more = data[1], data[2]
        if more or _has_marks(items):
            return None
        if len(data) == 4:  # what it returned too, as a ``yield from`` of it answers
            if _has_marks(data[3]):
                return None
            imports.add(RETURNED_HELPER)
            return f"assert {_equals(f'drained_and_returned({call_text})', (list(items), data[3]), imports)}"
        return f"assert {_equals(f'list({call_text})', list(items), imports)}"
    if type(data) is tuple and data and data[0] == oc.OBJECT_MARK:
        member = _enum_member(data[1], data[2])
        if member is not None:  # compared by its class and name, as the tests write it
            return f"assert {call_text} == {member}"
        return _object_assert(call_text, data[2], imports)
    if _has_marks(data):
        return None
    return f"assert {_equals(call_text, data, imports)}"


def _enum_member(class_name: str, parts: tuple) -> str | None:
    """``Color.GREEN`` for an ``Enum`` member's state (its ``_name_`` and ``__objclass__``), where
    the class is named at top level; the gate then checks that the name reaches it."""
    state = next((part for part in parts if type(part) is dict), None)
    if state is None or "__objclass__" not in state or type(state.get("_name_")) is not str:
        return None
    name = state["_name_"]
    return f"{class_name}.{name}" if class_name.isidentifier() and name.isidentifier() else None


def _object_assert(call_text: str, parts: tuple, imports: set[str]) -> str | None:
    """An object by its attributes, and by what its own ``__repr__`` / ``__str__`` show."""
    if len(parts) == 1 and type(parts[0]) is str and _fixed(parts[0]):
        # (no state but its text: an exception returned, ``ValueError('age out of range: -2')``)
        return f"assert repr({call_text}) == {render_literal(parts[0])}"
    attributes = [part for part in parts if type(part) is dict]
    texts = [part for part in parts if type(part) is tuple and part and part[0] == SHOWN_MARK]
    walks = [part for part in parts if type(part) is tuple and part and part[0] == ITERATED_MARK]
    if len(parts) != len(attributes) + len(texts) + len(walks) or len(attributes) > 1:
        return None
    if attributes and _has_marks(attributes[0]):
        return None
    if not texts and not walks:
        return f"assert {_equals(f'vars({call_text})', attributes[0], imports)}" if attributes else None
    # A name of its own: ``_equals`` binds ``result`` to what it compares (``vars(...)``), and the
    # texts must be read on the object, not on its attributes' dict.
    checks = [f"(instance := {call_text}) is not None"]
    _, items, more, raised = walks[0] if walks else (None, (), True, None)
    walked = not more and raised is None and not _has_marks(list(items))
    if attributes and not walked:  # (a sequence is checked by its items, not by how it keeps them)
        checks.append(_equals("vars(instance)", attributes[0], imports))
    _, own_repr, own_str = texts[0] if texts else (None, None, None)
    if _fixed(own_repr):
        checks.append(f"repr(instance) == {render_literal(own_repr)}")
    if _fixed(own_str):
        checks.append(f"str(instance) == {render_literal(own_str)}")
    if walked:  # (what a ``for`` over it meets, and that it ends: a wrong one may never end)
        imports.add("from itertools import islice")
        checks.append(_equals(f"list(islice(instance, {len(items) + 1}))", list(items), imports))
    return "assert " + " and ".join(checks) if len(checks) > 1 else None


def _fixed(text: str | None) -> bool:
    """Whether an object's own text is the same in every process: none of it was masked (an
    address, an ``id()``), which no literal could match."""
    return text is not None and IDENTITY_MASK not in text and oc.ADDRESS_MASK not in text


def _equals(text: str, value: object, imports: set[str]) -> str:
    """``text == value`` as the oracle judges it: numbers that hold floats within the tolerance,
    NaN equal to NaN, infinities equal only to themselves (``==``), standard-library values by
    their own ``==``."""
    if is_std(value) and value[1] == VALUES:  # equal to nothing by ==: read as a test reads it
        listed = _equals("list(result)", value[2], imports)
        return f"isinstance(result := {text}, type({{}}.values())) and {listed}"
    if is_std(value) and value[1] == STREAM:  # equal only to itself: its text, as a test reads it
        return f"{text}.getvalue() == {value[2]!r}"
    literal = _source(value, imports)
    if type(value) in (float, complex) and finite(value):
        return close_rule(text, literal)
    if (type(value) is float and value != value) or (is_std(value) and value[1:3] == (NUMBER, "nan")):
        return f"(got := {text}) != got"  # (a signalling Decimal NaN raises here: no quiet one)
    if type(value) in (list, tuple) and _close_numbers(value):
        # a named tuple is the tuple the oracle sees, and a defaultdict, Counter or OrderedDict
        # the dict: ``type(...) is`` failed on a reference that returned one
        kind = (
            f"type(result := {text}) is list"
            if type(value) is list
            else f"isinstance(result := {text}, tuple)"
        )
        return (
            f"{kind} and len(result) == {len(value)} and "
            f"all({close_rule('got', 'want')} for got, want in zip(result, {literal}))"
        )
    if type(value) is dict and value and _close_numbers(list(value.values())):
        return (
            f"isinstance(result := {text}, dict) and result.keys() == {literal}.keys() and "
            f"all({close_rule('result[key]', 'want')} for key, want in {literal}.items())"
        )
    if type(value) in (list, tuple, dict) and tolerated(value):
        helper = helper_name(text, value, imports)
        imports.add(nested_close(helper, value))
        return f"{helper}({text}, {literal})"
    return f"{text} == {literal}"


def _source(value: object, imports: set[str]) -> str:
    """Source for plain data that may hold standard-library values (``stdvalues``)."""
    if is_std(value):
        return std_source(value, lambda item: _source(item, imports), imports)
    if not _holds_std(value):
        return render_literal(value)
    if type(value) is list:
        return "[" + ", ".join(_source(item, imports) for item in value) + "]"
    if type(value) is tuple:
        inner = ", ".join(_source(item, imports) for item in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if type(value) is dict:
        pairs = (f"{_source(k, imports)}: {_source(v, imports)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise NotRenderable(f"no literal for {type(value).__name__} holding standard-library values")


def _holds_std(data: object) -> bool:
    kind = type(data)
    if is_std(data):
        return True
    if kind in (list, tuple, set, frozenset):
        return any(_holds_std(item) for item in data)
    if kind is dict:
        return any(_holds_std(k) or _holds_std(v) for k, v in data.items())
    return False


def _reads_exactly(value: object) -> bool:
    """A float holding a whole number of modest size (3.0): written ``== 3`` as the tests write
    it. A fraction keeps the tolerance: another correct order of the same sums may differ from
    the reference's in the last bit, and an exact assert would reject that correct solution."""
    return type(value) is float and finite(value) and value.is_integer() and abs(value) < 2**53


def _exact_literal(value: float) -> str:
    return str(int(value))


def _close_numbers(values: list | tuple) -> bool:
    """A flat run of numbers holding at least one finite float: compared within the tolerance."""
    numbers = all(type(v) in (int, float, complex) for v in values)
    return (
        numbers
        and any(type(v) in (float, complex) and finite(v) for v in values)
        and all(type(v) is int or finite(v) for v in values)
    )


def _has_marks(data: object) -> bool:
    """Whether plain data stands for something a literal cannot rebuild (an object, an iterator);
    a standard-library value is rebuilt from its source, so only what it holds counts."""
    kind = type(data)
    if is_std(data):
        return data[1] in (ORDERED, DEQUE, COUNTS, VIEW, VALUES) and _has_marks(data[2])
    if kind is str:
        return data.startswith("\x00")
    if kind in (list, tuple, set, frozenset):
        return any(_has_marks(item) for item in data)
    if kind is dict:
        return any(_has_marks(k) or _has_marks(v) for k, v in data.items())
    return False


@dataclass(frozen=True)
class GatedText:
    text: str
    size: int  # length of the call's argument text: smaller inputs read better
    passes_reference: bool
    kills: frozenset[int]
    flags: tuple[str, ...] = ()
    distance: float = 0.0  # how far the input is from the nearest visible call (0: the same)
    repeats: str = ""  # "visible" or "challenge": one of the problem's own tests (``repeats.py``)


def order_candidates(
    gated: list[GatedText], n_survivors: int, limit: int, flagged_last: bool = False
) -> list[CandidateAssert]:
    """A small set that kills every survivor first (greedy cover, smallest inputs), then the rest.

    Texts that fail on the reference or kill nothing are dropped: they are not candidates.
    With ``flagged_last`` (the v2 method): the cover is made of unflagged asserts that repeat none
    of the problem's own tests, over the survivors they can reject, preferring inputs near a
    visible call; then the other unflagged asserts, then the flagged ones, then the repeats; each
    outside the cover is marked ``extra``. Otherwise (v1, reproduced field by field), the cover
    counts every assert alike and the rest follow by input size.
    """
    if flagged_last:
        return _order_flagged_last(gated, limit)
    pool = sorted((g for g in gated if g.passes_reference and g.kills), key=lambda g: (g.size, g.text))
    ordered: list[GatedText] = []
    uncovered = set(range(n_survivors))
    while uncovered and pool:
        best = max(pool, key=lambda g: (len(g.kills & uncovered), -g.size))
        if not best.kills & uncovered:
            break
        ordered.append(best)
        pool.remove(best)
        uncovered -= best.kills
    ordered += pool
    return [CandidateAssert(g.text, g.passes_reference, tuple(sorted(g.kills))) for g in ordered[:limit]]


def _order_flagged_last(gated: list[GatedText], limit: int) -> list[CandidateAssert]:
    """Threats: the greedy cover counting every survivor alike puts first the assert that kills
    most survivors through the reference's bug path (MBPP/83: the wrong ``get_Char`` assert
    kills 7, the right one 1); a flagged assert is never needed to cover a survivor an
    unflagged one rejects. And a candidate that repeats one of the problem's own tests (MBPP's
    challenge tests) is ranked last by the app, which then opened on an assert outside the cover:
    it is ranked last here, after the flagged ones, so engine and app agree on the first assert."""
    usable = [g for g in gated if g.passes_reference and g.kills]
    near = sorted(usable, key=lambda g: (g.distance, g.size, g.text))
    clean = [g for g in near if not g.flags and not g.repeats]
    uncovered = set().union(*(g.kills for g in clean)) if clean else set()
    cover: list[GatedText] = []
    while uncovered:
        best = max(clean, key=lambda g: (len(g.kills & uncovered), -g.distance, -g.size))
        cover.append(best)
        clean.remove(best)
        uncovered -= best.kills
    flagged = sorted((g for g in near if g.flags), key=lambda g: (len(g.flags), g.distance, g.size))
    others = clean + [g for g in flagged if not g.repeats]
    repeats = [g for g in near if g.repeats and not g.flags] + [g for g in flagged if g.repeats]
    rest = others + repeats
    ordered = [(g, False) for g in cover] + [(g, True) for g in rest]
    return [
        CandidateAssert(g.text, g.passes_reference, tuple(sorted(g.kills)), g.flags, extra)
        for g, extra in ordered[:limit]
    ]
