"""Routine drills: questions come from the routine's own model, at every step, with random
set-ups; the expected answer is the one the position after that step holds."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from conjure.deck.cards import Card
from conjure.plugins.host import load_plugins
from conjure.trainer import drills
from conjure.trainer.questions import CARD, CHOICE, NUMBER

ROUTINES = ("courting-kings", "each-gets-two")


@pytest.mark.parametrize("routine_id", ROUTINES)
def test_every_step_gets_questions_whose_answers_hold_in_the_model(routine_id: str) -> None:
    routine = load_plugins().routine(routine_id)
    steps = [item.rsplit(":", 1)[1] for item, _ in drills.items(routine)]
    assert len(steps) >= 4
    kinds = set()
    for seed in range(12):
        rng = random.Random(seed)
        for number in steps:
            q = drills.question(routine, number, rng)
            kinds.add(q.kind)
            assert q.item == f"routine:{routine_id}:{number}"
            typed = {CARD: lambda v: v.ascii, NUMBER: str, CHOICE: lambda v: str(v + 1)}
            right = typed[q.answer_type](q.expected)
            assert q.judge(right)[0], (q.prompt.en, right)
            if q.answer_type == CARD:
                assert isinstance(q.expected, Card)
                other = next(c for c in ("AS", "KH") if Card(c) != q.expected)
                assert not q.judge(other)[0]
            if q.answer_type == CHOICE:
                assert 0 <= q.expected < len(q.options) and len(set(q.options)) == len(q.options)
    assert {"count", "next-move", "believes", "critical"} <= kinds
    assert kinds & {"face", "face-rank"} and kinds & {"top", "top-rank"}


def test_a_wrong_answer_shows_both_views_at_that_moment() -> None:
    routine = load_plugins().routine("courting-kings")
    q = drills.question(routine, "③", random.Random(2))
    assert q.explain is not None
    console = Console(width=100, record=True)
    console.print(q.explain("en"))
    text = console.export_text()
    assert text.startswith("③")
    assert "Performer's view" in text and "Audience's view" in text


def _asked(routine: object, seeds: range) -> list[object]:
    steps = [item.rsplit(":", 1)[1] for item, _ in drills.items(routine)]  # type: ignore[arg-type]
    return [drills.question(routine, n, random.Random(seed)) for seed in seeds for n in steps]  # type: ignore[arg-type]


def _answer_in(q: object, outcome: object) -> object:
    """The answer to question ``q`` in another performance, restated from the kind of question
    (the packet named in its prompt, the same step)."""
    from conjure.deck.places import label

    number = q.item.rsplit(":", 1)[1]  # type: ignore[attr-defined]
    step = next((s for s in outcome.performance.steps if s.number == number), None)  # type: ignore[attr-defined]
    if step is None or step.state is None:
        return None
    state, prompt = step.state, q.prompt.en.splitlines()[-1]  # type: ignore[attr-defined]
    place = next(
        (p for p in sorted(state.places(), key=len, reverse=True) if f"the {label(p)}?" in prompt),
        None,
    )
    if q.kind == "count":  # type: ignore[attr-defined]
        return state.size(place) if place else 0
    if q.kind in ("face", "top") and place:  # type: ignore[attr-defined]
        cards = state.cards(place)
        return cards[-1] if q.kind == "face" else cards[0]  # type: ignore[attr-defined]
    return q.expected  # type: ignore[attr-defined]


@pytest.mark.parametrize("routine_id", ROUTINES)
def test_the_set_up_is_told_only_when_the_answer_depends_on_it(routine_id: str) -> None:
    from conjure.magic import perform

    routine = load_plugins().routine(routine_id)
    told = untold = 0
    for q in _asked(routine, range(6)):
        setup = q.prompt.en.startswith("Set-up and choices: ")  # type: ignore[attr-defined]
        if q.kind not in ("count", "face", "top"):  # type: ignore[attr-defined]
            continue
        others = {
            str(_answer_in(q, perform(routine, None, drills.RandomChooser(random.Random(k)))))
            for k in range(12)
        }
        if not setup:
            untold += 1
            assert others == {str(q.expected)}, (q.prompt.en, others)  # type: ignore[attr-defined]
        else:
            told += 1
    assert untold
    if routine_id == "courting-kings":
        assert told  # which Queen is on top needs the suits


@pytest.mark.parametrize("routine_id", ROUTINES)
def test_a_card_read_off_the_set_up_is_asked_as_a_kind_of_card(routine_id: str) -> None:
    routine = load_plugins().routine(routine_id)
    for q in _asked(routine, range(6)):
        if q.kind in ("face", "top"):  # type: ignore[attr-defined]
            initial = q.performance.initial  # type: ignore[attr-defined]
            place, depth, _ = initial.where(q.expected)  # type: ignore[attr-defined]
            assert depth not in (0, initial.size(place) - 1), q.prompt.en  # type: ignore[attr-defined]
        if q.kind in ("face-rank", "top-rank"):  # type: ignore[attr-defined]
            assert not q.prompt.en.startswith("Set-up")  # type: ignore[attr-defined]


def test_the_next_move_is_asked_without_its_narration() -> None:
    routine = load_plugins().routine("courting-kings")
    labels = [label.split(" ", 1)[1] for _, label in drills.items(routine)]
    asked = [q for q in _asked(routine, range(8)) if q.kind == "next-move"]  # type: ignore[attr-defined]
    assert asked
    for q in asked:
        assert not any(text[:30] in q.prompt.en for text in labels)  # type: ignore[attr-defined]


def test_which_slip_kills_the_trick_is_true_of_the_performance_asked_about() -> None:
    from conjure.magic import PresetChooser, perform
    from conjure.magic.slips import slipped, slips

    routine = load_plugins().routine("courting-kings")
    asked = [q for q in _asked(routine, range(6)) if q.kind == "critical"]  # type: ignore[attr-defined]
    assert asked
    for q in asked:
        number = q.item.rsplit(":", 1)[1]  # type: ignore[attr-defined]
        by_text = {s.text(): s for s in slips(routine) if s.step == number}
        values = {c.name: c.value for c in q.performance.choices}  # type: ignore[attr-defined]
        for k, option in enumerate(q.options):  # type: ignore[attr-defined]
            slip = by_text[option]
            broken = perform(slipped(routine, slip), None, PresetChooser(values))
            assert broken.ok == (k != q.expected), option.en  # type: ignore[attr-defined]


def test_steps_where_slips_are_fatal_weigh_more() -> None:
    from conjure.magic.slips import check_slip, slips

    routine = load_plugins().routine("courting-kings")
    weights = drills.step_weights(routine)
    assert set(weights) == {s for s in ("①", "②", "③", "④", "⑤", "⑥", "⑦", "⑧")}
    assert all(1 <= w <= 3 for w in weights.values())
    # restated from the slips of two steps: the share of those fatal in the example
    for step in ("①", "③"):
        mine = [s for s in slips(routine) if s.step == step]
        share = sum(check_slip(routine, s, exhaustive_limit=0, examples=1).fatal for s in mine)
        assert weights[step] == pytest.approx(1 + 2 * share / len(mine))
    assert weights["③"] > weights["①"]


def test_step_and_belief_text_is_read_whichever_way_a_record_carries_it() -> None:
    from types import SimpleNamespace

    from conjure.text import Text

    method = SimpleNamespace(text=lambda lang: "左手" if lang == "zh" else "left")
    value = SimpleNamespace(text=Text("left", zh="左手"))
    fields = SimpleNamespace(en="left", zh="左手")
    english_only = SimpleNamespace(en="left", zh="")
    for record in (method, value, fields):
        assert drills._say(record, "en", "text") == "left"
        assert drills._say(record, "zh", "text") == "左手"
    assert drills._say(english_only, "zh", "text") == "left"


def _named_number(p: object) -> None:
    from conjure.deck import Deal, DeckState, new_deck_order

    p.start(DeckState.from_cards({"left": new_deck_order()}))  # type: ignore[attr-defined]
    p.step("①", en="The spectator names a number: {n}", zh="观众说一个数：{n}")  # type: ignore[attr-defined]
    n = p.choose("n", range(3, 6), en="the number")  # type: ignore[attr-defined]
    p.do(*[Deal("left", "table")] * n)  # type: ignore[attr-defined]
    p.step("②", en="Deal {n} more", zh="再发{n}张")  # type: ignore[attr-defined]
    p.do(*[Deal("left", "right")] * n)  # type: ignore[attr-defined]


def test_the_narration_fields_are_filled_from_the_performance_choices() -> None:
    from conjure.magic import Routine

    routine = Routine("named", "", "Named", "tests", "", "", "", "", _named_number)
    assert not any("{n}" in label for _, label in drills.items(routine))
    for seed in range(6):
        q = drills.question(routine, "①", random.Random(seed))
        n = next(c.value for c in q.performance.choices if c.name == "n")
        for lang, said in (("en", f"number: {n}"), ("zh", f"一个数：{n}")):
            console = Console(width=100, record=True)
            console.print(q.explain(lang))  # type: ignore[misc]
            text = console.export_text()
            assert said in text and "{n}" not in text
            assert "{n}" not in q.prompt.get(lang)
        if q.kind == "next-move":
            assert f"Deal {n} more" in q.prompt.en and f"再发{n}张" in q.prompt.zh


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_narration_on_a_terminal_wraps_where_a_word_ends(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from rich.cells import cell_len

    from conjure.trainer import session

    routine = load_plugins().routine("courting-kings")
    text = next(label for _, label in drills.items(routine) if len(label) > 150)
    if lang == "zh":
        text = drills.item_labels(routine)[f"routine:courting-kings:{text[0]}"].zh
    out = io.StringIO()
    console = Console(file=out, width=40, force_terminal=True, color_system=None)
    monkeypatch.setattr("conjure.view.console.make_console", lambda stderr=False: console)
    session.show_unwrapped(text)
    lines = out.getvalue().splitlines()
    assert len(lines) > 2 and all(cell_len(line) <= 40 for line in lines)
    if lang == "en":
        words = text.split()
        assert [w for line in lines for w in line.split()] == words  # no word cut in two
    else:
        joined = "".join(line.strip() for line in lines)
        assert joined.replace(" ", "") == text.replace(" ", "")
        assert not any(line.strip()[:1] in "，。；：）" for line in lines)
