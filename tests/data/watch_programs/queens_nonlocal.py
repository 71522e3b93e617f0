"""N-Queens counted in a `nonlocal` counter at the base case; the function returns nothing."""


def count_queens(n: int) -> int:
    count = 0
    cols: list[int] = []

    def place(row: int) -> None:
        nonlocal count
        if row == n:
            count += 1
            return
        for c in range(n):
            if any(c == pc or abs(c - pc) == row - r for r, pc in enumerate(cols)):
                continue
            cols.append(c)
            place(row + 1)
            cols.pop()

    place(0)
    return count


ENTRY = count_queens
ARGS = (6,)


def answers(result: int) -> int:
    return result
