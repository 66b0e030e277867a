"""The moves magicians make, each an immutable value with exact semantics.

Every move has four faces:

- ``move.check(state)`` raises :class:`~conjure.errors.IllegalMoveError` with a message that names
  the move and what it met, when the move cannot be made (``state.is_legal(move)`` asks);
- ``move.run_unchecked(state)`` makes it without checking: the fast path that search runs
  millions of times (``state.push(move)`` is the checked, undoable path);
- ``move.shows(state)``, asked before the move is made, gives the codes of the card faces the
  audience sees *while* it is made (a peeled face-up card, a flashed top card); what stays in
  view afterwards is :func:`conjure.deck.audience.visible`;
- ``move.text()`` says what it does, as a :class:`~conjure.text.Text` (``move.describe(lang)``
  picks a language).

A move says *what* happens to the cards; the state says what that does to the breaks: moves
change a position only through the primitives of :class:`~conjure.deck.state.DeckState`, where
the rules for breaks, emptied places and hidden hands are written once. Moves are written as
text (``Peel left right 2``) by :func:`conjure.deck.notation.parse_move`; each field says how it
is read.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import attrs

from conjure.deck.cards import CARDS, Card
from conjure.deck.notation import (
    READ,
    parse_move,
    read_cards,
    read_count,
    read_count_or_break,
    read_flag,
    read_place,
    register_moves,
)
from conjure.deck.places import PERSONS, check_place, is_hand, place_text
from conjure.deck.state import CODE_MASK, FACE_UP, FLIP, DeckState, packet_text
from conjure.errors import IllegalMoveError
from conjure.inputs import quote
from conjure.text import Text

__all__ = ["MOVES", "Move", "parse_move"]

# -- fields: how each is checked when a move is built and read when it is written as text -------

_CHECKED: set[str] = set()


def _place(_inst: object, _attr: object, value: str) -> None:
    if value not in _CHECKED:
        _CHECKED.add(check_place(value))


def _not_negative(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        said = Text(
            "{name} must be 0 or more, not {value}", zh="{name}必须是0或更大的数，不是{value}"
        )
        raise IllegalMoveError(said.format(name=attr.name, value=value))


def _count_or_break(inst: object, attr: attrs.Attribute[int], value: int | None) -> None:
    if value is not None:
        _not_negative(inst, attr, value)


def _cut_or_break(inst: object, attr: attrs.Attribute[int], value: int | None) -> None:
    if value is not None:
        _positive(inst, attr, value)


def _positive(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    """A count of cards a move moves: a move of no cards is no move, and is refused."""
    if value < 1:
        said = Text(
            "{name} must be 1 or more, not {value}: a move of no cards is no move",
            zh="{name}必须是1或更大的数，不是{value}：不动任何牌就不是一个动作",
        )
        raise IllegalMoveError(said.format(name=attr.name, value=value))


_PLACE: Final = {READ: read_place, "place": True}
_NUMBER: Final = {READ: read_count}
_FLAG: Final = {READ: read_flag}
_NUMBER_OR_BREAK: Final = {READ: read_count_or_break}


def _quote(value: object) -> str:
    return quote(value) if isinstance(value, str) else repr(value)


# -- words ------------------------------------------------------------------------------------


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd`` …"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _cards(n: int) -> Text:
    return Text(_count(n), zh=f"{n}张牌")


def _nth(depth: int) -> Text:
    """The card with ``depth`` cards above it."""
    if depth == 0:
        return Text("top card", zh="特普牌")
    return Text(f"{ordinal(depth + 1)} card from the top", zh=f"从上数第{depth + 1}张牌")


_TOP = Text("top", zh="特普")
_BOTTOM = Text("bottom", zh="波顿")
_NOTHING = Text("")


#: why a move cannot be made, in every language
_CANNOT: Final = Text("cannot {move}: {why}", zh="无法{move}：{why}")
_EMPTY: Final = Text("the {place} is empty", zh="{place}是空的")
_HOLDS: Final = Text("the {place} holds {n} ({packet})", zh="{place}有{n}（{packet}）")


#: why a move cannot be made, after "cannot …:"
_WHY: Final = {
    "depth": Text("depth must be 0 to {room}; {where}", zh="深度必须在0到{room}之间；{where}"),
    "no cards": Text("no cards named", zh="没有指定牌"),
    "not there": Text("{names} not there; {where}", zh="{names}不在那里；{where}"),
    "no break to cut": Text("the {place} holds no break to cut at",
                            zh="{place}没有可以在那里切牌的布雷克"),
    "cut sides": Text("a cut leaves cards on both sides; {where}",
                      zh="切牌后两边都要留有牌；{where}"),
    "cut to empty": Text("{where}; a cut goes to an empty place", zh="{where}；切下的牌要放到空处"),
    "hand break": Text("only a hand can hold a break", zh="只有手才能保持布雷克"),
    "break held": Text("it already holds one at depth {depth}",
                       zh="那里已经在深度{depth}处保持着布雷克"),
    "break sides": Text("a break needs cards on both sides; {where}",
                        zh="布雷克的上下都要有牌；{where}"),
    "no break": Text("the {place} holds no break", zh="{place}没有布雷克"),
    "under a packet": Text("{where}; the block goes under a packet",
                           zh="{where}；这叠牌要放到一叠牌之下"),
    "toward": Text("a spread faces 'audience' or 'self', not {value}",
                   zh="展开的牌面只能朝向 'audience'（观众）或 'self'（自己），不是{value}"),
    "person": Text("unknown person {value}: use performer or spectator",
                   zh="没有这个人：{value}；请用 performer（表演者）或 spectator（观众）"),
    "behind": Text("they are already behind the back", zh="双手已经在背后"),
    "not behind": Text("they are not behind the back", zh="双手不在背后"),
    "hands behind": Text("the hands are behind the back", zh="双手在背后"),
}  # fmt: skip


def _where(s: DeckState, place: str) -> Text:
    size = s.size(place)
    if not size:
        return _EMPTY.format(place=place_text(place))
    packet = packet_text(s.packet(place), s.break_at(place))
    return _HOLDS.format(place=place_text(place), n=_cards(size), packet=packet)


#: reference words shared by the moves that deal or peel cards one at a time
_SHALLOWER_DEEPER: Final = Text(
    "a break in src gets shallower, one in dst deeper", zh="src 的布雷克变浅，dst 的变深"
)
_DEALT_FACE_UP_SEEN: Final = Text(
    "each card dealt face up, when both places are in view",
    zh="表面向上发出的每张牌（两处都在观众视线内时）",
)
_FACE_UP_WITH_TURN: Final = Text("kept (face up with turn)", zh="不变（turn 时表面向上）")


@attrs.frozen
class MoveRef:
    """A move's entry in the move reference (``conjure moves``, docs/moves.md): what it does to
    the order, the faces and the breaks, what the audience sees, and an example move with a
    small layout it applies to (each example runs as a test)."""

    order: Text
    faces: Text
    breaks: Text
    audience: Text
    layout: str
    example: str
    #: a move made on the layout before the example (a state a layout cannot write)
    before: str = ""
    #: what the move does (its docstring's words) in Chinese
    zh: str = ""


@attrs.frozen
class Move:
    """Base class of every move. Subclasses fill in :meth:`check`, :meth:`run_unchecked` and
    :meth:`text`, and :meth:`shows` when the move can show a face."""

    #: a move that only shows cards and changes nothing
    display: ClassVar[bool] = False
    #: a count: cards passed one at a time from ``places()[0]`` to ``places()[-1]``, each
    #: seen by the audience as it goes (:meth:`counts`)
    counting: ClassVar[bool] = False
    #: the move's entry in the move reference
    ref: ClassVar[MoveRef | None] = None
    #: what a magician calls the move ("Biddle steal", "double lift"); empty where the move
    #: has no name of its own in the craft
    craft: ClassVar[Text] = Text("")
    #: what the move does, in a magician's words (the reference's one line)
    gloss: ClassVar[Text] = Text("")
    #: the move as a magician says it, its fields in braces (:meth:`in_words` fills them); a
    #: dict of such templates when the words depend on the fields (see ``_say``)
    _SAY: ClassVar[Any] = None

    def check(self, s: DeckState) -> None:
        """Raise :class:`IllegalMoveError` if the move cannot be made in ``s``."""

    def run_unchecked(self, s: DeckState) -> None:
        """Make the move in ``s`` without checking it."""
        raise NotImplementedError

    def shows(self, s: DeckState) -> tuple[int, ...]:
        """Codes of the faces the audience sees while the move is made (asked before it)."""
        return ()

    def counts(self, s: DeckState) -> bytes:
        """For a count (:attr:`counting`), the side of a card the audience sees at each count,
        in order, as packet bytes (a card's code, with ``FACE_UP`` when its face is the side
        uppermost); empty when the count is made out of their sight. Asked before the move."""
        return b""

    def text(self) -> Text:
        """What the move does, in every language."""
        raise NotImplementedError

    def describe(self, lang: str = "en") -> str:
        """What the move does, in ``lang``."""
        return self.text().get(lang)

    def in_words(self) -> Text:
        """The move as a magician says it ("Biddle steal: …", "Drop 3 cards as one card onto
        the left hand"), for a performer learning a routine; :meth:`text` is the exact form
        the move reference and the notation use. A move with no words of its own says
        :meth:`text`."""
        template = self._say()
        if template is None:
            return self.text()
        return Text.of(template).format(**self._say_values())

    def _variant(self, key: str) -> Text:
        """The template ``key`` of a move whose words depend on its fields."""
        said: Text = self._SAY[key]
        return said

    def _say(self) -> Text | None:
        """The template :meth:`in_words` fills (by default ``_SAY`` itself)."""
        return self._SAY if isinstance(self._SAY, Text) else None

    def _say_values(self) -> dict[str, object]:
        """The fields :meth:`in_words` fills in: each field (a place as its name in every
        language), and ``cards`` ("3 cards") for a count ``n``."""
        values: dict[str, object] = {}
        for f in attrs.fields(type(self)):
            value = getattr(self, f.name)
            if f.metadata.get("place"):
                name = place_text(value)
                values[f.name] = name
                # "the left hand's cards", "the spectator's hands' cards"
                values[f"{f.name}_s"] = Text(
                    name.en + ("'" if name.en.endswith("s") else "'s"), zh=name.zh
                )
            else:
                values[f.name] = value
        n = values.get("n")
        if isinstance(n, int):
            values["cards"] = _cards(n)
        return values

    def places(self) -> tuple[str, ...]:
        """The places the move touches."""
        return tuple(
            getattr(self, f.name) for f in attrs.fields(type(self)) if f.metadata.get("place")
        )

    def __str__(self) -> str:
        return self.describe("en")

    def _imperative(self) -> str:
        """The move as an order, for "cannot …" (the description with a lower-case verb)."""
        en = self.text().en
        return en[:1].lower() + en[1:]

    def _fail(self, why: str | Text) -> IllegalMoveError:
        move = Text(self._imperative(), zh=self.text().zh)
        return IllegalMoveError(_CANNOT.format(move=move, why=Text.of(why)))

    def _need(self, s: DeckState, place: str, n: int) -> None:
        if s.size(place) < n:
            raise self._fail(_where(s, place))

    def _apart(self, src: str, dst: str) -> None:
        if src == dst:
            raise self._fail(Text("source and destination are the same place", zh="起点和终点相同"))


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
        faces=Text("kept (flipped each with turn)", zh="不变（turn 时每张翻面）"),
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
        faces=_FACE_UP_WITH_TURN,
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
        faces=Text("kept", zh="不变"),
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
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text(
            "src's break goes with the hand that let go;"
            " dst's break gets deeper if the packet goes on top",
            zh="src 的布雷克随放手而消失；牌叠放到特普时 dst 的布雷克变深",
        ),
        audience=Text("nothing", zh="什么也看不到"),
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
        faces=Text("kept", zh="不变"),
        breaks=Text(
            "a break in dst at or below the point gets deeper",
            zh="dst 中位于插入点或其下的布雷克变深",
        ),
        audience=Text("nothing", zh="什么也看不到"),
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
        faces=Text("kept (flipped with turn)", zh="不变（turn 时翻面）"),
        breaks=Text(
            "a break in src below the card moves up with the cards above it",
            zh="src 中位于这张牌之下的布雷克随上方的牌上移",
        ),
        audience=Text("nothing", zh="什么也看不到"),
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
        faces=Text("kept", zh="不变"),
        breaks=Text("released", zh="放开"),
        audience=Text("nothing", zh="什么也看不到"),
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
        faces=Text("kept", zh="不变"),
        breaks=Text(
            "n=None cuts at src's break and uses it up", zh="n=None 时在 src 的布雷克处切牌并用掉它"
        ),
        audience=Text("nothing", zh="什么也看不到"),
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
        faces=Text("kept", zh="不变"),
        breaks=Text(
            "n=None cuts at the break and uses it up; otherwise released",
            zh="n=None 时在布雷克处切牌并用掉它；否则放开",
        ),
        audience=Text("nothing", zh="什么也看不到"),
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
        breaks=Text("released", zh="放开"),
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
        order=Text("kept", zh="不变"),
        faces=Text("the one card flips", zh="这一张牌翻面"),
        breaks=Text("kept", zh="不变"),
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
        faces=Text("kept", zh="不变"),
        breaks=Text("released", zh="放开"),
        audience=Text("nothing", zh="什么也看不到"),
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
        default=None, validator=_count_or_break, metadata=_NUMBER_OR_BREAK
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


# -- breaks and steals -----------------------------------------------------------------------


@attrs.frozen
class HoldBreak(Move):
    """The hand at ``place`` holds a little-finger break under the top ``depth`` cards."""

    craft: ClassVar = Text("little-finger break", zh="小指布雷克")
    gloss: ClassVar = Text(
        "the tip of the little finger holds a small gap under some cards, unseen",
        zh="小指尖在几张牌之下暗中保持一道小缝",
    )
    _SAY: ClassVar = Text(
        "Catch a little-finger break in the {place} under {cards}",
        zh="{place}用小指在{n}张牌之下保持布雷克",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("a break under the top depth cards", zh="在上方 depth 张牌之下设置布雷克"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS 2S 3S",
        example="HoldBreak left 1",
        zh="place 的手在上方 depth 张牌之下用小指保持一个布雷克。",
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    depth: int = attrs.field(validator=_not_negative, metadata=_NUMBER)

    _WORDS: ClassVar = Text(
        "Hold a little-finger break in the {place} under {cards}",
        zh="{place}小指在上方{n}张牌之下设置布雷克",
    )

    def check(self, s: DeckState) -> None:
        if not is_hand(self.place):
            raise self._fail(_WHY["hand break"])
        held = s.break_at(self.place)
        if held is not None:
            raise self._fail(_WHY["break held"].format(depth=held))
        if not 0 < self.depth < s.size(self.place):
            raise self._fail(_WHY["break sides"].format(where=_where(s, self.place)))

    def run_unchecked(self, s: DeckState) -> None:
        s.hold_break(self.place, self.depth)

    def _say_values(self) -> dict[str, object]:
        return {**super()._say_values(), "cards": _cards(self.depth), "n": self.depth}

    def text(self) -> Text:
        return self._WORDS.format(
            place=place_text(self.place), cards=_cards(self.depth), n=self.depth
        )


@attrs.frozen
class ReleaseBreak(Move):
    """The hand at ``place`` lets go of its break."""

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "the little finger lets the break go",
        zh="小指放掉布雷克",
    )
    _SAY: ClassVar = Text(
        "Let the break in the {place} go",
        zh="{place}放掉布雷克",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("released", zh="放开"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS / 2S 3S",
        example="ReleaseBreak left",
        zh="place 的手放开布雷克。",
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text("Release the break in the {place}", zh="{place}放开布雷克")

    def check(self, s: DeckState) -> None:
        if s.break_at(self.place) is None:
            raise self._fail(_WHY["no break"].format(place=place_text(self.place)))

    def run_unchecked(self, s: DeckState) -> None:
        s.release_break(self.place)

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place))


@attrs.frozen
class Steal(Move):
    """Biddle steal: the block above the break in ``src`` is taken, order kept, under the packet
    in ``dst``. The break is used up."""

    craft: ClassVar = Text("Biddle steal", zh="比德尔偷牌")
    gloss: ClassVar = Text(
        "as a card is peeled, the hand above secretly takes the cards above the break under "
        "its own packet",
        zh="抽牌的同时，上方的手暗中把布雷克上方的牌偷到自己的牌下",
    )
    _SAY: ClassVar = Text(
        "Biddle steal: the cards above the {src_s} break go under the {dst_s} packet",
        zh="比德尔偷牌：{src}布雷克上方的牌偷到{dst}的牌下",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept: the block goes under dst as one", zh="不变：整叠放到 dst 之下"),
        faces=Text("kept", zh="不变"),
        breaks=Text("src's break is used up", zh="src 的布雷克被用掉"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS / 2S 3S; right: KH",
        example="Steal left right",
        zh="比德尔偷牌：src 布雷克上方的一叠保持顺序，偷到 dst 牌叠之下。布雷克被用掉。",
    )

    src: str = attrs.field(validator=_place, metadata=_PLACE)
    dst: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text(
        "Steal the cards above the break in the {src} under the packet in the {dst}",
        zh="将{src}布雷克上方的牌偷到{dst}的牌下",
    )

    def check(self, s: DeckState) -> None:
        self._apart(self.src, self.dst)
        if s.break_at(self.src) is None:
            raise self._fail(_WHY["no break"].format(place=place_text(self.src)))
        if not s.size(self.dst):
            raise self._fail(_WHY["under a packet"].format(where=_where(s, self.dst)))

    def run_unchecked(self, s: DeckState) -> None:
        depth = s.release_break(self.src)
        s.put_bottom(self.dst, s.take(self.src, depth))  # type: ignore[arg-type]

    def text(self) -> Text:
        return self._WORDS.format(src=place_text(self.src), dst=place_text(self.dst))


# -- spreads and hidden hands ---------------------------------------------------------------


def _toward(_inst: object, _attr: object, value: str) -> None:
    if value not in ("audience", "self"):
        raise IllegalMoveError(_WHY["toward"].format(value=_quote(value)))


_TOWARD = {
    "audience": Text("the audience", zh="观众"),
    "self": Text("yourself", zh="自己"),
}


@attrs.frozen
class Spread(Move):
    """Spread (fan) the packet at ``place`` toward the ``audience`` or toward the performer
    (``self``). A spread hand cannot hold a break."""

    craft: ClassVar = Text("spread", zh="展开")
    gloss: ClassVar = Text(
        "the cards fanned so their order (or their faces) show",
        zh="把牌展开成扇形，让顺序（或牌面）露出",
    )
    _SAY: ClassVar = {
        "audience": Text(
            "Spread the {place_s} cards for the audience",
            zh="把{place}的牌向观众展开",
        ),
        "self": Text(
            "Fan the {place_s} cards toward yourself",
            zh="把{place}的牌向着自己展开成扇形",
        ),
    }

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("a spread hand holds none", zh="展开的手不能保持布雷克"),
        audience=Text(
            "the faces that point at the audience when spread toward them",
            zh="向观众展开时朝向观众的牌面",
        ),
        layout="left: AS^ 2S^",
        example="Spread left audience",
        zh=(
            "把 place 的牌向观众（audience）或向表演者自己（self）展开成扇形。展开的手不能保持布"
            "雷克。"
        ),
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)
    toward: str = attrs.field(default="audience", validator=_toward)

    _WORDS: ClassVar = Text(
        "Spread the packet in the {place} toward {who}", zh="将{place}的牌表面向着{who}展开成扇状"
    )

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)

    def run_unchecked(self, s: DeckState) -> None:
        s.spread_toward(self.place, self.toward)

    def _say(self) -> Text | None:
        return self._variant(self.toward)

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place), who=_TOWARD[self.toward])


@attrs.frozen
class Square(Move):
    """Square up the packet at ``place`` (close a spread)."""

    craft: ClassVar = Text("square up", zh="叠齐")
    gloss: ClassVar = Text(
        "the cards pushed together into a neat packet",
        zh="把牌推拢叠整齐",
    )
    _SAY: ClassVar = Text(
        "Square the {place_s} cards",
        zh="叠齐{place}的牌",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text("nothing", zh="什么也看不到"),
        layout="left: AS 2S",
        example="Square left",
        before="Spread left audience",
        zh="把 place 的牌叠齐（收起展开的扇形）。",
    )

    place: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text("Square the packet in the {place}", zh="将{place}的牌叠齐")

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)

    def run_unchecked(self, s: DeckState) -> None:
        s.square(self.place)

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place))


def _person(_inst: object, _attr: object, value: str) -> None:
    if value not in PERSONS:
        raise IllegalMoveError(_WHY["person"].format(value=_quote(value)))


_PERSON = {"performer": Text("performer", zh="表演者"), "spectator": Text("spectator", zh="观众")}


@attrs.frozen
class Behind(Move):
    """``person`` puts both hands behind the back: nothing in them can be seen."""

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "the hands go behind the back, out of sight",
        zh="双手放到背后，看不见",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text(
            "nothing of what the person holds, until Forward",
            zh="此人手中的牌都看不到，直到 Forward",
        ),
        layout="left: AS 2S",
        example="Behind performer",
        zh="person 把双手放到背后：手中的一切都看不到。",
    )

    person: str = attrs.field(default="performer", validator=_person)

    _WORDS: ClassVar = Text(
        "The {person} puts both hands behind the back", zh="{person}把双手藏在背后"
    )
    _ORDER: ClassVar = "put the {person}'s hands behind the back"

    def check(self, s: DeckState) -> None:
        if self.person in s.behind:
            raise self._fail(_WHY["behind"])

    def run_unchecked(self, s: DeckState) -> None:
        s.hands_behind(self.person)

    def text(self) -> Text:
        return self._WORDS.format(person=_PERSON[self.person])

    def _imperative(self) -> str:
        return self._ORDER.format(person=self.person)


@attrs.frozen
class Forward(Move):
    """``person`` brings both hands back in front."""

    craft: ClassVar = Text("", zh="")
    gloss: ClassVar = Text(
        "the hands come back in front",
        zh="双手拿回前面",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text("the person's hands again", zh="重新看到此人的手"),
        layout="left: AS 2S",
        example="Forward performer",
        before="Behind performer",
        zh="person 把双手拿回前面。",
    )

    person: str = attrs.field(default="performer", validator=_person)

    _WORDS: ClassVar = Text("The {person} brings both hands forward", zh="{person}把双手拿回前面")
    _ORDER: ClassVar = "bring the {person}'s hands forward"

    def check(self, s: DeckState) -> None:
        if self.person not in s.behind:
            raise self._fail(_WHY["not behind"])

    def run_unchecked(self, s: DeckState) -> None:
        s.hands_forward(self.person)

    def text(self) -> Text:
        return self._WORDS.format(person=_PERSON[self.person])

    def _imperative(self) -> str:
        return self._ORDER.format(person=self.person)


# -- displays --------------------------------------------------------------------------------


@attrs.frozen
class _Display(Move):
    display: ClassVar[bool] = True
    place: str = attrs.field(validator=_place, metadata=_PLACE)

    _WORDS: ClassVar = Text("")

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)
        if not s.in_view(self.place):
            raise self._fail(_WHY["hands behind"])

    def run_unchecked(self, s: DeckState) -> None:
        pass

    def text(self) -> Text:
        return self._WORDS.format(place=place_text(self.place))


@attrs.frozen
class ShowTop(_Display):
    """Lift the top card of ``place`` and show its face, then put it back as it was."""

    craft: ClassVar = Text("show the top card", zh="亮出特普牌")
    gloss: ClassVar = Text(
        "the top card lifted to show its face, then put back",
        zh="拿起特普牌亮出牌面，再放回",
    )
    _SAY: ClassVar = Text(
        "Show the top card of the {place}",
        zh="亮出{place}的特普牌",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text("the top card's face", zh="特普牌的牌面"),
        layout="left: AS 2S",
        example="ShowTop left",
        zh="拿起 place 的特普牌给观众看牌面，再按原样放回。",
    )

    _WORDS: ClassVar = Text(
        "Show the face of the top card of the {place}", zh="拿起{place}的特普牌给观众看"
    )

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not s.in_view(self.place):
            return ()
        return (s.packet(self.place)[0] & CODE_MASK,)


@attrs.frozen
class ShowBottom(_Display):
    """Tip the packet at ``place`` so the audience sees its underside: the face of the bottom
    card if that card lies face down (its back otherwise)."""

    craft: ClassVar = Text("flash the bottom card", zh="亮出波顿牌")
    gloss: ClassVar = Text(
        "the packet tipped so the audience sees the card at its bottom",
        zh="把牌叠倾斜，让观众看到波顿的牌",
    )
    _SAY: ClassVar = Text(
        "Tip the {place} to flash the bottom card",
        zh="倾斜{place}，亮出波顿牌",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text(
            "the bottom card's face if it lies face down", zh="波顿牌的牌面（若它表面向下）"
        ),
        layout="left: AS 2S",
        example="ShowBottom left",
        zh="把 place 的牌叠倾斜，让观众看到底面：若波顿牌表面向下，看到它的牌面（否则看到牌背）。",
    )

    _WORDS: ClassVar = Text(
        "Show the bottom of the packet in the {place}", zh="将{place}翻过来，让观众看波顿的牌"
    )

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not s.in_view(self.place):
            return ()
        bottom = s.packet(self.place)[-1]
        return () if bottom & FACE_UP else (bottom & CODE_MASK,)


@attrs.frozen
class ShowFace(_Display):
    """Show the face of the packet at ``place``: the card whose face points outward, which is
    the top card of a face-up packet and the bottom card of a face-down one."""

    craft: ClassVar = Text("show the face", zh="亮出牌面")
    gloss: ClassVar = Text(
        "the face of the packet shown to the audience",
        zh="让观众看牌叠的表面",
    )
    _SAY: ClassVar = Text(
        "Show the face of the {place_s} packet",
        zh="亮出{place}牌叠的表面",
    )

    ref: ClassVar = MoveRef(
        order=Text("kept", zh="不变"),
        faces=Text("kept", zh="不变"),
        breaks=Text("kept", zh="不变"),
        audience=Text("the card whose face points outward", zh="牌面朝外的那张牌"),
        layout="left: AS 2S",
        example="ShowFace left",
        zh=(
            "让观众看 place 牌叠的表面：牌面朝外的那张牌，表面向上的牌叠是特普牌，表面向下的是波"
            "顿牌。"
        ),
    )

    _WORDS: ClassVar = Text(
        "Show the face of the packet in the {place}", zh="让观众看{place}牌叠表面的牌"
    )

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not s.in_view(self.place):
            return ()
        packet = s.packet(self.place)
        if packet[0] & FACE_UP:
            return (packet[0] & CODE_MASK,)
        return () if packet[-1] & FACE_UP else (packet[-1] & CODE_MASK,)


#: every move class by name, for the command line and for plugins that build moves from text
#: (the moves of :mod:`conjure.deck.sleights` join it when that module is imported, which the
#: package does)
MOVES: dict[str, type[Move]] = {
    cls.__name__: cls
    for cls in (
        Peel, Deal, Take, Transfer, Insert, Extract, Cull, Cut, CompleteCut, TurnOver, TurnCard,
        Faro,
        HoldBreak, ReleaseBreak, Steal, Spread, Square, Behind, Forward,
        ShowTop, ShowBottom, ShowFace,
    )
}  # fmt: skip
register_moves(*MOVES.values())
