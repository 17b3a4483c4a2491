"""The compiled core's max-n shortcuts with players out of the round (``Core.maxn(..., two_in)``,
``red7.advise.CORE_TWO_IN``: an out player's cards left out of the key; with two players in,
endgames settled and dominated turns skipped as the 2-player search does): on every position of
seeded short rounds (players going out along the way) the values with them equal a brute-force
max-n of the model's own moves, and on longer rounds they equal the values without them, in fewer
nodes."""

from fractions import Fraction

import pytest
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver.maxn import SelfInterested
from arbiter.solver.red7 import advise
from arbiter.solver.red7.advise import CoreMoves, core_values
from arbiter.solver.red7.core import CoreSearch, open_search
from arbiter.solver.red7.defence import small_deal
from arbiter.solver.red7.game import Red7Game
from test_maxn import _red7_brute, _red7_positions


def _core(game: Red7Game, players: int) -> CoreSearch:
    core, _, engine, _ = open_search(game, players, None, None, 1 << 16)
    if not isinstance(core, CoreSearch):
        pytest.fail(f"the compiled core is not built or does not take this ruleset ({engine})")
    return core


def _values(core: CoreSearch, states: list, two_in: bool, nodes: int = 10**8) -> tuple[list, int]:
    found, spent = core.core.maxn(states, nodes, 20, two_in)
    return [None if v is None else tuple(Fraction(x, v[-1]) for x in v[:-1]) for v in found], spent


@pytest.mark.parametrize("ruleset", ["basic", "advanced"])
def test_every_position_of_a_short_round_equals_brute_force(ruleset):
    two_in = 0
    for seed in range(8):
        positions = _red7_positions(seed, ruleset)
        game = Red7Game(positions[0].ruleset)
        core = _core(game, 3)
        for pos in positions:
            two_in += len(pos.in_play) == 2
            for on in (True, False):
                got, _ = _values(core, [game.state(pos)], on)
                assert got == [_red7_brute(pos)], (str(pos), on)
    assert two_in > 0  # the rounds met two players in


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("ruleset", ["basic", "advanced", "actions"])
@pytest.mark.parametrize("seed", range(3))
def test_values_with_and_without_the_shortcuts(seed, ruleset, players):
    pos = small_deal(seed, players, 4 if players == 3 else 3, 2, Ruleset.parse(ruleset))
    game = Red7Game(pos.ruleset)
    core = _core(game, players)
    roots = [c for _, c in game.moves(game.state(pos))]
    on, on_nodes = _values(core, roots, True)
    off, off_nodes = _values(core, roots, False)
    assert on == off and None not in on
    want = SelfInterested(game, players=players, shallow=False)
    assert on == [want.values(s, pos.to_move)[:-1] for s in roots]
    assert on_nodes <= off_nodes or ruleset != "basic"


def test_the_shortcuts_save_nodes_on_longer_rounds():
    saved = []
    for seed in range(3):
        pos = small_deal(seed, 3, 5, 2, Ruleset.parse("basic"))
        game = Red7Game(pos.ruleset)
        core = _core(game, 3)
        roots = [c for _, c in game.moves(game.state(pos))]
        on, on_nodes = _values(core, roots, True)
        off, off_nodes = _values(core, roots, False)
        assert on == off and None not in on
        saved.append(off_nodes - on_nodes)
    assert all(s > 0 for s in saved), saved


def test_the_module_switch_reaches_the_core(monkeypatch):
    pos = small_deal(0, 3, 5, 2, Ruleset.parse("basic"))
    game = Red7Game(pos.ruleset)
    moves = CoreMoves(game, _core(game, 3))
    roots = [c for _, c in game.moves(game.state(pos))]
    spent = []
    for on in (True, False):
        monkeypatch.setattr(advise, "CORE_TWO_IN", on)
        calls = []
        real = moves.maxn

        def counting(states, nodes, bits, two_in, real=real, calls=calls):
            found, used = real(states, nodes, bits, two_in)
            calls.append(used)
            return found, used
        moves.maxn = counting
        spent.append((core_values(moves, roots, pos.to_move, 10**8), calls[0]))
        moves.maxn = real
    assert spent[0][0] == spent[1][0] and spent[0][1] < spent[1][1]
