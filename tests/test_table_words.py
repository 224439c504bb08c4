"""The table companion's words (laws/words/table.yaml's `page`) against its page: every word the
template and tablepage.py look up is there, and no word is left that the page never says."""
from __future__ import annotations

import re
from pathlib import Path

from adjudicator.record.options import CHOICES
from adjudicator.words.vocabulary import default_words

DISPUTE = Path(__file__).resolve().parent.parent / "adjudicator" / "dispute"
TEMPLATE = (DISPUTE / "table.html.j2").read_text(encoding="utf-8")
PAGE = default_words().table.page.model_dump()
MADE = {"rules"}   # made by tablepage.py (the dispute page's line of the rules), not a word of the file

# each word the page's script looks up by a key it makes, and the keys it can make
STAKES = ("double", "offer")
MADE_KEYS = {
    'kind + "_accepted"': [f"{k}_accepted" for k in STAKES],
    'kind + "_declined"': [f"{k}_declined" for k in STAKES],
    '"no_" + kind': [f"no_{k}" for k in STAKES],
    'kind + "_q"': [f"{k}_q" for k in STAKES],
    '"s_" + d.stake.kind + (d.stake.accepted ? "_acc" : "_dec")': [f"s_{k}_{a}" for k in STAKES for a in ("acc", "dec")],
    '"for_" + o.kind': ["for_king", "for_point", "for_vole"],   # what a mark owed is for
    '"ruling_" + p.after': ["ruling_again", "ruling_void", "ruling_on", "ruling_over"],   # handback._after
    '"value_" + v': [f"value_{v}" for v in CHOICES["game_value"]],
}


def _used() -> set[str]:
    """The keys the page looks up: `words.key` in its HTML, `W.key` and `W[...]` in its script,
    `words["key"]` in tablepage.py."""
    made = re.findall(r"\bW\[([^\]]+)\]", TEMPLATE)
    unknown = sorted(set(made) - MADE_KEYS.keys())
    assert not unknown, f"table.html.j2 makes keys this test does not know: {unknown}"
    python = (DISPUTE / "tablepage.py").read_text(encoding="utf-8")
    return (set(re.findall(r"\b(?:words|W)\.(\w+)", TEMPLATE)) | set(re.findall(r'\bwords\["(\w+)"\]', python))
            | {k for m in made for k in MADE_KEYS[m]})


def test_every_word_the_page_looks_up_is_in_table_yaml() -> None:
    missing = sorted(_used() - PAGE.keys() - MADE)
    assert not missing, f"table.yaml's page has no words for {missing}"


def test_no_word_of_table_yaml_is_left_that_the_page_never_says() -> None:
    unused = sorted(PAGE.keys() - _used())
    assert not unused, f"table.yaml's page has words the page never says: {unused}"


def test_the_page_is_given_its_words_and_the_rules_line() -> None:
    from adjudicator.dispute.tablepage import _words
    from adjudicator.lawbook.rulesets import chosen
    words = _words(chosen(None))
    assert words.keys() == PAGE.keys() | MADE and words["title"] == "Écarté: the score at the table"
