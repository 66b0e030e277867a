"""Routines: set-up, numbered steps, the spectator's free choices, beliefs and claims.

A routine is written as a script, step by step like the book, against a :class:`Performance`:

.. code-block:: python

    def script(p: Performance) -> None:
        order = p.arrange_order("queens", "SHCD", en="Queens' suits from the left")
        p.start(DeckState(...))                       # the set-up
        p.step("①", zh="…", en="…")
        p.do(Peel("right", "left"))                    # moves, checked
        depth = p.choose("insert", range(0, 10), en="where the spectator inserts")
        p.believe(every("left", 13, en="the left hand holds four Kings", zh="左手是4张K"))

Every value the script does not decide itself comes from a declared choice: :meth:`arrange`
for what the performer sets up beforehand, :meth:`choose` for the spectator's free choices,
:meth:`perform_choice` for the performer's own latitude during the routine. There is no hidden
randomness, so the verifier can enumerate or search every case and replay any of them exactly.

Two views are kept at every move: the performer's (the :class:`DeckState`) and the audience's
(faces seen, see :mod:`conjure.deck.audience`, and what they are led to believe). A face seen in a
place the audience believes something about must agree with the belief, or the routine fails
right there: that is the two-views rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from conjure.deck.audience import visible
from conjure.deck.cards import CARDS, RANK_EN, RANK_LABELS, Card
from conjure.deck.moves import Move
from conjure.deck.places import label
from conjure.deck.state import CODE_MASK, DeckState
from conjure.errors import (
    ConjureError,
    IllegalMoveError,
    UnknownNameError,
)
from conjure.inputs import check_range
from conjure.magic.choices import (
    Chooser,
    FirstChooser,
    Permutations,
    option_count,
)

T = TypeVar("T")

SETUP = "setup"
SPECTATOR = "spectator"
PERFORMER = "performer"


# -- declarations ------------------------------------------------------------------------------


@attrs.frozen
class Param:
    """A whole-number parameter of a routine, with its range (both ends included)."""

    name: str
    default: int
    low: int
    high: int
    en: str = ""
    zh: str = ""

    def values(self) -> range:
        return range(self.low, self.high + 1)


@attrs.frozen
class Claim:
    """What a routine promises about how it ends.

    ``check`` reads the finished :class:`Performance` and returns ``None`` when the claim holds
    or a sentence saying what is wrong. A claim that is not ``promised`` is optional: it holds
    only for some set-ups, and ``conjure solve`` finds which.
    """

    id: str
    en: str
    zh: str
    check: Callable[[Performance], str | None]
    promised: bool = True


@attrs.frozen(eq=False)
class Routine:
    """A magic routine: metadata, parameters, the script that performs it, and its claims."""

    id: str
    name_zh: str
    name_en: str
    source: str
    summary_en: str
    summary_zh: str
    setup_en: str
    setup_zh: str
    script: Callable[[Performance], None]
    claims: tuple[Claim, ...] = ()
    params: tuple[Param, ...] = ()
    notes: str = ""
    #: set-up values the trainer uses unless told otherwise (the book's own example, say)
    example: Mapping[str, Any] = attrs.field(factory=dict)

    def param(self, name: str) -> Param:
        for param in self.params:
            if param.name == name:
                return param
        known = ", ".join(p.name for p in self.params) or "none"
        raise UnknownNameError(f"routine {self.id!r} has no parameter {name!r} (known: {known})")

    def claim(self, claim_id: str) -> Claim:
        for claim in self.claims:
            if claim.id == claim_id:
                return claim
        known = ", ".join(c.id for c in self.claims)
        raise UnknownNameError(f"routine {self.id!r} has no claim {claim_id!r} (known: {known})")

    def resolve_params(self, given: Mapping[str, int] | None = None) -> dict[str, int]:
        """Defaults overridden by ``given``, each checked against its range."""
        values = {p.name: p.default for p in self.params}
        for name, value in (given or {}).items():
            param = self.param(name)
            check_range(value, f"parameter {name}", param.low, param.high)  # bad input: exit 2
            values[name] = value
        return values


# -- beliefs -------------------------------------------------------------------------------------


@attrs.frozen
class Belief:
    """What the audience believes about the packet at ``place``.

    ``test(depth, size, card)`` says whether seeing ``card`` at ``depth`` in a packet of ``size``
    cards agrees with the belief.
    """

    place: str
    en: str
    zh: str
    test: Callable[[int, int, Card], bool] = attrs.field(eq=False)

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


def every(place: str, rank: int, en: str = "", zh: str = "") -> Belief:
    """The audience believes every card at ``place`` has ``rank`` (1 = Ace … 13 = King)."""
    en = en or f"the {label(place)} holds only {RANK_EN[rank - 1]}s"
    zh = zh or f"{label(place, 'zh')}全是{RANK_LABELS[rank - 1]}"
    return Belief(place, en, zh, lambda _d, _n, card: card.rank == rank)


@attrs.frozen
class ChoiceMade:
    """One free choice as it was made in a performance."""

    kind: str
    name: str
    index: int
    size: int
    value: Any
    en: str
    zh: str
    step: str


class RoutineFailure(ConjureError):
    """A performance broke: an illegal move, a contradicted belief, a secret move in view."""

    def __init__(self, step: str, message: str) -> None:
        super().__init__(f"step {step}: {message}" if step else message)
        self.step = step
        self.message = message


# -- the trace ----------------------------------------------------------------------------------


class StepRecord:
    """One numbered step as performed: narration, moves, choices, views.

    A plain slotted class rather than attrs: the verifier makes millions of these.
    """

    __slots__ = ("beliefs", "choices", "en", "moves", "notes", "number", "shown", "state", "zh")

    def __init__(self, number: str, en: str, zh: str, beliefs: dict[str, Belief]) -> None:
        self.number = number
        self.en = en
        self.zh = zh
        self.moves: list[Move] = []
        self.choices: list[ChoiceMade] = []
        self.shown: set[int] = set()
        self.beliefs = beliefs
        #: the position after the step (kept when the performance records)
        self.state: DeckState | None = None
        self.notes: list[tuple[str, str]] = []

    def narration(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@attrs.define(eq=False)
class Performance:
    """One run of a routine's script: the live state, the trace and every choice made.

    ``record`` keeps a copy of the state after each step (the trainer and counter-example traces
    need it; the verifier's inner loop does not).
    """

    routine: Routine
    params: dict[str, int]
    chooser: Chooser = attrs.field(factory=FirstChooser)
    record: bool = True
    state: DeckState = attrs.field(factory=DeckState)
    initial: DeckState | None = None
    steps: list[StepRecord] = attrs.field(factory=list)
    #: the number of the step under way ("set-up" before the first)
    at: str = "set-up"
    choices: list[ChoiceMade] = attrs.field(factory=list)
    beliefs: dict[str, Belief] = attrs.field(factory=dict)
    values: dict[str, Any] = attrs.field(factory=dict)

    # -- what scripts call --------------------------------------------------------------------

    def param(self, name: str) -> int:
        try:
            return self.params[name]
        except KeyError:
            raise UnknownNameError(
                f"routine {self.routine.id!r} has no parameter {name!r}"
            ) from None

    def _pick(self, kind: str, name: str, options: Any, en: str, zh: str) -> Any:
        size = option_count(options)
        if not size:
            raise RoutineFailure(self._number(), f"choice {name!r} has no options")
        index = self.chooser.pick(kind, name, options)
        value = options[index]
        made = ChoiceMade(kind, name, index, size, value, en, zh, self.at)
        self.choices.append(made)
        if self.steps:
            self.steps[-1].choices.append(made)
        self.values[name] = value
        return value

    def arrange(self, name: str, options: Sequence[T], en: str = "", zh: str = "") -> T:
        """A choice the performer makes when setting up, before the routine starts."""
        value: T = self._pick(SETUP, name, options, en, zh)
        return value

    def arrange_order(
        self, name: str, items: Iterable[T], en: str = "", zh: str = ""
    ) -> tuple[T, ...]:
        """An order of ``items`` chosen when setting up (one choice among all the orders)."""
        order: tuple[T, ...] = self._pick(SETUP, name, Permutations(items), en, zh)
        return order

    def choose(self, name: str, options: Sequence[T], en: str = "", zh: str = "") -> T:
        """A free choice of the spectator's (which card, where to cut, where to insert)."""
        value: T = self._pick(SPECTATOR, name, options, en, zh)
        return value

    def perform_choice(self, name: str, options: Sequence[T], en: str = "", zh: str = "") -> T:
        """Latitude the routine leaves the performer (where to insert a card, say)."""
        value: T = self._pick(PERFORMER, name, options, en, zh)
        return value

    def start(self, state: DeckState) -> None:
        """The set-up: the position the routine starts from (checked when it was built)."""
        self.state = state
        self.initial = state.copy()

    def step(self, number: str, en: str, zh: str) -> None:
        """Begin the step numbered ``number`` (as in the book) with its narration."""
        self._close_step()
        self.at = number
        if self.record:  # the verifier's inner loop keeps no trace
            beliefs = dict(self.beliefs) if self.beliefs else {}
            self.steps.append(StepRecord(number, en, zh, beliefs))

    def note(self, en: str, zh: str) -> None:
        """A remark shown with the current step in the trainer (patter, a hint)."""
        if self.steps:
            self.steps[-1].notes.append((en, zh))

    def do(self, *moves: Move, secret: bool = False) -> None:
        """Make ``moves``, checking each one and the two-views rule after it.

        ``secret`` moves must be out of the audience's sight (behind a back): a secret move that
        touches a place in view is a failure.
        """
        state = self.state
        beliefs = self.beliefs
        step = self.steps[-1] if self.record and self.steps else None
        for move in moves:
            try:
                move.check(state)
            except IllegalMoveError as exc:
                raise RoutineFailure(self._number(), str(exc)) from None
            if secret:
                self._check_secret(move)
            if step is None and not beliefs:
                move.run_unchecked(state)  # nothing watches: the verifier's fast path
                continue
            shown = move.shows(state)
            move.run_unchecked(state)
            if step is not None:
                step.moves.append(move)
                if shown:
                    step.shown.update(shown)
            if beliefs:  # what is in view only matters where the audience believes something
                seen = visible(state).union(shown)
                if seen:
                    self._check_beliefs(seen, move)

    def believe(self, *beliefs: Belief) -> None:
        """From now on the audience believes these things (replacing beliefs on those places)."""
        for belief in beliefs:
            self.beliefs[belief.place] = belief
        if self.steps:
            self.steps[-1].beliefs = dict(self.beliefs)
        self._check_beliefs(visible(self.state), None)

    def forget(self, *places: str) -> None:
        """The audience no longer holds a belief about ``places`` (all places when none given)."""
        for place in places or tuple(self.beliefs):
            self.beliefs.pop(place, None)
        if self.steps:
            self.steps[-1].beliefs = dict(self.beliefs)

    # -- internals ------------------------------------------------------------------------------

    def _number(self) -> str:
        return self.at

    def _close_step(self) -> None:
        if self.steps and self.record:
            self.steps[-1].state = self.state.copy()
            self.steps[-1].beliefs = dict(self.beliefs)

    def _check_secret(self, move: Move) -> None:
        for place in move.places():
            if self.state.in_view(place):
                raise RoutineFailure(
                    self._number(),
                    f"secret move in view of the audience: {move.describe('en').lower()} "
                    f"(the {label(place)} is not behind anyone's back)",
                )

    def _check_beliefs(self, seen: Iterable[int], move: Move | None) -> None:
        packets = self.state.packets
        for place, belief in self.beliefs.items():
            packet = packets.get(place)
            if not packet:
                continue
            size = len(packet)
            for depth, b in enumerate(packet):
                code = b & CODE_MASK
                if code in seen and not belief.test(depth, size, CARDS[code]):
                    how = f" while {move.describe('en').lower()}" if move is not None else ""
                    raise RoutineFailure(
                        self._number(),
                        f"the audience sees {CARDS[code]} in the {label(place)}{how}, "
                        f"but believes {belief.en}",
                    )

    def finish(self) -> None:
        self._close_step()


@attrs.frozen
class Outcome:
    """How one performance ended: a failure (illegal move or two-views) or each claim's result."""

    performance: Performance
    failure: RoutineFailure | None
    claim_errors: dict[str, str]

    @property
    def ok(self) -> bool:
        return self.failure is None and not self.claim_errors

    def choice_indices(self) -> list[int]:
        return [c.index for c in self.performance.choices]


def perform(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    chooser: Chooser | None = None,
    record: bool = True,
    claims: Iterable[Claim] | None = None,
) -> Outcome:
    """Run ``routine`` once and check ``claims`` (the promised ones by default) at the end."""
    perf = Performance(
        routine, routine.resolve_params(params), chooser or FirstChooser(), record=record
    )
    failure: RoutineFailure | None = None
    errors: dict[str, str] = {}
    try:
        routine.script(perf)
    except RoutineFailure as exc:
        failure = exc
    perf.finish()
    if failure is None:
        for claim in routine.claims if claims is None else claims:
            if claims is None and not claim.promised:
                continue
            problem = claim.check(perf)
            if problem is not None:
                errors[claim.id] = problem
    return Outcome(perf, failure, errors)
