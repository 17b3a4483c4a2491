"""Rule interactions: bounded questions over small stated scopes of positions, answered with the
exact solver (and z3 through the deciding-card table). See docs/interactions.md.

Four results, each with its scope, counts and smallest witnesses:

- ``never_decides``: per rule, the cards that can never be the deciding card (``proofs.deciding``);
- ``never_wins``: cards never live for a mover who can force the win (Basic, 2 players);
- ``never_needed``: kinds of turn (discard only, play and discard, each Action) that are never the
  only way to win: in no position of the scope is every winning move of that kind;
- ``switch_pairs``: pairs of reading switches whose effects on the solved value depend on each other.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb, factorial
from typing import Any

from arbiter.model.red7.cards import COLOUR_NAMES, card_code, cards_of, number_of, parse_card
from arbiter.model.red7.game import Position
from arbiter.model.red7.notation import format_text, position_to_json
from arbiter.model.red7.ruleset import ACTIONS, BASIC, PRESETS, SWITCHES, Ruleset
from arbiter.solver.pieces import SERIAL, Pieces
from arbiter.solver.red7 import SolveResult, solve

from ..cache import Cache, code_version, key
from ..queries import Progress, Run

TABLE = 1 << 12  # transposition entries per solve: the positions are tiny
SOLVES_PER_PIECE = 250  # positions solved per piece of work handed to a worker
PAIR_POSITIONS_PER_PIECE = 10  # switch_pairs positions per piece (each solved under some 60 rulesets)
ROUND_END_SWITCHES = ("next_round_first", "final_tie", "new_hand")  # read only between rounds, never by a round's value
ACTION_ONLY = ("action_mode", "action1_eligibility", "action1_count", "action1_destination",
               "action3_draw_discardable", "action5_chains", "action7_destination", "action7_check",
               "discard_after_action7", "action7_self", "action1_out_players", "action1_only_card",
               "action7_deck_place")
ADVANCED_ONLY = ("advanced_draw", "banked_set", "advanced_draw_count")
ACTIONS_AND_ADVANCED = ("action7_advanced_draw",)
PLAY_ONLY, DISCARD_ONLY, PLAY_AND_DISCARD = "play only", "discard only", "play and discard"
ACTION_KINDS = tuple(f"Action {n}" for n in (1, 3, 5, 7))
@dataclass(frozen=True)
class Scope:
    """How far the queries look. ``pool`` cards (a seeded choice) make the Basic positions of
    ``never_wins``, with ``hands`` and ``palettes`` the sizes allowed per player; every such
    position is solved when there are at most ``limit``, else ``limit`` distinct ones sampled.
    ``actions`` and ``pairs`` are the numbers of sampled positions (any of the 49 cards, hands
    and Palettes of 1-2 cards, a deck of 0-2) for the Action kinds and the switch pairs.
    ``max_nodes`` bounds each solve; a position some solve gives up on is skipped and counted."""

    name: str
    pool: int
    hands: tuple[int, ...]
    palettes: tuple[int, ...]
    limit: int
    actions: int
    pairs: int
    max_nodes: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "pool": self.pool, "hands": list(self.hands), "palettes": list(self.palettes),
                "limit": self.limit, "actions": self.actions, "pairs": self.pairs, "max_nodes": self.max_nodes}


SCOPES = {
    "small": Scope("small", pool=6, hands=(1, 2), palettes=(1,), limit=10_000, actions=2000, pairs=250,
                   max_nodes=20_000),
    "medium": Scope("medium", pool=8, hands=(1, 2), palettes=(1, 2), limit=40_000, actions=8000, pairs=2000,
                    max_nodes=50_000),
}


# -- positions --------------------------------------------------------------------------------

def size(pos: Position) -> tuple:
    """Order of witnesses: fewer cards, a shorter deck, weaker cards, then the text."""
    cards = [c for m in pos.hands + pos.palettes for c in cards_of(m)] + list(pos.deck)
    return (len(cards), len(pos.deck), sum(c + 1 for c in cards), format_text(pos))


def _mask(cards) -> int:
    return sum(1 << c for c in cards)


def _split(cards: list[int], sizes: tuple[int, ...]) -> list[int]:
    masks, k = [], 0
    for n in sizes:
        masks.append(_mask(cards[k:k + n]))
        k += n
    return masks


def _shapes(scope: Scope, pool: int) -> list[tuple[tuple[int, ...], int]]:
    """(hand0, hand1, palette0, palette1) sizes that fit the pool, with how many card assignments each has."""
    shapes = []
    for h0 in scope.hands:
        for h1 in scope.hands:
            for p0 in scope.palettes:
                for p1 in scope.palettes:
                    sizes = (h0, h1, p0, p1)
                    used = sum(sizes)
                    if used <= pool:
                        ways = comb(pool, used) * factorial(used)
                        for n in sizes:
                            ways //= factorial(n)
                        shapes.append((sizes, ways))
    return shapes


def basic_positions(scope: Scope, seed: int) -> tuple[list[int], list[Position], int]:
    """The card pool, the Basic 2-player positions of ``never_wins`` (player 0 to move, every rule)
    and how many the scope holds: all of them, or a seeded sample of ``scope.limit`` distinct ones."""
    rng = random.Random(f"pool/{seed}")
    pool = sorted(rng.sample(range(49), scope.pool))
    shapes = _shapes(scope, len(pool))
    total = 7 * sum(w for _, w in shapes)
    if total <= scope.limit:
        found = [Position(rule, 0, tuple(m[:2]), tuple(m[2:]), 0, (), BASIC)
                 for rule in range(7) for sizes, _ in shapes for m in _assignments(pool, sizes)]
        return pool, found, total
    seen: dict[tuple, Position] = {}
    while len(seen) < scope.limit:
        sizes = rng.choices([s for s, _ in shapes], weights=[w for _, w in shapes])[0]
        m = _split(rng.sample(pool, sum(sizes)), sizes)
        pos = Position(rng.randrange(7), 0, tuple(m[:2]), tuple(m[2:]), 0, (), BASIC)
        seen.setdefault((pos.rule, pos.hands, pos.palettes), pos)
    return pool, list(seen.values()), total


def _assignments(pool: list[int], sizes: tuple[int, ...]) -> Iterator[list[int]]:
    """Every way to give each zone ``sizes[i]`` distinct pool cards, as masks."""
    if not sizes:
        yield []
        return
    for chosen in combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in chosen]
        for tail in _assignments(rest, sizes[1:]):
            yield [_mask(chosen)] + tail


def sampled_positions(n: int, ruleset: Ruleset, seed: int, label: str) -> list[Position]:
    """``n`` distinct seeded 2-player positions from all 49 cards: hands and Palettes of 1-2 cards,
    a deck of 0-2, any rule, player 0 to move."""
    rng = random.Random(f"{label}/{seed}")
    seen: dict[tuple, Position] = {}
    while len(seen) < n:
        sizes = (rng.randint(1, 2), rng.randint(1, 2), rng.randint(1, 2), rng.randint(1, 2), rng.randint(0, 2))
        cards = rng.sample(range(49), sum(sizes))
        m = _split(cards, sizes[:4])
        pos = Position(rng.randrange(7), 0, tuple(m[:2]), tuple(m[2:]), 0, tuple(cards[sum(sizes[:4]):]), ruleset)
        seen.setdefault((pos.rule, pos.hands, pos.palettes, pos.deck), pos)
    return list(seen.values())


# -- move kinds ---------------------------------------------------------------------------------

def kinds(move: str, actions: bool) -> set[str]:
    """The kinds a turn (canonical text) belongs to: exactly one of play only / discard only /
    play and discard, and, under the Action rule, ``Action n`` for each card numbered n it plays."""
    words = move.split()
    played = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "play"]
    discards = "discard" in words  # a verb: card codes are two characters
    found = {DISCARD_ONLY if not played else PLAY_AND_DISCARD if discards else PLAY_ONLY}
    if actions:
        found |= {f"Action {n}" for n in (number_of(parse_card(c)) for c in played) if n % 2}
    return found


# -- the queries ----------------------------------------------------------------------------------

class _Kinds:
    """Per kind: positions where every winning move is of that kind, and the smallest such one."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.needed = dict.fromkeys(names, 0)
        self.witness: dict[str, tuple[tuple, Position, list[str]]] = {}

    def add(self, pos: Position, winning: list[str], actions: bool) -> None:
        if not winning:
            return
        common = set.intersection(*(kinds(m, actions) for m in winning))
        for k in common:
            self.needed[k] += 1
            best = self.witness.get(k)
            s = size(pos)
            if best is None or s < best[0]:
                self.witness[k] = (s, pos, winning)

    def to_json(self) -> list[dict[str, Any]]:
        out = []
        for k in self.names:
            obj: dict[str, Any] = {"kind": k, "needed": self.needed[k]}
            if k in self.witness:
                _, pos, winning = self.witness[k]
                obj["witness"] = {"position": position_to_json(pos), "winning_moves": winning}
            out.append(obj)
        return out


def solve_each(positions: list[Position], max_nodes: int | None) -> list[SolveResult | None]:
    """A piece of work: each position's solve result, None where the search gave up."""
    results = []
    for pos in positions:
        result = solve(pos, max_nodes=max_nodes, table_size=TABLE)
        results.append(result if result.solved else None)
    return results


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _solved(positions: list[Position], scope: Scope, progress: Progress, every: int, query: str,
            preset: str, pieces: Pieces) -> Iterator[tuple[Position, SolveResult]]:
    """Each position the solver settles within the scope's node budget, with its result, in order
    (solved by ``pieces``); progress every ``every`` positions."""
    chunks = _chunks(positions, SOLVES_PER_PIECE)
    k = 0
    for chunk, results in zip(chunks, pieces.map(solve_each, [(c, scope.max_nodes) for c in chunks]), strict=True):
        for pos, result in zip(chunk, results, strict=True):
            if k % every == 0:
                progress(f"{query}: {k}/{len(positions)} {preset} positions")
            k += 1
            if result is not None:
                yield pos, result


def never_wins_and_basic_kinds(scope: Scope, seed: int, progress: Progress, pieces: Pieces = SERIAL) -> tuple[dict, dict]:
    pool, positions, total = basic_positions(scope, seed)
    in_hand = dict.fromkeys(pool, 0)
    wins = dict.fromkeys(pool, 0)
    wins_by_rule = {r: dict.fromkeys(pool, 0) for r in range(7)}
    witness: dict[int, tuple[tuple, Position]] = {}
    needed = _Kinds((PLAY_ONLY, DISCARD_ONLY, PLAY_AND_DISCARD))
    solved = mover_wins = 0
    for pos, result in _solved(positions, scope, progress, 2000, "never_wins", "Basic", pieces):
        solved += 1
        hand = pos.hands[0]
        for c in cards_of(hand):
            in_hand[c] += 1
        if result.winner != 0:
            continue
        mover_wins += 1
        needed.add(pos, result.winning_moves, actions=False)
        dead = {parse_card(c) for c in result.dead_cards}
        for c in cards_of(hand):
            if c not in dead:
                wins[c] += 1
                wins_by_rule[pos.rule][c] += 1
                s = size(pos)
                if c not in witness or s < witness[c][0]:
                    witness[c] = (s, pos)
    how = "exhaustive" if len(positions) == total else "sampled"
    described = (f"2-player Basic positions, player 0 to move, any rule, hands of {_sizes(scope.hands)} and "
                 f"Palettes of {_sizes(scope.palettes)} cards from the pool {' '.join(card_code(c) for c in pool)}"
                 f" ({how}: {len(positions)} of {total})")
    cards = []
    for c in sorted(pool, reverse=True):
        obj: dict[str, Any] = {"card": card_code(c), "in_hand": in_hand[c], "wins": wins[c]}
        if c in witness:
            obj["witness"] = {"position": position_to_json(witness[c][1])}
        cards.append(obj)
    never = {
        "scope": described, "how": how, "pool": [card_code(c) for c in sorted(pool, reverse=True)],
        "positions": len(positions), "of": total, "solved": solved, "mover_wins": mover_wins,
        "never_wins": [card_code(c) for c in sorted(pool, reverse=True) if not wins[c]],
        "never_wins_by_rule": {COLOUR_NAMES[r]: [card_code(c) for c in sorted(pool, reverse=True)
                                                 if not wins_by_rule[r][c]] for r in range(7)},
        "cards": cards,
    }
    basic = {"preset": "basic", "scope": described, "positions": len(positions), "of": total, "solved": solved,
             "mover_wins": mover_wins, "kinds": needed.to_json(),
             "never_needed": [k for k in needed.names if not needed.needed[k]]}
    return never, basic


def _sizes(sizes: tuple[int, ...]) -> str:
    return "-".join(map(str, (min(sizes), max(sizes)))) if len(sizes) > 1 else str(sizes[0])


def action_kinds(scope: Scope, seed: int, progress: Progress, pieces: Pieces = SERIAL) -> dict[str, Any]:
    positions = sampled_positions(scope.actions, ACTIONS, seed, "actions")
    needed = _Kinds((PLAY_ONLY, DISCARD_ONLY, PLAY_AND_DISCARD) + ACTION_KINDS)
    solved = mover_wins = 0
    for pos, result in _solved(positions, scope, progress, 1000, "never_needed", "Actions", pieces):
        solved += 1
        if result.winner == 0:
            mover_wins += 1
            needed.add(pos, result.winning_moves, actions=True)
    described = (f"2-player Actions positions, player 0 to move, seeded sample of {len(positions)}: any rule, "
                 "hands and Palettes of 1-2 cards and a deck of 0-2 from all 49 cards")
    return {"preset": "actions", "scope": described, "positions": len(positions), "of": None, "solved": solved,
            "mover_wins": mover_wins, "kinds": needed.to_json(),
            "never_needed": [k for k in needed.names if not needed.needed[k]]}


def canonical(rs: Ruleset) -> Ruleset:
    """``rs`` with the switches its presets never read set to their defaults (same games, one solve)."""
    reset = []
    if not rs.actions:
        reset += ACTION_ONLY + ACTIONS_AND_ADVANCED
    if not rs.advanced:
        reset += ADVANCED_ONLY + ACTIONS_AND_ADVANCED
    return rs.with_switches(**{s: SWITCHES[s][0] for s in reset})


def interacts(v00: Any, v10: Any, v01: Any, v11: Any) -> bool:
    """``vab``: the value with switch A at reading a and switch B at reading b (0 default, 1 the
    alternative). They interact when flipping one changes the value under one reading of the
    other but not under the other reading: neither switch's effect alone explains the four values."""
    return (v00 == v10) != (v01 == v11) or (v00 == v01) != (v10 == v11)


def pair_rulesets(a: str, b: str) -> list[Ruleset]:
    """The four rulesets of a pair from its base, in the order (default, default), (alt, default),
    (default, alt), (alt, alt)."""
    base = pair_base(a, b)
    alt_a, alt_b = SWITCHES[a][1], SWITCHES[b][1]
    return [base, base.with_switches(**{a: alt_a}), base.with_switches(**{b: alt_b}),
            base.with_switches(**{a: alt_a, b: alt_b})]


def pair_base(a: str, b: str) -> Ruleset:
    """The preset a pair is compared from: the smallest that reads both switches (Basic for a
    pair with ``actions`` or ``advanced`` itself, whose default is off)."""
    both = {a, b}
    actions = bool(both & set(ACTION_ONLY + ACTIONS_AND_ADVANCED)) and "actions" not in both
    advanced = bool(both & set(ADVANCED_ONLY + ACTIONS_AND_ADVANCED)) and "advanced" not in both
    return PRESETS[{(False, False): "basic", (True, False): "actions", (False, True): "advanced",
                    (True, True): "advanced+actions"}[(actions, advanced)]]


def gated(a: str, b: str, base: Ruleset = BASIC) -> bool:
    """Whether one switch of the pair is never read under ``base`` unless the other is flipped (an
    Action reading and ``actions``, say): their interaction then only says that one enables the other."""
    plain = canonical(base)
    return any(canonical(base.with_switches(**{s: SWITCHES[s][1]})) == plain for s in (a, b))


def solved_value(pos: Position, rs: Ruleset, max_nodes: int | None = None) -> tuple[int | None, int | None] | None:
    """(winner, points) of ``pos`` under ``rs``; None when the search gave up."""
    result = solve(replace(pos, ruleset=rs), max_nodes=max_nodes, full=False, table_size=TABLE)
    return (result.winner, result.points) if result.solved else None


def values_each(positions: list[Position], rulesets: list[Ruleset], max_nodes: int | None) -> list[list | None]:
    """A piece of work: each position's solved value under each ruleset, None for a position
    where some search gave up."""
    out = []
    for pos in positions:
        values = [solved_value(pos, rs, max_nodes) for rs in rulesets]
        out.append(None if None in values else values)
    return out


def switch_pairs(scope: Scope, seed: int, progress: Progress, pieces: Pieces = SERIAL) -> dict[str, Any]:
    names = [s for s in SWITCHES if s not in ROUND_END_SWITCHES]
    pairs = list(combinations(names, 2))
    rulesets = {p: pair_rulesets(*p) for p in pairs}
    positions = sampled_positions(scope.pairs, BASIC, seed, "pairs")
    counts = dict.fromkeys(pairs, 0)
    witness: dict[tuple, tuple[tuple, Position, list]] = {}
    skipped = 0
    solved_under = sorted({canonical(r) for rs4 in rulesets.values() for r in rs4}, key=str)
    chunks = _chunks(positions, PAIR_POSITIONS_PER_PIECE)
    values = (v for vs in pieces.map(values_each, [(c, solved_under, scope.max_nodes) for c in chunks]) for v in vs)
    for k, (pos, found_values) in enumerate(zip(positions, values)):
        if k % 100 == 0:
            progress(f"switch_pairs: {k}/{len(positions)} positions, {len(pairs)} pairs")
        if found_values is None:
            skipped += 1
            continue
        memo = dict(zip(solved_under, found_values, strict=True))
        for p, rs4 in rulesets.items():
            values = [memo[canonical(r)] for r in rs4]
            if interacts(*values):
                counts[p] += 1
                s = size(pos)
                if p not in witness or s < witness[p][0]:
                    witness[p] = (s, pos, values)
    found = []
    for p in sorted((p for p in pairs if counts[p]), key=lambda p: (-counts[p], p)):
        _, pos, values = witness[p]
        outcomes = [{"ruleset": r.to_json(), p[0]: getattr(r, p[0]), p[1]: getattr(r, p[1]),
                     "winner": v[0], "points": v[1]} for r, v in zip(rulesets[p], values)]
        found.append({"switches": list(p), "base": pair_base(*p).preset, "positions": counts[p],
                      "gated": gated(*p, base=pair_base(*p)),
                      "witness": {"position": position_to_json(replace(pos, ruleset=pair_base(*p))),
                                  "outcomes": outcomes}})
    described = (f"2-player positions, player 0 to move, seeded sample of {len(positions)}: any rule, hands and "
                 "Palettes of 1-2 cards and a deck of 0-2 from all 49 cards; value = (round winner, points "
                 "banked) by the exact solver under each pair's four combinations of readings, from the smallest preset "
                 "that reads both switches")
    return {"scope": described, "positions": len(positions), "solved": len(positions) - skipped,
            "switches": names, "not_read_in_a_round": list(ROUND_END_SWITCHES), "pairs_checked": len(pairs),
            "pairs": found}


# -- the whole run, cached -------------------------------------------------------------------------

def _never_decides() -> dict[str, list[str]]:
    from .deciding import never_decides
    return never_decides()


def never_decides_cached(cache: Cache, progress: Progress, refresh: bool = False) -> dict[str, list[str]]:
    """The deciding-card table's never-deciding cards, cached by code version alone (no scope, no seed)."""
    k = key(code_version(), "never_decides")
    hit = None if refresh else cache.get("never-decides", k)
    if hit is not None:
        return hit
    progress("never_decides: z3 over the deciding-card table (49 cards x 7 rules x 1-3 opponents)")
    value = _never_decides()
    cache.put("never-decides", k, value)
    return value


def compute(scope: Scope, seed: int, progress: Progress, pieces: Pieces = SERIAL) -> dict[str, Any]:
    """The three solver queries of ``scope`` (no ``never_decides``, no cache), their solves run by
    ``pieces`` (default: here); the results are the same wherever they ran."""
    never, basic = never_wins_and_basic_kinds(scope, seed, progress, pieces)
    actions = action_kinds(scope, seed, progress, pieces)
    pairs = switch_pairs(scope, seed, progress, pieces)
    return {"never_wins": never, "never_needed": [basic, actions], "switch_pairs": pairs}


def find(scope: str = "small", seed: int = 0, cache: Cache | None = None, progress: Progress | None = None,
         refresh: bool = False, pieces: Pieces = SERIAL) -> Run:
    """Every interaction result for ``scope`` and ``seed``; read from ``cache`` when there (unless
    ``refresh``) and written to it after computing (the solves run by ``pieces``, default here)."""
    start = time.perf_counter()
    chosen = SCOPES[scope]
    cache = cache or Cache(None)
    say = progress or (lambda _msg: None)
    k = key(code_version(), chosen.to_json(), seed)
    data = None if refresh else cache.get("interactions", k)
    cached = data is not None
    if data is None:
        data = {"scope": chosen.to_json(), "seed": seed, **compute(chosen, seed, say, pieces)}
        cache.put("interactions", k, data)
    data = {"never_decides": never_decides_cached(cache, say, refresh), **data}
    return Run(data, cached, time.perf_counter() - start)
