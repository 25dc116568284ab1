"""The "lines" job: which lines of the program the visible tests run, and which each assert runs."""

from __future__ import annotations

from gameability_tui.engine.sandbox import Job, run_job

PROGRAM = (
    "def f(n):\n"
    "    if n < 0:\n"
    "        return -1\n"
    "    total = 0\n"
    "    for i in range(n):\n"
    "        total += i\n"
    "    return total\n"
)


def _lines(tests: list[str], asserts: list[str]):
    job = Job(mode="lines", program=PROGRAM, setup="", entry="f", alias=None, tests=tests, asserts=asserts,
              cpu_seconds=5, wall_seconds=12)  # fmt: skip
    run = run_job(job)
    assert run.complete and run.load is None, run.stopped
    return run.lines, run.assert_lines


def test_the_special_case_no_visible_test_takes_is_missing_from_their_lines_and_in_the_asserts():
    visible, by_assert = _lines(
        ["assert f(3) == 3", "assert f(0) == 0"], ["assert f(-2) == -1", "assert f(2) == 1"]
    )
    assert visible == (2, 4, 5, 6, 7)
    assert by_assert == {0: (2, 3), 1: (2, 4, 5, 6, 7)}


def test_benchmark_code_cannot_switch_the_tracer_off_and_a_failing_test_counts_what_it_ran():
    visible, by_assert = _lines(
        ["import sys; sys.settrace(None); assert f(-1) == 0", "assert f(1) == 0"],
        ["import sys; sys.settrace(None); assert f(-1) == -1"],
    )
    assert visible == (2, 3, 4, 5, 6, 7) and by_assert == {0: (2, 3)}


def test_evalplus_checks_count_as_visible_tests():
    checks = [((-1,), {}), ((2,), {})]
    job = Job(mode="lines", program=PROGRAM, setup="", entry="f", alias=None, checks=checks,
              cpu_seconds=5, wall_seconds=12)  # fmt: skip
    run = run_job(job)
    assert run.complete and run.lines == (2, 3, 4, 5, 6, 7)
