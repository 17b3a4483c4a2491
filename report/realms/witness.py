"""Realms witnesses: for each entry, the first trick of a dealt game (the smallest trick found by
a search in card order) or the first step of a seeded game where the readings differ, replayed
through ``arbiter.model.realms.game`` under each reading. Any arrangement of the shuffled deck can
be dealt, so the first trick of any deal is reachable; the engine replays every move."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import permutations
from typing import Any

from arbiter.model.realms import fast
from arbiter.model.realms.cards import (
    COLOUR_NAMES,
    CYCLONE,
    DECK_SIZE,
    GIANT,
    TREE,
    TROLL,
    Card,
    card_code,
    colour_of,
    is_purple,
    number_card,
    parse_card,
    picture_card,
    purple_card,
)
from arbiter.model.realms.game import HAND_SIZE, RULING, Move, MoveError, Position, apply, chance_outcomes, deal
from arbiter.model.realms.game import legal_moves as engine_moves
from arbiter.model.realms.notation import position_from_json, position_to_json
from arbiter.model.realms.reference import colours_to_follow, may_play, walk
from arbiter.model.realms.spec import following_spec, trick_spec

from ..entry import Entry
from .catalogue import EXAMPLE, EXAMPLE_3, FOLLOW, GAME, STEAL, TRICK, WITNESS_KIND
from .play import game_seed, play
from .situations import SITUATIONS, first_difference

GAMES_SEARCHED = 10  # seeded games per player count searched for a game witness
# The search alphabets (card order): low numbers, pictures and Specials, so a witness uses small,
# readable cards; Trolls are left out of tricks (their steal is a chance event).
TRICK_CARDS = sorted([number_card(c, n) for c in range(4) for n in (1, 2, 3)]
                     + [picture_card(c, p) for c in range(4) for p in range(4)]
                     + list(range(56, 61)) + [purple_card(n) for n in (1, 2, 3)])
HAND_CARDS = sorted([number_card(c, n) for c in range(4) for n in (1, 2)]
                    + [picture_card(c, p) for c in range(4) for p in (1, TROLL)] + [56, CYCLONE, purple_card(1)])
PLAY_CARDS = [c for c in HAND_CARDS if c < picture_card(0, TROLL) or (c >= 56 and c != picture_card(3, TROLL))
              and not (36 <= c < 56 and (c - 36) % 5 == TROLL)] + [GIANT]  # the Giant flips what is followed
FILLER = range(9, 0, -1)  # padding: numbers, the highest (which no search card matches) first


def _choices(cards: tuple[Card, ...]) -> Iterator[tuple[int | None, ...]]:
    options = [list(range(4)) if c == CYCLONE or (is_purple(c) and i == 0) else [None] for i, c in enumerate(cards)]

    def rec(i: int, acc: tuple) -> Iterator[tuple]:
        if i == len(options):
            yield acc
            return
        for x in options[i]:
            yield from rec(i + 1, acc + (x,))
    yield from rec(0, ())


def _start(cards: tuple[Card, ...], choices: tuple) -> int:
    """The dealer's colour: the lead's colour (which it sets anyway), red under a colourless lead."""
    c = colour_of(cards[0])
    return c if c is not None else (choices[0] if is_purple(cards[0]) else 0)


def _follow_colours(entry: Entry, ruling: int, plays: list[tuple[Card, int | None]]) -> set[int]:
    """The colours the next player could have to follow under any of the entry's readings."""
    out: set[int] = set()
    for r in entry.readings:
        rs = r.ruleset(entry.base)
        out |= colours_to_follow(following_spec(rs), walk(trick_spec(rs), ruling, plays))
    return out


def _pad(used: set[Card], avoid: set[int], k: int) -> list[Card] | None:
    """``k`` inert cards (high numbers) of colours not in ``avoid``, not in ``used``."""
    out = [number_card(c, n) for n in FILLER for c in range(4) if c not in avoid and number_card(c, n) not in used]
    return out[:k] if len(out) >= k else None


def _deal(hands: list[set[Card]], players: int) -> Position:
    used = set().union(*hands)
    pile = tuple(c for c in range(DECK_SIZE) if c not in used)
    masks = tuple(sum(1 << c for c in h) for h in hands)
    return Position(hands=masks, draw=pile, dealer=players - 1, leader=0, scores=(0,) * players).validate()


def _position(entry: Entry, plays: list[tuple[Card, int | None]], extra: set[Card] = frozenset(),
              players: int | None = None) -> Position | None:
    """A deal whose first trick can start with ``plays`` (player 0 leads, each later player holds
    no card of a colour they might have to follow), the next player holding ``extra`` too."""
    players = max(2, players or len(plays))
    ruling = _start(tuple(c for c, _ in plays), tuple(x for _, x in plays)) if plays else 0
    hands: list[set[Card]] = [set() for _ in range(players)]
    for i, (c, _) in enumerate(plays):
        hands[i].add(c)
    if len(plays) < players:
        hands[len(plays)] |= set(extra)
    used = set().union(*hands)
    for i in list(range(1, players)) + [0]:
        avoid = _follow_colours(entry, ruling, plays[:i]) if 0 < i <= len(plays) and plays[:i] else set()
        pad = _pad(used, avoid, HAND_SIZE - len(hands[i]))
        if pad is None:
            return None
        hands[i] |= set(pad)
        used |= set(pad)
    return _deal(hands, players)


def _texts(pos: Position, plays: list[tuple[Card, int | None]]) -> list[str]:
    ruling = _start(tuple(c for c, _ in plays), tuple(x for _, x in plays)) if plays else 0
    out = [f"ruling={COLOUR_NAMES[ruling]}"]
    for c, x in plays:
        if c == TREE:
            x = pos.draw[0]  # the Tree takes the top card of the (known) draw pile
        out.append(str(Move(c, x)))
    return out


def replay(pos: Position, moves: list[str], ruleset: Any) -> Position:
    """The deal ``pos`` under ``ruleset`` after ``moves`` (MoveError if one is illegal)."""
    p = replace(pos, ruleset=ruleset)
    for m in moves:
        p = apply(p, m)
    return p


def trick_outcome(before: Position, after: Position) -> dict[str, Any]:
    gained = [i for i in range(after.players) if after.scores[i] > before.scores[i]]
    return {"winner": gained[0] if gained else None, "ruling": COLOUR_NAMES[after.ruling], "leads_next": after.leader}


def follow_outcome(after: Position) -> dict[str, Any]:
    return {"to_move": after.to_move, "legal": [str(m) for m in engine_moves(after)]}


def steal_outcome(after: Position) -> dict[str, Any]:
    return {"steals": [[round(p, 4), label] for p, label, _ in chance_outcomes(after)]}


def _outcomes(entry: Entry, pos: Position, moves: list[str], kind: str) -> list[dict[str, Any]] | None:
    out = []
    for r in entry.readings:
        rs = r.ruleset(entry.base)
        try:
            after = replay(pos, moves, rs)
        except MoveError:
            return None
        if kind == FOLLOW:
            got = follow_outcome(after)
        elif kind == STEAL:
            got = steal_outcome(after)
        else:
            got = trick_outcome(replace(pos, ruleset=rs), after)
            # the first trick of the deal: player k plays the trick's k-th card
            got["card"] = None if got["winner"] is None else moves[1 + got["winner"]].split("=")[0]
        out.append({"reading": r.label, **got})
    return out


def differ(kind: str, outcomes: list[dict[str, Any]]) -> bool:
    """Whether the readings' outcomes differ in what the witness is about."""
    key = {TRICK: "winner", EXAMPLE: "winner", FOLLOW: "legal", STEAL: "steals", GAME: "after"}[kind]
    values = [repr(o[key]) for o in outcomes]
    return len(set(values)) == len(values)


def pairs(entry: Entry) -> list[Entry]:
    """The entry as the witness searches see it: itself with two readings, or one copy per reading
    after the first, with the recommended reading and that one (each copy gets its own witness)."""
    if len(entry.readings) <= 2:
        return [entry]
    return [replace(entry, readings=(entry.readings[0], r)) for r in entry.readings[1:]]


def _witness(entry: Entry, kind: str, plays: list[tuple[Card, int | None]], extra: set[Card] = frozenset(),
             players: int | None = None) -> dict[str, Any] | None:
    pos = _position(entry, plays, extra, players)
    if pos is None:
        return None
    moves = _texts(pos, plays)
    outcomes = _outcomes(entry, pos, moves, kind)
    if outcomes is None or not differ(kind, outcomes):
        return None
    return {"kind": kind, "position": position_to_json(pos), "moves": moves, "outcomes": outcomes}


def find_trick(entry: Entry, max_cards: int = 3) -> dict[str, Any] | None:
    """The first trick in card order (fewest cards first) whose winner the readings change, in the
    entry's situation (as the entry's base ruleset walks it), that the first trick of a deal can
    play under every reading."""
    a, b = (r.ruleset(entry.base) for r in entry.readings)
    _, situation = SITUATIONS[entry.id]
    spec = trick_spec(entry.base)
    for size in range(2, max_cards + 1):
        for cards in permutations(TRICK_CARDS, size):
            for choices in _choices(cards):
                ruling = _start(cards, choices)
                if fast.resolve(a, ruling, cards, choices)[0] == fast.resolve(b, ruling, cards, choices)[0]:
                    continue
                plays = list(zip(cards, choices, strict=True))
                if not situation(walk(spec, ruling, plays)):
                    continue
                found = _witness(entry, TRICK, plays)
                if found:
                    return found
    return None


def find_follow(entry: Entry, max_lead: int = 2) -> dict[str, Any] | None:
    """The first trick start and two-card hand (card order) where the readings let the player to
    move play different cards."""
    rules = [r.ruleset(entry.base) for r in entry.readings]
    for size in range(1, max_lead + 1):
        for cards in permutations(PLAY_CARDS, size):
            for choices in _choices(cards):
                plays = list(zip(cards, choices, strict=True))
                ruling = _start(cards, choices)
                avoid = _follow_colours(entry, ruling, plays)
                rest = [c for c in HAND_CARDS if c not in cards]
                for i, x in enumerate(rest):
                    for y in rest[i + 1:]:
                        pad = _pad(set(cards) | {x, y}, avoid, HAND_SIZE - 2)
                        if pad is None:
                            continue
                        hand = sum(1 << c for c in (x, y, *pad))
                        masks = {may_play(trick_spec(rs), following_spec(rs), ruling, plays, hand) for rs in rules}
                        if len(masks) < 2:
                            continue
                        found = _witness(entry, FOLLOW, plays, {x, y}, size + 1)
                        if found:
                            return found
    return None


def find_steal(entry: Entry) -> dict[str, Any] | None:
    """A Troll led to the first trick of a 2-player deal: who it can rob."""
    troll = picture_card(0, TROLL)
    pos = _position(entry, [(troll, None)], players=2)
    discard = min(c for c in range(DECK_SIZE) if pos.hands[0] >> c & 1 and c != troll)
    moves = ["ruling=red", f"{card_code(troll)}={card_code(discard)}"]
    outcomes = _outcomes(entry, pos, moves, STEAL)
    if outcomes is None or not differ(STEAL, outcomes):
        return None
    return {"kind": STEAL, "position": position_to_json(pos), "moves": moves, "outcomes": outcomes}


def step_outcome(before: Position, what: str, ruleset: Any) -> dict[str, Any]:
    """The position after one step (a move, or the chance outcome labelled ``what``) under
    ``ruleset``, as the facts a reader compares."""
    p = replace(before, ruleset=ruleset)
    if p.phase == RULING and what == "deal":
        after = p
    elif engine_moves(p):
        after = apply(p, what)
    else:
        after = next(a for _, label, a in chance_outcomes(p) if label == what)
    return {"after": {"phase": after.phase, "round": after.round, "dealer": after.dealer, "leader": after.leader,
                      "to_move": after.to_move,
                      "ruling": None if after.ruling is None else COLOUR_NAMES[after.ruling],
                      "draw_pile": after.pile().bit_count(), "discard_pile": after.discard.bit_count()}}


def find_game(entry: Entry, seed: int) -> dict[str, Any] | None:
    """The first step of the first seeded game between greedy players, fewest players first, where
    the readings part."""
    alt = entry.readings[1].ruleset(entry.base)
    for players, g in ((n, g) for n in range(2, 7) for g in range(GAMES_SEARCHED)):
        s = game_seed(seed, players, g)
        game = play(players, s, entry.base)
        k = first_difference(game, alt, entry.switch)
        if k is None:
            continue
        if entry.switch == "first_lead":
            outcomes = [{"reading": r.label, "leader": deal(players, s, r.ruleset(entry.base)).leader}
                        for r in entry.readings]
            return {"kind": GAME, "players": players, "game": g, "seed": s, "step": 0, "what": "deal",
                    "position": position_to_json(game.steps[0][0]),
                    "outcomes": [{**o, "after": {"leader": o["leader"]}} for o in outcomes]}
        before, what, _ = game.steps[k]
        outcomes = [{"reading": r.label, **step_outcome(before, what, r.ruleset(entry.base))} for r in entry.readings]
        if differ(GAME, outcomes):
            return {"kind": GAME, "players": players, "game": g, "seed": s, "step": k, "what": what,
                    "position": position_to_json(before), "outcomes": outcomes}
    return None


def find_all(entry: Entry, seed: int) -> list[dict[str, Any]]:
    """The entry's witnesses: one, or for an entry with more than two readings one per reading
    after the recommended one (against it); none for a point of wording."""
    return [w for e in pairs(entry) if (w := find(e, seed)) is not None]


def find(entry: Entry, seed: int) -> dict[str, Any] | None:
    """The entry's witness (None for a point of wording), for an entry of two readings."""
    kind = WITNESS_KIND.get(entry.id)
    if kind == TRICK:
        return find_trick(entry)
    if kind == EXAMPLE:
        plays = [(parse_card(c), None) for c in EXAMPLE_3]
        return _witness(entry, EXAMPLE, plays)
    if kind == FOLLOW:
        return find_follow(entry)
    if kind == STEAL:
        return find_steal(entry)
    if kind == GAME:
        return find_game(entry, seed)
    return None


def position(w: dict[str, Any]) -> Position:
    return position_from_json(w["position"])
