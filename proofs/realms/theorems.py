"""The Realms theorem catalogue: z3 over the trick spec compiled by ``encoding`` (the same spec
values the engine's evaluators interpret), each theorem with its expected status and a canonical
witness (the fewest cards, then the lowest cards, marker and choices) that the engine replays from a
deal; theorems about whole games (hand sizes, who scores, termination) come from ``bounds``."""

from __future__ import annotations

from collections.abc import Callable

import z3
from arbiter.model.realms.cards import (
    CYCLONE,
    FIRST_PICTURE,
    FIRST_SPECIAL,
    GIANT,
    PHOENIX,
    TREE,
    WARLOCK,
    card_code,
    parse_card,
)
from arbiter.model.realms.game import HAND_SIZE
from arbiter.model.realms.ruleset import DEFAULT, Ruleset, readings
from arbiter.model.realms.spec import trick_spec

from ..catalogue import (
    BOUNDED,
    CHECKED,
    COUNTEREXAMPLE,
    FAILED,
    PROVED,
    WITNESS,
    Outcome,
    Result,
    Theorem,
    choose,
    run_all,
)
from . import bounds, deciding
from . import encoding as E
from .deciding import SIZES, canonical, card_at, reading_name
from .replay import Disagreement, Unreachable, plays_of, replay

EXAMPLES = [(["R5", "B5"], 1, [0, 2]), (["YDr", "GDr"], 1, [1, 3]), (["YDr", "RDr", "R5", "B5"], 3, [1, 0, 0, 2])]


def _replayed(rs: Ruleset, witness: dict, expect: int | None = None) -> dict:
    """The witness with the winning card the engine names when it plays the trick from a deal;
    ``expect`` (the z3 winner's index, -1 for nobody) must agree."""
    ruling, plays = plays_of(witness)
    w = replay(rs, ruling, plays).winner
    if expect is not None and (-1 if w is None else w) != expect:
        raise Disagreement(f"{' '.join(witness['cards'])} from {witness['ruling']}: z3 names play {expect}, "
                           f"the engine {w}", witness)
    return {**witness, "winner": None if w is None else witness["cards"][w].split("=")[0]}


def _z3_winner(rs: Ruleset, witness: dict) -> int:
    ruling, plays = plays_of(witness)
    return z3.simplify(E.winner(trick_spec(rs), E.constant([c for c, _ in plays], [x for _, x in plays],
                                                             ruling))).as_long()


def _exists(rs: Ruleset, condition: Callable[[E.Trick, z3.ArithRef], z3.BoolRef], sizes=SIZES,
            also: tuple[Ruleset, ...] = ()) -> Outcome:
    """A trick (of the smallest size first) where ``condition(trick, winner)`` holds, or none. The
    witness names the winning card the engine gives under ``rs`` (and under each of ``also``)."""
    sp = trick_spec(rs)
    for k in sizes:
        t, dom = E.trick(k)
        s = z3.SimpleSolver()
        s.add(dom, condition(t, E.winner(sp, t)))
        result = s.check()
        if result == z3.sat:
            found = canonical(s, t)
            witness = _replayed(rs, found, _z3_winner(rs, found))
            if also:
                winners = {reading_name(r): _replayed(r, found, _z3_winner(r, found))["winner"] for r in (rs, *also)}
                witness = {**found, "winners": winners}
            return WITNESS, witness
        if result != z3.unsat:
            return FAILED, {"z3": str(result)}
    return FAILED, None


def _always(rules: list[Ruleset], claim: Callable[[E.Trick, z3.ArithRef, Ruleset], z3.BoolRef],
            sizes=SIZES) -> Outcome:
    """``claim`` holds for every trick of every size under every ruleset; else a counterexample."""
    for rs in rules:
        sp = trick_spec(rs)
        for k in sizes:
            t, dom = E.trick(k)
            s = z3.SimpleSolver()
            s.add(dom, z3.Not(claim(t, E.winner(sp, t), rs)))
            result = s.check()
            if result == z3.sat:
                found = canonical(s, t)
                return COUNTEREXAMPLE, {"ruleset": str(rs), **_replayed(rs, found, _z3_winner(rs, found))}
            if result != z3.unsat:
                return FAILED, {"z3": str(result)}
    return PROVED, None


def _has(t: E.Trick, card: int) -> z3.BoolRef:
    return z3.Or([x == card for x in t.cards])


def _phoenix(t, w, rs):
    return z3.Implies(_has(t, PHOENIX), z3.And(w >= 0, card_at(t, w) == PHOENIX))


def _never_cyclone_tree(t, w, rs):
    return z3.Implies(w >= 0, z3.And(card_at(t, w) != CYCLONE, card_at(t, w) != TREE))


def _eligible(t, w, rs):
    sp = trick_spec(rs)
    walk = E.walk(sp, t)
    ok = []
    for i, x in enumerate(t.cards):
        reasons = [z3.Or(x == PHOENIX, x == GIANT, x == WARLOCK), walk.matched[i], walk.colours[i] == walk.markers[-1]]
        if rs.no_winner == "lead_colour":
            reasons.append(z3.And(walk.colours[i] >= 0, walk.colours[i] == walk.colours[0]))
        if rs.realm_rank == "realm":  # a Realm card ranks in its realm partner's colour too
            reasons.append(z3.And(E.kind(x) == E.KINDS.index("Re"), walk.colours[i] >= 0,
                                  walk.colours[i] == E.partner(walk.markers[-1])))
        ok.append(z3.Implies(w == i, z3.Or(reasons)))
    return z3.And(ok)


def _giant_loses_to_a_match(t, w, rs):
    walk = E.walk(trick_spec(rs), t)
    return z3.Implies(z3.And(z3.Or(walk.matched), w >= 0), z3.Not(z3.Or(card_at(t, w) == GIANT,
                                                                         card_at(t, w) == WARLOCK)))


def _purple_beats_a_picture(t, w):
    walk = E.walk(trick_spec(PURPLE_IF), t)
    pictures = [z3.And(z3.Or([x == c for c in range(FIRST_PICTURE, FIRST_SPECIAL)]), E.colour(x) == walk.markers[-1])
                for x in t.cards]
    unmatched = z3.And([z3.Implies(w == i, z3.Not(m)) for i, m in enumerate(walk.matched)])
    return z3.And(w >= 0, E.purple(card_at(t, w)), unmatched, z3.Or(pictures))


def _following_purple_never_matches(t, w, rs):
    walk = E.walk(trick_spec(rs), t)
    return z3.And([z3.Implies(E.purple(x), z3.Not(walk.matched[i])) for i, x in enumerate(t.cards) if i])


def _differ(b: Ruleset) -> Callable[[E.Trick, z3.ArithRef], z3.BoolRef]:
    return lambda t, w: w != E.winner(trick_spec(b), t)


def _examples(rs: Ruleset) -> Outcome:
    """The text's three examples, from every starting marker: the winner and each marker shift;
    the witness lists the examples that fail, with the winner the reading names."""
    sp = trick_spec(rs)
    failed = []
    for n, (codes, want, markers) in enumerate(EXAMPLES, 1):
        cards = [parse_card(c) for c in codes]
        for ruling in range(4):
            t = E.constant(cards, [None] * len(cards), ruling)
            walk = E.walk(sp, t)
            got = z3.simplify(E.winner(sp, t)).as_long()
            shifts = [z3.simplify(m).as_long() for m in walk.markers]
            if got != want or shifts != markers:
                failed.append({"example": n, "cards": codes, "winner": None if got < 0 else codes[got]})
                break
    if not failed:
        return PROVED, None
    return COUNTEREXAMPLE, {"ruleset": str(rs), **failed[0], "failed": [f["example"] for f in failed]}


def _never_wins(rs: Ruleset, expected: set[str]) -> Outcome:
    """The cards that win no trick (``deciding.table``): proved when they are exactly ``expected``;
    the witness lists them and, for every other card, the smallest trick it wins."""
    cells = deciding.table(rs)
    never = [card_code(c.card) for c in cells if not c.wins]
    witness = {"never_win": never, "wins": {card_code(c.card): c.witness for c in cells if c.wins}}
    return (PROVED if set(never) == expected else COUNTEREXAMPLE), witness


def _hands() -> Outcome:
    check = bounds.check_hands()
    scope = {"positions": check.positions, "turns": check.turns, "largest": check.largest}
    if check.over is not None:
        return COUNTEREXAMPLE, {**scope, **check.over}
    return CHECKED, {**scope, "reached": bounds.hand_witness()}


def _one_scorer() -> Outcome:
    check = bounds.check_scoring()
    if check.wrong is not None:
        return COUNTEREXAMPLE, {"positions": check.positions, "turns": check.tricks, **check.wrong}
    return CHECKED, {"positions": check.positions, "turns": check.tricks}


def _ends(rs: Ruleset) -> Outcome:
    ends, why = bounds.game_ends(rs)
    return (PROVED if ends else COUNTEREXAMPLE), why


def _guarded(check: Callable[[], Outcome]) -> Callable[[], Outcome]:
    """A check whose witness the engine cannot replay, or replays differently, fails with why."""
    def run() -> Outcome:
        try:
            return check()
        except Disagreement as e:
            return FAILED, {"engine": str(e), **e.witness}
        except Unreachable as e:
            return FAILED, {"engine": str(e)}
    return run


NUANCE = DEFAULT.with_switches(resolution="nuance")
RANK = DEFAULT.with_switches(resolution="rank")
PURPLE_IF = DEFAULT.with_switches(purple_wins="if")
SHIFT = DEFAULT.with_switches(colour_match="shift")
ALL = readings()
SCOPE = "every trick of 2 to 6 distinct cards (one per player), every marker and colour choice"
EVERY = SCOPE + ", every reading one switch from the default"
# The ids the catalogue had before the per-reading theorems; kept so that links to them hold.
EXAMPLE_IDS = {"default": "timing", "resolution=nuance": "nuance", "resolution=rank": "rank"}
NO_WINNER_IDS = {"no_winner=lead_colour": "lead_colour"}
# Readings under which a rulebook example fails: the Match Rank Nuance puts the ruling Red Dragon
# above the later matched Blue 5 in the third example.
EXAMPLES_FAIL = {"resolution=nuance"}


def catalogue() -> list[Theorem]:
    out = [
        Theorem("realms/phoenix-always-wins", "A trick holding the Phoenix is won by the Phoenix.", EVERY, PROVED,
                lambda: _always(ALL, _phoenix)),
        Theorem("realms/cyclone-and-tree-never-win", "The Cyclone and the Tree never win a trick.", EVERY, PROVED,
                lambda: _always(ALL, _never_cyclone_tree)),
        Theorem("realms/winner-is-eligible", "The winner is a winning Special, a match, or a card of the final "
                "ruling colour (or, with no_winner=lead_colour, of the lead's colour; with realm_rank=realm, a Realm "
                "card of its realm partner).", EVERY, PROVED,
                lambda: _always(ALL, _eligible)),
        Theorem("realms/at-most-one-winner", "A trick's 10 points go to at most one player: the player of the card "
                "the reference evaluator names, or nobody.",
                "every trick of seeded random games, 2-6 players, every reading one switch from the default",
                CHECKED, _one_scorer, BOUNDED),
        Theorem("realms/timing-vs-nuance", "The Timing Rule and the Match Rank Nuance name different winners "
                "(smallest witness).", SCOPE, WITNESS, lambda: _exists(DEFAULT, _differ(NUANCE), also=(NUANCE,))),
        Theorem("realms/timing-vs-rank", "The Timing Rule and the Normal Rank Order name different winners "
                "(smallest witness).", SCOPE, WITNESS, lambda: _exists(DEFAULT, _differ(RANK), also=(RANK,))),
        Theorem("realms/any-vs-shift", "Counting a match already of the ruling colour as a colour match "
                "(colour_match=any) and counting only a match that shifts the colour (shift) name different winners "
                "(smallest witness).", SCOPE, WITNESS, lambda: _exists(DEFAULT, _differ(SHIFT), also=(SHIFT,))),
        Theorem("realms/purple-never-matches/shift", "With colour_match=shift a Purple that does not lead is never a "
                "colour match (it counts as the marker's colour or none), so its clause (b) cannot apply.", SCOPE,
                PROVED, lambda: _always([SHIFT], _following_purple_never_matches)),
        Theorem("realms/giant-beats-a-match", "Under the default a Giant can beat the last colour match.", SCOPE,
                WITNESS, lambda: _exists(DEFAULT, lambda t, w: z3.And(
                    z3.Or(E.walk(trick_spec(DEFAULT), t).matched), w >= 0, card_at(t, w) == GIANT))),
        Theorem("realms/match-beats-giant/phoenix_only", "With special_vs_match=phoenix_only no Giant or Warlock wins "
                "a trick holding a match.", SCOPE, PROVED,
                lambda: _always([DEFAULT.with_switches(special_vs_match="phoenix_only")], _giant_loses_to_a_match)),
        Theorem("realms/purple-if-beats-a-picture", "With purple_wins=if a Purple that matched nothing wins a trick "
                "holding a picture of the ruling colour.", SCOPE, WITNESS,
                lambda: _exists(PURPLE_IF, _purple_beats_a_picture)),
        Theorem("realms/largest-hand", f"No hand ever holds more than {HAND_SIZE} cards, and a deal reaches "
                f"{HAND_SIZE}.", "every move and chance outcome from the positions of seeded random games (seed 0), "
                "2-6 players, the default and every reading one switch from it among the switches that move cards",
                CHECKED, _hands, BOUNDED),
    ]
    for rs in ALL:
        name = reading_name(rs)
        out.append(Theorem(f"realms/no-winner/{NO_WINNER_IDS.get(name, name)}",
                           f"Some trick is won by nobody ({name}).", SCOPE, WITNESS,
                           lambda rs=rs: _exists(rs, lambda t, w: w < 0)))
    for rs in ALL:
        name = reading_name(rs)
        out.append(Theorem(f"realms/examples/{EXAMPLE_IDS.get(name, name)}", "The text's three examples hold (winner "
                           "and every marker shift) from every starting marker.", name,
                           COUNTEREXAMPLE if name in EXAMPLES_FAIL else PROVED, lambda rs=rs: _examples(rs)))
    for rs in ALL:
        name = reading_name(rs)
        out.append(Theorem(f"realms/never-wins/{name}", f"Exactly the Cyclone and the Tree win no trick ({name}); "
                           "every other card wins a trick replayed by the engine from a deal.", SCOPE, PROVED,
                           lambda rs=rs: _never_wins(rs, {"CYC", "TRE"})))
    for rs in ALL:
        name = reading_name(rs)
        out.append(Theorem(f"realms/game-ends/{name}", f"Every game ends ({name}): a trick nobody wins holds the "
                           "Cyclone or the Tree and no winning Special (z3), so a run of such tricks is short and "
                           "points keep coming.", "every game of 2-6 players; the lemma over " + SCOPE, PROVED,
                           lambda rs=rs: _ends(rs)))
    return [Theorem(t.id, t.statement, t.scope, t.expected, _guarded(t.check), t.kind) for t in out]


def select(only: str | None = None) -> list[Theorem]:
    """Every Realms theorem, or those whose id is ``only`` or starts with ``only/``."""
    return choose(catalogue(), only)


def run_catalogue(only: str | None = None, each: Callable[[Result, int, int], None] | None = None) -> list[Result]:
    """Run the Realms theorems ``select(only)`` names; ``each(result, done, total)`` after each one."""
    return run_all(select(only), each)
