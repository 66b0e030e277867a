"""The moves that cut, turn and weave: a cut and a completed cut (at a depth or at a break), a
packet or one card turned over, and the faro (in and out, perfect or at a count). Each is a
:class:`~conjure.deck.move.Move`, with its reference entry.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from conjure.deck.move import (
    _FLAG,
    _NOTHING,
    _NUMBER,
    _NUMBER_OR_BREAK,
    _NUMBER_OR_HALF,
    _PLACE,
    _RELEASED,
    _WHY,
    Move,
    MoveRef,
    _cards,
    _count,
    _count_or_break,
    _cut_or_break,
    _not_negative,
    _nth,
    _place,
    _where,
)
from conjure.deck.places import place_text
from conjure.deck.state import CODE_MASK, FACE_UP, FLIP, DeckState
from conjure.text import Text

# -- cuts, turnovers, faros ---------------------------------------------------------------------


def _cut_depth(move: Move, s: DeckState, place: str, n: int | None) -> int:
    if n is not None:
        return n
    held = s.break_at(place)
    if held is None:
        raise move._fail(_WHY["no break to cut"].format(place=place_text(place)))
    return held


_AT_BREAK = Text("at the break", zh="在布雷克处")


@attrs.frozen
class Cut(Move):
    """Cut the top ``n`` cards of ``src`` off to the empty place ``dst`` (``None``: at a break),
    leaving cards in both."""

    craft: ClassVar = Text("cut", zh="切牌")
    gloss: ClassVar = Text(
        "the top part of a packet lifted off and set down elsewhere",
        zh="把牌叠上面的一部分拿起放到别处",
    )
    _SAY: ClassVar = {
        "n": Text(
            "Cut {cards} off the {src} onto the {dst}",
            zh="从{src}切{n}张牌到{dst}",
        ),
        "break": Text(
            "Cut at the break, the cards above it onto the {dst}",
            zh="在布雷克处切牌，上面的牌放到{dst}",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text("kept in both packets", zh="两叠都不变"),
        layout="left: AS 2S / 3S",
        example="Cut left table.cut",
        zh="把 src 特普的 n 张牌切到空位 dst（n=None：在布雷克处切），两边都留有牌。",
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    n: int | None = attrs.field(default=None, validator=_cut_or_break, metadata=_NUMBER_OR_BREAK)

    _WORDS: ClassVar = Text(
        "Cut {what} off the {src} to the {dst}", zh="从{src}切下{what}放到{dst}"
    )
    _ABOVE: ClassVar = Text("the cards above the break", zh="布雷克上方的牌")

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        n = _cut_depth(self, s, self.src, self.n)
        if not 0 < n < s.size(self.src):
            raise self._fail(_WHY["cut sides"].format(where=_where(s, self.src)))
        if s.size(self.dst):
            raise self._fail(_WHY["cut to empty"].format(where=_where(s, self.dst)))

    def run_unchecked(self, s: DeckState) -> None:
        held = s.release_break(self.src)
        n = held if self.n is None else self.n
        s.put(self.dst, s.take(self.src, n))  # type: ignore[arg-type]

    def _say(self) -> Text | None:
        return self._variant("break" if self.n is None else "n")

    def text(self) -> Text:
        what = self._ABOVE if self.n is None else _cards(self.n)
        return self._WORDS.format(what=what, src=place_text(self.src), dst=place_text(self.dst))


@attrs.frozen
class CompleteCut(Move):
    """Move the top ``n`` cards of ``place`` to its bottom (``n=None``: cut at the break). A cut
    leaves cards on both sides: a cut of the whole packet would leave the order as it was, and
    is refused as no move."""

    craft: ClassVar = Text("complete the cut", zh="切牌复原")
    gloss: ClassVar = Text(
        "the top part of a packet goes to the bottom",
        zh="牌叠上面的一部分移到波顿",
    )
    _SAY: ClassVar = {
        "one": Text(
            "Put the top card to the bottom (complete the cut)",
            zh="把特普的一张牌放到波顿（切牌复原）",
        ),
        "many": Text(
            "Cut {n} cards to the bottom (complete the cut)",
            zh="把特普的{n}张牌切到波顿（切牌复原）",
        ),
        "break": Text(
            "Cut at the break and complete the cut",
            zh="在布雷克处切牌并复原",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text("rotated: the top n go to the bottom", zh="轮转：特普的n张牌移到波顿"),
        breaks=Text("otherwise released", zh="否则放开"),
        layout="left: AS 2S 3S",
        example="CompleteCut left 1",
        zh=(
            "把 place 特普的 n 张牌移到波顿（n=None：在布雷克处切）。切牌后两边都要留有牌：整叠"
            "切牌等于没动，不允许。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    n: int | None = attrs.field(default=None, validator=_cut_or_break, metadata=_NUMBER_OR_BREAK)

    _WORDS: ClassVar = Text(
        "Complete a cut {at} in the {place}", zh="将{place}的牌{at}切牌并复原（上下对调）"
    )

    def check(self, s: DeckState) -> None:
        n = _cut_depth(self, s, self.place, self.n)
        if not 0 < n < s.size(self.place):
            raise self._fail(_WHY["cut sides"].format(where=_where(s, self.place)))

    def run_unchecked(self, s: DeckState) -> None:
        held = s.release_break(self.place)
        n = held if self.n is None else self.n
        packet = s.packet(self.place)
        s.replace(self.place, packet[n:] + packet[:n])

    def _say(self) -> Text | None:
        return self._variant("break" if self.n is None else "one" if self.n == 1 else "many")

    def text(self) -> Text:
        if self.n is None:
            at = _AT_BREAK
        else:
            at = Text(f"{_count(self.n)} deep", zh=f"在第{self.n}张之下")
        return self._WORDS.format(at=at, place=place_text(self.place))


@attrs.frozen
class TurnOver(Move):
    """Turn the packet at ``place`` over: its order reverses and every card flips."""

    craft: ClassVar = Text("turn the packet over", zh="整叠翻面")
    gloss: ClassVar = Text(
        "the whole packet turned over: its order reverses and every card flips",
        zh="整叠牌翻过来：顺序颠倒，每张翻面",
    )
    _SAY: ClassVar = Text(
        "Turn the {place_s} packet over",
        zh="把{place}的牌整叠翻过来",
    )

    ref: ClassVar = MoveRef(
        order=Text("reverses", zh="倒序"),
        faces=Text("every card flips", zh="每张牌都翻面"),
        breaks=_RELEASED,
        audience=Text("the new face of the packet, when in view", zh="牌叠新的表面（在视线内时）"),
        layout="left: AS 2S 3S",
        example="TurnOver left",
        zh="把 place 的整叠牌翻过来：顺序颠倒，每张牌翻面。",
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text("Turn the packet in the {place} over", zh="将{place}的牌整叠翻过来")

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)

    def run_unchecked(self, s: DeckState) -> None:
        s.replace(self.place, s.packet(self.place)[::-1].translate(FLIP))

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place))


@attrs.frozen
class TurnCard(Move):
    """Turn over the one card at ``depth`` in ``place`` (0 is the top card), leaving it there."""

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "one card turned over where it lies",
        zh="把一张牌就地翻面",
    )

    ref: ClassVar = MoveRef(
        faces=Text("the one card flips", zh="这一张牌翻面"),
        audience=Text("the turned card's face, when in view", zh="被翻的牌的牌面（在视线内时）"),
        layout="left: AS 2S 3S",
        example="TurnCard left 1",
        zh="把 place 中位于 depth 处的一张牌翻面（0 为特普牌），位置不变。",
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    depth: int = attrs.field(default=0, validator=_not_negative, metadata=_NUMBER)

    _WORDS: ClassVar = Text("Turn over the {which} of the {place}", zh="将{place}的{which}翻过来")

    def check(self, s: DeckState) -> None:
        if not self.depth < s.size(self.place):
            raise self._fail(_where(s, self.place))

    def run_unchecked(self, s: DeckState) -> None:
        p, d = s.packet(self.place), self.depth
        s.replace(self.place, p[:d] + bytes((p[d] ^ FACE_UP,)) + p[d + 1 :], keep_break=True)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        # Turning a card over shows its face on the way, whichever way it ends.
        if not s.in_view(self.place):
            return ()
        return (s.packet(self.place)[self.depth] & CODE_MASK,)

    def text(self) -> Text:
        return self._WORDS.format(which=_nth(self.depth), place=place_text(self.place))


def weave(first: bytes, second: bytes) -> bytes:
    """``first`` and ``second`` woven from the top, one card from each in turn, ``first``'s top
    card on top; when one runs out the rest of the other follows as a block."""
    pairs = min(len(first), len(second))
    woven = bytearray(2 * pairs)
    woven[0::2] = first[:pairs]
    woven[1::2] = second[:pairs]
    return bytes(woven) + first[pairs:] + second[pairs:]


@attrs.frozen
class Faro(Move):
    """A perfect faro (weave) of the packet at ``place``: cut it into a top packet and a bottom
    packet and weave them one card from each in turn.

    Without ``split`` the packet is cut in half: an out-faro keeps the top card on top (the top
    half takes the odd card), an in-faro puts the top card of the bottom half on top (the bottom
    half takes the odd card). With ``split`` the top packet is the top ``split`` cards, whatever
    the rest holds: an out-faro starts the weave with the top packet's top card, an in-faro with
    the bottom packet's; when the packets differ the weave goes on while both have cards and the
    rest of the larger one stays together as a block under the woven part (a partial faro, "cut
    18 and faro them into the other 34"). With ``from_bottom`` the packets are squared and woven
    from the bottom instead: out keeps the bottom packet's bottom card at the bottom, in puts the
    top packet's there, and the rest of the larger packet stays as a block on top. A split of 0
    or of the whole packet weaves nothing and changes nothing.
    """

    craft: ClassVar = Text("faro shuffle", zh="完美鸽尾洗牌")
    gloss: ClassVar = Text(
        "the two halves woven together exactly, one card from each in turn",
        zh="两半牌一张隔一张地精确交错",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "woven: out keeps the top card on top, in puts the other half's top card on top;"
            " an odd card goes to the top half (out) or the bottom half (in); with split the"
            " larger packet's extra cards stay as a block under the weave (on top of it with"
            " from_bottom)",
            zh="交错：外洗时特普牌仍在特普，内洗时另一半的特普牌到特普；奇数张时多出的一张"
            "归上半（外洗）或下半（内洗）；给出 split 时，较大一叠多出的牌成一叠留在交错部分"
            "之下（from_bottom 时在其上）",
        ),
        breaks=Text(
            "released; a split of 0 or of the whole packet moves nothing and keeps it",
            zh="放开；split 为 0 或整叠时不动牌，布雷克保留",
        ),
        layout="left: AS 2S 3S 4S 5S 6S",
        example="Faro left split=2",
        zh=(
            "对 place 的牌做一次完美鸽尾洗牌：切成上下两叠，一张一张交错。不给 split 时对半切："
            "外洗特普牌仍在特普（上半多一张），内洗下半的特普牌到特普（下半多一张）。给出 split "
            "时上叠是特普的 split 张：外洗从上叠的特普牌开始交错，内洗从下叠的开始；两叠张数不同"
            "时，交错进行到一叠用完，较大一叠余下的牌成一叠留在交错部分之下（部分鸽尾洗牌，“切18"
            "张与其余34张交错”）。from_bottom 时从波顿开始交错：外洗下叠的波顿牌仍在波顿，内洗上"
            "叠的波顿牌到波顿，多余的牌留在上面。split 为 0 或整叠时不交错、不变。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    out: bool = attrs.field(default=True, metadata=_FLAG)
    split: int | None = attrs.field(
        default=None, validator=_count_or_break, metadata=_NUMBER_OR_HALF
    )
    from_bottom: bool = attrs.field(default=False, metadata=_FLAG)

    _OUT: ClassVar = Text(
        "Out-faro the packet in the {place}", zh="将{place}的牌做一次完美外鸽尾洗牌"
    )
    _IN: ClassVar = Text(
        "In-faro the packet in the {place}", zh="将{place}的牌做一次完美内鸽尾洗牌"
    )
    _SPLIT: ClassVar = Text(
        "{kind}-faro the top {cards} of the {place} into the rest{how}",
        zh="将{place}特普的{cards}与其余的牌做一次完美{kind}鸽尾洗牌{how}",
    )
    _KIND: ClassVar = {True: Text("Out", zh="外"), False: Text("In", zh="内")}
    _UP: ClassVar = Text(", woven from the bottom", zh="（从波顿开始交错）")

    def check(self, s: DeckState) -> None:
        if self.split is None:
            self._need(s, self.place, 2)
        elif self.split > s.size(self.place):
            raise self._fail(_where(s, self.place))

    def run_unchecked(self, s: DeckState) -> None:
        packet = s.packet(self.place)
        size = len(packet)
        if self.split is None:
            k = (size + 1) // 2 if self.out else size // 2
        else:
            k = self.split
            if k in (0, size):
                return
        top, bottom = packet[:k], packet[k:]
        if not self.from_bottom:
            woven = weave(top, bottom) if self.out else weave(bottom, top)
        elif self.out:
            woven = weave(bottom[::-1], top[::-1])[::-1]
        else:
            woven = weave(top[::-1], bottom[::-1])[::-1]
        s.replace(self.place, woven)

    def text(self) -> Text:
        if self.split is None and not self.from_bottom:
            return (self._OUT if self.out else self._IN).format(place=place_text(self.place))
        return self._SPLIT.format(
            kind=self._KIND[self.out],
            cards=_cards(self.split) if self.split is not None else Text("half", zh="一半的牌"),
            place=place_text(self.place),
            how=self._UP if self.from_bottom else _NOTHING,
        )
