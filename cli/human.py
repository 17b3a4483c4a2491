"""``arbiter play --human SEAT``: one game at the terminal against bots, for every game, shown from the
human's seat only. The human plays steps (``model/steps.py``: a turn that draws a card, or a Realms
Tree, is chosen in two, the rest once the card is seen); typed steps are checked, ``hint`` advises,
``undo`` takes back the human's last turn, ``quit`` stops. The bots choose from their own seat only
(``solver/bots.py``); the game loop, undo and hints are written once, each game gives its screen."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import click
from arbiter.model.red7 import steps as red7_steps
from arbiter.model.red7.cards import ALL_CARDS, COLOUR_NAMES
from arbiter.model.red7.game import Position
from arbiter.model.steps import Midturn, unmarked
from arbiter.solver import bots

from .advise import explain
from .advise import run as run_advice
from .common import card, cards

HINT_SAMPLES = 30
HINT_SECONDS = 10.0
HELP = "type a number or a turn from the list, hint, undo or quit"
STEP_NOTE = "(... : you choose the rest once you have seen the card)"


def to_canvas(shown: list[str]) -> list[str]:
    """The cards the steps ``shown`` put on the Canvas, in order (a hand discard, a card an Action 7 moves there)."""
    words = " ".join(shown).split()
    return [code.upper() for verb, code in pairwise(words) if verb.lower() in ("discard", "canvas")]


def seat_lines(pos: Position, human: int, canvas: list[str] | None = None) -> list[str]:
    """The Red7 table as ``human`` sees it: the Canvas pile (``canvas``, in play order when known: the
    top card gives the rule, the cards below it are public; else the pile's cards), their own hand,
    every Palette, hidden hands as counts."""
    if canvas is None:
        pile = cards(ALL_CARDS & ~pos.cards_in_play())
        lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}   pile below: {pile}   deck: {len(pos.deck)} cards"]
    else:
        top = f" ({card(canvas[-1])} on top)" if canvas else ""
        below = " ".join(card(c) for c in canvas[:-1]) or "-"
        deck = f"deck: {len(pos.deck)} cards"
        lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}{top}   pile below, in play order: {below}   {deck}"]
    lead = pos.leader()
    for i in range(pos.players):
        who = "you" if i == human else f"player {i}"
        hand = cards(pos.hands[i]) if i == human else f"{pos.hands[i].bit_count()} hidden cards"
        tags = (" (out)" if pos.is_out(i) else "") + (" (winning)" if lead == i else "")
        lines.append(f"  {'>' if i == pos.to_move else ' '} {who:<9}{tags:<11} palette {cards(pos.palettes[i])}"
                     f"   hand {hand}")
    return lines


def _red7_screen(view: Any, state: Any, human: int, shown: list[str]) -> list[str]:
    return seat_lines(red7_steps.now(state) if isinstance(state, Midturn) else state, human, to_canvas(shown))


def _realms_screen(view: Any, state: Any, human: int, shown: list[str]) -> list[str]:
    from arbiter.model.realms.cards import COLOUR_NAMES as REALMS_COLOURS
    from arbiter.model.realms.cards import codes
    from arbiter.model.realms.game import current_ruling
    from arbiter.model.realms.notation import play_text

    from .realms import _cards

    pos = view.position
    marker = current_ruling(pos)
    lines = [(f"Realms round {pos.round}   marker {'-' if marker is None else REALMS_COLOURS[marker]}   "
             f"draw pile: {view.pile} cards   discard pile: {_cards(codes(pos.discard))}")]
    for i in range(pos.players):
        who = "you" if i == human else f"player {i}"
        hand = _cards(codes(pos.hands[i])) if i == human else f"{view.hidden[i]} hidden cards"
        tags = " (dealer)" if i == pos.dealer else ""
        lines.append(f"  {'>' if i == pos.to_move else ' '} {who:<9}{tags:<9} score {pos.scores[i]:>3}   hand {hand}")
    played, leading = [], True
    for k, p in enumerate(pos.trick):
        played.append(f"{'you' if pos.player_of(k) == human else f'player {pos.player_of(k)}'} {play_text(p, leading)}")
        leading = leading and p is None
    lines.append(f"  trick (led by {'you' if pos.leader == human else f'player {pos.leader}'}): "
                 f"{', '.join(played) or '-'}")
    return lines


def _stick_screen(view: Any, state: Any, human: int, shown: list[str]) -> list[str]:
    from arbiter.model.stick_to_colours.cards import codes

    from .stick_to_colours import slot

    pos = view.position
    lines = [(f"Stick to Colours   deck: {view.deck} cards   market: {' '.join(slot(s) for s in pos.market) or '-'}"
             f"   public discards: {' '.join(codes(pos.discard)) or '-'}")]
    if pos.auction:
        a = pos.auction
        lines.append(f"  auction of {slot(a.lot)}: leading bid {a.high} refusals by "
                     f"{'you' if a.leader == human else f'player {a.leader}'}")
        for i, r in enumerate(a.refused):
            hidden = view.hidden[i]
            if i == human and sum(r):
                lines.append(f"    you refused from hand: {' '.join(codes(r))}")
            elif hidden is not None and hidden.refused:
                lines.append(f"    player {i} refused {hidden.refused} cards from hand (face down)")
    for i, hidden in enumerate(view.hidden):
        who = "you" if i == human else ("bot" if i == pos.players else f"player {i}")
        mark = ">" if i == pos.to_move else " "
        if hidden is None:
            lines.append(f"  {mark} {who:<9} {pos.scores[i]:>3} points   hand {' '.join(codes(pos.hands[i])) or '-'}")
        else:
            known = " ".join(codes(hidden.known)) or "-"
            lines.append(f"  {mark} {who:<9} took face up {known}; {hidden.dealt} cards dealt unseen; holds "
                         f"{hidden.holds} cards")
    return lines


def _red7_final(pos: Any, human: int, shown: list[str]) -> list[str]:
    return seat_lines(pos, human, to_canvas(shown))


def _scores_final(pos: Any, human: int, shown: list[str]) -> list[str]:
    names = ["you" if i == human else ("bot" if i >= pos.players else f"player {i}") for i in range(len(pos.scores))]
    return ["Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, pos.scores, strict=True))]


@dataclass(frozen=True)
class HumanGame:
    """A game at the terminal: its bots' side (``solver/bots.py``), its name, its screen (the lines
    ``(view, state, human, shown)`` shows the human at a decision (``shown``: every step so far as
    shown to them): ``state`` is a state consistent with what
    the human has seen, so only the human's side of it may show) and the lines at the end."""

    name: str
    bots: bots.Game
    screen: Callable[[Any, Any, int, list[str]], list[str]]
    final: Callable[[Any, int, list[str]], list[str]]


def human_game(game: str) -> HumanGame:
    if game == "red7":
        from arbiter.solver.red7.bots import GAME

        return HumanGame("Red7, one round", GAME, _red7_screen, _red7_final)
    if game == "realms":
        from arbiter.solver.realms.bots import GAME

        return HumanGame("Realms", GAME, _realms_screen, _scores_final)
    from arbiter.solver.stick_to_colours.bots import GAME

    return HumanGame("Stick to Colours", GAME, _stick_screen, _scores_final)


class _Undo(Exception):
    """The human asked to take back their last turn (``mid``: from inside a turn in progress)."""

    def __init__(self, mid: bool) -> None:
        super().__init__("undo")
        self.mid = mid


class _Stop(Exception):
    """The human quit, or the input ended."""


def play_human(start: Any, human: int, bot_name: str, seed: int, game: str = "red7") -> None:
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
            last, shown = _run(table, start, human, bot, seed, kept, starts)
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
    click.echo("\n".join(table.final(last, human, shown)))
    winners = list(table.bots.winners(last))
    said = " and ".join("you" if w == human else ("the bot" if w >= last.players else f"player {w}")
                        for w in winners) or "nobody"
    click.echo(f"Game over: {said} {'win' if human in winners or len(winners) > 1 else 'wins'}.")


def _run(table: HumanGame, start: Any, human: int, bot: bots.Bot, seed: int, kept: list[str],
         starts: list[int]) -> tuple[Any, list[str]]:
    """One pass of the game from the deal, the human's ``kept`` steps replayed silently first; the
    last state and every step as the human was shown it. Raises _Undo or _Stop from the human's input."""
    replay = list(kept)
    shown: list[str] = []  # every step so far as the human was shown it
    quiet = float("inf") if replay else -1  # events up to this step are the replay's: not shown again

    def human_step(seen: bots.Seen, k: int) -> str:
        nonlocal quiet
        if replay:
            if not replay[1:]:
                quiet = k
            return replay.pop(0)
        state = table.bots.consistent(seen, bots.bot_rng(seed, k), 1)[0]
        done = len(starts) - (1 if seen.taken else 0)  # the human's turns finished before this one
        step = _ask(table, seen, state, human, seed + k, done > 0, shown)
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
        shown.append(event.shown.to(human))
        if k > quiet:
            who = ("you play" if event.player == human else "chance" if event.player is None
                   else f"player {event.player} plays")
            click.echo(f"{who}: {event.shown.to(human)}")
    return last, shown


def _ask(table: HumanGame, seen: bots.Seen, state: Any, human: int, seed: int, can_undo: bool,
         shown: list[str]) -> str:
    """The human's next step: the table, the legal steps, then what they type (a step's text or its
    number, ``undo``, ``quit``); hints and bad input are answered here."""
    click.echo("")
    click.echo("\n".join(table.screen(seen.view, state, human, shown)))
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
