"""`ecarte resolve --rules NAME --option KEY=VALUE` (issue 33): under each rule set and variant
the interview reaches every case of the law book and of laws/rules/ that applies under it, in
at most 8 questions, and `adjudicate` rules the log it tells the same way."""
import io
import json

import pytest

from adjudicator import adjudicate_text
from adjudicator.dispute.resolve import Resolve
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import in_force
from adjudicator.words.interview import run_json
from adjudicator.words.report import report_json

from test_resolve import MAX_QUESTIONS, Caller

RULES = {
    "cavendish": ("cavendish", {}),
    "french": ("french", {}),
    "modern": ("modern", {}),
    "modern with doubling": ("modern", {"doubling": True}),
    "offer_point": ("modern", {"offer_point": True}),
    "ace_high": ("modern", {"ace_high": True}),
    "pool": ("modern", {"pool": True}),
    "linked": ("cavendish", {"match": "linked"}),
}


def _rules(name):
    rules, options = RULES[name]
    return in_force(rules, options, 3 if options.get("pool") else 2)


def applying(rules) -> set[str]:
    """The cases that apply under these rules: a law's whose option facts hold, a rule's whose
    option is on."""
    options = rules.options.to_json()
    return {c.ref for cases in default_book().by_irregularity.values() for c in cases
            if (c.law is not None or options.get(c.rule) is True)
            and all(f not in options or options[f] in allowed for f, allowed in c.tests)}


def reached(res) -> dict[str, list]:
    """Each case some path of known answers (no "I don't know") ends on alone, within 8
    questions: the first such path."""
    found: dict[str, list] = {}

    def walk(answers):
        turn = res.step(answers)
        if turn.question is None:
            ruling = turn.final.get("ruling")
            if ruling and "outcomes_if" not in turn.final:
                found.setdefault(ruling["case"], answers)
            return
        if len(answers) >= MAX_QUESTIONS:
            return
        for choice in turn.question.choices:
            if choice.text != res.words.interview["unknown"]:
                walk(answers + [choice.value])

    for irregularity in default_book().by_irregularity:
        if res.cases(irregularity):
            walk([irregularity])
    return found


@pytest.mark.parametrize("name", list(RULES))
def test_every_case_that_applies_is_reached_and_ruled_the_same_way(name):
    rules = _rules(name)
    res = Resolve(rules=rules)
    wanted = applying(rules)
    found = reached(res)
    assert wanted <= set(found), sorted(wanted - set(found))
    for ref in sorted(wanted):
        answers = found[ref]
        out = io.StringIO()
        assert run_json(res, Caller(out, answers), out) == 1
        final = json.loads(out.getvalue().splitlines()[-1])
        assert final["ruling"]["case"] == ref
        header = final["log"]
        assert (header.get("rules", "cavendish"), header.get("options", {})) == (RULES[name][0], RULES[name][1])
        report = report_json(adjudicate_text(json.dumps(final["log"]), "<resolved>"))
        again = [r for r in report["rulings"] if r["case"] == ref and r["claimed"]]
        assert again, (ref, [r["case"] for r in report["rulings"]])
        for key in ("law", "rule", "chooser", "options", "irregularity"):
            assert again[-1].get(key) == final["ruling"].get(key), (ref, key)
    print(f"\n{name}: {len(wanted & set(found))} of {len(wanted)} cases reached")
