"""Outcomes: compared as the tests compare them, objects by their state, never by their own __eq__."""

from __future__ import annotations

from gameability_tui.engine.outcome import encode_value, same


def test_eq_oracle_compares_like_the_tests_and_repr_like_the_published_tool():
    a, b = encode_value({"x": 1, "y": 2}), encode_value({"y": 2, "x": 1})
    assert same(a, b, "eq") and not same(a, b, "repr")
    assert same(encode_value(228.0), encode_value(228), "eq")
    assert not same(encode_value(228.0), encode_value(228), "repr")


def test_untrusted_objects_are_compared_by_state_never_by_their_eq():
    class Liar:
        def __init__(self, value):
            self.value = value

        def __eq__(self, other):
            return True

        def __repr__(self):
            return "Liar()"

    assert not same(encode_value(Liar(1)), encode_value(3))
    assert not same(encode_value(Liar(1)), encode_value(Liar(2)))
    assert same(encode_value(Liar(1)), encode_value(Liar(1)))


def test_reprs_with_memory_addresses_compare_equal():
    class Pair:
        pass

    assert same(encode_value(Pair()), encode_value(Pair()))
