"""The Red7 report's vocabulary (``report.glossary``): the words every suggested wording uses, in
English and French, and those it must not use for the same thing."""

from __future__ import annotations

from ..glossary import Glossary, Term

GLOSSARY = Glossary((
    Term("winning", "vainqueur", "ahead under the current Canvas rule, as a player must be at the end of their turn "
         "(V1.1 and FR use the word in this sense)", avoid_en=("leading", "in the lead"), avoid_fr=("en tête",)),
    Term("wins the round", "remporte la manche", "is the last player still in the round",
         avoid_en=("last player standing",), avoid_fr=("gagne la manche",)),
    Term("out", "éliminé", "out of the round: hand and Palette face down, no further turn",
         avoid_en=("eliminated", "loses", "lose"), avoid_fr=("perd",)),
    Term("discard to the Canvas", "défausser sur la Toile", "put a hand card on the Canvas, making its colour the rule",
         avoid_en=(r"play(?:s|ed)? (?:a |the )?card (?:on|to) the canvas",), avoid_fr=(r"jou\w* une carte sur la toile",)),
    Term("7 hand cards and 1 Palette card", "7 cartes en main et 1 carte sur sa Palette",
         "what every player needs for the game to go on (entry 22: a new hand)", avoid_en=("new hand",),
         avoid_fr=("nouvelle main",)),
    Term("deck", "pioche", "the face-down draw deck", avoid_en=("draw pile",), avoid_fr=("paquet",)),
    Term("action", "effet", "what a 1, 3, 5 or 7 does when played to a Palette (FR's 'action' is a kind of turn)",
         avoid_en=("ability", "abilities", "power")),
))
GLOSSARY_INTRO = ("The words the suggested wordings use, in English and in French, and the words they avoid for the "
                  "same thing; a test checks every wording against this table, so that two entries never say one "
                  "thing in two ways.")
