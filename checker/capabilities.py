"""The engine's ``hello``: protocol and game checked, the capabilities it declares for a game read
(``docs/protocol.md``), and notes saying what a check within them leaves out."""

from __future__ import annotations

from typing import Any

from .engine import EngineFault
from .plugin import Capabilities, GamePlugin, member

PROTOCOL = "arbiter-engine/1"


def from_hello(answer: dict[str, Any], plugin: GamePlugin, name: str) -> tuple[Capabilities, list[str]]:
    """The capabilities an engine's hello answer gives it for ``plugin``'s game, with notes (an
    undeclared switch, for instance); EngineFault when the answer is not a usable hello."""
    if "error" in answer:
        raise EngineFault(f"{name} answered hello with an error: {answer['error']}")
    if "protocol" not in answer:
        raise EngineFault(f"{name} gave no \"protocol\" in its hello answer (expected {PROTOCOL!r})")
    if answer.get("protocol") != PROTOCOL:
        raise EngineFault(f"{name} speaks protocol {answer.get('protocol')!r}, expected {PROTOCOL!r}")
    ops = answer.get("ops")
    if not isinstance(ops, list) or not all(isinstance(op, str) for op in ops):
        raise EngineFault(f"{name} lists no ops in its hello answer")
    games = answer.get("games")
    if games is None:
        if not same_game(answer.get("game"), plugin.game):
            raise EngineFault(f"{name} plays {answer.get('game')!r}, expected {plugin.game!r}")
        return plugin.default_capabilities(tuple(ops)), []
    if not isinstance(games, dict) or not all(isinstance(v, dict) for v in games.values()):
        raise EngineFault(f"{name}: hello 'games' must map game ids to objects, got {_short(games)}")
    key = next((k for k in games if same_game(k, plugin.game)), None)
    if key is None:
        raise EngineFault(f"{name} does not declare the game {plugin.game!r} (its hello declares "
                          f"{', '.join(map(repr, games)) or 'none'})")
    return _declared(games[key], plugin, tuple(ops), name)


def same_game(declared: object, game: str) -> bool:
    """Whether a game id an engine wrote names ``game``: ids are compared with ``_`` read as ``-``
    (``stick_to_colours`` is ``stick-to-colours``, as docs/protocol.md says)."""
    return isinstance(declared, str) and declared.replace("_", "-") == game


def _declared(entry: dict[str, Any], plugin: GamePlugin, top_ops: tuple[str, ...],
              name: str) -> tuple[Capabilities, list[str]]:
    full = plugin.full_capabilities()
    default = plugin.default_capabilities(top_ops)
    where = f"{name}: hello games.{plugin.game}"
    notes = []

    def strings(key: str, fallback: tuple[str, ...]) -> tuple[str, ...]:
        value = entry.get(key, list(fallback))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise EngineFault(f"{where}.{key} must be a list of strings, got {_short(value)}")
        return tuple(value)

    ops = strings("ops", top_ops)
    presets = strings("presets", default.presets)
    unknown = [p for p in presets if p not in full.presets]
    if unknown:
        notes.append(f"the engine declares preset(s) the model does not know, not checked: {', '.join(unknown)}")
    players = entry.get("players", list(default.players))
    if not isinstance(players, list) or not all(type(n) is int for n in players):
        raise EngineFault(f"{where}.players must be a list of player counts, got {_short(players)}")
    switches_in = entry.get("switches", {})
    if not isinstance(switches_in, dict) or not all(isinstance(v, list) for v in switches_in.values()):
        raise EngineFault(f"{where}.switches must map switch names to lists of values, got {_short(switches_in)}")
    switches = {}
    for switch, values in switches_in.items():
        if switch not in full.switches:
            notes.append(f"the engine declares switch {switch!r}, which the model does not know; not checked")
            continue
        bad = [v for v in values if not member(v, full.switches[switch])]
        if bad:
            raise EngineFault(f"{where}.switches.{switch}: {_short(bad[0])} is not a value of {switch!r} "
                              f"(values: {', '.join(map(_short, full.switches[switch]))})")
        switches[switch] = tuple(values)
    known_players = tuple(n for n in players if n in full.players)
    if not known_players:
        raise EngineFault(f"{where}.players: none of {players} is a player count of {plugin.game} "
                          f"({', '.join(map(str, full.players))})")
    known_presets = tuple(p for p in presets if p in full.presets)
    if not known_presets:
        raise EngineFault(f"{where}.presets: none of {list(presets)} is a preset of {plugin.game} "
                          f"({', '.join(full.presets)})")
    return Capabilities(plugin.game, ops, known_players, known_presets, switches, declared=True), notes


def not_checked(caps: Capabilities, plugin: GamePlugin, ops: list[str]) -> list[str]:
    """Notes naming what the model serves for ``ops`` and ``caps`` leaves out (presets, switch
    values, player counts), from the game's coverage categories."""
    notes = []
    if not caps.declared:
        notes.append("the engine's hello declares no capabilities: checked on the default ruleset "
                     f"({', '.join(caps.presets)}, default switches) with {_counts(caps.players)} players")
    served = plugin.coverage_universe(caps, ops)
    for category, labels in plugin.coverage_universe(plugin.full_capabilities(), ops).items():
        missing = [x for x in labels if x not in served.get(category, [])]
        if missing:
            shown = ", ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
            notes.append(f"{category} not checked: {shown}")
    return notes


def _counts(players: tuple[int, ...]) -> str:
    return ", ".join(map(str, players)) or "no"


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
