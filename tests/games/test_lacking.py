"""What the table knows a seat lacks: a card played off the suit led (where the rules oblige
following) shows the seat holds none of that suit, and trumps too where it must trump. Bots'
worlds respect it, every consistent world equally likely, and the facts read nothing hidden.

The conformance check (every game's) also asserts at every step that the facts are true of the
real hands and of every world dealt again."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from conjure.games import HANDS, GameState, lacking_shown
from conjure.games.bots import ISMCTSBot, MonteCarloBot
from conjure.plugins.host import load_plugins

GAMES = load_plugins().games
#: every trick game reads its plays for voids, and only they
TRICK_GAMES = sorted(
    [
        "avoid-hearts",
        "captain",
        "find-friends",
        "hearts-plus-fifty",
        "jack-high",
        "klaberjass",
        "nine-casino",
        "round-and-round",
        "sixty-six",
        "specification",
        "trump-agreement",
    ]
)


def suit(s: int, game_cards: list[int]) -> int:
    """The bitmask of the cards of suit ``s`` among ``game_cards``."""
    return sum(1 << c for c in game_cards if c < 52 and c // 13 == s)


def test_the_trick_games_and_only_they_read_plays_for_voids() -> None:
    assert sorted(g for g, cls in GAMES.items() if cls().shows_lacking) == TRICK_GAMES


def plays(game_id: str, seeds: range, **options: int) -> Any:
    """Every (state before, action) of random games of ``game_id`` (real, watched states)."""
    game = GAMES[game_id](**options)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            yield state.copy(), action
            state.apply_action(action)


def test_a_card_off_the_suit_led_shows_a_void_in_that_suit() -> None:
    game = GAMES["avoid-hearts"]()
    cards = game.all_cards()
    seen = 0
    for before, action in plays("avoid-hearts", range(6)):
        trick = before.zones["trick"]
        me = before.current
        after = before.copy()
        after.apply_legal(action)
        if not trick or after.is_terminal() or after.vars.deals != before.vars.deals:
            continue
        led = trick[0] // 13
        shown = after.lacking[me] if after.lacking else 0
        if action // 13 != led:
            seen += 1
            assert shown & suit(led, cards) == suit(led, cards)
        else:  # following shows nothing new
            assert shown == (before.lacking[me] if before.lacking else 0)
    assert seen > 20


def test_where_trumping_is_obliged_a_plain_discard_shows_no_trumps_either() -> None:
    """Sixty-six: follow suit, else trump, else anything."""
    game = GAMES["sixty-six"]()
    cards = game.all_cards()
    discards = trumped = 0
    for before, action in plays("sixty-six", range(30)):
        trick = before.zones["trick"]
        if not trick or action >= 64:
            continue
        led, trump = trick[0] // 13, before.vars.trump
        shown = lacking_shown(game, before, action)
        if action // 13 == led:
            assert shown == 0
        elif action // 13 == trump:
            trumped += 1
            assert shown == suit(led, cards)
        else:
            discards += 1
            assert shown == suit(led, cards) | suit(trump, cards)
    assert discards > 5 and trumped > 5


def test_where_following_is_free_nothing_is_shown() -> None:
    """Specification: while the stock lasts any card may be played."""
    game = GAMES["specification"]()
    off = 0
    for before, action in plays("specification", range(10)):
        trick = before.zones["trick"]
        if trick and before.zones["stock"] and action < 64:
            off += action // 13 != trick[0] // 13
            assert lacking_shown(game, before, action) == 0
    assert off > 10


def test_a_card_that_may_always_be_played_shows_nothing() -> None:
    """Hearts plus fifty: the 2 of hearts may be played even by a player who could follow."""
    game = GAMES["hearts-plus-fifty"]()
    two = 1 * 13 + 1  # ♥2
    found = 0
    for before, action in plays("hearts-plus-fifty", range(40)):
        trick = before.zones["trick"]
        if action == two and trick and trick[0] // 13 != 1:
            found += 1
            assert lacking_shown(game, before, action) == 0
    assert found


@pytest.mark.parametrize("game_id", ["avoid-hearts", "sixty-six", "round-and-round", "captain"])
def test_every_world_respects_the_voids_shown(game_id: str) -> None:
    game = GAMES[game_id]()
    checked = 0
    for state, _ in plays(game_id, range(3)):
        if not any(state.lacking):
            continue
        for observer in range(game.num_players):
            for k in range(20):
                world = game.determinize(state, observer, random.Random(k))
                for seat, mask in enumerate(state.lacking):
                    assert not any(mask >> c & 1 for c in world.zones[HANDS[seat]])
                checked += 1
    assert checked > 200


def hidden_from(state: GameState[Any], observer: int) -> dict[str, list[int]]:
    return {
        zone: [c for i, c in enumerate(cards) if not state.sees(observer, zone, i, c)]
        for zone, cards in state.zones.items()
    }


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_the_facts_and_the_worlds_read_no_hidden_card(game_id: str) -> None:
    """What a play shows is the same in every world consistent with what the table saw (so it
    does not read the mover's hand), and the worlds a seat deals are the same whatever the
    cards it cannot see are."""
    game = GAMES[game_id]()
    checked = 0
    for state, action in itertools.islice(plays(game_id, range(2)), 0, None, 3):
        me = state.current
        other = (me + 1) % game.num_players
        world = game.determinize(state, other, random.Random(7))
        assert lacking_shown(game, world, action) == lacking_shown(game, state, action)
        if any(state.lacking):
            a = game.determinize(state, other, random.Random(11))
            b = game.determinize(world, other, random.Random(11))
            assert a.to_json() == b.to_json()
            checked += 1
    assert checked or game_id in ("jack-high", "sixty-six", "trump-agreement")


def test_the_facts_survive_a_saved_game() -> None:
    for state, _ in plays("avoid-hearts", range(1)):
        if any(state.lacking):
            game = state.game
            again = game.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.lacking == state.lacking
            return
    raise AssertionError("no void shown")


def test_a_hidden_card_drawn_ends_what_the_seat_showed() -> None:
    """Sixty-six: a seat that shows a void and then draws from the face-down stock may have
    drawn a card of that suit, so the fact ends there; once the stock is closed it lasts."""
    game = GAMES["sixty-six"]()
    ended = kept = 0
    for before, action in plays("sixty-six", range(40)):
        if len(before.zones["trick"]) != 1 or not lacking_shown(game, before, action):
            continue
        after = before.copy()
        after.apply_legal(action)
        if after.vars.deals != before.vars.deals or after.is_terminal():
            continue
        me = before.current
        if len(before.zones["stock"]) > 2 and not before.vars.closed:
            drawn = set(after.zones[HANDS[me]]) - set(before.zones[HANDS[me]])
            if after.known.get(drawn.pop(), 0) != -1:  # a card nobody saw (not the turned one)
                assert not after.lacking or not after.lacking[me]
                ended += 1
        elif not before.zones["stock"] or before.vars.closed:
            had = before.lacking[me] if before.lacking else 0
            assert after.lacking[me] == lacking_shown(game, before, action) | had
            kept += 1
    assert ended and kept


def test_bots_and_their_playouts_never_read_plays_for_voids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The facts are kept for the game being played; a bot's worlds and playouts skip them."""
    game = GAMES["avoid-hearts"]()
    state = next(s for s, _ in plays("avoid-hearts", range(1)) if any(s.lacking))
    assert state.watched and not game.determinize(state, 0, random.Random(1)).watched

    def refuse(*_: object) -> int:
        raise AssertionError("read a play for voids inside a bot")

    monkeypatch.setattr(type(game), "_lacking_shown", refuse)
    MonteCarloBot(worlds=4).choose(state, random.Random(1))
    ISMCTSBot(iterations=50).choose(state, random.Random(1))


def test_where_a_led_trump_must_be_beaten_a_lower_trump_shows_none_higher() -> None:
    """Klaberjass with ``strict=1``: trump when void, and beat a led trump when able."""
    from conjure_games.klaberjass import RANKING

    game = GAMES["klaberjass"](strict=1)
    cards = game.all_cards()
    under = discards = 0
    for before, action in plays("klaberjass", range(40), strict=1):
        trick = before.zones["trick"]
        if not trick or action >= 64:
            continue
        led, trump = trick[0], before.vars.trump
        strength = RANKING.strength[trump]
        shown = lacking_shown(game, before, action)
        if led // 13 == trump and action // 13 == trump and strength[action] < strength[led]:
            under += 1
            assert shown == sum(
                1 << c for c in cards if c // 13 == trump and strength[c] > strength[led]
            )
        elif led // 13 != trump and action // 13 not in (led // 13, trump):
            discards += 1
            assert shown == suit(led // 13, cards) | suit(trump, cards)
    assert under and discards
