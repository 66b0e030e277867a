"""Questions and how an answer is judged: a card, two cards, a whole number, or one of a few
options.

An answer that cannot be read (not a card, not a number, no such option) is not judged: the
drill says why and asks again, so a typo never counts as a wrong answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from conjure.deck import Card, parse_card, parse_cards
from conjure.errors import ConjureError, UsageError
from conjure.inputs import normalise, parse_int, quote
from conjure.text import Text

CARD = "card"
#: two cards, in order (a card's neighbours: the one above it, then the one below)
CARDS = "cards"
NUMBER = "number"
CHOICE = "choice"


@attrs.frozen
class Question:
    """One question: what is asked, the expected answer and how to read an answer.

    ``expected`` is a card, a whole number or (for ``CHOICE``) the index of the right option.
    ``explain`` renders what the performer should have seen (the two views) after a wrong
    answer.
    """

    item: str
    kind: str
    prompt: Text
    answer_type: str
    expected: Any
    options: tuple[Text, ...] = ()
    low: int | None = None
    high: int | None = None
    explain: Callable[[str], Any] | None = attrs.field(default=None, eq=False)
    #: the step record the question is about (routine drills), for views side by side
    moment: Any = attrs.field(default=None, eq=False)
    #: the performance ``moment`` belongs to (its choices fill the narration's fields)
    performance: Any = attrs.field(default=None, eq=False)
    #: the cards the question shows or asks for (a stack drill keeps the next question away
    #: from them and their neighbours, so that no answer is cued by the question before)
    involves: tuple[Card, ...] = ()
    #: how far off an answer is (cut estimation: cards too deep, negative too shallow); with it
    #: an answer is right when it is at most ``tolerance`` off
    measure: Callable[[Any], int] | None = attrs.field(default=None, eq=False)
    tolerance: int = 0
    #: whether the answer reschedules the item (a cut estimation measures the hands instead)
    schedules: bool = True
    #: whether Enter alone means "I don't know" (else it is asked again)
    blank: bool = True
    #: the item that must be asked next (one ahead: the cue shown with this question)
    follow: str | None = None
    #: what to say after the verdict, given the value read and the language
    note: Callable[[Any, str], str] | None = attrs.field(default=None, eq=False)
    #: called with the value read once the answer is recorded (the deck a cut leaves)
    on_answer: Callable[[Any], None] | None = attrs.field(default=None, eq=False)
    #: the cards the question shows as its cue (never its answer): the app draws them
    shows: tuple[Card, ...] = ()

    def read(self, text: str) -> Any:
        """The answer ``text`` as a value of the question's type; a :class:`ConjureError`
        saying, in every language, what kind of answer is wanted when it cannot be read."""
        text = normalise(text).strip()
        if self.answer_type == CARD:
            try:
                return parse_card(text)
            except ConjureError:
                raise UsageError(_NOT_A_CARD) from None
        if self.answer_type == CARDS:
            try:
                cards = parse_cards(text)
            except ConjureError:
                cards = ()
            if len(cards) != 2:
                raise UsageError(_NOT_TWO_CARDS)
            return cards
        if self.answer_type == NUMBER:
            try:
                value = parse_int(text, "answer")
            except ConjureError:
                raise UsageError(_NOT_A_NUMBER) from None
            return _in_range(value, self.low, self.high)
        lowered = text.lower()
        for i, option in enumerate(self.options):
            if lowered in (option.en.lower(), option.zh.lower()) and lowered:
                return i
        try:
            index = parse_int(text, "answer")
        except ConjureError:
            index = 0
        if not 1 <= index <= len(self.options):
            raise UsageError(_CHOOSE.format(n=len(self.options)))
        return index - 1

    def judge(self, text: str) -> tuple[bool, Any]:
        """Whether ``text`` is right, and the value read from it."""
        value = self.read(text)
        if self.measure is not None:
            return abs(self.measure(value)) <= self.tolerance, value
        return value == self.expected, value

    def expected_text(self, lang: str = "en") -> str:
        return show_value(self, self.expected, lang)


_NOT_A_CARD = Text(
    "not a card; write one card, such as 4C, 4♣ or 10h",
    zh="不是一张牌；请写一张牌，例如 4C、4♣ 或 梅花4",
)
_NOT_TWO_CARDS = Text(
    "not two cards; write two, the one above first, such as 4C 2H",
    zh="不是两张牌；请写两张，上面那张在前，例如 4C 2H",
)
_NOT_A_NUMBER = Text("not a whole number; write digits, such as 7", zh="不是整数；请写数字，例如 7")
_OUT_OF_RANGE = Text("not from {low} to {high}", zh="不在 {low} 到 {high} 之间")
_CHOOSE = Text("choose an option by its number, 1 to {n}", zh="请按编号选择，1 到 {n}")


def _in_range(value: int, low: int | None, high: int | None) -> int:
    if (low is not None and value < low) or (high is not None and value > high):
        raise UsageError(
            _OUT_OF_RANGE.format(
                low="…" if low is None else low, high="…" if high is None else high
            )
        )
    return value


def show_value(question: Question, value: Any, lang: str = "en") -> str:
    """A value of the question's answer type as text for people."""
    if question.answer_type == CARD and isinstance(value, Card):
        return format(value, "zh") if lang == "zh" else str(value)
    if question.answer_type == CARDS and isinstance(value, tuple):
        return " ".join(format(c, "zh") if lang == "zh" else str(c) for c in value)
    if question.answer_type == CHOICE and isinstance(value, int):
        return question.options[value].get(lang)
    return str(value)


def options_text(options: Sequence[Text], lang: str) -> str:
    return "\n".join(f"  {i}. {option.get(lang)}" for i, option in enumerate(options, 1))


def unreadable_message(text: str, error: ConjureError, lang: str = "en") -> str:
    """Why ``text`` is not an answer, in ``lang`` (the error's own words in that language)."""
    return (
        Text("{text}: {error}", zh="{text}：{error}")
        .format(text=quote(text), error=error.text)
        .get(lang)
    )
