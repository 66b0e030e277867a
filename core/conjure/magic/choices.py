"""Where the free choices of a performance come from.

A routine's script asks for every value it does not decide itself (a set-up order, the
spectator's cut, the performer's latitude); a *chooser* answers each question with an index
into the options offered. The default performance takes the first option everywhere, a
recorded case replays its indices, the command line names values, the verifier's search
draws them at random and hypothesis draws (and shrinks) them in property tests.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from conjure.deck.cards import Card, parse_cards
from conjure.deck.notation import ORDER_ITEM, suit_letter
from conjure.errors import NotationError, UsageError, VerificationError
from conjure.inputs import normalise, parse_int, quote
from conjure.text import Text

_FACTORIALS = [math.factorial(k) for k in range(60)]


@functools.cache
def _chunks(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The radices n, n-1 … 1 grouped so that each group's product fits in 62 bits."""
    out: list[tuple[tuple[int, ...], int]] = []
    group: list[int] = []
    product = 1
    for k in range(n, 0, -1):
        if product * k >= 1 << 62:
            out.append((tuple(group), product))
            group, product = [], 1
        group.append(k)
        product *= k
    if group:
        out.append((tuple(group), product))
    return tuple(out)


class Permutations:
    """Every order of ``items`` as one lazily indexed sequence; index 0 is ``items`` as given.

    An index is read as mixed-radix digits, least significant first: the first digit (base n)
    picks the first item among all, the next (base n-1) the second among the rest, and so on.
    Small indices therefore change only the front of the order. The size can exceed what
    ``len`` allows (48! for the indifferent cards of a deck), so choosers ask
    :func:`option_count`.
    """

    __slots__ = ("items", "size")

    def __init__(self, items: Iterable[Any]) -> None:
        self.items = tuple(items)
        n = len(self.items)
        self.size = _FACTORIALS[n] if n < len(_FACTORIALS) else math.factorial(n)

    def __getitem__(self, index: int) -> tuple[Any, ...]:
        if not 0 <= index < self.size:
            raise IndexError(index)
        left = list(self.items)
        out: list[Any] = []
        pop, append = left.pop, out.append
        for radices, product in _chunks(len(left)):
            # one division of the big index per chunk, then machine-size ones within it
            index, chunk = divmod(index, product)
            for k in radices:
                chunk, j = divmod(chunk, k)
                append(pop(j))
        return tuple(out)

    def index_of(self, wanted: Sequence[Any], same: Callable[[Any, Any], bool]) -> int:
        """The index of the order ``wanted`` (each item matched by ``same``)."""
        left = list(self.items)
        if len(wanted) != len(left):
            raise VerificationError(f"expected {len(left)} items, got {len(wanted)}")
        index, weight = 0, 1
        for want in wanted:
            j = next((i for i, item in enumerate(left) if same(item, want)), None)
            if j is None:
                shown = ", ".join(describe_value(x) for x in left)
                raise VerificationError(f"{want!r} is not one of {shown}")
            index += j * weight
            weight *= len(left)
            left.pop(j)
        return index


class Weighted:
    """Options with weights: the option at index ``i`` is taken with probability
    ``weights[i] / sum(weights)`` when the odds of a routine are worked out (the verifier's
    probabilities, a uniform sample); every option is still a case to walk. Reads as the plain
    sequence of its options, so a chooser that knows nothing of weights picks among them as
    usual. Weights are whole numbers or fractions, none negative, not all zero."""

    __slots__ = ("options", "size", "total", "weights")

    def __init__(self, options: Sequence[Any], weights: Sequence[Any]) -> None:
        from fractions import Fraction

        self.options = options
        self.size = option_count(options)
        if len(weights) != self.size:
            raise VerificationError(
                f"{len(weights)} weights for {self.size} options: give one weight an option"
            )
        exact = tuple(Fraction(w) for w in weights)
        if any(w < 0 for w in exact) or not any(exact):
            raise VerificationError("weights must be 0 or more, and not all 0")
        self.weights = exact
        self.total = sum(exact)

    def probability(self, index: int) -> Any:
        """The probability of the option at ``index`` (a :class:`fractions.Fraction`)."""
        return self.weights[index] / self.total

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: int) -> Any:
        return self.options[index]

    def __iter__(self) -> Any:
        return iter(self.options)

    def __repr__(self) -> str:
        return f"Weighted({self.options!r}, {list(map(str, self.weights))})"


def option_count(options: Sequence[Any] | Permutations) -> int:
    """How many options a choice offers (works past ``sys.maxsize``): a lazy sequence larger
    than ``len`` allows gives its count as an integer attribute ``size``."""
    size = getattr(options, "size", None)
    if isinstance(size, int) and not isinstance(options, range):
        return size
    return len(options)  # type: ignore[arg-type]


class Chooser(Protocol):
    """Where the free choices of a performance come from."""

    def pick(self, kind: str, name: str, options: Any) -> int:
        """An index into ``options`` (a sequence or :class:`Permutations`; count them with
        :func:`option_count`) for the choice ``name`` of ``kind``."""
        ...


@attrs.define
class FirstChooser:
    """Always the first option: the default performance."""

    def pick(self, kind: str, name: str, options: Any) -> int:
        return 0


@attrs.define
class ScriptedChooser:
    """Indices given in order (a recorded case); past their end, the first option."""

    indices: Sequence[int]
    at: int = 0

    def pick(self, kind: str, name: str, options: Any) -> int:
        index = self.indices[self.at] if self.at < len(self.indices) else 0
        self.at += 1
        return min(index, option_count(options) - 1)


@attrs.define
class PresetChooser:
    """Values given by name (``--setup queens=CHSD``, ``--choice cut=20``); the rest from
    ``fallback``. Orders are given as a sequence of their items, or as text: cards as a card
    list (``AS 2S 3S …``), suits as letters or symbols (``CHSD``, ``♣♥♠♦``, ``梅花红桃…``).

    A value written ``#N`` is the option at index ``N`` (from 0, as traces show it:
    ``--choice riffle=#12``), whatever the options are; any other value is matched against
    the options. A plain sequence is scanned for it only up to :data:`SCAN_LIMIT` options; a
    lazy sequence may offer ``index_of_value(value)`` (an index or ``None``) to be searched
    at any size.

    ``labels`` names where each value came from (``--setup queens``) for the errors, which are
    :class:`~conjure.errors.UsageError`: the option, the value and what is allowed, in a few
    words."""

    values: Mapping[str, Any]
    fallback: Chooser = attrs.field(factory=FirstChooser)
    used: set[str] = attrs.field(factory=set)
    labels: Mapping[str, str] = attrs.field(factory=dict)

    def pick(self, kind: str, name: str, options: Any) -> int:
        if name not in self.values:
            return self.fallback.pick(kind, name, options)
        if isinstance(options, Weighted):  # a value is looked for among the options
            options = options.options
        wanted = self.values[name]
        self.used.add(name)
        what = self.labels.get(name, name)
        size = option_count(options)
        if isinstance(wanted, str) and normalise(wanted).strip().startswith("#"):
            return _by_index(normalise(wanted).strip()[1:], size, what)
        if isinstance(options, Permutations):
            return _order_index(options, wanted, what)
        if isinstance(options, range) and isinstance(wanted, str):
            number = parse_int(wanted, what)
            if number not in options:
                raise UsageError(
                    _SAID["not allowed"].format(what=what, value=number, allowed=_allowed(options))
                )
            return options.index(number)
        finder = getattr(options, "index_of_value", None)
        if callable(finder):  # a lazy sequence that can find a value without a scan
            found = finder(wanted)
            if found is not None:
                return int(found)
        elif size <= SCAN_LIMIT:
            for index, option in enumerate(options):
                if _same(option, wanted):
                    return index
        else:
            said = _SAID["too many"].format(
                what=what, value=_shown(wanted), n=_many(size), last=size - 1
            )
            raise UsageError(said)
        said = _SAID["not allowed"].format(
            what=what, value=_shown(wanted), allowed=_allowed(options)
        )
        raise UsageError(said)


#: what a set-up value or a choice typed by a person can get wrong
_SAID = {
    "not allowed": Text("{what}: {value} is not allowed here ({allowed})",
                        zh="{what}：这里不允许{value}（{allowed}）"),
    "too many": Text("{what}: {value} cannot be looked up among {n} options; give an index "
                     "instead, #0 to #{last}",
                     zh="{what}：无法在{n}个选项中查找{value}；请改给序号，#0到#{last}"),
    "index": Text("{what}: index #{index} is out of range (allowed: #0 to #{last}, {n} options)",
                  zh="{what}：序号#{index}超出范围（允许：#0到#{last}，共{n}个选项）"),
    "whole": Text("a whole number from {low} to {high}", zh="{low}到{high}之间的整数"),
    "one of": Text("one of {listed}", zh="{listed}之一"),
    "one of many": Text("one of its {n} options, or an index #0 to #{last}",
                        zh="{n}个选项之一，或序号#0到#{last}"),
    "order of cards": Text("an order of the {n} cards", zh="这{n}张牌的一种顺序"),
    "order of": Text("an order of {items}", zh="{items}的一种顺序"),
    "notation": Text("{what}: {error}", zh="{what}：{error}"),
    "not an item": Text("{what}: {value} is not one of the items (allowed: {allowed})",
                        zh="{what}：{value}不在其中（允许：{allowed}）"),
    "repeated": Text("{what}: {value} is repeated (allowed: {allowed})",
                     zh="{what}：{value}重复了（允许：{allowed}）"),
    "missing": Text("{what}: {given} given, {needed} needed; missing {missing} (allowed: "
                    "{allowed})",
                    zh="{what}：给了{given}个，需要{needed}个；缺少{missing}（允许：{allowed}）"),
    "of them": Text("{n} of them", zh="其中{n}个"),
}  # fmt: skip


#: a value given by name is looked for among at most this many options (a plain sequence is
#: scanned); past it, give the choice by index (``#12``) or offer ``index_of_value``
SCAN_LIMIT = 100_000


def _many(n: int) -> str:
    return f"{n:,}" if n < 10**12 else f"{n:.3e}"


def _shown(wanted: Any) -> str:
    if isinstance(wanted, str):
        return quote(wanted)
    text = repr(wanted)
    return text if len(text) <= 60 else text[:57] + "..."


def _by_index(text: str, size: int, what: str) -> int:
    """``#N``: the option at index ``N``, counted from 0 as the traces show it."""
    index = parse_int(text, what)
    if not 0 <= index < size:
        raise UsageError(
            _SAID["index"].format(what=what, index=index, last=size - 1, n=_many(size))
        )
    return index


def _allowed(options: Sequence[Any]) -> Text:
    """What a choice allows, in a few words (never a long list)."""
    size = option_count(options)
    if isinstance(options, range) and options.step == 1 and size > 1:
        return _SAID["whole"].format(low=options.start, high=options.stop - 1)
    if size <= 8:
        listed = ", ".join(describe_value(o) for o in options)
        if len(listed) <= 120:
            return _SAID["one of"].format(listed=listed)
    return _SAID["one of many"].format(n=_many(size), last=size - 1)


def _order_index(options: Permutations, wanted: Any, what: str) -> int:
    """The index of the order ``wanted`` among ``options``, or an error naming what is wrong."""
    items = options.items
    cards = bool(items) and all(isinstance(x, Card) for x in items)
    if isinstance(wanted, str):
        what = f"{what}={quote(wanted)}"
    if isinstance(wanted, str):
        text = normalise(wanted)
        try:
            given: list[Any] = list(parse_cards(text)) if cards else split_items(text)
        except NotationError as exc:
            raise UsageError(_SAID["notation"].format(what=what, error=exc.text)) from None
    else:
        given = list(wanted)
    allowed = (
        _SAID["order of cards"].format(n=len(items))
        if cards or len(items) > 8
        else _SAID["order of"].format(items=" ".join(describe_value(x) for x in items))
    )
    matched: list[Any] = []
    for want in given:
        item = next((x for x in items if _same(x, want)), None)
        if item is None:
            shown = str(want) if isinstance(want, Card) else repr(want)
            raise UsageError(_SAID["not an item"].format(what=what, value=shown, allowed=allowed))
        if item in matched:
            said = _SAID["repeated"].format(what=what, value=describe_value(item), allowed=allowed)
            raise UsageError(said)
        matched.append(item)
    if len(matched) != len(items):
        missing: Text | str = " ".join(describe_value(x) for x in items if x not in matched)
        if len(items) - len(matched) > 8:
            missing = _SAID["of them"].format(n=len(items) - len(matched))
        said = _SAID["missing"].format(
            what=what, given=len(matched), needed=len(items), missing=missing, allowed=allowed
        )
        raise UsageError(said)
    return options.index_of(matched, lambda a, b: a == b)


def split_items(value: Any) -> list[Any]:
    """An order given on the command line (``CHSD``, ``♣ ♥ ♠ ♦``, ``梅花红桃``) as its items."""
    if isinstance(value, str):
        return ORDER_ITEM.findall(normalise(value))
    return list(value)


def _same(option: Any, wanted: Any) -> bool:
    if option == wanted:
        return True
    if isinstance(wanted, str):
        text = normalise(wanted).strip()
        if isinstance(option, bool):
            return text.lower() in (("true", "yes", "1") if option else ("false", "no", "0"))
        if isinstance(option, int):
            try:
                return parse_int(text, "value") == option
            except UsageError:
                return False
        if isinstance(option, Card):
            try:
                return Card(text) == option
            except NotationError:
                return False
        return text.upper() == describe_value(option).upper() or suit_letter(text) == option
    return False


class HypothesisChooser:
    """Lets hypothesis make every free choice of a performance (and shrink them on failure)."""

    def __init__(self, data: Any) -> None:
        self.draw = data.draw

    def pick(self, kind: str, name: str, options: Any) -> int:
        size = option_count(options)
        from hypothesis import strategies as st

        index: int = self.draw(st.integers(0, size - 1), label=f"{kind} {name}")
        return index


def describe_value(value: Any, lang: str = "en") -> str:
    """A choice's value as text in ``lang``: cards by notation, orders joined, a move (a
    riffle's runs) as the move describes itself, bilingual text in ``lang``, the rest by str."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return " ".join(describe_value(v, lang) for v in value)
    describe = getattr(value, "describe", None)
    if callable(describe):
        return str(describe(lang))
    if isinstance(value, Text):
        return value.get(lang)
    return str(value)
