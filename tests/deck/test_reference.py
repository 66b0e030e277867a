"""The move reference: every move has an entry, every example runs, what the entry says of the
order, the faces, the breaks and the audience holds on random layouts, docs/moves.md is
current."""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conjure.cli import main
from conjure.cli.moves import moves_markdown, run_example
from conjure.deck import MOVES
from conjure.deck.handling import Behind, Forward, ShowBottom, ShowFace, ShowTop, Square
from conjure.deck.move import (
    _KEPT,
    _ONE_UP,
    _RELEASED,
    _SHALLOWER_DEEPER,
    _SHOWN,
    _TURNED_WITH,
    _UNSEEN,
    _ZERO_UP,
    HEADINGS,
    VALUE_WORDS,
    Move,
    MoveRef,
    reference_fields,
    reference_words,
)
from conjure.deck.notation import (
    MOVE_KINDS,
    READ,
    READ_WORDS,
    FieldError,
    move_signature,
    read_count_or_break,
    read_word,
    register_moves,
)
from conjure.deck.packets import Peel
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState
from conjure.errors import IllegalMoveError
from conjure.testing.deck import layouts, moves_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", list(MOVES))
def test_every_core_move_has_a_reference_entry_whose_example_runs(name: str) -> None:
    cls = MOVES[name]
    ref = cls.ref
    assert isinstance(ref, MoveRef), f"{name} has no reference entry"
    assert cls.__doc__, f"{name} has no docstring"
    start, after, move = run_example(ref)
    assert type(move) is cls, f"{name}'s example makes a {type(move).__name__}"
    if not cls.display and name not in ("Square", "Behind", "Forward", "ReleaseBreak"):
        assert after.key() != start.key(), f"{name}'s example changes nothing"


def test_docs_moves_md_is_current() -> None:
    written = (ROOT / "docs" / "moves.md").read_text(encoding="utf-8")
    assert written == moves_markdown(), (
        "docs/moves.md is out of date; write it again with\n"
        "  conjure moves --markdown > docs/moves.md"
    )


def test_the_docs_say_what_the_examples_do() -> None:
    text = moves_markdown()
    faro = (
        "`Faro left split=2` (Out-faro the top 2 cards of the left hand into the rest)"
        " leaves `left: A♠ 3♠ 2♠ 4♠ 5♠ 6♠`"
    )
    assert faro in text
    assert "leaves `table.pile: 3♠ 2♠ A♠`" in text  # a deal reverses


def test_one_move_as_json_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "deal", "--json", "--lang", "zh"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "Deal" and data["usage"] == "Deal src dst [n=1] [turn=no]"
    assert data["example"]["says"] == "从左手发3张牌到桌上（牌堆）"
    assert data["example"]["after"] == "table.pile: 3♠ 2♠ A♠"
    assert [f["takes"] for f in data["fields"]][2:] == ["一个整数，1或更大", "yes 或 no"]


def test_an_unknown_move_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "Fargo"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("conjure: error: unknown move 'Fargo'") and "Faro" in err


def test_a_move_registered_by_a_plugin_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    @attrs.frozen
    class Wiggle(Move):
        """Wiggle the packet at ``place``."""

        place: str

    register_moves(Wiggle)
    try:
        assert main(["moves", "--json"]) == 0
        data = {m["name"]: m for m in json.loads(capsys.readouterr().out)}
        assert data["Wiggle"]["does"] == "Wiggle the packet at `place`."
        assert "order" not in data["Wiggle"] and data["Faro"]["order"]
        assert list(data)[: len(MOVES)] == list(MOVES)
    finally:
        del MOVE_KINDS["Wiggle"]


# -- what the reference says of each move holds ------------------------------------------------


def _where(s: DeckState) -> dict[int, tuple[str, int, bool]]:
    """Each card's place, depth and whether it lies face up."""
    return {
        b & CODE_MASK: (place, i, bool(b & FACE_UP))
        for place, packet in s.packets.items()
        for i, b in enumerate(packet)
    }


def broken_words(move: Move, s: DeckState) -> list[str]:
    """The headings of ``move``'s reference whose words the move, made in ``s``, does not bear
    out: "kept" order (two cards that lie together before and after lie in the same order),
    "kept" faces (no card turns over; with ``turn`` some card does), "kept" or "released"
    breaks, a break in src shallower and one in dst deeper, and an audience that sees
    "nothing" (no face shown, nothing counted)."""
    words = reference_words(type(move))
    after = s.copy()
    move.run_unchecked(after)
    was, now = _where(s), _where(after)
    wrong = []
    if words["order"] is _KEPT:
        together = [
            (a, b)
            for a in was
            for b in was
            if a != b and was[a][0] == was[b][0] and now[a][0] == now[b][0]
        ]
        if any((was[a][1] < was[b][1]) != (now[a][1] < now[b][1]) for a, b in together):
            wrong.append("order")
    turned = {c for c in was if was[c][2] != now[c][2]}
    moved = {c for c in was if was[c][:2] != now[c][:2]}
    faces = words["faces"]
    if faces is _KEPT and turned:
        wrong.append("faces")
    if faces is _TURNED_WITH:
        turn = getattr(move, "turn", False)
        if (turned and not turn) or (turn and moved and not turned):
            wrong.append("faces")
    if words["breaks"] is _KEPT and after.breaks != s.breaks:
        wrong.append("breaks")
    if words["breaks"] is _RELEASED and any(after.break_at(p) is not None for p in move.places()):
        wrong.append("breaks")
    if words["breaks"] is _SHALLOWER_DEEPER:
        src, dst = move.places()
        held, kept = s.break_at(src), after.break_at(src)
        if held is not None and kept is not None and kept > held:
            wrong.append("breaks")
        held, kept = s.break_at(dst), after.break_at(dst)
        if held is not None and (kept is None or kept < held):
            wrong.append("breaks")
    if words["audience"] is _UNSEEN and (move.shows(s) or move.counts(s)):
        wrong.append("audience")
    return wrong


@st.composite
def made_moves(draw: st.DrawFn) -> tuple[Move, DeckState]:
    """A layout (its owner's hands maybe behind the back) and a move legal in it: any move the
    deck kit draws, a display, or the hands going behind the back or coming forward."""
    s = draw(layouts(max_cards=12, min_cards=1))
    if draw(st.booleans()):
        s.push(Behind(draw(st.sampled_from(["performer", "spectator"]))))
        s.clear_stack()
    place = draw(st.sampled_from(s.places()))
    others = [kind(place) for kind in (ShowTop, ShowBottom, ShowFace, Square)]
    others += [Behind(p) for p in ("performer", "spectator") if p not in s.behind]
    others += [Forward(p) for p in s.behind]
    move = draw(moves_for(s) | st.sampled_from(others))
    assume(s.is_legal(move))
    return move, s


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(made_moves())
def test_what_the_reference_says_of_a_move_holds(made: tuple[Move, DeckState]) -> None:
    move, s = made
    assert broken_words(move, s) == [], f"{move!r} in {s}"


@pytest.mark.parametrize("name", list(MOVES))
def test_what_the_reference_says_holds_on_the_example(name: str) -> None:
    start, _, move = run_example(MOVES[name].ref)
    assert broken_words(move, start) == []


@pytest.mark.parametrize("name", list(MOVES))
def test_an_entry_writes_what_the_move_cannot_say_and_nothing_it_can(name: str) -> None:
    cls = MOVES[name]
    words = reference_words(cls)
    assert words["audience"] is not _SHOWN, f"{name} shows faces: its entry says which"
    if cls.display:  # a display says it keeps them
        assert all(getattr(cls.ref, h) is None for h in ("order", "faces", "breaks")), name
    for heading in HEADINGS:
        written = getattr(cls.ref, heading)
        assert written is None or written.en != reference_words(Move)[heading].en, (
            f"{name}'s entry writes the {heading} the reference says by itself"
        )


@pytest.mark.parametrize("name", list(MOVES))
def test_the_default_a_usage_line_shows_reads_back_as_the_default(name: str) -> None:
    cls = MOVES[name]
    shown = dict(w.strip("[]").split("=", 1) for w in move_signature(cls).split() if "=" in w)
    for f in attrs.fields(cls):
        if f.name in shown:
            read = f.metadata.get(READ, read_word)  # as parse_move reads a field
            assert read(shown[f.name]) == f.default, (name, f.name)


@pytest.mark.parametrize("name", list(MOVES))
def test_what_a_field_is_said_to_take_is_what_its_reader_and_validator_hold_to(name: str) -> None:
    """The words the reference gives a field are the words its reader refuses other text
    with, and a field said to take "1 or more" ("0 or more") refuses 0 (-1) and takes 1 (0)."""
    cls = MOVES[name]
    _, _, move = run_example(cls.ref)
    said = reference_fields(cls)
    for f in attrs.fields(cls):
        reader = f.metadata.get(READ, read_word)
        if reader is not read_word:
            with pytest.raises(FieldError) as refused:
                reader("%?")
            assert refused.value.args[0] == READ_WORDS[reader]
            assert READ_WORDS[reader].en in said[f.name].en, (name, f.name)
        bound = {_ONE_UP.en: 1, _ZERO_UP.en: 0}.get(VALUE_WORDS.get(f.validator, _KEPT).en)
        if bound is not None:
            assert said[f.name].en.endswith(f", {bound} or more"), (name, f.name)
            attrs.evolve(move, **{f.name: bound})
            with pytest.raises(IllegalMoveError):
                attrs.evolve(move, **{f.name: bound - 1})


def _break_fields(cls: type[Move]) -> list[str]:
    return [f.name for f in attrs.fields(cls) if f.metadata.get(READ) is read_count_or_break]


@pytest.mark.parametrize("name", [n for n, c in MOVES.items() if _break_fields(c)])
def test_a_count_written_break_is_the_depth_of_the_break(name: str) -> None:
    """A count read as ``break`` (the usage line's ``[n=break]``) moves the cards that the
    count of the cards above the break moves, and uses the break up, as the reference says."""
    start, _, move = run_example(MOVES[name].ref)
    place = move.places()[0]
    if start.break_at(place) is None:
        start.hold_break(place, 1)
    depth = start.break_at(place)
    for field in _break_fields(type(move)):
        at_break, at_depth = start.copy(), start.copy()
        attrs.evolve(move, **{field: None}).run_unchecked(at_break)
        attrs.evolve(move, **{field: depth}).run_unchecked(at_depth)
        assert at_break.packets == at_depth.packets, (name, field)
        assert at_break.break_at(place) is None, f"{name}: {field}=break leaves the break held"


# -- the check has teeth ------------------------------------------------------------------------


@attrs.frozen
class _FlippingSquare(Square):
    """Square up the packet at ``place``, and turn its top card over (a planted fault)."""

    def run_unchecked(self, s: DeckState) -> None:
        super().run_unchecked(s)
        packet = s.packet(self.place)
        s.replace(self.place, bytes([packet[0] ^ FACE_UP]) + packet[1:], keep_break=True)


@attrs.frozen
class _Flashing(Square):
    """Square up the packet at ``place`` and flash its top card, while its entry says the
    audience sees nothing (a planted fault)."""

    ref: ClassVar = attrs.evolve(Square.ref, audience=_UNSEEN)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        return (s.packet(self.place)[0] & CODE_MASK,)


@attrs.frozen
class _Releasing(Square):
    """Square up the packet at ``place`` and let its break go (a planted fault)."""

    def run_unchecked(self, s: DeckState) -> None:
        super().run_unchecked(s)
        s.release_break(self.place)


@attrs.frozen
class _Forgetful(Peel):
    """Peel ``n`` cards from ``src`` onto ``dst``, whose hand then lets its break go (a planted
    fault)."""

    def run_unchecked(self, s: DeckState) -> None:
        super().run_unchecked(s)
        s.release_break(self.dst)


@pytest.mark.parametrize(
    ("fault", "fair", "layout", "broken"),
    [
        (_FlippingSquare("left"), Square("left"), "left: AS 2S / 3S", ["faces"]),
        (_Flashing("left"), Square("left"), "left: AS 2S / 3S", ["audience"]),
        (_Releasing("left"), Square("left"), "left: AS 2S / 3S", ["breaks"]),
        (
            _Forgetful("left", "right"),
            Peel("left", "right"),
            "left: AS; right: KH / QH",
            ["breaks"],
        ),
    ],
)
def test_a_move_that_does_otherwise_than_its_reference_says_is_found(
    fault: Move, fair: Move, layout: str, broken: list[str]
) -> None:
    s = DeckState.parse(layout)
    assert broken_words(fair, s) == []
    assert broken_words(fault, s) == broken
