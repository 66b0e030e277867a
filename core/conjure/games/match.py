"""Matches of several deals: :class:`MatchGame` deals again until the match is decided (a
target reached, a number of deals played, a bound on deals that nothing else ends), keeps the
match score in :class:`MatchVars`, tells each deal's breakdown, and decides the match by
:func:`win_loss`."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import ClassVar, Final, TypeVar

import attrs

from conjure.games.api import HANDS, NOBODY, TERMINAL, Game, GameState, Utility, Vars
from conjure.text import Text

_DEAL_PARTS: Final = Text(
    "deal {n}: {parts}; match points {points}", zh="第{n}副：{parts}；计入总分 {points}"
)
_DEAL_OVER: Final = Text(
    "deal {n} over: match points {points}", zh="第{n}副结束：计入总分 {points}"
)
_PARTS_SEP: Final = Text(" · ", zh="，")


def win_loss_utility(players: int) -> Utility:
    """What :func:`win_loss` returns can be: -1 to 1, adding up to 0 between two players."""
    return Utility(-1.0, 1.0, 0.0 if players == 2 else None)


def win_loss(points: Sequence[float]) -> tuple[float, ...]:
    """Returns for a game decided by points: 1 for the best, -1 for the others, 0 all round on
    a tie for the best."""
    best = max(points)
    winners = [i for i, p in enumerate(points) if p == best]
    if len(winners) > 1:
        return tuple(0.0 for _ in points)
    return tuple(1.0 if i == winners[0] else -1.0 for i in range(len(points)))


@attrs.define(slots=False)
class MatchVars(Vars):
    """The public values every match of deals has."""

    match: tuple[int, ...] = ()
    dealer: int = attrs.field(default=0, metadata={"seat": True})
    deals: int = 0


MV = TypeVar("MV", bound=MatchVars)


class MatchGame(Game[MV]):
    """A game of several deals whose result is the match score in ``vars.match``.

    Between deals every card lies in zone ``deck`` (added to the game's zones). Each deal
    starts with the deck shuffled by chance (or only the cards dealt drawn:
    :meth:`_cards_dealt`); then the game's :meth:`_new_deal` deals it
    (:meth:`shuffled_deck`, :meth:`deal_one_at_a_time`). A deal ends with
    :meth:`close_deal`, which adds the deal's match points, passes the deal to the left, and
    ends the match when :meth:`_match_over` says so or starts the next deal.
    """

    vars_type: ClassVar[type[Vars]] = MatchVars
    #: the most match points one deal can give, to scale a deal's value for bots
    deal_scale: ClassVar[float] = 1.0
    #: a match that has played this many deals ends with the deal (``None``: no such cap), for
    #: a game whose end is a target that deals scoring nothing, or level leaders, could put
    #: off for ever; the game's rule notes say so
    most_deals: ClassVar[int | None] = None

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self.visibility.setdefault("deck", NOBODY)

    def _deal(self, state: GameState[MV]) -> None:
        state.zones.setdefault("deck", [])
        state.vars.match = (0,) * self.num_players
        state.vars.dealer = 0
        state.vars.deals = 0
        state.zones["deck"] = sorted(self._card_codes())
        self._start_deal(state)

    def _start_deal(self, state: GameState[MV]) -> None:
        """Gather every card into the deck, forget what was shown, count the deal, shuffle."""
        if state.story is not None:
            state.ended = ({z: c[:] for z, c in state.zones.items()}, dict(state.known))
        deck = state.zones["deck"]
        for zone, cards in state.zones.items():
            if zone != "deck":
                deck.extend(cards)
                cards.clear()
        deck.sort()
        state.known.clear()
        state.vars.deals += 1
        state.shuffle("deck", self._cards_dealt())

    def _cards_dealt(self) -> int | None:
        """How many cards of the deck chance draws at the start of a deal (``None``, the
        default: all of them, the whole deck shuffled). A game that deals only some of its
        cards and never draws on the rest may draw just those: every deal of them is as likely
        as after a full shuffle, the rest lying in the deck in order."""
        return None

    def _after_chance(self, state: GameState[MV], zone: str) -> None:
        self._new_deal(state)

    def _new_deal(self, state: GameState[MV]) -> None:
        """The deck has been shuffled: deal it and set whose turn it is."""
        raise NotImplementedError

    def _match_over(self, state: GameState[MV]) -> bool:
        raise NotImplementedError

    def shuffled_deck(self, state: GameState[MV]) -> list[int]:
        """The deck as chance shuffled it, taken out of zone ``deck`` to be dealt."""
        cards = state.zones["deck"][:]
        state.zones["deck"].clear()
        return cards

    def deal_one_at_a_time(
        self, state: GameState[MV], cards: list[int], each: int, hands: str = "hand"
    ) -> list[int]:
        """Deal ``each`` of ``cards`` one at a time to every player, the dealer's left first,
        into zones ``hand0``, ``hand1`` …; return the cards left over."""
        n = self.num_players
        first = state.vars.dealer + 1
        zones = state.zones
        names = HANDS if hands == "hand" else tuple(f"{hands}{p}" for p in range(n))
        for k in range(n):  # card i goes to seat first + i: every n-th card from the k-th
            zones[names[(first + k) % n]].extend(cards[k : each * n : n])
        return cards[each * n :]

    def next_dealer(self, state: GameState[MV]) -> None:
        state.vars.dealer = (state.vars.dealer + 1) % self.num_players

    def _breakdown(self, state: GameState[MV]) -> Sequence[Text]:
        """The deal just over, part by part, for the story of the table (tricks, card points,
        bonuses, penalties: ``Text("tricks {a} : {b}")``), told before its match points. A
        game says what its deal is made of; by default nothing but the match points."""
        return ()

    def tell_deal_end(self, state: GameState[MV], points: Sequence[int]) -> None:
        """Tell the table the deal's breakdown (:meth:`_breakdown`) and the match points it
        gives, when someone is listening."""
        if state.story is None:
            return
        parts = list(self._breakdown(state))
        gained = " : ".join(f"{p:+d}" if p else "0" for p in points)
        words = _DEAL_PARTS if parts else _DEAL_OVER
        state.tell(words.format(n=state.vars.deals, parts=_PARTS_SEP.join(parts), points=gained))

    def close_deal(self, state: GameState[MV], points: Sequence[int]) -> None:
        """Tell the deal's breakdown, add ``points`` to the match score, pass the deal on, and
        start the next deal or end the match."""
        self.tell_deal_end(state, points)
        match = state.vars.match
        if len(points) != len(match):
            raise ValueError(f"{self.id}: points for {len(points)} players, not {len(match)}")
        state.vars.match = tuple(map(operator.add, match, points))
        self.next_dealer(state)
        capped = self.most_deals is not None and state.vars.deals >= self.most_deals
        if capped or self._match_over(state):
            state.current = TERMINAL
        else:
            self._start_deal(state)

    def _deal_number(self, state: GameState[MV]) -> int:
        return state.vars.deals

    def _deal_value(self, start: GameState[MV], end: GameState[MV], player: int) -> float:
        gained = [e - s for s, e in zip(start.vars.match, end.vars.match, strict=True)]
        mine = gained[player]
        best_other = max(g for p, g in enumerate(gained) if p != player)
        value = (mine - best_other) / (2 * self.deal_scale)
        if end.current == TERMINAL:
            value += end.returns()[player]
            value /= 2
        return max(-1.0, min(1.0, value))

    def _returns(self, state: GameState[MV]) -> tuple[float, ...]:
        return win_loss(state.vars.match)

    def _scores(self, state: GameState[MV]) -> tuple[float, ...]:
        return tuple(state.vars.match)

    def _utility(self) -> Utility | None:
        """A match decided by :func:`win_loss` on the match score; a game that returns
        otherwise states its own."""
        if type(self)._returns is MatchGame._returns:
            return win_loss_utility(self.num_players)
        return None
