"""The storyboard and replay pages and their commands, read as text (the browser draws them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

from conjure.cli import main
from conjure.deck import DeckState, Peel, ShowTop
from conjure.magic import Claim, Performance, Routine, every, perform
from conjure.plugins.host import load_plugins
from conjure.view.replay import load_game, play_game, replay_page
from conjure.view.storyboard import failing_step, storyboard


def broken_script(p: Performance) -> None:
    p.start(DeckState.parse("left: KS^ KH^ QD^"))
    p.step("①", en="peel two Kings", zh="抽出两张K")
    p.show(Peel("left", "right"), Peel("left", "right"))  # face up, in view on purpose
    p.believe(every("left", 13, en="the left hand holds Kings"))
    p.step("②", en="show the top", zh="展示特普")
    p.do(ShowTop("left"))


BROKEN = Routine(
    id="broken",
    name_zh="坏",
    name_en="Broken",
    source="tests",
    summary_en="",
    summary_zh="",
    setup_en="three cards",
    setup_zh="三张牌",
    script=broken_script,
    claims=(Claim("never", "never holds", "从不成立", lambda _p: "it never does"),),
)


def frames(page: str) -> list[str]:
    return re.findall(r'<section class="frame[^"]*"[^>]*>', page)


def test_a_storyboard_has_the_setup_every_step_and_the_verdict() -> None:
    routine = load_plugins().routine("courting-kings")
    outcome = perform(routine, None, record=True)
    page = storyboard(outcome, "en")
    steps = outcome.performance.steps
    assert len(frames(page)) == len(steps) + 2
    for step in steps:
        assert f'data-number="{step.number}"' in page
    # both views for the set-up and each step, and again after each move of the steps
    moves = sum(len(step.moves) for step in steps)
    assert page.count('class="views"') == len(steps) + 1 + moves
    assert page.count('class="moveframe"') == moves
    assert "failed" not in " ".join(frames(page))
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page


def aside_script(p: Performance) -> None:
    p.start(DeckState.parse("left: KS QH; table.aside: 2C 3C 4C 5C 6C 7C; table.pile: 8D 9D"))
    p.step("①", en="peel one", zh="抽一张")
    p.do(Peel("left", "right"))
    p.step("②", en="square", zh="叠齐")
    p.do(Peel("right", "left"))


def test_a_place_no_move_touches_is_drawn_folded_and_said_untouched() -> None:
    """The aside packet is drawn four cards deep with its count and 'untouched' in both views;
    the hands are drawn whole. courting-kings' 46-card aside makes the page well under half
    what drawing it whole did."""
    from conjure.view.storyboard import untouched_places

    routine = attrs.evolve(BROKEN, id="aside", script=aside_script, claims=())
    outcome = perform(routine, None, record=True)
    assert untouched_places(outcome.performance) == ["table.aside", "table.pile"]
    page = storyboard(outcome, "en")
    asides = re.findall(r'data-place="table.aside" data-drawn="(\d+)"', page)
    assert asides and set(asides) == {"4"}
    assert set(re.findall(r'data-place="left" data-drawn="(\d+)"', page)) <= {"1", "2"}
    assert page.count("untouched") >= 2 * len(asides)  # both views, each place
    assert 'table (aside)<tspan class="count"> · 6</tspan>' in page
    ck = perform(load_plugins().routine("courting-kings"), None, record=True)
    assert untouched_places(ck.performance) == ["table.aside"]
    assert len(storyboard(ck, "en").encode()) < 350_000


def test_the_failing_step_is_marked() -> None:
    outcome = perform(BROKEN, None, record=True)
    assert outcome.failure is not None and failing_step(outcome) == 1
    page = storyboard(outcome, "en", counterexample=True)
    marked = [f for f in frames(page) if "failed" in f]
    assert len(marked) == 1 and 'data-number="①"' in marked[0]
    assert "the audience sees Q♦" in page
    assert "Counter-example" in page


def test_a_broken_claim_marks_the_last_step() -> None:
    def fine(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", en="nothing", zh="无")

    routine = Routine(
        "claims", "结论", "Claims", "tests", "", "", "", "", fine,
        claims=(Claim("no", "never", "从不", lambda _p: "broken"),),
    )  # fmt: skip
    outcome = perform(routine, None, record=True)
    assert failing_step(outcome) == 1
    assert "claim no does not hold after step ①" in storyboard(outcome, "en")


def test_storyboard_command_writes_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ck.html"
    assert main(["storyboard", "courting-kings", "-o", str(out), "--lang", "zh"]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "求婚的国王" in page
    assert "已写入" in capsys.readouterr().out  # said in the language of the page


def test_storyboard_language_comes_from_conjure_lang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONJURE_LANG", "zh")
    out = tmp_path / "ck.html"
    assert main(["storyboard", "courting-kings", "-o", str(out)]) == 0
    assert '<html lang="zh-CN">' in out.read_text(encoding="utf-8")
    assert main(["storyboard", "courting-kings", "-o", str(out), "--lang", "en"]) == 0
    assert '<html lang="en">' in out.read_text(encoding="utf-8")


def test_storyboard_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["storyboard", "no-such-routine"]) == 2
    assert main(["storyboard", "courting-kings", "--choice", "nope=1", "-o", "-"]) == 2
    bad = tmp_path / "missing" / "x.html"
    assert main(["storyboard", "courting-kings", "-o", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("conjure: error:") for line in err)
    assert "cannot write" in err[2]
    assert not bad.parent.exists()


def test_verify_writes_a_counterexample_storyboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cx.html"
    code = main(["verify", "each-gets-two", "--param", "rounds=3", "--storyboard", str(out)])
    assert code == 1
    page = out.read_text(encoding="utf-8")
    assert len([f for f in frames(page) if "failed" in f]) == 1
    assert "counter-example drawn" in capsys.readouterr().err
    none = tmp_path / "none.html"
    assert main(["verify", "courting-kings", "--storyboard", str(none)]) == 0
    assert not none.exists()


def test_replay_draws_every_position_and_replays_from_its_json(tmp_path: Path) -> None:
    game = load_plugins().game("goofspiel")()
    from conjure.games.bots import make_bot

    record = play_game(game, 3, [make_bot("random"), make_bot("random")])
    page = replay_page(record, "en")
    positions = list(record.positions())
    assert page.count('<template class="frame-t"') == len(positions)
    # a picture after each prize chance turns up and after each bid: 13 draws, 26 bids
    kinds = [p.kind for p in positions]
    assert kinds.count("move") == 26 and kinds.count("deal") == 13
    assert kinds[0] == "deal" and positions[-1].state.is_terminal()
    again = load_game(type(game), json.loads(json.dumps(record.to_json())))
    assert again.actions == record.actions and replay_page(again, "en") == page


def test_replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page, saved = tmp_path / "g.html", tmp_path / "g.json"
    assert main(["replay", "sixty-six", "--seed", "1", "-o", str(page), "--save", str(saved)]) == 0
    again = tmp_path / "again.html"
    assert main(["replay", "--load", str(saved), "-o", str(again)]) == 0
    assert page.read_text(encoding="utf-8") == again.read_text(encoding="utf-8")
    capsys.readouterr()
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    tampered = tmp_path / "tampered.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["history"] = [data["history"][1], *data["history"]]
    tampered.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", "--load", str(junk)]) == 2
    assert main(["replay", "goofspiel", "--load", str(saved)]) == 2
    assert main(["replay", "--load", str(tampered), "-o", str(tmp_path / "t.html")]) == 3
    assert main(["replay"]) == 2
    assert main(["replay", "sixty-six", "--bots", "random,random,random"]) == 2
    assert main(["replay", "sixty-six", "--seed", "１x"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 6 and all(line.startswith("conjure: error:") for line in err)
    assert not (tmp_path / "t.html").exists()


def test_a_long_replay_stays_small() -> None:
    """A game of about 250 moves (five players, several deals) is one page under 600 KB: each
    place is drawn once for each content it takes, and frames name the drawings."""
    from conjure.games.bots import make_bot
    from conjure.view.replay import MOVE, play_game, replay_page

    game = load_plugins().game("find-friends")()
    record = play_game(game, 1, [make_bot("random")] * game.num_players)
    moves = sum(p.kind == MOVE for p in record.positions())
    assert moves >= 240
    page = replay_page(record, "en")
    assert len(page.encode()) <= 600_000, len(page.encode())


def test_a_replay_speaks_in_players_words() -> None:
    """Sixty-six keeps points in a deal and game points in a zero-sum match: the page says
    who leads by how many game points and who won, never the utilities."""
    from conjure.games.bots import make_bot
    from conjure.view.replay import play_game, replay_page

    game = load_plugins().game("sixty-six")()
    record = play_game(game, 1, [make_bot("random")] * 2)
    page = replay_page(record, "en")
    assert "scores -" not in page and "result -1" not in page
    final = record.final()
    lead = max(final.vars.match)
    leader = final.vars.match.index(lead) + 1
    assert f"game points: player {leader} leads by {lead} (7 win)" in page
    winner = max(range(2), key=lambda p: final.returns()[p]) + 1
    assert f"Game over · won by player {winner}" in page
    assert "points 0 : 0" in page and re.search(r"trump [♠♥♣♦]", page)
    zh = replay_page(record, "zh")
    assert f"局分：玩家{leader}领先{lead}分" in zh and f"玩家{winner}获胜" in zh
