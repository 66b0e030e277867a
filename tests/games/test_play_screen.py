"""The game screen names each move's actor once: every game played against bots, in English and
in Chinese, shows no line whose move names its own seat again and no story line that only
repeats the move above it."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from rich.console import Console

from conjure.plugins.host import load_plugins
from conjure.view.play import as_told, play_game, unnamed

GAMES = load_plugins().games

#: a move line: who moves, then the move (``player 2 (random): …``, ``you: …``, and in Chinese)
MOVE = re.compile(
    r"^(?:player (?P<n>\d+) \([a-z]+\)|玩家(?P<zn>\d+)（[a-z]+）|(?P<you>you|你))"
    r"[:：] ?(?P<move>.*)$"
)


def played(game_id: str, lang: str, seed: int = 4, moves: int = 40) -> list[str]:
    """The screen's lines of a game against random bots, the first move typed each turn."""
    answers = itertools.chain(itertools.repeat("1", moves), ["q"])
    out = io.StringIO()
    code = play_game(
        GAMES[game_id](),
        seed=seed,
        bot="random",
        console=Console(file=out, width=400, highlight=False),
        ask=lambda _: next(answers),
        lang=lang,
    )
    assert code == 0
    return out.getvalue().splitlines()


#: words with which a story line says only that a seat made its move (``player 2 plays 3``
#: after ``3 (single 3)``, ``closes the stock`` after ``close``, 玩家2出 3): English words as
#: :func:`words` leaves them, Chinese characters one by one
SAYS_ONLY_THAT_IT_MOVED = {
    *("the", "a", "is", "play", "bet", "name", "agree", "give", "close", "stock", "sweep"),
    *("table", "出", "定", "扫", "除", "场", "牌"),
}


def words(text: str) -> set[str]:
    """The words of a line, to compare a story line with its move: English words lowercased
    without a plural or third-person ``s`` (``bets`` -> ``bet``), numbers, each suit apart from
    its rank (``Q♥`` -> ``q``, ``♥``), each Chinese character alone."""
    found = re.findall(r"[a-z]+|\d+|[♠♥♣♦]|[\u4e00-\u9fff]", text.lower())
    return {w[:-1] if len(w) > 3 and w.isalpha() and w.endswith("s") else w for w in found}


def doubled(lines: list[str], lang: str, seat: int = 1) -> list[str]:
    """Every line that names its actor twice, and every story line that repeats its move."""
    found = []
    previous = None  # (actor's name, move) of the last move line
    for line in lines:
        story = line.startswith("  ") and not line.startswith("   ")
        if story and previous is not None:
            actor, move = previous
            told = line.strip()
            rest = told[len(actor) :].lstrip(":： ") if told.startswith(actor) else None
            verb, _, tail = move.partition(" ")
            again = {move, f"{verb}s {tail}".strip(), f"{verb}es {tail}".strip()}
            if rest in again:  # the move again, its verb said of the seat or not
                found.append(line)
            elif words(told) <= words(move) | words(actor) | SAYS_ONLY_THAT_IT_MOVED:
                found.append(line)  # the move again in other words: nothing new told
            continue
        m = MOVE.match(line)
        previous = None
        if not m:
            continue
        n = int(m["n"] or m["zn"] or seat)
        names = (f"player {n}", f"玩家{n}", f"{n}号玩家", "you", "你")
        if any(re.match(rf"{re.escape(name)}(?!\d)", m["move"]) for name in names):
            found.append(line)
        previous = (f"player {n}" if lang == "en" else f"玩家{n}", m["move"])
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_names_each_actor_once(game: str, lang: str) -> None:
    lines = played(game, lang)
    assert sum(bool(MOVE.match(line)) for line in lines) > 5  # the test reads the moves
    assert doubled(lines, lang) == []
    if lang == "zh":  # a seat is 玩家2 everywhere, as the screen names it, never 2号 or 2号玩家
        assert [x for x in lines if re.search(r"\d号", x)] == []


def test_the_asking_games_answer_without_naming_the_seat_again() -> None:
    """The case seen in play: ``player 2 (random): player 2: ask player 3 for …``."""
    en = played("ask-for-cards", "en")
    assert any(re.fullmatch(r"player \d \(random\): ask player \d for \w+", x) for x in en)
    assert any(re.fullmatch(r"player \d \(random\): says he has none", x) for x in en)
    zh = played("ask-for-cards", "zh")
    assert any(re.fullmatch(r"玩家\d（random）：向玩家\d讨\w+", x) for x in zh)
    assert any(re.fullmatch(r"玩家\d（random）：说没有", x) for x in zh)


def test_a_story_line_that_only_repeats_the_move_is_shown_once() -> None:
    lines = played("captain", "en", seed=5, moves=200)
    declarations = [x for x in lines if "point ♣" in x or "point ♠" in x or "point ♥" in x]
    assert declarations and not any(x.startswith("  ") for x in declarations)
    lines = played("find-friends", "en", seed=5)
    assert any(re.fullmatch(r"player \d \(random\): bid \d+", x) for x in lines)
    assert not any(re.fullmatch(r"  player \d bids \d+", x) for x in lines)
    assert "  player 3 declares: the defenders need 35" in lines  # news, not an echo


@pytest.mark.parametrize(
    ("move", "told"),
    [("bid 65", "bids 65"), ("pass", "passes"), ("give 2♦ for 5♥", "gives 2♦ for 5♥")],
)
def test_as_told(move: str, told: str) -> None:
    assert as_told(move) == (move, told)
    assert as_told("叫65分") == ("叫65分",) and as_told("K♠") == ("K♠",)


@pytest.mark.parametrize(
    ("text", "actor", "left"),
    [
        ("player 2: ask player 3 for jacks", "player 2", "ask player 3 for jacks"),
        ("player 2 says he has none", "player 2", "says he has none"),
        ("玩家2：向玩家3讨J点牌", "玩家2", "向玩家3讨J点牌"),
        ("玩家2说没有", "玩家2", "说没有"),
        ("player 12: pass", "player 1", "player 12: pass"),  # another seat
        ("ask player 2 for twos", "player 2", "ask player 2 for twos"),
        ("player 2", "player 2", "player 2"),  # nothing would be left
    ],
)
def test_unnamed(text: str, actor: str, left: str) -> None:
    assert unnamed(text, actor) == left
