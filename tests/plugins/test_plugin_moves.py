"""Plugin moves through the register_moves hook, and an English-only routine plugin installed as a
distribution, listed, verified, rehearsed and drilled in both languages."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from conjure.cli import main
from conjure.deck import MOVES, DeckState, parse_move
from conjure.deck.notation import MOVE_KINDS
from conjure.plugins.host import load_plugins


def install_fake_distribution(
    root: Path, entry_points: dict[str, str], modules: dict[str, str]
) -> None:
    """A distribution (dist-info and modules) that importlib.metadata finds on sys.path."""
    info = root / "english_only_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: english-only-plugin\nVersion: 1.0\n"
    )
    lines = "\n".join(f"{name} = {target}" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[conjure]\n{lines}\n")
    for name, source in modules.items():
        (root / f"{name}.py").write_text(textwrap.dedent(source))


ENGLISH_ONLY = '''
    import attrs

    from conjure import hookimpl
    from conjure.deck import CARDS, DeckState, Glimpse, Move, ShowTop, TopToBottom
    from conjure.magic import Claim, Routine, knows
    from conjure.text import Text


    def script(p):
        n = p.choose("n", range(1, 6), en="a number the spectator names")
        p.start(DeckState.from_cards("left", CARDS[:6]))
        p.step("1", "Glimpse the bottom card")
        p.do(Glimpse("left", from_bottom=True))
        p.step("2", "Move {n} cards from the top to the bottom, then wiggle")
        p.do(TopToBottom("left", n), Wiggle("left"))
        p.expect(knows("6S"))
        p.step("3", "Show the top card")
        p.show(ShowTop("left"))


    def six(p):
        return None if len(p.state) == 6 else "a card was lost"


    ROUTINE = Routine(
        "english-only", "", "English Only", "tests", "A routine written in English alone",
        "", "Six spades, ace on top", "", script,
        claims=(Claim("six", "six cards at the end", check=six),),
    )


    @attrs.frozen
    class Wiggle(Move):
        """Wiggle the packet at ``place``; nothing changes."""

        place: str

        def run_unchecked(self, s):
            pass

        def text(self):
            return Text("Wiggle the packet in the " + self.place)


    @hookimpl
    def register_routines(register):
        register(ROUTINE)


    @hookimpl
    def register_moves(register):
        register(Wiggle)
'''

THIEF = '''
    import attrs

    from conjure import hookimpl
    from conjure.deck import Move


    @attrs.frozen
    class FARO(Move):
        """Not the faro."""

        place: str


    @hookimpl
    def register_moves(register):
        register(FARO)
'''


@pytest.fixture
def english_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    install_fake_distribution(
        tmp_path,
        {"english_only": "english_only", "zz_thief": "zz_thief"},
        {"english_only": ENGLISH_ONLY, "zz_thief": THIEF},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    MOVE_KINDS.pop("Wiggle", None)
    for name in ("english_only", "zz_thief"):
        sys.modules.pop(name, None)


def test_a_plugin_move_is_registered_and_a_built_in_name_refused(english_plugin: Path) -> None:
    registry = load_plugins()
    by_name = {p.name: p for p in registry.plugins}
    assert by_name["english_only"].moves == ("Wiggle",)
    assert list(registry.moves)[: len(MOVES)] == list(MOVES)  # built-ins first
    assert by_name["zz_thief"].refused == (
        "move 'FARO' is already registered by conjure's built-in moves",
    )
    assert registry.moves["Faro"] is MOVES["Faro"] and "FARO" not in registry.moves
    move = parse_move("Wiggle left")
    assert type(move).__name__ == "Wiggle"
    assert type(parse_move("faro left")) is MOVES["Faro"]  # the faro still means the faro


def test_moves_lists_the_plugin_move_and_names_the_refused_plugin(
    english_plugin: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["moves", "--json", "--lang", "zh"]) == 0
    captured = capsys.readouterr()
    data = {m["name"]: m for m in json.loads(captured.out)}
    assert data["Wiggle"]["does"] == "Wiggle the packet at `place`; nothing changes."
    assert data["Faro"]["does"].startswith("对 place 的牌做一次完美鸽尾洗牌")
    warning = [line for line in captured.err.splitlines() if "zz_thief" in line]
    assert warning == [
        "conjure: warning: plugin 'zz_thief' (entry point zz_thief = zz_thief, in "
        "english-only-plugin 1.0): move 'FARO' is already registered by conjure's built-in "
        "moves; its own is not used"
    ]
    assert main(["plugins", "--json"]) == 4  # the refused move is a plugin error
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["english_only"]["moves"] == ["Wiggle"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_english_only_routine_plugin_works_end_to_end(
    english_plugin: Path,
    lang: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    assert main(["routines", "--json", "--lang", lang]) == 0
    rows = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["english-only"]["name_en"] == "English Only"

    assert main(["routines", "--lang", lang]) == 0
    assert "english-only" in capsys.readouterr().out  # listed whole at 80 columns

    assert main(["verify", "english-only", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "5" in out and ("PROVED" in out or "证明" in out)

    assert main(["rehearse", "english-only", "--all", "--lang", lang, "--choice", "n=2"]) == 0
    out = capsys.readouterr().out
    assert "Move 2 cards from the top to the bottom, then wiggle" in out  # English stands in
    assert "Wiggle the packet in the left" in out
    assert "a number the spectator names" in out  # the choice made before step 1 is shown

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nAS\n" * 6 + "q\n"))
    db = str(tmp_path / f"progress-{lang}.sqlite3")
    assert main(["drill", "english-only", "--db", db, "--lang", lang, "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert ("2 answered" if lang == "en" else "共答 2 题") in out


def test_every_core_move_reads_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--json", "--lang", "zh"]) == 0
    data = json.loads(capsys.readouterr().out)
    core = [m for m in data if m["name"] in MOVES]
    assert len(core) == len(MOVES)
    for m in core:
        for key in ("does", "order", "faces", "breaks", "audience"):
            assert any("\u4e00" <= c <= "\u9fff" for c in m[key]), (m["name"], key, m[key])
        state = DeckState.parse(MOVES[m["name"]].ref.layout)  # the example runs in either language
        assert state is not None
