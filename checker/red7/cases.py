"""What makes a Red7 request reachable in a game, requests built from positions, and the
one-step-smaller requests the shrinker tries."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from arbiter.model import red7
from arbiter.model.red7.cards import CardError, parse_cards
from arbiter.model.red7.game import Position
from arbiter.model.red7.notation import position_from_json, position_to_json

GAME = "red7"
# op -> the readings its answers depend on (GamePlugin.op_switches); legal_moves and apply read every one.
OP_SWITCHES: dict[str, tuple[str, ...]] = {"leader": ("nobody_qualifies", "tie_break", "out_palettes"),
                                           "qualifying": ()}


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


def position_request(op: str, pos: Position, move: str | None = None) -> dict[str, Any]:
    request = {"game": GAME, "op": op, "position": position_to_json(pos), "ruleset": pos.ruleset.to_json()}
    if move is not None:
        request["move"] = move
    return request


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
