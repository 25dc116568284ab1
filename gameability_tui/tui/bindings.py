"""The one table of keys: the triage screen's bindings, its footer, the help screen, the command
palette and README's key table are all read from ``KEYS``, so none of them can drift from the
keys the app really answers (a test compares README's table with ``markdown_table()``)."""

from __future__ import annotations

from textual.binding import Binding

REVIEW, MOVE, PROBLEM, APP = "Review", "Move", "Problem", "App"

KEYS: tuple[tuple[str, Binding], ...] = (
    (
        REVIEW,
        Binding(
            "a",
            "decide('accepted')",
            "Accept",
            id="accept",
            tooltip="Accept the assert under review",
        ),
    ),
    (
        REVIEW,
        Binding("r", "decide('rejected')", "Reject", id="reject", tooltip="Reject the assert under review"),
    ),
    (
        REVIEW,
        Binding(
            "s",
            "decide('skipped')",
            "Skip",
            id="skip",
            tooltip="Skip it (n returns to it last)",
        ),
    ),
    (
        REVIEW,
        Binding(
            "u",
            "undo",
            "Undo",
            id="undo",
            tooltip="Undo the last decision",
        ),
    ),
    (
        REVIEW,
        Binding(
            "e",
            "edit",
            "Edit",
            id="edit",
            tooltip="Edit it (run again on save)",
        ),
    ),
    (
        PROBLEM,
        Binding(
            "A",
            "accept_cover",
            "Accept cover",
            id="accept-cover",
            show=False,
            tooltip="Accept fewest rejecting all",
        ),
    ),
    (
        PROBLEM,
        Binding(
            "R",
            "reject_rest",
            "Reject rest",
            id="reject-rest",
            show=False,
            tooltip="Reject the rest of the problem",
        ),
    ),
    (
        PROBLEM,
        Binding(
            "p",
            "probe",
            "Probe",
            id="probe",
            show=False,
            tooltip="Probe with your own arguments",
        ),
    ),
    (
        PROBLEM,
        Binding(
            "c",
            "judge_survivor",
            "Correct",
            id="correct",
            show=False,
            tooltip="Judge survivor correct per task",
        ),
    ),
    (
        PROBLEM,
        Binding("v", "verdict", "Verdict", id="verdict", tooltip="Verdict: keep/fix/drop + note"),
    ),
    (
        MOVE,
        Binding(
            "n",
            "step(True)",
            "Next",
            id="next",
            tooltip="Next undecided assert",
        ),
    ),
    (
        MOVE,
        Binding("N", "step(False)", "Prev", id="previous", show=False, tooltip="Previous undecided assert"),
    ),
    (
        MOVE,
        Binding(
            "f",
            "cycle_filter",
            "Filter",
            id="filter",
            show=False,
            tooltip="Filter: weak/undecided/excl.",
        ),
    ),
    (
        MOVE,
        Binding(
            "o",
            "cycle_sort",
            "Order",
            id="sort",
            show=False,
            tooltip="Order: survivors/status",
        ),
    ),
    (
        MOVE,
        Binding(
            "slash",
            "search",
            "Find",
            id="search",
            show=False,
            key_display="/",
            tooltip="Find a problem by id",
        ),
    ),
    (
        APP,
        Binding(
            "x",
            "export",
            "Export",
            id="export",
            tooltip="Export the accepted asserts",
        ),
    ),
    (APP, Binding("question_mark", "help", "Keys", id="help", key_display="?", tooltip="Show every key")),
    (APP, Binding("q", "quit_review", "Quit", id="quit", tooltip="Quit, with a review summary (^q, ^c too)")),
)

BINDINGS = [binding for _, binding in KEYS]


def key_label(binding: Binding) -> str:
    return binding.key_display or binding.key


def markdown_table() -> str:
    """README's key table, generated from ``KEYS``."""
    rows = ["| key | does |", "|---|---|"]
    rows += [f"| `{key_label(b)}` | {b.tooltip} |" for _, b in KEYS]
    return "\n".join(rows)
