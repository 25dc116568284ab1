"""Run candidate programs (the reference, mutants) in forked child processes.

Benchmark code is third-party and mutants are broken on purpose, so candidates never run in the
worker: a child runs them, one after another, each in a fresh namespace and under its own limits,
for as long as each leaves the child as it found it (``CleanState``); one that dies loses only itself,
and one that leaves anything behind ends the child. A runaway costs only that candidate, never the
problem. What runs inside the child, and in which order, is ``runner.py``'s job; this module
isolates the processes. What could make a result wrong, and the defence:

- Machine load deciding outcomes: verdicts rest on step counts (``runner.py``); wall-clock and CPU
  limits are only backstops for loops inside C code; a candidate stopped by them is TRUNCATED.
  The wall-clock backstop does not count the time the child spent waiting for a core
  (``/proc/PID/schedstat``): on a loaded machine a busy child is ended by its CPU limit, as on a
  quiet one, and only a child that sleeps or blocks is ended by the wall clock.
- Printed output corrupting results: the child's stdin/stdout/stderr point at /dev/null and results
  travel over a private pipe as length-prefixed ``marshal`` frames.
- Files written by benchmark code: the child runs in a throwaway directory, removed afterwards.
- Memory hogs: ``RLIMIT_AS`` bounds the child's address space; a CPU timer each candidate's CPU
  time, and ``RLIMIT_CPU`` the child's.
- Orphans: the child leads its own process group, killed whole when the candidate ends, and asks
  the kernel to kill it if its parent (the worker) dies.
- A truncated candidate is reported with what it finished; it is never counted as rejected.

The worker does not fork the children itself where it can help it: a small idle process forked
from it does, and they are still the worker's own children (``zygote.py``). A fork makes every
page the worker writes afterwards a copy-on-write fault while the child lives, and the worker
writes many while it audits a problem.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import time
from collections import deque
from collections.abc import Iterator

from . import processes, spare_cores
from .jobs import Job, Run
from .limits import empty_folder, lane_folder, read_proc, remove_strays
from .wire import FLOODED, ORDER, apply_record, next_record, only_program_differs

_KEEPING = False  # inside children_kept(): children outlive run_jobs, for the next call's jobs


_KEPT: list[_Child] = []  # idle children, waiting for the next run_jobs of the same problem


def run_job(job: Job) -> Run:
    """Fork a child for ``job``, collect its records, and clean up whatever it left behind."""
    return run_jobs([job])[0]


@contextlib.contextmanager
def children_kept() -> Iterator[None]:
    """Within this block (one problem's audit), a child that has run the jobs it was handed and is
    still clean waits for the next ``run_jobs`` call instead of ending, and is handed its jobs.

    A problem runs its reference, its mutants, further rounds and its asserts in separate calls;
    a fork and the copy-on-write faults that follow cost more than most of those jobs, and a
    child kept clean (``CleanState``) is as good as a new one. Children never outlive the block, so
    no state, even one ``CleanState`` cannot see, passes from one problem to another.
    """
    global _KEEPING
    _KEEPING = True
    try:
        yield
    finally:
        _KEEPING = False
        while _KEPT:
            _KEPT.pop().close()


def run_jobs(jobs: list[Job], lanes: int = 1) -> list[Run]:
    """Run ``jobs``, each in a fresh namespace, sharing a child while each leaves it clean.

    A fork per candidate costs more than most candidates' own work, so a child runs one job after
    another. Isolation does not depend on it: a job that dies (a limit, a crash) loses only
    itself, and one that leaves anything behind (see ``CleanState``) ends the child; the remaining
    jobs go on in a new one. Results are the same as with a child per job.

    Jobs are handed out in order, one at a time, to ``lanes`` children at once (each in its own
    folder), and to one more child for each spare core the census offers while jobs are waiting
    (``share_spare_cores``): at the end of an audit, the cores whose workers have run out of
    problems take the mutants of a costly problem still being judged. Verdicts rest on step
    counts, and every job starts from the same state in any child, so neither the number of
    lanes nor which child runs which job changes a result.
    """
    runs = [Run() for _ in jobs]
    waiting = deque(range(len(jobs)))
    children: list[_Child] = []
    for _ in range(max(1, min(lanes, len(jobs)))):
        children.append(_child_for(jobs, runs, waiting, children))
    try:
        while children:
            while waiting and spare_cores.take_core():
                children.append(_child_for(jobs, runs, waiting, children, borrowed=True))
            deadline = min(child.deadline for child in children)
            timeout = min(max(0.0, deadline - time.monotonic()), 0.1)
            watched = [child.wake for child in children]
            if spare_cores.pipe() is not None and waiting:
                watched.append(spare_cores.pipe()[0])
            ready, _, _ = select.select(watched, [], [], timeout)
            for index, child in enumerate(list(children)):
                if not child.advance(child.wake in ready):
                    continue
                if child.idle and _KEEPING and not child.borrowed:
                    _KEPT.append(child)
                else:
                    child.close()
                if waiting:
                    children[index] = _child_for(jobs, runs, waiting, children, child.borrowed)
                else:
                    children[index] = None
                    if child.borrowed:
                        spare_cores.give_core()
            children = [child for child in children if child is not None]
    finally:
        for child in children:
            child.close()
            if child.borrowed:
                spare_cores.give_core()
    return runs


def _child_for(
    jobs: list[Job], runs: list[Run], waiting: deque, running: list, borrowed: bool = False
) -> _Child:
    """A kept child (``children_kept``) that can take these jobs, else a new one in a free lane."""
    while _KEPT:
        child = _KEPT.pop()
        if child.memory_mb == jobs[0].memory_mb and child.take(jobs, runs, waiting, borrowed):
            return child
        child.close()
    busy = {child.lane for child in running if child is not None} | {child.lane for child in _KEPT}
    lane = next(number for number in range(len(busy) + 1) if number not in busy)
    return _Child(jobs, runs, waiting, lane, borrowed)


class _Child:
    """One forked child, the jobs handed to it, and what has come back from it.

    It is handed one job at a time, the next when it reports the last one done (a job travels
    pickled, and the child reads it only then, so neither side ever waits on a full pipe while
    the other does); no job waits in a busy child while another is free. A child made for the last job
    waiting (``solo``), outside ``children_kept``, runs that one alone and skips the state
    snapshot that sharing needs.
    """

    def __init__(self, jobs: list[Job], runs: list[Run], waiting: deque, lane: int, borrowed: bool = False):
        self.lane = lane
        self.memory_mb = jobs[0].memory_mb
        self.buffer = bytearray()  # records not read yet; consumed by offset (``next_record``)
        self.exited = False
        self.solo = len(waiting) == 1 and not _KEEPING
        self.workdir = lane_folder(lane)
        self.ever_started = False  # it has reported starting a job, in this call or an earlier one
        self.sent: Job | None = None  # the last job handed to it, which the next order may extend
        self.pid, self.fd, self.orders, self.wake = processes.start_child(
            jobs[0].memory_mb, self.workdir, self.solo
        )
        self.timed_pid = self.pid  # the process whose wait for a core is not its own fault
        # If it died at once, ``take`` left the job waiting (and current); ``advance`` ends the child.
        self.take(jobs, runs, waiting, borrowed)

    def take(self, jobs: list[Job], runs: list[Run], waiting: deque, borrowed: bool) -> bool:
        """Start on these jobs (a new child, or a kept one); False if it could not be handed one."""
        self.jobs, self.runs, self.waiting, self.borrowed = jobs, runs, waiting, borrowed
        self.handed: deque[int] = deque()  # handed to it and not started yet
        self.given = 0  # jobs handed to it for these jobs
        self.idle = False  # it ran what it was handed and waits for more
        self.current = waiting[0]
        self._hand_next()
        self._start_clock()
        return bool(self.handed)

    def _hand_next(self) -> None:
        if not self.waiting or (self.solo and self.given):
            return
        index = self.waiting.popleft()
        job = self.jobs[index]
        shown = job.program if only_program_differs(job, self.sent) else job
        order = pickle.dumps((index, shown), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            os.write(self.orders, ORDER.pack(len(order)) + order)
        except OSError:  # it has died: the job waits for another child
            self.waiting.appendleft(index)
            return
        self.sent = job
        self.handed.append(index)
        self.given += 1

    def _start_clock(self) -> None:
        self.started = time.monotonic()
        self.allowance = self.jobs[self.current].wall_seconds
        self.waited_before = _waited_for_a_core(self.timed_pid)

    @property
    def deadline(self) -> float:
        return self.started + self.allowance

    def _out_of_time(self) -> bool:
        """Past the wall-clock allowance, not counting the time spent waiting for a core."""
        if time.monotonic() < self.deadline:
            return False
        waited = _waited_for_a_core(self.timed_pid) - self.waited_before
        if waited > 0:
            self.allowance += waited
            self.waited_before += waited
        return time.monotonic() >= self.deadline

    def advance(self, woken: bool) -> bool:
        """Take in what the child sent; True once it has ended, or has nothing left to do.
        ``woken``: its wake pipe is readable (a job done, more time granted, a full pipe, or the
        child gone); what it sent is read at every wake, woken or not."""
        if woken:
            with contextlib.suppress(BlockingIOError):
                os.read(self.wake, 1 << 12)
        if self._read_available() and not self.flooded:
            if self.runs[self.current].complete and not self.handed:
                self._hand_next()  # jobs given back by a child that ended
                self.idle = not self.handed
                return self.idle
            return False
        run = self.runs[self.current]
        if self.flooded:
            return self._ended()
        if self._out_of_time():
            run.stopped = "wall-clock limit"
            return self._ended()
        if self.exited:  # it exited and nothing is left to read
            if not run.complete:  # else it ended between jobs (the last one left it unclean)
                run.stopped = run.stopped or "died"
            return self._ended()
        done_pid, status = os.waitpid(self.pid, os.WNOHANG)
        if done_pid:
            self.exited = True
            self._read_available()  # what it sent after we looked: the end of its last job, perhaps
            run = self.runs[self.current]
            if not run.complete:
                run.stopped = processes.death_reason(status)
        return False

    def _read_available(self) -> bool:
        """Take in everything now in its pipe, without waiting (a process it started may hold
        the pipe open after it exits); whether anything came."""
        came = False
        try:
            while not self.flooded and (chunk := os.read(self.fd, 1 << 16)):
                self._absorb(chunk)
                came = True
        except BlockingIOError:
            pass
        return came

    @property
    def flooded(self) -> bool:
        """It announced a frame past ``MAX_FRAME``: it is stopped, whatever else it sends."""
        return self.runs[self.current].stopped == FLOODED

    def _ended(self) -> bool:
        """Give the jobs it was handed and never started back, first in line; but a new child
        that ended before starting its first job has failed that job, so that no job is handed on
        and on to new children that cannot start (a kept child may end between jobs: it had left
        itself unclean, and its job goes to a new one)."""
        if self.handed and self.handed[0] == self.current and not self.ever_started:
            self.handed.popleft()
            self.runs[self.current].stopped = self.runs[self.current].stopped or "died before it started"
        self.waiting.extendleft(reversed(self.handed))
        self.handed.clear()
        return True

    def _absorb(self, chunk: bytes) -> None:
        self.buffer += chunk
        start = 0
        try:
            while True:
                record, start = next_record(self.buffer, start, self.runs[self.current])
                if record is None:
                    return
                self._take_record(record)
        finally:
            del self.buffer[:start]  # once per chunk: consumed bytes are never copied again

    def _take_record(self, record: tuple) -> None:
        if record[0] == "pid":  # its runner's pid, where it is a namespace's: the one that waits
            self.timed_pid = record[1]
            self.waited_before = _waited_for_a_core(self.timed_pid)
        elif record[0] == "job":
            self.ever_started = True
            if record[1] in self.handed:
                self.handed.remove(record[1])
            if record[1] != self.current:
                self.current = record[1]
                self._start_clock()
        elif record[0] == "extend":  # a confirmation run was granted more CPU time
            self.allowance += 2 * record[1]
        else:
            apply_record(self.runs[self.current], record)
            if record[0] == "done" and not self.handed and not self.exited:
                self._hand_next()

    def close(self) -> None:
        if self.pid < 0:  # closed already
            return
        for fd in (self.fd, self.orders, self.wake):
            os.close(fd)
            processes.PIPES.discard(fd)
        if self.timed_pid != self.pid:
            # Its runner, in its namespaces: its init then ends as the runner did (taking the
            # rest of the namespace with it) and is reaped later with the runner's CPU time,
            # which a kill of the init would lose from this process's accounts.
            processes.kill_group(self.timed_pid, wait=False)
            processes.reap_later(self.pid)
        else:
            processes.kill_group(self.pid, wait=False)
        processes.ACTIVE_CHILDREN.discard(self.pid)
        empty_folder(self.workdir)
        remove_strays()
        processes.reap()
        self.pid = -1


def _waited_for_a_core(pid: int) -> float:
    """Seconds ``pid`` has spent runnable but waiting for a core (0 where the kernel does not say)."""
    try:
        return int(read_proc(f"/proc/{pid}/schedstat").split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0
