"""`ecarte explain`: why each ruling is what it is, and why the score is what it is.

For a ruling: the facts of the moment of discovery (the `Ruling` keeps them), the case that
decided it with each condition it tested, and every other case of the same irregularity,
whatever its law, with the conditions that failed (or, where all held, the case that takes
precedence over it). A condition is quoted in the words of its law where the case gives them
(`clauses:`), else in the fact's phrase from laws/words/facts.yaml. Nothing is decided here:
the law book's `find` made the ruling; this only reads the same cases against the same facts.
"""
from __future__ import annotations

from typing import Any

from ..words import scores as score_words
from ..words.happened import by_the_play, happened
from ..lawbook.laws import CompiledCase, LawBook, Range, default_book
from ..lawbook.rulesets import DEFAULT, InForce, in_force, of_log, rule_sets
from ..record.source import LogError
from ..words.lawviews import when_words
from ..words.explaining import said as explained
from ..words.learner import DEVELOPER, for_people, scenario_title
from ..words.rules import cite, option_source, option_turning, option_words, rule_named, said, short_of, value_words
from ..engine.errors import ReplayError
from ..engine.replay import adjudicate
from ..engine.ruling import Report, Ruling
from ..record.options import NAMES as OPTIONS
from ..words.textwidth import fit, plain
from ..words.vocabulary import Words, default_words
from .snapshot import cards_in


def _wanted(condition: Any) -> Any:
    """A condition as JSON: the value, the list of values, or {min, max}."""
    if isinstance(condition, Range):
        return condition.model_dump(exclude_none=True)
    return condition


def _tests(case: CompiledCase, facts: dict[str, Any]) -> list[dict[str, Any]]:
    """Each condition of the case against the facts: fact, wanted, actual, held."""
    out = []
    for name, cond in case.case.when.items():
        allowed = dict(case.tests)[name]
        value = facts.get(name)
        if isinstance(allowed, Range):
            held = value is not None and (allowed.min is None or value >= allowed.min) and \
                (allowed.max is None or value <= allowed.max)
        else:
            held = value in allowed
        out.append({"fact": name, "wanted": _wanted(cond), "actual": value, "held": held,
                    "clause": case.case.clauses.get(name)})
    return out


def _overrides(book: LawBook, case: CompiledCase, irregularity: str) -> set[str]:
    """The cases this one takes precedence over, directly or through others."""
    by_ref = {c.ref: c for c in book.by_irregularity.get(irregularity, ())}
    seen: set[str] = set()
    todo = list(case.case.overrides)
    while todo:
        ref = todo.pop()
        if ref not in seen and ref in by_ref:
            seen.add(ref)
            todo.extend(by_ref[ref].case.overrides)
    return seen


def rules_of(report: Report) -> InForce:
    """The rules the report was made under (its rule set and every option it echoes)."""
    return in_force(report.rules, report.options or None, 3 if (report.options or {}).get("pool") else 2)


def _used(report: Report, book: LawBook) -> list[tuple[int | None, str | None, bool]]:
    """Every rule the explanation uses, in order, once each: (law, rule, whether it rules on an
    irregularity): each ruling's law (or a variant's own rule) and the laws it names, then the
    law of each point scored and of what the game counts."""
    seen: dict[tuple[int | None, str | None], bool] = {}
    scoring = set(book.scoring_law.values())
    for r in sorted(report.rulings, key=lambda r: r.event):
        seen.setdefault((r.law, r.rule if r.law is None else None), True)
        for n in r.laws:   # the laws it names: on the irregularity too, but for a law of the score
            seen.setdefault((n, None), n not in scoring)
    for d in report.played:
        for e in score_words.entries(report, d, book):
            if e["law"] is not None or e["rule"] is not None:   # never both: the loader refuses it
                seen.setdefault((e["law"], e["rule"]), False)
            for n in score_words.also_laws(d, e):   # law 24's grace, law 49 under a variant's score
                seen.setdefault((n, None), False)
    won = report.winner is not None and report.game_value is not None or any(g["winner"] for g in report.games or ())
    if won:   # what the game counts (a game of a pool or a match won, too)
        seen.setdefault((book.scoring_law.get("game_values"), book.scoring_rule.get("game_values")), False)
    return [(law, rule, irregular) for (law, rule), irregular in seen.items()]


def source_of(law: int | None, rule: str | None, book: LawBook, rules: InForce, irregular: bool = True) -> dict[str, Any]:
    """Where a rule the explanation uses comes from, with its source's own words (the data
    `rules diff` and the book quote): a variant's own rule; a law as a rule set words it; a law
    whose reach an option in force turns on, set otherwise than in London; else the London law,
    filling the rule set's silence where it rules on an irregularity and the rule set has one."""
    own = rule_sets()[rules.rules]
    london = rule_sets()[DEFAULT]
    if law is None:
        found = book.rules[rule]   # type: ignore[index]
        return {"kind": "rule", "rule": rule, "rules": rules.rules, "seed": found.source,
                "quote": " ".join(found.text.split())}
    change = rules.changes.get(law)
    if change is not None:
        return {"kind": "replaced", "law": law, "rules": change.ruleset, "seed": change.source,
                "quote": change.text or change.because, "reading": change.reading}
    name = option_turning(law, rules.options)
    if name is not None:
        value = getattr(rules.options, name)
        quoted = option_source(own, name, value)
        return {"kind": "option", "law": law, "rules": rules.rules, "option": name, "value": value,
                "seed": quoted["source"], "quote": quoted["quote"]}
    if law in own.restates and rules.rules != DEFAULT:
        return {"kind": "london_restated", "law": law, "rules": rules.rules, "seed": own.source}
    if irregular and own.silence and rules.rules != DEFAULT:
        return {"kind": "london_fills_silence", "law": law, "rules": rules.rules, "seed": london.source,
                "silence": own.silence}
    return {"kind": "london", "law": law, "rules": rules.rules, "seed": london.source}


def sources(report: Report, book: LawBook, rules: InForce | None = None) -> list[dict[str, Any]]:
    """The source of every rule the explanation uses (`_used`), in order."""
    rules = rules or rules_of(report)
    return [source_of(law, rule, book, rules, irregular) for law, rule, irregular in _used(report, book)]


def ruling_json(ruling: Ruling, book: LawBook, rules: InForce | None = None) -> dict[str, Any]:
    """One ruling explained, as RULINGS.md's `explain --json` gives it (with more keys)."""
    rules = rules or in_force(DEFAULT)
    cases = book.by_irregularity.get(ruling.irregularity, [])
    decided = book.by_ref[ruling.case]
    above = _overrides(book, decided, ruling.irregularity)
    why_not = []
    for other in cases:
        if other is decided:
            continue
        tests = _tests(other, ruling.facts)
        entry: dict[str, Any] = {
            "law": other.law, "case": other.ref,
            "failed": [{k: t[k] for k in ("fact", "wanted", "actual", "clause")} for t in tests if not t["held"]]}
        if not entry["failed"]:
            entry["overridden_by"] = ruling.case if other.ref in above else None
        why_not.append(entry)
    return {"law": ruling.law, **({"rule": ruling.rule} if ruling.rule else {}),
            "source": source_of(ruling.law, ruling.rule, book, rules), "event": ruling.event,
            **({"at": ruling.at} if ruling.at else {}), "deal": ruling.deal,
            "irregularity": ruling.irregularity, "case": ruling.case,
            **({"open_point": ruling.open_point} if ruling.open_point else {}), "facts": dict(ruling.facts),
            "tested": [{k: t[k] for k in ("fact", "wanted", "actual", "clause")} for t in _tests(decided, ruling.facts)],
            "why_not": why_not}


def to_json(report: Report, event: int | None = None, book: LawBook | None = None) -> dict[str, Any]:
    book = book or default_book()
    rulings = [r for r in sorted(report.rulings, key=lambda r: r.event) if event is None or r.event == event]
    rules = rules_of(report)
    out: dict[str, Any] = {"rules": report.rules, "options": report.options,
                           "rulings": [ruling_json(r, book, rules) for r in rulings]}
    if event is None:
        out["sources"] = sources(report, book, rules)
        out["deals"] = [{"deal": d.number, "score_after": d.score_after,
                         "points": score_words.entries(report, d, book)} for d in report.played]
        out["score"] = report.score
        out["winner"] = report.winner
    return out


# ------------------------------------------------------------------------------- words

def _name(case: CompiledCase, book: LawBook, person: bool = False) -> str:
    """A case's law, or its variant's rule: by its key for the record keeper, by its words for a `person`."""
    if case.rule is None:
        return explained("cases", "name_law", law=case.law)
    return rule_named(case.rule, book) if person else explained("cases", "name_rule", rule=case.rule)


def _quote(test: dict[str, Any], law: int | None, words: Words, irregularity: str | None = None) -> str:
    """The condition as its law says it (quoted) or as the fact's phrase."""
    if test["clause"]:
        return explained("cases", "clause", law=law, clause=" ".join(test["clause"].split()))
    return words.phrase(test["fact"], test["wanted"], irregularity)


def _wrap(text: str, indent: str) -> list[str]:
    return [indent + text]   # wrapped with the rest, to the terminal's width (to_text)


def _source_line(source: dict[str, Any], book: LawBook, person: bool = False) -> str:
    """Where a rule comes from, in words (laws/words/rulesets.yaml's `explain:`); a variant's
    rule by its title to a `person`, by its key to the record keeper."""
    kind = source["kind"]
    rs = rule_sets()[source["rules"]]
    values = {"law": source.get("law"), "short": rs.short, "cite": cite(source["seed"]), "quote": source.get("quote")}
    if kind == "rule":
        rule = f"“{book.rules[source['rule']].title}”" if person else source["rule"]
        return said("explain", "rule", **values, rule=rule)
    if kind == "replaced":
        return said("explain", "replaced", **values)
    if kind == "option":
        what = value_words(source["option"], source["value"])
        if getattr(rs.defaults, source["option"]) == source["value"]:   # the rule set's own value
            return said("explain", "option", **values, what=what)
        unchanged = "" if source["rules"] == DEFAULT else said("explain", "unchanged", short=rs.short)
        if source["seed"] == rule_sets()[DEFAULT].source:   # its only words are the London law's
            return said("explain", "option_agreed_london", **values, what=what, unchanged=unchanged)
        return said("explain", "option_agreed", **{**values, "cite": _cited(source)}, what=what, unchanged=unchanged)
    if kind == "london_fills_silence":
        return said("explain", "fills", **values)
    if kind == "london_restated":
        return said("explain", "restated", **values)
    return said("explain", "london_own" if source["rules"] == DEFAULT else "london", **values)


def _cited(source: dict[str, Any]) -> str:
    """An option's source as a reader cites it, with the heading its words are under there
    (laws/words/rulesets.yaml's option `name`: the rulebook's "Alternate Card Ranking")."""
    name = option_words()[source["option"]].get("name")
    return said("explain", "cite_named", cite=cite(source["seed"]), name=name) if name else cite(source["seed"])


def _source_text(source: dict[str, Any], ruling: Ruling, book: LawBook) -> list[str]:
    """Where the deciding rule comes from, in words (said only under rules other than London's)."""
    if source["kind"] == "london" and source["rules"] == DEFAULT:
        return []
    return _wrap(explained("cases", "source", line=_source_line(source, book)), "    ")


def _rules_text(report: Report, rules: InForce, book: LawBook, whole: bool = True, person: bool = False) -> list[str]:
    """The rule set named, the options agreed otherwise, and (for the `whole` explanation) the
    source of every rule used: said where the rules are not the London laws as they stand."""
    own = rule_sets()[rules.rules]
    agreed = [value_words(k, v) for k, v in rules.options.to_json().items() if getattr(own.defaults, k) != v]
    if rules.rules == DEFAULT and not agreed:
        return []
    out = [said("explain", "rules", title=own.title[:1].upper() + own.title[1:], cite=own.cite)]
    if agreed:
        out.append(said("explain", "agreed", options="; ".join(agreed)))
    found = sources(report, book, rules) if whole else []
    named = {s.get("option") for s in found}
    every = [said("explain", "every_game", name=w["name"], cite=cite(w["source"]), quote=w["quote"])
             for k, w in option_words().items()
             if whole and w.get("every_game") and k not in named and getattr(own.defaults, k) != getattr(rules.options, k)]
    if found or every:
        out.append(said("explain", "sources"))
        out += [f"  - {_source_line(s, book, person)}" for s in found] + [f"  - {line}" for line in every]
    if own.silence and any(s["kind"] == "london_fills_silence" for s in found):
        out.append(said("explain", "silence", short=own.short, silence=own.silence))
    return out + [""]


def _near(entry: dict[str, Any]) -> bool:
    """A rival case that differs from the facts by one fact only."""
    return len(entry["failed"]) == 1


def ruling_text(ruling: Ruling, book: LawBook, words: Words, rules: InForce | None = None,
                score: str = "", everything: bool = False, report: Report | None = None) -> list[str]:
    """A ruling in words, short first: what happened, the law and what it gives, the score
    after the deal, the point the law leaves open that it rests on (if any); then the nearest
    rival cases (one fact away, another outcome; `report` lets one that turns on the rules be
    replayed); with `everything`, the facts that bear on it, each condition tested, the case's
    note, and every other case."""
    rules = rules or in_force(DEFAULT)
    data = ruling_json(ruling, book, rules)
    cases = book.by_irregularity.get(ruling.irregularity, [])
    decided = book.by_ref[ruling.case]
    what = happened(ruling.what) if ruling.what else words.irregularity(ruling.irregularity)
    either = explained("ruling", "either")
    chooser = (explained("ruling", "may_choose", chooser=ruling.chooser,
                         options=either.join(words.remedy(o, ruling) for o in ruling.options))
               if ruling.chooser else explained("ruling", "compulsory", option=words.remedy(ruling.options[0], ruling)))
    decider = (explained("ruling", "decider_law", law=ruling.law) if ruling.rule is None
               else explained("ruling", "decider_rule", rule=ruling.rule) if everything
               else _capital(rule_named(ruling.rule, book)))
    not_done = words.irregularities[ruling.irregularity].not_done
    taken = (explained("ruling", "not_done", what=not_done.format(**dict(ruling.summary.names)))
             if ruling.elected and not_done
             else explained("ruling", "taken", option=words.remedy(ruling.elected, ruling)) if ruling.elected else "")
    lower = decider[:1].lower() + decider[1:]
    said_rules = (explained("ruling", "rules", decider=decider, choice=chooser, taken=taken) if ruling.claimed
                  else explained("ruling", "rules_by_the_play", decider=lower, choice=chooser)
                  if by_the_play(ruling.options, words)
                  else explained("ruling", "rules_unclaimed", decider=lower, choice=chooser))
    reading = _wrap(explained("ruling", "reading", point=ruling.open_point), "  ") if ruling.open_point else []
    out = [_head(ruling, what, words, everything),
           "  " + said_rules,
           f"  {score}" if score else f"  ({words.irregularity(ruling.irregularity)})", *reading]
    irr = ruling.irregularity
    others = list(zip([c for c in cases if c is not decided], data["why_not"]))
    near = [(c, e) for c, e in others if _near(e)]
    shown = {c.ref: line for c, e in near if _rival(c, decided)
            and (line := _near_line(c, e["failed"][0], words, irr, *_otherwise(c, e, others, words, irr),
                                    _unruled(report, ruling, e["failed"][0], book), name=_name(c, book, not everything)))}
    if shown:
        out.append("  " + explained("cases", "nearest"))
        out += ["    " + line for line in shown.values()]
    if not everything:
        return out
    out += _source_text(data["source"], ruling, book)
    bearing = [name for name in dict.fromkeys([t["fact"] for t in data["tested"]]
                                              + [t["fact"] for _, e in near for t in e["failed"]])
               if words.bears(name, ruling.facts)]
    if bearing:
        out.append("  " + explained("cases", "found"))
        out += ["    " + explained("cases", "fact", phrase=words.phrase(name, ruling.facts.get(name), irr)) for name in bearing]
    out.append("  " + explained("cases", "why", decider=_name(decided, book), case=decided.case.id))
    for t in data["tested"]:
        out += _wrap(explained("cases", "held", condition=_quote(t, decided.law, words, irr)), "    ")
    if not data["tested"]:
        out.append("    " + explained("cases", "always"))
    if decided.case.note:
        out += _wrap(explained("cases", "note", note=plain(" ".join(decided.case.note.split()))), "    ")
    for other, entry in others:
        if other.ref in shown:
            continue
        when = explained("cases", "when", when=when_words(other.case)) if other.case.when else ""
        out.append("  " + explained("cases", "not", name=_name(other, book), when=when, case=other.case.id))
        for t in entry["failed"]:   # (a condition on a fact that bears on nothing here is not said)
            if words.bears(t["fact"], ruling.facts):
                out += _wrap(explained("cases", "failed", condition=_quote(t, other.law, words, irr),
                                       actual=words.phrase(t["fact"], t["actual"], irr)), "    ")
        if not entry["failed"]:
            out.append("    " + explained("cases", "precedence", name=_name(decided, book), case=decided.case.id)
                       + ("" if entry["overridden_by"] else explained("cases", "first")))
    if not data["why_not"]:
        out.append("  " + explained("cases", "alone"))
    return out


def _head(ruling: Ruling, what: str, words: Words, everything: bool) -> str:
    """What happened, placed: by its events for the record keeper (`everything`: a hidden
    irregularity claimed later, the claim's event, then the act at its own); to a person, by its
    deal, the act, then that it was claimed later and when it was found."""
    if everything:
        return (explained("ruling", "event_claimed", event=ruling.event, deal=ruling.deal, at=ruling.at, what=what)
                if ruling.at else explained("ruling", "event", event=ruling.event, deal=ruling.deal, what=what))
    what = for_people(happened(ruling.what, words, person=True)) if ruling.what else what
    if not ruling.at:
        return explained("ruling", "deal", deal=ruling.deal, what=what)
    phase = ruling.facts.get("phase")
    found = explained("ruling", "found", phrase=words.phrase("phase", phase)) if phase else ""
    return explained("ruling", "deal_claimed", deal=ruling.deal, what=what, found=found)


def _title(title: str | None) -> str | None:
    """A log's title as a person reads it (an option's key at its start in words); None where it
    is still in the log's syntax (an option's key, a field): that title is the record keeper's."""
    if not title:
        return None
    said = for_people(scenario_title(title))
    return None if DEVELOPER.search(said[:1].lower() + said[1:]) else said


def _own_rules(report: Report) -> InForce | None:
    """The rules the record's own header gives (the London laws where it names none): its title
    speaks of them, whatever rules it is explained under; None where they cannot be read."""
    if report.log is None:
        return None
    try:
        return of_log(report.log)
    except LogError:
        return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rival(case: CompiledCase, decided: CompiledCase) -> bool:
    """Another rule, or the same law giving another outcome: a case worth naming beside it."""
    same = (case.law, case.rule, case.case.chooser, case.case.options)
    return same != (decided.law, decided.rule, decided.case.chooser, decided.case.options)


def _said(test: dict[str, Any], words: Words, irregularity: str) -> str:
    """A condition as the law says it (its clause, quoted), else as the fact's phrase."""
    if test["clause"]:
        return explained("cases", "said", clause=" ".join(test["clause"].split()))
    return words.phrase(test["fact"], test["wanted"], irregularity)


def _near_line(case: CompiledCase, test: dict[str, Any], words: Words, irregularity: str,
               own: str = "", otherwise: str = "", unruled: str | None = None, *, name: str) -> str | None:
    """A case one fact away (`name`: its law or rule): that fact as the case wants it, as it was
    here, and what the case gives (or, `unruled`, that the game under those rules has nothing to
    rule on); None where the two are said alike (the words would not tell them apart)."""
    said = _said(test, words, irregularity)
    actual = words.phrase(test["fact"], test["actual"], irregularity)
    if said.strip('"').lower() == actual.lower():
        return None
    choice = _choice(case, words)
    return explained("cases", "near", name=_capital(name), said=said, actual=actual,
                     choice=unruled or (explained("cases", "own", condition=own, choice=choice) if own else choice)
                     + otherwise)


def _unruled(report: Report | None, ruling: Ruling, test: dict[str, Any], book: LawBook) -> str | None:
    """Where the nearest case turns on an option (other rules), the same game replayed under
    them: what happened may then be no irregularity at all (law 24's grace makes a king led
    first and announced before it is played to in time). Said so with that score; None where a
    ruling is made there all the same (the case says what) or the game cannot be replayed so."""
    fact, wanted = test["fact"], test["wanted"]
    if report is None or report.log is None or fact not in OPTIONS or isinstance(wanted, (list, dict)):
        return None
    given = {**(report.options or {}), fact: wanted}
    try:
        other = adjudicate(report.log, book, in_force(report.rules, given, 3 if given.get("pool") else 2))
    except (ValueError, ReplayError):   # a combination refused, or a log those rules cannot read
        return None
    if any(r.event == ruling.event and r.irregularity == ruling.irregularity for r in other.rulings):
        return None
    return explained("cases", "no_ruling", score=", ".join(f"{p} {other.score[p]}" for p in other.players))


def _otherwise(case: CompiledCase, entry: dict[str, Any], others: list, words: Words, irregularity: str) -> tuple[str, str]:
    """What the same law gives on the fact the nearest case states, where one more fact of the
    moment would turn it (law 9 before the turn-up: a choice before the non-dealer looks, the
    error rectified after): the stated fact alone does not settle the outcome, so both are said.
    Each case's condition is said as its own, so that no two overlap: the nearest case's own
    value of the fact its siblings turn on, and each one's values less those a case the law book
    tries first takes (or with what that case also requires turned about: law 33, "after the
    cards given are taken up"). Returns (the nearest case's own condition, the siblings' clauses)."""
    fact = entry["failed"][0]["fact"]
    siblings = []
    for other, e in others:
        failed = {t["fact"]: t for t in e["failed"]}
        if (other.law, other.rule) != (case.law, case.rule) or other is case or len(failed) != 2 \
                or fact not in failed or other.case.when.get(fact) != case.case.when.get(fact) \
                or not _rival(other, case):
            continue
        [extra] = [t for name, t in failed.items() if name != fact]
        siblings.append((other, extra))
    if not siblings:
        return "", ""
    turning = {t["fact"] for _, t in siblings}
    f = next(iter(turning))
    if len(turning) > 1 or f not in case.case.when:   # no one fact to say each case's own value of
        return "", "".join(explained("cases", "otherwise", said=_said(t, words, irregularity),
                                     choice=_choice(o, words)) for o, t in siblings)
    order = [c for c, _ in others]   # the order the law book tries them in
    # the law's other cases one fact away on the same fact, said on lines of their own: their
    # values count too, so that no two lines overlap either
    peers = [o for o, e in others if o is not case and (o.law, o.rule) == (case.law, case.rule)
             and len(e["failed"]) == 1 and e["failed"][0]["fact"] == fact
             and o.case.when.get(fact) == case.case.when.get(fact) and f in o.case.when]
    group = sorted([case, *peers, *(o for o, _ in siblings)], key=lambda c: order.index(c))
    said = {c.ref: _own(c, f, fact, group, words, irregularity) for c in group}
    out = "".join(explained("cases", "otherwise", choice=_choice(o, words),
                            said=said[o.ref] if said[o.ref] is not None else _said(t, words, irregularity))
                  for o, t in siblings if said[o.ref] != "")
    return said[case.ref] or words.phrase(f, case.case.when[f], irregularity), out


def _own(c: CompiledCase, f: str, fact: str, group: list[CompiledCase], words: Words,
         irregularity: str) -> str | None:
    """A case's own condition on `f` among the cases of its law that turn on it: its values, less
    those a case tried before it takes whatever else holds, and those it shares with such a case
    that also requires a true/false fact, with that fact turned about; and, where a case tried
    after it shares a value, what it also requires. None where nothing needs saying beyond the
    case's own condition; "" where no value is left to it."""
    def values(x: CompiledCase) -> list[Any]:
        v = x.case.when.get(f)
        return list(v) if isinstance(v, (list, tuple)) else [v]

    def held(x: CompiledCase) -> dict[str, Any]:
        return {k: v for k, v in x.case.when.items() if k not in (fact, f)}

    i = group.index(c)
    earlier = [x for x in group[:i] if f in x.case.when]
    later = [x for x in group[i + 1:] if f in x.case.when]
    changed = False
    parts = []
    for value in values(c):
        taken = [held(x) for x in earlier if value in values(x)]
        if any(not h or not all(isinstance(v, bool) for v in h.values()) for h in taken):
            changed = True   # a case tried before this one takes this value whatever else holds
            continue
        turned = [words.phrase(k, not v, irregularity) for h in taken for k, v in h.items()]
        changed = changed or bool(turned)
        parts.append(explained("cases", "with", condition=words.phrase(f, value, irregularity),
                               held=explained("cases", "also").join(turned)) if turned
                     else words.phrase(f, value, irregularity))
    own = held(c)
    if own and all(isinstance(v, bool) for v in own.values()) and \
            any(value in values(x) for x in later for value in values(c)):
        parts = [explained("cases", "with", condition=p, held=explained("cases", "also").join(
            words.phrase(k, v, irregularity) for k, v in own.items())) for p in parts]
        changed = True
    if not changed:
        return None
    return explained("cases", "alternatives").join(parts)


def _choice(case: CompiledCase, words: Words) -> str:
    c = case.case
    if c.chooser:
        return explained("ruling", "would_choose", chooser=words.role(c.chooser),
                         options=explained("ruling", "either").join(words.option(o) for o in c.options))
    return explained("ruling", "compulsory", option=words.option(c.options[0]))


def _winner(report: Report, book: LawBook) -> str:
    """Who won, and what the game counts (law 46's values, as `adjudicate` gives them)."""
    if report.winner is None:
        return ""
    if report.game_value is None:
        return explained("score", "winner", winner=report.winner)
    return explained("score", "worth", winner=report.winner, value=report.game_value,
                     cited=score_words.game_law(book))


def to_text(report: Report, event: int | None = None, book: LawBook | None = None,
            words: Words | None = None, everything: bool = False, ascii: bool = False) -> str:
    """The explanation in words; `everything`: each ruling in full (`--all`); cards written
    with their suit signs (7♦) unless `ascii` (7D)."""
    text = _text(report, event, book, words, everything)
    return text if ascii else cards_in(text, report.players)


def _text(report: Report, event: int | None, book: LawBook | None, words: Words | None,
          everything: bool) -> str:
    book, words = book or default_book(), words or default_words()
    out: list[str] = []
    rules = rules_of(report)
    out += _rules_text(report, rules, book, whole=event is None, person=not everything)
    for r in sorted(report.rulings, key=lambda r: r.event):
        if event is None or r.event == event:
            deal = next((d for d in report.played if d.number == r.deal), None)
            after = ", ".join(f"{p} {s}" for p, s in deal.score_after.items()) if deal and deal.score_after else ""
            struck = [explained("ruling", "struck", effect=words.scores.effects[e["struck"]], law=e["struck_by"])
                      for e in (score_words.entries(report, deal, book) if deal else [])
                      if e["struck"] in words.scores.effects and e["struck_by"]]
            score = (explained("ruling", "score_after", deal=r.deal, after=after, struck="".join(dict.fromkeys(struck)))
                     if after else "")
            out += ruling_text(r, book, words, rules, score, everything, report) + [""]
    if event is not None:
        return "\n".join(fit(out)).rstrip()
    if not report.rulings:
        out += [explained("score", "nothing_ruled"), ""]
    out.append(explained("score", "why"))
    for n, game, deals in score_words.by_game(report):
        indent = "  " if game is None else "    "   # a pool's or a match's deals under their game
        if game is not None:
            out.append("  " + explained("score", "line", why=score_words.game_heading(n, game, book, words)))
        for d in deals:
            why = score_words.lines(report, d, book, words, person=not everything)
            after = ", ".join(f"{p} {s}" for p, s in d.score_after.items()) if d.score_after else ""   # the game's players
            out.append(indent + explained("score", "deal", deal=d.number, dealer=d.dealer,
                                          after=explained("score", "deal_after", after=after) if after else ""))
            out += [indent + "  " + explained("score", "line", why=w) for w in why] or [
                indent + "  " + explained("score", "line", why=words.scores.nothing)]
    if report.games is not None:
        out.append(explained("score", "line", why=score_words.games_result(report, words)))
    else:
        score = ", ".join(f"{p} {report.score[p]}" for p in report.players)
        out.append(explained("score", "final", score=score, winner=_winner(report, book)))
    title = report.title if everything else _title(report.title)
    own = _own_rules(report)
    if title and own is not None and (own.rules, own.options) != (rules.rules, rules.options):
        out += ["", explained("score", "log_under", title=title, short=short_of(own))]
    elif title:
        out += ["", explained("score", "log", title=title)]
    return "\n".join(fit(out))
