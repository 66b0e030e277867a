"""The README tells the truth: every example runs as written, exits as its comment says and
prints what its comment claims; the commands table is the parser's; the tables of routines and
games list what is installed; the exit codes are the ones errors.py defines."""

from __future__ import annotations

import json
import math
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from conjure.cli import commands_markdown
from conjure.errors import EXIT_CODES
from conjure.plugins.host import load_plugins

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def examples() -> list[tuple[str, str]]:
    """Every ``conjure ...`` line of the README's sh blocks but the quick start's, as (command,
    comment)."""
    found = []
    for block in re.findall(r"(?<!-->\n)```sh\n(.+?)\n```", README, flags=re.S):
        for line in block.splitlines():
            if line.startswith("conjure "):
                command, _, comment = line.partition(" #")
                found.append((command.strip(), comment.strip()))
    return found


@attrs.frozen
class Claim:
    """What an example's comment promises: its exit code, phrases that must be both in the
    comment and in the output (so the comment says what the program says), and any further
    check of the output."""

    code: int = 0
    said: tuple[str, ...] = ()
    check: Callable[[str, Path], None] | None = None
    stdin: str = ""


def mc_wins_most(out: str, cwd: Path) -> None:
    rows = dict(re.findall(r"│ \d\s+│ (mc|random)\s+│ (\d+)", out))
    assert int(rows["mc"]) > int(rows["random"]), out
    table = out.split("draws")[0]
    for workers in ("1", "3"):
        again = conjure(
            "conjure simulate goofspiel -n 40 --bots mc,random --workers " + workers, cwd
        ).stdout
        assert again.split("draws")[0] == table, "the numbers depend on the workers"


def mc_ranked_first(out: str, cwd: Path) -> None:
    ranked = re.findall(r"│ (mc|random)\s+│ 40\s+│", out)
    assert ranked == ["mc", "random"], out


def simulate_json(out: str, cwd: Path) -> None:
    data = json.loads(out)
    assert data["games"] == 10_000 and data["games_per_second"] > 0
    for rate in data["win_rate"]:
        assert rate["low"] <= rate["rate"] <= rate["high"]


def counter_example(out: str, cwd: Path) -> None:
    assert "counter-example" in out and "①" in out, out[:2000]


def every_step(out: str, cwd: Path) -> None:
    assert out.count("Performer (really)") >= 5 and "Audience sees" in out


def cut_estimation(out: str, cwd: Path) -> None:
    assert "to the bottom of your deck" in out and re.search(r"(too deep|too shallow|exactly)", out)
    assert "cuts: 1" in out, out


def faroed(out: str, cwd: Path) -> None:
    assert out.startswith("Mnemonica (Tamariz stack) after: Out-faro the packet in the left hand")


def exported(out: str, cwd: Path) -> None:
    assert (cwd / "aronson.apkg").stat().st_size > 0


def page(name: str, blocks: int) -> Callable[[str, Path], None]:
    def check(out: str, cwd: Path) -> None:
        html = (cwd / name).read_text("utf-8")
        assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= blocks, html[:200]
        assert "http://" not in html.replace("http://www.w3.org/", "")  # nothing fetched

    return check


def suit_orders(out: str, cwd: Path) -> None:
    assert re.search(r"queens=[SHCD ]+, kings=[SHCD ]+", out), out


def full_deck_cases(out: str, cwd: Path) -> None:
    # every riffle of every deal of 52 cards over the colours, times 26! orders of each colour
    cases = (2**52 - 2) * math.factorial(26) ** 2
    assert f"PROVED: all {cases:.3g} cases" in out, out


CLAIMS: dict[str, Claim] = {
    "conjure verify courting-kings": Claim(0, ("PROVED: all 576 cases",)),
    "conjure solve courting-kings marriages": Claim(0, (), suit_orders),
    "conjure verify each-gets-two --param rounds=3 --param reading=0": Claim(
        1, (), counter_example
    ),
    "conjure verify each-gets-two --param rounds=1 --param reading=0 --limit 1000 --examples 2000 "
    "--seed 1": (Claim(6, ("no counter-example in 2,000 random cases", "not a proof"))),
    "conjure verify gilbreath --param pairs=4": Claim(0, ("PROVED: all 146,304 cases",)),
    "conjure verify gilbreath --param pairs=26": Claim(0, ("PROVED",), full_deck_cases),
    "conjure rehearse each-gets-two --all --param rounds=2": Claim(0, (), every_step),
    "conjure verify each-gets-two --param rounds=2 --param reading=0": Claim(
        1, ("works in about", "the risk is in"), counter_example
    ),
    "conjure explain courting-kings": Claim(0, ("every case: 576 cases, 0 failing",)),
    "conjure verify docs/examples/twenty-one.routine": Claim(0, ("PROVED: all 21 cases",)),
    "conjure drill mnemonica": Claim(0, ("q to stop",), stdin="q\n"),
    "conjure drill mnemonica --mode estimate": Claim(0, (), cut_estimation, stdin="4C\nq\n"),
    'conjure drill mnemonica --after "Faro left"': Claim(0, (), faroed, stdin="q\n"),
    "conjure drill courting-kings": Claim(0, (), stdin="q\n"),
    "conjure stats --plot": Claim(0),
    "conjure export anki aronson -o aronson.apkg": Claim(0, (), exported),
    "conjure rules sixty-six": Claim(0, ("[text]", "[assumed]")),
    "conjure storyboard courting-kings -o ck.html": Claim(0, (), page("ck.html", 9)),
    "conjure replay sixty-six --seed 1 -o g.html": Claim(0, (), page("g.html", 1)),
    "conjure play sixty-six --seed 1": Claim(0, ("q to quit",), stdin="q\n"),
    "conjure simulate goofspiel -n 10000 --json": Claim(0, (), simulate_json),
    "conjure simulate goofspiel -n 40 --bots mc,random --workers 2": Claim(0, (), mc_wins_most),
    "conjure simulate goofspiel -n 20 --bots random,mc --tournament": Claim(
        0, ("2 seatings",), mc_ranked_first
    ),
    'conjure show "left: KS^ KH^ / KD^ KC^; right: QS^ QH^; table.aside: 2C 3C" --audience': (
        Claim(0, (), lambda out, cwd: None)
    ),
    'conjure show "left: KS^ KH^ / KD^ KC^; right: QS^ QH^" --move "Steal left right" '
    '--move "Peel left right" --audience': Claim(0),
}
#: examples that need a terminal of their own: only their command line is checked
INTERACTIVE = {"conjure app mnemonica": "a full-screen app needs a terminal"}


def conjure(command: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "HOME": str(cwd),
        "XDG_DATA_HOME": str(cwd / "data"),
        "COLUMNS": "100",
    }
    env.pop("CONJURE_LANG", None)
    return subprocess.run(
        [sys.executable, "-m", "conjure", *shlex.split(command)[1:]],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def test_every_example_has_its_claim_written_down() -> None:
    listed = {command for command, _ in examples()}
    assert listed == set(CLAIMS) | set(INTERACTIVE), (
        "an example of the README and the claims of this test differ: "
        f"only in the README {sorted(listed - set(CLAIMS) - set(INTERACTIVE))}, "
        f"only here {sorted(set(CLAIMS) | set(INTERACTIVE) - listed)}"
    )


@pytest.mark.parametrize(("command", "comment"), examples(), ids=lambda value: value[:60])
def test_the_example_does_what_its_comment_says(command: str, comment: str, tmp_path: Path) -> None:
    if command in INTERACTIVE:
        help_run = conjure(command.split()[0] + " " + command.split()[1] + " --help", tmp_path)
        assert help_run.returncode == 0
        return
    claim = CLAIMS[command]
    if "docs/" in command:  # an example that reads the repository's docs, run from its top
        import shutil

        shutil.copytree(ROOT / "docs", tmp_path / "docs")
    result = conjure(command, tmp_path, claim.stdin)
    assert result.returncode == claim.code, result.stderr
    if claim.code:
        assert f"exit {claim.code}" in comment, "the comment must say how it exits"
    assert "Traceback" not in result.stderr
    for phrase in claim.said:
        assert phrase in comment, f"the claim {phrase!r} is not in the comment {comment!r}"
        assert phrase in result.stdout, f"{command} does not say {phrase!r}"
    if claim.check is not None:
        claim.check(result.stdout, tmp_path)


def test_the_commands_table_is_the_parsers() -> None:
    table = re.search(r"<!-- commands:start -->\n(.*?)\n<!-- commands:end -->", README, re.S)
    assert table, "the README lost its commands table markers"
    assert table.group(1) == commands_markdown(), (
        "the README's commands table is out of date; write it again with\n"
        '  python -c "from conjure.cli import commands_markdown as m; print(m())"'
    )


def test_every_option_of_every_command_is_in_the_table() -> None:
    """The table generator leaves nothing out (independently of how it writes a row)."""
    from conjure.cli import build_parser

    table = commands_markdown()
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name, command in sub.choices.items():  # type: ignore[attr-defined]
        assert f"`conjure {name}" in table
        for action in command._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    rows = [row for row in table.splitlines() if f"`conjure {name}" in row]
                    assert any(flag in row for row in rows), (name, flag)


@pytest.mark.parametrize(("kind", "heading"), [("routines", "routine"), ("games", "game")])
def test_the_tables_of_routines_and_games_list_what_is_installed(kind: str, heading: str) -> None:
    table = re.search(rf"\| id \| {heading} \| source \|\n(.*?)\n\n", README, re.S)
    assert table
    listed = set(re.findall(r"^\| `([\w-]+)`", table.group(1), re.M))
    assert listed == set(getattr(load_plugins(), kind))


def test_the_exit_codes_are_the_ones_conjure_uses() -> None:
    table = README.split("### Exit codes")[1]
    documented = {int(code) for code in re.findall(r"^\| (\d+) \|", table, re.M)}
    assert documented == set(EXIT_CODES)


def languages() -> dict[str, str]:
    from conjure.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return {
        name: command.get_default("lang")
        for name, command in sub.choices.items()  # type: ignore[attr-defined]
        if command.get_default("lang") is not None
    }


def test_the_language_defaults_are_the_same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CONJURE_LANG", raising=False)
    english = languages()
    assert {"show", "rehearse", "rules", "routines"} <= set(english)
    assert set(english.values()) == {"en"}, english
    monkeypatch.setenv("CONJURE_LANG", "zh")
    assert languages() == dict.fromkeys(english, "zh")
