"""The problem's own tests, drawn under the assert table, each marked with what the survivor
under review (the one the seat shows) does on it."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from ...review import survivor_number
from ..own_tests import CHALLENGE, own_tests
from ..state import TriageState

MARKS = {
    "passes": ("passes", "green"),
    "fails": ("fails ", "red"),
    "runs past the budget": ("loops ", "magenta"),
}
ASKING = ("…     ", "dim")


class OwnTestsPane(Static):
    """Visible tests, then challenge tests (tagged), as the benchmark writes them."""

    plain = ""  # what is drawn, as plain text (tests read it)

    def draw(self, state: TriageState, problem_id: str, survivor: int | None) -> None:
        problem = state.problems[problem_id]
        tests = own_tests(problem)
        runs = state.test_runs.get(problem_id)
        title = Text("The problem's own tests", style="bold")
        if survivor is not None:
            title.append(f" · what survivor {survivor_number(survivor)} does on each")
            if runs is None:
                title.append(" (asking the engine...)", style="dim")
        lines = [title]
        for index, test in enumerate(tests):
            line = Text()
            if survivor is not None:
                said = runs.survivors[survivor][index] if runs and survivor < len(runs.survivors) else None
                word, style = MARKS.get(said, ASKING) if said else ASKING
                line.append(f"{word} ", style=style)
            if test.kind == CHALLENGE:
                line.append("challenge ", style="italic cyan")
            line.append(test.text.strip())
            lines.append(line)
        if not tests:
            lines.append(Text("(none: the benchmark gives this problem no test)", style="italic"))
        self.plain = "\n".join(line.plain for line in lines)
        self.update(Group(*lines))
