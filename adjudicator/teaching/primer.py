"""`ecarte primer` and the book's primer page: how a deal goes, for someone who has never played.

The words are laws/words/primer.yaml's (`words.primer`); the tables are the book's own, drawn
from the scenario it follows (replayed as a law page's is, `book.frames.replay_scenario`) after
each step's event: as text for a terminal (`table_text.draw`, as the quiz draws them) or as SVG
for the book (`svg.table`).
"""
from __future__ import annotations

import re

from ..lawbook.places import ROOT
from ..words.primer import Primer, default_primer
from ..words.textwidth import law_mentions, wrap
from ..words.vocabulary import WordsError, default_words
from . import svg
from .book.frames import replay_scenario
from .table_text import WIDTH, draw

SCORE = re.compile(r"\b[AY] \d, [AY] \d")   # a score told ("A 3, Y 2"), kept on one line


def _checked(primer: Primer, events: int) -> Primer:
    if primer.steps[-1].at > events:
        raise WordsError(f"primer.yaml: step at {primer.steps[-1].at}: {primer.scenario} has {events} events")
    return primer


def _reading(label: str, words: str, colour: bool, columns: int) -> list[str]:
    """A reading set off from the step's words: indented under a bar, its label in italics
    with colour, so that it is not taken for a player's move or the laws' words."""
    lines = wrap(" ".join(f"{label} {words}".split()), "  │ ", "", columns,
                 whole=(label, *law_mentions(words)))
    if colour:
        lines[0] = lines[0].replace(label, f"\x1b[3m{label}\x1b[0m", 1)
    return lines


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
        return wrap(words, "", "", columns, whole=law_mentions(words) + tuple(SCORE.findall(words)))

    out = [primer.title]
    for paragraph in primer.intro:
        out += [""] + para(paragraph)
    for n, step in enumerate(primer.steps, 1):
        frame = scenario.frames[step.at - 1]
        frame = {**frame, "cut": {p: cards[-1] for p, cards in frame["cut"].items()}}   # the card each shows
        out += ["", f"{n}. {step.title}", draw(frame, labels, colour)]
        out += para(f"{primer.moment_label} {frame['words']}") + [""] + para(step.text)
        if step.reading:
            out += _reading(primer.reading_label, step.reading, colour, columns)
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
              "words": scenario.frames[s.at - 1]["words"],
              "svg": svg.table(scenario.frames[s.at - 1], scenario.players, labels)}
             for n, s in enumerate(primer.steps, 1)]
    return {"title": primer.title, "reading_label": primer.reading_label, "moment_label": primer.moment_label,
            "intro": primer.intro, "steps": steps, "closing": primer.closing}
