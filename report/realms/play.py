"""Seeded Realms games between greedy players, coupled across readings: each decision draws one
salt and ranks the choices by a salted hash of their text, so a replay under another reading makes
the same choice wherever it can, and parts only where the reading changes what happens."""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, replace

from arbiter.model.realms import fast
from arbiter.model.realms.cards import CYCLONE, GIANT, PHOENIX, TREE, WARLOCK, Card, number_of, picture_of
from arbiter.model.realms.game import (
    MAX_STEPS,
    PLAY,
    RULING,
    STEAL,
    Move,
    Position,
    apply,
    chance_outcomes,
    deal,
    legal_moves,
    parse_move,
)
from arbiter.model.realms.ruleset import Ruleset

Step = tuple[Position, str, Position]  # before, the move text or chance label, after
VALUE = {PHOENIX: 100, GIANT: 90, WARLOCK: 80, TREE: 25, CYCLONE: 20}


def value(c: Card) -> float:
    """How much a greedy player wants to keep a card: Specials, then pictures, then numbers."""
    if c in VALUE:
        return VALUE[c]
    p = picture_of(c)
    if p is not None:
        return 40 - 2 * p
    return number_of(c) + (0.5 if c >= 61 else 0)


def priority(text: str, salt: bytes) -> float:
    """A uniform number in (0, 1) from the salted hash of ``text``."""
    h = hashlib.blake2b(text.encode(), digest_size=8, key=salt).digest()
    return (int.from_bytes(h, "little") + 0.5) / 2 ** 64


def wins_now(pos: Position, move: Move) -> bool:
    """Whether the player to move would be winning the trick so far after ``move``."""
    if move.card is None:
        return False
    cards, _ = pos.plays()
    leading = not cards
    kind_colour = move.card == CYCLONE or (move.card >= 61 and leading)
    cs = [c for c, _ in cards] + [move.card]
    xs = [x for _, x in cards] + [move.choice if kind_colour else None]
    winner, _, _ = fast.resolve(pos.ruleset, pos.ruling, cs, xs)
    return winner == len(cs) - 1


def _keep(move: Move) -> float:
    """The value a move spends (its card) less what its choice brings in (a card taken), or plus
    what it throws away (the Troll's discard)."""
    v = value(move.card)
    if move.choice is not None and (move.card in (WARLOCK, TREE) or picture_of(move.card) == 4):
        extra = value(move.choice) / 1000
        v += extra if picture_of(move.card) == 4 else -extra
    return v


def greedy(pos: Position, moves: list[Move], salt: bytes) -> Move:
    """Win the trick so far with the cheapest card that does, else throw the cheapest card; the
    dealer picks the starting colour at random (before looking at the hand)."""
    if pos.phase == RULING or moves[0].card is None:
        return min(moves, key=lambda m: priority(str(m), salt))
    return min(moves, key=lambda m: (not wins_now(pos, m), _keep(m), priority(str(m), salt)))


def chance(outcomes: list[tuple[float, str, Position]], salt: bytes) -> tuple[str, Position]:
    """One outcome with its probability (an exponential race on the salted labels), coupled."""
    _, label, after = min(outcomes, key=lambda o: -math.log(priority(o[1], salt)) / o[0])
    return label, after


@dataclass(frozen=True)
class Game:
    players: int
    seed: int
    ruleset: Ruleset
    steps: tuple[Step, ...]
    first: int = 0  # the index of the first step in the whole game

    @property
    def winner(self) -> int | None:
        return self.steps[-1][2].winner if self.steps else None


def game_seed(seed: int, players: int, game: int) -> int:
    return random.Random(f"realms frequency {seed} {players} {game}").getrandbits(48)


def play(players: int, seed: int, ruleset: Ruleset, start: Position | None = None, first: int = 0,
         other_luck: bool = False) -> Game:
    """A whole seeded game between greedy players, or its steps from step ``first`` on, played
    from ``start`` (default the seeded deal) with the same luck as the whole game, or with
    ``other_luck`` (a salt stream of its own from that step: the baseline of chance)."""
    if other_luck:
        rng = random.Random(f"realms play {seed} other luck from {first}")
    else:
        rng = random.Random(f"realms play {seed}")
        for _ in range(first):
            rng.getrandbits(64)
    pos = start or deal(players, seed, ruleset)
    steps: list[Step] = []
    for _ in range(MAX_STEPS - first):
        if pos.is_over:
            return Game(players, seed, ruleset, tuple(steps), first)
        salt = rng.getrandbits(64).to_bytes(8, "little")
        moves = legal_moves(pos)
        if moves:
            m = greedy(pos, moves, salt)
            after = apply(pos, m)
            steps.append((pos, str(m), after))
        else:
            label, after = chance(chance_outcomes(pos), salt)
            steps.append((pos, label, after))
        pos = after
    raise RuntimeError(f"the seeded game (seed {seed}) did not end within {MAX_STEPS} steps")


@dataclass(frozen=True)
class Trick:
    """A finished trick: the marker before its lead, its plays with their choices, the player of
    each, the winning player (None: nobody), the step that ended it and the step of its lead."""

    ruling: int
    plays: tuple[tuple[Card, int | None], ...]
    players: tuple[int, ...]
    winner: int | None
    step: int
    start: int = 0


def tricks(game: Game) -> list[Trick]:
    """The game's finished tricks in order."""
    out = []
    lead = 0
    for k, (b, what, a) in enumerate(game.steps):
        if b.phase == PLAY and not b.trick:
            lead = k
        if not b.trick or a.trick or b.phase not in (PLAY, STEAL):
            continue
        full = b
        if b.phase == PLAY:
            mv = parse_move(b, what)
            full = replace(b, trick=b.trick + (None if mv.card is None else (mv.card, mv.choice),))
        cards, who = full.plays()
        w, _, _ = fast.resolve(b.ruleset, b.ruling, [c for c, _ in cards], [x for _, x in cards])
        out.append(Trick(b.ruling, tuple(cards), tuple(who), None if w is None else who[w], game.first + k,
                         game.first + lead))
    return out
