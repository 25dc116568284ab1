"""The sandbox's optional C parts, built by ``setup.py`` where a compiler and the Python headers
are available: ``_steps`` (the step counter) and ``_isolation`` (the child's helpers and the
zygote's sibling fork). Without them the sandbox runs the same rules in Python, only slower."""
