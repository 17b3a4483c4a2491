"""The z3 encoding of the Realms trick spec agrees with the reference evaluator, and theorems
decided by z3 follow the spec they are compiled from (a different reading changes the verdict)."""

import z3
from arbiter.model.realms import cards as C
from arbiter.model.realms import reference, spec
from arbiter.model.realms.ruleset import DEFAULT, SWITCHES, TRICK_SWITCHES
from arbiter.proofs.realms import encoding as E
from arbiter.proofs.realms import theorems as T
from hypothesis import given, settings
from hypothesis import strategies as st

readings_st = st.fixed_dictionaries({n: st.sampled_from(SWITCHES[n]) for n in TRICK_SWITCHES}).map(
    lambda d: DEFAULT.with_switches(**d))


@st.composite
def tricks(draw):
    cards = draw(st.lists(st.integers(0, C.DECK_SIZE - 1), min_size=1, max_size=4, unique=True))
    return [(c, draw(st.integers(0, 3)) if c == C.CYCLONE or (k == 0 and C.is_purple(c)) else None)
            for k, c in enumerate(cards)]


@given(ruleset=readings_st, ruling=st.integers(0, 3), plays=tricks())
@settings(max_examples=25, deadline=None)
def test_encoding_agrees_with_the_reference_evaluator(ruleset, ruling, plays):
    sp = spec.trick_spec(ruleset)
    want = reference.resolve(sp, ruling, plays)
    t = E.constant([c for c, _ in plays], [x for _, x in plays], ruling)
    winner = z3.simplify(E.winner(sp, t)).as_long()
    assert (None if winner < 0 else winner) == want.winner
    assert z3.simplify(E.marker_after(sp, t)).as_long() == want.ruling


def test_a_symbolic_trick_and_the_reference_agree_on_the_decoded_witness():
    status, witness = T._exists(DEFAULT, T._differ(T.NUANCE), also=(T.NUANCE,))
    assert status == "witness"
    plays = [(C.parse_card(c.split("=")[0]), C.parse_colour(c.split("=")[1]) if "=" in c else None)
             for c in witness["cards"]]
    ruling = C.parse_colour(witness["ruling"])
    assert reference.resolve(spec.trick_spec(DEFAULT), ruling, plays).winner != \
        reference.resolve(spec.trick_spec(T.NUANCE), ruling, plays).winner


def test_catalogue_has_ten_theorems_and_the_examples_follow_the_reading():
    assert len(T.catalogue()) >= 10
    results = {r.id: r for r in T.run_catalogue("realms/examples")}
    assert all(r.as_expected for r in results.values())
    assert results["realms/examples/nuance"].witness["winner"] == "RDr"
    assert T._examples(DEFAULT.with_switches(resolution="rank"))[0] == "proved"


def test_a_theorem_fails_when_the_spec_changes():
    """The Giant theorem is proved for phoenix_only and refuted, with a witness, for the default."""
    proved = T._always([DEFAULT.with_switches(special_vs_match="phoenix_only")], T._giant_loses_to_a_match, (2,))
    refuted = T._always([DEFAULT], T._giant_loses_to_a_match, (3,))
    assert proved[0] == "proved" and refuted[0] == "counterexample" and "GNT" in refuted[1]["cards"]


def test_the_encoding_follows_colour_match_on_a_match_already_of_the_ruling_colour():
    """R2 Y1 R1 from red: the Red 1 matches the Yellow 1 without shifting; z3 and the reference
    give it the trick under colour_match=any and the Red 2 under shift."""
    plays = [(C.parse_card(c), None) for c in ("R2", "Y1", "R1")]
    t = E.constant([c for c, _ in plays], [None] * 3, 0)
    got = {}
    for value in SWITCHES["colour_match"]:
        sp = spec.trick_spec(DEFAULT.with_switches(colour_match=value))
        got[value] = z3.simplify(E.winner(sp, t)).as_long()
        assert got[value] == reference.resolve(sp, 0, plays).winner
    assert got == {"any": 2, "shift": 0}


# Tricks that part the readings added with issue 23 (and their neighbours), from red or blue.
NAMED = [["R5", "WLK", "B5"], ["R5", "B5", "GNT"], ["R5", "P4", "CYC=blue"], ["P3=red", "R3"], ["R3", "P3"],
         ["P3=red", "RDr", "R3"], ["TRE", "B5", "R9"], ["WLK", "P2", "Y2"], ["Y1", "BSo", "YSo", "R1"],
         ["P2=red", "GNT", "R9"], ["P2=red", "B2", "GNT"], ["P2=blue", "B2"], ["P4=red", "RDr"], ["TRE", "GNT", "Y1"],
         ["YDr", "RRe"], ["Y2", "RRe", "YRe"], ["B1", "GRe", "CYC=blue"]]


def test_encoding_agrees_with_the_reference_on_the_named_tricks_under_every_reading_one_switch_away():
    from arbiter.model.realms.ruleset import readings
    for ruleset in readings():
        sp = spec.trick_spec(ruleset)
        for codes in NAMED:
            plays = [(C.parse_card(c.split("=")[0]), C.parse_colour(c.split("=")[1]) if "=" in c else None)
                     for c in codes]
            for ruling in (0, 2):
                want = reference.resolve(sp, ruling, plays)
                t = E.constant([c for c, _ in plays], [x for _, x in plays], ruling)
                got = z3.simplify(E.winner(sp, t)).as_long()
                assert (None if got < 0 else got, z3.simplify(E.marker_after(sp, t)).as_long()) == \
                    (want.winner, want.ruling), (str(ruleset), codes, ruling)
