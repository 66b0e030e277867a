"""What a player types for a move, read so that it cannot misfire (``Game.parse_action``): a
move's name in either language, the cards in it in any notation and any order, the game's own
notation, a card, and only then a menu number."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final

from conjure.deck.cards import CARDS, Card
from conjure.errors import ConjureError, UsageError
from conjure.games.api import SPECIAL, GameError
from conjure.inputs import normalise, parse_int, quote
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.games.api import Game, GameState

_CANNOT: Final = Text("{card} cannot be played now", zh="现在不能出{card}")
_CANNOT_BECAUSE: Final = Text(
    "{card} cannot be played now: {reason}", zh="现在不能出{card}：{reason}"
)
_NOT_A_MOVE: Final = Text(
    "{typed} is not a move here: type a number from 1 to {n}",
    zh="{typed}不是这里能走的一步：请输入1到{n}之间的数字",
)
_NOT_THE_MOVE: Final = Text(
    "{typed} is not a move here: type 1, the only move",
    zh="{typed}不是这里能走的一步：请输入1，只有这一步",
)
_EITHER: Final = Text(
    "{typed} could be menu move {typed} ({move}) or the card {cards}: type #{typed} for the move, "
    "or the card with its suit",
    zh="{typed}可能是菜单第{typed}项（{move}），也可能是{cards}：选菜单请输入#{typed}，出牌请连花色一起输入",
)
#: a rank as a bare number or letter may name (2 to 10, A J Q K): rank index, Ace 0
_RANK_LABELS: Final = {
    **{str(r): r - 1 for r in range(2, 11)},
    **{"A": 0, "J": 10, "Q": 11, "K": 12, "T": 9, "a": 0, "j": 10, "q": 11, "k": 12},
}


def not_a_move(typed: str, n: int) -> Text:
    """The answer to ``typed`` where the menu holds ``n`` moves and it names none of them."""
    if n == 1:
        return _NOT_THE_MOVE.format(typed=quote(typed))
    return _NOT_A_MOVE.format(typed=quote(typed), n=n)


@functools.lru_cache(maxsize=4096)
def _card_or_none(text: str) -> Card | None:
    try:
        return Card(text)
    except ConjureError:
        return None


@functools.lru_cache(maxsize=8192)
def _canonical(text: str) -> tuple[str, ...]:
    """A move's words as compared with what a player typed: lower case, punctuation dropped,
    each card in one notation and each run of cards in one order (``give 3♠ 4♠ for K♥`` and
    ``give 4s 3S for kh`` read alike)."""
    out: list[str] = []
    run: list[str] = []
    for word in normalise(text).replace(",", " ").replace("+", " ").split():
        word = word.strip("()（）:：")
        if not word:
            continue
        card = _card_or_none(word)
        if card is not None and not word.isdigit():
            run.append(card.ascii)
            continue
        if run:
            out.extend(sorted(run))
            run = []
        out.append(word.lower())
    out.extend(sorted(run))
    return tuple(out)


def parse_typed(game: Game[Any], state: GameState[Any], text: str) -> int:
    """The legal action ``text`` names in ``state`` (see :meth:`Game.parse_action`), or a
    :class:`GameError` saying why it names none."""
    legal = game.ordered_actions(state)
    typed, text = text, normalise(text).strip()
    if text.startswith(("#", "[")):  # #4, [4]: the menu's number, whatever else it reads as
        digits = text.lstrip("#[").rstrip("]").strip()
        return legal[parse_int(digits, "move", 1, len(legal)) - 1]
    lowered = text.lower()
    tokens = _canonical(text)
    for action in legal:
        names = state.action_names(action)
        # a name is normalised as the typed text is (a Chinese name's （） read as ())
        said = [normalise(n).strip() for n in (names.en, names.zh) if n]
        if lowered in {n.lower() for n in said} or (
            tokens and len(tokens) > 1 and any(_canonical(n) == tokens for n in said)
        ):
            return action
    own = game._read_move(state, text)
    if own is not None:
        return own
    card = _card_or_none(text)
    if card is not None:
        if card.code in legal:
            return card.code
        reason = game._why_not(state, card.code)
        if reason:
            raise GameError(_CANNOT_BECAUSE.format(card=card, reason=Text.of(reason)))
        raise GameError(_CANNOT.format(card=card))
    try:
        number = parse_int(text, "move", 1, len(legal))
    except UsageError:
        raise GameError(not_a_move(typed, len(legal))) from None
    ranked = [a for a in legal if a < SPECIAL and _RANK_LABELS.get(text) == a % 13]
    if ranked and ranked != [legal[number - 1]]:
        cards = " ".join(str(CARDS[a]) for a in ranked)
        raise GameError(
            _EITHER.format(typed=text, move=state.action_names(legal[number - 1]), cards=cards)
        )
    return legal[number - 1]
