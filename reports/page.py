"""One report page, as self-contained HTML (PNGs embedded) and as Markdown beside its PNGs, from a ``doc`` dict.

The page reads top-down for a co-designer: the question, the answer in words, the verdict with its caveats, what
was simulated (as sim understood it), the results with a legend, the plots, the assumed values the result rests
on, the run facts, notes, the configuration as run, and every rules value (collapsed). Keys of ``doc``:

    title, question, summary (the answer), verdict (or None), caveats [str], setup [(label, value)],
    table (pandas), legend [str], tables [(heading, pandas)], figures [(png path, caption)],
    assumptions {"groups": [(heading, pandas key/value/note)], "others": int, "others_text": str} or None,
    run {label: value}, notes [str], config (YAML text), provenance (pandas or None), sections [(heading, text)]

``sections`` are further blocks a game adds (e.g. full-game battle statistics), shown after the tables.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

import pandas as pd

from reports import tables

CSS = """body{font-family:system-ui,sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#222;
line-height:1.45}table{border-collapse:collapse;margin:.75rem 0;font-size:.9rem}
td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#f2f2f2}
td{font-variant-numeric:tabular-nums}.question{font-size:1.15rem}.summary{font-size:1.1rem}
.verdict{border-left:6px solid #0072B2;background:#eef6fb;padding:.5rem 1rem}
.assumed{border-left:6px solid #E69F00;background:#fff7e6;padding:.5rem 1rem}
.legend{color:#444;font-size:.85rem}img{max-width:100%}figure{margin:1.5rem 0}figcaption{color:#555}
pre{background:#f6f6f6;padding:.75rem;overflow:auto}code{font-size:.85rem}"""


def _cell(v) -> str:
    if v is None or (isinstance(v, float) and v != v):
        return ""
    if isinstance(v, float):
        return f"{v:.4f}"
    return str(v)


def _html_table(frame: pd.DataFrame) -> str:
    e = html.escape
    head = "".join(f"<th>{e(str(c))}</th>" for c in frame.columns)
    body = "".join("<tr>" + "".join(f"<td>{e(_cell(v))}</td>" for v in row) + "</tr>"
                   for row in frame.itertuples(index=False))  # fmt: skip
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_html(doc: dict) -> str:
    e = html.escape
    parts = [
        f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>{e(doc['title'])}</title>"
        f"<style>{CSS}</style></head><body>",
        f"<h1>{e(doc['title'])}</h1>",
        f"<p class='question'><strong>Question:</strong> {e(doc['question'])}</p>",
        f"<p class='summary'><strong>Answer:</strong> {e(doc['summary'])}</p>",
    ]
    if doc.get("verdict"):
        caveats = "".join(f"<li>{e(c)}</li>" for c in doc.get("caveats") or ())
        parts.append(f"<div class='verdict'><p><strong>Verdict:</strong> {e(doc['verdict'])}</p>"
                     + (f"<p>Caveats:</p><ul>{caveats}</ul>" if caveats else "") + "</div>")  # fmt: skip
    if doc.get("setup"):
        parts.append("<h2>What was simulated</h2><table>")
        parts += [f"<tr><th>{e(str(k))}</th><td>{e(str(v))}</td></tr>" for k, v in doc["setup"]]
        parts.append("</table>")
    parts.append(f"<h2>{e(doc.get('table_title', 'Results'))}</h2>" + _html_table(doc["table"]))
    if doc.get("legend"):
        parts.append("<ul class='legend'>" + "".join(f"<li>{e(x)}</li>" for x in doc["legend"]) + "</ul>")
    for heading, frame in doc.get("tables", ()):
        parts.append(f"<h2>{e(heading)}</h2>" + _html_table(frame))
    for heading, text in doc.get("sections", ()):
        parts.append(f"<h2>{e(heading)}</h2><p>{e(text)}</p>")
    if doc["figures"]:
        parts.append("<h2>Plots</h2>")
    for path, caption in doc["figures"]:
        data = base64.b64encode(Path(path).read_bytes()).decode()
        parts.append(f"<figure><img alt='{e(caption)}' src='data:image/png;base64,{data}'>"
                     f"<figcaption>{e(caption)}</figcaption></figure>")  # fmt: skip
    assumptions = doc.get("assumptions")
    if assumptions:
        shown = sum(len(f) for _, f in assumptions["groups"])
        parts.append(f"<div class='assumed'><h2>Assumed values this result rests on ({shown})</h2>")
        parts.append(f"<p>{e(assumptions['intro'])}</p>")
        for heading, frame in assumptions["groups"]:
            parts.append(f"<h3>{e(heading)}</h3><ul>")
            for row in frame.itertuples():
                parts.append(f"<li><code>{e(row.key)} = {e(row.value)}</code>: {e(row.note)}</li>")
            parts.append("</ul>")
        if assumptions.get("others_text"):
            parts.append(f"<p>{e(assumptions['others_text'])}</p>")
        parts.append("</div>")
    parts.append("<h2>Run</h2><table>")
    parts += [f"<tr><th>{e(k)}</th><td>{e(str(v))}</td></tr>" for k, v in doc["run"].items()]
    parts.append("</table>")
    if doc["notes"]:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in doc["notes"]) + "</ul>")
    if doc["config"]:
        parts.append(f"<h2>Configuration as run</h2><pre>{e(doc['config'])}</pre>")
    provenance = doc.get("provenance")
    if provenance is not None:
        parts.append("<h2>Rules provenance</h2><details><summary>every rules value and its source</summary>")
        parts.append(_html_table(provenance) + "</details>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def render_markdown(doc: dict) -> str:
    lines = [f"# {doc['title']}", "", f"**Question:** {doc['question']}", "", f"**Answer:** {doc['summary']}", ""]
    if doc.get("verdict"):
        lines += [f"**Verdict:** {doc['verdict']}", ""]
        if doc.get("caveats"):
            lines += ["Caveats:", ""] + [f"- {c}" for c in doc["caveats"]] + [""]
    if doc.get("setup"):
        lines += ["## What was simulated", "", "| | |", "|---|---|"]
        lines += [f"| {k} | {str(v).replace('|', '/')} |" for k, v in doc["setup"]] + [""]
    lines += [f"## {doc.get('table_title', 'Results')}", "", tables.markdown_table(doc["table"]), ""]
    if doc.get("legend"):
        lines += [f"- {x}" for x in doc["legend"]] + [""]
    for heading, frame in doc.get("tables", ()):
        lines += [f"## {heading}", "", tables.markdown_table(frame), ""]
    for heading, text in doc.get("sections", ()):
        lines += [f"## {heading}", "", text, ""]
    if doc["figures"]:
        lines += ["## Plots", ""]
    lines += [f"![{caption}]({Path(path).name})\n\n{caption}\n" for path, caption in doc["figures"]]
    assumptions = doc.get("assumptions")
    if assumptions:
        shown = sum(len(f) for _, f in assumptions["groups"])
        lines += [f"## Assumed values this result rests on ({shown})", "", assumptions["intro"], ""]
        for heading, frame in assumptions["groups"]:
            lines += [f"### {heading}", ""] + [f"- **`{r.key} = {r.value}`**: {r.note}" for r in frame.itertuples()]
            lines.append("")
        if assumptions.get("others_text"):
            lines += [assumptions["others_text"], ""]
    lines += ["## Run", "", "| | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in doc["run"].items()] + [""]
    if doc["notes"]:
        lines += ["## Notes", ""] + [f"- {n}" for n in doc["notes"]] + [""]
    if doc["config"]:
        lines += ["## Configuration as run", "", "```yaml", doc["config"].rstrip(), "```", ""]
    if doc.get("provenance") is not None:
        lines += ["## Rules provenance", "", tables.markdown_table(doc["provenance"]), ""]
    return "\n".join(lines)
