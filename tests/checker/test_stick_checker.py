"""The Stick to Colours vectors and oracle: every vector is the model's answer, names a hard case,
and a scorer with the greedy layered split (a known implementation's) is caught by them."""

from arbiter.checker import stick_to_colours as stc
from arbiter.model.stick_to_colours import fast, parse_cards, scoring_spec
from arbiter.model.stick_to_colours.ruleset import DEFAULT


def test_vectors_are_the_models_answers_and_cover_every_op():
    cases = stc.vectors()
    assert {c["request"]["op"] for c in cases} == set(stc.OPS)
    assert len({c["id"] for c in cases}) == len(cases)
    for c in cases:
        assert "error" not in c["expected"], c["id"]
        assert stc.compare(c["request"], c["expected"], stc.expected(c["request"])) is None


def test_named_hard_cases():
    ids = {c["id"] for c in stc.vectors()}
    for name in ("duplicates-two-runs", "run-with-joker", "value-set-7-9", "switch-run_split-layered",
                 "switch-sharing-one_set", "switch-joker_values-1-6", "switch-runs-ascending"):
        assert f"score/{name}" in ids


def test_a_layered_scorer_is_caught():
    layered = scoring_spec(DEFAULT.with_switches(run_split="layered"))

    def engine(request):
        return {"points": fast.points(parse_cards(request["cards"]), layered), "sets": []}

    caught = [c["id"] for c in stc.vectors() if c["request"]["op"] == "score" and c["request"]["ruleset"] == "default"
              and stc.compare(c["request"], c["expected"], engine(c["request"]))]
    assert "score/duplicates-two-runs" in caught


def test_compare_flags_wrong_moves_and_positions():
    c = next(c for c in stc.vectors() if c["request"]["op"] == "legal_moves")
    assert stc.compare(c["request"], c["expected"], {"moves": c["expected"]["moves"][1:]})
    a = next(c for c in stc.vectors() if c["request"]["op"] == "apply")
    assert stc.compare(a["request"], a["expected"], {"position": a["request"]["position"]})
