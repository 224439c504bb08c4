"""The book's pages: the law book and its scenarios put into the jinja2 templates."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from .. import svg
from ...lawbook.laws import Case, LawBook
from ...lawbook.rulesets import DEFAULT, rule_sets
from ..snapshot import cards_in
from ...words.learner import case_summary, for_people, italics_html, parted, scenario_title as short_title
from ...words.search import ENDINGS, fields
from ...words.vocabulary import default_words, fold
from .edition import Edition, in_force, index_mark, played_under, scoring
from .frames import BookScenario
from .learning import search_entries, terms_of
from .names import page_name
from .rulesets import entries as ruleset_entries, notices, page_name as ruleset_page

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
_LAW_MENTION = re.compile(r"\b([Ll]aws?)(\s+)(\d+(?:(?:,\s*|\s+(?:and|or|to)\s+)\d+)*)")
_NUMBER = re.compile(r"\d+")


def environment(ed: Edition) -> Environment:
    """The templates, each page given the book's edition (`edition`: its name, its masthead)."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals["edition"] = ed
    env.filters["laws"] = linked
    env.filters["sentence"] = sentence
    env.filters["italics"] = lambda m: Markup(italics_html(str(m)))
    env.filters["capfirst"] = lambda text: text[:1].upper() + text[1:]
    return env


def sentence(text: str) -> str:
    """A ruling's words for a reader: a capital to begin, cards written with their suits, an
    event's number as the scenario's step."""
    text = for_people(cards_in(text), steps=True)
    return text[:1].upper() + text[1:]


def linked(text: str | None) -> Markup:
    """Text made safe for HTML, with each law it names ("law 17", "laws 9 and 15") a link, and
    an event's number said as the scenario's step."""
    if not text:
        return Markup("")
    text = for_people(str(text), steps=True)

    def numbers(m: re.Match) -> str:
        inner = _NUMBER.sub(lambda d: f'<a href="{page_name(int(d.group()))}">{d.group()}</a>'
                            if 1 <= int(d.group()) <= 51 else d.group(), m.group(3))
        return m.group(1) + m.group(2) + inner

    linked_text = _LAW_MENTION.sub(numbers, str(escape(text)))
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", linked_text))   # log syntax, as code


def mentioned(texts: list[str]) -> set[int]:
    """The laws that some text names."""
    found: set[int] = set()
    for text in texts:
        for m in _LAW_MENTION.finditer(text or ""):
            found.update(int(d) for d in _NUMBER.findall(m.group(3)) if 1 <= int(d) <= 51)
    return found


def when_words(case: Case) -> list[str]:
    """The conditions of a case, one clause each, in the words of `laws/words/facts.yaml`."""
    words = default_words()
    irregularity = case.irregularities[0] if case.irregularities else None
    return [words.phrase(name, v, irregularity) for name, v in case.when.items()]


def case_view(case: Case, number: int) -> dict[str, Any]:
    words = default_words()
    note, note_dev = parted(case.note)
    return {
        "id": case.id, "irregularities": [words.irregularity(i) for i in case.irregularities],
        "when": when_words(case), "offender": words.role(case.offender),
        "chooser": words.role(case.chooser) if case.chooser else None,
        "options": [words.case_option(o, case) for o in case.options],
        "otherwise": words.option(case.otherwise) if case.otherwise else None,
        "effects": {("always" if k == "always" else words.option(k)): [words.scores.effects[e] for e in v]
                    for k, v in case.effects.items()},
        "cites": case.cites, "summary": case_summary(case, words), "note": note, "note_dev": note_dev,
        "open_point": case.open_point,
        "cited_as": f"{number}:{case.id}",
    }


def _titled(text: str, titles: dict[str, tuple[str, str]]) -> str:
    """A story's mentions of another scenario by file name, as its title in quotes."""
    return re.sub(r"\b(law\d\d-[a-z0-9-]+|[a-z0-9]+(?:-[a-z0-9]+)+)(?:\.yaml)?\b",
                  lambda m: f"“{titles[m.group(1)][0]}”" if m.group(1) in titles else m.group(), text)


def scenario_view(s: BookScenario, tables: list[str], *, law: int, titles: dict[str, tuple[str, str]],
                  ed: Edition) -> dict[str, Any]:
    """A scenario as a law page shows it; `titles` gives each scenario's title and page by its
    file name, for a story that names another scenario; `ed`: the book's, whose rules a
    scenario played under others says it is."""
    description, description_dev = parted(_titled(s.description, titles))
    rulings = [{**r, **dict(zip(("note", "note_dev"), parted(r["note"])))} for r in s.rulings]
    title = for_people(short_title(s.title))
    return {"id": "scenario-" + Path(s.path).stem, "title": title, "short": title,
            "description": description, "description_dev": description_dev,
            "path": s.path, "moment": s.moment(law), "played_under": played_under(ed, s.rules),
            "players": s.players, "rulings": rulings,
            "frames": [{"n": f["n"], "words": f["words"], "ruled": f.get("ruled", []), "svg": Markup(t)}
                       for f, t in zip(s.frames, tables)],
            "score": s.score, "winner": s.winner, "ignored": s.ignored}


def tables(s: BookScenario) -> list[str]:
    """The table drawn after each event of a scenario."""
    labels = default_words().labels("book")
    return [svg.table(f, s.players, labels) for f in s.frames]


def law_page(env: Environment, book: LawBook, number: int, groups: list[dict[str, Any]], ed: Edition) -> str:
    """A law's page under the book's rules (their words first where they change it: `here`);
    `groups` its scenarios as a learner meets them: each group's id, title and scenarios
    (`scenario_view`), the plain case first."""
    law = book.laws[number]

    def title(n: int) -> str:   # a law's title under the book's rules
        return ed.rules.title(n, book.laws[n].title)

    scenarios = [s for g in groups for s in g["scenarios"]]
    numbers = sorted(book.laws)
    i = numbers.index(number)
    named = (set(law.related) | {n for c in law.cases for n in c.cites}
             | mentioned([law.text, law.reading] + [c.note or "" for c in law.cases])) - {number}
    return env.get_template("law.html.j2").render(
        law=law, number=number, file=f"laws/{book.sources[number].name}",
        prev={"n": numbers[i - 1], "href": page_name(numbers[i - 1]), "title": title(numbers[i - 1])} if i else None,
        next={"n": numbers[i + 1], "href": page_name(numbers[i + 1]), "title": title(numbers[i + 1])}
        if i + 1 < len(numbers) else None, title=title(number),
        cases=[case_view(c, number) for c in law.cases], scoring=scoring(ed, law), here=in_force(ed, number),
        named=[{"n": n, "href": page_name(n), "title": title(n)} for n in sorted(named) if n in book.laws],
        scenarios=scenarios, groups=groups, sprite=Markup(svg.sprite()) if scenarios else "", page_name=page_name,
        notices=notices(number, ed.rules, ed.short), terms=terms_of(number))


def index_page(env: Environment, book: LawBook, shown: dict[int, int], ed: Edition) -> str:
    """The index: each law under the book's rules (its title there), with how many cases and
    scenarios (`shown`, by law) its page has; the search's index; the rule sets."""
    entries = [{"n": n, "href": page_name(n), "title": ed.rules.title(n, law.title),
                "fields": [text for _, text in fields(law)] + _words_here(ed, n),
                "count": len(law.cases), "scenarios": shown.get(n, 0),
                "here": index_mark(ed, n) if n in ed.rules.changes else None}
               for n, law in sorted(book.laws.items())]
    synonyms = [[fold(t) for t in group] for group in default_words().synonyms]
    index = json.dumps({"laws": entries, "synonyms": synonyms, "endings": ENDINGS, "glossary": search_entries()},
                       ensure_ascii=False).replace("</", "<\\/")
    rs = rule_sets()[ed.rules.rules]
    return env.get_template("index.html.j2").render(laws=entries, index=Markup(index), rule_sets=ruleset_entries(book),
                                                    own=None if rs.name == DEFAULT else {
                                                        "title": rs.title, "summary": rs.summary, "silence": rs.silence,
                                                        "href": ruleset_page(rs.name)})


def _words_here(ed: Edition, number: int) -> list[str]:
    """What the book's rules say of a law in their own words, for the search to find too."""
    change = ed.rules.changes.get(number)
    return [] if change is None else [t for t in (change.text, change.because, change.reading) if t]
