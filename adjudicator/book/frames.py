"""A scenario replayed for the book: the table after every event, as plain data to draw."""
from __future__ import annotations

from dataclasses import asdict, dataclass, is_dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..cards import RANKS, SUITS
from ..log import read_file
from ..replay import Replay, ReplayError
from ..ruling import Ruling
from ..snapshot import snapshot
from ..source import LogError
from ..words import default_words

WORDS = Path(__file__).resolve().parent / "words.yaml"
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass
class Scenario:
    """One scenario of the book: its header, its rulings, and the table after each event."""

    path: str
    title: str
    description: str
    players: list[str]
    frames: list[dict[str, Any]]
    rulings: list[dict[str, Any]]
    score: dict[str, int]
    winner: str | None
    ignored: list[int]

    def moment(self, law: int) -> int:
        """The frame to open on: this law's first ruling, else the first ruling, else the end."""
        events = [r["event"] for r in self.rulings if r["law"] == law or law in r["laws"]]
        events = events or [r["event"] for r in self.rulings]
        return min(events) if events else len(self.frames)


def card_words(card: Any) -> str:
    """A card as a learner reads it: `K♣`, `10♥`."""
    text = str(card)
    return text[:-1] + SUIT_SIGNS[text[-1]]


def _snapshot(replay: Replay, n: int) -> dict[str, Any]:
    """What lies on the table after event n, in card notation (`snapshot`, shared with the quiz)."""
    return {"n": n, **snapshot(replay)}


def _ruling(r: Ruling) -> dict[str, Any]:
    words = default_words()
    return {"law": r.law, "laws": list(r.laws), "case": r.case, "event": r.event, "deal": r.deal,
            "irregularity": words.irregularity(r.irregularity), "offender": r.offender,
            "chooser": r.chooser, "options": [words.option(o) for o in r.options],
            "elected": words.option(r.elected) if r.elected else None,
            "elected_card": card_words(r.elected_card) if r.elected_card else None,
            "claimed": r.claimed, "summary": r.summary, "note": r.note}


@lru_cache(maxsize=1)
def book_words() -> dict[str, dict[str, Any]]:
    """The book's own words (`words.yaml`): the table's labels and the events'."""
    return yaml.load(WORDS.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _field_words(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_field_words(v) for v in value)
    if hasattr(value, "suit") and hasattr(value, "rank"):
        return card_words(value)
    words = default_words()
    if isinstance(value, str) and value in words.options:
        return words.option(value)
    if isinstance(value, str) and value in words.irregularities:
        return words.irregularity(value)
    if isinstance(value, str) and value in SUIT_SIGNS:
        return SUIT_SIGNS[value]
    return str(value).replace("_", " ")


def event_words(event: Any) -> str:
    """One event of a log in words, from the phrases of `words.yaml`."""
    fields = asdict(event) if is_dataclass(event) else event.model_dump(by_alias=True)
    fields.pop("event", None)
    if "for_" in fields:
        fields["for"] = fields.pop("for_")
    spec = book_words()["events"][event.event]
    given = {k: _field_words(v) for k, v in fields.items() if v not in (None, False, [])}
    if spec.get("each"):   # a summary like `tricks: {A: 3, Y: 2}`
        given["each"] = ", ".join(spec["each"].format(key=k, value=v) for k, v in given.items())
    if "cards" in given:
        given["what"] = given["cards"]
    elif "count" in fields and fields["count"] is not None:
        given["what"] = f"{fields['count']} card" + ("s" if fields["count"] != 1 else "")
    words = spec["words"]
    for name, phrase in (spec.get("with") or {}).items():
        if name in given:
            words += " " + phrase
    return words.format_map(_Blank(given))


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def replay_scenario(path: Path, root: Path) -> Scenario:
    """Replay a scenario and keep the table after each event; `LogError` if it cannot be."""
    log = read_file(str(path))
    replay = Replay(log)
    frames: list[dict[str, Any]] = []

    def observe(r: Replay, n: int) -> None:
        del frames[n - 1:]   # a replay that starts again (a game won at a provisional point) replaces
        frames.append(_snapshot(r, n))

    try:
        report = replay.run(observe=observe)
    except ReplayError as e:
        raise LogError(str(path), [str(e)]) from None
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
    return Scenario(path=str(path.relative_to(root)), title=log.title or path.stem,
                    description=log.description or "", players=list(log.players), frames=frames,
                    rulings=rulings, score=report.score, winner=report.winner,
                    ignored=list(report.ignored_events))
