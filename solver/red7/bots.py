"""Bots that choose a turn from their own view only: ``random``; ``solver`` (a winning turn of one deal
sampled from the view); ``advise`` (the best win share over a few sampled deals)."""

from __future__ import annotations

import random
from collections.abc import Callable

from arbiter.model.red7.game import Position, legal_moves
from arbiter.model.red7.view import view_of

from ..search import SearchLimit
from .advise import advise, decision, outcomes

BOTS = ("solver", "advise", "random")
THINK_SECONDS = 5.0  # a bot's limit per turn; past it the solver bot plays at random
ADVISE_SAMPLES = 16

Bot = Callable[[Position, random.Random], str]


def _finish(pos: Position, chosen: str, rng: random.Random) -> str:
    """A real legal turn for a chosen decision: a turn that goes on after a draw was decided before
    the card was seen, so its rest is picked among the real turns with that start (at random)."""
    texts = [str(m) for m in legal_moves(pos)]
    if chosen in texts:
        return chosen
    fits = [t for t in texts if decision(t, pos.ruleset) == chosen]
    return rng.choice(fits or texts)


def random_bot(pos: Position, rng: random.Random) -> str:
    """Uniformly among the legal turns, passing only when nothing else is legal."""
    texts = [str(m) for m in legal_moves(pos)]
    return rng.choice([t for t in texts if t != "pass"] or texts)


def solver_bot(pos: Position, rng: random.Random) -> str:
    """Deal the bot's view once at random, solve that deal, play a winning turn of it (the first
    by text); with none (or past the time limit) play at random."""
    deal = view_of(pos).sample(rng)
    try:
        found, _ = outcomes(deal, THINK_SECONDS, table_size=1 << 18)
    except SearchLimit:
        return random_bot(pos, rng)
    wins = sorted(d for d, w in found.items() if w)
    return _finish(pos, wins[0], rng) if wins else random_bot(pos, rng)


def advise_bot(pos: Position, rng: random.Random) -> str:
    """The turn with the best win share over a few deals sampled from the bot's view."""
    advice = advise(view_of(pos), samples=ADVISE_SAMPLES, seed=rng.getrandbits(32), timeout=THINK_SECONDS)
    if advice.stopped == "interrupted":
        raise KeyboardInterrupt  # advise keeps partial results; a game stops on Ctrl-C
    best = advice.best
    if best is None or best.wins == 0:
        return random_bot(pos, rng)
    return _finish(pos, best.move, rng)


BY_NAME: dict[str, Bot] = {"solver": solver_bot, "advise": advise_bot, "random": random_bot}


def turn_rng(seed: int, turn: int) -> random.Random:
    """The bots' random choices at a turn of a seeded game (the same after an undo)."""
    return random.Random(f"bots {seed} turn {turn}")


__all__ = ["BOTS", "BY_NAME", "advise_bot", "random_bot", "solver_bot", "turn_rng"]
