"""Deck orders and stacks: each shipped order against the property that defines it, restated
here from the literature rather than read back from the code."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.deck.cards import Card
from conjure.deck.stacks import (
    STACKS,
    is_stack,
    load_stack,
    new_deck_order,
    parse_stack,
    resolve_stack,
    stack,
)
from conjure.errors import NotationError, UnknownNameError

EVERY_CARD = {r + s for r in "A23456789TJQK" for s in "SHCD"}
RANK_VALUE = {r: i + 1 for i, r in enumerate("A23456789TJQK")}


def ascii_order(name: str) -> list[str]:
    return [c.ascii for c in stack(name).cards]


@pytest.mark.parametrize("name", sorted(STACKS))
def test_every_shipped_order_is_a_permutation_of_52_with_a_source(name: str) -> None:
    order = ascii_order(name)
    assert len(order) == 52
    assert set(order) == EVERY_CARD
    assert stack(name).source.en.strip()


def test_the_american_new_deck_order_reads_as_the_box_is_opened() -> None:
    # Face up from the face, a new Bicycle deck reads A-K spades, A-K diamonds, K-A clubs,
    # K-A hearts; face down the top card is therefore the Ace of hearts.
    ranks = "A23456789TJQK"
    face_up = (
        [r + "S" for r in ranks]
        + [r + "D" for r in ranks]
        + [r + "C" for r in reversed(ranks)]
        + [r + "H" for r in reversed(ranks)]
    )
    assert ascii_order("new-deck-us") == face_up[::-1]
    assert [c.ascii for c in new_deck_order()] == face_up[::-1]
    assert [c.ascii for c in new_deck_order(jokers=True)][:2] == ["RJ", "BJ"]


def _out_faro(cards: list[str], top: int | None = None) -> list[str]:
    """Interleave the top ``top`` cards (half the deck by default) into the rest, the top card
    staying on top."""
    top = len(cards) // 2 if top is None else top
    packet, rest = cards[:top], cards[top:]
    woven = [card for pair in zip(packet, rest[:top], strict=True) for card in pair]
    return woven + rest[top:]


def test_mnemonica_is_reached_from_the_european_new_deck_order_by_tamariz_construction() -> None:
    # Tamariz's construction: four out-faros, reverse the top 26, out-faro the top 18 into the
    # rest, cut 9 from the top to the bottom.
    deck = ascii_order("new-deck-european")
    for _ in range(4):
        deck = _out_faro(deck)
    deck = deck[:26][::-1] + deck[26:]
    deck = _out_faro(deck, top=18)
    deck = deck[9:] + deck[:9]
    assert deck == ascii_order("mnemonica")


def test_mnemonica_well_known_positions() -> None:
    m = stack("mnemonica")
    # the four of clubs on top, the nine of diamonds on the face, the two of spades tenth,
    # the ace of spades seventh, the king of diamonds at the centre (26th)
    assert m.card_at(1) == Card("4C")
    assert m.card_at(52) == Card("9D")
    assert m.position("2S") == 10
    assert m.position("AS") == 7
    assert m.position("KD") == 26


def test_aronson_well_known_positions() -> None:
    a = stack("aronson")
    assert [c.ascii for c in a.cards[:5]] == ["JS", "KC", "5C", "2H", "9S"]
    assert a.card_at(52) == Card("9D")
    assert a.position("AS") == 6


def test_si_stebbins_adds_three_and_cycles_the_suits_chased() -> None:
    order = ascii_order("si-stebbins")
    for above, below in zip(order, order[1:] + order[:1], strict=True):
        assert (RANK_VALUE[above[0]] + 3 - 1) % 13 + 1 == RANK_VALUE[below[0]]
        assert "CHSD"[("CHSD".index(above[1]) + 1) % 4] == below[1]
    assert stack("si-stebbins").cyclic


RHYME = "Eight kings threatened to save ninety-five queens for one sick knave"
# each word sounds like (or is) a rank; 'threatened' is three-ten, 'ninety-five' nine-five
SOUNDS = {
    "eight": ["8"], "kings": ["K"], "threatened": ["3", "T"], "to": ["2"], "save": ["7"],
    "ninety-five": ["9", "5"], "queens": ["Q"], "for": ["4"], "one": ["A"], "sick": ["6"],
    "knave": ["J"],
}  # fmt: skip


def test_eight_kings_follows_the_rhyme_and_the_chased_suits() -> None:
    ranks = [rank for word in RHYME.lower().split() for rank in SOUNDS[word]]
    assert sorted(ranks) == sorted("A23456789TJQK")
    order = ascii_order("eight-kings")
    assert [card[0] for card in order] == ranks * 4
    assert [card[1] for card in order] == list("CHSD") * 13


def test_helpers_position_card_at_next_previous() -> None:
    m = stack("mnemonica")
    assert m.next("4C") == Card("2H")
    assert m.previous("4C") == Card("9D")  # the deck is cut: above the top comes the bottom
    assert m.next("9D") == Card("4C")
    with pytest.raises(UnknownNameError, match="1 to 52"):
        m.card_at(53)
    with pytest.raises(UnknownNameError, match="not in stack"):
        parse_stack("AS KS").position("QH")


@given(st.sampled_from(sorted(STACKS)), st.integers(1, 52))
def test_position_and_card_at_are_inverse(name: str, position: int) -> None:
    s = stack(name)
    card = s.card_at(position)
    assert s.position(card) == position
    assert s.previous(s.next(card)) == card


@given(st.integers(0, 51))
def test_a_packet_equals_a_stack_and_cut_stacks_are_recognised_when_asked(depth: int) -> None:
    s = stack("aronson")
    assert is_stack(s.cards, "aronson")
    cut = s.cut(depth)
    assert is_stack(cut, "aronson", cut=True)
    assert is_stack(cut, s) == (depth == 0)
    swapped = list(s.cards)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not is_stack(swapped, s, cut=True)
    assert not is_stack(s.cards[:51], s, cut=True)


def test_unknown_stack_names_the_choices() -> None:
    with pytest.raises(UnknownNameError, match="mnemonica") as info:
        stack("mnemonika")
    assert "'mnemonika'" in str(info.value)


def test_custom_stack_from_a_file_in_any_notation(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("# name: My stack\n# a comment\n黑桃A ♥2 3c\n\nTD, 10s\n", encoding="utf-8")
    s = load_stack(path)
    assert [c.ascii for c in s.cards] == ["AS", "2H", "3C", "TD", "TS"]
    assert s.name.en == "My stack"
    assert resolve_stack(str(path)).cards == s.cards
    assert resolve_stack("MNEMONICA") is STACKS["mnemonica"]


def test_custom_stack_errors_name_the_file_the_line_and_the_card(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("AS KS\nQH ZZ\n", encoding="utf-8")
    with pytest.raises(NotationError, match=r"bad.txt: line 2: .*'ZZ'"):
        load_stack(path)
    with pytest.raises(NotationError, match="K♠ is at positions 2 and 3"):
        parse_stack("AS KS KS")
    with pytest.raises(NotationError, match="cannot read stack file"):
        load_stack(tmp_path / "missing.txt")
    with pytest.raises(NotationError, match="no cards"):
        parse_stack("# only a comment\n")
