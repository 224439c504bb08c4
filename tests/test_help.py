"""`ecarte --help` read as a person reads it, from the real command at a fixed width: plain like
git's, pip's and ruff's (no type names, no braces), examples whole, completion and -V."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.cli import app
from adjudicator.completion import law_numbers, rule_set_names
from adjudicator.lawbook.rulesets import rule_sets
from terminals import in_a_terminal

ROOT = Path(__file__).resolve().parent.parent
ECARTE = [sys.executable, "-c", "import sys; sys.argv[0] = 'ecarte'; from adjudicator.entry import main; main()"]
COMMANDS = [c.name or c.callback.__name__ for c in app.registered_commands]
TYPE_NAME = re.compile(r"<[a-z][\w\[\], |]*>")


def _run(*args: str, columns: int = 100, **env: str) -> subprocess.CompletedProcess:
    environ = dict(os.environ, COLUMNS=str(columns), PYTHONPATH=str(ROOT), **env)
    return subprocess.run([*ECARTE, *args], capture_output=True, text=True, env=environ, cwd=ROOT, timeout=60)


@pytest.fixture(scope="module")
def helps() -> dict[str, str]:
    out = {"": _run("--help").stdout}
    for name in COMMANDS:
        done = _run(name, "--help")
        assert done.returncode == 0, (name, done.stderr)
        out[name] = done.stdout
    return out


@pytest.mark.slow   # the help of every command
def test_no_type_names_and_no_braces_anywhere(helps):
    for name, text in helps.items():
        assert text.startswith("Usage: ecarte"), name
        assert not TYPE_NAME.search(text), (name, TYPE_NAME.search(text).group())
        usage = text.split("\n\n")[0]
        assert "{" not in usage and "}" not in usage, (name, usage)
        assert "╭" not in text and "│" not in text, name   # no boxes: plain text


@pytest.mark.slow   # the help of every command
def test_flags_stand_alone_and_arguments_are_their_metavars(helps):
    assert re.search(r"^  --json {2,}one JSON object", helps["adjudicate"], re.M)
    assert re.search(r"^  --only-problems {2,}show only", helps["validate"], re.M)
    assert re.search(r"^  -j, --jobs N {2,}worker processes, from 1 \(this process alone\) to 64;", helps["validate"], re.M)
    assert "0 or a negative number is refused" in " ".join(helps["validate"].split())
    assert helps["adjudicate"].splitlines()[0] == "Usage: ecarte adjudicate [OPTIONS] LOG"
    assert helps["validate"].splitlines()[0] == "Usage: ecarte validate [OPTIONS] PATH..."
    assert helps["laws"].splitlines()[0] == "Usage: ecarte laws [OPTIONS] [N]..."
    assert helps["rules"].splitlines()[0] == "Usage: ecarte rules [OPTIONS] [diff A B]"
    assert re.search(r"^  \[diff A B\] {2,}diff and two rule sets", helps["rules"], re.M)
    assert re.search(r"^  LOG {2,}a log file", helps["adjudicate"], re.M)
    assert re.search(r"^  PATH\.\.\. {2,}files, folders", helps["validate"], re.M)


@pytest.mark.slow   # the help of every command
def test_the_commands_are_listed_with_what_they_do(helps):
    listed = helps[""].split("Commands:\n")[1]
    for name in COMMANDS:
        assert re.search(rf"^  {name} +\w", listed, re.M), name
    assert re.search(r"^  -V, --version +Show the version", helps[""], re.M)
    assert "--install-completion" in helps[""] and "--show-completion" in helps[""]


@pytest.mark.slow   # the help of every command
def test_resolve_help_names_its_keys_and_a_document_an_install_has(helps):
    text = helps["resolve"]
    assert "? says why" in text and "b goes back" in text and "^D leaves" in text
    assert re.search(r"^    ecarte docs INTERVIEW$", text, re.M)
    for name, said in helps.items():
        assert not re.search(r"\b[A-Z_]+\.md\b|docs/spec", said), name   # no file an installed copy lacks


@pytest.mark.slow
@pytest.mark.parametrize("columns", [40, 100])
def test_an_example_is_whole_or_goes_on_with_a_backslash(columns):
    for name in COMMANDS:
        text = _run(name, "--help", columns=columns).stdout
        epilog = text.rsplit("\n\n", 1)[1]
        assert epilog.lstrip().startswith("Example"), name
        commands = [line.strip() for line in epilog.splitlines()[1:]]
        assert commands and all(c.startswith("ecarte ") for c in commands), (name, epilog)
        assert all(len(c.split()) >= 2 for c in commands)
    wrapped = in_a_terminal(["adjudicate", "--help"], 60)   # a terminal of 60 columns
    assert "    ecarte adjudicate \\\n        scenarios/laws/law11-two-cards-turned-choose.yaml\n" in wrapped
    assert max(len(line) for line in wrapped.splitlines()) <= 60   # the prose and the example fit
    narrow = in_a_terminal(["adjudicate", "--help"], 40)   # the path alone is wider: on a line of its own
    assert "    ecarte adjudicate \\\nscenarios/laws/law11-two-cards-turned-choose.yaml\n" in narrow
    assert max(len(line) for line in narrow.splitlines() if " " in line.strip()) <= 40


@pytest.mark.slow
def test_version_short_and_long():
    for flag in ("-V", "--version"):
        done = _run(flag)
        assert done.returncode == 0 and re.fullmatch(r"ecarte \S+\n", done.stdout), done.stdout


def _complete(line: str) -> list[str]:
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    done = _run(_ECARTE_COMPLETE="complete_bash", COMP_WORDS=line, COMP_CWORD=str(cword))
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.slow
def test_completion_of_commands_laws_and_options():
    assert _complete("ecarte ") == COMMANDS
    assert _complete("ecarte va") == ["validate"]
    assert _complete("ecarte laws ") == [str(n) for n in range(1, 52)]
    assert _complete("ecarte laws 4") == ["4", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49"]
    assert _complete("ecarte quiz --law 5") == ["5", "50", "51"]
    assert _complete("ecarte validate --engine ") == ["local", "dask"]
    assert "--only-problems" in _complete("ecarte validate --")
    assert _complete("ecarte adjudicate scen") == []   # nothing offered: the shell completes files


def test_completers_say_what_they_offer():
    assert law_numbers("11") == [("11", "More than one card turned up")]
    names = rule_set_names("")
    assert [n for n, _ in names] == list(rule_sets()) and {"cavendish", "french", "modern"} <= {n for n, _ in names}
    assert all(title for _, title in names)
    assert rule_set_names("fr") == [("french", rule_sets()["french"].title)]


@pytest.mark.slow
def test_the_completion_script_is_shown_for_each_shell():
    # typer finds the shell the command runs under; its test switch names the shell instead
    named = {"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    done = _run("--show-completion", "bash", **named)
    assert done.returncode == 0 and "complete -o default -F _ecarte_completion ecarte" in done.stdout
    assert "compdef _ecarte_completion ecarte" in _run("--show-completion", "zsh", **named).stdout
    assert "complete --command ecarte" in _run("--show-completion", "fish", **named).stdout


@pytest.mark.slow
def test_install_completion_writes_the_script_where_the_shell_reads_it(tmp_path):
    done = _run("--install-completion", "bash", HOME=str(tmp_path), _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    assert done.returncode == 0, done.stderr
    script = tmp_path / ".bash_completions" / "ecarte.sh"
    assert "_ECARTE_COMPLETE=complete_bash" in script.read_text()
    assert str(script) in (tmp_path / ".bashrc").read_text()


@pytest.mark.slow
def test_completion_of_the_documents_names():
    assert _complete("ecarte docs ") == ["INTERVIEW", "LOG_FORMAT", "RULESETS", "RULINGS"]
    assert _complete("ecarte docs IN") == ["INTERVIEW"]


def test_the_generators_help_speaks_to_a_user() -> None:
    """`python -m adjudicator.generate --help`: what it makes, each argument with its meaning and
    default, and examples; none of the package's module names."""
    done = subprocess.run([sys.executable, "-m", "adjudicator.generate", "--help"], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, timeout=60)
    assert done.returncode == 0
    said = " ".join(done.stdout.split())
    assert "one JSON line each" in said and "--seed S the random seed" in said and "(default 0)" in said
    assert "from 0 to 1" in said and "python -m adjudicator.generate 1000 --seed 7 > games.jsonl" in said
    assert "engine." not in said and "lawbook." not in said
