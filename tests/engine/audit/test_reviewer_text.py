"""What makes a reviewer's text a test, and what a probe takes as its arguments."""

from __future__ import annotations

import pytest

from gameability_tui.engine.audit.asserts import RETURNED_HELPER
from gameability_tui.engine.audit.reviewer_text import own_names, why_not_a_test


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("assert f(1) == 2", None),
        ("arg0 = [4, 5, 6]; assert total(arg0) == 15; assert arg0 == [4, 5, 6]", None),  # as generated
        ("import math\nassert math.isclose(f(1), 2.0)", None),
        (
            "import contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    r = f(1)\nassert out.getvalue() == '1\\n'",
            None,
        ),
        ("with open('x', 'w') as out:\n    r = f(1)\nassert r == 2", "statement 1 is with"),
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


PROGRAM = "RATES = {}\n\ndef set_rate(c, r):\n    RATES[c] = r\n\nclass Stack:\n    pass\n"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # the calls a test makes first, and a use of an object it made: what a test makes
        ("set_rate('EUR', 3)\nassert RATES['EUR'] == 3", None),
        ("s = Stack(); s.push(9); assert s.peek() == 9", None),
        # this tool's own helper, as it writes it
        (f"{RETURNED_HELPER}\nassert drained_and_returned(g(1)) == ([1], 'done')", None),
        # anything else beside an assert still runs wherever the tests run
        ("set_rate('EUR', open('x').read())\nassert RATES", "statement 1 is expr"),
        ("x = open\nx('f', 'w')\nassert True", "statement 2 is expr"),
        ("def helper():\n    return 1\nassert helper() == 1", "statement 1 is functiondef"),
    ],
)
def test_a_call_of_the_programs_own_or_this_tools_helper_may_stand_beside_an_assert(text, why):
    said = why_not_a_test(text, own_names(PROGRAM))
    assert said is None if why is None else why in said
    assert own_names(PROGRAM) == {"RATES", "set_rate", "Stack"}


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
