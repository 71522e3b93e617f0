"""The stepper's benchmark, side by side with the bare search: `python -m sudoku_lib.stepper.bench`.

It prints figures, never fails: how long a far jump takes next to the quiet `solve()` that
places the same digits, how long going back, one step and a redraw take. Timings on a shared
machine are noisy, so each figure is the best of a few tries (the bare search too).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..puzzles import ANTI_BACKTRACKING
from ..search import solve
from ..words import format_seconds
from .model import StepperModel


@dataclass(frozen=True)
class Figure:
    """One measured figure and the goal it is held against."""

    what: str
    shown: str
    goal: str
    met: bool


def best_of(tries: int, run: Callable[[], float]) -> float:
    """The least of `tries` measurements (each `run` returns its own seconds)."""
    return min(run() for _ in range(tries))


def timed(action: Callable[[], object]) -> float:
    """Seconds `action` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def goto_from_scratch(steps: int) -> tuple[float, int]:
    """Seconds a new stepper on the anti-backtracking puzzle takes to reach `steps`, and the
    digits placed by then (what a bare search must place to go as far)."""
    stepper = StepperModel(ANTI_BACKTRACKING, "naive")
    return timed(lambda: stepper.goto(steps)), stepper.nodes


def bare_search(nodes: int) -> float:
    """Seconds the quiet search takes to place `nodes` digits on the same puzzle."""
    return timed(lambda: solve(ANTI_BACKTRACKING, "naive", max_nodes=nodes))


def step_and_render(start: int, count: int) -> float:
    """The median seconds of one Step with its redraw in the kernel, `count` steps from `start`."""
    from .view import Stepper  # the widget: only this figure needs ipywidgets

    stepper = Stepper(ANTI_BACKTRACKING, "naive")
    stepper.goto(start + count + 1)
    stepper.goto(start)
    times = sorted(timed(stepper.step) for _ in range(count))
    return times[count // 2]


def measure(
    far: int = 100_000, back_to: int = 54_321, huge: int = 1_000_000, tries: int = 3
) -> list[Figure]:
    """Every figure of the benchmark (smaller sizes make a quick check of the benchmark itself)."""
    nodes = goto_from_scratch(far)[1]
    bare = best_of(tries, lambda: bare_search(nodes))
    jump = best_of(tries, lambda: goto_from_scratch(far)[0])
    stepper = StepperModel(ANTI_BACKTRACKING, "naive")
    stepper.goto(far)

    def back_once() -> float:
        stepper.goto(far)
        return timed(lambda: stepper.goto(back_to))

    back = best_of(max(tries, 5), back_once)
    step = step_and_render(back_to, 201)
    biggest, huge_nodes = goto_from_scratch(huge)
    bare_huge = bare_search(huge_nodes)
    return [
        Figure(f"bare solve(..., 'naive', max_nodes={nodes:,})", format_seconds(bare), "", True),
        Figure(f"goto({far:,}) from scratch", format_seconds(jump), "<= 1 s", jump <= 1),
        Figure(
            "  the same, as a multiple of the bare search",
            f"{jump / bare:.2f}x",
            "<= 6x",
            jump <= 6 * bare,
        ),
        Figure(f"back to step {back_to:,}", format_seconds(back), "<= 10 ms", back <= 0.010),
        Figure("one Step plus redraw (median)", format_seconds(step), "<= 5 ms", step <= 0.005),
        Figure(f"goto({huge:,}) from scratch", format_seconds(biggest), "<= 8 s", biggest <= 8),
        Figure(f"  bare solve(..., max_nodes={huge_nodes:,})", format_seconds(bare_huge), "", True),
    ]


def report(figures: list[Figure]) -> str:
    """The figures as a table of plain text."""
    width = max(len(f.what) for f in figures)
    lines = [f"{'what':<{width}}  {'measured':>10}  goal", "-" * (width + 30)]
    for f in figures:
        verdict = "" if not f.goal else ("met" if f.met else "MISSED")
        lines.append(f"{f.what:<{width}}  {f.shown:>10}  {f.goal} {verdict}".rstrip())
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Measure and print (the sizes can be made smaller for a quick look)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--far", type=int, default=100_000, help="the far jump (steps)")
    parser.add_argument("--back-to", type=int, default=54_321, help="the step to go back to")
    parser.add_argument("--huge", type=int, default=1_000_000, help="the very far jump (steps)")
    parser.add_argument("--tries", type=int, default=3, help="best of this many tries")
    args = parser.parse_args(argv)
    print("The stepper on the anti-backtracking puzzle, naive search (best of tries):")
    print(report(measure(args.far, args.back_to, args.huge, args.tries)))


if __name__ == "__main__":
    main()
