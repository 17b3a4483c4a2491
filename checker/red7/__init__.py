"""The Red7 plugin of the checker: its ops, oracle, reachable random cases, vectors and coverage
(``PLUGIN``); the generic checker reaches Red7 only through it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from arbiter.model.red7 import reference
from arbiter.model.red7.cards import COLOUR_NAMES, parse_card, parse_colour
from arbiter.model.red7.notation import position_from_json
from arbiter.model.red7.ruleset import PRESETS, SWITCHES, Ruleset, RulesetError

from ..plugin import Capabilities, Difference, Misreading, Needs, reads
from . import cases, misreadings, oracle
from . import vectors as red7_vectors

PLAYERS = (2, 3, 4)
# The doubt behind each reading a leader question reads (the rulebook sentence quoted where there
# is one; docs/clarifications/red7.md argues each).
SENTENCES = {
    "nobody_qualifies": "When no player still in has a qualifying card, is anybody winning? (\"One card is always "
                        "enough for any of the rules.\")",
    "tie_break": "Under Orange, Yellow or Indigo, is a tie decided by the highest card of the group compared or of "
                 "the whole Palette? (\"Tie: the highest card among the cards meeting the rule wins.\")",
    "out_palettes": "Does an eliminated player's Palette still count? (\"eliminated Palettes stop competing\", "
                    "which the French text never says)",
}
READINGS = {name: values for name, values in SWITCHES.items() if name not in ("actions", "advanced")}


class Red7:
    game = "red7"
    ops = oracle.OPS
    rules = tuple(COLOUR_NAMES)
    op_switches = cases.OP_SWITCHES

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        return oracle.answer(request)

    def compare(self, request: dict[str, Any], expected: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        return oracle.compare(request, expected, got)

    def reason(self, request: dict[str, Any]) -> str:
        return oracle.reason(request)

    def rule_of(self, request: dict[str, Any]) -> str:
        rule = request["position"]["rule"] if "position" in request else request["rule"]
        return COLOUR_NAMES[parse_colour(rule)]

    def unreachable(self, request: dict[str, Any]) -> str | None:
        return cases.unreachable(request)

    def _ruleset(self, request: dict[str, Any]) -> Ruleset:
        if "position" in request:
            return position_from_json(request["position"]).ruleset
        return oracle.ruleset_of(request)

    def needs(self, request: dict[str, Any]) -> Needs:
        rs = self._ruleset(request)
        players = (len(request["palettes"]) if "palettes" in request else
                   len(request["position"]["players"]) if "position" in request else None)
        return Needs(players, rs.preset, tuple(rs.overrides().items()))

    def ruleset_needs(self, ruleset: Any) -> Needs:
        rs = Ruleset.from_json(ruleset)
        return Needs(None, rs.preset, tuple(rs.overrides().items()))

    def ruleset_key(self, request: dict[str, Any]) -> Any:
        return self._ruleset(request).to_json()

    def parse_ruleset(self, text: str) -> Any:
        try:
            return Ruleset.parse(text).to_json()
        except RulesetError as e:
            raise ValueError(str(e)) from None

    def default_capabilities(self, ops: tuple[str, ...]) -> Capabilities:
        return Capabilities(self.game, ops, PLAYERS, ("basic",), {name: values[:1] for name, values in READINGS.items()},
                            declared=False)

    def full_capabilities(self) -> Capabilities:
        return Capabilities(self.game, self.ops, PLAYERS, tuple(PRESETS), dict(READINGS))

    def strategy(self, op: str, rule: str, caps: Capabilities, ruleset: Any, edge_cases: bool) -> Any:
        from . import strategies  # Hypothesis, only when random cases run

        return strategies.STRATEGIES[op](parse_colour(rule), caps, ruleset, edge_cases)

    def smaller(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        return cases.smaller(request)

    def size(self, request: dict[str, Any]) -> int:
        return cases.card_count(request)

    def features(self, request: dict[str, Any]) -> list[tuple[str, str]]:
        needs = self.needs(request)
        out = [("rules", self.rule_of(request)), ("presets", needs.preset)]
        if needs.players is not None:
            out.append(("players", str(needs.players)))
        out.extend(("switch values", f"{name}={_show(value)}") for name, value in needs.switches)
        return out

    def coverage_universe(self, caps: Capabilities, ops: list[str]) -> dict[str, list[str]]:
        positions = any(op in ("legal_moves", "apply") for op in ops)
        universe = {"rules": list(self.rules)}
        if positions:  # a leader or qualifying answer does not depend on the preset
            universe["presets"] = list(caps.presets)
        if any(op != "qualifying" for op in ops):
            universe["players"] = [str(n) for n in caps.players]
        switches = [name for name in caps.switches if name in READINGS and name not in red7_vectors.MATCH_LEVEL
                    and any(reads(self, op, name) for op in ops)]
        values = [f"{name}={_show(v)}" for name in switches for v in caps.switches[name] if v != READINGS[name][0]]
        if values:
            universe["switch values"] = values
        return universe

    def render(self, request: dict[str, Any]) -> list[str]:
        return oracle.render_request(request)

    def reruled(self, request: dict[str, Any], switches: dict[str, Any]) -> dict[str, Any] | None:
        return cases.reruled(request, switches)

    def sentence(self, switch: str) -> str:
        return SENTENCES.get(switch, "")

    def misreadings(self, op: str) -> list[Misreading]:
        return misreadings.misreadings(op)

    def clause(self, request: dict[str, Any]) -> str:
        if request["op"] == "leader":
            palettes = [[parse_card(c) for c in p] for p in request["palettes"]]
            return reference.decision(parse_colour(request["rule"]), palettes, request.get("out", []),
                                      oracle.ruleset_of(request))[1]
        if request["op"] == "qualifying":
            return oracle.reason(request).split(":")[0] + " qualifying cards"
        return "the legal turns" if request["op"] == "legal_moves" else "the effects of a turn"

    def traits(self, request: dict[str, Any]) -> list[str]:
        return cases.traits(request)

    def shape(self, request: dict[str, Any]) -> tuple:
        return cases.shape(request)

    def variants(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        return cases.variants(request)

    def enumerate(self, request: dict[str, Any], size: int,
                  differs: Callable[[dict[str, Any]], bool] | None) -> Iterator[dict[str, Any]] | None:
        return cases.enumerate_requests(request, size)

    def min_size(self, request: dict[str, Any]) -> int:
        return cases.min_size(request)

    def vector_files(self, ops: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
        return red7_vectors.generate(ops)


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


PLUGIN = Red7()
