"""The bundled puzzles (examples/puzzles/*.json) solve to the answers written, and checked by hand,
in each file; the set covers 2, 3 and 4 players and the Basic, Actions and Advanced rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from arbiter.model.red7.notation import parse_text, position_from_json
from arbiter.solver.red7 import solve

PUZZLES = sorted((Path(__file__).resolve().parents[3] / "examples" / "puzzles").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_puzzle_solves_to_its_written_answer(path):
    puzzle = load(path)
    pos = position_from_json(puzzle["position"])
    assert parse_text(puzzle["notation"]) == pos, "the notation line and the JSON position differ"
    assert puzzle["reasoning"], "every puzzle explains its answer"
    result = solve(pos)
    answer = puzzle["answer"]
    assert result.solved
    assert result.winner == answer["winner"]
    assert result.winning_moves == answer["winning_moves"]
    assert result.dead_cards == answer["dead_cards"]
    assert result.points == answer["points"]


def test_puzzles_cover_players_and_rulesets():
    kinds = {(position_from_json(load(p)["position"]).players, position_from_json(load(p)["position"]).ruleset.preset)
             for p in PUZZLES}
    assert len(PUZZLES) >= 12
    assert {n for n, _ in kinds} == {2, 3, 4}
    assert {"basic", "actions", "advanced"} <= {r for _, r in kinds}
