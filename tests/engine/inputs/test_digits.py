"""Where the reference reads a number inside a text, and the texts that write a constant there."""

from __future__ import annotations

from gameability_tui.engine.inputs.digits import digit_edits, digit_fields


def test_the_slices_turned_into_numbers_are_the_fields():
    source = (
        "def f(date, code):\n    y = int(date[:4])\n    d = float(date[-2:])\n"
        "    return int(code[0]) + int(code[1:3]) + len(date[5:7]) + y + d\n"
    )
    assert digit_fields(source) == [(None, 4), (-2, None), (0, 1), (1, 3)]  # not len()'s slice


def test_a_field_is_written_first_then_each_whole_run():
    # (the floor the reference reads first; 123 fits no two-digit field)
    assert list(digit_edits("B1207", [10, 123], [(1, 3)])) == ["B1007", "B0010", "B0123"]
    assert list(digit_edits("AB-7", [5], [(0, 2)])) == ["AB-5"]  # letters are no field


def test_a_float_constant_is_written_as_python_writes_it_and_never_in_another_base():
    # (HumanEval+/99's ``!= 0.5`` beside a number read from a text: round twenty-three's review
    # wrote every candidate with ``format(_, 'd')`` and the audit crashed on the float)
    assert list(digit_edits("10", [0.5, 3])) == ["0.5", "03"]
    assert list(digit_edits("ff", [0.5, 16], bases=(16,))) == ["10"]
