"""Red7 random requests: Hypothesis strategies of reachable requests (unless edge cases are asked
for) within an engine's capabilities. Imported only by a check that runs random cases."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.model import red7
from arbiter.model.red7.cards import COLOUR_NAMES, card_code
from arbiter.model.red7.game import Position
from arbiter.model.red7.ruleset import PRESETS, Ruleset
from hypothesis import strategies as st

from ..plugin import Capabilities
from .cases import BASIC_PALETTE, GAME, OP_SWITCHES, position_request


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
    out = sorted(draw(st.sets(st.integers(0, players - 1), max_size=players - 2)))  # two players still in
    rs = draw(rulesets(caps, fixed, OP_SWITCHES["leader"]))
    palettes = draw(_card_sets([(0 if edge_cases else 1, _largest(rs, 12))] * players))
    return {"game": GAME, "op": "leader", "rule": COLOUR_NAMES[rule], "palettes": [_codes(p) for p in palettes],
            "out": out, "ruleset": rs.to_json()}


def _largest(rs: Ruleset, otherwise: int) -> int:
    """The largest Palette drawn: one a game under ``rs`` reaches (at most 8 cards under Basic)."""
    return otherwise if rs.actions or rs.advanced else BASIC_PALETTE


@st.composite
def qualifying_requests(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None,
                        edge_cases: bool = False) -> dict[str, Any]:
    # a qualifying answer reads no switch: the preset only says how large a Palette a game can reach
    rs = draw(rulesets(caps, fixed, ()))
    (palette,) = draw(_card_sets([(0 if edge_cases else 1, _largest(rs, 20))]))
    request = {"game": GAME, "op": "qualifying", "rule": COLOUR_NAMES[rule], "palette": _codes(palette)}
    if fixed is not None or rs.preset != "basic":
        request["ruleset"] = rs.to_json()
    return request


@st.composite
def positions(draw: st.DrawFn, rule: int, caps: Capabilities, fixed: Any = None) -> Position:
    """A position of a round in play: small hands (the mover's not empty), every Palette non-empty,
    two or more players in."""
    players = draw(st.sampled_from(caps.players))
    rs = draw(rulesets(caps, fixed))
    to_move = draw(st.integers(0, players - 1))  # holding a hand card: one without is out before their turn
    zones = draw(_card_sets([(int(i == to_move), 4) for i in range(players)] + [(1, 4)] * players + [(0, 5)]))
    out = draw(st.sets(st.integers(0, players - 1).filter(lambda i: i != to_move), max_size=players - 2))
    scores = tuple(draw(st.integers(0, 30)) for _ in range(players)) if rs.advanced else None
    return Position(rule, to_move, tuple(sum(1 << c for c in z) for z in zones[:players]),
                    tuple(sum(1 << c for c in z) for z in zones[players:2 * players]), sum(1 << i for i in out),
                    tuple(zones[-1]), rs, scores).validate()


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
