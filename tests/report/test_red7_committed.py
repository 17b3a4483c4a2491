"""The committed Red7 edition (docs/clarifications/red7.json, .md and .html, 200 games per setting)
is in step with the code, without rebuilding it (some ten minutes of CPU): the pages are the
committed JSON rendered; its catalogue, examples found by search, appendices and method are what
the quick report (the same code and seed, fewer games) gives; its figures are what its recorded
counts give; its examples from games replay; and a deterministic slice of its sample (the first
piece of every setting and the pieces its examples come from) is played again and digests as
recorded. What is not replayed: the other pieces of the sample, whose digests are recorded. The
checks every committed edition shares are in committed.py."""

import committed as c
from arbiter.model.red7 import PRESETS, apply
from arbiter.model.red7.match import start
from arbiter.model.red7.notation import position_to_json
from arbiter.report.red7 import build, narrate, sampling
from arbiter.report.red7.catalogue import BY_ID

EDITION = c.Edition("red7", build, sampling, BY_ID, lambda e: bool(e.measured_in),
                  "arbiter report --games {games} --seed {seed}")
COMMITTED = EDITION.load()
FROM_GAME = "From a game"


def _where(data):
    g = data["from_game"]
    key = f"{sampling.GAME}/{g['players']}" if data["kind"] == "game" else f"{g['preset']}/{g['players']}"
    return key, g["game"]


def test_the_pages_are_the_committed_json_rendered():
    assert c.stale_pages(EDITION, COMMITTED) == []


def test_the_edition_was_played_at_200_games_per_setting():
    assert c.size_problems(EDITION, COMMITTED) == []


def test_catalogue_examples_and_appendices_are_todays(report):
    """Everything but the figures and the examples from games depends on the code and the seed
    only: the quick report has it as the committed edition must."""
    assert c.differences_from_quick(COMMITTED, report) == []
    assert COMMITTED["method"] == build.method(COMMITTED["games"])


def test_the_figures_are_what_the_recorded_counts_give():
    assert c.figure_problems(EDITION, COMMITTED) == []


def test_the_examples_from_games_replay():
    for id, st in c.examples_from_games(COMMITTED):
        entry = BY_ID[id]
        g = st["data"]["from_game"]
        if st["data"]["kind"] == "game":
            again = build.replayed_game(entry, g)
            assert again == st["data"] and narrate.game_replay_story(again, entry, FROM_GAME) == st, id
            continue
        pos = start(g["players"], g["seed"], PRESETS[g["preset"]]).position
        for t in g["turns"]:
            pos = apply(pos, t)
        assert position_to_json(pos) == st["data"]["position"], id  # the sampled round reaches it
        again = build.replayed(entry, {**g, "position": st["data"]["position"]})
        assert again == st["data"], id
        assert narrate.replay_story(again, entry, FROM_GAME) == st, id


def test_a_slice_of_the_sample_plays_again_as_recorded():
    pieces = c.replayed_slice(EDITION, COMMITTED, _where)
    assert c.slice_problems(EDITION, COMMITTED, lambda k, j: (k, j) in pieces) == []
