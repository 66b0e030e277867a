"""Hundred-point knock (百点摘冠): card values, the offer of the face-up card, the knock below
10, its score, the undercut and the tie, laying off, the void deal, conformance and the
Monte-Carlo bot."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.games.bots import RandomBot
from conjure.games.melds import RUMMY_VALUES
from conjure.testing import check_game
from conjure_games.hundred_point_knock import KNOCK, PASS, TAKE, HundredPointKnock, KnockVars


def c(text: str) -> int:
    return Card(text).code


def cs(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def position(
    game: HundredPointKnock, hand0: str, hand1: str, top: str, current: int = 0
) -> GameState[KnockVars]:
    """Player ``current`` is offered ``top``; the pile holds every other card below it."""
    s = game.new_initial_state(0)
    for z in s.zones.values():
        z.clear()
    s.known.clear()
    s.zones["hand0"] = sorted(cs(hand0))
    s.zones["hand1"] = sorted(cs(hand1))
    used = set(s.zones["hand0"]) | set(s.zones["hand1"]) | {c(top)}
    s.zones["pile"] = [c(top)] + [x for x in range(52) if x not in used]
    s.vars.phase = "offer"
    s.vars.passes = 0
    s.vars.taken = -1
    s.vars.fresh = len(s.zones["pile"]) - 1
    s.current = current
    return s


def test_card_values_ace_low_courts_ten() -> None:
    assert [RUMMY_VALUES[c(r + "S")] for r in "A23456789TJQK"] == [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10,
    ]  # fmt: skip


def test_the_deal_and_the_first_offer() -> None:
    game = HundredPointKnock()
    s = game.new_initial_state(4)
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 10
    assert len(s.zones["pile"]) == 32
    assert s.current == 1  # the non-dealer is offered the face-up card first
    assert s.observation(0)["zones"]["pile"][0] is not None  # the top card is face up
    assert s.observation(0)["zones"]["pile"][1] is None
    assert list(s.legal_actions()) == [TAKE, PASS]


def test_both_pass_and_the_card_goes_under_the_pile() -> None:
    game = HundredPointKnock()
    s = game.new_initial_state(4)
    top, second = s.zones["pile"][:2]
    s.apply_action(PASS)
    assert s.current == 0 and s.zones["pile"][0] == top  # now the dealer may take it
    s.apply_action(PASS)
    assert s.zones["pile"][0] == second and s.zones["pile"][-1] == top
    assert s.observation(1)["zones"]["pile"][-1] is not None  # everyone saw it
    assert s.current == 1


def test_take_then_discard_under_the_pile_not_the_card_taken() -> None:
    game = HundredPointKnock()
    s = position(game, "2S 3S 4S 9H 9D 9C KH QD JC 7H", "AH AD", "TC")
    s.apply_action(TAKE)
    assert c("TC") in s.zones["hand0"] and s.current == 0
    assert c("TC") not in s.legal_actions()  # the card just taken stays this turn
    s.apply_action(c("KH"))
    assert s.zones["pile"][-1] == c("KH") and s.current == 1
    assert s.observation(1)["zones"]["hand0"].count(None) == 9  # the TC taken is public


def test_a_knock_needs_less_than_ten_loose_after_taking() -> None:
    game = HundredPointKnock()
    # runs 2-3-4♠, sets of nines; loose 5♥ 3♦ after taking the 9♠ and discarding the K♥
    s = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D QC", "AH AD", "9S")
    s.apply_action(TAKE)
    legal = set(s.legal_actions())
    assert KNOCK + c("KH") not in legal  # Q♣ 5♥ 3♦ left: 18
    s2 = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D AC", "AH AD", "9S")
    s2.apply_action(TAKE)
    assert KNOCK + c("KH") in set(s2.legal_actions())  # 5♥ 3♦ A♣ left: 9, under 10
    s3 = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D 2C", "AH AD", "9S")
    s3.apply_action(TAKE)
    assert KNOCK + c("KH") not in set(s3.legal_actions())  # 5♥ 3♦ 2♣: 10 is not less than 10


def test_the_random_bot_knocks_when_it_can() -> None:
    game = HundredPointKnock()
    s = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D AC", "AH AD", "9S")
    s.apply_action(TAKE)
    for seed in range(10):
        assert RandomBot().choose(s, random.Random(seed)) >= KNOCK
    # without a knock open it picks among every discard, as before
    s3 = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D 2C", "AH AD", "9S")
    s3.apply_action(TAKE)
    picked = {RandomBot().choose(s3, random.Random(seed)) for seed in range(60)}
    assert picked == set(s3.legal_actions())


def knock(game: HundredPointKnock, hand1: str) -> tuple[int, ...]:
    """Player 1 knocks with 9 loose (5♥ 3♦ A♣); the deal's points for each player."""
    s = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D AC", hand1, "9S")
    s.apply_action(TAKE)
    s.apply_action(KNOCK + c("KH"))
    assert s.vars.last[0] == 0
    return tuple(s.vars.match)


def test_the_knocker_scores_the_difference() -> None:
    game = HundredPointKnock()
    # player 2: K♣ Q♣ J♦ 8♦ loose = 38, the rest a run 5-6-7♣ and a set of sevens
    assert knock(game, "5C 6C 7C 7S 7H 7D KC QC JD 8D") == (38 - 9, 0)


def test_an_undercut_scores_the_difference_and_25() -> None:
    game = HundredPointKnock()
    # player 2: loose A♦ 2♦ only (3), lower than the knocker's 9
    assert knock(game, "5C 6C 7C 7S 7H 7D JC JH JS AD 2D") == (0, 9 - 3 + 25)


def test_an_equal_count_scores_25_to_the_other() -> None:
    game = HundredPointKnock()
    assert knock(game, "5C 6C 7C 7S 7H 7D JC JH JS 4D 5D") == (0, 25)


@pytest.mark.parametrize(("layoff", "expect"), [(1, (0, 9 - 8 + 25)), (0, (13 - 9, 0))])
def test_laying_off_onto_the_knockers_run(layoff: int, expect: tuple[int, int]) -> None:
    game = HundredPointKnock(layoff=layoff)
    # player 2 holds 5♠ (it extends the knocker's 2-3-4♠) and 8♦: 5 + 8 = 13 loose
    assert knock(game, "5C 6C 7C 7S 7H 7D JC JH JS 5S 8D") == expect


def test_the_deal_is_void_when_the_pile_has_gone_round() -> None:
    game = HundredPointKnock()
    s = game.new_initial_state(6)
    deals = s.vars.deals
    while s.vars.deals == deals:
        s.apply_action(PASS)
    assert s.vars.match == (0, 0) and s.vars.last[0] == -1
    assert s.vars.deals == deals + 1 or s.is_chance_node()


def test_the_match_ends_at_the_target() -> None:
    game = HundredPointKnock(target=20)
    s = position(game, "2S 3S 4S 9H 9D 9C KH 5H 3D AC", "5C 6C 7C 7S 7H 7D KC QC JD 8D", "9S")
    s.apply_action(TAKE)
    s.apply_action(KNOCK + c("KH"))
    assert s.current == TERMINAL and s.returns() == (1.0, -1.0)


def test_conformance() -> None:
    assert check_game(HundredPointKnock(deals=1), seeds=range(3), bot_checks=1) > 0


def test_a_match_of_a_fixed_number_of_deals() -> None:
    game = HundredPointKnock(deals=2)
    s = game.new_initial_state(1)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0] if s.current >= 0 else s.chance_outcomes()[0][0])
    assert s.vars.deals == 2


def test_every_chinese_move_name_types_back_to_its_move() -> None:
    import random

    from conjure.plugins.host import load_plugins

    games = load_plugins().games
    for game_id in ("ask-for-cards", "go-fish", "goofspiel", "hundred-point-knock"):
        game = games[game_id]()
        rng = random.Random(3)
        s = game.new_initial_state(3)
        for _ in range(60):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.sample_chance(rng)
                continue
            for a in s.legal_actions():
                assert game.parse_action(s, s.action_name(a, "zh")) == a
            s.apply_action(rng.choice(s.legal_actions()))
    knock = HundredPointKnock()
    assert "，" not in str(knock._action_name(knock.new_initial_state(1), KNOCK).get("zh"))
