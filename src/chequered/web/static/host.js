// The host page: every seat's link and who plays it.
"use strict";

const table = document.getElementById("host-seats");
const hostToken = table.dataset.token;
const kinds = [...document.getElementById("kinds").content.children].map(o => o.value);

async function load() {
  const doc = await api("GET", `/api/host/${hostToken}`);
  table.querySelector("tbody").replaceChildren(...doc.seats.map(s => {
    const select = el("select", {class: "controller", "data-seat": s.seat,
      onchange: async e => {
        try { await api("POST", `/api/host/${hostToken}/seats/${s.seat}`, {controller: e.target.value}); }
        catch (err) { alert(err.message); }
        load();
      }}, kindOptions(kinds, s.controller, "its player"));
    return el("tr", {}, el("td", {}, s.seat), el("td", {}, s.kind),
      el("td", {}, s.kind === "human" ? el("a", {href: s.url}, location.origin + s.url) : ""),
      el("td", {}, select, doc.joined.includes(s.seat) ? " (joined)" : ""));
  }));
}
load();
