"""The pieces of a routine file: where a thing is written, the errors that name it, the texts
(``English | 中文``), the templates (``Cut left spectator {cut}``) and the expressions
(``size of spectator - 1``) a file writes values with.

Expressions are whole numbers, names (a parameter, a choice, a value remembered, a counter),
``size of PLACE``, ``top card of PLACE``, ``bottom card of PLACE``, ``card N of PLACE`` (the
card with ``N`` cards above it), ``position of CARD in PLACE`` (0 the top card, -1 not there),
``CARD in PLACE`` (whether it lies there), ``RANKS of NAME`` (the
Queens of a suit order: ``Queens of queens``), ``alternate(a, b, …)`` (cards taken in turn
from orders), ``max(a, b)``, ``min(a, b)``, with ``+ - * / %`` (``/`` divides whole numbers),
comparisons (``== != < <= > >=``) and ``and``, ``or``, ``not``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from conjure.deck.cards import CARDS, Card
from conjure.errors import UsageError
from conjure.text import Text


@attrs.frozen
class Where:
    """A place in a routine file: its name, the line and the column (both from 1)."""

    file: str
    line: int
    column: int = 1

    def at(self, offset: int) -> Where:
        return Where(self.file, self.line, self.column + offset)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class RoutineFileError(UsageError):
    """A routine file that cannot be read: one line naming the file, the line and the column,
    what is wrong there and what is allowed (exit 2)."""

    def __init__(self, where: Where, message: str | Text) -> None:
        said = Text.of(message)
        self.where = where
        self.reason = said
        super().__init__(Text(f"{where}: {said.en}", zh=f"{where}：{said.get('zh')}"))


def fail(where: Where, en: str, zh: str) -> RoutineFileError:
    return RoutineFileError(where, Text(en, zh=zh))


# -- texts -------------------------------------------------------------------------------------


def text_of(written: str) -> tuple[str, str]:
    """``English | 中文`` as its two languages (the Chinese may be left out)."""
    en, _, zh = written.partition(" | ")
    return en.strip(), zh.strip()


# -- expressions -------------------------------------------------------------------------------

#: what a name means while a performance runs: the step's own values, the counters of the
#: loops it is in, the values remembered (``p.values``), the routine's parameters
Env = Callable[[str], Any]


@attrs.frozen
class Expr:
    """A written expression: its tree (tuples), and where it was written."""

    tree: Any
    where: Where
    text: str

    def value(self, env: Env, perf: Any) -> Any:
        try:
            return _evaluate(self.tree, env, perf)
        except RoutineFileError:
            raise
        except (TypeError, ValueError, ZeroDivisionError, IndexError) as exc:
            raise fail(
                self.where,
                f"{self.text!r} cannot be worked out here ({exc})",
                f"这里无法算出 {self.text!r}（{exc}）",
            ) from None

    def names(self) -> Iterator[str]:
        """The names it reads."""
        yield from _names(self.tree)


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)|(?P<op>==|!=|<=|>=|[-+*/%()<>,])|(?P<name>[^\W\d][\w.·]*))",
    re.UNICODE,
)
_RANK_WORDS = {
    "aces": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7,
    "eights": 8, "nines": 9, "tens": 10, "jacks": 11, "queens": 12, "kings": 13,
}  # fmt: skip
_FUNCTIONS = {"max", "min", "alternate"}
_PRECEDENCE = {
    "or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "in": 4,
    "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
}  # fmt: skip


def expression(text: str, where: Where) -> Expr:
    """Read an expression (see the module's docstring); an error names the column."""
    tokens = _tokens(text, where)
    parser = _Parser(tokens, text, where)
    tree = parser.expr(0)
    if parser.at < len(tokens):
        col, _kind, word = tokens[parser.at]
        raise fail(
            where.at(col),
            f"{word!r} is not understood after {text[:col].strip()!r}",
            f"{text[:col].strip()!r} 之后的 {word!r} 无法理解",
        )
    return Expr(tree, where, text.strip())


def _tokens(text: str, where: Where) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    at = 0
    while at < len(text):
        if text[at:].strip() == "":
            break
        found = _TOKEN.match(text, at)
        if not found or found.end() == at:
            col = at + len(text[at:]) - len(text[at:].lstrip())
            raise fail(
                where.at(col),
                f"{text[col]!r} has no meaning in an expression (numbers, names, + - * / %, "
                "comparisons, and, or, not, size of PLACE …)",
                f"表达式中不能用 {text[col]!r}（可用数字、名称、+ - * / %、比较、and、or、not、"
                "size of 位置 ……）",
            )
        kind = found.lastgroup or ""
        word = found.group(kind)
        out.append((found.start(kind), kind, word))
        at = found.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[int, str, str]], text: str, where: Where) -> None:
        self.tokens = tokens
        self.text = text
        self.where = where
        self.at = 0

    def peek(self) -> tuple[int, str, str] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> tuple[int, str, str]:
        token = self.peek()
        if token is None:
            raise fail(
                self.where.at(len(self.text)),
                f"{self.text.strip()!r} ends too soon",
                f"{self.text.strip()!r} 不完整",
            )
        self.at += 1
        return token

    def expect(self, word: str) -> None:
        col, _kind, got = self.take()
        if got != word:
            raise fail(self.where.at(col), f"{word!r} expected, not {got!r}",
                       f"这里应为 {word!r}，不是 {got!r}")  # fmt: skip

    def expr(self, level: int) -> Any:
        left = self.unary()
        while True:
            token = self.peek()
            if token is None or token[2] not in _PRECEDENCE or _PRECEDENCE[token[2]] <= level:
                return left
            self.take()
            if token[2] == "in":  # a card in a place
                _col, _kind, place = self.take()
                left = ("in", left, place)
                continue
            right = self.expr(_PRECEDENCE[token[2]])
            left = (token[2], left, right)

    def unary(self) -> Any:
        col, kind, word = self.take()
        if word == "not":
            return ("not", self.expr(3))
        if word == "-":
            return ("neg", self.unary())
        if word == "(":
            inner = self.expr(0)
            self.expect(")")
            return inner
        if kind == "num":
            return ("num", int(word))
        if kind != "name":
            raise fail(self.where.at(col), f"{word!r} cannot begin a value here",
                       f"{word!r} 不能作为一个值的开头")  # fmt: skip
        following = self.peek()
        if word in ("size", "top", "bottom") and following and following[2] in ("of", "card"):
            if word != "size":
                self.expect("card")
            self.expect("of")
            col2, kind2, place = self.take()
            if kind2 != "name":
                raise fail(self.where.at(col2), f"{place!r} is not a place",
                           f"{place!r} 不是位置")  # fmt: skip
            return (word, place)
        after = self.tokens[self.at + 1][2] if self.at + 1 < len(self.tokens) else ""
        if (
            word == "card"
            and following
            and (following[1] == "num" or (following[1] == "name" and after == "of"))
        ):
            number = self.expr(5)  # "card 10 of left": the card with so many above it
            self.expect("of")
            col2, kind2, place = self.take()
            return ("cardat", number, place)
        if word == "position" and following and following[2] == "of":
            self.take()
            card = self.expr(4)  # the card, then "in PLACE"
            self.expect("in")
            col2, kind2, place = self.take()
            return ("position", card, place)
        if word.lower() in _RANK_WORDS and following and following[2] == "of":
            self.take()
            col2, kind2, name = self.take()
            return ("ranks", _RANK_WORDS[word.lower()], name)
        if word in _FUNCTIONS and following and following[2] == "(":
            self.take()
            args = [self.expr(0)]
            while self.peek() and self.peek()[2] == ",":  # type: ignore[index]
                self.take()
                args.append(self.expr(0))
            self.expect(")")
            return ("call", word, tuple(args))
        if word in ("true", "false"):
            return ("num", int(word == "true"))
        if word == "the" and following and following[2] == "rest":  # the rest of N cards
            self.take()
            self.expect("of")
            col2, kind2, n = self.take()
            if kind2 != "num":
                raise fail(self.where.at(col2), f"the rest of how many cards, not {n!r}",
                           f"其余的牌：应为张数，不是 {n!r}")  # fmt: skip
            self.expect("cards")
            return ("rest", int(n))
        return ("name", word)


def _names(tree: Any) -> Iterator[str]:
    if not isinstance(tree, tuple):
        return
    if tree[0] == "name":
        yield tree[1]
    elif tree[0] == "ranks":
        yield tree[2]
    for part in tree[1:]:
        if isinstance(part, tuple):
            yield from _names(part)


_SUITS = "SHCD"


def _evaluate(tree: Any, env: Env, perf: Any) -> Any:
    op = tree[0]
    if op == "num":
        return tree[1]
    if op == "rest":  # filled in by the set-up, which knows what the rest is
        return env("\0rest")
    if op == "name":
        return env(tree[1])
    if op == "size":
        return perf.state.size(tree[1])
    if op in ("top", "bottom"):
        cards = perf.state.cards(tree[1])
        if not cards:
            raise ValueError(f"the {tree[1]} holds no card")
        return cards[0] if op == "top" else cards[-1]
    if op == "cardat":  # the card with so many cards above it
        return perf.state.cards(tree[2])[_evaluate(tree[1], env, perf)]
    if op == "in":
        return _evaluate(tree[1], env, perf) in perf.state.cards(tree[2])
    if op == "position":  # where a card lies, 0 the top card (-1: not there)
        card = _evaluate(tree[1], env, perf)
        cards = perf.state.cards(tree[2])
        return cards.index(card) if card in cards else -1
    if op == "ranks":  # the cards of a rank, in a suit order: "Queens of queens"
        suits = env(tree[2])
        return tuple(CARDS[_SUITS.index(s) * 13 + tree[1] - 1] for s in suits)
    if op == "call":
        args = [_evaluate(a, env, perf) for a in tree[2]]
        if tree[1] == "max":
            return max(args)
        if tree[1] == "min":
            return min(args)
        return tuple(c for group in zip(*args, strict=True) for c in group)  # alternate
    if op == "not":
        return not _evaluate(tree[1], env, perf)
    if op == "neg":
        return -_evaluate(tree[1], env, perf)
    a = _evaluate(tree[1], env, perf)
    if op == "and":
        return a and _evaluate(tree[2], env, perf)
    if op == "or":
        return a or _evaluate(tree[2], env, perf)
    b = _evaluate(tree[2], env, perf)
    return _BINARY[op](a, b)


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a // b,
    "%": lambda a, b: a % b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


# -- templates ---------------------------------------------------------------------------------


@attrs.frozen
class Template:
    """A text with values in braces: ``Cut left spectator {cut}``, ``pair{i}``, ``③{·r}``
    (``·r``: a middle dot and the counter ``r``, unless its loop runs once)."""

    parts: tuple[str | Expr | tuple[str, str], ...]
    where: Where

    def render(self, env: Env, perf: Any, loops: Callable[[str], tuple[int, int]]) -> str:
        out: list[str] = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, tuple):  # ("·", name)
                value, runs = loops(part[1])
                out.append("" if runs < 2 else f"·{value}")
            else:
                out.append(written(part.value(env, perf)))
        return "".join(out)

    @property
    def plain(self) -> str:
        """The text with its values left out (``pick{r}`` -> ``pick``)."""
        return "".join(p for p in self.parts if isinstance(p, str))

    def names(self) -> Iterator[str]:
        for part in self.parts:
            if isinstance(part, Expr):
                yield from part.names()


def template(text: str, where: Where) -> Template:
    parts: list[str | Expr | tuple[str, str]] = []
    at = 0
    for found in re.finditer(r"\{([^{}]*)\}", text):
        if found.start() > at:
            parts.append(text[at : found.start()])
        inner = found.group(1).strip()
        if not inner:
            raise fail(where.at(found.start()), "empty braces: write a value inside them",
                       "空的大括号：里面要写一个值")  # fmt: skip
        if inner.startswith("·"):
            parts.append(("·", inner[1:].strip()))
        else:
            parts.append(expression(found.group(1), where.at(found.start(1))))
        at = found.end()
    if at < len(text):
        parts.append(text[at:])
    rest = "".join(p for p in parts if isinstance(p, str))
    if "{" in rest or "}" in rest:
        col = text.find("{") if "{" in rest else text.find("}")
        raise fail(where.at(max(col, 0)), "a brace without its pair", "大括号不成对")
    return Template(tuple(parts), where)


def written(value: Any) -> str:
    """A value as it is written into a move or a layout: cards by their letters."""
    if isinstance(value, Card):
        return value.ascii
    if isinstance(value, tuple):
        return " ".join(written(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
