"""Information states for every game (arbiter.model.information): for pairs of states a seat cannot
tell apart (the same history, made by re-dealing the cards it has not seen and playing the same
events again), the player to move has the same steps and is shown the same; the re-deals move
hidden cards for real."""

from __future__ import annotations

import random

import pytest
from arbiter.model import bridge, information, realms, red7
from arbiter.model import stick_to_colours as stc
from arbiter.model.information import Record, history, redeal
from arbiter.model.red7.view import format_view, view_of


def record_of(model, start, rng: random.Random, limit: int) -> Record:
    """A seeded random game through steps and chance, as a record (at most ``limit`` events)."""
    state, events = start, []
    while not state.is_over and len(events) < limit:
        if state.to_move is None:
            outcomes = model.chance_outcomes(state)
            _, label, state = rng.choices(outcomes, [o[0] for o in outcomes])[0]
        else:
            label = rng.choice(model.steps.steps(state))
            state = model.steps.apply_step(state, label)
        events.append(label)
    return Record(start, tuple(events))


CASES = {
    "red7": (red7, [lambda s, n=n, r=r: red7.deal(n, s, red7.Ruleset.parse(r)) for n in (2, 3)
                    for r in ("actions", "advanced+actions,action7_advanced_draw=true")], 60),
    "realms": (realms, [lambda s: realms.deal(3, s), lambda s: realms.deal(2, s)], 90),
    "stick-to-colours": (stc, [lambda s: stc.deal(3, s), lambda s: stc.deal(2, s)], 45),
    "bridge": (bridge, [lambda s: bridge.deal(4, s, strain=s % 5, declarer=s % 4), lambda s: bridge.deal(4, s)], 52),
}


def observation(model, record: Record, seat) -> str:
    if model is red7:
        from arbiter.cli.red7 import seat_lines, to_canvas

        now = information.now(model, information.final(model, record))
        canvas = [c for event in record.events for c in to_canvas(event)]  # the Canvas pile, in play order
        return format_view(view_of(now, seat)) + "\n" + "\n".join(seat_lines(now, seat, canvas))
    return ""


@pytest.mark.parametrize("game", CASES)
def test_states_a_seat_cannot_tell_apart_give_it_the_same_steps_and_views(game):
    model, deals, limit = CASES[game]
    moved = compared = 0
    for seed in range(3):
        for deal in deals:
            rng = random.Random(f"{game} {seed}")
            full = record_of(model, deal(seed), rng, limit)
            every = list(information.states(model, full))
            cuts = [k for k in range(4, len(every)) if every[k].to_move is not None and not every[k].is_over]
            for cut in cuts[:: max(1, len(cuts) // 5)]:
                record = Record(full.start, full.events[:cut])
                state = every[cut]
                seat = state.to_move
                other = redeal(model, record, seat, rng)
                assert history(model, other, seat) == history(model, record, seat)
                there = information.final(model, other)
                assert there.to_move == seat
                assert model.steps.steps(there) == model.steps.steps(state)
                assert observation(model, other, seat) == observation(model, record, seat)
                for step in model.steps.steps(state)[:6]:  # what the others are shown of each step is the same
                    assert (model.steps.shown(state, step, model.steps.apply_step(state, step)).public
                            == model.steps.shown(there, step, model.steps.apply_step(there, step)).public)
                compared += 1
                moved += other.start != record.start
    assert compared > 20 and moved > compared // 2


def last_turn(model, full: Record) -> tuple[Record, int]:
    """The record up to its last state where a player moves, and that player."""
    every = list(information.states(model, full))
    cut = max(k for k in range(len(every)) if every[k].to_move is not None and not every[k].is_over)
    return Record(full.start, full.events[:cut]), every[cut].to_move


def blind_re_deal(model, record: Record, seat: int, rng: random.Random) -> Record | None:
    """The record from one uniform re-deal of the cards ``seat`` has not seen, or None when it breaks a play."""
    layout = model.steps.LAYOUT
    cards = layout.cards(record.start)
    hidden = [k for k in range(len(cards)) if k not in information._seen_places(model, record, seat)]
    order = rng.sample(hidden, len(hidden))
    new = list(cards)
    for k, j in zip(hidden, order, strict=True):
        new[k] = cards[j]
    codes = {layout.code(cards[k]): layout.code(new[k]) for k in hidden} if layout.unique else {}
    return information._replayed(model, record, layout.relaid(record.start, new), codes, seat, rng,
                                 history(model, record, seat))


def test_realms_re_deals_keep_every_play_legal_where_a_blind_re_deal_would_not():
    """A Realms player who did not follow the colour has no card of it: some uniform re-deals of the
    unseen cards break a recorded play, and ``redeal`` refuses those (every event of what it gives
    is legal where it comes) and still moves cards."""
    rng = random.Random(2)
    broken = moved = 0
    for seed in range(4):
        record, seat = last_turn(realms, record_of(realms, realms.deal(3, seed), rng, 70))
        shown = history(realms, record, seat)
        broken += sum(blind_re_deal(realms, record, seat, rng) is None for _ in range(6))
        other = redeal(realms, record, seat, rng)
        list(information.states(realms, other))  # every event legal where it comes
        assert history(realms, other, seat) == shown
        moved += other.start != record.start
    assert broken > 0 and moved >= 3


def test_a_seat_sees_the_card_it_drew_and_not_the_others():
    pos = red7.notation.parse_text("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5")
    record = Record(pos, ("play R3 draw ...", "discard V1"))
    assert history(red7, record, 0)[1] == "p0: play R3 draw ... (drew V1)"
    assert history(red7, record, 1)[1] == "p0: play R3 draw ..."
    assert history(red7, record, 1)[0] == "dealt 2:G5 3:O7 4:Y6"


@pytest.mark.parametrize("game", ["red7", "stick-to-colours"])
def test_a_uniform_re_deal_is_always_sound_where_moves_never_depend_on_unseen_cards(game):
    """What the docs say of Red7 and Stick to Colours: every uniform re-deal of the unseen cards
    replays (so redeal is uniform over the consistent deals there)."""
    model, deals, limit = CASES[game]
    rng = random.Random(game)
    tried = 0
    for seed in range(2):
        for deal in deals:
            record, seat = last_turn(model, record_of(model, deal(seed), rng, limit))
            for _ in range(3):
                again = blind_re_deal(model, record, seat, rng)
                assert again is not None and history(model, again, seat) == history(model, record, seat)
                tried += 1
    assert tried >= 12
