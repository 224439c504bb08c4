"""Bad input gets exit status 2 and a message naming the file, the event and what is wrong:
never a traceback, never a silent default, never a hang."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.record.log import IRREGULARITIES

runner = CliRunner()
HEAD = "ecarte: 1\nplayers: [A, Y]\ndealer: A\nevents:\n"

LAW33 = ("  - deal: {to: Y, cards: [7D, 8D, 9S]}\n  - deal: {to: A, cards: [7C, JC, 10H]}\n"
                    "  - deal: {to: Y, cards: [QH, KS]}\n  - deal: {to: A, cards: [9H, 7S]}\n  - turn_up: {card: 8C}\n"
                    "  - propose: {by: Y}\n  - accept: {by: A}\n  - discard: {by: Y, cards: [7D, 8D]}\n"
                    "  - give: {to: Y, cards: [AH, 10S]}\n  - discard: {by: A, cards: [7S]}\n"
                    "  - give: {to: A, cards: [QC, KD]}\n")   # the dealer gives himself two cards for one

CASES = {
    "bad-card": (HEAD + "  - deal: {to: Y, cards: [1S]}\n", "event 1 (deal): cards.0: not a card: '1S'"),
    "unknown-event": (HEAD + "  - dael: {to: Y, count: 3}\n", "event 1: unknown event 'dael'"),
    "unknown-field": (HEAD + "  - deal: {to: Y, count: 3, colour: red}\n", "event 1 (deal): colour: unknown field"),
    "wrong-type": (HEAD + "  - deal: {to: Y, count: three}\n", "event 1 (deal): count: should be a whole number, not 'three'"),
    "missing-field": (HEAD + "  - deal: {to: Y, count: 3}\n  - play: {by: Y}\n", "event 2 (play): 'card' is missing"),
    "not-at-table": (HEAD + "  - deal: {to: Z, count: 3}\n", "event 1 (deal): 'Z' is not at the table"),
    "boolean-player": ("ecarte: 1\nplayers: [no, Y]\nevents: []\n", "players.0: should be text, not false: quote it (YAML reads no, yes, on, off as true or false)"),
    "same-looking-players": ('ecarte: 1\nplayers: ["\\u00e9", "e\\u0301"]\nevents: []\n',
                             "differ only in how their letters are encoded"),
    "tricks-short-without-abandon": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                                     "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 2}\n"
                                     "  - turn_up: {card: QS}\n  - tricks: {A: 1, Y: 1}\n  - look: {by: A}\n",
                                     "event 6 (tricks), line 10: the tricks of a hand add up to 5, not 2 (fewer "
                                     "are recorded only for a hand abandoned: an abandon must follow at once)"),
    "tricks-beyond-a-short-hand": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                                   "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 1}\n"
                                   "  - turn_up: {card: QS}\n  - tricks: {A: 5, Y: 0}\n",
                                   "event 6 (tricks), line 10: A played the hand with 4 cards: he cannot have won 5 tricks"),
    "same-players": ("ecarte: 1\nplayers: [A, A]\nevents: []\n", "the two players must be distinct"),
    "doubled-key": (HEAD + "  - deal: {to: Y, to: A, count: 3}\n", "the key 'to' is given twice"),
    "two-keys": (HEAD + "  - {deal: {to: Y, count: 3}, play: {by: A, card: KS}}\n", "event 1: an event is a mapping with exactly one key"),
    "not-yaml": ("ecarte: 1\nplayers: [A, Y\n", "not valid YAML"),
    "not-json": ('{"ecarte": 1, "players": ', "not valid JSON"),
    "version": ("ecarte: 2\nplayers: [A, Y]\nevents: []\n", "ecarte: this reader knows format version 1"),
    "empty": ("", "the log is empty"),
    "a-list": ("- 1\n- 2\n", "a log is a mapping"),
    "huge-number": (HEAD + "  - deal: {to: Y, count: 99999999999999999999999}\n", "event 1 (deal): count:"),
    "yaml-tag": ("!!python/object/apply:os.system [echo hi]\n", "may not use the YAML tag !!python/object/apply"),
    "alias": ("a: &x [1]\nb: *x\n", "may not use YAML aliases"),
    "alias-bomb": ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                   "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                   "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n", "aliases"),
    "deep-flow": ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested more than"),
    "deep-block": ("a:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(400)), "nested more than"),
    "deep-json": ("[" * 100000 + "]" * 100000, "nested too deeply"),
    "version-true": ("ecarte: true\nplayers: [A, Y]\nevents: []\n", "ecarte: this reader knows format version 1"),
    "version-float": ("ecarte: 1.0\nplayers: [A, Y]\nevents: []\n", "written as the number 1 (got 1.0)"),
    "version-text": ('{"ecarte": "1", "players": ["A", "Y"], "events": []}', "written as the number 1 (got '1')"),
    "set-of-players": ("ecarte: 1\nplayers: !!set {A, Y}\nevents: []\n", "line 2: a log may not use the YAML tag !!set"),
    "merge-key": ("ecarte: 1\n<<: {players: [A, Y]}\nevents: []\n", "line 2: a log may not use YAML merge keys"),
    "two-documents": ("ecarte: 1\n---\necarte: 1\n", "line 2: a log is one YAML document, not several"),
    "complex-key": ("? [a]\n: 1\n", "line 1: a key must be text"),
    "bad-date": ("ecarte: 1\nplayers: [A, Y]\nevents: []\ntitle: 2024-13-01\n", "line 4: the value '2024-13-01' cannot be read"),
    "control-in-player": ('{"ecarte": 1, "players": ["\\u001b[2JA", "Y"], "events": []}', "players.0: a player's id must be printable"),
    "json-doubled-key": ('{"ecarte": 1, "players": ["A", "Y"], "dealer": "A", "events": '
                         '[{"deal": {"to": "Y", "count": 3}}, {"deal": {"to": "A", "to": "Y", "count": 3}}]}',
                         "event 2 (deal): the key 'to' is given twice"),
    "too-many-events": (HEAD + "  - cut: {by: Y, top: 1}\n" * 20_001, "line 20006: a list or mapping has more than 20000 items"),
    "yaml-too-large": (HEAD + "  - deal: {to: Y, cards: [KH, QH, 9S, KC, JC, 10D, 8C, 7D, 9D, 7S]}\n" * 20_000,
                       "a YAML log is at most 1,048,576 characters, 1 MiB (this one has 1,360,044): write a log this large as JSON, which may be up to 8 MiB"),
    "many-bad-events": (HEAD + "  - cut: {by: Y, top: x}\n" * 5000, "and 4980 more problems"),
    "card-with-space": (HEAD + "  - deal: {to: Y, cards: [' KH', QH, 9S]}\n", "event 1 (deal): cards.0: not a card: ' KH'"),
    "near-miss-name": (HEAD + "  - claim: {by: Y, irregularity: revok}\n", f"'revok' is not one of the {len(IRREGULARITIES)} known values: did you mean 'revoke'?"),
    "yaml-problem-in-event": (HEAD + "  - deal: {to: Y, count: 3}\n  - look: {by: Y, by: A}\n",
                              "event 2, line 6: the key 'by' is given twice"),
    "yaml-tag-in-event": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: !!set {to: A}\n",
                          "event 2, line 6: a log may not use the YAML tag !!set"),
    "json-huge-integer": ('{"ecarte": 1, "players": ["A", "Y"], "dealer": "A", "events": [{"deal": {"to": "Y", "count": '
                          + "9" * 5000 + "}}]}", "event 1 (deal): count: should be a whole number, not an integer of 5000 digits"),
    "json-huge-integer-as-text": ('{"ecarte": 1, "players": ["A", "Y"], "events": [], "title": ' + "9" * 5000 + "}",
                                 "title: should be text, not an integer of 5000 digits: quote it"),
    "yaml-huge-integer": (HEAD + "  - deal: {to: Y, count: " + "9" * 5000 + "}\n",
                          "event 1, line 5: an integer of 5000 digits: no field of a log takes one so long"),
    "json-huge-integer-and-key-text": ('{"ecarte": 1, "players": ["A", "Y"], "title": "a\\":b", "events": [], '
                                      '"description": ' + "9" * 5000 + "}", "description: should be text, not an integer of 5000 digits: quote it"),
    "json-deep-in-header": ('{"ecarte": 1, "players": ["A", "Y"], "events": [], "x": ' + "[" * 900 + "]" * 900 + "}",
                            "the log is nested too deeply"),
    "law-out-of-range": ("ecarte: 1\nplayers: [A, Y]\nevents: []\nlaws: [52]\n", "laws.0: should be at most 51, not 52"),
    "yaml-problem-after-events": (HEAD + "  - deal: {to: Y, count: 3}\ntitle: !!python/name:os.system x\n",
                                  ": line 6: a log may not use the YAML tag"),
    "stranger-once": (HEAD + "  - look: {by: Z}\n", "event 1 (look): 'Z' is not at the table (A, Y)\n"),
    "no-dealer": ("ecarte: 1\nplayers: [A, Y]\nevents:\n  - deal: {to: Y, count: 3}\n", "who deals first is not known"),
    "turn-up-count-two": (HEAD + "  - deal: {to: Y, count: 3}\n  - turn_up: {count: 2}\n", "event 2 (turn_up): count: should be at most 1, not 2"),
    "turn-up-card-and-count": (HEAD + "  - deal: {to: Y, count: 3}\n  - turn_up: {card: 8H, count: 1}\n",
                               "event 2 (turn_up): give one of card, cards or count, not card and count"),
    "trick-turns-on-unknown-trump": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                                     "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 2}\n  - turn_up: {count: 1}\n"
                                     "  - play: {by: Y, card: KS}\n  - play: {by: A, card: 7D}\n",
                                     "event 7 (play), line …: who wins 7D played to KS turns on the trump suit"),
    "holds-a-card-played": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                            "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 2}\n  - turn_up: {card: 8H}\n"
                            "  - play: {by: Y, card: KS}\n  - holds: {player: A, cards: [KS]}\n",
                            "event 7 (holds), line …: A cannot hold KS: the log shows it elsewhere in this deal"),
    "holds-the-turn-up": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n"
                          "  - deal: {to: Y, count: 2}\n  - deal: {to: A, count: 2}\n  - turn_up: {card: 8H}\n"
                          "  - holds: {player: A, cards: [8H]}\n", "event 6 (holds), line …: A cannot hold 8H"),
    "holds-more-than-unknown": (HEAD + "  - deal: {to: Y, cards: [KH, QH, 9S]}\n  - deal: {to: A, count: 3}\n"
                                "  - deal: {to: Y, cards: [8C, 7D]}\n  - holds: {player: Y, cards: [AS]}\n",
                                "event 4 (holds), line …: the log shows every card of Y's hand: he cannot also hold AS"),
    "card-not-held": (HEAD + "  - deal: {to: Y, cards: [KH, QH, 9S]}\n  - deal: {to: A, cards: [KC, JC, 10D]}\n"
                      "  - deal: {to: Y, cards: [8C, 7D]}\n  - deal: {to: A, cards: [9D, 7S]}\n"
                      "  - turn_up: {card: 8H}\n  - play: {by: Y, card: AS}\n", "event 6 (play), line 10: Y does not hold AS"),
    "elect-not-offered": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n  - deal: {to: Y, count: 2}\n"
                          "  - deal: {to: A, count: 2}\n  - turn_up: {card: 8H}\n  - propose: {by: Y}\n  - accept: {by: A}\n"
                          "  - discard: {by: Y, count: 2}\n  - ask: {by: Y, count: 3}\n  - give: {to: Y, count: 3}\n"
                          "  - elect: {by: A, option: fresh_deal}\n",
                          "event 11 (elect), line 15: no ruling open here offers fresh_deal (took_more_than_discarded "
                          "(event 10): law 29 offers rectify here)"),
    "elect-by-the-offender": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n  - deal: {to: Y, count: 2}\n"
                              "  - deal: {to: A, count: 2}\n  - turn_up: {card: 8H}\n  - propose: {by: Y}\n  - accept: {by: A}\n"
                              "  - discard: {by: Y, count: 2}\n  - give: {to: Y, count: 3}\n"
                              "  - elect: {by: A, option: fresh_deal}\n",
                              "event 10 (elect), line 14: law 31 gives the choice to Y, not A"),
    "near-miss-event": (HEAD + "  - turnup: {card: KH}\n", "event 1: unknown event 'turnup': did you mean 'turn_up'?"),
    "replay-error-names-its-line": (HEAD + "  - deal: {to: Y, count: 3}\n  # the dealer speaks\n  - propose: {by: A}\n",
                                    "event 2 (propose), line 7: only the non-dealer (Y) proposes"),
    "dealers-own-error-claimed-of-the-non-dealer": (HEAD + LAW33 + "  - claim: {by: Y, irregularity: too_many_given, player: Y}\n",
                                                    "event 12 (claim), line 16: the log shows no too many given for Y: a claim of it "
                                                    "gives the number of cards he holds (count:); the log shows one at event 11: "
                                                    "claim too_many_given, player: A"),
    "dealers-own-error-under-the-non-dealers-id": (HEAD + LAW33 + "  - claim: {by: Y, irregularity: took_more_than_discarded, player: A}\n",
                                                   "event 12 (claim), line 16: took more than discarded is said of the non-dealer (Y), who asks for cards; "
                                                   "the log shows one at event 11: claim too_many_given, player: A"),
    "play-in-a-deal-annulled-at-a-look": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n  - deal: {to: Y, count: 2}\n"
                            "  - deal: {to: A, count: 2}\n  - turn_up: {card: 8H}\n  - turn_up: {card: 7C}\n"
                            "  - look: {by: Y}\n  - play: {by: Y, card: KH}\n",
                            "event 8 (play), line 12: deal 1 was annulled at event 7 (fresh deal): the log should show "
                            "the next deal's cards"),
    "propose-after-a-fresh-deal-elected": (HEAD + "  - deal: {to: Y, count: 3}\n  - deal: {to: A, count: 3}\n  - deal: {to: Y, count: 2}\n"
                            "  - deal: {to: A, count: 2}\n  - turn_up: {card: 8H}\n  - turn_up: {card: 7C}\n"
                            "  - elect: {by: Y, option: fresh_deal}\n  - propose: {by: Y}\n",
                            "event 8 (propose), line 12: deal 1 was annulled at event 7 (fresh deal): the log "
                            "should show the next deal's cards, not more of its hand"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_log_exits_2_with_a_message(tmp_path: Path, name: str) -> None:
    text, message = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    start = time.monotonic()
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert time.monotonic() - start < 2.0
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert f"{path}: " in result.output and _says(result.output, message), result.output
    assert not LIBRARY_WORDS.search(result.output), result.output   # the project's words, not pydantic's


# what pydantic, json or a raw size would say: none of it reaches a user
LIBRARY_WORDS = re.compile(r"Field required|Input should|valid integer|valid string|Extra inputs|"
                           r"Expecting (value|property)|\(char \d+\)|\d{6,} bytes")


def test_the_size_limits_are_said_in_mib(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (8 * 1024 * 1024 + 1))
    result = runner.invoke(app, ["adjudicate", str(big)])
    assert result.exit_code == 2
    assert result.output == f"{big}: the log is larger than 8 MiB, the most accepted\n"
    from adjudicator.record.problems import size
    assert [size(n) for n in (1, 300, 1024, 1536, 1_360_044, 8 << 20)] == \
        ["1 byte", "300 bytes", "1 KiB", "1.5 KiB", "1.3 MiB", "8 MiB"]


def test_a_missing_field_and_a_wrong_type_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(HEAD + "  - deal: {to: Y, count: 3}\n  - turn_up: {card: 8D}\n  - look: {by: [Y]}\n"
                    "  - play: {by: Y}\n  - cut: {by: Y, top: 1.5}\n")
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"{path}: event 3 (look): by: should be text, not a list",
                                          f"{path}: event 4 (play): 'card' is missing",
                                          f"{path}: event 5 (cut): top: should be a whole number, not 1.5"]


def test_json_that_cannot_be_read_is_said_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"ecarte": 1,\n "players": ["A" "Y"]}\n')
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert result.output == f"{path}: not valid JSON: a comma was expected at line 2, column 18\n"


def _says(output: str, message: str, whole: bool = False) -> bool:
    """`message` is in `output`; a `…` in it stands for the words of a library (pydantic's
    message, which its releases may change): only the project's own words are compared."""
    pattern = ".+?".join(re.escape(part) for part in message.split("…"))
    return (re.fullmatch if whole else re.search)(pattern, output) is not None


def _linear(make, check) -> None:
    """The time (CPU, steadier than the clock on a busy machine) of `make(n)` judged, at 2,000
    and at 8,000 repeats: four times the work takes about four times as long (a quadratic cost
    would take sixteen), and 8,000 take under two seconds of CPU."""
    spent = {}
    for n in (2000, 8000):
        path = make(n)
        start = time.process_time()
        result = runner.invoke(app, ["adjudicate", "--json", str(path)])
        spent[n] = time.process_time() - start
        check(result, n)
    assert spent[8000] < 2.0 and spent[8000] < 8 * spent[2000] + 0.05, spent


@pytest.mark.slow
def test_rulings_by_the_thousand_take_linear_time(tmp_path: Path) -> None:
    """Short cuts by the thousand, each a closed ruling; checking for open choices once scanned them all."""
    def make(n: int) -> Path:
        path = tmp_path / f"cuts{n}.yaml"
        path.write_text(HEAD + "  - cut: {by: Y, top: 1}\n" * n)
        return path

    def check(result, n: int) -> None:
        assert result.exit_code == 1 and len(json.loads(result.output)["rulings"]) == n
    _linear(make, check)


@pytest.mark.slow
def test_a_lead_out_of_turn_taken_back_thousands_of_times_takes_linear_time(tmp_path: Path) -> None:
    """Each lead out of turn makes a ruling that its take-back closes; none may scan them all."""
    scenario = Path(__file__).resolve().parent.parent / "scenarios" / "laws" / "law40-lead-out-of-turn-taken-back.yaml"
    head = scenario.read_text().split("  - play: {by: A, card: 7S}")[0].split("expect:")[0]

    def make(n: int) -> Path:
        path = tmp_path / f"loop{n}.yaml"
        path.write_text(head + "  - play: {by: A, card: 7S}\n  - take_back: {by: A}\n" * n)
        return path

    def check(result, n: int) -> None:
        rulings = json.loads(result.output)["rulings"]
        assert result.exit_code == 1 and len(rulings) == n
        assert {(r["law"], r["elected"]) for r in rulings} == {(40, "take_back")}
    _linear(make, check)


def test_a_capped_error_list_still_counts_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + "  - cut: {by: Y, top: x}\n" * 50)
    result = runner.invoke(app, ["adjudicate", str(path)])
    lines = result.output.splitlines()
    assert result.exit_code == 2 and len(lines) == 21
    assert _says(lines[19], "event 20 (cut): top: should be a whole number, not 'x'")
    assert lines[20] == f"{path}: and 30 more problems"


def test_every_problem_in_the_order_of_the_log(tmp_path: Path) -> None:
    path = tmp_path / "three.yaml"
    path.write_text("ecarte: 1\nplayers: [A, Y]\ncolour: red\ndealer: A\nevents:\n  - deal: {to: Y, count: 3}\n"
                    "  - dael: {to: Y}\n  - deal: {to: A, count: three}\n  - 12\n")
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert result.exit_code == 2
    lines = [line.removeprefix(f"{path}: ") for line in result.output.splitlines()]
    wanted = ["colour: unknown field",
              "event 2: unknown event 'dael': did you mean 'deal'?",
              "event 3 (deal): count: should be a whole number, not 'three'",
              "event 4: an event is a mapping with exactly one key, its name (got 12)"]
    assert len(lines) == len(wanted) and all(_says(line, w, whole=True) for line, w in zip(lines, wanted)), lines


@pytest.mark.parametrize("header, wanted", [
    ("rules: nonsuch\nplayers: [A, A]\n", ["rules: unknown rule set 'nonsuch' (known: cavendish, french, modern)",
                                          "players: the two players must be distinct"]),
    ("rules: frnch\nplayers: [A, Y]\noptions: {game_to: 0}\n",
     ["rules: unknown rule set 'frnch': did you mean 'french'? (known: cavendish, french, modern)",
      "options.game_to: 0 is not an integer from 1 to 100"]),
    ("rules: nonsuch\nplayers: [A, Y]\ndealer: B\n",
     ["rules: unknown rule set 'nonsuch' (known: cavendish, french, modern)", "dealer: 'B' is not at the table"]),
    ("rules: ''\nplayers: [A, Y]\n", ["rules: unknown rule set '' (known: cavendish, french, modern)"]),
])
def test_an_unknown_rule_set_is_one_problem_among_the_others(tmp_path: Path, header: str, wanted: list[str]) -> None:
    """RULINGS.md: one message per problem; RULESETS.md: an unknown name with the known names."""
    path = tmp_path / "rules.yaml"
    path.write_text("ecarte: 1\n" + header + "events: []\n", encoding="utf-8")
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert result.exit_code == 2
    lines = [line.removeprefix(f"{path}: ") for line in result.output.splitlines()]
    assert len(lines) == len(wanted) and all(_says(line, w) for line, w in zip(lines, wanted)), lines


def test_a_named_pipe_with_no_writer_does_not_hang(tmp_path: Path) -> None:
    import os
    os.mkfifo(tmp_path / "pipe.yaml")
    result = runner.invoke(app, ["adjudicate", str(tmp_path / "pipe.yaml")])
    assert result.exit_code == 2 and "the log is empty" in result.output


def test_absurd_number_of_jobs_is_refused() -> None:
    result = runner.invoke(app, ["validate", "--jobs", "99999999999999999999", "x.yaml"])
    assert result.exit_code == 2 and "--jobs" in result.output


@pytest.mark.parametrize("args, said", [
    (["validate", "--jobs", "x", "x.yaml"], "Invalid value for '--jobs' / '-j': should be a whole number, not 'x'"),
    (["validate", "--jobs", "99", "x.yaml"], "Invalid value for '--jobs' / '-j': should be at most 64, not 99"),
    (["validate", "--jobs", "0", "x.yaml"], "Invalid value for '--jobs' / '-j': should be at least 1, not 0"),
    (["validate", "--jobs", "-3", "x.yaml"], "Invalid value for '--jobs' / '-j': should be at least 1, not -3"),
    (["quiz", "--count", "0"], "Invalid value for '--count': should be at least 1, not 0"),
])
def test_an_option_refused_is_said_in_plain_words(args: list[str], said: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and said in result.output and not LIBRARY_WORDS.search(result.output), result.output


def test_not_utf8_on_standard_input() -> None:
    result = runner.invoke(app, ["adjudicate", "-"], input=b"ecarte: 1\nplayers: [A\xff, Y]\n")
    assert result.exit_code == 2 and "-: line 2: not UTF-8 text (byte 22 is 0xff)" in result.output


def test_closed_standard_input(monkeypatch) -> None:
    import sys
    from adjudicator.record.source import LogError, read_source
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(LogError, match="standard input is closed"):
        read_source("-")


def test_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfecarte: 1\nplayers: [A, Y]\nevents: []\n")
    assert runner.invoke(app, ["adjudicate", str(path)]).exit_code == 0


def test_a_bad_byte_after_a_byte_order_mark_is_named_where_it_is(tmp_path: Path) -> None:
    """The byte counted from the file's start, the mark included, and shown as it is."""
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfecarte: 1\nplayers: [A\xff, Y]\n")
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert result.exit_code == 2 and f"{path}: line 2: not UTF-8 text (byte 25 is 0xff)" in result.output


def test_names_a_terminal_would_act_on_are_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "clear\x1b[2J.yaml"
    path.write_text("ecarte: 1\nplayers: [A, Y]\nevents: []\n")
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 0 and "\x1b" not in result.output
    assert "clear\\x1b[2J.yaml: empty: no card dealt" in result.output


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "garbage.yaml"
    path.write_bytes(bytes(range(256)) * 8)
    result = runner.invoke(app, ["adjudicate", str(path)])
    assert result.exit_code == 2 and "not UTF-8" in result.output


def test_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["adjudicate", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2 and "No such file" in result.output


def test_archive_with_bad_lines_checks_the_rest(tmp_path: Path) -> None:
    good = json.dumps({"ecarte": 1, "players": ["A", "Y"], "dealer": "A",
                       "events": [{"deal": {"to": "Y", "count": 3}}]})
    archive = tmp_path / "a.jsonl"
    archive.write_text(good + "\n{oops\n\n" + good.replace('"Y", "count"', '"Q", "count"') + "\n" + good + "\n")
    result = runner.invoke(app, ["validate", "--json", str(archive)])
    assert result.exit_code == 2
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert [o["source"] for o in lines] == [f"{archive}:1", f"{archive}:2", f"{archive}:4", f"{archive}:5"]
    assert [o["ok"] for o in lines] == [True, False, False, True]
    assert "not valid JSON" in lines[1]["errors"][0]
    assert "'Q' is not at the table" in lines[2]["errors"][0]


def test_archive_line_not_utf8_or_not_json_is_reported_alone(tmp_path: Path) -> None:
    good = json.dumps({"ecarte": 1, "players": ["A", "Y"], "events": []}).encode()
    archive = tmp_path / "a.jsonl"
    archive.write_bytes(good + b"\n" + good.replace(b'"A"', b'"A\xff"') + b"\necarte: 1\n" + good + b"\n")
    result = runner.invoke(app, ["validate", "--json", str(archive)])
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert [o["ok"] for o in lines] == [True, False, False, True]
    assert lines[1]["errors"] == [f"{archive}:2: not UTF-8 text (byte 29 is 0xff)"]
    assert lines[2]["errors"] == [f"{archive}:3: an archive line must be one log written as a JSON object"]
    assert result.exit_code == 2


def test_a_folder_reports_what_it_cannot_read(tmp_path: Path) -> None:
    import os
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "ok.yaml").write_text("ecarte: 1\nplayers: [A, Y]\nevents: []\n")
    (tmp_path / "broken.yaml").symlink_to(tmp_path / "nowhere.yaml")
    (tmp_path / "sub" / "loop").symlink_to(tmp_path)
    os.mkfifo(tmp_path / "pipe.yaml")
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.output.splitlines() == [
        f"{tmp_path}/broken.yaml: unreadable: a broken symbolic link",
        f"{tmp_path}/pipe.yaml: unreadable: not a regular file",
        f"{tmp_path}/sub/ok.yaml: empty: no card dealt (A 0, Y 0)",
        "3 games: 0 clean, 0 with rulings, 2 unreadable, 1 empty (no card dealt)"]
    assert result.exit_code == 2


def test_an_absurdly_long_archive_line_is_reported_and_skipped(tmp_path: Path, monkeypatch) -> None:
    from adjudicator.archive import files as archive
    monkeypatch.setattr(archive, "MAX_LOG_BYTES", 1000)
    good = json.dumps({"ecarte": 1, "players": ["A", "Y"], "dealer": "A", "events": []})
    path = tmp_path / "long.jsonl"
    path.write_text(good + "\n" + "[" + "1," * 5000 + "1]\n" + good + "\n")
    result = runner.invoke(app, ["validate", "--json", str(path)])
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert [o["ok"] for o in lines] == [True, False, True]
    assert "longer than 1000 bytes" in lines[1]["errors"][0]
    assert result.exit_code == 2


@pytest.mark.slow   # a process a case
@pytest.mark.parametrize("redirect, log, status, message", [
    (">/dev/full", "good", 2, "the output cannot be written: No space left on device"),
    ("2>/dev/full", "bad", 2, None),
    (">&-", "good", 0, None),          # stdout closed from the start: the exit status still answers
    ("2>&-", "bad", 2, None),
])
def test_output_that_cannot_be_written_is_exit_2_without_a_traceback(
        tmp_path: Path, redirect: str, log: str, status: int, message: str | None) -> None:
    """The real entry point, in a shell of its own, its output sent where it cannot be written."""
    import shlex
    import subprocess
    import sys
    paths = {"good": Path(__file__).resolve().parent.parent / "scenarios" / "play" / "illustrative-game.yaml",
             "bad": tmp_path / "bad.yaml"}
    paths["bad"].write_text(HEAD + "  - dael: {}\n")
    code = "import sys; from adjudicator.entry import main; sys.argv[0] = 'ecarte'; main()"
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(code)} adjudicate {paths[log]} {redirect}"
    stderr = tmp_path / "stderr"
    if not redirect.startswith("2"):
        command += f" 2>{stderr}"
    result = subprocess.run(["bash", "-c", command], timeout=60)
    said = stderr.read_text() if stderr.exists() else ""
    assert result.returncode == status and "Traceback" not in said
    assert message is None or message in said


def _entry_point(args: str, tmp_path: Path, into: str) -> tuple[int, str]:
    """The real entry point in a shell of its own: the exit status of its end of the pipeline,
    and what it said on stderr."""
    import shlex
    import subprocess
    import sys
    code = "import sys; from adjudicator.entry import main; sys.argv[0] = 'ecarte'; main()"
    stderr = tmp_path / "stderr"
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(code)} {args} 2>{stderr} {into}"
    result = subprocess.run(["bash", "-c", command + "; exit ${PIPESTATUS[0]}"], timeout=60)
    return result.returncode, stderr.read_text()


@pytest.mark.slow
@pytest.mark.parametrize("args, reader", [
    ("validate --jobs 1 ARCHIVE", "head -1"), ("validate --jobs 2 --json ARCHIVE", "head -1"),
    ("validate --json ARCHIVE.gz", "head -1"), ("validate --json - < ARCHIVE", "head -1"),
    ("laws", "true"), ("laws --json", "true"), ("laws 11 --help", "true"),   # gone before the first line
])
def test_a_pipe_closed_early_ends_the_tool_quietly_as_grep(tmp_path: Path, args: str, reader: str) -> None:
    """`validate archive | head -1`, `laws | head`: nothing said, and the status the shell sees
    of grep when its reader goes (141: 128 + SIGPIPE), not click's exit 1 or an error's 2. (The
    output of validate is far more than a pipe holds; laws' is not, so its reader is gone first.)"""
    import gzip
    from adjudicator.engine.generate import dumps
    from adjudicator.engine.generate_games import games
    archive = tmp_path / "a.jsonl"
    archive.write_text("".join(dumps(log) + "\n" for log, _ in games(400, seed=3)))
    (tmp_path / "a.jsonl.gz").write_bytes(gzip.compress(archive.read_bytes()))
    status, said = _entry_point(args.replace("ARCHIVE", str(archive)), tmp_path, f"| {reader} >/dev/null")
    assert (status, said) == (141, "")
    import subprocess   # grep, for the record: the same status
    done = subprocess.run(["bash", "-c", f"grep -h . {archive} {archive} | head -1 >/dev/null; exit ${{PIPESTATUS[0]}}"])
    assert done.returncode == 141


@pytest.mark.slow
@pytest.mark.parametrize("name,old,new,args,said", [
    ("options.yaml", None, "fresh_deal: [not, words]\n", ["adjudicate", "SCENARIO"], "options.yaml"),
    ("table.yaml", "  cut_again:", "  cut_agian:", ["table", "--page", "PAGE"], "table.yaml: 'page.cut_again' is missing"),
])
def test_a_broken_words_file_is_exit_2_naming_it(tmp_path: Path, name: str, old: str | None, new: str,
                                                  args: list[str], said: str) -> None:
    """The words beside the law book (laws/words/) are read late, by the commands that speak:
    a broken one is the law book's error, not a traceback (`old` replaced by `new`, or the whole
    file `new`); the table companion's page is not written."""
    import shutil
    import adjudicator.words.vocabulary as words
    folder = tmp_path / "words"
    shutil.copytree(words.WORDS_DIR, folder)
    text = (folder / name).read_text(encoding="utf-8")
    (folder / name).write_text(new if old is None else text.replace(old, new), encoding="utf-8")
    code = ("import sys, pathlib; import adjudicator.words.vocabulary as w; "
            f"w.default_words = lambda: w.load(pathlib.Path({str(folder)!r})); "
            "from adjudicator.entry import main; sys.argv[0] = 'ecarte'; main()")
    import subprocess
    import sys
    scenario = Path(__file__).resolve().parent.parent / "scenarios" / "laws" / "law11-two-cards-turned-choose.yaml"
    places = {"SCENARIO": str(scenario), "PAGE": str(tmp_path / "table.html")}
    result = subprocess.run([sys.executable, "-c", code, *(places.get(a, a) for a in args)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "the law book cannot be loaded" in result.stderr and said in result.stderr, result.stderr
    assert not (tmp_path / "table.html").exists()


def test_a_misspelt_log_file_is_answered_with_the_nearest_name() -> None:
    """`explain` (as `rules NAME`) offers the nearest name for a near miss, and none for a far one."""
    laws = Path(__file__).resolve().parent.parent / "scenarios" / "laws"
    result = runner.invoke(app, ["explain", str(laws / "law24-king-led-anounced-after-played-to.yaml")])
    near = laws / "law24-king-led-announced-after-played-to.yaml"
    assert result.exit_code == 2 and f"No such file or directory: did you mean {str(near)!r}?" in result.output
    result = runner.invoke(app, ["explain", str(laws / "nothing-like-it.yaml")])
    assert result.exit_code == 2 and "did you mean" not in result.output and "Traceback" not in result.output


def test_a_misspelt_scenario_name_is_answered_with_the_law_books_nearest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scenario named by its file name, as `laws N` lists it, from a folder that holds no such
    file: a near miss is offered the law book's scenario; a far one gets no guess."""
    monkeypatch.chdir(tmp_path)
    for command in ("explain", "adjudicate"):
        result = runner.invoke(app, [command, "law11-two-cards-turned-chose"])
        assert result.exit_code == 2
        assert "law11-two-cards-turned-chose: No such file or directory: did you mean the law book's scenario 'law11-two-cards-turned-choose.yaml'?" in result.output
    result = runner.invoke(app, ["explain", "nothing-like-it"])
    assert result.exit_code == 2 and "did you mean" not in result.output


@pytest.mark.parametrize("command", ["adjudicate", "explain", "validate"])
def test_a_compressed_single_log_is_refused_in_plain_words(command: str, tmp_path: Path) -> None:
    """One YAML log gzipped is not an archive: refused saying so (docs/LOGS.md: only .jsonl archives are
    read compressed), not read as text ("not UTF-8 text (byte 2 is 0x8b)")."""
    import gzip
    log = tmp_path / "game.yaml.gz"
    log.write_bytes(gzip.compress(b"ecarte: 1\nplayers: [A, Y]\nevents: []\n"))
    result = runner.invoke(app, [command, str(log)])
    assert result.exit_code == 2 and "compressed (gzip), but not a .jsonl archive" in result.output
    assert "decompress this log first" in result.output and "UTF-8" not in result.output
