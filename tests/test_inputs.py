"""Numbers, pasted text and quoting of input from people."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.errors import UsageError
from conjure.inputs import MAX_DIGITS, check_range, normalise, parse_int, quote


@pytest.mark.parametrize(
    ("text", "value"), [("0", 0), ("12", 12), ("-3", -3), (" 7 ", 7), ("５２", 52), ("－１", -1)]
)
def test_whole_numbers_people_type(text: str, value: int) -> None:
    assert parse_int(text, "n") == value


@pytest.mark.parametrize(
    "text", ["", "-", "--5", "+5", "²", "³", "١", "1.5", "1e3", "5,000", "9" * (MAX_DIGITS + 1)]
)
def test_what_is_not_a_whole_number_is_refused_by_name(text: str) -> None:
    with pytest.raises(UsageError, match=r"^--workers: .* is not a whole number$"):
        parse_int(text, "--workers")


@given(st.text(max_size=40))
def test_parse_int_fails_only_with_a_usage_error(text: str) -> None:
    try:
        value = parse_int(text, "n")
    except UsageError:
        return
    assert value == int(normalise(text).strip())


def test_ranges_name_the_input_and_what_is_allowed() -> None:
    assert check_range(3, "n", 1, 5) == 3
    with pytest.raises(UsageError, match=r"--examples: 0 is out of range \(allowed: at least 1\)"):
        parse_int("0", "--examples", low=1)
    with pytest.raises(UsageError, match=r"from 1 to 5"):
        check_range(6, "n", 1, 5)
    with pytest.raises(UsageError, match=r"at most 5"):
        check_range(6, "n", high=5)


def test_pasted_text_reads_as_typed() -> None:
    assert normalise("ＫＳ：黑桃Ｑ；K♠\ufe0f\u200b　2H") == "KS:黑桃Q;K♠ 2H"
    assert normalise("①²") == "①²"
    assert normalise("10\u00a0takes\u202fK♦") == "10 takes K♦"  # no-break spaces from a page


def test_long_input_is_quoted_short() -> None:
    text = "x" * 60_000
    quoted = quote(text)
    assert len(quoted) < 100 and "60,000 characters" in quoted
    assert quote("KS") == "'KS'"
