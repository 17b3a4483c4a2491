"""An annotated game as text lines and as one HTML page with the cards drawn (the report's card
rendering, ``render.py``)."""

from __future__ import annotations

from arbiter.model.red7.notation import format_text, position_to_json
from arbiter.solver.red7.annotate import VERDICTS, Annotation, TurnNote

from ..render import _CSS, _card_css, _e, _html_scene
from .build import CARDS
from .narrate import scene, who

_TILES = {"cards": CARDS}  # what the report's card tiles need to know: each colour's name and tile colours


def _share(n: TurnNote) -> str:
    s = f"{100 * n.played.win_share:.0f}%"
    return s if n.exact else s + f" [{100 * n.played.interval[0]:.0f}, {100 * n.played.interval[1]:.0f}]"


def _best(n: TurnNote) -> str:
    if n.played in n.best:
        return "best"
    shown = ", ".join(m.move for m in n.best[:2]) + (", ..." if len(n.best) > 2 else "")
    return f"best {100 * n.best_share:.0f}%: {shown}"


def text_lines(a: Annotation) -> list[str]:
    lines = [(f"Win share from the mover's view (up to {a.samples} sampled deals, seed {a.seed}; all of them when "
              "there are no more): the share of the deals of the unseen cards in which the turn is a forced win "
              "with all cards known.")]
    for r, notes in a.rounds:
        lines.append(f"Round {r.number}: {format_text(r.start)}")
        width = max((len(n.move) for n in notes), default=0)
        for k, n in enumerate(notes, 1):
            lines.append(f"  {k:>3}. player {n.player}: {n.move:<{width}}  share {_share(n):<14} {_best(n):<36}"
                         f" all cards known: {VERDICTS[n.forced]}")
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
    """The page: each turn headed by its mover (named as the position's seats are), then its marks and
    the position before it, all cards drawn."""
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>Annotated Red7 game</title>", f"<style>{_CSS}{_card_css(_TILES)}{_LAYOUT}</style>", "</head>",
             "<body>", "<h1>Annotated Red7 game</h1>",
             f"<p>{_e(text_lines(a)[0])} Each turn shows the position before it, all cards drawn.</p>"]
    for r, notes in a.rounds:
        parts.append(f"<section><h2>Round {r.number}</h2>")
        for k, n in enumerate(notes, 1):
            marks = [("win share", _share(n)), ("best", _best(n)), ("all cards known", VERDICTS[n.forced])]
            before = _html_scene(_TILES, scene(position_to_json(n.before), "Before the turn"))
            parts += [f'<section class="turn"><h3>Turn {k}: {_e(who(n.player))} plays <code>{_e(n.move)}</code></h3>',
                      '<dl class="marks">' + "".join(f"<div><dt>{_e(t)}</dt><dd>{_e(v)}</dd></div>" for t, v in marks)
                      + "</dl>", f'<div class="scene">{before}</div></section>']
        parts.append("</section>")
    if a.stopped:
        parts.append(f"<p>{_e(a.stopped)}: the turns above are the ones marked so far.</p>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"
