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
    assert {"face", "top", "count", "next-move"} <= kinds


def test_a_wrong_answer_shows_both_views_at_that_moment() -> None:
    routine = load_plugins().routine("courting-kings")
    q = drills.question(routine, "③", random.Random(2))
    assert q.explain is not None
    console = Console(width=100, record=True)
    console.print(q.explain("en"))
    text = console.export_text()
    assert text.startswith("③")
    assert "Performer's view" in text and "Audience's view" in text


def test_the_set_up_and_choices_are_told_with_the_question() -> None:
    routine = load_plugins().routine("courting-kings")
    q = drills.question(routine, "⑤", random.Random(5))
    assert q.prompt.en.startswith("Set-up and choices: ")
    assert "Queens" in q.prompt.en.splitlines()[0]


def test_every_step_weighs_the_same_until_slips_are_analysed() -> None:
    assert drills.step_weights(load_plugins().routine("courting-kings")) == {}


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
