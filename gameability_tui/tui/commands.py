"""Command-palette entries for the app's actions, so every key is also discoverable by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

ACTIONS = (
    ("Accept the highlighted assert", "decide('accepted')"),
    ("Reject the highlighted assert", "decide('rejected')"),
    ("Undo the decision on the highlighted assert", "undo"),
    ("Edit the highlighted assert", "edit"),
    ("Next undecided assert", "next_undecided"),
    ("Probe the problem with your own arguments", "probe"),
    ("Give the problem a verdict (keep / fix / drop)", "verdict"),
    ("Filter problems: all / weak / undecided / excluded", "cycle_filter"),
    ("Sort problems", "cycle_sort"),
    ("Find a problem by id", "search"),
    ("Export accepted asserts", "export"),
    ("Show all keys", "help"),
)


class TriageCommands(Provider):
    async def discover(self) -> Hits:
        for title, action in ACTIONS:
            yield DiscoveryHit(title, partial(self.app.run_action, action))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, action in ACTIONS:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self.app.run_action, action))
