"""Every report's questions fit their answers: an entry whose answer starts "Yes" or "No" asks a
yes/no question, in its question and in its title when the title is a question (the publisher's page
and the contents print "title: answer"). Stick to Colours entry 4 asked "Raise by one card, or by
more?" and answered "Yes." (issue 23)."""

import re

import pytest
from arbiter.report.realms.catalogue import CATALOGUE as REALMS
from arbiter.report.red7.catalogue import CATALOGUE as RED7
from arbiter.report.stick_to_colours.catalogue import CATALOGUE as STICK

ENTRIES = [e for c in (RED7, REALMS, STICK) for e in c.entries]
AUXILIARIES = {"may", "can", "could", "does", "do", "did", "is", "are", "was", "were", "must", "should", "shall",
               "will", "would", "has", "have"}
YES_NO_ANSWER = re.compile(r"(Yes|No)\b[.:,]")


def yes_no(text: str) -> bool:
    """Whether the last sentence of ``text`` is a yes/no question: it ends with "?", one of its clauses
    (cut at , ; :) starts with an auxiliary verb, and no ", or" after that clause offers alternatives."""
    if not text.rstrip().endswith("?"):
        return False
    last = re.split(r"(?<=[.?!])\s+(?=[A-Z'\"])", re.sub(r"\([^)]*\)", "", text).strip())[-1]
    clauses = re.split(r"[,;:]\s*", last)
    for k, clause in enumerate(clauses):
        words = clause.split()
        if words and words[0].lower() in AUXILIARIES:
            rest = ", ".join(clauses[k:])
            return ", or " not in rest and not any(c.split()[:1] == ["or"] for c in clauses[k + 1:])
    return False


@pytest.mark.parametrize("text, expected", [
    ("Raise by one card, or by more?", False),
    ("When are Palettes counted for a 1?", False),
    ("'Durant son tour' or 'à la fin de son tour'?", False),
    ("Does a match win, or only move the colour?", False),
    ("May a raise be more than one card?", True),
    ("It is listed with the 7-9 cards; may it also be a 7, 8 or 9 (completing a set, say)?", True),
    ("A player passed. When the bidding comes round again, may a player who passed come back in?", True),
    ("Who wins?", False),
])
def test_the_yes_no_test_tells_the_kinds_apart(text, expected):
    assert yes_no(text) is expected


@pytest.mark.parametrize("entry", [e for e in ENTRIES if YES_NO_ANSWER.match(e.answer)],
                         ids=lambda e: f"{e.id}")
def test_an_entry_answered_yes_or_no_asks_a_yes_no_question(entry):
    assert yes_no(entry.question), (entry.number, entry.question, entry.answer)
    if entry.title.endswith("?"):
        assert yes_no(entry.title), (entry.number, entry.title, entry.answer)


def test_stick_entry_4_asks_what_its_yes_answers():
    e = STICK.by_id()["raising"]
    assert e.answer.startswith("Yes.") and e.title == "May a raise be more than one card?"
