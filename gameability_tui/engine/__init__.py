"""The audit engine, with no UI, no loaders and no persistence: usable as a library.

One problem travels through it in this order: an executor (``executors/``) hands it to a worker,
the audit (``audit/``) prepares it with fresh inputs (``inputs/``) and mutants (``mutants/``),
runs every candidate in the sandbox (``sandbox/``), compares what came back (``outcome.py``) and
gates the asserts that reject the survivors; ``model.py`` holds the records that cross layers.
"""
