"""The Realms theorem catalogue: z3 over the trick spec compiled by ``encoding`` (the same
spec values the engine's evaluators interpret), each theorem with its expected status and a
canonical witness (the fewest cards, then the lowest card codes, marker and choices)."""

from __future__ import annotations

from collections.abc import Callable

import z3
from arbiter.model.realms.cards import CYCLONE, GIANT, PHOENIX, TREE, WARLOCK, card_code, parse_card
from arbiter.model.realms.ruleset import DEFAULT, Ruleset, readings
from arbiter.model.realms.spec import trick_spec

from . import encoding as E
from ..theorems import COUNTEREXAMPLE, FAILED, PROVED, WITNESS, Outcome, Result, Theorem, choose, run_all

SIZES = (2, 3)  # trick sizes searched: every theorem covers every trick of 2 and 3 distinct cards
EXAMPLES = [(["R5", "B5"], 1, [0, 2]), (["YDr", "GDr"], 1, [1, 3]), (["YDr", "RDr", "R5", "B5"], 3, [1, 0, 0, 2])]


def _canonical(s: z3.Solver, t: E.Trick) -> dict:
    """The lexicographically least model (cards in order, then marker, then choices), decoded."""
    for x in [*t.cards, t.ruling, *t.choices]:
        lo, hi = 0, 64
        while lo < hi:  # the least value x can take with the choices made so far
            mid = (lo + hi) // 2
            s.push()
            s.add(x <= mid)
            ok = s.check() == z3.sat
            s.pop()
            lo, hi = (lo, mid) if ok else (mid + 1, hi)
        s.add(x == lo)
    s.check()
    return E.decode(s.model(), t)


def _exists(rs: Ruleset, condition: Callable[[E.Trick, z3.ArithRef], z3.BoolRef], sizes=SIZES) -> Outcome:
    """A trick (of the smallest size first) where ``condition(trick, winner)`` holds, or none."""
    sp = trick_spec(rs)
    for k in sizes:
        t, dom = E.trick(k)
        s = z3.SimpleSolver()
        s.add(dom, condition(t, E.winner(sp, t)))
        result = s.check()
        if result == z3.sat:
            return WITNESS, _canonical(s, t)
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
                return COUNTEREXAMPLE, {"ruleset": str(rs), **_canonical(s, t)}
            if result != z3.unsat:
                return FAILED, {"z3": str(result)}
    return PROVED, None


def _card_at(t: E.Trick, i: z3.ArithRef) -> z3.ArithRef:
    term = t.cards[-1]
    for j in range(len(t.cards) - 2, -1, -1):
        term = z3.If(i == j, t.cards[j], term)
    return term


def _has(t: E.Trick, card: int) -> z3.BoolRef:
    return z3.Or([x == card for x in t.cards])


def _phoenix(t, w, rs):
    return z3.Implies(_has(t, PHOENIX), z3.And(w >= 0, _card_at(t, w) == PHOENIX))


def _never_cyclone_tree(t, w, rs):
    return z3.Implies(w >= 0, z3.And(_card_at(t, w) != CYCLONE, _card_at(t, w) != TREE))


def _eligible(t, w, rs):
    sp = trick_spec(rs)
    walk = E.walk(sp, t)
    ok = []
    for i, x in enumerate(t.cards):
        reasons = [z3.Or(x == PHOENIX, x == GIANT, x == WARLOCK), walk.matched[i], walk.colours[i] == walk.markers[-1]]
        if rs.no_winner == "lead_colour":
            reasons.append(z3.And(walk.colours[i] >= 0, walk.colours[i] == walk.colours[0]))
        ok.append(z3.Implies(w == i, z3.Or(reasons)))
    return z3.And(ok)


def _giant_loses_to_a_match(t, w, rs):
    walk = E.walk(trick_spec(rs), t)
    return z3.Implies(z3.And(z3.Or(walk.matched), w >= 0), z3.Not(z3.Or(_card_at(t, w) == GIANT,
                                                                          _card_at(t, w) == WARLOCK)))


def _differ(a: Ruleset, b: Ruleset) -> Callable[[E.Trick, z3.ArithRef], z3.BoolRef]:
    return lambda t, w: w != E.winner(trick_spec(b), t)


def _examples(rs: Ruleset) -> Outcome:
    """The text's three examples, from every starting marker: the winner and each marker shift."""
    sp = trick_spec(rs)
    for codes, want, markers in EXAMPLES:
        cards = [parse_card(c) for c in codes]
        for ruling in range(4):
            t = E.constant(cards, [None] * len(cards), ruling)
            walk = E.walk(sp, t)
            got = z3.simplify(E.winner(sp, t)).as_long()
            shifts = [z3.simplify(m).as_long() for m in walk.markers]
            if got != want or shifts != markers:
                return COUNTEREXAMPLE, {"ruleset": str(rs), "cards": codes,
                                        "winner": None if got < 0 else codes[got]}
    return PROVED, None


def _never_wins(rs: Ruleset, expected: set[str]) -> Outcome:
    """The cards that win no trick of 2 or 3 cards: proved when they are exactly ``expected``."""
    sp = trick_spec(rs)
    never = []
    t, dom = E.trick(3)
    w = E.winner(sp, t)
    two, dom2 = E.trick(2, "u")
    w2 = E.winner(sp, two)
    for c in range(65):
        s = z3.SimpleSolver()
        s.add(z3.Or(z3.And(dom, w >= 0, _card_at(t, w) == c), z3.And(dom2, w2 >= 0, _card_at(two, w2) == c)))
        if s.check() == z3.unsat:
            never.append(card_code(c))
    return (PROVED if set(never) == expected else COUNTEREXAMPLE), {"never_win": never}


NUANCE = DEFAULT.with_switches(resolution="nuance")
RANK = DEFAULT.with_switches(resolution="rank")
ALL = readings()
SCOPE = "every trick of 2 and 3 distinct cards, every marker and colour choice"


def catalogue() -> list[Theorem]:
    out = [
        Theorem("realms/phoenix-always-wins", "A trick holding the Phoenix is won by the Phoenix.",
                SCOPE + ", every reading one switch from the default", PROVED, lambda: _always(ALL, _phoenix)),
        Theorem("realms/cyclone-and-tree-never-win", "The Cyclone and the Tree never win a trick.",
                SCOPE + ", every reading one switch from the default", PROVED, lambda: _always(ALL, _never_cyclone_tree)),
        Theorem("realms/winner-is-eligible", "The winner is a winning Special, a match, or a card of the final "
                "ruling colour (or, with no_winner=lead_colour, of the lead's colour).",
                SCOPE + ", every reading one switch from the default", PROVED, lambda: _always(ALL, _eligible)),
        Theorem("realms/no-winner/default", "Some trick is won by nobody (default reading).", SCOPE, WITNESS,
                lambda: _exists(DEFAULT, lambda t, w: w < 0)),
        Theorem("realms/no-winner/lead_colour", "Some trick is won by nobody even with no_winner=lead_colour.",
                SCOPE, WITNESS, lambda: _exists(DEFAULT.with_switches(no_winner="lead_colour"), lambda t, w: w < 0)),
        Theorem("realms/timing-vs-nuance", "The Timing Rule and the Match Rank Nuance name different winners "
                "(smallest witness).", SCOPE, WITNESS, lambda: _exists(DEFAULT, _differ(DEFAULT, NUANCE))),
        Theorem("realms/timing-vs-rank", "The Timing Rule and the Normal Rank Order name different winners "
                "(smallest witness).", SCOPE, WITNESS, lambda: _exists(DEFAULT, _differ(DEFAULT, RANK))),
        Theorem("realms/giant-beats-a-match", "Under the default a Giant can beat the last colour match.", SCOPE,
                WITNESS, lambda: _exists(DEFAULT, lambda t, w: z3.And(
                    z3.Or(E.walk(trick_spec(DEFAULT), t).matched), w >= 0, _card_at(t, w) == GIANT))),
        Theorem("realms/match-beats-giant/phoenix_only", "With special_vs_match=phoenix_only no Giant or Warlock wins "
                "a trick holding a match.", SCOPE, PROVED,
                lambda: _always([DEFAULT.with_switches(special_vs_match="phoenix_only")], _giant_loses_to_a_match)),
        Theorem("realms/purple-if-beats-a-picture", "With purple_wins=if a Purple wins a trick holding a picture of "
                "the ruling colour.", SCOPE, WITNESS, lambda: _exists(
                    DEFAULT.with_switches(purple_wins="if"), lambda t, w: z3.And(
                        w >= 0, E.purple(_card_at(t, w)),
                        z3.Or([z3.And(E.kind(x) >= 0, z3.Or([x == c for c in range(36, 56)]),
                                      E.colour(x) == E.walk(trick_spec(DEFAULT.with_switches(purple_wins="if")),
                                                            t).markers[-1]) for x in t.cards])))),
    ]
    for name, rs, status in (("timing", DEFAULT, PROVED), ("nuance", NUANCE, COUNTEREXAMPLE), ("rank", RANK, PROVED)):
        out.append(Theorem(f"realms/examples/{name}", "The text's three examples hold (winner and every marker "
                           "shift) from every starting marker.", f"resolution={name}", status,
                           lambda rs=rs: _examples(rs)))
    out.append(Theorem("realms/never-wins/default", "Exactly the Cyclone and the Tree win no trick (default).",
                       SCOPE, PROVED, lambda: _never_wins(DEFAULT, {"CYC", "TRE"})))
    return out


def select(only: str | None = None) -> list[Theorem]:
    """Every Realms theorem, or those whose id is ``only`` or starts with ``only/``."""
    return choose(catalogue(), only)


def run_catalogue(only: str | None = None, each: Callable[[Result, int, int], None] | None = None) -> list[Result]:
    """Run the Realms theorems ``select(only)`` names; ``each(result, done, total)`` after each one."""
    return run_all(select(only), each)
