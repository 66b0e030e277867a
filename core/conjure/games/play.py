"""Playing a game in the terminal against bots: what your seat sees, the legal moves by number
or by card, bad input asked again with the reason, and the story of the table (tricks won,
cards drawn, declarations, each deal's result and why). Every action is printed as your seat
observes it: a card laid face down stays face down until it is turned up."""

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
from conjure.errors import ConjureError
from conjure.games.api import (
    ALL,
    CHANCE,
    NOBODY,
    TERMINAL,
    TOP,
    UNKNOWN_SIDE,
    Game,
    GameState,
)
from conjure.games.bots import TABLE_SECONDS, make_bot
from conjure.view.terminal import card_text


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


def zone_label(zone: str, player: int) -> str:
    """``hand0`` -> ``your hand`` or ``player 1's hand``; ``won1`` -> ``player 2 won``."""
    base, digits = zone.rstrip("0123456789"), zone[len(zone.rstrip("0123456789")) :]
    if not digits:
        return zone
    who = int(digits)
    if base == "hand":
        return "your hand" if who == player else f"player {who + 1}'s hand"
    if base == "won":
        return "you won" if who == player else f"player {who + 1} won"
    return f"{base} (you)" if who == player else f"{base} (player {who + 1})"


def view(game: Game[Any], state: GameState[Any], player: int) -> RenderableType:
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
            zone_label(zone, player), _cards(seen, sort=rule == player, ace_high=game.ace_high)
        )
    facts = []
    v = state.vars
    if getattr(v, "trump", -1) >= 0:
        facts.append(f"trump {SUIT_SYMBOLS[v.trump]}")
    if getattr(v, "score", None):
        facts.append("points " + " : ".join(_number(s) for s in v.score))
    if getattr(v, "match", None):
        facts.append("match " + " : ".join(str(s) for s in v.match))
    if getattr(v, "closed", False):
        facts.append("stock closed")
    if facts:
        table.add_row("", Text(" · ".join(facts), style="cyan"))
    for fact in game._facts(state, player):
        table.add_row("", Text(fact, style="cyan"))
    sides = sides_text(game, state, player)
    if sides:
        table.add_row("", Text(sides, style="cyan"))
    return Panel(
        table,
        title=f"{game.name_zh} {game.name_en} · you are player {player + 1}",
        title_align="left",
    )


def sides_text(game: Game[Any], state: GameState[Any], player: int) -> str:
    """The sides as the table knows them (``declarer's side: players 1, 3 · defenders: …``),
    the seats not yet shown named apart; empty when every seat plays for itself."""
    teams = state.teams()
    if not teams:
        return ""

    def seats(members: list[int]) -> str:
        return ", ".join("you" if p == player else str(p + 1) for p in members)

    parts = []
    for t, name in enumerate(game.team_names()):
        members = [p for p, side in enumerate(teams) if side == t]
        if members:
            parts.append(f"{name.en}: {seats(members)}")
    unknown = [p for p, side in enumerate(teams) if side == UNKNOWN_SIDE]
    if unknown:
        parts.append(f"side not yet shown: {seats(unknown)}")
    return " · ".join(parts)


def verdict(state: GameState[Any], seat: int) -> str:
    """``you win``, ``a draw`` or ``you lose``; seats that share the best result and are on one
    side (partners) win together."""
    result = state.returns()
    best = max(result)
    top = [p for p, r in enumerate(result) if r == best]
    teams = state.teams()
    together = bool(teams) and len({teams[p] for p in top}) == 1 and teams[top[0]] >= 0
    if seat in top and (len(top) == 1 or together):
        return "you win" if len(top) == 1 else "your side wins"
    if len(top) > 1 and not together:
        return "a draw"
    return "you lose"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def moves_text(game: Game[Any], state: GameState[Any], width: int = 80) -> Text:
    """The numbered menu of legal moves, lines broken only between moves for a terminal
    ``width`` cells wide (a move longer than a line has a line of its own)."""
    text = Text("Your move: ", style="bold")
    used = text.cell_len
    for i, action in enumerate(game.ordered_actions(state), 1):
        item = Text(f"[{i}] ", style="yellow")
        item.append(state.action_name(action))
        if i > 1 and used + 2 + item.cell_len > width:
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
    bot: str = "ismcts",
    seat: int = 0,
    console: Console | None = None,
    ask: Callable[[str], str] | None = None,
) -> int:
    """Play one game: the human at ``seat``, ``bot`` at every other. Chance (the shuffles)
    comes from ``seed``. Returns the exit code."""
    console = console or Console(highlight=False)
    piped = ask is None and not sys.stdin.isatty()  # answers read from a pipe are echoed
    ask = ask or input
    bots = {p: make_bot(bot, TABLE_SECONDS) for p in range(game.num_players) if p != seat}
    chance = random.Random(seed)
    rng = random.Random(seed * 7919 + 1)
    state = game.new_initial_state()
    state.story = []
    console.print(
        f"{game.name_zh} / {game.name_en}: seed {seed}; type a number, a card (KS, "
        "黑桃K), a move's name, or q to quit.",
        style="dim",
    )
    last_deal = None

    def tell() -> None:
        assert state.story is not None
        for line in state.story:
            console.print(Text("  " + line.en, style="green"))
        state.story.clear()

    while state.current != TERMINAL:
        if state.current == CHANCE:
            state.sample_chance(chance)
            deal = game._deal_number(state)
            if deal and deal != last_deal:
                if last_deal is not None:
                    match = " : ".join(str(m) for m in state.vars.match)
                    console.print(Text(f"match score {match}", style="bold"))
                console.print(Text(f"— deal {deal} —", style="bold magenta"))
                last_deal = deal
            tell()
            continue
        player = state.current
        if player in bots:
            action = bots[player].choose(state, rng)
            console.print(f"player {player + 1} ({bot}): {state.action_seen(action, seat)}")
            state.apply_action(action)
            tell()
            continue
        console.print(Group(view(game, state, seat), moves_text(game, state, console.width)))
        while True:
            try:
                answer = ask("> ")
            except EOFError:
                console.print()  # the prompt's line ends before the goodbye
                console.print("bye")
                return 0
            if piped:
                console.print(answer, markup=False)  # piped answers shown, as typed ones are
            if answer.strip().lower() in ("q", "quit", "exit"):
                console.print("bye")
                return 0
            try:
                action = game.parse_action(state, answer)
            except ConjureError as exc:
                console.print(Text(str(exc), style="red"))
                console.print(moves_text(game, state, console.width))
                continue
            warning = game._warning(state, action)
            if warning:
                console.print(Text(f"{warning} Type y to confirm.", style="yellow"))
                try:
                    sure = ask("> ")
                except EOFError:
                    console.print()
                    console.print("bye")
                    return 0
                if piped:
                    console.print(sure, markup=False)
                if sure.strip().lower() not in ("y", "yes"):
                    console.print(moves_text(game, state, console.width))
                    continue
            break
        console.print(f"you: {state.action_name(action)}")
        state.apply_action(action)
        tell()
    if getattr(state.vars, "match", None):
        console.print(Text("match score " + " : ".join(map(str, state.vars.match)), style="bold"))
    console.print(view(game, state, seat))
    console.print(
        Text(
            f"Game over: {verdict(state, seat)}. Scores: "
            + " : ".join(_number(s) for s in state.scores()),
            style="bold",
        )
    )
    return 0
