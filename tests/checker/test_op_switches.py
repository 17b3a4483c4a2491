"""Each game's plugin declares, per op, the switches the op's answers read (``op_switches``); random
cases draw rulesets over those only. Checked here on the model's own answers: flipping a switch an op
does not declare changes none of its answers, and flipping each switch it declares changes some
(over the checked-in vectors of the op and seeded random requests), so a declaration too narrow or
too wide fails."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from arbiter.checker import vectors
from arbiter.checker.games import PLUGINS, plugin
from arbiter.checker.listed import ListedPlugin
from arbiter.model import games

ROOT = Path(__file__).resolve().parents[2]
RANDOM = 60  # seeded random requests per op, on top of the op's vectors
DECLARED = [(game, op) for game in PLUGINS for op in plugin(game).op_switches]


def requests(game: str, op: str) -> list[dict[str, Any]]:
    p = plugin(game)
    out = [c["request"] for c in vectors.load(ROOT / "conformance" / game, p) if c["request"]["op"] == op]
    if isinstance(p, ListedPlugin):
        caps = p.full_capabilities()
        out += [p.random_request(op, random.Random(seed), caps, None) for seed in range(RANDOM)]
    return out


def changed_by(game: str, op: str) -> dict[str, dict[str, Any]]:
    """switch -> a request whose answer changes when that switch alone takes another value."""
    p, ruleset = plugin(game), games.model(game).Ruleset
    default = next(iter(ruleset.PRESETS))
    found: dict[str, dict[str, Any]] = {}
    for request in requests(game, op):
        assert "position" not in request  # the ruleset of a position op is in its position: it reads every switch
        rs = ruleset.from_json(request.get("ruleset", default))
        answer = p.answer(request)
        for name, values in ruleset.SWITCHES.items():
            if name in found:
                continue
            for value in values:
                if value != getattr(rs, name) and p.answer({**request, "ruleset": rs.with_switches(
                        **{name: value}).to_json()}) != answer:
                    found[name] = request
                    break
    return found


def test_every_game_declares_a_narrower_op_than_its_whole_ruleset():
    for game in PLUGINS:
        ruleset = games.model(game).Ruleset
        assert all(set(switches) <= set(ruleset.SWITCHES) for switches in plugin(game).op_switches.values())
    assert {op for game, op in DECLARED} >= {"leader", "qualifying", "trick", "score"}


@pytest.mark.parametrize(("game", "op"), DECLARED)
def test_an_op_reads_exactly_the_switches_it_declares(game, op):
    found = changed_by(game, op)
    declared = set(plugin(game).op_switches[op])
    assert not set(found) - declared, {name: found[name] for name in sorted(set(found) - declared)}
    assert not declared - set(found), f"no request of {op} changes with {sorted(declared - set(found))}"


@pytest.mark.parametrize("game", [g for g in PLUGINS if isinstance(plugin(g), ListedPlugin)])
def test_random_cases_draw_only_the_switches_of_their_op(game):
    p = plugin(game)
    caps = p.full_capabilities()
    for op in p.op_switches:
        drawn = set()
        for seed in range(RANDOM):
            rs = p.ruleset_class.from_json(p.random_request(op, random.Random(seed), caps, None).get("ruleset",
                                                                                                   "default"))
            drawn |= set(rs.overrides())
        assert drawn == set(p.op_switches[op]), (op, drawn)
