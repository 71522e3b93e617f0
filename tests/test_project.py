"""The project's own files stay consistent: the conda list and pyproject name the same packages,
and the library's own requirements are what it imports."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_name(requirement: str) -> str:
    """`matplotlib>=3.8` -> `matplotlib`."""
    return re.split(r"[<>=!~ ;\[]", requirement.strip(), maxsplit=1)[0].lower()


def test_environment_yml_and_pyproject_name_the_same_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {package_name(r) for r in project["dependencies"]}
    for extra in ("charts", "lab", "test"):  # what Binder's environment serves and tests
        wanted |= {package_name(r) for r in project["optional-dependencies"][extra]}
    listed = {
        package_name(line.strip()[2:])
        for line in (ROOT / "environment.yml").read_text().splitlines()
        if line.strip().startswith("- ") and not line.strip().startswith("- conda-forge")
    }
    assert listed - {"python", "pip", "pip:"} == wanted


# The import name of each requirement whose project is named otherwise.
IMPORT_NAMES = {"ipython": "IPython"}
# Imported by the library, but only inside IPython (the checks' display), where it is there.
COME_WITH_THE_KERNEL = {"IPython", "js", "pyodide"}  # the last two: Pyodide's own (lite.py)


def imported_packages() -> set[str]:
    """The top-level names sudoku_lib imports, but for the standard library's and its own."""
    names = set()
    for path in (ROOT / "sudoku_lib").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"sudoku_lib", "_typeshed"}


def test_the_library_requires_what_it_imports_and_the_charts_the_rest():
    """A browser's Python installs the library's requirements, so they must be what it imports
    (no lab, no Voila); matplotlib and numpy, imported only by the charts, are the charts
    extra's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = {package_name(r) for r in project["dependencies"]}
    charts = {package_name(r) for r in project["optional-dependencies"]["charts"]}
    imported = imported_packages() - COME_WITH_THE_KERNEL
    assert required == {IMPORT_NAMES.get(name, name) for name in imported} - {"matplotlib", "numpy"}
    assert {"matplotlib", "numpy"} <= imported and "matplotlib" in charts


def test_bundled_puzzle_sets_are_listed_with_their_sources():
    sources = (ROOT / "sudoku_lib" / "data" / "SOURCES.md").read_text()
    for path in (ROOT / "sudoku_lib" / "data").glob("*.txt"):
        assert f"`{path.name}`" in sources
        lines = path.read_text().split()
        assert lines and all(len(line) == 81 for line in lines)


def test_code_and_notebooks_are_ruff_clean():
    for command in (["check", "."], ["format", "--check", "."]):
        run = subprocess.run(
            [sys.executable, "-m", "ruff", *command], cwd=ROOT, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stdout + run.stderr
