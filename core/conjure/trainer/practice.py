"""Memorised-stack practice, as memdeck workers practise: card to position, position to card,
the next and the previous card, both neighbours, the card a spectator cuts to in a deck already
cut, cut estimation with a real deck, "one ahead", and speed runs.

Each card of a stack is one item of the scheduler: a question about a card (whatever its kind)
is an answer about how well that card is known. :class:`StackDrill` makes the questions of one
drill and keeps them from cueing each other: the next card asked is never the last question's
card, nor within two places of any card it showed or asked for, so no answer is read off the
question before (a stack recited instead of recalled).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from typing import Any, Final

import attrs

from conjure.deck import Card, Stack
from conjure.text import Text
from conjure.trainer.db import Item
from conjure.trainer.questions import CARD, CARDS, NUMBER, Question

#: the kinds of stack question ``mixed`` draws from, in the order ``--mode`` lists them
MODES: Final = ("position", "card", "next", "previous", "neighbours", "cut")
MIXED = "mixed"
#: cut estimation with a real deck: cut to a card or a depth, say which card you cut to
ESTIMATE = "estimate"
#: answer each time for the cue shown before the one in front of you
ONE_AHEAD = "one-ahead"
#: the whole stack from the top, position to card, as a speed run
SPEED = "speed"
#: every ``--mode`` a stack takes
ALL_MODES: Final = (MIXED, *MODES, ESTIMATE, ONE_AHEAD, SPEED)
#: each mode as people read it (English: the mode as typed)
MODE_NAMES: Final = {
    "mixed": Text("mixed", zh="混合"),
    "position": Text("position", zh="由牌问位置"),
    "card": Text("card", zh="由位置问牌"),
    "next": Text("next", zh="下一张"),
    "previous": Text("previous", zh="上一张"),
    "neighbours": Text("neighbours", zh="上下两张"),
    "cut": Text("cut", zh="切过的牌"),
    "estimate": Text("estimate", zh="估切"),
    "one-ahead": Text("one-ahead", zh="超前一张"),
    "speed": Text("speed", zh="速度"),
}


def mode_name(mode: str) -> Text:
    return MODE_NAMES.get(mode, Text(mode))


#: a cut at most this many cards off the target counts as a hit
HIT: Final = 2
#: how close (in places of the stack) the next question may come to the cards of the last
SPACING: Final = 2


def subject_of(s: Stack) -> str:
    """The subject name progress is kept under: ``stack:ID`` (a custom stack by file name)."""
    from pathlib import Path

    if s.source.en.startswith("custom stack"):
        return f"stack:custom:{Path(s.id).stem}"
    return f"stack:{s.id}"


def item_id(subject: str, card: Card) -> str:
    return f"{subject}:{card.ascii}"


def items(s: Stack, subject: str | None = None) -> list[tuple[str, str]]:
    """Every card of the stack as an item ``(id, label)``, in stack order."""
    subject = subject or subject_of(s)
    return [(item_id(subject, c), f"{i} {c.ascii}") for i, c in enumerate(s.cards, 1)]


def card_of(item: str) -> Card:
    return Card(item.rsplit(":", 1)[1])


def _cards_said(n: int) -> Text:
    return Text(f"{n} card" if n == 1 else f"{n} cards", zh=f"{n} 张牌")


_SAID = {
    "position": Text("Where is {card} in the stack?", zh="{card} 在第几张？"),
    "card": Text("Which card is at position {pos}?", zh="第 {pos} 张是什么牌？"),
    "next": Text("Which card comes after {card}?", zh="{card} 的下一张是什么牌？"),
    "previous": Text("Which card comes before {card}?", zh="{card} 的上一张是什么牌？"),
    "neighbours": Text(
        "Which two cards lie either side of {card}? (the one above it first)",
        zh="{card} 上下两边是哪两张牌？（先写上面那张）",
    ),
    "cut": Text(
        "The deck has been cut: {bottom} is on the bottom. The spectator cuts off {n}. Which "
        "card is on the face of the cut-off packet?",
        zh="牌已切过：{bottom} 在最底下。观众切走上面 {n}。切下那叠牌最底下一张是什么牌？",
    ),
    "speed": Text("{pos}?", zh="{pos}？"),
    "first bottom": Text(
        "Cut {bottom} to the bottom of your deck.", zh="把 {bottom} 切到你手中牌的最底下。"
    ),
    "bottom": Text(
        "Complete your cut: {bottom} is now on the bottom.",
        zh="把切下的牌放到底下：现在 {bottom} 在最底下。",
    ),
    "cut to card": Text(
        "Cut to {card}: which card is on the face of the packet you cut off?",
        zh="切到 {card}：你切下那叠牌最底下一张是什么牌？",
    ),
    "cut to depth": Text(
        "Cut off {n}: which card is on the face of the packet you cut off?",
        zh="切走上面 {n}：你切下那叠牌最底下一张是什么牌？",
    ),
    "exact": Text("exactly {n}", zh="正好 {n} 张"),
    "too deep": Text(
        "{off} too deep: you cut {got}, the target was {want}",
        zh="深了 {off} 张：你切了 {got} 张，目标是 {want} 张",
    ),
    "too shallow": Text(
        "{off} too shallow: you cut {got}, the target was {want}",
        zh="浅了 {off} 张：你切了 {got} 张，目标是 {want} 张",
    ),
    "one ahead first": Text(
        "One ahead: answer each time for the cue shown before. Remember: {cue}.",
        zh="超前一张：每次回答上一个提示。请记住：{cue}。",
    ),
    "one ahead": Text("Now: {cue}. The one before: {what}?", zh="现在：{cue}。上一个：{what}？"),
    "position cue": Text("position {pos}", zh="第 {pos} 张"),
    "which card": Text("which card was at that position", zh="那个位置是什么牌"),
    "which position": Text("where was that card", zh="那张牌在第几张"),
}


def _off_note(off: int, got: int, want: int, lang: str) -> str:
    if off == 0:
        return _SAID["exact"].format(n=want).get(lang)
    key = "too deep" if off > 0 else "too shallow"
    return _SAID[key].format(off=abs(off), got=got, want=want).get(lang)


def question(
    s: Stack,
    card: Card,
    mode: str,
    rng: random.Random,
    subject: str | None = None,
    avoid: Collection[Card] = (),
) -> Question:
    """A question of kind ``mode`` (one of :data:`MODES` or :data:`SPEED`) about ``card`` of
    stack ``s``; a card it shows besides (a cut deck's bottom card) is none of ``avoid``."""
    item = item_id(subject or subject_of(s), card)
    n = len(s)
    pos = s.position(card)
    if mode == "position":
        return Question(
            item, mode, _SAID["position"].format(card=_card(card)), NUMBER, pos, low=1, high=n,
            involves=(card,), shows=(card,),
        )  # fmt: skip
    if mode == "card":
        return Question(item, mode, _SAID["card"].format(pos=pos), CARD, card, involves=(card,))
    if mode == "next":
        above = s.previous(card)
        return Question(
            item, mode, _SAID["next"].format(card=_card(above)), CARD, card,
            involves=(above, card), shows=(above,),
        )  # fmt: skip
    if mode == "previous":
        below = s.next(card)
        return Question(
            item, mode, _SAID["previous"].format(card=_card(below)), CARD, card,
            involves=(below, card), shows=(below,),
        )  # fmt: skip
    if mode == "neighbours":
        pair = (s.previous(card), s.next(card))
        return Question(
            item, mode, _SAID["neighbours"].format(card=_card(card)), CARDS, pair,
            involves=(*pair, card), shows=(card,),
        )  # fmt: skip
    if mode == "cut":
        # a deck already cut: the bottom card (glimpsed) says where the stack begins; the
        # spectator's cut of ``depth`` cards brings the card ``depth`` below it to the face
        depths = [d for d in range(1, n) if s.cards[(pos - 1 - d) % n] not in avoid]
        depth = rng.choice(depths or range(1, n))
        bottom = s.cards[(pos - 1 - depth) % n]
        return Question(
            item,
            mode,
            _SAID["cut"].format(bottom=_card(bottom), n=_cards_said(depth)),
            CARD,
            card,
            involves=(bottom, card),
            shows=(bottom,),
        )
    if mode == SPEED:
        return Question(item, mode, _SAID["speed"].format(pos=pos), CARD, card, involves=(card,))
    raise ValueError(mode)


def _card(card: Card) -> Text:
    return Text(str(card), zh=format(card, "zh"))


def pick_mode(mode: str, rng: random.Random, last: str | None = None) -> str:
    """The kind of the next question: ``mode`` itself, or for ``mixed`` any kind but the last
    one asked (so directions and kinds alternate)."""
    if mode != MIXED:
        return mode
    return rng.choice([m for m in MODES if m != last])


def distance(s: Stack, a: Card, b: Card) -> int:
    """How many places apart two cards of ``s`` lie, round the cut deck (0 for the same card)."""
    d = abs(s.position(a) - s.position(b))
    return min(d, len(s) - d)


@attrs.define
class StackDrill:
    """The questions of one drill of stack ``stack`` (its items under ``subject``), kept apart
    from each other (:meth:`spacing`); for cut estimation it follows the deck in your hands, for
    one ahead the cue shown last."""

    stack: Stack
    subject: str
    mode: str = MIXED
    #: picks the next item to ask, avoiding the ids given (the session's scheduler)
    pick: Callable[[Collection[str]], Item] | None = None
    last: Question | None = None
    #: cut estimation: the card on the bottom of the deck in your hands (None: not yet cut)
    bottom: Card | None = None
    #: one ahead: the cue shown last, as (item id, "position" or "card")
    shown: tuple[str, str] | None = None

    def spacing(self) -> set[str]:
        """The items too close to the last question to be asked next: every card within
        :data:`SPACING` places of a card it showed or asked for."""
        if self.last is None or self.mode == SPEED:
            return set()
        s, n = self.stack, len(self.stack)
        near: set[str] = set()
        for card in self.last.involves:
            if card not in s:
                continue
            p = s.position(card) - 1
            for d in range(-SPACING, SPACING + 1):
                near.add(item_id(self.subject, s.cards[(p + d) % n]))
        return near

    def make(self, item: Item, rng: random.Random) -> Question:
        """The question about ``item`` (cut estimation and one ahead may choose another)."""
        card = card_of(item.id)
        if self.mode == ESTIMATE:
            q = self._estimate(rng)
        elif self.mode == ONE_AHEAD:
            q = self._one_ahead(card, rng)
        else:
            last = self.last.kind if self.last is not None else None
            near = self.spacing()
            avoid = {c for c in self.stack.cards if item_id(self.subject, c) in near}
            mode = pick_mode(self.mode, rng, last)
            q = question(self.stack, card, mode, rng, self.subject, avoid)
        self.last = q
        return q

    # -- cut estimation ------------------------------------------------------------------------

    def _estimate(self, rng: random.Random) -> Question:
        s, n = self.stack, len(self.stack)
        first = self.bottom is None
        if self.bottom is None:
            self.bottom = rng.choice(s.cards)
        bottom = self.bottom
        start = s.position(bottom) % n  # index of the top card now
        order = s.cards[start:] + s.cards[:start]
        # a target well inside the deck: a cut is never a card or two off either end
        low, high = min(4, n - 1), max(min(4, n - 1), n - 4)
        want = rng.randint(low, high)
        target = order[want - 1]
        by_card = rng.random() < 0.5
        ask = (
            _SAID["cut to card"].format(card=_card(target))
            if by_card
            else _SAID["cut to depth"].format(n=_cards_said(want))
        )
        head = _SAID["first bottom" if first else "bottom"].format(bottom=_card(bottom))
        depth = {c.code: i for i, c in enumerate(order, 1)}

        def measure(value: Any) -> int:
            return depth[value.code] - want if value.code in depth else n

        def note(value: Any, lang: str) -> str:
            got = depth.get(value.code, 0)
            return _off_note(got - want, got, want, lang)

        def cut_to(value: Any) -> None:
            if value in s:
                self.bottom = value  # the cut completed: the card cut to is on the bottom

        return Question(
            item_id(self.subject, target),
            ESTIMATE,
            head + Text(" ") + ask,
            CARD,
            target,
            involves=(bottom, target),
            shows=(bottom, target) if by_card else (bottom,),
            measure=measure,
            tolerance=HIT,
            schedules=False,
            blank=False,
            note=note,
            on_answer=cut_to,
        )

    # -- one ahead -----------------------------------------------------------------------------

    def _cue(self, card: Card, kind: str) -> Text:
        if kind == "position":
            return _SAID["position cue"].format(pos=self.stack.position(card))
        return _card(card)

    def _one_ahead(self, card: Card, rng: random.Random) -> Question:
        s = self.stack
        if self.shown is not None and self.shown[0] != item_id(self.subject, card):
            self.shown = None  # the drill was steered elsewhere: start a new chain
        first = self.shown is None
        kind = self.shown[1] if self.shown is not None else rng.choice(("position", "card"))
        near = {item_id(self.subject, card)}
        p = s.position(card) - 1
        near |= {
            item_id(self.subject, s.cards[(p + d) % len(s)]) for d in range(-SPACING, SPACING + 1)
        }
        if self.pick is not None:
            following = card_of(self.pick(near).id)
        else:
            following = rng.choice([c for c in s.cards if item_id(self.subject, c) not in near])
        next_kind = rng.choice(("position", "card"))
        self.shown = (item_id(self.subject, following), next_kind)
        what = _SAID["which card" if kind == "position" else "which position"]
        prompt = _SAID["one ahead"].format(cue=self._cue(following, next_kind), what=what)
        if first:
            prompt = _SAID["one ahead first"].format(cue=self._cue(card, kind)) + " " + prompt
        expected: Any = card if kind == "position" else s.position(card)
        return Question(
            item_id(self.subject, card),
            ONE_AHEAD,
            prompt,
            CARD if kind == "position" else NUMBER,
            expected,
            low=None if kind == "position" else 1,
            high=None if kind == "position" else len(s),
            involves=(card, following),
            shows=(following,) if next_kind == "card" else (),
            follow=self.shown[0],
        )


def parse_positions(text: str, n: int) -> frozenset[int]:
    """Positions of a stack written as numbers and ranges (``1-13``, ``1-13,40-52``, ``27-``),
    each from 1 to ``n``; a one-line :class:`~conjure.errors.UsageError` naming the text
    otherwise."""
    from conjure.errors import ConjureError, UsageError
    from conjure.inputs import normalise, parse_int, quote

    out: set[int] = set()
    bad = Text(
        f"--positions {quote(text)}: write positions from 1 to {n} and ranges, such as 1-13 or "
        "1-13,40-52",
        zh=f"--positions {quote(text)}：请写 1 到 {n} 的位置或范围，例如 1-13 或 1-13,40-52",
    )
    for part in normalise(text).replace("，", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low_text, dash, high_text = part.partition("-")
        try:
            low = parse_int(low_text or "1", "--positions", 1, n)
            high = parse_int(high_text or str(n), "--positions", 1, n) if dash else low
        except ConjureError:
            raise UsageError(bad) from None
        if high < low:
            raise UsageError(bad)
        out.update(range(low, high + 1))
    if not out:
        raise UsageError(bad)
    return frozenset(out)


def spaced_order(drill: StackDrill, items: list[Item], rng: random.Random) -> list[Item]:
    """``items`` in a random order in which no card comes within :data:`SPACING` places of the
    one before it (where that can be done), for a speed run that is recalled, not recited."""
    s = drill.stack
    left = list(items)
    rng.shuffle(left)
    out: list[Item] = []
    while left:
        pick = 0
        if out:
            before = card_of(out[-1].id)
            pick = next(
                (
                    k
                    for k, item in enumerate(left)
                    if distance(s, before, card_of(item.id)) > 2 * SPACING
                ),
                0,
            )
        out.append(left.pop(pick))
    return out
