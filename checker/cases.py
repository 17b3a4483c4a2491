"""Random protocol requests (Hypothesis strategies, seeded), the search for a request on which an
engine disagrees with the model, and the shrinker that removes cards while it still disagrees."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from arbiter.model import red7
from arbiter.model.red7.cards import COLOUR_NAMES, card_code
from arbiter.model.red7.game import Position
from arbiter.model.red7.notation import position_from_json, position_to_json
from arbiter.model.red7.ruleset import PRESETS, SWITCHES, Ruleset
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from .oracle import answer, compare

MAX_SHRINK_REQUESTS = 3000  # bound on engine calls spent removing cards from one witness


# -- strategies ------------------------------------------------------------------------------

def rulesets(fixed: Ruleset | None = None) -> st.SearchStrategy[Ruleset]:
    """``fixed`` alone, or any preset with any reading switches."""
    if fixed is not None:
        return st.just(fixed)
    readings = {name: st.sampled_from(values) for name, values in SWITCHES.items()
                if name not in ("actions", "advanced")}
    return st.builds(lambda base, sw: base.with_switches(**sw), st.sampled_from(list(PRESETS.values())),
                     st.fixed_dictionaries({}, optional=readings))


@st.composite
def _card_sets(draw: st.DrawFn, sizes: list[tuple[int, int]]) -> list[list[int]]:
    """Disjoint lists of cards, one per (min, max) size; card order is kept (for the deck)."""
    used: set[int] = set()
    out = []
    for lo, hi in sizes:
        cards = draw(st.lists(st.integers(0, 48).filter(lambda c: c not in used), min_size=lo, max_size=hi,
                              unique=True))
        used.update(cards)
        out.append(cards)
    return out


def _codes(cards: list[int]) -> list[str]:
    return [card_code(c) for c in sorted(cards, reverse=True)]


@st.composite
def leader_requests(draw: st.DrawFn, rule: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    players = draw(st.integers(2, 4))
    palettes = draw(_card_sets([(0, 12)] + [(1, 12)] * (players - 1)))
    out = sorted(draw(st.sets(st.integers(0, players - 1), max_size=players - 1)))
    return {"op": "leader", "rule": COLOUR_NAMES[rule], "palettes": [_codes(p) for p in palettes],
            "out": out, "ruleset": draw(rulesets(ruleset)).to_json()}


@st.composite
def qualifying_requests(draw: st.DrawFn, rule: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    (palette,) = draw(_card_sets([(0, 20)]))
    request = {"op": "qualifying", "rule": COLOUR_NAMES[rule], "palette": _codes(palette)}
    if ruleset is not None:
        request["ruleset"] = ruleset.to_json()
    return request


@st.composite
def positions(draw: st.DrawFn, rule: int, ruleset: Ruleset | None = None) -> Position:
    """A position of a round in play: 2-4 players, small hands, every Palette non-empty, the mover in."""
    players = draw(st.integers(2, 4))
    rs = draw(rulesets(ruleset))
    zones = draw(_card_sets([(0, 4)] * players + [(1, 4)] * players + [(0, 5)]))
    to_move = draw(st.integers(0, players - 1))
    out = draw(st.sets(st.integers(0, players - 1).filter(lambda i: i != to_move), max_size=players - 2))
    scores = tuple(draw(st.integers(0, 30)) for _ in range(players)) if rs.advanced else None
    return Position(rule, to_move, tuple(sum(1 << c for c in z) for z in zones[:players]),
                    tuple(sum(1 << c for c in z) for z in zones[players:2 * players]), sum(1 << i for i in out),
                    tuple(zones[-1]), rs, scores).validate()


@st.composite
def legal_moves_requests(draw: st.DrawFn, rule: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    pos = draw(positions(rule, ruleset))
    return {"op": "legal_moves", "position": position_to_json(pos), "ruleset": pos.ruleset.to_json()}


@st.composite
def apply_requests(draw: st.DrawFn, rule: int, ruleset: Ruleset | None = None) -> dict[str, Any]:
    pos = draw(positions(rule, ruleset))
    moves = [str(m) for m in red7.legal_moves(pos)]
    move = moves[draw(st.integers(0, len(moves) - 1))]
    return {"op": "apply", "position": position_to_json(pos), "move": move, "ruleset": pos.ruleset.to_json()}


STRATEGIES: dict[str, Callable[..., st.SearchStrategy[dict[str, Any]]]] = {
    "leader": leader_requests,
    "qualifying": qualifying_requests,
    "legal_moves": legal_moves_requests,
    "apply": apply_requests,
}


# -- search and shrink -----------------------------------------------------------------------

@dataclass
class Finding:
    """A request on which the engine disagrees with the model."""

    request: dict[str, Any]
    expected: dict[str, Any]
    got: dict[str, Any]
    difference: str


class _Stop(BaseException):
    """Carries an engine fault out through Hypothesis, which only catches Exception."""

    def __init__(self, fault: Exception) -> None:
        super().__init__(str(fault))
        self.fault = fault


class _Disagrees(Exception):
    pass


def probe(ask: Callable[[dict[str, Any]], dict[str, Any]], request: dict[str, Any]) -> Finding | None:
    """Ask the engine; a Finding if its answer differs from the model's."""
    expected = answer(request)
    got = ask(request)
    difference = compare(request, expected, got)
    return Finding(request, expected, got, difference) if difference else None


@dataclass
class Tally:
    run: int = 0
    passed: int = 0


def search(ask: Callable[[dict[str, Any]], dict[str, Any]], op: str, budget: int, seed: int,
           ruleset: Ruleset | None = None, tally: Tally | None = None) -> Finding | None:
    """About ``budget`` random requests of ``op`` (seeded), shared evenly by the seven rules so that
    none is starved; the smallest disagreement Hypothesis shrinks to, or None. Engine faults
    propagate as they are."""
    tally = tally if tally is not None else Tally()
    share = -(-budget // 7)
    for rule in range(7):
        finding = _search_rule(ask, op, rule, share, seed * 7 + rule, ruleset, tally)
        if finding:
            return finding
    return None


def _search_rule(ask: Callable[[dict[str, Any]], dict[str, Any]], op: str, rule: int, budget: int, seed: int,
                 ruleset: Ruleset | None, tally: Tally) -> Finding | None:
    found: list[Finding] = []

    @hypothesis_seed(seed)
    @settings(max_examples=budget, database=None, deadline=None, derandomize=False, verbosity=Verbosity.quiet,
              phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck), print_blob=False)
    @given(STRATEGIES[op](rule, ruleset))
    def run(request: dict[str, Any]) -> None:
        try:
            finding = probe(ask, request)
        except Exception as e:  # noqa: BLE001 - an engine fault ends the search at once
            raise _Stop(e) from None
        tally.run += 1
        if finding:
            found.append(finding)
            raise _Disagrees
        tally.passed += 1

    try:
        run()
    except _Stop as stop:
        raise stop.fault from None
    except _Disagrees:
        return found[-1]  # Hypothesis replays the smallest failing example last
    return None


def card_count(request: dict[str, Any]) -> int:
    """Cards named in a request (the size the shrinker reduces)."""
    return sum(len(cards) for _, cards in _card_lists(request))


def _card_lists(request: dict[str, Any]) -> Iterator[tuple[tuple, list[str]]]:
    """(path, list of card codes) for every card list of a request."""
    if "palettes" in request:
        for i, p in enumerate(request["palettes"]):
            yield ("palettes", i), p
    if "palette" in request:
        yield ("palette",), request["palette"]
    if "position" in request:
        for i, p in enumerate(request["position"]["players"]):
            yield ("position", "players", i, "hand"), p["hand"]
            yield ("position", "players", i, "palette"), p["palette"]
        yield ("position", "deck"), request["position"].get("deck", [])


def _without(request: dict[str, Any], path: tuple, k: int) -> dict[str, Any]:
    """A copy of ``request`` with card ``k`` of the list at ``path`` removed."""
    new = copy.deepcopy(request)
    node: Any = new
    for step in path[:-1]:
        node = node[step]
    cards = node[path[-1]]
    node[path[-1]] = cards[:k] + cards[k + 1:]
    return new


def _sound(request: dict[str, Any]) -> bool:
    """A request the shrinker may keep: a valid position whose in-play Palettes are not empty."""
    if "position" not in request:
        return True
    try:
        pos = position_from_json(request["position"])
    except red7.PositionError:
        return False
    return all(pos.palettes[i] for i in pos.in_play)


def minimise(ask: Callable[[dict[str, Any]], dict[str, Any]], finding: Finding) -> Finding:
    """Remove cards one at a time while the engine still disagrees (and an ``apply`` move stays
    legal), until no single card can be removed."""
    errors = "error" in finding.expected
    calls = 0
    changed = True
    while changed and calls < MAX_SHRINK_REQUESTS:
        changed = False
        for path, cards in list(_card_lists(finding.request)):
            for k in range(len(cards)):
                candidate = _without(finding.request, path, k)
                if not _sound(candidate) or ("error" in answer(candidate)) != errors:
                    continue
                calls += 1
                smaller = probe(ask, candidate)
                if smaller:
                    finding, changed = smaller, True
                    break
            if changed:
                break
    return finding
