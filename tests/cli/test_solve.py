"""``arbiter solve``: text and JSON answers, limits, batch mode, bad input (exit 2, one line)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from arbiter.cli import solve as solve_command
from arbiter.cli.main import cli
from click.testing import CliRunner

PUZZLE = str(Path(__file__).resolve().parents[2] / "examples" / "puzzles" / "03-keep-the-violet-one.json")
WON = "red 0 | B5 G2 V1 / Y6 | R4 / R6"
LOST = "red 0 | B5 G2 / Y6 | R4 / R6"
KEYS = {"to_move", "winner", "winning_moves", "moves", "line", "dead_cards", "nodes", "seconds", "result"}


def run(*args, stdin=None):
    return CliRunner().invoke(cli, ["solve", *args], input=stdin)


def test_text_shows_position_verdict_moves_and_line():
    result = run(WON)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "> player 0  hand" in out
    assert "Verdict: player 0 (to move) wins" in out
    assert "play G2 discard B5" in out and "play V1 discard B5" not in out
    assert "Principal line:" in out and "round over: player 0 wins" in out
    assert "Dead cards (in no winning line): none" in out


def test_all_moves_lists_the_losing_ones_too():
    out = run(WON, "--all-moves").output
    assert "play V1 discard B5           loss" in out and "pass                         loss" in out


def test_json_has_the_documented_keys():
    result = run(LOST, "--json")
    assert result.exit_code == 0
    obj = json.loads(result.output)
    assert KEYS <= set(obj)
    assert obj["winner"] == 1 and obj["winning_moves"] == [] and obj["dead_cards"] == ["B5", "G2"]
    assert obj["result"] == "solved"
    assert {m["move"]: m["outcome"] for m in obj["moves"]} == {"pass": "loss", "play G2 discard B5": "loss"}
    assert obj["line"][:2] == ["play G2 discard B5", "discard R4"]


def test_puzzle_files_and_stdin_are_accepted():
    assert json.loads(run(PUZZLE, "--json").output)["winning_moves"] == ["play G2 discard B5", "play G2 discard V1"]
    assert json.loads(run("-", "--json", stdin=WON).output)["winner"] == 0


def test_max_nodes_stops_cleanly_with_unknown():
    result = run("red 0 | R7 R6 R5 R4 / V1 | O7 O6 O5 O4 / V2 | Y7 Y6 Y5 / Y1", "--json", "--max-nodes", "5")
    assert result.exit_code == 1
    obj = json.loads(result.output)
    assert obj["result"] == "unknown" and obj["nodes"] == 5


@pytest.mark.parametrize("limit", ["1", "2", "7"])
def test_a_node_limit_counts_exactly_the_nodes_searched(limit):
    result = run("red 0 | R7 R6 R5 R4 / V1 | O7 O6 O5 O4 / V2 | Y7 Y6 Y5 / Y1", "--json", "--max-nodes", limit)
    assert json.loads(result.output)["nodes"] == int(limit)


def test_a_search_stopped_by_a_limit_does_not_claim_there_are_no_winning_moves():
    result = run("red 0 | R7 R6 R5 R4 / V1 | O7 O6 O5 O4 / V2 | Y7 Y6 Y5 / Y1", "--max-nodes", "3")
    assert result.exit_code == 1
    assert "Winning moves: none" not in result.output
    assert "Winning moves: not known (the search stopped: node limit 3 reached)" in result.output


@pytest.mark.parametrize("bad", ["nan", "inf", "-1", "0", "-inf", "1e400"])
def test_a_timeout_must_be_a_finite_positive_number(bad):
    result = run(WON, "--timeout", bad)
    assert result.exit_code == 2 and "--timeout" in result.output and "Traceback" not in result.output


# The 4-player deal of benchmarks/solve.py's seed 988633418, the hardest measured (nobody can force a
# win: about 12 s of CPU and 43 million nodes, docs/performance.md); an easier position stops being
# long as the search gets faster (the 3-player one this test had now takes 0.04 s).
LONG = ("red 0 basic | G7 B5 O4 G4 B3 O2 G2 / V5 | I6 V6 B4 G3 I3 V3 O1 / R4 | V7 O5 Y5 O3 B2 Y1 B1 / Y4"
        " | O7 B7 R6 O6 Y6 I5 I1 / R7 | deck I4 Y7 I7 G1 G5 R5 Y3 V1 V2 R1 R3 V4 R2 Y2 B6 I2 G6")


def test_timeout_stops_a_long_search():
    result = run(LONG, "--json", "--timeout", "0.2")
    obj = json.loads(result.output)
    assert result.exit_code == 1 and obj["result"] == "unknown" and obj["seconds"] < 2


def test_batch_writes_one_json_line_per_position_in_order(tmp_path):
    batch = tmp_path / "positions.jsonl"
    batch.write_text(f"{WON}\n\n{LOST}\n", encoding="utf-8")
    result = run("--batch", str(batch), "--json")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [json.loads(line)["winner"] for line in lines] == [0, 1]
    assert "solving" not in result.output  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize("here", [0.0, 60.0])
def test_a_batch_starts_workers_only_after_solving_here_a_while(tmp_path, monkeypatch, here):
    """HERE_SECONDS 0: every position goes to the workers; 60: all are solved here, no pool is made.
    The lines are the same (but for the clock) and in order either way."""
    batch = tmp_path / "positions.jsonl"
    batch.write_text(f"{WON}\n{LOST}\n{WON}\n", encoding="utf-8")
    from arbiter.solver import pieces

    made = []
    real = pieces.Processes.map
    monkeypatch.setattr(pieces.Processes, "map", lambda self, *a: made.append(self.workers) or real(self, *a))
    monkeypatch.setattr(pieces, "HERE_SECONDS", here)
    result = run("--batch", str(batch), "--json", "--jobs", "2")
    assert result.exit_code == 0, result.output
    objs = [json.loads(line) for line in result.output.splitlines()]
    assert [o["winner"] for o in objs] == [0, 1, 0]
    assert made == ([] if here else [2])


def test_a_batch_answers_every_good_line_and_names_the_bad_ones(tmp_path):
    batch = tmp_path / "positions.jsonl"
    over = "red 0 | R7 / Y4 | B2 / V6 out"
    batch.write_text(f"{WON}\n{{\"rule\": \"red\"}}\n\n{LOST}\n{over}\n", encoding="utf-8")
    result = run("--batch", str(batch), "--json")
    assert result.exit_code == 1
    objs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["input_line"] for o in objs] == [1, 2, 4, 5]
    assert [o.get("winner") for o in objs] == [0, None, 1, None]
    assert objs[1]["error"].startswith("bad position: ") and "Traceback" not in result.output
    assert objs[3]["error"] == "the round is over: player 0 won; nothing to solve"
    assert result.stderr == f"arbiter: {batch}: 2 of 4 lines not solved (lines 2, 5); the others are answered\n"
    text = run("--batch", str(batch)).stdout.splitlines()
    assert [line.split(":")[0] for line in text] == ["1", "2", "4", "5"]
    assert text[1].startswith("2: bad position: ") and text[2].startswith("4: player 1 wins")


def test_bad_position_exits_2_with_one_line():
    result = run("red 0 | R7 / R7 | O1 / O2")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "R7" in result.output


def test_position_and_batch_are_exclusive(tmp_path):
    assert run().exit_code == 2
    assert run(WON, "--batch", str(tmp_path / "x.jsonl")).exit_code == 2


class Screen(io.StringIO):
    """A terminal that stdout and stderr share: what is left on screen once ``\\r`` and erase-line
    (``ESC [K``) have done their work."""

    def isatty(self):
        return True

    def lines(self):
        shown, line, col = [], [], 0
        text = self.getvalue().replace("\033[K", "\x00")
        for ch in text:
            if ch == "\n":
                shown.append("".join(line))
                line, col = [], 0
            elif ch == "\r":
                col = 0
            elif ch == "\x00":
                del line[col:]
            else:
                line[col:col + 1] = [ch]
                col += 1
        return shown + (["".join(line)] if line else [])


def test_batch_progress_goes_to_stderr_and_never_shares_a_line_with_a_result(tmp_path, monkeypatch):
    screen = Screen()
    monkeypatch.setattr(solve_command.plain, "_stderr", lambda: screen)
    monkeypatch.setattr("sys.stdout", screen)
    batch = tmp_path / "positions.jsonl"
    batch.write_text(f"{WON}\n{LOST}\n", encoding="utf-8")
    from arbiter.cli.main import run as run_cli

    assert run_cli(["solve", "--batch", str(batch)]) == 0
    assert "solving" in screen.getvalue()
    assert [line.split(":")[0] for line in screen.lines()] == ["1", "2"]


def test_batch_progress_is_not_written_when_stderr_is_no_terminal(tmp_path):
    batch = tmp_path / "positions.jsonl"
    batch.write_text(f"{WON}\n{LOST}\n", encoding="utf-8")
    result = run("--batch", str(batch), "--json")
    assert result.exit_code == 0 and "solving" not in result.output and len(result.output.splitlines()) == 2


def test_a_batch_of_two_games_names_the_line(tmp_path):
    from arbiter.model import realms
    from arbiter.model.red7 import deal, position_to_json

    batch = tmp_path / "mixed.jsonl"
    batch.write_text(json.dumps(position_to_json(deal(2, 1))) + "\n" + json.dumps(realms.position_to_json(realms.deal(2, 1)))
                     + "\n", encoding="utf-8")
    out = run("--batch", str(batch))
    assert out.exit_code == 1 and out.stdout.startswith("1: ") and len(out.stdout.splitlines()) == 2
    assert "2: a Realms (trick-taking) position; a batch holds positions of one game (Red7" in out.stdout


@pytest.mark.parametrize("command", ["show", "moves"])
def test_commands_that_read_a_position_take_puzzle_files(command):
    out = CliRunner().invoke(cli, [command, PUZZLE])
    assert out.exit_code == 0, out.output


# -- the plain JSON solve: the same answers without click ---------------------------------------

def _process(*args: str, path: Path | None = None) -> tuple[int, str, str, list[str]]:
    """``arbiter ARGS`` as a whole process: exit code, stdout, stderr and which of click, z3,
    hypothesis and networkx it imported (read from ``-X importtime``)."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "arbiter.cli", *args], capture_output=True,
                          text=True, timeout=120, check=False)
    loaded = {line.split("|")[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    said = "\n".join(line for line in proc.stderr.splitlines() if not line.startswith("import time:"))
    return proc.returncode, proc.stdout, said, sorted(m for m in ("click", "z3", "hypothesis", "networkx") if m in loaded)


def _clockless(line: str) -> dict:
    return json.loads(line) | {"seconds": 0}


def test_a_plain_json_batch_answers_as_the_command_does_without_click(tmp_path):
    """``solve --batch FILE --json``, the form programs run, loads no click; its lines are the
    click command's (but for the clock), and so are its exit codes."""
    batch = tmp_path / "positions.jsonl"
    batch.write_text(f"{WON}\n\n{LOST}\n", encoding="utf-8")
    code, out, said, heavy = _process("solve", "--batch", str(batch), "--json")
    assert (code, said, heavy) == (0, "", [])
    assert [_clockless(line) for line in out.splitlines()] == [
        _clockless(line) for line in run("--batch", str(batch), "--json").output.splitlines()]
    code, out, _, heavy = _process("solve", WON, "--json")
    assert code == 0 and heavy == [] and _clockless(out) == _clockless(run(WON, "--json").output)
    limited = run(WON, "--json", "--max-nodes", "1")
    assert limited.exit_code == 1 and json.loads(limited.output)["result"] == "unknown"


@pytest.mark.parametrize("lines, message", [
    ([WON, "red 0 | R1"], "line 2: bad position"), ([WON, "realms default phase=play"], "line 2: a Realms")])
def test_bad_lines_on_the_plain_path_are_answered_as_the_command_does(tmp_path, lines, message):
    """A bad line of a plain JSON batch is said in its place, as the click command says it (one JSON
    line with the error, the good lines answered, one line on stderr counting it, exit 1), without click."""
    batch = tmp_path / "positions.jsonl"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, said, heavy = _process("solve", "--batch", str(batch), "--json")
    assert code == 1 and heavy == [] and len(said.splitlines()) == 1 and "1 of 2 lines not solved" in said
    got = [_clockless(line) for line in out.splitlines()]
    assert message.split(": ", 1)[1] in got[1]["error"] and got[1]["input_line"] == 2
    assert got == [_clockless(line) for line in run("--batch", str(batch), "--json").stdout.splitlines()]
    code, out, said, _ = _process("solve", "--batch", str(tmp_path / "missing.jsonl"), "--json")
    assert code == 2 and out == "" and said.startswith("arbiter: cannot read")
