"""Find friends (找朋友): the pack and the deal for four to six players, the counters, the trump
order, the auction, the call, the secret partner and when the table learns him (no observation
tells it sooner), the kitty and 抠底, the contract, the text's split of a side's points, the
per-side report of simulate, conformance, and the Monte-Carlo bot against random play."""

from __future__ import annotations

import json
import random

import pytest

from conjure.cli import main
from conjure.deck import Card
from conjure.games import HANDS, TERMINAL, UNKNOWN_SIDE, GameState
from conjure.testing import check_game
from conjure_games.find_friends import (
    BID,
    BIDS,
    BIG_JOKER,
    CALL,
    LITTLE_JOKER,
    PASS,
    POINTS,
    TRUMP,
    FindFriends,
    power,
    split,
)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def test_fives_tens_and_kings_make_a_hundred() -> None:
    assert POINTS[c("5H")] == 5 and POINTS[c("TS")] == 10 and POINTS[c("KD")] == 10
    assert POINTS[c("AS")] == POINTS[c("QH")] == POINTS[BIG_JOKER] == 0
    assert sum(POINTS) == 100


@pytest.mark.parametrize(("players", "hand", "kitty"), [(4, 12, 6), (5, 10, 4), (6, 8, 6)])
def test_the_deal(players: int, hand: int, kitty: int) -> None:
    s = FindFriends(players).new_initial_state(players)
    assert [len(s.zones[f"hand{p}"]) for p in range(players)] == [hand] * players
    assert len(s.zones["kitty"]) == kitty
    assert s.vars.phase == "bid" and s.current == 1  # the dealer's next seat bids first


def test_the_trump_order() -> None:
    trump = 1  # hearts
    led = c("3S")
    order = [BIG_JOKER, LITTLE_JOKER, c("2H"), c("2S"), c("AH"), c("3H"), c("AS"), c("4S")]
    powers = [power(x, led, trump) for x in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert power(c("2C"), led, trump) == power(c("2S"), led, trump)  # the first played wins
    assert power(c("AD"), led, trump) == 0  # off suit, not a trump
    assert power(c("4S"), c("2S"), trump) == 0  # a 2 leads trumps, not spades


def test_the_split_of_a_side_s_points() -> None:
    own = [30, 5, 0, 20, 0]
    assert split(60, [0, 3], own) == {0: 30, 3: 30}
    assert split(25, [1, 3], own) == {1: 12, 3: 13}  # the odd point to who took more
    assert split(100, [1, 2, 4], own) == {1: 34, 2: 33, 4: 33}
    assert split(101, [2, 1, 4], own) == {2: 34, 1: 34, 4: 33}  # a tie goes to the earlier seat
    assert split(0, [0, 3], own) == {0: 0, 3: 0}


def to_play(
    game: FindFriends, seed: int, bids: list[int], called: str, trump: int = 1
) -> GameState:
    """Deal from ``seed``, bid as ``bids`` (actions, seat 2 first), bury the declarer's first
    cards, name ``trump`` and call ``called``."""
    s = game.new_initial_state(seed)
    for a in bids:
        s.apply_action(a)
    declarer = s.current
    while s.vars.phase == "bury":
        s.apply_action(s.zones[HANDS[declarer]][0])
    s.apply_action(TRUMP + trump)
    s.apply_action(CALL + c(called) if called else s.legal_actions()[-1])
    return s


def test_the_lowest_bid_declares_and_all_passing_leaves_the_dealer() -> None:
    game = FindFriends(4)
    s = game.new_initial_state(1)
    s.apply_action(BID)  # seat 2: 80
    assert PASS in s.legal_actions() and BID not in s.legal_actions()
    s.apply_action(BID + 2)  # seat 3: 70
    s.apply_action(PASS)
    s.apply_action(PASS)
    s.apply_action(PASS)
    assert s.vars.declarer == 2 and s.vars.bid == 70 and s.vars.phase == "bury"
    assert len(s.zones["hand2"]) == 18 and not s.zones["kitty"]
    s = game.new_initial_state(1)
    for _ in range(4):
        s.apply_action(PASS)
    assert s.vars.declarer == 0 and s.vars.bid == BIDS[0] == 80


def test_buried_cards_are_seen_by_the_declarer_alone_and_the_call_excludes_his_cards() -> None:
    game = FindFriends(4)
    s = game.new_initial_state(2)
    for a in (BID, PASS, PASS, PASS):
        s.apply_action(a)
    declarer = s.vars.declarer
    while s.vars.phase == "bury":
        s.apply_action(s.zones[HANDS[declarer]][-1])
    buried = s.zones["kitty"]
    assert len(buried) == 6
    for p in range(4):
        seen = [x for x in s.observation(p)["zones"]["kitty"] if x]
        assert len(seen) == (6 if p == declarer else 0)
    s.apply_action(TRUMP)
    calls = {a - CALL for a in s.legal_actions()}
    assert not calls & (set(buried) | set(s.zones[HANDS[declarer]]))
    assert len(calls) == 54 - 18


def test_the_partner_is_secret_until_the_called_card_is_played() -> None:
    game = FindFriends(5)
    s = to_play(game, 3, [BID + 3] + [PASS] * 4, "AS")
    declarer = s.vars.declarer
    holder = next(p for p in range(5) if c("AS") in s.zones[HANDS[p]])
    assert holder != declarer
    hidden = [0 if p == declarer else UNKNOWN_SIDE for p in range(5)]
    assert str(game._facts(s, holder)[-1]).endswith("the friend is you, a secret until you play it")
    assert all(
        str(game._facts(s, p)[-1]).endswith("not yet shown") for p in range(5) if p != holder
    )
    rng = random.Random(0)
    while c("AS") in s.zones[HANDS[holder]]:
        assert s.teams() == tuple(hidden) and s.vars.partner == -1
        for p in range(5):
            obs = s.observation(p)
            assert obs["teams"] == hidden
            if p != holder:  # nothing another seat sees changes when the card moves elsewhere
                world = game.determinize(s, p, rng)
                assert world.observation(p) == obs
        legal = s.legal_actions()
        s.apply_action(c("AS") if c("AS") in legal else legal[0])
    assert s.vars.partner == holder
    assert "called A♠: the friend is player" in str(game._facts(s, declarer)[-1])
    teams = s.teams()
    assert teams[declarer] == teams[holder] == 0
    assert all(teams[p] == 1 for p in range(5) if p not in (declarer, holder))


def finish(s: GameState) -> None:
    while s.current != TERMINAL:
        s.apply_action(s.legal_actions()[0])


def test_the_contract_the_kitty_and_the_split_at_the_end_of_a_deal() -> None:
    game = FindFriends(4, deals=1)
    for seed in range(6):
        s = to_play(game, seed, [BID + 4] + [PASS] * 3, None, trump=seed % 4)
        v = s.vars
        finish(s)
        last = v.leader
        sides = [0 if p in (v.declarer, v.partner) else 1 for p in range(4)]
        kitty = sum(POINTS[x] for x in s.zones["kitty"])
        took = [sum(v.score[p] for p in range(4) if sides[p] == t) for t in (0, 1)]
        theirs = took[1] + (2 * kitty if sides[last] == 1 else 0)
        ours = took[0] + (kitty if sides[last] == 0 else 0)
        assert game.deal_points(s, last) == (ours, theirs)
        winners = 1 if theirs >= v.bid else 0
        points = theirs if winners else ours
        members = [p for p in range(4) if sides[p] == winners]
        assert sum(v.match) == points
        assert all(v.match[p] == 0 for p in range(4) if sides[p] != winners)
        assert max(v.match[p] for p in members) - min(v.match[p] for p in members) <= 1
        assert (v.made, v.lost) == ((0, 1) if winners else (1, 0))
        assert s.team_returns() == ((-1.0, 1.0) if winners else (1.0, -1.0))
        for p in range(4):  # the kitty is turned up at the end
            assert None not in s.observation(p)["zones"]["kitty"]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_conformance(players: int) -> None:
    assert check_game(FindFriends(players, deals=1), seeds=range(2)) > 0


def test_simulate_reports_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "find-friends", "-n", "30", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in data["teams"]] == ["declarer's side", "defenders"]
    assert sum(t["wins"] for t in data["teams"]) + data["team_draws"] == 30
    assert main(["simulate", "find-friends", "-n", "10", "--players", "6"]) == 0
    out = capsys.readouterr().out
    assert "by side" in out and "declarer's side" in out and "defenders" in out


def test_a_card_typed_at_the_call_says_how_to_call_it() -> None:
    from conjure.games import GameError

    game = FindFriends(4)
    s = game.new_initial_state(2)
    for _ in range(4):
        s.apply_action(PASS)
    while s.vars.phase == "bury":
        s.apply_action(s.legal_actions()[0])
    s.apply_action(TRUMP)
    callable_ = s.legal_actions()[0] - CALL
    with pytest.raises(GameError, match=f"type: call {Card(callable_)}"):
        game.parse_action(s, Card(callable_).ascii)
    assert game.parse_action(s, f"call {Card(callable_)}") == CALL + callable_
    held = s.zones["hand0"][0]
    with pytest.raises(GameError, match="neither hold nor buried"):
        game.parse_action(s, Card(held).ascii)


def test_partners_judge_a_deal_alike() -> None:
    """The bots play for their side: the declarer and his friend value a finished deal alike
    (the text's split differs by at most a point), the defenders the other way."""
    game = FindFriends(5, deals=1)
    for seed in range(4):
        s = to_play(game, seed, [BID + 5] + [PASS] * 4, None)
        start = s.copy()
        finish(s)
        v = s.vars
        values = [game._deal_value(start, s, p) for p in range(5)]
        ours = [values[p] for p in (v.declarer, v.partner)]
        theirs = [values[p] for p in range(5) if p not in (v.declarer, v.partner)]
        assert abs(ours[0] - ours[1]) <= 2 / 50
        assert max(theirs) - min(theirs) <= 2 / 50
        assert (ours[0] > 0) != (theirs[0] > 0)
