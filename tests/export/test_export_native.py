"""The native writers and the export command's edges: formats, names, errors, hub rows, real data."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SHARED_DATA

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.benchmarks.evalplus import add_asserts as evalplus_add
from gameability_tui.benchmarks.evalplus import base_input_of
from gameability_tui.benchmarks.humaneval import add_asserts as humaneval_add
from gameability_tui.benchmarks.humaneval import packaged_file, split_check
from gameability_tui.benchmarks.kodcode import add_asserts as kodcode_add
from gameability_tui.benchmarks.kodcode import split_test_module
from gameability_tui.benchmarks.native import native_patch, unified_diff
from gameability_tui.benchmarks.source import HubOrigin, hub_source, read_source, source_from_text
from gameability_tui.store import DecisionStore
from gameability_tui.vocabulary import ACCEPTED, SKIPPED


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gameability_tui", *args], capture_output=True, text=True, timeout=300
    )


# ------------------------------------------------------------------ HumanEval


CHECK_WITH_LOOP = (
    "\n\nMETADATA = {}\n\n\ndef check(candidate):\n"
    "    # comment before\n"
    "    assert candidate(1) == 2\n"
    "    for x in range(3):\n"
    "        assert candidate(x) == 2 * x\n"
    "\n\ndef helper():\n    return 'twice(3)'\n"
)


def test_humaneval_asserts_go_inside_check_after_its_last_statement_calling_candidate():
    multi_line = "assert twice(\n    4\n) == 8"
    row = {"task_id": "T/0", "prompt": "def twice(x):\n", "canonical_solution": "    return 2 * x\n",
           "test": CHECK_WITH_LOOP, "entry_point": "twice"}  # fmt: skip
    patched = humaneval_add(
        row, ["assert twice(5) == 10", multi_line, "assert obj.twice(2) or 'twice(' "], "twice"
    )
    test = patched.record["test"]
    assert not patched.not_expressible and list(patched.record) == list(row)
    assert test.startswith(CHECK_WITH_LOOP.split("\n\ndef helper")[0] + "    assert candidate(5) == 10\n")
    assert "    assert candidate(\n        4\n    ) == 8\n" in test
    assert "obj.twice(2) or 'twice(' " in test  # an attribute and a string are not the entry
    assert test.endswith("\n\ndef helper():\n    return 'twice(3)'\n")
    _, tests = split_check(test)
    assert tests[-3:-1] == ("assert candidate(5) == 10", "assert candidate(\n    4\n) == 8")
    namespace: dict = {}
    exec(row["prompt"] + row["canonical_solution"] + test.replace("obj.twice(2) or ", "True or "), namespace)
    namespace["check"](namespace["twice"])


def test_humaneval_row_without_a_check_function_names_every_assert():
    row = {"task_id": "T/1", "test": "assert True\n"}
    patched = humaneval_add(row, ["assert f(1) == 1"], "f")
    assert patched.record is row
    assert patched.not_expressible == (("assert f(1) == 1", "the test has no check(candidate) function"),)


# ------------------------------------------------------------------ EvalPlus


@pytest.mark.parametrize(
    "text, expected",
    [
        ("assert f((1, 2), 'x') == 3", [[1, 2], "x"]),
        ("assert candidate([[1.5]], {'a': None}) == (1, 2)", [[[1.5]], {"a": None}]),
        ("assert f(1) == (3)", [1]),
    ],
)
def test_evalplus_takes_a_plain_equality_assert_as_a_base_input(text, expected):
    assert base_input_of(text, {"f", "candidate"}) == (expected, "")


@pytest.mark.parametrize(
    "text, why",
    [
        ("assert abs(f(1.0) - 2.5) <= 1e-06 * max(1.0, abs(2.5))", "not a plain"),
        ("assert f({1, 2}) == 3", "JSON cannot hold"),
        ("assert f(b'x') == 3", "JSON cannot hold"),
        ("assert f(x=1) == 3", "keyword"),
        ("assert g(1) == 3", "not a plain"),
        ("assert f(1) == 3, 'message'", "not a plain"),
        ("assert f(y) == 3", "not literals"),
        ("assert set(f(1)) == {3}", "not a plain"),
    ],
)
def test_evalplus_names_an_assert_it_cannot_hold(text, why):
    arguments, reason = base_input_of(text, {"f"})
    assert arguments is None and why in reason


def test_evalplus_row_gains_base_inputs_and_keeps_its_fields_in_order():
    row = {"task_id": "Mbpp/1", "entry_point": "f", "base_input": [[1]], "atol": 0, "plus_input": [[2]]}
    patched = evalplus_add(row, ["assert f(3) == 9", "assert f({1}) == 1"], "f")
    assert patched.record == {**row, "base_input": [[1], [3]]}
    assert list(patched.record) == list(row)
    assert [text for text, _ in patched.not_expressible] == ["assert f({1}) == 1"]
    untouched = evalplus_add(row, ["assert f({1}) == 1"], "f")
    assert untouched.record is row


# ------------------------------------------------------------------ KodCode


def test_kodcode_new_tests_take_free_names_and_bring_the_import_they_need():
    module = "import solution\n\ndef test_reviewed_1():\n    assert solution.f(1) == 1"
    patched = kodcode_add({"question_id": "q", "test": module}, ["assert f(2) == 2", "assert f(3) == 3"], "f")
    test = patched.record["test"]
    assert test.startswith(module + "\n")
    assert "from solution import f\n" in test
    assert "def test_reviewed_2():\n    assert f(2) == 2\n" in test
    assert "def test_reviewed_3():\n    assert f(3) == 3\n" in test
    _, tests, skipped = split_test_module(test)
    assert len(tests) == 3 and skipped == 0


# ------------------------------------------------------------------ source text


def test_unchanged_rows_keep_their_bytes_whatever_the_json_style():
    rows = [{"b": 1, "a": "x\u2028y"}, {"a": 2, "é": [1, 2]}, {"a": 3}]
    texts = {
        "indented array": (json.dumps(rows, indent=2, ensure_ascii=False), "data.json"),
        "crlf lines": ("".join(json.dumps(r) + "\r\n" for r in rows), "data.jsonl"),
        "raw separators": ("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "data.jsonl"),
        "compact, no final newline": (
            "\n".join(json.dumps(r, separators=(",", ":")) for r in rows),
            "d.jsonl",
        ),
    }
    for label, (text, name) in texts.items():
        source = source_from_text(text, Path(name))
        assert list(source.rows) == rows, label
        assert source.rewritten({}) == text, label
        changed = source.rewritten({1: {"a": 2, "é": [1, 2, 3]}})
        before, after = text.split(source.raw(1)), changed.split(source.dumps({"a": 2, "é": [1, 2, 3]}))
        assert before == after, label  # every byte around the changed row is the source's


def test_the_diff_of_a_file_without_final_newline_says_so():
    diff = unified_diff('[{"a": 1}]', '[{"a": 2}]', "x.json")
    assert diff.endswith('+[{"a": 2}]\n\\ No newline at end of file\n')


# ------------------------------------------------------------------ the command's errors


def _toy_review(tmp_path: Path) -> tuple[Path, Path]:
    bench = tmp_path / "toy.jsonl"
    bench.write_text(
        json.dumps(
            {"id": "m", "reference": "def m(a, b):\n    return max(a, b)\n", "tests": ["assert m(1, 2) == 2"]}
        )
        + "\n"
    )
    store = DecisionStore(tmp_path / "db.json", "toy.jsonl")
    store.decide("m", "assert m(3, 2) == 3", ACCEPTED)
    store.close()
    return bench, tmp_path / "db.json"


@pytest.mark.parametrize(
    "option, target, message",
    [
        ("--patch", "missing/p.jsonl", "the folder {tmp}/missing does not exist; create it first"),
        ("--diff", "", "is a folder; name a file"),
        ("--summary", "missing/deeper/r.md", "does not exist"),
    ],
)
def test_a_bad_output_path_is_one_line_before_any_work(tmp_path, option, target, message):
    bench, db = _toy_review(tmp_path)
    started = time.monotonic()
    done = cli("export", str(bench), "--db", str(db), option, str(tmp_path / target))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert message.format(tmp=tmp_path) in done.stderr and option in done.stderr
    assert done.stdout == "" and time.monotonic() - started < 20
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.json", "toy.jsonl"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_output_folder_is_one_line(tmp_path):
    bench, db = _toy_review(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    done = cli("export", str(bench), "--db", str(db), "--patch", str(locked / "p.jsonl"))
    assert done.returncode == 2 and "is not writable" in done.stderr


def test_a_patch_name_unlike_the_source_is_refused_saying_which_ending(tmp_path):
    bench, db = _toy_review(tmp_path)
    done = cli("export", "humaneval", "--db", str(db), "--patch", str(tmp_path / "he.jsonl"))
    assert done.returncode == 2
    assert "humaneval is written as .jsonl.gz (like its source); name the file *.jsonl.gz" in done.stderr
    assert not (tmp_path / "he.jsonl").exists()


def test_an_output_that_is_the_benchmark_itself_is_refused(tmp_path):
    # `--data mbpp.jsonl --patch mbpp.jsonl` would replace the source with the patch, and the
    # next export's diff would be empty: the record of the change lost with the original.
    bench, db = _toy_review(tmp_path)
    original = bench.read_bytes()
    for option in ("--patch", "--diff", "--summary", "--fixes"):
        done = cli("export", str(bench), "--db", str(db), option, str(bench))
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert f"{option} {bench} is the benchmark itself" in done.stderr
    assert (
        "(e.g. " + str(tmp_path / "toy-patched.jsonl") + ")"
        in cli("export", str(bench), "--db", str(db), "--patch", str(bench)).stderr
    )
    done = cli("check", "mbpp", "--data", str(bench), "--json", str(bench))
    assert done.returncode == 2 and f"--json {bench} is the benchmark itself" in done.stderr
    assert bench.read_bytes() == original


# ------------------------------------------------------------------ rows from the hub


def test_hub_rows_export_as_jsonl_that_datasets_and_the_audit_load_back(tmp_path):
    """Rows as `datasets` gives them (no file): the patch is JSONL naming the revision it patches."""
    from gameability_tui.benchmarks.base import Benchmark
    from gameability_tui.benchmarks.mbpp import _full_problem

    rows = [
        {"task_id": 11, "text": "Larger of two.", "code": "def m(a, b):\n    return max(a, b)\n",
         "test_list": ["assert m(1, 2) == 2"], "test_setup_code": "", "challenge_test_list": []},
        {"task_id": 12, "text": "Same.", "code": "def s(a):\n    return a\n",
         "test_list": ["assert s(1) == 1"], "test_setup_code": "", "challenge_test_list": []},
    ]  # fmt: skip
    hub = HubOrigin("google-research-datasets/mbpp", "full", "4bb6404fdc6cacfda99d4ac4205087b89d32030c")
    problems = [_full_problem(row) for row in rows]
    origin = hub_source(rows, hub).with_ids({p.id: i for i, p in enumerate(problems)})
    benchmark = Benchmark("mbpp", problems, "hub", origin=origin, writer="mbpp")
    patch = native_patch(benchmark, {"11": ["assert m(3, 2) == 3"]}, {"11": "m"})
    assert origin.name == "mbpp-full.jsonl" and patch.changed == ("11",)
    assert patch.original.splitlines()[1] == patch.patched.splitlines()[1]
    patched = tmp_path / "mbpp-full.jsonl"
    patched.write_bytes(patch.patched_bytes())

    import datasets

    loaded = datasets.load_dataset("json", data_files=str(patched), split="train")
    assert loaded[0]["test_list"] == ["assert m(1, 2) == 2", "assert m(3, 2) == 3"]
    again = load_benchmark("mbpp", patched)
    assert again.problems[0].tests[-1] == "assert m(3, 2) == 3"
    done = cli("check", "mbpp", "--data", str(patched))
    assert done.returncode == 0 and "judged 2" in done.stdout


# ------------------------------------------------------------------ the real files, where present

REAL = [
    ("mbpp", "mbpp.jsonl"),
    ("mbpp-sanitized", "sanitized-mbpp.json"),
    ("humaneval-plus", "evalplus/HumanEvalPlus-v0.1.10.jsonl.gz"),
    ("mbpp-plus", "evalplus/MbppPlus-v0.2.0.jsonl.gz"),
    ("humaneval", None),
]


@pytest.mark.parametrize("spec, name", REAL, ids=[spec for spec, _ in REAL])
def test_every_row_of_the_real_files_is_reproduced_in_the_sources_own_style(spec, name):
    """A changed row is re-serialised in the style measured on the source: on the published files
    that style gives back every row's exact bytes, so only the added tests can differ."""
    data = packaged_file() if name is None else SHARED_DATA / name
    if data is None or not data.is_file():
        pytest.skip(f"{data} is not on this machine (the original benchmark files are never committed)")
    origin = read_source(data)
    assert origin.rewritten({}) == origin.text
    mismatched = [i for i, row in enumerate(origin.rows) if origin.dumps(row) != origin.raw(i)]
    assert mismatched == [] and len(origin.rows) > 150


@pytest.mark.slow
@pytest.mark.parametrize("spec, name", REAL[:2], ids=[spec for spec, _ in REAL[:2]])
def test_real_benchmark_files_are_patched_row_for_row_and_the_diff_applies(tmp_path, spec, name):
    data = SHARED_DATA / name
    if not data.is_file():
        pytest.skip(f"{data} is not on this machine (the original benchmark files are never committed)")
    report = tmp_path / "r.json"
    done = cli("check", spec, "--data", str(data), "--limit", "25", "--seed", "1", "--json", str(report))
    assert done.returncode == 0, done.stderr
    weak = [p for p in json.loads(report.read_text())["problems"] if p["asserts"]][:3]
    assert weak, "no weak problem among 25"
    store = DecisionStore(tmp_path / "db.json", spec)
    for problem in weak:
        store.decide(problem["id"], problem["asserts"][0]["text"], ACCEPTED)
    store.close()
    suffix = ".jsonl.gz" if name.endswith(".gz") else Path(name).suffix
    patch, diff = tmp_path / f"patched{suffix}", tmp_path / "fixes.diff"
    done = cli("export", spec, "--data", str(data), "--db", str(tmp_path / "db.json"),
               "--patch", str(patch), "--diff", str(diff))  # fmt: skip
    assert done.returncode == 0, done.stderr
    read = gzip.decompress if name.endswith(".gz") else (lambda raw: raw)
    original, patched = read(data.read_bytes()).decode(), read(patch.read_bytes()).decode()
    source_before = source_from_text(original, Path(name))
    source_after = source_from_text(patched, Path(name))
    changed = [i for i in range(len(source_before.rows)) if source_before.raw(i) != source_after.raw(i)]
    assert len(changed) == len(weak) and len(source_after.rows) == len(source_before.rows)
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    plain = Path(name).name.removesuffix(".gz")
    (checkout / plain).write_text(original, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=checkout, check=True)
    subprocess.run(["git", "apply", str(diff)], cwd=checkout, check=True)
    assert (checkout / plain).read_text(encoding="utf-8") == patched


def test_review_names_the_survivors_no_accepted_assert_rejects(tmp_path):
    """A problem whose accepted asserts miss a survivor is still weak after the patch: say which."""
    from conftest import EXAMPLES

    report = tmp_path / "r.json"
    assert cli("check", str(EXAMPLES), "--json", str(report)).returncode == 0
    problems = json.loads(report.read_text())["problems"]
    problem, partial = next(
        (p, a) for p in problems for a in p["asserts"] if 0 < len(a["kills"]) < p["n_survived"]
    )
    store = DecisionStore(tmp_path / "db.json", "toy.jsonl")
    store.decide(problem["id"], partial["text"], ACCEPTED)
    store.close()
    review = tmp_path / "review.md"
    done = cli("export", str(EXAMPLES), "--db", str(tmp_path / "db.json"), "--summary", str(review))
    assert done.returncode == 0, done.stderr
    text = review.read_text()
    missed = sorted(set(range(problem["n_survived"])) - set(partial["kills"]))
    still = [
        line for line in text.splitlines() if line.startswith("- still weak: no accepted assert rejects")
    ]
    assert [int(line.split("survivor #")[1].split()[0]) - 1 for line in still] == missed
    assert f"still leave a survivor unrejected: 1 ({problem['id']})" in text


def test_the_reviews_audit_is_kept_in_the_apps_cache_unless_an_app_is_open(tmp_path):
    from gameability_tui.store import DecisionStore

    bench, db = _toy_review(tmp_path)
    export = ["export", str(bench), "--db", str(db), "--summary", str(tmp_path / "r.md")]
    app = DecisionStore(db, "toy.jsonl", exclusive=True)  # an app with the database open
    try:
        first = cli(*export)
    finally:
        app.close()
    assert first.returncode == 0 and "auditing 1 problem not in the app's cache" in first.stdout
    assert not (tmp_path / "cache").exists()  # only read beside the app: it may be appending
    second = cli(*export)  # no app: what it audits is kept for the app
    assert second.returncode == 0 and "auditing 1 problem " in second.stdout
    assert list((tmp_path / "cache").glob("*.jsonl"))
    third = cli(*export)
    assert third.returncode == 0 and "auditing" not in third.stdout, third.stdout
    assert (tmp_path / "r.md").read_text()


def test_humaneval_plus_rows_in_humanevals_own_format_take_asserts_inside_check():
    """EvalPlus rows without base inputs (HumanEval+ shipped in HumanEval's format): into check."""
    row = {"task_id": "HumanEval/9", "prompt": "", "canonical_solution": "", "entry_point": "f",
           "test": "def check(candidate):\n    assert candidate(1) == 1\n"}  # fmt: skip
    patched = evalplus_add(row, ["assert f(2) == 2"], "f")
    assert (
        patched.record["test"]
        == "def check(candidate):\n    assert candidate(1) == 1\n    assert candidate(2) == 2\n"
    )
    assert list(patched.record) == list(row) and not patched.not_expressible


def test_humaneval_check_lines_are_counted_as_python_counts_them():
    """A raw U+2028 inside a string literal is no line break to ``ast``: the assert still goes last."""
    row = {
        "test": "def check(candidate):\n    assert candidate('a\u2028b') == 1\n    assert candidate(2) == 2\n"
    }
    test = humaneval_add(row, ["assert f(3) == 3"], "f").record["test"]
    assert test == row["test"] + "    assert candidate(3) == 3\n"


def test_a_dataset_not_from_the_hub_gets_no_made_up_revision(tmp_path):
    """`datasets` names a hub dataset's cache folder after its 40-hex commit; a local one's folder
    is another hash, which must not be reported as a revision."""
    import datasets

    from gameability_tui.benchmarks.base import _revision

    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"a": 1}\n')
    loaded = datasets.load_dataset("json", data_files=str(rows), cache_dir=str(tmp_path / "cache"))
    assert loaded["train"].cache_files and _revision(loaded) == "unknown"


def test_export_with_a_reference_gate_only_keeps_the_audits_rejections_and_claims_none_for_edits(tmp_path):
    """The older gate (passes on the reference, no survivors) still exports; the review then takes
    an unedited assert's rejections from the audit and says it does not know an edited one's."""
    from conftest import EXAMPLES

    from gameability_tui.engine.executors.local import Census
    from gameability_tui.engine.model import AuditParams
    from gameability_tui.export import worker_gate, write_export

    benchmark = load_benchmark(str(EXAMPLES))
    results = {result.id: result for result in Census(benchmark.problems, AuditParams(), workers=2)}
    weak = results["max_pair_product"]
    first, second = weak.asserts[0], weak.asserts[1]
    store = DecisionStore(tmp_path / "db.json", benchmark.name)
    store.decide("max_pair_product", first.text, ACCEPTED)
    store.decide("max_pair_product", second.text, ACCEPTED, second.text.replace(" == ", " == (", 1) + ")")
    gate, close = worker_gate(AuditParams())
    try:
        with pytest.raises(ValueError, match="written as .jsonl"):
            write_export(benchmark, store, gate, None, tmp_path / "p.json", None)
        plan = write_export(
            benchmark, store, gate, None, tmp_path / "p.jsonl", tmp_path / "r.md", results=results
        )
    finally:
        close()
    assert plan.kills[("max_pair_product", first.text)] == first.kills
    review = (tmp_path / "r.md").read_text()
    assert "rejects: not known (edited" in review and "still weak" not in review
    assert f"rejects survivor #{first.kills[0] + 1} " in review


def test_the_review_is_summed_up_under_the_settings_it_was_made_with(tmp_path):
    # A review made with --attack deep judged the deep audit's weak problems; summed up with the
    # default attack, its accepted asserts "rejected none of the survivors" of another audit.
    from conftest import EXAMPLES

    db = tmp_path / "db.json"
    store = DecisionStore(db, "toy.jsonl")
    store.decide("sum_to", "assert sum_to(2) == 3", SKIPPED)  # a database, with nothing accepted
    store.close()
    lines = {}
    # (v1 inputs: the v2 inputs keep clamp's low and high as every test passes them, so its deep
    # survivor, found only where low > high, is gone. The deep attack's ``//`` for ``/`` since round
    # sixteen makes ``average`` weak too: every test's values have a whole mean; its round number a
    # zero off since round eighteen, ``is_leap_year``: ``year % 10`` for ``% 100`` passes every test
    # and calls 2020 no leap year; its split at a space alone since round twenty, ``word_lengths``:
    # ``split(' ')`` passes every test and counts a word of length 0 in ``'a '``.)
    for settings in ([], ["--attack", "deep", "--inputs", "contract"]):
        review = tmp_path / f"review{len(settings)}.md"
        done = cli("export", str(EXAMPLES), "--db", str(db), "--summary", str(review), *settings)
        assert done.returncode == 0, done.stderr
        lines[bool(settings)] = next(
            line
            for line in review.read_text().splitlines()
            if "weak problems left with no accepted assert" in line
        )
    assert lines[False].endswith("2 of 2 weak") and lines[True].endswith("6 of 6 weak")
    refused = cli(
        "export", str(EXAMPLES), "--db", str(db), "--summary", str(tmp_path / "r.md"), "--limit", "3"
    )
    assert refused.returncode == 2 and "--limit does not apply to export" in refused.stderr


def test_asserts_on_a_reference_that_keeps_state_go_out_only_where_they_pass_after_the_others(tmp_path):
    """Each accepted assert passes after the visible tests, as a patch runs it; together they run
    in order in one namespace, so on a reference that keeps state the second, gated alone, would
    fail on the reference itself: it is refused, saying why."""
    from gameability_tui.engine.model import AuditParams
    from gameability_tui.export import worker_gate
    from gameability_tui.export_plan import REFUSED_AFTER_OTHERS, plan_export

    tally = (
        "calls = []\n\ndef tally(word):\n    calls.append(word)\n    if len(word) > 4:\n"
        "        return len(calls) * 10\n    return len(calls)\n"
    )
    bench = tmp_path / "tally.jsonl"
    row = {
        "id": "tally",
        "reference": tally,
        "tests": ["assert tally('hi') == 1", "assert tally('hello') == 20"],
    }
    bench.write_text(json.dumps(row) + "\n")
    benchmark = load_benchmark(str(bench))
    store = DecisionStore(tmp_path / "db.json", benchmark.name)
    first, second = "assert tally('hell') == 3", "assert tally('abcd') == 3"  # each the third call
    store.decide("tally", first, ACCEPTED)
    store.decide("tally", second, ACCEPTED)
    gate, close = worker_gate(AuditParams())
    try:
        plan = plan_export(benchmark, store, gate)
    finally:
        close()
    assert plan.accepted == {"tally": [first]}
    assert plan.refused == [("tally", second, REFUSED_AFTER_OTHERS)]
