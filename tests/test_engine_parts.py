"""Unit tests of the pure parts: mutation sites, fresh inputs, literals, outcomes, statistics."""

from __future__ import annotations

import ast

import pytest

from gameability_tui.engine.audit.asserts import why_not_a_test
from gameability_tui.engine.inputs.calls import Call, harvest_calls, infer_entry
from gameability_tui.engine.inputs.fresh import contract_violations, fresh_calls
from gameability_tui.engine.inputs.literals import render_literal
from gameability_tui.engine.mutants.sites import make_mutants, same_tree
from gameability_tui.engine.outcome import encode_value, same
from gameability_tui.engine.stats import wilson_interval

SOURCE = (
    "def f(a, b):\n    # keep this comment\n    if a < b and b > 0:\n        return a + b * 2\n"
    "    return True\n"
)


def test_mutants_change_one_site_and_keep_the_rest_of_the_file():
    mutants = make_mutants(SOURCE)
    assert {m.kind for m in mutants} == {
        "compare",
        "arithmetic",
        "boolop",
        "int-constant",
        "return-none",
        "bool-constant",
    }
    for mutant in mutants:
        changed = [
            i for i, (x, y) in enumerate(zip(SOURCE.splitlines(), mutant.source.splitlines())) if x != y
        ]
        assert changed == [mutant.line - 1]
        assert "# keep this comment" in mutant.source
        assert mutant.before == SOURCE.splitlines()[mutant.line - 1]
        ast.parse(mutant.source)
    assert len({m.source for m in mutants}) == len(mutants)


def test_mutants_are_spread_round_robin_across_kinds():
    # Many compare, arithmetic and int-constant sites, one return: each round takes one mutant of
    # every kind that has sites left, in KINDS order, so no kind crowds out the others.
    body = "".join(f"    x = x + {i}\n    if x < {i}:\n        x = 0\n" for i in range(30))
    mutants = make_mutants(f"def f(x):\n{body}    return x\n", limit=10)
    assert [m.kind for m in mutants] == [
        *("compare", "arithmetic", "int-constant", "return-none"),
        *("compare", "arithmetic", "int-constant"),
        *("compare", "arithmetic", "int-constant"),
    ]


def test_precedence_is_kept_when_an_operator_changes():
    mutants = make_mutants("def f(a, b):\n    return -a ** 2 + b\n")
    pow_mutant = next(m for m in mutants if "**" not in m.after and "*" in m.after)
    namespace: dict = {}
    exec(pow_mutant.source, namespace)
    assert namespace["f"](3, 0) == -(3 * 2)


@pytest.mark.parametrize(
    ("source", "kind", "after"),
    [
        # A keyword written against its field's parenthesis: the new text must keep them apart.
        ("def f(a, b):\n    return(a, b)\n", "return-none", "    return(None)"),
        (
            "def f(a, b):\n    if(a > 1) and b:\n        return 1\n    return 2\n",
            "boolop",
            "    if(a > 1 or b):",
        ),
        # Non-ASCII names beside the edited text, and an edit in the middle of a long field.
        ("def f(δ):\n    return δ+1 if δ else 2\n", "int-constant", "    return δ+2 if δ else 2"),
    ],
)
def test_a_mutant_reads_as_its_edit_beside_whatever_surrounds_it(source, kind, after):
    mutants = [m for m in make_mutants(source, limit=None) if m.kind == kind]
    assert after in [m.after for m in mutants]
    for mutant in mutants:  # each is one edit that parses, and nothing else moved
        ast.parse(mutant.source)
        assert mutant.source.splitlines()[mutant.line - 1] == mutant.after


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


def test_eq_oracle_compares_like_the_tests_and_repr_like_the_published_tool():
    a, b = encode_value({"x": 1, "y": 2}), encode_value({"y": 2, "x": 1})
    assert same(a, b, "eq") and not same(a, b, "repr")
    assert same(encode_value(228.0), encode_value(228), "eq")
    assert not same(encode_value(228.0), encode_value(228), "repr")


def test_untrusted_objects_are_compared_by_state_never_by_their_eq():
    class Liar:
        def __init__(self, value):
            self.value = value

        def __eq__(self, other):
            return True

        def __repr__(self):
            return "Liar()"

    assert not same(encode_value(Liar(1)), encode_value(3))
    assert not same(encode_value(Liar(1)), encode_value(Liar(2)))
    assert same(encode_value(Liar(1)), encode_value(Liar(1)))


def test_wilson_interval_matches_the_published_figures():
    low, high = wilson_interval(169, 942)
    assert round(100 * low, 1) == 15.6 and round(100 * high, 1) == 20.5
    low, high = wilson_interval(16, 155)
    assert round(100 * low, 1) == 6.5 and round(100 * high, 1) == 16.1


def test_reprs_with_memory_addresses_compare_equal():
    class Pair:
        pass

    assert same(encode_value(Pair()), encode_value(Pair()))


def test_same_tree_agrees_with_ast_dump_on_every_pair():
    # The mutant check compares the spliced source's tree with the intended one as ast.dump
    # would, without writing either out: positions do not count, types and values do.
    sources = [
        "x < y", "x <= y", "x<y", "(x < y)", "1", "1.0", "True", "1 + 2", "1 - 2", "'a'", "b'a'",
        "f(x, y)", "f(y, x)", "f(x, k=1)", "f(x, k=2)", "a[1:2]", "a[1:3]", "a[1]", "[1, 2]", "(1, 2)",
        "-0.0", "lambda: 0", "x if y else z", "not x", "x and y", "x or y", "x is None", "x == None",
    ]  # fmt: skip
    trees = [ast.parse(text) for text in sources] + [ast.parse(sources[0], mode="eval")]
    for one in trees:
        for other in trees:
            assert same_tree(one, other) == (ast.dump(one) == ast.dump(other)), (
                ast.dump(one),
                ast.dump(other),
            )
    assert same_tree(ast.parse("x < y"), ast.parse("x<y"))
    assert not same_tree(ast.parse("1"), ast.parse("1.0"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("assert f(1) == 2", None),
        ("arg0 = [4, 5, 6]; assert total(arg0) == 15; assert arg0 == [4, 5, 6]", None),  # as generated
        ("import math\nassert math.isclose(f(1), 2.0)", None),
        ('assert f(1) == 2; open("x", "w").write("y")', "statement 2 is expr"),  # would run on export
        ("def check(candidate):\n    assert candidate(1) == 2", "no assert statement"),  # not at the top
        ('print("hi")', "no assert statement"),
        ("f(1) == 2", "no assert statement"),
        ("assert f(1 == 2", "not valid Python"),
        ("assert f(1) == 2\x00", "not valid Python"),
    ],
)
def test_a_reviewers_text_is_a_test_only_when_it_parses_and_asserts(text, why):
    said = why_not_a_test(text)
    assert said is None if why is None else why in said


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("[4, 9], 2", (([4, 9], 2), ())),
        ("'abc', ch='b'", (("abc",), (("ch", "b"),))),
        ("", ((), ())),
        (")(", None),  # would be f()(): no arguments at all
        ("'a'), ('b'", None),  # would be a tuple of two expressions
        ("x", None),  # not a literal
        ("1\x00", None),
    ],
)
def test_a_probe_takes_only_what_fits_between_one_calls_parentheses(text, parsed):
    from gameability_tui.engine.audit.probe import BadArguments, parse_arguments

    if parsed is None:
        with pytest.raises(BadArguments):
            parse_arguments(text)
    else:
        call = parse_arguments(text)
        assert (call.args, call.kwargs) == parsed


def test_a_probe_the_reference_does_not_finish_says_so_in_words():
    from gameability_tui.engine.audit.probe import probe
    from gameability_tui.engine.model import AuditParams, Problem

    reference = "def spin(n):\n    while n == 0:\n        pass\n    return n\n"
    problem = Problem(id="spin", reference=reference, tests=("assert spin(1) == 1",))
    answer = probe(problem, "spin", [], "0", AuditParams(cpu_seconds=0.3))
    assert answer["reference"] == "does not finish in its time (stopped)" and answer["assert"] is None
