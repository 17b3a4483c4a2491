"""The chance ideas change no value: a draw phase searched as one chance node per set of cards
taken (``whole_draws``) and the expectation bounded below by the guarantee (``floor``) give the
same guaranteed and expected tricks per move, and the same dead cards, as the search before them
(draws one card at a time, no floor), on seeded positions with 3 and 4 players: empty piles (the
trick cards recycled and dealt back by chance) and a shuffled pile larger than the draw. And the
set outcomes are the one-at-a-time outcomes merged: same positions, same total probability.
A floor one trick too high, or set outcomes at half their probability, fail here."""

import random
import tracemalloc
from collections import defaultdict

import pytest
from arbiter.model.realms.cards import DECK_SIZE
from arbiter.model.realms.game import DRAW, PLAY, RULING, Position, apply, chance_outcomes, legal_moves, whole_draws
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.solver.realms import Ideas, solve
from arbiter.solver.realms.advise import values
from arbiter.solver.search import Budget, SearchLimit, Table

OLD = Ideas(whole_draws=False, floor=False)


def seeded(players: int, size: int, shuffled: int, seed: int) -> Position:
    rng = random.Random(seed * 1000 + players * 100 + size * 10 + shuffled)
    deck = rng.sample(range(DECK_SIZE), players * size + shuffled)
    hands = tuple(sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(players))
    return Position(hands=hands, shuffled=sum(1 << c for c in deck[players * size:]), ruling=rng.randrange(4),
                    dealer=players - 1, scores=(0,) * players, phase=PLAY).validate()


CASES = ([(seeded(3, 3, 0, s), 3) for s in range(4)] + [(seeded(4, 3, 0, s), 3) for s in range(3)]
         + [(seeded(3, 4, 5, s), 2) for s in range(3)] + [(seeded(4, 3, 5, s), 2) for s in range(3)])


def _answers(r):
    return ([(m.move, m.guaranteed, pytest.approx(m.expected, abs=1e-9)) for m in r.moves], r.guaranteed,
            pytest.approx(r.expected, abs=1e-9), r.dead_cards)


@pytest.mark.parametrize("k", range(len(CASES)))
def test_the_chance_ideas_change_no_value(k):
    pos, tricks = CASES[k]
    old, new = solve(pos, tricks, ideas=OLD), solve(pos, tricks)
    assert old.solved and new.solved
    assert _answers(new) == _answers(old)


def _merged(outcomes):
    total = defaultdict(float)
    for p, _, after in outcomes:
        total[after] += p
    return total


def _sequences(pos: Position, k: int) -> dict[Position, float]:
    """The positions after ``k`` draws one card at a time, with their probabilities."""
    if k == 0:
        return {pos: 1.0}
    out = defaultdict(float)
    for p, _, after in chance_outcomes(pos):
        for rest, q in _sequences(after, k - 1).items():
            out[rest] += p * q
    return out


def test_set_outcomes_are_the_sequences_merged():
    for seed in range(4):
        pos = seeded(3, 5, 6, seed)  # player 0 (the leader) draws first: 2 of the 6 shuffled cards
        pos = Position(hands=pos.hands, shuffled=pos.shuffled, ruling=pos.ruling, dealer=2, scores=(0, 0, 0),
                       phase=DRAW).validate()
        whole = _merged(whole_draws(pos))
        seq = _sequences(pos, 2)
        assert len(whole) == 15 and set(whole) == set(seq)
        assert all(whole[a] == pytest.approx(seq[a]) for a in whole)


def _halftime_position(players: int, seed: int) -> Position:
    """Round 2 as the rules start it: every card reshuffled, the hands empty, the dealer to choose
    the ruling colour (the reading ``halftime=new_round``) with 7 cards a hand to draw after."""
    rng = random.Random(seed)
    pos = Position(hands=(0,) * players, shuffled=(1 << DECK_SIZE) - 1, dealer=rng.randrange(players),
                   scores=(50,) + (0,) * (players - 1), round=2, phase=RULING, ruleset=DEFAULT.with_switches(halftime="new_round"))
    return pos.validate()


def test_a_draw_too_large_for_one_expansion_is_drawn_a_card_at_a_time():
    # comb(65, 7) is about 696 million sets: listing them ran a bot out of memory at halftime
    pos = _halftime_position(2, 0)
    after = apply(pos, legal_moves(pos)[0])
    assert after.phase == DRAW and after.shuffled.bit_count() == DECK_SIZE
    out = whole_draws(after)
    assert len(out) == DECK_SIZE and sum(p for p, _, _ in out) == pytest.approx(1)
    assert _merged(out) == _merged(chance_outcomes(after))


def test_a_capped_draw_is_the_same_distribution():
    # with the cap below comb(6, 2) = 15 the first card is drawn alone and the second as a set
    # of one: the positions and probabilities of the whole draw are unchanged
    for seed in range(3):
        pos = seeded(3, 5, 6, seed)
        pos = Position(hands=pos.hands, shuffled=pos.shuffled, ruling=pos.ruling, dealer=2, scores=(0, 0, 0),
                       phase=DRAW).validate()
        capped = defaultdict(float)
        for p, _, mid in whole_draws(pos, limit=14):
            assert mid.hands[0].bit_count() == 6  # one card drawn, one still to draw
            for q, _, end in whole_draws(mid, limit=14):
                capped[end] += p * q
        whole = _merged(whole_draws(pos))
        assert set(capped) == set(whole) and all(capped[a] == pytest.approx(whole[a]) for a in whole)


def test_advice_at_halftime_is_bounded_in_nodes_and_memory():
    pos = _halftime_position(2, 1)
    budget = Budget(max_nodes=3000)
    tracemalloc.start()
    try:
        found = values(pos, pos.to_move, 1, budget, Table(1 << 12))
    except SearchLimit:  # stopped by the node limit: what matters is that it could be
        found = None
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert budget.nodes <= 3000
    assert found is None or set(found) == {str(m) for m in legal_moves(pos)}
    assert peak < 64 << 20, f"peak {peak >> 20} MB"
