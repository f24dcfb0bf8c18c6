// The replay viewer: step forwards and backwards; the log follows the board.
"use strict";

const root = document.getElementById("replay");
const $ = id => document.getElementById(id);
const base = `/api/replay/${root.dataset.source}/${root.dataset.ident}`;
let step = 0, total = 0, busy = false;

async function show(n) {
  if (busy) return;
  busy = true;
  try {
    const f = await api("GET", `${base}?step=${n}`);
    step = f.step; total = f.total;
    root.dataset.step = step;
    $("replay-title").textContent = `${f.title}: replay`;
    $("board").innerHTML = f.svg;
    $("text").textContent = f.text;
    $("slider").max = total; $("slider").value = step;
    $("stepno").textContent = `step ${step} of ${total}`;
    $("log").replaceChildren(...f.log.map(logItem));
    $("log").scrollTop = $("log").scrollHeight;
    $("result").replaceChildren(...(f.result ? [el("h2", {}, "Classification"), resultTable(f.result, {})] : []));
    $("error").textContent = "";
  } catch (err) { $("error").textContent = err.message; }
  busy = false;
}

$("first").onclick = () => show(0);
$("prev").onclick = () => show(Math.max(0, step - 1));
$("next").onclick = () => show(Math.min(total, step + 1));
$("last").onclick = () => show(total);
$("slider").oninput = e => show(Number(e.target.value));
document.addEventListener("keydown", e => {
  if (e.key === "ArrowLeft") show(Math.max(0, step - 1));
  if (e.key === "ArrowRight") show(Math.min(total, step + 1));
});
show(0);
