"""What a package's modules import, read from their source with ``ast`` (nothing is imported):
for the tests that keep the layers of ``engine`` and ``render`` one-way."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Import:
    """``importer`` imports ``module`` at ``line``; ``runtime`` unless it is under
    ``if TYPE_CHECKING:`` (an import inside a function runs too, later: it counts)."""

    importer: str
    module: str
    line: int
    runtime: bool


def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` (and its subpackages), by dotted name."""
    found = {}
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return inside


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """What module ``name`` (at ``path``) imports, each as the module it names: ``from . import
    x`` names the module ``x`` where there is one, ``from .x import y`` the module ``x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _typing_only(tree)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        runtime = id(node) not in typing_only
        if isinstance(node, ast.Import):
            found += [Import(name, a.name, node.lineno, runtime) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.append(Import(name, sub if sub in known else module, node.lineno, runtime))
    return found


def graph(*packages: str) -> list[Import]:
    """Every import of every module of ``packages``."""
    known = {}
    for package in packages:
        known.update(modules(package))
    return [found for name, path in known.items() for found in imports_of(name, path, known)]


def circles(edges: list[Import]) -> list[list[str]]:
    """The sets of modules that import each other in a loop (Tarjan's strongly connected
    components of more than one module), each sorted."""
    after: dict[str, set[str]] = {}
    for edge in edges:
        after.setdefault(edge.importer, set()).add(edge.module)
        after.setdefault(edge.module, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(after[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(after):
        if node not in index:
            visit(node)
    return found


def game_prefixes() -> list[str]:
    """Each game's module name in the engine (``pachisi`` for ``engine.pachisi``): its other
    modules, in the engine, its AI and its drawing, start with it and ``_``."""
    return sorted(type(game).__module__.rsplit(".", 1)[-1] for game in engine.GAMES.values())


def game_of(module: str) -> str | None:
    """The game whose module ``module`` (a dotted name) is, by its last part; ``None`` for a
    module of no game."""
    last = module.rsplit(".", 1)[-1]
    for prefix in game_prefixes():
        if last == prefix or last.startswith(prefix + "_"):
            return prefix
    return None


def private_names_taken(package: str) -> list[str]:
    """``from x import _y`` in the modules of ``package``, where ``x`` is a module of the
    project (``bot``, ``engine``, ``render``): a private name that crosses modules."""
    wrong = []
    for name, path in modules(package).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                if node.module.split(".")[0] not in ("bot", "engine", "render"):
                    continue
                wrong += [
                    f"{name} takes {node.module}.{alias.name} (line {node.lineno})"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    return wrong
