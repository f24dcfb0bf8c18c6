// Small helpers shared by every page (no build step, no framework).
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// A node's children replaced, null and undefined skipped as el skips them
// (replaceChildren itself would write them as the text "null").
function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter(c => c !== null && c !== undefined));
}

async function api(method, url, body, raw) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers["content-type"] = "application/json";
  }
  const resp = await fetch(url, init);
  let doc = null;
  try { doc = await resp.json(); } catch (e) { doc = {error: resp.statusText}; }
  if (!resp.ok) throw new Error(doc && doc.error ? doc.error : resp.statusText);
  return doc;
}

// A seat kind as the lobby and the host page offer it. The search bot comes
// with its think time: a budget in iterations is seconds a move in one game
// and a quarter of one in another.
const SEARCH_CHOICES = [["mcts:1s", "search bot, 1 s a move"], ["mcts:3s", "search bot, 3 s a move"],
                        ["mcts", "search bot, 200 iterations a move"]];
function kindOptions(kinds, selected, human) {
  const pairs = kinds.flatMap(k => k === "mcts" ? SEARCH_CHOICES
    : [[k, k === "human" ? human : "bot: " + k]]);
  if (selected && !pairs.some(([k]) => k === selected)) pairs.push([selected, "bot: " + selected]);
  return pairs.map(([k, text]) => el("option", {value: k, selected: k === selected}, text));
}

const BY_WORDS = {forced: "the only choice", bot: "bot", timeout: "out of time",
                  record: "from the saved race"};

// One log entry: who did what, then each event with its rule citation.
function logEvents(entry) {
  return entry.events.map(ev => el("li", {}, ev.text, " ", el("cite", {class: "rule"}, ev.rule)));
}
function logItem(entry) {
  const events = el("ul", {class: "events"}, logEvents(entry));
  return el("li", {"data-ply": entry.ply, "data-count": 1},
    el("span", {class: "who"}, entry.who), ": ", entry.action,
    el("span", {class: "times"}),
    entry.by && entry.by !== "human"
      ? el("span", {class: "by"}, " (" + (BY_WORDS[entry.by] || entry.by) + ")") : null,
    events);
}

// The live log: a run of single-choice steps of one seat (a BOT driving a
// space at a time) is one line, "move one space ×7", its events under it.
function appendLog(log, entry) {
  const last = log.lastElementChild;
  if (last && entry.by === "forced" && last.dataset.by === "forced"
      && last.dataset.who === entry.who && last.dataset.action === entry.action) {
    const n = Number(last.dataset.count) + 1;
    last.dataset.count = n;
    last.querySelector(".times").textContent = ` ×${n}`;
    last.querySelector("ul.events").append(...logEvents(entry));
    return;
  }
  const item = logItem(entry);
  Object.assign(item.dataset, {by: entry.by || "", who: entry.who, action: entry.action});
  log.append(item);
}

function resultTable(result, names) {
  // a game that scores no points (Bolide) or counts no laps leaves its column out
  const has = field => Object.keys(result[field] || {}).length > 0;
  const laps = has("laps"), points = has("points");
  const rows = result.classification.map((seat, i) => el("tr", {},
    el("td", {}, i + 1), el("td", {}, result.names[seat] || names[seat] || "player " + (seat + 1)),
    laps ? el("td", {}, result.laps[seat] ?? "") : null,
    points ? el("td", {}, result.points[seat] ?? "") : null,
    el("td", {}, result.notes[seat] || "")));
  const head = ["Pos", "Driver", laps ? "Laps" : null, points ? "Points" : null, ""];
  return el("table", {class: "result"},
    el("thead", {}, el("tr", {}, head.filter(h => h !== null).map(h => el("th", {}, h)))),
    el("tbody", {}, rows));
}

// Colour-blind marks: a game's SVG marks its colour-blind symbols with the class
// "cb-mark"; the page shows them while this setting is on, remembered in the browser.
const CB_KEY = "chequered.colourBlind";
function applyColourBlind(on) {
  document.documentElement.classList.toggle("colour-blind", on);
  const box = document.getElementById("colour-blind");
  if (box) box.checked = on;
}
function storedColourBlind() {
  try { return localStorage.getItem(CB_KEY) === "1"; } catch (e) { return false; }
}
applyColourBlind(storedColourBlind());
{
  const box = document.getElementById("colour-blind");
  if (box) box.parentElement.hidden = false;     // the page's scripts are here to apply it
  if (box) box.addEventListener("change", e => {
    try { localStorage.setItem(CB_KEY, e.target.checked ? "1" : "0"); } catch (err) { /* private mode */ }
    applyColourBlind(e.target.checked);
  });
}
