"""``arbiter check``: drive an engine speaking the engine protocol (or a Python function) through the
conformance vectors and seeded random cases; exit 0 agreement, 1 disagreement, 2 broken engine."""

from __future__ import annotations

import click
from arbiter.checker.engine import EngineFault, FunctionEngine, ProcessEngine, load_function
from arbiter.checker.oracle import OPS
from arbiter.checker.report import BROKEN, Report
from arbiter.checker.run import check as run_check
from arbiter.checker.vectors import load

from .common import Seconds, count, echo_json, fail
from .common import ruleset as parse_ruleset

MAX_BUDGET = 1_000_000  # random cases per op


@click.command()
@click.option("--engine", "command", metavar='"CMD ARGS"', help="Engine command line, split with shlex (no shell).")
@click.option("--engine-module", "module", metavar="PKG.MOD:FUNCTION",
              help="Check a Python function request -> answer in-process instead.")
@click.option("--ops", default=None, metavar="OP,...", help=f"Ops to check (default: all the engine serves of "
              f"{', '.join(OPS)}).")
@click.option("--ruleset", "ruleset_text", default=None, metavar="R",
              help="Only this ruleset (preset[,switch=value...]) for vectors and random cases.")
@click.option("--budget", default=200, show_default=True, type=count(MAX_BUDGET, low=0), help="Random cases per op.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the random cases.")
@click.option("--timeout-per-request", "timeout", default=5.0, show_default=True, type=Seconds(0.01, 3600),
              help="Seconds the engine has for each answer.")
@click.option("--vectors", "vectors_dir", default=None, metavar="DIR",
              help="Run the vectors of DIR (default: a fresh generation, same as conformance/).")
@click.option("--allow-stderr", is_flag=True, help="Accept an engine that logs to stderr.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check(command: str | None, module: str | None, ops: str | None, ruleset_text: str | None, budget: int,
          seed: int, timeout: float, vectors_dir: str | None, allow_stderr: bool, as_json: bool) -> None:
    """Check an engine against the model and report the smallest disagreement per op."""
    if (command is None) == (module is None):
        fail("give exactly one of --engine \"CMD ARGS\" or --engine-module pkg.mod:function")
    wanted = None
    if ops is not None:
        wanted = [op.strip() for op in ops.split(",") if op.strip()]
        unknown = [op for op in wanted if op not in OPS]
        if unknown or not wanted:
            fail(f"bad --ops: unknown op {unknown[0] if unknown else ops!r} (checkable: {', '.join(OPS)})")
    ruleset = parse_ruleset(ruleset_text) if ruleset_text is not None else None
    cases = None
    if vectors_dir is not None:
        try:
            cases = load(vectors_dir)
        except (OSError, ValueError, KeyError) as e:
            fail(f"bad --vectors {vectors_dir!r}: {e}")
    try:
        engine = (ProcessEngine(command, timeout, allow_stderr) if command is not None
                  else FunctionEngine(load_function(module), module))
    except EngineFault as fault:
        report = Report(command or module, fault=str(fault))
    else:
        report = run_check(engine, wanted, ruleset, budget, seed, cases)
    if as_json:
        echo_json(report.to_json())
    else:
        click.echo(report.to_text())
    if report.exit_code == BROKEN:
        click.echo(f"arbiter: {report.fault}", err=True)
    click.get_current_context().exit(report.exit_code)
