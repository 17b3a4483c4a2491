"""Realms's side of ``arbiter show`` and ``arbiter play --game realms``: a position drawn with who
is winning the trick in progress under each reading that disagrees, and seeded game logs."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import click
from arbiter.model.realms import fast
from arbiter.model.realms.cards import COLOUR_NAMES, SPECIALS, card_code, codes
from arbiter.model.realms.game import (
    DEFAULT_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Position,
    PositionError,
    current_ruling,
    deal,
    legal_moves,
    random_game,
)
from arbiter.model.realms.notation import format_text, parse_position, play_text, position_to_json
from arbiter.model.realms.ruleset import DEFAULT, SWITCHES, TRICK_SWITCHES, Ruleset, RulesetError

from .common import echo_json, fail

_FG = {"R": 196, "Y": 226, "B": 33, "G": 40, "P": 171}


def _card(code: str) -> str:
    colour = None if code in SPECIALS else _FG.get(code[0])
    return click.style(code, fg=colour, bold=True)


def _cards(items: Iterable[str]) -> str:
    return " ".join(_card(c) for c in items) or "-"


def trick_readings(pos: Position) -> list[dict[str, Any]]:
    """Who is winning the trick in progress under the position's ruleset, then under each ruleset
    one trick switch away from it that names another winner or marker."""
    cards, players = pos.plays()
    if not cards or pos.ruling is None:
        return []
    base = pos.ruleset
    others = [base.with_switches(**{name: v}) for name in TRICK_SWITCHES for v in SWITCHES[name]
              if v != getattr(base, name)]
    rows, seen = [], set()
    for ruleset in [base, *others]:
        winner, ruling, _ = fast.resolve(ruleset, pos.ruling, [c for c, _ in cards], [x for _, x in cards])
        if (winner, ruling) in seen:
            continue
        seen.add((winner, ruling))
        rows.append({"reading": "this ruleset" if ruleset == base else str(ruleset),
                     "winner": None if winner is None else players[winner],
                     "card": None if winner is None else card_code(cards[winner][0]), "ruling": COLOUR_NAMES[ruling]})
    return rows


def show_json(pos: Position) -> dict[str, Any]:
    return {"position": position_to_json(pos), "notation": format_text(pos),
            "to_move": pos.to_move, "marker": None if current_ruling(pos) is None else COLOUR_NAMES[current_ruling(pos)],
            "legal_moves": [str(m) for m in legal_moves(pos)], "winning": trick_readings(pos)}


def render(pos: Position) -> list[str]:
    marker = current_ruling(pos)
    status = {"ruling": f"dealer {pos.dealer} chooses the ruling colour", "play": f"player {pos.to_move} to play",
              "draw": "chance: a draw from the shuffled pile", "steal": "chance: the Troll's steal",
              "over": f"game over, player {pos.winner} wins"}[pos.phase]
    shown = "-" if marker is None else click.style(COLOUR_NAMES[marker], bold=True)
    lines = [f"Realms  round {pos.round}  marker {shown}  {status}  ruleset: {pos.ruleset}"]
    for i in range(pos.players):
        mark = ">" if i == pos.to_move else " "
        tags = " (dealer)" if i == pos.dealer else ""
        lines.append(f"{mark} player {i}{tags:<9} score {pos.scores[i]:>3}  hand {_cards(codes(pos.hands[i]))}")
    leading, played = True, []
    for k, p in enumerate(pos.trick):
        played.append(f"P{pos.player_of(k)} {play_text(p, leading)}")
        leading = leading and p is None
    lines.append(f"  trick (led by player {pos.leader}): {', '.join(played) or '-'}")
    lines.append(f"  draw pile: {len(pos.draw)} known, {pos.shuffled.bit_count()} shuffled; "
                 f"discard pile: {_cards(codes(pos.discard))}")
    rows = trick_readings(pos)
    if rows:
        lines.append("Winning the trick so far:")
        for row in rows:
            who = "nobody" if row["winner"] is None else f"player {row['winner']} ({row['card']})"
            lines.append(f"  {row['reading']:<40} {who}, marker {row['ruling']}")
    if pos.phase in ("ruling", "play"):
        lines.append(f"Legal moves: {', '.join(str(m) for m in legal_moves(pos))}")
    return lines


def show(text: str, as_json: bool) -> None:
    """``arbiter show`` for a Realms position."""
    try:
        pos = parse_position(text)
    except PositionError as e:
        fail(f"bad position: {e}")
    if as_json:
        echo_json(show_json(pos))
    else:
        click.echo("\n".join(render(pos)))


def _events(players: int, seed: int, ruleset: Ruleset) -> Iterator[dict[str, Any]]:
    """The steps of a seeded game, with each finished trick's result."""
    yield {"event": "deal", "position": position_to_json(deal(players, seed, ruleset)),
           "notation": format_text(deal(players, seed, ruleset))}
    for before, what, after in random_game(players, seed, ruleset):
        step: dict[str, Any] = {"event": "move" if before.to_move is not None else "chance", "what": what}
        if before.to_move is not None:
            step["player"] = before.to_move
        yield step
        if before.trick and not after.trick:
            gained = [b - a for a, b in zip(before.scores, after.scores, strict=True)]
            cards = [play_text(p, k == 0) for k, p in enumerate(before.trick)] + ([what] if before.to_move is not None
                                                                                   else [])
            yield {"event": "trick", "cards": cards, "winner": gained.index(10) if 10 in gained else None,
                   "scores": list(after.scores), "ruling": None if after.ruling is None else COLOUR_NAMES[after.ruling],
                   "halftime": before.round == 1 and after.round == 2, "over": after.is_over}


def game_options(players: int | None, ruleset: str | None) -> tuple[int, Ruleset]:
    """``--players`` and ``--ruleset`` of ``arbiter play --game realms`` (with or without --human), or fail."""
    players = DEFAULT_PLAYERS if players is None else players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        fail(f"bad --players: Realms takes {MIN_PLAYERS} to {MAX_PLAYERS} players here, got {players}")
    try:
        return players, DEFAULT if ruleset is None else Ruleset.parse(ruleset)
    except RulesetError as e:
        fail(f"bad --ruleset: {e}")


def human_deal(players: int | None, seed: int, ruleset: str | None) -> Position:
    """The deal of ``arbiter play --game realms --human``."""
    players, rules = game_options(players, ruleset)
    return deal(players, seed, rules)


def play(players: int | None, seed: int, ruleset: str | None, as_json: bool) -> None:
    """``arbiter play --game realms``: a seeded game of random legal moves and chance outcomes."""
    players, rules = game_options(players, ruleset)
    events = _events(players, seed, rules)
    if as_json:
        steps = list(events)
        last = steps[-1]
        echo_json({"game": "realms", "players": players, "seed": seed, "ruleset": rules.to_json(),
                   "start": steps[0]["notation"], "position": steps[0]["position"], "steps": steps[1:],
                   "scores": last["scores"], "winner": last["scores"].index(max(last["scores"]))})
        return
    tricks = 0
    for e in events:
        if e["event"] == "deal":
            click.echo(f"Deal: {e['notation']}")
        elif e["event"] == "move":
            click.echo(f"  player {e['player']}: {e['what']}")
        elif e["event"] == "chance":
            click.echo(f"  chance: {e['what']}")
        else:
            tricks += 1
            who = "nobody" if e["winner"] is None else f"player {e['winner']}"
            extra = "; halftime: reshuffle and redeal" if e["halftime"] else ""
            click.echo(f"Trick {tricks}: {' '.join(e['cards'])} -> {who}; marker {e['ruling'] or '-'}; "
                       f"scores {' '.join(map(str, e['scores']))}{extra}")
            if e["over"]:
                click.echo(f"Game over: player {e['scores'].index(max(e['scores']))} wins with {max(e['scores'])}.")


def _solve_lines(result) -> list[str]:
    head = (f"Verdict: player {result.position.to_move} (to move) can guarantee {result.guaranteed} of the next "
            f"{result.tricks} trick(s) against all the others and any chance outcome; {result.expected:.3f} expected"
            if result.solved else "Verdict: unknown (the search stopped before an answer)")
    lines = render(result.position)[:-1] + [head]
    if result.moves and result.moves[0].guaranteed is not None:
        lines.append("Moves (guaranteed, expected tricks):")
        for m in result.moves:
            expected = "?" if m.expected is None else f"{m.expected:.3f}"
            best = "  best" if m.move in result.best_moves else ""
            lines.append(f"  {m.move:<10} {m.guaranteed if m.guaranteed is not None else '?':>3} {expected:>8}{best}")
    if result.line:
        lines.append("Principal line: " + ", ".join(result.line))
    if result.dead_cards is not None:
        lines.append("Dead cards (in no best line): " + (" ".join(result.dead_cards) or "none"))
    lines.append(f"{result.result}: {result.nodes} nodes in {result.seconds:.2f} s"
                 + (f" ({result.stopped})" if result.stopped else ""))
    return lines


def solve_result(text: str, tricks: int | None, max_nodes: int | None, timeout: float | None):
    """The solver's answer for the Realms position ``text`` (``arbiter solve``, also with --check), or fail."""
    from arbiter.solver.realms import solve as solve_position  # the solver loads only for this command

    try:
        pos = parse_position(text)
    except PositionError as e:
        fail(f"bad position: {e}")
    try:
        return solve_position(pos, tricks, max_nodes=max_nodes, timeout=timeout)
    except ValueError as e:
        fail(f"cannot solve this position: {e}")


def solve_piece(pos: Position, tricks: int | None, max_nodes: int | None, timeout: float | None):
    """One position of a ``--batch`` on a worker (checked solvable before the work began)."""
    from arbiter.solver.realms import solve as solve_position

    return solve_position(pos, tricks, max_nodes=max_nodes, timeout=timeout)


def _solvable(line: str) -> Position:
    """A batch line: a position a player can play a card in."""
    from .solve import Unsolvable

    pos = parse_position(line).validate()
    if pos.phase != "play" and not pos.is_over:  # a finished game: read_batch says who won
        raise Unsolvable(f"the solver needs a player to play a card (phase play), got phase {pos.phase}")
    return pos


def solve(text: str | None, batch: str | None, as_json: bool, all_moves: bool, max_nodes: int | None,
          timeout: float | None, tricks: int | None, *, jobs: int = 1, scheduler: str | None = None) -> None:
    """``arbiter solve`` for a Realms position (``text``) or a JSON-lines ``batch`` file, whose
    positions are solved on the shared workers (``--jobs``, ``--scheduler``; the output is the same
    for any number); exit 1 when a limit stopped a search."""
    if batch is None:
        result = solve_result(text, tricks, max_nodes, timeout)
        if as_json:
            echo_json(result.to_json())
        else:
            click.echo("\n".join(_solve_lines(result)))
        if not result.solved:
            raise SystemExit(1)
        return
    from .solve import read_batch, run_batch

    def summary(k: int, result) -> str:
        expected = "?" if result.expected is None else f"{result.expected:.3f}"
        return f"{k}: guaranteed {result.guaranteed}, expected {expected}; best moves: {', '.join(result.best_moves) or 'none'}"

    run_batch(solve_piece, read_batch(batch, _solvable, PositionError, "realms"),
              lambda pos: (pos, tricks, max_nodes, timeout), summary, as_json, jobs, scheduler, batch)


# play --human (cli/human.py): the table as the human's seat sees it

HUMAN_NAME = "Realms"


def screen(view: Any, state: Any, human: int, said: list[str]) -> list[str]:

    pos = view.position
    marker = current_ruling(pos)
    lines = [(f"Realms round {pos.round}   marker {'-' if marker is None else COLOUR_NAMES[marker]}   "
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


# advise's seat (cli/advise.py)

def advice_seat():
    from arbiter.model.realms.view import format_view, parse_view, view_of
    from arbiter.solver.realms.advise import advise

    from .advise import GameSeat, on_call

    best_defence = on_call("arbiter.solver.realms.defence", "best_defence")
    return GameSeat("Realms", parse_view, lambda text: view_of(parse_position(text)), advise, format_view,
                    best_defence, takes=frozenset({"tricks"}))


# interactions (cli/interactions.py)

def interactions_text(data: dict) -> list[str]:
    """What ``arbiter interactions --game realms`` prints of a run (``proofs/realms/interactions.py``)."""
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
