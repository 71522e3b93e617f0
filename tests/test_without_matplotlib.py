"""The browser edition's Python (JupyterLite's Pyodide, from npm) has neither matplotlib nor numpy:
the notebooks run top to bottom there all the same. Each test runs a notebook's code in a kernel
where importing either fails, as it does in the browser: the pictures come out as SVG, and a
measurement chart says in one line that it needs matplotlib, and the notebook runs on."""

from __future__ import annotations

import nbformat
import pytest
from nbclient import NotebookClient

from sudoku_lib.words import picture_text
from tools import NOTEBOOKS

BLOCK = """\
import sys


class Absent:
    \"\"\"Finds matplotlib and numpy nowhere, as the browser's Python does.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("matplotlib", "numpy"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


sys.meta_path.insert(0, Absent())
for name in [m for m in sys.modules if m.partition(".")[0] in ("matplotlib", "numpy")]:
    del sys.modules[name]
"""
"""Run first in the kernel: from then on `import matplotlib` (or numpy) fails, as in Pyodide; a
finder rather than None in sys.modules, since IPython imports numpy when sys.modules names it."""


def outputs_without_matplotlib(name: str) -> list[nbformat.NotebookNode]:
    """Every output of the notebook's code, run with matplotlib and numpy blocked; a cell that
    raises fails the test (nbclient stops there and says which)."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(BLOCK))
    NotebookClient(
        notebook, timeout=300, kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    ).execute()  # fmt: skip
    return [
        output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
    ]


def printed(outputs: list[nbformat.NotebookNode], stream: str) -> list[str]:
    """The lines a notebook printed on one stream."""
    return [
        line
        for output in outputs
        if output.output_type == "stream" and output.name == stream
        for line in output.text.splitlines()
    ]


def shown(outputs: list[nbformat.NotebookNode], kind: str) -> int:
    """How many outputs are SVG pictures (kind "svg") or steppers (kind "widget")."""
    if kind == "widget":
        return sum(WIDGET in output.get("data", {}) for output in outputs)
    return sum("<svg" in output.get("data", {}).get("text/html", "") for output in outputs)


WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize(
    ("name", "kind", "least"),
    [("03_backtracking.ipynb", "svg", 4), ("05_stepping_through_the_search.ipynb", "widget", 1)],
)
def test_a_notebook_runs_without_matplotlib_and_shows_its_pictures(name, kind, least):
    outputs = outputs_without_matplotlib(name)
    assert not [o for o in outputs if o.output_type == "error"]
    assert printed(outputs, "stderr") == []
    assert picture_text("no matplotlib") not in printed(outputs, "stdout")
    assert shown(outputs, kind) >= least


def test_a_chart_without_matplotlib_says_so_in_one_line_and_the_notebook_runs_on():
    outputs = outputs_without_matplotlib("04_pruning.ipynb")
    said = [line for line in printed(outputs, "stdout") if "matplotlib" in line]
    assert said == [picture_text("no matplotlib")] * 3, "one line for each of the three charts"
    assert printed(outputs, "stderr") == []
    assert shown(outputs, "svg") >= 3, "the boards are still drawn"
