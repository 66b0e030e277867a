"""What the audience is led to believe (:class:`Belief`, :func:`every`, :func:`holds`) and
the usual end conditions a routine claims (:func:`hands_empty`, :func:`cards_end_in`,
:func:`each_group`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from conjure.deck.cards import RANK_EN, RANK_LABELS, Card
from conjure.deck.places import label, place_text
from conjure.magic.abstraction import quietly
from conjure.magic.routine import Claim
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.magic.performance import Performance


# -- beliefs -------------------------------------------------------------------------------------


def _any_card(_depth: int, _size: int, _card: Card) -> bool:
    return True


@attrs.frozen
class Belief:
    """What the audience believes about the packet at ``place``.

    ``test(depth, size, card)`` says whether seeing ``card`` at ``depth`` in a packet of ``size``
    cards agrees with the belief (any card does when no test is given). ``count`` is how many
    cards the audience is told the place holds: checked when the belief is stated. ``backed``
    is how many distinct faces of the packet, shown on purpose in the current step and agreeing
    with the belief, the belief rests on ("four Queens" after a Queen was shown at the top and
    another at the bottom: ``backed=2``): checked when it is stated.
    """

    place: str
    en: str
    zh: str = ""
    test: Callable[[int, int, Card], bool] = attrs.field(default=_any_card, eq=False)
    count: int | None = None
    backed: int = 0

    @property
    def words(self) -> Text:
        return Text(self.en, self.zh)

    def text(self, lang: str) -> str:
        return self.words.get(lang)


@functools.lru_cache(maxsize=1024)  # a value: the same belief for the same words, made once
def every(
    place: str,
    rank: int,
    en: str = "",
    zh: str = "",
    *,
    count: int | None = None,
    backed: int = 0,
) -> Belief:
    """The audience believes every card at ``place`` has ``rank`` (1 = Ace … 13 = King)."""
    en = en or f"the {label(place)} holds only {RANK_EN[rank - 1]}s"
    zh = zh or f"{label(place, 'zh')}全是{RANK_LABELS[rank - 1]}"
    return Belief(place, en, zh, lambda _d, _n, card: card.rank == rank, count=count, backed=backed)


@functools.lru_cache(maxsize=1024)
def holds(place: str, count: int, en: str = "", zh: str = "") -> Belief:
    """The audience believes ``place`` holds ``count`` cards (and nothing about their faces)."""
    noun = "card" if count == 1 else "cards"
    en = en or f"the {label(place)} holds {count} {noun}"
    zh = zh or f"{label(place, 'zh')}有{count}张牌"
    return Belief(place, en, zh, count=count)


# -- end conditions ------------------------------------------------------------------------------

HANDS = ("left", "right", "spectator", "spectator.left", "spectator.right")


#: what the end conditions say when they fail
_ENDS = {
    "still": Text("the {place} still holds {n} cards", zh="{place}还有{n}张牌"),
    "still one": Text("the {place} still holds {n} card", zh="{place}还有{n}张牌"),
    "left": Text("{n} cards left in the {place}, not in the {where}",
                 zh="{place}留下{n}张牌，不在{where}"),
    "left one": Text("{n} card left in the {place}, not in the {where}",
                     zh="{place}留下{n}张牌，不在{where}"),
    "or": Text(", ", zh="或"),
    "in play": Text("{end} cards in play at the end, {start} at the start",
                    zh="最后有{end}张牌在用，开始时有{start}张"),
}  # fmt: skip


@attrs.frozen
class _HandsEmpty:
    """The check of :func:`hands_empty` (a value, not a closure, so routines pickle)."""

    keep: frozenset[str]

    def __call__(self, p: Performance) -> Text | None:
        for place in HANDS:
            if place not in self.keep and (n := p.state.size(place)):
                said = _ENDS["still one" if n == 1 else "still"]
                return said.format(place=place_text(place), n=n)
        return None


@attrs.frozen
class _EndIn:
    """The check of :func:`cards_end_in`."""

    places: tuple[str, ...]

    def __call__(self, p: Performance) -> Text | None:
        for place in p.state.packets:
            if place not in self.places:
                where = _ENDS["or"].join(place_text(place) for place in self.places)
                n = p.state.size(place)
                said = _ENDS["left one" if n == 1 else "left"]
                return said.format(n=n, place=place_text(place), where=where)
        if p.initial is not None and len(p.state) != p.in_play:
            return _ENDS["in play"].format(end=len(p.state), start=p.in_play)
        return None


def hands_empty(
    *, but: Iterable[str] = (), en: str = "", zh: str = "", id: str = "hands-empty"
) -> Claim:
    """An end condition: nobody holds a card at the end (except in the hands ``but``)."""
    return Claim(
        id,
        en or "the hands are empty at the end",
        zh or "最后手中没有牌",
        check=_HandsEmpty(frozenset(but)),
        reads="structure",
    )


def cards_end_in(*places: str, en: str = "", zh: str = "", id: str = "accounted-for") -> Claim:
    """An end condition: every card in play ends in one of ``places``, and as many cards are in
    play as at the start (none left behind on the table or in a hand)."""
    where = ", ".join(label(p) for p in places)
    return Claim(
        id,
        en or f"every card ends in the {where}",
        zh or "每张牌最后都在应在的位置",
        check=_EndIn(tuple(places)),
        reads="structure",
    )


@attrs.frozen
class _Groups:
    """The check of :func:`each_group`."""

    places: tuple[str, ...]
    test: Callable[[int, tuple[Card, ...]], str | Text | None]

    def __call__(self, p: Performance) -> str | Text | None:
        with quietly():  # a group is read as a set: which card of it lies where is not read
            for i, place in enumerate(self.places, 1):
                held = p.state.size(place)
                if not held:
                    continue  # nothing was dealt there (that every card is, is another claim)
                shown = tuple(sorted(p.showing(place), key=lambda c: c.code))
                if len(shown) < held:  # the climax shows every card of a group, face up
                    said = _GROUP_HIDDEN if shown else _GROUP_UNSEEN
                    return said.format(
                        place=place_text(place), shown=" ".join(map(str, shown)), n=held
                    )
                problem = self.test(i, shown)
                if problem is not None:
                    return problem
        return None


_GROUP_HIDDEN = Text(
    "the {place} shows only {shown} face up at the end, of its {n} cards",
    zh="最后{place}的{n}张牌中只有{shown}表面向上",
)
_GROUP_UNSEEN = Text(
    "the {place} shows none of its {n} cards face up at the end",
    zh="最后{place}的{n}张牌没有一张表面向上",
)


def each_group(
    places: Sequence[str],
    test: Callable[[int, tuple[Card, ...]], str | Text | None],
    *,
    id: str,
    en: str,
    zh: str = "",
    promised: bool = True,
) -> Claim:
    """A claim about what the climax shows, group by group: every card of each of ``places``
    that holds cards must be shown (face up, seen at the reveal: :meth:`Performance.showing`),
    and ``test(i, cards)`` is called for the ``i``-th place (from 1) with those cards, as a
    set (in an order of their own, not the order they lie in); it returns what is wrong or
    ``None``. A place that holds no card is left out (that every card is dealt is a claim of
    its own, such as :func:`cards_end_in`). "Every pair is a King and a Queen" is such a
    claim. Reading nothing else, it lets the verifier compare shuffles that put the same cards
    in each group as one, which is what proves riffle principles on a full deck."""
    return Claim(
        id, en, zh, check=_Groups(tuple(places), test), promised=promised,
        reads=("groups", tuple(places)),
    )  # fmt: skip
