"""How many subsets reach a target: each call returns the sum of its two branches' counts."""


def ways(nums: list[int], i: int, left: int) -> int:
    if left == 0:
        return 1
    if i == len(nums) or left < 0:
        return 0
    return ways(nums, i + 1, left - nums[i]) + ways(nums, i + 1, left)


ENTRY = ways
ARGS = ([1, 2, 3, 4, 5, 6], 0, 7)


def answers(result: int) -> int:
    return result
