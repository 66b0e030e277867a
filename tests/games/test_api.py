"""The game API: explicit chance, replay from the history alone, saved states, and a
conformance kit that catches a broken core."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conjure.games import CHANCE, Game, GameError, GameState, SavedStateError
from conjure.games.api import sample
from conjure.games.bots import random_playout
from conjure.testing import check_game
from conjure.testing.game import check_state
from conjure_games.goofspiel import Goofspiel
from conjure_games.jack_high import JackHigh
from conjure_games.round_and_round import RoundAndRound
from conjure_games.sixty_six import SixtySix

GAMES = [SixtySix, Goofspiel, RoundAndRound, JackHigh]


def small(cls: type[Game[Any]]) -> Game[Any]:
    """A short match of each game, so that a test plays it to the end quickly."""
    options = {"sixty-six": {"target": 2}, "round-and-round": {"deals": 2}}
    return cls(**options.get(cls.id, {"target": 120} if cls is JackHigh else {}))


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.id)
def test_a_game_replays_exactly_from_its_history_alone(cls: type[Game[Any]]) -> None:
    game = small(cls)
    for seed in range(3):
        state = game.new_initial_state()
        random_playout(state, random.Random(seed))
        assert state.is_terminal()
        replayed = game.replay(state.history)
        assert replayed.to_json() == state.to_json()
        assert replayed.returns() == state.returns()


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.id)
def test_the_root_is_a_chance_node_with_equally_likely_cards(cls: type[Game[Any]]) -> None:
    game = cls()
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == CHANCE
    assert state.legal_actions() == ()
    outcomes = state.chance_outcomes()
    pool = 13 if cls is Goofspiel else len(game.all_cards())
    assert len(outcomes) == pool and {p for _, p in outcomes} == {1 / pool}
    with pytest.raises(GameError):
        state.apply_action(999)


def test_drawing_card_by_card_equals_the_sampled_fast_path() -> None:
    game = SixtySix()
    fast = game.new_initial_state()
    fast.sample_chance(random.Random(5))
    slow = game.new_initial_state()
    for card in fast.history:
        assert slow.is_chance_node()
        slow.apply_action(card)
    assert slow.to_json() == fast.to_json() and not slow.is_chance_node()


def test_a_partial_draw_card_by_card_equals_the_sampled_fast_path() -> None:
    """Some cards of a pool drawn (the rest left in order of their codes), either way."""
    game = SixtySix()
    for seed in range(5):
        fast = game.new_initial_state()
        fast.shuffle("deck", 7)
        fast.history.clear()
        fast.sample_chance(random.Random(seed))
        slow = game.new_initial_state()
        slow.shuffle("deck", 7)
        for card in fast.history:
            assert slow.is_chance_node()
            slow.apply_action(card)
        assert len(fast.history) == 7
        assert slow.zones == fast.zones and not slow.is_chance_node()


@pytest.mark.parametrize("k", [1, 5, 6, 12, 21, 22, 40])
def test_sample_draws_as_random_sample(k: int) -> None:
    for n in (k, k + 1, 52, 90, 300):
        for seed in range(3):
            mine, theirs = random.Random(seed), random.Random(seed)
            pool = list(range(100, 100 + n))
            drawn = sample(mine, pool, k)
            assert drawn == theirs.sample(range(100, 100 + n), k)
            assert sorted(pool + drawn) == list(range(100, 100 + n))  # pool: the rest
            assert mine.random() == theirs.random()


def test_a_seed_deals_the_same_game() -> None:
    game = JackHigh()
    assert game.new_initial_state(4).to_json() == game.new_initial_state(4).to_json()
    assert game.new_initial_state(4).to_json() != game.new_initial_state(5).to_json()


# -- saved states -------------------------------------------------------------------------------


def saved(game: Game[Any], seed: int = 1) -> dict[str, Any]:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(3):
        if state.is_chance_node():
            state.sample_chance(rng)
        state.apply_action(state.legal_actions()[0])
    return json.loads(json.dumps(state.to_json()))


def test_a_saved_state_restores_its_options_and_player_count() -> None:
    data = saved(SixtySix(target=3))
    state = SixtySix.load_state(data)
    assert state.game.option_values == {"target": 3} and state.game.num_players == 2
    assert state.to_json() == data


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda d: d.pop("vars"), "no field 'vars'"),
        (lambda d: d["vars"].pop("trump"), "vars has no field 'trump'"),
        (lambda d: d.update(options={"target": 5}), "written with options"),
        (lambda d: d.update(players=3), "written for 3 players"),
        (lambda d: d["zones"]["won0"].append(d["zones"]["stock"][0]), "is in two places"),
        (lambda d: d["zones"]["stock"].pop(), "is missing"),
        (lambda d: d.update(game="goofspiel"), "is not a sixty-six state"),
    ],
)
def test_a_broken_saved_state_is_refused_by_name(change: Any, needle: str) -> None:
    data = saved(SixtySix(target=3))
    change(data)
    with pytest.raises(SavedStateError, match=needle):
        SixtySix(target=3).state_from_json(data)


def test_load_state_names_a_missing_player_count() -> None:
    data = saved(Goofspiel())
    del data["players"]
    with pytest.raises(SavedStateError, match="no field 'players'"):
        Goofspiel.load_state(data)


# -- the kit catches a broken core ----------------------------------------------------------------


def test_the_kit_catches_a_face_up_stock_that_shows_every_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = GameState.sees

    def leaky(self: GameState[Any], player: int, zone: str, index: int, card: int) -> bool:
        return zone == "stock" or original(self, player, zone, index, card)

    monkeypatch.setattr(GameState, "sees", leaky)
    with pytest.raises(AssertionError, match="hidden"):
        check_game(RoundAndRound(deals=1), seeds=range(2))


def test_the_kit_catches_to_json_that_forgets_revealed_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = GameState.to_json

    def forgetful(self: GameState[Any]) -> dict[str, Any]:
        data = original(self)
        data["known"] = {}
        return data

    monkeypatch.setattr(GameState, "to_json", forgetful)
    with pytest.raises(AssertionError, match="JSON round trip"):
        check_game(SixtySix(target=1), seeds=range(3))


def test_the_kit_catches_a_json_round_trip_that_loses_the_player_to_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = Game.state_from_json

    def wrong(self: Game[Any], data: Any) -> GameState[Any]:
        state = original(self, data)
        if state.current >= 0:
            state.current = 1 - state.current
        return state

    monkeypatch.setattr(Game, "state_from_json", wrong)
    with pytest.raises(AssertionError, match="JSON round trip"):
        check_state(Goofspiel(), Goofspiel().new_initial_state(1), "start")
