"""The bots: the sixty-six bot declares a won deal, equal values are broken at random, and
searching bots never look at hidden cards."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games.bots import ISMCTSBot, MonteCarloBot, RandomBot, _best
from conjure_games.sixty_six import DECLARE, SixtySix


def c(text: str) -> int:
    return Card(text).code


def won_position(seed: int, mine: int, theirs: int, their_tricks: int) -> object:
    """A deal of sixty-six in which the player on lead has ``mine`` points and has won the
    last trick; the other player has ``theirs`` in ``their_tricks`` tricks."""
    game = SixtySix()
    s = game.new_initial_state(seed)
    me = s.current
    s.vars.score = (mine, theirs) if me == 0 else (theirs, mine)
    s.vars.tricks = (3, their_tricks) if me == 0 else (their_tricks, 3)
    s.vars.extra = (mine - 0, theirs) if me == 0 else (theirs, mine)
    s.vars.won_last = True
    return s


@pytest.mark.parametrize(
    ("mine", "theirs", "their_tricks"),
    [(66, 40, 2), (70, 33, 2), (66, 20, 1), (80, 0, 0), (67, 50, 3)],
)
@pytest.mark.parametrize("bot", [MonteCarloBot(worlds=8), ISMCTSBot(iterations=100)])
def test_the_sixty_six_bot_declares_a_won_deal(
    mine: int, theirs: int, their_tricks: int, bot: object
) -> None:
    for seed in range(3):
        s = won_position(seed, mine, theirs, their_tricks)
        assert DECLARE in s.legal_actions()  # type: ignore[attr-defined]
        assert bot.choose(s, random.Random(seed)) == DECLARE  # type: ignore[attr-defined]


@pytest.mark.parametrize("bot", [MonteCarloBot(worlds=8), ISMCTSBot(iterations=100)])
def test_the_sixty_six_bot_does_not_declare_short_of_66(bot: object) -> None:
    s = won_position(1, 40, 20, 2)
    assert DECLARE in s.legal_actions()  # type: ignore[attr-defined]
    assert bot.choose(s, random.Random(1)) != DECLARE  # type: ignore[attr-defined]


def test_equal_values_are_broken_at_random() -> None:
    rng = random.Random(3)
    picks = {_best([1.0, 0.5, 1.0, 1.0], rng) for _ in range(60)}
    assert picks == {0, 2, 3}


def test_the_random_bot_picks_only_legal_actions() -> None:
    game = SixtySix()
    s = game.new_initial_state(2)
    for seed in range(20):
        assert RandomBot().choose(s, random.Random(seed)) in s.legal_actions()
