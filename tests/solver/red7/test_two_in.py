"""3-4 player searches with ``two_in`` (what solve sets): an out player's cards left out of the key,
and a state with two players in searched as the 2-player round it is (dominated turns skipped,
endgames settled). Same answers on and off, against the plain reference; the core and the Python
search node for node with it on; a deliberately unsound core (two_in=2) caught."""

from __future__ import annotations

import random

import pytest
from arbiter.model.red7.game import Position, deal
from arbiter.model.red7.ruleset import ACTIONS, BASIC, Ruleset
from arbiter.solver import red7
from arbiter.solver.red7 import Red7Game, core, solve
from arbiter.solver.red7.reference import memo_forces
from arbiter.solver.search import Budget, Search, Table


def arrangement(players: int, seed: int, hand: int = 3, ruleset: Ruleset = BASIC) -> Position:
    """A seeded arrangement: hands of 1-``hand`` cards, Palettes of 1-2, up to two players out (with
    the Action rule a deck of 0-2 cards)."""
    rng = random.Random(seed)
    while True:
        hands_n = [rng.randint(1, hand) for _ in range(players)]
        pal_n = [rng.randint(1, 2) for _ in range(players)]
        deck_n = rng.randint(0, 2) if ruleset.actions else 0
        cards = rng.sample(range(49), sum(hands_n) + sum(pal_n) + deck_n)
        hands, palettes = [], []
        for n in hands_n:
            hands.append(sum(1 << c for c in cards[:n]))
            cards = cards[n:]
        for n in pal_n:
            palettes.append(sum(1 << c for c in cards[:n]))
            cards = cards[n:]
        to_move = rng.randrange(players)
        others = [i for i in range(players) if i != to_move]
        out = sum(1 << i for i in rng.sample(others, rng.randint(0, players - 2)))
        pos = Position(rng.randrange(7), to_move, tuple(hands), tuple(palettes), out, tuple(cards), ruleset)
        try:
            return pos.validate()
        except ValueError:
            continue


POSITIONS = [(players, seed) for players in (3, 4) for seed in range(150)]


def _core(game: Red7Game, players: int) -> core.CoreSearch:
    return core.CoreSearch(game, players, None, None, 1 << 12)


@pytest.mark.parametrize("ruleset", [BASIC, ACTIONS], ids=str)
def test_on_and_off_agree_with_the_reference_and_the_core_with_python_node_for_node(ruleset):
    on, off = Red7Game(ruleset, 2, two_in=True), Red7Game(ruleset, 2)
    assert on.two_in and not off.two_in
    fewer = 0
    for players, seed in POSITIONS if ruleset is BASIC else POSITIONS[::2]:
        pos = arrangement(players, seed, 3 if ruleset is BASIC else 2, ruleset)
        s = on.state(pos)
        for p in pos.in_play:
            c_on, c_off, py = _core(on, players), _core(off, players), Search(on, Budget(), Table(1 << 12))
            want = memo_forces(pos, p, {})
            assert c_on.wins(s, p) == c_off.wins(s, p) == py.wins(s, p) == want, f"{players} players, seed {seed}, player {p}"
            assert c_on.budget.nodes == py.budget.nodes, f"{players} players, seed {seed}, player {p}"
            fewer += c_on.budget.nodes < c_off.budget.nodes
    assert fewer > 20, "two_in changed no search"


@pytest.mark.parametrize("ruleset", [BASIC, ACTIONS], ids=str)
def test_children_with_two_in_the_same_in_the_core_and_in_python(ruleset):
    on = Red7Game(ruleset, two_in=True)
    for players, seed in POSITIONS[::5]:
        pos = arrangement(players, seed, 3, ruleset)
        s = on.state(pos)
        assert _core(on, players).children(s) == list(on.children(s)), f"{players} players, seed {seed}"


@pytest.mark.parametrize("ruleset", [BASIC, ACTIONS], ids=str)
def test_an_unsound_two_in_is_caught(ruleset):
    """two_in=2: where two players are in, the core also skips every discard after a play (Basic;
    wrong: a play and a discard of another colour can be the only turn that wins), or settles a
    state whose other player holds no card as won by the mover (the Action rule; wrong: the mover
    may have no turn that leads)."""
    bad = Red7Game(ruleset, 2, two_in=True)
    bad.two_in = 2
    wrong = 0
    for players, seed in POSITIONS[::3]:
        pos = arrangement(players, seed, 5 if ruleset is BASIC else 2, ruleset)
        s = bad.state(pos)
        wrong += any(_core(bad, players).wins(s, p) != memo_forces(pos, p, {}) for p in pos.in_play)
    assert wrong > 0


def test_the_core_refuses_another_two_in():
    game = Red7Game(BASIC, two_in=True)
    game.two_in = 3
    with pytest.raises(ValueError, match="two_in"):
        _core(game, 3)


def _cut(pos: Position, size: int) -> Position:
    hands = tuple(sum(sorted((1 << c for c in range(49) if h >> c & 1), reverse=True)[:size]) for h in pos.hands)
    return Position(pos.rule, pos.to_move, hands, pos.palettes, 0, pos.deck, pos.ruleset)


@pytest.mark.parametrize("ruleset", [BASIC, ACTIONS], ids=str)
@pytest.mark.parametrize("players", [3, 4])
def test_solve_on_and_off_the_same_on_cut_deals(players, ruleset, monkeypatch):
    for seed in range(6):
        pos = _cut(deal(players, seed, ruleset), 4 if ruleset is BASIC else 3)
        on = solve(pos, full=False)
        monkeypatch.setattr(red7, "TWO_IN", False)
        off = solve(pos, full=False)
        monkeypatch.setattr(red7, "TWO_IN", True)
        assert on.solved and off.solved
        assert (on.winner, on.can_force) == (off.winner, off.can_force), f"seed {seed}"
