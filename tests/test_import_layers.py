"""The project's own modules import one way: no circle among them, and the layers' arrows as
the architecture draws them (`bot -> rules`, `bot -> persistence`; inside `rules`, the order its
`__init__` gives).

Imports are read from the source with `ast`, every one of them: at the top, inside a function,
and under `if TYPE_CHECKING:` (a circle that only the type checker walks is still a circle to
the reader, and it turns into a real one as soon as someone moves an import). Importing
`a.b.c` runs `a/__init__` and `a/b/__init__` too, so those count as imported, except a module's
own packages, which always run before it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "persistence", "bot", "bench")

#: Which top-level packages each may not import (the architecture's arrows point one way).
FORBIDDEN: dict[str, frozenset[str]] = {
    "rules": frozenset({"bot", "persistence", "bench", "tests"}),
    "persistence": frozenset({"bot", "rules", "bench", "tests"}),
    "bot": frozenset({"bench", "tests"}),
    "bench": frozenset({"tests"}),
}

#: The layers of `rules`, lowest first: a module imports only from its own layer or lower ones.
RULES_LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules.kit",),
    ("rules.contract",),
    ("rules.candy_kit",),
    ("rules.games",),
    ("rules.registry",),
    ("rules.ai",),
    ("rules.players", "rules.families"),
)

#: A game builds on another game only as its variant: game folder -> the games it builds on.
VARIANT_OF: dict[str, frozenset[str]] = {"best_house": frozenset({"best_candy"})}

Graph = dict[str, set[str]]


def modules_under(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of `packages` under `root` by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imported_names(node: ast.Import | ast.ImportFrom, importer: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        # A relative import counts from the importer's package.
        package = importer.split(".") if is_package else importer.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    # `from a import b` imports the module `a.b` when there is one, else a name of `a`.
    return [base] + [f"{base}.{alias.name}" for alias in node.names if alias.name != "*"]


def _own_module(name: str, modules: Mapping[str, Path]) -> str | None:
    """The project module `name` runs, or None for one outside the project."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph(modules: Mapping[str, Path]) -> Graph:
    """module -> the project modules it imports (directly), from every import statement in it."""
    graph: Graph = {name: set() for name in modules}
    for importer, path in modules.items():
        is_package = path.name == "__init__.py"
        own_packages = {".".join(importer.split(".")[:n]) for n in range(1, importer.count(".") + 2)}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in _imported_names(node, importer, is_package):
                target = _own_module(name, modules)
                if target is None:
                    continue
                # Importing a.b.c runs a and a.b first.
                parts = target.split(".")
                for n in range(1, len(parts) + 1):
                    ran = ".".join(parts[:n])
                    if ran in modules and ran not in own_packages:
                        graph[importer].add(ran)
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """Each group of modules that import one another in a loop (Tarjan's strongly connected
    components of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot hit the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group: set[str] = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(sorted(group) for group in groups)


def loop_through(group: set[str], graph: Graph) -> list[str]:
    """A shortest loop from the group's first module back to it, staying inside the group."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    loop = [start, node]
                    while loop[-1] != start:
                        loop.append(came_from[loop[-1]])
                    return list(reversed(loop))
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no loop in {sorted(group)}")  # a strongly connected group always has one


def describe(group: list[str], graph: Graph) -> str:
    loop = " -> ".join(loop_through(set(group), graph))
    return f"a circle of {len(group)} modules: {', '.join(group)}; one loop: {loop}"


def _layer(module: str) -> int | None:
    for number, layer in enumerate(RULES_LAYERS):
        if any(module == part or module.startswith(part + ".") for part in layer):
            return number
    return None


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["rules", "games"] else None


def wrong_arrows(graph: Graph) -> list[str]:
    """Every import that runs against the layers, as 'importer -> imported: why'."""
    wrong: list[str] = []
    for importer, imported in sorted(graph.items()):
        top = importer.split(".")[0]
        for target in sorted(imported):
            if target.split(".")[0] in FORBIDDEN.get(top, frozenset()):
                wrong.append(f"{importer} -> {target}: {top} imports nothing of {target.split('.')[0]}")
                continue
            mine, theirs = _layer(importer), _layer(target)
            if mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{importer} -> {target}: {RULES_LAYERS[mine][0]} stands below {RULES_LAYERS[theirs][0]}")
            game, other = _game_of(importer), _game_of(target)
            if game and other and other != game and other not in VARIANT_OF.get(game, frozenset()):
                wrong.append(f"{importer} -> {target}: a game builds on another only as its variant")
    return wrong


@pytest.fixture(scope="module")
def graph() -> Graph:
    return import_graph(modules_under(ROOT, PACKAGES))


def test_the_project_has_no_import_circle(graph: Graph) -> None:
    found = circles(graph)
    assert not found, "\n".join(describe(group, graph) for group in found)


def test_imports_follow_the_layers(graph: Graph) -> None:
    wrong = wrong_arrows(graph)
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_every_rules_module_stands_on_a_layer(graph: Graph) -> None:
    # A new folder at the root of rules/ must be given its place in the layers.
    unplaced = [name for name in graph if name.startswith("rules.") and _layer(name) is None]
    assert not unplaced


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """A circle closed by a function-level import, one closed under TYPE_CHECKING, and one
    closed by a relative import are each found and named."""
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import B\n",
        "pkg/b.py": "def late():\n    from pkg import a\n",
        "pkg/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.d import D\n",
        "pkg/d.py": "import pkg.c\n",
        "pkg/sub/__init__.py": "from . import e\n",
        "pkg/sub/e.py": "from ..f import F\n",
        "pkg/f.py": "from pkg.sub import e\n",
        "pkg/alone.py": "import json\nfrom pkg.a import B\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(modules_under(tmp_path, ["pkg"]))
    assert circles(graph) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.d"], ["pkg.f", "pkg.sub", "pkg.sub.e"]]
    assert loop_through({"pkg.f", "pkg.sub", "pkg.sub.e"}, graph) == ["pkg.f", "pkg.sub.e", "pkg.f"]


def test_a_wrong_arrow_is_named() -> None:
    graph: Graph = {
        "rules.kit.tricks": {"rules.contract"},
        "rules.games.scary.game": {"rules.games.appetite.state", "bot.renderers"},
        "rules.games.best_house.game": {"rules.games.best_candy.deal"},
        "persistence.store": {"rules.contract"},
    }
    assert wrong_arrows(graph) == [
        "persistence.store -> rules.contract: persistence imports nothing of rules",
        "rules.games.scary.game -> bot.renderers: rules imports nothing of bot",
        "rules.games.scary.game -> rules.games.appetite.state: a game builds on another only as its variant",
        "rules.kit.tricks -> rules.contract: rules.kit stands below rules.contract",
    ]
