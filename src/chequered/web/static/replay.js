// The replay viewer: step forwards and backwards; the log follows the board.
"use strict";

const root = document.getElementById("replay");
const $ = id => document.getElementById(id);
const base = `/api/replay/${root.dataset.source}/${root.dataset.ident}`;
let step = 0, total = 0, busy = false;
let target = 0;              // where the viewer wants to be: key presses add up here

// Go to step n. Presses that come while a frame is on its way are never
// dropped: they move the target, and the newest target is fetched next.
function show(n) {
  target = Math.max(0, total ? Math.min(total, n) : n);
  root.dataset.target = target;
  pump();
}

async function pump() {
  if (busy) return;
  busy = true;
  try {
    while (true) {
      const want = target;
      const f = await api("GET", `${base}?step=${want}`);
      if (target !== want && target !== f.step) continue;   // moved on meanwhile
      draw(f);
      if (target === step || target > total) break;
    }
    $("error").textContent = "";
  } catch (err) { $("error").textContent = err.message; }
  busy = false;
}

function draw(f) {
  step = f.step; total = f.total;
  if (target > total) target = total;
  root.dataset.step = step;
  $("replay-title").textContent = `${f.title}: replay`;
  $("board").innerHTML = f.svg;
  $("text").textContent = f.text;
  $("slider").max = total; $("slider").value = step;
  $("stepno").textContent = `step ${step} of ${total}`;
  $("log").replaceChildren();
  for (const entry of f.log) appendLog($("log"), entry);   // runs fold as in the live log
  $("log").scrollTop = $("log").scrollHeight;
  $("result").replaceChildren(...(f.result ? [el("h2", {}, "Classification"), resultTable(f.result, {})] : []));
  // for the review (review.js), which may load after this frame is drawn
  root.lastFrame = f;
  root.dispatchEvent(new CustomEvent("frame", {detail: f}));
}

// Another script on the page (the review) asks for a step by this event.
root.addEventListener("goto", e => show(e.detail));

$("first").onclick = () => show(0);
$("prev").onclick = () => show(target - 1);
$("next").onclick = () => show(target + 1);
$("last").onclick = () => show(total);
$("slider").oninput = e => show(Number(e.target.value));
document.addEventListener("keydown", e => {
  if (e.target.closest && e.target.closest("select")) return;   // the keys choose there
  if (e.key === "ArrowLeft") show(target - 1);
  if (e.key === "ArrowRight") show(target + 1);
  if (e.key === "Home") show(0);
  if (e.key === "End") show(total);
});
show(0);
