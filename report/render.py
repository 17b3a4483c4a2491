"""Renderers of any game's clarification report (the dict a game's build returns, see
docs/report.md): Markdown for code hosts, one self-contained HTML page a publisher can read on a
phone or print, and JSON for tools. Nothing here knows a game's rules."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from .frequency import pct, signed


def to_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def _sorted(report: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted(report["entries"], key=lambda e: e["number"])


def _titles(report: dict[str, Any]) -> dict[str, str]:
    return {e["id"]: f"{e['number']}. {e['title']}" for e in report["entries"]}


def _card_name(report: dict[str, Any], code: str) -> str:
    named = report.get("card_names", {}).get(code)  # a game whose cards are not all a colour and a rank
    return named or f"{report['cards'][code[0]]['name']} {code[1:]}"


def face(report: dict[str, Any], code: str) -> tuple[str, str]:
    """What a card tile shows, any game: its rank or picture (the card's name without its colour:
    "5", "Realm", "Phoenix") over the name of its legend entry ("Red", "Special")."""
    name, legend = _card_name(report, code), report["cards"][code[0]]["name"]
    top = name[len(legend) + 1:] if name.startswith(legend + " ") else name
    return top, legend


# -- Markdown ---------------------------------------------------------------------------------

def _md_cards(report: dict[str, Any], codes: list[str]) -> str:
    return ", ".join(_card_name(report, c) for c in codes) or "no cards"


def _md_scene(report: dict[str, Any], sc: dict[str, Any]) -> list[str]:
    lines = [f"*{sc['caption']}.* " + "; ".join(sc["facts"]) + ".", ""]
    for seat in sc["seats"]:
        rows = "; ".join(f"{r['label']}: {_md_cards(report, r['cards'])}" for r in seat["rows"])
        lines.append(f"- {seat['name']}{' (out)' if seat['out'] else ''}: {rows}")
    if sc["deck_shown"]:
        lines.append(f"- Deck, top first: {_md_cards(report, sc['deck'])}")
    return lines


def _md_story(report: dict[str, Any], st: dict[str, Any]) -> list[str]:
    lines = [f"**{st['title']}.** {st['summary']}", ""]
    for sc in st["scenes"][:1]:
        lines += [*_md_scene(report, sc), ""]
    if st["steps"]:
        lines += [f"{k}. {s}" for k, s in enumerate(st["steps"], 1)] + [""]
    for sc in st["scenes"][1:]:
        lines += [*_md_scene(report, sc), ""]
    lines += [f"- Under “{o['reading']}”: {o['text']}" for o in st["outcomes"]]
    return lines


def _md_quote(report: dict[str, Any], q: dict[str, Any]) -> str:
    if q["paraphrase"]:
        return f"> **{q['source']}** (paraphrase from the digest, not the rulebook's words): {q['text']}  "
    return f"> **{q['source']}**: “{q['text']}”  "


# The columns of an entry's per-setting frequency table: (key of a setting row, heading), those
# present in the rows shown; "changes" and "game_changes" are headed by what they count.
_COLUMNS = (("arises", "situation arises"), ("changes", None), ("baseline", "same reading, other luck"),
            ("effect", "reading's own effect"), ("game_changes", None), ("game_baseline", "game: same reading, other luck"),
            ("game_effect", "game: reading's own effect"))


def frequency_table(f: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The head and rows of an entry's per-setting table (any game): the setting, then each count
    its rows carry, as ``count/games, share (interval)`` or, for an effect, signed points."""
    what = f.get("what", "trick winner" if "game_changes" in f else "result")
    labels = {"changes": f"{what} changes", "game_changes": f"{f.get('game_what', 'game winner')} changes"}
    keys = [(k, h or labels[k]) for k, h in _COLUMNS if k in f["settings"][0]]
    head = ["games"] + [h for _, h in keys]

    def cell(v: dict[str, Any] | None, k: str) -> str:
        if not v:
            return "-"
        return signed(v) if k.endswith("effect") else _pct_count(v)
    return head, [[s["setting"]] + [cell(s[k], k) for k, _ in keys] for s in f["settings"]]


def _md_technical(report: dict[str, Any], e: dict[str, Any]) -> list[str]:
    t = e["technical"]
    lines = ["<details><summary>Technical appendix</summary>", "",
             f"- Rule set where the point arises: `{t['preset']}`; switch: `{t['switch'] or 'none'}`"]
    for r in e["readings"]:
        sw = ", ".join(f"`{k}={_show(v)}`" for k, v in r["switches"].items()) or (f"view `{r['view']}`" if r["view"]
                                                                                    else "engine default")
        lines.append(f"- Reading `{r['label']}`{' (recommended, engine default)' if r['recommended'] else ''}: {sw}")
    lines += [f"- Note: {n}" for n in t["notes"]]
    if t.get("witness_search"):
        lines.append(f"- Witness search: `{json.dumps(t['witness_search'], separators=(', ', ': '))}`")
    f = e["frequency"]
    if f:
        lines.append(f"- Sampling: `{json.dumps(f['technical'], separators=(', ', ': '))}`")
        head, rows = frequency_table(f)
        lines += ["", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
    for st in e["witness"]:
        lines += ["", f"{st['title']} as data:", "", "```json", json.dumps(st["data"], ensure_ascii=False), "```"]
    lines += ["", "</details>"]
    return lines


def _pct_count(s: dict[str, Any]) -> str:
    return f"{s['count']}/{s['games']}, {pct(s)}" if s["games"] else "-"


def _show(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def _id_of(report: dict[str, Any], number: int) -> str:
    return next(e["id"] for e in report["entries"] if e["number"] == number)


def _how_often(e: dict[str, Any]) -> str:
    if e["frequency"]:
        return e["frequency"]["text"]
    if e.get("unmodelled"):
        return f"Not measured: the other reading is not modelled ({e['unmodelled']})."
    return "A point of wording: the readings do not differ in play, so nothing is measured."


def _md_first_page(report: dict[str, Any]) -> list[str]:
    """The publisher's first page: the errata in one list, then the entries most likely to come up."""
    page = report.get("first_page")
    if not page:
        return []
    lines = ["## For the publisher", "", "### Errata: every sentence to replace, and its replacement", ""]
    for x in page["errata"]:
        where = ", ".join(f"[{n}](#{_id_of(report, n)})" for n in x.get("numbers", [x["number"]])) \
            + f" {x['lang'].upper()}"
        if x["replace"]:
            lines.append(f"- {where}: replace “{x['replace']['text']}” ({x['replace']['source']}) with “{x['by']}”")
        else:
            lines.append(f"- {where}: add “{x['by']}”")
    lines += ["", f"### The {len(page['likely'])} entries most likely to come up at a table", "",
              "By the share of sampled games in which the situation arose (see each entry's *How often*).", ""]
    for k, x in enumerate(page["likely"], 1):
        lines.append(f"{k}. [{x['number']}. {x['title']}](#{x['id']}): {x['answer']} Arose in {pct(x['arises'])}."
                     + (f" Can change the winner: {x['headline']['text']}" if x.get("headline") else ""))
    return [*lines, ""]


def to_markdown(report: dict[str, Any]) -> str:
    titles = _titles(report)
    out = [f"# {report['title']}", "",
           (f"Edition {report['version']}. Generated by `{report['command']}` from the model, solver and proofs; "
           "do not edit by hand."), "", "## Contents", ""]
    out[4:4] = _md_first_page(report)
    out += [f"- [{titles[e['id']]}](#{e['id']})" for e in _sorted(report)]
    out += [f"- [Appendix: {a['title']}](#{a['id']})" for a in report["appendices"]]
    out += ["", *_md_changelog(report), "", "## Sources", ""]
    out += [f"- **{s['name']}**: {s['description']}" for s in report["sources"]]
    out += ["", "## How often a point matters", "", report["method"]]
    for e in _sorted(report):
        out += ["", f'<a id="{e["id"]}"></a>', "", f"## {titles[e['id']]}", "",
                f"**Question.** {e['question']}", "", f"**Answer.** {e['answer']}", "",
                f"*Kind:* {e['kind_text']}. *First in edition* {e['since']}."
                + "".join(f" *Changed in edition {c['version']}:* {c['what']}" for c in e["changes"]), "",
                f"**Recommendation.** {e['recommendation']}", "", "**Suggested wording.**", "",
                *([f"> EN: {e['wording']['en']}  ", f"> FR: {e['wording']['fr']}"] if e["wording"]["fr"]
                  else [f"> {e['wording']['en']}"]), "", "**Sources.**", ""]
        out += [_md_quote(report, q) for q in e["sources"]]
        if e["readings"]:
            out += ["", "**Readings.**", ""]
            out += [f"{k}. {r['meaning']}{' (recommended)' if r['recommended'] else ''}"
                    for k, r in enumerate(e["readings"], 1)]
        if e.get("headline"):
            out += ["", f"**Can change the winner:** {e['headline']['text']}"]
        out += ["", f"**How often.** {_how_often(e)}"]
        for st in e["witness"]:
            out += ["", *_md_story(report, st)]
        if e["related"]:
            out += ["", "**See also:** " + ", ".join(f"[{titles[r]}](#{r})" for r in e["related"])]
        if e.get("theorems"):
            out += ["", "**Theorems** ([appendix](#proofs)): " + ", ".join(f"`{t['id']}` {t['verdict']}"
                                                                           for t in e["theorems"]) + "."]
        out += ["", *_md_technical(report, e)]
    for a in report["appendices"]:
        out += ["", f'<a id="{a["id"]}"></a>', "", f"## Appendix: {a['title']}", "", a["intro"]]
        for t in a["tables"]:
            out += ["", *([t["caption"], ""] if t.get("caption") else []), "| " + " | ".join(t["head"]) + " |",
                    "|" + "---|" * len(t["head"])]
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in t["rows"]]
    return "\n".join(out) + "\n"


def _md_cell(c: Any) -> str:
    if isinstance(c, dict):
        return " ".join(c["cards"]) or "-"
    return str(c).replace("|", "/")


def _md_changelog(report: dict[str, Any]) -> list[str]:
    log = report["changelog"]
    lines = [f"## What changed in edition {report['version']}", ""]
    lines += [f"- New: {a['number']}. {a['title']}" for a in log["added"]]
    lines += [f"- Changed: {c['number']}. {c['title']}: {c['what']}" for c in log["changed"]]
    lines += [f"- Number {r['number']} ({r['id']}) retired: {r['why']}" for r in log["retired"]]
    return lines


# -- HTML --------------------------------------------------------------------------------------

_CSS = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { font-family: system-ui, sans-serif; line-height: 1.45; max-width: 46em; margin: 0 auto; padding: 0 .8em 3em;
       color: #1a1a1a; background: #fff; overflow-wrap: anywhere; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 0; }
nav ul { list-style: none; padding-left: 0; } nav li { margin: .15em 0; }
section.entry { border-top: 2px solid #ccc; margin-top: 1.6em; padding-top: .8em; }
.answer { font-size: 1.08em; background: #eef5ec; border-left: 4px solid #2e6b30; padding: .4em .7em; }
.kind { color: #404040; font-size: .92em; }
blockquote { margin: .4em 0; padding: .2em .7em; border-left: 4px solid #999; background: #f5f5f5; }
blockquote.paraphrase { border-left-style: dashed; font-style: italic; }
.wording p { margin: .3em 0; }
.story { border: 1px solid #ccc; border-radius: .4em; padding: .3em .7em; margin: .7em 0; }
.seat { margin: .35em 0; }
.seat.out { color: #555; }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: .2em; margin: .1em 0; }
.label { min-width: 4.5em; font-size: .9em; }
.card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center; min-width: 2.6em;
        height: 3.1em; padding: 0 .25em; border-radius: .3em; border: 1px solid #333; font-weight: bold; line-height: 1.05;
        white-space: nowrap; overflow-wrap: normal; word-break: keep-all; flex: none; }
.card b { font-size: 1.15em; } .card i { font-style: normal; font-size: .72em; }
.headline { font-weight: bold; }
.first-page { border: 2px solid #2e6b30; border-radius: .4em; padding: .2em .8em; margin: 1em 0; }
table { border-collapse: collapse; margin: .6em 0; width: 100%; table-layout: fixed; }
td, th { border: 1px solid #bbb; padding: .25em .4em; text-align: left; vertical-align: top; font-size: .9em; }
code, pre { font-size: .88em; white-space: pre-wrap; overflow-wrap: anywhere; }
code { background: #f0f0f0; padding: 0 .2em; }
details { margin: .6em 0; } summary { cursor: pointer; font-weight: bold; }
a { color: #0b4f9c; }
@media print {
  nav, details { display: none; }
  body { max-width: none; font-size: 10.5pt; }
  section.entry { break-before: auto; break-inside: avoid-page; }
  .card { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


_INLINE = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|`([^`]+)`")


def _m(text: Any) -> str:
    """Prose with its inline Markdown (``**strong**``, ``*emphasis*``, backticks) as HTML, the rest
    escaped: the page shows no Markdown."""
    out, at = [], 0
    text = str(text)
    for m in _INLINE.finditer(text):
        out.append(_e(text[at:m.start()]))
        strong, em, code = m.groups()
        out.append(f"<strong>{_e(strong)}</strong>" if strong is not None else
                   f"<em>{_e(em)}</em>" if em is not None else f"<code>{_e(code)}</code>")
        at = m.end()
    return "".join(out) + _e(text[at:])


# Patterns a legend entry may ask for (``"pattern"``, drawn in its ``"pattern_colour"``), so that
# colours close in hue (Blue, Indigo, Violet) differ by more than hue.
PATTERNS = {
    "stripes": "repeating-linear-gradient(135deg, transparent 0 .3em, {c} .3em .45em)",
    "dots": "radial-gradient({c} 18%, transparent 20%) 0 0 / .55em .55em",
}


def _card_css(report: dict[str, Any]) -> str:
    lines = [f".c-{k} {{ background: {v['background']}; color: {v['text']}; }}" for k, v in report["cards"].items()]
    lines += [f".c-{k} {{ background-image: {PATTERNS[v['pattern']].format(c=v['pattern_colour'])}; }}"
              for k, v in report["cards"].items() if v.get("pattern")]
    return "\n".join(lines)


def _card(report: dict[str, Any], code: str) -> str:
    name = _card_name(report, code)
    top, legend = face(report, code)
    return (f'<span class="card c-{_e(code[0])}" role="img" aria-label="{_e(name)}" title="{_e(name)}">'
            f"<b>{_e(top)}</b><i>{_e(legend)}</i></span>")


def tiles(report: dict[str, Any], codes: list[str]) -> str:
    """Card codes as a row of tiles (any game's legend); the generic renderer of every scene,
    trick and collection."""
    return _cards(report, codes)


def _cards(report: dict[str, Any], codes: list[str]) -> str:
    return "".join(_card(report, c) for c in codes) or "<span>no cards</span>"


def _html_scene(report: dict[str, Any], sc: dict[str, Any]) -> str:
    parts = [f"<p><strong>{_e(sc['caption'])}.</strong> {_m('; '.join(sc['facts']))}.</p>"]
    for seat in sc["seats"]:
        rows = "".join(f'<div class="row"><span class="label">{_e(r["label"])}</span>{_cards(report, r["cards"])}</div>'
                       for r in seat["rows"])
        parts.append(f'<div class="seat{" out" if seat["out"] else ""}"><div>{_e(seat["name"])}'
                     f'{" (out)" if seat["out"] else ""}</div>{rows}</div>')
    if sc["deck_shown"]:
        parts.append(f'<div class="row"><span class="label">deck, top first</span>{_cards(report, sc["deck"])}</div>')
    return "\n".join(parts)


def _html_story(report: dict[str, Any], st: dict[str, Any]) -> str:
    parts = [f'<div class="story"><h3>{_e(st["title"])}</h3><p>{_m(st["summary"])}</p>']
    parts += [_html_scene(report, sc) for sc in st["scenes"][:1]]
    if st["steps"]:
        parts.append("<ol>" + "".join(f"<li>{_m(s)}</li>" for s in st["steps"]) + "</ol>")
    parts += [_html_scene(report, sc) for sc in st["scenes"][1:]]
    parts.append("<ul>" + "".join(f"<li>Under “{_m(o['reading'])}”: {_m(o['text'])}</li>" for o in st["outcomes"])
                 + "</ul></div>")
    return "\n".join(parts)


def _html_table(head: list[str], rows: list[list[str]], caption: str | None = None) -> str:
    cap = f"<caption>{_e(caption)}</caption>" if caption else ""
    th = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table>{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _html_technical(report: dict[str, Any], e: dict[str, Any]) -> str:
    md = _md_technical(report, e)[2:-2]  # the same facts, without the <details> wrapper
    items, table, data = [], [], []
    f = e["frequency"]
    for line in md:
        if line.startswith("- "):
            items.append(f"<li>{_m(line[2:])}</li>")
    if f:
        head, rows = frequency_table(f)
        table.append(_html_table(head, [[_e(c) for c in r] for r in rows]))
    for st in e["witness"]:
        data.append(f"<p>{_e(st['title'])} as data:</p><pre>{_e(json.dumps(st['data'], ensure_ascii=False))}</pre>")
    return ("<details><summary>Technical appendix</summary><ul>" + "".join(items) + "</ul>" + "".join(table)
            + "".join(data) + "</details>")


def _html_first_page(report: dict[str, Any]) -> list[str]:
    page = report.get("first_page")
    if not page:
        return []
    items = []
    for x in page["errata"]:
        where = ", ".join(f'<a href="#{_e(_id_of(report, n))}">{n}</a>' for n in x.get("numbers", [x["number"]])) \
            + f" {x['lang'].upper()}"
        items.append(f"<li>{where}: replace “{_m(x['replace']['text'])}” ({_e(x['replace']['source'])}) with "
                     f"“{_m(x['by'])}”</li>" if x["replace"] else f"<li>{where}: add “{_m(x['by'])}”</li>")
    likely = [f'<li><a href="#{_e(x["id"])}">{x["number"]}. {_e(x["title"])}</a>: {_m(x["answer"])} Arose in '
              f"{_e(pct(x['arises']))}." + (f" Can change the winner: {_m(x['headline']['text'])}" if x.get("headline")
                                            else "") + "</li>" for x in page["likely"]]
    return ['<section id="publisher" class="first-page"><h2>For the publisher</h2>',
            "<h3>Errata: every sentence to replace, and its replacement</h3><ul>" + "".join(items) + "</ul>",
            f"<h3>The {len(likely)} entries most likely to come up at a table</h3><p>By the share of sampled games in "
            "which the situation arose (see each entry's <em>How often</em>).</p><ol>" + "".join(likely) + "</ol>",
            "</section>"]


def to_html(report: dict[str, Any]) -> str:
    titles = _titles(report)
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{_e(report['title'])}</title>", f"<style>{_CSS}{_card_css(report)}</style>", "</head>", "<body>",
             f"<h1>{_e(report['title'])}</h1>",
             f"<p>Edition {_e(report['version'])}. Generated by <code>{_e(report['command'])}</code>.</p>",
             *_html_first_page(report), '<nav id="contents"><h2>Contents</h2><ul>']
    parts += [f'<li><a href="#{_e(e["id"])}">{_e(titles[e["id"]])}</a></li>' for e in _sorted(report)]
    parts += [f'<li><a href="#{_e(a["id"])}">Appendix: {_e(a["title"])}</a></li>' for a in report["appendices"]]
    parts.append("</ul></nav>")
    log = _md_changelog(report)
    parts.append(f"<section id=\"changes\"><h2>{_e(log[0][3:])}</h2><ul>"
                 + "".join(f"<li>{_m(x[2:])}</li>" for x in log[2:]) + "</ul></section>")
    parts.append("<section id=\"sources\"><h2>Sources</h2><ul>"
                 + "".join(f"<li><strong>{_e(s['name'])}</strong>: {_m(s['description'])}</li>" for s in report["sources"])
                 + "</ul></section>")
    parts.append(f"<section id=\"method\"><h2>How often a point matters</h2><p>{_m(report['method'])}</p></section>")
    for e in _sorted(report):
        parts.append(f'<section id="{_e(e["id"])}" class="entry">')
        parts.append(f"<h2>{_e(titles[e['id']])}</h2>")
        parts.append(f"<p><strong>Question.</strong> {_m(e['question'])}</p>")
        parts.append(f'<p class="answer"><strong>Answer.</strong> {_m(e["answer"])}</p>')
        changed = "".join(f" Changed in edition {_e(c['version'])}: {_m(c['what'])}" for c in e["changes"])
        parts.append(f'<p class="kind">Kind: {_e(e["kind_text"])}. First in edition {_e(e["since"])}.{changed}</p>')
        parts.append(f"<p><strong>Recommendation.</strong> {_m(e['recommendation'])}</p>")
        if e["wording"]["fr"]:
            parts.append('<div class="wording"><strong>Suggested wording.</strong>'
                         f'<p lang="en">EN: {_m(e["wording"]["en"])}</p><p lang="fr">FR: {_m(e["wording"]["fr"])}</p>'
                         "</div>")
        else:
            parts.append(f'<div class="wording"><strong>Suggested wording.</strong><p>{_m(e["wording"]["en"])}</p></div>')
        parts.append("<p><strong>Sources.</strong></p>")
        for q in e["sources"]:
            if q["paraphrase"]:
                parts.append(f'<blockquote class="paraphrase"><strong>{_e(q["source"])}</strong> (paraphrase from the '
                             f"digest, not the rulebook's words): {_m(q['text'])}</blockquote>")
            else:
                parts.append(f"<blockquote><strong>{_e(q['source'])}</strong>: “{_e(q['text'])}”</blockquote>")
        if e["readings"]:
            parts.append("<p><strong>Readings.</strong></p><ol>" + "".join(
                f"<li>{_m(r['meaning'])}{' (recommended)' if r['recommended'] else ''}</li>" for r in e["readings"])
                + "</ol>")
        freq = _how_often(e)
        if e.get("headline"):
            parts.append(f'<p class="headline">Can change the winner: {_m(e["headline"]["text"])}</p>')
        parts.append(f"<p><strong>How often.</strong> {_m(freq)}</p>")
        parts += [_html_story(report, st) for st in e["witness"]]
        if e["related"]:
            parts.append("<p><strong>See also:</strong> " + ", ".join(
                f'<a href="#{_e(r)}">{_e(titles[r])}</a>' for r in e["related"]) + "</p>")
        if e.get("theorems"):
            parts.append('<p><strong>Theorems</strong> (<a href="#proofs">appendix</a>): ' + ", ".join(
                f"<code>{_e(t['id'])}</code> {_e(t['verdict'])}" for t in e["theorems"]) + ".</p>")
        parts.append(_html_technical(report, e))
        parts.append("</section>")
    for a in report["appendices"]:
        parts.append(f'<section id="{_e(a["id"])}" class="appendix"><h2>Appendix: {_e(a["title"])}</h2>'
                     f"<details><summary>Show the tables</summary><p>{_m(a['intro'])}</p>")
        for t in a["tables"]:
            rows = [[_cards(report, c["cards"]) if isinstance(c, dict) else f"{_m(c)}" for c in row] for row in t["rows"]]
            parts.append(_html_table(t["head"], rows, t.get("caption")))
        parts.append("</details></section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


RENDERERS = {"md": to_markdown, "html": to_html, "json": to_json}
