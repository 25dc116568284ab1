"""Where a census runs: this machine's cores or a Ray cluster, behind one interface (``base.py``)."""
