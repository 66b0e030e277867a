"""Text for people as a value: English always, Chinese where given, any other language by code.

Steps, moves, claims, rule notes and messages carry a :class:`Text` and pick a language when
they are shown, instead of branching on the language where they are written::

    >>> t = Text("deal {n} cards", zh="发{n}张牌")
    >>> t.format(n=3).get("zh"), t.format(n=3).get("en"), t.format(n=3).get("fr")
    ('发3张牌', 'deal 3 cards', 'deal 3 cards')
    >>> str(Text.of("plain English"))
    'plain English'

A language without a translation falls back to English, so an English-only routine or game is
complete as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

#: the languages conjure's own words are written in; plugins may add others
LANGUAGES = ("en", "zh")
DEFAULT_LANGUAGE = "en"


def _pairs(value: Mapping[str, str] | tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), str(v)) for k, v in items))


class Text:
    """One piece of text in several languages; ``en`` is required, the rest optional. A value:
    immutable, equal and hashed by its languages.

    Written by hand rather than with attrs, like every class the listings need: every command
    imports this module, and attrs with the code it generates for a class costs more than the
    rest of ``conjure --version``."""

    __slots__ = ("en", "more", "zh")

    en: str
    zh: str
    #: further languages as ``(code, text)`` pairs, e.g. ``(("fr", "…"),)``
    more: tuple[tuple[str, str], ...]

    def __init__(
        self, en: str, zh: str = "", more: Mapping[str, str] | tuple[tuple[str, str], ...] = ()
    ) -> None:
        set_ = object.__setattr__
        set_(self, "en", en)
        set_(self, "zh", zh)
        set_(self, "more", _pairs(more) if more else ())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Text cannot be changed (its {name!r} was set)")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Text cannot be changed (its {name!r} was deleted)")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Text)
        return (self.en, self.zh, self.more) == (other.en, other.zh, other.more)

    def __hash__(self) -> int:
        return hash((Text, self.en, self.zh, self.more))

    def __repr__(self) -> str:
        return f"Text(en={self.en!r}, zh={self.zh!r}, more={self.more!r})"

    def __reduce__(self) -> tuple[type[Text], tuple[str, str, tuple[tuple[str, str], ...]]]:
        return (Text, (self.en, self.zh, self.more))

    @classmethod
    def of(cls, value: Text | str, zh: str = "") -> Text:
        """``value`` itself if it is a :class:`Text`, else English text (with ``zh`` if given)."""
        return value if isinstance(value, Text) else cls(str(value), zh)

    def get(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The text in ``lang``, or in English where it has no translation."""
        if lang == "zh":
            return self.zh or self.en
        if lang != "en":
            for code, text in self.more:
                if code == lang:
                    return text
        return self.en

    def has(self, lang: str) -> bool:
        """Whether a translation into ``lang`` was written (English always is)."""
        return (
            lang == "en" or (lang == "zh" and bool(self.zh)) or any(c == lang for c, _ in self.more)
        )

    def format(self, **values: Any) -> Text:
        """Every language's template filled with the same ``values`` (``str.format`` fields); a
        value that is itself a :class:`Text` gives each language its own words.

        >>> Text("in the {place}", zh="在{place}").format(place=Text("left hand", zh="左手")).zh
        '在左手'
        """

        def fill(template: str, lang: str) -> str:
            return template.format(
                **{k: v.get(lang) if isinstance(v, Text) else v for k, v in values.items()}
            )

        return Text(
            fill(self.en, "en"),
            fill(self.zh, "zh") if self.zh else "",
            tuple((code, fill(text, code)) for code, text in self.more),
        )

    def __add__(self, other: Text | str) -> Text:
        """Two texts joined language by language."""
        other = Text.of(other)
        langs = {c for c, _ in self.more} | {c for c, _ in other.more}
        return Text(
            self.en + other.en,
            self.get("zh") + other.get("zh") if (self.zh or other.zh) else "",
            tuple((c, self.get(c) + other.get(c)) for c in sorted(langs)),
        )

    def join(self, parts: Iterable[Text | str]) -> Text:
        """``parts`` joined language by language with this text between them (``str.join``).

        >>> Text("; ", zh="；").join([Text("a", zh="甲"), "b"]).zh
        '甲；b'
        """
        said = Text("")
        for i, part in enumerate(parts):
            said = said + self + part if i else said + part
        return said

    def __str__(self) -> str:
        return self.en

    def to_json(self) -> dict[str, str]:
        """``{"en": …, "zh": …, …}`` with the languages that were written."""
        out = {"en": self.en}
        if self.zh:
            out["zh"] = self.zh
        out.update(self.more)
        return out
