"""Shallow pruning in max-n (``SelfInterested(shallow=)``, solver/maxn.py, the games' ``pair_max``): on
random tiny game trees (hypothesis: players moving in any order, chance, ties, one winner or Stick to
Colours' margins) the exact values with pruning equal a brute-force max-n and the values without it,
and every bounded range holds them; on seeded Red7 and Stick to Colours positions the values with and
without pruning are equal and pruning spends fewer nodes somewhere (it is on)."""

from fractions import Fraction

import pytest
from arbiter.model.realms import game as realms
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver import maxn
from arbiter.solver.maxn import NOBODY, SelfInterested
from arbiter.solver.realms.advise import OwnTricks
from arbiter.solver.red7.advise import CoreMoves
from arbiter.solver.red7.core import open_search
from arbiter.solver.red7.defence import small_deal
from arbiter.solver.red7.game import Red7Game
from arbiter.solver.search import Budget
from arbiter.solver.stick_to_colours.advise import OwnMargins
from hypothesis import given, settings
from hypothesis import strategies as st
from test_maxn import _stick_positions, uniform

PLAYERS = 3


def margins(scores: tuple) -> tuple:
    """Stick to Colours' payoffs: each player's score less the best of the others'."""
    return tuple(s - max(scores[:i] + scores[i + 1:]) for i, s in enumerate(scores))


class Tree:
    """A game tree written out: ("end", winner or scores), ("move", mover, children), ("chance", children),
    each chance outcome as likely. ``one_winner``: the leaves name a winner (or NOBODY), else scores
    whose margins are the payoffs (two of them sum to at most 0: ``pair_max``)."""

    def __init__(self, one_winner: bool) -> None:
        if one_winner:
            self.winner = lambda s: s[1] if s[0] == "end" else None
        else:
            self.payoffs = lambda s: margins(s[1]) if s[0] == "end" else None
            self.pair_max = lambda s: 0
            self.payoff_range = lambda s: ((-3,) * PLAYERS, (3,) * PLAYERS)

    @staticmethod
    def key(s: tuple) -> tuple:
        return s

    @staticmethod
    def to_move(s: tuple) -> int | None:
        return s[1] if s[0] == "move" else None

    @staticmethod
    def children(s: tuple) -> tuple:
        return s[2]

    @staticmethod
    def chance(s: tuple) -> list:
        return [(Fraction(1, len(s[1])), c) for c in s[1]]


def brute(s: tuple, one_winner: bool) -> tuple:
    """Max-n with the uniform tie rule by enumeration: every move, every outcome."""
    if s[0] == "end":
        return tuple(int(i == s[1]) for i in range(PLAYERS)) if one_winner else margins(s[1])
    if s[0] == "chance":
        vs = [brute(c, one_winner) for c in s[1]]
        return tuple(Fraction(sum(v[k] for v in vs), len(vs)) for k in range(PLAYERS))
    return uniform([brute(c, one_winner) for c in s[2]], s[1])


def trees(one_winner: bool) -> st.SearchStrategy:
    end = st.integers(NOBODY, PLAYERS - 1) if one_winner else st.tuples(*[st.integers(0, 3)] * PLAYERS)
    kids = st.lists  # a move or chance has 1-4 children
    return st.recursive(st.tuples(st.just("end"), end), lambda inner: st.one_of(
        st.tuples(st.just("move"), st.integers(0, PLAYERS - 1), kids(inner, min_size=1, max_size=4).map(tuple)),
        st.tuples(st.just("chance"), kids(inner, min_size=1, max_size=3).map(tuple))), max_leaves=40)


def shared(one_winner: bool) -> st.SearchStrategy:
    """Trees where one subtree is reached under movers that differ (a transposition): a state cut short
    under one parent is asked again under another."""
    def build(args: tuple) -> tuple:
        (a, b, c), (x, y, z) = args
        return "move", a, (("move", b, (x, y)), ("move", c, (y, z)), ("chance", (x, y)))
    players = st.integers(0, PLAYERS - 1)
    return st.tuples(st.tuples(players, players, players), st.tuples(*[trees(one_winner)] * 3)).map(build)


def roots(tree: tuple) -> list:
    """The states a search is asked about: the tree's children, or the tree itself."""
    return list(tree[2]) if tree[0] == "move" else [tree]


@pytest.mark.parametrize("one_winner", [True, False])
@settings(max_examples=300)
@given(data=st.data())
def test_pruned_values_equal_brute_force_and_unpruned(one_winner, data):
    tree = data.draw(trees(one_winner))
    game = Tree(one_winner)
    pruned, plain = SelfInterested(game, players=PLAYERS), SelfInterested(game, players=PLAYERS, shallow=False)
    for asker in range(PLAYERS):
        want = brute(tree, one_winner)
        got = pruned.values(tree, asker)
        assert got[:PLAYERS] == want and got[-1] == want[asker]
        assert plain.values(tree, asker) == got


@pytest.mark.parametrize("one_winner", [True, False])
@settings(max_examples=200)
@given(data=st.data(), nodes=st.integers(1, 60))
def test_pruned_ranges_hold_the_value(one_winner, data, nodes):
    tree = data.draw(st.one_of(trees(one_winner), shared(one_winner)))
    game, asker = Tree(one_winner), data.draw(st.integers(0, PLAYERS - 1))
    states = roots(tree)
    ranges = SelfInterested(game, players=PLAYERS).bounded(states, asker, nodes)
    for s, (lo, hi) in zip(states, ranges, strict=True):
        want = brute(s, one_winner)
        want = (*want, want[asker])
        assert all(a <= x <= b for a, x, b in zip(lo, want, hi, strict=True)), (want, lo, hi)
    assert SelfInterested(game, players=PLAYERS).bounded(states, asker, 10**6) == [
        (v, v) for v in (SelfInterested(game, players=PLAYERS, shallow=False).values(s, asker) for s in states)]


def test_the_module_switch_turns_pruning_off(monkeypatch):
    monkeypatch.setattr(maxn, "SHALLOW", False)
    assert SelfInterested(Tree(True), players=PLAYERS).pair_max is None
    assert SelfInterested(Tree(True), players=PLAYERS, shallow=True).pair_max is not None


# -- real positions ---------------------------------------------------------------------------------

def _spent(game, states: list, asker: int, **options) -> tuple[list, int]:
    """Each state's exact values and the nodes spent on them, by one search."""
    budget = Budget()
    search = SelfInterested(game, budget, **options)
    return [search.values(s, asker) for s in states], budget.nodes


def _red7_compare(ruleset: str, players: int, hand: int) -> int:
    """Values with and without pruning on three seeded deals, each within a bounded range; the nodes saved."""
    saved = 0
    for seed in range(3):
        pos = small_deal(seed, players, hand, 2, Ruleset.parse(ruleset))
        game = Red7Game(pos.ruleset)
        coalition, _, _, _ = open_search(game, players, None, None, 1 << 16)
        moves = CoreMoves(game, coalition)
        states = [c for _, c in game.moves(game.state(pos))]
        for asker in range(players):
            on, on_nodes = _spent(moves, states, asker, players=players)
            off, off_nodes = _spent(moves, states, asker, players=players, shallow=False)
            assert on == off, (seed, asker)
            assert on_nodes <= off_nodes
            saved += off_nodes - on_nodes
            for nodes in (60, 10**6):  # a budget that cuts, one that does not: then every value exact
                ranges = SelfInterested(moves, forced=coalition.wins, players=players).bounded(states, asker, nodes)
                assert all(all(a <= x <= b for a, x, b in zip(lo, v, hi, strict=True)) for v, (lo, hi) in
                           zip(on, ranges, strict=True))
            assert ranges == [(v, v) for v in on]
    return saved


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("ruleset", ["basic", "advanced"])
def test_red7_values_with_and_without_pruning(ruleset, players):
    _red7_compare(ruleset, players, 3)


def test_red7_pruning_saves_nodes():
    # with one winner a cut needs a win chance strictly between 0 and 1: 3-card hands of Basic have none
    assert _red7_compare("basic", 3, 4) > 0


@pytest.mark.parametrize("seed", range(3))
def test_stick_values_with_and_without_pruning(seed):
    for pos in _stick_positions(seed):
        game = OwnMargins(pos)
        states = list(game.turns(game.root))
        on, _ = _spent(game, states, pos.to_move)
        off, _ = _spent(game, states, pos.to_move, shallow=False)
        assert on == off
        for nodes in (30, 10**6):
            ranges = SelfInterested(game).bounded(states, pos.to_move, nodes)
            assert all(all(a <= x <= b for a, x, b in zip(lo, v, hi, strict=True)) for v, (lo, hi) in
                       zip(on, ranges, strict=True))
        assert ranges == [(v, v) for v in on]


# -- Realms: tricks, the draws as chance -------------------------------------------------------------

class NonStrict:
    """A wrong cut threshold: ``v > cut`` holds already at ``v == cut`` (a child tying the parent's best
    cut, though the uniform tie rule averages it in)."""

    def __init__(self, at) -> None:
        self.at = at

    def __lt__(self, v) -> bool:  # ``v > cut``
        return v >= self.at

    def __ge__(self, v) -> bool:  # ``v <= cut``
        return v < self.at


class Wrong(SelfInterested):
    """Shallow pruning made wrong on purpose: a non-strict cut, or the pair's bound one too small."""

    def __init__(self, *args, how: str, **options) -> None:
        super().__init__(*args, **options)
        self.how = how

    def _cut(self, state, mover, above):
        cut = super()._cut(state, mover, above)
        if cut is None:
            return None
        return NonStrict(cut) if self.how == "non-strict" else cut - 1


def _realms_late(players: int, seed: int, count: int = 2) -> list:
    """The first positions of a seeded game where the trick's last card is to be played."""
    out = []
    for before, _, _ in realms.random_game(players, seed):
        if before.phase == realms.PLAY and before.to_move is not None and len(before.trick) == players - 1:
            out.append(before)
            if len(out) == count:
                break
    return out


def _realms_cases(players: int) -> list:
    """Two tricks from a trick's last card (the draws between them chance), with two askers each: 3
    players on six seeded games, 4 on three (the exact search of more is slow)."""
    count, seeds = (2, range(6)) if players == 3 else (1, range(3))
    return [(OwnTricks(pos, 2), pos, asker) for seed in seeds for pos in _realms_late(players, seed, count)
            for asker in (pos.to_move, (pos.to_move + 1) % players)]


@pytest.mark.parametrize("players", [3, 4])
def test_realms_values_with_and_without_pruning(players):
    saved = 0
    for game, pos, asker in _realms_cases(players):
        on, on_nodes = _spent(game, [(pos, 0)], asker)
        off, off_nodes = _spent(game, [(pos, 0)], asker, shallow=False)
        assert on == off, (str(pos), asker)
        assert on_nodes <= off_nodes
        saved += off_nodes - on_nodes
        [(lo, hi)] = SelfInterested(game).bounded([(pos, 0)], asker, 40)
        assert all(a <= x <= b for a, x, b in zip(lo, on[0], hi, strict=True))
    assert saved > 0  # pruning is on for Realms (``OwnTricks.pair_max``)


@pytest.mark.parametrize("how", ["non-strict", "bound too small"])
def test_realms_a_wrong_cut_is_caught(how):
    wrong = 0  # (the 4-player cases above are too few to catch them)
    for game, pos, asker in _realms_cases(3):
        want = SelfInterested(game, shallow=False).values((pos, 0), asker)
        wrong += Wrong(game, how=how).values((pos, 0), asker) != want
    assert wrong > 0


@pytest.mark.parametrize("how", ["non-strict", "bound too small"])
def test_red7_a_wrong_cut_is_caught(how):
    wrong = 0
    for seed in range(3):
        pos = small_deal(seed, 3, 4, 2, Ruleset.parse("basic"))
        game = Red7Game(pos.ruleset)
        states = [c for _, c in game.moves(game.state(pos))]
        for asker in range(3):
            want = [SelfInterested(game, players=3, shallow=False).values(s, asker) for s in states]
            search = Wrong(game, players=3, how=how)
            wrong += [search.values(s, asker) for s in states] != want
    assert wrong > 0
