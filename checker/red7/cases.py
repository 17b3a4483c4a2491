"""What makes a Red7 request reachable in a game, requests built from positions, and the
one-step-smaller requests the shrinker tries."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

from arbiter.model import red7
from arbiter.model.red7.cards import CardError, card_code, parse_card, parse_cards
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


# Under Basic a card reaches a Palette only from its owner's hand, which starts with 7 and never grows
# (no draw, no Action): a Palette holds at most its first card and those 7.
BASIC_PALETTE = 8


def _basic_bound(request: dict[str, Any], sizes: list[int]) -> str | None:
    from .oracle import ruleset_of  # the oracle builds on this module

    rs = ruleset_of(request)
    if rs.actions or rs.advanced or max(sizes, default=0) <= BASIC_PALETTE:
        return None
    return (f"a Palette of {max(sizes)} cards under {rs.preset} (without Actions or Advanced a Palette holds its "
            f"first card and at most the 7 of its owner's hand)")


def unreachable(request: dict[str, Any]) -> str | None:
    """Why no Red7 game produces this input (2-4 players, cards distinct, every player holding a
    Palette card, two players still in for a turn or a leader question), or None when one can."""
    op = request["op"]
    if op == "qualifying":
        if not request["palette"]:
            return f"an empty Palette ({EMPTY_WHY})"
        return _twice(request["palette"]) or _basic_bound(request, [len(request["palette"])])
    if op == "leader":
        palettes, out = request["palettes"], request.get("out", [])
        if not 2 <= len(palettes) <= 4:
            return f"{len(palettes)} players (a game has 2 to 4)"
        if len(set(out)) != len(out):
            return "a player listed twice as out"
        if len(out) >= len(palettes):
            return "every player out"
        if len(palettes) - len(out) < 2:
            return "fewer than two players still in (the round is over: nobody asks who is winning)"
        empty = [i for i, p in enumerate(palettes) if not p]
        if empty:
            return f"player {empty[0]} has an empty Palette ({EMPTY_WHY})"
        return _twice([c for p in palettes for c in p]) or _basic_bound(request, [len(p) for p in palettes])
    try:
        pos = position_from_json(request["position"])
    except red7.PositionError as e:
        return f"not a position: {e}"
    empty = [i for i in range(pos.players) if not pos.palettes[i]]
    if empty:
        return f"player {empty[0]} has an empty Palette ({EMPTY_WHY})"
    if len(pos.in_play) < 2:
        return "fewer than two players still in (the round is over)"
    if not pos.hands[pos.to_move]:
        return "the player to move has no hand card (such a player is out before their turn)"
    if not (pos.ruleset.actions or pos.ruleset.advanced):
        held = [(pos.hands[i] | pos.palettes[i]).bit_count() for i in range(pos.players)]
        if max(held) > BASIC_PALETTE:
            return (f"a player holding {max(held)} cards in hand and Palette under Basic (7 dealt to the hand and "
                    "one to the Palette, and no draw)")
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


# -- explaining and searching --------------------------------------------------------------------

def reruled(request: dict[str, Any], switches: dict[str, Any]) -> dict[str, Any] | None:
    """``request`` with ``switches`` set in its ruleset (a position's too); None if nothing changes."""
    from .oracle import ruleset_of  # the oracle builds on this module

    rs = position_from_json(request["position"]).ruleset if "position" in request else ruleset_of(request)
    other = rs.with_switches(**switches)
    if other == rs:
        return None
    new = copy.deepcopy(request)
    new["ruleset"] = other.to_json()
    if "position" in new:
        new["position"]["ruleset"] = other.to_json()
    return new


def traits(request: dict[str, Any]) -> list[str]:
    """What a request shows, in rule words (the conditions a finding is stated by)."""
    op = request["op"]
    if op == "qualifying":
        return [f"a Palette of {len(request['palette'])} card(s)"]
    if op == "leader":
        out = request.get("out", [])
        return [f"{len(request['palettes'])} players"] + (["a player is out"] if out else ["nobody is out"])
    pos = request["position"]
    out = sum(bool(p.get("out")) for p in pos["players"])
    return [f"{len(pos['players'])} players"] + (["a player is out"] if out else ["nobody is out"])


def shape(request: dict[str, Any]) -> tuple:
    """Players, cards each and players out (a second witness differs in one of them)."""
    if request["op"] == "qualifying":
        return (len(request["palette"]),)
    if request["op"] == "leader":
        return (len(request["palettes"]), tuple(len(p) for p in request["palettes"]), len(request.get("out", [])))
    pos = request["position"]
    return (len(pos["players"]), sum(bool(p.get("out")) for p in pos["players"]))


def variants(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The request with one card changed: to a lower number of its colour, then to its number in
    another colour (cards already in the request are not used twice)."""
    if request["op"] not in ("leader", "qualifying"):
        return
    lists = list(_card_lists(request))
    used = {c for _, cards in lists for c in cards}
    for path, cards in lists:
        for k, code in enumerate(cards):
            colour, number = code[0], int(code[1])
            near = [f"{colour}{n}" for n in range(number - 1, 0, -1)] + \
                   [f"{c}{number}" for c in "ROYGBIV" if c != colour]
            for other in near:
                if other in used:
                    continue
                new = copy.deepcopy(request)
                node: Any = new
                for step in path[:-1]:
                    node = node[step]
                node[path[-1]] = sorted(cards[:k] + [other] + cards[k + 1:], key=parse_card, reverse=True)
                yield new


def min_size(request: dict[str, Any]) -> int:
    """A leader question needs a card per player; a Palette one card; a position a Palette card each
    and a hand card to play (positions are not enumerated: a search there never claims the smallest)."""
    if request["op"] == "leader":
        return len(request["palettes"])
    if request["op"] == "qualifying":
        return 1
    return 2 * len(request["position"]["players"]) - 1  # a Palette card each and the mover's hand card


def enumerate_requests(request: dict[str, Any], size: int) -> Iterator[dict[str, Any]] | None:
    """Every leader question with the request's rule, ruleset, players and players out holding
    ``size`` cards in all (each Palette at least one), or every Palette of ``size`` cards for
    ``qualifying``; None for a position (too many to list)."""
    op = request["op"]
    if op == "qualifying":
        return ({**request, "palette": [card_code(c) for c in sorted(combo, reverse=True)]}
                for combo in itertools.combinations(range(49), size))
    if op != "leader":
        return None
    players = len(request["palettes"])

    def splits(n: int, parts: int) -> Iterator[tuple[int, ...]]:
        if parts == 1:
            yield (n,)
            return
        for first in range(1, n - parts + 2):
            for rest in splits(n - first, parts - 1):
                yield (first, *rest)

    def fill(sizes: tuple[int, ...], free: list[int]) -> Iterator[list[list[int]]]:
        if not sizes:
            yield []
            return
        for combo in itertools.combinations(free, sizes[0]):
            left = [c for c in free if c not in combo]
            for rest in fill(sizes[1:], left):
                yield [sorted(combo, reverse=True), *rest]

    def listing() -> Iterator[dict[str, Any]]:
        for sizes in splits(size, players):
            for palettes in fill(sizes, list(range(49))):
                yield {**request, "palettes": [[card_code(c) for c in p] for p in palettes]}
    return listing() if size >= players else iter(())
