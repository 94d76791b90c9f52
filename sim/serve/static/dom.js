// sim serve: the helpers every page uses (loaded before app.js and balance.js).
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
};

// POST a JSON body; the answer as JSON, with error.status set on an HTTP error (a network error or abort throws)
async function post(url, body, signal) {
  const res = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal,
  });
  let data;
  try { data = await res.json(); } catch (e) { data = {}; }
  if (!res.ok && !data.error) data.error = { message: `HTTP ${res.status}`, key: "" };
  if (data.error) data.error.status = res.status;
  return data;
}
