"""The table of cards that can win a trick: witnesses are canonical tricks the engine plays from a
deal with the named card winning; only the Cyclone and the Tree win nothing (z3)."""

import pytest
from arbiter.model.realms import game
from arbiter.model.realms.cards import DECK_SIZE, card_code, parse_card
from arbiter.model.realms.reference import resolve
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.model.realms.spec import trick_spec
from arbiter.proofs.realms import deciding
from arbiter.proofs.realms.replay import Unreachable, deal_for, plays_of, replay


@pytest.fixture(scope="module")
def table():
    return deciding.table(DEFAULT)


def test_only_the_cyclone_and_the_tree_never_win(table):
    assert [card_code(c.card) for c in table if not c.wins] == ["CYC", "TRE"]
    assert all(c.witness is None for c in table if not c.wins)


def test_every_witness_is_won_by_its_card_when_the_engine_plays_it_from_a_deal(table):
    for cell in table:
        if cell.wins:
            ruling, plays = plays_of(cell.witness)
            got = replay(DEFAULT, ruling, plays)
            assert got.winner is not None and plays[got.winner][0] == cell.card, cell
            assert got.moves[0] == f"ruling={cell.witness['ruling']}"


@pytest.mark.parametrize("code", ["R1", "P1", "YTr", "GNT"])
def test_a_witness_is_the_least_two_card_trick_its_card_wins(table, code):
    card = parse_card(code)
    ruling, plays = plays_of(table[card].witness)
    assert len(plays) == 2
    want = ([c for c, _ in plays], ruling, [x or 0 for _, x in plays])
    sp = trick_spec(DEFAULT)
    for a in range(DECK_SIZE):
        for b in range(DECK_SIZE):
            for r in range(4):
                if a == b or ([a, b], r) >= (want[0], want[1]):
                    continue
                trick = [(a, 0 if deciding._choices(a, True).stop > 1 else None),
                         (b, 0 if deciding._choices(b, False).stop > 1 else None)]
                w = resolve(sp, r, trick).winner
                assert w is None or trick[w][0] != card, (code, trick, r)


def test_the_witness_deal_is_a_sound_seven_card_deal():
    ruling, plays = plays_of({"ruling": "red", "cards": ["R1", "Y1", "B2", "GTr", "P3", "CYC=green"]})
    pos = deal_for(DEFAULT, ruling, plays).validate()
    assert all(h.bit_count() == game.HAND_SIZE for h in pos.hands)
    assert replay(DEFAULT, ruling, plays).winner is not None
    with pytest.raises(Unreachable):
        deal_for(DEFAULT, 0, [(c, None) for c in range(7)])


def test_never_wins_names_every_reading():
    assert deciding.never_wins([DEFAULT]) == {"default": ["CYC", "TRE"]}
