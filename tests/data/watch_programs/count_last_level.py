"""Subsets of a given size counted in a `nonlocal` counter, the last item tried in a loop: one
call counts several answers."""


def count_subsets(nums: list[int], size: int) -> int:
    count = 0

    def pick(start: int, taken: int) -> None:
        nonlocal count
        if taken == size - 1:
            for _ in range(start, len(nums)):
                count += 1
            return
        for i in range(start, len(nums)):
            pick(i + 1, taken + 1)

    pick(0, 0)
    return count


ENTRY = count_subsets
ARGS = ([3, 1, 4, 1, 5, 9], 3)


def answers(result: int) -> int:
    return result
