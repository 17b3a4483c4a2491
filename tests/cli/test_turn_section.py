"""A malformed turn section (docs/notation.md, "Steps"): every command that reads a position names
what is wrong with it in one line and exits 2, never a traceback nor the position reader's
'turn: unknown key'."""

import json

import pytest
from arbiter.cli.main import cli
from arbiter.model import red7
from arbiter.model.steps import has_turn, turn_problem
from click.testing import CliRunner

START = "red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5"  # player 0 may play R3 and draw V1
OVER = "red 0 basic | R7 / Y4 | B2 / V6 out"  # player 1 is out: the round is over

# problem kind -> (the text after START, what the message must say)
PROBLEMS = {
    "unknown step": ("turn bogus ...", ("turn[0]: 'bogus ...' is not a step that goes on from here "
                                       "(steps that go on: play R3 draw ...)")),
    "step without its mark": ("turn play R3 draw", "turn: the steps taken, each followed by '...'"),
    "step that ends the turn": ("turn play R3 draw ... discard V1 ...", "turn[1]: 'discard V1' ends the turn"),
    "steps in the wrong order": ("turn discard V1 ... play R3 draw ...",
                                 ("turn: its steps are out of order: they are legal as 'play R3 draw ...', "
                                 "then 'discard V1 ...'")),
    "empty section": ("turn", "turn: the steps taken, each followed by '...'"),
}

# each command that reads a POSITION, as the arguments before and after it
COMMANDS = {
    "show": (["show"], []),
    "moves": (["moves"], []),
    "apply": (["apply"], ["end"]),
    "solve": (["solve"], []),
    "solve --json": (["solve"], ["--json"]),  # the plain path hands bad input to click
    "advise --hide": (["advise"], ["--hide"]),
}


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def refused(result, message):
    """Exit 2 with one stderr line naming the problem: no traceback, no other reader's complaint."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # not an uncaught error
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: bad "), result.stderr
    assert message in lines[0], lines[0]
    assert "turn: unknown key" not in lines[0] and "unknown section 'turn'" not in lines[0]


@pytest.mark.parametrize("problem", PROBLEMS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_names_the_problem_with_a_turn_section(command, problem):
    before, after = COMMANDS[command]
    section, message = PROBLEMS[problem]
    refused(run(*before, f"{START} | {section}", *after), message)


@pytest.mark.parametrize("turn, message", [
    ("play R3 draw ...", "turn: the steps taken this turn, a list of step texts"),
    ([], "turn: a turn in progress needs at least one step"),
    (["play B2 ..."], "turn[0]: 'play B2' ends the turn"),
])
@pytest.mark.parametrize("command", ["show", "moves", "apply"])
def test_a_json_turn_is_checked_as_the_text_one(command, turn, message):
    obj = {**red7.steps.state_to_json(red7.steps.parse_state(START)), "turn": turn}
    before, after = COMMANDS[command]
    refused(run(*before, "-", *after, input=json.dumps(obj)), message)


@pytest.mark.parametrize("command, position, message", [
    ("show", OVER, "turn: no turn can be in progress here: the game is over"),
    ("solve", OVER, "the game is over"),
    ("moves", "stick", "every step open to player 0 ends the turn"),  # a Stick to Colours turn is never cut
    ("apply", "bridge", "every step open to player 0 ends the turn"),  # nor a bridge card
])
def test_a_turn_section_on_a_position_that_cannot_have_one(command, position, message):
    if position in ("stick", "bridge"):
        position = run("deal", "--game", {"stick": "stick-to-colours"}.get(position, position), "--seed", "1").output.strip()
    before, after = COMMANDS[command]
    refused(run(*before, f"{position} | turn pass ...", *(["pass"] if command == "apply" else after)), message)


def test_value_names_the_problem_of_a_stick_to_colours_turn_section():
    position = run("deal", "--game", "stick-to-colours", "--seed", "1").output.strip()
    refused(run("value", f"{position} | turn pass ...", "R2"), "no turn can be in progress here")


def test_a_batch_line_with_a_turn_section_is_its_own_error_and_the_others_are_solved(tmp_path):
    batch = tmp_path / "b.jsonl"
    batch.write_text(f"{START} | turn bogus ...\n{START} | turn play R3 draw ...\n{START}\n")
    out = run("solve", "--batch", str(batch), "--json")
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert "is not a step that goes on from here" in lines[0]["error"]
    assert "a turn in progress" in lines[1]["error"] and "unknown key" not in lines[1]["error"]
    assert lines[2]["result"] == "solved"


@pytest.mark.parametrize("section, message", [
    ("turn bogus ...", "round 1: bad position: turn[0]: 'bogus ...' is not a step"),
    ("turn play R3 draw ...", "round 1: bad position: a turn in progress"),
])
def test_annotate_names_the_problem_of_the_records_turn_section(tmp_path, section, message):
    record = tmp_path / "game.txt"
    record.write_text(f"{START} | {section}\npass\n")
    refused(run("annotate", str(record)), message)


def test_the_position_before_a_turn_section_is_named_when_it_is_bad():
    """The section is well formed; the position before it has an unknown key: that is what is said
    by the commands that take a turn in progress, and the others refuse the section."""
    text = "red 0 actions | R3 B2 / O7 | hats 3 | turn play R3 draw ..."
    refused(run("moves", text), "hats: unknown key")
    assert "hats: unknown key" in run("apply", text, "end").stderr
    refused(run("show", text), "a turn in progress")


def test_has_turn_reads_only_the_last_section_and_the_json_key():
    assert has_turn(f"{START} | turn x") and has_turn(f"{START} | TURN") and has_turn({"turn": 3})
    assert has_turn('{"rule": "red", "turn": []}') and not has_turn('{"rule": "red"}')
    assert not has_turn(START) and not has_turn("realms default | trick - | hands TRE / B5 | turned -")
    assert not has_turn('{"rule": ') and not has_turn("[1, 2]")


def test_turn_problem_is_none_for_a_turn_in_progress_and_a_position_without_one():
    rules = red7.steps.RULES
    assert turn_problem(rules, f"{START} | turn play R3 draw ...") is None
    assert turn_problem(rules, START) is None
    assert turn_problem(rules, "red 0 actions | hats | turn play R3 draw ...") is None  # its reader says why
    assert turn_problem(rules, f"{START} | turn play R3 draw ... end ...") == (
        "turn[1]: 'end' ends the turn: a turn section holds only the steps taken so far, each going on ('...'); "
        "apply takes the step that ends it")
