"""Routine drills: questions generated from a routine's own model at each step.

Each question performs the routine with a random set-up and random free choices (the
performer is told them), stops at one step and asks about the position after it: the card on
the face or on top of a packet, how many cards a packet holds or lie above a break, where a
card is now, what the audience believes, which move comes next. A wrong answer shows the two
views at that moment.

Every step of a routine is one item of the scheduler. Steps where a slip is fatal are asked more
often (:func:`step_weights`, from :mod:`conjure.magic.slips`), and one kind of question asks
which of a few slips of a step kills the trick. The set-up and the choices are told only when
the answer depends on them, and a card that could be read off them is asked as a kind of card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from conjure.deck import Card, DeckState, label
from conjure.deck.cards import RANK_EN, RANK_LABELS
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


def step_weights(routine: Routine, params: Mapping[str, int] | None = None) -> dict[str, float]:
    """How often each step (by number) is asked relative to the others: 1, and up to 3 for a
    step where every single slip kills the trick (the share of its slips that are fatal in the
    routine's example performance, :mod:`conjure.magic.slips`)."""
    from conjure.magic.slips import slipped

    fatal: dict[str, list[bool]] = {}
    chooser = _Replay(perform(routine, params, _example(routine)).performance)
    for slip in _slip_list(routine, params):
        broken = perform(slipped(routine, slip), params, chooser)
        fatal.setdefault(slip.step, []).append(not broken.ok)
    return {step: 1 + 2 * sum(v) / len(v) for step, v in fatal.items()}


def _example(routine: Routine) -> Any:
    from conjure.magic import FirstChooser, PresetChooser

    return PresetChooser(dict(routine.example), fallback=FirstChooser())


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

        from conjure.view.console import Paragraph

        yield Paragraph(RichText(self.head, style="bold"))  # wrapped where a word ends
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


def _rank_text(card: Card) -> Text:
    """What kind of card ``card`` is: "a Queen", 皇后 Q."""
    if card.is_joker:
        return Text(str(card), zh=format(card, "zh"))
    return Text(f"a {RANK_EN[card.rank - 1]}", zh=f"{RANK_LABELS[card.rank - 1]}")


class _Replay:
    """Every choice made as in a recorded performance, by name (a slip may change how many
    moves come before a choice, not which choice it is); unknown choices take the first
    option."""

    def __init__(self, performance: Any) -> None:
        self.indices: dict[str, int] = {c.name: int(c.index) for c in performance.choices}

    def pick(self, kind: str, name: str, options: Any) -> int:
        return min(self.indices.get(name, 0), int(option_count(options)) - 1)


@attrs.frozen
class _Asked:
    """One question that can be asked after a step: ``key`` says what is asked so that the
    same question can be answered in another performance (to tell whether the set-up and the
    choices matter to it)."""

    kind: str
    key: tuple[Any, ...]
    prompt: Text
    answer_type: str
    expected: Any
    extra: dict[str, Any] = attrs.field(factory=dict)


def _state_after(outcome: Outcome, number: str) -> Any:
    for s in _steps(outcome):
        if s.number == number:
            return s
    return None


def _answer(outcome: Outcome, number: str, key: tuple[Any, ...]) -> Any:
    """The answer to the question ``key`` after step ``number`` of ``outcome`` (None when the
    performance never got there or the question has no answer there)."""
    step = _state_after(outcome, number)
    if step is None:
        return None
    state: DeckState = step.state
    what = key[0]
    try:
        if what in ("face", "top", "face-rank", "top-rank"):
            cards = state.cards(key[1]) if state.size(key[1]) else ()
            if not cards:
                return None
            card = cards[-1] if what.startswith("face") else cards[0]
            return card.rank if what.endswith("rank") else card
        if what == "count":
            return state.size(key[1])
        if what == "break":
            return state.breaks.get(key[1])
        if what in ("where", "depth"):
            place, depth, _ = state.where(key[1])
            return place if what == "where" else (place, depth)
        if what == "believes":
            return _belief_text(step)
        if what == "next-move":
            steps = _steps(outcome)
            k = steps.index(step)
            nxt = steps[k + 1] if k + 1 < len(steps) else None
            return None if nxt is None or not nxt.moves else nxt.moves[0]
    except IllegalMoveError:
        return None
    return None


def _reads_off(outcome: Outcome, card: Card) -> bool:
    """Whether ``card`` could be read off the set-up line: it starts at either end of a packet
    (the first or the last of an order the set-up lists)."""
    initial = outcome.performance.initial
    if initial is None:
        return False
    try:
        place, depth, _ = initial.where(card)
    except IllegalMoveError:
        return False
    return depth in (0, initial.size(place) - 1)


def _questions(routine: Routine, outcome: Outcome, index: int, rng: random.Random) -> list[_Asked]:
    """Every kind of question that can be asked after step ``index``."""
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
    out: list[_Asked] = []
    in_play = {c.rank for p in places for c in state.cards(p) if not c.is_joker}

    def after(en: str, zh: str) -> Text:
        return Text(f"After step {step.number}: {en}", zh=f"步骤 {step.number} 之后：{zh}")

    for place in places:
        cards = state.cards(place)
        where = _place_name(place)
        for end, card, en, zh in (
            ("face", cards[-1], f"the face (bottom) of the {where.en}", f"{where.zh}最底下一张"),
            ("top", cards[0], f"top of the {where.en}", f"{where.zh}最上面一张"),
        ):
            if not _reads_off(outcome, card):
                out.append(
                    _Asked(end, (end, place), after(f"which card is on {en}?", f"{zh}是什么牌？"),
                           CARD, card)
                )  # fmt: skip
            elif 1 < len(in_play) <= 4 and not card.is_joker:
                # the card itself reads off the set-up: ask what kind of card it is instead
                options = tuple(_rank_text(Card(13 * 0 + r - 1)) for r in sorted(in_play))
                out.append(
                    _Asked(
                        f"{end}-rank", (f"{end}-rank", place),
                        after(f"what kind of card is on {en}?", f"{zh}是哪种牌？"),
                        CHOICE, sorted(in_play).index(card.rank), {"options": options},
                    )
                )  # fmt: skip
        out.append(
            _Asked(
                "count", ("count", place),
                after(f"how many cards are in the {where.en}?", f"{where.zh}有几张牌？"),
                NUMBER, len(cards), {"low": 0, "high": 54},
            )
        )  # fmt: skip
    for hand, depth in state.breaks.items():
        where = _place_name(hand)
        out.append(
            _Asked(
                "break", ("break", hand),
                after(
                    f"how many cards are above the break in the {where.en}?",
                    f"{where.zh}的布雷克上面有几张牌？",
                ),
                NUMBER, depth, {"low": 0, "high": 54},
            )
        )  # fmt: skip
    # where a card is now: the spectator's card when there is one, else a card that moved
    chosen = [c.value for c in outcome.performance.choices if isinstance(c.value, Card)]
    named: Card | None = chosen[-1] if chosen else None
    if named is None:
        moved = [c for place in places for c in state.cards(place)]
        named = rng.choice(moved) if moved else None
    if named is not None:
        card = named
        try:
            at, depth, _ = state.where(card)
        except IllegalMoveError:  # the card is out of play
            at = None
        if at in places and len(places) > 1:
            options = tuple(_place_name(p) for p in places)
            out.append(
                _Asked(
                    "where", ("where", card),
                    after(f"where is the {card} now?", f"{card.zh}现在在哪里？"),
                    CHOICE, places.index(at), {"options": options},
                )
            )  # fmt: skip
        if at in places and state.size(at) > 2:
            where = _place_name(at)
            out.append(
                _Asked(
                    "depth", ("depth", card),
                    after(
                        f"how many cards lie above the {card} in the {where.en}?",
                        f"{where.zh}中{card.zh}上面有几张牌？",
                    ),
                    NUMBER, depth, {"low": 0, "high": 54},
                )
            )  # fmt: skip
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
                _Asked(
                    "believes", ("believes",),
                    after("what does the audience believe?", "观众相信什么？"),
                    CHOICE, texts.index(now), {"options": tuple(texts)},
                )
            )  # fmt: skip
    # which move comes next: the next step's number only, never its narration (which says)
    if index + 1 < len(steps) and steps[index + 1].moves:
        nxt = steps[index + 1]
        right = nxt.moves[0].text()
        pool = {m.text() for s in steps for m in s.moves} - {right}
        others = rng.sample(sorted(pool, key=lambda t: t.en), min(3, len(pool)))
        if others:
            moves = [right, *others]
            rng.shuffle(moves)
            out.append(
                _Asked(
                    "next-move", ("next-move",),
                    after(
                        f"what is the first move of step {nxt.number}?",
                        f"步骤 {nxt.number} 的第一个动作是什么？",
                    ),
                    CHOICE, moves.index(right), {"options": tuple(moves)},
                )
            )  # fmt: skip
    return out


def _critical(
    routine: Routine,
    outcome: Outcome,
    index: int,
    rng: random.Random,
    params: Mapping[str, int] | None,
) -> _Asked | None:
    """Which of a few slips of step ``index`` kills the trick in this performance: one that
    does and up to three it survives (from :func:`conjure.magic.slips.slips`, each made in a
    performance with the same set-up and choices)."""
    from conjure.magic.slips import slipped

    step = _steps(outcome)[index]
    mine = [s for s in _slip_list(routine, params) if s.step == step.number]
    if len(mine) < 2:
        return None
    fatal: list[Any] = []
    survived: list[Any] = []
    for slip in mine:
        broken = perform(slipped(routine, slip), params, _Replay(outcome.performance))
        (survived if broken.ok else fatal).append(slip)
    if not fatal or not survived:
        return None
    right = rng.choice(fatal)
    options = [right, *rng.sample(survived, min(3, len(survived)))]
    rng.shuffle(options)
    texts = tuple(s.text() for s in options)
    if len(set(texts)) != len(texts):
        return None
    return _Asked(
        "critical",
        ("critical", tuple(options)),
        Text(
            f"In this performance, which of these slips in step {step.number} kills the trick?",
            zh=f"在这次表演中，步骤 {step.number} 的下列失误中哪一个会让魔术失败？",
        ),
        CHOICE,
        options.index(right),
        {"options": texts},
    )


_SLIPS: dict[tuple[int, tuple[tuple[str, int], ...]], list[Any]] = {}


def _slip_list(routine: Routine, params: Mapping[str, int] | None) -> list[Any]:
    """Every single slip of the routine's example performance (remembered per routine)."""
    from conjure.magic.slips import slips

    key = (id(routine), tuple(sorted((params or {}).items())))
    if key not in _SLIPS:
        _SLIPS[key] = slips(routine, params)
    return _SLIPS[key]


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


def _depends(
    routine: Routine,
    outcome: Outcome,
    number: str,
    asked: _Asked,
    rng: random.Random,
    params: Mapping[str, int] | None,
    tries: int = 3,
) -> bool:
    """Whether the answer to ``asked`` depends on the set-up and the choices: in a few other
    performances (other random choices) the same question has another answer."""
    if asked.kind == "critical":
        from conjure.magic.slips import slipped

        options = asked.key[1]
        here = [perform(slipped(routine, s), params, _Replay(outcome.performance)).ok
                for s in options]  # fmt: skip
        for _ in range(tries):
            other = perform(routine, params, RandomChooser(random.Random(rng.random())))
            there = [perform(slipped(routine, s), params, _Replay(other.performance)).ok
                     for s in options]  # fmt: skip
            if there != here:
                return True
        return False
    mine = _answer(outcome, number, asked.key)
    for _ in range(tries):
        other = perform(routine, params, RandomChooser(random.Random(rng.random())), record=True)
        if _answer(other, number, asked.key) != mine:
            return True
    return False


def question(
    routine: Routine,
    step_number: str,
    rng: random.Random,
    params: Mapping[str, int] | None = None,
) -> Question:
    """A question about the step numbered ``step_number``, from a performance with random
    set-up and choices. The set-up and the choices are told only when the answer depends on
    them; a card that could be read off the set-up line is asked as a kind of card instead."""
    outcome = perform(routine, params, RandomChooser(rng), record=True)
    steps = _steps(outcome)
    numbers = [s.number for s in steps]
    # a random case can break off early (a refuted claim's counter-example): ask about the
    # last step it reached
    index = numbers.index(step_number) if step_number in numbers else len(steps) - 1
    number = steps[index].number
    pool: list[Any] = list(_questions(routine, outcome, index, rng))
    pool.append(None)  # "which slip kills the trick", built only when drawn (it performs)
    asked: _Asked | None = None
    depends = False
    while asked is None and pool:
        drawn = pool.pop(rng.randrange(len(pool)))
        asked = drawn if drawn is not None else _critical(routine, outcome, index, rng, params)
        if asked is None:
            continue
        depends = _depends(routine, outcome, number, asked, rng, params)
        if depends and asked.kind.endswith("-rank") and pool:
            asked = None  # a kind of card that depends on the set-up: it reads off it
    assert asked is not None  # a step always has a packet to ask about
    prompt = asked.prompt
    if depends:
        context = _choices_text(outcome, index)
        if context.en:
            prompt = context + Text("\n") + prompt
    return Question(
        f"{subject_of(routine)}:{number}",
        asked.kind,
        prompt,
        asked.answer_type,
        asked.expected,
        options=asked.extra.get("options", ()),
        low=asked.extra.get("low"),
        high=asked.extra.get("high"),
        explain=_views(steps[index], outcome.performance),
        moment=steps[index],
        performance=outcome.performance,
    )
