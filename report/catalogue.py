"""The Red7 ambiguity catalogue: each point where the sources disagree or are silent, quoted, with
its readings (as ruleset switches) and the project's default (first reading) with its reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbiter.model.red7 import PRESETS, Ruleset
from arbiter.model.red7.cards import INDIGO, NUMBER_MASK, CardMask
from arbiter.model.red7.ruleset import SWITCHES

EN_REF, FR, V11 = "EN-REF", "FR", "V1.1"
SOURCES = {
    EN_REF: "red7-card-reference.en.txt: English card-by-card reference (effects follow the English v1.3 rulebook)",
    FR: "red7-rules.fr.txt: French rules text",
    V11: "the publisher's English rulebook v1.1 (2014), as summarised in red7-digest.md (not its wording)",
}


@dataclass(frozen=True)
class Quote:
    source: str
    text: str


@dataclass(frozen=True)
class Reading:
    """One way to read the point. ``switches`` are ruleset overrides on the entry's preset;
    ``view`` names a Palette view for readings the ruleset has no switch for."""

    label: str
    meaning: str
    switches: tuple[tuple[str, Any], ...] = ()
    view: str | None = None

    def ruleset(self, base: Ruleset) -> Ruleset:
        return base.with_switches(**dict(self.switches))


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    question: str
    preset: str  # the preset under which the point arises
    sources: tuple[Quote, ...]
    readings: tuple[Reading, ...]  # the first is the project's default
    reason: str
    switch: str | None = None
    rule: int | None = None  # the Canvas rule the point is about, when it is about one
    notes: tuple[str, ...] = field(default=())

    @property
    def base(self) -> Ruleset:
        return PRESETS[self.preset]

    @property
    def default(self) -> Reading:
        return self.readings[0]


def lowest_copies(palette: CardMask) -> CardMask:
    """The Palette with only the weakest card of each number: the "lowest copy counts" view of Indigo."""
    kept = 0
    for mask in NUMBER_MASK.values():
        cards = palette & mask
        kept |= cards & -cards
    return kept


VIEWS = {"lowest_copy": lowest_copies}


def _switch_entry(id: str, title: str, question: str, preset: str, switch: str, sources: tuple[Quote, ...],
                  meanings: tuple[str, ...], reason: str, **extra: Any) -> Entry:
    values = SWITCHES[switch]
    readings = tuple(Reading(f"{switch}={_show(v)}", m, ((switch, v),)) for v, m in zip(values, meanings, strict=True))
    return Entry(id, title, question, preset, sources, readings, reason, switch, **extra)


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


_ONE_SENTENCE_EN = ("Remove an eligible opponent’s Palette card to the draw deck; your turn must still keep you "
                    "in the round.")
_ONE_SENTENCE_FR = ("Carte de valeur 1 : Défaussez vers la pioche une carte de la Palette d'un adversaire si "
                    "celui-ci a autant ou plus de carte que vous sur votre Palette.")
_SEVEN_EN = "Remove a Palette card to the Canvas or draw-deck top; stay in the round."
_SEVEN_FR = "Carte de valeur 7 : Choisissez une carte de votre Palette et défaussez-la sur la Toile ou sur la pioche."
_ADV_DRAW_FR = ("Si vous jouez une carte sur la Toile dont la valeur numérique est supérieure au nombre de cartes "
                "présentes sur votre Palette, vous piochez une carte (excepté si la pioche est vide).")

CATALOGUE: tuple[Entry, ...] = (
    _switch_entry(
        "nobody-qualifies", "Nobody has a qualifying card",
        "Under Green or Violet a Palette can hold no qualifying card. When no player still in qualifies, is anybody "
        "winning?", "basic", "nobody_qualifies",
        (Quote(V11, "One card is always enough for any of the rules."),
         Quote(V11, "Winning = more cards meeting the Canvas rule than any other player; other Palette cards are "
                    "ignored."),
         Quote(EN_REF, "Rulings that apply to every row below: ties use qualifying cards only; eliminated Palettes "
                       "stop competing."),
         Quote(FR, "Afin de ne pas être éliminé, chaque joueur doit être le vainqueur, c'est-à-dire respecter la "
                   "règle en vigueur, durant son tour de jeu.")),
        ("nobody is winning, so the player to move cannot end a turn there and is out",
         "the highest card overall decides, as if every card qualified"),
        "No source says a non-qualifying card can win, and every source compares qualifying cards only; "
        "V1.1's 'one card is always enough' is false under Green and Violet, so it cannot settle the point.",
    ),
    _switch_entry(
        "losing-turn", "A turn that leaves you not winning",
        "May a player make a play or discard that leaves them not winning (and so lose), or is such a turn not "
        "allowed at all?", "basic", "losing_turns",
        (Quote(V11, "A player not winning at the end of their own turn is out of the round;"),
         Quote(FR, "Cette action est possible uniquement si le joueur devient vainqueur après modification de la "
                   "règle ;"),
         Quote(FR, "Si un joueur n'est pas le vainqueur à la fin de son tour, il est éliminé de la manche en cours."),
         Quote(EN_REF, _ONE_SENTENCE_EN)),
        ("losing turns are not generated; `pass` (always available) is the one way to give up",
         "any play or discard is a legal turn; one that leaves the mover not winning eliminates them"),
        "A losing turn and `pass` end the same way (the mover is out), so listing every losing turn adds "
        "nothing for play and FR forbids them outright; V1.1's 'you lose' is kept by `pass`.",
    ),
    _switch_entry(
        "advanced-draw", "Is the Advanced draw optional?",
        "After a Canvas discard whose number is higher than the cards in your Palette, may you draw, or must you?",
        "advanced", "advanced_draw",
        (Quote(V11, "When you discard to the Canvas a card whose number is higher than the number of cards in your "
                    "Palette, you may draw a card (unless the deck is empty)."),
         Quote(FR, _ADV_DRAW_FR)),
        ("the player may draw or not", "the player must draw"),
        "V1.1, the publisher's English text, says 'may'; EN-REF is silent; FR's imperative is the weaker source.",
    ),
    _switch_entry(
        "action1-eligibility", "Whose Palette may a 1 take from?",
        "When a 1 is played with the Action rule, which opponents are eligible targets?",
        "actions", "action1_eligibility",
        (Quote(EN_REF, _ONE_SENTENCE_EN),
         Quote(EN_REF, "1 — remove. Target another eligible Palette, not the Canvas."),
         Quote(FR, _ONE_SENTENCE_FR),
         Quote(V11, "take a card from another player's Palette and put it face down on top of the draw deck; you "
                    "may not take that player's only Palette card.")),
        ("an opponent with at least as many Palette cards as you, never their only card",
         "any opponent, never their only card (V1.1)"),
        "EN-REF speaks first and says 'eligible' without defining it; FR is the only text that defines "
        "eligibility, and V1.1's only-card limit is kept on top of it.",
    ),
    _switch_entry(
        "action1-count", "When are Palettes counted for a 1?",
        "FR's eligibility compares Palette sizes: is the 1 itself already in your Palette when you count?",
        "actions", "action1_count",
        (Quote(FR, _ONE_SENTENCE_FR), Quote(EN_REF, _ONE_SENTENCE_EN)),
        ("counted when the 1 resolves, with the 1 already in your Palette",
         "counted before the 1 is played"),
        "An action resolves after its card is played to the Palette, so the 1 is there when you count.",
    ),
    _switch_entry(
        "action1-destination", "Where does the card taken by a 1 go?",
        "The card a 1 removes goes to the draw deck: on top or at the bottom?",
        "actions", "action1_destination",
        (Quote(EN_REF, _ONE_SENTENCE_EN),
         Quote(FR, _ONE_SENTENCE_FR),
         Quote(V11, "take a card from another player's Palette and put it face down on top of the draw deck")),
        ("on top of the draw deck", "at the bottom of the draw deck"),
        "EN-REF and FR say only 'to the draw deck'; V1.1 says on top.",
    ),
    _switch_entry(
        "action3-drawn-card", "May the card drawn by a 3 be discarded at once?",
        "After a 3 draws a card, may that same card be this turn's discard to the Canvas?",
        "actions", "action3_draw_discardable",
        (Quote(EN_REF, "Draw one card, if possible; it may supply your subsequent Canvas discard."),
         Quote(FR, "Carte de valeur 3 : Piochez une carte."),
         Quote(V11, "3: draw a card if you can.")),
        ("yes, the drawn card may be discarded this turn", "no, it joins the hand only after this turn"),
        "EN-REF says so explicitly.",
    ),
    _switch_entry(
        "action5-chains", "Does the extra card of a 5 resolve its action?",
        "A 5 lets you play another hand card to your Palette: if that card is a 1, 3, 5 or 7, does its action "
        "happen too?", "actions", "action5_chains",
        (Quote(EN_REF, "Play another hand card to your Palette and resolve its Action, if any."),
         Quote(EN_REF, "5 — extra Palette play. The new card can trigger another Action."),
         Quote(FR, "Carte de valeur 5 : Jouer une autre carte de votre main sur votre Palette."),
         Quote(V11, "5: play another hand card to your Palette; you may still discard to the Canvas afterwards.")),
        ("yes, actions chain", "no, the extra card's action does not happen"),
        "EN-REF says so explicitly.",
    ),
    _switch_entry(
        "action7-destination", "Where may a 7 send a Palette card?",
        "The 7 moves one other card of your Palette: to the Canvas only, or to the Canvas or the draw deck?",
        "actions", "action7_destination",
        (Quote(EN_REF, _SEVEN_EN),
         Quote(EN_REF, "7 — remove. Move a Palette card to Canvas or draw-deck top."),
         Quote(FR, _SEVEN_FR),
         Quote(V11, "7: discard one other card of your Palette to the Canvas; it becomes the rule, so you must be "
                    "winning under it.")),
        ("the Canvas or the top of the draw deck, never the 7 itself", "the Canvas only (V1.1)"),
        "EN-REF speaks first and FR agrees; V1.1 alone restricts the 7 to the Canvas.",
    ),
    _switch_entry(
        "action7-advanced-draw", "Does a 7's Canvas move give the Advanced draw?",
        "With the Action and Advanced rules together, a 7 that moves a high card to the Canvas: may its owner "
        "draw as for a discard?", "advanced+actions", "action7_advanced_draw",
        (Quote(EN_REF, "This removal gives no Advanced draw."),
         Quote(EN_REF, "[Advanced] This discard earns no bonus draw."),
         Quote(FR, _ADV_DRAW_FR)),
        ("no draw", "the Advanced draw applies as for a discard"),
        "EN-REF says so explicitly; FR's 'une carte sur la Toile' could include it, V1.1 is silent.",
    ),
    _switch_entry(
        "action7-check", "When must a 7's Canvas move leave you winning?",
        "A 7 moving a card to the Canvas changes the rule mid-turn: must you be winning at once, or only at the "
        "end of the turn (after a later discard, say)?", "actions", "action7_check",
        (Quote(V11, "it becomes the rule, so you must be winning under it."),
         Quote(EN_REF, _SEVEN_EN),
         Quote(V11, "A player not winning at the end of their own turn is out of the round;")),
        ("checked only at the end of the turn, like every other winning check",
         "also checked at once, before any later step of the turn"),
        "Every source checks winning at the end of the turn; 'stay in the round' names the result, not a moment.",
    ),
    _switch_entry(
        "discard-after-action7", "A hand discard after a 7's Canvas move",
        "After a 7 put a card on the Canvas, may the player still discard a hand card to the Canvas this turn?",
        "actions", "discard_after_action7",
        (Quote(V11, "On a turn a player does exactly one of: play a hand card to their Palette; discard a hand card "
                    "to the Canvas (...) play to the Palette and then discard to the Canvas;"),
         Quote(FR, "Jouer une carte de sa main sur sa Palette PUIS défausser une carte de sa main sur la Toile afin "
                   "de modifier la règle en vigueur."),
         Quote(EN_REF, _SEVEN_EN)),
        ("allowed", "not allowed"),
        "No source forbids it: the turn is still 'play then discard', and the 7 moved a Palette card, not a hand "
        "card.",
    ),
    _switch_entry(
        "action-mode", "Are actions mandatory?",
        "When you play a 1, 3, 5 or 7 to your Palette, must you perform its action? (When it cannot be done, "
        "e.g. a 7 alone in the Palette, it is skipped under both readings.)", "actions", "action_mode",
        (Quote(V11, "when you play a 1, 3, 5 or 7 to your Palette you must perform its action if you can."),
         Quote(EN_REF, "[Actions] Odd-number abilities trigger only when played to a Palette."),
         Quote(FR, "Jouez une carte impaire sur votre Palette active un effet particulier :")),
        ("mandatory when possible, skipped when impossible", "optional"),
        "V1.1 says 'must'; EN-REF's 'trigger' and FR's 'active' both describe something that happens, not a choice.",
    ),
    _switch_entry(
        "banked-set", "Which cards are banked when groups tie?",
        "Advanced scoring banks the Palette cards meeting the final rule. With two equally large groups (two "
        "pairs under Orange, two colours under Yellow, two runs under Indigo), which are banked?",
        "advanced", "banked_set",
        (Quote(EN_REF, "Use it to choose a winning rule, then bank only the qualifying set in [Advanced] play."),
         Quote(V11, "The round winner takes the Palette cards that meet the final rule (under Blue: the highest card "
                    "of each colour) as a score pile; they score face value and are out of later deals.")),
        ("the set that decided (the best group by count, then highest card)",
         "every group as large as the deciding one, all together"),
        "EN-REF's 'only the qualifying set' names one set, and the tie-break already picks it.",
    ),
    Entry(
        "indigo-duplicates", "Which copy of a duplicated number counts in a run?",
        "Under Indigo a second card of a number already in the run does not lengthen it. Which copy stands for "
        "the number when runs are compared: the highest or the lowest?", "basic",
        (Quote(V11, "Indigo most cards forming a run of consecutive numbers (e.g. 4 5 6, colours irrelevant)"),
         Quote(FR, "Indigo : la plus longue suite de cartes gagne. (exemple : 4, 5, 6 ; pas besoin d'être dans la "
                   "même couleur)"),
         Quote(EN_REF, "On the Canvas, compare the longest sequence of consecutive numbers."),
         Quote(FR, "En cas d'égalité vis-à-vis de la règle, le vainqueur est celui qui possède la carte qui respecte "
                   "la règle de plus forte valeur.")),
        (Reading("highest copy", "the strongest card of each number stands for it (the model's spec)"),
         Reading("lowest copy", "the weakest card of each number stands for it (the model evaluated on Palettes "
                                "cut to their lowest copies)", view="lowest_copy")),
        "FR's tie-break names the strongest card that meets the rule, and every copy meets it.",
        rule=INDIGO,
        notes=(("The ruleset has no switch for this point: the spec's LongestRun fixes the highest copy. The "
               "alternative is evaluated by the same engine on each Palette reduced to the weakest card of each "
               "number, which is exactly what that reading compares."),),
    ),
    _switch_entry(
        "next-round-first", "Who starts the next round?",
        "After a round of an Advanced match, who plays first in the next deal?", "advanced", "next_round_first",
        (Quote(V11, "The player with the highest Palette card is winning Red; the player to that player's left goes "
                    "first."),
         Quote(EN_REF, "Begin with Red: highest single card. Later Canvas cards replace this rule; none of them count "
                       "in a Palette. Setup and first player.")),
        ("left of the player winning Red after the deal", "left of the last round's winner"),
        "The only first-player rule any source gives is the one for the deal; it applies to every deal.",
    ),
    _switch_entry(
        "final-tie", "A tie on points at the end of the game",
        "When no new hand can be dealt, the highest score wins. What if scores tie?", "advanced", "final_tie",
        (Quote(V11, "If a new hand cannot be dealt to everyone, the game ends and the highest score wins."),
         Quote(EN_REF, "[Advanced] A scored card is worth its printed number.")),
        ("a shared win", "most cards banked wins"),
        "No source breaks the tie, so the win is shared.",
    ),
)

BY_ID = {e.id: e for e in CATALOGUE}
