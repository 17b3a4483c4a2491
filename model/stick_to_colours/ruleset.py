"""Stick to Colours rulesets: a frozen value of reading switches, each with the rulebook sentences
behind it (``docs/rules-stick-to-colours.md`` argues every default)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..switches import RulesetError, Switch, SwitchRuleset

SOURCE = "stick-to-colours.en.txt"
EN = "EN"  # the source name used in Switch.sources

_RUN = ("A set of cards of the same colour but of different values, arranged in a row in strictly ascending "
        "order (minimum set: 3 cards).")
_SHARE = "One card may be used in several sets at once."
_REFUSE = ("Refusing a card means that, if the player wins the auction, they will no longer be able to put this "
           "card up for bidding, bid on it, or get it during the game.")
_SUPPORT = ("If this player wants to contest the card put up for auction, they must support the dealer's bid by "
            "placing a token of their colour, question mark side up, on the same card as the dealer, and then "
            "raise the bid, refusing one more card.")
_RAISE = "Any player may raise the bid by 1 or more cards."

META: tuple[Switch, ...] = (
    Switch("runs", ("consecutive", "ascending"),
           "Must the values of a run be consecutive, or only strictly ascending (gaps allowed)?",
           ((EN, _RUN), (EN, "The set's points equal the number of cards in it."))),
    Switch("sharing", ("one_of_each_kind", "one_set", "several_runs"),
           "May a card be in a value set and a run at once, in only one set, or in several runs?",
           ((EN, _SHARE),)),
    Switch("joker_values", ("1-9", "1-6"),
           "May a joker take any value 1-9, or only 1-6?",
           ((EN, ("Joker: a card that, by the end of the game, takes on any one value, but of a strictly defined "
                  "colour.")),
            (EN, ("Red, blue and green cards from 7 to 9, 1 of each, plus 1 joker card (marked with a star "
                  "symbol)")))),
    Switch("value_copies", ("one_set", "every_set"),
           "With a second copy of a card, do two value sets of one value that differ only in that copy count as "
           "two sets ({R5, R5, B5, G5}: 3 points or 6)?",
           ((EN, _SHARE),
            (EN, "A set of 3 cards of the same value (from 1 to 6) but of different colours: 3 points"))),
    Switch("joker_copies", ("any", "within_deck"),
           "May a joker take a value that gives its colour more cards of that value than the deck has (a second "
           "Red 7 beside the Red 7: {R7, RJ, B7, G7})?",
           ((EN, ("Joker: a card that, by the end of the game, takes on any one value, but of a strictly defined "
                  "colour.")),
            (EN, "Red, blue and green cards from 1 to 6, 2 of each"),
            (EN, ("Red, blue and green cards from 7 to 9, 1 of each, plus 1 joker card (marked with a star "
                  "symbol)")))),
    Switch("run_split", ("optimal", "layered"),
           "Are duplicates split into runs in the best way, or layer by layer (first copies, then second copies)?",
           ((EN, _RUN), (EN, _SHARE))),
    Switch("deck", ("48", "46"),
           "Is there a joker per colour (48 cards) or one joker in all (46)?",
           ((EN, "48 cards:"),
            (EN, "Red, blue and green cards from 1 to 6, 2 of each"),
            (EN, ("Red, blue and green cards from 7 to 9, 1 of each, plus 1 joker card (marked with a star "
                  "symbol)")))),
    Switch("bid", ("cover", "count"),
           "Is a bid a set of refusals that must cover the earlier bids' cards, or just a count of refusals?",
           ((EN, _SUPPORT),
            (EN, ("After this, the right to take part in the bidding passes to the next player, who must support "
                  "the bids of all previous players and only then raise the bid.")),
            (EN, "A bid does not have to equal 1 card."))),
    Switch("raise_by", ("one_or_more", "one"),
           "Is a raise by one card exactly, or by one or more?",
           ((EN, _RAISE), (EN, _SUPPORT))),
    Switch("pass_final", (True, False),
           "Is a pass final for that auction, or may the player bid again when the turn comes back?",
           ((EN, 'If a player does not want to take part in the bidding for the chosen card, they may say "Pass".'),
            (EN, 'When all players except one have said "Pass", the bidding ends.'))),
    Switch("who_bids", ("not_refused", "anyone"),
           "May a player bid on a card they refused earlier (their X lies on it)?",
           ((EN, _REFUSE),)),
    Switch("hand_refusals", ("when_needed", "any"),
           "May hand cards be refused in any bid, or only when the market cannot give the refusals needed?",
           ((EN, ("During bidding, a player may refuse not only cards on the market but also cards from their "
                 "hand (for example, if their refusal tokens already lie on all cards on the market, or if an "
                 "opponent raised the bid by placing their token on a card the player has already refused "
                 "earlier).")),)),
    Switch("market_clear", ("consecutive", "cumulative", "never"),
           "Is the market cleared when every player in a row passed as dealer, when each has passed once since "
           "the last clear, or never?",
           ((EN, ('If all players acting as dealer have each said "Pass" once, all cards on the market are '
                  'discarded and new cards are placed on the market.')),)),
    Switch("two_player", ("bot", "no_bot"),
           "Do two players play with the bot, as printed, or alone?",
           ((EN, 'In this case the game involves a virtual player, the "bot".'),
            (EN, "This rule does not apply in a 2-player game."))),
    Switch("bot_pile", ("scores", "out"),
           "Does the bot score the cards it receives (its separate pile), or are they out of play, the bot scoring "
           "only its 2 cards?",
           ((EN, "The bot receives the cards on which the refusal tokens of both players have accumulated."),
            (EN, "Return the tokens to their owners and set the cards aside in a separate pile."),
            (EN, "At the end of the game the bot may take part in the scoring and even win."))),
    Switch("ties", ("shared", "players_first"),
           "When the bot and a player tie for the most points, do they share the victory, or does the player win?",
           ((EN, "In case of a tie, the players who scored the most points share the victory."),
            (EN, "At the end of the game the bot may take part in the scoring and even win."))),
)

SWITCHES: dict[str, tuple[Any, ...]] = {s.name: s.alternatives for s in META}
SWITCH_META: dict[str, Switch] = {s.name: s for s in META}
SCORING_SWITCHES = ("runs", "sharing", "value_copies", "joker_values", "joker_copies", "run_split")


@dataclass(frozen=True)
class Ruleset(SwitchRuleset):
    SWITCHES = SWITCHES


PRESETS: dict[str, Ruleset] = Ruleset.make_presets()
DEFAULT = PRESETS["default"]

__all__ = ["DEFAULT", "META", "PRESETS", "SCORING_SWITCHES", "SOURCE", "SWITCHES", "SWITCH_META", "Ruleset",
           "RulesetError"]
