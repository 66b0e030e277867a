"""Card notation: every card in every form reads back to itself; bad tokens are named."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.deck.cards import (
    CARDS,
    RANK_LABELS,
    SUIT_SYMBOLS,
    Card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    parse_packet,
)
from conjure.deck.stacks import new_deck_order
from conjure.errors import NotationError

ALT_ZH = {"红桃": "红心", "梅花": "草花", "方块": "方片"}


def spellings(card: Card) -> list[str]:
    """Every way the notation promises to read ``card``."""
    forms = [card.ascii, card.ascii.lower(), str(card), card.zh]
    if card.is_joker:
        return forms
    rank = RANK_LABELS[card.rank - 1]
    symbol = SUIT_SYMBOLS["SHCD".index(card.suit or "")]
    forms += [symbol + rank, rank + card.suit.lower() if card.suit else ""]
    if rank == "10":
        forms += ["T" + symbol, "t" + (card.suit or "").lower()]
    for std, alt in ALT_ZH.items():
        if card.zh.startswith(std):
            forms.append(alt + card.zh[len(std) :])
    return forms


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.ascii)
def test_every_form_reads_back(card: Card) -> None:
    for text in spellings(card):
        assert parse_card(text) == card, text
        assert Card(text) == card
    assert eval(repr(card)) == card


def test_display_forms() -> None:
    assert str(Card("TH")) == "10♥"
    assert Card("10h").zh == "红桃10"
    assert Card("♦Q").ascii == "QD"
    assert Card("大王").is_red and not Card("小王").is_red
    assert Card("大王").rank == 0 and Card("大王").suit is None
    assert format(Card("KS"), "en") == "King of spades"


@given(st.lists(st.sampled_from(CARDS), max_size=20), st.sampled_from(["", "ascii", "zh"]))
def test_lists_round_trip(cards: list[Card], style: str) -> None:
    assert parse_cards(format_cards(cards, style)) == tuple(cards)


def test_chinese_without_separators_and_mixed_separators() -> None:
    assert parse_cards("黑桃K红桃Q") == (Card("KS"), Card("QH"))
    assert parse_cards("KS,QH、10D；大王") == (Card("KS"), Card("QH"), Card("TD"), Card("RJ"))


def test_face_up_marks() -> None:
    assert parse_packet("KS^ QH") == [(Card("KS"), True), (Card("QH"), False)]
    with pytest.raises(NotationError):
        Card("KS^")


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [("KX", "KX", 1), ("KS QH 11D", "11D", 3), ("黑桃K 绿桃Q", "绿桃Q", 2), ("AS ♠", "♠", 2)],
)
def test_bad_token_is_named_with_position(text: str, token: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    assert repr(token) in str(info.value)
    assert f"position {position}" in str(info.value)


@pytest.mark.parametrize("bad", [-1, 54, True, 3.0, None])
def test_bad_codes(bad: object) -> None:
    with pytest.raises(NotationError):
        Card(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("size", "ranks"),
    [
        (24, {1, 9, 10, 11, 12, 13}),
        (32, {1, 7, 8, 9, 10, 11, 12, 13}),
        (36, {1, 6, 7, 8, 9, 10, 11, 12, 13}),
        (40, {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}),
    ],
)
def test_reduced_decks(size: int, ranks: set[int]) -> None:
    cards = full_deck(size)
    assert len(cards) == len(set(cards)) == size
    assert {c.rank for c in cards} == ranks
    assert {c.suit for c in cards} == set("SHCD")


def test_full_decks_and_new_deck_order() -> None:
    assert len(set(full_deck(52))) == 52 and len(set(full_deck(54))) == 54
    order = new_deck_order()
    assert sorted(order) == sorted(full_deck(52))
    assert order[0] == Card("AH") and order[-1] == Card("AS")
    assert order[-13:] == tuple(reversed([Card(f"{r}S") for r in "A23456789TJQK"]))
    assert new_deck_order(jokers=True)[:2] == (Card("RJ"), Card("BJ"))
    with pytest.raises(NotationError, match="no 33-card deck"):
        full_deck(33)


@given(st.text(max_size=30))
def test_any_text_reads_or_fails_with_a_notation_error(text: str) -> None:
    message = ""
    try:
        cards = parse_cards(text)
    except NotationError as exc:
        message = str(exc)
        cards = ()
    assert all(isinstance(card, Card) for card in cards)
    assert not message or message.startswith("bad card ")
