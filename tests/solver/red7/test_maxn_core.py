"""The compiled core's exact max-n (``Search.maxn`` in solver/red7/_red7core.c: the uniform tie rule,
shallow pruning, its own table) against the Python max-n of solver/maxn.py: on seeded short rounds
(3-4 players, Basic, Advanced and Actions) every value it gives equals ``SelfInterested.values``
exactly, under a budget it reaches and under budgets it does not (then a state is exact or None,
never a wrong number), with a table so small that entries are overwritten; on longer rounds the
value it finds lies in the sure range of the bounded search (``SelfInterested.bounded``)."""

from fractions import Fraction

import pytest
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver.maxn import SelfInterested
from arbiter.solver.red7.advise import CoreMoves, core_values
from arbiter.solver.red7.core import CoreSearch, open_search
from arbiter.solver.red7.defence import small_deal
from arbiter.solver.red7.game import Red7Game


def _roots(seed: int, players: int, ruleset: str, hand: int) -> tuple[Red7Game, CoreSearch, list, int]:
    pos = small_deal(seed, players, hand, 2, Ruleset.parse(ruleset))
    game = Red7Game(pos.ruleset)
    core, _, engine, _ = open_search(game, players, None, None, 1 << 16)
    if not isinstance(core, CoreSearch):
        pytest.fail(f"the compiled core is not built or does not take {ruleset} ({engine})")
    return game, core, [c for _, c in game.moves(game.state(pos))], pos.to_move


def _core_vectors(core: CoreSearch, roots: list, nodes: int, bits: int = 20) -> list:
    found, spent = core.core.maxn(roots, nodes, bits)
    assert spent <= max(nodes, 1)
    return [None if v is None else tuple(Fraction(x, v[-1]) for x in v[:-1]) for v in found]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("ruleset", ["basic", "advanced", "actions"])
@pytest.mark.parametrize("seed", range(3))
def test_core_max_n_equals_the_python_max_n(seed, ruleset, players):
    game, core, roots, me = _roots(seed, players, ruleset, 3)
    python = SelfInterested(game, players=players)
    want = [python.values(s, me)[:-1] for s in roots]
    assert _core_vectors(core, roots, 10**7) == want  # a budget it does not reach: every value exact
    assert _core_vectors(core, roots, 10**7, bits=4) == want  # 16 slots: entries overwritten, values the same
    assert all(sum(v) == 1 for v in want)  # one winner: the chances sum to 1 (what the pruning relies on)
    if players == 4:  # ties met: the uniform rule's fractions, compared and averaged exactly
        assert any(x.denominator > 1 for v in want for x in v)
    for nodes in (1, 30, 300):
        got = _core_vectors(core, roots, nodes)
        assert all(g is None or g == w for g, w in zip(got, want, strict=True))
    assert all(v is None for v in _core_vectors(core, roots, 1))  # one node solves no turn: None, not a guess


def test_core_values_are_the_askers_chance():
    game, core, roots, me = _roots(1, 3, "basic", 4)
    python = SelfInterested(game, players=3)
    assert core_values(CoreMoves(game, core), roots, me, 10**7) == [python.value(s, me) for s in roots]
    assert core_values(CoreMoves(game, core), roots, me, 0) == [None] * len(roots)  # no nodes: not asked


def test_core_value_lies_in_the_bounded_range():
    """On longer rounds (5 cards a hand) the bounded search's sure range holds the core's exact value,
    and the core solves turns that the bounded search left as ranges."""
    solved_only_by_core = 0
    for seed in range(3):
        game, core, roots, me = _roots(seed, 3, "basic", 5)
        exact = core_values(CoreMoves(game, core), roots, me, 3 * 10**6)
        ranges = SelfInterested(CoreMoves(game, core), forced=core.wins, players=3).bounded(roots, me, 2000)
        for v, (lo, hi) in zip(exact, ranges, strict=True):
            assert v is None or lo[-1] <= v <= hi[-1], (v, lo[-1], hi[-1])
            solved_only_by_core += v is not None and lo != hi
    assert solved_only_by_core > 0


def test_a_deals_values_with_the_core_lie_in_those_without():
    """``solve_self_interested`` on sampled deals of a 3-player view (5 cards a hand): each decision's
    value with the core's exact max-n is a point where it finished, inside the range the bounded
    search alone gives (so equal to it where that was exact); the coalition's values do not change."""
    import random

    from arbiter.model.red7.game import deal
    from arbiter.model.red7.view import view_of
    from arbiter.solver.advise import Bounds
    from arbiter.solver.red7.advise import SEARCH_ORDER_FROM, solve_self_interested

    view = view_of(small_deal(4, 3, 5, 2, Ruleset.parse("basic")))
    rng = random.Random(0)
    deals = [view.sample(rng) for _ in range(4)] + [deal(3, 7)]
    with_core, _, _ = solve_self_interested(deals, None, SEARCH_ORDER_FROM, nodes=500, core_nodes=3 * 10**6)
    alone, _, _ = solve_self_interested(deals, None, SEARCH_ORDER_FROM, nodes=500, core_nodes=0)
    points = 0
    for (a, _), (b, _) in zip(with_core, alone, strict=True):
        assert a.keys() == b.keys()
        for d in a:
            (own, win), (own_b, win_b) = a[d], b[d]
            assert win == win_b
            lo, hi = (own_b.lo, own_b.hi) if isinstance(own_b, Bounds) else (own_b, own_b)
            if not isinstance(own, Bounds):
                points += isinstance(own_b, Bounds)
                assert lo - 1e-12 <= own <= hi + 1e-12, (d, own, own_b)
            else:  # both sure ranges hold the exact value (the bounded search's nodes went to fewer turns)
                assert max(lo, own.lo) <= min(hi, own.hi) + 1e-12
    assert points > 0  # the core made exact what the bounded search left as a range


def _rounds(core: CoreSearch, roots: list, share: int, two_in: bool = True, broken: int = 0,
            nodes: int = 10**7, bits: int = 20) -> list:
    """The values of ``Core.maxn`` whose first round gives each state ``share`` nodes (doubled each
    round): small shares leave many nodes unfinished, whose partial bounds the later rounds use."""
    found, spent = core.core.maxn(roots, nodes, bits, two_in, share, broken)
    assert spent <= nodes
    # a broken core may leave a node no child to take (denominator 0): "no value", never equal to one
    return [None if v is None else "no value" if not v[-1] else tuple(Fraction(x, v[-1]) for x in v[:-1])
            for v in found]


def _partial_cases():
    """Seeded positions (3-4 players, Basic, Advanced, Actions, 3-4 cards a hand) with the Python
    max-n values of their turns."""
    for players in (3, 4):
        for ruleset in ("basic", "advanced", "actions"):
            for seed in range(3, 7):
                game, core, roots, me = _roots(seed, players, ruleset, 4 if players == 3 else 3)
                python = SelfInterested(game, players=players)
                yield (players, ruleset, seed), core, roots, [python.values(s, me)[:-1] for s in roots]


@pytest.fixture(scope="module")
def partial_cases():
    return list(_partial_cases())


@pytest.mark.parametrize("share", [1, 30, 300])
def test_rounds_from_partial_bounds_equal_the_python_max_n(partial_cases, share):
    """Nodes left unfinished by a round keep their mover's best so far as a lower bound, which the
    next (doubled) round prunes with: with 1, 30 or 300 nodes a state in the first round, every value
    equals the Python max-n, with and without the two-in shortcuts and in a 64-slot table; under a
    total that runs out, a value is exact or None."""
    for case, core, roots, want in partial_cases:
        assert _rounds(core, roots, share) == want, case
        assert _rounds(core, roots, share, two_in=False) == want, case
        assert _rounds(core, roots, share, bits=6) == want, case
        got = _rounds(core, roots, share, nodes=20 * share * len(roots))
        assert all(g is None or g == w for g, w in zip(got, want, strict=True)), case


def test_a_partial_bound_one_step_too_high_is_caught(partial_cases):
    """The core's test switch ``broken=1`` stores each partial bound one step (1 / den) above the
    mover's best so far: the bound is then unsound and the rounds after it give wrong values (a cut
    of the best move, or a window above every child's value), so the comparisons above would fail
    on it. With it off (the same rounds) every value is right."""
    wrong = 0
    for _, core, roots, want in partial_cases:
        for share in (1, 30):
            assert _rounds(core, roots, share) == want
            wrong += _rounds(core, roots, share, broken=1) != want
    assert wrong > 0


def test_passing_skipped_only_below_the_window(partial_cases):
    """A turn that puts the mover out gives it 0 and is skipped once the mover has more (the values
    above equal the Python max-n with it). ``broken=2`` skips it also where the mover's best is 0,
    where passing is one of its equally good turns and counts in the uniform average: caught."""
    wrong = 0
    for _, core, roots, want in partial_cases:
        assert _rounds(core, roots, 0) == want
        wrong += _rounds(core, roots, 0, broken=2) != want
    assert wrong > 0
