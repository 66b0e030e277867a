"""The verifier's verdicts in words: what ``conjure verify`` (and ``explain --vary``) prints.

Every verdict says what kind of result it is: PROVED only after every case was walked, a
counter-example with the case it was found at, a sample with how many random cases of about how
many and the seed that replays it, an error of the routine's own code as its plugin's bug. The
odds of a trick that can fail follow, exact or said to be an estimate with their interval. Each
function returns lines; the command line prints them.
"""

from __future__ import annotations

import traceback
from collections.abc import Mapping, Sequence
from typing import Any

from conjure.magic.report import BUG, PROVED, REFUTED, count_text
from conjure.text import Text

#: the words of ``verify`` (and of ``explain --vary``, which reports the same way)
WORDS = {
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
    "head unsourced": Text("{id} ({both})", zh="{id}（{name_zh}）"),
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


def counted(key: str, n: int, lang: str) -> str:
    """``n`` things in ``lang``: ``1 case``, ``2 cases``, ``2种情况``; past a trillion as
    ``8.07e+67``."""
    word = WORDS[key if n == 1 else key + "s"]
    return word.format(n=count_text(n)).get(lang)


def walked(report: Any, lang: str = "en") -> str:
    """What the merging walk did, in one parenthesis (empty when it merged nothing)."""
    if not report.merged and not report.abstraction:
        return ""
    said = WORDS["walked"].format(
        runs=counted("performance", report.runs, lang),
        states=counted("situation", report.states, lang),
        merged=f"{report.merged:,}",
        size=counted("situation", report.proof_size, lang),
    )
    if report.abstraction:
        classes = WORDS["classes"].format(classes=report.abstraction_text)
        said = said + WORDS["sep"] + classes
    return Text(" ({said})", zh="（{said}）").format(said=said).get(lang)


def failing_head(report: Any) -> Text:
    """The head of a failing verdict: a refutation of the trick, or a bug of its plugin's code
    (then nothing is refuted, and the word says so)."""
    if report.verdict == BUG:
        return WORDS["error"]
    return WORDS["refuted"]


def verdict_line(report: Any, lang: str = "en") -> str:
    """What was checked, in words that tell a proof from a sample."""
    w = WORDS
    seconds = w["seconds"].format(s=report.seconds)
    space = count_text(report.space)
    if report.mode == "exhaustive":
        if report.verdict == PROVED:
            cases = counted("case", report.cases, lang)
            said = w["proved"].format(cases=cases, walked=walked(report, lang), seconds=seconds)
        elif report.cases < 10**12 and not report.abstraction:
            said = w["refuted at"].format(
                found=failing_head(report), case=f"{report.cases:,}", space=space, seconds=seconds
            )
        else:
            runs = counted("performance", report.runs, lang)
            said = w["refuted after"].format(found=failing_head(report), runs=runs, seconds=seconds)
        return said.get(lang)
    # the search runs in seeded chunks whatever the worker count, so the seed alone replays it
    cases = counted("random case", report.cases, lang)
    sample = w["sample"].format(cases=cases, space=space, seed=report.seed)
    if report.verdict in (REFUTED, BUG):
        head = failing_head(report)
        return w["refuted sample"].format(found=head, sample=sample, seconds=seconds).get(lang)
    assert report.verdict not in (PROVED, BUG)
    return w["not a proof"].format(sample=sample, seconds=seconds).get(lang)


_MERGING = Text("no merging at step {where}: {why}", zh="步骤{where}不合并：{why}")


_MERGING_STEPS = Text("no merging at steps {where}: {why}", zh="步骤{where}不合并：{why}")


def notes(report: Any, lang: str = "en") -> list[str]:
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


def claims_text(claims: Sequence[Any]) -> Text:
    """``id: text; id: text`` in every language."""
    said = Text("")
    for i, claim in enumerate(claims):
        if i:
            said = said + WORDS["sep"]
        said = said + WORDS["claim"].format(id=claim.id, text=claim.text)
    return said


ODDS_WORDS = {
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


def odds_lines(report: Any, lang: str) -> list[str]:
    """How often the routine works, for a refuted claim or a sample (a proof needs none)."""
    odds = report.odds
    if odds is None or (report.counterexample is None and odds.exact):
        return []
    w = ODDS_WORDS
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


def tally(reports: Sequence[Any], lang: str) -> str:
    """How many settings ended how: ``1 proved, 9 refuted``, in the verdicts' own words."""
    w = WORDS
    counts = [
        (w["n proved"], sum(r.verdict == PROVED for r in reports)),
        (w["n refuted"], sum(r.verdict == REFUTED for r in reports)),
        (w["n bug"], sum(r.verdict == BUG for r in reports)),
        (w["n sampled"], sum(r.verdict not in (PROVED, REFUTED, BUG) for r in reports)),
    ]
    said = [word.format(n=n).get(lang) for word, n in counts if n]
    return w["sep"].get(lang).join(said) if said else w["n none"].get(lang)


def head_lines(routine: Any, checked: Sequence[Any], lang: str) -> list[str]:
    """The routine, its source and the claims checked, before the first verdict."""
    w = WORDS
    said = w["head" if routine.source or routine.source_zh else "head unsourced"].format(
        id=routine.id,
        both=routine.both_names,
        name_zh=routine.name_zh or routine.both_names,
        source=routine.citation,
    )
    return [
        said.get(lang),
        w["claims"].format(claims=claims_text(checked)).get(lang),
        w["two views"].get(lang),
    ]


def result_lines(
    report: Any, params: Mapping[str, int], lang: str, plugin: str, debug: bool = False
) -> list[str]:
    """One setting's verdict, its notes, its odds and the smallest counter-example as a trace
    (with the routine's own traceback under ``debug`` when its code failed)."""
    from conjure.magic.trace import format_outcome

    w = WORDS
    where = ", ".join(f"{k}={v}" for k, v in params.items())
    lines = [verdict_line(report, lang) + (f" [{where}]" if where else "")]
    if report.space_exact and report.cases >= 10**12:  # count_text rounds it: the exact count too
        lines.append("  " + w["exactly"].format(n=str(report.space)).get(lang))
    lines += [f"  {note}" for note in notes(report, lang)]
    lines += [f"  {line}" for line in odds_lines(report, lang)]
    found_case = report.counterexample
    if found_case is None:
        return lines
    if report.verdict == BUG:
        lines.append(w["bug"].format(plugin=repr(plugin)).get(lang))
        if debug and found_case.error is not None:
            lines += traceback_text(found_case.error, "    ").splitlines()
        else:
            lines.append(w["debug"].get(lang))
    lines.append(w["smallest"].get(lang))
    lines += [f"    {line}" for line in format_outcome(found_case, lang).splitlines()]
    return lines


def summary_line(reports: Sequence[Any], lang: str) -> str:
    """After a sweep of several settings: how many ended how."""
    return WORDS["summary"].format(total=len(reports), tally=tally(reports, lang)).get(lang)


def interrupted(done: Sequence[Any], total: int, lang: str, within: str = "") -> str:
    """What an interrupted sweep had covered, and what the setting under way had."""
    said = WORDS["interrupted"].format(n=len(done), total=total, tally=tally(done, lang))
    if within:
        said = WORDS["interrupted within"].format(said=said, within=within)
    return said.get(lang)


def traceback_text(error: BaseException, indent: str = "") -> str:
    """The traceback of a routine's own exception, each line indented."""
    trace = "".join(traceback.format_exception(error))
    return "".join(f"{indent}{line}" for line in trace.splitlines(True))
