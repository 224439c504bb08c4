"""`ecarte primer` and the book's primer page: how a deal goes, for someone who has never played.

The words are laws/words/primer.yaml's (`words.primer`); the tables are the book's own, drawn
from the scenario it follows (replayed as a law page's is, `book.frames.replay_scenario`) after
each step's event: as text for a terminal (`table_text.draw`, as the quiz draws them) or as SVG
for the book (`svg.table`).
"""
from __future__ import annotations

from ..lawbook.places import ROOT
from ..words.primer import Primer, default_primer
from ..words.textwidth import law_mentions, wrap
from ..words.vocabulary import WordsError, default_words
from . import svg
from .book.frames import replay_scenario
from .table_text import WIDTH, draw


def _checked(primer: Primer, events: int) -> Primer:
    if primer.steps[-1].at > events:
        raise WordsError(f"primer.yaml: step at {primer.steps[-1].at}: {primer.scenario} has {events} events")
    return primer


def text(colour: bool = False, columns: int = WIDTH) -> str:
    """The primer for a terminal: each step's title, its table and its words, `columns` wide
    (80 at most: the table's width). `LogError` if the scenario cannot be read."""
    primer = default_primer()
    scenario = replay_scenario(ROOT / primer.scenario, ROOT)
    _checked(primer, len(scenario.frames))
    labels = default_words().labels("terminal")
    columns = min(columns, WIDTH)

    def para(words: str) -> list[str]:
        words = " ".join(words.split())
        return wrap(words, "", "", columns, whole=law_mentions(words))

    out = [primer.title, ""] + para(primer.intro)
    for n, step in enumerate(primer.steps, 1):
        frame = scenario.frames[step.at - 1]
        frame = {**frame, "cut": {p: cards[-1] for p, cards in frame["cut"].items()}}   # the card each shows
        out += ["", f"{n}. {step.title}", draw(frame, labels, colour)] + para(step.text)
        if step.reading:
            out += para("A reading: " + step.reading)
    out += [""] + para(primer.closing)
    out += [""] + para("Next: ecarte glossary (the words of the game), ecarte laws (the laws), "
                       "ecarte quiz (questions on the rulings).")
    return "\n".join(out)


def page_view() -> dict:
    """The primer for the book's page: its words, and each step with its SVG table."""
    primer = default_primer()
    scenario = replay_scenario(ROOT / primer.scenario, ROOT)
    _checked(primer, len(scenario.frames))
    labels = default_words().labels("book")
    steps = [{"n": n, "title": s.title, "text": s.text, "reading": s.reading, "laws": s.laws,
              "svg": svg.table(scenario.frames[s.at - 1], scenario.players, labels)}
             for n, s in enumerate(primer.steps, 1)]
    return {"title": primer.title, "intro": primer.intro, "steps": steps, "closing": primer.closing}
