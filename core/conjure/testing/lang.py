"""A check that text shown in Chinese holds no English: :func:`english_words` lists the words
of Latin letters in a text, leaving out card notation and the names a person types (ids,
options, bot names), so that a test can assert the list is empty::

    >>> english_words("玩家2（random）：出 K♠；种子 3", allow={"random"})
    []
    >>> english_words("现在不能出9♠：it is not in your hand")
    ['hand', 'in', 'is', 'it', 'not', 'your']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: a word of two or more Latin letters (a card's rank, A J Q K, and a suit letter are one)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
#: card notation a person types or reads: KS, 10h, Th, QH^, RJ, BJ
_CARD = re.compile(r"(?:10|[2-9TJQKA])[SHCD]\^?|RJ|BJ", re.IGNORECASE)


def english_words(text: str, allow: Iterable[str] = ()) -> list[str]:
    """The distinct English words in ``text``, sorted: every run of two or more Latin letters
    that is neither card notation nor one of ``allow`` (ids, option names, commands)."""
    allowed = {a.lower() for a in allow}
    found = set()
    for match in _WORD.finditer(text):
        word = match.group(0)
        if word.lower() in allowed or _CARD.fullmatch(word):
            continue
        found.add(word)
    return sorted(found)
