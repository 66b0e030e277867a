"""Public knowledge from asking for cards: who asked whom for what and what came of it.

In the asking games (Go Fish and its cousins) every ask and every answer is heard by the whole
table, while the hands stay hidden. Two kinds of fact follow, and both are public:

- a card handed over is seen by everyone, so it is shown (:meth:`GameState.reveal`) wherever it
  lies afterwards;
- an honest "no" tells everyone that the seat holds none of the cards asked for, until it is
  seen to receive one. These denials live in ``state.vars.denied`` (one bitmask of card codes
  per seat), and :func:`determinize` never deals a denied card back to its seat.

An ask tells something too where the rules say what may be asked: an asker who must hold a
card of the rank he asks for is known to hold one. These claims live in ``state.vars.holds``
(one bitmask of ranks per seat, :func:`claim`), and :func:`determinize` deals each claiming
seat a card of every rank it claims; a claim lapses when its seat gives a card of the rank
away (:func:`unclaim`: he may have had only that one) or the rank is laid down.

Where the rules let a player refuse falsely, a "no" is only what was said: record it in the ask
log, not as a denial. :func:`note_ask` keeps the last few asks in ``state.vars.asks`` for the
table to read. A game that uses them declares its vars with :class:`AskVars` (``denied``
and ``asks``) among its bases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from conjure.games.api import Game, GameState, Vars

#: how many of the latest asks the public log keeps
LOG_LENGTH = 8


@attrs.define(slots=False)
class AskVars(Vars):
    """The public record of asking: ``denied`` (per seat, the cards it has truthfully said it
    does not hold), ``asks`` (the latest asks: asker, asked, what, cards got) and ``holds``
    (per seat, the ranks it is known to hold)."""

    denied: tuple[int, ...] = ()
    asks: tuple[tuple[int, int, int, int], ...] = ()
    #: per seat, the ranks (bit r) it is known to hold at least one card of
    holds: tuple[int, ...] = ()


def start(state: GameState[Any], players: int) -> None:
    """Nothing denied, nothing asked: the start of a deal."""
    state.vars.denied = (0,) * players
    state.vars.asks = ()
    state.vars.holds = (0,) * players


def claim(state: GameState[Any], seat: int, rank: int) -> None:
    """``seat`` is known to hold a card of ``rank`` (he asked for one, as only a holder may)."""
    holds = state.vars.holds
    if not holds[seat] >> rank & 1:
        changed = list(holds)
        changed[seat] |= 1 << rank
        state.vars.holds = tuple(changed)


def unclaim(state: GameState[Any], rank: int, seat: int | None = None) -> None:
    """``seat`` (or every seat, when ``None``: the rank was laid down) may no longer hold a card
    of ``rank``."""
    holds = state.vars.holds
    bit = 1 << rank
    if seat is None:
        if any(h & bit for h in holds):
            state.vars.holds = tuple(h & ~bit for h in holds)
    elif holds[seat] & bit:
        changed = list(holds)
        changed[seat] &= ~bit
        state.vars.holds = tuple(changed)


def deny(state: GameState[Any], seat: int, cards: int) -> None:
    """``seat`` has said, truthfully, that it holds none of ``cards`` (a bitmask)."""
    denied = list(state.vars.denied)
    denied[seat] |= cards
    state.vars.denied = tuple(denied)


def receive(state: GameState[Any], seat: int, cards: int) -> None:
    """``seat`` was seen to receive ``cards``: they are shown to everyone wherever they lie
    later, and a denial of them by ``seat`` no longer holds."""
    c = cards
    while c:
        low = c & -c
        state.reveal(low.bit_length() - 1)
        c ^= low
    denied = state.vars.denied
    if denied[seat] & cards:
        changed = list(denied)
        changed[seat] &= ~cards
        state.vars.denied = tuple(changed)


def note_ask(state: GameState[Any], asker: int, asked: int, what: int, got: int) -> None:
    """Add ``asker`` asked ``asked`` for ``what`` (a card or a rank, as the game reads it) and
    got ``got`` cards to the public log."""
    log = state.vars.asks
    if len(log) >= LOG_LENGTH:
        log = log[1:]
    state.vars.asks = (*log, (asker, asked, what, got))


def ask_lines(state: GameState[Any], read: Callable[[int], str] = str) -> list[str]:
    """The public log as sentences, oldest first; ``read`` says what was asked for."""
    out = []
    for asker, asked, what, got in state.vars.asks:
        answer = f"got {got}" if got else "no"
        out.append(f"player {asker + 1} asked player {asked + 1} for {read(what)}: {answer}")
    return out


def determinize(
    game: Game[Any],
    state: GameState[Any],
    player: int,
    rng: random.Random,
    seats: Mapping[str, int],
    most_of_a_rank: int = 4,
) -> GameState[Any]:
    """Like :meth:`Game.determinize`, but a hidden card is never dealt to a seat that has
    denied it. ``seats`` names the seat each hand zone belongs to; hidden cards elsewhere are
    unconstrained. The true deal satisfies every denial, so a deal always exists; it is found
    by random augmenting paths (Kuhn's matching), so every consistent deal can come up.

    ``most_of_a_rank=3`` is for games where a quartet is laid down the moment it is whole
    (everyone knows no hand holds one): a deal that gives a seat four of a rank is mended by
    swapping hidden cards between seats, within the denials."""
    new = state.copy()
    new.history = []
    denied: Sequence[int] = getattr(state.vars, "denied", ())
    slots: list[tuple[list[int], int, int]] = []  # (zone list, index, forbidden mask)
    hidden: list[int] = []
    for zone, cards in new.zones.items():
        seat = seats.get(zone)
        forbidden = denied[seat] if seat is not None and seat < len(denied) else 0
        for i, c in enumerate(cards):
            if not new.sees(player, zone, i, c):
                slots.append((cards, i, forbidden))
                hidden.append(c)
    if not slots:
        return new
    hidden.sort()
    rng.shuffle(hidden)
    order = list(range(len(slots)))
    owner: list[int | None] = [None] * len(slots)  # slot -> index into hidden

    def place(h: int, seen: set[int]) -> bool:
        card = hidden[h]
        rng.shuffle(order)
        for s in list(order):
            if s in seen or slots[s][2] >> card & 1:
                continue
            seen.add(s)
            if owner[s] is None or place(owner[s], seen):  # type: ignore[arg-type]
                owner[s] = h
                return True
        return False

    for h in range(len(hidden)):
        # a free slot that allows the card first (cheap, nearly always enough), then a path
        free = [
            s for s in range(len(slots)) if owner[s] is None and not slots[s][2] >> hidden[h] & 1
        ]
        if free:
            owner[free[int(rng.random() * len(free))]] = h
        elif not place(h, set()):
            raise AssertionError("the denials admit no deal: they contradict the cards")
    for s, (cards, i, _) in enumerate(slots):
        cards[i] = hidden[owner[s]]  # type: ignore[index]
    if most_of_a_rank < 4:
        _mend(new, slots, seats, most_of_a_rank, rng)
    holds: Sequence[int] = getattr(state.vars, "holds", ())
    if any(holds):
        _supply(new, slots, seats, holds, most_of_a_rank, rng)
    return new


def _supply(
    state: GameState[Any],
    slots: list[tuple[list[int], int, int]],
    seats: Mapping[str, int],
    holds: Sequence[int],
    most: int,
    rng: random.Random,
) -> None:
    """Swap hidden cards between seats so that each seat holds a card of every rank it is
    known to hold, within the denials, breaking no other claim and giving no seat more than
    ``most`` of a rank (as far as such swaps can)."""
    seat_of = {id(state.zones[z]): p for z, p in seats.items()}
    slot_seat = [seat_of.get(id(cards), -1) for cards, _, _ in slots]
    n = max(seats.values(), default=-1) + 1
    counts = [[0] * 13 for _ in range(n)]
    for z, p in seats.items():
        for c in state.zones[z]:
            if c < 52:
                counts[p][c % 13] += 1

    def spare(seat: int, rank: int) -> bool:
        """Whether ``seat`` may give up a card of ``rank`` and keep its claims."""
        return seat < 0 or not holds[seat] >> rank & 1 or counts[seat][rank] > 1

    for p in range(min(n, len(holds))):
        for r in range(13):
            if not holds[p] >> r & 1 or counts[p][r]:
                continue
            mine = [k for k, seat in enumerate(slot_seat) if seat == p]
            options = []
            for j, (cards_j, i_j, forbid_j) in enumerate(slots):
                a, s = cards_j[i_j], slot_seat[j]
                if s == p or a >= 52 or a % 13 != r or not spare(s, r):
                    continue
                for k in mine:
                    cards_k, i_k, forbid_k = slots[k]
                    b = cards_k[i_k]
                    if forbid_k >> a & 1 or forbid_j >> b & 1 or b % 13 == r:
                        continue
                    if b < 52 and not spare(p, b % 13):
                        continue
                    if b < 52 and s >= 0 and counts[s][b % 13] >= most:
                        continue
                    options.append((j, k))
            if not options:
                continue  # no swap keeps every other fact: leave the deal as it is
            j, k = options[int(rng.random() * len(options))]
            cards_j, i_j, _ = slots[j]
            cards_k, i_k, _ = slots[k]
            a, b, s = cards_j[i_j], cards_k[i_k], slot_seat[j]
            cards_j[i_j], cards_k[i_k] = b, a
            counts[p][r] += 1
            if s >= 0:
                counts[s][r] -= 1
            if b < 52:
                counts[p][b % 13] -= 1
                if s >= 0:
                    counts[s][b % 13] += 1


def _mend(
    state: GameState[Any],
    slots: list[tuple[list[int], int, int]],
    seats: Mapping[str, int],
    most: int,
    rng: random.Random,
) -> None:
    """Swap hidden cards between seats until no seat holds more than ``most`` of a rank."""
    seat_of = {id(state.zones[z]): p for z, p in seats.items()}
    slot_seat = [seat_of.get(id(cards), -1) for cards, _, _ in slots]
    n = max(seats.values(), default=-1) + 1
    counts = [[0] * 13 for _ in range(n)]
    for z, p in seats.items():
        for c in state.zones[z]:
            if c < 52:
                counts[p][c % 13] += 1
    for _ in range(4 * len(slots)):
        bad = [
            k
            for k, (cards, i, _) in enumerate(slots)
            if slot_seat[k] >= 0 and cards[i] < 52 and counts[slot_seat[k]][cards[i] % 13] > most
        ]
        if not bad:
            return
        k = bad[int(rng.random() * len(bad))]
        cards_k, i_k, forbid_k = slots[k]
        a, p = cards_k[i_k], slot_seat[k]
        options = []
        for j, (cards_j, i_j, forbid_j) in enumerate(slots):
            q = slot_seat[j]
            b = cards_j[i_j]
            if q == p or forbid_j >> a & 1 or forbid_k >> b & 1 or b % 13 == a % 13:
                continue
            if q >= 0 and counts[q][a % 13] >= most:
                continue
            if b < 52 and counts[p][b % 13] >= most:
                continue
            options.append(j)
        if not options:
            return  # nothing to swap with: leave the deal as it is
        j = options[int(rng.random() * len(options))]
        cards_j, i_j, _ = slots[j]
        b, q = cards_j[i_j], slot_seat[j]
        cards_k[i_k], cards_j[i_j] = b, a
        counts[p][a % 13] -= 1
        if q >= 0:
            counts[q][a % 13] += 1
        if b < 52:
            counts[p][b % 13] += 1
            if q >= 0:
                counts[q][b % 13] -= 1
