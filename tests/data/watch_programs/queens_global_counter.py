"""N-Queens with a module-level counter and a `global` statement; `place` returns True at a
full board, as many do (a true value returned is not an answer on top of the count)."""

found = 0
calls = 0


def place(n: int, row: int, cols: list[int]) -> bool:
    global found, calls
    calls += 1
    if row == n:
        found += 1
        return True
    for c in range(n):
        if c in cols or any(abs(c - pc) == row - r for r, pc in enumerate(cols)):
            continue
        place(n, row + 1, cols + [c])  # noqa: RUF005 - the learner's style
    return False


ENTRY = place
ARGS = (5, 0, [])


def answers(result: bool) -> int:
    return found
