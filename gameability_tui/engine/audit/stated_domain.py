"""What the task's text states of its inputs: the rules fresh inputs keep, and the ``domain`` flag.

The inputs keep the rules the visible calls keep (``inputs/relations.py``, ``inputs/domain.py``),
but a rule the text states and a visible test breaks is learned by neither: MBPP/733 finds "the
first occurrence of a given number in a sorted array" while its third test passes
``[2, 4, 1, 5, ...]``; HumanEval/116 sorts "an array of non-negative integers" while its
examples pass negatives. And a rule the text states is the domain where the tests show only its
middle: "n is always a month number between 1 and 12" with tests on 1 and 12, where the draws
pass 13 and 18 and an assert on one encodes what the reference happens to do where the task
says nothing is asked.

The text is read only for phrases whose meaning does not depend on the rest of the sentence, each
a statement about the input:

- "a sorted array" (or list), not after "rotated" or "circularly", nor in a task that makes one
  ("generate a sorted array"): an argument that is a list sorted neither up nor down breaks it;
- "a list of positive integers" (or non-negative; array, sequence): a list argument holding a
  number at or below 0 (below 0) breaks it;
- "given a positive integer" (or non-negative): the call's one argument, an int, at or below 0
  (below 0) breaks it; "two non-negative ints" (three, four, both, all): where the call passes
  that many ints, one below 0 (at or below 0) breaks it;
- "groups are balanced" (brackets, parentheses, a string), stated, not asked: a text argument
  whose brackets do not each close one of their kind breaks it;
- "a square matrix" (grid, board; "an n x n grid"): a grid argument whose rows are not as many
  as its columns breaks it;
- "n is an odd integer", "given an even number n" (of the parameter itself, not its digits, and
  not in a question): an int argument of the other parity breaks it;
- a comparison of a parameter by name with a number, in a clause that states a precondition
  ("Assume n > 1", "Constraints: 1 <= len(arr) <= 100", a line holding only the comparison, or
  a clause opening on what the parameter is: "score is ..."), and "n is (not) a prime" there;
  a range in words of the parameter a clause opens on, where it names no other ("n is always
  between 1 and 12", "from 0 to 100 inclusive", "at least 3 elements" of its length, "exactly two
  words" of its words; numbers in figures or spelled out to twelve): an argument (its length,
  its words) outside it breaks it. A clause that says what to do in a case ("if n < 0
  return -1", "when", "otherwise") describes an answer, not a precondition, and is not read.

Fresh inputs that break them are not drawn (``reference.within_the_text``), as inputs that break
a benchmark's written contract are not; a candidate assert whose input breaks them is still
flagged (a second guard: none of the audit's own should be). Where the tests expect raises, a
rule a visible call itself crosses is no promise (``crossed_rules``).

The text also widens what the tests show (``lifted_rules``): where it speaks of empty, repeated
or signed inputs, the rules learned from tests that never passed one (non-empty, repeat-free,
the floor) are lifted for the aimed inputs (``inputs/contract.py``'s ``Lifted``); where it speaks
of texts padded with spaces or of numbers that are no integers, the deep attack aims at such
inputs too, and the contract takes them.
"""

from __future__ import annotations

import functools
import re
import string
from typing import Any

from ..inputs.calls import Call
from ..inputs.contract import CHARACTERS
from ..inputs.range_ends import is_prime
from .stated_shapes import introduced_ranges, shape_broken

SORTED_INPUT = re.compile(
    r"\b(in|given|a|an|the|two|three|one|of)\s+(given\s+)?sorted\s+(array|list)s?\b", re.IGNORECASE
)
NOT_A_PRECONDITION = re.compile(r"rotat|circular|generate|to get|into a sorted|make", re.IGNORECASE)
# a sentence saying an input is sorted ("xs is sorted in decreasing order"), which asks nothing
SORTED_SAID = re.compile(r"\b\w+\s+(is|are)\s+(already\s+|always\s+)?sorted\b", re.IGNORECASE)
ASKED = re.compile(
    r"\b(whether|if|check|checks|determine|test|tests|true|false|return|returns|rotat\w*|circular\w*)\b",
    re.IGNORECASE,
)
DESCENDING = re.compile(
    r"(?<!non-)(?<!non)\b(decreasing|descending)\b|\bnon-?increasing\b|\blargest\s+first\b", re.IGNORECASE
)
ASCENDING = re.compile(
    r"(?<!non-)(?<!non)\b(increasing|ascending)\b|\bnon-?decreasing\b|\bsmallest\s+first\b", re.IGNORECASE
)
# ("non-zero": "a list of non-zero ints (no item is 0)", the twenty-eighth pass)
SIGNED_ITEMS = re.compile(
    r"\b(array|list|sequence)\s+of\s+(non-?negative|positive|non-?zero)\s+(integer|number|int)s?\b",
    re.IGNORECASE,
)
SIGNED_ONE = re.compile(
    r"\bgiven\s+an?\s+(non-?negative|positive|non-?zero)\s+(integer|number|int)\b", re.IGNORECASE
)
# of several arguments, none named: "the gcd of two non-negative ints", "both positive integers"
SIGNED_SEVERAL = re.compile(
    r"\b(two|three|four|both|all)\s+(given\s+)?(non-?negative|positive|non-?zero)\s+(integers|numbers|ints)\b",
    re.IGNORECASE,
)
_HOW_MANY = {"two": 2, "three": 3, "four": 4, "both": 2}


PRECONDITION = re.compile(
    r"\b(assum\w*|constraints?|guarantee\w*|given|note|such that|where)\b", re.IGNORECASE
)
CASE_WORDS = re.compile(r"\b(if|when|otherwise|else|unless|return\w*)\b", re.IGNORECASE)
_OPERATOR = r"(<=|>=|<|>|≤|≥)"
# a number as texts write bounds: ``12``, ``-0.5``, ``1,000,000``, a power (``10**12``, ``10^6``,
# ``10⁵``) or an exponent (``1e6``); read whole, never as its first figures (``10**12`` was read
# as 10 and ruled out every input above it: the twenty-fifth pass, HumanEval/107's ``10^3``)
_SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_POWER = rf"(?:\s*(?:\*\*|\^)\s*\d+|[{_SUPERSCRIPT_DIGITS}]+|[eE][+-]?\d+)"
_FIGURES = rf"-?(?:\d{{1,3}}(?:,\d{{3}})+(?![\d,])|\d+)(?:\.\d+)?{_POWER}?"
_NUMBER = rf"({_FIGURES})"
_SUPERSCRIPTS = str.maketrans(_SUPERSCRIPT_DIGITS, "0123456789")
# a parameter, its length, or each of its items (``nums[i]``, ``grid[i][j]``: a range of the items)
_SUBJECT = r"(len\(\s*[A-Za-z_]\w*\s*\)|[A-Za-z_]\w*(?:\[\s*[A-Za-z_]\w*\s*\])*)"
CHAINED = re.compile(rf"{_NUMBER}\s*{_OPERATOR}\s*{_SUBJECT}\s*{_OPERATOR}\s*{_NUMBER}")
# one range of several subjects, as constraints write it: ``1 <= a, b <= 10^4`` bounds a and b
# both (read as ``1 <= a`` and ``b <= 10^4`` alone, a was unbounded above and b below)
_ONE_SUBJECT = f"(?:{_SUBJECT[1:-1]})"
_SUBJECTS = rf"({_ONE_SUBJECT}(?:\s*,\s*{_ONE_SUBJECT})+)"
CHAINED_SEVERAL = re.compile(rf"{_NUMBER}\s*{_OPERATOR}\s*{_SUBJECTS}\s*{_OPERATOR}\s*{_NUMBER}")
SUBJECT_FIRST = re.compile(rf"(?<![\w.\[(]){_SUBJECT}\s*{_OPERATOR}\s*{_NUMBER}(?![\w.])")
NUMBER_FIRST = re.compile(rf"(?<![\w.]){_NUMBER}\s*{_OPERATOR}\s*{_SUBJECT}(?![\w.(\[])")
# a comparison of two measures of the arguments, maybe chained: ``-len(xs) <= k < len(xs)``,
# ``lo <= hi`` (each side a parameter or its length, maybe negated)
_SIDE = r"-?\s*(?:len\(\s*[A-Za-z_]\w*\s*\)|[A-Za-z_]\w*)"
RELATION = re.compile(
    rf"(?<![\w.\-])({_SIDE})\s*{_OPERATOR}\s*({_SIDE})(?:\s*{_OPERATOR}\s*({_SIDE}))?(?![\w.(\[])"
)
PRIME = re.compile(r"\b(is\s+)?(not\s+an?\s+|non-?)?prime\b", re.IGNORECASE)
# A range said in words, of the one parameter its clause names: "between 1 and 12", "from 0 to
# 100 inclusive", "at least 3 elements" (of its length, where a unit of items follows), "exactly
# two words" (of its words); a number in figures or spelled out up to twelve.
_UNIT = r"(?:\s+(elements?|items?|characters?|chars|letters?|entries|values|numbers|integers|digits|words?))?"
_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
)  # fmt: skip
_SPELLED = {word: value for value, word in enumerate(_NUMBER_WORDS)}
# a number in figures or spelled out, whole ("tenfold" is none), not a choice ("one of the keys")
_AMOUNT = rf"({_FIGURES}|{'|'.join(_SPELLED)})\b(?!\s+of\b)"
WORDED_RANGE = re.compile(
    rf"\b(?:between|from)\s+{_AMOUNT}\s+(?:and|to)\s+{_AMOUNT}(?:\s*\(?inclusive\)?)?{_UNIT}", re.IGNORECASE
)
# a range written with two dots ("month m (an integer 1..12)": the thirty-third pass's asserts
# passed m = 13)
DOTTED_RANGE = re.compile(rf"(?<![\w.])({_FIGURES})\s*\.\.\s*({_FIGURES})(?![\w.]){_UNIT}")
_BOUND_WORDS = r"at\s+least|at\s+most|no\s+more\s+than|no\s+less\s+than|no\s+fewer\s+than"
WORDED_BOUND = re.compile(rf"\b({_BOUND_WORDS}|exactly)\s+{_AMOUNT}{_UNIT}", re.IGNORECASE)
# a bound said of each of several inputs: "a and b ..., each at most 10**6", "both at least 1"
EACH_BOUND = re.compile(
    rf"\b(?:each|both|all)\s+(?:of\s+them\s+)?(?:is\s+|are\s+)?({_BOUND_WORDS})\s+{_AMOUNT}", re.IGNORECASE
)
_WORDED_OPERATOR = {
    "exactly": "==",
    "at least": ">=",
    "no less than": ">=",
    "no fewer than": ">=",
    "at most": "<=",
    "no more than": "<=",
}
# a range every item of a list keeps, in words: "each item is between 1 and 100", "all numbers
# in xs are between -5 and 5", "Each item is 0.0 or has an absolute value between 0.001 and 1000"
ITEM_RANGE = re.compile(
    r"\b(?:each|every|all)\s+(?:items?|elements?|numbers?|values?|entries|entry|integers?|floats?)\b"
    r"(?:\s+(?:of|in)\s+([A-Za-z_]\w*))?\s+(?:is|are)\s+(?:always\s+)?"
    rf"(?:({_FIGURES})\s+or\s+(?:has|have)\s+)?(?:an?\s+)?(absolute\s+values?\s+)?"
    rf"between\s+({_FIGURES})\s+and\s+({_FIGURES})",
    re.IGNORECASE,
)
# a clause that opens on what a parameter is or holds: "n is always ...", "items has ..."
ABOUT_A_PARAMETER = re.compile(r"^\s*([A-Za-z_]\w*)\s+(is|are|has|have|will|always|must|can)\b")
# a clause opening on what several parameters are: "start, stop and step are floats with start <=
# stop" (the thirtieth pass: read as no precondition, its asserts passed start > stop)
ABOUT_PARAMETERS = re.compile(
    r"^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*,?\s+(?:and|or)\s+[A-Za-z_]\w*)\s+(are|have|will|always|must|can)\b"
)
_HOLDS = {
    "==": lambda a, b: a == b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
# "odd" / "even" of a parameter itself, after any sign word; not of its parts ("n is an even
# number of digits" says nothing of n's parity)
_PARITY = r"(?:(?:positive|non-?negative|negative)\s+)?(odd|even)\b"
_PARTS = r"digits?|number\s+of|length|index|position|count"
QUESTION = re.compile(r"\b(whether|check|determine|find|test|decide|is\s+it)\b", re.IGNORECASE)
BALANCED_INPUT = re.compile(
    r"\b(groups|parenthes[ie]s|brackets|braces|strings?|expressions?)\s+(are|is)\s+(always\s+)?balanced\b",
    re.IGNORECASE,
)
BRACKETS = {"(": ")", "[": "]", "{": "}"}
DISTINCT_INPUT = re.compile(  # of the input ("guaranteed to have unique elements"), not what to find
    r"\b(lists?|arrays?|sequences?|tuples?)\s+of\s+(distinct|unique)\s+\w+"
    r"|\b(have|has|having|with|contains?)\s+(only\s+)?(distinct|unique)\s+(integers|numbers|elements|values|items)\b"
    r"|\b(are|be)\s+(all\s+)?(distinct|unique|different)\b",
    re.IGNORECASE,
)
SQUARE_INPUT = re.compile(r"\b(n\s*[x×*]\s*n|square)\s+(matrix|matrices|grid|board|array)", re.IGNORECASE)
WHOLE_NUMBERS = re.compile(r"\b(integers?|whole numbers?|ints?)\b", re.IGNORECASE)
CONDITION_WORDS = re.compile(r"\b(if|when|otherwise|else|unless)\b", re.IGNORECASE)
CASE_OPENERS = re.compile(r"\b(if|when|unless)\b", re.IGNORECASE)  # (``otherwise`` names no case)
BAD_INPUT_WORDS = re.compile(r"\b(invalid|error|raises?|fails?|illegal|not allowed)\b", re.IGNORECASE)
# a call written with names alone, ``cell(n)``, ``pairs(xs, k)``: a signature, not an example
SIGNATURE = re.compile(r"\b[A-Za-z_]\w*\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*\)")
PRIME_CHECKED_UP_TO = 10**12  # the bound the domain reads primality to (past it, no flag)
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def domain_flags(
    call: Call, prompt: str, parameters: tuple[str, ...] = (), crossed: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The ``domain`` flag of an assert made on ``call``, where its input breaks the text's words;
    ``parameters``: the entry's parameter names, which a stated comparison is read by;
    ``crossed``: the rules the tests themselves cross (``crossed_rules``), which no input breaks."""
    arguments = list(call.args) + [value for _, value in call.kwargs]
    flags = (
        _sorted_flag(arguments, prompt)
        or _signed_flag(arguments, prompt)
        or _balanced_flag(arguments, prompt)
        or _distinct_flag(arguments, prompt)
        or _square_flag(arguments, prompt)
        or _spacing_flag(arguments, prompt)
        or _stated_precondition_flag(call, prompt, parameters)
        or _signature_flag(call, prompt, parameters)
    )
    return tuple(flag for flag in flags if _said(flag) not in crossed)


def _signature_flag(call: Call, prompt: str, parameters: tuple[str, ...]) -> tuple[str, ...]:
    """Where the text writes the entry's signature with fewer parameters than the reference
    takes (``cell(n)`` for ``def cell(n, width=6)``), an input passing one it leaves out is not
    the task's: a solution taking only ``n`` fails its assert (the twenty-sixth pass's deep
    asserts ``cell(42, 5)``, made to pass a default no test overrides)."""
    written, said = _written_signature(prompt, parameters)
    passed = [*parameters[: len(call.args)], *(name for name, _ in call.kwargs)]
    beyond = [name for name in passed if written and name not in written]
    return (f"domain: the task says '{said}', and this input passes {beyond[0]}",) if beyond else ()


@functools.lru_cache(maxsize=256)
def _written_signature(prompt: str, parameters: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """The most parameters the text writes in a signature of the entry, and how: a name then,
    in parentheses, the first parameters of ``parameters`` by their names and in order, fewer
    than all (``cell(n)``); nothing where it writes none so, or writes them all."""
    written: tuple[tuple[str, ...], str] = ((), "")
    for found in SIGNATURE.finditer(prompt):
        names = tuple(name.strip() for name in found.group(1).split(","))
        if names == parameters:
            return ((), "")
        if len(written[0]) < len(names) < len(parameters) and names == parameters[: len(names)]:
            written = (names, found.group(0))
    return written


def crossed_rules(visible: list[Call], prompt: str, parameters: tuple[str, ...]) -> frozenset[str]:
    """The words of each rule of the text a visible call breaks. Where the tests expect raises,
    such a rule says which inputs the reference refuses, not which the task takes ("the rate r (0
    < r <= 1) ...; a rate outside that range raises", tested with ``set_rate(2)``): an input
    beyond it is judged, and its assert is in the domain (the twentieth pass: the draws left out
    ``set_rate(0)``, the one input that shows ``0 <= r`` for ``0 < r``)."""
    return frozenset(_said(flag) for call in visible for flag in domain_flags(call, prompt, parameters))


# What the text says of inputs the tests may not show, lifting a rule learned from them
# (``inputs/contract.py``'s ``Lifted``): an empty input it answers ("0.0 for an empty list"; not
# "non-empty", "not empty"), an item that repeats ("occurs more than once", "duplicates", "on a
# tie"), a sign ("negative", not "non-negative"; "the sign is ignored"; a negative number
# written, ``digit_sum(-12) == 3``).
EMPTY_INPUT = re.compile(r"\bempty\b", re.IGNORECASE)
REPEATED_ITEMS = re.compile(
    r"\b(more\s+than\s+once|duplicates?|duplicated|repeated|repeats|ties?|tied"
    r"|equal\s+(items|elements|values|neighbou?rs|adjacent))\b"
    # what is asked of the items that are unique ("count unique keys for each value": the
    # twenty-eighth pass's MBPP task) says the input may hold repeats (not "a list of unique ints")
    r"|\b(count|counts|number\s+of|find|return|get|extract|remove|keep|sum)\s+(\w+\s+){0,4}?(unique|distinct)\b",
    re.IGNORECASE,
)
# ("the sign is ignored", "with the sign of a", "opposite sign", an argument written negative:
# ``digit_sum(-12)``; a parameter said to be at most 0 or below, "for any n <= 0 return 0" (the
# twenty-eighth pass); not a zodiac's sign, a sign-up, nor an answer: "or -1 if the element is not
# found")
SIGNED_INPUT = re.compile(
    r"\bnegatives?\b|\w\(([^()]*,\s*)?-\d"
    r"|(?<![\w.])[A-Za-z_]\w*\s*(<=|<|≤)\s*(0|-\s*\d+)(?![\w.])(?!\s*(<=|<|≤))"
    r"|(?<!zodiac\s)\bsigns?\b(?!\s+(up|in|on|of\s+the\s+(chinese\s+)?zodiac)\b)",
    re.IGNORECASE,
)
# two items tied on a measure the text orders them by ("if two words have the same length,
# return the first"; "the first of the strings of equal length")
SAME_MEASURE = r"\b(same|equal)\s+(length|size|count|frequency|number\s+of\s+\w+)\b"
FIRST_OR_LAST = r"\b(first|last|earliest|latest|leftmost|rightmost)\b"
TIED_ON_A_MEASURE = re.compile(
    rf"{SAME_MEASURE}[^.;]{{0,80}}?{FIRST_OR_LAST}|{FIRST_OR_LAST}[^.;]{{0,80}}?{SAME_MEASURE}", re.IGNORECASE
)
# items that tie keep the order they came in ("players with equal scores keep their order in the
# input", "ties keep their original order", "a stable sort"): ties are inputs to draw, and the
# order they come in is any (the thirty-second pass: a tie broken by name passed tests that had
# no tie, whose names came in alphabetical order)
TIES_KEEP_ORDER = re.compile(
    r"\b(equal|same|tied)\s+\w+\s+(keep|retain|preserve|stay\s+in)\s+(their\s+|the\s+)?"
    r"(original\s+|relative\s+|input\s+|given\s+)?order\b"
    r"|\bties\s+(keep|retain|preserve|stay\s+in)\b|\bstable\s+(sort|order)",
    re.IGNORECASE,
)
# occurrences that may overlap: said either way ("overlapping ones count", "non-overlapping")
OVERLAPPING = re.compile(r"\boverlap\w*", re.IGNORECASE)
# a text padded with spaces ("s may end with spaces", "leading or trailing whitespace"), and
# numbers that are no integers ("non-integers are ignored", "a list of floats"; not "a float",
# which most often names what is returned)
SPACES = r"(white\s*-?space|spaces?|blanks?)\b"
PADDED_TEXT = re.compile(
    rf"\b(trailing|leading|surrounding|extra)\b[\w\s/-]{{0,20}}?\b{SPACES}"
    rf"|\b(ends?|starts?|begins?|ending|starting)\s+with\s+(\w+\s+){{0,2}}?{SPACES}",
    re.IGNORECASE,
)
OTHER_NUMBERS = re.compile(r"\bnon-?integers?\b|\bfloats\b|\bfloating[- ]point (numbers|values)\b", re.I)
# letters of either case ("ignoring case", "case-insensitive", "makes the rest lowercase",
# "converts s to upper case", "capitalizes"; not "each lowercase letter of s", which says what
# the input holds), and runs of white space ("separated by any amount of whitespace", "tabs")
LETTER_CASE = re.compile(
    r"\b(ignor\w*|regardless\s+of|irrespective\s+of)\s+(the\s+)?(letter\s+)?case\b|\bcase[- ]insensitive\w*"
    r"|\b(letter\s+)?case\s+(is|are)\s+(ignored|irrelevant|not\s+important)\b|\bcase\s+does\s+not\s+matter\b"
    r"|\b(in\s+)?(upper|lower)(case)?\s+or\s+(upper|lower)[- ]?case\b"
    r"|\b(make|makes|making|convert\w*|turn\w*|change\w*)\s+(\w+\s+){0,5}?(upper|lower)[- ]?case\b"
    r"|\bto\s+(upper|lower)[- ]?case\b|\bcapitali[sz]\w*"
    # (an answer's letters put in a case, "those at odd indexes in lower case"; not the input's,
    # "s is given in lower case")
    r"|(?<!given\s)(?<!\bis\s)(?<!\bare\s)(?<!only\s)(?<!\ball\s)\bin\s+(upper|lower)[- ]?case\b",
    re.IGNORECASE,
)
# a float that is no number ("A NaN x is returned unchanged": the twenty-eighth pass)
# ints the text allows past any float's exact range ("an int n >= 0 of any size", "arbitrarily
# large integers"): a float computed where the int is asked for equals it (==) on every small
# input and differs there (the thirty-second pass: ``n * (n + 1) / 2`` for ``// 2``)
HUGE_INTS = re.compile(
    r"\b(of\s+any\s+size|arbitrar(y|ily)[\s-]+(large|big|sized?|precision)|however\s+(large|big)|"
    r"(very\s+)?(large|big)\s+(integers|ints)\s+(are\s+)?(allowed|possible|supported))\b",
    re.IGNORECASE,
)
# an input the text says comes in any order ("xs, which may be in any order", "not necessarily
# sorted"): a sorted list every test passes is then no rule of the inputs (the thirty-second pass:
# ``sorted(xs)`` dropped counted runs, not values, on lists no test gave out of order)
UNORDERED_INPUT = re.compile(
    r"\b(may|can|might|will)\s+(be\s+|come\s+|arrive\s+)?(given\s+)?in\s+any\s+order\b"
    r"|\b(are|is|given|passed)\s+in\s+any\s+order\b|\bnot\s+(necessarily\s+|always\s+)?sorted\b"
    r"|\bunsorted\b|\bin\s+(an\s+)?arbitrary\s+order\b",
    re.IGNORECASE,
)
NAN_INPUT = re.compile(r"\bNaNs?\b|\bnot[\s-]a[\s-]number\b|\bfloat\(\s*['\"]nan['\"]\s*\)")
# a range of characters the inputs are drawn from ("lowercase a-z only", "digits 0-9", "'A' to
# 'F'"): its ends are inputs though no test writes them (the twenty-ninth pass: a shift cipher
# "wrapping round (x -> a)" tested on words without x, y or z, ``% 27`` for ``% 26`` unseen)
# (written bare, only the whole alphabet, the hex digits' letters and the digits: "n-x" is a
# subtraction; quoted, any range)
CHARACTER_RANGE = re.compile(
    r"(?<![\w'\"-])(a|A|0)-(z|Z|f|F|9)(?![\w-])|'([a-zA-Z0-9])'\s*(?:-|to|through)\s*'([a-zA-Z0-9])'"
)
# words "split on whitespace" or "separated by whitespace" may stand two spaces apart (HumanEval/125;
# not "separated by a space", HumanEval/143, nor a text that only holds words: two spaces in a
# row read as one is then a choice the text leaves open)
WHITESPACE_SAID = re.compile(r"\bwhite[\s-]?spaces?\b", re.IGNORECASE)
# sequences of different lengths ("lists of different lengths raise ValueError", "if the lengths
# differ"): the same length every test keeps is then no rule (the thirtieth pass)
UNEQUAL_LENGTHS = re.compile(
    r"\b(different|unequal|mismatched|differing)\s+(lengths?|sizes?)\b|\b(lengths?|sizes?)\s+(differ|do\s+not\s+match)"
    r"|\bnot\s+(of\s+)?the\s+same\s+(length|size)\b",
    re.IGNORECASE,
)
# lines ended the Windows way ("lines may end with b'\\r\\n'", "CRLF", "a carriage return")
CRLF_LINES = re.compile(r"\\r\\n|\bCRLF\b|\bcarriage[- ]returns?\b", re.IGNORECASE)
RUNS_OF_SPACES = re.compile(
    r"\b(any\s+(amount|number)\s+of|multiple|several|runs?\s+of|consecutive|one\s+or\s+more)\s+"
    r"(white\s*-?spaces?|spaces|blanks)\b|\btabs?\b|\bnewlines?\b",
    re.IGNORECASE,
)
# a word just before that says the opposite: "non-empty", "non negative", "will not contain
# duplicate values" (HumanEval/135), "without repeats"
NEGATED = re.compile(
    r"\b(non|not|no|without|never|cannot)\b[\s-]*(\w+\s+){0,2}$|n't\s+(\w+\s+){0,2}$", re.IGNORECASE
)


def _said_of_inputs(pattern: re.Pattern, prompt: str) -> bool:
    """Whether ``prompt`` says ``pattern`` of the inputs, not its opposite (a negation within the
    two words before it)."""
    return any(
        not NEGATED.search(prompt[max(0, found.start() - 40) : found.start()])
        for found in pattern.finditer(prompt)
    )


@functools.lru_cache(maxsize=256)
def lifted_rules(prompt: str) -> frozenset[str]:
    """The learned rules of the inputs the text lifts by speaking of inputs the tests may not
    show: ``"nonempty"``, ``"unique"``, ``"floor"`` (the twentieth pass: "0.0 for an empty list",
    "if the largest value occurs more than once", "the sign is ignored", "0 and negative numbers
    are not" were each told by tests that never passed one, and the aimed inputs that did were
    refused as outside what every test keeps); ``"padded"`` and ``"float"``, which also aim at
    such inputs (texts ending in a space, an int passed as a float: "s may end with spaces",
    "non-integers (floats such as 3.0) are ignored" were never drawn at all); ``"case"`` and
    ``"spaces"``, letters of the other case and runs of spaces, tabs or newlines (the
    twenty-first pass: "ignoring case" tested in lower case, "any amount of whitespace" with
    single spaces); ``"crlf"``, lines ended by ``\\r\\n`` ("lines may end with b'\\r\\n'",
    tested with ``\\n`` alone); ``"nan"``, a float that is no number ("a NaN x is returned
    unchanged", tested with numbers alone); ``"whitespace"``, two spaces in a row where the text
    speaks of white space ("split on whitespace"); ``"lengths"``, sequences of different lengths
    ("lists of different lengths raise"); ``"zero"``, a floor of 1 lowered to the text's 0
    (``_states_zero``); ``"unique"`` also where two items tie on a measure the text orders
    them by ("if two words have the same length, return the first"), which aims at words tied
    (``text_cases.word_ties``); ``"overlap"``, a sub-text overlapping itself, however the text
    counts it ("overlapping", "non-overlapping": ``text_cases.overlapping``); ``"huge"``, an int
    past a float's exact range ("n of any size": ``HUGE_INTS``); ``"unsorted"``, a list out of
    order where every test's is sorted ("xs, which may be in any order": ``UNORDERED_INPUT``)."""
    said = {
        "nonempty": EMPTY_INPUT, "unique": REPEATED_ITEMS, "floor": SIGNED_INPUT,
        "padded": PADDED_TEXT, "float": OTHER_NUMBERS, "case": LETTER_CASE, "spaces": RUNS_OF_SPACES,
        "crlf": CRLF_LINES, "nan": NAN_INPUT, "whitespace": WHITESPACE_SAID, "lengths": UNEQUAL_LENGTHS,
        "huge": HUGE_INTS,
    }  # fmt: skip
    lifts = {rule for rule, pattern in said.items() if _said_of_inputs(pattern, prompt)}
    lifts |= {"unsorted"} if _of_an_input(UNORDERED_INPUT, prompt) else set()
    lifts |= {f"{CHARACTERS}{first}{last}" for first, last in _character_ranges(prompt)}
    tied = TIED_ON_A_MEASURE.search(prompt) or TIES_KEEP_ORDER.search(prompt) or _asks_strict_order(prompt)
    lifts |= {"unique"} if tied else set()
    lifts |= {"unsorted"} if TIES_KEEP_ORDER.search(prompt) else set()  # (the order given is no rule)
    lifts |= {"overlap"} if OVERLAPPING.search(prompt) else set()
    return frozenset(lifts | ({"zero"} if _states_zero(prompt) else set()))


def _of_an_input(pattern: re.Pattern, prompt: str) -> bool:
    """Whether ``prompt`` says ``pattern`` of an input: in a clause that does not speak of what
    is returned before it ("return the values in any order" frees the answer's order instead)."""
    return any(
        not ANSWER_WORDS.search(clause[: found.start()])
        for clause in _clauses(prompt)
        for found in pattern.finditer(clause)
    )


ANSWER_WORDS = re.compile(r"\b(return\w*|result\w*|output\w*|answer\w*|gives?|yields?)\b", re.IGNORECASE)


def _character_ranges(prompt: str) -> list[tuple[str, str]]:
    """The ranges of characters the text draws its inputs from (``CHARACTER_RANGE``), each as its
    first and last character: of one kind (small letters, capitals or digits), in order, of three
    characters or more (not "a-b", which more often names two things)."""
    found = []
    for match in CHARACTER_RANGE.finditer(prompt):
        first, last = match.group(1, 2) if match.group(1) else match.group(3, 4)
        kinds = [
            pool for pool in (string.ascii_lowercase, string.ascii_uppercase, string.digits) if first in pool
        ]
        if kinds and last in kinds[0] and ord(last) - ord(first) >= 2:
            found.append((first, last))
    return found


def _states_zero(prompt: str) -> bool:
    """Whether the text bounds some input below by 0, anywhere ("adds n >= 0 copies", "0 <= k
    < 26"): 0 is then an input though every test passes more (the twenty-first pass: ``add(x,
    0)``, tested at 1, 2 and 4, hid ``> 0`` for ``>= 0``)."""
    return any(
        (operator == ">=" and bound == 0) or (operator == ">" and bound == -1)
        for clause in _clauses(prompt)
        for _, operator, bound, _ in _comparisons(clause)
    )


def _said(flag: str) -> str:
    """The text's words a flag quotes (``the task says '0 < r <= 1', and ...``)."""
    quoted = re.match(r"domain: the task says '(.*?)', and", flag, re.DOTALL)
    return quoted.group(1) if quoted else flag


def _stated_precondition_flag(call: Call, prompt: str, parameters: tuple[str, ...]) -> tuple[str, ...]:
    """A comparison (or primality) the text states of a parameter, which this input breaks; or
    a measure it states of one (``stated_shapes``: an odd length, a power of two), or a range a
    clause opens with "for" (``stated_shapes.introduced_ranges``)."""
    if not parameters:
        return ()
    named = dict(zip(parameters, call.args)) | dict(call.kwargs)
    for clause in _statements(prompt):
        broken = shape_broken(clause, named, prompt)
        if broken:
            return (broken,)
        if CASE_WORDS.search(clause):
            continue
        broken = _multiple_broken(clause, named)
        if broken:
            return (broken,)
        precondition = _states_a_precondition(clause, parameters)
        stated = _stated_ranges(clause, parameters, precondition)
        for subject, operator, bound, said in stated:
            for value in _measures(subject, named):
                if not _HOLDS[operator](value, bound):
                    return (f"domain: the task says '{said}', and this input's {subject} is {value!r}",)
        broken = _item_range_broken(clause, named)
        if broken:
            return (broken,)
        if not precondition:  # (a relation a "for" or "with" opens: "with 0 <= k < len(xs)")
            broken = next(
                filter(None, (_relation_broken(run, named) for run in introduced_ranges(clause))), ""
            )
            if broken:
                return (broken,)
            continue
        broken = (
            _prime_broken(clause, named) or _parity_broken(clause, named) or _relation_broken(clause, named)
        )
        if broken:
            return (broken,)
    return ()


# where a range's operator puts its end, for a whole-number bound
_ENDS = {"<=": 0, ">=": 0, "<": -1, ">": 1}


@functools.lru_cache(maxsize=256)
def stated_ends(prompt: str, parameters: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The ends of each whole-number range the text states of a parameter, as (name, value):
    "0 <= n <= 200" gives ("n", 0) and ("n", 200), "n is between 1 and 12" ("n", 1) and ("n",
    12), "for 2 <= n <= 10**12" ("n", 10**12). The ends are inputs the task promises to take,
    and the top of a range is where a solution too slow for it shows (a memo dropped: ``trib(200)``
    never returns where the tests stop at 15, the twenty-fourth and twenty-sixth passes)."""
    ends: list[tuple[str, int]] = []
    for clause in _statements(prompt):
        if CASE_WORDS.search(clause):
            continue
        stated = _stated_ranges(clause, parameters, _states_a_precondition(clause, parameters))
        for subject, operator, bound, _ in stated:
            if subject in parameters and operator in _ENDS and float(bound).is_integer():
                end = (subject, int(bound) + _ENDS[operator])
                ends += [end] if end not in ends else []
    return tuple(ends)


def _stated_ranges(
    clause: str, parameters: tuple[str, ...], precondition: bool
) -> list[tuple[str, str, float, str]]:
    """(subject, operator, bound, text) for each range ``clause`` states of the inputs: every
    comparison and range in words where it states a precondition, else the ranges a "for"
    opens ("the number of paths ... for 0 <= r <= 11": that range alone); and a bound said of
    each of the parameters it names ("a and b ..., each at most 10**6": the twenty-seventh
    pass's gcd, whose subtraction recurses past Python's limit only near the top)."""
    if precondition:
        stated = _comparisons(clause) + _worded(clause, parameters)
    else:
        stated = [found for run in introduced_ranges(clause) for found in _comparisons(run)]
    named = _parameters_named(clause, parameters)
    for found in EACH_BOUND.finditer(clause) if named else ():
        words, bound = found.groups()
        operator = _WORDED_OPERATOR[" ".join(words.lower().split())]
        stated += [(name, operator, _amount(bound), found.group(0)) for name in named]
    return stated


def _relation_broken(clause: str, named: dict[str, Any]) -> str:
    """Where the clause compares two measures of the arguments (``-len(xs) <= k < len(xs)``) and
    this input breaks it: the twenty-first pass's asserts passed ``k = 3`` for a list of three."""
    for match in RELATION.finditer(clause):
        sides, operators = [match.group(1), match.group(3), match.group(5)], [match.group(2), match.group(4)]
        values = [_side_value(side, named) if side else None for side in sides]
        for left, operator, right in zip(values, operators, values[1:]):
            if (
                left is not None
                and right is not None
                and operator
                and not _HOLDS[_ascii(operator)](left, right)
            ):
                return f"domain: the task says '{match.group(0).strip()}', and this input breaks it"
    return ""


def _side_value(side: str, named: dict[str, Any]) -> float | None:
    """The number a side of a relation names in this input (a parameter or its length, maybe
    negated); None where it names something else."""
    negated = side.startswith("-")
    subject = side.lstrip("-").strip()
    if subject.removeprefix("len(").rstrip(")").strip() not in named:
        return None
    value = _measured(subject, named)
    return None if value is None else (-value if negated else value)


def _states_a_precondition(clause: str, parameters: tuple[str, ...] = ()) -> bool:
    """A clause that states what the input is: it says so ("Assume", "Constraints", "given"),
    opens on what a parameter is or holds ("n is always a month number"), or holds nothing but
    comparisons (a constraint on a line of its own)."""
    if PRECONDITION.search(clause):
        return True
    about = ABOUT_A_PARAMETER.match(clause)
    if about and about.group(1) in parameters:
        return True
    several = ABOUT_PARAMETERS.match(clause)
    if several and set(re.split(r"\s*,\s*|\s+(?:and|or)\s+", several.group(1))) <= set(parameters):
        return True
    rest = CHAINED.sub("", CHAINED_SEVERAL.sub("", clause))
    rest = RELATION.sub("", SUBJECT_FIRST.sub("", NUMBER_FIRST.sub("", rest)))
    return bool(rest != clause) and not re.sub(r"[\s,*\-•]|\band\b", "", rest)


def _comparisons(clause: str) -> list[tuple[str, str, float, str]]:
    """(subject, operator, bound, text) for each comparison written in ``clause``, the subject on
    the left: ``1 <= n <= 9`` gives ``n >= 1`` and ``n <= 9``."""
    found = []
    for match in CHAINED_SEVERAL.finditer(clause):
        low, first, subjects, second, high = match.groups()
        for subject in re.split(r"\s*,\s*", subjects):
            found += [(subject, _FLIPPED[_ascii(first)], stated_number(low), match.group(0))]
            found += [(subject, _ascii(second), stated_number(high), match.group(0))]
    clause = CHAINED_SEVERAL.sub("", clause)
    for match in CHAINED.finditer(clause):
        low, first, subject, second, high = match.groups()
        found += [(subject, _FLIPPED[_ascii(first)], stated_number(low), match.group(0))]
        found += [(subject, _ascii(second), stated_number(high), match.group(0))]
    rest = CHAINED.sub("", clause)
    for match in SUBJECT_FIRST.finditer(rest):
        subject, operator, bound = match.groups()
        found.append((subject, _ascii(operator), stated_number(bound), match.group(0)))
    for match in NUMBER_FIRST.finditer(rest):
        bound, operator, subject = match.groups()
        found.append((subject, _FLIPPED[_ascii(operator)], stated_number(bound), match.group(0)))
    return found


def _worded(clause: str, parameters: tuple[str, ...]) -> list[tuple[str, str, float, str]]:
    """(subject, operator, bound, text) for each range ``clause`` says in words, where it opens on
    what a parameter is or holds and names no other: "n is always between 1 and 12" gives ``n >=
    1`` and ``n <= 12``, "items has at least 3 elements" ``len(items) >= 3``. (HumanEval/138's
    "whether the given number n can be written as the sum of exactly 4 positive even numbers"
    says what to find, not what n is.)"""
    about = ABOUT_A_PARAMETER.match(clause)
    named = _parameters_named(clause, parameters)
    if about is None or named != [about.group(1)]:
        return []
    found = []
    for match in [*WORDED_RANGE.finditer(clause), *DOTTED_RANGE.finditer(clause)]:
        low, high, unit = match.groups()
        subject, low, high = _counted(named[0], unit), _amount(low), _amount(high)
        found += [(subject, ">=", low, match.group(0)), (subject, "<=", high, match.group(0))]
    for match in WORDED_BOUND.finditer(clause):
        words, bound, unit = match.groups()
        subject = _counted(named[0], unit)
        found.append(
            (subject, _WORDED_OPERATOR[" ".join(words.lower().split())], _amount(bound), match.group(0))
        )
    return found


def _parameters_named(clause: str, parameters: tuple[str, ...]) -> list[str]:
    """The parameters ``clause`` names, each as a whole word, in the signature's order."""
    return [name for name in parameters if re.search(rf"\b{re.escape(name)}\b", clause)]


def _ascii(operator: str) -> str:
    return {"≤": "<=", "≥": ">="}.get(operator, operator)


def _amount(text: str) -> float:
    return float(_SPELLED[text.lower()]) if text.lower() in _SPELLED else stated_number(text)


def stated_number(text: str) -> float:
    """The value of a number matched by ``_FIGURES``: ``1,000`` is 1000.0, ``10**12`` and
    ``10^12`` and ``10¹²`` are 1e12, ``1e6`` is 1e6."""
    text = text.replace(",", "").replace(" ", "")
    power = re.fullmatch(r"(-?[\d.]+)(?:\*\*|\^)(\d+)", text) or re.fullmatch(
        rf"(-?[\d.]+)([{_SUPERSCRIPT_DIGITS}]+)", text
    )
    if power:
        return float(power.group(1)) ** int(power.group(2).translate(_SUPERSCRIPTS))
    return float(text)


def _counted(name: str, unit: str | None) -> str:
    """What a range in words measures: the parameter, its length where a unit of items follows,
    its words where the unit is words ("exactly two words")."""
    if not unit:
        return name
    return f"len({name}.split())" if unit.lower().startswith("word") else f"len({name})"


def _measures(subject: str, named: dict[str, Any]) -> list[float]:
    """The numbers a comparison's subject names in this input: each item where it names the
    items (``nums[i]``, ``grid[i][j]``: every number that deep in), else ``_measured``'s one."""
    if "[" not in subject:
        value = _measured(subject, named)
        return [] if value is None else [value]
    items = [named.get(subject.partition("[")[0].strip())]
    for _ in range(subject.count("[")):
        items = [item for value in items if type(value) in (list, tuple) for item in value]
    return [item for item in items if type(item) in (int, float)]


def _item_range_broken(clause: str, named: dict[str, Any]) -> str:
    """Where the clause says a range of every item of a list ("each item is between 1 and 100",
    "Each item is 0.0 or has an absolute value between 0.001 and 1000": the twenty-sixth pass,
    whose deep draws passed ``1e-12``), of the list it names or the one list of numbers this
    input passes, and an item is outside it (and is not the one value it allows besides)."""
    for found in ITEM_RANGE.finditer(clause):
        name, other, absolute, low, high = found.groups()
        lists = [
            value
            for key, value in named.items()
            if (name is None or key == name) and type(value) in (list, tuple) and value
            and all(type(item) in (int, float) for item in value)
        ]  # fmt: skip
        if len(lists) != 1:
            continue
        allowed = None if other is None else stated_number(other)
        for item in lists[0]:
            size = abs(item) if absolute else item
            if item != allowed and not stated_number(low) <= size <= stated_number(high):
                return f"domain: the task says '{found.group(0)}', and this input has the item {item!r}"
    return ""


def _measured(subject: str, named: dict[str, Any]) -> float | None:
    """The number a comparison's subject names in this input: a parameter, its length, or the
    number of words in a text."""
    if subject.startswith("len(") and subject.endswith(".split())"):
        value = named.get(subject[4:-9].strip())
        return len(value.split()) if isinstance(value, str) else None
    if subject.startswith("len("):
        value = named.get(subject[4:-1].strip())
        return len(value) if isinstance(value, (str, list, tuple, dict, set)) else None
    value = named.get(subject)
    return value if type(value) in (int, float) else None


def _prime_broken(clause: str, named: dict[str, Any]) -> str:
    """Where the clause says of its one int parameter that it is (not) a prime, and it is not (is)."""
    said = PRIME.search(clause)
    ints = [
        (name, value)
        for name, value in named.items()
        if type(value) is int and re.search(rf"\b{name}\b", clause)
    ]
    if not said or len(ints) != 1:
        return ""
    name, value = ints[0]
    wants_prime = not said.group(2)
    prime = _is_prime(value)
    if prime is None or prime == wants_prime:
        return ""
    return f"domain: the task says '{clause.strip()}', and this input's {name} is {value!r}"


def _multiple_broken(clause: str, named: dict[str, Any]) -> str:
    """Where the clause says of an int parameter that it is a multiple of a number, and it is
    not: "pay amount, a non-negative multiple of 5" (the thirty-second pass: ``// 4`` for ``// 5``
    differed only on amounts the text rules out); not in a question ("check whether n is a
    multiple of 3") nor in a case (the caller skips clauses with "if")."""
    if QUESTION.search(clause):
        return ""
    for name, value in named.items():
        said = _multiple_of(name).search(clause) if type(value) is int else None
        if said and int(said.group(1)) > 1 and value % int(said.group(1)):
            return f"domain: the task says '{said.group(0)}', and this input's {name} is {value!r}"
    return ""


@functools.lru_cache(maxsize=256)
def _multiple_of(name: str) -> re.Pattern:
    """What says a parameter is a multiple of a number: "amount, a multiple of 5", "n is always a
    positive multiple of 3", "n (a multiple of 4)"."""
    return re.compile(
        rf"\b{re.escape(name)}\s*(?:,|\(|:|\bis\b|\bmust\s+be\b|\bwill\s+be\b)\s*(?:always\s+)?"
        r"(?:an?\s+)?(?:(?:non-?negative|positive|whole)\s+)?multiple\s+of\s+(\d+)\b",
        re.IGNORECASE,
    )


def _parity_broken(clause: str, named: dict[str, Any]) -> str:
    """Where the clause says of an int parameter that it is odd (even), and it is not: "n is an
    odd integer", "given an odd number n"; not in a question ("check whether n is even") nor of
    something of it ("the odd digits of n")."""
    if QUESTION.search(clause):
        return ""
    for name, value in named.items():
        if type(value) is not int:
            continue
        said = _parity_of(name).search(clause)
        if said and value % 2 != (said.group(1) or said.group(2)).lower().startswith("odd"):
            return f"domain: the task says '{said.group(0)}', and this input's {name} is {value!r}"
    return ""


@functools.lru_cache(maxsize=256)
def _parity_of(name: str) -> re.Pattern:
    """What says a parameter's parity, built once per name (every fresh input is read by it)."""
    quoted = re.escape(name)
    return re.compile(
        rf"\b{quoted}\s+(?:is|will\s+be)\s+(?:always\s+)?(?:an?\s+)?{_PARITY}(?!\s+(?:{_PARTS}))"
        rf"|\b{_PARITY}\s+(?:integer|number|int)\s+{quoted}\b",
        re.IGNORECASE,
    )


def _is_prime(value: int) -> bool | None:
    """Whether ``value`` is a prime; None past the bound the domain reads primality to."""
    return None if value > PRIME_CHECKED_UP_TO else is_prime(value)


def _sorted_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    order = _stated_order(prompt)
    if order is None:
        return ()
    for position, value in enumerate(arguments):
        if type(value) in (list, tuple) and _out_of_order(value, order):
            said = "sorted" if order == "either" else f"sorted in {order} order"
            return (
                f"domain: the task says its array is {said}, and argument {position + 1} of this input "
                "is not (a visible test passing one does not make it the task's)",
            )
    return ()


@functools.lru_cache(maxsize=256)
def _stated_order(prompt: str) -> str | None:
    """The order the task's text says its list comes in: "a sorted array" (either way), or a
    sentence saying the input is sorted ("xs is sorted in decreasing order": the twenty-sixth
    pass, whose witnesses were unsorted lists and an increasing one) that asks nothing
    ("check whether xs is sorted" is the question, not a precondition); None where it says
    neither."""
    for sentence in re.split(r"(?<=[.;:])\s+", prompt):
        if SORTED_SAID.search(sentence) and not ASKED.search(sentence):
            if DESCENDING.search(sentence):
                return "decreasing"
            return "increasing" if ASCENDING.search(sentence) else "either"
    if SORTED_INPUT.search(prompt) and not NOT_A_PRECONDITION.search(prompt):
        return "either"
    return None


def _out_of_order(items: list[Any] | tuple[Any, ...], order: str) -> bool:
    """Whether ``items`` break the ``order`` the text states; "either": sorted neither up nor
    down (two items always are one of them)."""
    try:
        pairs = list(zip(items, items[1:]))
        if order == "either":
            return len(items) > 2 and not all(a <= b for a, b in pairs) and not all(a >= b for a, b in pairs)
        return not all(a >= b if order == "decreasing" else a <= b for a, b in pairs)
    except TypeError:  # items that do not compare: nothing the text's "sorted" can mean
        return False


def _signed_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    items = SIGNED_ITEMS.search(prompt)
    if items:
        word = items.group(2).lower()
        for position, value in enumerate(arguments):
            if type(value) in (list, tuple) and any(_breaks(item, word) for item in value):
                said = f"domain: the task says '{items.group(0)}'"
                return (f"{said}, and argument {position + 1} holds one that is not",)
    one = SIGNED_ONE.search(prompt)
    if one and len(arguments) == 1 and _breaks(arguments[0], one.group(1).lower()):
        return (f"domain: the task says '{one.group(0)}', and this input is {arguments[0]!r}",)
    several = _signed_several(prompt)
    numbers = [(position, value) for position, value in enumerate(arguments) if type(value) is int]
    if several and len(numbers) == _HOW_MANY.get(several.group(1).lower(), len(numbers)) > 1:
        for position, value in numbers:
            if _breaks(value, several.group(3).lower()):
                said = f"domain: the task says '{several.group(0)}'"
                return (f"{said}, and argument {position + 1} of this input is {value!r}",)
    return ()


@functools.lru_cache(maxsize=256)
def _signed_several(prompt: str) -> re.Match | None:
    """A sign said of several unnamed ints ("two non-negative ints"), read once per text."""
    return SIGNED_SEVERAL.search(prompt)


def _balanced_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    """Where the text states that the input's brackets are balanced: a text argument whose
    brackets are not."""
    said = _balanced_said(prompt)
    for position, value in enumerate(arguments):
        if said and type(value) is str and not _balanced(value):
            return (f"domain: the task says '{said}', and argument {position + 1} of this input is not",)
    return ()


@functools.lru_cache(maxsize=256)
def _balanced_said(prompt: str) -> str:
    """The words of the first clause that states the input's brackets are balanced ("Separate
    groups are balanced", HumanEval/1), not asks it ("check if the expression is balanced") nor
    makes it a case ("good if all parentheses are balanced"); "" where none does. Read once per
    text: every fresh input of a problem is checked against it."""
    for clause in _clauses(prompt):
        said = BALANCED_INPUT.search(clause)
        if said and not (CASE_WORDS.search(clause) or QUESTION.search(clause)):
            return said.group(0)
    return ""


def _clauses(prompt: str) -> list[str]:
    """The text cut where a sentence or clause ends (a period, semicolon, colon or line end
    followed by white space): each is read as one statement."""
    return re.split(r"[.;:\n]\s", prompt + " ")


@functools.lru_cache(maxsize=256)
def _statements(prompt: str) -> tuple[str, ...]:
    """The text's clauses, then its asides (``_asides``): each read as one statement, once per
    text (every fresh input of a problem is checked against them)."""
    return (*_clauses(prompt), *_asides(prompt))


# an order whose test is whether neighbours may be equal ("strictly increasing", "non-decreasing")
STRICT_ORDER = re.compile(
    r"\bstrictly\s+(increasing|decreasing|ascending|descending|sorted|monotonic)\b|\bnon-?(decreasing|increasing)\b",
    re.IGNORECASE,
)


def _asks_strict_order(prompt: str) -> bool:
    """Whether the text asks whether an input is in a strict (or non-strict) order, or branches on
    it ("check whether a list is sorted in strictly increasing order", "True if xs is
    non-decreasing"): equal neighbours are then the case it turns
    on, and the rule that items never repeat, learned from tests that repeat none, is lifted (the
    twenty-fourth pass: mbpp_strictly_sorted). Said of the input ("xs is a strictly increasing
    list") it is the domain, and lifts nothing (t_strictly_increasing_strong)."""
    for clause in _clauses(prompt):
        order = STRICT_ORDER.search(clause)
        before = clause[: order.start()] if order else ""
        if order and (QUESTION.search(before) or CASE_OPENERS.search(before)):
            return True
    return False


# what leaves a returned list's order free ("in any order", "the order does not matter")
FREE_ORDER = re.compile(
    r"\b(in\s+)?any\s+order\b|\bin\s+no\s+particular\s+order\b"
    r"|\border\s+(does\s+not|doesn't|need\s+not|is\s+not\s+important|is\s+irrelevant|is\s+arbitrary)\b",
    re.IGNORECASE,
)


# the text fixes an exception's whole message ("whose message is exactly 'over limit by D'")
WHOLE_MESSAGE = re.compile(
    r"\bmessages?\b[^.;]{0,40}?\b(is|are|must\s+be|should\s+be|reads?)\s+(exactly|precisely)\b"
    r"|\bexact\s+(error\s+)?message\b",
    re.IGNORECASE,
)


def states_the_message(prompt: str) -> bool:
    """Whether the text fixes an exception's whole message: the tests' words in it then judge it
    no longer; the whole message does (the twenty-second pass: "whose message is exactly 'over
    limit by D'", tested for 'over limit' and 'by' alone, had a wrong D "equivalent")."""
    return WHOLE_MESSAGE.search(prompt) is not None


def frees_order(prompt: str) -> bool:
    """Whether the text leaves the order of what is returned free: a list in another order is the
    same answer (the twenty-second pass: "each distinct value ... exactly once, in any order",
    tested through ``sorted``, had reorderings counted as survivors). Not where it says so of an
    input ("xs, which may be in any order": ``UNORDERED_INPUT``)."""
    return any(
        FREE_ORDER.search(clause) and not _of_an_input(UNORDERED_INPUT, clause) for clause in _clauses(prompt)
    )


def speaks_of_integers(prompt: str) -> bool:
    """Whether the text speaks of integers ("an integer star rating", "whole numbers")."""
    return WHOLE_NUMBERS.search(prompt) is not None


def _asides(prompt: str) -> list[str]:
    """What the text says in parentheses, each read as a statement of its own ("shifts each
    letter by k places (0 <= k < 26)", "(scores are distinct)": the nineteenth pass, whose asserts
    passed k = 26), but where the clause around it says what to do in a case or of bad input
    ("return -1 for invalid input (n < 0)" names the case, not the domain). An ``otherwise`` or
    ``else`` before the aside opens the clause's own case, not the aside's ("otherwise its first
    n - 3 characters and '...' (n >= 3)": the twentieth pass's asserts passed n = 2). An aside
    that opens with an article says what the word before it is: "month m (an integer 1..12)"
    reads "m is an integer 1..12" (the thirty-third pass)."""
    return [
        _owned_aside(clause[: found.start()], found.group(1))
        for clause in _clauses(prompt)
        if not BAD_INPUT_WORDS.search(clause)
        for found in re.finditer(r"\(([^()]*)\)", clause)
        if not _names_a_case(clause[: found.start()], clause[found.start() :])
    ]


def _owned_aside(before: str, aside: str) -> str:
    """``aside`` as a statement of the word just before it where it opens with an article
    ("m (an integer 1..12)": "m is an integer 1..12"), else as it is."""
    owner = re.search(r"\b([A-Za-z_]\w*)\s*$", before)
    return f"{owner.group(1)} is {aside}" if owner and re.match(r"(a|an|the)\s", aside) else aside


def _names_a_case(before: str, rest: str) -> bool:
    """Whether a condition word around an aside (``rest`` starts with it) makes it a case: any
    in it or after it, and before it any but ``otherwise`` and ``else``."""
    return bool(CONDITION_WORDS.search(rest) or CASE_OPENERS.search(before))


def _distinct_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    """Where the text states that the input's items are distinct ("a list of distinct integers",
    "(scores are distinct)"), not asks it nor makes it a case: a list whose items repeat, or a
    dict whose values do."""
    said = _distinct_said(prompt)
    if not said:
        return ()
    for position, value in enumerate(arguments):
        items = list(value.values()) if type(value) is dict else value
        if type(value) in (list, tuple, dict) and _repeats(items):
            return (f"domain: the task says '{said}', and argument {position + 1} of this input repeats one",)
    return ()


@functools.lru_cache(maxsize=256)
def _distinct_said(prompt: str) -> str:
    """The words that state the input's items are distinct, in the first clause (or aside) saying
    so before it asks or answers anything ("Given a list of distinct integers, return ..."; not
    "return the distinct elements" nor "check whether all are distinct"); "" where none does."""
    for clause in _statements(prompt):
        stated = re.split(
            f"{CASE_WORDS.pattern}|{QUESTION.pattern}", clause, maxsplit=1, flags=re.IGNORECASE
        )[0]
        said = DISTINCT_INPUT.search(stated)
        if said:
            return said.group(0)
    return ""


# how the text says a text is spaced: no space at its ends ("with no leading or trailing space"),
# words one space apart ("separated by single spaces", "separated by a space": HumanEval/143)
UNPADDED_SAID = re.compile(
    r"\b(?:no|without)\s+(leading\s+or\s+trailing|trailing\s+or\s+leading|leading|trailing)\s+"
    r"(?:white\s*-?)?spaces?\b",
    re.IGNORECASE,
)
SINGLY_SPACED_SAID = re.compile(
    r"\b(?:single|one)\s+spaces?\b|\bseparated\s+by\s+(?:a|one|a\s+single|exactly\s+one)\s+(?:white\s*-?)?space\b",
    re.IGNORECASE,
)


def _spacing_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    """Where the text says its texts have no space at an end, or words one space apart, a text
    argument (or a text in a list) that breaks it is not the task's (the thirtieth pass: a
    trailing space drawn where "no leading or trailing space" was said, and an assert pinned how
    the reference read it)."""
    unpadded, single = UNPADDED_SAID.search(prompt), SINGLY_SPACED_SAID.search(prompt)
    if not (unpadded or single):
        return ()
    texts = [a for a in arguments if type(a) is str]
    texts += [item for a in arguments if type(a) in (list, tuple) for item in a if type(item) is str]
    for text in texts:
        ends = unpadded.group(1).lower() if unpadded else ""
        padded = ("leading" in ends and text[:1].isspace()) or ("trailing" in ends and text[-1:].isspace())
        if padded:
            return (f"domain: the task says '{unpadded.group(0)}', and this input breaks it",)  # type: ignore[union-attr]
        if single and re.search(r"\s\s", text):
            return (f"domain: the task says '{single.group(0)}', and this input breaks it",)
    return ()


def _square_flag(arguments: list[Any], prompt: str) -> tuple[str, ...]:
    """Where the text speaks of a square matrix (grid, board): a grid argument whose rows are
    not as many as its columns."""
    said = SQUARE_INPUT.search(prompt)
    for position, value in enumerate(arguments):
        if said and _is_grid(value) and any(len(row) != len(value) for row in value):
            return (
                f"domain: the task says '{said.group(0)}', and argument {position + 1} of this input is not",
            )
    return ()


def _is_grid(value: Any) -> bool:
    return type(value) in (list, tuple) and bool(value) and all(type(row) in (list, tuple) for row in value)


def _repeats(items: list[Any] | tuple[Any, ...]) -> bool:
    try:
        return len(set(items)) < len(items)
    except TypeError:  # (unhashable items: compared pairwise)
        return any(item == other for index, item in enumerate(items) for other in items[index + 1 :])


def _balanced(text: str) -> bool:
    """Whether every bracket of ``text`` closes one of its kind opened before it, and all close."""
    waiting: list[str] = []
    for character in text:
        if character in BRACKETS:
            waiting.append(BRACKETS[character])
        elif character in BRACKETS.values() and (not waiting or waiting.pop() != character):
            return False
    return not waiting


def _breaks(value: Any, word: str) -> bool:
    """Whether a number is outside what "positive" / "non-negative" / "non-zero" allow (other
    values: no)."""
    if type(value) not in (int, float):
        return False
    if word == "positive":
        return value <= 0
    return value == 0 if word.replace("-", "") == "nonzero" else value < 0
