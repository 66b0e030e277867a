"""Trick-taking games, written once: the zones, following suit, who wins a trick, taking it,
drawing from the stock, and the end of a deal.

A trick game derives from :class:`TrickGame` and says only what differs: how strong a card is
against the card led (:meth:`TrickGame._power`), what a card is worth, what to do when a deal's
last trick is taken (:meth:`TrickGame._deal_over`), and any actions besides playing a card. The
skeleton serves any number of players: play passes to the left (seat + 1) and the winner of a
trick leads the next.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, TypeVar

import attrs

from conjure.deck.cards import CARDS, SUIT_SYMBOLS
from conjure.games.api import (
    ALL,
    HANDS,
    NOBODY,
    SPECIAL,
    TOP,
    WON,
    Game,
    GameState,
    Visibility,
)
from conjure.games.match import MatchGame, MatchVars
from conjure.text import Text


def trick_zones(
    players: int, stock: Visibility = NOBODY, **more: Visibility
) -> dict[str, Visibility]:
    """The zones of a trick game with a stock: the deck between deals (nobody sees it), each
    hand seen by its owner, the stock as ``stock`` says, the trick and the cards each player
    won in view of all, and any ``more``."""
    zones: dict[str, Visibility] = {"deck": NOBODY}
    zones.update({HANDS[p]: p for p in range(players)})
    zones.update(stock=stock, trick=ALL)
    zones.update({WON[p]: ALL for p in range(players)})
    zones.update(more)
    return zones


def follow_suit(hand: list[int], led: int) -> list[int]:
    """The cards of ``hand`` in the suit of ``led``, or the whole hand when there are none."""
    suit = led // 13
    same = [c for c in hand if c // 13 == suit]
    return same or hand


def lacking_shown(game: Game[Any], state: GameState[Any], action: int) -> int:
    """The cards the player to move shows he does not hold by playing card ``action`` now,
    read from the game's own rules of play (:meth:`Game._legal_actions`), so that every trick
    game's follow rule (follow suit; trump when void, where the rules oblige it; beat the
    card led; a card that may always be played) is written once, where it is enforced.

    A card ``x`` is shown absent when a hand of just ``action`` and ``x`` would not be allowed
    to play ``action``: the rules then forbid ``action`` to anyone holding ``x``, so playing
    it shows ``x`` is not held. This reads no hidden card (the mover's hand is replaced by the
    two cards; everything else the rules look at is public) and is exact for rules of the
    form "play from the first of these groups you hold a card of", which covers every trick
    game here; a hand of every card is tried first, and when that may play ``action`` nothing
    is shown (a lead, a card of the suit led, a game where following is free). Where rules do
    not oblige following, nothing is shown. Called only for the game being played, never in
    bots' playouts (:meth:`GameState.apply_legal`). A trick game that is not a
    :class:`TrickGame` uses it with ``_lacking_shown = lacking_shown``."""
    if action >= SPECIAL:
        return 0
    zones = state.zones
    zone = HANDS[state.current]
    hand = zones[zone]
    legal = game._legal_actions
    others = [c for c in game.all_cards() if c != action]
    try:
        zones[zone] = [action, *others]
        if action in legal(state):
            return 0
        shown = 0
        for x in others:
            zones[zone] = [action, x]
            if action not in legal(state):
                shown |= 1 << x
        return shown
    finally:
        zones[zone] = hand


_MUST: Final = {
    "follow": Text("you must follow the suit led ({led})", zh="你必须跟出首出的花色（{led}）"),
    "trump": Text(
        "you have no {led}: you must trump ({trump})", zh="你没有{led}：必须出王牌（{trump}）"
    ),
    "some": Text("only these cards may be played now", zh="现在只能出这些牌"),
}


def follow_note(game: Game[Any], state: GameState[Any]) -> Text | None:
    """The line above the menu when the rules of play narrow the cards open to the player:
    he must follow the suit led, or trump; ``None`` when he may play any card he holds. A
    trick game uses it as its :meth:`Game._menu_note` (``_menu_note = follow_note``)."""
    trick = state.zones.get("trick")
    if not trick or state.current < 0:
        return None
    hand = state.zones[HANDS[state.current]]
    cards = [a for a in game._legal_actions(state) if a < SPECIAL]
    if not cards or len(cards) >= len(hand):
        return None
    led = trick[0] // 13
    trump = getattr(state.vars, "trump", -1)
    words = {"led": _suit_words(led), "trump": _suit_words(trump)}
    if all(c // 13 == led for c in cards):
        return _MUST["follow"].format(**words)
    if trump >= 0 and all(c // 13 == trump for c in cards):
        return _MUST["trump"].format(**words)
    return _MUST["some"]


#: why a card is refused, for the player who typed it
_WHY_NOT: Final = {
    "not held": Text("it is not in your hand", zh="它不在你的手牌中"),
    "follow": Text("you must follow suit ({led})", zh="你必须跟出同花色（{led}）"),
    "trump": Text(
        "you have no {led}, so you must play a trump ({trump})",
        zh="你没有{led}，所以必须出王牌（{trump}）",
    ),
    "allowed": Text("allowed now: {cards}", zh="现在可以出：{cards}"),
}


#: how a trick is told, and why its winner won it
_TRICK: Final = Text(
    "player {p} wins the trick ({cards}): {why}", zh="玩家{p}赢了这一墩（{cards}）：{why}"
)
_WHY: Final = {
    "trump": Text("a trump ({trump}) on {led} led", zh="以王牌{trump}吃首出的{led}"),
    "top trump": Text("the highest trump ({trump})", zh="王牌{trump}中最大"),
    "top": Text("the highest of the suit led ({led})", zh="首出花色{led}中最大"),
    "higher": Text("the higher of the suit led ({led})", zh="首出花色{led}中较大"),
    "alone": Text("nobody else played the suit led ({led})", zh="别人都没有出首出的花色{led}"),
    "unfollowed": Text("the other did not follow the suit led ({led})", zh="对方没有跟出{led}"),
}


#: the parts of a deal's breakdown
_PART: Final = {
    "tricks": Text("tricks {each}", zh="墩数 {each}"),
    "cards": Text("card points {each}", zh="牌分 {each}"),
    "bonus": Text("bonuses {each}", zh="奖分 {each}"),
}


def _each(values: Sequence[int]) -> str:
    return " : ".join(str(x) for x in values)


def _suit_words(suit: int) -> str:
    return SUIT_SYMBOLS[suit] if 0 <= suit < 4 else ""


def trick_reason(
    trick: Sequence[int],
    best: int,
    trump: int,
    suit_of: Callable[[int], int] | None = None,
) -> Text:
    """Why ``trick[best]`` took the trick under the usual rules: a trump on a plain lead, the
    highest trump, the highest of the suit led, or the only card of the suit led. ``suit_of``
    gives a card's suit where the game's trumps are more than a suit (jokers and 2s)."""
    suit = suit_of or (lambda c: c // 13)
    led, won = suit(trick[0]), suit(trick[best])
    words = {"trump": _suit_words(trump), "led": _suit_words(trick[0] // 13)}
    if trump >= 0 and won == suit_of_trump(trump, suit_of) and led != won:
        return _WHY["trump"].format(**words)
    if trump >= 0 and won == suit_of_trump(trump, suit_of):
        return _WHY["top trump"].format(**words)
    if best == 0 and not any(suit(c) == led for c in trick[1:]):
        return _WHY["unfollowed" if len(trick) == 2 else "alone"].format(**words)
    return _WHY["higher" if len(trick) == 2 else "top"].format(**words)


def suit_of_trump(trump: int, suit_of: Callable[[int], int] | None) -> int:
    """The suit trumps read as under ``suit_of`` (the trump suit itself by default)."""
    return trump if suit_of is None else suit_of(trump * 13 + 2)


def told_trick(winner: int, trick: Sequence[int], why: Text) -> Text:
    """The story line of a trick taken: who, the cards in the order played, and why."""
    cards = " ".join(str(CARDS[c]) for c in trick)
    return _TRICK.format(p=winner + 1, cards=cards, why=why)


@attrs.define(slots=False)
class TrickVars(MatchVars):
    """The public values of every trick game: the trump suit (-1 for none), each player's card
    points in this deal, tricks won, and who led the trick under way."""

    #: (the values: none, the four suits, no trump as the declaration games say it)
    trump: int = attrs.field(default=-1, metadata={"values": (-1, 0, 1, 2, 3, 4)})
    score: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    leader: int = attrs.field(default=0, metadata={"seat": True})


TV = TypeVar("TV", bound=TrickVars)


class TrickGame(MatchGame[TV]):
    """A match of deals of tricks. Subclasses write :meth:`_new_deal` (deal from the deck with
    :meth:`deal_one_at_a_time`, then :meth:`start_play`), :meth:`_legal_actions`,
    :meth:`_deal_over` and :meth:`_match_over`, and set :attr:`strength` and
    :attr:`card_points` (tables by card code). A card action goes to :meth:`play_card`; any
    other action (from :data:`SPECIAL` up: close, declare, pass) to :meth:`_apply_special`."""

    #: card code -> strength within its suit (higher wins)
    strength: ClassVar[Sequence[int]] = ()
    #: card code -> points it is worth in the cards won
    card_points: ClassVar[Sequence[int]] = ()
    #: words for the story of the table
    seat_names: ClassVar[tuple[str, ...]] = tuple(f"player {p + 1}" for p in range(8))

    def _start_deal(self, state: GameState[TV]) -> None:
        n = self.num_players
        state.vars.score = (0,) * n
        state.vars.tricks = (0,) * n
        state.vars.trump = -1
        self._reset_deal(state)
        super()._start_deal(state)

    def _reset_deal(self, state: GameState[TV]) -> None:
        """Set this game's own per-deal values back to their start (before the shuffle)."""

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        cls = type(self)
        self._plain_power = cls._power is TrickGame._power
        self._plain_points = cls._points is TrickGame._points
        self._plain_take = cls._take_trick is TrickGame._take_trick
        self._plain_won = cls._trick_won is TrickGame._trick_won
        self._plain_draw = cls._draw is TrickGame._draw
        self._stock_seen = self.visibility.get("stock") in (ALL, TOP)
        self._hands = HANDS[: self.num_players]

    def start_play(
        self, state: GameState[TV], stock: list[int], leader: int, trump: int = -1
    ) -> None:
        """After the deal: ``stock`` (the cards left, top first) becomes the stock, scores
        start at nothing and ``leader`` leads."""
        n = self.num_players
        state.zones["stock"] = stock
        v = state.vars
        v.trump = trump
        v.score = (0,) * n
        v.tricks = (0,) * n
        v.leader = leader
        state.current = leader

    def _apply_action(self, state: GameState[TV], action: int) -> None:
        if action < SPECIAL:
            self.play_card(state, action)
        else:
            self._apply_special(state, action)

    def _apply_special(self, state: GameState[TV], action: int) -> None:
        """Make ``action``, legal and from :data:`SPECIAL` up (anything but playing a card);
        set ``state.current``."""
        raise NotImplementedError

    _lacking_shown = lacking_shown
    _menu_note = follow_note

    def _trick_reason(self, state: GameState[TV], trick: Sequence[int], best: int) -> Text:
        """Why ``trick[best]`` (the trick full, in the order played) took it, for the story
        of the table: :func:`trick_reason` by default; a game whose cards rank otherwise
        (permanent trumps, a card that beats all) says its own reason."""
        return trick_reason(trick, best, state.vars.trump)

    def _power(self, state: GameState[TV], card: int, led: int) -> int:
        """How strong ``card`` is in a trick led with ``led`` (0: it cannot win; among equal
        powers the card played first wins). By default a trump beats every plain card and a
        card of the suit led beats the other suits, which cannot win."""
        suit = card // 13
        if suit == state.vars.trump:
            return 100 + self.strength[card]
        if suit == led // 13:
            return self.strength[card]
        return 0

    def play_card(self, state: GameState[TV], card: int) -> None:
        """The player to move lays ``card`` on the trick; the last card of a trick settles
        it."""
        me = state.current
        zones = state.zones
        zones[HANDS[me]].remove(card)
        trick = zones["trick"]
        trick.append(card)
        if len(trick) < self.num_players:
            state.current = (me + 1) % self.num_players
            return
        self._settle_trick(state)

    def _settle_trick(self, state: GameState[TV]) -> bool:
        """The trick is full: its winner takes it, everyone draws, and the winner leads, or
        the deal is over (then :meth:`_deal_over` has run and this returns True).

        This is the hottest path of every playout, so what the default hooks do (the power of
        a card, taking the trick, drawing from the stock) is written out here for games that
        keep them; a game that overrides a hook gets its own method called."""
        zones = state.zones
        trick = zones["trick"]
        n = self.num_players
        led = trick[0]
        best = 0
        v = state.vars
        if self._plain_power:
            trump, suit, strength = v.trump, led // 13, self.strength
            top = strength[led] + (100 if suit == trump else 0)
            for i in range(1, n):
                c = trick[i]
                s = c // 13
                p = 100 + strength[c] if s == trump else strength[c] if s == suit else 0
                if p > top:
                    best, top = i, p
        else:
            power = self._power
            top = power(state, led, led)
            for i in range(1, n):
                p = power(state, trick[i], led)
                if p > top:
                    best, top = i, p
        winner = (v.leader + best) % n
        if state.story is not None:
            state.tell(told_trick(winner, trick, self._trick_reason(state, trick, best)))
        if self._plain_take:
            zones[WON[winner]].extend(trick)
            points = 0
            if self._plain_points:
                table = self._points_table(state)
                for c in trick:
                    points += table[c]
            else:
                for c in trick:
                    points += self._points(state, c)
            if not self._plain_won:
                points += self._trick_won(state, winner)
            if n == 2:
                s0, s1 = v.score
                t0, t1 = v.tricks
                if winner:
                    v.score, v.tricks = (s0, s1 + points), (t0, t1 + 1)
                else:
                    v.score, v.tricks = (s0 + points, s1), (t0 + 1, t1)
            else:
                score = list(v.score)
                score[winner] += points
                v.score = tuple(score)
                tricks = list(v.tricks)
                tricks[winner] += 1
                v.tricks = tuple(tricks)
        else:
            self._take_trick(state, winner)
        trick.clear()
        v.leader = winner
        if not self._plain_draw:
            self._draw(state, winner)
        else:
            if zones["stock"]:
                self._draw_stock(state, winner)
        for hand in self._hands:
            if zones[hand]:
                state.current = winner
                return False
        self._deal_over(state, winner)
        return True

    def _take_trick(self, state: GameState[TV], winner: int) -> None:
        """The winner takes the trick's cards and scores their points and any bonus
        (:meth:`_trick_won`)."""
        trick = state.zones["trick"]
        state.zones[WON[winner]].extend(trick)
        points = 0
        if self._plain_points:
            table = self._points_table(state)
            for c in trick:
                points += table[c]
        else:
            for c in trick:
                points += self._points(state, c)
        points += self._trick_won(state, winner)
        v = state.vars
        score = list(v.score)
        score[winner] += points
        v.score = tuple(score)
        tricks = list(v.tricks)
        tricks[winner] += 1
        v.tricks = tuple(tricks)

    def _trick_won(self, state: GameState[TV], winner: int) -> int:
        """``winner`` takes the full trick (its cards not yet moved, ``vars.leader`` still
        who led it): the points it scores beyond its cards (a marriage, the last trick), after
        the game's own bookkeeping of a trick taken (nothing by default)."""
        return 0

    def _draw(self, state: GameState[TV], winner: int) -> None:
        """Each player, the winner first, draws the top card of the stock while it lasts; a
        card drawn from a stock whose top is in view is known to everyone."""
        if state.zones["stock"]:
            self._draw_stock(state, winner)

    def _draw_stock(self, state: GameState[TV], winner: int) -> None:
        stock = state.zones["stock"]
        n = self.num_players
        if n == 2 and len(stock) >= 2 and state.story is None:  # the common case, kept short
            first, second = stock[0], stock[1]
            del stock[:2]
            state.zones[HANDS[winner]].append(first)
            state.zones[HANDS[1 - winner]].append(second)
            if self._stock_seen:
                known = state.known
                known[first] = known[second] = -1
            return
        seen = self._stock_seen
        zones = state.zones
        known = state.known
        for i in range(n):
            if not stock:
                break
            p = (winner + i) % n
            card = stock.pop(0)
            zones[HANDS[p]].append(card)
            if seen:
                known[card] = -1  # state.reveal(card) to everyone, written out
                if state.story is not None:
                    name = CARDS[card]
                    state.tell(f"{self.seat_names[p]} draws {name}", f"玩家{p + 1}摸{name}")

    def _why_not(self, state: GameState[TV], action: int) -> str | Text | None:
        if action >= 64:
            return None
        if action not in state.zones[HANDS[state.current]]:
            return _WHY_NOT["not held"]
        trick = state.zones["trick"]
        if not trick:
            return None
        legal = [c for c in self._legal_actions(state) if c < 64]
        led, trump = trick[0] // 13, state.vars.trump
        if legal and all(c // 13 == led for c in legal):
            return _WHY_NOT["follow"].format(led=SUIT_SYMBOLS[led])
        if legal and trump >= 0 and all(c // 13 == trump for c in legal):
            return _WHY_NOT["trump"].format(led=SUIT_SYMBOLS[led], trump=SUIT_SYMBOLS[trump])
        return _WHY_NOT["allowed"].format(cards=" ".join(str(CARDS[c]) for c in sorted(legal)))

    def _deal_over(self, state: GameState[TV], last: int) -> None:
        """Every card has been played; ``last`` won the last trick. Score the deal and call
        :meth:`close_deal` (or ask a last question first)."""
        raise NotImplementedError

    def _points(self, state: GameState[TV], card: int) -> int:
        """What ``card`` is worth in the cards won: its entry in :meth:`_points_table`. A game
        whose card values follow a table (which may depend on the trump) overrides that
        instead, which is faster."""
        return self._points_table(state)[card]

    def _points_table(self, state: GameState[TV]) -> Sequence[int]:
        """Card code -> points now (``card_points`` by default)."""
        return self.card_points

    def _extras(self, state: GameState[TV]) -> Sequence[int]:
        """Each player's points this deal beyond the cards won (bonuses)."""
        return (0,) * self.num_players

    def _breakdown(self, state: GameState[TV]) -> list[Text]:
        """Tricks won, card points taken and any bonuses beyond them, each player's."""
        v = state.vars
        parts = [_PART["tricks"].format(each=_each(v.tricks))]
        if self.card_points or type(self)._points_table is not TrickGame._points_table:
            cards = [
                sum(self._points(state, c) for c in state.zones[WON[p]])
                for p in range(self.num_players)
            ]
            parts.append(_PART["cards"].format(each=_each(cards)))
            extras = [s - c for s, c in zip(v.score, cards, strict=True)]
            if any(extras):
                parts.append(_PART["bonus"].format(each=_each(extras)))
        return parts

    def _audit(self, state: GameState[TV]) -> str | None:
        extras = self._extras(state)
        for p, score in enumerate(state.vars.score):
            cards = sum(self._points(state, c) for c in state.zones[WON[p]])
            if cards + extras[p] != score:
                return f"player {p + 1} has {score} but won {cards} in cards + {extras[p]}"
        return None
