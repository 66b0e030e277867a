"""The words a routine is written in: what the audience believes of a packet, what the climax
must show, and which cards are alike. One vocabulary for routines written in Python and for
routine files (:mod:`conjure.magic.files`), so that a routine says the same thing either way.

Beliefs as patterns, top card first (:func:`believe_pattern`): ``K*`` every card a King, ``K*
Q*4`` Kings above the bottom four Queens, ``Q|K K*`` a Queen or a King on top of Kings, ``?``
any card. Group claims (:func:`each_shows`) with what each group must show: ``Q K`` (these
ranks), ``one red and one black``, ``one of each suit``, ``one suit``; and the claims about a
place's faces (:func:`shows_only`, :func:`shows_count`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence

import attrs

from conjure.deck.cards import RANK_EN, RANK_LABELS, Card, full_deck
from conjure.deck.places import place_text
from conjure.errors import NotationError
from conjure.magic.abstraction import Abstraction, interchangeable
from conjure.magic.beliefs import Belief, each_group
from conjure.magic.performance import Performance
from conjure.magic.routine import Claim
from conjure.text import Text

# -- ranks ---------------------------------------------------------------------------------

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, **{str(n): n for n in range(2, 11)}}
_RANK_ZH = {label: n for n, label in enumerate(RANK_LABELS, 1)}


def rank_of(word: str) -> int:
    """A rank written as a magician writes it: ``A``, ``2``…``10`` (or ``T``), ``J``, ``Q``,
    ``K``, or in Chinese (``老K`` is not a rank: ``K``)."""
    rank = _RANKS.get(word.upper()) or _RANK_ZH.get(word)
    if rank is None:
        raise NotationError(
            Text(
                f"{word!r} is not a rank (A, 2 to 10, J, Q, K)",
                zh=f"{word!r} 不是点数（A、2到10、J、Q、K）",
            )
        )
    return rank


def rank_name(rank: int, plural: bool = False) -> Text:
    """``a King``, ``an 8``, ``a 2``; ``Kings``, ``2s`` (``一张K``, ``K`` in Chinese)."""
    label = RANK_LABELS[rank - 1]
    word = label if 2 <= rank <= 10 else RANK_EN[rank - 1]
    if plural:
        return Text(f"{word}s", zh=label)
    article = "an" if word[0] in "AE8" or word == "11" else "a"
    return Text(f"{article} {word}", zh=f"一张{label}")


# -- beliefs as patterns ---------------------------------------------------------------------


@attrs.frozen
class Pattern:
    """A packet's cards top first, as segments: each a set of ranks (empty: any card) and how
    many cards it covers (``None``: as many as the packet has left, at most one segment)."""

    segments: tuple[tuple[frozenset[int], int | None], ...]
    text: str

    def __call__(self, depth: int, size: int, card: Card) -> bool:
        fixed = sum(n for _, n in self.segments if n is not None)
        at = 0
        for ranks, n in self.segments:
            width = n if n is not None else max(0, size - fixed)
            if depth < at + width:
                return not ranks or card.rank in ranks
            at += width
        return False  # below the pattern: more cards than it says


_SEGMENT = re.compile(r"^([^*]+?)(?:\*(\d*))?$")


@functools.lru_cache(maxsize=256)
def pattern(text: str) -> Pattern:
    """A pattern of ranks, top first: segments separated by spaces, each ``RANKS`` (one card),
    ``RANKS*N`` (``N`` cards) or ``RANKS*`` (every card left, once); ``RANKS`` is a rank, ranks
    separated by ``|``, or ``?`` for any card."""
    segments: list[tuple[frozenset[int], int | None]] = []
    for word in text.split():
        found = _SEGMENT.match(word)
        if not found:
            raise NotationError(
                Text(
                    f"{word!r} is not a segment of a pattern (such as K*4 or Q|K)",
                    zh=f"{word!r} 不是模式的一段（例如 K*4 或 Q|K）",
                )
            )
        ranks_text, count = found.group(1), found.group(2)
        ranks = frozenset() if ranks_text == "?" else frozenset(map(rank_of, ranks_text.split("|")))
        n = None if count == "" else 1 if count is None else int(count)
        if n is None and any(m is None for _, m in segments):
            raise NotationError(
                Text(
                    f"pattern {text!r} has two segments of any length (*)",
                    zh=f"模式 {text!r} 有两段不定长度（*）",
                )
            )
        segments.append((ranks, n))
    if not segments:
        raise NotationError(
            Text(
                "an empty pattern: give ranks, such as K* or K* Q*4",
                zh="空的模式：请写点数，例如 K* 或 K* Q*4",
            )
        )
    return Pattern(tuple(segments), text)


@functools.lru_cache(maxsize=1024)
def believe_pattern(
    place: str, text: str, en: str, zh: str = "", count: int | None = None, backed: int = 0
) -> Belief:
    """The audience believes the cards at ``place``, top first, follow the pattern ``text``
    (see :func:`pattern`): ``believe_pattern("right", "K* Q*4", ...)`` for four Kings above
    four Queens. ``count`` and ``backed`` as in :class:`~conjure.magic.Belief`."""
    return Belief(place, en, zh, pattern(text), count=count, backed=backed)


# -- what groups show ------------------------------------------------------------------------


@attrs.frozen
class GroupTest:
    """What each group of an :func:`each_shows` claim must show, as a set of cards: ``test``
    of the sorted cards, the words for what it is (``a King and a Queen``), and how many
    cards a group holds (for its name: a pair, a group)."""

    what: Text
    test: Callable[[tuple[Card, ...]], bool] = attrs.field(eq=False)
    key: str = ""
    size: int = 2


def ranks_shown(ranks: Sequence[int]) -> GroupTest:
    """These ranks, one card each (``Q K``: a Queen and a King, in any order)."""
    wanted = tuple(sorted(ranks))
    names = [rank_name(r) for r in wanted]
    en = " and ".join(n.en for n in names)
    zh = "与".join(n.zh for n in names)
    return GroupTest(
        Text(en, zh=zh), _Ranks(wanted), "ranks " + " ".join(map(str, wanted)), len(wanted)
    )


# the tests are values, not closures, so that routines pickle (to be walked on other processes)


@attrs.frozen
class _Ranks:
    wanted: tuple[int, ...]

    def __call__(self, cards: tuple[Card, ...]) -> bool:
        return tuple(sorted(c.rank for c in cards)) == self.wanted


def _one_red_one_black(cards: tuple[Card, ...]) -> bool:
    return len(cards) == 2 and cards[0].is_red != cards[1].is_red


def _one_of_each_suit(cards: tuple[Card, ...]) -> bool:
    return len(cards) == 4 and {c.suit for c in cards} == {"S", "H", "C", "D"}


def _one_suit(cards: tuple[Card, ...]) -> bool:
    return len(cards) >= 2 and len({c.suit for c in cards}) == 1


ONE_RED_ONE_BLACK = GroupTest(
    Text("a red card and a black card", zh="一红一黑"),
    _one_red_one_black,
    "one red and one black",
)
ONE_OF_EACH_SUIT = GroupTest(
    Text("one card of each suit", zh="四种花色各一张"), _one_of_each_suit, "one of each suit", 4
)
ONE_SUIT = GroupTest(Text("a pair of one suit", zh="同花色的一对"), _one_suit, "one suit")
GROUP_TESTS = {t.key: t for t in (ONE_RED_ONE_BLACK, ONE_OF_EACH_SUIT, ONE_SUIT)}

_NOT = Text(
    "the audience sees {shown} as {group} {i}, not {what}",
    zh="观众看到第{i}{group_zh}是{shown}，不是{what}",
)
_NOTHING = Text("nothing", zh="空的")
#: the noun for one group, by its size
_GROUPS = {2: Text("pair", zh="对"), 4: Text("group", zh="组")}


@attrs.frozen
class _Shows:
    """The test of an :func:`each_shows` claim (a value, so routines pickle)."""

    what: GroupTest
    group: Text

    def __call__(self, i: int, cards: tuple[Card, ...]) -> Text | None:
        if self.what.test(cards):
            return None
        shown = " ".join(map(str, cards)) or _NOTHING
        return _NOT.format(
            shown=shown, group=self.group, group_zh=self.group.zh, i=i, what=self.what.what
        )


def each_shows(
    places: Sequence[str],
    what: GroupTest,
    *,
    id: str,
    en: str,
    zh: str = "",
    noun: Text | None = None,
    promised: bool = True,
) -> Claim:
    """A group claim (:func:`~conjure.magic.each_group`): each of ``places`` that holds cards
    shows every one of them, and they are ``what``. ``noun`` names one group in the failure
    ("pair"; by default "pair" for a test of two cards, "group" otherwise)."""
    group = noun or _GROUPS.get(what.size, _GROUPS[4])
    return each_group(places, _Shows(what, group), id=id, en=en, zh=zh, promised=promised)


# -- what a place shows ----------------------------------------------------------------------

_ONLY = Text(
    "the audience sees {cards} in the {place}, not only {rank}",
    zh="观众在{place}看到了{cards}，不只是{rank}",
)
_NONE = Text("the audience sees nothing in the {place}", zh="观众在{place}什么也没看到")
_COUNT = Text(
    "the {place} shows {count} cards, not {wanted}",
    zh="{place}显示{count}张牌，不是{wanted}张",
)


@attrs.frozen
class _ShowsOnly:
    places: tuple[str, ...]
    rank: int

    def __call__(self, p: Performance) -> Text | None:
        for place in self.places:
            shown = p.showing(place)
            wrong = [str(c) for c in shown if c.rank != self.rank]
            if wrong:
                return _ONLY.format(
                    cards=", ".join(wrong),
                    place=place_text(place),
                    rank=rank_name(self.rank, plural=True),
                )
            if not shown:
                return _NONE.format(place=place_text(place))
        return None


def shows_only(places: Sequence[str], rank: int, *, id: str, en: str, zh: str = "") -> Claim:
    """At the end, each of ``places`` shows at least one card, and every card it shows has
    ``rank`` (``each-gets-two``: both halves show reversed 2s, and nothing else)."""
    return Claim(id, en, zh, check=_ShowsOnly(tuple(places), rank))


@attrs.frozen
class _ShowsCount:
    places: tuple[str, ...]
    count: Callable[[Performance], int] = attrs.field(eq=False)

    def __call__(self, p: Performance) -> Text | None:
        wanted = self.count(p)
        for place in self.places:
            n = len(p.showing(place))
            if n != wanted:
                return _COUNT.format(place=place_text(place), count=n, wanted=wanted)
        return None


def shows_count(
    places: Sequence[str],
    count: Callable[[Performance], int],
    *,
    id: str,
    en: str,
    zh: str = "",
    promised: bool = True,
) -> Claim:
    """At the end, each of ``places`` shows exactly ``count(p)`` cards."""
    return Claim(id, en, zh, check=_ShowsCount(tuple(places), count), promised=promised)


def param_count(name: str) -> Callable[[Performance], int]:
    """A count that is a parameter of the routine (``rounds``)."""
    return _Param(name)


@attrs.frozen
class _Param:
    name: str

    def __call__(self, p: Performance) -> int:
        return p.param(self.name)


# -- cards alike -----------------------------------------------------------------------------

RED = Text("a red card", zh="红牌")
BLACK = Text("a black card", zh="黑牌")
SUIT_NAMES = {
    "S": Text("a spade", zh="黑桃"),
    "H": Text("a heart", zh="红桃"),
    "C": Text("a club", zh="梅花"),
    "D": Text("a diamond", zh="方块"),
}
ANOTHER = Text("another card", zh="其他的牌")


def alike_by_colour(cards: Iterable[Card]) -> Abstraction:
    """Cards of one colour are interchangeable."""
    return interchangeable(cards, lambda c: RED if c.is_red else BLACK)


def alike_by_suit(cards: Iterable[Card]) -> Abstraction:
    """Cards of one suit are interchangeable."""
    return interchangeable(cards, lambda c: SUIT_NAMES[c.suit or "S"])


def alike_by_rank(cards: Iterable[Card]) -> Abstraction:
    """Cards of one rank are interchangeable (any King is a King)."""
    return interchangeable(cards, lambda c: rank_name(c.rank))


def alike_but(rank: int, cards: Iterable[Card] | None = None) -> Abstraction:
    """The cards of ``rank`` are interchangeable among themselves, and so are all the others
    (each-gets-two: a 2, or another card)."""
    deck = full_deck(52) if cards is None else cards
    return interchangeable(deck, lambda c: rank_name(c.rank) if c.rank == rank else ANOTHER)
