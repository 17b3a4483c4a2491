"""Sentences about play made from computed results, for every game's report: a worked example
("story") keeps the values a search, solve or replay computed for each reading (its ``claim``), and
its heading, the entry's headline ("can change the winner") and any "the readings differ" are
written from those values by the functions here, never typed as prose. ``check`` is what the tests
apply to every story: the claim is the data's, and the words are the claim's."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Say = Callable[[Any], str]  # one reading's computed value in words ("Player 0 can force the round")

# Phrases that say the readings agree in play: an answer or heading may not use them when the
# entry's own example shows the readings differ (and "differ" phrases need such an example).
SAME_PHRASES = ("do not differ", "does not differ", "changes nothing", "change nothing", "reads the same",
                "no difference in play", "never arises", "cannot arise")


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def reading_name(k: int) -> str:
    """How a story names the entry's ``k``-th reading (0 is the recommended one)."""
    return f"reading {k + 1}" + (" (recommended)" if k == 0 else "")


def compare(about: str, keys: Sequence[str], outcomes: Sequence[Mapping[str, Any]],
            winner: str | None = None) -> dict[str, Any]:
    """The claim of a story whose data has ``outcomes`` (one per reading, each with ``reading`` and
    the computed ``keys``, None where an outcome has no such key): what is compared (``about``),
    each reading's value, whether they differ, and (``winner``) the key of a value that names who
    wins, for the headline."""
    values = [{k: o.get(k) for k in keys} for o in outcomes]
    return {"about": about, "keys": list(keys), "readings": [o["reading"] for o in outcomes], "values": values,
            "differ": len({_key(v) for v in values}) > 1, "winner": winner}


def summary(claim: Mapping[str, Any], say: Say, lead: str) -> str:
    """The heading sentence of a story: ``lead``, then what every reading gives, from the claim."""
    words = [say(v) for v in claim["values"]]
    if not claim["differ"]:
        return f"{lead}, every reading gives the same: {words[0]}."
    return f"{lead}, the readings differ: " + "; ".join(
        f"under {reading_name(k)}, {w}" for k, w in enumerate(words)) + "."


def winner_changes(claim: Mapping[str, Any]) -> bool:
    """Whether the claim's values name different winners."""
    w = claim.get("winner")
    return w is not None and len({_key(v[w]) for v in claim["values"]}) > 1


def headline(stories: Sequence[Mapping[str, Any]], say_for: Mapping[str, Say], otherwise: str) -> dict[str, Any]:
    """"Can change the winner": yes, with the first story whose claim names different winners
    (told from its values), else ``otherwise`` (a proof, a scope, or "not shown ..."), whose first
    word is the answer."""
    for st in stories:
        c = st.get("claim")
        if c and winner_changes(c):
            words = "; ".join(f"under {reading_name(k)}, {say_for[c['about']](v)}" for k, v in enumerate(c["values"]))
            return {"answer": "yes", "witness": st["title"], "text": f"yes: in “{st['title']}”, {words}."}
    return {"answer": otherwise.split(":")[0].split()[0], "witness": None, "text": otherwise}


def check(story: Mapping[str, Any], say_for: Mapping[str, Say], lead: str | None = None) -> list[str]:
    """What is wrong with ``story``'s words against its own data: its claim's values are not the
    data's outcomes, its heading is not the one the claim gives, or two readings whose values
    differ are told in the same sentence."""
    c = story.get("claim")
    if c is None:
        return [f"{story['title']}: no claim"]
    problems = []
    outcomes = story["data"]["outcomes"]
    again = compare(c["about"], c["keys"], outcomes, c.get("winner"))
    if again != c:
        problems.append(f"{story['title']}: the claim is not the data's ({c['values']} vs {again['values']})")
    say = say_for.get(c["about"])
    if say is None:
        return [*problems, f"{story['title']}: nothing says {c['about']!r} values"]
    if lead is not None and not story["summary"].endswith(summary(again, say, lead)):
        problems.append(f"{story['title']}: the heading {story['summary']!r} is not what the data gives")
    texts = [o["text"] for o in story["outcomes"]]
    for i in range(len(texts)):
        for j in range(i):
            if _key(again["values"][i]) != _key(again["values"][j]) and texts[i] == texts[j]:
                problems.append(f"{story['title']}: readings {j + 1} and {i + 1} differ but are told alike: {texts[i]!r}")
    return problems


def contradictions(entry: Mapping[str, Any]) -> list[str]:
    """An entry whose answer says the readings agree in play while one of its examples shows
    them differ, or whose headline says yes without an example."""
    differ = any(st.get("claim", {}).get("differ") for st in entry.get("witness", ()))
    problems = []
    said = entry["answer"].lower()
    if differ:
        problems += [f"{entry['id']}: the answer says {p!r} but an example shows the readings differ"
                     for p in SAME_PHRASES if p in said]
    h = entry.get("headline")
    if h and h["answer"] == "yes" and not h.get("witness"):
        problems.append(f"{entry['id']}: the headline says yes without an example")
    return problems
