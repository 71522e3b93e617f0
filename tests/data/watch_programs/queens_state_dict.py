"""N-Queens keeping its state in a dict handed down and returned by every call."""

from typing import Any


def solve(n: int, row: int = 0, state: dict[str, Any] | None = None) -> dict[str, Any]:
    if state is None:
        state = {"cols": [], "solutions": []}
    if row == n:
        state["solutions"].append(list(state["cols"]))
        return state
    for col in range(n):
        cols = state["cols"]
        if col in cols or any(abs(col - q) == row - r for r, q in enumerate(cols)):
            continue
        cols.append(col)
        solve(n, row + 1, state)
        cols.pop()
    return state


ENTRY = solve
ARGS = (6,)


def answers(result: dict[str, Any]) -> int:
    return len(result["solutions"])
