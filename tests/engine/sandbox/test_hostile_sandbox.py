"""Hostile candidates that attack the sandbox itself, audited by the real census.

Each attack (``hostile/sandbox.jsonl``) sits in a problem's setup, so every candidate runs it and
its reference fails a visible test if it succeeds (``HARMED``); its twin has the same function
and tests and no attack. An attack that is held changes nothing: the problem is judged exactly
as its twin is, under the same id, alone. What an attack would harm outside the census (a
canary folder, a file outside, a token in the environment, a daemon) is checked here too."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import running

from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.executors.local import Census, WorkerProcess
from gameability_tui.engine.model import AuditParams, Problem
from gameability_tui.engine.sandbox import namespaces

SANDBOX = Path(__file__).parent / "hostile" / "sandbox.jsonl"
TOKEN_NAME = "GAMEABILITY_TEST_FAKE_TOKEN"
TOKEN = "fake-token-1f6e0c2b"
ALLOWED = ("PATH", "LANG", "PYTHONHASHSEED", "HOME")

needs_namespaces = pytest.mark.skipif(not namespaces.available(), reason=namespaces.gap() or "")


def _problems(canary: Path, outside: Path, secret: Path) -> list[Problem]:
    """The problems of ``hostile/sandbox.jsonl``, told where the canary, the outside file and the
    auditor's secret are."""
    given = f"CANARY = {str(canary)!r}\nOUTSIDE = {str(outside)!r}\nSECRET = {str(secret)!r}\n"
    given += f"ALLOWED = {ALLOWED!r}\n"
    problems = []
    for line in SANDBOX.read_text().splitlines():
        row = json.loads(line)
        problems.append(Problem.from_dict({**row, "setup": given + row["setup"], "tests": row["tests"]}))
    return problems


@pytest.fixture(scope="module")
def audited(tmp_path_factory):
    folder = tmp_path_factory.mktemp("user-folder")
    canary = tmp_path_factory.mktemp("canary")
    (canary / "keep.txt").write_text("precious")
    outside = tmp_path_factory.mktemp("outside") / "written-by-a-candidate.txt"
    closed = Path(tempfile.mkdtemp(prefix="gameability-auditor-"))  # mode 700, in /tmp (open to all)
    secret = closed / "token.txt"
    secret.write_text(TOKEN)
    secret.chmod(0o644)  # only its folder keeps others out
    problems = _problems(canary, outside, secret)
    Path("/tmp/escaped-by-a-candidate.txt").unlink(missing_ok=True)  # left by an earlier run
    before = os.getcwd()
    os.environ[TOKEN_NAME] = TOKEN  # the workers inherit it; no candidate may see it
    os.chdir(folder)
    try:
        started = time.monotonic()
        by_id = {result.id: result for result in Census(problems, AuditParams(), workers=2)}
        seconds = time.monotonic() - started
    finally:
        os.chdir(before)
        del os.environ[TOKEN_NAME]
        shutil.rmtree(closed, ignore_errors=True)
    return {"by_id": by_id, "problems": {p.id: p for p in problems}, "canary": canary,
            "outside": outside, "folder": folder, "seconds": seconds}  # fmt: skip


ATTACKS = sorted(
    {json.loads(line)["id"] for line in SANDBOX.read_text().splitlines()} - {"floods_its_record_pipe"}
)
ATTACKS = [name for name in ATTACKS if not name.endswith("__twin")]
HELD_WITHOUT_NAMESPACES = {
    "swaps_its_folder_for_a_link", "replaces_random_module", "wraps_marshal_dumps",
    "imports_what_its_worker_had_not",  # no attack: a plain need, met as nobody and as before
}  # fmt: skip
# Held only where candidates run as another user than the auditor's: nobody, which only root may map.
NEEDS_ANOTHER_USER = {"reads_the_auditors_files"}


def _verdict(result) -> dict:
    return result.to_dict() | {"seconds": 0}


@pytest.mark.parametrize("attack", ATTACKS)
def test_an_attack_that_is_held_changes_no_verdict(audited, attack):
    if attack not in HELD_WITHOUT_NAMESPACES and not namespaces.available():
        pytest.skip(namespaces.gap())
    if attack in NEEDS_ANOTHER_USER and os.geteuid() != 0:
        pytest.skip("not root: the kernel lets candidates be mapped only to the auditor's own user")
    twin = audited["problems"][attack + "__twin"]
    alone = audit_problem(replace(twin, id=attack), AuditParams())
    result = audited["by_id"][attack]
    assert result.status == "ok", result.detail
    assert _verdict(result)["n_mutants"] == _verdict(alone)["n_mutants"]
    for field in ("status", "n_mutants", "n_equivalent", "n_broken", "n_survived", "n_truncated"):
        assert getattr(result, field) == getattr(alone, field), field


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_plain_twin_beside_an_attack_is_judged_as_alone(audited, attack):
    twin = audited["problems"][attack + "__twin"]
    assert _verdict(audited["by_id"][twin.id]) == _verdict(audit_problem(twin, AuditParams()))


def test_deletion_through_a_swapped_link_is_impossible(audited):
    assert (audited["canary"] / "keep.txt").read_text() == "precious"
    assert list(audited["folder"].iterdir()) == []


@needs_namespaces
def test_writes_outside_the_lane_folder_fail(audited):
    assert not audited["outside"].exists()
    assert not Path("/tmp/escaped-by-a-candidate.txt").exists()


def test_no_result_holds_the_token(audited):
    assert TOKEN not in json.dumps([_verdict(result) for result in audited["by_id"].values()])


@needs_namespaces
def test_a_setsid_double_forked_daemon_is_gone_after_the_audit(audited):
    assert audited["by_id"]["leaves_a_daemon"].status == "ok"
    assert running(["sleep", "67"]) == []


def test_a_flood_of_its_record_pipe_is_stopped_quickly(audited):
    result = audited["by_id"]["floods_its_record_pipe"]
    assert result.status.startswith("excluded:") and "flooded" in result.detail
    assert result.seconds < 20


def _fd_open_on(pid: int, pipe: str) -> str | None:
    """The path of the worker's descriptor (other than its stdout) open on `pipe`; descriptors
    the worker closes while we look (it moves its answer fd at start) are simply passed over."""
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            if name != "1" and os.readlink(f"/proc/{pid}/fd/{name}") == pipe:
                return f"/proc/{pid}/fd/{name}"
        except FileNotFoundError:
            continue
    return None


def test_a_forged_answer_line_is_refused(tmp_path):
    """A line written into a worker's answer pipe from outside (as a candidate that reached it
    would) is a protocol error for the problem in flight, never its result."""
    worker = WorkerProcess()
    try:
        ours = os.readlink(f"/proc/self/fd/{worker.process.stdout.fileno()}")
        pid = worker.process.pid
        deadline = time.monotonic() + 10
        target = None
        while target is None and time.monotonic() < deadline:  # its answer fd, once it has moved it
            target = _fd_open_on(pid, ours)
            time.sleep(0.05)
        assert target is not None
        forged = {"result": {"id": "forged", "status": "ok", "n_mutants": 99}}
        fd = os.open(target, os.O_WRONLY)
        os.write(fd, (json.dumps(forged) + "\n").encode())
        os.close(fd)
        problem = Problem(id="plain", reference="def f(x):\n    return x + 1\n", tests=("assert f(1) == 2",))
        with pytest.raises(RuntimeError, match="protocol error"):
            worker.ask("gate", problem, AuditParams(), entry="f", survivors=[], texts=["assert f(2) == 3"])
    finally:
        worker.stop()


ENCODING = Path(__file__).parent / "hostile" / "encoding.jsonl"


@pytest.fixture(scope="module")
def encoded():
    problems = [Problem.from_dict(json.loads(line)) for line in ENCODING.read_text().splitlines()]
    return {p.id: p for p in problems}, {r.id: r for r in Census(problems, AuditParams(), workers=2)}


ENCODING_ATTACKS = [json.loads(line)["id"] for line in ENCODING.read_text().splitlines()][::2]


@pytest.mark.parametrize("attack", ENCODING_ATTACKS)
def test_a_result_that_cannot_be_encoded_is_an_outcome_with_its_reason(encoded, attack):
    """Its reference's call is an outcome with the reason (the input is no oracle), never a
    child that died or a worker that crashed, and it costs seconds, not the backstop."""
    result = encoded[1][attack]
    assert result.status == "ok" or result.status == "excluded:no-usable-oracle", result.detail
    assert "exited with code" not in result.detail and "crash" not in result.status
    assert result.seconds < 30


@pytest.mark.parametrize("attack", ENCODING_ATTACKS)
def test_a_plain_twin_beside_an_unencodable_result_is_judged_as_alone(encoded, attack):
    twin = encoded[0][attack + "__twin"]
    assert encoded[1][twin.id].status == "ok"
    assert _verdict(encoded[1][twin.id]) == _verdict(audit_problem(twin, AuditParams()))
