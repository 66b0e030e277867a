"""The shared machinery of the meld and asking games: sets, runs, the best arrangement, laying
off, four-card combinations with jokers, the face-up pool, and denials in determinisation."""

from __future__ import annotations

import itertools
import random

from conjure.deck import Card
from conjure.games import NOBODY, Game, GameState, asking
from conjure.games.asking import AskVars
from conjure.games.melds import (
    FOUR_OF_A_KIND,
    RANK_MASKS,
    STRAIGHT_FLUSH,
    best_arrangement,
    cards_of,
    deadwood,
    deadwood_after_layoff,
    exchange,
    exchange_code,
    exchanges,
    four_card_combination,
    layoff,
    mask_of,
    meldable,
    melds_in,
    rummy_points,
    runs_in,
    sets_in,
)


def h(text: str) -> int:
    return mask_of(Card(t).code for t in text.split())


def test_points_runs_and_sets() -> None:
    assert rummy_points(h("AS 5H TC KD QS")) == 1 + 5 + 10 + 10 + 10
    assert runs_in(h("3C 4C 5C 6C")) == [h("3C 4C 5C"), h("3C 4C 5C 6C"), h("4C 5C 6C")]
    assert runs_in(h("QS KS AS")) == []  # no wrapping: the Ace is low
    assert runs_in(h("AS 2S 3S")) == [h("AS 2S 3S")]
    assert runs_in(h("3C 4H 5C")) == []
    assert sorted(sets_in(h("4C 4D 4S"))) == [h("4C 4D 4S")]
    assert len(sets_in(h("7C 7D 7S 7H"))) == 5  # the four and each three
    assert sets_in(h("7C 7D")) == []


def test_best_arrangement_shares_no_card() -> None:
    # 5S sits in the set of fives and in the run 3S-4S-5S: only one can have it
    hand = h("5S 5H 5C 3S 4S KD")
    dead, melds = best_arrangement(hand)
    assert dead == min(3 + 4 + 10, 5 + 5 + 10)  # run + leftover 5H 5C, or set + leftover 3S 4S
    assert dead == 17
    assert not melds[0] & (melds[1] if len(melds) > 1 else 0)
    assert deadwood(h("5S 5H 5C 5D 6S 7S")) == 0  # 5S to the run, the other three a set
    assert deadwood(h("5S 5H 5C 6S 7S 8H")) == 8 + 5 + 5  # 5S to the run or the set, not both
    assert deadwood(h("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")) == 0


def test_best_arrangement_against_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(150):
        hand = mask_of(rng.sample(range(52), 10))
        melds = melds_in(hand)
        best = rummy_points(hand)
        for k in range(1, 4):
            for combo in itertools.combinations(melds, k):
                union = 0
                ok = True
                for m in combo:
                    ok &= not union & m
                    union |= m
                if ok:
                    best = min(best, rummy_points(hand & ~union))
        assert deadwood(hand) == best
        assert hand & ~meldable(hand) & ~0 == hand & ~meldable(hand)
        assert rummy_points(hand & ~meldable(hand)) <= deadwood(hand)


def test_layoff_extends_runs_and_completes_sets() -> None:
    melds = (h("4C 5C 6C"), h("9S 9H 9D"))
    assert layoff(melds, h("3C 2C 7C 9C KH")) == h("3C 2C 7C 9C")
    assert layoff(melds, h("2C 8C")) == 0  # not adjacent
    dead, _, off = deadwood_after_layoff(h("7C 8C 9C 3C KH"), melds)
    # 3C and 7C-8C-9C go onto the clubs run (as a run of their own or laid off): KH is left
    assert dead == 10 and off & h("3C")


def test_four_card_combinations_with_jokers() -> None:
    assert four_card_combination(h("8S 8H 8C 8D")) == (FOUR_OF_A_KIND, 7, 0)
    assert four_card_combination(h("3S 4S 5S 6S")) == (STRAIGHT_FLUSH, 2, 0)
    assert four_card_combination(h("JS QS KS AS")) == (STRAIGHT_FLUSH, 10, 0)
    assert four_card_combination(h("JS QS KS AS"), ace_high=False) is None
    assert four_card_combination(h("QS KS AS 2S")) is None  # no wrapping past the Ace
    assert four_card_combination(h("3S 4S 5S") | 1 << 53) == (STRAIGHT_FLUSH, 2, 1)
    assert four_card_combination(h("8S 8H 8C") | 1 << 52) == (FOUR_OF_A_KIND, 7, 1)
    assert four_card_combination(h("8S 8H") | 3 << 52) == (FOUR_OF_A_KIND, 7, 2)
    assert four_card_combination(h("3S 5S") | 3 << 52)[0] == STRAIGHT_FLUSH  # type: ignore[index]
    assert four_card_combination(h("3S 8S") | 3 << 52) is None
    assert four_card_combination(h("3S 4S 5H 6S")) is None
    assert four_card_combination(h("3S 4S 5S")) is None  # three cards make nothing


def test_exchange_with_the_pool() -> None:
    hand = [1, 5, 9, 30]
    pool = [40, 41, 42]
    given, taken = exchange(hand, pool, exchange_code(0b0011, 0b101))
    assert given == [1, 5] and taken == [40, 42]
    assert hand == [9, 30, 40, 42] and pool == [1, 41, 5]
    every = exchanges(4, 4, 4)
    assert len(every) == sum(
        len(list(itertools.combinations(range(4), k))) ** 2 for k in (1, 2, 3, 4)
    )
    assert len(exchanges(4, 4, 1)) == 16


class _Table(Game[AskVars]):
    """Three hidden hands, for the denial tests."""

    id = "table"
    name_zh = name_en = source = "test"
    players = (3,)
    vars_type = AskVars

    def _zones(self) -> dict[str, str | int]:
        return {"hand0": 0, "hand1": 1, "hand2": 2, "rest": NOBODY}

    def _deal(self, state: GameState[AskVars]) -> None:
        state.zones["rest"] = list(range(52))
        state.shuffle("rest")

    def _after_chance(self, state: GameState[AskVars], zone: str) -> None:
        cards = state.zones["rest"]
        for p in range(3):
            state.zones[f"hand{p}"] = sorted(cards[p * 13 : p * 13 + 13])
        del cards[:39]
        asking.start(state, 3)
        state.current = 0

    def _legal_actions(self, state: GameState[AskVars]) -> list[int]:
        return [0]


SEATS = {"hand0": 0, "hand1": 1, "hand2": 2}


def test_a_denied_rank_is_never_dealt_back_to_its_seat() -> None:
    game = _Table()
    state = game.new_initial_state(4)
    # seat 1 truthfully denies every rank it does not hold; seat 2 denies the ranks it lacks
    for seat in (1, 2):
        held = mask_of(state.zones[f"hand{seat}"])
        for r in RANK_MASKS:
            if not held & r:
                asking.deny(state, seat, r)
    rng = random.Random(0)
    for _ in range(200):
        world = asking.determinize(game, state, 0, rng, SEATS)
        assert world.zones["hand0"] == state.zones["hand0"]
        for seat in (1, 2):
            assert not mask_of(world.zones[f"hand{seat}"]) & state.vars.denied[seat]
        assert sorted(c for z in world.zones.values() for c in z) == list(range(52))


def test_a_card_seen_to_change_hands_is_public_and_lifts_the_denial() -> None:
    game = _Table()
    state = game.new_initial_state(2)
    card = state.zones["hand2"][0]
    asking.deny(state, 1, 1 << card)
    state.move(card, "hand2", "hand1")
    asking.receive(state, 1, 1 << card)
    asking.note_ask(state, 1, 2, card, 1)
    assert not state.vars.denied[1] >> card & 1
    assert state.observation(0)["zones"]["hand1"].count(None) == 13  # 14 cards, one shown
    world = asking.determinize(game, state, 0, random.Random(1), SEATS)
    assert card in world.zones["hand1"]
    assert asking.ask_lines(state, lambda c: "the card") == [
        "player 2 asked player 3 for the card: got 1"
    ]


def test_without_denials_every_card_can_go_anywhere() -> None:
    game = _Table()
    state = game.new_initial_state(3)
    seen = set()
    rng = random.Random(2)
    for _ in range(100):
        world = asking.determinize(game, state, 0, rng, SEATS)
        seen |= set(world.zones["hand1"])
    assert seen == set(cards_of(mask_of(range(52)) & ~mask_of(state.zones["hand0"])))
