"""Open choices and what each would make of the game (RULINGS.md, "Open choices").

A claimed ruling whose chooser has not chosen by the end of the log gets `outcomes`: for each
option, the score, winner and game value had it been taken then, the rest of the log standing.
Each is found by a replay with the election made at its end, going on from a copy of the state
the replay kept there (`Replay.what_if`), not from the log's first event. The report's score is
then, for each player, the least he has over every combination of the open choices, and its
winner only one who wins whatever is chosen.

A claimed ruling that turns on a fact the log does not know (its `unknown`) gets, for each
value, the same figures (`score`, `winner`, `game_value`, the open choices of that run settled
as above), found by replaying the log with the fact taken as known (from the deal the lean
scan doubted, `Replay.resume`); a value that rules as the log's ruling does, with no choice,
takes this replay's figures (`_as_it_is`). The report's figures then hold whatever the fact
is. (A copy of the state before each such claim, to go on from, cost more to keep than the
replays it saved.) At most MAX_UNKNOWN such values are replayed, and only for logs of at
most MAX_UNKNOWN_EVENTS events (past that: `outcomes_capped`).

The number of runs is bounded: at most MAX_RUNS, and fewer for a long log (MAX_EVENTS_REPLAYED
divided by its events, but always at least MIN_RUNS). A run that only makes elections at the end
replays no event now (it goes on from the snapshot kept there); the bound stays as it was, so
that a report says what it said, capped where it was. When the combinations of the
open choices are more than that, each option is replayed alone (the other choices left open)
and the report says the figures are capped (`outcomes_capped`); options beyond the cap get no
outcome.
"""
from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from .errors import ReplayError

if TYPE_CHECKING:
    from ..lawbook.laws import LawBook
    from .replay import Replay
    from .ruling import Report, Ruling

MAX_RUNS = 32
MIN_RUNS = 4
MAX_EVENTS_REPLAYED = 200_000
MAX_UNKNOWN = 4
MAX_UNKNOWN_EVENTS = 5_000

# options taken with a card: the cards the chooser may name (law 11: one of the cards turned)
CARDS = {"choose_trump": lambda ruling: list(ruling.table.turned) if ruling.table is not None else []}


def _alternatives(ruling: Any) -> list[tuple[str, Any]]:
    """What the chooser may do: each option, once per card for an option taken with a card."""
    out: list[tuple[str, Any]] = []
    for option in ruling.options:
        cards = CARDS[option](ruling) if option in CARDS else []
        out += [(option, c) for c in cards] if cards else [(option, None)]
    return out


def settle(replay: Replay, report: Report) -> None:
    """Give each open ruling of `report` its outcomes, each value of a fact its ruling turns on
    but the log does not know its figures, and the report the figures that stand."""
    standing = [_choices(replay, report)]
    if replay.facts_at is None:
        standing += _unknowns(replay, report, standing[0])
    if len(standing) > 1:
        least = _least(standing, replay.players)
        report.score, report.winner, report.game_value = least["score"], least["winner"], least["game_value"]


def _unknowns(replay: Replay, report: Report, chosen: dict[str, Any]) -> list[dict[str, Any]]:
    """The figures under each value of each unknown fact of a claimed ruling, set on its entry.
    `chosen`: the figures of the log as it is, its open choices settled (`_choices`)."""
    asked = [(i, fact, value, d) for i, r in enumerate(replay.rulings) if r.claimed and r.unknown
             for fact, decisions in r.unknown.items() for value, d in decisions.items()]
    if not asked:
        return []
    if len(asked) > MAX_UNKNOWN or len(replay.events) > MAX_UNKNOWN_EVENTS:
        report.outcomes_capped = True
        return []
    out = []
    for i, fact, value, decision in asked:
        if _as_it_is(replay.book, replay.rulings[i], decision):
            fig = {**chosen, "score": dict(chosen["score"]) if chosen["score"] is not None else None}
        else:
            fig = _figures(replay, {}, {i: {fact: value == "true"}})
        decision.update(fig)
        if "error" not in fig:   # the log cannot go as it does under this value: it is not the fact
            out.append(fig)
    return out


def _as_it_is(book: LawBook, ruling: Ruling, decision: dict[str, Any]) -> bool:
    """Whether the fact's value rules as the log's ruling does and leaves nobody a choice: by
    the same case, or by one of the same remedy (`Case.remedy`) on the same offender (law 25's
    adversary who holds the king and its king shown false before a card was played: the king
    struck out, no penalty). The replay that takes it as known goes as this one went: only the
    ruling's own case, words, `facts` and `unknown` differ, and the game reads none of them once
    a compulsory remedy is done; so its figures are this replay's. Proven on generated
    irregular games of every rule set by tests/test_what_if.py, every value replayed."""
    if ruling.chooser is not None or decision["chooser"] is not None:
        return False
    return decision["case"] == ruling.case or decision["offender"] == ruling.offender and \
        book.by_ref[decision["case"]].case.remedy == book.by_ref[ruling.case].case.remedy


def _choices(replay: Replay, report: Report) -> dict[str, Any]:
    """Outcomes for the open rulings; the figures that stand whatever they choose."""
    open_rulings = [(i, r) for i, r in enumerate(replay.rulings) if r.open]
    if not open_rulings:
        return {"score": report.score, "winner": report.winner, "game_value": report.game_value}
    choices = {i: _alternatives(r) for i, r in open_rulings}
    combos = 1
    for alternatives in choices.values():
        combos *= len(alternatives)
    cap = max(MIN_RUNS, min(MAX_RUNS, MAX_EVENTS_REPLAYED // max(1, len(replay.events))))
    if combos <= cap:
        runs = [dict(zip(choices, chosen)) for chosen in product(*choices.values())]
    else:
        report.outcomes_capped = True
        runs = [{i: a} for i, alternatives in choices.items() for a in alternatives][:cap]
    results = [(run, _figures(replay, run)) for run in runs]
    for i, r in open_rulings:
        r.outcomes = {}
        for option in r.options:
            taken = [(run[i][1], fig) for run, fig in results if i in run and run[i][0] == option]
            if not taken:
                continue
            r.outcomes[option] = _least([fig for _, fig in taken], replay.players)
            cards = dict.fromkeys(str(c) for c, _ in taken if c is not None)
            if cards:   # the least over the cards he may name, and what each would make of it
                r.outcomes[option]["cards"] = {c: _least([f for k, f in taken if str(k) == c], replay.players)
                                               for c in cards}
    standing = _least([fig for _, fig in results], replay.players)
    report.score, report.winner, report.game_value = standing["score"], standing["winner"], standing["game_value"]
    return standing


def _figures(replay: Replay, run: dict[int, tuple[str, Any]],
             facts_at: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The report's figures had these options been taken at the end of the log (and these
    facts been known); without options, a replay that settles its own open choices."""
    facts_at = facts_at if facts_at is not None else replay.facts_at
    key = {i: (r.event, r.irregularity) for i, r in enumerate(replay.rulings)}
    elect = [(key[i], o, c) for i, (o, c) in sorted(run.items())] if run else None
    try:
        done = replay.what_if(elect, facts_at)
    except ReplayError as e:   # the option cannot be carried out on this table
        return {"score": None, "winner": None, "game_value": None, "error": str(e)}
    return {"score": done.score, "winner": done.winner, "game_value": done.game_value}


def _least(figures: list[dict[str, Any]], players: list[str]) -> dict[str, Any]:
    """What holds over all of `figures`: each player's least score, the winner if he wins in all."""
    known = [f for f in figures if f["score"] is not None]
    if not known:
        return {"score": None, "winner": None, "game_value": None}
    score = {p: min(f["score"][p] for f in known) for p in players}
    winners = {f["winner"] for f in known}
    winner = winners.pop() if len(winners) == 1 and len(known) == len(figures) else None
    value = min(f["game_value"] for f in known) if winner is not None else None
    return {"score": score, "winner": winner, "game_value": value}
