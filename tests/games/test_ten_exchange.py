"""Ten exchange (游戏十 换牌): values, the deal, capture choices, the equal-before-sum rule, sweeps,
the end-of-deal points, conformance, the fast random playout against the checked path, and the
Monte-Carlo bot against random play."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from conjure.deck import Card
from conjure.games import TERMINAL, GameState, positions
from conjure.testing import check_fast_playout, check_game
from conjure_games.fast.ten_exchange import WEIGHTS, _either, _split
from conjure_games.ten_exchange import DECK, VALUES, TenExchange


def setv(s: GameState, **values: object) -> None:
    """Set public values of a position built by hand."""
    for name, value in values.items():
        setattr(s.vars, name, value)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def position(
    game: TenExchange, hand: str, table: str, other: str = "KS", stock: str = "QS QH"
) -> GameState:
    """Player 0 to move with ``hand`` against ``table``; ``other`` is player 1's hand."""
    s = game.new_initial_state(0)
    used = set(cards(hand) + cards(table) + cards(other) + cards(stock))
    s.zones = {z: [] for z in s.zones}
    s.zones["hand0"] = cards(hand)
    s.zones["hand1"] = cards(other)
    s.zones["table"] = cards(table)
    game.sort_table(s)
    s.zones["stock"] = cards(stock)
    s.zones["won0"] = [x for x in DECK if x not in used]
    setv(s, dealer=1, sweeps=(0, 0), last=-1)
    s.current = 0
    return s


def names(game: TenExchange, s: GameState) -> list[str]:
    return sorted(s.action_name(a) for a in s.legal_actions())


def test_forty_cards_and_their_values() -> None:
    assert len(DECK) == 40 and not any(x % 13 in (7, 8, 9) for x in DECK)
    assert [VALUES[c(t)] for t in ["AS", "2S", "7S", "JS", "QS", "KS"]] == [1, 2, 7, 8, 9, 10]
    assert sum(VALUES[x] for x in DECK) == 220


def test_the_deal() -> None:
    game = TenExchange()
    s = game.new_initial_state(3)
    assert [len(s.zones[z]) for z in ("hand0", "hand1", "table", "stock")] == [4, 4, 4, 28]
    assert s.vars.dealer == 0 and s.current == 1  # the dealer's opponent plays first


def test_stock_dealt_again_four_four_four_then_two() -> None:
    game = TenExchange()
    s = game.new_initial_state(5)
    sizes = []
    rng = random.Random(0)
    while s.vars.deals == 1:
        if not s.zones["hand0"] and not s.zones["hand1"]:
            break
        before = len(s.zones["stock"])
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
        if len(s.zones["stock"]) < before:
            sizes.append((len(s.zones["hand0"]), len(s.zones["hand1"])))
    assert sizes == [(4, 4), (4, 4), (4, 4), (2, 2)]


def test_equal_capture_takes_one_or_more_of_the_equal_cards() -> None:
    game = TenExchange()
    s = position(game, "6D", "6S 6H 2C")
    assert names(game, s) == [
        "6♦ takes 6♠",
        "6♦ takes 6♠ + 6♥",
        "6♦ takes 6♥",
    ]


def test_sum_capture() -> None:
    game = TenExchange()
    s = position(game, "7D", "5S 2H 3C")
    assert names(game, s) == ["7♦ takes 2♥ + 5♠"]
    s = position(game, "KD", "5S 2H 3C")
    assert names(game, s) == ["K♦ takes 2♥ + 3♣ + 5♠ (sweep)"]  # K is 10


def test_a_matching_card_in_hand_forbids_sums() -> None:
    game = TenExchange()  # priority=0: the text
    s = position(game, "7D 5S", "5H 2C 3D")
    assert names(game, s) == ["5♠ takes 5♥"]
    scopa = TenExchange(priority=1)
    s = position(scopa, "7D 5S", "5H 2C 3D")
    assert names(scopa, s) == ["5♠ takes 5♥", "7♦ takes 2♣ + 5♥"]
    # Scopa's rule still makes the card played take its equal rather than a sum
    s = position(scopa, "5S", "5H 2C 3D")
    assert names(scopa, s) == ["5♠ takes 5♥"]


def test_trail_only_when_nothing_can_be_taken() -> None:
    game = TenExchange()
    s = position(game, "7D AS", "5H 4C")
    assert names(game, s) == ["7♦ to the table", "A♠ to the table"]
    s = position(game, "7D AS", "")
    assert names(game, s) == ["7♦ to the table", "A♠ to the table"]
    s = position(game, "7D AS", "6H")
    assert names(game, s) == ["7♦ to the table", "A♠ to the table"]  # a lone 6 is no sum
    s = position(game, "7D AS", "6H AC")
    assert names(game, s) == ["A♠ takes A♣"]


def test_a_sweep_scores_but_not_on_the_last_play() -> None:
    game = TenExchange()
    s = position(game, "7D 3S", "5H 2C")
    s.apply_action(game.parse_action(s, "7♦ takes 2♣ + 5♥ (sweep)"))
    assert s.vars.sweeps == (1, 0) and s.vars.last == 0
    s = position(game, "7D", "5H 2C", other="", stock="")
    s.apply_action(game.parse_action(s, "7♦ takes 2♣ + 5♥ (sweep)"))
    assert s.vars.last_deal == (3, 0)  # the total, the ♦ and the 7♦; no sweep point


def test_first_sweep_only() -> None:
    assert TenExchange().option_values["first_sweep_only"] == 1  # the text's 第一回
    game = TenExchange(first_sweep_only=1)
    s = position(game, "7D 3S", "5H 2C")
    s.vars.sweeps = (1, 0)
    s.apply_action(game.parse_action(s, "7♦ takes 2♣ + 5♥ (sweep)"))
    assert s.vars.sweeps == (1, 0)


def last_two_plays(last: int, match: tuple[int, int] = (0, 0)) -> GameState:
    """Player 1 trails K♦ on the 7♦, player 2 trails 3♣, the deal ends; player ``last`` took
    cards last. Player 1 holds every other card."""
    game = TenExchange()
    s = position(game, "KD", "7D", other="3C", stock="")
    setv(s, last=last, match=match)
    s.apply_action(c("KD"))
    s.apply_action(c("3C"))
    return s


def test_the_last_capturer_takes_the_rest() -> None:
    # the rest (7♦ K♦ 3♣) decides the 7♦ point
    assert last_two_plays(last=1).vars.last_deal == (2, 1)
    assert last_two_plays(last=0).vars.last_deal == (3, 0)


def test_a_told_deal_tells_the_rest_and_the_points() -> None:
    s = position(TenExchange(), "KD", "7D", other="3C", stock="")
    setv(s, last=1)
    s.story = []
    s.apply_action(c("KD"))
    s.apply_action(c("3C"))
    told = [t.en for t in s.story]
    assert "player 2, who took cards last, takes the rest: 3♣ 7♦ K♦" in told
    assert (
        "the deal ends: 2 : 1 to the match (total to player 1, ♦ to player 1, 7♦ to player 2)"
        in told
    )


def deal_points(won0: str, sweeps: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    game = TenExchange()
    s = game.new_initial_state(0)
    mine = set(cards(won0))
    s.zones = {z: [] for z in s.zones}
    s.zones["won0"] = sorted(mine)
    s.zones["won1"] = [x for x in DECK if x not in mine]
    s.vars.sweeps = sweeps
    return game.deal_points(s)[0]


def test_end_of_deal_points() -> None:
    diamonds = "AD 2D 3D 4D 5D 6D"
    assert deal_points(diamonds) == (1, 2)  # more ♦ (6 of 10); the 7♦ and the total to player 2
    assert deal_points(diamonds + " 7D") == (2, 1)
    half = "KS KH KC QS QH QC JS JH JC 7S 7H 2S AD 2D 3D 7D"
    assert sum(VALUES[c(t)] for t in half.split()) == 110
    assert deal_points(half) == (1, 1)  # 110 each: nobody takes the total; 4 ♦ to 6
    five = "KS KH KC QS QH QC JS JH JC 7S 7H AD 2D 3D 4D 5D"
    assert deal_points(five) == (0, 1)  # 110 each, 5 ♦ each: the 7♦ alone scores
    assert deal_points("", sweeps=(0, 3)) == (0, 6)


def test_the_match_ends_at_eleven_with_a_clear_leader() -> None:
    s = last_two_plays(last=1, match=(9, 11))
    assert s.vars.match == (11, 12) and s.current == TERMINAL
    assert s.returns() == (-1.0, 1.0)
    s = last_two_plays(last=1, match=(10, 11))
    assert s.vars.match == (12, 12) and s.current != TERMINAL  # level: another deal
    assert s.vars.deals == 2


def test_conformance() -> None:
    assert check_game(TenExchange(target=3), seeds=range(8)) > 0
    assert check_game(TenExchange(target=2, priority=1, first_sweep_only=0), seeds=range(3)) > 0


# -- the fast random playout --------------------------------------------------------------------


def test_the_fast_playout_counts_sweeps_as_the_rules_say() -> None:
    """A sweep scores while cards are left to play, not on the deal's last play; with
    ``first_sweep_only`` only the first."""
    for once, sweeps in ((0, (2, 0)), (1, (1, 0))):
        game = TenExchange(target=100, first_sweep_only=once)
        # 7♠ sweeps 7♦; 6♥ is laid, 6♠ sweeps it; 4♣ is laid, and 4♠ takes it on the last
        # play, which is no sweep
        s = position(game, "7S 6S 4S", "7D", other="6H 4C", stock="")
        s.vars.sweeps = s.vars.score = (0, 0)
        fast = s.copy()
        picks = iter([0.0] * 6)
        assert game._play_random(fast, picks.__next__, random.Random(0)) == 5
        assert fast.vars.sweeps == sweeps, once
        check_fast_playout(s, 0)
    # the sweep with a player's last card while the other still holds one scores
    s = position(TenExchange(), "7S", "7D", other="4C", stock="")
    s.vars.sweeps = s.vars.score = (0, 0)
    fast = s.copy()
    assert TenExchange()._play_random(fast, [0.0, 0.0].pop, random.Random(0)) == 2
    assert fast.vars.sweeps == (1, 0)
    check_fast_playout(s, 0)


@given(st.lists(st.integers(1, 10), max_size=12).map(lambda vs: tuple(sorted(vs))))
def test_the_fast_capture_tables_are_the_rules_tables(values: tuple[int, ...]) -> None:
    """What a card of each value may take from a table, as the fast path looks it up, is
    what :meth:`CaptureRules.options` answers (split, and either/or for ``priority=1``),
    with the right positions and weight taken."""
    if max((values.count(v) for v in values), default=0) > 4:
        return  # a deck has four cards of a value
    weight = sum(1 << 3 * v for v in values)
    expected = TenExchange.rules.options(values)
    split, either = _split(weight), _either(weight)
    for v, (eq, sums) in enumerate(expected):
        assert [t[0] >> 9 for t in split[0][v]] == list(eq)
        assert [t[0] >> 9 for t in split[1][v]] == list(sums)
        assert [t[0] >> 9 for t in either[v]] == list(eq or sums)
        for bits, at, taken in split[0][v] + split[1][v]:
            assert at == tuple(positions(bits >> 9))
            assert taken == sum(1 << 3 * values[i] for i in at)


def test_weights_of_values() -> None:
    assert all(WEIGHTS[x] == 1 << 3 * VALUES[x] for x in DECK)
