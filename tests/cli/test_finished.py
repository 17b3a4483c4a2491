"""A finished position, in every game: ``moves`` and ``solve`` say that it is over and who won, as
``show`` does, in the same words (text and JSON); in a ``solve --batch`` it is a line not solved."""

import json
import random

import pytest
from arbiter.cli.main import cli
from arbiter.model import games
from click.testing import CliRunner


def finished(game: str, seed: int):
    """A position at the end of a seeded game of random moves (chance drawn at random too)."""
    model = games.model(game)
    rng = random.Random(seed)
    pos = model.deal(games.info(game).players[0], seed)
    while not pos.is_over:
        moves = model.legal_moves(pos)
        if moves:
            pos = model.apply(pos, rng.choice(moves))
        else:
            pos = rng.choice(model.chance_outcomes(pos))[2]
    return model, pos


def winners(pos):
    return list(pos.winners) if hasattr(pos, "winners") else [pos.winner]


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("game", list(games.GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_moves_and_solve_say_the_game_is_over_and_who_won(game, seed):
    model, pos = finished(game, seed)
    text = model.format_text(pos)
    unit = "round" if game == "red7" else "game"
    if game == "bridge":  # no winner: each side's tricks
        said = f"the deal is over: North-South {pos.tricks[0]} tricks, East-West {pos.tricks[1]}"
    else:
        names = [f"player {i}" if i < 2 else "bot" for i in winners(pos)]
        said = (f"the {unit} is over: {names[0]} won" if len(names) == 1
                else f"the {unit} is over: {', '.join(names[:-1])} and {names[-1]} share the victory")
    moves = run("moves", text)
    assert (moves.exit_code, moves.output) == (0, f"{said}; no move is left\n")
    solved = run("solve", text)
    assert (solved.exit_code, solved.output) == (0, f"Verdict: {said}; nothing is left to solve\n")
    for command in ("moves", "solve"):
        obj = json.loads(run(command, "--json", text).output)
        assert (obj["game"], obj["result"], obj["verdict"]) == (game, "over", said)
        assert obj.get("winners", obj.get("tricks")) == (
            {"ns": pos.tricks[0], "ew": pos.tricks[1]} if game == "bridge" else winners(pos))


@pytest.mark.parametrize("game", list(games.GAMES))
def test_a_finished_position_in_a_batch_is_a_line_not_solved(game, tmp_path):
    model, pos = finished(game, 3)
    batch = tmp_path / "b.jsonl"
    batch.write_text(json.dumps(model.position_to_json(pos)) + "\n")
    result = run("solve", "--batch", str(batch), "--json")
    assert result.exit_code == 1
    obj = json.loads(result.stdout)
    assert obj["input_line"] == 1 and " is over: " in obj["error"] and obj["error"].endswith("; nothing to solve")
