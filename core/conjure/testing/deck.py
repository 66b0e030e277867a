"""The deck kit: hypothesis strategies for layouts and moves, a plain list model written
independently of the machine, and a stateful test that compares the two.

>>> from conjure.testing import DeckMachine
>>> TestDeckMachine = DeckMachine.TestCase   # collected by pytest in your own test module
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from conjure.deck.cards import CARDS, Card
from conjure.deck.moves import (
    CompleteCut,
    Cull,
    Cut,
    Deal,
    Extract,
    Faro,
    HoldBreak,
    Insert,
    Move,
    Peel,
    ReleaseBreak,
    Spread,
    Square,
    Steal,
    Take,
    Transfer,
    TurnCard,
    TurnOver,
)
from conjure.deck.places import is_hand
from conjure.deck.sleights import (
    BottomToTop,
    DealPiles,
    DoubleLift,
    ElmsleyCount,
    Glimpse,
    Overhand,
    Riffle,
    SpellDeal,
    TopToBottom,
)
from conjure.deck.state import DeckState

#: the places the strategies deal cards into
PLACES = ("left", "right", "spectator", "table", "table.pile")

cards = st.sampled_from(CARDS)


@st.composite
def layouts(
    draw: st.DrawFn, places: tuple[str, ...] = PLACES, max_cards: int = 54, min_cards: int = 0
) -> DeckState:
    """Random layouts: distinct cards spread over ``places``, each face up or down, maybe breaks."""
    chosen = draw(st.lists(cards, unique=True, min_size=min_cards, max_size=max_cards))
    layout: dict[str, list[tuple[Card, bool]]] = {}
    for card in chosen:
        layout.setdefault(draw(st.sampled_from(places)), []).append((card, draw(st.booleans())))
    breaks = {}
    for place, packet in layout.items():
        if is_hand(place) and len(packet) > 1 and draw(st.booleans()):
            breaks[place] = draw(st.integers(1, len(packet) - 1))
    state = DeckState.from_faces(layout)
    for place, depth in breaks.items():
        state.hold_break(place, depth)
    return state


# -- a plain model: lists of (code, face_up), written independently of the machine -----------

Model = dict[str, list[tuple[int, bool]]]


def to_model(s: DeckState) -> tuple[Model, dict[str, int]]:
    return (
        {p: [(card.code, up) for card, up in s.faces(p)] for p in s.places()},
        dict(s.breaks),
    )


def _fix_break(model: Model, breaks: dict[str, int], place: str) -> None:
    if place in breaks and not 0 < breaks[place] < len(model.get(place, [])):
        del breaks[place]


def model_apply(
    model: Model, breaks: dict[str, int], move: Move, spread: dict[str, str] | None = None
) -> None:
    """What ``move`` does, spelled out on lists: the reference the machine is checked against.
    ``spread`` (place -> toward), when given, is kept too: spread and squared by those moves,
    and gone from a place left empty."""
    fans: dict[str, str] = {} if spread is None else spread

    def pile(place: str) -> list[tuple[int, bool]]:
        return model.setdefault(place, [])

    def flip(c: tuple[int, bool]) -> tuple[int, bool]:
        return (c[0], not c[1])

    match move:
        case Peel(src=src, dst=dst, n=n, turn=turn):  # also Deal
            for _ in range(n):
                card = pile(src).pop(0)
                pile(dst).insert(0, flip(card) if turn else card)
            if src in breaks:
                breaks[src] -= n
            if dst in breaks:
                breaks[dst] += n
            _fix_break(model, breaks, src)
        case Take(src=src, dst=dst, n=n, from_bottom=fb, to_bottom=tb):
            s = pile(src)
            block = s[len(s) - n :] if fb else s[:n]
            model[src] = s[: len(s) - n] if fb else s[n:]
            if not fb and src in breaks:
                breaks[src] -= n
            model[dst] = pile(dst) + block if tb else block + pile(dst)
            if not tb and dst in breaks:
                breaks[dst] += n
            _fix_break(model, breaks, src)
        case Transfer(src=src, dst=dst, to_bottom=tb):
            block = model.pop(src)
            breaks.pop(src, None)
            model[dst] = pile(dst) + block if tb else block + pile(dst)
            if not tb and dst in breaks:
                breaks[dst] += len(block)
        case Insert(src=src, dst=dst, depth=depth, n=n):
            block = pile(src)[:n]
            model[src] = pile(src)[n:]
            if src in breaks:
                breaks[src] -= n
                _fix_break(model, breaks, src)
            target = pile(dst)
            model[dst] = target[:depth] + block + target[depth:]
            if dst in breaks and depth <= breaks[dst]:
                breaks[dst] += n
        case Extract(src=src, dst=dst, depth=depth, turn=turn):
            card = pile(src).pop(depth)
            pile(dst).insert(0, flip(card) if turn else card)
            if src in breaks and depth < breaks[src]:
                breaks[src] -= 1
            _fix_break(model, breaks, src)
            if dst in breaks:
                breaks[dst] += 1
        case Cull(place=place, cards=culled, to_bottom=tb):
            chosen = [c for c in pile(place) if c[0] in culled]
            rest = [c for c in pile(place) if c[0] not in culled]
            model[place] = rest + chosen if tb else chosen + rest
            breaks.pop(place, None)
        case Cut(src=src, dst=dst, n=n):
            k = breaks[src] if n is None else n
            model[dst] = pile(src)[:k]
            model[src] = pile(src)[k:]
            breaks.pop(src, None)
        case CompleteCut(place=place, n=n):
            k = breaks[place] if n is None else n
            model[place] = pile(place)[k:] + pile(place)[:k]
            breaks.pop(place, None)
        case TurnOver(place=place):
            model[place] = [flip(c) for c in reversed(pile(place))]
            breaks.pop(place, None)
        case TurnCard(place=place, depth=depth):
            pile(place)[depth] = flip(pile(place)[depth])
        case Faro(place=place, out=out, split=split, from_bottom=up):
            cards_ = pile(place)
            if up:  # woven from the bottom: the mirror image of a weave from the top
                cards_ = cards_[::-1]
            k = (len(cards_) + 1) // 2 if out else len(cards_) // 2
            if split is not None:
                k = len(cards_) - split if up else split
            first, second = (cards_[:k], cards_[k:]) if out else (cards_[k:], cards_[:k])
            woven = []
            while first or second:  # one card from each in turn while both last
                if first:
                    woven.append(first.pop(0))
                if second:
                    woven.append(second.pop(0))
            model[place] = woven[::-1] if up else woven
            if split not in (0, len(cards_)):
                breaks.pop(place, None)
        case HoldBreak(place=place, depth=depth):
            breaks[place] = depth
        case ReleaseBreak(place=place):
            del breaks[place]
        case Steal(src=src, dst=dst):
            k = breaks.pop(src)
            model[dst] = pile(dst) + pile(src)[:k]
            model[src] = pile(src)[k:]
        case Spread(place=place, toward=toward):
            breaks.pop(place, None)
            fans[place] = toward
        case Square(place=place):
            fans.pop(place, None)
        case TopToBottom(place=place, n=n):
            for _ in range(n if pile(place) else 0):  # a card at a time
                model[place] = pile(place)[1:] + pile(place)[:1]
                if place in breaks:
                    breaks[place] -= 1
                    _fix_break(model, breaks, place)
        case BottomToTop(place=place, n=n):
            for _ in range(n if pile(place) else 0):
                model[place] = pile(place)[-1:] + pile(place)[:-1]
                if place in breaks:
                    breaks[place] += 1
                    _fix_break(model, breaks, place)
        case Riffle(place=place, pattern=pattern):
            k = pattern.count("T")
            tops, bottoms = pile(place)[:k], pile(place)[k:]
            model[place] = [tops.pop(0) if c == "T" else bottoms.pop(0) for c in pattern]
            breaks.pop(place, None)
        case Overhand(place=place, runs=runs):
            rest, drawn = pile(place), list[tuple[int, bool]]()
            for n in runs:  # each packet drawn lands on the ones before
                drawn = rest[:n] + drawn
                rest = rest[n:]
            if pile(place):
                model[place] = rest + drawn
                breaks.pop(place, None)
        case DealPiles(src=src, piles=piles, n=n, turn=turn):
            for i in range(len(pile(src)) if n is None else n):  # round by round
                card = pile(src).pop(0)
                dst = piles[i % len(piles)]
                pile(dst).insert(0, flip(card) if turn else card)
                if src in breaks:
                    breaks[src] -= 1
                    _fix_break(model, breaks, src)
                if dst in breaks:
                    breaks[dst] += 1
        case SpellDeal(src=src, dst=dst, word=word, turn=turn):
            n = sum(1 for char in word if char.isalpha())
            for _ in range(n):
                card = pile(src).pop(0)
                pile(dst).insert(0, flip(card) if turn else card)
            if src in breaks:
                breaks[src] -= n
            if dst in breaks:
                breaks[dst] += n
            _fix_break(model, breaks, src)
        case DoubleLift(place=place):
            lifted = pile(place)[:2]
            model[place] = [flip(lifted[1]), flip(lifted[0]), *pile(place)[2:]]
            if breaks.get(place, 3) <= 2:  # between the two, or under them: used by the lift
                del breaks[place]
        case Glimpse():
            pass  # the model keeps no performer knowledge
        case ElmsleyCount(src=src, dst=dst):
            one, two, three, four = model.pop(src)
            breaks.pop(src, None)
            model[dst] = [one, four, two, three]
        case _:
            raise AssertionError(f"the model does not know {move!r}")
    for place in [p for p, v in model.items() if not v]:
        del model[place]
    for place in [p for p in fans if p not in model]:
        del fans[place]


def _near(low: int, high: int, *marks: int | None) -> st.SearchStrategy[int]:
    """Integers from ``low`` to ``high``, often next to a mark (a break's depth), where
    off-by-one mistakes live."""
    every = st.integers(low, high)
    close = sorted(
        {d for m in marks if m is not None for d in (m - 1, m, m + 1) if low <= d <= high}
    )
    return st.one_of(st.sampled_from(close), every) if close else every


@st.composite
def moves_for(
    draw: st.DrawFn, s: DeckState, places: tuple[str, ...] = PLACES, src: str | None = None
) -> Move:
    """A move that is legal in ``s`` (the machine's primitive moves, displays left out), from
    ``src`` when given.

    Counts and depths are drawn often next to a break, and a block is sometimes inserted into
    the packet it came from: the cases where break bookkeeping goes wrong.
    """
    held = [p for p in places if s.size(p)]
    if not held:
        raise AssertionError("moves_for needs a state with cards")
    if src is None:
        src = draw(st.sampled_from(held))
    size = s.size(src)
    mark = s.break_at(src)
    others = [p for p in places if p != src]
    holding = [p for p in others if s.break_at(p) is not None]
    toward_a_break: bool = bool(holding) and draw(st.booleans())
    dst = draw(st.sampled_from(holding if toward_a_break else others))
    empty = [p for p in others if not s.size(p)]
    # counts next to the break from either end, and the whole packet (it empties the place)
    counts = _near(1, size, mark, None if mark is None else size - mark, size)
    flags = st.booleans()
    # the moves where breaks and orientation go wrong come first: hypothesis draws early
    # alternatives of one_of more often
    options: list[Any] = [
        st.builds(Extract, st.just(src), st.just(dst), _near(0, size - 1, mark), flags),
        st.builds(Take, st.just(src), st.just(dst), counts, flags, flags),
        st.builds(TurnCard, st.just(src), _near(0, size - 1, mark)),
        st.builds(Peel, st.just(src), st.just(dst), counts, flags),
        st.builds(TurnOver, st.just(src)),
        st.builds(Deal, st.just(src), st.just(dst), counts, flags),
        st.builds(Transfer, st.just(src), st.just(dst), flags),
        st.builds(
            Cull,
            st.just(src),
            st.lists(
                st.sampled_from([card.code for card in s.cards(src)]), min_size=1, unique=True
            ).map(tuple),
            flags,
        ),
        st.builds(Spread, st.just(src), st.sampled_from(["audience", "self"])),
        st.builds(Square, st.just(src)),
    ]
    # inserting exactly at a break is the case most worth checking
    depths = _near(0, s.size(dst), s.break_at(dst))
    options.insert(1, st.builds(Insert, st.just(src), st.just(dst), depths, counts))
    if size >= 2:
        n = draw(st.integers(1, size - 1))
        options[2:2] = [
            # after the block is taken the break is n cards shallower
            st.builds(
                Insert,
                st.just(src),
                st.just(src),
                _near(0, size - n, mark, None if mark is None else mark - n),
                st.just(n),
            ),
            st.builds(Faro, st.just(src), flags),
            st.builds(Faro, st.just(src), flags, st.integers(0, size), flags),
            st.builds(CompleteCut, st.just(src), _near(1, size - 1, mark)),
        ]
        if empty:  # a cut goes to an empty place
            cut_to = st.sampled_from(empty)
            options.insert(3, st.builds(Cut, st.just(src), cut_to, _near(1, size - 1, mark)))
    if mark is not None:  # the moves that use the break come first
        at_break = [st.builds(CompleteCut, st.just(src)), st.builds(ReleaseBreak, st.just(src))]
        if s.size(dst):
            at_break.insert(0, st.builds(Steal, st.just(src), st.just(dst)))
        if empty:
            at_break.insert(0, st.builds(Cut, st.just(src), st.sampled_from(empty)))
        options[1:1] = at_break
    elif is_hand(src) and size >= 2:
        options.append(st.builds(HoldBreak, st.just(src), st.integers(1, size - 1)))
    # the moves built on the primitives, last (drawn less often)
    upto = st.integers(1, 2 * size + 1)
    runs = st.lists(st.integers(0, 3), max_size=6).map(lambda r: _within(r, size))
    words = st.sampled_from(["", "ACE", "红桃", "A-B", "Q"]).filter(
        lambda w: sum(c.isalpha() for c in w) <= size
    )
    options += [
        st.builds(TopToBottom, st.just(src), upto),
        st.builds(BottomToTop, st.just(src), upto),
        st.builds(Riffle, st.just(src), st.text("TB", min_size=size, max_size=size)),
        st.builds(Overhand, st.just(src), runs),
        st.builds(
            DealPiles,
            st.just(src),
            st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True).map(tuple),
            st.none() | st.integers(0, size),
            flags,
        ),
        st.builds(SpellDeal, st.just(src), st.just(dst), words, flags),
        st.builds(Glimpse, st.just(src), st.integers(0, size - 1), flags),
    ]
    if size >= 2:
        options.append(st.builds(DoubleLift, st.just(src)))
    if size == 4 and empty:
        options.append(st.builds(ElmsleyCount, st.just(src), st.sampled_from(empty)))
    move: Move = draw(st.one_of(options))
    return move


def _within(runs: list[int], size: int) -> tuple[int, ...]:
    """The first runs of ``runs`` that fit in ``size`` cards."""
    out: list[int] = []
    for n in runs:
        if sum(out) + n > size:
            break
        out.append(n)
    return tuple(out)


class DeckMachine(RuleBasedStateMachine):
    """Drives :class:`DeckState` through random legal moves pushed and popped, and checks it
    against the list model after every step: no card created or lost, every orientation, break
    and spread exactly as the model says, pop restoring exactly."""

    def __init__(self) -> None:
        super().__init__()
        self.state = DeckState()
        self.model: Model = {}
        self.breaks: dict[str, int] = {}
        self.cards: Counter[int] = Counter()
        self.spread: dict[str, str] = {}
        self.past: list[tuple[Model, dict[str, int], dict[str, str]]] = []

    @initialize(start=layouts(max_cards=20, min_cards=1))
    def start(self, start: DeckState) -> None:
        self.state = start
        self.model, self.breaks = to_model(start)
        self.cards = start.codes()

    def _copy_model(self) -> tuple[Model, dict[str, int], dict[str, str]]:
        return {p: list(v) for p, v in self.model.items()}, dict(self.breaks), dict(self.spread)

    def _push(self, move: Move) -> None:
        self.past.append(self._copy_model())
        self.state.push(move)
        model_apply(self.model, self.breaks, move, self.spread)

    @precondition(lambda self: len(self.state) > 0)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        self._push(data.draw(moves_for(self.state)))

    # Breaks vanish quickly under random moves, and they are where bookkeeping goes wrong: two
    # rules make sure the machine spends time with a break held.

    def _free_hands(self) -> list[str]:
        s = self.state
        return [p for p in s.places() if is_hand(p) and s.size(p) > 1 and s.break_at(p) is None]

    @precondition(lambda self: bool(self._free_hands()))
    @rule(data=st.data())
    def hold_a_break(self, data: st.DataObject) -> None:
        place = data.draw(st.sampled_from(self._free_hands()))
        self._push(HoldBreak(place, data.draw(st.integers(1, self.state.size(place) - 1))))

    @precondition(lambda self: bool(self.state.breaks))
    @rule(data=st.data())
    def move_from_a_hand_with_a_break(self, data: st.DataObject) -> None:
        src = data.draw(st.sampled_from(sorted(self.state.breaks)))
        self._push(data.draw(moves_for(self.state, src=src)))

    @precondition(lambda self: bool(self.state.breaks) and len(self.state.places()) > 1)
    @rule(data=st.data())
    def insert_next_to_a_break(self, data: st.DataObject) -> None:
        """A block pushed into a hand at, just above or just below its break."""
        s = self.state
        dst = data.draw(st.sampled_from(sorted(s.breaks)))
        src = data.draw(st.sampled_from([p for p in s.places() if p != dst]))
        mark = s.breaks[dst]
        depth = data.draw(st.sampled_from([mark - 1, mark, mark + 1]))
        self._push(Insert(src, dst, depth, data.draw(st.integers(1, s.size(src)))))

    @precondition(lambda self: bool(self.state.breaks) and len(self.state.places()) > 1)
    @rule(data=st.data())
    def take_next_to_a_break(self, data: st.DataObject) -> None:
        """A block taken from the top or the bottom of a hand, ending at, just above or just
        below its break."""
        s = self.state
        src = data.draw(st.sampled_from(sorted(s.breaks)))
        dst = data.draw(st.sampled_from([p for p in PLACES if p != src]))
        size, mark = s.size(src), s.breaks[src]
        bottom = data.draw(st.booleans())
        edge = size - mark if bottom else mark
        n = data.draw(st.sampled_from([d for d in (edge - 1, edge, edge + 1) if 1 <= d <= size]))
        self._push(Take(src, dst, n, from_bottom=bottom, to_bottom=data.draw(st.booleans())))

    @precondition(lambda self: bool(self.state.spread))
    @rule(data=st.data())
    def move_from_a_spread_packet(self, data: st.DataObject) -> None:
        src = data.draw(st.sampled_from(sorted(self.state.spread)))
        self._push(data.draw(moves_for(self.state, src=src)))

    @precondition(lambda self: len(self.state) > 0)
    @rule(data=st.data())
    def push_unchecked(self, data: st.DataObject) -> None:
        """The search path: a legal move made without checks, still taken back by pop."""
        move = data.draw(moves_for(self.state))
        self.past.append(self._copy_model())
        self.state.push_unchecked(move)
        model_apply(self.model, self.breaks, move, self.spread)

    @precondition(lambda self: len(self.state) > 0)
    @rule(data=st.data())
    def turn_over_twice(self, data: st.DataObject) -> None:
        place = data.draw(st.sampled_from(self.state.places()))
        twice = self.state.after(TurnOver(place)).after(TurnOver(place))
        assert [twice.faces(p) for p in twice.places()] == [
            self.state.faces(p) for p in self.state.places()
        ]

    @precondition(lambda self: bool(self.past))
    @rule()
    def pop(self) -> None:
        self.state.pop()
        self.model, self.breaks, self.spread = self.past.pop()

    @invariant()
    def matches_model(self) -> None:
        model, breaks = to_model(self.state)
        assert model == self.model, (self.state.text(), self.model)
        assert breaks == self.breaks, (self.state.text(), self.breaks)
        assert self.state.spread == self.spread, (self.state.text(), self.spread)

    @invariant()
    def no_card_created_or_lost(self) -> None:
        assert self.state.codes() == self.cards
        self.state.validate()
