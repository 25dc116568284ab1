"""``check --jsonl`` and ``--resume`` through the real command line, the census's bounded window
over a generator, and the streamed JSONL loader against the whole-file one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import EXAMPLES, STRONG_SUM, WEAK_MAX, as_from_a_shell, problem, signal_state

from gameability_tui.benchmarks.jsonl import StreamedJsonl, load_jsonl
from gameability_tui.benchmarks.reading import LoadError
from gameability_tui.engine.executors.local import Census
from gameability_tui.engine.model import AuditParams, ProblemResult
from gameability_tui.engine.sandbox.steps import STEP_COUNTER
from gameability_tui.resultlog import result_from_line

CORPUS = Path(__file__).parent / "bad_input"
TOY_IDS = {json.loads(line)["id"] for line in EXAMPLES.read_text().splitlines() if line.strip()}


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gameability_tui", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _comparable(results) -> dict[str, dict]:
    """Results by id, without the wall-clock seconds (the one field a rerun may change)."""
    return {r.id: r.to_dict() | {"seconds": 0} for r in results}


def _from_file(path: Path) -> dict[str, dict]:
    return _comparable(result_from_line(line) for line in _lines(path))


def _tripled(tmp_path: Path) -> Path:
    """The toy benchmark three times over with distinct ids: long enough to kill midway."""
    rows = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    path = tmp_path / "toy3.jsonl"
    copies = [{**row, "id": f"{row['id']}~{k}"} for k in range(3) for row in rows]
    path.write_text("".join(json.dumps(row) + "\n" for row in copies))
    return path


def test_jsonl_has_one_line_per_problem_equal_to_the_json_report_and_loads_with_datasets(tmp_path):
    datasets = pytest.importorskip("datasets")
    report, lines = tmp_path / "r.json", tmp_path / "r.jsonl"
    done = _cli("check", EXAMPLES, "--json", report, "--jsonl", lines)
    assert done.returncode == 0, done.stderr
    problems = json.loads(report.read_text())["problems"]
    assert _from_file(lines) == _comparable(ProblemResult.from_dict(p) for p in problems)
    assert sorted(line["id"] for line in _lines(lines)) == sorted(TOY_IDS)

    loaded = datasets.load_dataset(
        "json", data_files=str(lines), split="train", cache_dir=str(tmp_path / "hf")
    )
    assert len(loaded) == len(TOY_IDS)
    row = next(r for r in loaded if r["id"] == "max_pair_product")
    assert row["n_survived"] == 4 and len(row["survivors"]) == 4
    assert row["survivors"][0]["witnesses"] and row["asserts"][0]["kills"]
    assert {k["kind"] for k in row["kinds"]} >= {"compare", "int-constant"}
    assert row["params"]["mutants"] == 24 and row["engine_version"] >= 1
    assert row["step_counter"] == STEP_COUNTER


def test_streamed_check_gives_the_same_results_as_a_loaded_one(tmp_path):
    loaded, streamed = tmp_path / "loaded.jsonl", tmp_path / "streamed.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", loaded, "--fixes", tmp_path / "f.py").returncode == 0
    done = _cli("check", EXAMPLES, "--jsonl", streamed)  # --jsonl alone: the file is streamed
    assert done.returncode == 0, done.stderr
    assert _from_file(streamed) == _from_file(loaded)
    assert "weak 2 of 8" in done.stdout and "supplied 9" in done.stdout


def test_datasets_reads_a_file_whose_first_chunk_has_no_weak_problem_given_the_features(tmp_path):
    datasets = pytest.importorskip("datasets")
    from gameability_tui.resultlog import dataset_features

    lines = tmp_path / "r.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", lines).returncode == 0
    rows = _lines(lines)
    plain = [r for r in rows if not r["survivors"]]
    weak = [r for r in rows if r["survivors"]]
    mixed = tmp_path / "mixed.jsonl"
    with mixed.open("w") as handle:  # 200 lines without survivors, then the weak ones
        for k in range(200):
            handle.write(json.dumps({**plain[k % len(plain)], "id": f"p{k}"}) + "\n")
        for row in weak:
            handle.write(json.dumps(row) + "\n")
    small_chunks = {"chunksize": 16 << 10, "split": "train"}  # datasets infers from the first chunk
    with pytest.raises(Exception, match="generating the dataset"):
        datasets.load_dataset("json", data_files=str(mixed), cache_dir=str(tmp_path / "a"), **small_chunks)
    loaded = datasets.load_dataset(
        "json",
        data_files=str(mixed),
        cache_dir=str(tmp_path / "b"),
        features=dataset_features(),
        **small_chunks,
    )
    assert len(loaded) == 200 + len(weak) and loaded[-1]["survivors"][0]["witnesses"]


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_bytes().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(name))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), ()):
            found.append(child)
            stack.append(child)
    return found


def _gone(pids: list[int], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = [pid for pid in pids if Path(f"/proc/{pid}").exists() and b"zombie" not in _state(pid)]
        if not alive:
            return True
        time.sleep(0.1)
    return False


def _state(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/status").read_bytes().lower()
    except OSError:
        return b"zombie"


def test_resume_after_a_killed_run_gives_the_uninterrupted_results_nothing_twice(tmp_path):
    benchmark = _tripled(tmp_path)
    whole = tmp_path / "whole.jsonl"
    assert _cli("check", benchmark, "--jsonl", whole).returncode == 0
    expected = _from_file(whole)
    assert len(expected) == 27

    partial = tmp_path / "partial.jsonl"
    command = ["check", str(benchmark), "--jsonl", str(partial), "--workers", "1"]
    child = subprocess.Popen(
        [sys.executable, "-m", "gameability_tui", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not partial.exists() or partial.read_text().count("\n") < 4):
        time.sleep(0.05)
    workers = _descendants(child.pid)
    child.send_signal(signal.SIGKILL)  # no finally, no flush beyond what was written
    child.wait()
    assert _gone(workers), "a worker outlived the killed check"
    written = partial.read_text().count("\n")
    assert 4 <= written < 27
    with partial.open("a") as handle:  # what a kill in the middle of a write leaves
        handle.write('{"id": "max_pair_product~2", "status": "o')

    done = _cli("check", benchmark, "--jsonl", partial, "--resume")
    assert done.returncode == 0, done.stderr
    assert f"{written} results reused, {27 - written} to audit" in done.stdout
    assert "cut short" in done.stdout
    assert "supplied 27" in done.stdout
    ids = [line["id"] for line in _lines(partial)]
    assert len(ids) == len(set(ids)) == 27
    assert _from_file(partial) == expected

    before = _lines(partial)
    again = _cli("check", benchmark, "--jsonl", partial, "--resume")  # nothing left to do
    assert "27 results reused, 0 to audit" in again.stdout and "supplied 27" in again.stdout
    assert _lines(partial) == before


def test_ctrl_c_keeps_every_line_written_and_says_how_to_finish(tmp_path):
    benchmark, lines = _tripled(tmp_path), tmp_path / "r.jsonl"
    command = ["check", str(benchmark), "--jsonl", str(lines), "--workers", "1"]
    child = subprocess.Popen(
        [sys.executable, "-m", "gameability_tui", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_from_a_shell,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not lines.exists() or lines.read_text().count("\n") < 3):
        time.sleep(0.05)
    signals = signal_state(child.pid)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130 and "Traceback" not in err, signals
    written = len(_lines(lines))  # every line whole: no torn line after Ctrl-C
    assert 3 <= written < 27
    assert f"interrupted; {written} results are in {lines} (run again with --resume" in err


def test_lines_made_with_other_settings_are_not_reused(tmp_path):
    lines = tmp_path / "r.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", lines).returncode == 0
    done = _cli("check", EXAMPLES, "--jsonl", lines, "--resume", "--mutants", "5")
    assert done.returncode == 0, done.stderr
    assert "0 results reused, 9 to audit" in done.stdout
    assert "9 lines made with other settings (mutants 24 in the file, 5 here) not reused" in done.stdout
    (aside,) = tmp_path.glob("r.jsonl.before-resume-*")  # a mistyped setting loses nothing
    assert f"kept at {aside}" in done.stdout and {line["params"]["mutants"] for line in _lines(aside)} == {24}
    assert len(_lines(aside)) == 9
    fresh = tmp_path / "fresh.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", fresh, "--mutants", "5").returncode == 0
    assert _from_file(lines) == _from_file(fresh)
    assert {line["params"]["mutants"] for line in _lines(lines)} == {5}


def test_a_changed_problem_is_audited_again(tmp_path):
    lines = tmp_path / "r.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", lines).returncode == 0
    rows = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    rows[0]["tests"] = [*rows[0]["tests"], "assert max_pair_product([2, 3]) == 6"]
    changed = tmp_path / "changed.jsonl"
    changed.write_text("".join(json.dumps(row) + "\n" for row in rows))
    done = _cli("check", changed, "--jsonl", lines, "--resume")
    assert "8 results reused, 1 to audit" in done.stdout
    assert "1 line for problems changed, outside this --limit sample or not in this" in done.stdout
    assert len(_lines(lines)) == 9
    (aside,) = tmp_path.glob("r.jsonl.before-resume-*")
    assert len(_lines(aside)) == 9 and f"kept at {aside}" in done.stdout


def test_a_resume_of_a_smaller_sample_keeps_the_file_as_it_was(tmp_path):
    lines = tmp_path / "r.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", lines).returncode == 0
    before = lines.read_text()
    done = _cli("check", EXAMPLES, "--jsonl", lines, "--resume", "--limit", "3")
    assert done.returncode == 0 and "3 results reused, 0 to audit" in done.stdout
    assert "a sample of 3 of its 9 problems (--limit, seed 0)" in done.stdout  # not the whole benchmark
    assert len(_lines(lines)) == 3  # the file is this run's results
    (aside,) = tmp_path.glob("r.jsonl.before-resume-*")
    assert aside.read_text() == before  # and the other six are not lost


def test_a_resume_that_reuses_every_line_keeps_no_copy(tmp_path):
    lines = tmp_path / "r.jsonl"
    assert _cli("check", EXAMPLES, "--jsonl", lines).returncode == 0
    done = _cli("check", EXAMPLES, "--jsonl", lines, "--resume")
    assert "9 results reused, 0 to audit" in done.stdout and "kept at" not in done.stdout
    assert not list(tmp_path.glob("r.jsonl.before-resume-*"))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"id": "a"}\n{"id": "b"}\n', ":1: not a result line written by check --jsonl (missing status"),
        ("not json\n{}\n", ":1: not a result line written by check --jsonl. Fix or remove that line"),
    ],
)
def test_an_unreadable_results_file_is_one_line_naming_it(tmp_path, content, message):
    lines = tmp_path / "r.jsonl"
    lines.write_text(content)
    done = _cli("check", EXAMPLES, "--jsonl", lines, "--resume")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"gameability-tui: {lines}{message}" in done.stderr
    assert lines.read_text() == content  # refused, not overwritten


def test_resume_needs_jsonl_and_the_results_file_is_not_the_benchmark(tmp_path):
    done = _cli("check", EXAMPLES, "--resume")
    assert done.returncode == 2 and "--resume needs --jsonl FILE" in done.stderr
    copy = tmp_path / "toy.jsonl"
    copy.write_text(EXAMPLES.read_text())
    done = _cli("check", copy, "--jsonl", copy)
    assert done.returncode == 2 and "is the benchmark itself" in done.stderr
    assert copy.read_text() == EXAMPLES.read_text()


def test_census_pulls_a_generator_no_further_than_its_window():
    problems = [WEAK_MAX, STRONG_SUM] + [
        problem(f"ident{k}", "def ident(x):\n    return x\n", [f"assert ident({k}) == {k}"]) for k in range(8)
    ]
    pulled = [0]

    def generator():
        for item in problems:
            pulled[0] += 1
            yield item

    census = Census(generator(), AuditParams(), workers=2)
    received, in_flight = 0, []
    for _ in census:
        received += 1
        in_flight.append(pulled[0] - received)  # taken from the generator, not yet answered
    assert received == pulled[0] == len(problems)
    # When a result arrives, its worker already has its next problem queued again (it never
    # waits for the census): two problems per worker are out, never more. A census that read its
    # input whole would be 9 ahead here.
    assert census.window == 4 and max(in_flight) == census.window
    assert in_flight[0] == 4  # both workers busy from the start, each with one queued


@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS.glob("*.jsonl")))
def test_the_streamed_loader_reads_and_refuses_exactly_as_the_whole_file_loader(name):
    path = CORPUS / name
    try:
        whole = load_jsonl(path).problems
    except LoadError as error:
        with pytest.raises(LoadError) as streamed_error:
            list(StreamedJsonl.open(path).problems())
        assert str(streamed_error.value) == str(error)
    else:
        stream = StreamedJsonl.open(path)
        assert list(stream.problems()) == whole and stream.count == len(whole)


def test_the_streamed_loader_splits_lines_at_newline_only(tmp_path):
    path = tmp_path / "odd.jsonl"
    rows = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    rows[0]["prompt"] = "a\u2028b\x0cc"  # JSON allows both unescaped; str.splitlines splits at them
    text = "\r\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\r\n\n"
    path.write_text(text, encoding="utf-8")
    assert list(StreamedJsonl.open(path).problems()) == load_jsonl(path).problems


def test_the_summary_names_the_first_excluded_problems_in_benchmark_order_whatever_order_they_arrive():
    from gameability_tui.commands.streaming import EXCLUDED_NAMED, Collected
    from gameability_tui.engine.model import ProblemResult

    collected = Collected(keep=False, show=0)
    for index in (4, 0, 3, 1, 2):  # completion order, not benchmark order
        collected.add(index, ProblemResult(f"p{index}", "excluded:no-entry-point"))
    collected.add(5, ProblemResult("p5", "ok"))
    assert EXCLUDED_NAMED == 3
    assert collected.first_excluded("no-entry-point") == ["p0", "p1", "p2"]
    assert collected.first_excluded("reference-fails-tests") == []


def test_a_second_ctrl_c_while_the_results_file_closes_is_held_off():
    from gameability_tui.commands.check import keyboard_interrupts_held

    before = signal.getsignal(signal.SIGINT)
    with keyboard_interrupts_held():
        os.kill(os.getpid(), signal.SIGINT)  # would raise KeyboardInterrupt here
        time.sleep(0.05)
    assert signal.getsignal(signal.SIGINT) is before  # and Ctrl-C works again after
