"""``arbiter play``: a seeded game of random legal turns, logged turn by turn (with an Advanced
ruleset, a whole match: rounds, banked cards, scores and the final winner)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

import click
from arbiter.model.games import GAMES
from arbiter.model.red7.cards import COLOUR_NAMES, codes
from arbiter.model.red7.game import deal, points
from arbiter.model.red7.match import Event, GameEnd, RoundEnd, RoundStart, Turn
from arbiter.model.red7.match import play as play_game
from arbiter.model.red7.notation import format_text, position_to_json
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver.red7.bots import BOTS

from .common import cards, echo_json, fail, game_cli, given
from .common import ruleset as parse_ruleset
from .deal import check_players
from .human import play_human

REASONS = {
    "round": "the round is over",
    "target": "a player reached the target score",
    "cannot_deal": "a new hand cannot be dealt to everyone",
}


def _went_out(before: int, e: Turn) -> list[int]:
    """Players put out by this turn (the mover, or a next player with no hand cards)."""
    return [i for i in range(e.position.players) if (e.position.out & ~before) >> i & 1]


def game_json(players: int, seed: int, ruleset: Ruleset, events: Iterable[Event]) -> dict[str, Any]:
    rounds: list[dict[str, Any]] = []
    result: dict[str, Any] = {"players": players, "seed": seed, "ruleset": ruleset.to_json(), "rounds": rounds}
    out_before = 0
    for e in events:
        if isinstance(e, RoundStart):
            rounds.append({"round": e.round_number, "start": format_text(e.position),
                           "position": position_to_json(e.position), "turns": []})
            out_before = e.position.out
        elif isinstance(e, Turn):
            rounds[-1]["turns"].append({"player": e.player, "move": str(e.move), "rule": COLOUR_NAMES[e.position.rule],
                                        "out": _went_out(out_before, e)})
            out_before = e.position.out
        elif isinstance(e, RoundEnd):
            rounds[-1].update({"winner": e.winner, "banked": codes(e.banked), "points": points(e.banked),
                               "scores": e.scores})
        elif isinstance(e, GameEnd):
            result.update({"reason": e.reason, "winners": e.winners, "scores": e.scores,
                           "banked": [codes(m) for m in e.banked]})
    return result


def game_lines(events: Iterable[Event]) -> Iterable[str]:
    """The log of a game as lines of text, yielded as the game is played."""
    out_before = 0
    turn = 0
    for e in events:
        if isinstance(e, RoundStart):
            out_before, turn = e.position.out, 0
            yield f"Round {e.round_number}: {format_text(e.position)}"
        elif isinstance(e, Turn):
            turn += 1
            note = "".join(f"; player {i} is out" for i in _went_out(out_before, e))
            out_before = e.position.out
            yield f"  {turn:>3}. player {e.player}: {e.move}   [Canvas {COLOUR_NAMES[e.position.rule]}{note}]"
        elif isinstance(e, RoundEnd):
            line = f"Round {e.round_number} won by player {e.winner}"
            if e.scores is not None:
                line += f"; banks {cards(e.banked)} ({points(e.banked)} points); scores {' '.join(map(str, e.scores))}"
            yield line
        elif isinstance(e, GameEnd):
            who = " and ".join(f"player {w}" for w in e.winners) or "nobody"
            verb = "share the win" if len(e.winners) > 1 else "wins"
            yield f"Game over ({REASONS[e.reason]}): {who} {verb}."


@click.command()
@click.option("--game", "game", type=click.Choice(list(GAMES)), default="red7", show_default=True,
              help="Which game to play.")
@click.option("--players", type=int, help="Number of players (Red7: 2 to 4, default 2).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deals and of the random turns.")
@click.option("--ruleset", "ruleset_text",
              help="Preset and switches, e.g. advanced or advanced+actions,final_tie=most_cards (default: the "
                   "game's default preset, for Red7 basic).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the log.")
@click.option("--human", type=int, metavar="SEAT",
              help="Red7: play one round yourself from this seat (0-based) at the terminal.")
@click.option("--bots", type=click.Choice(BOTS), default="solver", show_default=True,
              help="With --human: how the other seats choose, each from its own view.")
def play(game: str, players: int | None, seed: int, ruleset_text: str | None, as_json: bool, human: int | None,
         bots: str) -> None:
    """Play a seeded game of random legal turns and log it turn by turn (Red7 Advanced: a whole match).

    With --human SEAT, play one round yourself against bots, seeing only your own hand: type a turn
    (or its number), hint (advice for your view), undo (take back your last turn) or quit."""
    if human is None and given(click.get_current_context(), "bots"):
        fail("--bots chooses how the other seats play against --human SEAT; without --human every turn is random")
    if game != "red7":
        if human is not None:
            fail("--human is for Red7 only")
        game_cli(game).play(players, seed, ruleset_text, as_json)
        return
    players = 2 if players is None else players
    ruleset_text = "basic" if ruleset_text is None else ruleset_text
    check_players(players)
    rules = parse_ruleset(ruleset_text)
    if human is not None:
        if not 0 <= human < players:
            fail(f"bad --human: a seat 0 to {players - 1}, got {human}")
        if as_json:
            fail("--human plays at the terminal; it has no --json log")
        try:
            play_human(deal(players, seed, rules), human, bots, seed)
        except KeyboardInterrupt:
            click.echo("\narbiter: interrupted", err=True)
            sys.exit(130)
        return
    events = play_game(players, seed, rules)
    if as_json:
        echo_json(game_json(players, seed, rules, events))
    else:
        for line in game_lines(events):
            click.echo(line)
