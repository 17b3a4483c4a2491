"""Progress of a report's stages, told as ``progress(stage, done, total)`` (shared by every game)."""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[str, int, int], None]


def counter(progress: Progress | None, stage: str, total: int) -> Callable[[int], None]:
    """A function to call with each piece of ``stage`` done (how many), telling ``progress``."""
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(stage, min(done, total), total)
    return step
