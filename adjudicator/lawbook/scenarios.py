"""The scenarios: logs with their expected rulings (`scenarios/**/*.yaml`), read for the law
book's views, the book and the quiz; which laws each one shows."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .cache import LawBookError
from .places import SCENARIOS_DIR, missing
from .rulesets import DEFAULT, InForce, in_force


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


GROUPS = ("in_force", "plain", "more", "game", "other_law", "ordinary", "rule_set")


def _london(doc: dict[str, Any]) -> bool:
    """Played under the London laws as they stand: no other rule set, no option agreed."""
    return doc.get("rules", DEFAULT) == DEFAULT and not doc.get("options")


def _under(doc: dict[str, Any], rules: InForce) -> bool:
    """Played under exactly these rules: the same rule set, every option the same."""
    try:
        played = in_force(str(doc.get("rules", DEFAULT)), doc.get("options") or {}, len(doc.get("players") or []))
    except (ValueError, TypeError):
        return False
    return played.rules == rules.rules and played.options == rules.options


def _group(number: int, doc: dict[str, Any], rules: InForce | None) -> str:
    """What a scenario adds to its law's plain case: other rules than the London laws' and the
    book's, the game at stake (it shows law 46), another law's ruling, ordinary play (no
    ruling), or more of this law's."""
    if not _london(doc) and (rules is None or not _under(doc, rules)):
        return "rule_set"
    if number != 46 and 46 in (doc.get("laws") or []):
        return "game"
    rulings = (doc.get("expect") or {}).get("rulings") or []
    if not rulings:
        return "ordinary"
    return "more" if any(r.get("law") == number for r in rulings) else "other_law"


def for_learner(number: int, plain: list[str], rules: InForce | None = None) -> list[tuple[str, list[str]]]:
    """A law's scenarios as a learner meets them, under `rules` (the London laws if None).
    Where those rules change the law, their own scenarios come first (`in_force`, the change's
    `plain` first): those played under exactly these rules that show the change's option
    (`expect: shows:`) or rule on the law. Then its plain cases (the law file's `plain`, in its
    order), then the others grouped by what they add (`GROUPS`' order), each group in file
    order; the groups with none left out."""
    docs = dict(scenario_docs())
    grouped: dict[str, list[str]] = {g: [] for g in GROUPS}
    change = rules.changes.get(number) if rules is not None else None
    if rules is not None and change is not None:
        citing = set(scenarios_by_law().get(number, []))
        own = [rel for rel, doc in docs.items() if _under(doc, rules) and (rel in citing or _shows(doc, change.option))]
        grouped["in_force"] = sorted(own, key=lambda rel: Path(rel).stem != change.plain)
    for rel in scenarios_by_law().get(number, []):
        if rel not in grouped["in_force"]:
            grouped["plain" if Path(rel).stem in plain else _group(number, docs[rel], rules)].append(rel)
    grouped["plain"].sort(key=lambda rel: plain.index(Path(rel).stem))
    return [(g, rels) for g, rels in grouped.items() if rels]


def _shows(doc: dict[str, Any], option: dict[str, Any]) -> bool:
    """The scenario shows these option values (its `expect: shows:`)."""
    shows = (doc.get("expect") or {}).get("shows") or {}
    return isinstance(shows, dict) and all(k in shows and shows[k] == v and type(shows[k]) is type(v)
                                           for k, v in option.items())
