"""The bounded self-interested search (``SelfInterested.bounded``, solver/maxn.py): on seeded positions
of every game (Red7 3-4 players, Realms one and two tricks with the draws as chance, Stick to Colours 3
players) every range it gives holds the exact max-n value (``values``), is that value exactly where
the search was not cut, and a tiny node budget gives a range, not a wrong point."""

import pytest
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver.maxn import SelfInterested
from arbiter.solver.realms.advise import OwnTricks
from arbiter.solver.red7.advise import CoreMoves
from arbiter.solver.red7.core import open_search
from arbiter.solver.red7.defence import small_deal
from arbiter.solver.red7.game import Red7Game
from arbiter.solver.stick_to_colours.advise import OwnMargins
from test_maxn import _realms_positions, _stick_positions


def check(make, roots: list, asker: int, nodes: int) -> tuple[int, int]:
    """Each root's bounded range against its exact value (a fresh search each, so neither helps the
    other); (roots cut, roots exact)."""
    exact = make()
    want = [exact.values(s, asker) for s in roots]
    got = make().bounded(roots, asker, nodes)
    cut = 0
    for w, (lo, hi) in zip(want, got, strict=True):
        assert len(lo) == len(hi) == len(w)
        assert all(a <= x <= b for a, x, b in zip(lo, w, hi, strict=True)), (w, lo, hi)
        if lo == hi:
            assert lo == w  # a point is the exact value
        else:
            cut += 1
    return cut, len(roots) - cut


def _red7(seed: int, players: int, ruleset: str, hand: int = 3) -> tuple[Red7Game, list, int, object]:
    pos = small_deal(seed, players, hand, 2, Ruleset.parse(ruleset))
    game = Red7Game(pos.ruleset)
    coalition, _, _, _ = open_search(game, players, None, None, 1 << 16)
    return game, [c for _, c in game.moves(game.state(pos))], pos.to_move, coalition


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("ruleset", ["basic", "advanced"])
@pytest.mark.parametrize("seed", range(3))
def test_red7_bounded_holds_the_exact_value(seed, ruleset, players):
    game, roots, me, coalition = _red7(seed, players, ruleset)
    # the plain game and the adapter's (the core's children, a player out of the round worth 0)
    for moves, forced in ((game, None), (game, coalition.wins), (CoreMoves(game, coalition), coalition.wins)):
        def make(moves=moves, forced=forced):
            return SelfInterested(moves, forced=forced, players=players)
        assert check(make, roots, me, 10**6) == (0, len(roots))  # a budget it does not reach: every value exact
        check(make, roots, me, 40)


def test_a_tiny_budget_gives_ranges_not_points():
    cuts = 0
    for seed in range(4):
        game, roots, me, _ = _red7(seed, 3, "basic", hand=4)
        cuts += check(lambda game=game: SelfInterested(game, players=3), roots, me, 5)[0]
    assert cuts > 0  # the budget did cut: the checks above met ranges


@pytest.mark.parametrize("seed", range(3))
def test_realms_bounded_holds_the_exact_value(seed):
    for pos in _realms_positions(seed, 4):
        for tricks in (1, 2) if len(pos.trick) == 2 else (1,):  # two tricks from a trick's last play: exact is slow
            game = OwnTricks(pos, tricks)
            roots = [(pos, 0)]
            assert check(lambda game=game: SelfInterested(game), roots, pos.to_move, 10**6) == (0, 1)
            check(lambda game=game: SelfInterested(game), roots, pos.to_move, 30)


@pytest.mark.parametrize("seed", range(3))
def test_stick_bounded_holds_the_exact_value(seed):
    for pos in _stick_positions(seed):
        game = OwnMargins(pos)
        roots = list(game.turns(game.root))
        assert check(lambda game=game: SelfInterested(game), roots, pos.to_move, 10**6) == (0, len(roots))
        check(lambda game=game: SelfInterested(game), roots, pos.to_move, 20)


def test_bounded_is_deterministic_and_narrows_with_nodes():
    game, roots, me, coalition = _red7(1, 3, "basic", hand=4)
    widths = []
    for nodes in (20, 200, 2000):
        a = SelfInterested(game, forced=coalition.wins, players=3).bounded(roots, me, nodes)
        assert a == SelfInterested(game, forced=coalition.wins, players=3).bounded(roots, me, nodes)
        widths.append(sum(hi[-1] - lo[-1] for lo, hi in a))
    assert widths[0] >= widths[1] >= widths[2]
