"""The user a candidate runs as: nobody outside its namespaces, even where the interpreter lies
under a folder nobody cannot enter (``sandbox/reach.py``), and still able to import.

Each candidate runs in a real child; what it did is seen from here, outside its namespaces (its
process's ``/proc`` status, the owner of a file it wrote), not as it sees itself (root of its
namespace). Where this process is not root, the kernel lets it map candidates only to itself: the
tests that need nobody are skipped, saying so."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from gameability_tui.engine.sandbox import Job, children_kept, namespaces, reach, run_job, run_jobs

ROOT = Path(__file__).resolve().parents[3]


def _why_not_nobody() -> str | None:
    if not namespaces.available():
        return namespaces.gap()
    if os.geteuid() != 0:
        return "not root: the kernel lets this process map candidates only to its own user"
    return None


needs_nobody = pytest.mark.skipif(_why_not_nobody() is not None, reason=_why_not_nobody() or "")


def _job(program: str) -> Job:
    return Job(mode="reference", program=program, setup="", entry="f", alias=None,
               calls=[((1,), {})], call_budgets=[50_000_000])  # fmt: skip


def _returned(program: str):
    run = run_job(_job(program))
    assert run.complete, run.stopped
    kind, value = run.calls[0][0][:2]
    assert kind == "value", value
    return value


@pytest.fixture
def closed_folder():
    """A folder under /tmp that only its owner may enter (mode 700), with a readable file in it."""
    folder = Path(tempfile.mkdtemp(prefix="gameability-closed-"))
    (folder / "secret.txt").write_text("auditor's token")
    (folder / "secret.txt").chmod(0o644)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@needs_nobody
def test_the_candidates_user_is_nobody_seen_from_outside():
    assert namespaces.user_gap() is None, namespaces.user_gap()
    # The file it writes is removed before it returns: a job that leaves one in its lane is not
    # clean, so its child would end at once, and its /proc and lane could be gone before they
    # are read. Its owner, as the host sees it, goes through the namespace's own id maps.
    program = (
        "import os\n"
        "def _outside(identity, kind):\n"
        "    for line in open(f'/proc/self/{kind}_map'):\n"
        "        start, outside, count = map(int, line.split())\n"
        "        if start <= identity < start + count:\n"
        "            return outside + identity - start\n"
        "def f(x):\n"
        "    from gameability_tui.engine.sandbox import namespaces\n"
        "    open('made-by-a-candidate.txt', 'w').write('x')\n"
        "    made = os.stat('made-by-a-candidate.txt')\n"
        "    os.remove('made-by-a-candidate.txt')\n"
        "    owner = (_outside(made.st_uid, 'uid'), _outside(made.st_gid, 'gid'))\n"
        "    return (namespaces.runner_pid(), os.getcwd(), os.environ['HOME'], owner)\n"
    )
    with children_kept():  # the child lives on, clean, until the block ends
        run = run_jobs([_job(program)])[0]
        assert run.complete, run.stopped
        pid, lane, home, owner = run.calls[0][0][1]
        status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    assert status["Uid"].split() == ["65534"] * 4
    assert status["Gid"].split() == ["65534"] * 4
    assert status["Groups"].split() == []  # none of the worker's supplementary groups
    assert tuple(owner) == (65534, 65534)
    assert home == lane


@needs_nobody
def test_a_candidate_reads_nothing_under_a_closed_folder_nor_in_the_auditors_home(closed_folder):
    program = (
        "import os\n"
        "def _read(path):\n"
        "    try:\n"
        "        with open(path, 'rb') as handle:\n"
        "            return handle.read(1) is not None\n"
        "    except OSError:\n"
        "        return False\n"
        "def _inside(folder):\n"
        "    try:\n"
        "        return [os.path.join(folder, name) for name in os.listdir(folder)]\n"
        "    except OSError:\n"
        "        return []\n"
        "def f(x):\n"
        "    home = os.path.expanduser('~root')\n"
        f"    tried = [{str(closed_folder / 'secret.txt')!r}] + _inside(home) + _inside(home + '/.ssh')\n"
        "    return [path for path in tried if _read(path)]\n"
    )
    assert _returned(program) == []


def _run_elsewhere(
    script: str, command: tuple[str, ...] = ("-c",), cwd: Path | None = None, **environment: str
) -> dict:
    """``script`` in a fresh interpreter (its own census of what the interpreter needs), run as
    ``command`` (``-c``, or ``-m`` and a module's name, in ``cwd``); its last line of output, as JSON."""
    env = {**os.environ, **environment}
    arguments = [*command, script] if command == ("-c",) else list(command)
    done = subprocess.run(
        [sys.executable, *arguments], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


# The candidate's uid as the host sees it: its own uid through its user namespace's map, read by
# the candidate while it runs (its child may end as soon as its job is done: a job that leaves a
# file in its lane or imports a module is not clean, so /proc/PID read afterwards can be gone).
_OUTSIDE_UID = """
def _reported(x):
    import os as _os
    value, inside = f(x), _os.getuid()
    for line in open('/proc/self/uid_map'):
        start, outside, count = map(int, line.split())
        if start <= inside < start + count:
            return [value, outside + inside - start]
    return [value, None]
"""

_REPORT = """
import json, os, warnings
from gameability_tui.engine.sandbox import Job, namespaces, run_jobs
job = Job(mode="reference", program=PROGRAM + OUTSIDE_UID, setup="", entry="_reported", alias=None,
          calls=[((1,), {})], call_budgets=[50_000_000])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    run = run_jobs([job])[0]
    value, uid = run.calls[0][0][1] if run.complete else (run.stopped, None)
print(json.dumps({"value": value, "uid": None if uid is None else str(uid),
                  "owner": namespaces.candidate_owner(),
                  "note": namespaces.isolation_note(), "warned": [str(w.message) for w in caught]}))
"""


def _report(program: str) -> str:
    """The script that runs ``program``'s ``f(1)`` as a candidate and prints what it saw."""
    return f"PROGRAM = {program!r}\nOUTSIDE_UID = {_OUTSIDE_UID!r}\n{_REPORT}"


def test_modules_its_worker_had_not_imported_load_as_its_candidate():
    # In a fresh interpreter, which has imported none of these: the child must read them from
    # the stdlib (decimal's C part from lib-dynload) as the user it runs as.
    modules = ["fractions", "decimal", "colorsys", "statistics", "csv", "uuid"]
    program = (
        "import sys\n"
        "def f(x):\n"
        "    from gameability_tui.engine.sandbox import namespaces\n"
        f"    loaded = [name for name in {modules!r} if name in sys.modules]\n"
        f"    import {', '.join(modules)}\n"
        "    return [namespaces.runner_pid(), loaded,\n"
        "            str(fractions.Fraction(1, 3) + fractions.Fraction(1, 6)),\n"
        "            str(decimal.Decimal('1.1') * 3), statistics.median([3, 1, 2]),\n"
        "            list(colorsys.rgb_to_hsv(1, 0, 0)), next(csv.reader(['a,b'])), len(str(uuid.uuid4()))]\n"
    )
    report = _run_elsewhere(_report(program), PYTHONPATH=str(ROOT))
    _, loaded, *results = report["value"]
    assert loaded == []  # the premise: imported here for the first time
    assert results == ["1/2", "3.3", 2, [0.0, 1.0, 1], ["a", "b"], 36]
    if _why_not_nobody() is None:
        assert report["uid"] == "65534"


@needs_nobody
def test_a_lane_under_a_folder_nobody_cannot_enter_is_still_its_candidates(closed_folder):
    program = (
        "import os\n"
        "def f(x):\n"
        "    from gameability_tui.engine.sandbox import namespaces\n"
        "    open('made-by-a-candidate.txt', 'w').write('x')\n"
        "    try:\n"
        f"        secret = open({str(closed_folder / 'secret.txt')!r}).read()\n"
        "    except OSError as error:\n"
        "        secret = type(error).__name__\n"
        "    return [namespaces.runner_pid(), os.getcwd(), secret]\n"
    )
    report = _run_elsewhere(_report(program), TMPDIR=str(closed_folder), PYTHONPATH=str(ROOT))
    pid, lane, secret = report["value"]
    assert lane.startswith(str(closed_folder) + "/")
    assert report["uid"] == "65534" and report["note"] is None and report["warned"] == []
    assert secret == "FileNotFoundError"  # the cover hides the folder's own files: not even there


@needs_nobody
def test_a_path_nobody_cannot_read_keeps_candidates_as_this_user_and_says_so_once(closed_folder):
    (closed_folder / "closed_module.py").write_text("VALUE = 42\n")
    program = (
        "def f(x):\n"
        "    from gameability_tui.engine.sandbox import namespaces\n"
        "    import closed_module\n"
        "    return [namespaces.runner_pid(), closed_module.VALUE]\n"
    )
    path = os.pathsep.join((str(closed_folder), str(ROOT)))
    report = _run_elsewhere(_report(program), PYTHONPATH=path)
    assert report["value"][1] == 42  # a benchmark that imports from there still runs
    assert report["uid"] == "0" and report["owner"] is None
    assert f"nobody cannot read {closed_folder}" in report["note"]
    assert report["warned"] == [report["note"]]


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


@needs_nobody
def test_a_worker_started_in_a_folder_nobody_cannot_read_still_runs_candidates_as_nobody(closed_folder):
    # ``python -m`` (as a census starts its workers) puts the working folder first on sys.path:
    # the auditor's, after ``cd ~``. Candidates have no business importing from there, and it
    # must not keep them as the auditor's user.
    program = (
        "def f(x):\n"
        "    from gameability_tui.engine.sandbox import namespaces\n"
        "    return [namespaces.runner_pid()]\n"
    )
    (closed_folder / "started_here.py").write_text(_report(program))
    report = _run_elsewhere("", ("-m", "started_here"), cwd=closed_folder, PYTHONPATH=str(ROOT))
    assert report["uid"] == "65534" and report["note"] is None and report["warned"] == []


def test_the_library_path_is_read_on_a_python_without_safe_path(monkeypatch):
    # (Python 3.10 has no ``sys.flags.safe_path``: every child failed there, and pyproject allows 3.10)
    class Flags:  # 3.10's flags: no ``safe_path``
        pass

    class Python:
        flags = Flags()
        path = ["/the-auditors-folder", "/the-library"]

    monkeypatch.setattr(reach, "sys", Python)
    assert reach._library_entries() == ["/the-library"]
