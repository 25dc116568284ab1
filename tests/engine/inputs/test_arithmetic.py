"""Solving one argument so that an arithmetic of the arguments meets a compared constant."""

from __future__ import annotations

import pytest

from gameability_tui.engine.inputs.arithmetic import compared_arithmetic, meeting_edits, value_at
from gameability_tui.engine.inputs.calls import Call


def _met(source: str, args: tuple, target) -> list[tuple]:
    (arithmetic,) = compared_arithmetic(source)
    return [edit.args for edit in meeting_edits(arithmetic, Call(args), target)]


def test_each_argument_is_solved_for_the_others_kept():
    source = "def is_heavy(w1, w2):\n    return w1 + w2 > 100\n"
    assert _met(source, (80, 50), 100) == [(50, 50), (80, 20)]
    assert _met(source, (80, 50), 101) == [(51, 50), (80, 21)]


def test_a_ratio_is_met_only_where_floats_give_the_constant_exactly():
    source = "def overweight(weight, height):\n    return weight / height ** 2 >= 25\n"
    found = _met(source, (100, 1.7), 25)
    assert found == [(100, 2.0)]  # 25 * 1.7 ** 2 is no whole weight
    assert all(weight / height**2 == 25 for weight, height in found)


def test_a_float_counts_only_where_the_program_s_arithmetic_gives_the_target():
    source = "def f(x):\n    return x * 3 >= 0.7\n"
    ((x,),) = _met(source, (0.5,), 0.7)
    assert x * 3 == 0.7
    assert _met(source, (0.5,), 0.9) == []  # no float times 3 is 0.9


@pytest.mark.parametrize(
    "source",
    [
        "class A:\n    def f(self, n):\n        return n + 1 > 5\n",
        "def f(n):\n    return len(str(n)) + n > 5\n",  # a call: not plain arithmetic
        "def f(n):\n    return n > 5\n",  # no arithmetic: the constant itself is written in
        "def f(*values):\n    return values[0] + 1 > 5\n",
    ],
)
def test_only_a_plain_function_s_arithmetic_of_its_parameters_counts(source):
    assert compared_arithmetic(source) == []


def test_no_value_where_the_arguments_are_not_numbers_or_a_power_is_too_large():
    source = "def f(a, b):\n    return a ** b > 5\n"
    (arithmetic,) = compared_arithmetic(source)
    assert value_at(arithmetic, Call(("2", 3))) is None
    assert value_at(arithmetic, Call((2, 100))) is None
    assert value_at(arithmetic, Call((2, 3))) == 8
