"""The games arbiter models, and the interface each provides: a registry keyed by game id, and the
one place that reads a POSITION argument and tells which game it belongs to.

>>> [g.id for g in GAMES.values()]
['red7', 'realms', 'stick-to-colours', 'bridge']
>>> game_of_text('red 0 basic | R7 / O3 | B2 / V6')
'red7'
>>> game_of_text('N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4')
'bridge'
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TextIO

DEFAULT = "red7"


BOM = "\ufeff"  # a UTF-8 byte order mark, which some editors put at the start of a file

# Control characters no text file holds (tab, newlines, form feed and the terminal's escape are
# text), and the surrogate escapes standing for bytes that are not UTF-8 on a stdin read in the C locale.
_BINARY = re.compile("[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f\ud800-\udfff]")


def check_text(text: str, source: str, what: str = "position") -> str:
    """``text`` once it is known to be text; ValueError naming ``source`` for binary data, which
    would otherwise be read as a broken position and echoed back in an error message."""
    if (m := _BINARY.search(text)) is not None:
        raise ValueError(f"{source} holds binary data, not a {what} (character {m.start() + 1} is not text)")
    return text


class _Refused(ValueError):
    """A value Python's parser would take but JSON (or a JSON writer) has no form for."""


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")  # Python's parser takes NaN and Infinity; JSON does not


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text[:20]} is too large")
    return value


def read_json(text: str) -> Any:
    """The JSON value of ``text`` (a leading byte order mark ignored); ValueError with one clear
    line for anything Python's parser refuses, including nesting too deep for it and integers of
    more than 4300 digits."""
    text = text.removeprefix(BOM)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as e:
        where = f"line {e.lineno} column {e.colno}" if "\n" in text.strip() else f"column {e.colno}"
        raise ValueError(f"not valid JSON ({e.msg} at {where})") from None
    except RecursionError:
        raise ValueError("not valid JSON here: nested too deeply") from None
    except _Refused as e:
        raise ValueError(f"not valid JSON here: {e}") from None
    except ValueError as e:  # an integer beyond Python's int() digit limit
        raise ValueError(f"not valid JSON here: {str(e).split(':')[0]}") from None


def looks_like_json(text: str) -> bool:
    """Whether a POSITION text is meant as JSON: it opens an object or an array (an array is no
    position, but its reader says so, or that it nests too deeply, better than the text notation would)."""
    return text.removeprefix(BOM).lstrip()[:1] in ("{", "[")


def parse_position_text(text: Any, from_json: Any, from_text: Any, error: Any) -> Any:
    """A position from JSON text (starting with ``{``, read by ``read_json``) through ``from_json``,
    or from a game's one-line text form through ``from_text``; ``error(field, message)`` is the
    game's PositionError for text that is not a string or not JSON."""
    if not isinstance(text, str):
        raise error("position", "must be text")
    stripped = text.removeprefix(BOM).strip()
    if looks_like_json(stripped):
        try:
            obj = read_json(stripped)
        except ValueError as e:
            raise error("position", str(e)) from None
        return from_json(obj)
    return from_text(stripped)


class UnknownGame(ValueError):
    """A game id arbiter does not model."""


# The layers a game can provide, and where each game's module of a layer lives: every layer holds its
# generic code at its root and one subpackage (or module) per game, named by ``GameInfo.package``.
LAYERS: dict[str, str] = {
    "model": "arbiter.model", "solver": "arbiter.solver", "proofs": "arbiter.proofs", "checker": "arbiter.checker",
    "report": "arbiter.report", "cli": "arbiter.cli", "openspiel": "arbiter.adapters.openspiel",
}


@dataclass(frozen=True)
class GameInfo:
    """A game: its id (as in ``"game"`` fields), name, player counts, rule sources (files in
    ``docs/sources/``) and ``package``, the name of its subpackage in every layer
    (``arbiter.<layer>.<package>``; see ``LAYERS`` and ``provides``). ``unit`` is what a position
    plays out (a Red7 position is a round, the others' a whole game); ``plain`` says that ``arbiter
    solve --json`` answers its positions without loading click (``cli/plain.py``): its model package
    exports ``parse_position`` and ``PositionError`` and its solver package ``solve(position)``."""

    id: str
    name: str
    players: tuple[int, ...]
    sources: tuple[str, ...]
    package: str
    unit: str = "game"
    plain: bool = False

    def module(self, which: str) -> str:
        """The dotted name of this game's module in layer ``which`` (whether or not it is built)."""
        if which not in LAYERS:
            raise ValueError(f"unknown layer {which!r} (layers: {', '.join(LAYERS)})")
        return f"{LAYERS[which]}.{self.package}"

    @property
    def model(self) -> str:
        return self.module("model")


GAMES: dict[str, GameInfo] = {
    g.id: g for g in (
        GameInfo("red7", "Red7", (2, 3, 4), ("red7-card-reference.en.txt", "red7-rules.fr.txt", "red7-digest.md"),
                 "red7", unit="round", plain=True),
        GameInfo("realms", "Realms (trick-taking)", (2, 3, 4, 5, 6), ("realms-trick-taking.en.txt",), "realms"),
        GameInfo("stick-to-colours", "Stick to Colours", (2, 3, 4), ("stick-to-colours.en.txt",), "stick_to_colours"),
        # No rule text ships for bridge: docs/rules-bridge.md cites the Laws of Duplicate Bridge by number.
        GameInfo("bridge", "Contract bridge (card play)", (4,), (), "bridge"),
    )
}


def exists(module: str) -> bool:
    """Whether ``module`` is installed, found without importing it or its own package (OpenSpiel's
    adapter package imports pyspiel; z3 loads only when a proof runs)."""
    parent, _, name = module.rpartition(".")
    try:
        spec = importlib.util.find_spec(parent)
    except ImportError:
        return False
    if spec is None or not spec.submodule_search_locations:
        return False
    return any((Path(d) / f"{name}.py").is_file() or (Path(d) / name / "__init__.py").is_file()
               for d in spec.submodule_search_locations)


def provides(game_id: Any) -> dict[str, bool]:
    """For each layer of ``LAYERS``, whether this installation holds the game's module there."""
    g = info(game_id)
    return {which: exists(g.module(which)) for which in LAYERS}


class GameModel(Protocol):
    """What ``importlib.import_module(GameInfo.model)`` provides for every game.

    Positions are immutable values; moves are whole turns whose ``str()`` is their canonical text;
    ``chance_outcomes`` lists ``(probability, label, position)`` for a position where chance acts
    next (a deal, a draw, a random steal) and is empty elsewhere. The ``steps`` submodule cuts the
    turns where their player sees a card before deciding the rest (``arbiter.model.steps``)."""

    GAME_ID: str
    Ruleset: type
    PositionError: type[Exception]
    MoveError: type[Exception]

    def deal(self, players: int, seed: int, ruleset: Any = ...) -> Any: ...
    def legal_moves(self, position: Any) -> list[Any]: ...
    def apply(self, position: Any, move: Any) -> Any: ...
    def position_from_json(self, obj: Any) -> Any: ...
    def position_to_json(self, position: Any) -> dict[str, Any]: ...
    def format_text(self, position: Any) -> str: ...
    def parse_position(self, text: str) -> Any: ...


def info(game_id: Any) -> GameInfo:
    """The game named ``game_id`` or UnknownGame naming the known ones."""
    if isinstance(game_id, str) and game_id.strip().lower() in GAMES:
        return GAMES[game_id.strip().lower()]
    if not isinstance(game_id, str):
        raise UnknownGame(f"game: must be a game id ({', '.join(GAMES)}), got {json.dumps(game_id)[:40]}")
    raise UnknownGame(f"unknown game {game_id!r} (known: {', '.join(GAMES)})")


def available(game_id: str) -> bool:
    """Whether the game's model is installed (a game may be registered before it is built)."""
    return exists(info(game_id).model)


def model(game_id: Any) -> ModuleType:
    """The model module of a game (imported on first use)."""
    g = info(game_id)
    if not available(g.id):
        raise UnknownGame(f"game {g.id!r} is not built in this version of arbiter")
    return importlib.import_module(g.model)


def layer(game_id: Any, which: str) -> ModuleType:
    """A game's module in layer ``which`` (see ``LAYERS``), imported; UnknownGame if it has none."""
    g = info(game_id)
    name = g.module(which)
    if not exists(name):
        raise UnknownGame(f"{which} for game {g.id!r} is not built in this version of arbiter")
    return importlib.import_module(name)


# Bridge's PBN forms, which carry no game id: a deal string and a file's Deal tag.
PBN_DEAL = re.compile(r"^\s*[NESWnesw]:[2-9TJQKAtjqka.]*\.")
PBN_TAG = re.compile(r'^\s*\[Deal\s+"', re.MULTILINE)
PBN_TAG_LINE = re.compile(r'^\s*\[\w+\s+"[^"]*"\]\s*$')  # a PBN file's first line: [Event "..."], [Deal "..."]


def game_of_json(obj: Any) -> str:
    """The game a position, vector or request object belongs to (``"game"``, default red7)."""
    if isinstance(obj, dict) and "game" in obj:
        return info(obj["game"]).id
    return DEFAULT


def game_of_text(text: str) -> str:
    """The game of a POSITION text: JSON by its ``"game"`` field; text notation by its first word,
    which is the game id for every game but Red7 (whose text starts with the rule's colour)."""
    stripped = text.removeprefix(BOM).lstrip()
    if PBN_TAG_LINE.match(stripped.partition("\n")[0]):
        return "bridge"  # a PBN file opens with a [Tag "value"] line, which looks like JSON's [
    if looks_like_json(stripped):
        try:
            obj = read_json(stripped)
        except ValueError:
            return DEFAULT  # the game's own parser reports the broken JSON
        return game_of_json(obj)
    if PBN_DEAL.match(stripped) or PBN_TAG.search(stripped):
        return "bridge"  # a bare PBN deal ``N:AKQ2.JT9.876.54 ...`` or a PBN file's [Deal] tag
    first = stripped.split(maxsplit=1)[0].lower() if stripped.split() else ""
    return first if first in GAMES and first != DEFAULT else DEFAULT


def read_text(arg: str, stdin: TextIO | None = None, what: str = "position") -> str:
    """The text named by a POSITION-like argument: ``-`` (stdin), inline JSON or text notation
    (anything holding ``{`` or ``|``), or a file; a leading UTF-8 byte-order mark is dropped.
    Raises ValueError naming the problem."""
    if arg == "-":
        text = (stdin or sys.stdin).read()
    elif looks_like_json(arg) or "|" in arg or PBN_DEAL.match(arg):
        text = arg
    else:
        path = Path(arg)
        if not path.is_file():
            raise ValueError(f"{arg!r} is not a file, JSON or text notation")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ValueError(f"cannot read {arg!r}: {e}") from None
    text = check_text(text.removeprefix(BOM), "stdin" if arg == "-" else repr(arg), what)
    if not text.strip():
        raise ValueError(f"empty input ({'stdin' if arg == '-' else repr(arg)} holds no {what})")
    return text
