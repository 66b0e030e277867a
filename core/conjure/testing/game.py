"""The game kit: the conformance check every game plugin runs."""

from __future__ import annotations

from collections.abc import Iterable

from conjure.deck.cards import CARDS
from conjure.games.api import Game


def check_game(game: Game, seeds: Iterable[int] = range(40), bot_checks: int = 3) -> int:
    """The conformance check every game gets: random playouts from ``seeds`` in which, at every
    step, legal actions are never empty before the end, every card of the game lies in exactly
    one zone, no observation shows a card its seat cannot see (and none changes when those
    cards are dealt again), the state survives a JSON round trip, the game's own totals agree
    (:meth:`Game.audit`), and at the end the same seed and actions replay to the same state.
    ``bot_checks`` times per game, the Monte-Carlo bot's choice is checked not to change when
    the cards it cannot see are swapped. Returns the number of states checked.
    """
    import json
    import random

    from conjure.games.bots import MonteCarloBot

    everything = sorted(game.all_cards())
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        bot_at = set(rng.sample(range(60), bot_checks))
        step = 0
        while True:
            checked += 1
            cards = sorted(c for zone in state.zones.values() for c in zone)
            assert cards == everything, f"{game.id} seed {seed} step {step}: cards lost or doubled"
            problem = game.audit(state)
            assert problem is None, f"{game.id} seed {seed} step {step}: {problem}"
            data = json.loads(json.dumps(state.to_json()))
            again = game.state_from_json(data)
            assert again.to_json() == state.to_json(), (
                f"{game.id}: JSON round trip changed the state"
            )
            for player in range(game.num_players):
                obs = state.observation(player)
                for zone, shown in obs["zones"].items():
                    for i, (text, code) in enumerate(zip(shown, state.zones[zone], strict=True)):
                        if text is not None:
                            assert state.sees(player, zone, i, code)
                            assert text == CARDS[code].ascii
                world = game.determinize(state, player, random.Random(seed * 31 + step))
                assert world.observation(player) == obs, (
                    f"{game.id} seed {seed} step {step}: player {player}'s observation depends "
                    "on cards they cannot see"
                )
            if state.terminal:
                break
            legal = list(game.legal_actions(state))
            assert legal, f"{game.id} seed {seed} step {step}: no legal action before the end"
            assert len(set(legal)) == len(legal), f"{game.id}: an action is listed twice"
            if step in bot_at and len(legal) > 1:
                bot = MonteCarloBot(worlds=4)
                me = state.current
                swapped = game.determinize(state, me, random.Random(step))
                swapped.history = list(state.history)
                a = bot.choose(game, state, random.Random(99))
                b = bot.choose(game, swapped, random.Random(99))
                assert a == b, f"{game.id} seed {seed}: the bot's choice depends on hidden cards"
            game.play(state, legal[int(rng.random() * len(legal))])
            step += 1
        assert len(game.returns(state)) == game.num_players
        replayed = game.replay(seed, state.history)
        assert replayed.to_json() == state.to_json(), f"{game.id} seed {seed}: replay differs"
    return checked
