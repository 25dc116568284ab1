"""Panes of the triage screen: each draws part of the ``TriageState`` and decides nothing."""
