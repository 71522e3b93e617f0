"""`watch` on the styles learners write, as they write them: each run is compared with a plain
run of the same code (what it returns, how many calls, how many answers, what it leaves in the
arguments), and the answers are counted however the code records them."""

from __future__ import annotations

import copy
from typing import Any

from sudoku_lib import watch
from sudoku_lib.watch import Append, Replace, Resume, Yield, caption, find_missing_undo

CALLS = {"made": 0}  # each learner function below counts its calls here, for the plain count
"""A dict, not a list: `watch` follows the lists a learner's code names (a global list of
answers), and these counts are the test's, not the learner's."""


class Solution:
    """LeetCode 78 as published: answers in `self.res`, the path appended and popped."""

    def subsets(self, nums: list[int]) -> list[list[int]]:
        self.res: list[list[int]] = []
        self.dfs(nums, 0, [])
        return self.res

    def dfs(self, nums: list[int], start: int, path: list[int]) -> None:
        CALLS["made"] += 1
        self.res.append(path[:])
        for i in range(start, len(nums)):
            path.append(nums[i])
            self.dfs(nums, i + 1, path)
            path.pop()


result: list[list[int]] = []


def combine(n: int, k: int, start: int = 1, path: list[int] | None = None) -> None:
    """LeetCode 77 with the answers in a global list."""
    CALLS["made"] += 1
    if path is None:
        path = []
    if len(path) == k:
        result.append(list(path))
        return
    for i in range(start, n + 1):
        path.append(i)
        combine(n, k, i + 1, path)
        path.pop()


def generate_parenthesis(n: int) -> list[str]:
    """LeetCode 22 with a nested def and answers made with "".join(path)."""
    out: list[str] = []

    def go(path: list[str], opened: int, closed: int) -> None:
        CALLS["made"] += 1
        if len(path) == 2 * n:
            out.append("".join(path))
            return
        if opened < n:
            path.append("(")
            go(path, opened + 1, closed)
            path.pop()
        if closed < opened:
            path.append(")")
            go(path, opened, closed + 1)
            path.pop()

    go([], 0, 0)
    return out


def total_n_queens(n: int) -> int:
    """LeetCode 52 as notebook 05 counts: a full board returns 1, each call returns its sum."""
    cols: set[int] = set()
    diagonals: set[int] = set()
    anti: set[int] = set()

    def place(r: int) -> int:
        CALLS["made"] += 1
        if r == n:
            return 1
        count = 0
        for c in range(n):
            if c in cols or r - c in diagonals or r + c in anti:
                continue
            cols.add(c)
            diagonals.add(r - c)
            anti.add(r + c)
            count += place(r + 1)
            cols.remove(c)
            diagonals.remove(r - c)
            anti.remove(r + c)
        return count

    return place(0)


def subsets_by_copy(nums: list[int]) -> list[list[int]]:
    """Subsets with the path passed as `path + [x]`: no append, no pop."""
    res: list[list[int]] = []

    def go(i: int, path: list[int]) -> None:
        CALLS["made"] += 1
        if i == len(nums):
            res.append(path)
            return
        go(i + 1, path + [nums[i]])  # noqa: RUF005 - the learner's style, on purpose
        go(i + 1, path)

    go(0, [])
    return res


def permutations(nums: list[int]) -> Any:
    """A recursive generator: each permutation handed up with `yield`."""
    CALLS["made"] += 1
    if not nums:
        yield []
        return
    for i, first in enumerate(nums):
        for rest in permutations(nums[:i] + nums[i + 1 :]):
            yield [first, *rest]


class Parity:
    """A wrapper over two functions that call each other."""

    def solve(self, n: int) -> bool:
        CALLS["made"] += 1
        return self.even(n)

    def even(self, n: int) -> bool:
        CALLS["made"] += 1
        return True if n == 0 else self.odd(n - 1)

    def odd(self, n: int) -> bool:
        CALLS["made"] += 1
        return False if n == 0 else self.even(n - 1)


class Stairs:
    """A wrapper whose helper recurses inside any(): can n be made of steps of 2 and 1."""

    def can_climb(self, n: int) -> bool:
        CALLS["made"] += 1
        return self.reach(n)

    def reach(self, n: int) -> bool:
        CALLS["made"] += 1
        return n == 0 or any(self.reach(n - k) for k in (2, 1) if k <= n)


def permute_by_swaps(nums: list[int]) -> list[list[int]]:
    """LeetCode 46 by swapping in place: the swaps are the choices."""
    res: list[list[int]] = []

    def go(first: int) -> None:
        CALLS["made"] += 1
        if first == len(nums):
            res.append(nums[:])
        for i in range(first, len(nums)):
            nums[first], nums[i] = nums[i], nums[first]
            go(first + 1)
            nums[first], nums[i] = nums[i], nums[first]

    go(0)
    return res


def plain(function: Any, *args: Any) -> tuple[Any, int, tuple[Any, ...]]:
    """What a plain run returns, how many calls it makes, and what it leaves in its arguments."""
    CALLS["made"] = 0
    given = copy.deepcopy(args)
    got = function(*given)
    return got, CALLS["made"], given


def watched(function: Any, *args: Any) -> tuple[Any, tuple[Any, ...]]:
    """A watched run and the arguments it left."""
    given = copy.deepcopy(args)
    return watch(function, *given), given


def test_answers_in_self_res_are_answers() -> None:
    got, calls, left = plain(Solution().subsets, [1, 2, 3])
    recording, given = watched(Solution().subsets, [1, 2, 3])
    assert recording.result == got and given == left
    assert recording.calls == calls + 1  # dfs's calls, and subsets itself
    assert recording.solved == 8 == len(got)
    assert find_missing_undo(recording) is None  # never "pop self.res"


def test_answers_in_a_global_list_are_answers() -> None:
    result.clear()
    _, calls, _ = plain(combine, 4, 2)
    expected = list(result)
    result.clear()
    recording, _ = watched(combine, 4, 2)
    assert result == expected and recording.calls == calls
    assert recording.solved == 6
    assert find_missing_undo(recording) is None


def test_answers_made_with_join_are_answers() -> None:
    got, calls, _ = plain(generate_parenthesis, 3)
    recording, _ = watched(generate_parenthesis, 3)
    assert recording.result == got and recording.calls == calls + 1
    assert recording.solved == 5
    assert find_missing_undo(recording) is None


def test_a_returned_count_is_its_answers() -> None:
    got, calls, _ = plain(total_n_queens, 6)
    recording, _ = watched(total_n_queens, 6)
    assert recording.result == got == 4 and recording.calls == calls + 1
    assert recording.solved == 4
    solved = [node for node in recording.tree().walk() if node.status == "solved"]
    assert all(node.value == "1" for node in solved)


def test_a_path_passed_as_path_plus_x_is_followed_and_its_answers_counted() -> None:
    got, calls, _ = plain(subsets_by_copy, list(range(10)))
    recording, _ = watched(subsets_by_copy, list(range(10)))
    assert recording.result == got and recording.calls == calls + 1
    assert recording.solved == 1024
    assert recording.error is None


def test_a_recursive_generator_is_one_call_a_generator_and_its_yields_are_steps() -> None:
    got, calls, _ = plain(lambda nums: list(permutations(nums)), [1, 2, 3])
    recording, _ = watched(lambda nums: list(permutations(nums)), [1, 2, 3])
    assert recording.result == got and recording.calls == calls + 1
    assert recording.solved == 6
    assert any(isinstance(step, Yield) for step in recording.steps)
    assert any(isinstance(step, Resume) for step in recording.steps)
    assert recording.goto(recording.total).stack == []


def test_a_generator_never_asked_for_its_values_is_said_in_words() -> None:
    recording = watch(permutations, [1, 2])
    assert recording.calls == 0
    assert recording.error is not None and "generator" in recording.error


def test_mutual_recursion_behind_a_wrapper_is_recorded() -> None:
    got, calls, _ = plain(Parity().solve, 6)
    recording, _ = watched(Parity().solve, 6)
    assert recording.result is got is True and recording.calls == calls == 8


def test_recursion_inside_any_behind_a_wrapper_is_recorded() -> None:
    got, calls, _ = plain(Stairs().can_climb, 5)
    recording, _ = watched(Stairs().can_climb, 5)
    assert recording.result is got is True and recording.calls == calls == 5


def test_swaps_and_items_set_in_place_are_steps() -> None:
    got, calls, left = plain(permute_by_swaps, [1, 2, 3])
    recording, given = watched(permute_by_swaps, [1, 2, 3])
    assert recording.result == got and recording.calls == calls + 1 and given == left
    swaps = [step for step in recording.steps if isinstance(step, Replace)]
    assert {step.name for step in swaps} == {"nums"}
    first = [caption(step).split(": ")[1] for step in swaps[:2]]  # the first swap that shows
    assert first == ["nums[1] = 3 replaces 2", "nums[2] = 2 replaces 3"]
    assert len(swaps) % 2 == 0  # each swap is undone: two items set, twice
    assert recording.solved == 6
    answers = [step for step in recording.steps if isinstance(step, Append) and step.copy]
    assert len(answers) == 6
