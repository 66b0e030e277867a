"""The ``conjure`` command line.

One error boundary: a :class:`~conjure.errors.ConjureError` becomes one line on stderr and the
error's exit code; ``--debug`` shows the traceback instead. Commands whose result is data take
``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from conjure import __version__
from conjure.errors import ConjureError, NotationError
from conjure.places import check_place
from conjure.state import DeckState, decode, encode

EXIT_OK = 0
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

Command = Callable[[argparse.Namespace], int]
_COMMANDS: dict[str, Command] = {}


def command(name: str) -> Callable[[Command], Command]:
    def wrap(fn: Command) -> Command:
        _COMMANDS[name] = fn
        return fn

    return wrap


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors go through the same one-line boundary."""

    def error(self, message: str) -> Any:
        raise ConjureError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="conjure",
        description="Rehearse card routines, verify that they always work, play card games.",
    )
    parser.add_argument("--version", action="version", version=f"conjure {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("plugins", help="list the plugins, their versions and what they provide")
    p.add_argument("--json", action="store_true", help="print the list as JSON")

    p = sub.add_parser("show", help="render a packet or a whole layout of cards")
    p.add_argument(
        "cards",
        metavar="CARDS",
        help='cards top first ("KS QH 10D", "黑桃K 红桃Q"), ^ after a card for face up, '
        'or a layout ("left: KS^ / QH; table: 2C")',
    )
    p.add_argument("--place", default="left", help="where a plain list of cards is held")
    p.add_argument(
        "--face-down", action="store_true", help="a plain list lies face down (default: face up)"
    )
    p.add_argument(
        "--move",
        action="append",
        metavar="MOVE",
        help='make a move first, e.g. "Peel left right 2", "Steal left right" (repeatable)',
    )
    p.add_argument("--audience", action="store_true", help="also render the audience's view")
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    p.add_argument("--json", action="store_true", help="print the layout as JSON")

    _routine_parsers(sub)
    _game_parsers(sub)
    return parser


def _game_parsers(sub: Any) -> None:
    p = sub.add_parser("games", help="list the card games")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser(
        "rules", help="a game's rules, marking what the text says and what was assumed"
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seed", type=int, default=None, help="the deal (default: a random one)")
    p.add_argument("--bot", default="mc", help="the opponents: mc (default) or random")
    p.add_argument("--seat", type=int, default=1, help="your seat, 1 = first player")
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", metavar="NAME=VALUE")

    p = sub.add_parser("simulate", help="play many games between bots and report")
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


def _pairs(values: list[str] | None, what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ConjureError(f"{what} {item!r} is not NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def _int_params(values: list[str] | None, flag: str = "--param") -> dict[str, int]:
    out = {}
    for name, value in _pairs(values, flag).items():
        try:
            out[name] = int(value)
        except ValueError:
            raise ConjureError(f"{flag} {name}={value!r}: expected a whole number") from None
    return out


def _routine_parsers(sub: Any) -> None:
    p = sub.add_parser("routines", help="list the routines and their claims")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("en", "zh"), default="en")

    p = sub.add_parser("verify", help="check a routine's claims for every set-up and choice")
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument(
        "--param",
        action="append",
        metavar="NAME=VALUE",
        help="fix a parameter (those not fixed are swept over their range)",
    )
    p.add_argument(
        "--claim",
        action="append",
        metavar="ID",
        help="check this claim (default: every promised claim)",
    )
    p.add_argument(
        "--examples",
        type=int,
        default=20_000,
        help="cases to try when there are too many to walk (default 20000)",
    )
    p.add_argument("--seed", type=int, help="seed of the search, to replay it")
    p.add_argument("--engine", choices=("random", "hypothesis"), default="random")
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes for a random search (default: one per core)",
    )
    p.add_argument(
        "--limit",
        type=int,
        default=200_000,
        help="walk every case when there are at most this many (default 200000)",
    )
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("solve", help="find the set-ups for which an optional claim always holds")
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument("claim", metavar="CLAIM")
    p.add_argument("--param", action="append", metavar="NAME=VALUE")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("rehearse", help="walk through a routine step by step in both views")
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument("--lang", choices=("en", "zh"), default="zh")
    p.add_argument("--param", action="append", metavar="NAME=VALUE")
    p.add_argument(
        "--setup",
        action="append",
        metavar="NAME=VALUE",
        help="a set-up value (e.g. queens=CHSD); default: the book's example",
    )
    p.add_argument(
        "--choice",
        action="append",
        metavar="NAME=VALUE",
        help="a spectator's or performer's choice (default: the first option)",
    )
    p.add_argument("--all", action="store_true", help="print every step without waiting")
    p.add_argument("--json", action="store_true", help="print the whole performance as JSON")


# -- commands ------------------------------------------------------------------------------


def _print_rows(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A titled table of text rows on stdout."""
    from rich.table import Table

    from conjure.render import make_console

    table = Table(title=title, title_justify="left")
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*row)
    make_console().print(table)


def _print_json(data: Any) -> int:
    print(json.dumps(data, ensure_ascii=False, indent=2))
    return EXIT_OK


@command("plugins")
def _plugins(args: argparse.Namespace) -> int:
    from conjure.plugins import load_plugins

    registry = load_plugins()
    if args.json:
        rows = [
            {
                "name": p.name,
                "distribution": p.distribution,
                "version": p.version,
                "routines": list(p.routines),
                "games": list(p.games),
                "error": p.error,
            }
            for p in registry.plugins
        ]
        return _print_json(rows)

    lines = []
    for p in registry.plugins:
        if p.error:
            provides = f"[red]broken: {p.error}[/red]"
        else:
            parts = []
            if p.routines:
                parts.append("routines: " + ", ".join(p.routines))
            if p.games:
                parts.append("games: " + ", ".join(p.games))
            provides = "; ".join(parts) or "(nothing)"
        lines.append((p.name, p.distribution, p.version, provides))
    _print_rows("conjure plugins", ("plugin", "distribution", "version", "provides"), lines)
    return EXIT_OK


def layout_from_text(text: str, place: str = "left", face_down: bool = False) -> DeckState:
    """A layout (``"left: KS / QH; table: 2C"``) or a plain list of cards held at ``place``.

    A plain list without any ``^`` lies face up unless ``face_down``; with ``^`` marks the marks
    decide.
    """
    from conjure.cards import parse_packet

    if ":" in text:
        return DeckState.parse(text)
    check_place(place)
    pairs = parse_packet(text)
    if not pairs:
        raise NotationError("no cards given")
    if "^" not in text:
        pairs = [(card, not face_down) for card, _ in pairs]
    return DeckState({place: encode(pairs)})


def state_json(s: DeckState) -> dict[str, Any]:
    """A layout as JSON-ready data."""
    from conjure.audience import visible
    from conjure.cards import CARDS

    return {
        "places": {
            place: [{"card": c.ascii, "face_up": up} for c, up in decode(s.packets[place])]
            for place in s.places()
        },
        "breaks": dict(s.breaks),
        "spread": dict(s.spread),
        "behind": sorted(s.behind),
        "visible": [CARDS[c].ascii for c in sorted(visible(s))],
    }


@command("show")
def _show(args: argparse.Namespace) -> int:
    from conjure.moves import parse_move

    s = layout_from_text(args.cards, args.place, args.face_down)
    moves = [parse_move(text) for text in args.move or []]
    shown: set[int] = set()
    for move in moves:
        move.check(s)
        shown.update(move.shows(s))
        s.apply(move)
    if args.json:
        data = state_json(s)
        data["moves"] = [m.describe(args.lang) for m in moves]
        return _print_json(data)
    from conjure.render import audience_view, make_console, performer_view

    console = make_console()
    for move in moves:
        console.print(f"• {move.describe(args.lang)}")
    console.print(performer_view(s, args.lang))
    if args.audience:
        console.print(audience_view(s, shown, lang=args.lang))
    return EXIT_OK


# -- the boundary -----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]  # accepted anywhere on the line
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            build_parser().print_help()
            return EXIT_OK
        return _COMMANDS[args.command](args)
    except ConjureError as exc:
        if debug:
            raise
        print(f"conjure: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("conjure: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:
        if debug:
            raise
        print(
            f"conjure: internal error: {type(exc).__name__}: {exc} (run with --debug for details)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


# -- routines ----------------------------------------------------------------------------------


def _registry() -> Any:
    from conjure.plugins import load_plugins

    registry = load_plugins()
    for broken in registry.failures:
        print(
            f"conjure: warning: plugin {broken.name!r} is skipped: {broken.error}", file=sys.stderr
        )
    return registry


@command("routines")
def _routines(args: argparse.Namespace) -> int:
    registry = _registry()
    rows = []
    for rid in sorted(registry.routines):
        r = registry.routines[rid]
        rows.append(
            {
                "id": r.id,
                "name": r.name_zh if args.lang == "zh" else r.name_en,
                "name_zh": r.name_zh,
                "name_en": r.name_en,
                "source": r.source,
                "params": {
                    p.name: {"default": p.default, "low": p.low, "high": p.high} for p in r.params
                },
                "claims": [
                    {
                        "id": c.id,
                        "promised": c.promised,
                        "text": c.zh if args.lang == "zh" else c.en,
                    }
                    for c in r.claims
                ],
            }
        )
    if args.json:
        return _print_json(rows)
    lines = []
    for row in rows:
        params = ", ".join(
            f"{n}={v['default']} ({v['low']}..{v['high']})" for n, v in row["params"].items()
        )
        claims = "\n".join(
            f"{c['id']}{'' if c['promised'] else ' (optional)'}" for c in row["claims"]
        )
        name = f"{row['name_zh']} / {row['name_en']}"
        lines.append((str(row["id"]), name, str(row["source"]), params or "-", claims))
    _print_rows("conjure routines", ("id", "name", "source", "parameters", "claims"), lines)
    return EXIT_OK


@command("verify")
def _verify(args: argparse.Namespace) -> int:
    from conjure.trace import format_outcome, outcome_json
    from conjure.verify import sweep, verify

    routine = _registry().routine(args.routine)
    fixed = _int_params(args.param)
    routine.resolve_params(fixed)
    claims = [routine.claim(c) for c in args.claim] if args.claim else None

    def run(params: dict[str, int]) -> Any:
        return verify(
            routine,
            params,
            claims=claims,
            exhaustive_limit=args.limit,
            examples=args.examples,
            seed=args.seed,
            engine=args.engine,
            workers=max(1, args.workers),
        )

    results = sweep(routine, fixed, run=run)
    all_passed = all(report.passed for _, report in results)
    if args.json:
        out = []
        for params, report in results:
            out.append(
                {
                    "params": params,
                    "passed": report.passed,
                    "mode": report.mode,
                    "cases": report.cases,
                    "seconds": round(report.seconds, 4),
                    "seed": report.seed,
                    "workers": report.workers,
                    "counterexample": outcome_json(report.counterexample)
                    if report.counterexample
                    else None,
                }
            )
        print(
            json.dumps(
                {"routine": routine.id, "passed": all_passed, "results": out},
                ensure_ascii=False,
                indent=2,
            )
        )
        return EXIT_OK if all_passed else 1
    checked = claims or [c for c in routine.claims if c.promised]
    print(f"{routine.id} ({routine.name_zh} / {routine.name_en}), {routine.source}")
    print("claims: " + "; ".join(f"{c.id}: {c.zh if args.lang == 'zh' else c.en}" for c in checked))
    print("two-views rule: checked at every move")
    for params, report in results:
        where = ", ".join(f"{k}={v}" for k, v in params.items())
        where = f" [{where}]" if where else ""
        if report.mode == "exhaustive":
            how = f"all {report.cases:,} cases checked"
        else:
            replay = f"--seed {report.seed}"
            if report.workers > 1:
                replay += f" --workers {report.workers}"
            cases = "1 case" if report.cases == 1 else f"{report.cases:,} cases"
            how = f"{cases} searched out of about {report.space:.2e} (replay with {replay})"
        verdict = "PASS" if report.passed else "FAIL"
        print(f"{verdict}{where}: {how} in {report.seconds:.3f} s")
        if report.counterexample is not None:
            print("  smallest counter-example found:")
            for line in format_outcome(report.counterexample, args.lang).splitlines():
                print(f"    {line}")
    return EXIT_OK if all_passed else 1


@command("solve")
def _solve(args: argparse.Namespace) -> int:
    from conjure.verify import format_setup, solve

    routine = _registry().routine(args.routine)
    solution = solve(routine, args.claim, _int_params(args.param))
    if args.json:
        data = {
            "routine": routine.id,
            "claim": solution.claim.id,
            "count": len(solution.setups),
            "total": solution.total,
            "rules": solution.rules,
            "setups": [
                {k: "".join(map(str, v)) if isinstance(v, tuple) else v for k, v in s.items()}
                for s in solution.setups
            ],
        }
        return _print_json(data)
    print(f"{routine.id}: claim {solution.claim.id}: {solution.claim.en}")
    print(
        f"{len(solution.setups)} of {solution.total} set-ups make it hold for every choice "
        f"({solution.seconds:.2f} s)"
    )
    if solution.rules:
        print("rule: " + "; ".join(solution.rules))
    for setup in solution.setups[:24]:
        print("  " + format_setup(setup))
    if len(solution.setups) > 24:
        print(f"  … and {len(solution.setups) - 24} more (--json lists them all)")
    return EXIT_OK


@command("rehearse")
def _rehearse(args: argparse.Namespace) -> int:
    from conjure.rehearse import rehearse

    routine = _registry().routine(args.routine)
    return rehearse(
        routine,
        params=_int_params(args.param),
        setup=_pairs(args.setup, "--setup"),
        choices=_pairs(args.choice, "--choice"),
        lang=args.lang,
        all_steps=args.all,
        as_json=args.json,
    )


# -- games -------------------------------------------------------------------------------------


def _game(args: argparse.Namespace) -> Any:
    cls = _registry().game(args.game)
    options = _int_params(getattr(args, "option", None), flag="--option")
    return cls(getattr(args, "players", None), **options)


@command("games")
def _games(args: argparse.Namespace) -> int:
    registry = _registry()
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
        for cls in (registry.games[k] for k in sorted(registry.games))
    ]
    if args.json:
        return _print_json(rows)
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
    _print_rows("conjure games", ("id", "name", "players", "cards", "source"), lines)
    return EXIT_OK


@command("rules")
def _rules(args: argparse.Namespace) -> int:
    cls = _registry().game(args.game)
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
        return _print_json(data)
    from rich.text import Text

    from conjure.render import make_console

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


@command("play")
def _play(args: argparse.Namespace) -> int:
    import random

    from conjure.bots import make_bot
    from conjure.play import play_game

    game = _game(args)
    make_bot(args.bot)
    if not 1 <= args.seat <= game.num_players:
        raise ConjureError(f"--seat must be 1 to {game.num_players}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    return play_game(game, seed=seed, bot=args.bot, seat=args.seat - 1)


@command("simulate")
def _simulate(args: argparse.Namespace) -> int:
    from conjure.simulate import simulate

    game = _game(args)
    if args.games < 1:
        raise ConjureError("-n must be at least 1")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) not in (1, game.num_players):
        raise ConjureError(f"--bots needs one bot or {game.num_players}, got {len(bots)}")
    if args.json:
        summary = simulate(game, args.games, args.seed, bots, max(1, args.workers))
        return _print_json(summary.to_json())
    from rich.progress import Progress
    from rich.table import Table

    from conjure.render import make_console

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
