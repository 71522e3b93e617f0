"""The child process that runs a submission's answers for `make grade`, started by the grader.

It serves `sudoku_lib.checks.remote`'s requests. The checks package is registered without running
its `__init__` (which imports every notebook's checks, three quarters of a child's start-up):
the first name asked of the package, by an answer's `from sudoku_lib.checks import ...` or by the
child itself, runs the real `__init__` into the same module, so nothing behaves differently.
A class of 60 starts 540 children, so the start-up is most of the grading time of a quick answer.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

CHECKS = "sudoku_lib.checks"


def register_checks_lazily() -> None:
    """Put the checks package in sys.modules with its `__init__` run on first use."""
    here = Path(__file__).resolve().parent / "checks"
    spec = importlib.util.spec_from_file_location(
        CHECKS, here / "__init__.py", submodule_search_locations=[str(here)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def first_use(name: str) -> Any:
        """Run the package's real `__init__`, then answer as it would have."""
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        return getattr(package, name)

    package.__dict__["__getattr__"] = first_use
    sys.modules[CHECKS] = package


if __name__ == "__main__":
    register_checks_lazily()
    from sudoku_lib.checks.remote import serve

    sys.setrecursionlimit(10_000)
    serve()
