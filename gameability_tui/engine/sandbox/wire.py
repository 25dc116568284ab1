"""The two wire formats between a worker and its candidate children, and what a worker must not
trust in them.

Orders go in (a length-prefixed pickled ``(index, job)``; a job that differs from the one before
only in its program, as a problem's mutants do, carries the program alone). Records come out as
length-prefixed ``marshal`` frames on a private pipe, so nothing benchmark code prints can reach
them; a frame that does not decode marks the run ``garbled``, never a result."""

from __future__ import annotations

import copy
import dataclasses
import marshal
import os
import pickle
import struct

from .jobs import AssertRun, Job, Run

HEADER = struct.Struct("<I")


# Threat: a candidate that wraps ``marshal.dumps`` or ``os.write`` (in setup, say) and so writes
# the records of later jobs in its child, replaying the reference's answers as a mutant's.
# Defence: the sender and the reader use these, taken when the worker imported this module,
# before any benchmark code ran; ``clean.py`` ends a child whose ``marshal`` or ``os`` changed.
_DUMPS, _LOADS, _WRITE = marshal.dumps, marshal.loads, os.write


ORDER = struct.Struct("<I")  # the length of an order: a pickled (index, job), parent to child


# Fields an order may leave out: a job that differs from the one sent before only in its program
# (a problem's mutants) travels as (index, program), not as a whole pickled job.
_SHARED_FIELDS = tuple(f.name for f in dataclasses.fields(Job) if f.name != "program")


class Channel:
    """Length-prefixed marshal frames on a private pipe: nothing benchmark code prints reaches it.

    Each record is in the pipe as soon as it is sent, so a child that dies mid-job has delivered
    everything before that point. With a ``wake_fd`` the parent waits on that one instead and is
    woken only when it must act: a job done, a confirmation granted more time, or a pipe filling
    up; it reads whatever has arrived whenever it wakes (a woken process per record cost more
    than the record)."""

    WAKE_ON = frozenset({"done", "extend"})
    WAKE_EVERY = 1 << 15  # bytes: the parent drains the pipe long before it fills

    def __init__(self, fd: int, wake_fd: int | None = None) -> None:
        self.fd, self.wake_fd = fd, wake_fd
        self.unannounced = 0  # bytes sent since the parent was last woken

    def send(self, record: tuple) -> None:
        try:
            payload = _DUMPS(record)
        except ValueError:  # unmarshallable leftovers: ship the record without its value
            payload = _DUMPS(record[:2] + (("raise", "<unshippable>"),) + record[3:])
        data = memoryview(HEADER.pack(len(payload)) + payload)
        self.unannounced += len(data)
        while data:
            written = _WRITE(self.fd, data)
            data = data[written:]
        if self.wake_fd is not None and (record[0] in self.WAKE_ON or self.unannounced >= self.WAKE_EVERY):
            _WRITE(self.wake_fd, b"!")
            self.unannounced = 0


def only_program_differs(job: Job, sent: Job | None) -> bool:
    """Whether ``job`` is ``sent`` with another program (the very same objects in every other
    field, as ``dataclasses.replace`` leaves them), so that its order can carry the program alone."""
    return sent is not None and all(getattr(job, name) is getattr(sent, name) for name in _SHARED_FIELDS)


def next_order(fd: int, previous: Job | None) -> tuple[int, Job] | None:
    """The next (index, job) from the parent; None once it has closed the pipe. An order that
    holds a program alone is ``previous`` with that program."""
    header = _read_exactly(fd, ORDER.size)
    if header is None:
        return None
    payload = _read_exactly(fd, ORDER.unpack(header)[0])
    if payload is None:
        return None
    index, shown = pickle.loads(payload)
    if isinstance(shown, Job):
        return index, shown
    job = copy.copy(previous)
    job.program = shown
    return index, job


def _read_exactly(fd: int, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


MAX_FRAME = 32 << 20  # bytes: far above any record (a value past 1 MB travels as its digest)


FLOODED = "result channel flooded"


def next_record(buffer: bytearray, start: int, run: Run) -> tuple[tuple | None, int]:
    """The first whole record in ``buffer`` from offset ``start``, and the offset past it.

    Threats: a child that writes its own bytes into the pipe (64 MB of ``#`` reads as a 589 MB
    frame), and a worker that copies its buffer for every chunk (quadratic). Defences: a frame
    announced larger than ``MAX_FRAME`` stops the child (``run.stopped`` is ``FLOODED``: the
    run is truncated, never a result) and the caller consumes records by offset, dropping the
    consumed bytes once per chunk; a frame that does not decode marks the run ``garbled``."""
    view = memoryview(buffer)
    try:
        while len(buffer) - start >= HEADER.size:
            (size,) = HEADER.unpack_from(buffer, start)
            if size > MAX_FRAME:
                run.stopped = FLOODED
                return None, len(buffer)
            if len(buffer) - start < HEADER.size + size:
                break
            start += HEADER.size + size
            try:
                with view[start - size : start] as payload:
                    record = _LOADS(payload)
            except (ValueError, EOFError, TypeError):
                run.stopped = "garbled result channel"
                continue
            if isinstance(record, tuple) and record:
                return record, start
        return None, start
    finally:
        view.release()


def apply_record(run: Run, record: tuple) -> None:
    tag = record[0]
    if tag == "load":
        run.load, run.load_steps = record[1], record[2]
        run.load_in_setup = record[3:4] == ("setup",)
    elif tag == "test":
        run.tests[record[1]] = (record[2], record[3], record[4])
    elif tag == "check":
        run.checks[record[1]] = (record[2], record[3], record[4])
    elif tag == "call":
        run.calls[record[1]] = (record[2], record[3])
    elif tag == "slow":
        run.slow.add(record[1])
    elif tag == "pending":
        run.pending.add(record[1])
    elif tag == "infected":
        run.infected = tuple(record[1])
    elif tag == "endless":
        run.endless += 1
    elif tag == "assert":
        run.asserts[record[1]] = AssertRun(record[2], record[3], record[4])
    elif tag == "lines":
        if record[1] is None:
            run.lines = tuple(record[2])
        else:
            run.assert_lines[record[1]] = tuple(record[2])
    elif tag == "done":
        run.cpu = record[1]
        run.complete = True
