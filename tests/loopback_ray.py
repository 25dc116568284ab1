"""A Ray cluster on loopback addresses that stops exactly the processes it started.

Ray replaces 127.0.0.1 with the machine's network address, so each node gets its own loopback
address (127.0.0.2 for the head, .3, .4 ... for the others) and every port Ray would otherwise
take at a fixed number (52365, 10001, 8265) is chosen free on that address: other users of the
machine may run Ray too. Token authentication is on (``RAY_AUTH_MODE=token`` with a token made
here, passed through the environment, never written to ``~/.ray``).

Each node runs ``ray start --block`` under a small launcher that makes itself a child subreaper:
every process the node starts, including the daemons Ray detaches, stays its descendant, and
stopping the node kills that tree and nothing else. ``ray stop`` would kill every Ray process on
the machine by name. The launcher also ends the tree when the process that started it dies.

Used by ``tests/test_ray.py`` and ``bench/ray_census.py``; Linux only (prctl, /proc).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

START_SECONDS = 240.0  # a loaded 2-core machine has taken 30 s to start a head node
# Ray's raylet waits about 15 s for its dashboard agent, which a loaded machine can take longer to
# start (the raylet then aborts); a node that fails so is started again.
START_ATTEMPTS = 5
WORKER_PORTS = 24  # one per Ray worker process a node may start (actors, idle workers)

LAUNCHER = r"""
import ctypes, os, signal, subprocess, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans of the node stay ours
libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG: the test died, so do we
me = os.getpid()

def tree():
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    parents[int(name)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = set(), {me}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found

def end(*_):
    for _ in range(50):
        pids = tree()
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass
    os._exit(0)

signal.signal(signal.SIGTERM, end)
signal.signal(signal.SIGINT, end)
node = subprocess.Popen(sys.argv[1:])
while True:
    try:
        pid, _ = os.wait()
    except ChildProcessError:
        end()
    if pid == node.pid:
        end()  # `ray start --block` ends when one of the node's processes dies
"""


def loopback_usable(address: str) -> bool:
    """Whether this machine can bind ``address`` (Linux routes all of 127/8 to loopback)."""
    try:
        with socket.socket() as probe:
            probe.bind((address, 0))
        return True
    except OSError:
        return False


def _has_ray_client() -> bool:
    from ray._private.utils import get_ray_client_dependency_error

    return get_ray_client_dependency_error() is None


def free_port(address: str) -> int:
    with socket.socket() as probe:
        probe.bind((address, 0))
        return probe.getsockname()[1]


class LoopbackNode:
    """One Ray node on ``address``; ``stop()`` kills every process it started, and only those."""

    def __init__(self, address: str, env: dict[str, str], head: str | None = None, cpus: int = 1):
        self.address = address
        self.temp_dir = Path(tempfile.mkdtemp(prefix="gtr-", dir="/tmp"))  # Ray's socket paths are short
        self.log = self.temp_dir / "start.log"
        self.port = free_port(address) if head is None else None
        ports = {
            "--node-manager-port": free_port(address),
            "--object-manager-port": free_port(address),
            "--dashboard-agent-listen-port": free_port(address),
            "--dashboard-agent-grpc-port": free_port(address),
            "--runtime-env-agent-port": free_port(address),
            "--metrics-export-port": free_port(address),
        }
        command = [
            str(Path(sys.executable).with_name("ray")),
            "start",
            "--block",
            f"--node-ip-address={address}",
            f"--temp-dir={self.temp_dir}",
            f"--num-cpus={cpus}",
            "--object-store-memory=100000000",
            "--disable-usage-stats",
            *[f"{flag}={port}" for flag, port in ports.items()],
            f"--worker-port-list={','.join(str(free_port(address)) for _ in range(WORKER_PORTS))}",
        ]
        if head is None:
            command += [
                "--head",
                f"--port={self.port}",
                "--include-dashboard=false",
                f"--dashboard-host={address}",
                f"--dashboard-port={free_port(address)}",
            ]
            if _has_ray_client():  # ray[default] starts a client server, on 10001 unless told
                command.append(f"--ray-client-server-port={free_port(address)}")
        else:
            command.append(f"--address={head}")
        with open(self.log, "wb") as log:
            self.launcher = subprocess.Popen(
                [sys.executable, "-c", LAUNCHER, *command],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )

    def wait_started(self, timeout: float = START_SECONDS) -> None:
        deadline = time.monotonic() + timeout
        while b"Ray runtime started" not in self.log.read_bytes():
            if self.launcher.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(
                    f"the Ray node on {self.address} did not start:\n{self.log.read_text()[-3000:]}"
                )
            time.sleep(0.25)

    def pids(self) -> set[int]:
        """Every live process of this node: the launcher's descendants."""
        parents = {}
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    stat = Path(f"/proc/{name}/stat").read_text()
                    parents[int(name)] = int(stat.rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    pass
        found, frontier = set(), {self.launcher.pid}
        while frontier:
            frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
            found |= frontier
        return found

    def commands(self) -> list[str]:
        out = []
        for pid in self.pids():
            try:
                out.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode())
            except OSError:
                pass
        return out

    def stop(self) -> None:
        """Kill the node's whole process tree (the launcher does it) and wait for the launcher."""
        if self.launcher.poll() is None:
            self.launcher.send_signal(signal.SIGTERM)
            try:
                self.launcher.wait(60)
            except subprocess.TimeoutExpired:
                for pid in self.pids():
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                self.launcher.kill()
                self.launcher.wait()

    def remove(self) -> None:
        shutil.rmtree(self.temp_dir, ignore_errors=True)


class LoopbackCluster:
    """A head on 127.0.0.2 and ``nodes - 1`` more nodes on 127.0.0.3, .4, ... of this machine."""

    def __init__(self, nodes: int = 2) -> None:
        self.env = {
            **os.environ,
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": uuid.uuid4().hex,
            "RAY_USAGE_STATS_ENABLED": "0",
        }
        self.env.pop("RAY_ADDRESS", None)
        self.nodes: list[LoopbackNode] = []
        try:
            self.add_node()
            for _ in range(nodes - 1):
                self.add_node()
        except BaseException:
            self.stop()
            raise

    @property
    def address(self) -> str:
        return f"{self.nodes[0].address}:{self.nodes[0].port}"

    def add_node(self, env: dict[str, str] | None = None) -> LoopbackNode:
        """Start one more node (the first is the head) and wait until it has joined."""
        ip = f"127.0.0.{2 + len(self.nodes)}"
        head = self.address if self.nodes else None
        for attempt in range(START_ATTEMPTS):
            node = LoopbackNode(ip, {**self.env, **(env or {})}, head=head)
            try:
                node.wait_started()
            except RuntimeError:
                node.remove()
                if attempt + 1 == START_ATTEMPTS:
                    raise
                continue
            self.nodes.append(node)
            return node
        raise AssertionError("unreachable")

    def session_addresses(self) -> set[str]:
        """Every IPv4 address written in the nodes' session logs."""
        import re

        pattern = re.compile(rb"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")
        found: set[str] = set()
        for node in self.nodes:
            for path in node.temp_dir.glob("session_*/logs/**/*"):
                if path.is_file():
                    found |= {m.decode() for m in pattern.findall(path.read_bytes())}
        return found

    def stop(self) -> None:
        for node in reversed(self.nodes):
            node.stop()

    def remove(self) -> None:
        for node in self.nodes:
            node.remove()
