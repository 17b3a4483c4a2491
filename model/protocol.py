"""The engine protocol ``arbiter-engine/1`` for every game (``docs/protocol.md``): JSON lines in,
one JSON answer per line out. Each request names its ``"game"`` (default red7) and is answered by
that game's ``protocol.OPS``; the error answers, the loop and ``hello``'s list of games are here."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, TextIO

from . import games
from .steps import Midturn, apply_either

PROTOCOL = "arbiter-engine/1"

# Error codes; docs/protocol.md lists when each is sent.
INVALID_JSON = "invalid_json"
INVALID_REQUEST = "invalid_request"
UNKNOWN_GAME = "unknown_game"
UNKNOWN_OP = "unknown_op"
MISSING_FIELD = "missing_field"
INVALID_FIELD = "invalid_field"
INVALID_CARD = "invalid_card"
UNKNOWN_RULE = "unknown_rule"
INVALID_COLOUR = "invalid_colour"  # Realms: a ruling colour or a colour choice that is not one of the four
INVALID_RULESET = "invalid_ruleset"
INVALID_POSITION = "invalid_position"
ILLEGAL_MOVE = "illegal_move"
INTERNAL_ERROR = "internal_error"


class RequestError(Exception):
    """A request the engine cannot answer; becomes an error answer."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def field(request: dict, name: str) -> Any:
    """``request[name]``, or a missing_field error."""
    if name not in request:
        raise RequestError(MISSING_FIELD, f"missing field {name!r}")
    return request[name]


def error(request_id: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "error": {"code": code, "message": message}}


Op = Callable[[dict, Any], dict[str, Any]]


def answer(request: dict, ops: dict[str, Op], ruleset: Callable[[dict], Any]) -> dict[str, Any]:
    """One game's answer to a request: ``ops[request["op"]](request, ruleset(request))``, with
    every failure turned into an error answer."""
    request_id = request.get("id")
    try:
        op = field(request, "op")
        if op not in ops:
            raise RequestError(UNKNOWN_OP, f"unknown op {op!r} (known: {', '.join(ops)})")
        return {"id": request_id, **ops[op](request, ruleset(request))}
    except RequestError as e:
        return error(request_id, e.code, e.message)
    except Exception as e:  # noqa: BLE001 - a bug behind one answer must not stop the engine serving
        return error(request_id, INTERNAL_ERROR, f"{type(e).__name__}: {e}")


def ruleset_reader(ruleset_type: Any, default: Any) -> Callable[[dict], Any]:
    """The ``ruleset_fn`` of ``answer`` for a game: the request's ``"ruleset"`` read by
    ``ruleset_type.from_json``, ``default`` when absent, an invalid_ruleset error when bad."""

    def read(request: dict) -> Any:
        if "ruleset" not in request:
            return default
        try:
            return ruleset_type.from_json(request["ruleset"])
        except ValueError as e:
            raise RequestError(INVALID_RULESET, f"ruleset: {e}") from None

    return read


def request_position(request: dict, ruleset: Any, model: Any, codes: dict[str, str] | None = None) -> Any:
    """The request's ``"position"`` read by the game ``model`` (its ``position_from_json`` and
    ``PositionError``); the request's ruleset fills a position that names none and must agree with
    one that does. ``codes`` maps a PositionError field to its error code (default invalid_position)."""
    obj = field(request, "position")
    if isinstance(obj, dict) and "ruleset" not in obj and "ruleset" in request:
        obj = {**obj, "ruleset": ruleset.to_json()}
    try:
        pos = model.position_from_json(obj)
    except model.PositionError as e:
        code = {"ruleset": INVALID_RULESET, **(codes or {})}.get(e.field, INVALID_POSITION)
        raise RequestError(code, f"position.{e}") from None
    if "ruleset" in request and pos.ruleset != ruleset:
        raise RequestError(INVALID_RULESET, "ruleset: the request and its position name different rulesets")
    return pos


def move_ops(game: Any, steps: Any, example: str, codes: dict[str, str] | None = None,
             card_error: type[Exception] | None = None) -> dict[str, Op]:
    """The ``legal_moves``, ``legal_steps`` and ``apply`` ops of a game, from its ``game`` module
    (``legal_moves``, ``apply``, ``PositionError``, ``MoveError``) and its ``steps`` module
    (``arbiter.model.steps``; its JSON reader and writer, by which a position may hold a turn in
    progress, ``"turn"``); ``example`` is a move text for the error message, a ``card_error``
    raised by ``apply`` is an invalid_card answer."""
    model = SimpleNamespace(legal_moves=game.legal_moves, apply=game.apply, PositionError=game.PositionError,
                            MoveError=game.MoveError, position_from_json=steps.state_from_json,
                            position_to_json=steps.state_to_json)

    def legal_moves(request: dict, ruleset: Any) -> dict[str, Any]:
        state = request_position(request, ruleset, model, codes)
        if isinstance(state, Midturn):
            return {"moves": [text for text, _ in steps.turns_from(state)]}
        return {"moves": [str(m) for m in model.legal_moves(state)]}

    def legal_steps(request: dict, ruleset: Any) -> dict[str, Any]:
        return {"steps": steps.steps(request_position(request, ruleset, model, codes))}

    def apply(request: dict, ruleset: Any) -> dict[str, Any]:
        state = request_position(request, ruleset, model, codes)
        move = field(request, "move")
        if not isinstance(move, str):
            raise RequestError(INVALID_FIELD, f"move: must be a move text like {example!r}, got {move!r}")
        try:
            return {"position": model.position_to_json(_apply(state, move))}
        except model.MoveError as e:
            raise RequestError(ILLEGAL_MOVE, f"move: {e}") from None
        except Exception as e:
            if card_error is not None and isinstance(e, card_error):
                raise RequestError(INVALID_CARD, f"move: {e}") from None
            raise

    def _apply(state: Any, move: str) -> Any:
        errors = (model.MoveError,) + ((card_error,) if card_error is not None else ())
        return apply_either(steps, model.apply, state, move, errors)

    return {"legal_moves": legal_moves, "legal_steps": legal_steps, "apply": apply}


def game_handler(ops: dict[str, Op], ruleset: Callable[[dict], Any]) -> Callable[[Any], dict[str, Any]]:
    """A game protocol module's ``handle(request)``: an error answer for anything not an object."""

    def handle(request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            return error(None, INVALID_REQUEST, f"a request must be a JSON object, got {type(request).__name__}")
        return answer(request, ops, ruleset)

    return handle


def declaration(game: str, ops: Any, ruleset_class: Any) -> dict[str, Any]:
    """A game's entry of hello's ``"games"``: its ops, player counts, presets and switch values."""
    return {"ops": list(ops), "players": list(games.GAMES[game].players), "presets": list(ruleset_class.PRESETS),
            "switches": {name: list(values) for name, values in ruleset_class.SWITCHES.items()}}


def hello_answer(game: str, ops: Any, ruleset_class: Any) -> dict[str, Any]:
    """The ``hello`` answer of a game served alone: protocol, game, ops and its declaration."""
    return {"protocol": PROTOCOL, "game": game, "ops": list(ops), "games": {game: declaration(game, ops, ruleset_class)}}


def served() -> list[str]:
    """The ids of the games whose model is installed, in registry order."""
    return [g for g in games.GAMES if games.available(g)]


def handle(request: Any) -> dict[str, Any]:
    """The answer to one parsed request, from the game it names (an error answer for anything
    it cannot serve)."""
    if not isinstance(request, dict):
        return error(None, INVALID_REQUEST, f"a request must be a JSON object, got {type(request).__name__}")
    try:
        game = games.game_of_json(request)
    except games.UnknownGame as e:
        return error(request.get("id"), UNKNOWN_GAME, str(e))
    if game not in served():
        return error(request.get("id"), UNKNOWN_GAME, f"game {game!r} is not served by this engine")
    result = games.model(game).protocol.handle(request)
    if request.get("op") == "hello" and "error" not in result:
        result["games"] = {g: _capabilities(g) for g in served()}
    return result


def _capabilities(game: str) -> dict[str, Any]:
    """What a game's own ``hello`` declares it serves (its entry of ``"games"``)."""
    return games.model(game).protocol.handle({"op": "hello"}).get("games", {}).get(game, {})


def handle_line(line: str) -> dict[str, Any]:
    """The answer to one request line."""
    try:
        request = games.read_json(line)
    except ValueError as e:
        return error(None, INVALID_JSON, str(e))
    return handle(request)


LINE_LIMIT = 16 << 20  # a request line longer than this is refused (and read past) without being held


def _lines(instream: TextIO) -> Iterator[str | None]:
    """The lines of ``instream``, None for one longer than LINE_LIMIT (its rest is read and dropped)."""
    while line := instream.readline(LINE_LIMIT + 1):
        if len(line) <= LINE_LIMIT or line.endswith("\n"):
            yield line
            continue
        while (rest := instream.readline(LINE_LIMIT)) and not rest.endswith("\n"):
            pass
        yield None


def serve(instream: TextIO, outstream: TextIO) -> int:
    """Answer each non-blank line of ``instream`` on ``outstream``, flushing each answer; 0 at EOF."""
    for line in _lines(instream):
        if line is None:
            reply = error(None, INVALID_REQUEST, f"a request line longer than {LINE_LIMIT >> 20} MB")
        elif not line.strip():
            continue
        else:
            reply = handle_line(line)
        try:
            text = json.dumps(reply, allow_nan=False)
        except (ValueError, RecursionError):  # an id Python can read but not write back
            text = json.dumps(error(None, INVALID_REQUEST, "the request id cannot be written back as JSON"))
        outstream.write(text + "\n")
        outstream.flush()
    return 0
