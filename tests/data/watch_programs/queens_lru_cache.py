"""N-Queens counted by a function wrapped in `functools.lru_cache`, on bit masks."""

from functools import lru_cache

N = 6
FULL = (1 << N) - 1


@lru_cache(maxsize=1024)
def count(cols: int, left: int, right: int) -> int:
    if cols == FULL:
        return 1
    total = 0
    free = FULL & ~(cols | left | right)
    while free:
        bit = free & -free
        free ^= bit
        total += count(cols | bit, ((left | bit) << 1) & FULL, (right | bit) >> 1)
    return total


ENTRY = count
ARGS = (0, 0, 0)


def answers(result: int) -> int:
    return result
