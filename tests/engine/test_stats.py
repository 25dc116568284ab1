"""The summary's statistics."""

from __future__ import annotations

from gameability_tui.engine.stats import wilson_interval


def test_wilson_interval_matches_the_published_figures():
    low, high = wilson_interval(169, 942)
    assert round(100 * low, 1) == 15.6 and round(100 * high, 1) == 20.5
    low, high = wilson_interval(16, 155)
    assert round(100 * low, 1) == 6.5 and round(100 * high, 1) == 16.1
