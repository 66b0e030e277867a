"""Memorised-stack practice: card to position, position to card, the next and the previous
card, the card at a cut depth, and the whole stack as a speed run.

Each card of a stack is one item of the scheduler: a question about a card (whatever its kind)
is an answer about how well that card is known.
"""

from __future__ import annotations

import random
from typing import Final

from conjure.deck import Card, Stack
from conjure.text import Text
from conjure.trainer.questions import CARD, NUMBER, Question

#: the kinds of stack question, in the order ``--mode`` lists them
MODES: Final = ("position", "card", "next", "previous", "cut")
SPEED = "speed"
MIXED = "mixed"


def subject_of(s: Stack) -> str:
    """The subject name progress is kept under: ``stack:ID`` (a custom stack by file name)."""
    from pathlib import Path

    if s.source.en.startswith("custom stack"):
        return f"stack:custom:{Path(s.id).stem}"
    return f"stack:{s.id}"


def item_id(subject: str, card: Card) -> str:
    return f"{subject}:{card.ascii}"


def items(s: Stack) -> list[tuple[str, str]]:
    """Every card of the stack as an item ``(id, label)``, in stack order."""
    subject = subject_of(s)
    return [(item_id(subject, c), f"{i} {c.ascii}") for i, c in enumerate(s.cards, 1)]


def card_of(item: str) -> Card:
    return Card(item.rsplit(":", 1)[1])


def _name(card: Card, lang: str) -> str:
    return format(card, "zh") if lang == "zh" else str(card)


def question(s: Stack, card: Card, mode: str, rng: random.Random) -> Question:
    """A question of kind ``mode`` about ``card`` of stack ``s``."""
    subject = subject_of(s)
    item = item_id(subject, card)
    n = len(s)
    pos = s.position(card)
    if mode == "position":
        return Question(
            item,
            mode,
            Text(f"Where is {card} in the stack?", zh=f"{card.zh} 在第几张？"),
            NUMBER,
            pos,
            low=1,
            high=n,
        )
    if mode == "card":
        return Question(
            item,
            mode,
            Text(f"Which card is at position {pos}?", zh=f"第 {pos} 张是什么牌？"),
            CARD,
            card,
        )
    if mode == "next":
        above = s.previous(card)
        return Question(
            item,
            mode,
            Text(f"Which card comes after {above}?", zh=f"{above.zh} 的下一张是什么牌？"),
            CARD,
            card,
        )
    if mode == "previous":
        below = s.next(card)
        return Question(
            item,
            mode,
            Text(f"Which card comes before {below}?", zh=f"{below.zh} 的上一张是什么牌？"),
            CARD,
            card,
        )
    if mode == "cut":
        # the spectator cuts off ``pos`` cards: the card on the face of the cut-off packet is
        # the one at that depth; the card now on top of the rest is the next one
        return Question(
            item,
            mode,
            Text(
                f"The spectator cuts off {pos} cards. Which card is on the face of the cut-off "
                "packet?",
                zh=f"观众切走上面 {pos} 张牌。切下那叠牌最底下一张是什么牌？",
            ),
            CARD,
            card,
        )
    if mode == SPEED:
        return Question(
            item,
            mode,
            Text(f"{pos}?", zh=f"{pos}？"),
            CARD,
            card,
        )
    raise ValueError(mode)


def pick_mode(mode: str, rng: random.Random) -> str:
    return rng.choice(MODES) if mode == MIXED else mode
