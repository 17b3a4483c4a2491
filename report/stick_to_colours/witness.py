"""Where the readings of a Stick to Colours entry differ: in the decisions a position offers or the
result of one, in what a collection scores, in who wins a finished game; and the claims (what each
reading says there) that the tests replay through the engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.stick_to_colours import DEFAULT, Position, Ruleset, fast, legal_moves, scoring_spec
from arbiter.model.stick_to_colours.cards import KINDS, Counts, codes, sub
from arbiter.model.stick_to_colours.game import apply_legal

from ..entry import Entry

# How an entry's readings are told apart (see sampling.py for how each is counted).
MOVE = "move"  # a position's decisions, or the result of one, differ
SCORE = "score"  # a collection scores differently
END = "end"  # a finished game names other winners
DEAL = "deal"  # the deal itself differs: whole games are compared
HOW = {"bid": MOVE, "raise_by": MOVE, "pass_final": MOVE, "who_bids": MOVE, "hand_refusals": MOVE,
       "market_clear": MOVE, "bot_pile": MOVE, "runs": SCORE, "sharing": SCORE, "joker_values": SCORE,
       "run_split": SCORE, "value_copies": SCORE, "joker_copies": SCORE, "ties": END, "deck": DEAL,
       "two_player": DEAL}
TWO_ONLY = ("two_player", "bot_pile", "ties")  # points about the bot: 2-player games only
SHOWN = 4  # decisions only one reading allows, kept in a witness (the rest are counted)


def pairs(entry: Entry) -> list[Entry]:
    """The entry as the witness searches see it: itself with two readings, or one copy per reading
    after the first, with the recommended reading and that one (each copy gets its own example)."""
    if len(entry.readings) <= 2:
        return [entry]
    return [replace(entry, readings=(entry.readings[0], r)) for r in entry.readings[1:]]


def relevant(switch: str, pos: Position) -> bool:
    """A cheap necessary condition for ``switch`` to make a difference in ``pos`` (each reads what the
    engine's code for that switch reads), so that most positions are never expanded twice."""
    me = pos.to_move
    bit = 1 << me
    a = pos.auction
    if switch == "bid":
        return a is not None and any(s.q & ~bit for s in pos.market)
    if switch == "pass_final":
        return a is not None and a.passed != 0
    if switch == "who_bids":
        return any(s.x & bit for s in pos.market) or (a is not None and bool(a.lot.x & bit))
    if switch == "hand_refusals":
        return sum(pos.hands[me]) > 0
    if switch == "market_clear":
        return a is None or pos.passes != 0
    if switch == "bot_pile":
        return pos.bot and a is not None and any(s.x for s in pos.market)
    return True


def settled(pos: Position) -> Position:
    """What of a position can still matter: all of it while the game goes on, the collections and the
    discard pile once it is over (who deals next, or passed as dealer, no longer plays a part)."""
    pos = replace(pos, ruleset=DEFAULT)
    return replace(pos, dealer=0, passes=0) if pos.is_over else pos


def options(pos: Position, rules: Ruleset) -> dict[str, Position]:
    """Each decision's text and the position it leads to (ruleset left out), under ``rules``."""
    p = replace(pos, ruleset=rules)
    return {str(m): settled(apply_legal(p, m)) for m in legal_moves(p)}


def move_difference(pos: Position, rules: list[Ruleset]) -> str | None:
    """``legal_moves`` when the readings offer other decisions, ``result`` when a decision they all
    offer leads elsewhere, None when they agree here."""
    texts = [[str(m) for m in legal_moves(replace(pos, ruleset=r))] for r in rules]
    if any(set(t) != set(texts[0]) for t in texts[1:]):
        return "legal_moves"
    results = [options(pos, r) for r in rules]
    if any(res != results[0] for res in results[1:]):
        return "result"
    return None


def move_claim(kind: str, pos: Position, rules: list[Ruleset], labels: list[str]) -> dict[str, Any]:
    """What each reading offers (the decisions only it allows) or makes of the first decision whose
    result differs: the outcomes a replay must reproduce."""
    results = [options(pos, r) for r in rules]
    if kind == "legal_moves":
        everywhere = set.intersection(*(set(res) for res in results))
        return {"outcomes": [{"reading": lab, "moves": len(res), "only_here": len(set(res) - everywhere),
                              "shown": sorted(set(res) - everywhere)[:SHOWN]}
                             for lab, res in zip(labels, results, strict=True)]}
    move = next(m for m in results[0] if any(res[m] != results[0][m] for res in results[1:]))
    return {"move": move, "outcomes": [{"reading": lab} for lab in labels]}


def scores(counts: Counts, rules: list[Ruleset]) -> list[int]:
    return [fast.points(counts, scoring_spec(r)) for r in rules]


def scores_differ(counts: Counts, rules: list[Ruleset]) -> bool:
    return len(set(scores(counts, rules))) > 1


def shrink(counts: Counts, rules: list[Ruleset]) -> Counts:
    """The collection with cards taken away one at a time (first card first) while the readings still
    score it differently: no single card can be removed from the result."""
    changed = True
    while changed:
        changed = False
        for c in range(KINDS):
            if counts[c]:
                smaller = sub(counts, tuple(int(k == c) for k in range(KINDS)))
                if scores_differ(smaller, rules):
                    counts, changed = smaller, True
                    break
    return counts


def score_claim(counts: Counts, rules: list[Ruleset], labels: list[str]) -> dict[str, Any]:
    out = []
    for lab, r in zip(labels, rules, strict=True):
        s = fast.score(counts, scoring_spec(r))
        out.append({"reading": lab, "points": s.points, "sets": [x.to_json() for x in s.sets]})
    return {"collection": codes(counts), "outcomes": out}


def end_claim(pos: Position, rules: list[Ruleset], labels: list[str]) -> dict[str, Any]:
    return {"outcomes": [{"reading": lab, "players": pos.players, "scores": list(replace(pos, ruleset=r).scores),
                          "winners": list(replace(pos, ruleset=r).winners)} for lab, r in zip(labels, rules, strict=True)]}
