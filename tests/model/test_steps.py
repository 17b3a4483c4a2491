"""The step interface of every game (arbiter.model.steps): whole turns are their steps joined, the
steps spell out exactly the whole turns (plus Red7's forced ends), a step before a card is seen does
not depend on that card, and turns in progress round-trip through text, JSON and the protocol."""

from __future__ import annotations

import random

import pytest
from arbiter.model import bridge, protocol, realms, red7
from arbiter.model import stick_to_colours as stc
from arbiter.model.red7.cards import cards_of
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.view import view_of
from arbiter.model.steps import CONTINUES, Midturn, is_continued

RED7_RULESETS = ["basic", "actions", "advanced+actions", "actions,losing_turns=legal", "actions,action_mode=optional",
                 "advanced+actions,action7_advanced_draw=true", ("advanced+actions,action7_advanced_draw=true,"
                 "discard_after_action7=false"), "actions,action3_draw_discardable=false,same_colour_discard=not_allowed",
                 "advanced,advanced_draw=mandatory,losing_turns=discards_only"]


def walk(model, state, rng: random.Random, limit: int = 400):
    """The states of a seeded random game through steps and chance outcomes (at most ``limit``)."""
    for _ in range(limit):
        yield state
        if state.is_over:
            return
        if state.to_move is None:
            outcomes = model.chance_outcomes(state)
            state = rng.choices([o[2] for o in outcomes], [o[0] for o in outcomes])[0]
            continue
        state = model.steps.apply_step(state, rng.choice(model.steps.steps(state)))


def red7_states(ruleset: str, seeds: range, players=(2, 3)):
    for seed in seeds:
        for n in players:
            pos = red7.deal(n, seed, red7.Ruleset.parse(ruleset))
            yield from walk(red7, pos, random.Random(f"{ruleset} {n} {seed}"))


def realms_states(seeds: range):
    for seed in seeds:
        yield from walk(realms, realms.deal(3, seed), random.Random(seed), 300)


def stick_states(seeds: range):
    for seed in seeds:
        yield from walk(stc, stc.deal(3, seed), random.Random(seed), 120)


def bridge_states(seeds: range):
    for seed in seeds:
        yield from walk(bridge, bridge.deal(4, seed, strain=seed % 5, declarer=seed % 4 or None), random.Random(seed), 60)


def positions(states):
    return [s for s in states if not isinstance(s, Midturn) and not s.is_over and s.to_move is not None]


GAMES = {
    "red7": lambda: positions(s for r in RED7_RULESETS for s in red7_states(r, range(1))),
    "realms": lambda: positions(realms_states(range(4))),
    "stick-to-colours": lambda: positions(stick_states(range(2))),
    "bridge": lambda: positions(bridge_states(range(3))),
}
MODELS = {"red7": red7, "realms": realms, "stick-to-colours": stc, "bridge": bridge}


def whole(model, pos, move) -> object:
    return model.apply(pos, str(move))


@pytest.mark.parametrize("game", GAMES)
def test_every_whole_turn_is_its_steps_joined_and_played_one_by_one(game):
    model = MODELS[game]
    checked = cut_turns = 0
    rng = random.Random(game)
    for pos in GAMES[game]()[::3]:
        moves = model.legal_moves(pos)
        crossing = [m for m in moves if len(model.steps.cut(pos, m)) > 1]
        for move in rng.sample(moves, min(4, len(moves))) + rng.sample(crossing, min(2, len(crossing))):
            parts = model.steps.cut(pos, move)
            assert model.steps.join(parts) == str(move)
            assert all(is_continued(p) for p in parts[:-1]) and not is_continued(parts[-1])
            state = pos
            for k, step in enumerate(parts):
                assert step in model.steps.steps(state)
                state = model.steps.apply_step(state, step)
                assert isinstance(state, Midturn) == (k < len(parts) - 1)
            assert state == whole(model, pos, move)
            assert model.steps.apply_any(pos, str(move)) == state  # the whole turn's text, as apply takes it
            checked += 1
            cut_turns += len(parts) > 1
    assert checked > 80
    if game not in ("stick-to-colours", "bridge"):
        assert cut_turns > 5  # turns that cross a card seen mid-turn were met


def spelt(model, state, so_far=()) -> dict[str, object]:
    """Every whole turn the steps lead to from ``state`` -> the state after it."""
    out = {}
    for step in model.steps.steps(state):
        after = model.steps.apply_step(state, step)
        if isinstance(after, Midturn):
            out.update(spelt(model, after, (*so_far, step)))
        else:
            out[model.steps.join((*so_far, step))] = after
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_steps_spell_out_the_whole_turns(game):
    model = MODELS[game]
    forced = 0
    for pos in GAMES[game]()[::5]:
        turns = {str(m): whole(model, pos, m) for m in model.legal_moves(pos)}
        got = spelt(model, pos)
        extra = set(got) - set(turns)
        assert set(turns) <= set(got)
        for text, after in turns.items():
            assert got[text] == after
        for text in extra:  # a Red7 turn whose card drawn left no legal end: it ends there, the mover out
            assert game == "red7" and pos.ruleset.losing_turns in ("not_generated", "discards_only")
            assert got[text].is_out(pos.to_move) and " draw" in text
            forced += 1
    if game != "red7":
        assert forced == 0


def test_a_red7_forced_end_puts_the_mover_out():
    # After R3 the mover (O4 R3) loses under red to Y6; only a blue or violet discard would win: B2
    # is one, the V1 drawn another. With the deck's G2 on top there is no staying end.
    pos = parse_text("red 0 actions | R3 Y1 / O4 | G5 / Y6 | deck G2 B1")
    assert "play R3 draw ..." in red7.steps.steps(pos)  # some card the mover cannot see (B1, G5) would do
    assert not any(str(m).startswith("play R3 draw") for m in red7.legal_moves(pos))
    mid = red7.steps.apply_step(pos, "play R3 draw")
    assert red7.steps.steps(mid) == ["end"]
    after = red7.steps.apply_step(mid, "end")
    assert after.is_out(0) and after.is_over and after.winner == 1


def test_a_red7_step_that_no_unseen_card_could_save_is_not_offered():
    # Whatever is drawn, discarding it or Y1 (yellow) or nothing leaves O4 R3 behind Y6 and G5 G2:
    # no card the mover cannot see is blue, violet or indigo.
    pos = parse_text("red 0 actions | R3 Y1 / O4 | G5 / Y6 | deck G2 R1")
    assert "play R3 draw ..." not in red7.steps.steps(pos)


@pytest.mark.parametrize("ruleset", RED7_RULESETS)
def test_red7_steps_do_not_depend_on_the_cards_the_mover_cannot_see(ruleset):
    """Deals of the hidden hands and deck consistent with the mover's view give the same steps, and
    a step never names the deck's top card (issue 24, item 2)."""
    rng = random.Random(ruleset)
    checked = named = 0
    for pos in positions(red7_states(ruleset, range(3))):
        view = view_of(pos)
        mine = red7.steps.steps(pos)
        if pos.deck:
            assert not any(red7.cards.card_code(pos.deck[0]) in s.split() for s in mine)
        for _ in range(3):
            other = view.sample(rng)
            assert red7.steps.steps(other) == mine
            checked += 1
        named += any(s.endswith(CONTINUES) for s in mine)
    assert checked > 30 and (named > 0) == ("actions" in ruleset)


def test_red7_one_card_a_colour_finds_every_step_before_a_draw():
    """``_openings`` tries one unseen card per colour: trying every unseen card finds no more."""
    from arbiter.model.red7.steps import _openings, _with_top, cut

    compared = 0
    for ruleset in ("actions", "advanced+actions,action7_advanced_draw=true", "actions,same_colour_discard=not_allowed"):
        for pos in positions(red7_states(ruleset, range(2), (2, 3)))[::2]:
            if not pos.deck:
                continue
            every = set()
            me = pos.to_move
            unseen = sum(1 << c for c in pos.deck) | sum(h for i, h in enumerate(pos.hands) if i != me)
            for c in cards_of(unseen):
                for move in red7.legal_moves(_with_top(pos, c)):
                    steps = cut(pos, move)
                    if len(steps) > 1:
                        every.add(steps[0])
            legal_now = {cut(pos, m)[0] for m in red7.legal_moves(pos) if len(cut(pos, m)) > 1}
            assert _openings(pos, every - legal_now) | legal_now == every
            compared += bool(every - legal_now)
    assert compared > 0


@pytest.mark.parametrize("game", ["red7", "realms"])
def test_a_turn_in_progress_round_trips_through_text_json_and_the_protocol(game):
    model = MODELS[game]
    states = red7_states("actions", range(3)) if game == "red7" else realms_states(range(6))
    mids = [s for s in states if isinstance(s, Midturn)]
    assert mids
    for mid in mids[:10]:
        text = model.steps.format_text(mid)
        assert " | turn " in text and text.endswith(CONTINUES)
        assert model.steps.parse_state(text) == mid
        obj = model.steps.state_to_json(mid)
        assert obj["turn"] == list(mid.taken) and model.steps.state_from_json(obj) == mid
        request = {"game": game, "position": obj}
        assert protocol.handle({**request, "op": "legal_steps"})["steps"] == model.steps.steps(mid)
        assert protocol.handle({**request, "op": "legal_moves"})["moves"] == [t for t, _ in model.steps.turns_from(mid)]
        step = model.steps.steps(mid)[0]
        answer = protocol.handle({**request, "op": "apply", "move": step})
        assert model.steps.state_from_json(answer["position"]) == model.steps.apply_step(mid, step)


def test_a_step_given_to_apply_gives_a_turn_in_progress_and_a_whole_turn_stays_whole():
    pos = parse_text("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5")
    request = {"op": "apply", "position": red7.steps.state_to_json(pos)}
    cut_at_draw = protocol.handle({**request, "move": "play R3 draw ..."})["position"]
    assert cut_at_draw["turn"] == ["play R3 draw ..."] and cut_at_draw["to_move"] == 0
    whole_turn = protocol.handle({**request, "move": "play R3 draw"})["position"]  # nothing discarded after
    assert "turn" not in whole_turn and whole_turn["to_move"] == 1
    assert protocol.handle({**request, "op": "legal_steps"})["steps"][-1] == "play R3 draw ..."


@pytest.mark.parametrize("text, message", [
    ("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5 | turn play B2 ...", "turn[0]: 'play B2' ends the turn"),
    ("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5 | turn play R3 draw", "each followed by '...'"),
    ("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5 | turn ...", "each followed by '...'"),
    (('{"rule": "red", "to_move": 0, "players": [{"hand": ["R3"], "palette": []}, {"hand": [], "palette": ["O1"]}], '
     '"turn": "play R3 draw ..."}'), "turn: the steps taken this turn, a list"),
    (('{"rule": "red", "to_move": 0, "players": [{"hand": ["R3"], "palette": []}, {"hand": [], "palette": ["O1"]}], '
     '"turn": []}'), "turn: a turn in progress needs at least one step"),
])
def test_a_bad_turn_in_progress_names_the_turn_field(text, message):
    with pytest.raises(red7.PositionError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        red7.steps.parse_state(text)


def test_what_a_step_shows_to_whom():
    pos = parse_text("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5")
    mid = red7.steps.apply_step(pos, "play R3 draw ...")
    seen = red7.steps.shown(pos, "play R3 draw ...", mid)
    assert seen.to(0) == "play R3 draw ... (drew V1)" and seen.to(1) == "play R3 draw ..."
    after = red7.steps.apply_step(mid, "discard V1")
    assert red7.steps.shown(mid, "discard V1", after).private == ()  # V1 is seen by all once discarded
    adv = parse_text("red 0 advanced | B6 R1 / O2 | G5 / Y1 | deck V1 O5")
    done = red7.steps.apply_step(adv, "discard B6 draw")
    assert red7.steps.shown(adv, "discard B6 draw", done).to(0) == "discard B6 draw (drew V1)"


def test_a_realms_card_gained_on_another_players_step_is_said_to_be_yours():
    """The refill after a trick comes with the step that ends it, often another player's: the
    drawer's line read 'player 3 plays: P2 (got B7 GNT)' as if player 3 got them. What a seat
    alone is shown of another's step says 'you'."""
    others = 0
    for state in realms_states(range(3)):
        if state.is_over or state.to_move is None:
            continue
        for step in realms.steps.steps(state):
            shown = realms.steps.shown(state, step, realms.steps.apply_step(state, step))
            for seat, text in shown.private:
                if seat != state.to_move:
                    others += 1
                    assert text.startswith("you "), (step, seat, text)
    assert others
