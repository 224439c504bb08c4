"""The ruling of `ecarte resolve` told as a player needs it, and as JSON (INTERVIEW.md).

Each outcome is the adjudication of the log the situation builder told: the law and its own
words, who may choose and between what (or what is compulsory), what each option would make
the score, and what happens next. Every word comes from laws/words/.
"""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from ..words.interview import Turn
from ..words.report import report_json, ruling_json
from ..lawbook.laws import CompiledCase

if TYPE_CHECKING:
    from .resolve import Resolve, State

WIDTH = 78   # the columns a told ruling fills


def _ruling_json(built) -> dict[str, Any]:
    """The ruling as `adjudicate --json` gives it (with `outcomes` where the report has them)."""
    for r in report_json(built.report)["rulings"]:
        if r["event"] == built.ruling.event and r["irregularity"] == built.ruling.irregularity \
                and r.get("case") == built.ruling.case:
            return r
    return ruling_json(built.ruling)


def _book_json(res: "Resolve", state: "State", case: CompiledCase) -> dict[str, Any]:
    """The ruling from the law book alone, where no log could be told."""
    roles = {"dealer": state.dealer, "non_dealer": state.elder}
    c = case.case
    return {"law": case.law, "irregularity": state.irregularity, "offender": roles.get(c.offender),
            "chooser": roles.get(c.chooser or ""), "options": list(c.options),
            "summary": c.summary, "text": res.book.law(case.law).text, "case": case.ref}


def _cards(log: dict[str, Any]) -> set[str]:
    """The cards the log names (the builder's pack, not the table's)."""
    named: set[str] = set()
    for event in log["events"]:
        for fields in event.values():
            named.update(fields.get("cards", []) + [fields[k] for k in ("card",) if k in fields])
    return named


def _person(res: "Resolve", state: "State", player: str | None) -> str:
    if player is None:
        return res.words.role("nobody")
    role = res.words.role("dealer" if player == state.dealer else "non_dealer")
    return f"{player} ({role})" if res.players else role


def _score(score: dict[str, int]) -> str:
    return ", ".join(f"{p} {n}" for p, n in score.items())


def _words(res: "Resolve", state: "State", ruling: dict[str, Any], built) -> list[str]:
    w = res.words.interview
    lines = [wrap(w["law"].format(law=ruling["law"], title=res.book.law(ruling["law"]).title))]
    lines.append(wrap(ruling["summary"], "  "))
    outcomes = ruling.get("outcomes") or {}
    facts = built.ruling.facts if built is not None else state.asked   # what the case was ruled on
    if ruling["chooser"]:
        chooser = _person(res, state, ruling["chooser"])
        lines.append(wrap(w["chooser"].format(chooser=chooser[:1].upper() + chooser[1:]), "  "))
    else:
        lines.append(wrap(w["compulsory"], "  "))
    for i, option in enumerate(ruling["options"], 1):
        lines.append(wrap(f"{i}. " + w["option"].format(option=res.words.option(option)), "    "))
        lines.append(wrap(w["next"].format(next=res.words.following(option, facts)), "       "))
        if option in outcomes:
            lines.append(wrap(w["option_score"].format(score=_score(outcomes[option]["score"])), "       "))
    if built is not None:
        key = "score_open" if ruling["chooser"] and not ruling.get("elected") else "score"
        lines.append(wrap(w[key].format(score=_score(built.report.score)), "  "))
    else:
        lines.append(wrap(w["no_log"], "  "))
    if built is not None and any(card in ruling["summary"] for card in _cards(built.log)):
        lines.append(wrap(w["cards"], "  "))
    lines.append(wrap(w["quote"], "  "))
    lines.append(wrap(f"\"{ruling['text']}\"", "    "))
    return lines


def tell_ruling(res: "Resolve", state: "State", outcomes: list[tuple[dict, CompiledCase | None]]) -> Turn:
    w = res.words.interview
    told: list[dict[str, Any]] = []
    text: list[str] = []
    for values, case in outcomes:
        if len(outcomes) > 1:
            facts = " and ".join(res.words.phrase(f, v) for f, v in values.items())
            text.append(w["if"].format(facts=facts))
        if case is None:
            told.append({"if": values, "ruling": None, "log": None})
            text.append(w["no_irregularity"])
            continue
        built = res.built(state, values, case=case.ref)
        ruling = _ruling_json(built) if built else _book_json(res, state, case)
        told.append({"if": values, "ruling": ruling, "log": built.log if built else None})
        text += _words(res, state, ruling, built)
        text.append("")
    final: dict[str, Any] = {"ruling": told[0]["ruling"], "log": told[0]["log"]}
    if len(told) > 1:
        final["outcomes_if"] = told
    status = 1 if any(t["ruling"] for t in told) else 0
    return Turn(final=final, final_words="\n".join(text).rstrip(), status=status)


def wrap(text: str, indent: str = "") -> str:
    return "\n".join(textwrap.fill(p, WIDTH, initial_indent=indent, subsequent_indent=indent)
                     for p in text.split("\n"))
