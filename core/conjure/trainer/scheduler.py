"""Spaced repetition: every item (a card of a stack, a step of a routine) is scheduled with the
FSRS algorithm (the ``fsrs`` package), and the drill asks what is due first.

An answer is rated from whether it was right and how long it took: wrong is *Again*; right
but slow is *Hard*; right at an ordinary pace is *Good*; right and quick is *Easy*. The pace
limits are per kind of subject (:data:`PACE`): naming a card of a memorised stack should take
a couple of seconds, a question about a routine's step longer.

A card seen once is not yet known, however quick the answer: until an item has passed its
learning steps (:data:`LEARNING_STEPS`: a minute, ten minutes, then a day) a quick answer is
rated *Good*, never *Easy*, so it moves one step on instead of jumping days ahead.

Time comes from a clock (:func:`now`), which the environment variable ``CONJURE_NOW`` (an ISO
date and time) fixes: scripted practice and the tests use it to come back "the next day".
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import Final

from conjure.errors import UsageError
from conjure.text import Text
from conjure.trainer.db import Item

#: (easy below, hard above) in seconds, per kind of subject
PACE: Final = {"stack": (3.0, 10.0), "routine": (8.0, 30.0)}

#: when an item still being learnt comes back: a minute after its first sighting, then ten
#: minutes, then a day; only after that do FSRS's intervals of days take over
LEARNING_STEPS: Final = (timedelta(minutes=1), timedelta(minutes=10), timedelta(days=1))
#: when a known item that was missed comes back
RELEARNING_STEPS: Final = (timedelta(minutes=10),)

AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4
RATING_NAMES: Final = {AGAIN: "again", HARD: "hard", GOOD: "good", EASY: "easy"}


def now() -> datetime:
    """The current time in UTC, or the time ``CONJURE_NOW`` gives."""
    fixed = os.environ.get("CONJURE_NOW")
    if not fixed:
        return datetime.now(UTC)
    try:
        when = datetime.fromisoformat(fixed.strip())
    except ValueError:
        raise UsageError(
            Text(
                f"CONJURE_NOW={fixed!r} is not an ISO date and time (such as 2026-03-01T09:00)",
                zh=f"CONJURE_NOW={fixed!r} 不是 ISO 日期时间（例如 2026-03-01T09:00）",
            )
        ) from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def rate(correct: bool, seconds: float, kind: str = "stack", learning: bool = False) -> int:
    """The FSRS rating of an answer (1 again, 2 hard, 3 good, 4 easy). While the item is
    ``learning`` (new, or not past its learning steps) a quick answer is *Good*, not *Easy*."""
    if not correct:
        return AGAIN
    easy, hard = PACE.get(kind, PACE["stack"])
    if seconds <= easy:
        return GOOD if learning else EASY
    if seconds >= hard:
        return HARD
    return GOOD


def _scheduler() -> object:
    import fsrs

    # no fuzzing: the same answers at the same times give the same schedule (tests, replays)
    return fsrs.Scheduler(
        learning_steps=LEARNING_STEPS, relearning_steps=RELEARNING_STEPS, enable_fuzzing=False
    )


def learning(memory: str | None) -> bool:
    """Whether an item is new or still in its (re)learning steps."""
    if not memory:
        return True
    state = json.loads(memory).get("state")
    return bool(state != 2)  # fsrs.State.Review


def review(
    memory: str | None, rating: int, when: datetime, card_id: int = 1
) -> tuple[str, datetime]:
    """The item's new memory state (JSON) and its next due time after an answer rated
    ``rating`` at ``when``."""
    import fsrs

    card = fsrs.Card.from_json(memory) if memory else fsrs.Card(card_id=card_id, due=when)
    scheduler = _scheduler()
    assert isinstance(scheduler, fsrs.Scheduler)
    card, _log = scheduler.review_card(card, fsrs.Rating(rating), review_datetime=when)
    return card.to_json(), card.due


def is_due(item: Item, when: datetime) -> bool:
    """Whether an item that has been answered before is due again at ``when``."""
    return item.memory is not None and item.due is not None and item.due <= when


def due_items(items: Sequence[Item], when: datetime) -> list[Item]:
    """The items due at ``when``, the longest overdue first."""
    due = [i for i in items if is_due(i, when)]
    return sorted(due, key=lambda i: (i.due or when, i.id))


def pick(
    items: Sequence[Item],
    when: datetime,
    rng: random.Random,
    weights: dict[str, float] | None = None,
    avoid: str | Collection[str] | None = None,
    new_in_order: bool = False,
) -> Item:
    """The next item to ask: the most overdue one; else one never asked, drawn at random (or the
    first in order with ``new_in_order``: a routine's steps); else one drawn at random,
    ``weights`` making some more likely (fatal steps of a routine). ``avoid`` is the item just
    asked (or the items too close to it: a stack's neighbours of the last cue), not asked next
    when there is another."""
    if not items:
        raise UsageError(Text("nothing to drill", zh="没有可练习的内容"))
    avoided = {avoid} if isinstance(avoid, str) else set(avoid or ())
    pool = [i for i in items if i.id not in avoided] or list(items)
    due = due_items(pool, when)
    if due:
        return due[0]
    new = [i for i in pool if i.memory is None]
    if not new:  # every new item is too close: a new one close by rather than an old one again
        new = [i for i in items if i.memory is None and i.id != avoid]
    if new:
        return new[0] if new_in_order else rng.choice(new)
    chosen: Item = rng.choices(pool, [(weights or {}).get(i.id, 1.0) for i in pool])[0]
    return chosen
