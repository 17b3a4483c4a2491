"""The Stick to Colours clarification catalogue: every point where the rule text is silent, unclear or
at odds with itself, as numbered entries (``report.entry``) whose readings are the model's switches."""

from __future__ import annotations

from typing import Any

from arbiter.model.stick_to_colours.ruleset import DEFAULT, SOURCE, SWITCHES

from ..entry import Catalogue, Edition, Entry, Quote, Reading

EN = "EN"
SOURCES = {EN: f"{SOURCE}: the English rulebook (components, setup, turn, end of game, 2-player variant)."}
V1, V2 = "1", "2"
EDITIONS = (Edition(V1, "First report: 14 entries, each with its readings, examples from seeded games and "
                        "how often it changes the winner."),
            Edition(V2, "Issue 23: the false statements of edition 1 corrected (entries 8, 10, 11, 14), two new "
                        "entries on sharing copies in value sets and a joker copying a card held in full, frequencies "
                        "against a baseline of chance, a glossary and a traceability appendix."))


def q(text: str) -> Quote:
    return Quote(EN, text)


_CARDS = (q("48 cards:"), q("Red, blue and green cards from 1 to 6, 2 of each"),
          q("Red, blue and green cards from 7 to 9, 1 of each, plus 1 joker card (marked with a star symbol)"))
_JOKER = q("Joker: a card that, by the end of the game, takes on any one value, but of a strictly defined colour.")
_RUN = q("A set of cards of the same colour but of different values, arranged in a row in strictly ascending order "
         "(minimum set: 3 cards).")
_RUN_POINTS = q("The set's points equal the number of cards in it.")
_SHARE = q("One card may be used in several sets at once.")
_MUST_BID = q("After choosing a card, the dealer must make a bid.")
_SUPPORT = q("If this player wants to contest the card put up for auction, they must support the dealer's bid by "
             "placing a token of their colour, question mark side up, on the same card as the dealer, and then raise "
             "the bid, refusing one more card.")
_ALL_PREVIOUS = q("After this, the right to take part in the bidding passes to the next player, who must support the "
                  "bids of all previous players and only then raise the bid.")
_RAISE = q("Any player may raise the bid by 1 or more cards.")
_NOT_ONE = q("A bid does not have to equal 1 card.")
_PASS = q('If a player does not want to take part in the bidding for the chosen card, they may say "Pass".')
_END_BIDDING = q('When all players except one have said "Pass", the bidding ends.')
_REFUSE = q("Refusing a card means that, if the player wins the auction, they will no longer be able to put this card "
            "up for bidding, bid on it, or get it during the game.")
_OWN = q("A player cannot refuse cards on which their own colour token already lies.")
_HAND = q("During bidding, a player may refuse not only cards on the market but also cards from their hand (for "
          "example, if their refusal tokens already lie on all cards on the market, or if an opponent raised the bid "
          "by placing their token on a card the player has already refused earlier).")
_HAND_HOW = q("To do so, the player discards any card (or cards) from their hand face down and places their token on "
              "it with the cross side up.")
_DEALER_PASS = q('If the dealer does not want to start bidding, they may immediately say "Pass" and pass the dealer '
                 'token to the next player clockwise.')
_CLEAR = q('If all players acting as dealer have each said "Pass" once, all cards on the market are discarded and new '
           'cards are placed on the market.')
_HANDOVER = q("If there are cards on the market on which the refusal tokens (cross side) of all players except one "
              "lie, this player takes such cards from the market into their hand.")
_NOT_TWO = q("This rule does not apply in a 2-player game.")
_BOT = q('In this case the game involves a virtual player, the "bot".')
_BOT_GETS = q("The bot receives the cards on which the refusal tokens of both players have accumulated.")
_BOT_PILE = q("Return the tokens to their owners and set the cards aside in a separate pile.")
_BOT_WINS = q("At the end of the game the bot may take part in the scoring and even win.")
_TIE = q("In case of a tie, the players who scored the most points share the victory.")
_NO_LOOK = q("During the game, players may not look at the bot's cards.")
_SET_1_6 = q("A set of 3 cards of the same value (from 1 to 6) but of different colours: 3 points")
_SET_7_9 = q("A set of 3 cards of the same value (from 7 to 9) but of different colours: 6 points")
_COPIES_1_6 = q("Red, blue and green cards from 1 to 6, 2 of each")


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def entry(number: int, id: str, title: str, *, switch: str, meanings: tuple[str, ...], question: str, answer: str,
          kind: str, sources: tuple[Quote, ...], recommendation: str, en: str, fr: str, since: str = V1,
          **extra: Any) -> Entry:
    """An entry whose readings are the values of ``switch`` (the model's default first), one meaning each."""
    readings = tuple(Reading(f"{switch}={_show(v)}", m, ((switch, v),))
                     for v, m in zip(SWITCHES[switch], meanings, strict=True))
    return Entry(id=id, number=number, since=since, title=title, question=question, answer=answer, kind=kind,
                 recommendation=recommendation, wording_en=en, wording_fr=fr, sources=sources, readings=readings,
                 preset="default", base=DEFAULT, switch=switch, measured_in=("default",), **extra)


ENTRIES: tuple[Entry, ...] = (
    entry(
        1, "deck", "How many cards, how many jokers?",
        switch="deck",
        meanings=("one joker of each colour: 48 cards, as the count says",
                  "one joker in all: the list read word for word, 46 cards"),
        question="The box holds '48 cards', but the list (two of each 1-6 and one of each 7-9 in three colours, "
                 "'plus 1 joker card') adds up to 46. Is there one joker, or one of each colour?",
        answer="One joker of each colour: 48 cards.",
        kind="unclear", sources=(*_CARDS, _JOKER),
        recommendation="Adopt 48 cards with a red, a blue and a green joker. It is the only reading that makes the "
                       "printed total, and the joker is described as 'of a strictly defined colour', which asks for a "
                       "joker per colour. The deck changes every deal, so the games compared are the same shuffle "
                       "with the blue and green jokers taken out.",
        en="The deck has 48 cards: in each of red, blue and green, two cards of each value 1 to 6, one card of each "
           "value 7 to 9, and one joker of that colour.",
        fr="Le paquet compte 48 cartes : dans chacune des couleurs rouge, bleu et vert, deux cartes de chaque valeur "
           "de 1 à 6, une carte de chaque valeur de 7 à 9 et un joker de cette couleur.",
        related=("joker-values",),
    ),
    entry(
        2, "joker-values", "May a joker be a 7, 8 or 9?",
        switch="joker_values",
        meanings=("any value from 1 to 9", "a value from 1 to 6 only"),
        question="A joker 'takes on any one value'. It is listed with the 7-9 cards; may it also be a 7, 8 or 9 "
                 "(the 7 of the run Blue 6, Blue joker, Blue 8, say)?",
        answer="Yes: a joker takes any value from 1 to 9, keeps its colour, and has that one value in every set it is "
               "in.",
        kind="unclear", sources=(_JOKER, _CARDS[2]),
        recommendation="Adopt 1-9. 'Any one value' has no limit; the joker's place in the component list says how "
                       "many there are, not what they are worth.",
        en="At the end of the game each joker takes any one value from 1 to 9 of your choice; it keeps its colour and "
           "has the same value in every set it belongs to.",
        fr="En fin de partie, chaque joker prend la valeur de votre choix, de 1 à 9 ; il garde sa couleur et a la "
           "même valeur dans tous les ensembles dont il fait partie.",
        related=("deck",),
        theorems=("stick/never-scores", "stick/monotone"),
        changes=((V2, ("The title asks a yes/no question, as the answer does; the question's example is the "
                      "collection the entry's example scores.")),),
    ),
    entry(
        3, "what-a-bid-is", "What is a bid: a number, or the cards themselves?",
        switch="bid",
        meanings=(("a set of refusals: a bidder puts a ? on every card the earlier bidders refused (where they may), "
                   "then refuses more"), "a number of refusals: any cards will do, as long as there are more of them"),
        question="A player who contests the card 'must support' the earlier bids by placing tokens on the same "
                 "cards, 'and then raise'. Must the new bid cover those very cards, or is a bid only the number of "
                 "cards refused?",
        answer="A bid is the cards: you must refuse every card the earlier bidders refused (unless your own token "
               "already lies there), and then refuse more cards than the leading bid.",
        kind="unclear", sources=(_MUST_BID, _SUPPORT, _ALL_PREVIOUS, _NOT_ONE),
        recommendation="Adopt the set of refusals. The text says twice that a bidder 'must support' the earlier bids "
                       "and 'only then raise', and the example has Masha place her token on Ilya's 3 before adding "
                       "the 8. A count alone would make 'support' meaningless.",
        en="To bid, first place one of your ? tokens on every card on which another player's ? token lies (you cannot "
           "on a card already carrying your token; refuse another card instead), then refuse one or more further "
           "cards. Your bid is the number of cards you refuse; it must be larger than the leading bid.",
        fr="Pour enchérir, placez d'abord un de vos jetons ? sur chaque carte portant le jeton ? d'un autre joueur "
           "(si l'une porte déjà votre jeton, refusez une autre carte à la place), puis refusez une carte de plus ou "
           "davantage. Votre enchère est le nombre de cartes refusées ; elle doit dépasser l'enchère en tête.",
        related=("raising", "hand-refusals"),
    ),
    entry(
        4, "raising", "May a raise be more than one card?",
        switch="raise_by",
        meanings=("a raise may add one card or more", "each bid is exactly one card more than the leading bid"),
        question="'Any player may raise the bid by 1 or more cards', yet the next sentence has the contesting player "
                 "'refusing one more card'. May a bid jump by several cards?",
        answer="Yes. A bid may be any number of cards larger than the leading bid, and the dealer's opening bid may "
               "be more than one card.",
        kind="unclear", sources=(_RAISE, _NOT_ONE, _SUPPORT),
        recommendation="Adopt 'one or more'. The general sentence says so outright, and 'a bid does not have to equal "
                       "1 card' says it of the opening bid; 'refusing one more card' describes the smallest raise in "
                       "the example.",
        en="A bid must refuse at least one card more than the leading bid, and may refuse more.",
        fr="Une enchère doit refuser au moins une carte de plus que l'enchère en tête, et peut en refuser davantage.",
        related=("what-a-bid-is",),
        changes=((V2, ("The title asks the yes/no question the answer \"Yes.\" fits (edition 1: \"Raise by one "
                      "card, or by more?\").")),),
    ),
    entry(
        5, "passing", "Is a pass final?",
        switch="pass_final",
        meanings=("a player who passed takes no further part in this auction",
                  "a player who passed may bid again when the turn comes back to them"),
        question="A player who does not want to take part may say 'Pass'. When the bidding comes round again after "
                 "someone raised, may a player who passed come back in?",
        answer="No: a pass is for the rest of that auction.",
        kind="gap", sources=(_PASS, _END_BIDDING),
        recommendation="Adopt 'final'. The pass is for 'the bidding for the chosen card', and the bidding ends when "
                       "all players except one have said 'Pass', which reads as a count of players out, not of the "
                       "last round of answers.",
        en="A player who passes takes no further part in the auction for that card; the bidding skips them until it "
           "ends.",
        fr="Un joueur qui passe ne participe plus à l'enchère pour cette carte ; on le saute jusqu'à la fin des "
           "enchères.",
    ),
    entry(
        6, "hand-refusals", "When may you refuse cards from your hand?",
        switch="hand_refusals",
        meanings=("only to make up the refusals the market cannot give",
                  "in any bid, as many as you like"),
        question="The boxed note lets a player refuse cards from their hand, 'for example' when their tokens already "
                 "lie on every market card. Is that allowed in any bid, or only when the market cannot give the "
                 "refusals needed?",
        answer="Only when needed: you refuse hand cards only to make up a bid the market cards you may refuse cannot "
               "reach, and only as many as are missing.",
        kind="unclear", sources=(_HAND, _HAND_HOW),
        recommendation="Adopt 'when needed'. Both examples of the note are cases where the market falls short, and a "
                       "refused hand card is lost whoever wins, so the note reads as a way out rather than a second "
                       "kind of bid. Allowing it in any bid also multiplies the choices (every subset of the hand).",
        en="You may refuse cards from your hand only when the market cards you are allowed to refuse are not enough "
           "for your bid: first refuse all of those, then discard just enough hand cards face down to make up the "
           "rest.",
        fr="Vous ne pouvez refuser des cartes de votre main que si les cartes du marché que vous pouvez refuser ne "
           "suffisent pas à votre enchère : refusez d'abord toutes celles-ci, puis défaussez face cachée juste assez "
           "de cartes de votre main pour compléter.",
        related=("what-a-bid-is",),
    ),
    entry(
        7, "refused-cards", "May you bid for a card you refused?",
        switch="who_bids",
        meanings=("a player whose X lies on a card may not put it up nor bid for it",
                  "the X counts only for the hand-over: a player may still put up or win a card they refused"),
        question="A player who won an auction keeps X tokens on the cards they refused. Later, when one of those "
                 "cards is put up for auction, may that player bid for it?",
        answer="No. A card carrying your X can never be yours: you may not put it up, bid for it or receive it.",
        kind="unclear", sources=(_REFUSE, _OWN),
        recommendation="Adopt 'may not'. The sentence lists all three (put it up, bid on it, get it); the only doubt "
                       "is whether 'bid on it' means bidding for the card or placing a refusal token on it, and the "
                       "closing 'or get it during the game' settles that the card is out of your reach either way.",
        en="A card with your X token on it can never become yours: you may not put it up for auction, bid in an "
           "auction for it, or receive it.",
        fr="Une carte portant votre jeton X ne peut jamais devenir la vôtre : vous ne pouvez ni la mettre aux "
           "enchères, ni enchérir pour elle, ni la recevoir.",
        related=("hand-over",),
        theorems=("stick/refused-never-taken/not_refused", "stick/refused-never-taken/anyone"),
    ),
    entry(
        8, "market-clearing", "When is the market cleared?",
        switch="market_clear",
        meanings=("when every player in a row has passed as dealer, with no auction between",
                  "when each player has passed once as dealer since the last clear, auctions between or not",
                  "never: the market is only refilled"),
        question="'If all players acting as dealer have each said Pass once', the market is discarded. Must the "
                 "passes come one after another, or do passes separated by auctions add up?",
        answer="They must come in a row: the market is cleared when every player, in turn, has passed as dealer "
               "without an auction in between.",
        kind="unclear", sources=(_DEALER_PASS, _CLEAR),
        recommendation="Adopt 'in a row'. The rule is there for a market nobody wants, which is what a full round of "
                       "passing shows; passes spread over many turns say nothing about the market now. Without any "
                       "clear, a game where every dealer passes would not end.",
        en="If every player in turn passes as dealer, with no auction between the first pass and the last, discard "
           "the whole market and lay out a new one.",
        fr="Si chaque joueur, à son tour de donneur, passe sans qu'aucune enchère n'ait lieu entre le premier et le "
           "dernier de ces passes, défaussez tout le marché et disposez-en un nouveau.",
        theorems=("stick/games-end/consecutive", "stick/games-end/cumulative", "stick/games-end/never",
                  "stick/endless/never"),
        replaces_en=_CLEAR,
        changes=((V2, ("Edition 1's smallest example gave the same outcome under all three readings (a difference in "
                      "who passed as dealer once the game was over); each other reading now has an example of its "
                      "own against the recommended one, compared on what can still matter.")),),
    ),
    entry(
        9, "hand-over", "The hand-over with two players",
        switch="two_player",
        meanings=("two players play with the bot, which takes the cards both refused",
                  "two players play alone: a card both refused stays on the market until a clear"),
        question="A card refused (X) by all players but one goes to that player, but 'this rule does not apply in a "
                 "2-player game'. With two players, what happens to a card both have refused: does the bot take it, "
                 "or do two players play without the bot?",
        answer="Two players always play with the bot, and the bot takes the cards both players refused.",
        kind="gap", sources=(_HANDOVER, _NOT_TWO, _BOT, _BOT_GETS),
        recommendation="Adopt the bot. The 2-player variant says the game 'involves' the bot, and the bot's rule is "
                       "exactly what replaces the hand-over; without it a card both refused would block a place on "
                       "the market.",
        en="With 3 or 4 players, a market card carrying the X tokens of all players but one goes to that player's "
           "hand. With 2 players this does not happen; instead, a card carrying both players' X tokens goes to the "
           "bot (see the 2-player variant).",
        fr="À 3 ou 4 joueurs, une carte du marché portant les jetons X de tous les joueurs sauf un va dans la main de "
           "ce joueur. À 2 joueurs, cela n'arrive pas : une carte portant les jetons X des deux joueurs va au bot "
           "(voir la variante à 2 joueurs).",
        related=("bot-pile", "refused-cards"),
        theorems=("stick/hand-over",),
    ),
    entry(
        10, "bot-pile", "Does the bot score the cards it receives?",
        switch="bot_pile",
        meanings=("the bot's pile is scored with its 2 cards", "the pile is out of play: the bot scores its 2 cards only"),
        question="The bot 'receives' the cards both players refused, and they are 'set aside in a separate pile'. At "
                 "the end, does the bot score that pile with its 2 hidden cards?",
        answer="Yes: the pile is the bot's, and it scores its 2 cards and the pile together.",
        kind="unclear", sources=(_BOT_GETS, _BOT_PILE, _BOT_WINS, _NO_LOOK),
        recommendation="Adopt 'scored'. The bot 'receives' the cards and 'may ... even win', which its 2 cards alone "
                       "never could (two cards make no set); the pile is kept apart because the 2 cards are hidden.",
        en="The cards the bot receives go to a separate pile beside its 2 cards; during the game no player may look "
           "at the bot's cards; at the end of the game the bot scores its 2 cards and the pile together.",
        fr="Les cartes que reçoit le bot forment une pile à part à côté de ses 2 cartes ; pendant la partie, aucun "
           "joueur ne peut regarder les cartes du bot ; en fin de partie, le bot marque des points avec ses 2 cartes "
           "et cette pile ensemble.",
        replaces_en=_BOT_PILE,
        changes=((V2, ("Edition 1's wording laid the pile face up, against \"During the game, players may not look at "
                      "the bot's cards.\"")),),
        related=("hand-over", "ties"),
    ),
    entry(
        11, "ties", "A tie with the bot",
        switch="ties",
        meanings=("a player tied with the bot shares the victory with it",
                  "a player tied with the bot wins; the bot wins only alone at the top"),
        question="Ties are shared among 'the players who scored the most points', and the bot 'may take part in the "
                 "scoring and even win'. When a player and the bot tie for the most points, do they share the "
                 "victory?",
        answer="Yes: the bot is scored like a player, so a tie with it is a shared victory.",
        kind="gap", sources=(_TIE, _BOT_WINS),
        changes=((V2, ("Edition 1 called the game of its example 'number -72'; it is a seeded game searched for the "
                      "point, named by its search number and seed.")),),
        recommendation="Adopt 'shared'. The bot takes part in the scoring, and nothing sets it apart in the tie rule; "
                       "giving the player the win would make the bot a weaker opponent than the text suggests.",
        en="In case of a tie for the most points, everyone tied shares the victory; with 2 players this includes the "
           "bot.",
        fr="En cas d'égalité pour le plus de points, tous les ex aequo se partagent la victoire ; à 2 joueurs, le bot "
           "en fait partie.",
        related=("bot-pile",),
    ),
    entry(
        12, "runs", "May a run have a gap?",
        switch="runs",
        meanings=("a run is 3 or more consecutive values of one colour",
                  "a run is 3 or more values of one colour in ascending order, gaps allowed"),
        question="A run is 'arranged in a row in strictly ascending order'. Does Green 2, Green 4, Green 6 make a "
                 "run?",
        answer="No: a run's values must follow each other without a gap (1-2-3, 4-5-6-7).",
        kind="unclear", sources=(_RUN, _RUN_POINTS),
        recommendation="Adopt 'consecutive'. 'Arranged in a row' is how the genre says consecutive, and with gaps any "
                       "three cards of a colour would score, which makes runs far easier than value sets.",
        en="A run is 3 or more cards of one colour with consecutive values (for example 4-5-6); it scores 1 point per "
           "card.",
        fr="Une suite est formée d'au moins 3 cartes d'une même couleur aux valeurs consécutives (par exemple 4-5-6) ; "
           "elle rapporte 1 point par carte.",
        related=("sharing", "run-split"),
        theorems=("stick/monotone",),
        replaces_en=_RUN,
        changes=((V2, ("The title asks the question the answer \"No\" fits (edition 1: \"Must a run's values be "
                      "consecutive?\"); the question's collection is the entry's example.")),),
    ),
    entry(
        13, "sharing", "Sharing a card between sets",
        switch="sharing",
        meanings=("a card may be in one value set and one run at the same time",
                  "a card counts in one set only",
                  "a card may also be in several runs (every distinct run counts)"),
        question="'One card may be used in several sets at once.' May it be in a value set and a run together, in two "
                 "runs, or (as some read it) only in one set after all?",
        answer="A card may be in one value set and one run at the same time, no more.",
        kind="unclear", sources=(_SHARE, _RUN),
        recommendation="Adopt 'one of each kind'. 'Several sets' must allow more than one set; allowing several runs "
                       "would let 1-2-3-4-5 score as every run inside it (22 points for five cards), which no player "
                       "would expect.",
        en="A card may count in one value set and in one run at the same time, but not in two sets of the same kind.",
        fr="Une carte peut compter à la fois dans un brelan de valeurs et dans une suite, mais pas dans deux "
           "ensembles du même type.",
        related=("runs", "run-split"),
        theorems=("stick/monotone",),
        replaces_en=_SHARE,
    ),
    entry(
        14, "run-split", "Splitting duplicates into runs",
        switch="run_split",
        meanings=("you arrange the cards into runs in the best way",
                  "runs are read off layer by layer: first one copy of each value, then the second copies"),
        question="With two copies of some values (Blue 1, Blue 2, Blue 3, Blue 3, Blue 4, Blue 5), may you choose how the cards form runs (1-2-3 and "
                 "3-4-5), or are runs read off one copy at a time (1-2-3-4-5 and a lone 3)?",
        answer="You choose: the collection scores its best arrangement.",
        kind="gap", sources=(_RUN, _SHARE),
        recommendation="Adopt 'best arrangement'. The rules give no method of laying out sets, and players lay out "
                       "their own. The layered count is a method some scorers use; over every one-colour collection "
                       "it never scores more than the best arrangement, and scores less on the collections the "
                       "example below counts (theorem stick/layered-one-colour). arbiter cannot run any other "
                       "implementation, so whether one scores as the layered reading does is not claimed here.",
        changes=((V2, ("Edition 1 said the layered count is what a known online implementation does, which arbiter "
                      "cannot check; the entry now states what arbiter computed over every one-colour collection, and "
                      "the question's collection is the entry's example.")),),
        en="At the end of the game, arrange your cards into sets in whatever way scores the most points.",
        fr="En fin de partie, disposez vos cartes en ensembles de la façon qui rapporte le plus de points.",
        related=("runs", "sharing"),
        theorems=("stick/layered-vs-optimal", "stick/layered-one-colour"),
    ),
)

ENTRIES += (
    entry(
        15, "value-copies", "Two value sets from two copies of a card",
        switch="value_copies", since=V2,
        meanings=(("a card is in one value set at most: two copies of the Red 5 with one Blue 5 and one Green 5 make "
                  "one set"),
                  ("every choice of one card per colour is a value set of its own: the two copies make two sets, sharing "
                  "the Blue 5 and the Green 5")),
        question="A collection holds two blue 8s (the Blue 8 and the Blue joker as an 8), the Red 8 and the Green 8. 'One "
                 "card may be used in several sets at once': is that one value set (6 points), or two sets sharing the "
                 "Red 8 and the Green 8 (12)?",
        answer="One value set: a card is in one value set at most, so the second blue 8 is left over.",
        kind="unclear", sources=(_SHARE, _SET_1_6, _COPIES_1_6),
        recommendation="Adopt one set. Entry 13's reading, a card in one value set and one run at most, already "
                       "settles it: the Blue 5 cannot be in two value sets. The other reading multiplies: two copies of "
                       "a value in every colour make 8 sets, and with a joker 12 (R5 R5 RJ B5 B5 G5 G5 scores 36), "
                       "which no player would expect from 'several sets'.",
        en="A card may count in one value set only: two copies of a card make a second value set only with a second "
           "card of each other colour.",
        fr="Une carte ne compte que dans un seul brelan : deux exemplaires d'une carte ne forment un second brelan "
           "qu'avec un second exemplaire de chacune des autres couleurs.",
        related=("sharing", "joker-copies"),
    ),
    entry(
        16, "joker-copies", "A joker as a second copy of a card held in full",
        switch="joker_copies", since=V2,
        meanings=("a joker may take any value, even one its colour already holds as often as the deck has it",
                  ("a joker takes only a value of which its colour holds fewer cards than the deck (two of 1-6, one of "
                  "7-9)")),
        question="A joker 'takes on any one value'. May it take a value its colour already holds as often as the deck "
                 "has it (a third Red 3 beside both Red 3s, say, or a second Red 7, which with the Blue 7 and the "
                 "Green 7 matters if value sets may share cards, entry 15: 6 points or 12)?",
        answer="Yes: a joker takes any one value, even that of a card its colour already holds.",
        kind="gap", sources=(_JOKER, _COPIES_1_6, _CARDS[2]),
        recommendation="Adopt any value: 'takes on any one value' sets no limit, and the deck's count of a card says "
                       "what is printed, not what a joker may stand for. Under the recommended sharing, of every "
                       "one-colour collection with its joker only the whole colour scores differently (all 15 red "
                       "cards and the red joker: 16 points, 15 when the joker may take no value); with value sets "
                       "sharing cards (entry 15) a joker copying a 7-9 doubles a set.",
        en="At the end of the game each joker takes any one value from 1 to 9, even one its colour already holds.",
        fr="En fin de partie, chaque joker prend une valeur de 1 à 9 au choix, même une valeur que sa couleur possède "
           "déjà.",
        related=("joker-values", "value-copies"),
    ),
)

CATALOGUE = Catalogue(game="stick-to-colours", title="Stick to Colours rules clarifications", sources=SOURCES,
                      entries=ENTRIES, editions=EDITIONS)
BY_ID: dict[str, Entry] = CATALOGUE.by_id()
