"""The user a candidate runs as: nobody outside its namespaces, even where the interpreter lies
under a folder nobody cannot enter (``sandbox/reach.py``), and still able to import."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from gameability_tui.engine.sandbox import reach


@pytest.fixture
def closed_folder():
    """A folder under /tmp that only its owner may enter (mode 700), with a readable file in it."""
    folder = Path(tempfile.mkdtemp(prefix="gameability-closed-"))
    (folder / "secret.txt").write_text("auditor's token")
    (folder / "secret.txt").chmod(0o644)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_plan_covers_the_outermost_closed_folder_and_binds_back_only_outermost_trees(closed_folder):
    inner = closed_folder / "python" / "lib"
    (inner / "site").mkdir(parents=True)
    other = closed_folder / "project"
    other.mkdir()
    for folder in (closed_folder / "python", inner, inner / "site", other):
        folder.chmod(0o755)
    covers = reach.plan([str(inner), str(inner / "site"), str(other), sys.base_prefix])
    mine = [cover for cover in covers if cover.folder == str(closed_folder)]
    assert mine == [reach.Cover(str(closed_folder), (str(other), str(inner)))]
    (inner / "site").chmod(0o700)
    with pytest.raises(reach.Unreachable, match="nobody cannot read"):
        reach.plan([str(inner / "site")])
