"""arbiter_red7 in OpenSpiel: OpenSpiel's own API test, and seeded random games checked state by
state against arbiter's engine (legal turns, positions, who moves, returns, what each player sees)."""

import random

import pytest
from arbiter.model.red7 import apply, legal_moves
from arbiter.model.red7.cards import ALL_CARDS, card_code, cards_of, parse_card
from arbiter.model.red7.game import Move, Position, dealt
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.ruleset import Ruleset
from extras import need

pyspiel = need("pyspiel", "openspiel")
openspiel = need("arbiter.adapters.openspiel", "openspiel")
from arbiter.adapters.openspiel.red7 import CARDS, TurnCode, segments

CHAINED = " ..."


def load(players: int, ruleset: str):
    return pyspiel.load_game("arbiter_red7", {"players": players, "ruleset": ruleset})


@pytest.mark.parametrize("ruleset", ["basic", "actions", "advanced+actions"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(players, ruleset):
    pyspiel.random_sim_test(load(players, ruleset), num_sims=3, serialize=True, verbose=False)


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


def whole_turns(state) -> list[str]:
    """Every whole turn open to the mover, spelt out by following chained actions."""
    out = []
    for a in state.legal_actions():
        text = state.action_to_string(state.current_player(), a)
        if text.endswith(CHAINED):
            child = state.child(a)
            assert child.current_player() == state.current_player()
            out += [text[: -len(CHAINED)] + " " + rest for rest in whole_turns(child)]
        else:
            out.append(text)
    return out


def hidden_from(pos: Position, player: int, public: int) -> list[int]:
    """Cards ``player`` cannot see: the other hands and the deck, less what turns made public."""
    mask = sum(1 << c for c in pos.deck)
    for i, h in enumerate(pos.hands):
        if i != player:
            mask |= h
    return list(cards_of(mask & ~public))


def check_views(state, pos: Position, public: int) -> None:
    n = pos.players
    for p in range(n):
        hidden = hidden_from(pos, p, public)
        for text in (state.observation_string(p), state.information_state_string(p)):
            words = set(text.replace(":", " ").replace("(", " ").replace(")", " ").split())
            assert not words & {card_code(c) for c in hidden}, f"player {p} sees a hidden card"
        obs = state.observation_tensor(p)
        assert [c for c in range(CARDS) if obs[c]] == sorted(cards_of(pos.hands[p]))  # own hand plane
        planes = [obs[k * CARDS:(k + 1) * CARDS] for k in range(3 + n)]
        assert not any(plane[c] for plane in planes[1:] for c in hidden)
        seen = state.information_state_tensor(p)[-CARDS:]
        assert not any(seen[c] for c in hidden)


def made_public(text: str) -> int:
    """Cards a turn names (played, discarded, taken, moved): everyone saw them."""
    words = text.split()
    return sum(1 << parse_card(w) for w in words if len(w) == 2 and w[1].isdigit())


def play_turn(state, turn: str, public: int, pos: Position) -> int:
    """Apply ``turn`` through its actions (a chained 5 first, if any); check the views between
    parts; return the cards made public."""
    rest = turn
    while True:
        labels = {state.action_to_string(pos.to_move, a): a for a in state.legal_actions()}
        if rest in labels:
            state.apply_action(labels[rest])
            return public | made_public(turn)
        label = next(t for t in labels if t.endswith(CHAINED) and rest.startswith(t.removesuffix(CHAINED) + " "))
        state.apply_action(labels[label])
        assert state.current_player() == pos.to_move and state.pos == pos  # the turn goes on
        public |= made_public(label)
        check_views(state, pos, public)
        rest = rest[len(label) - len(CHAINED) + 1:]


@pytest.mark.parametrize("ruleset", ["basic", "actions", "advanced+actions"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_match_the_engine(players, ruleset):
    game = load(players, ruleset)
    rules = Ruleset.parse(ruleset)
    for seed in range(3):
        rng = random.Random(f"{players} {ruleset} {seed}")
        state = game.new_initial_state()
        cards = []
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [c for c, _ in outcomes] == sorted(set(range(CARDS)) - set(cards))
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            cards.append(rng.choice(outcomes)[0])
            state.apply_action(cards[-1])
        pos = dealt(players, cards, rules)
        assert pos.cards_in_play() == ALL_CARDS and pos.validate() == state.pos
        public = sum(pos.palettes)
        while not pos.is_over:
            assert state.current_player() == pos.to_move and not state.is_terminal()
            assert state.returns() == [0.0] * players
            turns = whole_turns(state)
            assert sorted(turns) == [str(m) for m in legal_moves(pos)]
            check_views(state, pos, public)
            turn = rng.choice(turns)
            public = play_turn(state, turn, public, pos)
            pos = apply(pos, turn)
            assert state.pos == pos
        assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.returns() == [1.0 if i == pos.winner else -1 / (players - 1) for i in range(players)]
        check_views(state, pos, public)


def test_a_chain_of_fives_is_one_action_per_five():
    game = load(2, "actions")
    state = game.new_initial_state()
    for c in range(CARDS):
        state.apply_action(c)
    state.pos = parse_text("red 0 actions | R5 O5 Y3 / G6 | B2 / V6 | deck I4")
    state._options = type(state._options)()
    first = sorted(state.action_to_string(0, a) for a in state.legal_actions())
    assert "play R5 ..." in first and "play O5 ..." in first
    assert not any(t.startswith("play R5 play") for t in first)  # the next card is the next action
    assert sorted(whole_turns(state)) == [str(m) for m in legal_moves(state.pos)]
    assert "play R5 play O5 play Y3 draw" in whole_turns(state)


def test_segments_cut_before_each_chained_play():
    move = next(m for m in legal_moves(parse_text("red 0 actions | R5 O5 Y3 / G6 | B2 / V6 | deck I4"))
                if str(m) == "play R5 play O5 play Y3 draw")
    assert [str(Move(s)) for s in segments(move)] == ["play R5", "play O5", "play Y3 draw"]
