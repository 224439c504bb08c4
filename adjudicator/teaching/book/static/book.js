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

/* The search is `ecarte laws --search`'s (adjudicator/words/search.py): the same fields, made
   at build time, the same synonyms (laws/words/synonyms.yaml), the same whole words with endings,
   and the glossary's entries the query names first (words/glossary.py). */
function fold(text) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

function escaped(w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

function termPattern(term, endings) {
  const head = term.split(/\s+/).map(escaped);
  let last = head.pop();
  if (last.endsWith("e")) last = last.slice(0, -1) + "(?:" + last.slice(-1) + "|(?=ing))";
  return "(?<![a-z0-9])" + head.concat([last + endings]).join("\\s+") + "(?![a-z0-9])";
}

function terms(query, groups, endings) {
  /* The query as groups of alternatives, each to be found, as `terms` in search.py. */
  let rest = " " + fold(query).split(/\s+/).filter(Boolean).join(" ") + " ";
  const found = [];
  const phrases = [];
  groups.forEach((g) => g.forEach((t) => { if (t.includes(" ")) phrases.push([t, g]); }));
  phrases.sort((a, b) => b[0].length - a[0].length);
  phrases.forEach(([phrase, group]) => {
    const m = new RegExp(termPattern(phrase, endings)).exec(rest);
    if (m) { found.push(group); rest = rest.slice(0, m.index) + " " + rest.slice(m.index + m[0].length); }
  });
  rest.split(/\s+/).filter(Boolean).forEach((w) => found.push(groups.find((g) => g.includes(w)) || [w]));
  return found;
}

function snippet(text, start, end) {
  /* The text around a match, the match marked; as DOM nodes. */
  const lo = Math.max(0, start - 80), hi = Math.min(text.length, end + 120);
  const mark = document.createElement("mark");
  mark.textContent = text.slice(start, end);
  return [document.createTextNode((lo > 0 ? "… " : "") + text.slice(lo, start)), mark,
          document.createTextNode(text.slice(end, hi) + (hi < text.length ? " …" : ""))];
}

function glossaryFound(query, entries, endings) {
  /* The glossary's entries the query names, as `found` in words/glossary.py: the longest name
     first, each name found taken out of the query before the shorter ones are looked for. */
  let rest = " " + fold(query).split(/\s+/).filter(Boolean).join(" ") + " ";
  const names = [];
  entries.forEach((e) => e.names.forEach((n) => names.push([n, e])));
  names.sort((a, b) => b[0].length - a[0].length);
  const hits = [];
  names.forEach(([name, e]) => {
    const m = new RegExp(termPattern(name, endings)).exec(rest);
    if (!m) return;
    rest = rest.slice(0, m.index) + " ".repeat(m[0].length) + rest.slice(m.index + m[0].length);
    if (!hits.some((h) => h[1] === e)) hits.push([m.index, e]);
  });
  return hits.sort((a, b) => a[0] - b[0]).map((h) => h[1]);
}

function glossaryItem(e) {
  /* One entry found: its heading, linked to the glossary, its meaning and its laws. */
  const li = document.createElement("li");
  const link = document.createElement("a");
  link.href = e.href;
  link.textContent = e.heading;
  li.append("Glossary: ", link, ". " + e.meaning + " ");
  if (e.laws.length) {
    li.append(e.laws.length === 1 ? "Law " : "Laws ");
    e.laws.forEach((l, i) => {
      const a = document.createElement("a");
      a.href = l.href;
      a.textContent = String(l.n);
      li.append(a, i + 1 < e.laws.length ? ", " : ".");
    });
  }
  return li;
}

function search() {
  const input = document.getElementById("q");
  const index = JSON.parse(document.getElementById("search-index").textContent);
  const found = document.getElementById("found");
  const glossary = document.getElementById("glossary-found");
  const rows = new Map(Array.from(document.querySelectorAll("#laws li")).map((li) => [Number(li.dataset.law), li]));
  const folded = index.laws.map((law) => law.fields.map(fold));
  function run() {
    const groups = terms(input.value, index.synonyms, index.endings);
    const patterns = groups.map((g) => new RegExp(
      g.slice().sort((a, b) => b.length - a.length).map((t) => termPattern(t, index.endings)).join("|")));
    let shown = 0;
    index.laws.forEach((law, i) => {
      const li = rows.get(law.n);
      let first = null;
      const hit = patterns.every((p) => folded[i].some((f, k) => {
        const m = p.exec(f);
        if (m && !first) first = [k, m.index, m.index + m[0].length];
        return Boolean(m);
      }));
      li.hidden = !hit;
      const p = li.querySelector(".snippet");
      p.hidden = !(hit && groups.length);
      if (hit && groups.length && first) p.replaceChildren(...snippet(law.fields[first[0]], first[1], first[2]));
      if (hit) shown += 1;
    });
    const named = groups.length ? glossaryFound(input.value, index.glossary, index.endings) : [];
    glossary.replaceChildren(...named.map(glossaryItem));
    glossary.hidden = !named.length;
    found.textContent = !groups.length ? "" : shown ? `${shown} law${shown === 1 ? "" : "s"} found`
      : named.length ? "No law's words mention that: the glossary's entry above links its laws." : "No law mentions that.";
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
