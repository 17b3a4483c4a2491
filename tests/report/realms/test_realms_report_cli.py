"""``arbiter report --game realms``: each game's default size, every format, and bad options as
one line and exit 2."""

import json

from arbiter.cli import report as command
from arbiter.cli.main import cli
from arbiter.report.build import SIZES
from arbiter.report.render import RENDERERS
from click.testing import CliRunner


def test_realms_report_in_every_format(realms_report, monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(command, "build", lambda games, seed, game, **kw: calls.append((games, seed, game))
                        or realms_report)
    for fmt in RENDERERS:
        out = tmp_path / f"realms.{fmt}"
        result = CliRunner().invoke(cli, ["report", "--game", "realms", "--format", fmt, "--out", str(out), "--quiet"])
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8") == RENDERERS[fmt](realms_report)
    assert calls == [(SIZES["realms"], 7, "realms")] * len(RENDERERS)  # the game's own default size
    assert json.loads((tmp_path / "realms.json").read_text())["game"] == "realms"
    assert (tmp_path / "realms.md").read_text().startswith("# Realms: rules clarifications")


def test_bad_options_are_one_line_and_exit_2(tmp_path):
    for args in (["--game", "chess"], ["--game", "realms", "--out", str(tmp_path / "missing" / "r.md")],
                 ["--game", "realms", "--out", str(tmp_path)], ["--game", "realms", "--games", "0"]):
        result = CliRunner().invoke(cli, ["report", "--quiet", *args])
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output and result.output.strip().count("\n") <= 3, result.output


def test_realms_tiles_are_named_and_json_and_markdown_carry_every_entry(realms_report):
    """Tricks are drawn as card tiles (one per play, named for readers), the text as Markdown."""
    import html5lib

    doc = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(RENDERERS["html"](realms_report))
    names = realms_report["card_names"]
    tiles = doc.findall(".//span[@role='img']")
    assert tiles
    for tile in tiles:
        label = tile.get("aria-label")
        assert label in names.values()  # "Red Dragon", "Phoenix", "Purple 3": the card, not a code
    assert {"Phoenix", "Purple 1", "Red 1"} <= set(names.values()) and names["SPHX"] == "Phoenix"
    labels = [c.text for c in doc.findall(".//span[@class='label']")]
    assert "leads" in labels and "plays second" in labels  # every trick witness draws its trick as tiles
    md = RENDERERS["md"](realms_report)
    data = json.loads(RENDERERS["json"](realms_report))
    for e in data["entries"]:
        assert f"## {e['number']}. {e['title']}" in md
    assert "> FR:" not in md  # one English text: no French wording line


REALMS_QUICK_THEOREMS = "realms/examples"  # as tests/report/conftest.py builds the quick report


def test_a_narrowed_appendix_holds_those_theorems_and_says_so(realms_report):
    """The quick build proves only the theorems under REALMS_QUICK_THEOREMS: its appendix lists exactly
    those, in catalogue order, its intro says it is not the whole catalogue, and the report names the
    call that built it rather than a command line (which proves the whole catalogue)."""
    from arbiter.proofs.realms import theorems as T

    proofs = next(a for a in realms_report["appendices"] if a["id"] == "proofs")
    assert [row[0] for row in proofs["tables"][0]["rows"]] == [t.id for t in T.select(REALMS_QUICK_THEOREMS)]
    assert len(T.select(REALMS_QUICK_THEOREMS)) < len(T.select())
    assert f"only the catalogue's theorems under `{REALMS_QUICK_THEOREMS}`" in proofs["intro"]
    assert realms_report["command"].startswith("arbiter.report.realms.build.build(")
    assert repr(REALMS_QUICK_THEOREMS) in realms_report["command"]
