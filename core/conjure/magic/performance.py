"""A routine performed: the :class:`Performance` a script runs against, its trace, and
:func:`perform`.

Two views are kept at every move: the performer's (the :class:`DeckState`) and the audience's
(faces seen, see :mod:`conjure.deck.audience`, and what they are led to believe). The
audience's view is checked whether or not the routine states a belief:

- a face comes into view only on purpose: in a move made with :meth:`Performance.show` or
  :meth:`Performance.reveal`, or a display move (``ShowTop`` …). Any other face the audience
  has not been shown before is a *flash*, and the case fails there, naming the card, the step
  and the move;
- a face seen in a place the audience believes something about must agree with the belief;
  a belief can say how many cards the place holds (checked when it is stated) and how many
  distinct faces shown in the step must back it;
- a ``secret`` move must be made where nobody sees it: every place it touches is in the hands
  of someone whose hands are behind their back, at the moment it runs;
- claims read the finished performance; :meth:`Performance.seen` is what the audience saw at
  the reveal, and :func:`hands_empty` and :func:`cards_end_in` are the usual end conditions.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from conjure.deck.audience import visible, visible_at
from conjure.deck.cards import CARDS, Card
from conjure.deck.move import Move
from conjure.deck.places import owner, place_text
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState, decode
from conjure.errors import (
    ConjureError,
    IllegalMoveError,
    UnknownNameError,
    VerificationError,
)
from conjure.magic.abstraction import QUIET
from conjure.magic.beliefs import Belief
from conjure.magic.choices import (
    Chooser,
    FirstChooser,
    Permutations,
    Weighted,
    option_count,
)
from conjure.magic.expect import Expectation
from conjure.magic.routine import PERFORMER, SETUP, SPECTATOR, Claim, Routine
from conjure.text import Text

T = TypeVar("T")
_CODES = bytes(i & CODE_MASK for i in range(256))


@attrs.frozen
class Count:
    """One count the audience watched: at step ``step``, ``move`` passed cards into ``place``
    one at a time, and at each count the audience saw one side of a card: ``sides`` holds, for
    each count in order, the card and whether its face (``True``) or its back was uppermost.

    In an honest count every card is seen once; in an Elmsley count of ``1 2 3 4`` the sides
    are those of 1, 2, 4 and 1 again, so a card whose face differs from the rest (the third)
    is never seen and a face that shows where a back was expected is caught at that count."""

    step: str
    move: Move
    place: str
    sides: tuple[tuple[Card, bool], ...]

    @property
    def faces(self) -> tuple[Card, ...]:
        """The faces seen, in the order of the counts (backs left out)."""
        return tuple(card for card, up in self.sides if up)

    def text(self) -> Text:
        """The sides seen, one a count: ``back, back, A♠, back``."""
        words = [str(card) if up else _BACK.en for card, up in self.sides]
        zh = [str(card) if up else _BACK.zh for card, up in self.sides]
        return Text(", ".join(words), zh="、".join(zh))


_BACK = Text("back", zh="背面")


def _count(step: str, move: Move, sides: bytes) -> Count:
    return Count(step, move, _places(move)[-1], decode(sides))


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
    #: how likely this option was (its weight over the total), when the choice had weights;
    #: None: one of ``size`` equally likely options
    chance: Any = None

    @property
    def probability(self) -> Fraction:
        """How likely this option was: ``chance``, or 1 of ``size``."""
        return self.chance if self.chance is not None else Fraction(1, self.size)

    @property
    def text(self) -> Text:
        return Text(self.en or self.name, self.zh)


#: a failure's place in the routine
_AT_STEP = Text("step {step}: {message}", zh="步骤{step}：{message}")
#: what broke, in every language
_FAILURES = {
    "in": Text(" in the {place}", zh="{place}中"),
    "flash": Text(
        'the audience sees {card}{where} during "{move}": a face the routine does not mean to '
        "show (a flash)",
        zh="{move}时观众看到了{where}的{card}：这是流程不打算展示的牌面（露牌）",
    ),
    "in view": Text("is always in view", zh="始终在观众视线中"),
    "not behind": Text("is not behind anyone's back", zh="没有藏在背后"),
    "secret": Text(
        "secret move in view of the audience: {move} (the {place} {where})",
        zh="秘密动作被观众看见：{move}（{place}{where}）",
    ),
    "told": Text(
        "the audience is told {belief}, but the {place} holds {size} cards, not {count}",
        zh="观众被告知{belief}，但{place}有{size}张牌，不是{count}张",
    ),
    "told one": Text(
        "the audience is told {belief}, but the {place} holds {size} card, not {count}",
        zh="观众被告知{belief}，但{place}有{size}张牌，不是{count}张",
    ),
    "backed": Text(
        "the audience is told {belief}, but has been shown only {n} distinct cards of the "
        "{place} in this step to back it, not {backed}",
        zh="观众被告知{belief}，但本步骤中只看过{place}的{n}张不同的牌作为依据，不是{backed}张",
    ),
    "backed one": Text(
        "the audience is told {belief}, but has been shown only {n} distinct card of the "
        "{place} in this step to back it, not {backed}",
        zh="观众被告知{belief}，但本步骤中只看过{place}的{n}张不同的牌作为依据，不是{backed}张",
    ),
    "while": Text(' during "{move}"', zh="（{move}时）"),
    "belief": Text(
        "the audience sees {card} in the {place}{how}, but believes {belief}",
        zh="观众在{place}看到了{card}{how}，但相信{belief}",
    ),
}


def _weighted(options: Any, weights: Sequence[Any] | None) -> Any:
    return options if weights is None else Weighted(options, weights)


def _doing(move: Move) -> Text:
    """A move quoted inside a sentence ('during "move the packet …"'): its first letter small."""
    said = move.text()
    return Text(said.en[:1].lower() + said.en[1:], said.zh)


class RoutineFailure(ConjureError):
    """A performance broke: an illegal move, a flash, a contradicted belief, a secret move in
    view, or an error in the routine's own code (``error`` holds the exception then)."""

    def __init__(
        self, step: str, message: str | Text, error: BaseException | None = None, kind: str = ""
    ) -> None:
        said = Text.of(message)
        super().__init__(_AT_STEP.format(step=step, message=said) if step else said)
        self.step = step
        #: what broke, in English (``text`` has it in every language, with the step)
        self.message = said.en
        #: what broke, in every language, without the step
        self.reason = said
        self.error = error
        #: what broke, for tables of slips: ``illegal`` (an impossible move), ``flash``,
        #: ``belief`` (a face contradicts a belief), ``told`` (a count or backing told
        #: wrong), ``secret`` (a secret move in view), ``expect``, ``choice``, ``error``
        self.kind = kind or ("error" if error is not None else "")


# -- the trace ----------------------------------------------------------------------------------


class StepRecord:
    """One numbered step as performed: narration, moves, choices, views.

    A plain slotted class rather than attrs: the verifier makes millions of these.
    """

    __slots__ = (
        "beliefs", "choices", "counts", "effect", "en", "impression", "moves", "notes", "number",
        "patter", "shown", "state", "zh",
    )  # fmt: skip

    def __init__(self, number: str, en: str, zh: str, beliefs: dict[str, Belief]) -> None:
        self.number = number
        self.en = en
        self.zh = zh
        self.moves: list[Move] = []
        self.choices: list[ChoiceMade] = []
        self.shown: set[int] = set()
        #: the counts made in the step, with the side seen at each count
        self.counts: list[Count] = []
        self.beliefs = beliefs
        #: the position after the step (kept when the performance records)
        self.state: DeckState | None = None
        self.notes: list[tuple[str, str]] = []
        #: what the performer says in the step, line by line (:meth:`Performance.patter`)
        self.patter: list[Text] = []
        #: what the audience takes the step to show, in words (:meth:`Performance.impression`)
        self.impression: Text | None = None
        #: the effect the step sells, at the climax (:meth:`Performance.effect`)
        self.effect: Text | None = None

    @property
    def text(self) -> Text:
        return Text(self.en, self.zh)

    def narration(self, lang: str) -> str:
        return self.text.get(lang)


_DO, _SHOW, _REVEAL = 0, 1, 2


@functools.lru_cache(maxsize=4096)
def _places(move: Move) -> tuple[str, ...]:
    """``move.places()``, remembered: the verifier asks it of the same moves millions of times."""
    return move.places()


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
    #: codes of the faces the audience has been shown on purpose (or saw in the set-up)
    known: set[int] = attrs.field(factory=set)
    #: codes of the faces shown on purpose in the step under way (what a belief can rest on)
    shown_in_step: set[int] = attrs.field(factory=set)
    #: place -> the cards there whose faces the audience saw at the reveal, top first
    revealed: dict[str, tuple[Card, ...]] = attrs.field(factory=dict)
    _revealed_codes: set[int] = attrs.field(factory=set, alias="_revealed_codes")
    #: the cards whose faces a display move of the reveal showed (a card shown and left face
    #: down): code -> (place, depth, packet byte) where it was shown, and which way up; it is
    #: shown while it stays there as it was
    displayed: dict[int, tuple[str, int, int]] = attrs.field(factory=dict)
    #: the counts made in view, oldest first, as (step, move, the sides seen as packet
    #: bytes): :meth:`counted` reads them as :class:`Count`
    counts: list[tuple[str, Move, bytes]] = attrs.field(factory=list)
    #: how many cards the set-up put in play
    in_play: int = 0
    #: a slip the performer makes in this performance (see :mod:`conjure.magic.slips`): it
    #: rewrites the moves as they are made; ``None`` for the routine as written
    slip: Any = None
    #: an error of the chooser's (a set-up or choice value given that is not an option): the
    #: caller's input, so it leaves ``perform`` as it is, while the script's own are its bugs
    chooser_error: BaseException | None = None

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
            said = Text("choice {name!r} has no options", zh="选择 {name!r} 没有可选的值")
            raise RoutineFailure(self.at, said.format(name=name), kind="choice")
        pick_value = getattr(self.chooser, "pick_value", None)
        try:
            if pick_value is not None:  # the verifier's walk: it may pick one value for a class
                index, value = pick_value(self, kind, name, options)
            else:
                index = self.chooser.pick(kind, name, options)
                value = options[index]
        except ConjureError as exc:
            self.chooser_error = exc
            raise
        chance = options.probability(index) if isinstance(options, Weighted) else None
        made = ChoiceMade(kind, name, index, size, value, en, zh, self.at, chance)
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

    def choose(
        self,
        name: str,
        options: Sequence[T],
        en: str = "",
        zh: str = "",
        *,
        weights: Sequence[Any] | None = None,
    ) -> T:
        """A free choice of the spectator's (which card, where to cut, where to insert).

        Every option is a case the verifier checks. ``weights`` say how likely each option is
        when the odds of a claim are worked out (by default every option is equally likely):
        a spectator asked to cut near the middle, say."""
        value: T = self._pick(SPECTATOR, name, _weighted(options, weights), en, zh)
        return value

    def perform_choice(
        self,
        name: str,
        options: Sequence[T],
        en: str = "",
        zh: str = "",
        *,
        weights: Sequence[Any] | None = None,
    ) -> T:
        """Latitude the routine leaves the performer (where to insert a card, say);
        ``weights`` as in :meth:`choose`."""
        value: T = self._pick(PERFORMER, name, _weighted(options, weights), en, zh)
        return value

    def shuffle(self, name: str, options: Any, en: str = "", zh: str = "") -> None:
        """The spectator shuffles: one of ``options`` (a :class:`conjure.deck.Riffles`, every
        riffle of a packet, each equally likely) is chosen freely and made at once, as with
        :meth:`do`. The script is not told which (it can read ``p.values[name]``, as for any
        choice), so the verifier can walk the shuffle card by card, the top card of the
        shuffled packet first, and meet two shuffles that leave the same situation halfway as
        one: this is what proves a riffle routine on a full deck. A shuffle the script must
        read is written ``p.do(p.choose(name, Riffles(...)))`` instead."""
        interleave = getattr(self.chooser, "pick_interleaving", None)
        if interleave is not None and option_count(options):
            try:
                index, value = interleave(self, name, options)
            except ConjureError as exc:
                self.chooser_error = exc
                raise
            made = ChoiceMade(SPECTATOR, name, index, option_count(options), value, en, zh,
                              self.at)  # fmt: skip
            self.choices.append(made)
            if self.steps:
                self.steps[-1].choices.append(made)
            self.values[name] = value
        else:
            value = self._pick(SPECTATOR, name, options, en, zh)
        self._make((value,), _DO, False)

    def start(self, state: DeckState) -> None:
        """The set-up: the position the routine starts from (checked when it was built). Faces
        in view in the set-up are in view on purpose."""
        self.state = state
        self.initial = state.copy()
        self.in_play = len(state)
        self.known = set(visible(state))

    def step(self, number: str, en: str | Text = "", zh: str = "") -> None:
        """Begin the step numbered ``number`` (as in the book) with its narration (English
        required, Chinese optional; a :class:`~conjure.text.Text` works too)."""
        self._close_step()
        self.at = number
        self.shown_in_step = set()
        if self.record:  # the verifier's inner loop keeps no trace
            text = Text.of(en, zh)
            beliefs = dict(self.beliefs) if self.beliefs else {}
            self.steps.append(StepRecord(number, text.en, text.zh, beliefs))
        # a step is where the verifier may merge this performance with one it has seen in the
        # same situation (conjure.magic.walk): it asks the chooser, which may stop it here
        checkpoint = getattr(self.chooser, "checkpoint", None)
        if checkpoint is not None:
            checkpoint(self)

    def note(self, en: str, zh: str = "") -> None:
        """A remark shown with the current step in the trainer (a hint)."""
        if self.steps:
            self.steps[-1].notes.append((en, zh))

    def patter(self, en: str, zh: str = "") -> None:
        """What the performer says in the current step (a line of patter): shown as a track
        of its own beside what to do, never checked."""
        if self.steps:
            self.steps[-1].patter.append(Text(en, zh))

    def impression(self, en: str, zh: str = "") -> None:
        """What the audience takes the current step to show, in words, where no
        :class:`Belief` states it ("eight cards, Queens and Kings, fanned for the performer"):
        shown with the step, never checked (a belief is what the verifier checks)."""
        if self.steps:
            self.steps[-1].impression = Text(en, zh)

    def effect(self, en: str, zh: str = "") -> None:
        """The effect the current step sells, at the climax ("every King has found a Queen"):
        what the audience sees happen, in words."""
        if self.steps:
            self.steps[-1].effect = Text(en, zh)

    def do(self, *moves: Move, secret: bool = False) -> None:
        """Make ``moves``, checking each one and both views after it.

        No face may come into view that the audience has not been shown on purpose (display
        moves such as ``ShowTop`` show on purpose wherever they are written). ``secret`` moves
        must be out of the audience's sight when they run: every place they touch is in the
        hands of someone whose hands are behind their back.
        """
        self._make(moves, _DO, secret)

    def show(self, *moves: Move) -> None:
        """Make ``moves`` whose faces the audience is meant to see (a display, a face-up deal,
        a spread toward them): every face they bring into view is shown on purpose."""
        self._make(moves, _SHOW, False)

    def reveal(self, *moves: Move) -> None:
        """The climax: make ``moves`` that show the audience the result, and remember, place by
        place, which cards' faces they saw (:meth:`seen`), for the claims to check."""
        self._make(moves, _REVEAL, False)

    def showing(self, place: str) -> tuple[Card, ...]:
        """What the climax shows at ``place`` now, top first: the cards there that lie face up,
        in view, and whose faces the audience saw at the reveal; and a card a display of the
        reveal showed (``ShowTop``: shown, and left face down), while it stays where it was
        shown.

        This is what an effect's claim reads ("every pair is a King and a Queen"): a card the
        reveal showed and that now lies face down (turned as it was dealt, say), or a card face
        up that the reveal never showed, is not part of what the audience sees at the end."""
        packet = self.state.packets.get(place)
        if not packet or not self.state.in_view(place):
            return ()
        seen = self._revealed_codes
        displayed = self.displayed
        return tuple(
            CARDS[code]
            for depth, b in enumerate(packet)
            if ((code := b & CODE_MASK) in seen and b & FACE_UP)
            or displayed.get(code) == (place, depth, b)
        )

    def seen(self, place: str) -> tuple[Card, ...]:
        """Every card at ``place`` whose face the audience saw at some moment of the reveal, top
        first, whichever way it lies now (nothing when there was no reveal there). What the
        climax shows *now* is :meth:`showing`; this is the history, for claims about what the
        reveal let the audience see on the way."""
        return self.revealed.get(place, ())

    def counted(self, place: str | None = None) -> tuple[Count, ...]:
        """The counts made so far (moves that pass cards one at a time from hand to hand or
        to the table, in view: peels, deals, an Elmsley count), oldest first, or only those
        into ``place``: each with the side of a card the audience saw at each count."""
        made = [_count(*c) for c in self.counts]
        return tuple(c for c in made if place is None or c.place == place)

    def believe(self, *beliefs: Belief) -> None:
        """From now on the audience believes these things (replacing beliefs on those places).

        A belief's ``count`` and ``backed`` are checked now, the moment the audience is told.
        """
        for belief in beliefs:
            self.beliefs[belief.place] = belief
            if belief.count is not None or belief.backed:
                self._check_told(belief)
        if self.steps:
            self.steps[-1].beliefs = dict(self.beliefs)
        places = [belief.place for belief in beliefs]  # the other beliefs were checked before
        self._check_beliefs(visible_at(self.state, places), None, places)

    def expect(self, *expectations: Expectation) -> None:
        """What must hold here, at this point of the step (see :mod:`conjure.magic.expect`).

        A failure names the step and the move of the step after which the expectation first
        failed (for good: the step's moves are replayed from where the step began)."""
        for expectation in expectations:
            problem = expectation.check(self.state)
            if problem is not None:
                raise RoutineFailure(
                    self.at, self._first_failure(expectation, problem), kind="expect"
                )

    def _first_failure(self, expectation: Expectation, problem: str) -> str:
        said = f"expected {expectation.en}, but {problem}"
        step = self.steps[-1] if self.steps else None
        if step is None or step.number != self.at or not step.moves:
            return said
        begun = self.steps[-2].state if len(self.steps) > 1 else self.initial
        if begun is None:
            last = step.moves[-1]
            return f"{said} (after {last.describe('en').lower()})"
        state = begun.copy()
        holding = [expectation.check(state) is None]
        for move in step.moves:
            move.run_unchecked(state)
            holding.append(expectation.check(state) is None)
        k = len(holding)
        while k > 0 and not holding[k - 1]:
            k -= 1
        if k == 0:
            return f"{said} (it already failed when the step began)"
        move = step.moves[k - 1]
        n = len(step.moves)
        return f"{said} (first after move {k} of {n}: {move.describe('en').lower()})"

    def forget(self, *places: str) -> None:
        """The audience no longer holds a belief about ``places`` (all places when none given)."""
        for place in places or tuple(self.beliefs):
            self.beliefs.pop(place, None)
        if self.steps:
            self.steps[-1].beliefs = dict(self.beliefs)

    # -- internals ------------------------------------------------------------------------------

    def _close_step(self) -> None:
        if self.steps and self.record:
            self.steps[-1].state = self.state.copy()
            self.steps[-1].beliefs = dict(self.beliefs)

    def _make(self, moves: Sequence[Move], purpose: int, secret: bool) -> None:
        if self.slip is not None:
            self.slip.make(self, moves, purpose, secret)
        else:
            self._make_moves(moves, purpose, secret)

    def _make_moves(self, moves: Sequence[Move], purpose: int, secret: bool) -> None:
        state = self.state
        step = self.steps[-1] if self.record and self.steps else None
        during: set[int] | None = set() if purpose == _REVEAL else None
        quiet = QUIET  # a move's check reads no card for what happens (only for what it says)
        for move in moves:
            quiet[0] += 1
            try:
                move.check(state)
            except IllegalMoveError as exc:
                raise RoutineFailure(self.at, exc.text, kind="illegal") from None
            quiet[0] -= 1
            # only the places a move touches can change what is in view (a move naming no
            # place, such as bringing the hands forward, can change any); a move whose places
            # are all behind a back shows nothing and changes nothing in view
            places = _places(move)
            hidden = bool(state.behind) and bool(places) and not any(map(state.in_view, places))
            if secret and not hidden:
                self._check_secret(move)
            if hidden:
                move.run_unchecked(state)
                if step is not None:
                    step.moves.append(move)
                continue
            shown = move.shows(state)
            sides = move.counts(state) if move.counting else b""
            move.run_unchecked(state)
            if sides:  # kept as it was seen; made a Count when it is read (counted())
                self.counts.append((self.at, move, sides))
            if step is not None:
                step.moves.append(move)
                if shown:
                    step.shown.update(shown)
                if sides:
                    step.counts.append(_count(self.at, move, sides))
            seen: AbstractSet[int]
            if not places or state.spread or state.behind:
                seen = visible_at(state, places) if places else visible(state)
            else:  # squared packets in view: what shows is each top card that faces up
                packets = state.packets
                seen = {
                    top & CODE_MASK
                    for place in places
                    if (packet := packets.get(place)) and (top := packet[0]) & FACE_UP
                }
            if shown:
                seen = seen.union(shown)
            if not seen:
                continue
            new = seen - self.known
            if new:
                if purpose == _DO and not move.display:
                    self._flash(new, move)
                self.known |= new
            if purpose != _DO or move.display:
                self.shown_in_step.update(seen)
                if during is not None:
                    during.update(seen)
                    if move.display and shown:
                        self._displayed_at(shown)
            beliefs = self.beliefs  # what is seen lies in the places the move touched
            if beliefs and (not places or not beliefs.keys().isdisjoint(places)):
                self._check_beliefs(seen, move, places or None)
        if during is not None:
            self._revealed_codes.update(during)
            touched = {place for move in moves for place in _places(move)}
            self._remember_reveal(touched if all(_places(m) for m in moves) else None)

    def _displayed_at(self, shown: Iterable[int]) -> None:
        """Where the cards a display of the reveal showed lie (to tell whether they stay)."""
        for code in shown:
            for place, packet in self.state.packets.items():
                depth = packet.translate(_CODES).find(code)
                if depth >= 0:
                    self.displayed[code] = (place, depth, packet[depth])
                    break

    def _remember_reveal(self, touched: set[str] | None) -> None:
        """What the audience has seen at the reveal, place by place: recounted where the reveal
        touched (everywhere when it named no place) and kept elsewhere."""
        seen = self._revealed_codes
        packets = self.state.packets
        places = packets if touched is None else touched | set(self.revealed)
        for place in places:
            codes = packets.get(place, b"").translate(_CODES)
            if seen.isdisjoint(codes):
                self.revealed.pop(place, None)
            else:
                self.revealed[place] = tuple(CARDS[c] for c in codes if c in seen)

    def _flash(self, new: Iterable[int], move: Move) -> None:
        QUIET[0] += 1  # what follows words the failure: its reads decide nothing
        code = min(new)
        packets = self.state.packets
        place = next((p for p, packet in packets.items() if code in packet.translate(_CODES)), "")
        where = _FAILURES["in"].format(place=place_text(place)) if place else Text("")
        raise RoutineFailure(
            self.at,
            _FAILURES["flash"].format(card=CARDS[code], where=where, move=_doing(move)),
            kind="flash",
        )

    def _check_secret(self, move: Move) -> None:
        for place in _places(move):
            if self.state.in_view(place):
                QUIET[0] += 1
                person = owner(place)
                where = _FAILURES["in view" if person is None else "not behind"]
                raise RoutineFailure(
                    self.at,
                    _FAILURES["secret"].format(
                        move=_doing(move), place=place_text(place), where=where
                    ),
                    kind="secret",
                )

    def _check_told(self, belief: Belief) -> None:
        packet = self.state.packet(belief.place)
        size = len(packet)
        if belief.count is not None and size != belief.count:
            QUIET[0] += 1
            raise RoutineFailure(
                self.at,
                _FAILURES["told" if size != 1 else "told one"].format(
                    belief=belief.words,
                    place=place_text(belief.place),
                    size=size,
                    count=belief.count,
                ),
                kind="told",
            )
        if belief.backed:
            shown = self.shown_in_step
            backing = {
                code
                for depth, b in enumerate(packet)
                if (code := b & CODE_MASK) in shown and belief.test(depth, size, CARDS[code])
            }
            if len(backing) < belief.backed:
                QUIET[0] += 1
                raise RoutineFailure(
                    self.at,
                    _FAILURES["backed" if len(backing) != 1 else "backed one"].format(
                        belief=belief.words,
                        place=place_text(belief.place),
                        n=len(backing),
                        backed=belief.backed,
                    ),
                    kind="told",
                )

    def _check_beliefs(
        self, seen: Iterable[int], move: Move | None, places: Iterable[str] | None = None
    ) -> None:
        packets = self.state.packets
        beliefs = self.beliefs
        for place in beliefs if places is None else places:
            belief = beliefs.get(place)
            if belief is None:
                continue
            packet = packets.get(place)
            if not packet:
                continue
            codes = packet.translate(_CODES)
            size = len(packet)
            for code in seen:
                depth = codes.find(code)
                if depth >= 0 and not belief.test(depth, size, CARDS[code]):
                    QUIET[0] += 1
                    how = (
                        _FAILURES["while"].format(move=_doing(move))
                        if move is not None
                        else Text("")
                    )
                    raise RoutineFailure(
                        self.at,
                        _FAILURES["belief"].format(
                            card=CARDS[code],
                            place=place_text(place),
                            how=how,
                            belief=belief.words,
                        ),
                        kind="belief",
                    )

    def finish(self) -> None:
        self._close_step()


@attrs.frozen
class Outcome:
    """How one performance ended: a failure (an illegal move, a flash, a contradicted belief, an
    error in the routine's code) or each claim's result."""

    performance: Performance
    failure: RoutineFailure | None
    #: claim id -> what is wrong, in English
    claim_errors: dict[str, str]
    #: a Python exception raised by the routine's own script or claims (a bug of its plugin)
    error: BaseException | None = None
    #: claim id -> what is wrong, in every language it was written in
    claim_texts: dict[str, Text] = attrs.field(factory=dict)

    def claim_error(self, claim_id: str, lang: str = "en") -> str:
        """What is wrong with claim ``claim_id``, in ``lang``."""
        said = self.claim_texts.get(claim_id)
        return said.get(lang) if said is not None else self.claim_errors[claim_id]

    @property
    def ok(self) -> bool:
        return self.failure is None and not self.claim_errors

    @property
    def step(self) -> str:
        """The step where the performance went wrong (the last step for a broken claim)."""
        if self.failure is not None:
            return self.failure.step
        steps = self.performance.steps
        return steps[-1].number if steps else self.performance.at

    def choice_indices(self) -> list[int]:
        return [c.index for c in self.performance.choices]


_CHECK_RAISED = Text("the claim's check raised {error}", zh="结论的检查出错：{error}")
_SCRIPT_RAISED = Text("the routine's script raised {error}", zh="流程的代码出错：{error}")


def _described(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class RoutineBug(VerificationError):
    """A routine's own script or a claim's check raised (exit 5): a bug of its plugin's code,
    not of the input, so a command that performs it stops rather than count the case as a
    failure of the trick. ``outcome`` is the performance that raised."""

    def __init__(self, routine: Routine, outcome: Outcome) -> None:
        assert outcome.error is not None
        self.routine = routine
        self.outcome = outcome
        #: the exception, as ``TypeName: message``
        self.described = _described(outcome.error)
        super().__init__(
            f"routine {routine.id!r}: its own code failed at step {outcome.step} "
            f"({self.described}): a bug in its plugin, not in the input"
        )


def check_not_bug(routine: Routine, outcome: Outcome) -> Outcome:
    """``outcome``, unless the routine's own code raised in it (:class:`RoutineBug`): the one
    test of a plugin's bug, the same as the verifier's ERROR verdict."""
    if outcome.error is not None:
        raise RoutineBug(routine, outcome)
    return outcome


def perform(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    chooser: Chooser | None = None,
    record: bool = True,
    claims: Iterable[Claim] | None = None,
) -> Outcome:
    """Run ``routine`` once and check ``claims`` (the promised ones by default) at the end.

    Every run ends in a verdict: an illegal move (also one built from a choice, such as a count
    of 0) or a Python error raised by the script fails the performance at its step, and a claim
    that raises is a broken claim; ``Outcome.error`` keeps such an exception. Errors of the
    chooser (a set-up value that is not one of the options) are the caller's and propagate.
    """
    perf = Performance(
        routine, routine.resolve_params(params), chooser or FirstChooser(), record=record
    )
    failure: RoutineFailure | None = None
    error: BaseException | None = None
    errors: dict[str, Text] = {}
    try:
        routine.script(perf)
    except RoutineFailure as exc:
        failure = exc
    except IllegalMoveError as exc:  # a move built with values no move can take (n=0)
        failure = RoutineFailure(perf.at, exc.text, kind="illegal")
    except ConjureError as exc:
        if exc is perf.chooser_error:
            raise
        error = exc  # bad notation, an unknown parameter: the script's bug, as any other
        failure = RoutineFailure(perf.at, _SCRIPT_RAISED.format(error=_described(exc)), error=exc)
    except Exception as exc:
        error = exc
        failure = RoutineFailure(perf.at, _SCRIPT_RAISED.format(error=_described(exc)), error=exc)
    perf.finish()
    if failure is None:
        for claim in routine.claims if claims is None else claims:
            if claims is None and not claim.promised:
                continue
            problem: str | Text | None
            try:
                problem = claim.check(perf)
            except ConjureError as exc:
                problem = exc.text
            except Exception as exc:
                error = error or exc
                problem = _CHECK_RAISED.format(error=_described(exc))
            if problem is not None:
                errors[claim.id] = Text.of(problem)
    return Outcome(perf, failure, {k: v.en for k, v in errors.items()}, error, errors)
