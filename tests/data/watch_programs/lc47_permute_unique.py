"""LeetCode 47: sorted, a repeat skipped when its twin is not in use."""


class Solution:
    def permuteUnique(self, nums: list[int]) -> list[list[int]]:
        nums.sort()
        self.res: list[list[int]] = []
        self.used = [False] * len(nums)
        self.go(nums, [])
        return self.res

    def go(self, nums: list[int], path: list[int]) -> None:
        if len(path) == len(nums):
            self.res.append(path.copy())
            return
        for i in range(len(nums)):
            if self.used[i] or (i > 0 and nums[i] == nums[i - 1] and not self.used[i - 1]):
                continue
            self.used[i] = True
            path.append(nums[i])
            self.go(nums, path)
            path.pop()
            self.used[i] = False


ENTRY = Solution().permuteUnique
ARGS = ([1, 1, 2, 2],)


def answers(result: list[list[int]]) -> int:
    return len(result)
