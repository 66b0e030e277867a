"""The routine commands: ``routines``, ``verify``, ``solve`` and ``rehearse``."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    add_command,
    add_lang,
    int_params,
    pairs,
    print_json,
    print_rows,
    registry,
)
from conjure.inputs import parse_int
from conjure.magic.report import count_text
from conjure.text import Text


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``1 case``, ``2 cases``, ``20,000 cases``."""
    return f"{n:,} {noun if n == 1 else (nouns or noun + 's')}"


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


def _traceback(error: BaseException, indent: str = "") -> str:
    import traceback

    trace = "".join(traceback.format_exception(error))
    return "".join(f"{indent}{line}" for line in trace.splitlines(True))


def _names_plugin_bugs(
    handler: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """``handler``, but a routine whose own code raised (:class:`RoutineBug`, the verifier's
    ERROR verdict) ends it with one line naming the routine, its step and its plugin, and exit
    5; ``--debug`` adds the traceback of the routine's exception."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        from conjure.magic.routine import RoutineBug

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
                print(_traceback(bug.outcome.error), file=sys.stderr, end="")
            return bug.exit_code

    return run


#: the words of ``verify`` (and of ``explain --vary``, which reports the same way)
_VERIFY_WORDS = {
    "walked": Text("{runs} run; {states} explored, {merged} merged; proof size {size}",
                   zh="表演{runs}；探索{states}局面，合并{merged}个；证明规模{size}局面"),
    "classes": Text("cards as classes: {classes}", zh="按类看待的牌：{classes}"),
    "proved": Text("PROVED: all {cases}{walked} ({seconds})",
                   zh="已证明：全部{cases}{walked}（{seconds}）"),
    "refuted": Text("REFUTED: a counter-example", zh="已推翻：找到反例"),
    "error": Text("ERROR: the routine's own code failed", zh="出错：流程自身的代码出错"),
    "refuted at": Text("{found} at case {case} of {space}, walking every "
                       "case in order ({seconds})",
                       zh="{found}（按顺序逐一检查，在{space}种情况中的第{case}种）（{seconds}）"),
    "refuted after": Text("{found} walking every case in order, after "
                          "{runs} ({seconds})",
                          zh="{found}（按顺序逐一检查，表演{runs}后）（{seconds}）"),
    "sample": Text("{cases} (of about {space}; replay with --seed {seed})",
                   zh="{cases}（约{space}种中抽取；用 --seed {seed} 重现）"),
    "refuted sample": Text("{found} after {sample} ({seconds})",
                           zh="{found}（检查{sample}后）（{seconds}）"),
    "not a proof": Text("no counter-example in {sample}, not a proof ({seconds})",
                        zh="{sample}中没有反例，但这不是证明（{seconds}）"),
    "seconds": Text("{s:.3f} s", zh="{s:.3f} 秒"),
    "exactly": Text("counted exactly: {n} cases", zh="精确计数：{n}种情况"),
    "case": Text("{n} case", zh="{n}种情况"),
    "cases": Text("{n} cases", zh="{n}种情况"),
    "random case": Text("{n} random case", zh="随机{n}种情况"),
    "random cases": Text("{n} random cases", zh="随机{n}种情况"),
    "performance": Text("{n} performance", zh="{n}次"),
    "performances": Text("{n} performances", zh="{n}次"),
    "situation": Text("{n} situation", zh="{n}个"),
    "situations": Text("{n} situations", zh="{n}个"),
    "head": Text("{id} ({both}), {source}", zh="{id}（{name_zh}），{source}"),
    "claims": Text("claims: {claims}", zh="结论：{claims}"),
    "claim": Text("{id}: {text}", zh="{id}：{text}"),
    "two views": Text("two views checked at every move: no face shown that is not meant to be, "
                      "beliefs, counts, secret moves out of sight",
                      zh="每个动作都检查了两种视角：不露出不该露的牌面，观众的相信、被告知的张数，"
                      "秘密动作不在观众视线内"),
    "bug": Text("  the routine's own code failed (a bug in plugin {plugin}, not a refutation "
                "of the trick)",
                zh="  流程自身的代码出错（插件 {plugin} 的缺陷，不是对魔术的推翻）"),
    "debug": Text("  (run with --debug for the traceback)", zh="  （加 --debug 运行可看到调用栈）"),
    "smallest": Text("  smallest counter-example found:", zh="  找到的最小反例："),
    "sep": Text("; ", zh="；"),
    "summary": Text("{total} settings: {tally}", zh="共{total}种设定：{tally}"),
    "interrupted": Text("after {n} of {total} settings ({tally})",
                        zh="已完成{total}种设定中的{n}种（{tally}）"),
    "n proved": Text("{n} proved", zh="{n}种已证明"),
    "n refuted": Text("{n} refuted", zh="{n}种已推翻"),
    "n bug": Text("{n} failed in the routine's own code", zh="{n}种流程自身代码出错"),
    "n sampled": Text("{n} sampled without a counter-example (not proved)",
                      zh="{n}种抽查未见反例（未证明）"),
    "n none": Text("none finished", zh="尚无结果"),
    "interrupted within": Text("{said}; the next one {within}", zh="{said}；下一种{within}"),
}  # fmt: skip


def _count(key: str, n: int, lang: str) -> str:
    """``n`` things in ``lang``: ``1 case``, ``2 cases``, ``2种情况``; past a trillion as
    ``8.07e+67``."""
    word = _VERIFY_WORDS[key if n == 1 else key + "s"]
    return word.format(n=count_text(n)).get(lang)


def _walked(report: Any, lang: str = "en") -> str:
    """What the merging walk did, in one parenthesis (empty when it merged nothing)."""
    if not report.merged and not report.abstraction:
        return ""
    said = _VERIFY_WORDS["walked"].format(
        runs=_count("performance", report.runs, lang),
        states=_count("situation", report.states, lang),
        merged=f"{report.merged:,}",
        size=_count("situation", report.proof_size, lang),
    )
    if report.abstraction:
        classes = _VERIFY_WORDS["classes"].format(classes=report.abstraction_text)
        said = said + _VERIFY_WORDS["sep"] + classes
    return Text(" ({said})", zh="（{said}）").format(said=said).get(lang)


def _found(report: Any) -> Text:
    """The head of a failing verdict: a refutation of the trick, or a bug of its plugin's code
    (then nothing is refuted, and the word says so)."""
    from conjure.magic.report import BUG

    if report.verdict == BUG:
        return _VERIFY_WORDS["error"]
    return _VERIFY_WORDS["refuted"]


def _how(report: Any, lang: str = "en") -> str:
    """What was checked, in words that tell a proof from a sample."""
    from conjure.magic.report import BUG, PROVED, REFUTED

    w = _VERIFY_WORDS
    seconds = w["seconds"].format(s=report.seconds)
    space = count_text(report.space)
    if report.mode == "exhaustive":
        if report.verdict == PROVED:
            cases = _count("case", report.cases, lang)
            said = w["proved"].format(cases=cases, walked=_walked(report, lang), seconds=seconds)
        elif report.cases < 10**12 and not report.abstraction:
            said = w["refuted at"].format(
                found=_found(report), case=f"{report.cases:,}", space=space, seconds=seconds
            )
        else:
            runs = _count("performance", report.runs, lang)
            said = w["refuted after"].format(found=_found(report), runs=runs, seconds=seconds)
        return said.get(lang)
    # the search runs in seeded chunks whatever the worker count, so the seed alone replays it
    cases = _count("random case", report.cases, lang)
    sample = w["sample"].format(cases=cases, space=space, seed=report.seed)
    if report.verdict in (REFUTED, BUG):
        found = _found(report)
        return w["refuted sample"].format(found=found, sample=sample, seconds=seconds).get(lang)
    assert report.verdict not in (PROVED, BUG)
    return w["not a proof"].format(sample=sample, seconds=seconds).get(lang)


_MERGING = Text("no merging at step {where}: {why}", zh="步骤{where}不合并：{why}")
_MERGING_STEPS = Text("no merging at steps {where}: {why}", zh="步骤{where}不合并：{why}")


def _notes(report: Any, lang: str = "en") -> list[str]:
    """The report's notes, steps that refused merging for one reason said once."""
    out: list[str] = []
    refused: dict[str, tuple[list[str], Text]] = {}
    for note in report.notes_said:
        head, _, why = note.en.partition(": ")
        if head.startswith("no merging at step "):
            steps, _ = refused.setdefault(why, ([], Text(why, zh=note.zh.partition("：")[2])))
            steps.append(head.removeprefix("no merging at step "))
        else:
            out.append(note.get(lang))
    for steps, why in refused.values():
        said = _MERGING_STEPS if len(steps) > 1 else _MERGING
        out.append(said.format(where=", ".join(steps), why=why).get(lang))
    return out


def _claims_text(claims: Sequence[Any]) -> Text:
    """``id: text; id: text`` in every language."""
    said = Text("")
    for i, claim in enumerate(claims):
        if i:
            said = said + _VERIFY_WORDS["sep"]
        said = said + _VERIFY_WORDS["claim"].format(id=claim.id, text=claim.text)
    return said


def _verify(args: argparse.Namespace) -> int:
    from conjure.magic.report import exit_code
    from conjure.magic.trace import outcome_json
    from conjure.magic.verifier import sweep, sweep_settings, verify

    # counts typed by people: one parser, one-line errors naming the option (not argparse's)
    examples = parse_int(args.examples, "--examples", low=1)
    workers = parse_int(args.workers, "--workers", low=1)
    limit = parse_int(args.limit, "--limit", low=0)
    seed = None if args.seed is None else parse_int(args.seed, "--seed", low=0)
    from conjure.parallel import backend

    backend(args.executor, workers)  # a bad --executor is an error before any work
    reg = registry()
    routine = reg.routine(args.routine)
    fixed = int_params(args.param)
    routine.resolve_params(fixed)
    claims = [routine.claim(c) for c in args.claim] if args.claim else None

    def run(params: dict[str, int]) -> Any:
        return verify(
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

    lang = args.lang
    w = _VERIFY_WORDS
    checked = claims or [c for c in routine.claims if c.promised]
    as_text = not args.json
    done: list[Any] = []

    def run_and_say(params: dict[str, int]) -> Any:
        # each setting is said as soon as it is verified, so that a long sweep shows its
        # progress and an interrupted one keeps what it had found
        if as_text and not done:
            _say_verify_head(routine, checked, lang)
        report = run(params)
        done.append(report)
        if as_text:
            _say_verify_result(reg, routine, params, report, args)
        return report

    total = len(sweep_settings(routine, fixed))
    try:
        results = sweep(routine, fixed, run=run_and_say)
    except KeyboardInterrupt as exc:
        if total < 2:
            raise
        from conjure.errors import Interrupted
        from conjure.errors import said as said_in

        said = w["interrupted"].format(n=len(done), total=total, tally=_tally(done, lang))
        within = said_in(exc, lang) if isinstance(exc, Interrupted) else ""
        if within:  # what the setting under way had covered
            said = w["interrupted within"].format(said=said, within=within)
        raise Interrupted(said.get(lang)) from None
    reports = [report for _, report in results]
    code = exit_code(reports)
    if args.storyboard:
        from conjure.cli.pictures import write_counterexample

        write_counterexample(args.storyboard, reports, args.lang)
    if args.json:
        out = []
        for params, report in results:
            out.append(
                {
                    "params": params,
                    "verdict": report.verdict,
                    "proved": report.proved,
                    "passed": report.passed,
                    "mode": report.mode,
                    "cases": report.cases,
                    "space": report.space,
                    "space_exact": report.space_exact,
                    "seconds": round(report.seconds, 4),
                    "seed": report.seed,
                    "workers": report.workers,
                    "runs": report.runs,
                    "states": report.states,
                    "merged": report.merged,
                    "proof_size": report.proof_size,
                    "abstraction": report.abstraction or None,
                    "notes": list(report.notes),
                    "failed": report.failed,
                    "odds": report.odds.to_json() if report.odds is not None else None,
                    "counterexample": outcome_json(report.counterexample)
                    if report.counterexample
                    else None,
                }
            )
        print(
            json.dumps(
                {
                    "routine": routine.id,
                    "proved": all(r.proved for r in reports),
                    "passed": all(r.passed for r in reports),
                    "exit": code,
                    "results": out,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return code
    if len(reports) > 1:
        print(w["summary"].format(total=len(reports), tally=_tally(reports, lang)).get(lang))
    return code


def _say_verify_head(routine: Any, checked: Sequence[Any], lang: str) -> None:
    w = _VERIFY_WORDS
    print(
        w["head"]
        .format(
            id=routine.id,
            both=routine.both_names,
            name_zh=routine.name_zh or routine.both_names,
            source=routine.citation,
        )
        .get(lang)
    )
    print(w["claims"].format(claims=_claims_text(checked)).get(lang))
    print(w["two views"].get(lang))


def _say_verify_result(
    reg: Any, routine: Any, params: dict[str, int], report: Any, args: argparse.Namespace
) -> None:
    """One setting's verdict, its notes and the smallest counter-example as a trace."""
    from conjure.magic.report import BUG
    from conjure.magic.trace import format_outcome

    lang = args.lang
    w = _VERIFY_WORDS
    where = ", ".join(f"{k}={v}" for k, v in params.items())
    where = f" [{where}]" if where else ""
    print(f"{_how(report, lang)}{where}", flush=True)
    if report.space_exact and report.cases >= 10**12:  # count_text rounds it: the exact count too
        print("  " + w["exactly"].format(n=str(report.space)).get(lang))
    for note in _notes(report, lang):
        print(f"  {note}")
    for line in _odds_lines(report, lang):
        print(f"  {line}")
    found = report.counterexample
    if found is None:
        return
    if report.verdict == BUG:
        print(w["bug"].format(plugin=repr(_plugin_of(reg, routine.id))).get(lang))
        if getattr(args, "debug", False) and found.error is not None:
            print(_traceback(found.error, "    "), end="")
        else:
            print(w["debug"].get(lang))
    print(w["smallest"].get(lang))
    for line in format_outcome(found, lang).splitlines():
        print(f"    {line}")
    sys.stdout.flush()


_ODDS_WORDS = {
    "works": Text("the routine {said}, every free choice equally likely among its options",
                  zh="每个自由选择在其选项中等可能时，整个流程{said}"),
    "claim": Text("{id} {said}", zh="{id}：{said}"),
    "risk": Text("the risk is in {choices}: changing that choice alone makes the smallest "
                 "counter-example work",
                 zh="风险在于{choices}：只改变这个选择，最小反例就能成功"),
    "risk many": Text("the risk is in {choices}: changing any one of these choices alone makes "
                      "the smallest counter-example work",
                      zh="风险在于{choices}：只改变其中任何一个选择，最小反例就能成功"),
    "choice": Text("{name} ({what})", zh="{name}（{what}）"),
    "comma": Text(", ", zh="，"),
}  # fmt: skip


def _odds_lines(report: Any, lang: str) -> list[str]:
    """How often the routine works, for a refuted claim or a sample (a proof needs none)."""
    odds = report.odds
    if odds is None or (report.counterexample is None and odds.exact):
        return []
    w = _ODDS_WORDS
    lines = [w["works"].format(said=odds.said()).get(lang)]
    for claim_id in odds.claims:
        if odds.claims[claim_id] != odds.works and odds.claims[claim_id] != 1:
            lines.append(w["claim"].format(id=claim_id, said=odds.said(claim_id)).get(lang))
    if odds.risk and report.counterexample is not None:
        made = {c.name: c for c in report.counterexample.performance.choices}
        named = [
            w["choice"].format(name=name, what=made[name].text) if name in made else Text(name)
            for name in odds.risk
        ]
        said = w["risk many" if len(named) > 1 else "risk"]
        lines.append(said.format(choices=w["comma"].join(named)).get(lang))
    return lines


def _tally(reports: Sequence[Any], lang: str) -> str:
    """How many settings ended how: ``1 proved, 9 refuted``, in the verdicts' own words."""
    from conjure.magic.report import BUG, PROVED, REFUTED

    w = _VERIFY_WORDS
    counts = [
        (w["n proved"], sum(r.verdict == PROVED for r in reports)),
        (w["n refuted"], sum(r.verdict == REFUTED for r in reports)),
        (w["n bug"], sum(r.verdict == BUG for r in reports)),
        (w["n sampled"], sum(r.verdict not in (PROVED, REFUTED, BUG) for r in reports)),
    ]
    said = [word.format(n=n).get(lang) for word, n in counts if n]
    return w["sep"].get(lang).join(said) if said else w["n none"].get(lang)


_SLIP_WORDS = {
    "title": Text("slips of {id} ({name}): {n} slips of {moves} moves, each through the "
                  "verifier", zh="{id}（{name}）的失误：{moves}个动作的{n}种失误，逐一验证"),
    "step": Text("step {step}: {fatal} of {n} slips fatal",
                 zh="步骤{step}：{n}种失误中{fatal}种致命"),
    "survives": Text("survives", zh="无碍"),
    "proved": Text("(proved: every case)", zh="（已证明：所有情况）"),
    "sampled": Text("(no counter-example in {n} cases, not a proof)",
                    zh="（{n}个情况中没有反例，并非证明）"),
    "fatal": Text("FATAL", zh="致命"),
    "critical": Text("critical steps (a slip there is fatal), most fatal first: {steps}",
                     zh="关键步骤（在此失误即致命），按致命比例排列：{steps}"),
    "none": Text("no slip is fatal", zh="没有致命的失误"),
    "case": Text("counter-example: {chosen}", zh="反例：{chosen}"),
    "progress": Text("checking slip {k} of {n}…", zh="正在检查第{k}种失误（共{n}种）……"),
    "why": Text("{how}: {reason}", zh="{how}：{reason}"),
}  # fmt: skip


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
    from conjure.magic.setups import format_setup
    from conjure.magic.slips import HOW, check_slips
    from conjure.magic.trace import outcome_json

    limit = parse_int(args.limit, "--limit", low=0)
    examples = parse_int(args.examples, "--examples", low=1)
    seed = parse_int(args.seed, "--seed", low=0)
    routine = registry().routine(args.routine)
    params = int_params(args.param)
    report = check_slips(
        routine,
        params,
        exhaustive_limit=limit,
        examples=examples,
        seed=seed,
        progress=_progress_line(_SLIP_WORDS["progress"].get(args.lang)),
    )
    lang = args.lang
    if args.json:
        steps = []
        for step, results in report.steps():
            steps.append(
                {
                    "step": step,
                    "fatal": sum(r.fatal for r in results),
                    "slips": [
                        {
                            "kind": r.slip.kind,
                            "move": r.slip.index + 1,
                            "slip": r.slip.text().get(lang),
                            "fatal": r.fatal,
                            "proved": r.proved,
                            "cases": r.cases,
                            "how": r.how or None,
                            "reason": r.reason.get(lang) or None,
                            "counterexample": outcome_json(r.counterexample)
                            if r.counterexample is not None
                            else None,
                        }
                        for r in results
                    ],
                }
            )
        return print_json(
            {
                "routine": routine.id,
                "params": report.params,
                "slips": len(report.results),
                "fatal": sum(r.fatal for r in report.results),
                "critical": [step for step, _, _ in report.critical()],
                "steps": steps,
                "seconds": round(report.seconds, 3),
            }
        )
    w = {key: words.get(lang) for key, words in _SLIP_WORDS.items()}
    moves = len({(r.slip.step, r.slip.index) for r in report.results})
    name = routine.name.get(lang)
    print(w["title"].format(id=routine.id, name=name, n=len(report.results), moves=moves))
    for step, results in report.steps():
        fatal = sum(r.fatal for r in results)
        print()
        print(w["step"].format(step=step, fatal=fatal, n=len(results)))
        for r in results:
            said = r.slip.text().get(lang)
            if r.fatal:
                kind = HOW.get(r.how)
                how = kind.get(lang) if kind else r.how
                print(f"  {_pad(w['fatal'], 8)} {r.slip.index + 1}. {said}")
                print(f"           {w['why'].format(how=how, reason=r.reason.get(lang))}")
                if r.counterexample is not None:
                    chosen = format_setup(
                        {c.name: c.value for c in r.counterexample.performance.choices}
                    )
                    if chosen:
                        print(f"           {w['case'].format(chosen=chosen)}")
            else:
                held = w["proved"] if r.proved else w["sampled"].format(n=f"{r.cases:,}")
                print(f"  {_pad(w['survives'], 8)} {r.slip.index + 1}. {said} {held}")
    critical = report.critical()
    print()
    if critical:
        listed = ", ".join(f"{step} ({fatal}/{n})" for step, fatal, n in critical)
        print(w["critical"].format(steps=listed))
    else:
        print(w["none"])
    return EXIT_OK


_EXPLAIN_WORDS = {
    "all": Text("every case: {cases}, {failed} failing ({seconds:.2f} s)",
                zh="所有情况：{cases}，失败 {failed} 个（{seconds:.2f} 秒）"),
    "sample": Text("a sample, not every case: {cases} random cases of about {space} "
                   "(seed {seed}), {failed} failing ({seconds:.2f} s)",
                   zh="抽样，并非所有情况：约 {space} 个中随机 {cases} 个（种子 {seed}），"
                   "失败 {failed} 个（{seconds:.2f} 秒）"),
    "condition": Text("condition: the claim {condition}", zh="条件：{condition}"),
    "no condition": Text("no simple condition separates the failing cases",
                         zh="没有简单的条件能区分失败的情况"),
    "never": Text("never matter: {names}", zh="从不影响结果：{names}"),
    "cases": Text("{plural}", zh="{n} 种"),
    "values": Text("{plural}", zh="{n} 个值"),
    "never sample": Text("not seen to matter in the sample: {names}",
                         zh="抽样中未见影响：{names}"),
    "matter": Text("matter:", zh="影响结果："),
    "fails": Text("always fails", zh="总是失败"),
    "holds": Text("always holds", zh="总是成立"),
    "depends": Text("depends on other choices", zh="取决于其他选择"),
    "works": Text("{name}: works for {good}; fails for {bad}",
                  zh="{name}：可行的值 {good}；失败的值 {bad}"),
    "unsure": Text("{name}: no counter-example, but not proved, for {values}",
                   zh="{name}：{values} 未找到反例，但并非证明"),
    "named": Text("{label} ({count})", zh="{label}（{count}）"),
    "comma": Text(", ", zh="，"),
    "none": Text("none", zh="无"),
    "part": Text("{what}: {values}", zh="{what}：{values}"),
    "sep": Text("; ", zh="；"),
    "choice": Text("  {label} ({kind}, {step}): {parts}",
                   zh="  {label}（{kind}，{step}）：{parts}"),
}  # fmt: skip


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a Chinese character takes two)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def _counted(key: str, n: int, unit: str, lang: str) -> str:
    """``n`` cases or values in ``lang`` ("576 cases", "576 种")."""
    return _EXPLAIN_WORDS[key].format(plural=plural(n, unit), n=f"{n:,}").get(lang)


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


def _values(values: Sequence[str]) -> str:
    """Values as the trace writes them; whole numbers as runs (``0–4, 9``)."""
    from conjure.magic.explain import ranges

    if all(v.lstrip("-").isdigit() for v in values):
        return ranges([int(v) for v in values])
    return ", ".join(values)


@_names_plugin_bugs
def _explain(args: argparse.Namespace) -> int:
    from conjure.magic.explain import explain, ranges, vary
    from conjure.magic.report import exit_code
    from conjure.magic.trace import KIND

    w = {k: t.get(args.lang) for k, t in _EXPLAIN_WORDS.items()}
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
        reports = [r for _, r in results]
        if args.json:
            return print_json(
                {
                    "routine": routine.id,
                    "parameter": name,
                    "results": [
                        {"value": v, "verdict": r.verdict, "cases": r.cases, "space": r.space}
                        for v, r in results
                    ],
                }
            )
        good = [v for v, r in results if r.proved]
        bad = [v for v, r in results if not r.passed]
        unsure = [v for v, r in results if r.passed and not r.proved]
        good_, bad_ = (ranges(v) if v else w["none"] for v in (good, bad))
        print(w["works"].format(name=name, good=good_, bad=bad_))
        if unsure:
            print(w["unsure"].format(name=name, values=ranges(unsure)))
        colon = Text(": ", zh="：").get(args.lang)
        for v, report in results:
            print(f"  {name}={v}{colon}{_how(report, args.lang)}")
        return exit_code(reports)
    result = explain(routine, args.claim, params, limit=limit, sample=examples, seed=seed)
    if args.json:
        return print_json(result.to_json())
    head = Text("{id} ({both}): {claims}", zh="{id}（{name_zh}）：{claims}")
    known = {"name_zh": routine.name_zh or routine.both_names, "both": routine.both_names}
    print(head.format(id=routine.id, claims=_claims_text(result.claims), **known).get(args.lang))
    count = f"{result.cases:,}"
    if result.exhaustive:
        print(
            w["all"].format(
                cases=_counted("cases", result.cases, "case", args.lang),
                failed=f"{result.failed:,}",
                seconds=result.seconds,
            )
        )
    else:
        print(
            w["sample"].format(
                cases=count,
                space=count_text(result.space),
                seed=result.seed,
                failed=f"{result.failed:,}",
                seconds=result.seconds,
            )
        )
    if result.odds is not None and (result.failed or not result.odds.exact):
        print(_ODDS_WORDS["works"].format(said=result.odds.said()).get(args.lang))
    if result.condition.en:
        print(_EXPLAIN_WORDS["condition"].format(condition=result.condition).get(args.lang))
    else:
        print(w["no condition"])
    if result.never_matter:
        names = w["comma"].join(
            w["named"].format(
                label=c.label, count=_counted("values", len(c.values), "value", args.lang)
            )
            for c in result.never_matter
        )
        print(w["never" if result.exhaustive else "never sample"].format(names=names))
    if result.matter:
        print(w["matter"])
        for c in result.matter:
            parts = [
                w["part"].format(what=w[key], values=_values(values))
                for key, values in (
                    ("fails", c.always_fails),
                    ("holds", c.always_holds),
                    ("depends", c.depends),
                )
                if values
            ]
            kind = KIND[c.kind].get(args.lang) if c.kind in KIND else c.kind
            line = w["choice"].format(
                label=c.label, kind=kind, step=c.step or "-", parts=w["sep"].join(parts)
            )
            print(line)
    return EXIT_OK


#: the words of ``solve``
_SOLVE_WORDS = {
    "head": Text("{id}: claim {claim}: {text}", zh="{id}：结论 {claim}：{text}"),
    "setups": Text("{plural}", zh="{n:,}种准备"),
    "one": Text("{n} of {total} makes it hold for every choice ({seconds:.2f} s)",
                zh="{total}中有{n}种使它对每一种选择都成立（{seconds:.2f} 秒）"),
    "many": Text("{n} of {total} make it hold for every choice ({seconds:.2f} s)",
                 zh="{total}中有{n}种使它对每一种选择都成立（{seconds:.2f} 秒）"),
    "rule": Text("rule: {rules}", zh="规律：{rules}"),
    "sep": Text("; ", zh="；"),
    "more": Text("  … and {n} more (--json lists them all)",
                 zh="  ……另有{n}种（--json 列出全部）"),
    "every": Text("  every set-up works: the set-up does not matter for this claim "
                  "(--json lists them all)",
                  zh="  每一种准备都成立：这条结论与准备无关（--json 列出全部）"),
}  # fmt: skip


@_names_plugin_bugs
def _solve(args: argparse.Namespace) -> int:
    from conjure.magic.setups import format_setup, solve

    routine = registry().routine(args.routine)
    solution = solve(routine, args.claim, int_params(args.param))
    if args.json:
        data = {
            "routine": routine.id,
            "claim": solution.claim.id,
            "count": len(solution.setups),
            "total": solution.total,
            "rules": [str(rule) for rule in solution.rules],
            "setups": [
                {k: "".join(map(str, v)) if isinstance(v, tuple) else v for k, v in s.items()}
                for s in solution.setups
            ],
        }
        return print_json(data)
    lang = args.lang
    w = _SOLVE_WORDS
    head = w["head"].format(id=routine.id, claim=solution.claim.id, text=solution.claim.text)
    print(head.get(lang))
    found = len(solution.setups)
    print(
        w["one" if found == 1 else "many"]
        .format(
            n=f"{found:,}",
            total=w["setups"].format(plural=plural(solution.total, "set-up"), n=solution.total),
            seconds=solution.seconds,
        )
        .get(lang)
    )
    if solution.rules:
        print(w["rule"].format(rules=w["sep"].join(solution.rules)).get(lang))
    if found == solution.total and found > 1:  # a list of every set-up would say nothing
        print(w["every"].get(lang))
        return EXIT_OK
    for setup in solution.setups[:24]:
        print("  " + format_setup(setup))
    if len(solution.setups) > 24:
        print(w["more"].format(n=len(solution.setups) - 24).get(lang))
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
