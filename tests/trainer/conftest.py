"""A performer who knows the stack: reads each stack question as printed and answers it from
the stack's order (restated here from the questions' meaning, not asked of the drill), right,
wrong or blank as a script says."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any

import pytest

from conjure.cli import main
from conjure.deck import Card, Stack, parse_card, stack

_CARD = r"(\S+?)"


def answer_for(question: str, s: Stack) -> str:
    """The right answer to a stack question as it is printed (English)."""
    cards = s.cards
    n = len(cards)

    def pos(text: str) -> int:
        return s.position(parse_card(text))

    if m := re.search(rf"Where is {_CARD} in the stack\?", question):
        return str(pos(m.group(1)))
    if m := re.search(r"Which card is at position (\d+)\?", question):
        return cards[int(m.group(1)) - 1].ascii
    if m := re.search(rf"Which card comes after {_CARD}\?", question):
        return cards[pos(m.group(1)) % n].ascii
    if m := re.search(rf"Which card comes before {_CARD}\?", question):
        return cards[pos(m.group(1)) - 2].ascii
    if m := re.search(rf"Which two cards lie either side of {_CARD}\?", question):
        p = pos(m.group(1))
        return f"{cards[p - 2].ascii} {cards[p % n].ascii}"
    if m := re.search(
        rf"{_CARD} is on the bottom\. The spectator cuts off (\d+) cards?\.", question
    ):
        return cards[(pos(m.group(1)) + int(m.group(2)) - 1) % n].ascii
    if m := re.fullmatch(r"(\d+)\?", question.strip()):
        return cards[int(m.group(1)) - 1].ascii
    raise AssertionError(f"not a stack question: {question!r}")


def wrong_for(question: str, s: Stack) -> str:
    """A readable answer that is not the right one."""
    right = answer_for(question, s)
    if right.isdigit():
        return str(int(right) % len(s) + 1)
    if " " in right:
        a, b = right.split()
        return f"{b} {a}"
    return s.next(Card(right)).ascii


class Performer(io.StringIO):
    """Standard input that answers the last question printed on ``out`` as ``script`` says,
    line by line: ``right``, ``wrong``, ``blank``, a literal answer or a function of the
    question; then the end of input."""

    def __init__(
        self, out: io.StringIO, s: Stack, script: Iterable[str | Callable[[str], str]]
    ) -> None:
        super().__init__()
        self.out = out
        self.stack = s
        self.script = list(script)
        self.asked: list[str] = []

    def isatty(self) -> bool:
        return False

    def readline(self, *args: object) -> str:  # type: ignore[override]
        if not self.script:
            return ""
        what = self.script.pop(0)
        lines = [line for line in self.out.getvalue().splitlines() if line.strip()]
        question = next(
            (
                line
                for line in reversed(lines)
                if ("?" in line or "？" in line) and not line.startswith(">")
            ),
            "",
        )
        self.asked.append(question)
        if callable(what):
            return what(question) + "\n"
        if what == "right":
            return answer_for(question, self.stack) + "\n"
        if what == "wrong":
            return wrong_for(question, self.stack) + "\n"
        if what == "blank":
            return "\n"
        return what + "\n"


Perform = Callable[..., tuple[int, str, Performer]]


@pytest.fixture
def oracle() -> SimpleNamespace:
    """``answer_for(question, stack)`` and ``wrong_for(question, stack)``."""
    return SimpleNamespace(answer_for=answer_for, wrong_for=wrong_for)


@pytest.fixture
def perform(monkeypatch: pytest.MonkeyPatch) -> Perform:
    """``perform(name, script, *args)``: ``conjure drill name *args`` answered by a performer
    who knows stack ``name``, as ``script`` says; the exit code, what was printed and the
    performer (``asked``: the questions in turn)."""

    def run(
        name: str, script: list[Any], *args: str, order: Stack | None = None
    ) -> tuple[int, str, Performer]:
        out = io.StringIO()
        performer = Performer(out, order or stack(name), script)
        with monkeypatch.context() as m:
            m.setattr(sys, "stdout", out)
            m.setattr(sys, "stdin", performer)
            code = main(["drill", name, *args])
        return code, out.getvalue(), performer

    return run
