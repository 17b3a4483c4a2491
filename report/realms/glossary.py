"""The Realms report's vocabulary (``report.glossary``): the words every suggested wording uses (the
rule text's own where it has one), and those it must not use for the same thing. The text is
English only; the French forms are for a translation."""

from __future__ import annotations

from ..glossary import Glossary, Term

GLOSSARY = Glossary((
    Term("ruling colour", "couleur dominante", "the colour the marker shows: the colour to follow and the colour whose "
         "cards rank", avoid_en=("trumps?", "trump colour", "lead colour", "led colour", "suit")),
    Term("colour match", "correspondance de couleur", "a card matching the number or picture type of an earlier card of "
         "the trick (the Colour Match Override)", avoid_en=("pair", "copy", "match card")),
    Term("marker", "marqueur", "the Ruling Colour Marker", avoid_en=("token", "indicator")),
    Term("wins the trick", "remporte le pli", "takes the trick's 10 points and leads next",
         avoid_en=("takes the trick", "captures")),
    Term("follow", "fournir", "play a card of the ruling colour when able", avoid_en=("follow suit",)),
    Term("Special", "Spéciale", "the Phoenix, Giant, Warlock, Cyclone and Tree", avoid_en=("action card",)),
    Term("Purple", "Violette", "the four Wild Numbers, Purple 1 to 4 (the text's \"Purple Wilds\")",
         avoid_en=("joker", "wild card")),
    Term("nominates", "désigne", "what a leading Purple's player does: names the colour it counts as",
         avoid_en=("declares", "calls")),
    Term("realm", "royaume", "a pair of colours: Sun (Red and Yellow), Moon (Blue and Green)",
         avoid_en=("kingdom",)),
    Term("Realm card", "carte Royaume", "the highest picture of a colour (Sun or Moon)", avoid_en=("king",)),
    Term("draw pile", "pioche", "the face-down cards players draw from", avoid_en=("deck", "stock")),
    Term("discard pile", "défausse", "the face-up pile of played and discarded cards", avoid_en=("graveyard",)),
))
GLOSSARY_INTRO = ("The words the suggested wordings use and the words they avoid for the same thing (French forms are "
                  "given for a translation of this English-only text); a test checks every wording against this table, "
                  "so that two entries never say one thing in two ways.")
