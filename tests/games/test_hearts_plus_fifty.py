"""Hearts plus fifty (红心正五十分): every card value of the text, ♥2 over everything, the +200 for
a whole suit, four cards and the draw, the turned trump, the short last trick, the target,
conformance for three to five players, and the Monte-Carlo bot against random play."""

from __future__ import annotations

import pytest

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.testing import check_game
from conjure_games.hearts_plus_fifty import POINTS, HeartsPlusFifty, deal_points


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def test_every_value_the_text_gives() -> None:
    for rank, value in (("A", 10), ("K", 10), ("Q", 10), ("J", 10), ("T", 5), ("9", 5)):
        assert POINTS[c(rank + "H")] == value and POINTS[c(rank + "S")] == -value
    for rank, value in (("8", 5), ("7", 5), ("6", 3), ("5", 3), ("4", 3), ("3", 3)):
        assert POINTS[c(rank + "H")] == value and POINTS[c(rank + "S")] == -value
    assert POINTS[c("2H")] == 20 and POINTS[c("2S")] == -20
    assert all(POINTS[c(r + s)] == 0 for r in "A23456789TJQK" for s in "CD")
    assert sum(POINTS[x] for x in range(13, 26)) == 92  # the thirteen hearts


def test_a_whole_suit_scores_two_hundred() -> None:
    hearts = list(range(13, 26))
    spades = list(range(13))
    assert deal_points([hearts, [], []]) == (200, 0, 0)
    assert deal_points([spades, hearts, []]) == (200, 200, 0)  # all spades: +200, not −92
    assert deal_points([spades + hearts]) == (400,)
    # twelve hearts are only their values
    assert deal_points([hearts[1:] + cards("AC")]) == (92 - POINTS[hearts[0]],)
    assert deal_points([cards("AH KS 2S 5C")]) == (10 - 10 - 20,)


def position(
    game: HeartsPlusFifty, hands: list[str], trump: str = "C", leader: int = 0
) -> GameState:
    """Each seat holds ``hands[p]``, the stock is empty, every other card lies in won0."""
    s = game.new_initial_state(0)
    s.zones = {z: [] for z in s.zones}
    used: list[int] = []
    for p, h in enumerate(hands):
        s.zones[f"hand{p}"] = cards(h)
        used += cards(h)
    s.zones["won0"] = [x for x in range(52) if x not in used]
    n = game.num_players
    s.vars.score = (sum(POINTS[x] for x in s.zones["won0"]),) + (0,) * (n - 1)
    s.vars.tricks = (0,) * n
    s.vars.trump = "SHCD".index(trump)
    s.vars.leader = leader
    s.vars.playing = game._seats_from(s, leader)
    s.vars.deals = game.option_values["deals"]
    s.current = s.vars.playing[0]
    return s


def test_the_heart_two_beats_everything_and_may_always_be_played() -> None:
    game = HeartsPlusFifty(4)
    s = position(game, ["AS 3D", "2H KS", "5C 4D", "6C 7D"], trump="C")
    s.apply_action(c("AS"))
    assert sorted(s.legal_actions()) == sorted(cards("2H KS"))  # may follow, or play ♥2
    s.apply_action(c("2H"))
    s.apply_action(c("5C"))  # a trump
    s.apply_action(c("6C"))  # a higher trump
    assert s.vars.leader == 1 and s.vars.tricks[1] == 1  # ♥2 took the Ace and both trumps
    assert s.vars.score[1] == 20 - 10  # ♥2 +20, ♠A −10


def test_other_twos_are_the_lowest_and_following_is_compulsory() -> None:
    game = HeartsPlusFifty(3)
    s = position(game, ["2D 9S", "3D AC", "KS 4D"], trump="S")
    s.apply_action(c("2D"))
    assert s.legal_actions() == [c("3D")]  # must follow diamonds
    s.apply_action(c("3D"))
    assert s.legal_actions() == [c("4D")]
    s.apply_action(c("4D"))
    assert s.vars.leader == 2  # ♦4 beats ♦3 beats ♦2


def test_trumps_win_when_void() -> None:
    game = HeartsPlusFifty(3)
    s = position(game, ["AD 9H", "3S AC", "KD 4D"], trump="S")
    s.apply_action(c("AD"))
    assert sorted(s.legal_actions()) == sorted(cards("3S AC"))  # void: trump or throw
    s.apply_action(c("3S"))
    s.apply_action(c("KD"))
    assert s.vars.leader == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_four_cards_each_the_dealer_leads_and_the_turned_card_is_shown(players: int) -> None:
    game = HeartsPlusFifty(players)
    s = game.new_initial_state(players)
    assert [len(s.zones[f"hand{p}"]) for p in range(players)] == [4] * players
    stock = s.zones["stock"]
    assert len(stock) == 52 - 4 * players
    turned = s.vars.turned
    assert stock[len(stock) // 2] == turned and s.vars.trump == turned // 13
    for p in range(players):
        assert Card(turned).ascii in s.observation(p)["zones"]["stock"]
    assert s.current == s.vars.dealer == 0


def test_the_winner_draws_first() -> None:
    game = HeartsPlusFifty(4)
    s = game.new_initial_state(3)
    top = s.zones["stock"][:4]
    while s.zones["trick"] or s.vars.tricks == (0, 0, 0, 0):
        s.apply_action(s.legal_actions()[0])
    winner = s.vars.leader
    for i in range(4):
        assert top[i] in s.zones[f"hand{(winner + i) % 4}"]
    assert all(len(s.zones[f"hand{p}"]) == 4 for p in range(4))


def test_the_short_last_trick_with_five_players() -> None:
    game = HeartsPlusFifty(5, deals=1)
    s = position(game, ["", "5C", "2H", "", ""], leader=0)
    assert s.vars.playing == (1, 2) and s.current == 1
    s.apply_action(c("5C"))
    s.apply_action(c("2H"))
    assert s.current == TERMINAL


def test_a_deal_settles_and_the_target_ends_the_match() -> None:
    game = HeartsPlusFifty(3, deals=10, target=200)
    s = position(game, ["2H", "3C", "4C"], leader=0)
    s.vars.deals = 1
    s.zones["won0"].remove(c("2S"))
    s.zones["won1"] += [x for x in range(26) if x not in (c("2H"),) and x in s.zones["won0"]]
    s.zones["won0"] = [x for x in s.zones["won0"] if x >= 26]
    s.zones["won2"].append(c("2S"))
    s.vars.score = (0, sum(POINTS[x] for x in s.zones["won1"]), -20)
    for a in ("2H", "3C", "4C"):
        s.apply_action(c(a))
    # seat 2 took twelve spades and twelve hearts, seat 1 ♥2 and seat 3 ♠2: nobody has a whole
    # suit, and seat 2's −72 of spades and +72 of hearts cancel
    assert s.vars.match == (20, 0, -20) and s.is_chance_node()
    s = position(game, ["3C", "2H", "4C"], leader=0)
    s.vars.deals = 1
    s.zones["won1"] = [x for x in s.zones["won0"] if x < 13]  # all thirteen spades
    s.zones["won0"] = [x for x in s.zones["won0"] if x >= 13]
    s.vars.score = (sum(POINTS[x] for x in s.zones["won0"]), -92, 0)
    for a in ("3C", "2H", "4C"):
        s.apply_action(c(a))
    # seat 2: +200 for the spades and 20 for ♥2; seat 1 twelve hearts without ♥2
    assert s.vars.match == (72, 220, 0) and s.current == TERMINAL  # 200 reached
    assert s.returns() == (-1.0, 1.0, -1.0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_conformance(players: int) -> None:
    assert check_game(HeartsPlusFifty(players, deals=1), seeds=range(2)) > 0
