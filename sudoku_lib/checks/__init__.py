"""Self-checks for the exercises, one module per notebook; `core` holds the machinery they share.

A notebook imports its checks from here: `from sudoku_lib.checks import check_box_index`.
"""

from .core import Case, Report, check_cases, not_done
from .nb05 import check_board_after, check_first_dead_end, check_tries_per_depth

__all__ = [
    "Case",
    "Report",
    "check_board_after",
    "check_cases",
    "check_first_dead_end",
    "check_tries_per_depth",
    "not_done",
]
