"""Whole games (match.py): Basic is one round; Advanced banks the deciding cards, keeps them out of
later deals, ends at 40/35/30 points or when a hand cannot be dealt, and follows the switches
next_round_first and final_tie."""

from dataclasses import replace

import pytest
from arbiter.model.red7 import ADVANCED, ADVANCED_ACTIONS, BASIC, PRESETS
from arbiter.model.red7.cards import ALL_CARDS, mask_of, parse_cards
from arbiter.model.red7.game import TARGETS, points
from arbiter.model.red7.match import (
    DEAL_SIZE,
    GameEnd,
    Match,
    RoundEnd,
    RoundStart,
    Turn,
    next_round,
    play,
    random_chooser,
    start,
)
from arbiter.model.red7.notation import parse_text
from hypothesis import given, settings
from hypothesis import strategies as st


def finished(text, ruleset=ADVANCED, banked=None, seed=1):
    """A Match whose current round (given in text notation) is over."""
    pos = parse_text(text)
    pos = replace(pos, ruleset=ruleset)
    assert pos.is_over
    return Match(seed, ruleset, pos, 1, banked or (0,) * pos.players, ())


def test_basic_game_is_one_round_won_by_the_last_player_standing():
    events = list(play(3, 5, BASIC))
    assert isinstance(events[0], RoundStart) and isinstance(events[-1], GameEnd)
    assert sum(isinstance(e, RoundStart) for e in events) == 1
    end, last_turn = events[-1], [e for e in events if isinstance(e, Turn)][-1]
    assert end.reason == "round" and end.winners == [last_turn.position.winner]
    assert end.scores is None


def test_games_are_seeded():
    def log(seed):
        return [(type(e).__name__, str(getattr(e, "move", ""))) for e in play(3, seed, ADVANCED)]

    assert log(4) == log(4)
    assert log(4) != log(5)


def test_round_winner_banks_the_deciding_set_and_scores_its_points():
    """V1.1: the round winner takes the Palette cards meeting the final rule, worth face value
    (a finished position's scores already count them)."""
    m = finished("orange 0 advanced | / R3 O3 Y5 | B2 / V6 out | scores 10 0")
    assert m.round_banked() == parse_cards(["R3", "O3"])
    assert points(m.round_banked()) == 6 and m.scores == (10, 0)
    assert m.all_banked() == (parse_cards(["R3", "O3"]), 0)


def test_banked_cards_are_kept_out_of_later_deals():
    m = finished("orange 0 advanced | / R3 O3 Y5 | B2 / V6 out | scores 6 0")
    m2 = next_round(m)
    assert m2.round_number == 2 and m2.banked == (parse_cards(["R3", "O3"]), 0)
    assert m2.position.cards_in_play() == ALL_CARDS & ~parse_cards(["R3", "O3"])
    assert m2.position.scores == (6, 0)


@pytest.mark.parametrize(("players", "target"), [(2, 40), (3, 35), (4, 30)])
def test_reaching_the_target_ends_the_game(players, target):
    """V1.1: points to win are 40 (2 players), 35 (3), 30 (4)."""
    rest = " | ".join(f"{c}1 / {c}2 out" for c in "OYG"[: players - 1])
    text = f"red 0 advanced | / R7 | {rest} | scores {target} {' '.join('0' * (players - 1))}"
    m = finished(text)
    assert m.target == TARGETS[players] == target
    assert m.end_reason == "target" and m.winners == [0]
    one_short = finished(text.replace(f"scores {target}", f"scores {target - 1}"))
    assert one_short.end_reason is None and not one_short.winners


def test_game_ends_when_a_hand_cannot_be_dealt():
    """V1.1: if a new hand cannot be dealt to everyone, the game ends; 8 cards a player (7 + Palette)."""
    m = finished("red 0 advanced | / R7 | O1 / O2 out | scores 17 12")
    spare = _cards(m.available())  # R7 is banked by this round
    enough = replace(m, banked=(mask_of(spare[2 * DEAL_SIZE:]), 0))
    assert enough.available().bit_count() == 2 * DEAL_SIZE and enough.end_reason is None
    assert next_round(enough).position.cards_in_play() == enough.available()
    short = replace(m, banked=(mask_of(spare[2 * DEAL_SIZE - 1:]), 0))
    assert short.end_reason == "cannot_deal"
    assert short.winners == [0]  # 17 beats 12
    with pytest.raises(ValueError):
        next_round(short)


def _cards(mask):
    return [c for c in range(49) if mask >> c & 1]


def _tied(final_tie):
    """Round won by player 0 with R1 to tie at 13 points; player 1 banked more cards before."""
    rules = ADVANCED.with_switches(final_tie=final_tie)
    m = finished("red 0 advanced | / R1 | O1 / O2 out | scores 13 13", ruleset=rules)
    others = ALL_CARDS & ~parse_cards(["R1", "O1", "O2"])
    banked = (mask_of(_cards(others)[:3]), mask_of(_cards(others)[3:]))
    return replace(m, banked=banked)


def test_final_tie_shared_by_default():
    m = _tied("shared")
    assert m.scores == (13, 13) and m.end_reason == "cannot_deal"
    assert m.winners == [0, 1]


def test_final_tie_broken_by_most_cards_banked():
    assert _tied("most_cards").winners == [1]


def test_next_round_starts_left_of_the_red_leader_by_default():
    m2 = next_round(finished("orange 1 advanced | / R3 O3 Y5 | B2 / V6 out | scores 0 0"))
    red_leader = m2.position.palettes.index(max(m2.position.palettes))
    assert m2.position.to_move == (red_leader + 1) % 2


@pytest.mark.parametrize("seed", range(6))
def test_next_round_can_start_left_of_the_last_winner(seed):
    rules = ADVANCED.with_switches(next_round_first="left_of_last_winner")
    m = finished("orange 0 advanced | / R1 | B2 / V6 out | G4 / G5 out | scores 0 0 0", ruleset=rules, seed=seed)
    assert next_round(m).position.to_move == 1


def test_next_round_needs_a_finished_round():
    with pytest.raises(ValueError):
        next_round(start(2, 0, ADVANCED))


def test_start_deals_a_fresh_round_with_zero_scores():
    m = start(4, 3, ADVANCED_ACTIONS)
    assert m.scores == (0, 0, 0, 0) and m.round_number == 1 and not m.is_over
    assert all(h.bit_count() == 7 for h in m.position.hands)


@settings(max_examples=8)
@given(st.integers(2, 4), st.integers(0, 10**6), st.sampled_from(["advanced", "advanced+actions"]))
def test_random_matches_keep_their_books(players, seed, preset):
    """Across a whole match: banked cards never come back, scores are the sum of banked points,
    and the game ends at the target or when a hand cannot be dealt."""
    banked_so_far = 0
    totals = [0] * players
    events = list(play(players, seed, PRESETS[preset]))
    for e in events:
        if isinstance(e, RoundStart):
            assert e.position.cards_in_play() & banked_so_far == 0
        if isinstance(e, RoundEnd):
            banked_so_far |= e.banked
            totals[e.winner] += points(e.banked)
            assert e.scores == tuple(totals)
    end = events[-1]
    assert isinstance(end, GameEnd) and end.scores == tuple(totals)
    if end.reason == "target":
        assert max(totals) >= TARGETS[players] and end.winners == [totals.index(max(totals))]
    else:
        assert end.reason == "cannot_deal" and (ALL_CARDS & ~banked_so_far).bit_count() < players * DEAL_SIZE
        assert end.winners and all(totals[w] == max(totals) for w in end.winners)


def test_a_custom_chooser_plays_the_game():
    """``play`` takes any player policy; always passing ends each round at once."""
    def always_pass(pos, options):
        return next(o for o in options if str(o[0]) == "pass")

    events = list(play(2, 1, BASIC, always_pass))
    turns = [e for e in events if isinstance(e, Turn)]
    assert [str(t.move) for t in turns] == ["pass"]
    assert events[-1].winners == [1 - turns[0].player]


def test_random_chooser_is_seeded():
    pos = start(2, 0, BASIC).position
    from arbiter.model.red7 import successors

    options = successors(pos)
    picks = [str(random_chooser(9)(pos, options)[0]) for _ in range(3)]
    assert len(set(picks)) == 1
