"""Every command line of the guides in docs/ runs as written: it exits as its comment says,
with no traceback, and costs at most 10 s of CPU unless its comment says how long it takes.

The README's own examples are checked, claim by claim, in tests/test_readme.py. Here each
``conjure ...`` line of a ``sh`` block of docs/*.md runs in a folder of its own holding a copy
of docs/ and the files the guides ask a reader to make (``my-stack.txt``), with the
routine-writing guide's plugin installed for docs/routines.md. Time is measured as the CPU the
command and its workers used, so that a busy machine does not fail an example that is quick on a
quiet one.
"""

from __future__ import annotations

import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
#: the CPU an example may take when its comment does not say
QUICK_SECONDS = 10.0
#: examples that cannot run here, with the reason; their command line is still parsed
NOT_RUN = {
    "conjure simulate sixty-six -n 2000 --executor dask://HOST:8786": (
        "names a Dask scheduler the reader runs"
    ),
    "conjure explain ROUTINE --vary k": "a pattern, ROUTINE and k standing for the reader's own",
    "conjure app": "a full-screen app needs a terminal",
}
#: the extras an example needs, by a word of its command line
NEEDS = {"--executor dask": "dask.distributed"}


def examples() -> list[tuple[str, str, str]]:
    """(guide, command, comment) for every ``conjure`` line of a docs/*.md ``sh`` block."""
    found = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```sh\n(.*?)```", text, re.S):
            for line in block.splitlines():
                if line.startswith("conjure "):
                    command, _, comment = line.partition(" #")
                    found.append((path.name, command.strip(), comment.strip()))
    return found


def stated_seconds(comment: str) -> float | None:
    """The time an example's comment gives it (``about 30 s``, ``about 2 minutes``)."""
    found = re.search(r"about (\d+(?:\.\d+)?) ?(s|seconds?|minutes?)\b", comment)
    if not found:
        return None
    value = float(found.group(1))
    return value * 60 if found.group(2).startswith("m") else value


def stated_exit(comment: str) -> int:
    found = re.search(r"\bexit (\d+)", comment)
    return int(found.group(1)) if found else 0


def test_there_are_examples_in_every_guide() -> None:
    guides = {guide for guide, _, _ in examples()}
    assert {"games.md", "pictures.md", "routine-files.md", "routines.md", "trainer.md"} <= guides
    listed = {command for _, command, _ in examples()}
    assert set(NOT_RUN) <= listed, f"no longer in the guides: {set(NOT_RUN) - listed}"


def test_the_time_a_comment_states_is_read() -> None:
    assert stated_seconds("every seating (about 40 s)") == 40
    assert stated_seconds("about 2 minutes") == 120
    assert stated_seconds("two processes on this machine") is None
    assert stated_exit("exit 1: three exchanges break it") == 1


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A reader's folder: a copy of docs/ and the stack file trainer.md drills."""
    root = tmp_path_factory.mktemp("reader")
    shutil.copytree(DOCS, root / "docs")
    from conjure.deck.stacks import STACKS

    cards = STACKS["mnemonica"].cards[::-1]  # a stack of one's own: Mnemonica upside down
    (root / "my-stack.txt").write_text(" ".join(c.ascii for c in cards) + "\n")
    return root


def run(command: str, cwd: Path, plugin: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {
        **os.environ,
        "HOME": str(cwd),
        "XDG_DATA_HOME": str(cwd / "data"),
        "COLUMNS": "100",
        "PYTHONPATH": str(plugin),
    }
    env.pop("CONJURE_LANG", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(
        [sys.executable, "-m", "conjure", *shlex.split(command)[1:]],
        capture_output=True,
        text=True,
        input="q\n",  # a drill or a game stops at q
        cwd=cwd,
        env=env,
        timeout=600,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return result, cpu


@pytest.mark.parametrize(
    ("guide", "command", "comment"), examples(), ids=lambda v: v if len(v) < 60 else v[:60]
)
def test_the_example_runs_as_written(
    guide: str, command: str, comment: str, folder: Path, key_card_plugin: Path
) -> None:
    from conjure.cli import build_parser

    words = shlex.split(command)[1:]
    if command in NOT_RUN:
        build_parser().parse_args(words)  # still a command conjure reads
        return
    for word, module in NEEDS.items():
        if word in command:
            pytest.importorskip(module)
    result, cpu = run(command, folder, key_card_plugin)
    assert result.returncode == stated_exit(comment), f"{guide}: {command}\n{result.stderr}"
    assert "Traceback" not in result.stderr, result.stderr
    limit = stated_seconds(comment) or QUICK_SECONDS
    assert cpu <= limit * 1.5, (
        f"{guide}: {command} took {cpu:.1f} s of CPU; its comment should say so, or it "
        f"should take under {limit:.0f} s"
    )
