"""Where the law book's data lives: the rule files (`laws/`), their words (`laws/words/`), the
scenarios (`scenarios/`) and the format documents (`docs/spec/`).

An installed copy (a wheel, `pip install .`, pipx) carries them as package data, in
`adjudicator/lawbook/data/` with the repository's layout: the build puts them there (setup.py).
A clone or an editable install has no such folder and reads the repository's own folders.
`missing()` says what is not there and where it was looked for."""
from __future__ import annotations

import atexit
from contextlib import ExitStack
from importlib.resources import as_file, files
from pathlib import Path

_resources = ExitStack()
atexit.register(_resources.close)
PACKAGED = _resources.enter_context(as_file(files(__package__).joinpath("data")))
CHECKOUT = Path(__file__).resolve().parent.parent.parent

ROOT = PACKAGED if (PACKAGED / "laws").is_dir() else CHECKOUT
LAWS_DIR = ROOT / "laws"
WORDS_DIR = LAWS_DIR / "words"
SCENARIOS_DIR = ROOT / "scenarios"
SPEC_DIR = ROOT / "docs" / "spec"


def missing(what: str, folder: Path) -> str:
    """Why the law book cannot be read: no `what` in `folder`, and where it was looked for."""
    if not folder.is_relative_to(ROOT):   # a folder given by the caller: looked for there only
        return f"no {what} in {folder}"
    relative = folder.relative_to(ROOT)
    return (f"no {what} found: looked in {PACKAGED / relative} (the data an installed copy carries) "
            f"and in {CHECKOUT / relative} (a clone's folder); reinstall ecarte, or run it from a clone")
