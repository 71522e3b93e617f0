"""The project's own files stay consistent: the conda list and pyproject name the same packages."""

from __future__ import annotations

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
    wanted |= {package_name(r) for r in project["optional-dependencies"]["test"]}
    listed = {
        package_name(line.strip()[2:])
        for line in (ROOT / "environment.yml").read_text().splitlines()
        if line.strip().startswith("- ") and not line.strip().startswith("- conda-forge")
    }
    assert listed - {"python", "pip", "pip:"} == wanted


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
