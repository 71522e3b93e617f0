"""Self-checks for the exercises, one module per notebook; `core` holds the machinery they share
(time limits, the failing input drawn, typical-mistake recognisers) and `fixtures` the boards
notebooks 02 and 03 are checked on.

A notebook imports its checks from here: `from sudoku_lib.checks import check_box_of`.
"""

from .core import NO_ANSWER, Attempt, Case, Recogniser, Report, check_cases, not_done
from .nb00 import check_count_blanks, check_first_choices, check_first_try
from .nb01 import check_box_of, check_peers_of, check_string_to_board
from .nb02 import check_find_clash, check_is_valid_board, check_is_valid_row
from .nb03 import check_count_all, check_count_queens, check_is_valid, check_solve_counting
from .nb04 import (
    check_candidates,
    check_hidden_singles,
    check_most_constrained,
    check_naked_singles,
    check_pruned_solve,
)
from .nb05 import (
    check_board_after,
    check_cell_changes,
    check_first_dead_end,
    check_predict,
    check_tries_per_depth,
)
from .nb06 import (
    check_bound_for,
    check_hardest_for,
    check_hardest_share,
    check_median_nodes,
    check_stopped_share,
)
from .nb07 import check_count_solutions, check_is_unique, check_remove_clue

__all__ = [
    "NO_ANSWER",
    "Attempt",
    "Case",
    "Recogniser",
    "Report",
    "check_board_after",
    "check_bound_for",
    "check_box_of",
    "check_candidates",
    "check_cases",
    "check_cell_changes",
    "check_count_all",
    "check_count_blanks",
    "check_count_queens",
    "check_count_solutions",
    "check_find_clash",
    "check_first_choices",
    "check_first_dead_end",
    "check_first_try",
    "check_hardest_for",
    "check_hardest_share",
    "check_hidden_singles",
    "check_is_unique",
    "check_is_valid",
    "check_is_valid_board",
    "check_is_valid_row",
    "check_median_nodes",
    "check_most_constrained",
    "check_naked_singles",
    "check_peers_of",
    "check_predict",
    "check_pruned_solve",
    "check_remove_clue",
    "check_solve_counting",
    "check_stopped_share",
    "check_string_to_board",
    "check_tries_per_depth",
    "not_done",
]
