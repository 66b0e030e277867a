"""The worlds a bot deals and the keys of its search's information sets, held to their
definitions in every game: a world deals again exactly the cards the seat cannot see (read
card by card with :meth:`GameState.sees`), the same numbers drawn as ``rng.shuffle`` draws;
a key lists for the player to move what both that player and the searching seat can see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from conjure.cli.common import registry
from conjure.games import ALL, TOP, GameState
from conjure.games.bots import _InfoKey, random_playout
from conjure.games.inference import deal

GAMES = sorted(registry().games)


def positions(gid: str, count: int = 8) -> list[GameState[Any]]:
    """Positions of ``gid`` at a player's turn, some way into random play (cards shown,
    voids seen), each game at its smallest and largest table."""
    cls = registry().game(gid)
    out = []
    for players in sorted({min(cls.players), max(cls.players)}):
        game = cls(players)
        for seed in range(count):
            state = game.new_initial_state()
            random_playout(state, random.Random(seed), most=3 * seed)
            if state.current >= 0:
                out.append(state)
    return out


def reference_world(state: GameState[Any], me: int, rng: random.Random) -> GameState[Any]:
    """The definition of :meth:`Game.determinize`, card by card."""
    game = state.game
    facts = game.world_facts(state)
    new = state.copy()
    slots: dict[str, list[tuple[list[int], int]]] = {}
    hidden: dict[str, list[int]] = {}
    where: dict[str, list[str]] = {}
    shown: dict[str, list[int]] = {}
    for zone, cards in new.zones.items():
        pool = game.pools.get(zone, "")
        for i, c in enumerate(cards):
            if state.sees(me, zone, i, c):
                shown.setdefault(zone, []).append(c)
            else:
                slots.setdefault(pool, []).append((cards, i))
                hidden.setdefault(pool, []).append(c)
                where.setdefault(pool, []).append(zone)
    for pool in sorted(hidden):
        cards_ = sorted(hidden[pool])
        dealt = deal(cards_, where[pool], facts, shown, rng) if facts else None
        if dealt is None:
            rng.shuffle(cards_)
            dealt = cards_
        for (zone_cards, i), c in zip(slots[pool], dealt, strict=True):
            zone_cards[i] = c
    return new


def reference_key(world: GameState[Any], me: int, p: int) -> tuple[Any, ...]:
    """The definition of :class:`_InfoKey`: a zone both see by its cards; any other by the
    cards both see in their places (-1 elsewhere), or by its size when they see none."""
    parts: list[Any] = [p]
    for zone, rule in world.game.visibility.items():
        cards = world.zones[zone]
        if rule == ALL or (rule == p and rule == me):
            parts.append(tuple(cards))
            continue
        both = tuple(
            c
            if (rule == TOP and i == 0)
            or (world.sees(p, zone, i, c) and world.sees(me, zone, i, c))
            else -1
            for i, c in enumerate(cards)
        )
        parts.append(both if any(c >= 0 for c in both) else len(cards))
    parts.append(tuple(world.vars.__dict__.values()))
    return tuple(parts)


@pytest.mark.parametrize("gid", GAMES)
def test_a_world_is_the_definitions_deal(gid: str) -> None:
    for k, state in enumerate(positions(gid)):
        me = state.current
        world = state.game.determinize(state, me, random.Random(k))
        expected = reference_world(state, me, random.Random(k))
        assert world.zones == expected.zones, (gid, k)


@pytest.mark.parametrize("gid", GAMES)
def test_a_dealer_deals_the_definitions_worlds_one_after_another(gid: str) -> None:
    for k, state in enumerate(positions(gid, 4)):
        me = state.current
        before = state.to_json()
        new_world = state.game.dealer(state, me)
        ours, theirs = random.Random(k), random.Random(k)
        for _ in range(3):  # (each world from where the last left the source)
            world = new_world(ours)
            expected = reference_world(state, me, theirs)
            assert world.zones == expected.zones, (gid, k)
            assert world.known == expected.known and world.vars == expected.vars, (gid, k)
            assert world.history == [] and not world.watched, (gid, k)
            world.zones[next(iter(world.zones))].clear()  # a world is the caller's own
        assert state.to_json() == before, gid  # the state itself untouched
        assert ours.random() == theirs.random(), gid  # the same numbers drawn


def test_a_game_that_deals_its_own_worlds_is_asked_for_each() -> None:
    state = positions("sixty-six", 3)[-1]
    game = state.game
    asked: list[int] = []

    def own(state: GameState[Any], player: int, rng: random.Random) -> GameState[Any]:
        asked.append(player)
        return state.copy()

    kind = type(game)
    game.__class__ = type("OwnWorlds", (kind,), {"determinize": staticmethod(own)})
    try:
        new_world = game.dealer(state, state.current)
        worlds = [new_world(random.Random(0)) for _ in range(2)]
    finally:
        game.__class__ = kind
    assert asked == [state.current] * 2 and worlds[0].zones == state.zones
    game.determinize = own  # type: ignore[method-assign]  # (one game, not its kind)
    try:
        game.dealer(state, state.current)(random.Random(0))
    finally:
        del game.determinize
    assert len(asked) == 3


@pytest.mark.parametrize("gid", GAMES)
def test_a_key_lists_what_both_seats_see(gid: str) -> None:
    checked = 0
    for k, state in enumerate(positions(gid)):
        game = state.game
        me = state.current
        world = game.determinize(state, me, random.Random(k))
        key = _InfoKey(game, me)
        # and the same world with a zone whose top card a rule turns up shown no other way
        bare = world.copy()
        for zone, rule in game.visibility.items():
            if rule == TOP:
                for c in bare.zones[zone]:
                    bare.known.pop(c, None)
        if not bare.known:  # (a key reads a table where nothing was shown another way)
            bare.known[-1] = 0
        for w in (world, bare):
            for p in range(game.num_players):
                assert key(w, p) == reference_key(w, me, p), (gid, k, p)
                checked += 1
    assert checked
