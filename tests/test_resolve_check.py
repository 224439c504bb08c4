"""The check of `resolve` (issue 16): for every path through the interview of a dispute whose
ending turns on the facts of the hand, "I don't know" included, a second log is made from the
answers alone (tests/dispute_logs.py, written apart from the telling), `adjudicate` rules on
it, and its ruling and score must be what the interview said, "no irregularity" included. A fact
of the hand the interview did not ask is told with each of its values: the ending must not
depend on it."""
import json

import pytest

from adjudicator import adjudicate_text
from adjudicator.words.report import report_json

from dispute_logs import FREE, TELLERS, log_for

pytestmark = pytest.mark.slow   # every path of the interview, each told as a log and ruled


def _paths(res, irregularity):
    """Every path: (the facts answered, the actor's role, the ending)."""
    out = []

    def walk(answers, facts, actor):
        turn = res.step(answers)
        if turn.question is None:
            out.append((answers, facts, actor, turn.final))
            return
        q = turn.question
        for choice in q.choices:
            if q.fact == "player":
                walk(answers + [choice.value], facts, choice.value)
            elif choice.value is None and q.fact not in res.words.facts or \
                    choice.value is None and None not in res.words.facts[q.fact].values:
                walk(answers + [None], facts, actor)      # I don't know: the ending gives each
            else:
                walk(answers + [choice.value], dict(facts, **{q.fact: choice.value}), actor)

    walk([irregularity], {}, None)
    return out


def _ruled(report, irregularity, log):
    """The ruling at the moment of discovery: the last claimed on the irregularity, else the
    first other one claimed (the answers may make the act another irregularity), else None. A
    score the log's end alone makes lost is not ruled at the table: the dispute is told up to
    now, and the next deal's trump card is not turned up (law 50)."""
    claimed = [r for r in report["rulings"] if r["claimed"] and not (
        r["irregularity"] == "omitted_score" and sum("turn_up" in e for e in log["events"]) < 2)]
    on_it = [r for r in claimed if r["irregularity"] == irregularity]
    return on_it[-1] if on_it else claimed[0] if claimed else None


def _scores(ruling):
    return {o: v["score"] for o, v in (ruling.get("outcomes") or {}).items()} if ruling else {}


@pytest.mark.parametrize("irregularity", sorted(TELLERS))
def test_every_ending_is_what_adjudicate_rules_on_a_log_of_the_answers(irregularity, interview):
    res = interview()
    checked = 0
    for answers, facts, actor, final in _paths(res, irregularity):
        for each in final.get("outcomes_if") or [dict(final, **{"if": {}})]:
            open_values = [(f, v if isinstance(v, list) else [v]) for f, v in each["if"].items()]
            said_facts = dict(facts, **{f: None for f, _ in open_values})
            open_values += [(f, list(vs)) for f, vs in FREE[irregularity].items() if f not in said_facts]
            combos = [{}]
            for f, vs in open_values:
                combos = [dict(c, **{f: v}) for c in combos for v in vs]
            for combo in combos:
                said = dict(facts, **combo)
                log = log_for(irregularity, actor or "dealer", said)
                if log is None:
                    continue
                report = report_json(adjudicate_text(json.dumps(log), "<answers>"))
                ruling = _ruled(report, irregularity, log)
                told = each["ruling"]
                where = (answers, combo, told and told["case"], ruling and ruling["case"])
                assert (told and (told["law"], told["case"])) == (ruling and (ruling["law"], ruling["case"])), where
                if "score" in each:
                    assert each["score"] == report["score"], (where, each["score"], report["score"])
                assert _scores(told) == _scores(ruling), (where, _scores(told), _scores(ruling))
                checked += 1
    assert checked, irregularity
