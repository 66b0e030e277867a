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

from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

import attrs

from conjure.deck.notation import (
    READ,
    READ_WORDS,
    SHOWN,
    read_count,
    read_count_or_break,
    read_count_or_half,
    read_flag,
    read_place,
    read_word,
)
from conjure.deck.places import check_place, place_text
from conjure.deck.state import DeckState, packet_text
from conjure.errors import IllegalMoveError
from conjure.inputs import quote
from conjure.text import Text

__all__ = ["Move", "MoveRef", "ordinal"]


# -- fields: how each is checked when a move is built and read when it is written as text -------

_CHECKED: set[str] = set()

V = TypeVar("V", bound=Callable[..., None])

#: what a field's validator lets through, in a few words, where the field's reader does not
#: say all of it ("1 or more"): the move reference says it beside what the reader reads
VALUE_WORDS: dict[Callable[..., None], Text] = {}


def allows(words: Text) -> Callable[[V], V]:
    """Register ``words`` in :data:`VALUE_WORDS` for the validator this decorates."""

    def register(validator: V) -> V:
        VALUE_WORDS[validator] = words
        return validator

    return register


_ZERO_UP: Final = Text("0 or more", zh="0或更大")
_ONE_UP: Final = Text("1 or more", zh="1或更大")


def _place(_inst: object, _attr: object, value: str) -> None:
    if value not in _CHECKED:
        _CHECKED.add(check_place(value))


@allows(_ZERO_UP)
def _not_negative(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        said = Text(
            "{name} must be 0 or more, not {value}", zh="{name}必须是0或更大的数，不是{value}"
        )
        raise IllegalMoveError(said.format(name=attr.name, value=value))


@allows(_ZERO_UP)
def _count_or_break(inst: object, attr: attrs.Attribute[int], value: int | None) -> None:
    if value is not None:
        _not_negative(inst, attr, value)


@allows(_ONE_UP)
def _cut_or_break(inst: object, attr: attrs.Attribute[int], value: int | None) -> None:
    if value is not None:
        _positive(inst, attr, value)


@allows(_ONE_UP)
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
_NUMBER_OR_HALF: Final = {READ: read_count_or_half, SHOWN: "half"}


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
#: the reference's words for what a move leaves as it was, for a move nobody sees, and for
#: breaks the move lets go; each means one thing that the reference's test holds the move to
_KEPT: Final = Text("kept", zh="不变")
_UNSEEN: Final = Text("nothing", zh="什么也看不到")
_RELEASED: Final = Text("released", zh="放开")
#: the faces of a move with a ``turn`` flag that changes no face without it
_TURNED_WITH: Final = Text("kept (each card turned over with turn)", zh="不变（turn 时每张翻面）")
#: what the audience sees of a move that shows faces and whose entry does not say which
_SHOWN: Final = Text("the faces the move shows", zh="动作亮出的牌面")

#: the breaks of a move with a count that may be written ``break``, before what its entry adds
_AT_BREAK: Final = Text(
    "{field}=break cuts at the break and uses it up", zh="{field}=break 时在布雷克处切牌并用掉它"
)
_THEN: Final = Text("{first}; {then}", zh="{first}；{then}")
#: what a field takes: what its reader reads and what its validator lets through
_TAKES: Final = Text("{reads}, {allowed}", zh="{reads}，{allowed}")

#: the headings of a reference entry that say what a move does to the cards and who sees it
HEADINGS: Final = ("order", "faces", "breaks", "audience")


@attrs.frozen(kw_only=True)
class MoveRef:
    """A move's entry in the move reference (``conjure moves``, docs/moves.md): what it does to
    the order, the faces and the breaks, what the audience sees, and an example move with a
    small layout it applies to (each example runs as a test).

    A heading an entry leaves out (``None``) is said from the move itself
    (:func:`reference_words`): what a move leaves as it was is "kept", so an entry writes only
    what the move changes and what the audience sees."""

    layout: str
    example: str
    order: Text | None = None
    faces: Text | None = None
    breaks: Text | None = None
    audience: Text | None = None
    #: a move made on the layout before the example (a state a layout cannot write)
    before: str = ""
    #: what the move does (its docstring's words) in Chinese
    zh: str = ""


def reference_words(cls: type[Move]) -> dict[str, Text]:
    """What the reference says under each of :data:`HEADINGS` for the move class ``cls``: the
    words of its entry, and where the entry writes none, words made from the move itself. A
    display (:attr:`Move.display`) keeps the order, the faces and the breaks; a move with a
    ``turn`` flag keeps the faces unless turned; any other heading left out is "kept", but for
    the audience, who see "nothing" of a move that writes neither :meth:`Move.shows` nor
    :meth:`Move.counts`. The breaks of a move with a count that may be written ``break`` begin
    by saying that such a count cuts at the break and uses it up, before what the entry adds.
    tests/deck/test_reference.py holds every move to these words."""
    ref = cls.ref
    written = {h: getattr(ref, h) for h in HEADINGS} if ref is not None else {}
    said: dict[str, Text] = {}
    for heading in HEADINGS:
        text = written.get(heading)
        said[heading] = _made_word(cls, heading) if text is None else text
    at_break = [f.name for f in attrs.fields(cls) if f.metadata.get(READ) is read_count_or_break]
    if at_break:
        first = _AT_BREAK.format(field=at_break[0])
        then = written.get("breaks")
        said["breaks"] = first if then is None else _THEN.format(first=first, then=then)
    return said


def reference_fields(cls: type[Move]) -> dict[str, Text]:
    """What each field of the move class ``cls`` takes, as the reference says it: what its
    reader reads (the words the reader says when the text is not that) and what its validator
    lets through (``n``: "a whole number, 1 or more")."""
    out: dict[str, Text] = {}
    for f in attrs.fields(cls):
        if f.name.startswith("_"):
            continue
        reader = f.metadata.get(READ, read_word)
        # looked up by identity: a plugin's reader or validator need not be hashable
        reads = next((w for r, w in READ_WORDS.items() if r is reader), None)
        allowed = next((w for v, w in VALUE_WORDS.items() if v is f.validator), None)
        if allowed is not None and (reads is None or reader is read_word):
            out[f.name] = allowed
        elif allowed is not None and reads is not None:
            out[f.name] = _TAKES.format(reads=reads, allowed=allowed)
        else:
            out[f.name] = reads if reads is not None else Text("")
    return out


def _made_word(cls: type[Move], heading: str) -> Text:
    if heading == "audience":
        silent = cls.shows is Move.shows and cls.counts is Move.counts
        return _UNSEEN if silent else _SHOWN
    if heading == "faces" and not cls.display:
        flags = {f.name for f in attrs.fields(cls) if f.metadata.get(READ) is read_flag}
        if "turn" in flags:
            return _TURNED_WITH
    return _KEPT


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
