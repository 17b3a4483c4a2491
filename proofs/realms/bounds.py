"""How large a hand gets and whether a game can fail to end. The hand bound is checked on the
engine's own transitions (every move and chance outcome from the positions of seeded games); that
every game ends is proved from a z3 lemma on the trick spec (a trick nobody wins holds the Cyclone or
the Tree and no winning Special) and a count of the cards that pass through the draw pile."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

import z3
from arbiter.model.realms import game
from arbiter.model.realms.cards import DECK_SIZE, GIANT, PHOENIX, TROLL_MASK, WARLOCK, card_code, parse_card
from arbiter.model.realms.reference import resolve
from arbiter.model.realms.ruleset import SWITCHES, TRICK_SWITCHES, Ruleset, readings
from arbiter.model.realms.spec import trick_spec

from . import encoding as E
from .deciding import SIZES, canonical, reading_name
from .replay import plays_of, replay

# The hand bound: the switches that change which cards move between hands and piles (the trick
# switches change who wins, not what moves).
GAME_READINGS = tuple(n for n in SWITCHES if n not in TRICK_SWITCHES)
SEEDS = (0,)
ENABLERS = ("CYC", "TRE")  # the cards a trick nobody wins must hold (the lemma proves it per reading)


@dataclass(frozen=True)
class HandCheck:
    """The largest hand seen over ``positions`` positions of seeded games and every one of their
    ``turns`` successors (moves and chance outcomes); ``over`` is the first transition whose
    hand exceeds the limit, as (game, position index, what was done)."""

    largest: int
    positions: int
    turns: int
    over: dict | None


def _largest(pos: game.Position) -> int:
    return max(h.bit_count() for h in pos.hands)


def check_hands(limit: int = game.HAND_SIZE, players: range = range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1),
                seeds: tuple[int, ...] = SEEDS) -> HandCheck:
    """Play seeded random games under every reading one switch from the default and try every move
    and chance outcome from each position reached: no hand may exceed ``limit``."""
    largest = positions = turns = 0
    for rs in readings(GAME_READINGS):
        for n in players:
            for seed in seeds:
                for k, (before, _, _) in enumerate(game.random_game(n, seed, rs)):
                    positions += 1
                    largest = max(largest, _largest(before))
                    successors = [(str(m), game.apply(before, m)) for m in game.legal_moves(before)]
                    successors += [(label, after) for _, label, after in game.chance_outcomes(before)]
                    for what, after in successors:
                        turns += 1
                        size = _largest(after)
                        largest = max(largest, size)
                        if size > limit:
                            return HandCheck(size, positions, turns, {
                                "ruleset": str(rs), "players": n, "seed": seed, "step": k, "then": what,
                                "hands": [h.bit_count() for h in after.hands]})
    return HandCheck(largest, positions, turns, None)


def hand_witness(players: int = 2, seed: int = 0) -> dict:
    """A dealt game reaching the largest hand: the deal itself (seeded, replayable)."""
    pos = game.deal(players, seed)
    return {"deal": {"players": players, "seed": seed}, "hand": _largest(pos)}


# -- termination ------------------------------------------------------------------------------

def no_winner_lemma(rs: Ruleset, sizes: tuple[int, ...] = SIZES) -> dict | None:
    """None when z3 proves that every trick of ``sizes`` plays nobody wins holds an enabler (Cyclone
    or Tree) and no Phoenix, Giant or Warlock; else the canonical counterexample, replayed."""
    sp = trick_spec(rs)
    enablers = [parse_card(c) for c in ENABLERS]
    for k in sizes:
        t, dom = E.trick(k)
        has = [z3.Or([x == c for x in t.cards]) for c in enablers]
        specials = [z3.Or([x == c for x in t.cards]) for c in (PHOENIX, GIANT, WARLOCK)]
        s = z3.SimpleSolver()
        s.add(dom, E.winner(sp, t) < 0, z3.Or(z3.Not(z3.Or(has)), z3.Or(specials)))
        result = s.check()
        if result == z3.sat:
            witness = canonical(s, t)
            witness["engine_winner"] = replay(rs, *plays_of(witness)).winner
            return witness
        if result != z3.unsat:
            raise RuntimeError(f"z3 gave {result} on tricks of {k} under {reading_name(rs)}")
    return None


def recycle_gap(players: int) -> int:
    """The fewest tricks, counting both, from the trick in which the discard pile is recycled to the
    one in which it is recycled next, when nobody wins any of them. Recycling leaves in the draw pile
    every card outside the hands and the trick, at least ``65 - 7 * players - 1`` (hands hold 7 at
    each lead; a Tree may have taken one in that trick); the next recycling needs the pile drawn dry,
    and each trick takes from it one card per player plus one per Troll played (no Warlock takes a
    card back in such a trick), each Troll being played at most once between the two."""
    pile = DECK_SIZE - game.HAND_SIZE * players - 1
    return ceil((pile - TROLL_MASK.bit_count()) / players)


def longest_run(players: int, enablers: int = len(ENABLERS)) -> int | None:
    """A bound on consecutive tricks won by nobody: each holds an enabler, and an enabler played
    waits in the discard pile for the next recycling, so the tricks from one recycling to the next
    (both counted) hold at most ``enablers``; when recyclings are further apart than that, a run
    holds at most one recycling and so at most ``enablers`` tricks on each side of it. None when
    the count bounds nothing."""
    return 2 * enablers if recycle_gap(players) > enablers else None


def won_tricks(players: int) -> int:
    """The most tricks won before some score reaches the target: each of 10 points."""
    return players * (game.TARGET // game.POINTS_PER_TRICK - 1) + 1


def game_ends(rs: Ruleset) -> tuple[bool, dict]:
    """(True, the bounds) when every game under ``rs`` ends, for every number of players; (False,
    the lemma's counterexample or the player count the count fails for)."""
    bad = no_winner_lemma(rs)
    if bad is not None:
        return False, {"ruleset": str(rs), "no_winner_without": list(ENABLERS), **bad}
    most = {}
    for n in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
        run = longest_run(n)
        if run is None:
            return False, {"ruleset": str(rs), "players": n, "recycle_gap": recycle_gap(n)}
        most[str(n)] = won_tricks(n) + (won_tricks(n) + 1) * run
    return True, {"no_winner_needs": list(ENABLERS), "no_winner_run_at_most": longest_run(game.MAX_PLAYERS),
                  "most_tricks": most}



# -- scoring ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ScoreCheck:
    """``tricks`` tricks ended in ``positions`` positions of seeded games; ``wrong`` the first whose
    points did not go to exactly the player of the card the reference evaluator names (or nobody)."""

    positions: int
    tricks: int
    wrong: dict | None


def check_scoring(players: range = range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1),
                  seeds: tuple[int, ...] = SEEDS) -> ScoreCheck:
    """Every trick of seeded random games under every reading one switch from the default: the
    scores after it rise by 10 for the winner's player alone, or for nobody."""
    positions = tricks = 0
    for rs in readings():
        sp = trick_spec(rs)
        for n in players:
            for seed in seeds:
                for before, what, after in game.random_game(n, seed, rs):
                    positions += 1
                    if before.phase not in (game.PLAY, game.STEAL) or after.trick:
                        continue  # not the transition that ends a trick
                    tricks += 1
                    cards, seats = before.plays()
                    if before.phase == game.PLAY and what != "pass":
                        move = game.parse_move(before, what)
                        lead = not cards
                        cards.append((move.card, move.choice if game.choice_kind(move.card, lead) == game.COLOUR_CHOICE
                                      else None))
                        seats.append(before.to_move)
                    w = resolve(sp, before.ruling, cards).winner
                    want = [0] * n
                    if w is not None:
                        want[seats[w]] = game.POINTS_PER_TRICK
                    gained = [b - a for a, b in zip(before.scores, after.scores)]
                    if gained != want:
                        return ScoreCheck(positions, tricks, {"ruleset": str(rs), "players": n, "seed": seed,
                                                              "trick": [card_code(c) for c, _ in cards],
                                                              "points": gained, "expected": want})
    return ScoreCheck(positions, tricks, None)
