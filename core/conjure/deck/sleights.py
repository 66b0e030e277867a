"""The moves of the literature built on the basic ones: shuffles (riffle, overhand), deals (into
piles, spelling), top-to-bottom transfers, and the sleights that make the audience see one thing
while another happens (double lift, glimpse, Elmsley count).

Like every move in :mod:`conjure.deck.moves` each is an immutable value that changes a position
only through the state's primitives; each has its reference entry (``conjure moves NAME``).
:class:`Riffles` offers every riffle of a packet as one lazily indexed choice, counted exactly and
ordered from the least shuffled, so a spectator's riffle is a choice like any other.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Final

import attrs

from conjure.deck.move import (
    _DEALT_FACE_UP_SEEN,
    _FACE_UP_WITH_TURN,
    _FLAG,
    _NOTHING,
    _NUMBER,
    _PLACE,
    _SHALLOWER_DEEPER,
    Move,
    MoveRef,
    _cards,
    _count,
    _not_negative,
    _nth,
    _place,
    _positive,
    _where,
    ordinal,
)
from conjure.deck.moves import MOVES
from conjure.deck.notation import (
    READ,
    SHOWN,
    FieldError,
    read_count,
    read_counts,
    read_pattern,
    read_places,
    read_word,
    register_moves,
)
from conjure.deck.places import check_place, place_text
from conjure.deck.state import CODE_MASK, FACE_UP, FLIP, DeckState
from conjure.errors import IllegalMoveError
from conjure.text import Text

__all__ = [
    "BottomToTop",
    "DealPiles",
    "DoubleLift",
    "ElmsleyCount",
    "Glimpse",
    "Overhand",
    "Riffle",
    "Riffles",
    "SpellDeal",
    "TopToBottom",
    "letters",
]


# -- one card at a time from one end to the other -----------------------------------------------


@attrs.frozen
class TopToBottom(Move):
    """Move the top card of ``place`` to its bottom, ``n`` times, one card at a time (the move
    of "spell your name, a card from the top to the bottom for each letter").

    The cards keep their order and faces, and ``n`` may be larger than the packet (the cards go
    round). A break the hand holds gets shallower by one for each card moved from above it, and
    is gone once no card is left above it.
    """

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "cards moved from the top to the bottom one at a time, as in spelling",
        zh="把牌从特普一张一张移到波顿（如拼读时）",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "rotated: the top n cards go to the bottom in their order (n past the size goes round)",
            zh="轮转：特普的n张牌按原顺序移到波顿（n大于牌数时循环）",
        ),
        faces=Text("kept", zh="不变"),
        breaks=Text(
            "shallower by one for each card moved from above it", zh="每移走其上方一张牌，浅一张"
        ),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS 2S 3S",
        example="TopToBottom left",
        zh=(
            "把 place 的特普牌移到波顿，一张一张，共 n 次（“每个字母把一张牌从上面移到下面”）。"
            "牌的顺序和朝向不变，n 可以大于牌数（循环）。每移走布雷克上方的一张牌，布雷克浅一张"
            "，上方没有牌时消失。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    n: int = attrs.field(default=1, validator=_positive, metadata=_NUMBER)

    _ONE: ClassVar = Text(
        "Move the top card of the {place} to the bottom", zh="将{place}特普的一张牌移到波顿"
    )
    _MANY: ClassVar = Text(
        "Move {cards}, one at a time, from the top of the {place} to the bottom",
        zh="将{place}特普的牌逐张移到波顿，共{n}张",
    )

    def check(self, s: DeckState) -> None:
        if self.n:
            self._need(s, self.place, 1)

    def run_unchecked(self, s: DeckState) -> None:
        size = s.size(self.place)
        n = self.n
        if not n or not size:
            return
        held = s.break_at(self.place)
        if held is not None:  # a card at a time until none is left above the break
            k = min(n, held)
            s.put_bottom(self.place, s.take(self.place, k))
            n -= k
        n %= size
        if n:
            packet = s.packet(self.place)
            s.replace(self.place, packet[n:] + packet[:n], keep_break=True)

    def text(self) -> Text:
        words = self._ONE if self.n == 1 else self._MANY
        return words.format(place=place_text(self.place), cards=_cards(self.n), n=self.n)


@attrs.frozen
class BottomToTop(Move):
    """Move the bottom card of ``place`` to its top, ``n`` times, one card at a time.

    The cards keep their order and faces, and ``n`` may be larger than the packet. A break the
    hand holds gets deeper by one for each card put on top, and is gone once no card is left
    under it.
    """

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "cards moved from the bottom to the top one at a time",
        zh="把牌从波顿一张一张移到特普",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "rotated: the bottom n cards come to the top in their order",
            zh="轮转：波顿的n张牌按原顺序移到特普",
        ),
        faces=Text("kept", zh="不变"),
        breaks=Text("deeper by one for each card put on top", zh="每放到特普一张牌，深一张"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS 2S 3S",
        example="BottomToTop left",
        zh=(
            "把 place 的波顿牌移到特普，一张一张，共 n 次。牌的顺序和朝向不变，n 可以大于牌数。"
            "每放到特普一张牌布雷克深一张，下方没有牌时消失。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    n: int = attrs.field(default=1, validator=_positive, metadata=_NUMBER)

    _ONE: ClassVar = Text(
        "Move the bottom card of the {place} to the top", zh="将{place}波顿的一张牌移到特普"
    )
    _MANY: ClassVar = Text(
        "Move {cards}, one at a time, from the bottom of the {place} to the top",
        zh="将{place}波顿的牌逐张移到特普，共{n}张",
    )

    def check(self, s: DeckState) -> None:
        if self.n:
            self._need(s, self.place, 1)

    def run_unchecked(self, s: DeckState) -> None:
        size = s.size(self.place)
        n = self.n
        if not n or not size:
            return
        held = s.break_at(self.place)
        if held is not None:  # a card at a time until none is left under the break
            k = min(n, size - held)
            s.put(self.place, s.take_bottom(self.place, k))
            n -= k
        n %= size
        if n:
            packet = s.packet(self.place)
            s.replace(self.place, packet[size - n :] + packet[: size - n], keep_break=True)

    def text(self) -> Text:
        words = self._ONE if self.n == 1 else self._MANY
        return words.format(place=place_text(self.place), cards=_cards(self.n), n=self.n)


# -- shuffles ------------------------------------------------------------------------------------


def _runs(pattern: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for letter in pattern:
        if out and out[-1][0] == letter:
            out[-1] = (letter, out[-1][1] + 1)
        else:
            out.append((letter, 1))
    return out


def runs_text(pattern: str) -> str:
    """An interleaving written as its runs, top first: ``TTBTB`` is ``2T1B1T1B``."""
    return "".join(f"{n}{letter}" for letter, n in _runs(pattern))


def _runs_zh(pattern: str) -> str:
    return "".join(f"{n}{'上' if letter == 'T' else '下'}" for letter, n in _runs(pattern))


def _pattern(value: object) -> str:
    if isinstance(value, str):
        try:
            return read_pattern(value) if value else ""
        except FieldError as exc:
            raise IllegalMoveError(f"a riffle's pattern must be {exc}, not {value!r:.40}") from None
    return "".join("T" if bit else "B" for bit in value)  # type: ignore[attr-defined]


@attrs.frozen
class Riffle(Move):
    """A riffle shuffle of the packet at ``place``, given exactly by how the two halves fall.

    ``pattern`` has a letter for each card of the packet after the shuffle, top first: ``T``
    for a card of the top half and ``B`` for one of the bottom half. The top half is the top
    cards the pattern has ``T`` for (the cut), the bottom half the rest; each half keeps its
    order and every card its face. ``TTBB`` leaves a four-card packet as it was, ``BBTT`` is a
    complete cut, ``TBTB`` an out-faro and ``BTBT`` an in-faro. Written as letters or as runs
    (``2T1B1T``). :class:`Riffles` offers every riffle of a packet as a choice.
    """

    craft: ClassVar = Text("riffle shuffle", zh="鸽尾洗牌")
    gloss: ClassVar = Text(
        "the two halves riffled together, each keeping its order",
        zh="两半牌交错落下，各自保持顺序",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "interleaved as the pattern says; each half keeps its order",
            zh="按 pattern 交错；每一半保持原顺序",
        ),
        faces=Text("kept", zh="不变"),
        breaks=Text("released", zh="放开"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS 2S 3S 4S 5S",
        example="Riffle left TBBTB",
        zh=(
            "对 place 的牌做一次鸽尾洗牌，由两半如何落下精确给出。pattern 对洗牌后的每张牌从上到"
            "下各写一个字母：T 表示来自上半，B 表示来自下半。上半是 pattern 中 T 的个数那么多的"
            "特普牌，下半是其余的牌；每一半保持顺序，每张牌朝向不变。TTBB 不变，BBTT 是一次完整"
            "切牌，TBTB 是外洗，BTBT 是内洗。可写成字母或段（2T1B1T）。Riffles 把一叠牌的所有鸽"
            "尾洗牌作为一个选择。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    pattern: str = attrs.field(converter=_pattern, metadata={READ: read_pattern})

    _WORDS: ClassVar = Text(
        "Riffle the {place}: the top {cut} into the other {rest}, {runs} ({pattern})",
        zh="将{place}的牌做一次鸽尾洗牌：特普的{k}张与其余{m}张交错，共{r}段（{pattern}）",
    )

    @pattern.validator
    def _letters(self, _attr: object, value: str) -> None:
        if set(value) - {"T", "B"}:
            raise IllegalMoveError(f"a riffle's pattern is T and B, not {value!r:.40}")

    @property
    def cut(self) -> int:
        """How many cards the top half holds."""
        return self.pattern.count("T")

    @property
    def alternations(self) -> int:
        """How many times the falling cards change halves (0 for a packet left as it was)."""
        return len(_runs(self.pattern)) - 1

    def check(self, s: DeckState) -> None:
        if len(self.pattern) != s.size(self.place):
            letters_ = len(self.pattern)
            said = Text("the pattern has {n} letters; {where}", zh="交错模式有{n}个字母；{where}")
            raise self._fail(said.format(n=letters_, where=_where(s, self.place)))

    def run_unchecked(self, s: DeckState) -> None:
        packet = s.packet(self.place)
        k = self.pattern.count("T")
        top, bottom = iter(packet[:k]), iter(packet[k:])
        s.replace(self.place, bytes(next(top if c == "T" else bottom) for c in self.pattern))

    def text(self) -> Text:
        k, n = self.cut, len(self.pattern)
        r = len(_runs(self.pattern))
        return self._WORDS.format(
            place=place_text(self.place),
            cut=_cards(k),
            rest=_count(n - k),
            k=k,
            m=n - k,
            runs=_count(r, "run"),
            r=r,
            pattern=Text(runs_text(self.pattern), zh=_runs_zh(self.pattern)),
        )


def _compositions(total: int, parts: int) -> int:
    """Ways to write ``total`` as ``parts`` positive whole numbers in order."""
    if parts == 0:
        return 1 if total == 0 else 0
    return math.comb(total - 1, parts - 1) if total >= parts else 0


def _unrank_subset(index: int, universe: int, size: int) -> list[int]:
    """The ``index``-th ``size``-subset of ``range(universe)`` in lexicographic order."""
    out: list[int] = []
    x = 0
    for left in range(size, 0, -1):
        while True:
            with_x = math.comb(universe - x - 1, left - 1)
            if index < with_x:
                out.append(x)
                x += 1
                break
            index -= with_x
            x += 1
    return out


def _rank_subset(subset: list[int], universe: int) -> int:
    index, x, size = 0, 0, len(subset)
    for i, chosen in enumerate(subset):
        left = size - i
        while x < chosen:
            index += math.comb(universe - x - 1, left - 1)
            x += 1
        x += 1
    return index


def _unrank_composition(index: int, total: int, parts: int) -> list[int]:
    """The ``index``-th way to write ``total`` as ``parts`` positive parts."""
    if parts == 0:
        return []
    cuts = [c + 1 for c in _unrank_subset(index, total - 1, parts - 1)]
    bounds = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(bounds)]


def _rank_composition(parts: list[int], total: int) -> int:
    sums, at = [], 0
    for part in parts[:-1]:
        at += part
        sums.append(at - 1)
    return _rank_subset(sums, total - 1)


@functools.lru_cache(maxsize=64)
def _blocks(size: int, cuts: tuple[int, ...]) -> tuple[list[int], list[tuple[int, int, str]]]:
    """The riffles of ``size`` cards with a cut in ``cuts`` grouped by (runs, cut, first half),
    fewest runs first: the cumulative counts and the groups."""
    starts: list[int] = []
    groups: list[tuple[int, int, str]] = []
    total = 0
    if not size:  # the empty riffle of no cards, in no runs
        return [0, 1], [(0, 0, "T")]
    for runs in range(1, size + 1):
        for k in cuts:
            m = size - k
            for first in "TB":
                major, minor = (runs + 1) // 2, runs // 2
                t, b = (major, minor) if first == "T" else (minor, major)
                count = _compositions(k, t) * _compositions(m, b)
                if count:
                    starts.append(total)
                    groups.append((runs, k, first))
                    total += count
    starts.append(total)
    return starts, groups


class Riffles:
    """Every riffle shuffle of the ``size`` cards at ``place`` as one lazily indexed sequence of
    :class:`Riffle` moves, for a spectator's (or the performer's) free choice::

        p.do(p.choose("riffle", Riffles("left", 52, cut=26), en="how the halves fall"))

    With ``cut`` (a number, or several) only riffles whose top half holds that many cards;
    without it, every cut that leaves cards in both halves (1 to ``size - 1``). For one cut of
    ``k`` cards there are exactly C(size, k) riffles, the identity among them.

    The riffles are ordered from the least shuffled: by the number of runs the halves fall in
    (fewest alternations first), then by cut in the order given, then the top half's card
    first. Index 0 is the packet left as it was, so the verifier's shrinker, which lowers each
    choice toward its first option, ends at the least shuffled riffle that still fails.
    """

    __slots__ = ("_groups", "_starts", "cuts", "place", "size", "size_cards")

    def __init__(self, place: str, size: int, cut: int | Iterable[int] | None = None) -> None:
        self.place = check_place(place)
        self.size_cards = size
        if cut is None:
            cuts: tuple[int, ...] = tuple(range(1, size)) or (0,)
        elif isinstance(cut, int):
            cuts = (cut,)
        else:
            cuts = tuple(dict.fromkeys(cut))
        for k in cuts:
            if not 0 <= k <= size:
                raise IllegalMoveError(f"a riffle of {_count(size)} cannot cut {k}")
        self.cuts = cuts
        self._starts, self._groups = _blocks(size, cuts)
        #: how many riffles (the choice's option count)
        self.size = self._starts[-1]

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> Riffle:
        if not 0 <= index < self.size:
            raise IndexError(index)
        g = bisect.bisect_right(self._starts, index) - 1
        runs, k, first = self._groups[g]
        index -= self._starts[g]
        major, minor = (runs + 1) // 2, runs // 2
        t, b = (major, minor) if first == "T" else (minor, major)
        m = self.size_cards - k
        ti, bi = divmod(index, _compositions(m, b))
        tops = iter(_unrank_composition(ti, k, t))
        bottoms = iter(_unrank_composition(bi, m, b))
        letters_: list[str] = []
        letter = first
        for _ in range(runs):
            letters_.append(letter * next(tops if letter == "T" else bottoms))
            letter = "B" if letter == "T" else "T"
        return Riffle(self.place, "".join(letters_))

    def __iter__(self) -> Iterator[Riffle]:
        return (self[i] for i in range(self.size))

    def index_of_value(self, value: Any) -> int | None:
        """The index of a riffle given as a :class:`Riffle` or a pattern (``TTBTB``, ``2T1B``),
        or ``None`` when it is not one of these riffles."""
        if isinstance(value, Riffle):
            pattern = value.pattern
        else:
            try:
                pattern = read_pattern(str(value).strip())
            except ValueError:
                return None
        k = pattern.count("T")
        if len(pattern) != self.size_cards or k not in self.cuts:
            return None
        found = _runs(pattern)
        runs, first = len(found), found[0][0] if found else "T"
        key = (runs, k, first)
        g = self._groups.index(key)
        tops = [n for letter, n in found if letter == "T"]
        bottoms = [n for letter, n in found if letter == "B"]
        m = self.size_cards - k
        inner = _rank_composition(tops, k) * _compositions(m, len(bottoms))
        return self._starts[g] + inner + _rank_composition(bottoms, m)

    def __repr__(self) -> str:
        return f"Riffles({self.place!r}, {self.size_cards}, cut={self.cuts!r})"


@attrs.frozen
class Overhand(Move):
    """An overhand shuffle of the packet at ``place``, given by its runs: the sizes, top first,
    of the packets the thumb draws off one after another.

    Each packet drawn lands on the ones before, so the packets come out in the opposite order
    while the cards inside each keep theirs: runs of one card each reverse the packet. Cards left
    after the runs are thrown on top as a last packet. Runs of 0 draw nothing.
    """

    craft: ClassVar = Text("overhand shuffle", zh="过手洗牌")
    gloss: ClassVar = Text(
        "small packets run from one hand to the other, each landing on the last",
        zh="一小叠一小叠地从一只手移到另一只手，每叠落在前一叠上",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "the packets of the runs in the opposite order, each keeping its own"
            " (single-card runs reverse)",
            zh="各段的顺序颠倒，每段内部保持原顺序（每段一张时整叠倒序）",
        ),
        faces=Text("kept", zh="不变"),
        breaks=Text("released", zh="放开"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS 2S 3S 4S 5S",
        example="Overhand left 2,1",
        zh=(
            "对 place 的牌做一次上手洗牌，由各段张数给出：拇指依次拉下的每一小叠的张数，从上到下"
            "。每一小叠落在前面的之上，所以各小叠顺序颠倒，而每叠内部不变：每段一张时整叠倒序。"
            "剩下的牌最后整叠丢在上面。0 段什么也不拉。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    runs: tuple[int, ...] = attrs.field(converter=tuple, metadata={READ: read_counts})

    _WORDS: ClassVar = Text(
        "Overhand shuffle the {place} in runs of {runs}",
        zh="将{place}的牌做一次上手洗牌，每次拉下{runs}张",
    )

    @runs.validator
    def _counts(self, _attr: object, value: tuple[int, ...]) -> None:
        if any(not isinstance(n, int) or n < 0 for n in value):
            raise IllegalMoveError(f"an overhand shuffle's runs are 0 or more, not {value!r:.40}")

    def check(self, s: DeckState) -> None:
        if sum(self.runs) > s.size(self.place):
            said = Text("the runs hold {n} cards; {where}", zh="各段共有{n}张牌；{where}")
            raise self._fail(said.format(n=sum(self.runs), where=_where(s, self.place)))

    def run_unchecked(self, s: DeckState) -> None:
        packet = s.packet(self.place)
        if not packet:
            return
        out, at = b"", 0
        for n in self.runs:
            out = packet[at : at + n] + out
            at += n
        s.replace(self.place, packet[at:] + out)

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place), runs=",".join(map(str, self.runs)))


# -- deals ---------------------------------------------------------------------------------------


def _piles(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return read_places(value)
    return tuple(check_place(p) for p in value)  # type: ignore[attr-defined]


def _all_or_count(text: str) -> int | None:
    if text.lower() in ("all", "every"):
        return None
    try:
        return read_count(text)
    except FieldError:
        raise FieldError("a whole number or 'all'") from None


@attrs.frozen
class DealPiles(Move):
    """Deal ``n`` cards (all of them by default) from the top of ``src`` into the ``piles``,
    round by round as a dealer deals: one card to each pile in turn, first pile first, then the
    next round. Each card lands on its pile, so each pile holds its cards in the opposite order;
    the deal may stop in the middle of a round. With ``turn`` the cards are dealt face up.
    """

    craft: ClassVar = Text("deal into piles", zh="分叠发牌")
    gloss: ClassVar = Text(
        "cards dealt round by round into several piles, as a dealer does",
        zh="像发牌人一样一轮一轮发到几叠",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "pile i gets cards i, i+p, i+2p … (p piles), each pile reversed",
            zh="第i叠得到第i、i+p、i+2p……张牌（共p叠），每叠顺序颠倒",
        ),
        faces=_FACE_UP_WITH_TURN,
        breaks=Text(
            "a break in src gets shallower, one in a pile deeper",
            zh="src 的布雷克变浅，各叠的布雷克变深",
        ),
        audience=Text(
            "each card dealt face up, when the places are in view",
            zh="表面向上发出的每张牌（位置在观众视线内时）",
        ),
        layout="left: AS 2S 3S 4S 5S",
        example="DealPiles left table.a,table.b",
        zh=(
            "从 src 的特普发 n 张牌（默认全部）到各叠 piles，像发牌人那样一轮一轮：每轮每叠一张"
            "，先第一叠，再下一轮。每张牌落在它那叠上，所以每叠的顺序颠倒；可以在一轮中间停下。t"
            "urn 时表面向上发出。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    piles: tuple[str, ...] = attrs.field(converter=_piles, metadata={READ: read_places})
    n: int | None = attrs.field(default=None, metadata={READ: _all_or_count, SHOWN: "all"})
    turn: bool = attrs.field(default=False, metadata=_FLAG)

    _WORDS: ClassVar = Text(
        "Deal {what} from the {src} into {k} piles ({names}), round by round{how}",
        zh="从{src}轮流发{what}，分成{k}叠（{names}）{how}",
    )
    _ALL: ClassVar = Text("every card", zh="全部的牌")
    _UP: ClassVar = Text(", face up", zh="，表面向上")

    @piles.validator
    def _distinct(self, _attr: object, value: tuple[str, ...]) -> None:
        if not value:
            raise IllegalMoveError("a deal into piles needs at least one pile")
        if len(set(value)) != len(value):
            raise IllegalMoveError(f"a pile is named twice in {','.join(value)}")

    @n.validator
    def _n(self, attr: attrs.Attribute[int], value: int | None) -> None:
        if value is not None:
            _not_negative(self, attr, value)

    def check(self, s: DeckState) -> None:
        if self.src in self.piles:
            raise self._fail(
                Text("source and a pile are the same place", zh="起点和其中一叠是同一个位置")
            )
        if self.n is not None:
            self._need(s, self.src, self.n)

    def _count(self, s: DeckState) -> int:
        return s.size(self.src) if self.n is None else self.n

    def run_unchecked(self, s: DeckState) -> None:
        n = self._count(s)
        if not n:
            return
        dealt = s.take(self.src, n)
        if self.turn:
            dealt = dealt.translate(FLIP)
        p = len(self.piles)
        for i, pile in enumerate(self.piles):
            block = dealt[i::p]
            if block:
                s.put(pile, block[::-1])

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not s.in_view(self.src) or not all(map(s.in_view, self.piles)):
            return ()
        dealt = s.packet(self.src)[: self._count(s)]
        if self.turn:
            dealt = dealt.translate(FLIP)
        return tuple(b & CODE_MASK for b in dealt if b & FACE_UP)

    def text(self) -> Text:
        return self._WORDS.format(
            what=self._ALL if self.n is None else _cards(self.n),
            src=place_text(self.src),
            k=len(self.piles),
            names=Text(
                ", ".join(place_text(p).en for p in self.piles),
                zh="、".join(place_text(p).zh for p in self.piles),
            ),
            how=self._UP if self.turn else _NOTHING,
        )

    def places(self) -> tuple[str, ...]:
        return (self.src, *self.piles)


def _is_cjk(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


def letters(word: str) -> int:
    """How many cards spelling ``word`` deals: one for each letter and one for each Chinese
    character; spaces, hyphens, apostrophes, digits and other marks deal none.

    >>> letters("Queen of Hearts"), letters("红桃Q"), letters("Jack-o'-lantern")
    (13, 3, 12)
    """
    return sum(1 for char in word if char.isalpha())


@attrs.frozen
class SpellDeal(Move):
    """Spell ``word`` dealing one card for each letter (one for each character of a Chinese
    word) from the top of ``src`` onto a pile at ``dst``, as in "spell the name of your card".

    Spaces and marks deal nothing (see :func:`letters`), so ``word`` may be written with ``_``
    or ``-`` between words. The cards dealt land in the opposite order, like :class:`Deal`;
    with ``turn`` each is dealt face up. A word with no letters deals nothing.
    """

    craft: ClassVar = Text("spell deal", zh="拼读发牌")
    gloss: ClassVar = Text(
        "a card dealt for each letter of a word",
        zh="单词的每个字母发一张牌",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "reverses: a card for each letter lands on the pile",
            zh="倒序：每个字母（汉字）一张牌落到牌叠上",
        ),
        faces=_FACE_UP_WITH_TURN,
        breaks=_SHALLOWER_DEEPER,
        audience=_DEALT_FACE_UP_SEEN,
        layout="left: AS 2S 3S 4S 5S",
        example="SpellDeal left table.pile ACE",
        zh=(
            "拼读 word，每个字母（中文每个字）从 src 的特普发一张牌到 dst 的牌叠上，如“拼出你的"
            "牌的名字”。空格和符号不发牌（见 letters），所以单词之间可以写 _ 或 -。发出的牌顺序"
            "颠倒，与 Deal 相同；turn 时表面向上。没有字母的词不发牌。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    word: str = attrs.field(metadata={READ: read_word})
    turn: bool = attrs.field(default=False, metadata=_FLAG)

    _LETTERS: ClassVar = Text(
        "Spell {word} dealing a card for each letter from the {src} to the {dst}{how}",
        zh="拼读{word}，每个字母从{src}发一张牌到{dst}{how}",
    )
    _CHARACTERS: ClassVar = Text(
        "Spell {word} dealing a card for each character from the {src} to the {dst}{how}",
        zh="念{word}，每个字从{src}发一张牌到{dst}{how}",
    )
    _UP: ClassVar = Text(", face up", zh="，表面向上")

    @property
    def n(self) -> int:
        """How many cards the spelling deals."""
        return letters(self.word)

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        self._need(s, self.src, self.n)

    def run_unchecked(self, s: DeckState) -> None:
        n = self.n
        if not n:
            return
        block = s.take(self.src, n)
        if self.turn:
            block = block.translate(FLIP)
        s.put(self.dst, block[::-1])

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return ()
        block = s.packet(self.src)[: self.n]
        if self.turn:
            block = block.translate(FLIP)
        return tuple(b & CODE_MASK for b in block if b & FACE_UP)

    def text(self) -> Text:
        words = self._CHARACTERS if any(map(_is_cjk, self.word)) else self._LETTERS
        return words.format(
            word=Text(f'"{self.word}"', zh=f"“{self.word}”"),
            src=place_text(self.src),
            dst=place_text(self.dst),
            how=self._UP if self.turn else _NOTHING,
        )


# -- sleights: what the audience sees is not what happens ---------------------------------------


@attrs.frozen
class DoubleLift(Move):
    """A double lift and turnover: the top two cards of ``place`` are lifted as one card and
    turned over together onto the packet.

    The two cards change places and both flip: from face-down ``X Y`` the packet's top becomes
    ``Y^ X^``, with ``X`` face up hidden under ``Y``. The audience sees ``Y``'s face and takes it
    for the top card, which they believe is one card; made again, the turnover turns them back
    (``X Y``), and the audience believes ``Y`` lies on top while ``X`` does. What the audience
    is led to believe is the routine's to state (``p.believe``); the verifier checks every face
    they see against it.
    """

    craft: ClassVar = Text("double lift", zh="双翻")
    gloss: ClassVar = Text(
        "two cards lifted and turned over as one, so the second card's face is taken for the "
        "top card's",
        zh="两张牌当作一张拿起翻面，观众把第二张的牌面当作特普牌",
    )
    _SAY: ClassVar = Text(
        "Double lift: turn the top two cards of the {place} over as one",
        zh="双翻：把{place}特普的两张牌当作一张翻过来",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "the top two change places (turned over as one)",
            zh="特普两张牌互换位置（当作一张翻过来）",
        ),
        faces=Text("the top two flip", zh="特普两张牌都翻面"),
        breaks=Text(
            "one right under the two cards is used up by the lift, one between them released,"
            " a deeper one kept",
            zh="紧贴两张牌之下的布雷克在双翻中用掉，夹在两张之间的放开，更深的保留",
        ),
        audience=Text(
            "the second card's face, taken for the top card's", zh="第二张牌的牌面，却以为是特普牌"
        ),
        layout="left: AS 2S 3S",
        example="DoubleLift left",
        zh=(
            "双翻：把 place 特普的两张牌当作一张拿起，一起翻过来放回牌叠上。两张牌互换位置且都翻"
            "面：表面向下的 X Y 变成 Y^ X^，X 表面向上藏在 Y 之下。观众看到 Y 的牌面，以为是特普"
            "的那一张牌；再做一次，两张翻回（X Y），观众以为特普是 Y，实际是 X。观众被引导相信什"
            "么由程序用 p.believe 声明；验证器用它检查观众看到的每个牌面。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text(
        "Turn over the top two cards of the {place} as one (a double lift)",
        zh="将{place}特普的两张牌当作一张翻过来（双翻）",
    )

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 2)

    def run_unchecked(self, s: DeckState) -> None:
        held = s.break_at(self.place)
        if held is not None and held <= 2:  # between the two, or right under them: used up
            s.release_break(self.place)
        # turned where they lie: the packet stays (spread, if it was), a deeper break is kept
        packet = s.packet(self.place)
        s.replace(self.place, packet[1::-1].translate(FLIP) + packet[2:], keep_break=True)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        # the block's underside comes up: the second card's face when it lay face down
        if not s.in_view(self.place):
            return ()
        second = s.packet(self.place)[1]
        return () if second & FACE_UP else (second & CODE_MASK,)

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place))


@attrs.frozen
class Glimpse(Move):
    """The performer secretly sights the card at ``depth`` (0 is the top) of ``place``, or
    from its bottom with ``from_bottom`` (the key card of so many tricks).

    Nothing moves and the audience sees nothing; the performer now knows the card
    (:meth:`DeckState.performer_knows`), whatever happens to it afterwards, so a routine can
    rely on it and check it with ``p.expect(knows(card))``.
    """

    craft: ClassVar = Text("glimpse", zh="偷看")
    gloss: ClassVar = Text(
        "a secret look at one card, nothing moves",
        zh="暗中看一眼一张牌，牌不动",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text(
            "nothing; the performer learns the card", zh="什么也看不到；表演者记住了这张牌"
        ),
        layout="left: AS 2S 3S",
        example="Glimpse left from_bottom=yes",
        zh=(
            "表演者偷看 place 中位于 depth 处的牌（0 为特普），from_bottom 时从波顿数（许多魔术"
            "的关键牌）。牌不动，观众什么也看不到；表演者从此知道这张牌（DeckState.performer_kno"
            "ws），不论它之后去了哪里，所以程序可以依赖它，并用 p.expect(knows(card)) 检查。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    depth: int = attrs.field(default=0, validator=_not_negative, metadata=_NUMBER)
    from_bottom: bool = attrs.field(default=False, metadata=_FLAG)

    _WORDS: ClassVar = Text(
        "Secretly glimpse the {which} of the {place}", zh="偷看{place}的{which}"
    )

    def check(self, s: DeckState) -> None:
        if not self.depth < s.size(self.place):
            raise self._fail(_where(s, self.place))

    def card_code(self, s: DeckState) -> int:
        """The code of the card glimpsed in ``s``."""
        packet = s.packet(self.place)
        return packet[len(packet) - 1 - self.depth if self.from_bottom else self.depth] & CODE_MASK

    def run_unchecked(self, s: DeckState) -> None:
        s.glimpse(self.card_code(s))

    def text(self) -> Text:
        if self.from_bottom:
            which = (
                Text("bottom card", zh="波顿牌")
                if self.depth == 0
                else Text(
                    f"{ordinal(self.depth + 1)} card from the bottom",
                    zh=f"从下数第{self.depth + 1}张牌",
                )
            )
        else:
            which = _nth(self.depth)
        return self._WORDS.format(which=which, place=place_text(self.place))


@attrs.frozen
class ElmsleyCount(Move):
    """An Elmsley count: the four cards at ``src`` are counted one by one into ``dst`` (an empty
    place, the other hand), apparently four single cards, really with a switch.

    Exactly: the first card is taken; on the count of two it goes back under the packet while
    the next two are taken as one; then the two cards left are taken one at a time, each onto
    the counted cards. From ``1 2 3 4`` (top first) ``dst`` holds ``1 4 2 3`` with every card
    facing as before. The audience sees the upper side of cards 1, 2, 4 and 1 again, one at each
    count: the third card's upper side is never seen, so four cards are shown as four all
    showing the same side while the third is different (face up among face-down cards, say).
    """

    craft: ClassVar = Text("Elmsley count", zh="埃尔姆斯利点数")
    gloss: ClassVar = Text(
        "four cards counted as four, one of them never seen",
        zh="把四张牌数成四张，其中一张始终不被看到",
    )
    _SAY: ClassVar = Text(
        "Elmsley count: the four cards of the {src} counted into the {dst}, the third never seen",
        zh="埃尔姆斯利点数：把{src}的四张牌数到{dst}，第三张始终不被看到",
    )

    ref: ClassVar = MoveRef(
        order=Text("1 2 3 4 (top first) become 1 4 2 3", zh="1 2 3 4（从上到下）变成 1 4 2 3"),
        faces=Text("kept", zh="不变"),
        breaks=Text("released", zh="放开"),
        audience=Text(
            "the upper side of cards 1, 2, 4 and 1 again; never card 3's",
            zh="第1、2、4张及再次第1张的上面；第3张的上面始终看不到",
        ),
        layout="left: AS^ 2S^ 3S 4S^",
        example="ElmsleyCount left right",
        zh=(
            "埃尔姆斯利点数：把 src 的四张牌一张一张数到 dst（空位，另一只手），看起来是四张单牌"
            "，实际暗中调换。确切地说：先拿第一张；数到二时把它放回牌叠之下，同时把接下来的两张"
            "当作一张拿走；然后余下的两张一张一张拿，每张放在已数的牌上。从 1 2 3 4（从上到下）"
            "变成 dst 中的 1 4 2 3，每张牌朝向不变。观众每数一次看到一张牌的上面：第1、2、4张及"
            "再次第1张；第3张的上面始终看不到，所以四张牌显示为同一面朝上的四张，而第三张其实不"
            "同（例如混在表面向下的牌中的一张表面向上的牌）。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text(
        "Elmsley count the four cards of the {src} into the {dst}",
        zh="将{src}的四张牌用埃尔姆斯利点数法数到{dst}",
    )

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        if s.size(self.src) != 4:
            said = Text("it counts four cards; {where}", zh="这个动作要数四张牌；{where}")
            raise self._fail(said.format(where=_where(s, self.src)))
        if s.size(self.dst):
            said = Text("{where}; the cards are counted into an empty place",
                        zh="{where}；牌要数到空处")  # fmt: skip
            raise self._fail(said.format(where=_where(s, self.dst)))

    def run_unchecked(self, s: DeckState) -> None:
        c = s.take_all(self.src)
        s.put(self.dst, bytes((c[0], c[3], c[1], c[2])))

    counting: ClassVar[bool] = True

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return ()
        c = s.packet(self.src)
        return tuple(b & CODE_MASK for b in (c[0], c[1], c[3]) if b & FACE_UP)

    def counts(self, s: DeckState) -> bytes:
        # one, two (the second card, as the first goes back under), three (the fourth card,
        # the top of the two left), four (the first card again): the third is never seen
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return b""
        c = s.packet(self.src)
        return bytes((c[0], c[1], c[3], c[0]))

    def text(self) -> Text:
        return self._WORDS.format(src=place_text(self.src), dst=place_text(self.dst))


#: the moves of this module, in the order of the move reference
SLEIGHTS: Final[tuple[type[Move], ...]] = (
    TopToBottom,
    BottomToTop,
    Riffle,
    Overhand,
    DealPiles,
    SpellDeal,
    DoubleLift,
    Glimpse,
    ElmsleyCount,
)

MOVES.update((cls.__name__, cls) for cls in SLEIGHTS)
register_moves(*SLEIGHTS)
