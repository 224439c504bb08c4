"""The ruling of `ecarte resolve` told as a player needs it, and as JSON (INTERVIEW.md).

Each outcome is the adjudication of the log the situation builder told: the law and its own
words, who may choose and between what (or what is compulsory), what each option would make
the score, and what happens next; or, where the facts of the hand show no irregularity, that
there is none and why the score is what it is. It says what the person told, never what the
told log's cards did; those cards are shown only as an illustration. Every word comes from
laws/words/.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from dataclasses import replace

from ..words.happened import Unfilled, summary_text
from ..words.interview import Turn
from ..words.report import report_json, ruling_json
from ..words.scores import final_now, lines
from ..words.textwidth import wrap as _wrapped
from ..lawbook.laws import CompiledCase
from ..lawbook.rulesets import rule_sets
from ..record.cards import SUIT_SYMBOLS
from ..words.rules import value_words

if TYPE_CHECKING:
    from .resolve import Resolve, State

SIGNS = {letter: sign for sign, letter in SUIT_SYMBOLS.items()}
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
    roles = {"dealer": state.dealer, "non_dealer": state.non_dealer}
    c = case.case
    return {"law": case.law, "irregularity": state.irregularity, "offender": roles.get(c.offender),
            "chooser": roles.get(c.chooser or ""), "options": list(c.options),
            "summary": c.summary, "case": case.ref,
            "text": res.book.law(case.law, case.rule).text if case.law is None
            else res.rules.text(case.law, res.book.law(case.law).text),
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


def _marks(log: dict[str, Any]) -> dict[str, int]:
    """The points each player marked on the table in the told log."""
    marked: dict[str, int] = {}
    for event in log["events"]:
        for name, fields in event.items():
            if name in ("mark", "mark_king"):
                marked[fields["by"]] = marked.get(fields["by"], 0) + fields.get("points", 1)
    return marked


_ROLE_IDS = re.compile(r"\b(non_dealer|dealer)\b")


def _why_score(res: "Resolve", built) -> list[str]:
    """Why the told log's score is what it is, deal by deal (the replay's entitlements); where
    the players were not named, the told log's ids (`dealer`, `non_dealer`) said as roles."""
    said = [line for deal in built.report.played for line in lines(built.report, deal, res.book, res.words, now=True, person=True)]
    if res.players:
        return said
    roles = [_ROLE_IDS.sub(lambda m: res.words.role(m.group(1)), line) for line in said]
    return [line[:1].upper() + line[1:] for line in roles]


def _no_irregularity(res: "Resolve", state: "State", built) -> list[Line]:
    """The ending where the facts of the hand show no irregularity: so, and why."""
    w = res.words.interview
    lines = [_line(w["no_irregularity_hand"]), _line(_told(res, state, lawful=True), "  ")]
    why = _why_score(res, built)
    if why:
        lines.append(_line(w["why_score"], "  "))
        lines += [_line(line + ".", "    ") for line in why]
    marks = _marks(built.log)
    if marks:
        lines.append(_line(w["marked"].format(marks=_score(marks, res)), "  "))
    lines.append(_line(w["score"].format(score=_score(built.report.score, res)), "  "))
    shown = _illustration(res, state, built.log)
    return lines + ([shown] if shown else []) + _heard_under(res, state)


def _heard_under(res: "Resolve", state: "State") -> list[Line]:
    """The words of the laws (or rules) the complaint was heard under, which the facts told
    keep to: a double in time, a king announced in time. A score's are in why it is so."""
    if res.words.irregularities[state.irregularity].moment == "score":
        return []
    cases = res.cases(state.irregularity)
    heard = dict.fromkeys((c.law, c.rule) for c in cases)
    out: list[Line] = []
    for law, rule in heard:
        case = next(c for c in cases if (c.law, c.rule) == (law, rule))
        out += _quote(res, _book_json(res, state, case))
    return out


def _named(res: "Resolve", state: "State", text: str) -> str:
    """A told phrase with the players' names beside their roles, where the user named them."""
    if not res.players:
        return text
    roles = {res.words.role("non_dealer"): state.non_dealer, res.words.role("dealer"): state.dealer}
    pattern = "|".join(rf"\b{re.escape(r)}\b(?!')" for r in roles)
    return re.sub(pattern, lambda m: res.words.interview["named_role"].format(name=roles[m.group()], role=m.group()), text)


def _who(res: "Resolve", state: "State") -> str | None:
    """The player a fact of the hand speaks of as "he" (who did it, or whom it concerns), as
    the ending names him: by name, or by role."""
    player = state.actor
    role = state.asked.get("concerns") or state.asked.get("offender_is")
    if player is None and role in ("dealer", "non_dealer"):
        player = state.dealer if role == "dealer" else state.non_dealer
    if player is None:
        return None
    return player if res.players else res.words.role("dealer" if player == state.dealer else "non_dealer")


def _hand(res: "Resolve", state: "State", fact: str, value: Any) -> str:
    """A fact of the hand as a clause, the player it speaks of named, not "he"."""
    return _pronouns(res, state, res.words.hand[fact].values[value].phrase.format(**res.sides(state)))


def _pronouns(res: "Resolve", state: "State", text: str) -> str:
    """A told clause's "he" and "his" said as the player the answers speak of (`_who`)."""
    who = _who(res, state)
    if who is None:
        return text
    return re.sub(r"\bhis\b", who + "'s", re.sub(r"\bhe\b", who, text))


def _concerned(res: "Resolve", state: "State", text: str) -> str:
    """A fact's clause with "the player concerned" named, where the answers say who he is."""
    who = _who(res, state)
    return text.replace(res.words.interview["concerned"], who) if who else text


def _told(res: "Resolve", state: "State", lawful: bool = False) -> str:
    """What the person gave, in the order the interview asked it, and nothing else: the
    irregularity (`lawful`: only complained of, the facts showing none), who did it, each fact
    answered (or certain from the answers) and each fact of the hand."""
    w = res.words
    irregularity, settled = _irregularity_told(res, state)
    said = [w.interview["complaint"].format(irregularity=irregularity) if lawful else irregularity]
    if w.irregularities[state.irregularity].player and res.players:   # the player question asked who did it
        said.append(w.interview["actor"].format(player=state.dealer))
    if state.actor is not None:
        said.append(w.interview["actor"].format(player=w.role("dealer" if state.actor == state.dealer else "non_dealer")))
    said += [_concerned(res, state, res.words.phrase(f, v)) for f, v in state.asked.items()
             if f not in res.fixed and f != settled]
    said += [_hand(res, state, f, v) for f, v in state.hand.items() if v in w.hand[f].values]
    return w.interview["told"].format(facts=_named(res, state, "; ".join(said)))


def _irregularity_told(res: "Resolve", state: "State") -> tuple[str, str | None]:
    """The irregularity as the answers settled it, not the alternatives it was chosen by ("the
    dealer gave too few cards to Ann's own hand"), and the fact answered that those words say."""
    told = res.words.irregularities[state.irregularity].told
    if told is None:
        return res.words.irregularity(state.irregularity), None
    words, fact = told.fitting(state.asked)
    return _pronouns(res, state, words), fact


def _case_words(res: "Resolve", state: "State", ruling: dict[str, Any], ruled, case: CompiledCase | None,
                ids: bool = False) -> str:
    """The case's own summary, its players named (by their ids in the log, for JSON): what the
    law makes of the facts, not what the told log's invented cards did."""
    before_deal = res.words.irregularities[state.irregularity].player   # nobody has dealt yet
    if ruled is not None:
        s = ruled.summary
        names = tuple((role, p if ids else res.words.interview["that_player"] if before_deal and not res.players
                       else _shown(res, p)) for role, p in s.names)
        text = summary_text(replace(s, what=(), names=names), res.words)
    else:
        roles = {"dealer": state.dealer, "non_dealer": state.non_dealer}
        c = case.case if case is not None else None
        shown = (lambda p: p) if ids else (lambda p: _shown(res, p))
        who = {"offender": shown(roles.get(c.offender, "")) if c else "",
               "chooser": shown(roles.get(c.chooser or "", "")) if c else ""}
        text = c.summary.format_map(Unfilled(who)) if c else ruling["summary"]
    return text[:1].upper() + text[1:]


def _illustration(res: "Resolve", state: "State", log: dict[str, Any]) -> Line | None:
    """The cards the builder chose, marked as an illustration and written with suit signs; only
    where the irregularity's moment turns on the hand's cards (irregularities.yaml's
    `illustrated`: not a cut for deal, nor a dispute about the score)."""
    cards = _cards(log)
    if not cards or res.words.irregularities[state.irregularity].moment not in res.words.illustrated:
        return None
    return _line(res.words.interview["cards"].format(cards=", ".join(_sign(c) for c in cards)), "  ")


def _sign(card: str) -> str:
    """`KS` as `K♠`."""
    return card[:-1] + SIGNS.get(card[-1], card[-1])


def rules_line(res: "Resolve") -> str:
    """The rules the interview rules under, and any option agreed otherwise."""
    own = rule_sets()[res.rules.rules]
    agreed = [value_words(k, v) for k, v in res.rules.options.to_json().items() if getattr(own.defaults, k) != v]
    w = res.words.interview
    text = w["under"].format(rules=own.title)
    return text + (" " + w["agreed"].format(options="; ".join(agreed)) if agreed else "")


def _source(res: "Resolve") -> str:
    """The rules in force named as a book ("the modern rulebook")."""
    own = rule_sets()[res.rules.rules]
    return own.short or own.title


def _reading(res: "Resolve", case: CompiledCase | None) -> str | None:
    """The line that says the ruling rests on a reading: the point its law leaves open, and how
    the book reads it (the case's `open_point`); none where the ruling is the law's words."""
    point = case.case.open_point if case is not None else None
    return res.words.interview["reading"].format(point=point) if point else None


def _quote(res: "Resolve", ruling: dict[str, Any]) -> list[Line]:
    """The words the ruling rests on: the law's (as the rules in force word it), or a rule
    set's own rule, introduced as its source's words."""
    w = res.words.interview
    law = ruling["law"]
    if law is None:
        head = w["quote_rule"].format(source=_source(res))
    elif law in res.rules.changes and res.rules.changes[law].text:
        head = w["quote_replaced"].format(source=_source(res), law=law)
    else:
        head = w["quote"].format(law=law)
    return [_line(head, "  "), _line(f"\"{ruling['text']}\"", "    ")]


def _choices(res: "Resolve", state: "State", ruling: dict[str, Any], facts: dict[str, Any]) -> list[Line]:
    """Who chooses (or that the remedy is compulsory), each option, what follows it, and the
    score it would make."""
    w = res.words.interview
    lines = []
    if ruling["chooser"]:
        chooser = _person(res, state, ruling["chooser"])
        lines.append(_line(w["chooser"].format(chooser=chooser[:1].upper() + chooser[1:]), "  "))
    else:
        lines.append(_line(w["compulsory"], "  "))
    outcomes = ruling.get("outcomes") or {}
    fitting = dict(facts, irregularity=state.irregularity)   # the words of this case (options.yaml's, next.yaml's `if:`)
    for i, option in enumerate(ruling["options"], 1):
        said = res.words.option(option, fitting)
        lines.append(_line(f"{i}. " + w["option"].format(option=said), "    "))
        following = _named(res, state, res.words.following(option, fitting))
        if following != said:
            lines.append(_line(w["next"].format(next=following), "       "))
        if option in outcomes:
            lines.append(_line(w["option_score"].format(score=_score(outcomes[option]["score"], res)), "       "))
    return lines


def _words(res: "Resolve", state: "State", ruling: dict[str, Any], built, case: CompiledCase | None) -> list[Line]:
    w = res.words.interview
    title = res.book.law(ruling["law"], ruling.get("rule")).title
    lines = [_line(w["law"].format(law=ruling["law"], title=title) if ruling["law"] is not None
                   else w["rule"].format(source=_source(res), title=title))]
    ruled = _ruled(res, built) if built is not None else None
    lines.append(_line(_told(res, state), "  "))
    lines.append(_line(_case_words(res, state, ruling, ruled, case), "  "))
    reading = _reading(res, case)
    if reading:
        lines.append(_line(reading, "  "))
    facts = ruled.facts if ruled is not None else state.asked   # what the case was ruled on
    lines += _choices(res, state, ruling, facts)
    if built is not None:
        key = _score_key(ruling, built.report.score)
        lines.append(_line(w[key].format(score=_score(built.report.score, res)), "  "))
        shown = _illustration(res, state, built.log)
        if shown:
            lines.append(shown)
    else:
        lines.append(_line(w["no_log"], "  "))
    return lines + _quote(res, ruling)


def _score_key(ruling: dict[str, Any], score: dict[str, int]) -> str:
    """The words of the score now: a choice still open leaves it whatever is chosen only where
    every option makes it; else it counts only what stands whatever is chosen."""
    if not ruling["chooser"] or ruling.get("elected"):
        return "score"
    after = [o["score"] for o in (ruling.get("outcomes") or {}).values()]
    return "score_open" if all(a == score for a in after) else "score_pending"


def _said(res: "Resolve", state: "State", fact: str, value: Any) -> str:
    """An open fact's value (or values, for the same ending) as a clause."""
    if isinstance(value, list):
        return res.words.interview["or"].join(_said(res, state, fact, v) for v in value)
    if fact in res.words.hand:
        return _hand(res, state, fact, value)
    return res.words.phrase(fact, value)


def tell_ruling(res: "Resolve", state: "State", outcomes: list[tuple[dict, CompiledCase | None, Any]]) -> Turn:
    """The ending: the rules in force, then the one ruling told whole, or, where answers were
    "I don't know", a line for each way they may be and the words of each law once."""
    told: list[dict[str, Any]] = []
    rows: list[tuple[str, Line | None, list[Line]]] = []   # (the open facts said, its short line, its whole telling)
    for values, case, built in outcomes:
        facts = " and ".join(_named(res, state, _said(res, state, f, v)) for f, v in values.items())
        if case is None:
            told.append({"if": values, "ruling": None, "log": None})
            rows.append((facts, None, [("", res.words.interview["no_irregularity"])]))
            continue
        if built is None:
            built = res.built(state, values, case=case.ref)
        ruled = _ruled(res, built) if built else None
        if built is not None and ruled is None:   # the hand shows no irregularity
            told.append({"if": values, "ruling": None, "log": built.log, "score": built.report.score,
                         "why": _why_score(res, built)})
            rows.append((facts, _row(res, state, None, built), _no_irregularity(res, state, built)))
            continue
        ruling = _ruling_json(built, ruled) if built else _book_json(res, state, case)
        ruling = dict(ruling, summary=_case_words(res, state, ruling, ruled, case, ids=True))   # not the told log's cards
        reading = _reading(res, case)
        told.append({"if": values, "ruling": ruling, "log": built.log if built else None,
                     **({"score": built.report.score} if built else {}), **({"reading": reading} if reading else {})})
        row = _row(res, state, ruling, built)
        if reading:
            row = (row[0], row[1] + " " + res.words.interview["row_reading"])
        rows.append((facts, row, _words(res, state, ruling, built, case)))
    under = rules_line(res)
    if len(rows) == 1:   # the heading (a law, or no irregularity), then the rules it is under
        text = rows[0][2][:1] + [_line(under, "  ")] + rows[0][2][1:]
    else:
        text = [_line(under)] + _short(res, state, rows, told)
    final: dict[str, Any] = {k: v for k, v in told[0].items() if k != "if"}
    status = 1 if any(t["ruling"] for t in told) else 0
    final["rules"], final["told"] = under, _told(res, state, lawful=status == 0)
    if len(told) > 1:
        final["outcomes_if"] = told
    return Turn(final=final, final_words="\n".join(wrap(t, i) for i, t in text).rstrip(), status=status,
                final_lines=text)


def _row(res: "Resolve", state: "State", ruling: dict[str, Any] | None, built) -> Line:
    """One way the open facts may be, in a line: the law, who chooses between what, the score."""
    w = res.words.interview
    score = _score(built.report.score, res) if built is not None else None
    if ruling is None:
        said = w["row_lawful"]
    else:
        named = w["why_law"].format(law=ruling["law"], title=res.book.law(ruling["law"]).title) \
            if ruling["law"] is not None else w["rule"].format(source=_source(res), title=res.book.law(None, ruling.get("rule")).title)
        outcomes = ruling.get("outcomes") or {}
        fit = {"irregularity": state.irregularity}   # the words of its irregularity (options.yaml's `if:`)
        options = w["or"].join(w["row_option"].format(option=res.words.option(o, fit), score=_score(outcomes[o]["score"], res))
                               if o in outcomes else res.words.option(o, fit) for o in ruling["options"])
        if outcomes:
            score = None
        said = (w["row_choice"].format(law=named, chooser=_person(res, state, ruling["chooser"]), options=options)
                if ruling["chooser"] else w["row_compulsory"].format(law=named, options=options))
    return _line(said + ("; " + w["row_score"].format(score=score) if score else "") + ".", "    ")


def _short(res: "Resolve", state: "State", rows, told) -> list[Line]:
    """The ending for answers left open: what was told, a line for each way, each law's words once."""
    w = res.words.interview
    lines = [_line(_told(res, state), "  "), _line(w["depends"], "  ")]
    same: dict[Line, list[str]] = {}   # each line, and the ways that come to it
    for facts, row, _ in rows:
        same.setdefault(row if row is not None else _line(w["row_none"], "    "), []).append(facts)
    for row, ways in same.items():
        lines.append(_line(w["if"].format(facts=w["or_if"].join(ways)), "  "))
        lines.append(row)
    if any(t.get("reading") for t in told):
        lines.append(_line(w["reading_rows"], "  "))
    quoted: set = set()
    for t in told:
        ruling = t["ruling"]
        if ruling is not None and (ruling["law"], ruling.get("rule")) not in quoted:
            quoted.add((ruling["law"], ruling.get("rule")))
            lines += _quote(res, ruling)
    return lines


def _line(text: str, indent: str = "") -> Line:
    return indent, text


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """Each paragraph filled to `width` (`textwidth.wrap`): a path, a word, a command never broken."""
    return "\n".join(line for p in text.split("\n") for line in _wrapped(p, indent, "", width))
