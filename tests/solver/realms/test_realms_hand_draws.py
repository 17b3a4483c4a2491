"""The draws before the horizon's last trick dealt on the hands alone (``Ideas.hand_draws``:
``LastTrick.after_draw`` through ``game.hand_draws``, no positions made) change no value: every
move's guaranteed and expected tricks and the dead cards are those of the search that makes the
positions, on seeded empty-pile positions (the trick cards recycled and dealt back by chance) with
3 and 4 players, chained draws included; ``after_draw`` itself gives the same value in and out of
windows. A version that drops the chained draw (the next drawer's cards never dealt) fails here."""

import pytest
from arbiter.model.realms import game
from arbiter.solver.realms import Ideas, LastTrick, Tree, solve
from arbiter.solver.search import Budget
from hypothesis import given, settings
from hypothesis import strategies as st
from test_realms_chance import seeded
from test_realms_draw_last import _before_the_last_trick

OFF = Ideas(hand_draws=False)


def _answers(r):
    return ([(m.move, m.guaranteed, round(m.expected, 9)) for m in r.moves], r.guaranteed, round(r.expected, 9),
            r.dead_cards)


CASES = [(seeded(3, 3, 0, s), 3) for s in range(4)] + [(seeded(4, 3, 0, s), 3) for s in range(4)]


@pytest.mark.parametrize("k", range(len(CASES)))
def test_hand_draws_change_no_value(k):
    pos, tricks = CASES[k]
    on, off = solve(pos, tricks), solve(pos, tricks, ideas=OFF)
    assert on.solved and off.solved
    assert _answers(on) == _answers(off)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(3, 3, 0, 3), (4, 3, 0, 3), (3, 2, 0, 2), (4, 2, 0, 2)]))
def test_hand_draws_change_no_value_on_drawn_seeds(seed, shape):
    players, size, shuffled, tricks = shape
    pos = seeded(players, size, shuffled, seed)
    assert _answers(solve(pos, tricks)) == _answers(solve(pos, tricks, ideas=OFF))


def _draw_phases(pos, tricks):
    """The Draw Phases before the horizon's last trick that the search of ``pos`` reaches."""
    tree = Tree(pos, Ideas(), Budget())
    found, stack, seen = [], [(pos, tricks)], set()
    while stack:
        p, left = stack.pop()
        if tree.over(p, left) or (p, left) in seen:
            continue
        seen.add((p, left))
        if left == 1 and p.phase == game.DRAW:
            found.append(p)
            continue
        for step in tree.steps(p, left):
            after, _, ended = step.open(tree.me)
            stack.append((after, left - ended))
    return found


@pytest.mark.parametrize("seed", range(3))
def test_after_draw_on_the_hands_alone_is_the_same_in_and_out_of_windows(seed):
    pos = seeded(4, 3, 0, seed)
    quick = [p for p in _draw_phases(pos, 3) if not p.discard and not p.draw]
    chained = [p for p in quick if any(more for *_, more in game.hand_draws(p.hands, p.leader, p.shuffled))]
    assert chained, "no chained draw to check"
    for p in chained[:40] + quick[:10] + [_before_the_last_trick(seed)]:
        for expected in (False, True):
            for alpha, beta in ((-1.0, float("inf")), (0.3, 0.6), (-1.0, 0.2), (0.8, float("inf"))):
                values = [LastTrick(p.ruleset, pos.to_move, Budget(), hand_draws=on).after_draw(p, expected, alpha, beta)
                          for on in (True, False)]
                assert values[0] == values[1], (p, expected, alpha, beta)


def _drop_the_chained_draw(hands, leader, shuffled, limit=game.WHOLE_DRAWS_MAX):
    return [(p, after, pile, False) for p, after, pile, _ in game.hand_draws(hands, leader, shuffled, limit)]


def test_a_version_that_drops_the_chained_draw_is_caught(monkeypatch):
    monkeypatch.setattr("arbiter.solver.realms.hand_draws", _drop_the_chained_draw)
    differ = 0
    for pos, tricks in CASES:
        differ += _answers(solve(pos, tricks)) != _answers(solve(pos, tricks, ideas=OFF))
    assert differ > 0
