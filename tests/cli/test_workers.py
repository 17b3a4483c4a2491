"""--jobs and --scheduler: bad values are one line and exit 2; Ctrl-C is one line and exit 130."""

from arbiter.cli import solve as command
from arbiter.cli.main import cli
from click.testing import CliRunner

POSITION = '{"rule": "red", "to_move": 0, "players": [{"hand": ["R7"], "palette": ["G2"]}, {"hand": ["O6"], "palette": ["Y5"]}]}'


def test_bad_jobs_is_one_line_and_exit_2(tmp_path):
    batch = tmp_path / "b.jsonl"
    batch.write_text(POSITION + "\n")
    for args in (["solve", "--batch", str(batch)], ["interactions"]):
        result = CliRunner().invoke(cli, [*args, "--jobs", "0"])
        assert result.exit_code == 2 and result.stderr.startswith("arbiter: Invalid value for '--jobs': 0 is not in the range 1<=x<=256.")


def test_scheduler_without_batch_is_refused():
    result = CliRunner().invoke(cli, ["solve", POSITION, "--scheduler", "tcp://127.0.0.1:1"])
    assert result.exit_code == 2 and "--scheduler works with --batch" in result.stderr


def test_jobs_without_batch_is_refused_as_scheduler_is():
    # One position is one search here: --jobs would be as silently ignored as --scheduler.
    for jobs in ("1", "4"):
        result = CliRunner().invoke(cli, ["solve", POSITION, "--jobs", jobs])
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == "arbiter: --jobs works with --batch (one position is solved here)\n"
    assert CliRunner().invoke(cli, ["solve", POSITION]).exit_code == 0  # the default number of jobs is no request


def test_ctrl_c_is_one_line_and_exit_130(tmp_path, monkeypatch):
    batch = tmp_path / "b.jsonl"
    batch.write_text(POSITION + "\n" + POSITION + "\n")

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "solve_position", interrupted)
    result = CliRunner().invoke(cli, ["solve", "--batch", str(batch), "--jobs", "1"])
    assert result.exit_code == 130 and result.stderr == "arbiter: interrupted\n"
