"""Three-card showdown: the ranking against one written from the text's rules over every kind
of hand and the text's own examples, every number of the betting and settlement rules, the
cap of the chips held, looking and what it shows, conformance, and the Monte-Carlo bot against
random play."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from conjure.deck import Card
from conjure.games import CHANCE, TERMINAL, GameState
from conjure.testing import check_game
from conjure_games.three_card_showdown import (
    BET,
    DECLINE,
    GAPPED_FLUSH,
    HIGH,
    OPEN,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    ShowdownVars,
    ThreeCardShowdown,
    category,
    settle,
    strength,
)


def hand(text: str) -> list[int]:
    return [Card(t).code for t in text.split()]


# -- the ranking written again from the text, to check the fast table against ----------------

#: (1): increasing, A lowest
ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "♦♣♥♠"  # (2): ♠ > ♥ > ♣ > ♦


def _rank(c: int) -> int:
    return ORDER.index(Card(c).ascii[:-1].replace("T", "10"))


def _suit(c: int) -> int:
    return SUITS.index(str(Card(c))[-1])


def _card(c: int) -> tuple[int, int]:
    return _rank(c), _suit(c)


def _kind(h: Sequence[int]) -> int:
    ranks = sorted(_rank(c) for c in h)
    same_suit = len({_suit(c) for c in h}) == 1
    if len(set(ranks)) == 1:
        return 5
    if len(set(ranks)) == 2:
        return 4
    consecutive = ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1
    if same_suit and consecutive:
        return 3
    # (5): the two highest consecutive, the lowest one rank short of the middle (♣6 ♣8 ♣9)
    if same_suit and ranks[2] - ranks[1] == 1 and ranks[1] - ranks[0] == 2:
        return 2
    return 1 if consecutive else 0


def text_beats(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether hand ``a`` beats hand ``b`` by rule 7 of the text (and the rule notes where it
    is silent)."""
    ka, kb = _kind(a), _kind(b)
    if ka != kb:
        return ka > kb
    top_a, top_b = max(map(_card, a)), max(map(_card, b))
    if ka == 5:  # (3)
        return top_a > top_b
    if ka == 4:  # (7) only the pair counts; (2) the pair with the higher suit
        pa = [c for c in a if [_rank(x) for x in a].count(_rank(c)) == 2]
        pb = [c for c in b if [_rank(x) for x in b].count(_rank(c)) == 2]
        return max(map(_card, pa)) > max(map(_card, pb))
    if ka in (3, 2):  # (4) suit first, then rank
        return (_suit(a[0]), top_a[0]) > (_suit(b[0]), top_b[0])
    if ka == 1:  # (6) same straight: the suits decide
        return top_a > top_b
    ra, rb = sorted(map(_rank, a), reverse=True), sorted(map(_rank, b), reverse=True)
    return (ra, top_a[1]) > (rb, top_b[1])


def test_every_kind_of_hand_is_counted() -> None:
    kinds = Counter(category(h) for h in itertools.combinations(range(52), 3))
    assert kinds == {
        TRIPS: 52,
        PAIR: 13 * 6 * 48,
        STRAIGHT_FLUSH: 11 * 4,  # A23 … JQK in each suit
        GAPPED_FLUSH: 10 * 4,  # A34 … 10QK in each suit
        STRAIGHT: 11 * (4**3 - 4),
        HIGH: 22100 - 52 - 3744 - 44 - 40 - 660,
    }
    for h in itertools.combinations(range(52), 3):
        assert category(h) == _kind(h)


def test_ranking_agrees_with_the_text_on_hands_that_meet_in_one_deal() -> None:
    rng = random.Random(1)
    for _ in range(5000):
        cards = rng.sample(range(52), 6)
        a, b = cards[:3], cards[3:]
        assert (strength(a) > strength(b)) == text_beats(a, b), (a, b)
    # every kind against every kind, and within each, on a sample of each
    by_kind: dict[int, list[tuple[int, ...]]] = {}
    for h in itertools.combinations(range(52), 3):
        by_kind.setdefault(category(h), []).append(h)
    for ka, kb in itertools.product(by_kind, repeat=2):
        for a in rng.sample(by_kind[ka], min(25, len(by_kind[ka]))):
            for b in rng.sample(by_kind[kb], min(25, len(by_kind[kb]))):
                if not set(a) & set(b):
                    assert (strength(a) > strength(b)) == text_beats(a, b), (a, b)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("6S 6H 6C", "5S 5H 5C"),  # (3) 3张6大于3张5
        ("8S 8C 2D", "8H 8D KS"),  # (2) 黑桃8和梅花8 > 红桃8和方块8, the odd card aside (7)
        ("8S 8D 2D", "8H 8C KS"),  # (2) 黑桃8和方块8 > 红桃8和梅花8
        ("AS 2S 3S", "JH QH KH"),  # (4) 黑桃A、2、3大于红桃J、Q、K
        ("AC 2C 3C", "6C 8C 9C"),  # (5) 真的梅花顺A、2、3都大于它
        ("TH JS QC", "TD JH QD"),  # (6) 红桃10、黑桃J、梅花Q大于方块10、红桃J、方块Q
        ("AS AH AC", "4S 4H 9D"),  # (7) 三张A大于一对4
        ("4S 4H 9D", "6H 7H 8H"),  # 一对4大于同花红桃6、7、8
        ("6H 7H 8H", "TH QH KH"),  # 红桃6、7、8大于红桃10、Q、K
        ("TH QH KH", "JC QS KS"),  # 红桃10、Q、K大于梅花J、黑桃Q、黑桃K
    ],
)
def test_the_texts_examples(better: str, worse: str) -> None:
    assert strength(hand(better)) > strength(hand(worse))
    assert text_beats(hand(better), hand(worse))


def test_the_ace_is_low_and_flushes_without_the_gap_are_odd_cards() -> None:
    assert category(hand("AS 2H 3D")) == STRAIGHT and category(hand("QS KH AD")) == HIGH
    assert category(hand("KS AH 2D")) == HIGH
    assert category(hand("6C 8C 9C")) == GAPPED_FLUSH and category(hand("6C 7C 9C")) == HIGH
    assert category(hand("2C 7C KC")) == HIGH
    assert strength(hand("2S 3H 5D")) > strength(hand("AS 3C 5H"))  # A is the lowest card


# -- betting ------------------------------------------------------------------------------------


def fresh(players: int = 4, chips: int = 100_000, **options: int) -> GameState[ShowdownVars]:
    """The first hand dealt, player 1 the dealer and first to bet."""
    g = ThreeCardShowdown(players, chips=chips, **options)
    s = g.new_initial_state(0)
    assert s.current == 0 and s.vars.dealer == 0
    return s


def opening(amount: int, look: int = 0) -> int:
    return OPEN + 4 * (amount - 1) + look


def bets_in(s: GameState[ShowdownVars], count: int) -> list[int]:
    """Bet ``count`` times at the looking already chosen; the amounts bet."""
    out = []
    for _ in range(count):
        s.apply_action(BET + s.vars.looked)
        out.append(s.vars.last_bet)
    return out


def test_no_look_each_bet_doubles_round_after_round() -> None:
    s = fresh()
    s.apply_action(opening(1))
    assert s.vars.last_bet == 1
    assert bets_in(s, 3) == [2, 4, 8]  # 乙要出2个筹码，丙要出4个筹码，丁要出8个筹码
    assert s.vars.round == 2
    assert bets_in(s, 2) == [16, 32]  # 第2圈中，如果庄家要出筹码就要出16个，乙要出32个
    assert s.vars.stakes == (17, 34, 4, 8)


@pytest.mark.parametrize(("look", "amounts"), [(1, [4, 16]), (2, [8, 64]), (3, [16, 256])])
def test_looking_multiplies_each_bet(look: int, amounts: list[int]) -> None:
    s = fresh()
    s.apply_action(opening(1, look))  # 庄家（甲）出1个筹码
    assert s.vars.looked == look
    assert bets_in(s, 2) == amounts  # 乙 4 / 8 / 16, 丙 16 / 64 / 256


def test_the_dealer_may_look_at_the_start_of_a_later_round() -> None:
    s = fresh()
    s.apply_action(opening(1))
    bets_in(s, 3)
    assert set(s.legal_actions()) == {BET, BET + 1, BET + 2, BET + 3, DECLINE}
    s.apply_action(BET + 1)  # look at one card: 8 times 4
    assert s.vars.last_bet == 32 and s.vars.looked == 1
    assert list(s.legal_actions()) == [BET + 1, DECLINE]  # the others cannot change it
    assert bets_in(s, 1) == [128]


def test_looking_shows_each_player_his_own_first_cards_only() -> None:
    s = fresh()
    s.apply_action(opening(1, 2))
    for p in range(4):
        h = s.zones[f"hand{p}"]
        seen = s.observation(p)["zones"][f"hand{p}"]
        assert seen[:2] == [Card(c).ascii for c in h[:2]] and seen[2] is None
        for q in range(4):
            if q != p:
                assert s.observation(q)["zones"][f"hand{p}"] == [None] * 3


def test_nobody_declines_in_the_first_round_and_a_decline_ends_the_betting() -> None:
    s = fresh()
    s.apply_action(opening(1))
    for _ in range(3):
        assert DECLINE not in s.legal_actions()
        s.apply_action(BET)
    assert DECLINE in s.legal_actions()
    s.apply_action(BET)  # the dealer bets 16
    s.apply_action(DECLINE)  # 乙 will not bet 32: everyone shows
    assert s.vars.deals == 2 and s.current == CHANCE  # settled; the next hand is shuffled
    assert s.vars.dealer == 1  # the deal passes to the next seat
    assert sum(s.vars.match) == 0


def test_a_bet_that_cannot_be_covered_is_all_in_and_the_chain_goes_on() -> None:
    s = fresh(chips=20)
    s.apply_action(opening(1, 1))
    assert bets_in(s, 2) == [4, 16]
    # 丁 owes 64 and holds 20: in the first round he may not decline, he goes all in
    assert list(s.legal_actions()) == [BET + 1]
    assert s.action_name(BET + 1) == "all in, 20 (64 due)"
    s.apply_action(BET + 1)
    assert s.vars.stakes == (1, 4, 16, 20) and s.vars.last_bet == 64
    # round 2: the dealer owes 256, holds 19 more; 丁 has no chips left and is passed over
    assert s.current == 0 and DECLINE in s.legal_actions()
    s.apply_action(BET + 1)  # all in too
    assert s.vars.stakes == (20, 4, 16, 20) and s.current == 1
    s.apply_action(BET + 1)  # 乙 all in: only 丙 could bet on, so everyone shows
    assert s.vars.stakes == (20, 20, 16, 20) and s.vars.last_bet == 0  # shown and settled
    assert s.current == TERMINAL and sum(s.vars.match) == 0  # three lost all 20: rule 8
    # the dealer's opening is limited by the option and by his chips
    s2 = fresh(chips=10, opening=20)
    assert {(a - OPEN) // 4 + 1 for a in s2.legal_actions()} == set(range(1, 11))


def test_the_default_bankroll_covers_the_texts_chain() -> None:
    s = ThreeCardShowdown(4).new_initial_state(0)
    s.apply_action(opening(1, 3))  # 庄家（甲）出1个筹码，乙要出16个筹码，丙要出256个筹码
    assert bets_in(s, 3) == [16, 256, 4096]
    assert s.vars.stakes == (1, 16, 256, 4096)


@pytest.mark.parametrize("players", [4, 6])
def test_random_hands_never_end_in_the_first_round_by_a_decline(players: int) -> None:
    g = ThreeCardShowdown(players, chips=1000)
    rng = random.Random(players)
    hands = 0
    for seed in range(40):
        s = g.new_initial_state(seed)
        while s.current != TERMINAL:
            if s.is_chance_node():
                s.sample_chance(rng)
                continue
            legal = s.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            if action == DECLINE:
                assert s.vars.round > 1
            if s.vars.round == 1:
                assert DECLINE not in legal
            deals = s.vars.deals
            s.apply_action(action)
            if s.vars.deals != deals or s.current == TERMINAL:
                hands += 1
            else:
                assert all(g.room(s, p) >= 0 for p in range(players))
    assert hands >= 40


# -- settlement ---------------------------------------------------------------------------------


def test_settlement_the_losers_pay_the_winners_stake() -> None:
    plenty = [1000] * 4
    # 丙 wins having staked 32: 甲, 乙, 丁 each give 32
    assert settle([1, 2, 9, 3], [False] * 4, [17, 34, 32, 8], plenty) == (-32, -32, 96, -32)
    # 丙 holds trips: twice, 64 each
    trips = [False, False, True, False]
    assert settle([1, 2, 9, 3], trips, [17, 34, 32, 8], plenty) == (-64, -64, 192, -64)
    # 丙 wins with three Js; 乙 holds three 6s and staked 16: 甲 and 丁 give 乙 16 more
    gains = settle([1, 5, 9, 3], [False, True, True, False], [4, 16, 32, 8], plenty)
    assert gains == (-64 - 16, -64 + 32, 192, -64 - 16)


def test_settlement_never_takes_more_than_a_player_holds() -> None:
    gains = settle([1, 2, 9, 3], [False] * 4, [1, 2, 400, 8], [100, 1000, 1000, 1000])
    assert gains == (-100, -400, 900, -400)
    assert sum(gains) == 0


def test_showdown_pays_by_the_hands_dealt() -> None:
    s = fresh(chips=1000)
    zones = s.zones
    want = {0: hand("2S 5H 9D"), 1: hand("JS JH JC"), 2: hand("6S 6H 6C"), 3: hand("3D 4C KD")}
    every = [c for p in range(4) for c in zones[f"hand{p}"]] + zones["deck"]
    for p, h in want.items():
        zones[f"hand{p}"] = h
    chosen = [c for h in want.values() for c in h]
    zones["deck"] = [c for c in every if c not in chosen]
    s.apply_action(opening(1))
    bets_in(s, 4)  # 1, 2, 4, 8, then the dealer 16
    s.apply_action(DECLINE)
    # 乙 wins with three Js, staked 2, doubled: 4 from each; 丙's three 6s staked 4 collect 4
    # from 甲 and 丁
    assert s.vars.match == (-4 - 4, 12, -4 + 8, -4 - 4)


def test_the_match_ends_when_someone_is_broke_or_after_the_hands() -> None:
    g = ThreeCardShowdown(2, chips=10, hands=50)
    rng = random.Random(3)
    for seed in range(20):
        s = g.new_initial_state(seed)
        while s.current != TERMINAL:
            if s.is_chance_node():
                s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
        chips = [10 + m for m in s.vars.match]
        assert min(chips) <= 0 or s.vars.deals == 50
        assert min(chips) >= 0 and sum(s.vars.match) == 0
    s = ThreeCardShowdown(2, hands=1).new_initial_state(0)
    s.apply_action(opening(1))
    s.apply_action(BET)
    s.apply_action(DECLINE)
    assert s.current == TERMINAL and s.returns() == tuple(map(float, s.vars.match))


@pytest.mark.parametrize("n", [2, 4, 6])
def test_conformance(n: int) -> None:
    assert check_game(ThreeCardShowdown(n, hands=2), seeds=range(3)) > 0
