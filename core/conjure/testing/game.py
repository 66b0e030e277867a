"""The game kit: the conformance check every game plugin runs."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from conjure.deck.cards import CARDS
from conjure.games.api import ALL, CHANCE, HANDS, TOP, UNKNOWN_SIDE, Game, GameState


def visible_to(game: Game[Any], state: GameState[Any], player: int) -> dict[str, list[bool]]:
    """Which cards ``player`` may see, zone by zone, restated from the rules of visibility
    alone (the zone's rule, and the cards shown to the player), without asking the state."""
    out: dict[str, list[bool]] = {}
    for zone, cards in state.zones.items():
        rule = game.visibility[zone]
        flags = []
        for i, card in enumerate(cards):
            if rule == ALL or (isinstance(rule, int) and rule == player):
                flags.append(True)
            elif rule == TOP:
                flags.append(i == 0 or bool(state.known.get(card, 0) & (1 << player)))
            else:
                flags.append(bool(state.known.get(card, 0) & (1 << player)))
        out[zone] = flags
    return out


def _where(step: str, what: str) -> str:
    return f"{step}: {what}"


def _lacks_held(state: GameState[Any]) -> tuple[int, int] | None:
    """A (seat, card) whose hand holds a card the table's facts say it lacks, or None."""
    for seat, mask in enumerate(state.lacking):
        for card in state.zones[HANDS[seat]]:
            if mask >> card & 1:
                return seat, card
    return None


def check_state(game: Game[Any], state: GameState[Any], step: str = "") -> None:
    """Every check that holds in any one state: cards accounted for, the game's own totals,
    observations that hide exactly what the rules hide, chance outcomes that add up to 1, and
    a JSON round trip that changes no observation and no legal action."""
    everything = sorted(game.all_cards())
    cards = sorted(c for zone in state.zones.values() for c in zone)
    assert cards == everything, _where(step, "cards lost or doubled")
    if state.current != CHANCE:  # between deals a game's running totals may await the deal
        problem = game.audit(state)
        assert problem is None, _where(step, problem)
    for player in range(game.num_players):
        obs = state.observation(player)
        allowed = visible_to(game, state, player)
        for zone, shown in obs["zones"].items():
            for i, (text, code) in enumerate(zip(shown, state.zones[zone], strict=True)):
                if allowed[zone][i]:
                    assert text == CARDS[code].ascii, _where(
                        step, f"player {player + 1} should see {CARDS[code]} in {zone}"
                    )
                else:
                    assert text is None, _where(
                        step, f"player {player + 1} sees {CARDS[code]} in {zone}, which is hidden"
                    )
    teams = state.teams()
    if teams:
        sides = len(game.team_names())
        assert len(teams) == game.num_players, _where(step, "teams() does not name every seat")
        assert all(t == UNKNOWN_SIDE or 0 <= t < sides for t in teams), _where(
            step, f"teams() names a side that team_names() does not have: {teams}"
        )
    if state.current == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, _where(step, "a chance node without outcomes")
        total = sum(p for _, p in outcomes)
        assert abs(total - 1) < 1e-9, _where(step, f"chance probabilities add up to {total}")
        assert not state.legal_actions(), _where(step, "a chance node lists player actions")
    elif not state.is_terminal():
        legal = list(state.legal_actions())
        assert legal, _where(step, "no legal action before the end")
        assert len(set(legal)) == len(legal), _where(step, "an action is listed twice")
    data = json.loads(json.dumps(state.to_json()))
    again = game.state_from_json(data)
    for player in range(game.num_players):
        assert again.observation(player) == state.observation(player), _where(
            step, f"player {player + 1}'s observation changes in a JSON round trip"
        )
    assert list(again.legal_actions()) == list(state.legal_actions()), _where(
        step, "the legal actions change in a JSON round trip"
    )
    assert again.chance_outcomes() == state.chance_outcomes(), _where(
        step, "chance's outcomes change in a JSON round trip"
    )
    assert again.history == state.history, _where(step, "the history changes in a JSON round trip")
    assert again.lacking == state.lacking, _where(
        step, "what the table knows a seat lacks changes in a JSON round trip"
    )


def check_game(game: Game[Any], seeds: Iterable[int] = range(40), bot_checks: int = 3) -> int:
    """The conformance check every game gets: random games from ``seeds`` in which every
    state passes :func:`check_state`, no observation changes when the cards its seat cannot
    see are dealt again, and at the end the history alone (chance's outcomes included) replays
    to the same state. What the table knows a seat lacks (a suit it did not follow) must be
    true of the real hands and of every world dealt again. Chance is answered outcome by
    outcome through the checked path in games from even seeds and by the sampled fast path in
    odd ones. ``bot_checks`` times per game, the Monte-Carlo bot's choice and the whole ISMCTS
    search (every information set and count) are checked not to change when the cards the
    seat cannot see are swapped. Returns the number of states checked.
    """
    from conjure.games.bots import ISMCTSBot, MonteCarloBot

    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        bot_at = set(rng.sample(range(60), bot_checks))
        step = 0
        while True:
            where = f"{game.id} seed {seed} step {step}"
            checked += 1
            check_state(game, state, where)
            wrong = _lacks_held(state)
            assert wrong is None, (
                f"{where}: the table is said to know player {wrong[0] + 1} lacks "
                f"{CARDS[wrong[1]]}, which they hold"
            )
            for player in range(game.num_players):
                world = game.determinize(state, player, random.Random(seed * 31 + step))
                assert world.observation(player) == state.observation(player), (
                    f"{where}: player {player + 1}'s observation depends on cards they cannot see"
                )
                wrong = _lacks_held(world)
                assert wrong is None, (
                    f"{where}: player {player + 1}'s world deals {CARDS[wrong[1]]} to player "
                    f"{wrong[0] + 1}, who showed the table they lack it"
                )
            if state.is_terminal():
                break
            if state.current == CHANCE:
                if seed % 2:
                    state.sample_chance(rng)
                else:
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                step += 1
                continue
            legal = list(state.legal_actions())
            if step in bot_at and len(legal) > 1:
                me = state.current
                swapped = game.determinize(state, me, random.Random(step))
                swapped.history = list(state.history)
                a = MonteCarloBot(worlds=4).choose(state, random.Random(99))
                b = MonteCarloBot(worlds=4).choose(swapped, random.Random(99))
                assert a == b, f"{where}: the Monte-Carlo bot's choice depends on hidden cards"
                search = ISMCTSBot(iterations=16)
                a_ = search.search(state, random.Random(98))
                b_ = search.search(swapped, random.Random(98))
                assert a_ == b_, f"{where}: the ISMCTS search depends on hidden cards"
            state.apply_action(legal[int(rng.random() * len(legal))])
            step += 1
        assert len(state.returns()) == game.num_players
        if game.team_names():
            assert len(state.team_returns()) == len(game.team_names()), (
                f"{game.id} seed {seed}: team_returns() does not give every side a result"
            )
        replayed = game.replay(state.history)
        assert replayed.to_json() == state.to_json(), f"{game.id} seed {seed}: replay differs"
    return checked


def check_fast_playout(state: GameState[Any], seed: int) -> int:
    """Check a game's own fast random playout (``_play_random``) against its checked public
    methods from ``state`` (a player to move): random play to the end of the deal both ways,
    from the same random numbers, must make the same moves and leave the same state. Returns
    the number of moves; an ``AssertionError`` names what differs.
    """
    game = state.game
    assert game.audit(state) is None, game.audit(state)
    slow, fast = state.copy(), state.copy()
    rng = random.Random(seed)
    moves = 0
    while slow.current >= 0:
        actions = slow.legal_actions()
        slow.apply_action(actions[int(rng.random() * len(actions))])
        moves += 1
    made = game._play_random(fast, random.Random(seed).random, random.Random(0))
    assert made == moves, f"the fast playout made {made} moves, the checked path {moves}"
    assert fast.history == slow.history, (
        "the fast playout's history differs from the checked path's"
    )
    assert fast.to_json() == slow.to_json(), "the fast playout leaves another state"
    return moves
