"""Audit many problems in parallel and stream each verdict as soon as it is judged.

The census owns a pool of warm worker processes (``worker.py``), keeps each one's next problem
queued behind the one it audits, and yields results in completion order. Per-problem results do
not depend on the number of workers or on machine load: every limit that decides a verdict is a
step count, and every seed is derived from the problem id.

Cancellation (the app quitting, Ctrl-C in ``check``) stops every worker, which kills its running
candidate and that candidate's process group; nothing is left running.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import secrets
import selectors
import signal
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator, Sized

from ..exclusions import excluded
from ..model import AuditParams, Problem, ProblemResult
from ..sandbox import SPARE_CORES_VARIABLE

STOP_GRACE_SECONDS = 0.5
# Problems sent to a worker and not yet answered. With two, a worker that answers one reads the
# next from its pipe at once, instead of waiting for the census to read, decode and reply
# (measured on MBPP: half a millisecond a problem, about 2% of a worker's time). At the end of a
# benchmark a worker may still hold one queued problem while another worker has none: that costs
# at most one problem's time, and the idle worker's core goes to the mutants meanwhile.
QUEUED_PER_WORKER = 2
WORKER_DIED = "the engine worker died on this problem"


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def _lower_priority(pid: int, nice: int) -> None:
    """Raise process ``pid``'s niceness by ``nice``, before it forks its first candidate. Any
    process may lower the priority of its own children; a failure only leaves it as it was."""
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, pid, os.getpriority(os.PRIO_PROCESS, 0) + nice)


class WorkerProcess:
    """One warm worker: send a JSON request, read a JSON answer.

    ``spare_cores`` is a census's spare-core pipe (read and write ends), shared with the worker so
    that its problems' mutants can spread over the cores of workers that have run out of work.
    ``nice`` is added to the worker's scheduling niceness (its candidates inherit it).
    """

    def __init__(self, spare_cores: tuple[int, int] | None = None, nice: int = 0) -> None:
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop(SPARE_CORES_VARIABLE, None)
        if spare_cores is not None:
            env[SPARE_CORES_VARIABLE] = f"{spare_cores[0]},{spare_cores[1]}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gameability_tui.engine.executors.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
            pass_fds=spare_cores or (),
        )
        if nice:
            _lower_priority(self.process.pid, nice)
        self.buffer = b""
        self.expected: collections.deque[str] = collections.deque()  # ids of requests not answered
        self.protocol_error = ""  # why its answer channel stopped being trusted
        self.tasks: collections.deque[Problem] = collections.deque()  # sent, not yet answered
        self._request_lock = threading.Lock()  # the app's threads share one worker

    def send(self, request: dict) -> None:
        """Send ``request`` under a new id (a nonce) that its answer must carry."""
        nonce = secrets.token_hex(16)
        self.expected.append(nonce)
        self.process.stdin.write((json.dumps({**request, "id": nonce}) + "\n").encode())
        self.process.stdin.flush()

    def take(self, problem: Problem, params: AuditParams) -> None:
        """Queue ``problem`` for audit: the worker answers its problems in the order it took them."""
        self.tasks.append(problem)
        self.send(engine_request("audit", problem, params))

    def read_answers(self) -> tuple[list[dict], bool]:
        """Answers available now, and whether the worker's channel has closed.

        Threat: a line in the answer pipe that is not the worker's answer (a candidate that
        reached the pipe). Defence: each answer must carry the id of the oldest request not yet
        answered; any other line is a protocol error, never a result: the channel counts as
        closed from there (``protocol_error`` says why) and what follows is not read."""
        if self.protocol_error:
            return [], True
        chunk = os.read(self.process.stdout.fileno(), 1 << 16)
        if not chunk:
            return [], True
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        answers = []
        for line in lines:
            if not line.strip():
                continue
            try:
                answer = json.loads(line)
            except ValueError:
                answer = None
            if (
                not isinstance(answer, dict)
                or not self.expected
                or answer.pop("id", None) != self.expected[0]
            ):
                self.protocol_error = "protocol error: an answer line without its request's id"
                return answers, True
            self.expected.popleft()
            answers.append(answer)
        return answers, False

    def request(self, request: dict) -> dict:
        """Blocking round trip (the app's probe and gate calls), one at a time."""
        with self._request_lock:
            self.send(request)
            while True:
                answers, closed = self.read_answers()
                if answers:
                    return answers[0]
                if closed:
                    raise RuntimeError(self.protocol_error or "the engine worker stopped unexpectedly")

    def ask(self, kind: str, problem: Problem, params: AuditParams, **fields) -> dict:
        """One engine request about ``problem`` ("gate", "probe", "confirm"), answered in full."""
        return self.request(engine_request(kind, problem, params, **fields))

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        try:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(STOP_GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
        finally:
            for stream in (self.process.stdin, self.process.stdout):
                try:
                    stream.close()
                except OSError:
                    pass


def engine_request(kind: str, problem: Problem, params: AuditParams, **fields) -> dict:
    """The JSON line a worker answers (see ``worker.handle``)."""
    return {"kind": kind, "problem": problem.to_dict(), "params": params.to_dict(), **fields}


class Census:
    """Iterate to receive ``ProblemResult`` objects in completion order; ``cancel()`` from any thread.

    ``problems`` may be any iterable, a generator over a file of a million lines included: it is
    read lazily, one problem each time a worker answers one, so at most ``window`` problems
    (``QUEUED_PER_WORKER`` per worker) have been taken from it and not yet answered. Nothing else
    of the benchmark is held.

    A problem is prepared once, by one worker; its mutants are judged by that worker's children
    and, once other workers have run out of problems, on their cores too: each worker that
    retires puts its core into a pipe every worker shares (``sandbox.share_spare_cores``).
    """

    def __init__(
        self, problems: Iterable[Problem], params: AuditParams, workers: int | None = None, nice: int = 0
    ):
        self.problems = problems
        self.params = params
        self.nice = nice
        wanted = max(1, workers or default_workers())
        if isinstance(problems, Sized):  # a list: no more workers than problems, as ever
            wanted = max(1, min(wanted, len(problems)))
        self.workers = wanted
        self._cancelled = threading.Event()
        self._pool: list[WorkerProcess] = []
        self._spare_cores: tuple[int, int] | None = None
        self._lock = threading.Lock()

    @property
    def window(self) -> int:
        """The most problems taken from the input and not yet answered."""
        return self.workers * QUEUED_PER_WORKER

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def worker_pids(self) -> list[int]:
        """The process ids of every worker started so far (running or stopped)."""
        with self._lock:
            return [worker.process.pid for worker in self._pool]

    def cancel(self) -> None:
        self._cancelled.set()
        with self._lock:
            pool = list(self._pool)
        for worker in pool:
            worker.stop()

    def __iter__(self) -> Iterator[ProblemResult]:
        source = iter(self.problems)
        selector = selectors.DefaultSelector()
        self._spare_cores = os.pipe() if self.workers > 1 else None

        def next_problem() -> Problem | None:
            return None if self.cancelled else next(source, None)

        def top_up(worker: WorkerProcess) -> None:
            while len(worker.tasks) < QUEUED_PER_WORKER and (problem := next_problem()) is not None:
                worker.take(problem, self.params)

        try:
            for _ in range(self.workers):
                problem = next_problem()
                if problem is None:
                    self._give_core()  # fewer problems than workers: this core is spare already
                else:
                    self._start_worker(selector, [problem])
            for worker in self._running(selector):  # each worker's next problem, queued behind
                top_up(worker)
            while not self.cancelled and selector.get_map():
                for key, _ in selector.select(timeout=0.2):
                    worker: WorkerProcess = key.data
                    try:
                        answers, closed = worker.read_answers()
                    except (OSError, ValueError):
                        answers, closed = [], True
                    for answer in answers:
                        result = self._result(worker.tasks.popleft() if worker.tasks else None, answer)
                        top_up(worker)
                        yield result
                    if closed or not worker.tasks:
                        selector.unregister(worker.process.stdout)
                        lost = list(worker.tasks)
                        worker.stop()
                        if closed and lost and not self.cancelled:
                            yield excluded(lost[0].id, "audit-crashed", worker.protocol_error or WORKER_DIED)
                            # Its queued problems were not started: a new worker takes them.
                            waiting = lost[1:] or [p for p in [next_problem()] if p is not None]
                            if waiting:
                                top_up(self._start_worker(selector, waiting))
                                continue
                        self._give_core()
        finally:
            selector.close()
            self._stop_all()
            for fd in self._spare_cores or ():
                os.close(fd)
            self._spare_cores = None

    def _give_core(self) -> None:
        """A worker has retired: its core may take the mutants of the problems still judged."""
        if self._spare_cores is not None and not self.cancelled:
            os.write(self._spare_cores[1], b"+")

    def _start_worker(self, selector: selectors.BaseSelector, problems: list[Problem]) -> WorkerProcess:
        worker = WorkerProcess(self._spare_cores, self.nice)
        with self._lock:
            self._pool.append(worker)
        for problem in problems:
            worker.take(problem, self.params)
        selector.register(worker.process.stdout, selectors.EVENT_READ, worker)
        return worker

    @staticmethod
    def _running(selector: selectors.BaseSelector) -> list[WorkerProcess]:
        return [key.data for key in selector.get_map().values()]

    def _stop_all(self) -> None:
        with self._lock:
            pool = list(self._pool)
        for worker in pool:
            worker.stop()

    @staticmethod
    def _result(problem: Problem | None, answer: dict) -> ProblemResult:
        if "result" in answer:
            return ProblemResult.from_dict(answer["result"])
        problem_id = problem.id if problem else "?"
        return excluded(problem_id, "audit-crashed", answer.get("error", "unknown error")[-400:])
