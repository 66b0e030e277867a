"""The moves that take and put cards: peels and deals one card at a time, packets taken and
put back, transfers from place to place, a card inserted or pulled out at a depth, and a named
card culled. Each is a :class:`~conjure.deck.move.Move`, with its reference entry.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from conjure.deck.cards import CARDS, Card
from conjure.deck.move import (
    _BOTTOM,
    _DEALT_FACE_UP_SEEN,
    _FLAG,
    _NOTHING,
    _NUMBER,
    _PLACE,
    _RELEASED,
    _SHALLOWER_DEEPER,
    _TOP,
    _WHY,
    Move,
    MoveRef,
    _cards,
    _count,
    _not_negative,
    _nth,
    _place,
    _positive,
    _where,
)
from conjure.deck.notation import (
    READ,
    read_cards,
)
from conjure.deck.places import is_hand, place_text
from conjure.deck.state import CODE_MASK, FACE_UP, FLIP, DeckState
from conjure.errors import IllegalMoveError
from conjure.text import Text

# -- taking and putting cards -------------------------------------------------------------------


@attrs.frozen
class Peel(Move):
    """Peel ``n`` cards one at a time off the top of ``src`` onto the top of ``dst``.

    Each card lands on the one before, so the order of the peeled cards reverses. With ``turn``
    each card is turned over as it goes.
    """

    craft: ClassVar = Text("peel", zh="抽牌")
    gloss: ClassVar = Text(
        "the thumb draws the top card off the other hand's packet onto its own, one card at a time",
        zh="拇指把另一只手牌叠的特普牌一张一张抽到自己手上",
    )
    _SAY: ClassVar = {
        "one": Text(
            "Peel a card off the {src} onto the {dst}{how}",
            zh="从{src}抽一张牌到{dst}上{how}",
        ),
        "many": Text(
            "Peel {n} cards one by one off the {src} onto the {dst}{how}",
            zh="从{src}逐张抽{n}张牌到{dst}上{how}",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text(
            "reverses: the peeled cards land in the opposite order",
            zh="倒序：抽出的牌依次落下，顺序颠倒",
        ),
        breaks=_SHALLOWER_DEEPER,
        audience=Text(
            "each card that ends face up, when both places are in view",
            zh="最后表面向上的每张牌（两处都在观众视线内时）",
        ),
        layout="left: AS 2S 3S; table.pile: KH",
        example="Peel left table.pile 2",
        zh=(
            "从 src 的特普逐张抽出 n 张牌放到 dst 的特普。每张牌落在前一张上，所以抽出的牌顺序颠"
            "倒。turn 时每张牌在移动中翻面。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    n: int = attrs.field(default=1, validator=_positive, metadata=_NUMBER)
    turn: bool = attrs.field(default=False, metadata=_FLAG)

    _WORDS: ClassVar = Text(
        "Peel {cards} from the {src} onto the {dst}{how}",
        zh="从{src}逐张抽出{n}张牌放到{dst}上{how}",
    )
    _TURNING: ClassVar = Text(", turning each over", zh="，翻转")
    _TURNED: ClassVar = Text(", each turned over", zh="，每张翻面")

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        self._need(s, self.src, self.n)

    def run_unchecked(self, s: DeckState) -> None:
        block = s.take(self.src, self.n)
        if self.turn:
            block = block.translate(FLIP)
        s.put(self.dst, block[::-1])

    counting: ClassVar[bool] = True

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return ()
        block = s.packet(self.src)[: self.n]
        if self.turn:
            block = block.translate(FLIP)
        return tuple(b & CODE_MASK for b in block if b & FACE_UP)

    def counts(self, s: DeckState) -> bytes:
        # each card is seen as it lands, the side that ends uppermost
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return b""
        block = s.packet(self.src)[: self.n]
        return block.translate(FLIP) if self.turn else block

    def _say(self) -> Text | None:
        return self._variant("one" if self.n == 1 else "many")

    def _say_values(self) -> dict[str, object]:
        return {**super()._say_values(), "how": self._TURNED if self.turn else _NOTHING}

    def text(self) -> Text:
        return self._WORDS.format(
            cards=_cards(self.n),
            n=self.n,
            src=place_text(self.src),
            dst=place_text(self.dst),
            how=self._TURNING if self.turn else _NOTHING,
        )


@attrs.frozen
class Deal(Peel):
    """Deal ``n`` cards one at a time from the top of ``src`` onto a pile at ``dst``.

    The same motion as :class:`Peel`; ``turn`` deals each card turned over.
    """

    craft: ClassVar = Text("deal", zh="发牌")
    gloss: ClassVar = Text(
        "cards dealt off the top one at a time onto a pile, each landing on the one before",
        zh="从特普一张一张发到一叠上，每张落在前一张上",
    )
    _SAY: ClassVar = {
        "one": Text(
            "Deal a card onto the {dst}{how}",
            zh="发一张牌到{dst}{how}",
        ),
        "many": Text(
            "Deal {n} cards onto the {dst}{how}",
            zh="发{n}张牌到{dst}{how}",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text(
            "reverses: the dealt cards land in the opposite order",
            zh="倒序：发出的牌依次落下，顺序颠倒",
        ),
        breaks=_SHALLOWER_DEEPER,
        audience=_DEALT_FACE_UP_SEEN,
        layout="left: AS 2S 3S",
        example="Deal left table.pile 3",
        zh="从 src 的特普逐张发 n 张牌到 dst 的牌叠上。与 Peel 的动作相同；turn 时每张牌翻面发出。",
    )

    _WORDS: ClassVar = Text(
        "Deal {cards} from the {src} to the {dst}{how}", zh="从{src}发{n}张牌到{dst}{how}"
    )
    _TURNING: ClassVar = Text(" face up", zh="，表面向上")
    _TURNED: ClassVar = _TURNING


@attrs.frozen
class Take(Move):
    """Move ``n`` cards as one block, their order kept, from the top (or bottom) of ``src`` onto
    the top (or bottom) of ``dst``: several cards handled as one (a double or triple lift, a
    block dropped as one card).
    """

    craft: ClassVar = Text("block transfer", zh="整叠移牌")
    gloss: ClassVar = Text(
        "several cards handled as one: lifted, dropped or carried as a single card, their "
        "order kept",
        zh="几张牌当作一张处理：作为一张拿起、放下或移动，顺序不变",
    )
    _SAY: ClassVar = {
        "one": Text(
            "Put the {frm} card of the {src} on the {to} of the {dst}",
            zh="把{src}{frm}的一张牌放到{dst}的{to}",
        ),
        "drop": Text(
            "Drop {n} cards as one card onto the {dst}",
            zh="把{n}张牌当作一张放到{dst}上",
        ),
        "block": Text(
            "Move {n} cards as one block from the {frm} of the {src} to the {to} of the {dst}",
            zh="把{src}{frm}的{n}张牌当作一叠放到{dst}的{to}",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text("kept: the block moves as one", zh="不变：整叠作为一张移动"),
        breaks=Text(
            "taken from the top, a break in src gets shallower; put on top, one in dst deeper",
            zh="从特普取时 src 的布雷克变浅；放到特普时 dst 的变深",
        ),
        audience=Text(
            "the block's top card if it faces up and lands on top in view",
            zh="这叠最上面的牌（表面向上且落在视线内的特普时）",
        ),
        layout="left: AS 2S 3S; right: KH",
        example="Take left right 2",
        zh=(
            "把 n 张牌作为一叠、保持顺序，从 src 的特普（或波顿）放到 dst 的特普（或波顿）：几张"
            "牌当作一张处理（双翻、三翻，一叠当作一张放下）。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    n: int = attrs.field(default=1, validator=_positive, metadata=_NUMBER)
    from_bottom: bool = attrs.field(default=False, metadata=_FLAG)
    to_bottom: bool = attrs.field(default=False, metadata=_FLAG)

    _WORDS: ClassVar = Text(
        "Take {cards} {block}from the {frm} of the {src} to the {to} of the {dst}",
        zh="从{src}的{frm}取{n}张牌{block}，放到{dst}的{to}",
    )
    _BLOCK: ClassVar = Text("as one block ", zh="，叠成一张")

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        self._need(s, self.src, self.n)

    def run_unchecked(self, s: DeckState) -> None:
        if self.from_bottom:
            block = s.take_bottom(self.src, self.n)
        else:
            block = s.take(self.src, self.n)
        if self.to_bottom:
            s.put_bottom(self.dst, block)
        else:
            s.put(self.dst, block)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        # A block dropped on top shows its top card if that card faces up.
        if self.to_bottom or not s.in_view(self.dst):
            return ()
        packet = s.packet(self.src)
        block = packet[len(packet) - self.n :] if self.from_bottom else packet[: self.n]
        return (block[0] & CODE_MASK,) if block and block[0] & FACE_UP else ()

    def _say(self) -> Text | None:
        if self.n == 1:
            return self._variant("one")
        return self._variant("block" if self.from_bottom or self.to_bottom else "drop")

    def _say_values(self) -> dict[str, object]:
        return {
            **super()._say_values(),
            "frm": _BOTTOM if self.from_bottom else _TOP,
            "to": _BOTTOM if self.to_bottom else _TOP,
        }

    def text(self) -> Text:
        return self._WORDS.format(
            cards=_cards(self.n),
            n=self.n,
            block=self._BLOCK if self.n > 1 else _NOTHING,
            frm=_BOTTOM if self.from_bottom else _TOP,
            to=_BOTTOM if self.to_bottom else _TOP,
            src=place_text(self.src),
            dst=place_text(self.dst),
        )


@attrs.frozen
class Transfer(Move):
    """Hand the whole packet at ``src`` to ``dst``: into an empty place, onto the top of the
    packet there, or under it with ``to_bottom``. The hand that let go loses its break."""

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "the whole packet handed from one place to another",
        zh="把整叠牌从一处交到另一处",
    )
    _SAY: ClassVar = {
        "onto": Text(
            "Put the {src_s} cards on the {dst}",
            zh="把{src}的牌放到{dst}",
        ),
        "into": Text(
            "Take the {src_s} cards into the {dst}",
            zh="把{src}的牌拿到{dst}",
        ),
        "under": Text(
            "Put the {src_s} cards under the {dst_s}",
            zh="把{src}的牌放到{dst}的牌下",
        ),
    }

    ref: ClassVar = MoveRef(
        breaks=Text(
            "src's break goes with the hand that let go;"
            " dst's break gets deeper if the packet goes on top",
            zh="src 的布雷克随放手而消失；牌叠放到特普时 dst 的布雷克变深",
        ),
        layout="left: AS 2S; right: KH",
        example="Transfer left right to_bottom=yes",
        zh=(
            "把 src 的整叠牌交给 dst：放进空位、放在那里牌叠的特普，或 to_bottom 时放到其下。放"
            "手的那只手失去布雷克。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    to_bottom: bool = attrs.field(default=False, metadata=_FLAG)

    _ONTO: ClassVar = Text(
        "Move the packet in the {src} onto the {dst}", zh="将{src}的牌全部移到{dst}"
    )
    _UNDER: ClassVar = Text(
        "Move the packet in the {src} under the cards in the {dst}",
        zh="将{src}的牌全部移到{dst}之下",
    )

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        self._need(s, self.src, 1)

    def run_unchecked(self, s: DeckState) -> None:
        packet = s.take_all(self.src)
        if self.to_bottom:
            s.put_bottom(self.dst, packet)
        else:
            s.put(self.dst, packet)

    def _say(self) -> Text | None:
        if self.to_bottom:
            return self._variant("under")
        into = is_hand(self.dst) and not self.dst.startswith("spectator")
        return self._variant("into" if into else "onto")

    def text(self) -> Text:
        words = self._UNDER if self.to_bottom else self._ONTO
        return words.format(src=place_text(self.src), dst=place_text(self.dst))


@attrs.frozen
class Insert(Move):
    """Take ``n`` cards as a block off the top of ``src`` and push them into ``dst`` so that
    ``depth`` cards of ``dst`` lie above them. ``src`` may be ``dst`` itself (top card into the
    middle): then ``depth`` counts in what is left after the block is taken."""

    craft: ClassVar = Text("insert", zh="插牌")
    gloss: ClassVar = Text(
        "cards pushed into the middle of a packet at a chosen depth",
        zh="把牌推进牌叠中间的某个深度",
    )
    _SAY: ClassVar = {
        "top": Text(
            "Push {cards} from the {src} onto the {dst}",
            zh="把{src}的{n}张牌推到{dst}特普",
        ),
        "in": Text(
            "Push {cards} from the {src} into the {dst} under {depth} cards",
            zh="把{src}的{n}张牌插进{dst}第{depth}张牌之下",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text("kept inside the block", zh="这叠内部不变"),
        breaks=Text(
            "a break in dst at or below the point gets deeper",
            zh="dst 中位于插入点或其下的布雷克变深",
        ),
        audience=Text(
            "each face-up card of the block as it goes in, when both places are in view",
            zh="这叠中表面向上的每张牌（两处都在观众视线内时）",
        ),
        layout="left: AS 2S; right: KH QH JH",
        example="Insert left right 1",
        zh=(
            "从 src 的特普取 n 张牌作为一叠，插进 dst，使其上方有 dst 的 depth 张牌。src 可以就"
            "是 dst（特普牌插到中间）：这时 depth 按取走这叠之后剩下的牌计算。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    depth: int = attrs.field(validator=_not_negative, metadata=_NUMBER)
    n: int = attrs.field(default=1, validator=_positive, metadata=_NUMBER)

    _WORDS: ClassVar = Text(
        "Insert {cards} from the top of the {src} into the {dst} below {above}",
        zh="从{src}特普取{n}张牌，插进{dst}{where}",
    )

    def check(self, s: DeckState) -> None:
        self._need(s, self.src, self.n)
        room = s.size(self.dst) - (self.n if self.src == self.dst else 0)
        if not 0 <= self.depth <= room:
            raise self._fail(_WHY["depth"].format(room=room, where=_where(s, self.dst)))

    def run_unchecked(self, s: DeckState) -> None:
        s.insert(self.dst, self.depth, s.take(self.src, self.n))

    def shows(self, s: DeckState) -> tuple[int, ...]:
        # A face-up card pushed into a packet in view is seen as it goes in.
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return ()
        return tuple(b & CODE_MASK for b in s.packet(self.src)[: self.n] if b & FACE_UP)

    def _say(self) -> Text | None:
        return self._variant("in" if self.depth else "top")

    def text(self) -> Text:
        where = "的特普" if self.depth == 0 else f"第{self.depth}张牌之下"
        return self._WORDS.format(
            cards=_cards(self.n),
            n=self.n,
            src=place_text(self.src),
            dst=place_text(self.dst),
            above=_count(self.depth),
            where=where,
        )


@attrs.frozen
class Extract(Move):
    """Draw out the one card at ``depth`` in ``src`` (0 is the top) and put it on top of ``dst``,
    turned over with ``turn``. A break below the card moves up with the cards above it."""

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "one card drawn out of the packet",
        zh="从牌叠中抽出一张牌",
    )

    ref: ClassVar = MoveRef(
        order=Text("the card leaves; the rest keep their order", zh="抽出这张牌，其余的牌顺序不变"),
        breaks=Text(
            "a break in src below the card moves up with the cards above it",
            zh="src 中位于这张牌之下的布雷克随上方的牌上移",
        ),
        audience=Text(
            "the card if it ends face up, when both places are in view",
            zh="这张牌（最后表面向上且两处都在观众视线内时）",
        ),
        layout="left: AS 2S 3S",
        example="Extract left table.x 1",
        zh=(
            "从 src 抽出位于 depth 处的一张牌（0 为特普），放到 dst 的特普，turn 时翻面。这张牌"
            "之下的布雷克随上方的牌上移。"
        ),
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)
    depth: int = attrs.field(default=0, validator=_not_negative, metadata=_NUMBER)
    turn: bool = attrs.field(default=False, metadata=_FLAG)

    _WORDS: ClassVar = Text(
        "Draw out the {which} of the {src}{how} onto the {dst}",
        zh="从{src}抽出{which}，{how}放到{dst}上",
    )
    _TURNING: ClassVar = Text(", turning it over,", zh="翻过来")

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        if not self.depth < s.size(self.src):
            raise self._fail(_where(s, self.src))

    def run_unchecked(self, s: DeckState) -> None:
        card = s.take_at(self.src, self.depth)
        if self.turn:
            card = card.translate(FLIP)
        s.put(self.dst, card)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not (s.in_view(self.src) and s.in_view(self.dst)):
            return ()
        b = s.packet(self.src)[self.depth] ^ (FACE_UP if self.turn else 0)
        return (b & CODE_MASK,) if b & FACE_UP else ()

    def text(self) -> Text:
        return self._WORDS.format(
            which=_nth(self.depth),
            src=place_text(self.src),
            dst=place_text(self.dst),
            how=self._TURNING if self.turn else _NOTHING,
        )


_CODES = bytes(i & CODE_MASK for i in range(256))
_ALL_BYTES = bytes(range(256))


def _card_codes(value: object) -> tuple[int, ...]:
    from conjure.deck.cards import parse_cards

    if isinstance(value, str):
        return tuple(c.code for c in parse_cards(value))
    return tuple(c.code if isinstance(c, Card) else Card(c).code for c in value)  # type: ignore[attr-defined]


@attrs.frozen
class Cull(Move):
    """Run through the packet at ``place`` and bring ``cards`` to its bottom (or its top), in
    the order they lie, each card keeping its orientation. The hand spreads to cull, so any
    break there is released."""

    craft: ClassVar = Text("cull", zh="挑牌")
    gloss: ClassVar = Text(
        "named cards run out of a spread packet to one end",
        zh="从展开的牌中挑出指定的牌放到一端",
    )

    ref: ClassVar = MoveRef(
        order=Text(
            "the named cards come together in the order they lay; the rest keep their order",
            zh="指定的牌按原来的先后聚在一起；其余的牌顺序不变",
        ),
        breaks=_RELEASED,
        layout="left: AS 2S 3S 4S",
        example="Cull left 3S,AS to_bottom=yes",
        zh=(
            "翻看 place 的牌，把 cards 按原来的先后移到波顿（或特普），每张牌朝向不变。手要展开"
            "牌才能挑牌，所以那里的布雷克放开。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    cards: tuple[int, ...] = attrs.field(converter=_card_codes, metadata={READ: read_cards})
    to_bottom: bool = attrs.field(default=True, metadata=_FLAG)

    @cards.validator
    def _once(self, _attr: object, value: tuple[int, ...]) -> None:
        twice = sorted({c for c in value if value.count(c) > 1})
        if twice:
            names = " ".join(str(CARDS[c]) for c in twice)
            said = Text(
                "{names} named twice: name each card once", zh="{names}写了两次：每张牌只写一次"
            )
            raise IllegalMoveError(said.format(names=names))

    _WORDS: ClassVar = Text(
        "Cull {names} to the {where} of the {place}", zh="从{place}的牌中抽出{names}，放到{where}"
    )

    def check(self, s: DeckState) -> None:
        if not self.cards:
            raise self._fail(_WHY["no cards"])
        held = s.packet(self.place).translate(_CODES)
        missing = [c for c in self.cards if c not in held]
        if missing:
            names = " ".join(str(CARDS[c]) for c in missing)
            raise self._fail(_WHY["not there"].format(names=names, where=_where(s, self.place)))

    def run_unchecked(self, s: DeckState) -> None:
        wanted = bytes(self.cards) + bytes(self.cards).translate(FLIP)  # either way up
        packet = s.packet(self.place)
        rest = packet.translate(None, wanted)
        culled = packet.translate(None, _ALL_BYTES.translate(None, wanted))
        s.replace(self.place, rest + culled if self.to_bottom else culled + rest)

    def text(self) -> Text:
        return self._WORDS.format(
            names=" ".join(str(CARDS[c]) for c in self.cards),
            where=_BOTTOM if self.to_bottom else _TOP,
            place=place_text(self.place),
        )
