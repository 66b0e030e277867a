"""The game kit: the conformance check every game plugin runs."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from typing import Any

from conjure.deck.cards import CARDS
from conjure.errors import UsageError
from conjure.games.api import ALL, CHANCE, HANDS, TERMINAL, TOP, UNKNOWN_SIDE, Game, GameState


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


def check_game(
    game: Game[Any],
    seeds: Iterable[int] = range(40),
    bot_checks: int = 3,
    fast_seeds: Iterable[int] = range(3),
) -> int:
    """The conformance check every game gets: random games from ``seeds`` in which every
    state passes :func:`check_state`, no observation changes when the cards its seat cannot
    see are dealt again, and at the end the history alone (chance's outcomes included) replays
    to the same state. What the table knows a seat lacks (a suit it did not follow) must be
    true of the real hands and of every world dealt again, and every world must agree with
    everything its seat has seen (:func:`conjure.games.inference.contradiction`). Chance is
    answered outcome by outcome through the checked path in games from even seeds and by the
    sampled fast path in odd ones. ``bot_checks`` times per game, the Monte-Carlo bot's choice
    and the whole ISMCTS search (every information set and count) are checked not to change
    when the cards the seat cannot see are swapped. A game with its own fast random playout
    (:meth:`Game._play_random`) then has it proved equal to the checked path by
    :func:`check_fast_path` from ``fast_seeds``, at every player count and option setting.
    The game's :attr:`Game.table_bot` must name a bot. Returns the number of states checked.
    """
    from conjure.games.bots import BOTS, ISMCTSBot, MonteCarloBot
    from conjure.games.inference import contradiction

    assert game.table_bot in BOTS, (
        f"{game.id}: table_bot {game.table_bot!r} is not a bot (bots: {', '.join(BOTS)})"
    )
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
                truth = contradiction(state, state, player)
                assert truth is None, f"{where}: the table's facts are false: {truth}"
                world = game.determinize(state, player, random.Random(seed * 31 + step))
                wrong_world = contradiction(world, state, player)
                assert wrong_world is None, (
                    f"{where}: player {player + 1}'s world contradicts what they saw: {wrong_world}"
                )
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
    return checked + check_fast_path(game, fast_seeds)


def check_fast_playout(state: GameState[Any], seed: int) -> int:
    """Check a game's own fast random playout (:meth:`Game._play_random`) against its checked
    public methods from ``state`` (a player to move, or chance within a deal): random play to
    the end of the deal both ways, from the same random numbers for the players and the same
    for chance, must make the same moves and leave the same state. The fast side is driven as
    :func:`conjure.games.bots.random_playout` drives it: the game's loop from a player's turn,
    chance sampled where it stops (or let act inside the loop, as the contract allows), the
    deal's end where the deal number changes. Both sides start from copies that, like a bot's
    worlds, do not read their plays for what they show. A fast path that asks for a pick after
    the checked path has ended (one that would play on, perhaps for ever) or raises is failed
    there. Returns the number of moves; an ``AssertionError`` says where the two part.
    """
    game = state.game
    assert game.audit(state) is None, game.audit(state)
    deal = game._deal_number(state)
    slow, fast = state.copy(), state.copy()
    slow.watched = fast.watched = False
    picks, chance = random.Random(seed), random.Random(~seed)
    moves = 0
    while slow.current != TERMINAL:
        if slow.current == CHANCE:
            if game._deal_number(slow) != deal:
                break
            slow.sample_chance(chance)
            continue
        actions = slow.legal_actions()
        slow.apply_action(actions[int(picks.random() * len(actions))])
        moves += 1
    draw, chance = random.Random(seed).random, random.Random(~seed)
    drawn = 0

    def pick() -> float:
        # a pick a move: one past the checked path's moves means the fast path plays on where
        # the checked one ended (and might never stop)
        nonlocal drawn
        drawn += 1
        if drawn > moves:
            raise _PlaysOn
        return draw()

    made = 0
    try:
        while fast.current != TERMINAL:
            if fast.current == CHANCE:
                if game._deal_number(fast) != deal:
                    break
                fast.sample_chance(chance)
                continue
            start = len(fast.history)
            made += game._play_random(fast, pick, chance)
            assert len(fast.history) > start, "the fast playout made no move from a player's turn"
    except _PlaysOn:
        where = _parting(slow.history, fast.history, len(state.history))
        raise AssertionError(
            f"the fast playout plays on past the checked path's {moves} moves "
            f"(the histories part at {where})"
        ) from None
    except AssertionError:
        raise
    except Exception as exc:
        where = _parting(slow.history, fast.history, len(state.history))
        raise AssertionError(
            f"the fast playout raises {type(exc).__name__}: {exc} (the histories part at {where})"
        ) from exc
    where = _parting(slow.history, fast.history, len(state.history))
    assert fast.history == slow.history, (
        f"the fast playout's history parts from the checked path's at {where}"
    )
    assert made == moves, f"the fast playout says it made {made} moves, the checked path {moves}"
    slow_json, fast_json = slow.to_json(), fast.to_json()
    for key in slow_json:
        assert fast_json[key] == slow_json[key], (
            f"the fast playout leaves another {key!r}: {_diff(fast_json[key], slow_json[key])}"
        )
    return moves


class _PlaysOn(Exception):
    """The fast playout asked for a pick after the checked path had ended."""


def check_fast_path(game: Game[Any], seeds: Iterable[int] = range(3)) -> int:
    """Prove a game's own fast random playout equal to its checked path: for every player
    count the game allows, with every option at its default and, one at a time, at its lowest
    and highest values (:func:`fast_settings`), random games from ``seeds`` are walked by the
    checked path and :func:`check_fast_playout` is run from the first player's turn of each of
    the first two deals, from a position chosen at random in the first deal, and from a world
    dealt again there for a random seat (the positions bots' playouts start from). Nothing is
    checked for a game without a fast playout. Returns the number of positions checked; an
    ``AssertionError`` names the setting, the seed and the position where the paths part."""
    if not game.fast_playout:
        return 0
    seeds = list(seeds)
    checked = 0
    for setting in fast_settings(game):
        for seed in seeds:
            for label, state in _fast_starts(setting, seed):
                try:
                    check_fast_playout(state, seed)
                except AssertionError as exc:
                    players = setting.num_players
                    raise AssertionError(
                        f"{game.id} ({players} players, {_options(setting)}) seed {seed}, "
                        f"from {label} after {len(state.history)} actions: {exc}"
                    ) from None
                checked += 1
    return checked


def fast_settings(game: Game[Any]) -> list[Game[Any]]:
    """The games :func:`check_fast_path` plays: ``game`` itself, then each player count the
    game allows with every option at its default, and with each option in turn at its lowest
    and its highest value (a setting the game refuses is left out)."""
    kind = type(game)
    variants: list[dict[str, int]] = [{}]
    for option in kind.options:
        for value in (option.low, option.high):
            if value != option.default:
                variants.append({option.name: value})
    out = [game]
    seen = {(game.num_players, tuple(sorted(game.option_values.items())))}
    for players in kind.players:
        for variant in variants:
            try:
                other = kind(players, **variant)
            except UsageError:
                continue
            key = (other.num_players, tuple(sorted(other.option_values.items())))
            if key not in seen:
                seen.add(key)
                out.append(other)
    return out


def _fast_starts(game: Game[Any], seed: int) -> Iterator[tuple[str, GameState[Any]]]:
    """Positions of a random game from ``seed`` walked by the checked path: the first
    player's turn of the first two deals, a turn chosen at random in the first deal, and a
    world dealt again at that turn for a random seat."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    mid = 1 + int(rng.random() * 24)
    one_deal = type(game)._deal_number is Game._deal_number
    first_deal = game._deal_number(state)
    deal = -1
    step = 0
    while state.current != TERMINAL:
        if state.current == CHANCE:
            if seed % 2:
                state.sample_chance(rng)
            else:
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            continue
        number = game._deal_number(state)
        if number != deal:
            deal, step = number, 0
            if number != first_deal:
                yield "the start of the second deal", state.copy()
                return
            yield "the start of the deal", state.copy()
        elif step == mid and number == first_deal:
            yield "a turn mid-deal", state.copy()
            seat = int(rng.random() * game.num_players)
            yield (
                f"a world dealt again for player {seat + 1}",
                game.determinize(state, seat, random.Random(seed)),
            )
            if one_deal:
                return
        legal = state.legal_actions()
        state.apply_legal(legal[int(rng.random() * len(legal))])
        step += 1


def _options(game: Game[Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in game.option_values.items()) or "no options"


def _parting(a: list[int], b: list[int], start: int) -> str:
    """Where two histories first differ, in words."""
    for i in range(start, max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            return f"action {i} (checked {x}, fast {y})"
    return "no action"


def _diff(got: Any, want: Any) -> str:
    """What differs between two parts of a state's JSON, in a few words."""
    if isinstance(got, dict) and isinstance(want, dict):
        keys = [k for k in sorted(set(got) | set(want), key=str) if got.get(k) != want.get(k)]
        return "; ".join(f"{k}: {got.get(k)!r}, checked {want.get(k)!r}" for k in keys[:3])
    return f"{got!r}, checked {want!r}"
