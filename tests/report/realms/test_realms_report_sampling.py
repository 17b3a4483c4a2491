"""How often Realms entries matter: games are seeded and coupled across readings, the counts are
the same for a seed however many worker processes play them, and they are consistent."""

from dataclasses import replace

from arbiter.model.realms.ruleset import DEFAULT
from arbiter.report.realms import sampling
from arbiter.report.realms.catalogue import BY_ID, CATALOGUE
from arbiter.report.realms.play import game_seed, play, tricks
from arbiter.report.realms.situations import first_difference

SOME = [BY_ID[i] for i in ("timing-vs-matched-number", "match-follow", "first-lead", "halftime", "recycle")]


def test_a_replay_under_the_same_reading_is_the_same_game():
    game = play(3, game_seed(7, 3, 0), DEFAULT)
    k = len(game.steps) // 2
    again = play(3, game.seed, DEFAULT, replace(game.steps[k][0]), k)
    assert again.steps == game.steps[k:] and again.winner == game.winner
    assert [t.winner for t in tricks(again)] == [t.winner for t in tricks(game) if t.step >= k]


def test_the_readings_part_where_the_first_difference_says():
    game = play(3, game_seed(7, 3, 0), DEFAULT)
    for entry in CATALOGUE.entries:
        if entry.plays:
            assert first_difference(game, DEFAULT, entry.switch) in (None, 0) or entry.switch in (
                "halftime", "troll_victim", "recycle")
    alt = DEFAULT.with_switches(match_follow="free")
    k = first_difference(game, alt, "match_follow")
    assert k is not None
    other = sampling.replay(game, alt, "match_follow", k)
    assert other.steps[0][0] == replace(game.steps[k][0], ruleset=alt)  # the same position, the other reading
    assert all(b.ruleset == alt for b, _, _ in other.steps)


def test_frequencies_are_deterministic_and_the_same_in_worker_processes():
    serial = sampling.sample(SOME, 1, 11)
    assert sampling.sample(SOME, 1, 11) == serial
    assert sampling.sample(SOME, 1, 11, jobs=2) == serial
    assert sampling.sample(SOME, 1, 12) != serial  # another seed, other games


def test_counts_are_consistent(realms_report):
    for e in realms_report["entries"]:
        f = e["frequency"]
        if f is None:
            continue
        for s in f["settings"]:
            assert s["changes"]["count"] <= s["arises"]["count"] <= s["arises"]["games"]
            assert s["game_changes"]["count"] <= s["arises"]["count"]
        t = f["technical"]
        assert t["tricks_whose_winner_changed"] <= t["tricks_where_it_arose"] <= t["tricks"]
    first = next(e for e in realms_report["entries"] if e["id"] == "first-lead")["frequency"]
    assert first["arises"]["share"] == 1.0  # every game has a first trick
