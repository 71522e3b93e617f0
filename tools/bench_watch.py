"""What `watch` costs: the watched run's time over the plain run's, on the code learners bring.

    python -m tools.bench_watch        (also the last part of `make bench`)

Prints, for each case, the best of a few runs of the plain function and of `watch` on it (CPU
time of this process, so another program's load counts little), and their ratio: subsets of 12
numbers with append/pop and with `path + [x]`, the LeetCode 37 solver on the course's sample
puzzle, and a run cut at 100,000 recorded steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sudoku_lib import parse, watch
from sudoku_lib.puzzles import SAMPLE

RUNS = 3


def subsets_append_pop(nums: list[int]) -> list[list[int]]:
    """Subsets, the path appended and popped."""
    res: list[list[int]] = []
    path: list[int] = []

    def go(start: int) -> None:
        res.append(path[:])
        for i in range(start, len(nums)):
            path.append(nums[i])
            go(i + 1)
            path.pop()

    go(0)
    return res


def subsets_path_plus(nums: list[int]) -> list[list[int]]:
    """Subsets, the path passed as `path + [x]`."""
    res: list[list[int]] = []

    def go(i: int, path: list[int]) -> None:
        if i == len(nums):
            res.append(path)
            return
        go(i + 1, path + [nums[i]])  # noqa: RUF005 - the learner's style, on purpose
        go(i + 1, path)

    go(0, [])
    return res


class Solution:
    """LeetCode 37 as it is published (the course's seed solver)."""

    def solveSudoku(self, board: list[list[str]]) -> None:
        self.backtrack(board)

    def backtrack(self, board: list[list[str]]) -> bool:
        for i in range(9):
            for j in range(9):
                if board[i][j] != ".":
                    continue
                for k in "123456789":
                    if self.is_valid(board, i, j, k):
                        board[i][j] = k
                        if self.backtrack(board):
                            return True
                        board[i][j] = "."
                return False
        return True

    def is_valid(self, board: list[list[str]], row: int, col: int, ch: str) -> bool:
        for x in range(9):
            if board[row][x] == ch or board[x][col] == ch:
                return False
        top, left = 3 * (row // 3), 3 * (col // 3)
        for x in range(top, top + 3):
            for y in range(left, left + 3):
                if board[x][y] == ch:
                    return False
        return True


def endless_search(n: int) -> int:
    """A search with no end, for a run cut at its step bound."""
    return sum(endless_search(n + 1) for _ in range(2)) if n < 60 else 0


def best(run: Callable[[], Any]) -> float:
    """The least CPU time of RUNS runs."""
    times = []
    for _ in range(RUNS):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return min(times)


def main() -> None:
    """Print the table."""
    nums = list(range(12))
    cases: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        (
            "subsets of 12, append/pop",
            lambda: subsets_append_pop(nums),
            lambda: watch(subsets_append_pop, nums),
        ),
        (
            "subsets of 12, path + [x]",
            lambda: subsets_path_plus(nums),
            lambda: watch(subsets_path_plus, nums),
        ),
        (
            "LeetCode 37 on the sample",
            lambda: Solution().solveSudoku(parse(SAMPLE)),
            lambda: watch(Solution().solveSudoku, parse(SAMPLE)),
        ),
    ]
    print(f"{'case':32} {'plain':>9} {'watched':>9} {'ratio':>7}")
    for name, plain, watched in cases:
        bare, seen = best(plain), best(watched)
        print(f"{name:32} {bare:8.3f}s {seen:8.3f}s {seen / bare:6.1f}x")
    recorded = best(lambda: watch(endless_search, 0, max_steps=100_000))
    print(f"{'100,000 steps recorded':32} {'':9} {recorded:8.3f}s")


if __name__ == "__main__":
    main()
