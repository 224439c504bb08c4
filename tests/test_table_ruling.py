"""The table companion hands an irregularity to the dispute page and takes its ruling back
(`dispute.handback`): at a phone's size, a deal dealt afresh (law 17) and the vole marked to the
adversary (law 42) change the page's score as `ecarte validate` scores the record it exports;
and every ruling the interview beside it can hand back, applied to a deal that stands as the
interview told it, with each turn-up of the sheet it fits, scores on the page as the engine
scores the record. The record names no card but the sheet's own (the interview's example cards
tell its story; nobody at the table gave them)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.engine.adjudicate import adjudicate_text

from browsers import chromium, watched

pytestmark = pytest.mark.slow   # a browser

chromium()   # the module skipped, saying why, where Chromium or playwright is missing


@pytest.fixture
def tab(phone):
    tab = watched(phone)
    yield tab
    tab.close()


@pytest.fixture(scope="module", params=["cavendish", "french", "modern"])
def ruled_page(request, command_page, tmp_path_factory) -> Path:
    """The table page, with the dispute page beside it, under each rule set (London's: the
    command's own)."""
    if request.param == "cavendish":
        return command_page
    path = tmp_path_factory.mktemp(request.param) / "table.html"
    result = CliRunner().invoke(app, ["table", "--page", str(path), "--players", "A,Y", "--rules", request.param])
    assert result.exit_code == 0, result.output
    return path


def _new_game(tab, page: Path) -> None:
    """The table page opened with nothing kept, a new game begun."""
    tab.goto(page.as_uri())
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#start").tap()


def _answer(tab, question: str, choice: str) -> None:
    tab.locator(f'#screen form[data-question="{question}"]').wait_for()
    tab.locator(f'#screen [data-id="{choice}"]').tap()


def _interview(tab, moment: str, irregularity: str, answers: dict[str, str]) -> None:
    """The dispute page, opened by "An irregularity…": the moment, the irregularity, then each
    question it asks answered by the words it asks in (the facts the sheet knows are filled)."""
    tab.locator("#dispute").tap()
    tab.get_by_text(moment).tap()
    tab.locator(f'.choice[data-id^="{irregularity}"]').first.tap()
    for _ in range(12):
        if tab.locator("#ending").count():
            return
        asked = tab.locator("legend").inner_text()
        (choice,) = [c for q, c in answers.items() if q in asked]
        tab.locator(f'.choice[data-id="{choice}"]').tap()
    raise AssertionError("the interview did not end")


def _cards(log: dict) -> set[str]:
    """Every card the record names (LOG_FORMAT.md: an event's `card`, `cards`, `exposed`)."""
    return {c for e in log["events"] for f in e.values() if isinstance(f, dict)
            for c in [f.get("card"), *f.get("cards", []), *f.get("exposed", [])] if c}


def _score(tab) -> dict[str, int]:
    return json.loads(tab.locator("#score").get_attribute("data-score"))


def test_a_fresh_deal_and_the_vole_to_the_adversary_are_applied_and_recorded_with_no_card_not_given(command_page, tab, tmp_path) -> None:
    _new_game(tab, command_page)
    _answer(tab, "dealer", "A")
    _answer(tab, "turn", "KS")   # A's king: one point
    assert _score(tab) == {"A": 1, "Y": 0}
    # found after the turn-up: A dealt himself six cards; Y claims a fresh deal (law 17)
    _interview(tab, "The turn-up", "wrong_count", {"Whose hand": "dealer", "played a card": "false",
                                                     "more cards": "more", "looked at": "false"})
    assert "Law 17" in tab.locator("#ending h2").inner_text()
    assert "Y (the non-dealer) chooses" in tab.locator("#apply").inner_text()
    tab.locator('#apply [data-apply="fresh_deal"]').tap()
    tab.locator('#screen form[data-question="turn"]').wait_for()
    assert "#r=" not in tab.url   # applied once: a reload does not apply it again
    said = tab.locator("#say").inner_text()
    assert "Y chose: a fresh deal" in said and "A deals again" in said and "A loses the 1" in said
    assert "Law 17" in said
    assert _score(tab) == {"A": 0, "Y": 0}
    assert tab.locator('[data-player="A"] .role').inner_text() == "deals"
    # the deal again: Y plays without proposing, and A throws up his hand before making a trick (law 42)
    _answer(tab, "turn", "x")
    _answer(tab, "propose", "play")
    _answer(tab, "king", "none")
    _interview(tab, "The play", "abandoned", {"Who threw up": "dealer", "How many tricks": "0",
                                               "claiming to score": "false"})
    tab.locator('#apply [data-apply="award_vole"]').tap()
    tab.locator('#screen form[data-question="turn"]').wait_for()
    assert "Law 42" in tab.locator("#say").inner_text() and "Y scores 2" in tab.locator("#say").inner_text()
    assert _score(tab) == {"A": 0, "Y": 2}
    tab.reload()   # kept in the phone's storage
    assert _score(tab) == {"A": 0, "Y": 2}
    _answer(tab, "turn", "x")   # Y deals; A plays without proposing and Y wins the point: two (law 49)
    _answer(tab, "propose", "play")
    _answer(tab, "king", "none")
    _answer(tab, "tricks", "d3")
    assert _score(tab) == {"A": 0, "Y": 4}
    rows = tab.locator("#sheet tbody").inner_text()
    assert "law 17: a fresh deal" in rows and "law 42: the adversary marks the vole" in rows
    tab.locator("#export").tap()
    record = tmp_path / "record.json"
    record.write_text(tab.locator("#log").input_value(), encoding="utf-8")
    checked = CliRunner().invoke(app, ["validate", "--json", str(record)])
    report = json.loads(checked.output)
    assert report["score"] == {"A": 0, "Y": 4}
    assert [(r["law"], r["elected"]) for r in report["rulings"]] == [(17, "fresh_deal"), (42, "award_vole")]
    # the one card the sheet has, A's king turned up: none of the interview's telling
    assert _cards(json.loads(record.read_text(encoding="utf-8"))) == {"KS"}
    assert tab.problems == []


def test_a_failure_to_win_and_a_revoke_claimed_after_the_hand_is_recorded_are_applied_to_the_deal_just_over(command_page, tab, tmp_path) -> None:
    _new_game(tab, command_page)
    _answer(tab, "dealer", "A")
    _answer(tab, "turn", "x")
    _answer(tab, "propose", "R")   # A refuses the first proposal and loses the point: Y two (law 49)
    _answer(tab, "king", "none")
    _answer(tab, "tricks", "n3")
    assert _score(tab) == {"A": 0, "Y": 2}
    # then A says Y did not win a trick he could have won: A lets the hand stand, Y's two cut to one (law 43)
    _interview(tab, "The play", "failure_to_win", {"Who dealt": "A", "did not win": "non_dealer",
                                                    "How many tricks": "3", "exchange": "refused"})
    assert "Law 43" in tab.locator("#ending h2").inner_text()
    tab.locator('#apply [data-apply="play_on"]').tap()
    tab.locator('#screen form[data-question="turn"]').wait_for()
    said = tab.locator("#say").inner_text()
    assert "A chose: the deal stands as it is" in said
    assert "Y has 1 for this deal (A refused the first proposal and lost the point, cut by law 43), " \
           "where the sheet had 2 (A refused the first proposal and lost the point)" in said
    assert _score(tab) == {"A": 0, "Y": 1}
    # Y deals; A plays without proposing and loses the point (Y two), then Y says A revoked: the
    # hands are played again, and A wins the point this time (one: he played without proposing)
    _answer(tab, "turn", "x")
    _answer(tab, "propose", "play")
    _answer(tab, "king", "none")
    _answer(tab, "tricks", "d3")
    assert _score(tab) == {"A": 0, "Y": 3}
    _interview(tab, "The play", "revoke", {"Who dealt": "Y", "follow suit": "non_dealer",
                                            "How many tricks": "2", "exchange": "no_proposal"})
    tab.locator('#apply [data-apply="replay_hand"]').tap()
    tab.locator('#screen form[data-question="tricks"]').wait_for()   # the same hands: no proposal, no king asked
    said = tab.locator("#say").inner_text()
    assert "Y chose: the hands are played again" in said and "Y loses the 2 the sheet had for this deal" in said
    assert _score(tab) == {"A": 0, "Y": 1}
    _answer(tab, "tricks", "n3")
    assert _score(tab) == {"A": 1, "Y": 1}
    rows = tab.locator("#sheet tbody").inner_text()
    # in the order it happened: the hand that stands, then the ruling; the ruling, then the hand played again
    assert "A refused; Y won 3 tricks; law 43: the deal stands as it is" in rows
    assert "law 43: the hands are played again; A won 3 tricks" in rows
    tab.locator("#export").tap()
    record = tmp_path / "record.json"
    record.write_text(tab.locator("#log").input_value(), encoding="utf-8")
    report = json.loads(CliRunner().invoke(app, ["validate", "--json", str(record)]).output)
    assert report["score"] == {"A": 1, "Y": 1}
    assert [(r["law"], r["elected"]) for r in report["rulings"]] == [(43, "play_on"), (43, "replay_hand")]
    assert _cards(json.loads(record.read_text(encoding="utf-8"))) == set()
    assert tab.problems == []


def _data(page: Path) -> dict:
    """The dispute page's data beside the table page: its rules and its interview's graph."""
    text = page.with_name("resolve.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', text, re.S)
                      .group(1).replace("<\\/", "</"))


def test_a_hands_result_handed_back_is_the_one_the_person_gave(ruled_page) -> None:
    """A ruling handed back with the hand's result (who won how many tricks: the record keeps
    it, and the points follow it) is reached only by answering it: no path to it leaves the
    interview's example result in the record."""
    graph = _data(ruled_page)["graph"]
    asked: dict[int, list[set[str]]] = {}
    todo = [(0, frozenset())]
    while todo:
        at, facts = todo.pop()
        question, then = graph["nodes"][at]
        if question == -1:
            asked.setdefault(then, []).append(facts)
        else:
            todo += [(child, facts | {graph["questions"][question]["f"]}) for child in then]
    told = [i for i, e in enumerate(graph["endings"]) if any("tricks" in x for x in e["a"].get("ev", []))]
    assert len(told) > 50
    for i in told:
        assert all(facts & {"tricks", "result"} for facts in asked[i]), graph["endings"][i]["a"]


def _handbacks(page: Path) -> list[dict]:
    """Every ruling the dispute page beside the table page can hand back, once each, as it
    hands it back (`applyBox` in page.html.j2), with each turn-up of the sheet it was ruled with
    (`king`: the sheet has the king of spades turned up; else a card not a king)."""
    data = _data(page)
    texts, out, seen = data["graph"]["texts"], [], set()
    for ending in data["graph"]["endings"]:
        a = ending["a"]
        for o in a.get("opts", []):
            given = {"v": 1, "rules": data["rules"], "law": a["law"], "title": texts[a["title"]], "text": texts[a["text"]],
                     "cites": a["cites"], "chooser": a["chooser"], "offender": a["offender"], "ev": a["ev"],
                     "o": o["o"], "w": texts[o["w"]], "t": o.get("t"), "a": o.get("a"), "el": o.get("el")}
            key = json.dumps({k: v for k, v in given.items() if k not in ("title", "text", "w")}, sort_keys=True)
            if "x" not in o and key not in seen:
                seen.add(key)
                out += [given | {"king": turn == "k", "sheet": o["t"][turn]} for turn in o["t"]]
    # and where the players mark their own scores, the rulings that give no points (the page
    # refuses, in words, to mark a ruling's points for them); in a deal recorded card by card, a
    # card played, those that leave no deal going on (the page goes on from none); and those on
    # a hand told with its result, on the deal the sheet has recorded over with that result
    return out + [c | {"marks": True} for c in out if not any(c["sheet"]["pts"].values())] \
        + [c | {"cards": True} for c in out if c["sheet"]["after"] != "on"] \
        + [c | {"over": _result(c)} for c in out if _result(c)]


def _result(case: dict) -> str | None:
    """The told hand's result as the sheet's answer names it (`n3`: the non-dealer won three
    tricks), or None where the told hand has none."""
    told = [e["tricks"] for e in case["ev"] if "tricks" in e]
    if not told:
        return None
    winner = "@d" if told[-1]["@d"] >= 3 else "@n"
    return winner[1] + str(told[-1][winner])


def _sheet_cards(case: dict) -> set[str]:
    """The cards the score sheet has in `APPLY`'s deal: the king turned up, and card by card the
    turn-up and the card played."""
    return {"KS" if case["king"] else "7H", "8C"} if case.get("cards") else {"KS"} if case["king"] else set()


APPLY = """
async (cases) => {
  // for each ruling: a new game (the players marking their own scores, each marked at once, where
  // `marks`), A deals (card by card, where `cards`: the turn-up KS or 7H, then Y leads 8C), the
  // deal stands as the interview told it (the king, the proposals; where `over`, the hand's
  // result: the deal over on the sheet); the
  // ruling arrives in the address (#r=), as from the dispute page; the deal finished and one more
  // played; the page's score and record
  window.confirm = () => true;
  const click = (sel) => { const b = document.querySelector(sel); if (!b) throw new Error("no " + sel); b.click(); };
  const marked = () => { let m; while ((m = document.querySelector("#marks [data-mark]"))) m.click(); };
  const asked = () => { marked(); return document.querySelector("#screen form").dataset.question; };
  const out = [];
  for (const p of cases) try {
    click("#restart"); click('#marks-agree [data-id="' + (p.marks ? "marks" : "page") + '"]'); click("#start");
    click('#screen [data-id="A"]');
    if (p.cards) { click('#screen [data-id="bycards"]'); click('#screen [data-card="' + (p.king ? "KS" : "7H") + '"]'); }
    else click('#screen [data-id="' + (p.king ? "KS" : "x") + '"]');
    // each proposal's answer: the first after it (one taken back is no answer: law 27)
    const answers = [];
    p.ev.forEach((e, i) => { if (e.propose) { const a = p.ev.slice(i).find(x => x.accept || x.refuse); if (a) answers.push(a.accept ? "A" : "R"); } });
    answers.forEach(a => click('#screen [data-id="' + a + '"]'));
    if (p.a) { if (asked() === "propose") click('#screen [data-id="play"]'); click('#screen [data-id="' + p.a.slice(1) + '"]'); }
    if (p.cards) {
      for (let q = asked(); q !== "card"; q = asked()) click('#screen [data-id="' + ({propose: "play", king: "none"})[q] + '"]');
      click('#screen [data-card="8C"]');
    }
    if (p.over) {   // the hand recorded by its result, as told: the deal over on the sheet
      for (let q = asked(); q !== "tricks"; q = asked()) click('#screen [data-id="' + ({propose: "play", king: "none", stake: "none"})[q] + '"]');
      click('#screen [data-id="' + p.over + '"]');
    }
    const steps = document.body.dataset.steps;
    await new Promise(r => { window.addEventListener("hashchange", r, {once: true}); location.hash = "#r=" + encodeURIComponent(JSON.stringify(p)); });
    const applied = document.body.dataset.steps !== steps, said = document.getElementById("say").innerText;
    for (let deal = 0; deal < 2 && applied; deal++) {
      if (deal) click('#screen [data-id="x"]');
      for (let q = asked(); q !== "turn" && q !== "over" && q !== "next"; q = asked())
        click('#screen [data-id="' + ({propose: "play", king: "none", stake: "none", tricks: "n3"})[q] + '"]');
    }
    out.push({applied: applied, said: said, log: window.ecarteTable.log(),
              score: JSON.parse(document.getElementById("score").dataset.score)});
  } catch (e) { out.push({applied: false, said: String(e) + " at " + asked()}); }
  return out;
}
"""


def test_every_ruling_handed_back_scores_as_the_engine_scores_the_record_and_names_only_the_sheets_cards(ruled_page, command_page, tab) -> None:
    cases = _handbacks(ruled_page)
    if ruled_page != command_page:   # the page's own ways (the players' marks, a deal card by card): under London's
        cases = [c for c in cases if not (c.get("marks") or c.get("cards"))]
    assert len(cases) > 100 and {c["sheet"]["after"] for c in cases} == {"again", "void", "over", "on"}
    assert {c["king"] for c in cases} == {True, False} and {43, 25} <= {c["law"] for c in cases if c.get("over")}
    _new_game(tab, ruled_page)
    for case in cases:   # what for, the engine's entitlements that count: the points the page applies
        assert {r: sum(w[1] for w in case["sheet"]["why"].get(r, [])) for r in "dn"} == case["sheet"]["pts"], case
    for case, got in zip(cases, tab.evaluate(APPLY, cases)):
        assert got["applied"], (case, got["said"])
        assert case["title"] in got["said"] and case["w"] in got["said"], got["said"]   # said with its law
        assert _cards(got["log"]) <= _sheet_cards(case), (case, got["log"])
        report = adjudicate_text(json.dumps(got["log"]))
        assert report.score == got["score"], (case, got["log"])
        assert any(r.law == case["law"] and r.elected == case["o"] for r in report.rulings), (case, got["log"])
    assert tab.problems == []
