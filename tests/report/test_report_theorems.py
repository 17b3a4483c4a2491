"""The proofs section: read from report/proofs.json, rendered as a table of theorem results and the
never-decides table; the saved results stay in step with ``arbiter.proofs`` (slow: z3)."""

import json

import html5lib
import pytest
from arbiter import proofs
from arbiter.report import theorems
from arbiter.report.render import _markdown_proofs as to_markdown_proofs
from arbiter.report.render import to_html, to_markdown

SECTION = {"theorems": [{"id": "palette-never-empty", "statement": "A Palette never empties", "scope": "s",
                         "expected": "proved", "status": "proved", "as_expected": True},
                        {"id": "winning-everywhere", "statement": "Winning under all seven rules", "scope": "s",
                         "expected": "witness", "status": "witness", "as_expected": True,
                         "witness": {"palettes": [["R7", "O6"], ["V1"]]}}],
           "never_decides": {"red": [], "violet": ["R7", "O7"]}}


def test_section_is_none_without_saved_results(tmp_path):
    assert theorems.section(tmp_path / "missing.json") == {"theorems": None, "never_decides": None}


def test_section_reads_saved_results(tmp_path):
    path = tmp_path / "proofs.json"
    path.write_text(json.dumps(SECTION), encoding="utf-8")
    assert theorems.section(path) == SECTION


def test_theorem_json_keeps_stable_fields_and_flags_surprises():
    got = theorems.theorem_json({"id": "x", "statement": "s", "scope": "c", "expected": "proved",
                                 "status": "counterexample", "seconds": 1.5, "witness": {"a": 1}})
    assert got == {"id": "x", "statement": "s", "scope": "c", "expected": "proved", "status": "counterexample",
                   "witness": {"a": 1}, "as_expected": False}


def test_proofs_section_renders_in_markdown_and_html(report):
    full = {**report, "proofs": SECTION}
    md = to_markdown(full)
    assert "| winning-everywhere | Winning under all seven rules | witness | witness |" in md
    assert "| violet | R7 O7 |" in md
    doc = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(to_html(full))
    section = doc.find(".//section[@id='proofs']")
    assert len(section.findall(".//table")) == 2


@pytest.mark.slow
def test_saved_results_are_in_step_with_the_proofs():
    """Without saved results the proofs package must not publish its catalogue runner yet (as the
    report says); with them, a quick theorem of the catalogue, proved again, matches its saved result."""
    saved = theorems.section()
    if saved["theorems"] is None:
        # Without saved results the report must say so, and how to save them, rather than show a table.
        text = "\n".join(to_markdown_proofs(saved))
        assert "not saved yet" in text and "--refresh-proofs" in text and "| id |" not in text
        assert hasattr(proofs.theorems, "run_catalogue")
        return
    again = theorems.compute("palette-never-empty")["theorems"]
    assert again == [t for t in saved["theorems"] if t["id"] == "palette-never-empty"]
