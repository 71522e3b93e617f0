"""Paths through a grid moving right or down, counted with `functools.cache`: most calls are
answered from the cache, so the answers they stand for are in the counts handed back."""

from functools import cache


@cache
def paths(right: int, down: int) -> int:
    if right == 0 and down == 0:
        return 1
    total = 0
    if right:
        total += paths(right - 1, down)
    if down:
        total += paths(right, down - 1)
    return total


ENTRY = paths
ARGS = (4, 4)


def answers(result: int) -> int:
    return result
