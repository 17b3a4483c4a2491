"""The switch ruleset base: a game's Ruleset fields are made from SWITCHES (in order, each defaulting
to its first alternative), a field still declared in the class body must agree with SWITCHES or the
class is refused, and make_presets sets the presets every text and JSON form starts from."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

import pytest
from arbiter.model import games
from arbiter.model.switches import RulesetError, SwitchRuleset


def toy(body: dict | None = None, annotations: dict | None = None) -> type[SwitchRuleset]:
    """A two-switch ruleset class, made the way a game's module makes it, with ``body`` and
    ``annotations`` as if written in its class body."""
    namespace = {"SWITCHES": {"lead": ("left", "right"), "bonus": (False, True)}, **(body or {}),
                 "__annotations__": dict(annotations or {})}
    return dataclass(frozen=True)(type("Toy", (SwitchRuleset,), namespace))


@pytest.mark.parametrize("game", list(games.GAMES))
def test_every_games_fields_are_its_switches_in_order_with_the_first_alternative_as_default(game):
    ruleset = games.model(game).Ruleset
    assert [(f.name, f.default) for f in fields(ruleset)] == [(n, alt[0]) for n, alt in ruleset.SWITCHES.items()]
    assert all(type(f.default) is type(ruleset.SWITCHES[f.name][0]) for f in fields(ruleset))
    assert ruleset() == next(iter(ruleset.PRESETS.values()))


def test_a_ruleset_made_from_switches_parses_prints_and_validates():
    Toy = toy()
    (default,) = Toy.make_presets().values()
    assert Toy.PRESETS == {"default": default} and default == Toy()
    assert (default.lead, default.bonus) == ("left", False)
    flipped = Toy.parse("default,bonus=true,lead=right")
    assert flipped == Toy("right", True) and str(flipped) == "default,lead=right,bonus=true"
    assert Toy.from_json(flipped.to_json()) == flipped and flipped.to_json() == {"preset": "default", "lead": "right",
                                                                                 "bonus": True}
    with pytest.raises(RulesetError, match="switch 'lead' takes left or right, got up"):
        Toy(lead="up")


def test_presets_set_only_what_they_name():
    Toy = toy({"PRESET_KEYS": ("bonus",)})
    presets = Toy.make_presets({"plain": {}, "generous": {"bonus": True}})
    assert list(presets) == ["plain", "generous"] and presets["generous"] == Toy(bonus=True)
    assert Toy(lead="right", bonus=True).preset == "generous" and str(Toy(lead="right")) == "plain,lead=right"
    with pytest.raises(RulesetError):
        Toy.make_presets({"odd": {"bonus": "yes"}})


def test_a_field_declared_the_old_way_works_when_it_agrees_with_switches():
    Toy = toy({"bonus": False}, {"bonus": "bool"})
    assert [f.name for f in fields(Toy)] == ["lead", "bonus"] and Toy().bonus is False


@pytest.mark.parametrize(("body", "annotations", "message"), [
    ({"bonus": True}, {"bonus": "bool"}, r"Toy.bonus is declared with default true, but SWITCHES gives false first"),
    ({"bonus": 0}, {"bonus": "int"}, r"Toy.bonus is declared with default 0, but SWITCHES gives false first"),
    ({}, {"bonus": "bool"}, r"Toy.bonus is declared with default none"),
    ({"extra": 1}, {"extra": "int"}, r"Toy.extra is a field but not a switch: add it to SWITCHES"),
])
def test_a_field_that_disagrees_with_switches_is_refused_when_the_class_is_made(body, annotations, message):
    with pytest.raises(RulesetError, match=message):
        toy(body, annotations)


def test_class_variables_are_not_taken_for_switches():
    Toy = toy({"NOTE": "x"}, {"NOTE": ClassVar[str]})
    assert [f.name for f in fields(Toy)] == ["lead", "bonus"] and Toy.NOTE == "x"
