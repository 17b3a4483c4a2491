"""Witness finder: a seeded search for a small position where an entry's readings differ (in who
is winning, in the legal moves, in the result of a turn, or in the solved value: who wins the
round and the points banked under best play), shrunk until no card can be removed or weakened
without the difference disappearing."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from typing import Any

from arbiter.model.red7 import Position, PositionError, successors
from arbiter.model.red7.cards import NUMBER_MASK, cards_of, codes, number_of
from arbiter.model.red7.fast import leader as fast_leader
from arbiter.model.red7.game import TARGETS
from arbiter.model.red7.match import DEAL_SIZE
from arbiter.model.red7.notation import position_to_json
from arbiter.solver.red7 import solve

from ..entry import Entry, Reading
from .catalogue import VIEWS
from .play import MATCH_SWITCHES, Turns, after_round, differs_at_round_end, play_match, play_round, resume, state, under

# Kinds of difference, most direct first; the finder reports the first kind it can witness.
WINNING, LEGAL_MOVES, OUTCOME, ROUND_END, SOLVED = "winning", "legal_moves", "outcome", "round_end", "solved"
KINDS = (WINNING, LEGAL_MOVES, OUTCOME)
SAMPLES = {WINNING: 6000, LEGAL_MOVES: 3000, OUTCOME: 3000, SOLVED: 8000}  # random positions tried per kind
SOLVE_NODES = 5000  # node budget of each solve in the solved-value search; past it the position is skipped
GAMES = 40  # seeded random games tried per player count for a round-end witness
GAME_END_SWITCHES = ("final_tie", "new_hand")  # read only when a game ends
LAST_DEALS = 400  # seeded last deals tried per player count for a game-end witness
CANDIDATES = 5  # differing positions shrunk per entry; the smallest result is the witness
SOLVED_CANDIDATES = 1  # fewer for the solved value: each shrinking step solves once per reading
OUT_SWITCHES = ("action1_out_players", "out_palettes")  # points that need a player out: 3 players, one out
SOLVED_PLAYERS = (2, 3)  # player counts tried in turn by the solved-value search


def leader_under(pos: Position, entry: Entry, reading: Reading) -> int | None:
    """Who is winning under ``reading`` (through its Palette view, if it has one, under the entry's rule)."""
    view = VIEWS[reading.view] if reading.view and pos.rule == entry.rule else (lambda m: m)
    return fast_leader(pos.rule, [view(p) for p in pos.palettes], pos.out, reading.ruleset(entry.base))


def moves_under(pos: Position, entry: Entry, reading: Reading) -> dict[str, Position]:
    return {str(m): nxt for m, nxt in successors(under(pos, entry, reading))}


def kinds_for(entry: Entry) -> tuple[str, ...]:
    """A reading given as a Palette view changes only who is winning; switches read between rounds
    change only a round's end; the other switches can change moves."""
    if any(r.view for r in entry.readings):
        return (WINNING,)
    return (ROUND_END,) if entry.switch in MATCH_SWITCHES else KINDS


def _distinct(values: list) -> bool:
    """Every reading says something else (with three readings, each pair differs)."""
    return len(set(values)) == len(values)


# Entries whose witness must not also be one of a neighbouring switch: (switch, its other value)
# that must leave the default reading's turns unchanged in the witness. A position where the 1's
# count matters is always one where its eligibility matters too (an opponent with one card fewer
# than you, the 1 included), so only the eligibility witness can be kept apart.
APART = {"action1-eligibility": ("action1_count", "before_play")}


def apart(entry: Entry, pos: Position) -> bool:
    """Whether ``pos`` shows this entry's point alone (see APART)."""
    if entry.id not in APART:
        return True
    switch, value = APART[entry.id]
    other = Reading(entry.default.label, entry.default.meaning, entry.default.switches + ((switch, value),))
    mine, theirs = moves_under(pos, entry, entry.default), moves_under(pos, entry, other)
    return set(mine) == set(theirs) and all(state(mine[m]) == state(theirs[m]) for m in mine)


def result_state(pos: Position) -> tuple:
    """What a turn's result is compared by: the whole position while the round goes on, and once
    it is over only who won it and the scores (the deck's order no longer matters)."""
    return (pos.winner, pos.scores) if pos.is_over else state(pos)


def differs(kind: str, entry: Entry, pos: Position) -> bool:
    if not apart(entry, pos):
        return False
    if kind == WINNING:
        return _distinct([leader_under(pos, entry, r) for r in entry.readings])
    results = [moves_under(pos, entry, r) for r in entry.readings]
    if kind == LEGAL_MOVES:
        return _distinct([frozenset(res) for res in results])
    common = set.intersection(*(set(res) for res in results))
    return any(_distinct([result_state(res[m]) for res in results]) for m in common)


def claim(kind: str, entry: Entry, pos: Position) -> dict[str, Any]:
    """What each reading says in ``pos``: the outcomes a replay must reproduce."""
    outcomes: list[dict[str, Any]] = []
    if kind == WINNING:
        for r in entry.readings:
            outcomes.append({"reading": r.label, "leader": leader_under(pos, entry, r)})
        return {"outcomes": outcomes}
    results = [moves_under(pos, entry, r) for r in entry.readings]
    if kind == LEGAL_MOVES:
        everywhere = set.intersection(*(set(res) for res in results))
        for r, res in zip(entry.readings, results):
            outcomes.append({"reading": r.label, "moves": sorted(res),
                             "only_here": sorted(set(res) - everywhere)})
        return {"outcomes": outcomes}
    common = sorted(set.intersection(*(set(res) for res in results)))
    move = next(m for m in common if _distinct([result_state(res[m]) for res in results]))
    for r, res in zip(entry.readings, results):
        outcomes.append({"reading": r.label, "result": position_to_json(res[move])})
    return {"move": move, "outcomes": outcomes}


def size(pos: Position) -> tuple[int, int, int, int]:
    """Order of witnesses: fewer players, fewer cards, a shorter deck, then weaker cards."""
    cards = [c for m in pos.hands + pos.palettes for c in cards_of(m)] + list(pos.deck)
    return (pos.players, len(cards), len(pos.deck), sum(c + 1 for c in cards))


def solved_value(pos: Position, entry: Entry, reading: Reading) -> tuple[int | None, int | None] | None:
    """(winner, points) of ``pos`` solved under ``reading``; None when the search gave up."""
    try:
        result = solve(under(pos, entry, reading), max_nodes=SOLVE_NODES, full=False)
    except PositionError:
        return None
    return (result.winner, result.points) if result.solved else None


def differs_solved(entry: Entry, pos: Position) -> bool:
    if not apart(entry, pos):
        return False
    values = [solved_value(pos, entry, r) for r in entry.readings]
    return None not in values and _distinct(values)


def claim_solved(entry: Entry, pos: Position) -> dict[str, Any]:
    """Each reading's exact solution of ``pos``: the round winner, the points banked (Advanced),
    the mover's winning turns and a line of best play."""
    outcomes = []
    for r in entry.readings:
        result = solve(under(pos, entry, r), max_nodes=20 * SOLVE_NODES)
        outcomes.append({"reading": r.label, "winner": result.winner, "points": result.points,
                         "winning_moves": result.winning_moves, "line": result.line})
    return {"outcomes": outcomes}


def random_position(rng: random.Random, entry: Entry, players: int | None = None) -> Position:
    if entry.switch in OUT_SWITCHES:
        players = players or 3
    players = players or rng.choice((2, 2, 2, 3))
    hand_sizes = [rng.randint(1, 3)] + [rng.randint(0, 2) for _ in range(players - 1)]
    palette_sizes = [rng.randint(1, 3) for _ in range(players)]
    deck_size = rng.randint(0, 3)
    cards = rng.sample(range(49), sum(hand_sizes) + sum(palette_sizes) + deck_size)
    hands, palettes = [], []
    for n in hand_sizes:
        hands.append(_mask(cards[:n]))
        cards = cards[n:]
    for n in palette_sizes:
        palettes.append(_mask(cards[:n]))
        cards = cards[n:]
    rule = entry.rule if entry.rule is not None else rng.randrange(7)
    scores = (0,) * players if entry.base.advanced else None
    # A point about players who are out needs one: a seat other than the mover's.
    out = 1 << rng.randrange(1, players) if entry.switch in OUT_SWITCHES else 0
    return Position(rule, 0, tuple(hands), tuple(palettes), out, tuple(cards), entry.base, scores)


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def smaller(pos: Position, fixed_rule: bool) -> Iterator[Position]:
    """Neighbouring positions one step smaller: a player, a card or the rule fewer, or a card weaker."""
    n = pos.players
    for j in range(n):
        if n > 2 and j != pos.to_move:
            keep = [i for i in range(n) if i != j]
            out = sum(1 << k for k, i in enumerate(keep) if pos.out >> i & 1)
            if len(keep) - out.bit_count() < 2:
                continue  # the round would be over
            yield replace(pos, hands=tuple(pos.hands[i] for i in keep), palettes=tuple(pos.palettes[i] for i in keep),
                          to_move=keep.index(pos.to_move), out=out,
                          scores=None if pos.scores is None else tuple(pos.scores[i] for i in keep))
    for k in range(len(pos.deck)):
        yield replace(pos, deck=pos.deck[:k] + pos.deck[k + 1:])
    for i in range(n):
        for c in cards_of(pos.hands[i]):
            yield replace(pos, hands=_put(pos.hands, i, pos.hands[i] & ~(1 << c)))
        if pos.palettes[i].bit_count() > 1:  # a Palette is never empty in play
            for c in cards_of(pos.palettes[i]):
                yield replace(pos, palettes=_put(pos.palettes, i, pos.palettes[i] & ~(1 << c)))
    if not fixed_rule:
        for rule in range(pos.rule):
            yield replace(pos, rule=rule)
    used = pos.cards_in_play()
    for i in range(n):
        for c in cards_of(pos.hands[i]):
            for w in _weaker_free(c, used):
                yield replace(pos, hands=_put(pos.hands, i, pos.hands[i] & ~(1 << c) | 1 << w))
        for c in cards_of(pos.palettes[i]):
            for w in _weaker_free(c, used):
                yield replace(pos, palettes=_put(pos.palettes, i, pos.palettes[i] & ~(1 << c) | 1 << w))
    for k, c in enumerate(pos.deck):
        for w in _weaker_free(c, used):
            yield replace(pos, deck=pos.deck[:k] + (w,) + pos.deck[k + 1:])


def _weaker_free(c: int, used: int) -> Iterator[int]:
    return (w for w in range(c) if not used >> w & 1)


def _put(t: tuple, i: int, v: int) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def shrink(pos: Position, holds: Callable[[Position], bool], fixed_rule: bool) -> Position:
    """Greedy shrinking to a fixpoint: take the first smaller neighbour that still differs."""
    changed = True
    while changed:
        changed = False
        for cand in smaller(pos, fixed_rule):
            if holds(cand):
                pos, changed = cand, True
                break
    return pos


def find_round_end(entry: Entry, seed: int) -> dict[str, Any] | None:
    """A seeded game of random turns, fewest players and earliest round first, at whose round end
    the readings differ (who starts the next round, or who wins the game)."""
    best = None
    for players in (2, 3, 4):
        for g in range(GAMES):
            game = zlib.crc32(f"{entry.id}/{players}/{g}/{seed}".encode())
            rounds = play_match(entry.default, entry, players, game, Turns())
            for k, (match, _) in enumerate(rounds):
                if differs_at_round_end(match, entry):
                    key = (k, sum(len(t) for _, t in rounds[:k + 1]))
                    if best is None or key < best[0]:
                        best = (key, game, rounds[:k + 1])
                    break
        if best is not None:
            _, game, rounds = best
            return {"kind": ROUND_END, "players": players, "seed": game, "rounds": [t for _, t in rounds],
                    "outcomes": [{"reading": r.label, **after_round(rounds[-1][0], entry, r)}
                                 for r in entry.readings]}
    return None


def find_game_end(entry: Entry, seed: int) -> dict[str, Any] | None:
    """A game's last round, fewest players first: earlier rounds banked low cards (numbers 1-4,
    seeded, no player at the target) until exactly one more deal is left; the last round is dealt
    and played by random turns, and its end (no new hand can be dealt) must read differently. For a
    point that only arises when a game ends on an unusual score, which whole random games rarely
    reach."""
    low = list(cards_of(sum(NUMBER_MASK[n] for n in (1, 2, 3, 4))))
    for players in (3, 4):
        rng = random.Random(zlib.crc32(f"{entry.id}/last-deal/{players}/{seed}".encode()))
        for _ in range(LAST_DEALS):
            cards = rng.sample(low, 49 - players * DEAL_SIZE)
            banked = [sorted(cards[i::players]) for i in range(players)]
            if max(sum(number_of(c) for c in b) for b in banked) >= TARGETS[players]:
                continue
            game = rng.getrandbits(32)
            banked_codes = [codes(sum(1 << c for c in b)) for b in banked]
            # At least one earlier round per player who banked cards (a round banks for its winner only).
            match = resume(players, game, entry.default.ruleset(entry.base), banked_codes,
                           1 + sum(bool(b) for b in banked))
            path = play_round(match.position, Turns(), rng)
            end = replace(match, position=path[-1][1])
            if end.is_over and differs_at_round_end(end, entry):
                return {"kind": ROUND_END, "players": players, "seed": game,
                        "start": {"round": match.round_number, "banked": banked_codes},
                        "rounds": [[t for t, _ in path[1:]]],
                        "outcomes": [{"reading": r.label, **after_round(end, entry, r)} for r in entry.readings]}
    return None


@cache
def find(entry: Entry, seed: int) -> dict[str, Any] | None:
    """The witness of ``entry``: kind, position (JSON, default reading) and each reading's outcome;
    None when no kind of difference turned up within the search budget."""
    if kinds_for(entry) == (ROUND_END,):
        return find_game_end(entry, seed) if entry.switch in GAME_END_SWITCHES else find_round_end(entry, seed)
    for kind in kinds_for(entry):
        rng = random.Random(zlib.crc32(f"{entry.id}/{kind}/{seed}".encode()))
        hits = []
        for _ in range(SAMPLES[kind]):
            pos = random_position(rng, entry)
            if differs(kind, entry, pos):
                hits.append(pos)
                if len(hits) == CANDIDATES:
                    break
        if hits:
            def holds(p: Position, kind: str = kind) -> bool:
                return differs(kind, entry, p)
            best = min((shrink(p, holds, entry.rule is not None) for p in hits), key=size)
            best = under(best, entry, entry.default)
            return {"kind": kind, "position": position_to_json(best), **claim(kind, entry, best)}
    return None


@cache
def find_solved(entry: Entry, seed: int) -> dict[str, Any] | None:
    """The smallest position found whose solved value differs between the readings, with each
    reading's solution: 2-player positions first, 3-player ones when none of those differ (with two
    players some points cannot matter: whoever goes out leaves the other alone in the round); None
    when the seeded search found none (or for a point read between rounds or through a Palette
    view, which no single round's solution can show)."""
    if kinds_for(entry) != KINDS or len(entry.readings) > 2:
        return None  # with three readings the solved values rarely all differ; the position witness shows them
    hits: list[Position] = []
    for players in (3,) if entry.switch in OUT_SWITCHES else SOLVED_PLAYERS:
        # The 2-player stream keeps its seed string, so adding the 3-player fallback changed no
        # witness already found with two players.
        tag = f"{entry.id}/{SOLVED}/{seed}" + ("" if players == 2 else f"/{players}")
        rng = random.Random(zlib.crc32(tag.encode()))
        for _ in range(SAMPLES[SOLVED]):
            pos = random_position(rng, entry, players=players)
            if differs_solved(entry, pos):
                hits.append(pos)
                if len(hits) == SOLVED_CANDIDATES:
                    break
        if hits:
            break
    if not hits:
        return None
    best = min((shrink(p, lambda q: differs_solved(entry, q), entry.rule is not None) for p in hits), key=size)
    best = under(best, entry, entry.default)
    return {"kind": SOLVED, "position": position_to_json(best), **claim_solved(entry, best)}


def settings(entry: Entry) -> dict[str, Any]:
    """The search settings behind an entry's witnesses, for its technical appendix."""
    if not entry.plays:
        return {}
    kinds = kinds_for(entry)
    if kinds == (ROUND_END,):
        if entry.switch in GAME_END_SWITCHES:
            return {"search": "last deals of 3- and 4-player games", "deals_tried": LAST_DEALS}
        return {"search": "seeded random-turn games, 2 then 3 then 4 players", "games_per_count": GAMES}
    return {"kinds": list(kinds), "positions_tried": {k: SAMPLES[k] for k in kinds}, "candidates": CANDIDATES,
            "solved": {"positions_tried": SAMPLES[SOLVED], "players": list(SOLVED_PLAYERS),
                       "nodes_per_solve": SOLVE_NODES, "candidates": SOLVED_CANDIDATES}
            if kinds == KINDS else None}
