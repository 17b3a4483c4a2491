"""Every sentence a switch quotes is in the rule file word for word, and docs/rules-stick-to-colours.md
describes every switch, quoting each of its sentences."""

import re
from pathlib import Path

import pytest
from arbiter.model import sources
from arbiter.model.stick_to_colours.ruleset import META, SOURCE

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules-stick-to-colours.md").read_text()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("switch", META, ids=lambda s: s.name)
def test_every_quote_is_in_the_rule_file(switch):
    for _, sentence in switch.sources:
        assert sources.says(SOURCE, sentence), sentence


@pytest.mark.parametrize("switch", META, ids=lambda s: s.name)
def test_every_switch_is_documented_with_its_quotes(switch):
    assert f"### `{switch.name}`" in DOC
    section = DOC.split(f"### `{switch.name}`")[1].split("\n## ")[0].split("\n### ")[0]
    for value in switch.alternatives:
        shown = ("true" if value else "false") if isinstance(value, bool) else value
        assert shown in section, (switch.name, value)
    for _, sentence in switch.sources:
        assert f'EN: "{squash(sentence)}"' in squash(section), sentence
