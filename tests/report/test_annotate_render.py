"""The annotated game's HTML page (``report/red7/annotate.py``) in headless Chromium: at 1280 px a seat's
seven-card hand is one row of cards, at 400 px no word breaks across lines (nor the page scrolls
sideways); each turn names its mover as the position's seats are named."""

import json
import re

import html5lib
import pytest
from arbiter.cli.main import cli
from arbiter.report.red7.annotate import to_html
from arbiter.solver.red7.annotate import annotate, read_game
from click.testing import CliRunner
from test_render import _chromium, _run


@pytest.fixture(scope="module")
def page():
    record = json.loads(CliRunner().invoke(cli, ["play", "--seed", "5", "--json"]).output)
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["turns"] = record["rounds"][0]["turns"][:3]
    return to_html(annotate(read_game(json.dumps(record)), samples=4, seed=0))


def test_each_turn_names_its_mover_as_the_position_names_the_seat_to_move(page):
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    turns = doc.findall(".//section[@class='turn']")
    assert len(turns) == 3
    for turn in turns:
        mover = re.match(r"Turn \d+: (.+) plays", "".join(turn.find("h3").itertext())).group(1)
        seats = ["".join(d.itertext()) for d in turn.findall(".//div[@class='seat']/div")]
        assert f"{mover} (to move)" in seats, (mover, seats)


# Run in a frame of the width asked (headless Chromium keeps windows at least 500 px wide): words
# split over two lines (outside the card tiles, whose own labels are the report's), hand rows of at
# most seven cards laid out on more than one line, and the page's scroll and client widths.
PROBE = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:WIDTHpx;height:900px;border:0">
</iframe><script>const f = document.getElementById('f'); f.onload = () => { const d = f.contentDocument;
setTimeout(() => { const broken = []; const walk = d.createTreeWalker(d.body, NodeFilter.SHOW_TEXT); let n;
while ((n = walk.nextNode())) { if (n.parentElement.closest('.card, style, title')) continue;
const words = /\\S+/g; let m; while ((m = words.exec(n.data))) { const r = d.createRange(); r.setStart(n, m.index);
r.setEnd(n, m.index + m[0].length); if (new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1)
broken.push(m[0]); } }
let wrapped = 0; d.querySelectorAll('.row').forEach(row => { const cards = [...row.querySelectorAll('.card')];
if (cards.length && cards.length <= 7 && new Set(cards.map(c => c.offsetTop)).size > 1) wrapped++; });
document.body.setAttribute('data-result', JSON.stringify({broken: broken, wrapped: wrapped,
scroll: d.documentElement.scrollWidth, inner: d.documentElement.clientWidth})); }, 300); };
f.srcdoc = PAGE;</script></body></html>"""


def measure(page, width, tmp_path):
    chromium = _chromium()
    probe = tmp_path / f"probe-{width}.html"
    probe.write_text(PROBE.replace("WIDTH", str(width)).replace("PAGE", json.dumps(page).replace("</", "<\\/")),
                     encoding="utf-8")
    done = _run(chromium, tmp_path, "--window-size=1400,900", "--virtual-time-budget=5000", "--dump-dom",
                probe.as_uri())
    found = re.search(r"data-result=\"([^\"]*)\"", done.stdout)
    assert found, f"chromium dumped no measured DOM: {done.stderr[-500:]}"
    return json.loads(found.group(1).replace("&quot;", '"'))


def test_at_1280_px_a_hand_of_seven_is_one_row(page, tmp_path):
    seen = measure(page, 1280, tmp_path)
    assert seen["wrapped"] == 0 and seen["scroll"] <= seen["inner"], seen
    narrow = measure(page.replace("</style>", ".scene { width: 14em; }</style>", 1), 1280, tmp_path)
    assert narrow["wrapped"] > 0  # the probe sees a squeezed position (as a table column was)


def test_at_400_px_no_word_breaks_and_nothing_scrolls_sideways(page, tmp_path):
    seen = measure(page, 400, tmp_path)
    assert seen["broken"] == [] and seen["scroll"] <= seen["inner"] <= 400, seen
    squeezed = measure(page.replace("</style>", ".marks dd { width: 2em; overflow-wrap: anywhere; }</style>", 1), 400,
                       tmp_path)
    assert squeezed["broken"]  # the probe sees words broken letter by letter
