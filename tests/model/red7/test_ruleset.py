"""Rulesets: frozen values of named switches, presets, and their JSON and text forms."""

import dataclasses

import pytest
from arbiter.model.red7.ruleset import (
    ACTIONS,
    ADVANCED,
    ADVANCED_ACTIONS,
    BASIC,
    PRESETS,
    SWITCHES,
    Ruleset,
    RulesetError,
    preset,
)


def test_defaults_are_the_first_value_of_each_switch():
    """red7-digest.md, "Default readings of the project": the first value listed is the default."""
    assert {f.name for f in dataclasses.fields(Ruleset)} == set(SWITCHES)
    for name, values in SWITCHES.items():
        assert getattr(BASIC, name) == values[0]
        assert len(values) >= 2 and len(set(values)) == len(values)


def test_presets_switch_only_actions_and_advanced():
    assert (ACTIONS.actions, ACTIONS.advanced) == (True, False)
    assert (ADVANCED.actions, ADVANCED.advanced) == (False, True)
    assert (ADVANCED_ACTIONS.actions, ADVANCED_ACTIONS.advanced) == (True, True)
    for name, rs in PRESETS.items():
        assert rs.preset == name and rs.overrides() == {} and preset(name.upper()) is rs


def test_ruleset_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        BASIC.actions = True


@pytest.mark.parametrize("name", list(SWITCHES))
def test_every_switch_value_round_trips_through_json_and_text(name):
    for base in PRESETS.values():
        for value in SWITCHES[name]:
            rs = base.with_switches(**{name: value})
            assert Ruleset.from_json(rs.to_json()) == rs
            assert Ruleset.parse(str(rs)) == rs


def test_overrides_show_in_json_and_text():
    rs = ADVANCED.with_switches(final_tie="most_cards", action5_chains=False)
    assert rs.to_json() == {"preset": "advanced", "final_tie": "most_cards", "action5_chains": False}
    assert str(rs) == "advanced,action5_chains=false,final_tie=most_cards"
    assert Ruleset.from_json({"preset": "actions", "action_mode": "optional"}) == ACTIONS.with_switches(
        action_mode="optional")


@pytest.mark.parametrize("bad, message", [
    (lambda: preset("expert"), "unknown ruleset 'expert'"),
    (lambda: BASIC.with_switches(colour_blind=True), "unknown switch 'colour_blind'"),
    (lambda: BASIC.with_switches(advanced_draw="sometimes"), "switch 'advanced_draw' takes optional or mandatory"),
    (lambda: BASIC.with_switches(actions="yes"), "switch 'actions' takes false or true"),
    (lambda: Ruleset.parse("basic,actions"), "expected switch=value"),
    (lambda: Ruleset.parse("basic,foo=1"), "unknown switch 'foo'"),
    (lambda: Ruleset.from_json(3), "ruleset must be a preset name or an object"),
])
def test_bad_rulesets_name_the_problem(bad, message):
    with pytest.raises(RulesetError, match=message):
        bad()
