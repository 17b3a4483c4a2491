"""Hands never pass 7 (checked on engine transitions); every game ends (z3 lemma plus a count),
and seeded engine games stay within the bounds the count gives."""

from arbiter.model.realms import game
from arbiter.model.realms.cards import CYCLONE, TREE
from arbiter.model.realms.ruleset import DEFAULT, readings
from arbiter.proofs.realms import bounds


def test_hands_reach_seven_and_no_more_on_a_small_scope():
    check = bounds.check_hands(players=range(3, 4))
    assert check.over is None and check.largest == game.HAND_SIZE and check.turns > check.positions
    assert bounds.hand_witness()["hand"] == game.HAND_SIZE


def test_every_game_ends_under_the_default_with_the_stated_bounds():
    ends, why = bounds.game_ends(DEFAULT)
    assert ends and why["no_winner_needs"] == ["CYC", "TRE"] and why["no_winner_run_at_most"] == 4
    assert why["most_tricks"]["2"] == bounds.won_tricks(2) * 5 + 4


def test_the_count_bounds_nothing_when_recyclings_come_too_often():
    assert [bounds.recycle_gap(n) for n in range(2, 7)] == [23, 13, 8, 5, 3]
    assert bounds.longest_run(6, enablers=3) is None and bounds.longest_run(6) == 4


def _tricks(players, seed, rs):
    """(trick cards, scored) for each trick of the seeded game."""
    out = []
    for before, what, after in game.random_game(players, seed, rs):
        if before.phase in (game.PLAY, game.STEAL) and not after.trick:
            cards = {c for c, _ in before.plays()[0]}
            if before.phase == game.PLAY and what != "pass":
                cards.add(game.parse_move(before, what).card)
            out.append((cards, after.scores != before.scores))
    return out


def test_seeded_games_stay_within_the_bounds():
    for rs in readings():
        for n in (2, 6):
            tricks = _tricks(n, 3, rs)
            assert len(tricks) <= bounds.won_tricks(n) + (bounds.won_tricks(n) + 1) * bounds.longest_run(n)
            run = longest = 0
            for cards, scored in tricks:
                if not scored:
                    assert cards & {CYCLONE, TREE}, cards  # the lemma, on the engine's own tricks
                run = 0 if scored else run + 1
                longest = max(longest, run)
            assert longest <= bounds.longest_run(n)
