"""The table companion (`ecarte table --page FILE`) in headless Chromium at a phone's size, with
touch and no network: the law book's illustrative game entered by taps comes to A 5, Y 4, and
its record is what `ecarte validate` scores the same; generated games of every rule set and
variant, entered from their logs, keep the engine's score after every deal; the game survives a
reload and a record opens to go on with it; the page keeps its budgets."""
from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.dispute.tablepage import write
from adjudicator.engine.adjudicate import adjudicate_text
from adjudicator.engine.generate_games import games as generated
from adjudicator.lawbook.places import ROOT
from adjudicator.lawbook.rulesets import chosen, rule_sets

from browsers import chromium, watched
from table_games import DRIVE, deals_of

pytestmark = pytest.mark.slow   # a browser, and many games entered by taps

chromium()   # the module skipped, saying why, where Chromium or playwright is missing
BUDGET_BYTES, TAP_MS = 1_500_000, 50
GAMES = 50   # generated games of each rule set (the number); a variant's, VARIANT_GAMES
VARIANT_GAMES = 12
VARIANTS = [("modern", ["doubling=true"]), ("cavendish", ["offer_point=true"]), ("modern", ["pool=true"]),
            ("french", ["match=linked"])]
ILLUSTRATIVE = ROOT / "scenarios" / "play" / "illustrative-game.yaml"


@pytest.fixture
def tab(phone):
    tab = watched(phone)
    yield tab
    tab.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """One page per rule set and variant (without its dispute page: the command's is tried once)."""
    folder = tmp_path_factory.mktemp("table")
    made = {}

    def page(name: str, options: tuple[str, ...] = ()) -> Path:
        key = (name, options)
        if key not in made:
            sub = folder / f"{name}-{'-'.join(options) or 'plain'}".replace("=", "_")
            sub.mkdir()
            rules = chosen(name, list(options))
            made[key] = write(sub / "table.html", rules, ["N", "S", "E"][:3 if rules.options.pool else 2])[0]
        return made[key]
    return page


def _illustrative() -> dict:
    log = yaml.safe_load(ILLUSTRATIVE.read_text(encoding="utf-8"))
    return {k: v for k, v in log.items() if k not in ("title", "description", "expect", "scenarios")}


def _answer(tab, question: str, choice: str) -> None:
    tab.locator(f'#screen form[data-question="{question}"]').wait_for()
    tab.locator(f'#screen [data-id="{choice}"]').tap()


def _enter(tab, deals: list[dict], first: bool = True) -> None:
    """One game entered by real taps on the buttons, deal by deal."""
    for k, d in enumerate(deals):
        if k == 0 and first:
            _answer(tab, "dealer", d["dealer"])
        _answer(tab, "turn", d["turn"])
        for a in d["answers"]:
            _answer(tab, "propose", a)
        if not d["answers"].endswith("R"):
            _answer(tab, "propose", "play")
        if d["turn"] == "x":
            _answer(tab, "king", d["king"] or "none")
        _answer(tab, "tricks", d["tricks"])


def test_the_illustrative_game_entered_by_taps_is_a_5_y_4_and_its_record_validates(command_page, tmp_path, tab) -> None:
    path = command_page
    assert len(path.read_bytes()) < BUDGET_BYTES
    game = deals_of(_illustrative())
    tab.goto(path.as_uri())
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#start").tap()
    _enter(tab, game["deals"])
    score = tab.locator("#score")
    assert json.loads(score.get_attribute("data-score")) == {"A": 5, "Y": 4}
    assert score.get_attribute("data-winner") == "A"
    assert tab.locator('[data-player="A"] .pts').inner_text() == "5"
    assert tab.locator('[data-player="Y"] .pts').inner_text() == "4"
    assert "A wins the game (worth 1)" in tab.locator("#screen legend").inner_text()
    assert [row["score"] for row in json.loads(tab.locator("#sheet").get_attribute("data-deals"))] == \
        [d["score"] for d in game["deals"]]
    assert "Law 46" in tab.locator("#say").inner_text() and "Law 49" in tab.locator("#say").inner_text()
    tab.locator("#export").tap()
    record = tmp_path / "record.json"
    record.write_text(tab.locator("#log").input_value(), encoding="utf-8")
    checked = CliRunner().invoke(app, ["validate", str(record)])
    assert checked.exit_code == 0, checked.output
    assert "clean (A 5, Y 4; A wins)" in checked.output
    report = adjudicate_text(record.read_text(encoding="utf-8"))
    assert (report.score, report.winner, report.game_value) == ({"A": 5, "Y": 4}, "A", 1)
    assert tab.problems == []


def _batch(tab, page: Path, logs: list[dict], marks: bool = False, bycards: bool = False) -> None:
    """Games entered in one page session, each from its log by taps on the buttons the page
    shows; after every deal the page's score is the engine's, and each game's record is scored
    by the engine as the page scored it. `marks`: the players mark each score themselves, at
    once (the record is then a marked log)."""
    games = [deals_of(log) | {"marks": marks, "bycards": bycards} for log in logs]
    tab.goto(page.as_uri())
    out = tab.evaluate(DRIVE, [games, 0])
    for log, game, got in zip(logs, games, out):
        want = [{"game": d["game"], "score": d["score"]} for d in game["deals"]]
        assert got["sheet"] == want, json.dumps(log)
        report = adjudicate_text(json.dumps(got["log"]))
        assert report.rulings == [], got["log"]
        assert (dict(report.score), report.winner, report.pool_winner) == \
            (game["score"], game["winner"], game["pool_winner"])
        assert got["champion"] == (game["champion"] or ""), json.dumps(log)
        assert marks == any("mark" in e for e in got["log"]["events"])
    assert tab.problems == []


@pytest.mark.parametrize("name", list(rule_sets()))
def test_generated_games_of_every_rule_set_keep_the_engines_score_after_every_deal(name: str, pages, tab) -> None:
    logs = [log for log, _ in generated(GAMES, seed=37, rules=name)]
    _batch(tab, pages(name), logs)


@pytest.mark.parametrize("name,options", [(name, []) for name in rule_sets()] + VARIANTS,
                         ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_a_generated_log_opens_on_the_page_with_the_engines_score_after_every_deal(name: str, options: list[str],
                                                                                    pages, tab) -> None:
    """"Open a record" on the logs as the generator writes them (every card named, the exchange,
    the cut): each deal's score on the sheet is the engine's."""
    given = {k: yaml.safe_load(v) for k, v in (o.split("=") for o in options)}
    logs = [log for log, _ in generated(VARIANT_GAMES, seed=40, rules=name, options=given)]
    tab.goto(pages(name, tuple(options)).as_uri())
    for log in logs:
        want = [{"game": d["game"], "score": d["score"]} for d in deals_of(log)["deals"]]
        got = tab.evaluate("text => { window.ecarteTable.open(text); return window.ecarteTable.sheet(); }", json.dumps(log))
        assert got == want, json.dumps(log)
        again = adjudicate_text(json.dumps(tab.evaluate("window.ecarteTable.log()")))   # and its record, given back
        report = adjudicate_text(json.dumps(log))
        assert (again.score, again.winner, again.pool_winner, again.rulings) == \
            (report.score, report.winner, report.pool_winner, [])
    assert tab.problems == []


@pytest.mark.parametrize("name,options", [(name, []) for name in rule_sets()] + VARIANTS,
                         ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_generated_games_entered_card_by_card_keep_the_engines_score(name: str, options: list[str], pages, tab) -> None:
    """Each deal recorded card by card: the turn-up, each card played, a double where it was made
    (declined after a card too: the record shows the cards); the page says who won each trick."""
    given = {k: yaml.safe_load(v) for k, v in (o.split("=") for o in options)}
    logs = [log for log, _ in generated(VARIANT_GAMES, seed=39, rules=name, options=given)]
    _batch(tab, pages(name, tuple(options)), logs, bycards=True)


@pytest.mark.parametrize("name", list(rule_sets()))
def test_generated_games_marked_by_the_players_keep_the_engines_score(name: str, pages, tab) -> None:
    logs = [log for log, _ in generated(VARIANT_GAMES, seed=38, rules=name)]
    _batch(tab, pages(name), logs, marks=True)


def _declined_after_a_card(log: dict) -> bool:
    """A double declined once a card of the hand was played: the result of a deal cannot say
    that a card was played (a record by results names none), and a non-dealer who played without
    proposing is vulnerable only once he has played (law 49, as the variants read it)."""
    played = False
    for event in log["events"]:
        (name, _), = event.items()
        played = (played or name == "play") and name not in ("deal", "shuffle", "cut", "new_game")
        if name == "decline_double" and played:
            return True
    return False


@pytest.mark.parametrize("name,options", VARIANTS, ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_generated_games_of_the_variants_keep_the_engines_score(name: str, options: list[str], pages, tab) -> None:
    given = dict(o.split("=") for o in options)
    logs = [log for log, _ in generated(VARIANT_GAMES * 2, seed=37, rules=name,
                                        options={k: yaml.safe_load(v) for k, v in given.items()})]
    logs = [log for log in logs if not _declined_after_a_card(log)][:VARIANT_GAMES]
    assert len(logs) == VARIANT_GAMES
    _batch(tab, pages(name, tuple(options)), logs)


def test_a_score_not_marked_in_time_and_a_mark_too_high_are_said_with_the_laws_words(pages, tab, tmp_path) -> None:
    """The players mark their own scores: the king A turned up and never marked is lost at the
    next turn-up (laws 22 and 50, as the engine rules), a mark of one more point than won never
    counts (law 51); the record's rulings are the same."""
    tab.goto(pages("cavendish").as_uri())
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#name0").fill("A")
    tab.locator("#name1").fill("Y")
    tab.locator('#marks-agree [data-id="marks"]').tap()
    tab.locator("#start").tap()
    _answer(tab, "dealer", "A")
    _answer(tab, "turn", "KS")
    assert "may mark 1" in tab.locator("#say").inner_text() and "Law 47" in tab.locator("#say").inner_text()
    _answer(tab, "propose", "play")   # Y plays without proposing
    _answer(tab, "tricks", "d3")      # and A wins the point: two, law 49
    assert tab.locator("#marks [data-mark]").count() == 2
    tab.locator('#marks [data-mark="A:point_against_vulnerable"]').tap()
    assert json.loads(tab.locator("#score").get_attribute("data-score")) == {"A": 2, "Y": 0}
    _answer(tab, "turn", "x")         # the next trump card: A's king, never marked, is lost
    said = tab.locator("#say").inner_text()
    assert "Law 50" in said and "the king is lost" in said and "before the trump card" in said
    tab.locator("#marks summary").tap()
    tab.locator('#marks [data-more="Y"]').tap()   # Y marks a point he did not win
    said = tab.locator("#say").inner_text()
    assert "Law 51" in said and "taken down" in said
    assert json.loads(tab.locator("#score").get_attribute("data-score")) == {"A": 2, "Y": 0}
    tab.locator("#export").tap()
    report = adjudicate_text(tab.locator("#log").input_value())
    assert report.score == {"A": 2, "Y": 0}
    assert sorted((r.law, r.irregularity) for r in report.rulings) == [(50, "omitted_score"), (51, "overscore")]
    assert tab.problems == []


def test_a_reload_loses_nothing_and_a_record_opens_to_go_on(pages, tab, tmp_path) -> None:
    page = pages("cavendish")
    game = deals_of(_illustrative())
    tab.goto(page.as_uri())
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#name0").fill("A")
    tab.locator("#name1").fill("Y")
    tab.locator("#start").tap()
    _enter(tab, game["deals"][:3])
    _answer(tab, "turn", "x")
    before = tab.locator("#sheet").get_attribute("data-deals")
    tab.reload()
    tab.locator('#screen form[data-question="propose"]').wait_for()
    assert tab.locator("#sheet").get_attribute("data-deals") == before
    assert json.loads(tab.locator("#score").get_attribute("data-score")) == {"A": 3, "Y": 3}
    tab.locator("#undo").tap()   # the turn-up of deal 4, taken back
    tab.locator('#screen form[data-question="turn"]').wait_for()
    tab.locator("#export").tap()
    record = tmp_path / "three-deals.json"
    record.write_text(tab.locator("#log").input_value(), encoding="utf-8")
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#open").set_input_files(str(record))
    tab.locator('#screen form[data-question="turn"]').wait_for()
    assert tab.locator("#sheet").get_attribute("data-deals") == before
    _enter(tab, game["deals"][3:], first=False)
    assert json.loads(tab.locator("#score").get_attribute("data-score")) == {"A": 5, "Y": 4}
    assert tab.problems == []


def test_the_irregularity_button_opens_the_interview_with_the_deals_facts(command_page, tab) -> None:
    """The dispute interview beside the page, opened from a deal in progress: what the score sheet
    knows (who dealt, the trump card turned up, a proposal answered) is answered as the interview
    reaches it, each shown as a chip that can be changed."""
    tab.goto(command_page.as_uri())
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#start").tap()
    _answer(tab, "dealer", "Y")
    _answer(tab, "turn", "x")
    _answer(tab, "propose", "A")
    tab.locator("#dispute").tap()
    tab.locator(".moment").first.wait_for()
    tab.get_by_text("The exchange").tap()
    tab.locator('.choice[data-id="too_many_given"]').tap()
    chips = tab.locator("#chips").inner_text()
    assert "Who dealt this deal?\nY" in chips
    assert tab.locator("legend").inner_text() == "Whose hand, card or act is it about?"
    tab.locator("#chips button").nth(1).tap()   # a fact filled is asked again when its chip is tapped
    assert tab.locator("legend").inner_text() == "Who dealt this deal?"
    assert tab.problems == []


def test_served_over_http_it_works_with_no_network_and_so_does_the_dispute_page(command_page, phone) -> None:
    """Served over http (as from a club's web site), the page registers its service worker, which
    keeps it and the dispute page beside it: with the network gone, both open again."""
    import functools
    import http.server
    import threading
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(command_page.parent))
    handler.log_message = lambda *args: None   # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    tab = phone.new_page()
    try:
        tab.goto(base + "table.html")
        assert tab.evaluate("navigator.serviceWorker.ready.then(() => true)")   # the worker registered
        tab.reload()   # now under the worker, which keeps what it serves
        tab.wait_for_function("navigator.serviceWorker.controller !== null")
        for _ in range(100):   # the dispute page fetched once, kept
            if tab.evaluate("caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => "
                            "c.match(new URL('resolve.html', location.href).href))))).then(rs => rs.some(Boolean))"):
                break
            tab.wait_for_timeout(100)
        else:
            raise AssertionError("the dispute page was not kept")
        phone.set_offline(True)
        tab.reload()
        tab.locator("#screen form").wait_for()
        assert "the score at the table" in tab.title()
        tab.goto(base + "resolve.html")
        tab.locator(".moment").first.wait_for()
    finally:
        phone.set_offline(False)
        tab.close()
        server.shutdown()


def test_a_record_under_other_rules_is_refused_in_words(pages, tab, tmp_path) -> None:
    tab.goto(pages("cavendish").as_uri())
    log = tmp_path / "french.json"
    log.write_text(json.dumps({"ecarte": 1, "rules": "french", "players": ["A", "Y"], "events": []}))
    tab.locator("#open").set_input_files(str(log))
    tab.wait_for_function("document.getElementById('say').textContent.includes('other rules (french)')")
    assert tab.problems == []


def test_made_for_a_phone_and_each_tap_answers_within_50_ms_at_4x_cpu(pages, phone) -> None:
    tab = watched(phone)
    tab.goto(pages("modern", ("doubling=true",)).as_uri())
    tab.evaluate("localStorage.clear()")
    tab.reload()
    tab.locator("#start").tap()
    cdp = phone.new_cdp_session(tab)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    timings = []
    for _ in range(40):
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        small = tab.evaluate("""() => [...document.querySelectorAll('button, summary, a, label, input')].filter(e =>
            e.offsetParent && !e.classList.contains('sr') && e.getBoundingClientRect().height < 44).map(e => e.textContent)""")
        assert small == []
        tiny = tab.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.offsetParent &&
            [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) &&
            parseFloat(getComputedStyle(e).fontSize) < 16).map(e => e.textContent)""")
        assert tiny == []
        if tab.locator('#screen form[data-question="over"]').count():
            break
        timings.append(tab.evaluate("""() => { const t = performance.now();
            document.querySelectorAll('#screen .choice')[0].click(); return performance.now() - t; }"""))
    tab.once("dialog", lambda dialog: dialog.accept())   # "Start a new game?"
    tab.locator("#restart").tap()   # a deal card by card: the turn-up and each card tapped in the pack's grid
    tab.locator("#start").tap()
    tab.locator('#screen form[data-question="dealer"] .choice').first.tap()
    tab.locator('#screen [data-id="bycards"]').tap()
    cards = []
    for _ in range(20):
        question = tab.locator("#screen form").get_attribute("data-question")
        if tab.locator("#sheet").get_attribute("data-deals") != "[]":   # the deal is over
            break
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        small = tab.evaluate("""() => [...document.querySelectorAll('#screen .card')].filter(e =>
            e.getBoundingClientRect().height < 44 || e.getBoundingClientRect().width < 44).length""")
        assert small == 0
        pick = ".card:not([disabled])" if question in ("turn", "card") else ".choice"
        cards.append(tab.evaluate(f"""() => {{ const t = performance.now();
            document.querySelectorAll('#screen {pick}')[{2 if question == "propose" else 0}].click(); return performance.now() - t; }}"""))
    assert tab.locator("#sheet").get_attribute("data-deals").count('"game"') == 1
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    print(f"CPU 4x: a tap rendered in {statistics.median(timings):.1f} ms (at most {max(timings):.1f}), {len(timings)} taps; "
          f"card by card {statistics.median(cards):.1f} ms (at most {max(cards):.1f}), {len(cards)} taps")
    assert statistics.median(cards) < TAP_MS
    assert statistics.median(timings) < TAP_MS
    assert tab.problems == []
    tab.close()
