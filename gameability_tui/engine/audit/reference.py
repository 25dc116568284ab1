"""Preparing a problem: find its entry, gate the reference, draw fresh inputs and make the answer key.

- The step budget must never make the reference fail: the reference runs unlimited (a wall-clock
  backstop only), and each mutant's budget is later scaled to the reference's own cost.
- Excluded problems are counted with their reason, never silently dropped (``excluded``).
- A reference that raises on a fresh input cannot say what the right answer is: such inputs are
  counted (``reference_raised``) and never become witnesses.
- State: the answer key is made the way a mutant is judged (a fresh load, the same calls in the
  same order), so a reference with module-level state judged as its own mutant is equivalent
  (``bench/self_equivalence.py`` checks it on whole benchmarks)."""

from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import replace

from .. import outcome as oc
from ..exclusions import excluded
from ..inputs.aimed import aimed_calls, boundary_calls, guard_calls, one_item_calls, stated_calls
from ..inputs.arguments import Callback, holds_object
from ..inputs.calls import (
    Call,
    assignments,
    called_name,
    called_names,
    class_names,
    defined_names,
    entry_of,
    enum_members,
    factory_names,
    harvest_sources,
    lazy_kind,
    parameter_names,
    parsed,
    positional_defaults,
)
from ..inputs.contract import V1_MODES
from ..inputs.fresh import fresh_calls, literals_of
from ..inputs.harvest import harvest_calls
from ..inputs.named_methods import (
    between_named_functions,
    functions_the_text_names,
    methods_the_text_names,
    with_named_methods,
)
from ..inputs.partial_reads import looked_at_in_part
from ..inputs.raises import tests_expect_raises
from ..inputs.range_ends import calls_at_ends
from ..inputs.reads_between import own_reads, read_uses, reads_between
from ..inputs.reference_facts import met_floats, rounds_for_fractions
from ..inputs.std_makers import std_names
from ..inputs.text_examples import example_sources, in_the_tests_shapes
from ..inputs.type_guards import other_type_calls, refuses_bools, type_guarded_positions
from ..inputs.unpassed import unpassed_calls
from ..model import AuditParams, Problem, ProblemResult
from ..mutants.attack import attack_for
from ..mutants.operators import copied_value
from ..mutants.sites import Mutant, make_mutants
from ..observed import CHANGED_STEP, WITH_BLOCK, defined_only_as_main
from ..sandbox import Run, run_job
from ..sandbox.jobs import RANDOM_SEED
from ..sandbox.steps import UNCOUNTED, cost_order, median_steps
from ..step_units import STEPS
from .advancing_state import advances_module_state
from .other_entries import subclassed_base
from .prepared import Prepared, base_job, oracle_for, parse_checks, problem_seed
from .stated_domain import crossed_rules, domain_flags, lifted_rules, speaks_of_integers, stated_ends
from .written_contract import within_written_contract

# The reference's steps on a visible test are counted up to this many, and the test finished
# uncounted past them: the gate of a test that costs tens of millions of steps (MBPP/123's
# amicable numbers to 9,999: 82 million trace steps) runs at full speed. Its steps are counted exactly, in a
# second run, only when a mutant needs that test's budget (``exact_test_steps``), so every budget
# and verdict is the one an exact count from the start gives.
COUNTED_TEST_STEPS = STEPS.counted_test_steps
# The default attack's inputs of the kinds the task's text speaks of and the tests never show
# (an empty list, a tie, a negative number: ``aimed.stated_calls``): up to this share of its
# random draws, 4 beside the default 8, only where the text speaks of such.
STATED_SHARE = 0.5
# Visible calls passing what no visible call passes (``unpassed.unpassed_calls``: a default
# overridden, the entry's or its closure's; keywords reordered), for both attacks; and, where
# the tests expect raises, values of other types where the reference refuses a type
# (``type_guards.other_type_calls``).
UNPASSED_DRAWS = 4
# The inputs aimed at the reference's raise guards, where the tests expect raises
# (``aimed.guard_calls``), after the attack's own draws.
GUARD_DRAWS = 12
# The default attack's inputs on the boundaries of the reference's comparisons, at a constant or
# where two values meet (``aimed.boundary_calls``; the deep attack aims at those and more): up to
# this share of its random draws, 6 beside the default 8 (none where it draws none).
BOUNDARY_SHARE = 0.75
# The default attack's visible calls with a list or text cut to one item, where the reference
# answers otherwise when a search finds nothing or reads a fixed position (``l[1]``;
# ``aimed.one_item_calls``; the deep attack's cuts make these and more).
ONE_ITEM_DRAWS = 3
# Calls made a second time where the reference memoizes (``_made_again``): up to this share of
# the random draws, 4 beside the default 8 (none where it draws none).
REPEAT_SHARE = 0.5
# where draws break what the text states, this many times as many are drawn to keep enough
TEXT_REDRAWS = 4


def _made_again(fresh: list[Call], count: int) -> list[Call]:
    """The first ``count`` plain calls of ``fresh`` made once more, after all of them: where the
    reference memoizes (``keeps_a_cache``), its second answer to a call comes from what
    the first left (the sixteenth pass: ``if n in _cache: return None`` answered a call made
    once right every time, and looked equivalent). A call on an object is made on a new one
    each time, so an object the tests call several times has its first use made twice instead
    (``b = PriceBook(); b.price('tea'); b.price('tea'); ...``: a cache kept on the object)."""
    again = []
    for call in fresh:
        if _plain(call):
            again.append(call)
        elif call.uses and not call.chain:
            roots = call.roots[:1] + call.roots if call.roots else ()
            again.append(replace(call, uses=(call.uses[0], *call.uses), roots=roots))
    return again[:count]


def _revisited(fresh: list[Call], count: int, call_name: str) -> list[Call]:
    """Up to ``count`` plain calls of ``fresh`` made again from a fresh load after itself and one
    other (``a, b``, then ``a``: ``Call.before``): where the reference memoizes, a cache that
    keeps fewer answers than it should has forgotten the first by then (the thirty-second pass:
    ``lru_cache(maxsize=1)`` for ``maxsize=2`` loaded a key again after one other, and no test
    came back to a key)."""
    plain = [  # (the calls made before travel as plain data: no object a test makes)
        call
        for call in fresh
        if _plain(call) and not any(map(holds_object, (*call.args, *dict(call.kwargs).values())))
    ]
    plain = list({call.key(): call for call in plain}.values())
    return [
        replace(first, before=((call_name, first.args, first.kwargs), (call_name, other.args, other.kwargs)))
        for first, other in zip(plain[::2], plain[1::2])
    ][:count]


def _used_again(fresh: list[Call], count: int, call_name: str) -> list[Call]:
    """Up to ``count`` calls on an object the tests call (``make_acc()(5)``, ``inv.add(3);
    inv.add(4); inv.total()``) made with more calls than any test makes: a use made inline made
    twice on one object (``made = make_acc(); made(5); made(5)``: a running total that forgets);
    of several uses, in turn, the last made once more and all made twice over, the second round's
    ints one up (``add, add, total, add, add, total``: a cached total never cleared; ``push(7),
    peek()`` then ``push(8), peek()``: a peek at the bottom, the twenty-second pass). The tests
    make each object's calls once, so what an object does on a second round is never seen (the
    nineteenth pass: four such problems were strong under both attacks, their one wrong edit
    shown only there). Likewise, of the calls a test makes before the call (``reset(); add(5);
    total()``), the last is made once more (``add(5)`` twice: a total that keeps only the last),
    and the call itself (``call_name``) is made before them too (``scaled(3)``, ``set_rate(5)``,
    ``scaled(3)``: a cache the setter forgot to clear, the twenty-fourth pass's
    c6_cache_clear_stale).
    Drawn calls first, so the literals vary; the contract holds but for the second round's ints."""
    again: list[Call] = []
    used = [
        call
        for call in fresh
        if (call.uses and not call.chain) or (call.chain and not call.uses) or (call.before and not call.uses)
    ]
    for number, call in enumerate(used[:count]):
        if call.before and not call.chain:  # the last call made before it, once more (``add(5)``)
            again.append(replace(call, before=call.before + call.before[-1:]))
            if call_name.isidentifier():  # and the call itself before them too (a stale cache)
                again.append(replace(call, before=((call_name, call.args, call.kwargs), *call.before)))
        elif call.chain:  # one use, made inline (``make_acc()(5)``, ``Query('t').where('a').sql()``)
            again.append(replace(call, chain=(), uses=(call.chain, call.chain), name=call.name or "made"))
        elif number % 2 == 0:
            again.append(replace(call, uses=(*call.uses, call.uses[-1]), roots=call.roots + call.roots[-1:]))
        else:  # (the second round one int up: ``push(7)`` then ``push(8)``, a top unlike the bottom)
            again.append(replace(call, uses=call.uses + tuple(map(_one_up, call.uses)), roots=call.roots * 2))
    return again


def _walked_whole(calls: list[Call], count: int, reference: str) -> list[Call]:
    """Up to ``count`` calls the tests chain on (``chunked(xs, 2)[0]``, ``c = chunked(...);
    len(c)``) made bare, where the reference defines a class that can be iterated (its own
    ``__iter__`` or ``__getitem__``, no ``__next__``): the object is then the answer, with what a
    ``for`` over it meets (``observed.iterated``). Threat: a ``__getitem__`` that stops one index
    late gave every loop an extra empty piece, and tests that index within the length never
    met it (the thirty-second pass)."""
    if not _iterable_class(reference):
        return []
    bare = [
        replace(call, chain=(), uses=(), reads=(), name="", roots=())
        for call in calls
        if (call.chain or call.uses) and not (call.peers or call.before)
    ]
    return list({call.key(): call for call in bare}.values())[:count]


def _iterable_class(reference: str) -> bool:
    """Whether the reference defines a class with its own ``__iter__`` or ``__getitem__`` and no
    ``__next__`` (a sequence or a container, not an iterator)."""
    tree = parsed(reference)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.ClassDef):
            methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
            if methods & {"__iter__", "__getitem__"} and "__next__" not in methods:
                return True
    return False


def _read_as_elsewhere(calls: list[Call], count: int) -> list[Call]:
    """Up to ``count`` calls on an object made with the attributes the tests read on such an
    object anywhere (after its uses, ``g.busy``, or as a use of their own, ``t.closed``) read
    after their own uses too: a test that reads the state only after a normal return never sees
    what a raising use leaves (the twenty-eighth pass: ``g.run(int, 'x')`` in a ``try``, and a
    reset of ``busy`` in the ``except`` deleted, left it True), nor one that reads a flag only of
    a new object what leaving a ``with`` block sets (the twenty-ninth pass). A use made inline
    (``g.run(...)`` on a name used once) is made on a bound object."""
    reads = tuple(
        dict.fromkeys(
            read
            for call in calls
            if call.uses and not call.peers
            for read in (*own_reads(call), *read_uses(call))
        )
    )
    again = []
    for call in calls if reads else ():
        if call.peers or call.before or call.args or call.kwargs or bool(call.chain) == bool(call.uses):
            continue
        wanted = tuple(dict.fromkeys((*call.reads, *reads)))
        if wanted == call.reads or (call.reads and not call.uses):
            continue
        if call.chain:
            again.append(replace(call, chain=(), uses=(call.chain,), name=call.name or "made", reads=wanted))
        else:
            again.append(replace(call, reads=wanted))
    return again[:count]


def _named_but_never_called(problem: Problem, visible: list[Call]) -> tuple[str, ...]:
    """The methods the task's text names (``named_methods``) that no visible call makes."""
    called = {method for call in visible for use in (call.chain, *call.uses) for method, _, _ in use}
    return tuple(m for m in methods_the_text_names(problem.prompt, problem.reference) if m not in called)


def _functions_never_called(problem: Problem, entry: str, call_name: str) -> tuple[str, ...]:
    """The module's functions the task's text names (``named_methods``) that no test calls, where
    the tests call the entry by a plain name."""
    if not call_name.isidentifier():
        return ()
    called = called_names([*problem.tests, problem.setup or ""])
    return tuple(
        f for f in functions_the_text_names(problem.prompt, problem.reference, entry) if not called[f]
    )


def _one_up(use: tuple) -> tuple:
    """A use's steps with each int argument one up (bools and the rest as they are)."""

    def up(value: object) -> object:
        return value + 1 if type(value) is int else value

    return tuple(
        (method, tuple(map(up, args)), tuple((k, up(v)) for k, v in kwargs)) for method, args, kwargs in use
    )


def _visible_twice(visible: list[Call], drawn: set[str], count: int) -> list[Call]:
    """The first ``count`` plain visible calls no draw made, each twice, where the reference
    memoizes: the tests make each once, so the second answer, from the cache, is one they never
    see (the seventeenth pass: a memo over a closed set of keys, ``DATA[key]``, that every draw
    missed, so every fresh input raised, and ``return None`` on the hit path was never reached)."""
    plain = [call for call in visible if _plain(call)]
    unique = list({call.key(): call for call in plain if call.key() not in drawn}.values())[:count]
    return unique + unique


@functools.lru_cache(maxsize=64)
def returns_a_copy(reference: str) -> bool:
    """Whether a ``return`` of the reference gives back a copy of a value it keeps
    (``return list(_cache[n])``, ``return self.items.copy()``): the copy is what keeps a caller
    who changes the result from changing the next answer."""
    tree = parsed(reference)
    return tree is not None and any(
        isinstance(node, ast.Return) and node.value is not None and copied_value(node.value) is not None
        for node in ast.walk(tree)
    )


def _changed_by_caller(fresh: list[Call], count: int) -> list[Call]:
    """The first ``count`` plain calls of ``fresh``, each with its result cleared by the caller
    and then made again (``observed.CHANGED_STEP``): where the reference hands out a copy of
    what it caches, the copy dropped shares the cache with every caller, and the second answer
    is the cleared list (the twenty-sixth pass: c6_cache_returns_copy, equivalent on every input
    drawn, since no test changes a result)."""
    return [replace(call, chain=((CHANGED_STEP, (), ()),)) for call in fresh if _plain(call)][:count]


def _blocks_in(tests: tuple[str, ...], defined: frozenset[str]) -> list[tuple[str, tuple, tuple]]:
    """The ``with`` blocks the tests open on a call of one of the reference's names on literals
    (``with precision(4):``), each (name, positional, keyword arguments), once each."""
    found: list[tuple[str, tuple, tuple]] = []
    for test in tests:
        tree = parsed(test)
        for node in ast.walk(tree) if tree is not None else ():
            if not isinstance(node, ast.With):
                continue
            for item in node.items:
                made = item.context_expr
                if not (isinstance(made, ast.Call) and isinstance(made.func, ast.Name)):
                    continue
                try:
                    args = tuple(ast.literal_eval(arg) for arg in made.args)
                    kwargs = tuple((kw.arg, ast.literal_eval(kw.value)) for kw in made.keywords if kw.arg)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    continue
                block = (made.func.id, args, kwargs)
                if made.func.id in defined and len(kwargs) == len(made.keywords) and block not in found:
                    found.append(block)
    return found


def _after_blocks(fresh: list[Call], blocks: list[tuple[str, tuple, tuple]], count: int) -> list[Call]:
    """Up to ``count`` plain calls of ``fresh``, each made after one of ``blocks`` ends (entered
    and left with nothing inside: ``with precision(4): pass``, then ``fmt(1.0)``): a block that
    forgets to restore what it changed leaves it for every later call, and tests that call only
    inside their blocks never see it (the twenty-sixth pass: c6_ctx_restore)."""
    plain = [call for call in fresh if _plain(call)]
    made = [
        replace(call, before=((WITH_BLOCK + name, args, kwargs),))
        for (name, args, kwargs), call in zip(itertools.cycle(blocks), plain)
    ]
    return made[:count] if blocks else []


def _run_on(visible: list[Call], fresh: list[Call], tests: tuple[str, ...], call_name: str) -> list[Call]:
    """A call that passes nothing, of an entry that moves module state, made on past where the
    tests stop: as many times again as they make it, and once more (``next_player()`` three times
    in the tests, seven here). Such a call answers by where it is in its run, and a state that
    goes wrong only once a whole round has passed (``PLAYERS[turn - 3]`` for ``PLAYERS[turn %
    3]``: right for six turns, an IndexError on the seventh) shows only past the tests' round
    (the twenty-fifth pass's c6_round_robin_seventh)."""
    bare = next((call for call in visible if _plain(call) and not call.args and not call.kwargs), None)
    if bare is None:
        return []
    in_tests = sum(len(re.findall(rf"(?<![\w.]){re.escape(call_name)}\(\s*\)", test)) for test in tests)
    made = sum(call.key() == bare.key() for call in fresh)
    return [bare] * max(0, 2 * in_tests + 1 - made)


def _plain(call: Call) -> bool:
    """A call of the entry alone: no chain on its result, no object used or read after it, which
    a second call of the same text would make anew."""
    return not (call.chain or call.uses or call.peers or call.reads or call.before)


def visible_calls(problem: Problem, as_written: bool = False) -> tuple[str, str, list[Call]] | None:
    """The entry, the name the tests call it by, and their literal calls (``as_written``: only
    those the tests write, ``harvest_calls``); None without an entry."""
    entry = entry_of(problem)
    if entry is None:
        return None
    call_name = problem.call_alias or entry
    return entry, call_name, _harvested(problem, entry, call_name, harvest_sources(problem), as_written)


def _harvested(
    problem: Problem,
    entry: str,
    call_name: str,
    sources: tuple[str, ...],
    as_written: bool,
    statements_discard: bool = True,
) -> list[Call]:
    """``harvest_calls`` on ``sources`` with what the reference and setup define: the makers of
    objects made in place, and the classes (and functions making their objects) whose objects'
    operators are steps of a chain."""
    classes = class_names(problem.reference, problem.setup or "")
    classes |= factory_names(classes, problem.reference, problem.setup or "")
    builders = makers(problem, entry)
    if not as_written:  # (the published method's harvest takes literals only)
        builders |= enum_members(problem.reference, problem.setup or "")
    std = None if as_written else std_names((problem.reference, problem.setup or ""))
    return harvest_calls(sources, call_name, builders, as_written, classes, statements_discard, std)


def _shown_by_the_text(problem: Problem, entry: str, call_name: str, visible: list[Call]) -> list[Call]:
    """The calls the task's text writes as examples (``text_examples``), in the tests' shapes."""
    names = (call_name, entry.rsplit(".", 1)[-1])
    sources = example_sources(problem.prompt, names, call_name)
    if not sources:
        return []
    shown = _harvested(problem, entry, call_name, sources, False, statements_discard=False)
    return in_the_tests_shapes(shown, visible)


def makers(problem: Problem, entry: str) -> frozenset[str]:
    """The names other than the entry that the reference or the setup defines at top level: a
    test's call of one on literals makes an argument in place (``norm(Point(3, 4))``, LeetCode's
    ``reverseList(list_node([1, 2, 3]))`` with ``list_node`` in the setup), never another name
    (a class the tests define is not in the child that runs the calls; the setup's is)."""
    defined = [*defined_names(problem.reference), *defined_names(problem.setup or "")]
    return frozenset(name for name in defined if "." not in name) - {entry}


def prepare(problem: Problem, params: AuditParams) -> Prepared | ProblemResult:
    """Gate the reference and build the answer key; an excluded result when the problem cannot be
    judged."""
    as_written = params.inputs in V1_MODES  # the published method's harvest, for its figures
    found = visible_calls(problem, as_written)
    subclassed = subclassed_base(problem) if found is None and not as_written else None
    if subclassed is not None:  # (``Triangle(Shape)``, a test's: the base's calls are its subclasses')
        base, calls = subclassed
        return prepare(replace(problem, entry=base, harvest=calls), params)
    if found is None:
        return _why_no_entry(problem)
    entry, call_name, visible = found
    unparsable = _test_code_that_does_not_compile(problem)
    if unparsable is not None:
        return excluded(problem.id, "reference-fails-tests", unparsable, entry=entry)
    shadowed = _shadowed_by_a_test(problem, call_name)
    if shadowed:
        return excluded(problem.id, "no-entry-point", shadowed, entry=entry)
    attack = attack_for(params)
    draws = _drawn_within_the_text(problem, params, entry, visible, attack.draws)
    # The sample attack's own draws and the hidden inputs come first and are always kept; the
    # deep attack's further draws and aimed inputs follow, within its step allowance.
    fresh = draws[: params.fresh_inputs]
    known = {call.key() for call in visible + draws}
    hidden = _harvested(problem, entry, call_name, problem.hidden, as_written, statements_discard=False)
    fresh += [call for call in hidden if call.key() not in known]
    if not as_written:  # (the text's own examples: ``>>> words('one,two')``)
        known = {call.key() for call in visible + fresh}
        fresh += [
            call for call in _shown_by_the_text(problem, entry, call_name, visible) if call.key() not in known
        ]
    always = len(fresh)
    fresh += draws[params.fresh_inputs :]
    # (rules learned from the tests that the text lifts: "0.0 for an empty list", "the sign is ignored")
    lifts = _lifted(problem) if params.inputs not in V1_MODES else frozenset()
    if attack.aimed:
        known = {call.key() for call in visible + fresh}
        fresh += aimed_calls(
            visible, problem.reference, known, attack.aimed, params.inputs, attack.aggregates, lifts, entry
        )
    elif not as_written:
        known = {call.key() for call in visible + fresh}
        limit = int(params.fresh_inputs * BOUNDARY_SHARE)
        fresh += boundary_calls(visible, problem.reference, known, limit, params.inputs, lifts, entry)
        known = {call.key() for call in visible + fresh}  # (the cases the text speaks of)
        fresh += stated_calls(visible, known, int(params.fresh_inputs * STATED_SHARE), params.inputs, lifts)
        known = {call.key() for call in visible + fresh}  # (a search that finds nothing; a 1-item list)
        fresh += one_item_calls(visible, problem.reference, known, ONE_ITEM_DRAWS, params.inputs)
    if not as_written:  # the ends of a range the text states ("for 0 <= n <= 200")
        parameters = parameter_names(problem.reference, entry)
        known = {call.key() for call in visible + fresh}
        ends = stated_ends(problem.prompt, parameters)
        fresh += calls_at_ends(visible, ends, parameters, known, problem.reference)
        # a default no test overrides; a clamp's far side; a raise's guard
        known = {call.key() for call in visible + fresh}
        fresh += unpassed_calls(problem.reference, entry, visible, known, UNPASSED_DRAWS)
        setup = problem.setup or ""
        raises = tests_expect_raises(problem.reference, problem.tests, setup, problem.call_alias)
        known = {call.key() for call in visible + fresh}
        fresh += guard_calls(visible, problem.reference, known, GUARD_DRAWS, params.inputs, raises, lifts)
        if raises:  # each visible call is a witness too (``_visible_witnesses``)
            fresh += _visible_witnesses(visible, fresh)
            known = {call.key() for call in visible + fresh}  # (a type the reference refuses)
            guarded = type_guarded_positions(problem.reference, entry)
            bools = refuses_bools(problem.reference, entry)
            fresh += other_type_calls(visible, guarded, known, UNPASSED_DRAWS, bools) if guarded else []
    repeats = int(params.fresh_inputs * REPEAT_SHARE)
    again = keeps_a_cache(problem.reference) or advances_module_state(problem.reference)
    if not as_written and again and not lazy_kind(problem.reference, entry):
        fresh += _made_again(fresh, repeats) + _revisited(fresh, repeats // 2, call_name)
        fresh += _visible_twice(visible, {call.key() for call in fresh}, repeats)
        if advances_module_state(problem.reference):
            fresh += _run_on(visible, fresh, problem.tests, call_name)
    more = []
    if not as_written:  # (an object's second round of calls; what the text names and no test calls)
        more += _used_again(fresh + visible, repeats, call_name)
        unasked = _named_but_never_called(problem, visible)
        more += with_named_methods(visible + fresh, unasked, repeats) if unasked else []
        functions = _functions_never_called(problem, entry, call_name)
        more += between_named_functions(visible + fresh, functions, call_name, repeats) if functions else []
        more += reads_between(visible + fresh, repeats)  # (a read that changes what a later read sees)
        more += _read_as_elsewhere(visible + fresh, repeats)  # (the state after a raise too)
        more += _walked_whole(fresh + visible, repeats, problem.reference)  # (what a loop over it meets)
    if more:
        known = {call.key() for call in visible + fresh}
        fresh += [call for key, call in {c.key(): c for c in more}.items() if key not in known]  # (each once)
    if attack.aimed and returns_a_copy(problem.reference):  # (a caller's change to what it returns)
        fresh += _changed_by_caller(fresh, repeats)
    if attack.aimed:  # (the state a ``with`` block leaves when it ends)
        fresh += _after_blocks(fresh, _blocks_in(problem.tests, makers(problem, entry)), repeats)
    drawable = fresh or as_written or any(map(literals_of, visible))
    if not drawable and (
        looked_at_in_part(problem.tests, call_name)  # (``len(empty_board()) == 3``)
        or _passes_nothing(visible, problem.tests, call_name)  # (``small_primes() == [2, 3, 5]``)
    ):
        fresh, always = list(visible), len(visible)  # nothing to draw: the whole result is a witness
    if problem.contract:  # the benchmark's written rules are the domain: count the kept ones
        allowed = {call.key() for call in within_written_contract(problem, params, entry, fresh)}
        always -= sum(1 for call in fresh[:always] if call.key() not in allowed)
        fresh = [call for call in fresh if call.key() in allowed]
    kept = {call.key() for call in within_the_text(problem, params, entry, fresh, visible)}
    if fresh and not kept:
        parameters = parameter_names(problem.reference, entry)
        crossed = rules_crossed(problem, parameters, visible)
        (said, *_) = domain_flags(fresh[0], problem.prompt, parameters, crossed)
        detail = f"every fresh input breaks what the task's text states of its inputs ({said})"
        return excluded(problem.id, "no-fresh-inputs", detail, entry=entry)
    always -= sum(1 for call in fresh[:always] if call.key() not in kept)
    fresh = [call for call in fresh if call.key() in kept]
    return prepare_on(problem, params, entry, call_name, visible, fresh, always=always)


def _lifted(problem: Problem) -> frozenset[str]:
    """The rules learned from the tests that the task lifts (``lifted_rules``), and ``"float"``
    where the reference rounds to decimal places what needs no rounding on whole numbers
    (``round(c * 9 / 5 + 32, 1)``: ``rounds_for_fractions``) and the text never speaks of
    integers: a number that is no integer is then an input though every test passes ints, and
    only such a number shows a rounding to two places for one (the twenty-sixth pass:
    ``c_to_f(36.67)``)."""
    lifts = lifted_rules(problem.prompt)
    if rounds_for_fractions(problem.reference) and not speaks_of_integers(problem.prompt):
        lifts |= {"float"}
    return lifts


def _visible_witnesses(visible: list[Call], fresh: list[Call]) -> list[Call]:
    """The visible calls not drawn already, as witnesses where the tests expect raises: a test
    that catches a raise checks it only as far as its catch goes, its type through a parent
    (``assertRaises(LookupError)`` for the ``IndexError`` the text names) and nothing of its
    status or state (``sys.exit(3)`` for ``sys.exit(2)``, ``ParseError(lineno)`` a line off:
    ``outcome.raise_state``), so a mutant raising otherwise on the very input the test makes
    passes it (the twentieth and twenty-first passes). Where the test checks the whole answer,
    a mutant differing there fails it, and the witness decides nothing."""
    drawn = {call.key() for call in fresh}
    return [call for call in visible if call.key() not in drawn]


def _passes_nothing(visible: list[Call], tests: tuple[str, ...], call_name: str) -> bool:
    """Whether every visible call passes nothing and no test chains on one with arguments it
    cannot draw: the visible call is then the only input there is, and the answer on it decides
    every mutant (threat: ``small_primes()``, compared whole, was excluded as having "no
    arguments to perturb", where each mutant either fails its test or answers the same: strong;
    the eighteenth pass)."""
    no_arguments = all(not call.args and not call.kwargs for call in visible)
    return bool(visible) and no_arguments and _chain_on_unknown_arguments(tests, call_name) is None


def _drawn_within_the_text(
    problem: Problem, params: AuditParams, entry: str, visible: list[Call], count: int
) -> list[Call]:
    """``count`` random draws that keep what the task's text states of its inputs: where some of
    the first ``count`` break it, the draws go on from the same seed (plain calls draw the same
    first ones) until ``count`` keep it (threat: "n is an odd integer" with odd tests, where
    perturbing each odd number gave eight even ones and left nothing to judge on: the
    eighteenth pass). Where none keeps it, the first draws, whose exclusion says why."""
    seed = problem_seed(params.seed, problem.id)
    draws = fresh_calls(visible, count, seed, params.inputs)
    if len(within_the_text(problem, params, entry, draws, visible)) == len(draws):
        return draws
    more = fresh_calls(visible, count * TEXT_REDRAWS, seed, params.inputs)
    kept = within_the_text(problem, params, entry, more, visible)
    return kept[:count] or draws


def within_the_text(
    problem: Problem, params: AuditParams, entry: str, calls: list[Call], visible: list[Call]
) -> list[Call]:
    """The ``calls`` that keep what the task's text states of its inputs (``stated_domain``: "a
    sorted array", "n is always between 1 and 12", "Assume 0 <= score <= 100"): as a benchmark's
    written contract, the text's rules are the domain (threat: ``month_name(13) is None`` made a
    problem weak whose text promises months), but for a rule a ``visible`` call crosses where the
    tests expect raises (``rules_crossed``). Where the text speaks of integers, the reference's
    float constants are no input (``reference_facts.met_floats``). The published method's inputs keep all."""
    if params.inputs in V1_MODES or not problem.prompt:
        return calls
    parameters = parameter_names(problem.reference, entry)
    crossed = rules_crossed(problem, parameters, visible)
    kept = [call for call in calls if not domain_flags(call, problem.prompt, parameters, crossed)]
    floats = met_floats(problem.reference)
    if floats and speaks_of_integers(problem.prompt):  # ("an integer star rating", ``>= 4.5``)
        kept = [call for call in kept if not any(_holds_one(value, floats) for value in literals_of(call))]
    return kept


def rules_crossed(problem: Problem, parameters: tuple[str, ...], visible: list[Call]) -> frozenset[str]:
    """The text's rules the tests cross, where they expect raises (``stated_domain.crossed_rules``):
    the inputs the reference refuses. Elsewhere a test that breaks the text is the benchmark's
    own slip (MBPP/733 tests its "sorted array" with an unsorted one): the text still rules such
    inputs out of every assert."""
    if not tests_expect_raises(problem.reference, problem.tests, problem.setup or "", problem.call_alias):
        return frozenset()
    return crossed_rules(visible, problem.prompt, parameters)


def _holds_one(value: object, floats: frozenset[float]) -> bool:
    """Whether ``value`` is one of ``floats``, or a list or tuple holding one."""
    if type(value) in (list, tuple):
        return any(_holds_one(item, floats) for item in value)  # type: ignore[union-attr]
    return type(value) is float and value in floats


def _why_no_entry(problem: Problem) -> ProblemResult:
    """The exclusion of a problem whose entry cannot be found, with the cause a maintainer can
    mend: a reference that does not parse cannot load (its own reason, with the error), a test
    that does not compile fails whatever the solution (its reason, not "no function ... is
    called"), and a problem without a test has no call to name its entry."""
    try:
        ast.parse(problem.reference)
    except SyntaxError as error:
        detail = f"SyntaxError: {error.msg} (reference line {error.lineno})"
        return excluded(problem.id, "reference-does-not-load", detail)
    except ValueError as error:  # e.g. a NUL character
        return excluded(problem.id, "reference-does-not-load", f"ValueError: {error}")
    unparsable = _test_code_that_does_not_compile(problem)
    if unparsable is not None:  # (no call can be read in a test that does not compile)
        return excluded(problem.id, "reference-fails-tests", unparsable)
    stored = _called_through_a_store(problem)
    decorator = _used_only_as_a_decorator(problem)
    if not problem.tests and not problem.harvest:
        detail = "the problem has no visible tests to call an entry"
    elif decorator:
        detail = (
            f"the tests use the reference's `{decorator}` only as a decorator of functions they define, "
            "and a function written in a test is not drawn afresh: a test calling it by name on a "
            f"built-in (`{decorator}(len)('abc')`) would be"
        )
    elif stored:
        detail = (
            f"the tests call the reference's code only through a value it stores (`{stored}`), "
            "which is not read as an entry: a test calling a function or class by its name would be"
        )
    else:
        detail = "no function that the reference defines is called by the tests"
    return excluded(problem.id, "no-entry-point", detail)


def _used_only_as_a_decorator(problem: Problem) -> str:
    """The first function the reference defines that a test uses as a decorator (``@logged`` on
    a ``def`` of its own: the thirtieth pass, excluded as calling no function of the
    reference's); "" where none is."""
    defined = set(defined_names(problem.reference))
    for test in problem.tests:
        tree = parsed(test)
        for node in ast.walk(tree) if tree is not None else ():
            for decorator in getattr(node, "decorator_list", ()):
                called = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(called, ast.Name) and called.id in defined:
                    return called.id
    return ""


def _called_through_a_store(problem: Problem) -> str:
    """The first call a test makes of an item or attribute of a name the reference defines
    (``REGISTRY['square'](3)``: the twenty-seventh pass's registry, whose exclusion said no
    function was called), as written; "" where none is."""
    module = parsed(problem.reference)
    stores = [
        target.id
        for statement in (module.body if module is not None else [])
        if isinstance(statement, (ast.Assign, ast.AnnAssign))
        for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target])
        if isinstance(target, ast.Name)
    ]
    defined = {*defined_names(problem.reference), *stores}
    for test in problem.tests:
        tree = parsed(test)
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Subscript, ast.Attribute)):
                root = node.func
                while isinstance(root, (ast.Subscript, ast.Attribute, ast.Call)):
                    root = root.func if isinstance(root, ast.Call) else root.value
                if isinstance(root, ast.Name) and root.id in defined:
                    return ast.unparse(node)
    return ""


def _shadowed_by_a_test(problem: Problem, name: str) -> str:
    """Why no test reaches the reference's ``name``, where a test binds a ``name`` of its own at
    its top level (``def double(x): ...``) before any test calls it: that test and every later
    one call the test's (the thirty-first pass: such a problem was judged weak, and its asserts,
    appended after the tests, checked the test's function); "" where none does."""
    for number, test in enumerate(problem.tests, start=1):
        tree = parsed(test)
        if tree is None:
            continue
        definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        binds = any(isinstance(node, definitions) and node.name == name for node in tree.body)
        if binds or name in {bound for bound, _ in assignments(tree.body)}:
            return (
                f"test {number} defines its own `{name}`, which it and every later test call: "
                "no test reaches the reference's"
            )
        if any(isinstance(node, ast.Call) and called_name(node) == name for node in ast.walk(tree)):
            return ""
    return ""


def _test_code_that_does_not_compile(problem: Problem) -> str | None:
    """Why no solution can pass the tests, where the setup or a visible test does not compile:
    the reason a maintainer can mend (threat: a test with a syntax error ended the reference's
    child, and the problem was excluded as "reference-did-not-finish: exited with code 0")."""
    tests = [(f"test {number}", text) for number, text in enumerate(problem.tests, start=1)]
    for label, text in [("the tests' setup", problem.setup), *tests]:
        try:
            compile(text, "<test>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as error:
            where = f", line {error.lineno}" if isinstance(error, SyntaxError) and error.lineno else ""
            why = error.msg if isinstance(error, SyntaxError) else str(error)
            return f"{label} fails: it does not compile ({type(error).__name__}: {why}{where})"
    return None


def prepare_on(
    problem: Problem,
    params: AuditParams,
    entry: str,
    call_name: str,
    visible: list[Call],
    fresh: list[Call],
    mutants: list[Mutant] | None = None,
    always: int | None = None,
) -> Prepared | ProblemResult:
    """``prepare`` on the given fresh inputs (the deep attack's later rounds add to them). Past the
    first ``always`` (default: all), an input is kept only within the attack's step allowance."""
    checks = parse_checks(problem.checks)
    ends = _range_end_keys(problem, params, entry, visible)
    reference = run_job(
        base_job(
            problem, entry, params, mode="reference",
            calls=[call.as_job() for call in fresh],
            checks=checks, check_budgets=[None] * len(checks),
            test_budgets=[None] * len(problem.tests),
            call_budgets=[params.harness_steps if call.key() in ends else None for call in fresh],
            fresh_budget=(params.reference_fresh_floor, params.reference_fresh_factor),
            count_tests_until=COUNTED_TEST_STEPS,
            fresh_allowance=_fresh_allowance(always, params),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    gate = _gate_reference(problem, reference, entry) or _gate_checks(
        problem, params, entry, checks, reference
    )
    if gate is not None:
        return gate
    # Fresh inputs on which the reference ran out of its (generous) budget have no answer key;
    # those past the attack's step allowance were not even run.
    ran = [i for i in range(len(fresh)) if i in reference.calls]
    endless = sum(reference.calls[i][0] == oc.BUDGET_OUTCOME for i in ran)
    keep = [i for i in ran if reference.calls[i][0] != oc.BUDGET_OUTCOME]
    keep = _within_step_allowance(keep, {i: reference.calls[i][1] for i in ran}, always, params)
    if not keep:
        as_written = params.inputs in V1_MODES  # (the published method reads literal calls only)
        detail = _why_no_fresh_inputs(call_name, visible, len(fresh), endless, problem.tests, as_written)
        return excluded(problem.id, "no-fresh-inputs", detail, entry=entry)
    if mutants is None:
        attack = attack_for(params)
        mutants = make_mutants(problem.reference, attack.mutant_limit, attack.operators)
    if not mutants:
        kinds = ", ".join(operator.kind for operator in attack_for(params).operators)
        detail = f"no line of the reference is one the {params.attack} attack's operators change ({kinds})"
        return excluded(problem.id, "no-mutation-sites", detail, entry=entry, n_fresh=len(keep))
    order = sorted(range(len(keep)), key=lambda new: reference.calls[keep[new]][1])
    fresh = [fresh[i] for i in keep]
    key = {new: reference.calls[old] for new, old in enumerate(keep)}
    stateful = may_keep_state(problem.reference)
    reordered = keep != list(range(len(keep))) or order != list(range(len(keep)))
    if reordered and stateful:
        key = _answer_key(problem, params, entry, fresh, order, [key[i][1] for i in range(len(fresh))])
    reference.calls = key
    reference_calls = [key[i][0] for i in range(len(fresh))]
    raised = endless + sum(not oc.returned_normally(o) for o in reference_calls)
    if raised - endless == len(fresh) and not oracle_for(problem, params).raises:
        return excluded(
            problem.id, "no-usable-oracle", "the reference raises on every fresh input",
            entry=entry, n_fresh=len(fresh), reference_raised=raised,
        )  # fmt: skip
    random_answers = frozenset()
    if params.inputs not in V1_MODES and draws_random(problem.reference):
        random_answers = _random_answers(problem, params, entry, fresh, order, reference_calls)
    independent = tests_independent(problem)
    return Prepared(
        entry, call_name, visible, fresh, mutants, reference, reference_calls, raised, checks,
        call_order=order, call_steps=[key[i][1] for i in range(len(fresh))],
        test_order=_test_order(problem, reference, independent), tests_independent=independent,
        random_answers=random_answers,
    )  # fmt: skip


def draws_random(source: str) -> bool:
    """Whether the reference imports ``random`` or ``secrets`` (its answers may be its draws)."""
    tree = parsed(source)
    if tree is None:
        return False
    return any(_imported(node) & {"random", "secrets"} for node in ast.walk(tree))


def _imported(node: ast.AST) -> set[str]:
    """The top-level modules an import statement names (none for any other node)."""
    if not isinstance(node, (ast.Import, ast.ImportFrom)):
        return set()
    names = [alias.name for alias in node.names] + [getattr(node, "module", None) or ""]
    return {name.split(".")[0] for name in names}


def _random_answers(
    problem: Problem, params: AuditParams, entry: str, fresh: list[Call], order: list[int], answers: list
) -> frozenset[int]:
    """The fresh inputs whose answer is a random draw: the answer key made again with another seed
    of ``random`` (in the same order, from a fresh load) answers them another way, under any of
    ``OTHER_SEEDS`` seeds. A random pivot or a shuffle that is sorted again answers the same, and
    is none.

    Threat: the sandbox seeds ``random`` at every load, so a reference whose answer is a draw
    (``x + uniform(-0.1, 0.1)``) answers the same every time there; a mutant that draws another
    way (``x - uniform(-0.1, 0.1)``: the same noise) "differed", and an assert pinning the draw
    fails under a harness, which seeds nothing. Such an input tells no mutant apart
    (``verdict._verdict``). One other seed is not enough: a shuffle of ``[3, 3, 2]`` has three
    orders, and seeds 0 and 1 give the same one, so deleting the shuffle "differed" (the
    twenty-fourth pass: t_random_order_strong)."""
    oracle = oracle_for(problem, params)
    drawn: set[int] = set()
    for other in range(1, OTHER_SEEDS + 1):
        run = run_job(
            base_job(
                problem, entry, params, mode="calls", calls=[call.as_job() for call in fresh],
                call_budgets=[None] * len(fresh), call_order=order, random_seed=RANDOM_SEED + other,
                cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
            )
        )  # fmt: skip
        drawn |= {
            index
            for index, expected in enumerate(answers)
            if index not in run.calls or oracle.differs(run.calls[index][0], expected)
        }
    return frozenset(drawn)


OTHER_SEEDS = 4  # a draw among k outcomes looks fixed under all of them with chance (1/k) ** 4


def _why_no_fresh_inputs(
    call_name: str,
    visible: list[Call],
    n_fresh: int,
    endless: int,
    tests: tuple[str, ...] = (),
    as_written: bool = False,
) -> str:
    """The real reason no fresh input is left (threat: a maintainer told "no literal calls" about
    a problem whose tests are full of them looks for the wrong fix)."""
    if not visible:
        unread = None if as_written else _call_on_unknown_arguments(tests, call_name)
        if unread is not None:
            return (
                f"the tests' calls to {call_name}() pass an argument that is neither a literal nor "
                f"an object of the reference's or the setup's own, which is not drawn: {unread}"
            )
        return f"no literal calls to {call_name}() to perturb"
    if n_fresh == 0 and all(not call.args and not call.kwargs for call in visible):
        cut = _chain_on_unknown_arguments(tests, call_name)
        if cut is not None:  # ``Solution().reverseList(build([1, 2, 3]))``: the chain was the call
            return (
                f"the tests' calls on what {call_name}() returns pass arguments that are not "
                f"literals, nor made by the reference or the setup: {cut}"
            )
        return f"the visible calls to {call_name}() have no arguments to perturb"
    if n_fresh == 0 and not any(map(literals_of, visible)):  # ``ignoring(KeyError)``
        kept = sorted({value.text for call in visible for value in call.args if isinstance(value, Callback)})
        return (
            f"the visible calls to {call_name}() pass no literal to perturb, only functions or "
            f"classes kept as written ({', '.join(kept) or 'objects the tests make'})"
        )
    if n_fresh == 0:
        return (
            f"every draw repeated one of the {len(visible)} visible calls to {call_name}() "
            "(their values leave nothing new inside the contract)"
        )
    if endless == n_fresh:
        return f"the reference ran out of its step budget on every fresh input ({n_fresh})"
    return f"no fresh input to {call_name}() fits the attack's step allowance"


def _call_on_unknown_arguments(tests: tuple[str, ...], call_name: str) -> str | None:
    """The first call of ``call_name`` a test makes whose arguments hold literals, though it was
    not drawn (``total(range(5))``, ``tax(Decimal('20'))``, ``remove_datatype((4, 7.7), int)``),
    as written: "no literal calls" would mislead."""

    def holds_literals(node: ast.Call) -> bool:
        if ast.unparse(node.func) != call_name:
            return False
        arguments = [*node.args, *(keyword.value for keyword in node.keywords)]
        return any(isinstance(inner, ast.Constant) for argument in arguments for inner in ast.walk(argument))

    found = _first_call(tests, holds_literals)
    return found[:120] if found is not None else None


def _chain_on_unknown_arguments(tests: tuple[str, ...], call_name: str) -> str | None:
    """The first call a test makes on the result of a bare ``call_name()``, as written."""
    return _first_call(
        tests,
        lambda node: (
            isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Call)
            and isinstance(node.func.value.func, ast.Name)
            and node.func.value.func.id == call_name
            and bool(node.args or node.keywords)
        ),
    )


def _first_call(tests: tuple[str, ...], matches: Callable[[ast.Call], bool]) -> str | None:
    """The first call in ``tests`` (in each test's walk order) that ``matches``, as written."""
    for test in tests:
        tree = parsed(test)
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Call) and matches(node):
                return ast.unparse(node)
    return None


def tests_independent(problem: Problem) -> bool:
    """Whether the visible tests (and checks) give the same results in any order, each apart
    from the others: lone asserts on a reference that keeps no state between calls."""
    return not may_keep_state(problem.reference) and all(_is_lone_assert(test) for test in problem.tests)


def _test_order(problem: Problem, reference: Run, independent: bool) -> list[int]:
    """The order a mutant runs the visible tests in. One that fails a test is found sooner on a
    cheap one; the order can change a result only through state, which independent tests do not
    have. (A test whose steps were not counted is costlier than any that was.)"""
    order = list(range(len(problem.tests)))
    if independent:
        order.sort(key=lambda i: cost_order(reference.tests[i][2]))
    return order


def later_input_budget(problem: Problem, params: AuditParams, prepared: Prepared) -> int:
    """The reference's step budget on an input run after ``prepare_on`` (a later round's draws, a
    reordered witness): what ``prepare_on`` gives a fresh input, from the tests' median steps,
    counted exactly where some were not."""
    tests = prepared.reference.tests
    typical = median_steps([tests[i][2] for i in tests])
    if typical == UNCOUNTED and exact_test_steps(problem, params, prepared):
        typical = median_steps([tests[i][2] for i in prepared.reference.tests])
    return max(params.reference_fresh_floor, params.reference_fresh_factor * max(typical, 0))


def exact_test_steps(problem: Problem, params: AuditParams, prepared: Prepared) -> bool:
    """Count the reference's steps on every visible test exactly, if some were not
    (``COUNTED_TEST_STEPS``): the tests again, from a fresh load, in order, as the gate ran
    them. Updates ``prepared`` (the steps and the test order); False if that run did not finish."""
    reference = prepared.reference
    if all(reference.tests[i][2] != UNCOUNTED for i in reference.tests):
        return True
    run = run_job(
        base_job(
            problem, prepared.entry, params, mode="reference", calls=[],
            test_budgets=[None] * len(problem.tests),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    if not run.complete or len(run.tests) < len(problem.tests):
        return False
    reference.tests = run.tests
    # The mutants' CPU backstop is five times the reference's CPU time: counted, its tests cost
    # more than they did untraced, and the backstop must allow for that.
    reference.cpu += run.cpu
    prepared.test_order = _test_order(problem, reference, prepared.tests_independent)
    return True


def _range_end_keys(problem: Problem, params: AuditParams, entry: str, visible: list[Call]) -> set[str]:
    """The keys of the inputs at the ends of a range the text states (``calls_at_ends``): the
    reference's budget there is a harness's time limit, not the fresh inputs' (twice the tests'
    median): the task promises an answer there in a harness's time, and the tests may all be
    cheaper (``largest_prime_factor(999999999989)`` costs the reference 500,000 turns where the
    tests need a few thousand: the twenty-fifth pass)."""
    if params.inputs in V1_MODES or not problem.prompt:
        return set()
    parameters = parameter_names(problem.reference, entry)
    ends = stated_ends(problem.prompt, parameters)
    return {call.key() for call in calls_at_ends(visible, ends, parameters, set(), problem.reference)}


def _fresh_allowance(always: int | None, params: AuditParams) -> tuple[int, int] | None:
    allowance = attack_for(params).input_steps
    return None if always is None or allowance is None else (always, allowance)


def _within_step_allowance(
    keep: list[int], steps: dict[int, int], always: int | None, params: AuditParams
) -> list[int]:
    """The inputs of ``keep`` that the attack can afford: all of the first ``always``, then the
    others in order while the reference's total steps on the inputs stay within the attack's
    allowance. Every mutant pays for every input, so a problem whose every input costs the
    reference millions of steps is not given a hundred of them (steps are counted, not timed:
    the same inputs are kept on any machine)."""
    allowance = attack_for(params).input_steps
    if always is None or allowance is None:
        return keep
    kept, total = [], 0
    for index in keep:
        if index >= always and total + steps[index] > allowance:
            continue
        kept.append(index)
        total += steps[index]
    return kept


def _is_lone_assert(test: str) -> bool:
    tree = parsed(test)
    return tree is not None and len(tree.body) == 1 and isinstance(tree.body[0], ast.Assert)


@functools.lru_cache(maxsize=64)
def may_keep_state(source: str) -> bool:
    """Whether the reference could answer a call differently after other calls: module-level or
    class-level mutable data (a memo dict), a class's data stored anew (``Ticket.issued += 1``:
    the twenty-second pass, whose asserts, written from a fresh load, failed after the visible
    tests), ``global`` / ``nonlocal``, mutable default
    arguments, randomness, and caches (``functools.lru_cache`` / ``cache``). Only such a
    reference pays for a second run of its answer key in the mutants' order.

    Threat (caches): a cache answers the same, but its cost depends on the calls before. Steps
    counted in one order and budgets spent in another turn a call that was cheap only because
    the cache was warm into "did not return" for an equivalent mutant that runs it first. As
    state, a cached reference's steps are counted in the order candidates run them."""
    tree = parsed(source)
    if tree is None:
        return True
    mutable = (ast.List, ast.Dict, ast.Set, ast.Call, ast.ListComp, ast.DictComp, ast.SetComp)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return True
        if _imported(node) & {"random", "secrets", "itertools"}:
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            _is_cache(decorator) for decorator in node.decorator_list
        ):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
            if any(isinstance(default, mutable) for default in defaults):
                return True
    classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)} | {"cls"}
    for node in ast.walk(tree):  # a class's own data stored anew (``Ticket.issued += 1``)
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and any(
            isinstance(target, ast.Attribute) and _names_a_class(target.value, classes) for target in targets
        ):
            return True
    scopes = [tree.body] + [node.body for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    for body in scopes:
        for statement in body:
            value = getattr(statement, "value", None)
            assignment = isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            if assignment and isinstance(value, mutable):
                return True
    return False


def _names_a_class(node: ast.expr, classes: set[str]) -> bool:
    """Whether ``node`` is one of ``classes`` by name, ``cls``, or ``type(self)``."""
    if isinstance(node, ast.Name):
        return node.id in classes
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def keeps_a_cache(source: str) -> bool:
    """Whether the reference memoizes across calls: a cache decorator (``lru_cache``), or a
    container outliving a call (bound at the top level, or a parameter's mutable default) that it
    both asks (``n in memo``) and stores to (``memo[n] = ...``). A second call with the same
    arguments may then answer from what the first left (module data a call appends to, read by
    the tests, is state of another kind: its calls are not made twice)."""
    tree = parsed(source)
    if tree is None:
        return False
    lasting = {name for name, _ in assignments(tree.body)} | _kept_on_objects(tree)
    asked: set[str] = set()
    stored: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if any(_is_cache(decorator) for decorator in node.decorator_list):
                return True
            for name, default in positional_defaults(node.args):
                if isinstance(default, (ast.Dict, ast.List)):
                    lasting.add(name)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            asked |= {ast.unparse(side) for side in node.comparators}
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            stored.add(ast.unparse(node.value))
    return bool(asked & stored & lasting)


def _kept_on_objects(tree: ast.Module) -> set[str]:
    """The containers a class keeps, as its methods name them: one bound in the class's body
    (``_cache = {}``: ``cls._cache``, ``self._cache``, ``Squares._cache``), and one a method binds
    on ``self`` (``self._cache = {}``), which outlives a call on the object."""
    containers = (ast.Dict, ast.List, ast.Set)
    kept: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for name, value in assignments(node.body):
                if isinstance(value, containers):
                    kept |= {f"cls.{name}", f"self.{name}", f"{node.name}.{name}"}
        elif isinstance(node, ast.Assign) and isinstance(node.value, containers):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and ast.unparse(target.value) == "self":
                    kept.add(f"self.{target.attr}")
    return kept


def _is_cache(decorator: ast.expr) -> bool:
    """``@lru_cache``, ``@functools.cache``, ``@lru_cache(maxsize=None)`` and the like."""
    if isinstance(decorator, ast.Call):
        decorator = decorator.func
    name = decorator.attr if isinstance(decorator, ast.Attribute) else getattr(decorator, "id", "")
    return name in ("lru_cache", "cache")


def _answer_key(
    problem: Problem, params: AuditParams, entry: str, fresh: list[Call], order: list[int], steps: list[int]
) -> dict[int, tuple]:
    """The reference's outcomes on ``fresh``, called in ``order`` from a fresh load: exactly the
    sequence a mutant will see. (The first run also made the calls that were dropped since, in
    another order: a reference with state could have answered differently there.)"""
    run = run_job(
        base_job(
            problem, entry, params, mode="calls", tests=[], calls=[call.as_job() for call in fresh],
            call_order=order, call_budgets=[max(params.reference_fresh_floor, 10 * s) for s in steps],
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    missing = ("raise", "ReferenceDidNotFinish")
    return {i: run.calls.get(i, (missing, 0)) for i in range(len(fresh))}


def _compile_error(reference: str) -> str:
    """``: the compiler's message (reference line N)`` where the reference does not compile."""
    try:
        compile(reference, "<reference>", "exec", dont_inherit=True)
    except SyntaxError as error:
        return f": {error.msg} (reference line {error.lineno})"
    except ValueError:
        return ""
    return ""


def _gate_reference(problem: Problem, run: Run, entry: str) -> ProblemResult | None:
    if run.load is not None and run.load_in_setup:  # every solution fails: the tests are at fault
        detail = f"the tests' setup {oc.describe(run.load)}, before any test runs"
        return excluded(problem.id, "reference-fails-tests", detail, entry=entry)
    if run.load is not None:
        detail = oc.describe(run.load)
        if run.load[:2] == ("raise", "NameError") and defined_only_as_main(problem.reference, entry):
            detail += f': `{entry}` is defined only under `if __name__ == "__main__":`, which no harness runs'
        if run.load[:2] == ("raise", "SyntaxError"):  # (parses, but does not compile: ``global x`` late)
            detail += _compile_error(problem.reference)
        return excluded(problem.id, "reference-does-not-load", detail, entry=entry)
    failing = [i for i in range(len(problem.tests)) if i in run.tests and not run.tests[i][0]]
    if failing:
        first = failing[0]
        why = oc.describe(run.tests[first][1])
        return excluded(problem.id, "reference-fails-tests", f"test {first + 1} fails: {why}", entry=entry)
    if not run.complete:
        return excluded(problem.id, "reference-did-not-finish", run.stopped, entry=entry)
    return None


def run_checks_unlimited(
    problem: Problem, params: AuditParams, entry: str, checks: list, program: str
) -> Run:
    """``program``'s results on the checks, with no step budget: the expected values."""
    return run_job(
        base_job(
            problem, entry, params, mode="reference", program=program, tests=[],
            checks=checks, check_budgets=[None] * len(checks),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip


def _gate_checks(
    problem: Problem, params: AuditParams, entry: str, checks: list, reference: Run
) -> ProblemResult | None:
    """With a separate check reference, the audited reference must match its results on every
    check (within atol), as EvalPlus would require; the expected values are then the check
    reference's."""
    if not problem.check_reference or not checks:
        return None
    expected = run_checks_unlimited(problem, params, entry, checks, problem.check_reference)
    if expected.load is not None or not expected.complete:
        return excluded(problem.id, "reference-fails-tests", "the check reference does not run", entry=entry)
    for index in range(len(checks)):
        want, got = expected.checks[index][1], reference.checks[index][1]
        if not oc.matches(got, want, problem.atol, params.oracle):
            detail = f"check {index + 1}: {oc.describe(got)[:80]}, expected {oc.describe(want)[:80]}"
            return excluded(problem.id, "reference-fails-tests", detail, entry=entry)
    return None
