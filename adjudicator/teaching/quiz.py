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
is not asked (`giveaways.py`). Every word is in `laws/words/` (quiz.yaml, misconceptions.yaml,
table.yaml, events.yaml). The same seed asks the same questions. The moments are
`moments.py`'s, what is said after an answer `grading.py`'s.
"""
from __future__ import annotations

import random
from typing import Any, cast

from ..lawbook.rulesets import InForce, RuleSet
from ..words.interview import Choice, Question, Turn
from ..words.learner import for_people
from ..words.misconceptions import Statement, default_misconceptions
from ..words.rules import rule_named
from ..words.textwidth import wrap
from . import distractors
from .book.frames import ruled_cards
from .giveaways import giveaway, gives_away
from .grading import WRAP, Grader
from .moments import (KINDS, TRUE_FALSE, Asked, Moment, value_key, own_rules, laws_with_moments, moments,
                      replayed, under_london)
from .snapshot import cards_in, event_words
from .table_text import draw
from ..words.happened import happened

__all__ = ["KINDS", "TRUE_FALSE", "Builder", "Quiz", "laws_with_moments", "moments", "replayed"]


def _turned_up(before: dict[str, Any], after: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    """The table a question shows: just before the ruling's event, but with the cards it turned
    up (law 11: every card turned, the trump not yet chosen) where the ruling is about them; what
    the remedy did at once (a fresh deal) is not shown, it is the answer."""
    if after["deal"] != before["deal"] or not set(cards) & (set(after.get("turned") or []) - set(before.get("turned") or [])):
        return before
    return {**after, "annulled": None, "choosing": True, "score": before["score"]}


class Builder(Grader):
    """Makes the questions of one quiz: words, choices, the table drawn (and grades them)."""

    def ask(self, moment: Moment, kind: str, number: int, count: int, rng: random.Random) -> Asked:
        s, r = moment.scenario, moment.ruling
        players = list(s.log.players)
        frame = self.frame(moment, kind)
        whys: dict[str, str | None] = {}
        if kind == "law":
            wrong = distractors.laws(self.book, self.slips, r, moment.law, rng)
            whys = {value_key(n): why for n, why in wrong}
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
            whys = {value_key(list(o)): why for o, why in wrong_sets}
            sets = [o for o, _ in wrong_sets] + [tuple(r.options)]
            rng.shuffle(sets)
            choices = [Choice(list(o), self.option_set(r, o)) for o in sets]
            right = list(r.options)
        else:
            deal = r.table
            start = s.frames[deal.first_event - 1]["score"] if deal is not None else {p: 0 for p in players}
            wrong_scores = distractors.scores(s.report, deal, start, players, self.book, self.words, self.slips,
                                              self.q["result"]["single_point"], frame, rng)
            wrong_scores = self.london_score(moment, wrong_scores)
            whys = {value_key(sc): why for sc, why in wrong_scores}
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
        texts = {value_key(c.value): c.text for c in choices}
        return Asked(question, moment, kind, right, texts, whys)

    def london_score(self, moment: Moment, wrong: list[tuple[dict[str, int], str]]) -> list[tuple[dict[str, int], str]]:
        """Under a rule set, the score the London laws would give the same record, first among
        the wrong scores (the misconception of a player who knows only them), where it differs."""
        london = under_london(moment.scenario.path) if self.own is not None else None
        right = moment.scenario.report.score
        if london is None or london.score == right:
            return wrong
        why = self.q["result"]["london_score_choice"].format(rules=cast(RuleSet, self.own).short)
        others = [w for w in wrong if w[0] != london.score]
        return [(dict(london.score), why)] + others[:max(1, len(others) - 1)]

    def ask_statement(self, statement: Statement, number: int, count: int) -> Asked:
        """A true-or-false round: the statement, beside its scenario's table at the moment of
        its ruling under the statement's law (its first ruling, if none is), with the events so
        far; or, where it has no ruling, the hand at its end with the score it began with."""
        s = replayed(statement.scenario)
        own = [m for m in moments(None, self.rules) if m.scenario.path == statement.scenario]
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
        return Asked(question, None, TRUE_FALSE, statement.answer, {value_key(ch.value): ch.text for ch in choices},
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


def _statements(law: int | None, rules: InForce | None) -> list[Statement]:
    """The true-or-false rounds a quiz may ask: under a rule set other than the London laws (with
    its own options), its differences; else the London laws' misconceptions."""
    own = own_rules(rules)
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
        if builder.own is not None:   # few scenarios: each asked once, by its statement or its ruling (quoting the same words)
            ruled = {m.scenario.path for m in moments(law, rules)}
            statements = [st for st in statements if st.scenario not in ruled or rng.random() < 0.5]

        def choices_rng(m: Moment, kind: str) -> random.Random:
            return random.Random(f"{seed}:{m.scenario.path}:{m.ruling.event}:{kind}")

        def allowed(m: Moment, kind: str) -> bool:   # "Which law?" must not be answered by the question
            if kind != "law":
                return True
            if law is not None or gives_away(" ".join(builder.story(m, kind)), builder.book.laws[m.law].title):
                return False
            return not giveaway(builder.ask(m, kind, 1, 1, choices_rng(m, kind)))

        taken = {s.scenario for s in statements}   # no scenario asked twice
        chosen: list[Any] = draw_moments(moments(law, rules), count - len(statements), rng, allowed, taken)
        chosen += statements
        rng.shuffle(chosen)
        self.asked = [builder.ask_statement(c, i, len(chosen)) if isinstance(c, Statement)
                      else builder.ask(c[0], c[1], i, len(chosen), choices_rng(*c))
                      for i, c in enumerate(chosen, 1)]
        if 0 < len(chosen) < count:   # fewer scenarios than questions asked for: said, not silent
            first = self.asked[0].question
            fewer = builder.q["end"]["fewer"].format(asked=len(chosen), count=count)
            first.picture = "\n".join(["", builder.wrap(fewer), *(first.picture or "").split("\n")[1:]])
            first.extra["fewer"] = fewer

    def recap_line(self, n: int, mark: str, law: int) -> str:
        """A law in the recap: its London title, or, where the rule set asked under changes or
        removes it, said so, the title being the London law's."""
        b = self.builder
        end, title = b.q["end"], b.book.laws[law].title
        change = b.rules.changes.get(law) if b.own is not None and b.rules is not None else None
        if change is None:
            return end["recap_line"].format(n=n, mark=mark, law=law, title=title)
        said = end["recap_line_removed" if change.removed else "recap_line_changed"]
        return said.format(n=n, mark=mark, law=law, title=title, rules=cast(RuleSet, b.own).short)

    def step(self, answers: list[Any]) -> Turn:
        turn = Turn()
        b = self.builder
        if answers:
            message, words = b.result(self.asked[len(answers) - 1], answers[-1])
            turn.tell, turn.words = [message], [words]
        if len(answers) < len(self.asked):
            turn.question = self.asked[len(answers)].question
            return turn
        marks = [value_key(a) == value_key(q.right) for q, a in zip(self.asked, answers)]
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
                lines.append(b.wrap(self.recap_line(i, mark, e["law"])))
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
