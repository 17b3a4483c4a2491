"""A small on-disk JSON cache for results that take seconds to compute, keyed by a hash of the
code that computes them and of the question asked."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

PACKAGES = ("model", "solver", "proofs")  # the code whose every line can change a result


def default_dir() -> Path:
    """``$ARBITER_CACHE_DIR``, else ``$XDG_CACHE_HOME/arbiter``, else ``~/.cache/arbiter``."""
    if os.environ.get("ARBITER_CACHE_DIR"):
        return Path(os.environ["ARBITER_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "arbiter"


def code_version(packages: Iterable[str] = PACKAGES) -> str:
    """A hash of every Python source file of ``packages`` (the installed arbiter.<name> folders)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for name in packages:
        for path in sorted((root / name).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def key(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:20]


class Cache:
    """JSON files named ``<kind>-<key>.json`` in ``directory``; ``None`` disables reading and writing."""

    def __init__(self, directory: Path | str | None) -> None:
        self.directory = None if directory is None else Path(directory)

    def path(self, kind: str, k: str) -> Path | None:
        return None if self.directory is None else self.directory / f"{kind}-{k}.json"

    def get(self, kind: str, k: str) -> Any | None:
        path = self.path(kind, k)
        if path is None:
            return None
        try:
            return json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            return None  # a missing, unreadable or damaged entry is recomputed

    def put(self, kind: str, k: str, value: Any) -> None:
        path = self.path(kind, k)
        if path is None:
            return
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(value))
            tmp.replace(path)  # atomic: a concurrent reader sees the old file or the whole new one
        except OSError:
            pass  # an unwritable cache only costs the next run the computation again
