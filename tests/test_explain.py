"""Learning the laws: `explain` (why this case, why not the others, why the score), laws side
by side, search with synonyms, and the why of each deal's score in `adjudicate`."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import adjudicate_file
from adjudicator.teaching import explain
from adjudicator.words import explaining
from adjudicator.cli import app
from adjudicator.words.compare import separating, table
from adjudicator.lawbook.laws import LAWS_DIR, LawBookError, default_book, load
from adjudicator.words.search import search, terms
from adjudicator.words.vocabulary import WORDS_DIR, WordsError, default_words
from adjudicator.words.vocabulary import load as load_words

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
LAWS = ROOT / "scenarios" / "laws"
PLAY = ROOT / "scenarios" / "play"
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))


def _explained(path: Path, *args: str) -> dict:
    result = runner.invoke(app, ["explain", "--json", *args, str(path)])
    assert result.exit_code == 1, result.output
    return json.loads(result.output)


def _why_not(ruling: dict, case: str) -> dict:
    return next(w for w in ruling["why_not"] if w["case"] == case)


def test_law_15_and_not_law_9_after_the_turn_up() -> None:
    [ruling] = _explained(LAWS / "law15-non-dealer-six-discards.yaml")["rulings"]
    assert (ruling["law"], ruling["case"], ruling["event"]) == (15, "15:before-proposing", 6)
    assert ruling["facts"]["turned_up"] is True and ruling["facts"]["concerns"] == "non_dealer"
    nine = _why_not(ruling, "9:count-before-look")
    assert nine["law"] == 9
    assert {"fact": "turned_up", "wanted": False, "actual": True,
            "clause": "the error be discovered before the trump card is turned"} in nine["failed"]
    text = " ".join(runner.invoke(app, ["explain", "--all", str(LAWS / "law15-non-dealer-six-discards.yaml")]).output.split())
    assert 'no: law 9: "the error be discovered before the trump card is turned" ' \
           "(here: after the trump card is turned up)" in text


def test_law_21_not_17_once_the_dealer_has_answered_and_17_not_21_before() -> None:
    [ruling] = _explained(LAWS / "law21-after-refusal.yaml")["rulings"]
    assert ruling["case"] == "21:after-answering"
    seventeen = _why_not(ruling, "17:before-answer-hand-taken-up")
    assert [f["fact"] for f in seventeen["failed"]] == ["answered"]
    assert seventeen["failed"][0]["clause"] == "before the dealer accepts or refuses"
    [ruling] = _explained(LAWS / "law17-dealer-six-drawn.yaml")["rulings"]
    assert ruling["law"] == 17
    played = _why_not(ruling, "21:played-without-taking-cards")["failed"]
    assert {"fact": "concerned_played", "wanted": True, "actual": False,
            "clause": "play without taking cards"} in played


def test_law_43_cut_point_is_explained_in_the_score() -> None:
    doc = _explained(LAWS / "law43-revoke-claimed-after-play-point-cut.yaml")
    [ruling] = doc["rulings"]
    assert ruling["law"] == 43 and ruling["why_not"] == [] and ruling["tested"] == []
    [deal] = doc["deals"]
    [point] = deal["points"]
    assert (point["player"], point["for"], point["law"], point["counts"], point["struck_by"]) == ("A", "point", 48, 0, 43)
    text = " ".join(runner.invoke(app, ["explain", "--all", str(LAWS / "law43-revoke-claimed-after-play-point-cut.yaml")]).output.split())
    assert "A won the point: A would have marked 1, law 48; cut to nothing" in text and "law 43" in text


def test_law_49_and_law_19_in_the_deal_summary() -> None:
    out = runner.invoke(app, ["adjudicate", str(PLAY / "law49-played-without-proposing.yaml")]).output
    out = " ".join(out.split())   # the text is wrapped to 80 columns
    assert out.startswith("Law 49: the non-dealer plays without proposing")   # the scenario's title
    assert "Y played without proposing and lost the point: A marks 2, law 49." in out
    out = runner.invoke(app, ["adjudicate", str(LAWS / "law15-non-dealer-six-discards.yaml")]).output
    out = " ".join(out.split())   # the text is wrapped to 80 columns
    assert "A turned up the king: A would have marked 1, law 47; struck out: a wrong number was dealt" in out
    out = runner.invoke(app, ["adjudicate", str(LAWS / "law25-false-king-point-against-law49-scores-one.yaml")]).output
    out = " ".join(out.split())   # the text is wrapped to 80 columns
    assert "A refused the first proposal and lost the point: Y marks 1, law 49 (cut" in out and "law 25)" in out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_ruling_of_every_scenario_is_explained_consistently(path: Path) -> None:
    """The deciding case's conditions all hold; every other case failed one, or was overridden."""
    report = adjudicate_file(str(path))
    doc = explain.to_json(report)
    assert explain.to_text(report)
    book = default_book()
    for ruling, why in zip(sorted(report.rulings, key=lambda r: r.event), doc["rulings"]):
        assert why["case"] == ruling.case
        found = book.find(ruling.irregularity, ruling.facts)
        assert found is not None and found.ref == ruling.case
        for entry in why["why_not"]:
            assert entry["failed"] or entry["overridden_by"] == ruling.case, (path.name, entry)
        others = {c.ref for c in book.by_irregularity[ruling.irregularity]} - {ruling.case}
        assert {w["case"] for w in why["why_not"]} == others
    counted = sum(p["counts"] for d in doc["deals"] for p in d["points"] if p["player"] == report.players[0])
    # a choice still open counts only the points that stand whatever is chosen (adjudicator/engine/outcomes.py)
    # (a pool's or a linked match's score is its last game's: the deals' points are every game's)
    if report.winner is None and report.games is None and not any(r.irregularity in ("omitted_score", "late_mark_king") or r.outcomes
                                         for r in report.rulings):
        assert counted == report.score[report.players[0]], path.name


def test_a_name_that_reads_as_a_card_is_left_as_it_is() -> None:
    """Cards are written with their suit signs, never a player's name: `JD` is a player here,
    not the knave of diamonds, and `KC Smith` holds no king of clubs."""
    from adjudicator.teaching.snapshot import cards_in
    assert cards_in("JD and KC Smith turned up 8H, KC; AS", ["JD", "KC Smith", "A"]) == \
        "JD and KC Smith turned up 8♥, K♣; A♠"
    assert cards_in("JD turned up JD", ["JD"]) == "JD turned up JD"   # the name wins where they are one
    assert cards_in("JD turned up 8H", []) == "J♦ turned up 8♥"
    log = (ROOT / "scenarios" / "laws" / "law11-two-cards-turned-choose.yaml").read_text(encoding="utf-8")
    head, body = log.split("\necarte:", 1)   # the players renamed in the header and the events
    renamed = head + "\necarte:" + re.sub(r"\bY\b", "KC Smith", re.sub(r"\bA\b", "JD", body))
    said = runner.invoke(app, ["explain", "-"], input=renamed)
    assert said.exit_code == 1, said.output
    assert said.output.startswith("Deal 1: JD turned up 2 cards (8♥, K♣).")
    assert "KC Smith may choose" in " ".join(said.output.split())
    assert "J♦" not in said.output and "K♣ Smith" not in said.output


def test_explain_one_event_and_bad_events() -> None:
    path = LAWS / "law21-after-refusal.yaml"
    event = _explained(path)["rulings"][0]["event"]
    one = _explained(path, "--event", str(event))
    assert [r["event"] for r in one["rulings"]] == [event] and "deals" not in one
    bad = runner.invoke(app, ["explain", "--event", "3", str(path)])
    said = " ".join(bad.output.split())   # wrapped to the terminal's width
    assert bad.exit_code == 2 and f"no ruling was made at event 3: a ruling was made at event {event}" in said
    clean = runner.invoke(app, ["explain", "--event", "1", str(PLAY / "point.yaml")])
    assert clean.exit_code == 2 and "this log has no ruling at all" in " ".join(clean.output.split())
    missing = runner.invoke(app, ["explain", str(ROOT / "no-such-log.yaml")])
    assert missing.exit_code == 2


def test_laws_side_by_side_pick_out_what_separates_them() -> None:
    result = runner.invoke(app, ["laws", "17", "21"])
    assert result.exit_code == 0
    out = " ".join(result.output.split())
    assert "Law 17. The dealer has more than five cards" in out and "Law 21. The dealer played" in out
    assert "What separates them" in out
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert separating(default_book(), [17, 21]) == ["concerned_played", "answered"]
    wide = table(default_book(), [17, 21], width=300)
    assert "Had the dealer answered a proposal (accepted or refused)?" in wide
    assert "before the dealer answers a proposal (every case)" in wide
    assert "after the dealer has answered the proposal (case 2)" in wide
    assert "Had the trump card been turned up when it was found?" in table(default_book(), [9, 15], width=300)
    assert runner.invoke(app, ["laws", "17", "60"]).exit_code == 2


def test_one_law_says_its_cases_in_a_players_words() -> None:
    out = runner.invoke(app, ["laws", "21"]).output
    out = " ".join(out.split())   # the text is wrapped to 80 columns
    assert "after the player concerned has played a card" in out and "concerned played: no" not in out
    assert 'If "the deal stands as it is" is chosen: the dealer cannot mark the king he turned up.' in " ".join(out.split())


def test_laws_json_cases_carry_the_contract_keys() -> None:
    laws = json.loads(runner.invoke(app, ["laws", "--json"]).output)
    cases = [c for law in laws for c in law["cases"]]
    assert all({"id", "irregularity", "when", "chooser", "options"} <= set(c) for c in cases)
    compulsory = next(c for c in laws[8]["cases"] if c["id"] == "count-after-look")
    assert compulsory["chooser"] is None and compulsory["options"] == ["rectify"]


def _found(query: str) -> dict[int, list[str]]:
    result = runner.invoke(app, ["laws", "--search", query])
    assert result.exit_code == 0
    found: dict[int, list[str]] = {}
    for line in result.output.splitlines():
        if line[:2].strip().isdigit():
            law = int(line.split(".")[0])
            found[law] = []
        elif line.startswith("      "):
            found[law].append(line.strip())
    return found


def test_search_knows_synonyms_and_french_terms() -> None:
    found = _found("renege")
    assert 43 in found and any("»revoke«" in s or "»renounce«" in s for s in found[43])
    assert 48 in _found("la vole")
    assert any("»discard" in s.lower() for s in _found("écarter")[28])
    assert 23 in _found("le roi announce")
    assert 9 in _found("misdeal")
    assert {12, 35} <= set(_found("faced card"))
    assert 28 in _found("ecart") and 5 not in _found("ecart")   # law 5's "Ecarte card" is not an écart


def test_search_json_gives_the_snippets() -> None:
    laws = json.loads(runner.invoke(app, ["laws", "--json", "--search", "revoke"]).output)
    hit = next(x for x in laws if x["law"] == 43)["found"][0]
    start, end = hit["match"]
    assert hit["snippet"][start:end].lower() in ("revoke", "renounce")


def test_every_synonym_group_leads_to_some_law() -> None:
    book = default_book()
    for group in default_words().synonyms:
        query = terms(group[0])
        assert any(search(law, query) for law in book.laws.values()), group


def test_a_clause_must_be_the_laws_own_words(tmp_path) -> None:
    folder = tmp_path / "laws"
    shutil.copytree(LAWS_DIR, folder)
    path = next(folder.glob("15-*.yaml"))
    path.write_text(path.read_text().replace('proposed: "before proposing"', 'proposed: "before he proposes"'))
    with pytest.raises(LawBookError, match=r"15-.*'before he proposes' is not in the law's text"):
        load(folder)
    path.write_text(path.read_text().replace('proposed: "before he proposes"', 'phase: "before proposing"'))
    with pytest.raises(LawBookError, match="'phase' is not a condition of this case's when"):
        load(folder)


def test_synonyms_and_scores_are_checked_on_loading(tmp_path) -> None:
    folder = tmp_path / "words"
    shutil.copytree(WORDS_DIR, folder)
    (folder / "synonyms.yaml").write_text("groups:\n  - [revoke, renege]\n  - [Revoke, renounce]\n")
    scores = (folder / "scores.yaml").read_text().replace("  vole: ", "  vol: ")
    (folder / "scores.yaml").write_text(scores)
    with pytest.raises(WordsError) as e:
        load_words(folder)
    assert "'Revoke' is in group 1 and group 2" in str(e.value)
    assert "earned: 'vole' has no words" in str(e.value)


def test_every_case_of_the_book_decides_some_scenario() -> None:
    book = default_book()
    decided = {r.case for path in SCENARIOS for r in adjudicate_file(str(path)).rulings}
    every = {f"{n}:{c.id}" for n, law in book.laws.items() for c in law.cases}
    assert every - decided == set()


def test_a_score_not_marked_in_time_says_when_the_time_ran_out() -> None:
    out = runner.invoke(app, ["adjudicate", str(LAWS / "law50-omission-never-made-good.yaml")]).output
    out = " ".join(out.split())   # the text is wrapped to 80 columns
    assert ("Y won the vole: Y marks 2, law 48; only 1 of it was marked before the next deal's trump card "
            "was turned up; the other 1 does not count.") in out
    assert "A won the point: A marks 1, law 48; not marked before the log ended, so it does not count." in out


def _short(path: Path, *args: str) -> list[str]:
    result = runner.invoke(app, ["explain", *args, str(path)], env={"COLUMNS": "100"})
    assert result.exit_code in (0, 1), result.output
    return result.output.splitlines()


@pytest.mark.slow
def test_the_first_three_lines_name_the_deciding_law() -> None:
    checked = 0
    for path in sorted(LAWS.glob("law*.yaml"))[::3]:
        report = json.loads(runner.invoke(app, ["explain", "--json", str(path)]).output)
        first = next((r for r in report["rulings"] if r["law"] is not None), None)
        if first is None or first is not report["rulings"][0]:
            continue
        lines = _short(path)
        if lines[0].startswith("Rules:"):   # the rules in force said first, where the header sets them
            lines = lines[next(i for i, line in enumerate(lines) if line.startswith("Deal ")):]
        top = " ".join(lines[:3])
        top = " ".join(top.split())   # a ruling nobody claimed: "Had anyone claimed it, law N would have ruled"
        assert top.startswith(f"Deal {first['deal']}: ") and (
            f"Law {first['law']} rules" in top or f"law {first['law']} would have ruled" in top), path.name
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("name", ["law17-dealer-six-drawn", "law21-dealer-played-with-four"])
def test_a_lost_king_cites_law_19_not_the_law_that_kept_the_deal(name: str) -> None:
    out = " ".join(" ".join(_short(LAWS / f"{name}.yaml")).split())
    assert "the dealer cannot mark the king he turned up (law 19)" in " ".join(" ".join(_short(LAWS / f"{name}.yaml")[:6]).split())
    assert "cannot mark the king, law 19" in out
    assert "cannot mark the king, law 17" not in out and "cannot mark the king, law 21" not in out


def test_short_first_then_everything_on_all() -> None:
    path = LAWS / "law17-dealer-six-drawn.yaml"
    short, full = "\n".join(_short(path)), "\n".join(_short(path, "--all"))
    assert "one fact away" in short and "Not law" not in short and "When it was found" not in short
    assert "Not law 20" in full and "When it was found" in full
    # each case named among the nearest differs from the facts by exactly one condition
    report = json.loads(runner.invoke(app, ["explain", "--json", str(path)]).output)
    near = {e["case"] for e in report["rulings"][0]["why_not"] if len(e["failed"]) == 1}
    # (law 17's other case gives the same choice: not a rival, not named)
    assert near and all(f"Law {ref.split(':')[0]}, if " in short for ref in near if not ref.startswith("17:"))
    assert "Law 17, if" not in short


def test_cards_with_their_suits_unless_ascii() -> None:
    path = LAWS / "law11-two-cards-turned-choose.yaml"
    assert "(8♥, K♣)" in "\n".join(_short(path))
    ascii = "\n".join(_short(path, "--ascii"))
    assert "(8H, KC)" in ascii and "♥" not in ascii


def test_an_omitted_mark_is_said_as_the_score_not_marked_and_a_moot_fact_is_not_said() -> None:
    """Law 50 rules on a score never marked: its facts say what the score was for, not that
    something "was marked". Law 51 on a mark that says nothing of a king: law 23's condition on
    "the king marked" bears on nothing there and is not listed."""
    words = default_words()
    out = runner.invoke(app, ["explain", "--all", str(LAWS / "law50-omission-never-made-good.yaml")]).output
    assert words.facts["mark_for"].said_of["omitted_score"]["vole"] in out   # "the score not marked was the vole"
    assert "the vole was marked" not in out and "the point was marked" not in out
    out = runner.invoke(app, ["explain", "--all", str(LAWS / "law51-overscore-never-taken-down.yaml")]).output
    assert "Not law 23" in out and "no: the king was marked (here: what the mark was for is not said)" in out
    assert words.facts["unannounced"].values[False].phrase not in out   # "the king marked was announced or turned up"
    out = runner.invoke(app, ["explain", "--all", str(LAWS / "law51-non-dealer-marks-king-turn-up-not-recorded.yaml")]).output
    assert words.facts["unannounced"].values[False].phrase in out   # a king was marked: it bears there


def test_a_ruling_nobody_claimed_is_not_said_to_be_taken() -> None:
    """Law 14's deal out of turn, claimed by nobody: nothing was done and the deal's score stands
    (A 2). explain's short first lines say so, as adjudicate does, and never "Taken: the deal is
    void"; what law 14 gives is said as what it would have ruled on a claim, never as done."""
    log = Path(__file__).resolve().parent.parent / "scenarios" / "rulesets" / "cut-for-deal-lowest-deals.yaml"
    result = CliRunner().invoke(app, ["explain", str(log)])
    first = " ".join(result.output.split("Deal 1: ")[1].split("The nearest")[0].split())
    assert ("Nobody claimed it at the table, so nothing was done: the game stands as recorded. Had anyone "
            "claimed it, law 14 would have ruled: compulsory: the deal is void.") in first
    assert "Law 14 rules" not in first
    assert "Taken" not in first and "Score after deal 1: A 2, Y 0." in first


def test_a_ruling_nobody_claimed_is_said_as_what_a_claim_would_have_had() -> None:
    """Nobody found the deal out of turn (the trump was turned up without a word): adjudicate
    and its JSON say the case's circumstances ("found before the trump card was turned up") and
    its remedy as what would have been ruled had anyone claimed it, after saying nobody did."""
    log = Path(__file__).resolve().parent.parent / "scenarios" / "rulesets" / "cut-for-deal-lowest-deals.yaml"
    out = " ".join(CliRunner().invoke(app, ["adjudicate", str(log)]).output.split())
    assert ("A dealt out of turn: it was Y's deal. Nobody claimed it at the table, so nothing was done: the game "
            "stands as recorded. Had anyone claimed it, the ruling would have been: found before the trump card "
            "was turned up: the deal is void") in out
    assert "Had anyone claimed it, compulsory: the deal is void." in out
    assert "deal; found before" not in out and "Compulsory: the deal is void" not in out
    data = json.loads(CliRunner().invoke(app, ["adjudicate", "--json", str(log)]).output)
    assert data["rulings"][0]["summary"].startswith("A dealt out of turn: it was Y's deal. Nobody claimed it")
    law9 = Path(__file__).resolve().parent.parent / "scenarios" / "laws" / "law09-unclaimed-wrong-number.yaml"
    out = " ".join(CliRunner().invoke(app, ["adjudicate", str(law9)]).output.split())
    assert "Had anyone claimed it, Y could have chosen: " in out and "Y may choose" not in out


def test_a_remedy_the_play_carries_out_is_not_said_as_what_a_claim_would_have_had() -> None:
    """Law 30 unclaimed: the play itself gives A the card Y cannot play to, claimed or not (the
    case's note), so the ruling says no claim is needed, not "Had anyone claimed it"."""
    log = Path(__file__).resolve().parent.parent / "scenarios" / "laws" / "law30-unclaimed.yaml"
    out = " ".join(CliRunner().invoke(app, ["adjudicate", str(log)]).output.split())
    assert ("Y asked for 2 cards having discarded 3. Nobody claimed it at the table, and no claim is needed: the "
            "play itself does what the law gives: Y plays with fewer than five cards") in out
    assert "Had anyone claimed it" not in out and "Compulsory: cards that cannot be played to" in out
    out = " ".join(CliRunner().invoke(app, ["explain", str(log)]).output.split())
    assert "no claim is needed: the play itself does what law 30 gives: compulsory: cards" in out


def test_the_nearest_cases_of_one_law_say_each_condition_as_its_own() -> None:
    """Law 33 beside law 31's ruling: its three cases turn on the moment and, in the exchange, on
    whether the cards given were taken up. Each "but, if" says its own condition, so that no two
    overlap with opposite remedies (law 33: rectify before they are taken up, draw after), and
    the nearest case says its own moment first; likewise law 32 beside law 34 (French rules)."""
    log = Path(__file__).resolve().parent.parent / "scenarios" / "rulesets" / "propose-with-count-fewer-than-discarded.yaml"
    out = " ".join(CliRunner().invoke(app, ["explain", str(log)]).output.split())
    assert ("Law 33, if it concerns the dealer (here: it concerns the non-dealer): if found after the hand was played "
            "out or abandoned, the non-dealer would choose: a fresh deal; or the deal stands as it is; but, if found "
            "after the turn-up and before a card is played and before the cards given are taken up, compulsory: the "
            "dealer rectifies the error; but, if found after the turn-up and before a card is played and after the "
            "cards given are taken up, or found during the play of the hand, the non-dealer would choose: a fresh "
            "deal; or draw the superfluous cards.") in out
    law38 = Path(__file__).resolve().parent.parent / "scenarios" / "laws" / "law38-dealer-must-play-his-hand.yaml"
    out = " ".join(CliRunner().invoke(app, ["explain", "--rules", "french", str(law38)]).output.split())
    assert ("Law 32, if it concerns the non-dealer (here: it concerns the dealer): if found after the hand was played "
            "out or abandoned, the non-dealer would choose: a fresh deal; or the deal stands as it is; but, if found "
            "after the turn-up") in out


def _plain(path: Path, *args: str) -> str:
    """`explain`'s words at 80 columns, the wrapping undone."""
    result = runner.invoke(app, ["explain", *args, str(path)], env={"COLUMNS": "80"})
    assert result.exit_code in (0, 1), result.output
    return " ".join(result.output.split())


def test_a_nearest_case_gives_the_options_its_stated_fact_gives() -> None:
    """Law 21 after a refusal: law 9, had the error been found before the turn-up, gives the
    non-dealer a choice before he looks at his hand and rectifies only after; said both ways.
    Law 21's own other case, with the same outcome, is not a rival; a condition that is not a
    clause of the law reads as one ("if it concerns the non-dealer", not "had it been it")."""
    text = _plain(LAWS / "law21-after-refusal.yaml")
    nine = text.split("- Law 9, ")[1].split("- Law")[0]
    assert "compulsory: the dealer rectifies the error" in nine
    assert "the non-dealer would choose: the dealer rectifies the error; or a fresh deal" in nine
    assert '"before he looks at his hand"' in nine
    assert "- Law 21," not in text
    assert "had it been it" not in text and "- Law 20, if it concerns the non-dealer (here: it concerns the dealer)" in text


def test_no_nearest_case_says_the_same_fact_twice() -> None:
    """A nearest case differs from the facts by one fact: its wanted and its actual are never
    said alike (were they, the words would not tell them apart, and nothing is said)."""
    from adjudicator.teaching.explain import _near_line
    words = default_words()
    book = default_book()
    case = next(c for c in book.by_irregularity["wrong_count"] if c.ref == "20:after-proposing")
    same = {"fact": "concerns", "wanted": "dealer", "actual": "dealer", "clause": None}
    assert _near_line(case, same, words, "wrong_count", name="law 20") is None


def test_a_ruling_that_rests_on_a_reading_says_which_in_the_short_explanation() -> None:
    """Law 5 says nothing of a tie: its case's open point is the book's reading, and the first
    lines give it (and `--json` its text). Law 11's choice before a look is the law's own words,
    though its case has a note (how a record shows the choice): no reading is claimed there."""
    point = default_book().laws[5].cases[0].open_point
    line = " ".join(explaining.said("ruling", "reading", point=point).split())
    path = LAWS / "law05-tie-not-cut-again.yaml"
    text = _plain(path)
    assert line.startswith("A reading: Law 5 says nothing of a tie")
    assert text.index("Law 5 rules: compulsory: cut again.") < text.index(line) < text.index("Why the score")
    assert text.count("A reading:") == 1
    assert _explained(path)["rulings"][0]["open_point"] == point
    chose = LAWS / "law11-two-cards-turned-choose.yaml"
    assert "Law 11 rules" in _plain(chose) and "A reading" not in _plain(chose)
    assert all("open_point" not in r for r in _explained(chose)["rulings"])
    assert "A reading" not in _plain(LAWS / "law04-two-cards-cut-for-deal.yaml")


def _why_score(text: str) -> str:
    return text.split("Why the score is what it is:")[1]


def test_a_point_cut_to_nothing_during_the_play_is_said_with_its_law() -> None:
    """Law 43, the revoke claimed during the play and played on: A won the point, and law 43
    cut it to nothing. The score's why says so, in explain and in adjudicate, not "nothing
    scored"."""
    path = LAWS / "law43-revoke-claimed-during-play-played-on.yaml"
    text = _why_score(_plain(path))
    assert "nothing scored" not in text
    assert "A won the point: A marks 0, law 48 (cut, A being the offender" in text and "law 43)" in text
    out = " ".join(runner.invoke(app, ["adjudicate", str(path)]).output.split())
    assert "A won the point: A marks 0, law 48 (cut, A being the offender" in out.split("How the game went:")[1]
    [deal] = _explained(path)["deals"]
    assert [(p["player"], p["points"], p["counts"], p["limited_by"]) for p in deal["points"]] == [("A", 0, 0, 43)]


def test_an_abandoned_hand_is_scored_by_law_42_and_law_49_where_it_values_the_point() -> None:
    """Law 42 gives the adversary the vole or the point of an abandoned hand: the score names
    law 42, not law 48 alone; where law 49 makes that point two, it names law 49 too."""
    vole = _why_score(_plain(LAWS / "law42-abandoned-without-a-trick.yaml"))
    assert "A abandoned his hand with 0 tricks: Y marks 2, law 42" in vole and "law 48" not in vole
    two = _why_score(_plain(LAWS / "law42-abandoned-after-playing-without-proposing.yaml"))
    assert "Y abandoned his hand with 1 trick: A marks 2, law 42;" in two and "law 49" in two
    out = " ".join(runner.invoke(app, ["adjudicate", str(LAWS / "law42-abandoned-without-a-trick.yaml")]).output.split())
    assert "A abandoned his hand with 0 tricks: Y marks 2, law 42." in out
    [deal] = _explained(LAWS / "law42-abandoned-without-a-trick.yaml")["deals"]
    assert [(p["points"], p["awarded_by"]) for p in deal["points"]] == [(2, 42)]


def test_explain_states_the_games_value_as_adjudicate_does() -> None:
    """Law 46: by agreement, the loser having scored one, the game counts two."""
    text = _plain(LAWS / "law46-game-value-double.yaml")
    assert "A wins the game, which counts 2 (law 46)." in text
    assert "A wins the game, which counts 1 (law 46)." in _plain(LAWS / "law46-game-value-without-agreement.yaml")


RULESETS = ROOT / "scenarios" / "rulesets"


def test_a_linked_match_is_told_game_by_game_then_the_match() -> None:
    """Three linked games of one point: a heading per game (its score, winner and what it
    counts) over its deals, then who wins the match; never "A wins" on the last game's score."""
    for text in (_plain(RULESETS / "linked-decider.yaml"),
                 " ".join(runner.invoke(app, ["adjudicate", str(RULESETS / "linked-decider.yaml")]).output.split())):
        first = text.index("Game 1, A and Y: A 1, Y 0; A won it, a game that counts 1 (law 46).")
        second = text.index("Game 2, A and Y: A 0, Y 1; Y won it, a game that counts 1 (law 46).")
        third = text.index("Game 3, A and Y: A 1, Y 0; A won it, a game that counts 1 (law 46).")
        assert first < text.index("Deal 1") < second < text.index("Deal 2") < third < text.index("Deal 3")
        assert text.index("The match: A wins it, having won two games.") > third
        assert "A wins the game" not in text and "Score: A 1, Y 0" not in text


def test_a_pool_is_told_game_by_game_then_the_pool() -> None:
    text = _plain(RULESETS / "pool-rotation.yaml")
    assert "Game 2, A and Z: A 0, Z 1; Z won it, a game that counts 1 (law 46)." in text
    assert text.split("(Title:")[0].rstrip().endswith("The pool: Y wins it, having won two games running.")
    unfinished = _plain(RULESETS / "pool-one-game.yaml")
    assert "The pool: no winner yet." in unfinished


def test_validate_gives_a_match_its_result_not_the_last_games_score() -> None:
    out = runner.invoke(app, ["validate", str(RULESETS / "linked-decider.yaml"), str(RULESETS / "pool-two-running.yaml")]).output
    assert "linked-decider.yaml: clean (a linked match: games won A 2, Y 1; A wins the match)" in out
    assert "pool-two-running.yaml: clean (a pool: games won A 2; A wins the pool)" in out


def test_a_revoke_claimed_later_is_headed_with_the_claim_and_the_play_each_at_its_event() -> None:
    """The revoke is A's card at event 15; Y claims it at event 24, after the play. `--all` (the
    record keeper's) names the claim's event for the claim and the play's for the play, in that
    order of telling; plain `explain` tells the play, then that it was claimed later, and when."""
    path = LAWS / "law43-revoke-claimed-after-play-point-cut.yaml"
    assert _plain(path, "--all").startswith(
        "Event 24 (deal 1), on a claim: at event 15, A played 9♣ to K♠ holding a card of the suit led.")
    assert _plain(path).startswith("Deal 1: A played 9♣ to K♠ holding a card of the suit led. "
                                   "Claimed later, found after the hand was played out or abandoned.")
    [ruling] = _explained(path)["rulings"]
    assert (ruling["event"], ruling["at"]) == (24, 15)
    [ruling] = json.loads(runner.invoke(app, ["adjudicate", "--json", str(path)]).output)["rulings"]
    assert (ruling["event"], ruling["at"]) == (24, 15)
    out = " ".join(runner.invoke(app, ["adjudicate", str(path)]).output.split())
    assert "Deal 1, event 24 (claimed; done at event 15):" in out
    # a public irregularity, ruled where it happened, says one event
    assert _plain(LAWS / "law21-after-refusal.yaml", "--all").startswith("Event 10 (deal 1): A dealt himself 6 cards.")
    assert _plain(LAWS / "law21-after-refusal.yaml").startswith("Deal 1: A dealt himself 6 cards.")


def test_a_nearest_case_under_other_rules_says_what_those_rules_make_of_the_same_game() -> None:
    """Under the French rules Y's king, led first and announced before A played to it, is too
    late (law 23 alone). Under rules with law 24's grace that announcement is in time: no
    irregularity, and the king counts (Y 3), not "the mark does not count"."""
    text = _plain(RULESETS / "king-after-first-card-never-french.yaml")
    line = text.split("- Law 24, ")[1]
    assert not line.startswith("if under rules that give law 24's grace (here: under rules that give no grace "
                               "to a king played first (law 23 alone)): compulsory: the mark does not count")
    assert "no irregularity then, nothing to rule on: the score would be A 0, Y 3" in line


def test_adjudicate_names_the_law_of_the_games_value() -> None:
    out = " ".join(runner.invoke(app, ["adjudicate", str(LAWS / "law46-game-value-double.yaml")]).output.split())
    assert "Winner: A, a game worth 2 (law 46)." in out


def test_a_king_struck_out_by_a_fresh_deal_names_the_law_of_the_fresh_deal() -> None:
    """Law 11: a second card turned after the non-dealer looked; a fresh deal. The king turned
    up first is struck out with the deal, by law 11: said so, not a bare "struck out"."""
    text = _why_score(_plain(LAWS / "law11-second-card-turned-after-look.yaml"))
    assert "A turned up the king: A would have marked 1, law 47; struck out: the deal was dealt afresh, law 11." in text


def test_plain_explain_speaks_to_a_person_and_all_keeps_the_record_keepers_words() -> None:
    """Plain `explain` places what happened by its deal and says it without the log's events (an
    offer unanswered is not "the next event ... (play)"; a score omitted has no "earned at event");
    a title in the log's syntax is left to `--all`, which keeps the events, the title and the ids."""
    offer = RULESETS / "offer-unanswered.yaml"
    assert "Deal 1: Y offered the point, and the offer was not answered at once." in _plain(offer)
    assert "next event" not in _plain(offer)
    assert "Event 13 (deal 1): Y offered the point at event 12, and the next event was not the answer to it " \
           "(play)." in _plain(offer, "--all")
    omitted = LAWS / "law50-omission-never-made-good.yaml"
    assert "Deal 2: A did not mark the 1 for the point before the record ended." in _plain(omitted)
    assert "A did not mark the 1 for the point before the record ended: law 50." in _plain(omitted)
    assert "vent" not in _plain(omitted) and "(earned at event 13)" in _plain(omitted, "--all")
    named = RULESETS / "linked-dealer-named.yaml"
    assert "(Title:" not in _plain(named) and "new_game" in _plain(named, "--all")
