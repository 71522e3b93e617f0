"""A 4x4 Sudoku in a numpy array: each call returns the filled array, or None."""

from typing import Any

import numpy as np


def fits(grid: Any, r: int, c: int, d: int) -> bool:
    box = grid[r // 2 * 2 : r // 2 * 2 + 2, c // 2 * 2 : c // 2 * 2 + 2]
    return d not in grid[r] and d not in grid[:, c] and d not in box


def fill(grid: Any) -> Any:
    blanks = np.argwhere(grid == 0)
    if len(blanks) == 0:
        return grid
    r, c = blanks[0]
    for d in range(1, 5):
        if fits(grid, r, c, d):
            grid[r, c] = d
            done = fill(grid)
            if done is not None:
                return done
            grid[r, c] = 0
    return None


ENTRY = fill
ARGS = (np.array([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]),)


def answers(result: Any) -> int:
    return 0 if result is None else 1
