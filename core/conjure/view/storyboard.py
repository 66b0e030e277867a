"""A routine as a storyboard: one self-contained web page, a block per step with the narration,
the performer's and the audience's view drawn side by side, the moves, and what the audience
believes. A performance that breaks (a counter-example from the verifier) is drawn the same
way, its failing step marked.

It draws a recorded :class:`~conjure.magic.Outcome` (``perform(..., record=True)``), so it sits
above the routine model: nothing below imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conjure.deck import CARDS, DeckState, is_hand
from conjure.magic import describe_value
from conjure.text import Text
from conjure.view import svg
from conjure.view.page import document, esc

if TYPE_CHECKING:
    from collections.abc import Sequence

    from conjure.magic import Outcome, Performance
    from conjure.magic.routine import ChoiceMade

_W = {
    "storyboard": Text("storyboard", zh="分镜"),
    "setup": Text("Set-up", zh="准备"),
    "step": Text("Step", zh="步骤"),
    "performer": Text("Performer's view", zh="表演者看到的"),
    "audience": Text("Audience's view", zh="观众看到的"),
    "moves": Text("Moves", zh="动作"),
    "no_moves": Text("no moves", zh="没有动作"),
    "believes": Text("The audience believes", zh="观众相信"),
    "nothing": Text("nothing in particular", zh="没有特别的想法"),
    "choices": Text("Choices", zh="选择"),
    "flashed": Text("Faces flashed during the moves", zh="动作中观众看到的牌"),
    "failed": Text("FAILED", zh="失败"),
    "failed_here": Text("The performance breaks here", zh="表演在这里出错"),
    "claims": Text("Claims", zh="结论"),
    "claim_broken": Text(
        "claim {id} does not hold after step {step}", zh="{step}之后结论{id}不成立"
    ),
    "optional": Text("optional", zh="可选"),
    "ok": Text("Every claim holds.", zh="所有结论都成立。"),
    "counter": Text(
        "Counter-example found by the verifier, drawn step by step.",
        zh="验证器找到的反例，逐步画出。",
    ),
    "kind_setup": Text("set-up", zh="准备"),
    "kind_spectator": Text("spectator", zh="观众"),
    "kind_performer": Text("performer", zh="表演者"),
    "params": Text("Parameters", zh="参数"),
}


def _t(key: str, lang: str, **values: object) -> str:
    return _W[key].format(**values).get(lang) if values else _W[key].get(lang)


def _choices(choices: Sequence[ChoiceMade], lang: str) -> str:
    """The choices made in a block: whose, which, what it was."""
    items = []
    for c in choices:
        kind = _t(f"kind_{c.kind}", lang)
        what = Text(c.en, zh=c.zh).get(lang) if c.en else ""
        extra = f" ({esc(what)})" if what else ""
        items.append(
            f"<li>{esc(kind)}: <b>{esc(c.name)}</b> = {esc(describe_value(c.value))}{extra}</li>"
        )
    if not items:
        return ""
    return (
        f'<div class="choices"><span class="label">{esc(_t("choices", lang))}:</span>'
        f'<ul class="plain">{"".join(items)}</ul></div>'
    )


def _views(state: DeckState, lang: str, places: list[str], sheet: svg.Sheet) -> str:
    return (
        '<div class="views">'
        f'<figure class="performer"><figcaption>{esc(_t("performer", lang))}</figcaption>'
        f"{svg.performer_scene(state, lang, also=places, sheet=sheet)}</figure>"
        f'<figure class="audience"><figcaption>{esc(_t("audience", lang))}</figcaption>'
        f"{svg.audience_scene(state, lang, also=places, sheet=sheet)}</figure>"
        "</div>"
    )


def all_places(perf: Performance) -> list[str]:
    """The hands that hold cards at some step: drawn (empty when they are) at every step, so
    the layout stays put; an empty spot on the table is left out."""
    states = [perf.initial, *(step.state for step in perf.steps)]
    return sorted({p for s in states if s is not None for p in s.places() if is_hand(p)})


def failing_step(outcome: Outcome) -> int | None:
    """The index of the block to mark (0 the set-up, ``k`` step ``k``), or ``None``."""
    perf = outcome.performance
    if outcome.failure is not None:
        number = getattr(outcome.failure, "step", "")
        for i, step in enumerate(perf.steps):
            if step.number == number:
                return i + 1
        return 0 if not perf.steps else len(perf.steps)
    if outcome.claim_errors:
        return len(perf.steps)
    return None


def storyboard(outcome: Outcome, lang: str = "en", counterexample: bool = False) -> str:
    """The whole page for a recorded performance."""
    perf = outcome.performance
    routine = perf.routine
    places = all_places(perf)
    sheet = svg.Sheet(lang)
    marked = failing_step(outcome)
    name = routine.name_zh if lang == "zh" else routine.name_en
    other = routine.name_en if lang == "zh" else routine.name_zh
    summary = routine.summary_zh if lang == "zh" else routine.summary_en
    setup_text = routine.setup_zh if lang == "zh" else routine.setup_en
    header = [f"<header><h1>{esc(name)} <small>{esc(other)}</small></h1>"]
    header.append(f"<p>{esc(routine.citation.get(lang))} · {esc(_t('storyboard', lang))}</p>")
    if summary:
        header.append(f"<p>{esc(summary)}</p>")
    if perf.params:
        params = ", ".join(f"{k}={v}" for k, v in perf.params.items())
        header.append(f"<p>{esc(_t('params', lang))}: {esc(params)}</p>")
    if counterexample:
        header.append(f'<p class="bad">{esc(_t("counter", lang))}</p>')
    header.append("</header>")

    frames: list[str] = []
    setup_choices = [c for c in perf.choices if c.kind == "setup"]
    initial = perf.initial if perf.initial is not None else DeckState()
    frames.append(
        _frame(
            0,
            _t("setup", lang),
            "",
            setup_text,
            _choices(setup_choices, lang) + _views(initial, lang, places, sheet),
            _failure(outcome, lang) if marked == 0 else "",
        )
    )
    for i, step in enumerate(perf.steps, 1):
        moves = (
            '<ul class="moves">'
            + "".join(f"<li>{esc(m.describe(lang))}</li>" for m in step.moves)
            + "</ul>"
            if step.moves
            else f"<p>{esc(_t('no_moves', lang))}</p>"
        )
        notes = "".join(
            f'<p class="notes">{esc(zh if lang == "zh" and zh else en)}</p>'
            for en, zh in step.notes
        )
        flashed = ""
        if step.shown:
            cards = [CARDS[c] for c in sorted(step.shown)]
            flashed = (
                f'<div class="seen"><div class="label">{esc(_t("flashed", lang))}</div>'
                f"{svg.cards_row(cards, lang, sheet=sheet)}</div>"
            )
        believes = [b.text(lang) for b in step.beliefs.values()]
        belief = (
            f'<p class="believes"><span class="label">{esc(_t("believes", lang))}:</span> '
            f"{esc('; '.join(believes) if believes else _t('nothing', lang))}</p>"
        )
        views = _views(step.state, lang, places, sheet) if step.state is not None else ""
        frames.append(
            _frame(
                i,
                f"{_t('step', lang)} {step.number}",
                step.number,
                step.narration(lang),
                _choices(step.choices, lang)
                + f'<p class="label">{esc(_t("moves", lang))}</p>{moves}{notes}'
                + views
                + flashed
                + belief,
                _failure(outcome, lang) if marked == i else "",
            )
        )
    frames.append(_verdict(outcome, lang, len(frames), counterexample))
    title = f"{name} · {_t('storyboard', lang)}"
    return document(title, "".join(header), frames, lang, sheet)


def _failure(outcome: Outcome, lang: str) -> str:
    """Why the performance breaks, for the block where it does."""
    lines = []
    if outcome.failure is not None:
        lines.append(f"{_t('failed', lang)}: {outcome.failure}")
    perf = outcome.performance
    last = perf.steps[-1].number if perf.steps else ""
    for claim_id, problem in outcome.claim_errors.items():
        lines.append(f"{_t('claim_broken', lang, id=claim_id, step=last)}: {problem}")
    return "".join(f'<p class="failure">✗ {esc(line)}</p>' for line in lines)


def _frame(index: int, heading: str, number: str, narration: str, body: str, failure: str) -> str:
    """One block: its heading and narration, why it fails (marked, when it does), its body."""
    css = "frame step failed" if failure else "frame step"
    label = esc(heading)
    return (
        f'<section class="{css}" id="step-{index}" data-index="{index}" data-label="{label}"'
        f' data-number="{esc(number)}">'
        f'<h2><span class="num">{label}</span>{esc(narration)}</h2>{failure}{body}</section>'
    )


def _verdict(outcome: Outcome, lang: str, index: int, counterexample: bool) -> str:
    """Each claim's result; a counter-example lists only the claims it breaks (the verifier
    checked no others on it)."""
    items = []
    routine = outcome.performance.routine
    for claim in routine.claims:
        if counterexample and claim.id not in outcome.claim_errors:
            continue
        text = claim.zh if lang == "zh" else claim.en
        if not claim.promised:
            text += f" ({_t('optional', lang)})"
        if claim.id in outcome.claim_errors:
            items.append(
                f'<li class="bad">✗ {esc(claim.id)}: {esc(text)}: '
                f"{esc(outcome.claim_errors[claim.id])}</li>"
            )
        elif outcome.failure is None:
            items.append(f'<li class="ok">✓ {esc(claim.id)}: {esc(text)}</li>')
    head = _t("claims", lang)
    lines = ""
    if outcome.failure is not None:
        lines = f'<p class="failure">{esc(_t("failed", lang))}: {esc(outcome.failure)}</p>'
    elif not outcome.claim_errors:
        lines = f'<p class="ok">{esc(_t("ok", lang))}</p>'
    return (
        f'<section class="frame verdict" id="verdict" data-index="{index}" '
        f'data-label="{esc(head)}"><h2>{esc(head)}</h2>{lines}'
        f'<ul class="plain">{"".join(items)}</ul></section>'
    )
