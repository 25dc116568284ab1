"""The calls a task's text shows as examples (``inputs/text_examples.py``)."""

from gameability_tui.engine.inputs.text_examples import example_sources

DOCSTRING = (
    "def words(s, sep=','):\n"
    '    """The words of s.\n'
    "    >>> words('one,two')\n"
    "    ['one', 'two']\n"
    "    For example, words('a b') == ['a', 'b'] and words(s) is a list; make_adder(2)(5) is 7.\n"
    '    """\n'
)


def test_each_call_the_text_writes_is_read_whole_and_renamed_to_the_tests_name():
    assert example_sources(DOCSTRING, ("candidate", "words"), "candidate") == (
        "candidate('one,two')",
        "candidate('a b')",
        "candidate(s)",
    )


def test_a_chain_on_the_call_is_kept_and_the_def_line_is_not_an_example():
    assert example_sources(DOCSTRING, ("make_adder",), "make_adder") == ("make_adder(2)(5)",)
    assert example_sources("def f(x=[1, 2]):\n    return x", ("f",), "f") == ()


def test_a_call_that_does_not_parse_or_runs_too_long_is_no_example():
    assert example_sources("f(1, 2 is the pair", ("f",), "f") == ()
    assert example_sources("f(" + "1, " * 1_000 + "1)", ("f",), "f") == ()
