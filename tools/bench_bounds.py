"""How long the longest default bound lets a search run: the figure the README quotes.

The naive search has the largest bound (1,000,000 nodes), and it is given puzzles it cannot finish
within it: the 9x9 puzzle built against row-by-row backtracking, and a 16x16 board whose last cell
is left no digit by givens far from the top rows (every row above is filled and undone before the
search can see it). The time is CPU time, so the figure holds on a busy machine.
"""

from __future__ import annotations

import time

from sudoku_lib.board import Board
from sudoku_lib.puzzles import ANTI_BACKTRACKING
from sudoku_lib.search import DEFAULT_MAX_NODES, solve

SYMBOLS_16 = "123456789ABCDEFG"


def dead_last_cell_16() -> Board:
    """A 16x16 board whose bottom-right cell is left no digit, which only the last row reveals."""
    board = [["."] * 16 for _ in range(16)]
    for column in range(8):
        board[15][column] = SYMBOLS_16[column]
    for row in range(8):
        board[row][15] = SYMBOLS_16[8 + row]
    return board


def time_to_bound(board: object, method: str) -> tuple[str, int, float]:
    """Solve with the method's default bound; return the status, the nodes and the CPU seconds."""
    start = time.process_time()
    result = solve(board, method=method)
    return result.status, result.stats.nodes, time.process_time() - start


def main() -> None:
    """Print one line a board: how the search ended, after how many nodes, in how long."""
    bound = DEFAULT_MAX_NODES["naive"]
    print(f"the naive search's default bound, {bound:,} nodes, in CPU seconds:")
    cases = [
        ("9x9 against backtracking", ANTI_BACKTRACKING),
        ("16x16, last cell dead", dead_last_cell_16()),
    ]
    for name, board in cases:
        status, nodes, seconds = time_to_bound(board, "naive")
        print(f"  {name:26} {status:8} after {nodes:>9,} nodes  {seconds:5.2f} s")


if __name__ == "__main__":
    main()
