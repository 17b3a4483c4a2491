"""The renderers: HTML parses as HTML5 with contents linking every entry, one section per entry,
card tiles that name their colour with enough contrast, a viewport, a print stylesheet and the
theorem tables folded away; in headless Chromium it renders and a 400 px wide phone needs no
horizontal scrolling (each game's report). The committed Markdown and HTML reports are what the
code generates (slow)."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import html5lib
import pytest
from arbiter.report.render import to_html

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def _doc(page):
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)


def test_html_parses_as_html5_with_contents_and_one_section_per_entry(any_report):
    report = any_report
    doc = _doc(to_html(report))
    ordered = sorted(report["entries"], key=lambda e: e["number"])
    sections = doc.findall(".//section[@class='entry']")
    assert [s.get("id") for s in sections] == [e["id"] for e in ordered]
    links = [a.get("href") for a in doc.findall(".//nav//a")]
    assert links[:len(ordered)] == [f"#{e['id']}" for e in ordered]
    assert doc.findall(".//span[@role='img']"), "cards are drawn as tiles"
    assert doc.find(".//meta[@name='viewport']") is not None


def test_card_tiles_name_their_colour(report):
    doc = _doc(to_html(report))
    for tile in doc.findall(".//span[@role='img']"):
        colour, number = tile.get("aria-label").split()
        assert "".join(tile.itertext()) == number + colour  # the number, then the colour's name on the tile


def _luminance(hex_colour):
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula_matches_wcag_examples():
    assert round(contrast("#ffffff", "#000000"), 1) == 21.0
    assert round(contrast("#ffffff", "#f9a825"), 2) == 1.97  # white on the old Yellow tile: fails AA


def test_every_tile_colour_pair_reaches_wcag_aa(any_report):
    report = any_report
    page = to_html(report)
    pairs = re.findall(r"\.c-(\w) \{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6}); \}", page)
    assert {p[0] for p in pairs} == set(report["cards"]) and len(pairs) == len(report["cards"]) >= 3
    for letter, background, text in pairs:
        assert contrast(background, text) >= 4.5, (letter, background, text)


def test_pattern_colours_keep_the_contrast_and_tell_blue_indigo_and_violet_apart(any_report):
    report = any_report
    page = to_html(report)
    patterned = re.findall(r"\.c-(\w) \{ background-image: [^;]*?(#[0-9a-f]{6})", page)
    assert {k for k, _ in patterned} == {k for k, v in report["cards"].items() if v.get("pattern")}
    for letter, colour in patterned:
        assert contrast(colour, report["cards"][letter]["text"]) >= 4.5, (letter, colour)
    if {"B", "I", "V"} <= set(report["cards"]):
        assert len({report["cards"][k].get("pattern") for k in "BIV"}) == 3  # none, stripes, dots


_MARKDOWN = re.compile(r"`|\*\*|(?<![\w*])\*[^\s*][^*]*\*(?![\w*])")


def _prose(node, out):
    """The page's text outside <pre>, <code>, <style> and <script>."""
    if node.tag in ("pre", "code", "style", "script"):
        if node.tail:
            out.append(node.tail)
        return out
    if node.text:
        out.append(node.text)
    for child in node:
        _prose(child, out)
    if node.tail:
        out.append(node.tail)
    return out


def test_no_markdown_is_left_in_the_page(any_report):
    """Clause (issue 23): no leftover Markdown (*arises*, backticks) in the HTML page."""
    text = _prose(_doc(to_html(any_report)), [])
    left = [t for t in text if _MARKDOWN.search(t)]
    assert not left, left[:5]
    assert _MARKDOWN.search(" ".join(_prose(_doc("<!DOCTYPE html><p>an *arises* here</p>"), [])))


def test_html_is_self_contained_printable_and_folds_the_theorems(any_report):
    page = to_html(any_report)
    for needle in ("<link", "<script", "src=", "url(", "http://", "https://"):
        assert needle not in page
    assert "@media print" in page
    proofs = _doc(page).find(".//section[@id='proofs']")
    assert proofs.find("details") is not None and proofs.find("details/table") is not None


def _chromium():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed (apt-get install -y chromium)")
        pytest.skip("chromium is not installed")
    return chromium


def _run(chromium, tmp_path, *args):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", *args]
    return subprocess.run(cmd, capture_output=True, timeout=90, check=False, text=True)


def test_html_renders_in_headless_chromium(any_report, tmp_path):
    chromium = _chromium()
    page = tmp_path / f"{any_report['game']}.html"
    page.write_text(to_html(any_report), encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"{any_report['game']}-clarifications.png"
    shot.unlink(missing_ok=True)
    _run(chromium, tmp_path, f"--screenshot={shot}", "--window-size=1280,2000", page.as_uri())
    assert shot.is_file() and shot.stat().st_size > 10_000, "chromium wrote no screenshot"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_horizontal_scrolling_on_a_400_px_phone(any_report, tmp_path):
    """The page is laid out in a 400 px wide frame (headless Chromium keeps windows at least 500 px
    wide, a frame has no such floor), every <details> opened; a script in the test's probe page
    records the frame's scroll width and client width in the DOM Chromium dumps. A 700 px wide
    element in the page makes the test fail."""
    chromium = _chromium()
    for extra, fits in (("", True), ('<div style="width:700px">wide</div>', False)):
        page = json.dumps(to_html(any_report).replace("<h1>", extra + "<h1>", 1)).replace("</", "<\\/")
        probe = tmp_path / "phone.html"
        probe.write_text(
            '<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:400px;height:900px;border:0">'
            "</iframe><script>const f = document.getElementById('f'); f.onload = () => { const d = f.contentDocument;"
            " d.querySelectorAll('details').forEach(x => x.open = true); setTimeout(() => document.body.setAttribute("
            "'data-width', d.documentElement.scrollWidth + ' ' + d.documentElement.clientWidth), 200); };"
            f" f.srcdoc = {page};</script></body></html>", encoding="utf-8")
        done = _run(chromium, tmp_path, "--window-size=600,900", "--virtual-time-budget=5000", "--dump-dom",
                    probe.as_uri())
        found = re.search(r'data-width="(\d+) (\d+)"', done.stdout)
        assert found, f"chromium dumped no measured DOM: {done.stderr[-500:]}"
        scroll, inner = map(int, found.groups())
        assert inner <= 400
        assert (scroll <= inner) == fits, f"the page is {scroll} px wide in a {inner} px frame"


def _broken_tiles(chromium, tmp_path, page_html, width):
    """Lay the page out in a ``width`` px frame (every <details> opened) and count the card tiles
    whose number or colour name takes more than one line, as Chromium lays them out."""
    page = json.dumps(page_html).replace("</", "<\\/")
    probe = tmp_path / f"tiles-{width}.html"
    probe.write_text(
        f'<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:{width}px;height:900px;border:0">'
        "</iframe><script>const f = document.getElementById('f'); f.onload = () => { const d = f.contentDocument;"
        " d.querySelectorAll('details').forEach(x => x.open = true); setTimeout(() => { let tiles = 0, broken = 0;"
        " d.querySelectorAll('.card b, .card i').forEach(el => { const r = d.createRange(); r.selectNodeContents(el);"
        " const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top))); tiles += 1;"
        " if (lines.size > 1) broken += 1; }); document.body.setAttribute('data-tiles', tiles + ' ' + broken); }, 300);"
        f" }}; f.srcdoc = {page};</script></body></html>", encoding="utf-8")
    done = _run(chromium, tmp_path, f"--window-size={max(width + 100, 600)},900", "--virtual-time-budget=8000",
                "--dump-dom", probe.as_uri())
    found = re.search(r'data-tiles="(\d+) (\d+)"', done.stdout)
    assert found, f"chromium dumped no measured DOM: {done.stderr[-500:]}"
    return tuple(map(int, found.groups()))


@pytest.mark.parametrize("width", [400, 1280])
def test_card_labels_never_break_mid_word(any_report, tmp_path, width):
    """Clause (issue 23): card labels never broken mid-word ("Yello|w") at 400 px and 1280 px. A
    page whose tiles are squeezed and allowed to break anywhere fails the same measure."""
    chromium = _chromium()
    page = to_html(any_report)
    tiles, broken = _broken_tiles(chromium, tmp_path, page, width)
    assert tiles > 20 and broken == 0, f"{broken} of {tiles} tile labels wrap at {width} px"
    squeezed = page.replace("</style>", ".card { min-width: 0; width: 1.3em; white-space: normal; "
                                        "overflow-wrap: anywhere; }</style>", 1)
    assert _broken_tiles(chromium, tmp_path, squeezed, width)[1] > 0


def test_screenshots_at_400_and_1280_px(any_report, tmp_path):
    """Screenshots of the page for people to look at (test-artifacts/), at a phone's and a desktop's width."""
    chromium = _chromium()
    page = tmp_path / f"{any_report['game']}.html"
    page.write_text(to_html(any_report).replace("<details>", "<details open>"), encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    # Headless Chromium keeps windows at least 500 px wide: the 400 px view is a 400 px frame.
    frame = tmp_path / "frame.html"
    frame.write_text(f'<!DOCTYPE html><html><body style="margin:0"><iframe src="{page.as_uri()}" '
                     'style="width:400px;height:3000px;border:0"></iframe></body></html>', encoding="utf-8")
    for width, url in ((400, frame.as_uri()), (1280, page.as_uri())):
        shot = ARTIFACTS / f"{any_report['game']}-{width}px.png"
        shot.unlink(missing_ok=True)
        _run(chromium, tmp_path, f"--screenshot={shot}", f"--window-size={max(width, 500)},3000", url)
        assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

