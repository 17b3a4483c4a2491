"""Theorems about turns, checked on the engine's own transitions (``model/red7/game.py``
``successors``) over a stated scope of reachable positions: every legal turn from every position
the scope reaches. A bounded check, reported as such ("checked on N positions"), never as "proved"."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Any

from arbiter.model.red7.cards import COLOUR_NAMES, card_code, codes, number_of
from arbiter.model.red7.game import CANVAS, DECK, DISCARD, DRAW, PASS, PLAY, TAKE, Move, Position, deal, successors
from arbiter.model.red7.ruleset import ACTIONS, PRESETS, SWITCHES, Ruleset

from ..walk import Once, Verdict, walk

# The readings a turn depends on, each flipped from the Advanced+Actions preset (which reads every
# one of them); the Basic, Actions and Advanced presets come first.
TURN_SWITCHES = ("nobody_qualifies", "losing_turns", "advanced_draw", "action_mode", "action1_eligibility",
                 "action1_count", "action1_destination", "action3_draw_discardable", "action5_chains",
                 "action7_destination", "action7_advanced_draw", "action7_check", "discard_after_action7")
PLAYERS = (2, 3, 4)
GAMES = 4  # seeded random games per ruleset and player count
DEPTH, DEALS = 1, 2  # every position within DEPTH turns of deals 0..DEALS-1 ...
NEAR = ("basic", "advanced")  # ... under these presets (with actions, one turn's replies are thousands)
RESCUE_GAMES = 60  # seeded games under the Actions preset searched for a 1 that rescues its player


def rulesets() -> list[Ruleset]:
    """The scope's rulesets: the four presets, then each turn switch flipped on Advanced+Actions."""
    base = PRESETS["advanced+actions"]
    flipped = [base.with_switches(**{name: value}) for name in TURN_SWITCHES for value in SWITCHES[name]
               if value != getattr(base, name)]
    return [*PRESETS.values(), *flipped]


SCOPE = (f"every legal turn (the engine's successors) from every position within {DEPTH} turn of deals 0-{DEALS - 1} "
         f"(basic, advanced) and of {GAMES} seeded random games (seeds 0-{GAMES - 1}) under the presets basic, "
         f"actions, advanced, advanced+actions and each of {len(TURN_SWITCHES)} turn switches flipped on "
         f"advanced+actions; 2, 3 and 4 players")
RESCUE_SCOPE = f"turns of {RESCUE_GAMES} seeded random games (seeds 0-{RESCUE_GAMES - 1}), 2-4 players, Actions preset"


@dataclass(frozen=True)
class Reached:
    """A position and how a game reaches it: the deal (players, seed, ruleset) and the turns since."""

    position: Position
    players: int
    seed: int
    ruleset: Ruleset
    line: tuple[str, ...]

    @cached_property
    def zones(self) -> tuple[int, int]:
        return _zones(self.position)

    @cached_property
    def measure(self) -> int:
        return _measure(self.position)

    def origin(self) -> dict[str, Any]:
        return {"deal": {"players": self.players, "seed": self.seed, "ruleset": str(self.ruleset)},
                "line": list(self.line)}


def _games(ruleset: Ruleset, players: int, seeds: range) -> Iterator[Reached]:
    """The positions of seeded random games: from ``deal(players, seed)``, a random legal turn each time."""
    for seed in seeds:
        pos, line, rng = deal(players, seed, ruleset), (), random.Random(seed)
        while not pos.is_over:
            yield Reached(pos, players, seed, ruleset, line)
            move, pos = rng.choice(successors(pos))
            line += (str(move),)


def _near_deals(ruleset: Ruleset, players: int) -> Iterator[Reached]:
    """Every position within DEPTH turns of the first DEALS deals, shallowest first."""
    for seed in range(DEALS):
        layer = [Reached(deal(players, seed, ruleset), players, seed, ruleset, ())]
        for depth in range(DEPTH + 1):
            nxt = []
            for r in layer:
                yield r
                if depth < DEPTH and not r.position.is_over:
                    nxt += [Reached(p, players, seed, ruleset, (*r.line, str(m))) for m, p in successors(r.position)]
            layer = nxt


def positions(scope: str = "turns") -> Iterator[Reached]:
    """The scope's reachable positions, each once, in a fixed order (shallow ones first)."""
    seen: set[Position] = set()
    if scope == "rescue":
        sources = [_games(ACTIONS, n, range(RESCUE_GAMES)) for n in PLAYERS]
    else:
        sources = [_near_deals(PRESETS[name], n) for name in NEAR for n in PLAYERS]
        sources += [_games(rs, n, range(GAMES)) for rs in rulesets() for n in PLAYERS]
    for source in sources:
        for r in source:
            if r.position not in seen:
                seen.add(r.position)
                yield r


# -- witnesses ------------------------------------------------------------------------------------

def _palettes(pos: Position, labels: dict[int, str]) -> dict[str, list[str]]:
    return {f"player {i} ({labels[i]})" if i in labels else f"player {i}": codes(p)
            for i, p in enumerate(pos.palettes) if not pos.is_out(i) or i in labels}


def witness(r: Reached, move: Move, nxt: Position, why: str, labels: dict[int, str] | None = None) -> dict[str, Any]:
    """A turn of a reachable position as a witness: how the position is reached, the turn, what is
    wrong, and the Palettes before and after it, labelled by whose they are."""
    labels = {r.position.to_move: "mover", **(labels or {})}
    return {**r.origin(), "rule": COLOUR_NAMES[r.position.rule], "mover": r.position.to_move, "turn": str(move),
            "why": why, "palettes": {"before": _palettes(r.position, labels), "after": _palettes(nxt, labels)}}


# -- the facts ------------------------------------------------------------------------------------
# Each fact looks at one transition and returns None, or a witness of how the turn breaks it.

Fact = Callable[[Reached, Move, Position], "dict[str, Any] | None"]


def never_empty(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """Every player still in after the turn has a Palette card, so a discarded 1 never earns the
    Advanced draw (its number must exceed the mover's Palette size)."""
    for i, p in enumerate(nxt.palettes):
        if not p and not nxt.out >> i & 1:
            return witness(r, move, nxt, f"player {i} is still in with an empty Palette", {i: "emptied"})
    for (verb, c), (after, _) in pairwise(move):
        if verb == DISCARD and number_of(c) == 1 and after == DRAW:
            return witness(r, move, nxt, f"discarding {card_code(c)} earned the Advanced draw")
    return None


def _zones(pos: Position) -> tuple[int, int]:
    """(the cards in hands, Palettes and deck, how many places they fill): equal counts mean no card
    is in two places."""
    mask, count = 0, len(pos.deck)
    for m in (*pos.hands, *pos.palettes):
        mask |= m
        count += m.bit_count()
    for c in pos.deck:
        mask |= 1 << c
    return mask, count


def conserved(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """No card appears or vanishes: the cards in hands, Palettes and deck after the turn, with the
    ones the turn put on the Canvas, are the cards before it, each in exactly one place."""
    before, _ = r.zones
    after, places = _zones(nxt)
    canvas = 0
    for verb, c in move:
        if verb in (DISCARD, CANVAS):
            canvas |= 1 << c
    if places != after.bit_count():
        return witness(r, move, nxt, "a card is in two places after the turn")
    if after & canvas or after | canvas != before:
        gone, new = codes(before & ~after & ~canvas), codes(after & ~before)
        return witness(r, move, nxt, f"cards lost: {gone or 'none'}; cards that appeared: {new or 'none'}")
    return None


def mover_winning(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """After a turn the mover is winning under the rule then on the Canvas, or out; only ``pass``
    (or a losing turn of a kind the ``losing_turns`` reading makes legal: any, only plays, only
    turns with a discard) puts the mover out."""
    me = r.position.to_move
    if nxt.is_out(me):
        losing, discards = r.position.ruleset.losing_turns, any(verb == DISCARD for verb, _ in move)
        if move[0][0] == PASS or losing == "legal" or losing == ("discards_only" if discards else "plays_only"):
            return None
        return witness(r, move, nxt, "a turn other than pass put the mover out")
    if nxt.leader() != me:
        return witness(r, move, nxt, f"the mover stays in but player {nxt.leader()} is winning")
    return None


def _measure(pos: Position) -> int:
    """Twice the hand cards of the players still in, plus the deck, plus the players still in."""
    return sum(2 * h.bit_count() + 1 for i, h in enumerate(pos.hands) if not pos.out >> i & 1) + len(pos.deck)


def shrinks(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """Every turn lowers the measure 2 x (hand cards of players in) + deck + (players in), so every
    round ends within that many turns of its deal."""
    m0, m1 = r.measure, _measure(nxt)
    if m1 >= m0:
        return witness(r, move, nxt, f"the measure went from {m0} to {m1}")
    return None


def action1_takes(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """A 1 takes one card of an opponent still in, never from its own player and never an only card."""
    pos, me = r.position, r.position.to_move
    palettes = list(pos.palettes)
    for verb, c in move:
        if verb == PLAY:
            palettes[me] |= 1 << c
        elif verb == TAKE:
            owner = next((i for i, p in enumerate(palettes) if p >> c & 1), None)
            if owner is None or owner == me or pos.is_out(owner):
                return witness(r, move, nxt, f"a 1 took {card_code(c)} from player {owner}")
            if palettes[owner].bit_count() < 2:
                return witness(r, move, nxt, f"a 1 took player {owner}'s only Palette card", {owner: "target"})
            palettes[owner] &= ~(1 << c)
    return None


def action7_moves_another(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """A 7 moves a card of its player's Palette other than itself (to the Canvas or the deck)."""
    palette = r.position.palettes[r.position.to_move]
    played = -1
    for verb, c in move:
        if verb == PLAY:
            palette |= 1 << c
            played = c
        elif verb in (CANVAS, DECK):
            if c == played or not palette >> c & 1:
                what = "itself" if c == played else f"{card_code(c)}, not in its player's Palette"
                return witness(r, move, nxt, f"the 7 {card_code(played)} moved {what}")
            palette &= ~(1 << c)
    return None


FACTS: dict[str, Fact] = {"palette-never-empty": never_empty, "cards-conserved": conserved,
                          "mover-winning": mover_winning, "rounds-end": shrinks, "action1-takes": action1_takes,
                          "action7-moves-another": action7_moves_another}


def check(facts: dict[str, Fact] = FACTS) -> dict[str, Verdict]:
    """Every fact checked on every transition of the scope (see ``walk``)."""
    return walk(positions(), lambda r: successors(r.position), facts)


def rescues() -> dict[int, dict[str, Any]]:
    """Per rule, the first turn of the rescue scope with that rule on the Canvas in which the mover
    is not winning, plays a 1 whose action takes a card, and is then winning under the same rule
    (no discard). Which targets the 1 may take from is the engine's and the ruleset's business."""
    found: dict[int, dict[str, Any]] = {}
    for r in positions("rescue"):
        pos, me = r.position, r.position.to_move
        if pos.rule in found or pos.leader() == me:
            continue
        for move, nxt in successors(pos):
            if len(move) == 2 and move[0][0] == PLAY and number_of(move[0][1]) == 1 and move[1][0] == TAKE \
                    and nxt.rule == pos.rule and nxt.leader() == me:
                target = next(i for i, p in enumerate(pos.palettes) if p >> move[1][1] & 1)
                found[pos.rule] = witness(r, move, nxt, "not winning before the 1, winning after it takes",
                                          {target: "target"})
                break
        if len(found) == 7:
            break
    return found


_memo = Once()


def verdicts() -> dict[str, Verdict]:
    """``check()`` once per process (``forget()`` after changing the engine)."""
    return _memo.get("facts", check)


def rescue(rule: int) -> dict[str, Any] | None:
    """``rescues()[rule]``, searched once per process."""
    return _memo.get("rescues", rescues).get(rule)


def forget() -> None:
    _memo.forget()
