"""Watch a learner's own recursive function: record what it does, then replay it step by step.

`watch(solve_board, board, counter)` calls the function once, exactly as written, and records
with the standard library's `sys.settrace`:
- each call of the learner's recursive functions (the watched one, and any of theirs that calls
  itself), with its arguments and depth, and each return, with its value or its exception;
- on a board passed in (a list of lists), each digit written and each cell erased: its rows are
  swapped for watched lists for the run, so a write costs one Python call and a read nothing;
- on a list the recursion keeps as its state (an argument or a variable of the enclosing
  function: the path, the results), each append and pop, seen by comparing its length line by line,
  and, once it has grown or shrunk (a path, not a fixed table like `used`), each new last item
  (`path[-1] = x`), seen by comparing that item; an item further in changing is not seen;
- each `continue` or `break` the learner's loop takes: a pruned branch (one on its `if`'s line,
  `if used[i]: continue`, only when the line after it shows it was taken).

Only the learner's frames are recorded: library and standard-library frames are hidden. The run
is bounded (steps, seconds, depth), an exception ends it with words a learner can act on, and the
tracer is removed in every case. Code that catches the stop (a bare `except:`) is refused again
at its next line or call, and the words say so. The Recording then replays forward and back
(`step`, `back`, `goto`, `position`, `board`) and builds the call tree that
`calltree.draw_call_tree` draws.

The package, one idea a module: `steps` (what a run is made of, and its words), `source` (what
the learner's file says: recursion, pruning lines), `record` (the trace hook and `watch`),
`tree` (the call tree), `recording` (what `watch` returns), `replay` (the stepper's model of a
run) and `diagnosis` (a mistake a run shows, in words). The time limit is `sudoku_lib.timelimit`,
shared with the checks; the pictures of the tree are `sudoku_lib.calltree`.
"""

from .diagnosis import find_missing_undo
from .record import DEFAULT_MAX_SECONDS, DEFAULT_MAX_STEPS, MAX_DEPTH, WatchedRow, watch
from .recording import Recording
from .replay import WatchedRun, WatchReplay
from .steps import (
    Append,
    Call,
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
