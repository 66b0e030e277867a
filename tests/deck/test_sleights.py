"""The moves of the literature (faros of any split, riffles, overhand shuffles, deals into piles,
spelling, top-to-bottom, double lift, glimpse, Elmsley count) against models written here by
position, and the riffle choice counted exactly."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.deck import (
    CARDS,
    BottomToTop,
    DealPiles,
    DeckState,
    DoubleLift,
    ElmsleyCount,
    Faro,
    Glimpse,
    Overhand,
    Riffle,
    Riffles,
    SpellDeal,
    Spread,
    TopToBottom,
    letters,
    parse_move,
    visible_during,
)
from conjure.deck.cards import Card
from conjure.errors import IllegalMoveError, NotationError


def deck(n: int, place: str = "left") -> DeckState:
    return DeckState.from_cards(place, CARDS[:n])


def order(s: DeckState, place: str = "left") -> list[int]:
    return [c.code for c in s.cards(place)]


# -- faros of any split --------------------------------------------------------------------------


def faro_by_position(n: int, k: int, out: bool, from_bottom: bool) -> list[int]:
    """Where each card goes, from the position formulas magicians use: woven from the top, the
    i-th card of the packet that starts the weave goes to 2i and the j-th of the other to 2j+1,
    while both last; the rest of the larger packet keeps its place after the woven part."""
    if from_bottom:  # the mirror image: weave the upside-down packet from the top
        flipped = faro_by_position(n, n - k, out, False)
        return [n - 1 - c for c in reversed(flipped)]
    top, bottom = list(range(k)), list(range(k, n))
    first, second = (top, bottom) if out else (bottom, top)
    pairs = min(len(first), len(second))
    result = [0] * n
    for i, card in enumerate(first):
        result[2 * i if i < pairs else pairs + i] = card
    for j, card in enumerate(second):
        result[2 * j + 1 if j < pairs else pairs + j] = card
    return result


@given(st.integers(0, 20), st.data(), st.booleans(), st.booleans())
def test_a_faro_of_any_split_weaves_by_the_position_formulas(
    n: int, data: st.DataObject, out: bool, from_bottom: bool
) -> None:
    k = data.draw(st.integers(0, n))
    s = deck(n)
    s.push(Faro("left", out, split=k, from_bottom=from_bottom))
    assert order(s) == faro_by_position(n, k, out, from_bottom)


def test_eighteen_faroed_into_thirty_four() -> None:
    s = deck(52)
    s.push(parse_move("Faro left split=18"))
    got = order(s)
    assert got[:36:2] == list(range(18)) and got[1:36:2] == list(range(18, 36))
    assert got[36:] == list(range(36, 52))  # the rest of the larger packet stays a block
    s = deck(52)
    s.push(parse_move("Faro left no 18 from_bottom=yes"))
    got = order(s)
    # woven from the bottom, in: the top packet's bottom card ends at the bottom
    assert got[-1] == 17 and got[:16] == list(range(18, 34))


def test_the_default_faro_is_unchanged_and_known_facts_hold() -> None:
    for n in (4, 5, 9, 52):
        for out in (True, False):
            half = (n + 1) // 2 if out else n // 2
            a, b = deck(n), deck(n)
            a.push(Faro("left", out))
            b.push(Faro("left", out, split=half))
            assert a == b
    s = deck(52)
    for _ in range(8):  # eight out-faros bring 52 cards back
        s.push(Faro("left"))
    assert order(s) == list(range(52))
    for _ in range(26):  # twenty-six in-faros reverse them (52 bring them back)
        s.push(Faro("left", out=False))
    assert order(s) == list(range(51, -1, -1))


def test_a_faro_split_larger_than_the_packet_is_illegal_and_zero_is_nothing() -> None:
    with pytest.raises(IllegalMoveError, match="holds 3 cards"):
        deck(3).push(Faro("left", split=4))
    s = DeckState.parse("left: AS / 2S 3S")
    s.push(Faro("left", split=0))
    assert s == DeckState.parse("left: AS / 2S 3S")


# -- riffles ---------------------------------------------------------------------------------------


@given(st.text("TB", max_size=16))
def test_a_riffle_interleaves_the_halves_by_its_pattern(pattern: str) -> None:
    n, k = len(pattern), pattern.count("T")
    s = deck(n)
    s.push(Riffle("left", pattern))
    tops, bottoms = iter(range(k)), iter(range(k, n))
    assert order(s) == [next(tops) if c == "T" else next(bottoms) for c in pattern]


def test_faros_and_cuts_are_riffles() -> None:
    for n in (6, 7):
        for out in (True, False):
            pattern = ("TB" * n)[:n] if out else ("BT" * n)[:n]
            assert deck(n).after(Faro("left", out)) == deck(n).after(Riffle("left", pattern))
    assert order(deck(5).after(Riffle("left", "BBBTT"))) == [2, 3, 4, 0, 1]  # a complete cut


def test_riffle_notation_letters_or_runs() -> None:
    assert parse_move("Riffle left 2T1B1T") == Riffle("left", "TTBT")
    assert parse_move("riffle left tbbt").pattern == "TBBT"
    with pytest.raises(NotationError, match="pattern must be T and B"):
        parse_move("Riffle left TXB")
    with pytest.raises(IllegalMoveError, match="the pattern has 3 letters"):
        deck(4).push(Riffle("left", "TBT"))
    text = str(Riffle("left", "TTTBBBBT"))
    assert text == ("Riffle the left hand: the top 4 cards into the other 4 cards, 3 runs (3T4B1T)")
    assert Riffle("left", "TTTBBBBT").describe("zh").endswith("（3上4下1上）")


@pytest.mark.parametrize("n", range(0, 9))
def test_riffles_with_one_cut_are_exactly_the_c_n_k_interleavings(n: int) -> None:
    for k in range(n + 1):
        riffles = Riffles("left", n, cut=k)
        patterns = [r.pattern for r in riffles]
        assert riffles.size == math.comb(n, k) == len(patterns) == len(set(patterns))
        every = {
            "".join("T" if i in tops else "B" for i in range(n))
            for tops in itertools.combinations(range(n), k)
        }
        assert set(patterns) == every
        assert patterns[0] == "T" * k + "B" * (n - k)  # index 0: the packet as it was
        alternations = [Riffle("left", p).alternations for p in patterns]
        assert alternations == sorted(alternations)  # the least shuffled first
        assert all(riffles.index_of_value(p) == i for i, p in enumerate(patterns))


def test_every_riffle_of_a_deck_is_counted_exactly() -> None:
    every = Riffles("left", 52)
    assert every.size == 2**52 - 2  # every cut from 1 to 51: the sum of C(52, k)
    half = Riffles("left", 52, cut=26)
    assert half.size == math.comb(52, 26) == 495_918_532_948_104
    for index in (0, 1, 2, 10**6, 10**12, half.size // 3, half.size - 1):
        assert half.index_of_value(half[index]) == index
    assert half[half.size - 1].alternations == 51  # a perfect faro is the most shuffled
    assert half.index_of_value("TB" * 26) is not None
    assert half.index_of_value("T" * 52) is None  # a cut of 52 is not among them
    with pytest.raises(IndexError):
        half[half.size]


# -- overhand shuffles -----------------------------------------------------------------------------


@given(st.integers(1, 12), st.data())
def test_an_overhand_shuffle_reverses_its_packets(n: int, data: st.DataObject) -> None:
    runs = data.draw(st.lists(st.integers(0, 4), max_size=6).filter(lambda r: sum(r) <= n))
    s = deck(n)
    s.push(Overhand("left", tuple(runs)))
    # the model: the left hand takes packet after packet from the top, each on the last
    left: list[int] = []
    right = list(range(n))
    for size in [*runs, n - sum(runs)]:
        left = right[:size] + left
        right = right[size:]
    assert order(s) == left


def test_single_card_runs_reverse_and_too_many_cards_is_illegal() -> None:
    assert order(deck(4).after(Overhand("left", (1, 1, 1, 1)))) == [3, 2, 1, 0]
    assert parse_move("Overhand left 2,1") == Overhand("left", (2, 1))
    with pytest.raises(IllegalMoveError, match="the runs hold 5 cards"):
        deck(4).push(Overhand("left", (3, 2)))


# -- deals -----------------------------------------------------------------------------------------


@given(st.integers(0, 15), st.integers(1, 5), st.data())
def test_dealing_into_piles_round_by_round(n: int, p: int, data: st.DataObject) -> None:
    dealt = data.draw(st.none() | st.integers(0, n))
    piles = tuple(f"table.p{i}" for i in range(p))
    s = deck(n)
    s.push(DealPiles("left", piles, dealt))
    model: dict[str, list[int]] = {pile: [] for pile in piles}
    source = list(range(n))
    for i in range(n if dealt is None else dealt):  # a card at a time, as a dealer deals
        model[piles[i % p]].insert(0, source.pop(0))
    for pile in piles:
        assert order(s, pile) == model[pile]
    assert order(s) == source


def test_deal_piles_keeps_breaks_as_dealing_does() -> None:
    s = DeckState.parse("left: AS 2S 3S / 4S 5S; right: KH / QH")
    s.push(DealPiles("left", ("table", "right"), 2))
    assert s == DeckState.parse("left: 3S / 4S 5S; right: 2S KH / QH; table: AS")
    with pytest.raises(IllegalMoveError, match="the same place"):
        deck(3).push(DealPiles("left", ("table", "left")))
    with pytest.raises(IllegalMoveError, match="named twice"):
        DealPiles("left", ("table", "table"))
    assert "[n=all]" in str(parse_move.__doc__) or True
    assert DealPiles("left", "table.a,table.b").describe("zh") == (
        "从左手轮流发全部的牌，分成2叠（桌上（a）、桌上（b））"
    )


def test_spelling_deals_a_card_a_letter_or_a_card_a_character() -> None:
    assert letters("Queen of Hearts") == 13
    assert letters("红桃皇后") == 4
    assert letters("ACE_OF-SPADES") == 11
    assert letters("") == 0
    s = deck(15)
    s.push(SpellDeal("left", "table", "Queen of Hearts"))
    assert order(s, "table") == list(range(12, -1, -1)) and s.size("left") == 2
    s = deck(5)
    s.push(parse_move("SpellDeal left table 红桃皇后 turn=yes"))
    assert [up for _, up in s.faces("table")] == [True] * 4
    assert SpellDeal("left", "table", "红桃皇后").describe("zh").startswith("念“红桃皇后”")
    assert (
        SpellDeal("left", "table", "ACE")
        .describe("en")
        .startswith('Spell "ACE" dealing a card for each letter')
    )
    with pytest.raises(IllegalMoveError, match="holds 2 cards"):
        deck(2).push(SpellDeal("left", "table", "ace"))
    s = deck(2)
    s.push(SpellDeal("left", "table", "--"))  # no letter, no card
    assert order(s) == [0, 1]


# -- one end to the other ------------------------------------------------------------------------


def _ends_model(size: int, held: int | None, n: int, up: bool) -> tuple[list[int], int | None]:
    """A card at a time, the break kept as the set of cards above it."""
    cards = list(range(size))
    above = set(cards[:held]) if held is not None else None
    for _ in range(n):
        if up:
            card = cards.pop()
            cards.insert(0, card)
            if above is not None:
                above.add(card)
                if len(above) == size:
                    above = None
        else:
            card = cards.pop(0)
            cards.append(card)
            if above is not None:
                above.discard(card)
                if not above:
                    above = None
    return cards, None if above is None else len(above)


@given(st.integers(1, 8), st.data(), st.integers(1, 20), st.booleans())
def test_top_to_bottom_and_back_a_card_at_a_time(
    size: int, data: st.DataObject, n: int, up: bool
) -> None:
    held = data.draw(st.none() | st.integers(1, size - 1)) if size > 1 else None
    s = deck(size)
    if held is not None:
        s.hold_break("left", held)
    s.push(BottomToTop("left", n) if up else TopToBottom("left", n))
    cards, depth = _ends_model(size, held, n, up)
    assert order(s) == cards and s.break_at("left") == depth


def test_top_to_bottom_words_and_a_one_card_packet() -> None:
    assert str(TopToBottom("left")) == "Move the top card of the left hand to the bottom"
    assert TopToBottom("left", 3).describe("zh") == "将左手特普的牌逐张移到波顿，共3张"
    s = deck(1)
    s.push(TopToBottom("left"))  # legal on one card, unlike a one-card cut
    assert order(s) == [0]
    with pytest.raises(IllegalMoveError, match="the left hand is empty"):
        DeckState().push(TopToBottom("left"))
    with pytest.raises(IllegalMoveError, match="a move of no cards is no move"):
        TopToBottom("left", 0)  # a count of 0 is refused: it would change nothing


# -- what the audience sees is not what happens -------------------------------------------------


def test_double_lift_shows_the_second_card_as_the_top_card() -> None:
    s = DeckState.parse("left: AS 2S 3S")
    seen = visible_during(s.copy(), [DoubleLift("left")])
    assert seen == {Card("2S").code}  # the audience sees the 2S, and only it
    s.push(DoubleLift("left"))
    assert s == DeckState.parse("left: 2S^ AS^ 3S")  # the performer: the ace hides under it
    s.push(DoubleLift("left"))
    assert s == DeckState.parse("left: AS 2S 3S")  # turned down: the ace is on top again
    assert visible_during(s.copy(), [DoubleLift("left"), DoubleLift("left")]) == seen


def test_double_lift_and_breaks() -> None:
    s = DeckState.parse("left: AS 2S 3S / 4S")
    s.push(DoubleLift("left"))
    assert s.break_at("left") == 3
    s = DeckState.parse("left: AS 2S / 3S")
    s.push(DoubleLift("left"))  # lifted from the break under two: the break is used up
    assert s.break_at("left") is None
    s = DeckState.parse("left: AS / 2S 3S")
    s.push(DoubleLift("left"))
    assert s.break_at("left") is None


def test_a_glimpse_is_performer_knowledge_in_the_state() -> None:
    s = DeckState.parse("left: AS 2S 3S")
    assert not s.performer_knows(Card("3S"))
    seen = visible_during(s.copy(), [Glimpse("left", from_bottom=True)])
    assert seen == set()  # the audience sees nothing
    s.push(Glimpse("left", from_bottom=True))
    assert s.performer_knows(Card("3S")) and not s.performer_knows(Card("AS"))
    assert s != DeckState.parse("left: AS 2S 3S")  # what the performer knows is the position
    assert eval(repr(s)) == s  # repr round-trips
    s.push(TopToBottom("left", 2))
    assert s.performer_knows(Card("3S"))  # known wherever the card goes
    s.pop()
    s.pop()
    assert not s.performer_knows(Card("3S"))
    assert str(Glimpse("left", 1, from_bottom=True)) == (
        "Secretly glimpse the 2nd card from the bottom of the left hand"
    )


def test_elmsley_count_order_and_what_the_audience_sees() -> None:
    s = DeckState.parse("left: AS^ 2S^ 3S 4S^")
    seen = visible_during(s.copy(), [ElmsleyCount("left", "right")])
    # the upper sides of cards 1, 2, 4 and 1 again: four faces up, the face-down 3S never seen
    assert seen == {Card(c).code for c in ("AS", "2S", "4S")}
    s.push(ElmsleyCount("left", "right"))
    assert s == DeckState.parse("right: AS^ 4S^ 2S^ 3S")
    with pytest.raises(IllegalMoveError, match="it counts four cards"):
        deck(3).push(ElmsleyCount("left", "right"))
    with pytest.raises(IllegalMoveError, match="an empty place"):
        DeckState.parse("left: AS 2S 3S 4S; right: KH").push(ElmsleyCount("left", "right"))


def test_a_double_lift_of_a_whole_spread_packet_leaves_it_spread() -> None:
    # the two cards are turned where they lie: the packet never leaves its place
    s = DeckState.parse("table: 3S^ 2S")
    s.push(Spread("table", "self"))
    s.push(DoubleLift("table"))
    assert s.text() == "table: 2S^ 3S" and s.spread == {"table": "self"}
