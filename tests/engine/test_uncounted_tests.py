"""The reference's costly visible tests: counted up to a cap, finished untraced, counted exactly
only when a mutant needs their budget. Every result must be the one an exact count gives."""

from __future__ import annotations

import pytest
from conftest import GUARDED_SUM, problem

from gameability_tui.engine import audit
from gameability_tui.engine.audit import reference, verdict
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.sandbox import steps as step_counting
from gameability_tui.engine.sandbox.runner import UNTRACED

# `return -1` -> `return None` passes every test (none calls f above 2000) and differs on fresh
# inputs above it: a survivor, which must run the costly test f(2000) to survive.
TWO_TESTS = problem("median_uncounted", GUARDED_SUM, ["assert f(3) == 3", "assert f(2000) == 1999000"])
THREE_TESTS = problem(
    "median_counted", GUARDED_SUM, ["assert f(3) == 3", "assert f(2000) == 1999000", "assert f(5) == 10"]
)
# With two tests the costly one is the median, which the reference's fresh budget needs: the
# reference counts its tests again itself. With three the median is counted, and the audit
# would count the costly test when a mutant reaches it; but every mutant that does keeps the
# reference's values there (``audit/infection.py``, tested in ``test_infection.py``), so none is.
COUNTED_LATER = {TWO_TESTS.id: [], THREE_TESTS.id: []}


def _without_seconds(result):
    data = result.to_dict()
    data.pop("seconds")
    return data


@pytest.mark.parametrize("case", [TWO_TESTS, THREE_TESTS], ids=lambda p: p.id)
def test_results_are_those_of_an_exact_count(case, monkeypatch):
    params = AuditParams()
    monkeypatch.setattr(reference, "COUNTED_TEST_STEPS", None)
    exact = audit.audit_problem(case, params)
    assert exact.n_survived >= 1  # the case exercises a survivor that runs the costly test
    counted = []
    real = audit.exact_test_steps
    for stage in (verdict, reference):
        monkeypatch.setattr(stage, "exact_test_steps", lambda *a: counted.append(a[0].id) or real(*a))
    monkeypatch.setattr(reference, "COUNTED_TEST_STEPS", 1_000)  # f(2000) takes about 6,000 steps
    capped = audit.audit_problem(case, params)
    assert _without_seconds(capped) == _without_seconds(exact)
    assert counted == COUNTED_LATER[case.id]


def test_a_capped_run_finishes_untraced_and_says_it_was_not_counted():
    def work():
        total = 0
        for i in range(10_000):
            total += i
        return total

    for counter in (
        step_counting.count_steps,
        lambda *a: step_counting._count_steps_in_python(a[0], 1 << 62, a[2]),
    ):
        assert counter(work, None, 500) == (49_995_000, step_counting.UNCOUNTED, None, False)
    value, steps, error, exceeded = step_counting.count_steps(work, None, None)
    assert (value, error, exceeded) == (49_995_000, None, False) and steps > 10_000
    # With a budget the cap is ignored: a candidate under a budget is always counted.
    steps, error, exceeded = step_counting.count_steps(work, 100, 50)[1:]
    assert steps > 100 and (error, exceeded) == (None, True)


def test_a_run_that_needs_no_count_stops_counting_at_its_first_step():
    # (the probed run of a costly test and the tests an assert runs after are run to learn what
    # they do; with count_until=0 the compiled counter, which counts a step before it compares,
    # never stopped, and MBPP/123's costly test was traced through, 1.75x slower)
    def work():
        return sum(i for i in range(1_000))

    for counter in (
        step_counting.count_steps,
        lambda *a: step_counting._count_steps_in_python(a[0], 1 << 62, a[2]),
    ):
        assert counter(work, None, UNTRACED) == (499_500, step_counting.UNCOUNTED, None, False)
