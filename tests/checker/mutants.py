"""Mutant engines for the checker's tests: the project's protocol handler with one rules bug each,
of the kinds found in public Red7 implementations. Each is ``request dict -> answer dict``."""

from __future__ import annotations

from typing import Any

from arbiter.model.red7.cards import colour_of, number_of, parse_card
from arbiter.model.red7.fast import qualifying_mask
from arbiter.model.red7.protocol import handle
from arbiter.model.red7.spec import RULES


def _strength(card: int, bug: str) -> int:
    return (6 - colour_of(card)) * 7 + number_of(card) if bug == "colour-before-number" else card


def _qualifying(rule: int, cards: list[int], bug: str) -> list[int]:
    if rule == 4 and bug == "blue-counts-cards":
        return cards
    if rule == 6 and bug == "violet-includes-4":
        return [c for c in cards if number_of(c) <= 4]
    if rule == 5 and bug == "indigo-duplicate-breaks-run":
        numbers = sorted(number_of(c) for c in cards)
        best: list[int] = []
        run: list[int] = []
        for n in numbers:  # a repeated number starts a new run
            run = run + [n] if run and n == run[-1] + 1 else [n]
            best = max(best, run, key=len)
        return [max(c for c in cards if number_of(c) == n) for n in best]
    mask = qualifying_mask(rule, sum(1 << c for c in cards))
    return [c for c in cards if mask >> c & 1]


def _key(rule: int, q: list[int], bug: str) -> tuple[int, int]:
    if not q:
        return (0, -1)
    if rule == 2 and bug == "yellow-tie-by-colour":
        return (len(q), 6 - colour_of(q[0]))
    if rule == 1 and bug == "orange-tie-by-number":
        return (len(q), number_of(q[0]))
    return (len(q), max(_strength(c, bug) for c in q))


def buggy_leader(request: dict[str, Any], bug: str) -> int | None:
    rule = [r.name for r in RULES].index(request["rule"])
    out = set() if bug == "out-still-compete" else set(request.get("out", []))
    palettes = [[parse_card(c) for c in p] for p in request["palettes"]]
    who, best = None, (0, -1)
    for i, cards in enumerate(palettes):
        k = _key(rule, _qualifying(rule, cards, bug), bug)
        if i not in out and k > best:  # strict: the first of equal keys keeps the lead
            who, best = i, k
    if who is None and bug == "nobody-qualifies-highest-wins":
        tops = [(max(p), i) for i, p in enumerate(palettes) if p and i not in out]
        who = max(tops)[1] if tops else None
    return who


LEADER_BUGS = ["yellow-tie-by-colour", "orange-tie-by-number", "blue-counts-cards", "indigo-duplicate-breaks-run",
               "out-still-compete", "nobody-qualifies-highest-wins", "colour-before-number", "violet-includes-4"]


def leader_mutant(bug: str):
    def engine(request: dict[str, Any]) -> dict[str, Any]:
        if request.get("op") == "leader":
            return {"id": request["id"], "leader": buggy_leader(request, bug)}
        return handle(request)

    engine.__qualname__ = f"leader_mutant[{bug}]"
    return engine


def qualifying_weakest_first(request: dict[str, Any]) -> dict[str, Any]:
    """Bug: qualifying cards listed weakest first."""
    answer = handle(request)
    if request.get("op") == "qualifying" and "cards" in answer:
        answer["cards"] = answer["cards"][::-1]
    return answer


def losing_discards_offered(request: dict[str, Any]) -> dict[str, Any]:
    """Bug: a discard that leaves the mover not winning is offered as a turn."""
    answer = handle(request)
    if request.get("op") == "legal_moves" and "moves" in answer:
        me = request["position"]["players"][request["position"]["to_move"]]
        extra = {f"discard {c}" for c in me["hand"]}
        answer["moves"] = sorted(set(answer["moves"]) | extra)
    return answer


def pass_keeps_mover_in(request: dict[str, Any]) -> dict[str, Any]:
    """Bug: a player who passes is not marked out."""
    answer = handle(request)
    if request.get("op") == "apply" and request.get("move") == "pass" and "position" in answer:
        mover = request["position"]["to_move"]
        answer["position"]["players"][mover].pop("out", None)
    return answer
