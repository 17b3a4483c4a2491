"""``arbiter play --human SEAT``: one round at the terminal against bots, shown from the human's seat
only; typed turns are checked, ``hint`` advises, ``undo`` takes back the human's last turn, ``quit`` stops."""

from __future__ import annotations

import sys

import click
from arbiter.model.red7.cards import ALL_CARDS, COLOUR_NAMES
from arbiter.model.red7.game import Position, apply, legal_moves
from arbiter.model.red7.view import view_of
from arbiter.solver.red7.bots import BY_NAME, turn_rng

from .advise import explain
from .advise import run as run_advice
from .common import cards

HINT_SAMPLES = 30
HINT_SECONDS = 10.0
HELP = "type a number or a turn from the list, hint, undo or quit"


def seat_lines(pos: Position, human: int) -> list[str]:
    """The table as ``human`` sees it: their own hand, every Palette, hidden hands as counts."""
    pile = cards(ALL_CARDS & ~pos.cards_in_play())
    lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}   pile below: {pile}   deck: {len(pos.deck)} cards"]
    lead = pos.leader()
    for i in range(pos.players):
        who = "you" if i == human else f"player {i}"
        hand = cards(pos.hands[i]) if i == human else f"{pos.hands[i].bit_count()} hidden cards"
        tags = (" (out)" if pos.is_out(i) else "") + (" (winning)" if lead == i else "")
        lines.append(f"  {'>' if i == pos.to_move else ' '} {who:<9}{tags:<11} palette {cards(pos.palettes[i])}"
                     f"   hand {hand}")
    return lines


def play_human(start: Position, human: int, bot_name: str, seed: int) -> None:
    """The game loop: bots move from their own view, the human types turns; one round."""
    bot = BY_NAME[bot_name]
    pos, turn = start, 0
    history: list[tuple[Position, int]] = []  # (position, turn number) at each of the human's turns
    click.echo(f"Red7, one round, ruleset {start.ruleset}: you are player {human}; the others are {bot_name} bots. "
               f"At your turn {HELP}.")
    while not pos.is_over:
        mover = pos.to_move
        if mover != human:
            text = bot(pos, turn_rng(seed, turn))
            click.echo(f"player {mover} plays: {text}")
            pos, turn = apply(pos, text), turn + 1
            continue
        click.echo("")
        click.echo("\n".join(seat_lines(pos, human)))
        texts = [str(m) for m in legal_moves(pos)]
        click.echo("Your legal turns:")
        for k, t in enumerate(texts, 1):
            click.echo(f"  {k:>2}. {t}")
        while True:
            click.echo("your turn> ", nl=False)
            line = sys.stdin.readline()
            typed = " ".join(line.split())
            answer = typed.lower()
            if not line:
                click.echo("\nEnd of input: the round stops.")
                return
            if not answer:
                continue  # an empty line asks again
            if answer == "quit":
                click.echo("You quit the round.")
                return
            if answer == "undo":
                if not history:
                    click.echo("nothing to undo: this is your first turn")
                    continue
                pos, turn = history.pop()
                click.echo("Your last turn is taken back.")
                break
            if answer == "hint":
                click.echo(f"thinking (up to {HINT_SAMPLES} deals of your view, {HINT_SECONDS:.0f} s)...")
                advice = run_advice(view_of(pos), False, HINT_SAMPLES, seed + turn, HINT_SECONDS, 1, 1, False)
                click.echo("\n".join(explain(advice)))
                continue
            chosen = _choose(answer, texts)
            if chosen is None:
                click.echo(f"not a legal turn here: {typed!r} ({HELP})")
                continue
            history.append((pos, turn))
            click.echo(f"you play: {chosen}")
            pos, turn = apply(pos, chosen), turn + 1
            break
    click.echo("")
    click.echo("\n".join(seat_lines(pos, human)))
    winner = "you win" if pos.winner == human else f"player {pos.winner} wins"
    click.echo(f"Round over: {winner}.")


def _choose(answer: str, texts: list[str]) -> str | None:
    if answer.isdecimal():
        k = int(answer)
        return texts[k - 1] if 1 <= k <= len(texts) else None
    return next((t for t in texts if t.lower() == answer), None)
