"""How the tests read an expected exception's message: for words in it, or whole."""

from __future__ import annotations

import pytest

from gameability_tui.engine.audit.asserts import assert_text
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.inputs.message_reads import message_fragments
from gameability_tui.engine.outcome import message_holds


@pytest.mark.parametrize(
    ("test", "fragments"),
    [
        ("with self.assertRaises(ValueError) as cm:\n    f(-1)\nself.assertIn('neg', str(cm.exception))",
         (("neg", False),)),
        ("import pytest\nwith pytest.raises(ValueError, match='ne+g'):\n    f(-1)", (("ne+g", True),)),
        ("try:\n    f(-1)\nexcept ValueError as e:\n    assert 'neg' in e.args[0]\n    assert e.code == 3",
         (("neg", False),)),
        ("import pytest\nwith pytest.raises(ValueError) as c:\n    f(-1)\nc.match('neg')\nassert c.type",
         (("neg", True),)),
        ("self.assertRaisesRegex(ValueError, 'neg', f, -1)", (("neg", True),)),
    ],
)  # fmt: skip
def test_a_message_read_only_for_words_is_read_for_them(test, fragments):
    assert message_fragments((test,), "") == fragments


@pytest.mark.parametrize(
    "test",
    [
        "try:\n    f(-1)\nexcept ValueError as e:\n    assert str(e) == 'negative'",
        "try:\n    f(-1)\nexcept ValueError as e:\n    print(e)",
        "import pytest\nwith pytest.raises(ValueError, match=PATTERN):\n    f(-1)",
        "with self.assertRaises(ValueError) as cm:\n    f(-1)\nassert 'neg' in str(cm.exception)\nlog(cm)",
        "import pytest\nwith pytest.raises(ValueError) as c:\n    f(-1)\nassert c.value.code == 3",
    ],
)
def test_any_other_read_keeps_the_message_whole(test):
    assert message_fragments((test,), "") == ()


def test_a_message_is_seen_by_the_words_it_holds_and_asserted_by_them():
    fragments = (("negative", False), ("n+o", True))
    assert message_holds(("negative input",), fragments) == (True, False)
    assert message_holds(("\x00digest 1f",), fragments) == ("\x00digest 1f",)
    held = assert_text(
        Call((-1,)), "f", ("raise", "ValueError", "negative input"), raises=True, fragments=fragments
    )
    assert held == (
        "import unittest; assert unittest.TestCase().assertRaisesRegex(ValueError, "
        "'^(?=[\\\\s\\\\S]*negative)(?![\\\\s\\\\S]*n+o)', lambda: f(-1)) is None"
    )
    one = assert_text(
        Call((-1,)), "f", ("raise", "ValueError", "negative input"), raises=True, fragments=fragments[:1]
    )
    expected = "assertRaisesRegex(ValueError, 'negative', lambda: f(-1)) is None"
    assert one == f"import unittest; assert unittest.TestCase().{expected}"
