"""``arbiter advise VIEW``: every legal turn's win share from the mover's seat (hidden cards dealt
exactly or by seeded sampling); progress on a terminal, partial results on Ctrl-C or timeout."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import click
from arbiter.model import games
from arbiter.solver.advise import MAX_DEALS, SAMPLES, Advice, OutOfReach, TooManyDeals
from arbiter.solver.maxn import SELF_NODES
from arbiter.solver.pieces import Pieces

from . import workers
from .common import SEED, Seconds, echo_json, fail, game_cli, load_any

EXIT_UNFINISHED, EXIT_INTERRUPTED = 1, 130
HOW = {None: "", "separated": "stopped early: the best turn's interval is clear of every other's",
       "timeout": "stopped by --timeout: partial result", "interrupted": "interrupted: partial result"}


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def value(advice: Advice, x: float) -> str:
    m = advice.measures[0]
    return pct(x) if m.binary or (m.low, m.high) == (0, 1) else f"{x:+6.2f}"  # a share, or a chance, in percent


def explain(advice: Advice) -> list[str]:
    """The shares (or means), best first, with how many deals they rest on."""
    unfinished = [m for m in advice.moves if not m.exact] if advice.exact else []
    if unfinished:  # best defence stopped part way: every deal is in, but not every turn's value
        how = (f"all {advice.deals} consistent deals; exact for {len(advice.moves) - len(unfinished)} of "
               f"{len(advice.moves)} turns, the other {len(unfinished)} not finished (each shows its sure range)")
    elif advice.exact:
        how = f"all {advice.deals} consistent deals (exact)"
    elif advice.seed is None:
        how = (f"the first {advice.deals} of {advice.consistent_deals} consistent deals in enumeration order, not a "
               "sample; each interval bounds the share over all of them, whatever the rest hold")
    else:
        how = (f"{advice.deals} deals sampled of {advice.consistent_deals} consistent ones "
               f"(seed {advice.seed}); 95% intervals")
    measure = advice.measures[0]
    game = advice.seat.game if advice.seat else games.DEFAULT
    lines = list(seat_of(game).headings.get(measure.name, (f"Measure: {measure.text}", f"({measure.note}).")))
    if len(advice.measures) > 1:
        lines[0] = f"Measure: {measure.text}"
        lines[1] = f"({measure.note})."
        lines.insert(1, "Beside a turn where it differs: " + "; ".join(f"{m.name}: {m.text}" for m in
                                                                       advice.measures[1:]))
    lines.append(f"Deals: {how}." if measure.binary else f"Deals: {how}".replace("95% intervals", "95% intervals "
                                                                                  "(normal approximation)") + ".")
    if advice.bounded:
        lines.append(f"Bounded: {advice.bounded} of {advice.deals} deals bounded (the self-interested search stops at "
                     f"{SELF_NODES} nodes a deal: such a deal's value is a sure range, counted at its middle; "
                     "'range' is the mean's sure range over the deals, the interval widened by it).")
    width = max((len(m.move) for m in advice.moves), default=0) + 4
    for m in advice.moves:
        text = m.text
        lo, hi = m.interval
        cut = m.bounded_deals(0)
        spread = "" if m.exact and not cut else f"  [{value(advice, lo).strip()}, {value(advice, hi).strip()}]"
        if unfinished and not m.exact:
            count = "not finished"
        else:
            count = f"{m.wins:g}/{m.deals}" if measure.binary else f"over {m.deals}"
        if cut:
            a, b = m.range_of(0)
            count += f" ({cut} bounded: range {value(advice, a).strip()}-{value(advice, b).strip()})"
        extra = "".join(f"   {other.name} {value(advice, m.mean(k)).strip()}" for k, other in
                        enumerate(advice.measures[1:], 1) if m.mean(k) != m.mean(0))
        shown = f"{'?':>6}" if unfinished and not m.exact else value(advice, m.win_share)
        lines.append(f"  {text:<{width}} {shown}{spread}  {count}{extra}")
    if any(m.continues for m in advice.moves):
        lines.append("  (... : the rest of the turn is chosen after seeing the hidden card)")
    if advice.stopped:
        done = (f"{len(advice.moves) - len(unfinished)} of {len(advice.moves)} turns finished" if unfinished else
                f"after {advice.deals} deals")
        lines.append(f"{HOW[advice.stopped]}{':' if unfinished else ''} {done}.")
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


def run(view: Any, exact: bool, samples: int, seed: int, timeout: float | None, jobs: int, max_deals: int | None,
        show_progress: bool = True, runner: Pieces | None = None, game: str = games.DEFAULT, best_defence: bool = False,
        **options: Any) -> Advice:
    """Advise ``view`` (a view of ``game``) from the CLI (its deals solved by ``runner``, else ``jobs``
    local processes): refuse too many deals with exit 2, show progress on a terminal. With
    ``best_defence``, the exact best-defence value beside the win share instead (``solver/defence.py``)."""
    stderr = sys.stderr
    tty = show_progress and stderr.isatty()
    seat = seat_of(game)
    try:
        if best_defence:
            advice = seat.best_defence(view, timeout=timeout, jobs=jobs, pieces=runner,
                                       **({} if max_deals is None else {"max_deals": max_deals}), **options)
        else:
            advice = seat.advise(view, exact=exact, samples=samples, seed=seed, timeout=timeout, jobs=jobs,
                                 max_deals=MAX_DEALS if max_deals is None else max_deals,
                                 progress=_progress(stderr) if tty else None, pieces=runner, **options)
    except TooManyDeals as e:
        fail(f"{'--best-defence' if best_defence else '--exact'}: {e}")
    except OutOfReach as e:
        fail(f"--best-defence: {e}")
    except ValueError as e:  # every game's PositionError
        fail(f"bad view: {e}")
    if tty:
        stderr.write("\r\033[K")
    return advice


@dataclass(frozen=True)
class GameSeat:
    """A game's side of ``advise``, given by the ``advice_seat()`` hook of its CLI module
    (``cli/<game>.py``): its views (read, or made from a whole position with --hide), the library
    call, how to write a view, and what the shared command says of it."""

    name: str  # the game as advise's messages name it
    parse_view: Callable[[str], Any]
    hide: Callable[[str], Any]
    advise: Callable[..., Advice]
    format_view: Callable[[Any], str]
    best_defence: Callable[..., Advice] | None = None
    takes: frozenset[str] = frozenset()  # the game's own options of the command its advise takes ("tricks")
    headings: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # a measure's two lines, said the game's way


def on_call(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported at its first call: a seat's best-defence search (and ``fractions``,
    which the exact values use) is loaded when --best-defence asks for it, not at every advise's start-up."""
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)
    return call


def seated(game: str) -> bool:
    """Whether ``game`` gives advise a seat (its CLI module has the ``advice_seat`` hook)."""
    try:
        return hasattr(games.layer(game, "cli"), "advice_seat")
    except games.UnknownGame:
        return False


@cache
def seat_of(game: str) -> GameSeat:
    """The seat of ``game``, built the first time from its CLI module's hook: advice on a Red7 view
    imports no other game's solver."""
    return game_cli(game).advice_seat()


@click.command()
@click.argument("view")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--exact", is_flag=True, help="Enumerate every consistent deal (refused past --max-deals).")
@click.option("--samples", type=click.IntRange(min=1), default=SAMPLES, show_default=True,
              help="Deals to sample (all of them, exactly, when there are no more).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--timeout", type=Seconds(), help="Stop after this many seconds (exit 1; a finite number, at most a day).")
@click.option("--max-deals", type=click.IntRange(min=1),
              help=f"The most deals --exact enumerates (default {MAX_DEALS}; with --best-defence, the game's own "
                   "limit, which the refusal names).")
@click.option("--hide", is_flag=True,
              help="VIEW is a whole position (e.g. from arbiter deal): hide the other hands and the deck first.")
@click.option("--tricks", type=click.IntRange(1, 7),
              help="Realms: the horizon of the trick values, in tricks (default 1: the trick in progress).")
@click.option("--self-interested", "self_interested", is_flag=True,
              help="3-4 players: rank by the value against opponents who each play for themselves (max-n, "
                   "equally good moves equally likely), the coalition's value beside it.")
@click.option("--best-defence", "best_defence", is_flag=True,
              help="Small views: the exact value of each turn for a player who sees only this view and what play "
                   "shows, against opponents who see every card (best defence), the win share beside it.")
@workers.options("deals")
def advise(view: str, as_json: bool, exact: bool, samples: int, seed: int, timeout: float | None,
           max_deals: int | None, hide: bool, tricks: int | None, self_interested: bool, best_defence: bool, jobs: int,
           scheduler: str | None) -> None:
    """For each legal turn of the player to move in VIEW, its value over the deals of the unseen cards
    consistent with the view, every card known in each: Red7, the share in which the turn is a forced
    win; Realms, the tricks it makes sure of (--tricks); Stick to Colours, the margin it forces by the
    end of the turn.

    VIEW is a view of any game (file, - for stdin, inline JSON or text) in which another player's
    hand and the deck (or pile) may be counts of hidden cards (docs/notation.md, Views); with
    --hide, a whole position seen from the mover's seat (arbiter deal | arbiter advise - --hide).
    The deals are solved in pieces of ten, here, in --jobs processes or on a Dask cluster
    (--scheduler); the answer is the same. Exit 1 when --timeout stopped it, 130 on Ctrl-C (both
    print the deals done so far)."""
    game, text = load_any(view)
    if not seated(game):
        fail(f"advise takes a view of {', '.join(g for g in games.GAMES if seated(g))}, "
             f"got a {games.info(game).name} one")
    seat = seat_of(game)
    if tricks is not None and "tricks" not in seat.takes:
        takers = [seat_of(g).name for g in games.GAMES if seated(g) and "tricks" in seat_of(g).takes]
        fail(f"--tricks is for {' and '.join(takers)} views (the horizon of its trick values)")
    try:
        shown = seat.hide(text) if hide else seat.parse_view(text)
    except ValueError as e:
        if hide and _is_view(seat, text):
            fail("--hide takes a whole position (all cards shown); this is already a view")
        fail(f"bad view: {e}")
    if best_defence and seat.best_defence is None:
        fail(f"--best-defence is not built for {games.info(game).name} views")
    if best_defence and (exact or self_interested):
        fail("--best-defence is exact over every consistent deal; it takes neither --exact nor --self-interested")
    options: dict[str, Any] = {"tricks": tricks} if tricks is not None else {}
    if self_interested:
        options["self_interested"] = True
    # this process first: local workers start only once the deals have taken HERE_SECONDS (pieces.here_first)
    with workers.pieces(jobs, scheduler, here_first=True) as runner:
        advice = run(shown, exact, samples, seed, timeout, jobs, max_deals, runner=runner, game=game,
                     best_defence=best_defence, **options)
    if as_json:
        echo_json({"game": game, **advice.to_json()})
    else:
        click.echo(f"View of player {shown.me} (to move): {seat.format_view(shown)}")
        click.echo("\n".join(explain(advice)))
    if advice.stopped == "interrupted":
        click.echo("arbiter: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    if advice.stopped == "timeout":
        sys.exit(EXIT_UNFINISHED)


def _is_view(seat: GameSeat, text: str) -> bool:
    try:
        seat.parse_view(text)
    except ValueError:
        return False
    return True
