"""The game's rules clause by clause: the rulebook's bidding example (Ilya and Masha), the end of
bidding, the hand-over, the bot, market refill and clear, the end of the game, and the readings."""

import pytest
from arbiter.model.stick_to_colours import (
    DEFAULT,
    MoveError,
    Ruleset,
    apply,
    chance_outcomes,
    deal,
    deck_counts,
    legal_moves,
    position_from_json,
)
from arbiter.model.stick_to_colours.cards import codes, size
from arbiter.model.stick_to_colours.game import market_size


def position(market, hands, deck=(), ruleset="default", dealer=0, bot=None, **extra):
    obj = {"game": "stick-to-colours", "ruleset": Ruleset.parse(ruleset).to_json(), "dealer": dealer, "deck": list(deck),
           "market": [m if isinstance(m, dict) else {"card": m} for m in market],
           "players": [{"hand": h} for h in hands], **extra}
    if bot is not None:
        obj["bot"] = {"hand": bot}
    return position_from_json(obj)


def moves(pos):
    return [str(m) for m in legal_moves(pos)]


ILYA, MASHA, OLEG = 0, 1, 2
MARKET = ["R5", "B3", "G8", "R1", "B2"]


def ilya_puts_up_the_5(ruleset="default"):
    pos = position(MARKET, [["G1"], ["G2"], ["G3"]], ruleset=ruleset)
    return apply(pos, "auction R5 refuse B3")


def test_ilya_puts_the_5_up_and_bids_on_the_3():
    """"Ilya is the dealer. He decides to start the auction for the 5 and puts it forward from the row.
    Ilya needs the 3 least, so he makes a bid (?) on the 3, refusing that card.\""""
    pos = ilya_puts_up_the_5()
    assert pos.auction.lot.card == position(["R5"], [[], [], []]).market[0].card
    assert pos.auction.leader == ILYA and pos.auction.high == 1
    assert [str(s) for s in pos.market if s.q] == ["B3:q0"]
    assert pos.to_move == MASHA  # "The turn then passes to the next player clockwise from the dealer."


def test_masha_supports_the_3_and_raises_with_the_8():
    """"First she must support Ilya's bid, so she places her (?) on the 3. Then she raises the bid,
    additionally refusing the 8.\""""
    pos = ilya_puts_up_the_5()
    legal = moves(pos)
    assert "bid refuse B3:q0 G8" in legal
    assert "bid refuse G8" not in legal  # she must support Ilya's bid first
    assert not any(m.startswith("bid") and "B3:q0" not in m for m in legal)
    after = apply(pos, "bid refuse B3:q0 G8")
    assert after.auction.leader == MASHA and after.auction.high == 2
    assert sorted(str(s) for s in after.market if s.q) == ["B3:q01", "G8:q1"]
    assert after.to_move == OLEG  # then the next player must support both bids, then raise


def test_a_bid_as_a_count_need_not_cover_the_earlier_cards():
    pos = ilya_puts_up_the_5("default,bid=count")
    legal = moves(pos)
    assert "bid refuse G8" not in legal  # one card does not raise a bid of one
    assert "bid refuse B2 G8" in legal  # two cards do, without the 3
    assert "bid refuse B2 G8" not in moves(ilya_puts_up_the_5())


def test_raise_by_one_or_more_and_by_exactly_one():
    assert "bid refuse R1 B2 B3:q0 G8" in moves(ilya_puts_up_the_5())
    exact = moves(ilya_puts_up_the_5("default,raise_by=one"))
    assert "bid refuse R1 B2 B3:q0 G8" not in exact and "bid refuse B3:q0 G8" in exact


def test_the_bidding_ends_when_all_but_one_passed_and_the_winner_turns_tokens_to_x():
    pos = apply(apply(ilya_puts_up_the_5(), "bid refuse B3:q0 G8"), "pass")
    assert pos.to_move == ILYA  # Oleg passed; Ilya must support Masha's bid and raise, or pass
    assert all("G8:q1" in m for m in moves(pos) if m != "pass")  # his own ? on the 3 stays where it is
    end = apply(pos, "pass")
    assert end.auction is None
    assert "R5" in codes(end.hands[MASHA])  # the winner takes the card
    assert [str(s) for s in end.market] == ["R1", "B2", "B3:x1", "G8:x1"]  # ? turned to X; Ilya's back
    assert end.supply == (6, 4, 6)
    assert end.dealer == MASHA  # the dealer token passes clockwise


def test_a_final_pass_is_not_asked_again_unless_passes_are_not_final():
    pos = apply(ilya_puts_up_the_5(), "pass")  # Masha passes
    pos = apply(pos, "bid refuse B2 B3:q0")  # Oleg raises
    assert pos.to_move == ILYA
    pos = apply(pos, "bid refuse R1 B2:q2")
    assert pos.to_move == OLEG  # Masha passed for good
    reopen = apply(apply(apply(ilya_puts_up_the_5("default,pass_final=false"), "pass"), "bid refuse B2 B3:q0"),
                   "bid refuse R1 B2:q2")
    assert reopen.to_move == MASHA


def test_a_player_cannot_refuse_a_card_carrying_their_own_token():
    pos = position(["R5", {"card": "B3", "x": [1]}, "G8", "R1", "B2"], [["G1"], ["G2"], ["G3"]])
    pos = apply(pos, "auction R5 refuse B3:x1")
    assert not any("B3" in m for m in moves(pos))  # Masha's X lies on the 3: she cannot support it ...
    assert "bid refuse G8" not in moves(pos)  # ... so a raise to 2 takes two refusals elsewhere
    assert "bid refuse B2 G8" in moves(pos)


def test_hand_cards_are_refused_only_when_the_market_cannot_give_the_refusals():
    pos = position(["R5", "B3"], [["G1"], ["G2", "G4"], ["G3"]])
    pos = apply(pos, "auction R5 refuse B3")
    assert "bid refuse B3:q0 hand G2" in moves(pos)  # all she can refuse on the market is not enough
    assert "bid refuse B3:q0 hand G2 G4" not in moves(pos)
    anyhow = apply(position(["R5", "B3"], [["G1"], ["G2", "G4"], ["G3"]], ruleset="default,hand_refusals=any"),
                   "auction R5 refuse B3")
    assert "bid refuse B3:q0 hand G2 G4" in moves(anyhow) and "bid hand G2 G4" not in moves(anyhow)
    assert "bid refuse B3:q0 hand G2" in moves(anyhow)
    early = position(["R5", "B3", "B4"], [["G1"], ["G2"], ["G3"]], ruleset="default,hand_refusals=any")
    assert "auction R5 hand G1" in moves(early)
    assert "auction R5 hand G1" not in moves(position(["R5", "B3", "B4"], [["G1"], ["G2"], ["G3"]]))


def test_refused_hand_cards_are_discarded_whoever_wins():
    pos = position(["R5", "B3"], [["G1"], ["G2", "G4"], ["G3"]])
    pos = apply(apply(apply(pos, "auction R5 refuse B3"), "bid refuse B3:q0 hand G2"), "pass")
    end = apply(pos, "pass")
    assert codes(end.hands[MASHA]) == ["R5", "G4"] and codes(end.discard) == ["G2"]


def test_the_card_refused_by_all_players_but_one_goes_to_that_player():
    """"If there are cards on the market on which the refusal tokens (cross side) of all players except
    one lie, this player takes such cards from the market into their hand.\""""
    pos = apply(position(["R5", {"card": "B3", "x": [0]}, "G8", "R1", "B2"], [["G1"], ["G2"], ["G3"]],
                         deck=["R2", "R3"], dealer=1), "auction R5 refuse B3:x0")
    end = apply(apply(pos, "pass"), "pass")  # Oleg and Ilya pass: Masha wins, her X joins Ilya's on the 3
    assert "B3" in codes(end.hands[OLEG])  # X of Ilya and Masha: Oleg takes it
    assert codes(end.hands[MASHA]) == ["R5", "G2"]
    assert end.supply == (6, 6, 6)
    assert size(end.hands[OLEG]) == 2 and len(end.market) == market_size(3)


def test_the_bot_receives_the_cards_both_players_refused():
    pos = position(["R5", {"card": "B3", "x": [0]}, "G8", "R1", "B2"], [["G1"], ["G2"]], bot=["G3", "G4"],
                   deck=["R2", "R3"], dealer=1)
    end = apply(apply(pos, "auction R5 refuse B3:x0"), "pass")
    assert codes(end.hands[2]) == ["B3", "G3", "G4"]
    assert end.dealer == 0  # the bot is never the dealer
    alone = position(["R5", {"card": "B3", "x": [0]}, "G8", "R1", "B2"], [["G1"], ["G2"]],
                     ruleset="default,two_player=no_bot", deck=["R2", "R3"], dealer=1)
    end = apply(apply(alone, "auction R5 refuse B3:x0"), "pass")
    assert "B3:x01" in [str(s) for s in end.market]  # without the bot the card stays, refused by both


def test_the_market_is_cleared_after_every_dealer_passed():
    pos = position(MARKET, [["G1"], ["G2"], ["G3"]], deck=["R3", "R4", "R6", "R7", "R8", "R9"])
    pos = apply(apply(pos, "pass"), "pass")
    assert pos.passes == 0b011 and len(pos.market) == 5
    pos = apply(pos, "pass")
    assert codes(pos.discard) == sorted(MARKET, key=lambda c: "RBG".index(c[0]) * 10 + int(c[1]))
    assert sorted(s.card for s in pos.market) == sorted(position(["R3", "R4", "R6", "R7", "R8"], [[], [], []])
                                                        .market[i].card for i in range(5))
    assert pos.passes == 0


def test_an_auction_between_dealer_passes_restarts_the_count_unless_cumulative():
    def auction(pos):
        pos = apply(pos, next(m for m in moves(pos) if m.startswith("auction")))
        while pos.auction:
            pos = apply(pos, "pass")
        return pos

    def run(ruleset):
        pos = position(MARKET, [["G1"], ["G2"], ["G3"]], deck=["R3", "R4", "R6", "R7"], ruleset=ruleset)
        pos = auction(apply(apply(pos, "pass"), "pass"))  # Ilya and Masha pass as dealers, Oleg auctions
        pos = auction(apply(pos, "pass"))  # Ilya passes, Masha auctions
        return apply(pos, "pass")  # Oleg passes: each player has passed once, but not in a row
    assert size(run("default").discard) == 0
    assert size(run("default,market_clear=cumulative").discard) == 5


def test_without_the_market_clear_a_game_need_not_end():
    """The witness: every dealer passes; the position comes back and the game goes on for ever."""
    start = deal(3, seed=0, ruleset=DEFAULT.with_switches(market_clear="never"))
    pos = start
    for _ in range(3):
        pos = apply(pos, "pass")
    assert pos == start and not pos.is_over
    cleared = deal(3, seed=0)
    for _ in range(3):
        cleared = apply(cleared, "pass")
    assert cleared != deal(3, seed=0)


def test_a_refused_card_cannot_be_put_up_or_bid_on_unless_anyone_may_bid():
    pos = position(["R5", {"card": "B3", "x": [0]}], [["G1"], ["G2"], ["G3"]])
    assert not any(m.startswith("auction B3") for m in moves(pos))
    anyone = position(["R5", {"card": "B3", "x": [0]}], [["G1"], ["G2"], ["G3"]],
                      ruleset="default,who_bids=anyone")
    assert any(m.startswith("auction B3") for m in moves(anyone))


def test_the_game_ends_with_deck_and_market_empty_and_ties_share_the_victory():
    pos = position(["R5", "B2"], [["R1", "B1", "G1"], ["R2", "B2", "G2"], ["G3"]])
    pos = apply(apply(apply(pos, "auction R5 refuse B2"), "pass"), "pass")  # Ilya takes the 5
    assert not pos.is_over and pos.market
    for _ in range(3):
        pos = apply(pos, "pass")
    assert pos.is_over and legal_moves(pos) == []
    assert pos.scores == (3, 3, 0) and pos.winners == (0, 1)
    with pytest.raises(MoveError):
        apply(pos, "pass")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal(players):
    pos = deal(players, seed=7)
    assert len(pos.market) == market_size(players) == (6 if players == 4 else 5)
    assert all(size(h) == 2 for h in pos.hands) and len(pos.hands) == players + (players == 2)
    assert pos.supply == (6,) * players and pos.dealer == 0
    assert pos.all_cards() == deck_counts(DEFAULT) and size(pos.all_cards()) == 48
    assert deal(players, seed=7) == pos and deal(players, seed=8) != pos
    assert size(deal(players, 1, DEFAULT.with_switches(deck="46")).all_cards()) == 46


def test_the_dealers_first_moves_are_a_pass_or_a_card_and_a_bid():
    pos = position(MARKET, [["G1"], ["G2"], ["G3"]])
    # 1 pass + 5 cards to put up x the 15 non-empty sets of the 4 other cards to refuse
    assert len(legal_moves(pos)) == 1 + 5 * 15
    assert len(set(moves(pos))) == len(moves(pos))


def test_equal_market_cards_give_one_move_not_two():
    pos = position(["R5", "B3", "B3"], [["G1"], ["G2"], ["G3"]])
    assert moves(pos).count("auction R5 refuse B3") == 1
    assert "auction R5 refuse B3 B3" in moves(pos)


def test_chance_names_the_card_on_top_of_the_deck():
    pos = position(MARKET[:4], [["G1"], ["G2"], ["G3"]], deck=["R2", "R3", "R2"])
    outcomes = chance_outcomes(pos)
    assert [(round(p, 3), label) for p, label, _ in outcomes] == [(0.667, "top R2"), (0.333, "top R3")]
    assert outcomes[1][2].deck[0] == pos.deck[1]
    assert chance_outcomes(position(MARKET, [[], [], []])) == []


@pytest.mark.parametrize("text", ["bid refuse B3", "auction R9 refuse B3", "auction", "fold", "auction R5 refuse X9",
                                  "bid refuse B3:z", 42])
def test_bad_moves_are_move_errors(text):
    with pytest.raises(MoveError):
        apply(ilya_puts_up_the_5() if text == "auction" else position(MARKET, [["G1"], ["G2"], ["G3"]]), text)


def test_under_who_bids_anyone_a_player_may_win_a_card_they_refused():
    pos = position(["R5", {"card": "B3", "x": [0]}], [["G1"], ["G2"], ["G3"]], ruleset="default,who_bids=anyone")
    end = apply(apply(apply(pos, "auction B3:x0 refuse R5"), "pass"), "pass")
    assert "B3" in codes(end.hands[ILYA])
