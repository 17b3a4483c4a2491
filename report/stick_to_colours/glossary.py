"""The Stick to Colours report's vocabulary (``report.glossary``): the words every suggested wording uses,
in English and French, and those it must not use for the same thing."""

from __future__ import annotations

from ..glossary import Glossary, Term

GLOSSARY = Glossary((
    Term("value set", "brelan", "3 cards of one value in the three colours", avoid_en=("triple", "trio"),
         avoid_fr=("trio", "ensemble de valeurs")),
    Term("run", "suite", "3 or more cards of one colour with consecutive values", avoid_en=("sequence", "straight"),
         avoid_fr=("séquence",)),
    Term("refuse", "refuser", "put a ? (or, from the hand, an X) token on a card as part of a bid",
         avoid_en=("reject", "block"), avoid_fr=("rejeter", "bloquer")),
    Term("bid", "enchère", "the cards a player refuses to contest the card up for auction", avoid_en=("offer",),
         avoid_fr=("offre",)),
    Term("market", "marché", "the row of face-up cards", avoid_en=("river", "display"), avoid_fr=("rivière",)),
    Term("dealer", "donneur", "the player holding the dealer token, who puts a card up for auction",
         avoid_en=("auctioneer",), avoid_fr=("commissaire-priseur",)),
    Term("bot", "bot", "the virtual third player of the 2-player variant", avoid_en=("dummy", "robot"),
         avoid_fr=("mort", "robot")),
    Term("joker", "joker", "the starred card of its colour, taking a value at the end", avoid_en=("wild card",),
         avoid_fr=("carte joker",)),
    Term("collection", "collection", "the cards a player (or the bot) holds and scores", avoid_en=("tableau",)),
))
GLOSSARY_INTRO = ("The words the suggested wordings use, in English and in French, and the words they avoid for the "
                  "same thing; a test checks every wording against this table, so that two entries never say one "
                  "thing in two ways.")
