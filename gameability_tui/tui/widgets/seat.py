"""The reviewer's seat: the one thing being decided, always at the top of the detail pane.

Threat: an assert accepted without ever being seen. Whatever ``a`` would accept is drawn here in
full (never cut by a column), with the survivors it rejects, the engine's flags on it (one line
each, with its reason: a sentinel, a reference that looks wrong) and the diff of the survivor it
is about, above everything that may scroll (prompt, reference).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from ...engine.model import Survivor
from ...review import rejected_survivors, survivor_number
from ...vocabulary import ACCEPTED, REJECTED, SKIPPED, SurvivorVerdict
from ..state import PROBE, Candidate, TriageState

DECISION_STYLES = {ACCEPTED: "bold green", REJECTED: "bold red", SKIPPED: "bold magenta", None: "bold yellow"}
DECISION_LABELS = {ACCEPTED: "✓ accepted", REJECTED: "✗ rejected", SKIPPED: "» skipped", None: "? undecided"}


def survivor_lines(index: int, survivor: Survivor, judged: SurvivorVerdict | None = None) -> list[Text]:
    """A survivor as the two lines that differ from the reference, under its verdict if it has one."""
    title = Text(f"survivor {survivor_number(index)} · {survivor.kind} · line {survivor.line}", style="bold")
    if judged is not None:
        title.append(" · judged correct per the task", style="bold green")
        if judged.note:
            title.append(f": {judged.note}", style="green")
    before = Text(f"- {survivor.before.strip()}", style="red")
    return [title, before, Text(f"+ {survivor.after.strip()}", style="green")]


def shown_survivor(survivors: int, candidate: Candidate | None) -> int | None:
    """The survivor the seat shows beside ``candidate``: the first it rejects, else the first."""
    shown = candidate.kills[0] if candidate is not None and candidate.kills else 0
    return shown if shown < survivors else None


def fold(phrases: list[Text], width: int) -> list[Text]:
    """``phrases`` joined by " · ", a new line where the next would not fit ``width``: wrapped by
    Rich, the header broke mid-phrase ("4 of 9 broken" / "pass"). Unfolded when the width is not
    known yet (the seat draws again once laid out)."""
    lines = [Text()]
    for phrase in phrases:
        line = lines[-1]
        if line.cell_len and width > 0 and line.cell_len + 3 + phrase.cell_len > width:
            lines.append(phrase.copy())
        else:
            lines[-1] = Text.assemble(line, " · ", phrase) if line.cell_len else phrase.copy()
    return lines


class Seat(Static):
    plain = ""  # what is drawn, as plain text (tests read it)
    # (problem, assert key) the reviewer is shown: what a/r/s/e act on, whatever the cursor has
    # done since (a redraw on resize, a row still being drawn).
    shows: tuple[str | None, str | None] = (None, None)

    _lines: list[Text] | None = None
    _drawn: tuple | None = None  # the last draw's arguments: drawn again at a new width

    def on_resize(self) -> None:
        if self._drawn is not None:
            self.draw(*self._drawn)

    def _show(self, lines: list[Text]) -> None:
        if lines == self._lines:
            return  # an update lays the whole screen out again: only when something changed
        self._lines = lines
        self.plain = "\n".join(line.plain for line in lines)
        self.update(Group(*lines))

    def draw(self, state: TriageState, problem_id: str | None, candidate: Candidate | None) -> None:
        self.shows = (problem_id, candidate.key if candidate is not None else None)
        if problem_id is None or problem_id not in state.results:
            self._show([Text("Select a problem.")])
            return
        self._drawn = (state, problem_id, candidate)
        result = state.results[problem_id]
        totals, here = state.totals(), state.counts(problem_id)
        phrases = [
            Text.assemble((f"[{totals.undecided}/{totals.total}]", "bold"), " undecided"),
            Text.assemble((problem_id, "bold"), f" [{here.undecided}/{here.total}]"),
            Text(state.status(problem_id)),
        ]
        if result.judged:
            phrases.append(Text(f"{result.n_survived} of {result.n_broken} broken pass"))
        if result.unsure:
            phrases.append(Text("weak? every assert is flagged", style="bold yellow"))
        lines: list[Text] = fold(phrases, self.content_size.width)
        if candidate is None:
            lines.append(Text(self._no_assert(state, problem_id), style="italic"))
            for index, survivor in enumerate(result.survivors[:1]):
                lines += survivor_lines(index, survivor, state.survivor_verdict(problem_id, index))
            self._show(lines)
            return
        decided = state.decision(problem_id, candidate.key)
        row = Text()
        row.append(f" {DECISION_LABELS[decided]} ", style=DECISION_STYLES[decided] + " reverse")
        if candidate.edited:
            row.append(" edited", style="italic cyan")
        if candidate.origin == PROBE:
            row.append(" from a probe", style="italic cyan")
        lines.append(row)
        lines += self._marks(candidate)
        lines.append(Text(state.shown_text(problem_id, candidate), style="bold reverse"))
        lines.append(self._verdict_line(candidate, len(result.survivors)))
        lines.append(self._next_line(state, problem_id, candidate))
        shown = shown_survivor(len(result.survivors), candidate)
        if shown is not None:
            lines += survivor_lines(shown, result.survivors[shown], state.survivor_verdict(problem_id, shown))
        self._show(lines)

    @staticmethod
    def _marks(candidate: Candidate) -> list[Text]:
        """What the reviewer should know about the assert before deciding, a line each (empty
        for most): the engine's flags, each with its reason, and whether it repeats one of the
        problem's own tests."""
        marks = [Text(f"⚑ {flag}", style="bold yellow") for flag in candidate.flags]
        if candidate.repeats:
            marks.append(
                Text(f"= repeats a {candidate.repeats} test of the problem: adds nothing (ranked last)",
                     style="bold yellow")
            )  # fmt: skip
        return marks

    @staticmethod
    def _next_line(state: TriageState, problem_id: str, candidate: Candidate) -> Text:
        """Where a/r/s go after deciding this one: the problem's next undecided assert, named,
        so that "decide, then n" does not skip it unseen."""
        keys = [c.key for c in state.candidates(problem_id)]
        row = keys.index(candidate.key) if candidate.key in keys else 0
        later = [i for i in state.rows_where(problem_id, None) if i > row]
        line = Text("then a/r/s → ", style="dim")
        if later:
            following = state.candidates(problem_id)[later[0]]
            line.append(f"#{later[0] + 1} ", style="bold")
            line.append(" ⏎ ".join(state.shown_text(problem_id, following).splitlines()))
        else:
            line.append("stay here (no undecided assert after it in this problem; n goes on)", style="dim")
        line.no_wrap, line.overflow = True, "ellipsis"
        return line

    @staticmethod
    def _verdict_line(candidate: Candidate, survivors: int) -> Text:
        if not candidate.passes_reference:
            return Text(
                "FAILS on the reference: it cannot be accepted; edit it or reject it", style="bold red"
            )
        rejected = rejected_survivors(candidate.kills, survivors)
        style = "green" if candidate.kills else "yellow"
        return Text(f"passes on the reference · rejects {rejected}", style=style)

    @staticmethod
    def _no_assert(state: TriageState, problem_id: str) -> str:
        result = state.results[problem_id]
        if result.exclusion:
            return f"Excluded ({result.exclusion}): nothing to review. {result.detail}".strip()
        if not result.weak:
            return "Strong: no broken solution passes its tests. Nothing to review."
        return "No candidate assert could be written (the witnesses are not literals): p probes your own."
