"""The census on a Ray cluster: the same results as ``census.Census``, from actors on many machines.

Each Ray actor hosts one warm ``WorkerProcess``, exactly as a local census does, so the sandbox
(fork per batch of candidates, step budgets, limits, throwaway folders) is the same code on every
node. The driver hands problems to actors and yields ``ProblemResult``s in completion order.
What could make a Ray run differ from a local one, and the defence:

- A node that counts steps differently: verdicts rest on step counts, and those depend on the
  CPython version, on the compiled step counter (the pure-Python fallback counts the same events
  but is another program) and on the engine's own code. Every actor compares its node with the
  driver's machine before it runs anything (``refusal``) and refuses, naming the node and what to
  install; the driver then stops the run with that message. A run is never silently mixed.
  Before the first problem is handed out, every live node is asked the same question by a task
  pinned to it (``node_probe``), so a refusing node stops the run even when the audit is short
  enough to end before that node's actor would have started.
- Hash order: the job's ``runtime_env`` sets ``PYTHONHASHSEED=0`` for every actor, as the local
  census does for its workers (the hosted worker sets it again for itself).
- A node dying mid-audit: its actors' in-flight problems come back as actor errors; each is put
  back at the head of the queue and run on another actor. A problem has at most one task in
  flight at a time and is yielded only from a task that returned, so nothing is counted twice
  and nothing is lost. A problem whose actor is lost ``MAX_ATTEMPTS`` times is excluded as
  ``audit-crashed`` with that reason (counted, never dropped).
- Spare cores: the actors of one run on one node share a named pipe (``_node_spare_cores``), as a
  local census's workers share an anonymous one: an actor the driver has no more problems for
  puts its core there, and the workers of the actors still auditing take the mutants of their
  costly problems onto it. It stays within a node: a problem's mutants never travel.
- Memory: problems are taken from the input lazily and at most ``DEPTH`` tasks wait per actor, so
  neither the driver nor Ray's object store ever holds the whole benchmark's work.

``ray`` is imported only here, and this module only when ``--ray`` is given.
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
import uuid
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import ray
from ray.exceptions import GetTimeoutError, RayActorError, RayError, RayTaskError

from ..exclusions import excluded
from ..model import AuditParams, Problem, ProblemResult
from .base import ExecutorError
from .local import WORKER_DIED, Census, WorkerProcess, engine_request
from .nodes import node_facts, refusal

DEPTH = 2  # tasks waiting per actor: one running, one ready to start the moment it ends
MAX_ATTEMPTS = 3  # actors lost on one problem before it is excluded
PROBE_SECONDS = 60.0  # how long the nodes may take to answer the question asked before the audit
NO_WORKER_SECONDS = 120.0  # how long the run waits with work left and no actor alive
CONNECT_SECONDS = 5.0  # how long the cluster's address may take to accept a connection
STOP_SECONDS = 2.0  # how long a stopping actor may take to stop its worker before it is killed
RUNTIME_ENV = {"env_vars": {"PYTHONHASHSEED": "0"}}


class NodeRefused(Exception):
    """Raised by an actor asked to audit on a node that would count differently."""


@ray.remote(num_cpus=0, max_retries=0)
def node_probe(driver: dict[str, Any]) -> tuple[str, str | None]:
    """Run on one chosen node: its address, and why it refuses to audit (None when it will)."""
    where = ray.util.get_node_ip_address()
    return where, refusal(driver, node_facts(), where)


@ray.remote(num_cpus=1, max_restarts=0, concurrency_groups={"control": 1})
class AuditActor:
    """One warm worker on some node of the cluster; audits run one at a time, ``stop`` at any time."""

    def __init__(self, driver: dict[str, Any]) -> None:
        self.where = ray.util.get_node_ip_address()
        self.facts = node_facts()
        self.refused = refusal(driver, self.facts, self.where)
        self.worker: WorkerProcess | None = None
        self.lock = threading.Lock()
        self.run = driver["run"]
        self.spare_cores = _node_spare_cores(self.run)

    def hello(self) -> tuple[str, str | None]:
        """The node's address, and why it refuses to audit (None when it will)."""
        return self.where, self.refused

    def audit(self, request: dict) -> dict:
        """The worker's answer to one "audit" request; a worker that dies on it is replaced."""
        if self.refused:
            raise NodeRefused(self.refused)
        with self.lock:
            if self.worker is None:
                shared = (self.spare_cores, self.spare_cores) if self.spare_cores is not None else None
                self.worker = WorkerProcess(shared)
            worker = self.worker
        try:
            return worker.request(request)
        except (OSError, RuntimeError, ValueError):
            with self.lock:
                worker.stop()
                if self.worker is worker:
                    self.worker = None
            return {"error": WORKER_DIED}

    @ray.method(concurrency_group="control")
    def retire(self) -> None:
        """The driver has no more problems for this actor: its core may take others' mutants."""
        if self.spare_cores is not None:
            try:
                os.write(self.spare_cores, b"+")
            except OSError:
                pass

    @ray.method(concurrency_group="control")
    def stop(self) -> None:
        """Stop the hosted worker and the candidate it runs (the census is cancelled or done)."""
        _remove_spare_cores(self.run)  # first: the actor may be killed before this returns
        with self.lock:
            worker, self.worker = self.worker, None
        if worker is not None:
            worker.stop()


@dataclass
class _Unit:
    problem: Problem
    attempts: int = 0
    actor: Any = None


class RayCensus:
    """Iterate to receive ``ProblemResult`` objects in completion order; ``cancel()`` from any thread.

    ``address`` is a Ray cluster's address (``HOST:PORT``) or ``auto`` for the one running here;
    ``workers`` is the number of actors (default: every CPU the cluster offers).
    """

    def __init__(
        self,
        problems: Iterable[Problem],
        params: AuditParams,
        address: str,
        workers: int | None = None,
    ) -> None:
        self.problems = problems
        self.params = params
        self.address = address
        self.requested = workers
        self.workers = 0  # known once connected
        self.nodes: set[str] = set()  # addresses of the nodes whose actors audited
        self.lost = 0  # tasks re-run because their actor was lost
        self._cancelled = threading.Event()
        self._actors: list[Any] = []
        self._lock = threading.Lock()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()
        self._stop_actors()

    def connect(self) -> None:
        """Join the cluster (unless this process already has); the number of actors is known after this."""
        try:
            if not ray.is_initialized():
                ray.init(
                    address=_reachable(self.address),
                    runtime_env=RUNTIME_ENV,
                    logging_level="WARNING",
                    log_to_driver=False,
                )
        except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError ...
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise ExecutorError(
                f"cannot join a Ray cluster at {self.address!r}: {first}. Start one with "
                "`ray start --head` (set RAY_AUTH_MODE and the token as the cluster has them) "
                "and pass its address, or `auto` on one of its nodes."
            ) from None
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if cpus < 1:
            raise ExecutorError(f"the Ray cluster at {self.address!r} offers no CPU to run on.")
        wanted = self.requested or cpus
        if hasattr(self.problems, "__len__"):  # no more actors than problems, as locally
            wanted = min(wanted, len(self.problems))
        self.workers = max(1, wanted)
        try:
            self._refuse_mixed_cluster(node_facts())
        except ExecutorError:
            ray.shutdown()
            raise

    @staticmethod
    def _refuse_mixed_cluster(driver: dict[str, Any]) -> None:
        """Ask every live node whether it counts as this machine does; stop on the first refusal.

        A node that has not answered within ``PROBE_SECONDS`` (a loaded machine), or that died
        meanwhile, is not waited for: its actors ask again before they audit anything.
        """
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        probes = [
            node_probe.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False)
            ).remote(driver)
            for node in ray.nodes()
            if node.get("Alive")
        ]
        if not probes:
            return
        answered, _ = ray.wait(probes, num_returns=len(probes), timeout=PROBE_SECONDS)
        for probe in answered:
            try:
                _, refused = ray.get(probe)
            except RayError:
                continue  # the node went away: nothing of it will audit
            if refused:
                raise ExecutorError(refused)

    def __iter__(self) -> Iterator[ProblemResult]:
        self.connect()
        driver = {**node_facts(), "run": uuid.uuid4().hex}  # the run names its spare-core pipes
        source = iter(self.problems)
        retry: deque[_Unit] = deque()
        inflight: dict[Any, _Unit] = {}
        starting: dict[Any, Any] = {}  # hello task -> actor
        load: dict[Any, int] = {}  # ready actor -> tasks given to it and not back yet
        retired: set[Any] = set()  # actors told there is no more work for them
        idle_since = time.monotonic()
        exhausted = False
        try:
            for _ in range(self.workers):
                self._start_actor(driver, starting)
            while not self.cancelled:
                while not exhausted or retry:
                    actor = min(load, key=load.get, default=None)
                    if actor is None or load[actor] >= DEPTH:
                        break
                    if retry:
                        unit = retry.popleft()
                    else:
                        problem = next(source, None)
                        if problem is None:
                            exhausted = True
                            break
                        unit = _Unit(problem)
                    unit.actor = actor
                    load[actor] += 1
                    inflight[actor.audit.remote(engine_request("audit", unit.problem, self.params))] = unit
                if exhausted and not retry and not inflight:
                    return
                if exhausted and not retry:
                    for actor in [a for a, tasks in load.items() if not tasks and a not in retired]:
                        retired.add(actor)
                        try:
                            actor.retire.remote()  # its core, for the mutants of its node's others
                        except RayError:
                            pass
                if load:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since > NO_WORKER_SECONDS:
                    raise ExecutorError(
                        f"no Ray actor has been ready for {NO_WORKER_SECONDS:.0f} s with problems left "
                        "to audit: the cluster has no free CPU, or has lost its nodes."
                    )
                if not starting and not load:
                    self._start_actor(driver, starting)
                waiting = list(inflight) + list(starting)
                done = ray.wait(waiting, num_returns=1, timeout=0.2)[0] if waiting else time.sleep(0.2) or []
                for ref in done:
                    if ref in starting:
                        self._greet(ref, starting.pop(ref), load, driver, starting)
                        continue
                    unit = inflight.pop(ref)
                    try:
                        answer = ray.get(ref)
                    except RayActorError:
                        if self.cancelled:
                            return
                        self.lost += 1
                        self._retire(unit.actor, load, driver, starting)
                        unit.attempts += 1
                        if unit.attempts >= MAX_ATTEMPTS:
                            yield excluded(
                                unit.problem.id,
                                "audit-crashed",
                                f"the Ray worker auditing it was lost {unit.attempts} times",
                            )
                        else:
                            retry.appendleft(unit)
                        continue
                    except RayTaskError as error:
                        raise ExecutorError(_cause(error)) from None
                    if unit.actor in load:
                        load[unit.actor] -= 1
                    yield Census._result(unit.problem, answer)
        finally:
            self._stop_actors()
            ray.shutdown()

    def _start_actor(self, driver: dict[str, Any], starting: dict[Any, Any]) -> None:
        actor = AuditActor.options(scheduling_strategy="SPREAD").remote(driver)
        with self._lock:
            self._actors.append(actor)
        starting[actor.hello.remote()] = actor

    def _greet(
        self, ref: Any, actor: Any, load: dict[Any, int], driver: dict[str, Any], starting: dict[Any, Any]
    ) -> None:
        """An actor has started: give it work, or stop the run if its node refuses."""
        try:
            where, refused = ray.get(ref)
        except RayActorError as error:
            if error.actor_init_failed:
                raise ExecutorError(
                    f"a Ray worker could not start: {_cause(error)}. Install gameability-tui, with "
                    "the same Python, on every node."
                ) from None
            self._start_actor(driver, starting)  # its node went away before it started
            return
        if refused:
            raise ExecutorError(refused)
        self.nodes.add(where)
        load[actor] = 0

    def _retire(self, actor: Any, load: dict[Any, int], driver: dict[str, Any], starting: dict) -> None:
        """An actor was lost (its node died): stop using it, and ask for one in its place."""
        if load.pop(actor, None) is None:
            return  # already retired by an earlier task of the same actor
        try:
            ray.kill(actor, no_restart=True)
        except RayError:
            pass
        self._start_actor(driver, starting)  # it starts wherever the cluster has room, if anywhere

    def _stop_actors(self) -> None:
        """Stop every actor's worker (and so its running candidate), then the actors themselves."""
        with self._lock:
            actors, self._actors = self._actors, []
        if not actors or not ray.is_initialized():
            return
        stops = []
        for actor in actors:
            try:
                stops.append(actor.stop.remote())
            except RayError:
                pass
        try:
            ray.wait(stops, num_returns=len(stops), timeout=STOP_SECONDS)
        except (RayError, GetTimeoutError):
            pass
        for actor in actors:
            try:
                ray.kill(actor, no_restart=True)
            except RayError:
                pass


def _spare_cores_path(run: str) -> str:
    return os.path.join(tempfile.gettempdir(), f"gameability-spare-cores-{run}")


def _remove_spare_cores(run: str) -> None:
    """Unlink the run's pipe on this node (actors that opened it keep using it until they stop)."""
    try:
        os.unlink(_spare_cores_path(run))
    except OSError:
        pass


def _node_spare_cores(run: str) -> int | None:
    """This node's spare-core pipe for the run ``run``: a named pipe every actor of the run on this
    node opens (read and write, without blocking), so their workers share the cores of the actors
    that have retired. None where one cannot be made (the run then goes on without it)."""
    path = _spare_cores_path(run)
    try:
        try:
            os.mkfifo(path, 0o600)
        except FileExistsError:
            pass
        return os.open(path, os.O_RDWR | os.O_NONBLOCK)
    except OSError:
        return None


def _reachable(address: str) -> str:
    """The cluster's ``host:port`` (``auto`` resolved as Ray does), once something answers there:
    Ray itself would retry an address where nothing listens for minutes, silently."""
    from ray._private.services import canonicalize_bootstrap_address_or_die

    resolved = canonicalize_bootstrap_address_or_die(address)
    host, _, port = resolved.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except (OSError, ValueError) as error:
        raise ConnectionError(f"nothing answers at {resolved} ({error})") from None
    return resolved


def _cause(error: Exception) -> str:
    """The last line of a Ray error: the exception the remote code raised, without the traceback."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
    last = lines[-1] if lines else type(error).__name__
    for prefix in (f"{NodeRefused.__module__}.NodeRefused: ", "NodeRefused: "):
        last = last.removeprefix(prefix)
    return last
