"""Every sentence of the Stick to Colours rulebook (``stick-to-colours.en.txt``) with what covers it and
what the checklist of ``report.trace`` found in it: the traceability appendix of the report. A test
fails on a sentence covered by nothing."""

from __future__ import annotations

from ..trace import Trace
from ..trace import clauses as C
from ..trace import entries as E
from ..trace import row as T
from ..trace import switches as S

TEXT = "stick-to-colours.en.txt"
LABELS = {TEXT: "EN"}
TRACE_INTRO = ("Every sentence of the rulebook, numbered in order, with what covers it: a clause of the engine "
               "(`arbiter.model.stick_to_colours`: where the rule is encoded), a reading switch, or an entry of this "
               "report. The checklist below was asked of each sentence; the last column records what it found (each "
               "finding is an entry, a switch or a decision said in words, the decisions also in "
               "docs/rules-stick-to-colours.md); nothing found means every question was asked and none applied.")

HEADING = ("clause:a heading or the table of contents, no rule",)


ROWS = (
    Trace(r"Stick to Colours Rulebook|Table of Contents|Components|Goal of the Game|Setup|Game Turn|[1-4]\.|"
          r"Card Selection|Bidding|End of Bidding|End of Turn|End of the Game|Variant for 2 Players", HEADING),
    T("48 cards:", E("deck") + S("deck"), ("editions", "48 against the list's 46: entry 1")),
    T("Red, blue and green cards from 1 to 6, 2 of each", C("cards.copies") + E("deck", "joker-copies")),
    T("Red, blue and green cards from 7 to 9, 1 of each, plus 1 joker card (marked with a star symbol)",
      C("cards.copies") + E("deck", "joker-values") + S("deck", "joker_values"),
      ("terms", "'1 joker card' against 'a strictly defined colour': entry 1")),
    T("24 double-sided tokens:", C("game: a token per refusal, any number (sentence 64)")),
    T("Red, blue, yellow and green tokens, 6 of each.", C("game: one colour of tokens per player, 2 to 4 players"),
      ("boundary", "four colours of tokens: at most 4 players")),
    T("One side shows a question mark (?), the other side shows a cross (X).", C("game: Slot.q and Slot.x")),
    T("1 dealer token (marked with a bullseye symbol)", C("game: Position.dealer")),
    T("4 player aids", C("no rule of play")),
    T("Score the most victory points.", C("game: Position.winners") + E("ties")),
    T("Victory points are earned from sets of cards collected by players:", C("spec: scoring_spec")),
    T("A set of 3 cards of the same value (from 1 to 6) but of different colours: 3 points",
      C("spec: ValueSet 1-6") + E("value-copies") + S("value_copies"),
      ("boundary", "two copies of a card with one of each other colour: entry 15")),
    T("A set of 3 cards of the same value (from 7 to 9) but of different colours: 6 points",
      C("spec: ValueSet 7-9") + E("joker-copies"), ("impossible", "a second copy of a 7-9 only by a joker: entry 16")),
    T("A set of cards of the same colour but of different values, arranged in a row in strictly ascending order "
      "(minimum set: 3 cards).", E("runs", "run-split") + S("runs", "run_split"),
      ("terms", "'arranged in a row': consecutive or ascending, entry 12"),
      ("choice", "who splits duplicates into runs, and how: entry 14")),
    T("The set's points equal the number of cards in it.", C("spec: Run, points = length")),
    T("The set does not have to start at 1.", C("spec: Run")),
    T("One card may be used in several sets at once.", E("sharing", "value-copies") + S("sharing", "value_copies"),
      ("terms", "'several sets': of several kinds, or of one kind: entries 13 and 15")),
    T("Joker: a card that, by the end of the game, takes on any one value, but of a strictly defined colour.",
      E("joker-values", "joker-copies") + S("joker_values", "joker_copies"),
      ("choice", "the joker's owner chooses its value at the end"),
      ("boundary", "a value its colour already holds in full: entry 16")),
    T("Shuffle the deck of cards.", C("game.deal: a seeded shuffle")),
    T("Deal each player 2 cards.", C("game.deal")),
    T("Do not show your cards to your opponents!", C("game: a seat's view hides the other hands")),
    T("Lay out a row of cards face up in the centre of the table.", C("game: Position.market")),
    T("This is the market, available to all players.", C("game: Position.market")),
    T("2-3 players: 5 cards on the market", C("game.market_size")),
    T("4 players: 6 cards on the market", C("game.market_size")),
    T("Deal each player 6 tokens of one colour.", C("game: Position.supply"),
      ("impossible", "a player out of tokens still bids (sentence 64)")),
    T("Choose the first player and give them the dealer token.", C("game.deal: the first player deals"),
      ("choice", "the first dealer: player 0 in arbiter (decision; the seats are symmetric)")),
    T("(The original rulebook shows an example starting layout here: the dealer token, five cards face up in a row "
      "on the market, and each player's tokens beside the deck.)", C("a picture, no rule")),
    T("A turn consists of four steps: card selection, bidding, end of bidding, and end of turn.",
      C("game: the decisions of a turn")),
    T("The dealer chooses 1 card from the market (the one they want to get) and pulls it out of the common row, "
      "thereby putting it up for auction.", C("game: the 'auction' decision") + E("refused-cards") + S("who_bids"),
      ("choice", "the dealer chooses the card"), ("impossible", "a card carrying the dealer's X: entry 7")),
    T("If the dealer does not want to start bidding, they may immediately say \"Pass\" and pass the dealer token to "
      "the next player clockwise.", C("game: the dealer's 'pass'") + E("market-clearing")),
    T("If all players acting as dealer have each said \"Pass\" once, all cards on the market are discarded and new "
      "cards are placed on the market.", E("market-clearing") + S("market_clear"),
      ("terms", "'each ... once': in a row or in all: entry 8"),
      ("impossible", "a deck too short to lay out a new market: as many as are left (decision)")),
    T("After choosing a card, the dealer must make a bid.", C("game: the auction's opening bid") + E("what-a-bid-is")),
    T("To do this they place a token of their colour, question mark side up, on any other card on the market, "
      "thereby refusing that card.", C("game: a bid refuses market cards") + E("hand-refusals"),
      ("impossible", "a market with no other card: refusals from the hand, entry 6")),
    T("A bid does not have to equal 1 card.", E("what-a-bid-is", "raising") + S("bid", "raise_by")),
    T("Any player may raise the bid by 1 or more cards.", E("raising") + S("raise_by")),
    T("Example: Ilya is the dealer.", E("what-a-bid-is"),
      ("examples", "the Ilya and Masha example (support, then raise) is the reading bid=cover: entry 3")),
    T("He decides to start the auction for the 5 and puts it forward from the row.", E("what-a-bid-is")),
    T("Ilya needs the 3 least, so he makes a bid (?) on the 3, refusing that card.", E("what-a-bid-is")),
    T("Refusing a card means that, if the player wins the auction, they will no longer be able to put this card up "
      "for bidding, bid on it, or get it during the game.", E("refused-cards") + S("who_bids"),
      ("terms", "'bid on it': bid for the card, or put a token on it: entry 7")),
    T("The turn then passes to the next player clockwise from the dealer.", C("game: bidders in turn")),
    T("If this player wants to contest the card put up for auction, they must support the dealer's bid by placing a "
      "token of their colour, question mark side up, on the same card as the dealer, and then raise the bid, refusing "
      "one more card.", E("what-a-bid-is", "raising") + S("bid", "raise_by"),
      ("terms", "'one more card' against 'by 1 or more cards': entry 4")),
    T("Example: Masha also decides to contest the 5.", E("what-a-bid-is")),
    T("First she must support Ilya's bid, so she places her (?) on the 3.", E("what-a-bid-is")),
    T("Then she raises the bid, additionally refusing the 8.", E("what-a-bid-is", "raising")),
    T("After this, the right to take part in the bidding passes to the next player, who must support the bids of all "
      "previous players and only then raise the bid.", E("what-a-bid-is") + S("bid")),
    T("If a player does not want to take part in the bidding for the chosen card, they may say \"Pass\".",
      E("passing") + S("pass_final"), ("order", "a pass for the auction or for this round of bidding: entry 5")),
    T("A player cannot refuse cards on which their own colour token already lies.",
      C("game: a player's refusals skip cards with their token") + E("hand-refusals")),
    T("The number of bids is not limited by the number of a player's tokens.", C("game: refusals are not counted "
      "against a supply")),
    T("Components from other games, coins and other small items may be used to denote bids.", C("no rule of play")),
    T("Boxed note in the rulebook: During bidding, a player may refuse not only cards on the market but also cards "
      "from their hand (for example, if their refusal tokens already lie on all cards on the market, or if an opponent "
      "raised the bid by placing their token on a card the player has already refused earlier).",
      E("hand-refusals") + S("hand_refusals"), ("terms", "'for example': when needed, or always: entry 6")),
    T("To do so, the player discards any card (or cards) from their hand face down and places their token on it with "
      "the cross side up.", E("hand-refusals"), ("choice", "the player chooses the hand cards")),
    T("A player may not refuse cards from another player's hand.", C("game: hand refusals from one's own hand")),
    T("When all players except one have said \"Pass\", the bidding ends.", E("passing") + S("pass_final")),
    T("The player who did not pass takes the card put up for auction for themselves and turns all their tokens cross "
      "side up.", C("game: the end of bidding")),
    T("The other players take back all their tokens that are lying question mark side up.",
      C("game: the end of bidding")),
    T("All cards from hand that players have refused are discarded, regardless of whether the player won the auction "
      "or not.", C("game: refused hand cards to the discard pile")),
    T("If there are cards on the market on which the refusal tokens (cross side) of all players except one lie, this "
      "player takes such cards from the market into their hand.", E("hand-over") + S("two_player")),
    T("This rule does not apply in a 2-player game.", E("hand-over") + S("two_player")),
    T("Refill the market with cards from the deck up to the starting number (5 or 6, depending on the number of "
      "players).", C("game: the market refilled"),
      ("impossible", "a deck too short: the market takes what is left and shrinks (decision)")),
    T("Pass the dealer token to the next player clockwise.", C("game: the next dealer")),
    T("They now choose a card for auction.", C("game: the 'auction' decision")),
    T("The game ends when no cards remain in the deck and on the market, and the players move on to counting points.",
      C("game: Position.is_over"), ("boundary", "a game that never ends without a market clear: entry 8")),
    T("In case of a tie, the players who scored the most points share the victory.", E("ties") + S("ties")),
    T("In this case the game involves a virtual player, the \"bot\".", E("hand-over") + S("two_player")),
    T("The bot receives 2 cards.", C("game.deal: the bot's 2 cards")),
    T("The bot cannot be the dealer.", C("game: the bot never deals")),
    T("The bot does not take part in the bidding.", C("game: the bot never bids")),
    T("The bot receives the cards on which the refusal tokens of both players have accumulated.",
      E("hand-over", "bot-pile") + S("bot_pile")),
    T("Return the tokens to their owners and set the cards aside in a separate pile.", E("bot-pile") + S("bot_pile"),
      ("terms", "'a separate pile': scored with the bot's 2 cards, or out: entry 10")),
    T("At the end of the game the bot may take part in the scoring and even win.", E("bot-pile", "ties")
      + S("bot_pile", "ties"), ("tie", "a player tied with the bot: entry 11")),
    T("During the game, players may not look at the bot's cards.", C("game: a seat's view hides the bot's cards")
      + E("bot-pile")),
)
TRACES = {TEXT: ROWS}
