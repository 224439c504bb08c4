/* The law book's two pieces of behaviour: stepping through a scenario (each event's table is
   kept in an inert <template> until shown), and searching the index. */
"use strict";

function stepper(box) {
  const frames = Array.from(box.querySelectorAll("template[data-n]"));
  const view = box.querySelector(".view");
  const range = box.querySelector("input[type=range]");
  const items = Array.from(box.querySelectorAll(".events li"));
  const moment = Number(box.dataset.moment);
  let at = moment;
  function show(n) {
    at = Math.min(Math.max(n, 1), frames.length);
    view.replaceChildren(frames[at - 1].content.cloneNode(true));
    items.forEach((li) => li.classList.toggle("current", Number(li.dataset.n) === at));
    range.value = at;
    box.dataset.at = at;
  }
  const moves = { first: () => 1, prev: () => at - 1, next: () => at + 1,
                  last: () => frames.length, ruling: () => moment };
  box.querySelector(".controls").hidden = false;
  box.addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.go) show(moves[button.dataset.go]());
    else if (button.dataset.n) show(Number(button.dataset.n));
  });
  range.addEventListener("input", () => show(Number(range.value)));
  box.addEventListener("keydown", (e) => {
    if (e.target === range) return;
    if (e.key === "ArrowRight") { show(at + 1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { show(at - 1); e.preventDefault(); }
  });
  show(moment);
}

function words(query) {
  return query.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
}

function snippet(entry, found) {
  /* The first place a word is found, in its sentence, the words marked; as DOM nodes. */
  const fields = [entry.text, entry.reading, entry.cases, entry.title];
  let text = fields.find((t) => found.some((w) => t.toLowerCase().includes(w))) || entry.reading;
  const low = text.toLowerCase();
  const first = Math.min(...found.map((w) => low.indexOf(w)).filter((i) => i >= 0));
  const start = Math.max(0, first - 80);
  text = (start > 0 ? "… " : "") + text.slice(start, first + 160) + (first + 160 < text.length ? " …" : "");
  const pattern = new RegExp("(" + found.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|") + ")", "gi");
  const nodes = [];
  text.split(pattern).forEach((part, i) => {
    if (i % 2) { const m = document.createElement("mark"); m.textContent = part; nodes.push(m); }
    else nodes.push(document.createTextNode(part));
  });
  return nodes;
}

function search() {
  const input = document.getElementById("q");
  const index = JSON.parse(document.getElementById("search-index").textContent);
  const found = document.getElementById("found");
  const rows = new Map(Array.from(document.querySelectorAll("#laws li")).map((li) => [Number(li.dataset.law), li]));
  function run() {
    const want = words(input.value);
    let shown = 0;
    index.forEach((entry) => {
      const li = rows.get(entry.n);
      const hay = [entry.title, entry.text, entry.reading, entry.cases, "law " + entry.n].join(" ").toLowerCase();
      const hit = want.every((w) => hay.includes(w));
      li.hidden = !hit;
      const p = li.querySelector(".snippet");
      p.hidden = !(hit && want.length);
      if (hit && want.length) p.replaceChildren(...snippet(entry, want));
      if (hit) shown += 1;
    });
    found.textContent = want.length ? (shown ? `${shown} law${shown === 1 ? "" : "s"} found` : "No law mentions that.") : "";
  }
  const params = new URLSearchParams(location.search);
  if (params.get("q")) input.value = params.get("q");
  input.addEventListener("input", run);
  run();
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".scenario").forEach(stepper);
  if (document.getElementById("q")) search();
});
