"""The rule texts arbiter quotes (``docs/sources/`` in the repository, package data ``arbiter.sources``
when installed): read one by file name, and check that a quotation is word for word in it."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

PACKAGE = "arbiter.sources"
ELLIPSIS = " (...) "  # a quotation may leave out words between its pieces, marked so


class UnknownSource(KeyError):
    """A file name that is not one of the shipped rule texts."""


def names() -> list[str]:
    """The shipped rule texts' file names, sorted."""
    return sorted(p.name for p in resources.files(PACKAGE).iterdir() if p.name.endswith((".txt", ".md"))
                  and p.name != "README.md")


@cache
def text(name: str) -> str:
    """The whole text of the rule file ``name`` (e.g. ``"realms-trick-taking.en.txt"``)."""
    if name not in names():
        raise UnknownSource(f"no rule text named {name!r} (there are: {', '.join(names())})")
    return resources.files(PACKAGE).joinpath(name).read_text(encoding="utf-8")


def normal(words: str) -> str:
    """``words`` with runs of white space folded to one space and Markdown emphasis (``*``) removed,
    the form in which a quotation and its source are compared."""
    return re.sub(r"\s+", " ", words.replace("*", "")).strip()


def says(name: str, quote: str) -> bool:
    """Whether every piece of ``quote`` (pieces split at `` (...) ``) stands word for word in ``name``."""
    source = normal(text(name))
    return all(normal(piece) in source for piece in quote.split(ELLIPSIS))
