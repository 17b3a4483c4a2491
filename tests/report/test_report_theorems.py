"""The proofs section: the theorem catalogue proved as the report is built, its witnesses true of the
engine, kept once per process and on disk, and rendered as two tables."""

import html5lib
import pytest
from arbiter.model.red7 import reference
from arbiter.model.red7.cards import parse_card
from arbiter.proofs.cache import Cache
from arbiter.proofs.red7 import catalogue, never_decides
from arbiter.report import proved
from arbiter.report.red7 import theorems
from arbiter.report.red7.build import proofs_appendix
from arbiter.report.render import to_html, to_markdown

SECTION = {"z3": "9.9.9",
           "theorems": [{"id": "palette-never-empty", "statement": "A Palette never empties", "scope": "s",
                         "expected": "proved", "status": "proved", "as_expected": True},
                        {"id": "winning-everywhere", "statement": "Winning under all seven rules", "scope": "s",
                         "expected": "witness", "status": "counterexample", "as_expected": False,
                         "witness": {"palettes": [["R7", "O6"], ["V1"]]}}],
           "never_decides": {"red": [], "violet": ["R7", "O7"]}}


def test_section_is_the_whole_catalogue_as_expected(report):
    proofs = theorems.section()
    assert [t["id"] for t in proofs["theorems"]] == [t.id for t in catalogue()]
    assert [t["id"] for t in proofs["theorems"] if not t["as_expected"]] == []
    assert proofs["never_decides"] == never_decides()
    # Violet counts only cards below 4: a 7 can never be its deciding card.
    assert "R7" in proofs["never_decides"]["violet"]


@pytest.mark.parametrize("theorem_id, wins", [("winning-everywhere", 7), ("losing-everywhere", 0)])
def test_section_witnesses_are_true_of_the_engine(report, theorem_id, wins):
    (t,) = [t for t in theorems.section()["theorems"] if t["id"] == theorem_id]
    palettes = [[parse_card(c) for c in p] for p in t["witness"]["palettes"]]
    assert all(palettes)
    assert sum(reference.leader(rule, palettes) == 0 for rule in range(7)) == wins


def test_theorem_json_keeps_stable_fields_and_flags_surprises():
    got = theorems.theorem_json({"id": "x", "statement": "s", "scope": "c", "expected": "proved",
                                 "status": "counterexample", "seconds": 1.5, "witness": {"a": 1}})
    assert got == {"id": "x", "statement": "s", "scope": "c", "expected": "proved", "status": "counterexample",
                   "witness": {"a": 1}, "as_expected": False}


def test_section_is_proved_once_then_read_from_the_cache(tmp_path, monkeypatch):
    calls = []

    def compute(progress=None, jobs=1):
        calls.append(1)
        return SECTION

    monkeypatch.setattr(theorems, "compute", compute)
    monkeypatch.setattr(proved, "_memo", {})
    cache = Cache(tmp_path)
    assert theorems.section(cache) == SECTION and len(calls) == 1
    monkeypatch.setattr(proved, "_memo", {})  # a new process: only the disk remembers
    seen = []
    assert theorems.section(cache, lambda k, n: seen.append((k, n))) == SECTION and len(calls) == 1
    assert seen == [(2, 2)]
    assert theorems.section(cache, refresh=True) == SECTION and len(calls) == 2


def test_proofs_section_renders_in_markdown_and_html(report):
    full = {**report, "appendices": [proofs_appendix(SECTION)]}
    md = to_markdown(full)
    assert "(z3 9.9.9)" in md
    assert "| winning-everywhere | Winning under all seven rules | witness | counterexample (not as expected) |" in md
    assert "| violet | R7 O7 |" in md and "| red | - |" in md
    doc = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(to_html(full))
    section = doc.find(".//section[@id='proofs']")
    assert len(section.findall(".//details/table")) == 2, "the theorem tables fold away in a <details>"
    assert "not as expected" in "".join(section.itertext())


def test_the_section_proved_on_workers_is_the_section_proved_here():
    # Stick to Colours' catalogue, the quickest: each theorem alone on one of two workers, in order.
    from arbiter.proofs.stick_to_colours import theorems as stick

    seen = []
    parallel = proved.prove(stick.run_catalogue, lambda done, total: seen.append((done, total)), jobs=2)
    assert parallel == proved.prove(stick.run_catalogue)
    assert seen == [(k, len(stick.select())) for k in range(1, len(stick.select()) + 1)]
