"""Known-answer tests for the rule every verdict obeys: a mutant is BROKEN only where an assert this
tool would write (one that passes on the reference) rejects it, and EQUIVALENT where none can.

One section per way the measurement could decide a verdict by accident. Each problem is small,
hand-written, and its right verdict is known; fresh inputs are pinned (``fresh_inputs=0`` and
``hidden`` calls) so the answer key is exactly the inputs named here.
"""

from __future__ import annotations

import ast
import datetime
import json
import re
import sys

import pytest
from conftest import problem

from gameability_tui.benchmarks.jsonl import load_jsonl
from gameability_tui.engine.audit import (
    Prepared,
    audit_problem,
    gate_asserts,
    judge_program,
    prepare,
)
from gameability_tui.engine.audit.advancing_state import advances_module_state
from gameability_tui.engine.audit.asserts import assert_text
from gameability_tui.engine.audit.free_ties import without_free_tie_choices
from gameability_tui.engine.audit.other_entries import other_entries
from gameability_tui.engine.audit.reference import _shown_by_the_text, keeps_a_cache, visible_calls
from gameability_tui.engine.audit.stated_domain import domain_flags, frees_order, lifted_rules, stated_ends
from gameability_tui.engine.audit.stated_tolerance import stated_tolerance
from gameability_tui.engine.inputs.aimed import aimed_calls, boundary_calls, guard_calls
from gameability_tui.engine.inputs.arguments import Made
from gameability_tui.engine.inputs.calls import (
    Bound,
    Call,
    entry_of,
    factory_names,
    infer_entry,
    parameter_names,
)
from gameability_tui.engine.inputs.domain import RAW_BYTE_EXTREMES, learn_domain
from gameability_tui.engine.inputs.fresh import contract_violations, fresh_calls
from gameability_tui.engine.inputs.harvest import harvest_calls, is_callback
from gameability_tui.engine.inputs.named_methods import methods_the_text_names
from gameability_tui.engine.inputs.raises import tests_check_messages as messages_are_read
from gameability_tui.engine.inputs.reads_between import reads_between
from gameability_tui.engine.inputs.reference_facts import (
    handled_marks,
    keyed_texts,
    loop_starts,
    ordered_characters,
    rounds_for_fractions,
)
from gameability_tui.engine.inputs.short_inputs import answers_when_nothing_is_found
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.mutants.sites import make_mutants
from gameability_tui.engine.observed import DROP_STEP
from gameability_tui.engine.outcome import encode_value, matches, same
from gameability_tui.engine.sandbox import Job, run_job
from gameability_tui.engine.step_units import STEPS

PINNED = AuditParams(fresh_inputs=0)


def _run_assert(program: str, entry: str, text: str, tests: tuple[str, ...] = ()) -> bool | None:
    """Whether ``text`` passes on ``program`` from a fresh load, after ``tests`` (a harness runs
    an appended assert after the visible tests, in one namespace)."""
    run = run_job(Job(mode="asserts", program=program, setup="", entry=entry, alias=None, asserts=[text],
                      assert_budgets=[None], cpu_seconds=10, wall_seconds=20,
                      tests=list(tests), after_tests=bool(tests)))  # fmt: skip
    return run.asserts[0].passed if 0 in run.asserts else None


def _survivor_changes(result) -> set[str]:
    return {survivor.after.strip() for survivor in result.survivors}


def _rejected_by_the_tests(problem_, mutant: str) -> None:
    """The reference passes the visible tests (the problem is not excluded for them) and they
    reject ``mutant``, which differs from it on the pinned hidden input: the tests ran."""
    prepared = prepare(problem_, PINNED)
    assert isinstance(prepared, Prepared)  # not "the reference fails its tests"
    verdict = judge_program(problem_, PINNED, prepared, mutant)
    assert verdict.broken and not verdict.survived


def _rejecting_assert(problem_, result, entry: str, change: str, call: str) -> str:
    """The assert on ``call`` that the survivor whose change holds ``change`` claims: checked to
    pass on the reference and to fail on that survivor, each run alone after the visible tests,
    as a harness runs it appended to them."""
    [survivor] = [s for s in result.survivors if change in s.after]
    [text] = [c.text for c in result.asserts if call in c.text]
    assert _run_assert(problem_.reference, entry, text, problem_.tests) is True
    assert _run_assert(survivor.source, entry, text, problem_.tests) is False
    return text


def _survivor_with_its_assert(problem_, mutant: str, raises: bool = False, lazy: str = "") -> str:
    """``mutant`` is broken on the problem's one pinned hidden call and passes its visible tests;
    the assert written on that call (``lazy``: as ``assert_text`` reaches a generator's or
    coroutine's raise) passes on the reference and fails on the mutant, each run alone as a
    harness runs it. Returns that assert."""
    prepared = prepare(problem_, PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(problem_, PINNED, prepared, mutant)
    assert verdict.broken and verdict.survived
    answer = prepared.reference_calls[0]
    text = assert_text(prepared.fresh[0], prepared.call_name, answer, raises=raises, lazy=lazy)
    entry = problem_.entry or problem_.id
    assert _run_assert(problem_.reference, entry, text) is True and _run_assert(mutant, entry, text) is False
    return text


def _drawn_with_a_survivor(problem_, mutant: str) -> tuple[Prepared, set[str]]:
    """``mutant`` is broken on the fresh inputs the default attack draws and passes the visible
    tests; returns what was prepared and those inputs, as a test writes them."""
    prepared = prepare(problem_, AuditParams())
    assert isinstance(prepared, Prepared)
    verdict = judge_program(problem_, AuditParams(), prepared, mutant)
    assert verdict.broken and verdict.survived
    return prepared, {call.render(prepared.call_name) for call in prepared.fresh}


# 1. Values are compared by value, never through a repr that was cut or could not be made.


def test_values_differing_past_the_repr_cut_are_different():
    assert not same(encode_value("a" * 5000 + "b"), encode_value("a" * 5000 + "c"))
    assert not same(encode_value(list(range(3000)) + [1]), encode_value(list(range(3000)) + [2]))


def test_huge_ints_without_a_repr_are_compared_by_value_and_asserted_in_hex():
    assert not same(encode_value(10**5000), encode_value(10**5000 + 1))
    huge = problem(
        "huge",
        "def f(n):\n    return 7 ** n + (n > 5000)\n",
        ["assert f(6000) == 7 ** 6000 + 1", "assert f(3) == 343"],
        hidden=("assert f(5000) == 7 ** 5000",),
    )
    result = audit_problem(huge, PINNED)
    assert result.status == "ok" and result.weak
    assert "return 7 ** n + (n >= 5000)" in _survivor_changes(result)
    text = result.asserts[0].text
    assert "0x" in text and result.asserts[0].kills == (0,)
    assert _run_assert(huge.reference, "f", text) is True
    assert _run_assert(result.survivors[0].source, "f", text) is False


# 2. Slow is not wrong.

QUARTER = (
    "def quarter(n):\n"
    "    best = 0\n"
    "    for i in range(n // 4 + 1):\n"
    "        if i * 4 <= n:\n"
    "            best = i\n"
    "    return best\n"
)
SLOW_QUARTER = QUARTER.replace("n // 4 + 1", "n * 4 + 1")  # 16x the loop, the same answer


def test_a_mutant_that_is_only_slower_is_slow_not_broken():
    slow = problem(
        "quarter",
        QUARTER,
        ["assert quarter(8) == 2", "assert quarter(13) == 3", "assert quarter(100) == 25"],
        hidden=("assert quarter(20000) == 5000",),
    )
    result = audit_problem(slow, PINNED)
    assert result.status == "ok"
    assert "for i in range(n * 4 + 1):" not in _survivor_changes(result)
    assert result.n_slow >= 1 and not result.weak


def test_an_assert_that_merely_runs_long_on_a_survivor_does_not_reject_it():
    slow = problem("quarter", QUARTER, ["assert quarter(8) == 2"])
    [(passes, kills)] = gate_asserts(
        slow, "quarter", [SLOW_QUARTER], ["assert quarter(20000) == 5000"], PINNED
    )
    assert passes and kills == frozenset()


def test_a_mutant_that_never_returns_is_still_broken():
    looping = problem(
        "quarter",
        QUARTER,
        ["assert quarter(8) == 2"],
        hidden=("assert quarter(20000) == 5000",),
    )
    prepared = prepare(looping, PINNED)
    assert isinstance(prepared, Prepared)
    endless = QUARTER.replace("for i in range(n // 4 + 1):", "for i in iter(int, 1):")
    assert judge_program(looping, PINNED, prepared, endless).broken


# 3. Floats: one rule for the oracle and the asserts, inside containers too.

ROUNDING = "def scaled(x):\n    if x > 10:\n        return (x * 0.1) * 3\n    return x * (0.1 * 3)\n"


def test_a_last_bit_float_difference_is_not_a_survivor():
    assert (10 * 0.1) * 3 != 10 * (0.1 * 3)  # the two branches really differ in the last bit
    scalar = problem(
        "scaled",
        ROUNDING,
        ["assert abs(scaled(20) - 6.0) < 1e-9", "assert abs(scaled(1) - 0.3) < 1e-9"],
        hidden=("scaled(10)",),
    )
    result = audit_problem(scalar, PINNED)
    assert "if x >= 10:" not in _survivor_changes(result)


def test_floats_inside_containers_use_the_same_tolerance():
    in_a_list = problem(
        "scaled_list",
        ROUNDING.replace("return (x * 0.1) * 3", "return [(x * 0.1) * 3, x]").replace(
            "return x * (0.1 * 3)", "return [x * (0.1 * 3), x]"
        ),
        ["assert abs(scaled(20)[0] - 6.0) < 1e-9", "assert scaled(1)[1] == 1"],
        hidden=("scaled(10)",),
    )
    result = audit_problem(in_a_list, PINNED)
    assert "if x >= 10:" not in _survivor_changes(result)
    assert same(encode_value({"a": [0.30000000000000004]}), encode_value({"a": [0.3]}))
    assert not same(encode_value([0.3]), encode_value([0.31]))


def test_a_float_list_assert_passes_on_the_reference_and_rejects_a_far_value():
    text = assert_text(Call((3,)), "f", encode_value([1.0000000000000002, 0.5, 2]))
    assert text is not None and "<=" in text
    assert _run_assert("def f(n):\n    return [1.0, 0.5, 2]\n", "f", text) is True
    assert _run_assert("def f(n):\n    return [1.1, 0.5, 2]\n", "f", text) is False
    assert _run_assert("def f(n):\n    return (1.0, 0.5, 2)\n", "f", text) is False


def test_evalplus_tasks_use_evalplus_tolerance():
    assert matches(encode_value(1.0 + 5e-7), encode_value(1.0), atol=0)  # float result: 1e-6
    assert not matches(encode_value(1.0 + 5e-6), encode_value(1.0), atol=0)
    assert matches(encode_value(3), encode_value(1), atol=2)
    assert not matches(encode_value(3), encode_value(1), atol=0)  # ints, no atol: exact


def test_evalplus_checks_look_at_the_result_only_as_its_harness_does():
    sorted_in_place = encode_value(3, ([1, 2],))
    left_alone = encode_value(3, ([2, 1],))
    assert matches(sorted_in_place, left_alone, atol=0)
    assert not same(sorted_in_place, left_alone)  # our own asserts can see the argument


# 4. Results that are not plain data: generators by what they yield, objects by their state.


def test_generators_are_compared_by_what_they_yield():
    evens = problem(
        "evens",
        "def evens(n):\n    for i in range(n):\n        if i % 2 == 0:\n            yield i\n",
        ["assert list(evens(1)) == [0]"],
        hidden=("list(evens(5))",),
    )
    result = audit_problem(evens, PINNED)
    assert result.status == "ok" and result.weak
    text = result.asserts[0].text
    assert text == "assert list(evens(5)) == [0, 2, 4]"


def test_objects_are_compared_by_their_attributes_not_their_eq_or_repr():
    point = problem(
        "point",
        "class Point:\n"
        "    def __init__(self, x, y):\n"
        "        self.x = x\n"
        "        self.y = y\n"
        "\n"
        "    def __eq__(self, other):\n"
        "        return True\n"
        "\n"
        "def make(x, y):\n"
        "    return Point(x, y + 0)\n",
        ["assert make(1, 0).x == 1"],
        hidden=("make(2, 5)",),
        entry="make",
    )
    result = audit_problem(point, PINNED)
    assert result.status == "ok" and result.weak
    assert "return Point(x, y + 1)" in _survivor_changes(result)
    assert any(candidate.text.startswith("assert vars(make(2, 5)) ==") for candidate in result.asserts)


# 5. Arguments changed in place are part of what a test sees.


def test_a_mutant_that_corrupts_its_argument_is_broken_and_the_assert_checks_it():
    corrupt = problem(
        "total",
        "def total(xs):\n"
        "    s = 0\n"
        "    for i in range(len(xs)):\n"
        "        s += xs[i]\n"
        "        xs[i] = xs[i] * 1\n"
        "    return s\n",
        ["assert total([1, 2]) == 3"],
        hidden=("total([4, 5, 6])",),
    )
    result = audit_problem(corrupt, PINNED)
    assert result.status == "ok" and result.weak
    assert "xs[i] = xs[i] * 2" in _survivor_changes(result)
    text = result.asserts[0].text
    assert "arg0 == [4, 5, 6]" in text
    assert _run_assert(corrupt.reference, "total", text) is True


# 6. The reference and every mutant see the same calls, in the same order, from the same state.

COUNTER = "_seen = []\n\ndef count_calls(x):\n    _seen.append(x)\n    return len(_seen) + x\n"


def test_the_unmodified_reference_judged_as_a_mutant_is_equivalent_even_with_state():
    stateful = problem(
        "counter",
        COUNTER,
        ["assert count_calls(5) == 6", "assert count_calls(1) == 3"],
        hidden=("count_calls(2)", "count_calls(7)"),
    )
    prepared = prepare(stateful, AuditParams())
    assert isinstance(prepared, Prepared)
    verdict = judge_program(stateful, AuditParams(), prepared, stateful.reference)
    assert not verdict.broken and not verdict.truncated


# 7. Source is split where Python splits it: at "\n" only.


def test_mutants_after_a_line_separator_character_are_kept_and_correct():
    source = 'def f(x):\n    note = "a\u2028b\x0cc"\n    if x > 3:\n        return 1\n    return 0\n'
    changes = {(m.line, m.after.strip()) for m in make_mutants(source)}
    assert (3, "if x >= 3:") in changes


def test_changed_lines_of_a_crlf_reference_are_shown_without_the_carriage_return():
    source = "def f(x):\r\n    if x > 3:\r\n        return 1\r\n    return 0\r\n"
    changes = {(m.line, m.before, m.after) for m in make_mutants(source)}
    assert (2, "    if x > 3:", "    if x >= 3:") in changes


def test_a_jsonl_benchmark_whose_strings_hold_raw_line_separators_loads(tmp_path):
    record = {"id": "sep", "reference": "def f(x):\n    return 'a\u2028b' + x\n", "tests": ["assert f('c')"]}
    path = tmp_path / "sep.jsonl"
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    [loaded] = load_jsonl(path).problems
    assert "\u2028" in loaded.reference


# 8. A difference counts only where the reference returned normally.


def test_returning_where_the_reference_raises_is_not_a_difference():
    guarded = problem(
        "double",
        "def double(x):\n    if x < 0 and True:\n        raise ValueError('negative')\n    return x * 2\n",
        ["assert double(4) == 8", "assert double(9) == 18"],
        hidden=("double(-1)", "double(5)"),
    )
    result = audit_problem(guarded, PINNED)
    assert result.status == "ok"
    assert "if x < 0 and False:" not in _survivor_changes(result) and not result.weak


def test_evalplus_contract_lines_are_not_mutation_sites():
    source = (
        "def f(x):\n"
        '    assert isinstance(x, int) and x >= 0, "invalid inputs" # $_CONTRACT_$\n'
        "    return x + 1\n"
    )
    lines = {mutant.line for mutant in make_mutants(source)}
    assert lines and 2 not in lines


# 9. A call alias without an entry: the reference's function (or the one the prompt declares).


def test_an_alias_without_an_entry_finds_the_single_function():
    aliased = problem(
        "add", "def add(a, b):\n    return a + b\n", ["assert candidate(1, 2) == 3"], call_alias="candidate"
    )
    assert entry_of(aliased) == "add"
    result = audit_problem(aliased, AuditParams())
    assert result.exclusion != "no-entry-point" and result.entry == "add"


def test_an_alias_without_an_entry_takes_the_function_the_prompt_declares():
    aliased = problem(
        "sum_sq",
        "def helper(x):\n    return x * x\n\ndef sum_sq(a, b):\n    return helper(a) + helper(b)\n",
        ["assert candidate(1, 2) == 5"],
        call_alias="candidate",
        prompt='def helper(x):\n    ...\n\ndef sum_sq(a, b):\n    """Sum of squares."""\n',
    )
    assert entry_of(aliased) == "sum_sq"


# 10. Values are compared as Python and the harnesses compare them, and asserts by the same rule.


def test_infinities_equal_only_themselves_and_nan_equals_nan():
    inf = float("inf")
    assert not same(encode_value(0.0), encode_value(inf))
    assert not same(encode_value(-inf), encode_value(inf))
    assert not same(encode_value([1.0, 0.0]), encode_value([1.0, inf]))
    assert same(encode_value(inf), encode_value(inf))
    assert same(encode_value([float("nan")]), encode_value([float("nan")]))


def test_the_float_tolerance_is_evalplus_absolute_plus_relative():
    assert not same(encode_value(1_000_001.0), encode_value(1_000_000.0))  # a whole unit
    assert same(encode_value(1_000_000.05), encode_value(1_000_000.0))  # within 1e-6 + 0.1
    assert same(encode_value(5e-7), encode_value(0.0))


def test_standard_library_values_keep_their_own_eq():
    from collections import OrderedDict, namedtuple
    from datetime import datetime, timedelta, timezone
    from decimal import Decimal
    from fractions import Fraction

    assert same(encode_value(Decimal("1.500")), encode_value(Decimal("1.50")))
    assert not same(encode_value(Decimal("1.501")), encode_value(Decimal("1.50")))
    assert same(encode_value(Fraction(3, 2)), encode_value(1.5))
    assert not same(encode_value(Fraction(1, 3)), encode_value(Fraction(1, 3) + Fraction(1, 10**9)))
    assert not same(encode_value(OrderedDict(a=1, b=2)), encode_value(OrderedDict(b=2, a=1)))
    assert same(encode_value(OrderedDict(a=1, b=2)), encode_value({"b": 2, "a": 1}))
    pair = namedtuple("Pair", "x y")
    assert same(encode_value(pair(1, 2)), encode_value((1, 2)))
    utc = datetime(2020, 1, 1, 12, tzinfo=timezone.utc)
    east = datetime(2020, 1, 1, 13, tzinfo=timezone(timedelta(hours=1)))
    assert same(encode_value(utc), encode_value(east))
    assert not same(encode_value(utc), encode_value(datetime(2020, 1, 1, 12)))


MILLIONS = "def scale(x):\n    return x * 1000000.0 + (x > 3)\n"


def test_a_whole_unit_in_a_million_is_a_difference_and_the_assert_sees_it():
    millions = problem(
        "scale",
        MILLIONS,
        ["assert scale(1) == 1000000.0", "assert scale(9) == 9000001.0"],
        hidden=("scale(3)",),
    )
    result = audit_problem(millions, PINNED)
    assert result.status == "ok" and "return x * 1000000.0 + (x >= 3)" in _survivor_changes(result)
    [survivor] = [s for s in result.survivors if s.after.strip() == "return x * 1000000.0 + (x >= 3)"]
    texts = [c.text for c in result.asserts if "scale(3)" in c.text]
    assert texts and _run_assert(millions.reference, "scale", texts[0]) is True
    assert _run_assert(survivor.source, "scale", texts[0]) is False


def test_a_decimal_result_is_judged_and_asserted_by_its_own_eq():
    money = problem(
        "money",
        "from decimal import Decimal\n\n"
        "def money(cents):\n"
        "    if cents > 100:\n"
        "        return Decimal(cents) / Decimal('100.00')\n"
        "    return Decimal(cents) / Decimal('100')\n",
        ["assert money(250) == 2.5", "assert money(7) * 100 == 7"],
        hidden=("money(100)",),
    )
    result = audit_problem(money, PINNED)
    assert result.status == "ok"
    changes = _survivor_changes(result)
    assert "if cents >= 100:" not in changes  # Decimal('1') == Decimal('1.00'): equivalent
    text = assert_text(Call((5,)), "money", encode_value(__import__("decimal").Decimal("0.05")))
    assert text == "from decimal import Decimal; assert money(5) == Decimal('0.05')"
    assert _run_assert(money.reference, "money", text) is True
    assert _run_assert(money.reference.replace("'100'", "'10'"), "money", text) is False


def test_a_nan_result_is_asserted_as_nan():
    text = assert_text(Call((1,)), "f", encode_value(float("nan")))
    assert text is not None
    assert _run_assert("def f(x):\n    return float('nan')\n", "f", text) is True
    assert _run_assert("def f(x):\n    return 0.0\n", "f", text) is False


# 11. Slow is not wrong, anywhere: visible tests get the confirmation allowance too, and the
# allowance never falls below a harness's time limit (``AuditParams.harness_steps``).

QUARTER_TESTS = ["assert quarter(8) == 2", "assert quarter(13) == 3", "assert quarter(100) == 25"]


def test_a_mutant_only_slow_on_a_visible_test_passes_it_and_survives_where_it_is_wrong():
    slow_then_wrong = (
        "def quarter(n):\n"
        "    best = 0\n"
        "    for i in range(n * 400 + 1 if n < 200 else n // 4 + 1):\n"
        "        if i * 4 <= n:\n"
        "            best = i\n"
        "    return best + (n >= 1000)\n"
    )
    quarter = problem("quarter", QUARTER, QUARTER_TESTS, hidden=("quarter(2000)",))
    prepared = prepare(quarter, PINNED)
    assert isinstance(prepared, Prepared)
    assert max(prepared.reference.tests[i][2] for i in range(3)) * 100 < 100_000  # far past 100x
    verdict = judge_program(quarter, PINNED, prepared, slow_then_wrong)
    assert verdict.broken and verdict.survived and verdict.slow


def test_a_mutant_slower_than_a_hundredfold_but_within_a_harness_limit_is_slow_not_broken():
    hundredfold = QUARTER.replace("n // 4 + 1", "n * 100 + 1")  # the same answers, ~400x the steps
    quarter = problem("quarter", QUARTER, QUARTER_TESTS, hidden=("quarter(2000)",))
    prepared = prepare(quarter, PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(quarter, PINNED, prepared, hundredfold)
    assert not verdict.broken and verdict.slow


@pytest.mark.parametrize(
    ("turns", "lower_floor"),
    [
        # quarter(100) takes some 1,500,000 trace steps here (600,000 monitor steps; ~40 ms of
        # plain Python, ~600x the reference): past a floor a quarter of the harness's (the floor
        # before ENGINE_VERSION 18 was a quarter of today's: it "failed" this test)
        (6000, 4),
        # some 3,500,000 trace steps (~0.1 s of plain Python): issue 26's "a correct mutant 500x
        # slower than the reference that ends in 0.1 s passes every harness"; the floor before
        # ENGINE_VERSION 19 was half of today's: it "failed" this test
        (14000, 2),
    ],
)
def test_the_harness_floor_passes_a_test_a_harness_passes_in_a_tenth_of_a_second(turns, lower_floor):
    slow_then_wrong = (
        "def quarter(n):\n"
        "    best = 0\n"
        f"    for i in range(n * {turns} + 1 if n < 200 else n // 4 + 1):\n"
        "        if i * 4 <= n:\n"
        "            best = i\n"
        "    return best + (n >= 1000)\n"
    )
    quarter = problem("quarter", QUARTER, QUARTER_TESTS, hidden=("quarter(2000)",))
    verdicts = {}
    for floor in (STEPS.harness_steps, STEPS.test_harness_steps // lower_floor):  # a test's floor
        params = AuditParams(fresh_inputs=0, harness_steps=floor)
        prepared = prepare(quarter, params)
        assert isinstance(prepared, Prepared)
        verdicts[floor] = judge_program(quarter, params, prepared, slow_then_wrong)
    default, lower = verdicts.values()
    assert default.broken and default.survived and default.slow  # passed, slowly; wrong at 2000
    assert lower.broken and not lower.survived  # quarter(100) "failed": past the lower floor


def test_the_confirmation_allowance_has_a_harness_floor():
    params = AuditParams()
    assert params.confirm_for(10) == params.harness_steps == STEPS.harness_steps  # the counter's unit
    assert params.confirm_for(10**6) == 100 * 10**6
    assert params.test_confirm_for(10) == STEPS.test_harness_steps < params.harness_steps
    assert params.test_confirm_for(10**6) == params.budget_for(10**6)  # a harness's multiple, not 100x
    assert AuditParams(harness_steps=100_000).test_confirm_for(10) == 100_000  # never above the harness's


def test_a_memo_dropped_that_answers_in_a_tenth_of_a_second_is_slow_not_broken():
    # the twenty-first pass: without its memo store ``ways(27)`` takes some 5,400,000 trace
    # steps (0.13 s of plain Python): "broken" under the floor of 4,000,000 before ENGINE_VERSION 30
    ways = (
        "_memo = {}\n\ndef ways(n):\n    if n < 0:\n        return 0\n    if n == 0:\n        return 1\n"
        "    if n in _memo:\n        return _memo[n]\n    r = ways(n - 1) + ways(n - 3) + ways(n - 4)\n"
        "    _memo[n] = r\n    return r\n"
    )
    tests = ["assert ways(0) == 1", "assert ways(4) == 4", "assert ways(10) == 64"]
    memoless = ways.replace("    _memo[n] = r\n", "")
    counted = problem("ways", ways, tests, hidden=("ways(27)",))
    verdicts = []
    for floor in (STEPS.harness_steps, STEPS.harness_steps // 5):
        params = AuditParams(fresh_inputs=0, harness_steps=floor)
        prepared = prepare(counted, params)
        assert isinstance(prepared, Prepared)
        verdicts.append(judge_program(counted, params, prepared, memoless))
    assert not verdicts[0].broken and verdicts[0].slow  # within a harness's time limit: slow
    assert verdicts[1].broken  # past a fifth of it: "did not return"


# 12. Exceptions the tests expect: where a visible test shows the reference raising, the raise is
# part of the answer (where none does, section 8's rule stands).

GUARDED = (  # a mutant of "or True" still raises at -1, as the tests see, but returns at -3
    "def double(x):\n"
    "    if x < 0:\n"
    "        if x > -2 or True:\n"
    "            raise ValueError('negative')\n"
    "    return x * 2\n"
)


def _exception_survivor(tests: list[str], setup: str = "") -> tuple:
    guarded = problem("double", GUARDED, tests, hidden=("double(-3)", "double(5)"), setup=setup)
    result = audit_problem(guarded, PINNED)
    assert result.status == "ok"
    survivors = [s for s in result.survivors if s.after.strip() == "if x > -2 or False:"]
    return guarded, result, survivors


def test_a_try_except_test_makes_the_raise_part_of_the_answer():
    tests = ["assert double(4) == 8", "try:\n    double(-1)\nexcept ValueError:\n    pass"]
    guarded, result, [survivor] = _exception_survivor(tests)
    [text] = [c.text for c in result.asserts if "double(-3)" in c.text]
    assert "assertRaises(ValueError" in text
    assert _run_assert(guarded.reference, "double", text) is True
    assert _run_assert(survivor.source, "double", text) is False
    assert _run_assert(GUARDED.replace("ValueError", "TypeError"), "double", text) is False


def test_try_except_with_assert_false_counts_too():
    tests = ["assert double(4) == 8", "try:\n    double(-1)\n    assert False\nexcept ValueError:\n    pass"]
    _, _, survivors = _exception_survivor(tests)
    assert len(survivors) == 1


def test_a_raises_helper_in_setup_counts_too():
    setup = (
        "def raises(error, function, *args):\n"
        "    try:\n        function(*args)\n    except error:\n        return True\n    return False\n"
    )
    tests = ["assert double(4) == 8", "assert raises(ValueError, double, -1)"]
    _, _, survivors = _exception_survivor(tests, setup)
    assert len(survivors) == 1


def test_a_bare_except_or_no_raise_in_the_tests_keeps_the_returned_normally_rule():
    for tests in (
        ["assert double(4) == 8"],
        ["try:\n    double(-1)\nexcept:\n    pass", "assert double(3) == 6"],
    ):
        _, result, survivors = _exception_survivor(tests)
        assert not survivors


# 13. Every literal can be perturbed and every entry found.


def test_bytes_arguments_are_perturbed():
    draws = fresh_calls([Call((b"abca",))], 8, 0)
    assert len(draws) == 8 and all(type(call.args[0]) is bytes for call in draws)
    counting = problem(
        "count_a",
        "def count_a(b):\n    return b.count(b'a') + (len(b) > 4)\n",
        ["assert count_a(b'abca') == 2"],
    )
    result = audit_problem(counting, AuditParams())
    assert result.status == "ok" and result.n_fresh >= 8


def test_a_call_without_arguments_does_not_end_the_draw():
    visible = [Call(()), Call((3,)), Call((5,))]
    assert all(fresh_calls(visible, 8, seed) for seed in range(20))  # some seeds drew f() first


def test_an_entry_bound_to_a_lambda_is_found_and_audited():
    bound = problem(
        "twice",
        "twice = lambda x: x * 2 if x > 3 else x\n",
        ["assert twice(5) == 10", "assert twice(9) == 18"],
        hidden=("twice(3)", "twice(4)"),
    )
    assert entry_of(bound) == "twice"
    result = audit_problem(bound, PINNED)
    assert result.status == "ok" and result.entry == "twice" and result.weak


# 14. Caches are state: steps are counted in the order candidates run, never from a warm cache.

CACHED = (
    "from functools import lru_cache\n\n"
    "@lru_cache(maxsize=None)\n"
    "def table(n):\n"
    "    rows = [0] * (n + 1)\n"
    "    for i in range(1, n + 1):\n"
    "        rows[i] = rows[i - 1] + i % 7\n"
    "    return tuple(rows)\n\n"
    "def prefix(n, k):\n"
    "    return table(n)[k]\n"
)


def test_a_cached_reference_judged_as_its_own_mutant_is_equivalent():
    cached = problem(
        "prefix",
        CACHED,
        ["assert prefix(10, 3) == 6", "assert prefix(12, 8) == 22"],
        hidden=("prefix(600000, 3)", "prefix(600000, 9)"),  # the second is cheap only when warm
    )
    params = AuditParams(fresh_inputs=0, reference_fresh_floor=5_000_000)
    prepared = prepare(cached, params)
    assert isinstance(prepared, Prepared) and len(prepared.fresh) == 2
    verdict = judge_program(cached, params, prepared, cached.reference)
    assert not verdict.broken and not verdict.truncated


# 15. An exclusion says its real reason.


def test_no_fresh_inputs_because_every_draw_repeated_a_visible_call_says_so():
    flags = problem(
        "flag", "def flag(b):\n    return not b\n", ["assert flag(True) is False", "assert flag(False)"]
    )
    result = audit_problem(flags, AuditParams())
    assert result.exclusion == "no-fresh-inputs"
    assert "no literal calls" not in result.detail and "repeated" in result.detail


def test_no_fresh_inputs_without_literal_calls_still_says_no_literal_calls():
    opaque = problem("g", "def g(x):\n    return x + 1\n", ["x = int('3')\nassert g(x) == 4"])  # computed
    result = audit_problem(opaque, AuditParams())
    assert result.exclusion == "no-fresh-inputs" and "no literal calls to g()" in result.detail


# 16. What a result shows when the tests use it: a coroutine as the tests await it, an object by
# what its own __repr__ / __str__ show.


def test_a_coroutine_is_judged_by_what_it_returns_when_awaited():
    squares = problem(
        "square",
        "import asyncio\n\nasync def square(x):\n    await asyncio.sleep(0)\n    return x * x + (x > 6)\n",
        [
            "import asyncio\nassert asyncio.run(square(3)) == 9",
            "import asyncio\nassert asyncio.run(square(8)) == 65",
        ],
        hidden=("square(6)",),
    )
    result = audit_problem(squares, PINNED)
    assert result.status == "ok" and "return x * x + (x >= 6)" in _survivor_changes(result)
    [text] = [c.text for c in result.asserts if "square(6)" in c.text]
    assert text == "import asyncio; assert asyncio.run(square(6)) == 36"
    assert _run_assert(squares.reference, "square", text) is True


def test_an_objects_own_repr_is_part_of_what_it_shows():
    money = problem(
        "money",
        "class Money:\n"
        "    def __init__(self, cents):\n"
        "        self.cents = cents\n"
        "\n"
        "    def __repr__(self):\n"
        "        sign = '-' if self.cents < 0 else ''\n"
        "        return f'{sign}${abs(self.cents) // 100}.{abs(self.cents) % 100:02d}'\n"
        "\n"
        "def make(cents):\n"
        "    return Money(cents)\n",
        ["assert make(150).cents == 150", "assert make(-5).cents == -5"],
        hidden=("make(0)", "make(250)"),
        entry="make",
    )
    result = audit_problem(money, PINNED)
    assert result.status == "ok" and "sign = '-' if self.cents <= 0 else ''" in _survivor_changes(result)
    text = _rejecting_assert(money, result, "make", "self.cents <= 0", "make(0)")
    assert "repr(instance) == '$0.00'" in text


# 17. The tests' chain of calls on a returned object or callable is replayed on fresh inputs.

COUNTER_CLASS = (
    "class Counter:\n"
    "    def __init__(self, start):\n"
    "        self.value = start\n"
    "\n"
    "    def bump(self):\n"
    "        if self.value > 9:\n"
    "            return self.value + 2\n"
    "        return self.value + 1\n"
)


def test_a_method_the_tests_call_on_a_constructed_object_is_judged():
    counter = problem(
        "counter",
        COUNTER_CLASS,
        ["assert Counter(5).bump() == 6", "assert Counter(20).bump() == 22"],
        hidden=("Counter(9).bump()",),
    )
    result = audit_problem(counter, PINNED)
    assert result.status == "ok" and result.entry == "Counter"
    assert "if self.value >= 9:" in _survivor_changes(result)
    [survivor] = [s for s in result.survivors if s.after.strip() == "if self.value >= 9:"]
    texts = [c.text for c in result.asserts if survivor in [result.survivors[i] for i in c.kills]]
    assert texts and all(".bump() ==" in text for text in texts)
    assert all(_run_assert(counter.reference, "Counter", text) is True for text in texts)
    assert _run_assert(survivor.source, "Counter", texts[0]) is False


MAKE_ADDER = "def make_adder(n):\n    def add(x):\n        return x + n + (x > 9)\n    return add\n"


def test_a_returned_closure_is_called_as_the_tests_call_it():
    adder = problem(
        "make_adder",
        MAKE_ADDER,
        ["assert make_adder(3)(4) == 7", "assert make_adder(1)(20) == 22"],
        hidden=("make_adder(2)(9)",),
    )
    result = audit_problem(adder, PINNED)
    assert result.status == "ok" and "return x + n + (x >= 9)" in _survivor_changes(result)
    assert [c.text for c in result.asserts] == ["assert make_adder(2)(9) == 11"]


def test_a_chain_on_plain_data_keeps_the_whole_result_as_the_answer():
    lower = problem(
        "shout", "def shout(s):\n    return s.upper() + '!'\n", ["assert shout('ab').lower() == 'ab!'"]
    )
    result = audit_problem(lower, AuditParams())
    assert result.status == "ok"
    assert all(".lower()" not in c.text for c in result.asserts)


# 18. Printed output is part of the outcome where the reference prints.

PRINTS = "def show(n):\n    print(n * 2)\n"


def test_a_mutant_that_prints_another_answer_is_broken_and_the_assert_checks_the_output():
    weak = problem("show", PRINTS, ["assert show(3) is None"], hidden=("show(5)",))
    result = audit_problem(weak, PINNED)
    assert result.status == "ok" and _survivor_changes(result) == {"print(n // 2)", "print(n * 3)"}
    texts = [c.text for c in result.asserts]
    assert texts and all("printed.getvalue() == '10\\n'" in text for text in texts)
    assert all(_run_assert(PRINTS, "show", text) for text in texts)
    assert not any(_run_assert(PRINTS.replace("n * 2", "n * 3"), "show", text) for text in texts)


def test_tests_that_capture_what_is_printed_leave_no_printing_survivor():
    captured = "import contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()) as out:\n    show(3)\n"
    strong = problem("show", PRINTS, [captured + "assert out.getvalue() == '6\\n'"], hidden=("show(5)",))
    result = audit_problem(strong, PINNED)
    assert result.status == "ok" and result.n_broken == 2 and result.n_survived == 0


def test_what_a_mutant_prints_is_not_looked_at_where_the_reference_prints_nothing():
    quiet = problem(
        "double", "def double(n):\n    return n * 2\n", ["assert double(3) == 6"], hidden=("double(5)",)
    )
    prepared = prepare(quiet, PINNED)
    chatty = "def double(n):\n    print('debug', n)\n    return n * 2\n"
    assert not judge_program(quiet, PINNED, prepared, chatty).broken


# 19. Found by a red-team pass over the rules above (each failed on the engine before its fix).


def test_a_handler_that_fails_the_test_forbids_the_raise_and_expects_none():
    tests = ["assert double(4) == 8", "try:\n    assert double(3) == 6\nexcept ValueError:\n    assert False"]
    _, _, survivors = _exception_survivor(tests)
    assert not survivors  # at -3 the reference raised, which no test asks for


def test_assert_raises_regex_and_a_helper_defined_in_a_test_show_the_raise():
    regex = "import unittest\nwith unittest.TestCase().assertRaisesRegex(ValueError, 'neg'):\n    double(-1)"
    helper = (
        "def expect(error, function, *args):\n    try:\n        function(*args)\n"
        "    except error:\n        return True\n    return False\nassert expect(ValueError, double, -1)"
    )
    for test in (regex, helper):
        _, _, survivors = _exception_survivor(["assert double(4) == 8", test])
        assert len(survivors) == 1, test


def test_a_raise_assert_is_not_flagged_as_expecting_none():
    tests = ["assert double(4) == 8", "try:\n    double(-1)\nexcept ValueError:\n    pass"]
    _, result, _ = _exception_survivor(tests)
    [candidate] = [c for c in result.asserts if "double(-3)" in c.text]
    assert not any(flag.startswith("kind: ") for flag in candidate.flags)


COUNTDOWN = (
    "def countdown(x):\n    if x < 0:\n        if x > -2 or True:\n            raise ValueError('negative')\n"
    "    steps = 0\n    while x != 0:\n        x -= 1\n        steps += 1\n    return steps\n"
)


def test_a_mutant_that_never_ends_where_the_answer_is_a_raise_is_broken():
    tests = [
        "assert countdown(4) == 4",
        "try:\n    countdown(-1)\nexcept ValueError:\n    pass\nelse:\n    assert False",
    ]
    looping = problem("countdown", COUNTDOWN, tests, hidden=("countdown(-3)", "countdown(5)"))
    prepared = prepare(looping, PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(looping, PINNED, prepared, COUNTDOWN.replace("or True", "or False"))
    assert verdict.broken and verdict.survived


def test_an_int_answer_is_compared_exactly_even_against_a_close_float():
    assert not same(encode_value(3.0000000000000004), encode_value(3))
    assert same(encode_value(3.0000000000000004), encode_value(3.0))  # a float answer keeps its tolerance
    halving = problem(
        "half", "def half(n):\n    return n // 2\n",
        ["assert half(10) == 5", "assert half(40000000) == 20000000"], hidden=("half(30000001)",),
    )  # fmt: skip
    prepared = prepare(halving, PINNED)
    assert isinstance(prepared, Prepared)
    assert judge_program(halving, PINNED, prepared, "def half(n):\n    return n / 2\n").survived


DEPTH = "def depth(n):\n    if n == 0:\n        return 0\n    return 1 + depth(n - 1)\n"


def test_a_candidate_has_the_stack_a_plain_script_gives_it_whatever_the_runners_depth():
    deep = problem("depth", DEPTH, ["assert depth(3) == 3", "assert depth(985) == 985"])
    assert audit_problem(deep, AuditParams()).status == "ok"  # was "reference fails its tests"
    slow = DEPTH.replace(
        "        return 0\n",
        "        t = 0\n        for i in range(30000):\n            t += 0\n        return t\n",
    )
    near = problem(
        "depth", DEPTH, ["assert depth(3) == 3"], hidden=tuple(f"depth({n})" for n in range(972, 980))
    )
    prepared = prepare(near, PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(near, PINNED, prepared, slow)  # slow near the limit, not a RecursionError
    assert not verdict.broken and verdict.slow


def test_an_entry_bound_to_another_function_or_wrapped_by_a_call_is_found():
    aliased = "def g(x):\n    return x + 1\nf = g\n"
    wrapped = "from functools import lru_cache\ndef _ways(n):\n    return n * 2\n"
    wrapped += "ways = lru_cache(maxsize=None)(_ways)\n"
    assert entry_of(problem("f", aliased, ["assert f(1) == 2"])) == "f"
    assert entry_of(problem("ways", wrapped, ["assert ways(2) == 4"])) == "ways"
    data = "def first():\n    return 2\nFIRST = first()\n"  # FIRST is data a call made, not a second entry
    assert entry_of(problem("first", data, ["assert candidate() == 2"], call_alias="candidate")) == "first"


def test_complex_arguments_are_perturbed():
    drawn = fresh_calls([Call((3 + 4j,)), Call((1j,))], 8, 0)
    assert drawn and all(type(call.args[0]) is complex for call in drawn)


def test_the_entry_is_the_function_tested_not_the_constructor_of_its_arguments():
    points = (
        "class Point:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n\n"
        "def dist2(p, q):\n    return (p.x - q.x) ** 2 + (p.y - q.y) ** 2\n"
    )
    tests = ["assert dist2(Point(3, 0), Point(0, 4)) == 25", "assert dist2(Point(5, 5), Point(1, 2)) == 25"]
    assert entry_of(problem("dist2", points, tests)) == "dist2"  # Point is called twice as often


def test_an_async_generator_is_drained_and_judged_by_what_it_yields():
    reference = "async def agen(n):\n    for i in range(n):\n        yield i + (i > 3)\n"
    test = "import asyncio\nasync def t(n):\n    return [x async for x in agen(n)]\n"
    test += "assert asyncio.run(t(3)) == [0, 1, 2]"
    drained = problem("agen", reference, [test], hidden=("agen(6)",))
    prepared = prepare(drained, PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(drained, PINNED, prepared, reference.replace("i > 3", "i > 2"))
    assert verdict.broken and verdict.survived  # it yields 4 where the reference yields 3


def test_a_raise_from_a_generator_or_coroutine_is_asserted_where_the_tests_meet_it():
    generator = (
        "def gen(n):\n    if n < 0:\n        if n > -2 or True:\n            raise ValueError('neg')\n"
    )
    generator += "    for i in range(n):\n        yield i\n"
    tests = ["assert list(gen(3)) == [0, 1, 2]", "try:\n    list(gen(-1))\nexcept ValueError:\n    pass"]
    result = audit_problem(problem("gen", generator, tests, hidden=("gen(-3)", "gen(4)")), PINNED)
    assert result.weak and any("lambda: list(gen(-3))" in a.text for a in result.asserts)
    coroutine = (
        "async def half(x):\n    if x < 0:\n        if x > -2 or True:\n            raise ValueError('neg')\n"
    )
    coroutine += "    return x // 2\n"
    tests = [
        "import asyncio\nassert asyncio.run(half(4)) == 2",
        "import asyncio\ntry:\n    asyncio.run(half(-1))\nexcept ValueError:\n    pass",
    ]
    result = audit_problem(problem("half", coroutine, tests, hidden=("half(-3)", "half(6)")), PINNED)
    assert result.weak and any("lambda: asyncio.run(half(-3))" in a.text for a in result.asserts)


def test_a_coroutine_that_awaits_a_timer_runs_on_virtual_time_and_a_longer_sleep_is_not_wrong():
    reference = "import asyncio\n\nasync def square(x):\n    await asyncio.sleep(0.001)\n    return x * x\n"
    tests = [
        "import asyncio\nassert asyncio.run(square(3)) == 9",
        "import asyncio\nassert asyncio.run(square(8)) == 64",
    ]
    timed = problem("square", reference, tests, hidden=("square(6)",))
    prepared = prepare(timed, PINNED)
    assert isinstance(prepared, Prepared)  # the reference was excluded: "raises on every fresh input"
    sleepier = reference.replace("sleep(0.001)", "sleep(30)")
    assert not judge_program(timed, PINNED, prepared, sleepier).broken  # 30 s of virtual time, at once
    assert judge_program(timed, PINNED, prepared, reference.replace("x * x", "x + x")).broken


def test_an_enum_answer_is_asserted_by_its_member():
    reference = "from enum import Enum\n\nclass Color(Enum):\n    RED = 1\n    GREEN = 2\n\n"
    reference += "def pick(n):\n    if n > 3:\n        return Color.RED\n    return Color.GREEN\n"
    tests = ["assert pick(10) == Color.RED", "assert pick(1) == Color.GREEN"]
    result = audit_problem(problem("pick", reference, tests, hidden=("pick(3)", "pick(4)")), PINNED)
    assert result.weak and "assert pick(3) == Color.GREEN" in [a.text for a in result.asserts]


def test_a_static_method_the_tests_call_on_its_class_is_the_entry_and_judged():
    reference = (
        "class Calc:\n    @staticmethod\n    def square(x):\n        return x * x if x > 2 else x + x\n"
    )
    tests = ["assert Calc.square(4) == 16", "assert Calc.square(1) == 2"]
    calc = problem("square", reference, tests, hidden=("Calc.square(2)", "Calc.square(3)"))
    assert entry_of(calc) == "Calc.square"
    result = audit_problem(calc, PINNED)
    assert result.status == "ok" and result.weak  # `x > 3` passes both tests and answers 6 at 3
    assert any(a.text.startswith("assert Calc.square(3) == 9") for a in result.asserts)


def test_a_name_a_test_binds_to_a_literal_is_a_literal_argument_so_the_closure_is_called():
    reference = "def make_adder(n):\n    def add(x):\n        return x + n + (x > 9)\n    return add\n"
    tests = ["x = 4\nassert make_adder(3)(x) == 7", "x = 20\nassert make_adder(1)(x) == 22"]
    adders = problem("make_adder", reference, tests)
    assert harvest_calls(adders.tests, "make_adder")[0].render("make_adder") == "make_adder(3)(4)"
    result = audit_problem(adders, AuditParams(attack="deep"))
    assert result.weak and all(")(" in a.text for a in result.asserts)  # the closure is called
    # bound twice in straight-line code: the read is the binding before it, as Python reads it
    twice = ["x = 4\nx = 5\nassert make_adder(3)(x) == 8"]
    assert [c.render("make_adder") for c in harvest_calls(twice, "make_adder")] == ["make_adder(3)(5)"]
    # bound again inside a loop: which binding a read sees is not known without running it
    looped = ["x = 4\nfor i in range(2):\n    x = 5\nassert make_adder(3)(x) == 8"]
    assert [c.render("make_adder") for c in harvest_calls(looped, "make_adder")] == ["make_adder(3)"]


# 20. Found by the second red-team pass: a Counter's own ==, an object's identity in its text.


def test_a_counter_equals_a_counter_without_its_zero_counts_but_a_dict_with_them():
    from collections import Counter

    assert same(encode_value(Counter(a=1, b=0)), encode_value(Counter(a=1)))
    assert not same(encode_value(Counter(a=1, b=0)), encode_value({"a": 1}))
    assert same(encode_value(Counter(a=2)), encode_value({"a": 2}))
    assert not same(encode_value(Counter(a=2)), encode_value(Counter(a=1)))


def test_a_mutant_that_only_keeps_a_zero_count_is_equivalent_and_the_assert_is_a_counter():
    tally = problem(
        "tally",
        "from collections import Counter\n\n"
        "def tally(words, least):\n"
        "    counts = Counter(words)\n"
        "    for word in list(counts):\n"
        "        if counts[word] < least:\n"
        "            counts[word] = 0\n"
        "    return counts\n",
        ["assert tally(['a', 'b', 'a'], 2)['a'] == 2", "assert tally(['a'], 1)['a'] == 1"],
        hidden=("tally(['x', 'y', 'x'], 2)",),
    )
    result = audit_problem(tally, PINNED)
    assert result.status == "ok"
    texts = [c.text for c in result.asserts if "tally(['x', 'y', 'x'], 2)" in c.text]
    assert texts and all("Counter(" in text for text in texts)
    assert all(_run_assert(tally.reference, "tally", text) is True for text in texts)
    # a count of 0 is missing to Counter's ==: deleting instead of zeroing is the same answer
    dropped = tally.reference.replace("counts[word] = 0", "del counts[word]")
    assert all(_run_assert(dropped, "tally", text) is True for text in texts)


NODE_CLASS = (
    "class Node:\n"
    "    def __init__(self, value):\n"
    "        self.value = value\n"
    "\n"
    "    def __repr__(self):\n"
    "        return f'Node({self.value}) @ {id(self)} / {hex(id(self))}'\n"
    "\n"
    "def make(value):\n"
    "    extra = [value] * 3\n"
    "    return Node(value + 1 if value > 5 else value)\n"
)


def test_an_objects_identity_in_its_own_repr_is_not_what_it_shows():
    node = problem(
        "make", NODE_CLASS, ["assert make(1).value == 1", "assert make(9).value == 10"],
        hidden=("make(5)", "make(2)"), entry="make",
    )  # fmt: skip
    result = audit_problem(node, PINNED)
    assert result.status == "ok"
    # every survivor differs in value; none only because its allocations moved its address
    changes = _survivor_changes(result)
    assert "extra = [value] * 4" not in changes and "extra = [value] * 3" not in changes
    assert "return Node(value + 1 if value >= 5 else value)" in changes
    for text in (c.text for c in result.asserts):
        assert "repr(result)" not in text
        assert _run_assert(node.reference, "make", text) is True


OVER = (
    "def check(x):\n"
    "    if x < 0:\n"
    "        raise ValueError('negative')\n"
    "    if x > 100:\n"
    "        raise ValueError(f'over by {x - 100}')\n"
    "    return x * 2\n"
)


def _message_survivors(tests: list[str]) -> tuple:
    over = problem("check", OVER, ["assert check(4) == 8", *tests], hidden=("check(150)", "check(5)"))
    result = audit_problem(over, PINNED)
    assert result.status == "ok"
    return over, result, [s for s in result.survivors if "x + 100" in s.after]


def test_where_a_test_reads_the_message_a_raise_with_another_message_is_a_difference():
    reads = "try:\n    check(-1)\nexcept ValueError as error:\n    assert str(error) == 'negative'"
    over, result, [survivor] = _message_survivors([reads])
    [text] = [c.text for c in result.asserts if "check(150)" in c.text]
    assert "assertRaisesRegex(ValueError, '^over by 50$'" in text
    assert _run_assert(over.reference, "check", text) is True
    assert _run_assert(survivor.source, "check", text) is False


def test_where_the_tests_check_only_the_type_another_message_is_the_same_answer():
    _, result, survivors = _message_survivors(["try:\n    check(-1)\nexcept ValueError:\n    pass"])
    assert not survivors
    assert all("assertRaisesRegex" not in c.text for c in result.asserts)


def test_every_form_of_a_message_check_is_read():
    from gameability_tui.engine.inputs.raises import tests_check_messages

    def reads(*tests: str, setup: str = "") -> bool:
        return tests_check_messages(OVER, tests, setup, None)

    assert reads("import pytest\nwith pytest.raises(ValueError, match='neg'):\n    check(-1)")
    caught = "import pytest\nwith pytest.raises(ValueError) as caught:\n    check(-1)\n"
    assert reads(caught + "assert 'neg' in str(caught.value)")
    assert reads("import unittest\nunittest.TestCase().assertRaisesRegex(ValueError, 'neg', check, -1)")
    helper = (
        "def message(f, *a):\n    try:\n        f(*a)\n    except ValueError as e:\n        return str(e)\n"
    )
    assert reads("assert message(check, -1) == 'negative'", setup=helper)
    assert not reads("import pytest\nwith pytest.raises(ValueError) as caught:\n    check(-1)")
    assert not reads("try:\n    check(-1)\nexcept ValueError as error:\n    pass")
    assert not reads("assert check(4) == 8")  # no raise shown: messages are never looked at


# 21. Found by the third red-team pass: a raise reached through a name the test bound, and a
# raise of a subclass of the expected exception.

CALC = (  # GUARDED as a method
    "class Calc:\n"
    "    def double(self, x):\n"
    "        if x < 0:\n"
    "            if x > -2 or True:\n"
    "                raise ValueError('negative')\n"
    "        return x * 2\n"
)


def test_raises_reach_a_method_of_an_object_or_an_alias_the_test_bound():
    bound = "c = Calc()\ntry:\n    c.double(-1)\nexcept ValueError:\n    pass\nelse:\n    assert False"
    checked = "import pytest\nc = Calc()\nwith pytest.raises(ValueError):\n    c.double(-1)"
    for test in (bound, checked):
        calc = problem(
            "calc",
            CALC,
            ["assert Calc().double(4) == 8", test],
            hidden=("Calc().double(-3)", "Calc().double(5)"),
        )
        result = audit_problem(calc, PINNED)
        assert "if x > -2 or False:" in _survivor_changes(result), test
        assert any("assertRaises(ValueError, lambda: Calc().double(-3))" in c.text for c in result.asserts)
    alias = "g = double\ntry:\n    g(-1)\nexcept ValueError:\n    pass\nelse:\n    assert False"
    _, _, survivors = _exception_survivor(["assert double(4) == 8", alias])
    assert len(survivors) == 1


def test_raises_reach_every_bound_form_but_not_a_call_of_something_else():
    from gameability_tui.engine.inputs.raises import tests_expect_raises

    def expects(*tests: str, setup: str = "") -> bool:
        return tests_expect_raises(CALC, tests, setup, None)

    assert expects("import unittest\nc = Calc()\nunittest.TestCase().assertRaises(ValueError, c.double, -1)")
    assert expects("m = Calc().double\ntry:\n    m(-1)\nexcept ValueError:\n    pass")
    assert expects("K = Calc\nc = K()\ntry:\n    c.double(-1)\nexcept ValueError:\n    pass")
    assert expects("try:\n    c.double(-1)\nexcept ValueError:\n    pass", setup="c = Calc()")
    unit = (
        "import unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n        self.c = Calc()\n"
        "    def test(self):\n        with self.assertRaises(ValueError):\n            self.c.double(-1)\n"
    )
    assert expects(unit)
    # a value the reference returned, a stdlib call, a method no reference class defines
    assert not expects("x = Calc().double(3)\ntry:\n    int(x)\nexcept ValueError:\n    pass")
    assert not expects("c = Calc()\ntry:\n    int('-')\nexcept ValueError:\n    pass")
    assert not expects("c = Calc()\ntry:\n    [].index(c)\nexcept ValueError:\n    pass")


def test_raises_reach_control_a_value_the_test_computed_passed_to_int_keeps_the_returned_rule():
    tests = ["assert double(4) == 8", "x = double(3)\ntry:\n    int(x)\nexcept ValueError:\n    pass"]
    _, _, survivors = _exception_survivor(tests)
    assert not survivors  # the tests never show the solution raising


INV = (
    "def inv(x, y):\n    if x == y and y >= 0:\n        raise ArithmeticError('same')\n"
    "    return 1 / (x - y)\n"
)
GET = "def get(d, k):\n    if k not in d:\n        raise {}(k)\n    return d[k]\n"
DIV = "def div(a, b):\n    if b == 0:\n        raise Exception('zero')\n    return a / b\n"
# (reference, the exception the tests expect, where the mutant raises a subclass of it instead,
# another hidden call, a visible test, a visible raise, the mutant's change)
EXPECTS_A_BASE = (
    (INV, "ArithmeticError", "inv(0, 0)", "inv(5, 1)", "assert inv(3, 1) == 0.5", "inv(2, 2)",
     ("y >= 0", "y > 0")),
    (GET.format("LookupError"), "LookupError", "get({'x': 2}, 'y')", "get({'x': 2}, 'x')",
     "assert get({'a': 1}, 'a') == 1", "get({'a': 1}, 'b')", ("raise LookupError(k)", "pass")),
    (DIV, "Exception", "div(5, 0)", "div(8, 2)", "assert div(6, 3) == 2.0", "div(1, 0)",
     ("raise Exception('zero')", "pass")),
)  # fmt: skip


def _raise_verdict(reference, error, witness, other, test, raising, change):
    from gameability_tui.engine.audit.prepared import oracle_for

    tests = [test, f"try:\n    {raising}\nexcept {error}:\n    pass\nelse:\n    assert False"]
    base = problem(witness.partition("(")[0], reference, tests, hidden=(witness, other))
    prepared = prepare(base, PINNED)
    assert isinstance(prepared, Prepared) and oracle_for(base, PINNED).raises
    return judge_program(base, PINNED, prepared, reference.replace(*change))


def test_raising_a_subclass_of_the_expected_exception_is_the_same_answer():
    for reference, error, witness, *rest in EXPECTS_A_BASE:
        verdict = _raise_verdict(reference, error, witness, *rest)
        assert not verdict.broken and not verdict.survived, witness
        text = f"import unittest\nunittest.TestCase().assertRaises({error}, lambda: {witness})"
        entry = witness.partition("(")[0]
        assert _run_assert(reference, entry, text) is True
        assert _run_assert(reference.replace(*rest[-1]), entry, text) is True  # the tool's assert agrees


def test_raising_a_subclass_control_a_superclass_or_a_sibling_still_differs():
    visible = ("assert get({'a': 1}, 'a') == 1", "get({'a': 1}, 'b')")
    for other in ("LookupError", "IndexError", "ValueError"):
        change = ("raise KeyError(k)", f"raise {other}(k) if k == 'y' else KeyError(k)")
        case = (
            GET.format("KeyError"),
            "KeyError",
            "get({'x': 2}, 'y')",
            "get({'x': 2}, 'x')",
            *visible,
            change,
        )
        verdict = _raise_verdict(*case)
        assert verdict.broken and verdict.survived, other


# 22. Found by the third red-team pass: chains through a bound name, coroutines at a chain's end.


def test_a_method_called_on_a_bound_object_is_judged_as_the_inline_chain():
    tests = ["c = Counter(5)\nassert c.bump() == 6", "c = Counter(20)\nassert c.bump() == 22"]
    assert harvest_calls(tests[:1], "Counter") == [Call((5,), (), (("bump", (), ()),))]
    counter = problem("counter", COUNTER_CLASS, tests, hidden=("c = Counter(9)\nc.bump()",))
    result = audit_problem(counter, PINNED)
    assert result.status == "ok" and "if self.value >= 9:" in _survivor_changes(result)
    text = _rejecting_assert(counter, result, "Counter", "if self.value >= 9:", "Counter(9)")
    assert text == "assert Counter(9).bump() == 10"
    # drawn fresh, not pinned: bump() is called, so a bump that returns nothing is broken
    drawn = problem("counter", COUNTER_CLASS, tests)
    prepared = prepare(drawn, AuditParams())
    assert isinstance(prepared, Prepared) and all(call.chain or call.uses for call in prepared.fresh)
    nothing = COUNTER_CLASS.replace("return self.value + 1", "return None")
    assert judge_program(drawn, AuditParams(), prepared, nothing).broken


def test_a_bound_closure_is_called_as_the_tests_call_it():
    adder = problem(
        "make_adder",
        MAKE_ADDER,
        ["add3 = make_adder(3)\nassert add3(4) == 7", "add1 = make_adder(1)\nassert add1(20) == 22"],
        hidden=("add2 = make_adder(2)\nadd2(9)",),
    )
    result = audit_problem(adder, PINNED)
    assert result.status == "ok" and "return x + n + (x >= 9)" in _survivor_changes(result)
    assert [c.text for c in result.asserts] == ["assert make_adder(2)(9) == 11"]


STEPPER_CLASS = (
    "class Counter:\n"
    "    def __init__(self, start):\n"
    "        self.value = start\n"
    "\n"
    "    def bump(self):\n"
    "        self.value += 2 if self.value > 9 else 1\n"
    "        return self.value\n"
)


def test_several_calls_on_a_bound_object_are_replayed_in_order_on_one_object():
    tests = [
        "c = Counter(5)\nc.bump()\nassert c.bump() == 7",
        "c = Counter(20)\nc.bump()\nassert c.bump() == 24",
    ]
    [call] = harvest_calls(tests[:1], "Counter")
    assert call.args == (5,) and len(call.uses) == 2
    stepper = problem("stepper", STEPPER_CLASS, tests, hidden=("c = Counter(8)\nc.bump()\nc.bump()",))
    result = audit_problem(stepper, PINNED)
    assert result.status == "ok"
    text = _rejecting_assert(stepper, result, "Counter", "self.value >= 9", "Counter(8)")
    assert text == "c = Counter(8); assert c.bump() == 9; assert c.bump() == 10"


def test_a_coroutine_at_the_end_of_a_chain_is_awaited():
    runner = problem(
        "chain_async",
        "class A:\n"
        "    def __init__(self, n):\n"
        "        self.n = n\n"
        "\n"
        "    async def run(self):\n"
        "        return self.n * 2 if self.n > 3 else self.n\n",
        [
            "import asyncio\nassert asyncio.run(A(5).run()) == 10",
            "import asyncio\nassert asyncio.run(A(1).run()) == 1",
        ],
        hidden=("A(3).run()",),
    )
    result = audit_problem(runner, PINNED)
    assert result.status == "ok"
    assert "return self.n * 2 if self.n >= 3 else self.n" in _survivor_changes(result)
    [text] = [c.text for c in result.asserts if "A(3)" in c.text]
    assert text == "import asyncio; assert asyncio.run(A(3).run()) == 3"
    assert _run_assert(runner.reference, "A", text) is True


def test_a_coroutine_a_returned_closure_makes_is_awaited():
    maker = problem(
        "async_closure",
        "def make(n):\n    async def run(x):\n        return x + n + (x > 9)\n    return run\n",
        [
            "import asyncio\nassert asyncio.run(make(3)(4)) == 7",
            "import asyncio\nassert asyncio.run(make(1)(20)) == 22",
        ],
        hidden=("make(2)(9)",),
    )
    result = audit_problem(maker, PINNED)
    assert result.status == "ok" and "return x + n + (x >= 9)" in _survivor_changes(result)
    assert [c.text for c in result.asserts] == ["import asyncio; assert asyncio.run(make(2)(9)) == 11"]


def test_a_name_bound_to_plain_data_keeps_the_whole_result_as_the_answer():
    # control: passes before and after; a chain on plain data is not replayed (section 17)
    lower = problem(
        "shout",
        "def shout(s):\n    return s.upper() + '!' * (1 + (len(s) > 3))\n",
        ["r = shout('ab')\nassert r.lower() == 'ab!'"],
        hidden=("r = shout('abc')\nr.lower()",),
    )
    result = audit_problem(lower, PINNED)
    assert result.status == "ok" and "return s.upper() + '!' * (1 + (len(s) >= 3))" in _survivor_changes(
        result
    )
    assert [c.text for c in result.asserts] == ["assert shout('abc') == 'ABC!'"]


# 24. Found by the third red-team pass: entries bound by assignment or defined in a block, and
# exclusions that blamed the reference for the tests' own code.

DOUBLED = "return x * 2 if x > 3 else x"
BOUND_ENTRIES = {
    "a method of an instance": f"class S:\n    def f(self, x):\n        {DOUBLED}\nsolve = S().f\n",
    "a method of the class": f"class S:\n    def f(x):\n        {DOUBLED}\nsolve = S.f\n",
    "a callable instance": f"class D:\n    def __call__(self, x):\n        {DOUBLED}\nsolve = D()\n",
    "an instance whose __call__ is inherited": f"class B:\n    def __call__(self, x):\n        {DOUBLED}\n"
    "class D(B):\n    pass\nsolve = D()\n",
    "a method named by getattr": f"class S:\n    def f(self, x):\n        {DOUBLED}\n"
    "solve = getattr(S(), 'f')\n",
    "a partial of a method": "import functools\nclass S:\n    def f(self, k, x):\n"
    f"        {DOUBLED.replace('* 2', '* k')}\nsolve = functools.partial(S().f, 2)\n",
    "one of a tuple": "solve, triple = (lambda x: x * 2 if x > 3 else x), (lambda x: x * 3)\n",
    "a def under an if": f"import sys\nif sys.version_info >= (3, 0):\n    def solve(x):\n        {DOUBLED}\n"
    "else:\n    def solve(x):\n        return x\n",
}


def test_an_entry_bound_to_a_method_an_instance_or_one_of_a_tuple_or_defined_under_an_if_is_audited():
    for how, reference in BOUND_ENTRIES.items():
        bound = problem("solve", reference, ["assert solve(5) == 10", "assert solve(1) == 1"],
                        hidden=("solve(3)", "solve(4)"))  # fmt: skip
        assert entry_of(bound) == "solve", how
        result = audit_problem(bound, PINNED)
        assert result.status == "ok" and result.entry == "solve", (how, result.detail)
        assert any("x >= 3" in change for change in _survivor_changes(result)), how


def test_a_declared_entry_bound_to_an_instance_method_is_found():
    declared = problem(
        "solve", BOUND_ENTRIES["a method of an instance"], ["assert solve(5) == 10"], entry="solve"
    )
    assert entry_of(declared) == "solve"


def test_data_computed_by_a_function_is_still_not_an_entry():
    data = problem("table", "def sieve(n):\n    return [2, 3, 5][:n]\nPRIMES = sieve(3)\n",
                   ["assert sieve(2) == [2, 3]"])  # fmt: skip
    assert entry_of(data) == "sieve"


def test_a_test_that_does_not_compile_excludes_the_problem_as_failing_its_tests():
    broken_test = problem("f", "def f(x):\n    return x + 1\n", ["assert f(1) == 2", "assert f(5) == = 6"])
    result = audit_problem(broken_test, AuditParams())
    assert result.exclusion == "reference-fails-tests"
    assert result.detail.startswith("test 2 fails: it does not compile (SyntaxError")
    # the fourteenth pass: where no test compiles, no call names an entry either, and the
    # reason is the test's, not "no function that the reference defines is called"
    only_broken = problem("f", "def f(x):\n    return x + 1\n", ["def test_a(:\n    assert f(1) == 2\n"])
    result = audit_problem(only_broken, AuditParams())
    assert result.exclusion == "reference-fails-tests"
    assert result.detail.startswith("test 1 fails: it does not compile (SyntaxError")


def test_a_setup_that_raises_excludes_the_problem_as_failing_its_tests_not_as_a_reference_that_cannot_load():
    failing_setup = problem("f", "def f(x):\n    return x + 1\n", ["assert f(1) == 2"], setup="int('x')\n")
    result = audit_problem(failing_setup, AuditParams())
    assert result.exclusion == "reference-fails-tests"
    said = "raises ValueError (\"invalid literal for int() with base 10: 'x'\")"
    assert result.detail == f"the tests' setup {said}, before any test runs"


def test_a_reference_that_raises_as_it_loads_still_does_not_load():
    raising = problem("f", "int('x')\ndef f(x):\n    return x + 1\n", ["assert f(1) == 2"], setup="N = 1\n")
    result = audit_problem(raising, AuditParams())
    assert result.exclusion == "reference-does-not-load" and "ValueError" in result.detail


# 25. Found by the third red-team pass: where the reference's code prints, what a call prints is
# part of its answer on every call, nothing printed included.

SOMETIMES_PRINTS = "def show(n):\n    if n > 0:\n        print(n)\n    return n * 2\n"


def test_a_mutant_that_prints_where_the_reference_prints_nothing_is_broken_and_the_assert_sees_it():
    weak = problem("show", SOMETIMES_PRINTS, ["assert show(3) == 6"], hidden=("show(0)", "show(5)"))
    result = audit_problem(weak, PINNED)
    assert "if n >= 0:" in _survivor_changes(result)
    texts = [c.text for c in result.asserts if "show(0)" in c.text]
    assert texts and "printed.getvalue() == ''" in texts[0]
    assert _run_assert(SOMETIMES_PRINTS, "show", texts[0])
    assert not _run_assert(SOMETIMES_PRINTS.replace("n > 0", "n >= 0"), "show", texts[0])


def test_where_the_references_code_never_prints_a_mutants_prints_are_still_not_looked_at():
    quiet = problem(
        "double", "def double(n):\n    return n * 2\n", ["assert double(3) == 6"], hidden=("double(0)",)
    )
    prepared = prepare(quiet, PINNED)
    assert not judge_program(
        quiet, PINNED, prepared, "def double(n):\n    print(n)\n    return n * 2\n"
    ).broken


# 23. Found by the third red-team pass: nested floats, NaN in a container, ranges and dict views.

GRID = (
    "def grid(n):\n"
    "    return [[(i * 0.1) * 3 if i > 10 else i * (0.1 * 3), i + (n > 20)] for i in range(n)]\n"
)
LAST_BIT_GRID = GRID.replace("if i > 10", "if i >= 10")  # grid(20)[10][0] differs in its last bit


def test_a_nested_float_assert_uses_the_tolerance_at_every_depth():
    matrix = problem("grid", GRID, ["assert len(grid(3)) == 3"], hidden=("grid(20)", "grid(21)"))
    result = audit_problem(matrix, PINNED)
    assert result.status == "ok"
    assert "return [[(i * 0.1) * 3 if i >= 10 else i * (0.1 * 3), i + (n > 20)] for i in range(n)]" not in (
        _survivor_changes(result)
    )
    [survivor] = [s for s in result.survivors if "(n >= 20)" in s.after]
    texts = [c.text for c in result.asserts if "grid(20)" in c.text]
    assert texts
    for text in texts:
        assert _run_assert(GRID, "grid", text) is True
        assert _run_assert(LAST_BIT_GRID, "grid", text) is True  # the oracle's equivalent passes
        assert _run_assert(survivor.source, "grid", text) is False


def test_a_nested_float_assert_rejects_a_far_value_another_type_or_shape():
    text = assert_text(Call((1,)), "f", encode_value({"a": [(0.30000000000000004, 2)], "b": "x"}))
    assert text is not None
    assert _run_assert("def f(n):\n    return {'a': [(0.3, 2)], 'b': 'x'}\n", "f", text) is True
    assert _run_assert("def f(n):\n    return {'a': [(0.31, 2)], 'b': 'x'}\n", "f", text) is False
    assert _run_assert("def f(n):\n    return {'a': [[0.3, 2]], 'b': 'x'}\n", "f", text) is False
    assert _run_assert("def f(n):\n    return {'a': [(0.3, 2.0000001)], 'b': 'x'}\n", "f", text) is False
    assert _run_assert("def f(n):\n    return {'a': [(0.3, 2)], 'b': 'y'}\n", "f", text) is False
    assert _run_assert("def f(n):\n    return {'a': [(0.3, 2)]}\n", "f", text) is False


def test_a_named_tuple_or_defaultdict_holding_floats_passes_as_the_oracle_sees_it():
    program = (
        "from collections import defaultdict, namedtuple\n"
        "Pair = namedtuple('Pair', 'x y')\n"
        "def f(n):\n"
        "    found = defaultdict(list)\n"
        "    found['a'].append(Pair(0.30000000000000004, 2))\n"
        "    return [found]\n"
    )
    namespace: dict = {}
    exec(program, namespace)
    text = assert_text(Call((1,)), "f", encode_value(namespace["f"](1)))
    assert text is not None
    assert _run_assert(program, "f", text) is True
    assert _run_assert(program.replace("0.30000000000000004", "0.3"), "f", text) is True
    assert _run_assert(program.replace("0.30000000000000004", "0.4"), "f", text) is False


def test_controls_plain_nested_lists_and_flat_float_lists_keep_their_text():
    assert assert_text(Call((1,)), "f", encode_value([[1, 2], ["a"]])) == "assert f(1) == [[1, 2], ['a']]"
    flat = assert_text(Call((1,)), "f", encode_value([0.5, 2]))
    assert flat == (
        "assert type(result := f(1)) is list and len(result) == 2 and "
        "all(abs(got - want) <= 1e-06 + 1e-07 * abs(want) for got, want in zip(result, [0.5, 2]))"
    )


def test_control_an_int_answer_is_still_asserted_exactly():
    assert assert_text(Call((3,)), "f", encode_value(3)) == "assert f(3) == 3"
    assert assert_text(Call((3,)), "f", encode_value(True)) == "assert f(3) == True"


WINDOW = "def window(lo, hi):\n    return range(lo, hi) if lo < hi else range(0)\n"


def test_ranges_compare_as_the_sequences_they_are():
    assert same(encode_value(range(4, 4)), encode_value(range(0)))
    assert same(encode_value(range(0, 4, 2)), encode_value(range(0, 3, 2)))
    assert same(encode_value(range(5, 6, 3)), encode_value(range(5, 7, 9)))
    assert not same(encode_value(range(1, 3)), encode_value(range(1, 4)))
    assert not same(encode_value(range(3)), encode_value([0, 1, 2]))
    windows = problem(
        "window",
        WINDOW,
        ["assert list(window(2, 5)) == [2, 3, 4]", "assert list(window(7, 3)) == []"],
        hidden=("window(4, 4)", "window(1, 3)"),
    )
    result = audit_problem(windows, PINNED)
    assert result.status == "ok"
    assert "return range(lo, hi) if lo <= hi else range(0)" not in _survivor_changes(result)
    text = assert_text(Call((1, 3)), "window", encode_value(range(1, 3)))
    assert text is not None
    assert _run_assert(WINDOW, "window", text) is True
    assert _run_assert(WINDOW.replace("range(lo, hi)", "range(lo, hi + 1)"), "window", text) is False


KEYS = (
    "def keys(n, flip):\n"
    "    d = {}\n"
    "    for i in sorted(range(n), reverse=flip > 5):\n"
    "        d[i] = 1\n"
    "    return d.keys()\n"
)


def test_dict_keys_and_items_compare_as_sets():
    assert same(encode_value({1: 0, 2: 0}.keys()), encode_value({2: 0, 1: 0}.keys()))
    assert same(encode_value({1: "a", 2: [3]}.items()), encode_value({2: [3], 1: "a"}.items()))
    assert same(encode_value({1: 0}.keys()), encode_value({1}))
    assert not same(encode_value({1: 0}.keys()), encode_value({1: 0, 2: 0}.keys()))
    assert not same(encode_value({1: "a"}.items()), encode_value({1: "b"}.items()))
    assert not same(encode_value({1: 0}.keys()), encode_value([1]))
    flipped = problem(
        "keys",
        KEYS,
        ["assert keys(3, 0) == {0, 1, 2}", "assert keys(2, 9) == {0, 1}"],
        hidden=("keys(4, 5)", "keys(3, 1)"),
    )
    result = audit_problem(flipped, PINNED)
    assert result.status == "ok"
    assert "for i in sorted(range(n), reverse=flip >= 5):" not in _survivor_changes(result)
    views = (
        ("{2: 0, 1: 0}.keys()", "{1: 0, 2: 0}.keys()", "{1: 0}.keys()"),
        ("{2: [3], 1: 'a'}.items()", "{1: 'a', 2: [3]}.items()", "{1: 'a', 2: [4]}.items()"),
    )
    for made, reordered, wrong in views:
        text = assert_text(Call((1,)), "f", encode_value(eval(made)))
        assert text is not None
        assert _run_assert(f"def f(n):\n    return {made}\n", "f", text) is True
        assert _run_assert(f"def f(n):\n    return {reordered}\n", "f", text) is True
        assert _run_assert(f"def f(n):\n    return {wrong}\n", "f", text) is False


def test_dict_values_equal_nothing_by_eq_so_they_are_read_and_compared_in_order():
    assert same(encode_value({1: 0.30000000000000004, 2: 5}.values()), encode_value({1: 0.3, 2: 5}.values()))
    assert not same(encode_value({1: 1, 2: 2}.values()), encode_value({2: 2, 1: 1}.values()))
    assert not same(encode_value({1: 1, 2: 2}.values()), encode_value([1, 2]))
    text = assert_text(Call((1,)), "f", encode_value({1: 0.30000000000000004, 2: 5}.values()))
    assert text is not None
    assert _run_assert("def f(n):\n    return {1: 0.30000000000000004, 2: 5}.values()\n", "f", text) is True
    assert _run_assert("def f(n):\n    return {1: 0.3, 2: 5}.values()\n", "f", text) is True
    assert _run_assert("def f(n):\n    return {2: 5, 1: 0.3}.values()\n", "f", text) is False
    assert _run_assert("def f(n):\n    return [0.3, 5]\n", "f", text) is False


def test_a_nan_inside_a_list_is_asserted_as_nan():
    text = assert_text(Call((3,)), "pair", encode_value([float("nan"), 3]))
    assert text is not None
    assert _run_assert("def pair(x):\n    return [float('nan'), 3]\n", "pair", text) is True
    assert _run_assert("def pair(x):\n    return [float('nan'), 4]\n", "pair", text) is False
    assert _run_assert("def pair(x):\n    return [0.0, 3]\n", "pair", text) is False


# 26. Found by the third red-team pass: state the tests read (an object's attributes after their
# calls, module data after a call).

ACCOUNT_CLASS = (
    "class Account:\n"
    "    def __init__(self, b):\n"
    "        self.balance = b\n"
    "\n"
    "    def deposit(self, x):\n"
    "        if x > 0:\n"
    "            self.balance += x\n"
    "        else:\n"
    "            self.balance -= 1\n"
)  # a refused deposit costs a fee: unlike the plain class, ``x >= 0`` differs at 0
ACCOUNT_TESTS = [
    "acc = Account(100)\nacc.deposit(50)\nassert acc.balance == 150",
    "acc = Account(5)\nacc.deposit(-3)\nassert acc.balance == 4",
]


def test_an_attribute_the_tests_read_after_their_calls_is_harvested_with_the_calls():
    [call] = harvest_calls(ACCOUNT_TESTS[:1], "Account")
    # (``acc.deposit(50)`` is a statement: what it returns is thrown away, ``DROP_STEP``)
    assert call.args == (100,) and call.uses == ((("deposit", (50,), ()), (DROP_STEP, (), ())),)
    assert call.name == "acc" and call.reads == ("balance",)


def test_an_attribute_the_tests_read_after_their_calls_is_part_of_the_answer():
    account = problem(
        "account",
        ACCOUNT_CLASS,
        ACCOUNT_TESTS,
        hidden=(
            "acc = Account(60)\nacc.deposit(0)\nacc.balance",
            "acc = Account(10)\nacc.deposit(7)\nacc.balance",
        ),
    )
    result = audit_problem(account, PINNED)
    assert result.status == "ok" and "if x >= 0:" in _survivor_changes(result)
    text = _rejecting_assert(account, result, "Account", "if x >= 0:", "Account(60)")
    assert text.startswith("acc = Account(60); ") and text.endswith("; assert acc.balance == 59")


def test_an_attribute_read_after_several_calls_judges_every_call():
    tests = ["a = Account(5)\na.deposit(1)\na.deposit(2)\nassert a.balance == 8"]
    account = problem(
        "account", ACCOUNT_CLASS, tests, hidden=("a = Account(5)\na.deposit(41)\na.deposit(2)\na.balance",)
    )
    prepared = prepare(account, PINNED)
    assert isinstance(prepared, Prepared)
    skewed = ACCOUNT_CLASS.replace("self.balance += x", "self.balance += x + (x > 40)")
    assert judge_program(account, PINNED, prepared, skewed).broken


def test_where_the_tests_read_no_attribute_the_objects_state_is_not_compared():
    # control: passes before and after; the answer stays what each call returned
    tests = ["c = Counter(5)\nc.bump()\nassert c.bump() == 7"]
    [call] = harvest_calls(tests, "Counter")
    assert len(call.uses) == 2 and call.name == "c"
    stepper = problem("stepper", STEPPER_CLASS, tests, hidden=("c = Counter(8)\nc.bump()\nc.bump()",))
    prepared = prepare(stepper, PINNED)
    assert isinstance(prepared, Prepared)
    noted = STEPPER_CLASS.replace(
        "        return self.value\n", "        self.seen = True\n        return self.value\n"
    )
    assert not judge_program(stepper, PINNED, prepared, noted).broken
    assert harvest_calls(["assert Counter(5).bump() == 6"], "Counter") == [
        Call((5,), (), (("bump", (), ()),))
    ]


RECORD = (
    "RESULTS = []\n"
    "\n"
    "def record(x):\n"
    "    if x > 3:\n"
    "        RESULTS.append(x * 2)\n"
    "    else:\n"
    "        RESULTS.append(x)\n"
)


TALLY = (
    "_ITEMS = []\n"
    "\n"
    "def add(x):\n"
    "    if x > 3:\n"
    "        _ITEMS.append(x * 2)\n"
    "    else:\n"
    "        _ITEMS.append(x)\n"
    "\n"
    "def total():\n"
    "    return sum(_ITEMS)\n"
)


@pytest.mark.parametrize(
    ("program", "entry", "tests", "read"),
    [
        (
            RECORD,
            "record",
            ["record(5)\nassert RESULTS[-1] == 10", "record(1)\nassert RESULTS[-1] == 1"],
            "RESULTS",
        ),
        # round nine (section 36): what add did is seen only through total(), so a mutant of add
        # that records 3 as 6 (x >= 3) passes these tests, and every mutant of add was
        # "equivalent" while only what add returns (None) was compared; the tests share one
        # module, as a benchmark runs them
        (TALLY, "add", ["add(5)\nassert total() == 10", "add(1)\nadd(2)\nassert total() == 13"], "total()"),
    ],
)
def test_module_data_the_tests_read_after_a_call_is_part_of_its_answer(program, entry, tests, read):
    recorder = problem(entry, program, tests, hidden=(f"{entry}(3)",))
    result = audit_problem(recorder, PINNED)
    assert result.status == "ok" and "if x >= 3:" in _survivor_changes(result)
    text = _rejecting_assert(recorder, result, entry, "if x >= 3:", f"{entry}(3)")
    assert read in text


def test_a_read_of_module_data_before_any_call_is_not_compared():
    # control: passes before and after. (It was a whole read after the call, ``RESULTS == [10]``,
    # not compared while the fresh calls shared one namespace; section 29 runs each from a fresh
    # load where the tests read module data, so that read is compared now.) A read before any
    # call sees the data as loaded, which no call changed
    tests = ["assert RESULTS == []\nrecord(5)"]
    recorder = problem("record", RECORD, tests, hidden=("record(3)",))
    assert audit_problem(recorder, PINNED).status == "excluded:no-broken-mutant"


# 27. Found by a red-team pass over round five: asserts gated each alone, and a print no harness runs.

TABLE_PUT = "TABLE = {}\n\ndef put(k, x):\n    TABLE[k] = x * 2 if x > 3 else x\n"


def test_each_assert_is_run_from_a_fresh_load_so_none_passes_on_the_state_another_left():
    run = run_job(Job(mode="asserts", program=TABLE_PUT, setup="", entry="put", alias=None,
                      asserts=["put('b', 4)\nassert TABLE['b'] == 8", "assert TABLE['b'] == 8"],
                      assert_budgets=[None, None], cpu_seconds=10, wall_seconds=20))  # fmt: skip
    assert run.asserts[0].passed and not run.asserts[1].passed  # a maintainer may accept it alone
    table = problem(
        "module_dict_key",
        TABLE_PUT,
        ["put('a', 5)\nassert TABLE['a'] == 10", "put('b', 1)\nassert TABLE['b'] == 1"],
    )
    texts = [c.text for c in audit_problem(table, AuditParams()).asserts]
    assert all(_run_assert(TABLE_PUT, "put", text, table.tests) for text in texts), texts


def test_a_print_under_if_name_main_is_not_printing_code():
    reference = (
        "def dbl(n):\n    return n * 2 if n > 3 else n\n\nif __name__ == '__main__':\n    print(dbl(5))\n"
    )
    doubled = problem(
        "dbl", reference, ["assert dbl(5) == 10", "assert dbl(1) == 1"], hidden=("dbl(3)", "dbl(4)")
    )
    result = audit_problem(doubled, PINNED)
    assert result.asserts and not any("redirect_stdout" in c.text for c in result.asserts)
    prepared = prepare(doubled, PINNED)
    chatty = reference.replace("def dbl(n):\n", "def dbl(n):\n    print(n)\n")
    assert not judge_program(doubled, PINNED, prepared, chatty).broken


# 28. Found by a red-team pass over round five: chains through unittest setUp, objects acting on
# each other.

BUMP_CLASS = (
    "class Counter:\n"
    "    def __init__(self, start):\n"
    "        self.value = start\n"
    "\n"
    "    def bump(self):\n"
    "        return self.value + 2 if self.value > 9 else self.value + 1\n"
)
SETUP_TEST = (
    "import unittest\n"
    "class T(unittest.TestCase):\n"
    "    def setUp(self):\n"
    "        self.c = Counter(5)\n"
    "\n"
    "    def test_bump(self):\n"
    "        self.assertEqual(self.c.bump(), 6)\n"
)


def test_a_chain_through_an_attribute_set_in_setup_is_judged_as_a_local_binding():
    assert harvest_calls([SETUP_TEST], "Counter") == [Call((5,), (), (("bump", (), ()),))]
    counter = problem("counter", BUMP_CLASS, [SETUP_TEST], hidden=("c = Counter(9)\nc.bump()",))
    result = audit_problem(counter, PINNED)
    assert result.status == "ok" and "self.value >= 9" in " ".join(_survivor_changes(result))
    text = _rejecting_assert(counter, result, "Counter", "self.value >= 9", "Counter(9)")
    assert text == "assert Counter(9).bump() == 10"
    # drawn fresh, not pinned: bump() is called on every draw, so one that returns nothing is broken
    drawn = problem("counter", BUMP_CLASS, [SETUP_TEST])
    prepared = prepare(drawn, AuditParams())
    called = all(call.chain or call.uses for call in prepared.fresh)  # (a second round: its uses)
    assert isinstance(prepared, Prepared) and prepared.fresh and called
    nothing = BUMP_CLASS.replace("return self.value + 2 if self.value > 9 else self.value + 1", "return None")
    verdict = judge_program(drawn, AuditParams(), prepared, nothing)
    assert verdict.broken and not verdict.survived  # the test class runs, as a harness runs it


def test_a_test_class_is_run_as_a_harness_runs_it():
    # unittest's TestCase, or a pytest-style class: a test that only defined it checked nothing,
    # so a reference failing it passed, and every mutant it catches survived
    pytest_style = (
        "class TestCounter:\n    def setup_method(self, method):\n        self.c = Counter(5)\n\n"
        "    def test_bump(self):\n        assert self.c.bump() == 6\n"
    )
    for test in [SETUP_TEST, pytest_style]:
        wrong = problem("counter", BUMP_CLASS, [test.replace("6", "7")])
        assert audit_problem(wrong, PINNED).status == "excluded:reference-fails-tests", test
        counter = problem("counter", BUMP_CLASS, [test], hidden=("c = Counter(9)\nc.bump()",))
        prepared = prepare(counter, PINNED)
        assert isinstance(prepared, Prepared)
        off = BUMP_CLASS.replace("else self.value + 1", "else self.value + 1 + (self.value == 5)")
        assert not judge_program(counter, PINNED, prepared, off).survived, test


def test_every_place_a_test_class_binds_its_object_feeds_the_chain():
    bump = [Call((5,), (), (("bump", (), ()),))]
    forms = [
        SETUP_TEST.replace(
            "def setUp(self):\n        self.c", "@classmethod\n    def setUpClass(cls):\n        cls.c"
        ),
        "class TestCounter:\n    def setup_method(self):\n        self.c = Counter(5)\n\n"
        "    def test_bump(self):\n        assert self.c.bump() == 6\n",
        "import unittest\nclass T(unittest.TestCase):\n    def test_bump(self):\n"
        "        self.c = Counter(5)\n        self.assertEqual(self.c.bump(), 6)\n",
        "import unittest\nclass T(unittest.TestCase):\n    def test_bump(self):\n"
        "        self.assertEqual(self.c.bump(), 6)\n\n    def setUp(self):\n        self.c = Counter(5)\n",
    ]
    for form in forms:
        assert harvest_calls([form], "Counter") == bump, form
    several = SETUP_TEST.replace(
        "        self.assertEqual(self.c.bump(), 6)\n",
        "        self.c.bump()\n        self.assertEqual(self.c.bump(), 7)\n",
    )
    [call] = harvest_calls([several], "Counter")
    assert call.args == (5,) and len(call.uses) == 2 and call.name == "c"
    stepper = problem("stepper", STEPPER_CLASS, [several], hidden=("c = Counter(8)\nc.bump()\nc.bump()",))
    result = audit_problem(stepper, PINNED)
    [text] = [c.text for c in result.asserts if "Counter(8)" in c.text]
    assert text == "c = Counter(8); assert c.bump() == 9; assert c.bump() == 10"


def test_a_test_class_control_calls_not_through_its_attributes_are_harvested_as_before():
    # control: passes before and after; a class that stores nothing on itself is read as it is
    plain = "import unittest\nclass T(unittest.TestCase):\n    def test_bump(self):\n"
    plain += "        self.assertEqual(Counter(5).bump(), 6)\n        c = Counter(20)\n"
    plain += "        self.assertEqual(c.bump(), 22)\n"
    assert sorted(harvest_calls([plain], "Counter"), key=Call.key) == [
        Call((20,), (), (("bump", (), ()),)),
        Call((5,), (), (("bump", (), ()),)),
    ]
    # an attribute passed elsewhere whole cannot be replayed: its call is taken alone, as before
    passed = SETUP_TEST.replace(
        "self.assertEqual(self.c.bump(), 6)", "self.assertTrue(isinstance(self.c, Counter))"
    )
    assert harvest_calls([passed], "Counter") == [Call((5,))]
    # a pytest class whose test takes a fixture is not plain code: not run, so not failed either
    fixture = "class TestCounter:\n    def test_bump(self, caplog):\n        assert Counter(5).bump() == 7\n"
    assert (
        audit_problem(problem("counter", BUMP_CLASS, [fixture]), PINNED).status
        != "excluded:reference-fails-tests"
    )


ACCOUNT_TRANSFER = (
    "class Account:\n"
    "    def __init__(self, b):\n"
    "        self.balance = b\n"
    "\n"
    "    def transfer(self, other, x):\n"
    "        self.balance -= x\n"
    "        other.balance += x\n"
)
TRANSFER_TESTS = [
    "a = Account(10)\nb = Account(0)\na.transfer(b, 5)\nassert b.balance == 5",
    "a = Account(10)\nb = Account(0)\na.transfer(b, 2)\nassert a.balance == 8",
]


def test_objects_a_test_passes_to_each_other_are_harvested_together():
    [first] = harvest_calls(TRANSFER_TESTS[:1], "Account")
    assert first.args == (10,) and first.name == "a" and first.peers == (("b", "", (0,), ()),)
    assert first.uses == ((("transfer", (Bound("b"), 5), ()), (DROP_STEP, (), ())),)
    assert first.reads == ("b.balance",)
    [second] = harvest_calls(TRANSFER_TESTS[1:], "Account")
    assert second.reads == ("balance",)
    # calls on either object, in the test's order, each passing the other
    [both] = harvest_calls(
        ["a = Account(3)\nb = Account(4)\na.transfer(b, 1)\nb.transfer(a, 2)\nassert a.balance == 4"],
        "Account",
    )
    assert both.roots == ("a", "b")
    assert both.uses[1] == (("transfer", (Bound("a"), 2), ()), (DROP_STEP, (), ()))


def test_objects_acting_on_each_other_are_judged_on_what_the_tests_read():
    account = problem(
        "account",
        ACCOUNT_TRANSFER,
        TRANSFER_TESTS,
        hidden=(
            "a = Account(7)\nb = Account(3)\na.transfer(b, 4)\nb.balance",
            "a = Account(7)\nb = Account(3)\na.transfer(b, 4)\na.balance",
        ),
    )
    result = audit_problem(account, PINNED)
    assert result.status == "ok" and result.n_broken >= 2 and not result.survivors
    prepared = prepare(problem("account", ACCOUNT_TRANSFER, TRANSFER_TESTS), AuditParams())
    assert isinstance(prepared, Prepared) and prepared.fresh
    assert all(call.peers and call.uses[0][0][1][0] == Bound("b") for call in prepared.fresh)
    lost = ACCOUNT_TRANSFER.replace("other.balance += x", "other.balance += 0")
    assert judge_program(account, AuditParams(), prepared, lost).broken


FEE_TRANSFER = ACCOUNT_TRANSFER.replace("other.balance += x\n", "other.balance += x - 1 if x > 9 else x\n")


def test_an_assert_on_objects_acting_on_each_other_makes_them_as_the_test_does():
    fee = problem(
        "fee",
        FEE_TRANSFER,
        TRANSFER_TESTS + ["a = Account(30)\nb = Account(0)\na.transfer(b, 20)\nassert b.balance == 19"],
        hidden=("a = Account(30)\nb = Account(1)\na.transfer(b, 9)\nb.balance",),
    )
    result = audit_problem(fee, PINNED)
    assert result.status == "ok"
    [survivor] = [s for s in result.survivors if "x > 9" not in s.after and ">= 9" in s.after]
    [text] = [c.text for c in result.asserts if "Account(30)" in c.text]
    assert text == "a = Account(30); b = Account(1); assert a.transfer(b, 9) == None; assert b.balance == 10"
    assert _run_assert(fee.reference, "Account", text) is True
    assert _run_assert(survivor.source, "Account", text) is False


PILE = (
    "class Pile:\n"
    "    def __init__(self, n):\n"
    "        self.n = n\n"
    "\n"
    "    def take(self, other):\n"
    "        moved = other.n if other.n < 5 else 4\n"
    "        other.n -= moved\n"
    "        self.n += moved\n"
    "        return moved\n"
)


def test_a_method_taking_another_object_and_returning_a_value_is_judged_with_both_reads():
    tests = [
        "a = Pile(1)\nb = Pile(3)\nassert a.take(b) == 3\nassert b.n == 0",
        "a = Pile(0)\nb = Pile(9)\nassert a.take(b) == 4\nassert a.n == 4\nassert b.n == 5",
    ]
    pile = problem("pile", PILE, tests, hidden=("a = Pile(2)\nb = Pile(5)\na.take(b)\na.n\nb.n",))
    result = audit_problem(pile, PINNED)
    assert result.status == "ok"
    text = _rejecting_assert(pile, result, "Pile", "other.n <= 5", "Pile(5)")
    assert text == "a = Pile(2); b = Pile(5); assert a.take(b) == 4; assert a.n == 6; assert b.n == 1"


def test_an_object_passed_to_anything_else_is_not_replayed():
    # control: passes before and after; a function of the test's own taking it, or a list
    # holding it, cannot be replayed (``print(b)`` only looks at it: section 50)
    for test in [
        "a = Pile(1)\nb = Pile(3)\nassert a.take(b) == 3\nkeep(b)",
        "a = Pile(1)\nb = Pile(3)\nassert a.take(b) == 3\nassert [b][0].n == 0",
    ]:
        assert harvest_calls([test], "Pile") == [Call((1,)), Call((3,))], test


POINT_DIST = (
    "class Point:\n"
    "    def __init__(self, x, y):\n"
    "        self.x, self.y = x, y\n"
    "\n"
    "\n"
    "def dist1(p):\n"
    "    return abs(p.x) + abs(p.y) + (p.x > 9)\n"
)
POINT_TESTS = ["p = Point(3, 4)\nassert dist1(p) == 7", "assert dist1(Point(20, 2)) == 23"]


def test_an_object_passed_to_a_function_entry_is_made_in_place_and_its_literals_perturbed():
    # the entry is the function tested, not the class its arguments are made by, bound or not
    gap = POINT_DIST + "\n\ndef gap(p, q):\n    return abs(p.x - q.x) + abs(p.y - q.y)\n"
    two = ["p = Point(3, 0)\nq = Point(0, 4)\nassert gap(p, q) == 7"]
    assert visible_calls(problem("gap", gap, two)) == (
        "gap",
        "gap",
        [Call((Made("Point", (3, 0)), Made("Point", (0, 4))))],
    )
    assert harvest_calls(POINT_TESTS, "dist1", frozenset({"Point"})) == [
        Call((Made("Point", (3, 4)),)),
        Call((Made("Point", (20, 2)),)),
    ]
    dist = problem("d", POINT_DIST, POINT_TESTS, hidden=("dist1(Point(9, 1))",))
    result = audit_problem(dist, PINNED)
    assert result.status == "ok"
    text = _rejecting_assert(dist, result, "dist1", "p.x >= 9", "Point(9, 1)")
    assert text == "assert dist1(Point(9, 1)) == 10"
    prepared = prepare(problem("d", POINT_DIST, POINT_TESTS), AuditParams())
    assert isinstance(prepared, Prepared) and prepared.fresh
    assert all(type(call.args[0]) is Made and call.args[0].maker == "Point" for call in prepared.fresh)
    assert {call.args[0].args for call in prepared.fresh} - {(3, 4), (20, 2)}
    # read after the call, it is made under the test's name, and read as the test reads it
    read = ["p = Point(3, 4)\nassert dist1(p) == 7\nassert p.x == 3"]
    [call] = harvest_calls(read, "dist1", frozenset({"Point"}))
    assert call.args == (Made("Point", (3, 4), (), "p"),) and call.reads == ("p.x",)


def test_an_object_made_for_a_call_control_a_class_the_tests_define_is_not_made_in_place():
    # control: passes before and after; the child that runs the calls holds only the reference
    tests = [
        "class Q:\n    def __init__(self, x, y):\n        self.x, self.y = x, y\n\nassert dist1(Q(3, 4)) == 7"
    ]
    assert visible_calls(problem("d", POINT_DIST, tests)) == ("dist1", "dist1", [])


DEPOSIT = (
    "class Account:\n"
    "    def __init__(self, b):\n"
    "        self.balance = b\n"
    "\n"
    "\n"
    "def deposit(acc, x):\n"
    "    if x > 0:\n"
    "        acc.balance += x\n"
    "    else:\n"
    "        acc.balance -= 1\n"
)
DEPOSIT_TESTS = [
    "acc = Account(100)\ndeposit(acc, 50)\nassert acc.balance == 150",
    "acc = Account(5)\ndeposit(acc, -3)\nassert acc.balance == 4",
]


def test_an_object_a_function_entry_changes_is_read_after_the_call_as_the_test_reads_it():
    [call, _] = visible_calls(problem("deposit", DEPOSIT, DEPOSIT_TESTS))[2]
    assert call.args == (Made("Account", (100,), (), "acc"), 50) and call.reads == ("acc.balance",)
    account = problem(
        "deposit", DEPOSIT, DEPOSIT_TESTS, hidden=("acc = Account(60)\ndeposit(acc, 0)\nacc.balance",)
    )
    result = audit_problem(account, PINNED)
    assert result.status == "ok"
    text = _rejecting_assert(account, result, "deposit", "if x >= 0:", "Account(60)")
    assert text == "acc = Account(60); assert deposit(acc, 0) == None; assert acc.balance == 59"


def test_an_object_passed_to_a_function_entry_control_other_uses_of_it_are_not_replayed():
    # control: passes before and after; a method called on it, or a read before the call, is a
    # use the replay would not make
    for test in [
        "acc = Account(100)\ndeposit(acc, 50)\nacc.__init__(1)\nassert acc.balance == 1",
        "acc = Account(100)\nassert acc.balance == 100\ndeposit(acc, 50)",
    ]:  # (passed to two calls, it is made for each since round ten: see section 41)
        assert visible_calls(problem("deposit", DEPOSIT, [test])) == ("deposit", "deposit", []), test


WALLET_PAY = (
    "class Wallet:\n"
    "    def __init__(self, total):\n"
    "        self.total = total\n"
    "\n"
    "\n"
    "class Account:\n"
    "    def __init__(self, b):\n"
    "        self.balance = b\n"
    "\n"
    "    def pay(self, wallet, x):\n"
    "        self.balance -= x\n"
    "        wallet.total += x - 1 if x > 9 else x\n"
)


def test_an_object_of_another_class_the_entry_acts_on_is_made_as_the_test_makes_it():
    tests = [
        "a = Account(10)\nw = Wallet(0)\na.pay(w, 5)\nassert w.total == 5",
        "w = Wallet(0)\na = Account(30)\na.pay(w, 20)\nassert w.total == 19\nassert a.balance == 10",
    ]
    [first, second] = visible_calls(problem("wallet", WALLET_PAY, tests))[2]
    assert first.peers == (("w", "Wallet", (0,), ()),) and first.reads == ("w.total",)
    assert second.name == "a" and second.reads == ("w.total", "balance")
    wallet = problem(
        "wallet", WALLET_PAY, tests, hidden=("a = Account(30)\nw = Wallet(1)\na.pay(w, 9)\nw.total",)
    )
    result = audit_problem(wallet, PINNED)
    text = _rejecting_assert(wallet, result, "Account", "x >= 9", "Wallet(1)")
    assert text == "a = Account(30); w = Wallet(1); assert a.pay(w, 9) == None; assert w.total == 10"


def test_objects_a_setup_makes_and_a_test_method_passes_to_each_other_are_replayed_together():
    setup = (
        "import unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n"
        "        self.a = Account(10)\n        self.b = Account(0)\n\n"
        "    def test_transfer(self):\n        self.a.transfer(self.b, 5)\n"
        "        self.assertEqual(self.b.balance, 5)\n"
    )
    [call] = harvest_calls([setup], "Account")
    assert call.name == "a" and call.peers == (("b", "", (0,), ()),) and call.reads == ("b.balance",)
    lost = ACCOUNT_TRANSFER.replace("other.balance += x", "other.balance -= x")
    account = problem("account", ACCOUNT_TRANSFER, [setup])
    prepared = prepare(account, AuditParams())
    assert isinstance(prepared, Prepared)
    verdict = judge_program(account, AuditParams(), prepared, lost)
    assert verdict.broken and not verdict.survived


# 29. Found by a red-team pass over round five: module state by attribute, floats inside mappings,
# tuples of expected exceptions.

STATE_ADD = (
    "class _S:\n    total = 0\n\n\nSTATE = _S()\n\n\ndef add(x):\n    STATE.total += x * 2 if x > 3 else x\n"
)


def test_module_data_read_by_attribute_and_through_subscripts_is_found():
    from gameability_tui.engine.inputs.module_reads import module_reads

    reference = "STATE = object()\nCONFIG = {}\nRESULTS = []\ndef add(x):\n    pass\n"
    test = "STATE.reset()\nadd(5)\nassert STATE.total == 10 and STATE.items[-1] == 5 and CONFIG['k'].x == 1"
    assert module_reads(reference, (test,)) == ("STATE.total", "STATE.items[-1]", "CONFIG['k'].x")
    # a whole read, after the call; a read made before any call, or inside the call's arguments, is not
    assert module_reads(reference, ("add(5)\nassert RESULTS == [10]",)) == ("RESULTS",)
    assert module_reads(reference, ("assert STATE.total == 0\nadd(RESULTS)",)) == ()


def test_module_data_read_by_attribute_after_a_call_is_part_of_its_answer():
    # add(1) runs before add(3): sharing one namespace, STATE.total after add(3) would hold add(1)'s
    # work too; each call is judged from a fresh load instead, and its assert written where a patch
    # puts it: after the test, whose add(5) left 10 (round fifteen)
    adder = problem("add", STATE_ADD, ["add(5)\nassert STATE.total == 10"], hidden=("add(1)", "add(3)"))
    result = audit_problem(adder, PINNED)
    assert result.status == "ok" and "STATE.total += x * 2 if x >= 3 else x" in _survivor_changes(result)
    [survivor] = [s for s in result.survivors if "x >= 3" in s.after]
    texts = [c.text for c in result.asserts]
    assert any("add(3)" in text and "STATE.total == 13" in text for text in texts), texts
    for text in texts:
        assert _run_assert(STATE_ADD, "add", text, adder.tests) is True
    assert any(_run_assert(survivor.source, "add", text, adder.tests) is False for text in texts)


def test_the_reference_judged_as_its_own_mutant_with_module_reads_is_equivalent():
    # control: passes before and after
    adder = problem("add", STATE_ADD, ["add(5)\nassert STATE.total == 10"], hidden=("add(1)", "add(3)"))
    prepared = prepare(adder, PINNED)
    assert isinstance(prepared, Prepared)
    assert not judge_program(adder, PINNED, prepared, STATE_ADD).broken


def test_a_whole_read_of_module_data_after_a_call_is_compared_from_a_fresh_load():
    # replaces the round-five control: each fresh call now runs from its own fresh load where the
    # tests read module data, so the whole list holds that call's work alone, as the assert sees it
    tests = ["record(5)\nassert RESULTS == [10]"]
    recorder = problem("record", RECORD, tests, hidden=("record(1)", "record(3)"))
    result = audit_problem(recorder, PINNED)
    assert result.status == "ok" and "if x >= 3:" in _survivor_changes(result)
    [survivor] = [s for s in result.survivors if s.after.strip() == "if x >= 3:"]
    [text] = [c.text for c in result.asserts if "record(3)" in c.text]
    assert text.endswith("assert RESULTS == [10, 3]")  # where a patch puts it: after record(5)
    assert _run_assert(RECORD, "record", text, recorder.tests) is True
    assert _run_assert(survivor.source, "record", text, recorder.tests) is False


COUNTED = (
    "from collections import Counter\n"
    "\n"
    "\n"
    "def f(n):\n"
    "    return Counter({'a': n * 0.1 * 3 if n > 10 else n * (0.1 * 3), 'b': n + (n > 20)})\n"
)


def test_a_counter_holding_floats_is_asserted_with_the_oracles_tolerance():
    counted = problem("counted", COUNTED, ["assert f(1)['b'] == 1"], hidden=("f(10)", "f(20)"))
    result = audit_problem(counted, PINNED)
    assert result.status == "ok"
    assert not any("n >= 10" in change for change in _survivor_changes(result))  # equivalent by the oracle
    [survivor] = [s for s in result.survivors if "(n >= 20)" in s.after]
    texts = [c.text for c in result.asserts]
    assert any("f(20)" in text for text in texts)
    last_bit = COUNTED.replace("if n > 10", "if n >= 10")  # f(10)['a'] differs in its last bit
    for text in texts:
        assert _run_assert(COUNTED, "f", text) is True
        assert _run_assert(last_bit, "f", text) is True, text  # the oracle's equivalent passes
    assert any(_run_assert(survivor.source, "f", text) is False for text in texts if "f(20)" in text)


def _mapping_assert(value_source: str) -> str:
    namespace: dict = {}
    exec(f"from collections import Counter, OrderedDict, deque\nvalue = {value_source}", namespace)
    text = assert_text(Call((1,)), "f", encode_value(namespace["value"]))
    assert text is not None
    return text


def _returning(value_source: str) -> str:
    return f"from collections import Counter, OrderedDict, deque\ndef f(n):\n    return {value_source}\n"


def test_counters_ordered_dicts_and_deques_holding_floats_follow_the_oracles_rule():
    cases = {
        "Counter({'a': 0.30000000000000004, 'b': 0, 'c': 2})": (
            ["Counter({'a': 0.3, 'c': 2})", "Counter({'c': 2, 'a': 0.3, 'b': 0})"],
            ["{'a': 0.3, 'c': 2}", "Counter({'a': 0.31, 'c': 2})", "Counter({'a': 0.3, 'c': 2, 'd': 1})"],
        ),
        "OrderedDict([('x', 0.30000000000000004), ('y', 1)])": (
            ["OrderedDict([('x', 0.3), ('y', 1)])", "{'y': 1, 'x': 0.3}"],
            [
                "OrderedDict([('y', 1), ('x', 0.3)])",
                "OrderedDict([('x', 0.4), ('y', 1)])",
                "[('x', 0.3), ('y', 1)]",
            ],
        ),
        "[deque([0.30000000000000004, 2])]": (
            ["[deque([0.3, 2])]"],
            ["[[0.3, 2]]", "[deque([0.3, 2, 1])]", "[deque([2, 0.3])]"],
        ),
    }  # fmt: skip
    for value, (passing, failing) in cases.items():
        text = _mapping_assert(value)
        assert _run_assert(_returning(value), "f", text) is True, text
        for other in passing:
            assert same(encode_value(_evaluated(other)), encode_value(_evaluated(value))), other
            assert _run_assert(_returning(other), "f", text) is True, (text, other)
        for other in failing:
            assert not same(encode_value(_evaluated(other)), encode_value(_evaluated(value))), other
            assert _run_assert(_returning(other), "f", text) is False, (text, other)


def _evaluated(source: str) -> object:
    namespace: dict = {}
    exec(f"from collections import Counter, OrderedDict, deque\nvalue = {source}", namespace)
    return namespace["value"]


def test_controls_counters_and_ordered_dicts_without_floats_keep_their_text():
    assert (
        _mapping_assert("Counter({'a': 2})")
        == "from collections import Counter; assert f(1) == Counter({'a': 2})"
    )
    assert _mapping_assert("OrderedDict([('a', 2)])") == (
        "from collections import OrderedDict; assert f(1) == OrderedDict([('a', 2)])"
    )


LIMIT = "def limit(n):\n    if n > 100:\n        raise KeyError(n)\n    return n\n"
EITHER = (
    "import pytest\nwith pytest.raises((KeyError, TypeError)):\n    limit(150)",
    "try:\n    limit(150)\nexcept (KeyError, TypeError):\n    pass\nelse:\n    assert False",
    "import unittest\nunittest.TestCase().assertRaises((KeyError, TypeError), limit, 150)",
    "try:\n    limit(150)\nexcept KeyError:\n    pass\nexcept TypeError:\n    pass\nelse:\n    assert False",
)


def _limit_verdict(test: str, mutant: str, more: tuple[str, ...] = ()):
    base = problem("limit", LIMIT, ["assert limit(5) == 5", test, *more], hidden=("limit(101)", "limit(7)"))
    prepared = prepare(base, PINNED)
    assert isinstance(prepared, Prepared)
    return judge_program(base, PINNED, prepared, mutant)


def test_raising_another_type_of_the_tuple_the_tests_catch_is_the_same_answer():
    swapped = LIMIT.replace("raise KeyError(n)", "raise TypeError(n) if n == 101 else KeyError(n)")
    for test in EITHER:
        verdict = _limit_verdict(test, swapped)
        assert not verdict.broken and not verdict.survived, test


def test_where_the_answer_is_one_of_a_tuple_returning_or_raising_outside_it_still_differs():
    returning = LIMIT.replace(
        "raise KeyError(n)", "if n == 101:\n            return n\n        raise KeyError(n)"
    )
    outside = LIMIT.replace("raise KeyError(n)", "raise ZeroDivisionError(n) if n == 101 else KeyError(n)")
    for test in EITHER:
        assert _limit_verdict(test, returning).survived, test
        assert _limit_verdict(test, outside).survived, test
        result = audit_problem(
            problem("limit", LIMIT, ["assert limit(5) == 5", test], hidden=("limit(101)",)), PINNED
        )
        [text] = [c.text for c in result.asserts if "limit(101)" in c.text]
        assert "(KeyError, TypeError)" in text
        assert _run_assert(LIMIT, "limit", text) is True
        swapped = LIMIT.replace("raise KeyError(n)", "raise TypeError(n)")
        assert _run_assert(swapped, "limit", text) is True
        assert _run_assert(LIMIT.replace("if n > 100", "if n > 101"), "limit", text) is False


def test_a_tuple_that_catches_the_references_raise_through_a_base_groups_it_too():
    # found by a red-team pass over round six: ``(ArithmeticError, ValueError)`` catches the
    # reference's ZeroDivisionError, so a mutant raising ValueError or OverflowError passes the test
    divide = "def ratio(n):\n    if n > 100:\n        return 1 // 0\n    return n\n"
    test = "import pytest\nwith pytest.raises((ArithmeticError, ValueError)):\n    ratio(150)"
    base = problem("ratio", divide, ["assert ratio(5) == 5", test], hidden=("ratio(101)", "ratio(7)"))
    prepared = prepare(base, PINNED)
    assert isinstance(prepared, Prepared)
    for other in ("raise ValueError(n)", "raise OverflowError(n)"):
        mutant = divide.replace("return 1 // 0", other)
        assert not judge_program(base, PINNED, prepared, mutant).broken, other
    outside = divide.replace("return 1 // 0", "raise KeyError(n) if n == 101 else ZeroDivisionError(n)")
    assert judge_program(base, PINNED, prepared, outside).survived
    result = audit_problem(base, PINNED)
    [text] = [c.text for c in result.asserts if "ratio(101)" in c.text]
    assert "(ArithmeticError, ValueError)" in text and _run_assert(divide, "ratio", text) is True
    assert _run_assert(outside, "ratio", text) is False


def test_a_type_the_tests_also_catch_alone_is_still_its_own_answer():
    # control: passes before and after; one test tells KeyError apart from TypeError
    swapped = LIMIT.replace("raise KeyError(n)", "raise TypeError(n) if n == 101 else KeyError(n)")
    alone = "import pytest\nwith pytest.raises(KeyError):\n    limit(200)"
    verdict = _limit_verdict(EITHER[0], swapped, (alone,))
    assert verdict.broken and verdict.survived


def test_a_subscript_that_reached_an_earlier_calls_work_now_reads_this_calls_own():
    # RESULTS[0] after record(3) held record(1)'s work while the calls shared one namespace (in one
    # of the two orders below, whichever runs first): the survivor is found from fresh loads. Where
    # a patch puts an assert, after the test's record(5), RESULTS[0] is the test's work, which no
    # survivor changes: no assert claims to reject one through it (round fifteen)
    for hidden in (("record(1)", "record(3)"), ("record(3)", "record(1)")):
        recorder = problem("record", RECORD, ["record(5)\nassert RESULTS[0] == 10"], hidden=hidden)
        result = audit_problem(recorder, PINNED)
        assert [s for s in result.survivors if s.after.strip() == "if x >= 3:"]
        assert not [c.text for c in result.asserts if "record(3)" in c.text]


def test_a_read_that_raises_on_the_reference_is_asserted_to_raise_so_the_call_keeps_its_assert():
    # (the second test takes its key out again, so where a patch puts an assert, after the
    # tests, TABLE['b'] raises as it does from a fresh load; one hidden call alone: beside
    # ``put('b', 3)``'s, whose assert would store 'b', this one is left out since round
    # twenty-three, as it fails after the other, which rejects the same survivor)
    tests = ["put('a', 5)\nassert TABLE['a'] == 10", "put('b', 1)\nassert TABLE['b'] == 1\ndel TABLE['b']"]
    table = problem("table", TABLE_PUT, tests, hidden=("put('a', 3)",))
    result = audit_problem(table, PINNED)
    [survivor] = [s for s in result.survivors if "x >= 3" in s.after]
    texts = [c.text for c in result.asserts]
    assert any("assertRaises(KeyError, lambda: TABLE['b'])" in text for text in texts), texts
    for text in texts:
        assert _run_assert(TABLE_PUT, "put", text, table.tests) is True
        assert _run_assert(survivor.source, "put", text, table.tests) is False


REGISTRY = (
    "class Registry:\n"
    "    count = 0\n"
    "\n"
    "    @classmethod\n"
    "    def add(cls, x):\n"
    "        cls.count += x * 2 if x > 3 else x\n"
    "\n"
    "\n"
    "def bump(x):\n"
    "    Registry.count += x * 2 if x > 3 else x\n"
)


def test_state_kept_on_a_class_and_read_by_attribute_is_part_of_the_answer():
    for call in ("bump", "Registry.add"):
        tests = [f"{call}(5)\nassert Registry.count == 10"]
        registry = problem("registry", REGISTRY, tests, hidden=(f"{call}(1)", f"{call}(3)"))
        result = audit_problem(registry, PINNED)
        assert result.status == "ok", (call, result.status)
        survivors = [s for s in result.survivors if "x >= 3" in s.after]
        assert survivors, call
        texts = [c.text for c in result.asserts if f"{call}(3)" in c.text]
        # (a class's data stored anew is state, round twenty-one: each assert is written where a
        # patch puts it, after the visible test's 10)
        assert texts and all(text.endswith("assert Registry.count == 13") for text in texts), texts
        name = call.partition(".")[0]
        for text in texts:
            assert _run_assert(REGISTRY, name, text, tuple(tests)) is True
        assert any(_run_assert(s.source, name, t, tuple(tests)) is False for s in survivors for t in texts)


def test_control_an_enum_member_the_tests_name_after_a_call_is_not_state():
    # control: passes before and after; nothing changes an Enum's members, so no read is made
    from gameability_tui.engine.inputs.module_reads import module_reads

    reference = "import enum\nclass Color(enum.Enum):\n    RED = 1\n    GREEN = 2\n"
    reference += "def pick(n):\n    return Color(n)\n"
    assert module_reads(reference, ("assert pick(2) == Color.GREEN",)) == ()


def test_a_flat_named_tuple_or_defaultdict_of_floats_is_asserted_so_the_reference_passes():
    # ``type(result) is tuple`` / ``is dict`` failed on the reference itself, which returned a
    # named tuple or a defaultdict: the oracle sees them as the tuple and the dict they are
    program = (
        "from collections import Counter, OrderedDict, defaultdict, namedtuple\n"
        "Pair = namedtuple('Pair', 'x y')\n"
        "def pair(n):\n"
        "    return Pair(0.30000000000000004, 2)\n"
        "def table(n):\n"
        "    found = defaultdict(float)\n"
        "    found['a'] += 0.30000000000000004\n"
        "    return found\n"
    )
    namespace: dict = {}
    exec(program, namespace)
    for entry in ("pair", "table"):
        text = assert_text(Call((1,)), entry, encode_value(namespace[entry](1)))
        assert text is not None
        assert _run_assert(program, entry, text) is True, text
        assert _run_assert(program.replace("0.30000000000000004", "0.3"), entry, text) is True, text
        assert _run_assert(program.replace("0.30000000000000004", "0.4"), entry, text) is False, text
    changed = program.replace("    return found\n", "    return Counter(found)\n")
    text = assert_text(Call((1,)), "table", encode_value(namespace["table"](1)))
    assert _run_assert(changed, "table", text) is True  # a Counter equals the dict, to the oracle too
    as_list = program.replace("return Pair(0.30000000000000004, 2)", "return [0.3, 2]")
    assert (
        _run_assert(as_list, "pair", assert_text(Call((1,)), "pair", encode_value(namespace["pair"](1))))
        is False
    )


# 30. Found by the sixth red-team pass: candidate code compiled as Python compiles a script, and
# values past Python's int-to-text limit.

MAKE_POINT = (
    "from dataclasses import dataclass\n"
    "\n"
    "@dataclass\n"
    "class P:\n"
    "    x: int\n"
    "\n"
    "def mk(x):\n"
    "    return P(x * 2 if x > 3 else x)\n"
)


def test_a_reference_returning_a_dataclass_is_audited_and_its_assert_compares_instances():
    point = problem(
        "mk", MAKE_POINT, ["assert mk(5) == P(10)", "assert mk(1).x == 1"], hidden=("mk(3)", "mk(4)")
    )
    result = audit_problem(point, PINNED)
    assert result.status == "ok" and "return P(x * 2 if x >= 3 else x)" in _survivor_changes(result)
    [survivor] = [s for s in result.survivors if ">= 3" in s.after]
    [text] = [c.text for c in result.asserts if "mk(3)" in c.text]
    assert _run_assert(MAKE_POINT, "mk", text) is True
    assert _run_assert(survivor.source, "mk", text) is False


@pytest.mark.parametrize(
    "reference",
    [
        "from __future__ import annotations\nfrom dataclasses import dataclass\n\n@dataclass\n"
        "class P:\n    x: int\n\ndef mk(n: int) -> P:\n    return P(n * 2 if n > 3 else n)\n",
        "from dataclasses import dataclass\n\n@dataclass\nclass P:\n    x: int\n    nxt: 'P' = None\n\n"
        "def mk(n):\n    return P(n * 2 if n > 3 else n)\n",
        "import pickle\n\nclass P:\n    def __init__(self, x):\n        self.x = x\n\n"
        "def mk(n):\n    return pickle.loads(pickle.dumps(P(n * 2 if n > 3 else n))).x\n",
    ],
)
def test_a_reference_that_finds_its_own_module_by_name_loads(reference):
    # string annotations in a dataclass, and pickle, look the class's module up in sys.modules,
    # as a script's module is there: each was "reference-does-not-load"
    made = problem(
        "mk", reference, ["assert mk(5) is not None", "assert mk(1) is not None"], hidden=("mk(3)",)
    )
    result = audit_problem(made, PINNED)
    assert result.status == "ok" and any(">= 3" in s.after for s in result.survivors), result.detail


def test_an_annotation_naming_nothing_fails_to_load_as_under_python():
    # Python evaluates a signature's annotations when the def runs: NameError, the real cause
    broken = problem("f", "def f(x: Missing) -> int:\n    return x + 1\n", ["assert f(1) == 2"])
    result = audit_problem(broken, PINNED)
    assert result.status == "excluded:reference-does-not-load" and "NameError" in result.detail


def test_a_result_past_the_int_to_text_limit_is_judged_and_asserted_without_a_crash():
    big = problem(
        "big",
        "def big(n):\n    return 7 ** (n * 1000) if n > 5 else n\n",
        ["assert big(2) == 2"],
        hidden=("big(6)", "big(5)"),
    )
    result = audit_problem(big, PINNED)
    assert result.status == "ok" and "return 7 ** (n * 1000) if n >= 5 else n" in _survivor_changes(result)
    [text] = [c.text for c in result.asserts if "big(6)" in c.text]
    assert "0x" in text and _run_assert(big.reference, "big", text) is True


# 31. Found by the sixth red-team pass: calls inside literal loops, parametrize and comprehensions,
# arguments built from literals. Each makes literal calls the tests read as loop names or
# expressions; harvested as written, none was a literal call, so the problem was excluded as having
# "no literal calls to perturb" (or no entry point, for ``map(inc, ...)``) and its survivor missed.

GRADE = "def grade(x):\n    return 'big' if x > 50 else 'small'\n"
SQUARE_ROWS = [(2,), (3,), (5,)]


@pytest.mark.parametrize(
    "test",
    [
        "for x, y in [(2, 4), (3, 9), (5, 25)]:\n    assert sq(x) == y\n",
        "CASES = [(2, 4), (3, 9), (5, 25)]\nfor x, y in CASES:\n    assert sq(x) == y\n",
        "import unittest\nclass T(unittest.TestCase):\n    def test_sq(self):\n"
        "        for x, y in [(2, 4), (3, 9), (5, 25)]:\n            with self.subTest(x=x):\n"
        "                self.assertEqual(sq(x), y)\nT('test_sq').test_sq()\n",
        "import pytest\n@pytest.mark.parametrize('x, y', [(2, 4), (3, 9), (5, 25)])\n"
        "def test_sq(x, y):\n    assert sq(x) == y\n",
        "import pytest\n@pytest.mark.parametrize(['x', 'y'], [(2, 4), pytest.param(3, 9, id='3'), (5, 25)])\n"
        "def test_sq(x, y):\n    result = sq(x)\n    assert result == y\n",
        "import pytest\n@pytest.mark.parametrize('x', [2, 3, 5])\n"
        "def test_sq(x):\n    assert sq(x) == x * x\n",
        "assert [sq(i) for i in [2, 3, 5]] == [4, 9, 25]",
        "assert all(sq(x) == y for x, y in [(2, 4), (3, 9), (5, 25)])",
        "assert {x: sq(x) for x in (2, 3, 5)} == {2: 4, 3: 9, 5: 25}",
        "assert list(map(sq, [2, 3, 5])) == [4, 9, 25]",
        "for i, x in enumerate([2, 3, 5]):\n    assert sq(x) == [4, 9, 25][i]\n",
        "for x, y in zip((2, 3, 5), (4, 9, 25)):\n    assert sq(x) == y\n",
        "for x, y in {2: 4, 3: 9, 5: 25}.items():\n    assert sq(x) == y\n",
    ],
)
def test_calls_in_a_loop_over_literal_data_are_harvested_one_per_element(test):
    squares = problem("sq", "def sq(x):\n    return x * x\n", [test])
    assert entry_of(squares) == "sq"
    assert [call.args for call in harvest_calls(squares.tests, "sq")] == SQUARE_ROWS


def test_a_humaneval_check_looping_over_its_table_is_harvested_through_the_alias():
    test = "def check(candidate):\n    cases = [(2, 4), (3, 9), (5, 25)]\n    for x, y in cases:\n" \
        "        assert candidate(x) == y\n"  # fmt: skip
    assert [call.args for call in harvest_calls([test], "candidate")] == SQUARE_ROWS


def test_loops_over_a_range_nested_loops_and_a_filtered_comprehension_make_the_calls_they_make():
    assert [c.args for c in harvest_calls(["for n in range(1, 4):\n    assert f(n)\n"], "f")] == [
        (1,),
        (2,),
        (3,),
    ]
    nested = "for a in [1, 2]:\n    for b in range(a):\n        assert f(a, b)\n"
    assert [c.args for c in harvest_calls([nested], "f")] == [(1, 0), (2, 0), (2, 1)]
    filtered = "assert [f(x) for x in [1, 2, 3, 4] if x >= 2 and x != 3] == []"
    assert [c.args for c in harvest_calls([filtered], "f")] == [(2,), (4,)]


def test_arguments_built_from_literals_by_a_pure_expression_are_harvested_as_their_values():
    tests = [
        "assert total([1] * 3) == 3",
        "assert big(frozenset({1, 2})) == 2",
        "assert add(*(1, 2)) == 3",
        "assert add(**{'a': 4, 'b': 5}) == 9",
        "assert f(-(3)) == 1",
        "assert f(tuple([1, 2])) == 1",
        "assert f(list(range(3)), 2 ** 4) == 1",
        "assert f(0 or 5) == 1",  # the operand that decides, as Python gives it
        "for r in [range(3)]:\n    assert f(r) == 1\n",  # a range is not a literal argument
    ]
    assert [c.args for c in harvest_calls(tests, "total")] == [([1, 1, 1],)]
    assert [c.render("big") for c in harvest_calls(tests, "big")] == ["big(frozenset({1, 2}))"]
    assert [c.render("add") for c in harvest_calls(tests, "add")] == ["add(1, 2)", "add(a=4, b=5)"]
    assert [c.args for c in harvest_calls(tests, "f")] == [(-3,), ((1, 2),), ([0, 1, 2], 16), (5,)]


def test_a_loop_over_a_huge_range_or_a_huge_repetition_stays_small():
    huge = ["for n in range(10 ** 9):\n    assert f(n) >= 0\n", "assert f('a' * 10 ** 9) == 1"]
    calls = harvest_calls(huge, "f")
    assert len(calls) <= 50 and calls[:2] == [Call((0,)), Call((1,))]


def test_a_problem_whose_tests_loop_over_a_literal_table_is_audited_and_its_survivor_asserted():
    # the visible inputs 10 and 90 miss ``x > 51``; grade(51) (pinned) rejects it, and the loop's
    # calls are the seeds of the fresh draws, as literal calls are
    for test in (
        "for x, y in [(10, 'small'), (90, 'big')]:\n    assert grade(x) == y\n",
        "assert list(map(grade, [10, 90])) == ['small', 'big']",
        "assert [grade(x) for x in [10, 90]] == ['small', 'big']",
    ):
        result = audit_problem(problem("grade", GRADE, [test], hidden=("grade(51)",)), AuditParams())
        assert result.status == "ok" and result.entry == "grade", (test, result.detail)
        assert result.n_fresh > 1
        [survivor] = [s for s in result.survivors if "x > 51" in s.after]
        [text] = [c.text for c in result.asserts if "grade(51)" in c.text]
        assert text == "assert grade(51) == 'big'"
        assert _run_assert(GRADE, "grade", text) is True
        assert _run_assert(survivor.source, "grade", text) is False


def test_the_published_methods_inputs_harvest_only_the_calls_the_tests_write():
    # control: ``--inputs contract`` and ``free`` reproduce the published figures field by field,
    # and the published method reads literal calls only (HumanEval/31's ``candidate(5 * 17)``)
    tests = ["for x, y in [(2, 4), (3, 9)]:\n    assert sq(x) == y\n", "assert sq(5 * 17) == 7225"]
    assert harvest_calls(tests, "sq", as_written=True) == []
    assert len(harvest_calls(tests, "sq")) == 3
    squares = problem("sq", "def sq(x):\n    return x * x\n", tests)
    for inputs in ("contract", "free"):
        result = prepare(squares, AuditParams(inputs=inputs))
        assert not isinstance(result, Prepared) and "no literal calls" in result.detail, inputs
    assert isinstance(prepare(squares, AuditParams()), Prepared)


def test_a_loop_over_data_computed_at_run_time_is_not_harvested_and_keeps_its_reason():
    # (a helper that only returns a literal is read as it since round ten: this one builds it)
    test = "def compute():\n    rows = [(2, 4)]\n    rows.append((3, 9))\n    return rows\n"
    test += "for x, y in compute():\n    assert sq(x) == y\n"
    squares = problem("sq", "def sq(x):\n    return x * x\n", [test])
    assert harvest_calls(squares.tests, "sq") == []
    result = audit_problem(squares, PINNED)
    assert (
        result.status == "excluded:no-fresh-inputs" and result.detail == "no literal calls to sq() to perturb"
    )


def test_a_loop_that_does_not_call_the_entry_with_its_names_or_may_stop_early_changes_nothing():
    tests = [
        "for n in range(20):\n    assert helper(n) >= 0\n",
        "assert main(2) == 4",
        "assert main(3) == 9",
        "for n in [1, 2, 3]:\n    if main(n) > 3:\n        break\n",
        "acc = Counter(0)\nfor n in [5, 6]:\n    acc.add(1)\nassert acc.value == 2\n",
    ]
    reference = "def helper(n):\n    return n\ndef main(n):\n    return n * n\nclass Counter:\n    pass\n"
    assert entry_of(problem("main", reference, tests)) == "main"  # the loop's calls count once
    assert [c.args for c in harvest_calls(tests, "main")] == [(2,), (3,)]
    at_run_time = tests[-1].replace("[5, 6]", "data()")
    assert harvest_calls(tests, "Counter") == harvest_calls([at_run_time], "Counter")


# 32. Found by the sixth red-team pass: a test that only defines pytest-style test functions
# checked nothing, as no test runner would leave them; now they run as a runner runs them.

SQUARE = "def sq(x):\n    return x * x\n"
SKEWED_SQUARE = "def sq(x):\n    return x * x if x < 3 else x * x + 1\n"


@pytest.mark.parametrize(
    "test",
    [
        "import pytest\n@pytest.mark.parametrize('x, y', [(2, 4), (4, 16)])\n"
        "def test_sq(x, y):\n    assert sq(x) == y\n",
        "def test_sq():\n    assert sq(2) == 4\n    assert sq(4) == 16\n",
        # found by a red-team pass over round six: run as pytest and unittest run them
        "class TestSq:\n    def setup_method(self):\n        self.k = 1\n    def test_sq(self):\n"
        "        assert sq(4) == 16 * self.k\n",
        "class TestSq:\n    def setup_class(cls):\n        cls.k = 1\n    def test_sq(self):\n"
        "        assert sq(4) == 16 * self.k\n",
        "class TestSq(object):\n    def test_sq(self):\n        assert sq(4) == 16\n",
        "import unittest\nclass Base(unittest.TestCase):\n    pass\nclass T(Base):\n    def test_sq(self):\n"
        "        self.assertEqual(sq(4), 16)\n",
        "import pytest\ndef test_later():\n    pytest.skip('later')\n"
        "def test_sq():\n    assert sq(4) == 16\n",
        "import pytest\n"
        "@pytest.mark.parametrize('x, y', [(4, 16), pytest.param(2, 5, marks=pytest.mark.xfail)])\n"
        "def test_sq(x, y):\n    assert sq(x) == y\n",
        "import pytest\nclass TestSq:\n    @pytest.mark.skip\n"
        "    def test_no(self):\n        assert sq(2) == 5\n"
        "    def test_sq(self):\n        assert sq(4) == 16\n",
        "def test_sq(k=1):\n    assert sq(4) == 16 * k\n",
        "K = None\ndef setup_module(module):\n    global K\n    K = 16\n"
        "def test_sq():\n    assert sq(4) == K\n",
    ],
)
def test_test_functions_a_runner_would_call_are_run(test):
    # its row (4, 16) rejects the skewed square, as pytest's would
    _rejected_by_the_tests(problem("sq", SQUARE, [test], hidden=("sq(5)",)), SKEWED_SQUARE)


@pytest.mark.parametrize(
    "test",
    [
        "class TestSq:\n    def __init__(self):\n        self.k = 2\n"
        "    def test_sq(self):\n        assert sq(4) == 17\n",
        "class TestSq:\n    __test__ = False\n    def test_sq(self):\n        assert sq(4) == 17\n",
        "import pytest\n@pytest.mark.skip\ndef test_sq():\n    assert sq(4) == 17\n",
    ],
)
def test_what_no_runner_collects_is_not_run(test):
    # control: a Test class with an __init__, one marked __test__ = False, a skipped function
    squares = problem("sq", SQUARE, [test, "assert sq(2) == 4"], hidden=("sq(5)",))
    assert isinstance(prepare(squares, PINNED), Prepared)  # not "the reference fails its tests"


def test_a_test_function_that_wants_a_fixture_is_still_not_run():
    # control: pytest would hand it ``caplog``; this tool does not make it, so it stays a definition
    test = "def test_sq(caplog):\n    assert sq(3) == 10\n"
    squares = problem("sq", SQUARE, [test, "assert sq(2) == 4"], hidden=("sq(5)",))
    assert isinstance(prepare(squares, PINNED), Prepared)  # not "the reference fails its tests"


# 33. Found by a review of the known misjudgments: a pytest test that wants a fixture the test
# file defines was never run (it checked nothing), and the calls it makes on the fixture's value
# were never drawn; two test functions that each bind ``nums`` to their own literal were not
# drawn either (a name was data only where the whole test bound it once).

FIXTURE_FED = [
    "import pytest\n@pytest.fixture\ndef n():\n    return 4\ndef test_sq(n):\n    assert sq(n) == 16\n",
    "import pytest\n@pytest.fixture()\ndef n():\n    yield 4\ndef test_sq(n):\n    assert sq(n) == 16\n",
    "import pytest\n@pytest.fixture(scope='module')\ndef half():\n    return 2\n"
    "@pytest.fixture\ndef n(half):\n    return half * 2\ndef test_sq(n):\n    assert sq(n) == 16\n",
    "import pytest\n@pytest.fixture(name='n')\ndef four():\n    return 4\n"
    "def test_sq(n):\n    assert sq(n) == 16\n",
    "import pytest\nclass TestSq:\n    @pytest.fixture(autouse=True)\n    def given(self):\n"
    "        self.n = 4\n    def test_sq(self):\n        assert sq(self.n) == 16\n",
    "import pytest\n@pytest.fixture\ndef n():\n    return 4\nclass TestSq:\n"
    "    def test_sq(self, n):\n        assert sq(n) == 16\n",
    "import pytest\nimport unittest\n@pytest.fixture\ndef n():\n    return 4\n"
    "@pytest.mark.parametrize('k', [1])\ndef test_sq(n, k):\n    assert sq(n) == 16 * k\n",
]


@pytest.mark.parametrize("test", FIXTURE_FED)
def test_a_test_that_wants_a_fixture_the_file_defines_runs_with_it(test):
    # sq(4) == 16 rejects the skewed square, as under pytest
    _rejected_by_the_tests(problem("sq", SQUARE, [test], hidden=("sq(5)",)), SKEWED_SQUARE)


def test_a_fixture_that_fails_fails_the_test():
    test = "import pytest\n@pytest.fixture\ndef n():\n    return 4\ndef test_sq(n):\n    assert sq(n) == 17\n"
    squares = problem("sq", SQUARE, [test, "assert sq(2) == 4"], hidden=("sq(5)",))
    excluded = prepare(squares, PINNED)
    assert not isinstance(excluded, Prepared) and excluded.status == "excluded:reference-fails-tests"


def test_a_fixture_of_params_in_a_wider_scope_or_one_wanting_caplog_is_still_not_emulated():
    # control: module-scoped ``params`` make pytest reorder its tests, ``caplog`` is not made here
    for test in (
        "import pytest\n@pytest.fixture(params=[1, 2], scope='module')\ndef n(request):\n"
        "    return request.param\ndef test_sq(n):\n    assert sq(n) == 17\n",
        "import pytest\n@pytest.fixture\ndef n(caplog):\n    return 3\n"
        "def test_sq(n):\n    assert sq(n) == 17\n",
    ):
        squares = problem("sq", SQUARE, [test, "assert sq(2) == 4"], hidden=("sq(5)",))
        assert isinstance(prepare(squares, PINNED), Prepared)  # not "the reference fails its tests"


def test_the_calls_a_test_makes_on_a_fixtures_value_are_drawn():
    test = (
        "import pytest\n@pytest.fixture\ndef nums():\n    return [1, 2, 3]\n"
        "@pytest.fixture\ndef more(nums):\n    yield nums + [4]\n"
        "def test_total(nums):\n    assert total(nums) == 6\n"
        "def test_more(more):\n    assert total(more) == 10\n"
        "class TestTotal:\n    @pytest.fixture(autouse=True)\n    def given(self):\n"
        "        self.pair = [5, 5]\n"
        "    def test_pair(self):\n        assert total(self.pair) == 10\n"
    )
    keys = [call.key() for call in harvest_calls([test], "total")]
    assert keys == ["(([1, 2, 3],), ())", "(([1, 2, 3, 4],), ())", "(([5, 5],), ())"]


def test_each_test_functions_own_literal_names_are_drawn():
    test = (
        "def test_a():\n    nums = [1, 2, 3]\n    assert total(nums) == 6\n"
        "def test_b():\n    nums = [4, 5]\n    assert total(nums) == 9\n"
    )
    keys = [call.key() for call in harvest_calls([test], "total")]
    assert keys == ["(([1, 2, 3],), ())", "(([4, 5],), ())"]
    # control: a name rebound inside a branch is not data there (which binding a read sees is
    # not known without running it)
    rebound = "def test_a():\n    nums = [1]\n    if x:\n        nums = [2]\n    assert total(nums) == 2\n"
    assert harvest_calls([rebound], "total") == []


def test_a_fixture_fed_problem_is_audited_not_excluded():
    positives = "def total(xs):\n    return sum(x for x in xs if x > 0)\n"
    test = (
        "import pytest\n@pytest.fixture\ndef nums():\n    return [1, 2, 3]\n"
        "def test_total(nums):\n    assert total(nums) == 6\n"
    )
    result = audit_problem(problem("total", positives, [test]), AuditParams())
    assert result.status == "ok" and result.n_fresh > 0
    assert "return None" not in _survivor_changes(result)  # the test runs: it rejects that one


def test_a_top_level_unittest_main_runs_the_tests_as_a_script_would():
    # ``python test.py`` runs the TestCase and exits 0 when it passes; run as written here, the
    # call raised SystemExit and the reference "failed its tests"
    test = (
        "import unittest\nclass T(unittest.TestCase):\n    def test_sq(self):\n"
        "        self.assertEqual(sq(4), 16)\nunittest.main()\n"
    )
    _rejected_by_the_tests(problem("sq", SQUARE, [test], hidden=("sq(5)",)), SKEWED_SQUARE)


def test_an_ordered_dict_and_a_counter_compare_as_plain_dicts_as_python_compares_them():
    from collections import Counter, OrderedDict

    for got, want in [
        (OrderedDict([("b", 1), ("a", 2)]), Counter(a=2, b=1)),  # order does not count here
        (Counter(a=2, b=1), OrderedDict([("a", 2), ("b", 1)])),
    ]:
        assert got == want and same(encode_value(got), encode_value(want))
    for got, want in [
        (OrderedDict([("a", 2), ("b", 0)]), Counter(a=2)),  # a zero count does: dict equality
        (OrderedDict([("a", 2)]), Counter(a=3)),
    ]:
        assert got != want and not same(encode_value(got), encode_value(want))


COLOR = (
    "import enum\nclass Color(enum.IntEnum):\n    RED = 1\n    GREEN = 2\n\n"
    "def pick(n):\n    return Color.GREEN if n > 2 else Color.RED\n"
)


def test_an_int_enum_member_equals_the_int_it_holds_as_python_compares_them():
    picks = problem("pick", COLOR, ["assert pick(9) == Color.GREEN", "assert pick(0) == Color.RED"],
                    hidden=("pick(3)",))  # fmt: skip
    prepared = prepare(picks, PINNED)
    assert isinstance(prepared, Prepared)
    plain = COLOR.replace("return Color.GREEN if n > 2 else Color.RED", "return 2 if n > 2 else 1")
    assert not judge_program(picks, PINNED, prepared, plain).broken  # 2 == Color.GREEN, as tests see
    result = audit_problem(picks, PINNED)
    text = _rejecting_assert(picks, result, "pick", "n > 3", "pick(3)")
    assert text == "assert pick(3) == Color.GREEN"  # written as the member, as the tests write it


def test_an_int_enum_member_as_a_dict_key_or_set_item_equals_the_int_it_holds():
    import enum

    color = enum.IntEnum("Color", {"RED": 1, "GREEN": 2})
    for got, want in [({color.RED: "r"}, {1: "r"}), ({color.RED, color.GREEN}, {1, 2})]:
        assert got == want and same(encode_value(got), encode_value(want))  # found by each other
    for got, want in [({color.RED: "r"}, {2: "r"}), ({color.RED}, {2})]:
        assert got != want and not same(encode_value(got), encode_value(want))


def test_a_name_bound_again_is_read_as_python_reads_it_in_straight_line_code():
    test = (
        "c = Counter(1)\nassert c.bump() == 3\nc = Counter(5)\nassert c.bump() == 7\n"
        "def test_b():\n    nums = [1]\n    assert total(nums) == 1\n    nums = nums + [2]\n"
        "    assert total(nums) == 3\n"
    )
    assert [c.render("Counter") for c in harvest_calls([test], "Counter")] == [
        "Counter(1).bump()",
        "Counter(5).bump()",
    ]
    assert [c.key() for c in harvest_calls([test], "total")] == ["(([1],), ())", "(([1, 2],), ())"]


BUMPING_COUNTER = (
    "class Counter:\n    def __init__(self, n):\n        self.n = n\n"
    "    def bump(self):\n        self.n += 2\n        return self.n\n"
)
BUMP_BY_THREE = BUMPING_COUNTER.replace("self.n += 2", "self.n += 3")


@pytest.mark.parametrize(
    "test",
    [
        # the test method binds ``self.c`` again after the set-up did
        "import unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n        self.c = Counter(12)\n"
        "    def test_a(self):\n        self.c = Counter(1)\n        self.assertEqual(self.c.bump(), 3)\n",
        # the set-up makes its object through a helper method
        "import unittest\nclass T(unittest.TestCase):\n    def make(self):\n        return Counter(12)\n"
        "    def setUp(self):\n        self.c = self.make()\n    def test_a(self):\n"
        "        self.assertEqual(self.c.bump(), 14)\n",
        # ... or from a class attribute
        "import unittest\nclass T(unittest.TestCase):\n    START = 12\n    def setUp(self):\n"
        "        self.c = Counter(self.START)\n    def test_a(self):\n"
        "        self.assertEqual(self.c.bump(), 14)\n",
    ],
)
def test_a_chain_through_a_test_classs_object_is_drawn_however_the_class_makes_it(test):
    counters = problem("Counter", BUMPING_COUNTER, [test])
    result = audit_problem(counters, AuditParams())
    assert result.status == "ok" and result.n_fresh > 0  # was "every mutant behaves like the reference"
    prepared = prepare(counters, AuditParams())
    assert judge_program(counters, AuditParams(), prepared, BUMP_BY_THREE).broken


# 34. Found by the eighth red-team pass: a raise the tests expect through the callable form of a
# raises check (``assertRaises(ValueError, isqrt, -4)``) made no call to draw, so no input near
# the raise was drawn and a mutant that stops raising there passed for equivalent.

FLOAT_ISQRT = "def isqrt(x):\n    if x < 0:\n        raise ValueError('neg')\n    return int(x ** 0.5)\n"
ISQRT_FROM_MINUS_FOUR = FLOAT_ISQRT.replace("if x < 0:", "if x <= -4:").replace("x ** 0.5", "abs(x) ** 0.5")


@pytest.mark.parametrize(
    "test",
    [
        "import unittest\nclass T(unittest.TestCase):\n    def test_r(self):\n"
        "        self.assertEqual(isqrt(16), 4)\n        self.assertRaises(ValueError, isqrt, -4)\n",
        "import pytest\ndef test_r():\n    assert isqrt(16) == 4\n    pytest.raises(ValueError, isqrt, -4)\n",
        "import unittest\nclass T(unittest.TestCase):\n    def test_r(self):\n"
        "        self.assertEqual(isqrt(16), 4)\n"
        "        self.assertRaisesRegex(ValueError, 'neg', isqrt, -4)\n",
        # its arguments spread from a literal (the ninth pass)
        "import pytest\ndef test_r():\n    assert isqrt(16) == 4\n"
        "    pytest.raises(ValueError, isqrt, *[-4])\n",
    ],
)
def test_the_callable_form_of_a_raises_check_is_a_call_the_tests_make(test):
    roots = problem("isqrt", FLOAT_ISQRT, [test])
    assert sorted(call.render("isqrt") for call in harvest_calls(roots.tests, "isqrt")) == [
        "isqrt(-4)",
        "isqrt(16)",
    ]
    params = AuditParams()
    prepared = prepare(roots, params)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(roots, params, prepared, ISQRT_FROM_MINUS_FOUR)
    assert verdict.broken and verdict.survived  # it passes the test and returns on -1, -2 or -3


@pytest.mark.parametrize(
    "test",
    [
        "def check(candidate):\n    assert candidate(2) == 4\n    assert candidate(3) == 9\n\ncheck(sq)\n",
        "def check(candidate):\n    assert candidate(2) == 4\n    assert candidate(3) == 9\n\n"
        "def test_check():\n    check(sq)\n",
    ],
)
def test_a_checker_the_test_defines_and_hands_the_entry_calls_the_entry(test):
    # HumanEval's shape kept whole in one test (MultiPL-E, a pytest file around it): was "no
    # function that the reference defines is called", or "no literal calls" with the entry named
    squares = problem("sq", SQUARE, [test], entry=None)
    assert entry_of(squares) == "sq"
    assert sorted(call.render("sq") for call in harvest_calls(squares.tests, "sq")) == ["sq(2)", "sq(3)"]
    result = audit_problem(squares, AuditParams())
    assert result.status == "ok" and result.n_fresh > 0


def test_an_argument_a_method_in_the_tests_chain_changes_in_place_is_part_of_the_answer():
    # LeetCode's in-place shape: ``Solution().rotate(m)`` returns None and the answer is ``m``
    rotate = (
        "class Solution:\n    def rotate(self, matrix):\n"
        "        matrix[:] = [list(r) for r in zip(*matrix[::-1])]\n"
    )
    early = rotate.replace(
        "        matrix[:]", "        if matrix[1][0] < 3:\n            return\n        matrix[:]"
    )
    test = "m = [[1, 2], [3, 4]]\nSolution().rotate(m)\nassert m == [[3, 1], [4, 2]]\n"
    rotations = problem("Solution", rotate, [test], hidden=("Solution().rotate([[1, 2], [2, 4]])",))
    prepared = prepare(rotations, PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(rotations, PINNED, prepared, early)
    assert verdict.broken and verdict.survived  # it leaves [[1, 2], [2, 4]] as it was
    [index] = verdict.witnesses
    text = assert_text(prepared.fresh[index], prepared.call_name, prepared.reference_calls[index], True)
    assert (
        text
        == "arg0 = [[1, 2], [2, 4]]; assert Solution().rotate(arg0) == None; assert arg0 == [[2, 1], [4, 2]]"
    )
    assert _run_assert(rotate, "Solution", text) is True and _run_assert(early, "Solution", text) is False


LINKED = (
    "class ListNode:\n    def __init__(self, val=0, next=None):\n"
    "        self.val = val\n        self.next = next\n\n"
    "class Solution:\n    def reverseList(self, head):\n        prev = None\n        while head:\n"
    "            head.next, prev, head = prev, head, head.next\n        return prev\n"
)
BUILD = (
    "def build(xs):\n    head = None\n    for x in reversed(xs):\n"
    "        head = ListNode(x, head)\n    return head\n\n"
    "def to_list(node):\n    out = []\n    while node:\n"
    "        out.append(node.val)\n        node = node.next\n"
    "    return out\n"
)


def test_an_argument_a_setup_helper_makes_is_made_in_place_and_its_literals_drawn():
    # LeetCode's shape: the harness's helpers (``list_node``, here ``build``) in the setup
    test = "assert to_list(Solution().reverseList(build([1, 2, 3]))) == [3, 2, 1]"
    lists = problem("Solution", LINKED, [test], setup=BUILD)
    result = audit_problem(lists, AuditParams())
    assert result.status == "ok" and result.n_fresh > 0  # was "no arguments to perturb"
    three_only = LINKED.replace("        while head:", "        while head and head.val < 4:")
    prepared = prepare(lists, AuditParams())
    verdict = judge_program(lists, AuditParams(), prepared, three_only)
    assert verdict.broken and verdict.survived  # it stops at a 4, which no visible list holds


def test_a_chain_on_arguments_nothing_can_make_is_named_in_the_exclusion():
    # the helper is the test's own: not in the child that runs the calls, so nothing is drawn,
    # and the exclusion names the call the tests make, not the bare constructor
    test = BUILD + "assert to_list(Solution().reverseList(build([1, 2, 3]))) == [3, 2, 1]\n"
    excluded = audit_problem(problem("Solution", LINKED, [test], entry="Solution"), AuditParams())
    assert excluded.status == "excluded:no-fresh-inputs"
    assert "Solution().reverseList(build([1, 2, 3]))" in excluded.detail


# 35. Found by the ninth red-team pass, over round seven itself.

ADD = "def add(a, b):\n    return a + b\n"


@pytest.mark.parametrize(
    "test",
    [
        # a module-scoped fixture is one value for the whole module, across classes
        "import pytest\n@pytest.fixture(scope='module')\ndef log():\n    return []\n"
        "class TestA:\n    def test_a(self, log):\n        log.append(add(1, 2))\n        assert log == [3]\n"
        "class TestB:\n    def test_b(self, log):\n        log.append(add(2, 2))\n"
        "        assert log == [3, 4]\n",
        # a mark of the suite's own does not keep pytest from running the test
        "import pytest\n@pytest.mark.slow\ndef test_add():\n    assert add(2, 2) == 4\n",
        # usefixtures makes the fixture first
        "import pytest\nSEEN = []\n@pytest.fixture\ndef clear():\n    SEEN.clear()\n"
        "@pytest.mark.usefixtures('clear')\ndef test_add():\n    assert add(2, 2) == 4 and SEEN == []\n",
        # the fixture's value built in a local, then yielded
        "import pytest\n@pytest.fixture\ndef two():\n    n = 2\n    yield n\ndef test_add(two):\n"
        "    assert add(two, 2) == 4\n",
        "from unittest import TestCase, main\nclass T(TestCase):\n    def test_add(self):\n"
        "        self.assertEqual(add(2, 2), 4)\nmain()\n",
    ],
)
def test_tests_pytest_runs_are_run_as_it_runs_them_and_a_reference_that_passes_them_passes(test):
    _rejected_by_the_tests(
        problem("add", ADD, [test], hidden=("add(5, 5)",)), ADD.replace("a + b", "a + b + 1")
    )


def test_a_fixtures_local_value_is_drawn_under_the_fixtures_name():
    test = (
        "import pytest\n@pytest.fixture\ndef counter():\n    c = Counter(2)\n    yield c\n"
        "def test_bump(counter):\n    assert counter.bump() == 4\n"
    )
    assert "Counter(2).bump()" in [call.render("Counter") for call in harvest_calls([test], "Counter")]


def test_an_enum_of_a_module_on_disk_is_asserted_by_its_value():
    # ``http.HTTPStatus.OK`` named as ``HTTPStatus.OK`` is a NameError where the program imports
    # ``http``: the value is written instead, which the member equals
    status = "import http\n\ndef status(code):\n    return http.HTTPStatus(code)\n"
    codes = problem("status", status, ["assert status(200) == 200"], hidden=("status(404)",))
    prepared = prepare(codes, PINNED)
    assert isinstance(prepared, Prepared)
    text = assert_text(prepared.fresh[0], prepared.call_name, prepared.reference_calls[0], False)
    assert text == "assert status(404) == 404" and _run_assert(status, "status", text) is True


SOLUTION_SQUARE = "class Solution:\n    def sq(self, x):\n        return x * x\n"


@pytest.mark.parametrize(
    ("reference", "entry", "test", "drawn"),
    [
        # an assert helper the test calls with what to check
        (SQUARE, "sq", "def _check(x, want):\n    assert sq(x) == want\n_check(2, 4)\n_check(3, 9)\n",
         "sq(2)"),
        # a checker handed the entry by keyword, or with a parameter of its own that has a default
        (SQUARE, "sq", "def check(candidate):\n    assert candidate(2) == 4\ncheck(candidate=sq)\n", "sq(2)"),
        (SQUARE, "sq", "def check(candidate, n=2):\n    assert candidate(n) == n * n\ncheck(sq)\n", "sq(2)"),
        # a checker handed a bound method, in the test function that binds its object
        (SOLUTION_SQUARE, "Solution",
         "def check(candidate):\n    assert candidate(2) == 4\n"
         "def test_check():\n    s = Solution()\n    check(s.sq)\n", "Solution().sq(2)"),
    ],
)  # fmt: skip
def test_a_helper_the_test_calls_with_what_to_check_is_read_with_what_it_was_handed(
    reference, entry, test, drawn
):
    rendered = [call.render(entry) for call in harvest_calls([test], entry)]
    assert drawn in rendered


def test_a_set_up_helper_method_that_takes_arguments_is_read_with_them():
    test = (
        "import unittest\nclass T(unittest.TestCase):\n    def make(self, start, step=2):\n"
        "        return Counter(start)\n    def setUp(self):\n        self.c = self.make(12)\n"
        "    def test_a(self):\n        self.assertEqual(self.c.bump(), 14)\n"
    )
    assert [call.render("Counter") for call in harvest_calls([test], "Counter")] == ["Counter(12).bump()"]


def test_a_parametrized_test_method_runs_once_per_row_and_its_rows_are_drawn():
    test = (
        "import pytest\nclass TestSq:\n    @pytest.mark.parametrize('x, y', [(2, 4), (4, 16)])\n"
        "    def test_sq(self, x, y):\n        assert sq(x) == y\n"
    )
    assert sorted(call.render("sq") for call in harvest_calls([test], "sq")) == ["sq(2)", "sq(4)"]
    _rejected_by_the_tests(problem("sq", SQUARE, [test], hidden=("sq(5)",)), SKEWED_SQUARE)


# 36. Round nine: module state the tests read through a getter of the reference's own (TALLY, with
# section 26's known-answer test).


def test_a_getter_read_before_any_call_or_given_arguments_is_not_a_read():
    # control: total() before the first call reads the state as loaded
    tests = ["assert total() == 0\nadd(5)"]
    tally = problem("add", TALLY, tests, hidden=("add(3)",))
    assert audit_problem(tally, PINNED).status == "excluded:no-broken-mutant"


def test_only_a_getter_that_changes_nothing_is_read_after_the_calls():
    from gameability_tui.engine.inputs.module_reads import module_reads

    assert module_reads(TALLY, ("add(5)\nassert total() == 10",)) == ("total()",)
    # reset() clears what it would read (a method called), pop_last() takes an item away, and a
    # getter the tests also hand arguments to does work: none is a read
    more = (
        "def reset():\n    _ITEMS.clear()\n    return 0\n\n"
        "def pop_last():\n    return _ITEMS.pop()\n\n"
        "def peek(n=1):\n    return _ITEMS[-n]\n"
    )
    tests = ("add(1)\nreset()\npop_last()\npeek(2)\nassert total() == 0",)
    assert module_reads(TALLY + more, tests) == ("total()",)


# 37. Found in a review of the known misjudgments: a test wanting one of pytest's own fixtures
# (``capsys``, ``tmp_path``, ``monkeypatch``) or a fixture with ``params`` was not run, so it
# checked nothing: a mutant printing the wrong answer, or returning None, passed it.

SHOW = "def show(n):\n    print(n * 2)\n"
GREET = "import os\n\ndef greet(name):\n    return 'hi ' + name + os.environ.get('PUNCT', '.')\n"
COUNT_WORDS = "def count_words(text):\n    return len(text.split())\n"
PARAM_X = "import pytest\n@pytest.fixture(params=[2, 3])\ndef x(request):\n    return request.param\n"
RATED = "class Util:\n    rate = staticmethod(lambda: 2)\n\ndef price(n):\n    return n * Util.rate()\n"


@pytest.mark.parametrize(
    ("reference", "test", "hidden", "mutant"),
    [
        # what the test prints, read through capsys (or capfd) and reset by each readouterr()
        (SHOW, "def test_show(capsys):\n    show(5)\n    assert capsys.readouterr().out == '10\\n'\n"
         "    show(1)\n    assert capsys.readouterr() == ('2\\n', '')\n",
         "show(6)", SHOW.replace("n * 2", "n * 2 + 1")),
        (SHOW, "class TestShow:\n    def test_show(self, capfd):\n        show(5)\n"
         "        out, err = capfd.readouterr()\n        assert out == '10\\n'\n",
         "show(6)", SHOW.replace("n * 2", "n * 2 + 1")),
        # a file in tmp_path; an environment monkeypatch sets, undone before the next test (which
        # passes the mutant: only the patched test rejects it)
        (COUNT_WORDS, "def test_file(tmp_path):\n    f = tmp_path / 'x.txt'\n    f.write_text('a b c')\n"
         "    assert count_words(f.read_text()) == 3\n    assert count_words('a b') == 2\n",
         "count_words('x y z')", COUNT_WORDS.replace("split())", "split()) + 1")),
        (GREET, "def test_bang(monkeypatch):\n    monkeypatch.setenv('PUNCT', '!')\n"
         "    assert greet('ann') == 'hi ann!'\ndef test_plain():\n    assert greet('bo') == 'hi bo.'\n",
         "greet('cyd')", GREET.replace("+ name +", "+ name[:2] +")),
        (GREET, "import os\ndef test_bang(monkeypatch):\n"
         "    monkeypatch.setattr(os, 'environ', {'PUNCT': '?'})\n    assert greet('ann') == 'hi ann?'\n"
         "def test_plain():\n    assert greet('bo') == 'hi bo.'\n",
         "greet('cyd')", GREET.replace("+ name +", "+ name[:2] +")),
        # a parametrized fixture: each test wanting it runs once per value, at module level or in
        # a class, beside a built-in one
        (SQUARE, PARAM_X + "def test_sq(x):\n    assert sq(x) == x ** 2\n", "sq(5)",
         SQUARE.replace("x * x", "None")),
        (SQUARE, "import pytest\nclass TestSq:\n    @pytest.fixture(params=[6, 7])\n"
         "    def x(self, request):\n        request.addfinalizer(lambda: None)\n"
         "        return request.param\n"
         "    def test_sq(self, x, capsys):\n        print(sq(x))\n"
         "        assert capsys.readouterr().out == f'{x * x}\\n'\n",
         "sq(5)", SQUARE.replace("x * x", "x * x + (x in (5, 7))")),
        # the tenth pass: an autouse fixture with params, request.node, capsys.disabled(),
        # monkeypatch.context(), and a class's staticmethod monkeypatched and put back as it was
        (SQUARE, "import pytest\nK = 0\n@pytest.fixture(autouse=True, params=[2, 3])\ndef k(request):\n"
         "    global K\n    K = request.param\ndef test_sq():\n    assert sq(K) == K * K\n",
         "sq(5)", SQUARE.replace("x * x", "x * x + (x in (3, 5))")),
        (SQUARE, "def test_sq(request):\n    assert request.node.name == 'test_sq'\n    assert sq(3) == 9\n",
         "sq(5)", SQUARE.replace("x * x", "x * x + (x in (3, 5))")),
        (SHOW, "def test_show(capsys):\n    with capsys.disabled():\n        pass\n    show(5)\n"
         "    assert capsys.readouterr().out == '10\\n'\n",
         "show(6)", SHOW.replace("n * 2", "n * 2 + 1")),
        (GREET, "def test_bang(monkeypatch):\n    with monkeypatch.context() as m:\n"
         "        m.setenv('PUNCT', '!')\n        assert greet('ann') == 'hi ann!'\n"
         "    assert greet('bo') == 'hi bo.'\n",
         "greet('cyd')", GREET.replace("+ name +", "+ name[:2] +")),
        (RATED, "def test_a(monkeypatch):\n    monkeypatch.setattr(Util, 'rate', staticmethod(lambda: 3))\n"
         "    assert price(2) == 6\ndef test_b():\n    assert Util().rate() == 2\n",
         "price(5)", RATED.replace("n * Util.rate()", "n * Util.rate() + (n in (2, 5))")),
    ],
)  # fmt: skip
def test_a_test_wanting_pytests_own_fixtures_or_a_parametrized_one_is_run_as_pytest_runs_it(
    reference, test, hidden, mutant
):
    entry = hidden.split("(")[0]
    _rejected_by_the_tests(problem(entry, reference, [test], hidden=(hidden,)), mutant)


def test_each_value_of_a_parametrized_fixture_is_drawn_and_a_fixture_pytest_lacks_still_runs_nothing():
    test = PARAM_X + "def test_sq(x):\n    assert sq(x) == x ** 2\n"
    assert sorted(call.render("sq") for call in harvest_calls([test], "sq")) == ["sq(2)", "sq(3)"]
    # beside a parametrize row (the tenth pass: not read at all)
    rows = "import pytest\n@pytest.fixture(params=[1, 2])\ndef x(request):\n    return request.param\n"
    rows += "@pytest.mark.parametrize('y', [10, 20])\ndef test_add(x, y):\n    assert add(x, y) == x + y\n"
    drawn = sorted(call.render("add") for call in harvest_calls([rows], "add"))
    assert drawn == ["add(1, 10)", "add(1, 20)", "add(2, 10)", "add(2, 20)"]
    # caplog is not made here: the test is not run, so a mutant it would reject survives
    unmade = "def test_sq(caplog):\n    assert sq(3) == 9\n"
    prepared = prepare(problem("sq", SQUARE, [unmade], hidden=("sq(4)",)), PINNED)
    assert isinstance(prepared, Prepared)
    verdict = judge_program(
        problem("sq", SQUARE, [unmade], hidden=("sq(4)",)), PINNED, prepared, "def sq(x):\n    return None\n"
    )
    assert verdict.broken and verdict.survived


# 38. From the ninth red-team pass (README "Still misjudged"): in a chain of calls on one object
# that raises, which call raised was not compared: the chain's answer was one raise, so a mutant
# raising one call later, or answering otherwise after a raise the test catches, was equivalent.

LIMITED = (
    "class Counter:\n    def __init__(self, limit):\n        self.n = 0\n        self.limit = limit\n\n"
    "    def bump(self):\n        if self.n >= self.limit:\n            raise ValueError('full')\n"
    "        self.n += 1\n        return self.n\n"
)
FILLS_UP = (
    "import pytest\ndef test_fills_up():\n    c = Counter(2)\n    assert c.bump() == 1\n"
    "    assert c.bump() == 2\n    with pytest.raises(ValueError):\n        c.bump()\n"
)
THREE_BUMPS = "c = Counter(1)\nc.bump()\nc.bump()\nc.bump()"


@pytest.mark.parametrize(
    "mutant",
    [
        # raises one call later where the limit is 1 (the visible test's limit is 2)
        LIMITED.replace("self.n >= self.limit:", "self.n >= self.limit and (self.limit, self.n) != (1, 1):"),
        # forgets its count when it refuses: the next call returns instead of raising again
        LIMITED.replace(
            "            raise ValueError", "            self.n = 0\n            raise ValueError"
        ),
    ],
)
def test_which_call_of_a_chain_raised_and_what_the_calls_after_it_answer_are_the_answer(mutant):
    counter = problem("Counter", LIMITED, [FILLS_UP], hidden=(THREE_BUMPS,))
    assert _survivor_with_its_assert(counter, mutant, raises=True) == (
        "import unittest; c = Counter(1); assert c.bump() == 1; "
        "assert unittest.TestCase().assertRaises(ValueError, lambda: c.bump()) is None; "
        "assert unittest.TestCase().assertRaises(ValueError, lambda: c.bump()) is None"
    )


def test_a_chain_raising_as_the_tests_catch_it_or_where_no_test_expects_a_raise_is_as_before():
    # control: a subclass of the reference's exception at the same call is what the tests'
    # ``pytest.raises`` accepts, so the same answer
    subclass = LIMITED.replace("class Counter:", "class Full(ValueError):\n    pass\n\nclass Counter:")
    subclass = subclass.replace("raise ValueError('full')", "raise Full('full')")
    counter = problem("Counter", LIMITED, [FILLS_UP], hidden=(THREE_BUMPS,))
    prepared = prepare(counter, PINNED)
    assert isinstance(prepared, Prepared)
    assert not judge_program(counter, PINNED, prepared, subclass).broken
    # control: where no test shows a raise, a call whose chain raises is a refused input: a
    # mutant raising one call later there is not told apart, as before
    quiet_tests = ["c = Counter(3)\nassert c.bump() == 1"]
    quiet = problem("Counter", LIMITED, quiet_tests, hidden=(THREE_BUMPS, "c = Counter(5)\nc.bump()"))
    prepared = prepare(quiet, PINNED)
    assert isinstance(prepared, Prepared)
    later = LIMITED.replace(
        "self.n >= self.limit:", "self.n >= self.limit and (self.limit, self.n) != (1, 1):"
    )
    assert not judge_program(quiet, PINNED, prepared, later).broken


# 39. From the eighth red-team pass (README "Still misjudged"): an entry the tests only pass as
# ``key=`` named no entry, so the problem was excluded, though a mutant keeping the order of the
# tests' few items but not the task's values passed them.

SCORE = "def score(word):\n    return len(word) * 2 + word.count('a')\n"


def test_a_key_over_the_letters_of_a_string_is_drawn_on_letters():
    # the tenth pass: the letters were drawn edited into words, on which the reference raises
    # (``ord('ab')``): "no usable oracle"; a one-character string now stays one character
    rank = "def rank(c):\n    return (ord(c) * 7) % 26\n"
    letters = problem("rank", rank, ["assert sorted('abc', key=rank) == ['a', 'b', 'c']"])
    prepared = prepare(letters, AuditParams())
    assert isinstance(prepared, Prepared) and prepared.fresh
    assert all(len(call.args[0]) == 1 and call.args[0].islower() for call in prepared.fresh)
    assert audit_problem(letters, AuditParams()).status == "ok"


@pytest.mark.parametrize(
    ("test", "drawn"),
    [
        ("assert sorted(['bb', 'a', 'ccc'], key=score) == ['a', 'bb', 'ccc']",
         ["score('a')", "score('bb')", "score('ccc')"]),
        ("assert max(['x', 'yyy'], key=score) == 'yyy'\nassert min('ab', 'c', key=score) == 'c'",
         ["score('ab')", "score('c')", "score('x')", "score('yyy')"]),
        ("ws = ['dd', 'a']\nassert sorted(ws, key=score) == ['a', 'dd']", ["score('a')", "score('dd')"]),
        # the tenth pass: list.sort's key, heapq's
        ("ws = ['dd', 'a']\nws.sort(key=score)\nassert ws == ['a', 'dd']", ["score('a')", "score('dd')"]),
        ("import heapq\nassert heapq.nlargest(1, ['a', 'dd'], key=score) == ['dd']",
         ["score('a')", "score('dd')"]),
    ],
)  # fmt: skip
def test_an_entry_the_tests_only_pass_as_a_sort_key_is_found_and_its_calls_drawn(test, drawn):
    assert entry_of(problem("score", SCORE, [test])) == "score"
    assert sorted(call.render("score") for call in harvest_calls([test], "score")) == drawn
    # the order of the tests' items is all they see: a mutant that keeps it survives
    result = audit_problem(problem("score", SCORE, [test]), AuditParams(mutants=40))
    assert result.status == "ok" and "return len(word) * 3 + word.count('a')" in _survivor_changes(result)


def test_where_no_test_expects_a_raise_a_chain_is_compared_up_to_the_call_the_reference_refuses():
    # the tenth pass: the chain's answer was the reference's raise alone, so a mutant answering
    # otherwise at a call before it (where the reference returned normally) was "equivalent"
    quiet_tests = ["c = Counter(3)\nassert c.bump() == 1\nassert c.bump() == 2"]
    quiet = problem("Counter", LIMITED, quiet_tests, hidden=(THREE_BUMPS,))
    off_by_one = LIMITED.replace("        return self.n\n", "        return self.n + (self.limit == 1)\n")
    # asserted as far as the reference answered
    assert _survivor_with_its_assert(quiet, off_by_one) == "c = Counter(1); assert c.bump() == 1"


# 40. From the seventh red-team pass (README "Still misjudged"): module data a call changed and
# then raised was not compared: where the tests expect the raise, the answer was the raise alone,
# so a mutant that spoils the data before refusing was equivalent.

LEDGER = (
    "BALANCE = [100]\n\ndef withdraw(amount):\n    if amount > BALANCE[-1]:\n"
    "        raise ValueError('short')\n    BALANCE.append(BALANCE[-1] - amount)\n    return BALANCE[-1]\n"
)
SPOILS = LEDGER.replace("        raise ValueError", "        BALANCE.append(0)\n        raise ValueError")


def test_module_data_a_call_changes_before_the_raise_the_tests_expect_is_part_of_the_answer():
    test = (
        "import pytest\ndef test_w():\n    assert withdraw(30) == 70\n    assert BALANCE[-1] == 70\n"
        "    with pytest.raises(ValueError):\n        withdraw(500)\n"
    )
    ledger = problem("withdraw", LEDGER, [test], hidden=("withdraw(200)",))
    assert _survivor_with_its_assert(ledger, SPOILS, raises=True) == (
        "import unittest; "
        "assert unittest.TestCase().assertRaises(ValueError, lambda: withdraw(200)) is None; "
        "assert BALANCE[-1] == 100"
    )
    # control: the same refusal, the data left as it was, is the same answer
    keeps = LEDGER.replace("raise ValueError('short')", "raise ValueError('too little')")
    prepared = prepare(ledger, PINNED)
    assert isinstance(prepared, Prepared) and not judge_program(ledger, PINNED, prepared, keeps).broken


# 41. From the ninth red-team pass (README "Still misjudged"): a test that calls the entry through
# a name bound to it (``g = sq``, or a fixture that returns the class: a factory) named no entry
# and drew no call, so the problem was excluded, though ``x + x`` passes ``g(2) == 4``.


@pytest.mark.parametrize(
    ("reference", "entry", "test", "drawn"),
    [
        (SQUARE, "sq", "g = sq\nassert g(2) == 4\n", "sq(2)"),
        (SQUARE, "sq", "g = sq\ndef test_sq():\n    assert g(2) == 4\n", "sq(2)"),
        (SQUARE, "sq", "def test_sq():\n    g = sq\n    assert g(2) == 4\n", "sq(2)"),
        (BUMP_CLASS, "Counter", "import pytest\n@pytest.fixture\ndef make():\n    return Counter\n"
         "def test_bump(make):\n    c = make(5)\n    assert c.bump() == 6\n", "Counter(5).bump()"),
        # the tenth pass: bound with another in a tuple, bound again later, or a fixture's local
        (SQUARE, "sq", "g, h = sq, abs\nassert g(2) == 4\n", "sq(2)"),
        (SQUARE, "sq", "def test_sq():\n    g = sq\n    assert g(2) == 4\n    g = abs\n"
         "    assert g(-2) == 2\n", "sq(2)"),
        (BUMP_CLASS, "Counter", "import pytest\n@pytest.fixture\ndef make():\n    factory = Counter\n"
         "    return factory\ndef test_bump(make):\n    c = make(5)\n    assert c.bump() == 6\n",
         "Counter(5).bump()"),
    ],
)  # fmt: skip
def test_an_entry_the_tests_call_through_a_name_bound_to_it_is_found_and_drawn(reference, entry, test, drawn):
    aliased = problem(entry, reference, [test], entry=None)
    assert entry_of(aliased) == entry
    assert [call.render(entry) for call in harvest_calls([test], entry)] == [drawn]
    assert audit_problem(aliased, AuditParams()).status == "ok"


def test_a_name_bound_to_the_entry_and_also_otherwise_is_not_read_as_it():
    # control: ``g`` is also a parameter, or bound again in a loop: not surely ``sq`` there
    for test in (
        "g = sq\ndef test_sq(g=abs):\n    assert g(-2) == 2\n",
        "for g in [abs]:\n    assert g(-2) == 2\n",
    ):
        assert harvest_calls([test + "g = sq\n"], "sq") == []


@pytest.mark.parametrize(
    "test",
    [
        # an object a module-level ``setup_function`` binds (global) and the test then uses
        "C = None\ndef setup_function(function):\n    global C\n    C = Counter(5)\n"
        "def test_bump():\n    assert C.bump() == 6\n",
        # a class constant read through ``type(self)`` or ``self.__class__``
        "import unittest\nclass T(unittest.TestCase):\n    START = 5\n    def setUp(self):\n"
        "        self.c = Counter(type(self).START)\n    def test_bump(self):\n"
        "        self.assertEqual(self.c.bump(), 6)\n",
        "import unittest\nclass T(unittest.TestCase):\n    START = 5\n    def test_bump(self):\n"
        "        self.assertEqual(Counter(self.__class__.START).bump(), 6)\n",
    ],
)
def test_an_object_made_by_a_set_up_hook_or_from_a_class_constant_is_drawn_through(test):
    assert "Counter(5).bump()" in [call.render("Counter") for call in harvest_calls([test], "Counter")]


@pytest.mark.parametrize(
    ("test", "drawn"),
    [
        ("c = Counter(3)\nassert c.bump() == 4\nassert c.bump() == 5\ndel c\n",
         ["c = Counter(3); c.bump(); c.bump()"]),
        ("def test_a():\n    c = Counter(3)\n    assert c.bump() == 4\n    del c\n    c = Counter(7)\n"
         "    assert c.bump() == 8\n", ["Counter(3).bump()", "Counter(7).bump()"]),
    ],
)  # fmt: skip
def test_a_name_the_test_deletes_after_its_uses_is_still_drawn_through(test, drawn):
    # the ninth pass: ``del c`` counted as a second binding, so only ``Counter(3)`` was drawn
    assert [call.render("Counter") for call in harvest_calls([test], "Counter")] == drawn


def test_an_object_passed_to_two_entry_calls_is_made_for_each_and_read_after_it():
    # the eighth pass: passed twice, the object was not taken: "no literal calls to deposit()"
    bank = "class Acc:\n    def __init__(self, b):\n        self.balance = b\n\ndef deposit(acc, x):\n"
    bank += "    acc.balance += x\n    return acc.balance\n"
    test = "acc = Acc(10)\ndeposit(acc, 5)\ndeposit(acc, 3)\nassert acc.balance == 18\n"
    drawn = harvest_calls([test], "deposit", frozenset({"Acc"}))
    assert [call.render("deposit") for call in drawn] == ["deposit(acc, 5)", "deposit(acc, 3)"]
    result = audit_problem(problem("deposit", bank, [test], entry=None), AuditParams())
    assert result.status == "ok" and "return None" in _survivor_changes(result)  # the tests never read it
    [text, *_] = [c.text for c in result.asserts]
    assert text.startswith("acc = Acc(10); assert deposit(acc, ") and "assert acc.balance == " in text


@pytest.mark.parametrize(
    ("test", "drawn"),
    [
        ("def make(n):\n    return Counter(n)\ndef test_a():\n    assert make(5).bump() == 6\n",
         "Counter(5).bump()"),
        ("def make(n=5):\n    return Counter(n)\nc = make()\nassert c.bump() == 6\nassert c.bump() == 7\n",
         "c = Counter(5); c.bump(); c.bump()"),
        # a fixture handing a factory function it defines
        ("import pytest\n@pytest.fixture\ndef make():\n    def _make(n):\n        return Counter(n)\n"
         "    return _make\ndef test_a(make):\n    assert make(5).bump() == 6\n", "Counter(5).bump()"),
    ],
)  # fmt: skip
def test_an_object_a_helper_of_the_test_returns_is_drawn_through(test, drawn):
    # the ninth pass: only the helper's own ``Counter(n)`` was seen, so nothing was drawn
    assert [call.render("Counter") for call in harvest_calls([test], "Counter")] == [drawn]


def test_what_a_call_writes_to_stderr_is_part_of_its_answer_where_the_reference_writes_there():
    # the tenth pass: a test reading ``capsys.readouterr().err`` ran, but stderr was no answer,
    # so a mutant writing another error text passed for equivalent
    report = "import sys\n\ndef report(n):\n    print(n * 2)\n    print('warn', n, file=sys.stderr)\n"
    test = "def test_report(capsys):\n    report(3)\n    out, err = capsys.readouterr()\n"
    test += "    assert out == '6\\n' and err == 'warn 3\\n'\n"
    quiet_above_five = report.replace("print('warn', n,", "print('warn', n if n < 5 else 0,")
    assert _survivor_with_its_assert(
        problem("report", report, [test], hidden=("report(6)",)), quiet_above_five
    ) == (
        "import contextlib\nimport io\nwith contextlib.redirect_stdout(io.StringIO()) as printed, "
        "contextlib.redirect_stderr(io.StringIO()) as errors:\n    result = report(6)\n"
        "assert result == None\nassert printed.getvalue() == '12\\n'\nassert errors.getvalue() == 'warn 6\\n'"
    )


# 42. Found by the eleventh red-team pass: a property the tests read on an object they build
# (``Rect(2, 3).area``, ``r = Rect(2, 3)`` then ``r.area``, ``self.r.area`` set in ``setUp``) was
# never read on fresh inputs: the object was compared by its plain state, which a property is
# not, so a mutant of ``area`` was "equivalent" and the problem excluded.

RECT = (
    "class Rect:\n    def __init__(self, w, h):\n        self.w = w\n        self.h = h\n\n"
    "    @property\n    def area(self):\n        return self.w * self.h\n\n"
    "    def scale(self, k):\n        return Rect(self.w * k, self.h * k)\n"
)
WIDE_RECT_WRONG = RECT.replace(
    "return self.w * self.h", "return self.w * self.h if self.w < 3 else self.w + self.h"
)


@pytest.mark.parametrize(
    ("test", "hidden", "expected"),
    [
        ("assert Rect(2, 3).area == 6\n", "Rect(4, 3).area", "assert Rect(4, 3).area == 12"),
        ("assert Rect(1, 1).scale(2).area == 4\n", "Rect(2, 1).scale(2).area",
         "assert Rect(2, 1).scale(2).area == 8"),
        ("r = Rect(2, 3)\nassert r.area == 6\n", "Rect(4, 3).area", "assert Rect(4, 3).area == 12"),
        ("import unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n        self.r = Rect(2, 3)\n"
         "    def test_a(self):\n        self.assertEqual(self.r.area, 6)\n",
         "Rect(4, 3).area", "assert Rect(4, 3).area == 12"),
    ],
)  # fmt: skip
def test_a_property_the_tests_read_on_an_object_they_build_is_read_on_fresh_inputs(test, hidden, expected):
    drawn = [call.render("Rect") for call in harvest_calls([test], "Rect")]
    assert drawn and all(text.endswith("area") for text in drawn)
    rects = problem("Rect", RECT, [test], hidden=(hidden,))
    assert _survivor_with_its_assert(rects, WIDE_RECT_WRONG) == expected


def test_a_static_method_bound_in_the_class_body_is_an_entry_the_tests_call_on_the_class():
    # the eleventh pass: ``square = staticmethod(lambda x: x * x)`` named no entry
    ops = "class MathOps:\n    square = staticmethod(lambda x: x * x)\n"
    wrong_from_four = ops.replace("x * x)", "x * x if x < 4 else x + x)")
    tests = ["assert MathOps.square(3) == 9\nassert MathOps.square(2) == 4\n"]
    squares = problem("MathOps.square", ops, tests, entry=None, hidden=("MathOps.square(5)",))
    assert entry_of(squares) == "MathOps.square"
    assert _survivor_with_its_assert(squares, wrong_from_four) == "assert MathOps.square(5) == 25"


def test_an_attribute_of_an_expected_exception_the_tests_read_is_part_of_the_answer():
    # the eleventh pass: ``e.value.code == 404`` read the code, but only the type and message
    # were compared, so a mutant raising the right type with another code was "equivalent"
    http = (
        "class HttpError(Exception):\n    def __init__(self, code):\n        super().__init__('http error')\n"
        "        self.code = code\n\ndef fetch(status):\n    if status >= 400:\n"
        "        raise HttpError(status)\n    return 'ok'\n"
    )
    test = (
        "import pytest\ndef test_err():\n    assert fetch(200) == 'ok'\n"
        "    with pytest.raises(HttpError) as e:\n        fetch(404)\n    assert e.value.code == 404\n"
    )
    wrong_code = http.replace("raise HttpError(status)", "raise HttpError(status if status < 405 else 500)")
    fetches = problem("fetch", http, [test], hidden=("fetch(406)",))
    # (since round twenty-two the message, which the test does not read, is not pinned)
    assert _survivor_with_its_assert(fetches, wrong_code, raises=True) == (
        "import unittest\nwith unittest.TestCase().assertRaises(HttpError) as caught:\n"
        "    fetch(406)\nassert caught.exception.code == 406"
    )
    # an attribute no test reads is part of it too, as the benchmark defines the exception's
    # class (the twentieth pass, section 97): its state is its answer, as a returned object's is
    quiet = problem(
        "fetch", http, [test.replace("    assert e.value.code == 404\n", "")], hidden=("fetch(406)",)
    )
    prepared = prepare(quiet, PINNED)
    assert isinstance(prepared, Prepared) and judge_program(quiet, PINNED, prepared, wrong_code).broken


@pytest.mark.parametrize(
    ("test", "entry", "hidden", "expected"),
    [
        (
            "assert Outer.Inner.f(3) == 9\n",
            "Outer.Inner.f",
            "Outer.Inner.f(5)",
            "assert Outer.Inner.f(5) == 25",
        ),
        (
            "assert Outer.Inner().g(3) == 9\n",
            "Outer.Inner",
            "Outer.Inner().g(5)",
            "assert Outer.Inner().g(5) == 25",
        ),
    ],
)
def test_a_nested_classs_method_is_an_entry_the_tests_call_through_its_dotted_name(
    test, entry, hidden, expected
):
    # the eleventh pass: ``Outer.Inner.f(3)`` and ``Outer.Inner().g(3)`` named no entry
    nested = (
        "class Outer:\n    class Inner:\n        @staticmethod\n        def f(x):\n"
        "            return x * x\n\n        def g(self, x):\n            return x * x\n"
    )
    wrong_from_four = nested.replace("return x * x", "return x * x if x < 4 else x + x")
    inner = problem(entry, nested, [test], entry=None, hidden=(hidden,))
    assert entry_of(inner) == entry
    assert _survivor_with_its_assert(inner, wrong_from_four) == expected


# 43. Found by the eleventh red-team pass: an operator or protocol the tests use on objects they
# build (``Vec(1, 2) + Vec(3, 4)``, ``len(Stack([1, 2, 3]))``, ``3 in Bag([1, 2, 3])``) never ran
# on a fresh input: only the objects were made and compared by their state, so every mutant of
# ``__add__`` was "equivalent" and the problem excluded for the wrong reason.

VEC = (
    "class Vec:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n\n"
    "    def __add__(self, o):\n        return Vec(self.x + o.x, self.y + o.y)\n\n"
    "    def __mul__(self, k):\n        return Vec(self.x * k, self.y * k)\n\n"
    "    __rmul__ = __mul__\n\n"
    "    def __eq__(self, o):\n        return (self.x, self.y) == (o.x, o.y)\n\n"
    "    def __repr__(self):\n        return f'Vec({self.x}, {self.y})'\n"
)
BAG = (
    "class Bag:\n    def __init__(self, items):\n        self.items = list(items)\n\n"
    "    def __len__(self):\n        return len(self.items)\n\n"
    "    def __contains__(self, x):\n        return x in self.items\n\n"
    "    def __getitem__(self, i):\n        return self.items[i]\n"
)
VER = (
    "class Ver:\n    def __init__(self, major, minor):\n        self.major = major\n"
    "        self.minor = minor\n\n"
    "    def __lt__(self, other):\n        return (self.major, self.minor) < (other.major, other.minor)\n"
)
VEC_OBJECT = (
    "(instance := {}) is not None and vars(instance) == {{'x': 4, 'y': {}}} "
    "and repr(instance) == 'Vec(4, {})'"
)


@pytest.mark.parametrize(
    ("reference", "test", "wrong", "hidden", "expected"),
    [
        (VEC, "assert Vec(1, 2) + Vec(3, 4) == Vec(4, 6)\n",
         ("self.y + o.y)", "self.y + o.y if o.y < 5 else 0)"), "Vec(1, 2) + Vec(3, 5)",
         "assert " + VEC_OBJECT.format("Vec(1, 2) + Vec(3, 5)", 7, 7)),
        (VEC, "def test_a():\n    a = Vec(1, 2)\n    b = Vec(3, 4)\n    assert a + b == Vec(4, 6)\n",
         ("self.y + o.y)", "self.y + o.y if o.y < 5 else 0)"), "Vec(1, 2) + Vec(3, 5)",
         "assert " + VEC_OBJECT.format("Vec(1, 2) + Vec(3, 5)", 7, 7)),
        (VEC, "assert repr(Vec(1, 2) * 3) == 'Vec(3, 6)'\n",
         ("self.y * k)", "self.y * k if k < 4 else self.y)"), "Vec(1, 2) * 4",
         "assert " + VEC_OBJECT.format("Vec(1, 2) * 4", 8, 8)),
        (VEC, "assert 3 * Vec(1, 2) == Vec(3, 6)\n",
         ("self.y * k)", "self.y * k if k < 4 else self.y)"), "4 * Vec(1, 2)",
         "assert " + VEC_OBJECT.format("4 * Vec(1, 2)", 8, 8)),
        (BAG, "assert len(Bag([1, 2, 3])) == 3\n",
         ("return len(self.items)", "return min(len(self.items), 3)"),
         "len(Bag([1, 2, 3, 4]))", "assert len(Bag([1, 2, 3, 4])) == 4"),
        (BAG, "assert 3 in Bag([1, 2, 3])\n", ("x in self.items", "x in self.items[:3]"),
         "4 in Bag([1, 2, 3, 4])", "assert (4 in Bag([1, 2, 3, 4])) == True"),
        (BAG, "def test_a():\n    b = Bag([4, 5, 6])\n    assert b[1] == 5\n",
         ("return self.items[i]", "return self.items[i] if i < 2 else self.items[0]"),
         "Bag([4, 5, 6])[2]", "assert Bag([4, 5, 6])[2] == 6"),
        (VER, "assert Ver(1, 2) < Ver(1, 3)\n",
         ("(self.major, self.minor) <", "(self.major, self.minor if self.minor < 4 else 0) <"),
         "Ver(1, 5) < Ver(1, 4)", "assert (Ver(1, 5) < Ver(1, 4)) == False"),
    ],
    ids=["add", "add-bound-names", "mul", "reflected-mul", "len", "in", "getitem-bound-name", "lt"],
)  # fmt: skip
def test_an_operator_the_tests_use_on_objects_they_build_is_drawn_and_asserted_as_written(
    reference, test, wrong, hidden, expected
):
    entry = reference.split()[1].rstrip(":")
    mutant = reference.replace(*wrong)
    assert mutant != reference
    built = problem(entry, reference, [test], hidden=(hidden,))
    assert _survivor_with_its_assert(built, mutant) == expected


def test_arithmetic_on_what_a_function_returns_keeps_its_whole_result_as_the_answer():
    # control: only an object of the reference's own classes takes an operator as a step; on
    # plain data (``total(xs) + 1``) the whole result stays the answer, as it always was
    total = "def total(xs):\n    return sum(xs)\n"
    drawn = harvest_calls(["assert total([1, 2]) + 1 == 4\n"], "total")
    assert [call.render("total") for call in drawn] == ["total([1, 2])"]
    # and a class whose objects the tests only compare keeps its calls as they were
    assert [c.render("Vec") for c in harvest_calls(["assert Vec(1, 2) == Vec(1, 2)\n"], "Vec")] == [
        "Vec(1, 2)"
    ]
    sums = problem("total", total, ["assert total([1, 2]) + 1 == 4\n"], hidden=("total([1, 2, 3])",))
    prepared = prepare(sums, PINNED)
    assert isinstance(prepared, Prepared)
    written = assert_text(prepared.fresh[0], "total", prepared.reference_calls[0])
    assert written == "assert total([1, 2, 3]) == 6"


# 44. Found in MBPP (486, ``binomial_probability(10, 5, 1.0/3)``): an argument the tests divide
# from literals was no literal, so the problem was excluded as having "no literal calls".


def test_an_argument_divided_from_literals_is_a_literal():
    scale = "def scale(n, p):\n    return n * p\n"
    wrong_past_ten = scale.replace("return n * p", "return n * p if n < 11 else n")
    drawn = harvest_calls(["assert scale(10, 1.0/4) == 2.5\nassert scale(9, 7 // 2) == 27\n"], "scale")
    assert [call.render("scale") for call in drawn] == ["scale(10, 0.25)", "scale(9, 3)"]
    halves = problem("scale", scale, ["assert scale(10, 1.0/4) == 2.5\n"], hidden=("scale(12, 1.0/4)",))
    assert _survivor_with_its_assert(halves, wrong_past_ten) == (
        "assert abs(scale(12, 0.25) - 3.0) <= 1e-06 + 1e-07 * abs(3.0)"
    )
    # control: a string formatted with % is text, not a division
    assert harvest_calls(["assert scale('%d' % 3, 1) == '3'\n"], "scale") == []


# 45. Found in MBPP (601, ``max_chain_length([Pair(5, 24), Pair(15, 25)], 2)``; README "Still
# misjudged"): objects the tests make inside a list they pass were no literal, so the problem was
# excluded as having "no literal calls", though its tests were weak.


def test_objects_made_in_a_list_the_tests_pass_are_drawn_with_their_own_arguments_perturbed():
    pairs = (
        "class Pair:\n    def __init__(self, a, b):\n        self.a = a\n        self.b = b\n\n"
        "def widest(pairs):\n    return max(p.b - p.a for p in pairs)\n"
    )
    first_two_only = pairs.replace("for p in pairs)", "for p in pairs[:2])")
    test = "assert widest([Pair(1, 3), Pair(2, 7)]) == 5\nassert widest((Pair(0, 1),)) == 1\n"
    drawn = [call.render("widest") for call in harvest_calls([test], "widest", frozenset({"Pair"}))]
    assert drawn == ["widest([Pair(1, 3), Pair(2, 7)])", "widest((Pair(0, 1),))"]
    spans = problem("widest", pairs, [test], hidden=("widest([Pair(1, 3), Pair(2, 7), Pair(0, 9)])",))
    assert _survivor_with_its_assert(spans, first_two_only) == (
        "assert widest([Pair(1, 3), Pair(2, 7), Pair(0, 9)]) == 9"
    )
    fresh = fresh_calls(visible_calls(spans)[2], 6, seed=1)
    assert fresh and all(call.render("widest").count("Pair(") in (1, 2) for call in fresh)


# 46. From a twelfth red-team pass (over section 43): an operator was read only on a direct
# ``Class(...)`` call or a name bound once to one, and only as the built-ins above: an object made
# by a class method, a fluent chain, a tuple binding or ``setUp``, and the protocols a test uses by
# iterating (``sorted``, ``sum``, ``for``, a comprehension, ``reversed``, ``x, y = v``), by truth
# (``assert Stack([1])``) or by ``max`` were never run on a fresh input.

STACK = (
    "class Stack:\n    def __init__(self, items=None):\n        self.items = list(items or [])\n\n"
    "    @classmethod\n    def of(cls, *xs):\n        return cls(xs)\n\n"
    "    def push(self, x):\n        self.items.append(x)\n        return self\n\n"
    "    def __len__(self):\n        return len(self.items)\n\n"
    "    def __iter__(self):\n        return iter(self.items)\n"
)
LEN_OF_SET = ("return len(self.items)", "return len(set(self.items))")
ITER_FIRST_THREE = ("return iter(self.items)", "return iter(self.items[:3])")


@pytest.mark.parametrize(
    ("entry", "test", "wrong", "hidden", "expected"),
    [
        ("Stack", "assert len(Stack().push(1).push(2)) == 2\n", LEN_OF_SET,
         "len(Stack().push(2).push(2))", "assert len(Stack().push(2).push(2)) == 2"),
        ("Stack.of", "assert len(Stack.of(1, 2, 3)) == 3\n", LEN_OF_SET,
         "len(Stack.of(2, 2, 3))", "assert len(Stack.of(2, 2, 3)) == 3"),
        ("Stack", "def test_a():\n    s = Stack()\n    s.push(1)\n    s.push(2)\n    assert len(s) == 2\n",
         LEN_OF_SET, "len(Stack().push(2).push(2))", "assert len(Stack().push(2).push(2)) == 2"),
        ("Stack", "def test_a():\n    a, b = Stack([1]), Stack([2, 3])\n    assert len(a) == 1\n", LEN_OF_SET,
         "len(Stack([2, 2]))", "assert len(Stack([2, 2])) == 2"),
        ("Stack", "import unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n"
         "        self.s = Stack([1, 2])\n    def test_a(self):\n        self.assertEqual(len(self.s), 2)\n",
         LEN_OF_SET, "len(Stack([2, 2]))", "assert len(Stack([2, 2])) == 2"),
        ("Stack", "assert Stack([1, 2])\nassert not Stack([])\n",
         ("return len(self.items)", "return len(self.items) if len(self.items) < 3 else 0"),
         "bool(Stack([1, 2, 3]))", "assert bool(Stack([1, 2, 3])) == True"),
        ("Stack", "assert sorted(Stack([3, 1, 2])) == [1, 2, 3]\n", ITER_FIRST_THREE,
         "sorted(Stack([4, 1, 2, 3]))", "assert sorted(Stack([4, 1, 2, 3])) == [1, 2, 3, 4]"),
        ("Stack", "assert sum(Stack([1, 2, 3])) == 6\n", ITER_FIRST_THREE,
         "sum(Stack([1, 2, 3, 4]))", "assert sum(Stack([1, 2, 3, 4])) == 10"),
        ("Stack", "def test_a():\n    x, y = Stack([1, 2])\n    assert (x, y) == (1, 2)\n", ITER_FIRST_THREE,
         "tuple(Stack([1, 2, 3, 4]))", "assert tuple(Stack([1, 2, 3, 4])) == (1, 2, 3, 4)"),
        ("Stack", "assert list(reversed(list(Stack([1, 2])))) == [2, 1]\n", ITER_FIRST_THREE,
         "list(Stack([1, 2, 3, 4]))", "assert list(Stack([1, 2, 3, 4])) == [1, 2, 3, 4]"),
    ],
    ids=["fluent", "class-method", "bound-fluent", "tuple-binding", "set-up", "truth", "sorted", "sum",
         "unpacking", "list-of"],
)  # fmt: skip
def test_an_object_however_the_tests_make_it_takes_its_protocols_as_steps(
    entry, test, wrong, hidden, expected
):
    mutant = STACK.replace(*wrong)
    assert mutant != STACK
    stacks = problem(entry, STACK, [test], entry=entry, hidden=(hidden,))
    assert _survivor_with_its_assert(stacks, mutant) == expected


def test_an_operator_on_what_a_method_returns_as_plain_data_keeps_the_whole_of_it_as_the_answer():
    # ``Solution().two_sum(...)[0]`` checks one item of a list: the whole list stays the answer
    # (the chain is cut where the operator meets plain data), so a mutant wrong in the other item
    # survives the tests and is broken, and its assert checks the whole list
    solution = (
        "class Solution:\n    def two_sum(self, nums, target):\n        seen = {}\n"
        "        for i, n in enumerate(nums):\n            if target - n in seen:\n"
        "                return [seen[target - n], i]\n            seen[n] = i\n"
    )
    second_wrong = solution.replace("return [seen[target - n], i]", "return [seen[target - n], i + 1]")
    test = "assert Solution().two_sum([2, 7, 11], 9)[0] == 0\n"
    pairs = problem("Solution", solution, [test], hidden=("Solution().two_sum([3, 2, 4], 6)[0]",))
    assert (
        _survivor_with_its_assert(pairs, second_wrong) == "assert Solution().two_sum([3, 2, 4], 6) == [1, 2]"
    )


def test_a_raise_through_an_operator_on_a_bound_object_or_a_bound_generator_is_expected():
    # the twelfth pass: ``inv['zz']`` and ``next(g)`` under ``pytest.raises`` hold no call of the
    # reference's code, so the raise was not part of the answer and a mutant returning there
    # was "equivalent"
    inventory = (
        "class Inventory:\n    def __init__(self, d):\n        self.d = dict(d)\n\n"
        "    def __getitem__(self, k):\n        return self.d[k]\n"
    )
    lenient = inventory.replace("return self.d[k]", "return self.d[k] if k in self.d or len(k) < 3 else 0")
    test = (
        "import pytest\ndef test_a():\n    inv = Inventory({'apple': 3})\n    assert inv['apple'] == 3\n"
        "    with pytest.raises(KeyError):\n        inv['zz']\n"
    )
    stock = problem("Inventory", inventory, [test], hidden=("Inventory({'apple': 3})['appe']",))
    assert _survivor_with_its_assert(stock, lenient, raises=True) == (
        "import unittest; assert unittest.TestCase().assertRaises(KeyError, lambda: "
        "Inventory({'apple': 3})['appe']) is None"
    )
    countdown = (
        "def countdown(n):\n    if n < 0:\n        raise ValueError('negative')\n"
        "    while n > 0:\n        yield n\n        n -= 1\n"
    )
    near = countdown.replace("if n < 0:", "if -3 < n < 0:")
    test = (
        "import pytest\ndef test_a():\n    assert list(countdown(2)) == [2, 1]\n    g = countdown(-1)\n"
        "    with pytest.raises(ValueError):\n        next(g)\n"
    )
    counts = problem("countdown", countdown, [test], hidden=("countdown(-3)",))
    assert _survivor_with_its_assert(counts, near, raises=True, lazy="generator") == (
        "import unittest; assert unittest.TestCase().assertRaises(ValueError, lambda: "
        "list(countdown(-3))) is None"
    )


def test_arguments_built_from_literals_by_a_call_are_named_in_the_exclusion():
    # the twelfth pass (class 7): ``total(range(5))`` was excluded as having "no literal calls",
    # though its call holds one; the reason now names the call and why it is not drawn (a range
    # is drawn since section 48; a built-in type passed as an argument, MBPP/533's, since
    # section 87, kept as written while the tuple is drawn)
    keep = "def keep(xs, kind):\n    return [x for x in xs if isinstance(x, kind)]\n"
    made = "def made(n):\n    kind = n\n    return kind\n"  # a function of the test's own
    kept = problem("keep", keep, [made + "assert keep((4, 5.5), made(int)) == [4]\n"])
    result = audit_problem(kept, PINNED)
    assert result.exclusion == "no-fresh-inputs"
    assert "keep((4, 5.5), made(int))" in result.detail and "no literal calls" not in result.detail
    drawn = prepare(problem("keep", keep, ["assert keep((4, 5.5), int) == [4]\n"]), AuditParams())
    assert drawn.fresh and all(call.args[1].render() == "int" for call in drawn.fresh)


def test_a_count_the_tests_pass_beside_their_list_of_objects_stays_its_length_in_fresh_draws():
    # MBPP/601 deep: the objects' arguments and the count beside them were drawn apart, so
    # ``max_chain_length([five pairs], 4)`` became an assert on an input the task never promised
    tests = [
        "assert longest([Pair(5, 24), Pair(15, 25), Pair(27, 40)], 3) == 3\n",
        "assert longest([Pair(1, 2), Pair(3, 4)], 2) == 2\n",
    ]
    visible = harvest_calls(tests, "longest", frozenset({"Pair"}))
    drawn = fresh_calls(visible, 40, seed=1)
    assert len(drawn) > 10 and all(call.args[1] == len(call.args[0]) for call in drawn)


# 47. From a thirteenth red-team pass (over sections 43 to 46): what a use made as a statement
# returns is thrown away; the chain stops at any value not of the benchmark's own classes; a loop
# over an object is not read as ``list(obj)``; a count is tied to its list of objects only where
# two visible calls show it.

FLUENT_TALLY = (
    "class Tally:\n    def __init__(self):\n        self.n = 0\n\n"
    "    def add(self, k):\n        self.n += k\n        return self\n"
)


def test_what_a_use_made_as_a_statement_returns_is_no_part_of_the_answer():
    # ``t.add(2)`` as a statement: a fluent ``return self`` made ``return None`` was a "survivor"
    # that no assert could reject (the problem weak with no evidence)
    test = "def test_a():\n    t = Tally()\n    t.add(2)\n    t.add(3)\n    assert t.n == 5\n"
    tallies = problem("Tally", FLUENT_TALLY, [test])
    prepared = prepare(tallies, AuditParams())
    assert isinstance(prepared, Prepared) and prepared.fresh
    assert not judge_program(
        tallies, AuditParams(), prepared, FLUENT_TALLY.replace("return self", "return None")
    ).broken
    assert judge_program(
        tallies, AuditParams(), prepared, FLUENT_TALLY.replace("self.n += k", "self.n += k + 1")
    ).broken


def test_an_operator_on_a_value_not_of_the_benchmarks_classes_ends_the_chain_there():
    # ``WordStats('a b a').counts()['a']``: ``counts`` returns a ``Counter``; the whole of it is
    # the answer, so a mutant adding a key the test does not read is broken, and the assert says so
    stats = (
        "from collections import Counter\n\nclass WordStats:\n    def __init__(self, text):\n"
        "        self.words = text.split()\n\n    def counts(self):\n        return Counter(self.words)\n"
    )
    extra_key = stats.replace(
        "return Counter(self.words)", "c = Counter(self.words)\n        c['zz'] += 1\n        return c"
    )
    words = problem(
        "WordStats",
        stats,
        ["assert WordStats('a b a').counts()['a'] == 2\n"],
        hidden=("WordStats('a b').counts()['b']",),
    )
    assert _survivor_with_its_assert(words, extra_key) == (
        "from collections import Counter; assert WordStats('a b').counts() == Counter({'a': 1, 'b': 1})"
    )


def test_a_loop_over_an_object_is_not_read_as_its_list():
    # a set-like class's order is not the task's: ``for x in IntSet(...)`` read as ``list(...)``
    # pinned it, and an assert rejected a correct solution that iterates sorted
    test = (
        "def test_a():\n    seen = set()\n    for x in IntSet([3, 1, 2]):\n        seen.add(x)\n"
        "    assert seen == {1, 2, 3}\n"
    )
    drawn = [call.render("IntSet") for call in harvest_calls([test], "IntSet", classes=frozenset({"IntSet"}))]
    assert drawn == ["IntSet([3, 1, 2])"]


def test_a_count_beside_a_list_of_objects_is_tied_to_it_only_where_two_calls_show_it():
    one = ["assert top([Pair(1, 2), Pair(3, 4)], 2) == 2\n"]
    drawn = fresh_calls(harvest_calls(one, "top", frozenset({"Pair"})), 30, seed=1)
    assert any(call.args[1] != len(call.args[0]) for call in drawn)


# 48. From the issue's class 3 (standard-library values) and a twelfth red-team pass: an argument
# the tests build with a standard-library value type (``tax(Decimal('20'))``, ``due(date(2024, 1,
# 30), 2)``, ``total(range(5))``) was no literal, so the problem was excluded, though its tests
# may be weak.

TAX = (
    "from decimal import Decimal\n\ndef tax(amount):\n"
    "    return (amount * Decimal('0.2')).quantize(Decimal('0.01'))\n"
)


def test_an_argument_made_by_a_standard_library_value_type_is_drawn_as_the_test_writes_it():
    test = (
        "from decimal import Decimal as D\nimport datetime\n\n"
        "assert tax(D('1.50'), datetime.date(2024, 1, 30)) == 1\n"
    )
    (call,) = harvest_calls([test], "tax", std={})
    assert call.render("tax") == "tax(D('1.50'), datetime.date(2024, 1, 30))"
    assert [made.std for made in call.args] == ["decimal.Decimal", "datetime.date"]
    drawn = fresh_calls([call], 30, seed=1)
    assert len(drawn) >= 10
    for made in (draw.args[0] for draw in drawn):  # a number with two decimals, never edited text
        assert re.fullmatch(r"-?\d+\.\d\d", made.args[0]), made
    for made in (draw.args[1] for draw in drawn):  # a date the type accepts: no draw it refuses
        assert datetime.date(*made.args)
    # the published method's harvest takes no such argument, and a name the reference defines is
    # the reference's own
    assert harvest_calls([test], "tax") == []
    (own,) = harvest_calls(["assert tax(Decimal('2')) == 1\n"], "tax", frozenset({"Decimal"}), std={})
    assert own.args[0].std == ""


def test_a_weak_problem_whose_tests_pass_decimals_is_judged_and_its_assert_imports_the_type():
    doubled = TAX.replace("amount * Decimal('0.2')", "amount * amount * Decimal('0.2')")
    taxes = problem(
        "tax",
        TAX,
        ["from decimal import Decimal\n\ndef test_a():\n    assert tax(Decimal('1')) == Decimal('0.20')\n"],
        hidden=("tax(Decimal('3'))",),
    )
    assert _survivor_with_its_assert(taxes, doubled) == (
        "from decimal import Decimal; assert tax(Decimal('3')) == Decimal('0.60')"
    )


def test_a_date_and_a_range_the_tests_pass_are_drawn_and_asserted_with_their_import():
    due = "import datetime\n\ndef due(d, weeks):\n    return d + datetime.timedelta(days=7 * weeks)\n"
    backwards = due.replace("d + datetime", "d - datetime")
    dates = problem(
        "due",
        due,
        [
            "from datetime import date\n\n"
            "def test_a():\n    assert due(date(2024, 1, 30), 0) == date(2024, 1, 30)\n"
        ],
        hidden=("due(datetime.date(2024, 1, 1), 2)",),
    )
    assert _survivor_with_its_assert(dates, backwards) == (
        "import datetime; assert due(datetime.date(2024, 1, 1), 2) == datetime.date(2024, 1, 15)"
    )
    total = "def total(xs):\n    return sum(x for x in xs if x > 2)\n"
    at_least = total.replace("x > 2", "x >= 2")
    ranges = problem("total", total, ["assert total(range(2)) == 0\n"], hidden=("total(range(4))",))
    assert _survivor_with_its_assert(ranges, at_least) == "assert total(range(4)) == 3"
    result = audit_problem(ranges, AuditParams())
    assert result.status == "ok" and result.survivors


# 49. From the twelfth red-team pass (README "Still misjudged"): an operator on an object that a
# function of the reference makes (``len(make_stack([1, 2]))``) was not read: only the object's
# state was compared, so every mutant of ``__len__`` looked equivalent.

MADE_STACK = (
    "class Stack:\n    def __init__(self, items):\n        self.items = list(items)\n\n"
    "    def __len__(self):\n        return len(self.items)\n\n"
    "def make_stack(items):\n    s = Stack([])\n    s.items.extend(items)\n    return s\n"
)


def test_an_operator_on_an_object_a_function_of_the_reference_makes_is_a_step_of_its_chain():
    at_most_two = MADE_STACK.replace("return len(self.items)", "return min(len(self.items), 2)")
    stacks = problem(
        "make_stack",
        MADE_STACK,
        ["def test_a():\n    assert len(make_stack([1, 2])) == 2\n"],
        hidden=("len(make_stack([1, 2, 3]))",),
    )
    assert _survivor_with_its_assert(stacks, at_most_two) == "assert len(make_stack([1, 2, 3])) == 3"
    # control: a function returning plain data keeps its whole result as the answer
    listed = "def halves(xs):\n    return [x / 2 for x in xs]\n"
    (call,) = harvest_calls(["assert len(halves([1, 2])) == 2\n"], "halves")
    assert call.render("halves") == "halves([1, 2])"
    assert not factory_names(frozenset(), listed)


# 50. From a fourteenth red-team pass (plain shapes a suite would hold first).

VECTOR = (
    "class Vector:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n\n"
    "    def __repr__(self):\n        return f'Vector({self.x}, {self.y})'\n\n"
    "    def scale(self, k):\n        return Vector(self.x * k, self.y * k)\n"
)


def test_an_object_with_float_state_and_its_own_repr_gets_an_assert_that_reads_the_object():
    # the float state's check bound ``result`` to ``vars(...)``, and ``repr(result)`` then read
    # the dict: the assert failed on the reference and the survivor was offered with none
    floored = VECTOR.replace("self.y * k)", "self.y // k)")
    vectors = problem(
        "Vector",
        VECTOR,
        ["assert repr(Vector(1.5, 2.0).scale(1)) == 'Vector(1.5, 2.0)'\n"],
        hidden=("Vector(2.5, 1.5).scale(1)",),
    )
    text = _survivor_with_its_assert(vectors, floored)
    assert text.startswith("assert (instance := Vector(2.5, 1.5).scale(1)) is not None and ")
    assert text.endswith("and repr(instance) == 'Vector(2.5, 1.5)'")


WITHDRAW = (
    "class Account:\n    def __init__(self, balance=0):\n        self.balance = balance\n\n"
    "    def withdraw(self, amount):\n        if amount > self.balance:\n"
    "            raise ValueError('insufficient funds')\n"
    "        self.balance -= amount\n        return self.balance\n"
)


def test_a_statement_the_test_expects_to_raise_answers_with_what_it_returns_where_it_does_not():
    # ``acct.withdraw(101)`` under ``pytest.raises`` was thrown away as a statement: on a draw
    # where the reference returns, nothing was compared, and a mutant that never subtracts was
    # "equivalent"
    test = (
        "import pytest\n\ndef test_a():\n    acct = Account(100)\n"
        "    with pytest.raises(ValueError):\n        acct.withdraw(101)\n"
    )
    (call,) = harvest_calls([test], "Account")
    assert call.chain == (("withdraw", (101,), ()),)  # no thrown-away step
    accounts = problem("Account", WITHDRAW, [test])
    prepared = prepare(accounts, AuditParams())
    assert isinstance(prepared, Prepared)
    never_subtracts = WITHDRAW.replace("        self.balance -= amount\n", "")
    verdict = judge_program(accounts, AuditParams(), prepared, never_subtracts)
    assert verdict.broken and verdict.survived
    # control: the same statement outside the block still throws its answer away
    (plain,) = harvest_calls(["def test_a():\n    acct = Account(100)\n    acct.withdraw(1)\n"], "Account")
    assert plain.chain == (("withdraw", (1,), ()), (DROP_STEP, (), ()))


def test_a_field_the_test_reads_on_a_result_keeps_the_whole_result_as_the_answer():
    # ``bounds([3, 1, 2]).lo``: only ``.lo`` was compared, so a mutant wrong in ``.hi`` was
    # "equivalent", where ``bounds(...)[0]`` kept the whole result (issue 26, class 4)
    bounds = (
        "from collections import namedtuple\n\nPair = namedtuple('Pair', 'lo hi')\n\n"
        "def bounds(xs):\n    return Pair(min(xs), max(xs))\n"
    )
    low_twice = bounds.replace("max(xs))", "min(xs))")
    pairs = problem("bounds", bounds, ["assert bounds([3, 1, 2]).lo == 1\n"], hidden=("bounds([4, 2]).lo",))
    assert _survivor_with_its_assert(pairs, low_twice) == "assert bounds([4, 2]) == (2, 4)"
    # a property is no part of the state: it is read, as round ten reads it
    rect = (
        "class Rect:\n    def __init__(self, w, h):\n        self.w = w\n        self.h = h\n\n"
        "    @property\n    def area(self):\n        return self.w * self.h\n"
    )
    squared = rect.replace("self.w * self.h", "self.w * self.w")
    rects = problem("Rect", rect, ["assert Rect(2, 2).area == 4\n"], hidden=("Rect(4, 3).area",))
    assert _survivor_with_its_assert(rects, squared) == "assert Rect(4, 3).area == 12"


TEMPERATURE = (
    "class Temperature:\n    def __init__(self, celsius):\n        self.celsius = celsius\n\n"
    "    def __str__(self):\n        return f'{self.celsius:.1f}C'\n\n"
    "    def to_f(self):\n        return self.celsius * 9 / 5 + 32\n"
)


@pytest.mark.parametrize(
    "look",
    [
        "assert str(t) == '100.0C'",
        "assert f'{t}' == '100.0C'",
        "print(t)",
        "assert isinstance(t, Temperature)",
    ],
)
def test_a_look_at_an_object_does_not_stop_its_methods_being_replayed(look):
    # ``str(t)``, ``f'{t}'``, ``print(t)`` or ``isinstance(t, ...)`` made ``t`` "passed
    # elsewhere": only ``Temperature(100)`` was drawn, so every mutant of ``to_f`` was equivalent
    test = f"def test_a():\n    t = Temperature(100)\n    {look}\n    assert t.to_f() == 212\n"
    two_c_plus_12 = TEMPERATURE.replace("self.celsius * 9 / 5 + 32", "self.celsius * 2 + 12")
    temperatures = problem("Temperature", TEMPERATURE, [test])
    prepared = prepare(temperatures, AuditParams())
    assert isinstance(prepared, Prepared)
    assert all("to_f()" in call.render("Temperature") for call in prepared.fresh)
    verdict = judge_program(temperatures, AuditParams(), prepared, two_c_plus_12)
    assert verdict.broken and verdict.survived


def test_a_text_the_class_does_not_write_is_no_step_of_the_chain():
    # ``str(Box(1))`` of a class with no ``__str__`` or ``__repr__`` names an address, different
    # in every run: the object is compared whole, and the reference stays equivalent to itself
    box = "class Box:\n    def __init__(self, n):\n        self.n = n + 0\n"
    boxes = problem("Box", box, ["assert str(Box(1)).startswith('<')\n"], hidden=("str(Box(2))",))
    prepared = prepare(boxes, PINNED)
    assert isinstance(prepared, Prepared)
    assert not judge_program(boxes, PINNED, prepared, box).broken
    assert judge_program(boxes, PINNED, prepared, box.replace("self.n = n + 0", "self.n = n + 1")).broken


def test_a_candidate_whose_load_is_slow_but_ends_is_judged_on_its_answers():
    # a correct candidate importing ``statistics`` or building a table as it loads (more than
    # 20,000 steps, the load's old budget) was "broken, and fails its tests": its load ran out
    # and nothing else ran
    mean = "def mean(xs):\n    return sum(xs) / len(xs)\n"
    by_the_library = (
        "HALVES = {}\nfor i in range(50000):\n    HALVES[i] = i / 2\n\n"
        "def mean(xs):\n    return sum(xs) / len(xs)\n"
    )
    means = problem("mean", mean, ["assert mean([1, 2, 3]) == 2\n"], hidden=("mean([1, 2, 6])",))
    prepared = prepare(means, PINNED)
    assert isinstance(prepared, Prepared)
    assert not judge_program(means, PINNED, prepared, by_the_library).broken
    # control: a load that never ends still fails
    endless = "while True:\n    pass\n\n" + mean
    verdict = judge_program(means, PINNED, prepared, endless)
    assert verdict.broken and not verdict.survived


def test_a_function_or_method_handed_to_a_raises_check_is_the_entry_and_its_call_answers():
    # ``self.assertRaises(ValueError, safe_sqrt, -1)`` as the only test named no entry ("no
    # function that the reference defines is called"); ``assertRaises(ValueError, acct.withdraw,
    # 101)`` read ``acct.withdraw`` as an attribute, and withdraw never ran on a fresh input
    sqrt = "def safe_sqrt(x):\n    if x < 0:\n        raise ValueError(x)\n    return x ** 0.5\n"
    test = (
        "import unittest\n\nclass T(unittest.TestCase):\n    def test_a(self):\n"
        "        self.assertRaises(ValueError, safe_sqrt, -1)\n"
    )
    roots = problem("safe_sqrt", sqrt, [test], hidden=("safe_sqrt(9)",))
    halved = sqrt.replace("x ** 0.5", "x * 0.5")
    assert _survivor_with_its_assert(roots, halved) == (
        "assert abs(safe_sqrt(9) - 3.0) <= 1e-06 + 1e-07 * abs(3.0)"
    )
    handed = test.replace("safe_sqrt, -1)", "acct.withdraw, 101)").replace(
        "    def test_a(self):\n", "    def test_a(self):\n        acct = Account(100)\n"
    )
    (call,) = harvest_calls([handed], "Account")
    assert call.chain == (("withdraw", (101,), ()),)  # a call the test expects to raise: not thrown away
    accounts = problem("Account", WITHDRAW, [handed])
    prepared = prepare(accounts, AuditParams())
    assert isinstance(prepared, Prepared)
    never_subtracts = WITHDRAW.replace("        self.balance -= amount\n", "")
    verdict = judge_program(accounts, AuditParams(), prepared, never_subtracts)
    assert verdict.broken and verdict.survived


def test_a_use_cut_where_it_met_plain_data_is_asserted_as_far_as_it_went():
    # ``assert not s.is_empty()``: the use's chain is ``bool(...)`` of a bool, cut there; its
    # assert went through ``bool`` too, so a mutant returning None for False passed it and the
    # survivor was offered with no assert
    stack = (
        "class Stack:\n    def __init__(self):\n        self.items = []\n\n"
        "    def push(self, x):\n        self.items.append(x)\n\n"
        "    def is_empty(self):\n        return len(self.items) == 0\n"
    )
    none_for_false = stack.replace("return len(self.items) == 0", "return not self.items or None")
    test = (
        "def test_a():\n    s = Stack()\n    assert s.is_empty()\n    s.push(1)\n"
        "    assert not s.is_empty()\n"
    )
    stacks = problem("Stack", stack, [test], hidden=("s = Stack()\ns.push(2)\nnot s.is_empty()",))
    assert _survivor_with_its_assert(stacks, none_for_false) == (
        "s = Stack(); assert s.push(2) == None; assert s.is_empty() == False"
    )


def test_where_the_tests_expect_raises_the_default_draws_cross_the_reference_s_raise_guards():
    # ``Account(-5)`` raises and ``Account(10)`` does not: the default draws (-4, -6, 9, 11)
    # never crossed the guard at 0, so ``balance < 1`` was "equivalent" and the problem excluded
    account = (
        "class Account:\n    def __init__(self, balance):\n        if balance < 0:\n"
        "            raise ValueError('negative balance')\n        self.balance = balance\n"
    )
    test = (
        "import pytest\n\ndef test_a():\n    with pytest.raises(ValueError):\n        Account(-5)\n"
        "    assert Account(10).balance == 10\n"
    )
    accounts = problem("Account", account, [test])
    prepared = prepare(accounts, AuditParams())
    assert isinstance(prepared, Prepared)
    assert {"Account(-1)", "Account(0)", "Account(1)"} <= {call.render("Account") for call in prepared.fresh}
    verdict = judge_program(accounts, AuditParams(), prepared, account.replace("balance < 0", "balance < 1"))
    assert verdict.broken and verdict.survived
    # control: where no test expects a raise, the draws are the random ones alone
    plain = problem("Account", account, ["def test_a():\n    assert Account(10).balance == 10\n"])
    unaimed = prepare(plain, AuditParams())
    assert isinstance(unaimed, Prepared) and "Account(0)" not in {c.render("Account") for c in unaimed.fresh}


def test_an_async_generator_s_survivor_is_asserted_by_the_items_async_for_takes():
    # its assert was ``list(agen(4)) == ...``, which cannot iterate an async generator: it failed
    # on the reference, and the survivor was offered with none
    squares = "async def agen(n):\n    for i in range(n):\n        yield i * i\n"
    three_at_most = squares.replace("range(n)", "range(min(n, 3))")
    test = (
        "import asyncio\n\ndef test_a():\n    async def main():\n"
        "        return [x async for x in agen(3)]\n    assert asyncio.run(main()) == [0, 1, 4]\n"
    )
    generators = problem("agen", squares, [test], hidden=("agen(4)",))
    assert _survivor_with_its_assert(generators, three_at_most, lazy="async") == (
        "async def drained(items): return [item async for item in items]\n"
        "import asyncio; assert asyncio.run(drained(agen(4))) == [0, 1, 4, 9]"
    )


# 51. From the fourteenth pass's leftovers (README "Still misjudged"): by default a raise guard was
# aimed at only through a plain call's own numbers, so a guard on an object's method, or one that
# compares two arguments, was never crossed where the tests show it from afar.


def test_a_raise_guard_on_a_method_is_crossed_where_its_argument_meets_the_object_s_state():
    # ``withdraw(500)`` raises on a balance of 150 and ``withdraw(50)`` does not: the draws (47 to
    # 53, 497 to 750) never reached 150, so ``amount >= self.balance`` was "equivalent"
    test = (
        "import pytest\n\ndef test_a():\n    acct = Account(150)\n    with pytest.raises(ValueError):\n"
        "        acct.withdraw(500)\n    assert Account(150).withdraw(50) == 100\n"
    )
    at_the_balance = WITHDRAW.replace("amount > self.balance", "amount >= self.balance")
    _, drawn = _drawn_with_a_survivor(problem("Account", WITHDRAW, [test]), at_the_balance)
    assert "Account(150).withdraw(150)" in drawn


def test_a_raise_guard_between_two_arguments_is_crossed_where_they_meet():
    span = "def span(lo, hi):\n    if lo > hi:\n        raise ValueError('lo above hi')\n    return hi - lo\n"
    test = (
        "import pytest\n\ndef test_a():\n    assert span(2, 9) == 7\n    with pytest.raises(ValueError):\n"
        "        span(9, 2)\n"
    )
    _, drawn = _drawn_with_a_survivor(problem("span", span, [test]), span.replace("lo > hi", "lo >= hi"))
    assert {"span(2, 2)", "span(9, 9)"} <= drawn


def test_the_deep_attack_aims_at_the_literals_of_a_chain_too():
    # ``aimed_calls`` edited a chain's own arguments only (``Account(150)``), never the method's
    found = visible_calls(problem("Account", WITHDRAW, ["assert Account(150).withdraw(20) == 130"]))
    assert found is not None
    visible = found[2]
    aimed = {call.render("Account") for call in aimed_calls(visible, WITHDRAW, set(), 40)}
    assert "Account(150).withdraw(150)" in aimed


CELSIUS = (
    "class Temperature:\n    def __init__(self, celsius=0):\n        self._c = celsius\n\n"
    "    @property\n    def celsius(self):\n        return self._c\n\n"
    "    @celsius.setter\n    def celsius(self, value):\n        if value < -273.15:\n"
    "            raise ValueError('below absolute zero')\n        self._c = value\n\n"
    "    @property\n    def fahrenheit(self):\n        return self._c * 9 / 5 + 32\n"
)


def test_a_value_stored_to_an_object_s_attribute_is_a_step_its_setter_runs_on():
    # ``t.celsius = 100`` was passed over: only ``Temperature()`` was left, with no literal to draw,
    # and the problem was excluded, though a mutant of ``fahrenheit`` right only at 100 survives
    test = "def test_a():\n    t = Temperature()\n    t.celsius = 100\n    assert t.fahrenheit == 212\n"
    temperatures = problem(
        "Temperature", CELSIUS, [test], hidden=("t = Temperature()\nt.celsius = 40\nt.fahrenheit",)
    )
    only_at_100 = CELSIUS.replace("return self._c * 9 / 5 + 32", "return 212 if self._c == 100 else 0")
    assert _survivor_with_its_assert(temperatures, only_at_100) == (
        "t = Temperature(); t.celsius = 40; assert abs(t.fahrenheit - 104.0) <= 1e-06 + 1e-07 * abs(104.0)"
    )


def test_a_setter_s_guard_the_tests_expect_to_raise_is_crossed_and_asserted():
    # ``with pytest.raises(ValueError): t.celsius = -300``: the store was not read, and the draws
    # (-297 to -303 as ints) could never cross a guard at -273.15: ``value < -200`` was "equivalent"
    test = (
        "import pytest\n\ndef test_a():\n    t = Temperature(25)\n    with pytest.raises(ValueError):\n"
        "        t.celsius = -300\n    assert t.celsius == 25\n"
    )
    higher_floor = CELSIUS.replace("value < -273.15", "value < -200")
    _, drawn = _drawn_with_a_survivor(problem("Temperature", CELSIUS, [test]), higher_floor)
    assert {"t = Temperature(25); t.celsius = -274", "t = Temperature(25); t.celsius = -273"} <= drawn
    pinned = problem("Temperature", CELSIUS, [test], hidden=("t = Temperature(25)\nt.celsius = -250",))
    # (one store is the object's chain: a statement, whose assert is that it runs)
    assert _survivor_with_its_assert(pinned, higher_floor, raises=True) == "Temperature(25).celsius = -250"
    pinned = problem("Temperature", CELSIUS, [test], hidden=("t = Temperature(25)\nt.celsius = -280",))
    lower_floor = CELSIUS.replace("value < -273.15", "value < -290")
    assert _survivor_with_its_assert(pinned, lower_floor, raises=True) == (
        "import unittest; assert unittest.TestCase().assertRaises("
        "ValueError, lambda: setattr(Temperature(25), 'celsius', -280)) is None"
    )


def test_an_item_stored_to_an_object_is_a_step_of_its_uses():
    # ``g[0, 1] = 5`` was no step (only reads, ``g[0, 1]``, were): ``__setitem__`` never ran on a
    # fresh input and every mutant of it was "equivalent"
    grid = (
        "class Grid:\n    def __init__(self, n):\n        self.cells = [[0] * n for _ in range(n)]\n\n"
        "    def __setitem__(self, at, value):\n        row, col = at\n"
        "        self.cells[row][col] = value\n\n"
        "    def __getitem__(self, at):\n        row, col = at\n        return self.cells[row][col]\n"
    )
    test = "def test_a():\n    g = Grid(3)\n    g[0, 1] = 5\n    assert g[0, 1] == 5\n"
    grids = problem("Grid", grid, [test], hidden=("g = Grid(3)\ng[0, 2] = 5\ng[0, 2]",))
    first_two_columns = grid.replace("self.cells[row][col] = value", "self.cells[row][min(col, 1)] = value")
    assert (
        _survivor_with_its_assert(grids, first_two_columns)
        == "g = Grid(3); g[(0, 2)] = 5; assert g[(0, 2)] == 5"
    )


def test_an_item_store_the_tests_expect_to_raise_is_asserted_through_setitem():
    grid = (
        "class Grid:\n    def __init__(self, n):\n        self.cells = [[0] * n for _ in range(n)]\n\n"
        "    def __setitem__(self, at, value):\n        if value < 0:\n"
        "            raise ValueError('cells hold counts')\n        row, col = at\n"
        "        self.cells[row][col] = value\n"
    )
    test = (
        "import pytest\n\ndef test_a():\n    g = Grid(3)\n    with pytest.raises(ValueError):\n"
        "        g[0, 1] = -5\n"
    )
    grids = problem("Grid", grid, [test], hidden=("g = Grid(3)\ng[0, 1] = -1",))
    assert _survivor_with_its_assert(grids, grid.replace("value < 0", "value < -2"), raises=True) == (
        "import unittest; assert unittest.TestCase().assertRaises("
        "ValueError, lambda: Grid(3).__setitem__((0, 1), -1)) is None"
    )


# 52. From the fifteenth pass: a class of the reference built as the expected value
# (``scale(Vector(1, 2), 3) == Vector(3, 6)``) was the entry, being called more often than the
# function tested: the function never ran on a fresh input and the problem was excluded.

SCALED = (
    "from dataclasses import dataclass\n\n@dataclass\nclass Vector:\n    x: float\n    y: float\n\n"
    "def scale(v, k):\n    return Vector(v.x * k, v.y * k)\n"
)


def test_a_class_built_as_the_expected_value_is_not_the_entry():
    tests = ["assert scale(Vector(1, 2), 3) == Vector(3, 6)", "assert scale(Vector(2, 0), 2) == Vector(4, 0)"]
    scaled = problem("scale", SCALED, tests, entry=None)
    assert entry_of(scaled) == "scale"
    prepared, _ = _drawn_with_a_survivor(scaled, SCALED.replace("v.y * k", "v.y * 3"))
    assert prepared.call_name == "scale"
    unittest_style = (
        "import unittest\n\nclass T(unittest.TestCase):\n    def test_a(self):\n"
        "        self.assertEqual(scale(Vector(1, 2), 3), Vector(3, 6))\n"
    )
    assert entry_of(problem("scale", SCALED, [unittest_style], entry=None)) == "scale"


def test_a_named_tuple_class_the_reference_makes_by_a_call_is_its_own():
    # ``Point = namedtuple('Point', 'x y')`` was data, not a class: ``swap(Point(1, 2))`` passed
    # "neither a literal nor an object of the reference's own", and the problem was excluded
    swapped = "from collections import namedtuple\n\nPoint = namedtuple('Point', 'x y')\n\ndef swap(p):\n"
    swapped += "    return Point(p.y, p.x)\n"
    tests = ["assert swap(Point(1, 2)).x == 2", "assert swap(Point(5, 9)).x == 9"]
    points = problem("swap", swapped, tests, hidden=("swap(Point(3, 4))",))
    assert _survivor_with_its_assert(points, swapped.replace("Point(p.y, p.x)", "Point(p.y, p.y)")) == (
        "assert swap(Point(3, 4)) == (4, 3)"
    )
    # and built as the expected value, it is not the entry
    shifted = swapped.replace(
        "def swap(p):\n    return Point(p.y, p.x)", "def shift(p, dx):\n    return Point(p.x + dx, p.y)"
    )
    assert (
        entry_of(problem("shift", shifted, ["assert shift(Point(1, 2), 3) == Point(4, 2)"], entry=None))
        == "shift"
    )


# 53. From the fifteenth pass: a member of the reference's ``Enum`` passed as an argument
# (``next_light(Light.RED)``) was no literal: the problem was excluded, though its tests are weak.

LIGHTS = (
    "from enum import Enum\n\nclass Light(Enum):\n    RED = 1\n    GREEN = 2\n    YELLOW = 3\n\n"
    "def next_light(light):\n    if light == Light.RED:\n        return Light.GREEN\n"
    "    if light == Light.GREEN:\n        return Light.YELLOW\n    return Light.RED\n"
)


def test_an_enum_member_argument_is_drawn_as_another_member_of_its_class():
    tests = ["assert next_light(Light.RED) == Light.GREEN", "assert next_light(Light.GREEN) == Light.YELLOW"]
    lights = problem("next_light", LIGHTS, tests)
    prepared = prepare(lights, AuditParams())
    assert isinstance(prepared, Prepared)
    assert [call.render("next_light") for call in prepared.fresh] == ["next_light(Light.YELLOW)"]
    stays_green = LIGHTS.replace("    return Light.RED\n", "    return Light.GREEN\n")
    pinned = problem("next_light", LIGHTS, tests, hidden=("next_light(Light.YELLOW)",))
    assert _survivor_with_its_assert(pinned, stays_green) == "assert next_light(Light.YELLOW) == Light.RED"


def test_a_plain_enum_member_is_compared_as_equality_compares_it_by_which_member_it_is():
    # ``YELLOW = 4`` changes no ``==`` between members: it "survived" every test with no assert
    # that could reject it; a value that makes a member another's alias does change which it is
    tests = ["assert next_light(Light.RED) == Light.GREEN", "assert next_light(Light.GREEN) == Light.YELLOW"]
    lights = problem("next_light", LIGHTS, tests)
    prepared = prepare(lights, AuditParams())
    assert isinstance(prepared, Prepared)
    renumbered = judge_program(lights, AuditParams(), prepared, LIGHTS.replace("YELLOW = 3", "YELLOW = 4"))
    assert not renumbered.broken
    aliased = judge_program(lights, AuditParams(), prepared, LIGHTS.replace("RED = 1", "RED = 3"))
    assert aliased.broken


# 54. From the fifteenth pass: a call with nothing to draw (no argument) left no fresh input, and
# the problem was excluded though its tests look at only part of the one result there is; from
# the eighteenth, where they compare the whole of it too (the one call decides every mutant).


def test_a_call_with_nothing_to_draw_is_its_own_witness_where_the_tests_check_part_of_it():
    board = "def empty_board():\n    return [[' '] * 3 for _ in range(3)]\n"
    tests = ["assert len(empty_board()) == 3", "assert empty_board()[0][0] == ' '"]
    boards = problem("empty_board", board, tests)
    narrow = board.replace("[' '] * 3", "[' '] * 2")
    _drawn_with_a_survivor(boards, narrow)
    assert _survivor_with_its_assert(boards, narrow) == (
        "assert empty_board() == [[' ', ' ', ' '], [' ', ' ', ' '], [' ', ' ', ' ']]"
    )
    # where the tests compare the whole result, the one call decides every mutant: strong
    primes = "def small_primes():\n    return [p for p in range(2, 20) if all(p % d for d in range(2, p))]\n"
    whole = audit_problem(
        problem("small_primes", primes, ["assert small_primes() == [2, 3, 5, 7, 11, 13, 17, 19]"]),
        AuditParams(),
    )
    assert whole.status == "ok" and whole.n_fresh == 1  # was "no arguments to perturb"
    assert whole.n_survived == 0 and whole.n_broken > 0  # each broken one fails its test


def test_a_reference_with_no_mutation_site_says_which_operators_found_none():
    clamp = "clamp = lambda x, lo, hi: max(lo, min(x, hi))\n"
    result = audit_problem(problem("clamp", clamp, ["assert clamp(5, 0, 3) == 3"]), AuditParams())
    assert result.status == "excluded:no-mutation-sites"
    assert result.detail.startswith(
        "no line of the reference is one the sample attack's operators change (compare, "
    )


def test_a_text_literal_two_calls_on_an_object_share_is_kept_shared_in_half_the_draws():
    # ``s.put('a', 1)`` then ``s.get('a')``: drawn apart, the key got was almost never the key
    # put, so a mutant of what ``put`` stores was "equivalent"
    store = (
        "class Store:\n    def __init__(self):\n        self.data = {}\n\n"
        "    def put(self, k, v):\n        self.data[k] = v\n\n"
        "    def get(self, k):\n        return self.data.get(k)\n"
    )
    test = "def test_a():\n    s = Store()\n    s.put('a', 1)\n    assert s.get('a') == 1\n"
    off_above_one = store.replace("self.data[k] = v\n", "self.data[k] = v if v < 2 else v + 1\n")
    prepared, _ = _drawn_with_a_survivor(problem("Store", store, [test]), off_above_one)
    keys = [(call.uses[0][0][1][0], call.uses[1][0][1][0]) for call in prepared.fresh]
    assert sum(put == got for put, got in keys) >= len(keys) // 2 and any(put != got for put, got in keys)


def test_a_raise_guard_on_a_number_written_as_text_is_crossed():
    # ``parse_port('70000')`` raises: the guard's constant 65535 was written into the text
    # (``'65536'``), then dropped, as the tests' numerals hold no 3, 5 or 6
    parse = (
        "def parse_port(text):\n    port = int(text)\n    if port < 1 or port > 65535:\n"
        "        raise ValueError(text)\n    return port\n"
    )
    test = (
        "import pytest\n\ndef test_a():\n    assert parse_port('80') == 80\n"
        "    with pytest.raises(ValueError):\n        parse_port('70000')\n"
        "    with pytest.raises(ValueError):\n        parse_port('0')\n"
    )
    past_the_top = parse.replace("port > 65535", "port > 65536")
    _, drawn = _drawn_with_a_survivor(problem("parse_port", parse, [test]), past_the_top)
    assert "parse_port('65536')" in drawn


def test_a_raise_guard_is_crossed_below_the_smallest_number_the_tests_pass():
    # ``safe_div(1, 0)`` raises and ``safe_div(6, 3)`` does not: the contract's floor (0, the
    # smallest divisor shown) dropped the guard's far side, so ``b <= 0`` was "equivalent"
    divide = "def safe_div(a, b):\n    if b == 0:\n        raise ValueError('by zero')\n    return a / b\n"
    test = (
        "import pytest\n\ndef test_a():\n    assert safe_div(6, 3) == 2\n"
        "    with pytest.raises(ValueError):\n        safe_div(1, 0)\n"
    )
    divisions = problem("safe_div", divide, [test])
    _, drawn = _drawn_with_a_survivor(divisions, divide.replace("b == 0", "b <= 0"))
    assert "safe_div(6, -1)" in drawn
    deep = prepare(divisions, AuditParams(attack="deep"))  # its own aimed inputs keep the floor
    assert isinstance(deep, Prepared) and "safe_div(6, -1)" in {
        call.render("safe_div") for call in deep.fresh
    }


def test_a_call_through_a_table_of_the_reference_s_functions_names_its_entry():
    # ``OPS['add'](2, 3)`` named no function: the problem was excluded as one whose tests call
    # none the reference defines
    table = "def add(a, b):\n    return a + b\n\ndef sub(a, b):\n    return a - b\n\n"
    table += "OPS = {'add': add, 'sub': sub}\n"
    tests = ["assert OPS['add'](2, 3) == 5", "assert OPS['add'](4, 1) == 5"]
    ops = problem("ops", table, tests)
    assert entry_of(ops) == "add"
    _drawn_with_a_survivor(ops, table.replace("return a + b", "return a + b if a < 5 else a - b"))


# 55. From README "Still misjudged" (the fifteenth pass): by default only a raise guard was aimed
# at, so the commonest mutants, ``>=`` for ``>`` and a constant one higher, which part from their
# reference at a single value, survived only where eight random draws happened to reach it.


def test_by_default_a_comparison_with_a_constant_is_met_at_the_constant():
    # ``is_adult('30')`` and ``is_adult('12')``: the draws never wrote '18', so ``> 18`` was
    # "equivalent" and the problem strong
    adult = "def is_adult(age_text):\n    return int(age_text) >= 18\n"
    tests = ["assert is_adult('30') is True", "assert is_adult('12') is False"]
    _, drawn = _drawn_with_a_survivor(problem("is_adult", adult, tests), adult.replace(">= 18", "> 18"))
    assert "is_adult('18')" in drawn


def test_by_default_a_comparison_with_a_constant_is_met_one_above_it_too():
    # a cap at 100 shown with 500 and with numbers below it: ``n > 101`` parts from it at 101 alone
    capped = (
        "def capped_sum(values):\n    total = 0\n    for n in values:\n        if n > 100:\n"
        "            n = 100\n        total += n\n    return total\n"
    )
    tests = ["assert capped_sum([1, 2, 3]) == 6", "assert capped_sum([50, 500]) == 150"]
    _, drawn = _drawn_with_a_survivor(problem("capped_sum", capped, tests), capped.replace("> 100", "> 101"))
    assert any("101" in call for call in drawn)


def test_the_boundary_inputs_keep_the_contract_s_floor_and_leave_remainders_alone():
    # ``n >= -5``: the tests pass only positive numbers, so -5 (or -4, -6) is no input the task
    # promises, while 3 is met (2, below it, lies on a side no test shows); ``n % 7 == 0``
    # compares a remainder: 0 is no boundary of ``n``, and 7, a multiple, is met on a budget of
    # its own (``% 8`` for ``% 7`` parts there: the twenty-sixth pass), its neighbours never
    shifted = (
        "def shift(n):\n    if n >= -5 and n < 3:\n        return 0\n    if n % 7 == 0:\n"
        "        return 1\n    return n\n"
    )
    found = visible_calls(problem("shift", shifted, ["assert shift(8) == 8", "assert shift(4) == 4"]))
    assert found is not None
    visible = found[2]
    known = {call.key() for call in visible}
    drawn = [call.render("shift") for call in boundary_calls(visible, shifted, known, 6, "contract-v2")]
    assert drawn == ["shift(3)", "shift(7)"]


def test_a_boundary_s_neighbour_lies_on_a_side_of_it_the_tests_show():
    # every test passes a score of 100 or less: ``to_gpa(101)`` would assert what the reference
    # does with an input the task may never give (the seventeenth pass)
    gpa = "def to_gpa(score):\n    if score > 100:\n        return None\n    return round(score / 25, 1)\n"
    found = visible_calls(problem("to_gpa", gpa, ["assert to_gpa(100) == 4.0", "assert to_gpa(50) == 2.0"]))
    assert found is not None
    visible = found[2]
    known = {call.key() for call in visible}
    drawn = [call.render("to_gpa") for call in boundary_calls(visible, gpa, known, 6, "contract-v2")]
    assert drawn == ["to_gpa(99)"]


# 56. From the sixteenth pass: a guard against a named constant, or between the later two of three
# arguments, was never crossed by the default draws.


def test_a_raise_guard_against_a_named_constant_is_crossed_at_its_number():
    # ``amount > LIMIT``: the guard's text holds no number, so no draw met 100
    limited = (
        "LIMIT = 100\n\ndef charge(amount):\n    if amount > LIMIT:\n"
        "        raise ValueError('over the limit')\n    return amount\n"
    )
    test = (
        "import pytest\n\ndef test_a():\n    assert charge(50) == 50\n    assert charge(10) == 10\n"
        "    with pytest.raises(ValueError):\n        charge(150)\n"
    )
    at_the_limit = limited.replace("amount > LIMIT", "amount >= LIMIT")
    _, drawn = _drawn_with_a_survivor(problem("charge", limited, [test]), at_the_limit)
    assert "charge(100)" in drawn


METER = (
    "class Meter:\n    MIN, MAX = 0, 30\n\n    def __init__(self, level):\n        self.level = level\n\n"
    "    def status(self):\n        return 'high' if self.level >= self.MAX else 'ok'\n"
)
LIMITED_ACCOUNT = (
    "class Account:\n    def __init__(self):\n        self.limit = 500\n\n"
    "    def allowed(self, amount):\n        return amount <= self.limit\n"
)


@pytest.mark.parametrize(
    ("entry", "reference", "tests", "change", "met"),
    [
        # a class's constant, bound beside another (``MIN, MAX = 0, 30``)
        (
            "Meter",
            METER,
            ["assert Meter(10).status() == 'ok'", "assert Meter(50).status() == 'high'"],
            ("self.level >= self.MAX", "self.level > self.MAX"),
            "Meter(30).status()",
        ),
        # a limit set on ``self``
        (
            "Account",
            LIMITED_ACCOUNT,
            ["assert Account().allowed(100) is True", "assert Account().allowed(900) is False"],
            ("amount <= self.limit", "amount < self.limit"),
            "Account().allowed(500)",
        ),
    ],
)
def test_an_object_s_named_constant_is_met_at_its_number(entry, reference, tests, change, met):
    _, drawn = _drawn_with_a_survivor(problem(entry, reference, tests), reference.replace(*change))
    assert met in drawn


def test_a_length_limit_given_as_a_default_is_a_named_constant():
    shorten = "def shorten(s, limit=5):\n    return s if len(s) <= limit else s[:limit] + '~'\n"
    tests = ["assert shorten('hi') == 'hi'", "assert shorten('abcdefgh') == 'abcde~'"]
    shorter = shorten.replace("<= limit", "< limit")
    _, drawn = _drawn_with_a_survivor(problem("shorten", shorten, tests), shorter)
    assert any(re.fullmatch(r"shorten\('[a-h]{5}'\)", call) for call in drawn)


def test_a_raise_guard_between_the_later_two_of_three_arguments_is_crossed_where_they_meet():
    # the meetings of ``x`` with ``lo`` and ``hi`` filled the twelve guard inputs before
    # ``lo == hi`` came up
    clamp = (
        "def clamp(x, lo, hi):\n    if lo > hi:\n        raise ValueError('empty range')\n"
        "    return max(lo, min(x, hi))\n"
    )
    test = (
        "import pytest\n\ndef test_a():\n    assert clamp(5, 1, 10) == 5\n    assert clamp(-3, 0, 10) == 0\n"
        "    assert clamp(15, 0, 10) == 10\n    with pytest.raises(ValueError):\n        clamp(1, 5, 2)\n"
    )
    _, drawn = _drawn_with_a_survivor(problem("clamp", clamp, [test]), clamp.replace("lo > hi", "lo >= hi"))
    assert any(re.fullmatch(r"clamp\(-?\d+, (-?\d+), \1\)", call) for call in drawn)


# 57. From the sixteenth pass: a method's argument made in place by the entry class
# (``Interval(1, 5).overlaps(Interval(4, 8))``) dropped the chain, so only the bare constructors
# were drawn, and the problem was excluded as having no broken mutant.

INTERVAL = (
    "class Interval:\n    def __init__(self, start, end):\n        self.start, self.end = start, end\n\n"
    "    def overlaps(self, other):\n        return self.start < other.end and other.start < self.end\n"
)


def test_a_method_s_argument_the_entry_class_makes_in_place_is_drawn_with_the_chain():
    tests = [
        "assert Interval(1, 5).overlaps(Interval(4, 8))",
        "assert not Interval(1, 2).overlaps(Interval(3, 4))",
        "assert Interval(3, 9).overlaps(Interval(0, 4))",
    ]
    # right on the tests' own intervals alone
    mutant = INTERVAL.replace(
        "return self.start < other.end and other.start < self.end",
        "return (self.start, self.end) in ((1, 5), (3, 9))",
    )
    prepared, _ = _drawn_with_a_survivor(problem("Interval", INTERVAL, tests), mutant)
    # every draw is the chain, its argument made in place (no bare ``Interval(4, 8)`` of its own;
    # an object's second round of calls aside, made with the chain's uses)
    drawn = [call.render(prepared.call_name) for call in prepared.fresh if not call.uses]
    chain = r"bool\(Interval\(-?\d+, -?\d+\)\.overlaps\(Interval\(-?\d+, -?\d+\)\)\)"
    assert drawn and all(re.fullmatch(chain, call) for call in drawn)


# 58. From the sixteenth pass: a guard on a text's length (``len(password) < 8``) was aimed at
# only through numbers, and a text holds none.


def test_a_raise_guard_on_a_text_s_length_is_crossed_at_its_length():
    check = (
        "def check_password(password):\n    if len(password) < 8:\n"
        "        raise ValueError('too short')\n    return True\n"
    )
    test = (
        "import pytest\n\ndef test_a():\n    assert check_password('abcdefgh9') is True\n"
        "    assert check_password('longpassword') is True\n    with pytest.raises(ValueError):\n"
        "        check_password('short')\n"
    )
    passwords = problem("check_password", check, [test])
    _drawn_with_a_survivor(passwords, check.replace("< 8", "< 9"))
    found = visible_calls(passwords)
    assert found is not None
    aimed = guard_calls(found[2], check, set(), 12, "contract-v2")
    assert {len(call.args[0]) for call in aimed} >= {7, 8, 9}  # cut or repeated from its own letters
    # (a digit the text holds may be any digit: round sixteen)
    assert all(set(call.args[0]) <= set("abcdefghlongpasswordshort0123456789") for call in aimed)


def test_by_default_a_length_compared_with_a_constant_is_met_at_it():
    initials = (
        "def initials(name):\n    if len(name) > 3:\n        return name[:3].upper()\n"
        "    return name.upper()\n"
    )
    tests = ["assert initials('jonathan') == 'JON'", "assert initials('al') == 'AL'"]
    one_more = initials.replace("len(name) > 3", "len(name) > 4")
    _, drawn = _drawn_with_a_survivor(problem("initials", initials, tests), one_more)
    assert "initials('jona')" in drawn


# 59. From the sixteenth pass: a raise guard on what an object holds was never met short of what
# the tests gave it, since a draw keeps the tests' sequence of calls on the object.

EMPTIED_STACK = (
    "class Stack:\n    def __init__(self):\n        self.items = []\n\n    def push(self, x):\n"
    "        self.items.append(x)\n\n    def pop(self):\n        if len(self.items) == 0:\n"
    "            raise IndexError('pop from empty stack')\n        return self.items.pop()\n"
)


def test_a_raise_guard_on_what_an_object_holds_is_met_with_fewer_calls_on_it():
    # ``== 1`` raises on one item held, which no draw of three pushes reached
    test = (
        "import pytest\n\ndef test_lifo():\n    s = Stack()\n    s.push(1)\n    s.push(2)\n    s.push(3)\n"
        "    assert s.pop() == 3\n\ndef test_empty():\n    with pytest.raises(IndexError):\n"
        "        Stack().pop()\n"
    )
    stacks = problem("Stack", EMPTIED_STACK, [test])
    _, drawn = _drawn_with_a_survivor(stacks, EMPTIED_STACK.replace("== 0", "== 1"))
    assert "s = Stack(); s.push(3); s.pop()" in drawn
    result = audit_problem(stacks, AuditParams())
    assert "s = Stack(); s.push(3); assert s.pop() == 3" in [c.text for c in result.asserts]


# 60. From the sixteenth pass (class 6): no call was made twice on one state, so a mutant of a
# cache's hit path answered every call right and looked equivalent.


def test_where_the_reference_keeps_a_cache_a_call_is_made_again_and_asserted_after_its_first():
    cached = (
        "_cache = {}\n\ndef slow_square(n):\n    if n in _cache:\n        return _cache[n]\n"
        "    result = n * n\n    _cache[n] = result\n    return result\n"
    )
    tests = ["assert slow_square(3) == 9", "assert slow_square(4) == 16", "assert slow_square(-5) == 25"]
    squares = problem("slow_square", cached, tests)
    _drawn_with_a_survivor(squares, cached.replace("return _cache[n]", "return None"))
    result = audit_problem(squares, AuditParams())
    # (made after itself, or after itself and others: ``_revisited``, round twenty-eight)
    twice = r"((?:slow_square\(-?\d+\)\n)+)assert slow_square\((-?\d+)\) == \d+"
    made = [re.fullmatch(twice, c.text) for c in result.asserts]
    assert made and all(m and f"slow_square({m[2]})\n" in m[1] for m in made)
    # control: a reference that keeps no state makes no call twice
    plain = problem("square", "def square(n):\n    return n * n\n", ["assert square(3) == 9"])
    prepared = prepare(plain, AuditParams())
    assert isinstance(prepared, Prepared)
    assert len({call.key() for call in prepared.fresh}) == len(prepared.fresh)


@pytest.mark.parametrize(
    ("source", "memoizes"),
    [
        ("import functools\n\n@functools.lru_cache(maxsize=None)\ndef f(n):\n    return n\n", True),
        (
            "memo = {}\n\ndef f(n):\n    if n not in memo:\n        memo[n] = n * 2\n    return memo[n]\n",
            True,
        ),
        (
            "def f(n, memo={}):\n    if n in memo:\n        return memo[n]\n    memo[n] = n\n    return n\n",
            True,
        ),
        # a dict local to the call, and module data a call appends to, are no cache
        (
            "def f(xs):\n    seen = {}\n    for x in xs:\n        if x in seen:\n            return x\n"
            "        seen[x] = 1\n",
            False,
        ),
        ("RESULTS = []\n\ndef record(x):\n    RESULTS.append(x * 2)\n", False),
    ],
)
def test_a_cache_is_a_container_outliving_a_call_that_the_reference_asks_and_stores_to(source, memoizes):
    assert keeps_a_cache(source) is memoizes


# 61. From the seventeenth pass: by default two values compared by name (``return a > b``) met
# only where a raise guard compared them, so ``>=`` for ``>`` survived unseen.


def _boundaries(problem_) -> list[str]:
    found = visible_calls(problem_)
    assert found is not None
    entry, _, visible = found
    known = {call.key() for call in visible}
    return [c.render(entry) for c in boundary_calls(visible, problem_.reference, known, 6, "contract-v2")]


def test_by_default_two_values_compared_by_name_are_made_to_meet():
    beats = "def beats(a, b):\n    return a > b\n"
    beating = problem("beats", beats, ["assert beats(30, 20) is True", "assert beats(10, 50) is False"])
    assert _boundaries(beating) == ["beats(30, 30)", "beats(10, 10)"]
    _drawn_with_a_survivor(beating, beats.replace("a > b", "a >= b"))


def test_two_values_meet_through_a_method_s_argument_the_entry_makes():
    # (the sixteenth pass's ``Card(5, 'hearts').higher(Card(9, 'spades'))``: a tie keeps ``self``)
    card = (
        "class Card:\n    def __init__(self, rank, suit):\n        self.rank, self.suit = rank, suit\n\n"
        "    def higher(self, other):\n        return other if other.rank > self.rank else self\n"
    )
    tests = [
        "assert Card(5, 'hearts').higher(Card(9, 'spades')).suit == 'spades'",
        "assert Card(3, 'clubs').higher(Card(2, 'hearts')).suit == 'clubs'",
    ]
    cards = problem("Card", card, tests)
    assert "Card(5, 'hearts').higher(Card(5, 'spades')).suit" in _boundaries(cards)
    _drawn_with_a_survivor(cards, card.replace("other.rank > self.rank", "other.rank >= self.rank"))


# 62. From the seventeenth pass (README "Still misjudged"): a reference whose answer is a random
# draw was judged on the sandbox's one seed: a mutant drawing the same noise another way
# (``x - uniform(-0.1, 0.1)``) "differed", and its assert pinned one draw, which fails under a
# harness. The answer key is made again with another seed: an input whose answer changes is a
# random draw, and tells no mutant apart.

NOISY = (
    "import random\n\ndef noisy(x):\n    if x > 10:\n        return x\n"
    "    return x + random.uniform(-0.1, 0.1)\n"
)
NOISY_TESTS = ["assert noisy(20) == 20", "assert abs(noisy(1) - 1) <= 0.1", "assert noisy(30) == 30"]


def test_an_input_whose_answer_is_a_random_draw_tells_no_mutant_apart():
    noisy = problem("noisy", NOISY, NOISY_TESTS)
    prepared = prepare(noisy, AuditParams())
    assert isinstance(prepared, Prepared)
    drawn = [call.args[0] for call in prepared.fresh]
    assert prepared.random_answers == {i for i, x in enumerate(drawn) if x <= 10} != set()
    same_noise = NOISY.replace("x + random.uniform", "x - random.uniform")
    verdict = judge_program(noisy, AuditParams(), prepared, same_noise)
    assert not verdict.broken and not verdict.survived
    # a boundary moved: 11 is answered without a draw, and that answer tells the mutant apart
    moved = judge_program(noisy, AuditParams(), prepared, NOISY.replace("x > 10", "x > 11"))
    assert moved.survived and {prepared.fresh[i].render("noisy") for i in moved.witnesses} == {"noisy(11)"}
    result = audit_problem(noisy, AuditParams())
    assert [a.text for a in result.asserts] == ["assert noisy(11) == 11"]


def test_randomness_inside_with_a_fixed_answer_out_leaves_every_input_a_witness():
    # a control: no input of such a reference is taken for a random draw
    order = (
        "import random\n\ndef order(xs):\n    ys = list(xs)\n    random.shuffle(ys)\n    return sorted(ys)\n"
    )
    tests = ["assert order([3, 1, 2]) == [1, 2, 3]", "assert order([5, 4]) == [4, 5]"]
    prepared = prepare(problem("order", order, tests), AuditParams())
    assert isinstance(prepared, Prepared) and prepared.fresh and not prepared.random_answers


# 63. From the seventeenth pass (README "Still misjudged"): an assert on a reference that keeps
# state between calls was gated from a fresh load, though a patch appends it to the visible
# tests: one passed alone and failed where it went (an id registry that the tests had filled).

TALLY_CALLS = problem(
    "tally",
    "calls = []\n\ndef tally(word):\n    calls.append(word)\n    if len(word) > 4:\n"
    "        return len(calls) * 10\n    return len(calls)\n",
    ["assert tally('hi') == 1", "assert tally('hello') == 20"],
)


def test_an_assert_on_a_stateful_reference_is_gated_where_a_patch_puts_it():
    alone, after_the_tests = "assert tally('hello') == 10", "assert tally('hello') == 30"
    survivor = TALLY_CALLS.reference.replace("len(word) > 4", "len(word) >= 4")
    gated = gate_asserts(
        TALLY_CALLS, "tally", [survivor], [alone, after_the_tests, "assert tally('hell') == 3"], PINNED
    )
    assert gated == [(False, frozenset()), (True, frozenset()), (True, frozenset({0}))]


# 64. From the seventeenth pass: the task's text stated a range its tests show only the middle of
# ("n is always a month number between 1 and 12"), the draws passed 13 and 18, and a mutant that
# differs only there made the problem weak. The text's rules are the domain, as a written contract.

MONTHS = (
    "def month_name(n):\n    if n < 1 or n > 12:\n        return None\n"
    "    return ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][n - 1]\n"
)


@pytest.mark.parametrize(
    "prompt",
    [
        "n is always a month number between 1 and 12; return its three-letter English name.",
        "Assume 1 <= n <= 12. Return the month's three-letter English name.",
    ],
)
def test_inputs_keep_the_range_the_task_s_text_states(prompt):
    tests = [
        "assert month_name(1) == 'Jan'",
        "assert month_name(12) == 'Dec'",
        "assert month_name(5) == 'May'",
    ]
    result = audit_problem(problem("month_name", MONTHS, tests, prompt=prompt), AuditParams())
    assert result.status == "ok" and result.n_fresh > 0
    assert result.n_survived == 0  # `n > 13` for `n > 12` differs only on inputs the text rules out
    unsaid = audit_problem(problem("month_name", MONTHS, tests), AuditParams())
    assert unsaid.n_survived > 0  # the same problem without the text: 13 is an input like any


def test_a_problem_whose_every_draw_breaks_its_text_says_so():
    source = "def f(n):\n    return n * 2\n"
    tests = ["assert f(3) == 6", "assert f(4) == 8"]
    said = "Assume n >= 1000 and n is prime. Double n."  # (``f(1000)``, the range's end, is no prime)
    result = audit_problem(problem("f", source, tests, prompt=said), AuditParams())
    assert result.status == "excluded:no-fresh-inputs"
    assert result.detail.startswith(
        "every fresh input breaks what the task's text states of its inputs "
        "(domain: the task says 'n >= 1000', and this input's n is "
    )


# 65. From the sixteenth and seventeenth passes (class 6): a cache kept by a class (``cls._cache``)
# or on an object (``self._cache``) was not read as one, and a call on an object is made on a new
# one each time, so a mutant of the cache's hit path answered every call right.

SQUARES = (
    "class Squares:\n    _cache = {}\n\n    @classmethod\n    def get(cls, n):\n"
    "        if n in cls._cache:\n            return cls._cache[n]\n"
    "        cls._cache[n] = n * n\n        return n * n\n"
)
PRICE_BOOK = (
    "class PriceBook:\n    def __init__(self):\n        self._cache = {}\n\n    def price(self, item):\n"
    "        if item in self._cache:\n            return self._cache[item]\n"
    "        p = len(item) * 10\n        self._cache[item] = p\n        return p\n"
)


@pytest.mark.parametrize(
    ("source", "tests", "hit"),
    [
        (SQUARES, ["assert Squares.get(3) == 9", "assert Squares.get(4) == 16"], "return cls._cache[n]"),
        (
            PRICE_BOOK,
            ["b = PriceBook()\nassert b.price('tea') == 30\nassert b.price('coffee') == 60"],
            "return self._cache[item]",
        ),
    ],
)
def test_a_cache_a_class_or_an_object_keeps_is_asked_twice(source, tests, hit):
    assert keeps_a_cache(source)
    _drawn_with_a_survivor(problem("memo", source, tests), source.replace(hit, "return None"))


def test_a_memo_over_keys_no_draw_reaches_is_asked_twice_on_the_visible_calls():
    # (the seventeenth pass: every drawn key missed DATA, so every fresh input raised and the
    # problem was excluded, though the hit path's ``return None`` passes the tests, which ask
    # each key once)
    lookup = (
        "DATA = {'a': 'x', 'b': 'y', 'c': 'z'}\n_cache = {}\n\ndef lookup(key):\n    if key in _cache:\n"
        "        return _cache[key]\n    v = DATA[key].upper()\n    _cache[key] = v\n    return v\n"
    )
    memo = problem("lookup", lookup, ["assert lookup('a') == 'X'", "assert lookup('b') == 'Y'"])
    prepared, drawn = _drawn_with_a_survivor(memo, lookup.replace("return _cache[key]", "return None"))
    assert "lookup('a')" in drawn
    result = audit_problem(memo, AuditParams())
    assert "lookup('a')\nassert lookup('a') == 'X'" in [a.text for a in result.asserts]


# 66. From the seventeenth pass: with many visible calls the six boundary inputs were spent on the
# compared constants written into each call in turn, and the constants' neighbours were never
# reached (``3 <= len(name) <= 12`` over five names: no name of 13 letters, so ``<= 13``
# survived unseen). Each value aimed at (a constant, one above it, one below, for every
# constant) now gets one input before any gets a second.


def test_every_constant_and_its_neighbours_are_aimed_at_before_any_twice():
    valid = "def valid_username(name):\n    return 3 <= len(name) <= 12\n"
    tests = [
        "assert valid_username('abc')",
        "assert valid_username('abcdefghijkl')",
        "assert not valid_username('ab')",
        "assert valid_username('alice')",
        "assert not valid_username('abcdefghijklmnopq')",
    ]
    usernames = problem("valid_username", valid, tests)
    drawn = [len(text) - len("valid_username('')") for text in _boundaries(usernames)]
    assert {3, 4, 11, 12, 13} <= set(drawn)  # (2 letters is a visible test's own: 'ab')
    _drawn_with_a_survivor(usernames, valid.replace("<= 12", "<= 13"))


# 67. From the seventeenth pass: a number written inside a text was met only where it is a whole
# run of digits of its own, and never inside a list of texts; a digit the tests never wrote was
# refused; and a constant compared with an arithmetic of the arguments (``w1 + w2 > 100``,
# ``weight / height ** 2 >= 25``) or with a list's total (the eighteenth pass) was met only by
# luck. Each of these guards differs from its mutant only where the number read takes the
# constant's value. Two compared items (``arr[i] > arr[i + 1]``) meet where an item repeats.


@pytest.mark.parametrize(
    ("entry", "source", "tests", "mutant", "aimed"),
    [
        (  # a field inside a run of digits, as the reference slices it
            "room_floor",
            "def room_floor(room):\n    return 'high' if int(room[1:3]) > 10 else 'low'\n",
            ["assert room_floor('B1207') == 'high'", "assert room_floor('A0312') == 'low'"],
            "> 11",
            "room_floor('B1107')",
        ),
        (  # one digit read by index
            "region",
            "def region(zipcode):\n    return 'east' if int(zipcode[0]) < 5 else 'west'\n",
            ["assert region('10001') == 'east'", "assert region('94105') == 'west'"],
            "<= 5",
            "region('50001')",
        ),
        (  # a month the tests never wrote a digit of
            "second_half",
            "def second_half(date):\n    return int(date[5:7]) > 6\n",
            ["assert second_half('2024-08-01')", "assert not second_half('2024-03-15')"],
            ">= 6",
            "second_half('2024-06-01')",
        ),
        (  # numbers written in a list of texts
            "count_passing",
            "def count_passing(scores):\n    return sum(1 for s in scores if int(s) >= 50)\n",
            ["assert count_passing(['72', '30', '90']) == 2", "assert count_passing([]) == 0"],
            "> 50",
            "count_passing(['50', '30', '90'])",
        ),
        (  # a sum of the arguments
            "is_heavy",
            "def is_heavy(w1, w2):\n    return w1 + w2 > 100\n",
            ["assert is_heavy(80, 50)", "assert not is_heavy(10, 20)"],
            ">= 100",
            "is_heavy(50, 50)",
        ),
        (  # a list's total (one item moved by the difference)
            "free_shipping",
            "def free_shipping(prices):\n    return sum(prices) >= 50\n",
            [
                "assert free_shipping([20, 40])",
                "assert not free_shipping([10, 5])",
                "assert not free_shipping([])",
            ],
            "> 50",
            "free_shipping([10, 40])",
        ),
        (  # a ratio (the height every test passes is the task's setting: it stays)
            "overweight",
            "def overweight(weight, height):\n    return weight / height ** 2 >= 25\n",
            ["assert overweight(100, 1.8)", "assert not overweight(50, 1.8)"],
            "> 25",
            "overweight(81, 1.8)",
        ),
    ],
)
def test_a_number_read_inside_a_text_an_arithmetic_or_a_total_meets_its_constant(
    entry, source, tests, mutant, aimed
):
    guarded = problem(entry, source, tests)
    assert aimed in _boundaries(guarded)
    operator = re.search(r"(<=|>=|<|>) \d+", source).group()
    _drawn_with_a_survivor(guarded, source.replace(operator, mutant, 1))


def test_digits_of_a_binary_text_stay_within_the_tests_digits():
    # (``'0110'`` is a binary text: a 2 written into it is no input of its task)
    ones = "def many_ones(bits):\n    return bits.count('1') > 2\n"
    counting = problem("many_ones", ones, ["assert many_ones('0111')", "assert not many_ones('0101')"])
    assert all(set(call) <= set("many_ones('01)") for call in _boundaries(counting))


def test_two_items_compared_meet_where_an_item_is_repeated():
    # (``>=`` for ``>`` between items differs only at a tie; the tests' lists may hold repeats)
    peak = (
        "def first_drop(arr):\n    for i in range(len(arr) - 1):\n        if arr[i] > arr[i + 1]:\n"
        "            return i\n    return -1\n"
    )
    drops = problem(
        "first_drop", peak, ["assert first_drop([1, 3, 2, 2]) == 1", "assert first_drop([1, 2, 3]) == -1"]
    )
    assert "first_drop([1, 1, 3, 2, 2])" in _boundaries(drops)
    _drawn_with_a_survivor(drops, peak.replace("arr[i] > arr[i + 1]", "arr[i] >= arr[i + 1]"))
    unique = problem(
        "first_drop", peak, ["assert first_drop([1, 3, 2]) == 1", "assert first_drop([1, 2, 3]) == -1"]
    )
    assert _boundaries(unique) == []  # every visible list holds each item once: a repeat is no input


# 68. From the eighteenth pass: "n is an odd integer" was not read, so a reference right only for
# odd n had its equivalent mutants judged broken on even draws; and where the text's rules
# dropped draws, nothing replaced them (perturbed, eight odd numbers gave eight even ones).


def test_the_parity_the_text_states_is_the_domain_and_the_draws_go_on_within_it():
    factor = (
        "def smallest_factor(n):\n    d = 3\n    while d * d <= n:\n        if n % d == 0:\n"
        "            return d\n        d += 2\n    return n\n"
    )
    tests = [
        f"assert smallest_factor({n}) == {f}"
        for n, f in ((9, 3), (15, 3), (25, 5), (49, 7), (13, 13), (77, 7))
    ]
    prompt = "n is an odd integer with 3 <= n <= 50000; return its smallest factor greater than 1."
    odd = audit_problem(problem("smallest_factor", factor, tests, prompt=prompt), AuditParams())
    assert odd.status == "ok" and odd.n_fresh >= AuditParams().fresh_inputs
    assert odd.n_survived == 0  # `d += 1` is right for every odd n; only even n part them
    unsaid = audit_problem(problem("smallest_factor", factor, tests), AuditParams())
    assert unsaid.n_survived > 0


# 69. From the eighteenth pass: weak problems whose one wrong edit was of a kind no operator made
# were strong under both attacks. The deep attack now makes them too.


@pytest.mark.parametrize(
    ("entry", "source", "tests", "change"),
    [
        (  # `/` to `//`: the tests' lists all have whole means
            "average",
            "def average(xs):\n    return sum(xs) / len(xs)\n",
            ["assert average([2, 4]) == 3", "assert average([5, 7, 9]) == 7"],
            "return sum(xs) // len(xs)",
        ),
        (  # a separator the tests never see: one cell each
            "row",
            "def row(cells):\n    return ' | '.join(cells)\n",
            ["assert row(['a']) == 'a'", "assert row(['xy']) == 'xy'"],
            "return ''.join(cells)",
        ),
        (  # another partner of `==`: every test's text is its own reverse or sorts first
            "is_palindrome",
            "def is_palindrome(s):\n    return s == s[::-1]\n",
            ["assert is_palindrome('aba') is True", "assert is_palindrome('ab') is False"],
            "return s >= s[::-1]",
        ),
        (  # the type a raise names, where the tests catch any exception
            "parse_age",
            "def parse_age(text):\n    if not text.isdigit():\n        raise ValueError('not a number')\n"
            "    return int(text)\n",
            [
                "assert parse_age('42') == 42",
                "try:\n    parse_age('x4')\nexcept Exception:\n    pass\n"
                "else:\n    raise AssertionError('no error')",
            ],
            "raise TypeError('not a number')",
        ),
    ],
)
def test_the_deep_attack_makes_the_edits_the_eighteenth_pass_found_missing(entry, source, tests, change):
    result = audit_problem(problem(entry, source, tests), AuditParams(attack="deep"))
    assert change in _survivor_changes(result)
    assert audit_problem(problem(entry, source, tests), AuditParams()).n_survived == 0  # the six kinds


# 70. From the eighteenth pass (class 1): the types a test catches together are one answer, so
# `raise ValueError` for the `raise TypeError` the task's text names looked equivalent where the
# test catches either. The text tells them apart: each is then an answer of its own.

TO_INT = (
    "def to_int(s):\n    if not isinstance(s, str):\n        raise TypeError('expected str')\n"
    "    return int(s)\n"
)
CATCHES_EITHER = [
    "assert to_int('42') == 42",
    "try:\n    to_int(7)\nexcept (TypeError, ValueError):\n    pass\nelse:\n    raise AssertionError('none')",
]


def test_a_type_the_text_names_is_its_own_answer_where_the_tests_catch_it_with_another():
    wrong_type = TO_INT.replace("raise TypeError", "raise ValueError")
    named = problem(
        "to_int", TO_INT, CATCHES_EITHER, prompt="Return int(s); raise TypeError when s is no str."
    )
    verdict = judge_program(named, AuditParams(), prepare(named, AuditParams()), wrong_type)
    assert verdict.broken and verdict.survived
    deep = audit_problem(named, AuditParams(attack="deep"))
    assert "raise ValueError('expected str')" in _survivor_changes(deep)
    raising = [a.text for a in deep.asserts if "raises" in a.text or "Raises" in a.text]
    assert raising and all("TypeError" in text and "ValueError" not in text for text in raising)
    unnamed = problem("to_int", TO_INT, CATCHES_EITHER, prompt="Return int(s); raise on a non-string.")
    assert not judge_program(unnamed, AuditParams(), prepare(unnamed, AuditParams()), wrong_type).broken


# 71. From the nineteenth pass: weak problems whose one wrong edit was of a kind neither attack
# made (``+`` for ``*``, a dropped negation or operand, ``None`` for ``0``, a method's twin, an
# exception class for its base, a skipped store or reduction). The deep attack makes them now;
# the default's six kinds stay as published.


@pytest.mark.parametrize(
    ("entry", "source", "tests", "change"),
    [
        (  # a perimeter whose every test is a square: 2 * (w + h) and 2 * (w * h) agree at 2 x 2
            "perimeter",
            "def perimeter(w, h):\n    return 2 * (w + h)\n",
            ["assert perimeter(2, 2) == 8"],
            "return 2 * (w * h)",
        ),
        (  # a mirror whose tests all pass 0
            "mirror",
            "def mirror(x):\n    return -x\n",
            ["assert mirror(0) == 0"],
            "return x",
        ),
        (  # a refusal the tests check only as falsy
            "parse_int",
            "def parse_int(s):\n    try:\n        return int(s)\n"
            "    except ValueError:\n        return None\n",
            ["assert parse_int('12') == 12", "assert not parse_int('x')"],
            "return 0",
        ),
        (  # a third case no test shows
            "kind",
            "def kind(a, b, c):\n    if a == b == c:\n        return 'equilateral'\n"
            "    if a == b or b == c or a == c:\n        return 'isosceles'\n    return 'scalene'\n",
            ["assert kind(2, 2, 2) == 'equilateral'", "assert kind(2, 2, 3) == 'isosceles'",
             "assert kind(3, 4, 5) == 'scalene'", "assert kind(4, 3, 3) == 'isosceles'"],
            "if a == b or b == c:",
        ),
        (  # a method's twin that agrees on every test's text: no password there lacks a digit alone
            "strong_pw",
            "def strong_pw(p):\n    has_upper = any(c.isupper() for c in p)\n"
            "    has_digit = any(c.isdigit() for c in p)\n"
            "    return len(p) >= 8 and has_upper and has_digit\n",
            ["assert strong_pw('Abcdefg1') == True", "assert strong_pw('abcdefg1') == False",
             "assert strong_pw('Abc1') == False", "assert strong_pw('ABCDEFG9') == True"],
            "has_digit = any(c.isalnum() for c in p)",
        ),
        (  # a reduction the tests never need
            "rotate",
            "def rotate(xs, k):\n    k = k % len(xs)\n    return xs[-k:] + xs[:-k] if k else xs[:]\n",
            ["assert rotate([1, 2, 3], 1) == [3, 1, 2]", "assert rotate([1, 2, 3, 4], 2) == [3, 4, 1, 2]"],
            "pass",
        ),
        (  # the base class, where the tests catch the base
            "withdraw",
            "class Short(ValueError):\n    pass\n\n\ndef withdraw(balance, amount):\n"
            "    if amount > balance:\n        raise Short('too much')\n    return balance - amount\n",
            ["assert withdraw(10, 3) == 7", "assert withdraw(5, 5) == 0",
             "import pytest\nwith pytest.raises(ValueError):\n    withdraw(1, 2)"],
            "raise ValueError('too much')",
        ),
    ],
)  # fmt: skip
def test_the_deep_attack_makes_the_edits_the_nineteenth_pass_found_missing(entry, source, tests, change):
    prompts = {"withdraw": "withdraw(balance, amount): raise Short when amount > balance."}
    made = problem(entry, source, tests, prompt=prompts.get(entry, ""))
    result = audit_problem(made, AuditParams(attack="deep"))
    assert change in _survivor_changes(result)
    assert audit_problem(made, AuditParams()).n_survived == 0  # the six kinds


# 72. From the nineteenth pass: a guard on a float constant (``v < -273.15``) whose tests pass
# ints was met by the ints either side of it alone, where ``<=`` for ``<`` parts at the constant
# itself: the mutant was "equivalent". The constant is an input of its kind now; a constant that
# is a whole number stays an int (control).


def test_a_float_constant_an_argument_is_compared_with_is_an_input_where_the_tests_pass_ints():
    celsius = (
        "def check_celsius(v):\n    if v < -273.15:\n        raise ValueError('below absolute zero')\n"
        "    return v\n"
    )
    tests = [
        "assert check_celsius(20) == 20",
        "import pytest\nwith pytest.raises(ValueError):\n    check_celsius(-300)",
    ]
    made = problem("check_celsius", celsius, tests)
    assert "if v <= -273.15:" in _survivor_changes(audit_problem(made, AuditParams()))
    whole = problem("check_celsius", celsius.replace("-273.15", "-273.0"), tests)
    prepared = prepare(whole, AuditParams())
    assert isinstance(prepared, Prepared)
    assert all(type(value) is int for call in prepared.fresh for value in call.args)


# 73. From the nineteenth pass (classes 4 and 6): what an object or closure does on a second
# round of calls was never seen, as the draws replay each test's calls once (a running total
# that forgets, a cached total never cleared); and a coroutine the tests prime with ``next`` and
# then ``send`` to was drained alone, so "the reference raises on every fresh input".

ACCUMULATOR = (
    "def make_acc():\n    total = 0\n\n    def add(x):\n        nonlocal total\n        total += x\n"
    "        return total\n    return add\n"
)
INVENTORY = (
    "class Inventory:\n    def __init__(self):\n        self.items = []\n        self._total = None\n\n"
    "    def add(self, n):\n        self.items.append(n)\n        self._total = None\n\n"
    "    def total(self):\n        if self._total is None:\n            self._total = sum(self.items)\n"
    "        return self._total\n"
)
AVERAGER = (
    "def averager():\n    total = 0\n    n = 0\n    avg = None\n    while True:\n        x = yield avg\n"
    "        total += x\n        n += 1\n        avg = total / n\n"
)


@pytest.mark.parametrize(
    ("entry", "source", "tests", "change", "asserted"),
    [
        ("make_acc", ACCUMULATOR, ["acc = make_acc()\nassert acc(5) == 5", "assert make_acc()(0) == 0"],
         "total = x", "made = make_acc(); assert made("),
        ("Inventory", INVENTORY, ["inv = Inventory()\ninv.add(3)\ninv.add(4)\nassert inv.total() == 7"],
         "pass", "inv = Inventory(); inv.add("),
        ("averager", AVERAGER, ["g = averager()\nnext(g)\nassert g.send(10) == 10"],
         "n = 1", "g = averager(); g.__next__(); assert "),
    ],
)  # fmt: skip
def test_an_object_is_called_a_second_round_and_a_coroutine_is_primed_as_the_tests_do(
    entry, source, tests, change, asserted
):
    result = audit_problem(problem(entry, source, tests), AuditParams(attack="deep"))
    assert change in _survivor_changes(result)
    assert result.asserts and all(a.text.startswith(asserted) for a in result.asserts)
    assert all(a.passes_reference for a in result.asserts)


def test_a_float_constant_is_no_input_where_the_text_speaks_of_integers():
    # the seventeenth pass's control: "an integer star rating" compared with ``>= 4.5``, where
    # ``>`` for ``>=`` parts at 4.5 alone, a rating the task never gives
    review = "def needs_review(rating):\n    return rating >= 4.5\n"
    tests = ["assert needs_review(5)", "assert not needs_review(3)", "assert not needs_review(4)"]
    said = "rating is an integer star rating from 1 to 5; needs_review is True for ratings of 5."
    result = audit_problem(problem("needs_review", review, tests, prompt=said), AuditParams())
    assert result.status == "ok" and result.n_survived == 0
    unsaid = audit_problem(problem("needs_review", review, tests, prompt="True from 4.5 up."), AuditParams())
    assert "return rating > 4.5" in _survivor_changes(unsaid)


# 74. From the eighteenth pass: a text's letters were the tests' letters, so ``'aeiou'`` to
# ``'eiou'`` survived unseen where no test writes an ``a``. The letters the reference tests a
# value against are the task's too: the deep attack's aimed inputs write them.


def test_a_letter_the_reference_tests_against_is_written_where_no_test_wrote_it():
    vowels = "def count_vowels(s):\n    return sum(1 for c in s if c in 'aeiou')\n"
    tests = [
        "assert count_vowels('hello') == 2",
        "assert count_vowels('sky') == 0",
        "assert count_vowels('queue') == 4",
    ]
    made = problem("count_vowels", vowels, tests)
    result = audit_problem(made, AuditParams(attack="deep"))
    assert "return sum(1 for c in s if c in 'eiou')" in _survivor_changes(result)
    assert any("a" in a.text.split("count_vowels(")[1] for a in result.asserts)


# 75. From the nineteenth pass: a clamp of its parameter (``max(0, min(100, x))``) says what the
# reference does below 0, but the tests passed 50, 150 and 100, so no input crossed the floor
# they show (1) and ``max(1, ...)`` survived unseen. A clamp's constants are met like a raise
# guard's, on its far side too, by both attacks.

CLAMP = "def clamp_pct(x):\n    return max(0, min(100, x))\n"
CLAMP_TESTS = ["assert clamp_pct(50) == 50", "assert clamp_pct(150) == 100", "assert clamp_pct(100) == 100"]


@pytest.mark.parametrize("attack", ["sample", "deep"])
def test_a_clamp_of_a_parameter_is_crossed_below_the_floor_the_tests_show(attack):
    result = audit_problem(problem("clamp_pct", CLAMP, CLAMP_TESTS), AuditParams(attack=attack))
    assert "return max(1, min(100, x))" in _survivor_changes(result)
    assert any(a.text.startswith("assert clamp_pct(0) ==") for a in result.asserts)


def test_a_bound_on_a_computed_value_is_no_clamp_of_an_input():
    # ``max(0, price - cost)``: a floor on what is computed, not on what the task takes
    profit = "def profit(price, cost):\n    return max(0, price - cost)\n"
    tests = ["assert profit(5, 3) == 2", "assert profit(9, 1) == 8"]
    visible = visible_calls(problem("profit", profit, tests))
    assert guard_calls(visible[2], profit, set(), 6, "contract-v2", raises=False) == []


# 76. From the nineteenth pass: inputs the deep attack never aimed at. The tests passed one-item
# OrderedDicts, so ``popitem(last=True)`` for ``last=False`` returned the same pair; a rounding
# mode's twin parts only at a tie (``'2.345'``) no test wrote.

OLDEST = "def oldest(od):\n    return od.popitem(last=False)\n"
OLDEST_TESTS = ["from collections import OrderedDict\nassert oldest(OrderedDict([('a', 1)])) == ('a', 1)"]
CENTS = (
    "from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal\n\ndef to_cents(x):\n"
    "    return Decimal(x).quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)\n"
)
CENTS_TESTS = ["assert to_cents('1.234') == Decimal('1.23')", "assert to_cents('9.999') == Decimal('10.00')"]


@pytest.mark.parametrize(
    ("entry", "source", "tests", "setup", "change"),
    [
        ("oldest", OLDEST, OLDEST_TESTS, "", "return od.popitem(last=True)"),
        ("to_cents", CENTS, CENTS_TESTS, "from decimal import Decimal",
         "return Decimal(x).quantize(Decimal('0.01'), rounding=ROUND_HALF_EVEN)"),
    ],
)  # fmt: skip
def test_a_longer_container_and_a_rounding_tie_are_aimed_at(entry, source, tests, setup, change):
    made = problem(entry, source, tests, setup=setup)
    assert change in _survivor_changes(audit_problem(made, AuditParams(attack="deep")))


def test_a_rounding_tie_is_aimed_at_the_places_the_reference_rounds_to():
    visible = [Call(("1.234",)), Call(("9.999",))]
    aimed = {call.args[0] for call in aimed_calls(visible, CENTS, set(), 48)}
    assert {"1.235", "9.995"} <= aimed
    unrounded = CENTS.replace(".quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)", "")
    assert not {"1.235", "9.995"} & {call.args[0] for call in aimed_calls(visible, unrounded, set(), 48)}


# 77. From the nineteenth pass: edits no operator made, each of a standard library's options:
# ``.total_seconds()`` read as ``.seconds`` (a duration under a day reads alike), a date format's
# day and month in each other's place (a test on the 3rd of March reads alike).

MINUTES = "def minutes_between(a, b):\n    return int((b - a).total_seconds() // 60)\n"
MINUTES_TESTS = [
    "from datetime import datetime\nassert minutes_between(datetime(2024, 1, 1, 10, 0), "
    "datetime(2024, 1, 1, 10, 30)) == 30"
]
ISO = "def iso(d):\n    return d.strftime('%Y-%m-%d')\n"
ISO_TESTS = ["from datetime import date\nassert iso(date(2024, 3, 3)) == '2024-03-03'"]


@pytest.mark.parametrize(
    ("entry", "source", "tests", "change"),
    [
        ("minutes_between", MINUTES, MINUTES_TESTS, "return int((b - a).seconds // 60)"),
        ("iso", ISO, ISO_TESTS, "return d.strftime('%Y-%d-%m')"),
    ],
)
def test_a_standard_librarys_twin_reading_survives_where_the_tests_read_alike(entry, source, tests, change):
    result = audit_problem(problem(entry, source, tests), AuditParams(attack="deep"))
    assert change in _survivor_changes(result)
    assert all(a.passes_reference for a in result.asserts)


# 78. From the nineteenth pass: two datetimes the reference compares (``now > due``) meet only
# where every field of one takes the other's; the boundary inputs' budget went to meetings of
# single fields that make no datetime (``datetime(2024, 2024, 1)``), dropped only after it was
# spent, so by default ``>=`` for ``>`` was never shown wrong.


def test_values_that_make_no_standard_library_value_take_no_place_of_the_budget():
    overdue = "def is_overdue(due, now):\n    return now > due\n"
    tests = [
        "from datetime import datetime\nassert is_overdue(datetime(2024, 1, 1, 9), datetime(2024, 1, 2, 9))",
        "from datetime import datetime\n"
        "assert not is_overdue(datetime(2024, 3, 5, 12), datetime(2024, 3, 4, 8))",
    ]
    result = audit_problem(problem("is_overdue", overdue, tests), AuditParams())
    assert "return now >= due" in _survivor_changes(result)


# 79. From the nineteenth pass: one 2x2 matrix beside a 1x1 made "square" a rule of the inputs, so
# no input had more rows than columns, where the text says "rectangular". Two square grids of
# more than one row make it one (the text's "square matrix" still does, ``stated_domain``).


def test_one_square_grid_does_not_make_every_grid_square():
    one = [Call(([[1, 2], [3, 4]],)), Call(([[5]],))]
    assert contract_violations(Call(([[1, 2]],)), one) == []
    two = [*one, Call(([[1, 2, 3], [4, 5, 6], [7, 8, 9]],))]
    assert contract_violations(Call(([[1, 2]],)), two) == [
        "argument 1: not square, where every visible one is"
    ]
    assert contract_violations(Call(([[1, 2]],)), one, mode="contract") == [
        "argument 1: not square, where every visible one is"
    ]  # (the published method's inputs keep it)


# 80. From the nineteenth pass (class 1): the tests read a message only for a word
# (``assertIn('negative', str(cm.exception))``), but it was compared whole: the guard deleted,
# ``math.isqrt`` raised "... must be nonnegative", which holds the word the text asks for, and
# was a survivor whose assert pinned the reference's every character.

ISQRT = (
    "import math\n\ndef isqrt(n):\n    if n < 0:\n        raise ValueError('negative input')\n"
    "    return math.isqrt(n)\n"
)
ISQRT_TEST = (
    "import unittest\n\nclass T(unittest.TestCase):\n    def test_ok(self):\n"
    "        self.assertEqual(isqrt(17), 4)\n        self.assertEqual(isqrt(0), 0)\n\n"
    "    def test_neg(self):\n"
    "        with self.assertRaises(ValueError) as cm:\n            isqrt(-1)\n"
    "        self.assertIn('negative', str(cm.exception))"
)


def test_a_message_read_for_a_word_is_judged_by_that_word():
    result = audit_problem(problem("isqrt", ISQRT, [ISQRT_TEST]), AuditParams(attack="deep"))
    assert result.status == "ok" and result.n_survived == 0
    # read otherwise (only that it is not empty), the message stays whole: the new one differs
    whole = ISQRT_TEST.replace(
        "self.assertIn('negative', str(cm.exception))", "self.assertTrue(str(cm.exception))"
    )
    result = audit_problem(problem("isqrt", ISQRT, [whole]), AuditParams(attack="deep"))
    assert "pass" in _survivor_changes(result)


def test_a_survivor_losing_the_word_gets_an_assert_on_the_word():
    two = ISQRT.replace(
        "    return math.isqrt(n)",
        "    if n > 10**6:\n        raise ValueError('too large: negative')\n    return math.isqrt(n)",
    )
    tests = [ISQRT_TEST, "assert isqrt(10**6) == 1000"]
    result = audit_problem(problem("isqrt", two, tests), AuditParams(attack="deep"))
    raised = [a.text for a in result.asserts if "assertRaisesRegex" in a.text and "1000001" in a.text]
    assert raised and all("'negative'" in text for text in raised), [a.text for a in result.asserts]


# 81. From the eighteenth pass: cents written one place off (``Decimal('0.1')`` for ``'0.01'``)
# passed tests whose prices are whole (``Decimal('12.0') == Decimal('12.00')``); no operator
# moved a place in a number written as text.


def test_a_number_written_as_text_is_moved_one_place():
    vat = (
        "from decimal import Decimal, ROUND_HALF_UP\n\ndef add_vat(price):\n"
        "    return (price * Decimal('1.20')).quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)\n"
    )
    tests = [
        "assert add_vat(Decimal('10.00')) == Decimal('12.00')",
        "assert add_vat(Decimal('0.50')) == Decimal('0.60')",
    ]
    made = problem("add_vat", vat, tests, setup="from decimal import Decimal")
    changes = _survivor_changes(audit_problem(made, AuditParams(attack="deep")))
    assert "return (price * Decimal('1.20')).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)" in changes


# 82. From the nineteenth pass (class 1): the branch a reference keeps for an argument that is no
# number (``except TypeError: return None``) was never reached, as every input kept the tests'
# types: ``return 0`` there survived. Where the reference catches a ``TypeError``, the deep
# attack passes ``None`` in each place (not where it only tests a type: ``isinstance(x, int)``
# tells floats from ints as often, HumanEval/92).

RATIO = (
    "def ratio(a, b):\n    try:\n        return a / b\n    except ZeroDivisionError:\n"
    "        return float('inf')\n    except TypeError:\n        return None\n"
)


def test_an_argument_of_another_type_is_passed_where_the_reference_handles_one():
    tests = ["assert ratio(1, 2) == 0.5", "assert ratio(3, 0) == float('inf')"]
    result = audit_problem(problem("ratio", RATIO, tests), AuditParams(attack="deep"))
    assert "return 0" in _survivor_changes(result)
    assert any("ratio(None, " in a.text or ", None)" in a.text for a in result.asserts)
    typed = "def ratio(a, b):\n    if not isinstance(a, int):\n        return None\n    return a / (b or 1)\n"
    aimed = aimed_calls([Call((1, 2)), Call((3, 0))], typed, set(), 48)
    assert aimed and all(None not in call.args for call in aimed)


# 83. From the nineteenth pass: a Caesar shift tested with no letter wrapping past 'z' hid
# ``% 27`` for ``% 26`` by default, as a remainder's divisor was no boundary; where the
# reference computes with the remainder (not compares it), its divisor is met like a compared
# constant, inside what the text allows ("(0 <= k < 26)": 25, not 26).

CAESAR = "def caesar(s, k):\n    return ''.join(chr((ord(c) - 97 + k) % 26 + 97) for c in s)\n"


def test_a_remainders_divisor_is_met_where_the_reference_wraps_a_value():
    tests = [
        "assert caesar('abc', 1) == 'bcd'",
        "assert caesar('hello', 0) == 'hello'",
        "assert caesar('ace', 2) == 'ceg'",
    ]
    said = (
        "caesar(s, k) shifts each lowercase letter of s by k places (0 <= k < 26), wrapping from 'z' to 'a'."
    )
    result = audit_problem(problem("caesar", CAESAR, tests, prompt=said), AuditParams())
    assert "return ''.join(chr((ord(c) - 97 + k) % 27 + 97) for c in s)" in _survivor_changes(result)
    assert result.asserts and all(", 25)" in a.text for a in result.asserts)
    parity = "def even(n):\n    return n % 2 == 0 or n % 7 == 0\n"  # (a multiple of 7 alone: round 23)
    assert boundary_calls([Call((4,)), Call((9,))], parity, set(), 6, "contract-v2") == [Call((7,))]


# 84. From the twentieth pass (class 1): "the rate r (0 < r <= 1) ...; a rate outside that range
# raises ValueError", tested with ``set_rate(2)`` raising: the aside was read as a promise, so
# ``set_rate(0)``, the one input that shows ``0 <= r`` for ``0 < r``, was never drawn. A rule the
# tests themselves cross, expecting the raise, says which inputs are refused, not which are taken.

RATE = (
    "CONFIG = {}\n\ndef set_rate(r):\n    if not 0 < r <= 1:\n        raise ValueError('rate out of range')\n"
    "    CONFIG['rate'] = r\n    return r\n"
)
RATE_TESTS = [
    "assert set_rate(0.5) == 0.5",
    "assert set_rate(1) == 1",
    "import pytest\nwith pytest.raises(ValueError):\n    set_rate(2)",
]


def test_a_rule_of_the_text_the_tests_cross_expecting_a_raise_is_no_promise():
    said = "set_rate(r) stores the rate r (0 < r <= 1); a rate outside that range raises ValueError."
    result = audit_problem(problem("set_rate", RATE, RATE_TESTS, prompt=said), AuditParams())
    assert "if not 0 <= r <= 1:" in _survivor_changes(result)
    assert all(not a.flags for a in result.asserts)
    promised = audit_problem(problem("set_rate", RATE, RATE_TESTS[:2], prompt=said), AuditParams())
    assert "if not 0 <= r <= 1:" not in _survivor_changes(promised)  # (no test crosses it: a promise)


# 85. From the twentieth pass: the text speaks of inputs the tests never pass ("0.0 for an empty
# list", "if the largest value occurs more than once", "the sign is ignored (digit_sum(-12) ==
# 3)"), and the inputs aimed at them were refused as outside what every test keeps. Those rules
# are lifted where the text speaks of such inputs (not of their opposite: "non-empty", "will not
# contain duplicate values").

MEAN = "def mean(xs):\n    if not xs:\n        return 0.0\n    return sum(xs) / len(xs)\n"
ARGMAX = (
    "def argmax(xs):\n    best = 0\n    for i in range(1, len(xs)):\n        if xs[i] > xs[best]:\n"
    "            best = i\n    return best\n"
)
DIGITS = "def digit_sum(n):\n    n = abs(n)\n    return sum(int(d) for d in str(n))\n"


@pytest.mark.parametrize(
    ("entry", "source", "tests", "said", "change"),
    [
        ("mean", MEAN, ["assert mean([1, 2, 3, 4]) == 2.5", "assert mean([5]) == 5"],
         "mean(xs) returns the mean of the list xs, and 0.0 for an empty list.", "return None"),
        ("argmax", ARGMAX, ["assert argmax([1, 3, 2]) == 1", "assert argmax([2, 4, 9]) == 2"],
         "argmax(xs) returns the index of the largest item; if it occurs more than once, the first.",
         "if xs[i] >= xs[best]:"),
        ("digit_sum", DIGITS, ["assert digit_sum(123) == 6", "assert digit_sum(9) == 9"],
         "digit_sum(n) sums the digits of n; the sign is ignored (digit_sum(-12) == 3).", "pass"),
    ],
)  # fmt: skip
def test_an_input_the_text_speaks_of_lifts_the_rule_the_tests_kept(entry, source, tests, said, change):
    result = audit_problem(problem(entry, source, tests, prompt=said), AuditParams(attack="deep"))
    assert change in _survivor_changes(result)
    unsaid = audit_problem(
        problem(entry, source, tests, prompt="As the examples show."), AuditParams(attack="deep")
    )
    assert change not in _survivor_changes(unsaid)


def test_an_input_the_text_rules_out_lifts_nothing():
    for said in (
        "The given array will not contain duplicate values.",
        "a non-empty list",
        "non negative numbers",
    ):
        assert lifted_rules(said) == frozenset()


# 86. From the twentieth pass: a diagonal sum tested on 2x2 and 4x4 grids only, where the centre
# counted twice shows on an odd size; the deep attack grows a square grid by a row and a column.


def test_a_square_grid_grows_into_a_square_of_the_next_size():
    diagonal = (
        "def diag_sum(m):\n    n = len(m)\n    total = sum(m[i][i] + m[i][n - 1 - i] for i in range(n))\n"
        "    if n % 2:\n        total -= m[n // 2][n // 2]\n    return total\n"
    )
    tests = [
        "assert diag_sum([[1, 2], [3, 4]]) == 10",
        "assert diag_sum([[1, 0, 0, 2], [0, 3, 4, 0], [0, 5, 6, 0], [7, 0, 0, 8]]) == 36",
    ]
    said = "diag_sum(m) returns the sum of both diagonals of the square matrix m, counting the centre once."
    result = audit_problem(problem("diag_sum", diagonal, tests, prompt=said), AuditParams(attack="deep"))
    assert "total += m[n // 2][n // 2]" in _survivor_changes(result)
    assert result.asserts and all(not a.flags for a in result.asserts)


# 87. From the twentieth pass (class 5): ``apply_n(abs, -3, 2)`` passes a built-in function where
# a literal was looked for, so no call was harvested and the problem was excluded, though -3 and
# 2 could be drawn with ``abs`` kept. A built-in, a built-in type's method and a lambda over
# built-ins are callbacks: kept as written, evaluated in the child, never perturbed.

APPLY_N = "def apply_n(f, x, n):\n    for _ in range(1, n + 1):\n        x = f(x)\n    return x\n"


def test_a_builtin_callback_is_kept_and_the_other_literals_are_drawn():
    tests = ["assert apply_n(abs, -3, 2) == 3", "assert apply_n(str.upper, 'a', 3) == 'A'"]
    result = audit_problem(problem("apply_n", APPLY_N, tests), AuditParams())
    assert result.status == "ok"
    assert "for _ in range(2, n + 1):" in _survivor_changes(result)
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)
    assert all(re.match(r"assert apply_n\((abs|str\.upper), ", a.text) for a in result.asserts)


def test_a_lambda_the_test_passes_is_called_in_the_child():
    tests = ["assert apply_n(abs, -3, 2) == 3", "assert apply_n(lambda v: v * 2, 1, 3) == 8"]
    calls = harvest_calls(tests, "apply_n")
    assert [call.args[0].render() for call in calls] == ["abs", "lambda v: v * 2"]
    result = audit_problem(problem("apply_n", APPLY_N, tests), AuditParams())
    assert result.status == "ok" and not result.survivors  # the lambda's test rejects range(2, ...)


def test_a_name_the_test_defines_is_no_callback():
    tree = ast.parse("apply_n(double, 1, 2); apply_n(lambda v: helper(v), 1, 2)")
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args]
    assert [is_callback(call.args[0]) for call in calls if getattr(call.func, "id", "") == "apply_n"] == [
        False,
        False,
    ]
    assert is_callback(ast.parse("lambda v: abs(v) + len([w for w in 'ab'])", mode="eval").body)


def test_a_builtins_name_the_test_binds_is_its_value_not_a_callback():
    tests = ["str = make_word()\nassert shout(str) == 'A!'", "assert shout('b') == 'B!'"]
    calls = harvest_calls(tests, "shout")
    assert [call.args for call in calls] == [("b",)]


def test_the_published_method_takes_no_callback():
    tests = ["assert apply_n(abs, -3, 2) == 3", "assert apply_n(str.upper, 'a', 3) == 'A'"]
    assert harvest_calls(tests, "apply_n", as_written=True) == []
    result = audit_problem(problem("apply_n", APPLY_N, tests), AuditParams(inputs="contract"))
    assert result.status == "excluded:no-fresh-inputs"


# 88. From the twentieth pass (class 7): a value class tested by its own ``==`` (``assert Point(1,
# 2) == Point(1, 2)``) was excluded as "every mutant behaves like the reference", though the
# tests reject its ``__eq__`` mutants: the fresh inputs compare objects by their state, never by
# the benchmark's ``==``. The exclusion says what happened: the tests reject mutants the fresh
# inputs cannot tell apart.

POINT = (
    "class Point:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n\n"
    "    def __eq__(self, other):\n"
    "        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)\n"
)


def test_an_exclusion_says_the_tests_reject_mutants_the_fresh_inputs_cannot_tell_apart():
    tests = ["assert Point(1, 2) == Point(1, 2)"]
    result = audit_problem(problem("Point", POINT, tests), AuditParams())
    assert result.status == "excluded:no-broken-mutant"
    rejected = int(re.search(r"the visible tests reject (\d+) of", result.detail).group(1))
    assert 0 < rejected < result.n_mutants
    assert "behaves like the reference" not in result.detail


def test_an_exclusion_where_nothing_differs_anywhere_says_so():
    tests = ["assert Point(1, 2).x == 1"]
    source = POINT.replace("isinstance(other, Point) and ", "")
    result = audit_problem(problem("Point", source, tests), AuditParams())
    assert result.status == "excluded:no-broken-mutant"
    assert result.detail.startswith("every mutant behaves like the reference on the fresh inputs and the")


def test_calls_passing_only_callbacks_are_excluded_for_that_reason():
    ignoring = (
        "class ignoring:\n    def __init__(self, *types):\n        self.types = types\n\n"
        "    def __enter__(self):\n        return self\n\n"
        "    def __exit__(self, kind, error, trace):\n"
        "        return kind is not None and issubclass(kind, self.types)\n"
    )
    tests = ["with ignoring(KeyError):\n    {}['a']", "with ignoring(ValueError, TypeError):\n    int('x')"]
    result = audit_problem(problem("ignoring", ignoring, tests), AuditParams())
    assert result.status == "excluded:no-fresh-inputs"
    assert "only functions or classes kept as written (KeyError, TypeError, ValueError)" in result.detail


# 89. From the twentieth pass (class 5): an async generator called only inside an async helper
# the test defines (``async def collect(n): return [x async for x in countdown(n)]``, then
# ``asyncio.run(collect(1))``) was excluded for "no literal calls to countdown()"; a helper
# that only returns an expression is read in place whether it is async or not.

ASYNC_COUNTDOWN = (
    "import asyncio\n\nasync def countdown(n):\n    while n > 0:\n        yield n\n        n -= 1\n"
    "        await asyncio.sleep(0)\n"
)


def test_an_entry_called_inside_an_async_helper_of_the_test_is_drawn():
    tests = [
        "import asyncio\nasync def collect(n):\n    return [x async for x in countdown(n)]\n"
        "assert asyncio.run(collect(1)) == [1]\nassert asyncio.run(collect(0)) == []"
    ]
    result = audit_problem(problem("countdown", ASYNC_COUNTDOWN, tests), AuditParams())
    assert result.status == "ok"
    assert "n -= 2" in _survivor_changes(result)
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


# 90. From the twentieth pass: the text speaks of texts padded with spaces ("s may end with
# spaces") or of numbers that are no integers ("non-integers are ignored"), and no draw ever made
# one (the tests pass neither), so ``rstrip`` for ``lstrip``, or a dropped ``isinstance(x, int)``,
# looked equivalent. The deep attack aims at such inputs where the text speaks of them.

FIRST_WORD = "def first_word(s):\n    return s.lstrip().split(' ')[0]\n"
COUNT_EVENS = (
    "def count_evens(xs):\n    return sum(1 for x in xs if isinstance(x, int) and x > 0 and x % 2 == 0)\n"
)


@pytest.mark.parametrize(
    ("entry", "source", "tests", "said", "change"),
    [
        ("first_word", FIRST_WORD,
         ["assert first_word('red fox') == 'red'", "assert first_word('a b c') == 'a'"],
         "first_word(s) returns the first word of s; s may have leading spaces.",
         "return s.rstrip().split(' ')[0]"),
        ("count_evens", COUNT_EVENS, ["assert count_evens([1, 2, 4]) == 2", "assert count_evens([7]) == 0"],
         "count_evens(xs) counts the positive even integers of xs; non-integers are skipped.",
         "return sum(1 for x in xs if x > 0 and x % 2 == 0)"),
    ],
)  # fmt: skip
def test_an_input_kind_the_text_speaks_of_is_aimed_at(entry, source, tests, said, change):
    result = audit_problem(problem(entry, source, tests, prompt=said), AuditParams(attack="deep"))
    assert change in _survivor_changes(result)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    unsaid = problem(entry, source, tests, prompt="As the examples show.")
    unsaid = audit_problem(unsaid, AuditParams(attack="deep"))
    assert change not in _survivor_changes(unsaid)


def test_spaces_and_floats_the_text_rules_out_lift_nothing():
    for said in ("s has no leading or trailing spaces.", "Return the mean as a float.", "no extra spaces"):
        assert lifted_rules(said) == frozenset(), said


# 91. From the twentieth pass: "on a tie (x and -x), the positive one", tested with no tie, hid
# ``<=`` for ``<``: a negation of one item made no tie. The deep attack also makes an item of a
# number list the negation of another.


def test_a_tie_of_a_number_and_its_negation_is_aimed_at():
    loudest = (
        "def loudest(xs):\n    best = xs[0]\n    for x in xs[1:]:\n"
        "        if abs(x) > abs(best) or (abs(x) == abs(best) and x < best):\n            best = x\n"
        "    return best\n"
    )
    tests = ["assert loudest([1, -7, 3]) == -7", "assert loudest([2, 9]) == 9", "assert loudest([4]) == 4"]
    said = "loudest(xs) returns the item of largest absolute value; on a tie, the negative one."
    result = audit_problem(problem("loudest", loudest, tests, prompt=said), AuditParams(attack="deep"))
    assert "if abs(x) >= abs(best) or (abs(x) == abs(best) and x < best):" in _survivor_changes(result)
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


# 92. From the nineteenth pass: a transpose tested on square grids hid ``len(m)`` for
# ``len(m[0])`` (no operator swapped a grid's dimensions), and a decoder with ``errors='replace'``
# tested on bytes that all decode hid ``'ignore'`` (no draw held a byte that does not decode).
# The deep attack swaps a grid's dimensions and, where the reference decodes with an error
# handler, passes such a byte.


def test_a_grids_other_dimension_is_a_mutant_the_deep_attack_makes():
    columns = (
        "def column_sums(m):\n    return [sum(m[r][c] for r in range(len(m))) for c in range(len(m[0]))]\n"
    )
    tests = ["assert column_sums([[1, 2], [3, 4]]) == [4, 6]", "assert column_sums([[7]]) == [7]"]
    result = audit_problem(problem("column_sums", columns, tests), AuditParams(attack="deep"))
    swapped = "return [sum(m[r][c] for r in range(len(m[0]))) for c in range(len(m[0]))]"
    assert swapped in _survivor_changes(result)
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


def test_bytes_that_do_not_decode_are_passed_where_the_reference_chooses_a_handler():
    decode = "def as_text(data):\n    return data.decode('utf-8', 'replace')\n"
    tests = ["assert as_text(b'abc') == 'abc'", "assert as_text(b'') == ''"]
    result = audit_problem(problem("as_text", decode, tests), AuditParams(attack="deep"))
    assert "return data.decode('utf-8', 'ignore')" in _survivor_changes(result)
    assert any("\\xff" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)


# 93. From the eighteenth pass: ``safe_int(s, default=0)`` tested only with its default hid
# ``return 0`` for ``return default``: no draw passed the parameter and no operator read a
# parameter as its default. The deep attack passes a default no test overrides another value
# and reads a parameter as its literal default.


def test_a_default_no_test_overrides_is_passed_another_value():
    greet = "def greet(name, greeting='Hello'):\n    return greeting + ', ' + name + '!'\n"
    tests = ["assert greet('Ann') == 'Hello, Ann!'", "assert greet('Bo') == 'Hello, Bo!'"]
    result = audit_problem(problem("greet", greet, tests), AuditParams(attack="deep"))
    assert "return 'Hello' + ', ' + name + '!'" in _survivor_changes(result)
    assert any(re.match(r"assert greet\('\w+', '\w+'\) == ", a.text) for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    overridden = [*tests, "assert greet('Cy', 'Hi') == 'Hi, Cy!'"]
    assert not audit_problem(problem("greet", greet, overridden), AuditParams(attack="deep")).survivors


# 94. From the twentieth pass (class 1): "exits with status 2 (raises SystemExit(2))", tested
# with ``pytest.raises(SystemExit)`` alone: ``sys.exit(3)`` raised the type the test expects and
# was "equivalent". A SystemExit's status is part of its raise, and where the reference exits
# each visible call is a witness (the test caught the type and never read the status).
EXITING = (
    "import sys\n\ndef run(argv):\n    if not argv:\n        print('usage: run FILE...')\n"
    "        sys.exit(2)\n    return 0\n"
)
EXIT_TESTS = ["assert run(['a.txt']) == 0", "import pytest\nwith pytest.raises(SystemExit):\n    run([])"]


def test_an_exit_status_the_tests_never_read_is_part_of_the_answer():
    result = audit_problem(problem("run", EXITING, EXIT_TESTS), AuditParams())
    assert "sys.exit(3)" in _survivor_changes(result)
    statuses = [a.text for a in result.asserts if "caught.exception.code == 2" in a.text]
    assert statuses and all(a.passes_reference and a.kills for a in result.asserts)


def test_an_exit_status_the_tests_check_leaves_no_survivor():
    read = "import pytest\nwith pytest.raises(SystemExit) as e:\n    run([])\nassert e.value.code == 2"
    checked = [EXIT_TESTS[0], read]
    assert not audit_problem(problem("run", EXITING, checked), AuditParams()).survivors


# 95. From the twentieth pass (class 4): closures a function returns in a list, tested as
# ``make_multipliers(3)[2](5)``, were seen only as functions, the same in every mutant, and no
# operator made the late-bound closure (``lambda x: x * k`` without ``k=k``). An item the test
# calls is observed by calling it as the test does, its literals drawn; the deep attack drops a
# captured default.
MULTIPLIERS = "def make_multipliers(n):\n    return [lambda x, k=k: x * k for k in range(n)]\n"
MULTIPLIER_TESTS = [
    "assert len(make_multipliers(4)) == 4",
    "assert make_multipliers(3)[2](5) == 10",
    "assert make_multipliers(1)[0](9) == 0",
]


def test_a_closure_the_tests_take_from_a_list_is_called_as_they_call_it():
    result = audit_problem(problem("mult", MULTIPLIERS, MULTIPLIER_TESTS), AuditParams(attack="deep"))
    assert "return [lambda x: x * k for k in range(n)]" in _survivor_changes(result)
    called = r"assert make_multipliers\(\d+\)\[\d+\]\(\d+\) == \d+$"
    assert any(re.match(called, a.text) for a in result.asserts)
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


def test_a_closure_called_at_every_index_leaves_the_late_binding_no_survivor():
    every = [*MULTIPLIER_TESTS, "assert make_multipliers(3)[0](5) == 0"]
    every.append("assert make_multipliers(3)[1](5) == 5")
    result = audit_problem(problem("mult", MULTIPLIERS, every), AuditParams(attack="deep"))
    assert "return [lambda x: x * k for k in range(n)]" not in _survivor_changes(result)


# 96. From the twentieth pass: "otherwise its first n - 3 characters followed by '...' (n >=
# 3)" was read as a case, for its clause's ``otherwise``, so an assert passed n = 2. An
# ``otherwise`` before an aside opens the clause's own case; the aside is a statement.
TRUNCATE = "def truncate(s, n):\n    if len(s) <= n:\n        return s\n    return s[:n - 3] + '...'\n"
TRUNCATE_SAID = (
    "truncate(s, n) returns s unchanged when len(s) <= n; otherwise its first n - 3 characters "
    "followed by '...' (n >= 3)."
)


def test_an_aside_after_otherwise_states_the_domain():
    tests = [
        "assert truncate('hello world', 8) == 'hello...'",
        "assert truncate('hi', 5) == 'hi'",
        "assert truncate('abcdef', 3) == '...'",
    ]
    hidden = ("assert truncate('ab', 2) == 'ab'", "assert truncate('hi hi', 5) == 'hi hi'")
    said = problem("truncate", TRUNCATE, tests, prompt=TRUNCATE_SAID, hidden=hidden)
    result = audit_problem(said, PINNED)
    assert "if len(s) < n:" in _survivor_changes(result)
    passed = [int(re.search(r", (-?\d+)\)", a.text).group(1)) for a in result.asserts]
    assert passed and min(passed) >= 3
    assert all(a.passes_reference and a.kills for a in result.asserts)


# 97. From the twentieth pass (class 1): ``raise ParseError(lineno)`` one line off passed a test
# that catches ``ParseError`` and reads nothing of it. An exception of a class the benchmark
# defines is compared by its plain state, as a returned object is.
PARSE_CONFIG = (
    "class ParseError(Exception):\n    def __init__(self, lineno):\n        super().__init__('missing =')\n"
    "        self.lineno = lineno\n\n\ndef parse_config(text):\n    out = {}\n"
    "    for lineno, line in enumerate(text.splitlines(), 1):\n        if '=' not in line:\n"
    "            raise ParseError(lineno)\n        k, v = line.split('=', 1)\n        out[k] = v\n"
    "    return out\n"
)
PARSE_TESTS = [
    "assert parse_config('a=1') == {'a': '1'}",
    "import pytest\nwith pytest.raises(ParseError):\n    parse_config('a=1\\noops')",
]


def test_the_state_of_an_exception_the_benchmark_defines_is_part_of_its_raise():
    hidden = ("import pytest\nwith pytest.raises(ParseError):\n    parse_config('x=1\\ny=2\\nbad')",)
    result = audit_problem(problem("parse", PARSE_CONFIG, PARSE_TESTS, hidden=hidden), PINNED)
    assert "for lineno, line in enumerate(text.splitlines(), 2):" in _survivor_changes(result)
    assert any("assert caught.exception.lineno == 3" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)


def test_a_built_in_exceptions_arguments_stay_out_of_its_raise():
    raising = PARSE_CONFIG.replace("raise ParseError(lineno)", "raise ValueError(lineno)")
    tests = [PARSE_TESTS[0], PARSE_TESTS[1].replace("ParseError", "ValueError")]
    hidden = ("import pytest\nwith pytest.raises(ValueError):\n    parse_config('x=1\\ny=2\\nbad')",)
    result = audit_problem(problem("parse", raising, tests, hidden=hidden), PINNED)
    assert "for lineno, line in enumerate(text.splitlines(), 2):" not in _survivor_changes(result)


# 98. From the twentieth pass: by default no draw was empty, tied or negative, so where the text
# named the very case ("0.0 for an empty list", "on a tie (x and -x), the positive one", "equal
# neighbours allowed") ``return None`` for ``return 0.0`` and ``<`` for ``<=`` survived unseen.
# The default attack takes a few inputs of each kind the text speaks of.
MEAN_TESTS = ["assert mean([1, 2, 3, 4]) == 2.5", "assert mean([5]) == 5"]


def test_the_default_attack_takes_the_empty_input_the_text_answers():
    said = "mean(xs) returns the arithmetic mean of the list xs, and 0.0 for an empty list."
    result = audit_problem(problem("mean", MEAN, MEAN_TESTS, prompt=said), AuditParams())
    assert "return None" in _survivor_changes(result)
    assert any("mean([])" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    unsaid = audit_problem(
        problem("mean", MEAN, MEAN_TESTS, prompt="mean(xs) returns the mean."), AuditParams()
    )
    assert "return None" not in _survivor_changes(unsaid)  # no text of it: the tests' lists hold items


def test_the_default_attack_takes_equal_neighbours_the_text_allows():
    ordered = "def is_sorted(xs):\n    return all(a <= b for a, b in zip(xs, xs[1:]))\n"
    tests = [
        "assert is_sorted([1, 2, 3]) == True",
        "assert is_sorted([3, 1]) == False",
        "assert is_sorted([]) == True",
    ]
    said = "is_sorted(xs) is True when xs is in non-decreasing order (equal neighbours allowed)."
    result = audit_problem(problem("is_sorted", ordered, tests, prompt=said), AuditParams())
    assert "    return all(a < b for a, b in zip(xs, xs[1:]))" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


def test_a_sign_that_is_no_numbers_lifts_no_floor():
    assert "floor" not in lifted_rules(
        "Write a function to display sign of the chinese zodiac for given year."
    )
    assert "floor" in lifted_rules("digit_sum(n) sums the digits of n; the sign is ignored.")
    assert "floor" in lifted_rules("Check whether the two given integers have opposite sign or not.")
    assert "floor" not in lifted_rules("Return the index (or -1 if the element is not found).")
    assert "floor" in lifted_rules("digit_sum(n) sums the digits of n (digit_sum(-12) == 3).")


# 99. From the twenty-first pass (class 5): an entry bound to what a factory of the reference's
# makes (``double = make_scaler(2)``) was data to the harvest, so the problem was excluded as
# having no entry point.
SCALER = "def make_scaler(k):\n    return lambda x: x * k\n\ndouble = make_scaler(2)\n"


def test_an_entry_a_factory_makes_is_found_and_judged():
    result = audit_problem(problem("double", SCALER, ["assert double(2) == 4"]), AuditParams(attack="deep"))
    assert result.status == "ok" and result.entry == "double"
    assert "    return lambda x: x + k" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


def test_a_value_a_function_computes_is_no_entry():
    data = "def squares(n):\n    return [i * i for i in range(n)]\n\nSMALL = squares(4)\n"
    assert (
        entry_of(problem("small", data, ["assert SMALL[2] == 4", "assert squares(3) == [0, 1, 4]"]))
        == "squares"
    )


# 100. From the twenty-first pass (class 1): "For an empty list it raises IndexError", tested
# with ``assertRaises(LookupError)``: ``raise KeyError`` passed, and the one input that raises
# is the test's own, which no draw repeats. Where the tests expect raises, each visible call is
# a witness too (a catch by a parent checks the type only that far).
POP_MIN = (
    "import heapq\n\ndef pop_min(heap):\n    if not heap:\n"
    "        raise IndexError('pop from empty heap')\n    return heapq.heappop(heap)\n"
)
POP_TESTS = [
    "assert pop_min([1, 3, 2]) == 1",
    "import unittest\nwith unittest.TestCase().assertRaises(LookupError):\n    pop_min([])",
]


def test_a_raise_the_tests_catch_by_a_parent_is_judged_on_their_own_input():
    result = audit_problem(problem("pop_min", POP_MIN, POP_TESTS), AuditParams(attack="deep"))
    assert "        raise KeyError('pop from empty heap')" in {s.after for s in result.survivors}
    raising = [
        a.text for a in result.asserts if "assertRaises(IndexError" in a.text and "pop_min([])" in a.text
    ]
    assert raising and all(a.passes_reference and a.kills for a in result.asserts)


def test_a_raise_the_tests_catch_by_its_own_type_leaves_its_sibling_no_survivor():
    exact = [POP_TESTS[0], POP_TESTS[1].replace("LookupError", "IndexError")]
    result = audit_problem(problem("pop_min", POP_MIN, exact), AuditParams(attack="deep"))
    assert "        raise KeyError('pop from empty heap')" not in {s.after for s in result.survivors}


# 101. From the twenty-first pass: "makes the rest of each word lowercase", "whitespace (spaces,
# tabs, newlines)", "separated by any amount of whitespace" and a counter stepping past its
# bound, each tested where the case, the white space or the step never showed the difference,
# and by an edit no operator made. The text's case and runs of white space are inputs, and the
# deep attack drops a normalizing call, splits or strips at a space alone, and loops until equal.
DEEP = AuditParams(attack="deep")


@pytest.mark.parametrize(
    ("source", "tests", "said", "wrong", "shown"),
    [
        ("def title_case(s):\n    return ' '.join(w[:1].upper() + w[1:].lower() for w in s.split(' '))\n",
         ["assert title_case('hello world') == 'Hello World'", "assert title_case('a') == 'A'"],
         "title_case(s) capitalizes the first letter of each word and makes the rest lowercase.",
         "    return ' '.join(w[:1].upper() + w[1:] for w in s.split(' '))", "HELLO"),
        ("def is_blank(s):\n    return s.strip() == ''\n",
         ["assert is_blank('') == True", "assert is_blank('   ') == True", "assert is_blank(' a ') == False"],
         "is_blank(s) is True when s is empty or holds only whitespace (spaces, tabs, newlines).",
         "    return s.strip(' ') == ''", "\\t"),
        ("def count_words(s):\n    return len(s.split())\n",
         ["assert count_words('a b c') == 3", "assert count_words('hello') == 1"],
         "count_words(s) counts the words of s, separated by any amount of whitespace.",
         "    return len(s.split(' '))", "  "),
    ],
)  # fmt: skip
def test_the_texts_case_and_white_space_are_inputs_of_the_deep_attack(source, tests, said, wrong, shown):
    result = audit_problem(problem("f", source, tests, prompt=said), DEEP)
    assert wrong in {s.after for s in result.survivors}
    assert any(shown in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)


# 102. From the twenty-first pass: "-len(xs) <= k < len(xs)" was not read (a comparison of two
# arguments), so every assert passed k >= len(xs), and "a negative k counts from the end",
# tested at 0 and 2, drew only -2, where a dropped ``k %= len(xs)`` answers alike. A relation the
# text states between arguments holds inputs out; the sign edits make each int -1 too.
REMOVE_KTH = "def remove_kth(xs, k):\n    k %= len(xs)\n    return xs[:k] + xs[k + 1:]\n"
REMOVE_SAID = (
    "remove_kth(xs, k) returns xs without the item at index k. A negative k counts from the end, "
    "as in Python indexing. -len(xs) <= k < len(xs)."
)


def test_a_relation_the_text_states_between_arguments_holds_inputs_out():
    assert domain_flags(Call(([1, 2, 3], 3)), REMOVE_SAID, ("xs", "k"))
    assert domain_flags(Call(([1, 2, 3], -4)), REMOVE_SAID, ("xs", "k"))
    assert not domain_flags(Call(([1, 2, 3], -3)), REMOVE_SAID, ("xs", "k"))
    tests = ["assert remove_kth([1, 2, 3], 0) == [2, 3]", "assert remove_kth([1, 2, 3], 2) == [1, 2]"]
    result = audit_problem(problem("remove_kth", REMOVE_KTH, tests, prompt=REMOVE_SAID), DEEP)
    assert "pass" in {s.after.strip() for s in result.survivors}
    assert any("-1)" in a.text for a in result.asserts)
    for text in (a.text for a in result.asserts):
        xs, k = ast.literal_eval(text[len("assert remove_kth(") : text.index(") ==")])
        assert -len(xs) <= k < len(xs)


# 103. From the twenty-first pass: "adds n >= 0 copies", tested with n of 1 and more, kept the
# learned floor of 1, so ``n = 0`` (where ``> 0`` and ``> 1`` part) was never drawn. A floor of 0
# the text states lowers the learned one, and the default attack passes 0.
def test_a_zero_floor_the_text_states_is_an_input():
    bag = (
        "class Bag:\n    def __init__(self):\n        self.items = {}\n\n    def add(self, x, n=1):\n"
        "        self.items[x] = self.items.get(x, 0) + n\n\n    def count(self, x):\n"
        "        return self.items.get(x, 0)\n"
    )
    tests = [
        "b = Bag()\nb.add('a', 2)\nassert b.count('a') == 2",
        "b = Bag()\nb.add('q', 4)\nassert b.count('q') == 4",
    ]
    said = "Bag is a multiset: b.add(x, n) adds n >= 0 copies of x; b.count(x) is how many it holds."
    assert "zero" in lifted_rules(said) and "zero" not in lifted_rules("adds n > 0 copies of x")
    fresh = prepare(problem("Bag", bag, tests, prompt=said), AuditParams()).fresh
    assert any(0 in call.uses[0][0][1] for call in fresh if call.uses)


# 104. From the twenty-first pass: "lines may end with b'\r\n'", tested with b'\n' alone: no
# draw held a b'\r', so a dropped ``.rstrip(b'\r')`` looked equivalent. Where the text speaks
# of such line ends, each text's (or bytes') line ends are made ``\r\n``.
def test_line_ends_the_text_speaks_of_are_inputs():
    shebang = (
        "def shebang(data):\n    if not data.startswith(b'#!'):\n        return None\n"
        "    line = data[2:].split(b'\\n', 1)[0].rstrip(b'\\r')\n    return line.split(b' ', 1)[0].decode()\n"
    )
    tests = ["assert shebang(b'#!/bin/sh\\necho') == '/bin/sh'", "assert shebang(b'echo') is None"]
    said = (
        "shebang(data) returns the interpreter path of a first line b'#!PATH'. Lines may end with b'\\r\\n'."
    )
    result = audit_problem(problem("shebang", shebang, tests, prompt=said), DEEP)
    assert "    line = data[2:].split(b'\\n', 1)[0]" in {s.after for s in result.survivors}
    assert any("\\r\\n" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)


# 105. From the twenty-first pass: "when xs has odd length the last item is kept on its own",
# tested on even lengths: ``range(0, len(xs) - 1, 2)`` was an edit no operator made. The deep
# attack moves a computed bound of a ``range`` one either way.
def test_a_range_one_turn_short_is_a_mutant_the_deep_attack_makes():
    pairs = "def pair_sums(xs):\n    return [sum(xs[i:i + 2]) for i in range(0, len(xs), 2)]\n"
    tests = [
        "assert pair_sums([1, 2, 3, 4]) == [3, 7]",
        "assert pair_sums([]) == []",
        "assert pair_sums([5, 5]) == [10]",
    ]
    said = "pair_sums(xs) sums adjacent pairs of xs; when xs has odd length the last item is kept on its own."
    result = audit_problem(problem("pair_sums", pairs, tests, prompt=said), DEEP)
    assert "    return [sum(xs[i:i + 2]) for i in range(0, len(xs) - 1, 2)]" in {
        s.after for s in result.survivors
    }
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


def test_lower_case_that_says_what_the_input_holds_lifts_no_case():
    assert "case" not in lifted_rules("caesar(s, k) shifts each lowercase letter of s by k places.")
    assert "case" in lifted_rules("Write a function to convert the given string to upper case.")
    assert "floor" in lifted_rules(
        "When b is 0 it returns infinity with the sign of a (math.inf or -math.inf)."
    )


# 106. From the twenty-first pass (class 5): a parameter the tests never pass was never passed
# where it is keyword-only or belongs to the closure the entry returns (``make_padder(4)('7')``,
# whose ``pad`` takes ``fill=' '``), and keywords were never passed in another order (an entry
# taking ``**params`` that the tests call with sorted keys): a mutant ignoring ``fill`` or ``sep``,
# or one no longer sorting, was "equivalent". Both attacks pass such a default another value and
# reverse two keywords (``unpassed.unpassed_calls``).
PADDER = (
    "def make_padder(width):\n    def pad(s, fill=' '):\n        return s.rjust(width, fill)\n"
    "    return pad\n"
)
PADDER_TESTS = ["assert make_padder(4)('7') == '   7'", "assert make_padder(3)('ab') == ' ab'"]


def test_a_default_of_the_closure_the_entry_returns_is_passed_another_value():
    result = audit_problem(problem("pad", PADDER, PADDER_TESTS), DEEP)
    assert "        return s.rjust(width, ' ')" in {s.after for s in result.survivors}
    assert any(re.match(r"assert make_padder\(\d+\)\('\w+', '\*'\) == ", a.text) for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    passed = [*PADDER_TESTS, "assert make_padder(3)('7', '0') == '007'"]
    assert not audit_problem(problem("pad", PADDER, passed), DEEP).survivors


def test_a_keyword_only_default_no_test_passes_is_passed_another_value():
    joined = "def join_words(words, *, sep=' '):\n    return sep.join(words)\n"
    tests = ["assert join_words(['a', 'b']) == 'a b'", "assert join_words(['x']) == 'x'"]
    result = audit_problem(problem("join_words", joined, tests), DEEP)
    assert "    return ' '.join(words)" in {s.after for s in result.survivors}
    assert any("sep='*'" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)


def test_keywords_the_tests_pass_in_order_are_passed_in_the_other_order():
    query = "def build_query(**params):\n    return '&'.join(f'{k}={v}' for k, v in sorted(params.items()))\n"
    tests = ["assert build_query(a='1', b='2') == 'a=1&b=2'", "assert build_query(x='9') == 'x=9'"]
    result = audit_problem(problem("build_query", query, tests), DEEP)
    assert "    return '&'.join(f'{k}={v}' for k, v in params.items())" in {s.after for s in result.survivors}
    assert "assert build_query(b='2', a='1') == 'a=1&b=2'" in {a.text for a in result.asserts}
    reordered = [*tests, "assert build_query(b='2', a='1') == 'a=1&b=2'"]
    assert not audit_problem(problem("build_query", query, reordered), DEEP).survivors


# 107. From the twenty-first pass: "if two words have the same length, return the first" (x18)
# and "overlapping occurrences included" (x19) were judged by default only on the tests' texts,
# which hold no two words of one length and no occurrence inside another: ``>=`` for ``>`` and a
# search restarted one letter late survived unseen. Where the text speaks of them, both attacks
# append a word tied with the longest (or shortest) and make the sub-text overlap itself
# (``text_cases``).
def test_two_words_of_one_length_are_drawn_where_the_text_says_which_wins():
    longest = (
        "def longest_word(s):\n    best = ''\n    for w in s.split():\n        if len(w) > len(best):\n"
        "            best = w\n    return best\n"
    )
    tests = [
        "assert longest_word('red apple') == 'apple'",
        "assert longest_word('a dog barks') == 'barks'",
        "assert longest_word('blue sky') == 'blue'",
    ]
    said = (
        "Return the longest word of s. If two words have the same length, return the one that appears first."
    )
    result = audit_problem(problem("longest_word", longest, tests, prompt=said), AuditParams())
    assert "        if len(w) >= len(best):" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)
    assert not any(flag.startswith("tie:") for a in result.asserts for flag in a.flags)
    assert not audit_problem(problem("longest_word", longest, tests), AuditParams()).survivors


def test_an_occurrence_overlapping_another_is_drawn_where_the_text_speaks_of_overlaps():
    count = (
        "def count_overlapping(s, sub):\n    count = 0\n    start = 0\n    while True:\n"
        "        i = s.find(sub, start)\n        if i == -1:\n            return count\n"
        "        count += 1\n        start = i + 1\n"
    )
    tests = [
        "assert count_overlapping('abcabc', 'abc') == 2",
        "assert count_overlapping('hello', 'lo') == 1",
        "assert count_overlapping('xyz', 'q') == 0",
    ]
    said = "Count how many times sub occurs in s, overlapping occurrences included."
    result = audit_problem(problem("count_overlapping", count, tests, prompt=said), AuditParams())
    assert "        start = i + 2" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)
    assert not audit_problem(problem("count_overlapping", count, tests), AuditParams()).survivors


# 108. From the twenty-first pass: ``sorted(set(xs))`` made ``list(set(xs))`` (s5, t6) was an edit
# no operator made, and no draw passed a dict's keys in another order than the tests wrote them,
# so ``list(d.items())`` for ``sorted(d.items())`` could not have shown either. The deep attack
# makes ``sorted`` a ``list`` (and ``+c`` a ``c``); both attacks pass a dict in the other order.
def test_a_sort_made_list_shows_on_a_dict_in_another_order():
    by_key = "def by_key(d):\n    return sorted(d.items())\n"
    tests = [
        "assert by_key({'a': 1, 'b': 2}) == [('a', 1), ('b', 2)]",
        "assert by_key({}) == []",
        "assert by_key({'x': 5}) == [('x', 5)]",
    ]
    result = audit_problem(problem("by_key", by_key, tests), DEEP)
    assert "    return list(d.items())" in {s.after for s in result.survivors}
    assert "assert by_key({'b': 2, 'a': 1}) == [('a', 1), ('b', 2)]" in {a.text for a in result.asserts}
    reordered = [*tests, "assert by_key({'b': 2, 'a': 1}) == [('a', 1), ('b', 2)]"]
    assert not audit_problem(problem("by_key", by_key, reordered), DEEP).survivors


# 109. From the twenty-first pass (class 4): a generator that "yields n, ..., 1 and then returns
# 'liftoff'", tested with ``list(...)``: what its ``return`` gave (a ``yield from`` of it answers
# that) was not part of what it showed, so ``return None`` was "equivalent". It is part of the
# answer, and the assert takes it with the items.
def test_a_generators_return_value_is_part_of_what_it_shows():
    countdown = "def countdown(n):\n    while n > 0:\n        yield n\n        n -= 1\n    return 'liftoff'\n"
    tests = ["assert list(countdown(3)) == [3, 2, 1]", "assert list(countdown(0)) == []"]
    result = audit_problem(problem("countdown", countdown, tests), AuditParams())
    assert "    return None" in {s.after for s in result.survivors}
    returned = [a.text for a in result.asserts if "drained_and_returned(countdown(" in a.text]
    assert returned and all(a.passes_reference and a.kills for a in result.asserts)
    delegated = "def outer():\n    said = yield from countdown(2)\n    assert said == 'liftoff'\n"
    read = [*tests, f"{delegated}assert list(outer()) == [2, 1]"]
    assert not audit_problem(problem("countdown", countdown, read), AuditParams()).survivors


# 110. From the twenty-first pass (v3) and the eighth's getter: a module API tested as a sequence
# (``set_rate('EUR', 2)``, then ``assert to_usd(10, 'EUR') == 5``; ``reset()``, ``add(5)``, then
# ``assert total() == 5``) was drawn one call at a time from a fresh load: the first function
# was the entry, the one asserted never called, and every mutant of it "equivalent". The entry is
# the function whose answer the test uses, and the calls the test makes first are drawn and made
# with it (``Call.before``); the last of them is also made twice.
EXCHANGE = (
    "RATES = {}\n\ndef set_rate(currency, rate):\n    RATES[currency] = rate\n\n"
    "def to_usd(amount, currency):\n    return amount / RATES[currency]\n"
)
EXCHANGE_TESTS = [
    "set_rate('EUR', 2)\nassert to_usd(10, 'EUR') == 5",
    "set_rate('GBP', 4)\nassert to_usd(8, 'GBP') == 2",
]
RUNNING = (
    "TOTAL = [0]\n\ndef reset():\n    TOTAL[0] = 0\n\ndef add(x):\n    TOTAL[0] += x\n\n"
    "def total():\n    return TOTAL[0]\n"
)


def test_the_calls_a_test_makes_first_are_made_before_the_call_it_checks():
    result = audit_problem(problem("rates", EXCHANGE, EXCHANGE_TESTS), DEEP)
    assert result.entry == "to_usd"
    assert "    return amount // RATES[currency]" in {s.after for s in result.survivors}
    assert any(re.match(r"set_rate\('\w+', \d+\)\nassert ", a.text) for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    fractional = [*EXCHANGE_TESTS, "set_rate('EUR', 2)\nassert to_usd(5, 'EUR') == 2.5"]
    assert not audit_problem(problem("rates", EXCHANGE, fractional), DEEP).survivors


def test_the_last_call_made_first_is_made_twice_where_a_total_forgets():
    tests = ["reset()\nadd(5)\nassert total() == 5", "reset()\nadd(2)\nassert total() == 2"]
    result = audit_problem(problem("acc", RUNNING, tests), DEEP)
    assert "    TOTAL[0] = x" in {s.after for s in result.survivors}
    assert any(
        re.match(r"reset\(\)\nadd\((\d+)\)\nadd\(\1\)\nassert total\(\) == ", a.text) for a in result.asserts
    )
    assert all(a.passes_reference and a.kills for a in result.asserts)
    twice = [*tests, "reset()\nadd(2)\nadd(3)\nassert total() == 5"]
    assert not audit_problem(problem("acc", RUNNING, twice), DEEP).survivors


# 111. From the twenty-second pass: "xs, a list of ints with an odd number of elements", "n is a
# power of two", "the length of the string is always a multiple of 3" and "... for 0 <= r <= 11
# and 0 <= c <= 11" were not read: the deep attack's draws passed even lengths, 12, four
# letters and c = 13, and a mutant wrong only there was a "survivor" (``stated_shapes``).
@pytest.mark.parametrize(
    ("name", "reference", "tests", "said"),
    [
        (
            "middle_value",
            "def middle_value(xs):\n    s = sorted(xs)\n    return s[(len(s) - 1) // 2]\n",
            ["assert middle_value([3, 1, 2]) == 2", "assert middle_value([7]) == 7",
             "assert middle_value([5, 1, 4, 2, 3]) == 3", "assert middle_value([2, 2, 1]) == 2",
             "assert middle_value([9, 8, 7, 1, 2]) == 7"],
            "Return the median of xs, a list of ints with an odd number of elements.",
        ),
        (
            "log2_exact",
            "def log2_exact(n):\n    count = 0\n    while n > 1:\n        n //= 2\n        count += 1\n"
            "    return count\n",
            ["assert log2_exact(1) == 0", "assert log2_exact(2) == 1", "assert log2_exact(8) == 3",
             "assert log2_exact(1024) == 10"],
            "Find k such that 2 ** k == n, where n is a power of two no larger than 2 ** 60.",
        ),
        (
            "codons",
            "def codons(seq):\n    return [seq[i:i + 3] for i in range(0, len(seq), 3)]\n",
            ["assert codons('ATGCCC') == ['ATG', 'CCC']", "assert codons('') == []",
             "assert codons('TAA') == ['TAA']"],
            "Split a DNA string into codons. The length of the string is always a multiple of 3.",
        ),
    ],
)  # fmt: skip
def test_a_measure_the_text_states_of_an_input_keeps_the_draws_inside_it(name, reference, tests, said):
    result = audit_problem(problem(name, reference, tests, prompt=said), DEEP)
    assert not result.survivors
    unsaid = audit_problem(problem(name, reference, tests), DEEP)  # (the same draws, unread)
    assert unsaid.survivors


def test_a_range_a_clause_opens_with_for_is_the_domain():
    said = "paths(r, c): the number of lattice paths to (r, c), for 0 <= r <= 3 and 0 <= c <= 3."
    parameters = ("r", "c")
    assert domain_flags(Call((2, 4)), said, parameters)
    assert not domain_flags(Call((2, 3)), said, parameters)
    assert not domain_flags(Call((2, 4)), "Return -1 for r < 0.", parameters)  # (a case, not a range)


# 112. From the twenty-second pass: "each distinct value of xs exactly once, in any order", tested
# through ``sorted``: a mutant that only reordered was a survivor, and "any one of them may be
# returned" of tied longest words left ``>=`` for ``>`` one. Where the text frees the order, a
# list is compared (and asserted) as a bag; where it lets any tied candidate be the answer, a
# mutant that only keeps another of them is no broken solution.
DISTINCT = "def distinct_items(xs):\n    out = list(set(xs))\n    out.sort()\n    return out\n"
DISTINCT_TESTS = [
    "assert sorted(distinct_items([3, 1, 3, 2])) == [1, 2, 3]",
    "assert distinct_items([]) == []",
    "assert sorted(distinct_items([9, 8])) == [8, 9]",
]


def test_a_list_whose_order_the_text_frees_is_compared_as_a_bag():
    said = "distinct_items(xs): each distinct value of xs exactly once, in any order."
    result = audit_problem(problem("distinct_items", DISTINCT, DISTINCT_TESTS, prompt=said), DEEP)
    assert not any("reverse" in s.after or "out.sort()" in s.before for s in result.survivors)
    assert all(a.text.startswith("assert sorted(") for a in result.asserts)
    unsaid = audit_problem(problem("distinct_items", DISTINCT, DISTINCT_TESTS), DEEP)
    assert any("out.sort()" in s.before for s in unsaid.survivors)


def test_a_tie_the_text_leaves_to_any_candidate_makes_no_survivor():
    longest = (
        "def longest_word(words):\n    best = words[0]\n    for w in words[1:]:\n"
        "        if len(w) > len(best):\n            best = w\n    return best\n"
    )
    tests = ["assert longest_word(['aa', 'b']) == 'aa'", "assert longest_word(['b', 'aa']) == 'aa'"]
    said = (
        "The longest of the words; when several share the greatest length, any one of them may be returned."
    )
    tie = "        if len(w) >= len(best):"
    free = audit_problem(problem("longest_word", longest, tests, prompt=said), DEEP)
    assert free.survivors and tie not in {s.after for s in free.survivors}  # (``words[-1:]`` is one)
    first = "The longest of the words; when several share the greatest length, the first one."
    assert tie in {
        s.after for s in audit_problem(problem("longest_word", longest, tests, prompt=first), DEEP).survivors
    }


def test_letter_case_is_ignored_lifts_the_case():
    assert "case" in lifted_rules("Letters are compared once letter case is ignored.")
    assert "case" in lifted_rules("The case does not matter.")


# 113. From the twenty-second pass: a message the text fixes whole ("whose message is exactly
# 'over limit by D'"), tested for the words 'over limit' and 'by' alone, had a wrong D
# "equivalent": the tests' words judged it. Where the text fixes the whole message, the whole
# message is part of the answer, and the assert checks it whole.
def test_a_message_the_text_fixes_whole_is_judged_whole():
    withdraw = (
        "def withdraw(balance, amount):\n    if amount > balance:\n"
        "        raise ValueError(f'over limit by {amount - balance}')\n    return balance - amount\n"
    )
    tests = [
        "assert withdraw(10, 3) == 7",
        "try:\n    withdraw(5, 8)\nexcept ValueError as e:\n    assert 'over limit' in str(e)\n"
        "else:\n    assert False",
    ]
    said = "If amount exceeds balance, raise ValueError whose message is exactly 'over limit by D'."
    result = audit_problem(problem("withdraw", withdraw, tests, prompt=said), AuditParams())
    assert "        raise ValueError(f'over limit by {amount + balance}')" in {
        s.after for s in result.survivors
    }
    assert any("'^over limit by 3$'" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    words = "If amount exceeds balance, raise ValueError saying it is over the limit."
    unfixed = audit_problem(problem("withdraw", withdraw, tests, prompt=words), AuditParams())
    assert not any("amount + balance" in s.after for s in unfixed.survivors)


# 114. From the twenty-second pass: ``push(7)`` then ``peek()``, drawn twice over with the same
# literal, never held two different items, so ``items[0]`` for ``items[-1]`` was "equivalent".
# The second round of a doubled object's uses takes each int one up.
def test_a_second_round_of_uses_takes_other_values():
    stack = (
        "class Stack:\n    def __init__(self):\n        self.items = []\n"
        "    def push(self, x):\n        self.items.append(x)\n"
        "    def peek(self):\n        return self.items[-1] if self.items else None\n"
        "    def size(self):\n        return len(self.items)\n"
    )
    tests = ["s = Stack()\ns.push(7)\nassert s.peek() == 7\nassert s.size() == 1"]
    result = audit_problem(problem("Stack", stack, tests), DEEP)
    assert "        return self.items[0] if self.items else None" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


# 115. From the twenty-second pass: ``count_high(bytearray(b'\x80\x01\xff'))`` was excluded, no
# fresh inputs: a ``bytearray`` argument was never drawn. It is made in place as a standard value
# type is, its bytes drawn.
def test_a_bytearray_argument_is_drawn():
    count = "def count_high(data):\n    return sum(1 for b in data if b >= 128)\n"
    tests = ["assert count_high(bytearray(b'\\x80\\x01\\xff')) == 2", "assert count_high(bytearray()) == 0"]
    result = audit_problem(problem("count_high", count, tests), DEEP)
    assert result.status == "ok" and result.n_fresh
    assert all("bytearray(" in a.text and a.passes_reference and a.kills for a in result.asserts)


# 116. From the twenty-second pass (class 1): a type guard tested with ``None`` alone, which the
# body refuses by itself (``None * 2``): the guard deleted passed, and no draw passed another
# type. Where the tests expect raises and the entry tests a parameter's type before raising,
# values of a few other types are passed there (``type_guards``).
def test_a_type_guard_is_crossed_with_values_of_other_types():
    double = (
        "def double_int(x):\n    if not isinstance(x, int):\n        raise TypeError('int expected')\n"
        "    return x * 2\n"
    )
    tests = [
        "assert double_int(4) == 8",
        "assert double_int(-3) == -6",
        "try:\n    double_int(None)\nexcept TypeError:\n    pass\nelse:\n    assert False",
    ]
    result = audit_problem(problem("double_int", double, tests), DEEP)
    assert "        pass" in {s.after for s in result.survivors}
    assert any("assertRaises(TypeError" in a.text for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)
    other = [*tests, "try:\n    double_int('ab')\nexcept TypeError:\n    pass\nelse:\n    assert False"]
    assert "        pass" not in {
        s.after for s in audit_problem(problem("double_int", double, other), DEEP).survivors
    }


# 117. From the twenty-second pass (class 5): every test handed the entry, with its argument, to a
# helper of the setup (``status(check_port, '80')``, around ``fn(*args)``): the problem was
# excluded, "no function that the reference defines is called by the tests". A setup's helper
# that calls one of its parameters is read as the call it makes, its ``*args`` spread.
PORTS = (
    "import sys\n\ndef check_port(text):\n    text = text.strip()\n    if not text.isdigit():\n"
    "        sys.exit(2)\n    port = int(text)\n    if port < 1 or port > 65535:\n        sys.exit(1)\n"
    "    sys.exit(0)\n"
)
STATUS = (
    "def status(fn, *args):\n    try:\n        fn(*args)\n    except SystemExit as e:\n"
    "        return e.code\n    return None\n"
)


def test_a_setup_helper_handed_the_entry_and_its_arguments_reads_as_the_call():
    tests = ["assert status(check_port, '80') == 0", "assert status(check_port, 'abc') == 2"]
    result = audit_problem(problem("ports", PORTS, tests, setup=STATUS), AuditParams())
    assert result.status == "ok" and result.entry == "check_port"
    assert "    if port < 1 or port >= 65535:" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


# 118. From the twenty-second pass (class 4): ``format(Money(99), 'short')`` and
# ``f'{Money(150):short}'`` exercise ``__format__``, which no step read: every mutant of it
# was "equivalent". ``format`` is a protocol step, and a written format spec reads as it.
def test_format_with_a_spec_is_a_step_of_the_objects_chain():
    money = (
        "class Money:\n    def __init__(self, cents):\n        self.cents = cents\n"
        "    def __format__(self, spec):\n        if spec == 'short':\n"
        "            return f'${self.cents // 100}'\n"
        "        return f'${self.cents // 100}.{self.cents % 100:02d}'\n"
    )
    tests = ["assert format(Money(99), 'short') == '$0'", "assert f'{Money(150):short}' == '$1'"]
    result = audit_problem(problem("Money", money, tests), AuditParams())
    assert "            return f'${self.cents // 101}'" in {s.after for s in result.survivors}
    assert any(re.match(r"assert format\(Money\(\d+\), 'short'\) == ", a.text) for a in result.asserts)
    assert all(a.passes_reference and a.kills for a in result.asserts)


# 119. From the twenty-second pass (class 6): a class counter (``Ticket.issued += 1``) was not
# seen as state, so its asserts were written from a fresh load (``number == 1``) and failed where
# a patch appends them, after the visible tests. A class's own data stored anew is state: the
# asserts are written and gated after the tests (and an export refuses one that fails after the
# others it accepted).
def test_a_class_counter_is_state_and_its_asserts_hold_after_the_tests():
    from gameability_tui.engine.audit.reference import may_keep_state

    ticket = (
        "class Ticket:\n    issued = 0\n\n    def __init__(self, title):\n        Ticket.issued += 1\n"
        "        self.title = title\n        self.number = Ticket.issued\n"
    )
    assert may_keep_state(ticket)
    assert not may_keep_state("class P:\n    def __init__(self, x):\n        self.x = x\n")
    tests = ["a = Ticket('x')\nb = Ticket('y')\nassert b.number == a.number + 1"]
    result = audit_problem(problem("Ticket", ticket, tests), AuditParams())
    assert result.asserts
    assert all(_run_assert(ticket, "Ticket", a.text, tuple(tests)) for a in result.asserts)


# 120. From the twenty-third pass (over round twenty-one): a setup's ``check`` answering
# ``type(e).__name__`` made the message part of the answer, so a message no text fixes was a
# survivor; "occurs more than\nonce" (a line break inside) was not read; "in upper or lower case"
# lifted no case, and a one-letter argument never took the other case; a running best kept by
# another key (``n > counts[best]``) made ties survivors where the text lets any one be returned.
def test_a_handler_reading_only_the_type_leaves_the_message_out():
    area = (
        "def area(w, h):\n    if w < 0 or h < 0:\n        raise ValueError('negative side')\n"
        "    return w * h\n"
    )
    setup = (
        "def check(fn, *args):\n    try:\n        return fn(*args)\n    except Exception as e:\n"
        "        return type(e).__name__\n"
    )
    tests = ["assert check(area, 2, 3) == 6", "assert check(area, -1, 3) == 'ValueError'"]
    result = audit_problem(problem("area", area, tests, setup=setup), DEEP)
    assert not any("negative side" in s.before for s in result.survivors)


def test_a_tie_rule_broken_over_a_line_is_read_and_drawn():
    argmax = (
        "def argmax(xs):\n    best = 0\n    for i in range(1, len(xs)):\n        if xs[i] > xs[best]:\n"
        "            best = i\n    return best\n"
    )
    tests = ["assert argmax([1, 5, 3]) == 1", "assert argmax([9]) == 0", "assert argmax([2, 4, 8]) == 2"]
    said = "argmax(xs): the index of the largest item; when it occurs more than\nonce, the first occurrence."
    result = audit_problem(problem("argmax", argmax, tests, prompt=said), AuditParams())
    assert "        if xs[i] >= xs[best]:" in {s.after for s in result.survivors}


def test_a_one_letter_argument_takes_the_other_case_where_the_text_ignores_case():
    count = "def count_char(s, ch):\n    return s.lower().count(ch.lower())\n"
    tests = [
        "assert count_char('banana', 'a') == 3",
        "assert count_char('Apple', 'a') == 1",
        "assert count_char('xyz', 'q') == 0",
    ]
    said = "Write a function to count how many times the character ch occurs in s, ignoring case."
    result = audit_problem(problem("count_char", count, tests, prompt=said), DEEP)
    assert "    return s.lower().count(ch)" in {s.after for s in result.survivors}
    assert "case" in lifted_rules("how many letters of s are vowels, in upper or lower case.")
    assert "case" not in lifted_rules("In any case, return 0.")


def test_any_of_the_tied_frees_a_running_best_kept_by_another_key():
    mode = (
        "def mode(xs):\n    counts = {}\n    for x in xs:\n        counts[x] = counts.get(x, 0) + 1\n"
        "    best = None\n    for x, n in counts.items():\n        if best is None or n > counts[best]:\n"
        "            best = x\n    return best\n"
    )
    tests = ["assert mode([1, 2, 2, 3]) == 2", "assert mode([5]) == 5", "assert mode([4, 4, 1, 1, 1]) == 1"]
    said = "mode(xs): a most frequent item; when several items tie, any one of them may be returned."
    tie = "        if best is None or n >= counts[best]:"
    assert tie not in {
        s.after for s in audit_problem(problem("mode", mode, tests, prompt=said), DEEP).survivors
    }
    first = "mode(xs): a most frequent item; when several items tie, the first one met."
    kept = audit_problem(problem("mode", mode, tests, prompt=first), DEEP)
    assert tie in {s.after for s in kept.survivors}


# 121. From the twenty-third pass (class 5): a setup's helpers handed the entry and keywords
# (``call(clamp, x=15, lo=0, hi=10)`` around ``fn(**kw)``, ``fails(clamp, ...)``) named no entry:
# only ``*args`` was spread. A helper's ``**kw`` spreads the keywords the call hands it.
def test_a_setup_helper_handed_the_entry_and_keywords_reads_as_the_call():
    clamp = (
        "def clamp(x, lo, hi):\n    if lo > hi:\n        raise ValueError('empty range')\n"
        "    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x\n"
    )
    setup = (
        "def call(fn, **kw):\n    return fn(**kw)\n\n\ndef fails(fn, **kw):\n    try:\n        fn(**kw)\n"
        "    except ValueError:\n        return True\n    return False\n"
    )
    tests = [
        "assert call(clamp, x=15, lo=0, hi=10) == 10",
        "assert call(clamp, x=5, lo=0, hi=10) == 5",
        "assert fails(clamp, x=1, lo=4, hi=2)",
    ]
    result = audit_problem(problem("clamp", clamp, tests, setup=setup), DEEP)
    assert result.status == "ok" and result.entry == "clamp"
    assert "    if lo >= hi:" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)


# 122. From the twenty-third pass (class 5, what the text states): a docstring's own example
# (``words('one,two')``) is an input the text allows, but the tests wrote only ``', '`` and no
# edit of their literals drops the space, so a mutant wrong only there looked equivalent. The
# text's example calls are inputs (its written answers are not: the reference's is the oracle).
WORDS_BY_COMMAS = 'def words(s):\n    return s.replace(",", " ").split()\n'
WORDS_SAID = (
    'def words(s):\n    """The words of s, split at commas or spaces.\n'
    "    >>> words('one,two')\n    ['one', 'two']\n    \"\"\"\n"
)
WORDS_TESTS = [
    "assert words('Hi, my name is John') == ['Hi', 'my', 'name', 'is', 'John']",
    "assert words('One, two, three') == ['One', 'two', 'three']",
    "assert words('') == []",
]


def test_the_texts_own_example_is_an_input():
    blank = "    return s.replace(\",\", '').split()"
    shown = audit_problem(problem("words", WORDS_BY_COMMAS, WORDS_TESTS, prompt=WORDS_SAID), DEEP)
    assert blank in {s.after for s in shown.survivors}
    assert any("words('one,two')" in a.text and a.passes_reference for a in shown.asserts)
    unsaid = audit_problem(problem("words", WORDS_BY_COMMAS, WORDS_TESTS, prompt="Split s into words."), DEEP)
    assert blank not in {s.after for s in unsaid.survivors}


def test_an_example_in_another_shape_than_the_tests_is_not_taken():
    said = "make_adder(n) returns a function adding n: make_adder(3) is one, make_adder(2)(5) == 7."
    adder = "def make_adder(n):\n    return lambda x: x + n\n"
    tests = ["assert make_adder(1)(1) == 2", "assert make_adder(0)(9) == 9"]
    found = visible_calls(problem("make_adder", adder, tests, prompt=said))
    assert found is not None
    entry, call_name, visible = found
    shown = _shown_by_the_text(problem("make_adder", adder, tests, prompt=said), entry, call_name, visible)
    assert [(call.args, call.chain) for call in shown] == [((2,), (("", (5,), ()),))]


# 123. From the twenty-third pass (what the text states): "the gcd of two non-negative ints",
# said of no parameter by name, was not read, so ``gcd(-1, 0)`` was drawn across the raise guard
# and ``a == 0`` made ``a <= 0`` was a "survivor" on inputs the task rules out.
GCD = (
    "def gcd(a, b):\n    if a == 0 and b == 0:\n        raise ValueError('gcd(0, 0) is undefined')\n"
    "    while b:\n        a, b = b, a % b\n    return a\n"
)
GCD_SAID = (
    "gcd(a, b): the greatest common divisor of two non-negative ints, not both zero. Raise\n"
    "ValueError when both are zero."
)
GCD_TESTS = [
    "assert gcd(12, 18) == 6",
    "assert gcd(0, 7) == 7",
    "assert gcd(7, 0) == 7",
    "assert gcd(1, 1) == 1",
    "try:\n    gcd(0, 0)\nexcept ValueError:\n    pass\nelse:\n    assert False",
]


def test_a_sign_said_of_several_unnamed_ints_keeps_each_of_them():
    assert domain_flags(Call((-1, 0)), GCD_SAID, ("a", "b"))
    assert domain_flags(Call((3, -2)), GCD_SAID, ("a", "b"))
    assert not domain_flags(Call((0, 5)), GCD_SAID, ("a", "b"))
    assert not domain_flags(Call((-1,)), GCD_SAID, ("a",))  # (one int is not two)
    assert domain_flags(Call((0, 4)), "lcm of both positive integers", ("x", "y"))
    result = audit_problem(problem("gcd", GCD, GCD_TESTS, prompt=GCD_SAID), DEEP)
    assert not {s.after for s in result.survivors} & {
        "    if a <= 0 and b == 0:",
        "    if a == 0 and b <= 0:",
    }
    unsaid = audit_problem(
        problem("gcd", GCD, GCD_TESTS, prompt="gcd(a, b): the greatest common divisor."), DEEP
    )
    assert {s.after for s in unsaid.survivors} & {"    if a <= 0 and b == 0:", "    if a == 0 and b <= 0:"}


# 124. From the twenty-second pass (class 3): "any value within 1e-3 of math.sqrt(n) is a correct
# answer" was read by no rule: a Newton loop one turn shorter (7e-5 off) was "broken" and its
# assert demanded 1e-6. A looser tolerance the text states is the oracle's and the asserts'.
SQRT_BY_NEWTON = (
    "def approx_sqrt(n):\n    x = (n + 1) / 2\n    for _ in range(6):\n"
    "        x = (x + n / x) / 2\n    return x\n"
)
SQRT_TESTS = [
    "assert abs(approx_sqrt(1) - 1.0) < 1e-3",
    "assert abs(approx_sqrt(30) - 30 ** 0.5) < 1e-3",
    "assert abs(approx_sqrt(100) - 10.0) < 1e-3",
]
SQRT_SAID = "approx_sqrt(n): the square root of n for 1 <= n <= 100. Any value within 1e-3 of it is correct."


def test_a_tolerance_the_text_states_is_the_oracles():
    shorter = "    for _ in range(5):"
    said = audit_problem(problem("approx_sqrt", SQRT_BY_NEWTON, SQRT_TESTS, prompt=SQRT_SAID), DEEP)
    assert shorter not in {s.after for s in said.survivors}
    unsaid = audit_problem(
        problem("approx_sqrt", SQRT_BY_NEWTON, SQRT_TESTS, prompt="The square root of n."), DEEP
    )
    assert shorter in {s.after for s in unsaid.survivors}
    assert stated_tolerance(SQRT_SAID) == 1e-3
    assert stated_tolerance("an absolute error of at most 10**-4 is allowed") == 1e-4
    assert stated_tolerance("pairs of items within 2 of each other") == 0.0
    assert stated_tolerance("within 1e-9 of the true value") == 0.0  # (not looser than the default)


def test_an_assert_under_a_stated_tolerance_is_written_with_it():
    small = ["assert abs(approx_sqrt(1) - 1.0) < 1e-3", "assert abs(approx_sqrt(4) - 2.0) < 1e-3"]
    said = audit_problem(problem("approx_sqrt", SQRT_BY_NEWTON, small, prompt=SQRT_SAID), DEEP)
    assert "        x = (x + n / x) // 2" in {s.after for s in said.survivors}  # (7 for 7.07 at 50)
    texts = [a.text for a in said.asserts if "abs(" in a.text]
    assert texts and all("<= 0.001 + 1e-07 * abs(" in text for text in texts)
    assert all(a.passes_reference and a.kills for a in said.asserts)


# 125. From the twenty-third pass (what the text states): "a list of ints whose sum is even", a
# rule of a value computed from the input, was not read: ``//`` made ``/`` was a "survivor" on
# odd sums only, which the task rules out.
HALF_TOTAL = "def half_total(xs):\n    return sum(xs) // 2\n"
HALF_TESTS = [
    "assert half_total([]) == 0",
    "assert half_total([3, 5]) == 4",
    "assert half_total([-4, -6]) == -5",
]


def test_a_parity_the_text_states_of_a_lists_sum_keeps_it():
    said = "half_total(xs): xs is a list of ints whose sum is even; return half of that sum."
    assert domain_flags(Call(([1, 2],)), said, ("xs",))
    assert not domain_flags(Call(([1, 3],)), said, ("xs",))
    assert not domain_flags(Call(([1, 2],)), "Check whether the sum is even.", ("xs",))
    halved = "    return sum(xs) / 2"
    kept = audit_problem(problem("half_total", HALF_TOTAL, HALF_TESTS, prompt=said), DEEP)
    assert halved not in {s.after for s in kept.survivors}
    unsaid = audit_problem(
        problem("half_total", HALF_TOTAL, HALF_TESTS, prompt="Half the sum, rounded down."), DEEP
    )
    assert halved in {s.after for s in unsaid.survivors}


# 126. From the twenty-third pass (class 6): a memo keyed on one side of a rectangle, ``(w, h)``
# made ``(w, w)``, is an edit no operator made, so the problem looked strong. The deep attack
# writes a name of a tuple or a call's arguments as its neighbour ("name-twin").
AREA_CACHED = (
    "_cache = {}\n\n\ndef area(w, h):\n    key = (w, h)\n    if key not in _cache:\n"
    "        _cache[key] = w * h\n    return _cache[key]\n"
)


def test_a_variable_written_as_its_neighbour_is_a_deep_mutant():
    tests = ["assert area(2, 3) == 6", "assert area(4, 5) == 20", "assert area(2, 3) == 6"]
    result = audit_problem(problem("area", AREA_CACHED, tests), DEEP)
    assert "    key = (w, w)" in {s.after for s in result.survivors}
    assert result.asserts and all(a.passes_reference and a.kills for a in result.asserts)
    assert "    key = (w, w)" not in {
        s.after for s in audit_problem(problem("area", AREA_CACHED, tests), AuditParams()).survivors
    }


# 127. From the twenty-third pass (class 4): "size() returns how many items it holds", and no test
# asks the size: no drawn input called it, so ``return None`` there was "equivalent". A method
# the text writes as a call, taking only ``self``, is called on the objects the tests use.
QUEUE = (
    "class Queue:\n    def __init__(self):\n        self.items = []\n\n    def push(self, x):\n"
    "        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop(0)\n\n"
    "    def size(self):\n        return len(self.items)\n"
)
QUEUE_TESTS = [
    "q = Queue()\nq.push(1)\nq.push(2)\nassert q.pop() == 1\nassert q.pop() == 2",
    "q = Queue()\nq.push('a')\nassert q.pop() == 'a'",
]


def test_a_method_the_text_names_and_no_test_calls_is_called():
    said = (
        "Queue: push(x) adds x; pop() removes and returns the oldest item; size() returns how many it holds."
    )
    result = audit_problem(problem("Queue", QUEUE, QUEUE_TESTS, prompt=said), AuditParams())
    assert "        return None" in {s.after for s in result.survivors}
    assert any("q.size() ==" in a.text and a.passes_reference and a.kills for a in result.asserts)
    unsaid = audit_problem(problem("Queue", QUEUE, QUEUE_TESTS, prompt="A FIFO queue."), AuditParams())
    assert "        return None" not in {s.after for s in unsaid.survivors}
    assert methods_the_text_names(said, QUEUE) == ("pop", "size")  # (push takes x)


# 128. From the twenty-third pass (class 6): an LRU's ``get`` that forgot to mark its key as used
# shows only where a write follows the read and a read follows the write, which no test made, so
# deleting the ``move_to_end`` was "equivalent". A read is made before the last write, and the
# reads again after it.
LRU = (
    "from collections import OrderedDict\n\n\nclass LRU:\n    def __init__(self, capacity):\n"
    "        self.capacity = capacity\n        self.data = OrderedDict()\n\n    def get(self, k):\n"
    "        if k not in self.data:\n            return None\n        self.data.move_to_end(k)\n"
    "        return self.data[k]\n\n    def put(self, k, v):\n        self.data[k] = v\n"
    "        self.data.move_to_end(k)\n        if len(self.data) > self.capacity:\n"
    "            self.data.popitem(last=False)\n"
)
LRU_TESTS = [
    "c = LRU(2)\nc.put('a', 1)\nc.put('b', 2)\nc.put('c', 3)\nassert c.get('a') is None\n"
    "assert c.get('c') == 3",
    "c = LRU(1)\nc.put('x', 1)\nassert c.get('x') == 1\nassert c.get('y') is None",
]


def test_a_read_before_the_last_write_shows_what_the_read_changes():
    result = audit_problem(problem("LRU", LRU, LRU_TESTS), DEEP)
    touch = {s.before.strip() for s in result.survivors if s.after.strip() == "pass"}
    assert "self.data.move_to_end(k)" in touch
    assert any("assert c.get('a') == 1; c.put(" in a.text and a.passes_reference for a in result.asserts)
    (written,) = list(reads_between(visible_calls(problem("LRU", LRU, LRU_TESTS))[2], 2))
    assert [use[0][0] for use in written.uses] == ["put", "put", "get", "put", "get", "get"]


# 129. From the twenty-third pass (class 1): a handler reading only an attribute of the exception
# (``except BadChar as e: assert e.position == 0``) made its message part of the answer, so a
# mutant dropping the ``super().__init__(message)`` no text states was "broken" and its assert
# pinned the message. An attribute read is the exception's state, not its message.
BAD_CHAR = (
    "class BadChar(Exception):\n    def __init__(self, position):\n"
    "        super().__init__(f'bad character at {position}')\n        self.position = position\n\n\n"
    "def parse_digits(s):\n    value = 0\n    for i, ch in enumerate(s):\n"
    "        if ch not in '0123456789':\n            raise BadChar(i)\n"
    "        value = value * 10 + (ord(ch) - 48)\n    return value\n"
)
BAD_CHAR_TESTS = [
    "assert parse_digits('907') == 907",
    "try:\n    parse_digits('x1')\nexcept BadChar as e:\n    assert e.position == 0\nelse:\n    assert False",
]


def test_an_exceptions_attribute_read_alone_reads_no_message():
    silent = "        pass"
    result = audit_problem(problem("parse_digits", BAD_CHAR, BAD_CHAR_TESTS), DEEP)
    assert silent not in {s.after for s in result.survivors if "super().__init__" in s.before}
    assert not any("bad character" in a.text for a in result.asserts)
    assert not messages_are_read(BAD_CHAR, tuple(BAD_CHAR_TESTS), "", None)
    for read in ("str(e) == 'bad character at 0'", "e.args[0].endswith('0')"):
        told = (BAD_CHAR_TESTS[0], BAD_CHAR_TESTS[1].replace("e.position == 0", read))
        assert messages_are_read(BAD_CHAR, told, "", None)
    within = (
        "import pytest\nwith pytest.raises(BadChar) as caught:\n    parse_digits('x')\n"
        "assert caught.value.position == 0"
    )
    assert not messages_are_read(BAD_CHAR, (within,), "", None)
    assert messages_are_read(BAD_CHAR, (within.replace(".position == 0", ".args == ('x',)"),), "", None)


# 130. From the twenty-fourth pass: an answer was called a random draw where one other seed
# answered otherwise; a shuffle of ``[3, 3, 2]`` has three orders, seeds 0 and 1 give the same,
# so deleting the shuffle "differed" there. An answer any of four other seeds changes is a draw.
SHUFFLED = (
    "import random\n\n\ndef shuffled(xs):\n    out = list(xs)\n    random.shuffle(out)\n    return out\n"
)
SHUFFLED_TESTS = [
    "assert sorted(shuffled([3, 1, 2])) == [1, 2, 3]",
    "assert shuffled([]) == []",
    "assert sorted(shuffled([5, 5, 6])) == [5, 5, 6]",
]


def test_an_answer_any_other_seed_changes_is_a_random_draw():
    kept = problem("shuffled", SHUFFLED, SHUFFLED_TESTS, hidden=("shuffled([3, 3, 2])",))
    result = audit_problem(kept, DEEP)
    assert "    pass" not in {s.after for s in result.survivors}
    assert result.n_survived == 0


# 131. From the twenty-fourth pass: "If two items are equally near, either one is accepted" freed
# no tie (only "may be returned" did), so ``<=`` for ``<`` in a running best was a survivor.
CLOSEST = (
    "def closest(xs, target):\n    best = xs[0]\n    for x in xs[1:]:\n"
    "        if abs(x - target) < abs(best - target):\n            best = x\n    return best\n"
)


def test_either_one_is_accepted_frees_a_tie():
    tests = [
        "assert closest([1, 5, 9], 6) == 5",
        "assert closest([10], 3) == 10",
        "assert closest([8, 2], 7) == 8",
    ]
    tie = "        if abs(x - target) <= abs(best - target):"
    said = "closest(xs, target): the item nearest to target. If two are equally near, either one is accepted."
    assert tie not in {
        s.after for s in audit_problem(problem("closest", CLOSEST, tests, prompt=said), DEEP).survivors
    }
    first = "closest(xs, target): the item nearest to target. If two items are equally near, the first."
    assert tie in {
        s.after for s in audit_problem(problem("closest", CLOSEST, tests, prompt=first), DEEP).survivors
    }


# 132. From the twenty-fourth pass (what the text states): "people always divides total exactly"
# and "no two neighbouring items of xs are equal" were not read, so ``//`` made ``/`` (uneven
# splits) and ``>`` made ``>=`` (equal neighbours) were "survivors" on inputs the task rules out.
SHARE = "def share(total, people):\n    return total // people\n"
SHARE_TESTS = ["assert share(10, 2) == 5", "assert share(0, 3) == 0", "assert share(12, 4) == 3"]
PEAKS = (
    "def count_peaks(xs):\n    count = 0\n    for i in range(1, len(xs) - 1):\n"
    "        if xs[i] > xs[i - 1] and xs[i] > xs[i + 1]:\n            count += 1\n    return count\n"
)
PEAKS_TESTS = [
    "assert count_peaks([1, 3, 2]) == 1",
    "assert count_peaks([1, 2, 3]) == 0",
    "assert count_peaks([5, 1, 5, 1]) == 1",
]


def test_a_divisibility_the_text_states_keeps_the_draws():
    said = "share(total, people): each person's share of total. people always divides total exactly."
    assert domain_flags(Call((10, 3)), said, ("total", "people"))
    assert not domain_flags(Call((12, 3)), said, ("total", "people"))
    assert domain_flags(Call((7, 2)), "total is always divisible by people", ("total", "people"))
    assert not domain_flags(Call((7, 2)), "Check whether total is divisible by people.", ("total", "people"))
    floats = "    return total / people"
    assert floats not in {
        s.after for s in audit_problem(problem("share", SHARE, SHARE_TESTS, prompt=said), DEEP).survivors
    }
    unsaid = audit_problem(problem("share", SHARE, SHARE_TESTS, prompt="share(total, people)."), DEEP)
    assert floats in {s.after for s in unsaid.survivors}


def test_neighbours_the_text_says_differ_keep_the_draws():
    said = (
        "count_peaks(xs): how many items exceed both neighbours. No two neighbouring items of xs are equal."
    )
    assert domain_flags(Call(([2, 2, 1],)), said, ("xs",))
    assert not domain_flags(Call(([2, 1, 2],)), said, ("xs",))
    kept = audit_problem(problem("count_peaks", PEAKS, PEAKS_TESTS, prompt=said), DEEP)
    assert not any(">=" in s.after for s in kept.survivors)
    unsaid = audit_problem(problem("count_peaks", PEAKS, PEAKS_TESTS, prompt="count_peaks(xs)."), DEEP)
    assert any(">=" in s.after for s in unsaid.survivors)


# 133. From the twenty-fourth pass: "sorted in strictly increasing order" with tests whose lists
# repeat no item: the contract kept items unique, so ``<=`` for ``<`` was never met. "Strictly"
# (and "non-decreasing") asked or branched on speaks of equal items, and lifts that rule.
def test_strictly_lifts_the_rule_that_items_never_repeat():
    assert "unique" in lifted_rules("Check whether a list is sorted in strictly increasing order.")
    assert "unique" in lifted_rules("Return True if xs is non-decreasing.")
    assert "unique" not in lifted_rules("Check whether a list is sorted in increasing order.")
    # (said of the input it is the domain, the twenty-fourth pass: t_strictly_increasing_strong)
    assert "unique" not in lifted_rules(
        "first_missing(xs): xs is a strictly increasing list of positive ints."
    )
    increasing = "def is_strictly_increasing(xs):\n    return all(a < b for a, b in zip(xs, xs[1:]))\n"
    tests = [
        "assert is_strictly_increasing([1, 2, 3]) == True",
        "assert is_strictly_increasing([3, 1]) == False",
    ]
    said = "Write a function to check whether a list is sorted in strictly increasing order."
    result = audit_problem(problem("is_strictly_increasing", increasing, tests, prompt=said), AuditParams())
    assert "    return all(a <= b for a, b in zip(xs, xs[1:]))" in {s.after for s in result.survivors}


# 134. From the twenty-fourth pass (class 6): a setter that forgets to clear the cache of the
# function the tests check shows only where that function is called before the setter and again
# after it, which no test did (``set_rate(5)`` then ``scaled(3)``). The call a test makes after
# its setup calls is also made before them.
SCALED_BY_RATE = (
    "from functools import lru_cache\n\nRATE = {'value': 2}\n\n\ndef set_rate(r):\n"
    "    RATE['value'] = r\n    scaled.cache_clear()\n\n\n@lru_cache(maxsize=None)\n"
    "def scaled(x):\n    return x * RATE['value']\n"
)


def test_a_call_is_also_made_before_the_calls_that_set_it_up():
    tests = ["assert scaled(2) == 4", "set_rate(5)\nassert scaled(3) == 15"]
    result = audit_problem(problem("scaled", SCALED_BY_RATE, tests), DEEP)
    assert "    pass" in {s.after for s in result.survivors if "cache_clear" in s.before}
    assert any(a.text.startswith("scaled(") and "\nset_rate(" in a.text and a.kills for a in result.asserts)


# 135. From the twenty-fourth pass (class 6): ``new_id()`` taking ``next`` of a module-level
# ``itertools.count(100, 1)``, checked once for its value: each fresh input was that one call
# from a fresh load, so a step of 2 was "equivalent". A call that moves the module's state on is
# made twice, and its assert makes it once first where a patch puts it.
NEW_ID = "import itertools\n\n_ids = itertools.count(100, 1)\n\n\ndef new_id():\n    return next(_ids)\n"


def test_a_call_that_moves_module_state_on_is_made_twice():
    tests = ["assert new_id() == 100", "assert isinstance(new_id(), int)"]
    result = audit_problem(problem("new_id", NEW_ID, tests), AuditParams())
    assert "_ids = itertools.count(100, 2)" in {s.after for s in result.survivors}
    assert [a.text for a in result.asserts] == ["new_id()\nassert new_id() == 103"]
    assert all(a.passes_reference and a.kills for a in result.asserts)
    assert advances_module_state("_n = 0\n\ndef bump():\n    global _n\n    _n += 1\n    return _n\n")
    assert not advances_module_state("LIMIT = 3\n\ndef f(x):\n    return min(x, LIMIT)\n")


# 136. From the twenty-fourth pass (class 6): "reset() sets the count back to zero", and no test
# calls ``reset``: a broken reset was "equivalent". A module function the text names, taking no
# argument, is made between two calls of the entry (``hit()``, ``reset()``, ``hit()``).
HITS = (
    "_hits = 0\n\n\ndef hit():\n    global _hits\n    _hits += 1\n    return _hits\n\n\n"
    "def reset():\n    global _hits\n    _hits = 0\n"
)


def test_a_function_the_text_names_and_no_test_calls_is_made_between_calls():
    said = "hit() counts a visit and returns the visits so far; reset() sets the count back to zero."
    tests = ["assert hit() == 1", "assert hit() == 2"]
    result = audit_problem(problem("hit", HITS, tests, prompt=said), AuditParams())
    assert "    _hits = 1" in {s.after for s in result.survivors}
    assert any("reset()\nassert hit() == 1" in a.text and a.kills for a in result.asserts)
    unsaid = audit_problem(problem("hit", HITS, tests, prompt="hit() counts a visit."), AuditParams())
    assert "    _hits = 1" not in {s.after for s in unsaid.survivors}


# 137. From the twenty-fourth pass: bytes the tests wrote as small escapes (``b'\x01\x02'``) kept
# that alphabet, so no draw summed to 256 and ``% 257`` for ``% 256`` was "equivalent"; "those at
# odd indexes in lower case" lifted no case, so no upper-case text was drawn and a dropped
# ``.lower()`` was "equivalent".
def test_raw_bytes_take_any_byte_and_an_answer_put_in_a_case_lifts_case():
    assert set(RAW_BYTE_EXTREMES) <= set(learn_domain([b"\x01\x02", b"\x10\x20"]).characters)
    assert "\xff" not in learn_domain([b"hello", b"abc"]).characters  # (bytes written as text)
    checksum = "def checksum(data):\n    return sum(data) % 256\n"
    tests = [
        "assert checksum(b'\\x01\\x02') == 3",
        "assert checksum(b'') == 0",
        "assert checksum(b'\\x10\\x20') == 48",
    ]
    result = audit_problem(problem("checksum", checksum, tests), DEEP)
    assert "    return sum(data) % 257" in {s.after for s in result.survivors}
    said = (
        "Return s with the characters at even indexes in upper case and those at odd indexes in lower case."
    )
    assert "case" in lifted_rules(said)
    assert "case" not in lifted_rules("s is given in lower case; return its vowels.")


# 138. From the twenty-fifth pass: calls passing keywords (``plural(n=1, word='cat')``) were
# aimed at as they stood, so "n is an int >= 0" never made ``n=0`` and ``n > 1`` for ``n != 1``
# was "equivalent"; "len(xs) is always a multiple of 3" was not read (a ``\b`` after the
# parenthesis); "Ties may be broken arbitrarily" freed no tie; "at most two decimal places" was
# not read, so ``'.225'`` was drawn from ``'2.25'``.
def test_a_keyword_argument_takes_the_texts_floor():
    plural = "def plural(n, word):\n    if n != 1:\n        word += 's'\n    return f'{n} {word}'\n"
    tests = [
        "assert plural(n=1, word='cat') == '1 cat'",
        "assert plural(n=3, word='dog') == '3 dogs'",
        "assert plural(word='bird', n=12) == '12 birds'",
    ]
    said = "plural(n, word): 'N word', with an s added unless n is exactly 1 (n is an int >= 0)."
    result = audit_problem(problem("plural", plural, tests, prompt=said), DEEP)
    assert "    if n > 1:" in {s.after for s in result.survivors}


def test_a_lengths_multiple_ties_broken_arbitrarily_and_decimal_places_are_read():
    said = "triples(xs): xs in groups of three; len(xs) is always a multiple of 3."
    assert domain_flags(Call(([1] * 8,)), said, ("xs",))
    assert not domain_flags(Call(([1] * 9,)), said, ("xs",))
    money = "a and b are amounts written as strings with at most two decimal places (like '12' or '0.5')."
    assert domain_flags(Call(("-5", ".225")), money, ("a", "b"))
    assert not domain_flags(Call(("-5", "2.25")), money, ("a", "b"))
    shortest = (
        "def shortest(words):\n    best = words[0]\n    for w in words[1:]:\n"
        "        if len(w) < len(best):\n            best = w\n    return best\n"
    )
    tests = ["assert shortest(['pear', 'fig', 'banana']) == 'fig'", "assert shortest(['xx', 'y']) == 'y'"]
    tie = "        if len(w) <= len(best):"
    free = "shortest(words): a shortest string of words. Ties may be broken arbitrarily."
    assert tie not in {
        s.after for s in audit_problem(problem("shortest", shortest, tests, prompt=free), DEEP).survivors
    }
    first = "shortest(words): a shortest string of words. Ties go to the first."
    assert tie in {
        s.after for s in audit_problem(problem("shortest", shortest, tests, prompt=first), DEEP).survivors
    }


# 139. From the twenty-fifth pass (class 4): ``ys = list(xs)`` then ``ys.sort()``: dropping the
# copy sorts the caller's list, which no test looked at after the call; no operator dropped a
# copy. The deep attack leaves out ``list(x)``, ``dict(x)``, ``x.copy()`` and ``x[:]``.
def test_a_dropped_copy_is_a_deep_mutant_and_its_assert_checks_the_argument():
    median = "def median(xs):\n    ys = list(xs)\n    ys.sort()\n    return ys[len(ys) // 2]\n"
    tests = [
        "assert median([3, 1, 2]) == 2",
        "assert median([5]) == 5",
        "assert median([9, 7, 8, 1, 2]) == 7",
    ]
    result = audit_problem(problem("median", median, tests), DEEP)
    assert "    ys = xs" in {s.after for s in result.survivors}
    assert any("assert arg0 == [" in a.text and a.kills for a in result.asserts)


# 140. From the twenty-fifth pass: a number the reference parses out of a text was never met at
# the constant it is compared with. A line ``'Ann,34'`` edited to ``'Ann,18'`` was a word the
# tests never wrote (outside the contract), so ``age >= 18`` against ``age > 18`` was "equivalent";
# a number parsed in base 16 (``int(s, 16) > 255``) was written in decimal (``'255'``, which is
# 597), never as ``'ff'``.
def test_a_number_parsed_from_a_line_of_words_is_met_at_its_constant():
    voters = (
        "def voters(text):\n    names = []\n    for line in text.split(';'):\n"
        "        name, age = line.split(':')\n        if int(age) >= 21:\n"
        "            names.append(name)\n    return names\n"
    )
    tests = [
        "assert voters('Al: 40;Cid: 9') == ['Al']",
        "assert voters('Dot: 35') == ['Dot']",
        "assert voters('Eve: 3;Fay: 64') == ['Fay']",
    ]
    result = audit_problem(problem("voters", voters, tests), AuditParams())
    assert "        if int(age) > 21:" in {s.after for s in result.survivors}
    assert any("21" in a.text and a.kills for a in result.asserts)
    lines = [Call(("Ann,34 Bo,12",)), Call(("Cy,40 Di,7",))]
    assert contract_violations(Call(("Ann,18 Bo,12",)), lines) == []
    assert contract_violations(Call(("Ann,xy Bo,12",)), lines)


def test_a_number_parsed_in_base_sixteen_is_written_in_base_sixteen():
    level = (
        "def level(code):\n    value = int(code, 16)\n    if value >= 200:\n"
        "        return 'high'\n    return 'low'\n"
    )
    tests = ["assert level('0a') == 'low'", "assert level('ff') == 'high'", "assert level('7B') == 'low'"]
    result = audit_problem(problem("level", level, tests), AuditParams())
    assert "    if value > 200:" in {s.after for s in result.survivors}
    assert any(("'c8'" in a.text or "'C8'" in a.text) and a.kills for a in result.asserts)


# 141. From the twenty-fifth pass: a constant compared inside a branch (``if b == 0: if a > 0``)
# was met from the visible calls in their order, the first ones taking the other branch: the
# default attack's few boundary inputs never made ``safe_div(0, 0)``, and ``a >= 0`` for ``a > 0``
# was "equivalent". The calls whose arguments take the branch are edited first.
def test_a_constant_compared_inside_a_branch_is_met_from_a_call_that_takes_it():
    sign_of_ratio = (
        "def sign_of_ratio(a, b):\n    if b == 0:\n        if a > 0:\n            return 'up'\n"
        "        return 'flat'\n    return 'up' if a / b > 0 else 'down'\n"
    )
    tests = [
        "assert sign_of_ratio(6, 3) == 'up'",
        "assert sign_of_ratio(1, -4) == 'down'",
        "assert sign_of_ratio(-7, 2) == 'down'",
        "assert sign_of_ratio(5, 0) == 'up'",
        "assert sign_of_ratio(-2, 0) == 'flat'",
    ]
    result = audit_problem(problem("sign_of_ratio", sign_of_ratio, tests), AuditParams())
    assert "        if a >= 0:" in {s.after for s in result.survivors}
    assert any("sign_of_ratio(0, 0) == 'flat'" in a.text and a.kills for a in result.asserts)


# 142. From the twenty-fifth pass: a search's not-found answer (``next(gen, -1)``, a loop that
# returns what it finds then ``return ''``) was reached by no default input where every visible
# list holds a match, so ``-1`` to ``-2`` was "equivalent". Where the reference has one, the
# default attack also cuts a list or text to one item (``aimed.fallback_calls``).
def test_a_searchs_not_found_answer_is_reached_by_a_one_item_list():
    first_odd = "def first_odd(xs):\n    return next((x for x in xs if x % 2), -1)\n"
    tests = [
        "assert first_odd([1, 3, 5]) == 1",
        "assert first_odd([2, 4, 1, 3]) == 1",
        "assert first_odd([8, 9, 1]) == 9",
    ]
    result = audit_problem(problem("first_odd", first_odd, tests), AuditParams())
    assert "    return next((x for x in xs if x % 2), -2)" in {s.after for s in result.survivors}
    assert any(a.text.endswith("== -1") and a.kills for a in result.asserts)
    printing = "def total(xs):\n    for x in xs:\n        print(x)\n    return 0\n"
    assert not answers_when_nothing_is_found(printing)


# 143. From the twenty-second pass (suggestions): on a class that counts its instances, six
# asserts each held right after the visible tests (``number == 4``), and the second failed after
# the first, as an export taking both appends them. Where the reference keeps state, an assert
# that fails after the ones offered before it is left out where they reject what it rejects.
def test_asserts_on_kept_state_hold_together_as_an_export_appends_them():
    ticket = (
        "class Ticket:\n    issued = 0\n\n    def __init__(self, title):\n"
        "        Ticket.issued += 1\n        self.title = title\n        self.number = Ticket.issued\n"
    )
    tests = [
        "a = Ticket('x')\nb = Ticket('y')\nassert b.number == a.number + 1",
        "c = Ticket('z')\nassert c.title == 'z'\nassert Ticket.issued == c.number",
    ]
    result = audit_problem(problem("Ticket", ticket, tests), AuditParams())
    assert result.survivors and result.asserts
    namespace: dict = {}
    exec(ticket, namespace)
    for text in [*tests, *(a.text for a in result.asserts)]:
        exec(text, namespace)  # (an AssertionError fails the test)


# 144. From the twenty-sixth pass (class 7): where the visible tests reject every mutant, none can
# pass them, whatever the fresh inputs show: the problem is strong, not excluded (a counter read
# only through ``Session.active``; ``Point`` tested by ``==`` and ``!=``).
def test_a_problem_whose_tests_reject_every_mutant_is_strong():
    tests = ["assert Point(1, 2) == Point(1, 2)", "assert Point(1, 2) != Point(2, 1)"]
    result = audit_problem(problem("Point", POINT, tests), AuditParams())
    assert (result.status, result.n_survived) == ("ok", 0)
    assert result.detail.endswith(f"the visible tests reject all {result.n_mutants}")


# a running best over counts, started at the first word: on a tie it keeps the first met
MOST_COMMON = (
    "def most_common(words):\n    counts = {}\n    for w in words:\n"
    "        counts[w] = counts.get(w, 0) + 1\n"
    "    best = words[0]\n    for w, c in counts.items():\n        if c > counts[best]:\n"
    "            best = w\n    return best\n"
)
MOST_COMMON_TESTS = [
    "assert most_common(['a', 'b', 'a']) == 'a'",
    "assert most_common(['x', 'y', 'y', 'y']) == 'y'",
]


# 145. From the twenty-sixth pass: "xs is sorted in decreasing order" was not read (only "a sorted
# array"), so unsorted and increasing lists were drawn; "a directed acyclic graph (no cycles)" was
# not read, so graphs with self-loops were; "If there is a tie, returning any of the tied words is
# fine" freed no tie.
def test_a_sorted_order_an_acyclic_graph_and_a_fine_tie_are_read():
    said = "count_above(xs, t): xs is sorted in decreasing order. Return how many items are above t."
    assert domain_flags(Call(([1, 4, 4], 2)), said, ("xs", "t"))
    assert domain_flags(Call(([7, 1, 5], 2)), said, ("xs", "t"))
    assert not domain_flags(Call(([7, 5, 5, 1], 2)), said, ("xs", "t"))
    asked = "is_down(xs): check whether xs is sorted in decreasing order."
    assert not domain_flags(Call(([1, 4, 4],)), asked, ("xs",))
    rising = "xs is sorted in non-decreasing order; find the first index of t."
    assert domain_flags(Call(([5, 4], 2)), rising, ("xs", "t"))
    dag = "reach(g, a, b): g maps each node to its successors; it is a directed acyclic graph (no cycles)."
    assert domain_flags(Call(({1: [2], 2: [2]}, 1, 2)), dag, ("g", "a", "b"))
    assert not domain_flags(Call(({1: [2, 3], 2: [3], 3: []}, 1, 3)), dag, ("g", "a", "b"))
    common, tests = MOST_COMMON, MOST_COMMON_TESTS
    free = (
        "most_common(words): a word that occurs most often. "
        "If there is a tie, returning any of the tied words is fine."
    )
    survivors = audit_problem(problem("most_common", common, tests, prompt=free), AuditParams()).survivors
    assert "        if c >= counts[best]:" not in {s.after for s in survivors}


# 146. From the twenty-sixth pass: ``m = l[0]`` made ``l[1]`` raises only on a one-item list, and
# the default drew none where every test passes several items; ``y % 400 == 0`` made ``% 401``
# parts only at a multiple of 400, and no draw near the tests' years (2024, 1900) is one.
def test_a_fixed_position_meets_a_one_item_list_and_a_tested_remainder_its_divisor():
    largest = (
        "def largest(l):\n    m = l[0]\n    for e in l:\n        if e > m:\n            m = e\n    return m\n"
    )
    tests = [
        "assert largest([1, 2, 3]) == 3",
        "assert largest([5, 3, -5, 2, -3, 3, 9, 0, 124, 1, -10]) == 124",
    ]
    result = audit_problem(problem("largest", largest, tests), AuditParams())
    assert "    m = l[1]" in {s.after for s in result.survivors}
    leap = "is_leap = lambda y: y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)\n"
    years = ["assert is_leap(2024) is True", "assert is_leap(2023) is False", "assert is_leap(1900) is False"]
    leaps = audit_problem(problem("is_leap", leap, years), AuditParams())
    assert any("y % 401 == 0" in s.after for s in leaps.survivors)
    assert any("is_leap(400) == True" in a.text and a.kills for a in leaps.asserts)


# 147. From the twenty-sixth pass (suggestions): the text writes ``cell(n)`` and the reference
# takes ``width=6`` too; the deep attack passed the untested default (``cell(42, 5)``), inputs a
# one-parameter solution cannot take. A parameter the text's signature leaves out is not passed.
def test_a_parameter_the_texts_signature_leaves_out_is_not_passed():
    cell = "def cell(n, width=6):\n    return str(n).rjust(width)\n"
    tests = ["assert cell(42).strip() == '42'", "assert cell(-7).lstrip() == '-7'"]
    said = "cell(n): the int n as text, right-aligned in a field of 6 characters."
    result = audit_problem(problem("cell", cell, tests, prompt=said), DEEP)
    assert result.asserts and all(re.search(r"cell\(-?\d+\)", a.text) for a in result.asserts)
    assert domain_flags(Call((42, 5)), said, ("n", "width"))
    assert not domain_flags(Call((42, 5)), "cell(n, width): n right-aligned.", ("n", "width"))


# 148. From the twenty-sixth pass (class 5): tests making three of the reference's classes
# (``Rect(2, 3).area()``, ``Square(2).describe()``, ``Circle(1).describe()``) had one entry, the
# first; no circle was drawn, and ``self.r ** 3`` for ``** 2`` was "equivalent". Each other name
# the tests call for itself is an entry too; one made only as an argument (``norm(Point(3, 4))``)
# stays a maker.
def test_each_class_the_tests_make_for_itself_is_an_entry():
    shapes = (
        "class Rect:\n    def __init__(self, w, h):\n        self.w, self.h = w, h\n\n"
        "    def area(self):\n        return self.w * self.h\n\n\n"
        "class Circle:\n    def __init__(self, r):\n        self.r = r\n\n"
        "    def area(self):\n        return round(3.14159 * self.r ** 2, 1)\n"
    )
    tests = [
        "assert Rect(2, 3).area() == 6",
        "assert Rect(4, 5).area() == 20",
        "assert Circle(1).area() == 3.1",
    ]
    result = audit_problem(problem("Rect", shapes, tests), AuditParams())
    assert result.entry == "Rect"
    assert "        return round(3.14159 * self.r ** 3, 1)" in {s.after for s in result.survivors}
    assert any("Circle(" in a.text and a.kills for a in result.asserts)
    point = "class Point:\n    def __init__(self, x, y):\n        self.x, self.y = x, y\n\n\n"
    norm = point + "def norm(p):\n    return abs(p.x) + abs(p.y)\n"
    norm_tests = ["assert norm(Point(3, 4)) == 7", "assert norm(Point(-1, 2)) == 3"]
    assert other_entries(problem("norm", norm, norm_tests), "norm") == []
    assert other_entries(problem("Rect", shapes, tests), "Rect") == ["Circle"]


# 149. From round twenty-three's own measure (suggestions): a one-item list reaches a search's
# not-found answer, and an assert pinning it (``first_odd([8]) == -1``, "the largest prime" of
# ``[0]``) states what the reference answers on an input the task may presuppose away (EvalPlus's
# contracts for MBPP/807 and HumanEval/94 refuse both). Where every survivor an assert rejects
# changes only that answer, no visible answer is its value and the text says nothing of the
# case, the assert is flagged ``path``; where the text says it ("-1 if there is none"), not.
def test_an_assert_pinning_a_searchs_not_found_answer_is_flagged():
    first_odd = (
        "def first_odd(xs):\n    for x in xs:\n        if x % 2:\n            return x\n    return -1\n"
    )
    tests = [
        "assert first_odd([1, 3, 5]) == 1",
        "assert first_odd([2, 4, 1, 3]) == 1",
        "assert first_odd([8, 9]) == 9",
    ]
    unsaid = audit_problem(
        problem("first_odd", first_odd, tests, prompt="Find the first odd number."), AuditParams()
    )
    pinned = [a for a in unsaid.asserts if a.text.endswith("== -1")]
    assert pinned and all(any("finds nothing" in flag for flag in a.flags) for a in pinned)
    said = "Find the first odd number of xs, or -1 if there is none."
    stated = audit_problem(problem("first_odd", first_odd, tests, prompt=said), AuditParams())
    assert not any("finds nothing" in flag for a in stated.asserts for flag in a.flags)


# 150. From the twenty-fifth pass and HumanEval/107: a bound written as a power or with
# separators (``2 <= n <= 10**12``, ``1 <= n <= 10^3``, ``1,000,000``, ``1e6``) was read as its
# first figures (10, 1), so every input above them broke "the domain" and was dropped.
def test_a_bound_written_as_a_power_is_read_whole():
    for said, inside, outside in [
        ("for 2 <= n <= 10**12", 13195, 10**12 + 1),
        ("Note: 1 <= n <= 10^3", 1000, 1001),
        ("n is between 1 and 1,000,000.", 50_000, 1_000_001),
        ("Assume 1 <= n <= 1e6.", 999_999, 10**6 + 1),
        ("Assume 1 <= n <= 10⁵.", 100_000, 100_001),
    ]:
        prompt = f"f(n): the number of steps. {said}"
        assert not domain_flags(Call((inside,)), prompt, ("n",)), said
        assert domain_flags(Call((outside,)), prompt, ("n",)), said


# 151. From the twenty-fourth and twenty-sixth passes (class 2): "for 0 <= n <= 200" promises
# ``trib(200)``; with the memo store dropped the recursion is exponential and never returns there,
# but the tests stop at 15 and no draw reached the top. Each end of a range the text states of a
# whole-number parameter is an input.
def test_the_top_of_a_stated_range_shows_a_dropped_memo():
    trib = (
        "def trib(n, memo={}):\n    if n < 2:\n        return 0\n    if n == 2:\n        return 1\n"
        "    if n in memo:\n        return memo[n]\n"
        "    value = trib(n - 1) + trib(n - 2) + trib(n - 3)\n    memo[n] = value\n    return value\n"
    )
    tests = ["assert trib(0) == 0", "assert trib(5) == 4", "assert trib(10) == 81", "assert trib(15) == 1705"]
    said = "trib(n): the n-th Tribonacci number (trib(2) = 1), for 0 <= n <= 200."
    result = audit_problem(problem("trib", trib, tests, prompt=said), DEEP)
    dropped = [s for s in result.survivors if s.before.strip() == "memo[n] = value"]
    assert dropped and all(s.witnesses == ("trib(200)",) for s in dropped)
    unsaid = audit_problem(problem("trib", trib, tests, prompt="trib(n): the n-th Tribonacci number."), DEEP)
    assert not any(s.before.strip() == "memo[n] = value" for s in unsaid.survivors)


# 152. From the twenty-sixth pass: ``11 <= n % 100 <= 13`` made ``% 101`` parts from it at 111
# (the text lists "111th"), and no test or draw was there. A remainder compared with constants is
# met a period on: its divisor plus each constant (111 and 113).
def test_a_remainder_compared_with_constants_is_met_a_period_on():
    ordinal = (
        "def ordinal(n):\n    if 11 <= n % 100 <= 13:\n        return f'{n}th'\n"
        "    return f'{n}' + {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')\n"
    )
    tests = [
        f"assert ordinal({n}) == '{n}{suffix}'"
        for n, suffix in [(1, "st"), (2, "nd"), (3, "rd"), (4, "th"), (11, "th"), (13, "th"), (101, "st")]
    ]
    for params in (AuditParams(), DEEP):
        result = audit_problem(problem("ordinal", ordinal, tests), params)
        assert "    if 11 <= n % 101 <= 13:" in {s.after for s in result.survivors}


# 153. From the twenty-sixth pass: "If there is a tie, returning any of the tied words is fine",
# and the deep attack's ``best = words[0]`` made ``words[-1]`` was a survivor: it starts the
# running best at another of the candidates, so it keeps another of the tied words. Where every
# answer a survivor gives apart from the reference's is the reference's own on the same items in
# reverse order, it is a tie's other pick; one that answers a word no order makes the reference
# give (the last word, however rare) stays a survivor.
def test_a_survivor_that_only_picks_another_tied_candidate_is_no_survivor():
    common, tests = MOST_COMMON, MOST_COMMON_TESTS
    free = "a word that occurs most often. If there is a tie, returning any of the tied words is fine."
    result = audit_problem(problem("most_common", common, tests, prompt=free), DEEP)
    assert "    best = words[-1]" not in {s.after for s in result.survivors}
    unsaid = audit_problem(problem("most_common", common, tests, prompt="a word occurring most often"), DEEP)
    assert "    best = words[-1]" in {s.after for s in unsaid.survivors}
    freed = problem("most_common", common, tests, prompt=free)
    prepared = prepare(freed, DEEP)
    last = judge_program(freed, DEEP, prepared, common.replace("    return best\n", "    return words[-1]\n"))
    assert last.survived and without_free_tie_choices(freed, DEEP, prepared, [last])[0].survived
    tied = judge_program(freed, DEEP, prepared, common.replace("best = words[0]", "best = words[-1]"))
    assert tied.survived and not without_free_tie_choices(freed, DEEP, prepared, [tied])[0].survived


# 154. From the twenty-sixth pass (class 3): ``round(c * 9 / 5 + 32, 1)`` made ``, 2)`` agrees on
# every int (``c * 9 / 5`` has one place at most), the tests passed ints and no draw passed
# anything else. Where the reference rounds to decimal places and the text never speaks of
# integers, a number that is no integer is an input: the deep attack makes ties of the ints.
def test_a_rounding_to_places_meets_a_number_that_is_no_integer():
    c_to_f = "def c_to_f(c):\n    return round(c * 9 / 5 + 32, 1)\n"
    tests = ["assert abs(c_to_f(37) - 98.6) < 0.1", "assert abs(c_to_f(0) - 32) < 0.1"]
    said = "c_to_f(c): degrees Celsius to Fahrenheit, rounded to one decimal place."
    result = audit_problem(problem("c_to_f", c_to_f, tests, prompt=said), DEEP)
    rounded = [s for s in result.survivors if s.after == "    return round(c * 9 / 5 + 32, 2)"]
    assert rounded and all("." in witness for witness in rounded[0].witnesses)
    whole = "c_to_f(c): the integer c degrees Celsius to Fahrenheit, rounded to one decimal place."
    ints = audit_problem(problem("c_to_f", c_to_f, tests, prompt=whole), DEEP)
    assert "    return round(c * 9 / 5 + 32, 2)" not in {s.after for s in ints.survivors}
    # a quotient of whole numbers needs its rounding on them: no other numbers are implied
    # (MBPP/851's ``Sum / N``, a sum of divisors); nor is ``math.pi * r * r``'s
    assert rounds_for_fractions("def f(p):\n    t = p * 1.08\n    return round(t, 2)\n")
    assert not rounds_for_fractions("def f(n, s):\n    ans = float(s) / float(n)\n    return round(ans, 2)\n")
    assert not rounds_for_fractions("import math\n\n\ndef f(r):\n    return round(math.pi * r * r, 2)\n")


# 155. From the twenty-fourth pass (class 2): ``@lru_cache`` left out of a recursive ``fib`` is
# exponential, and "for 0 <= n <= 90" promises ``fib(90)``; no operator dropped the cache. The
# deep attack drops it, and ``fib(90)`` (the range's top) rejects it.
def test_a_dropped_cache_is_shown_at_the_top_of_the_range():
    fib = (
        "from functools import lru_cache\n\n\n@lru_cache(maxsize=None)\ndef fib(n):\n"
        "    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n"
    )
    tests = ["assert fib(0) == 0", "assert fib(1) == 1", "assert fib(10) == 55", "assert fib(20) == 6765"]
    said = "fib(n): the n-th Fibonacci number (fib(0) = 0, fib(1) = 1), for 0 <= n <= 90."
    result = audit_problem(problem("fib", fib, tests, prompt=said), DEEP)
    dropped = [s for s in result.survivors if s.kind == "drop-cache"]
    assert dropped and "fib(90)" in dropped[0].witnesses
    assert any(a.text == "assert fib(90) == 2880067194370816120" and a.kills for a in result.asserts)


# 156. From the twenty-sixth pass: "Each item is 0.0 or has an absolute value between 0.001 and
# 1000" was not read, and the deep attack's ``normalize([1e-12])`` made ``n - 1e-12`` for
# ``n + 1e-12`` a survivor on an input the task rules out. A range of every item, said in words
# (with its one other value and its absolute value) or written of ``nums[i]``, is the domain.
def test_a_range_of_every_item_is_read():
    said = "normalize(v): each item is 0.0 or has an absolute value between 0.001 and 1000."
    assert domain_flags(Call(([0.0, 1e-12],)), said, ("v",))
    assert domain_flags(Call(([2000.0],)), said, ("v",))
    assert not domain_flags(Call(([0.0, -2.0, 0.5],)), said, ("v",))
    written = "f(nums, k): Constraints: 1 <= len(nums) <= 100, -1000 <= nums[i] <= 1000."
    assert domain_flags(Call(([1, 5000], 3)), written, ("nums", "k"))
    assert not domain_flags(Call(([1, -1000], 3)), written, ("nums", "k"))
    normalize = "import math\n\n\ndef normalize(v):\n    n = math.sqrt(sum(x * x for x in v))\n"
    normalize += "    return [x / (n + 1e-12) for x in v]\n"
    tests = [
        "r = normalize([3.0, 4.0])\nassert abs(r[0] - 0.6) < 1e-9 and abs(r[1] - 0.8) < 1e-9",
        "assert normalize([0.0, 0.0]) == [0.0, 0.0]",
        "r = normalize([-2.0])\nassert abs(r[0] + 1.0) < 1e-9",
    ]
    result = audit_problem(problem("normalize", normalize, tests, prompt=said), DEEP)
    assert (result.status, result.n_survived) == ("ok", 0)


# 157. From the twenty-fifth pass (class 2): ``d * d <= n`` made ``d + d <= n`` in a trial
# division is right but runs to n / 2, too slow only on a large prime, and the tests' numbers all
# have small factors. Where the reference divides by a value it steps through, the largest prime
# at or below the stated top is an input, and the reference has a harness's time there.
def test_a_trial_division_meets_the_largest_prime_of_the_stated_range():
    factor = (
        "def lpf(n):\n    last = 1\n    while n % 2 == 0:\n        last = 2\n        n //= 2\n    d = 3\n"
        "    while d * d <= n:\n        while n % d == 0:\n            last = d\n            n //= d\n"
        "        d += 2\n    if n > 1:\n        last = n\n    return last\n"
    )
    tests = [f"assert lpf({n}) == {p}" for n, p in [(13195, 29), (2, 2), (9, 3), (97, 97), (49, 7), (8, 2)]]
    said = "lpf(n): the largest prime factor of n, for 2 <= n <= 10**8."
    result = audit_problem(problem("lpf", factor, tests, prompt=said), DEEP)
    slow = [s for s in result.survivors if s.after == "    while d + d <= n:"]
    assert slow and slow[0].witnesses == ("lpf(99999989)",)


# 158. From the twenty-seventh pass: tests reading only an exception's notes (``e.__notes__ ==
# ['line 3']``, "The message of the error is free") made its message part of the answer, and a
# message's letters changed were survivors; "When two items are equally near, it does not matter
# which one you return" freed no tie. Notes are the exception's state, not its message, and the
# words free the tie.
@pytest.mark.skipif(sys.version_info < (3, 11), reason="BaseException.add_note is Python 3.11's")
def test_an_exceptions_notes_are_no_message():
    pairs = (
        "def parse(text):\n    out = {}\n    for i, line in enumerate(text.splitlines(), start=1):\n"
        "        key, sep, value = line.partition('=')\n        if not sep:\n"
        "            err = ValueError('missing =')\n            err.add_note(f'line {i}')\n"
        "            raise err\n"
        "        out[key.strip()] = value.strip()\n    return out\n"
    )
    tests = [
        "assert parse('a = 1') == {'a': '1'}",
        "try:\n    parse('x=1\\noops')\nexcept ValueError as e:\n    assert e.__notes__ == ['line 2']\n"
        "else:\n    raise AssertionError('no ValueError')",
    ]
    notes = problem(
        "parse", pairs, tests, prompt="Raise ValueError with a note 'line N'. The message is free."
    )
    prepared = prepare(notes, DEEP)
    worded = judge_program(notes, DEEP, prepared, pairs.replace("'missing ='", "'no sign'"))
    assert not worded.broken
    moved = judge_program(notes, DEEP, prepared, pairs.replace("f'line {i}'", "f'line {i + 1}'"))
    assert moved.broken


def test_it_does_not_matter_which_frees_a_tie():
    closest = (
        "def closest(xs, t):\n    best = xs[0]\n    for x in xs[1:]:\n"
        "        if abs(x - t) < abs(best - t):\n            best = x\n    return best\n"
    )
    near = ["assert closest([1, 5, 9], 6) == 5", "assert closest([3, 8, 20], 19) == 20"]
    free = "the item nearest to t. When two items are equally near, it does not matter which one you return."
    result = audit_problem(problem("closest", closest, near, prompt=free), AuditParams())
    assert "        if abs(x - t) <= abs(best - t):" not in {s.after for s in result.survivors}


# 159. From the twenty-seventh pass (class 6): ``self.history = []`` in ``__init__`` beside a class
# attribute ``history = []``: deleted, every tracker falls back to the class's one list, and a
# second tracker counts the first's events; the deep attack kept every constructor binding. And
# "a and b ..., each at most 10**6" bounds both: its ends are inputs, and beyond them none.
def test_a_constructor_binding_a_class_attribute_shadows_is_deleted_and_each_bound_is_read():
    tracker = (
        "class Tracker:\n    history = []\n\n    def __init__(self):\n        self.history = []\n\n"
        "    def log(self, event):\n        self.history.append(event)\n        return len(self.history)\n"
    )
    tests = [
        "t = Tracker()\nassert t.log('a') == 1\nassert t.log('b') == 2",
        "t2 = Tracker()\nt2.log('x')\nassert t2.history[-1] == 'x'",
    ]
    result = audit_problem(problem("Tracker", tracker, tests), DEEP)
    assert "        pass" in {s.after for s in result.survivors if s.before == "        self.history = []"}
    said = "gcd(a, b): the greatest common divisor of two non-negative ints a and b, each at most 10**6."
    assert domain_flags(Call((2_000_000, 3)), said, ("a", "b"))
    assert not domain_flags(Call((1_000_000, 3)), said, ("a", "b"))
    assert stated_ends(said, ("a", "b")) == (("a", 1_000_000), ("b", 1_000_000))


# 160. From the twenty-seventh pass (class 7): tests reaching the reference's classes only through
# a dict it holds (``REGISTRY['square'](3).area()``) were excluded as "no function that the
# reference defines is called by the tests", which the maintainer reads as a broken test file.
# (A dict literal of its names, or one a registering decorator fills, names entries since: 160
# keeps a store read neither way, ``dict(square=Square)``.)
def test_an_entry_reached_only_through_a_stored_value_is_named_in_the_exclusion():
    registry = (
        "class Square:\n    def __init__(self, side):\n        self.side = side\n\n    def area(self):\n"
        "        return self.side ** 2\n\n\nREGISTRY = dict(square=Square)\n"
    )
    tests = ["assert REGISTRY['square'](3).area() == 9"]
    result = audit_problem(problem("reg", registry, tests), AuditParams())
    assert result.status == "excluded:no-entry-point"
    assert "only through a value it stores (`REGISTRY['square'](3).area()`)" in result.detail


# 161. From the twenty-fourth, twenty-sixth and twenty-seventh passes: three single-site edits no
# operator built. Euclid by subtraction (``a % b`` to ``a - b``) recurses as deep as a / b and
# fails inside the stated range; ``remaining - need`` as ``remaining % need`` is right while
# fewer than twice ``need`` are left; a mean made without ``Fraction`` is a float, equal to the
# Fraction wherever the mean is exact in binary. And a range of several parameters at once
# (``1 <= a, b <= 10**4``) bounds each: it was read as ``1 <= a`` and ``b <= 10**4`` alone.
def test_a_remainder_for_a_difference_and_a_dropped_exact_number_are_deep_edits():
    gcd = (
        "def gcd(a, b):\n    a, b = max(a, b), min(a, b)\n    if b == 0:\n        return a\n"
        "    return gcd(b, a % b)\n"
    )
    tests = ["assert gcd(12, 8) == 4", "assert gcd(3, 7) == 1", "assert gcd(0, 5) == 5"]
    said = "gcd(a, b): the greatest common divisor of a and b. Constraints: 1 <= a, b <= 10**4."
    assert stated_ends(said, ("a", "b")) == (("a", 1), ("a", 10_000), ("b", 1), ("b", 10_000))
    result = audit_problem(problem("gcd", gcd, tests, prompt=said), DEEP)
    assert "    return gcd(b, a - b)" in {s.after for s in result.survivors}
    eat = (
        "def eat(number, need, remaining):\n    if need <= remaining:\n"
        "        return [number + need, remaining - need]\n    return [number + remaining, 0]\n"
    )
    tests = [
        "assert eat(5, 6, 10) == [11, 4]", "assert eat(4, 8, 9) == [12, 1]", "assert eat(2, 11, 5) == [7, 0]"
    ]  # fmt: skip
    result = audit_problem(problem("eat", eat, tests), DEEP)
    assert "        return [number + need, remaining % need]" in {s.after for s in result.survivors}
    mean = "from fractions import Fraction\n\n\ndef mean(xs):\n    return Fraction(sum(xs)) / len(xs)\n"
    tests = ["assert mean([1, 2]) == 1.5", "assert mean([2, 4, 6]) == 4", "assert mean([-1, 1]) == 0"]
    said = "mean(xs): the mean of a non-empty list of ints, as an exact fractions.Fraction."
    result = audit_problem(problem("mean", mean, tests, prompt=said), DEEP)
    assert "    return sum(xs) / len(xs)" in {s.after for s in result.survivors}


# 162. From the twenty-seventh pass (class 1): a warning the tests record is part of the answer,
# as a raise they catch is. ``x < 0`` to ``x <= 0`` returns the same 0 at 0 and warns there,
# where the text says no warning: equivalent while warnings went unseen. Its assert records them.
def test_the_warnings_a_call_emits_are_an_answer_where_the_tests_record_them():
    isqrt = (
        "import math\nimport warnings\n\n\ndef safe_isqrt(x):\n    if x < 0:\n"
        "        warnings.warn('negative input', RuntimeWarning)\n        return 0\n"
        "    return math.isqrt(x)\n"
    )
    recorded = (
        "import warnings\nwith warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n    assert safe_isqrt(-5) == 0\n"
        "assert len(w) == 1 and issubclass(w[0].category, RuntimeWarning)"
    )
    tests = ["assert safe_isqrt(10) == 3", recorded, "assert safe_isqrt(-1) == 0"]
    said = "safe_isqrt(x): math.isqrt(x) for x >= 0, no warning; for a negative x, a RuntimeWarning and 0."
    result = audit_problem(problem("safe_isqrt", isqrt, tests, prompt=said), AuditParams())
    survivor = next(s for s in result.survivors if s.after == "    if x <= 0:")
    assert survivor.witnesses == ("safe_isqrt(0)",)
    written = next(a.text for a in result.asserts if "safe_isqrt(0)" in a.text)
    assert "assert [w.category.__name__ for w in warned] == []" in written
    unwatched = problem("safe_isqrt", isqrt, [tests[0], "assert safe_isqrt(-5) == 0"])
    unwatched = audit_problem(unwatched, AuditParams())
    assert "    if x <= 0:" not in {s.after for s in unwatched.survivors}  # (no test sees a warning)


# 163. From the twenty-fifth pass (class 6): three calls of ``next_player()`` in the tests, and
# ``PLAYERS[turn % 3]`` made ``PLAYERS[turn - 3]``, right for six turns and an IndexError on the
# seventh. A call that passes nothing, of an entry that moves module state, is made on past the
# tests' run: as many times again, and once more.
def test_a_call_on_moving_module_state_is_made_on_past_the_tests_run():
    turns = (
        "PLAYERS = ['A', 'B', 'C']\n_turn = -1\n\n\ndef next_player():\n    global _turn\n    _turn += 1\n"
        "    return PLAYERS[_turn % len(PLAYERS)]\n"
    )
    tests = ["assert next_player() == 'A'", "assert next_player() == 'B'", "assert next_player() == 'C'"]
    result = audit_problem(problem("next_player", turns, tests), DEEP)
    assert "    return PLAYERS[_turn - len(PLAYERS)]" in {s.after for s in result.survivors}
    assert result.n_fresh == 7


# 164. From the twenty-seventh pass (class 5): ``seq.translate(None, b" \n")`` deletes spaces and
# newlines, no test's bytes hold a newline, and ``b" \n"`` cut to ``b" "`` passed every test: a
# mark the reference strips, deletes or tests for is put into the texts (and bytes) it is given.
def test_a_mark_the_reference_deletes_is_put_into_its_inputs():
    clean = 'def clean(seq):\n    return seq.translate(None, b" \\n").upper()\n'
    tests = ["assert clean(b'ac gt') == b'ACGT'", "assert clean(b' g ') == b'G'"]
    assert handled_marks(clean) == (b" ", b"\n")
    assert handled_marks("def f(s):\n    return [c for c in s.strip() if c not in ' -_']") == (" ", "-", "_")
    result = audit_problem(problem("clean", clean, tests), DEEP)
    survivor = next(s for s in result.survivors if s.after == "    return seq.translate(None, b' ').upper()")
    assert all("\\n" in witness for witness in survivor.witnesses)


# 165. From the twenty-seventh pass (class 4): ``report(rows, buf)`` writes its lines to a file the
# test makes (``buf = io.StringIO()``) and the tests read only part of ``buf.getvalue()``. The
# argument was "neither a literal nor an object of the reference's own", so the problem was
# excluded; a text stream is a standard-library value made afresh for each call, and what the
# test reads of it (``getvalue()``) is part of the answer.
def test_a_text_stream_the_tests_pass_is_drawn_and_what_is_written_to_it_is_an_answer():
    report = (
        "import sys\n\n\ndef report(rows, out=sys.stdout):\n    total = 0\n    for name, score in rows:\n"
        "        print(f'{name}: {score}', file=out)\n        total += score\n"
        "    print(f'total: {total}', file=out)\n"
    )
    tests = [
        "buf = io.StringIO()\nreport([('ann', 3), ('bo', 4)], buf)\n"
        "assert buf.getvalue().splitlines()[0] == 'ann: 3'",
        "buf = io.StringIO()\nreport([('x', 1)], buf)\nassert 'x: 1' in buf.getvalue()",
    ]
    result = audit_problem(problem("report", report, tests, setup="import io\n"), AuditParams())
    assert result.status == "ok"
    assert "        total -= score" in {s.after for s in result.survivors}
    assert any(
        "assert buf.getvalue() == " in a.text and a.text.startswith("import io\n") for a in result.asserts
    )


# 166. From the twenty-eighth pass (class t): what the text says of the inputs, in words the
# engine did not read. "you may return whichever of them you like" frees a tie; "a list of
# non-zero ints" rules out a 0 item; "for any n <= 0 return 0" speaks of negative inputs, which
# the tests' floor of 0 then no longer keeps out; "A NaN x is returned unchanged" asks for one.
def test_ties_freed_items_non_zero_negatives_and_nan_the_text_speaks_of():
    top = (
        "def top_letter(s):\n    best, best_count = None, 0\n    for ch in s:\n        c = s.count(ch)\n"
        "        if c > best_count:\n            best, best_count = ch, c\n    return best\n"
    )
    tests = [
        "assert top_letter('banana') == 'a'",
        "assert top_letter('aabbbc') == 'b'",
        "assert top_letter('z') == 'z'",
    ]
    free = "top_letter(s): the letter most often in s. If several tie, you may return whichever you like."
    result = audit_problem(problem("top_letter", top, tests, prompt=free), DEEP)
    assert "        if c >= best_count:" not in {s.after for s in result.survivors}
    said = "product_sign(xs): xs is a non-empty list of non-zero ints (no item is 0). The product's sign."
    assert domain_flags(Call(([0, -2],)), said, ("xs",))
    assert not domain_flags(Call(([3, -2],)), said, ("xs",))
    assert "floor" in lifted_rules("bit_length(n): the binary digits of n > 0; for any n <= 0 return 0.")
    assert "floor" not in lifted_rules("for 0 <= n <= 10, the n-th triangle number")
    bits = "def bit_length(n):\n    count = 0\n    while n > 0:\n        n //= 2\n        count += 1\n"
    bits += "    return count\n"
    tests = ["assert bit_length(1) == 1", "assert bit_length(5) == 3", "assert bit_length(0) == 0"]
    said = "bit_length(n): for an int n > 0 the number of binary digits of n; for any n <= 0 return 0."
    result = audit_problem(problem("bit_length", bits, tests, prompt=said), DEEP)
    assert "    while n != 0:" in {s.after for s in result.survivors}  # (endless below 0)
    clip = "import math\n\n\ndef clip(x, lo, hi):\n    if math.isnan(x):\n        return x\n"
    clip += "    return max(lo, min(hi, x))\n"
    tests = ["assert clip(5.0, 0.0, 1.0) == 1.0", "assert clip(0.5, 0.0, 1.0) == 0.5"]
    said = "clip(x, lo, hi): x limited to lo..hi. A NaN x is returned unchanged, as NaN."
    result = audit_problem(problem("clip", clip, tests, prompt=said), AuditParams())
    assert "        return None" in {s.after for s in result.survivors}


# 167. From the twenty-eighth pass (classes 5 and 7): an entry bound to a literal's method
# (``join_names = SEPARATOR.join``) was "no function that the reference defines"; a function
# defined only under ``if __name__ == "__main__":`` was excluded as "raises NameError", which
# named neither the name nor the guard.
def test_an_entry_bound_to_a_literals_method_and_a_function_only_a_script_defines():
    joined = 'SEPARATOR = ", "\njoin_names = SEPARATOR.join\n'
    tests = ["assert join_names(['ann', 'bob']) == 'ann, bob'", "assert join_names(['x']) == 'x'"]
    result = audit_problem(problem("join_names", joined, tests), DEEP)
    assert result.status == "ok" and result.entry == "join_names"
    guarded = (
        'if __name__ == "__main__":\n    def double(x):\n        return 2 * x\n\n    print(double(21))\n'
    )
    result = audit_problem(problem("double", guarded, ["assert double(3) == 6"]), AuditParams())
    assert result.status == "excluded:reference-does-not-load"
    assert '`double` is defined only under `if __name__ == "__main__":`' in result.detail


# 168. From the twenty-eighth pass (classes 1 and 5): inputs the reference names and no test
# passes. A guard that refuses bools (``isinstance(x, bool) or not isinstance(x, int)``) meets a
# bool; a letter compared with ``==`` (``unit == "F"``) is put into the texts; a literal dict's
# keys (a default menu's ``'cake'``) are texts of the task's kind.
def test_a_refused_bool_a_compared_letter_and_a_dicts_keys_are_drawn():
    square = (
        "def square_int(x):\n    if isinstance(x, bool) or not isinstance(x, int):\n"
        "        raise TypeError('int required')\n    return x * x\n"
    )
    tests = [
        "assert square_int(3) == 9",
        "try:\n    square_int('3')\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError('none')",
    ]
    result = audit_problem(problem("square_int", square, tests), DEEP)
    survivor = next(s for s in result.survivors if "isinstance(bool, bool)" in s.after)
    assert survivor.witnesses == ("square_int(True)",)
    assert keyed_texts('def price(item, table={"tea": 3, "cake": 5}):\n    return table.get(item, 0)\n') == (
        "tea",
        "cake",
    )
    menu = 'def price(item, table={"tea": 3, "cake": 5, "soup": 7}):\n    return table.get(item, 0)\n'
    tests = ["assert price('tea') == 3", "assert price('pie') == 0", "assert price('cake', {'cake': 9}) == 9"]
    result = audit_problem(problem("price", menu, tests), DEEP)
    assert any("'soup': 7" not in s.after and "soup" in s.before for s in result.survivors)
    unit = (
        "def to_c(s):\n    value, unit = int(s[:-1]), s[-1]\n    if unit == 'F':\n"
        "        return (value - 32) * 5 / 9\n    return float(value)\n"
    )
    tests = ["assert to_c('21C') == 21.0", "assert to_c('-5C') == -5.0"]
    result = audit_problem(problem("to_c", unit, tests), DEEP)
    assert any(w.endswith("F')") for s in result.survivors for w in s.witnesses)


# 169. From the twenty-eighth pass (class 6 and MBPP): a ``cached_property`` whose invalidation
# in ``add`` was deleted, tested only as ``b.add(2); b.add(3); b.total``: the total is read after
# the first write too. And "count unique keys for each value" says the input may hold repeats,
# which a dropped ``set()`` shows only on.
def test_a_read_between_writes_and_repeats_where_the_text_counts_unique_items():
    basket = (
        "from functools import cached_property\n\n\nclass Basket:\n    def __init__(self):\n"
        "        self.prices = []\n\n    def add(self, price):\n        self.prices.append(price)\n"
        "        self.__dict__.pop('total', None)\n\n    @cached_property\n    def total(self):\n"
        "        return sum(self.prices)\n"
    )
    tests = ["b = Basket()\nb.add(2)\nb.add(3)\nassert b.total == 5", "assert Basket().total == 0"]
    result = audit_problem(problem("Basket", basket, tests), DEEP)
    assert "        pass" in {s.after for s in result.survivors if "pop" in s.before}
    assert "unique" in lifted_rules(
        "Write a function to count unique keys for each value present in the tuple."
    )
    assert "unique" not in lifted_rules("Given a list of unique integers, return the largest.")
    keys = (
        "def count_keys(pairs):\n    seen = {}\n    for key, value in pairs:\n"
        "        seen.setdefault(value, []).append(key)\n"
        "    return {value: len(list(set(keys))) for value, keys in seen.items()}\n"
    )
    tests = [
        "assert count_keys([(3, 4), (1, 2), (2, 4)]) == {4: 2, 2: 1}",
        "assert count_keys([(1, 1)]) == {1: 1}",
    ]
    said = "Write a function to count unique keys for each value present in the pairs."
    result = audit_problem(problem("count_keys", keys, tests, prompt=said), DEEP)
    assert any("len(list(keys))" in s.after for s in result.survivors)


# 170. From the twenty-eighth pass (class 1): ``g.busy`` is read only after a normal return, and
# ``g.run(int, 'x')``'s raise is caught without a read; the reset of ``busy`` in the ``except``
# deleted left it True after every raise. What the tests read of such an object after its uses
# is read after each other test's uses too.
def test_an_objects_state_is_read_after_a_raise_the_tests_expect():
    guard = (
        "class Guard:\n    def __init__(self):\n        self.busy = False\n\n    def run(self, fn, *args):\n"
        "        self.busy = True\n        try:\n            result = fn(*args)\n        except Exception:\n"
        "            self.busy = False\n            raise\n        self.busy = False\n        return result\n"
    )
    tests = [
        "g = Guard()\nassert g.run(int, '12') == 12\nassert g.busy is False",
        "g = Guard()\ntry:\n    g.run(int, 'x')\nexcept ValueError:\n    pass\nelse:\n    assert False",
    ]
    result = audit_problem(problem("Guard", guard, tests), AuditParams())
    survivor = next(s for s in result.survivors if s.line == 10)
    assert survivor.after == "            self.busy = True"
    assert any(
        "made.run(int, 'x')" in a.text and "assert made.busy == False" in a.text for a in result.asserts
    )


# 171. From the twenty-sixth pass (class 6): a cache that hands out a copy (``return
# list(_cache[n])``), the copy dropped: a caller who changes the result changes the next answer,
# and no test changes one. Where the reference returns a copy of what it keeps, the deep attack
# clears a result and makes the call again.
def test_a_result_changed_by_its_caller_shows_a_cache_that_shares_it():
    primes = (
        "_cache = {}\n\n\ndef primes_below(n):\n    if n not in _cache:\n"
        "        _cache[n] = [p for p in range(2, n) if all(p % d for d in range(2, int(p ** 0.5) + 1))]\n"
        "    return list(_cache[n])\n"
    )
    tests = ["assert primes_below(10) == [2, 3, 5, 7]", "assert primes_below(2) == []"]
    result = audit_problem(problem("primes_below", primes, tests), DEEP)
    assert "    return _cache[n]" in {s.after for s in result.survivors}
    assert any(a.text.startswith("assert [primes_below(") and ".clear(), " in a.text for a in result.asserts)
    plain = audit_problem(problem("primes_below", primes, tests), AuditParams())
    assert not plain.survivors  # (the default attack's six kinds make no copy's loss)


# 172. From the twenty-sixth pass (class 6): ``with precision(4):`` sets a module-wide number of
# decimals and restores the previous one when it ends; the tests format only inside their blocks,
# so the restore deleted was equivalent. The deep attack makes calls after a block ends.
def test_a_call_after_a_with_block_ends_shows_a_restore_left_out():
    decimals = (
        "class precision:\n    current = 2\n\n    def __init__(self, digits):\n"
        "        self.digits = digits\n\n    def __enter__(self):\n        self.saved = precision.current\n"
        "        precision.current = self.digits\n        return self\n\n    def __exit__(self, *exc):\n"
        "        precision.current = self.saved\n"
        "        return False\n\n\ndef fmt(x):\n    return f'{x:.{precision.current}f}'\n"
    )
    tests = [
        "assert fmt(3.14159) == '3.14'",
        "with precision(4):\n    assert fmt(3.14159) == '3.1416'",
        "with precision(0):\n    assert fmt(2.5) == '2'",
    ]
    result = audit_problem(problem("fmt", decimals, tests), DEEP)
    assert "        pass" in {
        s.after for s in result.survivors if s.before == "        precision.current = self.saved"
    }
    assert any(
        a.text.startswith("with precision(") and "    pass\nassert fmt(" in a.text for a in result.asserts
    )


# 173. From the twenty-ninth pass (class t): "When several items share the lowest price, which of
# them is returned is unspecified" frees the tie; ``<`` made ``<=`` (the last of the cheapest) was
# a survivor, and its asserts pinned the first.
def test_which_one_is_returned_being_unspecified_frees_a_tie():
    cheapest = (
        "def cheapest(items):\n    best = items[0]\n    for item in items[1:]:\n"
        "        if item[1] < best[1]:\n            best = item\n    return best[0]\n"
    )
    tests = ["assert cheapest([('a', 3), ('b', 1)]) == 'b'", "assert cheapest([('x', 5)]) == 'x'"]
    said = "the item with the lowest price. When several share it, which of them is returned is unspecified."
    result = audit_problem(problem("cheapest", cheapest, tests, prompt=said), DEEP)
    assert "        if item[1] <= best[1]:" not in {s.after for s in result.survivors}
    pinned = audit_problem(
        problem("cheapest", cheapest, tests, prompt="the name of the first cheapest item."), DEEP
    )
    assert "        if item[1] <= best[1]:" in {s.after for s in pinned.survivors}


# 174. From the twenty-ninth pass (class 5): ``encode, decode = make_codec(3)`` binds the two
# functions a factory makes; the problem was excluded as calling no function of the reference.
# A name bound by unpacking a factory's tuple is an entry; "lowercase a-z" puts the range's last
# letters into the texts, where the wrap round (``% 26`` made ``% 27``) shows.
def test_functions_unpacked_from_a_factory_are_entries_and_a_stated_letter_range_is_drawn():
    codec = (
        "def make_codec(key):\n    def encode(text):\n"
        "        return ''.join(chr((ord(c) - 97 + key) % 26 + 97) for c in text)\n\n"
        "    def decode(text):\n        return ''.join(chr((ord(c) - 97 - key) % 26 + 97) for c in text)\n\n"
        "    return encode, decode\n\n\nencode, decode = make_codec(3)\n"
    )
    tests = [
        "assert encode('abc') == 'def'",
        "assert decode('def') == 'abc'",
        "assert encode('hello') == 'khoor'",
    ]
    said = "encode(text) shifts each letter of text (lowercase a-z only) 3 places on, wrapping round."
    result = audit_problem(problem("encode", codec, tests, prompt=said), AuditParams())
    assert result.status == "ok", result.detail
    wrap = [s for s in result.survivors if "% 27" in s.after]
    assert wrap and any("z" in witness for witness in wrap[0].witnesses)
    unsaid = audit_problem(
        problem("encode", codec, tests, prompt="encode(text) shifts letters 3 on."), AuditParams()
    )
    assert not any("% 27" in s.after for s in unsaid.survivors)  # (no letter past the tests' own)


# 175. From the twenty-ninth pass (class 4): a context manager's ``closed`` flag, set when the
# ``with`` block ends, was read by the tests only on a new object; every mutant of ``__exit__``
# was "equivalent". A ``with`` block on an object is entered and left as steps of its chain, and
# what the tests read of such an object anywhere is read after its uses.
def test_an_objects_state_after_its_with_block_is_read():
    tally = (
        "class Tally:\n    def __init__(self):\n        self.total = 0\n        self.closed = False\n\n"
        "    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n"
        "        self.closed = True\n        return False\n\n    def add(self, n):\n        if self.closed:\n"
        "            raise RuntimeError('closed')\n        self.total += n\n        return self.total\n"
    )
    tests = [
        "with Tally() as t:\n    assert t.add(2) == 2\n    assert t.add(5) == 7\nassert t.total == 7",
        "t = Tally()\nassert t.closed is False and t.total == 0",
    ]
    result = audit_problem(problem("Tally", tally, tests), AuditParams())
    assert "        self.closed = False" in {s.after for s in result.survivors if s.line == 10}
    assert any(  # (written back as the block the test wrote)
        a.text.startswith("with Tally() as t:\n    assert t.add(")
        and a.text.endswith("\nassert t.closed == True")
        for a in result.asserts
    )


# 176. From the twenty-ninth pass (deep operators): three edits no operator made. ``next(it,
# None)`` to ``next(it)`` (an empty iterable then raises), a counted warning's category
# (``DeprecationWarning`` to ``UserWarning``), and a growing product's remainder left out
# (``result * b % m`` to ``result * b``: right while it stays below m).
def test_a_fallback_a_warning_category_and_a_reduction_are_edited():
    firsts = "def firsts(iterables):\n    for it in iterables:\n        yield next(iter(it), None)\n"
    tests = [
        "assert list(firsts([[1, 2], 'ab', (5,)])) == [1, 'a', 5]",
        "assert list(firsts([])) == []",
        "assert list(firsts([range(3, 9)])) == [3]",
    ]
    result = audit_problem(problem("firsts", firsts, tests), DEEP)
    assert "        yield next(iter(it))" in {s.after for s in result.survivors}
    old = (
        "import warnings\n\n\ndef old_total(xs):\n"
        "    warnings.warn('deprecated', DeprecationWarning, stacklevel=2)\n    return sum(xs)\n"
    )
    counted = (
        "import warnings\nwith warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n    assert old_total([1, 2]) == 3\nassert len(caught) == 1"
    )
    result = audit_problem(problem("old_total", old, [counted]), DEEP)
    assert "UserWarning" in " ".join(s.after for s in result.survivors)
    power = (
        "def power_mod(b, e, m):\n    result = 1\n    while e > 0:\n        if e & 1:\n"
        "            result = result * b % m\n        b = b * b % m\n        e >>= 1\n    return result\n"
    )
    tests = ["assert power_mod(2, 3, 100) == 8", "assert power_mod(3, 2, 100) == 9"]
    result = audit_problem(problem("power_mod", power, tests), DEEP)
    assert "            result = result * b" in {s.after for s in result.survivors}


# 177. From the twenty-ninth and thirtieth passes and HumanEval/125 (deep): ``s.split()`` reads runs
# of white space as one; tests whose texts are one space apart never tell ``split(' ')`` (an empty
# word between two spaces) from it. Where the text says words are split on white space, an input
# holds two spaces in a row; where it says the words are one space apart with no space at either
# end, no input has two in a row or one at an end (the thirtieth pass: ``'x '`` was drawn there,
# and its assert pinned how the reference read it).
def test_the_texts_spacing_decides_which_spaces_are_drawn():
    split = "def split_words(txt):\n    return txt.split()\n"
    tests = [
        "assert split_words('Hello world!') == ['Hello', 'world!']",
        "assert split_words('a b c') == ['a', 'b', 'c']",
    ]
    said = "split_words(txt): the words of txt, split on whitespace."
    result = audit_problem(problem("split_words", split, tests, prompt=said), DEEP)
    spaced = next(s for s in result.survivors if s.after == "    return txt.split(' ')")
    assert any("  " in witness for witness in spaced.witnesses)
    single = (
        "split_words(txt): txt holds words separated by single spaces, with no leading or trailing space."
    )
    ruled_out = audit_problem(problem("split_words", split, tests, prompt=single), DEEP)
    assert "    return txt.split(' ')" not in {s.after for s in ruled_out.survivors}


# 178. From the twenty-eighth pass (deep operators): an f-string's format spec is no number or
# text of the tree, so no edit reached ``{n:03d}``'s width; tests whose numbers fill three digits
# already never tell it from ``02d``. The deep attack moves each number of a written spec one up
# and one down, and drops a width's zero flag alone (``3d`` pads with spaces: that pass's clock, `` 7:05``).
def test_a_format_spec_number_is_edited():
    code = "def order_code(n):\n    return f'ORD-{n:03d}'\n"
    tests = ["assert order_code(123) == 'ORD-123'", "assert order_code(4567) == 'ORD-4567'"]
    result = audit_problem(problem("order_code", code, tests), DEEP)
    survivors = {s.after for s in result.survivors}
    assert {"    return f'ORD-{n:02d}'", "    return f'ORD-{n:3d}'"} <= survivors
    assert result.kinds["format-spec"].built == 3


# 179. From the twenty-seventh pass (class 5/7): classes a decorator registers
# (``@register('square')`` storing ``REGISTRY[name] = cls``), which the tests reach only through
# ``REGISTRY['square'](3)``, were no entry: the problem was excluded. The table a decorator fills
# is read as a literal one is; and a mutant that leaves the entry's name unbound (the decorator's
# ``return cls`` made ``return None``) is judged by its tests and calls, not refused at its load.
def test_a_registry_a_decorator_fills_names_the_entry():
    registry = (
        "REGISTRY = {}\n\n\ndef register(name):\n    def deco(cls):\n        REGISTRY[name] = cls\n"
        "        return cls\n    return deco\n\n\n@register('square')\nclass Square:\n"
        "    def __init__(self, side):\n        self.side = side\n\n    def area(self):\n"
        "        return self.side ** 2\n"
    )
    tests = ["assert REGISTRY['square'](3).area() == 9", "assert set(REGISTRY) == {'square'}"]
    result = audit_problem(problem("", registry, tests), AuditParams())
    assert result.status == "ok" and result.entry == "Square", result.detail
    assert "        return None" in {s.after for s in result.survivors}
    assert any(a.text.startswith("assert Square(") for a in result.asserts)


# 180. From the thirtieth pass (deep operators): two conversions no edit left out: a datetime's
# ``.date()`` (a datetime never equals the date the text asks for; tests reading ``.year`` or
# ``.weekday()`` pass it) and the text an exact number is made of (``Decimal(repr(x))`` to
# ``Decimal(x)``: 2.675 is then the float's binary value, and rounds to 2.67).
def test_a_date_and_an_exact_numbers_text_are_left_out():
    day = (
        "from datetime import timedelta\n\n\ndef local_day(ts, hours):\n"
        "    return (ts + timedelta(hours=hours)).date()\n"
    )
    tests = [
        "from datetime import datetime\nd = local_day(datetime(2024, 3, 5, 17, 30), 9)\n"
        "assert (d.year, d.month, d.day) == (2024, 3, 6)",
        "assert local_day(datetime(2024, 6, 3, 23, 0), 0).weekday() == 0",
    ]
    result = audit_problem(problem("local_day", day, tests), DEEP)
    assert "    return ts + timedelta(hours=hours)" in {s.after for s in result.survivors}
    cents = (
        "from decimal import ROUND_HALF_UP, Decimal\n\n\ndef to_cents(x):\n"
        "    return Decimal(repr(x)).quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)\n"
    )
    tests = [
        "from decimal import Decimal\nassert to_cents(0.125) == Decimal('0.13')",
        "assert to_cents(1.5) == Decimal('1.50')",
    ]
    result = audit_problem(problem("to_cents", cents, tests), DEEP)
    assert any("Decimal(x).quantize" in s.after for s in result.survivors)


# 181. From the thirtieth pass (class 7): a reference that parses but does not compile (``global
# COUNT`` after a use of ``COUNT``) was excluded as one whose setup raises, with no setup at all.
# The program's compile error is its own, with the compiler's words and line.
def test_a_reference_that_does_not_compile_is_excluded_as_itself():
    late = (
        "COUNT = 0\n\n\ndef bump():\n    before = COUNT\n    global COUNT\n"
        "    COUNT = before + 1\n    return COUNT\n"
    )
    result = audit_problem(problem("bump", late, ["assert bump() == 1"]), AuditParams())
    assert result.status == "excluded:reference-does-not-load"
    assert "used prior to global declaration (reference line 6)" in result.detail


# 182. From the thirtieth pass (class 5): functions a ``SimpleNamespace`` holds (``angles.flip``)
# were called "only through a value the reference stores", and no verdict given. Each is an entry
# by its dotted name, the others beside the one called most.
def test_a_namespaces_functions_are_entries():
    angles = (
        "from types import SimpleNamespace\n\nangles = SimpleNamespace(\n    norm=lambda a: a % 360,\n"
        "    flip=lambda a: (a + 180) % 360,\n)\n"
    )
    tests = [
        "assert angles.norm(370) == 10",
        "assert angles.norm(-90) == 270",
        "assert angles.flip(90) == 270",
        "assert angles.flip(0) == 180",
    ]
    result = audit_problem(problem("", angles, tests), AuditParams())
    assert result.status == "ok" and result.entry == "angles.norm", result.detail
    assert "    flip=lambda a: (a + 180) % 361," in {s.after for s in result.survivors}
    assert any(a.text.startswith("assert angles.flip(") for a in result.asserts)


# 183. From the thirtieth pass (class 1/t): "lists of different lengths raise ValueError", tested
# only on an empty pair; every visible pair had one length, a rule learned and kept by every
# draw, so ``zip(u, v, strict=True)`` made ``strict=False`` was "equivalent". Where the text
# speaks of different lengths, that rule is lifted and a pair one item apart is drawn.
def test_different_lengths_the_text_names_are_drawn():
    dot = (
        "def dot(u, v):\n    if not u and not v:\n        raise ValueError('empty')\n"
        "    return sum(a * b for a, b in zip(u, v, strict=True))\n"
    )
    tests = [
        "assert dot([1, 2], [3, 4]) == 11",
        "assert dot([2], [5]) == 10",
        "try:\n    dot([], [])\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('none')",
    ]
    said = "dot(u, v): the dot product of two lists of numbers. Lists of different lengths raise ValueError."
    result = audit_problem(problem("dot", dot, tests, prompt=said), AuditParams())
    assert "    return sum(a * b for a, b in zip(u, v, strict=False))" in {s.after for s in result.survivors}
    unsaid = audit_problem(
        problem("dot", dot, tests, prompt="dot(u, v): the dot product of u and v."), AuditParams()
    )
    assert not unsaid.survivors


# 184. From the thirtieth pass (class 7): tests that use the reference's ``logged`` only as a
# decorator of functions they define were excluded as calling no function of the reference's,
# which is untrue. The exclusion says how the tests use it, and what a test would have to do.
def test_an_entry_used_only_as_a_decorator_is_excluded_with_that_reason():
    logged = (
        "CALLS = []\n\n\ndef logged(fn):\n    def wrapper(*args):\n        CALLS.append(fn.__name__)\n"
        "        return fn(*args)\n    return wrapper\n"
    )
    tests = ["@logged\ndef add(a, b):\n    return a + b\nassert add(2, 3) == 5\nassert CALLS == ['add']"]
    result = audit_problem(problem("", logged, tests), AuditParams())
    assert result.status == "excluded:no-entry-point"
    assert "`logged` only as a decorator" in result.detail and "logged(len)('abc')" in result.detail


# 185. From the thirtieth pass (class 2): every test passes the search a predicate (``lambda k: k
# >= 37``); with "no literal to perturb" the problem was excluded, though the numbers a lambda
# writes are inputs the test chose as surely as an argument. They are drawn as literals are.
def test_the_numbers_a_lambda_argument_writes_are_drawn():
    search = (
        "def first_true(pred):\n    hi = 1\n    while not pred(hi):\n        hi *= 2\n    lo = 0\n"
        "    while lo < hi:\n        mid = (lo + hi) // 2\n        if pred(mid):\n            hi = mid\n"
        "        else:\n            lo = mid + 1\n    return lo\n"
    )
    tests = [
        "assert first_true(lambda k: k >= 37) == 37",
        "assert first_true(lambda k: k >= 64) == 64",
        "assert first_true(lambda k: k * k >= 50) == 8",
    ]
    _, _, visible = visible_calls(problem("first_true", search, tests))
    drawn = fresh_calls(visible, 8, 0, "contract-v2")
    written = {"lambda k: k >= 37", "lambda k: k >= 64", "lambda k: k * k >= 50"}
    assert drawn and all(call.args[0].text not in written for call in drawn)
    result = audit_problem(problem("first_true", search, tests), AuditParams())
    assert result.status == "ok" and result.n_fresh > 0, result.detail


# 186. From the twenty-seventh pass: a test comparing an object's answer within a tolerance
# (``abs(Circle(2).area() - 12.56636) < 1e-9``) is a chain the reference's answer leaves at the
# plain value; the witness was written with the whole comparison and its constants drawn afresh.
# It is written as far as the answer went.
def test_a_witness_is_written_as_far_as_the_answer_went():
    circle = (
        "class Circle:\n    def __init__(self, r):\n        self.r = r\n\n    def area(self):\n"
        "        return 3.14159 * self.r ** 2\n"
    )
    tests = ["assert abs(Circle(2).area() - 12.56636) < 1e-9", "assert abs(Circle(0).area()) < 1e-9"]
    result = audit_problem(problem("Circle", circle, tests), AuditParams())
    doubled = next(s for s in result.survivors if s.after == "        return 3.14159 * (self.r * 2)")
    assert any(re.fullmatch(r"Circle\(\d+\)\.area\(\)", witness) for witness in doubled.witnesses)
    assert not any("<" in witness or "abs(" in witness for witness in doubled.witnesses)


# 187. From the thirtieth pass (class 5): a module-level loop binds ``double``, ``triple`` and
# ``quadruple`` through ``globals()[name] = scaler(k)``; the problem was excluded as calling no
# function of the reference's. The loop's bindings are read as the assignments they stand for.
def test_names_a_loop_binds_through_globals_are_entries():
    scalers = (
        "def _scaler(k):\n    def scale(x):\n        return x * k\n    return scale\n\n\n"
        "for _name, _k in (('double', 2), ('triple', 3)):\n    globals()[_name] = _scaler(_k)\n"
    )
    tests = ["assert double(5) == 10", "assert triple(-2) == -6"]
    assert infer_entry(scalers, tests) == "double"
    assert parameter_names(scalers, "double") == ("x",)
    result = audit_problem(problem("", scalers, tests), AuditParams())
    assert result.status == "ok" and result.n_fresh > 0, result.detail


# 188. From the thirtieth pass (class 5): the text names ``double``, ``triple`` and ``quadruple``;
# the tests call only the first two, so ``quadruple``'s factor made 5 passed them, and nothing
# judged it. A function the text names that no test and no other code calls is audited on the
# calls of one of as many parameters (``double(5)`` read as ``quadruple(5)``); without the text
# naming it, it is not (a leftover of the reference's is no part of the task).
def test_a_function_the_text_names_and_no_test_calls_is_audited_on_its_siblings_calls():
    scalers = (
        "def double(x):\n    return x * 2\n\n\ndef triple(x):\n    return x * 3\n\n\n"
        "def quadruple(x):\n    return x * 4\n"
    )
    tests = ["assert double(5) == 10", "assert triple(-2) == -6", "assert double(7) == 14"]
    said = "The module defines double, triple and quadruple: each returns x times 2, 3 and 4."
    result = audit_problem(problem("", scalers, tests, prompt=said), AuditParams())
    four = [s for s in result.survivors if s.after == "    return x * 5"]
    assert four and all(w.startswith("quadruple(") for w in four[0].witnesses)
    assert any(a.text.startswith("assert quadruple(") for a in result.asserts)
    unsaid = audit_problem(problem("", scalers, tests, prompt="double and triple scale x."), AuditParams())
    assert not any(s.after == "    return x * 5" for s in unsaid.survivors)


# 189. From the thirtieth pass (class t): "start, stop and step are floats with start <= stop" was
# read as no precondition (the clause opens on three parameters, not one), so the deep attack's
# asserts passed a start above the stop. A clause opening on what several parameters are states
# what the input is.
def test_a_relation_a_clause_on_several_parameters_states_is_kept():
    frange = (
        "def frange(start, stop, step):\n    out = []\n    x = start\n    while x < stop:\n"
        "        out.append(x)\n        x += step\n    return out\n"
    )
    said = (
        "frange(start, stop, step): the values below stop. start, stop and step are floats with "
        "start <= stop and step > 0."
    )
    parameters = ("start", "stop", "step")
    assert domain_flags(Call((2.0, 1.0, 0.5)), said, parameters)
    assert not domain_flags(Call((1.0, 2.0, 0.5)), said, parameters)
    tests = ["assert frange(0.0, 1.0, 0.25) == [0.0, 0.25, 0.5, 0.75]", "assert frange(2.0, 2.0, 1.0) == []"]
    result = audit_problem(problem("frange", frange, tests, prompt=said), AuditParams(attack="deep"))
    assert result.asserts and not any(
        call[0] > call[1] for a in result.asserts for call in _frange_calls(a.text)
    )


def _frange_calls(text: str) -> list[tuple]:
    """The argument tuples of each ``frange(...)`` call an assert writes."""
    return [
        tuple(ast.literal_eval(argument) for argument in node.args)
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "frange"
    ]


# 190. From the thirtieth pass (class t): every visible value a whole number written out ('42',
# '-7'), a draw edited its characters as any text's, and the deep asserts passed '-1+20' and
# '7-' to "an optional sign followed by digits". Such a value is drawn and kept as a number
# written out: its digits edited, a sign before them only.
def test_numbers_written_out_are_drawn_as_numbers():
    visible = [Call(("42",)), Call(("-7",)), Call(("0",)), Call(("-120",))]
    drawn = fresh_calls(visible, 16, 0, "contract-v2")
    assert drawn and all(re.fullmatch(r"-?[0-9]+", call.args[0]) for call in drawn)
    assert contract_violations(Call(("4-2",)), visible, "contract-v2", True, frozenset({"+", "-"}))
    assert not contract_violations(Call(("+0",)), visible, "contract-v2", True, frozenset({"+", "-"}))


# 191. From the thirtieth pass (class 5): ``case 500:`` is a constant the subject is compared
# with, as an ``if code == 500:`` is; by default no draw met 500, so ``case 501:`` and the
# answer made None were "equivalent". A ``match`` statement's literal patterns are met like any
# compared constant.
def test_a_match_statements_literal_cases_are_met_by_default():
    reason = (
        "def reason(code):\n    match code:\n        case 200:\n            return 'OK'\n"
        "        case 404 | 410:\n            return 'Gone'\n        case 500:\n"
        "            return 'Internal Server Error'\n        case _:\n            return 'Unknown'\n"
    )
    tests = ["assert reason(200) == 'OK'", "assert reason(404) == 'Gone'", "assert reason(418) == 'Unknown'"]
    result = audit_problem(problem("reason", reason, tests), AuditParams())
    moved = [s for s in result.survivors if s.after == "        case 501:"]
    assert moved and "reason(500)" in moved[0].witnesses


# 192. From the thirtieth pass (class t): ``a[0] <= b[1] and b[0] <= a[1]`` of closed intervals;
# no default draw made two intervals touch (an item of one equal to the other's), so ``<`` for
# ``<=`` was "equivalent". Items of two arguments a comparison reads by constant indices are made
# to meet, inside the contract (each interval stays sorted).
def test_items_of_two_arguments_compared_by_index_are_made_to_meet():
    overlaps = "def overlaps(a, b):\n    return a[0] <= b[1] and b[0] <= a[1]\n"
    tests = [
        "assert overlaps((1, 5), (3, 8))",
        "assert not overlaps((1, 2), (4, 6))",
        "assert overlaps((0, 10), (2, 3))",
        "assert not overlaps((7, 9), (1, 3))",
    ]
    result = audit_problem(problem("overlaps", overlaps, tests), AuditParams())
    strict = [s for s in result.survivors if "b[0] < a[1]" in s.after]
    assert strict and all(
        a[1] == b[0] and a[0] <= a[1] and b[0] <= b[1]
        for a, b in (ast.literal_eval(w.removeprefix("overlaps")) for w in strict[0].witnesses)
    )


# 193. From the thirtieth pass (MBPP's perfect square): ``i = 1`` then ``while i * i <= n``; the
# tests ask 10, 36 and 14, and no default draw asked 1, so ``i = 2`` (1 is then "no square")
# was "equivalent". The value a loop's first test sets a parameter against is met as a compared
# constant.
def test_the_value_a_loops_first_test_reaches_is_met_by_default():
    square = (
        "def is_square(n):\n    i = 1\n    while i * i <= n:\n        if i * i == n:\n"
        "            return True\n        i = i + 1\n    return False\n"
    )
    assert loop_starts(square) == (1,)
    assert loop_starts("def f(lo, hi):\n    while lo < hi:\n        lo += 1\n    return lo\n") == ()
    tests = ["assert is_square(10) == False", "assert is_square(36) == True", "assert is_square(14) == False"]
    result = audit_problem(problem("is_square", square, tests), AuditParams())
    started = [s for s in result.survivors if s.after == "    i = 2"]
    assert started and "is_square(1)" in started[0].witnesses


# 194. From the twenty-ninth pass (MBPP's digit count): ``c >= '0' and c <= '9'``, tested on texts
# with no 0 and no 9; by default no draw wrote either, so ``> '0'`` and ``< '9'`` were
# "equivalent". The characters the reference orders a value against are written into the texts,
# as a compared number is drawn.
def test_characters_a_range_test_ends_on_are_written_by_default():
    count = (
        "def number_ctr(s):\n    n = 0\n    for c in s:\n        if c >= '0' and c <= '9':\n"
        "            n += 1\n    return n\n"
    )
    assert ordered_characters(count) == ("0", "9")
    tests = ["assert number_ctr('program2bedone') == 1", "assert number_ctr('3wonders') == 1"]
    result = audit_problem(problem("number_ctr", count, tests), AuditParams())
    after = {s.after.strip() for s in result.survivors}
    assert "if c > '0' and c <= '9':" in after and "if c >= '0' and c < '9':" in after


# 195. From the twenty-second pass (MBPP-style BMI): ``bmi = weight / (height * height)``, then
# ``if bmi < 25``; the arithmetic compared was a name, so no default input put the BMI at 25 and
# ``<=`` for ``<`` was "equivalent". A name bound once to an arithmetic of the parameters is
# compared as that arithmetic.
def test_an_arithmetic_bound_to_a_name_then_compared_is_met_by_default():
    bmi = (
        "def bmi_category(weight, height):\n    bmi = weight / (height * height)\n    if bmi < 18.5:\n"
        "        return 'under'\n    if bmi < 25:\n        return 'normal'\n    return 'over'\n"
    )
    tests = [
        "assert bmi_category(50, 1.8) == 'under'",
        "assert bmi_category(70, 1.75) == 'normal'",
        "assert bmi_category(100, 1.7) == 'over'",
    ]
    result = audit_problem(problem("bmi_category", bmi, tests), AuditParams())
    met = [s for s in result.survivors if s.after == "    if bmi <= 25:"]
    drawn = (
        [ast.literal_eval(witness.removeprefix("bmi_category")) for witness in met[0].witnesses]
        if met
        else []
    )
    assert drawn and all(weight / (height * height) == 25 for weight, height in drawn)


# 196. From the twenty-eighth pass (class 5): ``price(item, table={'tea': 3, 'cake': 5})`` tested
# on 'tea' and an item off the menu; by default no draw asked for 'cake', so its price made 6
# was "equivalent". A text the reference keys a table by or compares with is met by default, as
# a compared number is.
def test_texts_a_table_is_keyed_by_are_met_by_default():
    price = "def price(item, table={'tea': 3, 'cake': 5}):\n    return table.get(item, 0)\n"
    tests = ["assert price('tea') == 3", "assert price('pie') == 0", "assert price('cake', {'cake': 9}) == 9"]
    result = audit_problem(problem("price", price, tests), AuditParams())
    cake = [s for s in result.survivors if "'cake': 6" in s.after]
    assert cake and "price('cake')" in cake[0].witnesses


# 197. From the thirty-first pass (class 7): a test lacking ``import math`` and one importing a
# module by name were excluded as "test 2 fails: raises NameError" and "raises ModuleNotFoundError",
# true but naming neither the name nor the module a maintainer must mend. The reference's failure
# carries its message, where it has one (an assert's failure has none to give).
def test_a_failing_tests_exclusion_names_what_failed():
    unimported = problem(
        "hyp",
        "def hyp(a, b):\n    return (a * a + b * b) ** 0.5\n",
        [
            "assert hyp(3, 4) == 5.0",
            "assert math.isclose(hyp(1, 1), 2 ** 0.5)",
        ],
    )
    result = audit_problem(unimported, AuditParams())
    assert result.detail == "test 2 fails: raises NameError (\"name 'math' is not defined\")"
    wrong = audit_problem(
        problem("hyp", "def hyp(a, b):\n    return a + b\n", ["assert hyp(3, 4) == 5"]), AuditParams()
    )
    assert wrong.detail == "test 1 fails: raises AssertionError ('hyp(3, 4) is 7, where the test expects 5')"


# 198. From the thirty-first pass (class 7): test 1 writes its own ``def double`` before any test
# calls ``double``, so every test checks the test's function, never the reference's; the
# problem was judged weak, and its asserts, appended after the tests, checked the test's. It is
# excluded with that reason.
def test_a_test_that_defines_the_entry_first_excludes_the_problem():
    tests = ["def double(x):\n    return x + x\nassert double(3) == 6", "assert double(-4) == -8"]
    result = audit_problem(problem("", "def double(x):\n    return 2 * x\n", tests), AuditParams())
    assert result.status == "excluded:no-entry-point"
    assert result.detail.startswith("test 1 defines its own `double`")
    later = ["assert double(3) == 6", "def double(x):\n    return x + x\nassert double(-4) == -8"]
    assert (
        audit_problem(problem("", "def double(x):\n    return 2 * x\n", later), AuditParams()).status == "ok"
    )


# 199. From the thirty-first pass (class 5): tests reaching the entry as a harness does, ``fn =
# globals()['grade']`` then ``fn(90)``, had "no function of the reference's called"; and the
# text's "'A' for score >= 90, 'B' for 80 <= score < 90" was read as a range of the inputs (a
# "for" opening comparisons), so every draw was outside it. A lookup by name is an alias of that
# name, and a range written after an answer is a case of the answer.
def test_an_entry_looked_up_by_name_is_an_alias_and_a_cases_range_is_no_domain():
    grade = (
        "def grade(score):\n    if score >= 90:\n        return 'A'\n    if score >= 80:\n"
        "        return 'B'\n    return 'C'\n"
    )
    tests = [
        "fn = globals()['grade']\nassert fn(90) == 'A' and fn(89) == 'B'",
        "fn = globals()['grade']\nassert fn(80) == 'B' and fn(79) == 'C'",
    ]
    said = "grade(score): 'A' for score >= 90, 'B' for 80 <= score < 90, 'C' below 80."
    assert not domain_flags(Call((70,)), said, ("score",))
    result = audit_problem(problem("", grade, tests, prompt=said), AuditParams())
    assert result.status == "ok" and result.entry == "grade" and result.n_fresh > 0, result.detail


# 200. From the thirty-first pass (class 5): the setup makes ``calc = Calc()`` and the tests call
# ``calc.sign(5)``; the problem had "no function of the reference's called". An object the setup
# makes from literals of one of the reference's classes is read as a test making it would be.
def test_an_object_the_setup_makes_is_read_as_the_tests_own():
    calc = (
        "class Calc:\n    def sign(self, x):\n        if x > 0:\n            return 1\n"
        "        if x < 0:\n            return -1\n        return 0\n"
    )
    tests = ["assert calc.sign(5) == 1", "assert calc.sign(-2) == -1"]
    result = audit_problem(problem("", calc, tests, setup="calc = Calc()\n"), AuditParams())
    assert result.status == "ok" and result.entry == "Calc", result.detail
    assert any("Calc().sign(0)" in s.witnesses for s in result.survivors if s.after == "        if x >= 0:")
    node = "class Node:\n    def __init__(self, data):\n        self.data = data\n        self.left = None\n"
    size = node + "\n\ndef size(n):\n    return 0 if n is None else 1 + size(n.left)\n"
    grown = problem("", size, ["assert size(root) == 2"], setup="root = Node(1)\nroot.left = Node(2)\n")
    assert audit_problem(grown, AuditParams()).status == "excluded:no-fresh-inputs"  # (not ``Node(1)``)


# 201. From the thirty-first pass (class t): "for a non-empty list xs and an int k with 0 <= k <
# len(xs)"; a relation a "for" or "with" opens was not read (only ranges against numbers were, and
# the run stopped at ``len(``), so the deep attack's witnesses passed k >= len(xs).
def test_a_relation_a_for_clause_opens_is_kept():
    said = (
        "shift_right(xs, k): xs rotated right by k places, for a non-empty list xs and an int k with "
        "0 <= k < len(xs)."
    )
    assert domain_flags(Call(([1, 2, 3], 5)), said, ("xs", "k")) == (
        "domain: the task says 'k < len(xs)', and this input breaks it",
    )
    assert not domain_flags(Call(([1, 2, 3], 2)), said, ("xs", "k"))


# 202. From the thirty-first pass (class t): "weights ... sum to 1", every visible list of weights
# summing to 1 at several lengths; draws made weights of any sum, and the asserts pinned a
# weighted mean with no division by the sum. A list of numbers whose every visible value (three
# or more, of several lengths) has one sum keeps it: drawn reordered, refused otherwise.
def test_lists_that_all_sum_to_one_total_keep_it():
    mean = "def weighted_mean(xs, ws):\n    return sum(x * w for x, w in zip(xs, ws)) / sum(ws)\n"
    tests = [
        "assert weighted_mean([2, 4], [0.5, 0.5]) == 3.0",
        "assert weighted_mean([10], [1.0]) == 10.0",
        "assert abs(weighted_mean([1, 2, 3], [0.2, 0.3, 0.5]) - 2.3) < 1e-9",
        "assert weighted_mean([5, 7], [0.0, 1.0]) == 7.0",
    ]
    _, _, visible = visible_calls(problem("weighted_mean", mean, tests))
    drawn = fresh_calls(visible, 8, 0, "contract-v2")
    assert drawn and all(abs(sum(call.args[1]) - 1.0) < 1e-9 for call in drawn)
    assert contract_violations(Call(([1, 2], [0.3, 0.5])), visible, "contract-v2")
    assert learn_domain([[2, 3, 4, 5], [1, 2, 3, 8], [7, 3, 4]]).total is None  # (whole numbers: by chance)
    result = audit_problem(problem("weighted_mean", mean, tests), AuditParams(attack="deep"))
    assert not any("* sum(ws)" in s.after for s in result.survivors)


# 203. From the thirty-first pass (class 3/4): a key with its own ``__eq__`` (on ``parts``) caches
# its hash in ``_hash``; a mutant starting the cache at 0 for None was "broken" by the objects'
# state, and its asserts pinned ``vars(Key(...))`` with ``'_hash': None``, which a correct key
# computing its hash eagerly fails. Where a class says what makes two objects equal, a private
# attribute its ``__eq__`` (and what it calls) never reads is no part of what an object shows.
def test_a_private_cache_an_eq_never_reads_is_no_state():
    key = (
        "class Key:\n    def __init__(self, parts):\n        self.parts = tuple(parts)\n"
        "        self._hash = None\n\n    def __eq__(self, other):\n"
        "        return isinstance(other, Key) and self.parts == other.parts\n\n"
        "    def __hash__(self):\n        if self._hash is None:\n            self._hash = hash(self.parts)\n"
        "        return self._hash\n"
    )
    tests = [
        "assert Key([1, 2]) == Key((1, 2))",
        "assert Key([1]) != Key([2])",
        "assert len({Key([3]), Key([3])}) == 1",
    ]
    result = audit_problem(problem("Key", key, tests), AuditParams(attack="deep"))
    assert not any("_hash" in s.after for s in result.survivors)
    assert not any("_hash" in a.text for a in result.asserts)


# 204. From the thirty-first pass (class 6): ``undo()`` does nothing on no history (``if
# len(self._history) > 0``), and every test types before it undoes; no draw undid on an empty
# editor, so ``>= 0`` (popping an empty list) was "equivalent". Where a method asks whether what
# its object holds is empty, the tests' objects are also used with their first uses left out.
def test_an_object_used_less_than_any_test_uses_it_is_drawn_where_a_method_asks_if_empty():
    editor = (
        "class Editor:\n    def __init__(self):\n        self.text = ''\n        self._history = []\n\n"
        "    def type(self, s):\n        self._history.append(self.text)\n        self.text += s\n\n"
        "    def undo(self):\n        if len(self._history) > 0:\n"
        "            self.text = self._history.pop()\n"
    )
    tests = [
        "e = Editor()\ne.type('ab')\ne.type('c')\ne.undo()\nassert e.text == 'ab'",
        "e = Editor()\ne.type('x')\ne.undo()\nassert e.text == ''",
    ]
    result = audit_problem(problem("Editor", editor, tests), AuditParams())
    empty = [s for s in result.survivors if s.after == "        if len(self._history) >= 0:"]
    assert empty and "e = Editor(); e.undo()" in empty[0].witnesses


# 205. From the thirty-first pass (class 4): ``check_age`` returns (not raises) a ``ValueError``
# whose message the text states; the deep attack found its message edits, but wrote no assert (an
# object with no state but its text). Such an object is checked by its ``repr``.
def test_a_returned_exception_is_asserted_by_its_repr():
    check = (
        "def check_age(n):\n    if 0 <= n <= 150:\n        return None\n"
        "    return ValueError('age out of range: ' + str(n))\n"
    )
    tests = ["assert check_age(30) is None", "assert isinstance(check_age(-1), ValueError)"]
    result = audit_problem(problem("check_age", check, tests), AuditParams(attack="deep"))
    shown = [a.text for a in result.asserts if a.text.startswith("assert repr(")]
    pattern = r"assert repr\(check_age\((-?\d+)\)\) == \"ValueError\('age out of range: (-?\d+)'\)\""
    assert shown and all((m := re.fullmatch(pattern, text)) and m[1] == m[2] for text in shown)


# 206. From the thirtieth pass (class 5): "Animal is a base class whose sound() raises
# NotImplementedError"; the tests make only dogs, so a mutant of the base's own ``sound`` ran on
# no input and was "equivalent". A base class the text names and no test makes is audited on
# its subclass's calls, made as the base is made (here with no argument: ``Animal()``); one the
# text never names is a helper of the classes the tests make, judged through them.
ANIMALS = (
    "class Animal:\n    def sound(self):\n        raise NotImplementedError('each animal has its own')\n\n\n"
    "class Dog(Animal):\n    def __init__(self, name):\n        if not name:\n"
    "            raise ValueError('a dog needs a name')\n        self.name = name\n\n"
    "    def sound(self):\n        return self.name + ' says woof'\n"
)
ANIMAL_TESTS = [
    "assert Dog('rex').sound() == 'rex says woof'",
    "try:\n    Dog('')\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('no ValueError')",
]


@pytest.mark.parametrize("named", [True, False])
def test_a_base_class_the_text_names_and_no_test_makes_is_audited_on_its_subclass_calls(named):
    text = "Animal is a base class whose sound() raises NotImplementedError. " if named else ""
    text += "Dog(name) makes a dog whose sound() is name + ' says woof'; an empty name raises ValueError."
    result = audit_problem(problem("Dog", ANIMALS, ANIMAL_TESTS, prompt=text), AuditParams(attack="deep"))
    base = [s for s in result.survivors if "NotImplementedError" in s.before]
    assert bool(base) is named
    assert not named or all("Animal().sound()" in s.witnesses for s in base)


# 207. From the thirty-first pass (class 3): the text asks for a quiet NaN, ``Decimal('NaN')``,
# and the tests check only ``.is_nan()``, which a signalling NaN passes too. No edit wrote
# ``'sNaN'`` (a special number's name is now made its neighbour: the other NaN, the other
# infinity), and ``.is_nan()`` was replayed as the answer: on a standard-library value a test's
# method looks at part of it, and the whole value stays the answer. The assert holds where the
# result is a quiet NaN (a signalling one raises when compared).
@pytest.mark.parametrize(
    ("entry", "reference", "tests", "edited"),
    [
        (
            "growth",
            "from decimal import Decimal\n\n\ndef growth(old, new):\n    if old == 0:\n"
            "        return Decimal('NaN')\n    return (new - old) / old\n",
            [
                "from decimal import Decimal as D\nassert growth(D('2'), D('3')) == D('0.5')",
                "from decimal import Decimal as D\nassert growth(D('0'), D('5')).is_nan()",
            ],
            "return Decimal('sNaN')",
        ),
        (
            "limit_of",
            "def limit_of(plan, limits):\n    if plan not in limits:\n        return float('inf')\n"
            "    return limits[plan]\n",
            [
                "assert limit_of('basic', {'basic': 5}) == 5",
                "import math\nassert math.isinf(limit_of('gold', {'basic': 5}))",
            ],
            "return float('-inf')",
        ),
    ],
)
def test_a_special_number_written_out_is_made_its_neighbour(entry, reference, tests, edited):
    result = audit_problem(problem(entry, reference, tests), AuditParams(attack="deep"))
    survivor = [s for s in result.survivors if s.after.strip() == edited]
    assert survivor, [s.after for s in result.survivors]
    killing = [a for a in result.asserts if result.survivors.index(survivor[0]) in a.kills]
    assert killing and all(_run_assert(reference, entry, a.text) for a in killing)


# 208. From the thirtieth pass (class 1): the text says the error is raised ``from None`` (it hides
# int()'s own); the tests catch the type alone. No edit dropped ``from None``, and nothing an
# exception carries showed how it was raised. Where the reference raises ``from`` something and
# the text speaks of it, an exception raised while handling another that hides it is part of the
# answer, and its assert holds for any raise that shows no chained context; where the text is
# silent, ``from None`` is the reference's choice (the thirtieth pass's c1_getattr_hasattr_strong).
LEVEL_SAID = (
    "parse_level(text): the int 1 to 5 text spells; else ValueError, raised from None (no chained context)."
)
LEVEL = (
    "def parse_level(text):\n    try:\n        level = int(text)\n    except ValueError:\n"
    "        raise ValueError('not a level: ' + text) from None\n    if not 1 <= level <= 5:\n"
    "        raise ValueError('not a level: ' + text)\n    return level\n"
)
LEVEL_TESTS = [
    "assert parse_level('3') == 3",
    "try:\n    parse_level('x')\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('no error')",
    "try:\n    parse_level('9')\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError('no error')",
]


def test_a_raise_from_none_keeps_its_context_hidden_where_the_text_says_so():
    said = problem("parse_level", LEVEL, LEVEL_TESTS, prompt=LEVEL_SAID)
    result = audit_problem(said, AuditParams(attack="deep"))
    dropped = [s for s in result.survivors if s.kind == "drop-raise-cause"]
    assert dropped
    mutant = LEVEL.replace(") from None", ")")
    index = result.survivors.index(dropped[0])
    killing = [a.text for a in result.asserts if index in a.kills]
    assert killing
    assert all(_run_assert(LEVEL, "parse_level", text) for text in killing)
    assert not any(_run_assert(mutant, "parse_level", text) for text in killing)
    plain = LEVEL.replace(") from None", ")")
    unchained = audit_problem(
        problem("parse_level", plain, LEVEL_TESTS, prompt=LEVEL_SAID), AuditParams(attack="deep")
    )
    assert not any("__suppress_context__" in a.text for a in unchained.asserts)
    silent = problem("parse_level", LEVEL, LEVEL_TESTS, prompt=LEVEL_SAID.split("; else")[0] + ".")
    assert not any(
        s.kind == "drop-raise-cause" for s in audit_problem(silent, AuditParams(attack="deep")).survivors
    )


# 209. From the thirty-second pass (class 3 / t): "n of any size, as an exact int"; every tested
# n is small enough that ``n * (n + 1) / 2`` equals the exact int (==), so ``/`` for ``//`` was
# "equivalent". Where the text allows ints of any size, each positive int argument is also drawn
# past a float's exact range; a loop over such an n is dropped as the reference's own runaway.
def test_ints_of_any_size_are_drawn_past_float_precision():
    pairs = "def pairs(n):\n    return n * (n - 1) // 2\n"
    tests = ["assert pairs(1) == 0", "assert pairs(5) == 10", "assert pairs(1000) == 499500"]
    said = "pairs(n): how many pairs n people make, for an int n >= 1 of any size, as an exact int."
    result = audit_problem(problem("pairs", pairs, tests, prompt=said), AuditParams(attack="deep"))
    floated = [s for s in result.survivors if s.after.strip() == "return n * (n - 1) / 2"]
    assert floated and all(int(re.search(r"\d+", w)[0]) > 2**53 for w in floated[0].witnesses)
    small = audit_problem(
        problem("pairs", pairs, tests, prompt=said.replace(" of any size", "")), AuditParams(attack="deep")
    )
    assert not any(s.after.strip() == "return n * (n - 1) / 2" for s in small.survivors)


# 210. From the thirty-second pass (class t): "amount, a non-negative multiple of 5"; ``// 4``
# for ``// 5`` differs only where the amount is no multiple of 5 (``bills(58)``), which the text
# rules out: it was called weak (here ``rest / 5``, a whole float on every multiple of 5). A
# parameter the text says is a multiple of a number is drawn only so; a text asking whether it
# is one ("check whether n is a multiple of 3") states no precondition.
COINS = "def coins(cents):\n    quarters, rest = divmod(cents, 25)\n    return (quarters, rest // 5)\n"
COIN_TESTS = [f"assert coins({c}) == {(c // 25, c % 25 // 5)}" for c in (0, 5, 10, 25, 30, 55, 70, 95, 100)]


@pytest.mark.parametrize(
    ("said", "weak"),
    [
        ("coins(cents): pay cents, a non-negative multiple of 5, in quarters and nickels.", False),
        ("coins(cents): pay cents in quarters and nickels, leaving out what is left.", True),
    ],
)
def test_a_parameter_the_text_says_is_a_multiple_is_drawn_only_so(said, weak):
    result = audit_problem(problem("coins", COINS, COIN_TESTS, prompt=said), AuditParams(attack="deep"))
    off = [s for s in result.survivors if s.after.strip() == "return (quarters, rest / 5)"]
    assert bool(off) is weak


# 211. From the thirty-second pass (class t): "xs, which may be in any order"; every test's list
# was sorted, so draws kept them sorted and ``sorted(xs)`` dropped was "equivalent". A text that
# says an input comes in any order lifts the learned sorted rule, and such a list is also drawn
# out of order; "return them in any order" speaks of the answer, not of an input.
DUPLICATES = "def has_repeat(xs):\n    s = sorted(xs)\n    return any(a == b for a, b in zip(s, s[1:]))\n"
DUPLICATE_TESTS = [
    "assert has_repeat([1, 2, 2]) is True",
    "assert has_repeat([1, 2, 3]) is False",
    "assert has_repeat([]) is False",
    "assert has_repeat([4, 4, 5, 7]) is True",
]


@pytest.mark.parametrize(
    ("said", "weak"),
    [
        (
            "has_repeat(xs): whether the list of ints xs, which may be in any order, holds a value twice.",
            True,
        ),
        ("has_repeat(xs): whether the list of ints xs holds a value twice.", False),
    ],
)
def test_an_input_the_text_says_comes_in_any_order_is_drawn_out_of_order(said, weak):
    result = audit_problem(
        problem("has_repeat", DUPLICATES, DUPLICATE_TESTS, prompt=said), AuditParams(attack="deep")
    )
    unsorted = [s for s in result.survivors if s.after.strip() in ("s = xs", "s = list(xs)")]
    assert bool(unsorted) is weak
    assert "unsorted" not in lifted_rules("values(d): return the keys of d in any order.")
    assert not frees_order(said) and frees_order("values(d): return the keys of d in any order.")


# 212. From the thirty-second pass (class t): "players with equal scores keep their order in the
# input"; no test had a tie, and the tests' names came in alphabetical order, so a tie broken by
# name (``t[1]`` for ``t[0]``) passed and looked "equivalent". Where the text says ties keep the
# order given, records are drawn tied on one field (numbers first) and out of order.
TABLE = (
    "def table(teams):\n"
    "    order = sorted(enumerate(teams), key=lambda t: (-t[1][1], t[0]))\n"
    "    return [team for _, (team, _) in order]\n"
)
TABLE_TESTS = [
    "assert table([('ajax', 1), ('bern', 4), ('celta', 0)]) == ['bern', 'ajax', 'celta']",
    "assert table([('dort', 2)]) == ['dort']",
    "assert table([]) == []",
]


@pytest.mark.parametrize("attack", ["sample", "deep"])
def test_records_are_drawn_tied_and_out_of_order_where_ties_keep_the_order_given(attack):
    said = (
        "table(teams): teams is a list of (name, points); names by points, most first; "
        "teams with equal points keep their order in the input."
    )
    assert {"unique", "unsorted"} <= lifted_rules(said)
    result = audit_problem(problem("table", TABLE, TABLE_TESTS, prompt=said), AuditParams(attack=attack))
    by_name = [s for s in result.survivors if s.after.strip().endswith("(-t[1][1], t[1]))")]
    assert by_name and any(w.startswith("table([('celta'") for w in by_name[0].witnesses)


# 213. From the thirty-second pass (class 5): the tests derive their own classes from the
# reference's ``Shape`` and call ``describe()`` on them; no test calls a name of the reference, so
# the problem was excluded (no entry point) and a wrong plural for 0 sides went unseen. The base
# class is then the entry, its subclasses' calls read as its own (made with no argument).
SHAPE = (
    "class Polygon:\n    label = 'polygon'\n    corners = 0\n\n    def summary(self):\n"
    "        word = 'corner' if self.corners == 1 else 'corners'\n"
    "        return f'{self.label}: {self.corners} {word}'\n"
)
SHAPE_TESTS = [
    "class Tri(Polygon):\n    label = 'tri'\n    corners = 3\nassert Tri().summary() == 'tri: 3 corners'",
    "class Dot(Polygon):\n    label = 'dot'\n    corners = 1\nassert Dot().summary() == 'dot: 1 corner'",
]


def test_a_reference_class_the_tests_only_derive_from_is_the_entry():
    result = audit_problem(problem("Polygon", SHAPE, SHAPE_TESTS), AuditParams())
    assert result.status == "ok"
    assert any("Polygon()" in w for s in result.survivors for w in s.witnesses)


# 214. From the thirty-second pass (class 4): every grid the tests print is square, so
# ``range(height)`` written ``range(width)`` passed; no edit wrote one parameter for another.
# The deep attack passes each other parameter of the function where one is passed to a call.
def test_a_parameter_passed_to_a_call_is_swapped_for_its_sibling():
    stripes = "def stripes(rows, cols):\n    return ['#' * cols for _ in range(rows)]\n"
    tests = [
        "assert stripes(2, 2) == ['##', '##']",
        "assert stripes(1, 1) == ['#']",
        "assert stripes(3, 3) == ['###'] * 3",
    ]
    result = audit_problem(problem("stripes", stripes, tests), AuditParams(attack="deep"))
    swapped = [s for s in result.survivors if s.kind == "parameter-twin"]
    assert swapped and "range(cols)" in swapped[0].after
    assert all(re.fullmatch(r"stripes\((\d+), (?!\1\))\d+\)", w) for w in swapped[0].witnesses)


# 215. From the thirty-second pass (class 7): a reference that prints its answer instead of
# returning it was excluded with "test 1 fails: raises AssertionError", which names no cause. A
# bare assert's comparison is evaluated again in the test's namespace and written out.
def test_a_bare_failed_assert_says_what_it_compared():
    cube = "def cube(n):\n    print(n ** 3)\n"
    tests = ["assert cube(2) == 8", "assert cube(0) == 0"]
    result = audit_problem(problem("cube", cube, tests), AuditParams())
    assert result.status == "excluded:reference-fails-tests"
    assert "cube(2) is None, where the test expects 8" in result.detail
    two = audit_problem(problem("cube", cube, ["assert cube(1) == 1\nassert cube(2) == 8"]), AuditParams())
    assert two.status == "excluded:reference-fails-tests" and "expects" not in two.detail


# 216. From the thirty-second pass (class t): every test passed two bytes of one length ("two
# bytes objects a and b of the same length"), but bytes had no length among the relations kept,
# so draws of unequal lengths made ``len(b)`` for ``len(a)`` "weak". Bytes keep one length as
# lists and texts do. (This fails without that, with the parameter-twin edits of 214.)
def test_two_bytes_of_one_length_in_every_test_keep_it():
    differ = "def differ(a, b):\n    return sum(1 for i in range(len(a)) if a[i] != b[i])\n"
    tests = [
        "assert differ(b'', b'') == 0",
        "assert differ(b'ab', b'ac') == 1",
        "assert differ(b'xyz', b'xyz') == 0",
        "assert differ(b'\\x00\\x01', b'\\x01\\x00') == 2",
    ]
    result = audit_problem(problem("differ", differ, tests), AuditParams(attack="deep"))
    assert not any("len(b)" in s.after for s in result.survivors)
    assert result.n_fresh > 0 and result.status == "ok"


# 217. From the thirty-second pass (class 6): a loader cached with ``lru_cache(maxsize=2)`` counts
# its misses in a module global the tests read; no test came back to a key after another, so
# ``maxsize=1`` passed. Where the reference memoizes, a call is also made after itself and one
# other, from one load (``a, b``, then ``a``), with the module's data read after it.
def test_a_memoized_call_is_made_again_after_one_other():
    fetch = (
        "from functools import lru_cache\n\nmisses = 0\n\n\n@lru_cache(maxsize=2)\n"
        "def fetch(key):\n    global misses\n    misses += 1\n    return key * 2\n"
    )
    tests = [
        "assert fetch(3) == 6 and misses == 1",
        "assert fetch(3) == 6 and misses == 1",
        "assert fetch(4) == 8 and misses == 2",
    ]
    result = audit_problem(problem("fetch", fetch, tests), AuditParams(attack="deep"))
    smaller = [s for s in result.survivors if "maxsize=1" in s.after]
    # (a call passing an object a test makes is not made so: the calls before travel as data)
    typed = "from functools import lru_cache\n\n\n@lru_cache(maxsize=None)\ndef half(x):\n    return x / 2\n"
    made = [
        "from fractions import Fraction\nassert half(Fraction(1, 3)) == Fraction(1, 6)",
        "assert half(4) == 2",
    ]
    assert audit_problem(problem("half", typed, made), AuditParams()).status == "ok"
    assert smaller
    index = result.survivors.index(smaller[0])
    killing = [a.text for a in result.asserts if index in a.kills]
    assert killing and all(_run_assert(fetch, "fetch", text, tuple(tests)) for text in killing)


# 218. From the thirty-second pass (class 4): a sequence of pieces whose ``__getitem__`` raises
# IndexError past its length; the tests index within the length and ask ``len``, so ``i >
# len(self)`` for ``i >= len(self)`` (one extra empty piece in any ``for`` loop) was
# "equivalent". What iterating such an object yields is part of what it shows, the calls the
# tests chain on are also made bare, and its assert checks its items, not how it keeps them.
WINDOWS = (
    "class Windows:\n    def __init__(self, xs, k):\n        self.xs, self.k = xs, k\n\n"
    "    def __len__(self):\n        return max(0, len(self.xs) - self.k + 1)\n\n"
    "    def __getitem__(self, i):\n        if i < 0 or i >= len(self):\n            raise IndexError(i)\n"
    "        return self.xs[i:i + self.k]\n\n\ndef windows(xs, k):\n    return Windows(xs, k)\n"
)
WINDOW_TESTS = [
    "w = windows([1, 2, 3, 4], 2)\nassert len(w) == 3\nassert w[0] == [1, 2] and w[2] == [3, 4]",
    "assert len(windows([5], 2)) == 0",
]


def test_what_iterating_a_sequence_yields_is_part_of_what_it_shows():
    result = audit_problem(problem("windows", WINDOWS, WINDOW_TESTS), AuditParams())
    late = [s for s in result.survivors if s.after.strip() == "if i < 0 or i > len(self):"]
    assert late and any(w.startswith("windows(") and w.endswith(")") for w in late[0].witnesses)
    index = result.survivors.index(late[0])
    killing = [a.text for a in result.asserts if index in a.kills]
    assert killing and all("list(islice(instance, " in text and "vars(" not in text for text in killing)
    assert all(_run_assert(WINDOWS, "windows", text) for text in killing)


# 219. Along the way (the thirty-second pass's c4_flag_membership_only): an ``enum.Flag``'s members
# iterate to members, in the standard library's code; read as a sequence of the benchmark's own,
# each member's iteration was encoded within the last and the reference "raised on every fresh
# input". Only a class of the benchmark's own that says how to iterate it, and only the answer
# itself, is iterated.
def test_a_flag_result_is_no_sequence_of_the_benchmarks():
    mode = (
        "from enum import Flag, auto\n\n\nclass Mode(Flag):\n    READ = auto()\n    WRITE = auto()\n\n\n"
        "def mode_of(text):\n    m = Mode(0)\n    for ch in text:\n"
        "        m |= Mode.READ if ch == 'r' else Mode.WRITE\n    return m\n"
    )
    tests = [
        "assert Mode.READ in mode_of('r')",
        "assert mode_of('') == Mode(0)",
        "assert Mode.WRITE in mode_of('rw')",
    ]
    result = audit_problem(problem("mode_of", mode, tests), AuditParams(attack="deep"))
    assert result.status == "ok" and result.n_fresh > 0


# 220. From the thirty-third pass (class 4): a factory's closure multiplies, and every test's
# product equals the power (``(2, 2)`` and ``(0, 5)``): no edit wrote ``**`` for ``*``, so a
# closure that squares passed. The deep attack's other arithmetic makes a product a power too.
def test_a_product_is_also_made_a_power():
    multiplier = "def make_multiplier(k):\n    def multiply(x):\n        return x * k\n    return multiply\n"
    tests = ["assert make_multiplier(2)(2) == 4", "assert make_multiplier(5)(0) == 0"]
    result = audit_problem(problem("make_multiplier", multiplier, tests), AuditParams(attack="deep"))
    powers = [s for s in result.survivors if s.after.strip() == "return x ** k"]
    assert powers and powers[0].kind == "arithmetic-other"
    assert all("make_multiplier(" in w for w in powers[0].witnesses)
    index = result.survivors.index(powers[0])
    assert any(index in a.kills and "assert make_multiplier(" in a.text for a in result.asserts)
    default = audit_problem(problem("make_multiplier", multiplier, tests), AuditParams())
    assert not any("**" in s.after for s in default.survivors)  # (the default: the published kinds)


# 221. Along the way (a keyword forgotten, as the thirty-second pass's ``deque(xs, maxlen=k)``):
# ``int(s, base=2)`` tested only on ``'0'``, ``'01'`` and ``'001'``, which read alike in base 10, so
# ``int(s)`` passed; no edit left a keyword argument out. The deep attack drops each keyword but
# ``reverse=`` and ``key=``.
def test_a_keyword_argument_left_out_is_an_edit():
    binary = "def from_binary(s):\n    return int(s, base=2)\n"
    tests = [
        "assert from_binary('01') == 1",
        "assert from_binary('0') == 0",
        "assert from_binary('001') == 1",
    ]
    result = audit_problem(problem("from_binary", binary, tests), AuditParams(attack="deep"))
    dropped = [s for s in result.survivors if s.kind == "drop-keyword"]
    assert dropped and dropped[0].after.strip() == "return int(s)"
    index = result.survivors.index(dropped[0])
    killing = [a.text for a in result.asserts if index in a.kills]
    assert killing and all(_run_assert(binary, "from_binary", text) for text in killing)
    longest = "def longest(words):\n    return max(words, key=len)\n"
    tests = ["assert longest(['a', 'bb', 'ccc']) == 'ccc'", "assert longest(['x', 'yz']) == 'yz'"]
    keyed = audit_problem(problem("longest", longest, tests), AuditParams(attack="deep"))
    assert not any(s.after.strip() == "return max(words)" for s in keyed.survivors)  # (a key is kept)


# 222. From the thirty-third pass (class t): "month m (an integer 1..12)" bounds m, but a range
# written with two dots was no range, and an aside was read apart from the word it follows: the
# default attack's first assert passed ``season(13)``. The aside reads "m is an integer 1..12".
def test_a_range_written_with_two_dots_in_an_aside_bounds_its_parameter():
    season = (
        "def season(m):\n    if m in (12, 1, 2):\n        return 'winter'\n    if m <= 5:\n"
        "        return 'spring'\n    if m <= 8:\n        return 'summer'\n    return 'autumn'\n"
    )
    tests = [f"assert season({m}) == '{name}'" for m, name in ((1, "winter"), (4, "spring"), (7, "summer"))]
    said = "Return the season of month m (an integer 1..12): 'winter' for Dec-Feb, 'spring' Mar-May."
    result = audit_problem(problem("season", season, tests, prompt=said), AuditParams())
    months = [int(m) for a in result.asserts for m in re.findall(r"season\((-?\d+)\)", a.text)]
    assert months and all(1 <= m <= 12 for m in months)
    assert any(s.after.strip() == "if m in (13, 1, 2):" for s in result.survivors)
    assert "assert season(12) == 'winter'" in [a.text for a in result.asserts]
