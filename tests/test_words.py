"""The vocabulary beside the law book: complete, checked on loading, and what it says."""
import shutil

import pytest

from adjudicator.words.vocabulary import WordsError, default_words, load, WORDS_DIR


def test_every_fact_value_irregularity_and_option_has_words():
    words = default_words()
    assert words.question("turned_up") == "Had the trump card been turned up when it was found?"
    assert words.phrase("turned_up", False) == "before the trump card is turned up"
    assert words.phrase("offender_tricks", {"min": 1, "max": 2}) == "the offender has won 1 to 2 tricks"
    assert words.phrase("offender_tricks", {"max": 0}) == "the offender has won at most 0 tricks"
    assert words.answer("offender_tricks", 3) == "3"
    assert words.irregularity("revoke").startswith("a player did not follow suit")
    assert words.moments[words.irregularities["wrong_count"].moment] == "Dealing"


def _problems(folder, changes):
    """The words copied into `folder` with each file's (old, new) replaced: the problems said."""
    shutil.copytree(WORDS_DIR, folder)
    for name, (old, new) in changes.items():
        text = (folder / name).read_text()
        assert old in text, (name, old)
        (folder / name).write_text(text.replace(old, new))
    with pytest.raises(WordsError) as e:
        load(folder)
    return str(e.value)


def test_a_missing_fact_and_an_unknown_option_are_named(tmp_path):
    message = _problems(tmp_path / "words", {"facts.yaml": ("next_lead:", "nxt_lead:"),
                                             "options.yaml": ("reshuffle:", 'reshufle: "x"\nreshuffle:')})
    assert "the fact 'next_lead' has no words" in message
    assert "'nxt_lead' is not a fact" in message
    assert "'reshufle' is not an option id" in message


def test_the_events_table_and_quiz_words_are_checked_together(tmp_path):
    message = _problems(tmp_path / "words", {"events.yaml": ("  mark_king:", "  mark_kng:"),
                                             "table.yaml": ("  no_turn_up:", "  no_turnup:"),
                                             "quiz.yaml": ("  right_law:", "  right_lw:")})
    assert "events.yaml: the event 'mark_king' has no words" in message
    assert "table.yaml: 'both.no_turn_up' is missing" in message
    assert "table.yaml: both.no_turnup: unknown field" in message
    assert "quiz.yaml: 'result.right_law' is missing" in message
    message = _problems(tmp_path / "suits", {"table.yaml": ("C: clubs", "X: clubs")})
    assert "table.yaml: suits: the suit 'C' has no words" in message
    message = _problems(tmp_path / "page", {"table.yaml": ("  cut_again:", "  cut_agian:")})
    assert "table.yaml: 'page.cut_again' is missing" in message   # the table companion's words
    assert "table.yaml: page.cut_agian: unknown field" in message


def test_the_book_and_the_quiz_share_the_table_words():
    words = default_words()
    book, terminal = words.labels("book"), words.labels("terminal")
    for key in ("dealer", "non_dealer", "looked", "not_looked", "stock", "no_turn_up", "each", "annulled", "suits"):
        assert book[key] == terminal[key]
    assert terminal["suits"] == {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def test_the_facts_of_the_hand_are_checked_with_the_irregularities_that_take_them(tmp_path):
    message = _problems(tmp_path / "hand", {"hand.yaml": ("\ntricks:", "\ntrick:"),
                                            "irregularities.yaml": ("hand: [announced, short_of_game]", "hand: [announced, played_to]")})
    assert "irregularities.yaml: revoke: hand: 'tricks' is not in hand.yaml" in message
    assert "irregularities.yaml: late_king: hand: 'played_to' is not in hand.yaml" in message


def test_a_fact_of_the_hand_asked_under_an_option_names_a_known_option(tmp_path):
    message = _problems(tmp_path / "hand", {"hand.yaml": ("option: doubling", "option: dubling")})
    assert "hand.yaml: 'double': option: 'dubling' is not an option" in message
