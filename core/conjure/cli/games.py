"""The game commands: ``games``, ``rules``, ``play`` and ``simulate``."""

from __future__ import annotations

import argparse
from typing import Any

from conjure.cli.common import EXIT_OK, add_command, int_params, print_json, print_rows, registry
from conjure.errors import ConjureError


def add_parsers(sub: Any) -> None:
    p = add_command(sub, "games", _games, help="list the card games")
    p.add_argument("--json", action="store_true")

    p = add_command(
        sub, "rules", _rules, help="a game's rules, marking what the text says and what was assumed"
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("--json", action="store_true")

    p = add_command(sub, "play", _play, help="play a game in the terminal against bots")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seed", type=int, default=None, help="the deal (default: a random one)")
    p.add_argument("--bot", default="mc", help="the opponents: mc (default) or random")
    p.add_argument("--seat", type=int, default=1, help="your seat, 1 = first player")
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", metavar="NAME=VALUE")

    p = add_command(sub, "simulate", _simulate, help="play many games between bots and report")
    p.add_argument("game", metavar="GAME")
    p.add_argument("-n", "--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bots", default="random", help="one bot for all seats or one per seat: mc,random"
    )
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument("--json", action="store_true")


def _game(args: argparse.Namespace) -> Any:
    cls = registry().game(args.game)
    options = int_params(getattr(args, "option", None), flag="--option")
    return cls(getattr(args, "players", None), **options)


def _games(args: argparse.Namespace) -> int:
    reg = registry()
    rows = [
        {
            "id": cls.id,
            "name_zh": cls.name_zh,
            "name_en": cls.name_en,
            "players": list(cls.players),
            "cards": cls.deck_size,
            "source": cls.source,
            "options": {o.name: o.default for o in cls.options},
        }
        for cls in (reg.games[k] for k in sorted(reg.games))
    ]
    if args.json:
        return print_json(rows)
    lines = [
        (
            str(row["id"]),
            f"{row['name_zh']} / {row['name_en']}",
            "/".join(map(str, row["players"])),
            str(row["cards"]),
            str(row["source"]),
        )
        for row in rows
    ]
    print_rows("conjure games", ("id", "name", "players", "cards", "source"), lines)
    return EXIT_OK


def _rules(args: argparse.Namespace) -> int:
    cls = registry().game(args.game)
    if args.json:
        data = {
            "id": cls.id,
            "source": cls.source,
            "summary_en": cls.summary_en,
            "summary_zh": cls.summary_zh,
            "rules": [{"rule": n.rule, "origin": n.origin, "why": n.why} for n in cls.rule_notes],
            "options": [
                {"name": o.name, "default": o.default, "low": o.low, "high": o.high, "help": o.help}
                for o in cls.options
            ],
        }
        return print_json(data)
    from rich.text import Text

    from conjure.view.terminal import make_console

    console = make_console()
    console.print(Text(f"{cls.name_zh} / {cls.name_en}  ({cls.source})", style="bold"))
    console.print(cls.summary_zh)
    console.print(cls.summary_en)
    console.print()
    for note in cls.rule_notes:
        mark = "[text]   " if note.origin == "text" else "[assumed]"
        line = Text(f"{mark} ", style="green" if note.origin == "text" else "yellow")
        line.append(note.rule)
        if note.why:
            line.append(f" — {note.why}", style="dim")
        console.print(line)
    if cls.options:
        console.print()
        for o in cls.options:
            console.print(f"option {o.name}={o.default} ({o.low}..{o.high}): {o.help}")
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    import random

    from conjure.games.bots import make_bot
    from conjure.games.play import play_game

    game = _game(args)
    make_bot(args.bot)
    if not 1 <= args.seat <= game.num_players:
        raise ConjureError(f"--seat must be 1 to {game.num_players}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    return play_game(game, seed=seed, bot=args.bot, seat=args.seat - 1)


def _simulate(args: argparse.Namespace) -> int:
    from conjure.games.simulate import simulate

    game = _game(args)
    if args.games < 1:
        raise ConjureError("-n must be at least 1")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) not in (1, game.num_players):
        raise ConjureError(f"--bots needs one bot or {game.num_players}, got {len(bots)}")
    if args.json:
        summary = simulate(game, args.games, args.seed, bots, max(1, args.workers))
        return print_json(summary.to_json())
    from rich.progress import Progress
    from rich.table import Table

    from conjure.view.terminal import make_console

    console = make_console()
    with Progress(console=make_console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{game.id}", total=args.games)
        summary = simulate(
            game,
            args.games,
            args.seed,
            bots,
            max(1, args.workers),
            progress=lambda n: progress.advance(task, n),
        )
    table = Table(
        title=f"{game.id}: {summary.games:,} games, seed {summary.seed}", title_justify="left"
    )
    for header in ("seat", "bot", "wins", "win rate (95% CI)", "mean return", "mean score"):
        table.add_column(header)
    for p in range(game.num_players):
        rate, low, high = summary.win_rate(p)
        table.add_row(
            str(p + 1),
            summary.bots[p],
            f"{summary.wins[p]:,}",
            f"{rate:.3f} ({low:.3f}–{high:.3f})",
            f"{summary.mean_returns[p]:+.3f}",
            f"{summary.mean_scores[p]:.2f}",
        )
    console.print(table)
    console.print(
        f"draws {summary.draws:,} · mean length {summary.mean_length:.1f} moves · "
        f"{summary.games_per_second:,.0f} games/s"
    )
    return EXIT_OK
