"""Every sentence of the three Red7 sources (``red7-card-reference.en.txt``, ``red7-rules.fr.txt``,
``red7-digest.md``) with what covers it and what the checklist of ``report.trace`` found in it: the
traceability appendix of the Red7 report. A test fails on a sentence covered by nothing."""

from __future__ import annotations

from ..trace import Trace
from ..trace import clauses as C
from ..trace import entries as E
from ..trace import row as T
from ..trace import switches as S

LABELS = {"red7-card-reference.en.txt": "EN-REF", "red7-rules.fr.txt": "FR", "red7-digest.md": "digest"}
TRACE_INTRO = ("Every sentence of the three sources, numbered in order, with what covers it: a clause of the engine "
               "(`arbiter.model.red7`: where the rule is encoded), a reading switch, or an entry of this report. "
               "The checklist below was asked of each sentence; the last column records what it found (each "
               "finding is an entry, a switch or a decision said in words); nothing found means every question "
               "was asked and none applied.")

COLOURS = "(?:Red|Orange|Yellow|Green|Blue|Indigo|Violet)"
HEADING = ("clause:a heading or a cross-reference of the text, no rule",)


NO_TIE = ("tie", ("the tie-break cannot tie: every card is unique, so two Palettes never share their highest "
                 "qualifying card; the only tie left is nobody qualifying (entry 1)"))
FR_ROWS = (
    T("But du jeu", HEADING),
    T("Être le dernier joueur encore en lice afin de remporter la manche.", C("game.Position.winner") + E("winning-two-senses"),
      ("terms", "'remporter la manche' (the round) against 'vainqueur' (ahead under the rule): entry 27")),
    T("Une manche se joue en plusieurs tours de jeu.", C("game.successors: a round is a sequence of whole turns")),
    T("Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter la règle en vigueur, "
      "durant son tour de jeu.", E("fr-during-turn", "winning-two-senses", "out-palettes") + S("winning_check"),
      ("order", "'durant' against 'à la fin de son tour': entry 30, switch winning_check"),
      ("terms", "'vainqueur' for ahead under the rule: entry 27"),
      ("editions", "FR never says out players' Palettes stop counting: entry 25")),
    T("Tour de jeu", HEADING),
    T("Lors de son tour, un joueur doit effectuer, au choix, une des actions suivantes :",
      C("game.TurnGenerator: exactly one of the listed kinds of turn"),
      ("terms", "FR's 'action' is a kind of turn; English 'action' is a card's effect (FR 'effet'): glossary")),
    T("Jouer une carte de sa main sur sa Palette ;", C("game.TurnGenerator.as_is") + E("losing-play"),
      ("impossible", "a play that leaves the mover not winning: entry 18")),
    T("Défausser une carte de sa main sur la Toile afin de modifier la règle en vigueur.",
      E("same-colour-discard") + S("same_colour_discard"),
      ("terms", "'afin de modifier la règle' read as a condition: entry 19")),
    T("Cette action est possible uniquement si le joueur devient vainqueur après modification de la règle ;",
      E("losing-discard", "fr-becomes-winner") + S("losing_turns", "discard_becomes"),
      ("impossible", "a discard that would leave the mover not winning: entry 2"),
      ("editions", "'devient' (becomes) read literally: entry 32")),
    T("Jouer une carte de sa main sur sa Palette PUIS défausser une carte de sa main sur la Toile afin de modifier la "
      "règle en vigueur.", C("game.TurnGenerator.after_play: a play then a discard") + E("fr-during-turn"),
      ("order", "whether the mover must be winning between the play and the discard: entry 30")),
    T("Passer son tour.", C("game.PASS_MOVE: always legal while the round goes on")),
    T("Un joueur qui passe son tour est automatiquement éliminé de la manche en cours.",
      C("game._finish: a pass puts the mover out") + E("losing-play"),
      ("choice", "a player who could stay in may still pass: the engine allows it (pass is always a move)")),
    T("Si un joueur n'est pas le vainqueur à la fin de son tour, il est éliminé de la manche en cours.",
      C("game._finish") + E("losing-play", "fr-during-turn"),
      ("order", "checked at the end of the turn: entries 11 and 30")),
    T("Si un joueur n'a pas de carte en main au début de son tour, il est éliminé de la manche en cours.",
      C("game.next_to_move: an empty hand at the start of one's turn is out"),
      ("boundary", "the last hand card: a player who empties their hand stays in until their next turn starts")),
    T("Règles par couleur", HEADING),
    T("Rouge : la plus forte carte gagne.", C("spec.RULES: Red, HighestCard"),
      ("terms", "'gagne' here means is winning, not wins the round: entry 27")),
    T("Orange : le plus de cartes de la même valeur gagne.", C("spec.RULES: Orange, LargestGroup(number)")
      + E("tie-break-card", "banked-set"), ("tie", "two groups of one number each as large: entries 24 and 14")),
    T("Jaune : le plus de cartes de la même couleur gagne.", C("spec.RULES: Yellow, LargestGroup(colour)")
      + E("tie-break-card", "banked-set"), ("tie", "two colours each as large: entries 24 and 14")),
    T("Vert : le plus de cartes paires gagne.", C("spec.RULES: Green, AllMatching(2, 4, 6)") + E("nobody-qualifies"),
      ("boundary", "nobody has an even card: entry 1")),
    T("Bleu : le plus de cartes de couleurs différentes gagne.", C("spec.RULES: Blue, OnePerKey(colour)")
      + E("banked-set"), ("tie", ("the highest card of each colour stands for it (digest: 'under Blue: the highest "
                                 "card of each colour')"))),
    T("Indigo : la plus longue suite de cartes gagne.", C("spec.RULES: Indigo, LongestRun(number)")
      + E("indigo-duplicates", "tie-break-card", "indigo-wrap"),
      ("boundary", "a second card of a number: entry 15; a run that wraps from 7 to 1: entry 35")),
    T("(exemple : 4, 5, 6 ; pas besoin d'être dans la même couleur)", C("spec.RULES: Indigo"),
      ("examples", "4, 5, 6 of three colours is a run of three under every reading (tested)")),
    T("Violet : le plus de cartes strictement inférieures à 4 gagne.", C("spec.RULES: Violet, AllMatching(1, 2, 3)")
      + E("nobody-qualifies"), ("boundary", "4 excluded, as V1.1's 'below 4'; nobody below 4: entry 1")),
    T("(valeur 1, 2 ou 3)", C("spec.RULES: Violet"),
      ("examples", "the 1, 2 and 3 qualify under Violet and the 4 does not, under every reading (tested)")),
    T("Départage", HEADING),
    T("En cas d'égalité vis-à-vis de la règle, le vainqueur est celui qui possède la carte qui respecte la règle de "
      "plus forte valeur.", E("tie-break-card", "indigo-duplicates") + S("tie_break"),
      ("tie", "which card breaks a tie under Orange, Yellow and Indigo: entry 24"),
      ("terms", "'respecte la règle' in two senses (any card against the compared group): entry 24")),
    T("S'il y a égalité entre les valeurs on regarde la plus forte couleur selon la hiérarchie suivante : Rouge > "
      "Orange > Jaune > Vert > Bleu > Indigo > Violet.", C("cards: the colour decides between equal numbers"),
      NO_TIE),
    T("Règle de pioche avancée", HEADING),
    T("Si vous jouez une carte sur la Toile dont la valeur numérique est supérieure au nombre de cartes présentes sur "
      "votre Palette, vous piochez une carte (excepté si la pioche est vide).",
      E("advanced-draw", "fr-play-to-canvas", "advanced-draw-count", "action7-advanced-draw")
      + S("advanced_draw", "advanced_draw_count", "action7_advanced_draw"),
      ("editions", "'vous piochez' against V1.1's 'may': entry 3"), ("terms", "'jouez' for a discard: entry 31"),
      ("order", "the Palette counted before or after this turn's play: entry 23"),
      ("boundary", "'supérieure' is strict: a number equal to the Palette's size gives no draw (engine)"),
      ("impossible", "an empty deck: no draw, as the sentence says")),
    T("Règle des actions liées aux cartes", HEADING),
    T("Jouez une carte impaire sur votre Palette active un effet particulier :",
      E("action-mode", "action-if-you-can") + S("action_mode"),
      ("editions", "'active' against V1.1's 'must': entry 13"),
      ("impossible", "an action that cannot be done is skipped: entry 13; one that can but leaves you out: entry 33")),
    T("Carte de valeur 1 : Défaussez vers la pioche une carte de la Palette d'un adversaire si celui-ci a autant ou "
      "plus de carte que vous sur votre Palette.",
      E("action1-eligibility", "action1-count", "action1-destination", "action1-only-card", "action1-out-players")
      + S("action1_eligibility", "action1_count", "action1_destination", "action1_only_card", "action1_out_players"),
      ("choice", ("the player of the 1 chooses the opponent and the card (the sentence speaks to them); each choice "
                 "is a turn of its own")),
      ("order", "Palettes counted with or without the 1: entry 5"), ("boundary", "an opponent's only card: entry 26"),
      ("editions", "'vers la pioche': top or bottom, entry 6; 'un adversaire' who is out: entry 21"),
      ("impossible", "no eligible opponent: the action is skipped, entry 13")),
    T("Carte de valeur 3 : Piochez une carte.", E("action3-drawn-card", "action-mode") + S("action3_draw_discardable"),
      ("impossible", "an empty deck: nothing is drawn (EN-REF 'an empty draw deck gives nothing'), entry 13"),
      ("order", "the drawn card as this turn's discard: entry 7")),
    T("Carte de valeur 5 : Jouer une autre carte de votre main sur votre Palette.", E("action5-chains")
      + S("action5_chains"), ("impossible", "an empty hand: the action is skipped, entry 13"),
      ("order", "a discard may still follow (V1.1 says so; the engine allows it)")),
    T("Carte de valeur 7 : Choisissez une carte de votre Palette et défaussez-la sur la Toile ou sur la pioche.",
      E("action7-destination", "action7-deck-place", "action7-self", "action7-check", "action7-advanced-draw")
      + S("action7_destination", "action7_deck_place", "action7_self"),
      ("choice", "the player of the 7 chooses the card and where it goes"),
      ("boundary", "the 7 itself: entry 20"), ("editions", "'sur la pioche': top or bottom, entry 34"),
      ("order", "winning checked after the move or at the end: entry 11")),
)

EN_REF_ROWS = (
    T("Cards & Components", HEADING),
    T("Every numbered face, rule reference and Action icon.", HEADING),
    T("Numbered-card and starting-Canvas pictures show the English retail faces from the matching Tabletop Simulator "
      "mod.", C("pictures of the cards, no rule")),
    T("The color reference and comparison aid are pictured in the English v1.3 rulebook.",
      C("pictures of the cards, no rule"), ("editions", ("EN-REF follows v1.3, which is not among the sources: said "
                                                        "in the report's Sources and in each entry where it differs "
                                                        "from V1.1"))),
    T("Effects follow the English v1.3 rulebook; a card’s number ranks it and its color becomes a rule only when it "
      "is on top of the Canvas.", C("cards: number then colour", "game.Position.rule: the top Canvas card's colour")
      + E("same-colour-discard"), ("editions", "v1.3 against V1.1: the report's Sources")),
    T("Boards", HEADING), T("There is no board.", C("no board in the model")),
    T("The following diagram shows the shared piles and the two players’ areas.", HEADING),
    T("Opponent hand — private options.", C("model.red7.view: what a seat is shown")),
    T("Opponent Palette — their face-up qualifying cards.", C("game.Position.palettes")),
    T("Canvas — current shared rule.", C("game.Position.rule")),
    T("Draw deck — cards available for drawing.", C("game.Position.deck")),
    T("Your Palette — your public comparison set.", C("game.Position.palettes")),
    T("Your hand — cards spent on your turn.", C("game.Position.hands")),
    T("Cards", HEADING), T("Numbered cards", HEADING),
    T("Every number–color combination occurs once: seven colors × seven numbers = 49 cards.", C("cards: 49 cards"),
      NO_TIE),
    T("In Basic play there are no card Actions.", S("actions")),
    T("[Actions] Odd-number abilities trigger only when played to a Palette.", E("action-mode") + S("actions"),
      ("editions", "'trigger' against V1.1's 'must': entry 13"),
      ("terms", "'abilities' for actions: glossary ('action')")),
    T("[Advanced] A scored card is worth its printed number.", C("game.points")),
    T("Rulings that apply to every row below: ties use qualifying cards only; eliminated Palettes stop competing.",
      E("tie-break-card", "out-palettes") + S("tie_break", "out_palettes"),
      ("tie", "which qualifying cards: entry 24"), ("boundary", "players who are out: entry 25")),
    T("See the seven rules and Action rules.", HEADING),
    T("Picture", HEADING), T("Description", HEADING), T("Meaning", HEADING),
    Trace(rf"{COLOURS} [1-7]\.", C("cards: one card per colour and number")),
    Trace(rf"Number [1-7]; {COLOURS} ranks [1-7] of 7 in a same-number tie \(1 is strongest\)\.",
          C("cards: the colour order breaks a same-number tie"), (NO_TIE,)),
    T("On the Canvas, compare your single highest card.", C("spec.RULES: Red, HighestCard")),
    T("On the Canvas, compare the largest group with one number.", C("spec.RULES: Orange") + E("tie-break-card"),
      ("tie", "two groups as large: entry 24")),
    T("On the Canvas, compare the largest group with one color.", C("spec.RULES: Yellow") + E("tie-break-card"),
      ("tie", "two colours as large: entry 24")),
    T("On the Canvas, compare all even cards (2, 4, 6).", C("spec.RULES: Green") + E("nobody-qualifies"),
      ("examples", "2, 4 and 6 qualify under Green, the odd cards do not (tested)"), ("boundary", "no even card: entry 1")),
    T("On the Canvas, compare one card of each different color.", C("spec.RULES: Blue") + E("banked-set"),
      ("tie", "the highest card of each colour stands for it")),
    T("On the Canvas, compare the longest sequence of consecutive numbers.", C("spec.RULES: Indigo")
      + E("indigo-duplicates", "tie-break-card", "indigo-wrap"),
      ("boundary", "duplicates: entry 15; a wrap from 7 to 1: entry 35")),
    T("On the Canvas, compare all cards below 4 (1, 2, 3).", C("spec.RULES: Violet") + E("nobody-qualifies"),
      ("examples", "1, 2 and 3 qualify under Violet, the 4 does not (tested)"), ("boundary", "none below 4: entry 1")),
    T("[Actions] Remove an eligible opponent’s Palette card to the draw deck; your turn must still keep you in the "
      "round.", E("action1-eligibility", "action1-destination", "losing-play", "action-if-you-can")
      + S("action1_eligibility", "action1_destination"),
      ("terms", "'eligible' is not defined: entry 4"), ("editions", "'to the draw deck': top or bottom, entry 6"),
      ("order", "'must still keep you in': the turn, not the action, entries 18 and 33")),
    T("[Actions] Draw one card, if possible; it may supply your subsequent Canvas discard.",
      E("action3-drawn-card", "action-mode") + S("action3_draw_discardable"),
      ("impossible", "'if possible': an empty deck gives nothing, entry 13")),
    T("[Actions] Play another hand card to your Palette and resolve its Action, if any.",
      E("action5-chains") + S("action5_chains"), ("impossible", "an empty hand: entry 13")),
    T("[Actions] Remove a Palette card to the Canvas or draw-deck top; stay in the round.",
      E("action7-destination", "action7-self", "action7-check", "losing-play", "action-if-you-can")
      + S("action7_destination", "action7_self", "action7_check"),
      ("boundary", "'a Palette card' may be the 7 itself: entry 20"),
      ("order", "'stay in the round' names the result, not a moment: entry 11")),
    T("This removal gives no Advanced draw.", E("action7-advanced-draw") + S("action7_advanced_draw")),
    T("No Action.", C("cards.ACTION_MASK: even cards have no action")),
    T("Rules.", HEADING), T("Action details.", HEADING), T("Setup and first player.", HEADING),
    T("Scoring.", HEADING), T("Breaking ties.", HEADING),
    T("Shared rule and reference faces", HEADING), T("Starting Canvas.", HEADING),
    T("Begin with Red: highest single card.", C("game.dealt: the Canvas starts as Red") + E("fr-setup", "next-round-first"),
      ("editions", "FR has no set-up: entry 29"), ("order", "every round begins with Red (entry 16)")),
    T("Later Canvas cards replace this rule; none of them count in a Palette.", C("game.Position.rule")),
    T("Color reference.", HEADING),
    T("Lists all seven rules and the color tie-break order.", HEADING),
    T("Use it to choose a winning rule, then bank only the qualifying set in [Advanced] play.",
      E("banked-set") + S("banked_set"), ("tie", "two equally large groups: entry 14")),
    T("Comparison aid.", HEADING),
    T("Follow count → highest qualifying number → color strength.", C("fast.KEYS: count, then highest qualifying card")
      + E("tie-break-card"), ("tie", "the highest qualifying card: entry 24"), NO_TIE),
    T("The booklet shows this face on two identical aids.", C("pictures of the cards, no rule")),
    T("Tiles", HEADING), T("This game has no tiles.", C("no tiles in the model")),
    T("Tokens & pieces", HEADING), T("This game uses no tokens or other pieces.", C("no tokens in the model")),
    T("[Advanced] Scored cards themselves keep the running total.", C("match.Match.banked: the scores are the banked "
                                                                      "cards' numbers")),
    T("Icons", HEADING),
    T("1 — remove.", HEADING), T("3 — draw.", HEADING), T("5 — extra Palette play.", HEADING), T("7 — remove.", HEADING),
    T("Target another eligible Palette, not the Canvas.", E("action1-eligibility", "action1-out-players")
      + S("action1_out_players"),
      ("terms", "'another eligible Palette': entry 4; a Palette of a player who is out: entry 21")),
    T("Resolve after playing to your Palette; an empty draw deck gives nothing.", E("action1-count", "action-mode"),
      ("order", "an action resolves after its card is played: entry 5"), ("impossible", "empty deck: entry 13")),
    T("The new card can trigger another Action.", E("action5-chains") + S("action5_chains")),
    T("Move a Palette card to Canvas or draw-deck top.", E("action7-destination", "action7-deck-place")
      + S("action7_destination", "action7_deck_place")),
    T("[Advanced] This discard earns no bonus draw.", E("action7-advanced-draw") + S("action7_advanced_draw"),
      ("terms", "the 7's move called a 'discard' here and a 'removal' above: entry 10")),
)

DIGEST_ROWS = (
    T("Red7: rules digest, sources and default readings", HEADING),
    T("Three sources describe Red7 here.", C("the report's Sources")),
    T("Quote them by these names:", C("the report's Sources")),
    T("name | file | what it is", HEADING),
    T("EN-REF | `red7-card-reference.en.txt` | English card-by-card reference, says effects follow the English v1.3 "
      "rulebook", C("the report's Sources")),
    T("FR | `red7-rules.fr.txt` | French rules text: turn, seven rules, tie-break, advanced draw, actions",
      C("the report's Sources")),
    T("V1.1 | (summarised below) | the publisher's English rulebook, version 1.1 (2014); its text is not in this "
      "folder, these are its facts in our words", C("the report's Sources: V1.1 is quoted as a paraphrase")),
    T("The game (V1.1 facts, in our words)", HEADING),
    T("49 cards: numbers 1-7 in seven colours.", C("cards: 49 cards")),
    T("A higher number is a higher card; between equal numbers the colour decides, strongest first: Red, Orange, "
      "Yellow, Green, Blue, Indigo, Violet.", C("cards: the card order"), NO_TIE),
    T("2-4 players.", C("game.deal: 2 to 4 players")),
    T("Deal 7 cards to each hand and 1 card face up to each Palette.", C("game.dealt") + E("fr-setup", "new-hand"),
      ("editions", "FR has no set-up: entry 29"), ("boundary", "the last deal: entry 22")),
    T("The Canvas pile starts with the \"playing Red\" card.", C("game.dealt: Canvas Red") + E("fr-setup")),
    T("The player with the highest Palette card is winning Red; the player to that player's left goes first.",
      C("game.dealt: first player") + E("next-round-first", "fr-setup") + S("next_round_first"),
      ("order", "who starts the next round: entry 16"),
      ("order", ("play goes on to the left: no source says so after the first player; the engine passes the turn to "
                "the next seat, and entry 29's wording says it")), NO_TIE),
    T("On a turn a player does exactly one of: play a hand card to their Palette; discard a hand card to the Canvas "
      "(the top Canvas card's colour is the new rule, and the player must be winning under it); play to the Palette "
      "and then discard to the Canvas; or do nothing and lose (forced when the hand is empty).",
      C("game.TurnGenerator") + E("losing-discard", "losing-play", "same-colour-discard", "winning-two-senses",
                                  "fr-becomes-winner") + S("losing_turns"),
      ("terms", "'lose' for going out: entry 27"), ("impossible", "a discard that leaves you not winning: entry 2"),
      ("boundary", "an empty hand: the only turn is to pass")),
    T("A player not winning at the end of their own turn is out of the round; their hand and Palette are turned face "
      "down.", C("game._finish") + E("out-palettes", "fr-during-turn") + S("out_palettes"),
      ("boundary", "a face-down Palette no longer counts: entry 25")),
    T("A player with no hand cards at the start of their turn is out.", C("game.next_to_move")),
    T("The last player standing wins the round.", C("game.Position.winner") + E("winning-two-senses"),
      ("terms", "'wins the round' against 'winning': entry 27")),
    T("Winning = more cards meeting the Canvas rule than any other player; other Palette cards are ignored.",
      C("fast.leader") + E("nobody-qualifies", "tie-break-card"), ("boundary", "nobody qualifies: entry 1")),
    T("Tie: the highest card among the cards meeting the rule wins (number, then colour).",
      E("tie-break-card", "indigo-duplicates") + S("tie_break"), ("tie", "which group's highest card: entry 24"),
      NO_TIE),
    T("\"One card is always enough for any of the rules.\"", E("nobody-qualifies"),
      ("boundary", "about how many cards, not nobody having one: entry 1")),
    T("The seven rules: Red highest card; Orange most cards of one number; Yellow most cards of one colour; Green "
      "most even cards; Blue most cards of different colours; Indigo most cards forming a run of consecutive numbers "
      "(e.g. 4 5 6, colours irrelevant); Violet most cards below 4.", C("spec.RULES: the seven rules")
      + E("indigo-duplicates", "tie-break-card", "nobody-qualifies", "indigo-wrap"),
      ("examples", "4 5 6 of any colours is a run of three under every reading (tested)"),
      ("boundary", "a wrap from 7 to 1: entry 35"), ("tie", "entry 24")),
    T("Advanced play adds two rules.", S("advanced")),
    T("(1) When you discard to the Canvas a card whose number is higher than the number of cards in your Palette, "
      "you may draw a card (unless the deck is empty).", E("advanced-draw", "advanced-draw-count")
      + S("advanced_draw", "advanced_draw_count"),
      ("order", "the Palette at the discard or at the start of the turn: entry 23"),
      ("choice", "'may': the player chooses, entry 3")),
    T("(2) The round winner takes the Palette cards that meet the final rule (under Blue: the highest card of each "
      "colour) as a score pile; they score face value and are out of later deals.",
      C("game.banked_set", "match.Match.available") + E("banked-set", "fr-advanced-scoring") + S("banked_set"),
      ("tie", "two equally large groups: entry 14"),
      ("examples", "under Blue the highest card of each colour is banked (tested)"),
      ("impossible", ("a winner with no card meeting the final rule banks nothing (under entry 1's other reading, "
                     "its highest card)"))),
    T("Points to win: 40 (2 players), 35 (3), 30 (4).", C("game.TARGETS: reached at 40, 35 or 30 or more"),
      ("boundary", "exactly the target wins; only the round winner scores, so two players never reach it at once")),
    T("If a new hand cannot be dealt to everyone, the game ends and the highest score wins.",
      E("new-hand", "final-tie") + S("new_hand", "final_tie"),
      ("terms", "'a new hand': entry 22"), ("tie", "a tie on points: entry 17")),
    T("Action rule (optional, combines with Basic or Advanced): when you play a 1, 3, 5 or 7 to your Palette you must "
      "perform its action if you can.", E("action-mode", "action-if-you-can") + S("actions", "action_mode"),
      ("terms", "'if you can': possible at all, or possible and keeping you in, entry 33")),
    T("7: discard one other card of your Palette to the Canvas; it becomes the rule, so you must be winning under it.",
      E("action7-destination", "action7-self", "action7-check", "action7-advanced-draw")
      + S("action7_check", "discard_after_action7"),
      ("order", "'so you must be winning under it': at once or at the end, entry 11"),
      ("terms", "the move called a 'discard': entry 10")),
    T("5: play another hand card to your Palette; you may still discard to the Canvas afterwards.",
      E("action5-chains"), ("order", "a discard may follow (engine)")),
    T("3: draw a card if you can.", E("action3-drawn-card", "action-mode")),
    T("1: take a card from another player's Palette and put it face down on top of the draw deck; you may not take "
      "that player's only Palette card.", E("action1-eligibility", "action1-destination", "action1-only-card",
                                            "action1-out-players"),
      ("choice", "the player of the 1 chooses the player and the card"),
      ("boundary", "an only card: entry 26"), ("terms", "'another player' who is out: entry 21")),
    T("Where the sources differ (each is a reading switch, see below)", HEADING),
    T("point | V1.1 | EN-REF | FR", HEADING),
    T("1: who may be targeted | any opponent, not their only card | \"an eligible opponent\" | opponent with as many "
      "or more Palette cards than you", E("action1-eligibility") + S("action1_eligibility")),
    T("1: where the card goes | top of the draw deck | \"to the draw deck\" | \"vers la pioche\" (position unsaid)",
      E("action1-destination") + S("action1_destination")),
    T("7: where the card goes | Canvas only | Canvas or draw-deck top | Canvas or draw pile",
      E("action7-destination", "action7-deck-place") + S("action7_destination", "action7_deck_place"),
      ("editions", "FR's 'draw pile': top or bottom, entry 34")),
    T("7: Advanced draw | unsaid | no draw | unsaid", E("action7-advanced-draw") + S("action7_advanced_draw")),
    T("5: the extra card's action | unsaid | resolves | unsaid", E("action5-chains") + S("action5_chains")),
    T("3: drawn card usable for this turn's discard | unsaid | yes | unsaid",
      E("action3-drawn-card") + S("action3_draw_discardable")),
    T("Advanced draw | optional (\"may\") | unsaid | mandatory (\"vous piochez\")", E("advanced-draw") + S("advanced_draw")),
    T("a discard that leaves you not winning | you lose | - | not allowed (\"possible uniquement si...\")",
      E("losing-discard") + S("losing_turns")),
    T("actions | mandatory if possible | \"trigger\" | \"active un effet\"", E("action-mode") + S("action_mode")),
    T("Gaps no source fills", HEADING),
    T("Nobody has a card meeting the rule (possible only under Green and Violet): who is winning?",
      E("nobody-qualifies") + S("nobody_qualifies")),
    T("Several equally good groups (two pairs, two equal runs): which set is banked in Advanced scoring?",
      E("banked-set") + S("banked_set")),
    T("Indigo with two cards of one number: a duplicate does not lengthen a run; which copy counts?",
      E("indigo-duplicates")),
    T("May a 7's Canvas move be followed by a hand discard to the Canvas in the same turn?",
      E("action7-check") + S("discard_after_action7")),
    T("A mandatory action with no valid target (a 7 alone in the Palette, a 1 with no eligible opponent).",
      E("action-mode"), ("examples", ("a 7 alone in its Palette cannot arise (a Palette is never empty, so the 7 "
                                     "always has another card); a 1 with no eligible opponent does: entry 13"))),
    T("When a 7's move to the Canvas must leave you winning: at once, or only at the end of the turn?",
      E("action7-check") + S("action7_check")),
    T("With the Action rule, cards can travel Palette -> deck (1, 7) -> hand (3): a round still always ends, because "
      "every turn but a lone 3 play shrinks the cards in hands.", C("game: every round ends (the stateful test's "
                                                                    "measure)")),
    T("Who starts the next round; what a final score tie means; a tie with equal points.",
      E("next-round-first", "final-tie") + S("next_round_first", "final_tie")),
    T("Default readings of the project (each a named switch of the ruleset)", HEADING),
    T("Where EN-REF speaks it wins, then V1.1, then FR; where none speaks we pick the reading most implementations "
      "and players use.", C("every entry's recommendation follows this order")),
    T("Every default and its alternatives must be documented with these sources, and the clarification report must "
      "show where each choice changes an outcome.", C("docs/rules.md and this report")),
    T("switch | default | alternatives", HEADING),
    T("nobody qualifies | nobody is winning (the mover is out) | highest card overall decides",
      E("nobody-qualifies") + S("nobody_qualifies")),
    T("losing turn | not generated as a move; `pass` is always available and eliminates | losing turns are legal "
      "moves that eliminate", E("losing-discard", "losing-play") + S("losing_turns")),
    T("advanced draw | optional | mandatory", E("advanced-draw") + S("advanced_draw")),
    T("action 1 eligibility | opponent with at least as many Palette cards as you, never their only card | V1.1: any "
      "opponent, never their only card", E("action1-eligibility", "action1-only-card") + S("action1_eligibility")),
    T("action 1 destination | top of the draw deck | bottom of the draw deck",
      E("action1-destination") + S("action1_destination")),
    T("action 7 destination | Canvas or top of the draw deck, never the 7 itself | V1.1: Canvas only",
      E("action7-destination", "action7-self", "action7-deck-place") + S("action7_destination", "action7_self")),
    T("action 7 to Canvas gives an Advanced draw | no | yes", E("action7-advanced-draw") + S("action7_advanced_draw")),
    T("actions | mandatory when possible, skipped when impossible | optional", E("action-mode") + S("action_mode")),
    T("action 5 extra card's action | resolves (chains) | does not", E("action5-chains") + S("action5_chains")),
    T("card drawn by a 3 usable for the same turn's discard | yes | no",
      E("action3-drawn-card") + S("action3_draw_discardable")),
    T("hand discard after a 7 moved a card to the Canvas | allowed | not allowed",
      E("action7-check") + S("discard_after_action7")),
    T("when a 7's Canvas move must leave you winning | checked only at the end of the turn, like every other winning "
      "check | also checked at once, before any later step of the turn", E("action7-check") + S("action7_check")),
    T("1 and 5 when several choices exist | the player chooses (target player and card; which card to play) | -",
      C("game.TurnGenerator: each choice is a turn of its own"),
      ("choice", "the player of the card chooses; no source gives the choice to another player")),
    T("eligibility for a 1 | counted when the 1 resolves, with the 1 already in your Palette | counted before the 1 "
      "is played", E("action1-count") + S("action1_count")),
    T("Indigo duplicates | do not extend a run; the highest copy counts | -", E("indigo-duplicates")),
    T("Advanced banked set | the set that decided (best group; Blue: highest of each colour) | all qualifying cards "
      "of every tied group", E("banked-set") + S("banked_set")),
    T("next round's first player | left of the player winning Red after the deal | left of the last round's winner",
      E("next-round-first") + S("next_round_first")),
    T("final score tie | shared win | most cards banked", E("final-tie") + S("final_tie")),
)

TRACES = {"red7-card-reference.en.txt": EN_REF_ROWS, "red7-rules.fr.txt": FR_ROWS, "red7-digest.md": DIGEST_ROWS}
