"""Stick to Colours for the CLI: what ``arbiter show`` and ``arbiter play --game stick-to-colours``
print (dispatched here by game), and the ruleset option read once for every command of this game."""

from __future__ import annotations

import random
from typing import Any

import click
from arbiter.model.stick_to_colours import (
    DEFAULT,
    Position,
    PositionError,
    Ruleset,
    RulesetError,
    apply,
    deal,
    format_text,
    legal_moves,
    parse_position,
    position_to_json,
)
from arbiter.model.stick_to_colours.cards import COLOURS, card_code, codes
from arbiter.model.stick_to_colours.game import Slot

from ..common import echo_json, fail

_FG = dict(zip(COLOURS, ("red", "blue", "green"), strict=True))


def ruleset(text: str | None) -> Ruleset:
    """A ``--ruleset`` option (``default`` or ``default,bid=count``), or fail."""
    if text is None:
        return DEFAULT
    try:
        return Ruleset.parse(text)
    except RulesetError as e:
        fail(f"bad --ruleset: {e}")


def position(text: str) -> Position:
    try:
        return parse_position(text)
    except PositionError as e:
        fail(f"bad position: {e}")


def card(code: str) -> str:
    return click.style(code, fg=_FG[code[0]], bold=True)


def cards(items: list[str]) -> str:
    return " ".join(card(c) for c in items) or "-"


def slot(s: Slot) -> str:
    text = str(s)
    return card(text[:2]) + text[2:]


def seat_name(i: int, pos: Position) -> str:
    """A seat as the CLI names it: players from 0, then the bot (``common.finished`` asks too)."""
    return "bot" if i == pos.players else f"player {i}"


def render(pos: Position) -> list[str]:
    status = "game over" if pos.is_over else f"player {pos.to_move} to move"
    lines = [(f"Stick to Colours, {pos.players} players   ruleset: {pos.ruleset}   dealer: player {pos.dealer}   "
             f"{status}   legal moves: {len(legal_moves(pos))}")]
    lines.append("  market: " + (" ".join(slot(s) for s in pos.market) or "-"))
    if pos.auction:
        a = pos.auction
        passed = ", ".join(f"player {i}" for i in range(pos.players) if a.passed >> i & 1) or "nobody"
        lines.append(f"  auction of {slot(a.lot)}: leading bid {a.high} refusals by player {a.leader}; "
                     f"player {a.bidder} to bid; passed: {passed}")
        for i, r in enumerate(a.refused):
            if sum(r):
                lines.append(f"    player {i} refused from hand (face down): {cards(codes(r))}")
    for i, hand in enumerate(pos.hands):
        mark = ">" if i == pos.to_move else " "
        supply = f"   tokens in supply {pos.supply[i]}" if i < pos.players else ""
        lines.append(f"{mark} {seat_name(i, pos):<9} {pos.scores[i]:>3} points   {cards(codes(hand))}{supply}")
    top = codes_of(pos.deck[:5])
    lines.append(f"  deck: {len(pos.deck)} cards" + (f" (top first: {cards(top)}{' ...' if len(pos.deck) > 5 else ''})"
                                                     if pos.deck else ""))
    lines.append(f"  discard: {sum(pos.discard)} cards")
    if pos.is_over:
        who = " and ".join(seat_name(i, pos) for i in pos.winners)
        lines.append(f"Game over: {who} {'share the victory' if len(pos.winners) > 1 else 'wins'}.")
    return lines


def codes_of(deck: tuple[int, ...]) -> list[str]:
    return [card_code(c) for c in deck]


def show_json(pos: Position) -> dict[str, Any]:
    return {"position": position_to_json(pos), "notation": format_text(pos), "to_move": pos.to_move,
            "legal_moves": len(legal_moves(pos)), "scores": list(pos.scores),
            "winners": list(pos.winners) if pos.is_over else None}


def show(text: str, as_json: bool) -> None:
    pos = position(text)
    if as_json:
        echo_json(show_json(pos))
    else:
        click.echo("\n".join(render(pos)))


def play_game(players: int, seed: int, rules: Ruleset) -> tuple[Position, list[tuple[int, str]], Position]:
    """A seeded game of random legal decisions: the deal, (player, move) pairs, the end."""
    rng = random.Random(seed)
    start = pos = deal(players, seed, rules)
    log = []
    while not pos.is_over:
        moves = legal_moves(pos)
        move = moves[rng.randrange(len(moves))]
        log.append((pos.to_move, str(move)))
        pos = apply(pos, move)
    return start, log, pos


def game_options(players: int | None, ruleset_text: str | None) -> tuple[int, Ruleset]:
    """``--players`` and ``--ruleset`` of ``arbiter play --game stick-to-colours``, or fail."""
    players = 3 if players is None else players
    if not 2 <= players <= 4:
        fail(f"bad --players: Stick to Colours takes 2 to 4 players, got {players}")
    rules = ruleset(ruleset_text)
    if rules.market_clear == "never":
        fail("bad --ruleset: with market_clear=never a game of random moves need not end")
    return players, rules


def human_deal(players: int | None, seed: int, ruleset_text: str | None) -> Position:
    """The deal of ``arbiter play --game stick-to-colours --human``."""
    players, rules = game_options(players, ruleset_text)
    return deal(players, seed, rules)


def play(players: int | None, seed: int, ruleset_text: str | None, as_json: bool) -> None:
    players, rules = game_options(players, ruleset_text)
    start, log, end = play_game(players, seed, rules)
    if as_json:
        echo_json({"game": "stick-to-colours", "players": players, "seed": seed, "ruleset": rules.to_json(),
                   "start": format_text(start), "moves": [{"player": p, "move": m} for p, m in log],
                   "scores": list(end.scores), "winners": list(end.winners), "end": position_to_json(end)})
        return
    click.echo(f"Deal: {format_text(start)}")
    for k, (p, m) in enumerate(log, 1):
        click.echo(f"  {k:>3}. player {p}: {m}")
    names = [seat_name(i, end) for i in range(len(end.hands))]
    click.echo("Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, end.scores, strict=True)))
    who = " and ".join(names[i] for i in end.winners)
    click.echo(f"Game over: {who} {'share the victory' if len(end.winners) > 1 else 'wins'}.")


def _puzzle_or_position(text: str) -> Position:
    """A position, or the position of a puzzle file of examples/puzzles/stick-to-colours."""
    import json

    try:
        obj = json.loads(text)
    except ValueError:
        obj = None
    if isinstance(obj, dict) and "position" in obj and "answer" in obj:
        text = json.dumps(obj["position"])
    return position(text)


def _batch_line(k: int, result) -> str:
    if not result.solved:
        return f"{k}: unknown ({result.stopped}); best decisions: not known"
    return (f"{k}: player {result.player} {result.outcome}, margin {result.margin:+d}; best decisions: "
            f"{', '.join(result.best_moves)}")


def _solvable(line: str) -> Position:
    """A batch line: a position the solver takes (a finished game or market_clear=never is bad input)."""
    from arbiter.solver.stick_to_colours import check

    pos = parse_position(line)
    if not pos.is_over:  # a finished game: read_batch says who won
        check(pos)
    return pos


def solve_result(text: str, tricks: int | None, max_nodes: int | None, timeout: float | None):
    """The solver's answer for the Stick to Colours position (or puzzle) ``text``, or fail."""
    from arbiter.solver.stick_to_colours import solve as solve_position

    if tricks is not None:
        fail("--tricks is for Realms positions")
    try:
        return solve_position(_puzzle_or_position(text), max_nodes=max_nodes, timeout=timeout)
    except PositionError as e:
        fail(f"bad position: {e}")


def solve(text: str | None, batch: str | None, as_json: bool, all_moves: bool, max_nodes: int | None,
          timeout: float | None, tricks: int | None, *, jobs: int = 1, scheduler: str | None = None) -> None:
    """``arbiter solve`` on a Stick to Colours position: the margin the player to move can force,
    the best decisions (or every decision) and a principal line; exit 1 when a limit stopped it. With
    ``batch``, one position a line, solved on the shared workers (``jobs`` or ``scheduler``)."""
    from arbiter.solver.stick_to_colours import solve as solve_position

    if tricks is not None:
        fail("--tricks is for Realms positions")
    if batch is not None:
        from ..solve import read_batch, run_batch

        run_batch(solve_position, read_batch(batch, _solvable, PositionError, "stick-to-colours"),
                  lambda pos: (pos, max_nodes, timeout), _batch_line, as_json, jobs, scheduler, batch)
        return

    result = solve_result(text, tricks, max_nodes, timeout)
    pos = result.position
    if as_json:
        echo_json(result.to_json())
    else:
        who = f"player {result.player}"
        if not result.solved:
            click.echo(f"Verdict: unknown ({result.stopped}); {len(result.moves)} decisions valued so far")
        else:
            said = {"win": f"{who} can force the win", "shared": f"{who} can force a shared victory at best",
                    "loss": f"{who} cannot avoid losing"}[result.outcome]
            click.echo(f"Verdict: {said}, final margin {result.margin:+d} under best play")
        shown = result.moves if all_moves else [m for m in result.moves if m.margin == result.margin]
        click.echo(("Every decision:" if all_moves else "Best decisions:") + ("" if shown else " none"))
        for m in shown:
            click.echo(f"  {m.move:<40} margin {m.margin:+d}")
        if result.line:
            click.echo("Principal line:")
            mover = pos
            for k, move in enumerate(result.line, 1):
                click.echo(f"  {k:>3}. player {mover.to_move}: {move}")
                mover = apply(mover, move)
            click.echo("  scores: " + ", ".join(f"{seat_name(i, mover)} {s}" for i, s in enumerate(mover.scores)))
        click.echo(f"({result.nodes} nodes, {result.seconds:.2f} s)")
    if not result.solved:
        raise SystemExit(1)


# play --human (cli/human.py): the table as the human's seat sees it

HUMAN_NAME = "Stick to Colours"


def screen(view: Any, state: Any, human: int, said: list[str]) -> list[str]:
    pos = view.position
    lines = [(f"Stick to Colours   deck: {view.deck} cards   market: {' '.join(slot(s) for s in pos.market) or '-'}"
             f"   discards you know (face up, and your own): {' '.join(codes(pos.discard)) or '-'}")]
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
            down = f"; discarded {hidden.discarded} face down" if hidden.discarded else ""
            lines.append(f"  {mark} {who:<9} took face up {known}; {hidden.dealt} cards dealt unseen{down}; holds "
                         f"{hidden.holds} cards")
    return lines


# advise's seat (cli/advise.py)

def advice_seat():
    from arbiter.model.stick_to_colours.view import format_view, parse_view, start_view
    from arbiter.solver.stick_to_colours.advise import advise

    from ..advise import GameSeat, on_call

    best_defence = on_call("arbiter.solver.stick_to_colours.defence", "best_defence")
    return GameSeat("Stick to Colours", parse_view, lambda text: start_view(parse_position(text)), advise, format_view,
                    best_defence)
