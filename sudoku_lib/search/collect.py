"""Keeping every solution, not just the first: for looking at a puzzle that has more than one."""

from __future__ import annotations

from ..board import Board, copy_board
from . import prepare
from .tracker import Tracker


class Collector(Tracker):
    """A tracker that keeps a copy of each solution it is shown, stopping after `limit`."""

    def __init__(self, limit: int) -> None:
        super().__init__(stop_after=limit)
        self.boards: list[Board] = []

    def solved(self, board: Board, depth: int) -> bool:
        """Keep this solution too, then let the tracker decide whether to stop."""
        self.boards.append(copy_board(board))
        return super().solved(board, depth)


def find_solutions(puzzle: object, limit: int = 2, method: str = "pruned") -> list[Board]:
    """Up to `limit` solutions of the puzzle, in the order the search meets them."""
    collector = Collector(limit)
    prepare(puzzle, method=method).run(collector)
    return collector.boards
