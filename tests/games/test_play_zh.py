"""The game screen in Chinese: a game played by typing shows no English word (card notation,
bot names and the letters a player types aside), move errors included."""

from __future__ import annotations

import io
import itertools
import random
import re
import subprocess
import sys

import pytest
from rich.console import Console

from conjure.games.api import ZONE_NAMES
from conjure.plugins.host import load_plugins
from conjure.testing.lang import english_words
from conjure.view.play import WORDS, play_game

GAMES = load_plugins().games
#: what a player types or reads as a name: bot names and the letters the prompt asks for
TYPED = {"random", "q", "y"}
#: games whose own labels (action names, facts, table stories) have no Chinese yet
ENGLISH_LABELS: set[str] = set()


def played(game_id: str, lang: str = "zh", seed: int = 2, moves: int = 40) -> str:
    """A game against random bots, typed: a number out of range and a card not held first
    (two move errors), then the first move ``moves`` times, then q."""
    answers = itertools.chain(["99", "9S"], itertools.repeat("1", moves), ["q"])
    out = io.StringIO()
    code = play_game(
        GAMES[game_id](),
        seed=seed,
        bot="random",
        console=Console(file=out, width=100, highlight=False),
        ask=lambda _: next(answers),
        lang=lang,
    )
    assert code == 0
    return out.getvalue()


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.xfail(strict=True, reason="labels in English only"))
        if g in ENGLISH_LABELS
        else g
        for g in sorted(GAMES)
    ],
)
def test_a_game_in_chinese_shows_no_english(game: str) -> None:
    text = played(game)
    assert "请出牌：" in text
    assert english_words(text, allow=TYPED) == []


def test_the_end_of_a_game_in_chinese() -> None:
    text = played("sixty-six", moves=500)
    assert "终局：" in text and "得分：" in text
    assert english_words(text, allow=TYPED) == []


def test_move_errors_are_in_chinese() -> None:
    text = played("sixty-six")
    assert "'99'不是这里能走的一步：请输入1到" in text
    assert "现在不能出9♠：它不在你的手牌中" in text


def test_the_english_screen_is_unchanged() -> None:
    text = played("sixty-six", lang="en")
    assert "'99' is not a move here: type a number from 1 to" in text
    assert "9♠ cannot be played now: it is not in your hand" in text
    assert "your hand" in text and "Your move: [1]" in text and "Game over: you" in text


def test_every_screen_word_and_common_zone_has_chinese() -> None:
    missing = [k for k, t in {**WORDS, **ZONE_NAMES}.items() if not t.has("zh")]
    assert missing == []


def test_a_chinese_name_is_typed_like_the_english_one() -> None:
    game = GAMES["sixty-six"]()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.sample_chance(random.Random(1))
    marry = [a for a in game.ordered_actions(state) if "marry" in state.action_name(a)]
    if marry:
        name = state.action_name(marry[0], "zh")
        assert game.parse_action(state, name) == marry[0]


def test_conjure_lang_zh_play_speaks_chinese() -> None:
    args = ["--lang", "zh", "play", "sixty-six", "--seed", "1", "--bot", "random"]
    run = subprocess.run(
        [sys.executable, "-m", "conjure", *args],
        capture_output=True,
        text=True,
        input="1\nq\n",
    )
    assert run.returncode == 0
    assert "你的手牌" in run.stdout and "请出牌：" in run.stdout and "再见" in run.stdout
    assert english_words(run.stdout, allow=TYPED) == []


#: per game, a move name or story line in the game's own Chinese words that its zh screen shows
CHINESE_MOVES = {
    "ask-for-cards": "] 向玩家2讨",
    "captain": "弃掉7♠",
    "casino": "点附加牌（",
    "exchange-score": "[1] 不换",
    "exchange-score-jokers": "补牌还剩：",
    "find-friends": "叫朋友",
    "go-fish": "] 向玩家2要",
    "goofspiel": "还能投标的牌：",
    "hundred-point-knock": "] 取",
    "jack-high": "本副结束",
    "round-and-round": "王牌是",
    "run-fast": "弃权",
    "swap-cards": "[1] 不换",
    "three-card-showdown": "开局出1个筹码",
    "trump-agreement": "为将牌",
}


@pytest.mark.parametrize("game", sorted(CHINESE_MOVES))
def test_a_game_says_its_own_words_in_chinese(game: str) -> None:
    assert CHINESE_MOVES[game] in played(game)


@pytest.mark.parametrize("game", sorted(CHINESE_MOVES))
def test_every_chinese_move_name_types_back_to_its_move(game: str) -> None:
    rules = GAMES[game]()
    state = rules.new_initial_state()
    rng = random.Random(3)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.sample_chance(rng)
            continue
        legal = state.legal_actions()
        # an exchange menu runs to hundreds of moves, each parse reads them all: a state's
        # first and last moves and 12 drawn from the rest, over up to 300 states of a game,
        # keep the check, not its square
        sample = legal if len(legal) <= 14 else [legal[0], legal[-1], *rng.sample(legal, 12)]
        for action in sample:
            assert rules.parse_action(state, state.action_name(action, "zh")) == action
        state.apply_action(rng.choice(state.legal_actions()))


def test_exchange_games_name_their_moves_in_chinese() -> None:
    for game in ("exchange-score", "exchange-score-jokers", "swap-cards"):
        text = played(game)
        assert "[1] 不换" in text and "补牌还剩：" in text
        # each exchange on its own, or a long menu's exchanges on one line, named as typed
        assert re.search(
            r"\[2\] 以\S+换\S+|\[2–\d+\] 换牌：\S+共\d+种，可按名称输入，如以\S+换\S+", text
        )


def test_run_fast_names_its_plays_in_chinese() -> None:
    text = played("run-fast")
    assert re.search(r"（(单张|对子|三同张)\S+", text)


@pytest.mark.parametrize("game_id", ["run-fast", "exchange-score", "casino"])
def test_a_chinese_name_with_full_width_marks_is_typed(game_id: str) -> None:
    game = GAMES[game_id]()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.sample_chance(random.Random(1))
    for action in game.ordered_actions(state)[:12]:
        assert game.parse_action(state, state.action_name(action, "zh")) == action


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_in_chinese_name_only_options_and_ranks_in_latin(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule notes, sources and options in Chinese: the Latin left is the options' names (typed
    as they are) and runs of ranks such as J-Q-K-A."""
    from conjure.cli import main

    assert main(["--lang", "zh", "rules", game_id]) == 0
    out = capsys.readouterr().out
    names = {p for option in GAMES[game_id].options for p in re.split(r"[_\-0-9]", option.name)}
    left = [w for w in english_words(out, allow=names) if not re.fullmatch(r"[AKQJ-]+", w)]
    assert left == [], f"{game_id}: {left}"
