"""A game as a replay: one self-contained web page that draws the game move by move, every
seat's hand, the table and the scores, with a slider through the moves.

A game is recorded as its :class:`Record` (the game, its seed and the actions taken), which is
all it takes to play it again exactly; the page draws every position on the way. The replay
shows every card face up in the hands (it is a record, not a seat's view); piles nobody sees
are drawn squared and face down, as they lie.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

import attrs

from conjure.deck import CARDS
from conjure.deck.cards import SUIT_SYMBOLS
from conjure.errors import UsageError
from conjure.games import ALL, CHANCE, NOBODY, TERMINAL, TOP, Game, GameState
from conjure.text import Text
from conjure.view import svg
from conjure.view.page import document, esc

_W = {
    "replay": Text("replay", zh="复盘"),
    "seed": Text("seed {seed}", zh="种子 {seed}"),
    "deal": Text("The deal", zh="发牌"),
    "move": Text("Move {k}", zh="第{k}手"),
    "plays": Text("player {p}: {what}", zh="玩家{p}：{what}"),
    "over": Text("Game over", zh="终局"),
    "scores": Text("scores", zh="得分"),
    "result": Text("result", zh="结果"),
    "to_move": Text("player {p} to move", zh="轮到玩家{p}"),
    "hand": Text("player {p}'s hand", zh="玩家{p}的手牌"),
    "won": Text("won by player {p}", zh="玩家{p}赢得的牌"),
    "of": Text("{zone} (player {p})", zh="{zone}（玩家{p}）"),
    "moves": Text("{n} moves", zh="{n}手"),
    "again": Text("Chance deals {n} cards", zh="随机发出{n}张牌"),
    "again1": Text("Chance turns up a card", zh="随机翻出一张牌"),
    "chance": Text("chance to draw", zh="等待随机抽牌"),
}


def _t(key: str, lang: str, **values: object) -> str:
    return _W[key].format(**values).get(lang) if values else _W[key].get(lang)


class Bot(Protocol):
    def choose(self, state: GameState[Any], rng: random.Random) -> int: ...


DEAL = "deal"
MOVE = "move"


@attrs.frozen
class Position:
    """One picture of a replay: after a player's ``MOVE`` (``number`` counts the moves) or
    after chance's ``DEAL`` (``number`` cards drawn)."""

    kind: str
    mover: int
    what: str
    state: GameState[Any]
    number: int


@attrs.frozen
class Record:
    """A game as played: enough to play it again exactly."""

    game: Game[Any]
    seed: int
    #: the game's whole history, chance's outcomes (the deals) included
    actions: tuple[int, ...]

    def positions(self) -> Iterator[Position]:
        """Every position worth a picture, each action checked as it is made again: one after
        each move of a player, and one after each of chance's draws (a deal, a card turned up)
        once it is complete: chance's outcomes one card at a time are not pictures of their
        own. A game whose root is not chance starts with the root itself."""
        state = self.game.new_initial_state()
        if state.current != CHANCE:
            yield Position(DEAL, -1, "", state.copy(), 0)
        drawn = moves = 0
        for action in self.actions:
            mover = state.current
            if mover == CHANCE:
                state.apply_action(action)
                drawn += 1
                if state.current != CHANCE:
                    yield Position(DEAL, CHANCE, "", state.copy(), drawn)
                    drawn = 0
                continue
            name = state.action_name(action)
            state.apply_action(action)
            moves += 1
            yield Position(MOVE, mover, name, state.copy(), moves)
        if drawn:  # the record stops in the middle of a draw
            yield Position(DEAL, CHANCE, "", state.copy(), drawn)

    def final(self) -> GameState[Any]:
        return self.game.replay(self.actions)

    def to_json(self) -> dict[str, Any]:
        """The finished game as :meth:`conjure.games.GameState.to_json` writes it, with the
        seed it was dealt from."""
        return {**self.final().to_json(), "seed": self.seed}


def play_game(game: Game[Any], seed: int, bots: Sequence[Bot]) -> Record:
    """Play one game between ``bots`` (one per seat); chance deals from ``seed``."""
    chance = random.Random(seed)
    rng = random.Random(seed + 1)
    state = game.new_initial_state()
    while state.current != TERMINAL:
        if state.current == CHANCE:
            state.sample_chance(chance)
        else:
            state.apply_action(bots[state.current].choose(state, rng))
    return Record(game, seed, tuple(state.history))


def load_game(cls: type[Game[Any]], data: Mapping[str, Any]) -> Record:
    """A saved game (``GameState.to_json``) as a record; a malformed file is a usage error."""
    try:
        options = {str(k): int(v) for k, v in dict(data.get("options") or {}).items()}
        game = cls(int(data["players"]), **options)
        seed = int(data.get("seed", 0))
        actions = tuple(int(a) for a in data["history"])
    except (KeyError, TypeError, ValueError) as exc:
        raise UsageError(f"not a saved {cls.id} game: {exc}") from None
    record = Record(game, seed, actions)
    record.final()  # every action checked now, before anything is drawn
    return record


# -- drawing ------------------------------------------------------------------------------------


def _owner(zone: str) -> int | None:
    base = zone.rstrip("0123456789")
    return int(zone[len(base) :]) if base != zone else None


def _zone_title(game: Game[Any], zone: str, lang: str) -> str:
    who = _owner(zone)
    base = zone.rstrip("0123456789")
    name = game.zone_text(zone)
    if who is None:
        return name.get(lang)
    if base == "hand":
        return _t("hand", lang, p=who + 1)
    if base == "won":
        return _t("won", lang, p=who + 1)
    return _W["of"].format(zone=name, p=who + 1).get(lang)


def _sort_key(code: int) -> tuple[int, int]:
    return code // 13, (code % 13 - 1) % 13  # by suit, then 2 … K, A


def seat_rows(players: int) -> list[str]:
    """Rows top to bottom: the other seats, the table, the first player's seat."""
    return [*(f"seat{p}" for p in range(players - 1, 0, -1)), svg.TABLE_ROW, "seat0"]


def zone_spots(game: Game[Any], state: GameState[Any], lang: str) -> list[svg.Spot]:
    """Every zone of ``state``: hands fanned face up (sorted), piles everyone sees fanned face
    up, piles nobody sees squared and face down, a pile whose top is shown squared with its top
    card face up."""
    spots = []
    for zone, cards in state.zones.items():
        rule = game.visibility[zone]
        who = _owner(zone)
        row = f"seat{who}" if who is not None and who < game.num_players else svg.TABLE_ROW
        fanned = True
        if rule == ALL or isinstance(rule, int):
            codes = sorted(cards, key=_sort_key) if rule == who else list(cards)
            looks = tuple(svg.Seen(CARDS[c], svg.FACE) for c in codes)
        elif rule == TOP:
            fanned = False
            looks = tuple(
                svg.Seen(CARDS[c], svg.FACE if i == 0 else svg.EDGE) for i, c in enumerate(cards)
            )
        else:  # NOBODY, or a rule this page does not know: drawn face down
            assert rule == NOBODY or isinstance(rule, str)
            fanned = False
            looks = tuple(
                svg.Seen(None, svg.BACK if i == 0 else svg.EDGE) for i in range(len(cards))
            )
        spots.append(svg.Spot(zone, _zone_title(game, zone, lang), looks, row, fanned))
    return spots


#: the public values a replay shows beside the scores, when a game keeps them
_FACTS = {
    "match": Text("match {v}", zh="总分 {v}"),
    "trump": Text("trump {v}", zh="王牌 {v}"),
    "deals": Text("deal {v}", zh="第{v}副"),
    "closed": Text("stock closed", zh="牌堆已关"),
}


def _facts(game: Game[Any], state: GameState[Any], lang: str) -> str:
    parts = [f"{_t('scores', lang)} " + " : ".join(str(s) for s in state.scores())]
    values = state.vars.to_json()
    for key, text in _FACTS.items():
        value = values.get(key)
        if value is None or value is False:
            continue
        if key == "trump" and isinstance(value, int) and 0 <= value < 4:
            value = SUIT_SYMBOLS[value]
        elif isinstance(value, tuple | list):
            value = " : ".join(map(str, value))
        parts.append(text.format(v=value).get(lang))
    return " · ".join(parts)


def replay_page(record: Record, lang: str = "en") -> str:
    """The whole page: a frame per position, one shown at a time, a slider through them."""
    game = record.game
    sheet = svg.Sheet(lang)
    rows = seat_rows(game.num_players)
    name = game.name_zh if lang == "zh" else game.name_en
    other = game.name_en if lang == "zh" else game.name_zh
    frames = []
    positions = list(record.positions())
    deals = 0
    for k, pos in enumerate(positions):
        state = pos.state
        if pos.kind == MOVE:
            what = _t("plays", lang, p=pos.mover + 1, what=pos.what)
            heading = f"{_t('move', lang, k=pos.number)} · {what}"
        else:
            deals += 1
            if deals == 1:
                heading = _t("deal", lang)
            else:
                heading = _t("again1", lang) if pos.number == 1 else _t("again", lang, n=pos.number)
        if state.current == TERMINAL:
            result = " : ".join(f"{r:g}" for r in state.returns())
            status = f"{_t('over', lang)} · {_t('result', lang)} {result}"
        elif state.current == CHANCE:
            status = _t("chance", lang)
        else:
            status = _t("to_move", lang, p=state.current + 1)
        scene = svg.scene(
            zone_spots(game, state, lang), width=840, lang=lang, view="replay", rows=rows,
            sheet=sheet, scale=1.3,
        )  # fmt: skip
        frames.append(
            f'<section class="frame position" id="move-{k}" data-index="{k}" '
            f'data-label="{esc(heading)}"><h2><span class="num">{esc(heading)}</span></h2>'
            f'<p class="facts">{esc(status)} · {esc(_facts(game, state, lang))}</p>'
            f"{scene}</section>"
        )
    header = (
        f"<header><h1>{esc(name)} <small>{esc(other)}</small></h1>"
        f"<p>{esc(game.citation().get(lang))} · {esc(_t('replay', lang))} · "
        f"{esc(_t('seed', lang, seed=record.seed))} · "
        f"{esc(_t('moves', lang, n=sum(p.kind == MOVE for p in positions)))}</p></header>"
    )
    title = f"{name} · {_t('replay', lang)} · {_t('seed', lang, seed=record.seed)}"
    return document(title, header, frames, lang, sheet, slider=True, single=True)
