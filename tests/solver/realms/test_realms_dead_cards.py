"""The dead-card walk's skip (states from which the solving player can play no card still in
question) changes no value and no dead card: seeded positions with 3 and 4 players, a known draw
pile (7-card hands) and empty piles (chance after each trick), each solved with the skip on and
off. Mutating ``playable_later`` (the hand ignored for the current trick, the cards that may
still reach the hand ignored, or the player who has not yet played counted as played) makes some
dead-card list here differ."""

import random

from arbiter.model.realms.cards import DECK_SIZE
from arbiter.model.realms.game import PLAY, Position, apply, deal
from arbiter.solver.realms import Ideas, solve


def empty_piles(players: int, size: int, seed: int) -> Position:
    """Each player holds ``size`` cards, nothing else is in play: the Draw Phase deals the recycled
    trick cards back by chance."""
    rng = random.Random(seed * 1000 + players * 10 + size)
    deck = rng.sample(range(DECK_SIZE), players * size)
    hands = tuple(sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(players))
    return Position(hands=hands, ruling=rng.randrange(4), dealer=players - 1, scores=(0,) * players,
                    phase=PLAY).validate()


CASES = ([(f"known pile, {p} players, seed {s}", apply(deal(p, s), "ruling=red"), 2) for p in (3, 4) for s in range(3)]
         + [(f"empty piles, {p} players, seed {s}", empty_piles(p, t, s), t) for p, t in ((3, 3), (4, 2)) for s in range(6)])


def _answers(r):
    return r.guaranteed, [(m.move, m.guaranteed) for m in r.moves], r.dead_cards


def test_the_skip_changes_no_value_and_no_dead_card():
    skipped = dead = 0
    for name, pos, tricks in CASES:
        plain = solve(pos, tricks, expected=False, ideas=Ideas(skip=False))
        fast = solve(pos, tricks, expected=False)
        assert plain.solved and fast.solved, name
        assert _answers(fast) == _answers(plain), name
        skipped += fast.nodes < plain.nodes
        dead += bool(plain.dead_cards)
    assert skipped and dead  # the skip ran, and some positions have dead cards for it to keep

