"""The scenarios: logs with their expected rulings (`scenarios/**/*.yaml`), read for the law
book's views, the book and the quiz; which laws each one shows."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .cache import LawBookError
from .places import SCENARIOS_DIR, missing


@lru_cache(maxsize=1)
def scenario_docs() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Each scenario (its path from the project's root) as read, in sorted order; those that
    cannot be read as a mapping are left to the scenario tests; none at all is an incomplete
    installation (`LawBookError`)."""
    out = []
    paths = sorted(SCENARIOS_DIR.rglob("*.yaml"))
    if not paths:
        raise LawBookError(missing("scenarios (scenarios/**/*.yaml)", SCENARIOS_DIR))
    for path in paths:
        try:
            doc = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except (OSError, yaml.YAMLError):
            continue
        if isinstance(doc, dict):
            out.append((str(path.relative_to(SCENARIOS_DIR.parent)), doc))
    return tuple(out)


@lru_cache(maxsize=1)
def scenarios_by_law() -> dict[int, list[str]]:
    """Which scenarios show each law: the laws their expected rulings cite, and `laws:` in the file."""
    shown: dict[int, list[str]] = {}
    for rel, doc in scenario_docs():
        numbers = set(doc.get("laws") or [])
        for r in (doc.get("expect") or {}).get("rulings") or []:
            numbers.add(r.get("law"))
            numbers.update(r.get("laws") or [])
        for n in numbers:
            if isinstance(n, int):
                shown.setdefault(n, []).append(rel)
    return shown


def scenario_path(name: str) -> Path | None:
    """The scenario a name designates where no such file is here: its path from the project's
    root as the law book lists it (`scenarios/laws/law11-….yaml`), or its file name with or without
    `.yaml`; None if it designates none. An installed copy finds its own from any folder."""
    given = Path(name)
    if given.is_absolute() or ".." in given.parts:
        return None
    if given.parts[:1] == (SCENARIOS_DIR.name,) and (SCENARIOS_DIR.parent / given).is_file():
        return SCENARIOS_DIR.parent / given
    if len(given.parts) == 1:
        stem = given.name.removesuffix(".yaml")
        found = sorted(SCENARIOS_DIR.rglob(f"{stem}.yaml")) if stem and "*" not in stem else []
        return found[0] if len(found) == 1 else None
    return None


def near_scenario(name: str) -> str | None:
    """The file name of the law book's scenario nearest to a misspelt one
    (`law11-two-cards-turned-chose` → `law11-two-cards-turned-choose.yaml`), or None."""
    from ..record.problems import nearest
    given = Path(name)
    if len(given.parts) != 1 and given.parts[:1] != (SCENARIOS_DIR.name,):
        return None
    stem = given.name.removesuffix(".yaml")
    near = nearest(stem, sorted({p.stem for p in SCENARIOS_DIR.rglob("*.yaml")}), cutoff=0.8)
    return f"{near}.yaml" if near else None


GROUPS = ("plain", "more", "game", "other_law", "ordinary", "rule_set")


def _group(number: int, doc: dict[str, Any]) -> str:
    """What a scenario adds to its law's plain case: another rule set, the game at stake (it
    shows law 46), another law's ruling, ordinary play (no ruling), or more of this law's."""
    if doc.get("rules", "cavendish") != "cavendish" or doc.get("options"):
        return "rule_set"
    if number != 46 and 46 in (doc.get("laws") or []):
        return "game"
    rulings = (doc.get("expect") or {}).get("rulings") or []
    if not rulings:
        return "ordinary"
    return "more" if any(r.get("law") == number for r in rulings) else "other_law"


def for_learner(number: int, plain: list[str]) -> list[tuple[str, list[str]]]:
    """A law's scenarios as a learner meets them: its plain cases (the law file's `plain`, in
    its order) first, then the others grouped by what they add (`GROUPS`' order), each group in
    file order; the groups with none left out."""
    docs = dict(scenario_docs())
    grouped: dict[str, list[str]] = {g: [] for g in GROUPS}
    for rel in scenarios_by_law().get(number, []):
        grouped["plain" if Path(rel).stem in plain else _group(number, docs[rel])].append(rel)
    grouped["plain"].sort(key=lambda rel: plain.index(Path(rel).stem))
    return [(g, rels) for g, rels in grouped.items() if rels]
