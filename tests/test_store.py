"""The decision store and the result cache, on real files."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import WEAK_MAX

from gameability_tui.engine.model import AuditParams, ProblemResult
from gameability_tui.store import ACCEPTED, REJECTED, DecisionStore, ResultCache, StoreError


def test_decisions_survive_reopening(tmp_path):
    store = DecisionStore(tmp_path / "d.json", "bench")
    store.decide("p1", "assert f(1) == 2", ACCEPTED, edited="assert f(1) == 2.0")
    store.decide("p1", "assert f(3) == 4", REJECTED)
    store.decide("p1", "assert f(3) == 4", ACCEPTED)  # changed mind: one record, the latest
    store.set_verdict("p1", "fix", "tests miss the empty list")
    again = DecisionStore(tmp_path / "d.json", "bench")
    decisions = again.all_decisions()
    assert len(decisions) == 2
    assert decisions[("p1", "assert f(1) == 2")].final_text == "assert f(1) == 2.0"
    assert decisions[("p1", "assert f(3) == 4")].decision == ACCEPTED
    assert again.all_verdicts() == {"p1": ("fix", "tests miss the empty list")}
    assert DecisionStore(tmp_path / "d.json", "other").all_decisions() == {}


def test_undo_removes_the_decision(tmp_path):
    store = DecisionStore(tmp_path / "d.json", "bench")
    store.decide("p1", "assert f(1) == 2", ACCEPTED)
    store.undo("p1", "assert f(1) == 2")
    assert DecisionStore(tmp_path / "d.json", "bench").all_decisions() == {}


def test_writes_leave_no_temporary_files(tmp_path):
    store = DecisionStore(tmp_path / "d.json", "bench")
    for index in range(20):
        store.decide("p", f"assert f({index}) == 0", ACCEPTED)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]


def test_a_broken_database_is_named_and_kept_aside(tmp_path):
    path = tmp_path / "d.json"
    path.write_text('{"decisions": {"1": {"benchmark": "b"')
    with pytest.raises(StoreError, match="not a valid database") as error:
        DecisionStore(path, "b", exclusive=True)
    assert str(path) in str(error.value)
    kept = [p for p in tmp_path.iterdir() if ".broken-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == path.read_text()
    assert not path.with_name("d.json.lock").exists()  # a store that failed to open leaves no lock


def test_cache_is_keyed_by_problem_and_settings(tmp_path):
    cache = ResultCache(tmp_path / "c.json")
    result = ProblemResult(id=WEAK_MAX.id, status="ok", n_mutants=3, n_broken=2, n_survived=1)
    cache.put(WEAK_MAX, AuditParams(), result)
    cache.flush()
    reopened = ResultCache(tmp_path / "c.json")
    assert reopened.get(WEAK_MAX, AuditParams()) == result
    assert reopened.get(WEAK_MAX, AuditParams(seed=1)) is None
    changed = replace(WEAK_MAX, tests=WEAK_MAX.tests + ("assert max_pair_product([2, 3]) == 6",))
    assert reopened.get(changed, AuditParams()) is None


def test_a_second_app_on_the_same_database_is_told(tmp_path):
    first = DecisionStore(tmp_path / "d.json", "bench", exclusive=True)
    with pytest.raises(StoreError, match="open in another gameability-tui"):
        DecisionStore(tmp_path / "d.json", "bench", exclusive=True)
    first.close()
    DecisionStore(tmp_path / "d.json", "bench", exclusive=True).close()
