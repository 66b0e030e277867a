"""Anki decks (``.apkg``, through ``genanki``) for study away from the terminal.

A stack becomes one note per card with two cards each way (position → card, card →
position); a routine becomes one note per step (the step's number and narration → its moves,
the performer's position after it and what the audience believes). Model and deck ids are
derived from the names, so exporting again updates the same Anki deck instead of adding one.
"""

from __future__ import annotations

import zlib
from html import escape
from pathlib import Path
from typing import Any

from conjure.deck.stacks import Stack
from conjure.errors import ConjureError
from conjure.magic import Routine, perform
from conjure.text import Text


def _id(name: str) -> int:
    # genanki wants ids in 1 << 30 .. 1 << 31; a checksum of the name keeps them stable
    return (1 << 30) + zlib.crc32(name.encode()) % (1 << 30)


def _genanki() -> Any:
    try:
        import genanki
    except ImportError as exc:
        raise ConjureError(
            Text(
                f"Anki export needs genanki ({exc.name} is missing): pip install 'conjure[anki]'",
                zh=f"导出 Anki 需要 genanki（缺少 {exc.name}）：pip install 'conjure[anki]'",
            )
        ) from None
    return genanki


def _write(deck: Any, path: Path) -> int:
    import genanki

    try:
        genanki.Package(deck).write_to_file(str(path))
    except OSError as exc:
        raise ConjureError(
            Text(
                f"cannot write {str(path)!r}: {exc.strerror or exc}",
                zh=f"无法写入 {str(path)!r}：{exc.strerror or exc}",
            )
        ) from None
    return len(deck.notes)


def stack_package(s: Stack, path: str | Path, lang: str = "en") -> int:
    """Write stack ``s`` as an Anki package; return the number of notes."""
    genanki = _genanki()

    model = genanki.Model(
        _id("conjure stack model"),
        "conjure stack card",
        fields=[{"name": "Position"}, {"name": "Card"}, {"name": "Stack"}],
        templates=[
            {
                "name": "Position to card",
                "qfmt": "{{Stack}}<br><h1>{{Position}}</h1>",
                "afmt": "{{FrontSide}}<hr id=answer><h1>{{Card}}</h1>",
            },
            {
                "name": "Card to position",
                "qfmt": "{{Stack}}<br><h1>{{Card}}</h1>",
                "afmt": "{{FrontSide}}<hr id=answer><h1>{{Position}}</h1>",
            },
        ],
    )
    title = s.name.get(lang)
    deck = genanki.Deck(_id(f"conjure stack {s.id}"), f"conjure::{title}")
    for position, card in enumerate(s.cards, 1):
        name = format(card, "zh") if lang == "zh" else f"{card} ({card.en})"
        deck.add_note(
            genanki.Note(
                model=model,
                fields=[str(position), escape(name), escape(title)],
                guid=genanki.guid_for(s.id, card.ascii),
            )
        )
    return _write(deck, Path(path))


def routine_package(routine: Routine, path: str | Path, lang: str = "en") -> int:
    """Write ``routine``'s steps (its example performance) as an Anki package."""
    genanki = _genanki()

    from conjure.trainer.drills import _belief_text, _narration, _steps

    model = genanki.Model(
        _id("conjure routine model"),
        "conjure routine step",
        fields=[{"name": "Step"}, {"name": "Narration"}, {"name": "Moves"}, {"name": "After"}],
        templates=[
            {
                "name": "Step to moves",
                "qfmt": "<h2>{{Step}}</h2>{{Narration}}",
                "afmt": "{{FrontSide}}<hr id=answer>{{Moves}}<br>{{After}}",
            }
        ],
    )
    name = routine.name_zh if lang == "zh" and routine.name_zh else routine.name_en
    deck = genanki.Deck(_id(f"conjure routine {routine.id}"), f"conjure::{name}")
    outcome = perform(routine, None, record=True)
    for step in _steps(outcome):
        moves = "<br>".join(escape(str(m.describe(lang))) for m in step.moves) or "-"
        after = (
            f"<pre>{escape(step.state.text(style='zh' if lang == 'zh' else ''))}</pre>"
            f"{escape(_belief_text(step).get(lang))}"
        )
        deck.add_note(
            genanki.Note(
                model=model,
                fields=[
                    escape(step.number),
                    escape(_narration(step, lang, outcome.performance)),
                    moves,
                    after,
                ],
                guid=genanki.guid_for(routine.id, step.number),
            )
        )
    return _write(deck, Path(path))
