"""What a player types cannot misfire: a move's name or its cards are read first, a number is a
menu number only where it reads as nothing else (``#4`` always is), a legal play typed as cards
is taken and an illegal one refused with the rule it breaks."""

from __future__ import annotations

import pytest

from conjure.deck import Card
from conjure.errors import said
from conjure.games import GameError, GameState
from conjure.games.climbing import pack_ranks
from conjure.games.melds import exchange_code
from conjure_games.avoid_hearts import AvoidHearts
from conjure_games.exchange_score import EXCHANGE, ExchangeScore
from conjure_games.exchange_score import PASS as NO_EXCHANGE
from conjure_games.run_fast import PASS, SHIFT, RunFast


def run_fast(hands: list[str], last: str = "", owner: int = -1) -> GameState:
    g = RunFast(4)
    s = g.new_initial_state(0)
    every = [c for p in range(4) for c in s.zones[f"hand{p}"]]
    for p, text in enumerate(hands):
        s.zones[f"hand{p}"] = sorted(Card(t).code for t in text.split())
    held = {c for p in range(4) for c in s.zones[f"hand{p}"]}
    s.zones["out"] = [c for c in every + s.zones["out"] if c not in held]
    s.vars.opener = -1
    s.vars.last = pack_ranks(last) if last else 0
    s.vars.owner = owner
    s.current = 0
    return s


def test_run_fast_reads_a_number_as_a_rank_never_as_the_menu() -> None:
    s = run_fast(["4S 7S 10H AH KD", "5S", "6S", "8S"])
    menu = s.game.ordered_actions(s)
    assert s.action_name(menu[3]) != "4 (single 4)"  # the menu's fourth move is another play
    assert s.action_name(s.game.parse_action(s, "4")) == "4 (single 4)"
    assert s.action_name(s.game.parse_action(s, "#4")) == s.action_name(menu[3])
    assert s.action_name(s.game.parse_action(s, "4S")) == "4 (single 4)"  # typed as its card


def test_run_fast_refuses_a_play_with_the_rule_it_breaks() -> None:
    s = run_fast(["4S 4H 7S 10H AH", "5S", "6S", "8S"], last="9 9", owner=2)
    with pytest.raises(GameError, match="does not beat 9 9"):
        s.game.parse_action(s, "4 4")
    with pytest.raises(GameError, match="you do not hold"):
        s.game.parse_action(s, "K")
    with pytest.raises(GameError, match="no play of the game"):
        s.game.parse_action(s, "4 7")
    with pytest.raises(GameError) as error:
        s.game.parse_action(s, "4")
    assert "压不过" in said(error.value, "zh")
    assert s.game.parse_action(s, "pass") == PASS


def test_run_fast_takes_a_legal_play_typed_as_cards() -> None:
    s = run_fast(["4S 4H 7S 10H AH", "5S", "6S", "8S"], last="3 3", owner=2)
    action = s.game.parse_action(s, "4H 4S")
    assert action >> SHIFT == pack_ranks("4 4")


def hearts() -> GameState:
    g = AvoidHearts(4)
    s = g.new_initial_state(2)
    return s


def test_a_number_that_is_also_a_cards_rank_is_refused_naming_both() -> None:
    s = hearts()
    menu = s.game.ordered_actions(s)
    hand = s.zones[f"hand{s.current}"]
    rank = next(
        r
        for r in range(2, 11)
        if r <= len(menu)
        and any(c % 13 == r - 1 for c in hand)
        and s.game.ordered_actions(s)[r - 1] % 13 != r - 1
    )
    with pytest.raises(GameError, match=f"could be menu move {rank}"):
        s.game.parse_action(s, str(rank))
    assert s.game.parse_action(s, f"#{rank}") == menu[rank - 1]
    free = next(
        (n for n in range(2, min(11, len(menu) + 1)) if not any(c % 13 == n - 1 for c in hand)),
        None,
    )
    if free is not None:  # a number no card reads as is the menu's
        assert s.game.parse_action(s, str(free)) == menu[free - 1]
    assert s.game.parse_action(s, "1") == menu[0]  # 1 is never a rank


def test_an_illegal_card_is_refused_with_the_rule() -> None:
    s = hearts()
    s.apply_action(s.legal_actions()[0])  # a lead: the next player must follow its suit
    hand = s.zones[f"hand{s.current}"]
    led = s.zones["trick"][0] // 13
    off = [c for c in hand if c // 13 != led]
    if len(off) < len(hand):  # he holds the suit led: another suit is refused, and why
        with pytest.raises(GameError, match="you must follow suit"):
            s.game.parse_action(s, Card(off[0]).ascii)
    other = next(c for c in range(52) if c not in hand)
    with pytest.raises(GameError, match="not in your hand"):
        s.game.parse_action(s, Card(other).ascii)


def test_a_move_named_with_its_cards_in_any_notation_and_order() -> None:
    g = ExchangeScore(3)
    s = g.new_initial_state(1)
    for _ in range(3):
        s.apply_action(NO_EXCHANGE)  # the first pool has gone round: four cards turned up
    hand, pool = s.zones[f"hand{s.current}"], s.zones["pool"]
    want = EXCHANGE + exchange_code(0b0011, 0b0101)
    assert want in s.legal_actions()
    gave = f"{Card(hand[1]).ascii.lower()} {Card(hand[0]).ascii}"
    took = f"{Card(pool[2])} {Card(pool[0]).ascii}"
    assert g.parse_action(s, f"give {gave} for {took}") == want


def test_a_menu_of_one_move_names_the_number_to_type() -> None:
    """Where one move is legal the refusal says to type 1, not 'a number from 1 to 1'; with
    more it gives the range."""
    s = hearts()
    s.apply_action(s.legal_actions()[0])  # a lead: the next player must follow its suit
    hand = s.zones[f"hand{s.current}"]
    led = s.zones["trick"][0] // 13
    suit = [c for c in range(52) if c // 13 == led and c not in s.zones["trick"]]
    hand[:] = [c for c in hand if c // 13 != led] + suit[:1]  # one card of the suit led
    assert s.legal_actions() == suit[:1]
    with pytest.raises(GameError, match=r"^'zz' is not a move here: type 1, the only move$"):
        s.game.parse_action(s, "zz")
    hand.append(suit[1])
    with pytest.raises(GameError, match=r"^'zz' is not a move here: type a number from 1 to 2$"):
        s.game.parse_action(s, "zz")
