"""Wall time of `check` on a two-node loopback Ray cluster against a local `check`, in the same run.

    python bench/ray_census.py [--repeats N] [--mbpp PATH]

Starts a head on 127.0.0.2 and a node on 127.0.0.3 (one CPU each, token authentication; see
tests/loopback_ray.py), then runs `check humaneval` and `check mbpp --data PATH` locally (2
workers) and with `--ray`, alternating, as child processes. Prints each run's wall time, the
medians and the Ray/local ratio, and whether the `problems` of the two reports are identical
(every field but `seconds`). The cluster's start-up is timed apart: it is paid once per cluster,
not per audit. On one 2-core machine two Ray nodes cannot be faster than two local workers; what
this measures is Ray's overhead, and that the results do not change.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from loopback_ray import LoopbackCluster  # noqa: E402


def timed_check(arguments: list[str], report: Path, env: dict[str, str]) -> float:
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "gameability_tui", "check", *arguments, "--json", str(report)],
        check=True,
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=3600,
    )
    return time.monotonic() - started


def problems(report: Path) -> list[dict]:
    rows = json.loads(report.read_text())["problems"]
    for row in rows:
        del row["seconds"]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--mbpp", type=Path, default=ROOT.parent / "shared" / "data" / "mbpp.jsonl")
    args = parser.parse_args()
    benchmarks = {"humaneval": ["humaneval"]}
    if args.mbpp.exists():
        benchmarks["mbpp full"] = ["mbpp", "--data", str(args.mbpp)]
    started = time.monotonic()
    cluster = LoopbackCluster(nodes=2)
    print(f"two-node loopback cluster started in {time.monotonic() - started:.1f} s at {cluster.address}")
    try:
        with tempfile.TemporaryDirectory() as folder:
            for name, arguments in benchmarks.items():
                local, ray = [], []
                same = True
                for repeat in range(args.repeats):
                    local_report = Path(folder) / f"local-{repeat}.json"
                    ray_report = Path(folder) / f"ray-{repeat}.json"
                    local.append(timed_check([*arguments, "--workers", "2"], local_report, dict(os.environ)))
                    ray.append(timed_check([*arguments, "--ray", cluster.address], ray_report, cluster.env))
                    same &= problems(local_report) == problems(ray_report)
                    print(f"  {name} run {repeat + 1}: local {local[-1]:.1f} s, ray {ray[-1]:.1f} s")
                local_s, ray_s = statistics.median(local), statistics.median(ray)
                print(
                    f"{name}: local median {local_s:.1f} s, two Ray nodes median {ray_s:.1f} s, "
                    f"ratio {ray_s / local_s:.2f}; problems identical: {same}",
                    flush=True,
                )
    finally:
        cluster.stop()
        cluster.remove()


if __name__ == "__main__":
    main()
