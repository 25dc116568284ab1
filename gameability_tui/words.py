"""How counts read in what a person is shown: "1 problem", "2 problems"."""

from __future__ import annotations

from .engine.stats import wilson_interval


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def share_text(count: int, total: int) -> str:
    """``17 of 161 = 10.6%  95% interval [6.7, 16.3]``; with nothing counted, says so instead of
    a share and an interval of 0.0 that would read as measured."""
    if total == 0:
        return f"{count} of 0 (nothing to count)"
    low, high = wilson_interval(count, total)
    interval = f"95% interval [{100 * low:.1f}, {100 * high:.1f}]"
    return f"{count} of {total} = {100 * count / total:.1f}%  {interval}"


def home_path(path: object) -> str:
    """``path`` with the home folder written ``~``: what a narrow toast or line has room for."""
    from pathlib import Path

    text, home = str(path), str(Path.home())
    return "~" + text[len(home) :] if home not in ("/", "") and text.startswith(home + "/") else text
