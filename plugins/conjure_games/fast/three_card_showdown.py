"""Three-card showdown's fast random playout: the betting of one hand in one loop, with what
each seat may still stake kept in a list, the cards looked at shown only at the showdown
(where every card is shown to all, as the checked path leaves them), and the hand closed as
:meth:`conjure.games.MatchGame.close_deal` closes it, written out: the match score, the deal
passed on, the match over or the next hand's cards gathered (every card of the pack, in
order) for chance to deal."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from operator import add
from typing import Final

from conjure.games import CHANCE, HANDS, TERMINAL, GameState
from conjure_games.three_card_showdown import (
    BET,
    DECLINE,
    OPEN,
    ShowdownVars,
    ThreeCardShowdown,
    _first_trips,
    settle,
    table,
)

#: a card code -> its bit, as :func:`conjure_games.three_card_showdown.strength` keys hands
_BIT: Final = tuple(1 << c for c in range(52))
#: every card of the pack, in order, as the deck holds them when a hand starts
_PACK: Final = tuple(range(52))
#: n -> the next seat after each at a table of n
_AFTER: Final = {n: (*range(1, n), 0) for n in range(2, 11)}


def play_random(
    game: ThreeCardShowdown,
    state: GameState[ShowdownVars],
    pick: Callable[[], float],
    chance: random.Random,
) -> int:
    """Random play to the end of the hand (see :meth:`conjure.games.Game._play_random`): the
    same picks, the same actions recorded, the same end as the checked path. Chance acts only
    at the deal, so ``chance`` is not drawn from."""
    v = state.vars
    n = game.num_players
    dealer = v.dealer
    chips = game.option_values["chips"]
    opening = game.option_values["opening"]
    match = v.match
    stakes = list(v.stakes)
    room = []
    able = 0
    for p in range(n):
        r = chips + match[p] - stakes[p]
        room.append(r)
        if r > 0:
            able += 1
    looked, rnd, last, bets = v.looked, v.round, v.last_bet, v.bets
    history = state.history
    start = len(history)
    me = state.current
    after = _AFTER[n]  # the next seat after each
    floor = math.floor  # (int() of a float costs a call through the type; floor does not)
    while True:
        r = room[me]
        if last == 0:  # the dealer's opening: an amount up to the cap, and the cards to look at
            i = floor(pick() * (4 * (opening if opening < r else r)))
            history.append(OPEN + i)
            looked = i & 3
            amount = due = (i >> 2) + 1
        else:
            looks = 4 - looked if me == dealer else 1
            i = floor(pick() * (looks + 1 if rnd > 1 else looks))
            if i == looks:  # 第一圈中，各家均不得弃权: only from the second round
                history.append(DECLINE)
                break
            looked += i
            history.append(BET + looked)
            due = last << (1 + looked)
            amount = due if due < r else r
        stakes[me] += amount
        r -= amount
        room[me] = r
        last = due
        bets += 1
        if r <= 0:
            able -= 1
            if able < 2:
                break
        seat = me
        while True:
            seat = after[seat]
            if seat == dealer:
                rnd += 1
            if room[seat] > 0:
                break
        me = seat
    zones = state.zones
    bit = _BIT
    ranks = table()
    strengths = []
    winner = best = -1
    for p in range(n):
        a, b, c = zones[HANDS[p]]  # three cards each
        s = ranks[bit[a] | bit[b] | bit[c]]
        strengths.append(s)
        if s > best:
            winner, best = p, s
    lowest = _first_trips()
    if best < lowest:  # nobody holds trips (as a rule): settle's first step alone, written out
        owed = stakes[winner]
        gains = [0] * n
        for p in range(n):
            if p != winner:
                held = chips + match[p]
                paid = owed if owed < held else held
                gains[p] = -paid
                gains[winner] += paid
    else:
        trips = [s >= lowest for s in strengths]
        gains = list(settle(strengths, trips, stakes, [chips + m for m in match]))
    v.looked, v.round, v.last_bet, v.bets, v.stakes = looked, rnd, 0, bets, tuple(stakes)
    known = state.known
    if type(game) is not ThreeCardShowdown:  # a subclass may close a hand its own way
        _show_all(zones, known, n)
        game.close_deal(state, gains)
        return len(history) - start
    # close_deal, written out (no story is told in a fast playout)
    match = v.match = tuple(map(add, match, gains))
    v.dealer = dealer + 1 if dealer + 1 < n else 0
    deals = v.deals
    capped = game.most_deals is not None and deals >= game.most_deals
    if capped or deals >= game.option_values["hands"] or chips + min(match) <= 0:
        _show_all(zones, known, n)  # (a hand that goes on forgets what was shown)
        state.current = TERMINAL
        return len(history) - start
    # MatchGame._start_deal: every card back in the deck, which holds the whole pack in order
    for p in range(n):
        zones[HANDS[p]].clear()
    zones["deck"][:] = _PACK
    known.clear()
    v.deals = deals + 1
    state.chance = ("deck", 3 * n, 0)
    state.current = CHANCE
    return len(history) - start


def _show_all(zones: dict[str, list[int]], known: dict[int, int], n: int) -> None:
    """Every card in the hands shown to all, as at the showdown."""
    for p in range(n):
        for c in zones[HANDS[p]]:
            known[c] = -1
