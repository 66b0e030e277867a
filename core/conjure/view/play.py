"""Playing a game in the terminal against bots: what your seat sees, the legal moves by number
or by card, bad input asked again with the reason, and the story of the table (tricks won,
cards drawn, declarations, each deal's result and why). Every action is printed as your seat
observes it: a card laid face down stays face down until it is turned up. Each line names its
actor once, at its start: a game's move text that names the seat itself is shown without that
name, and a story line that only repeats the move above it (in English perhaps with its verb
said of the seat: ``player 2 bids 65`` after ``bid 65``) is left out.

Every word on the screen is a :class:`conjure.text.Text` in :data:`WORDS` (or the game's own,
from its hooks), shown in the language the command was given."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from conjure.deck.cards import CARDS, SUIT_SYMBOLS
from conjure.errors import ConjureError, said
from conjure.games.api import (
    ALL,
    CHANCE,
    NOBODY,
    TERMINAL,
    TOP,
    UNKNOWN_SIDE,
    Game,
    GameState,
    Outcome,
)
from conjure.games.bots import THINK_SECONDS, make_bot
from conjure.text import Text as Words
from conjure.view.terminal import card_text

#: the words of the game screen, in every language conjure speaks
WORDS: dict[str, Words] = {
    "your hand": Words("your hand", zh="你的手牌"),
    "hand of": Words("player {n}'s hand", zh="玩家{n}的手牌"),
    "you won": Words("you won", zh="你赢得的牌"),
    "won by": Words("player {n} won", zh="玩家{n}赢得的牌"),
    "yours": Words("{zone} (you)", zh="{zone}（你）"),
    "theirs": Words("{zone} (player {n})", zh="{zone}（玩家{n}）"),
    "trump": Words("trump {suit}", zh="王牌{suit}"),
    "points": Words("points {score}", zh="得分 {score}"),
    "match": Words("match {score}", zh="总分 {score}"),
    "closed": Words("stock closed", zh="牌堆已关"),
    "title": Words("{name} · you are player {n}", zh="{name} · 你是玩家{n}"),
    "you": Words("you", zh="你"),
    "comma": Words(", ", zh="、"),
    "side": Words("{side}: {seats}", zh="{side}：{seats}"),
    "unknown side": Words("side not yet shown: {seats}", zh="尚未亮明的一方：{seats}"),
    "you win": Words("you win", zh="你赢了"),
    "your side wins": Words("your side wins", zh="你方赢了"),
    "draw": Words("a draw", zh="平局"),
    "you lose": Words("you lose", zh="你输了"),
    "your move": Words("Your move: ", zh="请出牌："),
    "welcome": Words(
        "{name}: seed {seed}; type a number, a card (KS, 黑桃K), a move's name, or q to quit "
        "(#4 is always the menu's fourth move).",
        zh="{name}：种子 {seed}；输入编号、一张牌（KS、黑桃K）、动作名称，或输入 q 退出（#4 总是菜"
        "单"
        "的第4项）。",
    ),
    "match score": Words("match score {score}", zh="总比分 {score}"),
    "deal": Words("— deal {n} —", zh="—— 第{n}副 ——"),
    "bot moves": Words("player {n} ({bot}): {move}", zh="玩家{n}（{bot}）：{move}"),
    "seat": Words("player {n}", zh="玩家{n}"),
    "bye": Words("bye", zh="再见"),
    "confirm": Words("{warning} Type y to confirm.", zh="{warning}输入 y 确认。"),
    "you move": Words("you: {move}", zh="你：{move}"),
    "outcome": Words("{move} — {outcome}", zh="{move}——{outcome}"),
    "forced": Words("{move} (the only move)", zh="{move}（唯一可走的一步）"),
    "group": Words(
        "[{first}–{last}] {label}: {count} moves, typed by name as {example}",
        zh="[{first}–{last}] {label}：共{count}种，可按名称输入，如{example}",
    ),
    "game over": Words(
        "Game over: {verdict}. Scores: {scores}", zh="终局：{verdict}。得分：{scores}"
    ),
}


def _cards(codes: list[int | None], sort: bool = False, ace_high: bool = True) -> Text:
    """Cards in a zone: faces where seen, ``▒▒×n`` for runs of unseen ones, in place (a
    player's own hand, sorted, shows every face)."""
    shift = 1 if ace_high else 0
    text = Text()
    hidden = 0
    ordered = sorted(codes, key=lambda c: (c or 0) // 13 * 13 + ((c or 0) % 13 - shift) % 13)
    for code in ordered if sort else codes:
        if code is None:
            hidden += 1
            continue
        if hidden:
            text.append(f"▒▒×{hidden} ", style="grey50")
            hidden = 0
        text.append_text(card_text(CARDS[code]))
        text.append(" ")
    if hidden:
        text.append(f"▒▒×{hidden}", style="grey50")
    return text if len(text) else Text("—", style="dim")


def zone_label(game: Game[Any], zone: str, player: int, lang: str = "en") -> str:
    """``hand0`` -> ``your hand`` or ``player 1's hand``; ``won1`` -> ``player 2 won``; a zone
    of the table by the name the game (or conjure) gives it in ``lang``."""
    base, digits = zone.rstrip("0123456789"), zone[len(zone.rstrip("0123456789")) :]
    name = game.zone_text(zone)
    if not digits:
        return name.get(lang)
    who = int(digits)
    if base == "hand":
        label = WORDS["your hand"] if who == player else WORDS["hand of"].format(n=who + 1)
    elif base == "won":
        label = WORDS["you won"] if who == player else WORDS["won by"].format(n=who + 1)
    elif who == player:
        label = WORDS["yours"].format(zone=name)
    else:
        label = WORDS["theirs"].format(zone=name, n=who + 1)
    return label.get(lang)


def view(game: Game[Any], state: GameState[Any], player: int, lang: str = "en") -> RenderableType:
    """Everything ``player`` can see, hiding what that seat cannot."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for zone, cards in state.zones.items():
        rule = game.visibility[zone]
        if zone == "deck" or (rule not in (ALL, NOBODY, TOP) and rule != player and not cards):
            continue
        seen = [c if state.sees(player, zone, i, c) else None for i, c in enumerate(cards)]
        table.add_row(
            zone_label(game, zone, player, lang),
            _cards(seen, sort=rule == player, ace_high=game.ace_high),
        )
    facts = []
    v = state.vars
    if getattr(v, "trump", -1) >= 0:
        facts.append(WORDS["trump"].format(suit=SUIT_SYMBOLS[v.trump]))
    if getattr(v, "score", None):
        facts.append(WORDS["points"].format(score=" : ".join(_number(s) for s in v.score)))
    if getattr(v, "match", None):
        facts.append(WORDS["match"].format(score=" : ".join(str(s) for s in v.match)))
    if getattr(v, "closed", False):
        facts.append(WORDS["closed"])
    if facts:
        table.add_row("", Text(" · ".join(f.get(lang) for f in facts), style="cyan"))
    for fact in game._facts(state, player):
        table.add_row("", Text(Words.of(fact).get(lang), style="cyan"))
    sides = sides_text(game, state, player, lang)
    if sides:
        table.add_row("", Text(sides, style="cyan"))
    name = Words(f"{game.name_zh} {game.name_en}", zh=game.name_zh)
    return Panel(
        table,
        title=WORDS["title"].format(name=name, n=player + 1).get(lang),
        title_align="left",
    )


def sides_text(game: Game[Any], state: GameState[Any], player: int, lang: str = "en") -> str:
    """The sides as the table knows them (``declarer's side: players 1, 3 · defenders: …``),
    the seats not yet shown named apart; empty when every seat plays for itself."""
    teams = state.teams()
    if not teams:
        return ""

    def seats(members: list[int]) -> str:
        return (
            WORDS["comma"]
            .get(lang)
            .join(WORDS["you"].get(lang) if p == player else str(p + 1) for p in members)
        )

    parts = []
    for t, name in enumerate(game.team_names()):
        members = [p for p, side in enumerate(teams) if side == t]
        if members:
            parts.append(WORDS["side"].format(side=name, seats=seats(members)).get(lang))
    unknown = [p for p, side in enumerate(teams) if side == UNKNOWN_SIDE]
    if unknown:
        parts.append(WORDS["unknown side"].format(seats=seats(unknown)).get(lang))
    return " · ".join(parts)


def verdict(state: GameState[Any], seat: int, lang: str = "en") -> str:
    """``you win``, ``a draw`` or ``you lose``; seats that share the best result and are on one
    side (partners) win together."""
    result = state.returns()
    best = max(result)
    top = [p for p, r in enumerate(result) if r == best]
    teams = state.teams()
    together = bool(teams) and len({teams[p] for p in top}) == 1 and teams[top[0]] >= 0
    if seat in top and (len(top) == 1 or together):
        return WORDS["you win" if len(top) == 1 else "your side wins"].get(lang)
    if len(top) > 1 and not together:
        return WORDS["draw"].get(lang)
    return WORDS["you lose"].get(lang)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def unnamed(text: str, actor: str) -> str:
    """``text`` without ``actor`` (``player 2``, ``玩家2``) where it begins with that seat's name,
    a colon after it included: the screen names who moves at the start of the line, and a
    game whose move reads ``player 2: ask player 3 for jacks`` (or ``玩家2说没有``) would name
    the seat twice. Any other text is returned as it is."""
    if not text.startswith(actor) or text[len(actor) : len(actor) + 1].isdigit():
        return text
    rest = text[len(actor) :].lstrip(" ")
    rest = rest[1:] if rest[:1] in (":", "：") else rest
    return rest.lstrip(" ") or text


def as_told(move: str) -> tuple[str, ...]:
    """The ways a story line can tell ``move`` again after naming its seat: the move's own
    words, and in English with its first word said of the seat (``bid 65`` -> ``bids 65``,
    ``pass`` -> ``passes``), as the games' stories word what a seat did."""
    verb, space, rest = move.partition(" ")
    if not verb.isascii() or not verb.isalpha() or not verb.islower():
        return (move,)
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        said = verb + "es"
    elif verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u"):
        said = verb[:-1] + "ies"
    else:
        said = verb + "s"
    return (move, said + space + rest)


#: a menu this long collapses each family of moves (the game's :meth:`Game._menu_group`) of
#: at least :data:`GROUP_LEAST` moves into one line
LONG_MENU = 24
GROUP_LEAST = 6


def _menu_items(game: Game[Any], state: GameState[Any], lang: str) -> list[tuple[str, Words | str]]:
    """The menu as (number, words) items: each move, or, in a long menu, each run of moves of
    one family as a single item naming the run's numbers and how to type one."""
    ordered = game.ordered_actions(state)
    labels = [game._menu_group(state, a) if len(ordered) > LONG_MENU else None for a in ordered]
    items: list[tuple[str, Words | str]] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and labels[i] is not None and labels[j + 1] == labels[i]:
            j += 1
        label = labels[i]
        if label is not None and j - i + 1 >= GROUP_LEAST:
            said = WORDS["group"].format(
                first=i + 1,
                last=j + 1,
                label=Words.of(label),
                count=j - i + 1,
                example=state.action_names(ordered[i]),
            )
            items.append(("", said))
            i = j + 1
            continue
        items.append((f"[{i + 1}] ", state.action_name(ordered[i], lang)))
        i += 1
    return items


def moves_text(game: Game[Any], state: GameState[Any], width: int = 80, lang: str = "en") -> Text:
    """The numbered menu of legal moves, lines broken only between moves for a terminal
    ``width`` cells wide (a move longer than a line has a line of its own), after the game's
    note on what binds the choice (:meth:`Game._menu_note`: you must follow suit)."""
    note = game._menu_note(state)
    text = Text()
    if note:
        text.append(Words.of(note).get(lang) + "\n", style="yellow")
    text.append(WORDS["your move"].get(lang), style="bold")
    used = Text(WORDS["your move"].get(lang)).cell_len
    for i, (number, words) in enumerate(_menu_items(game, state, lang), 1):
        item = Text(number, style="yellow")
        item.append(words if isinstance(words, str) else words.get(lang))
        if i > 1 and (used + 2 + item.cell_len > width or not number):
            text.append("\n")
            used = 0
        elif i > 1:
            text.append("  ")
            used += 2
        text.append_text(item)
        used += item.cell_len
    return text


def play_game(
    game: Game[Any],
    seed: int = 0,
    bot: str | None = None,
    seat: int = 0,
    console: Console | None = None,
    ask: Callable[[str], str] | None = None,
    lang: str = "en",
    think: float = THINK_SECONDS,
) -> int:
    """Play one game: the human at ``seat``, ``bot`` at every other (by default the game's
    :attr:`Game.table_bot`), thinking ``think`` seconds a move, every word in ``lang``. Chance
    (the shuffles) comes from ``seed``. Returns the exit code."""
    console = console or Console(highlight=False, emoji=False)
    piped = ask is None and not sys.stdin.isatty()  # answers read from a pipe are echoed
    ask = ask or input
    bot = bot or game.table_bot
    bots = {p: make_bot(bot, think) for p in range(game.num_players) if p != seat}
    chance = random.Random(seed)
    rng = random.Random(seed * 7919 + 1)
    state = game.new_initial_state()
    state.story = []
    name = Words(f"{game.name_zh} / {game.name_en}", zh=game.name_zh)
    console.print(WORDS["welcome"].format(name=name, seed=seed).get(lang), style="dim")
    last_deal = None

    def say(key: str, **values: object) -> str:
        return WORDS[key].format(**values).get(lang)

    def menu() -> Text:
        return moves_text(game, state, console.width, lang)

    def outcome(move: str) -> str:
        """``move`` with the outcomes the game told of it (an ask's answer) on its line, the
        outcomes taken out of the story."""
        assert state.story is not None
        outcomes = [line for line in state.story if isinstance(line, Outcome)]
        if not outcomes:
            return move
        state.story[:] = [line for line in state.story if not isinstance(line, Outcome)]
        said = "; ".join(Words.of(o).get(lang) for o in outcomes)
        return say("outcome", move=move, outcome=said)

    def tell(mover: int | None = None, move: str = "") -> None:
        """Print what the last action told the table; a line that only repeats the move just
        printed (``player 2: point ♣ 41``, ``player 2 bids 65``) is left out, so that each
        line is shown once."""
        assert state.story is not None
        seat_name = say("seat", n=mover + 1) if mover is not None else ""
        for line in state.story:
            told = Words.of(line).get(lang)
            if mover is not None and told != move and unnamed(told, seat_name) in as_told(move):
                continue
            console.print(Text("  " + told, style="green"))
        state.story.clear()

    while state.current != TERMINAL:
        if state.current == CHANCE:
            state.sample_chance(chance)
            deal = game._deal_number(state)
            if deal and deal != last_deal:
                if last_deal is not None:
                    match = " : ".join(str(m) for m in state.vars.match)
                    console.print(Text(say("match score", score=match), style="bold"))
                console.print(Text(say("deal", n=deal), style="bold magenta"))
                last_deal = deal
            tell()
            continue
        player = state.current
        if player in bots:
            action = bots[player].choose(state, rng)
            seen = unnamed(state.action_seen(action, seat, lang), say("seat", n=player + 1))
            shown = say("forced", move=seen) if len(state.legal_actions()) == 1 else seen
            state.apply_action(action)
            line = say("bot moves", n=player + 1, bot=bot, move=outcome(shown))
            console.print(line, markup=False)
            tell(player, seen)
            continue
        console.print(Group(view(game, state, seat, lang), menu()))
        while True:
            try:
                answer = ask("> ")
            except EOFError:
                console.print()  # the prompt's line ends before the goodbye
                console.print(say("bye"))
                return 0
            if piped:
                console.print(answer, markup=False)  # piped answers shown, as typed ones are
            if answer.strip().lower() in ("q", "quit", "exit"):
                console.print(say("bye"))
                return 0
            try:
                action = game.parse_action(state, answer)
            except ConjureError as exc:
                console.print(Text(said(exc, lang), style="red"))
                console.print(menu())
                continue
            warning = game._warning(state, action)
            if warning:
                console.print(Text(say("confirm", warning=Words.of(warning)), style="yellow"))
                try:
                    sure = ask("> ")
                except EOFError:
                    console.print()
                    console.print(say("bye"))
                    return 0
                if piped:
                    console.print(sure, markup=False)
                if sure.strip().lower() not in ("y", "yes"):
                    console.print(menu())
                    continue
            break
        mine = unnamed(state.action_name(action, lang), say("seat", n=seat + 1))
        shown = say("forced", move=mine) if len(state.legal_actions()) == 1 else mine
        state.apply_action(action)
        console.print(say("you move", move=outcome(shown)), markup=False)
        tell(seat, mine)
    if getattr(state.vars, "match", None):
        match = " : ".join(map(str, state.vars.match))
        console.print(Text(say("match score", score=match), style="bold"))
    console.print(view(game, state, seat, lang))
    scores = " : ".join(_number(s) for s in state.scores())
    console.print(
        Text(say("game over", verdict=verdict(state, seat, lang), scores=scores), style="bold")
    )
    return 0
