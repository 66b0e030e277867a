"""A stack after moves: the order a memorised stack is in once the deck machine has made any
sequence of moves with it (``--after "Faro left"``, ``--after "cut to 9D"``), to drill as a
stack of its own.

The stack starts face down in the left hand, top card first. Moves are written as everywhere
else (``conjure moves``), several separated by ``;``; ``cut to CARD`` is a complete cut that
brings CARD to the bottom (the cut-off packet has it on its face). The cards must end in one
packet, whose order top first is the stack drilled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from conjure.deck import (
    Card,
    CompleteCut,
    DeckState,
    Move,
    Stack,
    label,
    parse_card,
    parse_move,
)
from conjure.errors import ConjureError, UsageError
from conjure.inputs import normalise, quote
from conjure.text import Text

#: where the stack is held before the moves
PLACE = "left"

_CUT_TO = re.compile(r"^\s*(?:cut\s+to\s+|切到\s*)(.+?)\s*$", re.IGNORECASE)

_SAID = {
    "bad move": Text("--after {text}: {error}", zh="--after {text}：{error}"),
    "not in stack": Text(
        "--after {text}: {card} is not in the stack", zh="--after {text}：{card} 不在这副牌序中"
    ),
    "illegal": Text("--after {text}: {error}", zh="--after {text}：{error}"),
    "spread": Text(
        "--after: the moves leave the cards in {n} places ({places}); a stack is drilled in "
        "one packet",
        zh="--after：这些动作把牌分到了 {n} 处（{places}）；牌序只能在一叠牌中练习",
    ),
    "name": Text("{stack} after: {moves}", zh="{stack}（{moves}之后）"),
    "joiner": Text(", then ", zh="，再"),
}


def _said(made: Sequence[Move]) -> Text:
    """The moves in words, one after another ("Out-faro …, then out-faro …")."""
    texts = [m.text() for m in made]
    texts[1:] = [Text(t.en[:1].lower() + t.en[1:], zh=t.zh) for t in texts[1:]]
    return _SAID["joiner"].join(texts)


def _texts(after: Sequence[str]) -> list[str]:
    out: list[str] = []
    for text in after:
        out.extend(part.strip() for part in normalise(text).split(";") if part.strip())
    return out


def _move(text: str, state: DeckState, stack: Stack) -> Move:
    m = _CUT_TO.match(text)
    if m:
        try:
            card: Card = parse_card(m.group(1))
        except ConjureError as exc:
            raise UsageError(_SAID["bad move"].format(text=quote(text), error=exc.text)) from None
        cards = state.cards(PLACE) if state.size(PLACE) else ()
        if card not in cards:
            raise UsageError(_SAID["not in stack"].format(text=quote(text), card=str(card)))
        return CompleteCut(PLACE, (cards.index(card) + 1) % len(cards))
    try:
        move: Move = parse_move(text)
    except ConjureError as exc:
        raise UsageError(_SAID["bad move"].format(text=quote(text), error=exc.text)) from None
    return move


def after(stack: Stack, moves: Sequence[str]) -> tuple[Stack, tuple[Move, ...]]:
    """``stack`` once ``moves`` (texts) are made with it, and the moves made. Bad notation, an
    impossible move or cards left in several packets is a :class:`UsageError` naming the move."""
    state = DeckState.from_cards(PLACE, stack.cards)
    made: list[Move] = []
    for text in _texts(moves):
        move = _move(text, state, stack)
        try:
            move.check(state)
        except ConjureError as exc:
            raise UsageError(_SAID["illegal"].format(text=quote(text), error=exc.text)) from None
        if isinstance(move, CompleteCut) and move.n == 0:
            continue  # the card is on the bottom already: nothing to cut
        state.push(move)
        made.append(move)
    places = [p for p in state.places() if state.size(p)]
    if len(places) != 1:
        where = Text(", ", zh="、").join(Text(label(p), zh=label(p, "zh")) for p in places)
        raise UsageError(_SAID["spread"].format(n=len(places), places=where))
    if not made:
        return stack, ()
    name = _SAID["name"].format(stack=stack.name, moves=_said(made))
    derived = Stack(
        f"{stack.id} after {'; '.join(repr(m) for m in made)}",
        name,
        stack.source,
        state.cards(places[0]),
        stack.kind,
    )
    return derived, tuple(made)


def subject_after(base: str, made: Sequence[Move]) -> str:
    """The subject progress is kept under for a stack after moves: the stack's subject and the
    moves exactly as made (so that "Faro left" and "faro left out=yes" are the same)."""
    return f"{base} after {'; '.join(repr(m) for m in made)}"


def moves_of(subject: str) -> tuple[Move, ...]:
    """The moves a subject made by :func:`subject_after` names (their reprs read back)."""
    import ast

    from conjure.deck.notation import MOVE_KINDS

    _, sep, written = subject.partition(" after ")
    if not sep:
        return ()
    out: list[Move] = []
    for text in written.split("; "):
        try:
            call = ast.parse(text, mode="eval").body
            assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            kind = MOVE_KINDS[call.func.id]
            out.append(kind(**{k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}))
        except (SyntaxError, ValueError, KeyError, AssertionError, TypeError, ConjureError):
            return ()  # written by another version: shown as it is stored
    return tuple(out)


def title_of(subject: str) -> Text | None:
    """What a stack subject is called for people: ``Mnemonica (Tamariz stack)``, with the moves
    after which it is drilled; None for a subject that is not a shipped stack."""
    from conjure.deck.stacks import STACKS

    base = subject.removeprefix("stack:").partition(" after ")[0]
    if not subject.startswith("stack:") or base not in STACKS:
        return None
    name = STACKS[base].name
    made = moves_of(subject)
    if not made:
        return name
    return _SAID["name"].format(stack=name, moves=_said(made))
