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
