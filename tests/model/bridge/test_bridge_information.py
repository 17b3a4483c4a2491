"""What each bridge seat sees (Law 41D: dummy's hand face up once the opening lead is made; every
card played face up) and re-deals of the rest (arbiter.model.information): dummy's hand moves in
a re-deal before the lead and never after it, a seat's own hand never, a seat that showed out of a
suit is never dealt one of it, and with no declarer there is no dummy to see."""

import random

from arbiter.model import bridge, information
from arbiter.model.bridge.cards import SUIT_MASK, cards_of
from arbiter.model.information import Record, history, redeal

DEAL = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


def played(start, rng: random.Random, cards: int) -> Record:
    """A seeded random play of ``cards`` cards from ``start``."""
    events, pos = [], start
    for _ in range(cards):
        step = rng.choice(bridge.steps.steps(pos))
        events.append(step)
        pos = bridge.steps.apply_step(pos, step)
    return Record(start, tuple(events))


def test_the_opening_lead_lays_dummy_face_up_and_nothing_else_shows_a_hand():
    pos = bridge.parse_position(f"bridge contract=3NT declarer=S leader=W tricks=0,0 trick=- | {DEAL}")
    after = bridge.steps.apply_step(pos, "D4")
    assert bridge.steps.shown(pos, "D4", after).to(1) == "D4; dummy N: SK SJ S7 S4 HJ H8 DA DK DJ D5 CA CQ C6"
    nxt = bridge.steps.apply_step(after, "D5")
    assert bridge.steps.shown(after, "D5", nxt).to(1) == "D5"
    bare = bridge.parse_position(DEAL)  # no declarer: no dummy
    assert bridge.steps.shown(bare, "D5", bridge.steps.apply_step(bare, "D5")).to(1) == "D5"


def test_dummy_moves_in_a_re_deal_before_the_lead_and_never_after():
    rng = random.Random(1)
    moved_before = 0
    for seed in range(6):
        start = bridge.deal(4, seed, declarer=seed % 4)
        dummy, leader = start.dummy, start.leader
        moved_before += redeal(bridge, Record(start), leader, rng).start.hands[dummy] != start.hands[dummy]
        record = played(start, rng, 1 + seed * 7)
        for seat in range(4):
            other = redeal(bridge, record, seat, rng)
            assert history(bridge, other, seat) == history(bridge, record, seat)
            assert other.start.hands[seat] == start.hands[seat]
            assert other.start.hands[dummy] == start.hands[dummy]
    assert moved_before == 6


def test_with_no_declarer_a_seat_sees_only_its_own_hand_and_the_cards_played():
    rng = random.Random(2)
    start = bridge.deal(4, 3)
    record = played(start, rng, 9)
    for seat in range(4):
        assert history(bridge, record, seat)[0].count(":") == 13  # its own hand, dealt
        others = [s for s in range(4) if s != seat]
        moved = {s for _ in range(4) for s in others
                 if redeal(bridge, record, seat, rng).start.hands[s] != start.hands[s]}
        assert moved == set(others)


def test_a_seat_that_showed_out_of_a_suit_is_never_dealt_one_in_a_re_deal():
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        start = bridge.deal(4, seed, declarer=2)
        record = played(start, rng, 28)
        voids = set()  # (seat, suit) of every seat that did not follow
        for pos in list(information.states(bridge, record))[:-1]:
            if pos.trick and not pos.hands[pos.to_move] & SUIT_MASK[pos.trick[0] // 13]:
                voids.add((pos.to_move, pos.trick[0] // 13))
        for seat in (1, 2, 3):
            other = redeal(bridge, record, seat, rng)
            for who, suit in voids:
                assert not other.start.hands[who] & SUIT_MASK[suit] & ~start.hands[who]
                now = information.final(bridge, other)
                assert not now.hands[who] & SUIT_MASK[suit]
                checked += 1
    assert checked > 10


def test_declarer_choosing_dummys_card_has_the_same_cards_to_choose_from_in_every_re_deal():
    rng = random.Random(4)
    compared = 0
    for seed in range(4):
        start = bridge.deal(4, seed, declarer=1)  # East declares: South leads, West is dummy
        for cards in (1, 5, 13, 21):
            record = played(start, rng, cards)
            pos = information.final(bridge, record)
            if pos.to_move != pos.dummy:
                continue
            other = information.final(bridge, redeal(bridge, record, pos.controller(pos.to_move), rng))
            assert bridge.steps.steps(other) == bridge.steps.steps(pos)
            assert [list(cards_of(h)) for h in other.hands[1::2]] == [list(cards_of(h)) for h in pos.hands[1::2]]
            compared += 1
    assert compared >= 4
