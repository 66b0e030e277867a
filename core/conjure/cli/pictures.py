"""The picture commands: ``storyboard`` (a routine as a web page, step by step in both views)
and ``replay`` (a game drawn move by move)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    add_command,
    add_lang,
    command_stdout,
    int_params,
    pairs,
    registry,
    whole,
)
from conjure.errors import UsageError
from conjure.inputs import quote
from conjure.text import Text


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "storyboard",
        _storyboard,
        help=Text(
            "draw a routine as a web page: each step in the performer's and the audience's view",
            zh="把流程画成网页：每一步都有表演者和观众两种视角",
        ),
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=Text(
            "the page to write (default ROUTINE.html; - for stdout)",
            zh="要写的网页（默认 ROUTINE.html；- 表示标准输出）",
        ),
    )
    add_lang(p)
    p.add_argument("--param", action="append", metavar="NAME=VALUE")
    p.add_argument(
        "--setup",
        action="append",
        metavar="NAME=VALUE",
        help=Text(
            "a set-up value (e.g. queens=CHSD); default: the book's example",
            zh="一个准备的值（例如 queens=CHSD）；默认：书中的例子",
        ),
    )
    p.add_argument(
        "--choice",
        action="append",
        metavar="NAME=VALUE",
        help=Text(
            "a spectator's or performer's choice (default: the first option)",
            zh="观众或表演者的一个选择（默认：第一个选项）",
        ),
    )

    p = add_command(
        sub,
        "replay",
        _replay,
        help=Text(
            "draw a game move by move as a web page with a slider",
            zh="把一局游戏一步一步画成带滑块的网页",
        ),
    )
    p.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help=Text("the game (read from --load if not given)", zh="游戏（不给出时从 --load 读取）"),
    )
    p.add_argument(
        "--seed",
        type=whole("--seed", low=0),
        default=0,
        help=Text("the deal (default 0)", zh="发牌的种子（默认 0）"),
    )
    p.add_argument(
        "--bots",
        default="random",
        help=Text(
            "who plays: one bot for all seats or one per seat",
            zh="谁来玩：所有座位用一个机器人，或每个座位一个",
        ),
    )
    p.add_argument("--players", type=whole("--players", low=1))
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument(
        "--load",
        metavar="FILE.json",
        help=Text(
            "replay a saved game (as --save or --json write it)",
            zh="重放保存的一局（--save 或 --json 写出的格式）",
        ),
    )
    p.add_argument(
        "--save",
        metavar="FILE.json",
        help=Text("also save the game played as JSON", zh="同时把这一局保存为 JSON"),
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=Text(
            "the page to write (default GAME-SEED.html; - for stdout)",
            zh="要写的网页（默认 GAME-SEED.html；- 表示标准输出）",
        ),
    )
    add_lang(p)


def write_page(text: str, output: str) -> None:
    """Write a page to ``output`` (``-`` is stdout); a path that cannot be written is a usage
    error naming it, and nothing is left half-written."""
    if output == "-":
        command_stdout().write(text)
        return
    path = Path(output)
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise UsageError(f"cannot write {quote(output)}: {exc.strerror or exc}") from None


def _storyboard(args: argparse.Namespace) -> int:
    from conjure.magic.rehearse import perform_for_rehearsal
    from conjure.view.storyboard import storyboard

    routine = registry().routine(args.routine)
    outcome = perform_for_rehearsal(
        routine,
        int_params(args.param),
        pairs(args.setup, "--setup"),
        pairs(args.choice, "--choice"),
    )
    output = args.output or f"{routine.id}.html"
    write_page(storyboard(outcome, args.lang), output)
    broken = outcome.failure is not None or any(
        c.promised and c.id in outcome.claim_errors for c in routine.claims
    )
    if output != "-":
        steps = len(outcome.performance.steps)
        verdict = _PICTURE_WORDS["breaks" if broken else "holds"]
        said = _PICTURE_WORDS["storyboard"].format(
            output=output, id=routine.id, steps=steps, verdict=verdict
        )
        print(said.get(args.lang))
    return 1 if broken else EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    from conjure.games.deadline import watch_calls

    reg = registry()
    name = _saved_game(args.load) if args.load else args.game
    cls = reg.game(name) if name else None
    # a call into the game that does not return in the stated time is the game's bug, named
    with watch_calls(cls) if cls is not None else contextlib.nullcontext():
        return _replay_with(args, reg)


def _saved_game(path: str | None) -> str | None:
    """The game a saved file names, when it can be read (else the replay says what is wrong)."""
    import json

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8")) if path else None
    except (OSError, ValueError):
        return None
    return str(data["game"]) if isinstance(data, dict) and "game" in data else None


def _replay_with(args: argparse.Namespace, reg: Any) -> int:
    import json

    from conjure.view.replay import MOVE, load_game, play_game, replay_page

    if args.load:
        try:
            data = json.loads(Path(args.load).read_text(encoding="utf-8"))
        except OSError as exc:
            raise UsageError(f"cannot read {quote(args.load)}: {exc.strerror or exc}") from None
        except ValueError as exc:
            raise UsageError(f"{quote(args.load)} is not JSON: {exc}") from None
        if not isinstance(data, dict) or "game" not in data:
            raise UsageError(f"{quote(args.load)} is not a saved game (no 'game' field)")
        if args.game and args.game != data["game"]:
            raise UsageError(f"{quote(args.load)} holds a {data['game']!r} game, not {args.game!r}")
        record = load_game(reg.game(str(data["game"])), data)
    else:
        if not args.game:
            raise UsageError("replay: name a GAME or give --load FILE.json")
        from conjure.games.bots import make_bot

        cls = reg.game(args.game)
        game = cls(args.players, **int_params(args.option, flag="--option"))
        names = [b.strip() for b in args.bots.split(",") if b.strip()]
        if len(names) not in (1, game.num_players):
            raise UsageError(f"--bots needs one bot or {game.num_players}, got {len(names)}")
        bots = [make_bot(n) for n in names] * (game.num_players if len(names) == 1 else 1)
        record = play_game(game, args.seed, bots)
    if args.save:
        write_page(json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n", args.save)
    output = args.output or f"{record.game.id}-{record.seed}.html"
    write_page(replay_page(record, args.lang), output)
    if output != "-":
        moves = sum(p.kind == MOVE for p in record.positions())
        said = _PICTURE_WORDS["replay"].format(
            output=output, id=record.game.id, seed=record.seed, moves=moves
        )
        print(said.get(args.lang))
    return EXIT_OK


def write_counterexample(output: str, reports: list[Any], lang: str) -> None:
    """``conjure verify --storyboard``: the first counter-example found, drawn step by step
    with its failing step marked; a line on stderr says what was written (stdout stays the
    verdict, or JSON)."""
    from conjure.view.storyboard import storyboard

    found = next((r for r in reports if r.counterexample is not None), None)
    if found is None:
        print(_PICTURE_WORDS["none"].format(output=output).get(lang), file=sys.stderr)
        return
    write_page(storyboard(found.counterexample, lang, counterexample=True), output)
    print(_PICTURE_WORDS["drawn"].format(output=output).get(lang), file=sys.stderr)


#: what the picture commands say they wrote
_PICTURE_WORDS = {
    "breaks": Text("the performance breaks", zh="表演失败"),
    "holds": Text("every claim holds", zh="每个结论都成立"),
    "storyboard": Text("wrote {output}: {id}, {steps} steps ({verdict})",
                       zh="已写入 {output}：{id}，{steps}个步骤（{verdict}）"),
    "replay": Text("wrote {output}: {id}, seed {seed}, {moves} moves",
                   zh="已写入 {output}：{id}，种子{seed}，{moves}步"),
    "none": Text("conjure: no counter-example, so no storyboard: {output} not written",
                 zh="conjure：没有反例，所以没有画：{output} 没有写入"),
    "drawn": Text("conjure: counter-example drawn in {output}", zh="conjure：反例已画在 {output}"),
}  # fmt: skip
