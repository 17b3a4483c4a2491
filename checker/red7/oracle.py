"""The model's answers to Red7 protocol requests, the rule clause each one rests on, and the
comparison of an engine's answer with the model's (a Difference with its kind)."""

from __future__ import annotations

import json
from typing import Any

from arbiter.model import red7
from arbiter.model.red7 import reference
from arbiter.model.red7.cards import COLOUR_NAMES, card_code, parse_card, parse_colour
from arbiter.model.red7.notation import position_from_json, position_to_json
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.spec import RULES

from ..plugin import Difference

OPS = ("leader", "qualifying", "legal_moves", "apply")
ANY_ERROR: dict[str, Any] = {"error": True}  # expected answer: any error object will do

TIE_BREAK = "tie -> highest qualifying card, by number then colour R>O>Y>G>B>I>V"


def ruleset_of(request: dict[str, Any]) -> Ruleset:
    return Ruleset.from_json(request.get("ruleset", "basic"))


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The model's answer (without ``id``) to a well-formed request of one of ``OPS``; an illegal
    ``apply`` move expects an error answer."""
    op = request["op"]
    if op == "leader":
        return {"leader": red7.leader(request["rule"], request["palettes"], request.get("out", []),
                                      ruleset_of(request))}
    if op == "qualifying":
        return {"cards": red7.qualifying(request["rule"], request["palette"])}
    pos = position_from_json(request["position"])
    if op == "legal_moves":
        return {"moves": [str(m) for m in red7.legal_moves(pos)]}
    if op == "apply":
        try:
            return {"position": position_to_json(red7.apply(pos, request["move"]))}
        except red7.MoveError:
            return dict(ANY_ERROR)
    raise ValueError(f"unknown op {op!r}")


def _rule_text(rule: int) -> str:
    return f"{COLOUR_NAMES[rule].capitalize()}: {RULES[rule].text.lower()}"


def reason(request: dict[str, Any]) -> str:
    """A one-line statement of the rule clause that decides the answer to ``request``."""
    op = request["op"]
    if op == "qualifying":
        rule = parse_colour(request["rule"])
        extra = {
            0: "the single highest card counts",
            1: "the best group counts; " + TIE_BREAK,
            2: "the best group counts; " + TIE_BREAK,
            3: "every even card counts",
            4: "the highest card of each colour counts",
            5: "the longest run counts, a duplicate number does not lengthen it and its highest copy stands; "
               + TIE_BREAK,
            6: "every card below 4 counts",
        }[rule]
        cards = red7.qualifying(rule, request["palette"])
        return f"{_rule_text(rule)}; {extra}: {' '.join(cards) if cards else 'no card qualifies'}"
    if op == "leader":
        return _leader_reason(request)
    rs = ruleset_of(request)
    pos = position_from_json(request["position"])
    parts = [f"rule {COLOUR_NAMES[pos.rule]}, player {pos.to_move} to move"]
    if op == "legal_moves":
        parts.append("a turn is play, discard, play then discard, or pass; the mover must be winning at its end")
    else:
        parts.append(f"turn {request['move']!r}: a player not winning at the end of the turn is out")
    if rs.actions:
        parts.append("Action rule: a 1, 3, 5 or 7 played to the Palette acts")
    if rs.advanced:
        parts.append("Advanced: a discard above the Palette size may draw; the round winner banks the deciding set")
    overrides = rs.overrides()
    if overrides:
        parts.append("switches " + ", ".join(f"{k}={v}" for k, v in overrides.items()))
    return "; ".join(parts)


def _leader_reason(request: dict[str, Any]) -> str:
    """The clause that decides the expected answer, with the cards it compares: written from the
    model's decision, so that it always says why the expected answer is what it is."""
    rule, rs = parse_colour(request["rule"]), ruleset_of(request)
    palettes = [[parse_card(c) for c in p] for p in request["palettes"]]
    who, clause, keys = reference.decision(rule, palettes, request.get("out", []), rs)
    parts = [_rule_text(rule)]
    out = request.get("out", [])
    if out:
        parts.append(("players out still compete (out_palettes=compete): " if rs.out_palettes == "compete"
                      else "players out do not compete: ") + ", ".join(f"P{i}" for i in out))
    if clause in (reference.NOBODY_WINS, reference.NOBODY_HIGHEST):
        parts.append(clause + (f": P{who}" if who is not None else ""))
        return "; ".join(parts)
    (first, (count, top)), rest = keys[0], keys[1:]
    if clause == reference.COUNT:
        runner = f" beat P{rest[0][0]}'s {rest[0][1][0]}" if rest and rest[0][1][0] else ""
        parts.append(f"{clause}: P{first}'s {count}{runner}")
    elif rule == 0:
        parts.append(f"the highest card wins: {card_code(top)} beats {card_code(rest[0][1][1])}")
    else:
        other = card_code(rest[0][1][1])
        by = "tie_break=highest_card: the highest card of the whole Palette" if rs.tie_break == "highest_card" \
            else clause
        parts.append(f"P{first} and P{rest[0][0]} have {count} each; {by}: {card_code(top)} beats {other}")
    return "; ".join(parts) + f" -> P{first}"


def compare(request: dict[str, Any], expected: dict[str, Any], got: dict[str, Any]) -> Difference | None:
    """None when ``got`` agrees with ``expected``, else the kind of difference and what differs."""
    if "error" in expected:
        if isinstance(got.get("error"), dict):
            return None
        return Difference("an answer instead of an error", "expected an error answer, got " + _short(got))
    if "error" in got:
        err = got["error"]
        message = err.get("message", err) if isinstance(err, dict) else err
        code = err.get("code") if isinstance(err, dict) else None
        return Difference(f"error {code} instead of an answer" if isinstance(code, str) else "an error instead of "
                          "an answer", f"expected an answer, got error: {message}")
    (name, want), = expected.items()
    if name not in got:
        return Difference(f"no {name!r} in the answer", f"answer has no {name!r} field: {_short(got)}")
    have = got[name]
    if name == "position":
        return _compare_positions(want, have)
    if name == "moves" and isinstance(have, list) and have != want:
        missing = [m for m in want if m not in have]
        extra = [m for m in have if m not in want]
        if not missing and not extra:
            return Difference("moves out of order", "moves not in the canonical sorted order (or repeated)")
        kind = "missing and extra moves" if missing and extra else "missing moves" if missing else "extra moves"
        return Difference(kind, "; ".join(filter(None, [missing and f"missing {_list(missing)}",
                                                         extra and f"extra {_list(extra)}"])))
    if have == want:
        return None
    text = f"expected {name} {_short(want)}, got {_short(have)}"
    if name == "leader":
        kind = ("names a leader when nobody is winning" if want is None else
                "names nobody when somebody is winning" if have is None else "names the wrong leader")
        return Difference(kind, text)
    if name == "cards" and isinstance(have, list) and sorted(map(str, have)) == sorted(want):
        return Difference("cards not strongest first", text)
    return Difference(f"wrong {name}", text)


def _compare_positions(want: dict[str, Any], have: Any) -> Difference | None:
    try:
        got = position_from_json(have)
    except Exception as e:  # noqa: BLE001 - the answer is the engine's, anything may be in it
        return Difference("not a valid position", f"answer position is not a valid position ({e})")
    exp = position_from_json(want)
    if got == exp:
        return None
    a, b = position_to_json(exp), position_to_json(got)
    diffs, keys = [], []
    for key in ("rule", "to_move", "deck", "ruleset", "scores"):
        if a.get(key) != b.get(key):
            diffs.append(f"{key}: expected {_short(a.get(key))}, got {_short(b.get(key))}")
            keys.append(key)
    for i, (pa, pb) in enumerate(zip(a["players"], b["players"])):
        for key in ("hand", "palette", "out"):
            if pa.get(key) != pb.get(key):
                diffs.append(f"players[{i}].{key}: expected {_short(pa.get(key))}, got {_short(pb.get(key))}")
                keys.append(key)
    if len(a["players"]) != len(b["players"]):
        diffs.append(f"players: expected {len(a['players'])}, got {len(b['players'])}")
        keys.append("players")
    return Difference("wrong " + ", ".join(dict.fromkeys(keys)) + " after the turn", "; ".join(diffs))


def _list(moves: list[str], limit: int = 6) -> str:
    shown = ", ".join(repr(m) for m in moves[:limit])
    return f"[{shown}{', ...' if len(moves) > limit else ''}] ({len(moves)})"


def _short(value: Any, limit: int = 200) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def render_request(request: dict[str, Any]) -> list[str]:
    """The cards of a request, one line per player, for people."""
    rows = []
    if request["op"] == "leader":
        rows.append(f"rule {request['rule']}, ruleset {_ruleset_text(request.get('ruleset', 'basic'))}")
        out = set(request.get("out", []))
        for i, p in enumerate(request["palettes"]):
            rows.append(f"P{i} Palette: {' '.join(p) or '-'}{'   (out)' if i in out else ''}")
    elif request["op"] == "qualifying":
        rows.append(f"rule {request['rule']}, Palette: {' '.join(request['palette']) or '-'}")
    else:
        pos = request["position"]
        rows.append(f"rule {pos['rule']}, ruleset {_ruleset_text(pos.get('ruleset', 'basic'))}, "
                    f"player {pos['to_move']} to move" + (f", scores {pos['scores']}" if "scores" in pos else ""))
        for i, p in enumerate(pos["players"]):
            rows.append(f"P{i} hand: {' '.join(p.get('hand', [])) or '-':<22} "
                        f"Palette: {' '.join(p.get('palette', [])) or '-'}" + ("   (out)" if p.get("out") else ""))
        rows.append(f"deck (top first): {' '.join(pos.get('deck', [])) or '-'}")
        if "move" in request:
            rows.append(f"move: {request['move']}")
    return rows


def _ruleset_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return ",".join([value.get("preset", "basic")] + [f"{k}={v}" for k, v in value.items() if k != "preset"])
