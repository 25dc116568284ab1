"""The census on a real two-node Ray cluster gives the local census's results, field by field.

The cluster is started here on loopback addresses only (``loopback_ray.py``: a head on 127.0.0.2,
a node on 127.0.0.3, token authentication on) and stopped by killing exactly the processes it
started. ``check --ray`` runs as a real child process and its ``--json`` report is compared with
a local ``check`` of the same benchmark: every field of every problem except ``seconds``. A node
killed mid-run must change nothing, and a node that would count steps differently (no compiled
step counter) must stop the run with a message naming it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT, SHARED_DATA

pytest.importorskip("ray", reason="ray is not installed (pip install -e '.[ray]' runs these tests)")

from loopback_ray import LoopbackCluster, loopback_usable  # noqa: E402

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not loopback_usable("127.0.0.2"),
    reason="the loopback Ray cluster needs Linux, where all of 127/8 is loopback",
)

CHECK_SECONDS = 1200  # a check that takes longer has hung: it is killed and the test fails
MBPP = SHARED_DATA / "mbpp.jsonl"


@pytest.fixture(scope="module")
def cluster():
    cluster = LoopbackCluster(nodes=2)
    try:
        yield cluster
    finally:
        cluster.stop()
        cluster.remove()


def run_check(arguments: list[str], report: Path, env: dict[str, str] | None = None):
    """``gameability-tui check ... --json report`` as a child process; its output and problems."""
    done = subprocess.run(
        [sys.executable, "-m", "gameability_tui", "check", *arguments, "--json", str(report)],
        capture_output=True,
        text=True,
        env={**(env or os.environ), "COLUMNS": "250"},
        timeout=CHECK_SECONDS,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done.stdout, problems_of(report)


def problems_of(report: Path) -> list[dict]:
    problems = json.loads(report.read_text())["problems"]
    for problem in problems:
        del problem["seconds"]  # the only field that may differ between two runs
    return problems


def assert_same(ray_problems: list[dict], local_problems: list[dict]) -> None:
    assert [p["id"] for p in ray_problems] == [p["id"] for p in local_problems]
    for ray_problem, local_problem in zip(ray_problems, local_problems):
        assert ray_problem == local_problem, ray_problem["id"]


def ray_line(stdout: str) -> tuple[set[str], int]:
    """The nodes that audited, and how many problems were run again after losing their worker."""
    found = re.search(
        r"on Ray: \d+ actors on nodes ([\d., ]+); problems run again after losing their worker: (\d+)", stdout
    )
    assert found, stdout[-2000:]
    return set(found.group(1).split(", ")), int(found.group(2))


@pytest.fixture(scope="module")
def humaneval_local(tmp_path_factory) -> list[dict]:
    return run_check(["humaneval"], tmp_path_factory.mktemp("local") / "humaneval.json")[1]


def test_check_on_two_ray_nodes_gives_the_local_results_on_humaneval(cluster, humaneval_local, tmp_path):
    stdout, problems = run_check(["humaneval", "--ray", cluster.address], tmp_path / "ray.json", cluster.env)
    assert len(problems) == 164
    assert_same(problems, humaneval_local)
    nodes, rerun = ray_line(stdout)
    assert nodes == {"127.0.0.2", "127.0.0.3"} and rerun == 0  # both nodes audited
    # Ray would put the machine's network address in place of 127.0.0.1; these nodes stayed put.
    assert cluster.session_addresses() <= {node.address for node in cluster.nodes}


@pytest.mark.slow
@pytest.mark.skipif(not MBPP.exists(), reason=f"MBPP full is not at {MBPP}")
def test_check_on_two_ray_nodes_gives_the_local_results_on_mbpp_full(cluster, tmp_path):
    arguments = ["mbpp", "--data", str(MBPP)]
    _, local = run_check(arguments, tmp_path / "local.json")
    stdout, problems = run_check([*arguments, "--ray", cluster.address], tmp_path / "ray.json", cluster.env)
    assert len(problems) == len(local) > 900
    assert_same(problems, local)
    assert ray_line(stdout)[0] == {"127.0.0.2", "127.0.0.3"}


def hosted_workers(node) -> list[str]:
    return [command for command in node.commands() if "gameability_tui.engine.executors.worker" in command]


def test_a_node_killed_mid_run_loses_only_its_in_flight_problems(cluster, humaneval_local, tmp_path):
    doomed = cluster.add_node()  # a third node, so the first two stay for the tests after this one
    report = tmp_path / "ray.json"
    child = subprocess.Popen(
        [sys.executable, "-m", "gameability_tui", "check", "humaneval", "--ray", cluster.address]
        + ["--json", str(report)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**cluster.env, "COLUMNS": "250"},
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + CHECK_SECONDS
        while not hosted_workers(doomed):  # the doomed node's actor has started auditing
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the third node never audited"
            time.sleep(0.1)
        time.sleep(1.0)
        doomed.stop()  # every process of that node: raylet, agents, actor, its worker, candidates
        assert doomed.pids() == set()
        stdout, stderr = child.communicate(timeout=CHECK_SECONDS)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0, stdout[-2000:] + stderr[-3000:]
    assert_same(problems_of(report), humaneval_local)
    nodes, rerun = ray_line(stdout)
    assert rerun >= 1  # the node died with problems in flight: they were run again elsewhere
    assert "127.0.0.4" in nodes


def test_a_node_without_the_compiled_step_counter_refuses_and_stops_the_run(cluster, tmp_path):
    shadow = tmp_path / "shadow"  # this package as a node without a C compiler would have it
    shutil.copytree(
        ROOT / "gameability_tui",
        shadow / "gameability_tui",
        ignore=shutil.ignore_patterns("*.so", "__pycache__"),
    )
    odd = cluster.add_node(env={"PYTHONPATH": str(shadow)})
    try:
        done = subprocess.run(
            # One actor, which may well start on another node: the odd node must be found anyway,
            # before any problem is handed out, however soon the audit would end.
            [sys.executable, "-m", "gameability_tui", "check", str(EXAMPLES), "--ray", cluster.address]
            + ["--workers", "1"],
            capture_output=True,
            text=True,
            env=cluster.env,
            timeout=CHECK_SECONDS,
            cwd=tmp_path,  # Ray puts the driver's folder first on every worker's path: not this repo
        )
    finally:
        odd.stop()
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-3000:]
    assert f"the Ray node {odd.address} has no compiled step counter" in done.stderr
    assert "Traceback" not in done.stderr
    assert "supplied" not in done.stdout  # refused before auditing anything


async def test_the_app_streams_the_ray_census_into_its_table(cluster, monkeypatch, tmp_path):
    from ray._private.authentication_test_utils import reset_auth_token_state

    from gameability_tui.benchmarks import load_benchmark
    from gameability_tui.engine.executors.base import Executor
    from gameability_tui.engine.executors.choice import join
    from gameability_tui.engine.executors.local import Census
    from gameability_tui.engine.model import AuditParams
    from gameability_tui.store import DecisionStore, ResultCache
    from gameability_tui.tui.app import GameabilityApp

    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN"):
        monkeypatch.setenv(name, cluster.env[name])
    reset_auth_token_state()  # Ray read the (absent) token when this process imported it
    benchmark = load_benchmark(str(EXAMPLES))
    local = {r.id: r.to_dict() | {"seconds": 0} for r in Census(benchmark.problems, AuditParams(), workers=2)}
    executor = Executor(ray_address=cluster.address)
    join(executor)  # as `gameability-tui BENCH --ray ADDRESS` does before the app opens
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    cache = ResultCache(tmp_path / "cache.json")
    app = GameabilityApp(benchmark, store, cache, executor=executor)
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            deadline = time.monotonic() + CHECK_SECONDS
            while not (app.triage is not None and app.triage.finished):
                assert time.monotonic() < deadline, "the audit on Ray did not finish"
                await pilot.pause(0.1)
            shown = {i: r.to_dict() | {"seconds": 0} for i, r in app.state.results.items()}
            assert app.triage.table.row_count == len(benchmark.problems)
    finally:
        store.close()
        # This test is the only one that makes the test process itself a Ray driver; Ray's
        # threads would outlive it, and every later test that forks in this process (the
        # sandbox's) would fork a multi-threaded process, which Python 3.12+ warns about.
        import ray

        ray.shutdown()
    assert shown == local


def test_an_address_where_nothing_listens_is_one_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "gameability_tui", "check", str(EXAMPLES), "--ray", "127.0.0.2:1"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("gameability-tui: cannot join a Ray cluster at '127.0.0.2:1'")
    assert "Traceback" not in done.stderr
