"""Every mutation operator, checked on its own examples the way mutation tools test theirs: the
operator makes the promised mutant of each example source, every mutant it makes parses and
differs from its source, and it leaves alone what it must not touch."""

from __future__ import annotations

import ast

import pytest

from gameability_tui.engine.mutants.operators import ATTACKS, DEEP_OPERATORS, SAMPLE_OPERATORS
from gameability_tui.engine.mutants.sites import make_mutants

EXAMPLES = [
    pytest.param(operator, before, after, id=f"{operator.kind}-{number}")
    for operator in DEEP_OPERATORS
    for number, (before, after) in enumerate(operator.examples)
]
UNTOUCHED = [
    pytest.param(operator, source, id=f"{operator.kind}-{number}")
    for operator in DEEP_OPERATORS
    for number, source in enumerate(operator.untouched)
]


@pytest.mark.parametrize(("operator", "before", "after"), EXAMPLES)
def test_operator_makes_its_example_mutant(operator, before, after):
    mutants = make_mutants(before, None, (operator,))
    assert after in {mutant.source for mutant in mutants}
    for mutant in mutants:
        assert mutant.kind == operator.kind
        assert mutant.source != before
        ast.parse(mutant.source)


@pytest.mark.parametrize(("operator", "source"), UNTOUCHED)
def test_operator_leaves_alone_what_it_must_not_touch(operator, source):
    assert make_mutants(source, None, (operator,)) == []


def test_every_operator_has_examples_and_a_kind_of_its_own():
    kinds = [operator.kind for operator in DEEP_OPERATORS]
    assert len(kinds) == len(set(kinds))
    assert all(operator.examples for operator in DEEP_OPERATORS)


def test_the_deep_catalogue_extends_the_default_one_unchanged():
    assert ATTACKS["sample"] == SAMPLE_OPERATORS
    assert DEEP_OPERATORS[: len(SAMPLE_OPERATORS)] == SAMPLE_OPERATORS


def test_deep_attack_has_no_cap_and_reaches_every_site():
    # 30 comparisons: the default attack stops at its cap, the deep one takes every site.
    body = "".join(f"    if x < {n}:\n        return {n}\n" for n in range(30))
    source = f"def f(x):\n{body}    return -1\n"
    assert len(make_mutants(source)) == 24
    deep = make_mutants(source, None, DEEP_OPERATORS)
    compared = {m.line for m in deep if m.kind == "compare"}
    assert compared == {2 + 2 * n for n in range(30)}
    assert len({m.source for m in deep}) == len(deep)


def test_a_negative_replacement_reads_back_as_the_number_it_is():
    sources = {m.source for m in make_mutants("y = x * 2\n", None, DEEP_OPERATORS)}
    assert "y = x * -1\n" in sources
    assert {ast.literal_eval(s.split("* ")[1]) for s in sources if s.startswith("y = x * ")} >= {0, 1, -1}
