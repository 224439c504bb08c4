"""`ecarte book`: the pages it writes, the table drawn after each event, and bad output folders.

The pages in a browser are tested in test_book_browser.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.teaching import svg
from adjudicator.teaching.book.frames import replay_scenario
from adjudicator.teaching.book.render import linked, mentioned, sentence
from adjudicator.cli import app
from adjudicator.words.vocabulary import default_words

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


@pytest.fixture(scope="module")
def two_cards():
    return replay_scenario(ROOT / "scenarios/laws/law11-two-cards-turned-choose.yaml", ROOT)


def test_frames_follow_the_table(two_cards) -> None:
    frames = two_cards.frames
    assert len(frames) == 14 and [f["n"] for f in frames] == list(range(1, 15))
    turned = frames[4]
    assert turned["turned"] == ["8H", "KC"] and turned["stock"] == 20 and turned.get("ruled") == [11]
    chosen = frames[5]   # Y elects the king of clubs: the eight is thrown aside
    assert chosen["turn_up"] == "KC" and chosen["trump"] == "C" and chosen["aside"] == ["8H"]
    assert frames[6]["looked"] == ["Y"] and frames[5]["looked"] == []
    assert all(h == {"cards": [], "unknown": 5} for h in turned["hands"].values())
    assert frames[-1]["score"] == {"A": 2, "Y": 0} and two_cards.moment(11) == 5
    assert frames[5]["words"] == "Y elects: choose which exposed card is the trump (K♣)"
    assert two_cards.rulings[0]["case"] == "11:before-look" and two_cards.rulings[0]["elected_card"] == "K♣"


def test_known_cards_are_drawn_face_up_and_unknown_face_down() -> None:
    scenario = replay_scenario(ROOT / "scenarios/laws/law43-revoke-claimed-during-play-replayed.yaml", ROOT)
    frame = scenario.frames[17]
    drawn = svg.table(frame, scenario.players, default_words().labels("book"))
    faces = re.findall(r'data-card="([^"]+)"', drawn)
    for hand in frame["hands"].values():
        for card in hand["cards"]:
            assert faces.count(card) == 1
    assert frame["trick"]["lead"] in faces and frame["turn_up"] in faces
    assert "back" in faces   # the stock


def test_sprite_has_every_card_and_a_back() -> None:
    sprite = svg.sprite()
    assert len(re.findall(r'<symbol id="c-(?!back)', sprite)) == 32 and 'id="c-back"' in sprite
    assert 'id="c-10D"' in sprite and svg.RED in sprite and svg.BLACK in sprite


def test_law_mentions_become_links() -> None:
    html = str(linked("See laws 9 and 15, law 52 & <law 17>."))
    assert '<a href="law-09.html">9</a>' in html and '<a href="law-15.html">15</a>' in html
    assert "law 52" in html and "&lt;law <a href=\"law-17.html\">17</a>&gt;" in html
    assert mentioned(["laws 22, 47", "Law 3"]) == {22, 47, 3}


@pytest.mark.slow   # the book built
def test_book_writes_a_page_per_law(book_dir: Path) -> None:
    pages = sorted(p.name for p in book_dir.glob("*.html"))
    assert pages == (["glossary.html", "index.html"] + [f"law-{n:02d}.html" for n in range(1, 52)]
                     + ["primer.html", "resolve-french.html", "resolve-modern.html", "resolve.html"]
                     + [f"rules-{name}.html" for name in ("cavendish", "french", "modern")] + ["table.html"])
    assert 'id="dispute" class="irregular" href="resolve.html"' in (book_dir / "table.html").read_text(encoding="utf-8")
    assert '"17":"law-17.html"' in (book_dir / "resolve.html").read_text(encoding="utf-8")   # endings link their law
    assert (book_dir / "book.css").is_file() and (book_dir / "book.js").is_file()
    law11 = (book_dir / "law-11.html").read_text(encoding="utf-8")
    assert "law11-two-cards-turned-choose" in law11 and 'href="#c-KC"' in law11
    for page in book_dir.glob("*.html"):   # offline: nothing is fetched from elsewhere
        assert not re.search(r'(src|href)="(https?:)?//', page.read_text(encoding="utf-8")), page.name


@pytest.mark.parametrize("where", ["file", "under-a-file", "proc"])
def test_an_output_folder_that_cannot_be_written_is_exit_2(tmp_path: Path, where: str) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    out = {"file": a_file, "under-a-file": a_file / "book", "proc": Path("/proc/ecarte-book")}[where]
    result = runner.invoke(app, ["book", "--out", str(out)])
    assert result.exit_code == 2
    assert " ".join(result.output.split()).startswith(f"the book cannot be written to {out}: ")   # wrapped
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_ruling_reads_as_a_sentence_with_suits() -> None:
    assert sentence("9D was found faced; A played 10H to KS") == "9♦ was found faced; A played 10♥ to K♠"
    assert sentence("the cut was a tie") == "The cut was a tie"


@pytest.mark.slow   # the book built
def test_events_after_the_game_was_won_are_not_drawn(book_dir: Path) -> None:
    scenario = replay_scenario(ROOT / "scenarios/laws/law46-game-ended-by-a-mark.yaml", ROOT)
    assert scenario.ignored and len(scenario.frames) == scenario.ignored[0] - 1
    page = (book_dir / "law-46.html").read_text(encoding="utf-8")
    assert f"Steps {scenario.ignored[0]} to {scenario.ignored[-1]} of the record come after the game was won" in page


@pytest.mark.slow   # the book built
def test_a_law_page_flags_a_reading_where_the_ruling_rests_on_one_only(book_dir: Path) -> None:
    """Law 5's tie is the book's reading: its case and its scenario's ruling say "A reading." with
    the open point. Law 11's choice before a look is the law's words: no reading there, and no
    note is labelled as one."""
    five = (book_dir / "law-05.html").read_text(encoding="utf-8")
    flagged = re.findall(r"<strong>A reading\.</strong> Law <a [^>]*>5</a> says nothing of a tie", five)
    assert len(flagged) >= 2   # the case, and its scenario's ruling
    eleven = (book_dir / "law-11.html").read_text(encoding="utf-8")
    assert "A reading" not in eleven and "reading chosen" not in eleven and "<strong>Note.</strong>" in eleven
