"""Anki decks (``.apkg``, through ``genanki``) for study away from the terminal.

A stack becomes one note per card with three cards (position → card, card → position, and
the card → the cards above and below it); a routine becomes one note per step with a card
asking what you do at that step (answered by its narration and its moves in words) and, where
the audience is meant to believe something, a card asking what. Cards are styled for a phone:
big indices in the suits' colours, dark mode too. Model and deck ids are derived from the
names and each note's id from its stack and card (or routine and step), so exporting again
updates the same Anki notes in the same deck instead of adding new ones.
"""

from __future__ import annotations

import zlib
from html import escape
from pathlib import Path
from typing import Any

from conjure.deck import Card
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


#: how the cards look: big indices in the suit's colour, readable on a phone, dark mode too
CSS = """
.card { font-family: -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC",
        "Microsoft YaHei", sans-serif; font-size: 22px; text-align: center; color: #1b1b1b;
        background: #fbfaf6; padding: 0.5em; line-height: 1.4; }
.nightMode.card, .card.nightMode { color: #eee; background: #1e1e1e; }
.subject { font-size: 0.75em; color: #777; letter-spacing: 0.04em; }
.ask { font-size: 0.9em; color: #555; margin: 0.4em 0; }
.big { font-size: 4.5em; font-weight: 700; line-height: 1.1; margin: 0.15em 0; }
.pc { display: inline-block; white-space: nowrap; font-weight: 700; }
.pc .suit { font-size: 0.9em; margin-left: 0.05em; }
.red { color: #c8102e; }
.black { color: #111; }
.nightMode .black { color: #f2f2f2; }
.nightMode .red { color: #ff5a6e; }
.name { font-size: 0.8em; color: #777; }
.row { font-size: 2.6em; }
.row .sep { color: #bbb; margin: 0 0.3em; }
.step { font-size: 2.2em; font-weight: 700; }
.action { text-align: left; max-width: 34em; margin: 0 auto; }
.action ul { padding-left: 1.2em; margin: 0.5em 0; }
@media (max-width: 480px) { .card { font-size: 19px; } .big { font-size: 3.6em; } }
"""


def card_html(card: Card, lang: str = "en") -> str:
    """A playing card as Anki shows it: its index in big type, in its suit's colour."""
    if card.is_joker:  # 小王 black, 大王 red: its name
        colour = "red" if card.code == 53 else "black"
        said = format(card, "zh") if lang == "zh" else str(card)
        return f'<span class="pc {colour}">{escape(said)}</span>'
    colour = "red" if card.suit in ("H", "D") else "black"
    text = str(card)
    rank, suit = text[:-1], text[-1]
    return f'<span class="pc {colour}">{escape(rank)}<span class="suit">{suit}</span></span>'


def _card_name(card: Card, lang: str) -> str:
    return format(card, "zh") if lang == "zh" else card.en


_WORDS = {
    "where": Text("Where is it in the stack?", zh="它在第几张？"),
    "which": Text("Which card is here?", zh="这里是什么牌？"),
    "neighbours": Text("Which cards lie above and below it?", zh="它上下各是什么牌？"),
    "position": Text("position {n}", zh="第 {n} 张"),
    "do": Text("Step {step} of {n}: what do you do?", zh="第 {n} 步中的步骤 {step}：你做什么？"),
    "believe": Text(
        "After step {step}: what does the audience believe?", zh="步骤 {step} 之后：观众相信什么？"
    ),
}


def stack_package(s: Stack, path: str | Path, lang: str = "en", subject: str = "") -> int:
    """Write stack ``s`` as an Anki package, one note per card with three cards (position to
    card, card to position, the card's neighbours); return the number of notes. Exporting
    again updates the same notes in the same deck (ids derived from the stack and the card)."""
    genanki = _genanki()
    head = '<div class="subject">{{Stack}}</div>'
    model = genanki.Model(
        _id("conjure stack model 2"),
        "conjure stack card (2)",
        fields=[
            {"name": "Position"},
            {"name": "Card"},
            {"name": "Name"},
            {"name": "Above"},
            {"name": "Below"},
            {"name": "Stack"},
            # the questions asked, a field each: the note type is the same in every language,
            # so an export in another language updates the notes instead of clashing
            {"name": "AskCard"},
            {"name": "AskPosition"},
            {"name": "AskNeighbours"},
        ],
        templates=[
            {
                "name": "Position to card",
                "qfmt": f'{head}<div class="big">{{{{Position}}}}</div>'
                '<div class="ask">{{AskCard}}</div>',
                "afmt": '{{FrontSide}}<hr id=answer><div class="big">{{Card}}</div>'
                '<div class="name">{{Name}}</div>',
            },
            {
                "name": "Card to position",
                "qfmt": f'{head}<div class="big">{{{{Card}}}}</div>'
                '<div class="ask">{{AskPosition}}</div>',
                "afmt": '{{FrontSide}}<hr id=answer><div class="big">{{Position}}</div>',
            },
            {
                "name": "Neighbours",
                "qfmt": f'{head}<div class="row"><span class="sep">?</span>{{{{Card}}}}'
                '<span class="sep">?</span></div><div class="ask">{{AskNeighbours}}</div>',
                "afmt": '{{FrontSide}}<hr id=answer><div class="row">{{Above}}'
                '<span class="sep">·</span>{{Card}}<span class="sep">·</span>{{Below}}</div>',
            },
        ],
        css=CSS,
    )
    title = s.name.get(lang)
    deck = genanki.Deck(_id(f"conjure stack {subject or s.id}"), f"conjure::{title}")
    for position, card in enumerate(s.cards, 1):
        deck.add_note(
            genanki.Note(
                model=model,
                fields=[
                    str(position),
                    card_html(card, lang),
                    escape(_card_name(card, lang)),
                    card_html(s.previous(card), lang),
                    card_html(s.next(card), lang),
                    escape(title),
                    *(escape(_WORDS[k].get(lang)) for k in ("which", "where", "neighbours")),
                ],
                guid=genanki.guid_for(subject or s.id, card.ascii),
            )
        )
    return _write(deck, Path(path))


def routine_package(routine: Routine, path: str | Path, lang: str = "en") -> int:
    """Write ``routine``'s steps (its example performance) as an Anki package: one note per
    step, one card asking what you do at that step (its narration and its moves in words) and,
    where the audience is meant to believe something, one asking what."""
    genanki = _genanki()

    from conjure.trainer.drills import _belief_text, _narration, _steps

    model = genanki.Model(
        _id("conjure routine model 2"),
        "conjure routine step (2)",
        fields=[
            {"name": "Step"},
            {"name": "Routine"},
            {"name": "Ask"},
            {"name": "Action"},
            {"name": "Moves"},
            {"name": "AskBelief"},
            {"name": "Believes"},
        ],
        templates=[
            {
                "name": "What you do",
                "qfmt": '<div class="subject">{{Routine}}</div><div class="step">{{Step}}</div>'
                '<div class="ask">{{Ask}}</div>',
                "afmt": '{{FrontSide}}<hr id=answer><div class="action">{{Action}}'
                "<ul>{{Moves}}</ul></div>",
            },
            {
                "name": "What the audience believes",
                "qfmt": '{{#Believes}}<div class="subject">{{Routine}}</div>'
                '<div class="step">{{Step}}</div><div class="ask">{{AskBelief}}</div>'
                "{{/Believes}}",
                "afmt": '{{FrontSide}}<hr id=answer><div class="action">{{Believes}}</div>',
            },
        ],
        css=CSS,
    )
    name = routine.name_zh if lang == "zh" and routine.name_zh else routine.name_en
    deck = genanki.Deck(_id(f"conjure routine {routine.id}"), f"conjure::{name}")
    outcome = perform(routine, None, record=True)
    steps = _steps(outcome)
    for step in steps:
        moves = "".join(f"<li>{escape(str(m.describe(lang)))}</li>" for m in step.moves)
        beliefs = getattr(step, "beliefs", {}) or {}
        believes = escape(_belief_text(step).get(lang)) if beliefs else ""
        deck.add_note(
            genanki.Note(
                model=model,
                fields=[
                    escape(step.number),
                    escape(name),
                    escape(_WORDS["do"].format(step=step.number, n=len(steps)).get(lang)),
                    escape(_narration(step, lang, outcome.performance)),
                    moves,
                    escape(_WORDS["believe"].format(step=step.number).get(lang)),
                    believes,
                ],
                guid=genanki.guid_for(routine.id, step.number),
            )
        )
    return _write(deck, Path(path))
