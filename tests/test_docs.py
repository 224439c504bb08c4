"""A clone stands on its own: the format documents travel with it, equal to the shared
originals where those exist, and every link of the README resolves inside the repository."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"
SHARED = ROOT.parent / "shared" / "spec"
DOCUMENTS = ("LOG_FORMAT.md", "RULINGS.md", "INTERVIEW.md")


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


@pytest.mark.parametrize("doc", ["README.md", "laws/README.md", "docs/spec/README.md"])
def test_every_link_resolves_inside_the_clone(doc: str) -> None:
    """Links resolve from the page; a path in backticks from the page or the repository's root."""
    page = ROOT / doc
    text = page.read_text(encoding="utf-8")
    missing = [t for t in LINK.findall(text) if "://" not in t and not _inside(page.parent / t)]
    missing += [t for t in PATH.findall(text) if not (_inside(page.parent / t) or _inside(ROOT / t))]
    assert not missing, f"{doc} points at paths a clone does not have: {missing}"


def test_the_readmes_quiz_example_is_what_the_command_prints() -> None:
    from typer.testing import CliRunner

    from adjudicator.cli import app
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```text\n\$ ecarte quiz --seed 12 --count 1\n(.*?)```\n", text, re.S)
    assert shown and "printf '2\\n' | ecarte quiz --seed 12 --count 1" in text
    result = CliRunner().invoke(app, ["quiz", "--seed", "12", "--count", "1"], input="2\n")
    assert result.output == shown.group(1)
