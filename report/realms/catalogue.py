"""The Realms clarification catalogue: every point where the rule text contradicts itself, is silent
or unclear, as numbered entries (``report.entry``) quoting its sentences, with the readings as
switches of ``arbiter.model.realms.ruleset`` and suggested wording."""

from __future__ import annotations

from arbiter.model.realms.ruleset import DEFAULT, SWITCHES

from ..entry import Catalogue, Edition, Entry, Quote, switch_readings

TEXT = "realms-trick-taking.en.txt"
SOURCES = {TEXT: "The Realms trick-taking rule text (English), the only source; it is not a published rulebook."}
V1 = "1"
EDITIONS = (Edition(V1, "First Realms report: contradictions, gaps and unclear wording, each with a witness trick "
                        "or position replayed by the engine and its frequency in seeded games."),)

# A contradiction's first two sources are the sentences that clash, the recommended reading's first.

# How each entry is witnessed: "trick" (the first trick of a dealt game, resolved differently),
# "follow" (the first trick of a dealt game, the player to move may play different cards), "steal"
# (a Troll's steal has different outcomes), "game" (the first step of a seeded game where the
# readings differ), or a fixed trick of the rule text (``EXAMPLE``).
TRICK, FOLLOW, STEAL, GAME, EXAMPLE = "trick", "follow", "steal", "game", "example"
EXAMPLE_3 = ("YDr", "RDr", "R5", "B5")


def q(text: str) -> Quote:
    return Quote(TEXT, text)


_TIMING = q("The last valid colour match at resolution wins, unless beaten by a higher Special "
            "(Phoenix > Giant > Warlock).")
_TIME_ORDER = q("Colour matches win in time order: a later valid match outranks earlier plays (even Dragons).")
_OVERRIDE = q("If a later player plays a card that matches the number or picture type of any earlier card in the "
              "trick, the ruling colour instantly shifts to the new card’s colour.")
_CURRENT = q("That card becomes the current winner, even if it would normally be weaker by rank.")
_NUANCE_NUMBER = q("A matched Number (e.g., 3–3) ranks just below a Troll of the ruling colour.")
_NUANCE_DRAGON = q("A matched Dragon sits below a Dragon of the ruling colour but above a Sorcerer.")
_EXAMPLE_3 = q("Yellow Dragon → Red Dragon → Red 5 → Blue 5 → shifts: Yellow → Red → Red → Blue → Blue 5 wins "
               "(unless a higher Special intervenes).")
_HIERARCHY = q("Otherwise, evaluate by Realm hierarchy within the ruling colour.")
_CHECK_MATCH = q("Apply Colour Match shifts and timing.")
_CHECK_WILD = q("Apply Wild dominance (Phoenix > Giant > Warlock). Cyclone/Tree cannot win.")
_WON_BY = q("The trick is won by either (1) the last valid colour match, or (2) the highest eligible Special.")
_PHOENIX = q("Phoenix → Supreme. No card defeats it.")
_RANK_ALONE = q("Unless stated otherwise, they can win a trick by rank alone.")
_PURPLE_LEAD = q("Leading Purple: the leader nominates a colour for this trick; the Purple counts as that colour’s "
                 "number.")
_PURPLE_RANK = q("Purple numbers sit in normal numeric rank for the nominated colour.")
_PURPLE_WINS = q("Wins only if (a) it is the highest number of the ruling colour at resolution, or (b) it is the "
                 "last valid colour match in the trick.")
_PURPLE_SUMMARY = q("Purple Wilds ignore Realm links and only win if highest number or last valid colour match.")
_REALM_LINKS = q("Realm links are ignored for Purple nominations: Red ≠ Yellow, Blue ≠ Green.")
_SHADOW = q("Realm Shadow only compares Realm vs. Realm (Sun/Moon), not other ranks.")
_PAIR = q("Colours pair into Realms.")
_FOLLOW = q("Players must follow the ruling colour if able.")
_NOT_FOLLOW = q("If not, they may play any other card, including Specials or Purple Wilds.")
_LEAD = q("That card’s colour sets the ruling colour for this trick (unless later overridden).")
_MARKER = q("The marker is informational only, but must always reflect the true state for clarity and speed of "
            "play.")
_OUTSIDE = q("Specials sit outside normal rank order.")
_CANNOT_FOLLOW = q("Cannot follow? You may play anything, but remember Cyclone and Tree cannot win.")
_ANY_COLOUR = q("May follow any colour.")
_TROLL = q("When played, discard one card from your hand, then choose a player at random and take one random card "
           "from their hand (without looking).")
_PREVIOUS = q("The winner of the previous trick leads and may play any card.")
_DEALER = q("The dealer chooses the starting ruling colour before looking at their hand; place the marker on that "
            "colour.")
_ROUND = q("A round ends as soon as any player reaches 50 points; record scores, reshuffle, and start a new round.")
_HALFTIME = q("First to 50 points triggers halftime: record scores, reshuffle, redeal, resume.")
_RECYCLE = q("If the draw pile empties, shuffle the discard pile to form a new draw pile.")
_SKIP = q("If both are empty and a draw is required, skip the draw and continue.")
_DRAW = q("At the start of each trick, any player with fewer than 7 cards draws back up to 7 (if possible).")
_DEAL = q("Deal 7 cards to each player.")
_WARLOCK = q("☿ Warlock → Third. After play, search the discard pile, reveal one card, and add it to your hand.")
_DISCARD_PILE = q("Place the remainder face‑down as the draw pile; make a face‑up discard pile during play.")
_CYCLONE = q("✹ Cyclone → Cannot win a trick. When played, change the ruling colour to any colour of your choice; "
             "you lead the next trick even though you did not win this one.")
_SHIFTS = q("A Colour Match shifts the ruling colour.")
_NEXT_LEAD = q("The winner leads the next trick. (Exception: Cyclone’s player leads next even if they didn’t win.)")


def entry(number: int, id: str, title: str, *, question: str, answer: str, kind: str, sources: tuple[Quote, ...],
          recommendation: str, en: str, switch: str | None = None, meanings: tuple[str, ...] = (),
          values: tuple[str, ...] | None = None, **extra) -> Entry:
    """An entry on the default ruleset; with ``switch``, one reading per value in ``values``
    (default: every value of the switch, the default first) with the given ``meanings``."""
    readings = switch_readings(switch, values or SWITCHES[switch], meanings) if switch is not None else ()
    return Entry(id=id, number=number, since=V1, title=title, question=question, answer=answer, kind=kind,
                 recommendation=recommendation, wording_en=en, wording_fr="", sources=sources, readings=readings,
                 preset="default", base=DEFAULT, switch=switch, measured_in=("default",) if readings else (), **extra)


_TIMING_MEANING = "The Timing Rule: the last colour match wins the trick (Specials aside)."
_NUANCE_MEANING = ("The Match Rank Nuance: a matched card ranks inside the ruling colour's order (a matched Number "
                   "just below its Troll, a matched Dragon below its Dragon), later matches above earlier ones.")

ENTRIES: tuple[Entry, ...] = (
    entry(
        1, "timing-vs-matched-number", "A matched Number against a picture of the ruling colour",
        question=("A Number matches an earlier card and is the last match, but a picture of the new ruling colour "
                  "was played before it. Who wins?"),
        answer="The matched Number: the last colour match wins the trick.",
        kind="contradiction", switch="resolution", values=("timing", "nuance"),
        sources=(_TIMING, _NUANCE_NUMBER, _TIME_ORDER),
        meanings=(_TIMING_MEANING, _NUANCE_MEANING),
        recommendation=("Follow the Timing Rule. It is the only sentence that says how the whole trick ends (\"at "
                        "resolution\"), the Override already makes a match \"the current winner, even if it would "
                        "normally be weaker by rank\", and all three of the text's examples hold under it. The Nuance "
                        "contradicts it whenever a picture of the colour a match moves to was played earlier."),
        en=("Replace the Match Rank Nuance with: \"A colour match wins the trick unless a later card matches or a "
            "higher Special (Phoenix > Giant > Warlock) is played; a card's rank matters only when the trick holds "
            "no match.\""),
        related=("timing-vs-matched-dragon", "example-vs-nuance", "match-vs-rank"),
    ),
    entry(
        2, "timing-vs-matched-dragon", "A matched Dragon against the Dragon of the ruling colour",
        question=("A Dragon matches an earlier Dragon, and later the ruling colour comes back to the earlier "
                  "Dragon's colour. Does the matched Dragon or the Dragon of the ruling colour win?"),
        answer="The matched Dragon, if it is the last match: later matches outrank earlier plays, even Dragons.",
        kind="contradiction", switch="resolution", values=("timing", "nuance"),
        sources=(_TIME_ORDER, _NUANCE_DRAGON),
        meanings=(_TIMING_MEANING, _NUANCE_MEANING),
        recommendation=("Follow the Timing Rule, which names the Dragons on purpose (\"even Dragons\"). The Nuance "
                        "puts a matched Dragon below the Dragon of the ruling colour: the two sentences give the same "
                        "trick to different Dragons."),
        en=("Delete \"A matched Dragon sits below a Dragon of the ruling colour but above a Sorcerer.\" The Timing "
            "Rule then decides: the last match wins, a Dragon like any other card."),
        related=("timing-vs-matched-number", "example-vs-nuance"),
    ),
    entry(
        3, "example-vs-nuance", "The third example against the Match Rank Nuance",
        question=("In the text's third example (Yellow Dragon, Red Dragon, Red 5, Blue 5) the Red Dragon is a matched "
                  "Dragon and the Blue 5 a matched Number. The example says the Blue 5 wins; the Nuance ranks a "
                  "matched Dragon above it. Which is right?"),
        answer="The example: the Blue 5 wins.",
        kind="contradiction", switch="resolution", values=("timing", "nuance"),
        sources=(_EXAMPLE_3, _NUANCE_DRAGON, _NUANCE_NUMBER),
        meanings=("The example as printed: the last match, the Blue 5, wins.", _NUANCE_MEANING),
        recommendation=("Keep the example and the Timing Rule. A worked example is what players check their reading "
                        "against, and this one is correct under the Timing Rule only: under the Nuance the matched "
                        "Red Dragon (above a Sorcerer) outranks the matched Blue 5 (below a Troll)."),
        en=("Keep the example; state after it: \"The Blue 5 wins although the Red Dragon ranks higher: the last match "
            "wins.\""),
        related=("timing-vs-matched-number", "timing-vs-matched-dragon"),
    ),
    entry(
        4, "match-vs-rank", "Does a match win, or only move the colour?",
        question=("After a colour match has moved the ruling colour, does the match win the trick, or does the "
                  "highest card of the new ruling colour win by normal rank?"),
        answer="The match wins (the last one, if there are several).",
        kind="unclear", switch="resolution", values=("timing", "rank"),
        sources=(_CURRENT, _TIMING, _CHECK_MATCH, _HIERARCHY),
        meanings=(_TIMING_MEANING, ("The match only moves the ruling colour; the highest card of that colour by Normal "
                                   "Rank Order wins.")),
        recommendation=("The match wins: the Override makes it \"the current winner, even if it would normally be "
                        "weaker by rank\". The checklist's last step (\"Otherwise, evaluate by Realm hierarchy\") "
                        "can be read as applying to every trick; its \"Otherwise\" should say what it is the "
                        "alternative to."),
        en="Checklist, last step: \"If the trick holds no match and no winning Special, the highest card of the ruling "
           "colour wins (Normal Rank Order).\"",
        related=("timing-vs-matched-number", "no-winner"),
    ),
    entry(
        5, "special-vs-match", "Do the Giant and the Warlock beat a colour match?",
        question="A trick holds a colour match and a Giant (or a Warlock), but no Phoenix. Who wins?",
        answer="The Giant (or the Warlock): a match wins unless beaten by a higher Special.",
        kind="unclear", switch="special_vs_match",
        sources=(_TIMING, _WON_BY, _RANK_ALONE, _PHOENIX, _CHECK_MATCH, _CHECK_WILD),
        meanings=("Every winning Special (Phoenix > Giant > Warlock) beats a match.",
                  "Only the Phoenix beats a match; the Giant and the Warlock win only a trick without a match."),
        recommendation=("Let every winning Special beat a match. The Timing Rule names all three (\"unless beaten by a "
                        "higher Special (Phoenix > Giant > Warlock)\") and Specials \"can win a trick by rank alone\". "
                        "The checklist puts match shifts before \"Wild dominance\" and \"Winner & Next Lead\" lists "
                        "the match first, which reads as a priority; \"eligible\" is never defined."),
        en=("\"The trick is won by the highest Special played (Phoenix > Giant > Warlock); if none was played, by the "
            "last colour match; if there was none, by the highest card of the ruling colour.\""),
    ),
    entry(
        6, "purple-match", "Does a Purple match a number card of its value?",
        question="A Purple 3 follows a Red 3 (or a Red 3 follows a Purple 3). Is that a colour match?",
        answer="Yes: a Purple counts as a number and matches the number cards of its value.",
        kind="unclear", switch="purple_match",
        sources=(_OVERRIDE, _PURPLE_LEAD, _PURPLE_RANK, _PURPLE_WINS),
        meanings=("A Purple matches the number cards of its value (and they match it).",
                  "A Purple never takes part in a match."),
        recommendation=("Let Purples match. A Purple \"counts as that colour's number\", and clause (b) of its win "
                        "condition (\"the last valid colour match in the trick\") only makes sense if it can match."),
        en="Purple: \"A Purple matches, and is matched by, the number cards of its value.\"",
        related=("purple-colour", "purple-wins"),
    ),
    entry(
        7, "purple-colour", "The colour of a Purple that does not lead",
        question="Only a leading Purple is given a colour. What colour is a Purple played to a trick someone else led?",
        answer="The ruling colour when it is played: it counts as that colour's number.",
        kind="gap", switch="purple_colour",
        sources=(_PURPLE_LEAD, _PURPLE_RANK, _PURPLE_WINS),
        meanings=("A following Purple counts as the ruling colour's number when it is played.",
                  "A following Purple has no colour: it can win only by matching."),
        recommendation=("Give it the ruling colour: a Purple \"sits in normal numeric rank\" and can win as \"the "
                        "highest number of the ruling colour\", which needs a colour."),
        en=("Purple: \"A Purple played after the lead counts as a number of the ruling colour at the moment it is "
            "played.\""),
        related=("purple-match", "purple-wins"),
    ),
    entry(
        8, "purple-wins", "Does the highest number win when it is a Purple?",
        question=("A Purple is the highest number of the ruling colour, but a picture of that colour was also "
                  "played. Does \"wins only if (a) it is the highest number\" make the Purple win?"),
        answer="No: \"only if\" is a condition the Purple must meet, not a way to beat the pictures.",
        kind="unclear", switch="purple_wins",
        sources=(_PURPLE_WINS, _PURPLE_SUMMARY),
        meanings=("\"Wins only if\" restricts the Purple; it still ranks as a number.",
                  "Being the highest number of the ruling colour wins the trick (Specials aside)."),
        recommendation=("Read \"only if\" as written: a necessary condition. The closing summary repeats it (\"only "
                        "win if highest number or last valid colour match\") and neither sentence places the Purple "
                        "above the pictures."),
        en="Purple: \"A Purple ranks as a number of its colour; it never beats a picture of that colour by rank.\"",
        related=("purple-colour", "purple-match"),
    ),
    entry(
        9, "realm-shadow", "Does any Realm card match any other?",
        question=("\"Realm Shadow\" is used once and never defined. Does a Sun Realm card match a Moon Realm card, or "
                  "only the Realm card of its own realm?"),
        answer="Any Realm card matches any other: Realm is one picture type.",
        kind="unclear", switch="realm_shadow",
        sources=(_SHADOW, _PAIR, _OVERRIDE),
        meanings=("Realm is a picture type like the others: every Realm card matches every other.",
                  "A Realm card matches only the Realm card of its own realm (Sun: red/yellow, Moon: blue/green)."),
        recommendation=("Read Realm as one picture type, as the Override says (\"matches the number or picture type\"). "
                        "Define \"Realm Shadow\" or delete the sentence."),
        en="Delete \"Realm Shadow only compares ...\", or: \"A Realm card matches every other Realm card, Sun or Moon.\"",
    ),
    entry(
        10, "no-winner", "A trick with no match, no winning Special and no card of the ruling colour",
        question=("A Cyclone moves the marker to a colour nobody played (or a Special leads and nobody holds the "
                  "marker's colour). Who wins the trick?"),
        answer="Nobody: the trick scores no points, and its leader (or the Cyclone's player) leads again.",
        kind="gap", switch="no_winner",
        sources=(_HIERARCHY, _WON_BY),
        meanings=("Nobody wins; no points; the leader or the Cyclone's player leads next.",
                  "The highest card of the colour the lead set wins."),
        recommendation=("Nobody: the text names two ways to win and neither applies. This is what the text says, "
                        "but a rule for it should be written (the lead colour's highest card is the natural one)."),
        en=("Add: \"If no card can win (no match, no winning Special, no card of the ruling colour), the highest card "
            "of the colour the lead set wins.\""),
        related=("match-vs-rank",),
    ),
    entry(
        11, "follow-colour", "Follow the marker as it stands, or the colour that was led?",
        question="After a match has moved the marker, must the next players follow the new colour or the led colour?",
        answer="The marker as it stands: the new colour.",
        kind="unclear", switch="follow_colour",
        sources=(_FOLLOW, _LEAD, _MARKER),
        meanings=("Follow the ruling colour as the marker shows it now.", "Follow the colour the lead set."),
        recommendation=("Follow the marker: it \"must always reflect the true state\", is updated at once on every "
                        "shift, and players \"must follow the ruling colour\"."),
        en="Follow: \"Players must follow the ruling colour as the marker shows it when they play, if able.\"",
        related=("match-follow",),
    ),
    entry(
        12, "match-follow", "May a matching card be played instead of following?",
        question="A player who can follow holds a card of another colour that matches an earlier card. May they play it?",
        answer="No: a match of another colour may be played only by a player who cannot follow.",
        kind="gap", switch="match_follow",
        sources=(_FOLLOW, _OVERRIDE),
        meanings=("The follow rule applies to matching cards too.", ("A card that matches an earlier card may always be "
                                                                    "played.")),
        recommendation=("Keep the follow rule whole: it has no exception for matches, and the Override says what a "
                        "match does, not who may play it."),
        en="Override: add \"(a player who can follow must still do so).\"",
        related=("follow-colour",),
    ),
    entry(
        13, "specials-follow", "May a Special be played by a player who can follow?",
        question="A player holds a card of the ruling colour and a Special. May they play the Special?",
        answer="No: Specials are among the cards a player who cannot follow may play.",
        kind="unclear", switch="specials_follow",
        sources=(_NOT_FOLLOW, _OUTSIDE, _CANNOT_FOLLOW),
        meanings=("Only a player who cannot follow may play a Special.", "A Special may be played at any time."),
        recommendation=("Only when unable to follow: \"If not, they may play any other card, including Specials\" "
                        "names Specials as what a player who cannot follow may play. \"Outside normal rank order\" "
                        "speaks of rank, not of following."),
        en="Follow: \"Specials are cards of no colour: play one only when you cannot follow.\"",
        related=("troll-bullets",),
    ),
    entry(
        14, "troll-bullets", "Which card \"May follow any colour\"?",
        question=("\"May follow any colour\" stands under the Troll heading, among bullets about the Purple. Does it "
                  "free the Troll or the Purple from the follow rule?"),
        answer="The Purple: it may be played at any time.",
        kind="unclear", switch="troll_bullets",
        sources=(_ANY_COLOUR, _TROLL, _PURPLE_LEAD),
        meanings=("A Purple may be played at any time.", ("A Troll may be played at any time; Purples follow the "
                                                         "follow rule like Specials.")),
        recommendation=("The Purple: the bullets after the Troll's ability are Purple rules (four name the Purple, and "
                        "the closing summary repeats two for \"Purple Wilds\"). The text needs a \"Purple Wilds\" "
                        "heading."),
        en="Insert the heading \"Purple Wilds\" before \"May follow any colour.\" and write \"A Purple may be played "
           "whatever the ruling colour.\"",
        related=("specials-follow",),
    ),
    entry(
        15, "realm-follow", "Does the realm partner colour follow?",
        question="Red is ruling and a player holds no red but a yellow card (Red's realm partner). Must they play it?",
        answer="No: only the ruling colour follows.",
        kind="unclear", switch="realm_follow",
        sources=(_PAIR, _REALM_LINKS, _FOLLOW),
        meanings=("Only the ruling colour follows.", "A card of the ruling colour's realm partner follows too."),
        recommendation=("One colour: the Follow rule says \"the ruling colour\". The sentence \"Realm links are "
                        "ignored for Purple nominations\" suggests links count elsewhere but never says where."),
        en=("Delete \"Realm links are ignored for Purple nominations\", or say where Realm links count (the Giant "
            "only)."),
    ),
    entry(
        16, "first-lead", "Who leads the first trick?",
        question="\"The winner of the previous trick leads.\" Who leads the first trick of a round?",
        answer="The player left of the dealer.",
        kind="gap", switch="first_lead",
        sources=(_PREVIOUS, _DEALER),
        meanings=("The player left of the dealer leads the first trick.", "The dealer leads the first trick."),
        recommendation="Left of the dealer, as in most trick-taking games; the dealer already chose the colour.",
        en="Lead: \"The player left of the dealer leads the first trick of a round.\"",
    ),
    entry(
        17, "halftime", "Halftime: a new round, or play resumes?",
        question=("When a player reaches 50 points, the cards are reshuffled and redealt. Does a new round start "
                  "(the next dealer chooses the colour, the player on their left leads) or does play resume?"),
        answer="A new round starts.",
        kind="contradiction", switch="halftime",
        sources=(_ROUND, _HALFTIME),
        meanings=("A new round: the next dealer chooses the ruling colour, the player on their left leads.",
                  "Play resumes: the marker stays and the winner of the trick that reached 50 leads."),
        recommendation=("A new round, as the Objective says (\"start a new round\"); \"resume\" can be read as "
                        "resuming the game. The two sentences name different leaders for the first trick after "
                        "the redeal."),
        en="Scoring: \"First to 50 points triggers halftime: record scores, reshuffle and start a new round.\"",
    ),
    entry(
        18, "troll-victim", "Can the Troll take a card from its own player?",
        question="\"Choose a player at random\": can the Troll's player draw themself?",
        answer="No: the random player is one of the others.",
        kind="unclear", switch="troll_victim",
        sources=(_TROLL,),
        meanings=("The random player is one of the other players.", "Any player, the Troll's own included."),
        recommendation="One of the others: taking a card from your own hand is no steal.",
        en="Troll: \"... then choose another player at random and take one random card from their hand.\"",
    ),
    entry(
        19, "recycle", "When is the discard pile shuffled into a new draw pile?",
        question="As soon as the draw pile empties, or when a draw needs a card?",
        answer="When a draw needs a card.",
        kind="unclear", switch="recycle",
        sources=(_RECYCLE, _SKIP),
        meanings=("When a draw needs a card and the draw pile is empty.",
                  "The moment the draw pile empties (the Warlock then finds an empty discard pile)."),
        recommendation=("When needed: \"If both are empty and a draw is required\" ties recycling to a draw. The "
                        "timing matters to the Warlock, who searches the discard pile."),
        en="Recycling: \"When a player must draw and the draw pile is empty, shuffle the discard pile to form it.\"",
    ),
    entry(
        20, "nuance-pictures", "Matched Sorcerers, Guards, Trolls and Realms",
        question=("The Match Rank Nuance ranks a matched Number and a matched Dragon. Where does a matched Sorcerer, "
                  "Guard, Troll or Realm card rank?"),
        answer="Nowhere special: under the Timing Rule a match wins by time, whatever its type.",
        kind="gap", sources=(_NUANCE_NUMBER, _NUANCE_DRAGON, _TIME_ORDER),
        recommendation=("Nothing to decide under the recommended reading (entries 1 and 2). A reader who follows the "
                        "Nuance has to guess; arbiter's `resolution=nuance` places each matched picture just below "
                        "the same picture of the ruling colour, as the text says of the Dragon."),
        en="Delete the Match Rank Nuance (see entries 1 and 2).",
        related=("timing-vs-matched-number", "timing-vs-matched-dragon"),
    ),
    entry(
        21, "realm-links", "What are \"Realm links\"?",
        question="\"Realm links are ignored for Purple nominations\": where do Realm links count?",
        answer="Only for the Giant, which flips the ruling colour within its realm.",
        kind="unclear", sources=(_REALM_LINKS, _PAIR, _PURPLE_SUMMARY),
        recommendation=("The sentence changes nothing: a nomination names one colour, and no rule lets the partner "
                        "colour stand in for it. The only rule that uses realms is the Giant's flip."),
        en="Delete both mentions of \"Realm links\"; say of the Giant: \"Red and Yellow are the Sun realm, Blue and Green "
           "the Moon realm.\"",
        related=("realm-follow",),
    ),
    entry(
        22, "player-count", "How many players?",
        question="The text names no number of players.",
        answer="Two to six: seven cards each leaves a draw pile of 23 to 51 cards.",
        kind="gap", sources=(_DEAL, _DRAW),
        recommendation=("State it. With seven players the deal leaves 16 cards, which one Draw Phase can empty; "
                        "arbiter plays 2 to 6 and defaults to 4."),
        en="Components: \"For 2 to 6 players.\"",
    ),
    entry(
        23, "same-colour-match", "A match already of the ruling colour",
        question=("A card matches the number or picture type of an earlier card but is already of the ruling colour, "
                  "so the colour does not shift (Red 9, Blue 7, Red 7 from red). Is it a colour match that takes the "
                  "trick, or does the highest card of the ruling colour keep it?"),
        answer="It is a colour match: the last match wins the trick, although the colour stays.",
        kind="unclear", switch="colour_match",
        sources=(_OVERRIDE, _CURRENT, _TIME_ORDER, _TIMING, _CHECK_MATCH, _SHIFTS),
        meanings=("A card that matches an earlier card is a colour match, whether or not the ruling colour changes.",
                  ("Only a card that shifts the ruling colour (it has a colour, not the marker's) is a colour match; "
                   "a matching card already of the ruling colour competes by rank.")),
        recommendation=("Count every match. The Override's only condition is that the card \"matches the number or "
                        "picture type of any earlier card in the trick\", and \"That card becomes the current "
                        "winner\" follows from it; the shift is what happens next, not a second condition. The "
                        "word \"valid\" in \"the last valid colour match\" and the marker list's \"A Colour Match "
                        "shifts the ruling colour\" can be read as counting only a match that changes the colour; "
                        "then a following Purple, which takes the ruling colour, could never be a match."),
        en=("Override, after the first sentence: \"A matching card of the ruling colour is a colour match too; the "
            "marker stays.\""),
        related=("match-vs-rank", "purple-match"),
    ),
)

# How each entry's witness is found (see the kinds above).
WITNESS_KIND = {
    "timing-vs-matched-number": TRICK, "timing-vs-matched-dragon": TRICK, "example-vs-nuance": EXAMPLE,
    "match-vs-rank": TRICK, "special-vs-match": TRICK, "purple-match": TRICK, "purple-colour": TRICK,
    "purple-wins": TRICK, "realm-shadow": TRICK, "no-winner": TRICK, "follow-colour": FOLLOW, "match-follow": FOLLOW,
    "specials-follow": FOLLOW, "troll-bullets": FOLLOW, "realm-follow": FOLLOW, "first-lead": GAME,
    "halftime": GAME, "troll-victim": STEAL, "recycle": GAME, "same-colour-match": TRICK,
}

CATALOGUE = Catalogue(game="realms", title="Realms: rules clarifications", sources=SOURCES, entries=ENTRIES,
                      editions=EDITIONS)
CATALOGUE.check()
BY_ID = CATALOGUE.by_id()
