"""Ask for cards (普通讨牌): the deal for four to eight, asking anyone, +2 a quartet, the fines
for a false 'none' and for cards left, a lie hidden from the table until proved, conformance."""

from __future__ import annotations

import io
import math
import random

import pytest
from rich.console import Console

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.games.bots import random_playout
from conjure.testing import check_game
from conjure.view.play import play_game
from conjure_games import ask_for_cards
from conjure_games.ask_for_cards import (
    ASK,
    NONE,
    AskForCards,
    AskForCardsVars,
)


def c(text: str) -> int:
    return Card(text).code


def ask(game: AskForCards, target: int, rank: str) -> int:
    return ASK + target * 13 + "A23456789TJQK".index(rank)


def position(game: AskForCards, *texts: str, current: int = 0) -> GameState[AskForCardsVars]:
    """A position with the given hands (every other card of the game already down in player
    1's quartets)."""
    s = game.new_initial_state(0)
    for zone, cards in s.zones.items():
        if zone != "removed":
            cards.clear()
    held: set[int] = set()
    for p, text in enumerate(texts):
        s.zones[f"hand{p}"] = sorted(c(t) for t in text.split())
        held |= set(s.zones[f"hand{p}"])
    rest = [x for x in range(52) if x not in held and x not in s.zones["removed"]]
    s.zones["quartets0"] = rest
    n = game.num_players
    s.vars.score = (2 * (len(rest) // 4),) + (0,) * (n - 1)
    s.vars.lies = s.vars.left = (0,) * n
    s.vars.refusals = s.vars.asks = s.vars.pending = ()
    s.vars.streak = 0
    s.known.clear()
    s.current = current
    return s


@pytest.mark.parametrize(
    ("players", "each", "out"),
    [
        (4, 13, ""),
        (5, 10, "2S 2C"),
        (6, 8, "2S 2H 2C 2D"),
        (7, 7, "2D 2S 2C"),
        (8, 6, "2S 2H 2C 2D"),
    ],
)
def test_the_deal_for_each_number_of_players(players: int, each: int, out: str) -> None:
    game = AskForCards(players)
    s = game.new_initial_state(5)
    assert sorted(s.zones["removed"]) == sorted(c(t) for t in out.split())
    for p in range(players):
        assert len(s.zones[f"hand{p}"]) + len(s.zones[f"quartets{p}"]) == each
    assert s.observation(1)["zones"]["removed"] == [Card(x).ascii for x in s.zones["removed"]]
    assert s.current == 0  # 甲 asks first


def test_ask_anyone_for_a_rank_you_hold_and_go_on_while_it_succeeds() -> None:
    game = AskForCards()
    s = position(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    assert set(s.legal_actions()) == {ask(game, q, r) for q in (1, 2, 3) for r in "59"}
    s.apply_action(ask(game, 2, "5"))  # the worked example: ask 丙 for a five
    assert s.current == 2 and set(s.legal_actions()) == {c("5D"), NONE}
    s.apply_action(c("5D"))
    assert s.current == 0 and c("5D") in s.zones["hand0"]
    assert s.observation(3)["zones"]["hand0"].count("5D") == 1  # handed over face up
    s.apply_action(ask(game, 1, "5"))
    s.apply_action(c("5C"))  # the fourth five: laid down at once, +2, and the right stays
    assert sorted(s.zones["quartets0"][-4:]) == sorted(c(t) for t in ("5S", "5H", "5D", "5C"))
    assert s.vars.score[0] - 2 * ((52 - 10) // 4) == 2
    assert s.current == 0


def test_none_passes_the_right_to_the_next_player() -> None:
    game = AskForCards()
    s = position(game, "5S 9C", "9S 5C", "KS", "9H 9D KH KC KD")
    s.apply_action(ask(game, 2, "9"))
    assert s.legal_actions() == [NONE]  # he has none: the only answer
    s.apply_action(NONE)
    assert s.current == 1 and s.vars.refusals == ((2, 8, 0),)
    assert s.vars.score[2] == 0


def lie(game: AskForCards) -> GameState[AskForCardsVars]:
    """Player 2 (who holds the 5♣) says he has no fives to player 1."""
    s = position(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    s.apply_action(ask(game, 1, "5"))
    s.apply_action(NONE)
    return s


def test_a_lie_reads_like_the_truth_to_every_other_seat() -> None:
    game = AskForCards()
    told_a_lie = lie(game)
    # the same table, but the 5♣ and the 5♦ swapped: player 2 tells the truth
    s = position(game, "5S 5H 9C", "5D 9S", "5C KS", "9H 9D KH KC KD")
    s.apply_action(ask(game, 1, "5"))
    s.apply_action(NONE)
    # player 2 and 3's hands differ, so compare what the others see
    for seat in (0, 3):
        assert told_a_lie.observation(seat) == s.observation(seat)
    assert told_a_lie.vars.score == s.vars.score  # no fine yet
    assert told_a_lie.vars.refusals == s.vars.refusals == ((1, 4, 0),)


def test_determinisation_deals_the_refuser_the_rank_or_not_as_the_seat_cannot_tell() -> None:
    game = AskForCards()
    s = lie(game)
    rng = random.Random(0)
    holds = set()
    for _ in range(200):
        world = game.determinize(s, 0, rng)
        hand1 = world.zones["hand1"]
        holds.add(any(x % 13 == 4 for x in hand1))
        for p in range(4):
            ranks = [x % 13 for x in world.zones[f"hand{p}"]]
            assert all(ranks.count(r) < 4 for r in ranks)  # no quartet left in a hand
    assert holds == {True, False}
    for _ in range(20):  # the liar himself knows: his own hand is never dealt again
        assert game.determinize(s, 1, rng).zones["hand1"] == s.zones["hand1"]


def test_a_lie_is_fined_when_the_card_is_handed_over_later() -> None:
    game = AskForCards()
    s = lie(game)
    assert s.current == 1
    s.apply_action(ask(game, 0, "9"))
    s.apply_action(c("9C"))  # player 1 gives honestly: nothing proved about player 1
    s.apply_action(ask(game, 3, "9"))
    s.apply_action(NONE)  # a lie too (player 4 holds two nines), not yet proved
    assert s.current == 2 and s.vars.lies == (0, 0, 0, 0)
    s.apply_action(ask(game, 1, "5"))
    s.apply_action(c("5C"))  # the five he said he did not have: proved, -1 at once
    assert s.vars.lies == (0, 1, 0, 0) and s.vars.score[1] == -1
    assert s.vars.refusals == ((3, 8, 0),)


def test_a_card_received_after_the_none_proves_nothing() -> None:
    game = AskForCards()
    s = position(game, "5S 9C", "9S 5C", "9D KS", "9H KH KC KD 5H 5D")
    s.apply_action(ask(game, 1, "9"))
    s.apply_action(NONE)  # player 2 holds the 9♠: a lie
    s.apply_action(ask(game, 0, "9"))  # player 2 asks player 1 for nines and gets the 9♣
    s.apply_action(c("9C"))
    assert s.vars.refusals == ((1, 8, 1 << c("9C")),)
    s.apply_action(ask(game, 3, "5"))
    s.apply_action(c("5H"))
    s.apply_action(ask(game, 0, "5"))
    s.apply_action(NONE)  # player 1 has the 5♠: a lie; the right passes to player 3
    assert s.current == 2
    s.apply_action(ask(game, 1, "9"))
    s.apply_action(c("9C"))  # he gives back the nine he was seen to get: nothing proved
    assert s.vars.lies == (0, 0, 0, 0) and s.vars.refusals[0] == (1, 8, 0)
    s.apply_action(ask(game, 1, "9"))
    s.apply_action(c("9S"))  # the nine he had when he said none: proved
    assert s.vars.lies == (0, 1, 0, 0)


def test_a_lie_is_proved_by_the_quartet_it_ends_in() -> None:
    game = AskForCards()
    s = position(game, "5S 5H", "5C 9S", "5D KS", "9H 9D 9C KH KC KD")
    s.apply_action(ask(game, 1, "5"))
    s.apply_action(NONE)  # player 2 holds the 5♣
    s.apply_action(ask(game, 0, "5"))
    s.apply_action(c("5S"))
    s.apply_action(ask(game, 0, "5"))
    s.apply_action(c("5H"))
    s.apply_action(ask(game, 2, "5"))
    s.apply_action(c("5D"))  # four fives down with the 5♣ among them: -1, and +2
    assert s.vars.lies == (0, 1, 0, 0)
    assert s.vars.score[1] == 2 - 1


def test_the_end_shows_the_hands_fines_cards_left_and_hidden_lies() -> None:
    game = AskForCards(5)  # the 2♥ and 2♦ can make no quartet
    s = position(game, "2H 5S 5H 5D", "5C", "2D", "", "")
    s.apply_action(ask(game, 2, "2"))
    s.apply_action(NONE)  # player 3 holds the 2♦ and says none: a lie
    assert s.current == 1
    s.apply_action(ask(game, 0, "5"))
    s.apply_action(NONE)  # player 1 holds three fives: a lie too
    assert s.current == 2
    s.apply_action(ask(game, 0, "2"))
    s.apply_action(c("2H"))  # player 3 now holds both twos
    s.apply_action(ask(game, 1, "2"))
    s.apply_action(NONE)  # true: the right passes over the empty hands to player 1
    assert s.current == 0
    s.apply_action(ask(game, 1, "5"))
    before = s.vars.score[0]
    s.apply_action(c("5C"))  # four fives down, the 5♠ 5♥ 5♦ among them: +2 and -1
    assert s.vars.score[0] == before + 2 - 1
    # only the twos are left, which make no quartet: the hands are shown
    assert s.current == TERMINAL
    assert s.vars.lies == (1, 0, 1, 0, 0)  # player 3's lie about the twos comes out now
    assert s.vars.left == (0, 0, 2, 0, 0)  # the two twos he holds
    assert s.vars.score[2] == -1 - 2
    assert s.observation(0)["zones"]["hand2"] == ["2H", "2D"]  # the hands are shown


def test_none_in_a_row_for_limit_rounds_ends_the_deal() -> None:
    game = AskForCards(limit=1)
    s = position(game, "5S 9C", "9S 5C", "KS 5D", "9H 9D KH KC KD")
    for _ in range(4):
        legal = s.legal_actions()
        s.apply_action(legal[0])
        s.apply_action(NONE)
    assert s.current == TERMINAL and sum(s.vars.lies) >= 1


def test_the_warning_before_a_lie() -> None:
    game = AskForCards()
    s = position(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    s.apply_action(ask(game, 1, "5"))
    assert game._warning(s, NONE) is not None and game._warning(s, c("5C")) is None


def test_asks_and_answers_in_both_languages() -> None:
    game = AskForCards()
    s = position(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    five = ask(game, 1, "5")
    assert s.action_name(five) == "ask player 2 for fives"
    assert s.action_name(five, "zh") == "向玩家2讨5点牌"
    assert game.parse_action(s, "向玩家2讨5点牌") == five
    s.apply_action(five)
    assert s.action_name(c("5C")) == "give player 1 the five of clubs"
    assert s.action_name(c("5C"), "zh") == "给玩家1梅花5"
    assert s.action_seen(c("5C"), 0, "zh") == "玩家2给玩家1梅花5"
    assert s.action_name(NONE, "zh") == "说没有"
    s.apply_action(NONE)  # a lie: he holds the five of clubs
    facts = game._facts(s, 0)
    assert [str(f) for f in facts] == [
        "player 1 asked player 2 for fives: no",
        "player 2 said he had no fives (not yet settled)",
    ]
    assert [f.get("zh") for f in facts] == [
        "玩家1向玩家2讨5点牌：讨空",
        "玩家2说没有5点牌（尚未查明）",
    ]


@pytest.mark.parametrize(
    ("players", "limit", "seeds"), [(4, 1, 2), (5, 1, 1), (7, 1, 1), (8, 1, 1)]
)
def test_conformance(players: int, limit: int, seeds: int) -> None:
    assert check_game(AskForCards(players, limit=limit), seeds=range(seeds), bot_checks=1) > 0


def test_bots_judge_a_deal_mid_way_by_the_standing() -> None:
    """Mid-deal a playout is judged by each seat's points, less its lies not yet found out,
    plus half a point a card of a rank that can still make a quartet; at the end, the result."""
    game = AskForCards(5)  # the 2♥ 2♦ can make no quartet
    s = lie(game)  # player 2 said he had no fives and holds the 5♣
    stand = game._standing(s)
    base = s.vars.score[0]
    assert stand == [base + 1.5, -1 + 1.0, 1.0, 2.5, 0.0]
    assert game._deal_value(s, s, 3) == pytest.approx(math.tanh((2.5 - (base + 1.5)) / 4))
    two = position(game, "2H 5S", "2D 5C", "5D 5H", "", "")
    assert game._standing(two)[:3] == [two.vars.score[0] + 0.5, 0.5, 1.0]
    end = lie(game)
    while not end.is_terminal():
        end.apply_action(end.legal_actions()[0])
    assert game._deal_value(s, end, 0) == end.returns()[0]


def test_a_none_reads_once_at_the_table() -> None:
    """A refusal shows as the answer's one line ("player 2 says he has none"), not again as a
    story line (which would also state as a fact what may be a lie)."""
    out = io.StringIO()
    answers = iter(["1"] * 400)
    play_game(
        AskForCards(),
        seed=3,
        bot="random",
        console=Console(file=out, width=100, highlight=False),
        ask=lambda _: next(answers, "q"),
    )
    lines = [line.strip() for line in out.getvalue().splitlines()]
    nones = [i for i, line in enumerate(lines) if line.endswith("says he has none")]
    assert nones
    for i in nones:  # the next line is the next move (or the table), never the same answer
        assert "has no" not in lines[i + 1] and "says he has none" not in lines[i + 1]
    assert not any(" has no " in line and " for player " in line for line in lines)


def test_a_deal_ends_at_the_cap_on_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ask_for_cards, "MOST_ASKS", 30)
    for seed in range(10):
        state = AskForCards(5).new_initial_state(seed)
        random_playout(state, random.Random(seed), uniform=True)
        assert state.is_terminal() and state.vars.asked <= 30
        asks = sum(1 for a in state.history if a >= ASK and a != NONE)
        assert asks == state.vars.asked
