// The lobby: solo races in one click, the set-up form, the list of races, uploads.
"use strict";

const $ = id => document.getElementById(id);
let games = [];

async function start() {
  games = await api("GET", "/api/games");
  $("solo").replaceChildren(...games.map(g => el("button", {
    class: "solo", "data-game": g.name,
    onclick: async () => {
      try { const made = await api("POST", "/api/races", {game: g.name}); location.href = made.play_url; }
      catch (err) { alert(err.message); }
    }}, `Solo race: ${g.title}`)));
  $("learn").replaceChildren(...games.map(g => el("li", {},
    el("b", {}, g.title), ": ",
    el("a", {href: `/tutorial/${g.name}`, "data-game": g.name, class: "tutorial-link"}, "first-race tutorial"),
    " · ", el("a", {href: `/how-to-play/${g.name}`}, "how to play"))));
  $("c-game").replaceChildren(...games.map(g => el("option", {value: g.name}, g.title)));
  $("c-game").addEventListener("change", fillForm);
  fillForm();
  listRaces();
  setInterval(listRaces, 5000);
}

function current() { return games.find(g => g.name === $("c-game").value); }

// A seat's kind, with what the chosen kind is beside it (a budget such as
// mcts:1s reads as its kind's note).
function kindNote(g, kind) { return g.notes[kind] || g.notes[kind.split(":")[0]] || ""; }
function seatRow(g, kind) {
  const note = el("span", {class: "what"});
  const select = el("select", {class: "seat-kind",
    onchange: e => { note.textContent = kindNote(g, e.target.value); }},
    kindOptions(g.seat_kinds, kind, "a person"));
  note.textContent = kindNote(g, select.value);
  return el("div", {class: "seat"}, select, " ", note);
}

function fillForm() {
  const g = current();
  const named = g.track_names || {};
  $("c-track").replaceChildren(...g.tracks.map(t => el("option", {value: t, selected: t === g.default_track},
    named[t] && named[t] !== t ? `${t}: ${named[t]}` : t)));
  $("c-rules").replaceChildren(...g.rules.map(r => el("option", {value: r},
    g.notes[r] ? `${r}: ${g.notes[r]}` : r)));
  $("c-options").replaceChildren(el("legend", {}, "Optional rules"),
    ...g.options.map(o => el("label", {class: "opt"},
      el("input", {type: "checkbox", name: "opt", value: o}), " " + o,
      g.notes[o] ? el("span", {class: "what"}, " " + g.notes[o]) : null)));
  $("c-seat-list").replaceChildren(...g.default_seats.map(k => seatRow(g, k)));
  $("c-settings").value = JSON.stringify(g.settings);
}

$("c-add-seat").addEventListener("click", () => $("c-seat-list").append(seatRow(current(), current().bots.at(-1))));
$("c-remove-seat").addEventListener("click", () => {
  const list = $("c-seat-list");
  if (list.children.length > 1) list.lastElementChild.remove();
});

$("create").addEventListener("submit", async e => {
  e.preventDefault();
  const f = e.target;
  const body = {game: f.game.value, rules: f.rules.value,
    track: f.circuits.value.trim() || f.track.value,
    options: [...f.querySelectorAll("input[name=opt]:checked")].map(i => i.value),
    seats: [...f.querySelectorAll(".seat-kind")].map(s => s.value)};
  if (f.seed.value) body.seed = Number(f.seed.value);
  if (f.move_timer.value) body.move_timer = Number(f.move_timer.value);
  if (f.season.value.trim()) body.season = f.season.value.trim();
  try {
    const given = JSON.parse(f.settings.value || "{}");
    const defaults = current().settings;
    body.settings = Object.fromEntries(Object.entries(given).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v)));
  } catch (err) { alert("Other settings must be JSON: " + err.message); return; }
  try {
    const made = await api("POST", "/api/races", body);
    const box = $("created");
    box.hidden = false;
    box.replaceChildren(el("h3", {}, "Race created"),
      el("p", {}, "Each link is the key to one seat: send it to that player. ",
        el("a", {href: made.host_url}, "Host page"), " (hand absent players' seats to bots) - ",
        el("a", {href: made.watch_url}, "watch")),
      el("ul", {}, made.seats.map(s => el("li", {}, `player ${s.seat + 1} (${s.kind}): `,
        s.kind === "human" ? el("a", {href: s.url, class: "seat-link"}, location.origin + s.url) : "a bot"))));
    listRaces();
  } catch (err) { alert(err.message); }
});

async function listRaces() {
  const races = await api("GET", "/api/races");
  $("races").querySelector("tbody").replaceChildren(...races.map(r => el("tr", {},
    el("td", {}, r.game), el("td", {}, r.track || ""), el("td", {}, r.status + (r.season ? " (season " + r.season + ")" : "")),
    el("td", {}, r.actions), el("td", {}, r.seats.join(", ")),
    el("td", {}, r.status === "finished" ? el("a", {href: `/replay/race/${r.id}`}, "replay")
                                         : el("a", {href: `/race/${r.id}`}, "watch")))));
}

$("upload").addEventListener("change", async e => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const text = await file.text();
    const made = await api("POST", "/api/replays?name=" + encodeURIComponent(file.name), text, true);
    location.href = made.url;
  } catch (err) { $("upload-error").textContent = err.message; }
});

$("resume").addEventListener("change", async e => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const made = await api("POST", "/api/races/resume", await file.text(), true);
    location.href = made.play_url;
  } catch (err) { $("resume-error").textContent = err.message; }
});

start();
