"""Routines written as plain text: a routine file reads like a book's page, and verifies,
rehearses, draws and drills as a Python routine does.

The grammar is in ``docs/routine-files.md``; in short, a file is a header (``routine:``,
``name:``, ``source:``, ``summary:``, ``setup:``, ``param``, ``alike:``, ``example``), then the
routine line by line (``start``, ``step``, ``choose``, ``arrange``, ``shuffle``, ``do``,
``show``, ``reveal``, ``secretly``, ``believe``, ``forget``, ``note``, ``let``, ``remember``,
``repeat``, ``if``/``else``), then its claims (``claim``). Everything a person writes is read
when the file is read, and every mistake is one line naming the file, the line and the column
(:class:`~conjure.magic.files.syntax.RoutineFileError`, exit 2).

:func:`load_routine` reads a file, :func:`read_routine` a text, and :func:`register_directory`
registers every ``*.routine`` file of a folder from a plugin's ``register_routines`` hook.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs

from conjure.deck.cards import parse_cards
from conjure.deck.notation import packet_codes, parse_move
from conjure.deck.places import check_place
from conjure.errors import ConjureError
from conjure.magic import file_names
from conjure.magic.abstraction import Abstraction
from conjure.magic.beliefs import cards_end_in, hands_empty
from conjure.magic.files import program as code
from conjure.magic.files.syntax import (
    Expr,
    RoutineFileError,
    Where,
    expression,
    fail,
    template,
    text_of,
)
from conjure.magic.routine import Claim, Param, Routine
from conjure.magic.vocabulary import (
    GROUP_TESTS,
    alike_but,
    alike_by_colour,
    alike_by_rank,
    alike_by_suit,
    each_shows,
    pattern,
    rank_of,
    ranks_shown,
    shows_count,
    shows_only,
)
from conjure.text import Text

__all__ = ["RoutineFileError", "load_routine", "read_routine", "register_directory"]

SUFFIX = file_names.SUFFIX
is_routine_file = file_names.is_routine_file


#: a place of a set-up: its name, what it holds top first, where its break is
_Place = tuple[str, tuple[Any, ...], int | None]


@attrs.frozen
class _Line:
    where: Where
    indent: int
    text: str


def _lines(text: str, file: str) -> list[_Line]:
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.replace("\t", "    ").rstrip()
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        out.append(_Line(Where(file, number, indent + 1), indent, stripped))
    return out


def load_routine(path: str | Path) -> Routine:
    """The routine of a file."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise fail(Where(str(path), 1), f"cannot be read ({exc.strerror or exc})",
                   f"无法读取（{exc.strerror or exc}）") from None  # fmt: skip
    except UnicodeDecodeError:
        raise fail(Where(str(path), 1), "is not UTF-8 text", "不是 UTF-8 文本") from None
    return read_routine(text, str(path))


def read_routine(text: str, file: str = "<routine>") -> Routine:
    """The routine a routine file's text writes."""
    return _Reader(_lines(text, file), file).routine()


def register_directory(register: Callable[[Any], None], directory: str | Path) -> None:
    """Register every routine file of ``directory`` (a plugin's ``register_routines`` hook
    calls this with its own folder of ``*.routine`` files)."""
    for path in sorted(Path(directory).glob(f"*{SUFFIX}")):
        register(load_routine(path))


# -- reading -----------------------------------------------------------------------------------

_HEADER = ("routine", "name", "source", "summary", "setup", "notes")
_BODY = (
    "start", "step", "choose", "perform", "arrange", "shuffle", "do", "show", "reveal",
    "secretly", "believe", "forget", "note", "patter", "impression", "effect", "let",
    "remember", "repeat", "if", "else",
)  # fmt: skip
_NAME = re.compile(r"^[^\W\d][\w-]*$")


class _Reader:
    def __init__(self, lines: list[_Line], file: str) -> None:
        self.lines = lines
        self.file = file
        self.at = 0
        self.header: dict[str, tuple[str, str]] = {}
        self.params: list[Param] = []
        self.example: dict[str, str] = {}
        self.alike: Abstraction | None = None
        self.instructions: list[Any] = []
        self.claims: list[Claim] = []
        self.started = False
        self.steps = 0

    def routine(self) -> Routine:
        start = Where(self.file, 1)
        if not self.lines:
            raise fail(start, "is empty: a routine file begins with 'routine: ID'",
                       "是空的：流程文件以 'routine: 编号' 开头")  # fmt: skip
        self._header()
        self._block(0)
        self._claims()
        if "routine" not in self.header:
            raise fail(start, "has no 'routine: ID' line", "没有 'routine: 编号' 这一行")
        if not self.steps:
            raise fail(start, "has no step: write 'step ①: what the performer does'",
                       "没有步骤：请写 'step ①: 表演者做什么'")  # fmt: skip
        if not self.claims:
            raise fail(start, "states no claim: write 'claim ID: what the effect is'",
                       "没有结论：请写 'claim 编号: 效果是什么'")  # fmt: skip
        get = self.header.get
        name_en, name_zh = get("name", ("", ""))
        program = code.Program(tuple(self.instructions), self.file)
        return Routine(
            id=get("routine", ("", ""))[0],
            name_zh=name_zh,
            name_en=name_en,
            source=get("source", ("", ""))[0],
            source_zh=get("source", ("", ""))[1],
            summary_en=get("summary", ("", ""))[0],
            summary_zh=get("summary", ("", ""))[1],
            setup_en=get("setup", ("", ""))[0],
            setup_zh=get("setup", ("", ""))[1],
            script=code.script_of(program),
            claims=tuple(self.claims),
            params=tuple(self.params),
            notes=get("notes", ("", ""))[0],
            example=dict(self.example),
            interchangeable=self.alike,
        )

    # -- the header ----------------------------------------------------------------------------

    def _header(self) -> None:
        while self.at < len(self.lines):
            line = self.lines[self.at]
            word = line.text.split(None, 1)[0].rstrip(":")
            if word in _BODY or word == "claim":
                return
            self.at += 1
            if line.indent:
                raise self._unknown(line, "a header line (routine:, name:, param …)")
            if word == "param":
                self._param(line)
            elif word == "example":
                name, _, value = line.text[len("example") :].partition("=")
                self.example[name.strip()] = value.strip()
            elif word == "alike":
                self.alike = self._alike(line)
            elif word in _HEADER:
                key, _, value = line.text.partition(":")
                if not value.strip():
                    raise fail(line.where, f"{key.strip()}: what? (nothing after the colon)",
                               f"{key.strip()}：冒号后面什么也没有")  # fmt: skip
                if word == "routine":
                    rid = value.strip()
                    if not _NAME.match(rid):
                        raise fail(line.where.at(len(key) + 2), f"{rid!r} is not an id "
                                   "(letters, digits and -, a letter first)",
                                   f"{rid!r} 不是编号（字母、数字和 -，以字母开头）")  # fmt: skip
                    self.header[word] = (rid, "")
                else:
                    self.header[word] = text_of(value)
            else:
                raise self._unknown(
                    line,
                    "routine:, name:, source:, summary:, setup:, param, "
                    "alike:, example, or the routine itself (start, step …)",
                )

    def _param(self, line: _Line) -> None:
        found = re.match(
            r"param\s+(\S+)\s*=\s*(-?\d+)\s+from\s+(-?\d+)\s+to\s+(-?\d+)(\s+design)?\s*(?::(.*))?$",
            line.text,
        )
        if not found:
            raise fail(
                line.where,
                "a parameter is written 'param NAME = DEFAULT from LOW to HIGH: what it is'",
                "参数写作 'param 名称 = 默认 from 最小 to 最大: 说明'",
            )
        name, default, low, high, design, words = found.groups()
        en, zh = text_of(words or "")
        if not int(low) <= int(default) <= int(high):
            raise fail(
                line.where,
                f"parameter {name}: the default {default} is not from {low} to {high}",
                f"参数 {name}：默认值 {default} 不在 {low} 到 {high} 之间",
            )
        self.params.append(Param(name, int(default), int(low), int(high), en, zh, bool(design)))

    def _alike(self, line: _Line) -> Abstraction:
        how = line.text.partition(":")[2].strip()
        if how == "by colour":  # red first, as the cards are named
            return alike_by_colour(code.ITEMS["red cards"] + code.ITEMS["black cards"])
        if how == "by suit":
            return alike_by_suit(_DECK)
        found = re.match(r"by rank of (.+)$", how)
        if found:
            return alike_by_rank(self._cards(found.group(1), line, line.text.index(found.group(1))))
        found = re.match(r"(\S+)s apart from the rest$", how)
        if found:
            return alike_but(self._rank(found.group(1), line), _DECK)
        raise fail(line.where, f"alike: {how!r}? write 'by colour', 'by suit', 'by rank of "
                   "CARDS' or 'RANKs apart from the rest'",
                   f"alike：{how!r}？请写 'by colour'、'by suit'、'by rank of 牌' 或 "
                   "'点数s apart from the rest'")  # fmt: skip

    # -- the routine ----------------------------------------------------------------------------

    def _block(self, indent: int) -> None:
        """Statements at ``indent``, until a line less indented or the claims."""
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if line.indent < indent or line.text.startswith("claim"):
                return
            if line.indent > indent:
                raise fail(line.where, "this line is indented, but no statement above opens a "
                           "block (repeat, if, else)", "这一行缩进了，但上面没有开始一个块的语句"
                           "（repeat、if、else）")  # fmt: skip
            self.at += 1
            self._statement(line)

    def _statement(self, line: _Line) -> None:
        word = line.text.split(None, 1)[0].rstrip(":")
        rest = line.text[len(word) :].lstrip(": ").strip() if word != "else" else ""
        where = line.where.at(line.text.find(rest) if rest else len(word))
        if (
            word != "start"
            and word in ("do", "show", "reveal", "secretly", "believe")
            and not (self.started)
        ):
            raise fail(line.where, f"'{word}' before the cards are set up: write 'start LAYOUT' "
                       "first", f"在摆好牌之前用了 '{word}'：请先写 'start 布局'")  # fmt: skip
        if word == "start":
            self.started = True
            self._emit(code.Start(self._layout(rest, where), line.where))
        elif word == "step":
            self._step(line, rest, where)
        elif word in ("choose", "perform"):
            self._choose(word, rest, where, line)
        elif word == "arrange":
            self._arrange(rest, where, line)
        elif word == "shuffle":
            self._shuffle(rest, where, line)
        elif word in ("do", "show", "reveal", "secretly"):
            self._moves(word, rest, where, line)
        elif word == "believe":
            self._believe(rest, where, line)
        elif word == "forget":
            places = tuple(self._place(p.strip(), line) for p in rest.split(",") if p.strip())
            self._emit(code.Forget(places))
        elif word in ("note", "patter", "impression", "effect"):
            en, zh = text_of(rest)
            self._emit(code.Note(en, zh, word))
        elif word in ("let", "remember"):
            name, eq, value = rest.partition("=")
            if not eq or not _NAME.match(name.strip()):
                raise fail(where, f"write '{word} NAME = VALUE'", f"请写 '{word} 名称 = 值'")
            self._emit(code.Let(name.strip(), self._expr(value, line), word == "remember"))
        elif word == "repeat":
            self._repeat(rest, where, line)
        elif word == "if":
            self._if(rest, where, line)
        elif word == "else":
            raise fail(line.where, "'else' without an 'if' just above it",
                       "'else' 上面没有对应的 'if'")  # fmt: skip
        else:
            raise self._unknown(
                line,
                "start, step, choose, perform, arrange, shuffle, do, show, "
                "reveal, secretly, believe, forget, note, patter, impression, effect, "
                "let, remember, repeat, if, else, claim",
            )

    def _emit(self, instruction: Any) -> int:
        self.instructions.append(instruction)
        return len(self.instructions) - 1

    def _step(self, line: _Line, rest: str, where: Where) -> None:
        label_text, colon, words = rest.partition(":")
        if not colon or not label_text.strip():
            raise fail(where, "a step is written 'step LABEL: what the performer does'",
                       "步骤写作 'step 编号: 表演者做什么'")  # fmt: skip
        en, zh = text_of(words)
        notes: list[tuple[str, str]] = []
        while self.at < len(self.lines) and self.lines[self.at].indent > line.indent:
            more = self.lines[self.at]
            key, colon2, value = more.text.partition(":")
            if key.strip() not in ("en", "zh", "say") or not colon2:
                break
            self.at += 1
            if key.strip() == "en":
                en = f"{en} {value.strip()}".strip()
            elif key.strip() == "zh":
                zh = f"{zh}{value.strip()}"
            else:
                notes.append(text_of(value))
        self.steps += 1
        label = template(label_text.strip(), where)
        self._emit(code.Step(label, en, zh, tuple(notes), line.where))
        if self.at < len(self.lines) and self.lines[self.at].indent > line.indent:
            self._block(self.lines[self.at].indent)  # the step's moves, written under it

    def _choose(self, kind: str, rest: str, where: Where, line: _Line) -> None:
        found = re.match(r"(\S+)\s+from\s+(.+?)\s+to\s+(.+?)\s*(?::(.*))?$", rest)
        if not found:
            raise fail(where, f"write '{kind} NAME from FIRST to LAST: what it is'",
                       f"请写 '{kind} 名称 from 最小 to 最大: 说明'")  # fmt: skip
        name, first, last, words = found.groups()
        en, zh = text_of(words or "")
        self._emit(
            code.Choose(
                "spectator" if kind == "choose" else "performer",
                template(name, where),
                self._expr(first, line, line.text.find(first, line.text.find(" from "))),
                self._expr(last, line, line.text.rfind(last)),
                en,
                zh,
                line.where,
            )
        )

    def _arrange(self, rest: str, where: Where, line: _Line) -> None:
        found = re.match(r"(\S+)\s+as\s+an?\s+order\s+of\s+(.+?)\s*:(.*)$", rest)
        if not found:
            raise fail(where, "write 'arrange NAME as an order of ITEMS: what it is'",
                       "请写 'arrange 名称 as an order of 项目: 说明'")  # fmt: skip
        name, items_text, words = found.groups()
        en, zh = text_of(words)
        first: Expr | None = None
        leading = re.match(r"the first (\{[^}]*\}|\d+) (.+)$", items_text)
        if leading:
            count = leading.group(1).strip("{}")
            first = self._expr(count, line, line.text.find(count))
            items_text = leading.group(2)
        items = self._items(items_text, line)
        self._emit(code.Arrange(name, items, first, en, zh, line.where))

    def _items(self, text: str, line: _Line) -> tuple[Any, ...]:
        text = text.strip()
        if text in code.ITEMS:
            return code.ITEMS[text]
        deck = re.match(r"a (\d+)-card deck$", text)
        if deck:
            return tuple(_full(int(deck.group(1))))
        suits = re.match(r"the suits (.+)$", text)
        if suits:
            letters = tuple(suits.group(1).split())
            if not letters or any(s not in "SHCD" or len(s) != 1 for s in letters):
                raise fail(line.where.at(line.text.find(suits.group(1))), "suits are written "
                           "S H C D", "花色写作 S H C D")  # fmt: skip
            return letters
        return self._cards(text, line, line.text.find(text))

    def _shuffle(self, rest: str, where: Where, line: _Line) -> None:
        found = re.match(r"(\S+)\s+by\s+riffling\s+(\S+?),\s*top\s+(.+?)\s*:(.*)$", rest)
        if not found:
            raise fail(where, "write 'shuffle NAME by riffling PLACE, top N: what it is' (the top "
                       "N cards riffled into the rest)", "请写 'shuffle 名称 by riffling 位置, "
                       "top 张数: 说明'")  # fmt: skip
        name, place, top, words = found.groups()
        en, zh = text_of(words)
        top_expr = self._expr(top, line, line.text.find(top, line.text.find("top")))
        self._emit(code.Shuffle(name, self._place(place, line), top_expr, en, zh, line.where))

    def _moves(self, purpose: str, rest: str, where: Where, line: _Line) -> None:
        if not rest:
            raise fail(where, f"'{purpose}' what? write a move, such as 'Peel left right'",
                       f"'{purpose}' 什么？请写一个动作，例如 'Peel left right'")  # fmt: skip
        moves = template(rest, where)
        fixed = None
        if all(isinstance(part, str) for part in moves.parts):  # read now: errors now
            fixed = tuple(self._move(one, line) for one in rest.split(";") if one.strip())
        self._emit(code.Moves(purpose, moves, line.where, fixed))

    def _move(self, text: str, line: _Line) -> Any:
        try:
            return parse_move(text.strip())
        except ConjureError as exc:
            raise fail(line.where.at(line.text.find(text.strip())), exc.text.en,
                       exc.text.get("zh")) from None  # fmt: skip

    def _believe(self, rest: str, where: Where, line: _Line) -> None:
        head, _, words = rest.partition(":")
        en, zh = text_of(words)
        found = re.match(r"(\S+)\s+holds\s+(.+)$", head.strip())
        if found:
            place = self._place(found.group(1), line)
            n = self._expr(found.group(2), line, line.text.find(found.group(2)))
            self._emit(code.Believe(place, n, "", None, None, en, zh, line.where))
            return
        found = re.match(r"(\S+)\s+is\s+(.+?)(?:,\s*told\s+(\S+))?(?:,\s*backed\s+by\s+(\S+))?$",
                         head.strip())  # fmt: skip
        if not found:
            raise fail(where, "write 'believe PLACE holds N: …' or 'believe PLACE is PATTERN: …' "
                       "(a pattern of ranks top first, such as K* or K* Q*4)",
                       "请写 'believe 位置 holds 张数: …' 或 'believe 位置 is 模式: …'"
                       "（从上到下的点数模式，例如 K* 或 K* Q*4）")  # fmt: skip
        place_text, pattern_text, told, backed = found.groups()
        place = self._place(place_text, line)
        try:
            pattern(pattern_text)
        except ConjureError as exc:
            raise fail(line.where.at(line.text.find(pattern_text)), exc.text.en,
                       exc.text.get("zh")) from None  # fmt: skip
        told_expr = None if told is None else self._expr(told, line, line.text.find(told))
        backed_expr = None if backed is None else self._expr(backed, line, line.text.rfind(backed))
        self._emit(
            code.Believe(place, None, pattern_text, told_expr, backed_expr, en, zh, line.where)
        )

    def _repeat(self, rest: str, where: Where, line: _Line) -> None:
        found = re.match(r"(\S+)\s+from\s+(.+?)\s+to\s+(.+?)\s*:$", rest + (":" if not
                         rest.endswith(":") else ""))  # fmt: skip
        if not found or not line.text.endswith(":"):
            raise fail(where, "write 'repeat NAME from FIRST to LAST:' and the steps under it",
                       "请写 'repeat 名称 from 最小 to 最大:'，下面缩进写要重复的内容")  # fmt: skip
        name, first, last = found.groups()
        at = self._emit(None)
        first_expr = self._expr(first, line, line.text.find(first))
        last_expr = self._expr(last, line, line.text.rfind(last))
        self._body(line)
        end = self._emit(code.EndRepeat(at))
        self.instructions[at] = code.Repeat(name, first_expr, last_expr, end)

    def _if(self, rest: str, where: Where, line: _Line) -> None:
        if not rest.endswith(":"):
            raise fail(where, "write 'if CONDITION:' and what happens under it",
                       "请写 'if 条件:'，下面缩进写要做的事")  # fmt: skip
        condition = self._expr(rest[:-1], line, line.text.find(rest))
        at = self._emit(None)
        self._body(line)
        if (
            self.at < len(self.lines)
            and self.lines[self.at].indent == line.indent
            and (self.lines[self.at].text.rstrip(":") == "else")
        ):
            jump = self._emit(None)
            else_line = self.lines[self.at]
            self.at += 1
            self.instructions[at] = code.If(condition, jump + 1)
            self._body(else_line)
            self.instructions[jump] = code.Jump(len(self.instructions))
        else:
            self.instructions[at] = code.If(condition, len(self.instructions))

    def _body(self, line: _Line) -> None:
        if self.at >= len(self.lines) or self.lines[self.at].indent <= line.indent:
            raise fail(line.where, "nothing under this line: indent what it holds below it",
                       "这一行下面什么也没有：请在下面缩进写出内容")  # fmt: skip
        self._block(self.lines[self.at].indent)

    # -- claims -----------------------------------------------------------------------------

    def _claims(self) -> None:
        while self.at < len(self.lines):
            line = self.lines[self.at]
            self.at += 1
            found = re.match(r"claim\s+(\S+?)(\s+\(optional\))?\s*:(.*)$", line.text)
            if not found or line.indent:
                raise self._unknown(
                    line, "a claim: 'claim ID: what the effect is', and under it what must hold"
                )
            cid, optional, words = found.groups()
            en, zh = text_of(words)
            if self.at >= len(self.lines) or self.lines[self.at].indent <= line.indent:
                raise fail(line.where, f"claim {cid} reads nothing: write under it what must "
                           "hold (hands empty, cards end in …, each of … shows …)",
                           f"结论 {cid} 什么也没检查：请在下面写出必须成立的条件（hands empty、"
                           "cards end in …、each of … shows …）")  # fmt: skip
            condition = self.lines[self.at]
            self.at += 1
            self.claims.append(self._claim(cid, en, zh, not optional, condition))

    def _claim(self, cid: str, en: str, zh: str, promised: bool, line: _Line) -> Claim:
        text = line.text
        if text == "hands empty" or text.startswith("hands empty but "):
            but = self._places(text[len("hands empty but ") :], line) if " but " in text else ()
            return attrs.evolve(hands_empty(but=but, en=en, zh=zh, id=cid), promised=promised)
        if text.startswith("cards end in "):
            places = self._places(text[len("cards end in ") :], line)
            claim = cards_end_in(*places, en=en, zh=zh, id=cid)
            return attrs.evolve(claim, promised=promised)
        found = re.match(r"each of (.+?) shows (.+)$", text)
        if found:
            places = self._places(found.group(1), line)
            what = found.group(2).strip()
            only = re.match(r"only (\S+)s$", what)
            if only:
                rank = self._rank(only.group(1), line)
                return attrs.evolve(shows_only(places, rank, id=cid, en=en, zh=zh),
                                    promised=promised)  # fmt: skip
            counted = re.match(r"(.+) cards$", what)
            if counted:
                count = _Count(self._expr(counted.group(1), line, text.find(counted.group(1))))
                return shows_count(places, count, id=cid, en=en, zh=zh, promised=promised)
            test = GROUP_TESTS.get(what)
            if test is None and re.match(r"[^\W\d]\w*$", what) and len(places) == 1:
                name = what  # a value the routine remembered: "table shows chosen"
                return Claim(cid, en, zh, check=_ShowsValue(places[0], name), promised=promised)
            if test is None:
                ranks = [self._rank(word, line) for word in what.split()]
                test = ranks_shown(ranks)
            return each_shows(places, test, id=cid, en=en, zh=zh, promised=promised)
        raise self._unknown(
            line,
            "hands empty [but PLACES], cards end in PLACES, each of PLACES "
            "shows RANKS | one red and one black | one of each suit | one suit | "
            "only RANKs | N cards",
        )

    # -- pieces -------------------------------------------------------------------------------

    def _expr(self, text: str, line: _Line, column: int = -1) -> Expr:
        at = line.text.find(text.strip()) if column < 0 else column
        return expression(text, line.where.at(max(at, 0)))

    def _layout(
        self, text: str, where: Where
    ) -> tuple[tuple[str, tuple[Any, ...], int | None], ...]:
        """A set-up: ``PLACE: CARDS; PLACE: CARDS``, cards written or in braces, ``/`` a
        break, ``{the rest of N cards}`` the cards of an N-card deck not set out elsewhere."""
        if not text:
            raise fail(where, "start what? write a layout, such as 'left: AS 2S 3S'",
                       "start 什么？请写一个布局，例如 'left: AS 2S 3S'")  # fmt: skip
        places = []
        offset = 0
        for part in re.split(r";(?![^{]*\})", text):
            at = where.at(offset + len(part) - len(part.lstrip()))
            offset += len(part) + 1
            name, colon, content = part.strip().partition(":")
            if not colon:
                raise fail(at, f"{part.strip()!r}: write the place first, as in 'left: AS 2S'",
                           f"{part.strip()!r}：请先写位置，例如 'left: AS 2S'")  # fmt: skip
            place = self._place_at(name.strip(), at)
            items: list[Any] = []
            count = 0
            broken: int | None = None
            column = len(name) + 1
            for found in re.finditer(r"\{[^{}]*\}|\S+", content):
                word = found.group()
                here = at.at(column + found.start())
                if word == "/":
                    broken = count
                elif word.startswith("{"):
                    expr = expression(word[1:-1], here.at(1))
                    if expr.tree[0] == "rest":
                        items.append(expr.tree[1])
                    else:
                        items.append(expr)
                        count += 1  # a break after an order counts it as one: not allowed
                else:
                    try:
                        codes = packet_codes(word)
                    except ConjureError as exc:
                        raise fail(here, exc.text.en, exc.text.get("zh")) from None
                    items.append(bytes(c | (0x40 if up else 0) for c, up in codes))
                    count += len(codes)
            places.append((place, tuple(items), broken))
        return tuple(places)

    def _place_at(self, name: str, where: Where) -> str:
        try:
            return check_place(name)
        except ConjureError as exc:
            raise fail(where, exc.text.en, exc.text.get("zh")) from None

    def _place(self, name: str, line: _Line) -> str:
        try:
            return check_place(name)
        except ConjureError as exc:
            raise fail(line.where.at(max(line.text.find(name), 0)), exc.text.en,
                       exc.text.get("zh")) from None  # fmt: skip

    def _places(self, text: str, line: _Line) -> tuple[str, ...]:
        out: list[str] = []
        for part in text.split(","):
            part = part.strip()
            ranged = re.match(r"(\S*?)(\d+) to (\S*?)(\d+)$", part)
            if ranged and ranged.group(1) == ranged.group(3):
                first, last = int(ranged.group(2)), int(ranged.group(4))
                out.extend(self._place(f"{ranged.group(1)}{i}", line) for i in
                           range(first, last + 1))  # fmt: skip
            elif part:
                out.append(self._place(part, line))
        if not out:
            raise fail(line.where, "which places? name them, such as 'left, spectator'",
                       "哪些位置？请写出来，例如 'left, spectator'")  # fmt: skip
        return tuple(out)

    def _rank(self, word: str, line: _Line) -> int:
        try:
            return rank_of(word)
        except ConjureError as exc:
            raise fail(line.where.at(max(line.text.find(word), 0)), exc.text.en,
                       exc.text.get("zh")) from None  # fmt: skip

    def _cards(self, text: str, line: _Line, column: int) -> tuple[Any, ...]:
        try:
            return parse_cards(text)
        except ConjureError as exc:
            raise fail(line.where.at(max(column, 0)), exc.text.en, exc.text.get("zh")) from None

    def _unknown(self, line: _Line, allowed: str) -> RoutineFileError:
        word = line.text.split(None, 1)[0]
        return fail(line.where, f"{word!r} is not understood here: allowed are {allowed}",
                    f"这里不能理解 {word!r}：可以写 {allowed}")  # fmt: skip


def _full(size: int) -> Iterable[Any]:
    from conjure.deck.cards import full_deck

    return full_deck(size)


_DECK = tuple(_full(52))


_SHOWN = Text(
    "the audience is shown {shown} in the {place}, not {wanted}",
    zh="观众在{place}看到的是{shown}，不是{wanted}",
)
_NOTHING = Text("nothing", zh="什么也没有")


@attrs.frozen
class _ShowsValue:
    """The check of ``each of PLACE shows NAME``: the place shows that one card."""

    place: str
    name: str

    def __call__(self, p: Any) -> Text | None:
        wanted = p.values[self.name]
        shown = p.showing(self.place)
        if shown == (wanted,):
            return None
        from conjure.deck.places import place_text

        return _SHOWN.format(
            shown=" ".join(map(str, shown)) or _NOTHING, place=place_text(self.place), wanted=wanted
        )


@attrs.frozen
class _Count:
    """A count a claim works out from the routine's parameters (``rounds``)."""

    expr: Expr

    def __call__(self, p: Any) -> int:
        return int(self.expr.value(lambda name: p.param(name), p))
