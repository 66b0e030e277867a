"""The picture commands: ``storyboard`` (a routine as a web page, step by step in both views)
and ``replay`` (a game drawn move by move)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from conjure.cli.common import EXIT_OK, add_command, add_lang, int_params, pairs, registry, whole
from conjure.errors import UsageError
from conjure.inputs import quote


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "storyboard",
        _storyboard,
        help="draw a routine as a web page: each step in the performer's and the audience's view",
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="the page to write (default ROUTINE.html; - for stdout)",
    )
    add_lang(p)
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

    p = add_command(
        sub, "replay", _replay, help="draw a game move by move as a web page with a slider"
    )
    p.add_argument(
        "game", metavar="GAME", nargs="?", help="the game (read from --load if not given)"
    )
    p.add_argument("--seed", type=whole("--seed", low=0), default=0, help="the deal (default 0)")
    p.add_argument(
        "--bots", default="random", help="who plays: one bot for all seats or one per seat"
    )
    p.add_argument("--players", type=whole("--players", low=1))
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument(
        "--load", metavar="FILE.json", help="replay a saved game (as --save or --json write it)"
    )
    p.add_argument("--save", metavar="FILE.json", help="also save the game played as JSON")
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="the page to write (default GAME-SEED.html; - for stdout)",
    )
    add_lang(p)


def write_page(text: str, output: str) -> None:
    """Write a page to ``output`` (``-`` is stdout); a path that cannot be written is a usage
    error naming it, and nothing is left half-written."""
    if output == "-":
        sys.stdout.write(text)
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
        verdict = "the performance breaks" if broken else "every claim holds"
        print(f"wrote {output}: {routine.id}, {steps} steps ({verdict})")
    return 1 if broken else EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    import json

    from conjure.view.replay import MOVE, load_game, play_game, replay_page

    reg = registry()
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
        print(f"wrote {output}: {record.game.id}, seed {record.seed}, {moves} moves")
    return EXIT_OK


def write_counterexample(output: str, reports: list[Any], lang: str) -> None:
    """``conjure verify --storyboard``: the first counter-example found, drawn step by step
    with its failing step marked; a line on stderr says what was written (stdout stays the
    verdict, or JSON)."""
    from conjure.view.storyboard import storyboard

    found = next((r for r in reports if r.counterexample is not None), None)
    if found is None:
        print(
            f"conjure: no counter-example, so no storyboard: {output} not written", file=sys.stderr
        )
        return
    write_page(storyboard(found.counterexample, lang, counterexample=True), output)
    print(f"conjure: counter-example drawn in {output}", file=sys.stderr)
