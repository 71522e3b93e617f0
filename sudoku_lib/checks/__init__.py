"""Self-checks for the exercises, one module per notebook; `core` holds the machinery they share.

A notebook imports its checks from here: `from sudoku_lib.checks import check_box_index`.
"""

from .core import Case, Report, check_cases, not_done
from .nb04 import check_candidates, check_hidden_singles, check_naked_singles
from .nb06 import check_hardest, check_median, check_nodes_for
from .nb07 import check_count_solutions, check_is_unique, check_remove_clue

__all__ = [
    "Case",
    "Report",
    "check_candidates",
    "check_cases",
    "check_count_solutions",
    "check_hardest",
    "check_hidden_singles",
    "check_is_unique",
    "check_median",
    "check_naked_singles",
    "check_nodes_for",
    "check_remove_clue",
    "not_done",
]
