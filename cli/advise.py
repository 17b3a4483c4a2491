"""``arbiter advise VIEW``: every legal turn's win share from the mover's seat (hidden cards dealt
exactly or by seeded sampling); progress on a terminal, partial results on Ctrl-C or timeout."""

from __future__ import annotations

import sys

import click
from arbiter.model import games
from arbiter.model.red7.game import PositionError
from arbiter.model.red7.notation import parse_position
from arbiter.model.red7.view import View, format_view, parse_view, view_of
from arbiter.solver.pieces import Pieces
from arbiter.solver.red7.advise import MAX_DEALS, SAMPLES, Advice, TooManyDeals
from arbiter.solver.red7.advise import advise as advise_view

from . import workers
from .common import Seconds, echo_json, fail, is_view, load_any

EXIT_UNFINISHED, EXIT_INTERRUPTED = 1, 130
HOW = {None: "", "separated": "stopped early: the best turn's interval is clear of every other's",
       "timeout": "stopped by --timeout: partial result", "interrupted": "interrupted: partial result"}


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def explain(advice: Advice) -> list[str]:
    """The shares, best first, with how many deals they rest on."""
    if advice.exact:
        how = f"all {advice.deals} consistent deals (exact)"
    elif advice.seed is None:
        how = (f"the first {advice.deals} of {advice.consistent_deals} consistent deals in enumeration order, not a "
               "sample; each interval bounds the share over all of them, whatever the rest hold")
    else:
        how = (f"{advice.deals} deals sampled of {advice.consistent_deals} consistent ones "
               f"(seed {advice.seed}); 95% intervals")
    lines = ["Win share: in how many deals of the unseen cards each turn is a forced win with all cards known",
             "(perfect information; docs/advise.md says what this over- and under-states).", f"Deals: {how}."]
    width = max((len(m.move) for m in advice.moves), default=0) + 4
    for m in advice.moves:
        text = m.move  # a turn cut at a draw ends with " ..." (arbiter.model.red7.steps), as apply takes it
        lo, hi = m.interval
        spread = "" if m.exact else f"  [{pct(lo).strip()}, {pct(hi).strip()}]"
        lines.append(f"  {text:<{width}} {pct(m.win_share)}{spread}  {m.wins}/{m.deals}")
    if any(m.continues for m in advice.moves):
        lines.append("  (... : the rest of the turn is chosen after seeing the card drawn)")
    if advice.stopped:
        lines.append(HOW[advice.stopped] + f" after {advice.deals} deals.")
    lines.append(f"{advice.nodes} nodes in {advice.seconds:.2f} s")
    return lines


def _progress(stream):
    def show(a: Advice) -> None:
        best = a.best
        lead = f"; best {best.move} {pct(best.win_share).strip()}" if best else ""
        total = a.consistent_deals if a.exact else a.samples
        stream.write(f"\radvise: {a.deals}/{total} deals{lead}\033[K")
        stream.flush()
    return show


def run(view: View, exact: bool, samples: int, seed: int, timeout: float | None, jobs: int, max_deals: int,
        show_progress: bool = True, runner: Pieces | None = None) -> Advice:
    """Advise ``view`` from the CLI (its deals solved by ``runner``, else ``jobs`` local processes):
    refuse too many deals with exit 2, show progress on a terminal."""
    stderr = sys.stderr
    tty = show_progress and stderr.isatty()
    try:
        advice = advise_view(view, exact=exact, samples=samples, seed=seed, timeout=timeout, jobs=jobs,
                             max_deals=max_deals, progress=_progress(stderr) if tty else None, pieces=runner)
    except TooManyDeals as e:
        fail(f"--exact: {e}")
    except PositionError as e:
        fail(f"bad view: {e}")
    if tty:
        stderr.write("\r\033[K")
    return advice


@click.command()
@click.argument("view")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--exact", is_flag=True, help="Enumerate every consistent deal (refused past --max-deals).")
@click.option("--samples", type=click.IntRange(min=1), default=SAMPLES, show_default=True,
              help="Deals to sample (all of them, exactly, when there are no more).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--timeout", type=Seconds(), help="Stop after this many seconds (exit 1; a finite number, at most a day).")
@click.option("--max-deals", type=click.IntRange(min=1), default=MAX_DEALS, show_default=True,
              help="The most deals --exact enumerates.")
@click.option("--hide", is_flag=True,
              help="VIEW is a whole position (e.g. from arbiter deal): hide the other hands and the deck first.")
@workers.options("deals")
def advise(view: str, as_json: bool, exact: bool, samples: int, seed: int, timeout: float | None, max_deals: int,
           hide: bool, jobs: int, scheduler: str | None) -> None:
    """For each legal turn of the player to move in VIEW, its win share: the share of the deals of the
    unseen cards consistent with the view in which the turn is a forced win with all cards known.

    VIEW is a position (file, - for stdin, inline JSON or text) in which an opponent's hand and the
    deck may be counts of hidden cards, plus an optional canvas list (docs/notation.md, Views);
    with --hide, a whole position seen from the mover's seat (arbiter deal | arbiter advise - --hide).
    The deals are solved in pieces of ten, here, in --jobs processes or on a Dask cluster
    (--scheduler); the answer is the same. Exit 1 when --timeout stopped it, 130 on Ctrl-C (both
    print the deals done so far)."""
    game, text = load_any(view)
    if game != "red7":
        fail(f"advise takes a Red7 view, got a {games.info(game).name} one")
    try:
        seat = view_of(parse_position(text)) if hide else parse_view(text)
    except PositionError as e:
        if hide and is_view(text):
            fail("--hide takes a whole position (all cards shown); this is already a view")
        fail(f"bad view: {e}")
    with workers.pieces(jobs, scheduler) as runner:
        advice = run(seat, exact, samples, seed, timeout, jobs, max_deals, runner=runner)
    if as_json:
        echo_json(advice.to_json())
    else:
        pos = seat.position
        click.echo(f"View of player {pos.to_move} (to move): {format_view(seat)}")
        click.echo("\n".join(explain(advice)))
    if advice.stopped == "interrupted":
        click.echo("arbiter: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    if advice.stopped == "timeout":
        sys.exit(EXIT_UNFINISHED)

