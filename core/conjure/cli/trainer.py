"""The trainer commands: ``stacks``, ``drill``, ``stats``, ``export anki`` and ``app``."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    add_command,
    add_lang,
    int_params,
    print_json,
    print_rows,
    registry,
)
from conjure.errors import ConjureError, Interrupted, UsageError
from conjure.inputs import parse_int
from conjure.text import Text


def _db(p: Any) -> None:
    p.add_argument(
        "--db",
        metavar="PATH",
        help=Text(
            "the progress database (default: progress.sqlite3 in your data directory)",
            zh="进度数据库（默认：数据目录中的 progress.sqlite3）",
        ),
    )


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "stacks",
        _stacks,
        help=Text(
            "list the deck orders and stacks, or show one",
            zh="列出牌的顺序和记忆牌序，或显示其中一个",
        ),
    )
    p.add_argument(
        "stack",
        metavar="STACK",
        nargs="?",
        help=Text("a stack id or a stack file", zh="一个牌序的编号或牌序文件"),
    )
    p.add_argument("--json", action="store_true")
    add_lang(p)

    p = add_command(
        sub,
        "drill",
        _drill,
        help=Text(
            "drill a memorised stack or a routine's steps, what is due first",
            zh="练习记忆牌序或流程的步骤，先练该复习的",
        ),
    )
    p.add_argument(
        "name",
        metavar="STACK|ROUTINE",
        help=Text("a stack id, a stack file or a routine", zh="一个牌序的编号、牌序文件或流程"),
    )
    p.add_argument(
        "--mode",
        default="mixed",
        choices=("mixed", "position", "card", "next", "previous", "neighbours", "cut",
                 "estimate", "one-ahead", "speed"),
        help=Text(
            "stack questions: card to position, position to card, next, previous, both "
            "neighbours, the card cut to in a deck already cut, cut estimation with a real deck, "
            "one ahead, or the whole stack from the top as a speed run (default: mixed, every "
            "kind of the first six in turn)",
            zh=(
                "牌序的题目：由牌问位置、由位置问牌、下一张、上一张、上下两张、已切过的牌中切到"
                "的牌、用真牌练习估切、超前一张，或从第一张起整副牌的速度练习（默认：混合，轮流出"
                "前六种题）"
            ),
        ),
    )  # fmt: skip
    p.add_argument(
        "--after",
        action="append",
        metavar="MOVES",
        help=Text(
            "drill the stack as these moves leave it: moves as conjure moves writes them, "
            'separated by ";", or "cut to CARD" (repeatable), e.g. "Faro left"',
            zh='练习做完这些动作之后的牌序：按 conjure moves 的写法，用 ";" 分隔，或写 '
            '"cut to 牌"（可重复），例如 "Faro left"',
        ),
    )
    p.add_argument(
        "--positions",
        metavar="P",
        help=Text(
            "drill only these positions of the stack, e.g. 1-13 or 1-13,40-52 (new cards come "
            "in a random order either way)",
            zh="只练这些位置，例如 1-13 或 1-13,40-52（无论如何新牌都以随机顺序出现）",
        ),
    )
    p.add_argument(
        "--speed",
        action="store_true",
        help=Text(
            "a speed run: every card (of --positions) once, timed, with the best time kept "
            "for each mode",
            zh="速度练习：每张牌（--positions 中的）答一次并计时，每种题型保留最好成绩",
        ),
    )
    p.add_argument(
        "--count",
        metavar="N",
        help=Text(
            "stop after N answers (default: until q)", zh="回答 N 题后停止（默认：直到输入 q）"
        ),
    )
    p.add_argument(
        "--seed",
        metavar="N",
        help=Text("seed the random set-ups and choices", zh="随机准备和选择的种子"),
    )
    p.add_argument(
        "--param",
        action="append",
        metavar="NAME=VALUE",
        help=Text("a routine parameter", zh="一个流程参数"),
    )
    p.add_argument(
        "--tui",
        action="store_true",
        help=Text("drill in the interactive app", zh="在交互式应用中练习"),
    )
    _db(p)
    add_lang(p)

    p = add_command(
        sub,
        "stats",
        _stats,
        help=Text(
            "accuracy, speed, streaks and what is due", zh="正确率、速度、连续天数和该复习的内容"
        ),
    )
    p.add_argument(
        "name",
        metavar="STACK|ROUTINE",
        nargs="?",
        help=Text("one stack or routine", zh="一个牌序或流程"),
    )
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--plot",
        action="store_true",
        help=Text("accuracy and speed per day as bars", zh="以条形图显示每天的正确率和速度"),
    )
    p.add_argument(
        "--svg", metavar="FILE", help=Text("write the plot as an SVG image", zh="把图写成 SVG 图片")
    )
    p.add_argument(
        "--items",
        action="store_true",
        help=Text(
            "accuracy and speed of every card or step answered",
            zh="每张答过的牌或每个答过的步骤的正确率和速度",
        ),
    )
    _db(p)
    add_lang(p)

    p = add_command(
        sub,
        "export",
        _export,
        help=Text("export a stack or a routine for Anki", zh="为 Anki 导出牌序或流程"),
    )
    p.add_argument("format", choices=("anki",), metavar="anki")
    p.add_argument("name", metavar="STACK|ROUTINE")
    p.add_argument("-o", "--output", required=True, metavar="FILE.apkg")
    add_lang(p)

    p = add_command(
        sub,
        "app",
        _app,
        help=Text(
            "the interactive trainer (needs the 'app' extra)",
            zh="交互式练习器（需要 'app' 附加组件）",
        ),
    )
    p.add_argument(
        "name",
        metavar="STACK|ROUTINE",
        nargs="?",
        help=Text(
            "what to drill (default: choose in the app among every stack and routine)",
            zh="要练习的内容（默认：在应用中从所有牌序和套路中选择）",
        ),
    )
    p.add_argument(
        "--mode",
        default="mixed",
        choices=("mixed", "position", "card", "next", "previous", "neighbours", "cut",
                 "estimate", "one-ahead", "speed"),
        help=Text(
            "how a stack is drilled, as for conjure drill", zh="牌序的练习方式，同 conjure drill"
        ),
    )  # fmt: skip
    p.add_argument("--after", action="append", metavar="MOVES", help=Text(
        "drill the stack as these moves leave it, as for conjure drill",
        zh="练习做完这些动作之后的牌序，同 conjure drill",
    ))  # fmt: skip
    p.add_argument("--positions", metavar="P", help=Text(
        "drill only these positions of the stack, as for conjure drill",
        zh="只练这些位置，同 conjure drill",
    ))  # fmt: skip
    p.add_argument(
        "--screenshots",
        metavar="DIR",
        help=Text(
            "where Ctrl+S saves screenshots (made if missing; default: conjure in your "
            "pictures folder)",
            zh="Ctrl+S 截图的保存位置（不存在则建立；默认：图片文件夹中的 conjure）",
        ),
    )
    _db(p)
    add_lang(p)


def _progress(args: argparse.Namespace, read_only: bool = False) -> Any:
    """The progress database. A read-only command never creates one: where there is none yet
    it reads an empty one in memory (and says so), so a mistyped ``--db`` leaves no file."""
    from conjure.trainer.db import Progress, default_path

    if read_only and not Path(args.db if args.db is not None else default_path()).exists():
        return Progress(":memory:")
    return Progress(args.db)


def _stacks(args: argparse.Namespace) -> int:
    from conjure.deck.stacks import STACKS, resolve_stack

    if args.stack:
        s = resolve_stack(args.stack)
        data = {
            "id": s.id,
            "name": s.name.get(args.lang),
            "source": s.source.get(args.lang),
            "kind": s.kind,
            "cyclic": s.cyclic,
            "cards": [c.ascii for c in s.cards],
        }
        if args.json:
            return print_json(data)
        print(_TRAINER_WORDS["stack"].format(id=s.id, name=data["name"]).get(args.lang))
        print(f"  {data['source']}")
        for row in range(0, len(s.cards), 13):
            cells = [f"{i + 1:>2} {s.cards[i]!s:<3}" for i in range(row, min(row + 13, len(s)))]
            print("  " + "  ".join(cells))
        return EXIT_OK
    rows = [
        {
            "id": s.id,
            "name": s.name.get(args.lang),
            "source": s.source.get(args.lang),
            "kind": s.kind,
        }
        for s in STACKS.values()
    ]
    if args.json:
        return print_json(rows)
    print_rows(
        "conjure stacks",
        tuple(h.get(args.lang) for h in _STACK_HEADERS),
        [(r["id"], r["name"], r["source"]) for r in rows],
    )
    return EXIT_OK


def _subject(name: str, params: dict[str, int] | None = None, after: Any = ()) -> Any:
    from conjure.trainer import resolve

    return resolve(name, registry, params, after)


_FOR_STACKS = Text(
    "{option} is for stacks; a routine's questions are mixed",
    zh="{option} 只用于牌序；套路的问题总是混合的",
)
_NO_SPEED = Text(
    "--speed runs the modes position, card, next, previous, neighbours, cut, mixed and speed, "
    "not {mode}",
    zh="--speed 只用于 position、card、next、previous、neighbours、cut、mixed 和 speed，不用于 "
    "{mode}",
)


def _check_drill_options(args: argparse.Namespace, subject: Any, params: dict[str, int]) -> Any:
    """The positions asked for; a one-line error for an option the subject does not take."""
    from conjure.trainer import ROUTINE
    from conjure.trainer.practice import ESTIMATE, ONE_AHEAD, parse_positions

    if subject.kind == ROUTINE:
        subject.target.resolve_params(params)
        for given, option in (
            (args.mode != "mixed", f"--mode {args.mode}"),
            (args.after, "--after"),
            (args.positions, "--positions"),
            (args.speed, "--speed"),
        ):
            if given:
                raise UsageError(_FOR_STACKS.format(option=option))
        return None
    if params:
        raise UsageError(
            Text(
                "--param is for routines; a stack has no parameters",
                zh="--param 只用于套路；牌序没有参数",
            )
        )
    if args.speed and args.mode in (ESTIMATE, ONE_AHEAD):
        raise UsageError(_NO_SPEED.format(mode=args.mode))
    if args.positions is None:
        return None
    return parse_positions(args.positions, len(subject.items))


def _drill(args: argparse.Namespace) -> int:
    from conjure.trainer import ROUTINE, open_subject
    from conjure.trainer.practice import SPEED, spaced_order
    from conjure.trainer.scheduler import now
    from conjure.trainer.session import run, run_lines, summary, word

    count = parse_int(args.count, "--count", low=1) if args.count is not None else None
    seed = parse_int(args.seed, "--seed") if args.seed is not None else None
    params = int_params(args.param)
    subject = _subject(args.name, params, args.after if args.after else ())
    positions = _check_drill_options(args, subject, params)
    if args.tui:
        return _run_app(args, args.name, "drill")
    with _progress(args) as progress:
        open_subject(progress, subject, now())
        rng = random.Random(seed)
        session = subject.session(progress, args.mode, params, rng, positions=positions)
        order = None
        speed = subject.kind != ROUTINE and (args.speed or args.mode == SPEED)
        if speed:
            order = session.items()
            if args.mode not in (SPEED, "card"):
                order = spaced_order(subject.stack_drill(args.mode), order, rng)
            session.run = progress.start_run(subject.subject, args.mode, now(), len(order))
        title = (
            subject.target.name.get(args.lang)
            if subject.kind != ROUTINE
            else (subject.target.name_zh if args.lang == "zh" else subject.target.name_en)
        )
        due, new = session.due_count()
        print(word("start", args.lang, title=title, due=due, new=new))
        sys.stdout.flush()
        result = run(session, lang=args.lang, count=count, order=order, ask=_ask)
        print(summary(result, session, args.lang))
        if speed and order is not None:
            print(run_lines(result, session, args.mode, len(order), args.lang))
    if result.interrupted:
        # Ctrl-C is a way to stop too: the summary above, then the usual interrupted exit
        n = len(result.answers)
        raise Interrupted(
            Text(f"after {n} answers, every one saved", zh=f"已回答{n}次，全部已保存")
        )
    return EXIT_OK


_STACK_HEADERS = (Text("id", zh="编号"), Text("name", zh="名称"), Text("source", zh="出处"))
#: the trainer's own lines around a drill, its statistics and an export
_TRAINER_WORDS = {
    "stack": Text("{id}: {name}", zh="{id}：{name}"),
}  # fmt: skip


def _ask(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        print()
        raise EOFError
    answer = line.rstrip("\n")
    if not sys.stdin.isatty():
        print(answer)  # an answer read from a pipe is echoed, so the transcript reads as typed
    return answer


def _step_labels(subjects: list[str], lang: str) -> dict[str, Any]:
    """The steps of the routines among ``subjects`` in every language, by item id (a routine no
    longer installed keeps the labels the database stored)."""
    if lang == "en" or not any(s.startswith("routine:") for s in subjects):
        return {}
    from conjure.trainer.drills import item_labels

    routines = registry().routines
    out: dict[str, Any] = {}
    for s in subjects:
        routine = routines.get(s.removeprefix("routine:")) if s.startswith("routine:") else None
        if routine is not None:
            try:
                out.update(item_labels(routine))
            except ConjureError:  # a routine that no longer performs: the stored labels
                continue
    return out


def _title(subject: str, lang: str) -> str:
    """A subject as people call it: a stack's or a routine's name (the id when unknown)."""
    from conjure.trainer.moved import title_of

    said = title_of(subject)
    if said is not None:
        return said.get(lang)
    if subject.startswith("routine:"):
        routine = registry().routines.get(subject.removeprefix("routine:"))
        if routine is not None:
            return str(routine.name.get(lang))
    return subject.removeprefix("stack:custom:").removeprefix("stack:")


def _stats(args: argparse.Namespace) -> int:
    from conjure.trainer.db import default_path
    from conjure.trainer.scheduler import now
    from conjure.trainer.stats import (
        item_rows,
        plot_svg,
        plot_text,
        subject_stats,
        summary_lines,
        to_json,
        word,
    )

    lang = args.lang
    when = now()
    with _progress(args, read_only=True) as progress:
        if args.name:
            subjects = [_subject(args.name).subject]
        else:
            subjects = progress.subjects()
        results = [subject_stats(progress, s, when) for s in subjects]
    if args.svg:
        if len(results) != 1:
            raise UsageError(
                Text(
                    "--svg draws one stack or routine: name it",
                    zh="--svg 只画一个牌序或套路：请写出是哪一个",
                )
            )
        try:
            title = _title(results[0]["subject"], lang)
            Path(args.svg).write_text(plot_svg(results[0]["days"], title, lang), "utf-8")
        except OSError as exc:
            raise ConjureError(
                Text(
                    f"cannot write {args.svg!r}: {exc.strerror}",
                    zh=f"无法写入 {args.svg!r}：{exc.strerror}",
                )
            ) from None
    if args.json:
        data = [to_json(r) for r in results]
        return print_json(data[0] if args.name else data)
    if not results:
        where = Path(args.db) if args.db is not None else default_path()
        none = "" if where.exists() else word("no database", lang, where=repr(str(where)))
        print(word("nothing", lang, none=none))
        return EXIT_OK
    steps = _step_labels(subjects, lang)
    for r in results:
        for line in summary_lines(r, lang, steps):
            print(line)
        if args.items and r["by_item"]:
            headers, rows = item_rows(r, lang, steps)
            print_rows(r["subject"], headers, rows)
        if args.plot and r["days"]:
            for line in plot_text(r["days"], lang).splitlines():
                print("  " + line)
    if args.svg:
        print(word("plot written", lang, file=args.svg))
    return EXIT_OK


def _export(args: argparse.Namespace) -> int:
    from conjure.trainer import STACK
    from conjure.trainer.export import routine_package, stack_package

    subject = _subject(args.name)
    if not args.output.endswith(".apkg"):
        raise UsageError(
            Text(
                f"-o {args.output!r}: an Anki package ends in .apkg",
                zh=f"-o {args.output!r}：Anki 牌组文件以 .apkg 结尾",
            )
        )
    if subject.kind == STACK:
        notes = stack_package(subject.target, args.output, args.lang)
    else:
        notes = routine_package(subject.target, args.output, args.lang)
    print(
        Text(
            f"{notes} notes written to {args.output}", zh=f"已写入 {notes} 条笔记：{args.output}"
        ).get(args.lang)
    )
    return EXIT_OK


def _app(args: argparse.Namespace) -> int:
    subject = _subject(args.name, {}, args.after or ()) if args.name is not None else None
    if subject is not None:
        args.param, args.speed = None, False
        _check_drill_options(args, subject, {})
    elif args.after or args.positions or args.mode != "mixed":
        raise UsageError(
            Text(
                "--mode, --after and --positions need a stack: name it",
                zh="--mode、--after 和 --positions 需要一个牌序：请写出是哪一个",
            )
        )
    return _run_app(args, args.name, "app")


def on_a_terminal() -> bool:
    """Whether both ends of the session are a terminal (the app draws and reads keys there)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


_NO_TERMINAL = {
    "app": Text(
        "the interactive app needs a terminal; with piped input use conjure drill NAME",
        zh="交互式应用需要终端；输入来自管道时请用 conjure drill 名称",
    ),
    "drill": Text(
        "the interactive app needs a terminal; with piped input leave out --tui",
        zh="交互式应用需要终端；输入来自管道时请去掉 --tui",
    ),
    "rehearse": Text(
        "the interactive app needs a terminal; with piped input leave out --tui",
        zh="交互式应用需要终端；输入来自管道时请去掉 --tui",
    ),
}


def _app_module(command: str = "app") -> Any:
    import importlib

    if not on_a_terminal():
        # a full-screen app on a pipe would draw to nobody and wait for keys that never come
        raise UsageError(_NO_TERMINAL[command])

    try:
        app = importlib.import_module("conjure.trainer.app")
    except ImportError as exc:
        raise ConjureError(
            Text(
                f"the interactive app needs Textual ({exc.name} is missing): "
                "pip install 'conjure[app]'",
                zh=f"交互式应用需要 Textual（缺少 {exc.name}）：pip install 'conjure[app]'",
            )
        ) from None
    return app


def _run_app(args: argparse.Namespace, name: str | None, command: str) -> int:
    from conjure.trainer.practice import parse_positions

    app = _app_module(command)
    positions = None
    if args.positions is not None and name is not None:
        size = len(_subject(name, {}, args.after or ()).items)
        positions = parse_positions(args.positions, size)
    code: int = app.run_app(
        name,
        db=args.db,
        lang=args.lang,
        drill_mode=args.mode,
        after=tuple(args.after or ()),
        positions=positions,
        screenshots=getattr(args, "screenshots", None),
        routines=registry,
    )
    return code


def rehearse_in_app(args: argparse.Namespace, routine: Any) -> int:
    """``conjure rehearse ROUTINE --tui``: the steps of the performance the options describe."""
    from conjure.cli.common import pairs
    from conjure.magic.rehearse import perform_for_rehearsal

    app = _app_module("rehearse")
    outcome = perform_for_rehearsal(
        routine,
        int_params(args.param),
        pairs(args.setup, "--setup"),
        pairs(args.choice, "--choice"),
    )
    code: int = app.run_app(
        routine.id,
        lang=args.lang,
        mode=app.REHEARSE,
        performance=outcome.performance,
        routines=registry,
    )
    return code
