// The race review on the replay page: ask the server to rate one driver's
// decisions, follow its progress, then show every decision, the biggest
// mistakes and (Bolide) the laps against the solver's exact line. Clicking a
// decision moves the replay to it (the replay answers a "goto" event).
"use strict";

{
  const page = document.getElementById("replay");
  const box = document.getElementById("review");
  const find = id => document.getElementById(id);
  const base = `/api/replay/${page.dataset.source}/${page.dataset.ident}`;
  let following = null;          // the id of the review followed
  let shownStep = null;

  // The drivers, once the first frame names them; the default is the server's.
  function onFrame(f) {
    if (!find("review-seat").options.length && f.seats) {
      find("review-seat").replaceChildren(...f.seats.map(s => el("option",
        {value: s.seat, selected: s.seat === f.review_seat}, `${s.name} (${s.kind})`)));
    }
    shownStep = f.step;
    markCurrent();
  }
  page.addEventListener("frame", e => onFrame(e.detail));
  // the first frame can come while this script is still loading
  if (page.lastFrame) onFrame(page.lastFrame);

  async function start() {
    find("review-error").textContent = "";
    const body = {iterations: Number(find("review-iterations").value)};
    if (find("review-seat").value !== "") body.seat = Number(find("review-seat").value);
    try {
      const asked = await api("POST", `${base}/review`, body);
      following = asked.id;
      find("review-body").replaceChildren();
      follow(asked.id, asked.url);
    } catch (err) {
      find("review-error").textContent = err.message;
    }
  }

  async function follow(id, url) {
    if (following !== id) return;             // another review was asked for since
    let doc;
    try { doc = await api("GET", url); }
    catch (err) { find("review-error").textContent = err.message; setStatus("failed"); return; }
    setStatus(doc.status);
    const bar = find("review-progress");
    bar.hidden = doc.status === "done" || doc.status === "failed";
    if (doc.total) { bar.max = doc.total; bar.value = doc.done; } else bar.removeAttribute("value");
    find("review-status").textContent = {
      queued: "waiting for another review to finish…",
      running: doc.total ? `rated ${doc.done} of ${doc.total} decisions…` : "replaying the race…",
      done: "", failed: ""}[doc.status];
    if (doc.status === "failed") find("review-error").textContent = doc.error;
    else if (doc.status === "done") render(doc.review);
    else setTimeout(() => follow(id, url), 500);
  }

  function setStatus(status) {
    box.dataset.status = status;
    find("review-start").disabled = status === "queued" || status === "running";
  }

  const num = x => (x === null || x === undefined ? "–" : x.toFixed(2));
  // a loss with its noise: ± one standard error of the paired comparison
  const lossText = d => num(d.loss) + (d.loss && d.loss_se ? ` ± ${num(d.loss_se)}` : "");
  // A decision's `step` counts moves from 1 (the log's numbers): the replay
  // goes to the position it was made in, the moves before it played.
  const jump = d => ({class: "jump", tabindex: 0, "data-step": d.step - 1,
                      title: "show the position this decision was made in",
                      onclick: () => goto(d.step - 1),
                      onkeydown: e => { if (e.key === "Enter") e.currentTarget.click(); }});

  // The board is above the review: bring it into sight if it has scrolled away.
  function goto(n) {
    page.dispatchEvent(new CustomEvent("goto", {detail: n}));
    if (find("board").getBoundingClientRect().top < 0) page.scrollIntoView({block: "start"});
  }

  function render(r) {
    const worst = new Set(r.mistakes.map(m => m.step));
    const summary = el("p", {class: "review-summary"},
      el("strong", {}, r.name), `: ${r.decisions.length} decisions rated (${r.budget} each), `,
      `mean loss ${num(r.mean_loss)} (a loss of 1: a sure win turned into a sure last place). `,
      "Where the search prefers another move, both were played again side by side in the ",
      "same deals and dice; a mistake is a loss well beyond that test's noise.");
    const mistakes = r.mistakes.length
      ? el("ol", {class: "mistakes"}, r.mistakes.map(m => el("li", jump(m),
          el("span", {class: "step-no"}, `Move ${m.step}`), ` ${m.deciding}: played `,
          el("q", {}, m.played), ` (${num(m.value)}); the search prefers `,
          el("q", {}, m.best), ` (${num(m.best_value)}). `,
          el("span", {class: "loss"}, `Loss ${lossText(m)}`))))
      : el("p", {}, "No decision clearly worse than the search's choice.");
    const head = ["Move", "Deciding", "Played", "Value", "The search prefers", "Value", "Loss"];
    const rows = r.decisions.map(d => el("tr",
      {...jump(d), class: "jump" + (worst.has(d.step) ? " mistake" : "")},
      el("td", {class: "num"}, d.step), el("td", {}, d.deciding,
        d.rule ? [" ", el("cite", {class: "rule"}, d.rule)] : null),
      el("td", {}, d.played), el("td", {class: "num"}, num(d.value)),
      el("td", {}, d.best === d.played ? "the same" : d.best),
      el("td", {class: "num"}, num(d.best_value)), el("td", {class: "num loss"}, lossText(d))));
    find("review-body").replaceChildren(summary,
      el("h3", {}, "Biggest mistakes"), mistakes,
      el("h3", {}, "Every decision"),
      el("div", {class: "table-scroll"}, el("table", {class: "review-table decisions"},
        el("thead", {}, el("tr", {}, head.map(h => el("th", {}, h)))), el("tbody", {}, rows))),
      ...(r.line ? lineOf(r.line) : []));
    markCurrent();
  }

  // Bolide: the driver's laps against the solver's exact line.
  function lineOf(line) {
    if (!line.available) return [el("h3", {}, "Against the exact line"), el("p", {}, `No exact line: ${line.why}`)];
    const rows = line.laps.map(l => el("tr", {class: l.lost > 0 ? "mistake" : ""},
      el("td", {class: "num"}, l.lap), el("td", {class: "num"}, l.complete ? l.turns : `${l.turns} (unfinished)`),
      el("td", {class: "num"}, l.solver_turns ?? "–"), el("td", {class: "num loss"}, l.lost ?? "–")));
    // the picture is the server's SVG shown as an image: an image runs nothing
    const picture = line.svg ? el("img", {class: "race-line", alt:
      "The circuit with the exact line (thin, blue) and the car's line (bold, orange), " +
      "a dot where the car stood at the start of each turn",
      src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(line.svg)}) : null;
    return [el("h3", {}, `Laps against the solver's exact line (${line.solver_turns} turns)`),
      ...(picture ? [el("div", {class: "table-scroll"}, picture)] : []),
      el("table", {class: "review-table laps"},
        el("thead", {}, el("tr", {}, ["Lap", "Turns", "Exact line", "Turns lost"].map(h => el("th", {}, h)))),
        el("tbody", {}, rows)),
      ...line.notes.map(n => el("p", {class: "note"}, n))];
  }

  function markCurrent() {
    for (const row of box.querySelectorAll(".jump"))
      row.classList.toggle("current", Number(row.dataset.step) === shownStep);
  }

  find("review-start").addEventListener("click", start);
}
