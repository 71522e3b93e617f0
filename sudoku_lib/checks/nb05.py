"""Self-checks for notebook 05, Stepping through the search.

Every expected answer is worked out from the events `solve()` hands to a listener, so a learner's
answer is checked against the search itself, not against a stored number.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..board import Board, parse
from ..i18n import N_, _
from ..puzzles import FOUR_BY_FOUR, SAMPLE, load_set
from ..search import solve
from ..search.events import DeadEnd, Event, Try, Undo
from ..stepper.model import BoardReplay, StepperModel
from ..stepper.predict import Question, Score, Verdict
from ..stepper.questions import DEEPER
from ..words import check_text, sentences
from .core import Attempt, Case, Report, check_cases
from .recorder import own_search


def events_of(puzzle: str, max_nodes: int | None = None) -> list[Event]:
    """The naive search's events on a puzzle, as a plain listener receives them."""
    events: list[Event] = []
    solve(puzzle, "naive", max_nodes=max_nodes, listener=events.append)
    return events


def board_after_events(puzzle: str, steps: int) -> Board:
    """The board once the first `steps` events of the naive search have happened."""
    replay = BoardReplay(parse(puzzle))
    for event in events_of(puzzle, max_nodes=steps)[:steps]:
        replay.apply(event)
    return replay.board


def check_board_after(board_after: Callable[[str, int], object]) -> Report:
    """Exercise 1: `board_after(puzzle, steps)` gives the board after that many steps."""
    cases = [
        Case(
            _("{case}, {steps} steps").format(case=_(name), steps=steps),
            (puzzle, steps),
            board_after_events(puzzle, steps),
        )
        for name, puzzle, steps in [
            (N_("the 4x4"), FOUR_BY_FOUR, 0),
            (N_("the 4x4"), FOUR_BY_FOUR, 5),
            (N_("the 4x4"), FOUR_BY_FOUR, 12),
            (N_("the sample"), SAMPLE, 40),
            (N_("the sample"), SAMPLE, 1_000),
        ]
    ]
    own = own_search(STEPPER_MODULES)
    return check_cases(
        N_("board after some steps"),
        board_after,
        cases,
        library=steppers(),
        mistakes=[
            nothing_returned,
            undo_not_replayed,
            board_one_step_off,
            stepper_not_moved,
            own,
        ],
        requirements=[own],
        name="board_after",
    )


def steppers() -> list[Callable[..., object]]:
    """What the stepper exercises ask the learner to do themselves: replay or walk the search.
    The widget (`Stepper`) is named only once the learner's code has loaded it, so the checks
    themselves import no ipywidgets."""
    view = sys.modules.get("sudoku_lib.stepper.view")
    widget = [view.Stepper] if view is not None else []
    return [*widget, StepperModel, BoardReplay]


STEPPER_MODULES = ("sudoku_lib.stepper",)


def tries_only(puzzle: str, steps: int) -> Board:
    """The board after the first `steps` events with every Try replayed and no Undo."""
    board = parse(puzzle)
    for event in events_of(puzzle, max_nodes=steps)[:steps]:
        if isinstance(event, Try):
            board[event.row][event.col] = event.digit
    return board


def undo_not_replayed(attempt: Attempt) -> str | None:
    """The board with every Try replayed and no Undo: digits the search had taken back stay.
    Confirmed on 12 steps of the 4x4, where four take-backs have happened (a board one step
    off would be right or wrong there in another way)."""
    puzzle, steps = attempt.case.args
    if not attempt.got == tries_only(puzzle, steps) != attempt.case.expected:
        return None
    if attempt.try_call(FOUR_BY_FOUR, 12) == tries_only(FOUR_BY_FOUR, 12):
        return check_text("undo not replayed")
    return None


def nothing_returned(attempt: Attempt) -> str | None:
    """None: the stepper was moved (goto returns nothing) but its board never returned."""
    return check_text("board not returned") if attempt.got is None else None


def board_one_step_off(attempt: Attempt) -> str | None:
    """The board one step before or after the one asked for: where step 0 is, misread."""
    puzzle, steps = attempt.case.args
    for way, other in (("too early", steps - 1), ("too late", steps + 1)):
        if other >= 0 and attempt.got == board_after_events(puzzle, other):
            return check_text("one step off", way=check_text(way))
    return None


def stepper_not_moved(attempt: Attempt) -> str | None:
    """The puzzle itself came back, for a case with steps to take."""
    puzzle, steps = attempt.case.args
    return check_text("stepper not moved") if steps and attempt.got == parse(puzzle) else None


def first_dead_end_of(puzzle: str) -> tuple[int, tuple[int, int]]:
    """The step number of the naive search's first dead end and its cell (1-based)."""
    events = events_of(puzzle, max_nodes=100_000)
    for step, event in enumerate(events, 1):
        if isinstance(event, DeadEnd) and event.row is not None and event.col is not None:
            return step, (event.row + 1, event.col + 1)  # the naive search names its cell
    raise ValueError(f"the naive search on {puzzle} has no dead end in its first 100,000 nodes")


def check_first_dead_end(first_dead_end: Callable[[str], object]) -> Report:
    """Exercise 2: `first_dead_end(puzzle)` gives (step, (row, column)) of the first dead end."""
    puzzles = [(N_("the 4x4"), FOUR_BY_FOUR), (N_("the sample"), SAMPLE)]
    puzzles += [(f"easy50 #{i + 1}", load_set("easy50")[i]) for i in (2, 11)]
    cases = [Case(name, (puzzle,), first_dead_end_of(puzzle)) for name, puzzle in puzzles]
    own = own_search(("sudoku_lib.stepper", "sudoku_lib.search"), allowed={"is_valid"})
    return check_cases(
        N_("first dead end"),
        first_dead_end,
        cases,
        library=steppers(),
        mistakes=[
            cell_as_a_list,
            dead_end_from_zero,
            dead_end_swapped,
            dead_end_step_off,
            own,
        ],
        requirements=[own],
        name="first_dead_end",
    )


def _step_and_cell(got: object) -> tuple[object, tuple[object, object]] | None:
    """A learner's answer as (step, (row, column)), or None when it has another shape."""
    if isinstance(got, tuple) and len(got) == 2 and isinstance(got[1], tuple) and len(got[1]) == 2:
        return got[0], (got[1][0], got[1][1])
    return None


def dead_end_from_zero(attempt: Attempt) -> str | None:
    """The dead end's cell counted from 0, as code counts."""
    answer, (step, (row, col)) = _step_and_cell(attempt.got), attempt.case.expected
    return check_text("dead end from 0") if answer == (step, (row - 1, col - 1)) else None


def dead_end_swapped(attempt: Attempt) -> str | None:
    """Row and column the wrong way round."""
    answer, (step, (row, col)) = _step_and_cell(attempt.got), attempt.case.expected
    return check_text("dead end swapped") if row != col and answer == (step, (col, row)) else None


def cell_as_a_list(attempt: Attempt) -> str | None:
    """(step, [row, column]): the right numbers, but the cell a list, which never equals a tuple."""
    got = attempt.got
    if isinstance(got, tuple | list) and len(got) == 2 and isinstance(got[1], list):
        return check_text("cells as lists", first=got[1], pair=tuple(got[1]))
    return None


def dead_end_step_off(attempt: Attempt) -> str | None:
    """The right cell with a step one before or after the dead end's own."""
    answer, (step, cell) = _step_and_cell(attempt.got), attempt.case.expected
    off = answer in ((step - 1, cell), (step + 1, cell))
    return check_text("dead end step off") if off else None


def tries_by_depth(puzzle: str) -> dict[int, int]:
    """How many Try events the naive search makes at each depth, up to its solution."""
    depths = Counter(e.depth for e in events_of(puzzle) if isinstance(e, Try))
    return dict(sorted(depths.items()))


def check_tries_per_depth(tries_per_depth: Callable[[str], object]) -> Report:
    """Exercise 3: `tries_per_depth(puzzle)` counts the naive search's tries at each depth."""
    puzzles = [
        (N_("the 4x4"), FOUR_BY_FOUR),
        (N_("the sample"), SAMPLE),
        (N_("easy50 #5"), load_set("easy50")[4]),
    ]
    cases = [Case(name, (puzzle,), tries_by_depth(puzzle)) for name, puzzle in puzzles]
    return check_cases(
        N_("tries at each depth"),
        tries_per_depth,
        cases,
        same=lambda got, want: dict(got) == want,
        mistakes=[
            no_tries_heard,
            counts_carried_over,
            depths_from_one,
            counted_the_wrong_kind,
            not_only_tries,
        ],
        name="tries_per_depth",
    )


def no_tries_heard(attempt: Attempt) -> str | None:
    """An empty dict: the listener heard no Try (the default method, "fast", needs no guess)."""
    got = _as_dict(attempt.got)
    return check_text("no tries heard") if got == {} and attempt.case.expected else None


def counts_carried_over(attempt: Attempt) -> str | None:
    """A second call on the same puzzle answers differently: the dict lives outside the function,
    so each call adds to the counts of the calls before."""
    (puzzle,) = attempt.case.args
    first = _as_dict(attempt.got)  # a snapshot: the learner's dict may grow on the next call
    again = _as_dict(attempt.try_call(puzzle, seconds=1.0))
    if first is not None and again is not None and again != first:
        return check_text("counts carried over")
    return None


def depths_from_one(attempt: Attempt) -> str | None:
    """Every depth one more than the event's: counted from 1."""
    shifted = {depth + 1: count for depth, count in attempt.case.expected.items()}
    return check_text("depth from 1") if _as_dict(attempt.got) == shifted else None


def counted_the_wrong_kind(attempt: Attempt) -> str | None:
    """The tries keyed by row or column instead of depth, or the take-backs counted instead of
    the tries: the answer is a count of another thing."""
    (puzzle,) = attempt.case.args
    events = events_of(puzzle)
    others = {
        "by row": Counter(e.row for e in events if isinstance(e, Try)),
        "by column": Counter(e.col for e in events if isinstance(e, Try)),
        "undos": Counter(e.depth for e in events if isinstance(e, Undo)),
    }
    got = _as_dict(attempt.got)
    for kind, counts in others.items():
        if got == dict(counts) != attempt.case.expected:
            key = "take-backs counted" if kind == "undos" else "keyed by place"
            return check_text(key)
    return None


def not_only_tries(attempt: Attempt) -> str | None:
    """Counts at least the tries at every depth, and more somewhere: other events counted too."""
    got, want = _as_dict(attempt.got), attempt.case.expected
    if got is None or not set(want) <= set(got):
        return None
    more = all(got[d] >= want[d] for d in want) and got != want
    return check_text("not only tries") if more else None


def _as_dict(got: object) -> dict[object, object] | None:
    """A learner's answer as a dict, if it is one."""
    return dict(got) if isinstance(got, dict) else None


# Exercises 4 and 5: a cell's changes, counted by stepping; the learner's predictions, scored. --


def cell_changes(puzzle: str, row: int, col: int, steps: int, writes_only: bool = False) -> int:
    """How many of the first `steps` events write a digit at (row, col), counted from 1, or
    (unless `writes_only`) take one back."""
    cell = (row - 1, col - 1)
    count = 0
    for event in events_of(puzzle, max_nodes=steps)[:steps]:
        if isinstance(event, Try) or (isinstance(event, Undo) and not writes_only):
            count += (event.row, event.col) == cell
    return count


CHANGE_CASES = [
    (N_("the 4x4"), FOUR_BY_FOUR, 1, 1, 30),
    (N_("the 4x4"), FOUR_BY_FOUR, 1, 4, 30),
    (N_("the sample"), SAMPLE, 1, 1, 100),
    (N_("the sample"), SAMPLE, 2, 2, 200),
    (N_("the sample"), SAMPLE, 1, 9, 200),
    (N_("the sample"), SAMPLE, 3, 1, 50),
    (N_("the 4x4"), FOUR_BY_FOUR, 1, 1, 19),  # step 19 takes the digit back, step 20 writes one
    (N_("the sample"), SAMPLE, 1, 7, 8),  # step 8 takes the digit back, step 9 writes one
]
"""The last two end on a step that changes the cell and come just before another that does: a
count over one step too few or too many is wrong there."""


def check_cell_changes(changes: Callable[[str, int, int, int], object]) -> Report:
    """Exercise 4: `changes(puzzle, row, col, steps)` counts the steps, among the first `steps`
    of the naive search, that write a digit in that cell or take one back."""
    cases = [
        Case(
            _("{case}, row {row}, column {column}, {steps} steps").format(
                case=_(name), row=row, column=col, steps=steps
            ),
            (puzzle, row, col, steps),
            cell_changes(puzzle, row, col, steps),
        )
        for name, puzzle, row, col, steps in CHANGE_CASES
    ]
    return check_cases(
        N_("changes"),
        changes,
        cases,
        mistakes=[only_writes_counted, cell_from_zero, steps_off_by_one, steps_holding_a_digit],
        name="changes",
    )


def only_writes_counted(attempt: Attempt) -> str | None:
    """The tries alone: a take-back changes the cell too."""
    puzzle, row, col, steps = attempt.case.args
    tries = cell_changes(puzzle, row, col, steps, writes_only=True)
    if not attempt.got == tries != attempt.case.expected:
        return None
    # 25 steps of the 4x4 end on no change of row 1, column 1: a count one step off is right
    # there, a count of the writes alone is not
    confirmed = attempt.try_call(FOUR_BY_FOUR, 1, 1, 25)
    return check_text("only writes counted") if confirmed == 2 else None


def cell_from_zero(attempt: Attempt) -> str | None:
    """The cell one row down and one column right: row and column used as 0-based indices."""
    puzzle, row, col, steps = attempt.case.args
    size = len(parse(puzzle))
    if row >= size or col >= size:  # the last row or column: board[row] is past the end
        off_the_end = isinstance(attempt.error, IndexError)
        return check_text("from zero", row=row, col=col) if off_the_end else None
    shifted = cell_changes(puzzle, row + 1, col + 1, steps)
    if attempt.got == shifted != attempt.case.expected:
        return check_text("from zero", row=row, col=col)
    return None


def steps_off_by_one(attempt: Attempt) -> str | None:
    """The count over one step more or one step fewer than asked: range(steps + 1), range(1,
    steps), or a first step() taken before the loop."""
    puzzle, row, col, steps = attempt.case.args
    for counted in (steps - 1, steps + 1):
        if attempt.got == cell_changes(puzzle, row, col, counted) != attempt.case.expected:
            return check_text("steps off by one", steps=steps, counted=counted)
    return None


def steps_holding_a_digit(attempt: Attempt) -> str | None:
    """The steps after which the cell holds a digit, not the steps that change it."""
    puzzle, row, col, steps = attempt.case.args
    replay = BoardReplay(parse(puzzle))
    holding = 0
    for event in events_of(puzzle, max_nodes=steps)[:steps]:
        replay.apply(event)
        holding += replay.board[row - 1][col - 1] != "."
    if attempt.got == holding != attempt.case.expected:
        return check_text("counted holding")
    return None


@dataclass(frozen=True)
class Prediction:
    """One answer: the question, the step before it, the learner's choice and the verdict."""

    question: Question
    last: Event | None
    choice: object
    verdict: Verdict


@dataclass(frozen=True)
class QuizRun:
    """A learner's predictions on one predict-mode stepper: the score, and every answer for the
    recognisers; it prints as the score does."""

    score: Score
    answers: tuple[Prediction, ...]

    def __repr__(self) -> str:
        return str(self.score)


QUIZ_PUZZLES = [(N_("the 4x4"), FOUR_BY_FOUR, 100), (N_("the sample"), SAMPLE, 60)]
QUIZ_PUZZLES.append(("easy50 #5", load_set("easy50")[4], 60))
"""Puzzles and how many questions each asks at most (the 4x4's search asks fewer: all of them)."""


def run_quiz(predict: Callable[[StepperModel], object], puzzle: str, questions: int) -> QuizRun:
    """Answer the first `questions` questions of a naive predict-mode stepper with `predict`.

    The learner's function sees its own stepper at the same step, so whatever it does to it
    cannot move the one being scored.
    """
    quiz = StepperModel(puzzle, "naive", predict=True)
    probe = StepperModel(puzzle, "naive", predict=True)
    answers = []
    while quiz.score.asked < questions and quiz.next_question():
        question = quiz.question
        assert question is not None
        probe.goto(quiz.position)
        choice = predict(probe)
        last = quiz.event
        answers.append(Prediction(question, last, choice, quiz.answer(choice)))
    return QuizRun(quiz.score, tuple(answers))


def all_right(puzzle: str, questions: int) -> Score:
    """The score of a learner who is always right: every question asked, every one right."""
    return run_quiz(lambda stepper: expected_answer(stepper), puzzle, questions).score


def expected_answer(stepper: StepperModel) -> object:
    """The right answer to a stepper's question (what the search does next)."""
    question = stepper.question
    assert question is not None
    return question.expected


def check_predict(predict: Callable[[StepperModel], object]) -> Report:
    """Exercise 5: `predict(stepper)` answers a naive predict-mode stepper's question from the
    board; the check answers the first questions of three searches with it and scores them."""
    cases = []
    for name, puzzle, count in QUIZ_PUZZLES:
        expected = all_right(puzzle, count)
        shown = check_text("quiz case", name=_(name), count=expected.asked)
        cases.append(
            Case(
                _("{case}, {count} questions").format(case=_(name), count=expected.asked),
                (puzzle, count),
                expected,
                shown,
            )
        )
    return check_cases(
        N_("predict"),
        lambda puzzle, count: run_quiz(predict, puzzle, count),
        cases,
        same=lambda got, want: isinstance(got, QuizRun) and got.score == want,
        show=str,
        learner=predict,
        mistakes=[always_deeper, digits_from_one, first_wrong_answer],
        name="predict",
    )


def wrong_answers(attempt: Attempt) -> list[Prediction]:
    """The answers the search's own judgement found wrong."""
    got = attempt.got
    return [a for a in got.answers if not a.verdict.right] if isinstance(got, QuizRun) else []


def always_deeper(attempt: Attempt) -> str | None:
    """ "deeper" after every try: the dead ends never predicted."""
    got = attempt.got
    if not isinstance(got, QuizRun):
        return None
    said = {a.choice for a in got.answers if a.question.kind == "direction"}
    if said == {DEEPER} and wrong_answers(attempt):
        return sentences(check_text("always deeper"), first_wrong_answer(attempt))
    return None


def digits_from_one(attempt: Attempt) -> str | None:
    """After a take-back, a digit at or below the one taken back: the count restarted at 1."""
    for answer in wrong_answers(attempt):
        last, choice = answer.last, answer.choice
        if isinstance(last, Undo) and isinstance(choice, str) and choice <= last.digit:
            said = check_text("digits from one", digit=last.digit)
            return sentences(said, first_wrong_answer(attempt))
    return None


def first_wrong_answer(attempt: Attempt) -> str | None:
    """The first wrong prediction, with the search's own reason."""
    wrong = wrong_answers(attempt)
    if not wrong:
        return None
    first = wrong[0]
    return check_text(
        "first wrong prediction",
        step=first.question.position,
        question=first.question.text,
        choice=first.choice,
        reason=first.verdict.reason,
    )
