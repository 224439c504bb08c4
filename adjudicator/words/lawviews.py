"""The law book in words, for `ecarte laws`: index lines, one law in full, JSON entries."""
from __future__ import annotations

from functools import lru_cache
from pathlib import PurePath

import yaml

from ..lawbook.laws import Case, LawBook
from ..lawbook.places import WORDS_DIR
from ..lawbook.rulesets import DEFAULT, InForce, rule_sets
from ..lawbook.scenarios import GROUPS, for_learner, scenario_docs
from .explaining import said as explained
from .rules import book_of, in_force_words, short_of
from .textwidth import command_lines, fit, plain, wrap
from .learner import case_summary, for_people, parted, plain_italics, scenario_title, scoring_lines
from .vocabulary import WordsError, default_words


def when_words(case: Case) -> str:
    """A case's conditions as a player would say them ("found after the dealer has played a card")."""
    words = default_words()
    irregularity = case.irregularities[0] if case.irregularities else None
    return "; ".join(words.phrase(k, v, irregularity) for k, v in case.when.items()) or "whenever it happens"


def choice_words(case: Case) -> str:
    """Who chooses between what, or the remedy that is compulsory, as a sentence's start."""
    words = default_words()
    if case.chooser:
        choice = f"{words.role(case.chooser)} chooses: " + "; or ".join(words.case_option(o, case) for o in case.options)
    else:
        choice = "compulsory: " + words.case_option(case.options[0], case)
    return choice[0].upper() + choice[1:]


def case_words(case: Case) -> str:
    """One case in plain words: when, who, what."""
    words = default_words()
    offender = words.role(case.offender)
    what = ", ".join(words.irregularity(i) for i in case.irregularities)
    lines = [f"- {what[:1].upper()}{what[1:]}; {when_words(case)}.",
             f"  At fault: {offender}. {choice_words(case)}."]
    if case.otherwise:
        lines.append(f"  If the game goes on without a choice: {words.option(case.otherwise)}.")
    for option, effects in case.effects.items():
        said = "; ".join(words.scores.effects[e] for e in effects)
        lines.append(f"  {_effects_head(case, option)}: {said}.")
    if case.open_point:   # where the book reads rather than quotes the law
        lines.append("  " + explained("ruling", "reading", point=case.open_point))
    if case.note:
        lines.append("  Note: " + plain(for_people(parted(case.note)[0])))
    return "\n".join(lines)


def _effects_head(case: Case, option: str) -> str:
    """What an effects line hangs on: every choice, one option chosen, or the compulsory remedy."""
    if option == "always":
        return "Whatever is chosen"
    return f'If "{default_words().option(option)}" is chosen' if case.chooser else "Then"


def _fields(number: int, rules: InForce) -> dict[str, str]:
    rs = rule_sets()[rules.rules]
    change = rules.changes.get(number)
    out = {"law": str(number), "title": rs.title, "rules": rules.rules, "silence": rs.silence or ""}
    if change is not None:
        out |= {"source": book_of(change.source), "because": change.because, "reading": change.reading,
                "text": change.text or "", "title": rule_sets()[change.ruleset].title, "rules": change.ruleset}
    return out


def under_rules(number: int, rules: InForce) -> list[str]:
    """What a rule set makes of a law, in its own words: removed, reworded (with the sentence
    that justifies it) or left as the London laws give it."""
    w, f = in_force_words(), _fields(number, rules)
    change = rules.changes.get(number)
    if change is None:
        out = [w["unchanged"].format(**f)]
        if f["silence"] and rules.rules != DEFAULT:
            out.append(w["silence"].format(**f))
        return out
    head = w["removed"] if change.removed else w["replaced"]
    return [head.format(**f), w["because"].format(**f), w["reading"].format(**f)]


def _derived(book: LawBook, number: int, rules: InForce) -> list[tuple[str, str]]:
    """What the rules in force score beyond the law's table, reckoned as the engine reckons a
    hand (the French rules' vole won against a player who would not exchange: the vole with the
    refusal point added, law 49 as they word it), where the law gives it; in the table's words."""
    from ..engine.rules import DERIVED_BASES, hand_score   # the engine only when a law is shown so
    said = default_words().scores.table
    got = hand_score({"D": 5, "N": 0}, "D", "N", no_proposal=True, first_refused=False, scoring=book.scoring,
                     refusal_on_vole=rules.options.refusal_point_on_vole)
    if got is None or got[3] not in DERIVED_BASES or book.scoring_law.get(got[3]) != number:
        return []
    return [(said[got[3]], said["one" if got[1] == 1 else "many"].format(n=got[1]))]


def describe(book: LawBook, number: int, shown: dict[int, list[str]], rules: InForce | None = None) -> str:
    law = book.laws[number]
    out = [f"Law {number}. {rules.title(number, law.title) if rules is not None else law.title}", ""]
    if rules is not None:
        lines = under_rules(number, rules)
        for line in lines:
            out += [line, ""]
        if number in rules.changes:
            out += [in_force_words()["london"], ""]
    out += [" ".join(plain_italics(law.text).split()), "",
            "In plain words: " + for_people(" ".join(law.reading.split()))]
    if law.cases:
        out += ["", "The cases it decides:"] + [case_words(c) for c in law.cases]
    if law.scoring:
        rows = scoring_lines(law) + (_derived(book, number, rules) if rules is not None else [])
        out += ["", "Scoring table:"] + [f"  {what}: {value}." for what, value in rows]
    if law.related:
        out += ["", "Related laws: " + ", ".join(map(str, law.related))]
    scenarios = shown.get(number, [])
    out += ["", "At the table, each told by the command below it:" if scenarios else "At the table: no scenario yet."]
    headings = group_headings(short_of(rules) if rules is not None else None, rules is not None and number in rules.changes)
    for group, rels in for_learner(number, law.plain, rules):
        out += ["", headings[group] + ":"]
        for rel, title in _titles(rels):
            out += [f"- {for_people(scenario_title(title))}", *command_lines(f"ecarte explain {PurePath(rel).stem}", "    ")]
    return "\n".join(fit(out))


@lru_cache(maxsize=1)
def group_headings(short: str | None = None, changed: bool = False) -> dict[str, str]:
    """The heading of each group of a law's scenarios (laws/words/scenario_groups.yaml), one for
    each of `lawbook.scenarios.GROUPS`; `short`: the rules' name in a sentence, for the group of
    their own scenarios; `changed`: those rules change the law, so each group of the London
    law's scenarios says it is the London law's."""
    headings = yaml.load((WORDS_DIR / "scenario_groups.yaml").read_text(encoding="utf-8"),
                         Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(headings, dict) or sorted(headings) != sorted((*GROUPS, "london")):
        raise WordsError(f"scenario_groups.yaml: give a heading for each of {', '.join(GROUPS)}, and london")
    out = {g: str(headings[g]) for g in GROUPS}
    out["in_force"] = out["in_force"].format(short=short or rule_sets()[DEFAULT].short)
    if changed:
        out |= {g: str(headings["london"]).format(heading=out[g][:1].lower() + out[g][1:])
                for g in GROUPS if g not in ("in_force", "rule_set")}
    return out


def _titles(paths: list[str]) -> list[tuple[str, str]]:
    """Each scenario of the law book with its title (its file's name if it has none)."""
    docs = dict(scenario_docs())
    return [(rel, str(docs.get(rel, {}).get("title") or PurePath(rel).stem)) for rel in paths]


def index_line(book: LawBook, number: int, shown: dict[int, list[str]], rules: InForce | None = None) -> str:
    law = book.laws[number]
    what = f"{len(law.cases)} case{'s' if len(law.cases) != 1 else ''}" if law.cases else "scoring table"
    change = rules.changes.get(number) if rules is not None else None
    if change is not None:
        what += "; " + in_force_words()["index_removed" if change.removed else "index_replaced"].format(rules=change.ruleset)
    seen = len(shown.get(number, []))
    return "\n".join(wrap(f"{number:2}. {law.title}  [{what}, {seen} scenario{'s' if seen != 1 else ''}]", "", "    "))


def entry(book: LawBook, number: int, shown: dict[int, list[str]], rules: InForce | None = None) -> dict:
    law = book.laws[number]
    under = {}
    if rules is not None:
        change = rules.changes.get(number)
        under = {"rules": rules.rules, "applies": change is None or not change.removed,
                 "change": None if change is None else {
                     "ruleset": change.ruleset, "option": change.option, "removed": change.removed,
                     "text": change.text, "because": change.because, "reading": change.reading,
                     "source": change.source},
                 "words": under_rules(number, rules)}
    return {"law": number, "title": law.title, "text": law.text, "reading": law.reading,
            "encoded": True, "cases": [_case_json(c) for c in law.cases],
            "scoring": law.scoring.model_dump(exclude_none=True) if law.scoring else None,
            "related": law.related, "scenarios": shown.get(number, []),
            "plain": next((rel for rel in shown.get(number, []) if law.plain and PurePath(rel).stem == law.plain[0]), None),
            "plain_cases": [rel for stem in law.plain for rel in shown.get(number, []) if PurePath(rel).stem == stem],
            "file": f"laws/{book.sources[number].name}"} | under


def _case_json(case: Case) -> dict:
    """A case as data: every key the contract names (`chooser` null when compulsory) and the rest,
    with `summary_words`, its summary with the roles it names in words (`summary` stays the
    template, on {dealer}, {non_dealer}, {offender}, {chooser})."""
    return {"id": case.id, "irregularity": case.irregularity, "when": case.model_dump()["when"],
            "chooser": case.chooser, "options": case.options} | case.model_dump(exclude_none=True) | {
            "summary_words": case_summary(case)}
