"""Hostile benchmark code, audited by the real census: each problem's status says what happened,
nothing leaks into the user's folder or process table, and a normal problem beside them is judged
exactly as it is alone."""

from __future__ import annotations

import os

import pytest
from conftest import HOSTILE, WEAK_MAX, running

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.executors.local import Census
from gameability_tui.engine.model import AuditParams

EXPECTED_STATUS = {
    "exits_at_load": ("excluded:reference-did-not-finish", "exited with code 0"),
    "raises_system_exit": ("excluded:reference-fails-tests", "raises SystemExit"),
    "raises_keyboard_interrupt": ("excluded:reference-fails-tests", "raises KeyboardInterrupt"),
    "raises_generator_exit": ("excluded:reference-fails-tests", "raises GeneratorExit"),
    "memory_hog_at_load": ("excluded:reference-does-not-load", "raises MemoryError"),
}
JUDGED = [
    "loops_forever_in_a_mutant",
    "switches_tracing_off",
    "deep_recursion",
    "prints_fake_records",
    "eternal_thread",
    "reads_stdin",
    "writes_files",
    "spawns_a_grandchild",
    "huge_result",
    "unicode_everywhere",
]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("user-folder")
    before = os.getcwd()
    os.chdir(folder)
    try:
        problems = load_benchmark(str(HOSTILE)).problems + [WEAK_MAX]
        by_id = {r.id: r for r in Census(problems, AuditParams(), workers=2)}
    finally:
        os.chdir(before)
    return by_id, folder


def test_the_census_finishes_every_problem(results):
    by_id, _ = results
    assert set(by_id) == set(EXPECTED_STATUS) | set(JUDGED) | {WEAK_MAX.id}


@pytest.mark.parametrize("problem_id", sorted(EXPECTED_STATUS))
def test_a_hostile_reference_is_excluded_with_what_happened(results, problem_id):
    status, detail = EXPECTED_STATUS[problem_id]
    result = results[0][problem_id]
    assert result.status == status and detail in result.detail


@pytest.mark.parametrize("problem_id", JUDGED)
def test_hostile_code_that_passes_its_tests_is_judged(results, problem_id):
    result = results[0][problem_id]
    assert result.status == "ok" and result.n_broken > 0
    assert result.n_equivalent + result.n_broken + result.n_truncated == result.n_mutants


def test_switching_tracing_off_does_not_escape_the_step_budget(results):
    assert results[0]["switches_tracing_off"].n_truncated == 0


def test_a_normal_problem_is_unaffected(results):
    beside = results[0][WEAK_MAX.id].to_dict() | {"seconds": 0}
    alone = audit_problem(WEAK_MAX, AuditParams()).to_dict() | {"seconds": 0}
    assert beside == alone


def test_nothing_lands_in_the_user_folder(results):
    assert list(results[1].iterdir()) == []


def test_no_grandchild_outlives_the_census(results):
    assert running(["sleep", "61"]) == []
