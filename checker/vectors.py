"""Conformance vector files, for any game: the format (a file per op and topic, one case per line,
an index), export, the staleness check and a loader that names the file and case at fault."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .plugin import GamePlugin

FORMAT = "arbiter-conformance/2"
INDEX = "index.json"
CASE_FIELDS = ("id", "ruleset", "request", "expected", "reason", "edge_case")


class VectorError(ValueError):
    """A vector directory that cannot be used: the message names the file and the case."""


def make_case(case_id: str, request: dict[str, Any], expected: dict[str, Any], reason: str, ruleset: Any,
              edge_case: str | None = None) -> dict[str, Any]:
    """A vector case: the request (sent as is, plus an ``id``), the expected answer, the clause;
    ``edge_case`` says why no game reaches the input (such cases run only with --edge-cases)."""
    case = {"id": case_id, "ruleset": ruleset, "request": request, "expected": expected, "reason": reason}
    if edge_case:
        case["edge_case"] = edge_case
    return case


def files(plugin: GamePlugin) -> dict[str, dict[str, Any]]:
    """Every vector file object of ``plugin``'s game, relative path -> object."""
    return {path: {"format": FORMAT, "game": plugin.game, **f} for path, f in plugin.vector_files().items()}


def dumps(obj: dict[str, Any]) -> str:
    """A vector file as text: header fields, then one case per line (stable and diff-friendly)."""
    head = {k: v for k, v in obj.items() if k != "cases"}
    lines = [json.dumps(c, separators=(",", ":")) for c in obj["cases"]]
    body = ",\n".join("  " + line for line in lines)
    header = json.dumps(head, indent=1)[:-2]
    return header + ',\n "cases": [\n' + body + "\n ]\n}\n"


def index(game: str, objs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"format": FORMAT, "game": game,
            "files": [{"path": path, "group": f["group"], "topic": f["topic"], "cases": len(f["cases"])}
                      for path, f in objs.items()]}


def render(plugin: GamePlugin) -> dict[str, str]:
    """Relative path -> file text, the index included."""
    objs = files(plugin)
    texts = {path: dumps(obj) for path, obj in objs.items()}
    texts[INDEX] = json.dumps(index(plugin.game, objs), indent=1) + "\n"
    return texts


def check_writable(directory: str | Path) -> None:
    """Fail (OSError) before any work when ``directory`` cannot take the files."""
    root = Path(directory)
    if not str(directory):
        raise OSError("the directory name is empty")
    if root.exists() and not root.is_dir():
        raise OSError(f"{directory} exists and is not a directory")
    root.mkdir(parents=True, exist_ok=True)
    probe = root / ".arbiter-write-test"
    probe.write_text("")
    probe.unlink()


def export(directory: str | Path, plugin: GamePlugin) -> tuple[list[str], list[str]]:
    """Write every vector file under ``directory`` and remove the vector files of this game that a
    fresh generation no longer writes (a renamed topic); returns (paths written, paths removed).
    Files that are not vector files of the game are left alone."""
    check_writable(directory)
    root = Path(directory)
    texts = render(plugin)
    written = []
    for path, text in texts.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        written.append(path)
    removed = []
    for path in strays(root, texts):
        if _is_vector_file(root / path, plugin.game):
            (root / path).unlink()
            removed.append(path)
    return written, removed


def strays(root: Path, texts: dict[str, str]) -> list[str]:
    """Files under ``root`` that a generation does not write (sorted, relative paths)."""
    if not root.is_dir():
        return []
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and p.relative_to(root).as_posix() not in texts)


def _is_vector_file(path: Path, game: str) -> bool:
    try:
        obj = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and obj.get("format") == FORMAT and obj.get("game") == game and "cases" in obj


def stale(directory: str | Path, plugin: GamePlugin) -> list[str]:
    """Files under ``directory`` that are missing or differ from a fresh generation, then the files
    it holds that a generation does not write (strays, each marked ``(stray)``)."""
    root = Path(directory)
    texts = render(plugin)
    out = []
    for path, text in texts.items():
        target = root / path
        if not target.is_file() or target.read_text() != text:
            out.append(path)
    return out + [f"{path} (stray)" for path in strays(root, texts)]


def cases(plugin: GamePlugin, ops: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Every case of a fresh generation (of ``ops`` only, when given), in file order."""
    return [c for f in plugin.vector_files(ops).values() for c in f["cases"]
            if ops is None or c["request"]["op"] in ops]


def load(directory: str | Path, plugin: GamePlugin) -> list[dict[str, Any]]:
    """Every case of the files listed in ``directory``'s index, in index order, each checked to be
    a well-formed case of ``plugin``'s game; a case no game can reach is marked ``edge_case``."""
    root = Path(directory)
    idx = _read_json(root / INDEX, root)
    if not isinstance(idx, dict):
        raise VectorError(f"{root / INDEX}: not a JSON object")
    if idx.get("format") != FORMAT:
        raise VectorError(f"{root / INDEX}: format {idx.get('format')!r}, expected {FORMAT!r}")
    if idx.get("game", plugin.game) != plugin.game:
        raise VectorError(f"{root / INDEX}: vectors of the game {idx.get('game')!r}, checking {plugin.game!r}")
    entries = idx.get("files")
    if not isinstance(entries, list):
        raise VectorError(f"{root / INDEX}: 'files' must be a list")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for k, entry in enumerate(entries):
        path = entry.get("path") if isinstance(entry, dict) else None
        if not isinstance(path, str) or not path or Path(path).is_absolute() or ".." in Path(path).parts:
            raise VectorError(f"{root / INDEX}: files[{k}] needs a relative 'path' inside the directory")
        obj = _read_json(root / path, root)
        if not isinstance(obj, dict) or not isinstance(obj.get("cases"), list):
            raise VectorError(f"{root / path}: not a vector file (a JSON object with a 'cases' list)")
        if obj.get("game", plugin.game) != plugin.game:
            raise VectorError(f"{root / path}: vectors of the game {obj.get('game')!r}, checking {plugin.game!r}")
        for n, case in enumerate(obj["cases"]):
            out.append(_checked(case, plugin, f"{root / path}: case {n}", seen))
    return out


def _read_json(path: Path, root: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise VectorError(f"{path}: no such file" + ("" if root.is_dir() else f" ({root} is not a directory)")) \
            from None
    except (OSError, UnicodeDecodeError) as e:
        raise VectorError(f"{path}: cannot read: {getattr(e, 'strerror', None) or e}") from None
    except (ValueError, RecursionError) as e:
        raise VectorError(f"{path}: not valid JSON ({str(e)[:120]})") from None


def _checked(case: Any, plugin: GamePlugin, where: str, seen: set[str]) -> dict[str, Any]:
    if not isinstance(case, dict):
        raise VectorError(f"{where}: a case must be a JSON object")
    if not isinstance(case.get("id"), str) or not case["id"]:
        raise VectorError(f"{where}: missing 'id' (a non-empty string)")
    where = f"{where} ({case['id']})"
    if case["id"] in seen:
        raise VectorError(f"{where}: the id is used twice")
    seen.add(case["id"])
    request, expected = case.get("request"), case.get("expected")
    if not isinstance(request, dict) or not isinstance(request.get("op"), str):
        raise VectorError(f"{where}: 'request' must be an object with an 'op'")
    if not isinstance(expected, dict) or not expected:
        raise VectorError(f"{where}: 'expected' must be a non-empty answer object")
    if request.get("game", plugin.game) != plugin.game:
        raise VectorError(f"{where}: a request of the game {request['game']!r}, checking {plugin.game!r}")
    if request["op"] not in plugin.ops:
        raise VectorError(f"{where}: unknown op {request['op']!r} (checkable: {', '.join(plugin.ops)})")
    try:
        plugin.answer(request)
        reason = case.get("reason") or plugin.reason(request)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        raise VectorError(f"{where}: not a well-formed {request['op']} request: {e}") from None
    edge = case.get("edge_case") or plugin.unreachable(request)
    return {**case, "ruleset": plugin.ruleset_key(request), "reason": reason, **({"edge_case": edge} if edge else {})}
