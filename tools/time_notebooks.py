"""Time every notebook as nbconvert runs it: top to bottom in a fresh kernel, start-up included.

    python -m tools.time_notebooks                 # the teacher's copy and the learner's copy
    python -m tools.time_notebooks --copy teacher  # one copy only
    python -m tools.time_notebooks 06              # the notebooks whose names start with 06

The time is that of the whole command, `jupyter nbconvert --to notebook --execute`, so Python's
and the kernel's start-up count. Each notebook should run in at most 8 s, so a class that restarts
a kernel is never kept waiting. This is a benchmark, not a test: a shared machine's load moves the
figures, so it prints them, marks a notebook over the budget and exits 1 when one is, instead of
failing the test suite by chance. Beside the wall-clock time it prints the CPU time the command
and its kernel used (which other processes' load hardly moves: on an idle machine the wall time
comes close to it) and the load average before and after. The learner's copy is built into a
temporary folder, so the learner's own learner/ is never touched.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import nbformat

from sudoku_lib.words import format_seconds
from tools import NOTEBOOKS
from tools.make_student import Build, build

BUDGET_SECONDS = 8.0
COPIES = ("teacher", "learner")
JUPYTER = [sys.executable, "-m", "jupyter"]
HEADER = f"{'notebook':<40} {'copy':<8} {'total':>9} {'CPU':>9} {'start-up':>13}   slowest cell"


@dataclass(frozen=True)
class Timing:
    """One notebook's run: the whole of it, its cells' share, and its slowest cell."""

    name: str
    copy: str
    total: float
    cells: float
    slowest_cell: int  # counted from 1, as the notebook's cells are
    slowest_seconds: float
    cpu: float = 0.0
    """The CPU time (user and system) of nbconvert and its kernel together."""

    @property
    def start_up(self) -> float:
        """What was not spent in a cell: starting nbconvert and the kernel, and stopping them."""
        return self.total - self.cells


def cell_seconds(cell: nbformat.NotebookNode) -> float:
    """How long one executed cell took, from the timestamps nbclient records in its metadata."""
    stamps = cell.get("metadata", {}).get("execution", {})
    began, ended = stamps.get("iopub.execute_input"), stamps.get("shell.execute_reply")
    if not (began and ended):
        return 0.0
    return (parse_stamp(ended) - parse_stamp(began)).total_seconds()


def parse_stamp(stamp: str) -> datetime:
    """A Jupyter timestamp ("2026-12-01T23:11:25.123456Z") as a datetime."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def run(path: Path, copy: str, scratch: Path) -> Timing:
    """Run one notebook with `jupyter nbconvert --execute`, as the issue measures it, and time it.

    The executed copy goes to scratch; the cells' times are read back from its metadata.
    """
    executed = scratch / f"executed-{copy}-{path.name}"
    command = [
        *JUPYTER,
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        "--ExecutePreprocessor.timeout=600",
        f"--output={executed}",
        str(path),
    ]
    cpu_before = children_cpu()
    started = time.perf_counter()
    finished = subprocess.run(command, cwd=path.parent, capture_output=True, text=True)
    total = time.perf_counter() - started
    cpu = children_cpu() - cpu_before
    if finished.returncode != 0:
        raise SystemExit(f"{path.name} ({copy}) did not run:\n{finished.stderr[-2000:]}")
    notebook = nbformat.read(executed, as_version=4)
    numbered = list(enumerate(notebook.cells, 1))
    spent = {number: cell_seconds(cell) for number, cell in numbered if cell.cell_type == "code"}
    slowest = max(spent, key=lambda number: spent[number])
    return Timing(path.name, copy, total, sum(spent.values()), slowest, spent[slowest], cpu)


def children_cpu() -> float:
    """The CPU time of this process's finished children, and theirs (nbconvert waits for its
    kernel, so the kernel's time is counted in nbconvert's)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load_text() -> str:
    """The machine's load average over 1, 5 and 15 minutes, to read the wall times by."""
    return "load average " + ", ".join(f"{load:.2f}" for load in os.getloadavg())


def format_timing(timing: Timing) -> str:
    """One row of the table, marked when the notebook is over the budget."""
    mark = "  over the budget" if timing.total > BUDGET_SECONDS else ""
    return (
        f"{timing.name:<40} {timing.copy:<8} {format_seconds(timing.total):>9}"
        f" {format_seconds(timing.cpu):>9} {format_seconds(timing.start_up):>13}"
        f"   cell {timing.slowest_cell}: {format_seconds(timing.slowest_seconds)}{mark}"
    )


def notebooks_in(folder: Path, prefixes: list[str]) -> list[Path]:
    """The notebooks of a folder, or only those whose names start with one of the prefixes."""
    paths = sorted(folder.glob("*.ipynb"))
    return [p for p in paths if not prefixes or any(p.name.startswith(x) for x in prefixes)]


def main(argv: list[str] | None = None) -> int:
    """Time the chosen copies' notebooks and print one row each; exit 1 when one is over."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="only notebooks whose names start so: 06")
    parser.add_argument("--copy", choices=COPIES, action="append", help="teacher or learner")
    args = parser.parse_args(argv)
    copies = args.copy or list(COPIES)
    print(f"each notebook, run top to bottom in a fresh kernel (budget {BUDGET_SECONDS:g} s)")
    print(load_text())
    print(HEADER, flush=True)
    timings = []
    with tempfile.TemporaryDirectory(prefix="learner-") as scratch:
        folders = {"teacher": NOTEBOOKS, "learner": Path(scratch) / "learner"}
        if "learner" in copies:
            build(out_dir=folders["learner"], kind=Build.SELF_STUDY)
        for copy in copies:
            for path in notebooks_in(folders[copy], args.prefixes):
                timings.append(run(path, copy, Path(scratch)))
                print(format_timing(timings[-1]), flush=True)
    over = [t for t in timings if t.total > BUDGET_SECONDS]
    worst = max(timings, key=lambda t: t.total)
    print(f"slowest: {worst.name} ({worst.copy}), {format_seconds(worst.total)};", end=" ")
    print(f"{len(over)} over the budget; {load_text()}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
