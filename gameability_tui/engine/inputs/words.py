"""Known vocabularies: a string argument whose every visible value is one of their words.

Threat: ``month_season('Octobey', 28)`` is not an input the task allows; edited letter by letter,
a month name becomes a made-up word on which a mutant's answer means nothing. Where every visible
value of an argument is a word of one vocabulary (in one case style), fresh values are other
words of it, written in that style. Only closed vocabularies are listed: a word list the tests
merely happen to use (``'python'``) is free text, edited as before.
"""

from __future__ import annotations

import calendar

VOCABULARIES = (
    tuple(calendar.month_name[1:]),
    tuple(calendar.month_abbr[1:]),
    tuple(calendar.day_name),
    tuple(calendar.day_abbr),
)
STYLES = (str.capitalize, str.lower, str.upper)


def vocabulary_of(values: list[str]) -> tuple[str, ...]:
    """The vocabulary (in the values' case style) that holds every value, else ()."""
    if len(set(values)) < 2:  # one word may be there by chance ("may")
        return ()
    for words in VOCABULARIES:
        for style in STYLES:
            styled = tuple(style(word) for word in words)
            if all(value in styled for value in values):
                return styled
    return ()
