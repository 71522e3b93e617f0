"""The watch package's modules import one way: no module imports one that imports it back
(directly or through others), counting the imports made only for type checking."""

from __future__ import annotations

import ast
from pathlib import Path

import sudoku_lib

PACKAGE = Path(sudoku_lib.__file__).parent / "watch"


def imports_of(path: Path) -> set[str]:
    """The package's modules a module names in a relative import, anywhere in its file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
    }


def test_the_watch_modules_import_each_other_one_way_only() -> None:
    graph = {p.stem: imports_of(p) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, " -> ".join((*trail, module))
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, (*trail, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
