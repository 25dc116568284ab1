"""The flags of issue 27's second round, on small problems whose right answer is known: an assert
whose answer comes from a special case no visible test runs; and a candidate that repeats a
challenge test, ranked last. Each test has a twin that must not be flagged, so that a flag raised
everywhere fails."""

from __future__ import annotations

from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.audit.asserts import GatedText, order_candidates
from gameability_tui.engine.audit.repeats import CHALLENGE, VISIBLE, repeated
from gameability_tui.engine.audit.special_cases import path_flags, special_cases
from gameability_tui.engine.model import AuditParams, Problem, Survivor

DEEP = AuditParams(attack="deep")


def survivor(reference: str, before: str, after: str, line: int) -> Survivor:
    return Survivor("compare", line, before, after, reference.replace(before, after, 1))


# --- path, from coverage -----------------------------------------------------------------------

UNDULATING = (
    "def undulating(s):\n"
    "    if len(s) <= 2:\n"
    "        return False\n"
    "    return all(s[i] == s[i % 2] for i in range(len(s))) and s[0] != s[1]\n"
)


def test_an_answer_from_a_special_case_no_visible_test_runs_is_flagged_though_a_test_expects_it():
    problem = Problem(
        "undulating",
        UNDULATING,
        (
            "assert undulating('1212121') == True",
            "assert undulating('1991') == False",
            "assert undulating('121') == True",
        ),
    )
    result = audit_problem(problem, DEEP)
    short = [a for a in result.asserts if any(f.startswith("path: expects False") for f in a.flags)]
    assert short and all("(line 3), which no visible test runs" in a.flags[0] for a in short)
    texts = [a.text for a in short]
    assert all("undulating('" in t and len(t.split("'")[1]) <= 2 for t in texts), texts


def test_a_return_inside_the_main_loop_is_the_computation_not_a_special_case():
    prime = (
        "def prime(n):\n"
        "    for i in range(2, n):\n"
        "        if n % i == 0:\n"
        "            return False\n"
        "    return True\n"
    )
    changed = Survivor(
        "int-constant", 3, "n % i == 0", "n % i == 1", prime.replace("n % i == 0", "n % i == 1")
    )
    cases = special_cases(prime)
    unreached, ran = frozenset({2, 3, 5}), frozenset({2, 3, 4})
    assert path_flags(False, [True, False], cases, [changed], unreached, ran) == ()  # a test expects False
    flags = path_flags(False, [True, True], cases, [changed], unreached, ran)  # none does: a path unseen
    assert flags and flags[0].startswith("path: expects False")
    assert path_flags(False, [True], cases, [changed], unreached | {4}, ran) == ()  # a visible test runs it


# --- repeats of the problem's own tests ----------------------------------------------------------


def test_a_candidate_that_repeats_a_challenge_test_is_ranked_last_outside_the_cover():
    problem = Problem("p", "def f(x):\n    return x\n", ("assert f(1) == 1",), hidden=('assert f("") == ""',))
    assert repeated(problem, "f", "assert f('')  ==  ''") == CHALLENGE
    assert (
        repeated(problem, "f", "assert f(1)==1") == VISIBLE
        and repeated(problem, "f", "assert f(2) == 2") == ""
    )
    gated = [
        GatedText("assert f('') == ''", 2, True, frozenset({0, 1}), (), 0.0, CHALLENGE),
        GatedText("assert f(3) == 3", 1, True, frozenset({0}), (), 0.4),
        GatedText("assert f(-1) == -1", 2, True, frozenset({0}), ("kind: a sentinel",), 0.2),
    ]
    ordered = order_candidates(gated, 2, 12, flagged_last=True)
    assert [a.text for a in ordered] == ["assert f(3) == 3", "assert f(-1) == -1", "assert f('') == ''"]
    assert [a.extra for a in ordered] == [False, True, True]
