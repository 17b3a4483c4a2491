"""``arbiter interactions``: bounded rule-interaction queries (never-deciding cards, cards that
never win, turns never needed to win, interacting reading switches) over a stated scope, cached."""

from __future__ import annotations

from pathlib import Path

import click
from arbiter.model.red7.notation import format_text, position_from_json
from arbiter.proofs.cache import Cache, default_dir
from arbiter.proofs.red7.interactions import SCOPES, find

from . import workers
from .common import echo_json

SHOWN_PAIRS = 15  # interacting pairs listed in the text output (all in --json)


def _text(data: dict) -> list[str]:
    lines = [f"Scope {data['scope']['name']}, seed {data['seed']}", "", "Cards that never decide (z3, 1-3 opponents):"]
    for rule, cards in data["never_decides"].items():
        lines.append(f"  {rule:<7} {' '.join(cards) or '-'}")
    never = data["never_wins"]
    lines += ["", "Cards that never win (live for a mover who forces the win):", f"  scope: {never['scope']}",
              f"  never win: {' '.join(never['never_wins']) or 'none'}",
              f"  {'card':<5} {'in hand':>8} {'wins':>6}  smallest win"]
    for c in never["cards"]:
        where = format_text(position_from_json(c["witness"]["position"])) if "witness" in c else "-"
        lines.append(f"  {c['card']:<5} {c['in_hand']:>8} {c['wins']:>6}  {where}")
    for q in data["never_needed"]:
        lines += ["", f"Turns that are the only way to win ({q['preset']}):", f"  scope: {q['scope']}",
                  (f"  mover forces the win in {q['mover_wins']} of {q['solved']} solved; "
                  f"never needed: {', '.join(q['never_needed']) or 'none'}"),
                  f"  {'kind':<17} {'needed':>7}  smallest witness"]
        for k in q["kinds"]:
            where = format_text(position_from_json(k["witness"]["position"])) if "witness" in k else "-"
            lines.append(f"  {k['kind']:<17} {k['needed']:>7}  {where}")
    pairs = data["switch_pairs"]
    lines += ["", "Reading switches whose effects depend on each other:", f"  scope: {pairs['scope']}",
              (f"  {len(pairs['pairs'])} of {pairs['pairs_checked']} pairs interact in some of {pairs['solved']} "
              f"solved positions (gated: one switch is read only when the other is flipped)"),
              f"  {'switches':<48} {'base':<17} {'positions':>9}  smallest witness"]
    for p in pairs["pairs"][:SHOWN_PAIRS]:
        name = " x ".join(p["switches"]) + (" (gated)" if p["gated"] else "")
        where = format_text(position_from_json(p["witness"]["position"]))
        lines.append(f"  {name:<48} {p['base']:<17} {p['positions']:>9}  {where}")
    if len(pairs["pairs"]) > SHOWN_PAIRS:
        lines.append(f"  ... {len(pairs['pairs']) - SHOWN_PAIRS} more (--json lists every pair with its outcomes)")
    return lines


def _realms_text(data: dict) -> list[str]:
    lines = [f"Realms, scope {data['scope']['name']}, seed {data['seed']}", "",
             "Cards that never win a trick (z3, tricks of 2-6 plays):"]
    for reading, cards in data["never_wins"].items():
        lines.append(f"  {reading:<30} {' '.join(cards) or '-'}")
    lines += ["", "Specials that never matter (z3: taking the Special out never changes the winning card):"]
    never = [f"{s['special']} ({s['reading']})" for s in data["specials"] if not s["matters"]]
    lines.append(f"  {', '.join(never) or 'none: every Special changes some trick under every reading'}")
    for s in data["specials"]:
        if s["matters"] and s["reading"] == "default":
            w = s["witness"]
            lines.append(f"  {s['special']}: {' '.join(w['cards'])} from {w['ruling']} -> {w['winner'] or 'nobody'}; "
                         f"without it {w['without']['winner'] or 'nobody'}")
    pairs = data["switch_pairs"]
    lines += ["", "Trick readings that change the winner only together:", f"  scope: {pairs['scope']}",
              f"  {len(pairs['pairs'])} of {pairs['pairs_checked']} pairs",
              f"  {'switches':<52} {'sampled':>9}  smallest trick (z3)"]
    for p in pairs["pairs"]:
        z = p["smallest"]
        where = (f"{' '.join(z['cards'])} from {z['ruling']}: {z['winners']['default'] or 'nobody'} -> "
                 f"{z['winners'][p['switches']] or 'nobody'}") if z else "none of 2-3 plays"
        lines.append(f"  {p['switches']:<52} {p['jointly']:>4}/{p['compared']:<4}  {where}")
    return lines


@click.command()
@click.option("--game", type=click.Choice(["red7", "realms"]), default="red7", show_default=True,
              help="Whose rules to query.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: never_decides plus the query results.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the card pool and the samples.")
@click.option("--scope", type=click.Choice(sorted(SCOPES)), default="small", show_default=True,
              help="How many positions the queries look at.")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Cache directory (default $ARBITER_CACHE_DIR, else $XDG_CACHE_HOME/arbiter or ~/.cache/arbiter).")
@click.option("--no-cache", is_flag=True, help="Recompute everything (and refresh the cache).")
@workers.options("positions solved")
def interactions(game: str, as_json: bool, seed: int, scope: str, cache_dir: Path | None, no_cache: bool, jobs: int,
                 scheduler: str | None) -> None:
    """Rule interactions within a stated scope: cards that never decide or never win, turns that
    are never the only way to win, pairs of reading switches that interact. With --game realms:
    cards that never win per reading, Specials that never matter, trick readings that change the
    winner only together."""
    def progress(message: str) -> None:
        click.echo(f"interactions: {message}", err=True)

    if game == "realms":
        from arbiter.proofs.realms.interactions import find as find_realms

        search, text = find_realms, _realms_text
    else:
        search, text = find, _text
    with workers.pieces(jobs, scheduler) as runner:
        run = search(scope, seed, Cache(cache_dir or default_dir()), progress, refresh=no_cache, pieces=runner)
    progress(f"{'read from the cache' if run.cached else 'computed'} in {run.seconds:.1f} s")
    if as_json:
        echo_json(run.data)
    else:
        click.echo("\n".join(text(run.data)))
