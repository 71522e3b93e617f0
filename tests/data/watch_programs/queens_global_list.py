"""N-Queens with the answers in a module-level list, each a board of strings."""

SOLUTIONS: list[list[str]] = []


def solve(n: int, row: int = 0, queens: list[int] | None = None) -> None:
    if queens is None:
        queens = []
    if row == n:
        SOLUTIONS.append(["." * q + "Q" + "." * (n - q - 1) for q in queens])
        return
    for col in range(n):
        if all(col != q and abs(col - q) != row - r for r, q in enumerate(queens)):
            queens.append(col)
            solve(n, row + 1, queens)
            queens.pop()


ENTRY = solve
ARGS = (6,)


def answers(result: None) -> int:
    return len(SOLUTIONS)
