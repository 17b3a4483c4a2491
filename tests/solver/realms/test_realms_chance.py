"""The chance ideas change no value: a draw phase searched as one chance node per set of cards
taken (``whole_draws``) and the expectation bounded below by the guarantee (``floor``) give the
same guaranteed and expected tricks per move, and the same dead cards, as the search before them
(draws one card at a time, no floor), on seeded positions with 3 and 4 players: empty piles (the
trick cards recycled and dealt back by chance) and a shuffled pile larger than the draw. And the
set outcomes are the one-at-a-time outcomes merged: same positions, same total probability.
A floor one trick too high, or set outcomes at half their probability, fail here."""

import random
from collections import defaultdict

import pytest
from arbiter.model.realms.cards import DECK_SIZE
from arbiter.model.realms.game import DRAW, PLAY, Position, chance_outcomes, whole_draws
from arbiter.solver.realms import Ideas, solve

OLD = Ideas(whole_draws=False, floor=False)


def seeded(players: int, size: int, shuffled: int, seed: int) -> Position:
    rng = random.Random(seed * 1000 + players * 100 + size * 10 + shuffled)
    deck = rng.sample(range(DECK_SIZE), players * size + shuffled)
    hands = tuple(sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(players))
    return Position(hands=hands, shuffled=sum(1 << c for c in deck[players * size:]), ruling=rng.randrange(4),
                    dealer=players - 1, scores=(0,) * players, phase=PLAY).validate()


CASES = ([(seeded(3, 3, 0, s), 3) for s in range(4)] + [(seeded(4, 3, 0, s), 3) for s in range(3)]
         + [(seeded(3, 4, 5, s), 2) for s in range(3)] + [(seeded(4, 3, 5, s), 2) for s in range(3)])


def _answers(r):
    return ([(m.move, m.guaranteed, pytest.approx(m.expected, abs=1e-9)) for m in r.moves], r.guaranteed,
            pytest.approx(r.expected, abs=1e-9), r.dead_cards)


@pytest.mark.parametrize("k", range(len(CASES)))
def test_the_chance_ideas_change_no_value(k):
    pos, tricks = CASES[k]
    old, new = solve(pos, tricks, ideas=OLD), solve(pos, tricks)
    assert old.solved and new.solved
    assert _answers(new) == _answers(old)


def _merged(outcomes):
    total = defaultdict(float)
    for p, _, after in outcomes:
        total[after] += p
    return total


def _sequences(pos: Position, k: int) -> dict[Position, float]:
    """The positions after ``k`` draws one card at a time, with their probabilities."""
    if k == 0:
        return {pos: 1.0}
    out = defaultdict(float)
    for p, _, after in chance_outcomes(pos):
        for rest, q in _sequences(after, k - 1).items():
            out[rest] += p * q
    return out


def test_set_outcomes_are_the_sequences_merged():
    for seed in range(4):
        pos = seeded(3, 5, 6, seed)  # player 0 (the leader) draws first: 2 of the 6 shuffled cards
        pos = Position(hands=pos.hands, shuffled=pos.shuffled, ruling=pos.ruling, dealer=2, scores=(0, 0, 0),
                       phase=DRAW).validate()
        whole = _merged(whole_draws(pos))
        seq = _sequences(pos, 2)
        assert len(whole) == 15 and set(whole) == set(seq)
        assert all(whole[a] == pytest.approx(seq[a]) for a in whole)
