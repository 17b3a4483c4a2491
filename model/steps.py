"""Turns cut where their player sees a card before deciding the rest: the step interface of every game.

A whole turn (``legal_moves``, ``apply``) is what perfect-information work plays: the solver, its
compiled core, the conformance vectors. A player who cannot see the deck decides less at once: a
Red7 3 draws a card and the rest of the turn is chosen knowing it; a Realms Tree shows its player
the draw pile before they take a card from it. A *step* is what the player to move decides with what
they know; a whole turn is a sequence of steps, and each game's ``steps`` module says where its
turns are cut (``docs/architecture.md``, "Steps"):

- ``steps(state)``: the step texts open to the player to move, sorted. A step after which the same
  player decides again, having seen a card, ends with ``CONTINUES`` (``play R3 draw ...``).
- ``apply_step(state, text)``: the state after a step: the game's ``Position`` when the turn is
  over, else a ``Midturn``. ``apply_any`` also takes the rest of a whole turn as one text.
- ``cut(position, move)``: the steps a whole turn is made of; ``join(steps)`` its text again.
- ``shown(before, text, after)``: what a step or a chance outcome shows: a ``Shown``, one text for
  every seat and the texts only some seats see (the card a player drew).
- chance between steps is the game's own ``chance_outcomes`` (a shuffled draw, the Troll's steal);
  a card whose place the position fixes (a deck in dealt order) is only *shown*, to whoever sees it.

A game's module builds these from a ``Cutter`` (its whole turns and where they are cut) through
``StepRules``, written once here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import permutations
from typing import Any, NamedTuple

from .games import BOM, read_json

CONTINUES = " ..."  # the mark of a step after which its player decides again, having seen a card
TURN = "turn"  # the section (text) and key (JSON) of a position that holds a turn in progress


class StepError(ValueError):
    """A step text that is not a legal step in the state (or a turn in progress that is not one)."""


def is_continued(text: str) -> bool:
    """Whether a step text carries the mark of a step after which the same player decides again."""
    return text.endswith(CONTINUES.strip())


def unmarked(text: str) -> str:
    """A step text without its ``CONTINUES`` mark."""
    text = " ".join(text.split())
    return text[: -len(CONTINUES.strip())].rstrip() if is_continued(text) else text


def marked(text: str) -> str:
    return unmarked(text) + CONTINUES


@dataclass(frozen=True)
class Midturn:
    """A turn in progress: the position at the start of the turn and the steps its player has
    taken (each one continuing). Immutable, like positions; chance never acts in the middle of a
    turn (what a step shows is fixed by the position), so the player of ``start`` is to move."""

    start: Any
    taken: tuple[str, ...]

    @property
    def to_move(self) -> int | None:
        return self.start.to_move

    @property
    def is_over(self) -> bool:
        return False

    @property
    def players(self) -> int:
        return self.start.players

    @property
    def ruleset(self) -> Any:
        return self.start.ruleset


def parts(state: Any) -> tuple[Any, tuple[str, ...]]:
    """(the position the turn started from, the steps taken so far) of a position or a ``Midturn``."""
    return (state.start, state.taken) if isinstance(state, Midturn) else (state, ())


class Fault(NamedTuple):
    """What is wrong with a turn section: the field (``turn``, ``turn[1]``) and why."""

    field: str
    message: str


@dataclass(frozen=True)
class Shown:
    """What a step or a chance outcome shows: ``public`` to every seat (hidden cards written ``?``),
    ``private`` the texts only one seat sees, as ``(seat, text)`` pairs, and ``revealed`` the cards
    the game then lays out face up for all (a Stick to Colours refill): the deck's, not the player's."""

    public: str
    private: tuple[tuple[int, str], ...] = ()
    revealed: str = ""

    def to(self, seat: int) -> str:
        """The step as ``seat`` sees it: the public text, what the game lays out after it, and what
        only that seat sees, in brackets."""
        mine = [text for s, text in self.private if s == seat]
        return self.public + (f"; {self.revealed}" if self.revealed else "") + "".join(f" ({text})" for text in mine)


@dataclass(frozen=True)
class Turn:
    """One whole turn as a ``Cutter`` gives it: the move, the position after it (or a function of no
    arguments that makes it, called when wanted: listing steps applies no move), whether it is a
    move under the ruleset (False for a turn that only a forced end of a turn in progress may make)
    and the position as the turn leaves it before the game goes on (what ``now`` shows mid-turn)."""

    move: Any
    result: Any
    legal: bool = True
    left: Any = None

    @property
    def after(self) -> Any:
        return self.result() if callable(self.result) else self.result

    @property
    def now(self) -> Any:
        return self.left() if callable(self.left) else self.left


@dataclass(frozen=True)
class Cutter:
    """What a game tells ``StepRules``: its turns (``turns(position)``, ``Turn`` values, possibly
    with turns that are not moves, for forced ends), how a turn is cut (``cut(position, move)``: its
    step texts, every one but the last marked), how steps join into the turn's text, the step that
    ends a turn in progress with nothing more (``end``), and ``openings(position, unsure)``: which of
    the continuing steps ``unsure`` (begun by turns that are not moves with the cards as they lie) are
    legal all the same, because another card the player cannot see could be the one seen."""

    turns: Callable[[Any], Iterable[Turn]]
    cut: Callable[[Any, Any], Sequence[str]]
    join: Callable[[Sequence[str]], str]
    end: str | None = None
    openings: Callable[[Any, set[str]], Iterable[str]] = field(default=lambda pos, unsure: ())


def each_move(legal_moves: Callable[[Any], Iterable[Any]], after: Callable[[Any, Any], Any]) -> Callable[[Any], Iterable[Turn]]:
    """The ``turns`` of a ``Cutter`` for a game whose every move is legal as it lies: each of
    ``legal_moves(position)`` with ``after(position, move)``."""
    def turns(pos: Any) -> Iterable[Turn]:
        return (Turn(m, partial(after, pos, m)) for m in legal_moves(pos))
    return turns


def last(texts: Sequence[str]) -> str:
    """The ``join`` of a game whose last step's text is the whole move's."""
    return texts[-1]


class StepRules:
    """The step interface of one game, from its ``Cutter``: options, ``steps``, ``apply_step``,
    ``apply_any``, ``turns_from`` and ``now``, the same for every game."""

    CACHED = 1024  # states whose options are kept: a player lists the steps and takes one; a re-deal replays

    def __init__(self, cutter: Cutter, error: type[Exception], notation: Any, position_error: Any) -> None:
        self.cutter = cutter
        self.error = error  # the game's MoveError, raised for an illegal step
        self.notation = notation  # the game's notation module: its position text and JSON
        self.position_error = position_error  # the game's PositionError(field, message)
        self._cache: dict[Any, dict[str, Turn | None]] = {}

    def functions(self) -> tuple[Callable[..., Any], ...]:
        """What a game's ``steps`` module exports, in this order: ``steps``, ``apply_step``,
        ``apply_any``, ``turns_from``, ``format_text``, ``parse_state``, ``state_to_json``,
        ``state_from_json``."""
        return (self.steps, self.apply_step, self.apply_any, self.turns_from, self.format_text, self.parse_state,
                self.state_to_json, self.state_from_json)

    def format_text(self, state: Any) -> str:
        """The text of a position or of a turn in progress (``... | turn STEP ...``)."""
        return format_state(state, self.notation.format_text)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """The JSON of a position or of a turn in progress (``"turn": [...]``)."""
        return state_to_json(state, self.notation.position_to_json)

    def parse_state(self, text: str) -> Any:
        """A position or a turn in progress from its text or JSON; the game's PositionError naming the field."""
        return parse_state(text, self.notation, self, self.position_error)

    def state_from_json(self, obj: Any) -> Any:
        """A position or a turn in progress from its JSON object; the game's PositionError naming the field."""
        return state_from_json(obj, self.notation, self, self.position_error)

    def options(self, state: Any) -> dict[str, Turn | None]:
        """Each legal step of the player to move -> the whole turn it ends (None: the turn goes on);
        see ``_options``. Kept for the last few states asked about (states are immutable values)."""
        found = self._cache.get(state)
        if found is None:
            if len(self._cache) >= self.CACHED:
                self._cache.clear()
            found = self._cache[state] = self._options(state)
        return found

    def _options(self, state: Any) -> dict[str, Turn | None]:
        """A step is legal when a legal turn begins with the steps taken and then it, or when the game's
        ``openings`` name it (another card the player cannot see would make it so). A turn in progress
        whose card left no legal way on ends with the ``end`` step, a turn that is not a move
        (Red7: the mover is out)."""
        pos, taken = parts(state)
        k = len(taken)
        out: dict[str, Turn | None] = {}
        forced: dict[str, Turn] = {}
        unsure: set[str] = set()  # continuing steps of turns that are not moves with the cards as they lie
        for turn in self.cutter.turns(pos):
            cut = tuple(self.cutter.cut(pos, turn.move))
            if len(cut) <= k or cut[:k] != taken:
                continue
            step, last = cut[k], len(cut) == k + 1
            if turn.legal:
                out[step] = turn if last else None
            elif last:
                forced[step] = turn
            else:
                unsure.add(step)
        unsure -= out.keys()
        if not taken and unsure:
            for step in self.cutter.openings(pos, unsure):
                out[step] = None
        elif taken and not out and self.cutter.end in forced:
            out[self.cutter.end] = forced[self.cutter.end]
        return out

    def steps(self, state: Any) -> list[str]:
        """The legal steps of the player to move, sorted by text (empty when chance acts or the game is over)."""
        return sorted(self.options(state))

    def _find(self, options: dict[str, Turn | None], text: str) -> str | None:
        wanted = " ".join(str(text).split()).lower()
        exact = [s for s in options if s.lower() == wanted]
        if exact:
            return exact[0]
        loose = [s for s in options if unmarked(s).lower() == unmarked(wanted)]
        return loose[0] if len(loose) == 1 else None

    def apply_step(self, state: Any, text: str) -> Any:
        """The state after the step ``text`` (its ``CONTINUES`` mark may be left out): a position
        when it ends the turn, else a ``Midturn``. The game's MoveError when it is not a legal step."""
        options = self.options(state)
        step = self._find(options, text)
        if step is None:
            raise self.error(f"{text!r} is not a legal step here (steps: {_listed(options)})")
        return self._after(state, step, options[step])

    def _after(self, state: Any, step: str, turn: Turn | None) -> Any:
        if turn is not None:
            return turn.after
        pos, taken = parts(state)
        return Midturn(pos, (*taken, step))

    def turns_from(self, state: Any) -> list[tuple[str, Turn]]:
        """The legal whole turns that go on from ``state`` (all of them from a position), by text."""
        pos, taken = parts(state)
        out = []
        for turn in self.cutter.turns(pos):
            cut = tuple(self.cutter.cut(pos, turn.move))
            if cut[: len(taken)] == taken and len(cut) > len(taken) and turn.legal:
                out.append((self.cutter.join(cut), turn))
        if taken and not out:
            forced = self.options(state).get(self.cutter.end)
            if forced is not None:
                out.append((self.cutter.join((*taken, self.cutter.end)), forced))
        return sorted(out, key=lambda o: o[0])

    def apply_any(self, state: Any, text: str) -> Any:
        """The state after ``text``: a step (marked, as ``steps`` lists it) or, as the whole-turn
        ``apply`` reads it, the whole turn (from a turn in progress: the whole turn it completes),
        or a step given without its mark. The game's MoveError when it is none of these."""
        options = self.options(state)
        wanted = " ".join(str(text).split()).lower()
        step = next((s for s in options if s.lower() == wanted), None)
        if step is not None:
            return self._after(state, step, options[step])
        for whole, turn in self.turns_from(state):
            if whole.lower() == wanted:
                return turn.after
        step = self._find(options, text)
        if step is not None:
            return self._after(state, step, options[step])
        raise self.error(f"{text!r} is neither a legal step nor a legal turn here (steps: {_listed(options)})")

    def now(self, state: Any) -> Any:
        """The game's position as a turn in progress leaves it (the cards played, the card drawn in
        hand; the same player to move); a position is its own."""
        pos, taken = parts(state)
        if not taken:
            return pos
        for turn in self.cutter.turns(pos):
            cut = tuple(self.cutter.cut(pos, turn.move))
            if cut == (*taken, self.cutter.end):
                return turn.now
        raise StepError("this turn in progress has no end step to show it by")

    def taken_from(self, pos: Any, taken: Sequence[str], error: Callable[[str, str], Exception]) -> Midturn:
        """The turn in progress of ``pos`` after the steps ``taken`` (each one continuing), checked
        step by step; ``error(field, message)`` for what ``midturn`` finds wrong with them."""
        found = self.midturn(pos, taken)
        if isinstance(found, Fault):
            raise error(found.field, found.message)
        return found

    def midturn(self, pos: Any, taken: Sequence[str]) -> Midturn | Fault:
        """The turn in progress of ``pos`` after the steps ``taken``, or the ``Fault`` naming what
        is wrong with them: none at all, a position no turn can be in progress in, a step that is
        not open there, one that ends the turn, or steps out of order."""
        if not taken:
            return Fault(TURN, "a turn in progress needs at least one step")
        if (why := self._no_turn_here(pos)) is not None:
            return Fault(TURN, f"no turn can be in progress here: {why}")
        state: Any = pos
        for k, text in enumerate(taken):
            options = self.options(state)
            step = self._find(options, marked(text))
            if step is None:
                if (order := self._in_order(pos, taken)) is not None:
                    return Fault(TURN, order)
                going_on = [s for s, turn in options.items() if turn is None]
                return Fault(f"{TURN}[{k}]", f"{text!r} is not a step that goes on from here "
                                             f"(steps that go on: {_listed(going_on)})")
            if options[step] is not None:
                return Fault(f"{TURN}[{k}]", f"{step!r} ends the turn: a turn section holds only the steps taken "
                                             "so far, each going on ('...'); apply takes the step that ends it")
            state = self._after(state, step, None)
        return state

    def _no_turn_here(self, pos: Any) -> str | None:
        """Why no turn can be in progress in ``pos`` (none of its steps goes on), else None."""
        if pos.is_over:
            return "the game is over"
        if pos.to_move is None:
            return "chance acts next, no player is to move"
        if all(turn is not None for turn in self.options(pos).values()):
            return f"every step open to player {pos.to_move} ends the turn (none goes on, '...')"
        return None

    def _in_order(self, pos: Any, taken: Sequence[str]) -> str | None:
        """When the steps ``taken`` are legal in another order (the last may end the turn), what
        to say of it; else None. Only short lists are tried: a turn is cut in few places."""
        if len(taken) > 4:
            return None
        for order in permutations(taken):
            state: Any = pos
            for k, text in enumerate(order):
                options = self.options(state)
                step = self._find(options, marked(text))
                if step is None or (options[step] is not None and k < len(order) - 1):
                    break
                state = self._after(state, step, options[step])
            else:
                said = "its steps are out of order: they are legal as " + ", then ".join(repr(t) for t in order)
                if not isinstance(state, Midturn):
                    said += f"; and {unmarked(order[-1])!r} ends the turn: apply takes it as a step"
                return said
        return None

def apply_either(steps: Any, whole: Callable[[Any, str], Any], state: Any, text: str,
                 errors: tuple[type[Exception], ...]) -> Any:
    """What the protocol's and the CLI's ``apply`` do with a text: from a position, the game's
    whole-turn ``whole(position, text)`` as before steps, else a step (``steps.apply_step``); from a
    turn in progress, ``steps.apply_any``. When neither takes it, the whole-turn error (one of
    ``errors``) is raised, as before."""
    if isinstance(state, Midturn):
        return steps.apply_any(state, text)
    try:
        return whole(state, text)
    except errors as e:
        try:
            return steps.apply_step(state, text)
        except errors:
            raise e from None


def _listed(options: Iterable[str], at_most: int = 8) -> str:
    texts = sorted(options)
    return ", ".join(texts[:at_most]) + (f", ... ({len(texts)} in all)" if len(texts) > at_most else "") or "none"


# -- the text and JSON forms of a state: a position, or a position and ``turn STEP ...`` --------

def _turn_words(text: str) -> tuple[str, list[str]] | None:
    """(the text before the last section, that section's words) when the last section is a turn
    section (its first word ``turn``), else None."""
    head, sep, tail = text.rpartition("|")
    words = tail.split()
    return (head, words) if sep and words and words[0].lower() == TURN else None


def has_turn(text: Any) -> bool:
    """Whether a POSITION (text, JSON text or object) has a turn section, well formed or not: a
    last text section ``turn ...`` or a JSON key ``"turn"``. Nothing else is read."""
    if isinstance(text, dict):
        return TURN in text
    if not isinstance(text, str):
        return False
    stripped = text.removeprefix(BOM).strip()
    if not stripped.startswith("{"):
        return _turn_words(stripped) is not None
    try:
        return TURN in read_json(stripped)
    except (ValueError, TypeError):
        return False


def turn_problem(rules: StepRules, text: Any) -> str | None:
    """What is wrong with the turn section of a POSITION (text, JSON text or object), in one line
    naming the field (``turn: ...``, ``turn[1]: ...``); None when it has none or holds a turn in
    progress, and when the position before it cannot be read at all (its own reader says why)."""
    if not has_turn(text):
        return None
    stripped = text.removeprefix(BOM).strip() if isinstance(text, str) else text
    is_json = not isinstance(stripped, str) or stripped.startswith("{")
    try:
        head, taken = json_steps(read_json(stripped) if isinstance(stripped, str) else stripped) if is_json \
            else split_text(stripped)
    except StepError as e:
        return str(e)
    try:
        pos = rules.notation.position_from_json(head) if is_json else rules.notation.parse_position(head)
    except (ValueError, TypeError):
        return None
    found = rules.midturn(pos, taken or ())
    return f"{found.field}: {found.message}" if isinstance(found, Fault) else None


def split_text(text: str) -> tuple[str, tuple[str, ...]]:
    """(the position's own text, the steps of its ``| turn ...`` section, if any). The section is
    last; its steps are each followed by the ``CONTINUES`` mark (``turn play R3 draw ...``)."""
    found = _turn_words(text)
    if found is None:
        return text, ()
    head, words = found
    body = " ".join(words[1:])
    mark = CONTINUES.strip()
    chunks = [c.strip() for c in body.split(mark)]
    if not body.endswith(mark) or any(not c for c in chunks[:-1]) or chunks[-1]:
        raise StepError(f"{TURN}: the steps taken, each followed by '{mark}' (turn play R3 draw {mark}), got {body!r}")
    return head.rstrip(), tuple(marked(c) for c in chunks[:-1])

def format_state(state: Any, format_text: Callable[[Any], str]) -> str:
    """The one-line text of a position, or of a turn in progress: its start and ``| turn STEP ...``."""
    pos, taken = parts(state)
    text = format_text(pos)
    return text + (f" | {TURN} " + " ".join(taken) if taken else "")


def state_to_json(state: Any, position_to_json: Callable[[Any], dict]) -> dict[str, Any]:
    """The JSON of a position, or of a turn in progress: its start with ``"turn": [steps taken]``."""
    pos, taken = parts(state)
    obj = position_to_json(pos)
    if taken:
        obj[TURN] = list(taken)
    return obj


def parse_state(text: str, notation: Any, rules: StepRules, error: Callable[[str, str], Exception]) -> Any:
    """A position or a turn in progress from JSON (``"turn"``) or text (``| turn ...``), read by the
    game's ``notation`` (``parse_position``, ``position_from_json``) and checked step by step;
    ``error(field, message)`` is the game's PositionError."""
    stripped = text.removeprefix(BOM).strip() if isinstance(text, str) else text
    if isinstance(stripped, str) and stripped.startswith("{"):
        try:
            obj = read_json(stripped)
        except ValueError as e:
            raise error("position", str(e)) from None
        return state_from_json(obj, notation, rules, error)
    try:
        head, taken = split_text(stripped) if isinstance(stripped, str) else (stripped, ())
    except StepError as e:
        raise error(TURN, str(e).partition(": ")[2]) from None
    pos = notation.parse_position(head)
    return rules.taken_from(pos, taken, error) if taken else pos


def state_from_json(obj: Any, notation: Any, rules: StepRules, error: Callable[[str, str], Exception]) -> Any:
    """A position or, with ``"turn"``, a turn in progress from its JSON object."""
    try:
        rest, taken = json_steps(obj)
    except StepError as e:
        raise error(TURN, str(e).partition(": ")[2]) from None
    pos = notation.position_from_json(rest)
    return pos if taken is None else rules.taken_from(pos, taken, error)


def json_steps(obj: Any) -> tuple[Any, tuple[str, ...] | None]:
    """(the position object without ``"turn"``, its steps, None when it has no ``"turn"``);
    StepError when ``"turn"`` is not a list of step texts."""
    if not isinstance(obj, dict) or TURN not in obj:
        return obj, None
    taken = obj[TURN]
    if not isinstance(taken, list) or not all(isinstance(t, str) and t.split() for t in taken):
        raise StepError(f"{TURN}: the steps taken this turn, a list of step texts like ['play R3 draw ...'], got {taken!r}")
    return {k: v for k, v in obj.items() if k != TURN}, tuple(marked(t) for t in taken)


__all__ = [
    "CONTINUES",
    "TURN",
    "Cutter",
    "Fault",
    "Midturn",
    "Shown",
    "StepError",
    "StepRules",
    "Turn",
    "apply_either",
    "each_move",
    "format_state",
    "has_turn",
    "is_continued",
    "json_steps",
    "last",
    "marked",
    "parse_state",
    "parts",
    "split_text",
    "state_from_json",
    "state_to_json",
    "turn_problem",
    "unmarked",
]
