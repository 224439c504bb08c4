"""`ecarte quiz`: cases and decisions, in the manner of Cavendish, drawn from the scenarios.

Each scenario with rulings is replayed by the adjudicator; each claimed ruling is a moment of
discovery: the table just before it, the events so far, what was found. A question asks about
the ruling: which law decides, who may choose, between what, or the score at the end of the
scenario. Its choices come from the book (neighbouring laws, other cases' options, the other
player, nearby scores), exactly one of them the adjudicator's own ruling. A wrong answer gets
the law's text, why its case applies (the facts in the phrases of `laws/words/facts.yaml`) and
why the law chosen does not (the conditions of its cases that the facts fail). Every word is
in `laws/words/` (quiz.yaml, table.yaml, events.yaml). The same seed asks the same questions.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from ..words.interview import Choice, Question, Turn
from ..lawbook.laws import CompiledCase, LawBook, default_book
from ..lawbook.rulesets import InForce
from ..lawbook.places import SCENARIOS_DIR
from ..lawbook.scenarios import scenario_docs, scenarios_by_law
from ..record.log import Log, read_file
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

KINDS = ("law", "chooser", "options", "score")
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
    """One question of the quiz, with what grading it needs."""

    question: Question
    moment: Moment
    kind: str
    right: Any
    texts: dict[str, str] = field(default_factory=dict)   # json of a value -> its words


def _turned_up(before: dict[str, Any], after: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    """The table a question shows: just before the ruling's event, but with the cards it turned
    up (law 11: every card turned, the trump not yet chosen) where the ruling is about them; what
    the remedy did at once (a fresh deal) is not shown, it is the answer."""
    if after["deal"] != before["deal"] or not set(cards) & (set(after.get("turned") or []) - set(before.get("turned") or [])):
        return before
    return {**after, "annulled": None, "choosing": True, "score": before["score"]}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _case(book: LawBook, ruling: Ruling) -> CompiledCase:
    return next(c for c in book.by_irregularity[ruling.irregularity] if c.ref == ruling.case)


def _law_choices(book: LawBook, moment: Moment, rng: random.Random) -> list[int]:
    """The right law and 2 to 4 neighbours: laws with cases on the same irregularity (none of
    whose cases fits these facts), the laws it is related to, then its neighbours in the book;
    never a law the ruling cites."""
    ruling, right = moment.ruling, moment.law
    same = {c.law for c in book.by_irregularity[ruling.irregularity] if c.law is not None}
    fits = {c.law for c in book.by_irregularity[ruling.irregularity] if c.law is not None and c.matches(ruling.facts)}
    related = set(book.laws[right].related) | {n for n, law in book.laws.items() if right in law.related}
    near = {right + d for d in (-2, -1, 1, 2) if right + d in book.laws}
    barred = {right} | set(ruling.laws) | fits
    groups = [sorted(same - barred), sorted(related - same - barred), sorted(near - related - same - barred)]
    picked: list[int] = []
    want = rng.randint(2, 4)
    for group in groups:
        rng.shuffle(group)
        picked += group[:max(0, want - len(picked))]
    return sorted(picked + [right])


def _options_choices(book: LawBook, moment: Moment, rng: random.Random) -> list[tuple[str, ...]]:
    """The ruling's options and 2 to 3 other cases' options: cases of the same irregularity,
    then of related laws, then any case of the book."""
    ruling = moment.ruling
    right = tuple(ruling.options)
    related = set(book.laws[moment.law].related) | set(ruling.laws)
    cases = [c for law in sorted(book.laws) for c in book.laws[law].cases]
    same = [tuple(c.case.options) for c in book.by_irregularity[ruling.irregularity]]
    near = [tuple(c.options) for n in sorted(related) for c in book.laws[n].cases]
    rest = [tuple(c.options) for c in cases]
    seen = {frozenset(right)}
    picked: list[tuple[str, ...]] = []
    want = rng.randint(2, 3)
    for group in (same, near, rest):
        group = list(dict.fromkeys(group))
        rng.shuffle(group)
        for options in group:
            if len(picked) < want and frozenset(options) not in seen:
                seen.add(frozenset(options))
                picked.append(options)
    choices = picked + [right]
    rng.shuffle(choices)
    return choices


def _score_choices(right: dict[str, int], before: dict[str, int], players: list[str],
                   rng: random.Random) -> list[dict[str, int]]:
    """The score at the end and 2 to 3 near it: the score before, one or two more or less."""
    a, b = players
    near = [dict(before)] if before != right else []
    others = []
    for da, db in ((1, 0), (0, 1), (-1, 0), (0, -1), (2, 0), (0, 2), (-2, 0), (0, -2), (1, 1)):
        score = {a: right[a] + da, b: right[b] + db}
        if min(score.values()) >= 0:
            others.append(score)
    if right[a] != right[b]:
        others.append({a: right[b], b: right[a]})
    rng.shuffle(others)
    picked: list[dict[str, int]] = []
    want = rng.randint(2, 3)
    for score in near + others:
        if len(picked) < want and score != right and score not in picked:
            picked.append(score)
    choices = picked + [dict(right)]
    rng.shuffle(choices)
    return choices


class Builder:
    """Makes the questions of one quiz: words, choices, the table drawn."""

    def __init__(self, colour: bool = False):
        self.book = default_book()
        self.words = default_words()
        self.q = self.words.quiz
        self.labels = self.words.labels("terminal")
        self.colour = colour

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
        if kind == "law":
            laws = _law_choices(self.book, moment, rng)
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
            sets = _options_choices(self.book, moment, rng)
            choices = [Choice(list(o), self.option_set(o)) for o in sets]
            right = list(r.options)
        else:
            scores = _score_choices(s.report.score, frame["score"], players, rng)
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
        return Asked(question, moment, kind, right, texts)

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

    def result(self, asked: Asked, given: Any) -> tuple[dict[str, Any], str]:
        """The result message for an answer, and the words a person reads."""
        r = asked.moment.ruling
        correct = _key(given) == _key(asked.right)
        res = self.q["result"]
        answer_words = asked.texts[_key(asked.right)]
        if correct:
            parts = [res["right_law" if asked.kind == "law" else "right"].format(answer=answer_words, law=r.law)]
            parts += self.reasons(asked)
        else:
            parts = [res["wrong"].format(given=asked.texts[_key(given)], answer=answer_words)]
            parts += self.why(asked, given)
        parts = [for_people(p) for p in parts]
        explanation = "\n".join(parts)
        message = {"result": {"id": asked.question.id, "correct": correct, "answer": asked.right,
                              "law": r.law, "explanation": explanation, "scenario": asked.moment.scenario.path}}
        return message, "\n".join([""] + [self.wrap(p) for p in parts])

    def why(self, asked: Asked, given: Any) -> list[str]:
        """The full why: the law's text, why its case applies, and why the answer given does not."""
        r = asked.moment.ruling
        res = self.q["result"]
        law = self.book.laws[asked.moment.law]
        out = [res["law_text"].format(law=r.law, title=law.title, text=law.text)] + self.reasons(asked)
        if asked.kind == "law":
            out += self.why_not(r, given)
        if asked.kind != "options":
            out.append(res["ruled"].format(summary=cards_in(summary_text(r.summary))))
        if asked.kind == "score":
            out.append(res["story"].format(description=parted(asked.moment.scenario.log.description)[0]))
        out.append(res["read"].format(law=r.law))
        return out

    def reasons(self, asked: Asked) -> list[str]:
        """The reasoning behind the answer, right or wrong: for which law, the circumstances its
        case needs; for who chooses, whom the law gives the choice to; for what is allowed, the
        circumstances and the ruling; for the score, the arithmetic of the hand. A ruling whose
        case rests on a point the law leaves open says which, and how the book reads it."""
        r = asked.moment.ruling
        reading = [explained("ruling", "reading", point=r.open_point)] if r.open_point else []
        if asked.kind == "law":
            return [self.applies(r)] + reading
        if asked.kind == "chooser":
            return [self.why_chooser(r)] + reading
        if asked.kind == "options":
            return [self.applies(r), self.q["result"]["ruled"].format(summary=cards_in(summary_text(r.summary)))] + reading
        return self.arithmetic(asked.moment) + reading

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

    def applies(self, r: Ruling) -> str:
        res = self.q["result"]
        case = _case(self.book, r)
        irregularity = self.words.irregularity(r.irregularity)
        if not case.tests:
            return res["applies_always"].format(law=r.law, irregularity=irregularity)
        phrases = [self.words.phrase(name, r.facts[name], r.irregularity) for name, _ in case.tests]
        return res["applies"].format(law=r.law, irregularity=irregularity,
                                     conditions=res["condition_join"].join(phrases))

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


def draw_moments(pool: list[Moment], count: int, rng: random.Random,
                 allowed: Any = lambda m, k: True) -> list[tuple[Moment, str]]:
    """Up to `count` (moment, kind) pairs in random order, no two on the same scenario or the
    same hand (`Moment.hand`: scenarios that tell one deal's variants share it): fewer where
    the pool has fewer hands. Only the pairs `allowed(moment, kind)` lets through."""
    pairs = [(m, k) for m in pool for k in m.kinds if allowed(m, k)]
    rng.shuffle(pairs)
    chosen: list[tuple[Moment, str]] = []
    paths: set[str] = set()
    hands: set[tuple] = set()
    for m, k in pairs:
        if len(chosen) == count:
            break
        if m.scenario.path in paths or m.hand in hands:
            continue
        chosen.append((m, k))
        paths.add(m.scenario.path)
        hands.add(m.hand)
    return chosen


class Quiz:
    """The quiz as an interview (`interview.py`): no going back; a result after each answer."""

    back_allowed = False

    def __init__(self, seed: int, count: int, law: int | None = None, colour: bool = False,
                 rules: InForce | None = None):
        self.seed = seed
        builder = Builder(colour)
        self.builder = builder
        rng = random.Random(seed)
        def allowed(m: Moment, kind: str) -> bool:   # "Which law?" must not be answered by the question
            if kind != "law":
                return True
            prompt = " ".join(builder.story(m, kind))
            return law is None and not gives_away(prompt, builder.book.laws[m.law].title)

        chosen = draw_moments(moments(law, rules), count, rng, allowed)
        self.asked = [builder.ask(m, k, i, len(chosen), random.Random(f"{seed}:{i}"))
                      for i, (m, k) in enumerate(chosen, 1)]

    def step(self, answers: list[Any]) -> Turn:
        turn = Turn()
        if answers:
            message, words = self.builder.result(self.asked[len(answers) - 1], answers[-1])
            turn.tell, turn.words = [message], [words]
        if len(answers) < len(self.asked):
            turn.question = self.asked[len(answers)].question
            return turn
        right = sum(_key(a) == _key(q.right) for q, a in zip(self.asked, answers))
        wrong = sorted({q.moment.law for q, a in zip(self.asked, answers) if _key(a) != _key(q.right)})
        end = self.builder.q["end"]
        recap: list[dict[str, Any]] = [{"id": q.question.id, "correct": _key(a) == _key(q.right), "law": q.moment.law,
                  "page": f"law-{q.moment.law:02d}.html"} for q, a in zip(self.asked, answers)]
        turn.final = {"score": {"right": right, "asked": len(self.asked), "seed": self.seed,
                                "read_again": wrong, "recap": recap}}
        lines = [end["score"].format(right=right, asked=len(self.asked)), "", end["recap"]]
        lines += [self.builder.wrap(end["recap_line"].format(n=i, mark=end["right_mark" if e["correct"] else "wrong_mark"], law=e["law"],
                                           title=self.builder.book.laws[e["law"]].title, page=e["page"]))
                  for i, e in enumerate(recap, 1)] + [""]
        if wrong:
            lines.append(end["read_again"].format(commands=", ".join(end["command"].format(law=n) for n in wrong)))
        else:
            lines.append(end["all_right"])
        lines.append(end["seed"].format(seed=self.seed))
        turn.final_words = "\n".join([""] + lines)
        return turn
