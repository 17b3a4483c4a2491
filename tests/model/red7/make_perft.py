"""(Re)generate ``data/perft.json``: counts of legal whole-turn sequences from seeded deals, for
every preset and 2-4 players, at depths 1, 2 and (where cheap) 3, with the per-move breakdown
of the deepest count.

Run from the repository root: ``python tests/model/red7/make_perft.py``. Regenerate only after a
deliberate change to the rules engine, and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

from arbiter.model.red7 import game
from arbiter.model.red7.notation import position_to_json
from arbiter.model.red7.ruleset import PRESETS

DATA = Path(__file__).with_name("data") / "perft.json"
SEEDS = (7, 8)
CHEAP = 5000  # go to depth 3 when depth 2 has at most this many positions to expand


def perft(pos: game.Position, depth: int) -> int:
    """Number of sequences of exactly ``depth`` legal turns from ``pos`` (a round that ends
    sooner contributes nothing)."""
    if depth == 0:
        return 1
    options = game.successors(pos)
    if depth == 1:
        return len(options)
    return sum(perft(after, depth - 1) for _, after in options)


def divide(pos: game.Position, depth: int) -> dict[str, int]:
    """perft(depth - 1) after each legal turn, by canonical move text."""
    return {str(move): perft(after, depth - 1) for move, after in game.successors(pos)}


def entries() -> list[dict]:
    out = []
    for name in PRESETS:
        for players in (2, 3, 4):
            for seed in SEEDS:
                pos = game.deal(players, seed, PRESETS[name])
                counts = {"1": perft(pos, 1), "2": perft(pos, 2)}
                depth = 3 if counts["2"] <= CHEAP else 2
                breakdown = divide(pos, depth)
                counts[str(depth)] = sum(breakdown.values())
                out.append({"ruleset": name, "players": players, "seed": seed, "position": position_to_json(pos),
                            "counts": counts, "divide": dict(sorted(breakdown.items()))})
                print(f"{name:17} {players} players seed {seed}  " + "  ".join(f"d{d}={n}" for d, n in counts.items()))
    return out


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"entries": entries()}, indent=1) + "\n")
    print(f"wrote {DATA}")
