"""The dispute page's graph kept on disk (dispute/graphcache.py): the book writes a page per rule
set, each a walk of seconds, and is built several times by the tests. A second page under the
same law book, code, rules and players is the same page, not walked again; anything else misses."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.dispute import graphcache, page
from adjudicator.dispute.resolve import Resolve
from adjudicator.lawbook.places import LAWS_DIR
from adjudicator.lawbook.rulesets import chosen


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("ECARTE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.mark.slow   # a dispute page walked
def test_a_second_page_is_read_from_the_cache_and_is_the_same(cache: Path, monkeypatch) -> None:
    first = page.render(Resolve(players=["A", "Y"], rules=chosen("french")))
    assert len(list(cache.glob("dispute-*.json"))) == 1

    def walked(res):
        raise AssertionError("walked again")
    monkeypatch.setattr(page, "graph", walked)
    assert page.render(Resolve(players=["A", "Y"], rules=chosen("french"))) == first
    with pytest.raises(AssertionError, match="walked again"):   # other players: another key
        page.render(Resolve(players=["Ann", "Bob"], rules=chosen("french")))


def test_the_key_turns_on_the_rules_the_options_the_players_and_the_law_books_bytes(tmp_path: Path, monkeypatch) -> None:
    base = graphcache.key("modern", chosen("modern").options.to_json(), ["A", "Y"])
    assert base == graphcache.key("modern", chosen("modern").options.to_json(), ["A", "Y"])
    assert base != graphcache.key("modern", chosen("modern", ["doubling=true"]).options.to_json(), ["A", "Y"])
    assert base != graphcache.key("french", chosen("modern").options.to_json(), ["A", "Y"])
    assert base != graphcache.key("modern", chosen("modern").options.to_json(), ["Ann", "Y"])
    copy = tmp_path / "laws"
    shutil.copytree(LAWS_DIR, copy)
    monkeypatch.setattr(graphcache, "LAWS_DIR", copy)
    assert graphcache.key("modern", chosen("modern").options.to_json(), ["A", "Y"]) == base
    words = copy / "words" / "interview.yaml"
    words.write_text(words.read_text(encoding="utf-8") + "\n# a word changed\n", encoding="utf-8")
    assert graphcache.key("modern", chosen("modern").options.to_json(), ["A", "Y"]) != base


def test_a_cache_file_that_is_not_right_is_not_taken(cache: Path) -> None:
    k = graphcache.key("cavendish", chosen(None).options.to_json(), None)
    cache.mkdir()
    path = cache / f"dispute-{k[:32]}.json"
    for text in ["not json", "[]", '{"key": "other", "graph": {}}', f'{{"key": "{k}", "graph": {{"nodes": 1}}}}']:
        path.write_text(text, encoding="utf-8")
        assert graphcache.read(k) is None, text
    graph = {"texts": ["a"], "questions": [], "endings": [], "nodes": [[-1, 0]]}
    graphcache.write(k, graph)
    assert graphcache.read(k) == graph
