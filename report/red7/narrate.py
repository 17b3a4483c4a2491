"""Red7 witnesses in words: positions as scenes (seats with their cards), turns as sentences
("Player 1 discards the Blue 3 to the Canvas: the rule becomes Blue"), round ends and best play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.red7 import Position, apply
from arbiter.model.red7.cards import codes, parse_card
from arbiter.model.red7.game import banked_set, new_hand_size, points
from arbiter.model.red7.match import next_round, start
from arbiter.model.red7.notation import position_from_json, position_to_json

from .play import resume

COLOURS = {"R": "Red", "O": "Orange", "Y": "Yellow", "G": "Green", "B": "Blue", "I": "Indigo", "V": "Violet"}
RULES = {"red": "highest card", "orange": "most cards of one number", "yellow": "most cards of one colour",
         "green": "most even cards", "blue": "most cards of different colours",
         "indigo": "longest run of consecutive numbers", "violet": "most cards below 4"}
RULE_NAMES = tuple(RULES)
PRESETS = {"basic": "Basic", "actions": "Actions", "advanced": "Advanced", "advanced+actions": "Advanced with Actions"}


def card(code: str) -> str:
    return f"the {COLOURS[code[0]]} {code[1]}"


def cards(codes: list[str]) -> str:
    names = [f"{COLOURS[c[0]]} {c[1]}" for c in codes]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def who(i: int | None) -> str:
    return "nobody" if i is None else f"Player {i + 1}"


def rule_text(rule: str) -> str:
    return f"{rule.capitalize()} ({RULES[rule]})"


def scene(pos: dict[str, Any], caption: str) -> dict[str, Any]:
    """A position as a scene: facts in words and each seat's hand and Palette as cards."""
    p = position_from_json(pos)
    facts = [f"Canvas rule: {rule_text(pos['rule'])}"]
    if p.is_over:
        facts.append(f"The round is over: {who(p.winner)} wins it")
    else:
        facts.append(f"{who(pos['to_move'])} to move; {who(p.leader())} is winning now")
    if pos.get("scores") is not None:
        facts.append("Scores: " + ", ".join(f"{who(i)} {s}" for i, s in enumerate(pos["scores"])))
    seats = [{"name": who(i) + (" (to move)" if i == pos["to_move"] and not p.is_over else ""),
              "out": bool(s.get("out")),
              "rows": [{"label": "hand", "cards": s["hand"]}, {"label": "Palette", "cards": s["palette"]}]}
             for i, s in enumerate(pos["players"])]
    return {"caption": caption, "facts": facts, "seats": seats, "deck": list(pos.get("deck", [])),
            "deck_shown": bool(pos.get("deck")) or p.ruleset.actions or p.ruleset.advanced}


def _owner(pos: Position, code: str) -> int:
    c = parse_card(code)
    return next(i for i, m in enumerate(pos.palettes) if m >> c & 1)


def turn(before: Position, move: str, after: Position | None = None) -> str:
    """One turn in words, with what it leads to."""
    after = after or apply(before, move)
    me = before.to_move
    words = move.split()
    parts = []
    k = 0
    last = None
    while k < len(words):
        verb = words[k]
        arg = words[k + 1] if k + 1 < len(words) and verb not in ("draw", "pass") else None
        k += 1 if arg is None else 2
        if verb == "pass":
            parts.append("passes")
        elif verb == "play":
            parts.append(f"plays {card(arg)} to their Palette")
            last = arg
        elif verb == "discard":
            parts.append(f"discards {card(arg)} to the Canvas: the rule becomes {COLOURS[arg[0]]}")
            last = "discard"
        elif verb == "draw":
            parts.append("the 3 draws a card" if last and last != "discard" and last[1] == "3"
                         else "takes the Advanced draw" if last == "discard" else "draws a card")
        elif verb == "take":
            parts.append(f"the 1 takes {card(arg)} from {who(_owner(before, arg))}'s Palette onto the deck")
        elif verb == "canvas":
            parts.append(f"the 7 moves {card(arg)} to the Canvas: the rule becomes {COLOURS[arg[0]]}")
        elif verb == "deck":
            parts.append(f"the 7 moves {card(arg)} onto the deck")
    text = f"{who(me)} " + ", then ".join(parts)
    if after.is_out(me) and not before.is_out(me):
        text += f"; {who(me)} is out"
    if after.is_over:
        text += f". The round is over: {who(after.winner)} wins it"
        if after.ruleset.advanced and after.winner is not None:
            bank = banked_set(after)
            text += f", banking {cards(codes(bank))} ({points(bank)} points)" if bank else ", banking nothing"
    else:
        text += f". {who(after.leader())} is winning; {who(after.to_move)} moves next"
    return text + "."


def played(p: Position, moves: list[str]) -> tuple[list[str], Position]:
    """A sequence of turns from ``p`` in words, and the position they lead to."""
    out = []
    for m in moves:
        nxt = apply(p, m)
        out.append(turn(p, m, nxt))
        p = nxt
    return out, p


def line(pos: dict[str, Any], moves: list[str]) -> list[str]:
    """A sequence of turns from ``pos`` in words."""
    return played(position_from_json(pos), moves)[0]


def setting(preset: str, players: int) -> str:
    return f"{PRESETS[preset]}, {players} players"


# -- witnesses as stories -----------------------------------------------------------------------

def _under(pos: dict[str, Any], entry: Any, label: str) -> Position:
    reading = next(r for r in entry.readings if r.label == label)
    p = position_from_json(pos)
    return replace(p, ruleset=reading.ruleset(p.ruleset))


def position_story(w: dict[str, Any], entry: Any, title: str) -> dict[str, Any]:
    """A position witness (who is winning, the legal turns, a turn's result) in words."""
    meaning = entry.meanings
    pos = w["position"]
    outcomes = []
    if w["kind"] == "winning":
        summary = "In this position the readings disagree on who is winning."
        for o in w["outcomes"]:
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]],
                             "text": f"{who(o['leader'])} is winning." if o["leader"] is not None
                             else "Nobody is winning."})
    elif w["kind"] == "legal_moves":
        summary = f"{who(pos['to_move'])} to move has different choices under each reading."
        for o in w["outcomes"]:
            p = _under(pos, entry, o["reading"])
            extra = [turn(p, m) for m in o["only_here"]]
            text = (f"{len(o['moves'])} possible turns. Besides those every reading allows: " + " ".join(extra)
                    if extra else f"{len(o['moves'])} possible turns, all of them allowed under every reading.")
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": text})
    else:
        summary = f"The same turn has a different result under each reading: {w['move']}."
        for o in w["outcomes"]:
            p = _under(pos, entry, o["reading"])
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": turn(p, w["move"])})
    return {"title": title, "summary": summary, "scenes": [scene(pos, "The position")], "steps": [],
            "outcomes": outcomes, "data": w}


def solved_story(w: dict[str, Any], entry: Any, title: str, intro: str = "") -> dict[str, Any]:
    """A position whose exact solution differs between the readings, with each reading's best play."""
    meaning = entry.meanings
    pos = w["position"]
    outcomes = []
    for o in w["outcomes"]:
        p = _under(pos, entry, o["reading"])
        if o["winner"] is None:
            text = "Nobody can force the round: whoever wins depends on the other players' choices."
        else:
            text = f"With best play {who(o['winner'])} wins the round"
            text += f", banking {o['points']} points." if o["points"] is not None else "."
        if o.get("line"):
            text += " For example: " + " ".join(line(position_to_json(p), o["line"]))
        outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": text})
    summary = intro or "Played perfectly from here, the round ends differently under each reading."
    return {"title": title, "summary": summary, "scenes": [scene(pos, "The position")], "steps": [],
            "outcomes": outcomes, "data": w}


def round_end_story(w: dict[str, Any], entry: Any, title: str) -> dict[str, Any]:
    """A game whose round end reads differently: the deal of the round that matters, its turns in
    words, the finished round, and what each reading makes of it."""
    meaning = entry.meanings
    rules = entry.default.ruleset(entry.base)
    if "start" in w:
        match = resume(w["players"], w["seed"], rules, w["start"]["banked"], w["start"]["round"])
        banked = "; ".join(f"{who(i)} {sum(int(c[1]) for c in b)} points ({len(b)} cards)"
                           for i, b in enumerate(w["start"]["banked"]))
        steps = [(f"Earlier rounds have banked: {banked}. The {match.available().bit_count()} cards left are dealt "
                 f"for round {w['start']['round']}.")]
    else:
        match = start(w["players"], w["seed"], rules)
        steps = []
    deal = None
    for k, turns in enumerate(w["rounds"]):
        if k:
            match = next_round(match)
        pos = match.position
        if k == len(w["rounds"]) - 1:
            deal = position_to_json(pos)
            words, pos = played(pos, turns)
            steps += words
        else:
            for t in turns:
                pos = apply(pos, t)
            steps.append(f"Round {match.round_number} is played ({len(turns)} turns); {who(pos.winner)} wins it.")
        match = replace(match, position=pos)
    end = position_to_json(match.position)
    outcomes = []
    for o in w["outcomes"]:
        reading = next(r for r in entry.readings if r.label == o["reading"])
        m = replace(match, ruleset=reading.ruleset(entry.base),
                    position=replace(match.position, ruleset=reading.ruleset(entry.base)))
        left = m.available().bit_count()
        if "winners" in o:
            scores = ", ".join(f"{who(i)} {s}" for i, s in enumerate(m.scores))
            if m.end_reason == "cannot_deal":
                reason = (f"{left} cards are left, fewer than {m.players} × {new_hand_size(m.ruleset)}: no new hand "
                          "can be dealt, so the game ends")
            else:
                reason = "the game ends"
            names = " and ".join(who(i) for i in o["winners"])
            text = f"{reason.capitalize()} ({scores}); {names} {'share the win' if len(o['winners']) > 1 else 'wins'}."
        else:
            if entry.switch == "new_hand":
                text = (f"{left} cards are enough for {m.players} hands of {new_hand_size(m.ruleset)}, so the game "
                        f"goes on; {who(o['next_first'])} starts the next round.")
            else:
                text = f"{who(o['next_first'])} starts the next round."
        outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": text})
    what = "game" if "start" in w or len(w["rounds"]) > 1 else "round"
    kind = setting(entry.preset, w["players"])
    summary = (f"{'An' if kind[0] in 'AEIOU' else 'A'} {kind} {what} played by seeded random turns; the readings "
               "disagree about what follows the end of its last round.")
    scenes = [scene(deal, "The deal"), scene(end, "The finished round")]
    return {"title": title, "summary": summary, "scenes": scenes, "steps": steps, "outcomes": outcomes, "data": w}
