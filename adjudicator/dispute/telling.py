"""The ruling of `ecarte resolve` told as a player needs it, and as JSON (INTERVIEW.md).

Each outcome is the adjudication of the log the situation builder told: the law and its own
words, who may choose and between what (or what is compulsory), what each option would make
the score, and what happens next; or, where the facts of the hand show no irregularity, that
there is none and why the score is what it is. The cards the telling chose are named. Every
word comes from laws/words/.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dataclasses import replace

from ..words.happened import summary_text
from ..words.interview import Turn
from ..words.report import report_json, ruling_json
from ..words.scores import final_now, lines
from ..words.textwidth import wrap as _wrapped
from ..lawbook.laws import CompiledCase

if TYPE_CHECKING:
    from .resolve import Resolve, State

WIDTH = 78   # the columns a told ruling fills
Line = tuple[str, str]   # a line of a told ruling: its indent and its text, unwrapped (the page wraps its own)


def _ruling_json(built, ruling) -> dict[str, Any]:
    """The ruling as `adjudicate --json` gives it (with `outcomes` where the report has them)."""
    for r in report_json(built.report)["rulings"]:
        if r["event"] == ruling.event and r["irregularity"] == ruling.irregularity \
                and r.get("case") == ruling.case:
            return r
    return ruling_json(ruling)


def _ruled(res: "Resolve", built):
    """The ruling the told log comes to: the one on the irregularity, else the first other one
    claimed (the facts given may make the act another irregularity) and made at the table now
    (not a score the log's end alone makes lost: the dispute is told up to now), else None."""
    if built.ruling is not None:
        return built.ruling
    return next((r for r in built.report.rulings if r.claimed and final_now(r, res.words)), None)


def _book_json(res: "Resolve", state: "State", case: CompiledCase) -> dict[str, Any]:
    """The ruling from the law book alone, where no log could be told."""
    roles = {"dealer": state.dealer, "non_dealer": state.elder}
    c = case.case
    return {"law": case.law, "irregularity": state.irregularity, "offender": roles.get(c.offender),
            "chooser": roles.get(c.chooser or ""), "options": list(c.options),
            "summary": c.summary, "text": res.book.law(case.law, case.rule).text, "case": case.ref,
            **({"rule": case.rule} if case.rule else {})}


def _cards(log: dict[str, Any]) -> list[str]:
    """The cards the log names, in its order (the builder's pack, not the table's)."""
    named: dict[str, None] = {}
    for event in log["events"]:
        for fields in event.values():
            named.update(dict.fromkeys(fields.get("cards", []) + [fields[k] for k in ("card",) if k in fields]))
    return list(named)


def _person(res: "Resolve", state: "State", player: str | None) -> str:
    if player is None:
        return res.words.role("nobody")
    role = res.words.role("dealer" if player == state.dealer else "non_dealer")
    return f"{player} ({role})" if res.players else role


def _shown(res: "Resolve", player: Any) -> Any:
    """A player as the told ruling names him: his name, or where the players were not named,
    his role in words ("the dealer"), not the told log's id (`dealer`, `non_dealer`)."""
    if res.players or player not in ("dealer", "non_dealer"):
        return player
    return res.words.role(player)


def _score(score: dict[str, int], res: "Resolve | None" = None) -> str:
    return ", ".join(f"{_shown(res, p) if res else p} {n}" for p, n in score.items())


def _summary(res: "Resolve", ruling: dict[str, Any], ruled) -> str:
    """The ruling's summary, its players said as `_shown` says them."""
    if res.players or ruled is None:
        return ruling["summary"]
    s = ruled.summary
    what = tuple((key, {k: _shown(res, v) for k, v in values.items()}) for key, values in s.what)
    text = summary_text(replace(s, what=what, names=tuple((role, _shown(res, p)) for role, p in s.names)), res.words)
    return text[:1].upper() + text[1:]


def _marks(log: dict[str, Any]) -> dict[str, int]:
    """The points each player marked on the table in the told log."""
    marked: dict[str, int] = {}
    for event in log["events"]:
        for name, fields in event.items():
            if name in ("mark", "mark_king"):
                marked[fields["by"]] = marked.get(fields["by"], 0) + fields.get("points", 1)
    return marked


def _why_score(res: "Resolve", built) -> list[str]:
    """Why the told log's score is what it is, deal by deal (the replay's entitlements)."""
    return [line for deal in built.report.played for line in lines(built.report, deal, res.book, res.words, now=True)]


def _no_irregularity(res: "Resolve", state: "State", built) -> list[Line]:
    """The ending where the facts of the hand show no irregularity: so, and why."""
    w = res.words.interview
    lines = [_line(w["no_irregularity_hand"])]
    said = [res.words.hand[f].values[v].phrase for f, v in state.hand.items() if v in res.words.hand[f].values]
    if said:
        lines.append(_line(w["hand_said"].format(facts="; ".join(said)), "  "))
    why = _why_score(res, built)
    if why:
        lines.append(_line(w["why_score"], "  "))
        lines += [_line(line + ".", "    ") for line in why]
    marks = _marks(built.log)
    if marks:
        lines.append(_line(w["marked"].format(marks=_score(marks, res)), "  "))
    lines.append(_line(w["score"].format(score=_score(built.report.score, res)), "  "))
    lines.append(_line(w["cards"].format(cards=", ".join(_cards(built.log))), "  "))
    return lines


def _words(res: "Resolve", state: "State", ruling: dict[str, Any], built) -> list[Line]:
    w = res.words.interview
    title = res.book.law(ruling["law"], ruling.get("rule")).title
    lines = [_line(w["law"].format(law=ruling["law"], title=title) if ruling["law"] is not None
                  else w["rule"].format(rule=ruling.get("rule"), title=title))]
    lines.append(_line(_summary(res, ruling, _ruled(res, built) if built is not None else None), "  "))
    outcomes = ruling.get("outcomes") or {}
    ruled = _ruled(res, built) if built is not None else None
    facts = ruled.facts if ruled is not None else state.asked   # what the case was ruled on
    if ruling["chooser"]:
        chooser = _person(res, state, ruling["chooser"])
        lines.append(_line(w["chooser"].format(chooser=chooser[:1].upper() + chooser[1:]), "  "))
    else:
        lines.append(_line(w["compulsory"], "  "))
    for i, option in enumerate(ruling["options"], 1):
        lines.append(_line(f"{i}. " + w["option"].format(option=res.words.option(option)), "    "))
        lines.append(_line(w["next"].format(next=res.words.following(option, facts)), "       "))
        if option in outcomes:
            lines.append(_line(w["option_score"].format(score=_score(outcomes[option]["score"], res)), "       "))
    if built is not None:
        key = "score_open" if ruling["chooser"] and not ruling.get("elected") else "score"
        lines.append(_line(w[key].format(score=_score(built.report.score, res)), "  "))
    else:
        lines.append(_line(w["no_log"], "  "))
    if built is not None and _cards(built.log):
        lines.append(_line(w["cards"].format(cards=", ".join(_cards(built.log))), "  "))
    lines.append(_line(w["quote"], "  "))
    lines.append(_line(f"\"{ruling['text']}\"", "    "))
    return lines


def _said(res: "Resolve", fact: str, value: Any) -> str:
    """An open fact's value (or values, for the same ending) as a clause."""
    if isinstance(value, list):
        return res.words.interview["or"].join(_said(res, fact, v) for v in value)
    if fact in res.words.hand:
        return res.words.hand[fact].values[value].phrase
    return res.words.phrase(fact, value)


def tell_ruling(res: "Resolve", state: "State", outcomes: list[tuple[dict, CompiledCase | None, Any]]) -> Turn:
    w = res.words.interview
    told: list[dict[str, Any]] = []
    text: list[Line] = []
    for values, case, built in outcomes:
        if len(outcomes) > 1:
            facts = " and ".join(_said(res, f, v) for f, v in values.items())
            text.append(("", w["if"].format(facts=facts)))
        if case is None:
            told.append({"if": values, "ruling": None, "log": None})
            text.append(("", w["no_irregularity"]))
            continue
        if built is None:
            built = res.built(state, values, case=case.ref)
        ruled = _ruled(res, built) if built else None
        if built is not None and ruled is None:   # the hand shows no irregularity
            told.append({"if": values, "ruling": None, "log": built.log, "score": built.report.score,
                         "why": _why_score(res, built)})
            text += _no_irregularity(res, state, built) + [("", "")]
            continue
        ruling = _ruling_json(built, ruled) if built else _book_json(res, state, case)
        told.append({"if": values, "ruling": ruling, "log": built.log if built else None,
                     **({"score": built.report.score} if built else {})})
        text += _words(res, state, ruling, built)
        text.append(("", ""))
    final: dict[str, Any] = {k: v for k, v in told[0].items() if k != "if"}
    if len(told) > 1:
        final["outcomes_if"] = told
    status = 1 if any(t["ruling"] for t in told) else 0
    return Turn(final=final, final_words="\n".join(wrap(t, i) for i, t in text).rstrip(), status=status,
                final_lines=text)


def _line(text: str, indent: str = "") -> Line:
    return indent, text


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """Each paragraph filled to `width` (`textwidth.wrap`): a path, a word, a command never broken."""
    return "\n".join(line for p in text.split("\n") for line in _wrapped(p, indent, "", width))
