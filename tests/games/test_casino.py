"""Casino (游戏十一 深谋远虑): values, captures, pictures, the three builds of the text, the duty to
take one's build, both scorings, conformance, and the Monte-Carlo bot against random play."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from conjure.deck import Card
from conjure.games import TERMINAL, GameError, GameState, sum_sets, sums_by_total
from conjure.games.bots import random_playout
from conjure.testing import check_game
from conjure.view.play import play_game
from conjure_games.casino import DECK, POINTS, VALUES, Casino
from conjure_games.fast.casino import COUNT_BIT, ORDER, _unrank


def setv(s: GameState, **values: object) -> None:
    """Set public values of a position built by hand."""
    for name, value in values.items():
        setattr(s.vars, name, value)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def position(game: Casino, hand: str, table: str, other: str = "2D", stock: str = "") -> GameState:
    """Player 1 to move with ``hand`` against ``table``, player 2 holding ``other``; the rest
    of the deck lies in player 2's won pile."""
    s = game.new_initial_state(0)
    used = set(cards(hand) + cards(table) + cards(other) + cards(stock))
    s.zones = {z: [] for z in s.zones}
    s.zones["hand0"] = cards(hand)
    s.zones["hand1"] = cards(other)
    s.zones["table"] = cards(table)
    game.sort_table(s)
    s.zones["stock"] = cards(stock)
    s.zones["won1"] = [x for x in DECK if x not in used]
    setv(s, dealer=1, last=-1, builds=((0, 0), (0, 0)))
    s.known.clear()
    s.current = 0
    return s


def names(game: Casino, s: GameState) -> list[str]:
    return sorted(s.action_name(a) for a in s.legal_actions())


def play(game: Casino, s: GameState, name: str) -> None:
    s.apply_action(game.parse_action(s, name))


def test_values() -> None:
    assert [POINTS[c(t)] for t in ["AS", "2S", "9S", "TS", "JS", "QS", "KS"]] == [
        1, 2, 9, 10, 0, 0, 0,
    ]  # fmt: skip
    assert sum(POINTS) == 220


def test_the_deal() -> None:
    s = Casino().new_initial_state(4)
    assert [len(s.zones[z]) for z in ("hand0", "hand1", "table", "stock")] == [4, 4, 4, 40]
    assert s.current == 1


def test_equal_cards_one_or_several_at_once() -> None:
    game = Casino()
    s = position(game, "8C", "8S 8H")
    assert names(game, s) == [
        "8♣ takes 8♠",
        "8♣ takes 8♠ + 8♥",
        "8♣ takes 8♥",
        "8♣ to the table",
    ]


def test_a_sum_and_the_pictures_riding_along() -> None:
    game = Casino()
    s = position(game, "TC", "7S 3H JD")
    assert names(game, s) == [
        "10♣ takes 3♥ + 7♠",
        "10♣ takes 3♥ + 7♠ and the pictures J♦",
        "10♣ to the table",
    ]


def test_pictures_pair_by_rank_and_never_sum() -> None:
    game = Casino()
    s = position(game, "JC", "JS QS AH")
    assert names(game, s) == ["J♣ takes J♠", "J♣ to the table"]


def test_a_build_needs_its_card_in_hand() -> None:
    game = Casino()
    s = position(game, "3H TC", "7S")
    assert "3♥ builds 10 on 7♠" in names(game, s)
    s = position(game, "3H 9C", "7S")
    assert not any("builds" in n for n in names(game, s))


def test_the_owner_must_take_the_build_next_turn_and_the_other_may_take_it() -> None:
    game = Casino()
    s = position(game, "3H TC AS", "7S 5D", other="2C 4C")
    play(game, s, "3♥ builds 10 on 7♠")
    assert s.zones["build0"] and s.vars.builds[0] == (10, 0)
    assert "2♣ raises the build of 10 (7♠ 3♥) to 12" not in names(game, s)  # past 10
    play(game, s, "2♣ to the table")
    assert names(game, s) == ["10♣ takes the build of 10 (7♠ 3♥)"]
    play(game, s, "10♣ takes the build of 10 (7♠ 3♥)")
    assert sorted(s.zones["won0"][-3:]) == sorted(cards("TC 7S 3H"))
    assert not s.zones["build0"] and s.vars.builds == ((0, 0), (0, 0))
    # the other player holding the value takes it first
    s = position(game, "3H TC AS", "7S 5D", other="TD 4C")
    play(game, s, "3♥ builds 10 on 7♠")
    assert "10♦ takes the build of 10 (7♠ 3♥)" in names(game, s)


def test_pair_build_shows_the_twin() -> None:
    game = Casino()
    s = position(game, "8H 8C AS", "8S", other="2C 4C")
    assert "8♥ pair-builds on 8♠ (shows the twin)" in names(game, s)
    assert not s.sees(1, "hand0", 1, c("8C"))
    play(game, s, "8♥ pair-builds on 8♠ (shows the twin)")
    assert s.vars.builds[0] == (8, 1)
    assert s.sees(1, "hand0", s.zones["hand0"].index(c("8C")), c("8C"))
    # a pair build cannot be raised
    assert not any("raises" in n for n in names(game, s))


def test_the_texts_raise_example() -> None:
    """「对方在场牌3的牌做附加牌2，这时自己再加上4的牌当附加牌…若手牌中有9的牌，就可以…配合桌上2、3、4的牌，一起拿起来」"""
    game = Casino()
    s = position(game, "2H 5C", "3S", other="4D 9C")
    play(game, s, "2♥ builds 5 on 3♠")
    assert "4♦ raises the build of 5 (3♠ 2♥) to 9" in names(game, s)
    play(game, s, "4♦ raises the build of 5 (3♠ 2♥) to 9")
    assert s.vars.builds == ((0, 0), (9, 0)) and not s.zones["build0"]
    play(game, s, "5♣ to the table")
    assert names(game, s) == ["9♣ takes the build of 9 (3♠ 2♥ 4♦)"]
    # without a 9 to take it, the 4 cannot raise
    s = position(game, "2H 5C", "3S", other="4D 8C")
    play(game, s, "2♥ builds 5 on 3♠")
    assert not any("raises" in n for n in names(game, s))


def test_points_scoring_and_casino_scoring() -> None:
    game = Casino()
    s = game.new_initial_state(0)
    s.zones = {z: [] for z in s.zones}
    mine = cards("AS AH TD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    s.zones["won0"] = mine
    s.zones["won1"] = [x for x in DECK if x not in mine]
    assert game.deal_points(s) == (1 + 1 + 10 + 54, 220 - 66)
    table = Casino(scoring=1)
    # player 1: 2 Aces, the 10♦ (2), the 2♠ (1), most spades (1); player 2: most cards (3)
    assert table.deal_points(s) == (2 + 2 + 1 + 1, 3 + 2)


def test_the_match_ends_with_a_clear_leader() -> None:
    game = Casino()
    s = position(game, "AS", "5D", other="2C")
    s.vars.match = (0, 299)
    play(game, s, "A♠ to the table")
    play(game, s, "2♣ to the table")
    assert s.current == TERMINAL and s.returns() == (-1.0, 1.0)


def test_conformance() -> None:
    assert check_game(Casino(target=150), seeds=range(3)) > 0
    assert check_game(Casino(scoring=1, target=8), seeds=range(2)) > 0
    assert check_game(Casino(several=1, target=100), seeds=range(2)) > 0


def test_typing_a_card_with_several_moves_asks_which() -> None:
    game = Casino()
    s = position(game, "8C 3H", "8S 8H")
    with pytest.raises(GameError, match=r"8♣ has 4 moves: type one of \d+, \d+, \d+, \d+"):
        game.parse_action(s, "8C")
    assert s.action_name(game.parse_action(s, "3H")) == "3♥ to the table"  # one move only
    assert s.action_name(game.parse_action(s, "８♣ takes 8♠ + 8♥")) == "8♣ takes 8♠ + 8♥"
    with pytest.raises(GameError, match="'zz' is not a move here"):
        game.parse_action(s, "zz")


def test_a_game_played_by_typing_to_the_end() -> None:
    """The terminal shows the table and the builds with their values, refuses an ambiguous
    card with the numbers to type, and plays a whole match."""
    out = io.StringIO()
    answers = iter(["TD", *["1"] * 2000])
    code = play_game(
        Casino(target=1),
        seed=3,
        bot="random",
        console=Console(file=out, width=100, highlight=False),
        ask=lambda _: next(answers),
    )
    text = out.getvalue()
    assert code == 0 and "Game over" in text
    assert "table" in text and "build (you)" in text
    assert "the deal ends:" in text
    assert "Traceback" not in text


# -- the fast random playout ---------------------------------------------------------------------


def checked_to_the_end_of_the_deal(s: GameState, rng: random.Random, chance: random.Random) -> None:
    """Random play through the checked public methods, as far as random_playout goes with
    ``deal``: the end of the deal being played."""
    deal = s.vars.deals
    while not s.is_terminal():
        if s.is_chance_node():
            if s.vars.deals != deal:
                return
            s.sample_chance(chance)
            continue
        actions = s.legal_actions()
        s.apply_action(actions[int(rng.random() * len(actions))])


def same_playouts(s: GameState, tries: int = 2) -> None:
    """From ``s``, the fast path gives what the checked path gives, seed for seed."""
    for seed in range(tries):
        slow, fast = s.copy(), s.copy()
        checked_to_the_end_of_the_deal(slow, random.Random(seed), random.Random(50 + seed))
        random_playout(
            fast, random.Random(seed), s.vars.deals, chance=random.Random(50 + seed), uniform=True
        )
        assert fast.history == slow.history
        assert fast.to_json() == slow.to_json()


def what_is_on_the_table(s: GameState) -> set[str]:
    """The features of a position the fast path reads differently."""
    found = set()
    z = s.zones
    if z["build0"] and z["build1"]:
        found.add("both builds")
    if z[f"build{s.current}"]:
        found.add("own build")
        value = s.vars.builds[s.current][0]
        if all(VALUES[x] != value for x in z[f"hand{s.current}"]):
            found.add("own build, no card to take it")
    if any(p for _, p in s.vars.builds):
        found.add("pair build")
    if any(VALUES[x] >= 11 for x in z["table"]) and (z["build0"] or z["build1"]):
        found.add("pictures and a build")
    return found


@pytest.mark.parametrize(
    "options", [{}, {"several": 1}, {"scoring": 1}, {"several": 1, "scoring": 1}]
)
def test_the_fast_playout_from_mid_game_positions_and_dealt_again_worlds(
    options: dict[str, int],
) -> None:
    """Positions met in random play, with builds of both players, one's own build, pair
    builds and pictures beside builds, and the worlds a bot deals again from them (where the
    owner of a build may hold no card to take it): the fast path plays on exactly as the
    checked path."""
    game = Casino(target=150, **options)
    seen: set[str] = set()
    compared = 0
    for seed in range(40):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_chance_node() and not s.is_terminal():
            features = what_is_on_the_table(s)
            if features - seen or (features and compared < 60) or rng.random() < 0.03:
                seen |= features
                same_playouts(s, 1)
                for p in (0, 1):
                    world = game.determinize(s, p, random.Random(seed + p))
                    seen |= {f"dealt again: {f}" for f in what_is_on_the_table(world)}
                    same_playouts(world, 1)
                compared += 1
            actions = s.legal_actions()
            s.apply_action(actions[int(rng.random() * len(actions))])
    assert {
        "both builds",
        "own build",
        "pair build",
        "pictures and a build",
        "dealt again: own build, no card to take it",
    } <= seen


@pytest.mark.parametrize("several", [0, 1])
def test_the_fast_playout_with_builds_of_one_value(several: int) -> None:
    """Builds of 8 beside loose 8s, a sum of 8 and pictures: an 8 may take a build, both,
    the loose 8s with them, the pictures too, or (several=1) the sum as well."""
    game = Casino(target=150, several=several)
    s = position(game, "8C 3H 5D KH", "8S 6D 2S KS QC", other="8D AC 4C JH")
    s.zones["build1"] = cards("5S 3S")
    s.zones["won1"] = [x for x in s.zones["won1"] if x not in cards("5S 3S")]
    setv(s, builds=((0, 0), (8, 0)), score=(0, sum(POINTS[x] for x in s.zones["won1"])))
    assert game.audit(s) is None
    takes = [n for n in names(game, s) if "takes" in n]
    assert "8♣ takes 8♠ + the build of 8 (5♠ 3♠) and the pictures Q♣ K♠" in takes
    assert len(takes) == (13 if several else 7) + 1  # and K♥ takes K♠
    same_playouts(s, 8)
    # both players' builds of 8: the owner of either must take his own
    s.zones["build0"] = cards("AS 7S")
    s.zones["won1"] = [x for x in s.zones["won1"] if x not in cards("AS 7S")]
    setv(s, builds=((8, 0), (8, 0)), score=(0, sum(POINTS[x] for x in s.zones["won1"])))
    assert game.audit(s) is None
    for mover in (0, 1):
        s.current = mover
        assert all(
            f"build of 8 ({'A♠ 7♠' if mover == 0 else '5♠ 3♠'})" in n for n in names(game, s)
        )
        same_playouts(s, 8)


def test_the_fast_playout_shows_the_same_twin() -> None:
    """With three 8s in hand, a pair build shows the lowest of the two held back, on both
    paths."""
    game = Casino(target=150)
    s = position(game, "8C 8H 8D 2C", "8S 5S", other="AD 3C 4C JH")
    same_playouts(s, 12)
    shown = []
    for seed in range(12):
        fast = s.copy()
        random_playout(fast, random.Random(seed), 1, chance=random.Random(50 + seed), uniform=True)
        shown += [x for x, seen in fast.known.items() if seen == -1]
    assert c("8C") in shown  # (8♣ is the lowest code of the three)


def test_the_fast_playout_finds_each_sum_by_counting() -> None:
    """The fast path of one set a capture finds the chosen sum or build among the subsets of
    the table by counting them: every subset of random tables (equal values side by side,
    pictures after them), for every total, is found at its place in the checked order, the
    counts worked out for a table or remembered from another with the same low cards."""
    rng = random.Random(5)
    for _ in range(300):
        table = rng.sample(DECK, rng.randint(1, 14))
        tab = sorted(ORDER[x] for x in table)
        count = sum(COUNT_BIT[x] for x in table)
        numbers = tuple(x >> 6 for x in tab if x >> 6 <= 10)
        every, sums = sums_by_total(numbers, 10), sum_sets(numbers, 10)
        for total in range(1, 11):
            for singles, listed in ((True, every[total]), (False, sums[total])):
                found = [_unrank(tab, count, total, k, singles) for k in range(len(listed))]
                assert found == listed, (numbers, total, singles)


def test_the_fast_playout_takes_a_sum_beside_cards_of_its_value() -> None:
    """Two loose 5s beside sums of 5: a 5 takes either 5, both, or a sum of two or three
    cards; both paths choose alike."""
    game = Casino(target=150)
    s = position(game, "5C 9H 3D KH", "5S 5H 2S 3S AC 4C AH", other="8D AD 4D JH")
    takes = [n for n in names(game, s) if n.startswith("5♣ takes")]
    assert len(takes) == 3 + 4  # 5♠, 5♥, both; 2+3, A+4 twice, A+A+3
    same_playouts(s, 40)
