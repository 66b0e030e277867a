"""Progress in numbers: accuracy, median answer time, streaks, what is due, the weakest cards
and steps, and accuracy and speed day by day (as terminal bars or an SVG image)."""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from statistics import median
from typing import Any
from xml.sax.saxutils import escape

from conjure.text import Text
from conjure.trainer import scheduler
from conjure.trainer.db import Answer, Progress

BARS = "▁▂▃▄▅▆▇█"

#: how wide (in terminal cells) an item's label is shown in the weakest list and the table
WEAKEST_WIDTH = 40
TABLE_WIDTH = 32

_WORDS = {
    "summary": Text(
        "{subject}: {answered} answered, accuracy {acc}, median {med}, streak {streak} "
        "(best {best}), {due} due, {new} new of {items}",
        zh="{subject}：共答 {answered} 题，正确率 {acc}，中位用时 {med}，连对 {streak} 题"
        "（最多 {best} 题），到期 {due} 项，{items} 项中未学 {new} 项",
    ),
    "seconds": Text("{s} s", zh="{s} 秒"),
    "short seconds": Text("{s:g}s", zh="{s:g}秒"),
    "next due": Text("  next due {when} UTC", zh="  下次到期：{when}（协调世界时）"),
    "weakest": Text("  weakest: {items}", zh="  最弱：{items}"),
    "weak item": Text("{label} ({pct}%, {s} s)", zh="{label}（{pct}%，{s} 秒）"),
    "separator": Text("; ", zh="；"),
    "headers": Text("card or step|answered|accuracy|median", zh="牌或步骤|作答|正确率|中位用时"),
    "nothing": Text(
        "nothing drilled yet{none}: try conjure drill mnemonica",
        zh="还没有练习过{none}：试试 conjure drill mnemonica",
    ),
    "no database": Text(" (no progress database at {where})", zh="（{where} 处没有进度数据库）"),
    "plot written": Text("plot written to {file}", zh="图已写入 {file}"),
    "accuracy row": Text(
        "accuracy  {bars}  ({pct}% on {last})", zh="正确率    {bars}  （{last}：{pct}%）"
    ),
    "seconds row": Text(
        "seconds   {bars}  ({s} s median on {last}; bars scaled to {top} s)",
        zh="用时      {bars}  （{last} 中位 {s} 秒；柱高满格为 {top} 秒）",
    ),
    "cuts": Text(
        "  cuts: {n}, {hits} within {hit} cards; mean {mean:+.1f} cards ({bias}), spread "
        "{spread:.1f} cards",
        zh="  切牌 {n} 次，{hits} 次在 {hit} 张以内；平均偏差 {mean:+.1f} 张（{bias}），离散度 "
        "{spread:.1f} 张",
    ),
    "deep": Text("too deep", zh="偏深"),
    "shallow": Text("too shallow", zh="偏浅"),
    "on target": Text("on target", zh="不偏不倚"),
    "records": Text("  best speed runs: {runs}", zh="  速度练习最好成绩：{runs}"),
    "record": Text("{mode} ({size} cards) {s:.1f} s", zh="{mode}（{size} 张）{s:.1f} 秒"),
    "legend accuracy": Text("— accuracy", zh="— 正确率"),
    "legend seconds": Text("-- median seconds", zh="-- 中位用时（秒）"),
}


def word(key: str, lang: str, **values: Any) -> str:
    """One of the stats' sentences in ``lang``, its fields filled with ``values``."""
    return _WORDS[key].format(**values).get(lang)


def _cells(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _in_word(ch: str) -> bool:
    """Whether ``ch`` belongs to a word of Latin letters or digits (a card such as 10♥ too),
    which is never cut in two. A Chinese character is a word of its own."""
    return (ch.isalnum() or ch in "'’-♠♥♦♣") and _cells(ch) == 1


def shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` terminal cells: whole when it fits, else cut where a word
    ends (or between two Chinese characters) with an ellipsis, never in the middle of a word
    unless the first word alone is too long."""
    if sum(_cells(c) for c in text) <= width:
        return text
    room, used, end = width - 1, 0, 0  # one cell for the ellipsis
    while end < len(text) and used + _cells(text[end]) <= room:
        used += _cells(text[end])
        end += 1
    cut = end
    while cut > 0 and _in_word(text[cut - 1]) and _in_word(text[cut]):
        cut -= 1
    if cut == 0:  # one word longer than the room: cut it rather than show nothing
        cut = end
    return text[:cut].rstrip(" ,;:(，；：、（") + "…"


def item_label(item: str, stored: str, lang: str, steps: Mapping[str, Text] | None = None) -> str:
    """How an item is shown: a step by its text in ``lang`` when the routine is at hand
    (``steps``, by item id), else as stored; a stack card as stored (``12 4C``) with the card
    written as everywhere else (``12 4♣``)."""
    if steps is not None and item in steps:
        return steps[item].get(lang)
    if item.startswith("stack:"):
        from conjure.deck import Card

        number, _, code = stored.partition(" ")
        try:
            return f"{number} {Card(code)}"
        except Exception:  # a label of an older or hand-edited database: shown as it is
            return stored
    return stored


def summary_lines(
    stats: dict[str, Any], lang: str, steps: Mapping[str, Text] | None = None
) -> list[str]:
    """The lines ``conjure stats`` prints about one subject (before the table and the plot)."""
    r = stats

    def secs(value: Any) -> str:
        return word("seconds", lang, s=value)

    acc = "-" if r["accuracy"] is None else f"{round(100 * r['accuracy'])}%"
    med = "-" if r["median_seconds"] is None else secs(r["median_seconds"])
    out = [
        word(
            "summary",
            lang,
            subject=r["subject"],
            answered=r["answered"],
            acc=acc,
            med=med,
            streak=r["streak"],
            best=r["best_streak"],
            due=r["due"],
            new=r["new"],
            items=r["items"],
        )
    ]
    if r["next_due"] is not None and not r["due"]:
        out.append(word("next due", lang, when=f"{r['next_due']:%Y-%m-%d %H:%M}"))
    weak = [w for w in r["weakest"] if w["accuracy"] < 1] or r["weakest"][:3]
    if weak:
        shown = [
            word(
                "weak item",
                lang,
                label=shorten(item_label(w["item"], w["label"], lang, steps), WEAKEST_WIDTH),
                pct=round(100 * w["accuracy"]),
                s=w["median_seconds"],
            )
            for w in weak
        ]
        out.append(word("weakest", lang, items=word("separator", lang).join(shown)))
    if r.get("cuts"):
        out.append(cut_line(r["cuts"], lang))
    if r.get("records"):
        from conjure.trainer.practice import mode_name

        runs = [
            word("record", lang, mode=mode_name(x["mode"]), size=x["size"], s=x["seconds"])
            for x in r["records"]
        ]
        out.append(word("records", lang, runs=word("separator", lang).join(runs)))
    return out


def cut_line(cuts: Mapping[str, Any], lang: str) -> str:
    """How the cuts went (:func:`_cuts`'s numbers) in one line."""
    from conjure.trainer.practice import HIT

    mean = cuts["mean"]
    bias = "deep" if mean >= 0.5 else "shallow" if mean <= -0.5 else "on target"
    return word(
        "cuts",
        lang,
        n=cuts["cuts"],
        hits=cuts["hits"],
        hit=HIT,
        mean=mean,
        bias=word(bias, lang),
        spread=cuts["spread"],
    )


def item_rows(
    stats: dict[str, Any], lang: str, steps: Mapping[str, Text] | None = None
) -> tuple[list[str], list[tuple[str, str, str, str]]]:
    """The headers and rows of ``conjure stats --items``: every card or step answered."""
    rows = [
        (
            shorten(item_label(w["item"], w["label"], lang, steps), TABLE_WIDTH),
            str(w["answered"]),
            f"{round(100 * w['accuracy'])}%",
            word("seconds", lang, s=w["median_seconds"]),
        )
        for w in stats["by_item"]
    ]
    return word("headers", lang).split("|"), rows


def best_runs(
    progress: Progress, subject: str, skip: int | None = None
) -> dict[tuple[str, int], dict[str, Any]]:
    """The fastest clean speed run of ``subject`` for each (mode, size): every card of the run
    answered and right; its run id and its time (the answers' seconds added up). ``skip`` leaves
    one run out (the run just made, to say what the record was before it)."""
    runs = {r.id: r for r in progress.runs(subject) if r.id != skip}
    given: dict[int, list[Answer]] = defaultdict(list)
    for a in progress.answers(subject):
        if a.run in runs:
            given[a.run].append(a)
    best: dict[tuple[str, int], dict[str, Any]] = {}
    for run_id, answers in given.items():
        run = runs[run_id]
        if len(answers) != run.size or not all(a.correct for a in answers):
            continue
        seconds = round(sum(a.seconds for a in answers), 3)
        key = (run.mode, run.size)
        if key not in best or seconds < best[key]["seconds"]:
            best[key] = {"run": run_id, "seconds": seconds, "date": run.started_at}
    return best


def _streaks(answers: Sequence[Answer]) -> tuple[int, int]:
    """(the run of right answers at the end, the longest run)."""
    best = run = 0
    for a in answers:
        run = run + 1 if a.correct else 0
        best = max(best, run)
    return run, best


def subject_stats(
    progress: Progress, subject: str, when: datetime, weakest: int = 5
) -> dict[str, Any]:
    """Everything ``conjure stats SUBJECT`` shows, as data."""
    answers = list(progress.answers(subject))
    items = progress.items(subject)
    labels = {i.id: i.label for i in items}
    current, best = _streaks(answers)
    per_item: dict[str, list[Answer]] = defaultdict(list)
    per_day: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        if a.off is None:  # a cut estimation measures the hands, not how well a card is known
            per_item[a.item].append(a)
        per_day[a.asked_at.date().isoformat()].append(a)
    weak: list[dict[str, Any]] = sorted(
        (
            {
                "item": item,
                "label": labels.get(item, item),
                "answered": len(given),
                "accuracy": round(sum(a.correct for a in given) / len(given), 3),
                "median_seconds": round(median(a.seconds for a in given), 2),
            }
            for item, given in per_item.items()
        ),
        key=lambda row: (float(row["accuracy"]), -float(row["median_seconds"]), str(row["item"])),
    )
    due = scheduler.due_items(items, when)
    order = {i.id: k for k, i in enumerate(items)}
    return {
        "subject": subject,
        "answered": len(answers),
        "right": sum(a.correct for a in answers),
        "accuracy": round(sum(a.correct for a in answers) / len(answers), 3) if answers else None,
        "median_seconds": round(median(a.seconds for a in answers), 2) if answers else None,
        "streak": current,
        "best_streak": best,
        "items": len(items),
        "due": len(due),
        "due_items": [{"item": i.id, "label": i.label} for i in due],
        "new": sum(1 for i in items if i.memory is None),
        "next_due": min((i.due for i in items if i.due is not None and i.memory), default=None),
        "weakest": weak[:weakest],
        # in the order of the stack (position 1 first) or of the routine's steps
        "by_item": sorted(weak, key=lambda row: order.get(str(row["item"]), len(order))),
        "cuts": _cuts(answers),
        "records": [
            {"mode": mode, "size": size, "seconds": best["seconds"]}
            for (mode, size), best in sorted(best_runs(progress, subject).items())
        ],
        "days": [
            {
                "date": day,
                "answered": len(given),
                "accuracy": round(sum(a.correct for a in given) / len(given), 3),
                "median_seconds": round(median(a.seconds for a in given), 2),
            }
            for day, given in sorted(per_day.items())
        ],
    }


def _cuts(answers: Sequence[Answer]) -> dict[str, Any] | None:
    """Cut estimation in numbers: how many cuts, how many within the hit, the mean error
    (positive: too deep) and the spread of the errors (their standard deviation)."""
    from statistics import pstdev

    from conjure.trainer.practice import HIT

    offs = [a.off for a in answers if a.off is not None]
    if not offs:
        return None
    return {
        "cuts": len(offs),
        "hits": sum(abs(o) <= HIT for o in offs),
        "mean": round(sum(offs) / len(offs), 2),
        "spread": round(pstdev(offs), 2) if len(offs) > 1 else 0.0,
    }


def to_json(stats: dict[str, Any]) -> dict[str, Any]:
    out = dict(stats)
    if isinstance(out.get("next_due"), datetime):
        out["next_due"] = out["next_due"].isoformat()
    return out


def _bar(value: float, top: float) -> str:
    if top <= 0:
        return BARS[0]
    return BARS[min(len(BARS) - 1, int(value / top * (len(BARS) - 1) + 0.5))]


#: how wide the terminal plot may grow, in cells, and how wide one day's column may be
PLOT_WIDTH = 60
DAY_WIDTH = 6


def plot_text(days: Sequence[dict[str, Any]], lang: str = "en") -> str:
    """Accuracy and median answer time per day as two rows of bars, oldest day first; each
    day's column as wide as the data allows (a few days get wide columns with their values
    and dates under them, many days a cell each)."""
    if not days:
        return ""
    n = len(days)
    width = max(1, min(DAY_WIDTH, PLOT_WIDTH // n))
    slowest = max(d["median_seconds"] for d in days)
    bar = max(1, width - 1) if width > 2 else width
    gap = " " * (width - bar)

    def row(cells: Sequence[str]) -> str:
        return "".join(cell.ljust(bar) + gap for cell in cells).rstrip()

    acc = row([_bar(d["accuracy"], 1.0) * bar for d in days])
    speed = row([_bar(d["median_seconds"], slowest) * bar for d in days])
    first, last = days[0]["date"], days[-1]["date"]
    lines = [
        word("accuracy row", lang, bars=acc, pct=round(100 * days[-1]["accuracy"]), last=last),
        word("seconds row", lang, bars=speed, s=days[-1]["median_seconds"], last=last, top=slowest),
    ]
    pad = " " * 10
    if width >= 5:  # room under each column for its values and its date
        lines.append(pad + row([f"{round(100 * d['accuracy'])}%" for d in days]))
        lines.append(pad + row([word("short seconds", lang, s=d["median_seconds"]) for d in days]))
        lines.append(pad + row([d["date"][5:] for d in days]))
    lines.append(f"{pad}{first} … {last}")
    return "\n".join(lines)


def plot_svg(days: Sequence[dict[str, Any]], title: str, lang: str = "en") -> str:
    """Accuracy (left scale, %) and median answer time (right scale, s) per day as an SVG."""
    width, height, pad = 640, 320, 48
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    n = len(days)
    slowest = max((d["median_seconds"] for d in days), default=1.0) or 1.0

    def x(i: int) -> float:
        return pad + (inner_w * i / (n - 1) if n > 1 else inner_w / 2)

    def y(fraction: float) -> float:
        return pad + inner_h * (1 - fraction)

    acc = " ".join(f"{x(i):.1f},{y(d['accuracy']):.1f}" for i, d in enumerate(days))
    spd = " ".join(f"{x(i):.1f},{y(d['median_seconds'] / slowest):.1f}" for i, d in enumerate(days))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{pad}" y="24" font-size="16">{escape(title)}</text>',
        f'<line x1="{pad}" y1="{pad + inner_h}" x2="{pad + inner_w}" y2="{pad + inner_h}" '
        'stroke="#888"/>',
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{pad + inner_h}" stroke="#888"/>',
        f'<text x="{pad - 6}" y="{pad + 4}" text-anchor="end" fill="#1f6f3f">100%</text>',
        f'<text x="{pad - 6}" y="{pad + inner_h + 4}" text-anchor="end" fill="#1f6f3f">0%</text>',
        f'<text x="{pad + inner_w + 6}" y="{pad + 4}" fill="#1f3f8f">{slowest:g} s</text>',
        f'<text x="{pad + inner_w + 6}" y="{pad + inner_h + 4}" fill="#1f3f8f">0 s</text>',
    ]
    if n:
        parts.append(
            f'<polyline class="accuracy" points="{acc}" fill="none" stroke="#1f6f3f" '
            'stroke-width="2"/>'
        )
        parts.append(
            f'<polyline class="seconds" points="{spd}" fill="none" stroke="#1f3f8f" '
            'stroke-width="2" stroke-dasharray="6 3"/>'
        )
        for i, d in enumerate(days):
            ya, ys = y(d["accuracy"]), y(d["median_seconds"] / slowest)
            parts.append(f'<circle cx="{x(i):.1f}" cy="{ya:.1f}" r="3" fill="#1f6f3f"/>')
            parts.append(f'<circle cx="{x(i):.1f}" cy="{ys:.1f}" r="3" fill="#1f3f8f"/>')
            # the values on the points: accuracy above its point, seconds below its point
            parts.append(
                f'<text class="value accuracy" x="{x(i):.1f}" y="{ya - 7:.1f}" '
                f'text-anchor="middle" fill="#1f6f3f">{round(100 * d["accuracy"])}%</text>'
            )
            parts.append(
                f'<text class="value seconds" x="{x(i):.1f}" y="{ys + 16:.1f}" '
                f'text-anchor="middle" fill="#1f3f8f">'
                f"{escape(word('seconds', lang, s=d['median_seconds']))}</text>"
            )
        parts.append(
            f'<text x="{pad}" y="{height - 16}">{escape(days[0]["date"])}</text>'
            f'<text x="{pad + inner_w}" y="{height - 16}" text-anchor="end">'
            f"{escape(days[-1]['date'])}</text>"
        )
    parts.append(
        f'<text x="{width - pad}" y="24" text-anchor="end">'
        f'<tspan fill="#1f6f3f">{escape(word("legend accuracy", lang))}</tspan>  '
        f'<tspan fill="#1f3f8f">{escape(word("legend seconds", lang))}</tspan>'
        "</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
