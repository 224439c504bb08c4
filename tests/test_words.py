"""The vocabulary beside the law book: complete, checked on loading, and what it says."""
import shutil

import pytest

from adjudicator.words import WordsError, default_words, load, WORDS_DIR


def test_every_fact_value_irregularity_and_option_has_words():
    words = default_words()
    assert words.question("turned_up") == "Had the trump card been turned up when it was found?"
    assert words.phrase("turned_up", False) == "before the trump card is turned up"
    assert words.phrase("offender_tricks", {"min": 1, "max": 2}) == "the offender has won 1 to 2 tricks"
    assert words.phrase("offender_tricks", {"max": 0}) == "the offender has won at most 0 tricks"
    assert words.answer("offender_tricks", 3) == "3"
    assert words.irregularity("revoke").startswith("a player did not follow suit")
    assert words.moments[words.irregularities["wrong_count"].moment] == "Dealing"


def test_a_missing_fact_and_an_unknown_option_are_named(tmp_path):
    folder = tmp_path / "words"
    shutil.copytree(WORDS_DIR, folder)
    facts = (folder / "facts.yaml").read_text().replace("next_lead:", "nxt_lead:")
    (folder / "facts.yaml").write_text(facts)
    (folder / "options.yaml").write_text((folder / "options.yaml").read_text() + 'reshufle: "x"\n')
    with pytest.raises(WordsError) as e:
        load(folder)
    message = str(e.value)
    assert "the fact 'next_lead' has no words" in message
    assert "'nxt_lead' is not a fact" in message
    assert "'reshufle' is not an option id" in message


def test_the_events_table_and_quiz_words_are_checked_together(tmp_path):
    folder = tmp_path / "words"
    shutil.copytree(WORDS_DIR, folder)
    events = (folder / "events.yaml").read_text().replace("  mark_king:", "  mark_kng:")
    (folder / "events.yaml").write_text(events)
    table = (folder / "table.yaml").read_text().replace("  no_turn_up:", "  no_turnup:")
    (folder / "table.yaml").write_text(table)
    (folder / "quiz.yaml").write_text((folder / "quiz.yaml").read_text().replace("  right_law:", "  right_lw:"))
    with pytest.raises(WordsError) as e:
        load(folder)
    message = str(e.value)
    assert "events.yaml: the event 'mark_king' has no words" in message
    assert "table.yaml: both.no_turn_up: Field required" in message
    assert "table.yaml: both.no_turnup: Extra inputs are not permitted" in message
    assert "quiz.yaml: result.right_law: Field required" in message
    (folder / "table.yaml").write_text(table.replace("  no_turnup:", "  no_turn_up:").replace("C: clubs", "X: clubs"))
    with pytest.raises(WordsError) as e:
        load(folder)
    assert "table.yaml: suits: the suit 'C' has no words" in str(e.value)


def test_the_book_and_the_quiz_share_the_table_words():
    words = default_words()
    book, terminal = words.labels("book"), words.labels("terminal")
    for key in ("dealer", "non_dealer", "looked", "not_looked", "stock", "no_turn_up", "each", "annulled", "suits"):
        assert book[key] == terminal[key]
    assert terminal["suits"] == {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
