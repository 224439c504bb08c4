"""One voice for people (issue 32): the text of every door a person reads (the book's pages, the
quiz over many seeds, `laws` 1 to 51, `rules`, `rules diff`, `explain` without --all, the dispute
page's strings) holds none of the record keeper's words: no file name, hashed seed name,
`scenarios/` path, event number, "the log", option key or case id. What a person types (`--option
KEY=VALUE`, `ecarte explain NAME`) is his to type and is not searched. The record keeper's doors
(`adjudicate`, `validate`, `explain --all`) and `--json` keep every id; they are not collected."""
from __future__ import annotations

import html
import itertools
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.lawbook.laws import default_book
from adjudicator.lawbook.places import SCENARIOS_DIR
from adjudicator.lawbook.rulesets import rule_sets

runner = CliRunner()
DEVELOPER = [(re.compile(p), what) for p, what in [
    (r"\.ya?ml\b", "a file name"), (r"\.txt\b", "a file name"), (r"\.md\b", "a file name"),
    (r"scenarios/", "a scenario's path"), (r"\bevents? \d+\)|\(events? \d+|\bat event \d+", "an event's number"),
    (r"\b[Tt]he log\b", "the log"), (r"\b[0-9a-f]{16}\b", "a hashed name"),
    (r"\b[a-z]+_[a-z0-9_]+\b", "an option key or a log's field"), (r"\b\d+:[a-z][a-z-]+\b", "a case id"),
]]
TYPED = re.compile(r"--option [a-z_]+=\S+|ecarte explain \S+")   # what a person types
CASE_IDS = sorted({c.id for law in default_book().laws.values() for c in law.cases if "-" in c.id})
CASE_ID = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, CASE_IDS)) + r")(?![\w-])")


def developer_words(text: str) -> list[str]:
    """Each developer's word in `text`, with the words around it."""
    text = TYPED.sub("", text)
    found = []
    for pattern, what in [*DEVELOPER, (CASE_ID, "a case id")]:
        for m in pattern.finditer(text):
            found.append(f"{what}: …{' '.join(text[max(0, m.start() - 60):m.end() + 30].split())}…")
    return found


def page_text(page: str) -> str:
    """What a reader of a page sees: no script, no style, no developers' fold, no tag."""
    for fold in (r"<details class=\"dev\">.*?</details>", r"<script.*?</script>", r"<style.*?</style>"):
        page = re.sub(fold, " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _said(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code in (0, 1), (args, result.output)
    return result.output


def _assert_clean(texts: dict[str, str]) -> None:
    found = {where: words[:3] for where, text in texts.items() if (words := developer_words(text))}
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_the_search_finds_what_the_issue_found() -> None:
    """The search itself, on the sentences the issue quotes."""
    for said in ["The case is scenarios/laws/law37-exposed-card-taken.yaml", "source 000_5d49d08c10854333.txt",
                 "Y announced the king of trumps (event 10) without holding it", "the log giving only the result",
                 "dealer_must_exchange: whether the dealer who accepts must take a card",
                 "- revoke-or-failure-to-win: a player did not follow suit", "Cited as 43:revoke-or-failure-to-win"]:
        assert developer_words(said), said
    assert not developer_words("the modern rulebook (--option dealer_must_exchange=true); ecarte explain law11-x")


@pytest.mark.slow   # the book built
def test_the_books_pages(book_dir: Path) -> None:
    pages = {p.name: page_text(p.read_text(encoding="utf-8")) for p in sorted(book_dir.glob("*.html"))
             if not p.name.startswith("resolve")}   # the dispute pages: their own test below
    assert len(pages) >= 55
    _assert_clean(pages)


@pytest.mark.slow
def test_the_quiz_over_many_seeds() -> None:
    """Questions, the table, every answer's why (wrong and right), the end: 30 seeds of 5 questions,
    and a few under the other rule sets and a variant."""
    said = {f"quiz --seed {seed}": _said("quiz", "--seed", str(seed), "--count", "5", input="1\n2\n1\n2\n1\n")
            for seed in range(30)}
    for rules in (["--rules", "french"], ["--rules", "modern"], ["--option", "doubling=true"]):
        said |= {f"quiz {' '.join(rules)} --seed {seed}": _said("quiz", *rules, "--seed", str(seed), "--count", "3",
                                                                 input="1\n2\n1\n") for seed in range(4)}
    _assert_clean(said)


@pytest.mark.slow
def test_laws_one_to_fifty_one_and_the_rule_sets() -> None:
    said = {f"laws {n}": _said("laws", str(n)) for n in range(1, 52)}
    said |= {"laws": _said("laws"), "laws 17 21": _said("laws", "17", "21"), "laws 9 15": _said("laws", "9", "15")}
    said |= {f"laws --search {q}": _said("laws", "--search", q) for q in ("revoke", "looked", "trump", "discard")}
    names = list(rule_sets())
    for name in names:
        for n in sorted({5, 24, 38, 49, 11} | set(rule_sets()[name].changes)):
            said[f"laws {n} --rules {name}"] = _said("laws", str(n), "--rules", name)
    said["rules"] = _said("rules")
    for a, b in itertools.permutations(names, 2):
        said[f"rules diff {a} {b}"] = _said("rules", "diff", a, b)
    _assert_clean(said)
    assert "Why, in Méry's L'Arbitre des jeux (1847) and the Académie des jeux:" in " ".join(said["laws 24 --rules french"].split())
    assert "— the modern rulebook" in " ".join(said["rules diff cavendish modern"].split())


def test_json_keeps_every_id() -> None:
    """The ids stay where programs read them."""
    law = json.loads(_said("laws", "43", "--json"))[0]
    assert law["file"] == "laws/43-revoke-and-failure-to-win.yaml" and law["cases"][0]["id"]
    assert all(s.startswith("scenarios/") for s in law["scenarios"])
    sets = json.loads(_said("rules", "--json"))["rule_sets"]
    assert {rs["source"] for rs in sets} >= {"000_5d49d08c10854333.txt", "003_ccf13a885bdf782a.txt"}


SCENARIOS = sorted(str(p.relative_to(SCENARIOS_DIR.parent)) for p in SCENARIOS_DIR.rglob("*.yaml"))


@pytest.mark.slow
def test_explain_without_all_on_every_scenario() -> None:
    _assert_clean({f"explain {rel}": _said("explain", rel) for rel in SCENARIOS})


# a ruling handed back to the table page (`dispute.handback`): the option's key, the told deal's
# events, how the deal goes on, the king, the elect event, and a words key the page looks up
HANDED_BACK = ("o", "ev", "after", "next", "k", "kt", "el", "x")


@pytest.mark.slow   # the book built
@pytest.mark.parametrize("name", ["resolve.html", "resolve-french.html", "resolve-modern.html"])
def test_the_dispute_pages_strings(book_dir: Path, name: str) -> None:
    page = (book_dir / name).read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
                      .group(1).replace("<\\/", "</"))
    strings: list[str] = []

    def walk(x: object) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k not in ("id", "f", "c", "options", "rule", "worker", *HANDED_BACK):   # ids, facts, keys, not text
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            strings.append(x)

    walk(data)
    _assert_clean({f"{name} (its text)": page_text(page), f"{name} (its strings)": "\n".join(strings)})


def test_the_primer_and_the_glossary() -> None:
    """`ecarte primer`, the glossary's every entry, and a search that shows one."""
    texts = {"primer": _said("primer"), "glossary": _said("glossary"),
             "laws --search": _said("laws", "--search", "point de refus")}
    from adjudicator.words.glossary import default_glossary
    for e in default_glossary():
        texts[f"glossary {e.term}"] = _said("glossary", e.term)
    _assert_clean(texts)
