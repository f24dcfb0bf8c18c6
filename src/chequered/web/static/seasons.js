// Championships and their stored standings.
"use strict";

async function load() {
  const seasons = await api("GET", "/api/seasons");
  const box = document.getElementById("seasons");
  if (!seasons.length) { box.replaceChildren(el("p", {}, "No championship yet: set one up in the lobby (More settings).")); return; }
  box.replaceChildren(...seasons.map(s => el("section", {class: "season"},
    el("h2", {}, `${s.name} `, el("small", {}, `${s.game} - ${s.circuits.join(", ")} - ${s.status}`)),
    s.standings.length
      ? el("table", {class: "result"}, el("thead", {}, el("tr", {}, ["Pos", "Driver", "Team", "Points"].map(h => el("th", {}, h)))),
          el("tbody", {}, s.standings.map(r => el("tr", {class: r.human ? "human" : ""},
            el("td", {}, r.position), el("td", {}, r.name), el("td", {}, r.team || ""), el("td", {}, r.points)))))
      : el("p", {}, el("a", {href: `/race/${s.race}`}, "in progress: watch")),
    s.teams ? el("table", {class: "result teams"}, el("caption", {}, "Teams (constructors)"), el("thead", {}, el("tr", {}, ["Team", "Points"].map(h => el("th", {}, h)))),
        el("tbody", {}, Object.entries(s.teams).map(([team, pts]) => el("tr", {}, el("td", {}, team), el("td", {}, pts)))))
      : null,
    s.status === "finished" ? el("a", {href: `/replay/race/${s.race}`}, "replay") : null)));
}
load();
