"""The quiz's grading: what is said after an answer. Right: a reason that teaches (the
circumstances the law's case needs, or the law in plain words; whom the law gives the choice
to; the score's arithmetic, law by law). Wrong: why that answer is wrong (misconceptions.yaml's
why, or what the cases need), then the law's text and why its case applies. Under a rule set,
its own words and what the London laws would have done; then the scenario's name and where to
read again. `Grader` holds the words; `quiz.Builder`, which asks, is one.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from ..engine.ruling import Ruling
from ..lawbook.laws import CompiledCase, default_book
from ..lawbook.rulesets import Change, InForce, RuleSet, rule_sets
from ..words import scores as score_words
from ..words.explaining import said as explained
from ..words.glossary import entry as glossary_entry
from ..words.happened import summary_text
from ..words.learner import for_people, parted
from ..words.misconceptions import Statement, default_misconceptions
from ..words.rules import option_turning
from ..words.textwidth import wrap
from ..words.vocabulary import default_words
from .moments import Asked, Moment, case_of, value_key, own_rules, under_london
from .snapshot import cards_in

WRAP = 78


class Grader:
    """The words of one quiz, and what it says after each answer."""

    def __init__(self, colour: bool = False, rules: InForce | None = None):
        self.book = default_book()
        self.words = default_words()
        self.slips = default_misconceptions()
        self.q = self.words.quiz
        self.labels = self.words.labels("terminal")
        self.colour = colour
        self.rules = rules
        self.own = own_rules(rules)

    def each(self, values: dict[str, Any], players: list[str]) -> str:
        return ", ".join(self.labels["each"].format(player=p, value=values[p]) for p in players)

    def option_set(self, r: Ruling, options: tuple[str, ...] | list[str]) -> str:
        c = self.q["choices"]
        if len(options) == 1:
            return c["compulsory"].format(option=self.option(r, options[0], options))
        return c["choice"].format(options=c["or"].join(self.option(r, o, options) for o in options))

    def option(self, r: Ruling, option: str, options: tuple[str, ...] | list[str]) -> str:
        """An option in a person's words, as a remedy of the irregularity ruled (the ruling's
        case, or the case of it that offers these options): where that case's effects change
        what the option means (the hand stands, the offender's score cut), quiz.yaml's
        `with_effect` says so."""
        cases = [case_of(self.book, r)] if set(options) == set(r.options) else \
            [c for c in self.book.by_irregularity[r.irregularity] if set(c.case.options) == set(options)]
        told = self.q["choices"]["with_effect"]
        for e in (cases[0].case.effects.get(option, []) if cases else []):
            if option in told.get(e, {}):
                return str(told[e][option])
        if set(options) == set(r.options):   # the ruling's own remedies: in the words of its case
            return self.words.remedy(option, r)
        return self.words.case_option(option, cases[0].case) if cases else self.words.option(option)

    def player(self, ruling: Ruling, player: str | None) -> str:
        c = self.q["choices"]
        if player is None:
            return c["nobody"]
        deal = ruling.table
        if deal is None:
            return c["player_no_role"].format(player=player)
        return c["player"].format(player=player, role=self.words.role(deal.role(player)))

    def wrap(self, text: str) -> str:
        return "\n".join(wrap(text, more="", columns=WRAP))

    def marked(self, key: str, read: str | None, **fields: Any) -> str:
        """quiz.yaml's result words `key`, filled in; where the case they speak of rests on a
        point its law leaves open (`read`: its `open_point`), their `_read` twin, which says
        that it is the book's reading."""
        return str(self.q["result"][f"{key}_read" if read else key].format(**fields))

    def result(self, asked: Asked, given: Any) -> tuple[dict[str, Any], str]:
        """The result message for an answer, and the words a person reads: right, a reason that
        teaches; wrong, why that answer is wrong, then the law and why its case applies; then,
        under a rule set, its own words; then the scenario's name and where to read again."""
        correct = value_key(given) == value_key(asked.right)
        res = self.q["result"]
        answer_words = asked.texts[value_key(asked.right)]
        if asked.statement is not None:
            parts = self.told(asked.statement, correct)
        else:
            r = cast(Moment, asked.moment).ruling
            read = r.open_point if asked.kind in ("chooser", "options") else None   # the answer is the case's chooser, or its remedies
            if correct:
                parts = [self.marked("right_law" if asked.kind == "law" else "right", read, answer=answer_words, law=r.law)]
                parts += self.reasons(asked, correct)
            else:
                parts = [self.marked("wrong", read, given=asked.texts[value_key(given)], answer=answer_words, law=r.law)]
                parts += self.wrong_why(asked, given) + self.why(asked)
            parts += self.in_force(cast(Moment, asked.moment), said_law=not correct)
        parts = [for_people(p) for p in parts]   # then the name and the commands, as they are typed
        parts += [res["scenario"].format(name=Path(asked.scenario).stem), self.read(asked)]
        explanation = "\n".join(parts)
        message = {"result": {"id": asked.question.id, "correct": correct, "answer": asked.right,
                              "law": asked.law, "explanation": explanation, "scenario": asked.scenario,
                              "kind": asked.kind}}
        if asked.statement is not None:
            message["result"]["statement"] = asked.statement.id
        return message, "\n".join([""] + [self.wrap(p) for p in parts])

    def read(self, asked: Asked) -> str:
        """Where to read it again: `ecarte laws N` (with `--rules NAME` under a rule set), or for
        a rule set's own rule, `ecarte rules diff`."""
        res = self.q["result"]
        if asked.law is None:
            return res["read_rule"].format(rules=cast(RuleSet, self.own).name)
        if self.own is not None:
            return res["read_rules"].format(law=asked.law, rules=self.own.name)
        return res["read"].format(law=asked.law)

    def quoted(self, rs: RuleSet, change: Change | None = None, adds: str | None = None) -> str:
        """A rule set's own words: a law it replaces (its text) or removes (the sentence that
        justifies it), or a rule it adds."""
        quote = rs.adds[cast(str, adds)]["text"] if change is None else change.text or change.because
        return self.q["result"]["rules_quote"].format(rules=rs.short, cite=rs.cite, quote=quote.strip())

    def london(self, law: int) -> str:
        book_law = self.book.laws[law]
        return self.q["result"]["london_law"].format(law=law, title=book_law.title, text=book_law.text)

    def told(self, statement: Statement, correct: bool) -> list[str]:
        """A true-or-false round's result: right or not, why; under a rule set, its words and
        where the London laws differ."""
        res = self.q["result"]
        answer = self.q["choices"]["true" if statement.answer else "false"]
        said = ("true_right" if correct else "true_wrong") + ("_read" if statement.reading else "")
        parts = [res[said].format(answer=answer, law=statement.law), statement.why]
        if statement.rules is not None and statement.quote is not None and statement.london is not None:
            rs = rule_sets()[statement.rules]
            change = rs.changes.get(statement.quote.law) if statement.quote.law is not None else None
            parts.append(self.quoted(rs, change, statement.quote.adds))
            parts.append(statement.london.differs)
            if statement.london.law is not None:
                parts.append(self.london(statement.london.law))
        return parts

    def changes(self, r: Ruling) -> list[Change]:
        """The rule set's changes that bear on a ruling: of its law, or made by the option that
        decides how far its law reaches (laws/words/rulesets.yaml's `laws`)."""
        if self.own is None or self.rules is None or r.law is None:
            return []
        option = option_turning(r.law, self.rules.options)
        return [c for c in self.rules.changes.values() if c.law == r.law or option is not None and option in c.option]

    def in_force(self, moment: Moment, said_law: bool) -> list[str]:
        """Under a rule set that changes the ruling's law or how far it reaches: the rule set's
        own words (unless given as the law's text: `said_law`), what the London laws would have
        done with the same record (replayed under them), and the London law's words."""
        r = moment.ruling
        changes = self.changes(r)
        if not changes:
            return []
        res = self.q["result"]
        out = [self.quoted(cast(RuleSet, self.own), c) for c in changes if not (said_law and c.law == r.law and c.text)]
        london = under_london(moment.scenario.path)
        if london is None:
            return out + [self.london(c.law) for c in changes]
        same = next((x for x in london.rulings if x.event == r.event and x.irregularity == r.irregularity), None)
        if same is None:
            out.append(res["london_none"].format(laws=" and ".join(str(c.law) for c in changes)))
        elif same.case != r.case and same.law is not None:
            out.append(self.marked("london_other", same.open_point, law=same.law, summary=cards_in(summary_text(same.summary, options=same.options))))
        if london.score != moment.scenario.report.score:
            out.append(res["london_score"].format(score=self.each(london.score, list(moment.scenario.log.players))))
        return out + [self.london(c.law) for c in changes]

    def wrong_why(self, asked: Asked, given: Any) -> list[str]:
        """Why the answer given is wrong: misconceptions.yaml's why for a wrong choice drawn
        from it; else, from the cases, what the answer would need."""
        r = cast(Moment, asked.moment).ruling
        res = self.q["result"]
        told = asked.whys.get(value_key(given))
        if asked.kind == "law":
            return [res["why_not_told"].format(other=given, why=told)] if told else self.why_not(r, given)
        words = asked.texts[value_key(given)]
        if asked.kind == "chooser":
            told = self.not_chooser(r, given)
        elif asked.kind == "options" and told is None:
            told = self.not_here(r, tuple(given))
        return [res["not_this"].format(given=words, why=told)]

    def not_chooser(self, r: Ruling, given: str | None) -> str:
        res = self.q["result"]
        case = case_of(self.book, r).case
        if r.chooser is None or case.chooser is None:
            said = "chooser_compulsory_read" if self.point(r) else "chooser_compulsory"
            return res[said].format(law=r.law, given=given)
        role = self.words.role(case.chooser)
        if given is None:
            return self.marked("chooser_nobody", r.open_point, law=r.law, role=role, options=self.q["choices"]["or"].join(
                self.option(r, o, r.options) for o in r.options))
        if given == r.offender:
            return self.marked("chooser_offender", r.open_point, given=given, law=r.law, role=role)
        return self.marked("chooser_other", r.open_point, law=r.law, role=role, chooser=r.chooser)

    def not_here(self, r: Ruling, options: tuple[str, ...]) -> str:
        """Why a remedy of another case is not this one's: the circumstances its case needs that
        the facts fail; or the irregularity it is for."""
        res = self.q["result"]
        for c in self.book.by_irregularity[r.irregularity]:
            if frozenset(c.case.options) != frozenset(options) or c.law is None:
                continue
            failed = [(name, cond) for name, cond in c.case.when.items()
                      if not CompiledCase(c.law, c.case, tuple(t for t in c.tests if t[0] == name)).matches(r.facts)
                      and self.words.bears(name, r.facts)]
            if failed:
                return self.marked(
                    "not_here", c.case.open_point, other=c.law,
                    when=res["condition_join"].join(self.words.phrase(n, cond, r.irregularity) for n, cond in failed),
                    actual=res["condition_join"].join(self.words.phrase(n, r.facts[n], r.irregularity) for n, _ in failed))
            return self.marked("not_here_always", c.case.open_point, other=c.law, law=r.law,
                               irregularity=self.words.irregularity(r.irregularity))
        for n in sorted(self.book.laws):
            for case in self.book.laws[n].cases:
                if frozenset(case.options) == frozenset(options):
                    return self.marked("not_for_this", case.open_point, other=n, irregularities=self.q["choices"]["or"].join(
                        self.words.irregularity(i) for i in dict.fromkeys(case.irregularities)))
        return ""

    def why(self, asked: Asked) -> list[str]:
        """After a wrong answer: the law's text, why its case applies, the ruling, the story."""
        moment = cast(Moment, asked.moment)
        r = moment.ruling
        res = self.q["result"]
        law = self.book.laws[moment.law]
        replaced = next((c for c in self.changes(r) if c.law == r.law and c.text), None)
        words = self.quoted(cast(RuleSet, self.own), replaced) if replaced is not None \
            else res["law_text"].format(law=r.law, title=law.title, text=law.text)
        out = [words] + self.reasons(asked, False)
        if asked.kind not in ("options", "score"):
            out.append(self.ruled(r))
        if asked.kind == "score":
            out.append(res["story"].format(description=parted(moment.scenario.log.description)[0]))
        return out

    def reasons(self, asked: Asked, right: bool) -> list[str]:
        """The reasoning behind the answer: for which law, the circumstances its case needs (or,
        after a right answer to a case that needs none, the law in plain words); for who
        chooses, whom the law gives the choice to; for what is allowed, the circumstances and
        the ruling; for the score, the arithmetic of the hand. A ruling whose case rests on a
        point the law leaves open says which, and how the book reads it."""
        moment = cast(Moment, asked.moment)
        r = moment.ruling
        reading = self.reading(r)
        if asked.kind == "law":
            return self.applies(r, right) + reading
        if asked.kind == "chooser":
            return [self.why_chooser(r)] + reading
        if asked.kind == "options":
            return self.applies(r, right) + [self.ruled(r)] + reading
        return self.arithmetic(moment) + reading

    def ruled(self, r: Ruling) -> str:
        """The ruling in words: its case's summary, marked as the book's reading where the case
        rests on a point its law leaves open."""
        return self.marked("ruled", r.open_point, law=r.law, summary=cards_in(summary_text(r.summary, options=r.options)))

    def point(self, r: Ruling) -> str:
        """What of the ruling's case is the book's reading: the point its law leaves open, else
        the sentences of its note a learner reads; empty where the law's words say it all."""
        return " ".join((r.open_point or parted(case_of(self.book, r).case.note)[0]).split())

    def reading(self, r: Ruling) -> list[str]:
        """The book's reading a ruling rests on, marked as one: the point its law leaves open,
        else the sentences of the case's note a learner reads (`parted`); then, for a remedy the
        laws leave open in part (who deals a fresh deal), the glossary's reading of its term
        (quiz.yaml's `option_terms`)."""
        point = self.point(r)
        out = [explained("ruling", "reading", point=point)] if point else []
        terms = self.q["result"]["option_terms"]
        for option in (o for o in r.options if o in terms):
            e = glossary_entry(terms[option])
            if e is not None and e.reading:
                out.append(self.q["result"]["term_reading"].format(term=e.term, reading=" ".join(e.reading.split())))
        return out

    def why_chooser(self, r: Ruling) -> str:
        """Whom the law gives the choice to (the case's chooser, in roles.yaml's words), and who
        that is here; or that the remedy is compulsory."""
        res = self.q["result"]
        case = case_of(self.book, r).case
        if r.chooser is None or case.chooser is None:
            said = "why_compulsory_read" if self.point(r) else "why_compulsory"
            return res[said].format(law=r.law, option=self.option(r, r.options[0], r.options))
        role = self.words.role(case.chooser)
        if r.offender is not None and r.offender != r.chooser:
            return self.marked("why_chooser", r.open_point, chooser=r.chooser, law=r.law, role=role, offender=r.offender)
        return self.marked("why_chooser_role", r.open_point, chooser=r.chooser, law=r.law, role=role)

    def arithmetic(self, moment: Moment) -> list[str]:
        """The score at the end, reckoned: the score when the ruling's deal began, what each
        entitlement of the deal gave under which law (laws/words/scores.yaml, as `explain` says
        it) and why a point won scores one and not two, then the score at the end."""
        s, r = moment.scenario, moment.ruling
        res = self.q["result"]
        players = list(s.log.players)
        deal = r.table
        start = s.frames[deal.first_event - 1]["score"] if deal is not None else {p: 0 for p in players}
        out = [res["score_start"].format(deal=r.deal, score=self.each(start, players))]
        if deal is not None:
            lines = score_words.lines(s.report, deal, self.book, self.words, person=True)
            for i, entry in enumerate(score_words.entries(s.report, deal, self.book)):
                if entry["for"] == "point" and not entry["struck"] and not entry["limited_by"]:
                    why = "dealer" if entry["player"] == deal.dealer else "no_proposal" if not deal.proposals else "accepted"
                    lines[i] += "; " + res["single_point"][why].format(dealer=deal.dealer, elder=deal.non_dealer)
            out += [res["score_line"].format(line=cards_in(line)) for line in lines] \
                or [res["score_line"].format(line=self.words.scores.nothing)]
        out.append(res["score_end"].format(score=self.each(s.report.score, players)))
        return out

    def applies(self, r: Ruling, right: bool) -> list[str]:
        """Why the ruling's law: the circumstances its case needs, which are those here; for a
        case that needs none, after a right answer, the law in plain words (a wrong answer has
        been given its text)."""
        res = self.q["result"]
        case = case_of(self.book, r)
        if not case.tests:
            reading = self.book.laws[cast(int, r.law)].reading
            return [res["plain"].format(law=r.law, reading=reading.strip())] if right and reading else []
        phrases = [self.words.phrase(name, r.facts[name], r.irregularity) for name, _ in case.tests]
        return [self.marked("applies", r.open_point, law=r.law, title=self.book.laws[cast(int, r.law)].title,
                            conditions=res["condition_join"].join(phrases))]

    def why_not(self, r: Ruling, other: int) -> list[str]:
        """Why law `other` does not decide: the conditions of each of its cases on this
        irregularity that the facts fail; or what it rules on instead."""
        res = self.q["result"]
        law = self.book.laws[other]
        cases = [c for c in self.book.by_irregularity[r.irregularity] if c.law == other]
        if cases:
            out = []
            for i, c in enumerate(cases):
                failed = [(name, cond) for name, cond in c.case.when.items()
                          if not CompiledCase(other, c.case, tuple(t for t in c.tests if t[0] == name)).matches(r.facts)
                          and self.words.bears(name, r.facts)]
                out.append(self.marked(
                    "why_not_more" if i else "why_not_case", c.case.open_point, other=other,
                    when=res["condition_join"].join(self.words.phrase(n, cond, r.irregularity) for n, cond in failed),
                    actual=res["condition_join"].join(self.words.phrase(n, r.facts[n], r.irregularity) for n, _ in failed)))
            return [" ".join(out)]
        if not law.cases:
            return [res["why_not_score"].format(other=other, title=law.title)]
        irregularities = list(dict.fromkeys(i for c in law.cases for i in c.irregularities))
        return [res["why_not_elsewhere"].format(other=other, title=law.title, irregularities=self.q["choices"]["or"].join(
            self.words.irregularity(i) for i in irregularities))]
