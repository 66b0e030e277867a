"""A performance step by step, in both views, as plain text and data (counter-examples, logs,
``--json``); the rehearsal's drawings of the same steps are :mod:`conjure.view.rehearsal`."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from conjure.deck.audience import visible
from conjure.deck.cards import CARDS
from conjure.deck.places import label
from conjure.deck.state import DeckState, packet_text
from conjure.errors import said
from conjure.magic.choices import describe_value
from conjure.magic.performance import ChoiceMade, Outcome, Performance, StepRecord
from conjure.magic.routine import SETUP, SPECTATOR
from conjure.text import Text as Words

_TIMES = Words("{n} times, one after another: {move}", zh="连续{n}次：{move}")
_FIELD = re.compile(r"\{([A-Za-z_][\w-]*)\}")


def collapsed(moves: Sequence[Any], lang: str = "en") -> list[str]:
    """The moves of a step as lines, a run of the same move made one line ("26 times, one
    after another: deal 1 card …")."""
    out: list[str] = []
    i = 0
    while i < len(moves):
        j = i + 1
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        text = moves[i].describe(lang)
        out.append(text if j - i == 1 else _TIMES.format(n=j - i, move=text).get(lang))
        i = j
    return out


def before_first_step(perf: Performance) -> list[ChoiceMade]:
    """The choices the set-up shows: every set-up choice, and any other choice made before the
    first step began (a spectator's choice the script asks for first)."""
    in_steps = {id(c) for step in perf.steps for c in step.choices}
    return [c for c in perf.choices if c.kind == SETUP or id(c) not in in_steps]


def narration(perf: Performance, index: int, lang: str = "en") -> str:
    """Step ``index``'s narration with its template fields filled: ``{name}`` is the value of
    the choice ``name`` as made by the end of that step (a field naming no choice is left as
    written)."""
    values = {c.name: describe_value(c.value, lang) for c in before_first_step(perf)}
    for step in perf.steps[: index + 1]:
        values.update((c.name, describe_value(c.value, lang)) for c in step.choices)
    text = perf.steps[index].narration(lang)
    return _FIELD.sub(lambda m: values.get(m.group(1), m.group(0)), text)


#: card notation style by language
_STYLE = {"zh": "zh"}
_AFTER = Words(" after step {step}", zh="（{step}之后）")
_OPTIONAL = Words(" (optional)", zh="（可选）")
#: a label's colon and a list's separator, as each language writes them
_COLON = Words(": ", zh="：")
_SEMI = Words("; ", zh="；")


def _claim(perf: Performance, claim_id: str) -> Any:
    """The routine's claim ``claim_id`` (``None`` for one the routine does not list)."""
    return next((c for c in perf.routine.claims if c.id == claim_id), None)


#: who makes a choice
KIND: dict[str, Words] = {
    SETUP: Words("set-up", zh="准备"),
    SPECTATOR: Words("spectator", zh="观众"),
    "performer": Words("performer", zh="表演者"),
}
_WORDS = {
    "en": {
        "step": "Step",
        "moves": "Moves",
        "believes": "The audience believes",
        "nothing": "nothing in particular",
        "choices": "Choices",
        "setup": "Set-up",
        "failed": "FAILED",
        "claim": "claim",
        "claims": "Claims",
        "holds": "holds",
        "broken": "does not hold",
        "seen": "Faces seen in this step",
        "none": "none",
        "performer": "performer",
        "sees": "audience sees",
    },
    "zh": {
        "step": "步骤",
        "moves": "动作",
        "believes": "观众相信",
        "nothing": "没有特别的想法",
        "choices": "选择",
        "setup": "准备",
        "failed": "失败",
        "claim": "结论",
        "claims": "结论",
        "holds": "成立",
        "broken": "不成立",
        "seen": "本步骤中观众看到的牌",
        "none": "无",
        "performer": "表演者",
        "sees": "观众看到",
    },
}


_CLAIM_FAILED = Words(
    "{failed}{after}: claim {id} ({text}): {problem}",
    zh="{failed}{after}：结论 {id}（{text}）：{problem}",
)
_CHOICE_LINE = Words("({what}; #{index} of {of})", zh="（{what}；#{index}，共{of}种）")


def choice_lines(perf: Performance, step: StepRecord | None, lang: str) -> list[str]:
    chosen = step.choices if step is not None else before_first_step(perf)
    out = []
    for c in chosen:
        what = c.text.get(lang)
        value = describe_value(c.value, lang)
        if len(value) > 200:  # a whole deck's order: the index names it exactly
            value = value[:197] + "…"
        of = f"{c.size:,}" if c.size < 10**18 else f"{c.size:.3e}"
        said = _CHOICE_LINE.format(what=what, index=c.index, of=of).get(lang)
        kind = KIND[c.kind].get(lang) if c.kind in KIND else c.kind
        out.append(f"{kind}{_COLON.get(lang)}{c.name} = {value} {said}")
    return out


def _layout(state: DeckState, lang: str) -> str:
    """Every packet as the performer holds it: the layout notation in English, the places
    named in words in Chinese."""
    said = Words(
        state.text(style=""),
        zh="；".join(
            f"{label(p, 'zh')}：{packet_text(state.packets[p], state.breaks.get(p), 'zh')}"
            for p in state.places()
        ),
    )
    return said.get(lang)


def beliefs(step: StepRecord, lang: str) -> list[str]:
    return [b.text(lang) for b in step.beliefs.values()]


def step_lines(perf: Performance, step: StepRecord, lang: str = "en") -> Iterator[str]:
    """One step as plain lines: narration, choices, moves, both views, beliefs."""
    words = _WORDS[lang]
    colon = _COLON.get(lang)
    yield f"{step.number} {narration(perf, perf.steps.index(step), lang)}"
    for line in choice_lines(perf, step, lang):
        yield f"    {words['choices']}{colon}{line}"
    for line in collapsed(step.moves, lang):
        yield f"    - {line}"
    if step.state is not None:
        yield f"    {words['performer']}{colon}{_layout(step.state, lang)}"
        seen = sorted(visible(step.state) | step.shown)
        faces = " ".join(str(CARDS[c]) for c in seen) or words["none"]
        yield f"    {words['sees']}{colon}{faces}"
    believes = _SEMI.get(lang).join(beliefs(step, lang)) or words["nothing"]
    yield f"    {words['believes']}{colon}{believes}"


def format_outcome(outcome: Outcome, lang: str = "en") -> str:
    """A whole performance as plain text, ending with what failed (if anything)."""
    perf = outcome.performance
    words = _WORDS[lang]
    colon = _COLON.get(lang)
    lines = [f"{words['setup']}{colon}{perf.routine.setup.get(lang)}"]
    lines += [f"    {line}" for line in choice_lines(perf, None, lang)]
    if perf.initial is not None:
        performer = _layout(perf.initial, lang)
        lines.append(f"    {words['performer']}{colon}{performer}")
    for step in perf.steps:
        lines.extend(step_lines(perf, step, lang))
    if outcome.failure is not None:
        lines.append(f"{words['failed']}{colon}{said(outcome.failure, lang)}")
    last = perf.steps[-1].number if perf.steps else ""
    after = _AFTER.format(step=last).get(lang) if last else ""
    for claim_id in outcome.claim_errors:
        problem = outcome.claim_error(claim_id, lang)
        claim = _claim(perf, claim_id)
        text = claim.text.get(lang) if claim is not None else claim_id
        lines.append(
            _CLAIM_FAILED.format(
                failed=words["failed"], after=after, id=claim_id, text=text, problem=problem
            ).get(lang)
        )
    return "\n".join(lines)


def outcome_json(outcome: Outcome) -> dict[str, object]:
    """A performance as data: choices, steps with both views, failure and claim errors."""
    perf = outcome.performance
    steps = []
    for step in perf.steps:
        seen = sorted(visible(step.state) | step.shown) if step.state is not None else []
        steps.append(
            {
                "number": step.number,
                "en": step.en,
                "zh": step.zh,
                "moves": [m.describe("en") for m in step.moves],
                "choices": {c.name: describe_value(c.value) for c in step.choices},
                "performer": step.state.text() if step.state is not None else None,
                "audience_sees": [CARDS[c].ascii for c in seen],
                "audience_believes": beliefs(step, "en"),
            }
        )
    return {
        "ok": outcome.ok,
        "setup": {c.name: describe_value(c.value) for c in before_first_step(perf)},
        "choices": [
            {"kind": c.kind, "name": c.name, "value": describe_value(c.value), "index": c.index}
            for c in perf.choices
        ],
        "steps": steps,
        "failure": str(outcome.failure) if outcome.failure else None,
        "claims_failed": dict(outcome.claim_errors),
    }
