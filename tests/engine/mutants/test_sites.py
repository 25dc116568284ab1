"""Mutation sites: one edit per mutant, the rest of the file kept, kinds spread round-robin,
precedence kept, and the fast tree comparison that finds equal mutants."""

from __future__ import annotations

import ast

import pytest

from gameability_tui.engine.mutants.sites import make_mutants, same_tree

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
