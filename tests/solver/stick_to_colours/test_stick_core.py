"""The compiled Stick to Colours core against the Python search, its reference: on seeded positions
of 2-4 players under every reading the tests name, the same margins, the same node counts, the same
principal line; the same children in the same order; keys equal exactly where the Python keys are."""

import random

import pytest
from arbiter.model.stick_to_colours import DEFAULT
from arbiter.solver.stick_to_colours import core, solve
from arbiter.solver.stick_to_colours.state import StickState
from test_solver_stick import RULESETS, endgame, later

pytestmark = pytest.mark.skipif(bool(core.MISSING), reason=core.MISSING or "the core is built")


def positions(players: int, ruleset: str):
    """Seeded endgames (2-3 cards left) and positions a few random decisions into small games."""
    rules = DEFAULT.parse(ruleset)
    for seed in range(2):
        for left in (2, 3):
            pos = endgame(players, 7 * seed + left, left, rules)
            if not pos.is_over:
                yield pos
    for seed in range(3):
        pos = later((players, 2, 1), 100 + seed, ruleset, seed + 1)
        if pos is not None:
            yield pos


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_core_visits_the_python_search_nodes(players, ruleset):
    for pos in positions(players, ruleset):
        a, b = solve(pos, engine="python"), solve(pos, engine="c")
        assert a.solved and b.solved
        assert (b.margin, b.nodes, b.line) == (a.margin, a.nodes, a.line)
        assert [(m.move, m.margin) for m in b.moves] == [(m.move, m.margin) for m in a.moves]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_core_stops_at_the_same_node_limit(players):
    pos = endgame(players, 3, 4)
    a, b = solve(pos, max_nodes=40, engine="python"), solve(pos, max_nodes=40, engine="c")
    assert a.result == b.result == "unknown" and a.nodes == b.nodes == 40
    assert [(m.move, m.margin) for m in b.moves] == [(m.move, m.margin) for m in a.moves]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_children_and_keys_are_the_python_ones(ruleset):
    rng = random.Random(ruleset)
    for players in (2, 3, 4):
        pos = endgame(players, rng.randrange(10**6), 6, DEFAULT.parse(ruleset))
        game = StickState(pos)
        search = core.CoreSearch(game, None, None, 1 << 10)
        states, seen = [game.root], {}
        for _ in range(60):
            state = rng.choice(states)
            if game.is_over(state):
                continue
            kids = list(game.children(state))
            assert search.children(state) == kids
            states.extend(kids)
        for state in states:
            if game.is_over(state):
                continue
            if game.outcome(state, 0) is None:  # a state in play: its key is made (for player 0)
                py, c = (0, game.key(state)), search.core.key(state)
                assert seen.setdefault(py, c) == c  # equal Python keys give equal core keys
        assert len(set(seen.values())) == len(seen)  # and different ones different keys


def test_a_bad_engine_is_refused():
    with pytest.raises(ValueError, match="engine must be"):
        solve(endgame(2, 1, 3), engine="fortran")
