"""The format documents the package carries (`docs/spec/*.md`: the log format, the rulings, the
interview, the rule sets), for `ecarte docs`: by name, with the title each gives itself."""
from __future__ import annotations

from pathlib import Path

from .cache import LawBookError
from .places import SPEC_DIR, missing


def documents(folder: Path = SPEC_DIR) -> dict[str, Path]:
    """Each document by its name (LOG_FORMAT...), in sorted order; `LawBookError` when there is none."""
    found = {p.stem: p for p in sorted(folder.glob("*.md")) if p.stem != "README"}
    if not found:
        raise LawBookError(missing("format documents (docs/spec/*.md)", folder))
    return found


def title(path: Path) -> str:
    """The document's first heading, without its `#`."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            return line.lstrip("#").strip()
    return ""


def find(name: str, folder: Path = SPEC_DIR) -> Path | None:
    """The document a name means: any case, with or without `.md`; None for no such document."""
    wanted = name.upper().removesuffix(".MD")
    return next((p for n, p in documents(folder).items() if n.upper() == wanted), None)
