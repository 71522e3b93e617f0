"""Self-checks for the exercises, one module per notebook; `core` holds the machinery they share.

A notebook imports its checks from here: `from sudoku_lib.checks import check_box_of`.
"""

from .core import Case, Report, check_cases, not_done
from .nb00 import check_count_givens, check_digit_in_solution
from .nb01 import check_box_of, check_peers_of, check_string_to_board
from .nb02 import check_find_clash, check_is_valid_board, check_is_valid_row
from .nb03 import check_count_all, check_count_queens, check_is_valid
from .nb05 import check_board_after, check_first_dead_end, check_tries_per_depth

__all__ = [
    "Case",
    "Report",
    "check_board_after",
    "check_box_of",
    "check_cases",
    "check_count_all",
    "check_count_givens",
    "check_count_queens",
    "check_digit_in_solution",
    "check_find_clash",
    "check_first_dead_end",
    "check_is_valid",
    "check_is_valid_board",
    "check_is_valid_row",
    "check_peers_of",
    "check_string_to_board",
    "check_tries_per_depth",
    "not_done",
]
