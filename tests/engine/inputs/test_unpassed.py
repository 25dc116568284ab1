"""What no visible call passes: each unpassed call is one visible call with one such change."""

from __future__ import annotations

from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.inputs.unpassed import unpassed_calls

CLAMP = "def clamp(x, low=0, high=10, *, strict=False):\n    return min(max(x, low), high)\n"


def test_defaults_are_passed_in_position_order_and_keyword_only_ones_by_name():
    calls = unpassed_calls(CLAMP, "clamp", [Call((5,))], set(), 10)
    assert Call((5, 1)) in calls and Call((5, -1)) in calls
    assert Call((5, 0, 11)) in calls  # ``low`` stays at its default before ``high``
    assert Call((5,), (("strict", True),)) in calls


def test_a_default_some_visible_call_passes_is_left_to_the_draws():
    calls = unpassed_calls(CLAMP, "clamp", [Call((5,)), Call((5, 2))], set(), 10)
    assert all(call.args[:2] in ((5,), (5, 2)) for call in calls)  # (the draws vary ``low``)
    assert Call((5, 2, 11)) in calls and Call((5, 0, 11)) not in calls


def test_the_limit_and_the_known_keys_hold():
    visible = [Call((5,))]
    first = unpassed_calls(CLAMP, "clamp", visible, set(), 2)
    assert len(first) == 2
    again = unpassed_calls(CLAMP, "clamp", visible, {call.key() for call in first}, 10)
    assert not {call.key() for call in first} & {call.key() for call in again}


def test_keywords_are_reversed_only_for_an_entry_that_takes_any_keyword():
    named = [Call((), (("a", 1), ("b", 2)))]
    anything = "def f(**kw):\n    return sorted(kw)\n"
    assert unpassed_calls(anything, "f", named, set(), 4) == [Call((), (("b", 2), ("a", 1)))]
    assert unpassed_calls("def f(a, b):\n    return a - b\n", "f", named, set(), 4) == []


def test_the_closure_the_entry_returns_takes_its_default_where_the_tests_call_it():
    maker = "def make(n):\n    def add(x, step=1):\n        return x + n * step\n    return add\n"
    visible = [Call((3,), chain=(("", (4,), ()),)), Call((2,))]
    calls = unpassed_calls(maker, "make", visible, set(), 4)
    assert calls == [Call((3,), chain=(("", (4, 2), ()),)), Call((3,), chain=(("", (4, 0), ()),))]


def test_a_dict_is_passed_in_the_other_order_whatever_the_entry_takes():
    calls = unpassed_calls(
        "def f(d):\n    return d\n", "f", [Call(({"a": 1, "b": 2},)), Call(({"c": 3},))], set(), 4
    )
    assert [list(call.args[0]) for call in calls] == [["b", "a"]]


def test_other_types_go_only_where_the_entry_tests_a_type_before_raising():
    from gameability_tui.engine.inputs.type_guards import other_type_calls, type_guarded_positions

    guarded = "def f(n, s):\n    if not isinstance(s, str):\n        raise TypeError('s')\n    return s * n\n"
    assert type_guarded_positions(guarded, "f") == (1,)
    assert type_guarded_positions("def f(n, s):\n    return isinstance(s, str)\n", "f") == ()
    calls = other_type_calls([Call((2, "a"))], (1,), set(), 10)
    assert [call.args[1] for call in calls] == [2.5, [1], None, 3]  # (a text is the visible type)
