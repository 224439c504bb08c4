"""A scenario replayed for the book: the table after every event (`replay_frames`, as the quiz
has it) and the event in words, as plain data to draw."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...record.log import read_file
from ...engine.errors import ReplayError
from ...engine.ruling import Ruling
from ..snapshot import card_text, event_words, replay_frames
from ...record.source import LogError
from ...words.vocabulary import default_words
from ...words.happened import summary_text


@dataclass
class BookScenario:
    """One scenario of the book: its header, its rulings, and the table after each event."""

    path: str
    rules: str     # the rule set its record names
    title: str
    description: str
    players: list[str]
    frames: list[dict[str, Any]]
    rulings: list[dict[str, Any]]
    score: dict[str, int]
    winner: str | None
    ignored: list[int]

    def moment(self, law: int) -> int:
        """The frame to open on: this law's first ruling, else the first that cites it, else the
        first ruling, else the end."""
        events = ([r["event"] for r in self.rulings if r["law"] == law]
                  or [r["event"] for r in self.rulings if law in r["laws"]] or [r["event"] for r in self.rulings])
        return min(events) if events else len(self.frames)


def _ruling(r: Ruling) -> dict[str, Any]:
    words = default_words()
    return {"law": r.law, "laws": list(r.laws), "case": r.case, "event": r.event, "deal": r.deal,
            "irregularity": words.irregularity(r.irregularity), "offender": r.offender,
            "chooser": r.chooser, "options": [words.remedy(o, r) for o in r.options],
            "elected": words.remedy(r.elected, r) if r.elected else None,
            "elected_card": card_text(r.elected_card) if r.elected_card else None,
            "claimed": r.claimed, "summary": summary_text(r.summary, options=r.options), "note": r.note,
            "open_point": r.open_point}


def ruled_cards(r: Ruling) -> list[str]:
    """The cards a ruling is about, as what happened names them (the card revoked with, the card
    exposed, the cards turned up); not the card led to, which is only where it happened."""
    out: list[str] = []
    for _, values in r.what:
        for name in ("card", "cards"):
            value = values.get(name)
            for card in (value if isinstance(value, (list, tuple)) else [value]):
                if card is not None and str(card) not in out:
                    out.append(str(card))
    return out


def replay_scenario(path: Path, root: Path) -> BookScenario:
    """Replay a scenario and keep the table after each event; `LogError` if it cannot be."""
    log = read_file(str(path))
    try:
        report, tables = replay_frames(log)
    except ReplayError as e:
        raise LogError(str(path), [str(e)]) from None
    frames = [{"n": n, **table} for n, table in enumerate(tables[1:], 1)]   # the table after event n
    cut: dict[str, list[str]] = {}   # the cards shown in the cut for deal, until a deal begins
    for frame, event in zip(frames, log.events):
        frame["words"] = event_words(event)
        if event.event == "cut_for_deal":
            cut[event.by] = [str(c) for c in ([event.card] if event.card else event.cards or [])]
        if frame["deal"] is not None:
            cut = {}
        frame["cut"] = dict(cut)
    rulings = sorted((_ruling(r) for r in report.rulings), key=lambda r: r["event"])
    for r in rulings:
        frames[r["event"] - 1].setdefault("ruled", []).append(r["law"])
    for r in report.rulings:   # the card a ruling is about, ringed on the table at its moment
        frame = frames[r.event - 1]
        for card in ruled_cards(r):
            if card not in frame.setdefault("ruled_cards", []):
                frame["ruled_cards"].append(card)
    return BookScenario(path=str(path.relative_to(root)), rules=log.rules, title=log.title or path.stem,
                    description=log.description or "", players=list(log.players), frames=frames,
                    rulings=rulings, score=report.score, winner=report.winner,
                    ignored=list(report.ignored_events))
