"""The small phrasing helpers the outputs share."""

from __future__ import annotations

from pathlib import Path

from gameability_tui.words import counted, home_path


def test_counted_says_one_and_many():
    assert counted(1, "problem") == "1 problem"
    assert counted(3, "problem") == "3 problems"


def test_a_path_under_home_is_written_with_a_tilde(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "me"))
    assert home_path(tmp_path / "me" / ".local" / "db.json") == "~/.local/db.json"
    assert home_path(tmp_path / "me-too" / "db.json") == str(tmp_path / "me-too" / "db.json")  # not home
    assert home_path(Path("/etc/db.json")) == "/etc/db.json"
