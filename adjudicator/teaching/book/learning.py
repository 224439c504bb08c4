"""The book's pages for a beginner: the primer (primer.html: how a deal goes, at the table) and
the glossary (glossary.html: each term, its meaning and the laws that use it); the glossary's
entries for the index's search and for a law page's "In the glossary, for this law"."""
from __future__ import annotations

from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from ...lawbook.laws import LawBook
from ...words.glossary import Entry, changed_here, default_glossary, heading, source
from ...words.rules import said
from ...words.vocabulary import fold
from .. import primer, svg
from .edition import Edition
from .names import page_name

PRIMER = "primer.html"
GLOSSARY = "glossary.html"


def _entry(e: Entry, book: LawBook, ed: Edition) -> dict[str, Any]:
    """An entry as the book's glossary gives it: under rules that change a law its meaning rests
    on, their rule first (`here`), the London meaning after it."""
    here = changed_here(e, ed.rules, ed.short)
    return {"slug": e.slug, "heading": heading(e), "term": e.term, "also": e.also, "meaning": e.meaning,
            "here": here, "london": said("book", "glossary_here") if here else None,
            "reading": e.reading, "quote": e.quote.text if e.quote else None,
            "cite": source(e.quote) if e.quote else None,
            "laws": [{"n": n, "href": page_name(n), "title": ed.rules.title(n, book.laws[n].title)} for n in e.laws]}


def pages(env: Environment, book: LawBook, ed: Edition) -> dict[str, str]:
    """The primer's page and the glossary's, by file name, under the book's rules (`ed`)."""
    view = primer.page_view()
    view["steps"] = [{**s, "svg": Markup(s["svg"])} for s in view["steps"]]
    return {PRIMER: env.get_template("primer.html.j2").render(primer=view, sprite=Markup(svg.sprite())),
            GLOSSARY: env.get_template("glossary.html.j2").render(
                entries=[_entry(e, book, ed) for e in default_glossary()])}


def search_entries() -> list[dict[str, Any]]:
    """The glossary for the index's search (book.js): each entry's names folded, its anchor,
    its heading, its meaning and its laws."""
    return [{"names": [fold(n) for n in e.names], "href": f"{GLOSSARY}#{e.slug}", "heading": heading(e),
             "meaning": " ".join(e.meaning.split()), "laws": [{"n": n, "href": page_name(n)} for n in e.laws]}
            for e in default_glossary()]


def terms_of(number: int) -> list[dict[str, str]]:
    """The glossary's entries whose laws include this one, for its page."""
    return [{"href": f"{GLOSSARY}#{e.slug}", "heading": heading(e)} for e in default_glossary() if number in e.laws]
