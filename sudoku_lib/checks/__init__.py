"""Self-checks for the exercises, one module per notebook; `core` holds the machinery they share.

A notebook imports its checks from here: `from sudoku_lib.checks import check_box_index`.
"""

from .core import Case, Report, check_cases, not_done
from .nb00 import check_count_givens, check_digit_in_solution

__all__ = [
    "Case",
    "Report",
    "check_cases",
    "check_count_givens",
    "check_digit_in_solution",
    "not_done",
]
