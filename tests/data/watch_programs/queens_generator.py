"""N-Queens as a recursive generator: each full placement yielded from the bottom."""

from collections.abc import Iterator


def queens(n: int, placed: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    row = len(placed)
    if row == n:
        yield placed
        return
    for col in range(n):
        if all(col != q and abs(col - q) != row - r for r, q in enumerate(placed)):
            yield from queens(n, (*placed, col))


def all_queens(n: int) -> list[tuple[int, ...]]:
    return list(queens(n))


ENTRY = all_queens
ARGS = (6,)


def answers(result: list[tuple[int, ...]]) -> int:
    return len(result)
