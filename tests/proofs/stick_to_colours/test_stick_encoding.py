"""The z3 compilation of the Stick to Colours scoring spec agrees with the reference scorer: on random
collections under every combination of the scoring readings, z3's best arrangement scores what
``reference.score`` says (both interpret the same ``scoring_spec`` value)."""

import z3
from arbiter.model.stick_to_colours import cards as C
from arbiter.model.stick_to_colours import reference
from arbiter.model.stick_to_colours.ruleset import DEFAULT, SCORING_SWITCHES, SWITCHES
from arbiter.model.stick_to_colours.spec import ScoringSpec, ValueSet, scoring_spec
from arbiter.proofs.stick_to_colours import encoding as E
from hypothesis import given, settings
from hypothesis import strategies as st

readings = st.fixed_dictionaries({n: st.sampled_from(SWITCHES[n]) for n in SCORING_SWITCHES}).map(
    lambda d: DEFAULT.with_switches(**d))
DECK = C.cards_of(C.full_deck())
# Collections of one or two colours carry the runs and duplicates where the readings differ.
ONE_COLOUR = [c for c in DECK if c < 10]


@st.composite
def collections(draw):
    pool = draw(st.sampled_from([DECK, ONE_COLOUR, [c for c in DECK if c < 20]]))
    return C.counts_of(draw(st.lists(st.sampled_from(range(len(pool))), max_size=9, unique=True).map(
        lambda ix: [pool[i] for i in ix])))


@given(ruleset=readings, counts=collections())
@settings(max_examples=20, deadline=None)
def test_z3_best_arrangement_scores_what_the_reference_scores(ruleset, counts):
    spec = scoring_spec(ruleset)
    assert E.best(spec, counts) == reference.score(counts, spec).points


def test_the_layered_witness_scores_differently_in_z3_as_in_the_reference():
    counts = C.parse_cards("R1 R2 R3 R3 R4 R5")
    assert E.best(scoring_spec(DEFAULT), counts) == 6
    assert E.best(scoring_spec(DEFAULT.with_switches(run_split="layered")), counts) == 5


def test_a_distinct_value_set_kind_counts_without_taking_cards():
    """A spec no reading gives (every value set counted, penalised): the compiler follows the data."""
    spec = ScoringSpec(((ValueSet("penalty", frozenset({1}), -3), "distinct"),), True, (1,))
    counts = C.parse_cards("R1 B1 G1")
    assert E.best(spec, counts) == reference.score(counts, spec).points == -3


def test_a_decoded_collection_lists_its_cards():
    coll, dom = E.collection("x", C.full_deck())
    s = z3.Solver()
    s.add(dom, E.size(coll) == 2, coll.counts[C.parse_card("RJ")] == 1, coll.counts[C.parse_card("B3")] == 1)
    assert s.check() == z3.sat and E.decode(s.model(), coll) == ["RJ", "B3"]
