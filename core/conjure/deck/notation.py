"""Reading what people write: cards, packets, layouts and moves, with one table of aliases.

This is the lowest layer of the deck: text in, card codes (see :mod:`conjure.deck.cards`) and
plain structures out. :mod:`~conjure.deck.cards` turns the codes into :class:`Card` values,
:mod:`~conjure.deck.state` turns a layout into a position and :mod:`~conjure.deck.moves` a move
text into a move. Every reader starts with :func:`conjure.inputs.normalise`, so pasted text
(full-width ``ＫＳ``, ``：`` and ``；``, ``K♠️`` with an emoji variation selector, zero-width
spaces) reads as typed, and every error quotes the input through :func:`conjure.inputs.quote`.

>>> packet_codes("KS, 黑桃Q^ ＫＨ")
[(12, False), (11, True), (25, False)]
>>> suit_letter("红心"), suit_letter("♦"), suit_letter("x")
('H', 'D', None)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TypeVar

import attrs

from conjure.deck.places import check_place
from conjure.errors import ConjureError, NotationError
from conjure.inputs import normalise, parse_int, quote
from conjure.text import Text

# -- the one alias table --------------------------------------------------------------------------

SUITS: Final = "SHCD"
LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53

#: every way a suit is written (lower case for letters), to its index in ``SUITS``
SUIT_ALIASES: Final[Mapping[str, int]] = {
    "s": 0, "h": 1, "c": 2, "d": 3,
    "♠": 0, "♥": 1, "♣": 2, "♦": 3,
    "♤": 0, "♡": 1, "♧": 2, "♢": 3,
    "黑桃": 0, "红桃": 1, "红心": 1, "梅花": 2, "草花": 2, "方块": 3, "方片": 3,
}  # fmt: skip
#: every way a rank is written (lower case for letters), to 1 (Ace) … 13 (King)
RANK_ALIASES: Final[Mapping[str, int]] = {
    **{str(n): n for n in range(2, 11)},
    "a": 1, "t": 10, "j": 11, "q": 12, "k": 13,
}  # fmt: skip
#: the jokers (lower case), to their codes
JOKER_ALIASES: Final[Mapping[str, int]] = {
    "小王": LITTLE_JOKER, "bj": LITTLE_JOKER, "lj": LITTLE_JOKER,
    "大王": BIG_JOKER, "rj": BIG_JOKER,
}  # fmt: skip


def _alternatives(words: list[str]) -> str:
    """A regex alternation of ``words``, longest first, letters in either case."""
    out = []
    for word in sorted(words, key=len, reverse=True):
        out.append("".join(f"[{c.upper()}{c}]" if c.isascii() and c.isalpha() else c for c in word))
    return "|".join(out)


_SUIT_WORDS: Final = [w for w in SUIT_ALIASES if len(w) > 1]
_SUIT_MARKS: Final = [w for w in SUIT_ALIASES if len(w) == 1 and not w.isascii()]
_SUIT_LETTERS: Final = [w for w in SUIT_ALIASES if len(w) == 1 and w.isascii()]
_RANK_RE: Final = _alternatives(list(RANK_ALIASES))
_CARD_RE: Final = (
    rf"(?P<zs>{_alternatives(_SUIT_WORDS)})(?P<zr>{_RANK_RE})"
    rf"|(?P<ss>{_alternatives(_SUIT_MARKS)})(?P<sr>{_RANK_RE})"
    rf"|(?P<rr>{_RANK_RE})(?P<rs>{_alternatives(_SUIT_MARKS + _SUIT_LETTERS)})"
    rf"|(?P<jk>{_alternatives(list(JOKER_ALIASES))})"
)
_ONE_CARD: Final = re.compile(rf"(?:{_CARD_RE})(?P<up>\^?)")
_SEPARATORS: Final = re.compile(r"[\s,，、;；]+")
#: one item of an order written on the command line: a suit word, ``10``, or one character
ORDER_ITEM: Final = re.compile(rf"{_alternatives(_SUIT_WORDS)}|10|[^\s,，、]")


def suit_letter(text: str) -> str | None:
    """The letter (``S``, ``H``, ``C``, ``D``) of a suit written any way, or ``None``."""
    index = SUIT_ALIASES.get(normalise(text).strip().lower())
    return None if index is None else SUITS[index]


# -- cards and packets --------------------------------------------------------------------------


def _code_from_match(m: re.Match[str]) -> int:
    if m["jk"]:
        return JOKER_ALIASES[m["jk"].lower()]
    suit_text = m["zs"] or m["ss"] or m["rs"]
    rank_text = m["zr"] or m["sr"] or m["rr"]
    return SUIT_ALIASES[suit_text.lower()] * 13 + RANK_ALIASES[rank_text.lower()] - 1


#: what the notation says about text it cannot read
_SAID = {
    "bad card at": Text("bad card {card} at position {position} (column {column}) in {text}",
                        zh="{text}中第{position}个（第{column}列）{card}不是牌"),
    "place: cards": Text("expected 'place: cards' in {chunk}", zh="{chunk}应写成 '位置: 牌'"),
    "twice": Text("place {place} is written twice in {text}", zh="{text}中位置 {place} 写了两次"),
    "breaks": Text("more than one break in {chunk}", zh="{chunk}中有不止一个布雷克"),
    "empty": Text("empty move: write a move's name and its fields, e.g. 'Peel left right'",
                  zh="空的动作：请写出动作名和它的字段，例如 'Peel left right'"),
    "hint": Text("did you mean {move}? ", zh="是不是 {move}？"),
    "unknown move": Text("unknown move {move} in {text}; {hint}(conjure moves lists every move)",
                         zh="{text}中没有动作 {move}；{hint}（conjure moves 列出全部动作）"),
    "too many": Text("too many values in move {text}; write it as {usage}",
                     zh="动作 {text} 的值太多；请写成 {usage}"),
    "no field": Text("{move} has no field {name} in move {text}; write it as {usage}",
                     zh="动作 {text} 中，{move} 没有字段 {name}；请写成 {usage}"),
    "given twice": Text("{name} is given twice in move {text}",
                        zh="动作 {text} 中 {name} 给了两次"),
    "must be": Text("{name} must be {wanted}, not {value}, in move {text}",
                    zh="动作 {text} 中，{name} 应是{wanted}，不是 {value}"),
    "needs": Text("move {text} needs {missing}; write it as {usage}",
                  zh="动作 {text} 缺少 {missing}；请写成 {usage}"),
    "move": Text("move {text}: {error}", zh="动作 {text}：{error}"),
}  # fmt: skip


def card_code(text: str) -> int:
    """The code of the one card ``text`` names (no ``^``)."""
    m = _ONE_CARD.fullmatch(normalise(text).strip())
    if m is None or m["up"]:
        raise NotationError(Text("bad card {text}", zh="不是牌：{text}").format(text=quote(text)))
    return _code_from_match(m)


def _tokens(text: str) -> Iterator[tuple[int, int, str]]:
    """Yield (position, column, token) for the separator-delimited tokens of ``text``."""
    position = 0
    column = 0
    for piece in _SEPARATORS.split(text):
        if piece:
            column = text.index(piece, column)
            position += 1
            yield position, column, piece
            column += len(piece)


def packet_codes(text: str) -> list[tuple[int, bool]]:
    """Read a packet written top card first (``"KS QH^ 10D"``) as ``(code, face_up)`` pairs.

    A card followed by ``^`` is marked face up. Cards may be separated by spaces, commas, 、 or
    semicolons, and Chinese cards may also be written without separators (``黑桃K红桃Q``).
    """
    text = normalise(text)
    out: list[tuple[int, bool]] = []
    for position, column, token in _tokens(text):
        at = 0
        found: list[tuple[int, bool]] = []
        while at < len(token):
            m = _ONE_CARD.match(token, at)
            if m is None or m.end() == at:
                break
            found.append((_code_from_match(m), bool(m["up"])))
            at = m.end()
        if at != len(token) or not found:
            said = _SAID["bad card at"].format(
                card=quote(token), position=position, column=column + 1, text=quote(text)
            )
            raise NotationError(said)
        out.extend(found)
    return out


# -- layouts ------------------------------------------------------------------------------------


@attrs.frozen
class PlaceText:
    """One place of a layout as written: its cards top first and the depth of its break."""

    place: str
    cards: list[tuple[int, bool]]
    break_at: int | None


def layout_places(text: str) -> list[PlaceText]:
    """Read ``"left: KS^ KH^ / KD^; table.aside: 2C 3C"``: places separated by ``;``, each
    ``place: cards`` top first, ``^`` after a face-up card and ``/`` where the hand holds a
    break."""
    text = normalise(text)
    out: list[PlaceText] = []
    seen: set[str] = set()
    for chunk in filter(None, (c.strip() for c in text.split(";"))):
        place, sep, body = chunk.partition(":")
        place = place.strip()
        if not sep:
            raise NotationError(_SAID["place: cards"].format(chunk=quote(chunk)))
        check_place(place)
        if place in seen:
            raise NotationError(_SAID["twice"].format(place=quote(place), text=quote(text)))
        seen.add(place)
        above, slash, below = body.partition("/")
        if "/" in below:
            raise NotationError(_SAID["breaks"].format(chunk=quote(chunk)))
        top = packet_codes(above)
        out.append(PlaceText(place, top + packet_codes(below), len(top) if slash else None))
    return out


# -- moves --------------------------------------------------------------------------------------

#: the key, in an attrs field's metadata, of the function that reads the field from move text
READ: Final = "conjure.read"
#: the key, in an attrs field's metadata, of how the field's default is written in a signature
SHOWN: Final = "conjure.shown"

Reader = Callable[[str], Any]
R = TypeVar("R", bound=Reader)

#: what each field reader reads, in a few words: what it says when the text is not that, and
#: what the move reference says a field read by it takes
READ_WORDS: dict[Reader, Text] = {}


def reads(words: Text) -> Callable[[R], R]:
    """Register ``words`` in :data:`READ_WORDS` for the reader this decorates."""

    def register(reader: R) -> R:
        READ_WORDS[reader] = words
        return reader

    return register


class FieldError(ValueError):
    """Raised by a field reader: the value is not what the field holds (the reason)."""


_A_PLACE: Final = Text(
    "a place (left, right, spectator[.left|.right], table[.NAME])",
    zh="一个位置（left、right、spectator[.left|.right]、table[.NAME]）",
)


@reads(_A_PLACE)
def read_place(text: str) -> str:
    """A place name (``left``, ``table.aside``)."""
    try:
        return check_place(text)
    except ConjureError:
        raise FieldError(_A_PLACE) from None


_A_COUNT: Final = Text("a whole number", zh="一个整数")


@reads(_A_COUNT)
def read_count(text: str) -> int:
    """A whole number."""
    try:
        return parse_int(text, "count")
    except ConjureError:
        raise FieldError(_A_COUNT) from None


def count_or(words: tuple[str, ...], said: Text) -> Reader:
    """A reader of a whole number, or of one of ``words`` (in any case) for ``None``, which
    refuses other text with ``said``."""

    @reads(said)
    def read(text: str) -> int | None:
        if text.lower() in words:
            return None
        try:
            return parse_int(text, "count")
        except ConjureError:
            raise FieldError(said) from None

    return read


#: a whole number, or ``break`` (``none``) for the depth of the break the hand holds
read_count_or_break: Final = count_or(
    ("break", "none"), Text("a whole number or 'break'", zh="一个整数或 'break'")
)
#: a whole number, or ``half`` (``none``) for a packet cut in half
read_count_or_half: Final = count_or(
    ("half", "none"), Text("a whole number or 'half'", zh="一个整数或 'half'")
)


_YES: Final = ("1", "true", "yes", "y")
_NO: Final = ("0", "false", "no", "n")


_YES_OR_NO: Final = Text("yes or no", zh="yes 或 no")


@reads(_YES_OR_NO)
def read_flag(text: str) -> bool:
    """Yes or no."""
    if text.lower() in _YES:
        return True
    if text.lower() in _NO:
        return False
    raise FieldError(_YES_OR_NO)


@reads(Text("a word", zh="一个词"))
def read_word(text: str) -> str:
    """A word, taken as it is (the move checks it)."""
    return text


_CARDS: Final = Text("cards (2S,2H or 黑桃2)", zh="牌（2S,2H 或 黑桃2）")


@reads(_CARDS)
def read_cards(text: str) -> tuple[int, ...]:
    """Cards, written together or separated by commas (``2S,2H``)."""
    try:
        return tuple(code for code, _ in packet_codes(text))
    except ConjureError:
        raise FieldError(_CARDS) from None


_COUNTS: Final = Text("whole numbers separated by commas (3,1,5)", zh="用逗号分开的整数（3,1,5）")


@reads(_COUNTS)
def read_counts(text: str) -> tuple[int, ...]:
    """Whole numbers separated by commas (``3,1,1,5``)."""
    try:
        return tuple(parse_int(part, "count") for part in re.split(r"[,，、]", text) if part)
    except ConjureError:
        raise FieldError(_COUNTS) from None


_PLACES: Final = Text(
    "places separated by commas (table.a,table.b)", zh="用逗号分开的位置（table.a,table.b）"
)


@reads(_PLACES)
def read_places(text: str) -> tuple[str, ...]:
    """Places separated by commas (``table.a,table.b``)."""
    try:
        return tuple(check_place(part) for part in re.split(r"[,，、]", text) if part)
    except ConjureError:
        raise FieldError(_PLACES) from None


_RUN: Final = re.compile(r"(\d+)([TtBb])")


_PATTERN: Final = Text(
    "T and B, a letter a card from the top (TBTB), or runs (2T1B)",
    zh="T 和 B，从上起每张牌一个字母（TBTB），或成段写（2T1B）",
)


@reads(_PATTERN)
def read_pattern(text: str) -> str:
    """An interleaving, top card first: a letter a card, ``T`` for a card of the top packet and
    ``B`` for one of the bottom packet (``TBTTB``), or the same as runs (``1T1B2T1B``)."""
    if re.fullmatch(r"[TtBb]*", text):
        return text.upper()
    if re.fullmatch(r"(?:\d+[TtBb])+", text):
        try:
            return "".join(
                letter.upper() * parse_int(n, "run", 0, 10_000) for n, letter in _RUN.findall(text)
            )
        except ConjureError:
            pass
    raise FieldError(_PATTERN)


def _field_list(cls: type) -> list[attrs.Attribute[Any]]:
    return [f for f in attrs.fields(cls) if f.init]


def move_signature(cls: type) -> str:
    """How a move is written: ``Insert src dst depth [n=1]``."""
    words = [cls.__name__]
    for f in _field_list(cls):
        if f.default is attrs.NOTHING:
            words.append(f.name)
        elif SHOWN in f.metadata:
            words.append(f"[{f.name}={f.metadata[SHOWN]}]")
        else:
            default = f.default
            shown = "break" if default is None else ("yes" if default is True else default)
            shown = "no" if default is False else shown
            words.append(f"[{f.name}={shown}]")
    return " ".join(words)


#: every kind of move by name, filled in by :mod:`conjure.deck.moves` (and plugins that add
#: moves) with :func:`register_moves`, so that this layer reads moves without importing them
MOVE_KINDS: dict[str, type] = {}


def register_moves(*kinds: type) -> None:
    """Make moves of these (attrs) classes readable by :func:`parse_move`, by class name."""
    for kind in kinds:
        MOVE_KINDS[kind.__name__] = kind


def parse_move(text: str, kinds: Mapping[str, type] | None = None) -> Any:
    """A move from text: its name, then its fields in order or as ``name=value``.

    ``kinds`` maps move names to their (attrs) classes (by default every registered move);
    each field says how it is read (``READ`` in its metadata). Every failure is a
    :class:`NotationError` that quotes the input and says what was expected.

    >>> parse_move("Peel left right 2")
    Peel(src='left', dst='right', n=2, turn=False)
    >>> parse_move("take left table.x n=3 from_bottom=yes")
    Take(src='left', dst='table.x', n=3, from_bottom=True, to_bottom=False)
    """
    kinds = MOVE_KINDS if kinds is None else kinds
    text = normalise(text)
    words = text.split()
    if not words:
        raise NotationError(_SAID["empty"])
    by_name = {name.lower(): cls for name, cls in kinds.items()}
    cls = by_name.get(words[0].lower())
    if cls is None:
        close = difflib.get_close_matches(words[0].lower(), list(by_name), n=1)
        hint = _SAID["hint"].format(move=by_name[close[0]].__name__) if close else Text("")
        raise NotationError(
            _SAID["unknown move"].format(move=quote(words[0]), text=quote(text), hint=hint)
        )
    usage = move_signature(cls)
    fields = _field_list(cls)
    values: dict[str, object] = {}
    for i, word in enumerate(words[1:]):
        name, eq, value = word.partition("=")
        if not eq:
            if i >= len(fields):
                raise NotationError(_SAID["too many"].format(text=quote(text), usage=usage))
            name, value = fields[i].name, word
        field = next((f for f in fields if f.name == name), None)
        if field is None:
            raise NotationError(
                _SAID["no field"].format(
                    move=cls.__name__, name=quote(name), text=quote(text), usage=usage
                )
            )
        if name in values:
            raise NotationError(_SAID["given twice"].format(name=name, text=quote(text)))
        reader: Reader = field.metadata.get(READ, read_word)
        try:
            values[name] = reader(value)
        except FieldError as exc:
            wanted = exc.args[0] if exc.args and isinstance(exc.args[0], Text) else str(exc)
            said = _SAID["must be"].format(
                name=name, wanted=wanted, value=quote(value), text=quote(text)
            )
            raise NotationError(said) from None
    missing = [f.name for f in fields if f.default is attrs.NOTHING and f.name not in values]
    if missing:
        said = _SAID["needs"].format(text=quote(text), missing=", ".join(missing), usage=usage)
        raise NotationError(said)
    try:
        return cls(**values)
    except ConjureError as exc:
        raise NotationError(_SAID["move"].format(text=quote(text), error=exc.text)) from None
