"""Capture (fishing) games: every legal capture of a played card against the table, builds,
sweeps, and the base class the capture games share.

A table is a row of *items*, each with a value: a loose card, or a build (several cards that
are taken together, by a card of the build's value, never as part of a sum). A capture is a
bitmask over the items' positions. :class:`CaptureRules` answers, for a table and every value
a card can have, which masks that card may take; the answers are worked out once per table
(every subset sum of the table up to the highest card value, by growing bitmasks and dropping
any that pass the limit) and remembered, so the playout loop mostly looks them up.

>>> rules = CaptureRules(equal="any", sums=True, limit=10)
>>> equal, sums = rules.options((2, 5, 7, 7))[7]
>>> [bin(m) for m in equal], [bin(m) for m in sums]
(['0b100', '0b1000', '0b1100'], ['0b11'])
"""

from __future__ import annotations

import functools
from bisect import insort
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final, TypeVar

import attrs

from conjure.deck.cards import CARDS, Card
from conjure.errors import ConjureError
from conjure.games.actions import CardSetSpace
from conjure.games.api import (
    ALL,
    HANDS,
    NOBODY,
    SPECIAL,
    WON,
    GameError,
    GameState,
    Vars,
)
from conjure.games.match import MatchGame, MatchVars
from conjure.games.melds import cards_of
from conjure.games.typed import not_a_move
from conjure.inputs import normalise
from conjure.text import Text

#: kinds of action, in bits 6-8 of the action code (a plain card code is a trail)
TRAIL: Final = 0
CAPTURE: Final = 1
BUILD: Final = 2  # a hand card added to loose table cards: a build of their sum
PAIR: Final = 3  # a hand card laid on a table card of the same rank, its twin held back
RAISE: Final = 4  # a hand card added to another player's build
KIND_NAMES: Final = ("trail", "capture", "build", "pair build", "raise")

Options = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
SumTable = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...], int]


def encode(card: int, kind: int = TRAIL, mask: int = 0) -> int:
    """The action that plays ``card`` as ``kind`` against the table items in ``mask``."""
    return card | kind << 6 | mask << 9


def decode(action: int) -> tuple[int, int, int]:
    """``(card, kind, mask)`` of an action made by :func:`encode`."""
    return action & 63, action >> 6 & 7, action >> 9


#: the set bits of a mask, lowest first (positions in a list, not card codes here)
positions = cards_of


def submasks(mask: int) -> list[int]:
    """Every non-empty submask of ``mask``, largest first."""
    out = []
    s = mask
    while s:
        out.append(s)
        s = (s - 1) & mask
    return out


def subset_sums(values: Sequence[int], limit: int, skip: int = 0) -> list[tuple[int, int]]:
    """``(mask, total)`` of every non-empty subset of the items whose total is at most
    ``limit``, leaving out the positions in ``skip`` and items of value 0. Subsets are grown one
    item at a time and a subset past the limit is never grown further, so the cost follows the
    number of answers, not ``2 ** len(values)``.

    >>> sorted(subset_sums((3, 4, 9), 8))
    [(1, 3), (2, 4), (3, 7)]
    """
    found: list[tuple[int, int]] = []
    for i, v in enumerate(values):
        if v <= 0 or v > limit or skip >> i & 1:
            continue
        bit = 1 << i
        grown = [(m | bit, s + v) for m, s in found if s + v <= limit]
        found.append((bit, v))
        found.extend(grown)
    return found


def sums_by_total(values: Sequence[int], limit: int) -> list[list[int]]:
    """For each total from 0 to ``limit``, the masks of every non-empty subset of the items
    whose values add up to it, each total's masks in the order :func:`subset_sums` lists them
    (items of value 0 or above ``limit`` left out). A subset reaching a total is grown only from
    those reaching the total less the new item's value, so the work follows the number of
    answers. Casino's builds take one loose card or several.

    >>> sums_by_total((3, 4, 9), 8)
    [[], [], [], [1], [2], [], [], [3], []]
    """
    by_total: list[list[int]] = [[] for _ in range(limit + 1)]
    for i, v in enumerate(values):
        if v <= 0 or v > limit:
            continue
        bit = 1 << i
        for t in range(limit, v, -1):  # from the top: by_total[t - v] is still without bit
            below = by_total[t - v]
            if below:
                by_total[t].extend([m | bit for m in below])
        by_total[v].append(bit)
    return by_total


def sum_sets(values: Sequence[int], limit: int) -> list[list[int]]:
    """:func:`sums_by_total` without the single items: the subsets of two or more items
    reaching each total (a capture by a sum).

    >>> [[bin(m) for m in ms] for ms in sum_sets((2, 3, 5), 5)]
    [[], [], [], [], [], ['0b11']]
    """
    return [[m for m in ms if m & (m - 1)] for ms in sums_by_total(values, limit)]


def disjoint_unions(groups: Sequence[int]) -> set[int]:
    """Every union of one or more pairwise disjoint masks from ``groups``.

    >>> sorted(disjoint_unions([0b001, 0b010, 0b011]))
    [1, 2, 3]
    """
    out: set[int] = set()

    def grow(start: int, used: int) -> None:
        for j in range(start, len(groups)):
            g = groups[j]
            if not g & used:
                out.add(used | g)
                grow(j + 1, used | g)

    grow(0, 0)
    return out


#: the words of a capture game's spelled moves: one a kind of move (:data:`TRAIL` …), then
#: the word that ends a move
_WORDS: Final = (
    Text("trail", zh="放到桌面"),
    Text("capture", zh="取牌"),
    Text("build", zh="组合"),
    Text("pair build", zh="同点组合"),
    Text("raise", zh="加高"),
    Text("done", zh="完成"),
)
DONE: Final = 5

#: how the moves of a capture game read, in every language (players may type either)
_NAMES: Final = {
    "play": Text("play {card}", zh="出{card}"),
    "table card": Text("table card {card}", zh="桌面的{card}"),
    "trail": Text("{card} to the table", zh="{card}放到桌面"),
    "must take": Text(
        "you can take, so you must: no card may go to the table now",
        zh="你能捡牌就必须捡：现在不能把牌放到桌面",
    ),
    "capture": Text("{card} takes {items}", zh="{card}取{items}"),
    "sweep": Text("{card} takes {items} (sweep)", zh="{card}取{items}（扫光）"),
    "build": Text("{card} builds {total} on {items}", zh="{card}在{items}上组成{total}"),
    "pair": Text(
        "{card} pair-builds on {items} (shows the twin)", zh="{card}与{items}配对（亮出同点牌）"
    ),
    "raise": Text("{card} raises {items}", zh="{card}加高{items}"),
    "last deal": Text("last deal {score}", zh="上一副 {score}"),
    "which": Text(
        "{card} has {n} moves: type one of {numbers}", zh="{card}有{n}种走法：请输入{numbers}之一"
    ),
    "cannot": Text("{card} cannot be played now", zh="现在不能出{card}"),
}


@attrs.frozen
class CaptureRules:
    """How a played card takes table items.

    - ``equal``: ``"one"`` takes a single item of its value, ``"any"`` any number of them at
      once;
    - ``sums``: two or more loose items whose values add up to the card's may be taken;
    - ``several``: several disjoint sets (equal items, sums, builds) in one capture;
    - ``limit``: the highest value a card can have;
    - ``sum_limit``: the highest value a sum can reach, when lower than ``limit`` (cards above
      it take by equal value only).

    Items in the ``fixed`` mask passed to :meth:`options` (builds, or cards that only pair)
    are taken by equal value alone, never in a sum.
    """

    equal: str = "any"
    sums: bool = True
    several: bool = False
    limit: int = 10
    sum_limit: int = 0
    _cache: dict[tuple[tuple[int, ...], int], Options] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    _merged: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    _sums: dict[tuple[int, ...], SumTable] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def sum_table(self, values: tuple[int, ...]) -> SumTable:
        """An index of a table of loose items (builds lie elsewhere): for each total up to
        ``sum_limit`` the masks of every subset reaching it, and of those with two or more
        items; for each value up to ``limit`` the mask of the items of that value; and the
        mask of the items above ``sum_limit`` (cards that only pair). Remembered per table; the
        table's value multiset is the key, so the items should come in a canonical order."""
        found = self._sums.get(values)
        if found is None:
            if len(self._sums) > 200_000:
                self._sums.clear()
            limit = self.sum_limit or self.limit
            every = sums_by_total(values, limit)
            several = [[m for m in masks if m & (m - 1)] for masks in every]
            same = [0] * (self.limit + 1)
            above = 0
            for i, v in enumerate(values):
                if v <= self.limit:
                    same[v] |= 1 << i
                if v > limit:
                    above |= 1 << i
            found = self._sums[values] = (
                tuple(tuple(m) for m in every),
                tuple(tuple(m) for m in several),
                tuple(same),
                above,
            )
        return found

    def combine(self, equal: int, sums: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(equal, sums)`` captures of one card, from the mask of the items of its value and
        the sum sets that reach it: the same answer :meth:`options` gives for that value."""
        if self.several and sums:
            singles = [1 << i for i in positions(equal)]
            unions = disjoint_unions(singles + list(sums))
            return (
                tuple(sorted(m for m in unions if not m & ~equal)),
                tuple(sorted(m for m in unions if m & ~equal)),
            )
        if not equal & (equal - 1):
            return ((equal,) if equal else (), tuple(sums))
        if self.equal == "one" and not self.several:
            return (tuple(1 << i for i in positions(equal)), tuple(sums))
        return (tuple(sorted(submasks(equal))), tuple(sums))

    def options(self, values: tuple[int, ...], fixed: int = 0) -> Options:
        """For each value ``v`` from 0 to ``limit``: ``(equal, sums)``, the masks a card of
        value ``v`` may take using equal items only, and those that take a sum (alone or, with
        ``several``, together with other sets). Remembered per table."""
        found = self._cache.get((values, fixed))
        if found is None:
            key = (values, fixed)
            if len(self._cache) > 200_000:
                self._cache.clear()
            found = self._cache[key] = self._work_out(values, fixed)
        return found

    def takes(self, values: tuple[int, ...], fixed: int = 0) -> tuple[tuple[int, ...], ...]:
        """For each value from 0 to ``limit``, every mask a card of that value may take (the
        equal ones first): :meth:`options` without the split, for games with no priority
        between them. Remembered per table."""
        found = self._merged.get((values, fixed))
        if found is None:
            if len(self._merged) > 200_000:
                self._merged.clear()
            found = tuple(eq + other for eq, other in self.options(values, fixed))
            self._merged[(values, fixed)] = found
        return found

    def _work_out(self, values: tuple[int, ...], fixed: int) -> Options:
        limit = self.limit
        same = [0] * (limit + 1)
        for i, v in enumerate(values):
            if 0 < v <= limit:
                same[v] |= 1 << i
        by_total: list[list[int]] = [[] for _ in range(limit + 1)]
        if self.sums:
            for mask, total in subset_sums(values, self.sum_limit or limit, fixed):
                if mask & (mask - 1):  # two items or more
                    by_total[total].append(mask)
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        nothing: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        for v in range(limit + 1):
            eq = same[v]
            sums = by_total[v]
            if not eq and not sums:
                out.append(nothing)
            elif self.several and sums:
                singles = [1 << i for i in positions(eq)]
                unions = disjoint_unions(singles + sums)
                out.append(
                    (
                        tuple(sorted(m for m in unions if not m & ~eq)),
                        tuple(sorted(m for m in unions if m & ~eq)),
                    )
                )
            elif not eq & (eq - 1):  # at most one equal item
                out.append(((eq,) if eq else (), tuple(sums)))
            elif self.equal == "one" and not self.several:
                out.append((tuple(1 << i for i in positions(eq)), tuple(sums)))
            else:
                out.append((tuple(sorted(submasks(eq))), tuple(sums)))
        return tuple(out)


@attrs.frozen
class Build:
    """A build on the table: cards taken only together, by a card of ``value``, owned by the
    player who made it or raised it last. A ``pair`` build (cards of one rank) cannot be
    raised."""

    owner: int
    value: int
    cards: tuple[int, ...]
    pair: bool = False

    def __str__(self) -> str:
        return self.label.en

    @property
    def label(self) -> Text:
        """The build in words, English and Chinese (附加牌, a pair build 同点附加牌)."""
        cards = " ".join(str(CARDS[c]) for c in self.cards)
        said = _BUILD_FACT[self.pair]
        return said.format(value=self.value, cards=cards, p=self.owner + 1)


#: a build as a fact, plain and pair
_BUILD_FACT: Final = (
    Text("build of {value} ({cards}), player {p}'s", zh="玩家{p}的{value}点附加牌（{cards}）"),
    Text(
        "pair build of {value} ({cards}), player {p}'s",
        zh="玩家{p}的{value}点同点附加牌（{cards}）",
    ),
)


def _joined(sep: str, parts: Sequence[str | Text]) -> str | Text:
    """``parts`` joined by ``sep``, language by language when one of them is a :class:`Text`."""
    if all(isinstance(part, str) for part in parts):
        return sep.join(parts)  # type: ignore[arg-type]
    out = Text.of(parts[0])
    for part in parts[1:]:
        out = out + sep + part
    return out


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


@attrs.define(slots=False)
class CaptureVars(MatchVars):
    """The public values of a capture game: who took cards last (-1: nobody yet this deal),
    each player's sweeps and running points this deal, and what the last deal gave."""

    last: int = -1
    sweeps: tuple[int, ...] = ()
    score: tuple[int, ...] = ()
    last_deal: tuple[int, ...] = ()


CV = TypeVar("CV", bound=CaptureVars)


class CaptureGame(MatchGame[CV]):
    """What the capture games share: the zones (``hand0`` …, ``stock``, ``table``, ``won0`` …),
    capture actions read and typed as sentences (``7♦ takes 5♣ 2♥``), the table kept in a
    canonical order (so that captures are remembered per table), sweeps counted, and the last
    capturer taking what is left at the end of a deal.

    Subclasses set :attr:`values` (card code -> capture value), :attr:`rules` and
    :attr:`vars_type` (:class:`CaptureVars` or a subclass), deal with
    :meth:`start_capture_deal`, and end a deal with :meth:`finish_deal`; the match ends when a
    single leader reaches the ``target`` option.
    """

    vars_type: ClassVar[type[Vars]] = CaptureVars

    #: card code -> the value it captures with and is captured at
    values: ClassVar[Sequence[int]]
    #: how cards take (a game whose options change it sets its own in ``__init__``)
    rules: CaptureRules
    #: whether a capture that clears the table is named a sweep (where sweeps score)
    names_sweeps: ClassVar[bool] = True
    #: level leaders play another deal, so a match is capped (each game's notes say so)
    most_deals: ClassVar[int | None] = 200

    def _menu_note(self, state: GameState[CV]) -> Text | None:
        """Where the hand holds cards and none may go to the table, the rules oblige a take."""
        if state.current < 0 or not state.zones[HANDS[state.current]]:
            return None
        if all(a >= SPECIAL for a in self._legal_actions(state)):
            return _NAMES["must take"]
        return None

    def most_moves(self) -> int:
        """Every move plays a card from hand, and all but the four first laid on the table
        pass through the hands; a match is at most :attr:`most_deals` deals."""
        return (self.most_deals or 1) * (len(self.all_cards()) - 4)

    def _zones(self) -> dict[str, str | int]:
        n = self.num_players
        zones: dict[str, str | int] = {f"hand{p}": p for p in range(n)}
        zones.update(stock=NOBODY, table=ALL)
        zones.update({f"won{p}": ALL for p in range(n)})
        zones.update(self.extra_zones())
        return zones

    def extra_zones(self) -> dict[str, str | int]:
        return {}

    # -- the table ------------------------------------------------------------------------------

    def items(self, state: GameState[CV]) -> list[tuple[int, ...]]:
        """The table's items in position order: each a tuple of cards (a loose card alone)."""
        return [(c,) for c in state.zones["table"]]

    def lay_on_table(self, state: GameState[CV], card: int) -> None:
        """Put ``card`` among the loose table cards, keeping them ordered by value then code."""
        insort(state.zones["table"], card, key=self.table_order.__getitem__)

    def sort_table(self, state: GameState[CV]) -> None:
        state.zones["table"].sort(key=self.table_order.__getitem__)

    @functools.cached_property
    def table_order(self) -> list[int]:
        """Card code -> its place in the table's order (by value, then code)."""
        return [v * 64 + c for c, v in enumerate(self.values)]

    def take(self, state: GameState[CV], player: int, card: int, mask: int) -> list[int]:
        """``player`` takes the loose table cards at the positions in ``mask`` with ``card``
        from hand, all into ``won{player}``, and is recorded as the last capturer. Returns the
        table cards taken; the table is empty after a sweep, which the caller scores as its
        rules say."""
        z = state.zones
        table = z["table"]
        z[HANDS[player]].remove(card)
        if mask == (1 << len(table)) - 1:
            taken = table[:]
            table.clear()
        else:
            at = positions(mask)
            taken = [table[i] for i in at]
            for i in reversed(at):
                del table[i]
        won = z[WON[player]]
        won.append(card)
        won.extend(taken)
        state.vars.last = player
        return taken

    def deal_hands(self, state: GameState[CV], cards: list[int], each: int) -> list[int]:
        """Deal ``each`` cards one at a time to every player, the dealer's left first, and
        return the rest (:meth:`MatchGame.deal_one_at_a_time`, by slices)."""
        n = self.num_players
        first = (state.vars.dealer + 1) % n
        z = state.zones
        for k in range(n):
            z[HANDS[(first + k) % n]].extend(cards[k : each * n : n])
        return cards[each * n :]

    def start_capture_deal(self, state: GameState[CV], hand_size: int) -> None:
        """Deal the shuffled deck: ``hand_size`` cards to each player one at a time from the
        dealer's left, four face up on the table, the rest the stock; the player after the
        dealer is to play."""
        n = self.num_players
        rest = self.deal_hands(state, self.shuffled_deck(state), hand_size)
        state.zones["table"] = rest[:4]
        self.sort_table(state)
        state.zones["stock"] = rest[4:]
        v = state.vars
        v.last = -1
        v.sweeps = v.score = (0,) * n
        state.current = (v.dealer + 1) % n

    def add_points(self, state: GameState[CV], player: int, points: int) -> None:
        """Add to ``player``'s running points of this deal."""
        score = list(state.vars.score)
        score[player] += points
        state.vars.score = tuple(score)

    def count_sweep(self, state: GameState[CV], player: int) -> None:
        sweeps = list(state.vars.sweeps)
        sweeps[player] += 1
        state.vars.sweeps = tuple(sweeps)
        # the move already says "(sweep)": the story adds only that this one scores
        state.tell(f"player {player + 1} scores the sweep", f"玩家{player + 1}扫光得分")

    def finish_deal(self, state: GameState[CV], points: Sequence[int], why: str = "") -> None:
        """Record and tell the deal's match points, then close the deal."""
        state.vars.last_deal = tuple(points)
        if state.story is not None:  # (the words are not made for a playout)
            said = " : ".join(str(p) for p in points)
            state.tell(
                f"the deal ends: {said} to the match" + (f" ({why})" if why else ""),
                f"本局结束：{said}",
            )
        self.close_deal(state, points)

    def _match_over(self, state: GameState[CV]) -> bool:
        """Past the target with a single leader (level leaders play another deal)."""
        match = state.vars.match
        best = max(match)
        return best >= self.target and match.count(best) == 1

    @property
    def target(self) -> int:
        return self.option_values["target"]

    def _facts(self, state: GameState[CV], player: int) -> Sequence[str | Text]:
        facts: list[str | Text] = []
        if state.vars.last_deal:
            last = " : ".join(str(s) for s in state.vars.last_deal)
            facts.append(_NAMES["last deal"].format(score=last))
        return facts

    def sweep_rest(self, state: GameState[CV]) -> None:
        """The end of a deal: the last capturer takes whatever is left on the table (the text
        of ten-exchange; every game of the family)."""
        last = state.vars.last
        table = state.zones["table"]
        if last >= 0 and table:
            if state.story is not None:
                state.tell(
                    f"player {last + 1}, who took cards last, takes the rest: " + cards_text(table),
                    f"剩下的场牌归最后取得牌的玩家{last + 1}",
                )
            state.zones[WON[last]].extend(table)
            table.clear()

    # -- fixed ids of the moves -------------------------------------------------------------------

    def taken_cards(self, state: GameState[CV], action: int) -> tuple[int, ...]:
        """The table cards ``action`` takes or builds on (every card of each table item in its
        mask), lowest code first."""
        _, _, mask = decode(action)
        items = self.items(state)
        return tuple(sorted(c for i in positions(mask) for c in items[i]))

    def _action_space(self) -> CardSetSpace:
        """A move is spelled: the card played from the hand; then ``trail``, or the kind of
        move (capture, build, pair build, raise), each table card it takes or builds on (lowest
        code first) and ``done``. Every card keeps its number; the space has 114 ids."""
        return CardSetSpace(
            _WORDS,
            _NAMES["play"],
            _NAMES["table card"],
            self._spelling,
            most=3 + len(self.all_cards()),
        )

    def _spelling(self, state: GameState[CV], action: int) -> list[tuple[str, int]]:
        card, kind, _ = decode(action)
        if kind == TRAIL:
            return [("own", card), ("word", TRAIL)]
        taken = [("other", c) for c in self.taken_cards(state, action)]
        return [("own", card), ("word", kind), *taken, ("word", DONE)]

    # -- actions read and typed by people -------------------------------------------------------

    def item_names(self, state: GameState[CV]) -> list[str | Text]:
        """How each table item reads, in position order."""
        return [cards_text(item) for item in self.items(state)]

    def _action_name(self, state: GameState[CV], action: int) -> str | Text:
        card, kind, mask = decode(action)
        played = str(CARDS[card])
        if kind == TRAIL:
            return _NAMES["trail"].format(card=played)
        items = self.items(state)
        names = self.item_names(state)
        taken = [names[i] for i in positions(mask)]
        if kind == CAPTURE:
            everything = self.names_sweeps and mask == (1 << len(items)) - 1
            said = _NAMES["sweep" if everything else "capture"]
            return said.format(card=played, items=_joined(" + ", taken))
        if kind == BUILD:
            total = self.values[card] + sum(self.values[items[i][0]] for i in positions(mask))
            return _NAMES["build"].format(card=played, total=total, items=_joined(" + ", taken))
        if kind == PAIR:
            return _NAMES["pair"].format(card=played, items=_joined(" ", taken))
        return _NAMES["raise"].format(card=played, items=_joined(" ", taken))

    def ordered_actions(self, state: GameState[CV]) -> list[int]:
        """By card (suit, then rank), then trails before captures and builds, then by items."""

        def key(action: int) -> tuple[int, int, int, int]:
            card, kind, mask = decode(action)
            return card // 13, card % 13, kind, mask

        return sorted(self._legal_actions(state), key=key)

    def parse_action(self, state: GameState[CV], text: str) -> int:
        """A number from the list, a move's words, or a card when that card has one move
        only."""
        legal = self.ordered_actions(state)
        stripped = normalise(text).strip()
        if stripped.isdigit() and 1 <= int(stripped) <= len(legal):
            return legal[int(stripped) - 1]
        for action in legal:
            names = state.action_names(action)
            # a name is normalised as the typed text is (a Chinese name's （） read as ())
            if stripped.lower() in {
                normalise(n).strip().lower() for n in (names.en, names.zh) if n
            }:
                return action
        try:
            card = Card(stripped).code
        except ConjureError:
            card = -1
        if card >= 0:
            mine = [a for a in legal if decode(a)[0] == card]
            if len(mine) == 1:
                return mine[0]
            if mine:
                numbers = ", ".join(str(legal.index(a) + 1) for a in mine)
                raise GameError(
                    _NAMES["which"].format(card=CARDS[card], n=len(mine), numbers=numbers)
                )
            raise GameError(_NAMES["cannot"].format(card=CARDS[card]))
        raise GameError(not_a_move(text, len(legal)))
