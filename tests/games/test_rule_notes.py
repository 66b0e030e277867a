"""Every game's rule notes: a rule marked [text] quotes the text that states it, and the seat
order has one name in every game (in seat order, 按座次), whichever way round the table the text
turns; where a text names its direction, the note quotes it."""

from __future__ import annotations

import re

import pytest

from conjure.cli import main
from conjure.cli.common import registry
from conjure.games import Game

GAMES = sorted(registry().games.items())
#: the texts that name the direction of play, in their own words
DIRECTIONS = {
    "ask-for-cards": "按逆时针方向",
    "avoid-hearts": "按顺时针方向",
    "go-fish": "按顺时针方向",
    "run-fast": "按逆时针方向",
    "trump-agreement": "上家（左邻）",
}
#: words that would name a seat order of their own
ENGLISH = re.compile(r"clockwise|anticlockwise|to the (left|right)|neighbour|on the (left|right)")
CHINESE = re.compile(r"顺时针|逆时针|左边|右边|左邻|右邻")


def _outside_quotes(text: str) -> str:
    return re.sub(r"「[^」]*」", "", text)


@pytest.mark.parametrize(("gid", "cls"), GAMES)
def test_a_rule_marked_text_quotes_the_text(gid: str, cls: type[Game]) -> None:
    for note in cls.rule_notes:
        if note.origin == "text":
            assert len(re.findall(r"[\u4e00-\u9fff]", note.quote)) >= 2, (gid, note.rule.en)
            assert note.rule.has("zh"), (gid, note.rule.en)


@pytest.mark.parametrize(("gid", "cls"), GAMES)
def test_one_name_for_the_seat_order(gid: str, cls: type[Game]) -> None:
    for note in cls.rule_notes:
        for said in (note.rule.en, note.why.en):
            assert not ENGLISH.search(_outside_quotes(said)), (gid, said)
        for said in (note.rule.zh, note.why.zh):
            assert not CHINESE.search(_outside_quotes(said)), (gid, said)
    if max(cls.players) > 2:
        assert any("seat order" in n.rule.en for n in cls.rule_notes), gid
        assert any("座次" in n.rule.zh for n in cls.rule_notes), gid


@pytest.mark.parametrize(("gid", "words"), sorted(DIRECTIONS.items()))
def test_a_texts_own_direction_is_quoted(gid: str, words: str) -> None:
    cls = registry().game(gid)
    seat_notes = [n for n in cls.rule_notes if "seat order" in n.rule.en + n.why.en]
    assert any(words in n.quote + n.why.zh + n.rule.zh for n in seat_notes), gid


def test_rules_show_the_texts_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    for gid, option, value in (
        ("klaberjass", "last", 0),
        ("trump-agreement", "set_bonus", 0),
        ("nine-casino", "run5", 0),
        ("hundred-point-knock", "layoff", 0),
        ("ten-exchange", "first_sweep_only", 1),
    ):
        assert main(["rules", gid]) == 0
        out = capsys.readouterr().out.replace("\n", " ")
        assert f"option {option}={value} " in out, gid
