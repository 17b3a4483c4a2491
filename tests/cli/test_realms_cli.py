"""``arbiter show`` and ``arbiter play --game realms``: the drawing, the readings that disagree on
the trick in progress, seeded logs that replay legally, and one line with exit 2 for bad input."""

import json

import pytest
from arbiter.cli.main import cli
from arbiter.model.realms import apply, chance_outcomes, position_from_json
from click.testing import CliRunner

FIVE = ("realms default phase=play round=1 dealer=4 leader=0 ruling=red scores=0,0,0,0,0 "
        "| trick YDr RDr R5 B5 | hands R1 / B1 / G3 / Y2 / B7 | draw - | shuffled - | discard -")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_show_names_the_winner_under_each_reading_that_disagrees():
    result = run("show", FIVE)
    assert result.exit_code == 0
    assert "this ruleset                             player 3 (B5), marker blue" in result.output
    assert "default,resolution=nuance                player 1 (RDr), marker blue" in result.output
    data = json.loads(run("show", "--json", FIVE).output)
    assert data["winning"] == [
        {"reading": "this ruleset", "winner": 3, "card": "B5", "ruling": "blue"},
        {"reading": "default,resolution=nuance", "winner": 1, "card": "RDr", "ruling": "blue"}]
    assert data["legal_moves"] == ["B7"] and data["marker"] == "blue"


def test_play_is_seeded_and_its_json_log_replays_legally():
    first = run("play", "--game", "realms", "--players", "3", "--seed", "5")
    assert first.exit_code == 0 and first.output == run("play", "--game", "realms", "--players", "3", "--seed", "5").output
    assert first.output.splitlines()[-1].startswith("Game over: player ")
    data = json.loads(run("play", "--game", "realms", "--players", "3", "--seed", "5", "--json").output)
    pos = position_from_json(data["position"])
    for step in data["steps"]:
        if step["event"] == "move":
            assert step["player"] == pos.to_move
            pos = apply(pos, step["what"])
        elif step["event"] == "chance":
            pos = next(after for _, label, after in chance_outcomes(pos) if label == step["what"])
    assert pos.is_over and list(pos.scores) == data["scores"] and pos.winner == data["winner"]
    assert sum(1 for s in data["steps"] if s["event"] == "trick" and s["halftime"]) == 1


@pytest.mark.parametrize("args, message", [
    (("play", "--game", "realms", "--players", "1"), "bad --players: Realms takes 2 to 6 players"),
    (("play", "--game", "realms", "--players", "99"), "bad --players"),
    (("play", "--game", "realms", "--ruleset", "default,resolution=first"), "bad --ruleset: switch 'resolution'"),
    (("play", "--game", "realms", "--ruleset", "nonsense"), "bad --ruleset: unknown ruleset"),
    (("show", FIVE.replace("B7", "B5")), "card B5 is in two places"),
    (("show", FIVE.replace("B7", "X9")), "unknown card 'X9'"),
    (("show", FIVE.replace("ruling=red", "ruling=purple")), "ruling: unknown colour"),
    (("show", FIVE.replace("phase=play", "phase=dance")), "phase: must be one of"),
    (("show", FIVE.replace("scores=0,0,0,0,0", "scores=0,5,0,0,0")), "scores: scores are multiples of 10"),
    (("show", FIVE.replace("trick YDr", "trick P3 YDr")), "P3 needs a colour"),
    (("show", '{"game": "realms", "hands": "R1"}'), "hands"),
    (("show", '{"game": "realms", "hands": [[], []], "bogus": 1}'), "bogus: unknown field"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


TWO = ("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
       "| trick - | hands R5 Y9 / B5 G1 | draw - | shuffled - | discard -")


def test_solve_dispatches_a_realms_position(tmp_path):
    result = run("solve", "--json", "--tricks", "1", TWO)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["guaranteed"] == 1 and data["best_moves"] == ["Y9"] and data["dead_cards"] == ["R5"]
    batch = tmp_path / "b.jsonl"
    batch.write_text(TWO + "\n\n" + TWO.replace("Y9", "B9") + "\n")
    lines = run("solve", "--batch", str(batch), "--tricks", "1").output.splitlines()
    assert lines == ["1: guaranteed 1, expected 1.000; best moves: Y9",  # numbered by line: the blank one counts
                     "3: guaranteed 1, expected 1.000; best moves: B9"]
    assert run("solve", "--tricks", "1", "--max-nodes", "2", TWO).exit_code == 1


@pytest.mark.parametrize("args, message", [
    (("solve", TWO.replace("phase=play", "phase=ruling").replace("ruling=red", "ruling=-")), "phase play"),
    (("solve", TWO.replace("G1", "G1 R5")), "in two places"),
    (("solve", "--tricks", "0", TWO), "--tricks"),
])
def test_solve_bad_input(args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_prove_game_realms_runs_its_catalogue():
    result = run("prove", "--game", "realms", "--only", "realms/examples")
    assert result.exit_code == 0, result.output
    rows = result.output.splitlines()
    assert rows[1].split()[:2] == ["realms/examples/timing", "proved"]
    assert rows[2].split()[:2] == ["realms/examples/nuance", "counterexample"]
    from arbiter.proofs.realms.theorems import ALL

    # One per reading the catalogue walks: the default and each single-switch flip.
    assert f"{len(ALL)} theorems, all as expected" in rows[-1] and len(ALL) > 10
    assert run("prove", "--game", "realms", "--only", "phoenix").exit_code == 2


def test_solve_batch_runs_on_the_shared_workers_with_the_same_output_for_any_jobs(tmp_path):
    three = ("realms default phase=play round=1 dealer=2 leader=0 ruling=blue scores=0,0,0 "
             "| trick - | hands R5 B9 / B5 R1 / G7 Y2 | draw - | shuffled - | discard -")
    batch = tmp_path / "b.jsonl"
    batch.write_text("\n".join([TWO, three, TWO.replace("Y9", "B9"), three.replace("ruling=blue", "ruling=red")]) + "\n")

    def answers(*extra):
        result = run("solve", "--batch", str(batch), "--tricks", "2", *extra)
        assert result.exit_code == 0, result.output
        return result.output

    text = answers("--jobs", "1")
    assert len(text.splitlines()) == 4 and answers("--jobs", "2") == text
    one = [json.loads(line) for line in answers("--jobs", "1", "--json").splitlines()]
    two = [json.loads(line) for line in answers("--jobs", "2", "--json").splitlines()]
    for a, b in zip(one, two, strict=True):
        a.pop("seconds"), b.pop("seconds")
        assert a == b
    assert [r["guaranteed"] for r in one] == [int(line.split()[2].rstrip(",")) for line in text.splitlines()]
    assert run("solve", "--batch", str(batch), "--tricks", "2", "--max-nodes", "3").exit_code == 1


def test_solve_batch_answers_the_others_and_names_a_line_nobody_plays_in(tmp_path):
    batch = tmp_path / "b.jsonl"
    batch.write_text(TWO + "\n" + TWO.replace("phase=play", "phase=ruling").replace("ruling=red", "ruling=-") + "\n")
    result = run("solve", "--batch", str(batch), "--jobs", "2")
    assert result.exit_code == 1 and result.stdout.startswith("1: guaranteed 2")
    assert result.stdout.splitlines()[1].startswith("2: cannot solve this position: the solver needs a player")
