"""`ecarte table --page FILE` (and the book's table.html): the table companion, one offline page
for a phone that keeps the score of a game deal by deal, says the laws as it goes, and gives the
game back as a log (LOG_FORMAT.md) that `ecarte validate` reads.

The page computes nothing the engine has not: its tables (`scoresheet.tables`: what a hand, a
king, a double or an offer scores, who deals next, the game's value, a pool's or a match's next
game) are made here at build time by the engine's own functions, and its script only looks
them up and adds. A deal is recorded by its result (the card turned up, the proposals and
answers, a king announced, a double or an offer, the tricks): the log says `count` where the
cards were not recorded and `tricks` for the result. The irregularity button opens the dispute
interview, `resolve.html` beside the page.
"""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ..lawbook.laws import LawBook, default_book
from ..lawbook.rulesets import InForce, chosen
from ..record.writing import write_text
from .page import ICON, WORKER, worker
from ..words.vocabulary import default_words
from .scoresheet import tables
from .telling import rules_line

HERE = Path(__file__).resolve().parent
DISPUTE = "resolve.html"   # the dispute interview the irregularity button opens, beside the page


def _words(rules: InForce) -> dict[str, str]:
    """The page's words (table.yaml's `page`), and the line that says the rules it keeps the
    score under (the dispute page's own)."""
    words = default_words()
    out = words.table.page.model_dump()
    out["rules"] = rules_line(SimpleNamespace(rules=rules, words=words))   # type: ignore[arg-type]
    return out


def render(rules: InForce | None = None, players: list[str] | None = None, book: LawBook | None = None,
           dispute: str = DISPUTE, start: str = "table.html") -> str:
    """The page: the tables and the words inline, no request outside the file; `start`: its own
    file name, which the phone opens when the page is added to the home screen."""
    rules = rules or chosen(None)
    book = book or default_book()
    count = 3 if rules.options.pool else 2
    names = list(players or ["A", "Y", "Z"][:count])
    if len(names) != count:
        raise ValueError(f"--players: {'three' if count == 3 else 'two'} names are needed under these rules")
    words = _words(rules)
    data = {"tables": tables(rules, book), "words": words, "players": names, "worker": WORKER}
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    manifest = json.dumps({"name": words["title"], "short_name": "Écarté score", "start_url": start,
                           "display": "standalone", "background_color": "#fbfaf6", "theme_color": "#14532d",
                           "icons": [{"src": "data:image/svg+xml," + quote(ICON), "sizes": "any",
                                      "type": "image/svg+xml"}]}, ensure_ascii=False)
    env = Environment(loader=FileSystemLoader(HERE), autoescape=True, undefined=StrictUndefined)
    return env.get_template("table.html.j2").render(words=words, data=Markup(blob), manifest=manifest, icon=ICON,
                                                     dispute=dispute)


def write(path: Path, rules: InForce | None = None, players: list[str] | None = None,
          dispute: str = DISPUTE) -> list[Path]:
    """Write the page and the service worker beside it, each whole or not at all; the files written."""
    return [write_text(p, text) for p, text in
            ((path, render(rules, players, dispute=dispute, start=path.name)), (path.with_name(WORKER), worker()))]
