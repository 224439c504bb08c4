"""`ecarte resolve`: a dispute at the table, its questions drawn from the law book.

The first question asks what happened. After it, the cases of the law book for that
irregularity are the possible rulings; each fact a case's `when:` tests has the values still
allowed (narrowed by the answers, and by what each answer implies: `implies:` in
laws/words/facts.yaml). The next question is the fact whose answers split the cases still
possible most evenly (a case that does not test the fact stays possible under every answer),
offering only answers that a real deal can have (the situation builder can tell one). It ends
when the first possible case, in the book's order of precedence, is certain. Then the facts of
the hand its telling takes (`hand:` in irregularities.yaml: the tricks, the proposal, the king,
what was marked, when): each is asked only where its answers lead to different endings, a
ruling or none, or another score. "I don't know" leaves a fact open: the ruling then gives each
outcome. The ruling is the adjudication of the log the situation builder tells from the
answers; where it finds no irregularity, the ending says so, and why the score is what it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections import defaultdict
from itertools import product
from typing import Any, Literal, get_args, get_origin

from ..lawbook.facts import Facts
from ..words.interview import Choice, Question, Turn
from ..lawbook.laws import CompiledCase, LawBook, Range, default_book
from ..lawbook.rulesets import DEFAULT, InForce, in_force
from .situation import TELLINGS, Built, build
from ..words.vocabulary import Words, default_words

UNKNOWN = None               # the value of "I don't know" for a fact that cannot be null
SITTING_OUT = "sitting_out"  # the id of a pool's third player, who sits this game out
ORDER = list(Facts.model_fields)   # the facts in the order of a deal: the tie-break


def _domain(fact: str, words: Words) -> tuple:
    """The values a fact can take, in the facts' order (numbers: those the words offer)."""
    annotation = Facts.model_fields[fact].annotation
    kinds = (annotation,) if get_origin(annotation) is Literal else get_args(annotation) or (annotation,)
    literal = tuple(v for k in kinds if get_origin(k) is Literal for v in get_args(k))
    nullable = type(None) in kinds
    if literal:
        values = literal + ((None,) if nullable else ())
    elif int in kinds:
        values = tuple(words.facts[fact].offered or ())
    else:
        values = (True, False) + ((None,) if nullable else ())
    return values


def _accepts(case: CompiledCase, fact: str, domain: tuple) -> frozenset:
    for name, allowed in case.tests:
        if name == fact:
            if isinstance(allowed, Range):
                return frozenset(v for v in domain if v is not None and
                                 (allowed.min is None or v >= allowed.min) and (allowed.max is None or v <= allowed.max))
            return frozenset(allowed) & frozenset(domain)
    return frozenset(domain)


@dataclass
class State:
    """What the answers so far say: each fact's values still allowed, the facts left open."""

    irregularity: str
    dealer: str
    non_dealer: str
    allowed: dict[str, tuple]
    asked: dict[str, Any] = field(default_factory=dict)   # the facts answered (not "I don't know")
    open: list[str] = field(default_factory=list)          # the facts answered "I don't know"
    actor: str | None = None   # who did it (a player), where either player may have
    hand: dict[str, Any] = field(default_factory=dict)      # the facts of the hand answered
    hand_open: list[str] = field(default_factory=list)      # those answered "I don't know"


class Resolve:
    """The interview: a pure function of the answers (INTERVIEW.md)."""

    back_allowed = True

    def __init__(self, players: list[str] | None = None, book: LawBook | None = None,
                 words: Words | None = None, rules: InForce | None = None):
        self.players = players
        self.book = book or default_book()
        self.words = words or default_words()
        self.rules = rules or in_force(DEFAULT)
        self.domains = {f: _domain(f, self.words) for f in ORDER}   # each fact's values
        options = self.rules.options.to_json()
        self.fixed = {f: options[f] for f in ORDER if f in options}
        for f, value in self.fixed.items():   # a fact that is an option of the rules in force is known, never asked
            self.domains[f] = (value,)
        self._built: dict[tuple, Built | None] = {}
        self.final: dict[str, Any] | None = None   # the last ruling told (what `--save` writes)

    # -- the state -------------------------------------------------------------------

    def cases(self, irregularity: str) -> list[CompiledCase]:
        """The book's cases of this irregularity that the rules in force leave possible: a rule
        set's own rule (law null) only where its option is on and a dispute of it can be told,
        and no case whose option fact the rules fix otherwise."""
        cases = self.book.by_irregularity.get(irregularity, [])
        fixed, options = self.fixed, self.rules.options
        return [c for c in cases
                if (c.law is not None or getattr(options, c.rule or "", False) is True and irregularity in TELLINGS)
                and all(f not in fixed or fixed[f] in allowed for f, allowed in c.tests)]

    def narrow(self, allowed: dict[str, tuple], fact: str, values: tuple) -> dict[str, tuple] | None:
        """The allowed values once `fact` is one of `values`, with what follows; None if impossible."""
        allowed = dict(allowed)
        todo = [(fact, values)]
        while todo:
            name, vals = todo.pop()
            kept = tuple(v for v in allowed[name] if v in vals and type(v) in {type(w) for w in vals})
            if not kept:
                return None
            if kept == allowed[name] and name != fact:
                continue
            allowed[name] = kept
            if len(kept) == 1 and kept[0] in self.words.facts[name].values:
                for implied, also in self.words.facts[name].values[kept[0]].implies.items():
                    todo.append((implied, tuple(also) if isinstance(also, list) else (also,)))
        return allowed

    def possible(self, state_allowed: dict[str, tuple], irregularity: str) -> list[CompiledCase]:
        domains = self.domains
        return [c for c in self.cases(irregularity)
                if all(set(state_allowed[f]) & _accepts(c, f, domains[f]) for f, _ in c.tests)]

    def outcome(self, allowed: dict[str, tuple], irregularity: str) -> CompiledCase | Literal[False] | None:
        """The case that rules (None: no case applies), or False while it is not yet certain."""
        possible = self.possible(allowed, irregularity)
        if not possible:
            return None
        first = possible[0]
        domains = self.domains
        if all(set(allowed[f]) <= _accepts(first, f, domains[f]) for f, _ in first.tests):
            return first
        return False

    def branches(self, state: State) -> list[tuple[dict[str, Any], dict[str, tuple]]]:
        """Each way the facts left open may be: (their values, the allowed values then)."""
        open_ = [f for f in state.open if len(state.allowed[f]) > 1]
        out = []
        for values in product(*(state.allowed[f] for f in open_)):
            allowed: dict[str, tuple] | None = state.allowed
            for f, v in zip(open_, values):
                allowed = allowed and self.narrow(allowed, f, (v,))
            if allowed is not None:
                out.append((dict(zip(open_, values)), allowed))
        return out

    def built(self, state: State, extra: dict[str, Any], case: str | None = None,
              hand: dict[str, Any] | None = None) -> Built | None:
        """The situation told for these answers (cached: the interview is replayed at each step)."""
        facts = dict(state.asked, **extra)
        hand = hand or {}
        key = (state.irregularity, tuple(sorted(facts.items(), key=repr)), case, state.dealer, state.actor,
               tuple(sorted(hand.items())))
        if key not in self._built:
            self._built[key] = build(state.irregularity, facts, state.dealer, state.non_dealer, case=case,
                                     players=self.table(state), actor=state.actor, hand=hand,
                                     header=self.rules.header())
        return self._built[key]

    def table(self, state: State) -> list[str]:
        """The players of the told log: the two at the table and, in a pool, the third, who sits
        this game out (RULESETS.md: the first two ids play the first game)."""
        two = list(self.players or (state.dealer, state.non_dealer))
        return two + [SITTING_OUT] if self.rules.options.pool else two

    # -- the facts of the hand ---------------------------------------------------------

    def hand_left(self, state: State) -> list[str]:
        """The facts of the hand the irregularity's telling takes, not yet answered."""
        options, hand = self.rules.options, self.words.hand
        return [h for h in self.words.irregularities[state.irregularity].hand
                if h not in state.hand and h not in state.hand_open
                and ((option := hand[h].option) is None or getattr(options, option) is True)
                and all(f not in state.asked or state.asked[f] in vs for f, vs in hand[h].asked_if.items())]

    def endings(self, state: State, hand_facts: list[str]) -> dict[tuple, tuple]:
        """(the open facts' values, these hand facts' values) -> the ending the log told with
        them comes to, for each way the facts left open (the law book's and the hand's) may be
        and each combination of values of `hand_facts` (the others at their answers) a deal
        can have."""
        out = {}
        opened = state.hand_open
        for values, case in self.cases_open(state):
            if case is None:
                continue
            for open_combo in product(*(tuple(self.words.hand[h].values) for h in opened)):
                known = dict(state.hand, **dict(zip(opened, open_combo)))
                for combo in product(*(tuple(self.words.hand[h].values) for h in hand_facts)):
                    built = self.built(state, values, case.ref, dict(known, **dict(zip(hand_facts, combo))))
                    if built is not None:
                        out[(tuple(values.items()), open_combo), combo] = ending(built)
        return out

    def cases_open(self, state: State) -> list[tuple[dict[str, Any], CompiledCase | None]]:
        """Each way the facts left open may be, and the case that rules then (None: none)."""
        out = []
        for values, allowed in self.branches(state):
            case = self.outcome(allowed, state.irregularity)
            if case is not False:
                out.append((values, case))
        return out

    def next_hand(self, state: State) -> tuple[str, list[Any]] | None:
        """The first fact of the hand whose answers change the ending (the others left free),
        and the answers a deal can have; None when none changes it."""
        left = self.hand_left(state)
        if not left:
            return None
        table = self.endings(state, left)
        for i, fact in enumerate(left):
            ends = defaultdict(set)
            for (values, combo), end in table.items():
                ends[values, combo[:i] + combo[i + 1:]].add(end)
            if any(len(e) > 1 for e in ends.values()):
                lawful = self.words.hand[fact].lawful_only   # only the values some answers make lawful
                return fact, [v for v in self.words.hand[fact].values
                              if any(c[i] == v and not (lawful and end[2]) for (_, c), end in table.items())]
        return None

    def hand_question(self, n: int, state: State, fact: str, values: list[Any]) -> Question:
        w = self.words
        hw = w.hand[fact]
        sides = self.sides(state)
        choices = [Choice(v, (hw.values[v].answer or hw.values[v].phrase).format(**sides)) for v in values]
        if hw.unknown:
            choices.append(Choice(UNKNOWN, w.interview["unknown"]))
        text = hw.named.format(offender=self.person(state, state.actor)) if hw.named and state.actor else hw.question
        return Question(f"q{n}", text, choices, fact=fact, why=self.hand_why(state, fact, values))

    def hand_why(self, state: State, fact: str, values: list[Any]) -> str:
        """Which ending each answer leads to: a law, or no irregularity."""
        from .telling import _hand   # the answer's clause, its player named as the ending names him
        w = self.words.interview
        left = self.hand_left(state)
        i = left.index(fact)
        table = self.endings(state, left)
        parts = []
        for v in values:
            laws = dict.fromkeys(law for (_, combo), end in table.items() if combo[i] == v for law in end[2])
            named = [self.named(*n) for n in laws]
            if any(not end[2] for (_, combo), end in table.items() if combo[i] == v):
                named.insert(0, w["why_lawful"])
            parts.append(w["why_value"].format(phrase=_hand(self, state, fact, v), laws=w["or"].join(named)))
        return w["why_hand"].format(cases="\n".join(parts))

    # -- the questions ---------------------------------------------------------------

    def first_question(self) -> Question:
        w = self.words
        choices = []
        for moment, heading in w.moments.items():
            for irr, iw in w.irregularities.items():
                if moment in (iw.moment, *iw.also) and self.cases(irr):   # found at another moment: its own id
                    choices.append(Choice(irr, iw.words, group=heading, id=irr if moment == iw.moment else f"{irr}@{moment}"))
        return Question("q1", w.interview["irregularity"], choices, fact="irregularity",
                        group_question=w.interview["moment"], why=w.interview["why_irregularity"])

    def player_question(self, irregularity: str) -> Question:
        assert self.players
        text = self.words.irregularities[irregularity].player or self.words.interview["player"]
        return Question("q2", text, [Choice(p, p, player=p) for p in self.players], fact="player")

    def actor_question(self, n: int, who: str, irregularity: str, dealer: str, non_dealer: str) -> Question:
        """Who did it (`who`: the question), where either player may have: by name and role, or by role."""
        w = self.words
        choices = []
        for role, player in (("dealer", dealer), ("non_dealer", non_dealer)):
            choices.append(Choice(role, self.person(State(irregularity, dealer, non_dealer, {}), player), player=player, role=role))
        return Question(f"q{n}", who, choices, fact="player",
                        why=w.interview["why_actor"])

    def offered(self, state: State, fact: str) -> list[tuple[Any, dict[str, tuple]]]:
        """The answers to offer for a fact: those a deal can have, with the allowed values then."""
        out = []
        for value in state.allowed[fact]:
            allowed = self.narrow(state.allowed, fact, (value,))
            if allowed is None:
                continue
            probe = State(state.irregularity, state.dealer, state.non_dealer, allowed, dict(state.asked, **{fact: value}),
                          state.open, state.actor)
            if self.possible(allowed, state.irregularity):
                if self.built(probe, {}) is None:
                    continue   # no deal the builder can tell has these facts
            elif not (isinstance(value, bool) and all(fact in dict(c.tests) for c in self.cases(state.irregularity))):
                continue       # no law then: offered only for a yes or no that decides whether it happened
            out.append((value, allowed))
        return out

    def next_fact(self, state: State) -> tuple[str, list[tuple[Any, dict[str, tuple]]]] | None:
        """The fact that best tells apart the cases still possible, and its answers."""
        irr = state.irregularity
        undecided = [a for _, a in self.branches(state) if self.outcome(a, irr) is False]
        if not undecided:
            return None
        tested = {f for a in undecided for c in self.possible(a, irr) for f, _ in c.tests}
        now = {c.ref for c in self.possible(state.allowed, irr)}
        best = None
        for fact in ORDER:
            if fact not in tested or fact in state.open or len(state.allowed[fact]) < 2:
                continue
            groups = [{c.ref for c in self.possible(a, irr)} for _, a in
                      ((v, self.narrow(state.allowed, fact, (v,))) for v in state.allowed[fact]) if a is not None]
            if all(g == now for g in groups):
                continue
            score = (max(len(g) for g in groups), sum(len(g) for g in groups))
            if best is None or score < best[0]:
                best = (score, fact)
        if best is None:
            return None
        fact = best[1]
        return fact, self.offered(state, fact)

    def question(self, n: int, state: State, fact: str, answers: list[tuple[Any, dict]]) -> Question:
        w = self.words
        fw = w.facts[fact]
        ids = {"dealer": state.dealer, "non_dealer": state.non_dealer}
        choices = []
        for v, _ in answers:
            text = w.answer(fact, v) if v is not None or None in fw.values else w.interview["unknown"]
            if isinstance(v, str) and v in ids:   # a role: a player, answered by his id too
                if self.players:   # say whose
                    text = w.interview["named_answer"].format(answer=text, name=ids[v])
                choices.append(Choice(v, text, player=ids[v], role=v))
                continue
            choices.append(Choice(v, text))
        if fw.unknown and None not in fw.values:
            choices.append(Choice(UNKNOWN, w.interview["unknown"]))
        return Question(f"q{n}", self.asked(state, fw), choices, fact=fact, why=self.why(state, fact, answers))

    def asked(self, state: State, fw) -> str:
        """The question, naming the players it is about where the answers so far say who."""
        concerned = state.actor
        if concerned is None and state.allowed["concerns"] in (("dealer",), ("non_dealer",)):
            concerned = state.dealer if state.allowed["concerns"] == ("dealer",) else state.non_dealer
        if fw.named and self.players and not any(f"{{{k}}}" in fw.named for k in ("concerned", "offender", "adversary")):
            return fw.named.format(dealer=self.person(state, state.dealer), non_dealer=self.person(state, state.non_dealer))
        if not fw.named or concerned is None or ("{concerned}" not in fw.named and state.actor is None):
            return fw.question
        adversary = state.non_dealer if concerned == state.dealer else state.dealer
        return fw.named.format(concerned=self.person(state, concerned), offender=self.person(state, concerned),
                               adversary=self.person(state, adversary))

    def named(self, law: int | None, rule: str | None) -> str:
        """A law, or a rule set's own rule, as a `why` names it, with its title."""
        title = self.book.law(law, rule).title
        w = self.words.interview
        return w["why_law"].format(law=law, title=title) if law is not None else w["why_rule"].format(title=title)

    def sides(self, state: State) -> dict[str, str]:
        """Who did it and the adversary, as an answer names them: by name, by role, or (nobody
        said who) in words; and the dealer and the non-dealer, by name and role or by role."""
        w = self.words
        roles = {"dealer": self.person(state, state.dealer), "non_dealer": self.person(state, state.non_dealer)}
        if state.actor is None:
            return {"offender": w.interview["that_player"], "adversary": w.interview["that_adversary"], **roles}
        other = state.non_dealer if state.actor == state.dealer else state.dealer
        if self.players:
            return {"offender": state.actor, "adversary": other, **roles}
        return {**{k: w.role("dealer" if p == state.dealer else "non_dealer") for k, p in (("offender", state.actor), ("adversary", other))}, **roles}

    def person(self, state: State, player: str) -> str:
        """A player as a question names him: by name and role, or by role."""
        role = self.words.role("dealer" if player == state.dealer else "non_dealer")
        return self.words.interview["named_role"].format(name=player, role=role) if self.players else role

    def why(self, state: State, fact: str, answers: list[tuple[Any, dict]]) -> str:
        w = self.words.interview
        parts = []
        possible = [self.possible(allowed, state.irregularity) for _, allowed in answers]
        same = len({tuple(dict.fromkeys(c.law for c in cs)) for cs in possible}) == 1
        for (value, allowed), cases in zip(answers, possible):
            if same:   # the same law whatever the answer: say what it changes, the options
                named = "; ".join(dict.fromkeys(w["why_options" if c.law is not None else "why_rule_options"].format(
                    law=c.law, title=self.book.law(c.law, c.rule).title, options=w["or"].join(self.words.case_option(o, c.case) for o in c.case.options))
                    for c in cases)) or w["why_none"]
            else:
                laws = dict.fromkeys((c.law, c.rule) for c in cases)
                named = ", ".join(self.named(*n) for n in laws) or w["why_none"]
            parts.append(w["why_value"].format(phrase=self.words.phrase(fact, value), laws=named))
        return w["why"].format(cases="\n".join(parts))

    # -- the interview ---------------------------------------------------------------

    def start(self, irregularity: str, dealer: str) -> State:
        non_dealer = [p for p in (self.players or ["dealer", "non_dealer"]) if p != dealer][0]
        return State(irregularity, dealer, non_dealer, dict(self.domains))

    def step(self, answers: list[Any]) -> Turn:
        if not answers:   # the rules in force said first, to a person
            from .telling import rules_line
            return Turn(question=self.first_question(), words=[rules_line(self)])
        irr = answers[0]
        rest = answers[1:]
        if self.players:
            if not rest:
                return Turn(question=self.player_question(irr))
            dealer, rest = rest[0], rest[1:]
        else:
            dealer = "dealer"
        state = self.start(irr, dealer)
        n = 3 if self.players else 2
        if who := self.words.irregularities[irr].who:   # either player may have done it: who did?
            if not rest:
                return Turn(question=self.actor_question(n, who, irr, state.dealer, state.non_dealer))
            state.actor = state.dealer if rest[0] == "dealer" else state.non_dealer
            rest = rest[1:]
            n += 1
        for value in rest:
            self.settle(state)
            following = self.next_fact(state)
            if following is None:   # a fact of the hand
                fact, _ = self.next_hand(state)   # type: ignore[misc]
                (state.hand_open.append(fact) if value is UNKNOWN else state.hand.__setitem__(fact, value))
            else:
                fact, offered = following
                if value is UNKNOWN and None not in self.words.facts[fact].values:
                    state.open.append(fact)
                else:
                    state.allowed = dict(offered)[value]
                    state.asked[fact] = value
            n += 1
        self.settle(state)
        following = self.next_fact(state)
        if following is not None:
            fact, offered = following
            return Turn(question=self.question(n, state, fact, offered))
        hand = self.next_hand(state)
        if hand is not None:
            return Turn(question=self.hand_question(n, state, *hand))
        return self.ruling(state)

    def settle(self, state: State) -> None:
        """Take as answered each next question that has one answer only (it is not asked)."""
        while (following := self.next_fact(state)) is not None:
            fact, offered = following
            if len(offered) != 1 or self.words.facts[fact].unknown:
                return
            (value, allowed), = offered
            state.allowed = allowed
            state.asked[fact] = value

    def ruling(self, state: State) -> Turn:
        """The ending: each way the open facts (the law book's and the hand's) may be, with the
        told log's ruling, or none; ways that differ only in the last open fact and come to
        the same ending are said together (its values listed)."""
        from .telling import tell_ruling
        merged: dict[Any, tuple[dict[str, Any], CompiledCase | None, Built | None]] = {}
        for values, case in self.cases_open(state):
            for combo in product(*(tuple(self.words.hand[h].values) for h in state.hand_open)):
                hand = dict(state.hand, **dict(zip(state.hand_open, combo)))
                built = self.built(state, values, case.ref, hand) if case is not None else None
                if case is not None and built is None and state.hand_open:
                    continue   # no deal has these values
                said = dict(values, **dict(zip(state.hand_open, combo)))
                last = list(said)[-1] if said else None
                key = (ending(built) if built is not None else case and case.ref,
                       tuple((f, v) for f, v in said.items() if f != last))
                if key in merged and last is not None:
                    first = merged[key][0]
                    first[last] = (first[last] if isinstance(first[last], list) else [first[last]]) + [said[last]]
                    continue
                merged[key] = (said, case, built)
        turn = tell_ruling(self, state, list(merged.values()))
        self.final = turn.final
        return turn


def ending(built: Built) -> tuple:
    """What an ending comes to: each ruling claimed (irregularity, case, choice made, each
    option's score), the score, and the laws (or rules: law None) that rule, each (law, rule)."""
    claimed = sorted((r for r in built.report.rulings if r.claimed), key=lambda r: r.event)
    rulings = tuple((r.irregularity, r.case, r.elected,
                     tuple((o, tuple(v["score"].items())) for o, v in (r.outcomes or {}).items()))
                    for r in claimed)
    return rulings, tuple(built.report.score.items()), tuple(dict.fromkeys((r.law, r.rule) for r in claimed))
