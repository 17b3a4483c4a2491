"""The bridge plugin of the checker (``PLUGIN``): the ops ``trick``, ``legal_moves`` and ``apply``,
named and seeded cases (Law 44's trick winner at every strain, following suit, the lead passing to
the winner), reachable random requests, and shrinking a trick card by card."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

from arbiter.model.bridge import game as G
from arbiter.model.bridge.cards import STRAINS, card_code
from arbiter.model.bridge.game import Ruleset
from arbiter.model.bridge.notation import position_to_json

from ..listed import ListedPlugin
from ..plugin import Capabilities, Difference

GAME = "bridge"
SEED = 20261202

EDGES: list[tuple[str, str, list[str], str]] = [
    ("highest-of-the-suit-led", "NT", ["HK", "HA", "H2", "H3"], "Law 44F: no trump played, the highest card of the suit led"),
    ("a-discard-never-wins", "NT", ["H2", "SA", "DA", "CA"], "Law 44F: a card of another suit does not win at no trump"),
    ("a-trump-wins", "S", ["HA", "S2", "HK", "HQ"], "Law 44E: the highest trump wins a trick holding one"),
    ("highest-trump", "S", ["HA", "S2", "S3", "HQ"], "Law 44E: the highest trump wins a trick holding one"),
    ("trump-led", "H", ["H2", "HA", "SA", "H3"], "Law 44E: trumps led, the highest trump"),
    ("off-suit-not-trump", "D", ["C5", "SA", "HA", "C6"], "Law 44F: only trumps beat the suit led"),
    ("a-partial-trick", "C", ["S5", "C2"], "Law 44E: a trick so far, won by the trump"),
]
BAD = [
    ("unknown-card", {"op": "trick", "strain": "S", "cards": ["SA", "S1"]}),
    ("duplicate-card", {"op": "trick", "strain": "S", "cards": ["SA", "sa"]}),
    ("unknown-strain", {"op": "trick", "strain": "X", "cards": ["SA"]}),
]
RULE_OF_OP = {"trick": "trick winner", "legal_moves": "following suit", "apply": "a card's effects"}


def random_trick(rng: random.Random, size: int) -> dict[str, Any]:
    return {"game": GAME, "op": "trick", "strain": rng.choice(STRAINS),
            "cards": [card_code(c) for c in rng.sample(range(52), size)]}


def random_position(rng: random.Random) -> tuple[dict[str, Any], str]:
    """A position of a seeded play (random strain and declarer) and the card played there."""
    seed = rng.randrange(10**9)
    steps = list(G.random_game(4, seed, strain=rng.randrange(5), declarer=rng.choice([None, 0, 1, 2, 3])))
    before, what, _ = rng.choice(steps)
    return position_to_json(before), what


class Bridge(ListedPlugin):
    game = GAME
    ops = ("trick", "legal_moves", "apply")
    rule_of_op = RULE_OF_OP
    reasons: ClassVar[dict[str, str]] = {
        "trick": "Law 44E-F: the highest trump, else the highest card of the suit led",
        "legal_moves": "Law 44C-D: follow suit if able, else any card",
        "apply": "Law 44G: the winner of a trick leads to the next"}
    seats = "hands"
    ruleset_class = Ruleset
    descriptions: ClassVar[dict[str, str]] = {
        "edges": "one trick per clause of Law 44 at each strain", "random": "seeded tricks of 1-4 cards",
        "errors": "bad requests are error answers", "play": "positions of seeded card play"}

    def players_of(self, request: dict[str, Any]) -> int | None:
        return 4 if isinstance(request.get("position"), dict) else None

    def cases(self) -> Iterator[tuple[str, dict[str, Any], str]]:
        for name, strain, cards, why in EDGES:
            yield f"trick/edges/{name}", {"game": GAME, "op": "trick", "strain": strain, "cards": cards}, why
        rng = random.Random(SEED)
        for n in range(40):
            yield f"trick/random/{n}", random_trick(rng, rng.randint(1, 4)), self.reasons["trick"]
        for name, request in BAD:
            yield f"trick/errors/{name}", {"game": GAME, **request}, "bad requests are error answers"
        for strain in range(5):
            for k, (before, what, _) in enumerate(G.random_game(4, SEED + strain, strain=strain, declarer=strain % 4)):
                if k % 5:
                    continue
                base = {"game": GAME, "position": position_to_json(before)}
                yield f"legal_moves/play/{STRAINS[strain]}/{k}", {"op": "legal_moves", **base}, self.reasons["legal_moves"]
                yield f"apply/play/{STRAINS[strain]}/{k}", {"op": "apply", **base, "move": what}, self.reasons["apply"]

    def random_request(self, op: str, rng: random.Random, caps: Capabilities, ruleset: Any) -> dict[str, Any]:
        if op == "trick":
            return random_trick(rng, rng.randint(1, 4))
        pos, what = random_position(rng)
        return {"game": GAME, "op": op, "position": pos, **({"move": what} if op == "apply" else {})}

    def compare_answer(self, request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        if request["op"] == "trick":
            if got.get("winner") != want["winner"]:
                return Difference("winner differs", f"winner {got.get('winner')!r}, expected {want['winner']!r}")
            return None
        return None if got.get("position") == want["position"] else Difference("position differs",
                                                                                 "a different position after the card")

    def unreachable(self, request: dict[str, Any]) -> str | None:
        cards = request.get("cards")
        if request.get("op") == "trick" and isinstance(cards, list) and not 1 <= len(cards) <= 4:
            return f"a trick has one card per player (1-4 so far), not {len(cards)}"
        return None

    def smaller(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if request.get("op") == "trick" and len(request["cards"]) > 1:
            for k in range(1, len(request["cards"])):  # the lead stays: it names the suit led
                yield {**request, "cards": request["cards"][:k] + request["cards"][k + 1:]}

    def min_size(self, request: dict[str, Any]) -> int:
        return 1 if request.get("op") == "trick" else self.size(request)

    def shape(self, request: dict[str, Any]) -> tuple:
        if request.get("op") == "trick":
            return (len(request["cards"]), request["strain"])
        return super().shape(request)

    def size(self, request: dict[str, Any]) -> int:
        if request.get("op") == "trick":
            return len(request["cards"])
        pos = request["position"]
        return len(pos["deal"]) + len(pos.get("trick", []))

    def render(self, request: dict[str, Any]) -> list[str]:
        if request["op"] == "trick":
            return [f"trick at {request['strain']}: {' '.join(request['cards'])}"]
        pos = request["position"]
        lines = [(f"{request['op']}: {pos['deal']}, strain {pos['strain']}, leader {pos['leader']}, "
                  f"trick {' '.join(pos['trick']) or '-'}")]
        return lines + ([f"move {request['move']}"] if "move" in request else [])


PLUGIN = Bridge()
