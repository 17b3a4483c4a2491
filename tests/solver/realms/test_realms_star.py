"""The expectation's cut-offs change no value: the search with every idea gives the same guaranteed
and expected tricks per move as the search without the scout (each reply first asked whether it
reaches the node's own bound) and, on positions small enough, as the plain exhaustive recursion
(``brute_force``); on seeded empty-pile positions (the trick cards recycled and dealt back by
chance after each trick) with 3 and 4 players and on positions with a shuffled pile. A scout that
took a reply short of the bound for the node's value, or a bound outside the value range, fails
here: most of these positions are worth a fraction of a trick, not a whole number."""

import pytest
from arbiter.solver.realms import Ideas, brute_force, solve
from hypothesis import given, settings
from hypothesis import strategies as st
from test_realms_chance import seeded

PLAIN = Ideas(scout=False)


def _values(r):
    return [(m.move, m.guaranteed, round(m.expected, 9)) for m in r.moves]


@settings(max_examples=30, deadline=None)  # a few positions take seconds
@given(st.integers(0, 10**6), st.sampled_from([(3, 3, 0, 3), (4, 3, 0, 3), (3, 4, 3, 2), (4, 2, 4, 2)]))
def test_the_scout_changes_no_value(seed, shape):
    players, size, shuffled, tricks = shape
    pos = seeded(players, size, shuffled, seed)
    new, plain = solve(pos, tricks), solve(pos, tricks, ideas=PLAIN)
    assert new.solved and plain.solved
    assert _values(new) == _values(plain)
    assert round(new.expected, 9) == round(plain.expected, 9)


@pytest.mark.parametrize("seed", range(12))
def test_the_expectation_is_the_exhaustive_one(seed):
    pos = seeded(3, 2, 0, seed)
    guaranteed, expected = brute_force(pos, 2)
    r = solve(pos, 2)
    assert r.guaranteed == guaranteed
    assert r.expected == pytest.approx(expected, abs=1e-9)


def test_the_positions_are_worth_fractions():
    """The positions above are not all worth whole tricks (else a scout at the edges is never tried
    off them): some move's expectation lies strictly between two whole numbers."""
    fractions = 0
    for seed in range(6):
        r = solve(seeded(4, 3, 0, seed), 3)
        fractions += sum(1 for m in r.moves if abs(m.expected - round(m.expected)) > 1e-6)
    assert fractions > 0
