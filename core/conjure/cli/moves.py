"""The ``moves`` command: the move reference.

Every entry comes from the move's class: its docstring says what it does, its attrs fields how it
is written, and its ``ref`` (a :class:`~conjure.deck.moves.MoveRef`) what it does to the order,
the faces and the breaks, what the audience sees, and an example; what the ``ref`` leaves out is
said from the move itself (:func:`~conjure.deck.move.reference_words`). ``docs/moves.md`` is
:func:`moves_markdown`, written from the same classes.

Moves are the built-in ones, then every move the plugins register with the ``register_moves``
hook (a move whose name a built-in move holds is refused for its plugin, said on one line on
stderr). A plugin move is listed with its docstring and fields, and with its reference entry if
its class has a ``ref``. With ``--lang zh`` every entry is in Chinese where its words were
written in Chinese (the ``zh`` of the ``MoveRef`` for what the docstring says), in English
otherwise.
"""

from __future__ import annotations

import argparse
import difflib
import inspect
import re
from typing import TYPE_CHECKING, Any

from conjure.cli.common import EXIT_OK, add_command, add_lang, print_json, registry
from conjure.errors import UnknownNameError
from conjure.inputs import normalise, quote
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.deck.move import MoveRef
    from conjure.deck.state import DeckState

#: the headings of an entry, in the order they are printed
LABELS: dict[str, Text] = {
    "usage": Text("written", zh="写法"),
    "order": Text("order", zh="顺序"),
    "faces": Text("faces", zh="牌面朝向"),
    "breaks": Text("breaks", zh="布雷克"),
    "audience": Text("audience sees", zh="观众看到"),
    "example": Text("example", zh="示例"),
}
_NO_REF = Text("(no reference entry)", zh="（无参考条目）")


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "moves",
        _moves,
        help=Text(
            "the move reference: every move, how it is written, what it does, an example",
            zh="动作参考：每个动作、写法、作用和一个示例",
        ),
    )
    p.add_argument(
        "name",
        metavar="NAME",
        nargs="?",
        help=Text("one move (default: every move)", zh="一个动作（默认：全部动作）"),
    )
    add_lang(p)
    p.add_argument(
        "--json",
        action="store_true",
        help=Text("print the reference as JSON", zh="以 JSON 输出参考"),
    )
    p.add_argument(
        "--markdown",
        action="store_true",
        help=Text(
            "print the reference as docs/moves.md is written", zh="按 docs/moves.md 的格式输出参考"
        ),
    )


def summary(cls: type) -> str:
    """What the move does: its docstring, on one line per paragraph."""
    doc = inspect.getdoc(cls) or ""
    doc = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", doc).replace("``", "`")
    return "\n\n".join(" ".join(part.split()) for part in doc.split("\n\n") if part.strip())


def run_example(ref: MoveRef) -> tuple[DeckState, DeckState, Any]:
    """The example's layout (after ``before``), the state after the example move, and the move."""
    from conjure.deck.state import DeckState

    start = DeckState.parse(ref.layout)
    if ref.before:
        start.push(ref.before)
        start.clear_stack()
    after = start.copy()
    move = after.push(ref.example)
    return start, after, move


def entry(name: str, cls: type, lang: str) -> dict[str, Any]:
    """One move's reference entry, as plain data in ``lang``."""
    import attrs

    from conjure.deck.move import MoveRef, reference_fields, reference_words
    from conjure.deck.notation import move_signature

    takes = {n: words.get(lang) for n, words in reference_fields(cls).items()}
    out: dict[str, Any] = {
        "name": name,
        "module": cls.__module__,
        "usage": move_signature(cls),
        "fields": [
            {
                "name": f.name,
                "required": f.default is attrs.NOTHING,
                **({} if f.default is attrs.NOTHING else {"default": f.default}),
                "takes": takes[f.name],
            }
            for f in attrs.fields(cls)
            if not f.name.startswith("_")
        ],
        "does": summary(cls),
    }
    ref = getattr(cls, "ref", None)
    if isinstance(ref, MoveRef) and ref.zh:
        out["does"] = Text(out["does"], zh=ref.zh).get(lang)
    if isinstance(ref, MoveRef):
        start, after, move = run_example(ref)
        out.update({h: words.get(lang) for h, words in reference_words(cls).items()})
        out.update(
            example={
                "layout": ref.layout,
                **({"before": ref.before} if ref.before else {}),
                "move": ref.example,
                "says": move.describe(lang),
                "start": str(start),
                "after": str(after),
            },
        )
    return out


def moves(names: dict[str, type] | None = None) -> dict[str, type]:
    """Every move by name, the built-in ones first, then the plugins' (loaded here, with a line on
    stderr for each move a plugin registered and was refused), then any registered otherwise."""
    from conjure.deck.moves import MOVES
    from conjure.deck.notation import MOVE_KINDS

    if names is None:
        names = {**registry().moves, **MOVE_KINDS}
    return {**{n: c for n, c in MOVES.items() if n in names}, **names}


def find(name: str, kinds: dict[str, type]) -> tuple[str, type]:
    wanted = normalise(name).strip().lower()
    for known, cls in kinds.items():
        if known.lower() == wanted:
            return known, cls
    close = difflib.get_close_matches(wanted, [k.lower() for k in kinds], n=1)
    hint = next(
        (
            _REF_WORDS["did you mean"].format(move=k)
            for k in kinds
            if close and k.lower() == close[0]
        ),
        Text(""),
    )
    raise UnknownNameError(_REF_WORDS["unknown"].format(name=quote(name), hint=hint))


#: the words around a move's reference, in the terminal
_REF_WORDS = {
    "unknown": Text("unknown move {name}{hint} (conjure moves lists every move)",
                    zh="没有动作 {name}{hint}（conjure moves 列出全部动作）"),
    "did you mean": Text("; did you mean {move}?", zh="；是不是 {move}？"),
    "label": Text("{label}: {text}", zh="{label}：{text}"),
    "before": Text("{before}, then ", zh="{before}，然后"),
}  # fmt: skip


def _lines(data: dict[str, Any], lang: str, markdown: bool) -> list[str]:
    head = f"## `{data['name']}`" if markdown else data["name"]
    lines = [head, ""]
    lines += [f"`{data['usage']}`" if markdown else f"  {data['usage']}"]
    lines += [*_takes(data["fields"], markdown), ""]
    for paragraph in data["does"].split("\n\n"):
        lines += [paragraph if markdown else "  " + paragraph, ""]
    if "order" not in data:
        lines += ["  " + _NO_REF.get(lang), ""]
        return lines
    for key in ("order", "faces", "breaks", "audience"):
        label = LABELS[key].get(lang)
        said = _REF_WORDS["label"].format(label=label, text=data[key]).get(lang)
        lines.append(f"- **{label}**: {data[key]}" if markdown else f"  {said}")
    example = data["example"]
    before = (
        _REF_WORDS["before"].format(before=example["before"]).get(lang)
        if "before" in example
        else ""
    )
    label = LABELS["example"].get(lang)
    if markdown:
        lines += [
            f"- **{label}**: on `{example['layout']}`, {before}`{example['move']}`"
            f" ({example['says']}) leaves `{example['after']}`",
        ]
    else:
        lines += [
            "  "
            + _REF_WORDS["label"]
            .format(label=label, text=f"{example['layout']}  →  {before}{example['move']}")
            .get(lang),
            f"    {example['says']}",
            f"    {example['after']}",
        ]
    lines.append("")
    return lines


def _takes(fields: list[dict[str, Any]], markdown: bool) -> list[str]:
    """What the fields take, a line for each run of fields that take the same."""
    runs: list[tuple[list[str], str]] = []
    for field in fields:
        if runs and runs[-1][1] == field["takes"]:
            runs[-1][0].append(field["name"])
        else:
            runs.append(([field["name"]], field["takes"]))
    if markdown:
        return ["", *(f"- {', '.join(f'`{n}`' for n in names)}: {takes}" for names, takes in runs)]
    return [f"    {', '.join(names)}: {takes}" for names, takes in runs]


def moves_markdown() -> str:
    """docs/moves.md: the reference of the core moves, in English."""
    from conjure.deck.moves import MOVES

    out = [
        "# Moves",
        "",
        "<!-- generated by `conjure moves --markdown`; tests/deck/test_reference.py checks it -->",
        "",
        "Every move of `conjure.deck`: how it is written (fields in order or as `name=value`;"
        " `[name=default]` may be left out) and what each field takes, what it does, what it"
        " does to the order, the faces and the little-finger breaks, what the audience sees,"
        " and an example run on a small layout (cards written top first, `^` face up, `/` a"
        " break).",
        "",
    ]
    for name, cls in MOVES.items():
        out += _lines(entry(name, cls, "en"), "en", markdown=True)
    return "\n".join(out).rstrip() + "\n"


def _moves(args: argparse.Namespace) -> int:
    if args.markdown:
        print(moves_markdown(), end="")
        return EXIT_OK
    kinds = moves()
    if args.name is not None:
        kinds = dict([find(args.name, kinds)])
    data = [entry(name, cls, args.lang) for name, cls in kinds.items()]
    if args.json:
        return print_json(data if args.name is None else data[0])
    for item in data:
        print("\n".join(_lines(item, args.lang, markdown=False)))
    return EXIT_OK
