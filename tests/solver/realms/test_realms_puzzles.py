"""The Realms puzzles (examples/puzzles/realms/*.json) solve to the answers written, and checked by
hand, in each file; the notation line is the JSON position."""

import json
from pathlib import Path

import pytest
from arbiter.model.realms.notation import parse_position, position_from_json
from arbiter.solver.realms import solve

PUZZLES = sorted((Path(__file__).resolve().parents[3] / "examples" / "puzzles" / "realms").glob("*.json"))


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_realms_puzzle_solves_to_its_written_answer(path):
    puzzle = json.loads(path.read_text(encoding="utf-8"))
    pos = position_from_json(puzzle["position"])
    assert parse_position(puzzle["notation"]) == pos
    assert len(puzzle["reasoning"]) >= 2
    result = solve(pos, puzzle["tricks"])
    answer = puzzle["answer"]
    assert result.solved
    assert result.guaranteed == answer["guaranteed"]
    assert result.expected == pytest.approx(answer["expected"])
    assert result.best_moves == answer["best_moves"]
    assert result.dead_cards == answer["dead_cards"]


def test_there_are_at_least_six_over_several_player_counts_and_readings():
    positions = [position_from_json(json.loads(p.read_text(encoding="utf-8"))["position"]) for p in PUZZLES]
    assert len(PUZZLES) >= 6
    assert {p.players for p in positions} >= {2, 3, 4}
    assert len({p.ruleset for p in positions}) >= 3
