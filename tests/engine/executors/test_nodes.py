"""Whether a Ray node would count steps as the driver does (``executors/nodes.py``): the facts
compared are this machine's own, changed one at a time."""

from __future__ import annotations

from gameability_tui.engine.executors.nodes import node_facts, refusal
from gameability_tui.engine.sandbox.steps import STEP_COUNTER


def test_a_node_like_the_driver_audits():
    assert refusal(node_facts(), node_facts(), "10.0.0.2") is None


def test_a_node_with_another_step_counter_refuses():
    driver = node_facts()
    other = "trace-c" if STEP_COUNTER.startswith("monitor") else "monitor-c"
    said = refusal(driver, {**driver, "step_counter": other}, "10.0.0.2")
    assert said is not None and f"with the {other} counter" in said and STEP_COUNTER in said


def test_a_node_that_counts_in_python_refuses():
    driver = node_facts()
    unit = STEP_COUNTER.split("-")[0]
    said = refusal(driver, {**driver, "step_counter": f"{unit}-python"}, "10.0.0.2")
    assert said is not None and "no compiled step counter" in said
