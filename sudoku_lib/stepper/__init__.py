"""The stepper: walk a recorded run (the library's own search) one step at a time, forward and back.

Three layers, each usable alone:

engine.py, the timeline engine (plain Python, no widgets, no threads):
- `Recording[E]` (a protocol): `len(r)` steps known, `r[i]` the event of step i+1,
  `r.between(start, stop)` the events of positions start..stop, `r.finished`, and
  `r.extend(limit)` that records until `limit` steps are known or the run has ended.
  `SearchRecording(puzzle, method, switches)` records a library search by rerunning it with a
  node bound that at least doubles; `FixedRecording(events)` holds a run recorded in full (what
  `watch` makes of a learner's own function).
- `Replay[E, S]` (a protocol): `apply(event)`, `save() -> S`, `restore(S)`: the state a
  timeline moves (a board, a stack, counters).
- `Timeline(recording, replay)`: `position`, `known`, `finished`, `total`, `at_end`, `event`,
  `note`; `goto(i, cap=GOTO_CAP)`, `step(n)`, `back(n)`, `first()`, `last(cap)`,
  `run_to(wanted, cap=RUN_CAP)`; `moved()` is called after each move. A checkpoint is saved
  every `CHECKPOINT_EVERY` steps. Arguments are checked at the door (a `StepError`, which is a
  TypeError, names the bad one); every call is bounded by its cap and may be interrupted, leaving
  that timeline and every other one working.

model.py, the Sudoku model (no widgets): `StepperModel(puzzle, method="naive", **switches)`, a
Timeline with `board`, `stack`, `stats`, `caption`, the counters, `next_dead_end()` (alias
`next_backtrack`), `to_solution()`, `run_to_end()`, and `frame() -> Frame`: what a view draws
(board HTML, stack lines, caption, counters, status). Any Timeline subclass with `frame()`, a
`title` and a `stack_title` can be driven by the view; overriding `dead_end(event)` and
`solved_by(event)` gives its "Next dead end" and "To solution" buttons a meaning.

view.py, the widgets: `Stepper` (a StepperModel with a view; `size="large"` for a projector),
`side_by_side(puzzle, "naive", "pruned")`, and `TimelineView(model, controls=True,
size="default")`, the picture, controls and keys over any such model (its `.widget` is what to
display or put in a layout). Views hold their model weakly and close their widgets when it is
freed; a displayed Stepper is kept while the browser shows it (`KeepWhileShown`). The widget
module is imported only when first asked for, so the checks and tests can use the model without
ipywidgets.
"""

from __future__ import annotations

from typing import Any

from .engine import (
    CHECKPOINT_EVERY,
    GOTO_CAP,
    RUN_CAP,
    FixedRecording,
    Recording,
    Replay,
    SearchRecording,
    StepError,
    Timeline,
)
from .model import BoardReplay, Frame, StepperModel

__all__ = [
    "CHECKPOINT_EVERY",
    "GOTO_CAP",
    "RUN_CAP",
    "BoardReplay",
    "FixedRecording",
    "Frame",
    "Recording",
    "Replay",
    "SearchRecording",
    "SideBySide",
    "StepError",
    "Stepper",
    "StepperModel",
    "Timeline",
    "TimelineView",
    "side_by_side",
]

WIDGET_NAMES = ("Stepper", "SideBySide", "TimelineView", "side_by_side")


def __getattr__(name: str) -> Any:
    """The widgets need ipywidgets, so view.py loads only when one of them is first asked for."""
    if name in WIDGET_NAMES:
        from . import view

        return getattr(view, name)
    raise AttributeError(f"module 'sudoku_lib.stepper' has no attribute {name!r}")
