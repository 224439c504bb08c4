"""The table companion's tables (dispute/scoresheet.py) against the engine: each is what
engine/rules.py says, and a deal recorded by its result, as the page exports it, is scored by
`adjudicate` as the table says."""
from __future__ import annotations

import itertools
import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.dispute.scoresheet import answers, tables
from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.engine.rules import champion, cut_winner, dealer_after, next_game
from adjudicator.engine.scoring import game_value
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.rulesets import chosen, rule_sets
from adjudicator.record.cards import RANKS, Card

BOOK = default_book()
RULES = [(name, []) for name in rule_sets()] + [
    ("modern", ["doubling=true"]), ("cavendish", ["offer_point=true"]), ("french", ["doubling=true"]),
    ("french", ["offer_point=true"])]


def _log(rules, deals: list[list[dict]], dealer: str = "A") -> str:
    """A game of deals recorded by their results, A and Y, as the page writes it."""
    events: list[dict] = []
    d, n = dealer, "Y" if dealer == "A" else "A"
    for body in deals:
        events += [{"deal": {"to": n, "count": 3}}, {"deal": {"to": d, "count": 3}},
                   {"deal": {"to": n, "count": 2}}, {"deal": {"to": d, "count": 2}}, *body]
        d, n = n, d
    return json.dumps({"ecarte": 1, **rules.header(), "players": ["A", "Y"], "dealer": dealer,
                       "options": {**rules.header().get("options", {}), "game_to": 100}, "events": events})


def _answers(said: str) -> list[dict]:
    return [e for a in said for e in ({"propose": {"by": "Y"}}, {"accept" if a == "A" else "refuse": {"by": "A"}})]


@pytest.mark.parametrize("name,options", RULES, ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_a_hand_scores_what_adjudicate_scores(name: str, options: list[str]) -> None:
    """Every answer sequence of up to three proposals, each winner, each count of tricks, each
    stake: the table's points and key are the engine's for the log the page writes."""
    rules = chosen(name, options)
    t = tables(rules, BOOK)
    role = {"d": "A", "n": "Y"}
    for said in [s for s in answers() if len(s) <= 3]:
        for winner, won in itertools.product("dn", (3, 4, 5)):
            for times in ((1, 2) if rules.options.doubling else (1,)):
                stake = [{"double": {"by": "Y"}}, {"accept_double": {"by": "A"}}] if times == 2 else []
                tricks = {role[winner]: won, role["n" if winner == "d" else "d"]: 5 - won}
                report = adjudicate_text(_log(rules, [[{"turn_up": {"count": 1}}, *_answers(said), *stake,
                                                        {"tricks": tricks}]]))
                points, kind, basis = t["hand"][f"{said}|{winner}|{won}|{times}"]
                assert report.rulings == []
                assert report.score[role[winner]] == points, (said, winner, won, times)
                (earned,) = report.earned
                assert (earned.kind, earned.basis) == (kind, basis)


@pytest.mark.parametrize("name,options", [r for r in RULES if r[1]], ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_a_double_declined_and_an_offer_score_what_adjudicate_scores(name: str, options: list[str]) -> None:
    rules = chosen(name, options)
    t = tables(rules, BOOK)
    role = {"d": "A", "n": "Y"}
    for said in [s for s in answers() if len(s) <= 3]:
        for by in "dn":
            other = "n" if by == "d" else "d"
            if rules.options.doubling:
                body = [{"turn_up": {"count": 1}}, *_answers(said), {"double": {"by": role[by]}},
                        {"decline_double": {"by": role[other]}}]
                points, basis = t["double_declined"][f"{said}|{other}|0"]
                report = adjudicate_text(_log(rules, [body]))
                assert report.score[role[by]] == points and report.earned[0].basis == basis, (said, by)
            else:
                body = [{"turn_up": {"count": 1}}, *_answers(said), {"offer_point": {"by": role[by]}},
                        {"accept_offer": {"by": role[other]}}]
                points, basis = t["offer_accepted"][f"{said}|{by}"]
                report = adjudicate_text(_log(rules, [body]))
                assert report.score[role[other]] == points and report.earned[0].basis == basis, (said, by)
                lost = [{"turn_up": {"count": 1}}, *_answers(said), {"offer_point": {"by": role[by]}},
                        {"decline_offer": {"by": role[other]}}, {"tricks": {role[other]: 4, role[by]: 1}}]
                report = adjudicate_text(_log(rules, [lost]))
                assert [report.score[role[by]], report.earned[0].basis] == t["offer_lost"], (said, by)


def test_the_kings_score_what_adjudicate_scores() -> None:
    rules = chosen(None)
    t = tables(rules, BOOK)
    turned = adjudicate_text(_log(rules, [[{"turn_up": {"card": "KS"}}]]))
    held = adjudicate_text(_log(rules, [[{"turn_up": {"count": 1}}, {"announce_king": {"by": "Y"}}]]))
    assert turned.score["A"] == t["kings"]["turned"] and held.score["Y"] == t["kings"]["held"]
    assert {e.basis for e in turned.earned + held.earned} == {"turned_king", "held_king"} <= set(t["why"])


@pytest.mark.parametrize("name", list(rule_sets()))
def test_the_flow_tables_are_engine_rules(name: str) -> None:
    rules = chosen(name)
    t = tables(rules, BOOK)
    assert t["next_dealer"]["played"] == dealer_after("d", "n", "d")
    assert t["cut"] == {a: {b: cut_winner(Card.parse(a + "S"), Card.parse(b + "H"), rules.options) for b in RANKS}
                        for a in RANKS}
    for agreement, values in t["agreements"]["game_values"].items():
        assert values == {str(n): game_value(n, agreement, BOOK.scoring) for n in range(100)}
    assert t["agreements"]["defaults"] == {"game_to": rule_sets()[name].defaults.game_to,
                                           "game_value": rule_sets()[name].defaults.game_value}


@pytest.mark.parametrize("option", ["pool=true", "match=linked"])
def test_a_pool_and_a_linked_match_follow_champion_and_next_game(option: str) -> None:
    """Every run of game winners the states allow, up to eight games: the champion and the next
    pair and dealer are engine.rules' own."""
    rules = chosen(None, [option])
    pool = bool(rules.options.pool)
    players = ["0", "1", "2"] if pool else ["0", "1"]
    g = tables(rules, BOOK)["games"]
    assert g["several"] and g["pool"] == pool and "treble_double_single" not in tables(rules, BOOK)["agreements"]["game_values"]
    todo = [(g["first"], [])]
    seen = 0
    while todo:
        key, won = todo.pop()
        state = g["states"][key]
        pair = [str(p) for p in state["pair"]]
        for w in pair:
            winners = won + [w]
            then = state["then"][w]
            assert then.get("champion") == (None if champion(winners, pool=pool) is None else int(w))
            if "next" in then:
                right, deals = next_game(players, pair, w, pool=pool)
                nxt = g["states"][then["next"]]
                assert {str(p) for p in nxt["pair"]} == right and str(nxt["dealer"]) == deals
                if len(winners) < 8:
                    todo.append((then["next"], winners))
            seen += 1
    assert seen > 4


def test_the_illustrative_game_as_the_page_records_it_is_the_books_score() -> None:
    """The law book's illustrative game by its results: A 5, Y 4, A wins a single."""
    rules = chosen(None)
    deals = [[{"turn_up": {"card": "KS"}}, *_answers("A"), {"tricks": {"A": 5, "Y": 0}}],
             [{"turn_up": {"count": 1}}, {"propose": {"by": "A"}}, {"refuse": {"by": "Y"}}, {"tricks": {"Y": 5, "A": 0}}],
             [{"turn_up": {"count": 1}}, {"tricks": {"Y": 3, "A": 2}}],
             [{"turn_up": {"count": 1}}, {"propose": {"by": "A"}}, {"accept": {"by": "Y"}}, {"tricks": {"Y": 3, "A": 2}}],
             [{"turn_up": {"count": 1}}, {"tricks": {"A": 3, "Y": 2}}]]
    log = json.loads(_log(rules, deals))
    del log["options"]
    report = adjudicate_text(json.dumps(log))
    assert (report.score, report.winner, report.game_value, report.rulings) == ({"A": 5, "Y": 4}, "A", 1, [])


def test_the_table_command_refuses_wrong_players(tmp_path) -> None:
    out = tmp_path / "table.html"
    result = CliRunner().invoke(app, ["table", "--page", str(out), "--players", "A,A"])
    assert result.exit_code == 2 and "different names" in result.output
    result = CliRunner().invoke(app, ["table", "--page", str(out), "--players", "A,Y", "--option", "pool=true"])
    assert result.exit_code == 2 and "three" in result.output
    assert not out.exists()
    result = CliRunner().invoke(app, ["table", "--page", str(tmp_path / "resolve.html")])
    assert result.exit_code == 2 and "another name" in result.output


def test_the_page_carries_its_tables_and_no_request_outside_itself(tmp_path) -> None:
    from adjudicator.dispute.tablepage import render
    text = render(chosen("modern", ["doubling=true"]), ["Ann", "Bob"])
    assert len(text.encode()) < 1_500_000
    assert '"hand":' in text and "Ann" in text
    assert "http://" not in text and "https://" not in text
    assert 'rel="manifest"' in text and "table.html" in text   # installs to the home screen, opening itself


@pytest.mark.parametrize("name", list(rule_sets()))
def test_a_score_marked_out_of_time_or_too_high_is_what_the_engine_rules(name: str) -> None:
    """The page's marks (laws 22, 50, 51) come from rulings the engine made at build time."""
    marks = tables(chosen(name), BOOK)["mark_rulings"]
    assert (marks["king"]["law"], marks["score"]["law"], marks["overscore"]["law"]) == (50, 50, 51)
    assert 22 in marks["king"]["cites"] and marks["score"]["at"] == "turn_up"
    assert "{offender}" in marks["score"]["says"] and "22" in tables(chosen(name), BOOK)["laws"]


@pytest.mark.parametrize("name,options", [("cavendish", []), ("modern", ["ace_high=true", "doubling=true"])])
def test_the_tricks_of_a_deal_card_by_card_are_engine_rules(name: str, options: list[str]) -> None:
    """Who wins a trick, the king turned up, and a double's and an offer's time: rules.beats,
    trump_king, double_in_time and offer_in_time, in the ranking in force."""
    from adjudicator.engine.rules import beats, double_in_time, offer_in_time, ranking, trump_king
    from adjudicator.record.cards import PACK
    rules = chosen(name, options)
    play = tables(rules, BOOK)["play"]
    power = ranking(rules.options)
    assert play["cards"] == [str(c) for c in PACK]
    for trump, table in play["beats"].items():
        assert table == "".join("1" if beats(c, lead, trump, power) else "0" for lead in PACK for c in PACK)
    assert play["turned_king"] == [str(trump_king(s)) for s in "SHDC"]
    assert play["double_in_time"] == [double_in_time(n) for n in range(6)]
    assert play["offer_in_time"] == [offer_in_time(n) for n in range(6)]
    if rules.options.doubling:   # a non-dealer who played without proposing, then declined: vulnerable
        declined = tables(rules, BOOK)["double_declined"]
        assert declined["|n|1"][1] == "double_declined_vulnerable" and declined["|n|0"][1] == "double_declined"
