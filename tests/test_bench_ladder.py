"""bench/ladder.py makes the bots its pairs name (a think factor, an exploration constant, a
rollout) and judges a game's row."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

import pytest

from conjure.games import NOBODY, TOP
from conjure.games.bots import ISMCTSBot, MonteCarloBot
from conjure.games.rollouts import FamilyRollout
from conjure.plugins.host import load_plugins


def test_a_pair_names_the_think_factor_and_the_exploration(
    bench_module: Callable[[str], ModuleType],
) -> None:
    bench = bench_module("ladder.py")
    plain = bench.bot("ismcts", 0.02)
    assert isinstance(plain, ISMCTSBot) and plain.exploration == ISMCTSBot().exploration
    tuned = bench.bot("ismcts@2~0.4", 0.02)
    assert isinstance(tuned, ISMCTSBot)
    assert tuned.exploration == 0.4 and tuned.seconds == pytest.approx(0.04)
    assert isinstance(bench.bot("mc", 0.02), MonteCarloBot)
    with pytest.raises(SystemExit, match="only ismcts"):
        bench.bot("mc~0.4", 0.02)
    game = load_plugins().games["avoid-hearts"]()
    rolled = bench.bot("ismcts+family@2", 0.02, game=game)
    assert isinstance(rolled, ISMCTSBot) and isinstance(rolled.rollout, FamilyRollout)
    assert rolled.seconds == pytest.approx(0.04)
    assert bench.bot("mc", 0.02, game=game).rollout is None
    with pytest.raises(SystemExit, match="unknown rollout"):
        bench.bot("mc+smart", 0.02, game=game)
    with pytest.raises(SystemExit, match="only a searching bot"):
        bench.bot("random+family", 0.02, game=game)


def test_a_verdict_reads_both_steps_and_both_yardsticks(
    bench_module: Callable[[str], ModuleType],
) -> None:
    bench = bench_module("ladder.py")
    up, even = (0.7, 0.6, 0.8), (0.5, 0.4, 0.6)
    steps = {("ismcts", "mc"): up, ("mc", "random"): up}
    assert bench.verdict(steps, 0.5) == "ismcts > mc > random"
    assert bench.verdict({("ismcts", "mc"): up}, 0.5) == ""
    assert bench.verdict({**steps, ("mc", "random"): even}, 0.5) == "mc > random not shown"
    flat = {**steps, ("ismcts", "mc"): even}
    # a missing yardstick is no evidence that the room is small
    assert bench.verdict({**flat, ("oracle", "mc"): even}, 0.5) == "ismcts > mc not shown"
    sticks = {("oracle", "mc"): even, ("mc@4", "mc"): (0.45, 0.3, 0.57)}
    room = "no measured room above mc (sight < 0.60, 4x time < 0.57)"
    assert bench.verdict({**flat, **sticks}, 0.5) == room
    for stick in sticks:
        roomy = {**flat, **sticks, stick: up}
        assert bench.verdict(roomy, 0.5) == "ismcts > mc not shown"
    # the oracle ahead: the seer parts knowing the hands from knowing the stock
    seen = {**flat, **sticks, ("oracle", "mc"): up}
    assert bench.verdict(seen, 0.5) == "ismcts > mc not shown"
    only = "room only in cards no seat sees (hands < 0.60, 4x time < 0.57)"
    assert bench.verdict({**seen, ("seer", "mc"): even}, 0.5) == only
    assert bench.verdict({**seen, ("seer", "mc"): up}, 0.5) == "ismcts > mc not shown"
    # the seer ahead is room even where the oracle's interval holds one half
    seer_only = {**flat, **sticks, ("seer", "mc"): up}
    assert bench.verdict(seer_only, 0.5) == "ismcts > mc not shown"
    longer = {**seen, ("seer", "mc"): even, ("mc@4", "mc"): up}
    assert bench.verdict(longer, 0.5) == "ismcts > mc not shown"
    # every deal even (no spread: the seats, not the bots, decided) is not ahead
    tied = {**flat, **sticks, ("oracle", "mc"): (0.5, 0.5, 0.5)}
    assert bench.verdict(tied, 0.5).startswith("no measured room above mc (sight < 0.50")
    # by the mean result even is 0: every pair above it there
    assert bench.verdict({**flat, **sticks}, 0.0) == "ismcts > mc > random"
    level = (0.0, -0.1, 0.1)
    assert bench.verdict({**flat, ("ismcts", "mc"): level}, 0.0) == "ismcts > mc not shown"
    # ismcts behind mc at 95% is said, whatever the yardsticks
    behind = {**flat, **sticks, ("ismcts", "mc"): (0.4, 0.33, 0.48)}
    assert bench.verdict(behind, 0.5) == "mc > random, ismcts behind mc"
    assert bench.verdict({**behind, ("mc", "random"): even}, 0.5) == "mc > random not shown"
    # an interval that ends at one half is not behind
    assert bench.verdict({**behind, ("ismcts", "mc"): (0.4, 0.3, 0.5)}, 0.5) == room
    chips = {**steps, ("ismcts", "mc"): (-2414.0, -4268.0, -560.0)}
    assert bench.verdict(chips, 0.0) == "mc > random, ismcts behind mc"


@pytest.mark.parametrize("game_id", ["sixty-six", "round-and-round"])
def test_the_seer_keeps_every_seats_cards_and_deals_the_stock_again(
    bench_module: Callable[[str], ModuleType], game_id: str
) -> None:
    bench = bench_module("ladder.py")
    game = load_plugins().games[game_id]()
    state = game.new_initial_state()
    chance = random.Random(3)
    while state.is_chance_node():
        state.sample_chance(chance)
    hidden = [z for z, rule in game.visibility.items() if rule == NOBODY and state.zones[z]]
    hidden += [z for z, rule in game.visibility.items() if rule == TOP and state.zones[z]]
    assert hidden, f"{game_id} deals a face-down stock"
    seer = bench.bot("seer", 0.02)
    orders = set()
    for seed in range(8):
        world = seer._dealer(state, state.current)(random.Random(seed))
        for zone, rule in game.visibility.items():
            cards = world.zones[zone]
            if rule in (NOBODY, TOP):
                top = 1 if rule == TOP else 0
                assert cards[:top] == state.zones[zone][:top]
                assert sorted(cards) == sorted(state.zones[zone])
            else:  # a hand, a trick, anything a seat sees: as it lies
                assert cards == state.zones[zone], zone
        orders.add(tuple(tuple(world.zones[z]) for z in hidden))
    assert len(orders) > 1


def test_the_seer_does_not_see_a_bid_sealed_this_round(
    bench_module: Callable[[str], ModuleType],
) -> None:
    """In goofspiel the bids are sealed: the seat bidding second must not see the first bid,
    or the seer's lead would be a look at a move, not a reading of the hands."""
    bench = bench_module("ladder.py")
    game = load_plugins().games["goofspiel"]()
    state = game.new_initial_state()
    chance = random.Random(5)
    while state.is_chance_node():
        state.sample_chance(chance)
    assert state.current == 0
    first = state.legal_actions()[3]
    state.apply_legal(first)
    assert state.current == 1 and state.zones["bid0"] == [first]
    held = sorted(state.zones["hand0"] + state.zones["bid0"])
    seer = bench.bot("seer", 0.02)
    bids = set()
    for seed in range(12):
        world = seer._dealer(state, 1)(random.Random(seed))
        assert sorted(world.zones["hand0"] + world.zones["bid0"]) == held
        assert len(world.zones["bid0"]) == 1
        assert world.zones["hand1"] == state.zones["hand1"]  # its own hand, as it lies
        bids.add(world.zones["bid0"][0])
    assert len(bids) > 1
    # the seat that bids first holds its own bid as it lies
    world = seer._dealer(state, 0)(random.Random(0))
    assert world.zones["bid0"] == [first]
    assert sorted(world.zones["hand1"]) == sorted(state.zones["hand1"])


def test_a_duel_at_fixed_budgets_repeats_exactly(
    bench_module: Callable[[str], ModuleType],
) -> None:
    bench = bench_module("ladder.py")
    game = bench.short_game(load_plugins().games["goofspiel"])
    runs = []
    for _ in range(2):
        budgets = {"ismcts": 8, "mc": 2}
        # by the mean result, which tells apart far more games than who held the best one
        runs.append(bench.duel(game, "ismcts", "mc", 3, 0.01, "mean", budgets=budgets))
        assert budgets == {"ismcts": 8, "mc": 2}  # given, so not timed again
    assert runs[0] == runs[1]
    # fresh deals: numbered on from an earlier run's, each the deal its number seeds
    later = bench.duel(game, "ismcts", "mc", 2, 0.01, "mean", budgets=budgets, first_deal=1)
    assert later == runs[0][1:]
    timed: dict[str, int] = {}
    bench.duel(game, "mc", "random", 1, 0.002, budgets=timed)
    assert set(timed) == {"mc"} and timed["mc"] >= 1  # random has no budget
    # four times the thought is four times the work: NAME@K is K times NAME's, timed once
    bench.duel(game, "ismcts+family@4~0.4", "mc", 1, 0.002, budgets=timed)
    assert timed["ismcts+family@4~0.4"] == 4 * timed["ismcts+family~0.4"]
    assert set(timed) == {"mc", "ismcts+family~0.4", "ismcts+family@4~0.4"}


def test_calibrating_fixes_a_searching_bots_budget(
    bench_module: Callable[[str], ModuleType],
) -> None:
    bench = bench_module("ladder.py")
    game = load_plugins().games["sixty-six"]()
    made = bench.bot("ismcts", 0.002, game=game)
    count = bench.calibrate(made, game, probes=2)
    assert count >= 1 and made.iterations == count and made.seconds is None
    seer = bench.bot("seer@2", 0.002, game=game)
    assert bench.calibrate(seer, game, probes=2) == seer.worlds and seer.seconds is None
    assert bench.calibrate(bench.bot("random", 0.002), game) is None
    assert bench.calibrate(MonteCarloBot(worlds=3), game) is None  # no time to buy with
    assert all(len(s.legal_actions()) > 1 for s in bench.positions(game, 5))
