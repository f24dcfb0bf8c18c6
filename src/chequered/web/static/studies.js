// The Studies page: start a study, then follow its progress and report.
"use strict";

const GAMES = JSON.parse(document.getElementById("study-games").textContent);
const $ = id => document.getElementById(id);
let current = null;      // the study followed: {id, shown: races in the report shown}

function fillGame() {
  const g = GAMES.find(x => x.name === $("study-game").value);
  $("study-seats").value = g.seats;
  $("study-kinds").replaceChildren("Seat kinds:", el("ul", {},
    g.kinds.map(k => el("li", {}, el("b", {}, k), g.notes[k] ? el("span", {class: "what"}, " " + g.notes[k]) : null))));
  $("study-track").replaceChildren(el("option", {value: ""}, "the game's default"),
    ...g.tracks.map(t => el("option", {value: t}, t)));
}

async function start(event) {
  event.preventDefault();
  $("study-error").textContent = "";
  const body = {game: $("study-game").value, races: Number($("study-races").value),
                seats: $("study-seats").value};
  if ($("study-track").value) body.track = $("study-track").value;
  if ($("study-vary").value.trim()) body.vary = $("study-vary").value.trim();
  try {
    const made = await api("POST", "/api/studies", body);
    current = {id: made.id, shown: 0, loading: false};
    $("study").hidden = false;
    $("study-report").replaceChildren();
    follow(made.id);
  } catch (e) {
    $("study-error").textContent = e.message;
  }
}

async function follow(id) {
  if (!current || current.id !== id) return;
  let doc;
  try { doc = await api("GET", `/api/studies/${id}`); }
  catch (e) { $("study-error").textContent = e.message; return; }
  $("study-label").textContent = doc.label;
  $("study-progress").max = doc.total;
  $("study-progress").value = doc.races;
  $("study-status").textContent = `${doc.races} of ${doc.total} races, ${doc.status}`
    + (doc.error ? `: ${doc.error}` : "");
  $("study").dataset.status = doc.status;
  if (doc.races > current.shown && !current.loading) await loadReport(id, doc.races);
  if (doc.status === "queued" || doc.status === "running" || current.shown < doc.races)
    setTimeout(() => follow(id), 1000);
}

async function loadReport(id, races) {
  current.loading = true;
  try {
    const resp = await fetch(`/api/studies/${id}/report`);
    if (resp.ok && current.id === id) {
      // The report is the server's own HTML (tables and SVG plots, no script).
      $("study-report").innerHTML = await resp.text();
      current.shown = races;
      $("study-report").dataset.races = races;
    }
  } finally {
    current.loading = false;
  }
}

$("study-game").addEventListener("change", fillGame);
$("study-form").addEventListener("submit", start);
fillGame();
