"""What each seat sees and what the table knows: a seat's observation of a state, how an
action reads to a seat, the cards each seat was seen not to hold (``state.lacking``, kept up as
a game being played goes on), and the worlds a bot deals that agree with all of it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from conjure.deck.cards import CARDS
from conjure.games.chance import draw_card, shuffle
from conjure.games.inference import Facts, deal
from conjure.games.terms import ALL, CHANCE, HANDS, SPECIAL, TERMINAL, TOP
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.games.api import Game
    from conjure.games.state import GameState

_CHANCE_DEALS: Final = Text("chance deals a card", zh="随机发出一张牌")
_FACE_DOWN: Final = Text("a card face down", zh="一张扣着的牌")


def observation(state: GameState[Any], player: int) -> dict[str, Any]:
    """:meth:`GameState.observation`: what ``player`` can see of ``state``."""
    zones = {
        zone: [
            CARDS[c].ascii if state.sees(player, zone, i, c) else None for i, c in enumerate(cards)
        ]
        for zone, cards in state.zones.items()
    }
    obs: dict[str, Any] = {
        "player": player,
        "to_move": state.current,
        "zones": zones,
        "vars": state.vars.to_json(),
    }
    if state.current == player:
        obs["legal"] = [state.action_name(a) for a in state.legal_actions()]
    teams = state.teams()
    if teams:
        obs["teams"] = list(teams)
    return obs


def action_seen(game: Game[Any], state: GameState[Any], action: int, player: int) -> str | Text:
    """:meth:`Game._action_seen` by default: how ``action`` reads to ``player``, hidden exactly
    when it is a card that, once the action is made, lies where ``player`` cannot see it."""
    mover = state.current
    if action >= SPECIAL or mover == player:
        if mover == CHANCE:
            return _CHANCE_DEALS
        return state.action_names(action)
    after = state.copy()
    after.story = []  # listened to, so that the end of a deal keeps where the cards lay
    after.ended = None
    after.apply_legal(action)
    zones, known = after.ended if after.ended is not None else (after.zones, after.known)
    for zone, cards in zones.items():
        if action in cards:
            rule = game.visibility[zone]
            index = cards.index(action)
            if (
                rule in (ALL, player)
                or (rule == TOP and index == 0)
                or known.get(action, 0) >> player & 1
            ):
                return state.action_names(action)
            break
    return _FACE_DOWN if mover >= 0 else _CHANCE_DEALS


def apply_watched(state: GameState[Any], action: int) -> None:
    """:meth:`GameState.apply_legal` in a game being played (not in a world a bot dealt): apply
    the action and keep ``state.lacking`` true. A play adds what the game says it shows; a seat
    seen to take a card into its hand keeps its facts except about that card, and a seat
    that takes a card the table cannot see loses them (it may now hold one of them); a new
    deal, the end of the game and chance forget them all."""
    game = state.game
    me = state.current
    if me < 0:
        state.lacking = ()
        if state.chance is not None:
            draw_card(state, action)
        else:
            game._apply_action(state, action)
        return
    shown = game._lacking_shown(state, action)
    lacking = state.lacking
    if shown:
        lacking = lacking or (0,) * game.num_players
        lacking = (*lacking[:me], lacking[me] | shown, *lacking[me + 1 :])
    deal_number = game._deal_number(state)
    before = [state.zones[HANDS[p]][:] if mask else None for p, mask in enumerate(lacking)]
    game._apply_action(state, action)
    if state.current == TERMINAL or game._deal_number(state) != deal_number:
        state.lacking = ()
        return
    everyone = (1 << game.num_players) - 1
    facts = list(lacking)
    for p, old in enumerate(before):
        if old is None:
            continue
        for c in set(state.zones[HANDS[p]]).difference(old):
            if state.known.get(c, 0) & everyone == everyone:
                facts[p] &= ~(1 << c)  # a card the table saw it take
            else:
                facts[p] = 0  # a card the table did not see: it may be one of them
                break
    state.lacking = tuple(facts) if any(facts) else ()


def determinize_with(
    game: Game[Any], state: GameState[Any], player: int, rng: random.Random, facts: Facts
) -> GameState[Any]:
    """:meth:`Game.determinize` with the facts given (``facts``) rather than the game's."""
    return Dealer(game, state, player, facts)(rng)


class Dealer:
    """The worlds of :meth:`Game.determinize` for one state and seat, with what every world
    shares read once: which places hold a card the seat cannot see, those cards, and what the
    facts are checked against. Called with a random source, it deals one world, the same
    world :func:`determinize_with` deals from that source (a search deals hundreds of worlds
    from one state). The state must not change while the dealer is in use."""

    __slots__ = ("facts", "plan", "shown", "state")

    def __init__(self, game: Game[Any], state: GameState[Any], player: int, facts: Facts) -> None:
        self.state = state
        self.facts = facts
        slots: dict[str, list[tuple[str, int]]] = {}
        hidden: dict[str, list[int]] = {}
        where: dict[str, list[str]] = {}
        shown: dict[str, list[int]] = {}
        pools = game.pools
        visibility = game.visibility
        known = state.known
        has_facts = bool(facts)
        for zone, cards in state.zones.items():
            if not cards:
                continue
            rule = visibility[zone]  # (GameState.sees, read once a zone)
            if rule in (ALL, player):
                if has_facts:
                    shown.setdefault(zone, []).extend(cards)
                continue
            pool = pools.get(zone, "")
            for i, c in enumerate(cards):
                if (rule == TOP and i == 0) or known.get(c, 0) >> player & 1:
                    if has_facts:
                        shown.setdefault(zone, []).append(c)
                    continue
                slots.setdefault(pool, []).append((zone, i))
                hidden.setdefault(pool, []).append(c)
                where.setdefault(pool, []).append(zone)
        # pools in sorted order, each one's cards sorted, so that a new deal depends on which
        # cards are hidden, not where
        self.plan = [(slots[p], sorted(hidden[p]), where[p]) for p in sorted(hidden)]
        self.shown = shown

    def __call__(self, rng: random.Random) -> GameState[Any]:
        old = self.state
        new = old.copy(history=False)
        new.watched = False
        zones = new.zones
        facts = self.facts
        for slots, hidden, where in self.plan:
            cards = hidden[:]
            dealt = deal(cards, where, facts, self.shown, rng) if facts else None
            if dealt is None:
                shuffle(rng, cards)  # (as rng.shuffle does it, the same numbers drawn)
                dealt = cards
            for (zone, i), c in zip(slots, dealt, strict=True):
                zones[zone][i] = c
        return new
