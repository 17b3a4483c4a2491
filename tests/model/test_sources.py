"""The rule texts ship with the package (docs/sources/, ``arbiter.sources``), identical to the project's
shared rule folder, and quotations are checked against them."""

from pathlib import Path

import pytest
from arbiter.model import games, sources

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "rules"


def test_every_source_a_game_cites_is_shipped():
    cited = {s for g in games.GAMES.values() for s in g.sources}
    assert cited <= set(sources.names())
    assert all(sources.text(name).strip() for name in sources.names())


@pytest.mark.skipif(not SHARED.is_dir(), reason="no shared rule folder beside this checkout to compare with")
def test_the_shipped_texts_equal_the_shared_rule_folder():
    shared = sorted(p.name for p in SHARED.iterdir() if p.is_file())
    assert sources.names() == shared
    for name in shared:
        assert sources.text(name) == (SHARED / name).read_text(encoding="utf-8"), name


def test_a_quotation_is_checked_word_for_word_across_line_breaks_and_gaps():
    assert sources.says("stick-to-colours.en.txt", "players may not look at the bot's cards")
    assert not sources.says("stick-to-colours.en.txt", "players may look at the bot's cards face up")
    text = sources.normal(sources.text("realms-trick-taking.en.txt"))
    first, last = text.split()[:3], text.split()[-3:]
    assert sources.says("realms-trick-taking.en.txt", " ".join(first) + sources.ELLIPSIS + " ".join(last))


def test_an_unknown_source_is_named():
    with pytest.raises(sources.UnknownSource, match="no rule text named 'nope.txt'"):
        sources.text("nope.txt")
