"""``arbiter score CARDS...``: the points of a Stick to Colours collection, one optimal arrangement,
and what each scoring switch would change."""

from __future__ import annotations

import click
from arbiter.model.stick_to_colours import CardError, deck_counts, fast, parse_cards, scoring_spec
from arbiter.model.stick_to_colours.cards import codes as canonical
from arbiter.model.stick_to_colours.ruleset import SCORING_SWITCHES, SWITCHES
from arbiter.model.switches import show as show_value

from ..common import echo_json, fail, pad
from . import card, ruleset


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--ruleset", "ruleset_text", help="default, or default with switches, e.g. default,runs=ascending.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def score(cards: tuple[str, ...], ruleset_text: str | None, as_json: bool) -> None:
    """Score the Stick to Colours collection CARDS (codes like R1 B9 GJ, in any case; one argument may
    hold several codes separated by spaces)."""
    rules = ruleset(ruleset_text)
    items = [c for arg in cards for c in arg.replace(",", " ").split()]
    if len(items) > 48:
        fail(f"bad cards: a collection holds at most 48 cards, got {len(items)}")
    try:
        counts = parse_cards(items, "cards", deck_counts(rules))
    except CardError as e:
        fail(f"bad cards: {e}")
    result = fast.score(counts, scoring_spec(rules))
    changes = []
    for name in SCORING_SWITCHES:
        for value in SWITCHES[name]:
            if value == getattr(rules, name):
                continue
            other = rules.with_switches(**{name: value})
            changes.append({"switch": name, "value": value, "points": fast.points(counts, scoring_spec(other))})
    if as_json:
        echo_json({"cards": canonical(counts), "ruleset": rules.to_json(), **result.to_json(),
                   "switches": changes})
        return
    click.echo(f"{result.points} points   ({' '.join(card(c) for c in canonical(counts)) or 'no cards'}; ruleset {rules})")
    for s in result.sets:
        click.echo(f"  {s.kind:<5} {pad(' '.join(card(c[:2]) + c[2:] for c in s.cards), 30)} {s.points} points")
    if not result.sets:
        click.echo("  no set")
    click.echo("Under each other reading:")
    for c in changes:
        delta = c["points"] - result.points
        note = "same" if not delta else f"{delta:+d}"
        click.echo(f"  {c['switch']}={show_value(c['value'])}: {c['points']} points ({note})")



