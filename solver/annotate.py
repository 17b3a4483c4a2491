"""Annotating a played game, written once for every game: for every move, its value from the mover's
view (the game's ``advise``) against the best value there, and with all cards known whether it kept
the best value the mover could force or threw some of it away.

A game plugs in with an ``Annotator``: how its records read, how a move or chance outcome is played,
the mover's view, its advice and its values with all cards known (``solver/<game>/annotate.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbiter.model import games
from arbiter.model.steps import has_turn, turn_problem

from .advise import Advice, MoveShare
from .pieces import Pieces
from .search import SearchLimit

KEPT, THREW_AWAY, NONE, UNKNOWN = "kept", "threw_away", "none", "unknown"


class GameError(ValueError):
    """A game record that cannot be read or replayed; the message names the place."""


@dataclass
class Round:
    """A round (or a whole game) to annotate: its first position and the events played from it
    (move texts, and chance outcomes' labels for a game with chance)."""

    number: int
    start: Any
    turns: list[str]


@dataclass(frozen=True)
class Annotator:
    """What annotating needs of a game: ``parse_text`` and ``from_json``, a position from its text or
    JSON (PositionError); ``play(position, event)`` the position after a move or a chance outcome's label
    (ValueError when it is neither); ``view(history, seat)`` the seat's view of the last of the
    positions since the round's start; ``advise(view, samples=, seed=, timeout=, jobs=, pieces=)``;
    ``known(position, timeout)`` each whole move's value for the mover with all cards known
    (SearchLimit past the timeout); ``canonical(position, move)`` a move's text as ``known`` names
    it; ``events(record)`` the rounds of a ``play --json`` log as (position, events); the texts of
    the verdicts; ``low`` the value of nothing to keep (for a win: 0)."""

    game: str
    parse_text: Callable[[str], Any]
    from_json: Callable[[Any], Any]
    play: Callable[[Any, str], Any]
    view: Callable[[list, int], Any]
    advise: Callable[..., Advice]
    known: Callable[[Any, float | None], dict[str, float]]
    canonical: Callable[[Any, str], str]
    events: Callable[[dict], list[tuple[Any, Any]]]
    verdicts: dict[str, str]
    format_text: Callable[[Any], str]
    position_json: Callable[[Any], dict]
    binary: bool = True
    low: float = 0

    @property
    def name(self) -> str:
        return games.info(self.game).name

    def read(self, pos: Any) -> Any:
        """A position from its text notation or its JSON object."""
        return self.parse_text(pos) if isinstance(pos, str) else self.from_json(pos)


@dataclass
class TurnNote:
    player: int
    move: str
    before: Any
    played: MoveShare
    best: list[MoveShare]
    deals: int
    exact: bool
    forced: str = UNKNOWN  # with all cards known: KEPT, THREW_AWAY, NONE or UNKNOWN
    known: float | None = None  # the move's value with all cards known
    known_best: float | None = None  # the best value there with all cards known
    format_text: Callable[[Any], str] = field(default=str, repr=False)

    @property
    def best_share(self) -> float:
        return self.best[0].win_share if self.best else 0.0

    def to_json(self) -> dict[str, Any]:
        obj = {"player": self.player, "move": self.move, "position": self.format_text(self.before),
               "win_share": round(self.played.win_share, 6), "interval": [round(x, 6) for x in self.played.interval],
               "best_share": round(self.best_share, 6), "best_moves": [m.move for m in self.best],
               "deals": self.deals, "exact": self.exact, "forced_win": self.forced}
        if self.known is not None:
            obj["known_value"], obj["known_best"] = _number(self.known), _number(self.known_best)
        return obj


def _number(x: float | None) -> float | int | None:
    return None if x is None else int(x) if float(x).is_integer() else round(x, 6)


@dataclass
class Annotation:
    samples: int
    seed: int
    game: Annotator | None = field(default=None, repr=False)
    measure: str = ""
    rounds: list[tuple[Round, list[TurnNote]]] = field(default_factory=list)
    stopped: str | None = None

    def to_json(self) -> dict[str, Any]:
        show = self.game.format_text if self.game else str
        pos_json = self.game.position_json if self.game else (lambda p: p)
        return {"game": self.game.game if self.game else None, "measure": self.measure, "samples": self.samples,
                "seed": self.seed, "stopped": self.stopped,
                "rounds": [{"round": r.number, "start": show(r.start), "position": pos_json(r.start),
                            "turns": [n.to_json() for n in notes]} for r, notes in self.rounds]}


def read_game(text: str, annotators: dict[str, Callable[[], Annotator]]) -> tuple[Annotator, list[Round]]:
    """The game and rounds of a record: a ``play --json`` log, a JSON object ``{"position": ...,
    "turns": [...]}`` (with ``"game"`` for a game other than Red7), or text: a position line followed
    by one move (or chance outcome) a line. Every event is replayed (GameError if one is illegal)."""
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
        pos = obj.get("position")
        # a record names its game, or its position does (a puzzle file: {"title", "position", ...})
        game = _annotator(obj.get("game") or (pos.get("game") if isinstance(pos, dict) else None) or "red7", annotators)
        if "turns" in obj or "position" in obj and not any(k in obj for k in ("rounds", "steps", "moves")):
            raws = [(obj.get("position"), obj.get("turns"))]
        else:
            raws = game.events(obj)
        return game, [_round(game, k, pos, turns) for k, (pos, turns) in enumerate(raws, 1)]
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    try:
        which = games.game_of_text(lines[0])
    except ValueError as e:
        raise GameError(str(e)) from None
    game = _annotator(which, annotators)
    return game, [_round(game, 1, lines[0], lines[1:])]


def _annotator(game: Any, annotators: dict[str, Callable[[], Annotator]]) -> Annotator:
    try:
        info = games.info(game)
    except games.UnknownGame as e:
        raise GameError(str(e)) from None
    if info.id not in annotators:
        raise GameError(f"annotate takes a record of {', '.join(games.info(g).name for g in annotators)}, "
                        f"got a {info.name} one")
    return annotators[info.id]()


def _round(game: Annotator, number: int, pos: Any, turns: Any) -> Round:
    where = f"round {number}"
    if pos is None:
        raise GameError(f"{where}: the record has no \"position\" (the position the turns start from)")
    if has_turn(pos):  # else the game's reader would take the section for a key of its own
        problem = turn_problem(games.model(game.game).steps.RULES, pos)
        raise GameError(f"{where}: bad position: {problem or 'a turn in progress (its turn section); a record starts between turns'}")
    try:
        start = game.read(pos)
    except ValueError as e:
        raise GameError(f"{where}: bad position: {e}") from None
    if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
        raise GameError(f"{where}: turns must be a list of turn texts")
    p = start
    for k, t in enumerate(turns, 1):
        try:
            p = game.play(p, t)
        except ValueError as e:
            raise GameError(f"{where} turn {k}: {e}") from None
    return Round(number, start, [" ".join(t.split()) for t in turns])


def annotate(game: Annotator, rounds: list[Round], samples: int = 30, seed: int = 0, timeout: float | None = None,
             jobs: int = 1, progress: Callable[[int, int], None] | None = None, *,
             pieces: Pieces | None = None) -> Annotation:
    """Mark every move: ``advise`` on the mover's view (``samples`` deals, ``seed``; ``timeout``
    seconds per move; its deals solved by ``pieces``, e.g. a Dask cluster, else ``jobs`` local
    processes), and the values with all cards known on the real position (same ``timeout``, here).
    Chance outcomes are played, not marked. Ctrl-C keeps the moves marked so far (``stopped``)."""
    note = Annotation(samples, seed, game)
    total = sum(len(r.turns) for r in rounds)
    done = 0
    try:
        for r in rounds:
            notes: list[TurnNote] = []
            note.rounds.append((r, notes))
            history = [r.start]
            for t in r.turns:
                pos = history[-1]
                if pos.to_move is not None:
                    notes.append(_turn(game, note, history, t, samples, seed, timeout, jobs, pieces))
                history.append(game.play(pos, t))
                done += 1
                if progress is not None:
                    progress(done, total)
    except KeyboardInterrupt:
        note.stopped = "interrupted"
    return note


def _turn(game: Annotator, note: Annotation, history: list, move: str, samples: int, seed: int,
          timeout: float | None, jobs: int, pieces: Pieces | None) -> TurnNote:
    pos = history[-1]
    advice = game.advise(game.view(history, pos.to_move), samples=samples, seed=seed, timeout=timeout, jobs=jobs,
                         pieces=pieces)
    if advice.stopped == "interrupted":
        raise KeyboardInterrupt
    note.measure = note.measure or advice.measures[0].text
    decision = advice.seat.decision if advice.seat else (lambda t: t)
    try:
        played = advice.share(move)
    except KeyError:  # no deal finished within the timeout
        played = MoveShare(decision(move))
    top = advice.best.wins if advice.best else 0
    best = [m for m in advice.moves if m.wins == top]
    n = TurnNote(pos.to_move, move, pos, played, best, advice.deals, advice.exact, format_text=game.format_text)
    try:
        values = game.known(pos, timeout)
    except SearchLimit:
        return n
    n.known, n.known_best = values[game.canonical(pos, move)], max(values.values())
    if n.known_best == game.low if game.binary else len(set(values.values())) == 1:
        n.forced = NONE
    else:
        n.forced = KEPT if n.known == n.known_best else THREW_AWAY
    return n


__all__ = ["KEPT", "NONE", "THREW_AWAY", "UNKNOWN", "Annotation", "Annotator", "GameError", "Round", "TurnNote",
           "annotate", "read_game"]
