"""Every installed game's rules read in Chinese: each rule note's ``rule`` (and its ``why``, unless
that is empty or already the source's Chinese words) and each option's help carry a Chinese
text, and ``conjure rules GAME --lang zh`` prints none of the English rules."""

from __future__ import annotations

import re

import pytest

from conjure.cli import main
from conjure.plugins.host import load_plugins

#: a run of three Latin letters: an English word (card names such as K or 10 are not)
ENGLISH = re.compile(r"[A-Za-z]{3,}")

GAMES = load_plugins().games
CHECKED = sorted(GAMES)


def test_every_shipped_game_is_checked() -> None:
    assert len(CHECKED) >= 23


@pytest.mark.parametrize("game", CHECKED)
def test_rule_notes_and_options_have_chinese(game: str) -> None:
    cls = GAMES[game]
    for note in cls.rule_notes:
        assert note.rule.has("zh"), f"{game}: no Chinese for {note.rule.en!r}"
        if ENGLISH.search(note.why.en):
            assert note.why.has("zh"), f"{game}: no Chinese for {note.why.en!r}"
    for option in cls.options:
        assert option.help.has("zh"), f"{game}: option {option.name} has no Chinese help"


@pytest.mark.parametrize("game", CHECKED)
def test_chinese_rules_page_has_no_english_rule(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", game, "--lang", "zh", "--json"]) == 0
    page = capsys.readouterr().out
    cls = GAMES[game]
    for note in cls.rule_notes:
        assert note.rule.en not in page, f"{game}: English rule on the Chinese page"
    for option in cls.options:
        assert option.help.en not in page, f"{game}: English option help on the Chinese page"
