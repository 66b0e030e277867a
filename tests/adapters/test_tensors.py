"""conjure.games.tensors: every installed game's slots are laid end to end and fit what its
states hold (a declared value is one of its values, a number a seat fits its row); a trick's
order is its order of play; a spelled move's ids show in the observation of the seat making
it."""

from __future__ import annotations

import random
from typing import Any

import attrs

from conjure.adapters.common import Table
from conjure.games import Game
from conjure.games.tensors import PUBLIC, Encoder, Recall


def test_the_slots_are_laid_end_to_end(game_cls: type[Game[Any]], quick: Any) -> None:
    encoder = Encoder(game_cls(None, **quick(game_cls)))
    at = 0
    for slot in encoder.describe(information_state=True):
        assert slot.start == at and slot.size > 0 and slot.what
        at += slot.size
    assert at == encoder.information_state_size > encoder.observation_size


def test_every_state_fits_the_slots(game_cls: type[Game[Any]], quick: Any) -> None:
    """Random games: each field with declared values holds one of them, each seat field a seat
    or -1, each tuple read one number a seat no more numbers than its slots."""
    game = game_cls(None, **quick(game_cls))
    encoder = Encoder(game)
    declared = {f.name: f.metadata for f in attrs.fields(game.vars_type)}
    kinds = {name: (kind, arg) for name, kind, arg in encoder.fields}
    rng = random.Random(7)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            for name, value in state.vars.__dict__.items():
                meta = declared[name]
                if "values" in meta:
                    assert value in meta["values"], (name, value)
                if meta.get("seat"):
                    assert -1 <= value < game.num_players, (name, value)
                kind, arg = kinds[name]
                if kind == "row":
                    assert len(value) <= arg, (name, value)
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply_legal(rng.choice(list(state.legal_actions())))
        out = [0.0] * encoder.information_state_size
        encoder.information_state(state, PUBLIC, Recall.empty(game.num_players), out)


def test_a_trick_is_given_in_the_order_it_was_played() -> None:
    from conjure_games.avoid_hearts import AvoidHearts

    game = AvoidHearts()  # four players: a trick holds two cards after two plays
    table = Table(game.new_initial_state(seed=3))
    encoder = Encoder(game)
    played = []
    for _ in range(2):
        code = min(table.state.legal_actions())
        played.append(code)
        table.apply_code(code)
    out = [0.0] * encoder.observation_size
    encoder.observation(table.state, 0, out)
    (order,) = [s for s in encoder.observation_slots if s.name == "zone.trick.order"]
    rows = [
        [c for c in range(54) if out[order.start + place * 54 + c]]
        for place in range(order.shape[0])
    ]
    assert rows == [[played[0]], [played[1]], [], []]


def test_a_spelled_move_shows_its_ids_to_the_seat_making_it() -> None:
    from conjure_games.ten_exchange import TenExchange

    game = TenExchange()
    table = Table(game.new_initial_state(seed=1))
    encoder = Encoder(game)
    spelt = min(table.spelt(), key=len)
    before = len(table.state.history)
    table.apply(spelt[0])  # the card played: a move of two ids at least, not made yet
    (move,) = [s for s in encoder.observation_slots if s.name == "move"]
    mine = [0.0] * encoder.observation_size
    encoder.observation(table.state, table.state.current, mine, table.move)
    assert [i for i in range(move.size) if mine[move.start + i]] == [spelt[0]]
    assert table.move == spelt[:1] and len(table.state.history) == before
