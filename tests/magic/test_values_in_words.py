"""Choice values written in words (a riffle's runs) follow the language of the output."""

from __future__ import annotations

import random

from conjure.deck.shuffles import Riffle
from conjure.magic import describe_value
from conjure.magic.trace import format_outcome
from conjure.plugins.host import load_plugins
from conjure.text import Text
from conjure.trainer import drills


def test_a_riffle_value_is_described_in_the_language_asked() -> None:
    riffle = Riffle("left", "TBB")
    assert describe_value(riffle) == riffle.describe("en")
    assert describe_value(riffle, "zh") == riffle.describe("zh")
    assert "鸽尾洗牌" in describe_value(riffle, "zh") and "Riffle" not in describe_value(
        riffle, "zh"
    )
    assert describe_value((Text("left", zh="左"), 3), "zh") == "左 3"


def test_the_chinese_trace_says_the_riffle_and_its_index_in_chinese() -> None:
    from conjure.magic import perform

    outcome = perform(load_plugins().routine("gilbreath"), record=True)
    zh = format_outcome(outcome, "zh")
    assert "Riffle" not in zh and " of " not in zh
    assert "鸽尾洗牌" in zh and "#0，共16种" in zh
    assert "Riffle the" in format_outcome(outcome, "en") and "#0 of 16" in format_outcome(
        outcome, "en"
    )


def test_the_drill_tells_a_riffle_choice_in_chinese() -> None:
    routine = load_plugins().routine("gilbreath")
    # a question whose answer depends on the choices tells them (the riffle among them)
    told = (drills.question(routine, "③", random.Random(seed)) for seed in range(40))
    q = next(q for q in told if q.prompt.en.startswith("Set-up and choices"))
    assert "Riffle" in q.prompt.en.splitlines()[0]
    assert "Riffle" not in q.prompt.zh and "鸽尾洗牌" in q.prompt.zh.splitlines()[0]
