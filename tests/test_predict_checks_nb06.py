"""Notebook 06's exercise on the heavy tail (the hardest puzzles' share of all the nodes), fed a
right answer and the typical wrong ones."""

from __future__ import annotations

import pytest

from sudoku_lib.checks.nb06 import check_hardest_share


def share(records, fraction):
    nodes = sorted((r.nodes for r in records), reverse=True)
    top = max(1, round(fraction * len(nodes)))
    return sum(nodes[:top]) / sum(nodes) if sum(nodes) else 0.0


def as_percent(records, fraction):
    return 100 * share(records, fraction)


def as_listed(records, fraction):
    nodes = [r.nodes for r in records]
    top = max(1, round(fraction * len(nodes)))
    return sum(nodes[:top]) / sum(nodes)


def easiest(records, fraction):
    nodes = sorted(r.nodes for r in records)
    top = max(1, round(fraction * len(nodes)))
    return sum(nodes[:top]) / sum(nodes)


def truncated(records, fraction):
    nodes = sorted((r.nodes for r in records), reverse=True)
    return sum(nodes[: int(fraction * len(nodes))]) / sum(nodes)


def test_a_right_answer_passes():
    assert check_hardest_share(share).passed


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (as_percent, "that is a percentage"),
        (as_listed, "the first puzzles as listed"),
        (easiest, "the share of the easiest puzzles"),
        (truncated, "take at least one"),
    ],
)
def test_each_typical_mistake_is_named(wrong, words):
    report = check_hardest_share(wrong)
    assert not report.passed
    assert words in "\n".join(report.lines)
