"""The card-tile palette, written once for every game's report: a colour's name, its background and
the text drawn on it. Every text/background pair has a contrast of at least 4.5:1 (tested).
"""

from __future__ import annotations

PALETTE: dict[str, dict[str, str]] = {
    "Red": {"background": "#b71c1c", "text": "#ffffff"},
    "Orange": {"background": "#e65100", "text": "#000000"},
    "Yellow": {"background": "#fdd835", "text": "#000000"},
    "Green": {"background": "#1b5e20", "text": "#ffffff"},
    "Blue": {"background": "#0d47a1", "text": "#ffffff"},
    # Indigo and Violet are striped and dotted (in a colour the text also contrasts with), so that
    # Blue, Indigo and Violet differ by more than hue; each tile names its colour too.
    "Indigo": {"background": "#311b92", "text": "#ffffff", "pattern": "stripes", "pattern_colour": "#1a0f52"},
    "Violet": {"background": "#8e24aa", "text": "#ffffff", "pattern": "dots", "pattern_colour": "#5c1570"},
    "Purple": {"background": "#6a1b9a", "text": "#ffffff"},
    "Special": {"background": "#212121", "text": "#ffffff"},
}


def tiles(colours: dict[str, str]) -> dict[str, dict[str, str]]:
    """A game's tiles: each card letter with its colour's name and the palette's entry for it."""
    return {letter: {"name": name, **PALETTE[name]} for letter, name in colours.items()}


__all__ = ["PALETTE", "tiles"]
