"""Hypothesis strategies for small Red7 positions the plain reference can still solve by brute force."""

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
