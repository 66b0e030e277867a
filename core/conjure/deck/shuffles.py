"""Shuffles as exact moves: a riffle given by how the two halves fall, every riffle of a
packet as one lazily indexed choice (:class:`Riffles`, counted exactly and ordered from the
least shuffled, so a spectator's riffle is a choice like any other), and the overhand shuffle
given by its runs. Each is a :class:`~conjure.deck.move.Move` with its reference entry; the
catalogue (:mod:`conjure.deck.moves`) lists them through :mod:`conjure.deck.sleights`.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import attrs

from conjure.deck.move import (
    _PLACE,
    _RELEASED,
    Move,
    MoveRef,
    _cards,
    _count,
    _place,
    _where,
)
from conjure.deck.notation import (
    READ,
    FieldError,
    read_counts,
    read_pattern,
)
from conjure.deck.places import check_place, place_text
from conjure.deck.state import DeckState
from conjure.errors import IllegalMoveError
from conjure.text import Text

__all__ = ["Overhand", "Riffle", "Riffles", "runs_text"]


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
        breaks=_RELEASED,
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
        breaks=_RELEASED,
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
