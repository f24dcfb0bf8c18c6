// Beside the board (engine/guide.py, web/messages.py): the turn banner, the
// running order, the legend, the tutorial's coach, the confirmation asked
// before a move that harms your own race, and the moves shown one at a
// time: each car that moved slides from where it was, in the order its
// player acted, while a ticker says what they did.
"use strict";

const PACE_KEY = "chequered.pace";
const panelsSVGNS = "http://www.w3.org/2000/svg";

// replaceChildren without the parts left out (null would be written "null")
function put(node, ...parts) {
  node.replaceChildren(...parts.filter(p => p !== null && p !== undefined && p !== ""));
}

// ---- the turn banner ----------------------------------------------------------------------
function drawBanner(msg, mySeat) {
  const box = document.getElementById("banner");
  const turn = msg.turn;
  box.className = "banner";
  if (msg.over) {
    box.classList.add("over");
    box.replaceChildren(el("strong", {}, "The race is over."), " See the classification below.");
    return;
  }
  if (!turn) { box.replaceChildren(); return; }
  const mine = mySeat !== null && turn.seats.includes(mySeat) && msg.legal.length > 0;
  box.classList.toggle("mine", mine);
  const others = turn.seats.filter(s => s !== mySeat).map(s => msg.names[s] || `player ${s + 1}`);
  const who = mine ? (others.length ? `Your turn (with ${others.join(", ")})` : "Your turn")
                   : `${turn.names.join(", ")} to play`;
  // step labels speak to the seat deciding ("move your car"): another's reads "their"
  const deciding = mine ? turn.deciding : (turn.deciding || "").replace(/\byour\b/g, "their");
  const what = deciding ? `: ${deciding}` : "";
  put(box,
    el("strong", {class: "who"}, who), what,
    turn.rule ? el("cite", {class: "rule", title: "the rule that governs this decision"}, " " + turn.rule) : null,
    turn.explain ? el("details", {class: "explain"},
      el("summary", {title: "what this decision is about"}, "what is this?"),
      el("p", {}, turn.explain)) : null);
  box.dataset.step = turn.step || "";
}

// ---- the running order ----------------------------------------------------------------------
function drawStandings(msg, mySeat) {
  const table = document.getElementById("standings");
  const rows = msg.standings || [];
  document.getElementById("order-panel").hidden = rows.length === 0;
  const toAct = new Set(msg.to_act);
  table.tBodies[0].replaceChildren(...rows.map(r => {
    const tr = el("tr", {class: [r.seat === mySeat && mySeat !== null ? "you" : "",
                                 r.seat !== null && toAct.has(r.seat) ? "acting" : ""].join(" ").trim(),
                         "data-seat": r.seat === null ? "" : r.seat},
      el("td", {class: "place", title: "place in the race"}, r.place),
      el("td", {class: "name"}, r.name, r.status ? el("small", {class: "status-word"}, " " + r.status) : null),
      el("td", {class: "facts"}, r.facts.map(f =>
        el("span", {class: "fact", title: f.tip || f.label, tabindex: "0"},
           el("span", {class: "fact-label"}, f.label), " ", el("b", {}, f.value)))));
    return tr;
  }));
}

// ---- the legend -----------------------------------------------------------------------------
function drawLegend(msg) {
  const list = document.getElementById("legend");
  const marks = msg.legend || [];
  const key = JSON.stringify(marks);
  if (list.dataset.key === key) return;          // the same legend: keep it (and its scroll)
  list.dataset.key = key;
  document.getElementById("legend-panel").hidden = marks.length === 0;
  list.replaceChildren(...marks.map(m => {
    const tip = m.text + (m.rule ? ` (${m.rule})` : "");
    const sw = m.swatch
      ? swatch(m.swatch)
      : el("code", {class: "symbol"}, m.symbol);
    return el("li", {title: tip},
      el("span", {class: "swatch-box"}, sw),
      el("span", {class: "mark-text"}, el("b", {}, m.name), m.symbol && m.swatch ? el("code", {class: "symbol"}, " " + m.symbol) : null,
         " ", m.text, m.rule ? el("cite", {class: "rule"}, " " + m.rule) : null));
  }));
}

function swatch(fragment) {
  // the game's own SVG fragment in a 24x24 box (parsed as SVG, never as HTML)
  const doc = new DOMParser().parseFromString(
    `<svg xmlns="${panelsSVGNS}" viewBox="0 0 24 24" width="24" height="24">${fragment}</svg>`,
    "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg" || doc.querySelector("parsererror")) return el("span", {}, "?");
  svg.setAttribute("aria-hidden", "true");
  return document.importNode(svg, true);
}

// ---- the tutorial's coach ---------------------------------------------------------------------
let coachDoc = null;
async function loadCoach(game) {
  try { coachDoc = await api("GET", `/api/tutorial/${game}`); } catch (e) { coachDoc = null; }
}

function drawCoach(msg, mySeat) {
  const box = document.getElementById("coach");
  if (!coachDoc) { box.hidden = true; return; }
  box.hidden = false;
  let head, text;
  if (msg.over) {
    head = "Well done: you finished your first race."; text = coachDoc.outro;
  } else if (msg.turn && msg.turn.seats.includes(mySeat) && msg.legal.length) {
    head = `Now you ${msg.turn.deciding}.`;
    text = [msg.turn.explain, (coachDoc.notes || {})[msg.turn.step]].filter(Boolean).join(" ");
  } else {
    head = "Watch the others move."; text = "";
  }
  const first = msg.version <= 1 && !msg.over;
  put(box, el("strong", {}, "Tutorial. "),
    first ? el("p", {class: "intro"}, coachDoc.intro) : null,
    el("p", {class: "step"}, el("b", {}, head), " ", text),
    msg.over ? el("p", {}, el("a", {href: "/"}, "Back to the lobby for a full race")) : null);
}

// ---- confirmation -------------------------------------------------------------------------------
function askConfirm(text) {
  return new Promise(resolve => {
    const box = document.getElementById("confirm");
    document.getElementById("confirm-text").textContent = text;
    box.hidden = false;
    const yes = document.getElementById("confirm-yes"), no = document.getElementById("confirm-no");
    const done = ok => { box.hidden = true; yes.onclick = no.onclick = null;
                         document.removeEventListener("keydown", esc); resolve(ok); };
    const esc = e => { if (e.key === "Escape") done(false); };
    yes.onclick = () => done(true);
    no.onclick = () => done(false);
    document.addEventListener("keydown", esc);
    no.focus();
  });
}

// ---- moves shown one at a time ---------------------------------------------------------------
function pace() {
  try { const v = localStorage.getItem(PACE_KEY); return v === null ? 800 : Number(v); }
  catch (e) { return 800; }
}
function setPace(ms) { try { localStorage.setItem(PACE_KEY, String(ms)); } catch (e) { /* private */ } }

// Where each car is on screen now, by its data-car.
function carPlaces(board) {
  const out = new Map();
  for (const car of board.querySelectorAll(".car[data-car]")) {
    const r = car.getBoundingClientRect();
    if (r.width || r.height) out.set(car.dataset.car, {x: r.left + r.width / 2, y: r.top + r.height / 2});
  }
  return out;
}

let slideTimers = [];
function stopSlides() {
  for (const t of slideTimers) clearTimeout(t);
  slideTimers = [];
  const ticker = document.getElementById("ticker");
  if (ticker) ticker.hidden = true;
}

// Slide each car that moved from its old place, one player after another in
// the order of `entries` (the new log entries), saying what each did.
// `paths`: car id -> screen points of the spaces its move went through.
function playMoves(board, before, entries, mySeat, paths) {
  stopSlides();
  const step = pace();
  const after = carPlaces(board);
  const cars = [...board.querySelectorAll(".car[data-car]")];
  const bySeat = new Map();
  for (const car of cars) if (car.dataset.seat !== undefined) {
    if (!bySeat.has(car.dataset.seat)) bySeat.set(car.dataset.seat, []);
    bySeat.get(car.dataset.seat).push(car);
  }
  // who moved, in the order they acted (their last entry among the new ones)
  const order = [];
  for (const e of entries) {
    const k = String(e.seat);
    const at = order.indexOf(k);
    if (at >= 0) order.splice(at, 1);
    order.push(k);
  }
  const moved = cars.filter(c => before.has(c.dataset.car) && after.has(c.dataset.car) &&
    Math.hypot(before.get(c.dataset.car).x - after.get(c.dataset.car).x,
               before.get(c.dataset.car).y - after.get(c.dataset.car).y) > 1);
  const rank = c => { const i = order.indexOf(c.dataset.seat); return i < 0 ? order.length : i; };
  moved.sort((a, b) => rank(a) - rank(b));
  const others = entries.filter(e => e.seat !== mySeat);   // a bot's only choice is a move too
  const ticker = document.getElementById("ticker");
  if (step > 0 && others.length && ticker) {
    ticker.hidden = false;
    others.forEach((e, i) => slideTimers.push(setTimeout(() => {
      ticker.replaceChildren(el("b", {}, e.who), ": ", e.action);
    }, i * step)));
    slideTimers.push(setTimeout(() => { ticker.hidden = true; }, others.length * step + 600));
  }
  moved.forEach(car => {
    const i = step > 0 ? rank(car) : 0;
    slide(car, before.get(car.dataset.car), after.get(car.dataset.car),
          (paths || new Map()).get(car.dataset.car), Math.max(250, Math.min(step, 700)) || 250,
          step > 0 ? Math.min(i, order.length) * step : 0);
  });
}

function slide(car, from, to, path, duration, delay) {
  const svg = car.ownerSVGElement;
  const ctm = svg && svg.getScreenCTM();
  if (!ctm) return;
  const scale = Math.hypot(ctm.a, ctm.b) || 1;
  // wrap the car: its own transform attribute stays as the game drew it
  const wrap = document.createElementNS(panelsSVGNS, "g");
  wrap.setAttribute("class", "car-slide");
  car.parentNode.insertBefore(wrap, car);
  wrap.append(car);
  const pts = [from, ...(path || []), to];
  const frames = pts.map(p => ({transform: `translate(${((p.x - to.x) / scale).toFixed(2)}px,` +
                                           `${((p.y - to.y) / scale).toFixed(2)}px)`}));
  frames[frames.length - 1] = {transform: "translate(0px,0px)"};
  if (wrap.animate) {
    wrap.animate(frames, {duration: duration * Math.max(1, Math.min(3, pts.length - 1) / 1.5),
                          delay, easing: "ease-in-out", fill: "backwards"});
  }
}

// ---- zoom on the action ------------------------------------------------------------------------
// A board wider than the screen can show it at a readable size may say
// where the action is (data-focus="x y w h" on its root, in its own units):
// the page then offers to show that part only, at once on a phone.
const ZOOM_KEY = "chequered.zoom";
function zoomWanted() {
  try {
    const v = localStorage.getItem(ZOOM_KEY);
    if (v !== null) return v === "1";
  } catch (e) { /* private mode */ }
  return window.innerWidth < 700;
}

function applyZoom(board) {
  const svg = board.querySelector("svg");
  const button = document.getElementById("zoom");
  const focus = svg && svg.getAttribute("data-focus");
  button.hidden = !focus;
  if (!focus) return;
  const on = zoomWanted();
  button.textContent = on ? "Show the whole board" : "Zoom on the action";
  button.setAttribute("aria-pressed", String(on));
  if (on) svg.setAttribute("viewBox", focus);
}

function toggleZoom(board) {
  try { localStorage.setItem(ZOOM_KEY, zoomWanted() ? "0" : "1"); } catch (e) { /* private */ }
  if (typeof redraw === "function") redraw();
}
