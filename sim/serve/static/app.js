// sim serve: the calculator page. It draws the game's fields from /api/GAME/form, builds the scenario mapping
// from them, keeps it in the URL, and asks the server for the odds: an exact answer and a Monte Carlo estimate
// at once, then more trials on the same seed while the user waits. Charts are inline SVG drawn here.
"use strict";

const GAME = location.pathname.replace(/^\/+|\/+$/g, "");
const STEPS = [10000, 100000, 1000000]; // trials of each refinement (the first answers within 200 ms)
const COLORS = { attacker: "#D55E00", defender: "#0072B2" }; // Okabe–Ito: safe for colour-blind readers
const fields = {}; // id → {spec, get, set, row}
let form = null;
let generation = 0; // bumped on every change: answers of older generations are dropped
let controller = null;
let shown = { body: null, trials: 0, mc: null, exact: null, exactError: null };
window.simTimings = []; // [{first_ms, exact_ms}] per change, read by the browser test

const pct = (p, digits = 2) => (p === null || p === undefined ? "" : `${(100 * p).toFixed(digits)}%`);
const num = (x, digits = 3) => (x === null || x === undefined ? "" : Number(x).toFixed(digits));
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------- fields ----------

function control(spec) {
  let input;
  const notify = () => changed();
  if (spec.type === "count" || spec.type === "int" || spec.type === "number") {
    input = el("input", { type: "number", id: `f-${spec.id}`, name: spec.id });
    if (spec.min !== undefined) input.min = spec.min;
    if (spec.max !== undefined) input.max = spec.max;
    input.step = spec.step || 1;
    input.addEventListener("change", notify);
    const get = () => {
      const v = spec.type === "number" ? parseFloat(input.value) : parseInt(input.value, 10);
      return Number.isFinite(v) ? v : spec.default;
    };
    const set = (v) => { input.value = v; };
    if (spec.type !== "count") return { input, node: input, get, set };
    const step = (d) => el("button", {
      type: "button", class: "step", "aria-label": `${d > 0 ? "add" : "remove"} ${spec.label}`,
      "data-step": d, "data-field": spec.id,
      onclick: () => { set(Math.max(spec.min, Math.min(spec.max, get() + d))); notify(); },
    }, d > 0 ? "+" : "−");
    return { input, node: el("span", { class: "stepper" }, step(-1), input, step(1)), get, set };
  }
  if (spec.type === "select") {
    input = el("select", { id: `f-${spec.id}`, name: spec.id });
    spec.options.forEach(([value, label], i) => input.append(el("option", { value: String(value) }, label)));
    input.addEventListener("change", notify);
    const get = () => spec.options[Math.max(0, input.selectedIndex)][0];
    const set = (v) => {
      const i = spec.options.findIndex(([value]) => String(value) === String(v));
      input.selectedIndex = i < 0 ? 0 : i;
    };
    return { input, node: input, get, set };
  }
  input = el("input", { type: "checkbox", id: `f-${spec.id}`, name: spec.id });
  input.addEventListener("change", notify);
  return { input, node: input, get: () => input.checked, set: (v) => { input.checked = v === true || v === "1"; } };
}

function register(spec, row) {
  const c = control(spec);
  fields[spec.id] = { spec, get: c.get, set: c.set, row, input: c.input };
  return c;
}

function fieldRow(spec) {
  if (spec.type === "table") return table(spec);
  const row = el("div", { class: `row ${spec.type}` });
  const c = register(spec, row);
  const label = el("label", { for: `f-${spec.id}` }, spec.label);
  if (spec.type === "bool" || spec.type === "item") row.append(c.node, label);
  else row.append(label, c.node);
  return row;
}

function table(spec) {
  const t = el("table", { class: "grid" });
  t.append(el("tr", {}, el("th", {}, ""), ...spec.headers.map((h) => el("th", {}, h))));
  for (const r of spec.rows) {
    const tr = el("tr", {}, el("th", { class: "unit" }, r.label));
    for (const cell of r.cells) {
      if (!cell) { tr.append(el("td", { class: "na" }, "")); continue; }
      const c = register(cell, tr);
      c.input.setAttribute("aria-label", cell.label);
      tr.append(el("td", {}, c.node));
    }
    t.append(tr);
  }
  return t;
}

function render() {
  const root = $("inputs");
  for (const s of form.sections) {
    const fs = el("fieldset", { class: "section" }, el("legend", {}, s.title));
    if (s.note) fs.append(el("p", { class: "note" }, s.note));
    const cols = el("div", { class: `columns n${s.stack ? 1 : s.columns.length}` });
    for (const col of s.columns) {
      const div = el("div", { class: "column" });
      if (col.title) div.append(el("h3", {}, col.title));
      for (const spec of col.fields) div.append(fieldRow(spec));
      cols.append(div);
    }
    fs.append(cols);
    root.append(fs);
  }
}

function visible(f) {
  const when = f.spec.when;
  if (!when) return true;
  return Object.entries(when).every(([id, want]) => {
    const v = fields[id] ? fields[id].get() : undefined;
    return (Array.isArray(want) ? want : [want]).map(String).includes(String(v));
  });
}

function syncVisibility() {
  for (const f of Object.values(fields)) {
    if (f.row.tagName === "TR") continue; // table cells: the table shows whole
    f.row.hidden = !visible(f);
  }
}

function setKey(tree, key, value) {
  const parts = key.split(".");
  let node = tree;
  for (const p of parts.slice(0, -1)) node = node[p] = node[p] || {};
  node[parts[parts.length - 1]] = value;
}

function scenario() {
  const out = {};
  for (const f of Object.values(fields)) {
    const s = f.spec;
    if (!s.key || !visible(f)) continue;
    const v = f.get();
    if (s.type === "item") {
      if (v) {
        const parts = s.key.split(".");
        const list = parts.reduce((n, p) => n && n[p], out) || [];
        list.push(s.item);
        setKey(out, s.key, list);
      }
    } else if (s.always || v !== s.default) {
      setKey(out, s.key, v);
    }
  }
  return out;
}

// ---------- the URL holds the page's state ----------

function writeURL() {
  const params = new URLSearchParams();
  for (const f of Object.values(fields)) {
    if (!visible(f)) continue;
    const v = f.get();
    if (f.spec.always || v !== f.spec.default) params.set(f.spec.id, v === true ? "1" : String(v));
  }
  history.replaceState(null, "", `${location.pathname}?${params}`);
  $("share").value = location.href;
}

function restore() {
  const params = new URLSearchParams(location.search);
  const fromURL = [...params.keys()].length > 0;
  for (const f of Object.values(fields)) {
    const s = f.spec;
    if (fromURL) f.set(params.has(s.id) ? params.get(s.id) : s.default);
    else f.set(s.initial !== undefined ? s.initial : s.default);
  }
}

// ---------- asking the server ----------

function changed() {
  syncVisibility();
  writeURL();
  run();
  if (form.tactics) tactics();
}

async function run() {
  const gen = ++generation;
  if (controller) controller.abort();
  controller = new AbortController();
  const signal = controller.signal;
  const body = scenario();
  const started = performance.now();
  const timing = { first_ms: null, exact_ms: null };
  window.simTimings.push(timing);
  shown = { body, trials: 0, mc: null, exact: null, exactError: null };
  status("running", "computing…");
  clearError();
  const exact = post(`/api/${GAME}/odds?exact=true`, { ...body, trials: STEPS[0] }, signal).then((r) => {
    if (gen !== generation || (r.error && r.error.status !== 504)) return; // a bad field: the chain shows it
    if (r.error) shown.exactError = r.error.message;
    else {
      timing.exact_ms = performance.now() - started;
      shown.exact = r;
    }
    draw();
  }, () => {});
  try {
    for (const n of STEPS) {
      const r = await post(`/api/${GAME}/odds`, { ...body, trials: n }, signal);
      if (gen !== generation) return;
      if (r.error && shown.mc && r.error.status === 504) { // keep the last refinement
        await exact;
        if (gen === generation) status("done", `refined up to ${shown.trials.toLocaleString("en")} trials: ${r.error.message}`);
        return;
      }
      if (r.error) { showError(r.error); status("error", ""); return; }
      if (timing.first_ms === null) timing.first_ms = performance.now() - started;
      shown.mc = r;
      shown.trials = n;
      draw();
      status(n === STEPS[STEPS.length - 1] ? "refined" : "running", n === STEPS[STEPS.length - 1] ? "" : "refining…");
    }
    await exact;
    if (gen === generation) status("done", "");
  } catch (e) {
    if (e.name !== "AbortError") { showError({ message: String(e), key: "" }); status("error", ""); }
  }
}

function status(state, text) {
  $("status").dataset.state = state;
  $("status").textContent = text;
}

function clearError() {
  $("error").hidden = true;
  for (const f of Object.values(fields)) f.input.classList.remove("bad");
}

function showError(e) {
  $("error").hidden = false;
  $("error").textContent = e.message;
  const key = e.key || "";
  for (const f of Object.values(fields)) {
    const k = f.spec.key;
    if (k && key && (k === key || k.startsWith(`${key}.`) || key.startsWith(`${k}.`))) f.input.classList.add("bad");
  }
  for (const id of ["metrics", "charts", "win", "win-ci", "trials", "win-exact-tag"]) $(id).innerHTML = "";
  $("win-exact").textContent = "—";
  $("win-exact").dataset.value = "";
}

// ---------- drawing the answer ----------

function flatten(tree, prefix = "", out = {}) {
  for (const [k, v] of Object.entries(tree || {})) {
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v, `${prefix}${k}.`, out);
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

const SKIP = new Set(["game", "trials", "seed", "sim_version", "seconds", "endings"]);
const MAIN = ["attacker_win", "defender_win", "tie", "no_winner", "mean_lost.attacker", "mean_lost.defender",
  "expected_vp.attacker"];
const LABELS = {
  attacker_win: "P(attacker wins)", defender_win: "P(defender wins)", tie: "P(tie on Battle Result)",
  no_winner: "P(no winner)", "mean_lost.attacker": "attacker units lost (mean)",
  "mean_lost.defender": "defender units lost (mean)", "expected_vp.attacker": "attacker VP (expected)",
};

function metricRows(result, exact, only) {
  const flat = flatten(result);
  const ex = flatten(exact || {});
  const rows = [];
  for (const [name, v] of Object.entries(flat)) {
    if (SKIP.has(name) || name.startsWith("exact.") || typeof v !== "number" || name.includes("_ci95")) continue;
    if (only && !only.includes(name)) continue;
    const ci = flat[`${name}_ci95`] || flat[name.replace(".", "_ci95.")];
    const [lo, hi] = Array.isArray(ci) ? ci : [undefined, undefined];
    rows.push({ name, v, lo, hi, exact: ex[name] });
  }
  return rows;
}

function fillTable(node, rows, isProb) {
  node.innerHTML = "";
  node.append(el("tr", {}, el("th", {}, "metric"), el("th", {}, "estimate"), el("th", {}, "95% interval"),
    el("th", {}, "exact")));
  for (const r of rows) {
    const fmt = (x) => (x === undefined || x === null ? "" : isProb(r.name) ? pct(x) : num(x));
    const interval = r.lo !== undefined && r.hi !== undefined ? `[${fmt(r.lo)}, ${fmt(r.hi)}]` : "";
    node.append(el("tr", { "data-metric": r.name }, el("td", {}, LABELS[r.name] || r.name.replace(/_/g, " ")),
      el("td", {}, fmt(r.v)), el("td", {}, interval), el("td", {}, fmt(r.exact))));
  }
}

const isProbability = (name) => !/mean_|expected_|endings|value/.test(name);

function draw() {
  const mc = shown.mc && shown.mc.result;
  const exact = shown.exact && shown.exact.result.exact;
  const ex = exact ? exact.attacker_win : null;
  $("win-exact").textContent = ex !== null && ex !== undefined ? pct(ex) : mc ? pct(mc.attacker_win) : "…";
  $("win-exact").dataset.value = ex !== null && ex !== undefined ? ex : "";
  const known = ex !== null && ex !== undefined;
  $("win-exact-tag").textContent = known ? "exact" : shown.exact ? "estimate (no exact answer)"
    : shown.exactError ? "estimate (no exact answer within the time limit)" : mc ? "estimate" : "";
  if (mc) {
    $("win").textContent = pct(mc.attacker_win);
    $("win").dataset.value = mc.attacker_win;
    $("win-ci").textContent = `(95% interval ${pct(mc.attacker_win_ci95[0])} to ${pct(mc.attacker_win_ci95[1])})`;
    $("trials").textContent = `${mc.trials.toLocaleString("en")} trials, seed ${mc.seed}`;
    $("trials").dataset.trials = mc.trials;
    fillTable($("metrics"), metricRows(mc, exact, MAIN), isProbability);
    fillTable($("all-metrics").querySelector("table"), metricRows(mc, exact, null), isProbability);
  }
  const source = shown.exact && shown.exact.distributions === "exact" ? shown.exact : shown.mc;
  if (source) charts(source);
  if (shown.mc) assumed(shown.mc);
  if (mc && mc.equilibrium) equilibrium(mc.equilibrium);
}

function assumed(r) {
  const node = $("assumed");
  node.innerHTML = "";
  const head = el("h2", {}, `Assumed rules values behind this answer (${r.assumed.length} of ${r.rules_values})`);
  const list = el("ul", { class: "assumed" });
  for (const a of r.assumed) {
    list.append(el("li", { class: a.source },
      el("span", { class: `mark ${a.source}` }, a.source === "override" ? "override" : "assumed"), " ",
      el("code", {}, `${a.key} = ${JSON.stringify(a.value)}`), `: ${a.note}`));
  }
  node.append(head, el("p", { class: "note" }, "Every other value is printed in the rulebook. Change any with "
    + "a rules: mapping in the scenario file, or sim battle --set KEY=VALUE."), list);
}

// ---------- charts: inline SVG ----------

const W = 420, H = 190, PAD = { l: 44, r: 10, t: 24, b: 34 };

function axes(title, xlabel, xs, yMax) {
  const iw = W - PAD.l - PAD.r, ih = H - PAD.t - PAD.b;
  let s = `<text x="${PAD.l}" y="14" class="title">${esc(title)}</text>`;
  for (let i = 0; i <= 4; i++) {
    const y = PAD.t + ih - (ih * i) / 4;
    s += `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y}" y2="${y}" class="gridline"/>`;
    s += `<text x="${PAD.l - 4}" y="${y + 4}" class="tick" text-anchor="end">${Math.round((100 * yMax * i) / 4)}%</text>`;
  }
  s += `<text x="${PAD.l + iw / 2}" y="${H - 4}" class="axis" text-anchor="middle">${esc(xlabel)}</text>`;
  return { s, iw, ih };
}

function legend(sides) {
  return sides.map((side, i) => `<rect x="${W - PAD.r - 150 + i * 78}" y="6" width="10" height="10" `
    + `fill="${COLORS[side]}"/><text x="${W - PAD.r - 136 + i * 78}" y="15" class="tick">${side}</text>`).join("");
}

function barChart(title, xlabel, series) {
  const sides = Object.keys(series);
  const ks = [...new Set(sides.flatMap((s) => Object.keys(series[s]).map(Number)))].sort((a, b) => a - b);
  if (!ks.length) return "";
  const xs = [];
  for (let k = ks[0]; k <= ks[ks.length - 1]; k++) xs.push(k);
  const top = Math.max(...sides.flatMap((s) => Object.values(series[s])));
  const yMax = [0.2, 0.4, 0.6, 0.8, 1].find((m) => m >= Math.min(1, top * 1.05)) || 1;
  const { s, iw, ih } = axes(title, xlabel, xs, yMax);
  let out = s;
  const band = iw / xs.length, bw = (band * 0.8) / sides.length;
  xs.forEach((k, i) => {
    sides.forEach((side, j) => {
      const p = series[side][String(k)] || 0;
      const h = (ih * p) / yMax;
      const x = PAD.l + i * band + band * 0.1 + j * bw;
      out += `<rect x="${x.toFixed(1)}" y="${(PAD.t + ih - h).toFixed(1)}" width="${bw.toFixed(1)}" `
        + `height="${h.toFixed(1)}" fill="${COLORS[side]}"><title>${side}: P(${k} lost) = ${pct(p, 1)}</title></rect>`;
    });
    out += `<text x="${(PAD.l + (i + 0.5) * band).toFixed(1)}" y="${PAD.t + ih + 14}" class="tick" `
      + `text-anchor="middle">${k}</text>`;
  });
  return svg(out + legend(sides), title);
}

function stepChart(title, xlabel, series) {
  const sides = Object.keys(series);
  const ns = sides.flatMap((s) => Object.keys(series[s]).map(Number));
  if (!ns.length) return "";
  const nMax = Math.max(...ns, 1);
  const { s, iw, ih } = axes(title, xlabel, [], 1);
  let out = s;
  const x = (n) => PAD.l + (iw * (n + 0.5)) / (nMax + 1);
  const y = (p) => PAD.t + ih - ih * p;
  for (const side of sides) {
    const pts = Object.entries(series[side]).map(([n, p]) => [Number(n), p]).sort((a, b) => a[0] - b[0]);
    const d = pts.map(([n, p], i) => `${i ? "L" : "M"}${x(n).toFixed(1)},${y(p).toFixed(1)}`).join("");
    out += `<path d="${d}" fill="none" stroke="${COLORS[side]}" stroke-width="2.5"/>`;
    for (const [n, p] of pts) {
      out += `<circle cx="${x(n).toFixed(1)}" cy="${y(p).toFixed(1)}" r="3.5" fill="${COLORS[side]}">`
        + `<title>${side}: P(at least ${n} stand) = ${pct(p, 1)}</title></circle>`;
    }
  }
  for (let n = 0; n <= nMax; n++) {
    out += `<text x="${x(n).toFixed(1)}" y="${PAD.t + ih + 14}" class="tick" text-anchor="middle">${n}</text>`;
  }
  return svg(out + legend(sides), title);
}

function svg(inner, title) {
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}" class="chart">${inner}</svg>`;
}

function charts(r) {
  const node = $("charts");
  const losses = barChart("Losses: P(k units lost)", "units lost", r.losses);
  const curves = stepChart("P(at least N units still stand)", "N units standing", r.survival);
  node.innerHTML = losses + curves + `<p class="note">Distributions: ${esc(r.distributions)}.</p>`;
}

// ---------- Hussars: the Tactic-card game ----------

async function tactics() {
  const node = $("tactics");
  const body = scenario();
  if (body.mode !== "full") { node.hidden = true; return; }
  const gen = generation;
  const r = await post("/api/hussars/tactics", body);
  if (gen !== generation) return;
  node.hidden = false;
  if (r.error) { node.innerHTML = `<h2>Tactic cards</h2><p class="note">${esc(r.error.message)}</p>`; return; }
  const rows = Object.keys(r.matrix), cols = Object.keys(r.equilibrium.defender);
  const eqA = r.equilibrium.attacker, eqD = r.equilibrium.defender;
  let html = `<h2>Tactic cards: payoff to the attacker (${esc(r.objective)})</h2>`;
  if (body.hands === "random") html += "<p class='note'>With every card in hand; random hands mix many such games.</p>";
  html += "<table class='matrix'><tr><th>attacker \\ defender</th>";
  html += cols.map((c) => `<th>${esc(c.replace(/_/g, " "))}<br><span class="mix">${pct(eqD[c], 1)}</span></th>`).join("");
  html += "</tr>";
  for (const a of rows) {
    html += `<tr><th>${esc(a.replace(/_/g, " "))} <span class="mix">${pct(eqA[a], 1)}</span></th>`;
    for (const c of cols) {
      const cell = r.matrix[a][c];
      const shade = Math.round(255 - 120 * Math.max(0, Math.min(1, cell.payoff)));
      html += `<td style="background:rgb(${shade},${shade},255)" title="${esc(cell.winner)}: ${esc(cell.label)}">`
        + `${num(cell.payoff, 2)}</td>`;
    }
    html += "</tr>";
  }
  html += `</table><p class="note">Percentages: each side's equilibrium mix (zero-sum, solved exactly); value `
    + `${num(r.value, 4)}. Shading: payoff; hover a cell for what happens.</p>`;
  node.innerHTML = html;
}

function equilibrium(eq) {
  // shown in the tactic panel; kept for the result's own equilibrium (one battle to solve)
  $("tactics").dataset.value = eq.value;
}

// ---------- solve, download, report ----------

async function solve() {
  const body = scenario();
  const keys = fields.solve_for.get(), target = fields.target.get();
  $("solve-answer").textContent = "searching…";
  const q = new URLSearchParams({ solve_for: keys, target, exact: form.solve_exact ? "true" : "false" });
  const r = await post(`/api/${GAME}/solve?${q}`, { ...body, trials: 20000 });
  if (r.error) { $("solve-answer").textContent = r.error.message; return; }
  const line = (c, tag) => {
    const army = Object.entries(c.army).map(([k, v]) => `${v} × ${k.split(".").pop()}`).join(", ");
    const m = `${r.side || "attacker"}_win`;  // the searched side's win probability
    const ex = c[`${m}_exact`] !== undefined ? `, exactly ${pct(c[`${m}_exact`])}` : "";
    return `<li>${esc(tag)}: <strong>${esc(army)}</strong>: P(${esc(r.side || "attacker")} wins) ${pct(c[m])} `
      + `[${pct(c[`${m}_ci95`][0])}, ${pct(c[`${m}_ci95`][1])}]${ex}</li>`;
  };
  let html = "<ul>";
  if (r.best) html += line(r.best, `reaches ${pct(r.target, 0)}`);
  else html += `<li>${esc(r.note)}</li>`;
  if (r.previous) html += line(r.previous, "one unit fewer");
  $("solve-answer").innerHTML = `${html}</ul><p class="note">${r.trials.toLocaleString("en")} trials per army, `
    + `seed ${r.seed}${form.solve_exact ? ", decided on exact values" : ""}.</p>`;
}

async function download() {
  const res = await fetch(`/api/${GAME}/scenario`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...shown.body, trials: shown.trials || STEPS[0] }),
  });
  const blob = new Blob([await res.text()], { type: "application/yaml" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${GAME}-battle.yaml` });
  document.body.append(a);
  a.click();
  a.remove();
  $("action-status").textContent = `sim battle ${GAME}-battle.yaml reproduces these numbers (same seed and trials).`;
}

async function report() {
  $("action-status").textContent = "building the designer report (a few seconds)…";
  const r = await post(`/api/${GAME}/report`, { ...shown.body, trials: shown.trials || STEPS[0] });
  if (r.error) { $("action-status").textContent = r.error.message; return; }
  $("action-status").innerHTML = `Report: <a href="${esc(r.url)}" target="_blank" id="report-link">${esc(r.folder)}</a>`;
  window.open(r.url, "_blank");
}

// ---------- start ----------

async function main() {
  for (const a of document.querySelectorAll("nav a")) if (a.dataset.game === GAME) a.classList.add("here");
  if (!GAME) { $("landing").hidden = false; return; }
  $("calculator").hidden = false;
  form = await (await fetch(`/api/${GAME}/form`)).json();
  document.title = `${form.title}: battle odds (sim)`;
  $("title").textContent = form.title;
  render();
  restore();
  $("solve").hidden = !fields.solve_for;
  $("solve-button").addEventListener("click", solve);
  $("download").addEventListener("click", download);
  $("report").addEventListener("click", report);
  changed();
}

main();
