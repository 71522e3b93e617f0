"""The work the browser edition's benchmark times, the same code in CPython and in Pyodide.

`tools/bench_lite.py` runs this file's text in Pyodide (the site's own runtime and wheels) and
imports it in CPython, then calls `figures()` in each: so both time exactly the same work.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_lib import parse, solve
from sudoku_lib.puzzles import SAMPLE
from sudoku_lib.stepper import StepperModel
from sudoku_lib.stepper.bench import best_of, timed

TRIES = 3
STEPS = 1_000


def best_seconds(action: Callable[[], object], repeat: int = 1) -> float:
    """Seconds for one `action`: the best of TRIES timings of `repeat` runs in a row, divided by
    `repeat` (a browser's clock is coarse, so a short action is timed many times over)."""

    def runs() -> None:
        for _ in range(repeat):
            action()

    return best_of(TRIES, lambda: timed(runs)) / repeat


def stepping() -> None:
    """STEPS steps of the stepper on the sample, each redrawn as the widget redraws a step."""
    stepper = StepperModel(SAMPLE, "naive")
    for _ in range(STEPS):
        stepper.step()
        stepper.board_html()


def figures() -> dict[str, float]:
    """Seconds for each piece of work, by name."""
    return {
        "solve, naive, sample": best_seconds(lambda: solve(parse(SAMPLE), "naive"), 5),
        "solve, pruned, sample": best_seconds(lambda: solve(parse(SAMPLE), "pruned"), 50),
        f"{STEPS:,} stepper steps, each drawn": best_seconds(stepping),
    }
