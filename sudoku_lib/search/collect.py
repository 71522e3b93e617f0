"""Keeping every solution, not just the first: for looking at a puzzle that has more than one."""

from __future__ import annotations

from ..arguments import whole_number
from ..board import Board, copy_board
from . import prepare
from .tracker import Tracker


class Collector(Tracker):
    """A tracker that keeps a copy of each solution it is shown, stopping after `limit`."""

    def __init__(self, limit: int, max_nodes: int | None = None) -> None:
        super().__init__(stop_after=limit, max_nodes=max_nodes)
        self.boards: list[Board] = []

    def solved(self, board: Board, depth: int) -> bool:
        """Keep this solution too, then let the tracker decide whether to stop."""
        self.boards.append(copy_board(board))
        return super().solved(board, depth)


def find_solutions(
    puzzle: object, limit: int = 2, method: str = "pruned", max_nodes: int | None = None
) -> list[Board]:
    """Up to `limit` solutions of the puzzle, in the order the search meets them (bounded like
    count_solutions, and raising GaveUp like it)."""
    wanted = whole_number("limit", limit, minimum=1)
    search = prepare(puzzle, method=method)
    bound = search.node_bound(max_nodes)
    collector = Collector(wanted, bound)
    if not search.run(collector):
        raise search.gave_up_error("find_solutions", bound, max_nodes, len(collector.boards))
    return collector.boards
