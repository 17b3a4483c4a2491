"""The committed Stick to Colours edition (docs/clarifications/stick-to-colours.json, .md and .html,
200 games per player count) is in step with the code, without rebuilding it (some 19 minutes of
CPU): the pages are the committed JSON rendered; its catalogue, searched examples, appendices and
method are what the quick report (the same code and seed, two games per player count) gives; its
figures, headlines and first page are what its recorded counts give; every example replays under its
readings with the engine (test_stick_report_witnesses.check_witnesses); every example from a game is
what the sample's measure gives when that game is played again, and is told from its values; and a
slice of its sample (the first piece of every player count and the pieces its examples come from,
one test each) plays again and digests as recorded. What is not replayed: the other pieces, whose
digests are recorded."""

import committed as c
import pytest
from arbiter.report.stick_to_colours import build, narrate, sampling
from arbiter.report.stick_to_colours.catalogue import BY_ID
from test_stick_report_witnesses import check_witnesses

EDITION = c.Edition("stick-to-colours", build, sampling, BY_ID, lambda e: e.plays,
                  "arbiter report --game stick-to-colours --games {games} --seed {seed}")
COMMITTED = EDITION.load()

SLICE = c.replayed_slice(EDITION, COMMITTED)


def test_the_pages_are_the_committed_json_rendered():
    assert c.stale_pages(EDITION, COMMITTED) == []


def test_the_edition_was_played_at_200_games_per_setting():
    assert c.size_problems(EDITION, COMMITTED) == []


def test_catalogue_examples_and_appendices_are_todays(stick_report):
    assert c.differences_from_quick(COMMITTED, stick_report) == []
    assert COMMITTED["method"] == build.method(COMMITTED["games"])


def test_the_figures_are_what_the_recorded_counts_give():
    assert c.figure_problems(EDITION, COMMITTED) == []


def test_every_example_replays_under_its_readings():
    assert check_witnesses(COMMITTED) >= 12


def test_the_examples_from_games_are_the_samples():
    found = c.examples_from_games(COMMITTED)
    assert found
    for id, story in found:
        again = c.measured_again(EDITION, BY_ID[id], story["data"], COMMITTED["seed"])
        assert {"kind": "game", **again} == story["data"], id
        assert narrate.game_story(again, BY_ID[id]) == story, id


@pytest.mark.parametrize("piece", SLICE, ids=lambda p: f"{EDITION.settings()[p[0]].key}-piece{p[1]}")
def test_a_slice_of_the_sample_plays_again_as_recorded(piece):
    assert c.slice_problems(EDITION, COMMITTED, lambda k, j: (k, j) == piece) == []
