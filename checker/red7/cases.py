"""Red7 random requests (Hypothesis strategies within an engine's capabilities), what makes a
request reachable in a game, and the one-step-smaller requests the shrinker tries."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from arbiter.model import red7
from arbiter.model.red7.cards import COLOUR_NAMES, CardError, card_code, parse_cards
from arbiter.model.red7.game import Position
from arbiter.model.red7.notation import position_from_json, position_to_json
from arbiter.model.red7.ruleset import PRESETS, Ruleset
from hypothesis import strategies as st

from ..plugin import Capabilities

GAME = "red7"


# -- reachability ----------------------------------------------------------------------------

# Every Palette starts with a card, action 1 never takes an opponent's only card, and a player out
# keeps theirs: no Palette of a game is ever empty.
EMPTY_WHY = "no Palette of a game is ever empty"


def unreachable(request: dict[str, Any]) -> str | None:
    """Why no Red7 game produces this input (2-4 players, cards distinct, every player holding a
    Palette card, two players still in for a turn), or None when one can."""
    op = request["op"]
    if op == "qualifying":
        return _twice(request["palette"]) if request["palette"] else f"an empty Palette ({EMPTY_WHY})"
    if op == "leader":
        palettes, out = request["palettes"], request.get("out", [])
        if not 2 <= len(palettes) <= 4:
            return f"{len(palettes)} players (a game has 2 to 4)"
        if len(set(out)) != len(out):
            return "a player listed twice as out"
        if len(out) >= len(palettes):
            return "every player out"
        empty = [i for i, p in enumerate(palettes) if not p]
        if empty:
            return f"player {empty[0]} has an empty Palette ({EMPTY_WHY})"
        return _twice([c for p in palettes for c in p])
    try:
        pos = position_from_json(request["position"])
    except red7.PositionError as e:
        return f"not a position: {e}"
    empty = [i for i in range(pos.players) if not pos.palettes[i]]
    if empty:
        return f"player {empty[0]} has an empty Palette ({EMPTY_WHY})"
    if len(pos.in_play) < 2:
        return "fewer than two players still in (the round is over)"
    return None


def _twice(cards: list[str]) -> str | None:
    try:
        mask = parse_cards(cards)
    except CardError as e:
        return f"a card given twice ({e})"
    return None if mask.bit_count() == len(cards) else "a card given twice"


# -- strategies ------------------------------------------------------------------------------

LEADER_SWITCHES = ("nobody_qualifies",)  # the only reading a leader question depends on


def rulesets(caps: Capabilities, fixed: Any = None, only: tuple[str, ...] | None = None) -> st.SearchStrategy[Ruleset]:
    """``fixed`` alone, or any preset of ``caps`` with any of its declared switch values (of the
    switches ``only`` names, when given)."""
    if fixed is not None:
        return st.just(Ruleset.from_json(fixed))
    readings = {name: st.sampled_from(values) for name, values in caps.switches.items()
                if name not in ("actions", "advanced") and len(values) > 1 and (only is None or name in only)}
    return st.builds(lambda base, sw: base.with_switches(**sw), st.sampled_from([PRESETS[p] for p in caps.presets]),
                     st.fixed_dictionaries({}, optional=readings))


@st.composite
def _card_sets(draw: st.DrawFn, sizes: list[tuple[int, int]]) -> list[list[int]]:
    """Disjoint lists of cards, one per (min, max) size, cut from one shuffle of the deck (rejecting
    cards already used is much slower); card order is kept (for the deck)."""
    counts = [draw(st.integers(lo, hi)) for lo, hi in sizes]
    deck = draw(st.permutations(range(49)))
    out, k = [], 0
    for n in counts:
        out.append(list(deck[k:k + n]))
        k += n
    return out


def _codes(cards: list[int]) -> list[str]:
    return [card_code(c) for c in sorted(cards, reverse=True)]


@st.composite
def leader_requests(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None,
                    edge_cases: bool = False) -> dict[str, Any]:
    players = draw(st.sampled_from(caps.players))
    out = sorted(draw(st.sets(st.integers(0, players - 1), max_size=players - 1)))
    palettes = draw(_card_sets([(0 if edge_cases else 1, 12)] * players))
    return {"game": GAME, "op": "leader", "rule": COLOUR_NAMES[rule], "palettes": [_codes(p) for p in palettes],
            "out": out, "ruleset": draw(rulesets(caps, fixed, LEADER_SWITCHES)).to_json()}


@st.composite
def qualifying_requests(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None,
                        edge_cases: bool = False) -> dict[str, Any]:
    (palette,) = draw(_card_sets([(0 if edge_cases else 1, 20)]))
    request = {"game": GAME, "op": "qualifying", "rule": COLOUR_NAMES[rule], "palette": _codes(palette)}
    if fixed is not None:
        request["ruleset"] = Ruleset.from_json(fixed).to_json()
    return request


@st.composite
def positions(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None) -> Position:
    """A position of a round in play: small hands, every Palette non-empty, two or more players in."""
    players = draw(st.sampled_from(caps.players))
    rs = draw(rulesets(caps, fixed))
    zones = draw(_card_sets([(0, 4)] * players + [(1, 4)] * players + [(0, 5)]))
    to_move = draw(st.integers(0, players - 1))
    out = draw(st.sets(st.integers(0, players - 1).filter(lambda i: i != to_move), max_size=players - 2))
    scores = tuple(draw(st.integers(0, 30)) for _ in range(players)) if rs.advanced else None
    return Position(rule, to_move, tuple(sum(1 << c for c in z) for z in zones[:players]),
                    tuple(sum(1 << c for c in z) for z in zones[players:2 * players]), sum(1 << i for i in out),
                    tuple(zones[-1]), rs, scores).validate()


def position_request(op: str, pos: Position, move: str | None = None) -> dict[str, Any]:
    request = {"game": GAME, "op": op, "position": position_to_json(pos), "ruleset": pos.ruleset.to_json()}
    if move is not None:
        request["move"] = move
    return request


@st.composite
def legal_moves_requests(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None,
                         edge_cases: bool = False) -> dict[str, Any]:
    return position_request("legal_moves", draw(positions(rule, caps, fixed)))


@st.composite
def apply_requests(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None,
                   edge_cases: bool = False) -> dict[str, Any]:
    pos = draw(positions(rule, caps, fixed))
    moves = [str(m) for m in red7.legal_moves(pos)]
    return position_request("apply", pos, moves[draw(st.integers(0, len(moves) - 1))])


STRATEGIES: dict[str, Callable[..., st.SearchStrategy[dict[str, Any]]]] = {
    "leader": leader_requests,
    "qualifying": qualifying_requests,
    "legal_moves": legal_moves_requests,
    "apply": apply_requests,
}


# -- shrinking -------------------------------------------------------------------------------

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
            for zone in ("hand", "palette"):
                if isinstance(p.get(zone), list):
                    yield ("position", "players", i, zone), p[zone]
        if isinstance(request["position"].get("deck"), list):
            yield ("position", "deck"), request["position"]["deck"]


def _without(request: dict[str, Any], path: tuple, k: int) -> dict[str, Any]:
    """A copy of ``request`` with card ``k`` of the list at ``path`` removed."""
    new = copy.deepcopy(request)
    node: Any = new
    for step in path[:-1]:
        node = node[step]
    cards = node[path[-1]]
    node[path[-1]] = cards[:k] + cards[k + 1:]
    return new


def smaller(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A player fewer (``leader``), then a card fewer, in every way."""
    if request["op"] == "leader" and len(request["palettes"]) > 2:
        for i in range(len(request["palettes"])):
            new = copy.deepcopy(request)
            del new["palettes"][i]
            new["out"] = [j - (j > i) for j in request.get("out", []) if j != i]
            yield new
    for path, cards in list(_card_lists(request)):
        for k in range(len(cards)):
            yield _without(request, path, k)
