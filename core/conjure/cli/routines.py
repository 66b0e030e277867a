"""The routine commands: ``routines``, ``verify``, ``solve`` and ``rehearse``."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    add_command,
    int_params,
    pairs,
    print_json,
    print_rows,
    registry,
)


def add_parsers(sub: Any) -> None:
    p = add_command(sub, "routines", _routines, help="list the routines and their claims")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("en", "zh"), default="en")

    p = add_command(
        sub, "verify", _verify, help="check a routine's claims for every set-up and choice"
    )
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
    p.add_argument("--storyboard", metavar="FILE.html", help="draw a counter-example as a page")

    p = add_command(
        sub, "solve", _solve, help="find the set-ups for which an optional claim always holds"
    )
    p.add_argument("routine", metavar="ROUTINE")
    p.add_argument("claim", metavar="CLAIM")
    p.add_argument("--param", action="append", metavar="NAME=VALUE")
    p.add_argument("--json", action="store_true")

    p = add_command(
        sub, "rehearse", _rehearse, help="walk through a routine step by step in both views"
    )
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
    p.add_argument("--tui", action="store_true", help="walk the steps in the interactive app")


def _routines(args: argparse.Namespace) -> int:
    reg = registry()
    rows = []
    for rid in sorted(reg.routines):
        r = reg.routines[rid]
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
        return print_json(rows)
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
    print_rows("conjure routines", ("id", "name", "source", "parameters", "claims"), lines)
    return EXIT_OK


def _verify(args: argparse.Namespace) -> int:
    from conjure.magic.trace import format_outcome, outcome_json
    from conjure.magic.verify import sweep, verify

    routine = registry().routine(args.routine)
    fixed = int_params(args.param)
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
    if args.storyboard:
        from conjure.cli.pictures import write_counterexample

        write_counterexample(args.storyboard, [report for _, report in results], args.lang)
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


def _solve(args: argparse.Namespace) -> int:
    from conjure.magic.verify import format_setup, solve

    routine = registry().routine(args.routine)
    solution = solve(routine, args.claim, int_params(args.param))
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
        return print_json(data)
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


def _rehearse(args: argparse.Namespace) -> int:
    from conjure.magic.rehearse import rehearse

    routine = registry().routine(args.routine)
    if args.tui:
        from conjure.cli.trainer import rehearse_in_app

        return rehearse_in_app(args, routine)
    return rehearse(
        routine,
        params=int_params(args.param),
        setup=pairs(args.setup, "--setup"),
        choices=pairs(args.choice, "--choice"),
        lang=args.lang,
        all_steps=args.all,
        as_json=args.json,
    )
