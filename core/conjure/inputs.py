"""Input from people: numbers, pasted text, ranges, and how much of a bad input an error quotes.

Every parser that reads what a person typed or pasted goes through here, so that a number is a
number in the same way everywhere and an error quotes the input the same way everywhere::

    >>> parse_int("12", "--examples", low=1)
    12
    >>> parse_int("²", "--examples")
    Traceback (most recent call last):
    ...
    conjure.errors.UsageError: --examples: '²' is not a whole number
    >>> normalise("ＫＳ：黑桃Ｑ；K♠\\ufe0f")
    'KS:黑桃Q;K♠'
"""

from __future__ import annotations

import re

from conjure.errors import UsageError
from conjure.text import Text

#: the longest number a person types (digits); more is a paste gone wrong, not a count
MAX_DIGITS = 18
#: how much of a bad input an error message quotes
QUOTE_LIMIT = 60

_INT = re.compile(r"-?[0-9]+")
# zero-width characters, the byte-order mark and emoji variation selectors: invisible in a paste
_PASTE: dict[int, int | None] = dict.fromkeys(
    map(ord, "\u200b\u200c\u200d\u2060\ufeff\ufe0e\ufe0f"), None
)
# full-width ASCII (Ｋ, ５, ：, ；) as typed by a Chinese input method, and the ideographic space
_PASTE.update({code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)})
_PASTE[0x3000] = ord(" ")
# the no-break spaces that web pages, word processors and conjure's own menus put between words
_PASTE.update(dict.fromkeys(map(ord, "\u00a0\u202f\u2007"), ord(" ")))


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, cut to about ``limit`` characters with the length said when it is longer.

    >>> quote("x" * 100, limit=10)
    "'xxxxxxxxxx…' (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"…' ({len(text):,} characters)"


def normalise(text: str) -> str:
    """Pasted text as conjure reads it: full-width letters, digits and punctuation as their
    ASCII forms, the ideographic and no-break spaces as spaces, invisible characters (zero-width
    spaces, variation selectors) removed. Nothing else changes: Chinese characters, ``①`` and ``²``
    stay what they are."""
    return text.translate(_PASTE)


def parse_int(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number typed by a person: ASCII digits after :func:`normalise`, one optional
    leading minus, at most :data:`MAX_DIGITS` digits, within ``low``..``high`` when given.
    ``what`` names the input in the error (an option, a prompt, a field)."""
    cleaned = normalise(text).strip()
    if not _INT.fullmatch(cleaned) or len(cleaned.lstrip("-")) > MAX_DIGITS:
        raise UsageError(
            Text(
                f"{what}: {quote(text)} is not a whole number",
                zh=f"{what}：{quote(text)} 不是整数",
            )
        )
    return check_range(int(cleaned), what, low, high)


def check_range(value: int, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it lies within ``low``..``high`` (either may be open), else a one-line error
    naming ``what``, the value and the range."""
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            allowed = Text(f"from {low} to {high}", zh=f"{low}到{high}")
        elif low is not None:
            allowed = Text(f"at least {low}", zh=f"至少{low}")
        else:
            allowed = Text(f"at most {high}", zh=f"至多{high}")
        raise UsageError(
            Text(
                f"{what}: {value} is out of range (allowed: {allowed.en})",
                zh=f"{what}：{value} 超出范围（允许：{allowed.get('zh')}）",
            )
        )
    return value
