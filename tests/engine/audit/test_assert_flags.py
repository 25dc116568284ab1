"""Flags on candidate asserts and the order they are shown in (issue 27), on small known-answer
problems audited by the real engine. The v1 method sets no flag (so each test can fail)."""

from __future__ import annotations

from dataclasses import replace

from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.audit.asserts import GatedText, assert_text, order_candidates
from gameability_tui.engine.audit.flags import value_flags, visible_answers
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.model import AuditParams, CandidateAssert, Problem, ProblemResult

V1 = AuditParams(inputs="contract")
V2 = AuditParams()


def test_answers_of_a_kind_no_visible_test_expects_are_flagged():
    answers = visible_answers(["assert f(3) == 3", "assert not f(0)", "assert f([1]) == 1"], "f")
    assert answers == [3, False, 1]
    assert value_flags(None, [3, 1]) == ("kind: expects None, where every visible test expects a number",)
    assert value_flags(-1, [3, 0]) == (
        "kind: expects -1, where every visible answer is non-negative (a sentinel?)",
    )
    assert value_flags("No pairs exists", [(1, 2)]) == (
        "kind: expects 'No pairs exists', where every visible test expects a tuple",
    )
    assert value_flags(7, [3, 0]) == () and value_flags("heo", ["H", "bcd"]) == ()
    assert value_flags(1, [True, False]) == ()  # 1 == True: no assert tells them apart


def test_an_answer_outside_a_few_repeated_words_or_an_unseen_path_is_flagged():
    assert value_flags("Maybe", ["Yes", "No", "Yes"]) == (
        "answer: expects 'Maybe', where every visible answer is one of ['No', 'Yes']",
    )
    assert value_flags((False, 8), [(True, 3), (True, 7), (True, 6)]) == (
        "answer: item 1 is False, where every visible answer's is True (a path no visible test takes)",
    )
    assert value_flags((True, 8), [(True, 3), (True, 7)]) == ()


FIRST_ODD = Problem(
    "first_odd",
    "def first_odd(nums):\n    for n in nums:\n        if n % 2 == 1:\n            return n\n    return -1\n",
    (
        "assert first_odd([1, 3, 5]) == 1",
        "assert first_odd([2, 4, 1, 3]) == 1",
        "assert first_odd([8, 9, 1]) == 9",
    ),
)


def test_a_sentinel_assert_is_flagged_and_shown_after_the_clean_ones():
    result = audit_problem(FIRST_ODD, AuditParams(attack="deep"))
    assert result.weak
    sentinel = [a for a in result.asserts if a.text.endswith("== -1")]
    assert sentinel and all(a.flags and a.flags[0].startswith("kind: expects -1") for a in sentinel)
    flags = [bool(a.flags) for a in result.asserts]
    assert flags == sorted(flags)  # unflagged first
    old = audit_problem(FIRST_ODD, AuditParams(attack="deep", inputs="contract"))
    assert not any(a.flags for a in old.asserts)


POS_COUNT = Problem(
    "pos_count",
    "def pos_count(items):\n    total = 0\n    for n in items:\n"
    "        if n >= 0:\n            total += 1\n    return total\n",
    (
        "assert pos_count([1, -2, 3, -4]) == 2",
        "assert pos_count([3, 4, 5, -1]) == 3",
        "assert pos_count([1, 2, 3]) == 3",
    ),
    check_reference="def pos_count(items):\n    return len([n for n in items if n > 0])\n",
)


def test_where_the_fixed_reference_answers_otherwise_the_reference_looks_wrong():
    result = audit_problem(POS_COUNT, AuditParams(attack="deep"))
    wrong = [a for a in result.asserts if any(f.startswith("reference:") for f in a.flags)]
    assert wrong and all("0" in a.text.split("==")[0] for a in wrong)
    assert result.unsure == all(a.flags for a in result.asserts)


def test_the_cover_counts_only_unflagged_asserts_and_marks_the_rest_extra():
    gated = [
        GatedText("assert f(9) == 'a'", 4, True, frozenset(range(7)), ("reference: looks wrong",)),
        GatedText("assert f(1) == 'a'", 4, True, frozenset({0}), (), 0.1),
        GatedText("assert f(2) == 'b'", 4, True, frozenset({0}), (), 0.5),
    ]
    ordered = order_candidates(gated, 7, 12, flagged_last=True)
    assert [a.text for a in ordered] == ["assert f(1) == 'a'", "assert f(2) == 'b'", "assert f(9) == 'a'"]
    assert [a.extra for a in ordered] == [False, True, True]
    assert order_candidates(gated, 7, 12)[0].text == "assert f(9) == 'a'"  # v1: most kills first


def test_an_exact_float_is_written_as_the_tests_write_it():
    value = ("value", 3.0, "3.0", "", None)
    assert assert_text(Call((4,)), "f", value, exact=True) == "assert f(4) == 3"
    assert assert_text(Call((4,)), "f", ("value", 2.5, "2.5", "", None), exact=True).startswith("assert abs(")
    assert assert_text(Call((4,)), "f", value).startswith("assert abs(f(4) - 3.0)")


def test_flags_round_trip_and_stay_out_of_v1_reports():
    flagged = CandidateAssert("assert f(1) == -1", True, (0,), ("kind: expects -1",), True)
    assert CandidateAssert.from_dict(flagged.to_dict()) == flagged
    assert CandidateAssert("assert f(1) == 1", True, (0,)).to_dict() == {
        "text": "assert f(1) == 1",
        "passes_reference": True,
        "kills": [0],
    }
    unsure = ProblemResult("p", "ok", n_survived=1, asserts=(flagged,))
    assert unsure.unsure and ProblemResult.from_dict(unsure.to_dict()).unsure


TOGGLE = Problem(
    "toggle",
    "def toggle(n):\n    if (n == 1):\n        return 1\n    return n ^ 6\n",
    ("assert toggle(9) == 15", "assert toggle(10) == 12", "assert toggle(11) == 13"),
)


def test_an_answer_only_a_special_case_returns_is_flagged():
    result = audit_problem(TOGGLE, AuditParams(attack="deep"))
    special = [a for a in result.asserts if a.text == "assert toggle(1) == 1"]
    assert special and special[0].flags == (
        "path: expects 1, what the special case `if n == 1: return 1` returns (line 3), which no "
        "visible test runs",
    )
    # 7 ^ 6 == 1 too, but the survivors it rejects change `n ^ 6`, not the special case
    computed = [a for a in result.asserts if a.text == "assert toggle(7) == 1"]
    assert all(not a.flags for a in computed)


def test_a_value_the_tasks_text_states_is_no_convention_of_the_reference():
    absent = "Return the index of target in items, or -1 when it is absent."
    assert value_flags(-1, [3, 0], absent) == ()
    assert value_flags(None, [3, 1], "Return None if the list is empty.") == ()
    assert value_flags("Maybe", ["Yes", "No", "Yes"], "Answer 'Yes', 'No' or 'Maybe'.") == ()
    # a number only as its own literal: not inside -10, x-1 or -1.5
    for text in ("Return -10 when it is absent.", "Compute x-1 for each.", "Add -1.5 to it."):
        assert value_flags(-1, [3, 0], text) != ()
    # an infinity as the text writes it (the twenty-first pass: "math.inf or -math.inf")
    signed = "When b is 0 it returns infinity with the sign of a (math.inf or -math.inf)."
    assert value_flags(float("-inf"), [0.5, 2.0], signed) == ()
    assert value_flags(float("-inf"), [0.5, 2.0], "When b is 0 it returns math.inf.") != ()


def test_a_special_cases_answer_the_text_states_is_no_unseen_path():
    said = TOGGLE.prompt + " toggle(1) is 1."
    result = audit_problem(replace(TOGGLE, prompt=said), AuditParams(attack="deep"))
    special = [a for a in result.asserts if a.text == "assert toggle(1) == 1"]
    assert special and not special[0].flags


def test_a_standard_library_answer_is_flagged_by_the_kind_a_test_compares_it_as():
    # a Counter or an OrderedDict equals a dict, a StrEnum member the str it holds: no "kind"
    # flag claiming the answer is a tuple (their carried form), which a red-team pass found
    import enum
    from collections import Counter, OrderedDict
    from decimal import Decimal

    from gameability_tui.engine.outcome import encode_value

    class Color(str, enum.Enum):
        RED = "red"

    def data(value):
        return encode_value(value)[1]

    assert value_flags(data(Counter(a=1)), [{"a": 2}]) == ()
    assert value_flags(data(OrderedDict(a=1)), [{"a": 2}]) == ()
    assert value_flags(data(Color.RED), ["blue", "green"]) == ()
    assert value_flags(data(Decimal("-1.5")), [2]) == ()  # a number, never ordered as its data
    assert value_flags(data(None), ["red"]) == ("kind: expects None, where every visible test expects a str",)
