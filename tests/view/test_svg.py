"""The SVG drawings: what each view draws of a deck state, card by card."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.deck import Card, DeckState, full_deck
from conjure.view import svg

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def places(root: ET.Element) -> dict[str, list[ET.Element]]:
    """place -> the cards drawn in it, top card first (drawn last)."""
    out = {}
    for g in root.iter(f"{NS}g"):
        if "place" in g.get("class", "").split():
            cards = [c for c in g.iter(f"{NS}g") if "card" in c.get("class", "").split()]
            out[g.get("data-place", "")] = list(reversed(cards))
    return out


def looks(cards: list[ET.Element]) -> list[str]:
    return [c.get("class", "").split()[1] for c in cards]


def test_performer_draws_every_card_with_its_face_or_its_index_on_a_back() -> None:
    s = DeckState.parse("left: KS^ KH^ / KD KC; table.aside: 2C 3C")
    drawn = places(parse(svg.performer_scene(s)))
    assert [c.get("data-card") for c in drawn["left"]] == ["KS", "KH", "KD", "KC"]
    assert looks(drawn["left"]) == ["face", "face", "xray", "xray"]
    assert len(drawn["table.aside"]) == 2


def test_a_break_is_a_visible_gap_at_its_depth() -> None:
    s = DeckState.parse("left: KS^ KH^ / KD^ KC^")
    root = parse(svg.performer_scene(s))
    brk = [g for g in root.iter(f"{NS}g") if g.get("class") == "break"]
    assert [g.get("data-depth") for g in brk] == ["2"]
    xs = [
        float(c.get("transform", "")[len("translate(") :].rstrip(")").split(",")[0])
        for c in places(root)["left"]
    ]
    # the cards above the break stand clear of those below it
    assert xs[2] - xs[1] >= svg.CARD_W + svg.BREAK_GAP
    assert xs[1] - xs[0] == svg.FAN_STEP


def test_audience_sees_the_top_face_of_a_squared_packet_and_edges_below() -> None:
    s = DeckState.parse("right: KS^ KH^ KD^; table: QS QH")
    drawn = places(parse(svg.audience_scene(s)))
    assert looks(drawn["right"]) == ["face", "edge", "edge"]
    assert [c.get("data-card") for c in drawn["right"]] == ["KS", None, None]
    assert looks(drawn["table"]) == ["back", "edge"]
    # nothing identifies a card the audience cannot see
    assert all(c.get("data-card") is None for c in drawn["table"])


def test_audience_sees_a_spread_toward_them_and_nothing_behind_a_back() -> None:
    s = DeckState.parse("left: 2S^ 3S 4S^", spread={"left": "audience"})
    drawn = places(parse(svg.audience_scene(s)))
    assert looks(drawn["left"]) == ["face", "back", "face"]
    hidden = DeckState.parse("left: 2S^ 3S; table: 5H", behind=["performer"])
    drawn = places(parse(svg.audience_scene(hidden)))
    assert drawn["left"] == [] and len(drawn["table"]) == 1
    assert "behind the back" in svg.audience_scene(hidden)
    assert len(places(parse(svg.performer_scene(hidden)))["left"]) == 2


def test_empty_places_asked_for_are_drawn_empty() -> None:
    s = DeckState.parse("left: AS")
    drawn = places(parse(svg.performer_scene(s, also=["right"])))
    assert len(drawn["left"]) == 1 and drawn["right"] == []


@pytest.mark.parametrize("code", range(54))
def test_every_card_face_names_itself(code: int) -> None:
    c = Card(code)
    en = svg.card(c, svg.FACE)
    zh = svg.card(c, svg.FACE, lang="zh")
    parse(f'<svg xmlns="http://www.w3.org/2000/svg">{en}{zh}</svg>')
    assert c.en in en and c.zh in zh
    colour = svg.RED if c.is_red else svg.BLACK
    assert colour in en


def test_a_standalone_scene_carries_its_definitions_and_a_page_scene_refers_to_its_sheet() -> None:
    s = DeckState.parse("left: AS^ 2H")
    alone = svg.performer_scene(s)
    assert 'id="cj-S"' in alone and "<style>" in alone
    sheet = svg.Sheet()
    one = svg.performer_scene(s, sheet=sheet)
    assert 'id="cj-S"' not in one and "<use href=" in one
    defined = sheet.defs()
    for ref in {part.split('"')[0] for part in one.split('href="#')[1:]}:
        assert f'id="{ref}"' in defined


@given(st.permutations(full_deck(24)), st.integers(0, 23), st.integers(0, 24))
def test_a_long_fan_fits_its_width_and_keeps_every_card(
    cards: list[Card], up: int, width_cards: int
) -> None:
    faces = [svg.Seen(c, svg.FACE if i == up else svg.XRAY) for i, c in enumerate(cards)]
    body, width, _ = svg.packet(faces, max_width=200 + 10 * width_cards, break_at=3)
    assert body.count('class="card ') == len(cards)
    least = 2 * svg.CARD_W + svg.BREAK_GAP + 22 * svg.FAN_MIN
    assert width <= max(200 + 10 * width_cards, least) + 1e-9
