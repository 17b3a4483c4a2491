"""How often Realms entries matter (``report.sample`` with the Realms plug): games are seeded and
coupled across readings, a replay under the same reading with the same luck is the same game, the
readings part where the situation or the first difference says, and the sample is the same for a
seed however many worker processes play it."""

from dataclasses import replace

from arbiter.model.realms.ruleset import DEFAULT
from arbiter.report import sample
from arbiter.report.realms import sampling
from arbiter.report.realms.catalogue import BY_ID, CATALOGUE
from arbiter.report.realms.play import game_seed, play, tricks
from arbiter.report.realms.situations import SITUATIONS, first_difference, walked

SOME = [BY_ID[i] for i in ("timing-vs-matched-number", "match-follow", "first-lead", "halftime", "recycle",
                           "nuance-pictures")]


def test_a_replay_under_the_same_reading_is_the_same_game():
    game = play(3, game_seed(7, 3, 0), DEFAULT)
    k = len(game.steps) // 2
    again = play(3, game.seed, DEFAULT, replace(game.steps[k][0]), k)
    assert again.steps == game.steps[k:] and again.winner == game.winner
    assert [t.winner for t in tricks(again)] == [t.winner for t in tricks(game) if t.step >= k]
    other = play(3, game.seed, DEFAULT, replace(game.steps[k][0]), k, other_luck=True)
    assert other.steps[0][0] == game.steps[k][0]  # the same position, then its own luck


def test_the_readings_part_where_the_situation_or_the_first_difference_says():
    game = play(3, game_seed(7, 3, 0), DEFAULT)
    plug = sampling.PLUG
    e = BY_ID["timing-vs-matched-number"]
    at = plug.part(game, e)
    t = next(t for t in tricks(game) if t.start == at.step)  # the trick starts there ...
    assert SITUATIONS[e.id][1](walked(t.ruling, t.plays))  # ... and shows the situation
    assert all(not SITUATIONS[e.id][1](walked(u.ruling, u.plays)) for u in tricks(game) if u.start < at.step)
    f = BY_ID["match-follow"]
    alt = f.readings[1].ruleset(f.base)
    assert plug.part(game, f).step == first_difference(game, alt, "match_follow")
    other = plug.replay(game, plug.part(game, f), f, 1, sample.OTHER)
    assert other.steps[0][0] == replace(game.steps[plug.part(game, f).step][0], ruleset=alt)
    assert all(b.ruleset == alt for b, _, _ in other.steps)


def test_a_base_other_than_the_default_is_a_setting_of_its_own():
    settings = sampling.PLUG.settings(list(CATALOGUE.entries))
    assert {s.params[1] for s in settings} == {e.base for e in CATALOGUE.entries if e.plays}
    nuance = BY_ID["nuance-pictures"]
    assert all(sampling.PLUG.measures(nuance, s) == (s.params[1] == nuance.base) for s in settings)


def test_the_sample_is_deterministic_and_the_same_in_worker_processes():
    serial = sampling.sample_all(SOME, 1, 11)
    assert sampling.sample_all(SOME, 1, 11).counts == serial.counts
    assert sampling.sample_all(SOME, 1, 11, jobs=2).counts == serial.counts
    assert sampling.sample_all(SOME, 1, 12).digests != serial.digests  # another seed, other games


def test_counts_are_consistent(realms_report):
    for e in realms_report["entries"]:
        f = e["frequency"]
        if f is None:
            continue
        for s in f["settings"]:
            assert s["changes"]["count"] <= s["arises"]["count"] <= s["arises"]["games"]
            assert s["game_changes"]["count"] <= s["arises"]["count"]
        assert "baseline" in f and "effect" in f and "game_baseline" in f
    first = next(e for e in realms_report["entries"] if e["id"] == "first-lead")["frequency"]
    assert first["arises"]["share"] == 1.0  # every game has a first trick
