"""Text for a terminal that holds its shape: paragraphs with hanging indents, lines broken
where Chinese and Western punctuation allow, tables whose id column is never cut, and a console
that writes plain text to pipes.

Nothing here knows about cards; the views of hands and table (:mod:`conjure.view.terminal`)
and every command's tables and paragraphs are drawn with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

# -- paragraphs: hanging indents and line breaking that knows Chinese punctuation -------------

#: characters a line never starts with (closing punctuation, Chinese and Western)
NO_LINE_START = frozenset("。，、；：？！）」』》〉】〕〗〙〛”’…·,.;:?!)]}%")
#: characters a line never ends with (opening punctuation)
NO_LINE_END = frozenset("（「『《〈【〔〖〘〚“‘([{")


def break_points(text: str, width: int) -> list[int]:
    """Where to break ``text`` into lines of at most ``width`` cells: the offsets at which new
    lines start. Breaks fall at spaces and between wide (Chinese) characters, never before
    closing punctuation (。，、」…) nor after opening punctuation (「（…); a run with no place to
    break is cut where it must be.

    >>> text = "甲乙丙。丁戊"
    >>> [text[i:j] for i, j in zip([0, *break_points(text, 6)], [*break_points(text, 6), 6])]
    ['甲乙', '丙。丁', '戊']
    """
    width = max(1, width)
    breaks: list[int] = []
    start = 0
    used = 0
    last_ok = -1  # the latest offset after ``start`` where a new line may begin
    i = 0
    while i < len(text):
        ch = text[i]
        if i > start and _may_break(text, i):
            last_ok = i
        w = cell_len(ch)
        if used + w > width and i > start and not ch.isspace():
            start = last_ok if last_ok > start else _forced(text, start, i)
            while start < len(text) and text[start] == " ":
                start += 1
            breaks.append(start)
            i = start
            used = 0
            last_ok = -1
            continue
        used += w
        i += 1
    return [b for b in breaks if b < len(text)]


def _may_break(text: str, i: int) -> bool:
    before, ch = text[i - 1], text[i]
    if before == " ":  # a word starts here (``..`` and ``…3 more…`` included), not a 。
        return ch != " " and not (ch in NO_LINE_START and not ch.isascii() and ch != "…")
    if ch in NO_LINE_START or before in NO_LINE_END or ch == " ":
        return False
    return cell_len(before) > 1 or cell_len(ch) > 1


def _forced(text: str, start: int, i: int) -> int:
    """A cut inside a run with no break: at ``i``, or earlier so as not to start a line with
    closing punctuation (spaces at the start of a line do not count) nor end one with opening
    punctuation."""
    for cut in range(i, start, -1):
        begins = cut
        while begins < len(text) and text[begins] == " ":
            begins += 1
        if begins < len(text) and text[begins] in NO_LINE_START:
            continue
        if text[cut - 1] in NO_LINE_END:
            continue
        return cut
    return i


class Paragraph:
    """Text wrapped to the console's width behind a hanging indent: ``mark`` on the first line
    (a bullet, ``[text]``), as many spaces on the others, with :func:`break_points`."""

    def __init__(self, text: str | Text, mark: str | Text = "") -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.mark = Text(mark) if isinstance(mark, str) else mark

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = self.mark.cell_len
        room = max(1, options.max_width - indent)
        for k, line in enumerate(_wrapped(self.text, room)):
            yield (self.mark if k == 0 else Text(" " * indent)) + line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((cell_len(word) for word in self.text.plain.split()), default=0)
        return Measurement(
            self.mark.cell_len + min(longest, 2), self.mark.cell_len + self.text.cell_len
        )


# -- tables of ids -------------------------------------------------------------------------------

#: the narrowest a column other than the first is squeezed to before the table becomes a list
MIN_COLUMN = 8


class IdTable:
    """A titled table whose first column holds ids people type: never wrapped nor cut. Other
    columns wrap first (at spaces, between Chinese characters, long words folded, never cut to
    ``…``); when even that leaves no room, the rows become a list, the id on a line of its own
    and each other field under it with a hanging indent."""

    def __init__(
        self, title: str, headers: Sequence[str], rows: Sequence[Sequence[str | Text]]
    ) -> None:
        self.title = title
        self.headers = list(headers)
        self.rows = [[Text(c) if isinstance(c, str) else c for c in row] for row in rows]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = max([cell_len(self.headers[0]), *(row[0].cell_len for row in self.rows)])
        # a heavy-edged table: two cells of padding and one rule per column, one rule more
        floors = [max(MIN_COLUMN, cell_len(h)) for h in self.headers[1:]]
        needed = 1 + (key + 3) + sum(floor + 3 for floor in floors)
        if options.max_width >= needed:
            yield self._table(key, options.max_width - needed + sum(floors))
            return
        yield Text(self.title, style="italic")
        for row in self.rows:
            yield Text.assemble(row[0], style="bold")
            for header, cell in zip(self.headers[1:], row[1:], strict=False):
                if cell.plain:
                    yield Paragraph(cell, f"  {header}: ")

    def _table(self, key: int, room: int) -> _Drawn:
        """The table with widths set here, so that the total never passes the room: each
        column first as wide as its longest word (or :data:`MIN_COLUMN` when those do not fit
        together), then the room left shared out one cell at a time up to each one's widest
        line."""
        columns = list(zip(*self.rows, strict=False))[1:] if self.rows else []
        widest = [
            max([cell_len(h), *(_widest(c) for c in cells)])
            for h, cells in zip(self.headers[1:], columns, strict=False)
        ]
        words = [
            min(w, max([cell_len(h), *(_longest(c.plain) for c in cells)]))
            for w, h, cells in zip(widest, self.headers[1:], columns, strict=False)
        ]
        widths = list(words)
        if sum(words) > room:
            widths = [
                min(w, max(MIN_COLUMN, cell_len(h)))
                for w, h in zip(widest, self.headers[1:], strict=True)
            ]
        left = room - sum(widths)
        for target in (words, widest):  # whole words first, then whole lines
            while left > 0 and any(w < t for w, t in zip(widths, target, strict=True)):
                for i, most in enumerate(target):
                    if left and widths[i] < most:
                        widths[i] += 1
                        left -= 1
        return _Drawn(self.title, self.headers, self.rows, [key, *(max(1, w) for w in widths)])


class _Drawn:
    """A table laid out at fixed column widths and drawn here, line by line, as rich's
    heavy-headed table would draw it (title in italics, headers in bold, one cell of padding,
    cells wrapped by :func:`break_points` and aligned to the top): ``conjure games`` and the
    other listings run on every start, and drawing it here costs a fraction of rich's general
    table layout."""

    def __init__(
        self, title: str, headers: Sequence[str], rows: Sequence[Sequence[Text]], widths: list[int]
    ) -> None:
        self.title, self.headers, self.rows, self.widths = title, headers, rows, widths

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.widths
        new_line = Segment.line()

        def rule(left: str, fill: str, middle: str, right: str) -> Segment:
            return Segment(left + middle.join(fill * (w + 2) for w in widths) + right)

        def row(cells: Sequence[Text], bar: str, style: str = "") -> RenderResult:
            columns = [_wrapped(cell, w) for cell, w in zip(cells, widths, strict=True)]
            for k in range(max(len(lines) for lines in columns)):
                yield Segment(bar)
                for lines, w in zip(columns, widths, strict=True):
                    line = lines[k] if k < len(lines) else Text()
                    yield Segment(" ")
                    if style:
                        line.stylize(style)
                    yield from line.render(console)
                    yield Segment(" " * (w - line.cell_len + 1) + bar)
                yield new_line

        yield from Text(self.title, style="italic").render(console)
        yield new_line
        yield rule("┏", "━", "┳", "┓")
        yield new_line
        yield from row([Text(h) for h in self.headers], "┃", "bold")
        yield rule("┡", "━", "╇", "┩")
        yield new_line
        for cells in self.rows:
            yield from row(cells, "│")
        yield rule("└", "─", "┴", "┘")
        yield new_line


def _wrapped(text: Text, width: int) -> list[Text]:
    """``text`` as lines of at most ``width`` cells (its own line breaks kept)."""
    lines: list[Text] = []
    for part in text.split("\n", allow_blank=True) if text.plain else [Text()]:
        lines.extend(part.divide(break_points(part.plain, width)) if part.plain else [part])
    for line in lines:
        line.rstrip()
    return lines


def _longest(text: str) -> int:
    """The widest run that cannot be broken: a word, Chinese characters counted one by one."""
    runs = re.split(r"\s+|(?<=[^\x00-\u2e7f])|(?=[^\x00-\u2e7f])", text)
    return max((cell_len(run) for run in runs), default=0)


def _widest(text: Text) -> int:
    return max(part.cell_len for part in text.split("\n", allow_blank=True))


def make_console(stderr: bool = False) -> Console:
    """A console that writes plain text to pipes and files and honours ``NO_COLOR``. Text is
    never read for emoji codes: a ``:name:`` in a routine's or a game's words stays as written
    (and the table of emoji is not loaded)."""
    return Console(stderr=stderr, highlight=False, soft_wrap=False, emoji=False)
