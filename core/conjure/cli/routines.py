"""The routine commands: ``routines``, ``verify``, ``solve`` and ``rehearse``."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    add_command,
    add_lang,
    command_stdout,
    int_params,
    pairs,
    print_json,
    print_rows,
    registry,
)
from conjure.inputs import parse_int
from conjure.text import Text


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "routines",
        _routines,
        help=Text("list the routines and their claims", zh="列出流程和它们的结论"),
    )
    p.add_argument("--json", action="store_true")
    add_lang(p)

    p = add_command(
        sub,
        "verify",
        _verify,
        help=Text(
            "check a routine's claims for every set-up and choice",
            zh="对每一种准备和选择检查流程的结论",
        ),
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument(
        "--param",
        action="append",
        metavar="NAME=VALUE",
        help=Text(
            "fix a parameter (those not fixed are swept over their range)",
            zh="固定一个参数（没有固定的参数逐一试遍其范围）",
        ),
    )
    p.add_argument(
        "--claim",
        action="append",
        metavar="ID",
        help=Text(
            "check this claim (default: every promised claim)",
            zh="检查这个结论（默认：所有承诺的结论）",
        ),
    )
    p.add_argument(
        "--examples",
        default="20000",
        help=Text(
            "cases to try when there are too many to walk (default 20000)",
            zh="情况太多无法逐一检查时要试的情况数（默认 20000）",
        ),
    )
    p.add_argument(
        "--seed", help=Text("seed of the search, to replay it", zh="搜索的种子，用来重现")
    )
    p.add_argument(
        "--engine",
        choices=("random", "hypothesis"),
        help=Text(
            "search --examples cases with this engine instead of walking every case (a "
            "sample, never a proof); by default every case is walked where that is in reach",
            zh="用这个引擎搜索 --examples 种情况，而不是逐一检查（只是抽样，不是证明）；默认在"
            "可行时逐一检查每种情况",
        ),
    )
    p.add_argument(
        "--workers",
        default=str(os.cpu_count() or 1),
        help=Text(
            "processes for a random search (default: one per core)",
            zh="随机搜索使用的进程数（默认：每个核一个）",
        ),
    )
    p.add_argument(
        "--executor",
        default="local",
        metavar="local|dask|dask://HOST:PORT",
        help=Text(
            "where the workers run: this machine (default), a local Dask cluster of --workers "
            "processes, or the Dask scheduler at HOST:PORT (extra conjure[dask]); the verdict "
            "does not depend on it",
            zh=(
                "在哪里运行：本机（默认）、由 --workers 个进程组成的本地 "
                "Dask 集群，或 HOST:PORT 上的 Dask 调度器（需要"
                " conjure[dask]）；结论与它无关"
            ),
        ),
    )
    p.add_argument(
        "--limit",
        default="1000000",
        help=Text(
            "walk every case when there are at most this many, or when merging needs at most "
            "this many performances (default 1000000)",
            zh=(
                "情况不超过这么多，或合并后需要的表演不超过这么多时，逐一检查"
                "每种情况（默认 1000000）"
            ),
        ),
    )
    add_lang(p)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--storyboard",
        metavar="FILE.html",
        help=Text("draw a counter-example as a page", zh="把反例画成网页"),
    )

    p = add_command(
        sub,
        "slips",
        _slips,
        help=Text(
            "which single slip of the performer's (a move left out, swapped, a count one off, "
            "the wrong end, the wrong way) breaks a routine, step by step",
            zh=(
                "表演者的哪一个失误（漏做、顺序颠倒、张数差一、弄错上下端、方"
                "向弄反）会让流程失败，一步一步列出"
            ),
        ),
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument(
        "--param",
        action="append",
        metavar="NAME=VALUE",
        help=Text("fix a parameter", zh="固定一个参数"),
    )
    p.add_argument(
        "--limit",
        default="20000",
        help=Text(
            "prove a slip harmless by walking every case when there are at most this many "
            "(default 20000); otherwise search",
            zh="情况不超过这么多时逐一检查，证明失误无碍（默认 20000）；否则搜索",
        ),
    )
    p.add_argument(
        "--examples",
        default="2000",
        help=Text(
            "random cases to search per slip when there are too many to walk (default 2000)",
            zh="情况太多无法逐一检查时，每种失误随机搜索的情况数（默认 2000）",
        ),
    )
    p.add_argument(
        "--seed",
        default="0",
        help=Text("seed of the searches (default 0)", zh="搜索的种子（默认 0）"),
    )
    add_lang(p)
    p.add_argument("--json", action="store_true")

    p = add_command(
        sub,
        "explain",
        _explain,
        help=Text(
            "which choices break a routine's claim, which never matter, and the condition; "
            "--vary tries a design parameter's values",
            zh=(
                "哪些选择会让流程的结论不成立、哪些从不影响结果，以及条件；-"
                "-vary 试一个设计参数的各个值"
            ),
        ),
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument(
        "claim",
        metavar="CLAIM",
        nargs="?",
        help=Text("default: every promised claim", zh="默认：所有承诺的结论"),
    )
    p.add_argument(
        "--param",
        action="append",
        metavar="NAME=VALUE",
        help=Text("fix a parameter", zh="固定一个参数"),
    )
    p.add_argument(
        "--vary",
        metavar="NAME[=LOW..HIGH]",
        help=Text(
            "verify once for each value of this parameter (default: its whole range) and say "
            "which values work",
            zh="对这个参数的每个值各验证一次（默认：整个范围），说明哪些值可行",
        ),
    )
    p.add_argument(
        "--limit",
        default="200000",
        help=Text(
            "run every case when there are at most this many (default 200000); else a sample",
            zh="情况不超过这么多时逐一运行（默认 200000）；否则抽样",
        ),
    )
    p.add_argument(
        "--examples",
        default="5000",
        help=Text("random cases in a sample (default 5000)", zh="抽样的随机情况数（默认 5000）"),
    )
    p.add_argument(
        "--seed", default="0", help=Text("seed of a sample (default 0)", zh="抽样的种子（默认 0）")
    )
    add_lang(p)
    p.add_argument("--json", action="store_true")

    p = add_command(
        sub,
        "solve",
        _solve,
        help=Text(
            "find the set-ups for which an optional claim always holds",
            zh="找出使一个可选结论总是成立的准备",
        ),
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument("claim", metavar="CLAIM")
    p.add_argument("--param", action="append", metavar="NAME=VALUE")
    add_lang(p)
    p.add_argument("--json", action="store_true")

    p = add_command(
        sub,
        "rehearse",
        _rehearse,
        help=Text(
            "walk through a routine step by step in both views", zh="以两种视角一步一步走一遍流程"
        ),
    )
    p.add_argument("routine", metavar="ROUTINE")
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
            "a spectator's or performer's choice: a value, or #N for the option at index N "
            "(from 0, as traces show it); default: the first option",
            zh=(
                "观众或表演者的一个选择：一个值，或 #N 表示第 N 个选项"
                "（从 0 数起，与记录中一样）；默认：第一个选项"
            ),
        ),
    )
    p.add_argument(
        "--all",
        action="store_true",
        help=Text("print every step without waiting", zh="不等待，输出每一步"),
    )
    p.add_argument(
        "--full",
        action="store_true",
        help=Text("show every card of every packet, wrapped", zh="换行显示每叠牌的每一张"),
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=Text("print the whole performance as JSON", zh="以 JSON 输出整个表演"),
    )
    p.add_argument(
        "--by-move",
        action="store_true",
        help=Text(
            "take every step apart: one screen per move, what it changed marked",
            zh="拆开每一步：每个动作一屏，标出它改变了什么",
        ),
    )
    p.add_argument(
        "--moves",
        action="store_true",
        help=Text(
            "write the moves as the move reference does, not in a magician's words",
            zh="按动作参考的写法列出动作，而不是魔术师的说法",
        ),
    )
    p.add_argument(
        "--tui",
        action="store_true",
        help=Text("walk the steps in the interactive app", zh="在交互式应用中走一遍"),
    )


#: the words of ``routines``
_ROUTINES_HEADERS = (
    Text("id", zh="编号"), Text("name", zh="名称"), Text("source", zh="出处"),
    Text("parameters", zh="参数"), Text("claims", zh="结论"),
)  # fmt: skip
_ROUTINES_WORDS = {
    "name": Text("{both}", zh="{zh}"),
    "param": Text("{name}={default} ({low}..{high})", zh="{name}={default}（{low}..{high}）"),
    "comma": Text(", ", zh="，"),
    "optional": Text(" (optional)", zh="（可选）"),
}  # fmt: skip


def _routines(args: argparse.Namespace) -> int:
    from conjure.plugins.catalog import text_of

    reg = registry()
    lang = args.lang
    # listed from what each plugin says of its routines: none of them is imported
    listed = [reg.routines.row(rid) for rid in sorted(reg.routines)]
    rows = [
        {
            "id": r["id"],
            "name": text_of({"en": r["name_en"] or r["id"], "zh": r["name_zh"]}).get(lang),
            "name_zh": r["name_zh"],
            "name_en": r["name_en"],
            "source": text_of(r["citation"]).get(lang),
            "params": r["params"],
            "claims": [
                {"id": c["id"], "promised": c["promised"], "text": text_of(c["text"]).get(lang)}
                for c in r["claims"]
            ],
        }
        for r in listed
    ]
    if args.json:
        return print_json(rows)
    w = _ROUTINES_WORDS
    lines = []
    for row, r in zip(rows, listed, strict=True):
        params = (
            w["comma"]
            .get(lang)
            .join(w["param"].format(name=n, **v).get(lang) for n, v in row["params"].items())
        )
        claims = "\n".join(
            f"{c['id']}{'' if c['promised'] else w['optional'].get(lang)}" for c in row["claims"]
        )
        name = w["name"].format(both=r["both_names"], zh=r["name_zh"] or r["both_names"]).get(lang)
        lines.append((str(row["id"]), name, str(row["source"]), params or "-", claims))
    headers = tuple(h.get(lang) for h in _ROUTINES_HEADERS)
    print_rows("conjure routines", headers, lines)
    return EXIT_OK


def _plugin_of(reg: Any, routine_id: str) -> str:
    for info in getattr(reg, "plugins", ()):
        if routine_id in info.routines:
            return str(info.name)
    return "?"


_BUG = Text(
    "conjure: error: routine {routine!r}: its own code failed at step {step} ({error}): a bug "
    "in plugin {plugin!r}, not in the input (run with --debug for the traceback)",
    zh="conjure：错误：套路 {routine!r} 自身的代码在步骤 {step} 出错（{error}）：这是插件 "
    "{plugin!r} 的缺陷，不是输入的问题（加 --debug 查看回溯）",
)


def _names_plugin_bugs(
    handler: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """``handler``, but a routine whose own code raised (:class:`RoutineBug`, the verifier's
    ERROR verdict) ends it with one line naming the routine, its step and its plugin, and exit
    5; ``--debug`` adds the traceback of the routine's exception."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        from conjure.magic.performance import RoutineBug
        from conjure.view.verdicts import traceback_text

        try:
            return handler(args)
        except RoutineBug as bug:
            lang = getattr(args, "lang", "en")
            said = _BUG.format(
                routine=bug.routine.id,
                step=bug.outcome.step,
                error=bug.described,
                plugin=_plugin_of(registry(), bug.routine.id),
            )
            print(said.get(lang), file=sys.stderr)
            if getattr(args, "debug", False) and bug.outcome.error is not None:
                print(traceback_text(bug.outcome.error), file=sys.stderr, end="")
            return bug.exit_code

    return run


def _verify(args: argparse.Namespace) -> int:
    from conjure.magic.report import exit_code, verdicts_json
    from conjure.magic.verifier import sweep, sweep_settings, verify
    from conjure.parallel import backend
    from conjure.view import verdicts

    # counts typed by people: one parser, one-line errors naming the option (not argparse's)
    examples = parse_int(args.examples, "--examples", low=1)
    workers = parse_int(args.workers, "--workers", low=1)
    limit = parse_int(args.limit, "--limit", low=0)
    seed = None if args.seed is None else parse_int(args.seed, "--seed", low=0)
    backend(args.executor, workers)  # a bad --executor is an error before any work
    reg = registry()
    routine = reg.routine(args.routine)
    fixed = int_params(args.param)
    routine.resolve_params(fixed)
    claims = [routine.claim(c) for c in args.claim] if args.claim else None
    lang = args.lang
    checked = claims or [c for c in routine.claims if c.promised]
    as_text = not args.json
    done: list[Any] = []

    def run_and_say(params: dict[str, int]) -> Any:
        # each setting is said as soon as it is verified, so that a long sweep shows its
        # progress and an interrupted one keeps what it had found
        if as_text and not done:
            print("\n".join(verdicts.head_lines(routine, checked, lang)))
        report = verify(
            routine,
            params,
            claims=claims,
            exhaustive_limit=limit,
            examples=examples,
            seed=seed,
            engine=args.engine,
            workers=workers,
            executor=args.executor,
        )
        done.append(report)
        if as_text:
            plugin = _plugin_of(reg, routine.id)
            lines = verdicts.result_lines(report, params, lang, plugin, args.debug)
            print("\n".join(lines), flush=True)
        return report

    total = len(sweep_settings(routine, fixed))
    try:
        results = sweep(routine, fixed, run=run_and_say)
    except KeyboardInterrupt as exc:
        if total < 2:
            raise
        from conjure.errors import Interrupted, said

        within = said(exc, lang) if isinstance(exc, Interrupted) else ""
        raise Interrupted(verdicts.interrupted(done, total, lang, within)) from None
    reports = [report for _, report in results]
    if args.storyboard:
        from conjure.cli.pictures import write_counterexample

        write_counterexample(args.storyboard, reports, args.lang)
    if args.json:
        print_json(verdicts_json(routine.id, reports))
    elif len(reports) > 1:
        print(verdicts.summary_line(reports, lang))
    return exit_code(reports)


def _progress_line(words: str) -> Callable[[int, int], None] | None:
    """A counter rewritten in place on a terminal's stderr (``words`` with ``{k}`` and ``{n}``),
    erased when the count is done; nothing when stderr is not a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(k: int, n: int) -> None:
        line = words.format(k=k, n=n)
        sys.stderr.write(f"\r{line}" if k < n else "\r" + " " * len(line) * 2 + "\r")
        sys.stderr.flush()

    return show


@_names_plugin_bugs
def _slips(args: argparse.Namespace) -> int:
    from conjure.magic.slips import check_slips
    from conjure.view import findings

    limit = parse_int(args.limit, "--limit", low=0)
    examples = parse_int(args.examples, "--examples", low=1)
    seed = parse_int(args.seed, "--seed", low=0)
    routine = registry().routine(args.routine)
    report = check_slips(
        routine,
        int_params(args.param),
        exhaustive_limit=limit,
        examples=examples,
        seed=seed,
        progress=_progress_line(findings.SLIP_WORDS["progress"].get(args.lang)),
    )
    if args.json:
        return print_json(report.to_json(args.lang))
    print("\n".join(findings.slips_lines(report, routine, args.lang)))
    return EXIT_OK


def _vary_values(text: str, routine: Any) -> tuple[str, list[int] | None]:
    from conjure.inputs import normalise

    name, sep, span = normalise(text).partition("=")
    name = name.strip()
    routine.param(name)  # unknown: a one-line error naming it
    if not sep:
        return name, None
    low, dots, high = span.partition("..")
    first = parse_int(low, f"--vary {name}")
    last = parse_int(high, f"--vary {name}") if dots else first
    return name, list(range(first, last + 1))


@_names_plugin_bugs
def _explain(args: argparse.Namespace) -> int:
    from conjure.magic.explain import explain, vary, vary_json
    from conjure.magic.report import exit_code
    from conjure.view import findings

    limit = parse_int(args.limit, "--limit", low=0)
    examples = parse_int(args.examples, "--examples", low=1)
    seed = parse_int(args.seed, "--seed", low=0)
    routine = registry().routine(args.routine)
    params = int_params(args.param)
    routine.resolve_params(params)
    if args.vary:
        name, values = _vary_values(args.vary, routine)
        claims = [routine.claim(args.claim)] if args.claim else None
        results = vary(
            routine,
            name,
            values,
            params,
            claims=claims,
            exhaustive_limit=limit,
            examples=examples,
            seed=seed,
        )
        if args.json:
            return print_json(vary_json(routine.id, name, results))
        print("\n".join(findings.vary_lines(name, results, args.lang)))
        return exit_code([r for _, r in results])
    result = explain(routine, args.claim, params, limit=limit, sample=examples, seed=seed)
    if args.json:
        return print_json(result.to_json())
    print("\n".join(findings.explain_lines(result, routine, args.lang)))
    return EXIT_OK


@_names_plugin_bugs
def _solve(args: argparse.Namespace) -> int:
    from conjure.magic.setups import solve
    from conjure.view import findings

    routine = registry().routine(args.routine)
    solution = solve(routine, args.claim, int_params(args.param))
    if args.json:
        return print_json(solution.to_json())
    print("\n".join(findings.solve_lines(solution, routine, args.lang)))
    return EXIT_OK


@_names_plugin_bugs
def _rehearse(args: argparse.Namespace) -> int:
    from conjure.view.rehearsal import rehearse

    routine = registry().routine(args.routine)
    if args.tui:
        return _rehearse_in_app(args, routine)
    return rehearse(
        routine,
        params=int_params(args.param),
        setup=pairs(args.setup, "--setup"),
        choices=pairs(args.choice, "--choice"),
        lang=args.lang,
        all_steps=args.all,
        as_json=args.json,
        full=args.full,
        by_move=args.by_move,
        machine=args.moves,
        out=command_stdout(),
    )


_NO_APP = {
    "terminal": Text(
        "the interactive app needs a terminal; with piped input leave out --tui",
        zh="交互式应用需要终端；输入来自管道时请去掉 --tui",
    ),
    "textual": Text(
        "the interactive app needs Textual ({name} is missing): pip install 'conjure[app]'",
        zh="交互式应用需要 Textual（缺少 {name}）：pip install 'conjure[app]'",
    ),
}


def _rehearse_in_app(args: argparse.Namespace, routine: Any) -> int:
    """``rehearse --tui``: the same screens in a full-screen app (``m`` move by move, ``?``
    the symbols)."""
    from conjure.cli.trainer import on_a_terminal
    from conjure.errors import ConjureError, UsageError
    from conjure.magic.rehearse import perform_for_rehearsal

    if not on_a_terminal():  # a full-screen app on a pipe would draw to nobody
        raise UsageError(_NO_APP["terminal"])
    try:
        from conjure.view import rehearsal_app
    except ImportError as exc:
        raise ConjureError(_NO_APP["textual"].format(name=exc.name)) from None
    outcome = perform_for_rehearsal(
        routine,
        int_params(args.param),
        pairs(args.setup, "--setup"),
        pairs(args.choice, "--choice"),
    )
    promised = {c.id for c in routine.claims if c.promised}
    broken = outcome.failure is not None or bool(promised & set(outcome.claim_errors))
    return rehearsal_app.run(outcome, args.lang, args.by_move, 1 if broken else 0)
