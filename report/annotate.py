"""An annotated game (``solver/annotate.py``) as text lines and as one HTML page with each position
drawn in cards (the report's card rendering, ``render.py``, with each game's scenes and tiles),
written once for every game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from arbiter.model import games
from arbiter.solver.annotate import Annotation, TurnNote

from .render import _CSS, _card_css, _e, _html_scene


def _drawing(game: str) -> tuple[Callable[[dict, str], dict], dict[str, Any]]:
    """A game's scene of a position (as JSON) and its card tiles: its report's ``narrate`` module."""
    narrate = importlib.import_module(games.info(game).module("report") + ".narrate")
    return narrate.scene, narrate.CARDS


def _value(a: Annotation, x: float) -> str:
    return f"{100 * x:.0f}%" if a.game is None or a.game.binary else f"{x:+.2f}"


def _share(a: Annotation, n: TurnNote) -> str:
    s = _value(a, n.played.win_share)
    lo, hi = n.played.interval
    return s if n.exact else s + f" [{_value(a, lo).rstrip('%')}, {_value(a, hi)}]"


def _best(a: Annotation, n: TurnNote) -> str:
    if n.played in n.best:
        return "best: this move"
    shown = ", ".join(m.move for m in n.best[:2]) + (", ..." if len(n.best) > 2 else "")
    return f"best {_value(a, n.best_share)}: {shown}"


def _verdict(a: Annotation, n: TurnNote) -> str:
    text = a.game.verdicts[n.forced] if a.game else n.forced
    if a.game is not None and not a.game.binary and n.known is not None:
        text += f" ({n.known:+g} of {n.known_best:+g})"
    return text


def _measure(a: Annotation) -> tuple[str, str]:
    """The measure's short name ("win share", "margin", ...) and its text."""
    name, sep, text = a.measure.partition(": ")
    if not sep or len(name.split()) > 3:  # a measure without a short name before its text
        return "value", a.measure
    return name, text


def _head(a: Annotation) -> str:
    name, text = _measure(a)
    return (f"{name[:1].upper()}{name[1:]} from the mover's view (up to {a.samples} sampled deals, seed {a.seed}; all "
            f"of them when there are no more): {text}")


def text_lines(a: Annotation) -> list[str]:
    lines = [_head(a)]
    show = a.game.format_text if a.game else str
    label = _measure(a)[0]
    for r, notes in a.rounds:
        lines.append(f"Round {r.number}: {show(r.start)}")
        width = max((len(n.move) for n in notes), default=0)
        for k, n in enumerate(notes, 1):
            lines.append(f"  {k:>3}. player {n.player}: {n.move:<{width}}  {label} {_share(a, n):<14} "
                         f"{_best(a, n):<36} all cards known: {_verdict(a, n)}")
    if a.stopped:
        lines.append(f"{a.stopped}: the turns above are the ones marked so far")
    return lines


# The page's own layout over the report's styles: each turn a block whose position spans the page
# (a table column squeezed seven cards into rows of two at 1280 px and broke words letter by letter
# at 400 px); the seats side by side where there is room; words broken only when longer than a line.
_LAYOUT = """
body { max-width: 72em; overflow-wrap: break-word; }
.turn { border-top: 2px solid #ccc; margin-top: 1em; padding-top: .4em; }
.turn h3 { font-size: 1.05em; margin: .2em 0; }
.marks { display: flex; flex-wrap: wrap; gap: .2em 2em; margin: .3em 0 .5em; }
.marks dt { font-size: .85em; color: #404040; } .marks dd { margin: 0; }
.scene { display: flex; flex-wrap: wrap; align-items: flex-start; gap: .2em 2.5em; }
.scene > p, .scene > .row { flex-basis: 100%; margin: .2em 0; }
"""


def to_html(a: Annotation) -> str:
    """The page: each turn headed by its mover (named as the position's seats are, ``Player N``), then
    its marks and the position before it, all cards drawn."""
    scene, tiles = _drawing(a.game.game if a.game else games.DEFAULT)
    report = {"cards": tiles}
    name = a.game.name if a.game else "Red7"
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>Annotated {_e(name)} game</title>", f"<style>{_CSS}{_card_css(report)}{_LAYOUT}</style>",
             "</head>", "<body>", f"<h1>Annotated {_e(name)} game</h1>",
             f"<p>{_e(text_lines(a)[0])} Each turn shows the position before it, all cards drawn.</p>"]
    pos_json = a.game.position_json if a.game else (lambda p: p)
    for r, notes in a.rounds:
        parts.append(f"<section><h2>Round {r.number}</h2>")
        for k, n in enumerate(notes, 1):
            marks = [("value", _share(a, n)), ("best", _best(a, n)), ("all cards known", _verdict(a, n))]
            before = _html_scene(report, scene(pos_json(n.before), "Before the turn"))
            parts += [f'<section class="turn"><h3>Turn {k}: Player {n.player} plays <code>{_e(n.move)}</code></h3>',
                      '<dl class="marks">' + "".join(f"<div><dt>{_e(t)}</dt><dd>{_e(v)}</dd></div>" for t, v in marks)
                      + "</dl>", f'<div class="scene">{before}</div></section>']
        parts.append("</section>")
    if a.stopped:
        parts.append(f"<p>{_e(a.stopped)}: the turns above are the ones marked so far.</p>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


__all__ = ["text_lines", "to_html"]
