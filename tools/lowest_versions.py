"""The library's declared lowest versions, installed and tested: `python -m tools.lowest_versions`.

pyproject.toml says `ipywidgets>=8.1` and so on; this makes a virtual environment in
build/lowest/ with each requirement of the library and of its `charts` extra at exactly its lowest
version (`ipywidgets==8.1`), the library itself without its dependencies, and the test tools, then
runs the tests that use the widgets, the checks, the time limit, `watch` and the charts there. A
bound that does not hold fails here, and is then raised in pyproject.toml (`make lowest`).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
import venv

from tools import ROOT

FOLDER = ROOT / "build" / "lowest"
TESTS = (
    "tests/test_stepper.py",
    "tests/test_stepper_view.py",
    "tests/test_predict_widget.py",
    "tests/test_checks_nb00_03.py",
    "tests/test_checks_time_limit_portable.py",
    "tests/test_watch.py",
    "tests/test_search.py",
    "tests/test_charts.py",
)
"""Test files that exercise what each requirement is needed for: the widgets (ipywidgets,
anywidget, traitlets), the progress bars (tqdm), checks and watch, the charts (matplotlib,
mplfonts)."""
TEST_TOOLS = ("pytest>=8", "hypothesis>=6.100", "nbformat>=5")


def lowest(requirement: str) -> str:
    """`ipywidgets>=8.1` -> `ipywidgets==8.1`: the lowest version the requirement allows."""
    found = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*>=\s*([0-9][0-9A-Za-z.]*)\s*", requirement)
    if found is None:
        raise SystemExit(f"lowest_versions: {requirement!r} has no plain lower bound")
    return f"{found[1]}=={found[2]}"


def main(argv: list[str] | None = None) -> int:
    """Build the environment, run the tests there; pytest's exit status is this one's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tests", nargs="*", default=TESTS, help="test files to run there")
    args = parser.parse_args(argv)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = [*project["dependencies"], *project["optional-dependencies"]["charts"]]
    pins = [lowest(r.split("#")[0]) for r in required]
    if not (FOLDER / "bin" / "python").exists():
        venv.create(FOLDER, with_pip=True)
    python = str(FOLDER / "bin" / "python")
    pip = [python, "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, *pins, *TEST_TOOLS], check=True)
    subprocess.run([*pip, "--no-deps", "-e", str(ROOT)], check=True)
    subprocess.run([python, "-m", "pip", "check"], check=True)
    print("lowest versions:", ", ".join(pins))
    # The project's pytest options need pytest-xdist and nbval; these few files need neither.
    run = [python, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider", *args.tests]
    return subprocess.run(run, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
