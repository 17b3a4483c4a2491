"""Red7 at the command line: what ``show``, ``play`` and ``solve`` print for a Red7 position or game
(the shared commands in ``cli/`` read the arguments and hand a Red7 text here, as they hand a Realms
one to ``cli/realms.py``)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import click
from arbiter.model import games
from arbiter.model.red7 import steps as red7_steps
from arbiter.model.red7.cards import COLOUR_NAMES, COLOURS, CardMask, card_code, codes
from arbiter.model.red7.fast import leader, qualifying_mask
from arbiter.model.red7.game import Position, PositionError, apply, deal, legal_moves, points
from arbiter.model.red7.notation import format_text, parse_position, position_from_json, position_to_json
from arbiter.model.red7.ruleset import Ruleset, RulesetError
from arbiter.model.steps import Midturn
from arbiter.solver.red7 import SolveResult
from arbiter.solver.red7 import solve as solve_position

from ..common import echo_json, fail, pad

# Modules only some commands need are imported by those (``arbiter advise`` loads this module and
# pays every import here at start-up): explore (deal, moves), match (play), the solve command's batches.
if TYPE_CHECKING:
    from arbiter.model.red7.match import Event, Turn

# cards and rulesets at the command line

# 256-colour terminal codes; the basic 8 colours have no orange, indigo or violet.
_FG = dict(zip(COLOURS, (196, 208, 226, 40, 33, 63, 171), strict=True))


def card(code: str) -> str:
    return click.style(code, fg=_FG[code[0]], bold=True)


def cards(mask: CardMask, empty: str = "-") -> str:
    """Cards strongest first, each in its colour; ``empty`` for none."""
    return " ".join(card(c) for c in codes(mask)) or empty


def parse_ruleset(text: str) -> Ruleset:
    """A ruleset option (``advanced`` or ``advanced,final_tie=most_cards``), or fail."""
    try:
        return Ruleset.parse(text)
    except RulesetError as e:
        fail(f"bad --ruleset: {e}")


# reading positions


def red7_position(game: str, text: str) -> Position:
    """The Red7 position of a text ``load_any`` read, or fail (also when it is another game's)."""
    if game != "red7":
        fail(f"this command takes a Red7 position, got a {games.info(game).name} one")
    try:
        return parse_position(text)
    except PositionError as e:
        if is_view(text):
            fail("this command takes a whole position (every card shown); this is a view, which advise takes")
        fail(f"bad position: {e}")


def is_view(text: str) -> bool:
    """Whether ``text`` is a Red7 view (a position with hidden hands or a Canvas pile)."""
    from arbiter.model.red7.view import parse_view

    try:
        parse_view(text)
    except PositionError:
        return False
    return True



# show


def rules_explained(pos: Position) -> list[dict[str, Any]]:
    """For each rule: who is winning, each player's qualifying cards, and why in words."""
    rows = []
    for rule, name in enumerate(COLOUR_NAMES):
        players = []
        for i, palette in enumerate(pos.palettes):
            q = codes(qualifying_mask(rule, palette))
            players.append({"player": i, "out": pos.is_out(i), "qualifying": q, "count": len(q),
                            "highest": q[0] if q else None})
        winning = leader(rule, pos.palettes, pos.out, pos.ruleset)
        rows.append({"rule": name, "canvas": rule == pos.rule, "winning": winning, "players": players,
                     "why": _why(pos, winning, players)})
    return rows


def _why(pos: Position, winning: int | None, players: list[dict[str, Any]]) -> str:
    competing = [p for p in players if not p["out"]]
    if winning is None:
        return "nobody has a qualifying card"
    best = players[winning]
    if not best["count"]:
        top = codes(pos.palettes[winning])[0]
        return f"nobody has a qualifying card; the highest card {top} decides"
    rivals = sorted((p for p in competing if p["player"] != winning), key=lambda p: p["count"], reverse=True)
    cards_word = "card" if best["count"] == 1 else "cards"
    if not rivals or not rivals[0]["count"]:
        return f"{best['count']} {cards_word}; nobody else qualifies"
    second = rivals[0]
    if second["count"] < best["count"]:
        return f"{best['count']} {cards_word} against {second['count']} (player {second['player']})"
    tied = [p for p in rivals if p["count"] == best["count"]]
    against = ", ".join(f"{p['highest']} (player {p['player']})" for p in tied)
    return f"{best['count']} {cards_word} each; highest {best['highest']} beats {against}"


def show_json(pos: Position) -> dict[str, Any]:
    return {"position": position_to_json(pos), "notation": format_text(pos), "legal_turns": len(legal_moves(pos)),
            "rules": rules_explained(pos)}


def position_lines(pos: Position) -> list[str]:
    """The position and its explanation as lines of coloured text."""
    status = f"round over, player {pos.winner} won" if pos.is_over else f"player {pos.to_move} to move"
    canvas = click.style(COLOUR_NAMES[pos.rule], bold=True)
    lines = [f"Canvas: {canvas}   {status}   ruleset: {pos.ruleset}   legal turns: {len(legal_moves(pos))}"]
    for i in range(pos.players):
        mark = ">" if i == pos.to_move and not pos.is_over else " "
        tags = " (out)" if pos.is_out(i) else ""
        score = f"   score {pos.scores[i]}" if pos.scores is not None else ""
        lines.append(f"{mark} player {i}{tags:<6}  hand {pad(cards(pos.hands[i]), 22)}"
                     f"palette {pad(cards(pos.palettes[i]), 22)}{score}".rstrip())
    deck = " ".join(card(card_code(c)) for c in pos.deck) or "-"
    lines.append(f"  deck (top first): {deck}")
    lines.append("Winning under each rule (most qualifying cards, then the highest of them):")
    for row in rules_explained(pos):
        who = "nobody" if row["winning"] is None else f"player {row['winning']}"
        mark = ">" if row["canvas"] else " "
        quals = "  ".join(f"P{p['player']} " + (" ".join(card(c) for c in p["qualifying"]) or "-")
                          for p in row["players"] if not p["out"])
        lines.append(f"{mark} {row['rule']:<7} {who:<9} {row['why']}")
        lines.append(f"            {quals}")
    return lines


def show(text: str, as_json: bool) -> None:
    """``arbiter show`` for a Red7 position: the position drawn, who is winning under each rule and why."""
    pos = red7_position("red7", text)
    if as_json:
        echo_json(show_json(pos))
    else:
        click.echo("\n".join(position_lines(pos)))


# play


REASONS = {
    "round": "the round is over",
    "target": "a player reached the target score",
    "cannot_deal": "a new hand cannot be dealt to everyone",
}


def _went_out(before: int, e: Turn) -> list[int]:
    """Players put out by this turn (the mover, or a next player with no hand cards)."""
    return [i for i in range(e.position.players) if (e.position.out & ~before) >> i & 1]


def game_json(players: int, seed: int, ruleset: Ruleset, events: Iterable[Event]) -> dict[str, Any]:
    from arbiter.model.red7.match import GameEnd, RoundEnd, RoundStart, Turn

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
    from arbiter.model.red7.match import GameEnd, RoundEnd, RoundStart, Turn

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


def check_players(players: int) -> None:
    if not 2 <= players <= 4:
        fail(f"bad --players: Red7 takes 2 to 4 players, got {players}")


def human_deal(players: int | None, seed: int, ruleset_text: str | None) -> Any:
    players = 2 if players is None else players
    check_players(players)
    return deal(players, seed, parse_ruleset("basic" if ruleset_text is None else ruleset_text))


def deal_position(players: int | None, seed: int, ruleset_text: str | None, as_json: bool) -> None:
    """``arbiter deal`` for Red7: 7 cards a hand, 1 a Palette, the rest the deck, Canvas red."""
    from arbiter.model.red7 import explore

    players = 2 if players is None else players
    check_players(players)
    pos = explore.deal(players, seed, parse_ruleset(ruleset_text or "basic"))
    if as_json:
        echo_json(position_to_json(pos))
    else:
        click.echo(format_text(pos))


# moves

read_position = red7_position
BAD_MOVE = "bad move: turn {k}: {message}; arbiter moves lists the legal turns"


def list_moves(pos: Position, as_json: bool) -> None:
    """``arbiter moves`` for Red7: each legal turn with what it does."""
    from arbiter.model.red7 import explore

    turns = explore.moves(pos)
    if as_json:
        echo_json({"position": format_text(pos), "to_move": pos.to_move, "moves": [t.to_json() for t in turns]})
        return
    click.echo(f"player {pos.to_move} to move: {len(turns)} legal turn{'s' * (len(turns) != 1)}")
    width = max((len(t.move) for t in turns), default=0)
    for t in turns:
        click.echo(f"  {t.move:<{width}}   {t.describe()}")


def play(players: int | None, seed: int, ruleset_text: str | None, as_json: bool) -> None:
    """``arbiter play`` for Red7: a seeded game of random legal turns, logged (Advanced: a whole match)."""
    from arbiter.model.red7.match import play as play_game

    players = 2 if players is None else players
    check_players(players)
    rules = parse_ruleset("basic" if ruleset_text is None else ruleset_text)
    events = play_game(players, seed, rules)
    if as_json:
        echo_json(game_json(players, seed, rules, events))
    else:
        for line in game_lines(events):
            click.echo(line)


# solve


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


def _none(result: SolveResult) -> str:
    """What an empty list of winning moves means: none, or not known when a limit stopped the search."""
    return "none" if result.solved else f"not known (the search stopped: {result.stopped})"


def solution_explained(result: SolveResult, all_moves: bool = False) -> list[str]:
    """The verdict, the winning moves (or every move), the principal line and the dead cards."""
    lines = [f"Verdict: {verdict(result)}"]
    shown = result.moves if all_moves else [m for m in result.moves if m.outcome == "win"]
    title = "Every move" if all_moves else "Winning moves"
    lines.append(f"{title}:" + ("" if shown else f" {_none(result)}"))
    for m in shown:
        extra = f"  ({m.points} points)" if m.points is not None else ""
        lines.append(f"  {m.move:<28} {m.outcome}{extra}")
    if result.line:
        lines.append("Principal line:")
        lines.extend(narrate(result))
    if result.dead_cards is not None:
        lines.append("Dead cards (in no winning line): " + (" ".join(map(card, result.dead_cards)) or "none"))
    return lines


def solution_lines(result: SolveResult, all_moves: bool = False, work: bool = True) -> list[str]:
    """The position drawn, then ``explain``; with ``work`` the nodes and seconds spent."""
    pos = result.position
    lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}   player {pos.to_move} to move   ruleset: {pos.ruleset}"]
    for i in range(pos.players):
        mark = ">" if i == pos.to_move else " "
        tag = " (out)" if pos.is_out(i) else ""
        lines.append(f"{mark} player {i}{tag}  hand {cards(pos.hands[i])}   palette {cards(pos.palettes[i])}")
    if pos.deck:
        lines.append("  deck (top first): " + " ".join(card(card_code(c)) for c in pos.deck))
    lines.extend(solution_explained(result, all_moves))
    if work:
        lines.append(f"{result.result}: {result.nodes} nodes in {result.seconds:.2f} s"
                     + (f" ({result.stopped})" if result.stopped else ""))
    return lines


def solve_result(text: str, tricks: int | None, max_nodes: int | None, timeout: float | None) -> SolveResult:
    """The solver's answer for a Red7 position text."""
    if tricks is not None:
        fail("--tricks is for Realms positions")
    return solve_position(red7_position("red7", text), max_nodes=max_nodes, timeout=timeout)


def solve(text: str | None, batch: str | None, as_json: bool, all_moves: bool, max_nodes: int | None,
          timeout: float | None, tricks: int | None, *, jobs: int = 1, scheduler: str | None = None) -> None:
    """``arbiter solve`` for a Red7 position (``text``) or a JSON-lines ``batch`` file, solved on the
    shared workers; exit 1 when a limit stopped a search."""
    from ..solve import EXIT_UNKNOWN, read_batch, run_batch

    if batch is not None:
        if tricks is not None:
            fail("--tricks is for Realms positions")
        def summary(k: int, result: SolveResult) -> str:
            return f"{k}: {verdict(result)}; winning moves: {', '.join(result.winning_moves) or _none(result)}"

        run_batch(solve_position, read_batch(batch, parse_position, PositionError, "red7"), lambda pos: (pos, max_nodes, timeout), summary, as_json, jobs,
                  scheduler, batch)
        return
    result = solve_result(text, tricks, max_nodes, timeout)
    if as_json:
        echo_json(result.to_json())
    else:
        click.echo("\n".join(solution_lines(result, all_moves)))
    if not result.solved:
        sys.exit(EXIT_UNKNOWN)


# play --human (cli/human.py): the table as the human's seat sees it

HUMAN_NAME = "Red7, one round"


def to_canvas(turn: str) -> list[str]:
    """The cards a turn (or step) puts on the Canvas, in order (a hand discard, a card an Action 7 moves there)."""
    words = turn.split()
    return [code.upper() for verb, code in pairwise(words) if verb.lower() in ("discard", "canvas")]


def seat_lines(pos: Position, human: int, canvas: list[str]) -> list[str]:
    """The Red7 table as ``human`` sees it: the Canvas pile (``canvas``, in play order: the top card gives
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


def _canvas(said: list[str]) -> list[str]:
    return [c for text in said for c in to_canvas(text)]


def screen(view: Any, state: Any, human: int, said: list[str]) -> list[str]:
    return seat_lines(red7_steps.now(state) if isinstance(state, Midturn) else state, human, _canvas(said))


def final(pos: Any, human: int, said: list[str]) -> list[str]:
    return seat_lines(pos, human, _canvas(said))


# advise's seat (cli/advise.py)

def advice_seat():
    from arbiter.model.red7.view import format_view, parse_view, view_of
    from arbiter.solver.red7.advise import advise

    from ..advise import GameSeat, on_call

    win = ("Win share: in how many deals of the unseen cards each turn is a forced win with all cards known",
           "(perfect information; docs/advise.md says what this over- and under-states).")
    best_defence = on_call("arbiter.solver.red7.defence", "best_defence")
    return GameSeat("Red7", parse_view, lambda text: view_of(parse_position(text)), advise, format_view, best_defence,
                    headings={"win": win})


# interactions (cli/interactions.py)

SHOWN_PAIRS = 15  # interacting pairs listed in the text output (all in --json)


def interactions_text(data: dict) -> list[str]:
    """What ``arbiter interactions`` prints of a Red7 run (``proofs/red7/interactions.py``)."""
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
