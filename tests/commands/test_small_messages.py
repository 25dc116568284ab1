"""The smaller messages a new user met, each said as it is: a JSON error's column, a data folder
without the file, a --db whose folder does not exist."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import EXAMPLES

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.benchmarks.reading import LoadError


def test_a_json_error_says_at_column_once(tmp_path):
    path = tmp_path / "bad.jsonl"
    first = EXAMPLES.read_text().splitlines()[0]
    path.write_text(first + '\n{"id": "x", "reference": "a\x01b"}\n')  # a raw control character
    with pytest.raises(LoadError) as error:
        load_benchmark(str(path))
    said = str(error.value)
    assert f"{path}:2: not valid JSON (Invalid control character at column " in said
    assert "at at" not in said


def test_a_data_folder_without_the_file_says_so_not_that_the_hub_is_unreachable(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEABILITY_TUI_DATA", str(tmp_path))
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # were the hub tried, it would fail
    with pytest.raises(LoadError) as error:
        load_benchmark("mbpp")
    said = str(error.value)
    assert f"{tmp_path} (GAMEABILITY_TUI_DATA) has no mbpp.jsonl" in said and "hub" in said
    assert "cannot reach" not in said


def test_a_db_in_a_folder_that_does_not_exist_is_refused_before_anything_starts(tmp_path):
    typo = tmp_path / "reviw" / "decisions.json"
    done = subprocess.run(
        [sys.executable, "-m", "gameability_tui", str(EXAMPLES), "--db", str(typo)],
        capture_output=True, text=True, timeout=120, env=dict(os.environ), stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"--db {typo}: no folder {typo.parent}" in done.stderr and "mkdir -p" in done.stderr
    assert not typo.parent.exists()  # nothing made: no database, no cache beside it
