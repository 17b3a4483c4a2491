"""arbiter_red7 in OpenSpiel: OpenSpiel's own API test, seeded random games checked state by state
against arbiter's steps, the information-state contract (resampling), perfect recall, pickling,
named errors, whole Advanced matches and OpenSpiel's MCTS and ISMCTS bots."""

import pickle
import random

import pytest
from arbiter.model import red7
from arbiter.model.red7.cards import card_code, cards_of, parse_card
from arbiter.model.red7.game import Position
from arbiter.model.red7.match import play as play_match
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.ruleset import Ruleset
from extras import need
from spiel_engine import check_contract, check_perfect_recall, play_against_model, random_states, run_bots

pyspiel = need("pyspiel", "openspiel")
openspiel = need("arbiter.adapters.openspiel", "openspiel")
from arbiter.adapters.openspiel.game import zero_sum
from arbiter.adapters.openspiel.red7 import CARDS, TurnCode, parse_step, segments


def load(players: int, ruleset: str):
    return pyspiel.load_game("arbiter_red7", {"players": players, "ruleset": ruleset})


@pytest.mark.parametrize("ruleset", ["basic", "actions", "advanced+actions"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(players, ruleset):
    pyspiel.random_sim_test(load(players, ruleset), num_sims=2, serialize=True, verbose=False)


def test_only_a_players_own_views_are_offered():
    game = load(2, "basic")
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        with pytest.raises(ValueError, match="one player's own views only"):
            game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=private))


def test_parameters_are_checked():
    with pytest.raises(Exception, match="players must be 2 to 4"):
        load(5, "basic")
    with pytest.raises(Exception, match="bad ruleset"):
        load(2, "basic,action5_chains=maybe")
    game = load(3, "advanced,final_tie=most_cards")
    assert game.num_players() == 3 and game.get_parameters()["ruleset"] == "advanced,final_tie=most_cards"


@pytest.mark.parametrize("actions", [False, True])
def test_turn_code_round_trips(actions):
    code = TurnCode(actions)
    for k in range(code.size):
        seg, chained = code.decode(k)
        assert code.encode(seg, last=not chained) == k


def hidden_from(pos: Position, player: int, public: int) -> list[int]:
    """Cards ``player`` cannot see: the other hands and the deck, less what turns made public."""
    mask = sum(1 << c for c in pos.deck)
    for i, h in enumerate(pos.hands):
        if i != player:
            mask |= h
    return list(cards_of(mask & ~public))


def check_views(state, pos: Position) -> None:
    n = pos.players
    public = state.now.seen  # what each player has been shown this deal (dealt, played, drawn)
    for p in range(n):
        hidden = hidden_from(pos, p, sum(1 << c for c in public[p]))
        codes = {card_code(c) for c in hidden}
        earlier = {card_code(c) for d in state.now.deals for c in d.seen[p]}  # seen in an earlier round
        for text, allowed in ((state.observation_string(p), set()), (state.information_state_string(p), earlier)):
            words = set(text.replace(":", " ").replace("(", " ").replace(")", " ").split())
            assert not words & codes - allowed, f"player {p} sees a hidden card"
        obs = state.observation_tensor(p)
        assert [c for c in range(CARDS) if obs[c]] == sorted(cards_of(pos.hands[p]))  # own hand plane
        planes = [obs[k * CARDS:(k + 1) * CARDS] for k in range(3 + n)]
        assert not any(plane[c] for plane in planes[1:] for c in hidden)
        for legal in state.legal_actions() if state.current_player() == p else ():
            assert not set(state.action_to_string(p, legal).split()) & codes  # no action names a hidden card


def check_start(state, pos: Position) -> None:
    assert pos.validate() == state.now.start and pos.cards_in_play().bit_count() == len(state.now.dealt)
    assert set(state.now.dealt) == set(cards_of(pos.cards_in_play()))


@pytest.mark.parametrize("ruleset", ["basic", "actions", "advanced+actions"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_match_the_model_step_by_step(players, ruleset):
    game = load(players, ruleset)
    for seed in range(2):
        steps, _ = play_against_model(pyspiel, game, red7, f"{players} {ruleset} {seed}", check_views, check_start,
                                      limit=60 if "advanced" in ruleset else None)
        assert steps > 0


def test_a_chain_of_fives_is_one_action_per_five_and_a_draw_cuts_the_turn():
    game = load(2, "actions")
    state = game.new_initial_state()
    for c in range(CARDS):
        state.apply_action(c)
    state.now = type(state.now)(None, start=(p := parse_text("red 0 actions | R5 O5 Y3 / G6 | B2 / V6 | deck I4")),
                                state=p, seen=state.now.seen)
    state._options = None
    first = sorted(state.action_to_string(0, a) for a in state.legal_actions())
    assert "play R5 ..." in first and "play O5 ..." in first and "play Y3 draw ..." in first
    assert not any(t.startswith("play R5 play") for t in first)  # the next card is the next action
    r5 = next(a for a in state.legal_actions() if state.action_to_string(0, a) == "play R5 ...")
    state.apply_action(r5)
    o5 = next(a for a in state.legal_actions() if state.action_to_string(0, a) == "play O5 ...")
    state.apply_action(o5)
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ["play Y3 draw ..."]
    state.apply_action(state.legal_actions()[0])  # the draw: player 0 now sees I4, player 1 does not
    assert "drew I4" in state.information_state_string(0) and "I4" not in state.information_state_string(1)
    assert "discard I4" in [state.action_to_string(0, a) for a in state.legal_actions()]


def test_segments_cut_before_each_chained_play():
    assert [str(red7.game.Move(s)) for s in segments(parse_step("play R5 play O5 play Y3 draw ..."))] == \
        ["play R5", "play O5", "play Y3 draw"]


def test_deals_with_the_same_information_state_have_the_same_legal_actions():
    """Issue 29: with whole turns as actions 'play G3 draw discard B2' was legal only when B2 was the
    deck's top card. Now two deals that differ only in cards player 0 cannot see give it the same
    actions (here: the top of the deck and the other hand swapped)."""
    game = load(2, "actions")
    texts = []
    for pos in (parse_text("red 0 actions | G3 R1 / O4 | B2 Y5 / Y6 | deck V2 I1"),
                parse_text("red 0 actions | G3 R1 / O4 | V2 I1 / Y6 | deck B2 Y5")):
        state = game.new_initial_state()
        for c in range(CARDS):
            state.apply_action(c)
        state.now = type(state.now)(None, start=pos, state=pos, seen=state.now.seen)
        state._options = None
        texts.append(([state.action_to_string(0, a) for a in state.legal_actions()], state.legal_actions()))
    assert texts[0] == texts[1] and "play G3 draw ..." in texts[0][0]


@pytest.mark.parametrize("players,ruleset", [(2, "actions"), (3, "actions"), (3, "advanced+actions"), (4, "basic")])
def test_the_information_state_contract_through_resampling(players, ruleset):
    seeds = [f"{ruleset} {seed}" for seed in range(3 if "advanced" in ruleset else 6)]
    check_contract(pyspiel, load(players, ruleset), seeds, every=3, limit=40)


def test_the_information_state_tensor_has_perfect_recall():
    assert check_perfect_recall(load(2, "actions"), list("abcdefghij")) > 100
    assert check_perfect_recall(load(3, "advanced+actions"), ["a"]) > 50
    game = load(2, "basic")
    assert len(game.information_state_tensor_shape()) == 1 and \
        game.information_state_tensor_size() > game.observation_tensor_size() + game.max_game_length()


def test_games_pickle_and_states_serialize():
    game = load(3, "advanced+actions")
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_distinct_actions() == game.num_distinct_actions()
    state = next(random_states(game, "pickle", every=9))
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.information_state_string(0) == state.information_state_string(0)


def test_an_illegal_action_is_named():
    game = load(2, "basic")
    state = next(random_states(game, "illegal"))
    bad = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match=rf"action {bad} \(.*\) is not legal here; legal: \d+ \("):
        state.apply_action(bad)


@pytest.mark.parametrize("players", [2, 3])
def test_advanced_plays_a_whole_match_and_its_returns_are_the_match_result(players):
    """Under Advanced the game is the match: rounds dealt from the cards not banked until a target
    (or a deal that cannot be made); the returns are the match winners', as arbiter's match says."""
    game = load(players, "advanced")
    rounds = []
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        scores = state.now.state.scores
        match = state.rules._match(state.now.match, state.now.dealt, state.now.state)
        assert match.is_over and state.returns() == zero_sum(players, match.winners)
        assert max(scores) >= red7.game.TARGETS[players] or match.end_reason == "cannot_deal"
        rounds.append(len(state.now.deals) + 1)
        assert len(state.history()) <= game.max_history_length()
    assert max(rounds) > 1
    assert max(len(list(play_match(players, s, Ruleset.parse("advanced")))) for s in range(4)) > 0


@pytest.mark.parametrize("ruleset", ["actions", "advanced+actions"])
def test_mcts_and_ismcts_play(ruleset):
    game = load(2, ruleset)
    match = "advanced" in ruleset  # a random rollout plays a whole match: few searches
    played = run_bots(pyspiel, game, range(1 if match else 2), simulations=3 if match else 5, searches=2 if match else 8)
    assert len(played) == (2 if match else 4) and all(sum(r) == pytest.approx(0) and done > 0 for r, done in played)


def test_parse_step_reads_every_verb():
    assert parse_step("play R1 take I2 discard B3 draw") == (("play", parse_card("R1")), ("take", parse_card("I2")),
                                                            ("discard", parse_card("B3")), ("draw", -1))
