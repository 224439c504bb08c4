"""`ecarte resolve --page FILE` (and the book's resolve.html): the interview as one offline page.

The interview is a pure function of the answers (`Resolve.step`), so it can be walked once, at
build time, over every answer to every question ("I don't know" included). Each node of the
walk is a question or an ending; the page carries them all and needs no Python at the table.
Every text is stored once (a table of strings), every question and every ending once; an
ending is the ruling `resolve` tells for that path, line by line, with what a program compares
(law, options, score).
"""
from __future__ import annotations

import json
from urllib.parse import quote
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ..lawbook.laws import default_book
from ..record.writing import write_text
from ..words.interview import Question, Turn
from ..words.vocabulary import default_words
from . import graphcache
from .handback import handback
from .resolve import Resolve
from .telling import rules_line

HERE = Path(__file__).resolve().parent
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" '
        'fill="#14532d"/><text x="32" y="46" font-size="40" text-anchor="middle" fill="#fff">♠</text></svg>')
SCREEN = 10   # the choices a phone's screen shows at once
WORKER = "resolve-sw.js"   # the service worker, beside the page; registered only over http(s)


class _Table:
    """Values stored once, each by its index."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[str, int] = {}

    def add(self, value: Any) -> int:
        key = json.dumps(value, sort_keys=True, ensure_ascii=False)
        if key not in self._index:
            self._index[key] = len(self.items)
            self.items.append(value)
        return self._index[key]


def _outcomes(final: dict[str, Any]) -> list[dict[str, Any]]:
    """What a program compares of an ending: each outcome's law (or rule), options and score."""
    told = final.get("outcomes_if") or [final]
    out = []
    for t in told:
        ruling = t.get("ruling")
        out.append({"law": ruling and ruling["law"], "rule": ruling and ruling.get("rule"),
                    "options": ruling and ruling["options"], "score": t.get("score")})
    return out


def graph(res: Resolve) -> dict[str, Any]:
    """Every node of the interview: `nodes[i]` is `[question, [child...]]` or `[-1, ending]`;
    node 0 is the first question; texts, questions and endings are indices into their tables."""
    texts, questions, endings = _Table(), _Table(), _Table()
    nodes: list[list[Any]] = []
    todo: list[tuple[int, tuple]] = [(0, ())]
    nodes.append([])
    while todo:
        at, path = todo.pop()
        turn = res.step(list(path))
        if turn.question is None:
            nodes[at] = [-1, endings.add(_ending(res, turn, texts))]
            continue
        children = []
        for choice in turn.question.choices:
            children.append(len(nodes))
            nodes.append([])
            todo.append((children[-1], path + (choice.value,)))
        nodes[at] = [questions.add(_question(turn.question, texts)), children]
    return {"texts": texts.items, "questions": questions.items, "endings": endings.items, "nodes": nodes}


def kept_graph(res: Resolve) -> dict[str, Any]:
    """`graph(res)`, from the cache on disk where it was walked before under the same law book,
    code, rules and players (`graphcache`); a law book or words of the caller's own are walked."""
    if res.book is not default_book() or res.words is not default_words():
        return graph(res)
    k = graphcache.key(res.rules.rules, res.rules.options.to_json(), res.players)
    found = graphcache.read(k)
    if found is None:
        found = graph(res)
        graphcache.write(k, found)
    return found


def _question(q: Question, texts: _Table) -> dict[str, Any]:
    out: dict[str, Any] = {"id": q.id, "f": q.fact, "t": texts.add(q.text),
                           "c": [[texts.add(c.text), c.key, texts.add(c.group) if c.group else -1] for c in q.choices]}
    if q.why:
        out["w"] = texts.add(q.why)
    if q.group_question and len(q.choices) > SCREEN:   # the moment asked first, as the terminal does
        out["g"] = texts.add(q.group_question)
    return out


def _ending(res: Resolve, turn: Turn, texts: _Table) -> dict[str, Any]:
    """An ending's lines, but the one that says what the person told: the page's chips above
    it say that, each question with its answer; and the ruling as the table page applies it
    (`handback`)."""
    said = (turn.final or {}).get("told")
    told = [line for line in turn.final_lines if line[1] != said]
    while told and not told[-1][1]:
        told.pop()
    outcomes = _outcomes(turn.final or {})
    laws = sorted({o["law"] for o in outcomes if o["law"] is not None})
    return {"l": [[len(indent) // 2, texts.add(text)] for indent, text in told], "o": outcomes, "laws": laws,
            "s": turn.status, "a": handback(turn.final or {}, res.book, res.words, texts)}


def render(res: Resolve, law_pages: dict[int, str] | None = None) -> str:
    """The page: the graph and the words inline, no request outside the file. `law_pages` (the
    book's page of each law, beside this one) links each ending to its law."""
    env = Environment(loader=FileSystemLoader(HERE), autoescape=True, undefined=StrictUndefined)
    words = {k[len("page_"):]: v for k, v in res.words.interview.items() if k.startswith("page_")}
    words["rules"] = rules_line(res)
    words["named_role"] = res.words.interview["named_role"]
    words["role_d"], words["role_n"] = res.words.role("dealer"), res.words.role("non_dealer")
    data = {"graph": kept_graph(res), "words": words, "worker": WORKER,
            "rules": {"name": res.rules.rules, "options": res.rules.options.to_json()},
            "laws": {str(n): href for n, href in (law_pages or {}).items()}}
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    manifest = json.dumps({"name": words["title"], "short_name": "Écarté", "start_url": ".",
                           "display": "standalone", "background_color": "#fbfaf6", "theme_color": "#14532d",
                           "icons": [{"src": "data:image/svg+xml," + quote(ICON), "sizes": "any",
                                      "type": "image/svg+xml"}]}, ensure_ascii=False)
    return env.get_template("page.html.j2").render(words=words, data=Markup(blob), manifest=manifest, icon=ICON)


def write(folder_file: Path, res: Resolve, law_pages: dict[int, str] | None = None) -> list[Path]:
    """Write the page and its service worker beside it, each whole or not at all
    (`record.writing`); the files written."""
    return [write_text(path, text) for path, text in
            ((folder_file, render(res, law_pages)), (folder_file.with_name(WORKER), worker()))]


def worker() -> str:
    """The service worker: it keeps the page for use with no network (only over http(s))."""
    return (HERE / "page-sw.js").read_text(encoding="utf-8")
