"""Reading what people paste: full-width and invisible characters, one alias table, short echoes
of bad input, plain card lists on the command line, and 100,000 strings that only ever end in a
conjure error."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.cli.deck import layout_from_text
from conjure.deck import MOVES, Card, DeckState, TurnCard, parse_cards, parse_move
from conjure.deck.notation import (
    ORDER_ITEM,
    SUIT_ALIASES,
    card_code,
    layout_places,
    packet_codes,
    suit_letter,
)
from conjure.errors import ConjureError, NotationError, UsageError
from conjure.magic.choices import split_items


@pytest.mark.parametrize(
    ("pasted", "cards"),
    [
        ("K♠️ Q♥️", "KS QH"),  # emoji variation selectors after the suit symbols
        ("ＫＳ　ＱＨ", "KS QH"),  # full-width letters and the ideographic space
        ("K\u200bS,\u200bQH", "KS QH"),  # zero-width spaces
        ("黑桃Ｋ；红桃Q", "KS QH"),  # full-width rank, full-width semicolon
        ("\ufeffKS QH", "KS QH"),  # a byte-order mark from a file
    ],
)
def test_pasted_cards_read_as_typed(pasted: str, cards: str) -> None:
    assert parse_cards(pasted) == parse_cards(cards)


def test_pasted_layout_and_move_read_as_typed() -> None:
    pasted = DeckState.parse("left：K♠️^ ／ ＱＨ；table： 2C")
    assert pasted == DeckState.parse("left: KS^ / QH; table: 2C")
    assert parse_move("ＴｕｒｎＣａｒｄ\u3000left\u200b ２") == TurnCard("left", 2)


def test_one_alias_table_serves_cards_and_suit_orders() -> None:
    for alias, index in SUIT_ALIASES.items():
        letter = "SHCD"[index]
        assert suit_letter(alias) == letter
        assert suit_letter(alias.upper()) == letter
        assert card_code(f"Q{alias}" if len(alias) == 1 else f"{alias}Q") == index * 13 + 11
    assert suit_letter("x") is None
    assert ORDER_ITEM.findall("梅花红心♠D") == ["梅花", "红心", "♠", "D"]
    assert split_items("♣️ ♥ ♠ ♦") == ["♣", "♥", "♠", "♦"]


@pytest.mark.parametrize(
    "parse",
    [parse_cards, DeckState.parse, parse_move, Card],
    ids=["cards", "layout", "move", "card"],
)
def test_a_long_bad_input_is_quoted_short(parse: Callable[[str], object]) -> None:
    bad = "left: " + "Zx" * 30_000
    with pytest.raises(ConjureError) as caught:
        parse(bad)
    message = str(caught.value)
    assert len(message) < 400 and "\n" not in message
    assert "characters)" in message  # says how long the input was


# -- plain card lists on the command line ----------------------------------------------------


def test_one_mark_leaves_the_other_cards_of_a_list_alone() -> None:
    # A plain list is face up by default; a ^ marks its own card only.
    assert layout_from_text("KS QH^ 10D").text() == "left: KS^ QH^ TD^"
    assert layout_from_text("KS QH^ 10D", face_down=True).text() == "left: KS QH^ TD"
    assert layout_from_text("KS QH", place="table.x").text() == "table.x: KS^ QH^"


@pytest.mark.parametrize(
    ("place", "face_down", "flag"), [("right", False, "--place"), (None, True, "--face-down")]
)
def test_list_options_are_refused_with_a_layout(
    place: str | None, face_down: bool, flag: str
) -> None:
    with pytest.raises(UsageError, match=f"{flag} applies to a plain list"):
        layout_from_text("left: KS", place=place, face_down=face_down)


def test_show_refuses_place_with_a_layout_in_one_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "conjure", "show", "left: KS QH", "--place", "right"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "--place applies to a plain list" in run.stderr


def test_show_names_a_move_with_missing_fields() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "conjure", "show", "left: KS QH", "--move", "Insert left right"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "'Insert left right' needs depth" in run.stderr
    assert "Insert src dst depth [n=1]" in run.stderr


# -- any text in, a card, a layout, a move or a conjure error out -----------------------------

#: pieces people (and pastes) put together: card and move words, places, marks, separators,
#: full-width and invisible characters, digits that are not ASCII
_PIECES = (
    [*SUIT_ALIASES, "A", "K", "Q", "J", "T", "10", "1", "0", "2", "9", "-1", "²", "١", "٣"]
    + ["大王", "小王", "BJ", "RJ", "^", "/", ":", ";", ",", "，", "、", "；", "：", " ", "  "]
    + ["\u200b", "\ufe0f", "\u3000", "ＫＳ", "Ｑ", "=", "n=", "depth=", "turn=yes", "x", "\n"]
    + ["left", "right", "spectator", "spectator.left", "table", "table.pile", "table.", "pocket"]
    + ["break", "none", "yes", "no", "audience", "self", "performer", "9" * 30, "\x00", "é"]
    + [name for name in MOVES]
    + [name.lower() for name in MOVES]
)


def _strings(seed: int, count: int) -> list[str]:
    """``count`` strings built from :data:`_PIECES` and a few random characters."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        words = rng.choices(_PIECES, k=rng.randint(0, 8))
        if rng.random() < 0.2:
            words.append(chr(rng.randint(0x20, 0x3100)))
        glue = rng.choice(("", " ", " ", ",", ";"))
        out.append(glue.join(words))
    return out


def _only_conjure_errors(parse: Callable[[str], object], texts: list[str]) -> None:
    for text in texts:
        message = ""
        try:
            parse(text)
        except ConjureError as exc:
            message = str(exc)
        except Exception as exc:  # pragma: no cover - the failure this test looks for
            raise AssertionError(f"{text!r} raised {type(exc).__name__}: {exc}") from exc
        assert "\n" not in message, text


_FIELDS = (
    *("left", "right", "spectator", "spectator.right", "table", "table.x", "0", "1", "2", "3"),
    *("12", "yes", "no", "break", "audience", "self", "performer", "spectator", "2S,2H", "黑桃2"),
    *("n=2", "depth=1", "turn=yes", "to_bottom=no", "out=no", "toward=self", "n=break"),
)


def _moves(seed: int, count: int) -> list[str]:
    """``count`` move texts: a move's name, then words that look like its fields (mostly)."""
    rng = random.Random(seed)
    names = list(MOVES)
    out = []
    for _ in range(count):
        words = [rng.choice(names)]
        for _ in range(rng.randint(0, 5)):
            words.append(rng.choice(_FIELDS) if rng.random() < 0.85 else rng.choice(_PIECES))
        out.append(" ".join(words))
    return out


FUZZ = 34_000  # strings per parser: 102,000 in all


def test_hundred_thousand_strings_end_in_a_card_or_a_conjure_error() -> None:
    _only_conjure_errors(packet_codes, _strings(1, FUZZ))
    _only_conjure_errors(layout_places, [f"left: {t}" for t in _strings(2, FUZZ // 2)])
    _only_conjure_errors(DeckState.parse, _strings(3, FUZZ // 2))
    _only_conjure_errors(parse_move, _moves(4, FUZZ // 2) + _strings(5, FUZZ // 2))


@given(st.text(max_size=40))
def test_any_text_is_a_move_or_a_notation_error(text: str) -> None:
    _only_conjure_errors(parse_move, [text, f"Peel {text}", f"Insert left right {text}"])


@given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
def test_any_layout_of_pieces_reads_or_fails_with_a_conjure_error(text: str) -> None:
    _only_conjure_errors(DeckState.parse, [text, f"left: {text}"])
    _only_conjure_errors(packet_codes, [text])
    _only_conjure_errors(layout_from_text, [text])


def test_a_notation_error_is_a_conjure_error() -> None:
    with pytest.raises(NotationError):
        packet_codes("KS XX")
