"""Hypothesis strategies for small Red7 positions the plain reference can still solve by brute force,
and the check that advice's first turns on one of them agree with the plain search."""

from __future__ import annotations

from arbiter.model.red7.game import Position
from arbiter.model.red7.ruleset import Ruleset
from hypothesis import strategies as st


@st.composite
def small_positions(draw, players: int, ruleset: Ruleset, max_hand: int = 3, max_deck: int = 3) -> Position:
    """Any arrangement of distinct cards: hands of 1..max_hand, Palettes of 1..3, a short deck."""
    hand_sizes = [draw(st.integers(1, max_hand)) for _ in range(players)]
    palette_sizes = [draw(st.integers(1, 3)) for _ in range(players)]
    deck_size = draw(st.integers(0, max_deck)) if ruleset.actions or ruleset.advanced else 0
    total = sum(hand_sizes) + sum(palette_sizes) + deck_size
    cards = draw(st.lists(st.integers(0, 48), min_size=total, max_size=total, unique=True))
    hands, palettes = [], []
    for size in hand_sizes:
        hands.append(sum(1 << c for c in cards[:size]))
        cards = cards[size:]
    for size in palette_sizes:
        palettes.append(sum(1 << c for c in cards[:size]))
        cards = cards[size:]
    rule = draw(st.integers(0, 6))
    to_move = draw(st.integers(0, players - 1))
    return Position(rule, to_move, tuple(hands), tuple(palettes), 0, tuple(cards), ruleset).validate()


def first_turns_agree(plain, pruned, pos: Position) -> None:
    """Every first decision's outcome on ``pos`` (2 players) is the plain search's (``plain``: every
    turn searched, each turn with its own search and table: no sharing), in the core and in Python
    with ``pruned``'s shortcuts, with the same nodes in both and never more than the plain search's."""
    from arbiter.solver.red7 import advise, core
    from arbiter.solver.search import Budget, Search, Table

    me, state = pos.to_move, plain.state(pos)
    reference, budget = {}, Budget(None, None)
    for m, child in plain.moves(state):
        d = advise.decided(pos, m)
        reference[d] = reference.get(d, False) or Search(plain, budget, Table(1 << 16)).wins(child, me)
    found, nodes, _ = core.CoreSearch(pruned, 2, None, None, 1 << 16).first_turns([state], me, False)
    assert found == [reference]
    py = Search(pruned, Budget(None, None), Table(1 << 16))
    assert advise._first_turns(py, pruned, pos, False) == reference and py.budget.nodes == nodes[0]
    unpruned = Search(plain, Budget(None, None), Table(1 << 16))
    advise._first_turns(unpruned, plain, pos, False)
    assert nodes[0] <= unpruned.budget.nodes
