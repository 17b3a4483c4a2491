"""(Re)generate ``data/perft.json``: counts of move sequences from seeded Realms deals for 2-6
players and a few readings, at depths 1-4; chance events are expanded (every outcome counts) and
take no depth. Run from the repository root: ``python tests/model/realms/make_realms_perft.py``;
regenerate only after a deliberate change to the rules engine, and say why in the commit."""

from __future__ import annotations

import json
from pathlib import Path

from arbiter.model.realms import game
from arbiter.model.realms.notation import position_to_json
from arbiter.model.realms.ruleset import DEFAULT, Ruleset

DATA = Path(__file__).with_name("data") / "perft.json"
RULESETS = ("default", "default,match_follow=free,specials_follow=anytime", "default,troll_bullets=troll")
DEPTH = 4


def perft(pos: game.Position, depth: int) -> int:
    """Move sequences of exactly ``depth`` moves from ``pos`` (chance outcomes each counted)."""
    if depth == 0:
        return 1
    moves = game.legal_moves(pos)
    if moves:
        return sum(perft(game.apply(pos, m), depth - 1) for m in moves)
    return sum(perft(after, depth) for _, _, after in game.chance_outcomes(pos))


def divide(pos: game.Position, depth: int) -> dict[str, int]:
    return {str(m): perft(game.apply(pos, m), depth - 1) for m in game.legal_moves(pos)}


def entries() -> list[dict]:
    out = []
    for text in RULESETS:
        rs = Ruleset.parse(text)
        for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
            pos = game.apply(game.deal(players, players, rs), "ruling=red")  # the dealer's colour, then the lead
            counts = {str(d): perft(pos, d) for d in range(1, DEPTH)}
            breakdown = divide(pos, DEPTH)
            counts[str(DEPTH)] = sum(breakdown.values())
            out.append({"ruleset": str(rs), "players": players, "position": position_to_json(pos), "counts": counts,
                        "divide": dict(sorted(breakdown.items()))})
            print(f"{text:50} {players}  " + "  ".join(f"d{d}={n}" for d, n in counts.items()))
    return out


if __name__ == "__main__":
    assert DEFAULT == Ruleset.parse("default")
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"entries": entries()}, indent=1) + "\n")
    print(f"wrote {DATA}")
