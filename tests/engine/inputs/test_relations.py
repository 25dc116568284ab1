"""Fresh inputs keep the rules every visible call keeps (issue 27): relations between arguments,
sizes, positive floats, grids of 1..N*N, vocabularies; the v1 method ("contract") does not, which
is what each test's last line shows (so each can fail)."""

from __future__ import annotations

import calendar

from gameability_tui.engine.inputs.aimed import aimed_calls
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.inputs.fresh import contract_violations, fresh_calls
from gameability_tui.engine.inputs.harvest import harvest_calls
from gameability_tui.engine.inputs.relations import learn_relations, relation_violations, repair

SEEDS = range(25)


def draws(visible: list[Call], mode: str = "contract-v2") -> list[Call]:
    return [call for seed in SEEDS for call in fresh_calls(visible, 8, seed, mode)]


def test_a_count_equal_to_each_strings_length_is_kept_in_every_draw():
    # lcs_of_three(X, Y, Z, m, n, o): m, n, o are the three lengths in every test.
    visible = harvest_calls(
        [
            "assert lcs('AGGT12', '12TXAYB', '12XBA', 6, 7, 5) == 2",
            "assert lcs('Reels', 'Reelsfor', 'ReelsforReels', 5, 8, 13) == 5",
            "assert lcs('abcd1e2', 'bc12ea', 'bd1ea', 7, 6, 5) == 3",
        ],
        "lcs",
    )
    new = draws(visible)
    assert new and all(call.args[3:] == tuple(len(s) for s in call.args[:3]) for call in new)
    old = draws(visible, "contract")
    assert any(call.args[3:] != tuple(len(s) for s in call.args[:3]) for call in old)


def test_a_right_index_one_below_the_length_and_equal_lengths_are_kept():
    smallest = [Call(([0, 1, 2, 3], 0, 3)), Call(([0, 1, 2, 6, 9], 0, 4)), Call(([2, 3, 5, 8, 9], 0, 4))]
    assert all(call.args[2] == len(call.args[0]) - 1 for call in draws(smallest))
    swaps = [Call(("1101", "1110")), Call(("111", "000")), Call(("111", "110"))]
    assert all(len(a) == len(b) for a, b in (call.args for call in draws(swaps)))
    assert any(len(a) != len(b) for a, b in (call.args for call in draws(swaps, "contract")))


def test_a_drawn_count_cuts_its_list_instead_of_being_undone():
    relations = learn_relations([Call(([1, 2, 3], 3)), Call(([4, 5], 2))])
    base = Call(([1, 2, 3, 4], 4))
    assert repair(Call(([1, 2, 3, 4], 2)), relations, base) == Call(([1, 2], 2))
    assert repair(Call(([1, 2, 3, 4, 5], 4)), relations, base) == Call(([1, 2, 3, 4, 5], 5))
    assert relation_violations(Call(([1, 2, 3], 2)), relations) == [
        "argument 2 is not the length of argument 1, as in every test"
    ]


def test_a_plain_setting_every_test_passes_is_never_varied():
    visible = [Call(([1, 2, 3], 10)), Call(([4, 5], 10)), Call(([7], 10))]
    assert {call.args[1] for call in draws(visible)} == {10}
    assert {call.args[1] for call in draws(visible, "contract")} != {10}


def test_month_names_are_drawn_from_the_months():
    visible = [Call(("January", 4)), Call(("October", 28)), Call(("June", 6))]
    months = set(calendar.month_name[1:])
    assert all(call.args[0] in months for call in draws(visible))
    assert any(call.args[0] not in months for call in draws(visible, "contract"))
    assert contract_violations(Call(("Octobey", 28)), visible) == [
        "argument 1: 'Octobey' is not one of the words the tests use"
    ]


def test_a_grid_of_one_to_n_squared_stays_one():
    grids = [
        Call(([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 3)),
        Call(([[5, 9, 3], [4, 1, 6], [7, 8, 2]], 1)),
        Call(([[1, 2], [3, 4]], 10)),
    ]
    for call in draws(grids):
        cells = sorted(cell for row in call.args[0] for cell in row)
        assert cells == list(range(1, len(cells) + 1)), call
    aimed = aimed_calls(grids, "def f(g, k):\n    return g[0][0] + k\n", set(), 60)
    assert all(not contract_violations(call, grids) for call in aimed)


def test_a_list_of_two_strings_stays_a_pair_and_a_threshold_stays_positive():
    pairs = [
        Call((["()(", ")"],)),
        Call(([")", ")"],)),
        Call((["(()(())", "())())"],)),
        Call(([")())", "(()()("],)),
        Call((["(()))", "(()"],)),
    ]
    assert all(len(call.args[0]) == 2 for call in draws(pairs))
    assert any(len(call.args[0]) != 2 for call in draws(pairs, "contract"))
    thresholds = [Call(([1.0, 2.0, 3.9], 0.3)), Call(([1.0, 2.8, 3.0], 0.05)), Call(([1.0, 2.0], 0.5))]
    assert all(call.args[1] > 0 for call in draws(thresholds))
    assert contract_violations(Call(([1.0, 2.0], 0.0)), thresholds) == [
        "argument 2: 0.0 is not above 0, where every visible value is"
    ]


def test_the_characters_of_a_dicts_values_refuse_nothing():
    # HumanEval+/95: the real survivor differs on a dict with a non-string key; a rule about the
    # characters of the values must not refuse it.
    visible = [Call(({"p": "pineapple", 5: "banana", "a": "apple"},)), Call(({"a": "apple", "b": "banana"},))]
    call = Call(({"p": "pineapple", 8: "zucchini"},))
    assert contract_violations(call, visible) == []
    assert contract_violations(call, visible, "contract") != []


def test_a_range_is_never_drawn_upside_down():
    # perfect_squares(a, b): every test passes a < b; (100, 99) is not a range the task allows.
    visible = [Call((1, 30)), Call((50, 100)), Call((100, 200)), Call((4, 9))]
    assert all(low <= high for low, high in (call.args for call in draws(visible)))
    assert any(low > high for low, high in (call.args for call in draws(visible, "contract")))
    relations = learn_relations(visible)
    assert repair(Call((100, 99)), relations) == Call((99, 100))
    assert relation_violations(Call((100, 99)), relations) == [
        "argument 1 is above argument 2, unlike in every test"
    ]


def test_only_neighbours_written_low_then_high_are_a_range():
    # median_numbers(a, b, c): the tests happen to pass b < c; a median takes them in any order.
    medians = [Call((25, 55, 65)), Call((20, 10, 30)), Call((15, 45, 75))]
    assert learn_relations(medians).ordered == ()
    assert any(a > c for a, _, c in (call.args for call in draws(medians)))


def test_three_lists_of_one_length_do_not_fix_every_lists_length():
    # len_log(["python", "PHP", "bigdata"]) and two more three-word lists: a one-word list is
    # still a list of words.
    visible = [
        Call((["python", "PHP", "bigdata"],)),
        Call((["a", "ab", "abc"],)),
        Call((["small", "big", "tall"],)),
    ]
    assert contract_violations(Call((["python"],)), visible) == []


def test_one_test_that_slips_from_the_grid_rule_does_not_undo_it():
    # HumanEval/129: ten grids of 1..N*N and one [[1, 3], [3, 2]].
    grids = [
        Call(([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 3)),
        Call(([[5, 9, 3], [4, 1, 6], [7, 8, 2]], 1)),
        Call(([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]], 4)),
        Call(([[1, 2], [3, 4]], 10)),
        Call(([[1, 3], [3, 2]], 10)),
    ]
    for call in draws(grids):
        cells = sorted(cell for row in call.args[0] for cell in row)
        assert cells == list(range(1, len(cells) + 1)), call
    assert contract_violations(Call(([[2, 3], [3, 4]], 1)), grids) != []
