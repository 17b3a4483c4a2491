"""Annotating a played game: for every turn, its win share from the mover's view against the best
share there, and with all cards known whether it kept or threw away a forced win."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbiter.model import games
from arbiter.model.red7.cards import CardError
from arbiter.model.red7.game import MoveError, Position, PositionError, apply, legal_moves
from arbiter.model.red7.notation import format_text, parse_position, position_from_json, position_to_json
from arbiter.model.red7.view import view_of
from arbiter.model.steps import is_continued

from ..pieces import Pieces
from ..search import SearchLimit
from .advise import MEASURE, MoveShare, advise, decision, outcomes

KEPT, THREW_AWAY, NONE, UNKNOWN = "kept", "threw_away", "none", "unknown"
VERDICTS = {KEPT: "kept a forced win", THREW_AWAY: "threw away a forced win", NONE: "had no forced win",
            UNKNOWN: "not solved in time"}


class GameError(ValueError):
    """A game record that cannot be read or replayed; the message names the place."""


@dataclass
class Round:
    """A round to annotate: its first position and the turn texts played from it."""

    number: int
    start: Position
    turns: list[str]


@dataclass
class TurnNote:
    player: int
    move: str
    before: Position
    played: MoveShare
    best: list[MoveShare]
    deals: int
    exact: bool
    forced: str = UNKNOWN  # with all cards known: KEPT, THREW_AWAY, NONE or UNKNOWN

    @property
    def best_share(self) -> float:
        return self.best[0].win_share if self.best else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "move": self.move, "position": format_text(self.before),
                "win_share": round(self.played.win_share, 6), "interval": [round(x, 6) for x in self.played.interval],
                "best_share": round(self.best_share, 6), "best_moves": [m.move for m in self.best],
                "deals": self.deals, "exact": self.exact, "forced_win": self.forced}


@dataclass
class Annotation:
    samples: int
    seed: int
    rounds: list[tuple[Round, list[TurnNote]]] = field(default_factory=list)
    stopped: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"measure": MEASURE, "samples": self.samples, "seed": self.seed, "stopped": self.stopped,
                "rounds": [{"round": r.number, "start": format_text(r.start), "position": position_to_json(r.start),
                            "turns": [n.to_json() for n in notes]} for r, notes in self.rounds]}


def read_game(text: str) -> list[Round]:
    """Rounds from a ``play --json`` log, a JSON object ``{"position": ..., "turns": [...]}``, or
    text: a position line followed by one turn a line. Every turn is replayed (GameError if illegal)."""
    stripped = text.strip()
    if not stripped:
        raise GameError("the game record is empty")
    if stripped.startswith("{"):
        try:
            obj = games.read_json(stripped)
        except ValueError as e:  # the shared reader: nesting too deep, NaN, huge integers are one line too
            raise GameError(str(e)) from None
        if not isinstance(obj, dict):
            raise GameError("a game record is a JSON object")
        _red7_only(obj.get("game", "red7"))
        if "rounds" in obj:
            raws = obj["rounds"]
            if not isinstance(raws, list):
                raise GameError("rounds: must be a list")
            rounds = [_round(k, r.get("position") if isinstance(r, dict) else None,
                             [t.get("move") if isinstance(t, dict) else t for t in r.get("turns", [])]
                             if isinstance(r, dict) else None) for k, r in enumerate(raws, 1)]
        else:
            rounds = [_round(1, obj.get("position"), obj.get("turns"))]
    else:
        lines = [ln.strip() for ln in stripped.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        _red7_only(games.game_of_text(lines[0]))
        rounds = [_round(1, lines[0], lines[1:])]
    return rounds


def _red7_only(game: Any) -> None:
    try:
        name = games.info(game).name
    except games.UnknownGame as e:
        raise GameError(str(e)) from None
    if name != games.info("red7").name:
        raise GameError(f"annotate takes a Red7 game record, got a {name} one")


def _round(number: int, pos: Any, turns: Any) -> Round:
    where = f"round {number}"
    _red7_only(games.game_of_text(pos) if isinstance(pos, str) else games.game_of_json(pos))  # e.g. a Realms puzzle
    try:
        start = parse_position(pos) if isinstance(pos, str) else position_from_json(pos)
    except PositionError as e:
        raise GameError(f"{where}: bad position: {e}") from None
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise GameError(f"{where}: turns must be a list of turn texts")
    p = start
    for k, t in enumerate(turns, 1):
        try:
            p = apply(p, t)
        except (MoveError, CardError) as e:
            raise GameError(f"{where} turn {k}: {e}") from None
    return Round(number, start, [" ".join(t.split()) for t in turns])


def annotate(rounds: list[Round], samples: int = 30, seed: int = 0, timeout: float | None = None,
             jobs: int = 1, progress: Callable[[int, int], None] | None = None, *,
             pieces: Pieces | None = None) -> Annotation:
    """Mark every turn: ``advise`` on the mover's view (``samples`` deals, ``seed``; ``timeout``
    seconds per turn; its deals solved by ``pieces``, e.g. a Dask cluster, else ``jobs`` local
    processes), and the solver on the real position (all cards known, same ``timeout``, here).
    Ctrl-C keeps the turns marked so far (``stopped``)."""
    note = Annotation(samples, seed)
    total = sum(len(r.turns) for r in rounds)
    done = 0
    try:
        for r in rounds:
            notes: list[TurnNote] = []
            note.rounds.append((r, notes))
            pos = r.start
            for t in r.turns:
                notes.append(_turn(pos, t, samples, seed, timeout, jobs, pieces))
                pos = apply(pos, t)
                done += 1
                if progress is not None:
                    progress(done, total)
    except KeyboardInterrupt:
        note.stopped = "interrupted"
    return note


def _turn(pos: Position, move: str, samples: int, seed: int, timeout: float | None, jobs: int,
          pieces: Pieces | None) -> TurnNote:
    advice = advise(view_of(pos), samples=samples, seed=seed, timeout=timeout, jobs=jobs, pieces=pieces)
    if advice.stopped == "interrupted":
        raise KeyboardInterrupt
    try:
        played = advice.share(move)
    except KeyError:  # no deal finished within the timeout
        first = decision(move, pos.ruleset)
        played = MoveShare(first, continues=is_continued(first))
    top = advice.best.wins if advice.best else 0
    best = [m for m in advice.moves if m.wins == top]
    n = TurnNote(pos.to_move, str(move), pos, played, best, advice.deals, advice.exact)
    try:
        whole, _ = outcomes(pos, timeout, whole=True)
    except SearchLimit:
        return n
    if not any(whole.values()):
        n.forced = NONE
    else:
        n.forced = KEPT if whole[_canonical(pos, move)] else THREW_AWAY
    return n


def _canonical(pos: Position, move: str) -> str:
    text = " ".join(move.split()).lower()
    return next(str(m) for m in legal_moves(pos) if str(m).lower() == text)


__all__ = ["VERDICTS", "Annotation", "GameError", "Round", "TurnNote", "annotate", "read_game"]
