"""Verification speed of the shipped routines, each beside its move floor.

For each routine, in one process, on one core (CPU seconds of this process):

- the verification as ``conjure verify`` makes it (merging, shuffles card by card, the odds);
- the same walk without merging, where that finishes;
- the *move floor*: the primitive moves the verification made, at this machine's rate of
  primitive moves (measured here first, on the same cycle as ``bench/moves.py``): the time the
  moves alone would take, so that ``× floor`` is what the verifier costs on top of them.

Then the size of the Gilbreath proofs as the deck grows (situations and proof table, for 8 to
52 cards), to show how a proof grows with the deck.

    python bench/routines.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from conjure.deck import DeckState, new_deck_order
from conjure.magic import verify
from conjure.magic.performance import Performance
from conjure_routines import courting_kings, each_gets_two, gilbreath
from moves import CYCLE  # the move floor cycles the moves bench/moves.py times

SHIPPED: list[tuple[str, Any, dict[str, int], bool]] = [
    # name, routine, parameters, walk it unmerged too
    ("courting-kings", courting_kings.ROUTINE, {}, True),
    ("each-gets-two rounds=1", each_gets_two.ROUTINE, {"rounds": 1}, False),
    ("each-gets-two rounds=2 (refuted)", each_gets_two.ROUTINE, {"rounds": 2}, False),
    ("gilbreath 16 cards", gilbreath.ROUTINE, {"pairs": 8}, False),
    ("gilbreath 52 cards", gilbreath.ROUTINE, {"pairs": 26}, False),
    ("gilbreath-suits 16 cards", gilbreath.SUITS, {"quartets": 4}, False),
    ("gilbreath-suits 52 cards", gilbreath.SUITS, {"quartets": 13}, False),
]
QUICK = [SHIPPED[0], SHIPPED[3], SHIPPED[4]]


def moves_per_second(seconds: float = 1.0) -> float:
    state = DeckState.from_cards("left", new_deck_order())
    cycle = CYCLE * 100
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for move in cycle:
            move.run_unchecked(state)
        done += len(cycle)
    return done / (time.process_time() - start)


class Counted:
    """Counts the moves every performance makes while it is active."""

    def __init__(self) -> None:
        self.moves = 0
        self._original = Performance._make_moves

    def __enter__(self) -> Counted:
        original, counted = self._original, self

        def make(perf: Performance, moves: Any, purpose: int, secret: bool) -> None:
            counted.moves += len(moves)
            original(perf, moves, purpose, secret)

        Performance._make_moves = make  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Performance._make_moves = self._original  # type: ignore[method-assign]


def timed(call: Any) -> tuple[Any, float]:
    cpu = time.process_time()
    result = call()
    return result, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="three routines only")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rate = moves_per_second()
    print(f"primitive moves: {rate:,.0f}/s on this machine\n")
    for name, routine, params, plain in QUICK if args.quick else SHIPPED:
        with Counted() as counted:
            report, cpu = timed(lambda r=routine, p=params: verify(r, p, workers=1))
        floor = counted.moves / rate
        print(f"{name}: {report.verdict}, {report.cases:.4g} cases")
        print(
            f"  verify: {cpu * 1000:,.1f} ms CPU; {counted.moves:,} moves, floor "
            f"{floor * 1000:,.1f} ms, {cpu / floor:,.1f}× floor; {report.runs:,} performances, "
            f"{report.states:,} situations, {report.merged:,} merged"
        )
        if plain:
            with Counted() as counted:
                unmerged, cpu = timed(lambda r=routine, p=params: verify(r, p, merge=False))
            assert unmerged.verdict == report.verdict and unmerged.cases == report.cases
            print(
                f"  unmerged: {cpu * 1000:,.1f} ms CPU; {counted.moves:,} moves, "
                f"{cpu / (counted.moves / rate):,.1f}× floor"
            )
    print("\nthe Gilbreath proof as the deck grows (situations; proof table)")
    for pairs in (4, 8, 13, 16, 20, 26):
        report, cpu = timed(lambda n=pairs: verify(gilbreath.ROUTINE, {"pairs": n}, workers=1))
        assert report.proved
        print(
            f"  {2 * pairs:>2} cards: {report.states:>7,} situations, proof size "
            f"{report.proof_size:>6,}, {report.runs:>5,} performances, {cpu:.2f} s CPU"
        )


if __name__ == "__main__":
    main()
