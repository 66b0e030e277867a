"""The shared declaration machinery: rank orders with a trump order, follow obligations,
combinations as data, the finder and the comparison."""

from __future__ import annotations

from typing import Any

from conjure.deck import Card
from conjure.games import (
    FREE,
    NO_TRUMP,
    Declarations,
    FollowRule,
    MarriageRule,
    Ranking,
    RunRule,
    SetRule,
    beats,
    compare,
    declare,
    ranks,
)
from conjure.games.api import Game, GameState

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)
KLAB = Ranking(
    ranks("A 10 K Q J 9 8 7"),
    ranks("J 9 A 10 K Q 8 7"),
    {0: 11, 9: 10, 12: 4, 11: 3, 10: 2},
    {10: 20, 8: 14, 0: 11, 9: 10, 12: 4, 11: 3},
)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def test_ranks_reads_labels_highest_first() -> None:
    assert ranks("J 9 A 10") == (10, 8, 0, 9)
    assert ranks("K Q T") == (12, 11, 9)


def test_trump_order_differs_from_the_plain_one() -> None:
    s = KLAB.strength[SPADES]
    # trump: J > 9 > A > 10 > K > Q > 8 > 7
    trump_order = cards("JS 9S AS TS KS QS 8S 7S")
    assert [s[x] for x in trump_order] == sorted((s[x] for x in trump_order), reverse=True)
    # plain: A > 10 > K > Q > J > 9 > 8 > 7
    plain_order = cards("AH TH KH QH JH 9H 8H 7H")
    assert [s[x] for x in plain_order] == sorted((s[x] for x in plain_order), reverse=True)
    assert s[c("7S")] > s[c("AH")]  # the lowest trump above the best plain card
    assert s[c("2H")] == 0  # not in the game
    assert KLAB.strength[NO_TRUMP][c("JS")] < KLAB.strength[NO_TRUMP][c("9S")] + 100


def test_points_depend_on_trump() -> None:
    assert KLAB.points[SPADES][c("JS")] == 20 and KLAB.points[HEARTS][c("JS")] == 2
    assert KLAB.points[SPADES][c("9S")] == 14 and KLAB.points[HEARTS][c("9S")] == 0
    assert KLAB.deck_points(SPADES) == 152


def test_beats() -> None:
    s = KLAB.strength[CLUBS]
    assert beats(c("AH"), c("7C"), s, CLUBS)  # a trump on a plain lead
    assert not beats(c("AH"), c("AS"), s, CLUBS)  # another plain suit never wins
    assert beats(c("KH"), c("TH"), s, CLUBS)
    assert not beats(c("9C"), c("AC"), s, CLUBS)  # trump 9 above trump A


def test_follow_rules() -> None:
    s = KLAB.strength[CLUBS]
    hand = cards("KH 7H 8C JC AS")
    assert sorted(FollowRule().legal(hand, c("TH"), CLUBS, s)) == sorted(cards("KH 7H"))
    assert sorted(FollowRule(head=True).legal(hand, c("QH"), CLUBS, s)) == cards("KH")
    assert len(FollowRule(head=True).legal(hand, c("TH"), CLUBS, s)) == 2  # 10 above K
    # void in diamonds: free unless bound to trump
    assert sorted(FollowRule().legal(hand, c("AD"), CLUBS, s)) == sorted(hand)
    assert sorted(FollowRule(trump=True).legal(hand, c("AD"), CLUBS, s)) == sorted(cards("8C JC"))
    # a trump led: beat it when able
    assert sorted(FollowRule(overtrump=True).legal(hand, c("9C"), CLUBS, s)) == cards("JC")
    assert sorted(FollowRule().legal(hand, c("9C"), CLUBS, s)) == sorted(cards("8C JC"))
    assert FREE.legal(hand, c("TH"), CLUBS, s) == hand


RUNS = RunRule(ranks("A K Q J 10 9 8 7"), {3: 20, 4: 50})


def test_runs_and_sets_found_in_a_hand() -> None:
    d = Declarations([RUNS, SetRule(RANK_J := 10, 4, 200), MarriageRule(20, 40)])
    hand = cards("KS QS JS TS 9S JH JC JD 7H")
    found = [d.catalogue[i] for i in d.find(hand)]
    labels = sorted(x.label() for x in found)
    assert labels == sorted(["run K♠ Q♠ J♠ 10♠ 9♠", "four J (J♠ J♥ J♣ J♦)", "marriage K♠ Q♠"]), (
        labels
    )
    run = next(x for x in found if x.kind == "run")
    assert run.score(SPADES) == 50 and run.order == (5, 7)
    marriage = next(x for x in found if x.kind == "marriage")
    assert marriage.score(SPADES) == 40 and marriage.score(HEARTS) == 20
    assert RANK_J == 10
    # with maximal=False the runs inside the run of five are listed too
    assert len([i for i in d.find(hand, maximal=False) if d.catalogue[i].kind == "run"]) == 6


def test_used_cards_are_left_out() -> None:
    d = Declarations([RUNS, SetRule(10, 4, 200)])
    hand = cards("KS QS JS JH JC JD")
    four = next(i for i in d.find(hand) if d.catalogue[i].kind == "set")
    used = d.catalogue[four].mask
    assert [d.catalogue[i].kind for i in d.find(hand, used=used)] == []


def test_trump_only_marriage() -> None:
    d = Declarations([MarriageRule(0, 20, trump_only=True)])
    hand = cards("KS QS KH QH")
    assert [d.catalogue[i].suit for i in d.find(hand, trump=HEARTS)] == [HEARTS]


def test_only_named_runs() -> None:
    d = Declarations([RunRule(ranks("A K Q J 10 9 8 7 6"), {4: 50}, only=(ranks("Q J 10 9"),))])
    assert len(d) == 4
    assert d.find(cards("KS QS JS TS")) == []
    assert len(d.find(cards("QH JH TH 9H 8H"))) == 1


def test_compare_by_a_key() -> None:
    d = Declarations([RUNS])
    a = d.catalogue[d.find(cards("AS KS QS"))[0]]
    b = d.catalogue[d.find(cards("9H 8H 7H TH"))[0]]
    by_length = lambda x: x.order  # noqa: E731
    assert compare(b, a, by_length) == 1 and compare(a, b, by_length) == -1
    assert compare(a, a, by_length) == 0


def test_per_card_values() -> None:
    rule = RunRule(ranks("A K Q J 10 9 8 7"), {3: 10}, per_card=1)
    assert rule.value_of(3) == 13 and rule.value_of(5) == 15


class _Two(Game):  # type: ignore[type-arg]
    id = "two"

    def _zones(self) -> dict[str, str | int]:
        return {"hand0": 0, "hand1": 1}


def test_declare_shows_exactly_the_declared_cards() -> None:
    game = _Two()
    state: GameState[Any] = GameState(game)
    state.zones["hand0"] = cards("KS QS 7H")
    d = Declarations([MarriageRule(20, 40)])
    declare(state, d.catalogue[d.find(state.zones["hand0"])[0]])
    assert state.observation(1)["zones"]["hand0"] == ["KS", "QS", None]
