// The race page: one WebSocket per tab, carrying only this seat's view.
// The board is the game's own SVG; elements it marks with data-action become
// clickable when that action is legal for this seat right now. A legal move
// that ends on a space (its `route`: {to, cost, path}) marks that space
// (an element of class "space" with data-space) as a destination: hovering
// it shows the cost and draws the path, clicking it makes the move (or opens
// a chooser when several moves end there).
"use strict";

const root = document.getElementById("race");
const token = root.dataset.token;
const raceId = root.dataset.race;
const mySeat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
const $ = id => document.getElementById(id);
let ws = null, version = null, pending = false, retry = 500, deadline = null, lastMsg = null;
let sentVersion = null;      // the version our pending action was made on
const OFFLINE = "Not connected just now: reconnecting. Choose again in a moment.";
const SVGNS = "http://www.w3.org/2000/svg";
const FINE_KEY = "chequered.fineMoves";
let fine = storedFine();     // this person wants moves space by space

// The race as text comes only while the text panel is open (hub.set_text).
const textPanel = $("text").closest("details");

function url() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = [...(token && fine ? ["fine=1"] : []), ...(textPanel.open ? [] : ["text=0"])];
  return `${scheme}://${location.host}` + (token ? `/ws/play/${token}` : `/ws/watch/${raceId}`)
    + (query.length ? "?" + query.join("&") : "");
}

function connect() {
  ws = new WebSocket(url());
  ws.onopen = () => {
    retry = 500; $("status").textContent = "connected";
    if ($("error").textContent === OFFLINE) showError("");
    if (token) ws.send(JSON.stringify({type: "join"}));   // this seat's player is here
  };
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "board") keepBoard(msg);
    else if (msg.type === "state") draw(msg);
    else if (msg.type === "error") { pending = false; root.classList.remove("pending"); showError(msg.error); }
    else if (msg.type === "ack") showError("");   // stored; the new state follows
  };
  ws.onclose = ev => {
    $("status").textContent = "reconnecting...";
    if (ev.code === 4403 || ev.code === 4404) { $("status").textContent = "this link is not valid"; return; }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function showError(text) { $("error").textContent = text || ""; }

let sentRoute = null;         // the path of the move we sent, to slide our car along it

async function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    // a click while the connection is down would be lost without a word
    showError(OFFLINE);
    return;
  }
  if (pending) return;
  closeChooser();
  hideTip();
  if (action.confirm) {        // a move that harms our own race for good (Game.confirm)
    if (!await askConfirm(action.confirm)) return;
    if (pending || !ws || ws.readyState !== WebSocket.OPEN) return;
  }
  sentRoute = action.route ? routePoints($("board"), action.route) : null;
  pending = true;
  sentVersion = version;
  root.classList.add("pending");
  ws.send(JSON.stringify({type: "act", action: JSON.parse(action.key), version}));
}

function nameOf(msg, seat) { return msg.names[seat] || "player " + (seat + 1); }

// Fields the server sends only when they change (hub.KEPT_FIELDS), and
// then with each row this page already has as its index in the last list.
const KEPT = ["legend", "standings"];

// A list sent with the items this page already has as their indexes in its
// last copy, `last` (web/deltas.py).
function fromLast(items, last) {
  return items.map(x => typeof x === "number" ? last[x] : x);
}

const BASE_TITLE = document.title;

function draw(msg) {
  for (const k of KEPT) {
    if (msg[k] === undefined) msg[k] = lastMsg ? lastMsg[k] : [];
    else if (lastMsg) msg[k] = fromLast(msg[k], lastMsg[k]);
  }
  lastMsg = msg;
  version = msg.version;
  if (msg.version !== sentVersion) { pending = false; root.classList.remove("pending"); }
  root.dataset.version = msg.version;
  root.dataset.over = msg.over;
  root.dataset.myturn = msg.legal.length > 0;
  // the tab says when it is your turn, as a friend's move can come while
  // you are in another tab
  document.title = (msg.legal.length > 0 ? "\u25CF Your turn - " : "") + BASE_TITLE;
  const legal = new Map(msg.legal.map(a => [a.key, a]));

  const board = $("board");
  closeChooser();
  hideTip();
  const before = carPlaces(board);
  drawBoard(board, msg);                        // the server's own SVG (render_svg)
  applyZoom(board);
  if (msg.log_from > 0 && msg.log.length) {     // not a first load: show what happened
    playMoves(board, before, msg.log, mySeat, myPath(board, msg.log));
  } else stopSlides();
  sentRoute = null;
  const destinations = markDestinations(board, msg.legal);
  for (const node of board.querySelectorAll("[data-action]")) {
    if (destinations.nodes.has(node)) continue;   // a destination: handled as a move
    if (destinations.keys.has(node.getAttribute("data-action"))) {
      // a mark of a move its destination space stands for: the pointer goes
      // through it to the space (its tooltip, its path)
      node.setAttribute("pointer-events", "none");
      continue;
    }
    const action = legal.get(node.getAttribute("data-action"));
    if (!action) { node.classList.add("inert"); continue; }
    node.classList.add("clickable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", action.label);
    node.addEventListener("click", () => send(action));
    node.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") send(action); });
    if (!node.querySelector("title")) {
      const t = document.createElementNS("http://www.w3.org/2000/svg", "title");
      t.textContent = action.label;
      node.append(t);
    }
  }

  const list = $("actions");
  list.replaceChildren(...msg.legal.map(a => {
    const b = el("button", {class: "action", "data-key": a.key, onclick: () => send(a)}, a.label);
    if (a.route) {        // the move's path on the board while the button is pointed at
      b.dataset.to = spaceKey(a.route.to);
      const show = () => drawPaths(board, [a]);
      b.addEventListener("mouseenter", show);
      b.addEventListener("focus", show);
      b.addEventListener("mouseleave", () => clearPaths(board));
      b.addEventListener("blur", () => clearPaths(board));
    }
    return b;
  }));
  if (token) $("fine-moves").checked = fine;

  const waiting = msg.to_act.filter(s => s !== msg.you).map(s => nameOf(msg, s));
  $("prompt").textContent = msg.over ? "The race is over."
    : msg.legal.length ? "Your move: click a highlighted element on the board or a button below."
    : waiting.length ? "Waiting for " + waiting.join(", ") + "..." : "";
  $("status").textContent = msg.over ? "finished" : "live";
  if (msg.text !== null) $("text").textContent = msg.text;
  if (mySeat !== null) $("who").textContent = msg.names[mySeat] ? "you are " + msg.names[mySeat]
                                                                : `you are player ${mySeat + 1}`;
  drawBanner(msg, mySeat);
  drawStandings(msg, mySeat);
  drawLegend(msg);
  drawCoach(msg, mySeat);
  if (token) $("save").dataset.canDownload = String(msg.over || msg.seed !== undefined);

  const log = $("log");
  if (msg.log_from === 0) log.replaceChildren();
  for (const entry of msg.log) appendLog(log, entry);
  log.scrollTop = log.scrollHeight;   // scroll the log box only, never the page

  if (token) {
    $("undo").disabled = !(msg.undo && msg.undo.ok);
    $("undo").title = msg.undo && !msg.undo.ok ? "cannot undo: " + msg.undo.reason : "";
    $("controller").value = msg.controllers[mySeat];
  }
  deadline = msg.deadline;
  tick();

  const res = $("result");
  if (msg.over && msg.result) {
    res.hidden = false;
    const teams = (msg.result.extra || {}).constructors;   // e.g. FormulaGP's FGP 14.4
    fill(res, el("h2", {}, "Classification"), resultTable(msg.result, msg.names),
      Array.isArray(teams) ? el("table", {class: "result constructors"},
        el("caption", {}, "Constructors"),
        el("thead", {}, el("tr", {}, ["Pos", "Team", "Points"].map(h => el("th", {}, h)))),
        el("tbody", {}, teams.map((t, i) => el("tr", {}, el("td", {}, i + 1),
          el("td", {}, t.number ? `#${t.number} ${t.team}` : t.team), el("td", {}, t.points))))) : null,
      el("p", {}, el("a", {href: `/replay/race/${msg.race}`, id: "replay-link"}, "Watch the replay"),
        " - ", el("a", {href: `/api/races/${msg.race}/record`, download: `race-${msg.race}.json`},
                  "download the record")));
  } else {
    res.hidden = true;
  }
}

// ---- the board in two layers (issue 16) -----------------------------------------------------
// A game may draw its board as a static board, sent once a socket
// ({type: "board", id, svg}), and in each state only what the view draws
// over it ({id, attrs, parts}: attributes of the root <svg>, the content of
// each slot <g data-layer="i">, null keeping the slot's own, false the
// same as in the last state, else a list of pieces, those the slot was last
// sent as their indexes there).
const boards = new Map();
let lastParts = {id: null, parts: [], pieces: []};

function keepBoard(msg) {
  const holder = document.createElement("div");
  holder.innerHTML = msg.svg;
  boards.set(msg.id, holder.firstElementChild);
}

// A fresh copy of the static board each time: nothing the page marked on
// the last one (destinations, listeners, removed tooltips) is left over.
function drawBoard(board, msg) {
  if (msg.svg !== undefined) { board.innerHTML = msg.svg; return; }
  const svg = boards.get(msg.board.id).cloneNode(true);
  for (const [name, value] of Object.entries(msg.board.attrs)) svg.setAttribute(name, value);
  if (!msg.board.whole) {        // once a message: redraw() draws it again as it is
    const same = lastParts.id === msg.board.id;
    const pieces = same ? lastParts.pieces : [];
    msg.board.parts = msg.board.parts.map((part, i) => {
      if (part === false) return same ? lastParts.parts[i] : null;
      if (part === null) return null;
      pieces[i] = fromLast(part, pieces[i] || []);
      return pieces[i].join("");
    });
    msg.board.whole = true;
    lastParts = {id: msg.board.id, parts: msg.board.parts, pieces};
  }
  msg.board.parts.forEach((part, i) => {
    if (part !== null) svg.querySelector(`g[data-layer="${i}"]`).innerHTML = part;
  });
  board.replaceChildren(svg);
}

// ---- moves as destinations ------------------------------------------------------------------
// A space's id as the SVG writes it in data-space: an int, or a pair such as
// the stock-car game's (sector, lane) written "sector,lane".
// Draw the last state again (a setting changed): no animation.
function redraw() { if (lastMsg) draw({...lastMsg, log: [], log_from: -1}); }

function spaceKey(to) { return Array.isArray(to) ? to.join(",") : String(to); }

function spaceNode(board, id) {
  return board.querySelector(`.space[data-space="${CSS.escape(spaceKey(id))}"]`);
}

// Every legal move that ends on a drawn space makes that space a destination;
// returns the destination nodes and the keys of the moves they stand for.
function markDestinations(board, legal) {
  const byTo = new Map();
  for (const a of legal) {
    if (!a.route || a.route.to === null || a.route.to === undefined) continue;
    const k = spaceKey(a.route.to);
    if (!byTo.has(k)) byTo.set(k, []);
    byTo.get(k).push(a);
  }
  const nodes = new Set(), keys = new Set();
  for (const [to, moves] of byTo) {
    const node = spaceNode(board, to);
    if (!node) continue;             // not on the picture: the list below still has it
    nodes.add(node);
    for (const m of moves) keys.add(m.key);
    const where = node.querySelector("title");
    node.dataset.where = where ? where.textContent : "";
    if (where) where.remove();        // our tooltip replaces the browser's
    node.classList.remove("inert");
    node.classList.add("destination", "clickable");
    node.dataset.moves = String(moves.length);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", moves.length === 1 ? moves[0].label
      : `${moves.length} choices on this space: ` + moves.map(m => m.route.cost || m.label).join("; "));
    // a car drawn on the space lets the pointer through to it
    for (const car of board.querySelectorAll(`.car[data-space="${CSS.escape(to)}"]`))
      car.setAttribute("pointer-events", "none");
    const enter = () => { if (!chooserOpen()) { showTip(node, moves); drawPaths(board, moves); } };
    const leave = () => { hideTip(); if (!chooserOpen()) clearPaths(board); };
    node.addEventListener("mouseenter", enter);
    node.addEventListener("focus", enter);
    node.addEventListener("mouseleave", leave);
    node.addEventListener("blur", leave);
    const choose = ev => {
      if (ev) ev.stopPropagation();
      if (moves.length === 1) send(moves[0]);
      else openChooser(board, node, moves);
    };
    node.addEventListener("click", choose);
    node.addEventListener("keydown", e => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(e); }
    });
  }
  return {nodes, keys};
}

function tipBox() {
  let tip = $("route-tip");
  if (!tip) {
    tip = el("div", {id: "route-tip", class: "route-tip", role: "tooltip"});
    tip.hidden = true;
    document.body.append(tip);
  }
  return tip;
}

// Above the space (below it near the top of the window), centred on it: the
// track ahead, where the other destinations lie, stays in sight.
function place(box, node) {
  const r = node.getBoundingClientRect();
  const w = box.offsetWidth, h = box.offsetHeight, gap = 14;
  const x = r.left + r.width / 2 - w / 2;
  const y = r.top - h - gap >= 4 ? r.top - h - gap : r.bottom + gap;
  box.style.left = Math.max(4, Math.min(window.innerWidth - w - 4, x)) + "px";
  box.style.top = Math.max(4, Math.min(window.innerHeight - h - 4, y)) + "px";
}

function showTip(node, moves) {
  const tip = tipBox();
  const costs = moves.map(m => m.route.cost || m.label);
  fill(tip,
    moves.length === 1 ? el("strong", {class: "cost"}, costs[0])
      : el("div", {}, el("strong", {}, `${moves.length} choices on this space`),
           el("ul", {}, costs.map(c => el("li", {class: "cost"}, c))),
           el("small", {}, "click to choose")),
    node.dataset.where ? el("div", {class: "where"}, node.dataset.where) : null);
  tip.hidden = false;
  place(tip, node);
}

function hideTip() { const tip = $("route-tip"); if (tip) tip.hidden = true; }

function chooserOpen() { const c = $("route-chooser"); return !!(c && !c.hidden); }

function closeChooser() {
  const c = $("route-chooser");
  if (c && !c.hidden) { c.hidden = true; clearPaths($("board")); }
}

// Several moves end on this space (different costs or ways): one button each.
function openChooser(board, node, moves) {
  hideTip();
  let box = $("route-chooser");
  if (!box) {
    box = el("div", {id: "route-chooser", class: "route-chooser", role: "menu"});
    document.body.append(box);
  }
  const same = new Map();
  for (const m of moves) same.set(m.route.cost, (same.get(m.route.cost) || 0) + 1);
  const seen = new Map();
  box.replaceChildren(el("div", {class: "chooser-head"}, "Choose one:"),
    ...moves.map(m => {
      let text = m.route.cost || m.label;
      if (same.get(m.route.cost) > 1) {      // the same words: told apart by the way taken
        seen.set(m.route.cost, (seen.get(m.route.cost) || 0) + 1);
        text += ` (way ${seen.get(m.route.cost)})`;
      }
      const b = el("button", {class: "route-choice", role: "menuitem", title: m.label,
                              "data-key": m.key, onclick: () => send(m)}, text);
      b.addEventListener("mouseenter", () => drawPaths(board, [m]));
      b.addEventListener("focus", () => drawPaths(board, [m]));
      return b;
    }),
    el("button", {class: "route-cancel", onclick: () => closeChooser()}, "Cancel"));
  box.hidden = false;
  place(box, node);
  drawPaths(board, moves);
  box.querySelector("button").focus();
}

document.addEventListener("keydown", e => { if (e.key === "Escape") closeChooser(); });
document.addEventListener("click", e => {
  const box = $("route-chooser");
  if (box && !box.hidden && !box.contains(e.target)) closeChooser();
});

// The path of each move, drawn over the board through the centres of its spaces.
function clearPaths(board) {
  for (const g of board.querySelectorAll("g.route-path")) g.remove();
}

function drawPaths(board, moves) {
  clearPaths(board);
  // the first move last, on top of the others
  moves.slice().reverse().forEach((m, i) => drawPath(board, m.route, i === moves.length - 1));
}

function drawPath(board, route, first) {
  const nodes = route.path.map(id => spaceNode(board, id)).filter(Boolean);
  if (!nodes.length) return;
  const svg = nodes[nodes.length - 1].ownerSVGElement;
  const toLocal = svg.getScreenCTM();
  if (!toLocal) return;
  const inv = toLocal.inverse();
  const scale = Math.hypot(toLocal.a, toLocal.b) || 1;
  const pts = nodes.map(n => {
    const r = n.getBoundingClientRect();
    const p = svg.createSVGPoint();
    p.x = r.left + r.width / 2; p.y = r.top + r.height / 2;
    return p.matrixTransform(inv);
  });
  // widths in screen pixels (non-scaling strokes), from the size of a space
  const size = nodes.map(n => n.getBoundingClientRect())
    .reduce((s, r) => Math.min(s, Math.min(r.width, r.height)), Infinity);
  const w = Math.max(4, Math.min(10, size * 0.3));
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "route-path" + (first ? " first" : ""));
  g.setAttribute("pointer-events", "none");
  const shape = (tag, attrs) => {
    const n = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    n.setAttribute("vector-effect", "non-scaling-stroke");
    g.append(n);
  };
  const points = pts.map(p => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
  const line = {points, fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round"};
  shape("polyline", {...line, stroke: "#000", "stroke-width": (w * 1.9).toFixed(1)});  // dark edge
  shape("polyline", {...line, stroke: first ? "#ffe14d" : "#fff", "stroke-width": w.toFixed(1),
                      ...(first ? {} : {"stroke-dasharray": `${(w * 1.5).toFixed(1)} ${w.toFixed(1)}`})});
  pts.forEach((p, k) => {
    const last = k === pts.length - 1;
    shape("circle", {cx: p.x.toFixed(1), cy: p.y.toFixed(1),
                     r: ((last ? w * 1.4 : w * 0.8) / scale).toFixed(2),
                     fill: last ? "#ffe14d" : "#fff", stroke: "#000",
                     "stroke-width": (w * 0.45).toFixed(1)});
  });
  svg.append(g);
}

// The screen points of a move's spaces (before the board is redrawn), and
// the path our own car then slides along: only when this seat has one car.
function routePoints(board, route) {
  return route.path.map(id => spaceNode(board, id)).filter(Boolean).map(n => {
    const r = n.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  });
}

function myPath(board, entries) {
  const out = new Map();
  if (!sentRoute || mySeat === null || !entries.some(e => e.seat === mySeat)) return out;
  const mine = board.querySelectorAll(`.car[data-seat="${mySeat}"]`);
  if (mine.length === 1) out.set(mine[0].dataset.car, sentRoute.slice(0, -1));
  return out;
}

// ---- space by space -------------------------------------------------------------------------
function storedFine() {
  try { return localStorage.getItem(FINE_KEY) === "1"; } catch (e) { return false; }
}

function setFine(on) {
  fine = on;
  try { localStorage.setItem(FINE_KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({type: "fine", on}));
}

function tick() {
  const t = $("timer");
  if (!deadline || (lastMsg && lastMsg.over)) { t.hidden = true; return; }
  const left = Math.max(0, deadline - Date.now() / 1000);
  t.hidden = false;
  t.textContent = `${Math.ceil(left)} s left`;
}
setInterval(tick, 500);

$("zoom").addEventListener("click", () => toggleZoom($("board")));
textPanel.addEventListener("toggle", () => {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({type: "text", on: textPanel.open}));
});
if (root.dataset.tutorial) loadCoach(root.dataset.tutorial).then(() => { if (lastMsg) drawCoach(lastMsg, mySeat); });

if (token) {
  $("pace").value = String(pace());
  $("pace").addEventListener("change", e => setPace(Number(e.target.value)));
  $("save").addEventListener("click", () => {
    // The race is stored on the server as it is played: the seat link brings
    // it back. Its record (with the seed, which tells every card to come) is
    // only handed out once the race is over, or to the solo player who chose
    // the seed.
    const note = $("save-note");
    note.hidden = false;
    if ($("save").dataset.canDownload === "true") {
      note.replaceChildren("Saved. ", el("a", {href: `/api/races/${raceId}/record`, id: "save-record",
        download: `race-${raceId}.json`}, "Download the record"),
        " to keep a copy: resume it from the lobby (\"Continue a saved race\") or with ",
        el("code", {}, "chequered race --resume FILE"), ". Your seat link also brings you back here.");
    } else {
      note.replaceChildren("This race is saved on the server after every move. To come back, ",
        "keep your seat link (below); you can close this tab now.");
    }
  });
  $("mylink").value = location.href.replace(/[?#].*$/, "");
  $("fine-moves").checked = fine;
  $("fine-moves").addEventListener("change", e => setFine(e.target.checked));
  $("undo").addEventListener("click", () => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({type: "undo"}));
  });
  // the seat kinds the page was served with, offered as the lobby offers them
  $("controller").replaceChildren(...kindOptions(
    [...$("controller").options].map(o => o.value), "human", "I play this seat"));
  $("controller").addEventListener("change", async e => {
    try { await api("POST", `/api/play/${token}/controller`, {controller: e.target.value}); showError(""); }
    catch (err) { showError(err.message); }
  });
}
connect();
