"""Anki packages, the stats plot and the scheduler's ratings."""

from __future__ import annotations

import os
import random
import re
import sqlite3
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from xml.etree import ElementTree

import pytest

from conjure.cli import main
from conjure.deck.stacks import stack
from conjure.trainer import scheduler
from conjure.trainer.db import Item
from conjure.trainer.stats import plot_svg, plot_text

NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


def notes_of(path: Path) -> list[list[str]]:
    with zipfile.ZipFile(path) as z:
        assert "collection.anki2" in z.namelist()
        (path.parent / "collection.anki2").write_bytes(z.read("collection.anki2"))
    conn = sqlite3.connect(path.parent / "collection.anki2")
    rows = conn.execute("SELECT flds FROM notes ORDER BY id").fetchall()
    cards = conn.execute("SELECT count(*) FROM cards").fetchone()[0]
    conn.close()
    notes = [r[0].split("\x1f") for r in rows]
    return [*notes, [str(cards)]]


def test_a_stack_exports_as_an_anki_package_with_a_note_per_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mnemonica.apkg"
    assert main(["export", "anki", "mnemonica", "-o", str(out)]) == 0
    assert "52 notes" in capsys.readouterr().out
    *notes, (cards,) = notes_of(out)
    assert len(notes) == 52 and cards == "156"  # both directions and the neighbours
    m = stack("mnemonica")

    def shown(html: str) -> str:
        return re.sub(r"<[^>]+>", "", html)

    by_position = {int(n[0]): n for n in notes}
    for p in range(1, 53):
        _position, card, name, above, below, title, *asked = by_position[p]
        assert asked == [
            "Which card is here?",
            "Where is it in the stack?",
            "Which cards lie above and below it?",
        ]
        assert shown(card) == str(m.card_at(p)) and name == m.card_at(p).en
        assert shown(above) == str(m.previous(m.card_at(p)))
        assert shown(below) == str(m.next(m.card_at(p)))
        assert title == "Mnemonica (Tamariz stack)"
        # the suit's colour: hearts and diamonds red, spades and clubs black
        assert ('class="pc red"' in card) == (m.card_at(p).suit in ("H", "D"))


def test_a_routine_exports_a_note_per_step_asking_one_thing_a_card(tmp_path: Path) -> None:
    out = tmp_path / "kings.apkg"
    assert main(["export", "anki", "courting-kings", "-o", str(out), "--lang", "zh"]) == 0
    *notes, _ = notes_of(out)
    assert [n[0] for n in notes] == ["①", "②", "③", "④", "⑤", "⑥", "⑦", "⑧"]
    for _step, routine, ask, action, moves, ask_belief, believes in notes:
        assert routine == "求婚的国王" and "你做什么" in ask and "观众相信什么" in ask_belief
        assert moves.startswith("<li>") and "<pre>" not in moves + action + believes
        # no machine notation: no card codes such as QD or 4C, no layouts with ^ or /
        assert not re.search(r"\b(?:[2-9TJQKA][SHCD])\b|\^", moves + action + believes)
    assert sum(bool(n[6]) for n in notes) >= 4  # what the audience believes, where it does


def test_rating_follows_correctness_and_pace() -> None:
    assert scheduler.rate(False, 0.5) == scheduler.AGAIN
    assert scheduler.rate(True, 1.0) == scheduler.EASY
    assert scheduler.rate(True, 5.0) == scheduler.GOOD
    assert scheduler.rate(True, 20.0) == scheduler.HARD
    assert scheduler.rate(True, 20.0, "routine") == scheduler.GOOD


def test_a_missed_card_comes_back_sooner_than_a_known_one() -> None:
    _, due_missed = scheduler.review(None, scheduler.AGAIN, NOW, 1)
    known, due_known = scheduler.review(None, scheduler.GOOD, NOW, 2)
    assert due_missed < due_known
    # answered right again when due, the known card's interval grows
    _, due_again = scheduler.review(known, scheduler.GOOD, due_known, 2)
    assert due_again - due_known > due_known - NOW


def test_pick_asks_the_most_overdue_then_new_items() -> None:
    items = [
        Item("a", "s", "a", "{}", NOW + timedelta(days=1)),
        Item("b", "s", "b", "{}", NOW - timedelta(hours=1)),
        Item("c", "s", "c", "{}", NOW - timedelta(days=2)),
        Item("d", "s", "d", None, None),
        Item("e", "s", "e", None, None),
    ]
    rng = random.Random(0)
    assert scheduler.pick(items, NOW, rng).id == "c"
    assert scheduler.pick(items, NOW, rng, avoid="c").id == "b"
    # new items: the first in order for a routine's steps, drawn at random for a stack's cards
    assert scheduler.pick(items[:1] + items[3:], NOW, rng, new_in_order=True).id == "d"
    drawn = {scheduler.pick(items[:1] + items[3:], NOW, random.Random(s)).id for s in range(20)}
    assert drawn == {"d", "e"}
    assert scheduler.pick(items[:1], NOW, rng).id == "a"


def test_the_plot_is_drawn_in_the_terminal_and_as_svg(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    days = [
        {"date": "2026-03-01", "answered": 4, "accuracy": 0.5, "median_seconds": 4.0},
        {"date": "2026-03-02", "answered": 4, "accuracy": 1.0, "median_seconds": 2.0},
    ]
    text = plot_text(days)
    # two days: each a wide column (half right, then all right; twice as slow, then faster)
    # with its values and its date under it
    assert "▅▅▅▅▅ █████" in text.splitlines()[0]
    assert "█████ ▅▅▅▅▅" in text.splitlines()[1]
    assert text.splitlines()[2].split() == ["50%", "100%"]
    assert text.splitlines()[3].split() == ["4s", "2s"]
    assert text.splitlines()[4].split() == ["03-01", "03-02"]
    # forty days: a cell each, and the plot still fits a terminal
    many = plot_text([{**d, "date": f"2026-04-{k:02d}"} for k, d in enumerate(days * 20, 1)])
    bars = many.splitlines()[0].split()[1]
    assert len(bars) == 40 and bars.startswith("▅█▅█")
    assert all(len(line) <= 100 for line in many.splitlines()[:1])
    svg = ElementTree.fromstring(plot_svg(days, "Mnemonica (Tamariz stack)"))
    ns = "{http://www.w3.org/2000/svg}"
    lines = svg.findall(f"{ns}polyline")
    assert [line.get("class") for line in lines] == ["accuracy", "seconds"]
    points = lines[0].get("points", "").split()
    assert len(points) == 2 and float(points[0].split(",")[1]) > float(points[1].split(",")[1])
    # every point carries its value
    values = [(t.get("class"), t.text) for t in svg.findall(f"{ns}text") if t.get("class")]
    assert values == [
        ("value accuracy", "50%"),
        ("value seconds", "4.0 s"),
        ("value accuracy", "100%"),
        ("value seconds", "2.0 s"),
    ]
    # from the command line, for one subject
    import io
    import sys

    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", "2026-03-01T09:00:00+00:00")
    monkeypatch.setattr(sys, "stdin", io.StringIO("4C\n"))
    assert main(["drill", "mnemonica", "--mode", "card", "--db", db]) == 0
    out = tmp_path / "plot.svg"
    assert main(["stats", "mnemonica", "--db", db, "--svg", str(out)]) == 0
    root = ElementTree.parse(out).getroot()
    assert root.tag.endswith("svg")
    # titled by the stack's name, not its id
    assert root.findall("{http://www.w3.org/2000/svg}text")[0].text == "Mnemonica (Tamariz stack)"
    assert "plot written" in capsys.readouterr().out


def test_export_without_genanki_says_which_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "genanki", None)
    assert main(["export", "anki", "aronson", "-o", str(tmp_path / "a.apkg")]) == 2
    assert "pip install 'conjure[anki]'" in capsys.readouterr().err
    assert not (tmp_path / "a.apkg").exists()


def test_export_to_a_place_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "such" / "dir" / "a.apkg"
    assert main(["export", "anki", "aronson", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", ["mnemonica", "courting-kings"])
def test_anki_imports_the_deck_and_an_export_again_updates_the_same_notes(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anki's own importer (the ``anki`` package): the deck, its notes and their cards, and a
    second export updating the notes it made instead of adding new ones."""
    if os.environ.get("CONJURE_REQUIRE_EXTRAS"):
        import anki  # noqa: F401
    collection = pytest.importorskip("anki.collection")
    options = pytest.importorskip("anki.import_export_pb2")
    first, again = tmp_path / "first.apkg", tmp_path / "again.apkg"
    assert main(["export", "anki", name, "-o", str(first)]) == 0
    import time

    later = time.time() + 60  # exported again a minute later, in Chinese
    monkeypatch.setattr(time, "time", lambda: later)
    assert main(["export", "anki", name, "-o", str(again), "--lang", "zh"]) == 0
    monkeypatch.undo()
    col = collection.Collection(str(tmp_path / "collection.anki2"))
    try:

        def load(path: Path) -> object:
            request = collection.ImportAnkiPackageRequest(
                package_path=str(path),
                options=collection.ImportAnkiPackageOptions(
                    with_scheduling=False,
                    with_deck_configs=False,
                    # as Anki's own import dialog does by default: update what is newer
                    update_notes=options.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER,
                ),
            )
            return col.import_anki_package(request).log

        log = load(first)
        notes = col.note_count()
        assert len(log.new) == notes and notes in (52, 8)  # type: ignore[attr-defined]
        assert col.card_count() == (156 if notes == 52 else 8 + 6)
        decks = [d.name for d in col.decks.all_names_and_ids()]
        assert any(d.startswith("conjure::") for d in decks)
        log = load(again)  # the same notes, now in Chinese: updated, none added
        assert not log.new and len(log.updated) == notes  # type: ignore[attr-defined]
        assert col.note_count() == notes
        fields = [col.get_note(n).fields for n in col.find_notes("")]
        assert all(re.search(r"[\u4e00-\u9fff]", " ".join(f)) for f in fields)  # now in Chinese
        model = col.models.by_name(
            "conjure stack card (2)" if notes == 52 else "conjure routine step (2)"
        )
        assert model is not None and ".red" in model["css"]
    finally:
        col.close()
