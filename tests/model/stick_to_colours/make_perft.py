"""Regenerate ``data/perft.json``: counts of legal decision sequences from seeded deals and from
positions a few random decisions in, for 2-4 players and several readings. Run:
``python tests/model/stick_to_colours/make_perft.py`` (only after a deliberate rules change)."""

import json
from pathlib import Path

from arbiter.model.stick_to_colours import Ruleset, deal, legal_moves, position_to_json, successors

DATA = Path(__file__).with_name("data") / "perft.json"
RULESETS = ["default", "default,bid=count", "default,raise_by=one", "default,pass_final=false",
            "default,two_player=no_bot"]


def perft(pos, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return len(legal_moves(pos))
    return sum(perft(after, depth - 1) for _, after in successors(pos))


def divide(pos, depth: int) -> dict[str, int]:
    return {str(m): perft(after, depth - 1) for m, after in successors(pos)}


def entries():
    out = []
    for ruleset in RULESETS:
        for players in (2, 3, 4):
            pos = deal(players, seed=players, ruleset=Ruleset.parse(ruleset))
            out.append({"ruleset": ruleset, "players": players, "position": position_to_json(pos),
                        "counts": {str(d): perft(pos, d) for d in (1, 2)}})
            # into the first auction, the dealer refusing one card: bids to support, a ? on the market
            pos = next(a for m, a in successors(pos) if str(m).count(" ") == 3)
            out.append({"ruleset": ruleset, "players": players, "position": position_to_json(pos),
                        "counts": {str(d): perft(pos, d) for d in (1, 2, 3)}})
    return out


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"entries": entries()}, indent=1) + "\n")
    print(f"wrote {DATA}")
