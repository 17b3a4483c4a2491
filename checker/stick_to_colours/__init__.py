"""The Stick to Colours plugin of the checker (``PLUGIN``): the ops ``score``, ``legal_moves`` and
``apply``, the named hard scoring cases and every scoring switch, seeded auction positions, and
shrinking a collection card by card."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from arbiter.model.stick_to_colours import (
    DEFAULT,
    Ruleset,
    apply,
    deal,
    legal_moves,
    position_from_json,
    position_to_json,
)
from arbiter.model.stick_to_colours.cards import card_code, cards_of, is_joker, parse_card
from arbiter.model.stick_to_colours.game import deck_counts, unrecorded
from arbiter.model.stick_to_colours.ruleset import SCORING_SWITCHES, SWITCH_META, SWITCHES

from ..listed import ListedPlugin
from ..plugin import Capabilities, Difference

GAME = "stick-to-colours"

# (id, cards, ruleset switches, the clause that decides it)
SCORE_CASES: tuple[tuple[str, str, dict[str, Any], str], ...] = (
    ("run-with-joker", "R1 R2 R3 RJ", {}, "a joker takes any value 1-9 in its printed colour"),
    ("duplicates-two-runs", "R1 R2 R3 R3 R4 R5", {}, "duplicates split into runs in the best way"),
    ("duplicates-twin-runs", "R2 R3 R4 R2 R3 R4", {}, "each value once per run; two runs of 3"),
    ("duplicates-long-and-short", "G1 G2 G3 G4 G5 G6 G4 G5 G6", {}, "1-6 and 4-5-6: 9 points"),
    ("duplicates-uneven-split", "B1 B2 B3 B4 B2 B3 B4 B5", {}, "duplicates split into runs in the best way"),
    ("value-set-7-9", "R8 B8 G8", {}, "a value set of 7-9 scores 6"),
    ("value-set-1-6", "R4 B4 G4", {}, "a value set of 1-6 scores 3"),
    ("value-set-and-run", "R1 B1 G1 R2 R3", {}, "a card in one value set and one run at once"),
    ("three-jokers", "RJ BJ GJ", {}, "three jokers make a value set of 7s, 8s or 9s"),
    ("joker-as-7-9", "R7 RJ B7", {}, "a joker takes any value 1-9: a set of 7s"),
    ("joker-as-9-in-a-run", "G7 G8 GJ", {}, "a joker takes any value 1-9: it ends a run at 9"),
    ("joker-doubles-a-value", "R7 RJ B7 G7 BJ GJ", {}, "two value sets of 7-9"),
    ("gap-breaks-run", "R1 R2 R4 R5", {}, "runs have consecutive values"),
    ("two-copies-not-a-run", "B5 B5 B6 B6", {}, "a run holds each value once"),
    ("empty", "", {}, "no cards, no points"),
    ("copies-two-value-sets", "R5 R5 B5 G5", {"value_copies": "every_set"},
     "6 points: two value sets, one per copy of the Red 5"),
    ("joker-second-7", "R7 RJ B7 G7", {"value_copies": "every_set"},
     "12 points: the joker a second Red 7, two value sets of 7s"),
    ("joker-second-7-within-deck", "R7 RJ B7 G7", {"value_copies": "every_set", "joker_copies": "within_deck"},
     "6 points: the deck has one Red 7, so the joker cannot be another"),
    ("full-colour", "R1 R2 R3 R4 R5 R6 R7 R8 R9 RJ", {},
     "10 points: three runs, 3 + 4 + 3, the joker a second 3 (one run of 1-9 scores 9)"),
)
# a collection on which each scoring switch value changes the points
SWITCH_WITNESSES = {"runs": "R1 R2 R4 R5", "sharing": "R1 B1 G1 R2 R3 R3 R4 R5", "joker_values": "RJ BJ GJ",
                    "run_split": "R1 R2 R3 R3 R4 R5", "value_copies": "R5 R5 B5 G5",
                    "joker_copies": "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R8 R9 RJ"}
AUCTION_RULESETS = ("default", "default,bid=count", "default,raise_by=one", "default,pass_final=false",
                    "default,who_bids=anyone", "default,two_player=no_bot", "default,market_clear=cumulative")
RULE_OF_OP = {"score": "scoring", "legal_moves": "auction choices", "apply": "auction effects"}


def _score(cards: list[str], ruleset: Ruleset) -> dict[str, Any]:
    return {"game": GAME, "op": "score", "cards": cards, "ruleset": ruleset.to_json()}


def random_position(rng: random.Random, players: int, ruleset: Ruleset) -> Any:
    """The position of a dealt game after 0-12 random moves (it may be over)."""
    pos = deal(players, rng.randrange(10**6), ruleset)
    for _ in range(rng.randint(0, 12)):
        if pos.is_over:
            break
        pos = apply(pos, rng.choice(legal_moves(pos)))
    return pos


class StickToColours(ListedPlugin):
    game = GAME
    ops = ("score", "legal_moves", "apply")
    rule_of_op = RULE_OF_OP
    reasons: ClassVar[dict[str, str]] = {"score": "the most points over every joker value and choice of sets",
                                         "legal_moves": "every legal whole decision of the auction, each once",
                                         "apply": "the position after the decision"}
    ruleset_class = Ruleset
    switch_info = SWITCH_META
    op_switches: ClassVar[dict[str, tuple[str, ...]]] = {"score": (*SCORING_SWITCHES, "deck")}  # deck: which cards exist
    descriptions: ClassVar[dict[str, str]] = {"hard-cases": "collections whose best split is easy to get wrong (duplicates, jokers, sets)",
                    "switches": "every scoring switch value on a collection where it changes the points"}

    def cases(self) -> Iterator[tuple[str, dict[str, Any], str]]:
        for case_id, cards, switches, why in SCORE_CASES:
            yield f"score/hard-cases/{case_id}", _score(cards.split(), DEFAULT.with_switches(**switches)), why
        for name in SCORING_SWITCHES:
            for value in SWITCHES[name][1:]:
                yield (f"score/switches/{name}-{value}", _score(SWITCH_WITNESSES[name].split(),
                                                                DEFAULT.with_switches(**{name: value})),
                       f"the reading {name}={value}")
        for text in AUCTION_RULESETS:
            rules = Ruleset.parse(text)
            topic = text.replace(",", "+")
            for players in (2, 3, 4):
                rng = random.Random(f"{text}/{players}")
                for k in range(3):
                    pos = unrecorded(random_position(rng, players, rules))
                    base = {"game": GAME, "position": position_to_json(pos)}
                    yield (f"legal_moves/{topic}/{players}p-{k}", {"op": "legal_moves", **base},
                           self.reason({"op": "legal_moves"}))
                    if not pos.is_over:
                        yield (f"apply/{topic}/{players}p-{k}",
                               {"op": "apply", **base, "move": str(rng.choice(legal_moves(pos)))},
                               self.reason({"op": "apply"}))

    def random_request(self, op: str, rng: random.Random, caps: Capabilities, ruleset: Any) -> dict[str, Any]:
        rs = self.random_ruleset(rng, caps, ruleset, op)
        if op == "score":
            deck = [card_code(c) for c in cards_of(deck_counts(rs))]
            return _score(sorted(rng.sample(deck, rng.randint(0, 12))), rs)
        pos = unrecorded(random_position(rng, rng.choice(caps.players), rs))
        while op == "apply" and pos.is_over:
            pos = unrecorded(random_position(rng, rng.choice(caps.players), rs))
        request = {"game": GAME, "op": op, "position": position_to_json(pos)}
        return {**request, "move": str(rng.choice(legal_moves(pos)))} if op == "apply" else request

    def compare_answer(self, request: dict[str, Any], want: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        """``score`` by points (any optimal arrangement is right), ``apply`` by position."""
        if request["op"] == "score":
            if got.get("points") != want["points"]:
                return Difference("points differ", f"points {got.get('points')!r}, expected {want['points']}")
            return None
        try:
            same = position_from_json(got.get("position")) == position_from_json(want["position"])
        except ValueError as e:
            return Difference("position differs", f"not a position: {e}")
        return None if same else Difference("position differs", "a different position after the decision")

    def unreachable(self, request: dict[str, Any]) -> str | None:
        return None  # every collection within the deck can be won; positions come from dealt games

    def smaller(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        if request.get("op") == "score":
            cards = request["cards"]
            for k in sorted({cards.index(c) for c in cards}):
                yield {**request, "cards": cards[:k] + cards[k + 1:]}

    def size(self, request: dict[str, Any]) -> int:
        if request.get("op") == "score":
            return len(request["cards"])
        pos = request["position"]
        return sum(len(p.get("hand", [])) for p in pos["players"]) + len(pos.get("market", []))

    def clause(self, request: dict[str, Any]) -> str:
        if request.get("op") != "score":
            return self.reason(request)
        kinds = sorted({s["kind"] for s in self.answer(request).get("sets", [])})
        return "the best arrangement: " + (", ".join(kinds) if kinds else "no set")

    def traits(self, request: dict[str, Any]) -> list[str]:
        if request.get("op") != "score":
            return super().traits(request)
        cards = request["cards"]
        return ([f"{len(cards)} cards", f"{len({c[0] for c in cards})} colour(s)"]
                + (["a joker"] if any(c.endswith("J") for c in cards) else ["no joker"])
                + (["a card twice"] if len(set(cards)) < len(cards) else ["no card twice"]))

    def shape(self, request: dict[str, Any]) -> tuple:
        if request.get("op") != "score":
            return super().shape(request)
        return (len(request["cards"]), len({c[0] for c in request["cards"]}))

    def variants(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """A card changed to a lower value of its colour, or to its value in another colour."""
        if request.get("op") != "score":
            return
        cards = request["cards"]
        deck = deck_counts(self._ruleset(request))
        for k, code in enumerate(cards):
            if is_joker(parse_card(code)):
                continue
            colour, value = code[0], int(code[1])
            for other in [f"{colour}{v}" for v in range(value - 1, 0, -1)] + [f"{c}{value}" for c in "RBG" if c != colour]:
                new = sorted(cards[:k] + [other] + cards[k + 1:])
                if new.count(other) <= deck[parse_card(other)]:
                    yield {**request, "cards": new}

    def enumerate(self, request: dict[str, Any], size: int,
                  differs: Callable[[dict[str, Any]], bool] | None) -> Iterator[dict[str, Any]] | None:
        """Every collection of ``size`` cards of the request's colours within the deck."""
        if request.get("op") != "score":
            return None
        colours = {c[0] for c in request["cards"]}
        deck = deck_counts(self._ruleset(request))
        pool = [card_code(c) for c in cards_of(deck) if card_code(c)[0] in colours]
        seen = set()
        for combo in itertools.combinations(pool, size):
            if combo not in seen:
                seen.add(combo)
                yield {**request, "cards": list(combo)}

    def min_size(self, request: dict[str, Any]) -> int:
        return 1 if request.get("op") == "score" else self.size(request)

    def render(self, request: dict[str, Any]) -> list[str]:
        rs = str(self._ruleset(request))
        if request["op"] == "score":
            return [f"score {' '.join(request['cards']) or '(no cards)'}", f"ruleset {rs}"]
        pos = request["position"]
        hands = " | ".join(" ".join(p.get("hand", [])) for p in pos["players"])
        lines = [f"{request['op']}: hands {hands}", f"market {' '.join(m['card'] for m in pos['market'])}",
                 f"ruleset {rs}"]
        return lines + ([f"move {request['move']}"] if "move" in request else [])


PLUGIN = StickToColours()
