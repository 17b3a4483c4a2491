"""Realms rule interactions: pairs of trick readings that change a trick's winner together where
neither does alone (over tricks of seeded random games, each legal under every reading compared),
cards that never win under a reading (``deciding``, z3) and whether a Special ever matters (z3: a
trick whose winner changes when the Special is taken out)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import z3
from arbiter.model.realms import game
from arbiter.model.realms.cards import SPECIALS, card_code, parse_card
from arbiter.model.realms.reference import may_play, resolve
from arbiter.model.realms.ruleset import DEFAULT, SWITCHES, TRICK_SWITCHES, Ruleset, readings
from arbiter.model.realms.spec import following_spec, trick_spec
from arbiter.solver.pieces import SERIAL, Pieces

from ..cache import Cache, code_version, key
from ..queries import Progress, Run
from . import deciding
from . import encoding as E
from .deciding import SIZES, canonical, card_at, reading_name
from .replay import decoded, plays_of, replay


@dataclass(frozen=True)
class Scope:
    """``games`` seeded random games (default reading) for each number of ``players``; their tricks
    are the sample of the switch pairs."""

    name: str
    games: int
    players: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "players": list(self.players)}


SCOPES = {"small": Scope("small", 4, (2, 3, 4, 5, 6)), "medium": Scope("medium", 20, (2, 3, 4, 5, 6))}
GAMES_PER_PIECE = 2
# Four winner terms per trick make z3 slow beyond three plays (minutes a pair at six); larger
# tricks are covered by the sampled games only.
JOINT_SIZES = (2, 3)


def flips() -> list[tuple[str, str]]:
    """Every (switch, value) one step from the default among the trick switches."""
    return [(n, v) for n in TRICK_SWITCHES for v in SWITCHES[n][1:]]


def pairs() -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """Pairs of flips of two different switches."""
    return [(a, b) for a, b in combinations(flips(), 2) if a[0] != b[0]]


@dataclass(frozen=True)
class Sampled:
    """A trick of a seeded game: the marker before it, its plays (card, colour choice) and the hand
    each player held when playing (so legality can be asked under another reading)."""

    ruling: int
    plays: tuple[tuple[int, int | None], ...]
    hands: tuple[int, ...]
    game: dict


def sample(players: int, seed: int) -> list[Sampled]:
    """The tricks of the seeded random game, in play order."""
    out = []
    plays: list = []
    hands: list = []
    k = 0
    for before, what, after in game.random_game(players, seed, DEFAULT):
        if before.phase == game.PLAY and what != "pass":
            move = game.parse_move(before, what)
            lead = not before.plays()[0]
            plays.append((move.card, move.choice if game.choice_kind(move.card, lead) == game.COLOUR_CHOICE else None))
            hands.append(before.hands[before.to_move])
        if before.phase in (game.PLAY, game.STEAL) and not after.trick:
            if plays:
                out.append(Sampled(before.ruling, tuple(plays), tuple(hands),
                                   {"players": players, "seed": seed, "trick": k}))
            k += 1
            plays, hands = [], []
    return out


def legal(rs: Ruleset, t: Sampled) -> bool:
    """Whether every play of the trick is legal under ``rs`` for the hand that played it."""
    sp, fol = trick_spec(rs), following_spec(rs)
    return all(may_play(sp, fol, t.ruling, t.plays[:i], hand) >> c & 1
               for i, ((c, _), hand) in enumerate(zip(t.plays, t.hands)))


def _winner_card(rs: Ruleset, t: Sampled) -> int | None:
    w = resolve(trick_spec(rs), t.ruling, t.plays).winner
    return None if w is None else t.plays[w][0]


def _order(t: Sampled) -> tuple:
    return (len(t.plays), [c for c, _ in t.plays], t.ruling, [x or 0 for _, x in t.plays])


def pair_piece(games: list[tuple[int, int]]) -> dict[str, Any]:
    """For the games ``(players, seed)``: per pair, the tricks compared, those where the two flips
    change the winner only together, and the smallest such trick."""
    flipped = {f: DEFAULT.with_switches(**{f[0]: f[1]}) for f in flips()}
    out: dict[str, Any] = {"tricks": 0, "pairs": {}}
    for players, seed in games:
        for t in sample(players, seed):
            out["tricks"] += 1
            base = _winner_card(DEFAULT, t)
            alone = {f: (_winner_card(rs, t), legal(rs, t)) for f, rs in flipped.items()}
            for a, b in pairs():
                both = DEFAULT.with_switches(**{a[0]: a[1], b[0]: b[1]})
                if not (alone[a][1] and alone[b][1] and legal(both, t)):
                    continue
                entry = out["pairs"].setdefault(_pair_name(a, b), {"compared": 0, "jointly": 0, "witness": None})
                entry["compared"] += 1
                if alone[a][0] == base and alone[b][0] == base and _winner_card(both, t) != base:
                    entry["jointly"] += 1
                    if entry["witness"] is None or _order(t) < _order(entry["witness"]):
                        entry["witness"] = t
    return out


def _pair_name(a: tuple[str, str], b: tuple[str, str]) -> str:
    return f"{a[0]}={a[1]} x {b[0]}={b[1]}"


def _show(t: Sampled, a: str) -> dict[str, Any]:
    """A pair's witness: the trick, where the game played it, and the winning card each reading names."""
    names = a.split(" x ")
    rules = {"default": DEFAULT}
    for n in names:
        s, v = n.split("=")
        rules[n] = DEFAULT.with_switches(**{s: v})
    rules[a] = DEFAULT.with_switches(**{n.split("=")[0]: n.split("=")[1] for n in names})
    winners = {}
    for name, rs in rules.items():
        c = _winner_card(rs, t)
        winners[name] = None if c is None else card_code(c)
    return {**decoded(t.ruling, list(t.plays)), "game": t.game, "winners": winners}


def switch_pairs(scope: Scope, seed: int, pieces: Pieces = SERIAL) -> dict[str, Any]:
    """Per pair of trick readings: the smallest trick of 2-3 plays whose winner they change only
    together (z3, or proved none), and how often that happens in the sampled tricks."""
    games = [(n, seed * 10_000 + g) for n in scope.players for g in range(scope.games)]
    chunks = [(games[i:i + GAMES_PER_PIECE],) for i in range(0, len(games), GAMES_PER_PIECE)]
    tricks, merged = 0, {}
    for part in pieces.map(pair_piece, chunks):
        tricks += part["tricks"]
        for name, e in part["pairs"].items():
            m = merged.setdefault(name, {"compared": 0, "jointly": 0, "witness": None})
            m["compared"] += e["compared"]
            m["jointly"] += e["jointly"]
            if e["witness"] is not None and (m["witness"] is None or _order(e["witness"]) < _order(m["witness"])):
                m["witness"] = e["witness"]
    smallest = list(pieces.map(joint, pairs()))
    found = []
    for (a, b), z in zip(pairs(), smallest):
        name = _pair_name(a, b)
        e = merged.get(name, {"compared": 0, "jointly": 0, "witness": None})
        if z is None and not e["jointly"]:
            continue
        entry = {"switches": name, "smallest": z, "compared": e["compared"], "jointly": e["jointly"]}
        if e["witness"] is not None:
            entry["sampled"] = _show(e["witness"], name)
        found.append(entry)
    found.sort(key=lambda p: (-p["jointly"], p["smallest"] is None, p["switches"]))
    return {"scope": f"z3: every trick of {JOINT_SIZES[0]}-{JOINT_SIZES[-1]} plays; sampled: {len(games)} seeded "
                     f"random games (default reading), {tricks} tricks, a trick counting for a pair when it is legal "
                     "under each of the four readings",
            "tricks": tricks, "pairs_checked": len(pairs()), "pairs": found}


def special_matters(rs: Ruleset, special: int) -> dict | None:
    """The smallest trick whose winning card changes when ``special`` is taken out of it (the trick
    without it has one player fewer, at least two), replayed by the engine; None when z3 proves
    there is none."""
    sp = trick_spec(rs)
    best = None
    for k in SIZES[1:]:
        for j in range(k):
            t, dom = E.trick(k)
            rest = E.Trick(t.cards[:j] + t.cards[j + 1:], t.choices[:j] + t.choices[j + 1:], t.ruling)
            w, w2 = E.winner(sp, t), E.winner(sp, rest)
            won = z3.If(w >= 0, card_at(t, w), -1)
            won2 = z3.If(w2 >= 0, card_at(rest, w2), -1)
            s = z3.SimpleSolver()
            s.add(dom, t.cards[j] == special, won != won2)
            result = s.check()
            if result == z3.sat:
                found = canonical(s, t)
                ruling, plays = plays_of(found)
                order = ([c for c, _ in plays], ruling, [x or 0 for _, x in plays])
                if best is None or order < best[0]:
                    best = (order, found, ruling, plays, j)
            elif result != z3.unsat:
                raise RuntimeError(f"z3 gave {result} for {card_code(special)} under {reading_name(rs)}")
        if best is not None:
            _, found, ruling, plays, j = best
            without = plays[:j] + plays[j + 1:]
            return {**found, "winner": _engine_card(rs, ruling, plays),
                    "without": {**decoded(ruling, without), "winner": _engine_card(rs, ruling, without)}}
    return None


def _engine_card(rs: Ruleset, ruling: int, plays: list) -> str | None:
    w = replay(rs, ruling, plays).winner
    return None if w is None else card_code(plays[w][0])


def specials(rules: list[Ruleset] | None = None) -> list[dict[str, Any]]:
    """Per reading and Special: whether it ever matters, with the smallest witness."""
    out = []
    for rs in rules or readings():
        for code in SPECIALS:
            witness = special_matters(rs, parse_card(code))
            out.append({"reading": reading_name(rs), "special": code, "matters": witness is not None,
                        **({"witness": witness} if witness else {})})
    return out


def compute(scope: Scope, seed: int, progress: Progress, pieces: Pieces = SERIAL) -> dict[str, Any]:
    progress("switch pairs over sampled tricks")
    pairs_found = switch_pairs(scope, seed, pieces)
    progress("cards that never win (z3, every reading)")
    never = deciding.never_wins()
    progress("Specials that never matter (z3, every reading)")
    return {"switch_pairs": pairs_found, "never_wins": never, "specials": specials()}


def find(scope: str = "small", seed: int = 0, cache: Cache | None = None, progress: Progress | None = None,
         refresh: bool = False, pieces: Pieces = SERIAL) -> Run:
    """Every Realms interaction result for ``scope`` and ``seed``; from ``cache`` when there (unless
    ``refresh``), written to it after computing."""
    start = time.perf_counter()
    chosen = SCOPES[scope]
    cache = cache or Cache(None)
    k = key(code_version(), "realms", chosen.to_json(), seed)
    data = None if refresh else cache.get("realms-interactions", k)
    cached = data is not None
    if data is None:
        data = {"game": "realms", "scope": chosen.to_json(), "seed": seed,
                **compute(chosen, seed, progress or (lambda _m: None), pieces)}
        cache.put("realms-interactions", k, data)
    return Run(data, cached, time.perf_counter() - start)


def joint(a: tuple[str, str], b: tuple[str, str], sizes: tuple[int, ...] = JOINT_SIZES) -> dict | None:
    """The smallest trick whose winner the flips ``a`` and ``b`` change together but neither alone,
    replayed by the engine under each of the four readings; None when z3 proves there is none
    among tricks of ``sizes`` plays."""
    rules = [DEFAULT, DEFAULT.with_switches(**{a[0]: a[1]}), DEFAULT.with_switches(**{b[0]: b[1]}),
             DEFAULT.with_switches(**{a[0]: a[1], b[0]: b[1]})]
    for k in sizes:
        t, dom = E.trick(k)
        w = [E.winner(trick_spec(rs), t) for rs in rules]
        s = z3.SimpleSolver()
        s.add(dom, w[1] == w[0], w[2] == w[0], w[3] != w[0])
        result = s.check()
        if result == z3.sat:
            found = canonical(s, t)
            ruling, plays = plays_of(found)
            names = ["default", _pair_name(a, b).split(" x ")[0], _pair_name(a, b).split(" x ")[1], _pair_name(a, b)]
            return {**found, "winners": {n: _engine_card(rs, ruling, plays) for n, rs in zip(names, rules)}}
        if result != z3.unsat:
            raise RuntimeError(f"z3 gave {result} for {_pair_name(a, b)}")
    return None
