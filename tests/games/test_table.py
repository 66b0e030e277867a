"""Terminal play tells no secrets: every shipped game is played through ``conjure play`` as each
seat, and nothing printed about a move or the story of the table names a card that seat cannot
see at that moment. The table tells the story: tricks, deals and their reasons."""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterator
from typing import Any

import pytest

from conjure.cli import main
from conjure.deck.cards import CARDS
from conjure.games import GameState, MatchGame
from conjure.plugins.host import load_plugins

GAMES = sorted(load_plugins().games)
CARD = re.compile(r"(10|[2-9AJQK])[♠♥♣♦]")
NAMES = {str(CARDS[c]): CARDS[c].ascii for c in range(52)}


def answers(limit: int) -> Iterator[str]:
    """What the person types: the first move listed, yes to every question, then quit."""
    for _ in range(limit):
        yield "1"
    while True:
        yield "q"


def spoken(text: str) -> list[str]:
    """The lines that report a move or tell the story (the table's picture is drawn from what
    the seat sees and is checked by the conformance kit)."""
    return [
        line
        for line in text.splitlines()
        if line.startswith(("player ", "you: ", "  ")) and not line.startswith("  │")
    ]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [1, 2])
def test_play_names_no_card_the_seat_cannot_see(
    game_id: str, seat: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    me = seat - 1
    seen: set[str] = set()  # what the seat saw in this deal
    before: set[str] = set()  # … and in the deal before, which the story may still tell
    deal = [None]
    leaks: list[str] = []

    def visible(state: GameState[Any]) -> set[str]:
        called = getattr(state.vars, "called", -1)  # a card called aloud (find-friends) is named,
        named = {CARDS[called].ascii} if 0 <= called < 52 else set()  # not shown
        return named | {
            CARDS[c].ascii
            for zone, cards in state.zones.items()
            for i, c in enumerate(cards)
            if state.sees(me, zone, i, c)
        }

    def look(state: GameState[Any]) -> None:
        """After each change of state: what was printed since names only cards the seat saw,
        in this deal or the one just ended, before or after the change."""
        now = visible(state)
        allowed = seen | before | now
        for line in spoken(capsys.readouterr().out):
            for match in CARD.finditer(line):
                if NAMES[match.group(0)] not in allowed:
                    leaks.append(f"{match.group(0)} in {line.strip()!r}")
        number = state.game._deal_number(state)
        if number != deal[0]:  # a new deal: what was seen of the one before it is gone
            deal[0] = number
            before.clear()
            before.update(seen)
            seen.clear()
        seen.update(now)

    start_deal = MatchGame._start_deal

    def start_deal_and_look(self: MatchGame[Any], state: GameState[Any]) -> None:
        seen.update(visible(state))  # the last moment of a deal, before the cards are gathered
        start_deal(self, state)

    monkeypatch.setattr(MatchGame, "_start_deal", start_deal_and_look)

    apply, sample = GameState.apply_action, GameState.sample_chance

    def apply_and_look(self: GameState[Any], action: int) -> None:
        apply(self, action)
        look(self)

    def sample_and_look(self: GameState[Any], rng: Any) -> None:
        sample(self, rng)
        look(self)

    monkeypatch.setattr(GameState, "apply_action", apply_and_look)
    monkeypatch.setattr(GameState, "sample_chance", sample_and_look)
    typed = answers(60)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    assert main(["play", game_id, "--seat", str(seat), "--bot", "random", "--seed", "3"]) == 0
    assert not leaks, leaks[:5]


def test_a_face_down_bid_is_printed_face_down(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = iter(["13", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    assert main(["play", "goofspiel", "--seed", "2", "--seat", "2", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "player 1 (random): a card face down" in out
    assert re.search(r"bids (10|[2-9AJQK])♠ and K♥", out)  # turned up together


def test_the_table_tells_the_story_of_a_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = answers(400)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    args = ["play", "sixty-six", "--seed", "5", "--bot", "random", "--option", "target=1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "trump is" in out and "wins the trick" in out
    assert re.search(r"declared|nobody declared", out)  # the deal's end and its reason
    assert "match score" in out and "Game over" in out


@pytest.mark.parametrize("game", ["klaberjass", "nine-casino"])
def test_two_card_trick_games_tell_who_won_each_trick(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = answers(12)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    assert main(["play", game, "--seed", "1", "--bot", "random"]) == 0
    told = re.findall(r"player ([12]) wins the trick \((\S+) (\S+)\)", capsys.readouterr().out)
    assert len(told) >= 4


def test_an_illegal_card_is_refused_with_the_reason_and_the_moves_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.games.test_sixty_six import c, example_state

    from conjure_games.sixty_six import SixtySix

    game = SixtySix()
    s = example_state(game)
    s.apply_action(c("AD"))  # the other holds ♦K and must follow
    s.current = 1
    with pytest.raises(Exception, match=r"cannot be played now: you must follow suit \(♦\)"):
        game.parse_action(s, "KC")
    with pytest.raises(Exception, match="it is not in your hand"):
        game.parse_action(s, "AS")
    typed = iter(["AH", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    assert main(["play", "round-and-round", "--seed", "1", "--bot", "random", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "A♥ cannot be played now" in out
    assert out.count("Your move:") == 2  # the legal moves shown again


@pytest.mark.parametrize("width", [40, 60, 100])
def test_the_menu_breaks_lines_only_between_moves(width: int) -> None:
    from rich.console import Console

    from conjure.view.play import moves_text

    game = load_plugins().games["casino"]()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    out = Console(width=width, file=None, record=True, highlight=False)
    with out.capture() as captured:
        out.print(moves_text(game, state, out.width))
    lines = captured.get().splitlines()
    items = [f"[{i}] {state.action_name(a)}" for i, a in enumerate(game.ordered_actions(state), 1)]
    assert len(items) > 3
    for item in items:  # every move whole on one line
        assert any(item in line for line in lines), (item, lines)
    assert all(len(line.rstrip()) <= width for line in lines)
    assert len(lines) > 1 or width == 100
