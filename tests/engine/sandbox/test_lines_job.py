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


# Once every line of a function is seen its frames stop reporting lines (line_tracer.py): the
# coverage must still be what a tracer that hears every line event reports.

SHAPES = (
    "def rare(n):\n"  # a line reached only on the last of many calls
    "    for i in range(n):\n"
    "        if i == 4999:\n"
    "            return 'late'\n"
    "    return 'done'\n"
    "\n"
    "def one(x): return x + 1\n"
    "\n"
    "def gen(n):\n"
    "    for i in range(n):\n"
    "        yield i\n"
    "\n"
    "def outer(n):\n"
    "    def inner(m):\n"
    "        return m + n\n"
    "    return [inner(i) for i in range(n)]\n"
    "\n"
    "def walk(n):\n"  # recursion: frames still running when the code is complete
    "    if n == 0:\n"
    "        return 0\n"
    "    total = walk(n - 1)\n"
    "    if n == 7:\n"
    "        total += 100\n"
    "    return total + n\n"
    "\n"
    "def wrapped(x):\n"
    "    try:\n"
    "        return 1 // x\n"
    "    except ZeroDivisionError:\n"
    "        return None\n"
    "    finally:\n"
    "        x = 0\n"
)
SHAPES_TESTS = [
    "assert [rare(10) for _ in range(50)] and rare(5000) == 'late'",
    "assert one(1) == 2 and list(gen(3)) == [0, 1, 2] and outer(2) == [2, 3]",
    "assert walk(3) == 6 and walk(9) == 145",
    "assert wrapped(1) == 1 and wrapped(0) is None",
]


def _every_line_event(program: str, tests: list[str]) -> tuple[int, ...]:
    """The lines a tracer that hears every line event reports (this test's own programs only)."""
    import sys

    namespace: dict = {}
    exec(compile(program, "<shapes>", "exec"), namespace)
    seen: set[int] = set()

    def tracer(frame, event, arg):
        if frame.f_code.co_filename != "<shapes>":
            return None
        if event == "line":
            seen.add(frame.f_lineno)
        return tracer

    sys.settrace(tracer)
    try:
        for test in tests:
            exec(test, namespace)
    finally:
        sys.settrace(None)
    return tuple(sorted(seen))


def test_coverage_that_stops_listening_once_complete_is_what_every_line_event_gives():
    job = Job(mode="lines", program=SHAPES, setup="", entry="rare", alias=None, tests=SHAPES_TESTS,
              asserts=["assert walk(8) == 136"], cpu_seconds=5, wall_seconds=12)  # fmt: skip
    run = run_job(job)
    assert run.complete and run.load is None, run.stopped
    assert run.lines == _every_line_event(SHAPES, SHAPES_TESTS)
    assert 4 in run.lines and 24 in run.lines  # the late line and the recursion's rare branch
    assert run.assert_lines == {0: _every_line_event(SHAPES, ["assert walk(8) == 136"])}


def test_a_functions_reported_lines_hold_every_line_its_events_report():
    from gameability_tui.engine.sandbox.line_tracer import reported_lines

    namespace: dict = {}
    exec(compile(SHAPES, "<shapes>", "exec"), namespace)
    heard = set(_every_line_event(SHAPES, SHAPES_TESTS))
    for name in ("rare", "one", "gen", "outer", "walk", "wrapped"):
        code = namespace[name].__code__
        lines = reported_lines(code)
        body = set(range(code.co_firstlineno, code.co_firstlineno + 8)) & heard
        own = {line for line in body if line in {ln for _, _, ln in code.co_lines()}}
        assert own <= lines, name
        assert code.co_firstlineno not in lines or name == "one"  # a def line reports no event
