"""Witness tricks replayed by the engine: a decoded trick (marker, card codes with ``=colour``
choices) becomes the first trick of a dealt game whose hands make every card legal, played
move by move through ``model.realms.game``; so a witness is a trick a real game reaches."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.realms import game
from arbiter.model.realms.cards import (
    ALL_CARDS,
    COLOUR_NAMES,
    Card,
    card_code,
    cards_of,
    parse_card,
    parse_colour,
)
from arbiter.model.realms.reference import colours_to_follow, follows, walk
from arbiter.model.realms.ruleset import Ruleset
from arbiter.model.realms.spec import following_spec, trick_spec

Play = tuple[Card, int | None]


class Unreachable(ValueError):
    """No dealt game plays this trick (no hands make every card of it legal)."""


class Disagreement(Exception):
    """The engine, playing a witness trick from a deal, names another winner than the z3 terms;
    ``witness`` is the trick."""

    def __init__(self, message: str, witness: dict) -> None:
        super().__init__(message)
        self.witness = witness


def plays_of(witness: dict) -> tuple[int, list[Play]]:
    """A decoded witness (``{"ruling": "red", "cards": ["P1=blue", "R2"]}``) as marker and plays."""
    plays = []
    for text in witness["cards"]:
        code, _, colour = text.partition("=")
        plays.append((parse_card(code), parse_colour(colour) if colour else None))
    return parse_colour(witness["ruling"]), plays


def decoded(ruling: int, plays: list[Play]) -> dict:
    """The inverse of ``plays_of``."""
    return {"ruling": COLOUR_NAMES[ruling],
            "cards": [card_code(c) + ("" if x is None else "=" + COLOUR_NAMES[x]) for c, x in plays]}


@dataclass(frozen=True)
class Replay:
    """The dealt position (dealer to choose the marker), the moves played and the engine's result:
    the index of the winning play (None: nobody) and the marker after the trick."""

    start: game.Position
    moves: tuple[str, ...]
    winner: int | None
    ruling: int


def deal_for(rs: Ruleset, ruling: int, plays: list[Play]) -> game.Position:
    """A deal of ``len(plays)`` players (7 cards each, the rest a known draw pile) in which the
    player of the ``i``-th play holds its card and no card that would have to be played instead."""
    n = len(plays)
    if not game.MIN_PLAYERS <= n <= game.MAX_PLAYERS:
        raise Unreachable(f"a trick has {game.MIN_PLAYERS} to {game.MAX_PLAYERS} plays, got {n}")
    spec, following = trick_spec(rs), following_spec(rs)
    dealer = n - 1
    leader = game.first_leader(dealer, n, rs)
    free = ALL_CARDS & ~sum(1 << c for c, _ in plays)
    hands = [0] * n
    # The players who must not hold a card of the colour to follow choose their fillers first.
    forbidden: dict[int, set[int]] = {}
    for i, (c, _) in enumerate(plays):
        if i == 0:
            continue
        must = colours_to_follow(following, walk(spec, ruling, plays[:i]))
        if not follows(following, must, c):
            forbidden[i] = must
    for i in sorted(range(n), key=lambda i: (i not in forbidden, i)):
        hand = 1 << plays[i][0]
        for f in cards_of(free):
            if hand.bit_count() == game.HAND_SIZE:
                break
            if i not in forbidden or not follows(following, forbidden[i], f):
                hand |= 1 << f
        if hand.bit_count() < game.HAND_SIZE:
            raise Unreachable(f"no 7-card hand lets {card_code(plays[i][0])} be played")
        free &= ~hand
        hands[(leader + i) % n] = hand
    return game.Position(hands=tuple(hands), draw=tuple(cards_of(free)), dealer=dealer, leader=leader,
                         scores=(0,) * n, ruleset=rs)


def replay(rs: Ruleset, ruling: int, plays: list[Play]) -> Replay:
    """Deal, choose the marker, play the trick through the engine (a card choice of a Troll, Warlock
    or Tree: the first legal one; a steal: the first card no later play needs) and read its result."""
    start = deal_for(rs, ruling, plays)
    pos = game.apply(start, f"ruling={COLOUR_NAMES[ruling]}")
    moves = [f"ruling={COLOUR_NAMES[ruling]}"]
    needed = {c for c, _ in plays}
    for i, (c, x) in enumerate(plays):
        choices = [m for m in game.legal_moves(pos) if m.card == c
                   and (game.choice_kind(c, i == 0) != game.COLOUR_CHOICE or m.choice == x)]
        if not choices:
            raise Unreachable(f"the engine does not let {card_code(c)} be played here")
        moves.append(str(choices[0]))
        pos = game.apply(pos, choices[0])
        needed.discard(c)
        if pos.phase == game.STEAL:
            outcomes = [o for o in game.chance_outcomes(pos) if not any(card_code(k) in o[1].split() for k in needed)]
            moves.append(outcomes[0][1])
            pos = outcomes[0][2]
    gained = [b - a for a, b in zip(start.scores, pos.scores)]
    winner = next((i for i in range(len(plays)) if gained[(start.leader + i) % len(plays)]), None)
    return Replay(start, tuple(moves), winner, pos.ruling)


def replay_witness(rs: Ruleset, witness: dict) -> Replay:
    return replay(rs, *plays_of(witness))
