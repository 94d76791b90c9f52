// sim serve: the balance page. It draws the shipped verdict from /api/GAME/balance and answers what-ifs with
// /api/GAME/whatif: each faction's paired win-rate change B − A with its 95% interval, first on a few hundred
// games, then on more of the same games while the user waits. The URL holds the whole question.
"use strict";

const GAME = location.pathname.replace(/^\/+|\/+$/g, "").split("/")[1];
const COLORS = { up: "#0072B2", down: "#D55E00", rate: "#333", fair: "#E69F00" }; // Okabe–Ito
let info = null; // the page's data from the server
let changes = []; // [{key, value (text, as --set takes it), kind: "module" | "rule"}]
let generation = 0;
let controller = null;
let shown = null; // the last answer drawn
window.simTimings = []; // [{first_ms, games: [[n, ms], …]}] per question, read by the browser test and bench

const pct = (p, d = 1) => (p === null || p === undefined ? "—" : `${(100 * p).toFixed(d)}%`);
const pts = (x, d = 1) => (x === null || x === undefined ? "—" : `${x >= 0 ? "+" : "−"}${Math.abs(100 * x).toFixed(d)}`);
const UPPER = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x|vp)$/; // Roman numerals, victory points
const title = (s) => String(s).split("_").map((w, i) => (UPPER.test(w) ? w.toUpperCase() : i === 0 || w.length > 3
  ? w[0].toUpperCase() + w.slice(1) : w)).join(" ");
const text = (v) => (typeof v === "string" ? v : JSON.stringify(v)); // a value as --set takes it (YAML flow)

// ---------- an interval chart: one row per faction ----------

function intervalChart(rows, { lo, hi, mark, label, unit }) {
  // rows: [{name, value, lo, hi}]; mark: a vertical reference line (fair share, or 0)
  const W = 560, rowH = 24, left = 150, right = 20, top = 22, H = top + rows.length * rowH + 26;
  const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
  const parts = [`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">`];
  parts.push(`<text class="title" x="4" y="13">${label}</text>`);
  const step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25].find((d) => (hi - lo) / d <= 6) || 0.5;
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + 1e-9; v += step) {
    parts.push(`<line class="gridline" x1="${x(v)}" x2="${x(v)}" y1="${top - 4}" y2="${H - 22}"/>`,
      `<text class="tick" x="${x(v)}" y="${H - 8}" text-anchor="middle">${unit(v)}</text>`);
  }
  if (mark !== null) parts.push(`<line x1="${x(mark)}" x2="${x(mark)}" y1="${top - 6}" y2="${H - 22}" stroke="${COLORS.fair}" stroke-width="2" stroke-dasharray="4 3"/>`);
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2;
    const c = r.color || COLORS.rate;
    parts.push(`<text class="axis" x="${left - 8}" y="${y + 4}" text-anchor="end">${title(r.name)}</text>`);
    if (r.lo !== null && r.hi !== null) parts.push(`<line x1="${x(Math.max(lo, r.lo))}" x2="${x(Math.min(hi, r.hi))}" y1="${y}" y2="${y}" stroke="${c}" stroke-width="3"/>`);
    parts.push(`<circle cx="${x(Math.min(hi, Math.max(lo, r.value)))}" cy="${y}" r="5" fill="${c}"/>`);
  });
  parts.push("</svg>");
  const div = el("div");
  div.innerHTML = parts.join("");
  return div;
}

// ---------- the verdict ----------

function drawVerdict() {
  const v = info.verdict;
  $("title").textContent = `${info.title}: balance`;
  document.title = `${info.title}: balance (sim)`;
  const rests = $("v-rests");
  if (!v) {
    // no strong-play verdict: the field of scripted plans, labelled as such, drawn from a run (fieldRates)
    const f = info.fields.rotated;
    $("v-question").textContent = `No strong-play verdict yet. Shown: ${f.title} (plans only).`;
    $("v-answer").textContent = "Win rates of scripted plans rotated over the seats: what these plans do, " +
      "not what strong players would do.";
    $("v-answer").classList.add("plans-only");
    rests.append(el("li", {}, `Players: the scripted plans of ${f.file}, rotated over the seats (no tuning, no searchers).`),
      el("li", {}, `${info.assumed} of ${info.rules.length} rules values are assumed (type 'assumed' in the rules search to list them).`));
    fieldRates();
    return;
  }
  $("v-question").textContent = v.question;
  $("v-answer").textContent = `${v.answer}.`;
  const rows = Object.entries(v.factions).sort((a, b) => b[1].win_rate - a[1].win_rate)
    .map(([name, f]) => ({ name, value: f.win_rate, lo: f.ci95[0], hi: f.ci95[1] }));
  drawRates(rows, v.fair_share, `win rate, 95% interval; fair share ${pct(v.fair_share)} (dashed)`);
  drawEnds(v.ends, `How games end (${v.games} games at ${v.budget} playouts); mean length ${v.length.mean.toFixed(2)} ${v.length_unit.toLowerCase()}`);
  const plans = info.plans;
  rests.append(
    el("li", {}, `Players: ${v.players}, ${v.budget} playouts a candidate (budgets ${v.budgets.join(", ")}), seeing ${v.sees}; ${v.games} games a rung, seed ${v.seed}.`),
    el("li", { id: "v-converged", class: v.converged ? "ok" : "warn" }, v.converged ? "Converged." : v.verdict_text),
    el("li", {}, `Searchers start from the plan equilibrium ${plans ? plans.study : ""}: ${plans ? plans.answer : ""}.`),
    el("li", {}, `${info.assumed} of ${info.rules.length} rules values are assumed (type 'assumed' in the rules search to list them; sim sensitivity ranks them).`),
  );
  if (v.against_plans) rests.append(el("li", {}, `Against the plans alone: ranking agreement (Kendall τ) ${v.against_plans.kendall_tau}.`));
  $("v-links").innerHTML = `<a href="${v.links.report}" id="v-report">Full report</a> · <a href="${v.links.plot}">ladder plot</a> · ` +
    `<a href="${v.links.trace}">skill trace</a> · <a href="${v.links.manifest}">manifest</a> · <code>${v.command.split(" --")[0]}</code>`;
  $("v-plot").src = v.links.plot;
  $("v-caption").textContent = "The ladder: each faction's win rate at doubling search budgets (the shipped plot).";
  $("v-figure").hidden = false;
}

function drawRates(rows, fair, label) {
  const top = Math.max(fair * 1.6, ...rows.map((r) => r.hi));
  const hi = Math.min(1, Math.ceil(top * 10 + 0.2) / 10);
  $("v-chart").replaceChildren(intervalChart(rows, { lo: 0, hi, mark: fair, label, unit: (v) => `${Math.round(100 * v)}%` }));
  $("v-chart").dataset.factions = rows.length;
}

function drawEnds(ends, caption) {
  const list = el("ul", { class: "ends" });
  for (const [how, p] of Object.entries(ends).sort((a, b) => b[1] - a[1])) list.append(el("li", {}, `${title(how)}: ${pct(p)}`));
  $("v-ends").replaceChildren(el("h2", {}, caption), list);
}

let warmed = ""; // the question (without its changes) whose baseline runs the server was last asked to play

function warm() {
  // the server plays the field's own games (A) for the first two refinements before any change is asked, and keeps
  // them: a what-if then plays only its B games. Resolves to the 2,000-game answer (the Hussars page draws it).
  const q = question();
  delete q.set;
  const base = JSON.stringify(q);
  if (base === warmed) return null;
  warmed = base;
  const steps = info.steps.filter((n) => n <= upto()).slice(0, 2);
  const asked = steps.map((games) => ask(`/api/${GAME}/whatif/field`, { ...q, games }));
  return asked[asked.length - 1];
}

async function fieldRates() {
  $("v-answer").dataset.state = "running";
  const q = { ...question(), games: 2000 };
  delete q.set;
  const r = await (warm() || ask(`/api/${GAME}/whatif/field`, q));
  if (r.error) { $("v-answer").textContent = r.error.message; return; }
  const rows = Object.entries(r.win_rate).sort((a, b) => b[1] - a[1])
    .map(([name, p]) => ({ name, value: p, lo: r.ci95[name][0], hi: r.ci95[name][1] }));
  const fair = 1 / q.players;
  drawRates(rows, fair, `plans' win rate, ${r.games.toLocaleString("en")} games, 95% interval; fair share ${pct(fair)} (dashed)`);
  drawEnds(r.ends, `How games end (${r.games.toLocaleString("en")} games, ${r.engine === "fast" ? "compiled" : r.engine} engine)`);
  $("v-answer").dataset.state = "done";
}

// ---------- the question: form ↔ URL ↔ request body ----------

function question() {
  const q = { field: $("wi-field").value, players: Number($("wi-players").value), set: changes.map((c) => `${c.key}=${c.value}`) };
  if ($("wi-seed").value !== "") q.seed = Number($("wi-seed").value);
  return q;
}

function upto() {
  const n = Number(new URLSearchParams(location.search).get("games"));
  return info.steps.includes(n) ? n : info.steps[info.steps.length - 1];
}

function writeURL() {
  const q = question(), p = new URLSearchParams();
  p.set("field", q.field);
  p.set("players", q.players);
  for (const s of q.set) p.append("set", s);
  if (q.seed !== undefined) p.set("seed", q.seed);
  const games = new URLSearchParams(location.search).get("games");
  if (games) p.set("games", games);
  history.replaceState(null, "", `${location.pathname}?${p}`);
  $("wi-share").value = location.href;
}

function restore() {
  const p = new URLSearchParams(location.search);
  if (p.get("field") && info.fields[p.get("field")]) $("wi-field").value = p.get("field");
  fillPlayers(p.get("players"));
  if (p.get("seed")) $("wi-seed").value = p.get("seed");
  const moduleKeys = new Set(info.modules.map((m) => m.key));
  changes = p.getAll("set").map((s) => {
    const i = s.indexOf("=");
    const key = s.slice(0, i), value = s.slice(i + 1);
    return { key, value, kind: moduleKeys.has(key) ? "module" : "rule" };
  });
  drawModules();
  drawChanges();
}

function fillPlayers(want) {
  const f = info.fields[$("wi-field").value];
  const sel = $("wi-players");
  sel.replaceChildren(...info.players.map((n) => el("option", { value: n }, `${n}`)));
  sel.value = want && info.players.includes(Number(want)) ? want : f.players;
}

function drawModules() {
  const f = info.fields[$("wi-field").value];
  const root = $("wi-modules");
  root.replaceChildren();
  for (const m of info.modules) {
    const base = f.modules[m.key];
    const change = changes.find((c) => c.key === m.key);
    const sel = el("select", { id: `wi-m-${m.key}`, "data-key": m.key });
    for (const v of m.values) {
      const o = el("option", { value: text(v) }, `${text(v)}${text(v) === text(base) ? " (baseline)" : ""}`);
      sel.append(o);
    }
    sel.value = change ? change.value : text(base);
    sel.addEventListener("change", () => {
      changes = changes.filter((c) => c.key !== m.key);
      if (sel.value !== text(base)) changes.push({ key: m.key, value: sel.value, kind: "module" });
      drawChanges();
      changed();
    });
    const row = el("div", { class: `row module${change ? " changed" : ""}` }, el("label", { for: sel.id }, m.label), sel);
    root.append(row);
  }
}

function drawRules() {
  const words = $("wi-search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const list = $("wi-rules");
  list.replaceChildren();
  if (!words.length) { list.hidden = true; return; }
  const hits = info.rules.filter((r) => words.every((w) => `${r.key} ${text(r.value)} ${r.source} ${r.note}`.toLowerCase().includes(w)));
  for (const r of hits.slice(0, 40)) {
    const li = el("li", { "data-key": r.key, tabindex: "0" },
      el("span", { class: `mark ${r.source}` }, r.source), " ", el("code", {}, r.key), ` = ${text(r.value)}`,
      el("div", { class: "rule-note" }, r.note));
    const add = () => {
      if (!changes.some((c) => c.key === r.key)) changes.push({ key: r.key, value: text(r.value), kind: "rule" });
      $("wi-search").value = "";
      drawRules();
      drawChanges();
      const input = document.querySelector(`#wi-changes input[data-key="${CSS.escape(r.key)}"]`);
      if (input) { input.focus(); input.select(); }
    };
    li.addEventListener("click", add);
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") add(); });
    list.append(li);
  }
  if (hits.length > 40) list.append(el("li", { class: "more" }, `… ${hits.length - 40} more: type more of the key`));
  if (!hits.length) list.append(el("li", { class: "more" }, "no rules value matches"));
  list.hidden = false;
}

function drawChanges() {
  const root = $("wi-changes");
  root.replaceChildren();
  const rules = changes.filter((c) => c.kind === "rule");
  if (!rules.length) return;
  root.append(el("h3", {}, "Changed rules values"));
  for (const c of rules) {
    const r = info.rules.find((x) => x.key === c.key);
    const input = el("input", { type: "text", value: c.value, "data-key": c.key, id: `wi-r-${c.key}`, "aria-label": c.key });
    input.addEventListener("change", () => { c.value = input.value.trim(); changed(); });
    const drop = el("button", { type: "button", class: "step", "aria-label": `undo ${c.key}`, onclick: () => {
      changes = changes.filter((x) => x !== c); drawChanges(); changed();
    } }, "×");
    const was = r ? ` (was ${text(r.value)}, ${r.source})` : " (not a rules value listed by sim rules)";
    root.append(el("div", { class: "row change" }, el("label", { for: input.id }, el("code", {}, c.key), was), input, drop));
  }
}

// ---------- asking the server ----------

async function ask(url, body, signal) { // post(), an abort or a network error as an answer
  try {
    return await post(url, body, signal);
  } catch (e) {
    return { error: { message: e.name === "AbortError" ? "aborted" : String(e), aborted: e.name === "AbortError" } };
  }
}

function changed() {
  writeURL();
  if (!question().set.length) warm(); // a change asked at once plays its own A
  run();
}

function status(state, textContent, games) {
  const s = $("wi-status");
  s.dataset.state = state;
  if (games !== undefined) s.dataset.games = games;
  s.textContent = textContent;
}

async function run() {
  const gen = ++generation;
  if (controller) controller.abort();
  controller = new AbortController();
  const signal = controller.signal;
  const q = question();
  $("wi-error").hidden = true;
  for (const i of document.querySelectorAll("#wi-form .bad")) i.classList.remove("bad");
  if (!q.set.length) {
    shown = null;
    $("wi-table").replaceChildren();
    $("wi-chart").replaceChildren();
    $("wi-notes").textContent = "";
    $("wi-command").textContent = "";
    status("idle", "Toggle a module or change a rules value: the answer appears here.", 0);
    return;
  }
  const started = performance.now();
  const timing = { first_ms: null, games: [] };
  window.simTimings.push(timing);
  const steps = info.steps.filter((n) => n <= upto());
  const last = steps[steps.length - 1];
  let best = 0, failed = false;
  status("running", `playing ${steps[0].toLocaleString("en")} games with and without the change…`);
  const step = async (games) => { // true when the answer came (drawn unless a larger one already is)
    const r = await ask(`/api/${GAME}/whatif`, { ...q, games }, signal);
    if (gen !== generation || failed || (r.error && r.error.aborted)) return false;
    if (r.error) { failed = true; showError(r.error); return false; }
    const ms = performance.now() - started;
    if (timing.first_ms === null) timing.first_ms = ms;
    timing.games.push([games, ms]);
    if (games > best) {
      best = games;
      draw(r);
      status(games === last ? "done" : "running", `${r.games.toLocaleString("en")} paired games, seed ${r.seed}, ` +
        `${r.engine === "fast" ? "compiled" : r.engine} engine` + (games === last ? "" : ": refining on more of the same games…"), r.games);
    }
    return true;
  };
  // the first two refinements at once (the server has a worker each), then the rest one after the other
  const answered = await Promise.all(steps.slice(0, 2).map(step));
  if (!answered.every(Boolean)) return;
  for (const games of steps.slice(2)) if (!(await step(games))) return;
}

function showError(e) {
  shown = null;
  $("wi-table").replaceChildren();
  $("wi-chart").replaceChildren();
  $("wi-error").textContent = e.message;
  $("wi-error").hidden = false;
  status("error", "", 0);
  const key = (e.key || "").replace(/^set[. ]/, "");
  for (const c of changes) {
    if (key && (key === c.key || key.startsWith(`${c.key}.`) || c.key.endsWith(key) || e.message.includes(c.key))) {
      const input = document.querySelector(`[data-key="${CSS.escape(c.key)}"]`);
      if (input) input.classList.add("bad");
    }
  }
}

function draw(r) {
  shown = r;
  const t = $("wi-table");
  t.replaceChildren(el("tr", {}, ...["faction", "A", "B", "B − A", "paired 95%", "games"].map((h) => el("th", {}, h))));
  for (const row of r.factions) {
    const diff = el("td", { class: "diff", "data-faction": row.faction, "data-value": row.diff,
      "data-lo": row.paired_lo === null ? "" : row.paired_lo, "data-hi": row.paired_hi === null ? "" : row.paired_hi }, `${pts(row.diff)} pts`);
    const ci = row.paired_lo === null ? "n/a" : `[${pts(row.paired_lo)}, ${pts(row.paired_hi)}]`;
    t.append(el("tr", {}, el("td", {}, title(row.faction)), el("td", {}, pct(row.a)), el("td", {}, pct(row.b)), diff,
      el("td", {}, ci), el("td", {}, row.games.toLocaleString("en"))));
  }
  const rows = r.factions.map((row) => ({ name: row.faction, value: row.diff, lo: row.paired_lo, hi: row.paired_hi,
    color: row.paired_lo !== null && row.paired_lo > 0 ? COLORS.up : row.paired_hi !== null && row.paired_hi < 0 ? COLORS.down : COLORS.rate }));
  const reach = Math.max(0.02, ...rows.map((x) => Math.max(Math.abs(x.lo ?? x.value), Math.abs(x.hi ?? x.value))));
  const span = Math.ceil(reach * 20) / 20; // a multiple of 5 points
  $("wi-chart").replaceChildren(intervalChart(rows, { lo: -span, hi: span, mark: 0,
    label: "win-rate change B − A, points, paired 95% interval (blue: up, orange: down)", unit: (v) => (Math.abs(v) < 1e-9 ? "0" : `${v > 0 ? "+" : "−"}${Math.abs(100 * v).toFixed(0)}`) }));
  const ends = Object.keys({ ...r.ends.a, ...r.ends.b }).map((k) => `${title(k)} ${pct(r.ends.a[k] || 0)} → ${pct(r.ends.b[k] || 0)}`);
  $("wi-notes").textContent = [`How games end, A → B: ${ends.join("; ")}.`, ...r.notes].join(" ");
  $("wi-command").innerHTML = `Same numbers on the command line: <code>${r.command.replace(/&/g, "&amp;").replace(/</g, "&lt;")} --games ${r.games}</code> (the downloaded study holds the games and seed, so <code>--games</code> may be left out).`;
}

async function download() {
  const games = shown ? shown.games : upto();
  const res = await fetch(`/api/${GAME}/whatif/study`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...question(), games }),
  });
  if (!res.ok) { showError((await res.json()).error); return; }
  const blob = new Blob([await res.text()], { type: "application/yaml" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${GAME}-whatif.yaml` });
  document.body.append(a);
  a.click();
  a.remove();
}

// ---------- start ----------

async function main() {
  for (const a of document.querySelectorAll("nav a")) if (a.dataset.game === GAME) a.classList.add("here");
  info = await (await fetch(`/api/${GAME}/balance`)).json();
  const fields = $("wi-field");
  const names = { verdict: "the verdict's plans (plan equilibrium)", rotated: "rotated scripted plans" };
  for (const [name, f] of Object.entries(info.fields)) fields.append(el("option", { value: name, title: f.file }, names[name]));
  restore();
  drawVerdict();
  fields.addEventListener("change", () => { fillPlayers(); drawModules(); changed(); });
  $("wi-players").addEventListener("change", changed);
  $("wi-seed").addEventListener("change", changed);
  $("wi-search").addEventListener("input", drawRules);
  $("wi-download").addEventListener("click", download);
  drawRules();
  changed();
}

main();
