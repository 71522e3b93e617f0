"""The recorded tree and the events under it: every strategy's events are well formed."""

from __future__ import annotations

import pytest

from sudoku_lib import solve
from sudoku_lib.puzzles import load_set
from sudoku_lib.search.events import DeadEnd, caption
from sudoku_lib.trace import record_tree

HARD = load_set("top95")[:3]


@pytest.mark.parametrize("puzzle", HARD, ids=["top95-1", "top95-2", "top95-3"])
def test_pruned_dead_ends_carry_a_depth_and_a_reason(puzzle):
    events = []
    solve(puzzle, "pruned", listener=events.append)
    dead_ends = [e for e in events if isinstance(e, DeadEnd)]
    assert dead_ends, "a hard puzzle makes the pruned search back up at least once"
    for event in dead_ends:
        assert isinstance(event.depth, int) and isinstance(event.why, str)
        assert caption(event).endswith("back up")


@pytest.mark.parametrize("puzzle", HARD, ids=["top95-1", "top95-2", "top95-3"])
def test_pruned_tree_matches_the_counters(puzzle):
    tree = record_tree(puzzle, method="pruned")
    stats = tree.result.stats
    assert tree.size == stats.nodes
    assert sum(len(node.forced) for node in tree.root.walk()) == stats.forced
    assert tree.result.solved and all(node.on_path for node in tree.solution_path())
