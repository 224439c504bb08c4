"""`ecarte quiz`: cases and decisions, in the manner of Cavendish, drawn from the scenarios.

Each scenario with rulings is replayed by the adjudicator; each claimed ruling is a moment of
discovery: the table just before it, the events so far, what was found. A question asks about
the ruling: which law decides, who may choose, between what, or the score at the end of the
scenario. Its wrong choices are what a learner could reason his way to (`distractors.py`: the
other cases of the irregularity, laws/words/misconceptions.yaml, the hand miscounted), exactly
one choice the adjudicator's own ruling. A wrong answer is told why that answer is wrong, then
the law's text and why its case applies (the facts in the phrases of `laws/words/facts.yaml`);
a right one gets the law in plain words or the circumstances its case needs. True-or-false
rounds ask misconceptions.yaml's statements; under `--rules NAME`, that rule set's differences,
in its own words beside the London law's. A "which law" question whose words name its answer
is not asked (`giveaway`). Every word is in `laws/words/` (quiz.yaml, misconceptions.yaml,
table.yaml, events.yaml). The same seed asks the same questions.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from ..words.interview import Choice, Question, Turn
from ..lawbook.laws import CompiledCase, default_book
from ..lawbook.rulesets import DEFAULT, Change, InForce, RuleSet, rule_sets
from ..lawbook.places import SCENARIOS_DIR
from ..lawbook.scenarios import scenario_docs, scenarios_by_law
from ..record.log import Log, read_file
from ..engine.errors import ReplayError
from ..engine.replay import adjudicate as replay_log
from ..engine.ruling import Report, Ruling
from .book.frames import ruled_cards
from .snapshot import cards_in, event_words, replay_frames
from .table_text import draw
from ..words.textwidth import wrap
from ..words.vocabulary import default_words
from ..words import scores as score_words
from ..words.explaining import said as explained
from ..words.happened import happened, summary_text
from ..words.learner import for_people, parted
from ..words.misconceptions import Statement, default_misconceptions
from ..words.rules import option_turning, rule_named
from . import distractors

KINDS = ("law", "chooser", "options", "score")
TRUE_FALSE = "true_false"
ROOT = SCENARIOS_DIR.parent
WRAP = 78


# ---------------------------------------------------------------- moments

@dataclass
class Scenario:
    """A scenario replayed: its log, the adjudicator's report, the table after every event."""

    path: str                   # relative to the project: scenarios/laws/...yaml
    log: Log
    report: Report
    frames: list[dict[str, Any]]   # frames[n]: the table after event n (frames[0]: before any)


@dataclass
class Moment:
    """A claimed ruling of a scenario, at its moment of discovery."""

    scenario: Scenario
    ruling: Ruling
    kinds: tuple[str, ...]

    @property
    def law(self) -> int:
        """The ruling's law: the quiz asks only of rulings a law gives (`moments`)."""
        return cast(int, self.ruling.law)

    @property
    def key(self) -> tuple[str, int, str]:
        return self.scenario.path, self.ruling.event, self.ruling.case

    @property
    def hand(self) -> tuple:
        """The hand the question is on: the cards dealt in the ruling's deal and the turn-up, as
        the log names them; where it names them only by count, the scenario's deal itself."""
        deal = self.ruling.table
        if deal is None:
            return self.scenario.path, None
        dealt: list[tuple] = []
        for event in self.scenario.log.events[deal.first_event - 1:]:
            if event.event == "deal":
                if not event.cards:
                    return self.scenario.path, deal.number
                dealt.append((event.to, tuple(sorted(map(str, event.cards)))))
            elif event.event == "turn_up" or (event.event in ("shuffle", "cut") and dealt):
                dealt.append((event.event, str(getattr(event, "card", None))))
                break
        return tuple(sorted(dealt)) if dealt else (self.scenario.path, deal.number)


@lru_cache(maxsize=None)
def replayed(path: str) -> Scenario:
    """One scenario replayed with the table kept after each event."""
    log = read_file(str(ROOT / path))
    report, frames = replay_frames(log)
    return Scenario(path, log, report, frames)


@lru_cache(maxsize=1)
def scenario_paths() -> tuple[str, ...]:
    """Every scenario that expects rulings, in sorted order."""
    return tuple(rel for rel, doc in scenario_docs() if (doc.get("expect") or {}).get("rulings"))


def moments(law: int | None = None, rules: InForce | None = None) -> list[Moment]:
    """The moments to ask about: every claimed ruling of the scenarios (only those played under
    `rules`, if given: `quiz --rules`) (showing `law`, if given; its own rulings first, the
    scenario's others only where none is its own)."""
    wanted = (rules.rules, rules.options.to_json()) if rules is not None else None
    paths = scenario_paths()
    if law is not None:
        shown = set(scenarios_by_law().get(law, []))
        paths = tuple(p for p in paths if p in shown)
    out: list[Moment] = []
    for path in paths:
        s = replayed(path)
        if wanted is not None and (s.report.rules, s.report.options) != wanted:
            continue
        # a rule set's own rulings (law null) are not asked: the quiz's questions are the laws'
        rulings = sorted((r for r in s.report.rulings if r.claimed and r.law is not None), key=lambda r: r.event)
        if law is not None:
            own = [r for r in rulings if r.law == law or law in r.laws]
            rulings = own or rulings
        last = s.report.played[-1] if s.report.played else None
        for r in rulings:
            kinds = KINDS if r.table is not None and r.table is last else KINDS[:3]
            out.append(Moment(s, r, kinds))
    return out


def laws_with_moments(rules: InForce | None = None) -> list[int]:
    return sorted({n for n in default_book().laws if moments(n, rules)})


# -------------------------------------------------------------- questions

@dataclass
class Asked:
    """One question of the quiz, with what grading it needs: on a moment of a scenario (its
    ruling), or a true-or-false round (`statement`) beside a scenario."""

    question: Question
    moment: Moment | None
    kind: str
    right: Any
    texts: dict[str, str] = field(default_factory=dict)   # json of a value -> its words
    whys: dict[str, str | None] = field(default_factory=dict)   # json of a wrong value -> why it is wrong
    statement: Statement | None = None

    @property
    def law(self) -> int | None:
        """The law the question is on: the ruling's, or the statement's (None: a rule set's own rule)."""
        return self.moment.law if self.moment is not None else cast(Statement, self.statement).law

    @property
    def scenario(self) -> str:
        return self.moment.scenario.path if self.moment is not None else cast(Statement, self.statement).scenario


def _turned_up(before: dict[str, Any], after: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    """The table a question shows: just before the ruling's event, but with the cards it turned
    up (law 11: every card turned, the trump not yet chosen) where the ruling is about them; what
    the remedy did at once (a fresh deal) is not shown, it is the answer."""
    if after["deal"] != before["deal"] or not set(cards) & (set(after.get("turned") or []) - set(before.get("turned") or [])):
        return before
    return {**after, "annulled": None, "choosing": True, "score": before["score"]}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _case(book: Any, ruling: Ruling) -> CompiledCase:
    return next(c for c in book.by_irregularity[ruling.irregularity] if c.ref == ruling.case)


@lru_cache(maxsize=None)
def _under_london(path: str) -> Report | None:
    """A scenario played under another rule set, adjudicated under the London laws instead;
    None where its record cannot be played under them (a card the London laws would not give)."""
    log = replayed(path).log
    try:
        return replay_log(log.model_copy(update={"rules": DEFAULT, "options": {}}))
    except ReplayError:
        return None


def _own_rules(rules: InForce | None) -> RuleSet | None:
    """The rule set a quiz is asked under, where it is not the London laws'."""
    return rule_sets()[rules.rules] if rules is not None and rules.rules != DEFAULT else None


class Builder:
    """Makes the questions of one quiz: words, choices, the table drawn."""

    def __init__(self, colour: bool = False, rules: InForce | None = None):
        self.book = default_book()
        self.words = default_words()
        self.slips = default_misconceptions()
        self.q = self.words.quiz
        self.labels = self.words.labels("terminal")
        self.colour = colour
        self.rules = rules
        self.own = _own_rules(rules)

    def each(self, values: dict[str, Any], players: list[str]) -> str:
        return ", ".join(self.labels["each"].format(player=p, value=values[p]) for p in players)

    def option_set(self, options: tuple[str, ...] | list[str]) -> str:
        c = self.q["choices"]
        if len(options) == 1:
            return c["compulsory"].format(option=self.words.option(options[0]))
        return c["choice"].format(options=c["or"].join(self.words.option(o) for o in options))

    def player(self, ruling: Ruling, player: str | None) -> str:
        c = self.q["choices"]
        if player is None:
            return c["nobody"]
        deal = ruling.table
        if deal is None:
            return c["player_no_role"].format(player=player)
        return c["player"].format(player=player, role=self.words.role(deal.role(player)))

    def ask(self, moment: Moment, kind: str, number: int, count: int, rng: random.Random) -> Asked:
        s, r = moment.scenario, moment.ruling
        players = list(s.log.players)
        frame = self.frame(moment, kind)
        whys: dict[str, str | None] = {}
        if kind == "law":
            wrong = distractors.laws(self.book, self.slips, r, moment.law, rng)
            whys = {_key(n): why for n, why in wrong}
            laws = sorted([n for n, _ in wrong] + [moment.law])
            choices = [Choice(n, self.q["choices"]["law"].format(law=n, title=self.book.laws[n].title)) for n in laws]
            right: Any = r.law
        elif kind == "chooser":
            values = [*players, None]
            roles = {p: r.table.role(p) for p in players} if r.table is not None else {}
            roles = {p: role for p, role in roles.items() if list(roles.values()).count(role) == 1}   # a pool's two non-dealers: by id only
            choices = [Choice(v, self.player(r, v), player=v, role=roles.get(v)) if v is not None
                       else Choice(v, self.player(r, v)) for v in values]
            right = r.chooser
        elif kind == "options":
            wrong_sets = distractors.options(self.book, self.slips, r, moment.law, rng)
            whys = {_key(list(o)): why for o, why in wrong_sets}
            sets = [o for o, _ in wrong_sets] + [tuple(r.options)]
            rng.shuffle(sets)
            choices = [Choice(list(o), self.option_set(o)) for o in sets]
            right = list(r.options)
        else:
            deal = r.table
            start = s.frames[deal.first_event - 1]["score"] if deal is not None else {p: 0 for p in players}
            wrong_scores = distractors.scores(s.report, deal, start, players, self.book, self.words, self.slips,
                                              self.q["result"]["single_point"], frame, rng)
            whys = {_key(sc): why for sc, why in wrong_scores}
            scores = [sc for sc, _ in wrong_scores] + [dict(s.report.score)]
            rng.shuffle(scores)
            choices = [Choice(sc, self.q["choices"]["score"].format(each=self.each(sc, players))) for sc in scores]
            right = dict(s.report.score)
        story = [for_people(p) for p in self.story(moment, kind, frame)]
        text = self.q["questions"][kind]
        qid = f"q{number}"
        heading = self.q["end"]["question"].format(n=number, count=count)
        picture = "\n".join(["", heading, draw(frame, self.labels, self.colour,
                                           [self.wrap(p) for p in story])])
        question = Question(qid, text, choices, extra={
            "scenario": s.path, "table": frame, "kind": kind, "events": story}, picture=picture)
        texts = {_key(c.value): c.text for c in choices}
        return Asked(question, moment, kind, right, texts, whys)

    def ask_statement(self, statement: Statement, number: int, count: int) -> Asked:
        """A true-or-false round: the statement, beside its scenario's table at the moment of
        its ruling under the statement's law (its first ruling, if none is), with the events so
        far; or, where it has no ruling, the hand at its end with the score it began with."""
        s = replayed(statement.scenario)
        own = [m for m in moments() if m.scenario.path == statement.scenario]
        moment = next((m for m in own if m.law == statement.law), own[0] if own else None)
        if moment is not None:
            frame = self.frame(moment)
            story = [for_people(p) for p in self.story(moment, "law", frame)]
        else:   # the hand at its end, with the score it began with: the marks are the question
            end = s.frames[-1]
            start = next(f for f in s.frames if f["deal"] == end["deal"])["score"]
            frame = {**end, "score": dict(start)}
            story = [self.q["story"]["score_began"].format(score=self.each(start, list(s.log.players)))]
        c = self.q["choices"]
        choices = [Choice(True, c["true"]), Choice(False, c["false"])]
        text = self.q["questions"][TRUE_FALSE].format(statement=statement.text)
        heading = self.q["end"]["question"].format(n=number, count=count)
        picture = "\n".join(["", heading, draw(frame, self.labels, self.colour, [self.wrap(p) for p in story])])
        question = Question(f"q{number}", text, choices, extra={
            "scenario": statement.scenario, "table": frame, "kind": TRUE_FALSE, "events": story}, picture=picture)
        return Asked(question, None, TRUE_FALSE, statement.answer, {_key(ch.value): ch.text for ch in choices},
                     statement=statement)

    def frame(self, moment: Moment, kind: str = "law") -> dict[str, Any]:
        """The table just before the ruling's event (after it where that event begins the deal);
        for a question on the score, the table at the end of the hand, with the score it had
        before the ruling (the answer is the score after)."""
        s, r = moment.scenario, moment.ruling
        last = len(s.frames) - 1   # events after the game was won are not observed
        before = s.frames[min(r.event - 1, last)]
        number = r.table.number if r.table is not None else None
        before = before if before["deal"] == number else s.frames[min(r.event, last)]
        if kind != "score":
            return _turned_up(before, s.frames[min(r.event, last)], ruled_cards(r))
        end = next((f for f in reversed(s.frames[:last + 1]) if f["deal"] == number), s.frames[last])
        return {**end, "score": dict(before["score"])}

    def story(self, moment: Moment, kind: str, frame: dict[str, Any] | None = None) -> list[str]:
        """The events of this deal so far, what was found, and (for the score) what followed:
        there the cards played are not told, the table drawn at the end of the hand shows them,
        and the score it carries is said to be the one before the ruling."""
        s, r = moment.scenario, moment.ruling
        t = self.q["story"]
        events = s.log.events
        first = r.table.first_event if r.table is not None else 1
        earlier = [t["earlier"].format(n=first - 1)] if first > 1 else []
        told = (lambda e: e.event != "play") if kind == "score" else (lambda e: True)

        def said(few: list[Any]) -> list[str]:
            words = [event_words(e) for e in few if told(e)]
            return words + ([t["played"]] if len(words) < len(few) else [])

        out = []
        if first < r.event:
            out.append(t["so_far"].format(events="; ".join(earlier + said(events[first - 1:r.event - 1]))))
        found = events[r.event - 1]
        what = cards_in(happened(r.what))
        if found.event == "claim":   # the claim, then what it shows
            out.append(t["claimed"].format(event=event_words(found), what=what))
        else:                        # the irregularity in plain view: what it is
            out.append(t["found"].format(what=what))
        if kind == "score":
            if r.event < len(events):
                out.append(t["then"].format(events="; ".join(said(events[r.event:]))))
            if frame is not None:
                players = list(s.log.players)
                out.append(t["score_table"].format(score=self.each(frame["score"], players)))
        return out

    def wrap(self, text: str) -> str:
        return "\n".join(wrap(text, more="", columns=WRAP))

    # ---------------------------------------------------------- grading

    # ---------------------------------------------------------- grading

    def result(self, asked: Asked, given: Any) -> tuple[dict[str, Any], str]:
        """The result message for an answer, and the words a person reads: right, a reason that
        teaches; wrong, why that answer is wrong, then the law and why its case applies; then,
        under a rule set, its own words; then the scenario's name and where to read again."""
        correct = _key(given) == _key(asked.right)
        res = self.q["result"]
        answer_words = asked.texts[_key(asked.right)]
        if asked.statement is not None:
            parts = self.told(asked.statement, correct)
        else:
            r = cast(Moment, asked.moment).ruling
            if correct:
                parts = [res["right_law" if asked.kind == "law" else "right"].format(answer=answer_words, law=r.law)]
                parts += self.reasons(asked, correct)
            else:
                parts = [res["wrong"].format(given=asked.texts[_key(given)], answer=answer_words)]
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
        parts = [res["true_right" if correct else "true_wrong"].format(answer=answer), statement.why]
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
        london = _under_london(moment.scenario.path)
        if london is None:
            return out + [self.london(c.law) for c in changes]
        same = next((x for x in london.rulings if x.event == r.event and x.irregularity == r.irregularity), None)
        if same is None:
            out.append(res["london_none"].format(laws=" and ".join(str(c.law) for c in changes)))
        elif same.case != r.case and same.law is not None:
            out.append(res["london_other"].format(law=same.law, summary=cards_in(summary_text(same.summary))))
        if london.score != moment.scenario.report.score:
            out.append(res["london_score"].format(score=self.each(london.score, list(moment.scenario.log.players))))
        return out + [self.london(c.law) for c in changes]

    def wrong_why(self, asked: Asked, given: Any) -> list[str]:
        """Why the answer given is wrong: misconceptions.yaml's why for a wrong choice drawn
        from it; else, from the cases, what the answer would need."""
        r = cast(Moment, asked.moment).ruling
        res = self.q["result"]
        told = asked.whys.get(_key(given))
        if asked.kind == "law":
            return [res["why_not_told"].format(other=given, why=told)] if told else self.why_not(r, given)
        words = asked.texts[_key(given)]
        if asked.kind == "chooser":
            told = self.not_chooser(r, given)
        elif asked.kind == "options" and told is None:
            told = self.not_here(r, tuple(given))
        return [res["not_this"].format(given=words, why=told)]

    def not_chooser(self, r: Ruling, given: str | None) -> str:
        res = self.q["result"]
        case = _case(self.book, r).case
        if r.chooser is None or case.chooser is None:
            return res["chooser_compulsory"].format(law=r.law, given=given)
        role = self.words.role(case.chooser)
        if given is None:
            return res["chooser_nobody"].format(law=r.law, role=role, options=self.q["choices"]["or"].join(
                self.words.option(o) for o in r.options))
        if given == r.offender:
            return res["chooser_offender"].format(given=given, law=r.law, role=role)
        return res["chooser_other"].format(law=r.law, role=role, chooser=r.chooser)

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
                return res["not_here"].format(
                    other=c.law,
                    when=res["condition_join"].join(self.words.phrase(n, cond, r.irregularity) for n, cond in failed),
                    actual=res["condition_join"].join(self.words.phrase(n, r.facts[n], r.irregularity) for n, _ in failed))
            return res["not_here_always"].format(other=c.law, law=r.law, irregularity=self.words.irregularity(r.irregularity))
        for n in sorted(self.book.laws):
            for case in self.book.laws[n].cases:
                if frozenset(case.options) == frozenset(options):
                    return res["not_for_this"].format(other=n, irregularities=self.q["choices"]["or"].join(
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
            out.append(res["ruled"].format(summary=cards_in(summary_text(r.summary))))
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
        reading = [explained("ruling", "reading", point=r.open_point)] if r.open_point else []
        if asked.kind == "law":
            return self.applies(r, right) + reading
        if asked.kind == "chooser":
            return [self.why_chooser(r)] + reading
        if asked.kind == "options":
            return self.applies(r, right) + [self.q["result"]["ruled"].format(summary=cards_in(summary_text(r.summary)))] + reading
        return self.arithmetic(moment) + reading

    def why_chooser(self, r: Ruling) -> str:
        """Whom the law gives the choice to (the case's chooser, in roles.yaml's words), and who
        that is here; or that the remedy is compulsory."""
        res = self.q["result"]
        case = _case(self.book, r).case
        if r.chooser is None or case.chooser is None:
            return res["why_compulsory"].format(law=r.law, option=self.words.option(r.options[0]))
        role = self.words.role(case.chooser)
        if r.offender is not None and r.offender != r.chooser:
            return res["why_chooser"].format(chooser=r.chooser, law=r.law, role=role, offender=r.offender)
        return res["why_chooser_role"].format(chooser=r.chooser, law=r.law, role=role)

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
        case = _case(self.book, r)
        if not case.tests:
            reading = self.book.laws[cast(int, r.law)].reading
            return [res["plain"].format(law=r.law, reading=reading.strip())] if right and reading else []
        phrases = [self.words.phrase(name, r.facts[name], r.irregularity) for name, _ in case.tests]
        return [res["applies"].format(law=r.law, irregularity=self.words.irregularity(r.irregularity),
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
                out.append(res["why_not_more" if i else "why_not_case"].format(
                    other=other,
                    when=res["condition_join"].join(self.words.phrase(n, cond, r.irregularity) for n, cond in failed),
                    actual=res["condition_join"].join(self.words.phrase(n, r.facts[n], r.irregularity) for n, _ in failed)))
            return [" ".join(out)]
        if not law.cases:
            return [res["why_not_score"].format(other=other, title=law.title)]
        irregularities = list(dict.fromkeys(i for c in law.cases for i in c.irregularities))
        return [res["why_not_elsewhere"].format(other=other, title=law.title, irregularities=self.q["choices"]["or"].join(
            self.words.irregularity(i) for i in irregularities))]




# -------------------------------------------------------------- the quiz

_SMALL = frozenset("a an the of or and to by in on for with his he who is be not no one two more than "
                   "after before found when played cards card".split())


def _stem(word: str) -> str:
    """A word as a question might say it otherwise: "revoked", "revoke", "revokes" alike,
    "turned" and "turns", "exposed" and "exposure"."""
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            word = word[:-len(end)]
            break
    return word[:5]


def title_words(title: str) -> set[str]:
    """A law's title's own words (not the small ones), as a prompt might repeat them."""
    return {w for w in re.findall(r"[a-z]+", title.lower()) if w not in _SMALL and len(w) > 2}


def gives_away(prompt: str, title: str) -> bool:
    """Whether a prompt says the law's title in its own words: every word of it, or all but
    one of a title of four words or more."""
    own = title_words(title)
    said = set(re.findall(r"[a-z]+", prompt.lower()))
    missing = {w for w in own if w not in said and w.rstrip("s") not in said and w + "s" not in said}
    return bool(own) and len(missing) <= (1 if len(own) >= 4 else 0)


def distinctive(title: str, others: list[str]) -> set[str]:
    """The stems of a title's own words that no other title offered has: a prompt saying one
    of them points at the answer without reasoning."""
    theirs = {_stem(w) for t in others for w in title_words(t)}
    return {_stem(w) for w in title_words(title)} - theirs


def said_words(asked: Asked) -> str:
    """Everything a question shows, but its choices: its words, the events told, the table
    (drawn for a person, and its JSON values for a program)."""
    q = asked.question
    return " ".join([q.text, q.picture or "", *q.extra.get("events", []), json.dumps(q.extra.get("table"), ensure_ascii=False)])


def giveaway(asked: Asked) -> set[str]:
    """What in a "which law" question names its answer: the answer's own choice text, or a
    distinctive word of its title (against the other choices' titles); empty if nothing."""
    if asked.kind != "law":
        return set()
    book = default_book()
    titles = {c.value: book.laws[c.value].title for c in asked.question.choices}
    shown = said_words(asked).lower()
    stems = {_stem(w) for w in re.findall(r"[a-z]+", shown)}
    found = distinctive(titles[asked.right], [t for n, t in titles.items() if n != asked.right]) & stems
    own = asked.texts[_key(asked.right)].lower()
    return found | ({own} if own in shown else set())


def _statements(law: int | None, rules: InForce | None) -> list[Statement]:
    """The true-or-false rounds a quiz may ask: under a rule set other than the London laws (with
    its own options), its differences; else the London laws' misconceptions."""
    own = _own_rules(rules)
    if own is not None and cast(InForce, rules).options != own.defaults:
        return []
    name = own.name if own is not None else None
    return [s for s in default_misconceptions().statements if s.rules == name and (law is None or s.law == law)]


def draw_moments(pool: list[Moment], count: int, rng: random.Random,
                 allowed: Any = lambda m, k: True, taken: set[str] | None = None) -> list[tuple[Moment, str]]:
    """Up to `count` (moment, kind) pairs in random order, no two on the same scenario or the
    same hand (`Moment.hand`: scenarios that tell one deal's variants share it), nor on a
    scenario in `taken`: fewer where the pool has fewer hands. Only the pairs
    `allowed(moment, kind)` lets through."""
    pairs = [(m, k) for m in pool for k in m.kinds]
    rng.shuffle(pairs)
    chosen: list[tuple[Moment, str]] = []
    paths: set[str] = set(taken or ())
    hands: set[tuple] = set()
    for m, k in pairs:
        if len(chosen) == count:
            break
        if m.scenario.path in paths or m.hand in hands or not allowed(m, k):
            continue
        chosen.append((m, k))
        paths.add(m.scenario.path)
        hands.add(m.hand)
    return chosen


class Quiz:
    """The quiz as an interview (`interview.py`): no going back; a result after each answer.
    About one question in four (all those it has, under a rule set) is a true-or-false round."""

    back_allowed = False

    def __init__(self, seed: int, count: int, law: int | None = None, colour: bool = False,
                 rules: InForce | None = None):
        self.seed = seed
        builder = Builder(colour, rules)
        self.builder = builder
        rng = random.Random(seed)
        statements = _statements(law, rules)
        rng.shuffle(statements)
        rounds = len(statements) if builder.own is not None else max(1, count // 4) if count >= 3 else 0
        statements = statements[:min(rounds, count)]

        def choices_rng(m: Moment, kind: str) -> random.Random:
            return random.Random(f"{seed}:{m.scenario.path}:{m.ruling.event}:{kind}")

        def allowed(m: Moment, kind: str) -> bool:   # "Which law?" must not be answered by the question
            if kind != "law":
                return True
            if law is not None or gives_away(" ".join(builder.story(m, kind)), builder.book.laws[m.law].title):
                return False
            return not giveaway(builder.ask(m, kind, 1, 1, choices_rng(m, kind)))

        taken = {s.scenario for s in statements} if builder.own is None else set()   # a rule set has few
        chosen: list[Any] = draw_moments(moments(law, rules), count - len(statements), rng, allowed, taken)
        chosen += statements
        rng.shuffle(chosen)
        self.asked = [builder.ask_statement(c, i, len(chosen)) if isinstance(c, Statement)
                      else builder.ask(c[0], c[1], i, len(chosen), choices_rng(*c))
                      for i, c in enumerate(chosen, 1)]

    def step(self, answers: list[Any]) -> Turn:
        turn = Turn()
        b = self.builder
        if answers:
            message, words = b.result(self.asked[len(answers) - 1], answers[-1])
            turn.tell, turn.words = [message], [words]
        if len(answers) < len(self.asked):
            turn.question = self.asked[len(answers)].question
            return turn
        marks = [_key(a) == _key(q.right) for q, a in zip(self.asked, answers)]
        wrong = sorted({q.law for q, ok in zip(self.asked, marks) if not ok and q.law is not None})
        end = b.q["end"]
        rules = b.own.name if b.own is not None else None
        recap: list[dict[str, Any]] = []
        for q, ok in zip(self.asked, marks):
            entry: dict[str, Any] = {"id": q.question.id, "correct": ok, "law": q.law, "kind": q.kind,
                                     "page": f"law-{q.law:02d}.html" if q.law is not None else f"rules-{rules}.html"}
            if q.law is None:
                entry["rule"] = cast(Statement, q.statement).rule
            recap.append(entry)
        turn.final = {"score": {"right": sum(marks), "asked": len(self.asked), "seed": self.seed,
                                "read_again": wrong, "recap": recap}}
        lines = [end["score"].format(right=sum(marks), asked=len(self.asked)), "", end["recap"]]
        for i, e in enumerate(recap, 1):
            mark = end["right_mark" if e["correct"] else "wrong_mark"]
            if e["law"] is None:
                lines.append(b.wrap(end["recap_rule"].format(n=i, mark=mark, rule=rule_named(e["rule"], b.book))))
                where = end["recap_where_rule"].format(rules=rules, page=e["page"])
            else:
                lines.append(b.wrap(end["recap_line"].format(n=i, mark=mark, law=e["law"], title=b.book.laws[e["law"]].title)))
                where = (end["recap_where_rules"].format(law=e["law"], rules=rules, page=e["page"]) if rules
                         else end["recap_where"].format(law=e["law"], page=e["page"]))
            lines.append("\n".join(wrap(where, indent="   ", more="", columns=WRAP)))
        lines.append("")
        if wrong:
            command = (lambda n: end["command_rules"].format(law=n, rules=rules)) if rules else (lambda n: end["command"].format(law=n))
            lines.append(b.wrap(end["read_again"].format(commands=", ".join(command(n) for n in wrong))))
        else:
            lines.append(end["all_right"])
        lines.append(b.wrap(end["seed"].format(seed=self.seed)))
        turn.final_words = "\n".join([""] + lines)
        return turn
