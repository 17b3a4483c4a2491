"""The Red7 conformance vectors: deterministic cases (request, expected answer, rule clause) grouped
by op and topic, generated from the model and checked in under ``conformance/red7/``."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from arbiter.model import red7
from arbiter.model.red7.cards import COLOUR_NAMES, card_code, codes, parse_cards
from arbiter.model.red7.fast import KEYS
from arbiter.model.red7.game import Position, deal
from arbiter.model.red7.ruleset import PRESETS, SWITCHES, Ruleset

from .. import vectors
from .cases import GAME, position_request, unreachable
from .oracle import answer, reason, ruleset_of

# Switches a round cannot show: they act between rounds of an Advanced match, which protocol v1
# has no op for.
MATCH_LEVEL = {"next_round_first", "final_tie", "new_hand"}
# Which preset each reading switch needs before it can change anything.
SWITCH_PRESET = {
    "nobody_qualifies": "basic",
    "losing_turns": "basic",
    "advanced_draw": "advanced",
    "banked_set": "advanced",
    "action7_advanced_draw": "advanced+actions",
    "same_colour_discard": "basic",
    "advanced_draw_count": "advanced",
    "tie_break": "basic",
    "out_palettes": "basic",
    "winning_check": "basic",
    "discard_becomes": "basic",
}
# Switches that change a turn only beside another reading, set on the preset for their cases.
SWITCH_BESIDE = {"action1_only_card": {"action1_count": "before_play"}}


def make_case(case_id: str, request: dict[str, Any], why: str | None = None,
              target: str | None = None) -> dict[str, Any]:
    """A vector case: the request (with ``"game"``), the model's answer, the clause (written from
    the answer unless ``why`` gives one), the bug kind it targets, and for an input no game
    reaches, why (an edge case)."""
    request = {"game": GAME, **request}
    text = (why or reason(request)) + (f" (targets {target})" if target else "")
    return vectors.make_case(case_id, request, answer(request), text, ruleset_of(request).to_json(),
                             unreachable(request))


def _leader_request(rule: int, palettes: list[int], out: list[int] = (), ruleset: Ruleset = red7.BASIC) -> dict:
    return {"op": "leader", "rule": COLOUR_NAMES[rule], "palettes": [codes(m) for m in palettes],
            "out": list(out), "ruleset": ruleset.to_json()}


def _random_palettes(rng: random.Random, players: int, lo: int, hi: int) -> list[int]:
    sizes = [rng.randint(lo, hi) for _ in range(players)]
    pool = rng.sample(range(49), min(49, sum(sizes)))
    palettes, k = [], 0
    for s in sizes:
        palettes.append(sum(1 << c for c in pool[k:k + s]))
        k += s
    return palettes


def _tie_detail(rule: int, palettes: list[int], out: list[int]) -> str | None:
    """How a tie on count was decided, e.g. 'count tie 2-2: Y6 beats R3 by number'."""
    keys = sorted(((KEYS[rule](m), i) for i, m in enumerate(palettes) if i not in out), reverse=True)
    if len(keys) < 2 or keys[0][0] == 0 or keys[0][0] >> 6 != keys[1][0] >> 6:
        return None
    a, b = (keys[0][0] & 63) - 1, (keys[1][0] & 63) - 1
    by = "number" if a // 7 != b // 7 else "colour"
    return f"count tie {keys[0][0] >> 6}-{keys[1][0] >> 6}: {card_code(a)} beats {card_code(b)} by {by}"


# -- leader and qualifying ------------------------------------------------------------------

# Hand-made cases for the bug kinds seen in the wild: (rule, palettes, out, switches, clause).
# Hand-made cases for the bug kinds seen in the wild: (rule, palettes, out, switches, the bug kind the
# case targets). The reason of each case is written from the model's answer (oracle.reason); the
# label only names what the case is for, so that it cannot drift from the answer.
LEADER_EDGES: list[tuple[str, list[list[str]], list[int], dict, str]] = [
    ("yellow", [["R3", "R1"], ["Y6", "Y2"]], [], {}, "a Yellow tie broken by the group's colour"),
    ("yellow", [["Y7", "Y1"], ["R2", "R1"]], [], {}, "a Yellow tie broken by the group's colour"),
    ("orange", [["O5", "Y5"], ["R5", "B5"]], [], {}, "an Orange tie broken by the group's number"),
    ("orange", [["R2", "O2"], ["G6", "B6"]], [], {}, "an Orange tie broken by colour before number"),
    ("blue", [["R1", "R2", "R3"], ["O1", "Y1"]], [], {}, "Blue counting cards instead of colours"),
    ("blue", [["R7", "R6", "O1"], ["Y2", "G2", "B2"]], [], {}, "Blue counting cards instead of colours"),
    ("indigo", [["R3", "O4", "Y4", "G5"], ["R6", "R7"]], [], {}, "a duplicate number breaking an Indigo run"),
    ("indigo", [["B1", "I2", "V2", "G3", "Y3"], ["O6", "O7"]], [], {}, "duplicates breaking an Indigo run"),
    ("indigo", [["Y4", "V4", "I5"], ["G5", "B4"]], [], {}, "an Indigo tie between runs with duplicates"),
    ("red", [["R7"], ["O7", "V1"], ["Y1"]], [0], {}, "players out still competing"),
    ("green", [["G6", "G4"], ["R2"], ["O1"]], [0], {}, "players out still competing"),
    ("green", [["R7"], ["O5"]], [], {}, "somebody winning when nobody qualifies"),
    ("violet", [["R7", "O6"], ["Y5"], ["G4"]], [], {}, "somebody winning when nobody qualifies"),
    ("green", [["R7"], ["O5"]], [], {"nobody_qualifies": "highest_card"}, "the nobody_qualifies=highest_card reading"),
    ("violet", [["O5"], ["R7", "G6"], ["Y4"]], [1], {"nobody_qualifies": "highest_card"},
     "the nobody_qualifies=highest_card reading with a player out"),
    ("red", [["V7"], ["R6"]], [], {}, "colour compared before number"),
    ("yellow", [["V7", "V6"], ["R6", "R5"]], [], {}, "colour compared before number"),
    ("green", [["B6", "V4"], ["R4", "O2"]], [], {}, "colour compared before number"),
    ("red", [["O7"], ["R7"]], [], {}, "equal numbers decided by colour"),
    ("violet", [["V3", "I3"], ["B3", "G1"]], [], {}, "equal numbers decided by colour"),
    # Inputs no game reaches, run only with --edge-cases: how an engine treats an empty Palette.
    ("red", [[], ["O1"]], [], {}, "an empty Palette"),
    ("blue", [["R7"], [], ["O1", "Y2"]], [0], {}, "an empty Palette"),
    ("green", [[], ["R7"]], [], {"nobody_qualifies": "highest_card"}, "an empty Palette"),
]

QUALIFYING_EDGES: list[tuple[str, list[str], str]] = [
    ("indigo", ["R3", "O4", "Y4", "G5"], "a duplicate number in an Indigo run"),
    ("indigo", ["V1", "I2", "B6", "G7"], "two Indigo runs of equal length"),
    ("indigo", ["R1", "O1", "Y1"], "one number three times under Indigo"),
    ("orange", ["R2", "O2", "Y6", "G6"], "two Orange pairs"),
    ("orange", ["V5", "I5", "Y5", "R7", "O7"], "a larger Orange group of lower cards"),
    ("yellow", ["R1", "R2", "Y7", "Y6"], "two Yellow pairs"),
    ("yellow", ["B7", "B1", "V7", "V6", "V5"], "a larger Yellow group of a weaker colour"),
    ("blue", ["R7", "R1", "B2"], "two cards of one colour under Blue"),
    ("blue", ["V7", "V6", "V5", "V4"], "one colour only under Blue"),
    ("green", ["R7", "O5", "Y3"], "no even card"),
    ("violet", ["R4", "O5"], "a 4 under Violet"),
    ("violet", ["R3", "O2", "Y1", "G4"], "cards below 4 and a 4"),
    ("red", [], "an empty Palette"),
    ("red", ["V1", "I1", "O1"], "equal numbers under Red"),
]


def _leader_cases() -> Iterator[tuple[str, str, list[dict]]]:
    cases = [make_case(f"leader/bug-kinds/{k:03d}",
                       _leader_request_codes(rule, pals, out, red7.BASIC.with_switches(**sw)), target=target)
             for k, (rule, pals, out, sw, target) in enumerate(LEADER_EDGES)]
    yield "leader", "bug-kinds", cases

    rng = random.Random("leader/per-rule")
    cases = []
    for rule in range(7):
        for _ in range(12):
            pals = _random_palettes(rng, rng.randint(2, 4), 1, 6)
            cases.append(make_case(f"leader/per-rule/{len(cases):03d}", _leader_request(rule, pals)))
    yield "leader", "per-rule", cases

    rng = random.Random("leader/ties")
    cases = []
    for rule in range(7):
        found = {"number": 0, "colour": 0}
        for _ in range(20000):
            if min(found.values()) >= 4:
                break
            pals = _random_palettes(rng, rng.randint(2, 3), 1, 5)
            detail = _tie_detail(rule, pals, [])
            if detail is None or found[detail.rsplit(" ", 1)[1]] >= 4:
                continue
            found[detail.rsplit(" ", 1)[1]] += 1
            request = _leader_request(rule, pals)
            cases.append(make_case(f"leader/ties/{len(cases):03d}", request))
    yield "leader", "ties", cases

    rng = random.Random("leader/big-palettes")
    cases = []
    for rule in range(7):
        for players in (2, 3, 4):
            pals = _random_palettes(rng, players, 9, 12)  # under Basic no Palette holds more than 8 cards
            cases.append(make_case(f"leader/big-palettes/{len(cases):03d}",
                                   _leader_request(rule, pals, ruleset=PRESETS["advanced+actions"])))
    yield "leader", "big-palettes", cases

    rng = random.Random("leader/players-out")
    cases = []
    for rule in range(7):
        for players in (3, 3, 4, 4, 4):
            pals = _random_palettes(rng, players, 1, 7)
            out = sorted(rng.sample(range(players), rng.randint(1, players - 2)))  # two players still in
            cases.append(make_case(f"leader/players-out/{len(cases):03d}", _leader_request(rule, pals, out)))
    yield "leader", "players-out", cases

    rng = random.Random("leader/nobody-qualifies")
    cases = []
    for rule in (3, 6):  # only Green and Violet can leave everybody without a qualifying card
        barred = parse_cards(["R2", "R4", "R6"] if rule == 3 else ["R1", "R2", "R3"])
        barred = sum(1 << (c - c % 7 + k) for c in range(49) if barred >> c & 1 for k in range(7))
        for value in SWITCHES["nobody_qualifies"]:
            rs = red7.BASIC.with_switches(nobody_qualifies=value)
            for _ in range(4):
                players = rng.randint(2, 4)
                pool = [c for c in range(49) if not barred >> c & 1]
                rng.shuffle(pool)
                pals = [1 << pool[i] | 1 << pool[i + 4] for i in range(players)]
                out = sorted(rng.sample(range(players), rng.randint(0, players - 2)))
                cases.append(make_case(f"leader/nobody-qualifies/{len(cases):03d}",
                                       _leader_request(rule, pals, out, rs)))
    yield "leader", "nobody-qualifies", cases


def _leader_request_codes(rule: str, pals: list[list[str]], out: list[int], rs: Ruleset) -> dict:
    return {"op": "leader", "rule": rule, "palettes": pals, "out": out, "ruleset": rs.to_json()}


def _qualifying_cases() -> Iterator[tuple[str, str, list[dict]]]:
    cases = [make_case(f"qualifying/bug-kinds/{k:03d}", {"op": "qualifying", "rule": rule, "palette": pal},
                       target=target) for k, (rule, pal, target) in enumerate(QUALIFYING_EDGES)]
    yield "qualifying", "bug-kinds", cases
    for topic, lo, hi, per in (("per-rule", 1, 8, 12), ("big-palettes", 9, 20, 4)):
        rng = random.Random(f"qualifying/{topic}")
        cases = []
        for rule in range(7):
            for _ in range(per):
                (pal,) = _random_palettes(rng, 1, lo, hi)
                request = {"op": "qualifying", "rule": COLOUR_NAMES[rule], "palette": codes(pal)}
                if hi > 8:  # a Palette this large needs draws or Actions
                    request["ruleset"] = "advanced+actions"
                cases.append(make_case(f"qualifying/{topic}/{len(cases):03d}", request))
        yield "qualifying", topic, cases


# -- positions: legal_moves and apply ------------------------------------------------------

def walk(ruleset: Ruleset, players: int, seed: int) -> Iterator[tuple[Position, str]]:
    """A seeded game of random legal turns (passing seldom): each position with the turn taken."""
    rng = random.Random(seed)
    pos = deal(players, seed, ruleset)
    while not pos.is_over:
        moves = [str(m) for m in red7.legal_moves(pos)]
        playing = [m for m in moves if m != "pass"]
        move = rng.choice(playing) if playing and rng.random() < 0.9 else "pass"
        yield pos, move
        pos = red7.apply(pos, move)


def _outcomes(pos: Position) -> dict[str, Position]:
    """Each legal turn with its resulting position, ruleset left aside (to compare readings; compared
    as values, not as JSON, which would cost most of the generation)."""
    return {str(move): replace(nxt, ruleset=red7.BASIC) for move, nxt in red7.successors(pos)}


def _switch_cases() -> list[dict]:
    """For each value of each reading switch a round can show, positions where it changes the turns or
    their results, with legal_moves and apply cases under that value and the default."""
    cases: list[dict] = []
    for name, values in SWITCHES.items():
        if name in ("actions", "advanced") or name in MATCH_LEVEL:
            continue
        base = PRESETS[SWITCH_PRESET.get(name, "actions")].with_switches(**SWITCH_BESIDE.get(name, {}))
        for value in values[1:]:
            alt = base.with_switches(**{name: value})
            found = 0
            for seed in range(200):
                if found >= 2:
                    break
                for pos, _ in walk(base, 2 + seed % 3, 1000 + seed):
                    other = replace(pos, ruleset=alt)
                    a, b = _outcomes(pos), _outcomes(other)
                    if a == b:
                        continue
                    differing = sorted(set(a) ^ set(b)) or sorted(m for m in a if a[m] != b[m])
                    move = differing[0]
                    for p in (pos, other):
                        tag = f"{name}={value}" if p is other else f"{name} default"
                        cases.append(make_case(f"legal_moves/switches/{len(cases):03d}",
                                               position_request("legal_moves", p),
                                               f"{tag}: {reason(position_request('legal_moves', p))}"))
                        cases.append(make_case(f"apply/switches/{len(cases):03d}",
                                               position_request("apply", p, move),
                                               f"{tag}: {reason(position_request('apply', p, move))}"))
                    found += 1
                    break
            if not found:
                raise RuntimeError(f"no seeded game shows a position where {name}={value} changes a turn")
    return cases


def _position_cases() -> Iterator[tuple[str, str, list[dict]]]:
    for topic, preset, want in (("basic", "basic", None), ("actions", "actions", "action"),
                                ("advanced", "advanced", "advanced")):
        rs = PRESETS[preset]
        picked: list[tuple[Position, str, str]] = []
        kinds_seen: dict[str, int] = {}
        for seed in range(30):  # later seeds show no new kind
            for pos, move in walk(rs, 2 + seed % 3, seed):
                for kind, mv in _interesting(pos, want):
                    if kinds_seen.get(kind, 0) < 3:
                        kinds_seen[kind] = kinds_seen.get(kind, 0) + 1
                        picked.append((pos, mv, kind))
        lm, ap = [], []
        for pos, mv, kind in picked:
            request = position_request("legal_moves", pos)
            lm.append(make_case(f"legal_moves/{topic}/{len(lm):03d}", request, f"{kind}; {reason(request)}"))
            request = position_request("apply", pos, mv)
            ap.append(make_case(f"apply/{topic}/{len(ap):03d}", request, f"{kind}; {reason(request)}"))
        yield "legal_moves", topic, lm
        yield "apply", topic, ap
    switches = _switch_cases()
    yield "legal_moves", "switches", [c for c in switches if c["request"]["op"] == "legal_moves"]
    yield "apply", "switches", [c for c in switches if c["request"]["op"] == "apply"]


def _interesting(pos: Position, want: str | None) -> Iterator[tuple[str, str]]:
    """Named situations in a position worth a vector, each with a move that shows it."""
    moves = [str(m) for m in red7.legal_moves(pos)]
    players = f"{pos.players} players" + (f", {pos.out.bit_count()} out" if pos.out else "")
    if want is None:
        if moves == ["pass"]:
            yield f"only pass is legal ({players})", "pass"
        for m in moves:
            if m.startswith("play") and "discard" in m:
                yield f"play then discard ({players})", m
                break
        discards = [m for m in moves if m.startswith("discard")]
        if discards:
            yield f"discard changes the rule ({players})", discards[0]
        illegal = [f"discard {card_code(c)}" for c in _cards(pos.hands[pos.to_move]) if f"discard {card_code(c)}" not in moves]
        if illegal:
            yield f"a discard that leaves the mover not winning is not a turn ({players})", illegal[0]
        if max(m.bit_count() for m in pos.palettes) >= 6:
            yield f"long Palettes ({players})", moves[0]
        nxt = red7.apply(pos, moves[-1])
        if nxt.is_over:
            yield "the round ends", moves[-1]
    elif want == "action":
        for m in moves:
            words = m.split()
            for verb, label in (("take", "action 1 takes an opponent's card"), ("draw", "action 3 draws"),
                                ("canvas", "action 7 moves a card to the Canvas"),
                                ("deck", "action 7 moves a card to the deck")):
                if verb in words:
                    yield f"{label} ({players})", m
            if words.count("play") >= 2:
                yield f"action 5 plays another card ({players})", m
            if words.count("play") >= 3:
                yield f"action 5 chains into another action ({players})", m
    else:
        for m in moves:
            if "discard" in m and m.endswith("draw"):
                yield f"Advanced draw after a discard above the Palette size ({players})", m
        nxt = red7.apply(pos, moves[-1])
        if nxt.is_over:
            yield "the round ends and the winner banks the deciding set", moves[-1]


def _cards(mask: int) -> list[int]:
    return [c for c in range(49) if mask >> c & 1]


def _game_cases() -> Iterator[tuple[str, str, list[dict]]]:
    for preset in PRESETS:
        cases = []
        for players in (2, 3, 4):
            seed = players
            for turn, (pos, move) in enumerate(walk(PRESETS[preset], players, seed)):
                prefix = f"games/{preset}/{players}p-seed{seed}/t{turn:02d}"
                why = f"seeded game ({players} players, seed {seed}), turn {turn}"
                request = position_request("legal_moves", pos)
                cases.append(make_case(f"{prefix}/legal_moves", request, f"{why}; {reason(request)}"))
                request = position_request("apply", pos, move)
                cases.append(make_case(f"{prefix}/apply", request, f"{why}; {reason(request)}"))
        yield "games", preset.replace("+", "-"), cases


# -- files -----------------------------------------------------------------------------------

DESCRIPTIONS = {
    "bug-kinds": "the bug kinds seen in implementations: ties, Blue colours, Indigo duplicates, players out, "
                  "nobody qualifying, number before colour",
    "per-rule": "seeded random Palettes under each of the seven rules",
    "ties": "equal counts decided by the highest qualifying card, by number and by colour",
    "big-palettes": "Palettes of 9 or more cards (under Advanced with Actions: under Basic none holds more than 8)",
    "players-out": "3 and 4 players with some out",
    "nobody-qualifies": "Green and Violet with nobody qualifying, under both readings",
    "basic": "positions from seeded Basic games: discards, play then discard, pass, round end",
    "actions": "positions from seeded games with the Action rule: every action 1, 3, 5, 7 and chains",
    "advanced": "positions from seeded Advanced games: the optional draw and the banked set",
    "switches": "each reading switch: positions where its value changes the turns or their results",
    "basic-games": "whole seeded games",
}


# The parts of the generation, each with the ops its cases ask (a check of some ops builds only theirs).
PARTS = (("leader",), ("qualifying",), ("legal_moves", "apply"))


@functools.cache
def _part(ops: tuple[str, ...]) -> tuple[tuple[str, str, list[dict]], ...]:
    if ops == ("leader",):
        return tuple(_leader_cases())
    if ops == ("qualifying",):
        return tuple(_qualifying_cases())
    return (*_position_cases(), *_game_cases())


def generate(ops: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
    """Every vector file (of the files asking ``ops`` only, when given): relative path -> {group,
    topic, description, cases}, deterministic (cached: do not mutate)."""
    files: dict[str, dict[str, Any]] = {}
    for part in PARTS:
        if ops is not None and not set(part) & set(ops):
            continue
        for group, topic, cases in _part(part):
            description = DESCRIPTIONS.get(topic, f"whole seeded games under the {topic} preset: legal_moves then "
                                                  "apply for each turn" if group == "games" else topic)
            files[f"{group}/{topic}.json"] = {"group": group, "topic": topic, "description": description,
                                              "cases": cases}
    return files
