"""``arbiter play --human SEAT``: one round at the terminal against bots, shown from the human's seat
only; the human plays steps (``arbiter.model.red7.steps``: a turn that draws a card is chosen in two,
the rest once the card is seen), typed steps are checked, ``hint`` advises, ``undo`` takes back the
human's last turn, ``quit`` stops."""

from __future__ import annotations

import sys
from itertools import pairwise

import click
from arbiter.model.red7 import steps
from arbiter.model.red7.cards import COLOUR_NAMES
from arbiter.model.red7.game import Position, apply
from arbiter.model.red7.view import view_of
from arbiter.model.steps import Midturn
from arbiter.solver.red7.bots import BY_NAME, turn_rng

from .advise import explain
from .advise import run as run_advice
from .common import card, cards

HINT_SAMPLES = 30
HINT_SECONDS = 10.0
HELP = "type a number or a turn from the list, hint, undo or quit"
STEP_NOTE = "(... : you choose the rest of the turn once you have seen the card drawn)"


def to_canvas(turn: str) -> list[str]:
    """The cards a turn puts on the Canvas, in order (a hand discard, a card an Action 7 moves there)."""
    words = turn.split()
    return [code.upper() for verb, code in pairwise(words) if verb.lower() in ("discard", "canvas")]


def seat_lines(pos: Position, human: int, canvas: list[str]) -> list[str]:
    """The table as ``human`` sees it: the Canvas pile (``canvas``, in play order: the top card gives
    the rule, the cards below it are public), their own hand, every Palette, hidden hands as counts."""
    top = f" ({card(canvas[-1])} on top)" if canvas else ""
    below = " ".join(card(c) for c in canvas[:-1]) or "-"
    lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}{top}   pile below, in play order: {below}   deck: {len(pos.deck)} cards"]
    lead = pos.leader()
    for i in range(pos.players):
        who = "you" if i == human else f"player {i}"
        hand = cards(pos.hands[i]) if i == human else f"{pos.hands[i].bit_count()} hidden cards"
        tags = (" (out)" if pos.is_out(i) else "") + (" (winning)" if lead == i else "")
        lines.append(f"  {'>' if i == pos.to_move else ' '} {who:<9}{tags:<11} palette {cards(pos.palettes[i])}"
                     f"   hand {hand}")
    return lines


def play_human(start: Position, human: int, bot_name: str, seed: int) -> None:
    """The game loop: bots move from their own view, the human types steps; one round."""
    bot = BY_NAME[bot_name]
    pos, turn = start, 0
    canvas: list[str] = []  # the Canvas pile, in play order (the round starts with no card on it)
    history: list[tuple[Position, int, int]] = []  # (position, turn number, Canvas cards) at each of the human's turns
    click.echo(f"Red7, one round, ruleset {start.ruleset}: you are player {human}; the others are {bot_name} bots. "
               f"At your turn {HELP}.")
    while not pos.is_over:
        mover = pos.to_move
        if mover != human:
            text = bot(pos, turn_rng(seed, turn))
            click.echo(f"player {mover} plays: {text}")
            pos, turn = apply(pos, text), turn + 1
            canvas += to_canvas(text)
            continue
        state: Position | Midturn = pos
        shown_before = len(canvas)  # the Canvas at the turn's start, for undo
        while True:
            answer = _ask(state, human, seed + turn, canvas)
            if answer in ("quit", "end of input"):
                return
            if answer == "undo":
                if not history:
                    click.echo("nothing to undo: this is your first turn")
                    continue
                pos, turn, shown = history.pop()
                del canvas[shown:]
                click.echo("Your last turn is taken back.")
                break
            before, state = state, steps.apply_step(state, answer)
            click.echo(f"you play: {steps.shown(before, answer, state).to(human)}")
            canvas += to_canvas(answer)
            if not isinstance(state, Midturn):
                history.append((pos, turn, shown_before))
                pos, turn = state, turn + 1
                break
    click.echo("")
    click.echo("\n".join(seat_lines(pos, human, canvas)))
    winner = "you win" if pos.winner == human else f"player {pos.winner} wins"
    click.echo(f"Round over: {winner}.")


def _ask(state: Position | Midturn, human: int, seed: int, canvas: list[str]) -> str:
    """The human's next step: the table, the legal steps, then what they type (a step's text,
    ``undo``, ``quit`` or ``end of input``); hints and bad input are answered here."""
    pos = steps.now(state)
    click.echo("")
    click.echo("\n".join(seat_lines(pos, human, canvas)))
    texts = steps.steps(state)
    mid = isinstance(state, Midturn)
    click.echo(f"This turn so far: {steps.join(state.taken)}. Choose the rest:" if mid else "Your legal turns:")
    for k, t in enumerate(texts, 1):
        click.echo(f"  {k:>2}. {t}")
    if any(t.endswith(" ...") for t in texts):
        click.echo(f"  {STEP_NOTE}")
    while True:
        click.echo("your turn> ", nl=False)
        line = sys.stdin.readline()
        typed = " ".join(line.split())
        answer = typed.lower()
        if not line:
            click.echo("\nEnd of input: the round stops.")
            return "end of input"
        if not answer:
            continue  # an empty line asks again
        if answer == "quit":
            click.echo("You quit the round.")
            return answer
        if answer == "undo":
            return answer
        if answer == "hint":
            if mid:
                click.echo("hints are given at the start of a turn (the advice weighs each turn over the cards unseen)")
                continue
            click.echo(f"thinking (up to {HINT_SAMPLES} deals of your view, {HINT_SECONDS:.0f} s)...")
            advice = run_advice(view_of(pos), False, HINT_SAMPLES, seed, HINT_SECONDS, 1, 1, False)
            click.echo("\n".join(explain(advice)))
            continue
        chosen = _choose(answer, texts)
        if chosen is None:
            click.echo(f"not a legal turn here: {typed!r} ({HELP})")
            continue
        return chosen


def _choose(answer: str, texts: list[str]) -> str | None:
    if answer.isdecimal():
        k = int(answer)
        return texts[k - 1] if 1 <= k <= len(texts) else None
    exact = next((t for t in texts if t.lower() == answer), None)
    # A step that goes on may be typed without its " ...": "play R3 draw".
    return exact or next((t for t in texts if t.lower() == answer + " ..."), None)
