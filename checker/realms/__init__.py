"""The Realms plugin of the checker (``PLUGIN``): the ops ``trick``, ``legal_moves`` and ``apply``,
named and seeded cases, reachable random requests, and shrinking a trick card by card."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any, ClassVar

from arbiter.model.realms import cards as C
from arbiter.model.realms import game as G
from arbiter.model.realms.game import MAX_PLAYERS, MIN_PLAYERS
from arbiter.model.realms.notation import position_to_json
from arbiter.model.realms.ruleset import INFO, TRICK_SWITCHES, Ruleset, readings

from ..listed import ListedPlugin, ruleset_field
from ..plugin import Capabilities, Difference

GAME = "realms"
SEED = 20261201
FOLLOW_SWITCHES = ("follow_colour", "match_follow", "specials_follow", "troll_bullets", "realm_follow", "purple_follows",
                   "special_lead", "nominated_links")

EXAMPLES = [["R5", "B5"], ["YDr", "GDr"], ["YDr", "RDr", "R5", "B5"]]
EDGES: list[tuple[str, list[str], str]] = [
    ("phoenix-beats-a-later-match", ["R5", "PHX", "B5"], "Phoenix: no card defeats it"),
    ("giant-flips-within-its-realm", ["R5", "GNT", "Y3"], "Giant flips the marker within its realm"),
    ("giant-beats-a-match", ["R5", "GNT", "B5"], "Timing Rule: unless beaten by a higher Special"),
    ("warlock-third", ["WLK", "GNT", "R9"], "Giant is second to the Phoenix, the Warlock third"),
    ("cyclone-leads-next", ["R5", "CYC=green", "G2"], "Cyclone: you lead the next trick"),
    ("cyclone-to-an-absent-colour", ["R5", "Y7", "CYC=blue"], "no match, no Special, no ruling card: nobody"),
    ("cyclone-alone-cannot-win", ["CYC=green", "R2"], "Cyclone cannot win a trick"),
    ("tree-cannot-win", ["TRE", "R2"], "Tree cannot win a trick"),
    ("special-lead-keeps-the-marker", ["TRE", "Y2", "R2"], "a Special has no colour: the marker stays"),
    ("purple-lead-nominates", ["P3=green", "G2", "R9"], "Leading Purple: the leader nominates a colour"),
    ("purple-nominates-another-colour", ["P3=yellow", "R9", "Y2"], "Leading Purple: the leader nominates a colour"),
    ("purple-matches-a-number", ["P3=green", "R3"], "Purple numbers sit in normal numeric rank"),
    ("following-purple-ruling-number", ["R1", "P2"], "a following Purple counts as the ruling colour's number"),
    ("realm-matches-realm", ["RRe", "BRe"], "Override: the same picture type"),
    ("later-match-beats-earlier", ["R5", "B5", "Y5"], "Timing Rule: the last valid colour match wins"),
    ("match-of-the-ruling-colour", ["R9", "B7", "R7"], "Override: a match that does not shift the colour"),
    ("match-below-ruling-troll", ["R5", "B5", "BTr", "R9"], "Match Rank Nuance: a matched Number below a Troll"),
    ("match-after-the-warlock", ["R5", "WLK", "B5"], "Timing Rule: a later valid match against a Special"),
    ("purple-after-a-cyclone", ["R5", "P4", "CYC=blue"], "Purple: the highest number of the ruling colour at resolution"),
    ("purple-level-with-a-number", ["P3=red", "R3"], "Purple numbers sit in normal numeric rank"),
    ("tree-led-then-two-colours", ["TRE", "B5", "R9"], "Lead: that card's colour sets the ruling colour"),
    ("matched-sorcerer-left-behind", ["Y1", "BSo", "YSo", "R1"], "Match Rank Nuance: a matched picture"),
    ("giant-after-a-nomination", ["P2=red", "GNT", "R9"], "Realm links are ignored for Purple nominations"),
    ("realm-of-the-partner-colour", ["Y2", "YDr", "RRe"], "Realm cards are the highest picture within their realm"),
]
BAD = [
    ("unknown-card", {"op": "trick", "ruling": "red", "cards": ["R5", "Q5"]}),
    ("duplicate-card", {"op": "trick", "ruling": "red", "cards": ["R5", "R5"]}),
    ("unknown-colour", {"op": "trick", "ruling": "purple", "cards": ["R5", "B5"]}),
    ("missing-choice", {"op": "trick", "ruling": "red", "cards": ["P3", "R5"]}),
    ("choice-not-allowed", {"op": "trick", "ruling": "red", "cards": ["R5", "B5=red"]}),
]
RULE_OF_OP = {"trick": "trick resolution", "legal_moves": "following", "apply": "a move's effects"}


def random_trick(rng: random.Random, ruleset: Ruleset, size: int) -> dict[str, Any]:
    """A trick of ``size`` distinct cards; a leading Purple nominates, a Cyclone names a colour."""
    codes = rng.sample([C.card_code(c) for c in range(C.DECK_SIZE)], size)
    cards = [c + (f"={rng.choice(C.COLOUR_NAMES)}" if c == "CYC" or (k == 0 and c.startswith("P")) else "")
             for k, c in enumerate(codes)]
    return {"game": GAME, "op": "trick", "ruling": rng.choice(C.COLOUR_NAMES), "cards": cards,
            **ruleset_field(ruleset)}


def random_position(rng: random.Random, players: int, ruleset: Ruleset) -> tuple[dict[str, Any], str]:
    """A position of a seeded game with a player to move, and the move played there."""
    steps = [(before, what) for before, what, _ in G.random_game(players, rng.randrange(10**9), ruleset)
             if before.to_move is not None]
    before, what = rng.choice(steps)
    return position_to_json(before), what


class Realms(ListedPlugin):
    game = GAME
    ops = ("trick", "legal_moves", "apply")
    rule_of_op = RULE_OF_OP
    reasons: ClassVar[dict[str, str]] = {
        "trick": "Colour Match Override, Timing Rule, Specials and Purple wilds decide the winner",
        "legal_moves": "Follow: players must follow the ruling colour if able",
        "apply": "the move's effects, the trick's end, the Draw Phase"}
    seats = "hands"
    ruleset_class = Ruleset
    switch_info = INFO
    op_switches: ClassVar[dict[str, tuple[str, ...]]] = {"trick": TRICK_SWITCHES}
    descriptions: ClassVar[dict[str, str]] = {"examples": "the rulebook's Examples under every trick reading",
                    "edges": "one trick per rule clause (Specials, Purple, Timing, Nuance) under every trick reading",
                    "random": "seeded tricks of 2-6 cards", "errors": "bad requests are error answers"}

    def cases(self) -> Iterator[tuple[str, dict[str, Any], str]]:
        for ruleset in readings(TRICK_SWITCHES):
            tag = str(ruleset).replace(",", "+")
            for k, cards in enumerate(EXAMPLES, 1):
                yield (f"trick/examples/{tag}/{k}", self._trick("green", cards, ruleset), "the rulebook's Examples")
            for name, cards, why in EDGES:
                yield f"trick/edges/{tag}/{name}", self._trick("red", cards, ruleset), why
        rng = random.Random(SEED)
        for n in range(60):
            ruleset = rng.choice(readings(TRICK_SWITCHES))
            yield (f"trick/random/{n}", random_trick(rng, ruleset, rng.randint(2, MAX_PLAYERS)),
                   "Colour Match Override, Timing Rule, Specials, Purple wilds")
        for name, request in BAD:
            yield f"trick/errors/{name}", {"game": GAME, **request}, "bad requests are error answers"
        for players, ruleset in itertools.product((2, 4, 6), readings(FOLLOW_SWITCHES)):
            tag = str(ruleset).replace(",", "+")
            for k, (before, what, _) in enumerate(G.random_game(players, SEED + players, ruleset)):
                if k > 140:
                    break
                if k % 7 or before.to_move is None:
                    continue
                base = {"game": GAME, "position": position_to_json(before)}
                yield (f"legal_moves/{players}p/{tag}/{k}", {"op": "legal_moves", **base},
                       "Follow: players must follow the ruling colour if able")
                yield (f"apply/{players}p/{tag}/{k}", {"op": "apply", **base, "move": what},
                       "the move's effects, the trick's end, the Draw Phase")

    @staticmethod
    def _trick(ruling: str, cards: list[str], ruleset: Ruleset) -> dict[str, Any]:
        return {"game": GAME, "op": "trick", "ruling": ruling, "cards": cards, **ruleset_field(ruleset)}

    def random_request(self, op: str, rng: random.Random, caps: Capabilities, ruleset: Any) -> dict[str, Any]:
        rs = self.random_ruleset(rng, caps, ruleset, op)
        players = rng.choice(caps.players)
        if op == "trick":
            return random_trick(rng, rs, players)
        pos, what = random_position(rng, players, rs)
        return {"game": GAME, "op": op, "position": pos, **({"move": what} if op == "apply" else {})}

    def compare_answer(self, request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        if request["op"] == "trick":
            for key in ("winner", "ruling", "leads_next"):
                if got.get(key) != want[key]:
                    return Difference(f"{key} differs", f"{key} {got.get(key)!r}, expected {want[key]!r}")
            return None
        return None if got.get("position") == want["position"] else Difference("position differs",
                                                                                 "a different position after the move")

    def unreachable(self, request: dict[str, Any]) -> str | None:
        cards = request.get("cards")
        if request.get("op") == "trick" and isinstance(cards, list) and not MIN_PLAYERS <= len(cards) <= MAX_PLAYERS:
            return f"a trick has one card per player ({MIN_PLAYERS}-{MAX_PLAYERS}), not {len(cards)}"
        return None

    def smaller(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if request.get("op") == "trick" and len(request["cards"]) > MIN_PLAYERS:
            for k in range(len(request["cards"])):
                yield {**request, "cards": request["cards"][:k] + request["cards"][k + 1:]}

    def size(self, request: dict[str, Any]) -> int:
        if request.get("op") == "trick":
            return len(request["cards"])
        pos = request["position"]
        return sum(len(h) for h in pos["hands"]) + len(pos.get("trick", []))

    def min_size(self, request: dict[str, Any]) -> int:
        return MIN_PLAYERS if request.get("op") == "trick" else self.size(request)

    def shape(self, request: dict[str, Any]) -> tuple:
        if request.get("op") == "trick":
            return (len(request["cards"]), request["ruling"])
        return super().shape(request)

    def render(self, request: dict[str, Any]) -> list[str]:
        rs = str(self._ruleset(request))
        if request["op"] == "trick":
            return [f"trick from {request['ruling']}: {' '.join(request['cards'])}", f"ruleset {rs}"]
        pos = request["position"]
        trick = " ".join(pos["trick"]) or "-"
        lines = [f"{request['op']}: {len(pos['hands'])} players, trick {trick}, ruling {pos.get('ruling')}",
                 f"ruleset {rs}"]
        return lines + ([f"move {request['move']}"] if "move" in request else [])


PLUGIN = Realms()
