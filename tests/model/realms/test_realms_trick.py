"""Trick resolution: the rulebook's three examples, the readings that break them, and the fast
evaluator held to the reference one (Hypothesis over every reading; exhaustive small scopes)."""

import itertools

import pytest
from arbiter.model import realms
from arbiter.model.realms import cards as C
from arbiter.model.realms import fast, reference, spec
from arbiter.model.realms.ruleset import DEFAULT, SWITCHES, TRICK_SWITCHES, Ruleset, readings
from hypothesis import given
from hypothesis import strategies as st

# "Examples": the cards, the winning card, and the marker after each card as the text gives it.
EXAMPLES = {
    "red5-blue5": (("R5", "B5"), 1, ["red", "blue"]),
    "dragons": (("YDr", "GDr"), 1, ["yellow", "green"]),
    "dragons-then-fives": (("YDr", "RDr", "R5", "B5"), 3, ["yellow", "red", "red", "blue"]),
}


def holds(ruleset: Ruleset, example: str) -> bool:
    codes, winner, markers = EXAMPLES[example]
    sp = spec.trick_spec(ruleset)
    for ruling in range(4):
        played = reference.walk(sp, ruling, [(C.parse_card(c), None) for c in codes])
        if reference.winner(sp, played) != winner or [C.COLOUR_NAMES[p.marker] for p in played] != markers:
            return False
    return True


@pytest.mark.parametrize("example", EXAMPLES)
def test_rulebook_example_holds_under_the_default(example):
    assert holds(DEFAULT, example)


def _product() -> list[Ruleset]:
    return [DEFAULT.with_switches(**dict(zip(TRICK_SWITCHES, values, strict=True)))
            for values in itertools.product(*(SWITCHES[n] for n in TRICK_SWITCHES))]


def test_only_the_match_rank_nuance_breaks_an_example():
    """Under every combination of the trick readings, the Nuance (a matched Dragon above a matched
    Number) gives the third example to the Red Dragon; nothing else breaks any example."""
    broken = {(tuple(sorted(r.overrides().items())), e) for r in _product() for e in EXAMPLES if not holds(r, e)}
    assert broken
    assert all(e == "dragons-then-fives" and ("resolution", "nuance") in o for o, e in broken)
    assert {o for o, _ in broken} == {tuple(sorted(r.overrides().items())) for r in _product()
                                      if r.resolution == "nuance"}


def test_public_trick_helper():
    assert realms.trick("green", ["YDr", "RDr", "R5", "B5"]) == (3, "blue", 3)
    assert realms.trick("red", ["R5", "CYC=green", "B5"]) == (2, "blue", 1)
    assert realms.trick("red", ["R5", "PHX", "B5"]) == (1, "blue", 1)
    assert realms.trick("red", ["R5", "B7", "CYC=blue"]) == (1, "blue", 2)
    # no match, no winning Special, no blue card: nobody wins; the Cyclone's player leads next
    assert realms.trick("red", ["R5", "Y7", "CYC=blue"]) == (None, "blue", 2)
    lead_colour = DEFAULT.with_switches(no_winner="lead_colour")
    assert realms.trick("red", ["R5", "Y7", "CYC=blue"], lead_colour) == (0, "blue", 2)


def _choices(c: int, first: bool) -> list:
    return list(range(4)) if c == C.CYCLONE or (first and C.is_purple(c)) else [None]


def _agree(ruleset: Ruleset, ruling: int, plays: list) -> None:
    sp = spec.trick_spec(ruleset)
    want = reference.resolve(sp, ruling, plays)
    got = fast.resolve(ruleset, ruling, [c for c, _ in plays], [x for _, x in plays])
    assert got == (want.winner, want.ruling, want.leads_next), (ruleset.overrides(), ruling, plays)


def _tricks(cards: list[int], size: int, led: list[int] | None = None):
    """Every trick of ``size`` different ``cards`` (led by one of ``led``, if given), with every choice."""
    for combo in itertools.permutations(cards, size):
        if led is not None and combo[0] not in led:
            continue
        for choice in itertools.product(*(_choices(c, k == 0) for k, c in enumerate(combo))):
            yield list(zip(combo, choice, strict=True))


def test_every_two_card_trick_agrees_under_every_reading_one_switch_from_the_default():
    for ruleset in readings():
        for plays in _tricks(list(range(C.DECK_SIZE)), 2):
            for ruling in range(4):
                _agree(ruleset, ruling, plays)


# Every kind of card at least once, numbers and pictures that match across colours and realms.
SMALL = [C.parse_card(c) for c in ("R3", "B3", "P3", "R9", "YDr", "RDr", "RRe", "GRe", "BTr", "PHX", "GNT", "WLK",
                                   "CYC", "TRE", "P1")]
# Four-card tricks of a few cards: a Sorcerer matched and left behind by a later shift, a Purple led
# then flipped, a Purple level with a coloured card, Specials led.
TINY = [C.parse_card(c) for c in ("Y1", "R1", "BSo", "YSo", "RRe", "P1", "GNT", "TRE")]


def test_every_three_card_trick_of_a_small_deck_agrees_under_every_reading_one_switch_from_the_default():
    for ruleset in readings():
        for plays in _tricks(SMALL, 3):
            for ruling in range(4):
                _agree(ruleset, ruling, plays)


def test_every_four_card_trick_of_a_tiny_deck_agrees_under_every_reading_one_switch_from_the_default():
    for ruleset in readings():
        for plays in _tricks(TINY, 4):
            for ruling in range(4):
                _agree(ruleset, ruling, plays)


PARTS = 4  # the whole deck's three-card tricks, in parts by the card led: xdist's workers share them


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_every_three_card_trick_agrees_under_the_default(part):
    for plays in _tricks(list(range(C.DECK_SIZE)), 3, led=[c for c in range(C.DECK_SIZE) if c % PARTS == part]):
        for ruling in range(4):
            _agree(DEFAULT, ruling, plays)


readings_st = st.fixed_dictionaries({n: st.sampled_from(SWITCHES[n]) for n in TRICK_SWITCHES}).map(
    lambda d: DEFAULT.with_switches(**d))


@st.composite
def tricks(draw):
    cards = draw(st.lists(st.integers(0, C.DECK_SIZE - 1), min_size=1, max_size=6, unique=True))
    return [(c, draw(st.sampled_from(_choices(c, k == 0)))) for k, c in enumerate(cards)]


@given(ruleset=readings_st, ruling=st.integers(0, 3), plays=tricks())
def test_fast_agrees_with_reference_on_any_trick_under_any_reading(ruleset, ruling, plays):
    _agree(ruleset, ruling, plays)


@given(ruleset=readings_st, ruling=st.integers(0, 3), plays=tricks())
def test_a_trick_has_at_most_one_winner_never_a_cyclone_or_tree_and_the_phoenix_always_wins(ruleset, ruling, plays):
    result = reference.resolve(spec.trick_spec(ruleset), ruling, plays)
    cards = [c for c, _ in plays]
    if result.winner is not None:
        assert cards[result.winner] not in (C.CYCLONE, C.TREE)
    if C.PHOENIX in cards:
        assert result.winner == cards.index(C.PHOENIX)
    if C.CYCLONE in cards:
        assert result.leads_next == cards.index(C.CYCLONE)


def test_the_readings_disagree_on_tricks_the_docs_name():
    """A witness for every trick switch: some trick whose winner it changes (else it is no reading)."""
    t = realms.trick
    assert t("red", ["R5", "B5", "B7"]) == (1, "blue", 1)  # timing: the last match
    assert t("red", ["R5", "B5", "B7"], DEFAULT.with_switches(resolution="rank"))[0] == 2
    assert t("red", ["R5", "B5", "BTr", "RTr"]) == (3, "red", 3)
    assert t("red", ["R5", "B5", "BTr", "R9"], DEFAULT.with_switches(resolution="nuance"))[0] == 2
    # R7 matches B7 but is already of the ruling colour: a colour match only under colour_match=any
    assert t("red", ["R9", "B7", "R7"]) == (2, "red", 2)
    assert t("red", ["R9", "B7", "R7"], DEFAULT.with_switches(colour_match="shift")) == (0, "red", 0)
    assert t("red", ["R5", "GNT", "B5"])[0] == 1
    assert t("red", ["R5", "GNT", "B5"], DEFAULT.with_switches(special_vs_match="phoenix_only"))[0] == 2
    assert t("red", ["R3", "P3"])[0] == 1
    assert t("red", ["R3", "P3"], DEFAULT.with_switches(purple_match="never"))[0] == 0
    assert t("red", ["R2", "P1"])[0] == 0
    assert t("red", ["R1", "P2"])[0] == 1
    assert t("red", ["R1", "P2"], DEFAULT.with_switches(purple_colour="none"))[0] == 0
    assert t("red", ["RDr", "P4=red"][::-1])[0] == 1
    assert t("red", ["P4=red", "RDr"], DEFAULT.with_switches(purple_wins="if"))[0] == 0
    assert t("red", ["RRe", "BRe"])[0] == 1
    assert t("red", ["RRe", "BRe"], DEFAULT.with_switches(realm_shadow="linked"))[0] == 0
    assert t("red", ["R5", "Y7", "CYC=blue"], DEFAULT.with_switches(no_winner="lead_colour"))[0] == 0
    # a match played after the Warlock: the Warlock wins, unless a later match outranks it (timed)
    assert t("red", ["R5", "WLK", "B5"])[0] == 1
    assert t("red", ["R5", "WLK", "B5"], DEFAULT.with_switches(special_vs_match="timed"))[0] == 2
    assert t("red", ["R5", "B5", "WLK"], DEFAULT.with_switches(special_vs_match="timed"))[0] == 2
    # a following Purple's colour: red when played (nobody holds blue at the end), or blue at resolution
    assert t("red", ["R5", "P4", "CYC=blue"]) == (None, "blue", 2)
    assert t("red", ["R5", "P4", "CYC=blue"], DEFAULT.with_switches(purple_colour="resolution")) == (1, "blue", 2)
    # a Purple level with a coloured card and no match: the coloured card, the earlier or the later
    shift = DEFAULT.with_switches(colour_match="shift")
    assert [t("red", ["P3=red", "R3"], shift.with_switches(number_tie=v))[0]
            for v in ("coloured", "earlier", "later")] == [1, 0, 1]
    assert [t("red", ["R3", "P3"], shift.with_switches(number_tie=v))[0]
            for v in ("coloured", "earlier", "later")] == [0, 0, 1]
    # a Special led: the marker keeps red (R9), or the first coloured card sets blue (B5)
    assert t("red", ["TRE", "B5", "R9"]) == (2, "red", 2)
    assert t("red", ["TRE", "B5", "R9"], DEFAULT.with_switches(special_lead="first_colour")) == (1, "blue", 1)
    # a matched Sorcerer left behind by a later shift: just below the ruling Sorcerer, or out of the ruling colour
    nuance = DEFAULT.with_switches(resolution="nuance")
    assert t("red", ["Y1", "BSo", "YSo", "R1"], nuance)[0] == 2
    assert t("red", ["Y1", "BSo", "YSo", "R1"], nuance.with_switches(nuance_pictures="normal"))[0] == 3
    # the Red Realm in a yellow trick: below the Yellow Dragon (its colour is red), or the realm's highest picture
    assert t("yellow", ["YDr", "RRe"])[0] == 0
    assert t("yellow", ["YDr", "RRe"], DEFAULT.with_switches(realm_rank="realm"))[0] == 1
    # the Giant after a Purple's nomination: it flips red to yellow, or the nomination stands
    assert t("blue", ["P2=red", "GNT", "R9"]) == (1, "yellow", 1)
    assert t("blue", ["P2=red", "GNT", "R9"], DEFAULT.with_switches(nominated_links="ignored")) == (1, "red", 1)


def test_purple_wins_if_lets_the_strictly_highest_number_beat_rank_not_the_last_match():
    """purple_wins=if, as docs/rules-realms.md says: the Purple beats the ruling colour's pictures;
    it does not beat the last colour match (P2=blue B2 from yellow: the Blue 2 matches the Purple 2
    and is the last match), nor win a tie with a card of its own number."""
    purple_if = DEFAULT.with_switches(purple_wins="if")
    t = realms.trick
    assert t("red", ["P4=red", "RDr"], purple_if)[0] == 0
    assert t("yellow", ["P2=blue", "B2"], purple_if)[0] == 1
    assert t("yellow", ["P2=blue", "B2"])[0] == 1
    assert t("red", ["P3=red", "R3"], purple_if.with_switches(colour_match="shift", number_tie="earlier"))[0] == 0
    assert t("red", ["P3=red", "RDr", "R3"], purple_if.with_switches(colour_match="shift"))[0] == 1


def test_a_free_match_must_be_a_colour_match_under_the_reading():
    """match_follow=free lets a matching card be played instead of following; following the lead's
    colour (red) after the marker moved to blue, the Blue Sorcerer matches the Yellow Sorcerer but
    is already of the marker's colour: free under colour_match=any, not under shift."""
    plays = [(C.parse_card(c), None) for c in ("RDr", "BDr", "YSo")]
    hand = sum(1 << C.parse_card(c) for c in ("R1", "BSo", "G9"))
    base = DEFAULT.with_switches(follow_colour="lead", match_follow="free")
    allowed = {}
    for value in SWITCHES["colour_match"]:
        rs = base.with_switches(colour_match=value)
        mask = reference.may_play(spec.trick_spec(rs), spec.following_spec(rs), C.parse_colour("red"), plays, hand)
        allowed[value] = sorted(C.card_code(c) for c in C.cards_of(mask))
    assert allowed == {"any": ["BSo", "R1"], "shift": ["R1"]}


def _allowed(ruleset: Ruleset, ruling: str, trick: list[str], hand: list[str]) -> list[str]:
    plays = [realms.game.parse_play(c, k == 0) for k, c in enumerate(trick)]
    mask = reference.may_play(spec.trick_spec(ruleset), spec.following_spec(ruleset), C.parse_colour(ruling),
                              [(m.card, m.choice) for m in plays], sum(1 << C.parse_card(c) for c in hand))
    return sorted(C.card_code(c) for c in C.cards_of(mask))


def test_holding_a_purple_counts_as_able_to_follow_only_under_purple_follows_yes():
    """Follow: "Players must follow the ruling colour if able"; a Purple counts as the ruling colour's number."""
    hand = ["B2", "P1", "GDr"]
    assert _allowed(DEFAULT, "red", ["R5"], hand) == ["B2", "GDr", "P1"]
    assert _allowed(DEFAULT.with_switches(purple_follows="yes"), "red", ["R5"], hand) == ["P1"]
    assert _allowed(DEFAULT.with_switches(purple_follows="yes"), "red", ["R5"], ["R1", "P1", "B2"]) == ["P1", "R1"]


def test_after_a_colourless_lead_nothing_is_to_be_followed_until_a_coloured_card_under_first_colour():
    """Lead: "That card's colour sets the ruling colour"; a Tree has none."""
    hand = ["R1", "B2"]
    assert _allowed(DEFAULT, "red", ["TRE"], hand) == ["R1"]
    first = DEFAULT.with_switches(special_lead="first_colour")
    assert _allowed(first, "red", ["TRE"], hand) == ["B2", "R1"]
    assert _allowed(first, "red", ["TRE", "B5"], hand) == ["B2"]
    # the Giant's flip and the Cyclone's choice set the colour themselves
    assert _allowed(first, "red", ["GNT"], ["Y1", "B2"]) == ["Y1"]


def test_a_realm_partner_does_not_follow_a_nominated_colour_when_realm_links_are_ignored():
    """"Realm links are ignored for Purple nominations: Red ≠ Yellow, Blue ≠ Green"."""
    realm = DEFAULT.with_switches(realm_follow="realm")
    assert _allowed(realm, "blue", ["P2=red"], ["Y1", "B2"]) == ["Y1"]
    assert _allowed(realm.with_switches(nominated_links="ignored"), "blue", ["P2=red"], ["Y1", "B2"]) == ["B2", "Y1"]
    assert _allowed(realm.with_switches(nominated_links="ignored"), "blue", ["R2"], ["Y1", "B2"]) == ["Y1"]


def test_under_the_default_readings_the_number_tie_never_decides_a_trick():
    """Report entry 26: with colour_match=any and purple_match=number the later of a Purple and a
    coloured card of its number matches the earlier, so rank never has to break their tie. Every
    trick of up to four cards of a deck of Purples, their coloured numbers and cards around them."""
    deck = [C.parse_card(c) for c in ("P1", "P2", "R1", "R2", "Y1", "B2", "RDr", "GNT", "CYC")]
    others = [DEFAULT.with_switches(number_tie=v) for v in SWITCHES["number_tie"][1:]]
    shift = DEFAULT.with_switches(colour_match="shift")
    parted = 0
    for size in (2, 3, 4):
        for plays in _tricks(deck, size):
            cards, choices = [c for c, _ in plays], [x for _, x in plays]
            for ruling in range(4):
                want = fast.resolve(DEFAULT, ruling, cards, choices)
                assert all(fast.resolve(r, ruling, cards, choices) == want for r in others), (plays, ruling)
                parted += fast.resolve(shift, ruling, cards, choices) != fast.resolve(
                    shift.with_switches(number_tie="earlier"), ruling, cards, choices)
    assert parted  # the scope is not vacuous: under colour_match=shift the tie does decide tricks


# The switches that change what may be played, with those that move the marker it is followed by.
FOLLOW_SWITCHES = TRICK_SWITCHES + ("follow_colour", "match_follow", "specials_follow", "purple_follows",
                                    "troll_bullets", "realm_follow")
follow_readings_st = st.fixed_dictionaries({n: st.sampled_from(SWITCHES[n]) for n in FOLLOW_SWITCHES}).map(
    lambda d: DEFAULT.with_switches(**d))


def _follow_agrees(ruleset: Ruleset, ruling: int, plays: list, hand: int) -> None:
    want = reference.may_play(spec.trick_spec(ruleset), spec.following_spec(ruleset), ruling, plays, hand)
    got = fast.follower(ruleset)(ruling, [c for c, _ in plays], [x for _, x in plays], hand)
    assert got == want, (ruleset.overrides(), ruling, plays, C.codes(hand), C.codes(got), C.codes(want))


@given(ruleset=follow_readings_st, ruling=st.integers(0, 3), plays=tricks(),
       hand=st.lists(st.integers(0, C.DECK_SIZE - 1), max_size=9, unique=True))
def test_the_fast_follow_rule_agrees_with_the_reference_under_any_reading(ruleset, ruling, plays, hand):
    _follow_agrees(ruleset, ruling, plays, sum(1 << c for c in hand) & ~sum(1 << c for c, _ in plays))


# A hand of every kind: each colour's numbers and a picture, Purples, a Troll, the Specials.
HAND = [C.parse_card(c) for c in ("R1", "Y3", "B3", "G9", "RSo", "GTr", "BDr", "P2", "P3", "GNT", "CYC", "TRE")]


def test_the_fast_follow_rule_agrees_on_every_two_card_trick_under_every_reading_one_switch_from_the_default():
    for ruleset in readings(FOLLOW_SWITCHES):
        for plays in _tricks(SMALL, 2):
            hand = sum(1 << c for c in HAND) & ~sum(1 << c for c, _ in plays)
            for ruling in range(4):
                _follow_agrees(ruleset, ruling, plays, hand)
                _follow_agrees(ruleset, ruling, plays[:1], hand)
