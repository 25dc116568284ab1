"""gameability-tui: find and fix the weak tests in code benchmarks."""

__version__ = "0.1.0"
