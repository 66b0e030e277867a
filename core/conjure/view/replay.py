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
from conjure.games import ALL, CHANCE, TERMINAL, TOP, Game, GameState
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
    #: what the game told the table as it happened, in players' words ("player 2 bids 30")
    told: tuple[Text, ...] = ()


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
        own. A game whose root is not chance starts with the root itself. Each carries what
        the game told the table on the way (its story)."""
        state = self.game.new_initial_state()
        state.story = []
        told = 0

        def news() -> tuple[Text, ...]:
            nonlocal told
            story = state.story or []
            fresh = tuple(story[told:])
            told = len(story)
            return fresh

        if state.current != CHANCE:
            yield Position(DEAL, -1, "", state.copy(), 0, news())
        drawn = moves = 0
        for action in self.actions:
            mover = state.current
            if mover == CHANCE:
                state.apply_action(action)
                drawn += 1
                if state.current != CHANCE:
                    yield Position(DEAL, CHANCE, "", state.copy(), drawn, news())
                    drawn = 0
                continue
            name = state.action_name(action)
            state.apply_action(action)
            moves += 1
            yield Position(MOVE, mover, name, state.copy(), moves, news())
        if drawn:  # the record stops in the middle of a draw
            yield Position(DEAL, CHANCE, "", state.copy(), drawn, news())

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


def seat_areas(players: int) -> list[str]:
    """Where each seat sits round the table, clockwise from the first player at the bottom:
    the next at the left, the last at the right, the rest across the top."""
    if players == 1:
        return ["bottom"]
    if players == 2:
        return ["bottom", "top"]
    others = players - 1
    return ["bottom", "left", *["top"] * (others - 2), "right"]


def _known_to_all(state: GameState[Any], code: int) -> bool:
    return state.known.get(code, 0) == -1


def zone_spots(game: Game[Any], state: GameState[Any], lang: str) -> list[svg.Spot]:
    """Every zone of ``state`` that holds cards: hands fanned face
    up (sorted), piles everyone sees fanned face up, piles nobody sees squared and face down,
    a pile whose top is shown squared with its top card face up; a card the game has shown to
    the whole table (the trump turned up) is drawn face up wherever it lies."""
    spots = []
    for zone, cards in state.zones.items():
        rule = game.visibility[zone]
        who = _owner(zone)
        if not cards:
            continue  # an empty place is not drawn (a replay shows what is there)
        row = f"seat{who}" if who is not None and who < game.num_players else svg.TABLE_ROW
        fanned = True
        if rule == ALL or isinstance(rule, int):
            codes = sorted(cards, key=_sort_key) if rule == who else list(cards)
            looks = tuple(svg.Seen(CARDS[c], svg.FACE) for c in codes)
        else:
            fanned = any(_known_to_all(state, c) for c in cards[1:])
            looks = tuple(
                svg.Seen(CARDS[c], svg.FACE)
                if (rule == TOP and i == 0) or _known_to_all(state, c)
                else svg.Seen(None, svg.BACK if i == 0 or fanned else svg.EDGE)
                for i, c in enumerate(cards)
            )
            if not fanned and len(looks) > 1 and looks[0].look == svg.BACK:
                looks = (looks[0], *(svg.Seen(None, svg.EDGE) for _ in looks[1:]))
        spots.append(svg.Spot(zone, _zone_title(game, zone, lang), looks, row, fanned))
    return spots


_WORDS = {
    "points": Text("points {v}", zh="得分 {v}"),
    "tricks": Text("tricks {v}", zh="墩数 {v}"),
    "match": Text("match {v}", zh="总分 {v}"),
    "ahead": Text("game points: player {p} leads by {n}", zh="局分：玩家{p}领先{n}分"),
    "level": Text("game points level", zh="局分持平"),
    "target": Text(" ({n} win)", zh="（先得{n}分者胜）"),
    "trump": Text("trump {v}", zh="王牌 {v}"),
    "deals": Text("deal {v}", zh="第{v}副"),
    "closed": Text("stock closed", zh="牌堆已关"),
    "declarer": Text("declarer: player {p}", zh="庄家：玩家{p}"),
    "called": Text("called card {v}", zh="叫的牌 {v}"),
    "friend": Text("friend: player {p}", zh="朋友：玩家{p}"),
    "secret": Text("friend: not yet known", zh="朋友：尚未知道"),
    "bid": Text("bid {v}", zh="叫分 {v}"),
    "side": Text("{name}: {players}", zh="{name}：{players}"),
    "won": Text("won by {who}", zh="{who}获胜"),
    "player": Text("player {p}", zh="玩家{p}"),
    "players": Text("players {some} and {last}", zh="玩家{some}和{last}"),
    "draw": Text("a draw", zh="平局"),
}
_SEP = Text(" : ")


def _players(seats: Sequence[int], lang: str) -> str:
    """``player 2``, ``players 1, 4 and 5`` (``玩家1、4和5``)."""
    if len(seats) == 1:
        return _WORDS["player"].format(p=seats[0] + 1).get(lang)
    numbers = [str(p + 1) for p in seats]
    said = _WORDS["players"].format(
        some=Text(", ".join(numbers[:-1]), zh="、".join(numbers[:-1])), last=numbers[-1]
    )
    return said.get(lang)


def _facts(game: Game[Any], state: GameState[Any], lang: str) -> str:
    """The public values of a position as the players keep them: points and tricks of the
    deal, game points or the match score, trump, the deal's number, a closed stock, the
    declarer, the called card, the friend and the sides."""
    values = state.vars.to_json()
    parts: list[str] = []

    def seq(value: Any) -> str:
        return " : ".join(map(str, value))

    if isinstance(values.get("score"), list | tuple):
        parts.append(_WORDS["points"].format(v=seq(values["score"])).get(lang))
    else:
        parts.append(_t("scores", lang) + " " + seq(f"{s:g}" for s in state.scores()))
    if isinstance(values.get("tricks"), list | tuple) and any(values["tricks"]):
        parts.append(_WORDS["tricks"].format(v=seq(values["tricks"])).get(lang))
    match = values.get("match")
    if isinstance(match, list | tuple) and match:
        target = game.option_values.get("target") if hasattr(game, "option_values") else None
        if len(match) == 2 and sum(match) == 0:  # a zero-sum match: one side's lead
            lead = max(match)
            said = (
                _WORDS["ahead"].format(p=match.index(lead) + 1, n=lead) if lead else _WORDS["level"]
            )
            if target:
                said = said + _WORDS["target"].format(n=target)
            parts.append(said.get(lang))
        else:
            parts.append(_WORDS["match"].format(v=seq(match)).get(lang))
    trump = values.get("trump")
    if isinstance(trump, int) and 0 <= trump < 4:
        parts.append(_WORDS["trump"].format(v=SUIT_SYMBOLS[trump]).get(lang))
    if values.get("deals"):
        parts.append(_WORDS["deals"].format(v=values["deals"]).get(lang))
    if values.get("closed"):
        parts.append(_WORDS["closed"].get(lang))
    declarer = values.get("declarer")
    if isinstance(declarer, int) and declarer >= 0:
        parts.append(_WORDS["declarer"].format(p=declarer + 1).get(lang))
        if isinstance(values.get("bid"), int) and values["bid"] > 0:
            parts.append(_WORDS["bid"].format(v=values["bid"]).get(lang))
        called = values.get("called")
        if isinstance(called, int) and called >= 0:
            card = CARDS[called]
            parts.append(_WORDS["called"].format(v=Text(str(card), zh=card.zh)).get(lang))
        partner = values.get("partner")
        if isinstance(partner, int) and partner >= 0:
            parts.append(_WORDS["friend"].format(p=partner + 1).get(lang))
        elif isinstance(called, int) and called >= 0:
            parts.append(_WORDS["secret"].get(lang))
    names = game.team_names()
    teams = state.teams() if names else ()
    for side, name in enumerate(names):
        seats = [p for p, t in enumerate(teams) if t == side]
        if seats and (side or values.get("partner", 0) != -1):
            parts.append(_WORDS["side"].format(name=name, players=_players(seats, lang)).get(lang))
    return " · ".join(parts)


def _result(state: GameState[Any], lang: str) -> str:
    """Who won, in words: the seats with the best result, or a draw."""
    returns = state.returns()
    best = max(returns)
    if all(r == best for r in returns):
        return _WORDS["draw"].get(lang)
    winners = [p for p, r in enumerate(returns) if r == best]
    return _WORDS["won"].format(who=_players(winners, lang)).get(lang)


#: a replay page's own styles: the seats round the table
REPLAY_CSS = """
.round{display:grid;gap:8px 14px;align-items:start;
 grid-template-columns:minmax(0,1fr) minmax(0,1.5fr) minmax(0,1fr);
 grid-template-areas:"top top top" "left mid right" "bottom bottom bottom"}
.round .area{display:flex;flex-wrap:wrap;gap:6px 14px;justify-content:center;min-width:0}
.round .top{grid-area:top}.round .left{grid-area:left}.round .right{grid-area:right}
.round .bottom{grid-area:bottom}.round .mid{grid-area:mid;background:#dcebdc;
 border:1px solid #a9c7a9;border-radius:10px;padding:6px;min-height:90px}
.round .seat{min-width:0;max-width:100%;display:flex;flex-direction:column;gap:2px}
.round .zone{min-width:0;max-width:100%}
.round svg.spot{max-width:100%;height:auto;display:block}
.told{margin:2px 0;color:#444}
@media (max-width:700px){
 .round{grid-template-columns:minmax(0,1fr);
  grid-template-areas:"top" "left" "mid" "right" "bottom"}
 .round .area{justify-content:flex-start}
}
"""


def replay_page(record: Record, lang: str = "en") -> str:
    """The whole page: a frame per position, one shown at a time, a slider through them.

    Each zone is drawn once for every different content it takes (a hand changes only when
    its player plays) and each frame names the drawings it shows, so a long game stays small;
    the seats sit round the table (the table in the middle), one under another on a phone."""
    game = record.game
    sheet = svg.Sheet(lang)
    areas = seat_areas(game.num_players)
    name = game.name_zh if lang == "zh" else game.name_en
    other = game.name_en if lang == "zh" else game.name_zh
    drawings: dict[str, str] = {}
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
            status = f"{_t('over', lang)} · {_result(state, lang)}"
        elif state.current == CHANCE:
            status = _t("chance", lang)
        else:
            status = _t("to_move", lang, p=state.current + 1)
        cells = []
        for spot in zone_spots(game, state, lang):
            who = _owner(spot.place)
            area = areas[who] if who is not None and who < game.num_players else "mid"
            drawing = svg.spot_svg(spot, 380 if area != "mid" else 520, lang, sheet, 1.3)
            ref = drawings.setdefault(drawing, f"z{len(drawings)}")
            seat = "" if who is None else str(who)
            cells.append(f"{area}={seat}={spot.place}={ref}")
        # the page's script lays the cells out round the table, each seat's places together:
        # area=seat=zone=drawing;…
        layout = esc(";".join(cells))
        told = "".join(f'<p class="told">{esc(t.get(lang))}</p>' for t in pos.told)
        frames.append(
            f'<section class="frame position" id="move-{k}" data-index="{k}" '
            f'data-label="{esc(heading)}"><h2><span class="num">{esc(heading)}</span></h2>'
            f'<p class="facts">{esc(status)} · {esc(_facts(game, state, lang))}</p>{told}'
            f'<div class="round" data-players="{game.num_players}" data-cells="{layout}"></div>'
            "</section>"
        )
    header = (
        f"<header><h1>{esc(name)} <small>{esc(other)}</small></h1>"
        f"<p>{esc(game.citation().get(lang))} · {esc(_t('replay', lang))} · "
        f"{esc(_t('seed', lang, seed=record.seed))} · "
        f"{esc(_t('moves', lang, n=sum(p.kind == MOVE for p in positions)))}</p></header>"
    )
    library = "".join(
        f'<template class="drawing" id="{ref}">{drawing}</template>'
        for drawing, ref in drawings.items()
    )
    title = f"{name} · {_t('replay', lang)} · {_t('seed', lang, seed=record.seed)}"
    return document(
        title, header + library, frames, lang, sheet, slider=True, single=True, css=REPLAY_CSS
    )
