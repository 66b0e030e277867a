"""Routine drills: questions generated from a routine's own model at each step.

Each question performs the routine with a random set-up and random free choices (the
performer is told them), stops at one step and asks about the position after it: the card on
the face or on top of a packet, how many cards a packet holds or lie above a break, where a
card is now, what the audience believes, which move comes next. A wrong answer shows the two
views at that moment.

Every step of a routine is one item of the scheduler. Steps fatal to slip should be asked more
often; until a slips analysis says which steps those are, every step weighs the same
(:func:`step_weights`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from conjure.deck import Card, DeckState, label
from conjure.errors import IllegalMoveError
from conjure.magic import Outcome, Routine, describe_value, option_count, perform
from conjure.magic.trace import narration
from conjure.text import Text
from conjure.trainer.questions import CARD, CHOICE, NUMBER, Question


class RandomChooser:
    """Every free choice drawn at random (set-ups, the spectator's and the performer's)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, kind: str, name: str, options: Any) -> int:
        return self.rng.randrange(option_count(options))


def subject_of(routine: Routine) -> str:
    return f"routine:{routine.id}"


def _steps(outcome: Outcome) -> list[Any]:
    return [s for s in outcome.performance.steps if s.state is not None]


def _say(obj: Any, lang: str, *names: str) -> str:
    """What a step or a belief says in ``lang``, whichever way the record carries its text
    (a method of the language, a :class:`Text`, or ``en``/``zh`` fields)."""
    for name in names:
        value = getattr(obj, name, None)
        if callable(value):
            value = value(lang)
        if isinstance(value, Text):
            return value.get(lang)
        if isinstance(value, str) and value:
            return value
    en, zh = getattr(obj, "en", ""), getattr(obj, "zh", "")
    if isinstance(en, Text):
        return en.get(lang)
    return str((zh or en) if lang == "zh" else en)


def _narration(step: Any, lang: str, perf: Any = None) -> str:
    """What ``step`` says in ``lang``; with the performance it belongs to, its ``{choice}``
    fields are filled as the rehearsal fills them (:func:`conjure.magic.trace.narration`)."""
    if perf is not None and any(s is step for s in perf.steps):
        index = next(i for i, s in enumerate(perf.steps) if s is step)
        return narration(perf, index, lang)
    return _say(step, lang, "narration", "text")


def _step_text(step: Any, perf: Any = None) -> Text:
    return Text(_narration(step, "en", perf), _narration(step, "zh", perf))


def items(routine: Routine, params: Mapping[str, int] | None = None) -> list[tuple[str, str]]:
    """Every step of ``routine`` as an item ``(id, label)``, from its default performance."""
    outcome = perform(routine, params, record=True)
    subject = subject_of(routine)
    perf = outcome.performance
    return [
        (f"{subject}:{s.number}", f"{s.number} {_narration(s, 'en', perf)}")
        for s in _steps(outcome)
    ]


def item_labels(routine: Routine, params: Mapping[str, int] | None = None) -> dict[str, Text]:
    """Every step's label (as :func:`items` stores it in English) in every language, by item
    id: what ``conjure stats`` shows in the language asked for."""
    outcome = perform(routine, params, record=True)
    subject = subject_of(routine)
    perf = outcome.performance
    return {
        f"{subject}:{s.number}": Text(
            f"{s.number} {_narration(s, 'en', perf)}", zh=f"{s.number} {_narration(s, 'zh', perf)}"
        )
        for s in _steps(outcome)
    }


def step_weights(routine: Routine) -> dict[str, float]:
    """How often each step (by number) is asked relative to the others, 1 where not given.

    Steps fatal to slip should weigh more; until a slips analysis exists to say which they are,
    every step weighs the same (an empty mapping)."""
    return {}


def _describe(move: Any, lang: str) -> str:
    return str(move.describe(lang))


def _choices_text(outcome: Outcome, up_to: int) -> Text:
    perf = outcome.performance
    numbers = {s.number for s in perf.steps[: up_to + 1]}
    en, zh = [], []
    for c in perf.choices:
        if c.step in numbers or c.step == "set-up" or c.kind == "setup":
            what_en = c.en or c.name
            what_zh = c.zh or what_en
            en.append(f"{what_en}: {describe_value(c.value, 'en')}")
            zh.append(f"{what_zh}：{describe_value(c.value, 'zh')}")
    if not en:
        return Text("")
    return Text("Set-up and choices: " + "; ".join(en), zh="准备与选择：" + "；".join(zh))


@attrs.frozen
class Explained:
    """What the performer should have seen: the step's narration (a sentence, shown as it is)
    and the two views (laid out to the width). Printed whole it is both; a drill shows its
    :attr:`parts` one by one, so that the sentence is never wrapped by the console (a terminal
    wraps it itself; on a pipe it stays one line)."""

    head: str
    views: Any

    @property
    def parts(self) -> tuple[Any, ...]:
        return (self.head, self.views)

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.text import Text as RichText

        yield RichText(self.head, style="bold")
        yield self.views


def _views(step: Any, perf: Any = None) -> Callable[[str], Any]:
    def render(lang: str) -> Any:
        from rich.console import Group

        from conjure.view.terminal import audience_view, performer_view

        return Explained(
            f"{step.number} {_narration(step, lang, perf)}",
            Group(
                performer_view(step.state, lang),
                audience_view(step.state, getattr(step, "shown", ()), lang),
            ),
        )

    return render


def _place_name(place: str) -> Text:
    return Text(label(place), zh=label(place, "zh"))


def _questions(routine: Routine, outcome: Outcome, index: int, rng: random.Random) -> list[Any]:
    """Every kind of question that can be asked after step ``index`` (builders)."""
    steps = _steps(outcome)
    step = steps[index]
    state: DeckState = step.state
    initial = outcome.performance.initial
    # packets untouched since the set-up (the rest of the deck laid aside) teach nothing
    places = [
        p
        for p in state.places()
        if initial is None or initial.packets.get(p) != state.packets.get(p)
    ] or state.places()
    out: list[Any] = []

    def after(en: str, zh: str) -> Text:
        return Text(f"After step {step.number}: {en}", zh=f"步骤 {step.number} 之后：{zh}")

    for place in places:
        cards = state.cards(place)
        where = _place_name(place)
        out.append(
            (
                "face",
                after(
                    f"which card is on the face (bottom) of the {where.en}?",
                    f"{where.zh}最底下一张是什么牌？",
                ),
                CARD,
                cards[-1],
                {},
            )
        )
        out.append(
            (
                "top",
                after(
                    f"which card is on top of the {where.en}?", f"{where.zh}最上面一张是什么牌？"
                ),
                CARD,
                cards[0],
                {},
            )
        )
        out.append(
            (
                "count",
                after(f"how many cards are in the {where.en}?", f"{where.zh}有几张牌？"),
                NUMBER,
                len(cards),
                {"low": 0, "high": 54},
            )
        )
    for hand, depth in state.breaks.items():
        where = _place_name(hand)
        out.append(
            (
                "break",
                after(
                    f"how many cards are above the break in the {where.en}?",
                    f"{where.zh}的布雷克上面有几张牌？",
                ),
                NUMBER,
                depth,
                {"low": 0, "high": 54},
            )
        )
    # where a card is: the spectator's card when there is one, else a card that moved
    chosen = [c.value for c in outcome.performance.choices if isinstance(c.value, Card)]
    card = chosen[-1] if chosen else None
    if card is None:
        moved = [c for place in places for c in state.cards(place)]
        card = rng.choice(moved) if moved else None
    if card is not None and len(places) > 1:
        try:
            at: str | None = state.where(card)[0]
        except IllegalMoveError:  # the card is out of play
            at = None
        if at in places:
            options = tuple(_place_name(p) for p in places)
            out.append(
                (
                    "where",
                    after(f"where is the {card} now?", f"{card.zh}现在在哪里？"),
                    CHOICE,
                    places.index(at),
                    {"options": options},
                )
            )
    # what the audience believes
    beliefs = _belief_texts(steps)
    if beliefs:
        now = _belief_text(step)
        texts = sorted(set(beliefs) | {now}, key=lambda t: t.en)
        if len(texts) > 1:
            rng.shuffle(texts)
            texts = texts[:4] if now in texts[:4] else [*texts[:3], now]
            rng.shuffle(texts)
            out.append(
                (
                    "believes",
                    after("what does the audience believe?", "观众相信什么？"),
                    CHOICE,
                    texts.index(now),
                    {"options": tuple(texts)},
                )
            )
    # which move comes next
    if index + 1 < len(steps) and steps[index + 1].moves:
        nxt = steps[index + 1]
        perf = outcome.performance
        right = Text(_describe(nxt.moves[0], "en"), zh=_describe(nxt.moves[0], "zh"))
        pool = {Text(_describe(m, "en"), zh=_describe(m, "zh")) for s in steps for m in s.moves} - {
            right
        }
        others = rng.sample(sorted(pool, key=lambda t: t.en), min(3, len(pool)))
        if others:
            moves = [right, *others]
            rng.shuffle(moves)
            out.append(
                (
                    "next-move",
                    Text(
                        f"Step {nxt.number} comes next ({_narration(nxt, 'en', perf)}). "
                        "Which move comes first?",
                        zh=f"接下来是步骤 {nxt.number}（{_narration(nxt, 'zh', perf)}）。"
                        "第一个动作是什么？",
                    ),
                    CHOICE,
                    moves.index(right),
                    {"options": tuple(moves)},
                )
            )
    return out


_NOTHING = Text("nothing in particular", zh="没有特别的想法")


def _belief_text(step: Any) -> Text:
    beliefs = getattr(step, "beliefs", {}) or {}
    if not beliefs:
        return _NOTHING
    en = [_say(belief, "en", "text") for belief in beliefs.values()]
    zh = [_say(belief, "zh", "text") for belief in beliefs.values()]
    return Text("; ".join(en), zh="；".join(zh))


def _belief_texts(steps: list[Any]) -> list[Text]:
    texts = {_belief_text(s) for s in steps}
    return sorted(texts, key=lambda t: t.en) if len(texts) > 1 else []


def question(
    routine: Routine,
    step_number: str,
    rng: random.Random,
    params: Mapping[str, int] | None = None,
) -> Question:
    """A question about the step numbered ``step_number``, from a performance with random
    set-up and choices."""
    outcome = perform(routine, params, RandomChooser(rng), record=True)
    steps = _steps(outcome)
    numbers = [s.number for s in steps]
    # a random case can break off early (a refuted claim's counter-example): ask about the
    # last step it reached
    index = numbers.index(step_number) if step_number in numbers else len(steps) - 1
    kind, prompt, answer_type, expected, extra = rng.choice(
        _questions(routine, outcome, index, rng)
    )
    context = _choices_text(outcome, index)
    if context.en:
        prompt = context + Text("\n") + prompt
    return Question(
        f"{subject_of(routine)}:{steps[index].number}",
        kind,
        prompt,
        answer_type,
        expected,
        options=extra.get("options", ()),
        low=extra.get("low"),
        high=extra.get("high"),
        explain=_views(steps[index], outcome.performance),
        moment=steps[index],
        performance=outcome.performance,
    )
