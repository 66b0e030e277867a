"""What ``conjure slips``, ``explain`` and ``solve`` print: the slips of a routine step by
step, what separates its failing cases, and the set-ups for which a claim holds. Each function
returns lines; the command line prints them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conjure.magic.report import count_text
from conjure.text import Text
from conjure.view.verdicts import ODDS_WORDS, claims_text, verdict_line


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``1 case``, ``2 cases``, ``20,000 cases``."""
    return f"{n:,} {noun if n == 1 else (nouns or noun + 's')}"


SLIP_WORDS = {
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


EXPLAIN_WORDS = {
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


def pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a Chinese character takes two)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def counted(key: str, n: int, unit: str, lang: str) -> str:
    """``n`` cases or values in ``lang`` ("576 cases", "576 种")."""
    return EXPLAIN_WORDS[key].format(plural=plural(n, unit), n=f"{n:,}").get(lang)


def values_text(values: Sequence[str]) -> str:
    """Values as the trace writes them; whole numbers as runs (``0–4, 9``)."""
    from conjure.magic.explain import ranges

    if all(v.lstrip("-").isdigit() for v in values):
        return ranges([int(v) for v in values])
    return ", ".join(values)


#: the words of ``solve``
SOLVE_WORDS = {
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


def slips_lines(report: Any, routine: Any, lang: str) -> list[str]:
    """Every slip of every step, fatal or survived, and the critical steps."""
    from conjure.magic.setups import format_setup
    from conjure.magic.slips import HOW

    w = {key: words.get(lang) for key, words in SLIP_WORDS.items()}
    moves = len({(r.slip.step, r.slip.index) for r in report.results})
    name = routine.name.get(lang)
    out = [w["title"].format(id=routine.id, name=name, n=len(report.results), moves=moves)]
    for step, results in report.steps():
        fatal = sum(r.fatal for r in results)
        out += ["", w["step"].format(step=step, fatal=fatal, n=len(results))]
        for r in results:
            said = r.slip.text().get(lang)
            if r.fatal:
                kind = HOW.get(r.how)
                how = kind.get(lang) if kind else r.how
                out.append(f"  {pad(w['fatal'], 8)} {r.slip.index + 1}. {said}")
                out.append(f"           {w['why'].format(how=how, reason=r.reason.get(lang))}")
                if r.counterexample is not None:
                    chosen = format_setup(
                        {c.name: c.value for c in r.counterexample.performance.choices}
                    )
                    if chosen:
                        out.append(f"           {w['case'].format(chosen=chosen)}")
            else:
                held = w["proved"] if r.proved else w["sampled"].format(n=f"{r.cases:,}")
                out.append(f"  {pad(w['survives'], 8)} {r.slip.index + 1}. {said} {held}")
    critical = report.critical()
    out.append("")
    if critical:
        listed = ", ".join(f"{step} ({fatal}/{n})" for step, fatal, n in critical)
        out.append(w["critical"].format(steps=listed))
    else:
        out.append(w["none"])
    return out


def vary_lines(name: str, results: Sequence[tuple[int, Any]], lang: str) -> list[str]:
    """``explain --vary``: the values of one parameter for which the claims hold, and each
    value's verdict."""
    from conjure.magic.explain import ranges

    w = {k: t.get(lang) for k, t in EXPLAIN_WORDS.items()}
    good = [v for v, r in results if r.proved]
    bad = [v for v, r in results if not r.passed]
    unsure = [v for v, r in results if r.passed and not r.proved]
    good_, bad_ = (ranges(v) if v else w["none"] for v in (good, bad))
    out = [w["works"].format(name=name, good=good_, bad=bad_)]
    if unsure:
        out.append(w["unsure"].format(name=name, values=ranges(unsure)))
    colon = Text(": ", zh="：").get(lang)
    out += [f"  {name}={v}{colon}{verdict_line(report, lang)}" for v, report in results]
    return out


def explain_lines(result: Any, routine: Any, lang: str) -> list[str]:
    """What separates the failing cases of a claim from the rest: which choices matter."""
    from conjure.magic.trace import KIND

    w = {k: t.get(lang) for k, t in EXPLAIN_WORDS.items()}
    head = Text("{id} ({both}): {claims}", zh="{id}（{name_zh}）：{claims}")
    known = {"name_zh": routine.name_zh or routine.both_names, "both": routine.both_names}
    out = [head.format(id=routine.id, claims=claims_text(result.claims), **known).get(lang)]
    if result.exhaustive:
        out.append(
            w["all"].format(
                cases=counted("cases", result.cases, "case", lang),
                failed=f"{result.failed:,}",
                seconds=result.seconds,
            )
        )
    else:
        out.append(
            w["sample"].format(
                cases=f"{result.cases:,}",
                space=count_text(result.space),
                seed=result.seed,
                failed=f"{result.failed:,}",
                seconds=result.seconds,
            )
        )
    if result.odds is not None and (result.failed or not result.odds.exact):
        out.append(ODDS_WORDS["works"].format(said=result.odds.said()).get(lang))
    if result.condition.en:
        out.append(EXPLAIN_WORDS["condition"].format(condition=result.condition).get(lang))
    else:
        out.append(w["no condition"])
    if result.never_matter:
        names = w["comma"].join(
            w["named"].format(label=c.label, count=counted("values", len(c.values), "value", lang))
            for c in result.never_matter
        )
        out.append(w["never" if result.exhaustive else "never sample"].format(names=names))
    if result.matter:
        out.append(w["matter"])
        for c in result.matter:
            parts = [
                w["part"].format(what=w[key], values=values_text(values))
                for key, values in (
                    ("fails", c.always_fails),
                    ("holds", c.always_holds),
                    ("depends", c.depends),
                )
                if values
            ]
            kind = KIND[c.kind].get(lang) if c.kind in KIND else c.kind
            out.append(
                w["choice"].format(
                    label=c.label, kind=kind, step=c.step or "-", parts=w["sep"].join(parts)
                )
            )
    return out


def solve_lines(solution: Any, routine: Any, lang: str, shown: int = 24) -> list[str]:
    """The set-ups for which the claim holds whatever the spectator does, and their rule."""
    from conjure.magic.setups import format_setup

    w = SOLVE_WORDS
    head = w["head"].format(id=routine.id, claim=solution.claim.id, text=solution.claim.text)
    out = [head.get(lang)]
    found = len(solution.setups)
    out.append(
        w["one" if found == 1 else "many"]
        .format(
            n=f"{found:,}",
            total=w["setups"].format(plural=plural(solution.total, "set-up"), n=solution.total),
            seconds=solution.seconds,
        )
        .get(lang)
    )
    if solution.rules:
        out.append(w["rule"].format(rules=w["sep"].join(solution.rules)).get(lang))
    if found == solution.total and found > 1:  # a list of every set-up would say nothing
        out.append(w["every"].get(lang))
        return out
    out += ["  " + format_setup(setup) for setup in solution.setups[:shown]]
    if found > shown:
        out.append(w["more"].format(n=found - shown).get(lang))
    return out
