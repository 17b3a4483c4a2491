"""``arbiter check``: drive an engine speaking the engine protocol (or a Python function) through the
conformance vectors and seeded random cases within its declared capabilities; exit 0 agreement,
1 disagreement, 2 broken engine or bad input, 130 interrupted."""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable

import click
from arbiter.checker.engine import EngineFault, FunctionEngine, ProcessEngine, load_function
from arbiter.checker.games import DEFAULT_GAME, PLUGINS
from arbiter.checker.games import plugin as game_plugin
from arbiter.checker.report import BROKEN, Fault, Report
from arbiter.checker.run import check as run_check
from arbiter.checker.vectors import VectorError, load
from arbiter.checker.witness import Budget

from .common import SEED, Seconds, count, echo_json, fail

EXIT_INTERRUPTED = 130

MAX_BUDGET = 1_000_000  # random cases per op


@click.command()
@click.option("--engine", "command", metavar='"CMD ARGS"', help="Engine command line, split with shlex (no shell).")
@click.option("--engine-module", "module", metavar="PKG.MOD:FUNCTION",
              help="Check a Python function request -> answer in-process instead.")
@click.option("--game", default=DEFAULT_GAME, show_default=True, type=click.Choice(sorted(PLUGINS)),
              help="The game whose model the engine is checked against.")
@click.option("--ops", default=None, metavar="OP,...",
              help="Ops to check (default: every op the engine serves that the checker knows).")
@click.option("--ruleset", "ruleset_text", default=None, metavar="R",
              help="Only this ruleset (preset[,switch=value...]) for vectors and random cases.")
@click.option("--budget", default=200, show_default=True, type=count(MAX_BUDGET, low=0), help="Random cases per op.")
@click.option("--seed", default=0, show_default=True, type=SEED, help="Seed of the random cases.")
@click.option("--timeout-per-request", "timeout", default=5.0, show_default=True, type=Seconds(0.01, 3600),
              help="Seconds the engine has for each answer.")
@click.option("--vectors", "vectors_dir", default=None, metavar="DIR",
              help="Run the vectors of DIR with their expected answers (default: a fresh generation, the same "
                   "as conformance/<game>/).")
@click.option("--search-budget", "search_tries", default=400, show_default=True, type=count(100_000, low=0),
              help="Engine calls each witness search may spend (and 2 s of CPU) looking for a smaller witness.")
@click.option("--edge-cases", is_flag=True,
              help="Also send inputs no game reaches (an empty Palette in play...), labelled as edge cases.")
@click.option("--allow-stderr", is_flag=True, help="Accept an engine that logs to stderr.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check(command: str | None, module: str | None, game: str, ops: str | None, ruleset_text: str | None,
          budget: int, seed: int, timeout: float, vectors_dir: str | None, search_tries: int, edge_cases: bool,
          allow_stderr: bool, as_json: bool) -> None:
    """Check an engine against the model: the readings it follows, then one finding per cause of its
    other failures, each with its smallest witness."""
    plugin = game_plugin(game)
    if (command is None) == (module is None):
        fail("give exactly one of --engine \"CMD ARGS\" or --engine-module pkg.mod:function")
    if command is not None and not command.strip():
        fail("bad --engine: the command is empty")
    wanted = None
    if ops is not None:
        wanted = [op.strip() for op in ops.split(",") if op.strip()]
        unknown = [op for op in wanted if op not in plugin.ops]
        if unknown or not wanted:
            fail(f"bad --ops: unknown op {unknown[0] if unknown else ops!r} (checkable: {', '.join(plugin.ops)})")
    ruleset = None
    if ruleset_text is not None:
        try:
            ruleset = plugin.parse_ruleset(ruleset_text)
        except ValueError as e:
            fail(f"bad --ruleset: {e}")
    try:
        cases = load(vectors_dir, plugin) if vectors_dir is not None else None
    except VectorError as e:
        fail(f"bad --vectors: {e}")
    except KeyboardInterrupt:
        _interrupted()
    engine = None
    previous = signal.getsignal(signal.SIGINT)

    def on_sigint(signum: int, frame: object) -> None:
        # One interrupt is enough: later ones are ignored while the engine is stopped and the
        # command exits, and the engine refuses every later request, so that an interrupt that some
        # library swallows still ends the check at the next request.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if engine is not None:
            engine.stop()
        raise KeyboardInterrupt

    unraisable = sys.unraisablehook

    def quiet_interrupt(info: object) -> None:
        # An interrupt raised inside a callback the interpreter runs on its own (a garbage
        # collection hook, an import lock's) is "ignored" with a traceback on stderr; the stopped
        # engine raises it again at the next request, so it needs no message.
        if not isinstance(getattr(info, "exc_value", None), KeyboardInterrupt):
            unraisable(info)

    try:
        sys.unraisablehook = quiet_interrupt
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, on_sigint)
        try:
            engine = (ProcessEngine(command, timeout, allow_stderr) if command is not None
                      else FunctionEngine(load_function(module), module))
        except EngineFault as fault:
            report = Report(command or module, game, fault=Fault(str(fault)))
        else:
            report = run_check(engine, wanted, ruleset, budget, seed, cases, game, edge_cases, _progress(),
                               Budget(search_tries))
    except KeyboardInterrupt:
        if engine is not None:
            engine.abort()
        _interrupted()
    finally:
        sys.unraisablehook = unraisable
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, previous)
        if sys.stderr.isatty():
            click.echo("\r\033[K", err=True, nl=False)  # clear the progress line
    if as_json:
        echo_json(report.to_json())
    else:
        click.echo(report.to_text())
    if report.exit_code == BROKEN:
        click.echo(f"arbiter: {report.fault.message}", err=True)
    click.get_current_context().exit(report.exit_code)


def _progress() -> Callable[[str], None] | None:
    """On a terminal, the case being sent on one stderr line, at most ten times a second."""
    if not sys.stderr.isatty():
        return None
    last = [0.0]

    def show(source: str) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.1:
            last[0] = now
            click.echo(f"\r\033[Kchecking: {source[:100]}", err=True, nl=False)
    return show


def _interrupted() -> None:
    click.echo("arbiter: interrupted", err=True)
    click.get_current_context().exit(EXIT_INTERRUPTED)
