"""The bridge theorem catalogue: z3 over the trick spec compiled by ``encoding`` (the values the
reference evaluator reads), and facts checked on the engine's own transitions: the fast trick
evaluator on every trick of a small deck, equal cards giving equal trick counts and the winner
leading next on seeded endings. Each theorem has its expected status; witnesses are card codes."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from functools import cache

import z3
from arbiter.model.bridge import fast, game
from arbiter.model.bridge.cards import STRAINS, card, card_code
from arbiter.model.bridge.notation import format_text

from ..catalogue import BOUNDED, CHECKED, COUNTEREXAMPLE, PROVED, Outcome, Result, Theorem, choose, run_all
from . import encoding as E

SMALL_DECK = [card(s, r) for s in range(3) for r in (0, 6, 12)]  # 2, 8 and ace of spades, hearts, diamonds
ENDING_SEEDS = range(40)
ENDING_CARDS = 3


def _decode(m: z3.ModelRef, t: E.Trick) -> dict:
    cards = [card_code(card(m.eval(s).as_long(), m.eval(r).as_long())) for s, r in zip(t.suits, t.ranks, strict=True)]
    return {"strain": STRAINS[m.eval(t.strain).as_long()], "cards": cards}


def _spec_is_law_44(n: int) -> Outcome:
    t = E.trick(n)
    s = z3.Solver()
    s.add(*t.domain())
    # Prove by asserting the negation: a trick whose spec winner is not Law 44's winner.
    s.add(E.winner(t) != E.law_44(t))
    if s.check() == z3.sat:
        m = s.model()
        return COUNTEREXAMPLE, {**_decode(m, t), "spec": m.eval(E.winner(t)).as_long(),
                                "law": m.eval(E.law_44(t)).as_long()}
    return PROVED, {"plays": n}


def _engine_on_small_deck() -> Outcome:
    """The fast evaluator against the compiled spec on every ordered trick of 1-4 cards of the small
    deck at every strain (the trump suit absent from the deck, clubs, stands for any off suit)."""
    t_vars = {n: E.trick(n, f"e{n}") for n in range(1, 5)}
    spec_winner = {n: E.winner(t) for n, t in t_vars.items()}
    checked = 0
    for n in range(1, 5):
        t = t_vars[n]
        for cards in itertools.permutations(SMALL_DECK, n):
            for strain in range(5):
                subst = [(t.strain, z3.IntVal(strain))]
                subst += [(t.suits[i], z3.IntVal(c // 13)) for i, c in enumerate(cards)]
                subst += [(t.ranks[i], z3.IntVal(c % 13)) for i, c in enumerate(cards)]
                want = z3.simplify(z3.substitute(spec_winner[n], *subst)).as_long()
                checked += 1
                if fast.winner(strain, cards) != want:
                    return COUNTEREXAMPLE, {"strain": STRAINS[strain], "cards": [card_code(c) for c in cards],
                                            "engine": fast.winner(strain, cards), "spec": want}
    return CHECKED, {"positions": checked, "turns": checked}


def _ending(seed: int) -> game.Position:
    pos = game.deal(seed=seed, strain=seed % 5)
    rng = random.Random(seed)
    while pos.hands[0].bit_count() > ENDING_CARDS or pos.trick:
        pos = game.successor(pos, rng.choice(game.legal_moves(pos)).card)
    return pos


def _tricks(pos: game.Position) -> int:
    """North-South's tricks with best play by the engine's own moves: plain minimax, no solver."""
    if pos.is_over:
        return pos.tricks[0]
    values = [_tricks(game.successor(pos, m.card)) for m in game.legal_moves(pos)]
    return max(values) if pos.to_move & 1 == 0 else min(values)


def _walk(pos: game.Position, visit: Callable[[game.Position], dict | None]) -> tuple[dict | None, int]:
    """Visit every position reachable from ``pos``; the first witness ``visit`` returns, and the count."""
    seen = 0
    stack = [pos]
    while stack:
        p = stack.pop()
        seen += 1
        if (found := visit(p)) is not None:
            return found, seen
        if not p.is_over:
            stack.extend(game.successor(p, m.card) for m in game.legal_moves(p))
    return None, seen


def _equal_cards() -> Outcome:
    """Two cards of one hand with no card of another hand or of the trick between them give the
    same double-dummy trick count, on every position of the seeded endings."""
    def visit(p: game.Position) -> dict | None:
        if p.is_over:
            return None
        me = p.to_move
        live = (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]) & ~p.hands[me]
        for c in p.trick:
            live |= 1 << c
        moves = [m.card for m in game.legal_moves(p)]
        for a, b in itertools.pairwise(moves):
            if a // 13 == b // 13 and not live & ((1 << a) - (1 << (b + 1))):
                x, y = _tricks(game.successor(p, a)), _tricks(game.successor(p, b))
                if x != y:
                    return {"position": format_text(p), "cards": [card_code(a), card_code(b)], "tricks": [x, y]}
        return None

    total = 0
    for seed in ENDING_SEEDS:
        found, seen = _walk(_ending(seed), visit)
        total += seen
        if found:
            return COUNTEREXAMPLE, found
    return CHECKED, {"positions": total, "turns": total}


def _winner_leads() -> Outcome:
    """After the fourth card of a trick the engine's next leader is the seat that won it by Law 44
    (the compiled spec's winner), and that seat's side gains the trick."""
    t = E.trick(4, "w")
    spec_winner = E.winner(t)

    @cache
    def spec_index(strain: int, cards: tuple[int, ...]) -> int:
        subst = [(t.strain, z3.IntVal(strain))] + [(t.suits[i], z3.IntVal(c // 13)) for i, c in enumerate(cards)]
        subst += [(t.ranks[i], z3.IntVal(c % 13)) for i, c in enumerate(cards)]
        return z3.simplify(z3.substitute(spec_winner, *subst)).as_long()

    def visit(p: game.Position) -> dict | None:
        if len(p.trick) != 3:
            return None
        for m in game.legal_moves(p):
            after = game.successor(p, m.card)
            seat = (p.leader + spec_index(p.strain, (*p.trick, m.card))) % 4
            gained = [b - a for a, b in zip(p.tricks, after.tricks, strict=True)]
            if after.leader != seat or gained[seat & 1] != 1 or sum(gained) != 1:
                return {"position": format_text(p), "card": card_code(m.card), "leader": "NESW"[after.leader],
                        "winner": "NESW"[seat]}
        return None

    total = 0
    for seed in ENDING_SEEDS:
        found, seen = _walk(_ending(seed), visit)
        total += seen
        if found:
            return COUNTEREXAMPLE, found
    return CHECKED, {"positions": total, "turns": total}


SCOPE_ENDINGS = f"every position reachable from {len(ENDING_SEEDS)} seeded {ENDING_CARDS}-card endings, all strains"


def catalogue() -> list[Theorem]:
    out = [Theorem(f"bridge/law-44/{n}", f"The trick spec's winner of {n} plays is Law 44's: the highest trump, "
                   "else the highest card of the suit led", f"every trick of {n} distinct cards at every strain",
                   PROVED, lambda n=n: _spec_is_law_44(n)) for n in (2, 3, 4)]
    out.append(Theorem("bridge/engine-is-spec", "The fast trick evaluator names the spec's winner",
                       "every ordered trick of 1-4 cards from 2, 8, A of three suits, every strain", CHECKED,
                       _engine_on_small_deck, BOUNDED))
    out.append(Theorem("bridge/equal-cards", "Whichever of two equal cards (no live card between them) is played, "
                       "the double-dummy trick count is the same", SCOPE_ENDINGS, CHECKED, _equal_cards, BOUNDED))
    out.append(Theorem("bridge/winner-leads", "The winner of a trick by Law 44 leads to the next one (Law 44G) and "
                       "its side gains the trick", SCOPE_ENDINGS, CHECKED, _winner_leads, BOUNDED))
    return out


def select(only: str | None = None) -> list[Theorem]:
    """Every bridge theorem, or those whose id is ``only`` or starts with ``only/``."""
    return choose(catalogue(), only)


def run_catalogue(only: str | None = None, each: Callable[[Result, int, int], None] | None = None) -> list[Result]:
    """Run the theorems ``select(only)`` names; ``each(result, done, total)`` after each one."""
    return run_all(select(only), each)


__all__ = ["catalogue", "run_catalogue", "select"]
