"""Deals traced by hand from the texts: a known deck is dealt (chance's outcomes chosen card by
card), named moves are made, and what the text's rules say happens is asserted. They hold the
rules of the games whose random playouts have a fast path; :func:`conjure.testing.check_game`
holds each fast path to the checked path these deals go through."""

from __future__ import annotations

from typing import Any

import pytest

from conjure.deck import Card
from conjure.games import Game, GameState
from conjure_games.goofspiel import CARRY, DISCARD, SPLIT, Goofspiel
from conjure_games.run_fast import RunFast


def codes(text: str) -> list[int]:
    return [Card(t).code for t in text.split()]


def dealt(game: Game[Any], top: str) -> GameState[Any]:
    """A new game whose chance draws ``top`` first, in that order, then the lowest card left,
    up to the first player's turn."""
    state = game.new_initial_state()
    wanted = codes(top)
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        card = next((c for c in wanted if c in outcomes), outcomes[0])
        if card in wanted:
            wanted.remove(card)
        state.apply_action(card)
    assert not wanted, f"not drawn: {wanted}"
    return state


def play(state: GameState[Any], name: str) -> None:
    """Make the legal move whose English name is ``name`` (or begins with it, when one does)."""
    names = {state.action_name(a): a for a in state.legal_actions()}
    if name in names:
        state.apply_action(names[name])
        return
    hits = [a for n, a in names.items() if n.startswith(name)]
    assert len(hits) == 1, f"{name!r} among {sorted(names)}"
    state.apply_action(hits[0])


def hand(state: GameState[Any], player: int) -> set[int]:
    return set(state.zones[f"hand{player}"])


# -- goofspiel (seed 003) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ties", "scores"),
    [(CARRY, (15.0, 13.0)), (SPLIT, (9.0, 19.0)), (DISCARD, (3.0, 13.0))],
    ids=["carry", "split", "discard"],
)
def test_goofspiel_three_diamonds_bid_for(ties: int, scores: tuple[float, float]) -> None:
    """[text] 在方块牌堆上翻起最上面的一张牌 … 高点投票赢得这张方块牌 … 请切记A在这个游戏中最低点
    (the top diamond is turned up, the higher bid takes it, the Ace lowest) … 两个游戏者各自的方块点
    加起来 (each adds up the diamonds won). The K♦ (13) goes to the 2 over the Ace; the Q♦ is tied
    by two 5s (假如说游戏者投标出同样点数的牌，那么这次投标得分相同: [assumed] carried to the
    next bid, or split, or set aside, by the option); the K♠ takes the 3♦."""
    s = dealt(Goofspiel(ties=ties), "KD")
    assert s.zones["prize"] == codes("KD")
    play(s, "A♠")
    play(s, "2♥")
    assert s.zones["won1"] == codes("KD") and s.vars.score == (0, 13)
    s.apply_action(Card("QD").code)  # chance turns up the Q♦
    play(s, "5♠")
    play(s, "5♥")
    assert s.zones["won0"] == [] and s.zones["won1"] == codes("KD")
    s.apply_action(Card("3D").code)
    play(s, "K♠")
    play(s, "4♥")
    assert s.vars.score == scores
    assert set(s.zones["won0"]) == set(codes("3D QD" if ties == CARRY else "3D"))
    assert set(s.zones["used"]) == set(codes("AS 2H 5S 5H KS 4H"))


# -- run-fast (seed 002) ------------------------------------------------------------------------

TWELVE = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"


def test_run_fast_the_spade_three_leads_and_a_hand_never_played_counts_double() -> None:
    """[text] 每盘由摸到黑桃3者先出，且一定要首先打出黑桃3这张牌 (the holder of the ♠3 leads, and
    his first play holds it); 顺子牌：要求5张或5张以上牌点连续的牌 (a straight: five or more in a
    row); 三同张可以搭另外两张任意的牌一同出 (a triple goes with two more cards); 每一张牌留在
    手中，即负一分 … 如果说某人一张未出，则要翻倍计负分 (−1 a card left, doubled for a player who
    played none; the winner gets the others' total). Player 1 leads 3 to A, player 2 cannot
    follow it, and player 1 goes out with 5 5 5 9 9."""
    s = dealt(RunFast(2), f"{TWELVE} 5H 5C 9H 9C 5D")
    assert hand(s, 0) == set(codes(f"{TWELVE} 5H 5C 9H 9C 5D"))
    assert s.current == 0
    for action in s.legal_actions():  # every opening play holds the ♠3
        trial = s.copy()
        trial.apply_action(action)
        assert Card("3S").code in trial.zones["table"]
    play(s, "3 4 5 6 7 8 9 10 J Q K A (straight of 12 to A)")
    assert [s.action_name(a) for a in s.legal_actions()] == ["pass"]
    play(s, "pass")
    play(s, "5 5 5 9 9")
    assert s.is_terminal()
    assert s.vars.score == (34, -34)  # 17 cards left, none played: doubled


def test_run_fast_whoever_holds_the_spade_three_leads_and_a_bomb_takes_a_straight() -> None:
    """[text] 炸弹：即四同张牌 … 可以吃任何牌 (four of a rank beat any play). Player 2 holds the
    ♠3 and leads with it; player 1's four Queens take the straight that follows."""
    first = "QS QH QC QD AH 2H 2C KH KC JH JC TH TC 9H 9C 8H 8C"
    s = dealt(RunFast(2), f"{first} 3S 4S 5S 6S 7S 3H 4H 5H 6H 7H 3C 4C 5C 6C 7C AC KD")
    assert s.current == 1
    play(s, "3 4 5 6 7 (straight of 5 to 7)")
    assert "Q Q Q Q (bomb of Q)" in [s.action_name(a) for a in s.legal_actions()]
    play(s, "Q Q Q Q (bomb of Q)")
    assert [s.action_name(a) for a in s.legal_actions()] == ["pass"]  # nothing beats it
    play(s, "pass")
    assert s.current == 0  # the bomb's owner leads again, any kind
    assert s.vars.last == 0
