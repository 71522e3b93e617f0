"""Watch a learner's own recursive function: record what it does, then replay it step by step.

`watch(solve_board, board, counter)` calls the function once, exactly as written, records each
call, return, board write and path change of the learner's own code (how, in `record`), and hands
back a run that steps forward and back in the course's stepper, beside its call tree.

The package, one idea a module: `steps` (what a run is made of, and its words), `source` (what
the learner's file says: recursion, pruning lines), `record` (the trace hook and `watch`),
`tree` (the call tree), `recording` (what `watch` returns), `replay` (the stepper's model of a
run) and `diagnosis` (a mistake a run shows, in words). The time limit is `sudoku_lib.timelimit`,
shared with the checks; the pictures of the tree are `sudoku_lib.calltree` (SVG, beside the
stepper) and `sudoku_lib.tree_figures` (SVG too, for a whole tree on a page).
"""

from .diagnosis import find_missing_undo
from .record import DEFAULT_MAX_SECONDS, DEFAULT_MAX_STEPS, MAX_DEPTH, WatchedRow, watch
from .recording import Recording
from .replay import WatchedRun, WatchReplay
from .steps import (
    Append,
    Call,
    Count,
    Pop,
    Prune,
    Replace,
    Resume,
    Return,
    Step,
    Stop,
    Write,
    Yield,
    caption,
    is_blank,
    is_board,
    short_repr,
)
from .tree import CallNode

__all__ = [
    "DEFAULT_MAX_SECONDS",
    "DEFAULT_MAX_STEPS",
    "MAX_DEPTH",
    "Append",
    "Call",
    "CallNode",
    "Count",
    "Pop",
    "Prune",
    "Recording",
    "Replace",
    "Resume",
    "Return",
    "Step",
    "Stop",
    "WatchReplay",
    "WatchedRow",
    "WatchedRun",
    "Write",
    "Yield",
    "caption",
    "find_missing_undo",
    "is_blank",
    "is_board",
    "short_repr",
    "watch",
]
