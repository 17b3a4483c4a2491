"""Every sentence of the Realms rule text (``realms-trick-taking.en.txt``) with what covers it and what
the checklist of ``report.trace`` found in it: the traceability appendix of the Realms report. A
test fails on a sentence covered by nothing."""

from __future__ import annotations

from ..trace import clauses as C
from ..trace import entries as E
from ..trace import row as T
from ..trace import switches as S

TEXT = "realms-trick-taking.en.txt"
LABELS = {TEXT: "RULES"}
TRACE_INTRO = ("Every sentence of the rule text, numbered in order, with what covers it: a clause of the engine "
               "(`arbiter.model.realms`: where the rule is encoded), a reading switch, or an entry of this report. "
               "The checklist below was asked of each sentence; the last column records what it found (each "
               "finding is an entry, a switch or a decision said in words, the decisions also in "
               "docs/rules-realms.md); nothing found means every question was asked and none applied.")

HEADING = ("clause:a heading of the text, no rule",)


ONE_SCORER = ("tie", ("no tie can arise: a trick scores 10 points for one player at most, so only one player reaches "
                     "50 or 100 first (theorem realms/at-most-one-winner)"))
ROWS = (
    T("Objective", HEADING),
    T("Be the first player to reach 100 points.", C("game: TARGET, the game ends when a score reaches 100"), ONE_SCORER),
    T("Each won trick is worth 10 points.", C("game: POINTS_PER_TRICK"),
      ("impossible", "a trick nobody wins scores nothing: entry 10")),
    T("A round ends as soon as any player reaches 50 points; record scores, reshuffle, and start a new round.",
      E("halftime") + S("halftime"), ("editions", "\"start a new round\" against \"redeal, resume\": entry 17"),
      ("boundary", "only the first round ends at 50 (a second halftime would come at 100, which ends the game)")),
    T("The game ends immediately when a player reaches 100 points.", C("game: phase OVER at 100")),
    T("No ties.", C("game: one trick scores for one player"), ONE_SCORER),
    T("Components (65‑card deck)", C("cards: 65 cards")),
    T("36 Number Cards → 1–9 in four colours: Red, Yellow, Blue, Green.", C("cards: R1..G9")),
    T("20 Picture Cards → 5 per colour: Realm (Sun/Moon), Dragon, Sorcerer, Guard, Troll.", C("cards: pictures"),
      ("terms", "\"Realm\" names a picture card and a pair of colours: entries 9, 21 and 29")),
    T("5 Specials → Phoenix, Giant, Cyclone, Tree, Warlock.", C("cards: Specials")),
    T("4 Wild Numbers → Purple 1–4.", C("cards: Purple wilds"),
      ("terms", "\"Wild Numbers\", \"Purple Wilds\" and \"Purple\" name one kind of card: glossary")),
    T("Ruling Colour Markers → to track the current ruling colour.", C("game: Position.ruling, the marker")),
    T("Specials sit outside normal rank order.", E("specials-follow", "special-lead") + S("specials_follow"),
      ("terms", "outside rank order, or outside the follow rule too: entry 13")),
    T("Unless stated otherwise, they can win a trick by rank alone.", E("special-vs-match", "match-after-special")
      + S("special_vs_match"), ("order", "a Special against a match played before or after it: entries 5 and 24")),
    T("🔥 Phoenix → Supreme.", C("spec: SpecialOrder.winners, the Phoenix first")),
    T("No card defeats it.", C("spec: SpecialOrder.winners"), ("tie", "one Phoenix: no tie")),
    T("⛰ Giant → Second to Phoenix.", C("spec: SpecialOrder.winners")),
    T("When played, instantly flips the ruling colour within its realm: Red ↔ Yellow, Blue ↔ Green.",
      C("spec: Effects.flip") + E("realm-links") + S("nominated_links"),
      ("order", "the flip is applied when the Giant is played; later matches shift from the flipped colour"),
      ("impossible", "a nominated colour: entry 21")),
    T("☿ Warlock → Third.", C("spec: SpecialOrder.winners")),
    T("After play, search the discard pile, reveal one card, and add it to your hand.",
      C("game: the Warlock's move names the card taken") + E("recycle"),
      ("choice", "the Warlock's player chooses the card"),
      ("impossible", "an empty discard pile: the Warlock takes nothing (decision); entry 19 says when it empties"),
      ("order", "the trick in progress is not yet in the discard pile (decision)")),
    T("✹ Cyclone → Cannot win a trick.", C("spec: SpecialOrder.cannot_win")),
    T("When played, change the ruling colour to any colour of your choice; you lead the next trick even though you did "
      "not win this one.", C("spec: Effects.choose, Effects.leads_next"), ("choice", "the Cyclone's player chooses"),
      ("impossible", "a colour nobody plays: entry 10")),
    T("🌳 Tree → Cannot win a trick.", C("spec: SpecialOrder.cannot_win")),
    T("Search the draw pile for any card, reveal it, add it to your hand, then reshuffle the draw pile.",
      C("game: the Tree's move names the card taken; the rest of the pile is reshuffled"),
      ("choice", "the Tree's player chooses the card"),
      ("impossible", "an empty draw pile: the Tree takes nothing, and does not search the discard pile (decision)")),
    T("Colours pair into Realms.", C("cards: partner, colour ^ 1") + E("realm-follow", "realm-links")
      + S("realm_follow"), ("terms", "\"Realm\" as a pair of colours: entries 15 and 21")),
    T("Realm cards are the highest picture rank within their realm.", E("realm-rank") + S("realm_rank"),
      ("terms", "\"realm\" here may be the card's colour or its pair of colours: entry 29")),
    T("Normal Rank Order (within a colour)", C("spec: normal()")),
    T("Realm (Sun / Moon)", C("spec: normal(), the Realm rung first")),
    T("Dragon 🐉", C("spec: normal()")),
    T("Sorcerer ✧", C("spec: normal()")),
    T("Guard 🛡️", C("spec: normal()")),
    T("Troll 👹", C("spec: normal()")),
    T("Numbers (1–9)", C("spec: normal(), numbers 9 down to 1") + E("number-tie") + S("number_tie"),
      ("tie", "two cards of one number and colour only with a Purple: entry 26")),
    T("Troll (ability)", HEADING + E("troll-bullets"),
      ("terms", "the bullets under this heading speak of the Purple: entry 14")),
    T("When played, discard one card from your hand, then choose a player at random and take one random card from "
      "their hand (without looking).", C("game: the Troll's move names the discard; the steal is a chance event")
      + E("troll-victim") + S("troll_victim"),
      ("choice", "the Troll's player chooses the discard; the victim and the card are random"),
      ("impossible", ("no card left to discard: the steal still happens; a victim with an empty hand gives nothing "
                     "(decisions)")),
      ("order", "the discard comes before the steal, so the stolen card cannot be discarded")),
    T("May follow any colour.", E("troll-bullets", "purple-follows") + S("troll_bullets"),
      ("terms", "a sentence with no subject under the Troll heading: entry 14")),
    T("Leading Purple: the leader nominates a colour for this trick; the Purple counts as that colour’s number.",
      C("spec: PurpleRule, a leading Purple takes the nominated colour") + E("purple-colour", "purple-at-resolution")
      + S("purple_colour"), ("choice", "the leader nominates"),
      ("impossible", "a following Purple gets no colour from this sentence: entries 7 and 25")),
    T("Purple numbers sit in normal numeric rank for the nominated colour.", E("number-tie", "purple-wins")
      + S("number_tie"), ("tie", "a Purple level with a coloured card of its number: entry 26")),
    T("Wins only if (a) it is the highest number of the ruling colour at resolution, or (b) it is the last valid colour "
      "match in the trick.", E("purple-wins", "purple-match", "purple-at-resolution", "same-colour-match")
      + S("purple_wins", "purple_match"), ("terms", "\"only if\" as a condition or a rule: entry 8"),
      ("order", "\"at resolution\": entry 25"), ("tie", "\"the highest number\" when another card ties it: entry 26")),
    T("Realm links are ignored for Purple nominations: Red ≠ Yellow, Blue ≠ Green.", E("realm-links")
      + S("nominated_links"), ("terms", "\"Realm links\" is never defined: entry 21")),
    T("Shuffle the 65‑card deck.", C("game.deal: a seeded shuffle")),
    T("Deal 7 cards to each player.", C("game: HAND_SIZE") + E("player-count"),
      ("boundary", "the number of players is never given: entry 22")),
    T("The dealer chooses the starting ruling colour before looking at their hand; place the marker on that colour.",
      C("game: phase RULING, the dealer's choice") + E("first-lead") + S("first_lead"),
      ("choice", "the dealer chooses; the greedy players of the sample choose at random, as they may not look"),
      ("order", "who leads the first trick is not said: entry 16")),
    T("Place the remainder face‑down as the draw pile; make a face‑up discard pile during play.",
      C("game: Position.draw, Position.discard; a trick's cards go to the discard pile when it ends")),
    T("Appoint a scorekeeper.", C("game: Position.scores (a table habit, no rule of play)")),
    T("Draw Phase", HEADING),
    T("At the start of each trick, any player with fewer than 7 cards draws back up to 7 (if possible).",
      C("game: phase DRAW, in turn from the leader") + E("player-count"),
      ("order", "the players draw in turn from the leader (decision)"),
      ("impossible", "both piles empty: the draw is skipped (entry 19)")),
    T("Lead", HEADING),
    T("The winner of the previous trick leads and may play any card.", C("game: Position.leader") + E("first-lead",
      "no-winner"), ("impossible", "the first trick, and a trick nobody won: entries 16 and 10")),
    T("That card’s colour sets the ruling colour for this trick (unless later overridden).", E("special-lead")
      + S("special_lead"), ("impossible", "a lead with no colour: entry 27")),
    T("Update the marker immediately.", C("reference.walk: the marker after every card")),
    T("Follow", HEADING),
    T("Players must follow the ruling colour if able.", E("follow-colour", "match-follow", "purple-follows")
      + S("follow_colour", "match_follow", "purple_follows"),
      ("terms", "\"the ruling colour\" now or as led: entry 11; \"able\" with a Purple: entry 28")),
    T("If not, they may play any other card, including Specials or Purple Wilds.", E("specials-follow",
      "troll-bullets") + S("specials_follow")),
    T("Colour Match Override", E("same-colour-match") + S("colour_match"),
      ("terms", "a \"Colour Match\" named for the shift it makes: entry 23")),
    T("If a later player plays a card that matches the number or picture type of any earlier card in the trick, the "
      "ruling colour instantly shifts to the new card’s colour.", C("spec: Matching") + E("same-colour-match",
      "purple-match", "realm-shadow") + S("colour_match", "purple_match", "realm_shadow"),
      ("impossible", "a matching card already of the ruling colour, or of no colour: entry 23")),
    T("Update the marker.", C("reference.walk")),
    T("That card becomes the current winner, even if it would normally be weaker by rank.", E("match-vs-rank")
      + S("resolution")),
    T("Timing Rule", HEADING),
    T("Colour matches win in time order: a later valid match outranks earlier plays (even Dragons).",
      E("timing-vs-matched-dragon", "match-after-special") + S("resolution", "special_vs_match"),
      ("order", "a match after a Giant or a Warlock: entry 24")),
    T("The last valid colour match at resolution wins, unless beaten by a higher Special (Phoenix > Giant > Warlock).",
      E("timing-vs-matched-number", "special-vs-match") + S("resolution", "special_vs_match")),
    T("Match Rank Nuance", E("timing-vs-matched-number", "nuance-pictures")),
    T("A matched Number (e.g., 3–3) ranks just below a Troll of the ruling colour.", E("timing-vs-matched-number")
      + S("resolution"), ("terms", "contradicts the Timing Rule: entry 1")),
    T("A matched Dragon sits below a Dragon of the ruling colour but above a Sorcerer.", E("timing-vs-matched-dragon",
      "nuance-pictures") + S("resolution", "nuance_pictures"),
      ("impossible", "matched Realms, Sorcerers, Guards and Trolls are not placed: entry 20")),
    T("Examples", HEADING),
    T("Red 5 → Blue 5 → shift to Blue → Blue 5 currently winning.", C("theorem realms/examples/<reading>"),
      ("examples", "holds under every reading one switch from the default (theorems realms/examples/...)")),
    T("Yellow Dragon → Green Dragon → shift to Green → Green Dragon winning.", C("theorem realms/examples/<reading>"),
      ("examples", "holds under every reading one switch from the default")),
    T("Yellow Dragon → Red Dragon → Red 5 → Blue 5 → shifts: Yellow → Red → Red → Blue → Blue 5 wins (unless a higher "
      "Special intervenes).", E("example-vs-nuance") + S("resolution"),
      ("examples", "fails under resolution=nuance only (the Red Dragon wins): entry 3")),
    T("Resolution Checklist", HEADING),
    T("Resolve instant effects: Giant, Cyclone, Warlock, Tree, Troll.", C("reference.walk: effects as each card is "
      "played"), ("order", ("a checklist read after the trick against effects as played: both give the same marker, "
                           "since every effect is applied when its card is played (sentence 94)"))),
    T("Apply Colour Match shifts and timing.", E("special-vs-match", "same-colour-match") + S("special_vs_match")),
    T("Apply Wild dominance (Phoenix > Giant > Warlock).", E("special-vs-match", "match-after-special")
      + S("special_vs_match"), ("terms", "\"Wild\" for the Specials here, for the Purples elsewhere: glossary")),
    T("Cyclone/Tree cannot win.", C("spec: SpecialOrder.cannot_win")),
    T("Otherwise, evaluate by Realm hierarchy within the ruling colour.", E("match-vs-rank", "no-winner")
      + S("resolution", "no_winner"), ("impossible", "no card of the ruling colour: entry 10")),
    T("Winner & Next Lead", HEADING),
    T("The trick is won by either (1) the last valid colour match, or (2) the highest eligible Special.",
      E("special-vs-match", "no-winner") + S("special_vs_match", "no_winner"),
      ("terms", "\"eligible\" is never defined: entry 5")),
    T("The winner leads the next trick.", C("reference.resolve: leads_next") + E("no-winner")),
    T("(Exception: Cyclone’s player leads next even if they didn’t win.)", C("spec: Effects.leads_next")),
    T("Deck Recycling", HEADING),
    T("If the draw pile empties, shuffle the discard pile to form a new draw pile.", E("recycle") + S("recycle")),
    T("If both are empty and a draw is required, skip the draw and continue.", E("recycle") + S("recycle"),
      ("impossible", "a player with no card at all passes (decision)")),
    T("Each trick won → 10 points.", C("game: POINTS_PER_TRICK")),
    T("First to 50 points triggers halftime: record scores, reshuffle, redeal, resume.", E("halftime")
      + S("halftime")),
    T("First to 100 points wins the game immediately.", C("game: TARGET"), ONE_SCORER),
    T("No shared wins.", C("game: one trick scores for one player"), ONE_SCORER),
    T("Use the marker to track the current ruling colour.", C("game: Position.ruling")),
    T("Update it immediately when:", C("reference.walk")),
    T("The lead sets a colour.", E("special-lead") + S("special_lead"),
      ("impossible", "a lead with no colour sets none: entry 27")),
    T("A Colour Match shifts the ruling colour.", E("same-colour-match") + S("colour_match")),
    T("Giant flips within its realm.", C("spec: Effects.flip") + E("realm-links")),
    T("Cyclone changes it to any colour.", C("spec: Effects.choose")),
    T("A Purple lead nominates a colour for the trick.", C("spec: PurpleRule") + E("realm-links")),
    T("The marker is informational only, but must always reflect the true state for clarity and speed of play.",
      E("follow-colour") + S("follow_colour")),
    T("Instant resolution: Giant/Cyclone/Warlock/Tree/Troll resolve as soon as they are played.",
      C("reference.walk; game.successor")),
    T("Purple Wilds ignore Realm links and only win if highest number or last valid colour match.",
      E("purple-wins", "realm-links") + S("purple_wins", "nominated_links")),
    T("Hand size can fluctuate (Troll/Tree/Warlock).", C("game: hands as card sets of any size; theorem "
      "realms/largest-hand"), ("boundary", "no hand ever holds more than 7 cards (theorem realms/largest-hand)")),
    T("At each Draw Phase, restore to 7 if possible.", C("game: phase DRAW")),
    T("If missed, draw now to correct (multiple cards may be drawn if forgotten).", C("game: the engine never misses "
      "a draw (a table habit, no rule of play)")),
    T("Cannot follow?", E("specials-follow")),
    T("You may play anything, but remember Cyclone and Tree cannot win.", E("specials-follow") + S("specials_follow")),
    T("Realm Shadow only compares Realm vs.", E("realm-shadow") + S("realm_shadow"),
      ("terms", "\"Realm Shadow\" is never defined: entry 9")),
    T("Realm (Sun/Moon), not other ranks.", E("realm-shadow") + S("realm_shadow")),
)
TRACES = {TEXT: ROWS}
