"""Mutant engines for the checker's tests: the project's protocol handler with one rules bug each,
of the kinds found in public Red7 implementations. Each is ``request dict -> answer dict``."""

from __future__ import annotations

from typing import Any

from arbiter.checker.red7.cases import unreachable
from arbiter.model.red7 import reference
from arbiter.model.red7.cards import colour_of, number_of, parse_card
from arbiter.model.red7.fast import qualifying_mask
from arbiter.model.red7.protocol import PROTOCOL, handle
from arbiter.model.red7.ruleset import HIGHEST_CARD, Ruleset
from arbiter.model.red7.spec import RULES


def _strength(card: int, bug: tuple[str, ...]) -> int:
    return (6 - colour_of(card)) * 7 + number_of(card) if "colour-before-number" in bug else card


def _qualifying(rule: int, cards: list[int], bug: tuple[str, ...]) -> list[int]:
    if "colour-before-number" in bug:  # the best group is chosen by the same colour-first order
        options = reference.candidates(RULES[rule].selector, frozenset(cards))
        return list(max(options, key=lambda s: (len(s), max(_strength(c, bug) for c in s)) if s else (0, -1)))
    if rule == 4 and "blue-counts-cards" in bug:
        return cards
    if rule == 6 and "violet-includes-4" in bug:
        return [c for c in cards if number_of(c) <= 4]
    if rule == 5 and "indigo-duplicate-breaks-run" in bug:
        held = [number_of(c) for c in cards]
        runs, run = [], []
        for n in range(1, 9):  # a number held twice ends the run after it, as examples/engines/red7.js does
            if n in held:
                run.append(max(c for c in cards if number_of(c) == n))
                if held.count(n) == 1:
                    continue
            if run:
                runs.append(run)
            run = []
        return max(runs, key=lambda r: (len(r), max(r)), default=[])
    mask = qualifying_mask(rule, sum(1 << c for c in cards))
    return [c for c in cards if mask >> c & 1]


def _key(rule: int, q: list[int], bug: tuple[str, ...]) -> tuple[int, int]:
    if not q:
        return (0, -1)
    if rule == 2 and "yellow-tie-by-colour" in bug:
        return (len(q), 6 - colour_of(q[0]))
    if rule == 1 and "orange-tie-by-number" in bug:
        return (len(q), number_of(q[0]))
    return (len(q), max(_strength(c, bug) for c in q))


def buggy_leader(request: dict[str, Any], bug: tuple[str, ...]) -> int | None:
    rule = [r.name for r in RULES].index(request["rule"])
    out = set() if "out-still-compete" in bug else set(request.get("out", []))
    palettes = [[parse_card(c) for c in p] for p in request["palettes"]]
    who, best = None, (0, -1)
    for i, cards in enumerate(palettes):
        k = _key(rule, _qualifying(rule, cards, bug), bug)
        if i not in out and k > best:  # strict: the first of equal keys keeps the lead
            who, best = i, k
    reading = Ruleset.from_json(request.get("ruleset", "basic")).nobody_qualifies
    if who is None and ("nobody-qualifies-highest-wins" in bug or reading == HIGHEST_CARD):
        tops = [(max(p), i) for i, p in enumerate(palettes) if p and i not in out]
        who = max(tops)[1] if tops else None
    return who


LEADER_BUGS = ["yellow-tie-by-colour", "orange-tie-by-number", "blue-counts-cards", "indigo-duplicate-breaks-run",
               "out-still-compete", "nobody-qualifies-highest-wins", "colour-before-number", "violet-includes-4"]


UNREAD = ("tie_break", "out_palettes")  # leader readings buggy_leader does not implement (nor declare)


def leader_mutant(*bugs: str):
    """The project's handler with the leader bugs named (one or several); its hello does not declare
    the readings ``buggy_leader`` leaves out, so it is checked on their defaults only."""
    def engine(request: dict[str, Any]) -> dict[str, Any]:
        if request.get("op") == "leader":
            return {"id": request["id"], "leader": buggy_leader(request, bugs)}
        answer = handle(request)
        if request.get("op") == "hello":
            for name in UNREAD:
                answer["games"]["red7"]["switches"].pop(name)
        return answer

    engine.__qualname__ = f"leader_mutant[{'+'.join(bugs)}]"
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


def refuses_unreachable(request: dict[str, Any]) -> dict[str, Any]:
    """Correct, and refuses input no game produces (an empty Palette in play, say) with an error."""
    if request.get("op") in ("leader", "qualifying", "legal_moves", "apply") and unreachable(request):
        return {"id": request["id"], "error": {"code": "invalid_position", "message": unreachable(request)}}
    return handle(request)


def basic_only(request: dict[str, Any]) -> dict[str, Any]:
    """Correct for the Basic ruleset, which it plays whatever the request says; an old hello that
    declares no capabilities."""
    if request.get("op") == "hello":
        return {"id": request["id"], "protocol": PROTOCOL, "game": "red7", "ops": ["hello", "leader", "qualifying",
                                                                                 "legal_moves", "apply"]}
    request = {k: v for k, v in request.items() if k != "ruleset"}
    if "position" in request:
        request["position"] = {k: v for k, v in request["position"].items() if k not in ("ruleset", "scores")}
    return handle(request)


def orange_always_wrong(request: dict[str, Any]) -> dict[str, Any]:
    """Bug: every Orange leader answer is wrong (the next player after the right one)."""
    answer = handle(request)
    if request.get("op") == "leader" and request.get("rule") == "orange" and "leader" in answer:
        right = answer["leader"]
        answer["leader"] = 0 if right is None else (right + 1) % len(request["palettes"])
    return answer


def raises_on_violet(request: dict[str, Any]) -> dict[str, Any]:
    """Bug: a Violet leader question raises."""
    if request.get("op") == "leader" and request.get("rule") == "violet":
        raise ZeroDivisionError("division by zero")
    return handle(request)
