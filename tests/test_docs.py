"""A clone stands on its own: the format documents travel with it, equal to the shared
originals where those exist, and every link of the README and of docs/ resolves inside the
repository; the README stays short, its Python example runs, and the reference it points to
says what the commands print."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from terminals import TMUX

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"
SHARED = ROOT.parent / "shared" / "spec"
DOCUMENTS = ("LOG_FORMAT.md", "RULINGS.md", "INTERVIEW.md", "RULESETS.md")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_contract_travels_with_the_repository(name: str) -> None:
    assert (SPEC / name).is_file(), f"docs/spec/{name} is missing"


@pytest.mark.skipif(not SHARED.is_dir(), reason="no shared spec beside the repository")
@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_copies_equal_the_shared_originals(name: str) -> None:
    assert (SPEC / name).read_bytes() == (SHARED / name).read_bytes(), \
        f"docs/spec/{name} differs from {SHARED / name}: copy the original over it"


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
PATH = re.compile(r"`((?:\.\./|[\w.-]+/)[\w./-]*)`")


def _inside(target: Path) -> bool:
    return target.resolve().is_relative_to(ROOT) and target.exists()


def _named(path: str, page: Path) -> bool:
    """A path in backticks names a file from the page, the repository's root or the package's
    folder (docs/ARCHITECTURE.md says `engine/rules.py`); a placeholder in capitals (NAME, NN)
    stands for any file it may be."""
    pattern = re.sub(r"\b(?:NAME|NN)\b", "*", path)
    return any(_inside(base / path) or (pattern != path and any(base.glob(pattern)))
               for base in (page.parent, ROOT, ROOT / "adjudicator"))


PAGES = ["README.md", "CHANGELOG.md", "laws/README.md", "docs/spec/README.md",
         *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]


def test_the_reference_pages_are_all_checked() -> None:
    assert {"docs/ARCHITECTURE.md", "docs/COMMANDS.md", "docs/LOGS.md", "docs/PERFORMANCE.md"} <= set(PAGES)


@pytest.mark.parametrize("doc", PAGES)
def test_every_link_resolves_inside_the_clone(doc: str) -> None:
    """Links resolve from the page; a path in backticks names a file (`_named`)."""
    page = ROOT / doc
    text = page.read_text(encoding="utf-8")
    missing = [t for t in LINK.findall(text) if "://" not in t and not _inside(page.parent / t)]
    missing += [t for t in PATH.findall(text) if not _named(t, page)]
    assert not missing, f"{doc} points at paths a clone does not have: {missing}"


def test_the_command_references_quiz_example_is_what_the_command_prints() -> None:
    from typer.testing import CliRunner

    from adjudicator.cli import app
    text = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    shown = re.search(r"```text\n\$ ecarte quiz --seed 12 --count 1\n(.*?)```\n", text, re.S)
    assert shown and "printf '1\\n' | ecarte quiz --seed 12 --count 1" in text
    result = CliRunner().invoke(app, ["quiz", "--seed", "12", "--count", "1"], input="1\n")
    assert result.output == shown.group(1)


def test_ecarte_docs_lists_the_documents_with_their_titles_and_prints_each() -> None:
    from typer.testing import CliRunner

    from adjudicator.cli import app
    listed = CliRunner().invoke(app, ["docs"])
    assert listed.exit_code == 0
    names = [line.split()[0] for line in listed.output.splitlines()]
    assert names == sorted(n.removesuffix(".md") for n in DOCUMENTS)
    assert "LOG_FORMAT  The game log format (`ecarte-log`, version 1)" in listed.output
    for name in DOCUMENTS:
        for given in (name.removesuffix(".md"), name.lower()):
            shown = CliRunner().invoke(app, ["docs", given])
            assert shown.exit_code == 0 and shown.output == (SPEC / name).read_text(encoding="utf-8")
    unknown = CliRunner().invoke(app, ["docs", "README"])
    assert unknown.exit_code == 2
    assert "no document 'README': the documents are INTERVIEW, LOG_FORMAT, RULESETS, RULINGS" in unknown.output


def _help(*args: str) -> str:
    """`ecarte ARGS --help` as one line of words (boxes and wrapping undone)."""
    from typer.testing import CliRunner

    from adjudicator.cli import app
    result = CliRunner().invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())


def test_no_help_points_to_a_file_an_installed_copy_lacks() -> None:
    """A format document is named as `ecarte docs NAME`, which every copy can print."""
    from typer.main import get_command

    from adjudicator.cli import app
    commands = sorted(get_command(app).commands)
    assert "docs" in commands
    for args in [[]] + [[c] for c in commands]:
        assert not re.search(r"\b[A-Z_]+\.md\b|docs/spec", _help(*args)), f"ecarte {' '.join(args)} --help"
    # as an example, on a line of its own: a command to copy is never wrapped (tests/test_help.py)
    assert "Examples:" in _help("quiz") and "ecarte docs INTERVIEW" in _help("quiz").split("Examples:")[1]
    assert "ecarte docs INTERVIEW" in _help("resolve").split("Examples:")[1]


def test_the_quick_start_makes_a_venv_and_keeps_the_test_extras_for_the_tests() -> None:
    """The quick start that `.ci/run` runs line by line: a virtual environment, the tool alone
    to try it, the test extras only with the test command."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start\n.*?```sh\n(.*?)```", text, re.S)
    assert block, "README.md has no quick start"
    lines = block.group(1).splitlines()
    assert lines[0] == "python3 -m venv .venv && . .venv/bin/activate"
    assert lines[1].startswith("python3 -m pip install -e . && ecarte ")
    assert lines[2] == "python3 -m pip install -e '.[test]' && python3 -m pytest"
    assert "Quick start" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_is_short_and_points_to_the_reference() -> None:
    """At most 400 lines: what it is, the quick start, the three uses, Python, links; the fast
    tier named for contributors."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 400
    for page in ("docs/COMMANDS.md", "docs/LOGS.md", "docs/ARCHITECTURE.md", "docs/PERFORMANCE.md",
                 "CHANGELOG.md"):
        assert f"]({page})" in text, f"the README does not link {page}"
    assert 'python3 -m pytest -m "not slow"' in text


def test_the_readmes_python_example_prints_what_it_says() -> None:
    """The README's ```python block, run as a user runs it from the clone's folder, prints the
    ```text block after "It prints"."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"```python\n(.*?)```\n\nIt prints[^\n]*\n\n```text\n(.*?)```", text, re.S)
    assert found, "the README has no Python example followed by what it prints"
    code, printed = found.groups()
    assert "from adjudicator import" in code
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == printed


def _shown(text: str, command: str) -> list[str]:
    """The lines a ```text block of the README shows after `$ COMMAND`, up to the block's end or
    the next command, elisions ("...") left out."""
    block = re.search(rf"^\$ {re.escape(command)}\n(.*?)(?=^\$ |^```)", text, re.S | re.M)
    assert block, f"the README shows no output of {command}"
    return [line for line in block.group(1).splitlines() if line.strip() != "..."]


def test_the_readmes_outputs_are_what_the_commands_print(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record keeper's and the learner's examples: each line shown is printed, in that order."""
    from typer.testing import CliRunner

    from adjudicator.cli import app
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with open("archive.jsonl", "w") as out:
        subprocess.run([sys.executable, "-m", "adjudicator.generate", "40", "--seed", "1", "--irregular", "0.2"],
                       stdout=out, check=True, timeout=120)
    for args in (["validate", "archive.jsonl"], ["laws", "17"]):
        printed = CliRunner().invoke(app, args).output.splitlines()
        shown = _shown(text, "ecarte " + " ".join(args))
        assert shown and all(line in printed for line in shown), f"ecarte {' '.join(args)}"
        assert [printed.index(line) for line in shown] == sorted(printed.index(line) for line in shown)


def test_dir_names_the_lazy_api_and_each_name_resolves() -> None:
    """`dir(adjudicator)` lists what `__getattr__` imports on first use, as `__all__` does."""
    from importlib import import_module

    import adjudicator
    from adjudicator import _WHERE
    assert set(adjudicator.__all__) == set(_WHERE)
    listed = dir(adjudicator)
    assert listed == sorted(listed)
    for name in adjudicator.__all__:
        assert name in listed
        value = getattr(adjudicator, name)
        assert value is getattr(import_module(f"adjudicator.{_WHERE[name]}"), name) and value.__name__ == name
    assert {"adjudicate_file", "report_text", "report_json"} <= set(listed)


def test_the_benchmark_replaces_only_the_notes_marked_section(tmp_path: Path) -> None:
    """bench_validate.py writes its run's output between docs/PERFORMANCE.md's markers, and
    keeps every line around them."""
    from importlib.util import module_from_spec, spec_from_file_location
    spec = spec_from_file_location("bench_validate", ROOT / "benchmarks" / "bench_validate.py")
    assert spec and spec.loader
    bench_validate = module_from_spec(spec)
    spec.loader.exec_module(bench_validate)
    page = (ROOT / "docs" / "PERFORMANCE.md").read_text(encoding="utf-8")
    assert page.count(bench_validate.BEGIN) == 1 and page.count(bench_validate.END) == 1
    note = tmp_path / "PERFORMANCE.md"
    note.write_text(f"# before\n\n{bench_validate.BEGIN}\nold figures\n{bench_validate.END}\n\n## after\n",
                    encoding="utf-8")
    bench_validate.write_note(note, "target x: 2.45x in instructions, at most 3x: met\n", ["--instructions", "300"])
    written = note.read_text(encoding="utf-8")
    assert written.startswith(f"# before\n\n{bench_validate.BEGIN}\n")
    assert written.endswith(f"{bench_validate.END}\n\n## after\n")
    assert "old figures" not in written
    assert "`python benchmarks/bench_validate.py --instructions 300`" in written
    assert "```text\ntarget x: 2.45x in instructions, at most 3x: met\n```" in written


def _at_a_glance() -> dict[str, str]:
    """docs/ARCHITECTURE.md's "The files at a glance": each entry (`engine/`, `entry.py`,
    `tests/`...) and its words, continuation lines included."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = re.search(r"## The files at a glance\n\n```\n(.*?)```", text, re.S)
    assert block, "docs/ARCHITECTURE.md has no files at a glance"
    entries: dict[str, str] = {}
    name = ""
    for line in block.group(1).splitlines():
        head = re.match(r"^ {0,2}(\S+)", line)
        if head:
            name = head.group(1)
        entries[name] = entries.get(name, "") + " " + line
    return entries


def test_the_files_at_a_glance_name_every_module() -> None:
    """Each module of the package is named in its folder's entry (the top's in `entry.py`'s,
    the book's in `teaching/`'s), and each helper of the tests in `tests/`'s."""
    entries = _at_a_glance()
    package = ROOT / "adjudicator"
    unnamed = []
    for module in sorted(package.rglob("*.py")):
        if module.name in ("__init__.py", "__main__.py"):
            continue
        parts = module.relative_to(package).parts
        entry = f"{parts[0]}/" if len(parts) > 1 else "entry.py"
        if not re.search(rf"\b{re.escape(module.name)}\b", entries.get(entry, "")):
            unnamed.append(module.relative_to(ROOT).as_posix())
    for helper in sorted((ROOT / "tests").glob("*.py")):
        if not helper.name.startswith("test_") and helper.name not in entries.get("tests/", ""):
            unnamed.append(helper.relative_to(ROOT).as_posix())
    assert not unnamed, f"docs/ARCHITECTURE.md's files at a glance do not name {unnamed}"


def test_the_architectures_dotted_names_resolve() -> None:
    """A name docs/ARCHITECTURE.md gives from a layer down (`engine.in_play.DealInPlay`,
    `record.table.DealOnTable`) is a module of the package and an attribute of it: a class
    renamed or moved shows here."""
    from importlib import import_module
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    layers = "|".join(p.name for p in (ROOT / "adjudicator").iterdir() if (p / "__init__.py").is_file())
    names = set(re.findall(rf"`((?:{layers})\.[\w.]*\w)`", text))
    assert "engine.in_play.DealInPlay" in names
    missing = []
    for name in sorted(names):
        parts = name.split(".")
        found = next((i for i in range(len(parts), 1, -1)
                      if (ROOT / "adjudicator" / "/".join(parts[:i])).with_suffix(".py").is_file()), None)
        if found is None:
            missing.append(name)
            continue
        value: object = import_module("adjudicator." + ".".join(parts[:found]))
        for attribute in parts[found:]:
            value = getattr(value, attribute, None)
        if value is None:
            missing.append(name)
    assert not missing, f"docs/ARCHITECTURE.md names what the package does not have: {missing}"


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_command_references_dispute_is_what_a_terminal_shows() -> None:
    """docs/COMMANDS.md's `resolve` at the table, answered key by key in a real terminal of 80
    columns (tmux), is the screen line for line."""
    import shutil
    import time
    import uuid
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    text = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    shown = re.search(r"```\n(Under the London club laws \(Cavendish\)\.\n\? What happened\?.*?)```", text, re.S)
    assert shown, "docs/COMMANDS.md shows no dispute at the table"
    session = f"docs-{uuid.uuid4().hex[:8]}"
    # 80 columns, 30 lines, whatever the tmux server's own environment says: the menu of what
    # happened is then too long for the screen, and the moment of the deal is asked first
    command = (f"cd {ROOT} && COLUMNS=80 LINES=30 {sys.executable} -c 'from adjudicator.entry import main; main()' "
               "resolve --players A,Y; echo EXIT=$?; sleep 60")

    def screen() -> str:
        return subprocess.run([*TMUX, "capture-pane", "-t", session, "-p", "-S", "-200"],
                              capture_output=True, text=True).stdout

    def wait(words: str) -> str:
        end = time.monotonic() + 60
        while words not in (now := screen()) and time.monotonic() < end:
            time.sleep(0.2)
        assert words in now, now
        return now

    subprocess.run([*TMUX, "new-session", "-d", "-s", session, "-x", "80", "-y", "30", command], check=True)
    try:
        wait("at what moment of the deal")
        # dealing; a wrong number; A dealt; Y's hand; turned up; not played; not proposed; more; no king
        for key in ("2", "1", "1", "2", "1", "2", "2", "1", "1"):
            subprocess.run([*TMUX, "send-keys", "-t", session, key], check=True)
            time.sleep(0.3)
        lines = [line.rstrip() for line in wait("EXIT=1").splitlines()]
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", session], capture_output=True)
    told = lines[lines.index("Under the London club laws (Cavendish)."):lines.index("EXIT=1")]
    assert told == shown.group(1).splitlines()
