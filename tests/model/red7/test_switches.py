"""Every reading switch of ``ruleset.SWITCHES`` as a named test: a small position where the
default and the alternative give different legal turns or outcomes, both asserted. Sources for
each reading are in red7-digest.md ("Where the sources differ", "Default readings")."""

from arbiter.model.red7 import fast, game, match, reference
from arbiter.model.red7.cards import cards_of, parse_card, parse_cards
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.ruleset import SWITCHES, Ruleset


def under(text: str, **switches) -> game.Position:
    """The position of ``text`` with ``switches`` set on its ruleset."""
    pos = parse_text(text)
    return game.Position(pos.rule, pos.to_move, pos.hands, pos.palettes, pos.out, pos.deck,
                         pos.ruleset.with_switches(**switches), pos.scores)


def moves(text: str, **switches) -> list[str]:
    return [str(m) for m in game.legal_moves(under(text, **switches))]


def test_every_switch_has_a_test_here():
    tested = {name[len("test_"):].split("__")[0] for name in globals() if name.startswith("test_")}
    assert set(SWITCHES) <= tested


def test_actions():
    """Basic has no card Actions; with the Action rule a 3 played to the Palette draws."""
    text = "red 0 basic | R3 / R6 | B1 / O2 | deck G1"
    assert moves(text, actions=False) == ["discard R3", "pass", "play R3"]
    assert moves(text, actions=True) == ["discard R3", "pass", "play R3 draw", "play R3 draw discard G1"]


def test_advanced():
    """Advanced adds the draw after a discard higher than the Palette size, and scoring."""
    text = "red 0 basic | O3 / R7 | B1 / O2 | deck G1"
    assert moves(text, advanced=False) == ["discard O3", "pass", "play O3"]
    assert moves(text, advanced=True) == ["discard O3", "discard O3 draw", "pass", "play O3"]
    end = "blue 1 basic | R1 / R7 R5 B2 | V1 / O1"
    assert game.apply(under(end, advanced=False), "pass").scores is None
    assert game.apply(under(end, advanced=True), "pass").scores == (9, 0)


def test_nobody_qualifies():
    """Gap: nobody has an even card under Green. Default: nobody is winning, so the discard is
    not a move; alternative: the highest card overall (R7) decides."""
    text = "red 0 basic | G7 V5 / R7 | B1 / O5"
    assert moves(text, nobody_qualifies="nobody") == ["pass", "play G7", "play V5"]
    assert moves(text, nobody_qualifies="highest_card") == [
        "discard G7", "discard V5", "pass", "play G7", "play G7 discard V5", "play V5", "play V5 discard G7"]
    after = game.apply(under(text, nobody_qualifies="highest_card"), "discard G7")
    assert after.leader() == 0 and not after.is_out(0)


def test_losing_turns():
    """V1.1: a turn that leaves you not winning makes you lose; FR: such a discard is not
    allowed. Default: losing turns are not moves (`pass` loses); alternative: they are, and
    eliminate."""
    text = "red 0 basic | V3 R7 / B1 | G2 / O4"
    assert moves(text, losing_turns="not_generated") == ["discard V3", "pass", "play R7", "play R7 discard V3"]
    assert moves(text, losing_turns="legal") == [
        "discard R7", "discard V3", "pass", "play R7", "play R7 discard V3", "play V3", "play V3 discard R7"]
    after = game.apply(under(text, losing_turns="legal"), "play V3")
    assert after.is_over and after.winner == 1 and after.palettes[0] == parse_cards(["V3", "B1"])


def test_advanced_draw():
    """V1.1 "you *may* draw"; FR "vous piochez" (mandatory)."""
    text = "red 0 advanced | O3 / R7 | B1 / O2 | deck G1"
    assert moves(text, advanced_draw="optional") == ["discard O3", "discard O3 draw", "pass", "play O3"]
    assert moves(text, advanced_draw="mandatory") == ["discard O3 draw", "pass", "play O3"]


def test_action_mode():
    """V1.1: actions are mandatory if possible; EN-REF "trigger", FR "active un effet" read as
    optional by the alternative."""
    text = "red 0 actions | R3 / R6 | B1 / O2 | deck G1"
    assert moves(text, action_mode="mandatory") == ["discard R3", "pass", "play R3 draw", "play R3 draw discard G1"]
    assert moves(text, action_mode="optional") == [
        "discard R3", "pass", "play R3", "play R3 draw", "play R3 draw discard G1"]



def test_action_mode__if_it_keeps_you_in():
    """V1.1's "if you can" read as "if doing it can keep you in": the 5's extra play of the B4 (the
    only way to carry it out) leaves the mover with no card below 4 under Violet, so the action may
    be skipped and the B4 discarded instead; where one way of doing it keeps the mover in, it stays
    mandatory (the 3 draws)."""
    text = "violet 0 actions | V5 B4 / B6 | / R1 O2"
    assert moves(text, action_mode="mandatory") == ["pass"]
    assert moves(text, action_mode="if_it_keeps_you_in") == ["pass", "play V5 discard B4"]
    kept = "red 0 actions | R3 / R6 | B1 / O2 | deck G1"
    assert moves(kept, action_mode="if_it_keeps_you_in") == moves(kept, action_mode="mandatory")


def test_action1_eligibility():
    """FR: only an opponent with as many or more Palette cards than you; V1.1: any opponent,
    never their only card. Player 1 has 2 Palette cards against the mover's 4."""
    text = "red 0 actions | R1 / R7 G2 G3 | B1 / O6 O5 | deck G1"
    assert moves(text, action1_eligibility="at_least_as_many") == ["discard R1", "pass", "play R1"]
    assert moves(text, action1_eligibility="any") == ["discard R1", "pass", "play R1 take O5", "play R1 take O6"]


def test_action1_count():
    """Eligibility counted with the 1 already in the mover's Palette (3 cards against 2) or
    before it is played (2 against 2)."""
    text = "red 0 actions | R1 / R7 G2 | B1 / O6 O5 | deck G1"
    assert moves(text, action1_count="after_play") == ["discard R1", "pass", "play R1"]
    assert moves(text, action1_count="before_play") == [
        "discard R1", "pass", "play R1 take O5", "play R1 take O6"]


def test_action1_destination():
    """V1.1 "on top of the draw deck"; EN-REF/FR leave the position unsaid (alternative: bottom)."""
    text = "red 0 actions | R1 / R7 | B1 / O6 O5 | deck G1"
    top = game.apply(under(text, action1_destination="deck_top"), "play R1 take O6")
    bottom = game.apply(under(text, action1_destination="deck_bottom"), "play R1 take O6")
    assert top.deck == (parse_card("O6"), parse_card("G1"))
    assert bottom.deck == (parse_card("G1"), parse_card("O6"))


def test_action3_draw_discardable():
    """EN-REF: the card drawn by a 3 "may supply your subsequent Canvas discard"."""
    text = "red 0 actions | R3 / R6 | B1 / O2 | deck G1"
    assert "play R3 draw discard G1" in moves(text, action3_draw_discardable=True)
    assert moves(text, action3_draw_discardable=False) == ["discard R3", "pass", "play R3 draw"]


def test_action5_chains():
    """EN-REF "Play another hand card to your Palette and resolve its Action, if any";
    alternative: the extra card's action does not resolve."""
    text = "red 0 actions | R5 O3 / R6 | B1 / O2 | deck G1"
    chained = moves(text, action5_chains=True)
    unchained = moves(text, action5_chains=False)
    assert "play R5 play O3 draw" in chained and "play R5 play O3" not in chained
    assert "play R5 play O3" in unchained and not any(m.startswith("play R5 play O3 draw") for m in unchained)


def test_action7_destination():
    """EN-REF "Remove a Palette card to the Canvas or draw-deck top"; V1.1: Canvas only."""
    text = "red 0 actions | R7 / V1 B4 | O6 / O2 | deck G1"
    assert moves(text, action7_destination="canvas_or_deck") == [
        "discard R7", "pass", "play R7 canvas B4", "play R7 deck B4", "play R7 deck V1"]
    assert moves(text, action7_destination="canvas") == ["discard R7", "pass", "play R7 canvas B4"]


def test_action7_advanced_draw():
    """EN-REF "This removal gives no Advanced draw"; alternative: it does (B4: 4 is more than the
    2 cards left in the Palette)."""
    text = "red 0 advanced+actions | R7 / V1 B4 | O6 / O2 | deck G1"
    without = moves(text, action7_advanced_draw=False)
    with_draw = moves(text, action7_advanced_draw=True)
    assert "play R7 canvas B4" in without and "play R7 canvas B4 draw" not in without
    assert "play R7 canvas B4" in with_draw and "play R7 canvas B4 draw" in with_draw
    after = game.apply(under(text, action7_advanced_draw=True), "play R7 canvas B4 draw")
    assert after.hands[0] == parse_cards(["G1"])


def test_action7_check():
    """Gap: when must a 7's Canvas move leave you winning? V1 to the Canvas makes Violet, where
    only O2 qualifies; the G6 discard then makes Green, where B4 beats O2. Default: checked at
    the end of the turn only; alternative: also at once."""
    text = "red 0 actions | R7 G6 / V1 B4 | O5 / O2"
    assert "play R7 canvas V1 discard G6" in moves(text, action7_check="end_of_turn")
    assert not any(m.startswith("play R7 canvas V1") for m in moves(text, action7_check="at_once"))


def test_discard_after_action7():
    """Gap: may a 7's Canvas move be followed by a hand discard to the Canvas?"""
    text = "red 0 actions | R7 O6 / V1 B4 | O5 / O2"
    allowed = moves(text, discard_after_action7=True)
    refused = moves(text, discard_after_action7=False)
    assert "play R7 canvas B4 discard O6" in allowed
    assert "play R7 canvas B4 discard O6" not in refused and "play R7 canvas B4" in refused
    assert "play R7 deck B4 discard O6" in refused  # only a Canvas move forbids the discard


def test_banked_set():
    """Gap: several equally good groups. Default: bank the set that decided (the pair of 6s);
    alternative: every tied group (both pairs)."""
    text = "orange 1 advanced | R1 / R7 B3 G3 V6 I6 | V1 / O1 | scores 0 0"
    deciding = game.apply(under(text, banked_set="deciding"), "pass")
    tied = game.apply(under(text, banked_set="all_tied_groups"), "pass")
    assert game.banked_set(deciding) == parse_cards(["I6", "V6"]) and deciding.scores == (12, 0)
    assert game.banked_set(tied) == parse_cards(["I6", "V6", "G3", "B3"]) and tied.scores == (18, 0)


def test_banked_set__indigo_duplicates_are_not_a_second_run():
    """Under Indigo a duplicate does not lengthen a run and its highest copy stands, so the lower
    copies of the deciding run are not another tied run."""
    text = "indigo 1 advanced | V7 / Y1 Y2 R4 R5 O4 O5 | V1 / O1 | scores 0 0"
    deciding = game.apply(under(text, banked_set="deciding"), "pass")
    tied = game.apply(under(text, banked_set="all_tied_groups"), "pass")
    assert game.banked_set(deciding) == parse_cards(["R5", "R4"])
    assert game.banked_set(tied) == parse_cards(["R5", "R4", "Y2", "Y1"])


def test_switch_defaults_are_the_digest_defaults():
    assert Ruleset() == Ruleset(**{name: values[0] for name, values in SWITCHES.items()})


def finished_round(text: str, **switches) -> game.Position:
    """The position after the player to move in ``text`` passes (and the round ends)."""
    after = game.apply(under(text, **switches), "pass")
    assert after.is_over
    return after


def test_next_round_first():
    """Gap: who starts the next round. Default: left of the player winning Red after the deal
    (as in the first round); alternative: left of the last round's winner (player 1 here)."""
    text = "red 0 advanced | R1 / V2 | V1 / R7 | Y1 / O1 out | scores 0 0 0"
    differ = 0
    for seed in range(6):
        first = {}
        for value in SWITCHES["next_round_first"]:
            done = match.Match(seed, under(text).ruleset.with_switches(next_round_first=value),
                               finished_round(text, next_round_first=value), 1, (0, 0, 0))
            assert done.position.winner == 1 and not done.is_over
            first[value] = match.next_round(done).position
        dealt = first["left_of_red_leader"]
        red_leader = max(range(3), key=lambda i: dealt.palettes[i])
        assert dealt.to_move == (red_leader + 1) % 3
        assert first["left_of_last_winner"].to_move == 2
        differ += dealt.to_move != 2
    assert differ


def test_final_tie():
    """Gap: "If a new hand cannot be dealt to everyone, the game ends and the highest score
    wins" - with equal scores. Default: a shared win; alternative: most cards banked wins.
    Players 0 and 1 both have 15 points, from 11 and 6 cards; 31 cards are left, too few for
    four deals of 8."""
    banked = (parse_cards(["V1", "I1", "B1", "G1", "Y1", "O1", "R1", "V2", "I2", "B2", "G2"]),
              parse_cards(["Y2", "O2", "R2", "V3", "I3", "B3"]), parse_cards(["G3"]), 0)
    # Green is the rule and the round winner has no even card: nothing more is banked.
    text = "green 3 advanced | Y7 / Y5 | O7 / O5 out | R7 / R5 out | G7 / G5 | scores 15 15 3 0"
    winners = {}
    for value in SWITCHES["final_tie"]:
        done = match.Match(0, under(text).ruleset.with_switches(final_tie=value),
                           finished_round(text, final_tie=value), 3, banked, (0, 1))
        assert done.end_reason == "cannot_deal" and done.scores == (15, 15, 3, 0)
        winners[value] = done.winners
    assert winners == {"shared": [0, 1], "most_cards": [0]}


def test_losing_turns__plays_only_and_discards_only():
    """The split readings: FR forbids only a discard that leaves you not winning ("possible
    uniquement si le joueur devient vainqueur"), so losing plays are moves and losing discards
    are not (plays_only); discards_only is the converse."""
    text = "red 0 basic | V3 R7 / B1 | G2 / O4"
    plays = moves(text, losing_turns="plays_only")
    discards = moves(text, losing_turns="discards_only")
    assert "play V3" in plays and "discard R7" not in plays and "play V3 discard R7" not in plays
    assert "discard R7" in discards and "play V3 discard R7" in discards and "play V3" not in discards


def test_same_colour_discard():
    """FR: a discard is made "afin de modifier la règle". Under Red, discarding the R2 keeps the
    rule Red: allowed by default, not allowed when a discard must change the rule."""
    text = "red 0 basic | R2 V6 / R7 | B1 / O4"
    assert "discard R2" in moves(text, same_colour_discard="allowed")
    refused = moves(text, same_colour_discard="not_allowed")
    assert "discard R2" not in refused and "play V6 discard R2" not in refused and "play R2" in refused


def test_action7_self():
    """V1.1: "one *other* card of your Palette"; EN-REF "a Palette card" and FR "une carte de
    votre Palette" do not exclude the 7 itself."""
    text = "red 0 actions | B7 / R6 | O5 / O2 | deck G1"
    assert moves(text, action7_self="never") == ["discard B7", "pass", "play B7 canvas R6", "play B7 deck R6"]
    assert moves(text, action7_self="allowed") == [
        "discard B7", "pass", "play B7 canvas B7", "play B7 canvas R6", "play B7 deck B7", "play B7 deck R6"]
    after = game.apply(under(text, action7_self="allowed"), "play B7 canvas B7")
    assert after.rule == 4 and after.palettes[0] == parse_cards(["R6"])  # Blue: R6 against O5


def test_action1_out_players():
    """May a 1 take from a player who is out? Player 2 is out with two Palette cards; player 1
    has only one, so only the alternative lets the 1 take anything."""
    text = "red 0 actions | R1 / R7 | O6 / O2 | Y6 Y4 / B5 B4 out | deck G1"
    assert moves(text, action1_out_players="never") == ["discard R1", "pass", "play R1"]
    assert moves(text, action1_out_players="allowed") == ["discard R1", "pass", "play R1 take B4", "play R1 take B5"]


def test_new_hand():
    """"If a new hand cannot be dealt to everyone, the game ends": player 3 wins the round and
    banks the G5; the 29 cards left for 4 players are enough for 7-card hands (new_hand=hand,
    only player 0 gets a Palette card) but not for hands and a Palette card each."""
    banked = (parse_cards(["R1", "O1", "Y1", "G1", "B1", "I1", "V1", "R2", "O2", "Y2"]),
              parse_cards(["G2", "B2", "I2", "V2", "R3", "O3", "Y3", "G3", "B3"]), 0, 0)
    text = "red 0 advanced | Y7 / Y5 | O7 / O6 out | R7 / R5 out | G7 / G5 | scores 13 23 0 0"
    for value, over in (("hand_and_palette", True), ("hand", False)):
        done = match.Match(0, under(text).ruleset.with_switches(new_hand=value),
                           finished_round(text, new_hand=value), 3, banked, ())
        assert done.position.winner == 3 and done.available().bit_count() == 29
        assert done.is_over is over
        if not over:
            dealt = match.next_round(done).position
            assert [p.bit_count() for p in dealt.palettes] == [1, 0, 0, 0]
            assert all(h.bit_count() == 7 for h in dealt.hands) and dealt.deck == ()


def test_advanced_draw_count():
    """"higher than the number of cards in your Palette": counted at the discard (after this
    turn's play, the default) or at the start of the turn. Play B1 then discard O2: the Palette
    holds 2 cards at the discard, 1 at the start."""
    text = "red 0 advanced | B1 O2 / R7 | V1 / R6 | deck G1"
    assert "play B1 discard O2 draw" not in moves(text, advanced_draw_count="at_discard")
    assert "play B1 discard O2 draw" in moves(text, advanced_draw_count="turn_start")


def test_tie_break():
    """"the highest card among the cards meeting the rule": of the deciding group (default), or
    of the whole Palette, every card meeting a one-colour rule on its own. Yellow, two Blues
    against two Greens: G6 beats B3, but player 0's R7 is the highest card of all."""
    pals = [parse_cards(["R7", "B2", "B3"]), parse_cards(["G5", "G6"])]
    assert fast.leader(2, pals, 0, Ruleset(tie_break="deciding_group")) == 1
    assert fast.leader(2, pals, 0, Ruleset(tie_break="highest_card")) == 0
    assert reference.leader(2, [set(cards_of(p)) for p in pals], (), Ruleset(tie_break="highest_card")) == 0
    text = "yellow 0 basic | V1 / R7 B2 B3 | O1 / G5 G6"
    assert "play V1" not in moves(text, tie_break="deciding_group")
    assert "play V1" in moves(text, tie_break="highest_card")


def test_out_palettes():
    """FR never says an eliminated player's Palette stops competing (EN-REF: "eliminated Palettes
    stop competing"). Player 2 is out with the R7: under Red the mover leads only if it is ignored."""
    text = "red 0 basic | B2 / O7 | Y6 / R6 | V5 / R7 out"
    assert "play B2" in moves(text, out_palettes="ignored")
    assert moves(text, out_palettes="compete") == ["pass"]


def test_winning_check():
    """FR: "chaque joueur doit être le vainqueur ... durant son tour de jeu" read literally: the
    mover must be winning after the Palette play as well as at the end. Playing the B2 leaves
    player 0 behind the O3 under Red, so the play-then-discard turn goes under every_step."""
    text = "red 0 basic | B2 G5 / R1 | Y7 / O3"
    assert moves(text, winning_check="end_of_turn") == ["pass", "play B2 discard G5", "play G5", "play G5 discard B2"]
    assert moves(text, winning_check="every_step") == ["pass", "play G5", "play G5 discard B2"]
    kept = under(text, winning_check="every_step", losing_turns="legal")
    assert game.apply(kept, "play B2 discard G5").is_out(0)  # a losing turn where losing turns are moves


def test_discard_becomes():
    """FR: a discard "possible uniquement si le joueur devient vainqueur" read literally: not by a
    player already winning. After the G5, player 0 is winning under Red, so no discard may follow."""
    text = "red 0 basic | B2 G5 / R1 | Y7 / O3"
    assert moves(text, discard_becomes="winning_after") == ["pass", "play B2 discard G5", "play G5",
                                                            "play G5 discard B2"]
    assert moves(text, discard_becomes="was_not_winning") == ["pass", "play B2 discard G5", "play G5"]


def test_action1_only_card():
    """V1.1 forbids a 1 to take an opponent's only Palette card; FR says nothing of it. It can
    matter only when Palettes are counted before the 1 is played (entry 5): here the mover's one
    Palette card equals player 1's one card."""
    text = "red 0 actions | R1 / V2 | O6 / O2 | deck G1"
    for count in ("after_play", "before_play"):
        assert moves(text, action1_only_card="never", action1_count=count) == ["pass"]
    assert moves(text, action1_only_card="allowed", action1_count="after_play") == ["pass"]
    assert moves(text, action1_only_card="allowed", action1_count="before_play") == ["pass", "play R1 take O2"]


def test_action7_deck_place():
    """FR: the 7 puts the card "sur la pioche" (where unsaid); EN-REF "draw-deck top"."""
    text = "red 0 actions | B7 / R6 O1 | O5 / O2 | deck G1"
    top = game.apply(under(text, action7_deck_place="top"), "play B7 deck O1")
    bottom = game.apply(under(text, action7_deck_place="bottom"), "play B7 deck O1")
    assert top.deck == (parse_card("O1"), parse_card("G1")) and bottom.deck == (parse_card("G1"), parse_card("O1"))
