"""Realms conformance cases: deterministic, unique ids, the model agrees with them, and engines
that read a rule differently (another reading, a broken follow rule) are caught."""

from arbiter.checker import realms as R
from arbiter.model.realms import game, notation
from arbiter.model.realms.cards import cards_of
from arbiter.model.realms.protocol import handle


def test_cases_are_deterministic_unique_and_cover_every_op():
    cases = R.vectors()
    assert cases == R.vectors()
    assert len({c["id"] for c in cases}) == len(cases)
    assert {c["request"]["op"] for c in cases} == set(R.OPS)
    assert all(c["why"] and R.describe(c) for c in cases)


def test_the_model_passes_its_own_cases():
    for c in R.vectors():
        got = handle({"id": 1, **c["request"]})
        got.pop("id")
        assert R.compare(c["request"], c["expected"], got) is None, c["id"]


def _failures(engine) -> set[str]:
    out = set()
    for c in R.vectors():
        kind = R.compare(c["request"], c["expected"], engine(c["request"]))
        if kind:
            out.add(kind)
    return out


def test_an_engine_on_another_reading_is_caught():
    def nuance(request):
        if request["op"] != "trick" or "ruleset" in request:
            return R.expected(request)
        return R.expected({**request, "ruleset": {"resolution": "nuance"}})
    assert "trick_winner" in _failures(nuance)


def test_an_engine_that_ignores_following_or_accepts_bad_cards_is_caught():
    def lax(request):
        if request["op"] == "legal_moves" and "error" not in R.expected(request):
            pos = notation.position_from_json(request["position"])
            if pos.phase == "play":  # every hand card, as if nobody had to follow (choices left out)
                return {"moves": [notation.play_text((c, None), False) for c in cards_of(pos.hands[pos.to_move])]}
            return {"moves": [str(m) for m in game.legal_moves(pos)]}
        if "error" in R.expected(request):
            return {"winner": 0, "ruling": "red", "leads_next": 0}
        return R.expected(request)
    assert {"legal_moves_differ", "accepted_bad_request"} <= _failures(lax)
