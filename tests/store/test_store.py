"""The decision store and the result cache, on real files."""

from __future__ import annotations

import gc
import hashlib
import json
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import STRONG_SUM, WEAK_MAX

from gameability_tui.benchmarks.base import Benchmark
from gameability_tui.commands.options import fingerprint_and_keys
from gameability_tui.engine import step_units
from gameability_tui.engine.model import ENGINE_VERSION, AuditParams, Problem, ProblemResult
from gameability_tui.store import (
    DecisionStore,
    ResultCache,
    StoreError,
    cache_path_for,
    collector_paused,
    problem_key,
)
from gameability_tui.vocabulary import ACCEPTED, REJECTED


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


def test_survivors_judged_correct_are_kept_apart_undone_and_their_rows_checked(tmp_path):
    store = DecisionStore(tmp_path / "d.json", "bench")
    store.judge_survivor("p1", "k1", "a tie the task leaves open")
    store.judge_survivor("p1", "k2")
    store.unjudge_survivor("p1", "k2")
    again = DecisionStore(tmp_path / "d.json", "bench")
    [(key, verdict)] = again.all_survivor_verdicts().items()
    assert key == ("p1", "k1") and verdict.note == "a tie the task leaves open"
    assert (
        again.all_decisions() == {}
        and DecisionStore(tmp_path / "d.json", "other").all_survivor_verdicts() == {}
    )
    data = json.loads((tmp_path / "d.json").read_text())
    next(iter(data["survivors"].values()))["verdict"] = "wrong"  # edited by hand into another word
    (tmp_path / "d.json").write_text(json.dumps(data))
    with pytest.raises(StoreError, match="table 'survivors': field 'verdict' must be one of correct"):
        DecisionStore(tmp_path / "d.json", "bench")


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
    cache = ResultCache(tmp_path / "c.jsonl")
    result = ProblemResult(id=WEAK_MAX.id, status="ok", n_mutants=3, n_broken=2, n_survived=1)
    cache.put(WEAK_MAX, AuditParams(), result)
    cache.flush()
    reopened = ResultCache(tmp_path / "c.jsonl")
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


# ---------------------------------------------------------------------------- the result cache

WITH_CHECKS = Problem(
    id="c",
    reference="def f(x):\n    return x\n",
    tests=("assert f(1) == 1",),
    checks=("(1,)",),
    atol=1e-6,
    harvest=("assert f(1) == 1",),
)


def result(problem_id: str, survived: int = 0) -> ProblemResult:
    return ProblemResult(id=problem_id, status="ok", n_mutants=4, n_broken=3, n_survived=survived)


def test_cache_keys_are_the_ones_older_caches_were_written_with():
    # The previous implementation hashed json of [problem.to_dict(), params, engine version]: a
    # faster key that differed would silently re-audit every cached benchmark. Steps counted in
    # the monitor unit (Python 3.12+) add the unit, so that no result is taken for the other's.
    def older(problem: Problem, params: AuditParams) -> str:
        unit = [] if step_units.UNIT == step_units.TRACE else [step_units.UNIT]
        payload = json.dumps([problem.to_dict(), params.to_dict(), ENGINE_VERSION, *unit], sort_keys=True)
        return hashlib.sha256(payload.encode()).hexdigest()[:24]

    for problem in (WEAK_MAX, STRONG_SUM, WITH_CHECKS, replace(WITH_CHECKS, harvest=None, setup="x = 1")):
        for params in (AuditParams(), AuditParams(seed=3, inputs="free")):
            assert problem_key(problem, params) == older(problem, params)


def test_one_pass_gives_the_fingerprint_and_every_key_the_app_and_export_use():
    problems = [WEAK_MAX, STRONG_SUM, WITH_CHECKS]
    benchmark = Benchmark("b", problems, "here")
    params = AuditParams(seed=3, attack="deep")
    fingerprint, keys = fingerprint_and_keys(benchmark, params)
    assert fingerprint == benchmark.fingerprint()
    assert keys == {p.id: problem_key(p, params) for p in problems}
    assert keys != fingerprint_and_keys(benchmark, AuditParams())[1]


def _cache_of_two(path: Path) -> Path:
    """A cache file holding WEAK_MAX's result (one survivor), then STRONG_SUM's."""
    cache = ResultCache(path)
    cache.put(WEAK_MAX, AuditParams(), result(WEAK_MAX.id, 1))
    cache.put(STRONG_SUM, AuditParams(), result(STRONG_SUM.id))
    cache.flush()
    return path


def test_the_cache_appends_one_line_per_result_and_never_rewrites(tmp_path):
    path = tmp_path / "c.jsonl"
    cache = ResultCache(path)
    cache.put(WEAK_MAX, AuditParams(), result(WEAK_MAX.id, 1))
    cache.flush()
    first = path.read_bytes()
    cache.put(STRONG_SUM, AuditParams(), result(STRONG_SUM.id))
    assert cache.pending == 1 and path.read_bytes() == first  # nothing written before the flush
    cache.flush()
    assert path.read_bytes().startswith(first)  # appended after what was there
    lines = path.read_text().splitlines()
    assert len(lines) == 3  # the format line, then one line per result
    assert [json.loads(line)["key"] for line in lines[1:]] == [
        problem_key(WEAK_MAX, AuditParams()),
        problem_key(STRONG_SUM, AuditParams()),
    ]


def test_reopening_keeps_the_last_line_of_a_key(tmp_path):
    path = tmp_path / "c.jsonl"
    cache = ResultCache(path)
    cache.put(WEAK_MAX, AuditParams(), result(WEAK_MAX.id, 1))
    cache.flush()
    cache.put(WEAK_MAX, AuditParams(), result(WEAK_MAX.id, 2))  # audited again: appended, not replaced
    cache.flush()
    assert len(path.read_text().splitlines()) == 3
    assert ResultCache(path).get(WEAK_MAX, AuditParams()).n_survived == 2


def test_a_torn_last_line_is_ignored_and_cut_off_before_the_next_append(tmp_path):
    path = _cache_of_two(tmp_path / "c.jsonl")
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) - 20])  # the crash tore the last line
    reopened = ResultCache(path)
    assert reopened.notes == []  # a torn tail is what a crash leaves: not worth a warning
    assert reopened.get(WEAK_MAX, AuditParams()).n_survived == 1
    assert reopened.get(STRONG_SUM, AuditParams()) is None  # audited again
    reopened.put(STRONG_SUM, AuditParams(), result(STRONG_SUM.id))
    reopened.flush()
    again = ResultCache(path)
    assert again.notes == [] and again.get(STRONG_SUM, AuditParams()) == result(STRONG_SUM.id)
    assert all(json.loads(line) for line in path.read_text().splitlines())  # no line glued to the torn one


def test_a_last_line_that_lost_only_its_newline_is_kept(tmp_path):
    path = tmp_path / "c.jsonl"
    cache = ResultCache(path)
    cache.put(WEAK_MAX, AuditParams(), result(WEAK_MAX.id, 1))
    cache.flush()
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    reopened = ResultCache(path)
    assert reopened.get(WEAK_MAX, AuditParams()).n_survived == 1
    reopened.put(STRONG_SUM, AuditParams(), result(STRONG_SUM.id))
    reopened.flush()
    again = ResultCache(path)
    assert again.get(WEAK_MAX, AuditParams()) is not None and again.get(STRONG_SUM, AuditParams()) is not None


def test_a_damaged_line_inside_is_named_and_nothing_else_is_lost(tmp_path):
    path = _cache_of_two(tmp_path / "c.jsonl")
    lines = path.read_text().splitlines()
    lines[1] = lines[1][:40]  # line 2, the weak problem's result, cut short
    damaged = "\n".join(lines) + "\n"
    path.write_text(damaged)
    reopened = ResultCache(path)
    assert len(reopened.notes) == 1
    assert str(path) in reopened.notes[0] and "line 2 " in reopened.notes[0]
    assert reopened.get(STRONG_SUM, AuditParams()) == result(STRONG_SUM.id)
    assert reopened.get(WEAK_MAX, AuditParams()) is None
    kept = [p for p in tmp_path.iterdir() if ".broken-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == damaged  # the file as it was, kept aside
    assert ResultCache(path).notes == []  # the good lines were written back: said once


def test_the_older_json_cache_is_moved_into_the_new_file(tmp_path):
    database = tmp_path / "decisions.json"
    path = cache_path_for(database, "bench", "0123")
    legacy = path.with_suffix(".json")
    legacy.parent.mkdir(parents=True)
    old = {problem_key(WEAK_MAX, AuditParams()): result(WEAK_MAX.id, 1).to_dict()}
    legacy.write_text(json.dumps(old))  # the previous ResultCache's whole-file format
    cache = ResultCache(path)
    assert path.suffix == ".jsonl" and not legacy.exists()
    assert len(cache.notes) == 1 and "1 results were moved" in cache.notes[0]
    assert ResultCache(path).get(WEAK_MAX, AuditParams()) == result(WEAK_MAX.id, 1)


def test_a_file_that_is_no_cache_is_moved_aside_with_a_note(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text("not json at all\n")
    cache = ResultCache(path)
    assert len(cache.notes) == 1 and "started afresh" in cache.notes[0]
    assert [p for p in tmp_path.iterdir() if ".broken-" in p.name]
    cache.put(WEAK_MAX, AuditParams(), result(WEAK_MAX.id, 1))
    cache.flush()
    assert ResultCache(path).get(WEAK_MAX, AuditParams()) is not None


def test_a_reader_beside_the_app_never_moves_or_rewrites_the_cache(tmp_path):
    path = _cache_of_two(tmp_path / "c.jsonl")
    lines = path.read_text().splitlines()
    damaged = "\n".join([lines[0], lines[1][:40], lines[2]]) + "\n"
    path.write_text(damaged)
    reader = ResultCache(path, repair=False)
    assert reader.get(STRONG_SUM, AuditParams()) is not None and reader.get(WEAK_MAX, AuditParams()) is None
    assert path.read_text() == damaged and sorted(p.name for p in tmp_path.iterdir()) == ["c.jsonl"]
    legacy = tmp_path / "old.json"
    legacy.write_text(json.dumps({problem_key(WEAK_MAX, AuditParams()): result(WEAK_MAX.id, 1).to_dict()}))
    assert ResultCache(tmp_path / "old.jsonl", repair=False).get(WEAK_MAX, AuditParams()) is not None
    assert legacy.exists() and not (tmp_path / "old.jsonl").exists()


def test_the_collector_is_held_off_during_bulk_builds_and_back_after_the_last_one(tmp_path):
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        other_done = threading.Event()

        def overlapping() -> None:  # the app's audit thread, while the screen builds rows
            with collector_paused():
                assert not gc.isenabled()
            other_done.set()

        thread = threading.Thread(target=overlapping)
        thread.start()
        thread.join()
        assert other_done.is_set() and not gc.isenabled()  # the other build ended, this one did not
    assert gc.isenabled()
    gc.disable()  # whoever turned it off keeps it off
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    cache = ResultCache(tmp_path / "cache.jsonl")
    cache.put_key("k", ProblemResult("p", "ok", n_mutants=1, n_broken=1))
    cache.flush()
    assert ResultCache(tmp_path / "cache.jsonl").get_key("k").id == "p" and gc.isenabled()


def _record_line(key: str, **extra) -> str:
    result = {"id": key, "status": "ok", "n_mutants": 1, "n_broken": 1, "n_survived": 0} | extra
    return json.dumps({"key": key, "result": result}, ensure_ascii=False)


@pytest.mark.parametrize("tail", ["", "\xe9 not utf-8"])  # the second makes the file not UTF-8
def test_the_cache_reads_every_kind_of_line_as_reading_each_line_alone_would(tmp_path, tail):
    """The fast read (the JSON scanner over the whole text) keeps and names exactly the lines a
    line-by-line read does, for every damage a line can show."""
    from gameability_tui.store import ResultCache
    from gameability_tui.store.results import CACHE_FORMAT, _parse

    first, second = _record_line("a"), _record_line("b", detail="é, and a \u2028 inside")
    lines = [
        json.dumps(CACHE_FORMAT),
        first,
        first[:30],  # torn in the middle; with the next line it would make one whole object
        first[30:],
        _record_line("c") + "  ",  # trailing blanks: still one record
        "",  # an empty line
        _record_line("d") + ", " + _record_line("e"),  # two records on one line: neither is kept
        json.dumps(CACHE_FORMAT),  # a second header is not a result
        json.dumps({"key": "f", "result": {"id": "f"}}),  # a result missing its fields
        second,
    ]
    path = tmp_path / "cache.jsonl"
    data = "\n".join(lines).encode("utf-8") + b"\n"
    if tail:
        data += _record_line("g").encode("utf-8")[:-2] + tail.encode("latin-1") + b"}}\n"
    path.write_bytes(data)
    cache = ResultCache(path, repair=False)

    expected, damaged = {}, []
    for number, line in enumerate(data.split(b"\n")[1:-1], start=2):
        record = _parse(line)
        if record is None or record == CACHE_FORMAT:
            damaged.append(number)
        else:
            expected[record["key"]] = record["result"]
    assert cache.entries == expected and set(expected) == {"a", "c", "b"}
    assert damaged == [3, 4, 6, 7, 8, 9] + ([11] if tail else [])
    repaired = ResultCache(path)  # the same lines are named when the file is set aside
    assert "lines 3, 4, 6, 7, 8 and " in repaired.notes[0] and repaired.entries == expected
