"""The bridge theorems: the z3 ones prove as expected, and each theorem fails when what it is about
changes (a spec without the trump rung, an engine that forgets trumps or leads from the wrong seat)."""

import pytest
from arbiter.model.bridge import fast, game
from arbiter.model.bridge.cards import RANKS
from arbiter.model.bridge.spec import SPEC
from arbiter.model.tricks.spec import Fallback, HighestOnLadder, ladder_of
from arbiter.proofs.bridge import encoding as E
from arbiter.proofs.bridge import theorems as T
from arbiter.proofs.catalogue import COUNTEREXAMPLE, PROVED


@pytest.mark.parametrize("n", [2, 4])
def test_the_spec_is_law_44(n):
    assert T._spec_is_law_44(n)[0] == PROVED


def test_a_spec_whose_suit_led_ranks_run_upwards_is_not_law_44(monkeypatch):
    upwards = type(SPEC)(SPEC.resolution, Fallback(HighestOnLadder(ladder_of(tuple(RANKS)))), SPEC.following)
    monkeypatch.setattr(E.winner, "__defaults__", (upwards,))
    status, witness = T._spec_is_law_44(2)
    assert status == COUNTEREXAMPLE and witness["spec"] != witness["law"]


def test_an_engine_that_forgets_trumps_is_caught(monkeypatch):
    monkeypatch.setattr(fast, "winner", lambda strain, cards: _no_trump(cards))
    status, witness = T._engine_on_small_deck()
    assert status == COUNTEREXAMPLE and witness["strain"] != "NT"


def _no_trump(cards):
    best = 0
    for i, c in enumerate(cards):
        if c // 13 == cards[0] // 13 and c > cards[best]:
            best = i
    return best


def test_an_engine_whose_next_leader_is_wrong_is_caught(monkeypatch):
    monkeypatch.setattr(T, "ENDING_SEEDS", range(2))
    real = game.trick_winner
    monkeypatch.setattr(game, "trick_winner", lambda pos, cards: (real(pos, cards) + 2) % 4)
    status, witness = T._winner_leads()
    assert status == COUNTEREXAMPLE and witness["leader"] != witness["winner"]


def test_equal_cards_hold_on_a_few_endings(monkeypatch):
    monkeypatch.setattr(T, "ENDING_SEEDS", range(3))
    assert T._equal_cards()[0] == "checked"
