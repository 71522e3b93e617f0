"""Build the student version of the course: solutions replaced by stubs, outputs cleared.

    python -m tools.make_student [--out student]

Every region between `### BEGIN SOLUTION` and `### END SOLUTION` (markers included) becomes
`raise NotImplementedError` at the marker's indentation, as nbgrader's ClearSolutions does. The
markers sit inside function bodies, so the student notebooks still run top to bottom, and each
self-check then reports "not done yet".
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import nbformat

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
STUB = "raise NotImplementedError"
ROOT = Path(__file__).resolve().parent.parent


def stub_solutions(source: str) -> str:
    """The cell's source with every solution region replaced by an indented stub."""
    lines, out, inside = source.splitlines(), [], False
    for number, line in enumerate(lines, 1):
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise ValueError(f"line {number}: {BEGIN} inside another solution")
            inside = True
            out.append(line[: len(line) - len(line.lstrip())] + STUB)
        elif marker == END:
            if not inside:
                raise ValueError(f"line {number}: {END} without {BEGIN}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError(f"{BEGIN} is never closed")
    return "\n".join(out)


def student_notebook(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of the notebook for students: stubs instead of solutions, no outputs."""
    student = nbformat.from_dict(notebook)
    for cell in student.cells:
        if cell.cell_type != "code":
            continue
        cell.source = stub_solutions(cell.source)
        cell.outputs = []
        cell.execution_count = None
        cell.metadata.pop("execution", None)
    student.metadata.pop("widgets", None)
    return student


def has_solution(cell: nbformat.NotebookNode) -> bool:
    """True for a code cell holding a solution region."""
    return (
        cell.cell_type == "code" and re.search(rf"^\s*{BEGIN}\s*$", cell.source, re.M) is not None
    )


def build(source_dir: Path, out_dir: Path) -> list[Path]:
    """Write the student version of every notebook in source_dir into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(source_dir.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        target = out_dir / path.name
        nbformat.write(student_notebook(notebook), target)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> None:
    """Build student/ from notebooks/."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "student")
    args = parser.parse_args(argv)
    for path in build(ROOT / "notebooks", args.out):
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
