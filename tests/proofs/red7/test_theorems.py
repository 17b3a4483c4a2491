"""The theorem catalogue: statuses, decoded witnesses and the deciding-card table."""

import pytest
from arbiter.model.red7 import fast, reference
from arbiter.model.red7.cards import parse_card
from arbiter.proofs import catalogue
from arbiter.proofs.red7 import deciding, theorems


def _run(theorem_id):
    (result,) = theorems.run_catalogue(theorem_id)
    return result


@pytest.mark.parametrize("rule", ["red", "green", "blue"])
def test_no_ties_is_proved(rule):
    assert _run(f"no-ties/{rule}").status == theorems.PROVED


@pytest.mark.parametrize("rule, expected", [("orange", "proved"), ("green", "counterexample"),
                                            ("violet", "counterexample"), ("blue", "proved")])
def test_always_winner_and_its_smallest_counterexample(rule, expected):
    result = _run(f"always-winner/{rule}")
    assert result.status == expected == result.expected
    if expected == "counterexample":
        palettes = result.witness["palettes"]
        assert [len(p) for p in palettes] == [1, 1]
        r = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"].index(rule)
        assert reference.leader(r, [[parse_card(c) for c in p] for p in palettes]) is None


@pytest.mark.parametrize("rule, most", [("red", 1), ("orange", 7), ("yellow", 7), ("green", 21), ("blue", 7),
                                        ("indigo", 7), ("violet", 21)])
def test_max_count(rule, most):
    result = _run(f"max-count/{rule}")
    assert result.witness["value"] == most == len(result.witness["qualifying"])


def test_beats_order_is_the_rulebook_order():
    result = _run("beats-order")
    assert result.status == "proved"
    assert result.witness["order"][:3] == ["R7", "O7", "Y7"] and result.witness["order"][-1] == "V1"


def test_monotone_green():
    assert _run("monotone/green").status == "proved"


def test_deciding_table_green_and_violet():
    for rule, bad in ((3, {1, 3, 5, 7}), (6, {4, 5, 6, 7})):
        for cell in deciding.table(rule, 1):
            assert cell.decides == (cell.card // 7 + 1 not in bad)
            if cell.decides:
                winner, *rivals = [[parse_card(c) for c in p] for p in cell.witness]
                masks = [sum(1 << c for c in p) for p in [winner, *rivals]]
                assert fast.leader(rule, masks) == 0
                assert fast.qualifying_mask(rule, masks[0]).bit_length() - 1 == cell.card


def test_results_serialise():
    obj = _run("always-winner/green").to_json()
    assert {"id", "statement", "status", "seconds", "witness"} <= set(obj)


@pytest.mark.parametrize("theorem_id", ["always-winner/violet", "action1-rescue/red", "max-banked/red"])
def test_witnesses_do_not_depend_on_what_ran_before(theorem_id):
    first = _run(theorem_id).witness
    # Other z3 work in the same process changes z3's internal state (term ids, search order);
    # a canonical witness is a fact about the constraints and stays the same.
    _run("winning-everywhere")
    _run("max-count/orange")
    assert _run(theorem_id).witness == first


def test_smallest_witness_prefers_the_weakest_cards():
    # Green ignores odd cards: two single odd cards, the weakest possible, the first Palette first.
    assert _run("always-winner/green").witness["palettes"] == [["V1"], ["I1"]]
    # Red's one qualifying card can be any card: the canonical witness is the weakest, V1.
    assert _run("max-count/red").witness == {"value": 1, "qualifying": ["V1"]}


def test_an_unknown_answer_is_a_failure_not_a_witness():
    def check():
        raise catalogue.Unknown("a witness of at most 3 cards")

    result = catalogue.run(catalogue.Theorem("x/y", "a claim", "none", catalogue.WITNESS, check))
    assert result.status == catalogue.FAILED and not result.as_expected
    assert result.witness == {"z3": "unknown (a witness of at most 3 cards)"}
