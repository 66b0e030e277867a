"""Every world a bot deals agrees with everything its seat has seen: the cards it sees where
they lie, the hidden ones within their pools, and the table's facts (voids shown, denials
heard, ranks an asker must hold, no hand with a whole quartet, a called card not buried).
One test per family of games plays real games and checks every world of every seat; planted
worlds that break a fact are caught; and the exact deal is uniform over the consistent
deals."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from conjure.games import HANDS, Facts, GameState, inference
from conjure.games.inference import contradiction, deal
from conjure.plugins.host import load_plugins

GAMES = load_plugins().games

#: the games by family (the module of conjure.games their rules come from, or their kind)
FAMILIES = {
    "trick": ["avoid-hearts", "sixty-six", "find-friends", "klaberjass", "captain"],
    "asking": ["go-fish", "ask-for-cards"],
    "capture": ["casino", "pick-up-score", "ten-exchange"],
    "climbing": ["run-fast"],
    "melds": ["hundred-point-knock", "exchange-score", "swap-cards"],
    "showdown": ["three-card-showdown", "goofspiel"],
}


def test_the_families_name_every_game_but_those_like_one_named() -> None:
    named = {g for games in FAMILIES.values() for g in games}
    assert named <= set(GAMES)
    # the rest are trick games of the same machinery, or a variant of one named
    rest = set(GAMES) - named
    assert rest <= {
        "hearts-plus-fifty",
        "jack-high",
        "nine-casino",
        "round-and-round",
        "specification",
        "trump-agreement",
        "exchange-score-jokers",
    }


def positions(game_id: str, seeds: range, every: int = 3) -> Iterator[GameState[Any]]:
    """Every ``every``-th state of random games of ``game_id`` where a player is to move."""
    game = GAMES[game_id]()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < 240:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            if step % every == 0:
                yield state
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            step += 1


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_no_world_contradicts_what_its_seat_has_seen(family: str) -> None:
    facts = worlds = 0
    for game_id in FAMILIES[family]:
        game = GAMES[game_id]()
        for state in positions(game_id, range(2)):
            facts += bool(game.world_facts(state))
            for seat in range(game.num_players):
                assert contradiction(state, state, seat) is None  # the facts are true
                for k in range(2):
                    world = game.determinize(state, seat, random.Random(k))
                    wrong = contradiction(world, state, seat)
                    assert wrong is None, f"{game_id}, seat {seat + 1}: {wrong}"
                    worlds += 1
    assert worlds > 100
    if family in ("trick", "asking"):
        assert facts > 20  # the facts were there to be broken


def swap_into(world: GameState[Any], zone: str, card: int, observer: int) -> bool:
    """Put hidden ``card`` into a hidden place of ``zone`` of ``world``, swapping it with the
    card there (both hidden from ``observer``); False when it cannot be done."""
    state = world
    src = next((z for z, cards in state.zones.items() if card in cards), None)
    if src is None or src == zone:
        return False
    places = [i for i, c in enumerate(state.zones[zone]) if not state.sees(observer, zone, i, c)]
    if not places:
        return False
    i = places[0]
    j = state.zones[src].index(card)
    state.zones[zone][i], state.zones[src][j] = card, state.zones[zone][i]
    return True


def test_a_world_that_breaks_a_shown_void_fails() -> None:
    planted = 0
    for state in positions("avoid-hearts", range(4), every=1):
        if not state.lacking:
            continue
        game = state.game
        seat = next(p for p, m in enumerate(state.lacking) if m)
        observer = (seat + 1) % game.num_players
        world = game.determinize(state, observer, random.Random(1))
        assert contradiction(world, state, observer) is None
        lacked = [
            c
            for z, cards in world.zones.items()
            if z not in (HANDS[seat], HANDS[observer])
            for i, c in enumerate(cards)
            if state.lacking[seat] >> c & 1 and not world.sees(observer, z, i, c)
        ]
        if lacked and swap_into(world, HANDS[seat], lacked[0], observer):
            wrong = contradiction(world, state, observer)
            assert wrong is not None and "where the table knows it is not" in wrong
            planted += 1
    assert planted > 10


def test_a_world_that_gives_a_denied_rank_back_or_a_whole_quartet_fails() -> None:
    denials = quartets = 0
    for state in positions("go-fish", range(3), every=3):  # about 500 denials, 35 quartets
        game = state.game
        denied = state.vars.denied
        for seat, mask in enumerate(denied):
            if not mask:
                continue
            observer = (seat + 1) % game.num_players
            world = game.determinize(state, observer, random.Random(2))
            assert contradiction(world, state, observer) is None
            hidden = [c for z, cards in world.zones.items() if z != HANDS[seat] for c in cards]
            card = next((c for c in hidden if mask >> c & 1), None)
            if card is not None and swap_into(world, HANDS[seat], card, observer):
                assert contradiction(world, state, observer) is not None
                denials += 1
        # four of a rank in one hidden hand: no hand holds a whole quartet
        observer = state.current
        world = game.determinize(state, observer, random.Random(3))
        for r in range(13):
            rank = [r + 13 * s for s in range(4)]
            target = next(
                (
                    HANDS[p]
                    for p in range(game.num_players)
                    if p != observer and len(world.zones[HANDS[p]]) >= 4
                ),
                None,
            )
            where = [z for z, cards in world.zones.items() for c in cards if c in rank]
            if target and all(
                z not in (HANDS[observer],) and not z.startswith("quartets") for z in where
            ):
                trial = world.copy()
                hand = trial.zones[target]
                ok = all(
                    c in hand or swap_into(trial, target, c, observer)
                    for c in rank
                    if c not in hand
                )
                # the swaps may move one of the rank out again: count the hand
                if ok and sum(c in trial.zones[target] for c in rank) == 4:
                    wrong = contradiction(trial, state, observer)
                    assert wrong is not None
                    quartets += 1
                break
    assert denials > 5 and quartets > 5


def test_no_world_of_another_seat_puts_the_called_card_in_the_kitty() -> None:
    """Find friends: the declarer may call only a card he neither holds nor buried."""
    checked = 0
    for state in positions("find-friends", range(6), every=1):
        v = state.vars
        if v.called < 0 or v.partner >= 0:
            continue
        game = state.game
        for seat in range(game.num_players):
            if seat == v.declarer or v.called in state.zones[HANDS[seat]]:
                continue
            for k in range(3):
                world = game.determinize(state, seat, random.Random(k))
                assert v.called not in world.zones["kitty"]
                assert v.called not in world.zones[HANDS[v.declarer]]
                checked += 1
            # planted: the called card buried
            world = game.determinize(state, seat, random.Random(9))
            if swap_into(world, "kitty", v.called, seat):
                assert contradiction(world, state, seat) is not None
    assert checked > 100


def brute_force(cards: list[int], zones: list[str], facts: Facts) -> set[tuple[int, ...]]:
    good = set()
    for dealt in itertools.permutations(cards):
        by_zone: dict[str, list[int]] = {}
        for c, z in zip(dealt, zones, strict=True):
            by_zone.setdefault(z, []).append(c)
        if any(facts.forbid.get(z, 0) >> c & 1 for c, z in zip(dealt, zones, strict=True)):
            continue
        if any(
            ranks >> r & 1 and not any(c % 13 == r for c in by_zone.get(z, ()))
            for z, ranks in facts.need.items()
            for r in range(13)
        ):
            continue
        if any(
            max(Counter(c % 13 for c in by_zone.get(z, ())).values(), default=0) > facts.most
            for z in facts.ranked
        ):
            continue
        good.add(dealt)
    return good


def test_the_exact_deal_is_uniform_over_the_consistent_deals() -> None:
    """Two ranks of four (the aces and the twos) and a king to three places of A, three of B
    and a free place: A must hold a two, B may not hold the ace of spades, and neither holds
    more than two of a rank. Every consistent deal comes up about equally often and nothing
    else does (chi-square, one-in-a-million level)."""
    cards = sorted([0, 13, 26, 39, 1, 14, 27, 40, 12])[:7]
    zones = ["A", "A", "A", "B", "B", "B", "S"]
    facts = Facts(forbid={"B": 1 << 0}, need={"A": 1 << 1}, most=2, ranked=("A", "B"))
    valid = brute_force(cards, zones, facts)
    assert 50 < len(valid) < 5040
    rng = random.Random(7)
    n = 60 * len(valid)
    counts = Counter(tuple(deal(cards, zones, facts, {}, rng) or ()) for _ in range(n))
    assert set(counts) == valid
    expected = n / len(valid)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in valid)
    df = len(valid) - 1
    assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


def test_a_plain_shuffle_first_keeps_the_deal_uniform() -> None:
    """With more than three constrained zones a plain shuffle is tried first and kept only
    when consistent: still uniform."""
    cards = [0, 13, 26, 1, 14, 2]
    zones = ["A", "B", "C", "D", "E", "E"]
    facts = Facts(forbid={"A": 1 << 0, "B": 1 << 13, "C": 1 << 26, "D": 1 << 1})
    valid = brute_force(cards, zones, facts)
    rng = random.Random(3)
    n = 200 * len(valid)
    counts = Counter(tuple(deal(cards, zones, facts, {}, rng) or ()) for _ in range(n))
    assert set(counts) == valid
    expected = n / len(valid)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in valid)
    df = len(valid) - 1
    assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


def test_the_search_and_its_mixing_deal_uniformly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where many zones are constrained and no plain shuffle is kept, the search finds a
    consistent table whose deals are far from equally likely; mixed by swaps that keep every
    fact, each consistent deal comes up about equally often (what each zone holds, compared
    with the exact enumeration; chi-square at the one-in-a-million level)."""
    monkeypatch.setattr(inference, "_TRIES", 0)  # every deal by the search
    cards = [0, 1, 2, 13, 14, 15, 27, 40]
    zones = ["A", "A", "B", "B", "C", "C", "D", "D"]
    facts = Facts(
        forbid={"A": 1 << 13 | 1 << 15, "B": 1 << 0 | 1 << 1, "C": 1 << 1 | 1 << 2,
                "D": 1 << 27 | 1 << 40},
        need={"B": 1 << 1, "D": 1 << 0},
    )  # fmt: skip

    def held(dealt: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(sorted(c for c, z in zip(dealt, zones, strict=True) if z == g)) for g in "ABCD"
        )

    valid = Counter(held(d) for d in brute_force(cards, zones, facts))
    assert len(valid) > 100
    total = sum(valid.values())
    rng = random.Random(7)
    n = 150 * len(valid)
    counts = Counter(held(deal(cards, zones, facts, {}, rng) or ()) for _ in range(n))
    assert set(counts) <= set(valid)
    chi2 = sum((counts[k] - n * v / total) ** 2 / (n * v / total) for k, v in valid.items())
    df = len(valid) - 1
    assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


def test_facts_no_deal_can_meet_are_refused() -> None:
    with pytest.raises(ValueError):
        deal([0, 1], ["A", "A"], Facts(forbid={"A": 0b1}), {}, random.Random(1))
    assert deal([0, 1], ["A", "B"], Facts(forbid={"C": 0b1}), {}, random.Random(1)) is None
