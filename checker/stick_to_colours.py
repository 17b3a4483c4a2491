"""Stick to Colours conformance for the checker: named vectors (``score`` hard cases, ``legal_moves``,
``apply``) and the oracle (``expected``, ``compare``, ``reason``). Plain functions; the game-generic
checker (branch ``checker``) wraps them in its per-game plugin."""

from __future__ import annotations

import random
from typing import Any

from arbiter.model.stick_to_colours import (
    DEFAULT,
    Ruleset,
    apply,
    deal,
    legal_moves,
    position_from_json,
    position_to_json,
    protocol,
)
from arbiter.model.stick_to_colours.ruleset import SCORING_SWITCHES, SWITCHES

GAME = "stick-to-colours"
OPS = ("score", "legal_moves", "apply")

# (id, cards, ruleset switches, the clause that decides it)
SCORE_CASES: tuple[tuple[str, str, dict[str, Any], str], ...] = (
    ("run-with-joker", "R1 R2 R3 RJ", {}, "a joker takes any value 1-9 in its printed colour"),
    ("duplicates-two-runs", "R1 R2 R3 R3 R4 R5", {}, "duplicates split into runs in the best way"),
    ("duplicates-twin-runs", "R2 R3 R4 R2 R3 R4", {}, "each value once per run; two runs of 3"),
    ("duplicates-long-and-short", "G1 G2 G3 G4 G5 G6 G4 G5 G6", {}, "1-6 and 4-5-6: 9 points"),
    ("value-set-7-9", "R8 B8 G8", {}, "a value set of 7-9 scores 6"),
    ("value-set-1-6", "R4 B4 G4", {}, "a value set of 1-6 scores 3"),
    ("value-set-and-run", "R1 B1 G1 R2 R3", {}, "a card in one value set and one run at once"),
    ("three-jokers", "RJ BJ GJ", {}, "three jokers make a value set of 7s, 8s or 9s"),
    ("joker-doubles-a-value", "R7 RJ B7 G7 BJ GJ", {}, "two value sets of 7-9"),
    ("gap-breaks-run", "R1 R2 R4 R5", {}, "runs have consecutive values"),
    ("two-copies-not-a-run", "B5 B5 B6 B6", {}, "a run holds each value once"),
    ("empty", "", {}, "no cards, no points"),
    ("full-colour", "R1 R2 R3 R4 R5 R6 R7 R8 R9 RJ", {}, "one run of 10 with the joker"),
)


def _score_cases() -> list[tuple[str, str, dict[str, Any], str]]:
    cases = list(SCORE_CASES)
    witnesses = {"runs": "R1 R2 R4 R5", "sharing": "R1 B1 G1 R2 R3 R3 R4 R5", "joker_values": "RJ BJ GJ",
                 "run_split": "R1 R2 R3 R3 R4 R5"}
    for name in SCORING_SWITCHES:
        for value in SWITCHES[name][1:]:
            cases.append((f"switch-{name}-{value}", witnesses[name], {name: value}, f"reading {name}={value}"))
    return cases


def expected(request: dict[str, Any]) -> dict[str, Any]:
    """The model's answer to a request (without ``id``)."""
    got = protocol.handle({**request, "game": GAME})
    got.pop("id", None)
    return got


def reason(request: dict[str, Any]) -> str:
    return {"score": "the most points over every joker value and choice of sets (docs/rules-stick-to-colours.md)",
            "legal_moves": "every legal whole decision, each once, in canonical text",
            "apply": "the position after the decision"}.get(request.get("op"), "")


def compare(request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> str | None:
    """None when ``got`` agrees with ``want``: ``score`` by points (any optimal arrangement is right, if it
    is valid and worth the points), ``legal_moves`` as sets, ``apply`` by position."""
    if "error" in want:
        return None if "error" in got else "expected an error answer"
    if "error" in got:
        return f"error answer: {got['error']}"
    op = request["op"]
    if op == "score":
        if got.get("points") != want["points"]:
            return f"points {got.get('points')!r}, expected {want['points']}"
        return None
    if op == "legal_moves":
        extra, missing = set(got.get("moves", [])) - set(want["moves"]), set(want["moves"]) - set(got.get("moves", []))
        if extra or missing:
            return f"{len(missing)} legal moves missing (e.g. {sorted(missing)[:2]}), {len(extra)} extra"
        return None
    try:
        same = position_from_json(got.get("position")) == position_from_json(want["position"])
    except ValueError as e:
        return f"bad position: {e}"
    return None if same else "a different position"


def vectors() -> list[dict[str, Any]]:
    """Deterministic cases: ``{"id", "request", "expected", "rule"}``."""
    out = []
    for case_id, cards, switches, why in _score_cases():
        request = {"op": "score", "game": GAME, "cards": cards.split(),
                   "ruleset": DEFAULT.with_switches(**switches).to_json()}
        out.append({"id": f"score/{case_id}", "request": request, "expected": expected(request), "rule": why})
    rulesets = ["default", "default,bid=count", "default,raise_by=one", "default,pass_final=false",
                "default,who_bids=anyone", "default,two_player=no_bot", "default,market_clear=cumulative"]
    for ruleset in rulesets:
        rules = Ruleset.parse(ruleset)
        for players in (2, 3, 4):
            rng = random.Random(f"{ruleset}/{players}")
            pos = deal(players, rng.randrange(10**6), rules)
            for step in range(rng.randint(2, 12)):
                if pos.is_over:
                    break
                pos = apply(pos, rng.choice(legal_moves(pos)))
            base = {"game": GAME, "position": position_to_json(pos)}
            key = f"{ruleset.replace(',', '+')}/{players}p"
            request = {"op": "legal_moves", **base}
            out.append({"id": f"legal_moves/{key}", "request": request, "expected": expected(request),
                        "rule": reason(request)})
            if not pos.is_over:
                move = str(rng.choice(legal_moves(pos)))
                request = {"op": "apply", **base, "move": move}
                out.append({"id": f"apply/{key}", "request": request, "expected": expected(request),
                            "rule": reason(request)})
    return out
