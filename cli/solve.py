"""``arbiter solve POSITION``: the exact endgame answer (who can force the round, with which
moves, along which line, which cards are dead); ``--batch FILE.jsonl`` solves one position a line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from arbiter.model import games
from arbiter.model.red7.cards import COLOUR_NAMES, card_code
from arbiter.model.red7.game import Position, PositionError, apply
from arbiter.model.red7.notation import parse_position, position_from_json
from arbiter.solver import SolveResult
from arbiter.solver import solve as solve_position

from .common import card, cards, echo_json, fail, game_cli, load, load_any, red7_position

EXIT_UNKNOWN = 1  # a limit stopped the search before the answer


def verdict(result: SolveResult) -> str:
    pos = result.position
    if result.winner is None:
        if not result.solved:
            return "unknown (the search stopped before an answer)"
        return "nobody can force the round win: any player can be stopped by the others together"
    who = f"player {result.winner}" + (" (to move)" if result.winner == pos.to_move else "")
    how = "wins" if pos.players == 2 else "can force the round win against all the others"
    points = f", banking {result.points} points" if result.points is not None else ""
    return f"{who} {how}{points}"


def narrate(result: SolveResult) -> list[str]:
    """The principal line turn by turn: who plays what, what the rule is then and who goes out."""
    pos = result.position
    lines = []
    for k, text in enumerate(result.line, 1):
        mover = pos.to_move
        nxt = apply(pos, text)
        gone = [i for i in range(pos.players) if nxt.is_out(i) and not pos.is_out(i)]
        lead = nxt.leader()
        state = f"rule {COLOUR_NAMES[nxt.rule]}"
        if lead is not None:
            state += f", player {lead} winning"
        if gone:
            state += "; out: " + ", ".join(f"player {i}" for i in gone)
        lines.append(f"  {k:>2}. player {mover}: {text:<28} {state}")
        pos = nxt
    if lines and pos.is_over:
        lines.append(f"      round over: player {pos.winner} wins")
    return lines


def explain(result: SolveResult, all_moves: bool = False) -> list[str]:
    """The verdict, the winning moves (or every move), the principal line and the dead cards."""
    lines = [f"Verdict: {verdict(result)}"]
    shown = result.moves if all_moves else [m for m in result.moves if m.outcome == "win"]
    title = "Every move" if all_moves else "Winning moves"
    lines.append(f"{title}:" + ("" if shown else " none"))
    for m in shown:
        extra = f"  ({m.points} points)" if m.points is not None else ""
        lines.append(f"  {m.move:<28} {m.outcome}{extra}")
    if result.line:
        lines.append("Principal line:")
        lines.extend(narrate(result))
    if result.dead_cards is not None:
        lines.append("Dead cards (in no winning line): " + (" ".join(map(card, result.dead_cards)) or "none"))
    return lines


def render(result: SolveResult, all_moves: bool = False, work: bool = True) -> list[str]:
    """The position drawn, then ``explain``; with ``work`` the nodes and seconds spent."""
    pos = result.position
    lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}   player {pos.to_move} to move   ruleset: {pos.ruleset}"]
    for i in range(pos.players):
        mark = ">" if i == pos.to_move else " "
        tag = " (out)" if pos.is_out(i) else ""
        lines.append(f"{mark} player {i}{tag}  hand {cards(pos.hands[i])}   palette {cards(pos.palettes[i])}")
    if pos.deck:
        lines.append("  deck (top first): " + " ".join(card(card_code(c)) for c in pos.deck))
    lines.extend(explain(result, all_moves))
    if work:
        lines.append(f"{result.result}: {result.nodes} nodes in {result.seconds:.2f} s"
                     + (f" ({result.stopped})" if result.stopped else ""))
    return lines


def _load(arg: str) -> Position:
    """A POSITION argument, or a puzzle file of examples/puzzles (its ``position`` object)."""
    path = Path(arg)
    if path.suffix == ".json" and path.is_file():
        try:
            obj = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            obj = None  # let the common loader report it
        if isinstance(obj, dict) and "position" in obj and "answer" in obj:
            try:
                return position_from_json(obj["position"])
            except PositionError as e:
                fail(f"bad puzzle position in {arg}: {e}")
    return load(arg)


def _game_of(arg: str) -> tuple[str, str]:
    """The game and text of a POSITION argument, a puzzle file's position telling the game."""
    game, text = load_any(arg)
    try:
        obj = json.loads(text)
    except ValueError:
        return game, text
    if isinstance(obj, dict) and "position" in obj and "answer" in obj:
        return games.game_of_json(obj["position"]), text
    return game, text


def _read_batch(path: str) -> list[Position]:
    """Every position of a JSON-lines file (blank lines skipped); bad input fails naming the line."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"cannot read {path!r}: {e}")
    positions = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            positions.append(parse_position(line))
        except PositionError as e:
            fail(f"{path} line {number}: bad position: {e}")
    return positions


@click.command()
@click.argument("position", required=False)
@click.option("--batch", "batch", metavar="FILE.jsonl", help="Solve one position per line (- for stdin).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (with --batch: one object per line).")
@click.option("--all-moves", is_flag=True, help="List every legal move with its outcome, not only the winning ones.")
@click.option("--max-nodes", type=click.IntRange(min=1), help="Stop after this many nodes (result: unknown).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), help="Stop after this many seconds.")
def solve(position: str | None, batch: str | None, as_json: bool, all_moves: bool, max_nodes: int | None,
          timeout: float | None) -> None:
    """Solve POSITION exactly (a file, - for stdin, inline JSON or text notation, or a puzzle file
    of examples/puzzles; all hands open,
    the deck order known): who can force the round win, every winning move, a principal line and
    the dead cards. Exit 1 when a limit stopped the search (result: unknown)."""
    if (position is None) == (batch is None):
        fail("give either a POSITION or --batch FILE.jsonl")
    if batch is not None:
        _solve_batch(batch, as_json, max_nodes, timeout)
        return
    game, text = _game_of(position)
    if game != "red7":
        game_cli(game).solve(text, as_json, all_moves, max_nodes, timeout)
        return
    pos = red7_position(game, text) if position == "-" else _load(position)
    result = solve_position(pos, max_nodes=max_nodes, timeout=timeout)
    if as_json:
        echo_json(result.to_json())
    else:
        click.echo("\n".join(render(result, all_moves)))
    if not result.solved:
        sys.exit(EXIT_UNKNOWN)


def _stderr():
    """The stream progress goes to (read at call time, so click's test runner can capture it)."""
    return sys.stderr


def _solve_batch(path: str, as_json: bool, max_nodes: int | None, timeout: float | None) -> None:
    positions = _read_batch(path)
    unknown = 0
    stderr = _stderr()
    with click.progressbar(positions, label="solving", file=stderr, hidden=not stderr.isatty()) as bar:
        for k, pos in enumerate(bar, 1):
            result = solve_position(pos, max_nodes=max_nodes, timeout=timeout)
            unknown += not result.solved
            if as_json:
                click.echo(json.dumps(result.to_json()))
            else:
                click.echo(f"{k}: {verdict(result)}; winning moves: {', '.join(result.winning_moves) or 'none'}")
    if unknown:
        sys.exit(EXIT_UNKNOWN)
