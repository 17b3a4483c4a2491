"""The committed Red7 edition (docs/clarifications/red7.json, .md and .html, 200 games per setting)
is in step with the code, without rebuilding it (some ten minutes of CPU): the pages are the
committed JSON rendered; its catalogue, examples found by search, appendices and method are what
the quick report (the same code and seed, fewer games) gives; its figures are what its recorded
counts give; its examples from games replay; and a deterministic slice of its sample (the first
piece of every setting and the pieces its examples come from) is played again and digests as
recorded. What is not replayed: the other pieces of the sample, whose digests are recorded."""

import json
import re
from pathlib import Path

import pytest
from arbiter.model.red7 import PRESETS, apply
from arbiter.model.red7.match import start
from arbiter.model.red7.notation import position_to_json
from arbiter.report import publisher, sample
from arbiter.report.red7 import build, narrate, sampling
from arbiter.report.red7.catalogue import BY_ID, CATALOGUE
from arbiter.report.render import to_html, to_json, to_markdown

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "clarifications"
EDITION_GAMES = 200  # the floor: at least 200 games per setting in a committed edition
FROM_GAME = "From a game"


@pytest.fixture(scope="module")
def committed():
    return json.loads((DOCS / "red7.json").read_text(encoding="utf-8"))


def _z3(text):
    return re.sub(r"z3 \d[\d.]*", "z3 (version)", text)


def test_the_pages_are_the_committed_json_rendered(committed):
    for fmt, render in (("md", to_markdown), ("html", to_html), ("json", to_json)):
        page = (DOCS / f"red7.{fmt}").read_text(encoding="utf-8")
        assert _z3(page) == _z3(render(committed)), (
            f"docs/clarifications/red7.{fmt} is stale: run `arbiter report --from docs/clarifications/red7.json "
            f"--format {fmt} --out docs/clarifications/red7.{fmt}`")


def test_the_edition_was_played_at_200_games_per_setting(committed):
    assert committed["games"] >= EDITION_GAMES and committed["sampling"]["games"] == committed["games"]
    assert committed["command"] == f"arbiter report --games {committed['games']} --seed {committed['seed']}"
    for e in committed["entries"]:
        if e["frequency"]:
            assert {s["arises"]["games"] for s in e["frequency"]["settings"]} == {committed["games"]}, e["id"]


def _searched(stories):
    return [st for st in stories if st["title"] != FROM_GAME]


def test_catalogue_examples_and_appendices_are_todays(committed, report):
    """Everything but the figures and the examples from games depends on the code and the seed
    only: the quick report has it as the committed edition must."""
    assert committed["seed"] == report["seed"]
    quick = {e["id"]: e for e in json.loads(to_json(report))["entries"]}
    for e in committed["entries"]:
        q = quick.pop(e["id"])
        for key in set(e) | set(q):
            if key in ("witness", "frequency", "headline"):
                continue
            assert e[key] == q[key], (e["id"], key)
        assert _searched(e["witness"]) == _searched(q["witness"]), e["id"]
    assert not quick, f"entries missing from the committed edition: {sorted(quick)}"
    same = json.loads(_z3(json.dumps(committed["appendices"])))
    assert same == json.loads(_z3(json.dumps(json.loads(to_json(report))["appendices"])))
    for key in ("game", "title", "version", "editions", "changelog", "retired", "sources", "cards"):
        assert committed[key] == report[key], key
    assert committed["method"] == build.method(committed["games"])


def test_the_figures_are_what_the_recorded_counts_give(committed):
    playing = [e for e in CATALOGUE.entries if e.measured_in]
    s = sample.recorded(sampling.PLUG, playing, committed["sampling"])
    for e in committed["entries"]:
        entry = BY_ID[e["id"]]
        if entry.measured_in:
            assert e["frequency"] == json.loads(json.dumps(sampling.entry_frequency(
                entry, s, committed["games"], committed["seed"]))), e["id"]
        assert e["headline"] == build.headline(entry, e["witness"], e["frequency"]), e["id"]
    assert committed["first_page"] == json.loads(json.dumps(publisher.first_page(committed["entries"])))


def _example_pieces(committed):
    """(setting index, piece index) of each example from a game."""
    settings = [s.key for s in sampling.PLUG.settings([e for e in CATALOGUE.entries if e.measured_in])]
    chunk = committed["sampling"]["chunk"]
    out = set()
    for e in committed["entries"]:
        for st in e["witness"]:
            if st["title"] == FROM_GAME:
                g = st["data"]["from_game"]
                key = f"{sampling.GAME}/{g['players']}" if st["data"]["kind"] == "game" else f"{g['preset']}/{g['players']}"
                out.add((settings.index(key), g["game"] // chunk))
    return out


def test_the_examples_from_games_replay(committed):
    for e in committed["entries"]:
        for st in e["witness"]:
            if st["title"] != FROM_GAME:
                continue
            entry = BY_ID[e["id"]]
            g = st["data"]["from_game"]
            if st["data"]["kind"] == "game":
                again = build.replayed_game(entry, g)
                assert again == st["data"] and narrate.game_replay_story(again, entry, FROM_GAME) == st, e["id"]
                continue
            pos = start(g["players"], g["seed"], PRESETS[g["preset"]]).position
            for t in g["turns"]:
                pos = apply(pos, t)
            assert position_to_json(pos) == st["data"]["position"], e["id"]  # the sampled round reaches it
            again = build.replayed(entry, {**g, "position": st["data"]["position"]})
            assert again == st["data"], e["id"]
            assert narrate.replay_story(again, entry, FROM_GAME) == st, e["id"]


def test_a_slice_of_the_sample_plays_again_as_recorded(committed):
    playing = [e for e in CATALOGUE.entries if e.measured_in]
    pieces = _example_pieces(committed)
    assert sample.recheck(sampling.PLUG, playing, committed["sampling"],
                          lambda k, j: j == 0 or (k, j) in pieces) == []
