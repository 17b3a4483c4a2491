"""Bridge's side of ``arbiter show``, ``arbiter play --game bridge`` and ``arbiter solve``: a
position drawn as a compass, seeded card play, and the double-dummy answer (tricks for each side
after each card, and the table of 4 declarers x 5 strains)."""

from __future__ import annotations

from typing import Any

import click
from arbiter.model.bridge.cards import SEAT_NAMES, SEATS, STRAINS, card_code, hand_text
from arbiter.model.bridge.game import DEFAULT, PLAYERS, Position, PositionError, Ruleset, legal_moves, random_game
from arbiter.model.bridge.notation import contract_text, format_text, parse_position, position_to_json
from arbiter.model.switches import RulesetError

from .common import echo_json, fail


def _status(pos: Position) -> str:
    if pos.is_over:
        return f"play over: North-South {pos.tricks[0]}, East-West {pos.tricks[1]}"
    seat = pos.to_move
    who = SEAT_NAMES[seat] + (" (dummy, played by declarer)" if seat == pos.dummy else "")
    return f"{who} to play"


def render(pos: Position) -> list[str]:
    contract = contract_text(pos) + (f" by {SEATS[pos.declarer]}" if pos.declarer is not None else "")
    lines = [(f"Bridge  {'contract ' if pos.level is not None else 'strain '}{contract}  "
              f"tricks NS {pos.tricks[0]} EW {pos.tricks[1]}  {_status(pos)}")]

    def hand(seat: int) -> str:
        tag = SEATS[seat] + ("*" if seat == pos.to_move else " ") + (" dummy" if seat == pos.dummy else "")
        holdings = hand_text(pos.hands[seat]).split(".")
        return f"{tag:<10}" + " ".join(f"{s}:{h or '-'}" for s, h in zip("SHDC", holdings, strict=True))

    pad = " " * 20
    lines += [pad + hand(0), f"{hand(3):<40}{hand(1)}", pad + hand(2)]
    played = ", ".join(f"{SEATS[(pos.leader + k) % PLAYERS]} {c}" for k, c in enumerate(_codes(pos.trick))) or "-"
    lines.append(f"Trick (led by {SEATS[pos.leader]}): {played}")
    if not pos.is_over:
        lines.append(f"Legal cards: {', '.join(str(m) for m in legal_moves(pos))}")
    return lines


def _read(text: str) -> Position:
    try:
        return parse_position(text)
    except PositionError as e:
        fail(f"bad position: {e}")


def show(text: str, as_json: bool) -> None:
    """``arbiter show`` for a bridge position."""
    pos = _read(text)
    if as_json:
        echo_json({"position": position_to_json(pos), "notation": format_text(pos),
                   "to_move": None if pos.to_move is None else SEATS[pos.to_move],
                   "legal_moves": [str(m) for m in legal_moves(pos)]})
    else:
        click.echo("\n".join(render(pos)))


def play(players: int | None, seed: int, ruleset: str | None, as_json: bool) -> None:
    """``arbiter play --game bridge``: a seeded deal played out by random legal cards at no trump,
    South declaring (so West leads)."""
    if players not in (None, PLAYERS):
        fail(f"bad --players: bridge is played by {PLAYERS}, got {players}")
    try:
        rules = DEFAULT if ruleset is None else Ruleset.parse(ruleset)
    except RulesetError as e:
        fail(f"bad --ruleset: {e}")
    steps = list(random_game(PLAYERS, seed, rules, declarer=2))
    start = steps[0][0]
    tricks = []
    for before, what, after in steps:
        if len(before.trick) == PLAYERS - 1:
            cards = [*(str(m) for m in _codes(before.trick)), what]
            tricks.append({"leader": SEATS[before.leader], "cards": cards, "winner": SEATS[after.leader],
                           "tricks": list(after.tricks)})
    if as_json:
        echo_json({"game": "bridge", "players": PLAYERS, "seed": seed, "ruleset": rules.to_json(),
                   "start": format_text(start), "position": position_to_json(start), "tricks": tricks,
                   "result": {"ns": steps[-1][2].tricks[0], "ew": steps[-1][2].tricks[1]}})
        return
    click.echo(f"Deal: {format_text(start)}")
    for k, t in enumerate(tricks, 1):
        click.echo(f"Trick {k:>2}: {t['leader']} leads {' '.join(t['cards'])} -> {t['winner']}; "
                   f"NS {t['tricks'][0]} EW {t['tricks'][1]}")
    end = steps[-1][2]
    click.echo(f"Result: North-South {end.tricks[0]}, East-West {end.tricks[1]}.")


def over(pos: Position) -> tuple[str, dict[str, Any]]:
    """How a deal played out ends (``common.finished`` asks): the tricks of each side, no winner."""
    ns, ew = pos.tricks
    return f"the deal is over: North-South {ns} tricks, East-West {ew}", {"tricks": {"ns": ns, "ew": ew}}


def _codes(cards: tuple[int, ...]) -> list[str]:
    return [card_code(c) for c in cards]


def solve_lines(result: Any) -> list[str]:
    pos = result.position
    lines = render(pos)[:-1]
    if not result.solved:
        return lines + [f"Verdict: unknown ({result.stopped})"]
    lines.append(f"Double dummy: North-South {result.ns}, East-West {result.ew} (tricks won so far included)")
    if result.moves:
        lines.append(f"Each card of {SEAT_NAMES[pos.to_move]} (NS, EW tricks):")
        best = max(m.ns for m in result.moves) if pos.to_move & 1 == 0 else min(m.ns for m in result.moves)
        for m in result.moves:
            lines.append(f"  {m.card:<4} {m.ns:>2} {m.ew:>2}{'  best' if m.ns == best else ''}")
    if result.table is not None:
        lines.append("Double-dummy table (tricks for declarer; the first lead by declarer's left):")
        lines.append("        " + " ".join(f"{s:>3}" for s in STRAINS))
        for d in range(PLAYERS):
            lines.append(f"  {SEAT_NAMES[d]:<6}" + " ".join(f"{result.table[k][d]:>3}" for k in range(5)))
    lines.append(f"solved: {result.nodes} nodes in {result.seconds:.2f} s CPU ({result.engine} search)")
    return lines


def solve_result(text: str, tricks: int | None, max_nodes: int | None, timeout: float | None):
    """The double-dummy answer for the bridge position ``text`` (``arbiter solve``, also with --check)."""
    from arbiter.solver.bridge import solve as solve_position

    if tricks is not None:
        fail("--tricks is for Realms positions")
    return solve_position(_read(text), max_nodes=max_nodes)


def solve(text: str | None, batch: str | None, as_json: bool, all_moves: bool, max_nodes: int | None,
          timeout: float | None, tricks: int | None, *, jobs: int = 1, scheduler: str | None = None) -> None:
    """``arbiter solve`` for a bridge position: double-dummy tricks for each side, after each legal
    card, and the table of 4 declarers x 5 strains at a trick boundary; exit 1 when a limit stopped it."""
    from arbiter.solver.bridge import solve as solve_position  # the solver loads only for this command

    if tricks is not None:
        fail("--tricks is for Realms positions")
    if batch is not None:
        from .solve import read_batch, run_batch

        def summary(k: int, result) -> str:
            return f"{k}: North-South {result.ns}, East-West {result.ew}"

        run_batch(solve_position, read_batch(batch, parse_position, PositionError, "bridge"), lambda pos: (pos,),
                  summary, as_json, jobs, scheduler, batch)
        return
    result = solve_result(text, tricks, max_nodes, timeout)
    if as_json:
        echo_json(result.to_json())
    else:
        click.echo("\n".join(solve_lines(result)))
    if not result.solved:
        raise SystemExit(1)
