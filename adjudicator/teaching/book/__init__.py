"""`ecarte book`: the law book as static HTML pages that work offline.

An index with a search over an index embedded in the page (the laws and the glossary), the
primer (primer.html: how a deal goes) and the glossary (glossary.html), and a page per law: its text,
its reading, its cases in words, the laws it names, where another rule set changes it, and each
scenario that shows it drawn as a card table after every event, with its rulings; and a page per
rule set (rules-NAME.html): its options and their defaults, and its differences from the London
laws point by point, each side in its source's own words. Local CSS and JS only; nothing is fetched.
"""
from __future__ import annotations

from pathlib import Path

from ...lawbook.laws import LawBook
from ...lawbook.places import SCENARIOS_DIR
from ...lawbook.rulesets import InForce
from ...lawbook.scenarios import for_learner
from ...record.writing import copy_file, write_text
from ...words.lawviews import group_headings
from .edition import edition
from .frames import BookScenario, replay_scenario
from .learning import pages as learning_pages
from .rulesets import pages as ruleset_pages
from .render import STATIC, environment, index_page, law_page, page_name, scenario_view, short_title, tables


class BookError(OSError):
    """The book cannot be written where it was asked to be."""


def build(out: Path, book: LawBook, disputes: dict[str, str] | None = None, asked: InForce | None = None) -> list[Path]:
    """Write the book into `out` (made if need be) under the rules `asked` (the London laws if
    None); the pages written; `disputes`: the dispute page each rule set's page links to
    (`rulesets.dispute_pages`). `BookError` (an OSError) when `out` is not a folder that can be
    written, `LogError` when a scenario cannot be read."""
    if out.exists() and not out.is_dir():
        raise BookError("it is a file, not a folder")
    out.mkdir(parents=True, exist_ok=True)
    ed = edition(asked)
    env = environment(ed)
    root = SCENARIOS_DIR.parent
    shown = {n: for_learner(n, book.laws[n].plain, ed.rules) for n in sorted(book.laws)}
    replayed: dict[str, tuple[BookScenario, list[str]]] = {}
    titles: dict[str, tuple[str, str]] = {}   # by file name: the title, and where it is shown
    for number, grouped in shown.items():
        for rel in (rel for _, rels in grouped for rel in rels):
            if rel not in replayed:
                scenario = replay_scenario(root / rel, root)
                replayed[rel] = (scenario, tables(scenario))
                titles[Path(rel).stem] = (short_title(scenario.title), page_name(number) + "#scenario-" + Path(rel).stem)
    written = []
    for number, grouped in shown.items():   # the plain case first, then the others by what they add
        headings = group_headings(ed.short, number in ed.rules.changes)
        groups = [{"id": group, "title": headings[group],
                   "scenarios": [scenario_view(*replayed[rel], titles=titles, law=number, ed=ed) for rel in rels]}
                  for group, rels in grouped]
        written.append(_write(out / page_name(number), law_page(env, book, number, groups, ed)))
    for name, text in {**learning_pages(env, book, ed), **ruleset_pages(env, book, disputes)}.items():
        written.append(_write(out / name, text))
    counts = {n: sum(len(rels) for _, rels in grouped) for n, grouped in shown.items()}
    written.append(_write(out / "index.html", index_page(env, book, counts, ed)))
    for asset in sorted(STATIC.iterdir()):
        copy_file(asset, out / asset.name)
    return written


def _write(path: Path, text: str) -> Path:
    return write_text(path, text)   # whole or not at all: an interrupted run leaves the old page
