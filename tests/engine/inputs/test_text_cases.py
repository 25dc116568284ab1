"""Inputs of the cases a text names: words tied on their length, a sub-text overlapping itself."""

from __future__ import annotations

from gameability_tui.engine.audit.stated_domain import lifted_rules
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.inputs.text_cases import overlapping, word_ties


def test_a_tie_is_made_from_the_tests_own_words_of_that_length():
    calls = [Call(("red apple",)), Call(("a dog barks",))]
    made = [call.args[0] for call in word_ties(calls)]
    assert "red apple barks" in made  # ``barks`` ties ``apple``, the longest
    assert "red apple dog" in made  # ``dog`` ties ``red``, the shortest (nothing ties ``a``)
    assert all(len(set(text.split())) == len(text.split()) for text in made)


def test_a_list_of_texts_takes_the_tied_items_letters_turned_where_no_test_writes_one():
    assert list(word_ties([Call((["abc", "de"],))])) == [
        Call((["abc", "de", "bca"],)),
        Call((["abc", "de", "ed"],)),
    ]


def test_an_overlap_uses_the_sub_texts_border_then_its_first_letter_doubled():
    made = list(overlapping(Call(("xyzxy", "aba"))))
    assert made == [Call(("xyzxyababa", "aba")), Call(("xyzxyaaa", "aa"))]
    assert list(overlapping(Call(("hello", "lo")))) == [Call(("hellolll", "ll"))]
    assert list(overlapping(Call(("hello",)))) == []


def test_the_text_lifts_ties_on_a_measure_and_overlaps_either_way():
    assert "unique" in lifted_rules("If two words have the same length, return the first one.")
    assert "unique" not in lifted_rules("Both lists have the same length.")
    assert "overlap" in lifted_rules("Count the non-overlapping occurrences of sub in s.")
    assert "overlap" not in lifted_rules("Count the occurrences of sub in s.")


def test_a_parity_of_parts_the_answer_counts_is_no_rule_of_the_input():
    from gameability_tui.engine.audit.stated_shapes import shape_broken

    assert not shape_broken("Find the sum of all odd length subarrays.", {"arr": [1, 2]})  # (MBPP/782)
    assert shape_broken("xs is an odd-length list.", {"xs": [1, 2]})
    said = "For a list with an odd number of elements return the middle; for an even number of elements, 0."
    assert not shape_broken(said, {"xs": [1, 2]}, said)  # (both parities: cases)
