"""Progress in numbers: accuracy, median answer time, streaks, what is due, the weakest cards
and steps, and accuracy and speed day by day (as terminal bars or an SVG image)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from statistics import median
from typing import Any
from xml.sax.saxutils import escape

from conjure.trainer import scheduler
from conjure.trainer.db import Answer, Progress

BARS = "▁▂▃▄▅▆▇█"


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
        "by_item": sorted(weak, key=lambda row: str(row["item"])),
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


def to_json(stats: dict[str, Any]) -> dict[str, Any]:
    out = dict(stats)
    if isinstance(out.get("next_due"), datetime):
        out["next_due"] = out["next_due"].isoformat()
    return out


def _bar(value: float, top: float) -> str:
    if top <= 0:
        return BARS[0]
    return BARS[min(len(BARS) - 1, int(value / top * (len(BARS) - 1) + 0.5))]


def plot_text(days: Sequence[dict[str, Any]]) -> str:
    """Accuracy and median answer time per day as two rows of bars, oldest day first."""
    if not days:
        return ""
    slowest = max(d["median_seconds"] for d in days)
    acc = "".join(_bar(d["accuracy"], 1.0) for d in days)
    speed = "".join(_bar(d["median_seconds"], slowest) for d in days)
    first, last = days[0]["date"], days[-1]["date"]
    return (
        f"accuracy  {acc}  ({round(100 * days[-1]['accuracy'])}% on {last})\n"
        f"seconds   {speed}  ({days[-1]['median_seconds']} s median on {last}; "
        f"bars scaled to {slowest} s)\n"
        f"          {first} … {last}"
    )


def plot_svg(days: Sequence[dict[str, Any]], title: str) -> str:
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
            parts.append(
                f'<circle cx="{x(i):.1f}" cy="{y(d["accuracy"]):.1f}" r="3" fill="#1f6f3f"/>'
            )
        parts.append(
            f'<text x="{pad}" y="{height - 16}">{escape(days[0]["date"])}</text>'
            f'<text x="{pad + inner_w}" y="{height - 16}" text-anchor="end">'
            f"{escape(days[-1]['date'])}</text>"
        )
    parts.append(
        f'<text x="{width - pad}" y="24" text-anchor="end">'
        '<tspan fill="#1f6f3f">— accuracy</tspan>  <tspan fill="#1f3f8f">-- median seconds</tspan>'
        "</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
