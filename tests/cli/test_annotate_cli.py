"""``arbiter annotate``: text, JSON and the HTML page with the cards drawn; bad input exits 2."""

import json

import html5lib
import pytest
from arbiter.cli.main import cli
from click.testing import CliRunner

GAME = "red 0 | B5 G2 V1 / Y6 | R4 / R6\nplay V1 discard B5\ndiscard R4\n"


def run(*args, input=None):
    return CliRunner().invoke(cli, ["annotate", *args], input=input)


def test_text_and_json_mark_each_turn():
    out = run("-", "--samples", "10", input=GAME)
    assert out.exit_code == 0, out.output
    lines = [line for line in out.output.splitlines() if line.strip()[:2] in ("1.", "2.")]
    assert len(lines) == 2
    assert "player 0: play V1 discard B5" in lines[0] and "threw away a forced win" in lines[0]
    assert "player 1: discard R4" in lines[1] and "kept a forced win" in lines[1]
    data = json.loads(run("-", "--samples", "10", "--json", input=GAME).output)
    turns = data["rounds"][0]["turns"]
    assert [t["forced_win"] for t in turns] == ["threw_away", "kept"]
    assert set(turns[0]) >= {"win_share", "best_share", "best_moves", "interval", "deals", "position"}
    assert turns[0]["win_share"] <= turns[0]["best_share"]


def test_each_line_names_its_measure_and_says_when_the_move_played_was_a_best_one():
    """A move among the best was marked by a bare 'best' that read as an empty value; the line now
    says 'best: this move', and any other line the best value and moves. Its value is labelled
    with the measure's short name (a Stick to Colours margin is not a 'share')."""
    text = run("-", "--samples", "10", input=GAME).output
    marked = json.loads(run("-", "--samples", "10", "--json", input=GAME).output)["rounds"][0]["turns"]
    lines = [line for line in text.splitlines() if line.strip()[:2] in ("1.", "2.")]
    for line, t in zip(lines, marked, strict=True):
        assert ("best: this move" in line) == (t["move"] in t["best_moves"]), line
        assert line.split(t["move"])[1].split()[0] == text.split()[0].lower(), line  # the head's measure name


def test_html_page_draws_the_cards(tmp_path):
    page = tmp_path / "game.html"
    out = run("-", "--samples", "10", "--html", str(page), input=GAME)
    assert out.exit_code == 0, out.output
    text = page.read_text(encoding="utf-8")
    html5lib.HTMLParser(strict=True).parse(text)
    assert text.count('class="card c-') == 6 + 5  # the two positions before the turns (B5 went to the Canvas)
    assert "threw away a forced win" in text and "play V1 discard B5" in text


def test_a_play_json_log_is_read(tmp_path):
    log = CliRunner().invoke(cli, ["play", "--seed", "3", "--json"]).output
    record = json.loads(log)
    record["rounds"][0]["turns"] = record["rounds"][0]["turns"][-2:]  # the last turns only: from that position
    pos = record["rounds"][0]["position"]
    from arbiter.model.red7.game import apply
    from arbiter.model.red7.notation import position_from_json, position_to_json

    p = position_from_json(pos)
    for t in json.loads(log)["rounds"][0]["turns"][:-2]:
        p = apply(p, t["move"])
    record["rounds"][0]["position"] = position_to_json(p)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = run(str(path), "--samples", "5", "--json")
    assert out.exit_code == 0, out.output
    marked = json.loads(out.output)["rounds"][0]["turns"]
    assert [t["move"] for t in marked] == [t["move"] for t in record["rounds"][0]["turns"]]


def test_the_deals_go_to_the_runner_of_jobs_or_scheduler(monkeypatch):
    """--scheduler and --jobs choose where each turn's deals are solved (cli/workers.py); the output
    is the same for any of them."""
    from arbiter.cli import workers
    from arbiter.solver.pieces import Serial

    seen = []

    class Counting(Serial):
        def map(self, fn, pieces):
            seen.append(len(pieces))
            return super().map(fn, pieces)

    chosen = []
    real = workers.pieces

    def pieces(jobs, scheduler):
        chosen.append((jobs, scheduler))
        if scheduler is None:
            return real(jobs, None)
        from contextlib import nullcontext
        return nullcontext(Counting())

    monkeypatch.setattr(workers, "pieces", pieces)
    local = run("-", "--samples", "10", "--json", "--jobs", "2", input=GAME)
    remote = run("-", "--samples", "10", "--json", "--scheduler", "tcp://example:8786", input=GAME)
    assert local.exit_code == remote.exit_code == 0, remote.output
    assert chosen == [(2, None), (1, "tcp://example:8786")]
    assert len(seen) == 2 and all(seen)  # one advice per turn, each of its deals sent to the runner
    assert json.loads(local.output) == json.loads(remote.output)


def test_bad_input_exits_2_before_any_work(tmp_path):
    out = run("-", "--html", str(tmp_path / "missing" / "x.html"), input=GAME)
    assert out.exit_code == 2 and "cannot write" in out.output
    out = run("-", input="red 0 | B5 G2 V1 / Y6 | R4 / R6\nplay R4\n")
    assert out.exit_code == 2 and "bad game: round 1 turn 1" in out.output
    out = run(str(tmp_path / "nope.json"))
    assert out.exit_code == 2 and "cannot read" in out.output


def test_hostile_json_is_one_line():
    out = run("-", input='{"a":' * 100_000 + "1" + "}" * 100_000)
    assert out.exit_code == 2 and out.output.strip() == "arbiter: bad game: not valid JSON here: nested too deeply"
    out = run("-", "--jobs", "100000", input=GAME)
    assert out.exit_code == 2 and "--jobs" in out.output


@pytest.mark.parametrize("game, key, keep", [("realms", "steps", 12), ("stick-to-colours", "moves", 5)])
def test_every_games_play_log_is_annotated(game, key, keep, tmp_path):
    """Realms and Stick to Colours too: each move of a ``play --json`` log is marked from the mover's
    view (chance outcomes are played, not marked), with its value all cards known and the best there."""
    log = json.loads(CliRunner().invoke(cli, ["play", "--game", game, "--players", "2", "--seed", "1", "--json"]).output)
    log[key] = log[key][:keep]
    moves = [s["what"] for s in log[key] if s.get("event") == "move"] if key == "steps" else [m["move"] for m in log[key]]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    out = run(str(path), "--samples", "6", "--json", "--html", str(tmp_path / "page.html"))
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["game"] == game
    turns = data["rounds"][0]["turns"]
    assert [t["move"] for t in turns] == moves
    for t in turns:
        assert t["forced_win"] in ("kept", "threw_away", "none")
        assert t["known_value"] <= t["known_best"]
        assert (t["forced_win"] == "kept") == (t["known_value"] == t["known_best"] and t["forced_win"] != "none")
    html5lib.HTMLParser(strict=True).parse((tmp_path / "page.html").read_text(encoding="utf-8"))
