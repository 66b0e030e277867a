"""What a seat's worlds must respect: the public facts about where the hidden cards lie, a
deal of the hidden cards drawn exactly from the deals consistent with them, and a check that
names the first way a world contradicts what a seat has seen.

The facts (:class:`Facts`) come from the game (:meth:`conjure.games.Game.world_facts`):

- ``forbid``: cards that cannot lie hidden in a zone: a suit a seat was seen not to follow
  (:attr:`conjure.games.GameState.lacking`), cards a seat truthfully denied when asked
  (:mod:`conjure.games.asking`), a called card the rules keep out of the kitty and out of the
  caller's hand (find-friends);
- ``need``: ranks a zone holds at least one card of (an asker who must hold the rank he asks
  for);
- ``most`` and ``ranked``: no zone of ``ranked`` holds more than ``most`` cards of a rank (a
  quartet is laid down the moment it is whole).

A card a seat was shown (a card handed over, a declaration, an exchange seen, a card turned
up) is not hidden from it at all (:meth:`conjure.games.GameState.sees`), so it is never dealt
again; the facts are about the cards that stay hidden.

:func:`deal` gives a consistent deal every time, never by rejection that can starve: the
hidden cards are split into *kinds* (the cards of one rank where a rank fact binds, else the
cards that may go to the same constrained zones), a small dynamic programme counts the deals
completing each partial table of kind -> zone counts, and each kind's row is drawn with
exactly its share, so every consistent deal is equally likely. Where more than three zones
are constrained (the asking games at five seats and more) the counting can cost a second, so
a few plain shuffles are tried first (one is kept only when it breaks no fact, so still
uniform), then a random search for a consistent table, whose deals are consistent but not
all equally likely, mixed by random swaps that keep every fact (:func:`_mix`, a walk that
rests on the uniform deal; ``tests/games/test_inference.py`` compares its deals with exact
ones), and the counting only when the search fails. :func:`contradiction` is the check every
test and the conformance kit use.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

#: the rank of a card code below 52 (jokers, 52 and up, have none)
_RANKED = 52


@attrs.frozen
class Facts:
    """Public facts about the hidden cards (see the module docstring). Every field lists
    zones by name; a zone not listed is free."""

    #: zone -> bitmask of the cards that cannot lie hidden there
    forbid: Mapping[str, int] = attrs.field(factory=dict)
    #: zone -> bitmask of the ranks (bit r) the zone holds at least one card of
    need: Mapping[str, int] = attrs.field(factory=dict)
    #: at most this many cards of one rank in a zone of ``ranked``
    most: int = 4
    ranked: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(
            any(self.forbid.values()) or any(self.need.values()) or (self.most < 4 and self.ranked)
        )

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted((z, m) for z, m in self.forbid.items() if m)),
            tuple(sorted((z, m) for z, m in self.need.items() if m)),
            self.most if self.ranked else 4,
            tuple(sorted(self.ranked)) if self.most < 4 else (),
        )


NO_FACTS = Facts()


def _rank(card: int) -> int:
    return card % 13 if card < _RANKED else -1


def deal(
    cards: Sequence[int],
    zones: Sequence[str],
    facts: Facts,
    shown: Mapping[str, Sequence[int]],
    rng: random.Random,
) -> list[int] | None:
    """Deal ``cards`` (sorted) to places, one each, place ``i`` lying in zone ``zones[i]``, so
    that every fact holds; ``shown`` gives the cards of each zone the dealing seat sees (a
    rank fact counts them). Every consistent deal equally likely. Returns the card of each
    place, or ``None`` when no fact touches these cards (any shuffle will do). Raises
    :class:`ValueError` when the facts admit no deal (never for facts the rules justify)."""
    key, seen = facts.key(), _shown_key(shown, facts)
    if _many_zones(tuple(zones), key):
        # many constrained zones make the counting costly: a plain shuffle first, kept when
        # it breaks no fact (a uniform deal, given that it is consistent), then a search for
        # a consistent one (:func:`_search`), and the counting only when that fails
        for _ in range(_TRIES):
            pile = list(cards)
            rng.shuffle(pile)
            if _fits(pile, zones, facts, shown):
                return pile
    shape = _shape(tuple(cards), tuple(zones), key, seen)
    if shape is None:
        return None
    kinds, place_group, plan = shape
    k = plan.k
    room = plan.caps[:k]
    chosen = _search(plan, rng) if _many_zones(tuple(zones), key) else None
    buckets: list[list[int]] = [[] for _ in range(k + 1)]
    for i, kind in enumerate(kinds):
        if chosen is not None:
            row = chosen[i]
        else:
            weights, rows = plan.options(i, room)
            if not weights:
                raise ValueError("the facts admit no deal: they contradict the cards")
            row = rows[bisect.bisect_right(weights, rng.randrange(weights[-1]))]
        if plan.by_card[i] is None:  # cards alike: split a shuffle of them by the row
            pile = list(kind)
            rng.shuffle(pile)
            at = 0
            for g, n in enumerate(row):
                if n:
                    buckets[g].extend(pile[at : at + n])
                    at += n
        else:  # a rank's few cards, each with its own places: one of the row's assignments
            ways = plan.by_card[i][row]  # type: ignore[index]
            for card, g in zip(kind, ways[int(rng.random() * len(ways))], strict=True):
                buckets[g].append(card)
        room = tuple(r - n for r, n in zip(room, row, strict=False))
    for bucket in buckets:
        rng.shuffle(bucket)
    dealt = [iter(bucket) for bucket in buckets]
    out = [next(dealt[g]) for g in place_group]
    if chosen is not None:
        _mix(out, zones, facts, shown, rng, _MIX * len(out))
    return out


#: swaps tried a card, mixing a deal the search found (:func:`_mix`)
_MIX = 4


def _mix(
    dealt: list[int],
    zones: Sequence[str],
    facts: Facts,
    shown: Mapping[str, Sequence[int]],
    rng: random.Random,
    steps: int,
) -> None:
    """Mix a consistent deal in place by ``steps`` proposed swaps of two places' cards, each
    made only when the deal still keeps every fact. Every swap is as likely as its reverse, so
    the deals the walk rests on are the consistent ones, each equally likely: a deal the search
    found, whose ways of being found are not all equally likely, is carried toward the
    uniform deal the shuffles and the counting give."""
    n = len(dealt)
    if n < 2:
        return
    forbid = [facts.forbid.get(z, 0) for z in zones]
    need = facts.need
    most = facts.most if facts.ranked and facts.most < 4 else 99
    ranked = set(facts.ranked) if most < 4 else set()
    counts = _rank_counts(dealt, zones, facts, shown)
    draw = rng.random
    for _ in range(steps):
        i, j = int(draw() * n), int(draw() * n)
        a, b = dealt[i], dealt[j]
        za, zb = zones[i], zones[j]
        if za == zb or forbid[j] >> a & 1 or forbid[i] >> b & 1:
            continue
        ra, rb = _rank(a), _rank(b)
        ca, cb = counts.get(za), counts.get(zb)
        if ra != rb and (ca is not None or cb is not None):
            if ca is not None and (
                (ra >= 0 and need.get(za, 0) >> ra & 1 and ca[ra] == 1)
                or (rb >= 0 and za in ranked and ca[rb] >= most)
            ):
                continue  # za would lose the last card of a rank it holds, or hold too many
            if cb is not None and (
                (rb >= 0 and need.get(zb, 0) >> rb & 1 and cb[rb] == 1)
                or (ra >= 0 and zb in ranked and cb[ra] >= most)
            ):
                continue
            if ca is not None:
                if ra >= 0:
                    ca[ra] -= 1
                if rb >= 0:
                    ca[rb] += 1
            if cb is not None:
                if rb >= 0:
                    cb[rb] -= 1
                if ra >= 0:
                    cb[ra] += 1
        dealt[i], dealt[j] = b, a


#: plain shuffles tried before the search, where many zones are constrained (each kept only
#: when consistent, so the deal stays uniform over the consistent ones). Few: at most such
#: positions of the asking games no shuffle in hundreds fits (an asker holds each rank he
#: asked for, a denial rules a rank out), and a shuffle costs about what the search and its
#: mixing cost together (``bench/worlds.py``)
_TRIES = 8


@functools.lru_cache(maxsize=1024)
def _many_zones(zones: tuple[str, ...], key: tuple[Any, ...]) -> bool:
    """Whether more than three zones holding hidden places are constrained."""
    forbid, need, most, ranked = key
    named = {z for z, _ in forbid} | {z for z, _ in need} | (set(ranked) if most < 4 else set())
    return len(named & set(zones)) > 3


#: dead ends :func:`_search` may back out of before the counting takes over
_BACKTRACKS = 2000


def _search(plan: _Plan, rng: random.Random) -> list[tuple[int, ...]] | None:
    """Rows for every kind of ``plan`` that meet every fact, found by a random depth-first
    search (each kind's row drawn by its own count of deals, a dead end backed out of), for a
    position whose counting would cost too much: every deal it gives is consistent, though not
    every one equally likely. ``None`` after :data:`_BACKTRACKS` dead ends (then count)."""
    k = plan.k
    chosen: list[tuple[int, ...]] = []
    left = [_BACKTRACKS]

    need = plan.need_rest

    def walk(i: int, room: tuple[int, ...]) -> bool:
        if i == len(plan.specs):
            return not any(room)
        if any(r < n for r, n in zip(room, need[i], strict=False)):
            return False  # a zone has no room left for the ranks it must still get
        rows = plan.rows(i, room)
        weights = [w for _, w in rows]
        while rows:
            total = sum(weights)
            x = rng.randrange(total)
            j = 0
            while x >= weights[j]:
                x -= weights[j]
                j += 1
            row = rows[j]
            chosen.append(row[0])
            if walk(i + 1, tuple(r - n for r, n in zip(room, row[0], strict=False))):
                return True
            chosen.pop()
            left[0] -= 1
            if left[0] <= 0:
                return False
            del rows[j], weights[j]
        return False

    return chosen if walk(0, plan.caps[:k]) else None


def _fits(
    dealt: Sequence[int], zones: Sequence[str], facts: Facts, shown: Mapping[str, Sequence[int]]
) -> bool:
    """Whether dealing ``dealt[i]`` to a place of ``zones[i]`` breaks no fact."""
    forbid = facts.forbid
    for c, z in zip(dealt, zones, strict=True):
        if forbid.get(z, 0) >> c & 1:
            return False
    if not facts.need and not (facts.most < 4 and facts.ranked):
        return True
    ranks = _rank_counts(dealt, zones, facts, shown)
    for z, need in facts.need.items():
        counts = ranks[z]
        if any(need >> r & 1 and not counts[r] for r in range(13)):
            return False
    if facts.most < 4:
        for z in facts.ranked:
            if max(ranks[z]) > facts.most:
                return False
    return True


def _rank_counts(
    dealt: Sequence[int], zones: Sequence[str], facts: Facts, shown: Mapping[str, Sequence[int]]
) -> dict[str, list[int]]:
    """Per zone a rank fact names, how many cards of each rank it holds: those the seat sees
    there and those ``dealt`` to its places."""
    ranks: dict[str, list[int]] = {}
    for z in set(facts.need) | set(facts.ranked):
        counts = ranks[z] = [0] * 13
        for c in shown.get(z, ()):
            if c < _RANKED:
                counts[_rank(c)] += 1
    for c, z in zip(dealt, zones, strict=True):
        counts_ = ranks.get(z)
        if counts_ is not None and c < _RANKED:
            counts_[_rank(c)] += 1
    return ranks


def _shown_key(shown: Mapping[str, Sequence[int]], facts: Facts) -> tuple[Any, ...]:
    """What of the seen cards a rank fact reads: per zone with one, its seen ranks."""
    if not facts.need and not (facts.most < 4 and facts.ranked):
        return ()
    zones = sorted(set(facts.need) | set(facts.ranked))
    return tuple(
        (z, tuple(sorted(_rank(c) for c in shown.get(z, ()) if c < _RANKED))) for z in zones
    )


@functools.lru_cache(maxsize=32)
def _shape(
    cards: tuple[int, ...],
    zones: tuple[str, ...],
    key: tuple[Any, ...],
    shown: tuple[Any, ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], _Plan] | None:
    """The kinds, each place's group (the constrained zones in order, then the free places)
    and the counts, the same for every world dealt from one position."""
    forbid_items, need_items, most, ranked = key
    forbid = dict(forbid_items)
    need = dict(need_items)
    mask_all = 0
    for c in cards:
        mask_all |= 1 << c
    present = set(zones)
    ranks_here = 0
    hidden_of = [0] * 13
    for c in cards:
        if c < _RANKED:
            ranks_here |= 1 << _rank(c)
            hidden_of[_rank(c)] += 1
    constrained = sorted(
        z
        for z in present
        if forbid.get(z, 0) & mask_all or need.get(z, 0) or (most < 4 and z in ranked)
    )
    if not constrained:
        return None
    k = len(constrained)
    group_of = {z: g for g, z in enumerate(constrained)}
    place_group = tuple(group_of.get(z, k) for z in zones)
    caps = [0] * (k + 1)
    for g in place_group:
        caps[g] += 1
    seen = dict(shown)
    # per group and rank: the cards of it the seat sees there
    seen_count = [[0] * 13 for _ in range(k)]
    for z, rs in seen.items():
        if z in group_of:
            for r in rs:
                seen_count[group_of[z]][r] += 1
    lo = [[0] * 13 for _ in range(k)]
    hi = [[99] * 13 for _ in range(k)]
    bound = 0  # the ranks a rank fact binds
    for g, z in enumerate(constrained):
        for r in range(13):
            if need.get(z, 0) >> r & 1 and not seen_count[g][r]:
                lo[g][r] = 1
                bound |= 1 << r
            if most < 4 and z in ranked and hidden_of[r] + seen_count[g][r] > most:
                hi[g][r] = most - seen_count[g][r]  # binds only where it could be broken
                bound |= 1 << r
    bound &= ranks_here
    allowed_of = {}
    for c in cards:
        a = 1 << k  # the free places take anything
        for g, z in enumerate(constrained):
            if not forbid.get(z, 0) >> c & 1:
                a |= 1 << g
        allowed_of[c] = a
    alike: dict[int, list[int]] = {}
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        if c < _RANKED and bound >> _rank(c) & 1:
            by_rank.setdefault(_rank(c), []).append(c)
        else:
            alike.setdefault(allowed_of[c], []).append(c)
    kinds: list[tuple[int, ...]] = []
    specs: list[tuple[Any, ...]] = []
    for r in sorted(by_rank):
        group = tuple(by_rank[r])
        kinds.append(group)
        specs.append(
            (
                "rank",
                tuple(allowed_of[c] for c in group),
                tuple(lo[g][r] for g in range(k)),
                tuple(hi[g][r] for g in range(k)),
            )
        )
    # the cards alike last, the most widely allowed last of all: the last kind has one row
    # (it fills the room left), so the widest, most costly to share, is never shared
    for a in sorted(alike, key=lambda a: (bin(a).count("1"), len(alike[a]), a)):
        kinds.append(tuple(alike[a]))
        specs.append(("alike", a, len(alike[a])))
    # the lower bounds of a rank no hidden card has cannot be met: no deal
    for g in range(k):
        for r in range(13):
            if lo[g][r] and not ranks_here >> r & 1:
                raise ValueError("the facts admit no deal: a zone needs a rank none hides")
    plan = _plan(tuple(specs), tuple(caps))
    return tuple(kinds), place_group, plan


class _Plan:
    """The counts behind :func:`deal`: for each kind, its rows (how many of its cards go to
    each group) with how many deals of its cards each stands for, and the number of deals of
    the kinds left that fill exactly the room left."""

    def __init__(self, specs: tuple[tuple[Any, ...], ...], caps: tuple[int, ...]) -> None:
        self.specs, self.caps = specs, caps
        self.k = len(caps) - 1
        sizes = [s[2] if s[0] == "alike" else len(s[1]) for s in specs]
        self.left = [sum(sizes[i:]) for i in range(len(sizes) + 1)]
        self.by_card: list[dict[tuple[int, ...], list[tuple[int, ...]]] | None] = []
        self._rank_rows: list[list[tuple[tuple[int, ...], int]]] = []
        for s in specs:
            if s[0] == "alike":
                self.by_card.append(None)
                self._rank_rows.append([])
                continue
            _, allowed, low, high = s
            table: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
            choices = [[g for g in range(self.k + 1) if a >> g & 1] for a in allowed]
            for ways in itertools.product(*choices):
                row = [0] * (self.k + 1)
                for g in ways:
                    row[g] += 1
                if all(low[g] <= row[g] <= high[g] for g in range(self.k)):
                    table.setdefault(tuple(row), []).append(ways)
            self.by_card.append(table)
            self._rank_rows.append([(row, len(w)) for row, w in sorted(table.items())])
        #: per kind, how many cards each zone must still get from it and the kinds after it
        lows = [s[2] if s[0] == "rank" else (0,) * self.k for s in specs]
        self.need_rest = [
            tuple(sum(low[g] for low in lows[i:]) for g in range(self.k))
            for i in range(len(specs) + 1)
        ]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options: dict[
            tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]
        ] = {}

    def rows(self, i: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Kind ``i``'s rows that fit the ``room`` left (and the free places)."""
        k = self.k
        free = self.left[i] - sum(room)
        spec = self.specs[i]
        if spec[0] == "rank":
            return [
                (row, w)
                for row, w in self._rank_rows[i]
                if row[k] <= free and all(row[g] <= room[g] for g in range(k))
            ]
        _, allowed, count = spec
        if i == len(self.specs) - 1:  # the last kind fills the room left, or nothing does
            if free < 0 or any(room[g] and not allowed >> g & 1 for g in range(k)):
                return []
            whole = (*room, free)
            ways, rest = 1, count
            for n in whole:
                ways *= math.comb(rest, n)
                rest -= n
            return [(whole, ways)]
        out: list[tuple[tuple[int, ...], int]] = []
        row = [0] * (k + 1)

        def fill(g: int, left: int, ways: int) -> None:
            if g == k:
                if left <= free:
                    row[k] = left
                    out.append((tuple(row), ways))
                return
            top = min(left, room[g]) if allowed >> g & 1 else 0
            for n in range(top + 1):
                row[g] = n
                fill(g + 1, left - n, ways * math.comb(left, n))
            row[g] = 0

        fill(0, count, 1)
        return out

    def ways(self, i: int, room: tuple[int, ...]) -> int:
        """How many deals of kinds ``i``… fill exactly the ``room`` left."""
        if i == len(self.specs):
            return 0 if any(room) else 1
        key = (i, room)
        got = self._ways.get(key)
        if got is None:
            got = sum(
                w * self.ways(i + 1, tuple(r - n for r, n in zip(room, row, strict=False)))
                for row, w in self.rows(i, room)
            )
            self._ways[key] = got
        return got

    def options(self, i: int, room: tuple[int, ...]) -> tuple[list[int], list[tuple[int, ...]]]:
        """Kind ``i``'s rows with their running totals of deals, for drawing one."""
        key = (i, room)
        got = self._options.get(key)
        if got is None:
            weights: list[int] = []
            rows: list[tuple[int, ...]] = []
            total = 0
            for row, w in self.rows(i, room):
                rest = self.ways(i + 1, tuple(r - n for r, n in zip(room, row, strict=False)))
                if rest:
                    total += w * rest
                    weights.append(total)
                    rows.append(row)
            got = self._options[key] = (weights, rows)
        return got


@functools.lru_cache(maxsize=32)
def _plan(specs: tuple[tuple[Any, ...], ...], caps: tuple[int, ...]) -> _Plan:
    return _Plan(specs, caps)


def contradiction(world: Any, state: Any, player: int) -> str | None:
    """The first way ``world`` contradicts what ``player`` has seen of ``state`` (``None``
    when it does not): a card the seat sees that is not where it lies, a zone of another size,
    a hidden card out of its pool, or a fact of :meth:`conjure.games.Game.world_facts` broken
    (a card in a zone it cannot lie in, a rank missing from a zone that holds one, too many of
    a rank in one zone)."""
    from conjure.deck import CARDS

    game = state.game
    pools = game.pools
    for zone, cards in state.zones.items():
        other = world.zones[zone]
        if len(other) != len(cards):
            return f"{zone} holds {len(other)} cards, not {len(cards)}"
        for i, c in enumerate(cards):
            if state.sees(player, zone, i, c) and other[i] != c:
                return f"{zone} shows {CARDS[c]} at {i}, the world {CARDS[other[i]]}"
    where = {c: z for z, cards in state.zones.items() for c in cards}
    for zone, cards in world.zones.items():
        for c in cards:
            if pools.get(zone, "") != pools.get(where[c], ""):
                return f"{CARDS[c]} lies in {zone}, outside its pool"
    facts = game.world_facts(state)
    for zone, mask in facts.forbid.items():
        for i, c in enumerate(world.zones[zone]):
            if mask >> c & 1 and not state.sees(player, zone, i, c):
                return f"{CARDS[c]} is dealt to {zone}, where the table knows it is not"
    for zone, ranks in facts.need.items():
        have = {_rank(c) for c in world.zones[zone]}
        for r in range(13):
            if ranks >> r & 1 and r not in have:
                return f"{zone} holds no card of rank {r + 1}, which the table knows it holds"
    if facts.most < 4:
        for zone in facts.ranked:
            counts = [0] * 13
            for c in world.zones[zone]:
                if c < _RANKED:
                    counts[_rank(c)] += 1
            if max(counts) > facts.most:
                return f"{zone} holds more than {facts.most} cards of one rank"
    return None
