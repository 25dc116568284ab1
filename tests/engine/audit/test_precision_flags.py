"""The flags of issue 27's second round, on small problems whose right answer is known: an assert
that only separates a tie, or a boundary the task's text decides otherwise, or whose answer comes
from a special case no visible test runs; and a candidate that repeats a challenge test, ranked
last; an input that breaks what the text says of the inputs. Each test has a twin that must not
be flagged, so that a flag raised everywhere fails."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.audit.asserts import GatedText, order_candidates
from gameability_tui.engine.audit.edges import edge_flags
from gameability_tui.engine.audit.repeats import CHALLENGE, VISIBLE, repeated
from gameability_tui.engine.audit.special_cases import path_flags, special_cases
from gameability_tui.engine.audit.stated_domain import domain_flags
from gameability_tui.engine.audit.visible_order import order_flags
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.model import AuditParams, Problem, Survivor

DEEP = AuditParams(attack="deep")


def survivor(reference: str, before: str, after: str, line: int) -> Survivor:
    return Survivor("compare", line, before, after, reference.replace(before, after, 1))


# --- tie -------------------------------------------------------------------------------------

LARGEST_AT = (
    "def largest_at(nums):\n"
    "    best, where = nums[0], 0\n"
    "    for i in range(len(nums)):\n"
    "        if nums[i] > best:\n"
    "            best, where = nums[i], i\n"
    "    return where\n"
)


def test_an_assert_that_only_breaks_a_tie_is_flagged_unless_the_text_says_which_one():
    keeps_later = survivor(LARGEST_AT, "nums[i] > best", "nums[i] >= best", 4)
    flags = edge_flags(LARGEST_AT, [keeps_later], "Return the index of the largest number.")
    assert len(flags) == 1 and flags[0].startswith("tie: ") and "`nums[i] > best`" in flags[0]
    assert edge_flags(LARGEST_AT, [keeps_later], "Return the index of the first largest number.") == ()
    # a survivor changed elsewhere is plainly broken: the assert that rejects it is not a tie's
    broken = Survivor(
        "arithmetic", 3, "len(nums)", "len(nums) - 1", LARGEST_AT.replace("len(nums)", "len(nums) - 1")
    )
    assert edge_flags(LARGEST_AT, [keeps_later, broken], "Return the index of the largest number.") == ()


def test_a_strict_comparison_against_an_argument_is_a_threshold_not_a_tie():
    longer = (
        "def longer(words, n):\n"
        "    out = []\n"
        "    for w in words:\n"
        "        if len(w) > n:\n"
        "            out = out + [w]\n"
        "    return out\n"
    )
    swapped = survivor(longer, "len(w) > n", "len(w) >= n", 4)
    assert edge_flags(longer, [swapped], "Return the words longer than n.") == ()


def test_the_audit_flags_the_asserts_that_only_break_a_tie_and_ranks_them_after_the_others():
    problem = Problem(
        "largest_at",
        LARGEST_AT,
        (  # repeated numbers, but never two largest ones: a tie no visible test decides
            "assert largest_at([1, 5, 3, 3]) == 1",
            "assert largest_at([7, 2, 2, 1]) == 0",
            "assert largest_at([1, 1, 9, 4]) == 2",
        ),
        prompt="Write a function that returns the index of the largest number in a list.",
    )
    result = audit_problem(problem, AuditParams(attack="deep", max_asserts=24))  # (room for the ties)
    ties = [a for a in result.asserts if any(f.startswith("tie: ") for f in a.flags)]
    assert ties, [a.text for a in result.asserts]
    assert not result.asserts[0].flags  # the cover is made of asserts that reject broken survivors
    flagged = [bool(a.flags) for a in result.asserts]
    assert flagged == sorted(flagged)


# --- boundary ----------------------------------------------------------------------------------

POS_COUNT = (
    "def pos_count(items):\n"
    "    total = 0\n"
    "    for n in items:\n"
    "        if n >= 0:\n"
    "            total += 1\n"
    "    return total\n"
)


def test_an_assert_at_0_is_flagged_where_the_text_says_positive_and_the_reference_counts_0():
    strict = survivor(POS_COUNT, "n >= 0", "n > 0", 4)
    moved = Survivor("int-constant", 4, "n >= 0", "n >= 1", POS_COUNT.replace("n >= 0", "n >= 1"))
    flags = edge_flags(
        POS_COUNT, [strict, moved], "Write a python function to count positive numbers in a list."
    )
    assert len(flags) == 1 and flags[0].startswith("boundary: the task says 'positive'")
    # the text that fixes 0 the reference's way, or says nothing of a sign, raises nothing
    assert edge_flags(POS_COUNT, [strict], "Count the non-negative numbers in a list.") == ()
    assert edge_flags(POS_COUNT, [strict], "Count the numbers of a list that are positive or zero.") == ()
    assert edge_flags(POS_COUNT, [strict], "Count the numbers in a list.") == ()


def test_negative_matches_a_strict_reference_and_a_move_away_from_0_is_no_boundary():
    neg = POS_COUNT.replace("n >= 0", "n < 0")
    assert edge_flags(neg, [survivor(neg, "n < 0", "n <= 0", 4)], "Count the negative numbers.") == ()
    below = POS_COUNT.replace("n >= 0", "n <= 0")
    flags = edge_flags(below, [survivor(below, "n <= 0", "n < 0", 4)], "Count the negative numbers.")
    assert flags and flags[0].startswith("boundary: the task says 'negative'")
    away = Survivor("number-constant", 4, "n >= 0", "n >= -1", POS_COUNT.replace("n >= 0", "n >= -1"))
    assert edge_flags(POS_COUNT, [away], "Count the positive numbers.") == ()  # differs at -1, not 0


def test_the_audit_flags_every_assert_of_pos_count_and_counts_it_weak_unsure():
    problem = Problem(
        "pos_count",
        POS_COUNT,
        (
            "assert pos_count([1, -2, 3, -4]) == 2",
            "assert pos_count([3, 4, 5, -1]) == 3",
            "assert pos_count([1, 2, 3]) == 3",
        ),
        prompt="Write a python function to count positive numbers in a list.",
    )
    result = audit_problem(problem, DEEP)
    assert result.weak and result.asserts
    assert all(any(f.startswith("boundary: ") for f in a.flags) for a in result.asserts)
    assert result.unsure


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
    # (room for every assert: flagged ones rank last, after those of the deep attack's other
    # survivors, ``s[0] < s[1]`` among them)
    result = audit_problem(problem, replace(DEEP, max_asserts=40))
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


# --- domain, from the task's own words ----------------------------------------------------------


def test_an_input_that_breaks_a_sorted_array_the_text_states_is_flagged():
    text = "Write a function to find the index of the first occurrence of a given number in a sorted array."
    (flag,) = domain_flags(Call(([2, 4, 1, 5, 6], 5)), text)
    assert flag.startswith("domain: the task says its array is sorted, and argument 1")
    assert domain_flags(Call(([2, 3, 5, 6], 5)), text) == ()  # sorted: the task's input
    assert domain_flags(Call(([9, 7, 4, 1], 7)), text) == ()  # sorted down is still sorted
    rotated = "Write a function to find the number of rotations in a circularly sorted array."
    assert domain_flags(Call(([4, 5, 1, 2],)), rotated) == ()  # not a precondition there
    assert domain_flags(Call(([2, 4, 1, 5, 6], 5)), "Find a number in an array.") == ()


def test_an_input_that_breaks_the_sign_the_text_states_is_flagged():
    text = "Sort an array of non-negative integers by the number of ones in their binary form."
    assert domain_flags(Call(([-2, 5, 3],)), text)[0].startswith(
        "domain: the task says 'array of non-negative integers', and argument 1"
    )
    assert domain_flags(Call(([0, 5, 3],)), text) == ()
    given = "Given a positive integer n, return the product of its odd digits."
    assert domain_flags(Call((0,)), given) == (
        "domain: the task says 'Given a positive integer', and this input is 0",
    )
    assert domain_flags(Call((7,)), given) == () and domain_flags(Call((0, 1)), given) == ()
    # "positive" that describes what to count, not the input, is not read as a precondition
    assert domain_flags(Call(([0, -1, 2],)), "Count the positive numbers in a list.") == ()


def test_a_position_moved_on_or_a_list_rewritten_under_the_comparison_is_no_running_best():
    moved = (
        "def gaps(ranges, start):\n"
        "    out = []\n"
        "    for sub in ranges:\n"
        "        if sub[0] > start:\n"
        "            out.append((start, sub[0]))\n"
        "            start = sub[1]\n"
        "    return out\n"
    )
    assert (
        edge_flags(moved, [survivor(moved, "sub[0] > start", "sub[0] >= start", 4)], "Find the gaps.") == ()
    )
    rewritten = (
        "def bigger(n):\n"
        "    nums = list(str(n))\n"
        "    for i in range(len(nums) - 2, -1, -1):\n"
        "        if nums[i] < nums[i + 1]:\n"
        "            nums[i:] = sorted(nums[i:])\n"
        "            return int(''.join(nums))\n"
        "    return False\n"
    )
    swap = survivor(rewritten, "nums[i] < nums[i + 1]", "nums[i] <= nums[i + 1]", 4)
    assert edge_flags(rewritten, [swap], "Find the next bigger number.") == ()


LARGEST_FACTOR = '''def largest_prime_factor(n: int):
    """Return the largest prime factor of n. Assume n > 1 and is not a prime."""'''


def test_an_input_that_breaks_a_comparison_or_primality_the_text_states_is_flagged():
    named = ("n",)
    (flag,) = domain_flags(Call((1,)), LARGEST_FACTOR, named)
    assert flag == "domain: the task says 'n > 1', and this input's n is 1"
    (flag,) = domain_flags(Call((13,)), LARGEST_FACTOR, named)
    assert "is not a prime" in flag and flag.endswith("this input's n is 13")
    assert domain_flags(Call((12,)), LARGEST_FACTOR, named) == ()  # > 1 and not a prime
    assert domain_flags(Call((1,)), LARGEST_FACTOR) == ()  # no parameter names: nothing to read by


def test_a_constraint_on_a_length_is_read_and_a_case_the_text_answers_is_not():
    text = "Given an array arr, sort it.\nNote:\n    1. 1 <= len(arr) <= 100\n    2. 0 <= arr[i] <= 1000"
    assert domain_flags(Call(([],)), text, ("arr",)) == (
        "domain: the task says '1 <= len(arr) <= 100', and this input's len(arr) is 0",
    )
    assert domain_flags(Call(([5000],)), text, ("arr",)) == (  # an item's bound (round twenty-four)
        "domain: the task says '0 <= arr[i] <= 1000', and this input's arr[i] is 5000",
    )
    assert domain_flags(Call(([1000, 0],)), text, ("arr",)) == ()
    assert domain_flags(Call(([3, 1],)), text, ("arr",)) == ()
    answers = "Return x if n > 0, and y otherwise."  # what to do in a case: not a precondition
    assert domain_flags(Call((-5,)), answers, ("n",)) == ()


# --- order, from the visible calls --------------------------------------------------------------

PERFECT_SQUARES = (
    "def perfect_squares(a, b):\n"
    "    found = []\n"
    "    for i in range(a, b + 1):\n"
    "        j = 1\n"
    "        while j * j <= i:\n"
    "            if j * j == i:\n"
    "                found.append(i)\n"
    "            j = j + 1\n"
    "    return found\n"
)
SQUARES_TESTS = (
    "assert perfect_squares(1, 30) == [1, 4, 9, 16, 25]",
    "assert perfect_squares(50, 100) == [64, 81, 100]",
    "assert perfect_squares(100, 200) == [100, 121, 144, 169, 196]",
)


def test_a_range_upside_down_with_an_empty_answer_is_flagged_from_three_visible_calls():
    visible = [Call((1, 30)), Call((50, 100)), Call((100, 200))]
    (flag,) = order_flags(Call((100, 99)), visible, [])
    assert flag.startswith("order: every visible test passes argument 1 below argument 2")
    assert order_flags(Call((99, 100)), visible, []) == () and order_flags(Call((7, 7)), visible, []) == ()
    assert order_flags(Call((100, 99)), visible[:2], []) == ()  # two calls keep an order by chance
    assert order_flags(Call((100, 99)), visible, [100]) == ()  # handled: the median of three, say
    assert order_flags(Call((100, 99)), visible, False) == ()  # a predicate's answer, not nothing
    assert order_flags(Call((100, 99)), visible, 0) != () and order_flags(Call((100, 99)), visible, "") != ()


def test_the_audit_ranks_an_upside_down_range_after_the_asserts_that_keep_the_order():
    problem = Problem(
        "perfect_squares", PERFECT_SQUARES, SQUARES_TESTS, prompt="Find perfect squares between two numbers."
    )
    result = audit_problem(problem, DEEP)
    assert result.weak and result.asserts
    upside_down = [a for a in result.asserts if any(f.startswith("order: ") for f in a.flags)]
    assert upside_down, "the deep attack draws a range upside down here"
    assert not any(f.startswith("order: ") for f in result.asserts[0].flags)


@pytest.mark.parametrize(
    ("text", "parameter", "outside", "inside", "said"),
    [
        (
            "n is always a month number between 1 and 12; return its three-letter name.",
            "n", 13, 12, "'between 1 and 12', and this input's n is 13",
        ),
        (
            "score is always an integer from 0 to 100 inclusive; return score / 25.",
            "score", -1, 0, "'from 0 to 100 inclusive', and this input's score is -1",
        ),
        (
            "items always has at least 3 elements; return the third one.",
            "items", [1, 2], [1, 2, 3], "'at least 3 elements', and this input's len(items) is 2",
        ),
        (
            "Return the initials. word has at most 5 letters.",
            "word", "abcdef", "abcde", "'at most 5 letters', and this input's len(word) is 6",
        ),
        (
            "name is always exactly two words 'First Last'; return the two initials.",
            "name", "Ada B Lovelace", "Ada Lovelace",
            "'exactly two words', and this input's len(name.split()) is 3",
        ),
        (
            "n is between one and twelve; return the month's name.",
            "n", 13, 12, "'between one and twelve', and this input's n is 13",
        ),
    ],
)  # fmt: skip
def test_a_range_the_text_says_in_words_of_one_parameter_is_read(text, parameter, outside, inside, said):
    assert domain_flags(Call((outside,)), text, (parameter,)) == (f"domain: the task says {said}",)
    assert domain_flags(Call((inside,)), text, (parameter,)) == ()


def test_a_worded_range_in_a_case_or_of_two_parameters_is_not_read():
    # what to do in a case describes an answer; a clause naming two parameters binds to neither
    assert domain_flags(Call((9,)), "n is an integer; return True when n is at least 10.", ("n",)) == ()
    two = "a and b are always between 1 and 5; return their sum."
    assert domain_flags(Call((9, 9)), two, ("a", "b")) == ()
    # a choice ("one of") and a word that holds a number ("tenfold") state no amount
    assert domain_flags(Call((3,)), "x is exactly one of 1, 2 or 3.", ("x",)) == ()
    assert domain_flags(Call((3,)), "x is at least tenfold the cost.", ("x",)) == ()
    # a clause that says what to find, not what the parameter is (HumanEval/138)
    find = "Evaluate whether the given number n can be written as the sum of exactly 4 positive even numbers"
    assert domain_flags(Call((8,)), find, ("n",)) == ()


@pytest.mark.parametrize(
    ("text", "outside", "inside", "said"),
    [
        ("n is an odd integer with 3 <= n <= 50000; return its smallest factor.", 6, 9, "'n is an odd'"),
        ("Given an even number n; return half of it.", 7, 8, "'even number n'"),
        ("n is always a positive even integer; return n // 2.", 3, 4, "'n is always a positive even'"),
    ],
)
def test_the_parity_the_text_states_of_a_parameter_is_read(text, outside, inside, said):
    assert domain_flags(Call((outside,)), text, ("n",)) == (
        f"domain: the task says {said}, and this input's n is {outside}",
    )
    assert domain_flags(Call((inside,)), text, ("n",)) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Given an integer n, check whether n is even.",  # a question: what to find
        "Given a positive integer n, return the product of its odd digits.",  # of n's digits
        "Given n, return True if n is odd.",  # a case: what to answer
        "n is an even number of digits long; return the middle two.",  # of its parts
    ],
)
def test_parity_that_is_asked_or_of_something_else_is_not_read(text):
    assert domain_flags(Call((7,)), text, ("n",)) == () == domain_flags(Call((8,)), text, ("n",))


def test_brackets_the_text_states_are_balanced_are_the_domain_and_a_question_is_not_read():
    stated = "Separate groups are balanced (each open brace is properly closed) and not nested."
    assert domain_flags(Call(("( ) )(",)), stated) == (
        "domain: the task says 'groups are balanced', and argument 1 of this input is not",
    )
    assert domain_flags(Call(("( ) (( ))",)), stated) == ()
    asked = "Write a function to check if the given expression is balanced or not."
    assert domain_flags(Call((")(",)), asked) == ()
    case = "A string S is good if and only if all parentheses in S are balanced."
    assert domain_flags(Call((")(",)), case) == ()


def test_a_comparison_said_in_parentheses_is_read_unless_its_clause_names_a_case():
    # the nineteenth pass: "(0 <= k < 26)" was not read, and asserts passed k = 26 and 97
    shifted = "caesar(s, k) shifts each lowercase letter of s by k places (0 <= k < 26), wrapping."
    assert domain_flags(Call(("ace", 26)), shifted, ("s", "k")) == (
        "domain: the task says '0 <= k < 26', and this input's k is 26",
    )
    assert domain_flags(Call(("ace", 25)), shifted, ("s", "k")) == ()
    answered = "digits(n) returns the digits of n; it raises ValueError for invalid input (n < 0)."
    assert domain_flags(Call((5,)), answered, ("n",)) == ()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("top_scorer(scores) returns the pair with the highest score (scores are distinct).", "are distinct"),
        ("Given a list of distinct integers nums, return all permutations.", "list of distinct integers"),
        ("Note: The given list is guaranteed to have unique elements.", "have unique elements"),
    ],
)
def test_items_the_text_states_are_distinct_are_the_domain(text, said):
    flag = f"domain: the task says '{said}', and argument 1 of this input repeats one"
    assert domain_flags(Call(([3, 1, 3],)), text) == (flag,)
    assert domain_flags(Call(({"a": 3, "b": 3},)), text) == (flag,)
    assert domain_flags(Call(([3, 1, 2],)), text) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Write a function to check whether all the elements in a list are distinct.",
        "Write a python function to calculate the product of the unique numbers of a given list.",
        "Write a function to extract unique values from the given dictionary values.",
        "Return the distinct elements of xs, in order.",
    ],
)
def test_distinct_items_asked_for_or_computed_are_not_the_domain(text):
    assert domain_flags(Call(([3, 1, 3],)), text) == ()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Write a function to calculate a magic square matrix's sum.", "square matrix"),
        ("Given an n x n grid of letters, return its diagonal.", "n x n grid"),
    ],
)
def test_a_square_grid_the_text_states_is_the_domain(text, said):
    flag = f"domain: the task says '{said}', and argument 1 of this input is not"
    assert domain_flags(Call(([[1, 2, 3], [4, 5, 6]],)), text) == (flag,)
    assert domain_flags(Call(([[1, 2], [3, 4]],)), text) == ()
    assert domain_flags(Call(([[1, 2, 3], [4, 5, 6]],)), "Transpose the rectangular matrix m.") == ()
