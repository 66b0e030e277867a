"""Go fish (小猫钓鱼): the quartet values, asking the next player, the stall and the rule that
ends it, public knowledge, conformance and the Monte-Carlo bot."""

from __future__ import annotations

import inspect
import random
import types

import pytest

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.games.bots import random_playout
from conjure.testing import check_fast_playout, check_game
from conjure_games import go_fish
from conjure_games.fast import go_fish as fast_go_fish
from conjure_games.go_fish import QUARTET_POINTS, GoFish, GoFishVars


def c(text: str) -> int:
    return Card(text).code


def hands(game: GoFish, *texts: str, current: int = 0) -> GameState[GoFishVars]:
    """A position with the given hands (the other cards already in quartets of player 1)."""
    s = game.new_initial_state(0)
    for z in s.zones.values():
        z.clear()
    held = set()
    for p, text in enumerate(texts):
        s.zones[f"hand{p}"] = sorted(c(t) for t in text.split())
        held |= set(s.zones[f"hand{p}"])
    s.zones["quartets0"] = [x for x in range(52) if x not in held]
    s.vars.score = (0,) * game.num_players
    s.vars.denied = (0,) * game.num_players
    s.vars.asks = ()
    s.vars.refused = 0
    s.vars.stalled = False
    s.current = current
    return s


def test_quartet_values_as_printed() -> None:
    value = dict(zip("A23456789TJQK", QUARTET_POINTS, strict=True))
    assert (value["A"], value["K"], value["J"], value["Q"]) == (50, 40, 30, 20)
    assert [value[r] for r in "T9876"] == [10] * 5
    assert [value[r] for r in "5432"] == [5] * 4


def test_the_deal_gives_every_card_and_lays_down_quartets() -> None:
    game = GoFish()
    s = game.new_initial_state(11)
    sizes = [len(s.zones[f"hand{p}"]) + len(s.zones[f"quartets{p}"]) for p in range(4)]
    assert sizes == [13, 13, 13, 13]
    for p in range(4):
        ranks = [x % 13 for x in s.zones[f"hand{p}"]]
        assert all(ranks.count(r) < 4 for r in ranks)


def test_asking_the_next_player_for_a_card_of_a_held_rank() -> None:
    game = GoFish()
    s = hands(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    legal = set(s.legal_actions())
    assert legal == {c("5C"), c("5D"), c("9S"), c("9H"), c("9D")}  # ranks held, cards not held
    assert s.action_name(c("5C")) == "ask player 2 for the five of clubs"
    assert s.action_name(c("5C"), "zh") == "向玩家2要梅花5"
    assert game.parse_action(s, "向玩家2要梅花5") == c("5C")
    s.apply_action(c("5C"))  # player 2 has it: handed over, shown, ask again
    assert c("5C") in s.zones["hand0"] and s.current == 0
    assert s.observation(2)["zones"]["hand0"] == [None, None, "5C", None]
    s.apply_action(c("5D"))  # player 2 (the next) does not hold 5D: the turn passes
    assert s.current == 1 and s.vars.denied[1] == 1 << c("5D")
    facts = game._facts(s, 0)
    assert [str(f) for f in facts] == [
        "player 1 asked player 2 for the five of clubs: got 1",
        "player 1 asked player 2 for the five of diamonds: no",
    ]
    assert [f.get("zh") for f in facts] == [
        "玩家1向玩家2要梅花5：给了1张",
        "玩家1向玩家2要方块5：没有",
    ]


def test_every_seat_hears_an_ask_whoever_holds_the_card() -> None:
    game = GoFish()
    s = hands(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    for action in (c("5C"), c("5D")):  # one the next player holds, one nobody at hand does
        for seat in range(4):
            assert s.action_seen(action, seat) == s.action_name(action)


def test_a_completed_quartet_scores_and_the_game_ends_when_all_are_down() -> None:
    game = GoFish(3)
    s = hands(game, "AS AH AC", "AD", "")
    s.apply_action(c("AD"))
    assert s.zones["quartets0"][-4:] == [c("AS"), c("AH"), c("AC"), c("AD")]
    assert s.vars.score == (50, 0, 0)
    assert s.current == TERMINAL and s.returns() == (1.0, -1.0, -1.0)


def test_a_stalled_deal_ends_under_the_literal_rule() -> None:
    # fives between players 1 and 3, nines between 2 and 4: no one's next player can help
    game = GoFish()
    s = hands(game, "5S 5H", "9S 9H", "5C 5D", "9C 9D")
    assert game.stalled(s)
    t = hands(game, "5S 5H", "9S 9H", "5C 5D 9D", "9C")
    assert not game.stalled(t)
    t.apply_action(c("5C"))  # player 2 lacks 5C: refused
    assert t.current == 1 and not t.is_terminal()
    t.apply_action(c("9D"))  # player 3 has 9D: now the fives and nines sit apart
    assert t.current == TERMINAL and t.vars.stalled


def test_asking_anyone_never_stalls() -> None:
    game = GoFish(ask=1)
    s = hands(game, "5S 5H", "9S 9H", "5C 5D", "9C 9D")
    assert not s.is_terminal()
    s.apply_action(
        next(a for a in s.legal_actions() if "player 3 for the five of clubs" in s.action_name(a))
    )
    assert c("5C") in s.zones["hand0"]
    rng = random.Random(3)
    for seed in range(30):
        s = game.new_initial_state(seed)
        random_playout(s, rng)
        assert not s.vars.stalled and sum(s.vars.score) == 4 * sum(QUARTET_POINTS) // 4


def test_the_literal_rule_stalls_often_with_four_and_never_with_three() -> None:
    rng = random.Random(1)
    stalls = {}
    for n in (3, 4):
        game = GoFish(n)
        count = 0
        for seed in range(60):
            s = game.new_initial_state(seed)
            random_playout(s, rng)
            count += s.vars.stalled
        stalls[n] = count
    # with three players every pair sits next to each other one way round: no stall is possible
    assert stalls[3] == 0 and stalls[4] > 40


def test_a_bot_never_deals_a_refused_card_back() -> None:
    game = GoFish()
    s = hands(game, "5S 5H 9C", "5C 9S", "5D KS", "9H 9D KH KC KD")
    s.apply_action(c("9H"))  # refused by player 2
    rng = random.Random(0)
    for _ in range(100):
        world = game.determinize(s, 1, rng)
        assert c("9H") not in world.zones["hand1"]
        world = game.determinize(s, 3, rng)
        assert c("9H") not in world.zones["hand1"]


@pytest.mark.parametrize(("players", "ask", "seeds"), [(4, 0, 1), (3, 0, 2), (3, 1, 1)])
def test_conformance(players: int, ask: int, seeds: int) -> None:
    assert check_game(GoFish(players, ask=ask), seeds=range(seeds), bot_checks=1) > 0


#: one rule changed in the fast ask=1 loop: what is planted (the line as it is, and as changed)
PLANTED_ANY = [
    # a refusal tells the table nothing
    ("            denied |= tl[action]\n", "            pass\n"),
    # every quartet scores 5
    (
        "laid[p] += _RANK_CARDS[r]\n            score[p] += QUARTET_POINTS[r]\n",
        "laid[p] += _RANK_CARDS[r]\n            score[p] += 5\n",
    ),
    # a seat that gives a card and keeps its rank may not ask for the card back
    (
        "            insort(wanted[q], card)  # q may now ask for the card it gave\n",
        "            pass\n",
    ),
]


@pytest.mark.parametrize(("old", "new"), PLANTED_ANY, ids=["denial", "points", "ask-back"])
def test_a_rule_changed_in_the_fast_ask_any_loop_fails_check_game(
    old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = inspect.getsource(fast_go_fish)
    assert source.count(old) == 1
    planted = types.ModuleType("planted_go_fish")
    exec(compile(source.replace(old, new), fast_go_fish.__file__, "exec"), planted.__dict__)
    monkeypatch.setattr(GoFish, "_fast_play", staticmethod(planted.play_random), raising=False)
    with pytest.raises(AssertionError, match=r"go-fish \(4 players, ask=1\)"):
        check_game(GoFish(4, ask=1), seeds=(), bot_checks=0)  # the fast path alone


def checked_playout(state: GameState[GoFishVars], rng: random.Random) -> None:
    """Random play through the public checked methods alone."""
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])


def random_playout_steps(state: GameState[GoFishVars], rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])


@pytest.mark.parametrize("ask", [0, 1])
def test_the_fast_playout_copes_with_a_whole_quartet_left_in_a_hand(ask: int) -> None:
    # only in a world dealt again for a bot: the hand's only ask must be refused
    game = GoFish(ask=ask)
    for seed in range(6):
        slow = hands(game, "5S 5H 5C 5D", "9S 9H KS", "9C KH", "9D KC KD")
        fast = slow.copy()
        checked_playout(slow, random.Random(seed))
        random_playout(fast, random.Random(seed), uniform=True)
        assert fast.to_json() == slow.to_json()


@pytest.mark.parametrize("ask", [0, 1])
def test_the_fast_playout_from_a_table_with_an_empty_hand(ask: int) -> None:
    # player 3 is out: player 2 asks player 4, and asking anyone leaves player 3 out
    game = GoFish(ask=ask)
    for seed in range(8):
        slow = hands(game, "5S 9C KD", "5C 9S 9D KH", "", "5D 5H 9H KS KC", current=seed % 2)
        fast = slow.copy()
        checked_playout(slow, random.Random(seed))
        random_playout(fast, random.Random(seed), uniform=True)
        assert fast.to_json() == slow.to_json(), seed


def dealt(game: GoFish, deck: list[int]) -> GameState[GoFishVars]:
    """The state after chance has drawn ``deck`` in this order."""
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(card)
    return state


def stalled_plainly(state: GameState[GoFishVars]) -> bool:
    """No seat holds a rank that the next seat still holding cards holds too."""
    n = state.game.num_players
    ranks = [{x % 13 for x in state.zones[f"hand{p}"]} for p in range(n)]
    for p in range(n):
        holders = [q for q in range(p + 1, p + n) if ranks[q % n]]
        if ranks[p] and holders and ranks[p] & ranks[holders[0] % n]:
            return False
    return True


#: a six-player deal (the cards in the order drawn) after which no one can get a card from
#: the next player: found by a search, random deals of four to six never stalled at once
STALLED_AT_ONCE = [
    1, 15, 9, 29, 0, 2, 14, 28, 22, 42, 13, 4, 27, 41, 35, 45, 26, 17, 40, 3, 23, 21, 39, 5, 7,
    16, 36, 34, 20, 18, 8, 30, 49, 47, 33, 31, 10, 43, 25, 24, 46, 44, 11, 19, 38, 37, 48, 6, 12,
    32, 51, 50,
]  # fmt: skip


def test_a_deal_that_stalls_at_once_ends_at_once() -> None:
    state = dealt(GoFish(6), STALLED_AT_ONCE)
    assert stalled_plainly(state)
    assert state.is_terminal() and state.vars.stalled
    assert not dealt(GoFish(6, ask=1), STALLED_AT_ONCE).is_terminal()  # anyone may be asked
    for seed in range(200):  # and the others do not
        state = GoFish(6).new_initial_state(seed)
        assert state.is_terminal() == stalled_plainly(state) == state.vars.stalled


@pytest.mark.parametrize("ask", [0, 1])
def test_a_seat_dealt_only_quartets_is_passed_over(ask: int) -> None:
    # with six players the dealer's left gets eight cards first: here the aces and the twos
    game = GoFish(6, ask=ask)
    quartets = [c("AS"), c("AH"), c("AC"), c("AD"), c("2S"), c("2H"), c("2C"), c("2D")]
    rest = [x for x in range(52) if x not in quartets]
    deck = []
    for i in range(52):
        deck.append(quartets.pop() if i % 6 == 5 else rest.pop())
    for seed in range(4):
        slow = dealt(game, deck)
        assert slow.zones["hand0"] == [] and slow.vars.score[0] == 55
        assert slow.current == 1
        fast = slow.copy()
        checked_playout(slow, random.Random(seed))
        random_playout(fast, random.Random(seed), uniform=True)
        assert fast.to_json() == slow.to_json(), seed


def test_a_quartet_that_empties_two_hands_can_stall_the_deal() -> None:
    # player 1 can only ask for the 5♦, which player 2 holds alone: both hands empty, and of
    # the two left neither holds a rank of the other
    game = GoFish()
    slow = hands(game, "5S 5H 5C", "5D", "9S", "KS")
    fast = slow.copy()
    checked_playout(slow, random.Random(0))
    moves = random_playout(fast, random.Random(0), uniform=True)
    assert fast.to_json() == slow.to_json()
    assert moves == 1 and fast.vars.stalled and fast.vars.score[0] == 5


@pytest.mark.parametrize("refused", [0, 2, 7])
def test_the_fast_playout_of_a_deal_that_starts_stalled(refused: int) -> None:
    # only in a world dealt again for a bot: no seat shares a rank with the next one, so every
    # ask is refused until a whole round of refusals ends the deal
    game = GoFish()
    for seed in range(4):
        slow = hands(game, "2S 5S", "3S 6S", "2H 5H", "3H 6H", current=seed)
        slow.vars.refused = refused
        fast = slow.copy()
        checked_playout(slow, random.Random(seed))
        moves = random_playout(fast, random.Random(seed), uniform=True)
        assert fast.to_json() == slow.to_json()
        assert fast.vars.stalled
        assert moves == max(1, 4 - refused)


def test_an_ask_tells_the_table_the_asker_holds_the_rank_and_not_the_card() -> None:
    game = GoFish()
    s = hands(game, "5S 9C", "5C 9S", "5D KS", "9H 9D KH KC KD 5H")
    s.apply_action(c("5D"))  # player 1 asks player 2 for the 5♦: refused
    assert s.vars.holds[0] == 1 << 4
    assert s.vars.denied[0] == s.vars.denied[1] == 1 << c("5D")
    rng = random.Random(2)
    for _ in range(100):
        world = game.determinize(s, 2, rng)  # player 3 deals the others' cards again
        fives = [x for x in world.zones["hand0"] if x % 13 == 4]
        assert fives and c("5D") not in fives
        assert c("5D") not in world.zones["hand1"]
    s.apply_action(c("9C"))  # player 2 asks player 3 for the 9♣: refused
    s.apply_action(c("5C"))  # player 3 asks player 4 for the 5♣: refused
    assert s.vars.holds == (1 << 4, 1 << 8, 1 << 4, 0)
    s.apply_action(c("5S"))  # player 4 gets player 1's 5♠: player 1 may have no five left
    assert s.vars.holds == (0, 1 << 8, 1 << 4, 1 << 4)


@pytest.mark.parametrize("ask", [0, 1])
def test_a_deal_ends_at_the_cap_on_asks_on_both_paths(
    ask: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(go_fish, "MOST_ASKS", 25)
    for seed in range(12):
        state = GoFish(4, ask=ask).new_initial_state(seed)
        check_fast_playout(state, seed)  # the fast path stops where the checked one does
        random_playout(state, random.Random(seed), uniform=True)
        assert state.is_terminal() and state.vars.asked <= 25
        assert state.vars.asked == len(state.history) - 52
