"""Public knowledge from asking for cards: who asked whom for what and what came of it.

In the asking games (Go Fish and its cousins) every ask and every answer is heard by the whole
table, while the hands stay hidden. Two kinds of fact follow, and both are public:

- a card handed over is seen by everyone, so it is shown (:meth:`GameState.reveal`) wherever it
  lies afterwards;
- an honest "no" tells everyone that the seat holds none of the cards asked for, until it is
  seen to receive one. These denials live in ``state.vars['denied']`` (one bitmask of card codes
  per seat), and :func:`determinize` never deals a denied card back to its seat.

Where the rules let a player refuse falsely, a "no" is only what was said: record it in the ask
log, not as a denial. :func:`note_ask` keeps the last few asks in ``state.vars['asks']`` for the
table to read.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from conjure.games.api import Game, GameState

#: how many of the latest asks the public log keeps
LOG_LENGTH = 8


def start(state: GameState[Any], players: int) -> None:
    """Nothing denied, nothing asked: the start of a deal."""
    state.vars["denied"] = (0,) * players
    state.vars["asks"] = ()


def deny(state: GameState[Any], seat: int, cards: int) -> None:
    """``seat`` has said, truthfully, that it holds none of ``cards`` (a bitmask)."""
    denied = list(state.vars["denied"])
    denied[seat] |= cards
    state.vars["denied"] = tuple(denied)


def receive(state: GameState[Any], seat: int, cards: int) -> None:
    """``seat`` was seen to receive ``cards``: they are shown to everyone wherever they lie
    later, and a denial of them by ``seat`` no longer holds."""
    c = cards
    while c:
        low = c & -c
        state.reveal(low.bit_length() - 1)
        c ^= low
    denied = state.vars["denied"]
    if denied[seat] & cards:
        changed = list(denied)
        changed[seat] &= ~cards
        state.vars["denied"] = tuple(changed)


def note_ask(state: GameState[Any], asker: int, asked: int, what: str, got: int) -> None:
    """Add ``asker`` asked ``asked`` for ``what`` and got ``got`` cards to the public log."""
    log = (*state.vars.get("asks", ()), (asker, asked, what, got))
    state.vars["asks"] = log[-LOG_LENGTH:]


def ask_lines(state: GameState[Any]) -> list[str]:
    """The public log as sentences, oldest first."""
    out = []
    for asker, asked, what, got in state.vars.get("asks", ()):
        answer = f"got {got}" if got else "no"
        out.append(f"player {asker + 1} asked player {asked + 1} for {what}: {answer}")
    return out


def determinize(
    game: Game[Any],
    state: GameState[Any],
    player: int,
    rng: random.Random,
    seats: Mapping[str, int],
) -> GameState[Any]:
    """Like :meth:`Game.determinize`, but a hidden card is never dealt to a seat that has
    denied it. ``seats`` names the seat each hand zone belongs to; hidden cards elsewhere are
    unconstrained. The true deal satisfies every denial, so a deal always exists; it is found
    by random augmenting paths (Kuhn's matching), so every consistent deal can come up."""
    new = state.copy()
    new.history = []
    denied: Sequence[int] = state.vars.get("denied", ())
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
    return new
