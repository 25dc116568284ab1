"""The malformed-input corpus (tests/bad_input/), run through the real command line: one line on
stderr naming the file, line and field, exit code 2, no traceback; or, where the rest of the
benchmark is fine, the bad problem is excluded with its reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES

CORPUS = Path(__file__).parent / "bad_input"

ERRORS = {
    "not_json.jsonl": ":2: not valid JSON",
    "missing_field.jsonl": ":2: missing field 'reference'",
    "tests_is_a_string.jsonl": ":2: field 'tests' must be list, got str",
    "tests_is_a_number.jsonl": ":2: field 'tests' must be list, got int",
    "empty.jsonl": ": no problems in the file",
    "duplicate_ids.jsonl": ":2: field 'id': 'ok' was already used on line 1",
    "not_utf8.jsonl": ":2: not UTF-8 text",
}


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gameability_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


def _one_line_error(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gameability-tui: ")
    return lines[0]


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_malformed_file_gets_one_line_naming_file_line_field(name):
    path = CORPUS / name
    line = _one_line_error(_cli("check", str(path)))
    assert f"{path}{ERRORS[name]}" in line


def test_bad_problems_are_excluded_and_the_rest_audited(tmp_path):
    report = tmp_path / "r.json"
    done = _cli("check", str(CORPUS / "excluded_but_fine.jsonl"), "--json", str(report))
    assert done.returncode == 0, done.stderr
    problems = json.loads(report.read_text())["problems"]
    status = {p["id"]: p["status"] for p in problems}
    assert status == {
        "ok": "ok",
        "syntax_error": "excluded:reference-does-not-load",
        "calls_nothing_defined": "excluded:no-entry-point",
        "no_tests": "excluded:no-entry-point",
    }
    detail = {p["id"]: p["detail"] for p in problems}
    assert detail["syntax_error"].startswith("SyntaxError: ")  # what to mend, and where
    assert "is called by the tests" in detail["calls_nothing_defined"]
    assert "no visible tests" in detail["no_tests"]


def test_unknown_benchmark_name():
    assert "unknown benchmark 'mbppp'" in _one_line_error(_cli("check", "mbppp"))


def test_data_pointing_nowhere(tmp_path):
    assert "no such file" in _one_line_error(_cli("check", "mbpp", "--data", str(tmp_path / "nope.jsonl")))


def test_no_hub_access_says_what_to_do():
    line = _one_line_error(_cli("check", "mbpp", HF_ENDPOINT="http://127.0.0.1:9", GAMEABILITY_TUI_DATA=""))
    assert "--data" in line and "GAMEABILITY_TUI_DATA" in line
    assert "--data mbpp.jsonl (from https://" in line and "sanitized" not in line  # its own file, and where


def test_broken_database_is_named_and_kept(tmp_path):
    database = tmp_path / "decisions.json"
    database.write_text('{"decisions": {"1": ')
    examples = EXAMPLES
    line = _one_line_error(
        _cli("export", str(examples), "--db", str(database), "--fixes", str(tmp_path / "f.py"))
    )
    assert str(database) in line and "not a valid database" in line
    assert database.read_text() == '{"decisions": {"1": '  # never overwritten
    assert not (tmp_path / "f.py").exists()


# ---------------------------------------------------------------------------- the decisions database

EXAMPLE = str(EXAMPLES)
AS_ROOT = os.geteuid() == 0
ROOT_WRITES_ANYWHERE = "root may write in a read-only folder; the path-under-a-file cases cover it"

DATABASES = {
    "db_not_utf8.json": "not UTF-8 text",
    "db_wrong_shape.json": "table 'decisions' is list",
    "db_not_an_object.json": "expected a JSON object of tables",
    "db_rows_without_keys.json": "row 1 of table 'decisions' is not a record",
    "db_torn.json": "(Unterminated string starting at, line 1 column 49)",
    # Rows edited by hand: each was a traceback where the row was first read.
    "db_row_without_text.json": "row 1 of table 'decisions': field 'text' must be a string",
    "db_row_at_not_a_number.json": "row 1 of table 'decisions': field 'at' must be a number or null",
    "db_row_edited_not_text.json": "row 1 of table 'decisions': field 'edited' must be a string or null",
    "db_row_unknown_decision.json": "field 'decision' must be one of accepted, rejected, skipped",
}


def _no_lock_left(folder: Path) -> None:
    assert [p.name for p in folder.rglob("*.lock")] == []


@pytest.mark.parametrize("name", sorted(DATABASES))
@pytest.mark.parametrize("command", ["app", "export"])
def test_database_of_the_wrong_content_is_named_kept_and_never_locked(tmp_path, name, command):
    database = tmp_path / "decisions.json"
    database.write_bytes((CORPUS / name).read_bytes())
    args = [EXAMPLE, "--db", str(database)]
    if command == "export":
        args = ["export", *args, "--fixes", str(tmp_path / "f.py")]
    line = _one_line_error(_cli(*args))
    assert str(database) in line and DATABASES[name] in line
    assert database.read_bytes() == (CORPUS / name).read_bytes()  # never overwritten
    assert len(list(tmp_path.glob("decisions.json.broken-*"))) == 1  # a copy kept aside
    again = _one_line_error(_cli(*args))  # a second start on the same file: the same one copy
    assert again == line and len(list(tmp_path.glob("decisions.json.broken-*"))) == 1
    assert not (tmp_path / "f.py").exists()
    _no_lock_left(tmp_path)


def test_database_under_a_path_whose_parent_is_a_file(tmp_path):
    (tmp_path / "plain").write_text("")
    line = _one_line_error(_cli(EXAMPLE, "--db", str(tmp_path / "plain" / "decisions.json")))
    assert "is a file, not a folder" in line
    _no_lock_left(tmp_path)


def test_database_pointing_at_a_directory(tmp_path):
    line = _one_line_error(_cli(EXAMPLE, "--db", str(tmp_path)))
    assert "is a folder" in line
    _no_lock_left(tmp_path)


@pytest.mark.skipif(AS_ROOT, reason=ROOT_WRITES_ANYWHERE)
def test_database_in_a_read_only_folder(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        line = _one_line_error(_cli(EXAMPLE, "--db", str(folder / "decisions.json")))
    finally:
        folder.chmod(0o700)
    assert "cannot be written" in line
    _no_lock_left(tmp_path)


@pytest.mark.parametrize("option", ["--json", "--fixes"])
def test_check_output_under_a_file_is_refused_before_the_audit(tmp_path, option):
    (tmp_path / "plain").write_text("")
    done = _cli("check", EXAMPLE, option, str(tmp_path / "plain" / "out"))
    line = _one_line_error(done)
    assert "is a file, not a folder" in line
    assert done.stdout == ""  # no audit ran: its summary is printed before any report is written


@pytest.mark.skipif(AS_ROOT, reason=ROOT_WRITES_ANYWHERE)
@pytest.mark.parametrize("option", ["--json", "--fixes"])
def test_check_output_in_a_read_only_folder_is_refused_before_the_audit(tmp_path, option):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        done = _cli("check", EXAMPLE, option, str(folder / "out"))
    finally:
        folder.chmod(0o700)
    assert "is not writable" in _one_line_error(done) and done.stdout == ""


@pytest.mark.parametrize("option", ["--json", "--fixes", "--jsonl"])
def test_check_makes_no_missing_folder(tmp_path, option):
    # A typo in a folder's name must not make a tree of folders (export refuses the same way).
    done = _cli("check", EXAMPLE, option, str(tmp_path / "no" / "such" / "out.json"))
    line = _one_line_error(done)
    assert f"{option} " in line and "does not exist; create it first" in line
    assert done.stdout == "" and not (tmp_path / "no").exists()


def test_export_output_under_a_file_is_refused_before_anything_runs(tmp_path):
    (tmp_path / "plain").write_text("")
    database = tmp_path / "decisions.json"
    database.write_text("{}")
    line = _one_line_error(
        _cli("export", EXAMPLE, "--db", str(database), "--patch", str(tmp_path / "plain" / "p.jsonl"))
    )
    assert "is a file, not a folder" in line


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--limit", "-5", "-5 must be above 0"),  # was a traceback from the sampler
        ("--limit", "0", "0 must be above 0"),
        ("--workers", "0", "0 must be above 0"),  # ran on every core
        ("--mutants", "0", "0 must be above 0"),  # excluded every problem as having no mutation site
        ("--fresh", "0", "0 must be above 0"),
        ("--cpu-seconds", "nan", "nan must be above 0"),
        ("--steps", "ten", "'ten' is not a number"),
        ("--harness-steps", "0", "0 must be above 0"),
        ("--show", "-1", "-1 must be 0 or more"),
    ],
)
def test_settings_that_cannot_mean_anything_are_refused_naming_the_option(option, value, said):
    done = _cli("check", str(EXAMPLES), option, value)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"argument {option}: {said}" in done.stderr


def test_the_harness_floor_is_the_users_to_set():
    from gameability_tui.commands.check import build_parser
    from gameability_tui.commands.options import audit_params
    from gameability_tui.engine.step_units import STEPS

    assert audit_params(build_parser().parse_args([EXAMPLE])).harness_steps == STEPS.harness_steps
    larger = build_parser().parse_args([EXAMPLE, "--harness-steps", "4000000"])
    assert audit_params(larger).harness_steps == 4_000_000


def test_a_benchmark_with_nothing_judged_prints_no_share_or_interval(tmp_path):
    every_one_excluded = tmp_path / "bad.jsonl"
    every_one_excluded.write_text('{"id": "x", "reference": "def f(:\\n", "tests": ["assert f(1) == 1"]}\n')
    done = _cli("check", str(every_one_excluded))
    assert done.returncode == 0, done.stderr
    assert "weak 0 of 0 (nothing to count)" in done.stdout and "interval" not in done.stdout


def test_confirm_refuses_the_stronger_suite_of_another_benchmark():
    line = _one_line_error(_cli("confirm", "humaneval", "--with", "mbpp-plus", "--limit", "3"))
    assert "another benchmark than humaneval: confirm humaneval --with humaneval-plus" in line


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ('{"question_id": "a", "solution": "def f(): 1"}', ":1: missing field 'test' (a KodCode row"),
        ("[1]", ":1: not a JSON object (a KodCode row holds"),  # was a traceback
        ('{"question_id": "a", "solution": 1, "test": ""}', ":1: field 'solution' must be a string"),
    ],
)
def test_a_bad_kodcode_row_is_named_with_what_a_row_holds(tmp_path, row, said):
    rows = tmp_path / "k.jsonl"
    rows.write_text(row + "\n")
    assert f"{rows}{said}" in _one_line_error(_cli("check", f"kodcode:{rows}"))
