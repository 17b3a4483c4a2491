"""The theorem catalogue: statements about the seven rules and about turns, each with an id, its
English statement, its scope, how it is settled (``kind``) and the status it should have; ``run``
proves or refutes it with z3 (or networkx), or checks it on the engine's turns over its scope."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import networkx as nx
import z3
from arbiter.model.red7 import reference
from arbiter.model.red7.cards import COLOUR_NAMES, RED, card_code, colour_of, number_of, parse_card

from ..catalogue import (
    BOUNDED,
    CHECKED,
    COUNTEREXAMPLE,
    FAILED,
    GRAPH,
    PROVED,
    WITNESS,
    Outcome,
    Result,
    Theorem,
    Unknown,
    choose,
    run_all,
    verdict_outcome,
)
from . import deciding, turns
from . import encoding as E

# -- z3 helpers -------------------------------------------------------------------------------

def _prove(claim: z3.BoolRef, *premises: z3.BoolRef, show: Callable[[z3.ModelRef], dict] | None = None) -> Outcome:
    """Prove by asserting the negation: unsat = proved, sat = a counterexample, decoded by ``show``
    after shrinking it to the fewest cards."""
    s = z3.SimpleSolver()
    s.add(*premises, z3.Not(claim))
    result = E.check(s)
    if result == z3.unsat:
        return PROVED, None
    if result != z3.sat:
        return FAILED, {"z3": str(result)}
    return COUNTEREXAMPLE, show(_smallest(s)) if show else None


def _find(*constraints: z3.BoolRef, show: Callable[[z3.ModelRef], dict]) -> Outcome:
    """Look for an example with the fewest cards; none found = the existence claim failed."""
    s = z3.SimpleSolver()
    s.add(*constraints)
    if E.check(s) != z3.sat:
        return FAILED, None
    return WITNESS, show(_smallest(s))


def _smallest(s: z3.Solver) -> z3.ModelRef:
    """The canonical model of ``s`` (known satisfiable): the fewest true card Booleans, then, Palette
    by Palette (in name order) and card by card from the strongest, each card left out whenever
    some model of that size allows it. The result depends only on the constraints, not on z3's
    search, so the same theorem gives the same witness whatever ran before it in the process."""
    cards = _card_vars(s)
    n = 0
    while True:
        s.push()
        s.add(E.at_most(cards, n))
        result = E.check(s)
        if result == z3.sat:
            break
        s.pop()
        if result != z3.unsat:
            raise Unknown(f"a witness of at most {n} cards")
        n += 1
    def still_sat() -> z3.ModelRef | None:
        result = E.check(s)
        if result == z3.sat:
            return s.model()
        if result != z3.unsat:
            raise Unknown("a witness without one more card")
        return None

    model = _leave_out(s, sorted(cards, key=_strongest_first), s.model(), still_sat)
    s.pop()
    return model


def _leave_out(s: z3.Solver | z3.Optimize, cards: list[z3.BoolRef], model: z3.ModelRef,
               found: Callable[[], z3.ModelRef | None]) -> z3.ModelRef:
    """Settle ``cards`` in order on ``s`` (whose ``model`` is current): each is left out whenever
    ``found()``, asked with the card asserted out, still gives a model, and kept in otherwise."""
    for b in cards:
        if z3.is_true(model.eval(b, model_completion=True)):
            s.push()
            s.add(z3.Not(b))
            better = found()
            s.pop()
            if better is None:
                s.add(b)
                continue
            model = better
        # The current model leaves the card out: keep it out.
        s.add(z3.Not(b))
    return model


def _strongest_first(b: z3.BoolRef) -> tuple[str, int]:
    name, code = str(b).rsplit("_", 1)
    return name, -parse_card(code)


def _card_vars(s: z3.Solver) -> list[z3.BoolRef]:
    """The Palette Booleans occurring in the solver's assertions (named ``<palette>_<card>``)."""
    seen: dict[str, z3.BoolRef] = {}
    todo = list(s.assertions())
    done: set[int] = set()
    while todo:
        e = todo.pop()
        if e.get_id() in done:
            continue
        done.add(e.get_id())
        if z3.is_const(e) and z3.is_bool(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED and "_" in str(e):
            seen[str(e)] = e
        todo.extend(e.children())
    return [seen[k] for k in sorted(seen)]


def _palettes_of(palettes: Sequence[E.Palette], **extra: Any) -> Callable[[z3.ModelRef], dict]:
    def show(model: z3.ModelRef) -> dict:
        return {**extra, "palettes": [E.decode(model, p) for p in palettes]}
    return show


def _players(n: int, prefix: str = "p") -> list[E.Palette]:
    return [E.palette(f"{prefix}{i}") for i in range(n)]


def _name(rule: int) -> str:
    return COLOUR_NAMES[rule].capitalize()


# -- the catalogue ------------------------------------------------------------------------------

def _no_ties(rule: int) -> Outcome:
    a, b = _players(2)
    sa, sb = E.standing(rule, a), E.standing(rule, b)
    # Lemma 1: two disjoint Palettes that both qualify never stand equal (their highest
    # qualifying cards differ), and two non-empty disjoint Palettes never share a highest card.
    status, witness = _prove(z3.And(
        z3.Implies(z3.And(sa.qualified, sb.qualified), z3.Or(E.beats(sa.pair, sb.pair), E.beats(sb.pair, sa.pair))),
        z3.Implies(z3.And(E.non_empty(a), E.non_empty(b)), E.top(list(enumerate(a))) != E.top(list(enumerate(b))))),
        E.disjoint([a, b]), show=_palettes_of([a, b]))
    if status != PROVED:
        return status, witness
    # Lemma 2: among 2-4 players whose qualifying standings pairwise differ, exactly one is winning.
    for n in (2, 3, 4):
        pairs = [(z3.Int(f"count{i}"), z3.Int(f"highest{i}")) for i in range(n)]
        distinct = [z3.Or(E.beats(pairs[i], pairs[j]), E.beats(pairs[j], pairs[i]))
                    for i in range(n) for j in range(n) if i < j]
        qualified = [c > 0 for c, _ in pairs]
        wins = [z3.And(qualified[i], *[E.beats(pairs[i], pairs[j]) for j in range(n) if j != i]) for i in range(n)]
        status, _ = _prove(z3.Implies(z3.Or(qualified), z3.PbEq([(w, 1) for w in wins], 1)), *distinct)
        if status != PROVED:
            return status, None
    return PROVED, None


def _monotone(rule: int) -> Outcome:
    p = E.palette("p")
    sp = E.standing(rule, p)
    s = z3.SimpleSolver()
    for x in E.CARDS:
        # The Palette with card x added: the same Booleans, x set.
        q = [z3.BoolVal(True) if c == x else p[c] for c in E.CARDS]
        sq = E.standing(rule, q)
        s.push()
        # Counterexample sought: x was not in the Palette and adding it lowered the standing.
        s.add(z3.Not(p[x]), E.beats(sp.pair, sq.pair))
        result = E.check(s)
        if result == z3.sat:
            model = _smallest(s)
            return COUNTEREXAMPLE, {"palette": E.decode(model, p), "added": card_code(x)}
        s.pop()
        if result != z3.unsat:
            return FAILED, {"z3": str(result)}
    return PROVED, None


def _always_winner(rule: int) -> Outcome:
    ps = _players(2)
    # Both players have a Palette card, yet one of them is winning.
    claim = z3.Or([E.winning(rule, ps, i) for i in range(2)])
    return _prove(claim, E.disjoint(ps), *[E.non_empty(p) for p in ps], show=_palettes_of(ps, rule=COLOUR_NAMES[rule]))


def _most(rule: int, weight: Callable[[int], int], limit: int | None) -> Outcome:
    """The largest total ``weight`` of a qualifying set over Palettes (of at most ``limit`` cards):
    the optimiser's proof that nothing exceeds it, and the canonical Palette reaching it (the fewest
    cards, then each card left out, strongest first, whenever the optimum allows it)."""
    p = E.palette("p")
    st = E.standing(rule, p)
    weighted = [(st.qualifies[c], weight(c)) for c in E.CARDS]
    # A count weighs 1 a card: the optimiser then works on the compiled count itself, which the
    # combinators keep simple; banked points are a sum over the qualifying cards.
    measure = st.count if all(w == 1 for _, w in weighted) else z3.Sum([z3.If(q, w, 0) for q, w in weighted])
    size = z3.Sum([z3.If(b, 1, 0) for b in p])
    opt = z3.Optimize()
    if limit is not None:
        opt.add(E.at_most(p, limit))
    # Lexicographic objectives: the largest measure first, then the fewest cards reaching it.
    opt.maximize(measure)
    opt.minimize(size)

    def optimum() -> tuple[int, int] | None:
        result = E.check(opt)
        if result == z3.unsat:
            return None
        if result != z3.sat:
            raise Unknown("the optimum")
        m = opt.model()
        return m.eval(measure, model_completion=True).as_long(), m.eval(size, model_completion=True).as_long()

    # z3's optimiser stops only once it has proved that no model exceeds ``best``.
    best = optimum()
    if best is None:
        return FAILED, None
    model = _leave_out(opt, sorted(p, key=_strongest_first), opt.model(),
                       lambda: opt.model() if optimum() == best else None)
    qualifying = [card_code(c) for c in reversed(E.CARDS) if z3.is_true(model.eval(st.qualifies[c], model_completion=True))]
    return PROVED, {"value": best[0], "qualifying": qualifying}


def _beats_order() -> Outcome:
    g = nx.DiGraph()
    g.add_nodes_from(E.CARDS)
    for a in E.CARDS:
        for b in E.CARDS:
            # a beats b: with Palettes {a} and {b}, a's owner is winning Red.
            if a != b and reference.leader(RED, [[a], [b]]) == 0:
                g.add_edge(a, b)
    complete = all(g.has_edge(a, b) != g.has_edge(b, a) for a in E.CARDS for b in E.CARDS if a < b)
    acyclic = nx.is_directed_acyclic_graph(g)
    order = list(nx.topological_sort(g)) if acyclic else []
    # The rulebook's order: a higher number first, then Red, Orange, ..., Violet.
    rulebook = sorted(E.CARDS, key=lambda c: (-number_of(c), colour_of(c)))
    if complete and acyclic and order == rulebook:
        return PROVED, {"order": [card_code(c) for c in order]}
    cycle = [card_code(c) for c, _ in nx.find_cycle(g)] if not acyclic else []
    return COUNTEREXAMPLE, {"complete": complete, "cycle": cycle, "order": [card_code(c) for c in order]}


def _deciding(rule: int) -> Outcome:
    cells = [c for k in deciding.OPPONENTS for c in deciding.table(rule, k)]
    never = {str(k): [card_code(c.card) for c in reversed(cells) if c.opponents == k and not c.decides]
             for k in deciding.OPPONENTS}
    # Every yes carries a witness the compiled rule accepted; every no was proved unsat.
    sound = all(c.decides == (c.witness is not None) for c in cells)
    return (PROVED if sound else FAILED), {"never_decides_against": never}


def _action1_rescue(rule: int) -> Outcome:
    found = turns.rescue(rule)
    return (WITNESS, found) if found is not None else (FAILED, None)


def _turn_fact(name: str) -> Outcome:
    return verdict_outcome(turns.verdicts()[name])


TURN_THEOREMS = (
    ("palette-never-empty", (
        "A player still in never has an empty Palette after a turn (dealt one card; a 1 never "
        "takes an only card; a 7 moves a card other than itself), so discarding a 1 never earns the Advanced draw")),
    ("cards-conserved", (
        "A turn neither creates nor loses a card: the cards in hands, Palettes and deck after it, "
        "with those it put on the Canvas, are the cards before it, each in one place")),
    ("mover-winning", (
        "After a turn the mover is winning under the rule then on the Canvas, or out; only pass (or, "
        "with losing turns legal, a losing turn) puts the mover out")),
    ("rounds-end", (
        "Every turn lowers 2 x (hand cards of the players in) + deck + (players in), so every round "
        "ends, within that many turns of its deal")),
    ("action1-takes", (
        "Action rule: a 1 takes one card of an opponent still in, never its own player's and never "
        "an opponent's only Palette card (under every eligibility reading)")),
    ("action7-moves-another", (
        "Action rule: a 7 moves a card of its player's Palette other than itself, to the "
        "Canvas or the deck")),
)


def _everywhere(winning_all: bool) -> Outcome:
    ps = _players(2)
    wins = [E.winning(r, ps, 0) for r in range(7)]
    return _find(E.disjoint(ps), *[E.non_empty(p) for p in ps], *(wins if winning_all else map(z3.Not, wins)),
                 show=_palettes_of(ps))


def _per_rule(prefix: str, statement: str, scope: str, expected: Callable[[int], str],
              check: Callable[[int], Outcome]) -> Iterable[Theorem]:
    for r in range(7):
        yield Theorem(f"{prefix}/{COLOUR_NAMES[r]}", statement.format(rule=_name(r)), scope, expected(r),
                      lambda r=r: check(r))


SCOPE_ANY = "any disjoint Palettes of 2, 3 and 4 players (49 cards each), both nobody_qualifies readings"
SCOPE_TWO = "2 players, any disjoint Palettes"


def catalogue() -> list[Theorem]:
    """Every theorem, in a fixed order."""
    qualifies_always = {r for r in range(7) if r not in (3, 6)}  # Green and Violet filter cards out
    theorems: list[Theorem] = []
    theorems += _per_rule(
        "no-ties", "Under {rule}, whenever anyone qualifies exactly one player is winning (no ties); with the "
        "highest-card reading, whenever anyone has a Palette card", SCOPE_ANY, lambda r: PROVED, _no_ties)
    theorems += _per_rule(
        "monotone", "Under {rule}, adding a card to a Palette never lowers its standing (count, then highest "
        "qualifying card), so it never makes a winning owner lose (and a 1 taking an opponent's card never "
        "hurts the taker)", "any Palette, each of the 49 cards added", lambda r: PROVED, _monotone)
    theorems += _per_rule(
        "always-winner", "Under {rule}, any non-empty Palette qualifies: with non-empty Palettes someone is "
        "always winning", SCOPE_TWO + ", both non-empty",
        lambda r: PROVED if r in qualifies_always else COUNTEREXAMPLE, _always_winner)
    theorems += _per_rule(
        "max-count", "Under {rule}, the largest possible qualifying count is the witness's value (reached, and "
        "proved unbeatable)", "one Palette, any cards", lambda r: PROVED,
        lambda r: _most(r, lambda c: 1, None))
    theorems += _per_rule(
        "max-banked", "Advanced under {rule}: the most points one round can bank from a Palette of at most 8 "
        "cards (1 dealt + 7 from the hand, no draws) is the witness's value",
        "one Palette of at most 8 cards", lambda r: PROVED, lambda r: _most(r, number_of, 8))  # a banked card scores its number
    theorems.append(Theorem(
        "beats-order", "The card order (number, then colour Red..Violet) is a strict total order: the 'beats' "
        "digraph of single cards under Red is complete and acyclic, and its order is the rulebook's",
        "all 49 cards, pairwise", PROVED, _beats_order, GRAPH))
    theorems += _per_rule(
        "deciding", "Under {rule}, every card's ability to be the deciding card (highest qualifying card of "
        "the winning Palette) is settled: a smallest witness for every yes, a proof for every no",
        "49 cards x 1, 2, 3 opponents with non-empty Palettes", lambda r: PROVED, _deciding)
    theorems += [Theorem(
        f"action1-rescue/{COLOUR_NAMES[r]}", f"Action rule, under {_name(r)}: in a game, a 1 can turn its player "
        "from not winning to winning (play the 1, take a card, no discard; eligible targets as the engine and the "
        "Actions ruleset decide)", turns.RESCUE_SCOPE, WITNESS, lambda r=r: _action1_rescue(r), BOUNDED)
        for r in range(7)]
    theorems += [Theorem(name, statement, turns.SCOPE, CHECKED, lambda name=name: _turn_fact(name), BOUNDED)
                 for name, statement in TURN_THEOREMS]
    theorems.append(Theorem(
        "winning-everywhere", "A player can be winning under all seven rules at once", SCOPE_TWO + ", non-empty",
        WITNESS, lambda: _everywhere(True)))
    theorems.append(Theorem(
        "losing-everywhere", "A player with a Palette card can be winning under none of the seven rules, so no "
        "discard to the Canvas alone can save them", SCOPE_TWO + ", non-empty", WITNESS, lambda: _everywhere(False)))
    return theorems


def select(only: str | None = None) -> list[Theorem]:
    """Every theorem, or those whose id is ``only`` or starts with ``only/``."""
    return choose(catalogue(), only)


def run_catalogue(only: str | None = None, each: Callable[[Result, int, int], None] | None = None) -> list[Result]:
    """Run the theorems ``select(only)`` names; ``each(result, done, total)`` after each one."""
    return run_all(select(only), each)


