"""Realms and Stick to Colours: every sentence of each rule text is covered by a clause, a switch or
an entry (the traceability appendix), every checklist finding names a question of the checklist,
every entry and every switch covers some sentence, every quotation (and every sentence an erratum
replaces) is word for word in its file, every sentence of an answer or recommendation that names
a source quotes it, and every suggested wording uses the glossary's words."""

import pytest
from arbiter.model.realms.ruleset import SWITCHES as REALMS_SWITCHES
from arbiter.model.stick_to_colours.ruleset import SWITCHES as STICK_SWITCHES
from arbiter.report import glossary, quotes, trace
from arbiter.report.entry import entry_json
from arbiter.report.realms import glossary as realms_glossary
from arbiter.report.realms import trace as realms_trace
from arbiter.report.realms.catalogue import CATALOGUE as REALMS
from arbiter.report.stick_to_colours import glossary as stick_glossary
from arbiter.report.stick_to_colours import trace as stick_trace
from arbiter.report.stick_to_colours.catalogue import CATALOGUE as STICK

GAMES = {"realms": (REALMS, REALMS_SWITCHES, realms_trace, realms_glossary.GLOSSARY,
                    {"realms-trick-taking.en.txt": "realms-trick-taking.en.txt"}, "Follow suit: the trump colour."),
         "stick-to-colours": (STICK, STICK_SWITCHES, stick_trace, stick_glossary.GLOSSARY,
                              {"EN": "stick-to-colours.en.txt"}, "A triple of one value scores 3.")}


@pytest.mark.parametrize("game", GAMES)
def test_every_sentence_is_covered_and_every_reference_exists(game):
    catalogue, switches, tr, _, _, _ = GAMES[game]
    known = {"entry": [e.id for e in catalogue.entries], "switch": list(switches)}
    assert trace.problems(tr.TRACES, known) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_and_every_switch_covers_some_sentence(game):
    catalogue, switches, tr, _, _, _ = GAMES[game]
    refs = {ref for rows in tr.TRACES.values() for row in rows for ref in row.by}
    assert {f"entry:{e.id}" for e in catalogue.entries} <= refs
    assert {f"switch:{n}" for n in switches} <= refs


@pytest.mark.parametrize("game", GAMES)
def test_quotations_are_word_for_word_and_named_sources_are_quoted(game):
    catalogue, _, _, _, files, _ = GAMES[game]
    assert quotes.quote_problems(catalogue, files) == []
    for e in catalogue.entries:
        assert quotes.prose_problems(e, files) == [], e.id


@pytest.mark.parametrize("game", GAMES)
def test_every_wording_uses_the_glossary(game):
    catalogue, _, _, words, _, bad = GAMES[game]
    assert words.problems(glossary.wordings([entry_json(e) for e in catalogue.entries])) == []
    assert words.problems([("x", "en", bad)])  # the check can fail
