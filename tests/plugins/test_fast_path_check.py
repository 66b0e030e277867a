"""A third-party game's fast random playout is held to its checked path by ``check_game``: the
conformance kit that a plugin's author runs fails when the fast path changes one rule, at the
option value or the player count where that rule shows, and names where the two paths part."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from conjure.plugins.host import load_plugins
from conjure.testing import check_game

#: a toy game: every seat plays its four cards to the table one at a time, each card scoring
#: its rank (0-3), a card of rank 3 scoring ``bonus`` more; the fast path is in its own module
TOY_GAME = """
    import attrs

    from conjure.games import ALL, HANDS, NOBODY, TERMINAL, Game, GameState, Option, Vars, win_loss


    @attrs.define(slots=False)
    class ToyVars(Vars):
        score: tuple[int, ...] = ()


    def points(card: int, bonus: int) -> int:
        return card % 4 + (bonus if card % 4 == 3 else 0)


    class Toy(Game[ToyVars]):
        id = "toy-fast"
        name_en = "Toy with a fast path"
        name_zh = "玩具"
        source = "test"
        players = (2, 3)
        vars_type = ToyVars
        options = (Option("bonus", 0, 0, 2),)

        def _zones(self):
            zones = {"deck": NOBODY, "table": ALL}
            zones.update({HANDS[p]: p for p in range(self.num_players)})
            return zones

        def _all_cards(self):
            return list(range(4 * self.num_players))

        def _deal(self, state):
            state.zones["deck"] = self.all_cards()
            state.vars.score = (0,) * self.num_players
            state.shuffle("deck")

        def _after_chance(self, state, zone):
            deck = state.zones["deck"]
            for i, card in enumerate(deck):
                state.zones[HANDS[i % self.num_players]].append(card)
            deck.clear()
            state.current = 0

        def _legal_actions(self, state):
            return state.zones[HANDS[state.current]]

        def _apply_action(self, state, action):
            me = state.current
            state.move(action, HANDS[me], "table")
            score = list(state.vars.score)
            score[me] += points(action, self.option_values["bonus"])
            state.vars.score = tuple(score)
            n = self.num_players
            state.current = TERMINAL if len(state.zones["table"]) == 4 * n else (me + 1) % n

        def _returns(self, state):
            return win_loss(state.vars.score)

        def most_moves(self):
            return 4 * self.num_players

        def _play_random(self, state, pick, chance):
            from toy_fast import play_random

            return play_random(self, state, pick, chance)
"""

#: the fast path: the same rules in one loop
TOY_FAST = """
    from conjure.games import HANDS, TERMINAL


    def play_random(game, state, pick, chance):
        n = game.num_players
        bonus = game.option_values["bonus"]
        table = state.zones["table"]
        score = list(state.vars.score)
        me = state.current
        moves = 0
        while me != TERMINAL:
            hand = state.zones[HANDS[me]]
            card = hand[int(pick() * len(hand))]
            state.history.append(card)
            hand.remove(card)
            table.append(card)
            score[me] += card % 4 + (bonus if card % 4 == 3 else 0)
            moves += 1
            me = TERMINAL if len(table) == 4 * n else (me + 1) % n
        state.vars.score = tuple(score)
        state.current = TERMINAL
        return moves
"""

#: one rule changed in the fast path: (what is planted, where check_game must find it)
PLANTED = [
    # the bonus doubled: shows only when the option is set away from its default
    (
        ("(bonus if card % 4 == 3 else 0)", "(2 * bonus if card % 4 == 3 else 0)"),
        r"toy-fast \(2 players, bonus=2\).*another 'vars': score",
    ),
    # the turn passing between two seats only: shows only with three players
    (
        ("else (me + 1) % n", "else (me + 1) % 2"),
        r"toy-fast \(3 players, bonus=0\).* at action \d+",
    ),
    # the last card of a hand left unplayed: the game ends early
    (
        ("len(table) == 4 * n else", "len(table) == 4 * n - 1 else"),
        r"toy-fast \(2 players, bonus=0\).* at action \d+ \(checked \d+, fast None\)",
    ),
]


@pytest.fixture
def toy(install: Callable[..., Path]) -> Callable[[str], type]:
    """Install the toy plugin with a fast path (``fast``, its source) and return its game."""

    def installed(fast: str) -> type:
        plugin = """
            from conjure import hookimpl
            from toy_game import Toy

            @hookimpl
            def register_games(register):
                register(Toy)
        """
        install(
            {"toy": "toy_plugin"},
            {"toy_plugin": plugin, "toy_game": TOY_GAME, "toy_fast": fast},
            name=f"toy-{abs(hash(fast))}",
        )
        games = load_plugins().games
        return games["toy-fast"]

    return installed


def test_a_plugins_true_fast_path_passes_and_is_taken(toy: Callable[[str], type]) -> None:
    game = toy(TOY_FAST)()
    assert game.fast_playout
    assert check_game(game, seeds=range(3), bot_checks=0) > 0


@pytest.mark.parametrize(("plant", "where"), PLANTED, ids=["option", "players", "ending"])
def test_a_fast_path_with_one_rule_changed_fails_check_game(
    toy: Callable[[str], type], plant: tuple[str, str], where: str
) -> None:
    old, new = plant
    assert TOY_FAST.count(old) == 1
    game = toy(TOY_FAST.replace(old, new))()  # the default game, as a plugin's author runs it
    with pytest.raises(AssertionError) as failed:
        check_game(game, seeds=range(3), bot_checks=0)
    assert re.search(where, str(failed.value)), str(failed.value)
