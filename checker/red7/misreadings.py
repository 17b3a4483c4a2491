"""Known ways of getting Red7's colour rules wrong, each an alternative reading of one clause of the
spec (which cards qualify, how two Palettes compare, who competes), evaluated on the same Palettes
as the model: a failure an engine shows is explained by the misreading that answers as it did."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arbiter.model.red7 import fast, reference
from arbiter.model.red7.cards import Card, CardMask, card_code, colour_of, number_of, parse_cards, parse_colour
from arbiter.model.red7.ruleset import HIGHEST_CARD, Ruleset
from arbiter.model.red7.spec import RULES, LargestGroup, LongestRun

from ..plugin import Misreading

RED, ORANGE, YELLOW, GREEN, BLUE, INDIGO, VIOLET = range(7)


def _cards(mask: CardMask) -> list[Card]:
    return [c for c in range(49) if mask >> c & 1]


def _mask(cards: list[Card]) -> CardMask:
    return sum(1 << c for c in cards)


def colour_first(card: Card) -> int:
    """A card's strength when colour is compared before number."""
    return (6 - colour_of(card)) * 7 + number_of(card) - 1


def _runs_cut_at_duplicates(mask: CardMask) -> list[CardMask]:
    """Indigo runs cut after a number held twice (one card per number, its highest copy)."""
    tops = {n: max(c for c in _cards(mask) if number_of(c) == n) for n in {number_of(c) for c in _cards(mask)}}
    twice = {n for n in tops if sum(number_of(c) == n for c in _cards(mask)) > 1}
    pieces, run = [], []
    for n in range(1, 9):
        if n in tops:
            run.append(tops[n])
            if n not in twice:
                continue
        if run:
            pieces.append(_mask(run))
        run = []
    return pieces


def _strongest(card: Card) -> int:
    return card


@dataclass(frozen=True)
class Clause:
    """One misread clause: the rules it touches, the qualifying cards under it (None: the model's)
    and the comparison key of a Palette (None: count, then highest qualifying card)."""

    name: str
    words: Callable[[list[str]], str]
    rules: tuple[int, ...]
    qualifying: Callable[[int, CardMask], CardMask] | None = None
    key: Callable[[int, CardMask, CardMask], tuple] | None = None
    order: Callable[[Card], int] = _strongest  # how the qualifying cards are listed, strongest first


def _best(rule: int, mask: CardMask, strength: Callable[[Card], int]) -> CardMask:
    """The model's qualifying set with another card order (the best candidate by count, then by
    ``strength`` of its highest card)."""
    options = reference.candidates(RULES[rule].selector, frozenset(_cards(mask)))
    best = max(options, key=lambda s: (len(s), max(map(strength, s), default=-1)), default=frozenset())
    return _mask(list(best))


def _names(rules: list[str]) -> str:
    names = [r.capitalize() for r in rules]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


CLAUSES: tuple[Clause, ...] = (
    Clause("colour-before-number", lambda rules: f"ties compare colour before number ({_names(rules)})",
           tuple(range(7)), lambda rule, m: _best(rule, m, colour_first),
           lambda rule, q, m: (q.bit_count(), max(map(colour_first, _cards(q)), default=-1)), colour_first),
    Clause("count-ignored", lambda rules: f"{_names(rules)} compare{'s' if len(rules) == 1 else ''} the highest "
           "card instead of the number of qualifying cards" if set(rules) - {"orange"} else
           "Orange compares numbers instead of group sizes",
           (ORANGE, YELLOW, GREEN, BLUE, INDIGO, VIOLET),
           lambda rule, m: _best_by_highest(rule, m), lambda rule, q, m: (min(q.bit_count(), 1), q.bit_length())),
    Clause("tie-by-group-colour", lambda rules: f"a {_names(rules)} tie goes to the strongest colour among the "
           "qualifying cards, not the highest card", (YELLOW, BLUE, INDIGO, ORANGE),
           key=lambda rule, q, m: (q.bit_count(), max((6 - colour_of(c) for c in _cards(q)), default=-1))),
    Clause("tie-by-strongest-colours-card", lambda rules: f"a {_names(rules)} tie compares the card of the "
           "strongest colour, not the highest card", (BLUE, ORANGE, INDIGO, GREEN, VIOLET),
           key=lambda rule, q, m: (q.bit_count(), max(_cards(q), key=lambda c: (-colour_of(c), c), default=-1))),
    Clause("tie-by-number-only", lambda rules: f"a {_names(rules)} tie compares numbers only, not colours",
           (RED, ORANGE, YELLOW, GREEN, BLUE, INDIGO, VIOLET),
           key=lambda rule, q, m: (q.bit_count(), max((number_of(c) for c in _cards(q)), default=-1))),
    Clause("blue-counts-cards", lambda rules: "Blue counts cards instead of different colours", (BLUE,),
           lambda rule, m: m),
    Clause("blue-counts-numbers", lambda rules: "Blue counts different numbers instead of different colours",
           (BLUE,), lambda rule, m: _mask([max(c for c in _cards(m) if number_of(c) == n)
                                            for n in {number_of(c) for c in _cards(m)}])),
    Clause("indigo-duplicate-breaks-run", lambda rules: "a duplicate number breaks an Indigo run", (INDIGO,),
           lambda rule, m: max(_runs_cut_at_duplicates(m), key=lambda r: (r.bit_count(), r.bit_length()), default=0)),
    Clause("indigo-run-from-1-longer", lambda rules: "Indigo counts a run that starts at 1 one card longer",
           (INDIGO,), key=lambda rule, q, m: (q.bit_count() + (any(number_of(c) == 1 for c in _cards(q))),
                                               q.bit_length())),
    Clause("violet-includes-4", lambda rules: "Violet counts a 4 as below 4", (VIOLET,),
           lambda rule, m: _mask([c for c in _cards(m) if number_of(c) <= 4])),
    Clause("qualifying-weakest-first", lambda rules: "the qualifying cards are listed weakest first, not strongest "
           "first", tuple(range(7)), order=lambda c: -c),
    Clause("green-odd", lambda rules: "Green counts odd cards instead of even ones", (GREEN,),
           lambda rule, m: _mask([c for c in _cards(m) if number_of(c) % 2])),
)


def _best_by_highest(rule: int, mask: CardMask) -> CardMask:
    """The candidate holding the highest card (count ignored)."""
    options = reference.candidates(RULES[rule].selector, frozenset(_cards(mask)))
    best = max(options, key=lambda s: max(s, default=-1), default=frozenset())
    return _mask(list(best))


def _leader(clause: Clause, rule: int, masks: list[CardMask], out: set[int], rs: Ruleset) -> int | None:
    competing = [i for i in range(len(masks)) if rs.out_palettes == "compete" or i not in out]
    best, who = None, None
    for i in competing:
        q = clause.qualifying(rule, masks[i]) if clause.qualifying else fast.qualifying_mask(rule, masks[i])
        if not q:
            continue
        k = clause.key(rule, q, masks[i]) if clause.key else (q.bit_count(), q.bit_length())
        if rs.tie_break == "highest_card" and isinstance(RULES[rule].selector, (LargestGroup, LongestRun)):
            k = (k[0], masks[i].bit_length())
        if best is None or k > best:  # strict: the first of equal keys keeps the lead, as loops do
            best, who = k, i
    if who is None and rs.nobody_qualifies == HIGHEST_CARD:
        tops = [(max(map(clause.order, _cards(masks[i]))), i) for i in competing if masks[i]]
        who = max(tops)[1] if tops else None
    return who


def _answer(clause: Clause) -> Callable[[dict[str, Any]], dict[str, Any] | None]:
    def answer(request: dict[str, Any]) -> dict[str, Any] | None:
        rule = parse_colour(request["rule"])
        if rule not in clause.rules:
            return None
        if request["op"] == "qualifying":
            if clause.qualifying is None and clause.order is _strongest:
                return None
            mask = parse_cards(request["palette"])
            q = clause.qualifying(rule, mask) if clause.qualifying else fast.qualifying_mask(rule, mask)
            return {"cards": [card_code(c) for c in sorted(_cards(q), key=clause.order, reverse=True)]}
        masks = [parse_cards(p) for p in request["palettes"]]
        rs = Ruleset.from_json(request.get("ruleset", "basic"))
        return {"leader": _leader(clause, rule, masks, set(request.get("out", [])), rs)}
    return answer


def misreadings(op: str) -> list[Misreading]:
    """The misreadings that can change ``op``'s answers (leader and qualifying; a turn has none)."""
    if op not in ("leader", "qualifying"):
        return []
    return [Misreading(c.name, c.words, _answer(c)) for c in CLAUSES
            if (op == "leader" and (c.qualifying or c.key)) or (op == "qualifying" and (c.qualifying or
                                                                                      c.order is not _strongest))]

