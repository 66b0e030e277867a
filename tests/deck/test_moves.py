"""Each move's exact semantics, breaks included, and its error when it cannot be made."""

from __future__ import annotations

import pytest

from conjure.deck import (
    MOVES,
    Behind,
    Card,
    CompleteCut,
    Cull,
    Cut,
    Deal,
    DeckState,
    Extract,
    Faro,
    Forward,
    HoldBreak,
    Insert,
    Peel,
    ReleaseBreak,
    ShowBottom,
    ShowFace,
    ShowTop,
    Spread,
    Square,
    Steal,
    Take,
    Transfer,
    TurnCard,
    TurnOver,
    parse_cards,
    parse_move,
    visible,
    visible_during,
)
from conjure.errors import IllegalMoveError, NotationError, UnknownNameError


def S(text: str) -> DeckState:
    return DeckState.parse(text)


def after(text: str, *moves: object) -> str:
    s = S(text)
    for move in moves:
        s.push(move)  # type: ignore[arg-type]
    return s.text()


def test_peel_reverses_and_turn_flips() -> None:
    assert after("left: AS 2S 3S", Peel("left", "right", 2)) == "left: 3S; right: 2S AS"
    assert after("left: AS 2S", Peel("left", "right", 1, turn=True)) == "left: 2S; right: AS^"
    assert after("left: AS; right: KS", Deal("left", "right")) == "right: AS KS"


def test_take_keeps_block_order_from_either_end() -> None:
    base = "left: AS 2S 3S 4S; right: KH"
    assert after(base, Take("left", "right", 2)) == "left: 3S 4S; right: AS 2S KH"
    assert after(base, Take("left", "right", 2, from_bottom=True, to_bottom=True)) == (
        "left: AS 2S; right: KH 3S 4S"
    )


def test_transfer_whole_packet() -> None:
    base = "left: AS 2S; right: KH"
    assert after(base, Transfer("left", "right")) == "right: AS 2S KH"
    assert after(base, Transfer("left", "right", to_bottom=True)) == "right: KH AS 2S"
    assert after(base, Transfer("left", "table.x")) == "right: KH; table.x: AS 2S"


def test_insert_at_depth_and_into_itself() -> None:
    base = "left: AS 2S 3S; right: KH QH"
    assert after(base, Insert("right", "left", 1)) == "left: AS KH 2S 3S; right: QH"
    assert after(base, Insert("right", "left", 3)) == "left: AS 2S 3S KH; right: QH"
    assert after(base, Insert("left", "left", 2)) == "left: 2S 3S AS; right: KH QH"
    with pytest.raises(IllegalMoveError, match="depth must be 0 to 3"):
        S(base).push(Insert("right", "left", 4))


def test_cuts() -> None:
    assert after("left: AS 2S 3S", CompleteCut("left", 1)) == "left: 2S 3S AS"
    assert after("left: AS 2S 3S", Cut("left", "table", 2)) == "left: 3S; table: AS 2S"
    assert after("left: AS 2S / 3S", CompleteCut("left")) == "left: 3S AS 2S"
    with pytest.raises(IllegalMoveError, match="both sides"):
        S("left: AS 2S").push(CompleteCut("left", 3))
    # cutting the whole packet would leave it as it was: no move, refused with the reason
    with pytest.raises(IllegalMoveError, match="both sides"):
        S("left: AS / 2S").push(CompleteCut("left", 2))
    with pytest.raises(IllegalMoveError, match="both sides"):
        S("left: AS 2S").push(Cut("left", "table", 2))
    # and a count of no cards is no move at all
    for no_move in (
        lambda: CompleteCut("left", 0),
        lambda: Cut("left", "table", 0),
        lambda: Peel("left", "right", 0),
        lambda: Take("left", "right", 0),
        lambda: Insert("left", "right", 0, 0),
    ):
        with pytest.raises(IllegalMoveError, match="n must be 1 or more, not 0: a move of no"):
            no_move()
    with pytest.raises(IllegalMoveError, match="no break"):
        S("left: AS 2S").push(CompleteCut("left"))
    with pytest.raises(IllegalMoveError, match="empty place"):
        S("left: AS 2S; table: KS").push(Cut("left", "table", 1))


def test_turnover_reverses_and_flips() -> None:
    assert after("left: AS 2S^ 3S", TurnOver("left")) == "left: 3S^ 2S AS^"
    assert after("left: AS 2S^ 3S", TurnCard("left", 1)) == "left: AS 2S 3S"


def test_faros() -> None:
    eight = "left: 1S 2S 3S 4S 5S 6S 7S 8S".replace("1S", "AS")
    assert after(eight, Faro("left")) == "left: AS 5S 2S 6S 3S 7S 4S 8S"
    assert after(eight, Faro("left", out=False)) == "left: 5S AS 6S 2S 7S 3S 8S 4S"
    assert after("left: AS 2S 3S", Faro("left")) == "left: AS 3S 2S"
    assert after("left: AS 2S 3S", Faro("left", out=False)) == "left: 2S AS 3S"
    s = S(eight)
    for _ in range(3):
        s.push(Faro("left"))
    assert s == S(eight)  # three out-faros restore eight cards


def test_breaks_follow_the_hand() -> None:
    s = S("left: AS 2S 3S 4S; right: KH QH JH")
    s.push(HoldBreak("left", 2))
    s.push(Peel("right", "left"))
    assert s.breaks == {"left": 3}
    s.push(Take("left", "right", 2))
    assert s.breaks == {"left": 1}
    s.push(Insert("right", "left", 0))
    assert s.breaks == {"left": 2}
    s.push(Insert("right", "left", 2))  # into the break: above the little finger
    assert s.breaks == {"left": 3}
    s.push(Peel("left", "right"))
    s.push(Insert("right", "left", 4))  # below the break: no change
    assert s.breaks == {"left": 2}
    s.push(Take("right", "left", 1, to_bottom=True))
    assert s.breaks == {"left": 2}
    s.push(Peel("left", "right", 2))  # nothing left above it: gone
    assert s.breaks == {}


def test_break_dropped_by_moves_a_hand_cannot_hold_it_through() -> None:
    for move in (
        TurnOver("left"),
        Faro("left"),
        Spread("left"),
        CompleteCut("left", 1),
        Transfer("left", "table"),
    ):
        s = S("left: AS 2S / 3S 4S")
        s.push(move)
        assert s.breaks == {}, move


def test_break_survives_square_turncard_and_bottom_moves() -> None:
    s = S("left: AS 2S / 3S 4S; right: KH")
    s.push(Square("left"))
    s.push(TurnCard("left", 0))
    s.push(Take("right", "left", to_bottom=True))
    assert s.breaks == {"left": 2}
    s.push(Take("left", "right", 3, from_bottom=True))
    assert s.breaks == {}  # nothing below it any more


def test_hold_and_release_break_errors() -> None:
    with pytest.raises(IllegalMoveError, match="only a hand"):
        S("table: AS 2S").push(HoldBreak("table", 1))
    with pytest.raises(IllegalMoveError, match="already holds one"):
        S("left: AS / 2S 3S").push(HoldBreak("left", 2))
    with pytest.raises(IllegalMoveError, match="both sides"):
        S("left: AS 2S").push(HoldBreak("left", 2))
    with pytest.raises(IllegalMoveError, match="holds no break"):
        S("left: AS 2S").push(ReleaseBreak("left"))
    assert after("left: AS / 2S", ReleaseBreak("left")) == "left: AS 2S"


def test_biddle_steal() -> None:
    s = S("left: KC^ KD^ / KH^ KS^; right: QD^ QS^ QH^ QC^")
    s.push(Steal("left", "right"))
    s.push(Peel("right", "left"))
    assert s.text() == "left: QD^ KH^ KS^; right: QS^ QH^ QC^ KC^ KD^"
    assert s.breaks == {}
    with pytest.raises(IllegalMoveError, match="holds no break"):
        s.push(Steal("left", "right"))


def test_errors_name_the_move_and_the_state() -> None:
    with pytest.raises(IllegalMoveError) as info:
        S("left: AS").push(Peel("left", "right", 2))
    assert str(info.value) == (
        "cannot peel 2 cards from the left hand onto the right hand: "
        "the left hand holds 1 card (AS)"
    )
    with pytest.raises(IllegalMoveError, match="the right hand is empty"):
        S("left: AS").push(TurnOver("right"))
    with pytest.raises(IllegalMoveError, match="same place"):
        S("left: AS").push(Peel("left", "left"))
    with pytest.raises(UnknownNameError, match="unknown place 'pocket'"):
        Peel("pocket", "left")
    with pytest.raises(IllegalMoveError, match="1 or more, not -1"):
        Peel("left", "right", -1)


def test_failed_check_changes_nothing() -> None:
    s = S("left: AS 2S")
    with pytest.raises(IllegalMoveError):
        s.push(Peel("left", "right", 3))
    assert s == S("left: AS 2S") and s.move_stack == []


def test_push_pop_and_after() -> None:
    s = S("left: AS 2S 3S")
    copy = s.after(TurnOver("left"))
    assert s.text() == "left: AS 2S 3S" and copy.text() == "left: 3S^ 2S^ AS^"
    s.push(Peel("left", "right"))
    assert s.push("TurnOver right") == TurnOver("right")
    assert s.text() == "left: 2S 3S; right: AS^"
    assert s.move_stack == [Peel("left", "right"), TurnOver("right")]
    assert s.pop() == TurnOver("right")
    assert s.pop() == Peel("left", "right")
    assert s == S("left: AS 2S 3S")
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        s.pop()
    assert s.is_legal(Peel("left", "right", 3)) and not s.is_legal(Peel("left", "right", 4))


def test_descriptions_in_both_languages() -> None:
    for name, cls in MOVES.items():
        assert cls.__doc__, name
    move = Steal("left", "right")
    assert move.describe("en") == (
        "Steal the cards above the break in the left hand under the packet in the right hand"
    )
    assert move.describe("zh") == "将左手布雷克上方的牌偷到右手的牌下"
    assert "翻过来" in TurnOver("left").describe("zh")


def test_visibility() -> None:
    s = S("left: KS^ QH^; right: AS 2S; table: 3C^ 4C")
    assert visible(s) == {Card("KS").code, Card("3C").code}
    s.push(Behind())
    assert visible(s) == {Card("3C").code}
    with pytest.raises(IllegalMoveError, match="behind the back"):
        s.push(ShowTop("left"))
    s.push(Forward())
    assert ShowBottom("right").shows(s) == (Card("2S").code,)
    assert ShowBottom("left").shows(s) == ()  # a face-up bottom card shows its back
    assert ShowTop("right").shows(s) == (Card("AS").code,)
    s.push(Spread("left", "self"))
    assert Card("QH").code not in visible(s)
    s.push(Square("left"))
    s.push(Spread("left"))
    assert {Card("KS").code, Card("QH").code} <= visible(s)


def test_visible_during_peels_of_a_face_up_packet() -> None:
    s = S("right: KS^ KH^ KD^ KC^")
    seen = visible_during(s, [Peel("right", "left")] * 3)
    assert seen == {Card(c).code for c in ("KS", "KH", "KD", "KC")}


def test_state_parse_errors_and_repr() -> None:
    s = S("left: KS^ / QH; table.aside: 2C")
    assert eval(repr(s)) == s
    assert s.cards("left") == parse_cards("KS QH")
    with pytest.raises(NotationError, match="two places"):
        S("left: KS; right: KS")
    with pytest.raises(UnknownNameError):
        S("pocket: KS")


def test_extract_draws_a_card_out_of_the_middle() -> None:
    assert after("left: AS 2S 3S; right: KH", Extract("left", "right", 1)) == (
        "left: AS 3S; right: 2S KH"
    )
    assert after("left: AS 2S 3S", Extract("left", "table", 2, turn=True)) == (
        "left: AS 2S; table: 3S^"
    )
    s = S("left: AS 2S / 3S 4S")
    s.push(Extract("left", "right", 0))
    assert s.breaks == {"left": 1}
    s.push(Extract("left", "right", 2))
    assert s.breaks == {"left": 1}
    with pytest.raises(IllegalMoveError, match="holds 2 cards"):
        s.push(Extract("left", "right", 2))


def test_show_face_shows_the_outward_face() -> None:
    s = S("left: KS QH JD; right: AS^ 2S^")
    assert ShowFace("left").shows(s) == (Card("JD").code,)  # face down: the bottom card
    assert ShowFace("right").shows(s) == (Card("AS").code,)  # face up: the top card
    assert "表面" in ShowFace("left").describe("zh")


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Peel left right 2", Peel("left", "right", 2)),
        ("peel left right turn=yes", Peel("left", "right", turn=True)),
        ("CompleteCut left", CompleteCut("left")),
        ("completecut left 5", CompleteCut("left", 5)),
        ("Insert right left 3 n=2", Insert("right", "left", 3, n=2)),
        ("Spread table self", Spread("table", "self")),
        ("Behind spectator", Behind("spectator")),
    ],
)
def test_parse_move(text: str, move: object) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Flip left", "unknown move 'Flip'"),
        ("Peel left right x", "n must be a whole number, not 'x'"),
        ("Peel left right 1 no extra", "too many values"),
        ("Peel left right colour=red", "no field 'colour'"),
        ("Peel pocket right", "src must be a place .*, not 'pocket'"),
        ("Insert left right", r"needs depth; write it as Insert src dst depth \[n=1\]"),
        ("TurnCard left ١", "depth must be a whole number, not '١'"),
        ("TurnCard left ²", "depth must be a whole number, not '²'"),
        ("TurnCard left " + "9" * 5000, r"\(5,000 characters\)"),
        ("TurnCard left -1", "depth must be 0 or more, not -1"),
        ("Peel left right -2", "n must be 1 or more, not -2"),
        ("Spread left sideways", "a spread faces 'audience' or 'self'"),
        ("Peel left right n=1 n=2", "n is given twice"),
        ("", "empty move"),
    ],
)
def test_parse_move_errors(text: str, needle: str) -> None:
    with pytest.raises(NotationError, match=needle) as caught:
        parse_move(text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400  # one line; a long input is cut


def test_cull_brings_named_cards_to_the_bottom_in_packet_order() -> None:
    assert after("left: AS 2S^ 3S 2H 4S", Cull("left", "2H 2S")) == "left: AS 3S 4S 2S^ 2H"
    assert after("left: AS 2S / 3S 2H", Cull("left", "2H", to_bottom=False)) == "left: 2H AS 2S 3S"
    with pytest.raises(IllegalMoveError, match="2♦ not there"):
        S("left: AS 2S").push(Cull("left", "2D"))


# -- the break rules, one primitive at a time, at the break and on either side of it ----------


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        # the left hand holds AS 2S / 3S 4S: two cards above the break
        (Extract("left", "right", 0), "left: 2S / 3S 4S; right: AS KH"),  # above: shallower
        (Extract("left", "right", 1), "left: AS / 3S 4S; right: 2S KH"),  # just above
        (Extract("left", "right", 2), "left: AS 2S / 4S; right: 3S KH"),  # just below: stays
        (Extract("left", "right", 3), "left: AS 2S / 3S; right: 4S KH"),
        (Insert("right", "left", 1), "left: AS KH 2S / 3S 4S"),  # above: deeper
        (Insert("right", "left", 2), "left: AS 2S KH / 3S 4S"),  # at the break: above it
        (Insert("right", "left", 3), "left: AS 2S / 3S KH 4S"),  # below: stays
        (Insert("left", "left", 1), "left: 2S AS / 3S 4S; right: KH"),  # into itself, above
        (Insert("left", "left", 2), "left: 2S / 3S AS 4S; right: KH"),  # to below the break
        (Take("left", "right", 2), "left: 3S 4S; right: AS 2S KH"),  # nothing above: gone
        (Take("left", "right", 1, from_bottom=True), "left: AS 2S / 3S; right: 4S KH"),
        (Take("left", "right", 2, from_bottom=True), "left: AS 2S; right: 3S 4S KH"),  # none below
        (Take("right", "left"), "left: KH AS 2S / 3S 4S"),  # put on top: deeper
        (Take("right", "left", to_bottom=True), "left: AS 2S / 3S 4S KH"),  # under: stays
        (Peel("left", "right", 1), "left: 2S / 3S 4S; right: AS KH"),
        (Deal("left", "right", 2, turn=True), "left: 3S 4S; right: 2S^ AS^ KH"),
        (Steal("left", "right"), "left: 3S 4S; right: KH AS 2S"),
        (Cut("left", "table"), "left: 3S 4S; right: KH; table: AS 2S"),
        (Cut("left", "table", 1), "left: 2S 3S 4S; right: KH; table: AS"),  # a cut lets go
        (CompleteCut("left"), "left: 3S 4S AS 2S; right: KH"),
        (TurnCard("left", 2), "left: AS 2S / 3S^ 4S; right: KH"),  # turned in place: stays
        (TurnOver("left"), "left: 4S^ 3S^ 2S^ AS^; right: KH"),
        (Cull("left", "3S", to_bottom=False), "left: 3S AS 2S 4S; right: KH"),
    ],
    ids=str,
)
def test_each_primitive_keeps_the_break_where_the_hand_does(move: object, expected: str) -> None:
    assert after("left: AS 2S / 3S 4S; right: KH", move) == expected


@pytest.mark.parametrize(
    ("size", "out", "woven"),
    [
        (5, True, "AS 4S 2S 5S 3S"),  # the top half takes the odd card
        (5, False, "3S AS 4S 2S 5S"),  # the bottom half takes it
        (6, True, "AS 4S 2S 5S 3S 6S"),
        (6, False, "4S AS 5S 2S 6S 3S"),
        (2, False, "2S AS"),
    ],
)
def test_faro_of_odd_and_even_packets(size: int, out: bool, woven: str) -> None:
    cards = " ".join(["AS", "2S", "3S", "4S", "5S", "6S"][:size])
    assert after(f"left: {cards}", Faro("left", out=out)) == f"left: {woven}"


def test_turning_keeps_each_cards_own_orientation_reversed() -> None:
    assert after("table: AS^ 2S 3S^ 4S", TurnOver("table")) == "table: 4S^ 3S 2S^ AS"
    assert after("table: AS^ 2S", Peel("table", "left", 2, turn=True)) == "left: 2S^ AS"
    assert after("table: AS^ 2S", Extract("table", "left", 1, turn=True)) == (
        "left: 2S^; table: AS^"
    )


def test_an_emptied_place_is_no_longer_spread() -> None:
    s = S("left: AS 2S; right: KH")
    s.push(Spread("left"))
    s.push(Peel("left", "right", 2))
    assert s.spread == {}
    s.push(Spread("right"))
    s.push(Transfer("right", "table"))
    assert s.spread == {}


# -- what the moves say --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("depth", "en", "zh"),
    [
        (0, "the top card", "特普牌"),
        (1, "the 2nd card from the top", "从上数第2张牌"),
        (2, "the 3rd card from the top", "从上数第3张牌"),
        (10, "the 11th card from the top", "从上数第11张牌"),
        (11, "the 12th card from the top", "从上数第12张牌"),
        (12, "the 13th card from the top", "从上数第13张牌"),
        (20, "the 21st card from the top", "从上数第21张牌"),
        (21, "the 22nd card from the top", "从上数第22张牌"),
        (110, "the 111th card from the top", "从上数第111张牌"),
    ],
)
def test_ordinals(depth: int, en: str, zh: str) -> None:
    assert en in TurnCard("left", depth).describe("en")
    assert zh in TurnCard("left", depth).describe("zh")


def test_a_depth_below_zero_is_refused_not_called_the_0th_card() -> None:
    for build in (lambda: TurnCard("left", -1), lambda: Extract("left", "right", -1)):
        with pytest.raises(IllegalMoveError, match="depth must be 0 or more, not -1"):
            build()


def test_errors_about_hands_read_as_sentences() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        S("left: AS").push(Forward())
    assert str(caught.value) == (
        "cannot bring the performer's hands forward: they are not behind the back"
    )
    s = S("left: AS")
    s.push(Behind("spectator"))
    with pytest.raises(IllegalMoveError, match=r"^cannot put the spectator's hands behind"):
        s.push(Behind("spectator"))


def test_counts_are_singular_or_plural() -> None:
    assert Peel("left", "right").describe() == "Peel 1 card from the left hand onto the right hand"
    assert Deal("left", "table", 3, turn=True).describe() == (
        "Deal 3 cards from the left hand to the table face up"
    )
    assert Insert("right", "left", 1).describe().endswith("below 1 card")
    assert Insert("right", "left", 0).describe("zh") == "从右手特普取1张牌，插进左手的特普"


def test_every_move_is_described_in_english_and_chinese() -> None:
    samples = [parse_move(f"{name} left right 1") for name in ("Peel", "Deal", "Take", "Insert")]
    samples += [
        parse_move(text)
        for text in (
            "Transfer left table",
            "Extract left right 2 yes",
            "Cull left 2S,2H",
            "Cut left table",
            "CompleteCut left 3",
            "TurnOver left",
            "TurnCard left 1",
            "Faro left no",
            "HoldBreak left 2",
            "ReleaseBreak left",
            "Steal left right",
            "Spread left self",
            "Square left",
            "Behind spectator",
            "Forward",
            "ShowTop left",
            "ShowBottom left",
            "ShowFace left",
            "TopToBottom left",
            "BottomToTop left 3",
            "Riffle left TBBT",
            "Overhand left 1,2",
            "DealPiles left table,spectator",
            "SpellDeal left table 红桃皇后",
            "DoubleLift left",
            "Glimpse left from_bottom=yes",
            "ElmsleyCount left right",
        )
    ]
    assert {type(m) for m in samples} == set(MOVES.values())
    for move in samples:
        en, zh = move.describe("en"), move.describe("zh")
        assert en[:1].isupper() and "{" not in en and "  " not in en, en
        assert zh != en and "{" not in zh and not any(c.isascii() and c.isalpha() for c in zh), zh


def language_branches(source: str) -> list[int]:
    """The lines of ``source`` that compare a language code: ``lang == "zh"``, ``"en" != lang``,
    ``lang in ("zh", "en")``, ``spec == "zh"``, whatever the names or the order."""
    import ast

    codes = {"en", "zh"}

    def is_code(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in codes
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(is_code(e) for e in node.elts)
        return False

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
            is_code(side) for side in [node.left, *node.comparators]
        ):
            found.append(node.lineno)
    return sorted(found)


@pytest.mark.parametrize(
    ("source", "lines"),
    [
        ('if lang == "zh":\n    pass\nx = "zh" != self.lang', [1, 3]),
        ('if code in ("en", "zh"): pass', [1]),
        ('word = "左" if spec == "zh" else "left"', [1]),
        ("said = text.get(lang)\nname = NAMES.get(lang, 'x')", []),
    ],
)
def test_a_language_branch_is_found_however_it_is_written(source: str, lines: list[int]) -> None:
    assert language_branches(source) == lines


def test_no_language_branches_in_the_deck() -> None:
    """The deck says things through :class:`conjure.text.Text`, never by testing a language."""
    from pathlib import Path

    import conjure.cli.deck
    import conjure.deck

    files = [*Path(conjure.deck.__file__).parent.glob("*.py"), Path(conjure.cli.deck.__file__)]
    for path in files:
        assert language_branches(path.read_text(encoding="utf-8")) == [], path


def test_moves_change_the_state_only_through_its_primitives() -> None:
    """moves.py and sleights.py read a position through queries and change it through the
    primitives: they never touch the state's fields (where the break rules would be bypassed)."""
    import ast
    from pathlib import Path

    import conjure.deck.moves
    import conjure.deck.sleights

    fields = {"packets", "breaks", "spread", "_undo", "glimpsed"}
    tree = ast.Module(
        body=[
            node
            for module in (conjure.deck.moves, conjure.deck.sleights)
            for node in ast.parse(Path(module.__file__).read_text(encoding="utf-8")).body
        ],
        type_ignores=[],
    )
    touched = [
        (node.lineno, node.attr)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in fields
    ]
    assert touched == []
    writes = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "behind"
        and not isinstance(node.ctx, ast.Load)
    ]
    assert writes == []


def test_a_card_named_twice_in_a_cull_is_refused_naming_it() -> None:
    with pytest.raises(IllegalMoveError, match="K♠ named twice: name each card once"):
        Cull("left", "KS,KS")
    with pytest.raises(NotationError, match="K♠ named twice: name each card once"):
        parse_move("Cull left KS,QH,KS")
