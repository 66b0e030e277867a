"""Declarations and trick obligations shared by the trick games where players declare
combinations (sets of one rank, runs in one suit, the King and Queen of a suit) on top of the
points in the cards they win.

- :class:`Ranking`: the strength and the points of every card, with a trump order that may
  differ from the plain one (Klaberjass: trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7), as
  tables indexed by card code, one per trump suit.
- :class:`FollowRule`: what the second player to a trick must play (follow suit, trump when
  void, beat a led trump, head the trick), one parameterised rule.
- :class:`SetRule`, :class:`RunRule`, :class:`MarriageRule` describe combinations as data;
  :class:`Declarations` enumerates every combination a game knows once, finds those a hand
  holds, and :func:`compare` ranks competing ones by a key the game gives.
- :func:`declare`: show the declared cards, exactly those, to the table; the core's
  observations, determinisation and no-peek check then treat them as seen wherever they lie.

A declaration is played as an action ``base + index`` where ``index`` is the combination's
place in :attr:`Declarations.catalogue`: the same number means the same cards in every world a
bot deals, and a replay reads the same.

>>> from conjure.deck.cards import Card
>>> rules = Declarations([RunRule(ranks("A K Q J 10 9 8 7"), {3: 20, 4: 50})])
>>> hand = [Card(t).code for t in "KS QS JS TS 7H".split()]
>>> [rules.catalogue[i].label() for i in rules.find(hand)]
['run K♠ Q♠ J♠ 10♠']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from conjure.deck.cards import CARDS, RANK_LABELS
from conjure.games.trick_taking import told_trick, trick_reason
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.games.api import GameState

#: rank index within a suit (``code % 13``) of each rank label
RANK_INDEX: Final = {label: i for i, label in enumerate(RANK_LABELS)}
#: the table index of "no trump suit"
NO_TRUMP: Final = 4


def ranks(text: str) -> tuple[int, ...]:
    """Rank indices from labels written highest first: ``ranks("J 9 A")`` is ``(10, 8, 0)``."""
    return tuple(RANK_INDEX[t] for t in text.replace("T", "10").split())


def suited(rank_indices: Iterable[int]) -> tuple[int, ...]:
    """Every card code of these ranks, suit by suit."""
    rs = tuple(rank_indices)
    return tuple(s * 13 + r for s in range(4) for r in rs)


def _table(order: Sequence[int], bonus: int = 0) -> dict[int, int]:
    return {r: bonus + len(order) - i for i, r in enumerate(order)}


class Ranking:
    """Strength and points of each card, by trump suit.

    ``strength[t][code]`` orders cards for taking tricks when ``t`` is trump (``NO_TRUMP``
    for none): higher is stronger, every trump is above every plain card, cards outside the
    game are 0. ``points[t][code]`` is what the card is worth when ``t`` is trump.
    """

    __slots__ = ("plain", "points", "strength", "trump")

    def __init__(
        self,
        plain: Sequence[int],
        trump: Sequence[int] | None = None,
        plain_points: Mapping[int, int] | None = None,
        trump_points: Mapping[int, int] | None = None,
    ) -> None:
        self.plain = tuple(plain)
        self.trump = tuple(trump) if trump is not None else self.plain
        pp = dict(plain_points or {})
        tp = dict(trump_points) if trump_points is not None else pp
        self.strength: tuple[tuple[int, ...], ...] = tuple(
            self._tables(t, _table(self.plain), _table(self.trump, 100)) for t in range(5)
        )
        self.points: tuple[tuple[int, ...], ...] = tuple(self._tables(t, pp, tp) for t in range(5))

    @staticmethod
    def _tables(trump: int, plain: Mapping[int, int], trumps: Mapping[int, int]) -> tuple[int, ...]:
        return tuple((trumps if c // 13 == trump else plain).get(c % 13, 0) for c in range(52))

    def deck_points(self, trump: int = NO_TRUMP) -> int:
        """The points of every card the ranking knows, with ``trump`` as trump."""
        pts = self.points[trump]
        return sum(pts[c] for c in suited(self.plain))


def lay_on_two_card_trick(
    state: GameState[Any], hand: str, card: int, strength: Sequence[int], trump: int
) -> tuple[int, int] | None:
    """The player to move lays ``card`` from ``hand`` on a two-player trick. The lead passes the
    turn and returns ``None``; the answer returns ``(winner, led)`` with both cards still on
    the trick for the caller to gather."""
    me = state.current
    state.zones[hand].remove(card)
    trick = state.zones["trick"]
    trick.append(card)
    if len(trick) == 1:
        state.current = 1 - me
        return None
    led = trick[0]
    answered = beats(led, card, strength, trump)
    winner = me if answered else 1 - me
    if state.story is not None:
        state.tell(told_trick(winner, trick, trick_reason(trick, 1 if answered else 0, trump)))
    return winner, led


def beats(led: int, answer: int, strength: Sequence[int], trump: int) -> bool:
    """Whether ``answer`` takes the trick from ``led``: a higher card of the led suit, or a
    trump on a plain lead (``strength`` from :class:`Ranking`)."""
    if answer // 13 == led // 13:
        return strength[answer] > strength[led]
    return answer // 13 == trump


@attrs.frozen
class FollowRule:
    """What the second player to a trick must play, one flag per obligation.

    ``follow``: play the led suit when able (otherwise anything goes). ``trump``: without the
    led suit, play a trump when able. ``overtrump``: on a trump lead, beat it when able.
    ``head``: beat the led card when able, in suit or, without the suit, by trumping.
    """

    follow: bool = True
    trump: bool = False
    overtrump: bool = False
    head: bool = False

    def legal(
        self, hand: Sequence[int], led: int, trump: int, strength: Sequence[int]
    ) -> list[int]:
        """The cards of ``hand`` this rule allows in answer to ``led``."""
        if not self.follow:
            return list(hand)
        s = led // 13
        same = [c for c in hand if c // 13 == s]
        if same:
            if self.head or (self.overtrump and s == trump):
                higher = [c for c in same if strength[c] > strength[led]]
                if higher:
                    return higher
            return same
        if self.trump or self.head:
            trumps = [c for c in hand if c // 13 == trump]
            if trumps:
                return trumps
        return list(hand)


#: no obligation at all (free play while a stock lasts)
FREE: Final = FollowRule(follow=False)


@attrs.frozen
class Combination:
    """One declarable combination: its kind, its cards, what it scores and how it ranks.

    ``value`` is what it scores (``trump_value`` when its suit is trump); ``order`` ranks it
    against its own kind (higher is better: a run's length, then its top card); ``suit`` is
    -1 for a set.
    """

    kind: str
    cards: tuple[int, ...]
    value: int
    trump_value: int
    suit: int
    order: tuple[int, ...]
    trump_only: bool = False

    @property
    def mask(self) -> int:
        return _mask(self.cards)

    def score(self, trump: int) -> int:
        return self.trump_value if self.suit == trump else self.value

    def label(self) -> str:
        """``run K♠ Q♠ J♠``, ``four J``, ``marriage K♥ Q♥``."""
        names = " ".join(str(CARDS[c]) for c in self.cards)
        if self.kind == "set":
            word = {4: "four", 3: "three"}.get(len(self.cards), str(len(self.cards)))
            return f"{word} {RANK_LABELS[self.cards[0] % 13]} ({names})"
        return f"{self.kind} {names}"

    def label_zh(self) -> str:
        names = " ".join(CARDS[c].zh for c in self.cards)
        word = {"set": "同点", "run": "同花连牌", "marriage": "结婚"}.get(self.kind, self.kind)
        return f"{word} {names}"

    def words(self) -> Text:
        """The label in every language: ``run K♠ Q♠ J♠`` / ``同花连牌 黑桃K 黑桃Q 黑桃J``."""
        return Text(self.label(), zh=self.label_zh())


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@attrs.frozen
class SetRule:
    """``size`` cards of ``rank`` (any suits) score ``value``; with ``size`` below four, every
    choice of suits is a combination."""

    rank: int
    size: int
    value: int

    def combinations(self) -> list[Combination]:
        from itertools import combinations

        cards = [s * 13 + self.rank for s in range(4)]
        return [
            Combination("set", chosen, self.value, self.value, -1, (self.size, 0))
            for chosen in combinations(cards, self.size)
        ]


@attrs.frozen
class RunRule:
    """Cards of one suit next to each other in ``order`` (highest first): a run of length
    ``n`` scores ``values[n]`` (the value of the longest listed length for longer runs).
    ``only``: when given, just these runs (each a tuple of rank indices, highest first)."""

    order: tuple[int, ...]
    values: Mapping[int, int]
    only: tuple[tuple[int, ...], ...] | None = None
    per_card: int = 0  # added per card of the run (Piquet-like scoring: 10 + 1 a card)

    def value_of(self, n: int) -> int:
        listed = [k for k in self.values if k <= n]
        return self.values[max(listed)] + self.per_card * n

    def combinations(self) -> list[Combination]:
        runs: list[tuple[int, ...]] = []
        if self.only is not None:
            runs = list(self.only)
        else:
            shortest = min(self.values)
            for n in range(shortest, len(self.order) + 1):
                runs.extend(self.order[i : i + n] for i in range(len(self.order) - n + 1))
        out = []
        for run in runs:
            top = len(self.order) - self.order.index(run[0])
            for s in range(4):
                value = self.value_of(len(run))
                cards = tuple(s * 13 + r for r in run)
                out.append(Combination("run", cards, value, value, s, (len(run), top)))
        return out


@attrs.frozen
class MarriageRule:
    """The King and Queen of one suit: ``value`` in a plain suit, ``trump_value`` in trumps;
    ``trump_only`` when only the trump pair counts."""

    value: int
    trump_value: int
    trump_only: bool = False

    def combinations(self) -> list[Combination]:
        king, queen = RANK_INDEX["K"], RANK_INDEX["Q"]
        return [
            Combination(
                "marriage",
                (s * 13 + king, s * 13 + queen),
                self.value,
                self.trump_value,
                s,
                (2, 0),
                self.trump_only,
            )
            for s in range(4)
        ]


Rule = SetRule | RunRule | MarriageRule


class Declarations:
    """Every combination a game knows, numbered once (``catalogue``), and a finder."""

    __slots__ = ("_chains", "_found", "_heads", "_masks", "catalogue")

    def __init__(self, rules: Iterable[Rule]) -> None:
        best: dict[tuple[str, int], Combination] = {}
        for rule in rules:  # the same cards listed twice: the higher value stands
            for c in rule.combinations():
                key = (c.kind, c.mask)
                if key not in best or c.trump_value > best[key].trump_value:
                    best[key] = c
        self.catalogue: tuple[Combination, ...] = tuple(best.values())
        self._masks = tuple(c.mask for c in self.catalogue)
        # chains by first card: each entry of a chain holds the one before it (runs from one
        # top card by length), so a search stops at the first one the hand lacks
        chains: dict[tuple[int, str, int], list[int]] = {}
        for i, c in enumerate(self.catalogue):
            link = (c.cards[0], c.kind, c.suit) if c.kind == "run" else (c.cards[0], c.kind, -i)
            chains.setdefault(link, []).append(i)
        by_card: list[list[tuple[tuple[int, int], ...]]] = [[] for _ in range(54)]
        for (first, _, _), chain in chains.items():
            chain.sort(key=lambda i: len(self.catalogue[i].cards))
            by_card[first].append(tuple((i, self._masks[i]) for i in chain))
        self._chains = tuple(tuple(chs) for chs in by_card)
        #: the first mask of every chain: a hand holding none of them holds nothing
        self._heads = tuple(sorted({self._masks[chain[0]] for chain in chains.values()}))
        #: (cards, trump, maximal) -> what find() answered: a hand is often asked about again
        self._found: dict[tuple[int, int, bool], tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.catalogue)

    def find(
        self, hand: Iterable[int], trump: int = NO_TRUMP, used: int = 0, maximal: bool = True
    ) -> list[int]:
        """The catalogue indices of the combinations ``hand`` holds, leaving out those with a
        card in the mask ``used`` and trump-only ones outside trumps; with ``maximal``, a
        combination inside a larger one of the same kind that scores as much is left out (a
        run of three within a run of five, a three of a kind within the four)."""
        have = 0
        for card in hand:
            have |= 1 << card
        have &= ~used
        for head in self._heads:
            if head & have == head:
                break
        else:
            return []
        key = (have, trump, maximal)
        known = self._found.get(key)
        if known is None:
            if len(self._found) > 50_000:
                self._found.clear()
            known = self._found[key] = tuple(self._search(have, trump, maximal))
        return list(known)

    def _search(self, have: int, trump: int, maximal: bool) -> list[int]:
        found = []
        chains = self._chains
        rest = have
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            for chain in chains[card]:
                for i, m in chain:
                    if m & have != m:
                        break
                    found.append(i)
        if not found:
            return found
        cat = self.catalogue
        found = [i for i in found if not (cat[i].trump_only and cat[i].suit != trump)]
        if not maximal or len(found) < 2:
            return sorted(found)
        masks = self._masks
        return sorted(
            i
            for i in found
            if not any(
                j != i
                and cat[j].kind == cat[i].kind
                and masks[i] & masks[j] == masks[i]
                and masks[j] != masks[i]
                and cat[j].score(trump) >= cat[i].score(trump)
                for j in found
            )
        )


def compare(a: Combination, b: Combination, key: Callable[[Combination], tuple[int, ...]]) -> int:
    """1 when ``a`` ranks above ``b`` by ``key``, -1 below, 0 equal."""
    ka, kb = key(a), key(b)
    return (ka > kb) - (ka < kb)


def declare(state: GameState[Any], combination: Combination) -> None:
    """Show the declared cards, and only those, to the table: every player sees them wherever
    they lie afterwards (observations and determinisation read this)."""
    for card in combination.cards:
        state.reveal(card)
