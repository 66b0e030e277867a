"""``conjure explain``: which choices break a claim, which never matter, the condition, and a
design parameter tried over its values, on small routines whose answers are worked out by hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from conjure import hookimpl
from conjure.cli import main
from conjure.deck import DeckState, Extract, Insert, Peel, ShowTop, parse_cards
from conjure.magic import Claim, Param, Performance, Routine
from conjure.magic.explain import explain, ranges, vary

SIX = parse_cards("AS 2S 3S 4S 5S KH")


def key_card(p: Performance) -> None:
    """Six cards, the K♥ (the key) at the bottom. The spectator takes any of the five above it,
    shows it and pushes it back at any depth; the card after the key (going round from the
    bottom to the top) is named as theirs."""
    p.start(DeckState.from_cards("left", SIX))
    p.step("①", en="The spectator takes a card and shows it.")
    card = p.choose("card", range(5))
    p.do(Extract("left", "spectator", card))
    p.show(ShowTop("spectator"))
    p.values["chosen"] = p.state.cards("spectator")[0]
    p.step("②", en="The spectator pushes it back anywhere.")
    p.do(Insert("spectator", "left", p.choose("insert", range(6))))
    cards = p.state.cards("left")
    key = next(i for i, c in enumerate(cards) if str(c) == "K♥")
    p.values["named"] = cards[(key + 1) % len(cards)]


def named(p: Performance) -> str | None:
    return None if p.values["named"] == p.values["chosen"] else "the wrong card is named"


KEY_CARD = Routine(
    id="key-card-test",
    name_zh="关键牌",
    name_en="Key card",
    source="test",
    summary_en="A card found next to a key card.",
    summary_zh="",
    setup_en="Six cards, the K♥ at the bottom.",
    setup_zh="",
    script=key_card,
    claims=(Claim("named", en="the card after the key is the spectator's", check=named),),
)


def test_the_insertion_that_breaks_it_and_the_choice_that_never_matters() -> None:
    # by hand: the key stays at the bottom unless the card goes below it (depth 5); the card
    # after the key, going round, is then the top card (depth 0) or the bottom one (depth 5)
    result = explain(KEY_CARD)
    assert result.exhaustive and result.cases == 30 and result.failed == 20
    by = {c.label: c for c in result.choices}
    assert not by["card"].matters and by["insert"].matters
    assert by["insert"].always_holds == ("0", "5")
    assert by["insert"].always_fails == ("1", "2", "3", "4")
    assert by["insert"].depends == ()
    assert [c.label for c in result.never_matter] == ["card"]
    assert str(result.condition) == "holds exactly when insert is 0 or 5"


class _Plugin:
    @staticmethod
    @hookimpl
    def register_routines(register: Callable[[Any], None]) -> None:
        register(KEY_CARD)
        register(DEAL_AWAY)


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    from conjure.cli import routines as cli_routines
    from conjure.plugins.host import load_plugins

    registry = load_plugins(extra=[("explain-tests", _Plugin)])
    monkeypatch.setattr(cli_routines, "registry", lambda: registry)


@pytest.mark.usefixtures("installed")
def test_the_command_says_it_in_words_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "key-card-test"]) == 0
    out = capsys.readouterr().out
    assert "every case: 30 cases, 20 failing" in out
    assert "condition: the claim holds exactly when insert is 0 or 5" in out
    assert "never matter: card (5 values)" in out
    assert "insert (spectator, ②): always fails: 1–4; always holds: 0, 5" in out
    assert main(["explain", "key-card-test", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exhaustive"] and data["failed"] == 20 and data["cases"] == 30


@pytest.mark.usefixtures("installed")
def test_vary_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "deal-away-test", "--vary", "throw"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("throw: works for 0–4; fails for 5–6")
    assert main(["explain", "deal-away-test", "--vary", "throw=1..3"]) == 0
    assert capsys.readouterr().out.startswith("throw: works for 1–3; fails for none")
    assert main(["explain", "deal-away-test", "--vary", "thrown"]) == 2
    assert "thrown" in capsys.readouterr().err


def deal_away(p: Performance) -> None:
    """The spectator's card goes fifth from the top; the performer deals ``throw`` cards from
    the top to the table. The card is still in the hand unless five or more were dealt."""
    p.start(DeckState.from_cards("left", SIX))
    p.step("①", en="Deal some cards away.")
    p.values["chosen"] = p.state.cards("left")[4]
    if p.params["throw"]:  # a peel of no cards is no move
        p.do(Peel("left", "table", p.params["throw"]))


def still_held(p: Performance) -> str | None:
    return None if p.values["chosen"] in p.state.cards("left") else "the card was dealt away"


DEAL_AWAY = Routine(
    id="deal-away-test",
    name_zh="发走",
    name_en="Deal away",
    source="test",
    summary_en="Cards dealt away from the top.",
    summary_zh="",
    setup_en="Six cards.",
    setup_zh="",
    script=deal_away,
    params=(Param("throw", 2, 0, 6, design=True),),
    claims=(Claim("held", en="the card is still in the hand", check=still_held),),
)


def test_a_design_parameter_is_tried_value_by_value() -> None:
    results = vary(DEAL_AWAY, "throw")
    assert [v for v, r in results if r.proved] == [0, 1, 2, 3, 4]
    assert [v for v, r in results if not r.passed] == [5, 6]
    assert ranges([0, 1, 2, 3, 4, 6, 9, 10]) == "0–4, 6, 9–10"


def test_verify_keeps_a_design_parameter_at_its_default() -> None:
    from conjure.magic.verifier import sweep

    assert [params for params, _ in sweep(DEAL_AWAY)] == [{}]  # not swept over 0..6
    assert [params for params, _ in sweep(DEAL_AWAY, {"throw": 5})] == [{"throw": 5}]


def test_a_sample_says_so_and_probes_which_choices_matter() -> None:
    result = explain(KEY_CARD, limit=10, sample=200, seed=3)
    assert not result.exhaustive and result.seed == 3
    by = {c.label: c for c in result.choices}
    assert by["insert"].matters and not by["card"].matters


def test_the_chinese_explain_counts_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "courting-kings", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "所有情况：576 种" in out and "条件：从不失败" in out and "（24 个值）" in out
    assert "cases" not in out and "values" not in out and "never" not in out
    assert main(["explain", "courting-kings"]) == 0
    out = capsys.readouterr().out
    assert "every case: 576 cases" in out and "queens (24 values)" in out
