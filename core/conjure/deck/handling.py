"""How the hands hold, hide and show a packet: little-finger breaks held and released, the
steal, spreads and squaring, a packet taken behind the back and brought forward, and the
displays that show the top, the bottom or the face. Each is a
:class:`~conjure.deck.move.Move`, with its reference entry.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from conjure.deck.move import (
    _NUMBER,
    _PLACE,
    _RELEASED,
    _WHY,
    Move,
    MoveRef,
    _cards,
    _not_negative,
    _place,
    _quote,
    _where,
    allows,
)
from conjure.deck.places import PERSONS, is_hand, place_text
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState
from conjure.errors import IllegalMoveError
from conjure.text import Text

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
        breaks=Text("a break under the top depth cards", zh="在上方 depth 张牌之下设置布雷克"),
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
        breaks=_RELEASED,
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
        breaks=Text("src's break is used up", zh="src 的布雷克被用掉"),
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


@allows(Text("audience or self", zh="audience（观众）或 self（自己）"))
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


@allows(Text("performer or spectator", zh="performer（表演者）或 spectator（观众）"))
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
