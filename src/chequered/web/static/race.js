// The race page: one WebSocket per tab, carrying only this seat's view.
// The board is the game's own SVG; elements it marks with data-action become
// clickable when that action is legal for this seat right now.
"use strict";

const root = document.getElementById("race");
const token = root.dataset.token;
const raceId = root.dataset.race;
const mySeat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
const $ = id => document.getElementById(id);
let ws = null, version = null, pending = false, retry = 500, deadline = null, lastMsg = null;
let sentVersion = null;      // the version our pending action was made on

function url() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}` + (token ? `/ws/play/${token}` : `/ws/watch/${raceId}`);
}

function connect() {
  ws = new WebSocket(url());
  ws.onopen = () => {
    retry = 500; $("status").textContent = "connected";
    if (token) ws.send(JSON.stringify({type: "join"}));   // this seat's player is here
  };
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") draw(msg);
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

function send(action) {
  if (pending || !ws || ws.readyState !== WebSocket.OPEN) return;
  pending = true;
  sentVersion = version;
  root.classList.add("pending");
  ws.send(JSON.stringify({type: "act", action: JSON.parse(action.key), version}));
}

function nameOf(msg, seat) { return msg.names[seat] || "seat " + seat; }

function draw(msg) {
  lastMsg = msg;
  version = msg.version;
  if (msg.version !== sentVersion) { pending = false; root.classList.remove("pending"); }
  root.dataset.version = msg.version;
  root.dataset.over = msg.over;
  root.dataset.myturn = msg.legal.length > 0;
  const legal = new Map(msg.legal.map(a => [a.key, a]));

  const board = $("board");
  board.innerHTML = msg.svg;                    // the server's own SVG (render_svg)
  for (const node of board.querySelectorAll("[data-action]")) {
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
  list.replaceChildren(...msg.legal.map(a =>
    el("button", {class: "action", "data-key": a.key, onclick: () => send(a)}, a.label)));

  const waiting = msg.to_act.filter(s => s !== msg.you).map(s => nameOf(msg, s));
  $("prompt").textContent = msg.over ? "The race is over."
    : msg.legal.length ? "Your move: click a highlighted element on the board or a button below."
    : waiting.length ? "Waiting for " + waiting.join(", ") + "..." : "";
  $("status").textContent = msg.over ? "finished" : "live";
  $("text").textContent = msg.text;
  if (mySeat !== null) $("who").textContent = nameOf(msg, mySeat) + " (seat " + mySeat + ")";

  const log = $("log");
  if (msg.log_from === 0) log.replaceChildren();
  for (const entry of msg.log) log.append(logItem(entry));
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
    res.replaceChildren(el("h2", {}, "Classification"), resultTable(msg.result, msg.names),
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

function tick() {
  const t = $("timer");
  if (!deadline || (lastMsg && lastMsg.over)) { t.hidden = true; return; }
  const left = Math.max(0, deadline - Date.now() / 1000);
  t.hidden = false;
  t.textContent = `${Math.ceil(left)} s left`;
}
setInterval(tick, 500);

if (token) {
  $("mylink").value = location.href;
  $("undo").addEventListener("click", () => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({type: "undo"}));
  });
  $("controller").addEventListener("change", async e => {
    try { await api("POST", `/api/play/${token}/controller`, {controller: e.target.value}); showError(""); }
    catch (err) { showError(err.message); }
  });
}
connect();
