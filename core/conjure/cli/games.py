"""The game commands: ``games``, ``rules``, ``play`` and ``simulate``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    LANG_HELP,
    add_command,
    add_lang,
    default_lang,
    int_params,
    pairs,
    print_json,
    print_rows,
    registry,
    seconds,
    whole,
)
from conjure.errors import UnknownNameError, UsageError
from conjure.inputs import check_range, normalise, parse_int, quote
from conjure.text import Text as Words


def add_parsers(sub: Any) -> None:
    p = add_command(sub, "games", _games, help=Words("list the card games", zh="列出纸牌游戏"))
    p.add_argument("--json", action="store_true")
    p.set_defaults(lang="en")  # no option of its own: `conjure --lang zh games` sets it

    p = add_command(
        sub,
        "rules",
        _rules,
        help=Words(
            "a game's rules, marking what the text says and what was assumed",
            zh="一个游戏的规则，标明哪些是原文所说、哪些是推定的",
        ),
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("--lang", choices=("en", "zh"), default=default_lang(), help=LANG_HELP)
    p.add_argument("--json", action="store_true")

    p = add_command(
        sub,
        "play",
        _play,
        help=Words("play a game in the terminal against bots", zh="在终端里与机器人玩一个游戏"),
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument(
        "--seed",
        type=whole("--seed", low=0),
        metavar="N",
        help=Words("the deal (default: a random one)", zh="发牌（默认随机）"),
    )
    p.add_argument(
        "--bot",
        metavar="ismcts|mc|random",
        help=Words(
            "the opponents: ismcts (tree search), mc (flat Monte-Carlo) or random (default: "
            "ismcts, or mc in a game where the ladder measured it stronger)",
            zh="对手：ismcts（树搜索）、mc（蒙特卡洛）或 random（默认 ismcts；"
            "在测得 mc 更强的游戏里默认 mc）",
        ),
    )
    p.add_argument(
        "--think",
        type=seconds("--think"),
        metavar="SECONDS",
        help=Words(
            "how long a searching bot thinks a move, in seconds (default 0.5)",
            zh="会搜索的机器人每步思考的秒数（默认 0.5）",
        ),
    )
    p.add_argument(
        "--seat",
        type=whole("--seat", low=1),
        default=1,
        metavar="N",
        help=Words("your seat, 1 = first player", zh="你的座位，1 = 第一个出牌的人"),
    )
    _game_options(p)
    add_lang(p)

    p = add_command(
        sub,
        "simulate",
        _simulate,
        help=Words("play many games between bots and report", zh="让机器人之间玩许多局并报告结果"),
    )
    p.set_defaults(lang="en")  # no option of its own: `conjure --lang zh simulate` sets it
    p.add_argument("game", metavar="GAME")
    p.add_argument(
        "-n",
        "--games",
        type=whole("-n", low=1),
        default=1000,
        metavar="N",
        help=Words("games to play (default 1000)", zh="要玩的局数（默认 1000）"),
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", low=0),
        default=0,
        metavar="N",
        help=Words("the first deal (default 0)", zh="第一副牌的种子（默认 0）"),
    )
    p.add_argument(
        "--bots",
        default="random",
        metavar="BOT[,BOT]",
        help=Words(
            "one bot (ismcts, mc or random) for all seats, or one per seat: mc,random; "
            "more or fewer bots than seats play a tournament of every seating",
            zh=(
                "所有座位用一个机器人（ismcts、mc 或 random）"
                "，或每个座位一个：mc,random；机器人比座位多或少时，"
                "按每一种座次轮流比赛"
            ),
        ),
    )
    p.add_argument(
        "--think",
        type=seconds("--think"),
        metavar="SECONDS",
        help=Words(
            "each searching bot thinks this many seconds a move (default: a fixed number of "
            "simulations, the same for a seed on any machine)",
            zh="每个会搜索的机器人每步思考的秒数（默认：固定的模拟次数，同一种子在任何机器上结果相同）",
        ),
    )
    p.add_argument(
        "--tournament",
        action="store_true",
        help=Words(
            "play every seating of the bots named, even when there is one per seat",
            zh="即使每个座位一个机器人，也按每一种座次轮流比赛",
        ),
    )
    p.add_argument(
        "--sweep",
        action="append",
        metavar="OPTION=V1,V2,...",
        help=Words(
            "play each value of a game option (or of players); several --sweep make a grid",
            zh="逐一试游戏选项（或人数）的每个值；多个 --sweep 组成网格",
        ),
    )
    p.add_argument(
        "--workers",
        type=whole("--workers", low=1),
        default=1,
        metavar="K",
        help=Words(
            "processes to play on (default 1); the results do not depend on it",
            zh="使用的进程数（默认 1）；结果与它无关",
        ),
    )
    p.add_argument(
        "--executor",
        default="local",
        metavar="local|dask|dask://HOST:PORT",
        help=Words(
            "where the games run: this machine (default), a local Dask cluster of --workers "
            "processes, or the Dask scheduler at HOST:PORT (extra conjure[dask]); the results do "
            "not depend on it",
            zh=(
                "在哪里运行：本机（默认）、由 --workers 个进程组成的本地 "
                "Dask 集群，或 HOST:PORT 上的 Dask 调度器（需要"
                " conjure[dask]）；结果与它无关"
            ),
        ),
    )
    _game_options(p)
    p.add_argument("--json", action="store_true")


def _game_options(p: Any) -> None:
    p.add_argument(
        "--players",
        type=whole("--players", low=1),
        metavar="N",
        help=Words(
            "how many play (default: the game's smallest number)",
            zh="几个人玩（默认：这个游戏的最少人数）",
        ),
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help=Words("a game option (see conjure rules)", zh="一个游戏选项（见 conjure rules）"),
    )


def _game(args: argparse.Namespace) -> Any:
    """The game named on the command line, its player count and options checked here so that a
    value out of range is bad input (exit 2) with the option named, like a routine's."""
    cls = registry().game(args.game)
    if args.players is not None and args.players not in cls.players:
        allowed = ", ".join(map(str, sorted(cls.players)))
        raise UsageError(
            Words(
                f"--players: {args.players} is not allowed ({cls.id} is played by {allowed})",
                zh=f"--players：不能是{args.players}（{cls.id}的人数：{allowed}）",
            )
        )
    options = int_params(args.option, flag="--option")
    known = {o.name: o for o in cls.options}
    for name, value in options.items():
        if name not in known:
            names = ", ".join(known)
            raise UnknownNameError(
                Words(
                    f"--option: {cls.id} has no option {quote(name)} (options: {names or 'none'})",
                    zh=f"--option：{cls.id}没有选项 {quote(name)}（选项：{names or '无'}）",
                )
            )
        check_range(value, f"--option {name}", known[name].low, known[name].high)
    return cls(args.players, **options)


#: the words of ``games`` and ``rules``
_GAME_HEADERS = (
    Words("id", zh="编号"), Words("name", zh="名称"), Words("players", zh="人数"),
    Words("cards", zh="牌数"), Words("source", zh="出处"),
)  # fmt: skip
_GAME_WORDS = {
    "name": Words("{zh} / {en}", zh="{zh}"),
    "title": Words("{zh} / {en}  ({source})", zh="{zh}——{source}"),
    "option": Words("option {name}={default} ({low}..{high}): ",
                    zh="选项 {name}={default}（{low}..{high}）："),
    "bound": Words("At the defaults a match ends within {each}.",
                   zh="按默认选项，一场比赛最多：{each}。"),
    "players": Words("{moves} moves with {n} players", zh="{n}人{moves}步"),
    "moves": Words("{moves} moves", zh="{moves}步"),
    "comma": Words(", ", zh="，"),
}  # fmt: skip


def _games(args: argparse.Namespace) -> int:
    from conjure.plugins.catalog import text_of

    reg = registry()
    # listed from what each plugin says of its games: none of them is imported
    listed = [reg.games.row(k) for k in sorted(reg.games)]
    rows = [{k: v for k, v in row.items() if k != "citation"} for row in listed]
    if args.json:
        return print_json(rows)
    lang = args.lang
    lines = [
        (
            str(row["id"]),
            _GAME_WORDS["name"].format(zh=row["name_zh"], en=row["name_en"]).get(lang),
            _counts(row["players"]),
            str(row["cards"]),
            text_of(row["citation"]).get(lang),
        )
        for row in listed
    ]
    headers = tuple(h.get(lang) for h in _GAME_HEADERS)
    print_rows("conjure games", headers, lines)
    return EXIT_OK


def _rules(args: argparse.Namespace) -> int:
    cls = registry().game(args.game)
    lang = args.lang
    if args.json:
        data = {
            "id": cls.id,
            "source": cls.source,
            "summary_en": cls.summary_en,
            "summary_zh": cls.summary_zh,
            "rules": [
                {
                    "rule": n.rule.get(lang),
                    "origin": n.origin,
                    "why": n.why.get(lang),
                    "quote": n.quote,
                }
                for n in cls.rule_notes
            ],
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "low": o.low,
                    "high": o.high,
                    "help": o.help.get(lang),
                }
                for o in cls.options
            ],
            "most_moves": _most_moves(cls),
        }
        return print_json(data)
    from rich.text import Text

    from conjure.view.console import Paragraph, make_console

    console = make_console()
    title = _GAME_WORDS["title"].format(zh=cls.name_zh, en=cls.name_en, source=cls.citation())
    console.print(Text(title.get(lang), style="bold"))
    console.print(Paragraph(cls.summary_zh if lang == "zh" and cls.summary_zh else cls.summary_en))
    console.print()
    marks = {"en": ("[text]    ", "[assumed] "), "zh": ("[原文] ", "[推定] ")}[lang]
    for note in cls.rule_notes:
        text = note.origin == "text"
        line = Text(note.rule.get(lang))
        if note.why.get(lang):
            line.append(f" — {note.why.get(lang)}", style="dim")
        if note.quote:
            line.append(f" 「{note.quote}」", style="cyan")
        mark = Text(marks[0] if text else marks[1], style="green" if text else "yellow")
        console.print(Paragraph(line, mark))
    if cls.options:
        console.print()
        for o in cls.options:
            said = _GAME_WORDS["option"].format(
                name=o.name, default=o.default, low=o.low, high=o.high
            )
            console.print(Paragraph(o.help.get(lang), said.get(lang)))
    bounds = _most_moves(cls)
    if bounds:
        console.print()
        if len(set(bounds.values())) == 1:
            each = _GAME_WORDS["moves"].format(moves=f"{next(iter(bounds.values())):,}")
        else:
            each = _GAME_WORDS["comma"].join(
                _GAME_WORDS["players"].format(n=n, moves=f"{m:,}")
                for n, m in sorted(bounds.items(), key=lambda item: int(item[0]))
            )
        console.print(Paragraph(_GAME_WORDS["bound"].format(each=each).get(lang)))
    return EXIT_OK


def _most_moves(cls: Any) -> dict[str, int]:
    """The most moves a match takes at the defaults, by table size (as JSON keys)."""
    out = {}
    for n in cls.players:
        most = cls(n).most_moves()
        if most is not None:
            out[str(n)] = most
    return out


def _play(args: argparse.Namespace) -> int:
    import random

    from conjure.games.bots import THINK_SECONDS, make_bot
    from conjure.view.play import play_game

    game = _game(args)
    bot = args.bot or game.table_bot
    try:
        make_bot(bot)
    except UnknownNameError:
        if args.bot is not None:
            raise
        raise UnknownNameError(  # (the game's own default, not a word the player typed)
            f"{game.id} seats an unknown bot {quote(bot)} by default; choose one with --bot"
        ) from None
    check_range(args.seat, "--seat", 1, game.num_players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    think = THINK_SECONDS if args.think is None else args.think
    return play_game(game, seed=seed, bot=bot, seat=args.seat - 1, lang=args.lang, think=think)


def _sweeps(args: argparse.Namespace, cls: Any) -> list[tuple[str, list[int]]]:
    """``--sweep NAME=V1,V2,...`` items, each value checked against the option's range (or the
    game's player counts for ``players``)."""
    known = {o.name: o for o in cls.options}
    fixed = {name for name, _ in pairs(args.option, "--option").items()}
    sweeps: list[tuple[str, list[int]]] = []
    for name, text in pairs(args.sweep, "--sweep").items():
        flag = f"--sweep {name}"
        if name != "players" and name not in known:
            names = ", ".join(["players", *known])
            raise UnknownNameError(f"--sweep: {cls.id} has no option {quote(name)} ({names})")
        if name in fixed or (name == "players" and args.players is not None):
            raise UsageError(f"{flag}: {quote(name)} is fixed by --option or --players too")
        values = [parse_int(v, flag) for v in normalise(text).split(",") if v.strip()]
        if not values:
            raise UsageError(f"{flag}: {quote(text)} names no value")
        for value in values:
            if name == "players":
                if value not in cls.players:
                    allowed = ", ".join(map(str, sorted(cls.players)))
                    raise UsageError(
                        Words(
                            f"{flag}: {value} is not allowed ({cls.id}: {allowed})",
                            zh=f"{flag}：不能是{value}（{cls.id}的人数：{allowed}）",
                        )
                    )
            else:
                check_range(value, flag, known[name].low, known[name].high)
        sweeps.append((name, list(dict.fromkeys(values))))
    return sweeps


def _tournament(
    args: argparse.Namespace,
    cls: Any,
    bots: list[str],
    sweeps: list[tuple[str, list[int]]],
    every_seating: bool,
    where: Any,
) -> int:
    """Every seating of the bots at every grid point of the sweeps: each bot's standing, or
    each seat's results where a grid point has one seating."""
    from conjure.games.tournament import TournamentInterrupted, tournament

    options = int_params(args.option, flag="--option")
    common = {
        "game_type": cls,
        "games": args.games,
        "bots": bots,
        "seed": args.seed,
        "players": args.players,
        "options": options,
        "sweeps": sweeps,
        "every_seating": every_seating,
        "backend": where,
        "think": args.think,
    }
    if args.json:
        try:
            points = tournament(**common)
        except TournamentInterrupted as stopped:  # what was played to the end, then the stop
            print_json(_tournament_json(args, cls, bots, every_seating, sweeps, stopped.points))
            raise
        return print_json(_tournament_json(args, cls, bots, every_seating, sweeps, points))
    from rich.progress import Progress

    from conjure.view.console import make_console

    console = make_console()
    errors = make_console(stderr=True)
    try:
        with Progress(console=errors, transient=True, disable=not errors.is_terminal) as progress:
            task = progress.add_task(cls.id, total=None)
            points = tournament(
                **common,
                progress=lambda n: progress.advance(task, n),
                on_total=lambda n: progress.update(task, total=n),
            )
    except TournamentInterrupted as stopped:  # the standings of what was played, then the stop
        if stopped.points:
            console.print(_SO_FAR.get(args.lang), style="bold")
            _print_points(console, args, cls, options, stopped.points)
        raise
    _print_points(console, args, cls, options, points)
    return EXIT_OK


_SO_FAR = Words(
    "Interrupted: the standings of the games played so far", zh="已中断：到目前为止所玩各局的排名"
)


def _tournament_json(
    args: argparse.Namespace,
    cls: Any,
    bots: list[str],
    every_seating: bool,
    sweeps: list[tuple[str, list[int]]],
    points: Sequence[Any],
) -> dict[str, Any]:
    return {
        "game": cls.id,
        "games": args.games,
        "seed": args.seed,
        "bots": bots,
        "every_seating": every_seating,
        "sweeps": {name: values for name, values in sweeps},
        "points": [point.to_json() for point in points],
    }


def _print_points(
    console: Any, args: argparse.Namespace, cls: Any, options: dict[str, int], points: Any
) -> None:
    """One table per grid point: each seat's results, or each bot's standing."""
    from rich.table import Table

    for point in points:
        chosen = {k: v for k, v in {**options, **point.options}.items() if k != "players"}
        where_ = ", ".join(f"{k}={v}" for k, v in chosen.items())
        title = f"{cls.id}, {point.players} players" + (f", {where_}" if where_ else "")
        runs = len(point.runs)
        title += f": {args.games:,} games a seating, {runs:,} seating{'s' if runs > 1 else ''}"
        table = Table(title=f"{title}, seed {args.seed}", title_justify="left")
        if runs == 1:
            (run,) = point.runs
            for header in ("seat", "bot", "wins", "win rate (95% CI)", "mean return (95% CI)"):
                table.add_column(header)
            for p, bot in enumerate(run.bots):
                rate, low, high = run.win_rate(p)
                rlow, rhigh = run.return_interval(p)
                table.add_row(
                    str(p + 1),
                    bot,
                    f"{run.wins[p]:,}",
                    f"{rate:.3f} ({low:.3f}–{high:.3f})",
                    f"{run.mean_returns[p]:+.3f} ({rlow:+.3f}–{rhigh:+.3f})",
                )
        else:
            for header in (
                "bot",
                "seat-games",
                "wins",
                "win rate (95% CI)",
                "mean return (95% CI)",
            ):
                table.add_column(header)
            for standing in point.standings:
                rate, low, high = standing.win_rate()
                rlow, rhigh = standing.return_interval()
                table.add_row(
                    standing.bot,
                    f"{standing.seat_games:,}",
                    f"{standing.wins:,}",
                    f"{rate:.3f} ({low:.3f}–{high:.3f})",
                    f"{standing.mean_return:+.3f} ({rlow:+.3f}–{rhigh:+.3f})",
                )
        console.print(table)


def _simulate(args: argparse.Namespace) -> int:
    from conjure.games.bots import make_bot
    from conjure.games.simulate import format_rate, simulate
    from conjure.parallel import backend

    game = _game(args)
    where = backend(args.executor, args.workers)
    bots = [b.strip() for b in normalise(args.bots).split(",") if b.strip()]
    if not bots:
        raise UsageError(f"--bots: {quote(args.bots)} names no bot")
    for name in bots:
        make_bot(name)
    sweeps = _sweeps(args, type(game))
    every_seating = args.tournament or len(bots) not in (1, game.num_players)
    twice = [b for i, b in enumerate(bots) if b in bots[:i]]
    if every_seating and twice:
        raise UsageError(
            f"--bots: {quote(args.bots)} names {twice[0]} twice (a tournament seats each bot "
            "named in every way; name each once)"
        )
    if sweeps or every_seating:
        return _tournament(args, type(game), bots, sweeps, every_seating, where)
    if args.json:
        summary = simulate(game, args.games, args.seed, bots, backend=where, think=args.think)
        return print_json(summary.to_json())
    from rich.progress import Progress
    from rich.table import Table

    from conjure.view.console import make_console

    console = make_console()
    errors = make_console(stderr=True)
    with Progress(console=errors, transient=True, disable=not errors.is_terminal) as progress:
        task = progress.add_task(f"{game.id}", total=args.games)
        summary = simulate(
            game,
            args.games,
            args.seed,
            bots,
            backend=where,
            progress=lambda n: progress.advance(task, n),
            think=args.think,
        )
    from conjure.text import Text as Words

    lang = args.lang
    title = Words("{id}: {n} games, seed {seed}", zh="{id}：{n}局，种子{seed}")
    table = Table(
        title=title.format(id=game.id, n=f"{summary.games:,}", seed=summary.seed).get(lang),
        title_justify="left",
    )
    for header in (
        Words("seat", zh="座位"),
        Words("bot", zh="机器人"),
        Words("wins", zh="胜局"),
        Words("win rate (95% CI)", zh="胜率（95%置信区间）"),
        Words("mean return (95% CI)", zh="平均收益（95%置信区间）"),
        Words("mean score", zh="平均得分"),
    ):
        table.add_column(header.get(lang))
    for p in range(game.num_players):
        rate, low, high = summary.win_rate(p)
        rlow, rhigh = summary.return_interval(p)
        table.add_row(
            str(p + 1),
            summary.bots[p],
            f"{summary.wins[p]:,}",
            f"{rate:.3f} ({low:.3f}–{high:.3f})",
            f"{summary.mean_returns[p]:+.3f} ({rlow:+.3f}–{rhigh:+.3f})",
            f"{summary.mean_scores[p]:.2f}",
        )
    console.print(table)
    if summary.teams:
        sides = Table(title=Words("by side", zh="按阵营").get(lang), title_justify="left")
        for header in (
            Words("side", zh="阵营"),
            Words("wins", zh="胜局"),
            Words("win rate (95% CI)", zh="胜率（95%置信区间）"),
            Words("mean result (95% CI)", zh="平均结果（95%置信区间）"),
        ):
            sides.add_column(header.get(lang))
        for t, name in enumerate(summary.teams):
            rate, low, high = summary.team_win_rate(t)
            mlow, mhigh = summary.team_return_interval(t)
            sides.add_row(
                name,
                f"{summary.team_wins[t]:,}",
                f"{rate:.3f} ({low:.3f}–{high:.3f})",
                f"{summary.mean_team_returns[t]:+.3f} ({mlow:+.3f}–{mhigh:+.3f})",
            )
        console.print(sides)
    console.print(
        f"draws {summary.draws:,} · mean length {summary.mean_length:.1f} moves · "
        f"{format_rate(summary.games, summary.seconds)}"
    )
    return EXIT_OK


def _counts(players: Sequence[int]) -> str:
    """Player counts as people read them: ``3–6`` for a run, else ``2/4``, smallest first."""
    ordered = sorted(players)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return "/".join(map(str, ordered))
