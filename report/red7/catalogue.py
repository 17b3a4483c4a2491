"""The Red7 clarification catalogue: every point where the sources disagree, are silent or unclear,
as numbered entries (``report.entry``) with quotes, readings (ruleset switches) and wording."""

from __future__ import annotations

from typing import Any

from arbiter.model import sources
from arbiter.model.red7 import PRESETS
from arbiter.model.red7.cards import INDIGO, NUMBER_MASK, CardMask
from arbiter.model.red7.ruleset import SWITCHES

from ..entry import Catalogue, Edition, Entry, Quote, Reading, Retired, switch_readings

EN_REF, FR, V11 = "EN-REF", "FR", "V1.1"
DIGEST = "red7-digest.md"
FILES = {EN_REF: "red7-card-reference.en.txt", FR: "red7-rules.fr.txt", V11: DIGEST}  # where each source is read
SOURCES = {
    EN_REF: "red7-card-reference.en.txt: English card-by-card reference. It says its effects follow the English "
            "v1.3 rulebook, which is not among our sources: where it differs from V1.1 the difference may be a "
            "deliberate erratum of v1.3 rather than an ambiguity.",
    FR: "red7-rules.fr.txt: French rules text.",
    V11: "the publisher's English rulebook v1.1 (2014). Its text is not among our sources: what is shown is the "
         "summary in red7-digest.md, in our words, and is marked as a paraphrase, never as a quotation.",
}
V1, V2, V3 = "1", "2", "3"
EDITIONS = (
    Edition(V1, "First report: 17 entries written for programmers (switches, witnesses, random-play shares)."),
    Edition(V2, "FAQ and errata edition: answers first, recommendations and wording in English and French, "
                "corrected reasons, the four silent engine choices and further points as new entries, "
                "frequencies between reasonable players."),
    Edition(V3, "Claims from results: every sentence about play written from a computed result, sentences about "
                "a source quoted and checked against the source files, errors of edition 2 corrected, switches and "
                "examples for the entries that had none, frequencies against the baseline of chance, a publisher's "
                "first page, a glossary and a traceability appendix."),
)
RETIRED = (Retired(12, "discard-after-action7", V2, "merged into entry 11: no witness separates it from the timing "
                                                    "of the 7's check, so both are one question with three readings"),)


def p11(text: str) -> Quote:
    """A V1.1 fact, known only through the digest's summary."""
    return Quote(V11, text, paraphrase=True)


def lowest_copies(palette: CardMask) -> CardMask:
    """The Palette with only the weakest card of each number: the "lowest copy counts" view of Indigo."""
    kept = 0
    for mask in NUMBER_MASK.values():
        cards = palette & mask
        kept |= cards & -cards
    return kept


VIEWS = {"lowest_copy": lowest_copies}


def entry(number: int, id: str, title: str, *, question: str, answer: str, kind: str, preset: str,
          sources: tuple[Quote, ...], recommendation: str, en: str, fr: str, switch: str | None = None,
          meanings: tuple[str, ...] = (), values: tuple[Any, ...] | None = None,
          readings: tuple[Reading, ...] | None = None, since: str = V1, measured_in: tuple[str, ...] | None = None,
          **extra: Any) -> Entry:
    """An entry; with ``switch``, one reading per value in ``values`` (default: the switch's values in
    SWITCHES order, the default first) with the given ``meanings``."""
    if readings is None and switch is not None:
        readings = switch_readings(switch, values or SWITCHES[switch], meanings)
    return Entry(id=id, number=number, since=since, title=title, question=question, answer=answer, kind=kind,
                 recommendation=recommendation, wording_en=en, wording_fr=fr, sources=sources,
                 readings=readings or (), preset=preset, base=PRESETS[preset], switch=switch,
                 measured_in=measured_in if measured_in is not None else ((preset,) if readings else ()), **extra)


_ONE_EN = ("Remove an eligible opponent’s Palette card to the draw deck; your turn must still keep you in the "
           "round.")
_ONE_FR = ("Carte de valeur 1 : Défaussez vers la pioche une carte de la Palette d'un adversaire si celui-ci a "
           "autant ou plus de carte que vous sur votre Palette.")
_SEVEN_EN = "Remove a Palette card to the Canvas or draw-deck top; stay in the round."
_SEVEN_FR = "Carte de valeur 7 : Choisissez une carte de votre Palette et défaussez-la sur la Toile ou sur la pioche."
# One replacement for FR's sentence on the 7, shared by the entries that correct it (9 and 34).
_SEVEN_FR_NEW = ("Quand vous jouez un 7, déplacez une autre carte de votre Palette soit sur la Toile (elle devient la "
                 "règle), soit face cachée sur le dessus de la pioche.")
_SEVEN_V11 = "7: discard one *other* card of your Palette to the Canvas; it becomes the rule, so you must be winning under it."
_ADV_DRAW_FR = ("Si vous jouez une carte sur la Toile dont la valeur numérique est supérieure au nombre de cartes "
                "présentes sur votre Palette, vous piochez une carte (excepté si la pioche est vide).")
# One replacement for FR's Advanced draw sentence, shared by the entries that correct it (3 and 31).
_ADV_DRAW_FR_NEW = ("Si vous défaussez sur la Toile une carte de votre main dont la valeur est supérieure au nombre de "
                    "cartes de votre Palette, vous pouvez piocher une carte (excepté si la pioche est vide).")
_ADV_DRAW_V11 = ("When you discard to the Canvas a card whose number is higher than the number of cards in your "
                 "Palette, you *may* draw a card (unless the deck is empty).")
_DISCARD_FR = ("Défausser une carte de sa main sur la Toile afin de modifier la règle en vigueur. Cette action est "
               "possible uniquement si le joueur devient vainqueur après modification de la règle ;")
_END_FR = "Si un joueur n'est pas le vainqueur à la fin de son tour, il est éliminé de la manche en cours."
_END_V11 = "A player not winning at the end of their own turn is out of the round;"
_TURN_V11 = ("On a turn a player does exactly one of: play a hand card to their Palette; discard a hand card to the "
             "Canvas (the top Canvas card's colour is the new rule, and the player must be winning under it); play "
             "to the Palette and then discard to the Canvas; or do nothing and lose (forced when the hand is empty).")
_ERRATA = (" EN-REF says 'Effects follow the English v1.3 rulebook', which we do not have: its difference from V1.1 "
           "here may be a deliberate erratum.")
_TABLE_HEAD = "point | V1.1 | EN-REF | FR"


def differences(point: str) -> Quote:
    """The row of the digest's table of differences (``Where the sources differ``) for ``point``,
    quoted with the table's head: what the digest says each source says."""
    row = next(line.strip().strip("|").strip() for line in sources.text(DIGEST).splitlines()
               if line.startswith(f"| {point} |"))
    return p11(f"{_TABLE_HEAD} (...) {row}")
_LOSING = ("basic", "actions", "advanced")

ENTRIES: tuple[Entry, ...] = (
    entry(
        1, "nobody-qualifies", "Nobody has a qualifying card",
        question="Under Green or Violet a Palette can hold no qualifying card. When no player still in the round "
                 "has one, is anybody winning?",
        answer="No. Nobody is winning, so a player whose turn ends that way is out.",
        kind="gap", preset="basic", switch="nobody_qualifies",
        sources=(p11("One card is always enough for any of the rules."),
                 p11("Winning = more cards meeting the Canvas rule than any other player; other Palette cards are "
                     "ignored."),
                 Quote(EN_REF, "Rulings that apply to every row below: ties use qualifying cards only; eliminated "
                               "Palettes stop competing."),
                 Quote(FR, "Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter "
                           "la règle en vigueur, durant son tour de jeu.")),
        meanings=(("nobody is winning, so the player to move cannot end a turn there and stays in only by "
                  "another turn"), "the highest card overall decides, as if every card qualified"),
        recommendation="Adopt 'nobody is winning'. Every source compares qualifying cards only and none lets a "
                       "card that does not meet the rule win. V1.1's 'One card is always enough for any of the rules' (in the digest's "
                       "words) is about how many cards you need, not about who wins when nobody has one, so it "
                       "agrees with this reading; it simply does not cover the case. With 'highest card' a player "
                       "could discard Green with no even card and stay in, which changes play (see the witness).",
        en="If no player still in the round has a card that meets the rule, nobody is winning: a player whose "
           "turn ends that way is out.",
        fr="Si aucun joueur encore en lice n'a de carte qui respecte la règle, personne n'est vainqueur : un "
           "joueur dont le tour se termine ainsi est éliminé.",
        related=("losing-discard", "tie-break-card"),
        changes=((V2, ("The reason no longer calls 'one card is always enough' false: it is compatible with this "
                      "answer.")),),
    ),
    entry(
        2, "losing-discard", "A discard that leaves you not winning",
        question="May a player discard to the Canvas a card under whose rule they are not winning (and so go out), "
                 "or is such a discard not allowed?",
        answer="It is not allowed: a discard to the Canvas must leave you winning. A player who cannot stay in "
               "passes and is out.",
        kind="conflict", preset="basic", switch="losing_turns", values=("not_generated", "discards_only"),
        measured_in=_LOSING,
        sources=(Quote(FR, _DISCARD_FR),
                 p11(_TURN_V11),
                 p11(_END_V11),
                 Quote(FR, _END_FR),
                 differences("a discard that leaves you not winning")),
        meanings=(("a discard that would leave the mover not winning is not a legal turn; `pass` is the one way to "
                  "give up"), "such a discard is legal and puts the mover out, but the Canvas keeps the new rule"),
        recommendation="Adopt 'not allowed'. FR says the discard is 'possible uniquement si le joueur devient "
                       "vainqueur après modification de la règle'. V1.1 differs: the digest's table of differences "
                       "gives V1.1 as 'you lose' on 'a discard that leaves you not winning', that is, the discard "
                       "is made and the player is out, although its turn summary says 'the player must be winning "
                       "under it'. The readings differ in play: a losing discard still changes the rule, so with 3 "
                       "or 4 players the player going out picks which opponent is winning, and in Advanced it "
                       "changes the rule the round winner banks under.",
        en="You may discard a card to the Canvas only if you are winning under the new rule. If you cannot, "
           "you may not make that discard.",
        fr="Vous ne pouvez défausser une carte sur la Toile que si vous êtes vainqueur avec la nouvelle règle ; "
           "sinon, cette défausse est interdite.",
        related=("losing-play", "same-colour-discard", "fr-becomes-winner"),
        changes=((V2, ("Split from the former 'losing-turn' entry: this entry keeps number 2 and covers discards; "
                      "plays are entry 18. The old reason ('a losing turn and pass end the same way') was false "
                      "with 3 or more players, with the Action rule and in Advanced, and is withdrawn.")),
                 (V3, "The reason no longer says V1.1 'reads the same way': the digest gives V1.1 as 'you lose'.")),
    ),
    entry(
        3, "advanced-draw", "Is the Advanced draw optional?",
        question="After a Canvas discard whose number is higher than the cards in your Palette, may you draw, or "
                 "must you?",
        answer="You may draw; you do not have to.",
        kind="conflict", preset="advanced", switch="advanced_draw",
        sources=(p11(_ADV_DRAW_V11), Quote(FR, _ADV_DRAW_FR), differences("Advanced draw")),
        replaces_fr=Quote(FR, _ADV_DRAW_FR),
        meanings=("the player may draw or not", "the player must draw"),
        recommendation="Adopt 'may'. V1.1 (the publisher's English rulebook, in the digest's words) says 'you may "
                       "draw a card'; FR's 'vous piochez' reads as an imperative but is a translation; the digest's "
                       "table gives EN-REF as 'unsaid'. A forced draw can matter: the drawn card may be needed by "
                       "an opponent's later draw.",
        en="After you discard to the Canvas a card whose number is higher than the number of cards in your "
           "Palette, you may draw a card from the deck (if it is not empty).",
        fr=_ADV_DRAW_FR_NEW,
        related=("advanced-draw-count", "action7-advanced-draw"),
    ),
    entry(
        4, "action1-eligibility", "Whose Palette may a 1 take from?",
        question="With the Action rule, a 1 takes a card from an 'eligible' opponent's Palette. Who is eligible?",
        answer="An opponent with at least as many Palette cards as you, and never their only card.",
        kind="conflict", preset="actions", switch="action1_eligibility",
        sources=(Quote(EN_REF, _ONE_EN),
                 Quote(EN_REF, "1 — remove. Target another eligible Palette, not the Canvas."),
                 Quote(FR, _ONE_FR),
                 p11("1: take a card from another player's Palette and put it face down on top of the draw deck; "
                     "you may not take that player's only Palette card.")),
        meanings=("an opponent with at least as many Palette cards as you, never their only card",
                  "any opponent, never their only card (V1.1)"),
        recommendation="Adopt FR's definition ('si celui-ci a autant ou plus de carte que vous sur votre Palette') "
                       "with V1.1's limit on top ('you may not take that player's only Palette card'). EN-REF speaks "
                       "first and says 'eligible' without defining it; FR is the only text that defines it; V1.1 "
                       "(digest) allows 'another player's Palette'. Because EN-REF says 'Effects follow the English "
                       "v1.3 rulebook', 'eligible' may be a v1.3 erratum that FR's definition reflects.",
        replaces_en=Quote(EN_REF, "[Actions] Remove an eligible opponent’s Palette card to the draw deck; your turn must "
                                  "still keep you in the round."),
        replaces_fr=Quote(FR, _ONE_FR),
        en="When you play a 1, choose an opponent who has at least as many Palette cards as you (counting the "
           "1) and more than one card, and put one of their Palette cards face down on top of the deck.",
        fr="Quand vous jouez un 1, choisissez un adversaire qui a au moins autant de cartes que vous sur sa "
           "Palette (le 1 compris) et plus d'une carte, et placez une de ses cartes face cachée sur le dessus de la pioche.",
        related=("action1-count", "action1-only-card", "action1-out-players"),
    ),
    entry(
        5, "action1-count", "Does the 1 count itself in your Palette?",
        question="FR's eligibility compares Palette sizes: is the 1 itself already in your Palette when you count?",
        answer="Yes: count after the 1 is in your Palette.",
        kind="unclear", preset="actions", switch="action1_count",
        sources=(Quote(FR, _ONE_FR), Quote(EN_REF, _ONE_EN),
                 Quote(EN_REF, "3 — draw. Resolve after playing to your Palette; an empty draw deck gives nothing.")),
        meanings=("counted when the 1 resolves, with the 1 already in your Palette", "counted before the 1 is played"),
        recommendation="Adopt 'after'. An action resolves after its card is played to the Palette (EN-REF says "
                       "so of the 3, and every action is 'played to a Palette' first), so the 1 is there when "
                       "you count. The readings change which opponents a 1 can reach.",
        notes=(("Any position where the count matters is one where entry 4 matters too (an opponent with one card "
               "fewer than you, the 1 included, is eligible only when counting before the play, and only under "
               "FR's eligibility); entry 4's examples are chosen so that this count does not matter in them."),),
        en="When you check whether an opponent is eligible for your 1, count your Palette with the 1 in it.",
        fr="Pour savoir si un adversaire peut être visé par votre 1, comptez votre Palette avec le 1.",
        related=("action1-eligibility", "action1-only-card"),
        changes=((V3, ("The title asks the yes/no question the answer fits (edition 2: "
                       "\"When are Palettes counted for a 1?\").")),),
    ),
    entry(
        6, "action1-destination", "Where does the card taken by a 1 go?",
        question="The card a 1 removes goes to the draw deck: on top or at the bottom?",
        answer="On top of the draw deck, face down.",
        kind="unclear", preset="actions", switch="action1_destination",
        sources=(Quote(EN_REF, _ONE_EN), Quote(FR, _ONE_FR),
                 p11("take a card from another player's Palette and put it face down on top of the draw deck")),
        meanings=("on top of the draw deck", "at the bottom of the draw deck"),
        recommendation="Adopt 'on top'. EN-REF says only 'to the draw deck' and FR 'vers la pioche'; V1.1 (digest) "
                       "says 'on top of the draw deck'. It matters: the next draw (a 3 or the Advanced draw) takes "
                       "that card.",
        en="Put the card taken by a 1 face down on top of the draw deck.",
        fr="Placez la carte prise par un 1 face cachée sur le dessus de la pioche.",
        related=("action7-destination",),
    ),
    entry(
        7, "action3-drawn-card", "May the card drawn by a 3 be discarded at once?",
        question="After a 3 draws a card, may that same card be this turn's discard to the Canvas?",
        answer="Yes.",
        kind="gap", preset="actions", switch="action3_draw_discardable",
        sources=(Quote(EN_REF, "Draw one card, if possible; it may supply your subsequent Canvas discard."),
                 Quote(FR, "Carte de valeur 3 : Piochez une carte."), p11("3: draw a card if you can."),
                 differences("3: drawn card usable for this turn's discard")),
        meanings=("yes, the drawn card may be discarded this turn", "no, it joins the hand only after this turn"),
        recommendation="Adopt 'yes': EN-REF says 'it may supply your subsequent Canvas discard'; the digest's table "
                       "gives V1.1 and FR as 'unsaid'.",
        en="The card you draw with a 3 joins your hand at once and may be the card you discard to the Canvas this "
           "turn.",
        fr="La carte piochée grâce à un 3 rejoint aussitôt votre main et peut être celle que vous défaussez sur "
           "la Toile ce tour-ci.",
    ),
    entry(
        8, "action5-chains", "Does the extra card of a 5 resolve its action?",
        question="A 5 lets you play another hand card to your Palette: if that card is a 1, 3, 5 or 7, does its "
                 "action happen too?",
        answer="Yes, its action happens too.",
        kind="gap", preset="actions", switch="action5_chains",
        sources=(Quote(EN_REF, "Play another hand card to your Palette and resolve its Action, if any."),
                 Quote(EN_REF, "5 — extra Palette play. The new card can trigger another Action."),
                 Quote(FR, "Carte de valeur 5 : Jouer une autre carte de votre main sur votre Palette."),
                 p11("5: play another hand card to your Palette; you may still discard to the Canvas afterwards."),
                 differences("5: the extra card's action")),
        meanings=("yes, actions chain", "no, the extra card's action does not happen"),
        recommendation="Adopt 'yes': EN-REF says so twice ('resolve its Action, if any', 'The new card can trigger "
                       "another Action'); the digest's table gives V1.1 and FR as 'unsaid'.",
        en="The card you play with a 5 is played to your Palette like any other, and its own action happens.",
        fr="La carte jouée grâce à un 5 est jouée sur votre Palette comme une autre, et son effet s'applique.",
    ),
    entry(
        9, "action7-destination", "Where may a 7 send a Palette card?",
        question="A 7 moves a card of your Palette: to the Canvas only, or to the Canvas or the draw deck?",
        answer="To the Canvas or to the top of the draw deck.",
        kind="conflict", preset="actions", switch="action7_destination",
        sources=(Quote(EN_REF, _SEVEN_EN),
                 Quote(EN_REF, "7 — remove. Move a Palette card to Canvas or draw-deck top."),
                 Quote(FR, _SEVEN_FR), p11(_SEVEN_V11)),
        meanings=("the Canvas or the top of the draw deck", "the Canvas only (V1.1)"),
        recommendation="Adopt the Canvas or the deck: EN-REF speaks first ('Move a Palette card to Canvas or "
                       "draw-deck top') and FR agrees ('défaussez-la sur la Toile ou sur la pioche'); V1.1 (digest) "
                       "alone says 'discard one other card of your Palette to the Canvas'." + _ERRATA,
        en="When you play a 7, move another card of your Palette either to the Canvas (it becomes the rule) or "
           "face down on top of the draw deck.",
        fr=_SEVEN_FR_NEW,
        replaces_en=Quote(EN_REF, _SEVEN_EN),
        replaces_fr=Quote(FR, _SEVEN_FR),
        related=("action7-self", "action7-check", "action1-destination"),
    ),
    entry(
        10, "action7-advanced-draw", "Does a 7's Canvas move give the Advanced draw?",
        question="With the Action and Advanced rules together, a 7 moves a high card to the Canvas: may its owner "
                 "draw as after a discard?",
        answer="No. Only a discard from your hand gives the Advanced draw.",
        kind="conflict", preset="advanced+actions", switch="action7_advanced_draw",
        sources=(Quote(EN_REF, "This removal gives no Advanced draw."),
                 Quote(EN_REF, "[Advanced] This discard earns no bonus draw."),
                 p11(_SEVEN_V11), p11(_ADV_DRAW_V11), Quote(FR, _ADV_DRAW_FR), differences("7: Advanced draw")),
        meanings=("no draw", "the Advanced draw applies as for a discard"),
        recommendation="Adopt no draw: EN-REF says so twice ('This removal gives no Advanced draw', 'This discard "
                       "earns no bonus draw'). The digest's table gives V1.1 and FR as 'unsaid' on the point. A "
                       "reader of V1.1 could still apply its draw rule ('When you discard to the Canvas a card "
                       "whose number is higher than the number of cards in your Palette'), since the digest words "
                       "the 7's move as 'discard one other card of your Palette to the Canvas'; FR's 'Si vous jouez "
                       "une carte sur la Toile' could include it too (entry 31)." + _ERRATA,
        en="Moving a card to the Canvas with a 7 is not a discard from your hand and never gives the Advanced "
           "draw.",
        fr="Déplacer une carte sur la Toile avec un 7 n'est pas une défausse de votre main et ne donne jamais "
           "la pioche avancée.",
        related=("advanced-draw", "fr-play-to-canvas"),
        changes=((V2, ("The reason no longer calls V1.1 silent: it calls the 7's move a discard, which its draw "
                      "rule covers.")),
                 (V3, ("Edition 2's 'V1.1 gives the draw' is withdrawn: the digest's table gives V1.1 as 'unsaid'; "
                      "that its wording could be read to give it is said as a reading."))),
    ),
    entry(
        11, "action7-check", "May a hand discard follow a 7's move to the Canvas?",
        question="A 7 that moves a card to the Canvas changes the rule in the middle of the turn. May the player "
                 "still discard from their hand afterwards, and if so, must they already be winning after the 7's "
                 "move?",
        answer="Yes, a hand discard may follow, and only the end of the turn counts: you must be winning once "
               "your turn is over.",
        kind="gap", preset="actions", switch="action7_check",
        readings=(Reading("end of turn", "a discard may follow; winning is checked only at the end of the turn",
                          (("action7_check", "end_of_turn"), ("discard_after_action7", True))),
                  Reading("at once", "a discard may follow, but the 7's move must itself leave the player winning",
                          (("action7_check", "at_once"), ("discard_after_action7", True))),
                  Reading("no discard", "after a 7's Canvas move the turn ends (no hand discard)",
                          (("action7_check", "end_of_turn"), ("discard_after_action7", False)))),
        sources=(p11(_SEVEN_V11), Quote(EN_REF, _SEVEN_EN), p11(_TURN_V11), p11(_END_V11), Quote(FR, _END_FR),
                 Quote(FR, "Jouer une carte de sa main sur sa Palette PUIS défausser une carte de sa main sur la "
                           "Toile afin de modifier la règle en vigueur.")),
        recommendation="Adopt 'end of turn'. FR (“Si un joueur n'est pas le vainqueur à la fin de son tour”) and "
                       "V1.1 ('A player not winning at the end of their own turn is out of the round') check "
                       "winning at the end of the turn, and the turn is still a play then a discard: the 7 moved a "
                       "Palette card, not a hand card. V1.1's wording for the 7 ('it becomes the rule, so you must "
                       "be winning under it', in the digest's words) supports 'at once', so this is a real choice; "
                       "EN-REF's 'stay in the round' names the result, not a moment. The three readings give "
                       "different turns (see the examples).",
        en="After a 7 has moved a card to the Canvas you may still discard a card from your hand to the Canvas. "
           "Only the end of your turn counts: you must then be winning.",
        fr="Après qu'un 7 a déplacé une carte sur la Toile, vous pouvez encore défausser une carte de votre main "
           "sur la Toile. Seule la fin de votre tour compte : vous devez alors être vainqueur.",
        related=("action7-destination", "fr-during-turn"),
        changes=((V2, ("Merged with the former entry 12 (discard-after-action7): with no discard after the 7 the "
                      "timing readings never differ. The reason now says V1.1's wording supports 'at once'.")),
                 (V3, ("The title asks the yes/no question the answer fits (edition 2: "
                       "\"What may follow a 7's move to the Canvas?\")."))),
        notes=(("Readings are two switches: action7_check (end_of_turn / at_once) and discard_after_action7 "
               "(true / false). With discard_after_action7=false the two action7_check values give the same "
               "turns, which is why the former entries 11 and 12 are one question."),),
    ),
    entry(
        13, "action-mode", "Are actions mandatory?",
        question="When you play a 1, 3, 5 or 7 to your Palette, must you perform its action?",
        answer="Yes, whenever it can be done; an action that cannot be done (a 1 with no eligible opponent, a 3 "
               "on an empty deck, a 5 with no card left in hand) is skipped.",
        kind="conflict", preset="actions", switch="action_mode", values=("mandatory", "optional"),
        sources=(p11("when you play a 1, 3, 5 or 7 *to your Palette* you *must* perform its action if you can."),
                 Quote(EN_REF, "[Actions] Odd-number abilities trigger only when played to a Palette."),
                 Quote(FR, "Jouez une carte impaire sur votre Palette active un effet particulier :")),
        meanings=("mandatory when possible, skipped when impossible", "optional"),
        recommendation="Adopt 'mandatory'. V1.1 (digest) says 'must'; EN-REF's 'trigger' and FR's 'active' "
                       "describe something that happens, not a choice. It matters: a forced 1 can hand an "
                       "opponent the lead, a forced 3 can give an opponent the next card.",
        en="When you play a 1, 3, 5 or 7 to your Palette you must carry out its action if you can.",
        fr="Quand vous jouez un 1, 3, 5 ou 7 sur votre Palette, vous devez appliquer son effet si c'est possible.",
        replaces_fr=Quote(FR, "Jouez une carte impaire sur votre Palette active un effet particulier :"),
        related=("action-if-you-can",),
        changes=((V3, ("Edition 2's example of an action that cannot be done, 'a 7 alone with nothing to move', "
                       "cannot arise: a Palette is never empty, so a 7 played to it always has another card to move. "
                       "The answer now names cases that arise: a 1 with no eligible opponent, a 3 on an empty deck, "
                       "a 5 with an empty hand.")),),
    ),
    entry(
        14, "banked-set", "Which cards are banked when groups tie?",
        question="Advanced scoring banks the Palette cards meeting the final rule. With two equally large groups "
                 "(two pairs under Orange, two colours under Yellow, two runs under Indigo), which are banked?",
        answer="Only the group that decided the round: the largest, and among equal ones the one with the highest "
               "card.",
        kind="gap", preset="advanced", switch="banked_set",
        sources=(Quote(EN_REF, "Use it to choose a winning rule, then bank only the qualifying set in [Advanced] "
                               "play."),
                 p11("The round winner takes the Palette cards that meet the final rule (under Blue: the highest "
                     "card of each colour) as a score pile; they score face value and are out of later deals.")),
        meanings=("the set that decided (the best group by count, then highest card)",
                  "every group as large as the deciding one, all together"),
        recommendation="Adopt the deciding group: EN-REF's 'only the qualifying set' names one set, and the "
                       "tie-break already picks it. Banking both pairs would score more and change who reaches "
                       "the target first.",
        en="In Advanced play the round winner banks only the cards of the group that decided the round; if two "
           "groups are equally large, the one with the highest card.",
        fr="En jeu avancé, le vainqueur de la manche ne garde que les cartes du groupe qui a décidé de la "
           "manche ; si deux groupes sont de même taille, celui qui contient la plus forte carte.",
        related=("tie-break-card",),
    ),
    entry(
        15, "indigo-duplicates", "Which copy of a duplicated number counts in a run?",
        question="Under Indigo a second card of a number already in the run does not lengthen it. Which copy "
                 "stands for the number when runs are compared: the highest or the lowest?",
        answer="The highest copy.",
        kind="gap", preset="basic",
        readings=(Reading("highest copy", "the strongest card of each number stands for it"),
                  Reading("lowest copy", "the weakest card of each number stands for it", view="lowest_copy")),
        sources=(p11("Indigo most cards forming a run of consecutive numbers (e.g. 4 5 6, colours irrelevant)"),
                 Quote(FR, "Indigo : la plus longue suite de cartes gagne. (exemple : 4, 5, 6 ; pas besoin d'être "
                           "dans la même couleur)"),
                 Quote(EN_REF, "On the Canvas, compare the longest sequence of consecutive numbers."),
                 Quote(FR, "En cas d'égalité vis-à-vis de la règle, le vainqueur est celui qui possède la carte qui "
                           "respecte la règle de plus forte valeur.")),
        recommendation="Adopt the highest copy: FR's tie-break names “la carte qui respecte la règle de plus forte "
                       "valeur”, and every copy meets the rule.",
        en="Under Indigo, a second card of a number already in your run does not make it longer; for ties, your "
           "highest card of the run counts, whichever copy it is.",
        fr="Sous Indigo, une deuxième carte d'une valeur déjà présente dans votre suite ne l'allonge pas ; en cas "
           "d'égalité, c'est la plus forte carte de la suite qui compte, quel que soit l'exemplaire.",
        rule=INDIGO, related=("tie-break-card",),
        notes=(("The ruleset has no switch for this point: the spec's LongestRun fixes the highest copy. The "
               "alternative is evaluated by the same engine on each Palette reduced to the weakest card of each "
               "number (view lowest_copy), so it can only be shown in who is winning, and its games are not "
               "solved."),),
    ),
    entry(
        16, "next-round-first", "Who starts the next round?",
        question="After a round of an Advanced game, who plays first in the next deal?",
        answer="As in the first round: the player to the left of whoever is winning Red after the deal.",
        kind="gap", preset="advanced", switch="next_round_first",
        sources=(p11("The player with the highest Palette card is winning Red; the player to that player's left "
                     "goes first."),
                 Quote(EN_REF, "Begin with Red: highest single card. Later Canvas cards replace this rule; none of "
                               "them count in a Palette. Setup and first player.")),
        meanings=("left of the player winning Red after the deal", "left of the last round's winner"),
        recommendation="Adopt the deal rule: it is the only first-player rule any source gives, and every round "
                       "starts with a deal.",
        en="Every round, including the first, is started by the player to the left of the player with the "
           "highest Palette card after the deal.",
        fr="Chaque manche, la première comprise, commence par le joueur à gauche de celui qui a la plus forte "
           "carte de Palette après la distribution.",
        related=("fr-setup",),
    ),
    entry(
        17, "final-tie", "A tie on points at the end of the game",
        question="When no new hand can be dealt, the highest score wins. What if scores tie?",
        answer="The tied players share the win.",
        kind="gap", preset="advanced", switch="final_tie",
        sources=(p11("If a new hand cannot be dealt to everyone, the game ends and the highest score wins."),
                 Quote(EN_REF, "[Advanced] A scored card is worth its printed number.")),
        meanings=("a shared win", "most cards banked wins"),
        recommendation="Adopt a shared win: no source breaks the tie, and any tie-break would be a new rule.",
        en="If the game ends because the cards left cannot give every player 7 hand cards and 1 Palette card, and "
           "two or more players have the highest score, they share the win.",
        fr="Si la partie s'arrête parce que les cartes restantes ne permettent plus de donner à chaque joueur 7 "
           "cartes en main et 1 carte sur sa Palette, et que plusieurs joueurs ont le meilleur score, ils gagnent "
           "ex aequo.",
        related=("new-hand",),
    ),
    entry(
        18, "losing-play", "A play that leaves you not winning", since=V2,
        question="May a player play a card to their Palette (without a discard) and end the turn not winning, "
                 "going out, instead of passing?",
        answer="Not as a turn of its own: a player who cannot stay in passes.",  # + like_pass's sentences on play
        kind="gap", preset="actions", switch="losing_turns", values=("not_generated", "plays_only"),
        measured_in=_LOSING,
        sources=(Quote(FR, _END_FR), p11(_END_V11), Quote(EN_REF, _ONE_EN), Quote(EN_REF, _SEVEN_EN),
                 Quote(FR, "Passer son tour. Un joueur qui passe son tour est automatiquement éliminé de la manche "
                           "en cours.")),
        meanings=("a play that leaves the mover not winning is not a legal turn; `pass` is the way out",
                  "such a play is legal and puts the mover out (its action, if any, happens)"),
        recommendation="Adopt 'not a turn'. FR restricts only discards ('Cette action est possible uniquement "
                       "si le joueur devient vainqueur'); its end-of-turn rule (“Si un joueur n'est pas le vainqueur "
                       "à la fin de son tour, il est éliminé de la manche en cours”) and V1.1's ('A player not "
                       "winning at the end of their own turn is out of the round') describe what happens to a "
                       "player who is not winning, which reads as allowing the play. "
                       "EN-REF speaks for two of the cards: a 1 'must still keep you in the round' and a 7 must "
                       "'stay in the round'.",  # + like_pass's sentences on play
        en="You may not end your turn not winning by playing a card; if you cannot stay in, pass.",
        fr="Vous ne pouvez pas terminer votre tour en jouant une carte qui vous laisse non vainqueur ; si vous "
           "ne pouvez pas rester en lice, passez.",
        related=("losing-discard", "action-if-you-can"),
        notes=(("The answer's and the recommendation's last sentences are written by the build from the appendix "
               "“A losing play against a pass” (report/red7/like_pass.py), not typed."),),
        changes=((V3, ("The sentences about play are no longer typed: they are written from the appendix “A losing "
                      "play against a pass”, where such plays are played against a pass in seeded rounds.")),),
    ),
    entry(
        19, "same-colour-discard", "Discarding a card of the rule's own colour", since=V2,
        question="May a player discard to the Canvas a card of the colour the rule already has (the rule stays "
                 "the same)?",
        answer="Yes. The rule stays, and the card is spent.",
        kind="conflict", preset="basic", switch="same_colour_discard",
        sources=(Quote(FR, _DISCARD_FR), p11(_TURN_V11),
                 Quote(EN_REF, "a card’s number ranks it and its color becomes a rule only when it is on top of the "
                               "Canvas.")),
        meanings=("allowed", "not allowed: a discard must change the rule"),
        recommendation="Adopt 'allowed'. V1.1 (digest) sets no condition but 'the player must be winning under "
                       "it'; no sentence of EN-REF speaks of a discard's colour; FR's 'afin de modifier la règle' "
                       "states the usual purpose. It matters when a player with "
                       "few cards wants to shed a hand card (Advanced draw, or to leave a 3 for later).",
        en="You may discard a card of the current rule's colour; the rule does not change.",
        fr="Vous pouvez défausser une carte de la couleur de la règle en vigueur ; la règle ne change pas.",
        related=("losing-discard", "fr-becomes-winner"),
    ),
    entry(
        20, "action7-self", "May a 7 move itself?", since=V2,
        question="A 7 moves a card of its owner's Palette. May that card be the 7 just played?",
        answer="No: the 7 moves another card.",
        kind="conflict", preset="actions", switch="action7_self",
        sources=(p11(_SEVEN_V11), Quote(EN_REF, _SEVEN_EN), Quote(FR, _SEVEN_FR)),
        meanings=("never: another card of the Palette", "allowed: the 7 itself may be moved"),
        recommendation="Adopt 'another card'. V1.1 (digest) says 'other'; EN-REF's 'a Palette card' and FR's "
                       "'une carte de votre Palette' do not exclude the 7 but do not allow it either." + _ERRATA +
                       " Moving the 7 itself would let a player change the rule to the 7's colour and keep the "
                       "rest of the Palette.",
        en="When you play a 7, move another card of your Palette, not the 7 itself.",
        fr="Quand vous jouez un 7, déplacez une autre carte de votre Palette, pas le 7 lui-même.",
        related=("action7-destination",),
    ),
    entry(
        21, "action1-out-players", "May a 1 take from a player who is out?", since=V2,
        question="With three or four players, may a 1 take a card from the Palette of a player already out of the "
                 "round?",
        answer="No: a player who is out is no longer an opponent in the round.",
        kind="gap", preset="actions", switch="action1_out_players",
        sources=(Quote(EN_REF, _ONE_EN),
                 Quote(EN_REF, "Rulings that apply to every row below: ties use qualifying cards only; eliminated "
                               "Palettes stop competing."),
                 p11("A player not winning at the end of their own turn is out of the round; their hand and Palette "
                     "are turned face down."),
                 Quote(FR, _ONE_FR)),
        meanings=("never", "allowed (with the same eligibility)"),
        recommendation="Adopt 'never'. EN-REF's 'eliminated Palettes stop competing' and V1.1's face-down Palette "
                       "(digest) take an out player out of the round; FR's 'un adversaire' does not say which. It "
                       "matters: taking from an out player puts a card on the deck without weakening anybody.",
        en="A 1 may take a card only from a player who is still in the round.",
        fr="Un 1 ne peut prendre une carte qu'à un joueur encore en lice.",
        related=("action1-eligibility", "out-palettes"),
    ),
    entry(
        22, "new-hand", "How many cards is 'a new hand' at the end of the game?", since=V2,
        question="An Advanced game ends when 'a new hand cannot be dealt to everyone'. Is a new hand the 7 hand "
                 "cards, or the 7 cards and the starting Palette card?",
        answer="Eight cards per player: the 7-card hand and the Palette card every round starts with.",
        kind="unclear", preset="advanced", switch="new_hand",
        sources=(p11("If a new hand cannot be dealt to everyone, the game ends and the highest score wins."),
                 p11("Deal 7 cards to each hand and 1 card face up to each Palette.")),
        meanings=("8 per player (hand and Palette card)", "7 per player; Palette cards only while they last"),
        recommendation="Adopt 8. A round cannot start properly without a Palette card for everyone (who is "
                       "winning Red, who goes first), and no source says what happens otherwise. With 7 the game "
                       "would go on for a round in which some players have no Palette card.",
        en="The game ends when the cards left cannot give every player 7 hand cards and 1 Palette card.",
        fr="La partie s'arrête lorsque les cartes restantes ne permettent plus de donner à chaque joueur 7 "
           "cartes en main et 1 carte sur sa Palette.",
        related=("final-tie", "fr-advanced-scoring"),
    ),
    entry(
        23, "advanced-draw-count", "Does the card just played count for the Advanced draw?", since=V2,
        question="The Advanced draw needs a discard 'higher than the number of cards in your Palette'. On a turn "
                 "where you play and then discard, does the card just played count?",
        answer="Yes: count your Palette as it is when you discard, with this turn's card in it.",
        kind="unclear", preset="advanced", switch="advanced_draw_count",
        sources=(p11(_ADV_DRAW_V11), Quote(FR, _ADV_DRAW_FR)),
        meanings=("at the discard, after this turn's play", "at the start of the turn"),
        recommendation="Adopt 'at the discard': both texts speak of the moment of the discard ('when you "
                       "discard', 'si vous jouez une carte sur la Toile') and of the Palette then ('présentes "
                       "sur votre Palette'). Counting at the start of the turn gives more draws.",
        en="For the Advanced draw, compare the discarded card's number with the number of cards in your Palette "
           "at that moment, including a card you played this turn.",
        fr="Pour la pioche avancée, comparez la valeur de la carte défaussée au nombre de cartes de votre "
           "Palette à ce moment-là, y compris une carte jouée ce tour-ci.",
        related=("advanced-draw",),
        changes=((V3, ("The title asks the yes/no question the answer fits (edition 2: "
                       "\"When is the Palette counted for the Advanced draw?\").")),),
    ),
    entry(
        24, "tie-break-card", "Which card breaks a tie under Orange, Yellow and Indigo?", since=V2,
        question="Ties go to 'the highest card among the cards meeting the rule'. Under Orange, Yellow or Indigo, "
                 "is that the highest card of the group being compared, or of the whole Palette?",
        answer="The highest card of the group being compared.",
        kind="unclear", preset="basic", switch="tie_break",
        sources=(p11("Tie: the highest card among the cards meeting the rule wins (number, then colour)."),
                 Quote(FR, "En cas d'égalité vis-à-vis de la règle, le vainqueur est celui qui possède la carte qui "
                           "respecte la règle de plus forte valeur."),
                 Quote(EN_REF, "Follow count → highest qualifying number → color strength."),
                 Quote(EN_REF, "Rulings that apply to every row below: ties use qualifying cards only; eliminated "
                               "Palettes stop competing.")),
        meanings=("the highest card of the compared group", "the highest card of the whole Palette"),
        recommendation="Adopt the highest card of the group. Meeting the rule is said in two senses: any card is "
                       "of one colour or of one number, but only the compared group qualifies. EN-REF's 'ties use "
                       "qualifying cards only' settles it. The other reading changes who is winning whenever "
                       "groups tie.",
        en="If players tie on the count, compare the highest card of the group that counted (the pair, the "
           "colour, the run), not the highest card of the whole Palette.",
        fr="En cas d'égalité, comparez la plus forte carte du groupe qui compte (la paire, la couleur, la "
           "suite), et non la plus forte carte de toute la Palette.",
        related=("indigo-duplicates", "banked-set", "nobody-qualifies"),
    ),
    entry(
        25, "out-palettes", "Does an eliminated player's Palette still count?", since=V2,
        question="Once a player is out of the round, does their Palette still count when deciding who is "
                 "winning?",
        answer="No. Only the Palettes of players still in the round count.",
        kind="translation", preset="basic", switch="out_palettes",
        sources=(Quote(EN_REF, "Rulings that apply to every row below: ties use qualifying cards only; eliminated "
                               "Palettes stop competing."),
                 p11("A player not winning at the end of their own turn is out of the round; their hand and Palette "
                     "are turned face down."),
                 Quote(FR, "Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter "
                           "la règle en vigueur, durant son tour de jeu.")),
        meanings=("ignored", "they still compete"),
        recommendation="Adopt 'ignored': EN-REF and V1.1 (digest) say so; FR never does, which is a gap in the "
                       "French text. Letting them compete would often leave nobody able to win.",
        en="When a player is out, turn their hand and Palette face down: their cards no longer count for "
           "anybody.",
        fr="Quand un joueur est éliminé, retournez sa main et sa Palette face cachée : ses cartes ne comptent "
           "plus pour personne.",
        related=("action1-out-players", "fr-setup"),
    ),
    entry(
        26, "action1-only-card", "May a 1 take an opponent's only Palette card (FR)?", since=V2,
        question="V1.1 forbids a 1 to take an opponent's only Palette card; FR's sentence on the 1 does not mention "
                 "it. Does FR allow it?",
        answer="No: a 1 never takes an opponent's only Palette card, in French as in English. With Palettes counted "
               "as entry 5 recommends the question does not come up at all.",
        kind="translation", preset="actions", switch="action1_only_card",
        sources=(Quote(FR, _ONE_FR),
                 p11("1: take a card from another player's Palette and put it face down on top of the draw deck; "
                     "you may not take that player's only Palette card.")),
        meanings=("never", "allowed, as FR does not forbid it"),
        recommendation="Keep V1.1's limit (“you may not take that player's only Palette card”) and add it to the "
                       "French text. FR's own eligibility ('si celui-ci a autant ou plus de carte que vous sur "
                       "votre Palette') never reaches a one-card Palette when the 1 already counts in your Palette, "
                       "as entry 5 recommends. With entry 5's other count a player with a single Palette card could "
                       "take another player's only card and leave them with an empty Palette.",
        en="A 1 can never take an opponent's only Palette card.",
        fr="Un 1 ne peut jamais prendre la seule carte de la Palette d'un adversaire.",
        related=("action1-eligibility", "action1-count"),
        same_in_play=("with the recommended count of entry 5 (the 1 already in your Palette), the player of a 1 "
                      "holds at least two Palette cards when it resolves (a Palette is never empty and the 1 is in "
                      "it), so an opponent FR's eligibility reaches holds two or more and the readings never offer "
                      "different turns; they differ only beside entry 5's other count. A test checks it on every "
                      "position of seeded Actions rounds and on random small positions."),
        changes=((V3, ("The point is now a switch (action1_only_card), measured in play; the readings never differ "
                      "under the recommended count, which a test checks in a stated scope.")),),
    ),
    entry(
        27, "winning-two-senses", "'Winning' and 'lose' in two senses", since=V2,
        question="The texts say 'winning' both for being ahead under the current rule and for winning the round; "
                 "V1.1 says a player who does nothing 'loses'. Which is meant where?",
        answer="'Winning' during a round means being ahead under the current rule; the round is won by the last "
               "player still in. V1.1's 'lose' in its turn list means going out of the round, not losing the game.",
        kind="unclear", preset="basic",
        sources=(p11(_TURN_V11),
                 p11("The last player standing wins the round."),
                 Quote(FR, "Être le dernier joueur encore en lice afin de remporter la manche."),
                 Quote(FR, "Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter "
                           "la règle en vigueur, durant son tour de jeu.")),
        recommendation="Keep winning for the player ahead under the Canvas rule, as V1.1 does ('the player must be "
                       "winning under it'). FR's word for it is 'vainqueur' ('chaque joueur doit être le vainqueur'), "
                       "and for the round 'remporter la manche'. Say wins the round for the last player still in, "
                       "and is out (éliminé) instead of lose. The glossary appendix fixes these words for every "
                       "suggested wording.",
        en="During a round, the player who best meets the Canvas rule is winning. At the end of your turn you "
           "must be winning, or you are out. The last player still in wins the round.",
        fr="Pendant la manche, le joueur qui respecte le mieux la règle de la Toile est vainqueur. À la fin de "
           "votre tour, vous devez être vainqueur, sinon vous êtes éliminé. Le dernier joueur encore en lice "
           "remporte la manche.",
        related=("losing-discard", "losing-play"),
        changes=((V3, ("The wording says 'winning' ('vainqueur'), as every other entry and the glossary do, instead "
                      "of edition 2's 'leading' ('en tête').")),),
    ),
    entry(
        28, "fr-advanced-scoring", "FR has no Advanced scoring", since=V2,
        question="FR gives the Advanced draw but not Advanced scoring (banking the qualifying cards, points to "
                 "win, the end of the game). Which rules apply in French?",
        answer="The same as in English: the round winner banks the cards that meet the final rule; 40, 35 or 30 "
               "points win with 2, 3 or 4 players; the game ends when no new hand can be dealt.",
        kind="translation", preset="advanced",
        sources=(Quote(FR, "Règle de pioche avancée"),
                 p11("The round winner takes the Palette cards that meet the final rule (under Blue: the highest "
                     "card of each colour) as a score pile; they score face value and are out of later deals."),
                 p11("Points to win: 40 (2 players), 35 (3), 30 (4)."),
                 Quote(EN_REF, "[Advanced] A scored card is worth its printed number.")),
        recommendation="Add an Advanced scoring section to the French text with the wording below.",
        en="(English text unchanged.)",
        fr="Règle de score avancée : le vainqueur de la manche garde les cartes de sa Palette qui respectent la "
           "règle finale ; chacune vaut sa valeur et ne sera plus distribuée. La partie est gagnée à 40 points "
           "à 2 joueurs, 35 à 3 et 30 à 4. Si les cartes restantes ne permettent plus de donner à chaque joueur 7 "
           "cartes en main et 1 carte sur sa Palette, la partie s'arrête et le meilleur score l'emporte.",
        related=("banked-set", "new-hand", "final-tie"),
        changes=((V3, ("The French wording says when the game ends as entry 22 does (7 cards in hand and 1 on the "
                      "Palette for every player) instead of 'une nouvelle main'.")),),
    ),
    entry(
        29, "fr-setup", "FR has no set-up or first player", since=V2,
        question="FR never says how many cards to deal, that the Canvas starts as Red, or who goes first. What "
                 "applies?",
        answer="Deal 7 cards to each hand and 1 face up to each Palette; the Canvas starts as Red; the player to "
               "the left of the player winning Red goes first, and play goes on to the left.",
        kind="translation", preset="basic",
        sources=(p11("Deal 7 cards to each hand and 1 card face up to each Palette."),
                 p11("The player with the highest Palette card is winning Red; the player to that player's left "
                     "goes first."),
                 Quote(EN_REF, "Begin with Red: highest single card.")),
        recommendation="Add a set-up section to the French text.",
        en="(English text unchanged.)",
        fr="Mise en place : distribuez 7 cartes à chaque joueur et 1 carte face visible devant chacun, sur sa "
           "Palette. La Toile commence avec la règle Rouge. Le joueur à gauche de celui qui a la plus forte "
           "carte de Palette commence, puis on joue vers la gauche.",
        related=("next-round-first", "out-palettes"),
    ),
    entry(
        30, "fr-during-turn", "'Durant son tour': must you be winning at every step of it?", since=V2,
        question="FR says a player must be winning 'durant son tour de jeu' (during their turn) and, later, is out "
                 "if not winning 'à la fin de son tour' (at the end). Must a player be winning at every step of "
                 "the turn?",
        answer="No: only the end of the turn counts. A turn that plays a card and then discards may pass "
               "through a moment where the player is not winning.",
        kind="translation", preset="basic", switch="winning_check",
        sources=(Quote(FR, "Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter "
                           "la règle en vigueur, durant son tour de jeu."),
                 Quote(FR, _END_FR), p11(_END_V11)),
        meanings=("winning is checked at the end of the turn only",
                  "the player must also be winning after the Palette play, before the discard"),
        recommendation="Replace 'durant son tour de jeu' with 'à la fin de son tour de jeu'. Read literally, "
                       "'durant' would put out a player whose play leaves them behind even when the discard that "
                       "follows makes them winning, which is the very turn FR lists third ('Jouer une carte de sa "
                       "main sur sa Palette PUIS défausser une carte de sa main sur la Toile'). For the one case where "
                       "the timing is also a real choice in English (a 7 moving a card to the Canvas mid-turn) see "
                       "entry 11.",
        en="(English text unchanged.)",
        fr="Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter la règle "
           "en vigueur, à la fin de son tour de jeu.",
        replaces_fr=Quote(FR, "Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire "
                              "respecter la règle en vigueur, durant son tour de jeu."),
        related=("action7-check",),
        changes=((V3, ("The literal reading is now a switch (winning_check=every_step) with examples and a "
                      "frequency.")),
                 (V3, ("The title asks the yes/no question the answer fits (edition 2: "
                       "\"'Durant son tour' or 'à la fin de son tour'?\")."))),
    ),
    entry(
        31, "fr-play-to-canvas", "FR says 'jouer' for a discard to the Canvas", since=V2,
        question="FR's Advanced draw begins 'Si vous jouez une carte sur la Toile', while elsewhere 'jouer' means "
                 "playing to a Palette and the Canvas takes a 'défausse'. Does the draw follow any card put on the "
                 "Canvas (a 7's move included)?",
        answer="No: it follows a discard from your hand to the Canvas.",
        kind="translation", preset="advanced+actions",
        sources=(Quote(FR, _ADV_DRAW_FR),
                 Quote(FR, "Défausser une carte de sa main sur la Toile afin de modifier la règle en vigueur."),
                 Quote(EN_REF, "This removal gives no Advanced draw.")),
        recommendation="Write 'Si vous défaussez une carte de votre main sur la Toile'. The play this changes is "
                       "entry 10's (the 7's move), whose switch and witness apply.",
        en="(English text unchanged.)",
        fr=_ADV_DRAW_FR_NEW,
        replaces_fr=Quote(FR, _ADV_DRAW_FR),
        related=("action7-advanced-draw", "advanced-draw"),
    ),
    entry(
        32, "fr-becomes-winner", "FR 'devient vainqueur': may a player already winning discard?", since=V2,
        question="FR allows a discard 'uniquement si le joueur devient vainqueur après modification de la règle'. "
                 "'Devient' (becomes) could mean the player must not have been winning before. Is a discard "
                 "allowed to a player already winning?",
        answer="Yes. What counts is being winning after the discard, whether or not you were before.",
        kind="translation", preset="basic", switch="discard_becomes",
        sources=(Quote(FR, _DISCARD_FR), p11(_TURN_V11)),
        meanings=("allowed whenever the player is winning after the discard",
                  "allowed only to a player who is not winning before it"),
        recommendation="Write 'est vainqueur' instead of 'devient vainqueur'. V1.1 (digest) says only 'the player "
                       "must be winning under it'. The literal reading changes play (a player winning after their "
                       "play could not also discard; see the examples) but no source supports it.",
        en="(English text unchanged.)",
        fr="Cette action est possible uniquement si le joueur est vainqueur après modification de la règle ;",
        replaces_fr=Quote(FR, "Cette action est possible uniquement si le joueur devient vainqueur après modification "
                              "de la règle ;"),
        related=("losing-discard", "same-colour-discard"),
        changes=((V3, ("The literal reading is now a switch (discard_becomes=was_not_winning) with examples and a "
                      "frequency.")),),
    ),
    entry(
        33, "action-if-you-can", "'If you can': may a mandatory action be skipped to stay in?", since=V2,
        question="Actions are mandatory 'if you can'. If every way to carry out a 5's extra play (or a 1's "
                 "removal) would leave you not winning, may you play the card and skip the action?",
        answer="No: 'if you can' means if the action is possible at all. If every way of doing it leaves you "
               "out, that card cannot be played to stay in.",
        kind="unclear", preset="actions", switch="action_mode", values=("mandatory", "if_it_keeps_you_in"),
        sources=(p11("when you play a 1, 3, 5 or 7 *to your Palette* you *must* perform its action if you can."),
                 Quote(EN_REF, _ONE_EN), Quote(EN_REF, _SEVEN_EN)),
        meanings=("the action is done whenever it is possible, even if every way of doing it leaves you not winning",
                  "the action may be skipped when every way of doing it would leave you not winning"),
        recommendation="Keep 'possible at all' and say so. EN-REF's 'your turn must still keep you in the round' "
                       "(1) and 'stay in the round' (7) put the condition on the turn, not on the action.",
        en="You must carry out the action of a 1, 3, 5 or 7 you play whenever it is possible, even if that "
           "leaves you not winning; in that case you cannot play that card to stay in.",
        fr="Vous devez appliquer l'effet d'un 1, 3, 5 ou 7 joué dès que c'est possible, même si cela vous "
           "laisse non vainqueur ; dans ce cas, vous ne pouvez pas jouer cette carte pour rester en lice.",
        related=("action-mode", "losing-play"),
        changes=((V3, ("Edition 2 had no switch for the other reading and no example; the readings do change play "
                      "(action_mode=if_it_keeps_you_in): in 'violet 0 actions | V5 B4 / B6 | / R1 O2' only it allows "
                      "'play V5 discard B4'.")),),
    ),
    entry(
        34, "action7-deck-place", "Where on the deck does a 7 put a card (FR)?", since=V3,
        question="FR lets a 7 put a Palette card 'sur la pioche' without saying where. On top of the deck or at "
                 "the bottom?",
        answer="On top of the deck, face down.",
        kind="translation", preset="actions", switch="action7_deck_place",
        sources=(Quote(EN_REF, "7 — remove. Move a Palette card to Canvas or draw-deck top."), Quote(FR, _SEVEN_FR),
                 differences("7: where the card goes")),
        meanings=("on top of the deck", "at the bottom of the deck"),
        recommendation="Adopt 'on top': EN-REF says 'draw-deck top'; FR says only 'sur la pioche'; V1.1 (digest) "
                       "sends the card to the Canvas only ('discard one other card of your Palette to the Canvas'). "
                       "It matters as entry 6 does: the next draw takes that card.",
        en="(English text unchanged.)",
        fr=_SEVEN_FR_NEW,
        replaces_fr=Quote(FR, _SEVEN_FR),
        related=("action7-destination", "action1-destination"),
    ),
    entry(
        35, "indigo-wrap", "Does a run wrap from 7 to 1?", since=V3,
        question="Under Indigo the longest run of consecutive numbers wins. Are the 7 and the 1 consecutive, so "
                 "that 6 7 1 is a run of three?",
        answer="No. A run never wraps: 6 7 1 is a run of two (the 6 and the 7) and a run of one.",
        kind="gap", preset="basic",
        sources=(p11("Indigo most cards forming a run of consecutive numbers (e.g. 4 5 6, colours irrelevant)"),
                 Quote(FR, "Indigo : la plus longue suite de cartes gagne. (exemple : 4, 5, 6 ; pas besoin d'être "
                           "dans la même couleur)"),
                 Quote(EN_REF, "On the Canvas, compare the longest sequence of consecutive numbers.")),
        recommendation="Say so. No source suggests a wrap: the digest's 'consecutive numbers' and EN-REF's "
                       "'consecutive numbers' end at 7, and FR's 'suite' has the same sense. The question comes "
                       "from games with a cycle of ranks, where house rules differ; a wrap would let 6 7 1 beat "
                       "4 5 under Indigo.",
        en="Under Indigo, a run does not continue from 7 to 1: 6, 7, 1 is not a run of three.",
        fr="Sous Indigo, une suite ne continue pas du 7 au 1 : 6, 7, 1 n'est pas une suite de trois cartes.",
        rule=INDIGO, related=("indigo-duplicates", "tie-break-card"),
        unmodelled=("the checklist's wrap-around question; a switch would change the spec's LongestRun and every "
                    "evaluator of it (reference, fast, z3, the compiled core, the protocol's qualifying op), which "
                    "this edition does not do"),
    ),
)

CATALOGUE = Catalogue("red7", "Red7 rules clarifications", SOURCES, ENTRIES, EDITIONS, RETIRED)
CATALOGUE.check()
PLAYING = tuple(e for e in ENTRIES if e.plays)  # the entries whose readings differ in play
BY_ID = {e.id: e for e in ENTRIES}
