"""Known-answer tests for the deep attack (``--attack deep``): the inputs it aims at mutants, the
contract it keeps, its further rounds of draws, and its determinism.

Each problem below has a broken solution that differs from the reference at exactly one kind of
place (a constant, a short length, two arguments that meet). The default attack's random draws
do not land there at seed 0; the deep attack must, without ever leaving the contract.
"""

from __future__ import annotations

from conftest import problem

from gameability_tui.engine.audit import audit_problem, prepare
from gameability_tui.engine.executors.local import Census
from gameability_tui.engine.inputs.aimed import aimed_calls
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.inputs.fresh import contract_violations
from gameability_tui.engine.inputs.harvest import harvest_calls
from gameability_tui.engine.inputs.reference_facts import reference_numbers
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.mutants.attack import attack_for

SAMPLE = AuditParams()
DEEP = AuditParams(attack="deep")

SHIPPING = problem(
    "shipping",
    "def shipping(weight):\n    if weight > 50:\n        return 20\n    return 5\n",
    ["assert shipping(10) == 5", "assert shipping(200) == 20"],
)
SECOND = problem(
    "second",
    "def second(xs):\n    if len(xs) < 2:\n        return None\n    return sorted(xs)[1]\n",
    [
        "assert second([5, 1, 4, 7, 9]) == 4",
        "assert second([3, 8, 6, 2, 10, 4]) == 3",
    ],
)
OVERLAP = problem(
    "overlap",
    "def overlap(end, start):\n    return end > start\n",
    ["assert overlap(50, 30) == True", "assert overlap(20, 80) == False"],
)


def _changes(result) -> set[str]:
    return {survivor.after.strip() for survivor in result.survivors}


def test_a_guard_on_a_constant_is_probed_just_below_at_and_just_above_it():
    sample, deep = audit_problem(SHIPPING, SAMPLE), audit_problem(SHIPPING, DEEP)
    # (the default attack meets a compared constant too since round fourteen: ``boundary_calls``)
    for result in (sample, deep):
        assert "if weight >= 50:" in _changes(result)
        assert any("shipping(50)" in a.text for a in result.asserts)


def test_sequences_are_cut_to_the_shortest_lengths_the_contract_allows():
    sample, deep = audit_problem(SECOND, SAMPLE), audit_problem(SECOND, DEEP)
    # (the default attack meets a compared length too since round fourteen: ``boundary_calls``)
    assert "if len(xs) <= 2:" in _changes(sample)
    assert "if len(xs) <= 2:" in _changes(deep)


def test_two_arguments_of_one_type_are_made_to_meet():
    sample, deep = audit_problem(OVERLAP, SAMPLE), audit_problem(OVERLAP, DEEP)
    # (the default attack makes two values compared by name meet too since round fourteen)
    assert "return end >= start" in _changes(sample)
    assert "return end >= start" in _changes(deep)


def test_aimed_inputs_never_leave_the_contract():
    visible = harvest_calls(["assert f(3, [1, 2, 3], 'ab') == 1", "assert f(5, [2, 4], 'ba') == 0"], "f")
    reference = "def f(n, xs, s):\n    if n > 0 and len(xs) > 1:\n        return -1\n    return 7\n"
    calls = aimed_calls(visible, reference, {c.key() for c in visible}, 200)
    assert calls, "the probes must find something inside the contract"
    for call in calls:
        assert contract_violations(call, visible) == []
    firsts = {call.args[0] for call in calls}
    assert {1, 2, 6, 7, 8} <= firsts and 0 not in firsts and -1 not in firsts  # n >= 1 in every test
    assert not any(len(call.args[1]) == 0 for call in calls)  # every visible list is non-empty
    free = aimed_calls(visible, reference, {c.key() for c in visible}, 200, mode="free")
    assert any(call.args[0] == 0 for call in free) and any(len(call.args[1]) == 0 for call in free)


def test_reference_numbers_read_negative_literals_as_written():
    assert sorted(reference_numbers("def f(x):\n    return x * -2 + 0.5 if x > 10 else 10\n")) == [
        -2,
        0.5,
        10,
    ]


def test_aimed_inputs_are_capped_and_spread_over_every_kind_of_probe():
    visible = [Call((10, [1, 2, 3, 4])), Call((200, [5, 6, 7]))]
    reference = "def f(n, xs):\n    return n > 50 and len(xs) > 2 and n < 99\n"
    calls = aimed_calls(visible, reference, set(), 6, mode="free")
    assert len(calls) == 6
    lengths_cut = [c for c in calls if len(c.args[1]) < 3]
    constants = [c for c in calls if c.args[0] in (49, 50, 51, 98, 99, 100)]
    assert lengths_cut and constants


def test_further_rounds_stop_after_the_rounds_in_a_row_that_find_nothing():
    # `y` is never used, so its mutants are equivalent on every input: each round finds nothing,
    # and the attack stops after `patience` such rounds, each adding `round_draws` inputs.
    unused = problem(
        "unused",
        "def f(xs):\n    y = len(xs) * 3\n    return sum(xs)\n",
        ["assert f([3, 1, 4, 1, 5]) == 14", "assert f([9, 2, 6, 5, 3, 5]) == 30"],
    )
    attack = attack_for(DEEP)
    first = prepare(unused, DEEP)
    result = audit_problem(unused, DEEP)
    assert result.n_equivalent > 0
    # Each round draws `round_draws` and keeps the ones not drawn before (here 10-12 of 16): more
    # than none, and no more than `patience` rounds' worth (all 4 rounds would add about 44).
    assert len(first.fresh) < result.n_fresh <= len(first.fresh) + attack.patience * attack.round_draws
    assert attack.patience < attack.rounds


def test_a_costly_reference_keeps_only_the_inputs_the_attack_can_afford():
    costly = problem(
        "costly",
        "def f(n):\n    total = 0\n    for i in range(n * 100000):\n"
        "        total += i % 7\n    return total\n",
        ["assert f(1) == 299995", "assert f(2) == 599994"],
    )
    deep = audit_problem(costly, DEEP)
    assert deep.n_fresh <= SAMPLE.fresh_inputs  # every draw costs the reference ~300k steps or more
    assert deep.n_mutants > audit_problem(costly, SAMPLE).n_mutants


def test_the_deep_attack_gives_the_same_results_on_one_worker_or_two():
    problems = [SHIPPING, SECOND, OVERLAP]
    one = {r.id: r.to_dict() for r in Census(problems, DEEP, workers=1)}
    two = {r.id: r.to_dict() for r in Census(problems, DEEP, workers=2)}
    for results in (one, two):
        for data in results.values():
            data.pop("seconds")
    assert one == two


def test_aimed_inputs_keep_the_relations_every_test_keeps_between_arguments():
    visible = harvest_calls(
        [
            "assert platforms([900, 940, 950], [910, 1200, 1120], 3) == 2",
            "assert platforms([100, 200, 300, 400], [150, 250, 350, 450], 4) == 1",
        ],
        "platforms",
    )
    reference = "def platforms(arr, dep, n):\n    return n if arr[0] < 0 else 1\n"
    calls = aimed_calls(visible, reference, {c.key() for c in visible}, 500)
    assert calls
    for call in calls:
        arr, dep, n = call.args
        assert len(arr) == len(dep) == n
    assert any(arr[k] == dep[k] for arr, dep, _ in (c.args for c in calls) for k in range(len(arr)))


def test_a_square_grid_stays_square():
    visible = harvest_calls(
        ["assert f([[1, 2], [3, 4]]) == 1", "assert f([[1, 2, 3], [4, 5, 6], [7, 8, 9]]) == 2"], "f"
    )
    assert contract_violations(Call(([[1, 2, 3]],)), visible, "contract") == [
        "argument 1: not square, where every visible one is"
    ]
    assert contract_violations(Call(([[1, 2, 3]],)), visible) == [  # and v2 sees 1..N*N too
        "argument 1: not square, where every visible one is",
        "argument 1: not a grid of 1..N*N once each, where every visible one is",
    ]
    calls = aimed_calls(visible, "def f(g):\n    return len(g)\n", {c.key() for c in visible}, 100)
    assert all(len(g) == len(g[0]) for (g,) in (c.args for c in calls) if g)


def test_two_numbers_trade_a_unit_so_a_sum_every_test_keeps_is_kept():
    # Angles of a triangle: every test's angles sum to 180. `or` -> `and` differs only on a sum of
    # 180 with one angle wider than the other two together, one unit away from (90, 45, 45).
    triangle = problem(
        "triangle",
        "def exists(a, b, c):\n    if a + b + c == 180:\n        if a + b >= c or b + c >= a or a + c >= b:\n"
        "            return True\n    return False\n",
        [
            "assert exists(50, 60, 70) == True",
            "assert exists(90, 45, 45) == True",
            "assert exists(150, 30, 70) == False",
        ],
    )
    deep = audit_problem(triangle, DEEP)
    # (and ``<=`` for ``==``, a comparison's other partner: any sum below 180 then passes)
    assert _changes(deep) == {"if a + b >= c and b + c >= a and (a + c >= b):", "if a + b + c <= 180:"}
    assert "assert exists(91, 44, 45) == True" in {a.text for a in deep.asserts}


def test_a_number_meets_an_element_of_a_list():
    at_least = problem(
        "at_least",
        "def at_least(values, floor):\n    return all(x >= floor for x in values)\n",
        ["assert at_least([220, 330, 500], 200) == True", "assert at_least([12, 17, 21], 20) == False"],
    )
    assert "return all(x > floor for x in values)" in _changes(audit_problem(at_least, DEEP))


def test_a_character_changes_case_at_the_first_second_and_last_position():
    names = problem(
        "names",
        "def proper(names):\n    return [n for n in names if n[0].isupper() and n[1:].islower()]\n",
        [
            "assert proper(['sally', 'Dylan', 'rebecca']) == ['Dylan']",
            "assert proper(['Python', 'abcd']) == ['Python']",
        ],
    )
    changes = _changes(audit_problem(names, DEEP))
    assert "return [n for n in names if n[0].isupper() and n[2:].islower()]" in changes


SYMMETRIC = problem(
    "symmetric",
    "def symmetric(weights, capacity):\n"
    "    if sum(weights) > capacity:\n"
    "        return False\n"
    "    return all(weights[k] == weights[-1 - k] for k in range(0, len(weights) // 2, 1))\n",
    [
        "assert symmetric([4, 1, 4], 9) == True",
        "assert symmetric([4, 1, 4], 8) == False",
        "assert symmetric([2, 3], 9) == False",
        "assert symmetric([6], 6) == True",
    ],
)


def test_a_number_meets_the_sum_of_a_list_also_after_the_list_is_changed():
    visible = harvest_calls(SYMMETRIC.tests, "symmetric")
    known = {c.key() for c in visible}
    calls = aimed_calls(visible, SYMMETRIC.reference, known, 0, aggregates=100)  # these alone
    assert Call(([2, 3], 5)) in calls and Call(([2, 3], 4)) in calls  # the sum, and one below it
    assert Call(([4, 4, 1, 4], 13)) in calls  # an element repeated, and the number meets the new sum
    # A step of two skips the second pair: only a list of four or more, its ends equal and its
    # second pair not, that the guard lets through shows it. Random draws never made one at
    # seeds 0-4; the repeat edit and the number meeting its sum make it at every seed.
    skips = "return all(weights[k] == weights[-1 - k] for k in range(0, len(weights) // 2, 2))"
    for seed in (0, 1):
        assert skips in _changes(audit_problem(SYMMETRIC, AuditParams(attack="deep", seed=seed)))
