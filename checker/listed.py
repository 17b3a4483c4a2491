"""The part of a ``GamePlugin`` shared by games whose oracle is their own protocol handler and whose
rulesets are ``SwitchRuleset``s with one preset (Realms, Stick to Colours): a game fills in cases,
random requests, comparison and shrinking."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from arbiter.model import games as model_games
from arbiter.model.switches import RulesetError, Switch, SwitchRuleset

from .plugin import Capabilities, Difference, Misreading, Needs, reads
from .vectors import make_case


class ListedPlugin:
    game: str
    ops: tuple[str, ...]
    ruleset_class: type[SwitchRuleset]
    op_switches: ClassVar[dict[str, tuple[str, ...]]] = {}  # see GamePlugin.op_switches
    descriptions: ClassVar[dict[str, str]] = {}
    rule_of_op: ClassVar[dict[str, str]] = {}  # op -> the rule its requests are about (``rules`` in order)
    reasons: ClassVar[dict[str, str]] = {}  # op -> the clause that decides its answers
    seats: ClassVar[str] = "players"  # the position's list with one entry a player
    switch_info: ClassVar[dict[str, Switch]] = {}  # the doubt and the sentences behind each switch

    # -- what each game gives ------------------------------------------------------------------
    def cases(self) -> Iterator[tuple[str, dict[str, Any], str]]:
        """(id "op/topic/...", request with "game", the clause that decides it), deterministic."""
        raise NotImplementedError

    def random_request(self, op: str, rng: random.Random, caps: Capabilities, ruleset: SwitchRuleset | None) -> dict:
        """One reachable request of ``op`` within ``caps`` (and ``ruleset`` when not None)."""
        raise NotImplementedError

    def compare_answer(self, request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        """How a non-error answer to a request of the game's own op (not legal_moves) differs."""
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[int, ...]:
        return model_games.GAMES[self.game].players

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(self.rule_of_op.values())

    def reason(self, request: dict[str, Any]) -> str:
        return self.reasons.get(request.get("op"), "")

    def rule_of(self, request: dict[str, Any]) -> str:
        return self.rule_of_op.get(request.get("op"), str(request.get("op")))

    def players_of(self, request: dict[str, Any]) -> int | None:
        """The player count of a request's position (None for a request without one)."""
        pos = request.get("position")
        seats = pos.get(self.seats) if isinstance(pos, dict) else None
        return len(seats) if isinstance(seats, list) else None

    def compare(self, request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        """Errors by presence, ``legal_moves`` as sets of move texts, the rest by the game."""
        if "error" in want:
            return None if "error" in got else Difference("accepts a bad request", f"expected an error: {want['error']}")
        if "error" in got:
            return Difference("refuses a good request", f"error answer: {got['error']}")
        if request["op"] != "legal_moves":
            return self.compare_answer(request, want, got)
        moves = got.get("moves")
        if not isinstance(moves, list):
            return Difference("moves not a list", f"moves {moves!r}")
        missing, extra = sorted(set(want["moves"]) - set(moves)), sorted(set(moves) - set(want["moves"]))
        if missing or extra:
            return Difference("legal moves differ", f"missing {missing[:4]}, extra {extra[:4]}")
        return None

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        got = model_games.model(self.game).protocol.handle({**request, "game": self.game})
        got.pop("id", None)
        return got

    def _ruleset(self, request: dict[str, Any]) -> SwitchRuleset:
        if isinstance(request.get("position"), dict) and "ruleset" not in request:
            return self.ruleset_class.from_json(request["position"].get("ruleset", "default"))
        return self.ruleset_class.from_json(request.get("ruleset", "default"))

    def needs(self, request: dict[str, Any]) -> Needs:
        rs = self._ruleset(request)
        return Needs(self.players_of(request), rs.preset, tuple(rs.overrides().items()))

    def ruleset_needs(self, ruleset: Any) -> Needs:
        rs = self.ruleset_class.from_json(ruleset)
        return Needs(None, rs.preset, tuple(rs.overrides().items()))

    def ruleset_key(self, request: dict[str, Any]) -> Any:
        return self._ruleset(request).to_json()

    def parse_ruleset(self, text: str) -> Any:
        try:
            return self.ruleset_class.parse(text).to_json()
        except RulesetError as e:
            raise ValueError(str(e)) from None

    def default_capabilities(self, ops: tuple[str, ...]) -> Capabilities:
        switches = {name: values[:1] for name, values in self.ruleset_class.SWITCHES.items()}
        return Capabilities(self.game, ops, self.players, ("default",), switches, declared=False)

    def full_capabilities(self) -> Capabilities:
        return Capabilities(self.game, self.ops, self.players, tuple(self.ruleset_class.PRESETS),
                            dict(self.ruleset_class.SWITCHES))

    def random_ruleset(self, rng: random.Random, caps: Capabilities, ruleset: Any, op: str) -> SwitchRuleset:
        """``ruleset``, else a preset of ``caps`` with a random value of each switch ``op`` reads (the
        others stay at the preset's: they cannot change the answer)."""
        if ruleset is not None:
            return self.ruleset_class.from_json(ruleset)
        base = self.ruleset_class.PRESETS[rng.choice(caps.presets)]
        chosen = {name: rng.choice(caps.switches[name]) for name in self.ruleset_class.SWITCHES
                  if caps.switches.get(name) and reads(self, op, name)}
        return base.with_switches(**chosen)

    def strategy(self, op: str, rule: str, caps: Capabilities, ruleset: Any, edge_cases: bool) -> Any:
        from hypothesis import strategies as st  # only when random cases run

        return st.integers(0, 2**32 - 1).map(lambda s: self.random_request(op, random.Random(s), caps, ruleset))

    def features(self, request: dict[str, Any]) -> list[tuple[str, str]]:
        needs = self.needs(request)
        out = [("rules", self.rule_of(request)), ("presets", needs.preset)]
        if needs.players is not None:
            out.append(("players", str(needs.players)))
        out.extend(("switch values", f"{name}={value}") for name, value in needs.switches)
        return out

    def coverage_universe(self, caps: Capabilities, ops: list[str]) -> dict[str, list[str]]:
        universe = {"rules": sorted({self.rule_of({"op": op}) for op in ops}), "presets": list(caps.presets)}
        if any(op in ("legal_moves", "apply") for op in ops):  # a trick or a score has no player count
            universe["players"] = [str(n) for n in caps.players]
        defaults = self.ruleset_class.SWITCHES
        values = [f"{name}={v}" for name, vs in caps.switches.items()
                  if name in defaults and any(reads(self, op, name) for op in ops)
                  for v in vs if v != defaults[name][0]]
        if values:
            universe["switch values"] = values
        return universe

    # -- explaining and searching (a game refines what it can) -----------------------------------
    def reruled(self, request: dict[str, Any], switches: dict[str, Any]) -> dict[str, Any] | None:
        rs = self._ruleset(request)
        other = rs.with_switches(**switches)
        if other == rs:
            return None
        new = copy.deepcopy(request)
        if isinstance(new.get("position"), dict) and "ruleset" not in new:
            new["position"]["ruleset"] = other.to_json()
        else:
            new["ruleset"] = other.to_json()
        return new

    def sentence(self, switch: str) -> str:
        info = self.switch_info.get(switch)
        if info is None:
            return ""
        quoted = f' ("{info.sources[0][1]}")' if info.sources else ""
        return info.question + quoted

    def misreadings(self, op: str) -> list[Misreading]:
        return []

    def clause(self, request: dict[str, Any]) -> str:
        return self.reason(request)

    def traits(self, request: dict[str, Any]) -> list[str]:
        players = self.players_of(request)
        return [f"{players} players"] if players else [f"{self.size(request)} cards"]

    def shape(self, request: dict[str, Any]) -> tuple:
        return (self.players_of(request), self.size(request))

    def variants(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        return iter(())

    def enumerate(self, request: dict[str, Any], size: int,
                  differs: Callable[[dict[str, Any]], bool] | None) -> Iterator[dict[str, Any]] | None:
        return None

    def min_size(self, request: dict[str, Any]) -> int:
        return 0  # positions are not enumerated: a search there never claims the smallest

    def vector_files(self, ops: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
        files: dict[str, dict[str, Any]] = {}
        for case_id, request, reason in self.cases():
            op, topic = case_id.split("/")[:2]
            if ops is not None and request["op"] not in ops:
                continue
            path = f"{op}/{topic}.json"
            if path not in files:
                files[path] = {"group": op, "topic": topic,
                               "description": self.descriptions.get(topic, f"{op}: {topic}"), "cases": []}
            files[path]["cases"].append(make_case(case_id, request, self.answer(request), reason,
                                                  self.ruleset_key(request)))
        return files


def ruleset_field(ruleset: SwitchRuleset) -> dict[str, Any]:
    """The request's "ruleset" field: absent for the default ruleset."""
    return {} if ruleset == type(ruleset).PRESETS["default"] else {"ruleset": ruleset.to_json()}
