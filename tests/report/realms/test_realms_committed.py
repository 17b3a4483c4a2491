"""The committed Realms edition (docs/clarifications/realms.json, .md and .html, 200 games per
setting) is in step with the code, without rebuilding it (some 16 minutes of CPU): the pages are the
committed JSON rendered; its catalogue, searched examples, glossary, traceability and method are what
the quick report (the same code and seed, one game per setting) gives, and its proofs appendix lists
the whole theorem catalogue with the quick report's rows for the theorems both prove; its figures,
headlines and first page are what its recorded counts give; every searched example replays under
its readings with the engine; every example from a game is what the sample's measure gives when that
game is played again, and is told from its values; and a slice of its sample (the first piece of
every setting and the pieces its examples come from, one test each) plays again and digests as
recorded. What is not replayed: the other pieces, whose digests are recorded."""

import committed as c
import pytest
from arbiter.proofs.realms import theorems as T
from arbiter.report.realms import build, narrate, sampling
from arbiter.report.realms.catalogue import BY_ID
from test_realms_report_witnesses import check_replays

EDITION = c.Edition("realms", build, sampling, BY_ID, lambda e: e.plays,
                  "arbiter report --game realms --games {games} --seed {seed}")
COMMITTED = EDITION.load()

SLICE = c.replayed_slice(EDITION, COMMITTED)


def test_the_pages_are_the_committed_json_rendered():
    assert c.stale_pages(EDITION, COMMITTED) == []


def test_the_edition_was_played_at_200_games_per_setting():
    assert c.size_problems(EDITION, COMMITTED) == []


def test_catalogue_examples_and_appendices_are_todays(realms_report):
    assert c.differences_from_quick(COMMITTED, realms_report, ("glossary", "traceability")) == []
    assert COMMITTED["method"] == build.method(COMMITTED["games"])


def test_the_proofs_appendix_is_the_whole_catalogue_and_agrees_with_the_quick_one(realms_report):
    mine = next(a for a in COMMITTED["appendices"] if a["id"] == "proofs")
    quick = next(a for a in realms_report["appendices"] if a["id"] == "proofs")
    rows = {r[0]: r for r in mine["tables"][0]["rows"]}
    assert list(rows) == [t.id for t in T.select()]
    assert all(rows[r[0]] == r for r in quick["tables"][0]["rows"])
    assert "only the catalogue's theorems" not in mine["intro"]


def test_the_figures_are_what_the_recorded_counts_give():
    assert c.figure_problems(EDITION, COMMITTED) == []


def test_the_searched_examples_replay_under_their_readings():
    for e in COMMITTED["entries"]:
        if BY_ID[e["id"]].plays:
            check_replays(e)


def test_the_examples_from_games_replay():
    found = c.examples_from_games(COMMITTED)
    assert found
    for id, story in found:
        again = c.measured_again(EDITION, BY_ID[id], story["data"], COMMITTED["seed"])
        assert {"kind": "replay", **again} == story["data"], id
        assert narrate.replay_story(again, BY_ID[id]) == story, id


@pytest.mark.parametrize("piece", SLICE, ids=lambda p: f"{EDITION.settings()[p[0]].key}-piece{p[1]}")
def test_a_slice_of_the_sample_plays_again_as_recorded(piece):
    assert c.slice_problems(EDITION, COMMITTED, lambda k, j: (k, j) == piece) == []
