"""The status line: progress of the audit and of the review, drawn from reactives.

Whoever learns something sets the reactive it concerns; the line redraws itself. The clock stops
when the audit ends, so the line then says how long the audit took ("audit 6.1 s"), not how long
the app has been open.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class AuditStatus(Static):
    done: reactive[int] = reactive(0)
    from_cache: reactive[int] = reactive(0)  # of ``total``, read from the result cache, not audited
    total: reactive[int] = reactive(0)
    weak: reactive[str] = reactive("-")
    elapsed: reactive[float] = reactive(0.0)
    finished: reactive[bool] = reactive(False)
    undecided: reactive[int] = reactive(0)
    candidates: reactive[int] = reactive(0)
    correct: reactive[int] = reactive(0)  # survivors judged correct per the task
    view: reactive[str] = reactive("")  # filter and order
    message: reactive[str] = reactive("")

    def __init__(self, clock: Callable[[], float] = time.monotonic, **kwargs) -> None:
        super().__init__(**kwargs)
        self.clock = clock
        self.started = clock()

    def on_mount(self) -> None:
        self._ticker = self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        if not self.finished:
            self.elapsed = self.clock() - self.started

    def watch_finished(self, finished: bool) -> None:
        if finished:
            self.elapsed = self.clock() - self.started  # the last tick: the audit's own duration
            self._ticker.stop()

    def render(self) -> Text:
        cached = f" ({self.from_cache} from the cache)" if 0 < self.from_cache < self.done else ""
        if self.finished and self.from_cache and self.from_cache == self.done:
            progress = f"{self.done} judged · all from the cache"  # nothing audited: no audit time
        elif self.finished:
            progress = f"{self.done} judged{cached} · audit {self.elapsed:.1f} s"
        else:
            eta = ""
            audited = self.done - self.from_cache  # the cached came at once: they tell no pace
            if audited > 0 and self.done < self.total and self.elapsed > 0:
                eta = f" · ETA {self.elapsed / audited * (self.total - self.done):.0f} s"
            progress = f"{self.done} of {self.total} judged{cached} · {self.elapsed:.0f} s{eta}"
        # What changes with a key (the view, a step under way) comes before the figures, so a
        # narrow terminal cuts off the weak share, not the filter the table is under.
        undecided = f"[{self.undecided}/{self.candidates}] undecided"
        correct = f"{self.correct} surv. correct" if self.correct else ""
        width = self.content_size.width
        # The weak share's interval goes first, then the share, when the line would be cut: at
        # 120 columns with a filter and an order on, the line ran off the edge.
        for weak in (f"weak {self.weak}", f"weak {self.weak.split(' [')[0]}", ""):
            parts = [progress, self.message, self.view, undecided, correct, weak]
            line = " · ".join(p for p in parts if p)
            if not width or len(line) <= width:
                break
        return Text(line, overflow="ellipsis", no_wrap=True)  # plain text: "[3/41]" is not markup
