"""The package's layers (docs/ARCHITECTURE.md): an import never runs upward, front doors do not
import one another, no circle of imports spans two layers, and none closes inside one. Every
import is read from the source, those inside functions (lazy) included; those under
TYPE_CHECKING count for the layers but not for a circle inside a layer (they never run)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator"
LAYERS = {"record": 1, "lawbook": 2, "engine": 3, "words": 4, "archive": 5, "dispute": 5, "teaching": 5}
TOP = 6   # the package's own modules: cli, the public names, the generator's entry


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_only(tree: ast.Module) -> set[ast.AST]:
    """The imports under `if TYPE_CHECKING:`, which only a type checker follows."""
    return {node for block in ast.walk(tree) if isinstance(block, ast.If)
            and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
            for statement in block.body for node in ast.walk(statement)}


def _imports(path: Path, typing: bool = True) -> set[str]:
    """Every module of the package that `path` imports, by its dotted name (`typing`: those
    under TYPE_CHECKING too)."""
    here = _module(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing else _type_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("adjudicator"):
                continue
            found.add(target)
            for alias in node.names:   # `from . import claims` imports a module
                candidate = f"{target}.{alias.name}"
                if _path_of(candidate) is not None:
                    found.add(candidate)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("adjudicator"))
    return found


def _path_of(module: str) -> Path | None:
    base = PACKAGE.parent.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _layer(module: str) -> tuple[int, str]:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS[parts[1]], parts[1]
    return TOP, "top"


def _graph(typing: bool = True) -> dict[str, set[str]]:
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    return {m: {t for t in _imports(p, typing) if t in modules and t != m} for m, p in modules.items()}


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for t in graph[todo.pop()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def test_the_layers_are_the_folders() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS), "a new folder needs its place in the layers (here and docs/ARCHITECTURE.md)"
    for folder in folders:
        doc = ast.get_docstring(ast.parse((PACKAGE / folder / "__init__.py").read_text()))
        assert doc and "import" in doc.lower() and "export" in doc.lower(), f"{folder}/__init__.py says what it is, imports and exports"


def test_no_import_runs_upward_or_across_front_doors() -> None:
    wrong = []
    for module, targets in _graph().items():
        (mine, folder) = _layer(module)
        for target in targets:
            (theirs, other) = _layer(target)
            if theirs > mine or (mine == theirs == 5 and folder != other):
                wrong.append(f"{module} (layer {mine}) imports {target} (layer {theirs})")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_circle_spans_two_layers() -> None:
    graph = _graph()
    reached = {m: _reach(graph, m) for m in graph}
    circles = sorted(f"{a} <-> {b}" for a in graph for b in reached[a]
                     if a < b and a in reached[b] and _layer(a)[0] != _layer(b)[0])
    assert not circles, "\n".join(circles)


def test_no_circle_closes_inside_a_layer() -> None:
    """Within one folder the modules import one another in one direction only: a circle, even
    one held by an import inside a function, means two modules that cannot be read apart."""
    graph = _graph(typing=False)
    for module, targets in graph.items():   # each folder's graph on its own
        graph[module] = {t for t in targets if _layer(t) == _layer(module)}
    reached = {m: _reach(graph, m) for m in graph}
    circles = sorted(f"{a} <-> {b}" for a in graph for b in reached[a] if a < b and a in reached[b])
    assert not circles, "\n".join(circles)


def test_a_type_only_import_is_no_circle() -> None:
    """The walk for circles leaves out what only a type checker reads, and sees the rest."""
    assert "adjudicator.engine.replay" in _graph()["adjudicator.engine.dealing"]
    assert "adjudicator.engine.replay" not in _graph(typing=False)["adjudicator.engine.dealing"]


def test_the_walk_sees_lazy_imports() -> None:
    """The walk is not blind: the hot commands import the engine only inside their work."""
    assert "adjudicator.engine.adjudicate" in _graph()["adjudicator.commands"]


def _writes(attribute: str) -> list[str]:
    """Where the replay and its handlers assign `attribute` of an object: module and function
    (the lean scan and the generator keep tables of their own)."""
    found = []
    for path in (PACKAGE / "engine").glob("*.py"):
        if path.stem == "scan" or path.stem.startswith("generate"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            for node in ast.walk(function):
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
                if any(isinstance(t, ast.Attribute) and t.attr == attribute for t in targets):
                    found.append(f"{path.stem}.{function.name}")
    return sorted(set(found))


def test_who_deals_next_is_set_in_one_place() -> None:
    """The handlers ask the replay to say who deals next; none writes it itself."""
    assert _writes("next_dealer") == ["replay.__init__", "replay.deals_next"]


def test_no_two_classes_share_a_name() -> None:
    """A class name says one thing in the whole package: two of one name (a deal on the table and
    the `deal` event, say) must be told apart by their names, not by their modules."""
    where: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(str(path.relative_to(PACKAGE)))
    assert {name: places for name, places in where.items() if len(places) > 1} == {}
