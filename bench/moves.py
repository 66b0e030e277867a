"""Primitive moves per second on the fast path, on a 52-card packet.

A mixed cycle of complete cut, turnover, peel, insert and out-faro is run by ``move.run_unchecked``
(no checks, no history) and by ``DeckState.push_unchecked`` (no checks, undo history kept, the
history cleared every 1,000 moves so memory stays flat). One core; the rates are per second
of CPU time used by this process, so that a busy machine slows the count less.

    python bench/moves.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import time

from conjure.deck import CompleteCut, DeckState, Faro, Insert, Move, Peel, TurnOver, new_deck_order

CYCLE: tuple[Move, ...] = (
    CompleteCut("left", 17),
    TurnOver("left"),
    Peel("left", "right"),
    Insert("right", "left", 26),
    Faro("left"),
    CompleteCut("left", 30),
    Faro("left", out=False),
    Peel("left", "right", 3),
    Insert("right", "left", 10, n=3),
    TurnOver("left"),
)


def run_plain(seconds: float) -> float:
    state = DeckState.from_cards("left", new_deck_order())
    cycle = CYCLE * 100
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for move in cycle:
            move.run_unchecked(state)
        done += len(cycle)
    elapsed = time.process_time() - start
    assert len(state.packet("left")) == 52
    return done / elapsed


def run_with_history(seconds: float) -> float:
    state = DeckState.from_cards("left", new_deck_order())
    start_text = state.text()
    cycle = CYCLE * 100
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        push = state.push_unchecked
        for move in cycle:
            push(move)
        done += len(cycle)
        state.clear_stack()
    elapsed = time.process_time() - start
    for move in CYCLE:
        state.push_unchecked(move)
    for _ in CYCLE:
        state.pop()
    assert len(state.packet("left")) == 52 and start_text
    return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    plain = run_plain(args.seconds)
    history = run_with_history(args.seconds)
    print(f"fast path, no history   : {plain:>12,.0f} moves/s")
    print(f"fast path, undo history : {history:>12,.0f} moves/s")


if __name__ == "__main__":
    main()
