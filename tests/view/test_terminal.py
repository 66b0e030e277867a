"""Rendering: cards at full contrast, ids never cut, hanging indents, Chinese line breaking,
plain notation on narrow terminals."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from conjure.deck import DeckState
from conjure.view.console import NO_LINE_START, IdTable, Paragraph, break_points
from conjure.view.terminal import audience_view, performer_view

LAYOUT = "left: KS^ KH^ / KD QC; right: QS^ QH^ 2C 3C 4C 5C 6C 7C 8C; table.aside: 2D 3D^"


def render(renderable: object, width: int) -> str:
    console = Console(width=width, color_system=None, highlight=False)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def test_faces_and_backs_are_never_dim() -> None:
    console = Console(width=100, color_system="truecolor", force_terminal=True)
    s = DeckState.parse(LAYOUT)
    for view in (performer_view(s), audience_view(s)):
        segments = list(console.render(view))
        cards = [seg for seg in segments if any(m in seg.text for m in ("♠", "♥", "▒"))]
        assert cards
        for seg in cards:
            assert seg.style is not None and not seg.style.dim, seg
        labels = [seg for seg in segments if seg.text.strip() in ("top", "bottom")]
        assert labels and all(seg.style and seg.style.dim for seg in labels)


ROWS = [
    (
        "courting-kings",
        "求婚的国王 / The Courting Kings",
        "text 003 「四、求婚的国王」",
        "-",
        "king-and-queen\ndealt-face-up\nmarriages (optional)",
    ),
    ("round-and-round", "循环往复 / Round and Round", "seed 000", "x=1 (0..2)", "a-long-claim"),
]
HEADERS = ("id", "name", "source", "parameters", "claims")


@pytest.mark.parametrize("width", range(20, 121, 4))
def test_tables_never_cut_the_id_nor_pass_the_width(width: int) -> None:
    out = render(IdTable("conjure routines", HEADERS, ROWS), width)
    assert "…" not in out
    assert "courting-kings" in out and "round-and-round" in out
    assert max(map(len, out.splitlines())) <= width


def test_at_80_columns_the_ids_and_claim_ids_are_whole() -> None:
    out = render(IdTable("conjure routines", HEADERS, ROWS), 80)
    assert "┃ id" in out  # still a table
    for word in ("courting-kings", "dealt-face-up", "king-and-queen", "a-long-claim"):
        assert word in out


def test_wrapped_bullets_hang() -> None:
    text = "the higher total of diamond values wins, and every word of it stays in order"
    lines = render(Paragraph(text, "[text]    "), 30).splitlines()
    assert lines[0].startswith("[text]    the")
    assert len(lines) > 2 and all(line.startswith(" " * 10) for line in lines[1:])
    assert " ".join(line.strip() for line in lines).replace("[text] ", "").split() == (text.split())


SENTENCE = (
    "用手中的牌投标逐张翻起的方块牌，A最小。方块点数多者获胜：「对家」先出，然后轮流、依次出牌。"
)


@pytest.mark.parametrize("width", range(4, 40))
def test_chinese_lines_never_start_with_closing_punctuation(width: int) -> None:
    lines = render(Paragraph(SENTENCE), width).splitlines()
    assert "".join(lines) == SENTENCE
    for line in lines[1:]:
        assert line[0] not in NO_LINE_START, lines
    for line in lines:
        assert line[-1] not in "「（", lines


@given(st.text(alphabet="甲乙丙丁。，、」）ab c", max_size=40), st.integers(3, 30))
def test_break_points_keep_every_character_and_never_start_with_closing(
    text: str, width: int
) -> None:
    breaks = break_points(text, width)
    assert breaks == sorted(set(breaks)) and all(0 < b < len(text) for b in breaks)
    pieces = [text[i:j] for i, j in zip([0, *breaks], [*breaks, len(text)], strict=True)]
    assert "".join(pieces).replace(" ", "") == text.replace(" ", "")
    for before, piece in itertools.pairwise(pieces):
        # closing punctuation starts a line only when the line before holds nothing else after
        # its first character (a run of punctuation wider than a line is cut somewhere)
        rest = before.strip()[1:].replace(" ", "")
        assert piece[0] not in NO_LINE_START or all(c in NO_LINE_START for c in rest), pieces


@pytest.mark.parametrize("width", [20, 30, 39])
def test_narrow_terminals_get_plain_notation_not_cut_cards(width: int) -> None:
    s = DeckState.parse(LAYOUT)
    out = render(performer_view(s), width) + render(audience_view(s), width)
    assert "[…" not in out and "…" not in out
    assert max(map(len, out.splitlines())) <= width
    performer = render(performer_view(s), width)
    assert "KS^ KH^ / KD QC" in performer and "QS^ QH^" in performer
    audience = render(audience_view(s), width)
    assert "KS .. .. .." in audience


def test_wide_terminals_keep_the_panels() -> None:
    out = render(performer_view(DeckState.parse(LAYOUT)), 100)
    assert "Performer's view" in out and "╭" in out and "[K♦]" in out


def test_text_cells_are_not_markup() -> None:
    out = render(IdTable("t", ("id", "x"), [("a", "[red]literal[/red]"), ("b", Text("ok"))]), 60)
    assert "[red]literal[/red]" in out


@pytest.mark.parametrize("width", [70, 80, 100, 120])
def test_a_table_keeps_each_column_whole_and_in_line(width: int) -> None:
    """Read back column by column, the drawn table holds every word of every cell in order,
    each row's lines are as wide as the rules, and the bars stand at the same places."""
    lines = render(IdTable("conjure routines", HEADERS, ROWS), width).splitlines()
    assert lines[0].strip() == "conjure routines"
    top, body = lines[1], lines[2:]
    assert top.startswith("┏") and body[-1].startswith("└") and body[1].startswith("┡")
    cells = [line.replace("┃", "│").split("│")[1:-1] for line in body if line[0] in "┃│"]
    offsets = {tuple(_bar_offsets(line)) for line in body}
    assert offsets == {tuple(_bar_offsets(top))}, lines
    for k in range(len(HEADERS)):
        words = " ".join(row[k] for row in cells).split()
        expected = " ".join([HEADERS[k], *(row[k] for row in ROWS)]).split()
        assert "".join(words) == "".join(expected), (k, words)


def _bar_offsets(line: str) -> list[int]:
    from rich.cells import cell_len

    return [cell_len(line[:i]) for i, ch in enumerate(line) if ch in "┏┳┓┃┡╇┩│└┴┘"]
