"""The Realms clarification catalogue: every point where the rule text contradicts itself, is silent
or unclear, as numbered entries (``report.entry``) quoting its sentences, with the readings as
switches of ``arbiter.model.realms.ruleset`` and suggested wording."""

from __future__ import annotations

from arbiter.model.realms.ruleset import DEFAULT, SWITCHES, Ruleset

from ..entry import UNCHANGED, Catalogue, Edition, Entry, Quote, switch_readings

TEXT = "realms-trick-taking.en.txt"
SOURCES = {TEXT: "The Realms trick-taking rule text (English), the only source; it is not a published rulebook."}
V1, V2 = "1", "2"
EDITIONS = (Edition(V1, "First Realms report: contradictions, gaps and unclear wording, each with a witness trick "
                        "or position replayed by the engine and its frequency in seeded games."),
            Edition(V2, "Issue 23: the false statements of edition 1 corrected, five new entries found by a checklist "
                        "applied to every sentence (a match after a Special, a Purple's colour at resolution, a Purple "
                        "level with a number, a Special led, holding a Purple), entries 20 and 21 given switches, "
                        "frequencies against a baseline of chance, a glossary and a traceability appendix."))

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


_GIANT = q("⛰ Giant → Second to Phoenix. When played, instantly flips the ruling colour within its realm: Red ↔ Yellow, "
           "Blue ↔ Green.")
_LEAD_SETS = q("The lead sets a colour.")
_PURPLE_LEAD_MARKER = q("A Purple lead nominates a colour for the trick.")
_PURPLE_RANK_Q = q("Purple numbers sit in normal numeric rank for the nominated colour.")


def entry(number: int, id: str, title: str, *, question: str, answer: str, kind: str, sources: tuple[Quote, ...],
          recommendation: str, en: str, switch: str | None = None, meanings: tuple[str, ...] = (),
          values: tuple[str, ...] | None = None, since: str = V1, base: Ruleset = DEFAULT,
          replaces: Quote | None = None, **extra) -> Entry:
    """An entry on ``base`` (the default ruleset unless the point arises only under another reading);
    with ``switch``, one reading per value in ``values`` (default: every value of the switch, the
    default first) with the given ``meanings``; ``replaces`` is the sentence the wording replaces."""
    readings = switch_readings(switch, values or SWITCHES[switch], meanings) if switch is not None else ()
    preset = "default" if base == DEFAULT else str(base)
    return Entry(id=id, number=number, since=since, title=title, question=question, answer=answer, kind=kind,
                 recommendation=recommendation, wording_en=en, wording_fr="", sources=sources, readings=readings,
                 preset=preset, base=base, switch=switch, measured_in=(preset,) if readings else (),
                 replaces_en=replaces, **extra)


_TIMING_MEANING = "The Timing Rule: the last colour match wins the trick (Specials aside)."
_NUANCE_MEANING = ("The Match Rank Nuance: a matched card ranks inside the ruling colour's order (a matched Number "
                   "just below its Troll, a matched Dragon below its Dragon), later matches above earlier ones.")
NUANCE = DEFAULT.with_switches(resolution="nuance")
SHIFT = DEFAULT.with_switches(colour_match="shift")

ENTRIES: tuple[Entry, ...] = (
    entry(
        1, "timing-vs-matched-number", "A matched Number against a picture of the ruling colour",
        question=("A Number matches an earlier card and is the last match, and a picture of the new ruling colour is "
                  "in the trick too (Red 1, Yellow 1, Yellow Realm from red). Who wins?"),
        answer="The matched Number: the last colour match wins the trick.",
        kind="contradiction", switch="resolution", values=("timing", "nuance"),
        sources=(_TIMING, _NUANCE_NUMBER, _TIME_ORDER),
        meanings=(_TIMING_MEANING, _NUANCE_MEANING),
        recommendation=("Follow the Timing Rule. It is the only sentence that says how the whole trick ends (\"at "
                        "resolution\"), the Override already makes a match \"the current winner, even if it would "
                        "normally be weaker by rank\", and all three of the text's examples hold under it. The Nuance "
                        "contradicts it whenever a picture of the colour a match moves to is in the trick, played "
                        "before the match or after it."),
        en=("A colour match wins the trick unless a later card matches or a higher Special (Phoenix > Giant > "
            "Warlock) is played; a card's rank decides only a trick with no colour match."),
        replaces=_NUANCE_NUMBER,
        related=("timing-vs-matched-dragon", "example-vs-nuance", "match-vs-rank", "nuance-pictures"),
        changes=((V2, ("The question describes its example: edition 1 had the picture \"played before\" the match, "
                      "the example plays it after.")),),
    ),
    entry(
        2, "timing-vs-matched-dragon", "A matched Dragon against the Dragon of the ruling colour",
        question=("A Dragon matches an earlier Dragon, and later the ruling colour goes back to the earlier Dragon's "
                  "colour without another match (a Cyclone or a Giant moves the marker). Does the matched Dragon, the "
                  "last match, or the Dragon of the ruling colour win?"),
        answer="The matched Dragon, the last match: later matches outrank earlier plays, even Dragons.",
        kind="contradiction", switch="resolution", values=("timing", "nuance"),
        sources=(_TIME_ORDER, _NUANCE_DRAGON),
        meanings=(_TIMING_MEANING, _NUANCE_MEANING),
        recommendation=("Follow the Timing Rule, which names the Dragons on purpose (\"even Dragons\"). The Nuance "
                        "puts a matched Dragon below the Dragon of the ruling colour: the two sentences give the same "
                        "trick to different Dragons."),
        en=("The last colour match wins the trick, a matched Dragon like any other card, unless a higher Special "
            "(Phoenix > Giant > Warlock) is played."),
        replaces=_NUANCE_DRAGON,
        changes=((V2, ("The question now describes its example: the ruling colour goes back to the earlier Dragon's "
                      "colour by a Cyclone or a Giant (edition 1's example, RRe YDr RDr, had a Realm beat the "
                      "matched Dragon while the marker stayed red).")),),
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
        en="The Blue 5 wins although the Red Dragon ranks higher: the last colour match wins.",
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
        en=("If the trick holds no colour match and no winning Special, the highest card of the ruling colour wins "
            "(Normal Rank Order)."),
        replaces=_HIERARCHY,
        related=("timing-vs-matched-number", "no-winner"),
    ),
    entry(
        5, "special-vs-match", "Do the Giant and the Warlock beat a colour match?",
        question="A trick holds a colour match and a Giant (or a Warlock) played after it, but no Phoenix. Who wins?",
        answer="The Giant (or the Warlock): a match wins unless beaten by a higher Special.",
        kind="unclear", switch="special_vs_match", values=("specials", "phoenix_only"),
        sources=(_TIMING, _WON_BY, _RANK_ALONE, _PHOENIX, _CHECK_MATCH, _CHECK_WILD),
        meanings=("Every winning Special (Phoenix > Giant > Warlock) beats a match.",
                  "Only the Phoenix beats a match; the Giant and the Warlock win only a trick without a match."),
        recommendation=("Let every winning Special beat a match. The Timing Rule names all three (\"unless beaten by a "
                        "higher Special (Phoenix > Giant > Warlock)\") and Specials \"can win a trick by rank alone\". "
                        "The checklist puts match shifts before \"Wild dominance\" and \"Winner & Next Lead\" lists "
                        "the match first, which reads as a priority; \"eligible\" is never defined. Entry 24 asks the "
                        "same of a match played after the Special."),
        en=("The trick is won by the highest Special played (Phoenix > Giant > Warlock); if none was played, by the "
            "last colour match; if there was none, by the highest card of the ruling colour."),
        replaces=_WON_BY,
        related=("match-after-special",),
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
        en="A Purple matches, and is matched by, the number cards of its value.",
        related=("purple-colour", "purple-wins", "number-tie"),
    ),
    entry(
        7, "purple-colour", "The colour of a Purple that does not lead",
        question="Only a leading Purple is given a colour. What colour is a Purple played to a trick someone else led?",
        answer="The ruling colour when it is played: it counts as that colour's number.",
        kind="gap", switch="purple_colour", values=("ruling", "none"),
        sources=(_PURPLE_LEAD, _PURPLE_RANK, _PURPLE_WINS),
        meanings=("A following Purple counts as the ruling colour's number when it is played.",
                  "A following Purple has no colour: it can win only by matching."),
        recommendation=("Give it the ruling colour: a Purple \"sits in normal numeric rank\" and can win as \"the "
                        "highest number of the ruling colour\", which needs a colour. Entry 25 asks whether that "
                        "colour is fixed when it is played."),
        en=("A Purple played after the lead counts as a number of the ruling colour at the moment it is played, and "
            "keeps that colour to the end of the trick."),
        related=("purple-match", "purple-wins", "purple-at-resolution"),
    ),
    entry(
        8, "purple-wins", "Does the highest number win when it is a Purple?",
        question=("A Purple is the highest number of the ruling colour, but a picture of that colour was also "
                  "played. Does \"wins only if (a) it is the highest number\" make the Purple win?"),
        answer="No: \"only if\" is a condition the Purple must meet, not a way to beat the pictures.",
        kind="unclear", switch="purple_wins",
        sources=(_PURPLE_WINS, _PURPLE_SUMMARY),
        meanings=("\"Wins only if\" restricts the Purple; it still ranks as a number.",
                  ("Being the highest number of the ruling colour (no other card of that number) wins wherever rank "
                   "decides; a winning Special and, under the Timing Rule, the last colour match still beat it.")),
        recommendation=("Read \"only if\" as written: a necessary condition. The closing summary repeats it (\"only "
                        "win if highest number or last valid colour match\") and neither sentence places the Purple "
                        "above the pictures."),
        en="A Purple ranks as a number of its colour; it never beats a picture of that colour by rank.",
        changes=((V2, ("The other reading no longer lets the Purple beat the last colour match or win a tie with a card "
                      "of its number (the engine did; docs/rules-realms.md said otherwise).")),),
        related=("purple-colour", "purple-match", "number-tie"),
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
        en="A Realm card matches every other Realm card, Sun or Moon.",
        replaces=_SHADOW,
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
        recommendation=("Nobody: the text names two ways to win and neither applies, and the suggested wording says so. "
                        "The other reading does not settle every such trick: when a Special leads there is no lead "
                        "colour, and the trick is still won by nobody (theorem realms/no-winner/no_winner=lead_colour "
                        "gives one: the Cyclone led to yellow, then the Red 1, from red)."),
        en=("If no card can win the trick (no colour match, no winning Special, no card of the ruling colour), nobody "
            "wins it and it scores no points; its leader leads the next trick, or the Cyclone's player if a Cyclone was "
            "played."),
        changes=((V2, ("The suggested wording now says what the recommendation says (nobody wins); edition 1 "
                      "recommended nobody but worded the other reading, which a Special's lead leaves unsettled.")),),
        theorems=("realms/no-winner/default", "realms/no-winner/lead_colour"),
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
        en="Players must follow the ruling colour as the marker shows it when they play, if able.",
        replaces=_FOLLOW,
        related=("match-follow", "special-lead", "purple-follows"),
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
        en="A player who can follow must do so, even when a card of another colour would be a colour match.",
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
        en="Specials have no colour: a player plays one only when they cannot follow the ruling colour.",
        related=("troll-bullets",),
    ),
    entry(
        14, "troll-bullets", "Which card \"May follow any colour\"?",
        question=("\"May follow any colour\" stands under the Troll heading, among bullets about the Purple. Does it "
                  "free the Troll or the Purple from the follow rule?"),
        answer="The Purple: it may be played at any time.",
        kind="unclear", switch="troll_bullets",
        sources=(_ANY_COLOUR, _TROLL, _PURPLE_LEAD, _NOT_FOLLOW),
        meanings=("A Purple may be played at any time.", ("A Troll may be played at any time; Purples follow the "
                                                         "follow rule like Specials.")),
        recommendation=("The Purple, on balance. Of the five bullets after the Troll's ability, three name the Purple "
                        "(\"Leading Purple\", \"Purple numbers\", \"Purple nominations\"), one (\"Wins only if\") "
                        "speaks of a card that can be the highest number, which only a Purple among them can, and the "
                        "closing summary repeats two of them for \"Purple Wilds\"; the Troll's own ability ends before "
                        "them. Against it, the Follow rule lists Purples with the Specials among what a player who "
                        "cannot follow may play (\"If not, they may play any other card, including Specials or Purple "
                        "Wilds\"), which reads as if a Purple, like a Special, waited for a player unable to follow; "
                        "under the recommended reading that mention is true but adds nothing. The text needs a "
                        "\"Purple Wilds\" heading either way."),
        en="Purple Wilds: a Purple may be played whatever the ruling colour.",
        replaces=_ANY_COLOUR,
        changes=((V2, ("Edition 1 said four bullets name the Purple; three do. The Follow rule's \"including Specials "
                      "or Purple Wilds\", which points the other way, is now quoted and weighed.")),),
        related=("specials-follow", "purple-follows"),
    ),
    entry(
        15, "realm-follow", "Does the realm partner colour follow?",
        question="Red is ruling and a player holds no red but a yellow card (Red's realm partner). Must they play it?",
        answer="No: only the ruling colour follows.",
        kind="unclear", switch="realm_follow",
        sources=(_PAIR, _REALM_LINKS, _FOLLOW),
        meanings=("Only the ruling colour follows.", "A card of the ruling colour's realm partner follows too."),
        recommendation=("One colour: the Follow rule says \"the ruling colour\". The sentence \"Realm links are "
                        "ignored for Purple nominations\" suggests links count elsewhere but never says where "
                        "(entry 21)."),
        en="Only cards of the ruling colour follow; a card of its realm partner does not.",
        related=("realm-links",),
    ),
    entry(
        16, "first-lead", "Who leads the first trick?",
        question="\"The winner of the previous trick leads.\" Who leads the first trick of a round?",
        answer="The player left of the dealer.",
        kind="gap", switch="first_lead",
        sources=(_PREVIOUS, _DEALER),
        meanings=("The player left of the dealer leads the first trick.", "The dealer leads the first trick."),
        recommendation="Left of the dealer, as in most trick-taking games; the dealer already chose the colour.",
        en="The player left of the dealer leads the first trick of a round.",
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
        en="First to 50 points triggers halftime: record scores, reshuffle and start a new round.",
        replaces=_HALFTIME,
    ),
    entry(
        18, "troll-victim", "Can the Troll take a card from its own player?",
        question="\"Choose a player at random\": can the Troll's player draw themself?",
        answer="No: the random player is one of the others.",
        kind="unclear", switch="troll_victim",
        sources=(_TROLL,),
        meanings=("The random player is one of the other players.", "Any player, the Troll's own included."),
        recommendation="One of the others: taking a card from your own hand is no steal.",
        en=("When played, discard one card from your hand, then choose another player at random and take one random "
            "card from their hand (without looking)."),
        replaces=_TROLL,
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
        en="When a player must draw and the draw pile is empty, shuffle the discard pile to form a new draw pile.",
        replaces=_RECYCLE,
    ),
    entry(
        20, "nuance-pictures", "Matched Sorcerers, Guards, Trolls and Realms",
        question=("The Match Rank Nuance ranks a matched Number and a matched Dragon. Where does a matched Sorcerer, "
                  "Guard, Troll or Realm card rank, once a later shift has left it outside the ruling colour?"),
        answer=("Under the recommended Timing Rule the question never comes up: a match wins by time, whatever its "
                "type. A reader who follows the Nuance should rank every matched picture just below the same picture "
                "of the ruling colour, as the text ranks the Dragon."),
        kind="gap", switch="nuance_pictures", base=NUANCE,
        sources=(_NUANCE_NUMBER, _NUANCE_DRAGON, _TIME_ORDER),
        meanings=(("Under the Nuance, every matched picture sits just below the same picture of the ruling colour, as "
                  "the Dragon does."),
                  ("Under the Nuance, only the Dragon and the Numbers have a matched place; a matched Realm, Sorcerer, "
                  "Guard or Troll keeps its normal rank, in its own colour only.")),
        recommendation=("Delete the Match Rank Nuance, as the wordings of entries 1 and 2 do; then nothing is left to decide. A reader who "
                        "keeps it has to guess, since the text places two kinds of matched card only; the natural "
                        "guess extends the Dragon's sentence to every picture. The two guesses name different winners "
                        "(the example below), but only under the Nuance."),
        en=UNCHANGED,
        since=V1, changes=((V2, "Now a switch (nuance_pictures) with an example; edition 1 had no reading to play."),),
        related=("timing-vs-matched-number", "timing-vs-matched-dragon"),
    ),
    entry(
        21, "realm-links", "What are \"Realm links\"?",
        question=("\"Realm links are ignored for Purple nominations\": where do Realm links count, and what does "
                  "ignoring them change when a Purple leads?"),
        answer=("The recommended reading: a nomination names one colour (nominating red is not nominating yellow), "
                "and the Giant still flips it. Read the other way, the Giant cannot flip a nominated colour, and a "
                "realm partner does not follow it."),
        kind="unclear", switch="nominated_links",
        sources=(_REALM_LINKS, _PAIR, _GIANT, _PURPLE_SUMMARY),
        meanings=("Realm links still apply to a nominated colour: the Giant flips it within its realm.",
                  ("Realm links are ignored while the marker shows a Purple's nomination: the Giant does not flip it, "
                   "and (with realm_follow=realm) the partner colour does not follow it.")),
        recommendation=("Keep the Giant's flip: the Giant \"instantly flips the ruling colour within its realm\" with "
                        "no exception, and \"Red ≠ Yellow\" reads as saying what a nomination names. The other reading "
                        "gives the sentence more work to do, and changes who wins a trick in which a Giant follows a "
                        "Purple lead (the example below). Say which is meant."),
        en=("A Purple lead nominates one colour only: nominating Red does not nominate Yellow. A Giant played later "
            "flips the nominated colour like any other."),
        replaces=_REALM_LINKS,
        changes=((V2, ("Edition 1 said the sentence changes nothing; read as switching Realm links off for a "
                      "nominated colour it changes tricks a Giant is played to. Now a switch (nominated_links).")),),
        related=("realm-follow",),
    ),
    entry(
        22, "player-count", "How many players?",
        question="The text names no number of players.",
        answer="Two to six: seven cards each leaves a draw pile of 23 to 51 cards.",
        kind="gap", sources=(_DEAL, _DRAW),
        recommendation=("State it. With seven players the deal leaves 16 cards, which one Draw Phase can empty; "
                        "arbiter plays 2 to 6 and measures 2, 3 and 4."),
        en="For 2 to 6 players.",
        same_in_play=("the number of players is a setting of every game, not a reading of a rule: arbiter takes it as "
                      "input (2 to 6) and measures 2, 3 and 4 players; no two readings are compared."),
    ),
    entry(
        23, "same-colour-match", "A match already of the ruling colour",
        question=("A card matches the number or picture type of an earlier card but is already of the ruling colour, "
                  "so the colour does not shift (Red 2, Yellow 1, Red 1 from red). Is it a colour match that takes the "
                  "trick, or does the highest card of the ruling colour keep it?"),
        answer="It is a colour match: the last match wins the trick, although the colour stays.",
        kind="unclear", switch="colour_match",
        sources=(_OVERRIDE, _CURRENT, _TIME_ORDER, _TIMING, _CHECK_MATCH, _SHIFTS, _PURPLE_WINS),
        meanings=("A card that matches an earlier card is a colour match, whether or not the ruling colour changes.",
                  ("Only a card that shifts the ruling colour (it has a colour, not the marker's) is a colour match; "
                   "a matching card already of the ruling colour competes by rank.")),
        recommendation=("Count every match, on balance. The Override's only condition is that the card \"matches the "
                        "number or picture type of any earlier card in the trick\", and \"That card becomes the "
                        "current winner\" follows from that condition; the shift is what happens next. The Purple's "
                        "clause (b), \"the last valid colour match in the trick\", needs this reading: a following "
                        "Purple takes the marker's colour, so it can never shift it, and under the other reading it "
                        "is never a colour match (theorem realms/purple-never-matches/shift). Against it, the section "
                        "is titled \"Colour Match Override\", the marker list says \"A Colour Match shifts the ruling "
                        "colour.\", and \"valid\" in \"the last valid colour match\" suggests that some matches do not "
                        "count: all three name a colour match by the shift it makes. The text does not settle it, and "
                        "the readings name different winners in the example below; the wording should."),
        en="A matching card already of the ruling colour is a colour match too; the marker stays.",
        theorems=("realms/purple-never-matches/shift", "realms/any-vs-shift"),
        changes=((V2, ("The recommendation weighs the section title \"Colour Match Override\" and \"A Colour Match "
                      "shifts the ruling colour\" against the Override's condition and the Purple's clause (b).")),),
        related=("match-vs-rank", "purple-match"),
    ),
    entry(
        24, "match-after-special", "A colour match played after a Giant or a Warlock",
        question=("A Giant or a Warlock (no Phoenix) is played, and after it a card matches an earlier card (Red 1, "
                  "Giant, Yellow 1 from red). Does the Special keep the trick, or does the later match outrank it?"),
        answer="The Special keeps it: a match wins unless beaten by a higher Special, wherever that Special was played.",
        kind="unclear", switch="special_vs_match", values=("specials", "timed"), since=V2,
        sources=(_TIMING, _TIME_ORDER, _RANK_ALONE, _CHECK_WILD),
        meanings=("A Giant or a Warlock beats every colour match of the trick, played before it or after.",
                  ("A Giant or a Warlock beats the matches played before it; a match played after it wins (the Phoenix "
                  "still beats every card).")),
        recommendation=("The Special keeps it. \"Unless beaten by a higher Special (Phoenix > Giant > Warlock)\" is "
                        "said of the last match \"at resolution\", when every card is down, and the checklist applies "
                        "\"Wild dominance\" after the shifts and timing. \"A later valid match outranks earlier plays\" "
                        "can be read as covering an earlier Special too; the text never orders a Special against a "
                        "later match."),
        en=("A Giant or a Warlock beats every colour match in the trick, whether the match was played before it or "
            "after it; only a higher Special beats it."),
        related=("special-vs-match",),
    ),
    entry(
        25, "purple-at-resolution", "Is a following Purple's colour fixed when it is played?",
        question=("A Purple follows, counting as the ruling colour's number, and then the marker moves (a Cyclone, a "
                  "Giant or a match: Red 1, Purple 2, Cyclone from red, the Cyclone to yellow). At resolution, is the Purple a number of the "
                  "colour it took when played, or of the ruling colour at resolution?"),
        answer="Of the colour it took when played: the Purple 2 stays red, so no yellow card is played and nobody wins.",
        kind="unclear", switch="purple_colour", values=("ruling", "resolution"), since=V2,
        sources=(_PURPLE_WINS, _PURPLE_LEAD, _PURPLE_RANK_Q),
        meanings=("A following Purple keeps the colour it took when played.",
                  "A following Purple counts as the ruling colour at resolution, whatever it was when played."),
        recommendation=("Fix it when played. A Purple \"counts as that colour's number\" once the colour is set, every "
                        "other card keeps its colour when the marker moves, and the Override compares the card played "
                        "with the marker as it stands. \"The highest number of the ruling colour at resolution\" can "
                        "be read as re-colouring the Purple at the end, which makes a Purple win whatever colour the "
                        "marker lands on."),
        en=("A Purple played after the lead counts as a number of the ruling colour at the moment it is played, and "
            "keeps that colour to the end of the trick."),
        related=("purple-colour", "purple-wins"),
    ),
    entry(
        26, "number-tie", "A Purple level with a coloured card of its number",
        question=("A Purple and a coloured card of the same number count as the same colour, and neither is a colour "
                  "match (it arises only where such a card is no match: colour_match=shift, say, in Purple 3 "
                  "nominating red then Red 3). Which ranks higher?"),
        answer="The coloured card: a Purple that only ties is not \"the highest number of the ruling colour\".",
        kind="gap", switch="number_tie", base=SHIFT, since=V2,
        sources=(_PURPLE_WINS, _PURPLE_RANK_Q, _HIERARCHY),
        meanings=("The card with a colour of its own ranks above the Purple.",
                  "The earlier of the two keeps the trick.",
                  "The later of the two takes the trick."),
        recommendation=("The coloured card: the Purple \"wins only if (a) it is the highest number of the ruling colour\" "
                        "(or matches), and level with the Red 3 it is not the highest. Under the recommended readings "
                        "of entries 6 and 23 the later card of the two matches the earlier and wins as the last match, "
                        "so the tie is never decided by rank (a test checks every trick of a small deck); it decides a "
                        "trick under colour_match=shift, purple_match=never or resolution=rank."),
        en="A Purple level with a coloured card of its number and colour ranks below it.",
        related=("purple-wins", "purple-match", "same-colour-match"),
    ),
    entry(
        27, "special-lead", "Which colour rules after a Special is led?",
        question=("A Phoenix, Warlock or Tree is led: it has no colour. Does the marker keep the colour it showed, or "
                  "does the first coloured card played set the ruling colour (Tree, Yellow 1 from red)?"),
        answer=("The marker keeps its colour: the next players must follow it, and the Yellow 1, not red, does not "
                "win (nobody does)."),
        kind="gap", switch="special_lead", since=V2,
        sources=(_LEAD, _LEAD_SETS, _OUTSIDE, _FOLLOW),
        meanings=("After a colourless lead the marker keeps its colour, and it is the colour to follow.",
                  ("After a Phoenix, Warlock or Tree lead the first card with a colour sets the ruling colour as a lead "
                  "would; until then any card may be played.")),
        recommendation=("Keep the marker. \"That card's colour sets the ruling colour\": a card with no colour sets none, "
                        "so the marker keeps what it showed, and it \"must always reflect the true state\". \"The lead "
                        "sets a colour.\" in the marker list can be read as a promise every trick keeps, which only the "
                        "other reading does; the Giant and the Cyclone set the colour themselves under both."),
        en=("If the lead has no colour (a Phoenix, Warlock or Tree), the ruling colour stays as the marker shows it, "
            "and players must follow it."),
        related=("follow-colour", "no-winner"),
    ),
    entry(
        28, "purple-follows", "Does holding a Purple count as able to follow?",
        question=("Red is ruling; a player holds no red card but a Purple, which would count as a red number. Are they "
                  "able to follow (and must play the Purple), or may they play any card?"),
        answer="They cannot follow: they may play any card.",
        kind="gap", switch="purple_follows", since=V2,
        sources=(_FOLLOW, _NOT_FOLLOW, _PURPLE_LEAD, _PURPLE_RANK_Q),
        meanings=("A Purple in the hand is not a card of the ruling colour: holding one does not oblige anything.",
                  ("Holding a Purple counts as able to follow: a player with no card of the colour but a Purple must "
                  "play the Purple.")),
        recommendation=("Not able. The Follow rule names Purples among what a player who cannot follow may play (\"If "
                        "not, they may play any other card, including Specials or Purple Wilds\"), so holding one does "
                        "not make a player able; a Purple takes the ruling colour only once it is played."),
        en=("A Purple in your hand does not count as a card of the ruling colour: with no card of that colour you "
            "may play any card."),
        related=("troll-bullets", "follow-colour"),
    ),
)

_REALM_RANK = q("Realm cards are the highest picture rank within their realm.")
_WITHIN = q("Normal Rank Order (within a colour)")
ENTRIES += (
    entry(
        29, "realm-rank", "The highest picture \"within their realm\"",
        question=("\"Realm cards are the highest picture rank within their realm\": within their colour, or within "
                  "both colours of their realm? Red rules and the Yellow Realm follows the Red 1 (Red 1, Yellow Realm "
                  "from red): does it outrank the Red 1?"),
        answer="Within their colour: the Yellow Realm is not a red card, and the Red 1 keeps the trick.",
        kind="unclear", switch="realm_rank", since=V2,
        sources=(_REALM_RANK, _PAIR, _WITHIN),
        meanings=("A Realm card is the highest picture of its own colour.",
                  ("A Realm card is the highest picture of both colours of its realm (Sun: red and yellow; Moon: blue "
                  "and green).")),
        recommendation=("Within its colour. The Normal Rank Order that follows is given \"(within a colour)\", and a "
                        "card of another colour never ranks in the ruling colour elsewhere in the text. The sentence "
                        "uses \"realm\" for the pair of colours just defined (\"Colours pair into Realms\"), so it "
                        "can be read as giving a Realm card rank in its partner colour; say which."),
        en="A Realm card is the highest picture of its own colour; it does not rank in its realm partner's colour.",
        replaces=_REALM_RANK,
        related=("realm-shadow", "realm-links"),
    ),
)

# How each entry's witness is found (see the kinds above).
WITNESS_KIND = {
    "timing-vs-matched-number": TRICK, "timing-vs-matched-dragon": TRICK, "example-vs-nuance": EXAMPLE,
    "match-vs-rank": TRICK, "special-vs-match": TRICK, "purple-match": TRICK, "purple-colour": TRICK,
    "purple-wins": TRICK, "realm-shadow": TRICK, "no-winner": TRICK, "follow-colour": FOLLOW, "match-follow": FOLLOW,
    "specials-follow": FOLLOW, "troll-bullets": FOLLOW, "realm-follow": FOLLOW, "first-lead": GAME,
    "halftime": GAME, "troll-victim": STEAL, "recycle": GAME, "same-colour-match": TRICK, "nuance-pictures": TRICK,
    "realm-links": FOLLOW, "realm-rank": TRICK, "match-after-special": TRICK, "purple-at-resolution": TRICK, "number-tie": TRICK,
    "special-lead": TRICK, "purple-follows": FOLLOW,
}

CATALOGUE = Catalogue(game="realms", title="Realms: rules clarifications", sources=SOURCES, entries=ENTRIES,
                      editions=EDITIONS)
CATALOGUE.check()
BY_ID = CATALOGUE.by_id()
