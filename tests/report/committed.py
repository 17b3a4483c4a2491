"""What the committed-edition checks share (tests/report/test_red7_committed.py,
realms/test_realms_committed.py, stick_to_colours/test_stick_committed.py): a committed edition
(docs/clarifications/<game>.json, .md and .html, at 200 games per setting) is checked without a
rebuild. Its pages are its JSON rendered; what depends on the code and the seed only (the catalogue,
the searched examples, the appendices, the method) is what the quick report gives; its figures,
headlines and first page are what its recorded counts give; its examples from games are what the
sample's own measure gives when their game is played again; and a slice of its sample (chosen by
the caller) plays again and digests as recorded. Each game's checks give an ``Edition``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from arbiter.report import publisher, sample
from arbiter.report.render import to_html, to_json, to_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "clarifications"
EDITION_GAMES = 200  # the floor: at least 200 games per setting in a committed edition
FROM_GAME = "From a game"
RENDER = {"md": to_markdown, "html": to_html, "json": to_json}


@dataclass(frozen=True)
class Edition:
    """A game's committed edition and the modules that built it: ``build`` (``headline``,
    ``method``), ``sampling`` (``PLUG``, ``entry_frequency``), the catalogue's ``by_id``, and which
    entries the sample plays (``plays``)."""

    game: str
    build: ModuleType
    sampling: ModuleType
    by_id: dict[str, Any]
    plays: Callable[[Any], bool]
    command: str  # the command that builds it, with {games} and {seed}

    def load(self) -> dict[str, Any]:
        return json.loads((DOCS / f"{self.game}.json").read_text(encoding="utf-8"))

    def playing(self) -> list[Any]:
        return [e for e in self.by_id.values() if self.plays(e)]

    def settings(self) -> list[sample.Setting]:
        return self.sampling.PLUG.settings(self.playing())


def z3(text: str) -> str:
    """The z3 version a proofs appendix names, left out: the pages do not change with it."""
    return re.sub(r"z3 \d[\d.]*", "z3 (version)", text)


def stale_pages(ed: Edition, committed: dict[str, Any]) -> list[str]:
    """The committed pages that are not the committed JSON rendered, each with the command that
    renders it."""
    out = []
    for fmt, render in RENDER.items():
        page = (DOCS / f"{ed.game}.{fmt}").read_text(encoding="utf-8")
        if z3(page) != z3(render(committed)):
            out.append(f"docs/clarifications/{ed.game}.{fmt} is stale: run `arbiter report --from "
                       f"docs/clarifications/{ed.game}.json --format {fmt} --out docs/clarifications/{ed.game}.{fmt}`")
    return out


def size_problems(ed: Edition, committed: dict[str, Any]) -> list[str]:
    """An edition played at fewer than EDITION_GAMES games per setting, or whose command, sampling
    record and per-setting shares do not say the same number."""
    out = []
    games, seed = committed["games"], committed["seed"]
    if games < EDITION_GAMES or committed["sampling"]["games"] != games or committed["sampling"]["seed"] != seed:
        out.append(f"played at {games} games per setting (sampling: {committed['sampling']['games']})")
    if committed["command"] != ed.command.format(games=games, seed=seed):
        out.append(f"command {committed['command']!r}")
    for e in committed["entries"]:
        if e["frequency"] and {s["arises"]["games"] for s in e["frequency"]["settings"]} != {games}:
            out.append(f"{e['id']}: a setting with another number of games")
    return out


def searched(stories: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The stories found by search (every one but the example from a sampled game)."""
    return [st for st in stories if st["title"] != FROM_GAME]


def differences_from_quick(committed: dict[str, Any], quick: dict[str, Any],
                           appendix_ids: tuple[str, ...] | None = None) -> list[str]:
    """What the committed edition has that the quick report (the same code and seed, fewer games)
    does not, in what depends on the code and the seed only: every entry's fields but its figures,
    headline and example from a game; the header; the method; the appendices (``appendix_ids``: only
    those, for a quick report that narrows one of the others)."""
    out = []
    quick = json.loads(to_json(quick))
    if committed["seed"] != quick["seed"]:
        return [f"seed {committed['seed']} against the quick report's {quick['seed']}"]
    q_entries = {e["id"]: e for e in quick["entries"]}
    for e in committed["entries"]:
        q = q_entries.pop(e["id"], None)
        if q is None:
            out.append(f"{e['id']}: not in the catalogue")
            continue
        out += [f"{e['id']}: {key}" for key in sorted(set(e) | set(q))
                if key not in ("witness", "frequency", "headline") and e.get(key) != q.get(key)]
        if searched(e["witness"]) != searched(q["witness"]):
            out.append(f"{e['id']}: its searched examples")
    out += [f"{id}: missing from the committed edition" for id in sorted(q_entries)]
    keep = [a for a in committed["appendices"] if appendix_ids is None or a["id"] in appendix_ids]
    theirs = [a for a in quick["appendices"] if appendix_ids is None or a["id"] in appendix_ids]
    if json.loads(z3(json.dumps(keep))) != json.loads(z3(json.dumps(theirs))):
        out.append("the appendices")
    for key in ("game", "title", "version", "editions", "changelog", "retired", "sources", "cards", "card_names"):
        if committed.get(key) != quick.get(key):
            out.append(key)
    return out


def figure_problems(ed: Edition, committed: dict[str, Any]) -> list[str]:
    """Figures, headlines, method and first page that the recorded counts (and the stories) do not
    give."""
    out = []
    s = sample.recorded(ed.sampling.PLUG, ed.playing(), committed["sampling"])
    games, seed = committed["games"], committed["seed"]
    for e in committed["entries"]:
        entry = ed.by_id[e["id"]]
        want = (json.loads(json.dumps(ed.sampling.entry_frequency(entry, s, games, seed))) if ed.plays(entry)
                else None)
        if e["frequency"] != want:
            out.append(f"{e['id']}: frequency")
        if e["headline"] != json.loads(json.dumps(ed.build.headline(entry, e["witness"], e["frequency"]))):
            out.append(f"{e['id']}: headline")
    if committed["method"] != ed.build.method(games):
        out.append("method")
    if committed["first_page"] != json.loads(json.dumps(publisher.first_page(committed["entries"]))):
        out.append("first page")
    return out


def examples_from_games(committed: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(entry id, story) of every example from a sampled game."""
    return [(e["id"], st) for e in committed["entries"] for st in e["witness"] if st["title"] == FROM_GAME]


def measured_again(ed: Edition, entry: Any, data: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """A sampled game's example as the sample's own measure gives it when that game is played again
    (``data``: its ``setting`` key and ``game`` number), in the shape the sample keeps it."""
    setting = next(s for s in ed.settings() if s.key == data["setting"])
    game_seed = sample.game_seed(seed, setting, data["game"])
    _, example = sample.measure(ed.sampling.PLUG, ed.sampling.PLUG.play(setting, game_seed), entry)
    return None if example is None else {"setting": setting.key, "game": data["game"], "seed": game_seed, **example}


def example_pieces(ed: Edition, committed: dict[str, Any], where: Callable[[dict[str, Any]], tuple[str, int]]
                   ) -> set[tuple[int, int]]:
    """(setting index, piece index) of each example from a game; ``where(data)`` gives its setting
    key and game number."""
    keys = [s.key for s in ed.settings()]
    chunk = committed["sampling"]["chunk"]
    out = set()
    for _, st in examples_from_games(committed):
        key, game = where(st["data"])
        out.add((keys.index(key), game // chunk))
    return out


def sampled_at(data: dict[str, Any]) -> tuple[str, int]:
    """Where a Realms or Stick to Colours example from a game was sampled: its setting key and game."""
    return data["setting"], data["game"]


def replayed_slice(ed: Edition, committed: dict[str, Any],
                   where: Callable[[dict[str, Any]], tuple[str, int]] = sampled_at) -> list[tuple[int, int]]:
    """The slice of the sample the checks play again: the first piece of every setting and the pieces
    the examples from games come from, as (setting index, piece index)."""
    return sorted({(k, 0) for k in range(len(ed.settings()))} | example_pieces(ed, committed, where))


def slice_problems(ed: Edition, committed: dict[str, Any], pick: Callable[[int, int], bool]) -> list[str]:
    """The pieces ``pick(setting index, piece index)`` chooses, played again: each whose counts do not
    digest as recorded."""
    return sample.recheck(ed.sampling.PLUG, ed.playing(), committed["sampling"], pick)
