"""template: notebook 08's solvers agree with brute-force definitions, pruned or not, and the
pruning only ever saves calls."""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_lib import template as t


def as_set(answers):
    return sorted(map(tuple, answers))


def all_cuts(s):
    """Every way to cut s into pieces: a cut or not after each of its first n-1 characters."""
    for mask in range(2 ** (len(s) - 1)):
        pieces, start = [], 0
        for i in range(1, len(s)):
            if mask >> (i - 1) & 1:
                pieces.append(s[start:i])
                start = i
        yield [*pieces, s[start:]]


def brute_force(name, *args):
    """Each problem's answers straight from its definition, with itertools."""
    if name == "permutations":
        return set(itertools.permutations(args[0]))
    if name == "subsets":
        nums = sorted(args[0])
        return {c for k in range(len(nums) + 1) for c in itertools.combinations(nums, k)}
    if name == "combination sum":
        nums, target = sorted(set(args[0])), args[1]
        most = target // min(nums)
        return {
            c
            for k in range(1, most + 1)
            for c in itertools.combinations_with_replacement(nums, k)
            if sum(c) == target
        }
    if name == "combination sum II":
        nums, target = sorted(args[0]), args[1]
        return {
            c
            for k in range(1, len(nums) + 1)
            for c in itertools.combinations(nums, k)
            if sum(c) == target
        }
    if name == "palindromes":
        return {tuple(p) for p in all_cuts(args[0]) if all(x == x[::-1] for x in p)}
    if name == "increasing":
        nums = args[0]
        return {
            tuple(nums[i] for i in idx)
            for k in range(2, len(nums) + 1)
            for idx in itertools.combinations(range(len(nums)), k)
            if all(nums[a] <= nums[b] for a, b in itertools.pairwise(idx))
        }
    raise KeyError(name)


rng = random.Random(8)
CASES = [
    ("permutations", t.permutations, ([1, 2, 3, 4],)),
    ("permutations", t.permutations_unique, ([1, 1, 2, 2],)),
    ("permutations", t.permutations_unique, ([rng.randint(1, 3) for _ in range(5)],)),
    ("subsets", t.subsets_unique, ([1, 2, 2, 3, 3],)),
    ("subsets", t.subsets_unique, ([rng.randint(1, 4) for _ in range(6)],)),
    ("combination sum", t.combination_sum, ([2, 3, 6, 7], 7)),
    ("combination sum", t.combination_sum, ([3, 5, 8], 16)),
    ("combination sum II", t.combination_sum_unique, ([10, 1, 2, 7, 6, 1, 5], 8)),
    ("combination sum II", t.combination_sum_unique, ([2, 5, 2, 1, 2], 5)),
    ("palindromes", t.palindrome_partitions, ("aab",)),
    ("palindromes", t.palindrome_partitions, ("abbaaba",)),
    ("increasing", t.increasing_subsequences, ([4, 6, 7, 7],)),
    ("increasing", t.increasing_subsequences, ([rng.randint(1, 4) for _ in range(7)],)),
]


@pytest.mark.parametrize(
    ("name", "solver", "args"), CASES, ids=lambda x: getattr(x, "__name__", str(x))
)
def test_pruned_and_unpruned_find_exactly_the_definitions_answers_once(name, solver, args):
    expected = sorted(brute_force(name, *args))
    for prune in (True, False):
        found = solver(*args, prune=prune)
        assert as_set(found.answers) == expected, f"prune={prune}"  # each answer once
    assert solver(*args, prune=True).calls <= solver(*args, prune=False).calls


def test_subsets_of_distinct_numbers_make_one_call_per_subset():
    found = t.subsets([1, 2, 3, 4])
    assert as_set(found.answers) == sorted(brute_force("subsets", [1, 2, 3, 4]))
    assert found.calls == 2**4


def test_the_solvers_leave_their_input_alone():
    nums = [3, 1, 2, 1]
    t.permutations_unique(nums)
    t.combination_sum_unique(nums, 4)
    assert nums == [3, 1, 2, 1]


def test_measure_pruning_shows_every_problems_pruning_saving_calls():
    gains = t.measure_pruning()
    assert [g.problem.number for g in gains] == [46, 47, 90, 39, 40, 131, 491]
    for gain in gains:
        assert gain.calls_pruned < gain.calls_unpruned and gain.ratio > 1
        assert gain.answers == len(gain.problem.solver(*gain.problem.case).answers)


def test_a_pruning_that_changed_the_answers_would_be_caught():
    def wrong(nums, prune=True):
        return t.Search([[1]] if prune else [[2]], 1)

    problem = t.Problem(0, "wrong", "错", wrong, ([1],))
    with pytest.raises(AssertionError, match="pruning changed the answers"):
        t.measure_pruning([problem])
