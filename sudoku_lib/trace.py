"""The search tree of a real search, recorded from its events so it can be drawn.

A listener turns the stream of a teaching strategy into a tree: every Try is a new node under the
node at its depth, DeadEnd marks the node where the search got stuck, Solved marks the end of the
path that worked. Nothing here searches; `record_tree` runs the library's own `solve`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .board import Cell, Digit
from .search import SolveResult, solve
from .search.events import DeadEnd, Event, Forced, Solved, Try

DEFAULT_MAX_NODES = 5_000  # a recorded tree is kept whole in memory: keep it small


@dataclass
class TreeNode:
    """One digit placed by choice (the root is the puzzle itself, with no cell and no digit).

    `forced` holds the digits propagation placed right after this choice (pruned search only);
    `dead_end` is why the search backed up from here, or None; `on_path` is True from the root
    down to the node where the board was solved.
    """

    cell: Cell | None
    digit: Digit | None
    depth: int
    children: list[TreeNode] = field(default_factory=list)
    forced: list[tuple[Cell, Digit]] = field(default_factory=list)
    dead_end: str | None = None
    solved: bool = False
    on_path: bool = False

    def walk(self) -> Iterator[TreeNode]:
        """This node and everything below it, parents before children (the search's order)."""
        yield self
        for child in self.children:
            yield from child.walk()


class TreeRecorder:
    """A listener for `solve(..., listener=...)` that grows the search tree event by event.

    `stack[d]` is the node the search is inside at depth d; a Try at depth d hangs its node there.
    """

    def __init__(self) -> None:
        self.root = TreeNode(None, None, 0)
        self.stack: list[TreeNode] = [self.root]

    def __call__(self, event: Event) -> None:
        match event:
            case Try(row, col, digit, depth):
                node = TreeNode((row, col), digit, depth + 1)
                del self.stack[depth + 1 :]
                self.stack[depth].children.append(node)
                self.stack.append(node)
            case Forced(row, col, digit, depth):
                self.stack[depth].forced.append(((row, col), digit))
            case DeadEnd(depth=depth, why=why):
                self.stack[depth].dead_end = why
            case Solved(depth=depth):
                self.stack[depth].solved = True
                for node in self.stack[: depth + 1]:
                    node.on_path = True


@dataclass
class SearchTree:
    """A recorded tree together with the result of the search that grew it."""

    root: TreeNode
    result: SolveResult

    def nodes(self) -> list[TreeNode]:
        """Every choice the search made, in order (the root is not a choice, so it is left out)."""
        return list(self.root.walk())[1:]

    @property
    def size(self) -> int:
        """How many digits the search placed by choice: equals result.stats.nodes."""
        return len(self.nodes())

    def dead_ends(self) -> list[TreeNode]:
        """The choices that led nowhere and had nothing below them: the leaves that failed."""
        return [n for n in self.nodes() if n.dead_end is not None and not n.children]

    def solution_path(self) -> list[TreeNode]:
        """The choices that stayed on the board, from the first to the last."""
        return [n for n in self.nodes() if n.on_path]


def record_tree(
    puzzle: object, method: str = "naive", max_nodes: int = DEFAULT_MAX_NODES, **switches: bool
) -> SearchTree:
    """Run the library's search on `puzzle` and keep the tree of every choice it made.

    The bound keeps a picture readable; a search stopped by it gives a partial tree (result
    status "gave up").
    """
    recorder = TreeRecorder()
    result = solve(puzzle, method=method, max_nodes=max_nodes, listener=recorder, **switches)
    return SearchTree(recorder.root, result)
