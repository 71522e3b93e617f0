"""Self-checks for notebook 08 (the template everywhere): each exercise returns a list of answers,
checked as a collection (any order), with the failing input, what is missing and what is extra,
and the two mistakes the template invites named in words: an answer found twice (a repeated
branch not pruned) and every answer being one list (the path recorded without a copy)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import template
from ..i18n import N_, _
from ..words import check_text, number, plural, watch_text
from .core import NO_ANSWER, Attempt, Case, Recogniser, Report, check_cases, short_repr
from .recorder import counting_lines, watching_calls


@dataclass(frozen=True)
class Exercise:
    """What a check needs to know about one problem."""

    name: str  # the function the learner writes, as LeetCode names it
    solve: Callable[..., template.Search]  # the reference solver (template.py)
    ordered: bool  # does the order inside an answer matter (a permutation) or not (a subset)?
    repeat_hint: str  # WATCH_TEXT's key for what usually makes an answer come out twice
    pruning: str  # CHECK_TEXT's key for the pruning the exercise names, in a few words
    mistakes: tuple[Recogniser, ...] = ()  # this problem's own typical mistakes
    requirements: tuple[Recogniser, ...] = ()  # what a right answer must also do


class Answers(list):  # type: ignore[type-arg]
    """The learner's answers as sorted tuples (so the core can list missing, extra and repeated
    ones), keeping what the learner returned in `.raw` for the recognisers."""

    raw: Any = None


@dataclass(frozen=True, order=True)
class Item:
    """One answer, hashable and sortable, that prints as the list a learner returned.

    Not a tuple: the core lists a 2-tuple of ints as a board cell ("row 5, column 8"), and an
    answer such as [4, 7] is no cell.
    """

    values: tuple[Any, ...]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def __repr__(self) -> str:
        return repr(list(self.values))


def canonical(answer: Any, ordered: bool) -> Item:
    """An answer as a comparable Item: as it is when order matters, else sorted."""
    return Item(tuple(answer if ordered else sorted(answer)))


def as_answers(got: Any, ordered: bool) -> Any:
    """The learner's result as Answers, or unchanged when it is not a list of lists."""
    if not isinstance(got, list | tuple) or not all(isinstance(a, list | tuple) for a in got):
        return got
    answers = Answers(sorted(canonical(a, ordered) for a in got))
    answers.raw = got
    return answers


def shape_problem(attempt: Attempt) -> str | None:
    """The answer is not a list of lists."""
    got = attempt.got
    if attempt.error is not None:
        return None
    if not isinstance(got, list | tuple):
        return watch_text("not a list", kind=type(got).__name__)
    bad = next((a for a in got if not isinstance(a, list | tuple | Item)), None)
    if bad is not None:
        return watch_text("answer not a list", answer=bad)
    return None


def path_not_copied(attempt: Attempt) -> str | None:
    """Every answer is one and the same list: the path was recorded, not a copy of it."""
    raw = getattr(attempt.got, "raw", None)
    if raw and len(raw) > 1 and all(a is raw[0] for a in raw):
        return watch_text("path not copied", count=len(raw), answer=list(raw[0]))
    return None


def repeats(exercise: Exercise) -> Callable[[Attempt], str | None]:
    """A recogniser: an answer found more than once, with what usually causes it here."""

    def found_twice(attempt: Attempt) -> str | None:
        counts = Counter(attempt.got) if isinstance(attempt.got, Answers) else Counter()
        twice = sorted(a for a, n in counts.items() if n > 1)
        if not twice:
            return None
        hint = watch_text(exercise.repeat_hint)
        return watch_text("found twice", answer=list(twice[0]), hint=hint)

    return found_twice


def check_answers(
    exercise: Exercise, function: Callable[..., Any], inputs: dict[str, tuple[Any, ...]]
) -> Report:
    """Run `function` on each input; the answers may come in any order, each exactly once."""
    cases = [
        Case(
            name,
            args,
            sorted(canonical(a, exercise.ordered) for a in exercise.solve(*args).answers),
        )
        for name, args in inputs.items()
    ]

    def run(*args: Any) -> Any:
        return as_answers(function(*args), exercise.ordered)

    run.learner = function  # type: ignore[attr-defined]  # for breaks_on_sorted's source
    return check_cases(
        problem_of(exercise).title,
        run,
        cases,
        same=lambda got, expected: isinstance(got, Answers) and list(got) == expected,
        show=lambda answers: (
            _("{count}: {answers}").format(
                count=plural(len(answers), "answer"), answers=repr(answers)
            )
            if isinstance(answers, list)
            else repr(answers)
        ),
        learner=function,
        library=(exercise.solve,),
        mistakes=(
            shape_problem,
            path_not_copied,
            choice_never_taken_back,
            kept_between_calls(cases[0]),
            repeats(exercise),
            *exercise.mistakes,
        ),
        requirements=(
            kept_between_calls(cases[0]),
            pruned_as_named(exercise, function),
            *exercise.requirements,
        ),
        name=exercise.name,
    )


def problem_of(exercise: Exercise) -> template.Problem:
    """The LeetCode problem an exercise solves, whose name (LeetCode CN's, in Chinese) titles
    its report."""
    return next(problem for problem in template.PROBLEMS if problem.solver is exercise.solve)


def pruned_as_named(exercise: Exercise, function: Callable[..., Any]) -> Recogniser:
    """A requirement: on an input where the exercise's pruning saves calls, the learner's own
    search (a function of theirs that calls itself) makes fewer calls than the search without
    it. Answers built in full and repeats dropped with a set make every call of the unpruned
    tree; answers made with no search at all (itertools, a set of permutations) make none."""

    def fewer_calls_than_unpruned(attempt: Attempt) -> str | None:
        args = attempt.case.args
        pruned, unpruned = exercise.solve(*args).calls, exercise.solve(*args, prune=False).calls
        if pruned >= unpruned:
            return None  # nothing to prune on this input
        with watching_calls(function) as calls:
            attempt.try_call(*args, seconds=2.0)
        if not calls.recursive:  # none is needed only where every answer is one choice or none
            if any(len(answer) > 1 for answer in attempt.case.expected):
                return check_text("no search of yours", pruning=check_text(exercise.pruning))
            return None
        if calls.most < unpruned:
            return None
        return check_text(
            "not pruned",
            calls=number(calls.most),
            unpruned=number(unpruned),
            pruned=number(pruned),
            pruning=check_text(exercise.pruning),
        )

    return fewer_calls_than_unpruned


def choice_never_taken_back(attempt: Attempt) -> str | None:
    """A call that returns with its path longer than when it began: a choice never taken back
    (`path.pop()` left out), whatever the wrong answers then look like."""
    with watching_calls(attempt.function) as calls:
        attempt.try_call(*attempt.case.args)
    if calls.grown is None:
        return None
    function, name, before, after = calls.grown
    return check_text(
        "path never taken back", function=function, name=name, before=before, after=after
    )


def kept_between_calls(first: Case) -> Recogniser:
    """A recogniser: the learner's function answers the same input differently the second time,
    or no longer answers the first case right: something it keeps outside (a global set of the
    answers seen, a list never emptied) carries over from one call to the next."""

    def answers_again(attempt: Attempt) -> str | None:
        for case in (attempt.case, first):
            again = attempt.try_call(*case.args)
            before = attempt.got if case is attempt.case else case.expected
            if again is not NO_ANSWER and again != before:
                shown = ", ".join(short_repr(arg) for arg in case.args)
                return check_text("kept between calls", args=shown)
        return None

    return answers_again


WIDE_CANDIDATES = [2, *range(101, 301)]
WIDE_TARGET = 10
"""An input where a loop that stops at the first candidate larger than what remains looks at
two candidates a call, and one that goes on (a `continue`) at all 201: the lines it runs tell
the two apart, where the calls they make are the same."""
LINES_WITH_BREAK = 1500
"""More lines than a search with the `break` runs on the wide input (about ten a call, six
calls, a sort and a copy or two); a loop that goes on over the 200 large candidates of each call
runs well over two thousand."""


def breaks_on_sorted(attempt: Attempt) -> str | None:
    """LeetCode 39 and 40: once a sorted candidate is larger than what remains, every later one
    is too, so the loop must stop there (`break`); a `continue` looks at each of them for
    nothing. Judged by the lines the learner's code runs on a wide input, not by its source."""
    with counting_lines() as lines:
        answer = attempt.try_call(list(WIDE_CANDIDATES), WIDE_TARGET)
    if answer is NO_ANSWER or lines[0] <= LINES_WITH_BREAK:
        return None
    return check_text("continue not break", lines=number(lines[0]))


def missing_and_extra(attempt: Attempt) -> tuple[list[Item], list[Item]] | None:
    """(expected answers the learner lacks, learner's answers not expected), for a list answer."""
    if not isinstance(attempt.got, Answers):
        return None
    expected, got = attempt.case.expected, list(attempt.got)
    return [a for a in expected if a not in got], [a for a in got if a not in expected]


def holds_a_repeat(answer: Item) -> bool:
    """True when some value comes more than once in the answer."""
    return len(set(answer.values)) < len(answer.values)


def reuse_not_passed_down(attempt: Attempt) -> str | None:
    """LeetCode 39: only the answers that use a candidate twice are missing: i + 1 went down."""
    found = missing_and_extra(attempt)
    if not (found and found[0] and not found[1] and all(map(holds_a_repeat, found[0]))):
        return None
    twice = attempt.try_call([2], 4)  # one answer, [2, 2], which only a reused candidate finds
    return check_text("reuse not passed down") if isinstance(twice, list) and not twice else None


def unsorted_break(attempt: Attempt) -> str | None:
    """LeetCode 39 and 40: right on the sorted candidates, wrong on these: sort before the break."""
    candidates, target = attempt.case.args
    if list(candidates) == sorted(candidates):
        return None
    if attempt.try_call(sorted(candidates), target) == attempt.case.expected:
        return check_text("sort before break", candidates=list(candidates))
    return None


def used_more_than_once(attempt: Attempt) -> str | None:
    """LeetCode 40: extra answers use a candidate more often than the list holds it: i went down."""
    found = missing_and_extra(attempt)
    if not found or not found[1]:
        return None
    have = Counter(attempt.case.args[0])
    for answer in found[1]:
        value, times = Counter(answer).most_common(1)[0]
        if times > have[value]:
            return check_text("used more than once", answer=list(answer), value=value)
    return None


def skipped_the_first_of_a_level(attempt: Attempt) -> str | None:
    """LeetCode 90 and 40: only answers with an equal pair are missing: the skip said i > 0."""
    found = missing_and_extra(attempt)
    if found and found[0] and not found[1] and all(map(holds_a_repeat, found[0])):
        return check_text("skip from start", answer=list(found[0][0]))
    return None


def stopped_at_two(attempt: Attempt) -> str | None:
    """LeetCode 491: only the answers longer than two are missing: a return after recording."""
    found = missing_and_extra(attempt)
    if found and found[0] and not found[1] and all(len(a) > 2 for a in found[0]):
        return check_text("stopped at two", answer=list(found[0][0]))
    return None


def equal_numbers_refused(attempt: Attempt) -> str | None:
    """LeetCode 491: only answers with an equal pair are missing: `<=` where `<` was meant."""
    found = missing_and_extra(attempt)
    if found and found[0] and not found[1] and all(map(holds_a_repeat, found[0])):
        return check_text("equal numbers refused", answer=list(found[0][0]))
    return None


def tried_set_shared(attempt: Attempt) -> str | None:
    """LeetCode 491: answers missing even on distinct numbers, where the tried-values skip has
    nothing to skip: one `tried` set shared by every level instead of one per call."""
    distinct = [1, 2, 3]
    got = attempt.try_call(distinct)
    expected = sorted(
        canonical(a, True) for a in template.increasing_subsequences(distinct).answers
    )
    if isinstance(got, Answers) and len(got) < len(expected) and set(got) <= set(expected):
        return check_text("tried set shared", nums=distinct, got=list(map(list, got)))
    return None


def no_piece_reaches_the_end(attempt: Attempt) -> str | None:
    """LeetCode 131: no answer at all where there are some: no piece ever reached the end."""
    found = missing_and_extra(attempt)
    if found and found[0] and not attempt.got:
        return check_text("no cut reaches the end")
    return None


def piece_not_a_palindrome(attempt: Attempt) -> str | None:
    """LeetCode 131: an answer holds a piece that does not read the same both ways, or pieces
    that do not join back into s: the test for a piece (or where the next cut starts) is off."""
    found = missing_and_extra(attempt)
    text = attempt.case.args[0]
    for answer in found[1] if found else []:
        pieces = [piece for piece in answer if isinstance(piece, str)]
        wrong = next((piece for piece in pieces if piece != piece[::-1]), None)
        if wrong is not None:
            return check_text("not a palindrome", piece=wrong, reversed=wrong[::-1], answer=answer)
        if len(pieces) == len(answer) and "".join(pieces) != text:
            return check_text("pieces not s", answer=answer, s=text)
    return None


PERMUTE_UNIQUE = Exercise(
    "permute_unique",
    template.permutations_unique,
    True,
    "hint 47",
    "pruning 47",
)
SUBSETS_WITH_DUP = Exercise(
    "subsets_with_dup",
    template.subsets_unique,
    False,
    "hint 90",
    "pruning 90",
    (skipped_the_first_of_a_level,),
)
COMBINATION_SUM = Exercise(
    "combination_sum",
    template.combination_sum,
    False,
    "hint 39",
    "pruning 39",
    (unsorted_break, reuse_not_passed_down),
    (breaks_on_sorted,),
)
COMBINATION_SUM2 = Exercise(
    "combination_sum2",
    template.combination_sum_unique,
    False,
    "hint 40",
    "pruning 40",
    (unsorted_break, used_more_than_once, skipped_the_first_of_a_level),
    (breaks_on_sorted,),
)
PARTITION = Exercise(
    "partition",
    template.palindrome_partitions,
    True,
    "hint 131",
    "pruning 131",
    (no_piece_reaches_the_end, piece_not_a_palindrome),
)
FIND_SUBSEQUENCES = Exercise(
    "find_subsequences",
    template.increasing_subsequences,
    True,
    "hint 491",
    "pruning 491",
    (stopped_at_two, equal_numbers_refused, tried_set_shared),
)


def check_permute_unique(function: Callable[[list[int]], list[list[int]]]) -> Report:
    """LeetCode 47: every distinct order of nums, which may repeat."""
    inputs = {
        N_("LeetCode's example"): ([1, 1, 2],),
        N_("no repeats"): ([1, 2, 3],),
        N_("two pairs"): ([2, 2, 1, 1],),
        N_("three equal numbers"): ([3, 3, 0, 3],),
        N_("one number"): ([1],),
    }
    return check_answers(PERMUTE_UNIQUE, function, inputs)


def check_subsets_with_dup(function: Callable[[list[int]], list[list[int]]]) -> Report:
    """LeetCode 90: every distinct subset of nums, which may repeat."""
    inputs = {
        N_("LeetCode's example"): ([1, 2, 2],),
        N_("one number"): ([0],),
        N_("equal numbers not side by side"): ([4, 4, 1, 4, 4],),
        N_("no repeats"): ([3, 1, 2],),
    }
    return check_answers(SUBSETS_WITH_DUP, function, inputs)


def check_combination_sum(function: Callable[[list[int], int], list[list[int]]]) -> Report:
    """LeetCode 39: candidates (distinct, reusable) adding up to target."""
    inputs = {
        N_("LeetCode's example"): ([2, 3, 6, 7], 7),
        N_("a number used three times"): ([2, 3, 5], 8),
        N_("no way"): ([2], 1),
        N_("unsorted candidates"): ([7, 3, 2], 18),
    }
    return check_answers(COMBINATION_SUM, function, inputs)


def check_combination_sum2(function: Callable[[list[int], int], list[list[int]]]) -> Report:
    """LeetCode 40: candidates (may repeat, each used once) adding up to target."""
    inputs = {
        N_("LeetCode's example"): ([10, 1, 2, 7, 6, 1, 5], 8),
        N_("three 2s"): ([2, 5, 2, 1, 2], 5),
        N_("all equal"): ([1, 1, 1, 1], 2),
        N_("no way"): ([3], 2),
    }
    return check_answers(COMBINATION_SUM2, function, inputs)


def check_partition(function: Callable[[str], list[list[str]]]) -> Report:
    """LeetCode 131: every way to cut s into palindromes."""
    inputs = {
        N_("LeetCode's example"): ("aab",),
        N_("one letter"): ("a",),
        N_("a palindrome inside"): ("abba",),
        N_("palindromes in palindromes"): ("aabaa",),
        N_("no long palindrome"): ("abc",),
    }
    return check_answers(PARTITION, function, inputs)


def check_find_subsequences(function: Callable[[list[int]], list[list[int]]]) -> Report:
    """LeetCode 491: distinct non-decreasing subsequences of length at least 2."""
    inputs = {
        N_("LeetCode's example"): ([4, 6, 7, 7],),
        N_("mostly decreasing"): ([4, 4, 3, 2, 1],),
        N_("repeats apart"): ([1, 2, 1, 1],),
        N_("none"): ([3, 2, 1],),
    }
    return check_answers(FIND_SUBSEQUENCES, function, inputs)
