"""Stacks learnt as memdeck workers learn them: new cards out of order and never cued by the
question before, one sighting never worth days, every kind mixed, chunks, neighbours, one ahead,
cut estimation with the spread of the errors, speed runs with records, and a stack after moves."""

from __future__ import annotations

import itertools
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from conjure.cli import main
from conjure.deck import Card, Stack, parse_card, stack
from conjure.text import Text
from conjure.trainer import scheduler

DAY1 = "2026-03-01T09:00:00+00:00"
MNEMONICA = stack("mnemonica")


def cards_in(question: str, expected: str, s: Stack = MNEMONICA) -> set[Card]:
    """Every card a stored question shows or asks for: cards named, positions named, and the
    expected answer (a card, two cards or a position)."""
    found: set[Card] = set()
    for token in re.findall(r"\S+", question + " " + expected):
        token = token.strip("?.,():")
        if token.isdigit():
            named = "position" in question or token == expected
            if named and 1 <= int(token) <= len(s):
                found.add(s.card_at(int(token)))
            continue
        try:
            card = parse_card(token)
        except Exception:
            continue
        if card in s:
            found.add(card)
    return found


def near(s: Stack, a: Card, b: Card) -> bool:
    d = abs(s.position(a) - s.position(b))
    return min(d, len(s) - d) <= 1


def stored(db: Path) -> list[tuple[str, str, str, str, int | None]]:
    with sqlite3.connect(db) as con:
        return con.execute(
            "SELECT item, question, expected, kind, off FROM answers ORDER BY id"
        ).fetchall()


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_a_first_mnemonica_session_asks_new_cards_out_of_order_with_no_cued_chain(
    seed: str, tmp_path: Path
) -> None:
    db = tmp_path / "p.sqlite3"
    env = {**os.environ, "CONJURE_NOW": DAY1}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "conjure",
            "drill",
            "mnemonica",
            "--db",
            str(db),
            "--count",
            "20",
            "--seed",
            seed,
        ],
        input="\n" * 20,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "20 answered" in result.stdout
    rows = stored(db)
    assert len(rows) == 20
    positions = [MNEMONICA.position(Card(item.rsplit(":", 1)[1])) for item, *_ in rows]
    assert len(set(positions)) == 20  # twenty new cards
    assert positions != sorted(positions)
    assert not any(abs(a - b) == 1 for a, b in itertools.pairwise(positions))
    # no question shows or asks for a card equal or next to one the question before did
    involved = [cards_in(question, expected) for _, question, expected, _, _ in rows]
    for before, after in itertools.pairwise(involved):
        assert before and after
        assert not any(near(MNEMONICA, a, b) for a in before for b in after), (before, after)
    # mixed: directions and kinds alternate, never the same kind twice in a row
    kinds = [kind for *_, kind, _ in rows]
    assert len(set(kinds)) >= 5
    assert all(a != b for a, b in itertools.pairwise(kinds))


def test_one_quick_right_answer_leaves_a_new_card_due_within_a_day(
    tmp_path: Path, perform: Any, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    code, out, _performer = perform("mnemonica", ["right"], "--db", db, "--seed", "5")
    assert code == 0 and "✓" in out
    with sqlite3.connect(db) as con:
        ((rating, seconds),) = con.execute("SELECT rating, seconds FROM answers").fetchall()
        ((due,),) = con.execute("SELECT due FROM items WHERE memory IS NOT NULL").fetchall()
    assert seconds < scheduler.PACE["stack"][0]  # quick: an easy answer for a known card
    assert rating == scheduler.GOOD  # but the card is new: one step on, not days
    now = datetime.fromisoformat(DAY1)
    assert now < datetime.fromisoformat(due) <= now + timedelta(days=1)


def test_a_card_passes_its_learning_steps_before_days_go_by() -> None:
    now = datetime.fromisoformat(DAY1)
    memory, due, dues = None, now, []
    for _ in range(4):
        rating = scheduler.rate(True, 0.5, "stack", scheduler.learning(memory))
        memory, due = scheduler.review(memory, rating, due, 7)
        dues.append(due)
    gaps = [b - a for a, b in zip([now, *dues], dues, strict=False)]
    # a minute? no: right at once it goes to the ten-minute step, then a day, then days
    assert gaps[0] <= timedelta(minutes=10)
    assert gaps[1] == timedelta(days=1)
    assert gaps[2] > timedelta(days=1)
    # a known card answered quickly is easy again
    assert not scheduler.learning(memory)
    assert scheduler.rate(True, 0.5, "stack", scheduler.learning(memory)) == scheduler.EASY


def test_the_same_seed_gives_the_same_new_cards_and_another_seed_others(
    tmp_path: Path, perform: Any
) -> None:
    orders = []
    for k, seed in enumerate(("1", "1", "2")):
        db = tmp_path / f"{k}.sqlite3"
        perform("mnemonica", ["blank"] * 8, "--mode", "card", "--db", str(db), "--seed", seed)
        orders.append([item for item, *_ in stored(db)])
    assert orders[0] == orders[1] != orders[2]


def test_a_chunk_of_the_stack_is_drilled_alone(tmp_path: Path, perform: Any) -> None:
    db = tmp_path / "p.sqlite3"
    perform("mnemonica", ["blank"] * 13, "--positions", "14-26", "--db", str(db))
    positions = [MNEMONICA.position(Card(item.rsplit(":", 1)[1])) for item, *_ in stored(db)]
    assert sorted(positions) == list(range(14, 27))
    assert positions != sorted(positions)


@pytest.mark.parametrize("bad", ["0-5", "40-30", "x", "53", ","])
def test_positions_out_of_the_stack_are_one_line(
    bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["drill", "mnemonica", "--positions", bad, "--db", str(tmp_path / "p.db")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--positions" in err and "1 to 52" in err


def test_neighbours_are_answered_both_ways_in_order(tmp_path: Path, perform: Any) -> None:
    db = str(tmp_path / "p.sqlite3")
    _code, out, performer = perform(
        "mnemonica", ["right", "wrong", "4C"], "--mode", "neighbours", "--db", db
    )
    assert out.count("✓") == 1 and out.count("✗") == 1
    assert "not two cards" in out  # one card is not an answer: asked again, not counted
    asked = performer.asked[1]
    card = parse_card(re.search(r"either side of (\S+)\?", asked).group(1))  # type: ignore[union-attr]
    above, below = MNEMONICA.previous(card), MNEMONICA.next(card)
    assert f"it is {above} {below}" in out  # the swapped pair was wrong


def test_one_ahead_asks_each_time_for_the_cue_shown_before(tmp_path: Path, perform: Any) -> None:
    db = tmp_path / "p.sqlite3"
    code, _out, performer = perform(
        "mnemonica", ["blank"] * 6, "--mode", "one-ahead", "--db", str(db)
    )
    assert code == 0
    shown = []
    for question in performer.asked:
        cue = re.search(r"Now: (position (\d+)|\S+)\.", question)
        assert cue is not None, question
        shown.append(
            MNEMONICA.card_at(int(cue.group(2))) if cue.group(2) else parse_card(cue.group(1))
        )
    assert performer.asked[0].startswith("One ahead")
    answered = [Card(item.rsplit(":", 1)[1]) for item, *_ in stored(db)]
    # each answer after the first is about the card shown with the question before
    assert answered[1:] == shown[:-1]
    assert all(a != b for a, b in zip(answered, shown, strict=True))


def _estimator(offs: list[int]) -> Any:
    """Answers of cut estimation: the card ``off`` cards below the target, given the bottom
    card the drill names (the deck in the hands is the stack cut there)."""
    state: dict[str, Card] = {}

    def answer(question: str) -> str:
        m = re.search(r"Cut (\S+) to the bottom|(\S+) is now on the bottom", question)
        assert m is not None, question
        bottom = parse_card(m.group(1) or m.group(2))
        start = MNEMONICA.position(bottom) % 52
        order = MNEMONICA.cards[start:] + MNEMONICA.cards[:start]
        if t := re.search(r"Cut to (\S+):", question):
            want = order.index(parse_card(t.group(1))) + 1
        else:
            want = int(re.search(r"Cut off (\d+) cards?:", question).group(1))  # type: ignore[union-attr]
        got = order[want + offs[len(state)] - 1]
        state[str(len(state))] = got
        return got.ascii

    return answer


def test_cut_estimation_scores_each_cut_by_distance_and_sums_up_the_spread(
    tmp_path: Path, perform: Any
) -> None:
    db = tmp_path / "p.sqlite3"
    offs = [0, 3, -2, 5, -1]
    script: list[Any] = ["blank"] + [_estimator(offs)] * len(offs)
    code, out, performer = perform(
        "mnemonica", script, "--mode", "estimate", "--db", str(db), "--seed", "4"
    )
    assert code == 0
    assert "type the card on the face" in out  # Enter alone is not an answer to a cut
    assert re.search(r"✓ right: exactly \d+", out)
    assert re.search(r"✗ 3 too deep: you cut (\d+), the target was (\d+)", out)
    assert re.search(r"✓ right: 2 too shallow", out)  # within two cards: a hit
    assert re.search(r"✗ 5 too deep", out)
    hits = sum(abs(o) <= 2 for o in offs)
    line = (
        f"cuts: 5, {hits} within 2 cards; mean {statistics.mean(offs):+.1f} cards (too deep), "
        f"spread {statistics.pstdev(offs):.1f} cards"
    )
    assert line in out
    assert [off for *_, off in stored(db)] == offs
    # each cut is completed: the card cut to is the bottom card of the next round
    for given, question in zip(re.findall(r"> (\S+)\n", out), performer.asked[2:], strict=False):
        assert f"{parse_card(given)} is now on the bottom" in question
    # cutting measures the hands: no card's schedule moved
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM items WHERE memory IS NOT NULL").fetchone() == (0,)


def test_a_speed_run_keeps_the_best_clean_time_per_mode(
    tmp_path: Path, perform: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    args = ("--mode", "speed", "--positions", "1-3", "--db", db)
    _code, out, _ = perform("mnemonica", ["right"] * 3, *args)
    assert "speed run: 3 of 3 in" in out and "a new record for speed" in out
    with sqlite3.connect(db) as con:
        first = con.execute("SELECT sum(seconds) FROM answers WHERE run = 1").fetchone()[0]
    # a run with a miss, and one given up, are no records: the first stays the best
    _, out, _ = perform("mnemonica", ["right", "wrong", "right"], *args)
    assert f"best clean run for speed: {first:.1f} s" in out
    _, out, _ = perform("mnemonica", ["right", "q"], *args)
    assert "speed run: 1 of 3" in out and f"best clean run for speed: {first:.1f} s" in out
    # position runs keep their own record, in a spaced random order
    _, out, performer = perform(
        "mnemonica", ["right"] * 3, "--mode", "position", "--speed", "--positions", "1-3",
        "--db", db,
    )  # fmt: skip
    assert "a new record for position" in out
    assert len(performer.asked) == 3


def _faro(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """An out-faro of an even packet, by hand: the top half's cards take the odd places."""
    half = len(cards) // 2
    out: list[Card] = []
    for a, b in zip(cards[:half], cards[half:], strict=True):
        out += [a, b]
    return tuple(out)


def test_a_stack_after_moves_is_drilled_as_the_moves_leave_it(
    tmp_path: Path, perform: Any, monkeypatch: Any
) -> None:
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    db = str(tmp_path / "p.sqlite3")
    faroed = Stack("faroed", Text("faroed"), Text("by hand"), _faro(MNEMONICA.cards))
    code, out, _ = perform(
        "mnemonica", ["right"] * 6, "--after", "Faro left", "--mode", "mixed", "--db", db,
        order=faroed,
    )  # fmt: skip
    assert code == 0 and out.count("✓") == 6, out
    assert out.startswith("Mnemonica (Tamariz stack) after: Out-faro the packet in the left hand")
    twice = Stack("twice", Text("x"), Text("y"), _faro(_faro(MNEMONICA.cards)))
    _, out, _ = perform(
        "mnemonica", ["right"] * 3, "--after", "Faro left; faro left out=yes", "--db", db,
        order=twice,
    )  # fmt: skip
    assert out.count("✓") == 3
    # a cut to a named card brings it to the bottom
    cut = Stack("cut", Text("x"), Text("y"), (*MNEMONICA.cards[6:], *MNEMONICA.cards[:6]))
    _, out, _ = perform(
        "mnemonica", ["right"] * 3, "--after", "cut to 6D", "--mode", "card", "--db", db,
        order=cut,
    )  # fmt: skip
    assert out.count("✓") == 3
    assert main(["stats", "--db", db, "--json"]) == 0


def test_progress_after_moves_is_kept_apart_and_written_the_same_however_typed(
    tmp_path: Path, perform: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    faroed = Stack("faroed", Text("faroed"), Text("by hand"), _faro(MNEMONICA.cards))
    perform("mnemonica", ["right"], "--after", "Faro left", "--db", db, order=faroed)
    perform("mnemonica", ["right"], "--after", "faro  left out=yes", "--db", db, order=faroed)
    perform("mnemonica", ["right"], "--db", db)
    assert main(["stats", "--db", db, "--json"]) == 0
    subjects = {r["subject"]: r["answered"] for r in json.loads(capsys.readouterr().out)}
    assert len(subjects) == 2 and subjects["stack:mnemonica"] == 1
    assert [n for s, n in subjects.items() if s != "stack:mnemonica"] == [2]


@pytest.mark.parametrize(
    ("args", "en", "zh"),
    [
        (
            ["mnemonica", "--after", "Frao left"],
            "--after 'Frao left': unknown move",
            "没有动作 'Frao'",
        ),
        (["mnemonica", "--after", "cut to 4X"], "--after 'cut to 4X'", "--after 'cut to 4X'"),
        (["mnemonica", "--after", "Deal left table 5"], "in 2 places", "分到了 2 处"),
        (["mnemonica", "--after", "Peel right left"], "--after 'Peel right left'", "右手"),
        (["courting-kings", "--after", "Faro left"], "--after is for stacks", "只用于牌序"),
        (["mnemonica", "--mode", "estimate", "--speed"], "--speed runs the modes", "不用于"),
    ],
)
def test_bad_moves_and_options_are_one_line_in_either_language(
    args: list[str], en: str, zh: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(tmp_path / "p.db")]
    assert main(["drill", *args, *db]) == 2
    err = capsys.readouterr().err
    assert en in err and err.count("\n") == 1
    assert main(["drill", *args, *db, "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert zh in err and err.count("\n") == 1


def test_the_cut_says_one_card_and_many_cards() -> None:
    import random

    from conjure.trainer.practice import question

    said = {
        question(MNEMONICA, MNEMONICA.card_at(10), "cut", random.Random(seed)).prompt.en
        for seed in range(200)
    }
    assert any("cuts off 1 card." in s for s in said)
    assert not any(re.search(r"\b1 cards", s) for s in said)
    assert any(re.search(r"cuts off \d\d cards\.", s) for s in said)


def test_stats_list_cards_by_position_with_cuts_and_records(
    tmp_path: Path, perform: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    perform("mnemonica", ["right"] * 3, "--positions", "40,3,17", "--mode", "card", "--db", db)
    perform("mnemonica", ["right"] * 2, "--mode", "speed", "--positions", "1-2", "--db", db)
    perform("mnemonica", [_estimator([1, -3])] * 2, "--mode", "estimate", "--db", db)
    capsys.readouterr()
    assert main(["stats", "mnemonica", "--db", db, "--items"]) == 0
    out = capsys.readouterr().out
    # every card answered, by its position; the cuts measure the hands and are not listed
    listed = [int(p) for p in re.findall(r"│ (\d+) \S+ +│", out)]
    assert listed == [1, 2, 3, 17, 40]
    assert "cuts: 2, 1 within 2 cards; mean -1.0 cards (too shallow), spread 2.0 cards" in out
    assert re.search(r"best speed runs: speed \(2 cards\) \d+\.\d s", out)
    assert main(["stats", "mnemonica", "--db", db, "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "切牌 2 次" in out and "速度练习最好成绩" in out


@pytest.mark.parametrize("mode", ["mixed", "neighbours", "cut", "estimate", "one-ahead", "speed"])
def test_every_stack_drill_speaks_chinese(
    mode: str, tmp_path: Path, perform: Any, monkeypatch: Any
) -> None:
    from conjure.testing.lang import english_words

    monkeypatch.setenv("CONJURE_NOW", DAY1)
    db = str(tmp_path / "p.sqlite3")
    script: list[Any] = ["4C", "9D", "AS", "KH"] if mode == "estimate" else ["blank"] * 4
    code, out, _ = perform(
        "mnemonica", script, "--mode", mode, "--db", db, "--lang", "zh", "--count", "4"
    )
    assert code == 0
    assert english_words(out, allow={"q"}) == [], out
