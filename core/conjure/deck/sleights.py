"""The moves of the literature built on the basic ones: top-to-bottom transfers, deals (into
piles, spelling), and the sleights that make the audience see one thing while another happens
(double lift, glimpse, Elmsley count); the shuffles (riffle, overhand) are in
:mod:`conjure.deck.shuffles` and join the catalogue from here.

Like every move in :mod:`conjure.deck.moves` each is an immutable value that changes a position
only through the state's primitives; each has its reference entry (``conjure moves NAME``).
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from conjure.deck.move import (
    _DEALT_FACE_UP_SEEN,
    _FLAG,
    _NOTHING,
    _NUMBER,
    _PLACE,
    _RELEASED,
    _SHALLOWER_DEEPER,
    Move,
    MoveRef,
    _cards,
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
    count_or,
    read_places,
    read_word,
    register_moves,
)
from conjure.deck.places import check_place, place_text
from conjure.deck.shuffles import Overhand, Riffle, Riffles
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
        breaks=Text(
            "shallower by one for each card moved from above it", zh="每移走其上方一张牌，浅一张"
        ),
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
        breaks=Text("deeper by one for each card put on top", zh="每放到特普一张牌，深一张"),
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


# -- deals ---------------------------------------------------------------------------------------


def _piles(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return read_places(value)
    return tuple(check_place(p) for p in value)  # type: ignore[attr-defined]


_all_or_count: Final = count_or(
    ("all", "every"), Text("a whole number or 'all'", zh="一个整数或 'all'")
)


@attrs.frozen
class DealPiles(Move):
    """Deal ``n`` cards (all of them by default) from the top of ``src`` into the ``piles``,
    round by round as a dealer deals: one card to each pile in turn, first pile first, then the
    next round. Each card lands on its pile, so each pile holds its cards in the opposite order;
    the deal may stop in the middle of a round. With ``turn`` each card is turned over as it is
    dealt (face up, from a face-down packet).
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
            "，先第一叠，再下一轮。每张牌落在它那叠上，所以每叠的顺序颠倒；可以在一轮中间停下。"
            "turn 时每张牌翻面发出（表面向下的牌叠发出时表面向上）。"
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
    with ``turn`` each is turned over as it is dealt (face up, from a face-down packet). A word
    with no letters deals nothing.
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
        breaks=_SHALLOWER_DEEPER,
        audience=_DEALT_FACE_UP_SEEN,
        layout="left: AS 2S 3S 4S 5S",
        example="SpellDeal left table.pile ACE",
        zh=(
            "拼读 word，每个字母（中文每个字）从 src 的特普发一张牌到 dst 的牌叠上，如“拼出你的"
            "牌的名字”。空格和符号不发牌（见 letters），所以单词之间可以写 _ 或 -。发出的牌顺序"
            "颠倒，与 Deal 相同；turn 时每张牌翻面发出（表面向下的牌叠发出时表面向上）。没有字母"
            "的词不发牌。"
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
        breaks=_RELEASED,
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
