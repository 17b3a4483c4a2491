"""The Stick to Colours report's proofs appendix: the whole theorem catalogue as expected, its scoring and
line witnesses true of the engine, cached on disk under its own name, and each entry linked to the
theorems that bear on it, with their verdicts."""

import html5lib
import pytest
from arbiter.model.stick_to_colours import cards as C
from arbiter.model.stick_to_colours import reference
from arbiter.model.stick_to_colours.game import apply, deal
from arbiter.model.stick_to_colours.ruleset import Ruleset
from arbiter.model.stick_to_colours.spec import scoring_spec
from arbiter.proofs.cache import Cache
from arbiter.proofs.stick_to_colours import theorems as catalogue
from arbiter.report import proved
from arbiter.report.render import to_html, to_markdown
from arbiter.report.stick_to_colours import theorems
from arbiter.report.stick_to_colours.catalogue import BY_ID, CATALOGUE


def _appendix(report):
    (proofs,) = [a for a in report["appendices"] if a["id"] == "proofs"]
    return proofs


def _rows(report):
    (table,) = _appendix(report)["tables"]
    assert table["head"] == ["id", "statement", "expected", "status", "witness"]
    return {row[0]: row for row in table["rows"]}


def test_the_appendix_is_the_whole_catalogue_as_expected(stick_report):
    rows = _rows(stick_report)
    assert list(rows) == [t.id for t in catalogue.select()]
    assert {i: row[3] for i, row in rows.items() if row[3] != row[2]} == {}  # every status the expected one
    assert _appendix(stick_report)["intro"].startswith("Settled by `arbiter.proofs`")


def test_the_appendix_scoring_witnesses_score_as_stated_by_the_reference(stick_report):
    section = theorems.section()
    by_id = {t["id"]: t for t in section["theorems"]}
    layered = by_id["stick/layered-vs-optimal"]["witness"]
    cards = C.parse_cards(layered["cards"])
    for label in ("default", "default,run_split=layered"):
        assert reference.score(cards, scoring_spec(Ruleset.parse(label))).points == layered[label]
    assert layered["default"] > layered["default,run_split=layered"]
    for n, got in by_id["stick/max-score/default"]["witness"]["largest"].items():
        held = C.parse_cards(got["cards"])
        assert C.size(held) == int(n) and reference.score(held, scoring_spec(Ruleset.parse("default"))).points == got[
            "score"]


def test_the_appendix_endless_line_comes_back_to_its_deal(stick_report):
    (t,) = [t for t in theorems.section()["theorems"] if t["id"] == "stick/endless/never"]
    w = t["witness"]
    start = pos = deal(w["deal"]["players"], w["deal"]["seed"], Ruleset.parse(w["deal"]["ruleset"]))
    for move in w["line"]:
        pos = apply(pos, move)
    assert w["line"] and pos == start


def test_every_theorem_an_entry_names_is_in_the_catalogue():
    known = set(theorems.ids())
    named = {i for e in CATALOGUE.entries for i in e.theorems}
    assert named and named <= known
    assert BY_ID["run-split"].theorems == ("stick/layered-vs-optimal", "stick/layered-one-colour")
    assert all(i.startswith("stick/games-end/") or i == "stick/endless/never"
               for i in BY_ID["market-clearing"].theorems)


def test_each_entry_links_its_theorems_to_the_appendix_with_their_verdicts(stick_report):
    rows = _rows(stick_report)
    md = to_markdown(stick_report)
    doc = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(to_html(stick_report))
    for e in stick_report["entries"]:
        names = BY_ID[e["id"]].theorems
        assert [t["id"] for t in e["theorems"]] == list(names)
        assert [t["verdict"] for t in e["theorems"]] == [rows[i][3] for i in names]
        section = md.split(f'<a id="{e["id"]}"></a>')[1].split("<a id=")[0]
        page = doc.find(f".//section[@id='{e['id']}']")
        links = [a for a in page.iter("a") if a.get("href") == "#proofs"]
        if not names:
            assert "**Theorems**" not in section and not links
            continue
        line = next(x for x in section.splitlines() if x.startswith("**Theorems** ([appendix](#proofs)): "))
        assert all(f"`{i}` {rows[i][3]}" in line for i in names), line
        assert len(links) == 1
        assert [c.text for c in page.iter("code") if c.text in names] == list(names)


def test_a_surprising_status_is_flagged_beside_the_entry(stick_report):
    section = {"z3": "9.9.9", "theorems": [{"id": "stick/monotone", "statement": "s", "expected": "proved",
                                            "status": "counterexample", "as_expected": False}]}
    (link,) = proved.linked(("stick/monotone",), section)
    assert link["verdict"] == "counterexample (not as expected)"
    entries = [{**e, "theorems": [link] if e["id"] == "runs" else []} for e in stick_report["entries"]]
    md = to_markdown({**stick_report, "entries": entries})
    assert "**Theorems** ([appendix](#proofs)): `stick/monotone` counterexample (not as expected)." in md


def test_an_entry_naming_an_unknown_theorem_is_refused():
    with pytest.raises(ValueError, match="'stick/nothing'"):
        proved.linked(("stick/monotone", "stick/nothing"), {"theorems": [
            {"id": "stick/monotone", "statement": "s", "status": "proved", "as_expected": True}]})


def test_the_section_is_cached_on_disk_under_its_own_name(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(catalogue, "run_catalogue", lambda only=None, each=None: calls.append(1) or [])
    monkeypatch.setattr(proved, "_memo", {})
    first = theorems.section(Cache(tmp_path))
    assert first["theorems"] == [] and len(calls) == 1
    assert [p.name.startswith("report-stick-to-colours-proofs-") for p in tmp_path.iterdir()] == [True]
    monkeypatch.setattr(proved, "_memo", {})  # a new process: only the disk remembers
    assert theorems.section(Cache(tmp_path)) == first and len(calls) == 1
    assert theorems.section(Cache(tmp_path), refresh=True) == first and len(calls) == 2
