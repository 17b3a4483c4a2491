"""An annotated game as text lines and as one HTML page with the cards drawn (the report's card
rendering, ``render.py``)."""

from __future__ import annotations

from arbiter.model.red7.notation import format_text, position_to_json
from arbiter.solver.red7.annotate import VERDICTS, Annotation, TurnNote

from ..render import _CSS, _card_css, _e, _html_scene, _html_table
from .build import CARDS
from .narrate import scene

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


def to_html(a: Annotation) -> str:
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             "<title>Annotated Red7 game</title>", f"<style>{_CSS}{_card_css(_TILES)}</style>", "</head>", "<body>",
             "<h1>Annotated Red7 game</h1>",
             f"<p>{_e(text_lines(a)[0])} Each turn shows the position before it, all cards drawn.</p>"]
    for r, notes in a.rounds:
        parts.append(f"<section><h2>Round {r.number}</h2>")
        rows = [[str(k), f"player {n.player}", f"<code>{_e(n.move)}</code>", _e(_share(n)), _e(_best(n)),
                 _e(VERDICTS[n.forced]), _html_scene(_TILES, scene(position_to_json(n.before), "Before the turn"))]
                for k, n in enumerate(notes, 1)]
        parts.append(_html_table(["turn", "player", "move", "win share", "best", "all cards known", "position before"],
                            rows))
        parts.append("</section>")
    if a.stopped:
        parts.append(f"<p>{_e(a.stopped)}: the turns above are the ones marked so far.</p>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"
