"""``arbiter play --human SEAT``: one game at the terminal against bots, for every game, shown from the
human's seat only. The human plays steps (``model/steps.py``: a turn that draws a card, or a Realms
Tree, is chosen in two, the rest once the card is seen); typed steps are checked, ``hint`` advises,
``undo`` takes back the human's last turn, ``quit`` stops. The bots choose from their own seat only
(``solver/bots.py``); the game loop, undo and hints are written once, each game gives its screen (``screen`` and ``final``
in ``cli/<game>.py``)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click
from arbiter.model import games
from arbiter.model.steps import unmarked
from arbiter.solver import bots

from .advise import explain
from .advise import run as run_advice
from .common import game_cli

HINT_SAMPLES = 30
HINT_SECONDS = 10.0
HELP = "type a number or a turn from the list, hint, undo or quit"
STEP_NOTE = "(... : you choose the rest once you have seen the card)"


def scores_final(pos: Any, human: int, said: list[str]) -> list[str]:
    names = ["you" if i == human else ("bot" if i >= pos.players else f"player {i}") for i in range(len(pos.scores))]
    return ["Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, pos.scores, strict=True))]


@dataclass(frozen=True)
class HumanGame:
    """A game at the terminal: its bots' side (``solver/bots.py``), its name, its screen (the lines
    ``(view, state, human)`` shows the human at a decision: ``state`` is a state consistent with what
    the human has seen, so only the human's side of it may show) and the lines at the end."""

    name: str
    bots: bots.Game
    screen: Callable[[Any, Any, int, list[str]], list[str]]
    final: Callable[[Any, int, list[str]], list[str]]


def human_game(game: str) -> HumanGame:
    """The table of ``game`` at the terminal: its bots (``solver/<game>/bots.py``) and, from its CLI
    module (``cli/<game>.py``), its name there (``HUMAN_NAME``), its ``screen`` and its ``final``
    lines (the scores, where it gives none of its own)."""
    cli = game_cli(game)
    solver_bots = importlib.import_module(games.info(game).module("solver") + ".bots")
    return HumanGame(cli.HUMAN_NAME, solver_bots.GAME, cli.screen, getattr(cli, "final", scores_final))


class _Undo(Exception):
    """The human asked to take back their last turn (``mid``: from inside a turn in progress)."""

    def __init__(self, mid: bool) -> None:
        super().__init__("undo")
        self.mid = mid


class _Stop(Exception):
    """The human quit, or the input ended."""


def play_human(start: Any, human: int, bot_name: str, seed: int, game: str = games.DEFAULT) -> None:
    """The game loop: bots move from their own seat, the human types steps. ``undo`` plays the game
    again from the deal with the human's earlier steps, silently up to where it was taken back
    (the bots and chance are seeded by the step, so they play as before)."""
    table = human_game(game)
    bot = bots.BOTS[bots.ALIASES.get(bot_name, bot_name)]
    kept: list[str] = []  # the human's steps so far
    starts: list[int] = []  # where in ``kept`` each of the human's turns starts
    click.echo(f"{table.name}, ruleset {start.ruleset}: you are player {human}; the others are {bot_name} bots. "
               f"At your turn {HELP}.")
    while True:
        try:
            last, said = _run(table, start, human, bot, seed, kept, starts)
        except _Undo as e:
            if e.mid:
                del kept[starts.pop():]  # the turn in progress
            del kept[starts.pop():]
            click.echo("Your last turn is taken back.")
            continue
        except _Stop:
            return
        break
    click.echo("")
    click.echo("\n".join(table.final(last, human, said)))
    winners = list(table.bots.winners(last))
    named = " and ".join("you" if w == human else ("the bot" if w >= last.players else f"player {w}")
                        for w in winners) or "nobody"
    click.echo(f"Game over: {named} {'win' if human in winners or len(winners) > 1 else 'wins'}.")


def _run(table: HumanGame, start: Any, human: int, bot: bots.Bot, seed: int, kept: list[str],
         starts: list[int]) -> tuple[Any, list[str]]:
    """One pass of the game from the deal, the human's ``kept`` steps replayed silently first; the
    last state and every event as the human was shown it (a Red7 screen keeps the Canvas pile in
    play order from them). Raises _Undo or _Stop from the human's input."""
    replay = list(kept)
    said: list[str] = []
    quiet = float("inf") if replay else -1  # events up to this step are the replay's: not shown again

    def human_step(seen: bots.Seen, k: int) -> str:
        nonlocal quiet
        if replay:
            if not replay[1:]:
                quiet = k
            return replay.pop(0)
        state = table.bots.consistent(seen, bots.bot_rng(seed, k), 1)[0]
        done = len(starts) - (1 if seen.taken else 0)  # the human's turns finished before this one
        step = _ask(table, seen, state, human, seed + k, done > 0, said)
        if not seen.taken:
            starts.append(len(kept))
        kept.append(step)
        return step

    choosers: dict[int, bots.Chooser] = {
        i: (lambda seen, k: bot(table.bots, seen, bots.bot_rng(seed, k))) for i in range(start.players)}
    choosers[human] = human_step
    last = start
    for k, event in enumerate(bots.play(table.bots, start, choosers, seed)):
        last = event.after
        said.append(event.shown.to(human))
        if k > quiet:
            who = ("you play" if event.player == human else "chance" if event.player is None
                   else f"player {event.player} plays")
            click.echo(f"{who}: {said[-1]}")
    return last, said


def _ask(table: HumanGame, seen: bots.Seen, state: Any, human: int, seed: int, can_undo: bool,
         said: list[str]) -> str:
    """The human's next step: the table, the legal steps, then what they type (a step's text or its
    number, ``undo``, ``quit``); hints and bad input are answered here."""
    click.echo("")
    click.echo("\n".join(table.screen(seen.view, state, human, said)))
    texts = list(table.bots.steps(state))
    mid = bool(seen.taken)
    click.echo(f"This turn so far: {' '.join(unmarked(t) for t in seen.taken)}. Choose the rest:" if mid
               else "Your legal turns:")
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
            click.echo("\nEnd of input: the game stops.")
            raise _Stop
        if not answer:
            continue  # an empty line asks again
        if answer == "quit":
            click.echo("You quit the game.")
            raise _Stop
        if answer == "undo":
            if not can_undo:
                click.echo("nothing to undo: this is your first turn")
                continue
            raise _Undo(mid)
        if answer == "hint":
            if mid:
                click.echo("hints are given at the start of a turn (the advice weighs each step over the cards unseen)")
                continue
            click.echo(f"thinking (up to {HINT_SAMPLES} deals of your view, {HINT_SECONDS:.0f} s)...")
            advice = run_advice(seen.view, False, HINT_SAMPLES, seed, HINT_SECONDS, 1, None, False,
                                game=table.bots.name)
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
