"""Run-fast's fast random playout: the hands held packed as rank counts, each play picked
from the lister's counts without listing the plays (:meth:`conjure.games.Lister.pick_lead`),
the cards it takes found by rank in the hand's order, the hands written back at the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import accumulate
from typing import Final

from conjure.games import HANDS, NUM_RANKS, GameState, unpack
from conjure_games.run_fast import PACKED, PASS, PLAYS, RANK, SHIFT, RunFast, RunFastVars, _settle


def play_random(
    game: RunFast, state: GameState[RunFastVars], pick: Callable[[], float], chance: random.Random
) -> int:
    """Random play to the end of the game (see :meth:`conjure.games.Game._play_random`): the
    same picks, the same actions recorded, the same end as the checked path. Chance acts only
    at the deal, before a player's turn, so ``chance`` is not drawn from."""
    v = state.vars
    zones = state.zones
    table = zones["table"]
    laid = len(table)
    n = game.num_players
    hands = [sum([PACKED[c] for c in zones[HANDS[p]]]) for p in range(n)]
    plays = list(v.plays)
    last, owner, opener = v.last, v.owner, v.opener
    me = state.current
    # each hand grouped by rank in the hand's order, where each rank begins, and how to
    # put the cards of a play back in the hand's order (None: the hand is sorted)
    grouped = [_grouped(zones[HANDS[p]], hands[p], opener) for p in range(n)]
    if opener >= 0:
        hands[me] -= PACKED[opener]
    parts_of = _PARTS
    history = state.history
    start = len(history)
    lead, follow = PLAYS.pick_lead, PLAYS.pick_follow
    while True:
        hand = hands[me]
        if last:
            action = follow(hand, last, pick())
        elif opener < 0:
            action = lead(hand, pick())
        else:
            action = PLAYS.pick_opening(hand + PACKED[opener], RANK[opener], pick())
        history.append(action)
        nxt = me + 1 if me + 1 < n else 0
        if action == PASS:
            if nxt == owner:
                last = 0
            me = nxt
            continue
        last = play = action >> SHIFT
        owner = me
        plays[me] += 1
        if opener >= 0:  # the first play: the opening card first, taken out already
            table.append(opener)
            play -= PACKED[opener]
            opener = -1
        hand -= play
        hands[me] = hand
        # the cards of the play: the first of each rank in the hand's order
        cards, begins, where = grouped[me]
        try:
            parts = parts_of[play]
        except KeyError:
            parts = _parts(play)
        if len(parts) == 1:
            r, k = parts[0]
            b = begins[r]
            table += cards[b : b + k]
            begins[r] = b + k
        else:
            taken = []
            for r, k in parts:
                b = begins[r]
                taken += cards[b : b + k]
                begins[r] = b + k
            taken.sort(key=where)
            table += taken
        if not hand:
            break
        me = nxt
    gone = set(table[laid:])
    for p in range(n):
        zones[HANDS[p]] = [c for c in zones[HANDS[p]] if c not in gone]
    v.last, v.owner, v.opener, v.plays = last, owner, opener, tuple(plays)
    _settle(state, me)
    return len(history) - start


def _parts(play: int) -> tuple[tuple[int, int], ...]:
    """(rank, count) of each rank in packed ``play``, lowest first (kept: plays repeat)."""
    # the ♠3 played alone leaves nothing to take after it: no parts
    got = _PARTS[play] = tuple((r, k) for r, k in enumerate(unpack(play)) if k)
    return got


_PARTS: dict[int, tuple[tuple[int, int], ...]] = {}


def _grouped(
    hand: list[int], packed: int, opener: int
) -> tuple[list[int], list[int], Callable[[int], int] | None]:
    """``hand`` (``packed``) grouped by rank in its order (``opener`` left out), where each
    rank begins, and the key that sorts cards back into the hand's order (None: the hand is
    sorted)."""
    cards = sorted(hand, key=RANK.__getitem__)
    if opener in hand:
        cards.remove(opener)
        packed -= PACKED[opener]
    begins = [0, *accumulate([packed >> s & 7 for s in _RANK_SHIFTS])]
    return cards, begins, None if hand == sorted(hand) else hand.index


_RANK_SHIFTS: Final = tuple(3 * r for r in range(NUM_RANKS))
