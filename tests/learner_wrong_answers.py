"""The wrong answers of issue 17, written as a learner alone wrote them (one mistake each), for
tests/test_checks_wrong_answers.py. Each sits beside the right answer it was made from."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

from sudoku_lib import solve

Board = list[list[str]]


# notebook 01 ------------------------------------------------------------------------------------


def string_to_board_ints(text: str) -> list[list[Any]]:
    """Digits kept as numbers: int(ch)."""
    return [[("." if ch in "0." else int(ch)) for ch in text[i : i + 9]] for i in range(0, 81, 9)]


# notebook 02 ------------------------------------------------------------------------------------


def is_valid_row_by_set(row: list[str]) -> bool:
    """Nine different digits: true only of a full row, so any row with a blank is called invalid."""
    digits = [d for d in row if d != "."]
    return len(set(digits)) == 9


def is_valid_board_digits_only(board: Board) -> bool:
    """The dict check, but only the characters 1-9 are looked at: a 16x16 board's A-G skipped."""
    size = len(board)
    box = math.isqrt(size)
    seen: set[tuple[str, int, str]] = set()
    for r in range(size):
        for c in range(size):
            d = board[r][c]
            if d not in "123456789":
                continue
            keys = {("row", r, d), ("column", c, d), ("box", box * (r // box) + c // box, d)}
            if keys & seen:
                return False
            seen |= keys
    return True


# notebook 03 ------------------------------------------------------------------------------------


def fits(board: Board, r: int, c: int, d: str) -> bool:
    size = len(board)
    box = math.isqrt(size)
    if any(board[r][i] == d or board[i][c] == d for i in range(size)):
        return False
    top, left = box * (r // box), box * (c // box)
    return all(board[i][j] != d for i in range(top, top + box) for j in range(left, left + box))


def solve_counting_returns_in_loop(board: Board) -> int:
    """`return fill(i + 1)` inside the loop: the first digit that fits is the only one tried."""
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]
    placed = 0

    def fill(i: int) -> bool:
        nonlocal placed
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in "123456789ABCDEFG"[:size]:
            if fits(board, r, c, d):
                board[r][c] = d
                placed += 1
                return fill(i + 1)
        board[r][c] = "."
        return False

    fill(0)
    return placed


PLACED = 0


def solve_counting_global(board: Board) -> int:
    """The count kept in a global and never reset: each call adds to the last call's count."""
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]

    def fill(i: int) -> bool:
        global PLACED
        if i == len(blanks):
            return True
        r, c = blanks[i]
        for d in "123456789ABCDEFG"[:size]:
            if fits(board, r, c, d):
                board[r][c] = d
                PLACED += 1
                if fill(i + 1):
                    return True
                board[r][c] = "."
        return False

    fill(0)
    return PLACED


def solve_counting_never_stops(board: Board) -> int:
    """No `if fill(i + 1): return True`: the search goes on past the solution and undoes it."""
    size = len(board)
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]
    placed = 0

    def fill(i: int) -> None:
        nonlocal placed
        if i == len(blanks):
            return
        r, c = blanks[i]
        for d in "123456789ABCDEFG"[:size]:
            if fits(board, r, c, d):
                board[r][c] = d
                placed += 1
                fill(i + 1)
                board[r][c] = "."

    fill(0)
    return placed


def count_all_returns_in_loop(board: Board) -> int:
    """`return count_all(board)` inside the digit loop: only the first digit that fits counts."""
    size = len(board)
    for r in range(size):
        for c in range(size):
            if board[r][c] == ".":
                for d in "123456789ABCDEFG"[:size]:
                    if fits(board, r, c, d):
                        board[r][c] = d
                        total = count_all_returns_in_loop(board)
                        board[r][c] = "."
                        return total
                return 0
    return 1


def count_queens_without_pop(n: int) -> int:
    """The un-choose, queens.pop(), left out."""

    def place(queens: list[int]) -> int:
        row = len(queens)
        if row == n:
            return 1
        total = 0
        for col in range(n):
            if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):
                queens.append(col)
                total += place(queens)
        return total

    return place([])


def count_queens_table(n: int) -> int:
    """The answers for n = 1 to 7, looked up."""
    return {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40}[n]


# notebook 04 ------------------------------------------------------------------------------------


def candidates(board: Board, r: int, c: int) -> set[str]:
    used = {board[r][i] for i in range(9)} | {board[i][c] for i in range(9)}
    top, left = 3 * (r // 3), 3 * (c // 3)
    used |= {board[i][j] for i in range(top, top + 3) for j in range(left, left + 3)}
    return set("123456789") - used


def naked_singles(board: Board) -> dict[tuple[int, int], str]:
    found = {}
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                options = candidates(board, r, c)
                if len(options) == 1:
                    found[(r, c)] = next(iter(options))
    return found


def naked_singles_from_one(board: Board) -> dict[tuple[int, int], str]:
    """Keys counted from 1, as the notebook's prose counts rows and columns."""
    return {(r + 1, c + 1): d for (r, c), d in naked_singles(board).items()}


def most_constrained(board: Board) -> tuple[int, int] | None:
    best, fewest = None, 10
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                count = len(candidates(board, r, c))
                if count < fewest:
                    best, fewest = (r, c), count
    return best


def first_blank(board: Board) -> tuple[int, int] | None:
    return next(((r, c) for r in range(9) for c in range(9) if board[r][c] == "."), None)


def pruned_solve_first_blank(board: Board) -> tuple[Board | None, int]:
    """Naked singles, then the first blank in reading order instead of the most constrained."""
    return pruned_search(board, first_blank)


def pruned_solve_right(board: Board) -> tuple[Board | None, int]:
    """Naked singles, then the most constrained cell: the exercise's idea."""
    return pruned_search(board, most_constrained)


def pruned_search(board: Board, choose: Any) -> tuple[Board | None, int]:
    board = [row[:] for row in board]
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        filled, alive = [], True
        forced = naked_singles(board)
        while forced and alive:
            for (r, c), d in forced.items():
                if d not in candidates(board, r, c):
                    alive = False
                    break
                board[r][c] = d
                filled.append((r, c))
            forced = naked_singles(board) if alive else {}
        if alive:
            cell = choose(board)
            if cell is None:
                return True
            r, c = cell
            for d in sorted(candidates(board, r, c)):
                board[r][c] = d
                nodes += 1
                if search():
                    return True
                board[r][c] = "."
        for r, c in filled:
            board[r][c] = "."
        return False

    return (board if search() else None), nodes


def pruned_solve_no_nonlocal(board: Board) -> tuple[Board | None, int]:
    """The node counter of the outer function increased inside the inner one, no `nonlocal`."""
    board = [row[:] for row in board]
    nodes = 0

    def search() -> bool:
        cell = most_constrained(board)
        if cell is None:
            return True
        r, c = cell
        for d in sorted(candidates(board, r, c)):
            board[r][c] = d
            nodes += 1  # noqa: F823, F841 (the learner's mistake)
            if search():
                return True
            board[r][c] = "."
        return False

    return (board if search() else None), nodes


# notebook 06 ------------------------------------------------------------------------------------


def median_nodes_sorts_in_place(puzzles: list[str]) -> float:
    """Right, but sorts the caller's list of puzzles by their node counts."""
    puzzles.sort(key=lambda puzzle: solve(puzzle, "naive").stats.nodes)
    counts = [solve(puzzle, "naive").stats.nodes for puzzle in puzzles]
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


def median_nodes_unsorted(puzzles: list[str]) -> float:
    """The middle of the counts as the puzzles came."""
    counts = [solve(puzzle, "naive").stats.nodes for puzzle in puzzles]
    middle = len(counts) // 2
    if len(counts) % 2:
        return counts[middle]
    return (counts[middle - 1] + counts[middle]) / 2


def hardest_for_from_zero(puzzles: dict[str, str], method: str) -> str | None:
    """best = None and the most nodes so far 0: a set where every puzzle took 0 nodes has none."""
    best, most = None, 0
    for name, puzzle in puzzles.items():
        nodes = solve(puzzle, method).stats.nodes
        if nodes > most:
            best, most = name, nodes
    return best


def bound_for_unsorted(puzzles: list[str], fraction: float) -> int:
    """The counts walked in the order the puzzles came, not sorted."""
    counts = [solve(puzzle, "naive").stats.nodes for puzzle in puzzles]
    for i, nodes in enumerate(counts):
        if (i + 1) / len(counts) >= fraction:
            return nodes
    return counts[-1]


# notebook 07 ------------------------------------------------------------------------------------


def count_up_to(puzzle: str, limit: int) -> int:
    """The learner's own count of notebook 07's exercise 1, up to the limit."""
    size = math.isqrt(len(puzzle))
    board = [list(puzzle[i : i + size]) for i in range(0, size * size, size)]
    blanks = [(r, c) for r in range(size) for c in range(size) if board[r][c] == "."]

    def count_from(i: int, wanted: int) -> int:
        if i == len(blanks):
            return 1
        r, c = blanks[i]
        found = 0
        for d in "123456789ABCDEFG"[:size]:
            if found < wanted and fits(board, r, c, d):
                board[r][c] = d
                found += count_from(i + 1, wanted - found)
                board[r][c] = "."
        return found

    return count_from(0, limit)


def is_unique_counts_far(puzzle: str) -> bool:
    """Counts up to 1000 solutions to tell one from more than one."""
    return count_up_to(puzzle, limit=1000) == 1


# notebook 08 ------------------------------------------------------------------------------------


def permute_unique_by_set(nums: list[int]) -> list[list[int]]:
    """Every order of the positions, repeats dropped with a set at the end."""
    found: set[tuple[int, ...]] = set()
    used = [False] * len(nums)
    path: list[int] = []

    def backtrack() -> None:
        if len(path) == len(nums):
            found.add(tuple(path))
            return
        for i in range(len(nums)):
            if used[i]:
                continue
            used[i] = True
            path.append(nums[i])
            backtrack()
            path.pop()
            used[i] = False

    backtrack()
    return [list(p) for p in found]


def subsets_with_dup_by_set(nums: list[int]) -> list[list[int]]:
    """Every subset of the positions, repeats dropped with a set at the end."""
    nums = sorted(nums)
    found: set[tuple[int, ...]] = set()
    path: list[int] = []

    def backtrack(start: int) -> None:
        found.add(tuple(path))
        for i in range(start, len(nums)):
            path.append(nums[i])
            backtrack(i + 1)
            path.pop()

    backtrack(0)
    return [list(s) for s in found]


def combination_sum_continue(candidates: list[int], target: int) -> list[list[int]]:
    """Sorted, but `continue` where the loop should `break`."""
    candidates = sorted(candidates)
    answers: list[list[int]] = []
    path: list[int] = []

    def backtrack(start: int, remaining: int) -> None:
        if remaining == 0:
            answers.append(path[:])
            return
        for i in range(start, len(candidates)):
            if candidates[i] > remaining:
                continue
            path.append(candidates[i])
            backtrack(i, remaining - candidates[i])
            path.pop()

    backtrack(0, target)
    return answers


def combination_sum_break(candidates: list[int], target: int) -> list[list[int]]:
    """The right answer: sorted, and `break` once a candidate is too large."""
    candidates = sorted(candidates)
    answers: list[list[int]] = []
    path: list[int] = []

    def backtrack(start: int, remaining: int) -> None:
        if remaining == 0:
            answers.append(path[:])
            return
        for i in range(start, len(candidates)):
            if candidates[i] > remaining:
                break
            path.append(candidates[i])
            backtrack(i, remaining - candidates[i])
            path.pop()

    backtrack(0, target)
    return answers


def combination_sum2_by_set(candidates: list[int], target: int) -> list[list[int]]:
    """Each position used once, no skip and no break, repeats dropped with a set."""
    candidates = sorted(candidates)
    found: set[tuple[int, ...]] = set()
    path: list[int] = []

    def backtrack(start: int, remaining: int) -> None:
        if remaining == 0:
            found.add(tuple(path))
            return
        if remaining < 0:
            return
        for i in range(start, len(candidates)):
            path.append(candidates[i])
            backtrack(i + 1, remaining - candidates[i])
            path.pop()

    backtrack(0, target)
    return [list(c) for c in found]


def find_subsequences_by_set(nums: list[int]) -> list[list[int]]:
    """Every subsequence built, the non-decreasing ones kept, repeats dropped with a set."""
    found: set[tuple[int, ...]] = set()
    path: list[int] = []

    def backtrack(start: int) -> None:
        if len(path) >= 2 and all(a <= b for a, b in pairwise(path)):
            found.add(tuple(path))
        for i in range(start, len(nums)):
            path.append(nums[i])
            backtrack(i + 1)
            path.pop()

    backtrack(0)
    return [list(s) for s in found]


def partition_two_letters_pass(s: str) -> list[list[str]]:
    """LeetCode 131 with a palindrome test that also lets any two letters through."""
    res: list[list[str]] = []
    path: list[str] = []

    def backtrack(start: int) -> None:
        if start == len(s):
            res.append(path[:])
            return
        for end in range(start + 1, len(s) + 1):
            piece = s[start:end]
            if piece == piece[::-1] or len(piece) == 2:
                path.append(piece)
                backtrack(end)
                path.pop()

    backtrack(0)
    return res


def partition_next_cut_from_start(s: str) -> list[list[str]]:
    """LeetCode 131 whose next call cuts from start + 1, not from where the piece ended."""
    res: list[list[str]] = []
    path: list[str] = []

    def backtrack(start: int) -> None:
        if start >= len(s):
            res.append(path[:])
            return
        for end in range(start + 1, len(s) + 1):
            piece = s[start:end]
            if piece == piece[::-1]:
                path.append(piece)
                backtrack(start + 1)
                path.pop()

    backtrack(0)
    return res
