"""Realms conformance cases and oracle for the checker: ``vectors()`` lists the cases (protocol
requests with the model's answers and the rule that decides each), ``expected(request)`` is the
model's answer, ``compare`` names how an engine's answer differs. The game-generic checker (branch
``checker``) wires these into its per-game plugin."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from arbiter.model.realms import cards as C
from arbiter.model.realms import game as G
from arbiter.model.realms.notation import position_to_json
from arbiter.model.realms.protocol import handle
from arbiter.model.realms.ruleset import DEFAULT, TRICK_SWITCHES, readings

GAME = "realms"
OPS = ("trick", "legal_moves", "apply")
SEED = 20261201

EXAMPLES = [["R5", "B5"], ["YDr", "GDr"], ["YDr", "RDr", "R5", "B5"]]
EDGES: list[tuple[str, list[str], str]] = [
    ("phoenix-beats-a-later-match", ["R5", "PHX", "B5"], "Phoenix: no card defeats it"),
    ("giant-flips-within-its-realm", ["R5", "GNT", "Y3"], "Giant flips the marker within its realm"),
    ("giant-beats-a-match", ["R5", "GNT", "B5"], "Timing Rule: unless beaten by a higher Special"),
    ("warlock-third", ["WLK", "GNT", "R9"], "Giant is second to the Phoenix, the Warlock third"),
    ("cyclone-leads-next", ["R5", "CYC=green", "G2"], "Cyclone: you lead the next trick"),
    ("cyclone-to-an-absent-colour", ["R5", "Y7", "CYC=blue"], "no match, no Special, no ruling card: nobody"),
    ("tree-cannot-win", ["TRE", "R2"], "Tree cannot win a trick"),
    ("special-lead-keeps-the-marker", ["TRE", "Y2", "R2"], "a Special has no colour: the marker stays"),
    ("purple-lead-nominates", ["P3=green", "G2", "R9"], "Leading Purple: the leader nominates a colour"),
    ("purple-matches-a-number", ["P3=green", "R3"], "Purple numbers sit in normal numeric rank"),
    ("following-purple-ruling-number", ["R1", "P2"], "a following Purple counts as the ruling colour's number"),
    ("realm-matches-realm", ["RRe", "BRe"], "Override: the same picture type"),
    ("later-match-beats-earlier", ["R5", "B5", "Y5"], "Timing Rule: the last valid colour match wins"),
    ("match-below-ruling-troll", ["R5", "B5", "BTr", "R9"], "Match Rank Nuance: a matched Number below a Troll"),
]


def expected(request: dict[str, Any]) -> dict[str, Any]:
    """The model's answer to a Realms request (without ``id``); an error answer for a bad one."""
    answer = handle({**request, "game": GAME})
    answer.pop("id", None)
    return answer


def compare(request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> str | None:
    """None when ``got`` agrees; otherwise a short, stable kind of difference."""
    if "error" in want:
        return None if "error" in got else "accepted_bad_request"
    if "error" in got:
        return "refused_good_request"
    if request["op"] == "trick":
        for key in ("winner", "ruling", "leads_next"):
            if got.get(key) != want[key]:
                return f"trick_{key}"
        return None
    if request["op"] == "legal_moves":
        if not isinstance(got.get("moves"), list):
            return "moves_not_a_list"
        return None if sorted(got["moves"]) == sorted(want["moves"]) else "legal_moves_differ"
    return None if got.get("position") == want["position"] else "position_differs"


def _case(case_id: str, request: dict[str, Any], why: str) -> dict[str, Any]:
    request = {"game": GAME, **request}
    return {"id": case_id, "request": request, "expected": expected(request), "why": why}


def _trick(ruling: str, cards: list[str], ruleset) -> dict[str, Any]:
    req: dict[str, Any] = {"op": "trick", "ruling": ruling, "cards": cards}
    if ruleset != DEFAULT:
        req["ruleset"] = ruleset.to_json()
    return req


def _trick_cases() -> Iterator[dict[str, Any]]:
    for ruleset in readings(TRICK_SWITCHES):
        tag = str(ruleset).replace(",", "+")
        for k, cards in enumerate(EXAMPLES, 1):
            yield _case(f"trick/{tag}/example-{k}", _trick("green", cards, ruleset), "the rulebook's Examples")
        for name, cards, why in EDGES:
            yield _case(f"trick/{tag}/{name}", _trick("red", cards, ruleset), why)
    rng = random.Random(SEED)
    codes = [C.card_code(c) for c in range(C.DECK_SIZE)]
    for n in range(60):
        ruleset = rng.choice(readings(TRICK_SWITCHES))
        cards = rng.sample(codes, rng.randint(2, 6))
        cards = [c + (f"={rng.choice(C.COLOUR_NAMES)}" if c == "CYC" or (k == 0 and c.startswith("P")) else "")
                 for k, c in enumerate(cards)]
        yield _case(f"trick/random-{n}", _trick(rng.choice(C.COLOUR_NAMES), cards, ruleset),
                    "Colour Match Override, Timing Rule, Specials, Purple wilds")


def _game_cases() -> Iterator[dict[str, Any]]:
    """legal_moves (following) and apply at positions of seeded games, every 7th move."""
    for players, ruleset in itertools.product((2, 4, 6), readings(("follow_colour", "match_follow", "specials_follow",
                                                                   "troll_bullets", "realm_follow"))):
        tag = str(ruleset).replace(",", "+")
        for k, (before, what, _) in enumerate(G.random_game(players, SEED + players, ruleset)):
            if k % 7 or before.to_move is None:
                continue
            pos = position_to_json(before)
            yield _case(f"legal_moves/{tag}/{players}p/{k}", {"op": "legal_moves", "position": pos},
                        "Follow: players must follow the ruling colour if able")
            yield _case(f"apply/{tag}/{players}p/{k}", {"op": "apply", "position": pos, "move": what},
                        "the move's effects, the trick's end, the Draw Phase")
            if k > 140:
                break


BAD = [
    ("unknown-card", {"op": "trick", "ruling": "red", "cards": ["R5", "Q5"]}),
    ("duplicate-card", {"op": "trick", "ruling": "red", "cards": ["R5", "R5"]}),
    ("unknown-colour", {"op": "trick", "ruling": "purple", "cards": ["R5"]}),
    ("missing-choice", {"op": "trick", "ruling": "red", "cards": ["P3", "R5"]}),
    ("choice-not-allowed", {"op": "trick", "ruling": "red", "cards": ["R5", "B5=red"]}),
]


def vectors() -> list[dict[str, Any]]:
    """Every Realms conformance case, deterministic."""
    out = list(_trick_cases()) + list(_game_cases())
    out += [_case(f"errors/{name}", req, "bad requests are error answers") for name, req in BAD]
    return out


def describe(case: dict[str, Any]) -> str:
    """A case in a few words for people."""
    req = case["request"]
    if req["op"] == "trick":
        return f"trick from {req['ruling']}: {' '.join(req['cards'])}"
    trick = req["position"]["trick"]
    return f"{req['op']} with trick {' '.join(trick) or '-'}" + (f", move {req['move']}" if "move" in req else "")


__all__ = ["GAME", "OPS", "compare", "describe", "expected", "vectors"]
