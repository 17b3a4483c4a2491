"""The Stick to Colours theorem catalogue: z3 over the scoring spec compiled by ``encoding`` (the spec
values the engine's scorers interpret), a largest score found by scoring every collection of its size,
and facts about turns checked on the engine's own transitions (``turns``). Each theorem has its expected
status; witnesses are decoded card codes or replayable lines."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import permutations

import z3
from arbiter.model.stick_to_colours import fast
from arbiter.model.stick_to_colours.cards import KINDS, Counts, card_code, codes, collections, joker, one_colour
from arbiter.model.stick_to_colours.game import deck_counts
from arbiter.model.stick_to_colours.ruleset import DEFAULT, Ruleset
from arbiter.model.stick_to_colours.spec import ScoringSpec, scoring_spec

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
    verdict_outcome,
)
from . import encoding as E
from . import turns

MAX_SIZES = (3, 4)  # collection sizes whose largest score is proved
# Sizes whose largest score is settled by scoring every collection with the engine's scorer (z3 does not
# settle 5 cards within the catalogue's minute; 5 cards are some 37 000 collections up to colour, ~5 s).
EXHAUSTIVE_SIZES = (5,)
EXHAUSTIVE = "exhaustive"  # how such a theorem is settled: every collection of the finite domain enumerated
SMALLEST = 6  # collections searched for the layered split's smallest difference: 1..SMALLEST cards
CEGAR_ROUNDS = 400  # refinements allowed in one exists-forall search before it reports failure


def _check(s: z3.Solver, *assumptions: z3.BoolRef) -> z3.CheckSatResult:
    result = s.check(*assumptions)
    if result not in (z3.sat, z3.unsat):
        raise RuntimeError(f"z3 answered {result}")
    return result


def _canonical(coll: E.Collection, deck, fixed_: list[z3.BoolRef],
               sat: Callable[[list[z3.BoolRef]], z3.ModelRef | None]) -> z3.ModelRef:
    """The model whose collection, in canonical card order, is lexicographically least (the most copies
    of the lowest card, then of the next, ...), among those ``sat`` accepts under ``fixed_``."""
    model = sat(fixed_)
    for k in range(KINDS):
        have = model.eval(coll.counts[k], model_completion=True).as_long()
        for t in range(deck[k], have, -1):
            better = sat([*fixed_, coll.counts[k] == t])
            if better is not None:
                model, have = better, t
                break
        fixed_ = [*fixed_, coll.counts[k] == have]
    return model


def _plain(s: z3.Solver) -> Callable[[list[z3.BoolRef]], z3.ModelRef | None]:
    return lambda assume: s.model() if _check(s, *assume) == z3.sat else None


def _max_score(rs: Ruleset) -> Outcome:
    """Per size n, the largest score of n cards (z3's optimiser proves nothing scores more) and the least
    collection reaching it."""
    spec, deck = scoring_spec(rs), deck_counts(rs)
    coll, dom = E.collection("x", deck)
    arr = E.arrangement(spec, "a")
    pts, ok = E.points(spec, arr, coll), E.valid(spec, arr, coll)
    out = {}
    for n in MAX_SIZES:
        opt = z3.Optimize()
        opt.add(dom, ok, E.size(coll) == n)
        opt.maximize(pts)
        if opt.check() != z3.sat:
            return FAILED, {"size": n}
        top = opt.model().eval(pts, model_completion=True).as_long()
        s = z3.SimpleSolver()
        s.add(dom, ok, E.size(coll) == n, pts >= top)
        model = _canonical(coll, deck, [], _plain(s))
        out[str(n)] = {"score": top, "cards": E.decode(model, coll)}
    return PROVED, {"largest": out}


def _collections(deck: tuple[int, ...], n: int) -> Iterator[Counts]:
    """Every collection of ``n`` cards the deck holds, once each."""
    kinds = [k for k in range(KINDS) if deck[k]]
    held = [0] * KINDS

    def grow(left: int, start: int) -> Iterator[Counts]:
        if left == 0:
            yield tuple(held)
            return
        for i in range(start, len(kinds)):
            k = kinds[i]
            if held[k] < deck[k]:
                held[k] += 1
                yield from grow(left - 1, i)
                held[k] -= 1
    return grow(n, 0)


def _rows(counts: Counts) -> tuple[Counts, ...]:
    return counts[0:10], counts[10:20], counts[20:30]


def largest_by_enumeration(rs: Ruleset, n: int, symmetric: bool = True,
                           points: Callable[[Counts, ScoringSpec], int] = fast.points) -> dict:
    """The largest score of ``n`` cards under ``rs`` by scoring every collection with ``points`` (the
    engine's scorer), and the least collection reaching it (the most copies of the lowest card first, as
    ``_canonical`` orders z3's witnesses). With ``symmetric`` and a deck whose three colours hold the same
    cards, one collection per permutation of the colours is scored: the scoring spec names no colour."""
    spec, deck = scoring_spec(rs), deck_counts(rs)
    if not 0 <= n <= sum(deck):
        raise ValueError(f"the deck holds {sum(deck)} cards: no collection of {n}")
    reduce = symmetric and len(set(_rows(deck))) == 1
    top, best, scored = -1, [], 0
    for counts in _collections(deck, n):
        rows = _rows(counts)
        if reduce and not rows[0] >= rows[1] >= rows[2]:
            continue
        got = points(counts, spec)
        scored += 1
        if got > top:
            top, best = got, [counts]
        elif got == top:
            best.append(counts)
    orbit = [sum((_rows(c)[i] for i in perm), ()) for c in best for perm in (permutations(range(3)) if reduce
                                                                              else [(0, 1, 2)])]
    return {"score": top, "cards": codes(max(orbit)), "scored": scored}


def _max_score_exhaustive(rs: Ruleset) -> Outcome:
    return PROVED, {"largest": {str(n): largest_by_enumeration(rs, n) for n in EXHAUSTIVE_SIZES}}


def _monotone(rules: list[Ruleset]) -> Outcome:
    """Lemma, per reading: every arrangement of a collection, with a card added (a joker added takes the
    lowest value it may), is an arrangement of the larger collection worth at least as much. So the best
    score never falls. When the lemma fails, the least collection and card it fails on are decoded."""
    for rs in rules:
        spec, deck = scoring_spec(rs), deck_counts(rs)
        coll, dom = E.collection("x", deck)
        added = z3.Int("added")
        bigger = E.plus(coll, added)
        arr = E.arrangement(spec, "a")
        low = min(spec.joker_values)
        grown = E.Arrangement(
            tuple(tuple(y + z3.If(z3.And(added == joker(c), v == low), 1, 0) for v, y in zip(E.VALUES, ys, strict=True))
                  for c, ys in enumerate(arr.jokers)), arr.laid, arr.runs, arr.slots)
        s = z3.SimpleSolver()
        in_deck = z3.Or([z3.And(added == k, coll.counts[k] < deck[k]) for k in range(KINDS) if deck[k]])
        s.add(dom, in_deck, E.valid(spec, arr, coll),
              z3.Not(z3.And(E.valid(spec, grown, bigger), E.points(spec, grown, bigger) >= E.points(spec, arr, coll))))
        if _check(s) == z3.unsat:
            continue
        model = _canonical(coll, deck, [], _plain(s))
        before = E.decode(model, coll)
        card = card_code(model.eval(added, model_completion=True).as_long())
        return COUNTEREXAMPLE, {"ruleset": str(rs), "cards": before, "added": card}
    return PROVED, {"readings": len(rules)}


def _beats_all(s: z3.Solver, spec: ScoringSpec, coll: E.Collection, target: z3.ArithRef,
               assume: list[z3.BoolRef]) -> z3.ModelRef | None:
    """A model of ``s`` under ``assume`` in which no arrangement of ``coll`` under ``spec`` scores
    ``target`` or more: counterexample-guided, each arrangement that does is learnt as a lemma (it holds
    for every collection, so ``s`` keeps it)."""
    for _ in range(CEGAR_ROUNDS):
        if _check(s, *assume) == z3.unsat:
            return None
        model = s.model()
        counts = tuple(model.eval(x, model_completion=True).as_long() for x in coll.counts)
        goal = model.eval(target, model_completion=True).as_long()
        inner = z3.SimpleSolver()
        b = E.arrangement(spec, "b")
        concrete = E.constant(counts)
        inner.add(E.valid(spec, b, concrete), E.points(spec, b, concrete) >= goal)
        if _check(inner) == z3.unsat:
            return model
        learnt = E.fixed(b, inner.model())
        # This arrangement, wherever it is one, scores below the target.
        s.add(z3.Implies(E.valid(spec, learnt, coll), E.points(spec, learnt, coll) < target))
    raise RuntimeError(f"no answer within {CEGAR_ROUNDS} refinements")


def _one_colour(deck: tuple[int, ...]) -> tuple[int, ...]:
    """The red printed cards of a deck (runs are per colour and colours symmetric)."""
    return tuple(n if k < 9 else 0 for k, n in enumerate(deck))


def _split_differs(rs: Ruleset, other: Ruleset) -> Outcome:
    """The smallest collection of red printed cards (then the least) scoring more under ``rs`` than under
    ``other``; sizes below it are proved to score alike."""
    spec, deck = scoring_spec(rs), _one_colour(deck_counts(rs))
    coll, dom = E.collection("x", deck)
    arr = E.arrangement(spec, "a")
    target = E.points(spec, arr, coll)
    s = z3.SimpleSolver()
    s.add(dom, E.valid(spec, arr, coll))
    alt = scoring_spec(other)
    for n in range(1, SMALLEST + 1):
        size = E.size(coll) == n
        if _beats_all(s, alt, coll, target, [size]) is None:
            continue
        model = _canonical(coll, deck, [size], lambda assume: _beats_all(s, alt, coll, target, assume))
        cards = E.decode(model, coll)
        counts = tuple(model.eval(x, model_completion=True).as_long() for x in coll.counts)
        return WITNESS, {"cards": cards, str(rs): E.best(spec, counts), str(other): E.best(alt, counts),
                         "alike_below": n}
    return FAILED, {"alike_up_to": SMALLEST}


def one_colour_split() -> dict:
    """The default scorer and the layered split (run_split=layered) on every collection of one colour
    (red: 0-2 copies of each value 1-6, 0-1 of each 7-9 and of the joker; colours are symmetric and
    value sets need three colours): how many collections, how many the layered split scores below
    the best arrangement and by how much, the smallest (then least) such collection, and whether it
    ever scores above it."""
    best, layered = scoring_spec(DEFAULT), scoring_spec(LAYERED)
    total, below, by, above, smallest = 0, 0, {}, 0, None
    for counts in collections(KINDS, one_colour()):
        total += 1
        hi, lo = fast.points(counts, best), fast.points(counts, layered)
        if lo > hi:
            above += 1
        elif lo < hi:
            below += 1
            by[str(hi - lo)] = by.get(str(hi - lo), 0) + 1
            key = (sum(counts), [card_code(k) for k in range(KINDS) for _ in range(counts[k])])
            smallest = key if smallest is None or key < smallest else smallest
    return {"collections": total, "differ": below, "below_by": dict(sorted(by.items())), "above": above,
            "smallest": smallest[1] if smallest else []}


def _one_colour_split() -> Outcome:
    found = one_colour_split()
    return (PROVED if not found["above"] else COUNTEREXAMPLE), found


def _never_scores(rules: list[Ruleset], spec_of: Callable[[Ruleset], ScoringSpec] = scoring_spec) -> Outcome:
    """Per reading, the cards of the deck that are in no counted set of any arrangement of any collection
    (a joker counts at a value no printed card of the collection has)."""
    never: dict[str, list[str]] = {}
    for rs in rules:
        spec, deck = spec_of(rs), deck_counts(rs)
        coll, dom = E.collection("x", deck)
        arr = E.arrangement(spec, "a")
        s = z3.SimpleSolver()
        s.add(dom, E.valid(spec, arr, coll))
        never[str(rs)] = [card_code(k) for k in range(KINDS) if deck[k]
                          and _check(s, E.scores_card(spec, arr, coll, k)) == z3.unsat]
    return (PROVED if not any(never.values()) else COUNTEREXAMPLE), {"never_score": never}


def _turn_fact(name: str) -> Outcome:
    return verdict_outcome(turns.verdicts()[name])


def _endless(rs: Ruleset) -> Outcome:
    found = turns.endless(rs)
    return (WITNESS, found) if found else (FAILED, None)


LAYERED = DEFAULT.with_switches(run_split="layered")
MAX_READINGS = (DEFAULT,)
NEVER = DEFAULT.with_switches(market_clear="never")
JOKER_1_6 = DEFAULT.with_switches(joker_values="1-6")
# The readings the z3 queries settle in seconds: the default and a switch flipped (the layered split and
# every-run sharing make the monotone lemma too hard for z3 within a minute: not claimed).
SCORE_READINGS = (DEFAULT, DEFAULT.with_switches(joker_values="1-6"), DEFAULT.with_switches(sharing="one_set"),
                  DEFAULT.with_switches(runs="ascending"))

TURN_THEOREMS = (
    ("cards-conserved", CHECKED, ("A decision neither creates nor loses a card (deck, market, lot, hands, "
     "refused hand cards and discard hold the deck's cards, each once) nor a token (supply or on a card)")),
    ("hand-over", CHECKED, ("At the end of bidding the winner gains the lot, each market card with the X of all "
     "players but one goes to exactly that one (with the bot: a card with both players' X to the bot), and "
     "no collection gains anything else")),
    ("refused-never-taken/not_refused", CHECKED, ("With who_bids=not_refused no player wins a lot carrying "
     "their own X token")),
    ("refused-never-taken/anyone", COUNTEREXAMPLE, ("With who_bids=anyone a player may win a lot carrying their "
     "own X token (the witness is a replayable line)")),
    ("games-end/consecutive", CHECKED, ("With market_clear=consecutive every decision lowers the rank (cards "
     "left, dealers yet to pass, decisions to the next such dealer, room to raise, bidders yet to pass): "
     "every game ends")),
    ("games-end/cumulative", CHECKED, ("With market_clear=cumulative every decision lowers the same rank: "
     "every game ends")),
    ("games-end/never", COUNTEREXAMPLE, ("With market_clear=never some decision (a dealer's pass) does not "
     "lower the rank")),
)


def catalogue() -> list[Theorem]:
    """Every Stick to Colours theorem, in a fixed order."""
    out = [Theorem(f"stick/max-score/{rs}", f"Under {rs}, the largest score of a collection of n cards, "
                   f"n = {', '.join(map(str, MAX_SIZES))}, is the witness's (z3's optimiser proves no "
                   "collection of n cards scores more; the least collection reaching it is shown)",
                   "every collection of n cards of the deck", PROVED, lambda rs=rs: _max_score(rs))
           for rs in MAX_READINGS]
    out += [Theorem(f"stick/max-score-exhaustive/{rs}", f"Under {rs}, the largest score of a collection of n cards, "
                    f"n = {', '.join(map(str, EXHAUSTIVE_SIZES))}, is the witness's: every collection of n cards is "
                    "scored by the engine's scorer (one per permutation of the colours, which the deck and the "
                    "scoring spec treat alike; the least collection reaching it is shown)",
                    "every collection of n cards of the deck", PROVED, lambda rs=rs: _max_score_exhaustive(rs),
                    EXHAUSTIVE) for rs in MAX_READINGS]
    names = ", ".join(map(str, SCORE_READINGS))
    out.append(Theorem("stick/monotone", "Adding a card to a collection never lowers its score (every arrangement "
                       "stays one, worth as much)", f"any collection of cards of the deck, any card added; readings "
                       f"{names}", PROVED, lambda: _monotone(list(SCORE_READINGS))))
    out.append(Theorem("stick/layered-vs-optimal", "The default scorer and the layered split (run_split=layered) "
                       "differ: the smallest collection (then the least) scoring more by default",
                       f"every collection of 1 to {SMALLEST} red printed cards (runs are per colour, colours "
                       "symmetric; jokers and value sets not searched)", WITNESS,
                       lambda: _split_differs(DEFAULT, LAYERED)))
    out.append(Theorem("stick/layered-one-colour", "On a collection of one colour the layered split never scores "
                       "more than the best arrangement (the witness counts those it scores less, by how much, and "
                       "gives the smallest)", "every collection of one colour: 0-2 copies of each value 1-6, 0-1 of "
                       "each 7-9 and of the joker (colours are symmetric; value sets need three colours)", PROVED,
                       _one_colour_split, EXHAUSTIVE))
    out.append(Theorem("stick/never-scores", "Every card of the deck is in a counted set of some collection "
                       "(the witness lists, per reading, the cards that never score: none)",
                       f"any collection of cards of the deck; readings {DEFAULT}, {JOKER_1_6}", PROVED,
                       lambda: _never_scores([DEFAULT, JOKER_1_6])))
    out += [Theorem(f"stick/{name}", statement, turns.SCOPE, expected, lambda name=name: _turn_fact(name), BOUNDED)
            for name, expected, statement in TURN_THEOREMS]
    out.append(Theorem("stick/endless/never", "With market_clear=never a game need not end: a line of decisions "
                       "from a deal comes back to a position it passed", f"deal seed 0 with 2, 3, 4 players, "
                       f"{turns.CYCLE_NODES} decisions searched per deal", WITNESS, lambda: _endless(NEVER), BOUNDED))
    return out


def select(only: str | None = None) -> list[Theorem]:
    """Every Stick to Colours theorem, or those whose id is ``only`` or starts with ``only/``."""
    return choose(catalogue(), only)


def run_catalogue(only: str | None = None, each: Callable[[Result, int, int], None] | None = None) -> list[Result]:
    """Run the theorems ``select(only)`` names; ``each(result, done, total)`` after each one."""
    return run_all(select(only), each)


__all__ = ["catalogue", "largest_by_enumeration", "run_catalogue", "select"]
