"""Uses of an object with a read made before its last write, and every read made again after.

A test writes, then reads: ``put('a', 1); put('b', 2); put('c', 3)``, then ``get('a')`` and
``get('c')``. What a read changes (an LRU's ``get`` marks its key as recently used) shows only
where a write follows the read and a read follows that write, a sequence no such test makes, so
deleting the ``move_to_end`` in ``get`` was "equivalent" (the twenty-third pass: c6_lru_touch).
Here the first read is made before the last write, and the reads are all made again after it:
``put a, put b, get a, put c, get a, get c``, where an LRU that forgot the touch has evicted ``a``.
Likewise an attribute the test reads only after every write (``b.add(2); b.add(3)``, then
``b.total``) is read after the first write too: a value cached on the first read and never
cleared by the next write (a ``cached_property`` whose invalidation was deleted) shows only
there (the twenty-eighth pass: c6_cached_property_stale).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..observed import DROP_STEP, READ_STEP
from .calls import Call


def reads_between(calls: list[Call], count: int) -> Iterator[Call]:
    """Up to ``count`` of ``calls`` whose uses are two writes or more (uses made as statements)
    and then reads, remade with the first read before the last write and every read after it."""
    made = 0
    for call in calls:
        if made >= count:
            return
        writes = _leading_writes(call.uses)
        reads = call.uses[writes:]
        if call.chain or call.peers or writes < 2 or any(map(_is_write, reads)):
            continue
        if not reads:  # (only attributes read after: the first of the object's own, read between)
            own = own_reads(call)
            if not own or writes != len(call.uses):
                continue
            made += 1
            between = ((READ_STEP + own[0], (), ()),)
            yield replace(call, uses=(*call.uses[: writes - 1], between, call.uses[writes - 1]))
            continue
        made += 1
        yield replace(call, uses=(*call.uses[: writes - 1], reads[0], call.uses[writes - 1], *reads))


def own_reads(call: Call) -> tuple[str, ...]:
    """The attributes the test reads on the call's own object after its uses (``total``), not on
    a peer's (``b.balance``) nor a stream's text (``buf.getvalue()``)."""
    return tuple(read for read in call.reads if "." not in read and not read.endswith("()"))


def read_uses(call: Call) -> list[str]:
    """The attributes the call's object is read for as uses of their own (``t.closed``)."""
    return [
        use[0][0][len(READ_STEP) :] for use in call.uses if len(use) == 1 and use[0][0].startswith(READ_STEP)
    ]


def _leading_writes(uses: tuple) -> int:
    return next((index for index, use in enumerate(uses) if not _is_write(use)), len(uses))


def _is_write(use: tuple) -> bool:
    """A use the test makes as a statement: its answer thrown away (``observed.DROP_STEP``)."""
    return bool(use) and use[-1][0] == DROP_STEP
