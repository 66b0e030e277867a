"""Every game names its source as a reader would: the text's number and the heading it gives
the game, in every listing, page and rule note; nothing says "seed"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conjure.cli import main
from conjure.cli.common import registry
from conjure.games import Game

#: the headings of the five texts, as printed (a game's citation must use one of them)
HEADINGS = {
    "000": ("一帆风顺", "百点摘冠", "循环往复", "独占鳌头", "各得其二", "缉查队长"),
    "001": ("游戏九赌场", "游戏十换牌", "游戏十一深谋远虑", "游戏十二规格游戏"),
    "002": ("六、跑得快", "七、小猫钓鱼", "八、巧避红桃", "小知识“找朋友”的玩法"),
    "003": ("四、求婚的国王", "五、六六大顺", "六、按部就班", "七、辑查队长"),
    "004": (
        "3.议将", "7.计分和胜负", "红心正五十分", "普通换牌比分", "带王换牌比分", "普通讨牌",
        "普通调牌", "普通做牌捡分",
    ),
}  # fmt: skip
README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
GAMES = sorted(registry().games.items())


def _cited(source: str, mark: str) -> list[tuple[str, str]]:
    """Each (text number, what follows it up to the next citation) in ``source``."""
    return re.findall(rf"{mark}(\d{{3}})(.*?)(?={mark}\d{{3}}|$)", source)


@pytest.mark.parametrize(("gid", "cls"), GAMES)
def test_a_citation_names_the_text_and_its_heading(gid: str, cls: type[Game]) -> None:
    for source, mark in ((cls.source, "text "), (cls.source_zh, "原文")):
        cited = _cited(source, mark)
        assert cited and source.startswith(mark), (gid, source)
        for number, rest in cited:
            assert number in HEADINGS, (gid, number)
            headings = re.findall(r"「(.*?)」", rest)
            untitled = "untitled" in rest or "无题" in rest
            assert headings or untitled, (gid, source)
            for heading in headings:
                assert heading in HEADINGS[number], (gid, heading)


@pytest.mark.parametrize(("gid", "cls"), GAMES)
def test_no_game_text_says_seed(gid: str, cls: type[Game]) -> None:
    words = [cls.source, cls.source_zh, cls.summary_en, cls.summary_zh]
    for note in cls.rule_notes:
        words += [note.rule.en, note.rule.zh, note.why.en, note.why.zh]
    words += [o.help.en for o in cls.options] + [o.help.zh for o in cls.options]
    for said in words:
        assert not re.search(r"\bseeds?\b", said, re.I), (gid, said)


def test_the_readme_cites_each_game_as_the_game_does() -> None:
    rows = dict(re.findall(r"^\| `([\w-]+)` \| [^|]+ \| (.+) \|$", README, re.M))
    for gid, cls in GAMES:
        assert rows[gid] == cls.source, gid


def test_the_listing_and_the_rules_cite_the_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # each row on one line
    assert main(["games"]) == 0
    assert "text 001 「游戏十换牌」" in capsys.readouterr().out
    assert main(["--lang", "zh", "games"]) == 0
    assert "原文001「游戏十换牌」" in capsys.readouterr().out
    assert main(["rules", "ten-exchange"]) == 0
    assert "(text 001 「游戏十换牌」)" in capsys.readouterr().out.splitlines()[0]
