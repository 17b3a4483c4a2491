"""The rulebook's examples and clauses as named unit tests; each docstring quotes the clause
(EN-REF, FR, or the V1.1 facts of red7-digest.md) it checks."""

import pytest
from arbiter.model import red7
from arbiter.model.red7 import fast, game, match, reference
from arbiter.model.red7.cards import ALL_CARDS, parse_card, parse_cards, parse_colour
from arbiter.model.red7.notation import parse_text


def winner(rule: str, palettes: list[list[str]], out=(), ruleset=red7.BASIC):
    """The player winning ``rule``, checked to agree between the fast engine and the reference."""
    fast_answer = red7.leader(rule, palettes, out, ruleset)
    sets = [[parse_card(c) for c in p] for p in palettes]
    assert reference.leader(parse_colour(rule), sets, out, ruleset) == fast_answer
    return fast_answer


def qualifying(rule: str, palette: list[str]) -> list[str]:
    answer = red7.qualifying(rule, palette)
    expected = reference.qualifying(parse_colour(rule), [parse_card(c) for c in palette])
    assert sorted(parse_card(c) for c in answer) == sorted(expected)
    return answer


def moves(text: str) -> list[str]:
    return [str(m) for m in game.legal_moves(parse_text(text))]


# -- the seven rules -------------------------------------------------------------------------

def test_red_highest_card():
    """V1.1 / FR "Rouge : la plus forte carte gagne." Only the single highest card counts."""
    assert winner("red", [["O7", "V1"], ["R6", "R5", "R4"]]) == 0
    assert qualifying("red", ["O7", "V1"]) == ["O7"]


def test_orange_most_cards_of_one_number():
    """FR "Orange : le plus de cartes de la même valeur gagne." """
    assert winner("orange", [["R7", "O6"], ["V2", "I2"]]) == 1
    assert qualifying("orange", ["V2", "I2", "R7"]) == ["I2", "V2"]


def test_yellow_most_cards_of_one_colour():
    """FR "Jaune : le plus de cartes de la même couleur gagne." """
    assert winner("yellow", [["R7", "O6", "Y5"], ["V1", "V3"]]) == 1
    assert qualifying("yellow", ["V1", "V3", "R7"]) == ["V3", "V1"]


def test_green_most_even_cards():
    """FR "Vert : le plus de cartes paires gagne." EN-REF "compare all even cards (2, 4, 6)"."""
    assert winner("green", [["R7", "R5", "R6"], ["V2", "V4"]]) == 1
    assert qualifying("green", ["R7", "V2", "B6", "B4"]) == ["B6", "B4", "V2"]


def test_blue_most_cards_of_different_colours():
    """FR "Bleu : le plus de cartes de couleurs différentes gagne." V1.1: under Blue the cards
    that count are the highest card of each colour."""
    assert winner("blue", [["R7", "R6", "R5"], ["V1", "I1"]]) == 1
    assert qualifying("blue", ["R7", "R1", "B2"]) == ["R7", "B2"]


def test_blue_counts_colours_not_cards():
    """FR "le plus de cartes de couleurs différentes": three Red cards are one colour."""
    assert winner("blue", [["R7", "R6", "R5", "R4"], ["V1", "I1"]]) == 1
    assert reference.key(parse_colour("blue"), [parse_card(c) for c in ["R7", "R6", "R5", "R4"]]) == (1, 48)


def test_indigo_longest_run_colours_irrelevant():
    """FR "Indigo : la plus longue suite de cartes gagne. (exemple : 4, 5, 6 ; pas besoin d'être
    dans la même couleur)"."""
    assert winner("indigo", [["R4", "B5", "V6"], ["R7", "O7", "R1", "R2"]]) == 0
    assert qualifying("indigo", ["R4", "B5", "V6", "R1"]) == ["V6", "B5", "R4"]


def test_indigo_duplicates_do_not_extend_a_run_and_the_highest_copy_counts():
    """Digest default "Indigo duplicates: do not extend a run; the highest copy counts": 4 4 5
    is a run of two, not three, and it is the Red 4 that counts."""
    assert qualifying("indigo", ["O4", "R4", "Y5"]) == ["Y5", "R4"]
    assert winner("indigo", [["O4", "R4", "Y5"], ["V1", "V2", "V3"]]) == 1


def test_violet_most_cards_below_4():
    """FR "Violet : le plus de cartes strictement inférieures à 4 gagne. (valeur 1, 2 ou 3)"."""
    assert winner("violet", [["R7", "R4", "O3"], ["V1", "V2"]]) == 1
    assert qualifying("violet", ["R4", "O3", "V1"]) == ["O3", "V1"]


# -- ties and comparison ---------------------------------------------------------------------

def test_tie_goes_to_highest_qualifying_number():
    """FR "Départage : En cas d'égalité vis-à-vis de la règle, le vainqueur est celui qui possède
    la carte qui respecte la règle de plus forte valeur." """
    assert winner("orange", [["R3", "O3"], ["Y5", "G5"]]) == 1


def test_tie_on_number_goes_to_strongest_colour():
    """FR "S'il y a égalité entre les valeurs on regarde la plus forte couleur selon la
    hiérarchie suivante : Rouge > Orange > Jaune > Vert > Bleu > Indigo > Violet." """
    assert winner("orange", [["O5", "Y5"], ["R5", "B5"]]) == 1
    assert winner("red", [["V7"], ["I7"]]) == 1


def test_ties_use_qualifying_cards_only():
    """EN-REF "ties use qualifying cards only": a higher card that does not meet the rule does
    not break the tie."""
    assert winner("green", [["R2", "R7"], ["O4"]]) == 1
    assert winner("violet", [["O3", "R7"], ["R3", "V4"]]) == 1


def test_one_card_is_always_enough():
    """V1.1 "One card is always enough for any of the rules": a lone card is a group of one
    under Red, Orange, Yellow, Blue and Indigo, and beats an empty Palette."""
    for rule in ("red", "orange", "yellow", "blue", "indigo"):
        for code in ("V1", "R7", "G4"):
            assert qualifying(rule, [code]) == [code]
            assert winner(rule, [[], [code]]) == 1
    assert winner("green", [["V7", "V5"], ["V2"]]) == 1
    assert winner("violet", [["R7", "R6"], ["V3"]]) == 1


def test_more_cards_beat_higher_cards():
    """V1.1 "Winning = more cards meeting the Canvas rule than any other player"."""
    assert winner("yellow", [["V1", "V2"], ["R7"]]) == 0


def test_eliminated_palettes_do_not_compete():
    """EN-REF "eliminated Palettes stop competing"."""
    palettes = [["R7"], ["O7"], ["Y7"]]
    assert winner("red", palettes) == 0
    assert winner("red", palettes, out=[0]) == 1
    assert winner("red", palettes, out=[0, 1]) == 2
    # In a round, player 1 stays winning Red by playing V1: the R7 of player 0, who is out, no
    # longer counts.
    assert parse_text("red 1 basic | R1 / R7 out | V1 / O7 | V2 / Y7").leader() == 1
    assert moves("red 1 basic | R1 / R7 out | V1 / O7 | V2 / Y7") == ["pass", "play V1"]


def test_nobody_qualifying_under_green_or_violet_means_nobody_is_winning():
    """Digest gap "Nobody has a card meeting the rule (possible only under Green and Violet)";
    default reading: nobody is winning, so a discard that makes it so is not a move (the mover
    would be out) and a player left there cannot stay by playing an odd card."""
    assert winner("green", [["R7"], ["O5"]]) is None
    assert winner("violet", [["R7"], ["O5"]]) is None
    for rule in ("red", "orange", "yellow", "blue", "indigo"):
        assert winner(rule, [["R7"], ["O5"]]) == 0
    # Discarding G7 (Green) or V5 (Violet) leaves nobody qualifying, so neither is a move.
    assert moves("red 0 basic | G7 V5 / R7 | B1 / O5") == ["pass", "play G7", "play V5"]


# -- turns ---------------------------------------------------------------------------------

def test_a_turn_is_play_discard_play_then_discard_or_pass():
    """V1.1: "On a turn a player does exactly one of: play a hand card to their Palette; discard
    a hand card to the Canvas ...; play to the Palette and then discard to the Canvas; or do
    nothing and lose." Texts are exactly `play R7`, `discard B2`, `play R7 discard B2`, `pass`."""
    assert moves("red 0 basic | R7 B2 / V1 G3 | O1 / O2") == [
        "discard B2", "discard R7", "pass", "play B2", "play B2 discard R7", "play R7", "play R7 discard B2"]


def test_a_discard_must_leave_the_mover_winning():
    """FR "Défausser une carte de sa main sur la Toile ... Cette action est possible uniquement
    si le joueur devient vainqueur après modification de la règle". Here only a Violet rule
    (V1 below 4) or keeping Red after playing R7 wins."""
    # Not `play V3` (O4 stays the highest card) nor `discard R7` (back to Red, O4 beats B1).
    assert moves("red 0 basic | V3 R7 / B1 | G2 / O4") == ["discard V3", "pass", "play R7", "play R7 discard V3"]


def test_pass_is_always_available_and_puts_the_mover_out():
    """V1.1 "do nothing and lose"; FR "Un joueur qui passe son tour est automatiquement éliminé"."""
    pos = parse_text("red 0 basic | R7 / V1 | O1 / O2 | Y1 / Y2")
    after = game.apply(pos, "pass")
    assert after.is_out(0) and after.to_move == 1 and not after.is_over


def test_not_winning_at_end_of_turn_is_out_and_the_last_player_standing_wins():
    """V1.1 "A player not winning at the end of their own turn is out of the round ... The last
    player standing wins the round." """
    pos = parse_text("red 0 basic | V1 / V2 | O1 / O7")
    after = game.apply(pos, "pass")
    assert after.is_over and after.winner == 1
    assert game.legal_moves(after) == []


def test_empty_hand_at_start_of_turn_is_out():
    """V1.1 / FR "Si un joueur n'a pas de carte en main au début de son tour, il est éliminé de la
    manche en cours." Player 1 has no hand: after player 0's turn the turn skips to player 2."""
    pos = parse_text("red 0 basic | R7 R1 / V1 | / O2 | Y1 / V2")
    after = game.apply(pos, "play R7")
    assert after.is_out(1) and after.to_move == 2
    assert moves("red 1 basic | R7 / V1 | / O2 | Y1 / V2") == ["pass"]


def test_playing_the_last_hand_card_keeps_you_in_until_your_next_turn():
    """V1.1: out at the *start* of a turn with no hand cards; the mover who empties the hand and
    is winning stays in this turn."""
    after = game.apply(parse_text("red 0 basic | R7 / V1 | O1 / O2 | Y1 / V2"), "play R7")
    assert not after.is_out(0) and after.to_move == 1
    after = game.apply(game.apply(after, "pass"), "pass")
    assert after.is_over and after.winner == 0


def test_first_player_is_left_of_the_red_leader():
    """V1.1 "The player with the highest Palette card is winning Red; the player to that
    player's left goes first." The Canvas starts as Red and each player has 7 cards, 1 Palette."""
    for players in (2, 3, 4):
        for seed in range(20):
            pos = game.deal(players, seed)
            leader = max(range(players), key=lambda i: pos.palettes[i])
            assert pos.rule == parse_colour("red") and pos.to_move == (leader + 1) % players
            assert all(h.bit_count() == 7 and p.bit_count() == 1 for h, p in zip(pos.hands, pos.palettes))
            assert len(pos.deck) == 49 - 8 * players
    assert game.deal(3, 5) == game.deal(3, 5)


# -- the Action rule -------------------------------------------------------------------------

def test_basic_play_has_no_actions():
    """EN-REF "In Basic play there are no card Actions." """
    assert moves("red 0 basic | R7 / O6 V1 | B1 / O2 | deck G1") == ["discard R7", "pass", "play R7"]


def test_actions_trigger_only_when_played_to_a_palette():
    """EN-REF "Odd-number abilities trigger only when played to a Palette": discarding a 3 to
    the Canvas draws nothing."""
    found = moves("red 0 actions | O3 R6 / R7 | B1 / O2 | deck G1")
    assert "discard O3" in found and not any(m.startswith("discard O3 draw") for m in found)
    assert "play O3 draw" in found and "play O3" not in found


def test_action_7_moves_another_palette_card_to_the_canvas_or_deck_top():
    """V1.1 "7: discard one *other* card of your Palette to the Canvas; it becomes the rule, so
    you must be winning under it." EN-REF "Remove a Palette card to the Canvas or draw-deck top;
    stay in the round." The 7 itself never moves."""
    text = "red 0 actions | R7 / V1 B4 | O6 / O2 | deck G1"
    # B4 to the Canvas makes Blue (R7 V1: two colours against one); V1 to the Canvas would make
    # Violet, where only O2 qualifies, so that turn is not a move.
    assert moves(text) == ["discard R7", "pass", "play R7 canvas B4", "play R7 deck B4", "play R7 deck V1"]
    after = game.apply(parse_text(text), "play R7 canvas B4")
    assert after.rule == parse_colour("blue") and after.palettes[0] == parse_cards(["R7", "V1"])
    after = game.apply(parse_text(text), "play R7 deck B4")
    assert after.deck[0] == parse_card("B4") and after.rule == parse_colour("red")


def test_action_7_alone_in_the_palette_is_skipped():
    """Digest default "actions: mandatory when possible, skipped when impossible": a 7 played to
    an empty Palette has no other card to move."""
    assert moves("red 0 actions | R7 / | B1 / O2") == ["pass", "play R7"]


def test_action_5_plays_another_card_and_may_still_discard():
    """V1.1 "5: play another hand card to your Palette; you may still discard to the Canvas
    afterwards." EN-REF "Play another hand card to your Palette and resolve its Action"."""
    found = moves("red 0 actions | R5 B6 G2 / V1 | O1 / O2")
    assert "play R5 play B6" in found and "play R5 play B6 discard G2" in found
    assert "play R5" not in found  # the action is mandatory while a hand card is left
    after = game.apply(parse_text("red 0 actions | R5 B6 G2 / V1 | O1 / O2"), "play R5 play B6 discard G2")
    assert after.palettes[0] == parse_cards(["R5", "B6", "V1"]) and after.rule == parse_colour("green")


def test_action_3_draws_a_card_if_possible():
    """V1.1 "3: draw a card if you can." EN-REF "an empty draw deck gives nothing"."""
    after = game.apply(parse_text("red 0 actions | R3 / R6 | B1 / O2 | deck G1 G2"), "play R3 draw")
    assert after.hands[0] == parse_cards(["G1"]) and after.deck == (parse_card("G2"),)
    assert moves("red 0 actions | R3 / R6 | B1 / O2") == ["discard R3", "pass", "play R3"]


def test_action_1_takes_an_opponents_card_to_the_top_of_the_deck():
    """V1.1 "1: take a card from another player's Palette and put it face down on top of the draw
    deck; you may not take that player's only Palette card." FR: only from an opponent with "autant
    ou plus de carte que vous sur votre Palette" (default eligibility, counted with the 1 played)."""
    text = "red 0 actions | R1 / R7 | B1 / O6 O5 | V2 / Y6 | deck G1"
    found = moves(text)
    assert "play R1 take O6" in found and "play R1 take O5" in found
    assert not any("take Y6" in m for m in found)  # player 2's only Palette card
    after = game.apply(parse_text(text), "play R1 take O6")
    assert after.deck == (parse_card("O6"), parse_card("G1")) and after.palettes[1] == parse_cards(["O5"])


def test_action_1_with_no_eligible_opponent_is_skipped():
    """Digest default: mandatory actions are skipped when impossible (every opponent has a
    single Palette card)."""
    assert "play R1" in moves("red 0 actions | R1 / R7 | B1 / O6 | V2 / Y6")


def test_action_5_chains_the_extra_cards_action():
    """EN-REF "5 — extra Palette play. The new card can trigger another Action." """
    found = moves("red 0 actions | R5 O3 / R6 | B1 / O2 | deck G1")
    assert "play R5 play O3 draw" in found and "play R5 play O3" not in found
    # the drawn G1 may then go to the Canvas (Green: R6 beats O2)
    assert "play R5 play O3 draw discard G1" in found


# -- Advanced --------------------------------------------------------------------------------

def test_advanced_draw_after_a_discard_higher_than_the_palette_size():
    """V1.1 "When you discard to the Canvas a card whose number is higher than the number of
    cards in your Palette, you *may* draw a card (unless the deck is empty)." """
    text = "red 0 advanced | O3 V2 / R7 | B1 / O2 | deck G1"
    # 3 > 1 and 3 > 2 Palette cards: a draw may follow; 2 > 2 does not hold after `play O3`.
    assert moves(text) == ["discard O3", "discard O3 draw", "pass", "play O3", "play O3 discard V2", "play V2",
                           "play V2 discard O3", "play V2 discard O3 draw"]
    after = game.apply(parse_text(text), "discard O3 draw")
    assert after.hands[0] == parse_cards(["V2", "G1"]) and after.deck == ()
    assert moves("red 0 advanced | O3 / R7 | B1 / O2") == ["discard O3", "pass", "play O3"]  # empty deck


def test_no_advanced_draw_when_the_number_is_not_higher_than_the_palette_size():
    """V1.1: the draw needs a number *higher than* the Palette size (2 is not higher than 2)."""
    found = moves("red 0 advanced | Y2 / R7 G5 | B1 / O2 | deck G1")
    assert "discard Y2" in found and "discard Y2 draw" not in found


def test_advanced_round_winner_banks_the_qualifying_cards():
    """V1.1 "The round winner takes the Palette cards that meet the final rule (under Blue: the
    highest card of each colour) as a score pile; they score face value." """
    pos = parse_text("blue 1 advanced | R1 / R7 R5 B2 | V1 / O1 | scores 3 4")
    after = game.apply(pos, "pass")
    assert after.is_over and after.winner == 0
    assert game.banked_set(after) == parse_cards(["R7", "B2"])
    assert after.scores == (3 + 7 + 2, 4)


def test_advanced_banks_only_the_deciding_group():
    """EN-REF "bank only the qualifying set in [Advanced] play": under Orange the best pair, not
    every card of the Palette."""
    after = game.apply(parse_text("orange 1 advanced | R1 / R7 B3 G3 V6 | V1 / O1 | scores 0 0"), "pass")
    assert game.banked_set(after) == parse_cards(["B3", "G3"]) and after.scores == (6, 0)


def test_basic_rounds_keep_no_score():
    after = game.apply(parse_text("blue 1 basic | R1 / R7 R5 B2 | V1 / O1"), "pass")
    assert after.is_over and after.scores is None


@pytest.mark.parametrize("players, target", [(2, 40), (3, 35), (4, 30)])
def test_points_to_win(players, target):
    """V1.1 "Points to win: 40 (2 players), 35 (3), 30 (4)." """
    assert game.TARGETS[players] == target


def test_fast_and_game_agree_on_who_is_winning():
    pos = parse_text("indigo 0 basic | R1 / R4 B5 V6 | O1 / R7 O7 Y1")
    assert pos.leader() == 0 == fast.leader(pos.rule, pos.palettes)


def test_banked_cards_are_out_of_later_deals():
    """V1.1: banked cards "score face value and are out of later deals"."""
    after = game.apply(parse_text("blue 1 advanced | R1 / R7 R5 B2 | V1 / O1 | scores 0 0"), "pass")
    done = match.Match(3, red7.ADVANCED, after, 1, (0, 0))
    nxt = match.next_round(done)
    assert nxt.banked == (parse_cards(["R7", "B2"]), 0) and nxt.position.scores == (9, 0)
    assert nxt.position.cards_in_play() == ALL_CARDS & ~parse_cards(["R7", "B2"])
    assert nxt.round_number == 2 and nxt.round_winners == (0,)


def test_reaching_the_target_wins_the_game():
    """V1.1 "Points to win: 40 (2 players)": banking 7 + 2 on top of 32 ends the game."""
    after = game.apply(parse_text("blue 1 advanced | R1 / R7 R5 B2 | V1 / O1 | scores 32 39"), "pass")
    done = match.Match(3, red7.ADVANCED, after, 4, (0, 0))
    assert after.scores == (41, 39) and done.end_reason == "target" and done.winners == [0]


def test_when_no_hand_can_be_dealt_the_highest_score_wins():
    """V1.1 "If a new hand cannot be dealt to everyone, the game ends and the highest score
    wins." 31 cards are left for 4 players of 8 cards each."""
    banked = (parse_cards(["V1", "I1", "B1", "G1", "Y1", "O1", "R1", "V2", "I2", "B2", "G2", "G3"]),
              parse_cards(["Y2", "O2", "R2", "V3", "I3", "B3"]), 0, 0)
    # Green is the rule and the round winner has no even card: nothing more is banked.
    after = game.apply(parse_text("green 3 advanced | Y7 / Y5 | O7 / O5 out | R7 / R5 out | G7 / G5 | "
                                  "scores 18 15 0 0"), "pass")
    done = match.Match(0, red7.ADVANCED, after, 3, banked, (0, 1))
    assert done.available().bit_count() == 31 and done.end_reason == "cannot_deal" and done.winners == [0]


def test_a_basic_game_is_one_round():
    done = match.Match(0, red7.BASIC, game.apply(parse_text("red 0 basic | R1 / V2 | V1 / R7"), "pass"), 1, (0, 0))
    assert done.end_reason == "round" and done.winners == [1] and done.scores is None
