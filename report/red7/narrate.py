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

from .. import claims
from ..seats import who
from ..tiles import tiles
from .play import resume

COLOURS = {"R": "Red", "O": "Orange", "Y": "Yellow", "G": "Green", "B": "Blue", "I": "Indigo", "V": "Violet"}
CARDS = tiles(COLOURS)  # the card tiles of the report's scenes
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


def _zones(pos: dict[str, Any]) -> str:
    """Every zone of a position in words (the ruleset aside): what two readings' results can differ in."""
    seats = "; ".join(f"{who(i)}{' (out)' if s.get('out') else ''}: hand {cards(s['hand'])}, Palette "
                      f"{cards(s['palette'])}" for i, s in enumerate(pos["players"]))
    deck = cards(pos.get("deck", [])) if pos.get("deck") else "empty"
    scores = f"; scores {', '.join(map(str, pos['scores']))}" if pos.get("scores") is not None else ""
    return f"the Canvas rule is {pos['rule'].capitalize()}; {seats}; the deck (top first) {deck}{scores}"


def _names(players: list[int]) -> str:
    return " and ".join(who(i) for i in players)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _game_won(winners: list[int]) -> str:
    if not winners:
        return "nobody wins the game"
    return f"{_names(winners)} share the win" if len(winners) > 1 else f"{who(winners[0])} wins the game"


# Each kind of claim a Red7 story makes, one reading's computed value in words (report.claims).
SAY: dict[str, claims.Say] = {
    "winning": lambda v: f"{who(v['leader'])} is winning" if v["leader"] is not None else "nobody is winning",
    "turns": lambda v: plural(len(v["moves"]), "turn") + (
        f", among them {', '.join(v['only_here'])}, which another reading does not allow" if v["only_here"]
        else ", each of them allowed under another reading too"),
    "result": lambda v: ("the round is over" if sum(not s.get("out") for s in v["result"]["players"]) <= 1
                         else f"{who(v['result']['to_move'])} moves next") + "; " + _zones(v["result"]),
    "forced": lambda v: (f"{who(v['winner'])} can force the round" + (f", banking {v['points']} points"
                                                                       if v["points"] is not None else "")
                         if v["winner"] is not None else "nobody can force the round"),
    "round end": lambda v: (_game_won(v["winners"]) if v["winners"] is not None
                            else f"the game goes on and {who(v['next_first'])} starts the next round"),
    "game": lambda v: _game_won(v["winners"]) + f", the scores ending {', '.join(map(str, v['scores']))}",
    "replayed": lambda v: (f"{who(v['winner'])} wins the round" if v["winner"] is not None
                           else "the round ends with nobody in") + (
        f", the scores becoming {', '.join(map(str, v['scores']))}" if v.get("scores") is not None else ""),
}
LEADS = {"winning": "In this position", "turns": "The player to move", "result": "After the same turn",
         "forced": "Played perfectly from here", "round end": "When the round ends",
         "replayed": "Played on by the same players with the same luck",
         "game": "Played on by the same players with the same luck"}


def claimed(title: str, w: dict[str, Any], scenes: list[dict[str, Any]], steps: list[str],
            outcomes: list[dict[str, Any]], about: str, keys: list[str], winner: str | None,
            intro: str = "") -> dict[str, Any]:
    """A story of the data ``w``: its scenes, steps and outcomes in words, its claim (the data's
    values, see ``report.claims``) and the heading written from the claim after ``intro``."""
    c = claims.compare(about, keys, w["outcomes"], winner)
    head = claims.summary(c, SAY[about], LEADS[about])
    return {"title": title, "summary": f"{intro} {head}" if intro else head, "scenes": scenes, "steps": steps,
            "outcomes": outcomes, "data": w, "claim": c}


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
            where = "on top of the deck" if before.ruleset.action1_destination == "deck_top" else "at the bottom of the deck"
            parts.append(f"the 1 takes {card(arg)} from {who(_owner(before, arg))}'s Palette and puts it {where}")
        elif verb == "canvas":
            parts.append(f"the 7 moves {card(arg)} to the Canvas: the rule becomes {COLOURS[arg[0]]}")
        elif verb == "deck":
            parts.append(f"the 7 moves {card(arg)} on top of the deck")
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
        about, keys, winner = "winning", ["leader"], None
        for o in w["outcomes"]:
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]],
                             "text": SAY["winning"](o).capitalize() + "."})
    elif w["kind"] == "legal_moves":
        about, keys, winner = "turns", ["moves", "only_here"], None
        for o in w["outcomes"]:
            p = _under(pos, entry, o["reading"])
            extra = [turn(p, m) for m in o["only_here"]]
            text = (f"{len(o['moves'])} possible turns. Besides those every reading allows: " + " ".join(extra)
                    if extra else f"{len(o['moves'])} possible turns, all of them allowed under every reading.")
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": text})
    else:
        about, keys, winner = "result", ["result"], None
        for o in w["outcomes"]:
            p = _under(pos, entry, o["reading"])
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]],
                             "text": f"{turn(p, w['move'])} Then {_zones(o['result'])}."})
    intro = f"The turn is {w['move']}." if w["kind"] == "outcome" else ""
    return claimed(title, w, [scene(pos, "The position")], [], outcomes, about, keys, winner, intro)


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
    return claimed(title, w, [scene(pos, "The position")], [], outcomes, "forced", ["winner", "points"], "winner", intro)


def replay_story(w: dict[str, Any], entry: Any, title: str) -> dict[str, Any]:
    """A sampled round where the readings first part, played on from there under each reading by
    the same players with the same luck: the position, each reading's turns and round result."""
    meaning = entry.meanings
    g = w["from_game"]
    outcomes = []
    for o in w["outcomes"]:
        p = _under(w["position"], entry, o["reading"])
        words = " ".join(line(position_to_json(p), o["line"]))
        outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]],
                         "text": f"{SAY['replayed'](o).capitalize()}: {words}"})
    intro = (f"A round between reasonable players ({setting(g['preset'], g['players'])}, game {g['game']} of the "
             f"sample), after {plural(len(g['turns']), 'turn')}, where the readings first offer different turns.")
    return claimed(title, w, [scene(w["position"], "The position")], [], outcomes, "replayed", ["winner", "scores"],
                   "winner", intro)


def game_replay_story(w: dict[str, Any], entry: Any, title: str) -> dict[str, Any]:
    """A sampled whole game whose end the readings first read differently at the end of a round,
    played on from there under each reading by the same players with the same luck."""
    meaning = entry.meanings
    g = w["from_game"]
    outcomes = [{"label": o["reading"], "reading": meaning[o["reading"]],
                 "text": f"{SAY['game'](o).capitalize()}, after round {o['rounds']}."} for o in w["outcomes"]]
    intro = (f"An Advanced game between reasonable players ({g['players']} players, game {g['game']} of the "
             f"sample): round {g['round'] + 1} ends, the first round end the readings read differently.")
    return claimed(title, w, [scene(w["position"], "The finished round")], [], outcomes, "game", ["winners", "scores"],
                   "winners", intro)


def round_end_story(w: dict[str, Any], entry: Any, title: str) -> dict[str, Any]:
    """A game whose round end reads differently: the deal of the round that matters, its turns in
    words, the finished round, and what each reading makes of it."""
    meaning = entry.meanings
    rules = entry.default.ruleset(entry.base)
    if "start" in w:
        match = resume(w["players"], w["seed"], rules, w["start"]["banked"], w["start"]["round"])
        banked = "; ".join(f"{who(i)} {sum(int(c[1]) for c in b)} points ({len(b)} cards)"
                           for i, b in enumerate(w["start"]["banked"]))
        winners = sum(bool(b) for b in w["start"]["banked"])
        steps = [(f"Earlier rounds have banked: {banked}. Each round banks cards for its winner only, so at least "
                  f"{winners} rounds came before. The {match.available().bit_count()} cards left are dealt for the "
                  "next round.")]
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
    intro = f"A {what} of {kind}, played by seeded random turns."
    scenes = [scene(deal, "The deal"), scene(end, "The finished round")]
    # Who wins is compared only where every reading ends the game; a game that goes on has no winner yet.
    ended = all("winners" in o for o in w["outcomes"])
    return claimed(title, w, scenes, steps, outcomes, "round end", ["winners", "next_first"], "winners" if ended else None,
                   intro)
