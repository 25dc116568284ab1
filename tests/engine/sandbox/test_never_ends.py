"""Known-answer tests for the proof that a run never ends (``sandbox/never_ends.py``).

The proof lets a confirmation that could only fail go unpaid, so it must never prove a run that
ends: each "not proved" case below is a loop that ends, or one the proof cannot see whole (an
accumulator that could raise, a loop run again with the same values, a call in the loop), and
each "proved" case a loop that turns forever in a way a mutant makes it."""

from __future__ import annotations

import pytest

from gameability_tui.engine.sandbox import Job, run_job
from gameability_tui.engine.sandbox.never_ends import plans_in, run_watched

LIMIT = 200_000


def _proved(program: str, call: str, limit: int = LIMIT) -> bool:
    namespace: dict = {"__name__": "candidate"}
    exec(compile(program, "<candidate>", "exec"), namespace)
    return run_watched(lambda: eval(call, namespace), program, "<candidate>", limit)


DIGIT_SUM = (
    "def digit_sum(n):\n"
    "    total = 0\n"
    "    while n > 0:\n"
    "        total += n % 10\n"
    "        n //= {step}\n"
    "    return total\n"
)


def test_a_loop_whose_deciding_values_come_back_is_proved_while_its_accumulator_grows():
    assert _proved(DIGIT_SUM.format(step=1), "digit_sum(123)")  # n never shrinks; total grows


def test_the_same_loop_that_ends_is_not_proved():
    assert not _proved(DIGIT_SUM.format(step=10), "digit_sum(123)")


def test_a_binary_search_that_stops_moving_is_proved_and_one_that_finds_its_item_is_not():
    search = (
        "def find(xs, x):\n"
        "    lo, hi = 0, len(xs) - 1\n"
        "    while lo <= hi:\n"
        "        mid = (lo + hi) // 2\n"
        "        if xs[mid] == x:\n"
        "            return mid\n"
        "        if xs[mid] < x:\n"
        "            lo = mid{plus}\n"
        "        else:\n"
        "            hi = mid - 1\n"
        "    return -1\n"
    )
    assert _proved(search.format(plus=""), "find([1, 3, 5, 7, 9], 8)")  # lo = mid: stuck at 7 < 8
    assert not _proved(search.format(plus=" + 1"), "find([1, 3, 5, 7, 9], 8)")


def test_a_loop_run_again_inside_another_loop_is_not_proved_by_its_earlier_runs():
    program = (
        "def grid(n):\n"
        "    cells = 0\n"
        "    for row in range(n):\n"
        "        col = 0\n"
        "        while col < 3:\n"
        "            col += 1\n"
        "            cells += 1\n"
        "    return cells\n"
    )
    assert not _proved(program, "grid(50)")


def test_a_function_called_again_is_not_proved_by_its_earlier_call():
    program = "def count(n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n"
    assert not _proved(program, "[count(5) for _ in range(100)]")


def test_a_long_loop_that_ends_is_not_proved_and_the_watch_gives_up_at_its_limit():
    program = "def spin(n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n"
    assert not _proved(program, "spin(10**9)", limit=50_000)


@pytest.mark.parametrize(
    "body",
    [
        "acc = acc // k",  # k never decides: it could be 0 on a later turn
        "acc = acc << k",  # a shift's failure also depends on its left side
        "acc = acc / 2",  # a float, then an overflow
        "acc = xs[k]",  # an item stored: the names no longer hold integers
        "acc = abs(acc)",  # a call runs code of its own
        "acc = acc ** k",  # k falls: a negative power is a float
        "xs.append(xs[0])",  # a list the loop reads is not merely grown
        "xs.pop()",
    ],
)
def test_a_loop_whose_other_work_could_raise_or_run_code_is_not_judged(body):
    program = (
        "def f(n, k, xs):\n"
        "    acc = 1\n"
        "    while n > 0:\n"
        f"        {body}\n"
        "        k = k - 1\n"
        "    return acc\n"
    )
    assert {plan.repeats for plan in plans_in(program).values()} <= {None}


def test_calls_that_are_arithmetic_in_disguise_are_read_as_such_where_they_are_pythons_own():
    # a mutant's temp = int(temp * 10) for int(temp / 10), digits appended as they go
    program = (
        "def digits(x):\n    terms = []\n    temp = x\n    while temp > 0:\n"
        "        terms.append(temp % 10 + pow(2, 0))\n        temp = int(temp * 10)\n    return terms\n"
    )
    assert _proved(program, "digits(7)")
    shadowed = "def int(x):\n    return x // 100\n" + program
    assert not _proved(shadowed, "digits(7)")  # the program's own int: it may shrink temp


def test_a_loop_holding_another_loop_is_not_judged_but_the_inner_one_is():
    program = (
        "def f(n):\n"
        "    while n > 0:\n"
        "        m = n\n"
        "        while m > 1:\n"
        "            m -= 1\n"
        "        n -= 1\n"
        "    return n\n"
    )
    judged = {plan.lines for plan in plans_in(program).values() if plan.repeats is not None}
    assert judged == {frozenset({4, 5})}


def test_an_assert_that_loops_forever_fails_its_confirmation_without_running_it_out():
    # An allowance of a billion steps would take minutes and meet the job's CPU limit first: the
    # proof ends it on its second turn, and it reports as a run out of its allowance.
    program = DIGIT_SUM.format(step=1)
    run = run_job(
        Job(mode="asserts", program=program, setup="", entry="digit_sum", alias=None,
            asserts=["assert digit_sum(123) == 6", "assert digit_sum(0) == 0"],
            assert_budgets=[10**9, 10**9], assert_reach=[20_000, 20_000], cpu_seconds=5, wall_seconds=10)
    )  # fmt: skip
    assert run.complete and run.endless == 1
    assert not run.asserts[0].passed and run.asserts[0].exceeded
    assert run.asserts[1].passed  # digit_sum(0) never enters the loop


def test_without_a_reach_no_proof_is_tried():
    program = DIGIT_SUM.format(step=1)
    run = run_job(
        Job(mode="asserts", program=program, setup="", entry="digit_sum", alias=None,
            asserts=["assert digit_sum(123) == 6"], assert_budgets=[30_000], cpu_seconds=5, wall_seconds=10)
    )  # fmt: skip
    assert run.endless == 0 and run.asserts[0].exceeded and run.asserts[0].steps > 30_000


# The progress plan: names that only move one way, and a test that holds wherever they go.


@pytest.mark.parametrize(
    ("program", "call"),
    [
        (  # n only grows and the test asks n > 2: a mutant's n = n + 1 for n = n - 1
            "def tail_sum(n):\n    total = 0\n    while n > 2:\n        total = total + n\n"
            "        n = n + 1\n    return total\n",
            "tail_sum(5)",
        ),
        (  # the break's guard, z * x == 0, never holds once z and x are positive
            "def lcm(x, y):\n    z = max(x, y)\n    while True:\n        if z * x == 0 and z % y == 0:\n"
            "            return z\n        z += 1\n",
            "lcm(4, 6)",
        ),
        (  # i // i is 1 (a mutant's i * i): the test holds; the branch calling floor dies once i > n
            "import math\ndef divisor_sum(n):\n    total, i = 1, 2\n    while i // i <= n:\n"
            "        if n % i == 0:\n            total = total + i + math.floor(n / i)\n        i += 1\n"
            "    return total\n",
            "divisor_sum(12)",
        ),
        (  # n >>= 1 keeps a non-negative n within 0..n, and n >= 0 holds there
            "def bits(n):\n    count = res = 0\n    while n >= 0:\n        if count % 2 == 0:\n"
            "            res |= 1 << count\n        count += 1\n        n >>= 1\n    return res\n",
            "bits(10)",
        ),
    ],
)
def test_a_loop_whose_names_move_one_way_past_every_exit_is_proved(program, call):
    assert _proved(program, call, limit=50_000)


@pytest.mark.parametrize(
    ("program", "call"),
    [
        (  # the guard holds later: i * i > n
            "def root(n):\n    i = 0\n    while True:\n        if i * i > n:\n            return i - 1\n"
            "        i += 1\n",
            "root(10**8)",
        ),
        (  # the test fails later: i < n
            "def count(n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n",
            "count(10**8)",
        ),
        (  # an exit's guard reads a name that grows: it may hold later
            "def spin(n):\n    total = 0\n    while True:\n        total += n\n        if total > 10**7:\n"
            "            break\n    return total\n",
            "spin(1)",
        ),
        (  # a name that goes both ways is not monotone
            "def wobble(n):\n    i = 5\n    while i > 0:\n        if n > 3:\n            i += 1\n"
            "        else:\n            i -= 1\n        n = n - 1\n    return i\n",
            "wobble(10**6)",
        ),
    ],
)
def test_a_loop_that_ends_or_may_end_is_not_proved_by_progress(program, call):
    assert not _proved(program, call, limit=50_000)


def test_a_divisor_that_may_become_zero_keeps_a_loop_from_progress_and_one_that_cannot_does_not():
    program = (
        "def f(n):\n    acc = 0\n    while n > 0:\n        n = n + 1\n        acc = acc + 10 // (n - 100)\n"
        "    return acc\n"
    )
    assert not _proved(program, "f(1)")  # at n == 100 it raises ZeroDivisionError: it ends
    assert _proved(program, "f(200)")  # from 200 up, n - 100 is never 0


def test_a_name_multiplied_only_grows_from_zero_up_and_the_loop_is_proved():
    # a mutant's x *= 10 for x //= 10: its data grows, so each turn costs more than the last
    program = (
        "def digits(x):\n    count = 0\n    while x > 0:\n        count += x % 10\n        x *= 10\n"
        "    return count\n"
    )
    assert _proved(program, "digits(7)")


def test_a_name_only_multiplied_keeps_its_divisors():
    # a mutant's n = n * i for n = n // i: n % i == 0 holds on every turn
    program = (
        "def strip(n, i):\n    count = 0\n    while n % i == 0:\n        n = n * i\n        count += 1\n"
        "    return count\n"
    )
    assert _proved(program, "strip(12, 2)")
    assert not _proved(program.replace("n * i", "n // i"), "strip(12, 2)")  # the reference ends


def test_a_name_both_multiplied_and_replaced_is_not_monotone():
    program = "def f(x):\n    while x > 0:\n        x *= 2\n        x = x - x\n    return x\n"
    assert {plan.progress for plan in plans_in(program).values()} <= {None}
    assert not _proved(program, "f(3)")


def test_deciding_code_may_divide_and_call_pythons_own_pure_functions():
    # a mutant's pos stuck once found: pos < len(xs) stays true, and so does everything else
    search = (
        "def seek(xs, x):\n    pos, found = 0, False\n    while pos < len(xs) or not found:\n"
        "        if xs[pos] == x:\n            found = True\n        else:\n            pos = pos + 1\n"
        "    return pos\n"
    )
    assert _proved(search, "seek([4, 5, 6], 5)")
    # a search whose midpoint, (l + r) / 3 made an int, stops moving
    third = (
        "def probe(xs, n):\n    l, r = 0, n - 1\n    while l <= r:\n        mid = int((l + r) / 3)\n"
        "        if xs[mid] != mid + 1:\n            r = mid - 1\n        else:\n            l = mid\n"
        "    return l\n"
    )
    assert _proved(third, "probe([1, 2, 3, 4, 6], 5)")
    assert not _proved("def len(xs):\n    return 0\n" + search, "seek([4, 5, 6], 5)")  # its own len


def test_an_accumulator_never_reads_a_deciding_name_that_may_hold_a_float():
    program = (
        "def f(n):\n    acc = 0\n    while n > 0:\n        half = n / 2\n        n = n - 0\n"
        "        acc = acc + half\n    return acc\n"
    )
    assert {plan.repeats for plan in plans_in(program).values()} <= {None}


COLLATZ = (
    "def odd_steps(n):\n    seen = []\n    while n > 1:\n        if n % 2 == 0:\n            n = n / 2\n"
    "        else:\n            n = n * 3 + {plus}\n        if n % 2 == 1:\n            seen.append(int(n))\n"
    "    return seen\n"
)


def test_a_remainder_every_map_keeps_keeps_a_branch_from_ever_running():
    # a mutant's n * 3 + 2: an odd n stays odd, so the halving branch never runs and n only grows
    assert _proved(COLLATZ.format(plus=2), "odd_steps(5)")
    assert not _proved(COLLATZ.format(plus=1), "odd_steps(27)")  # Collatz's own: it ends


def test_text_joined_to_what_deciding_code_computes_keeps_a_repeating_loop_proved():
    # a mutant's x >= 0 for x > 0: x stops at 0, and each turn prepends "0" to ret
    program = (
        "def change_base(x, base):\n    ret = ''\n    while x >= 0:\n        ret = str(x % base) + ret\n"
        "        x //= base\n    return ret\n"
    )
    assert _proved(program, "change_base(8, 3)")
    assert not _proved(program.replace("x >= 0", "x > 0"), "change_base(8, 3)")  # the reference


def test_a_name_stepping_past_zero_by_twos_from_an_odd_value_never_reaches_it():
    program = (
        "def drain(div):\n    out = 0\n    while div:\n        out += 1\n        div -= 2\n    return out\n"
    )
    assert _proved(program, "drain(7)")
    assert not _proved(program, "drain(8)")  # it reaches 0


def test_threads_running_before_the_watch_do_not_stop_a_proof_but_one_the_run_starts_does():
    import threading

    stop = threading.Event()
    bystander = threading.Thread(target=stop.wait)
    bystander.start()
    try:
        assert _proved(DIGIT_SUM.format(step=1), "digit_sum(123)")  # the worker's own threads
    finally:
        stop.set()
        bystander.join()
    starts_one = (  # a thread of the run's own, alive while the loop turns
        "import threading, time\ndef spin(n):\n"
        "    threading.Thread(target=time.sleep, args=(0.5,), daemon=True).start()\n    return turn(n)\n"
        "def turn(n):\n    total = 0\n    while n > 0:\n        total += n % 10\n        n //= 1\n"
        "    return total\n"
    )
    assert not _proved(starts_one, "spin(5)", limit=20_000)


# Round nine: what HumanEval's looping mutants do that the plans above could not judge.

ROMAN = (
    "def roman(number):\n    num = [1, 4, 5, 9, 10, 40, 50, 90, 100, 400, 500, 900, 1000]\n"
    "    sym = ['I', 'IV', 'V', 'IX', 'X', 'XL', 'L', 'XC', 'C', 'CD', 'D', 'CM', 'M']\n"
    "    i, res = 12, ''\n    while number:\n        div = number // num[i]\n        number %= num[i]\n"
    "        while div:\n            res += sym[i]\n            div {step}\n        i -= 1\n    return res\n"
)


def test_text_joined_to_the_same_piece_every_turn_keeps_a_progressing_loop_proved():
    # mutants' div += 1 and div -= 2 for div -= 1: res grows by 'X' forever, div never reaches 0
    assert _proved(ROMAN.format(step="+= 1"), "roman(19)")
    assert _proved(ROMAN.format(step="-= 2"), "roman(19)")
    assert not _proved(ROMAN.format(step="-= 1"), "roman(19)")  # the reference


def test_a_text_joined_to_a_piece_that_changes_is_not_proved():
    # sym[j] with j moving raises IndexError once j passes the end: the loop ends
    program = (
        "def spell(n):\n    sym, res, j = ['a', 'b', 'c'], '', 0\n    while n:\n        res += sym[j]\n"
        "        j += 1\n        n += 1\n    return res\n"
    )
    assert not _proved(program, "spell(1)")


CHANGE_BASE = (
    "def change_base(x, base):\n    ret = ''\n    while x > 0:\n        ret = {digit} + ret\n"
    "        x {step}\n    return ret\n"
)


def test_a_name_multiplied_by_a_factor_of_one_or_more_grows_and_its_short_digits_are_joined():
    # a mutant's x *= base for x //= base: x only grows; str(x % base) is never longer than base
    assert _proved(CHANGE_BASE.format(digit="str(x % base)", step="*= base"), "change_base(8, 3)")
    assert not _proved(CHANGE_BASE.format(digit="str(x % base)", step="//= base"), "change_base(8, 3)")
    # str(x) of an x that grows raises ValueError past Python's digit limit: it ends
    assert not _proved(CHANGE_BASE.format(digit="str(x)", step="*= base"), "change_base(8, 10**100)")
    # a factor that may be 0 or below could bring x to 0 or below: not proved
    assert not _proved(CHANGE_BASE.format(digit="str(x % 7)", step="*= base"), "change_base(8, 0)")


ODD_COLLATZ = (
    "def get_odd_collatz(n):\n    odd = []\n    while n {test}:\n        if n % 2 == {halved}:\n"
    "            n = n / 2\n        else:\n            n = n * 3 + 1\n        if n % 2 == 1:\n"
    "            odd.append(int(n))\n    return sorted(odd)\n"
)


def test_floats_that_come_back_prove_a_loop_however_long_they_took_to():
    # n >= 1: 1, 4, 2.0, 1.0, 4.0, 2.0, 1.0...; int(n) appended is computed from n alone
    assert _proved(ODD_COLLATZ.format(test=">= 1", halved=0), "get_odd_collatz(14)")
    # odd n halved: n grows as x.5 floats for some 650 turns, then stays inf (inf % 2 is nan)
    assert _proved(ODD_COLLATZ.format(test="> 1", halved=1), "get_odd_collatz(14)")
    assert not _proved(ODD_COLLATZ.format(test="> 1", halved=0), "get_odd_collatz(14)")  # the reference


FACTORIZE = (
    "def factorize(n):\n    import math\n    fact, i = [], 2\n    while i <= int(math.sqrt(n) + 1):\n"
    "        if n % i == 0:\n            fact.append(i)\n            n //= i\n        else:\n"
    "            i {step}\n    return fact\n"
)


def test_deciding_code_may_call_the_math_module_where_it_is_pythons_own():
    # i -= 1 for i += 1: i reaches 1, where n % 1 == 0 and n //= 1 change nothing, forever
    assert _proved(FACTORIZE.format(step="-= 1"), "factorize(8)")
    assert not _proved(FACTORIZE.format(step="+= 1"), "factorize(8)")
    # the same loop where math is the program's own object, whose sqrt changes: it ends
    fake = (
        "class _Math:\n    calls = 0\n    def sqrt(self, n):\n        _Math.calls += 1\n"
        "        return -5 if _Math.calls > 50 else 5\n"
    )
    program = fake + FACTORIZE.format(step="-= 1").replace("    import math\n", "    math = _Math()\n")
    assert not _proved(program, "factorize(8)")


def test_a_piece_joined_through_an_object_of_the_program_is_not_proved():
    # its __getitem__ answers differently each time, and raises at last: the loop ends
    program = (
        "class Table:\n    calls = 0\n    def __getitem__(self, i):\n        Table.calls += 1\n"
        "        if Table.calls > 40:\n            raise KeyError(i)\n        return 'x'\n"
        "def spell(n):\n    sym, res = Table(), ''\n    while n:\n        res += sym[0]\n        n += 1\n"
        "    return res\n"
    )
    assert not _proved(program, "spell(1)")
    assert _proved(program.replace("Table(), ''", "['x'], ''"), "spell(1)")


def test_an_accumulator_may_read_a_deciding_name_that_int_keeps_whole():
    # mid = int(... / 2) holds an int whatever it divides: ind = mid cannot make ind a float
    program = (
        "def last_close(arr, key, k):\n    ind, start, end = -1, 0, len(arr) - 1\n"
        "    while start <= end:\n        mid = int(start + (end - start) / 2)\n"
        "        if arr[mid] - key <= k:\n            ind = mid\n            start = mid + 1\n"
        "        else:\n            end = mid{minus}\n    return ind\n"
    )
    assert _proved(program.format(minus=""), "last_close([1, 2, 5, 6, 8], 1, 2)")  # end = mid: stuck
    assert not _proved(program.format(minus=" - 1"), "last_close([1, 2, 5, 6, 8], 1, 2)")


def test_a_kept_remainder_holds_inside_and_or_and_not():
    # z += 2 for z += 1: from z = 3, z % 2 stays 1, so the and never holds and the loop never breaks
    program = (
        "def lcm(x, y):\n    z = max(x, y)\n    while True:\n        if (z % x == 0) and (z % y == 0):\n"
        "            return z\n        z += {step}\n"
    )
    assert _proved(program.format(step=2), "lcm(2, 3)")
    assert not _proved(program.format(step=1), "lcm(2, 3)")  # the reference
    assert not _proved(program.format(step=2), "lcm(4, 6)")  # z = 6, 8, 10, 12: it ends


SPIRAL = (
    "def spiral(n):\n    m = [[0] * n for _ in range(n)]\n"
    "    top, bottom, left, right = 0, n - 1, 0, n - {gap}\n"
    "    current = 1\n    while True:\n        if current > n * n:\n            break\n"
    "        for c in range(left, right + 1):\n            m[top][c] = current\n            current += 1\n"
    "        top += 1\n        for r in range(top, bottom + 1):\n            m[r][right] = current\n"
    "            current += 1\n        right -= 1\n        for c in range(right, left - 1, -1):\n"
    "            m[bottom][c] = current\n            current += 1\n        bottom -= 1\n"
    "        for r in range(bottom, top - 1, -1):\n"
    "            m[r][left] = current\n            current += 1\n"
    "        left += 1\n    return m\n"
)


def test_a_for_over_a_range_that_stays_empty_is_a_branch_that_never_runs():
    # right = n - 3 for n - 1: the bounds cross before the matrix fills, every range stays empty
    # from there on, current stops growing and the break never comes
    assert _proved(SPIRAL.format(gap=3), "spiral(3)")
    assert not _proved(SPIRAL.format(gap=1), "spiral(4)")  # the reference
    # a range empty now that its bounds make non-empty later is not proved: n outgrows i
    program = (
        "def chase(n):\n    i = 0\n    while True:\n        for k in range(i, n):\n"
        "            return k\n        i += 1\n        n += 2\n"
    )
    assert not _proved(program, "chase(0)")
