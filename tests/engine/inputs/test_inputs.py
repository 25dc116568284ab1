"""Inputs: the entry and its literal calls, fresh draws inside each argument's observed domain,
and literals that round-trip."""

from __future__ import annotations

from gameability_tui.engine.inputs.calls import Call, infer_entry
from gameability_tui.engine.inputs.fresh import contract_violations, fresh_calls
from gameability_tui.engine.inputs.harvest import harvest_calls
from gameability_tui.engine.inputs.literals import render_literal


def test_entry_inference_prefers_defined_functions():
    assert infer_entry("def uniq(x):\n    return x\n", ("assert set(uniq([1])) == set([1])",)) == "uniq"
    assert infer_entry("def helper():\n    pass\n", ("assert len([1]) == 1",)) is None


def test_harvest_takes_literal_calls_only():
    calls = harvest_calls(["assert f(1, 'a') == 2", "assert f(x) == 1", "assert f([1, -2], k=3) == 0"], "f")
    assert calls == [Call((1, "a")), Call(([1, -2],), (("k", 3),))]


def test_contract_inputs_respect_observed_domains():
    visible = [Call(([1, 2, 3], 2)), Call(([1, 4, 9, 10], 1)), Call(([5, 7], 3))]
    for seed in range(20):
        for call in fresh_calls(visible, 8, seed):
            items, k = call.args
            assert items == sorted(items) and len(set(items)) == len(items)
            assert k >= 1 and all(v >= 1 for v in items)


def test_contract_strings_reuse_observed_tokens():
    visible = [Call(("red green blue",)), Call(("blue sky",))]
    tokens = {"red", "green", "blue", "sky"}
    for call in fresh_calls(visible, 8, 0):
        assert set(call.args[0].split()) <= tokens


def test_permutations_stay_permutations():
    visible = [Call(([2, 1, 3],)), Call(([1, 2],))]
    for call in fresh_calls(visible, 8, 1):
        assert sorted(call.args[0]) == list(range(1, len(call.args[0]) + 1))


def test_one_list_of_counting_numbers_is_no_permutation_rule():
    # ``Stack([1, 2, 3])`` alone was drawn as 1..n shuffled, never with a repeated item, so a
    # mutant wrong only on repeats (a median of ``[2, 2, 5]``) was "equivalent"
    draws = [call.args[0] for call in fresh_calls([Call(([1, 2, 3],))], 12, 0)]
    assert any(sorted(drawn) != list(range(1, len(drawn) + 1)) for drawn in draws)


def test_a_numeral_may_hold_any_digit_but_a_binary_string_keeps_its_alphabet():
    # MBPP/364's binary strings ('0001010111') took an aimed '002' once numerals were free
    decimal = [Call(("80",)), Call(("70000",))]
    assert contract_violations(Call(("65536",)), decimal) == []
    binary = [Call(("0001010111",)), Call(("001",))]
    assert contract_violations(Call(("002",)), binary) == [
        "argument 1: character '2' appears in no visible value"
    ]


def test_contract_checker_names_what_leaves_the_domain():
    visible = [Call(([1, 2, 3], "ab")), Call(([2, 5], "ba"))]
    assert contract_violations(Call(([1, 4], "aab")), visible) == []
    assert contract_violations(Call(([3, 1], "ab")), visible) == [
        "argument 1: not sorted, where every visible one is"
    ]
    assert contract_violations(Call(([0, 1], "ab")), visible) == [
        "argument 1: element 0 is below 1, the smallest the tests allow"
    ]
    assert contract_violations(Call(([1], "az")), visible) == [
        "argument 2: character 'z' appears in no visible value"
    ]
    assert contract_violations(Call(([1], "")), visible) == [
        "argument 2: empty, where every visible value is non-empty"
    ]
    assert contract_violations(Call(([[1, 2], [3]], 1)), [Call(([[1, 2], [3, 4]], 1))]) == [
        "argument 1: rows of unequal length, where every visible one is rectangular"
    ]


# Visible calls whose domains nest: grids of grids, sorted permutations, sorted rows of pairs,
# unique rows, words. The contract perturber must never leave what it learned from them.
NESTED_DOMAINS = [
    [Call(([[1, 2], [3, 4]], 2)), Call(([[5, 6, 7], [8, 9, 1], [2, 3, 4]], 3))],
    [Call(([[(1, 2), (3, 4)], [(5, 6), (7, 8)]],)), Call(([[(2, 2), (4, 6)], [(1, 3), (2, 5)]],))],
    [Call(([1, 2, 3, 4],)), Call(([1, 2, 3, 4, 5, 6],))],
    [Call(([(1, "a", 3), (2, "b", 4)],)), Call(([(3, "ab", 1), (5, "ba", 2)],))],
    [Call(([[1, 2, 3], [4, 5, 6]],)), Call(([[7, 8, 9], [1, 5, 9]],))],
    [Call((["red fox", "blue sky"], "fox")), Call((["red", "sky blue"], "red"))],
]


def test_contract_inputs_never_leave_nested_domains():
    for visible in NESTED_DOMAINS:
        for seed in range(40):
            for call in fresh_calls(visible, 8, seed):
                assert contract_violations(call, visible) == [], (visible, call)


def test_fresh_inputs_are_seeded_and_new():
    visible = [Call((3, "ab")), Call((5, "ba"))]
    first, second = fresh_calls(visible, 8, 7), fresh_calls(visible, 8, 7)
    assert first == second and len(first) == 8
    assert not {c.key() for c in first} & {c.key() for c in visible}


def test_free_mode_may_leave_the_domain():
    visible = [Call((3,)), Call((5,))]
    free = [c.args[0] for seed in range(30) for c in fresh_calls(visible, 4, seed, "free")]
    assert min(free) < 1


def test_literals_round_trip_including_infinity():
    assert render_literal(float("inf")) == "float('inf')"
    for value in [1, -2.5, "x'y", b"\x00", None, (1,), [1, (2, 3)], {"a": {1, 2}}, set(), frozenset({1})]:
        assert eval(render_literal(value)) == value


def test_the_calls_a_test_makes_first_go_with_the_call_it_checks():
    tests = ["set_rate('EUR', 2)\nassert to_usd(10, 'EUR') == 5"]
    assert harvest_calls(tests, "to_usd", frozenset({"set_rate"})) == [
        Call((10, "EUR"), before=(("set_rate", ("EUR", 2), ()),))
    ]
    # only asserts before it (HumanEval's ``check``): each call is made alone
    alone = ["def check(candidate):\n    assert candidate(1) == 2\n    assert candidate(2) == 4\n"]
    assert harvest_calls(alone, "candidate") == [Call((1,)), Call((2,))]
    # a call before it that is no call of the reference's by name: none is taken
    cleared = ["RATES.clear()\nset_rate('EUR', 2)\nassert to_usd(10, 'EUR') == 5"]
    assert harvest_calls(cleared, "to_usd", frozenset({"set_rate"})) == [Call((10, "EUR"))]
