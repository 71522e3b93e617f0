"""N-Queens with the answers added to a module-level set of tuples."""

FOUND: set[tuple[int, ...]] = set()


def search(n: int, cols: list[int]) -> None:
    if len(cols) == n:
        FOUND.add(tuple(cols))
        return
    for c in range(n):
        row = len(cols)
        if c in cols or any(abs(c - q) == row - r for r, q in enumerate(cols)):
            continue
        cols.append(c)
        search(n, cols)
        cols.pop()


ENTRY = search
ARGS = (6, [])


def answers(result: None) -> int:
    return len(FOUND)
