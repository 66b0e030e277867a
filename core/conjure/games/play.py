"""Playing a game in the terminal against bots: what your seat sees, the legal moves by number
or by card, bad input asked again."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from conjure.deck.cards import CARDS, SUIT_SYMBOLS
from conjure.errors import ConjureError
from conjure.games.api import ALL, NOBODY, TERMINAL, TOP, Game, GameState
from conjure.games.bots import make_bot
from conjure.view.terminal import card_text


def _sort_key(code: int) -> tuple[int, int]:
    return code // 13, (code % 13 - 1) % 13  # by suit, then 2 … K, A


def _cards(codes: list[int | None], sort: bool = False) -> Text:
    """Cards in a zone: faces where seen, ``▒▒×n`` for runs of unseen ones, in place (a
    player's own hand, sorted, shows every face)."""
    text = Text()
    hidden = 0
    for code in sorted(codes, key=lambda c: _sort_key(c or 0)) if sort else codes:
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


def view(game: Game, state: GameState, player: int) -> RenderableType:
    """Everything ``player`` can see, hiding what that seat cannot."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for zone, cards in state.zones.items():
        rule = game.visibility[zone]
        if rule not in (ALL, NOBODY, TOP) and rule != player and not cards:
            continue
        seen = [c if state.sees(player, zone, i, c) else None for i, c in enumerate(cards)]
        table.add_row(zone_label(zone, player), _cards(seen, sort=rule == player))
    facts = []
    v = state.vars
    if "trump" in v:
        facts.append(f"trump {SUIT_SYMBOLS[v['trump']]}")
    if "score" in v:
        facts.append("points " + " : ".join(str(s) for s in v["score"]))
    if "match" in v:
        facts.append("match " + " : ".join(str(s) for s in v["match"]))
    if v.get("closed"):
        facts.append("stock closed")
    if facts:
        table.add_row("", Text(" · ".join(facts), style="cyan"))
    return Panel(
        table,
        title=f"{game.name_zh} {game.name_en} · you are player {player + 1}",
        title_align="left",
    )


def moves_text(game: Game, state: GameState) -> Text:
    text = Text("Your move: ", style="bold")
    for i, action in enumerate(game.ordered_actions(state), 1):
        text.append(f"[{i}] ", style="yellow")
        text.append(game.action_name(state, action) + "  ")
    return text


def play_game(
    game: Game,
    seed: int = 0,
    bot: str = "mc",
    seat: int = 0,
    console: Console | None = None,
    ask: Callable[[str], str] = input,
) -> int:
    """Play one game: the human at ``seat``, ``bot`` at every other. Returns the exit code."""
    console = console or Console(highlight=False)
    bots = {p: make_bot(bot) for p in range(game.num_players) if p != seat}
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    console.print(
        f"{game.name_zh} / {game.name_en}: seed {seed}; type a number, a card (KS, "
        "黑桃K), a move's name, or q to quit.",
        style="dim",
    )
    last_deal = state.vars.get("deals")
    while state.current != TERMINAL:
        if state.vars.get("deals") != last_deal:
            console.print(Text(f"— deal {state.vars['deals']} —", style="bold magenta"))
            last_deal = state.vars.get("deals")
        player = state.current
        if player in bots:
            action = bots[player].choose(game, state, rng)
            console.print(f"player {player + 1} ({bot}): {game.action_name(state, action)}")
            game.play(state, action)
            continue
        console.print(Group(view(game, state, seat), moves_text(game, state)))
        while True:
            try:
                answer = ask("> ")
            except EOFError:
                console.print()  # the prompt's line ends before the goodbye
                console.print("bye")
                return 0
            if ask is input and not sys.stdin.isatty():
                console.print(answer, markup=False)  # piped answers shown, as typed ones are
            if answer.strip().lower() in ("q", "quit", "exit"):
                console.print("bye")
                return 0
            try:
                action = game.parse_action(state, answer)
            except ConjureError as exc:
                console.print(Text(str(exc), style="red"))
                continue
            break
        console.print(f"you: {game.action_name(state, action)}")
        game.play(state, action)
    console.print(view(game, state, seat))
    result = game.returns(state)
    verdict = (
        "you win"
        if result[seat] == max(result) and result.count(max(result)) == 1
        else ("a draw" if result.count(max(result)) > 1 else "you lose")
    )
    console.print(
        Text(
            f"Game over: {verdict}. Scores: " + " : ".join(str(s) for s in game.scores(state)),
            style="bold",
        )
    )
    return 0
