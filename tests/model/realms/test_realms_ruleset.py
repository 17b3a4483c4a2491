"""The Realms ruleset: every switch's quoted sentences are word for word in the rule text and in
docs/rules-realms.md, every switch is documented with its default, and rulesets round-trip."""

import re
from pathlib import Path

import pytest
from arbiter.model import sources
from arbiter.model.realms.ruleset import DEFAULT, SWITCH_INFO, SWITCHES, Ruleset, RulesetError

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules-realms.md"


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_quote_is_word_for_word_in_the_rule_text():
    for switch in SWITCH_INFO:
        assert switch.sources, switch.name
        for name, quote in switch.sources:
            assert name == "RULES" and sources.says("realms-trick-taking.en.txt", quote), f"{switch.name}: the text does not say {quote!r}"


def test_every_switch_is_documented_with_its_quotes_and_default():
    doc = _normal(DOC.read_text(encoding="utf-8"))
    for switch in SWITCH_INFO:
        assert f"### `{switch.name}`" in doc
        assert f"(default `{switch.default}`)" in doc
        for _, quote in switch.sources:
            assert f"> {_normal(quote)}" in doc, (switch.name, quote)


def test_rulesets_round_trip_and_reject_unknown_values():
    for name, values in SWITCHES.items():
        for v in values:
            r = DEFAULT.with_switches(**{name: v})
            assert Ruleset.parse(str(r)) == r == Ruleset.from_json(r.to_json())
    with pytest.raises(RulesetError):
        Ruleset.parse("default,resolution=vibes")
    with pytest.raises(RulesetError):
        Ruleset.parse("default,colour=red")
