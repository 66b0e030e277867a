"""A routine as a storyboard: one self-contained web page, a block per step with the narration,
the performer's and the audience's view drawn side by side, the moves, and what the audience
believes. A performance that breaks (a counter-example from the verifier) is drawn the same
way, its failing step marked.

It draws a recorded :class:`~conjure.magic.Outcome` (``perform(..., record=True)``), so it sits
above the routine model: nothing below imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conjure.deck import CARDS, DeckState, is_hand, label
from conjure.magic import describe_value
from conjure.magic.rehearse import move_frames, touched_in_step
from conjure.text import Text
from conjure.view import svg
from conjure.view.page import document, esc

if TYPE_CHECKING:
    from collections.abc import Sequence

    from conjure.magic import Outcome, Performance
    from conjure.magic.performance import ChoiceMade

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
    "say": Text("Say", zh="台词"),
    "effect": Text("The effect", zh="效果"),
    "by_move": Text("▶ move by move", zh="▶ 逐个动作"),
    "move_of": Text("move {k} of {n}", zh="第{k}个动作，共{n}个"),
    "seen_move": Text("Faces seen as it is made", zh="做这个动作时观众看到的牌"),
    "counted": Text("Counted, one side at each count", zh="点数时每数一张看到的一面"),
    "back": Text("back", zh="背面"),
    "break_new": Text("{place}: a break under {n}", zh="{place}：在{n}张牌之下设置布雷克"),
    "break_gone": Text(
        "{place}: the break under {n} is gone", zh="{place}：{n}张牌之下的布雷克不见了"
    ),
    "break_moved": Text(
        "{place}: the break is now under {n}", zh="{place}：布雷克现在在{n}张牌之下"
    ),
    "cards": Text("{n} cards", zh="{n}张牌"),
    "card": Text("1 card", zh="1张牌"),
    "banner": Text(
        "Counter-example: the performance breaks at {step}.", zh="反例：表演在{step}出错。"
    ),
    "banner_claim": Text(
        "Counter-example: a claim does not hold at the end.", zh="反例：最后有结论不成立。"
    ),
    "go_failure": Text("Go to the failing step", zh="转到出错的步骤"),
    "key": Text("Key to the pictures", zh="图例"),
    "key_face": Text("a card face up", zh="表面向上的牌"),
    "key_xray": Text(
        "face down, its index shown to you (performer's view only)",
        zh="表面向下，标出牌名给你看（只在表演者视角中）",
    ),
    "key_back": Text("a back the audience sees", zh="观众看到的牌背"),
    "key_edge": Text(
        "a card under the top of a squared packet: nobody sees its face or back",
        zh="叠齐的牌叠中特普之下的牌：谁也看不到它的牌面或牌背",
    ),
    "key_break": Text(
        "your little-finger break: the cards left of the line are above it",
        zh="你用小指保持的布雷克：线左边的牌在布雷克之上",
    ),
    "key_changed": Text("a place the move just changed", zh="这个动作刚改变的位置"),
    "key_fan": Text(
        "a packet is fanned top card first: the leftmost card is the top",
        zh="每叠牌从特普展开：最左边的是特普牌",
    ),
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


def _views(
    state: DeckState,
    lang: str,
    places: list[str],
    sheet: svg.Sheet,
    changed: Sequence[str] = (),
    folded: Sequence[str] = (),
) -> str:
    performer = svg.performer_scene(
        state, lang, also=places, sheet=sheet, changed=changed, folded=folded
    )
    audience = svg.audience_scene(
        state, lang, also=places, sheet=sheet, changed=changed, folded=folded
    )
    return (
        '<div class="views">'
        f'<figure class="performer"><figcaption>{esc(_t("performer", lang))}</figcaption>'
        f"{performer}</figure>"
        f'<figure class="audience"><figcaption>{esc(_t("audience", lang))}</figcaption>'
        f"{audience}</figure>"
        "</div>"
    )


def _n_cards(n: int, lang: str) -> str:
    return _t("card", lang) if n == 1 else _t("cards", lang, n=n)


def _move_frames(
    perf: Performance,
    index: int,
    lang: str,
    places: list[str],
    sheet: svg.Sheet,
    folded: Sequence[str] = (),
) -> str:
    """The step's moves one by one, each with both views after it (the places it changed
    marked), the break it caught or used, and what the audience saw as it was made; hidden
    until the step is walked move by move."""
    frames = move_frames(perf, index)
    if not frames:
        return ""
    out = [f'<button class="bymove" type="button">{esc(_t("by_move", lang))}</button>']
    for frame in frames:
        of = _t("move_of", lang, k=frame.k + 1, n=frame.of)
        notes = []
        for place, was, now in frame.breaks:
            where = label(place, lang)
            if now is None:
                notes.append(_t("break_gone", lang, place=where, n=_n_cards(was or 0, lang)))
            elif was is None:
                notes.append(_t("break_new", lang, place=where, n=_n_cards(now, lang)))
            else:
                notes.append(_t("break_moved", lang, place=where, n=_n_cards(now, lang)))
        said = "".join(f'<p class="break-note">╎ {esc(n)}</p>' for n in notes)
        seen = ""
        if frame.shown:
            cards = [CARDS[c] for c in sorted(frame.shown)]
            seen = (
                f'<div class="seen"><div class="label">{esc(_t("seen_move", lang))}</div>'
                f"{svg.cards_row(cards, lang, sheet=sheet)}</div>"
            )
        if frame.counts:
            sides = " · ".join(
                str(CARDS[b & 63]) if b & 64 else _t("back", lang) for b in frame.counts
            )
            seen += f'<p class="seen"><span class="label">{esc(_t("counted", lang))}:</span> '
            seen += f"{esc(sides)}</p>"
        out.append(
            f'<div class="moveframe" data-move="{frame.k}" hidden>'
            f'<h3>{esc(frame.move.in_words().get(lang))} <span class="of">· {esc(of)}</span></h3>'
            f"{said}{_views(frame.after, lang, places, sheet, frame.changed, folded)}{seen}</div>"
        )
    return "".join(out)


def all_places(perf: Performance) -> list[str]:
    """The hands that hold cards at some step: drawn (empty when they are) at every step, so
    the layout stays put; an empty spot on the table is left out."""
    states = [perf.initial, *(step.state for step in perf.steps)]
    return sorted({p for s in states if s is not None for p in s.places() if is_hand(p)})


def untouched_places(perf: Performance) -> list[str]:
    """The places no move of the performance names and whose cards stay as they were at every
    step (the rest of a deck set aside): each page draws them folded, a few cards deep, and
    says they are untouched."""
    touched = {place for i in range(len(perf.steps)) for place in touched_in_step(perf, i)}
    states = [s for s in (perf.initial, *(step.state for step in perf.steps)) if s is not None]
    if not states:
        return []
    first = states[0]
    return sorted(
        place
        for place in first.places()
        if place not in touched and all(s.packet(place) == first.packet(place) for s in states)
    )


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
    folded = untouched_places(perf)
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
    header.append(_key(lang))
    header.append("</header>")
    if marked is not None:  # outside the header, so that it stays in sight as the page scrolls
        header.append(_banner(outcome, lang, marked))

    frames: list[str] = []
    setup_choices = [c for c in perf.choices if c.kind == "setup"]
    initial = perf.initial if perf.initial is not None else DeckState()
    frames.append(
        _frame(
            0,
            _t("setup", lang),
            "",
            setup_text,
            _choices(setup_choices, lang) + _views(initial, lang, places, sheet, (), folded),
            _failure(outcome, lang) if marked == 0 else "",
        )
    )
    for i, step in enumerate(perf.steps, 1):
        moves = (
            '<ul class="moves">'
            + "".join(
                f'<li title="{esc(m.describe(lang))}">{esc(m.in_words().get(lang))}</li>'
                for m in step.moves
            )
            + "</ul>"
            if step.moves
            else f"<p>{esc(_t('no_moves', lang))}</p>"
        )
        patter = "".join(
            f'<p class="patter"><span class="label">{esc(_t("say", lang))}:</span> '
            f"“{esc(line.get(lang))}”</p>"
            for line in step.patter
        )
        notes = "".join(
            f'<p class="notes">{esc(Text(en, zh).get(lang))}</p>' for en, zh in step.notes
        )
        flashed = ""
        if step.shown:
            cards = [CARDS[c] for c in sorted(step.shown)]
            flashed = (
                f'<div class="seen"><div class="label">{esc(_t("flashed", lang))}</div>'
                f"{svg.cards_row(cards, lang, sheet=sheet)}</div>"
            )
        believes = [b.text(lang) for b in step.beliefs.values()]
        if not believes and step.impression is not None:
            believes = [step.impression.get(lang)]
        belief = ""
        if believes or step.effect is None:
            belief = (
                f'<p class="believes"><span class="label">{esc(_t("believes", lang))}:</span> '
                f"{esc('; '.join(believes) if believes else _t('nothing', lang))}</p>"
            )
        if step.effect is not None:
            belief += (
                f'<p class="effect"><span class="label">{esc(_t("effect", lang))}:</span> '
                f"{esc(step.effect.get(lang))}</p>"
            )
        views = (
            _views(step.state, lang, places, sheet, (), folded) if step.state is not None else ""
        )
        by_move = _move_frames(perf, i - 1, lang, places, sheet, folded)
        frames.append(
            _frame(
                i,
                f"{_t('step', lang)} {step.number}",
                step.number,
                step.narration(lang),
                patter
                + _choices(step.choices, lang)
                + f'<p class="label">{esc(_t("moves", lang))}</p>{moves}{notes}'
                + by_move
                + views
                + flashed
                + belief,
                _failure(outcome, lang) if marked == i else "",
            )
        )
    frames.append(_verdict(outcome, lang, len(frames), counterexample))
    title = f"{name} · {_t('storyboard', lang)}"
    start = f"step-{marked}" if marked is not None else ""
    return document(title, "".join(header), frames, lang, sheet, start=start)


def _banner(outcome: Outcome, lang: str, marked: int) -> str:
    """The verdict of a performance that breaks, first on the page, with a link to the step
    where it breaks (the page opens there)."""
    perf = outcome.performance
    if outcome.failure is not None:
        number = perf.steps[marked - 1].number if marked else _t("setup", lang)
        said = _t("banner", lang, step=number)
    else:
        said = _t("banner_claim", lang)
    return (
        f'<div class="banner" role="alert"><b>{esc(said)}</b> '
        f'<a href="#step-{marked}">{esc(_t("go_failure", lang))} →</a></div>'
    )


def _key(lang: str) -> str:
    """What each drawing on the page means."""
    sample = CARDS[11]  # the Queen of spades

    def one(look: str) -> str:
        return (
            f'<svg class="cj" width="{svg.CARD_W * 0.6:g}" height="{svg.CARD_H * 0.6:g}" '
            f'viewBox="0 0 {svg.CARD_W} {svg.CARD_H}">'
            f"{svg.card(sample if look != svg.BACK else None, look, lang=lang)}</svg>"
        )

    brk = (
        f'<svg class="cj" width="40" height="42" viewBox="0 0 40 42">'
        f'<line x1="20" y1="0" x2="20" y2="30" stroke="{svg.BREAK_COLOUR}" stroke-width="2" '
        f'stroke-dasharray="3 2"/><text class="brk" x="20" y="40" text-anchor="middle">'
        f"{esc(Text('break', zh='布雷克').get(lang))}</text></svg>"
    )
    mark = (
        '<svg class="cj" width="40" height="28" viewBox="0 0 40 28"><rect x="2" y="2" '
        f'width="36" height="24" rx="6" fill="#fff5d6" stroke="{svg.MARK_COLOUR}" '
        'stroke-width="2"/></svg>'
    )
    rows = [
        (one(svg.FACE), "key_face"),
        (one(svg.XRAY), "key_xray"),
        (one(svg.BACK), "key_back"),
        (one(svg.EDGE), "key_edge"),
        (brk, "key_break"),
        (mark, "key_changed"),
    ]
    items = "".join(f"<dt>{pic}</dt><dd>{esc(_t(key, lang))}</dd>" for pic, key in rows)
    return (
        f'<details class="legend"><summary>{esc(_t("key", lang))}</summary><dl>{items}</dl>'
        f"<p>{esc(_t('key_fan', lang))}</p></details>"
    )


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
