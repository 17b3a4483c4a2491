"""Stick to Colours frequencies: the same seed gives the same counts and examples in one process or
several; a replay from where the readings first differ is the whole game replayed; the cheap
prefilters never hide a difference the full comparison would see."""

from dataclasses import replace

import pytest
from arbiter.model.stick_to_colours import DEFAULT
from arbiter.report.stick_to_colours import sampling
from arbiter.report.stick_to_colours import witness as w
from arbiter.report.stick_to_colours.catalogue import BY_ID
from arbiter.report.stick_to_colours.play import play, play_from

FEW = [BY_ID[i] for i in ("raising", "passing", "runs", "hand-over", "ties")]


def test_sampling_is_deterministic_and_the_same_in_worker_processes():
    one = sampling.sample_all(FEW, 1, 3, jobs=1)
    again = sampling.sample_all(FEW, 1, 3, jobs=1)
    two = sampling.sample_all(FEW, 1, 3, jobs=2)
    assert one.counts == again.counts == two.counts and one.digests == two.digests
    other = sampling.sample_all(FEW, 1, 4, jobs=1)
    assert other.digests != one.digests  # another seed, other games


def test_counts_add_up():
    s = sampling.sample_all(FEW, 1, 3, jobs=1)
    for e in FEW:
        f = sampling.entry_frequency(e, s, 1, 3)
        assert f["games"] == len(sampling.players_of(e))
        assert 0 <= f["changes"]["count"] <= f["arises"]["count"] <= f["games"]
        assert "baseline" in f and "effect" in f


def test_a_point_of_scoring_has_no_baseline_of_chance():
    """The players never read the scoring: a replay from the end changes nothing but the score."""
    s = sampling.sample_all([BY_ID["runs"]], 2, 3, jobs=1)
    f = sampling.entry_frequency(BY_ID["runs"], s, 2, 3)
    assert f["baseline"]["count"] == 0 and f["effect"]["difference"] == f["changes"]["share"]


def test_a_replay_with_other_luck_starts_from_the_same_position():
    seed = sampling.game_seed(7, 3, 0)
    path = play(3, seed, DEFAULT)
    k = len(path) // 2
    other = play_from(path[:k + 1], seed, DEFAULT, other_luck=True)
    assert other[:k + 1] == path[:k + 1]
    assert play_from(path[:k + 1], seed, DEFAULT) == path  # the same luck: the same game


@pytest.mark.parametrize("switch,value", [("pass_final", False), ("bid", "count"), ("market_clear", "cumulative")])
def test_a_replay_from_the_first_difference_is_the_whole_game_replayed(switch, value):
    rules = DEFAULT.with_switches(**{switch: value})
    seed = sampling.game_seed(7, 3, 0)
    path = play(3, seed, DEFAULT)
    first = next(k for k, (_, pos) in enumerate(path[:-1]) if w.move_difference(pos, [DEFAULT, rules]))
    whole = play(3, seed, rules)

    def same(a, b):  # the same decisions to the same end (the prefix keeps the default ruleset)
        return [t for t, _ in a] == [t for t, _ in b] and a[-1][1] == b[-1][1]

    assert same(play_from(path[:first + 1], seed, rules), whole)
    if first:  # starting earlier changes nothing either: the readings agreed before
        assert same(play_from(path[:first], seed, rules), whole)
    assert not same(path, whole)  # and the reading does change this game


def test_prefilters_never_hide_a_difference():
    """Wherever a switch's prefilter says it cannot matter, the full comparison agrees."""
    seed = sampling.game_seed(7, 2, 1)
    path = play(2, seed, DEFAULT)
    seen = 0
    for switch in ("bid", "pass_final", "who_bids", "hand_refusals", "market_clear", "bot_pile"):
        rules = [DEFAULT] + [DEFAULT.with_switches(**{switch: v}) for v in DEFAULT.SWITCHES[switch][1:]]
        for _, pos in path[:-1:3]:
            if not w.relevant(switch, pos):
                seen += 1
                assert w.move_difference(pos, rules) is None, (switch, pos)
    assert seen > 10


def test_a_move_difference_is_found_where_the_engine_shows_one():
    pos = play(2, sampling.game_seed(7, 2, 0), DEFAULT)[0][1]
    assert w.move_difference(pos, [DEFAULT, DEFAULT.with_switches(raise_by="one")]) == "legal_moves"
    assert w.move_difference(pos, [DEFAULT, replace(DEFAULT)]) is None
