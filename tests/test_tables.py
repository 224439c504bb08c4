"""The tables the book draws, and the quiz's, agree with the cards: every scenario's table after
every event, parsed as the SVG it is. A hand holds what it held when play began less the cards
it played, and the cards it played lie on the table (the trick, or the finished tricks in front
of their winner, face down where the log gives only the result); a hand given only as a result
(`tricks:`) is not drawn with five cards after it; the card a ruling is about is ringed and said."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.lawbook.places import SCENARIOS_DIR
from adjudicator.lawbook.scenarios import scenarios_by_law
from adjudicator.teaching.book.frames import replay_scenario
from adjudicator.teaching.book.render import tables
from adjudicator.teaching.quiz import Builder, moments, replayed
from adjudicator.teaching.table_text import draw

NS = {"s": "http://www.w3.org/2000/svg"}
ROOT = SCENARIOS_DIR.parent
PATHS = sorted({rel for rels in scenarios_by_law().values() for rel in rels})   # the book's


def drawn(svg: str) -> dict:
    """What one drawn table shows: each hand's cards, each player's cards on the table (the trick
    and his finished tricks), the tricks in front of each, the ringed cards, the description."""
    root = ET.fromstring(svg)
    hands = {g.get("data-player"): [u.get("data-card") for u in g.findall("s:use", NS)]
             for g in root.iter("{%s}g" % NS["s"]) if g.get("class") == "hand"}
    played: dict[str, int] = {p: 0 for p in hands}
    rows = {}
    for g in root.iter("{%s}g" % NS["s"]):
        if g.get("class") in ("taken", "trick"):
            for u in g.findall("s:use", NS):
                played[u.get("data-by")] += 1
        if g.get("class") == "taken":
            rows[g.get("data-player")] = int(g.get("data-tricks"))
    ringed = [u.get("data-card") for u in root.iter("{%s}use" % NS["s"]) if u.get("class") == "card ruled"]
    text = " ".join(t.text or "" for t in root.iter("{%s}text" % NS["s"]))
    return {"hands": hands, "played": played, "rows": rows, "ringed": ringed, "text": text,
            "desc": root.find("s:desc", NS).text}


@pytest.fixture(scope="module")
def drawings() -> dict[str, tuple]:
    out = {}
    for rel in PATHS:
        s = replay_scenario(ROOT / rel, ROOT)
        out[rel] = (s, [drawn(t) for t in tables(s)])
    return out


def _on_table(frame: dict, d: dict) -> int:
    """Every card of the deal that the table shows: the hands and the cards played as drawn, the
    rest (the stock, the discards, the turn-up, the cards thrown aside or laid out) as counted."""
    turned = len(frame["turned"]) if frame["turned"] else int(bool(frame["turn_up"]) or frame["turn_up_unknown"])
    return (sum(len(c) for c in d["hands"].values()) + sum(d["played"].values()) + frame["stock"]
            + sum(frame["discards"].values()) + turned + len(frame["aside"]) + frame["laid_out"])


@pytest.mark.slow   # every scenario's tables drawn
def test_every_table_shows_the_32_cards(drawings) -> None:
    """Nowhere does a card vanish or a hand keep cards it has played: the cards drawn in hand and
    on the table, with the stock, discards and the rest, are the pack, after every event."""
    checked = 0
    for rel, (s, shown) in drawings.items():
        for frame, d in zip(s.frames, shown):
            if frame["deal"] is not None and frame["annulled"] is None:
                assert _on_table(frame, d) == 32, (rel, frame["n"], frame["words"], d["hands"], d["played"])
                checked += 1
    assert checked > 2000


@pytest.mark.slow   # every scenario's tables drawn
def test_every_hand_keeps_its_cards_in_hand_or_on_the_table(drawings) -> None:
    """From the first card played to the next deal: the cards in a hand and the cards it played
    are the hand when play began, in every frame of every scenario (less any card laid out or
    drawn from it during the play, laws 15, 17, 31: those are counted on both sides; more any
    card a hand is completed with from the stock before its first card, law 34)."""
    checked = 0
    for rel, (s, shown) in drawings.items():
        start: dict = {}
        stock: dict = {}
        for frame, d in zip(s.frames, shown):
            if frame["deal"] is None or frame["annulled"]:
                continue
            if frame["phase"] in ("dealing", "exchange"):
                start[frame["deal"]] = ({p: len(cards) for p, cards in d["hands"].items()},
                                        len(frame["aside"]) + frame["laid_out"])
                stock[frame["deal"]] = frame["stock"]
                continue
            before, out_before = start[frame["deal"]]
            out = len(frame["aside"]) + frame["laid_out"] - out_before
            now = {p: len(cards) + d["played"][p] for p, cards in d["hands"].items()}
            completed = frame["stock"] < stock.get(frame["deal"], frame["stock"])   # law 34, before playing
            stock[frame["deal"]] = frame["stock"]
            if "wrong number of cards" in frame["words"] or completed:   # a claim's count: the truth discovered
                start[frame["deal"]] = (now, out_before)
                before = now
            assert sum(now.values()) + out == sum(before.values()), (rel, frame["n"], now, before)
            if out == 0:
                assert now == before, (rel, frame["n"], frame["words"])
                checked += 1
    assert checked > 500


@pytest.mark.slow   # every scenario's tables drawn
def test_the_tricks_in_front_of_each_player_are_the_tricks_he_won(drawings) -> None:
    """The tricks drawn in front of a player, and the last on the table if he won it, are his
    tricks won; only a hand thrown up (law 42) or a hand short of cards (laws 30, 34: cards that
    cannot be played to count as tricks) has tricks counted that were never played, and the
    table says how many."""
    short = 0
    for rel, (s, shown) in drawings.items():
        sizes: dict = {}
        for frame, d in zip(s.frames, shown):
            if frame["deal"] is None or frame["annulled"]:
                continue
            if frame["phase"] in ("dealing", "exchange"):
                sizes[frame["deal"]] = {p: len(c) for p, c in d["hands"].items()}
            for p, row in d["rows"].items():
                on_table = int(bool(frame["trick"] and frame["trick"]["winner"] == p))
                won = frame["won"].get(p, 0)
                if row + on_table == won:
                    continue
                events = [f["words"] for f in s.frames[:frame["n"]] if f["deal"] == frame["deal"]]
                thrown_up = any("abandons" in w for w in events)
                assert thrown_up or min(sizes[frame["deal"]].values()) < 5, (rel, frame["n"], p, row, won)
                assert f"+{won - row - on_table} counted, not played" in d["text"], (rel, frame["n"])
                short += 1
            if all(r + int(bool(frame["trick"] and frame["trick"]["winner"] == p)) == frame["won"].get(p, 0)
                   for p, r in d["rows"].items()):
                assert "counted, not played" not in d["text"], (rel, frame["n"])
    assert short > 10


def test_a_hand_given_only_as_a_result_is_drawn_played_out() -> None:
    """The issue's table: a log that names every card dealt and then gives `tricks: {A: 3, Y: 2}`
    is not drawn with five cards in each hand; the five tricks lie face down before their winners."""
    rel = "scenarios/laws/law43-revoke-claimed-after-a-tricks-summary.yaml"
    s = replay_scenario(ROOT / rel, ROOT)
    d = drawn(tables(s)[5])   # after event 6, `tricks: {A: 3, Y: 2}`
    assert d["hands"] == {"A": [], "Y": []}
    assert d["rows"] == {"A": 3, "Y": 2} and d["played"] == {"A": 5, "Y": 5}
    assert "A: no card in his hand" in d["desc"] and "tricks won by A: 3 face down" in d["desc"]
    before = drawn(tables(s)[4])   # after the turn-up: the ten cards dealt, face up
    assert sorted(before["hands"]["A"]) == sorted(["QS", "JH", "10C", "9C", "8S"])


def test_a_hand_recorded_by_counts_and_summarised_is_drawn_with_what_is_left() -> None:
    """A hand dealt by counts (its cards unknown) and given as a result: no card is left, none
    is named, and each trick is two backs."""
    for rel in [r for r in PATHS if "law03-short-cut" in r]:
        s = replay_scenario(ROOT / rel, ROOT)
        d = drawn(tables(s)[7])   # after deal 1's `tricks: {Y: 3, A: 2}`
        assert d["hands"] == {"A": [], "Y": []} and d["rows"] == {"A": 2, "Y": 3}
        assert d["played"] == {"A": 5, "Y": 5}
        assert drawn(tables(s)[6])["hands"] == {"A": ["back"] * 5, "Y": ["back"] * 5}


def test_the_revoke_stays_in_view_ringed_and_said() -> None:
    """Law 43: Y claims A's revoke (9♣ to K♠) after the next trick: the trick with the revoke is
    in front of Y, who won it, face up, 9♣ ringed; the description says it."""
    rel = "scenarios/laws/law43-revoke-claimed-during-play-played-on.yaml"
    s = replay_scenario(ROOT / rel, ROOT)
    ruling = next(r for r in s.rulings if r["law"] == 43)
    d = drawn(tables(s)[ruling["event"] - 1])
    assert d["rows"] == {"A": 0, "Y": 1}
    assert d["ringed"] == ["9C"]
    assert "tricks won by Y: K♠ 9♣" in d["desc"] and "the ruling is about 9♣" in d["desc"]
    assert drawn(tables(s)[ruling["event"] - 2])["ringed"] == []   # only at the ruling


def test_the_quiz_table_draws_the_same_cards() -> None:
    """The quiz's terminal table, from the same snapshot: no hand of five after the result, the
    tricks listed before their winners."""
    b = Builder()
    s = replayed("scenarios/laws/law43-revoke-claimed-after-a-tricks-summary.yaml")
    text = draw(s.frames[7], b.labels, False)
    assert text.count("no cards") == 2 and "[Q♠]" not in text
    assert "A's tricks: [▒▒] [▒▒]  [▒▒] [▒▒]  [▒▒] [▒▒]" in text
    s = replayed("scenarios/laws/law43-revoke-claimed-during-play-played-on.yaml")
    assert "Y's tricks: [K♠] [9♣]" in draw(s.frames[17], b.labels, False)


def test_two_cards_turned_are_both_drawn_and_no_trump_until_the_choice() -> None:
    """Law 11: A turns up 8♥ and K♣. Until Y chooses, the book and the quiz draw both cards and
    say the trump is not yet chosen (not "trumps hearts"); once he chooses K♣, clubs are trumps."""
    rel = "scenarios/laws/law11-two-cards-turned-choose.yaml"
    s = replay_scenario(ROOT / rel, ROOT)
    shown = [drawn(t) for t in tables(s)]
    turned = next(i for i, f in enumerate(s.frames) if len(f["turned"]) > 1)
    open_, chosen = shown[turned], shown[turned + 1]
    root = ET.fromstring(tables(s)[turned])
    group = next(g for g in root.iter("{%s}g" % NS["s"]) if g.get("class") == "turned")
    assert [u.get("data-card") for u in group.findall("s:use", NS)] == ["8H", "KC"]
    assert "trumps not yet chosen" in open_["text"] and "trumps hearts" not in open_["text"] + open_["desc"]
    assert "trumps not yet chosen (8♥, K♣)" in open_["desc"]
    assert "trumps clubs" in chosen["text"]
    quiz = replayed(rel)
    text = draw(quiz.frames[turned + 1], Builder().labels, False)   # (the quiz's frames[0]: before any event)
    assert "[8♥] [K♣]" in text and "trumps not yet chosen" in text and "trumps are" not in text
    assert quiz.frames[turned + 1]["trump"] is None
    b = Builder()   # the quiz's question on a second card turned up: both cards, not the first alone
    moment = next(m for m in moments(11) if m.scenario.path.endswith("law11-second-card-turned-choose.yaml"))
    text = draw(b.frame(moment), b.labels, False)
    assert "[8♥] [K♣]" in text and "trumps not yet chosen" in text and "trumps are" not in text


@pytest.mark.slow   # every scenario's tables drawn
def test_no_look_is_drawn_that_the_record_does_not_show(drawings) -> None:
    """A player who proposed, answered or discarded with no `look` recorded is not drawn as one
    who "has not looked at his hand" (law 37's scenario, the quiz's seed 12): the record does not
    say. Before he acts, its silence means he has not looked (LOG_FORMAT), and the table says so."""
    rel = "scenarios/laws/law37-exposed-card-taken.yaml"
    s, shown = drawings[rel]
    acted = next(i for i, f in enumerate(s.frames) if f["words"].startswith("Y discards"))
    assert "has not looked" not in shown[acted]["text"]
    assert "Y, non-dealer · has not looked at his hand" in shown[0]["text"] + drawn(tables(s)[3])["text"]
    assert "has not looked" not in draw(replayed(rel).frames[acted + 1], Builder().labels, False)
    acts = ("proposes", "accepts", "refuses")
    for rel, (s, shown) in drawings.items():
        for frame, d in zip(s.frames, shown):
            if frame["deal"] is None:
                continue
            deal = [f["words"] for f in s.frames[:frame["n"]] if f["deal"] == frame["deal"]]
            for p in s.players:
                if f"{p}, " in d["text"] and any(w.startswith(f"{p} {a}") for w in deal for a in acts) \
                        and not any(w == f"{p} looks at his hand" for w in deal):
                    assert f"{p}, dealer · has not looked" not in d["text"], (rel, frame["n"])
                    assert f"{p}, non-dealer · has not looked" not in d["text"], (rel, frame["n"])


def test_a_turn_up_the_record_does_not_name_is_drawn_turned_up() -> None:
    """`turn_up: {count: 1}`: a card was turned up, which the record does not say. The quiz's
    table draws it face down and says so, not "no turn-up yet" (the book already did)."""
    s = replayed("scenarios/laws/law51-non-dealer-marks-king-turn-up-not-recorded.yaml")
    frame = next(f for f in s.frames if f.get("turn_up_unknown"))
    text = draw(frame, Builder().labels, False)
    assert "turn-up [▒▒]: its card not recorded" in text and "no turn-up yet" not in text
