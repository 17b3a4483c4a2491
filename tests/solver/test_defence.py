"""The best-defence value (solver/defence.py) against a plain enumeration of the seat's strategies
(``strategies_best``, tests/solver/conftest.py), and what must hold between it and the win share
of advise (all cards known)."""

import dataclasses
import itertools

import pytest
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.view import format_view, view_of
from arbiter.solver import defence
from arbiter.solver.advise import TooManyDeals
from arbiter.solver.red7.advise import advise
from arbiter.solver.red7.defence import best_defence, rules, small_deal

CASES = [("basic", 2, 2, 2, s) for s in range(6)] + [("actions", 2, 2, 2, s) for s in range(6)] + [
    ("advanced", 2, 2, 1, s) for s in range(3)] + [("basic", 3, 2, 1, s) for s in range(3)] + [
    ("actions", 3, 2, 0, s) for s in range(2)]
# Deals where the best strategy wins fewer deals than all cards known would (found by trying seeds):
# the frontiers must get the fusion right, not just agree where there is none.
GAPS = [("basic", 2, 3, 1, 9), ("actions", 2, 3, 1, 57)]


@pytest.mark.parametrize("ruleset, players, hand, deck, seed", CASES + GAPS)
def test_best_defence_is_the_best_strategy_found_by_trying_them_all(ruleset, players, hand, deck, seed,
                                                                    strategies_best):
    pos = small_deal(seed, players, hand, deck, Ruleset.parse(ruleset))
    view = view_of(pos)
    worlds = list(view.deals())
    plain = rules(view.me, pos.ruleset, pos.players)
    expected = {step.removesuffix(" ..."): v for step, v in strategies_best(plain, worlds).items()}
    got = best_defence(view)
    assert {m.move: m.wins for m in got.moves} == expected, format_view(view)
    if (ruleset, players, hand, deck, seed) in GAPS:
        assert any(m.totals[0] < m.totals[1] for m in got.moves)
    # Without the perfect-information shortcuts the frontiers alone give the same values.
    bare = defence.Defence(dataclasses.replace(plain, perfect=None))
    for step in bare.options(worlds):
        total, _ = defence.best(bare.after(worlds, step), [1] * len(worlds))
        assert total == expected[step.removesuffix(" ...")]


@pytest.mark.parametrize("ruleset, seed", [("basic", 9), ("actions", 8), ("actions", 3), ("advanced", 4)])
def test_best_defence_never_beats_all_cards_known_and_meets_it_with_nothing_hidden(ruleset, seed):
    pos = small_deal(seed, 2, 3, 1, Ruleset.parse(ruleset))
    got = best_defence(view_of(pos))
    pi = advise(view_of(pos), exact=True)
    assert got.deals == pi.deals == view_of(pos).count()
    for m in got.moves:
        assert m.totals[0] <= m.totals[1] == pi.share(m.move).wins
    # The whole position as a view hides nothing: one deal, and the two values are the same.
    whole = best_defence(str(pos))
    assert whole.deals == 1
    assert all(m.totals[0] == m.totals[1] for m in whole.moves)


def test_a_view_with_too_many_deals_is_refused_with_the_count():
    pos = small_deal(0, 2, 3, 4, Ruleset.parse("actions"))
    view = view_of(pos)
    with pytest.raises(TooManyDeals) as e:
        best_defence(view, max_deals=10)
    assert e.value.count == view.count() > 10


def test_a_timeout_gives_each_unfinished_step_its_sure_range():
    pos = small_deal(2, 2, 4, 4, Ruleset.parse("basic"))
    got = best_defence(view_of(pos), timeout=1e-6, max_deals=5000)
    assert got.stopped == "timeout"
    for m in got.moves:
        if not m.exact:
            lo, hi = m.interval
            # the win share over the deals done bounds it there; the deals not done may all be won
            assert lo == 0 and m.totals[1] / got.deals <= hi <= 1


def test_pareto_keeps_what_no_other_vector_matches_everywhere():
    vs = [(1, 0, 1), (1, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 0)]
    assert sorted(defence.pareto(vs)) == [(1, 0, 1), (1, 1, 0)]
    assert defence.pareto([]) == []
    assert defence.pareto(itertools.product((0, 1), repeat=3)) == [(1, 1, 1)]


@pytest.mark.parametrize("seed", range(40))
def test_pareto_packed_is_the_entrywise_definition(seed):
    """``pareto`` tests dominance on packed integers (``Packed``): the same frontier, in the same order,
    as comparing entry by entry, for ints, negatives, fractions, integral floats and inf (a parent not
    met yet under min); a float that is no integer falls back to the entrywise test."""
    assert defence.pareto_entrywise([(1, 0), (0, 1), (0, 0), (1, 0)]) == [(1, 0), (0, 1)]
    import math
    import random
    from fractions import Fraction

    rng = random.Random(seed)
    pools = [[0, 1, 2, 3], [0, 1, 2, math.inf], [-60, -3, 0, 5, 60], [Fraction(1, 3), Fraction(2, 7), 0, 1, math.inf],
             [0.0, 1.0, 2, Fraction(3, 1)], [0.5, 1, 2], [0, 200, 1000, math.inf]]
    for pool in pools:
        n = rng.randint(1, 40)
        vectors = [tuple(rng.choice(pool) for _ in range(n)) for _ in range(rng.randint(0, 60))]
        assert defence.pareto(vectors) == defence.pareto_entrywise(vectors)
