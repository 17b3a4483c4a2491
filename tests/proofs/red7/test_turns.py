"""Theorems about turns are checked on the engine itself: they hold on today's engine, a mutated
engine (a 1 taking an only card, a 7 moving itself) breaks them, and every witness is a position a
game reaches, replayed here through the engine from its deal."""

import pytest
from arbiter.model.red7 import game
from arbiter.model.red7.cards import COLOUR_NAMES, cards_of, codes
from arbiter.model.red7.game import TAKE, _set, _Turn, apply, deal
from arbiter.model.red7.ruleset import Ruleset
from arbiter.proofs.red7 import theorems, turns


@pytest.fixture
def fresh():
    """Forget the process's walk before and after: a mutated engine must be walked anew."""
    turns.forget()
    yield
    turns.forget()


def _run(theorem_id):
    (result,) = theorems.run_catalogue(theorem_id)
    return result


def _replay(w):
    """The position a witness names, reached through the engine from its deal and line."""
    d = w["deal"]
    pos = deal(d["players"], d["seed"], Ruleset.parse(d["ruleset"]))
    for move in w["line"]:
        pos = apply(pos, move)
    return pos


def _palette_of(labelled, player):
    return next(cards for label, cards in labelled.items() if label.split(" (")[0] == f"player {player}")


def test_turn_theorems_hold_on_the_engine_and_say_what_was_checked(fresh):
    for name, _ in theorems.TURN_THEOREMS:
        result = _run(name)
        assert (result.status, result.kind) == (theorems.CHECKED, theorems.BOUNDED)
        assert result.as_expected
        assert result.witness["positions"] > 2000 and result.witness["turns"] > 50000
        assert result.to_json()["kind"] == "bounded"


def _action1_taking_only_cards(self, t, c):
    # The mutant: a 1 may take an opponent's only card (the engine skips Palettes of one card).
    mine = t.palettes[self.me].bit_count() - (self.rs.action1_count == "before_play")
    for j in self.pos.in_play:
        theirs = t.palettes[j].bit_count()
        if j == self.me or theirs < 1 or self.rs.action1_eligibility == "at_least_as_many" and theirs < mine:
            continue
        for x in cards_of(t.palettes[j]):
            yield _Turn(t.hand, _set(t.palettes, j, t.palettes[j] & ~(1 << x)), (x,) + t.deck, t.rule,
                        t.drawn, t.moved_to_canvas, t.failed, t.steps + ((TAKE, x),))


def test_a_1_taking_an_only_card_breaks_palette_never_empty(fresh, monkeypatch):
    monkeypatch.setattr(game.TurnGenerator, "_action1", _action1_taking_only_cards)
    for theorem_id in ("palette-never-empty", "action1-takes"):
        result = _run(theorem_id)
        assert result.status == theorems.COUNTEREXAMPLE and not result.as_expected
        w = result.witness
        before = _replay(w)
        assert before.rule == COLOUR_NAMES.index(w["rule"]) and before.to_move == w["mover"]
        for label, cards in w["palettes"]["before"].items():
            assert codes(before.palettes[int(label.split()[1])]) == cards
        after = apply(before, w["turn"])
        emptied = [i for i in after.in_play if not after.palettes[i]]
        assert emptied, "the witness turn must empty a Palette of a player still in"
        label = "emptied" if theorem_id == "palette-never-empty" else "target"
        assert w["palettes"]["after"][f"player {emptied[0]} ({label})"] == []


def _action7_moving_itself(original):
    def mutant(self, t, c):
        yield from original(self, t, c)
        # The mutant: the 7 may also move itself to the Canvas.
        mine = t.palettes[self.me]
        left = _set(t.palettes, self.me, mine & ~(1 << c))
        yield _Turn(t.hand, left, t.deck, game.colour_of(c), t.drawn, True, t.failed, t.steps + ((game.CANVAS, c),))
    return mutant


def test_a_7_moving_itself_breaks_action7_moves_another(fresh, monkeypatch):
    monkeypatch.setattr(game.TurnGenerator, "_action7", _action7_moving_itself(game.TurnGenerator._action7))
    result = _run("action7-moves-another")
    assert result.status == theorems.COUNTEREXAMPLE
    w = result.witness
    seven = w["turn"].split()[w["turn"].split().index("canvas") - 1]
    assert f"canvas {seven}" in w["turn"] and seven[1] == "7"
    after = apply(_replay(w), w["turn"])
    assert seven not in codes(after.palettes[w["mover"]]) and w["why"] == f"the 7 {seven} moved itself"


@pytest.mark.parametrize("rule", COLOUR_NAMES)
def test_action1_rescue_witness_is_a_game_position(rule):
    result = _run(f"action1-rescue/{rule}")
    assert result.status == theorems.WITNESS and result.kind == theorems.BOUNDED
    w = result.witness
    assert w["deal"]["ruleset"] == "actions" and w["rule"] == rule
    before = _replay(w)
    me = before.to_move
    assert me == w["mover"] and before.leader() != me
    after = apply(before, w["turn"])
    assert after.rule == before.rule and after.leader() == me
    taken = w["turn"].split()[3]
    target = next(i for i in range(before.players) if taken in codes(before.palettes[i]))
    assert _palette_of(w["palettes"]["before"], target) == codes(before.palettes[target])
    assert f"player {target} (target)" in w["palettes"]["before"]
    assert f"player {me} (mover)" in w["palettes"]["after"]


def test_action1_rescue_asks_the_engine_which_takes_are_legal(fresh, monkeypatch):
    # An engine whose 1s may take nothing has no rescue to show: the theorem then fails.
    monkeypatch.setattr(game.TurnGenerator, "_action1", lambda self, t, c: iter(()))
    result = _run("action1-rescue/red")
    assert result.status == theorems.FAILED and not result.as_expected


def test_turn_facts_are_computed_once_until_forgotten():
    calls = []
    memo = turns.Once()
    for _ in range(3):
        assert memo.get("facts", lambda: calls.append(1) or len(calls)) == 1
    assert memo.get("other", lambda: "x") == "x" and len(calls) == 1
    memo.forget()
    assert memo.get("facts", lambda: calls.append(1) or len(calls)) == 2
